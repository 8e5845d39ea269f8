"""--run names a folder that does not exist."""
EXPECT = {"args": ["stop", "--run", "{tmp}/no-such-run"], "exit": 2, "message": 'no such folder'}


def setup(ctx):
    pass
