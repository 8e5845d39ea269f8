"""Goodput on a real run: real local jobs, real ticks of the CLI with time passing.

The trainer of examples/demo prints its steps, checkpoints every second step, and on its
first attempt dies at step 5 of a real ``ConnectionResetError: [Errno 104] Connection reset by
peer`` traceback (exit 1); the retry resumes from step 4 and succeeds. About a second of job time:
steps of 0.1 s, so on a loaded machine a whole attempt often runs between two ticks. The retry's log,
read from its start, still says where it resumed (its first reading less the step to the next).
"""

import json
import re
import shutil
import sys
from pathlib import Path

import forked_cli
import pytest
from conftest import read_state, write_spec
from forked_cli import status_json

from tianluo.core import goodput

pytestmark = pytest.mark.integration

FAKE_TRAIN = Path(__file__).resolve().parents[1] / "examples" / "demo" / "fake_train.py"
SPEC = r"""
name: goodput-real
entities:
  m:
    stages:
      train:
        run: >-
          {py} fake_train.py --out out --steps 10 --step-seconds 0.1 --ckpt-every 2
          --fail connreset --fail-at-step 5 --fail-attempts 1
        progress: {{regex: 'step (?P<done>\d+)/(?P<total>\d+)', stall_after: 1m}}
        done_when: {{exists: out/final.ckpt}}
success_gate:
  all_done: true
ladder:
  transient: {{retries: 2, backoff: [0s]}}
"""


def test_a_stage_that_fails_once_on_a_connection_reset_shows_what_it_cost(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(FAKE_TRAIN, work / "fake_train.py")
    # Ticks in forks (tests/forked_cli.py), ten times as quick as real ones: a tick often sees the retry's first
    # step line alone, and where the retry began comes from the next tick's first reading (redone was 0 before).
    run_dir = forked_cli.start_run(write_spec(work, SPEC.format(py=sys.executable)), tmp_path / "home", work)
    doc = forked_cli.tick_until(run_dir, work, timeout=60, pace=0.1)
    state = read_state(run_dir)
    train = state["entities"]["m"]["stages"]["train"]
    first, second = train["attempts"]
    assert first["outcome"] == "failed" and first["fault"]["label"] == "connection_error"
    assert second["outcome"] == "succeeded"
    assert "resuming from step 4" in (run_dir / second["dir"] / "stdout").read_text()
    assert first["judged_at"] >= first["ended_at"] and first["progress"]["done"] >= 1  # the facts it reads

    spent = doc["goodput"]  # status --json
    run, stage = spent["run"], spent["stages"]["m.train"]
    assert 0 < stage["ratio"] < 1 and 0 < run["ratio"] < 1
    assert stage["lost_s"]["redone"] > 0  # the steps after the checkpoint were done again
    assert set(stage["lost_by_fault"]) == {"transient/connection_error"}
    assert stage["lost_by_fault"]["transient/connection_error"] > 0
    assert stage["fault_attempts"] == {"transient/connection_error": 1} and stage["attempts"] == 2
    assert stage["progress"] == "measured" and stage["gpu_hours"] is None
    assert stage["productive_s"] + sum(stage["lost_s"].values()) == pytest.approx(stage["wall_s"], abs=0.5)
    # the same account from the validated state and from the plain reading status used
    from datetime import datetime

    assert goodput.account(state, datetime.fromisoformat(doc["as_of"])) == spent

    text = forked_cli.run("status", "--run", run_dir, cwd=work, check=True).stdout
    line = next(x for x in text.splitlines() if x.startswith("goodput "))
    # the line names the biggest losses (on a loaded machine queue and detection can outweigh the redone steps)
    assert any(i["cause"] == "redone" and i["fault"] == "transient/connection_error" for i in run["lost_detail"])
    biggest = [goodput.loss_words(i) for i in run["lost_detail"] if i["s"] >= 0.05][:3]
    assert re.fullmatch(r"goodput \d+%: \S+ of \S+ productive; lost: " + re.escape(", ".join(biggest)), line), line

    completion = (run_dir / "COMPLETION.md").read_text()
    assert "## Where the time went" in completion and "goodput" in completion
    assert re.search(r"^- lost by fault: connection_error \S+ over 1 attempt$", completion, re.MULTILINE), completion
    assert re.search(r"^\| m\.train \| \S+ \| \S+ \| \S+ \(redone \S+", completion, re.MULTILINE), completion

    lessons = (run_dir / "lessons.md").read_text()
    assert re.search(r"^- connection_error cost \S+ over 1 attempt$", lessons, re.MULTILINE), lessons

    prom = tmp_path / "t.prom"
    forked_cli.run("tick", "--metrics-file", prom, "--run", run_dir, cwd=work, check=True)
    metrics = prom.read_text()
    assert f'tianluo_goodput_ratio{{run="{run_dir.name}"}} {run["ratio"]!r}' in metrics
    assert (f'tianluo_lost_fault_seconds{{run="{run_dir.name}",fault="transient/connection_error"}} '
            f'{run["lost_by_fault"]["transient/connection_error"]!r}') in metrics
    assert json.loads(json.dumps(status_json(run_dir, work)["goodput"])) == spent  # a finished run: its clock stopped
