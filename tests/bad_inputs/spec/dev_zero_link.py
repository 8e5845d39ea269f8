"""A spec that is a link to /dev/zero: refused, no MemoryError."""
import os

EXPECT = {"args": ["plan", "{tmp}/zero.yaml"], "exit": 2, "message": "not a regular file", "timeout": 20}


def setup(ctx):
    os.symlink("/dev/zero", ctx.tmp / "zero.yaml")
