"""snapshots is a file: the tick refuses before saving anything."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'snapshots: is a file'}


def setup(ctx):
    import shutil
    shutil.rmtree(ctx.run / "snapshots")
    (ctx.run / "snapshots").write_text("x")
