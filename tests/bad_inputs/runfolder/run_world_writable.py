"""the run folder is mode 0777: someone else could swap its files."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'chmod go-w'}


def setup(ctx):
    import os
    os.chmod(ctx.run, 0o777)
