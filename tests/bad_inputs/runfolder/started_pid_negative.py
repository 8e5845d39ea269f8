"""started.json says runner_pid -1 (os.kill(-1) would signal everything)."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 0, "message": ''}
EXPECT["changes_ok"] = True


def setup(ctx):
    import json
    path = ctx.attempt / "started.json"
    doc = json.loads(path.read_text())
    doc["runner_pid"] = -1
    path.write_text(json.dumps(doc))
