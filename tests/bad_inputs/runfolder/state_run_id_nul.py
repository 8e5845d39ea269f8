"""state.json's run_id holds a NUL and a newline: refused on load, not an internal error after the intent is saved."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'invalid at run_id'}


def setup(ctx):
    with ctx.edit_json(ctx.run / "state.json") as doc:
        doc["run_id"] = "r\0\nx"
