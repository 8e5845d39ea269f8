"""A tick SIGKILLed around its submit: the next tick adopts (or relaunches) and never runs twice."""

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import psutil
import pytest
from conftest import clean_env, read_events, read_state, wait_for, wait_started, write_spec
from forked_cli import run, start_run, tick_until

pytestmark = pytest.mark.integration

SPEC = """\
name: adopt
entities:
  solo:
    stages:
      work:
        run: echo "ran $TIANLUO_ATTEMPT" >> counter.txt; sleep 1; echo done > done.txt
        done_when: {exists: done.txt}
"""

KILLED_TICK = """
    import os, signal, sys
    from tianluo.backends.local import LocalBackend

    real_submit = LocalBackend.submit

    def submit(self, job):
        if sys.argv[2] == "before":
            os.kill(os.getpid(), signal.SIGKILL)
        handle = real_submit(self, job)
        os.kill(os.getpid(), signal.SIGKILL)  # the handle is never recorded
        return handle

    LocalBackend.submit = submit
    from tianluo.cli import main
    sys.exit(main(["tick", "--run", sys.argv[1]]))
"""


def killed_tick(run_dir: Path, cwd: Path, when: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(KILLED_TICK), str(run_dir), when],
                          cwd=cwd, env=clean_env(), capture_output=True, text=True, timeout=60)


@pytest.fixture
def fresh_run(tmp_path):
    project = tmp_path / "proj"
    spec = write_spec(project, SPEC)
    run_dir = start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    assert read_state(run_dir)["total_attempts"] == 0
    return project, run_dir


def stage_of(run_dir: Path) -> dict:
    return read_state(run_dir)["entities"]["solo"]["stages"]["work"]


def test_a_tick_killed_right_after_submit_is_adopted_not_resubmitted(fresh_run, tmp_path):
    project, run_dir = fresh_run
    proc = killed_tick(run_dir, tmp_path, "after")
    assert proc.returncode == -signal.SIGKILL, proc.stderr

    # the intent is on disk, the handle never made it
    state = read_state(run_dir)
    stage = state["entities"]["solo"]["stages"]["work"]
    assert stage["status"] == "submitted"
    assert stage["attempt"] == 1
    assert len(stage["attempts"]) == 1
    intent = stage["attempts"][0]
    assert intent["n"] == 1 and intent["handle"] is None and intent["submitted_at"] is None
    assert state["total_attempts"] == 1
    assert [e["event"] for e in read_events(run_dir)] == ["run_created", "submit_intent"]
    # ...yet the detached runner lives on and runs the job
    wait_for((run_dir / "attempts/solo/work/1/started.json").exists, what="the orphaned runner to start")

    out = run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert "adopted" in out.stdout
    events = read_events(run_dir)
    adopted = [e for e in events if e["event"] == "adopted"]
    assert len(adopted) == 1
    assert adopted[0]["attempt"] == 1
    started = json.loads((run_dir / "attempts/solo/work/1/started.json").read_text())
    assert adopted[0]["pid"] == started["runner_pid"]
    stage = stage_of(run_dir)
    assert stage["attempt"] == 1 and len(stage["attempts"]) == 1
    assert stage["attempts"][0]["adopted"] is True
    assert stage["attempts"][0]["launches"] == 1
    assert stage["attempts"][0]["handle"]["pid"] == started["runner_pid"]
    assert read_state(run_dir)["total_attempts"] == 1
    assert not any(e["event"] in ("relaunch", "submitted") for e in events)

    doc = tick_until(run_dir, tmp_path, phases=("complete",), timeout=30)
    assert doc["total_attempts"] == 1
    assert doc["entities"]["solo"]["stages"]["work"]["attempt"] == 1
    assert (project / "counter.txt").read_text() == "ran 1\n"  # the command ran exactly once
    assert sorted(p.name for p in (run_dir / "attempts/solo/work").iterdir()) == ["1"]
    runner_log = (run_dir / "attempts/solo/work/1/runner.log").read_text()
    assert "already claimed" not in runner_log


