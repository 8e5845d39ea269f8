"""failures is a file where the failure analyses go."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'failures: is a file'}


def setup(ctx):
    (ctx.run / "failures").write_text("x")
