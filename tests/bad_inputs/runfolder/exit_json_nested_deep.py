"""exit.json nested 100,000 deep."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 0, "message": ''}
EXPECT["changes_ok"] = True


def setup(ctx):
    (ctx.attempt / "exit.json").write_text("[" * 100000)
