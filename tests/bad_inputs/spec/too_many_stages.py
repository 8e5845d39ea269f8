"""10,001 stages in all: over the cap a tick is sized for."""
EXPECT = {"args": ["plan", "{tmp}/many.yaml"], "exit": 2, "message": "at most 10000", "timeout": 60}


def setup(ctx):
    lines = ["name: many", "entities:"]
    lines += [f"  e{i}: {{stages: {{t: {{run: 'true'}}}}}}" for i in range(10_001)]
    (ctx.tmp / "many.yaml").write_text("\n".join(lines) + "\n")
