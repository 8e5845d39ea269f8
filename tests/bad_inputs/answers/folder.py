"""An answers path that is a folder."""
EXPECT = {"args": ["plan", "{spec}", "--answers", "{tmp}"], "exit": 2, "message": "is a folder"}


def setup(ctx):
    pass
