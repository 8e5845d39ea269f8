"""An answers file that is /dev/zero."""
EXPECT = {"args": ["plan", "{spec}", "--answers", "/dev/zero"], "exit": 2, "message": "not a regular file", "timeout": 20}


def setup(ctx):
    pass
