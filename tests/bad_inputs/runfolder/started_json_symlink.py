"""started.json is a link."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'started.json: is a symbolic link'}


def setup(ctx):
    (ctx.tmp / "x.json").write_text("{}")
    (ctx.attempt / "started.json").unlink()
    (ctx.attempt / "started.json").symlink_to(ctx.tmp / "x.json")
