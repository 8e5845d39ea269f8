"""state.json is a link to a state elsewhere: refused, the target untouched."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'symbolic link'}


def setup(ctx):
    import shutil
    shutil.copy(ctx.run / "state.json", ctx.tmp / "elsewhere.json")
    (ctx.run / "state.json").unlink()
    (ctx.run / "state.json").symlink_to(ctx.tmp / "elsewhere.json")
