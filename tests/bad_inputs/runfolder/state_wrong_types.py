"""state.json with entities as a number: the key that is wrong, and the snapshot."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'invalid at entities'}


def setup(ctx):
    import json
    path = ctx.run / "state.json"
    doc = json.loads(path.read_text())
    doc["entities"] = 5
    path.write_text(json.dumps(doc))
