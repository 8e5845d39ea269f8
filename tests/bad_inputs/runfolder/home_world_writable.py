"""the run home is 0777: refused for status found through the home."""
EXPECT = {"args": ["status"], "exit": 2, "message": 'run home is writable by group or others'}


def setup(ctx):
    import os
    os.chmod(ctx.home, 0o777)
