"""An entity argument with a newline."""
EXPECT = {"args": ["hold", "a\nb", "--run", "{run}"], "exit": 2, "message": "ENTITY: the value contains a newline"}


def setup(ctx):
    pass
