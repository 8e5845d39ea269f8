"""started.json with started_at naive."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 0, "message": ''}
EXPECT["changes_ok"] = True


def setup(ctx):
    with ctx.edit_json(ctx.attempt / "started.json") as doc:
        doc["started_at"] = "2026-01-01T00:00:00"
