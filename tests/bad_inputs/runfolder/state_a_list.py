"""state.json is a JSON list."""
EXPECT = {"args": ["status", "--run", "{run}"], "exit": 2, "message": 'not a JSON object'}


def setup(ctx):
    (ctx.run / "state.json").write_text("[1, 2, 3]")
