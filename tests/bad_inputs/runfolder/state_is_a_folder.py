"""state.json is a folder."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'state.json: is a folder'}


def setup(ctx):
    (ctx.run / "state.json").unlink()
    (ctx.run / "state.json").mkdir()
