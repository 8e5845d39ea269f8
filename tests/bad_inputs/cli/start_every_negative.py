"""--every=-5m."""
EXPECT = {"args": ["start", "{spec}", "--every=-5m", "--new"], "exit": 2, "message": "is not a duration"}


def setup(ctx):
    pass
