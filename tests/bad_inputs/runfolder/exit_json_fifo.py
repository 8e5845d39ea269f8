"""exit.json is a FIFO: the tick does not hang on it."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'FIFO'}


def setup(ctx):
    import os
    (ctx.attempt / "exit.json").unlink()
    os.mkfifo(ctx.attempt / "exit.json")
