"""daemon --every 0s was silently the spec's interval."""
EXPECT = {"args": ["daemon", "--every", "0s", "--run", "{run}"], "exit": 2, "message": "give an interval from 1s to 1h"}


def setup(ctx):
    pass
