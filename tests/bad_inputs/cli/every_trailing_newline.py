"""--every '1m<newline>' was taken as 1m (str.strip)."""
EXPECT = {"args": ["start", "{spec}", "--every", "1m\n", "--new", "--accept-defaults", "--trigger", "none"], "exit": 2,
          "message": "is not a duration"}


def setup(ctx):
    pass
