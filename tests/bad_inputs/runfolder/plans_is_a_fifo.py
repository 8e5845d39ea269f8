"""The home's plans/ is a FIFO: `plan --diff` refuses it in one line (it used to be an internal error)."""
EXPECT = {"args": ["plan", "{spec}", "--diff"], "exit": 2, "message": 'plans: is a FIFO'}


def setup(ctx):
    import os
    import shutil
    shutil.rmtree(ctx.home / "plans", ignore_errors=True)
    os.mkfifo(ctx.home / "plans")
