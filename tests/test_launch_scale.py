"""Launching many jobs costs O(N): a tick saves its launches in batches and takes one snapshot.

Submit is still record: every intent (with its job name) is saved before the first launch;
the handles follow in batches (at most one save a second while launching, and one at the
end). A launch whose handle a kill kept from state.json is found by name by the next tick
(tests/test_adoption.py, tests/test_crash_harness.py). Counts here, not timings: the
revision number counts saves, snapshots/ counts snapshots.
"""

import os
import signal
import statistics
import sys
import time
from pathlib import Path

from conftest import cli, read_events

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.workloads import write_jobs, write_sweep
from tianluo.planning.newrun import create_run
from tianluo.shell.store import RunStore, snapshot_revision
from tianluo.shell.tick import SAVE_EVERY, run_tick, utcnow


def _kill_runners(run_dir: Path) -> None:
    state = RunStore(run_dir).load()
    for entity in state.entities.values():
        for stage in entity.stages.values():
            for attempt in stage.attempts:
                if attempt.handle is not None and attempt.handle.pid:
                    try:
                        os.killpg(attempt.handle.pid, signal.SIGKILL)  # the runner leads its job's group
                    except OSError:
                        pass


def test_start_of_n_jobs_saves_a_bounded_number_of_times_and_snapshots_once(tmp_path):
    n = 40
    spec = write_jobs(tmp_path / "proj", n, seconds=60)
    began = time.monotonic()
    proc = cli("start", spec, "--home", tmp_path / "home", "--trigger", "none", "--accept-defaults",
               cwd=tmp_path / "proj")
    took = time.monotonic() - began
    assert proc.returncode == 0, proc.stderr
    run_dir = Path(proc.stdout.strip().splitlines()[-1])
    try:
        state = RunStore(run_dir).load()
        launched = [s.attempts[0] for e in state.entities.values() for s in e.stages.values() if s.attempts]
        assert len(launched) == n and all(a.handle is not None and a.handle.pid for a in launched)
        # create (1) + the decision with every intent (1) + batches (at most one a second) + the last (1)
        assert state.revision <= 3 + took / SAVE_EVERY + 1, (state.revision, took)
        assert state.revision < n // 2
        snaps = RunStore(run_dir).snapshots()
        assert len(snaps) <= 2, [p.name for p in snaps]  # start's own, and the tick's one
        assert snapshot_revision(snaps[0]) == state.revision  # the tick's snapshot is of its last save
        events = read_events(run_dir)
        assert sum(e["event"] == "submit_intent" for e in events) == n
        assert sum(e["event"] == "submitted" for e in events) == n
        # every intent was saved before any launch: its seq is below every submitted's
        last_intent = max(e["seq"] for e in events if e["event"] == "submit_intent")
        assert min(e["seq"] for e in events if e["event"] == "submitted") > last_intent
    finally:
        _kill_runners(run_dir)


def _launch_time(tmp_path: Path, entities: int, i: int) -> float:
    """Seconds of the first tick of a sweep of ``entities`` x 5 stages (it launches ``entities`` jobs)."""
    folder = tmp_path / f"s{entities}-{i}"
    spec = write_sweep(folder, entities, chain=5, command="true")
    run_dir = create_run(spec, folder / ".tianluo", utcnow(), accept_defaults=True)
    began = time.monotonic()
    run_tick(run_dir)
    took = time.monotonic() - began
    state = RunStore(run_dir).load()
    assert sum(1 for e in state.entities.values() for s in e.stages.values() if s.attempts) == entities
    return took


def test_launch_time_grows_linearly_with_the_jobs_launched(tmp_path):
    """4x the jobs in a 4x bigger state: a linear tick takes ~4x, a quadratic one ~16x."""
    small, big = 8, 32
    t_small = statistics.median(_launch_time(tmp_path, small, i) for i in range(3))
    t_big = statistics.median(_launch_time(tmp_path, big, i) for i in range(3))
    assert t_big / t_small < 8, (t_small, t_big)
