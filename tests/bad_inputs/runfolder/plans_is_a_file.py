"""The home's plans/ is a file: plan refuses it in one line."""
EXPECT = {"args": ["plan", "{spec}"], "exit": 2, "message": 'plans: is a file'}


def setup(ctx):
    import shutil
    shutil.rmtree(ctx.home / "plans", ignore_errors=True)
    (ctx.home / "plans").write_text("x")
    (ctx.home / "plans").chmod(0o600)
