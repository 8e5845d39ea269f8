"""$TIANLUO_HOME pointing at a file."""
EXPECT = {"args": ["status"], "exit": 2, "message": "$TIANLUO_HOME", "env": {"TIANLUO_HOME": "{spec}"}}


def setup(ctx):
    pass
