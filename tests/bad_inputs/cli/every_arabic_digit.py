"""--every with an Arabic-Indic digit (float('\u0661') is 1.0) was taken as 1m."""
EXPECT = {"args": ["start", "{spec}", "--every", "\u0661m", "--new", "--accept-defaults", "--trigger", "none"], "exit": 2,
          "message": "is not a duration"}


def setup(ctx):
    pass
