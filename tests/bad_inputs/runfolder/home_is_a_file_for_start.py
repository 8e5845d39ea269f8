"""--home names a file: start refuses before creating anything."""
EXPECT = {"args": ["start", "{spec}", "--home", "{tmp}/tianluo.yaml", "--trigger", "none", "--accept-defaults"], "exit": 2, "message": 'tianluo.yaml'}


def setup(ctx):
    pass
