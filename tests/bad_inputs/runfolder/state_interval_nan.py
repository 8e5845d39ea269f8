"""state.json's locked plan.interval is NaN (json accepts it): refused on load, not an internal error in the tick."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'never writes NaN'}


def setup(ctx):
    with ctx.edit_json(ctx.run / "state.json") as doc:
        doc["plan"]["interval"] = float("nan")  # json.dumps writes NaN