def test_a_tick_killed_before_submit_relaunches_the_same_attempt_once(fresh_run, tmp_path):
    project, run_dir = fresh_run
    proc = killed_tick(run_dir, tmp_path, "before")
    assert proc.returncode == -signal.SIGKILL, proc.stderr

    stage = stage_of(run_dir)
    assert stage["status"] == "submitted"
    assert stage["attempts"][0]["handle"] is None
    assert not (run_dir / "attempts").exists()  # nothing was launched
    assert not (project / "counter.txt").exists()

    out = run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert "left no trace of a launch" in out.stdout
    events = read_events(run_dir)
    relaunch = [e for e in events if e["event"] == "relaunch"]
    assert [e["attempt"] for e in relaunch] == [1]
    submitted = [e for e in events if e["event"] == "submitted"]
    assert [e["attempt"] for e in submitted] == [1]
    stage = stage_of(run_dir)
    assert stage["attempt"] == 1 and len(stage["attempts"]) == 1
    assert stage["attempts"][0]["launches"] == 2
    assert stage["attempts"][0]["adopted"] is False
    assert stage["attempts"][0]["handle"]["pid"] == submitted[0]["pid"]
    assert read_state(run_dir)["total_attempts"] == 1

    doc = tick_until(run_dir, tmp_path, phases=("complete",), timeout=30)
    assert doc["total_attempts"] == 1
    assert (project / "counter.txt").read_text() == "ran 1\n"
    assert [e["event"] for e in read_events(run_dir)].count("relaunch") == 1
    assert sorted(p.name for p in (run_dir / "attempts/solo/work").iterdir()) == ["1"]


LONG = """\
name: lost
entities:
  solo:
    stages:
      work:
        run: echo "ran $TIANLUO_ATTEMPT" >> counter.txt; if [ "$TIANLUO_ATTEMPT" = 1 ]; then sleep 30; fi
"""


def test_a_lost_runner_is_cancelled_and_retried_free(tmp_path):
    project = tmp_path / "proj"
    run_dir = start_run(write_spec(project, LONG), tmp_path / "home", tmp_path)
    started = wait_started(run_dir / "attempts/solo/work/1", what="attempt 1 to start")
    runner = psutil.Process(started["runner_pid"])
    orphan = wait_for(lambda: runner.children(), what="the job process")[0]
    os.kill(runner.pid, signal.SIGKILL)  # no exit.json will ever be written
    wait_for(lambda: not runner.is_running() or runner.status() == psutil.STATUS_ZOMBIE)

    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    events = read_events(run_dir)
    failed = [e for e in events if e["event"] == "failed"]
    assert failed and failed[0]["fault"] == {"class": "transient", "label": "lost"}
    cancelled = [e for e in events if e["event"] == "cancelled"]
    assert len(cancelled) == 1 and cancelled[0]["attempt"] == 1
    assert orphan.pid in cancelled[0]["pids"]
    wait_for(lambda: not orphan.is_running() or orphan.status() == psutil.STATUS_ZOMBIE,
             what="the orphan to be killed")

    doc = tick_until(run_dir, tmp_path, phases=("complete",), timeout=30)
    work = doc["entities"]["solo"]["stages"]["work"]
    assert work["attempt"] == 2
    assert (work["budget_used"], work["free_retries"]) == ({}, 1)  # lost: free, like a node failure
    assert (project / "counter.txt").read_text() == "ran 1\nran 2\n"
    assert not (run_dir / "attempts/solo/work/1/exit.json").exists()


TWO = """\
name: two
entities:
  first:
    stages:
      work: {run: 'echo "ran $TIANLUO_ATTEMPT" >> counter-{entity}.txt'}
  second:
    stages:
      work: {run: 'echo "ran $TIANLUO_ATTEMPT" >> counter-{entity}.txt'}
"""


def test_a_tick_killed_between_two_submits_adopts_one_and_relaunches_the_other(tmp_path):
    """Both intents are saved before any launch; the tick dies after launching only the first,
    which has already finished when the next tick looks."""
    project = tmp_path / "proj"
    run_dir = start_run(write_spec(project, TWO), tmp_path / "home", tmp_path, "--no-tick")
    proc = killed_tick(run_dir, tmp_path, "after")
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    state = read_state(run_dir)
    assert state["total_attempts"] == 2
    for entity in ("first", "second"):
        attempt = state["entities"][entity]["stages"]["work"]["attempts"][0]
        assert attempt["handle"] is None
    assert not (run_dir / "attempts/second").exists()
    wait_for((run_dir / "attempts/first/work/1/exit.json").exists, what="the first job to end")

    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    events = read_events(run_dir)
    assert [(e["entity"], e["attempt"]) for e in events if e["event"] == "adopted"] == [("first", 1)]
    assert [(e["entity"], e["attempt"]) for e in events if e["event"] == "relaunch"] == [("second", 1)]
    # the adopted attempt had already ended: it is folded at once
    assert read_state(run_dir)["entities"]["first"]["stages"]["work"]["status"] == "succeeded"

    doc = tick_until(run_dir, tmp_path, phases=("complete",), timeout=30)
    assert doc["total_attempts"] == 2
    for entity in ("first", "second"):
        assert (project / f"counter-{entity}.txt").read_text() == "ran 1\n"
        assert doc["entities"][entity]["stages"]["work"]["attempt"] == 1
