"""--home under /proc: mkdir of plans/ there failed with ENOENT, an internal error."""
EXPECT = {"args": ["plan", "{spec}", "--home", "/proc", "--accept-defaults"], "exit": 2, "message": "kernel file system"}


def setup(ctx):
    pass
