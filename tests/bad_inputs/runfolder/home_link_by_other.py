"""the run home is a symbolic link another user made: refused, never followed."""
EXPECT = {"args": ["status"], "exit": 2, "message": 'symbolic link that nobody made'}


def setup(ctx):
    import os
    real = ctx.tmp / "real-home"
    ctx.home.rename(real)
    os.symlink(real, ctx.home)
    os.lchown(ctx.home, 65534, -1)
