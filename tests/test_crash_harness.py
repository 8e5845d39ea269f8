"""The crash harness in the suite: ticks SIGKILLed at random moments after they took the lock.

``benchmarks/bench_crash.py`` runs real runs of a real local pipeline, kills ticks (real
processes) at random delays measured from the moment the lock file names them, recovers, and
counts corrupt states, double launches, lost jobs, lost events and duplicate events: all must
be 0. Here with a few hundred kills (under a minute on 2 cores); the benchmark runs thousands.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import clean_env

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parent.parent
KILLS = 250


def test_hundreds_of_ticks_killed_at_random_points_lose_and_double_nothing(tmp_path):
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_crash.py"), "--kills", str(KILLS),
                           "--runs", "4", "--seed", "7", "--json"],
                          cwd=tmp_path, env=clean_env(), capture_output=True, text=True, timeout=240)
    assert proc.stdout.strip(), proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["kills"] >= KILLS, result
    assert result["ticks_completed"] > 0 and result["attempts"] > 0, result
    assert result["runs"] >= 4, result
    for key in ("corrupt_states", "double_launches", "lost_jobs", "lost_events", "duplicate_events",
                "tick_errors", "snapshots_ahead"):
        assert result[key] == 0, (key, result)
    assert proc.returncode == 0, proc.stderr
