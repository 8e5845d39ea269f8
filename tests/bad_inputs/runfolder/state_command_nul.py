"""state.json's plan has a NUL byte in a stage command (edited after plan checked it): refused on load."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'a NUL byte'}


def setup(ctx):
    with ctx.edit_json(ctx.run / "state.json") as doc:
        doc["plan"]["entities"]["a"]["stages"]["eval"]["run"] = "tr\0ue"
