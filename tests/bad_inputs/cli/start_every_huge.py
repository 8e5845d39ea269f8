"""--every with 400 digits."""
EXPECT = {"args": ["start", "{spec}", "--every", "999999999999999999999999999999s", "--new"], "exit": 2, "message": "out of range"}


def setup(ctx):
    pass
