"""A spec path with a newline (it would reach a crontab line)."""
EXPECT = {"args": ["plan", "{tmp}/a\nb.yaml"], "exit": 2, "message": "SPEC: the value contains a newline"}


def setup(ctx):
    pass
