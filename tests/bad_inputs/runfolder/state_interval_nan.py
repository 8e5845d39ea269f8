"""state.json's locked plan.interval is NaN (json accepts it): refused on load, not an internal error in the tick."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'never writes NaN'}


def setup(ctx):
    import json
    path = ctx.run / "state.json"
    doc = json.loads(path.read_text())
    doc["plan"]["interval"] = float("nan")
    path.write_text(json.dumps(doc))  # json.dumps writes NaN
