"""state.json belongs to another user (nobody): refused with the chown that fixes it."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'chown'}


def setup(ctx):
    import os
    os.chown(ctx.run / "state.json", 65534, -1)
