"""started.json names PID 1 and no create time: the ended attempt is judged from exit.json, not taken as running."""
EXPECT = {"args": ["status", "--json", "--run", "{run}"], "exit": 0, "message": ''}
EXPECT["changes_ok"] = True


def setup(ctx):
    import json
    import subprocess
    import sys
    path = ctx.attempt / "started.json"
    doc = json.loads(path.read_text())
    doc["runner_pid"] = 1
    doc.pop("runner_create_time", None)
    path.write_text(json.dumps(doc))
    # the tick reads exit.json (exit 0) and moves on: train succeeded, not "running" behind PID 1
    proc = subprocess.run([sys.executable, "-m", "tianluo", "tick", "--run", str(ctx.run)], cwd=ctx.tmp,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    state = json.loads((ctx.run / "state.json").read_text())
    train = state["entities"]["a"]["stages"]["train"]
    assert train["status"] == "succeeded", train["status"]
