"""A rule pattern of 100 KB (an alternation of 10,000 words, 99,999 characters): refused by its length."""

EXPECT = {"args": ["plan", "{tmp}/big.yaml"], "exit": 2,
          "message": "rules[0].match.log: too long: 99999 characters, the limit is 4096"}


def setup(ctx):
    pattern = "|".join(f"err{i:06d}" for i in range(10000))
    (ctx.tmp / "big.yaml").write_text(
        "name: big\nbackend: local\nentities:\n  a:\n    stages:\n      train:\n        run: python train.py\n"
        f"rules:\n  - {{match: {{log: '{pattern}'}}, class: transient, label: many}}\n")
