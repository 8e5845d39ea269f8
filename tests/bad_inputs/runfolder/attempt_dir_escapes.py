"""An attempt folder in state.json that points outside the run folder ('../..'): refused as a damaged state."""
import json

EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": "attempts.0.dir"}


def setup(ctx):
    path = ctx.run / "state.json"
    state = json.loads(path.read_text())
    state["entities"]["a"]["stages"]["train"]["attempts"][0]["dir"] = "../../../outside"
    path.write_text(json.dumps(state))
