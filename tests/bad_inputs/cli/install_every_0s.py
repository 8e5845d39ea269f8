"""install --every 0s."""
EXPECT = {"args": ["install", "cron", "--every", "0s", "--run", "{run}"], "exit": 2, "message": "give an interval from 1m to 1h"}


def setup(ctx):
    pass
