"""hold --reason with a carriage return (it would reach status)."""
EXPECT = {"args": ["hold", "a", "--reason", "ok\rFORGED", "--run", "{run}"], "exit": 2, "message": "--reason: the value contains a carriage return"}


def setup(ctx):
    pass
