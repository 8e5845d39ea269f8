"""started.json with started_at naive."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 0, "message": ''}
EXPECT["changes_ok"] = True


def setup(ctx):
    import json
    path = ctx.attempt / "started.json"
    doc = json.loads(path.read_text())
    doc["started_at"] = "2026-01-01T00:00:00"
    path.write_text(json.dumps(doc))
