"""End to end through the CLI (its ``main`` in forks, tests/forked_cli.py): real ticks, real runners, the demo
pipeline and a failing one."""

import json
import os
import signal
from datetime import datetime
from pathlib import Path

import psutil
import pytest
from conftest import kill_everything_under, read_events, read_state, wait_for, write_spec
from forked_cli import run, start_run, status_json, tick_until

from tianluo.views.demo import copy_example

pytestmark = pytest.mark.integration

DEMO_STAGES = {
    "lr-1e-3": ["train", "eval"],
    "lr-3e-4": ["train", "eval"],
    "summary": ["report"],
}


def iso(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def attempt_file(run_dir: Path, entity: str, stage: str, n: int, name: str) -> dict:
    return json.loads((run_dir / "attempts" / entity / stage / str(n) / name).read_text())


@pytest.fixture(scope="module")
def completed_demo(tmp_path_factory):
    """The demo pipeline, started with the CLI and ticked to completion once for this module."""
    root = tmp_path_factory.mktemp("demo-run")
    pipeline = copy_example("demo", root)
    home = root / "home"
    try:
        run_dir = start_run(pipeline / "tianluo.yaml", home, root)
        doc = tick_until(run_dir, root, phases=("complete",), timeout=60)
        yield root, pipeline, run_dir, doc
    finally:
        kill_everything_under(root)


def test_demo_reaches_complete_with_a_full_status(completed_demo):
    root, pipeline, run_dir, doc = completed_demo
    assert run_dir.parent == (root / "home").resolve()
    assert doc["version"] == 1
    assert doc["run_id"] == run_dir.name
    assert doc["phase"] == "complete"
    assert doc["gate"]["met"] is True
    assert doc["gate"]["met_at"]
    assert doc["gate"]["checks"] and all(c["ok"] for c in doc["gate"]["checks"])
    assert {c["kind"] for c in doc["gate"]["checks"]} == {"all_done", "metric"}
    assert {e: list(v["stages"]) for e, v in doc["entities"].items()} == DEMO_STAGES
    for entity, stages in DEMO_STAGES.items():
        for stage in stages:
            st = doc["entities"][entity]["stages"][stage]
            assert {"status", "attempt", "fault"} <= set(st)
            assert st["status"] == "succeeded"
            assert st["attempt"] >= 1
            assert st["fault"] is None
            assert st["exit_code"] == 0
            assert Path(st["attempt_dir"]).is_dir()
            assert attempt_file(run_dir, entity, stage, st["attempt"], "exit.json")["exit_code"] == 0
    assert doc["total_attempts"] == 6
    assert doc["counts"] == {"succeeded": 5}
    report = json.loads((pipeline / "out" / "report.json").read_text())
    assert report["best"] == "lr-3e-4"
    events = [e["event"] for e in read_events(run_dir)]
    assert events[0] == "run_created"
    assert events.count("gate_met") == 1
    assert events.count("submitted") == 6


def test_demo_train_of_lr_1e_3_needed_a_second_attempt(completed_demo):
    _, _, run_dir, doc = completed_demo
    st = doc["entities"]["lr-1e-3"]["stages"]["train"]
    assert st["attempt"] == 2
    assert st["budget_used"] == {"transient": 1}  # a connection reset: transient, not the code's fault
    first = attempt_file(run_dir, "lr-1e-3", "train", 1, "exit.json")
    second = attempt_file(run_dir, "lr-1e-3", "train", 2, "exit.json")
    assert first["exit_code"] == 1
    assert second["exit_code"] == 0
    assert "ConnectionResetError" in (run_dir / "attempts/lr-1e-3/train/1/stderr").read_text()
    attempts = read_state(run_dir)["entities"]["lr-1e-3"]["stages"]["train"]["attempts"]
    assert [a["n"] for a in attempts] == [1, 2]
    assert attempts[0]["outcome"] == "failed"
    assert attempts[0]["fault"]["class"] == "transient"
    assert attempts[0]["fault"]["label"] == "connection_error"
    assert "ConnectionResetError" in attempts[0]["fault"]["evidence"]
    assert attempts[1]["outcome"] == "succeeded" and attempts[1]["fault"] is None
    failed = [e for e in read_events(run_dir) if e["event"] == "failed"]
    assert [(e["entity"], e["stage"], e["attempt"]) for e in failed] == [("lr-1e-3", "train", 1)]
    assert failed[0]["fault"] == {"class": "transient", "label": "connection_error"}
    # the other run never failed
    assert doc["entities"]["lr-3e-4"]["stages"]["train"]["attempt"] == 1


def test_demo_cross_entity_report_ran_after_both_evals(completed_demo):
    _, _, run_dir, _ = completed_demo
    report_start = iso(attempt_file(run_dir, "summary", "report", 1, "started.json")["started_at"])
    for entity in ("lr-1e-3", "lr-3e-4"):
        ended = iso(attempt_file(run_dir, entity, "eval", 1, "exit.json")["ended_at"])
        assert ended <= report_start, entity
        train = attempt_file(run_dir, entity, "train", 1 if entity == "lr-3e-4" else 2, "exit.json")
        eval_start = iso(attempt_file(run_dir, entity, "eval", 1, "started.json")["started_at"])
        assert iso(train["ended_at"]) <= eval_start
    # independent entities do not wait for each other: both trainings were launched by one tick
    entities = read_state(run_dir)["entities"]
    first = [entities[e]["stages"]["train"]["attempts"][0]["intent_at"] for e in ("lr-1e-3", "lr-3e-4")]
    assert first[0] == first[1]
    # and the report was recorded only after both evals had succeeded
    report_intent = iso(entities["summary"]["stages"]["report"]["attempts"][0]["intent_at"])
    for entity in ("lr-1e-3", "lr-3e-4"):
        assert iso(entities[entity]["stages"]["eval"]["succeeded_at"]) <= report_intent


def test_a_tick_after_complete_changes_nothing(completed_demo):
    root, _, run_dir, _ = completed_demo
    state = (run_dir / "state.json").read_bytes()
    events = (run_dir / "events.jsonl").read_bytes()
    snapshots = sorted(p.name for p in (run_dir / "snapshots").iterdir())
    for _ in range(2):
        out = run("tick", "--run", run_dir, cwd=root, check=True)
        assert "complete; nothing to do" in out.stdout
    assert (run_dir / "state.json").read_bytes() == state
    assert (run_dir / "events.jsonl").read_bytes() == events
    assert sorted(p.name for p in (run_dir / "snapshots").iterdir()) == snapshots
    assert not list((run_dir / "attempts").glob("*/*/3"))


def test_ticks_need_neither_the_yaml_nor_plan_md(demo, tmp_path):
    run_dir = start_run(demo / "tianluo.yaml", tmp_path / "home", tmp_path)
    (demo / "tianluo.yaml").unlink()
    (run_dir / "plan.md").write_bytes(b"\x00\xffgarbage{{{ not a plan\n")
    doc = tick_until(run_dir, tmp_path, phases=("complete",), timeout=60)
    assert doc["gate"]["met"] is True
    assert not (demo / "tianluo.yaml").exists()
    assert read_state(run_dir)["plan"]["spec_file"] == str((demo / "tianluo.yaml").resolve())
    assert (run_dir / "plan.md").read_bytes() == b"\x00\xffgarbage{{{ not a plan\n"


FAILING = """\
name: failing
interval: 10m
entities:
  bad:
    stages:
      step:
        run: echo trying >> tries.txt; exit 3
      after:
        needs: [step]
        run: echo should-not-run > after.txt
  good:
    stages:
      only:
        run: echo ok > good.txt
        done_when: {exists: good.txt}
ladder:
  unknown: {retries: 1}
"""


def test_a_failing_stage_blocks_only_what_needs_it(tmp_path):
    project = tmp_path / "proj"
    spec = write_spec(project, FAILING)
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    doc = tick_until(run_dir, tmp_path, phases=("blocked",), timeout=60)

    step = doc["entities"]["bad"]["stages"]["step"]
    assert step["status"] == "held"
    assert step["attempt"] == 2
    assert step["fault"]["class"] == "unknown" and step["fault"]["label"] == "exit_3"
    assert step["budget_used"] == {"unknown": 1}
    for n in (1, 2):
        assert attempt_file(run_dir, "bad", "step", n, "exit.json")["exit_code"] == 3
    assert (project / "tries.txt").read_text() == "trying\ntrying\n"

    after = doc["entities"]["bad"]["stages"]["after"]
    assert after["status"] == "blocked"
    assert after["attempt"] == 0
    assert "bad.step" in after["reason"]
    assert not (run_dir / "attempts" / "bad" / "after").exists()
    assert not (project / "after.txt").exists()

    only = doc["entities"]["good"]["stages"]["only"]
    assert only["status"] == "succeeded"
    assert (project / "good.txt").read_text() == "ok\n"

    assert doc["phase"] == "blocked"
    assert "bad.step" in doc["phase_reason"]
    assert doc["gate"]["met"] is False
    assert doc["total_attempts"] == 3

    # a blocked run is quiet: more ticks launch nothing and say "blocked" only once
    for _ in range(2):
        run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    again = status_json(run_dir, tmp_path)
    assert again["phase"] == "blocked"
    assert again["total_attempts"] == 3
    events = read_events(run_dir)
    assert [e["event"] for e in events].count("run_blocked") == 1
    assert [e["event"] for e in events].count("held") == 1
    analysis = (run_dir / "failures" / "bad__analysis.md").read_text()
    assert "unknown" in analysis and "exit_3" in analysis
    assert f"tianluo release bad --retry --run {run_dir.resolve()}" in analysis


COLLIDING = """\
name: collide
entities:
  a:
    stages:
      b-c: {run: exec sleep 30}
  a-b:
    stages:
      c: {run: exec sleep 30}
"""


def test_job_names_of_different_stages_never_collide(tmp_path):
    spec = write_spec(tmp_path / "proj", COLLIDING)
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    victim = wait_for(lambda: (run_dir / "attempts/a/b-c/1/started.json").exists()
                      and attempt_file(run_dir, "a", "b-c", 1, "started.json"))
    wait_for(lambda: (run_dir / "attempts/a-b/c/1/started.json").exists())
    # a's runner dies (the OOM killer, say) and leaves no exit.json: the next tick must see it lost
    os.kill(victim["runner_pid"], signal.SIGKILL)
    wait_for(lambda: not psutil.pid_exists(victim["runner_pid"])
             or psutil.Process(victim["runner_pid"]).status() == psutil.STATUS_ZOMBIE)
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    state = read_state(run_dir)
    victim_attempt = state["entities"]["a"]["stages"]["b-c"]["attempts"][0]
    other_attempt = state["entities"]["a-b"]["stages"]["c"]["attempts"][0]
    assert victim_attempt["outcome"] == "failed", \
        f"a/b-c is {state['entities']['a']['stages']['b-c']['status']} though its runner is dead"
    assert victim_attempt["fault"]["label"] == "lost"
    assert state["entities"]["a-b"]["stages"]["c"]["status"] == "running"
    assert victim_attempt["job_name"] != other_attempt["job_name"]
