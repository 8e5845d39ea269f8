"""state.json writable by the group: tianluo says chmod go-w."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'chmod go-w'}


def setup(ctx):
    import os
    os.chmod(ctx.run / "state.json", 0o660)
