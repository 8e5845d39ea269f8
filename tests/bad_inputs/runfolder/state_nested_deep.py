"""state.json nested 200,000 deep (json.loads would raise RecursionError)."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'nested too deep'}


def setup(ctx):
    (ctx.run / "state.json").write_text("[" * 200000)
