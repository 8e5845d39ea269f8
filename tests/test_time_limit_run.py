"""Time limits end to end: real jobs, the real CLI (in forks, tests/forked_cli.py), real signals.

A stage whose job would sleep a minute has ``resources: {time: 5s}``; on the local backend (no
scheduler to keep the limit) the ticks cancel it once it has run 5 s: TERM, and, since this job
ignores TERM, KILL after ``cancel_grace: 2s``. Its fault names the time limit, its process is
gone, and with no config retry left the stage is held with its analysis. The same through the
command backend's small local queue (tests/tinyq.py), whose cancel ends the job.
"""

import json
import time
from datetime import datetime
from pathlib import Path

import pytest
from conftest import alive, read_events, read_state, wait_for, write_spec
from forked_cli import run, start_run, status_json
from test_command_backend import Queue, spec_text

pytestmark = pytest.mark.integration

LOCAL = """\
name: tl-local
interval: 1m
cancel_grace: 2s
entities:
  a:
    stages:
      train:
        run: trap '' TERM; sleep 60
        resources: {time: 5s}
ladder:
  config: {retries: 0}
"""


def _job_pid(run_dir: Path, n: int = 1) -> int:
    path = run_dir / f"attempts/a/train/{n}/started.json"
    return wait_for(lambda: path.exists() and json.loads(path.read_text()).get("job_pid"),
                    what="the job's pid in started.json")


def _tick_until_ended(run_dir: Path, cwd: Path, entity: str, stage: str, timeout: float) -> dict:
    """Tick through the CLI until the first attempt has an outcome; return the state."""
    deadline = time.monotonic() + timeout
    while True:
        run("tick", "--run", run_dir, cwd=cwd, check=True)
        state = read_state(run_dir)
        if state["entities"][entity]["stages"][stage]["attempts"][0]["outcome"] is not None:
            return state
        if time.monotonic() >= deadline:
            raise AssertionError(f"the attempt did not end in {timeout}s: "
                                 f"{json.dumps(state['entities'][entity], indent=1)[:3000]}")
        time.sleep(0.3)


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def test_a_local_job_past_its_time_limit_is_cancelled_killed_after_its_grace_and_held(tmp_path):
    project = tmp_path / "proj"
    spec = write_spec(project, LOCAL)
    began = time.monotonic()
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    pid = _job_pid(run_dir)
    state = _tick_until_ended(run_dir, tmp_path, "a", "train", timeout=20)
    assert time.monotonic() - began < 20
    stage = state["entities"]["a"]["stages"]["train"]
    attempt = stage["attempts"][0]
    assert (attempt["fault"]["class"], attempt["fault"]["label"]) == ("config", "time_limit")
    assert "past its time limit resources.time 5s" in attempt["fault"]["evidence"]
    assert attempt["cancel"]["reason"].startswith("time limit: ran ")
    assert attempt["signal"] == 9  # it ignored TERM: KILL after the grace
    assert not alive(pid)
    events = read_events(run_dir)
    (limit,) = [e for e in events if e["event"] == "time_limit"]
    assert limit["limit_s"] == 5.0 and limit["ran_s"] >= 5
    assert (_at(limit["ts"]) - _at(attempt["started_at"])).total_seconds() >= 5  # not before its limit
    (kill,) = [e for e in events if e["event"] == "cancel_kill"]
    assert (_at(kill["ts"]) - _at(limit["ts"])).total_seconds() >= 2  # not before its grace
    failed = [e for e in events if e["event"] == "failed"]
    assert [e["fault"] for e in failed] == [{"class": "config", "label": "time_limit"}]
    # no config retry: held, with the analysis, and status names the time limit
    assert stage["status"] == "held" and stage["attempt"] == 1
    analysis = (run_dir / "failures" / "a__analysis.md").read_text()
    assert "`time_limit`" in analysis and "past its time limit resources.time 5s" in analysis
    doc = status_json(run_dir, tmp_path)
    assert doc["entities"]["a"]["stages"]["train"]["fault"]["label"] == "time_limit"
    assert doc["entities"]["a"]["stages"]["train"]["time_limit_s"] == 5.0


def test_a_command_backend_job_past_its_time_limit_is_cancelled_through_the_queue(tmp_path):
    q = Queue(tmp_path)
    project = tmp_path / "proj"
    stages = "      work:\n        run: sleep 60\n        resources: {time: 3s}\n"
    spec = write_spec(project, spec_text(q, stages) + "cancel_grace: 2s\nladder:\n  config: {retries: 0}\n")
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    state = _tick_until_ended(run_dir, tmp_path, "solo", "work", timeout=20)
    attempt = state["entities"]["solo"]["stages"]["work"]["attempts"][0]
    assert (attempt["fault"]["class"], attempt["fault"]["label"]) == ("config", "time_limit")
    assert "past its time limit resources.time 3s" in attempt["fault"]["evidence"]
    assert [e["event"] for e in read_events(run_dir) if e["event"] == "time_limit"] == ["time_limit"]
    job_id = attempt["handle"]["job_id"]
    assert q("status", job_id).stdout.split()[1] == "CANCELLED"  # the queue's own record: cancelled, by tianluo
    assert state["entities"]["solo"]["stages"]["work"]["status"] == "held"
