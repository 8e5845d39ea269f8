"""state.json says stage a.eval is at attempt 10**30: refused on load (the next attempt's folder could not be named)."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'is not a count of attempts'}


def setup(ctx):
    with ctx.edit_json(ctx.run / "state.json") as doc:
        doc["entities"]["a"]["stages"]["eval"]["attempt"] = 10 ** 30
