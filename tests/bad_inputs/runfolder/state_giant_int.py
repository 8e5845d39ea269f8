"""state.json with a 5,000-digit revision (Python refuses to parse it)."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'not valid JSON'}


def setup(ctx):
    import json
    path = ctx.run / "state.json"
    text = path.read_text()
    doc = json.loads(text)
    path.write_text(text.replace(f'"revision": {doc["revision"]:d}', '"revision": ' + "9" * 5000, 1))
