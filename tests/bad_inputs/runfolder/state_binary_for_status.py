"""status on a state.json of random bytes: exit 2, never a traceback."""
EXPECT = {"args": ["status", "--run", "{run}", "--json"], "exit": 2, "message": 'state.json'}


def setup(ctx):
    (ctx.run / "state.json").write_bytes(bytes(range(256)) * 8)
