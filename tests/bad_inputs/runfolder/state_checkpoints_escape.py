"""state.json's plan has a checkpoints glob leading out of the project (edited after plan checked it): refused on load."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": "below the project folder"}


def setup(ctx):
    import json
    path = ctx.run / "state.json"
    doc = json.loads(path.read_text())
    doc["plan"]["entities"]["a"]["stages"]["train"]["checkpoints"] = "out/../../../etc/*"
    path.write_text(json.dumps(doc))
