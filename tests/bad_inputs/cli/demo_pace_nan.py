"""demo --pace nan."""
EXPECT = {"args": ["demo", "--pace", "nan"], "exit": 2, "message": "give 0 to 60 seconds"}


def setup(ctx):
    pass
