"""state.json gives an attempt the port 70000 (edited by hand): refused on load, naming the field."""
EXPECT = {"args": ["status", "--run", "{run}"], "exit": 2, "message": "port"}


def setup(ctx):
    with ctx.edit_json(ctx.run / "state.json") as doc:
        doc["entities"]["a"]["stages"]["train"]["attempts"][0]["port"] = 70000
