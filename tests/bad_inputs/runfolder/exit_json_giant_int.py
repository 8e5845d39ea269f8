"""exit.json with a 5,000-digit exit code."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 0, "message": ''}
EXPECT["changes_ok"] = True


def setup(ctx):
    (ctx.attempt / "exit.json").write_text('{"exit_code": ' + "9" * 5000 + "}")
