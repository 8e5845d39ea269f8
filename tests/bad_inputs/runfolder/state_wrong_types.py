"""state.json with entities as a number: the key that is wrong, and the snapshot."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'invalid at entities'}


def setup(ctx):
    with ctx.edit_json(ctx.run / "state.json") as doc:
        doc["entities"] = 5
