"""started.json says runner_pid -1 (os.kill(-1) would signal everything)."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 0, "message": ''}
EXPECT["changes_ok"] = True


def setup(ctx):
    with ctx.edit_json(ctx.attempt / "started.json") as doc:
        doc["runner_pid"] = -1
