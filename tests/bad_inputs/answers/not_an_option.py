"""An answer that is not one of the fork's options."""
EXPECT = {"args": ["plan", "{tmp}/forky.yaml", "--answers", "{tmp}/a.yaml"], "exit": 2, "message": "'maybe' is not an option"}


def setup(ctx):
    (ctx.tmp / "forky.yaml").write_text("name: forky\nforks:\n  mode: {question: q, options: [fast, slow], default: fast}\n"
                                        "entities:\n  a:\n    stages:\n      t: {run: 'echo {mode}'}\n")
    (ctx.tmp / "a.yaml").write_text("Q1: maybe\n")
