"""--home names a file for status."""
EXPECT = {"args": ["status", "--home", "{tmp}/tianluo.yaml"], "exit": 2, "message": 'tianluo.yaml'}


def setup(ctx):
    pass
