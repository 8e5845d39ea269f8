"""started.json with a runner_pid beyond any pid."""
EXPECT = {"args": ["diagnose", "a", "--run", "{run}"], "exit": 0, "message": ''}
EXPECT["changes_ok"] = True


def setup(ctx):
    with ctx.edit_json(ctx.attempt / "started.json") as doc:
        doc["runner_pid"] = 10 ** 30
        doc["runner_create_time"] = "yesterday"
