"""progress.startup_after on real processes (the CLI in forks, tests/forked_cli.py): a slow start is not a hang;
a job that never prints is.

stall_after 2s applies between progress lines; the first line may take up to startup_after 8s.
"""

import sys
import time
from datetime import datetime

import pytest
from conftest import read_events, read_state, write_spec
from forked_cli import run, start_run

pytestmark = pytest.mark.integration

PY = sys.executable
JOB = """\
import sys, time
if sys.argv[1] == "silent":
    time.sleep(60)
time.sleep(4.5)  # loading, rendezvous: longer than stall_after, within startup_after
for i in (1, 2, 3):
    print(f"step {i}/3", flush=True)
    time.sleep(0.4)
"""
PROGRESS = r"progress: {regex: 'step (?P<done>\d+)/(?P<total>\d+)', stall_after: 2s, startup_after: 8s}"
SPEC = f"""\
name: startup
interval: 60s
cancel_grace: 1s
ladder: {{transient: {{retries: 0}}}}
entities:
  slow:
    stages:
      train:
        run: '{PY} job.py slow'
        {PROGRESS}
  silent:
    stages:
      train:
        run: '{PY} job.py silent'
        {PROGRESS}
"""


def _ts(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def test_a_slow_first_progress_line_is_not_a_hang_and_a_silent_job_is_caught_after_startup_after(tmp_path):
    project = tmp_path / "proj"
    project.mkdir()
    (project / "job.py").write_text(JOB)
    run_dir = start_run(write_spec(project, SPEC), tmp_path / "home", tmp_path)
    deadline = time.monotonic() + 60
    while True:
        run("tick", "--run", run_dir, cwd=tmp_path, check=True)
        state = read_state(run_dir)
        slow = state["entities"]["slow"]["stages"]["train"]
        silent = state["entities"]["silent"]["stages"]["train"]
        if slow["status"] == "succeeded" and silent["status"] == "held":
            break
        assert time.monotonic() < deadline, (slow["status"], silent["status"])
        time.sleep(0.2)
    assert slow["attempt"] == 1  # never cancelled, never retried
    hung = [e for e in read_events(run_dir) if e["event"] == "hung"]
    assert [(e["entity"], e["stage"]) for e in hung] == [("silent", "train")]
    assert "no progress line for" in hung[0]["message"] and "(startup_after 8s)" in hung[0]["message"]
    started = _ts(silent["attempts"][0]["started_at"])
    assert (_ts(hung[0]["ts"]) - started).total_seconds() >= 8
