"""exit.json is a folder."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'exit.json: is a folder'}


def setup(ctx):
    (ctx.attempt / "exit.json").unlink()
    (ctx.attempt / "exit.json").mkdir()
