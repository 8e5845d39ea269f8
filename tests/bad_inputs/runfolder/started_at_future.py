"""started.json with started_at future."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 0, "message": ''}
EXPECT["changes_ok"] = True


def setup(ctx):
    with ctx.edit_json(ctx.attempt / "started.json") as doc:
        doc["started_at"] = "9999-12-31T23:59:59Z"
