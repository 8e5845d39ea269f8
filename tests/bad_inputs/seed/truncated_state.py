"""state.json cut short by a crash of something else: status names the snapshot to restore."""
EXPECT = {"args": ["status", "--run", "{run}"], "exit": 2, "message": "newest good snapshot"}


def setup(ctx):
    path = ctx.run / "state.json"
    path.write_bytes(path.read_bytes()[:100])
