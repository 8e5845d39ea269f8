"""state.json is empty."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'not valid JSON'}


def setup(ctx):
    (ctx.run / "state.json").write_text("")
