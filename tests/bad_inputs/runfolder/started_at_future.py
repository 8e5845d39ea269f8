"""started.json with started_at future."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 0, "message": ''}
EXPECT["changes_ok"] = True


def setup(ctx):
    import json
    path = ctx.attempt / "started.json"
    doc = json.loads(path.read_text())
    doc["started_at"] = "9999-12-31T23:59:59Z"
    path.write_text(json.dumps(doc))
