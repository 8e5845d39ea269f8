"""started.json with a runner_pid beyond any pid."""
EXPECT = {"args": ["diagnose", "a", "--run", "{run}"], "exit": 0, "message": ''}
EXPECT["changes_ok"] = True


def setup(ctx):
    import json
    path = ctx.attempt / "started.json"
    doc = json.loads(path.read_text())
    doc["runner_pid"] = 10 ** 30
    doc["runner_create_time"] = "yesterday"
    path.write_text(json.dumps(doc))
