"""--every beyond what a trigger ticks at."""
EXPECT = {"args": ["start", "{spec}", "--every", "2h", "--trigger", "none", "--new"], "exit": 2, "message": "give an interval from 1m to 1h"}


def setup(ctx):
    pass
