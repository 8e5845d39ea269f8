"""daemon --every beyond an hour."""
EXPECT = {"args": ["daemon", "--every", "2h", "--run", "{run}"], "exit": 2, "message": "give an interval from 1s to 1h"}


def setup(ctx):
    pass
