"""A 70 KB answers file: over the 64 KiB cap."""
EXPECT = {"args": ["plan", "{spec}", "--answers", "{tmp}/big.yaml"], "exit": 2, "message": "over the 64 KiB limit for the answers file"}


def setup(ctx):
    (ctx.tmp / "big.yaml").write_text("# " + "x" * 70_000 + "\nQ1: go\n")
