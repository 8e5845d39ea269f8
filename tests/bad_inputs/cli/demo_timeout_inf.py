"""demo --timeout inf."""
EXPECT = {"args": ["demo", "--timeout", "inf"], "exit": 2, "message": "give 1 to 3600 seconds"}


def setup(ctx):
    pass
