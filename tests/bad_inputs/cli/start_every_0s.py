"""--every 0s is an error, not 'use the default'."""
EXPECT = {"args": ["start", "{spec}", "--every", "0s", "--trigger", "none", "--new"], "exit": 2, "message": "give an interval from 1m to 1h"}


def setup(ctx):
    pass
