"""state.json's entities lost stage eval that its locked plan has: refused on load, not a KeyError."""
EXPECT = {"args": ["status", "--run", "{run}"], "exit": 2, "message": 'not the stages of the locked plan'}


def setup(ctx):
    import json
    path = ctx.run / "state.json"
    doc = json.loads(path.read_text())
    del doc["entities"]["a"]["stages"]["eval"]
    path.write_text(json.dumps(doc))
