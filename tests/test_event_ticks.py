"""Event ticks: a job's exit starts a tick at once, so a failure is retried in seconds (the commands the test
runs in a fork of the test process, tests/forked_cli.py; the event ticks the runners start, real processes)."""

import json
import time

import pytest
from conftest import wait_for, write_spec
from forked_cli import run, start_run, status_json

from tianluo.backends.local import LocalBackend
from tianluo.shell.store import RunStore
from tianluo.shell.tick import AGAIN, run_tick

pytestmark = pytest.mark.integration

SPEC = """\
name: event-run
interval: 10m
entities:
  a:
    stages:
      flaky:
        run: test -f first.txt || { touch first.txt; exit 1; }; echo ok > done.txt
        done_when: {exists: done.txt}
ladder:
  unknown: {retries: 1, backoff: [0s]}
"""


def test_an_unattended_run_handles_a_failure_and_completes_without_waiting_for_the_interval(tmp_path):
    run_dir = start_run(write_spec(tmp_path / "proj", SPEC), tmp_path / "home", tmp_path, "--trigger", "daemon")
    # start ran the first tick; from here only the jobs' own exits tick the run (the interval is 10m)
    doc = wait_for(lambda: (d := status_json(run_dir, tmp_path))["phase"] == "complete" and d, timeout=30,
                   what="the run to complete by event ticks alone")
    assert doc["entities"]["a"]["stages"]["flaky"]["attempt"] == 2
    first = json.loads((run_dir / "attempts/a/flaky/1/exit.json").read_text())
    second = json.loads((run_dir / "attempts/a/flaky/2/started.json").read_text())
    assert first["exit_code"] == 1
    assert second["started_at"] > first["ended_at"]
    events = [json.loads(line) for line in (run_dir / "events.jsonl").read_text().splitlines()]
    assert [e["event"] for e in events].count("trigger_removed") == 1


def test_a_run_without_a_trigger_does_not_tick_by_itself(tmp_path):
    run_dir = start_run(write_spec(tmp_path / "proj", SPEC), tmp_path / "home", tmp_path, "--trigger", "none")
    wait_for((run_dir / "attempts/a/flaky/1/exit.json").exists, timeout=20, what="attempt 1 to exit")
    time.sleep(1.0)
    assert status_json(run_dir, tmp_path)["tick_count"] == 1  # only start's tick: you tick it yourself


def test_an_event_tick_that_finds_the_lock_taken_leaves_a_marker(tmp_path):
    run_dir = start_run(write_spec(tmp_path / "proj", SPEC), tmp_path / "home", tmp_path, "--trigger", "none",
                        "--no-tick")
    with RunStore(run_dir).lock():
        proc = run("tick", "--event", "--run", run_dir, cwd=tmp_path)
        assert proc.returncode == 0
        assert (run_dir / AGAIN).exists()  # left for whoever holds the lock
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)  # a tick that starts after it covers it
    assert not (run_dir / AGAIN).exists()


def test_a_tick_runs_once_more_when_a_job_exits_while_it_runs(tmp_path):
    """The marker set during a tick (an event tick found the lock taken) makes it go once more."""
    run_dir = start_run(write_spec(tmp_path / "proj", SPEC), tmp_path / "home", tmp_path, "--trigger", "none",
                        "--no-tick")

    class EventDuringTick(LocalBackend):
        calls = 0

        def poll(self, jobs):
            EventDuringTick.calls += 1
            if EventDuringTick.calls == 1:
                (run_dir / AGAIN).touch()
            return super().poll(jobs)

    backend = EventDuringTick(run_dir)
    run_tick(run_dir, backend=backend)  # launches attempt 1
    wait_for((run_dir / "attempts/a/flaky/1/exit.json").exists, timeout=20, what="attempt 1 to exit")
    before = RunStore(run_dir).load().tick_count
    run_tick(run_dir, backend=backend)
    assert RunStore(run_dir).load().tick_count == before + 2
    assert not (run_dir / AGAIN).exists()
