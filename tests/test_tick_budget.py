"""Ticks cannot stall a run: a wall-clock budget on observing, and a lock held too long is news.

A tick past its budget stops observing, keeps what it saw (stages it did not look at stay as
they were, cursors are not moved, the gate is not checked), saves and exits. A tick that is
stopped (SIGSTOP) while it holds the lock is reported by ``status`` and by the next tick,
which exits 75 and runs the spec's notify commands once; when the stopped tick is gone
(cron's `timeout` kills it), the next tick records the stall and the run goes on.
"""

import json
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import forked_cli
import psutil
import pytest
from conftest import clean_env, cli, read_events, read_state, wait_for, write_spec
from forked_cli import start_run, status_json, tick_until

from tianluo.backends.local import LocalBackend
from tianluo.shell.tick import run_tick

pytestmark = pytest.mark.integration

SPEC = """\
name: budget
entities:
  a:
    stages:
      one: {run: "echo step 1 > one.log; touch one.done", done_when: {exists: one.done}}
      two: {run: "echo step 1 > two.log; touch two.done", done_when: {exists: two.done}}
notify:
  - command: 'echo "$TIANLUO_TITLE" >> notified.txt'
"""


@pytest.fixture
def run(tmp_path):
    project = tmp_path / "proj"
    spec = write_spec(project, SPEC)
    run_dir = start_run(spec, tmp_path / "home", tmp_path)  # the first tick launches both stages (in a fork)
    for stage in ("one", "two"):
        wait_for((run_dir / f"attempts/a/{stage}/1/exit.json").exists, what=f"{stage} to finish")
    return project, run_dir


def stages(run_dir: Path) -> dict:
    return read_state(run_dir)["entities"]["a"]["stages"]


def test_a_tick_out_of_budget_looks_at_nothing_more_and_judges_nothing_it_did_not_see(run, tmp_path):
    project, run_dir = run
    before = stages(run_dir)
    proc = forked_cli.run("tick", "--run", run_dir, "--budget", "0s", cwd=tmp_path, check=True)
    assert "budget of 0s ran out" in proc.stdout
    after = stages(run_dir)
    for name in ("one", "two"):  # finished, but not looked at: not judged, not relaunched, cursors unmoved
        assert after[name]["status"] == before[name]["status"] == "submitted"
        assert after[name]["attempts"] == before[name]["attempts"]
    state = read_state(run_dir)
    assert state["phase"] == "running" and not state["gate"]["met"]  # a gate not looked at is not met
    (ev,) = [e for e in read_events(run_dir) if e["event"] == "tick_over_budget"]
    assert sorted(ev["not_looked_at"]) == ["a.one", "a.two"] and ev["budget_s"] == 0
    doc = tick_until(run_dir, tmp_path, timeout=30)  # the next tick, with its budget, sees everything
    assert doc["total_attempts"] == 2
    assert {s["status"] for s in doc["entities"]["a"]["stages"].values()} == {"succeeded"}


class HungPoll(LocalBackend):
    """The real local backend whose poll blocks like a read on a hung NFS mount."""

    def poll(self, jobs):
        time.sleep(60)
        return super().poll(jobs)


def test_a_tick_stuck_in_a_hung_read_is_interrupted_at_its_budget_and_saves(run):
    _, run_dir = run
    before = stages(run_dir)
    t0 = time.monotonic()
    result = run_tick(run_dir, backend=HungPoll(run_dir), budget=0.5)
    assert time.monotonic() - t0 < 5
    assert result.ran
    assert [e["event"] for e in result.events] == ["tick_over_budget"]
    assert stages(run_dir) == before
    assert read_state(run_dir)["tick_count"] == 2  # the tick was saved, and its event with it
    assert [e["event"] for e in read_events(run_dir)].count("tick_over_budget") == 1


def _still_named(run_dir: Path, proc: subprocess.Popen) -> bool:
    """Once ``proc`` is really stopped, whether the lock file still names it as the holder."""
    deadline = time.monotonic() + 5
    while psutil.Process(proc.pid).status() != psutil.STATUS_STOPPED:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.001)
    try:
        return json.loads((run_dir / ".lock").read_text()).get("pid") == proc.pid
    except (OSError, ValueError):
        return False


