"""events.jsonl is a folder: no half-tick (state.json and snapshots unchanged)."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'events.jsonl: is a folder'}


def setup(ctx):
    (ctx.run / "events.jsonl").unlink()
    (ctx.run / "events.jsonl").mkdir()
