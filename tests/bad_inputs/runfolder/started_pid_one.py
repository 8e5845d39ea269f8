"""started.json names PID 1 and no create time: the ended attempt is judged from exit.json, not taken as running."""
EXPECT = {"args": ["status", "--json", "--run", "{run}"], "exit": 0, "message": ''}
EXPECT["changes_ok"] = True


def setup(ctx):
    import json
    import subprocess
    import sys
    with ctx.edit_json(ctx.attempt / "started.json") as doc:
        doc["runner_pid"] = 1
        doc.pop("runner_create_time", None)
    # the tick reads exit.json (exit 0) and moves on: train succeeded, not "running" behind PID 1
    proc = subprocess.run([sys.executable, "-m", "tianluo", "tick", "--run", str(ctx.run)], cwd=ctx.tmp,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    state = json.loads((ctx.run / "state.json").read_text())
    train = state["entities"]["a"]["stages"]["train"]
    assert train["status"] == "succeeded", train["status"]
