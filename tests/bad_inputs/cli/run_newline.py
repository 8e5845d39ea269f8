"""--run with a newline in it."""
EXPECT = {"args": ["tick", "--run", "{run}\nx"], "exit": 2, "message": "--run: the value contains a newline"}


def setup(ctx):
    pass
