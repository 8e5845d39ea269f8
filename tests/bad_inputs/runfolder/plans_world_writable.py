"""the home's plans/ folder is 0777."""
EXPECT = {"args": ["plan", "{spec}", "--accept-defaults"], "exit": 2, "message": 'chmod go-w'}


def setup(ctx):
    import os
    (ctx.home / "plans").mkdir(exist_ok=True)
    os.chmod(ctx.home / "plans", 0o777)
