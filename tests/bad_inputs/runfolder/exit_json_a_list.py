"""exit.json is a JSON list: unreadable record, no crash."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 0, "message": ''}
EXPECT["changes_ok"] = True


def setup(ctx):
    (ctx.attempt / "exit.json").write_text("[1, 2]")
