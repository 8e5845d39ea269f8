"""A progress regex of 100 KB: refused by its length before any engine sees it."""

EXPECT = {"args": ["plan", "{tmp}/big.yaml"], "exit": 2,
          "message": "entities.a.stages.train.progress.regex: too long: 102418 characters, the limit is 4096"}


def setup(ctx):
    pattern = "step (?P<done>\\\\d+)" + "a" * 102400
    (ctx.tmp / "big.yaml").write_text(
        "name: big\nbackend: local\nentities:\n  a:\n    stages:\n      train:\n        run: python train.py\n"
        f"        progress: {{regex: \"{pattern}\"}}\n")
