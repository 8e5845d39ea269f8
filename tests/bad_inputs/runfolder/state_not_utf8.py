"""state.json holds bytes that are not UTF-8: one line naming it and the snapshot to restore."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'not UTF-8'}


def setup(ctx):
    (ctx.run / "state.json").write_bytes(b"\xff\xfe{\x00\x80")
