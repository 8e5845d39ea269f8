"""hold with events.jsonl a folder: nothing is changed."""
EXPECT = {"args": ["hold", "a", "--run", "{run}"], "exit": 2, "message": 'events.jsonl'}


def setup(ctx):
    (ctx.run / "events.jsonl").unlink()
    (ctx.run / "events.jsonl").mkdir()
