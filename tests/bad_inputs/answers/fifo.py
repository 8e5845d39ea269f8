"""An answers file that is a FIFO: refused at once, never a hang."""
import os

EXPECT = {"args": ["plan", "{spec}", "--answers", "{tmp}/answers.fifo"], "exit": 2, "message": "not a regular file", "timeout": 20}


def setup(ctx):
    os.mkfifo(ctx.tmp / "answers.fifo")
