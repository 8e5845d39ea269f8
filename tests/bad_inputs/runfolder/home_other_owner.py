"""the run home was made by someone else: a tick found through it is refused."""
EXPECT = {"args": ["tick"], "exit": 2, "message": 'chown'}


def setup(ctx):
    import os
    os.chown(ctx.home, 65534, -1)
