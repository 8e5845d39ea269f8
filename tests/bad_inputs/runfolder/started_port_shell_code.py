"""started.json with a port that is shell code: the record is judged damaged, never shown or used as a port."""
EXPECT = {"args": ["status", "--run", "{run}"], "exit": 0, "message": ''}
EXPECT["changes_ok"] = True


def setup(ctx):
    with ctx.edit_json(ctx.attempt / "started.json") as doc:
        doc["port"] = "22; rm -rf ~"
