"""tianluo.core.ladder: budgets per fault class, the backoff table, may_retry; and, on real processes,
budgets that match the fault (a transient fault walks its backoff, a lost attempt is free)."""

import os
import signal
from datetime import datetime

import psutil
import pytest
from conftest import read_events, read_state, wait_for, wait_started, write_spec
from forked_cli import run, start_run, status_json, tick_until

from tianluo.core.ladder import DEFAULT_BUDGETS, backoff_seconds, may_retry, resolve_budgets
from tianluo.models.model import StageState
from tianluo.models.plan_model import Budget
from tianluo.models.states import FaultClass
from tianluo.planning.spec import LadderSpec, Rung

T, C, K, U = FaultClass.TRANSIENT, FaultClass.CONFIG, FaultClass.CODE, FaultClass.UNKNOWN


# --- backoff_seconds -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("retry", "seconds"),
    [(1, 0.0), (2, 600.0), (3, 1800.0), (4, 1800.0), (10, 1800.0)],
)
def test_backoff_table_last_entry_repeats(retry, seconds):
    budget = Budget(retries=10, backoff=[0.0, 600.0, 1800.0])
    assert backoff_seconds(budget, retry) == seconds


@pytest.mark.parametrize("retry", [1, 2, 7])
def test_single_entry_backoff_applies_to_every_retry(retry):
    assert backoff_seconds(Budget(retries=9, backoff=[300.0]), retry) == 300.0


def test_empty_backoff_means_no_wait():
    assert backoff_seconds(Budget(retries=3, backoff=[]), 2) == 0.0


@pytest.mark.parametrize("retry", [0, -1])
def test_retry_numbers_start_at_one(retry):
    with pytest.raises(ValueError, match="starts at 1"):
        backoff_seconds(Budget(retries=3, backoff=[1.0]), retry)


# --- resolve_budgets -----------------------------------------------------------------


def test_empty_ladder_gives_the_defaults():
    budgets = resolve_budgets(LadderSpec())
    assert budgets == DEFAULT_BUDGETS
    assert list(budgets) == [T, C, K, U]


def test_default_budgets_retry_transient_with_growing_waits_and_code_never():
    budgets = resolve_budgets(LadderSpec())
    assert budgets[T].retries == 3
    assert budgets[T].backoff == [0.0, 120.0, 600.0]
    assert budgets[C].retries == 1
    assert budgets[U].retries == 1
    assert budgets[K].retries == 0


def test_override_replaces_retries_and_backoff():
    budgets = resolve_budgets(LadderSpec(transient=Rung(retries=5, backoff=[1.0, 2.0])))
    assert budgets[T] == Budget(retries=5, backoff=[1.0, 2.0])


def test_override_without_backoff_keeps_the_default_backoff():
    budgets = resolve_budgets(LadderSpec(transient=Rung(retries=7)))
    assert budgets[T] == Budget(retries=7, backoff=[0.0, 120.0, 600.0])


def test_override_with_empty_backoff_keeps_the_default_backoff():
    budgets = resolve_budgets(LadderSpec(config=Rung(retries=2, backoff=[])))
    assert budgets[C] == Budget(retries=2, backoff=[0.0])


def test_override_of_one_class_leaves_the_others_at_default():
    budgets = resolve_budgets(LadderSpec(code=Rung(retries=2)))
    assert budgets[K].retries == 2
    assert budgets[T] == DEFAULT_BUDGETS[T]
    assert budgets[C] == DEFAULT_BUDGETS[C]
    assert budgets[U] == DEFAULT_BUDGETS[U]


def test_zero_retries_can_switch_a_class_off():
    assert resolve_budgets(LadderSpec(transient=Rung(retries=0)))[T].retries == 0


def test_resolved_budgets_are_copies_of_the_defaults():
    budgets = resolve_budgets(LadderSpec())
    budgets[T].retries = 99
    assert DEFAULT_BUDGETS[T].retries == 3


def test_resolved_backoff_list_is_not_shared_with_the_defaults():
    budgets = resolve_budgets(LadderSpec())
    budgets[T].backoff.append(3600.0)
    assert DEFAULT_BUDGETS[T].backoff == [0.0, 120.0, 600.0]


def test_resolved_backoff_is_a_copy_of_the_spec_list():
    rung = Rung(retries=2, backoff=[5.0])
    budgets = resolve_budgets(LadderSpec(transient=rung))
    budgets[T].backoff.append(6.0)
    assert rung.backoff == [5.0]


# --- may_retry -----------------------------------------------------------------------


@pytest.mark.parametrize(("used", "allowed"), [(0, True), (2, True), (3, False), (4, False)])
def test_may_retry_while_the_class_has_budget(used, allowed):
    stage = StageState(budget_used={T: used})
    assert may_retry(stage, T, DEFAULT_BUDGETS) is allowed


