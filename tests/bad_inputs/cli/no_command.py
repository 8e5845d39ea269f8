"""tianluo with no command exited 2 with nothing on stderr."""
EXPECT = {"args": [], "exit": 2, "message": "give a command"}


def setup(ctx):
    pass
