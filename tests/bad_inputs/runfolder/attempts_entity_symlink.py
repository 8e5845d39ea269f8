"""attempts/a links elsewhere: the attempt's files are not read or written through it."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'attempts/a: is a symbolic link'}


def setup(ctx):
    import shutil
    shutil.move(ctx.run / "attempts" / "a", ctx.tmp / "planted-a")
    (ctx.run / "attempts" / "a").symlink_to(ctx.tmp / "planted-a")
