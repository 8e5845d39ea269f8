"""state.json gives an attempt the port 70000 (edited by hand): refused on load, naming the field."""
EXPECT = {"args": ["status", "--run", "{run}"], "exit": 2, "message": "port"}


def setup(ctx):
    import json
    path = ctx.run / "state.json"
    doc = json.loads(path.read_text())
    doc["entities"]["a"]["stages"]["train"]["attempts"][0]["port"] = 70000
    path.write_text(json.dumps(doc))
