"""--run pointing at a file."""
EXPECT = {"args": ["status", "--run", "{spec}"], "exit": 2, "message": "tianluo.yaml"}


def setup(ctx):
    pass
