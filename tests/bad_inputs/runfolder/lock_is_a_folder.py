""".lock is a folder."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": '.lock: is a folder'}


def setup(ctx):
    (ctx.run / ".lock").unlink(missing_ok=True)
    (ctx.run / ".lock").mkdir()
