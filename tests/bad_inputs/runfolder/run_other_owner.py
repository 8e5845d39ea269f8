"""the run folder belongs to nobody: root does not act on it."""
EXPECT = {"args": ["hold", "a", "--run", "{run}"], "exit": 2, "message": 'belongs to nobody'}


def setup(ctx):
    import os
    os.chown(ctx.run, 65534, -1)