def test_budgets_are_counted_per_class():
    stage = StageState(budget_used={C: 1})
    assert may_retry(stage, C, DEFAULT_BUDGETS) is False
    assert may_retry(stage, T, DEFAULT_BUDGETS) is True
    assert may_retry(stage, U, DEFAULT_BUDGETS) is True


def test_code_faults_are_never_retried_by_default():
    assert may_retry(StageState(), K, DEFAULT_BUDGETS) is False


# --- on real processes: budgets that match the fault ----------------------------------------
# Real ticks through the CLI (in forks, tests/forked_cli.py) and real runners; short waits stand in for minutes.

BLIPS = """\
name: blips
entities:
  solo:
    stages:
      fetch:
        run: >-
          echo "try $TIANLUO_ATTEMPT" >> tries.txt;
          if [ "$TIANLUO_ATTEMPT" -le 3 ]; then
          echo "ConnectionResetError: [Errno 104] Connection reset by peer" >&2; exit 1; fi
ladder:
  transient: {retries: 3, backoff: [0s, 2s, 4s]}
"""


@pytest.mark.integration
def test_a_transient_fault_three_times_in_a_row_walks_its_whole_backoff_schedule(tmp_path):
    project = tmp_path / "proj"
    run_dir = start_run(write_spec(project, BLIPS), tmp_path / "home", tmp_path)
    doc = tick_until(run_dir, tmp_path, phases=("complete", "blocked"), timeout=90, pace=0.3)
    assert doc["phase"] == "complete", doc["entities"]["solo"]["stages"]["fetch"]
    fetch = doc["entities"]["solo"]["stages"]["fetch"]
    assert (fetch["attempt"], fetch["budget_used"]) == (4, {"transient": 3})
    assert (project / "tries.txt").read_text() == "try 1\ntry 2\ntry 3\ntry 4\n"
    attempts = read_state(run_dir)["entities"]["solo"]["stages"]["fetch"]["attempts"]
    # the same failure each time: before, the second one was held ("the same failure twice in a row")
    assert len({a["fingerprint"] for a in attempts[:3]}) == 1
    assert [a["fault"]["label"] for a in attempts[:3]] == ["connection_error"] * 3
    retries = [e for e in read_events(run_dir) if e["event"] == "retry_scheduled"]
    assert [e["wait_s"] for e in retries] == [0.0, 2.0, 4.0]
    assert not [e for e in read_events(run_dir) if e["event"] == "held"]
    # each retry waited out its backoff after the failure that scheduled it
    ended = [_at(a["ended_at"]) for a in attempts[:3]]
    intents = [_at(a["intent_at"]) for a in attempts[1:]]
    for wait, end, intent in zip((0.0, 2.0, 4.0), ended, intents, strict=False):
        assert (intent - end).total_seconds() >= wait - 1.0  # ended_at is the runner's clock, to the second


LONG = """\
name: reboot
entities:
  solo:
    stages:
      work:
        run: echo "ran $TIANLUO_ATTEMPT" >> counter.txt; if [ "$TIANLUO_ATTEMPT" = 1 ]; then sleep 30; fi
ladder:
  transient: {retries: 1}
"""


@pytest.mark.integration
def test_an_attempt_whose_runner_and_job_are_killed_together_is_retried_free(tmp_path):
    project = tmp_path / "proj"
    run_dir = start_run(write_spec(project, LONG), tmp_path / "home", tmp_path)
    started = wait_started(run_dir / "attempts/solo/work/1", what="attempt 1 to start")
    runner = psutil.Process(started["runner_pid"])
    job = wait_for(lambda: runner.children(recursive=True), what="the job process")
    before = status_json(run_dir, tmp_path)["entities"]["solo"]["stages"]["work"]
    # a reboot, as the run folder sees it: the runner and its job gone at once, no exit.json
    for proc in (runner, *job):
        os.kill(proc.pid, signal.SIGKILL)
    wait_for(lambda: all(not p.is_running() or p.status() == psutil.STATUS_ZOMBIE for p in (runner, *job)),
             what="the runner and its job to die")

    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    (failed,) = [e for e in read_events(run_dir) if e["event"] == "failed"]
    assert failed["fault"] == {"class": "transient", "label": "lost"}
    (retry,) = [e for e in read_events(run_dir) if e["event"] == "retry_scheduled"]
    assert retry["free"] is True and retry["wait_s"] == 0.0
    doc = tick_until(run_dir, tmp_path, phases=("complete",), timeout=30)
    work = doc["entities"]["solo"]["stages"]["work"]
    assert work["attempt"] == 2
    assert work["budget_used"] == before["budget_used"] == {}
    assert work["free_retries"] == before["free_retries"] + 1 == 1
    assert (project / "counter.txt").read_text() == "ran 1\nran 2\n"
    assert not (run_dir / "attempts/solo/work/1/exit.json").exists()


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))
