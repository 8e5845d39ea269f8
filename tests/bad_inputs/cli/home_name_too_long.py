"""--home with a folder name of 300 bytes: ENAMETOOLONG was an internal error."""
EXPECT = {"args": ["plan", "{spec}", "--home", "{tmp}/" + "x" * 300], "exit": 2, "message": "longer than 255 bytes"}


def setup(ctx):
    pass
