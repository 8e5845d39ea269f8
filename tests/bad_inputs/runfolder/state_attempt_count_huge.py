"""state.json says stage a.eval is at attempt 10**30: refused on load (the next attempt's folder could not be named)."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'is not a count of attempts'}


def setup(ctx):
    import json
    path = ctx.run / "state.json"
    doc = json.loads(path.read_text())
    doc["entities"]["a"]["stages"]["eval"]["attempt"] = 10 ** 30
    path.write_text(json.dumps(doc))
