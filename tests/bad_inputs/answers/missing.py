"""An answers file that is not there."""
EXPECT = {"args": ["plan", "{spec}", "--answers", "{tmp}/nope.yaml"], "exit": 2, "message": "no such answers file"}


def setup(ctx):
    pass
