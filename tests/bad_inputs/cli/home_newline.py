"""--home with a newline in it."""
EXPECT = {"args": ["start", "{spec}", "--home", "{tmp}/h\n* * * * * evil", "--new"], "exit": 2, "message": "--home: the value contains a newline"}


def setup(ctx):
    pass
