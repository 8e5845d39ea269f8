"""--answer for a fork the spec does not have."""
EXPECT = {"args": ["plan", "{spec}", "--answer", "Q9=go"], "exit": 2, "message": "no fork 'Q9'"}


def setup(ctx):
    pass
