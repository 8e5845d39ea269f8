"""state.json's plan has a NUL byte in a stage command (edited after plan checked it): refused on load."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'a NUL byte'}


def setup(ctx):
    import json
    path = ctx.run / "state.json"
    doc = json.loads(path.read_text())
    doc["plan"]["entities"]["a"]["stages"]["eval"]["run"] = "tr\0ue"
    path.write_text(json.dumps(doc))
