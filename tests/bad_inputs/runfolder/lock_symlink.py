""".lock links to a file of root's: it is not truncated (it used to be, every tick)."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'symbolic link'}


def setup(ctx):
    (ctx.tmp / "precious").write_text("root's file\n")
    (ctx.run / ".lock").unlink(missing_ok=True)
    (ctx.run / ".lock").symlink_to(ctx.tmp / "precious")
