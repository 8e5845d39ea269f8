"""started.json with a port that is shell code: the record is judged damaged, never shown or used as a port."""
EXPECT = {"args": ["status", "--run", "{run}"], "exit": 0, "message": ''}
EXPECT["changes_ok"] = True


def setup(ctx):
    import json
    path = ctx.attempt / "started.json"
    doc = json.loads(path.read_text())
    doc["port"] = "22; rm -rf ~"
    path.write_text(json.dumps(doc))
