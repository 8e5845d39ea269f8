"""state.json's entities lost stage eval that its locked plan has: refused on load, not a KeyError."""
EXPECT = {"args": ["status", "--run", "{run}"], "exit": 2, "message": 'not the stages of the locked plan'}


def setup(ctx):
    with ctx.edit_json(ctx.run / "state.json") as doc:
        del doc["entities"]["a"]["stages"]["eval"]
