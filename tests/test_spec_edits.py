"""The spec edit flow, for real through the CLI (in forks, tests/forked_cli.py): edit, `plan --diff`, `start --replan`
(real jobs, real ticks).

A mistyped command is held as a config fault; its analysis names the flow; `release --retry`
refuses to run the stale locked command; after the edit and the flow the stage runs the new
command, and no succeeded stage runs again.
"""

import json

import pytest
from conftest import read_events, read_state, wait_for, write_spec
from forked_cli import run, start_run, tick_until

pytestmark = pytest.mark.integration

TIMEOUT = 60

TYPO = """\
name: edits
interval: 1m
ladder: {config: {retries: 0}}
entities:
  a:
    stages:
      prep: {run: "echo prep >> prep.log && touch prep.done", done_when: {exists: [prep.done]}}
      train: {run: "pythn3 -c 'open(\\"train.done\\", \\"w\\")'", needs: [prep], done_when: {exists: [train.done]}}
      eval: {run: "echo eval >> eval.log", needs: [train]}
  b:
    stages:
      only: {run: "echo only >> only.log"}
"""


def _stage(run_dir, sid):
    ename, sname = sid.split(".")
    return read_state(run_dir)["entities"][ename]["stages"][sname]


def test_a_typod_command_is_fixed_by_the_edit_flow_and_nothing_that_succeeded_runs_again(tmp_path):
    proj = tmp_path / "proj"
    spec = write_spec(proj, TYPO)
    home = proj / ".tianluo"
    run_dir = start_run(spec, home, proj)
    tick_until(run_dir, proj, phases=("blocked",), timeout=TIMEOUT)

    train = _stage(run_dir, "a.train")
    assert train["status"] == "held" and train["fault"]["class"] == "config"
    analysis = (run_dir / "failures" / "a__analysis.md").read_text()
    assert f"tianluo plan {spec} --diff --home {home}" in analysis
    assert f"tianluo start {spec} --replan --home {home}" in analysis
    assert "a.train runs with the edited spec" in analysis

    # the fix, and a note on prep that is no reason to run it again
    spec.write_text(TYPO.replace("pythn3", "python3").replace("done_when: {exists: [prep.done]}",
                                                              "done_when: {exists: [prep.done]}, expected: 10m"))

    # release --retry would run the locked, mistyped command again: refused, and the flow is named
    before = (run_dir / "state.json").read_text()
    proc = run("release", "a", "--retry", "--run", run_dir, cwd=proj)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "a.train: its spec changed since the run was locked (command: `pythn3" in proc.stderr
    assert f"`tianluo plan {spec} --diff`, then `tianluo start {spec} --replan`" in proc.stderr
    assert (run_dir / "state.json").read_text() == before

    proc = run("plan", spec, "--diff", "--home", home, cwd=proj, check=True)
    assert "~ a.train runs again (held after a failure, 1 attempt(s)): command: `pythn3" in proc.stdout
    assert ("= a.prep keeps its result (succeeded; its command, inputs and needs did not change): "
            "expected: none -> 10m") in proc.stdout
    assert "= runs again: a.train; keeps its result: a.prep\n" in proc.stdout
    assert "b.only" not in proc.stdout
    doc = json.loads(run("plan", spec, "--diff", "--json", "--home", home, cwd=proj, check=True).stdout)
    assert [r["stage"] for r in doc["runs_again"]] == ["a.train"] and doc["refused"] == []

    proc = run("start", spec, "--replan", "--home", home, cwd=proj, check=True)
    assert "1 stage(s) run again" in proc.stdout
    doc = tick_until(run_dir, proj, phases=("complete",), timeout=TIMEOUT)
    assert doc["gate"]["met"]

    train = _stage(run_dir, "a.train")
    assert train["status"] == "succeeded" and train["attempt"] == 2
    assert train["attempts"][-1]["command"].startswith("python3 -c")
    assert (proj / "train.done").exists()
    assert (proj / "prep.log").read_text() == "prep\n"  # prep ran once, before the edit
    assert (proj / "only.log").read_text() == "only\n"
    assert _stage(run_dir, "a.prep")["attempt"] == 1
    submitted = [e.get("stage") for e in read_events(run_dir) if e["event"] == "submit_intent"]
    assert submitted.count("prep") == 1 and submitted.count("only") == 1


def test_an_edited_agent_command_is_in_the_diff_and_the_replan_locks_it(tmp_path):
    proj = tmp_path / "proj"
    text = ("name: agent-edit\ninterval: 1m\nagent: {command: my-agent --v1}\n"
            "entities:\n  a:\n    stages:\n      x: {run: 'sleep 30'}\n")
    spec = write_spec(proj, text)
    home = proj / ".tianluo"
    run_dir = start_run(spec, home, proj)
    wait_for(lambda: _stage(run_dir, "a.x")["status"] in ("submitted", "running"),
             what="a.x launched")
    spec.write_text(text.replace("--v1", "--v2"))
    proc = run("plan", spec, "--diff", "--home", home, cwd=proj, check=True)
    assert ("~ agent.command: my-agent --v1 -> my-agent --v2 (the agent rung uses it from its next call; "
            "no stage runs again for it)") in proc.stdout
    run("start", spec, "--replan", "--home", home, cwd=proj, check=True)
    state = read_state(run_dir)
    assert state["plan"]["agent"]["command"] == "my-agent --v2"
    assert state["entities"]["a"]["stages"]["x"]["status"] in ("submitted", "running")  # the running x goes on
    proc = run("plan", spec, "--diff", "--home", home, cwd=proj, check=True)
    assert "no changes" in proc.stdout
