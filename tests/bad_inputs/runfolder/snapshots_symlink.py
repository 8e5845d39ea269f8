"""snapshots links to a folder elsewhere: nothing is written there."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'symbolic link'}


def setup(ctx):
    import shutil
    shutil.move(ctx.run / "snapshots", ctx.tmp / "other-snapshots")
    (ctx.run / "snapshots").symlink_to(ctx.tmp / "other-snapshots")
