"""state.json's plan has a checkpoints glob leading out of the project (edited after plan checked it): refused on load."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": "below the project folder"}


def setup(ctx):
    with ctx.edit_json(ctx.run / "state.json") as doc:
        doc["plan"]["entities"]["a"]["stages"]["train"]["checkpoints"] = "out/../../../etc/*"
