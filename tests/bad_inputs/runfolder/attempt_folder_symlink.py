"""attempts/a/train/1 links to a folder elsewhere."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'symbolic link'}


def setup(ctx):
    import shutil
    shutil.move(ctx.attempt, ctx.tmp / "planted-1")
    ctx.attempt.symlink_to(ctx.tmp / "planted-1")