def _stopped_tick(run_dir: Path, cwd: Path) -> subprocess.Popen:
    """A real `tianluo tick` SIGSTOPped while it holds the run's lock."""
    for _ in range(50):
        proc = subprocess.Popen([sys.executable, "-m", "tianluo", "tick", "--run", str(run_dir), "--budget", "3s"],
                                cwd=cwd, env=clean_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while proc.poll() is None:
            try:
                holder = json.loads((run_dir / ".lock").read_text())
            except (OSError, ValueError):
                holder = {}
            if holder.get("pid") == proc.pid and holder.get("budget_s") == 3:
                os.kill(proc.pid, signal.SIGSTOP)
                if _still_named(run_dir, proc):  # not stopped just after it let go of the lock
                    return proc
                proc.kill()
                proc.wait(timeout=10)
                break
            time.sleep(0.0005)
    raise AssertionError("could not catch a tick holding the lock")


def test_a_stopped_tick_holding_the_lock_is_reported_and_told_once_then_recorded(run, tmp_path):
    project, run_dir = run
    stopped = _stopped_tick(run_dir, tmp_path)
    try:
        quiet = forked_cli.run("tick", "--run", run_dir, cwd=tmp_path)
        assert quiet.returncode == 0 and "another tick holds the lock" in quiet.stdout  # not stalled yet
        since = datetime.fromisoformat(json.loads((run_dir / ".lock").read_text())["since"].replace("Z", "+00:00"))
        time.sleep(max(0.0, (since - datetime.now(UTC)).total_seconds() + 6.3))  # budget 3s + grace 3s
        for _ in range(2):  # real processes: what cron runs, and sees exit 75
            proc = cli("tick", "--quiet", "--run", run_dir, cwd=tmp_path)
            assert proc.returncode == 75, (proc.stdout, proc.stderr)
            assert len(proc.stderr.strip().splitlines()) == 1
            assert f"tick pid {stopped.pid}" in proc.stderr and "held too long" in proc.stderr
            assert f"kill -CONT {stopped.pid}" in proc.stderr
        assert (project / "notified.txt").read_text().count("is stalled") == 1  # told once, not every tick
        doc = status_json(run_dir, tmp_path)
        assert doc["lock"]["stalled"] is True and doc["lock"]["pid"] == stopped.pid and doc["lock"]["what"] == "tick"
        text = forked_cli.run("status", "--run", run_dir, cwd=tmp_path, check=True).stdout
        assert "STALLED: the run's lock is held too long" in text
    finally:
        stopped.kill()  # what cron's `timeout -k` does to it
        stopped.wait(timeout=10)
    doc = tick_until(run_dir, tmp_path, timeout=30)
    assert doc["lock"] is None
    stalls = [e for e in read_events(run_dir) if e["event"] == "lock_stalled"]
    assert len(stalls) == 1 and str(stopped.pid) in stalls[0]["message"]
    assert not (run_dir / ".lock-stalled").exists()
    assert (project / "notified.txt").read_text().count("is stalled") == 1


DAMAGED_BUDGETS = ["Infinity", "NaN", "-1", "1e308", '"x"']


@pytest.mark.parametrize("budget", DAMAGED_BUDGETS)
def test_a_lock_file_naming_a_holder_nobody_is_is_not_shown_and_never_crashes_status(run, tmp_path, budget):
    """.lock's text says PID 1 has held it since 2020 with a damaged budget, but no flock is held:
    status shows no holder (and no STALLED), and neither status nor a tick fails."""
    _project, run_dir = run
    (run_dir / ".lock").write_text(json.dumps({"pid": 1, "host": os.uname().nodename,
                                               "since": "2020-01-01T00:00:00Z", "what": "tick"})[:-1]
                                   + f', "budget_s": {budget}}}\n')
    tianluo = cli if budget == DAMAGED_BUDGETS[0] else forked_cli.run  # real processes once, then in a fork
    for args in (("status",), ("status", "--json")):
        proc = tianluo(*args, "--run", run_dir, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        assert "STALLED" not in proc.stdout and "pid 1 " not in proc.stdout
    assert json.loads(proc.stdout).get("lock") is None
    assert tianluo("tick", "--run", run_dir, cwd=tmp_path).returncode == 0


def test_a_damaged_budget_in_the_lock_of_a_real_holder_is_the_default_budget():
    from tianluo.shell import lockholder

    for budget in ("Infinity", "NaN", "-1", "1e308", "0"):
        holder = lockholder.parse(f'{{"pid": 7, "host": "h", "since": "2020-01-01T00:00:00Z", "budget_s": {budget}}}'
                                  .encode())
        assert holder.budget_s == lockholder.DEFAULT_BUDGET_S
        assert "pid 7" in lockholder.stall_report(holder, datetime.now(UTC))
    for pid in ("-3", "0", "1e30", "99999999999", "true", '"12"'):
        assert lockholder.parse(f'{{"pid": {pid}, "host": "h", "since": "2020-01-01T00:00:00Z"}}'.encode()) is None
    assert lockholder.parse(b"9" * 5000) is None
