"""--home names a 1777 shared folder (like /tmp): refused with advice to use a folder of your own."""
EXPECT = {"args": ["tick", "--home", "{tmp}/shared"], "exit": 2, "message": "is a shared folder"}


def setup(ctx):
    import os
    (ctx.tmp / "shared").mkdir()
    os.chmod(ctx.tmp / "shared", 0o1777)
