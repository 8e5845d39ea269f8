"""``tianluo stop --cancel`` stops the run and records its cancels in one hold of the run's lock.

A real ``stop --cancel`` in a process whose ``RunStore.lock`` is instrumented: each time it lets
the lock go, it writes down what state.json says then and runs a real ``tianluo tick`` at once
(a tick that slipped in between). No tick may ever find the run stopped with an attempt about to
be cancelled and not yet marked so: it would judge that attempt's exit on its own.
"""

import json
import subprocess
import sys
import textwrap

import pytest
from conftest import clean_env, read_events, read_state, start_run, wait_for, write_spec

pytestmark = pytest.mark.integration

SPEC = """\
name: stop-once
interval: 1h
cancel_grace: 2s
entities:
  a:
    stages:
      train: {run: 'sleep 120'}
"""

WORKER = """
    import contextlib, json, subprocess, sys
    from tianluo.shell import store
    from tianluo.cli import main

    run_dir, record = sys.argv[1], sys.argv[2]
    plain = store.RunStore.lock

    @contextlib.contextmanager
    def lock(self, *args, **kwargs):
        with plain(self, *args, **kwargs) as fd:
            yield fd
        doc = json.load(open(f"{run_dir}/state.json"))
        train = doc["entities"]["a"]["stages"]["train"]
        cancel = train["attempts"][-1].get("cancel") if train.get("attempts") else None
        tick = subprocess.run([sys.executable, "-m", "tianluo", "tick", "--quiet", "--run", run_dir],
                              capture_output=True, text=True, timeout=60)  # a tick slips in here
        with open(record, "a") as f:
            f.write(json.dumps({"phase": doc["phase"], "status": train.get("status", "pending"),  # left out: pending
                                "cancel": cancel,
                                "tick": tick.returncode, "tick_err": tick.stderr}) + "\\n")

    store.RunStore.lock = lock
    sys.exit(main(["stop", "--cancel", "--reason", "enough", "--run", run_dir]))
"""


def test_stop_cancel_records_its_cancels_before_any_tick_can_see_the_run_stopped(tmp_path):
    proj = tmp_path / "proj"
    run_dir = start_run(write_spec(proj, SPEC), tmp_path / "home", proj)
    wait_for((run_dir / "attempts/a/train/1/started.json").exists, timeout=30, what="train's started.json")
    record = tmp_path / "releases.jsonl"
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(WORKER), str(run_dir), str(record)],
                          cwd=proj, env=clean_env(), capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "a.train attempt 1: cancelled (TERM)" in proc.stdout
    releases = [json.loads(line) for line in record.read_text().splitlines()]
    # the lock is let go twice: once the run is stopped with its cancel recorded (then TERM, without the
    # lock, while the job gets its grace), and once the cancel is recorded done
    assert len(releases) == 2, releases
    first, last = releases
    assert first["phase"] == "stopped" and first["status"] in ("submitted", "running")
    assert first["cancel"] is not None and first["cancel"]["reason"].startswith("the run ended")
    assert last["status"] == "pending"
    assert [r["tick"] for r in releases] == [0, 0], releases
    state = read_state(run_dir)
    assert state["phase"] == "stopped" and state["end"]["cancelled"] == ["a.train"]
    train = state["entities"]["a"]["stages"]["train"]
    assert train["status"] == "pending" and train["attempts"][-1]["outcome"] is None
    kinds = [e["event"] for e in read_events(run_dir)]
    assert kinds.count("run_stopped") == 1 and kinds.count("end_cancelled") == 1
    assert "failed" not in kinds and "attempt_failed" not in kinds
