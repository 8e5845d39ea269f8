"""--every nan is not a duration."""
EXPECT = {"args": ["start", "{spec}", "--every", "nan", "--new"], "exit": 2, "message": "is not a duration"}


def setup(ctx):
    pass
