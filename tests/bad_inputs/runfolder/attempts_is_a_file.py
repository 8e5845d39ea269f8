"""attempts is a file."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'attempts: is a file'}


def setup(ctx):
    import shutil
    shutil.rmtree(ctx.run / "attempts")
    (ctx.run / "attempts").write_text("x")
