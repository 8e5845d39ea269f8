"""--run names a file, not a run folder."""
EXPECT = {"args": ["tick", "--run", "{tmp}/tianluo.yaml"], "exit": 2, "message": 'not a folder'}


def setup(ctx):
    pass
