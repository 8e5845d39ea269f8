"""--answer carrying a terminal escape sequence."""
EXPECT = {"args": ["plan", "{spec}", "--answer", "Q1=\u001b[2J"], "exit": 2, "message": "--answer: the value contains an escape character"}


def setup(ctx):
    pass
