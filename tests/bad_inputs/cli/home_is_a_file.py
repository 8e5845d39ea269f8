"""--home pointing at a file."""
EXPECT = {"args": ["plan", "{spec}", "--home", "{spec}"], "exit": 2, "message": "not a folder"}


def setup(ctx):
    pass
