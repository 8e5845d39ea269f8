"""A 50 MB spec is refused from its size, in well under a second (it was minutes)."""
EXPECT = {"args": ["plan", "{tmp}/huge.yaml"], "exit": 2, "message": "over the 4 MiB limit for the tianluo.yaml", "timeout": 10}


def setup(ctx):
    with open(ctx.tmp / "huge.yaml", "w") as f:
        f.write("name: huge\nentities:\n")
        line = "  e{}: {{stages: {{t: {{run: 'true'}}}}}}\n"
        f.write("".join(line.format(i) for i in range(1_400_000)))
