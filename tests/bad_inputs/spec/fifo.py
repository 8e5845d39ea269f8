"""A spec that is a FIFO: refused at once, never a hang."""
import os

EXPECT = {"args": ["plan", "{tmp}/fifo.yaml"], "exit": 2, "message": "not a regular file", "timeout": 20}


def setup(ctx):
    os.mkfifo(ctx.tmp / "fifo.yaml")
