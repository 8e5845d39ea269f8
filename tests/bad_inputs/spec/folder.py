"""A spec path that is a folder."""
EXPECT = {"args": ["plan", "{tmp}/specdir"], "exit": 2, "message": "is a folder"}


def setup(ctx):
    (ctx.tmp / "specdir").mkdir()
