"""--answer that is not Q=option."""
EXPECT = {"args": ["plan", "{spec}", "--answer", "junk"], "exit": 2, "message": "write it as Q<n>=<option>"}


def setup(ctx):
    pass
