"""An attempt folder in state.json that points outside the run folder ('../..'): refused as a damaged state."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": "attempts.0.dir"}


def setup(ctx):
    with ctx.edit_json(ctx.run / "state.json") as state:
        state["entities"]["a"]["stages"]["train"]["attempts"][0]["dir"] = "../../../outside"
