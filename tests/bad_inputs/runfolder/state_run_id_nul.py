"""state.json's run_id holds a NUL and a newline: refused on load, not an internal error after the intent is saved."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'invalid at run_id'}


def setup(ctx):
    import json
    path = ctx.run / "state.json"
    doc = json.loads(path.read_text())
    doc["run_id"] = "r\0\nx"
    path.write_text(json.dumps(doc))
