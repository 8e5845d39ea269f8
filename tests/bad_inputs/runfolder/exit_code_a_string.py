""""exit_code": "x" in exit.json: read as an unreadable record, the tick goes on."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 0, "message": ''}
EXPECT["changes_ok"] = True


def setup(ctx):
    (ctx.attempt / "exit.json").write_text('{"exit_code": "x"}')
