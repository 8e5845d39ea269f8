"""tianluo.core.decide: the pure core. Plain values in, new state + actions + events out.

Every test builds a RunState, hands decide made-up observations and a fixed, timezone-aware
``now``, and looks at what comes out. No processes, no files except the spec of a test.
"""

from datetime import UTC, datetime, timedelta

import pytest
from freezegun import freeze_time
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pure_helpers import (
    RUN_ID,
    T0,
    at,
    blip,
    cancels,
    event_kinds,
    events_of,
    exited,
    failed_check,
    handle,
    launched,
    lost,
    observe,
    ok_check,
    running,
    seen,
    starting,
    state_from_graph,
    state_from_spec,
    submits,
)

from tianluo.backends.base import JobFacts
from tianluo.core.actions import Cancel, Submit, WriteAnalysis
from tianluo.core.decide import attempt_dir, decide, job_name, topo_order
from tianluo.core.observations import Observations, StageObservation
from tianluo.faults.rulebook import BUILTIN_RULES, compile_patterns
from tianluo.models.model import RunState, dump_state
from tianluo.models.states import DONE, FaultClass, JobState, Phase, StageStatus
from tianluo.planning.spec import LadderSpec, RuleSpec, Rung, SuccessGate
from tianluo.shell.logscan import Cursor, LogLine, scan

PIPELINE = """
name: pipe
entities:
  a:
    params: {lr: 0.1}
    stages:
      train:
        run: python train.py --lr {lr} --out out/{entity}
        done_when: {exists: 'out/{entity}/final.ckpt'}
      eval:
        needs: [train]
        run: python eval.py out/{entity}
  b:
    params: {lr: 0.2}
    stages:
      train:
        run: python train.py --lr {lr} --out out/{entity}
      eval:
        needs: [train, a.train]
        run: python eval.py out/{entity}
ladder:
  transient: {retries: 2, backoff: [0s, 10m]}
  config: {retries: 1}
  unknown: {retries: 1, backoff: 5m}
  code: {retries: 0}
"""

#: One stage, two-stage chain: the smallest graphs most tests need.
CHAIN = {"a": {"train": [], "eval": ["a.train"]}}
NO_RETRY = LadderSpec(transient=Rung(retries=0), config=Rung(retries=0), unknown=Rung(retries=0),
                      code=Rung(retries=0))


@pytest.fixture
def pipeline(tmp_path) -> RunState:
    """The PIPELINE spec, loaded, planned and started at T0."""
    return state_from_spec(tmp_path, PIPELINE)


def started(state: RunState, now: datetime = T0) -> RunState:
    """First decide, then the shell launches every submitted attempt."""
    return launched(decide(state, observe(), now).state)


def finish(state: RunState, *sids: str, now: datetime) -> RunState:
    """Observe the given (launched) stages exit 0 with done_when holding; launch what follows."""
    obs = observe(**{sid: seen(exited(0), done_when=[ok_check()]) for sid in sids})
    return launched(decide(state, obs, now).state)


# --- the first decide ----------------------------------------------------------------


def test_first_decide_submits_only_stages_without_needs(pipeline):
    d = decide(pipeline, observe(), T0)
    assert submits(d) == ["a.train", "b.train"]
    assert all(isinstance(a, Submit) for a in d.actions)
    assert d.state.stage("a.eval").status == StageStatus.PENDING
    assert d.state.stage("b.eval").status == StageStatus.PENDING


def test_first_decide_records_the_intent_before_any_handle(pipeline):
    d = decide(pipeline, observe(), T0)
    stage = d.state.stage("a.train")
    (attempt,) = stage.attempts
    assert stage.status == StageStatus.SUBMITTED
    assert stage.attempt == 1
    assert attempt.n == 1
    assert attempt.handle is None
    assert attempt.intent_at == T0
    assert attempt.dir == "attempts/a/train/1"
    assert d.state.total_attempts == 2


def test_submit_action_names_the_recorded_attempt(pipeline):
    d = decide(pipeline, observe(), T0)
    action = d.actions[0]
    assert action == Submit("a.train", 1, d.state.stage("a.train").attempts[0].job_name)
    assert action.job_name == f"tl.{RUN_ID}.a.train.1"


def test_submit_intent_event_is_logged(pipeline):
    d = decide(pipeline, observe(), T0)
    (ev, _) = events_of(d, "submit_intent")
    assert ev == {"ts": "2024-03-01T12:00:00Z", "event": "submit_intent", "entity": "a", "stage": "train",
                  "message": f"attempt 1 recorded as tl.{RUN_ID}.a.train.1", "attempt": 1,
                  "job_name": f"tl.{RUN_ID}.a.train.1"}


def test_job_names_are_equal_across_calls(pipeline):
    first = decide(pipeline, observe(), T0)
    second = decide(pipeline, observe(), at(hours=3))
    assert first.actions == second.actions


def test_job_name_is_deterministic_and_names_run_stage_and_attempt():
    assert job_name("r1", "lr-3e-4.train", 2) == job_name("r1", "lr-3e-4.train", 2) == "tl.r1.lr-3e-4.train.2"
    assert job_name("r2", "lr-3e-4.train", 2) != job_name("r1", "lr-3e-4.train", 2)
    assert attempt_dir("lr-3e-4.train", 2) == "attempts/lr-3e-4/train/2"


def test_job_names_of_distinct_stages_are_distinct():
    state = state_from_graph({"a-b": {"c": []}, "a": {"b-c": []}})
    d = decide(state, observe(), T0)
    names = [a.job_name for a in d.actions]
    assert len(names) == 2
    assert len(set(names)) == 2


def test_topo_order_puts_needs_first():
    state = state_from_graph({"a": {"eval": ["a.train", "b.prep"], "train": ["b.prep"]}, "b": {"prep": []}})
    order = topo_order(state)
    assert order.index("b.prep") < order.index("a.train") < order.index("a.eval")


# --- waiting for needs ---------------------------------------------------------------


def test_stage_waits_while_its_need_runs(pipeline):
    state = started(pipeline)
    d = decide(state, observe(**{"a.train": seen(running())}), at(60))
    assert submits(d) == []
    assert d.state.stage("a.eval").status == StageStatus.PENDING


def test_stage_is_submitted_in_the_decide_where_its_need_succeeds(pipeline):
    state = started(pipeline)
    d = decide(state, observe(**{"a.train": seen(exited(0), done_when=[ok_check()])}), at(hours=1))
    assert d.state.stage("a.train").status == StageStatus.SUCCEEDED
    assert submits(d) == ["a.eval"]
    assert d.state.stage("a.eval").status == StageStatus.SUBMITTED


def test_cross_entity_need_holds_back_a_stage(pipeline):
    state = started(pipeline)
    state = finish(state, "b.train", now=at(hours=1))  # b.eval also needs a.train
    assert state.stage("b.eval").status == StageStatus.PENDING
    d = decide(state, observe(**{"a.train": seen(running())}), at(hours=2))
    assert "b.eval" not in submits(d)


def test_cross_entity_need_releases_the_stage_when_met(pipeline):
    state = started(pipeline)
    state = finish(state, "b.train", now=at(hours=1))
    d = decide(state, observe(**{"a.train": seen(exited(0), done_when=[ok_check()])}), at(hours=2))
    assert sorted(submits(d)) == ["a.eval", "b.eval"]


def test_skipped_need_counts_as_done():
    state = state_from_graph(CHAIN)
    state.stage("a.train").status = StageStatus.SKIPPED
    assert submits(decide(state, observe(), T0)) == ["a.eval"]


# --- folding what was seen -----------------------------------------------------------


def test_starting_job_stays_submitted():
    state = started(state_from_graph(CHAIN))
    d = decide(state, observe(**{"a.train": seen(starting())}), at(5))
    assert d.state.stage("a.train").status == StageStatus.SUBMITTED
    assert event_kinds(d) == []
    assert d.state.stage("a.train").diagnosis.verdict == "starting"


def test_running_job_marks_the_stage_running_once():
    state = started(state_from_graph(CHAIN))
    d = decide(state, observe(**{"a.train": seen(running(started_at="2024-03-01T12:00:05Z"))}), at(60))
    attempt = d.state.stage("a.train").current()
    assert d.state.stage("a.train").status == StageStatus.RUNNING
    assert attempt.started_at == datetime(2024, 3, 1, 12, 0, 5, tzinfo=UTC)
    assert attempt.host == "gpu-host"
    assert event_kinds(d) == ["running"]
    again = decide(d.state, observe(**{"a.train": seen(running())}), at(120))
    assert again.events == []


def test_progress_reading_keeps_the_time_it_last_moved():
    state = started(state_from_graph(CHAIN))
    s1 = decide(state, observe(**{"a.train": seen(running(), progress=(10.0, 100.0))}), at(60)).state
    s2 = decide(s1, observe(**{"a.train": seen(running(), progress=(10.0, 100.0))}), at(120)).state
    assert s2.stage("a.train").progress.seen_at == at(60)
    s3 = decide(s2, observe(**{"a.train": seen(running(), progress=(20.0, 100.0))}), at(180)).state
    assert (s3.stage("a.train").progress.done, s3.stage("a.train").progress.seen_at) == (20.0, at(180))


def test_active_stage_without_observation_is_left_alone():
    state = started(state_from_graph(CHAIN))
    d = decide(state, observe(), at(60))
    assert d.state.stage("a.train") == state.stage("a.train")
    assert d.actions == [] and d.events == []


# --- success and failure -------------------------------------------------------------


def test_exit_zero_with_done_when_holding_succeeds():
    state = started(state_from_graph(CHAIN))
    d = decide(state, observe(**{"a.train": seen(exited(0), done_when=[ok_check(), ok_check("b")])}), at(hours=1))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.SUCCEEDED
    assert stage.succeeded_at == at(hours=1)
    assert stage.current().outcome == "succeeded"
    assert stage.current().exit_code == 0
    assert stage.current().ended_at == datetime(2024, 3, 1, 12, 30, tzinfo=UTC)
    assert "succeeded" in event_kinds(d)


def test_exit_zero_without_done_when_succeeds():
    state = started(state_from_graph(CHAIN))
    d = decide(state, observe(**{"a.train": seen(exited(0))}), at(hours=1))
    assert d.state.stage("a.train").status == StageStatus.SUCCEEDED


def test_exit_zero_with_a_failed_check_is_a_silent_failure():
    state = started(state_from_graph(CHAIN))
    obs = observe(**{"a.train": seen(exited(0), done_when=[ok_check("log"), failed_check("out/final.ckpt")])})
    d = decide(state, obs, at(hours=1))
    stage = d.state.stage("a.train")
    assert stage.status != StageStatus.SUCCEEDED
    assert stage.attempts[0].outcome == "failed"
    assert (stage.attempts[0].fault.klass, stage.attempts[0].fault.label) == (FaultClass.UNKNOWN, "silent_failure")
    assert "out/final.ckpt (missing)" in stage.attempts[0].fault.evidence


def test_nonzero_exit_fails_even_if_checks_hold():
    state = started(state_from_graph(CHAIN, ladder=NO_RETRY))
    d = decide(state, observe(**{"a.train": seen(exited(1), done_when=[ok_check()])}), at(hours=1))
    assert d.state.stage("a.train").status == StageStatus.HELD
    assert d.state.stage("a.train").fault.label == "exit_1"


def test_failure_event_names_class_and_label():
    state = started(state_from_graph(CHAIN, ladder=NO_RETRY))
    d = decide(state, observe(**{"a.train": seen(exited(127))}), at(hours=1))
    (ev,) = events_of(d, "failed")
    assert ev["fault"] == {"class": "config", "label": "command_not_found"}
    assert (ev["entity"], ev["stage"], ev["attempt"]) == ("a", "train", 1)


# --- the retry ladder ----------------------------------------------------------------


def test_failure_with_budget_and_no_wait_is_retried_in_the_same_decide(pipeline):
    state = started(pipeline)
    d = decide(state, observe(**{"a.train": seen(exited(127))}), at(hours=1))  # config: 1 retry, 0s
    stage = d.state.stage("a.train")
    assert submits(d) == ["a.train"]
    assert d.actions[0] == Submit("a.train", 2, f"tl.{RUN_ID}.a.train.2")
    assert (stage.status, stage.attempt, len(stage.attempts)) == (StageStatus.SUBMITTED, 2, 2)
    assert stage.budget_used == {FaultClass.CONFIG: 1}
    assert event_kinds(d) == ["failed", "retry_scheduled", "submit_intent"]


def test_failed_stage_is_retried_up_to_its_budget_then_held(pipeline):
    state = started(pipeline)
    state = launched(decide(state, observe(**{"a.train": seen(exited(127))}), at(hours=1)).state)
    # the second failure comes later in the job, so it is not an identical repeat
    d = decide(state, observe(**{"a.train": seen(exited(127), progress=(5, 10))}), at(hours=2))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD
    assert stage.reason == "config budget spent (1/1 retries): config/command_not_found"
    assert stage.hold.by == "ladder" and stage.hold.analysis == "failures/a__analysis.md"
    assert "a.train" not in submits(d)
    assert "held" in event_kinds(d)
    assert WriteAnalysis("a") in d.actions


def test_the_same_failure_twice_in_a_row_holds_even_with_budget_left():
    state = started(state_from_graph(CHAIN, ladder=LadderSpec(unknown=Rung(retries=3, backoff=[0.0]))))
    state = launched(decide(state, observe(**{"a.train": seen(exited(3))}), at(hours=1)).state)
    d = decide(state, observe(**{"a.train": seen(exited(3))}), at(hours=2))
    stage = d.state.stage("a.train")
    assert stage.budget_used == {FaultClass.UNKNOWN: 1}
    assert stage.status == StageStatus.HELD
    assert stage.reason.startswith("the same failure twice in a row")
    assert submits(d) == []  # never a third identical attempt


def test_the_same_transient_failure_twice_waits_out_its_backoff_schedule(pipeline):
    state = started(pipeline)  # transient: 2 retries, backoff [0s, 10m]
    state = launched(decide(state, observe(**{"a.train": blip()}), at(hours=1)).state)
    d = decide(state, observe(**{"a.train": blip()}), at(hours=2))  # identical: its 10-minute wait is next
    stage = d.state.stage("a.train")
    assert stage.attempts[0].fingerprint == stage.attempts[1].fingerprint
    assert (stage.status, stage.next_attempt_at) == (StageStatus.RETRY_WAIT, at(hours=2, minutes=10))
    assert stage.budget_used == {FaultClass.TRANSIENT: 2}


def test_zero_budget_fails_at_once():
    state = started(state_from_graph(CHAIN, ladder=NO_RETRY))
    d = decide(state, observe(**{"a.train": seen(exited(3))}), at(60))
    assert d.state.stage("a.train").status == StageStatus.HELD
    assert d.state.stage("a.train").budget_used == {}
    assert submits(d) == []


def test_dependents_of_a_failed_stage_are_blocked_while_other_entities_go_on(pipeline):
    state = started(pipeline)
    state = launched(decide(state, observe(**{"a.train": seen(exited(127))}), at(hours=1)).state)
    d = decide(state, observe(**{"a.train": seen(exited(127)),
                                 "b.train": seen(exited(0))}), at(hours=2))
    assert d.state.stage("a.train").status == StageStatus.HELD
    assert d.state.stage("a.eval").status == StageStatus.BLOCKED
    assert d.state.stage("a.eval").reason == "needs a.train (held)"
    assert d.state.stage("b.eval").status == StageStatus.BLOCKED  # it needs a.train too
    assert d.state.stage("b.train").status == StageStatus.SUCCEEDED
    assert d.state.phase == Phase.BLOCKED


def test_failure_blocks_only_what_depends_on_it():
    graph = {"a": {"train": [], "eval": ["a.train"]}, "b": {"train": [], "eval": ["b.train"]}}
    state = started(state_from_graph(graph, ladder=NO_RETRY))
    d = decide(state, observe(**{"a.train": seen(exited(1)), "b.train": seen(exited(0))}), at(hours=1))
    assert d.state.stage("a.eval").status == StageStatus.BLOCKED
    assert submits(d) == ["b.eval"]
    assert d.state.phase == Phase.RUNNING


def test_blocked_spreads_down_the_chain():
    state = started(state_from_graph({"a": {"x": [], "y": ["a.x"], "z": ["a.y"]}}, ladder=NO_RETRY))
    d = decide(state, observe(**{"a.x": seen(exited(1))}), at(60))
    assert d.state.stage("a.y").status == StageStatus.BLOCKED
    assert d.state.stage("a.z").status == StageStatus.BLOCKED
    assert d.state.stage("a.z").reason == "needs a.y (blocked)"


def test_held_stage_blocks_its_dependents_only():
    graph = {"a": {"train": [], "eval": ["a.train"]}, "b": {"train": []}}
    state = state_from_graph(graph)
    state.stage("a.train").status = StageStatus.HELD
    d = decide(state, observe(), T0)
    assert d.state.stage("a.eval").status == StageStatus.BLOCKED
    assert submits(d) == ["b.train"]


def test_released_need_unblocks_its_dependents():
    state = started(state_from_graph(CHAIN, ladder=NO_RETRY))
    state = decide(state, observe(**{"a.train": seen(exited(1))}), at(60)).state
    assert state.phase == Phase.BLOCKED
    state.stage("a.train").status = StageStatus.RETRY_WAIT  # what a human release does
    d = decide(state, observe(), at(120))
    assert d.state.stage("a.eval").status == StageStatus.PENDING
    assert submits(d) == ["a.train"]
    assert d.state.phase == Phase.RUNNING
    assert event_kinds(d) == ["unblocked", "submit_intent", "run_unblocked"]


def test_backoff_puts_the_stage_in_retry_wait(pipeline):
    state = started(pipeline)
    d = decide(state, observe(**{"a.train": seen(exited(1))}), at(hours=1))  # unknown: 1 retry after 5m
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.RETRY_WAIT
    assert stage.next_attempt_at == at(hours=1, minutes=5)
    assert stage.reason == "retry 1/1 for unknown"
    assert "a.train" not in submits(d)
    assert events_of(d, "retry_scheduled")[0]["wait_s"] == 300.0


def test_retry_wait_holds_until_next_attempt_at(pipeline):
    state = started(pipeline)
    state = decide(state, observe(**{"a.train": seen(exited(1))}), at(hours=1)).state
    d = decide(state, observe(), at(hours=1, minutes=4, seconds=59))
    assert d.state.stage("a.train").status == StageStatus.RETRY_WAIT
    assert submits(d) == []


def test_retry_is_submitted_at_a_later_now(pipeline):
    state = started(pipeline)
    state = decide(state, observe(**{"a.train": seen(exited(1))}), at(hours=1)).state
    d = decide(state, observe(), at(hours=1, minutes=5))
    stage = d.state.stage("a.train")
    assert d.actions == [Submit("a.train", 2, f"tl.{RUN_ID}.a.train.2")]
    assert (stage.status, stage.next_attempt_at) == (StageStatus.SUBMITTED, None)
    assert stage.attempts[1].intent_at == at(hours=1, minutes=5)


def test_backoff_grows_with_each_retry_of_a_class(pipeline):
    state = started(pipeline)  # transient: 2 retries, backoff [0s, 10m]
    state = launched(decide(state, observe(**{"a.train": blip()}), at(hours=1)).state)
    assert state.stage("a.train").attempt == 2  # first retry: no wait
    d = decide(state, observe(**{"a.train": blip(progress=(5, 100))}), at(hours=2))
    assert d.state.stage("a.train").status == StageStatus.RETRY_WAIT
    assert d.state.stage("a.train").next_attempt_at == at(hours=2, minutes=10)


def test_budgets_are_counted_per_class(pipeline):
    state = started(pipeline)  # config: 1 retry, transient: 2
    state = launched(decide(state, observe(**{"a.train": seen(exited(127))}), at(hours=1)).state)
    state = launched(decide(state, observe(**{"a.train": blip()}), at(hours=2)).state)
    assert state.stage("a.train").budget_used == {FaultClass.CONFIG: 1, FaultClass.TRANSIENT: 1}
    assert state.stage("a.train").attempt == 3
    d = decide(state, observe(**{"a.train": seen(exited(127))}), at(hours=3))
    assert d.state.stage("a.train").status == StageStatus.HELD


def test_budget_survives_a_round_trip_through_state_json(pipeline):
    state = started(pipeline)
    state = launched(decide(state, observe(**{"a.train": seen(exited(127))}), at(hours=1)).state)
    reloaded = RunState.model_validate_json(dump_state(state))
    assert reloaded.stage("a.train").budget_used == {FaultClass.CONFIG: 1}
    d = decide(reloaded, observe(**{"a.train": seen(exited(127))}), at(hours=2))
    assert d.state.stage("a.train").status == StageStatus.HELD


def test_success_after_a_retry_clears_the_fault():
    state = started(state_from_graph(CHAIN))
    state = launched(decide(state, observe(**{"a.train": seen(exited(127))}), at(60)).state)
    d = decide(state, observe(**{"a.train": seen(exited(0))}), at(120))
    stage = d.state.stage("a.train")
    assert (stage.status, stage.fault, stage.reason) == (StageStatus.SUCCEEDED, None, None)
    assert stage.attempts[0].outcome == "failed"
    assert stage.budget_used == {FaultClass.CONFIG: 1}  # spent budget is not given back


# --- submit is record: adoption and relaunch -----------------------------------------


def test_intent_found_by_name_is_adopted_not_resubmitted():
    state = decide(state_from_graph(CHAIN), observe(), T0).state  # intent saved, launch unrecorded
    d = decide(state, observe(**{"a.train": seen(found=handle(77))}), at(60))
    attempt = d.state.stage("a.train").current()
    assert d.actions == []
    assert attempt.handle == handle(77)
    assert attempt.adopted is True
    assert d.state.stage("a.train").attempt == 1
    (ev,) = events_of(d, "adopted")
    assert (ev["pid"], ev["attempt"]) == (77, 1)


def test_adopted_attempt_folds_its_facts_in_the_same_decide():
    state = decide(state_from_graph(CHAIN), observe(), T0).state
    d = decide(state, observe(**{"a.train": seen(running(), found=handle(77))}), at(60))
    assert d.state.stage("a.train").status == StageStatus.RUNNING
    assert event_kinds(d) == ["adopted", "running"]


def test_intent_with_no_trace_is_launched_again_as_the_same_attempt():
    state = decide(state_from_graph(CHAIN), observe(), T0).state
    d = decide(state, observe(**{"a.train": seen()}), at(60))
    stage = d.state.stage("a.train")
    assert d.actions == [Submit("a.train", 1, f"tl.{RUN_ID}.a.train.1")]
    assert (stage.attempt, len(stage.attempts), stage.current().launches) == (1, 1, 2)
    assert d.state.total_attempts == state.total_attempts
    assert event_kinds(d) == ["relaunch"]


def test_intent_without_any_observation_is_launched_again():
    state = decide(state_from_graph(CHAIN), observe(), T0).state
    d = decide(state, observe(), at(60))
    assert d.actions == [Submit("a.train", 1, f"tl.{RUN_ID}.a.train.1")]


def test_lost_job_is_cancelled_and_retried_free_like_a_node_failure():
    state = started(state_from_graph(CHAIN))
    d = decide(state, observe(**{"a.train": seen(lost())}), at(hours=1))
    stage = d.state.stage("a.train")
    assert d.actions[0] == Cancel("a.train", 1, f"tl.{RUN_ID}.a.train.1", "lost: stop any orphans first", "KILL")
    assert (stage.attempts[0].fault.klass, stage.attempts[0].fault.label) == (FaultClass.TRANSIENT, "lost")
    assert stage.attempts[0].fault.free is True
    assert (stage.budget_used, stage.free_retries) == ({}, 1)
    assert submits(d) == ["a.train"]
    (ev,) = events_of(d, "retry_scheduled")
    assert ev["free"] is True and "the host's doing" in ev["message"]


def test_a_second_lost_attempt_in_a_row_spends_the_transient_budget():
    # A job that takes its runner down with it each time is the job's doing, not a reboot's.
    state = started(state_from_graph(CHAIN, ladder=LadderSpec(transient=Rung(retries=1, backoff=[0.0]))))
    state = launched(decide(state, observe(**{"a.train": seen(lost())}), at(hours=1)).state)
    state = launched(decide(state, observe(**{"a.train": seen(lost())}), at(hours=2)).state)
    stage = state.stage("a.train")
    assert (stage.budget_used, stage.free_retries, stage.attempt) == ({FaultClass.TRANSIENT: 1}, 1, 3)
    d = decide(state, observe(**{"a.train": seen(lost())}), at(hours=3))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD and submits(d) == []
    assert (stage.budget_used, stage.free_retries) == ({FaultClass.TRANSIENT: 1}, 1)


def test_lost_job_is_cancelled_before_its_retry_is_submitted():
    state = started(state_from_graph(CHAIN))  # default transient backoff starts at 0s
    d = decide(state, observe(**{"a.train": seen(lost())}), at(hours=1))
    assert [type(a) for a in d.actions] == [Cancel, Submit]
    assert (d.actions[1].attempt, cancels(d)) == (2, ["a.train"])


def test_lost_job_whose_done_when_holds_succeeds_and_is_not_run_again():
    state = started(state_from_graph(CHAIN))
    d = decide(state, observe(**{"a.train": seen(lost(), done_when=(ok_check(),))}), at(hours=1))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.SUCCEEDED and stage.attempts[0].outcome == "succeeded"
    assert cancels(d) == [] and stage.budget_used == {}
    (ev,) = events_of(d, "succeeded")
    assert ev["lost"] is True and "done_when holds" in ev["message"] and "left no exit record" in stage.reason


def test_lost_job_with_done_when_unmet_or_without_done_when_is_still_lost():
    state = started(state_from_graph(CHAIN))
    for done_when in ((failed_check(),), ()):
        d = decide(state, observe(**{"a.train": seen(lost(), done_when=done_when)}), at(hours=1))
        assert d.state.stage("a.train").attempts[0].fault.label == "lost"
        assert cancels(d) == ["a.train"]


def test_a_partial_look_leaves_unseen_stages_and_the_gate_alone():
    state = started(state_from_graph(CHAIN))  # a.train submitted, its handle recorded
    d = decide(state, Observations(partial=True), at(hours=1))  # the budget ran out before a.train
    assert d.state.stage("a.train").model_dump() == state.stage("a.train").model_dump()
    assert d.actions == [] and event_kinds(d) == []
    gate_only = state_from_graph(CHAIN, gate=SuccessGate(all_done=False, exists=["out/x"]))
    assert decide(gate_only, Observations(partial=True), T0).state.phase != Phase.COMPLETE  # not looked at
    assert decide(gate_only, observe(gate=(ok_check("out/x"),)), T0).state.phase == Phase.COMPLETE


def test_missing_job_with_a_handle_is_treated_as_lost():
    state = started(state_from_graph(CHAIN))
    d = decide(state, observe(**{"a.train": seen(JobFacts(state=JobState.MISSING))}), at(hours=1))
    assert cancels(d) == ["a.train"]
    assert d.state.stage("a.train").attempts[0].fault.label == "lost"


# --- the gate, the deadline and the phase --------------------------------------------


def test_gate_met_completes_the_run():
    state = started(state_from_graph({"a": {"train": []}}))
    d = decide(state, observe(**{"a.train": seen(exited(0))}), at(hours=1))
    assert d.state.phase == Phase.COMPLETE
    assert (d.state.gate.met, d.state.gate.met_at) == (True, at(hours=1))
    assert d.state.phase_reason == "success gate met"
    (ev,) = events_of(d, "gate_met")
    assert ev["mode"] == "complete-and-exit"
    assert d.actions == []


def test_gate_records_its_checks():
    state = state_from_graph({"a": {"x": []}}, gate=SuccessGate(exists=["out/summary.json"]))
    d = decide(state, observe(gate=(failed_check("out/summary.json"),)), T0)
    kinds = [(c.kind, c.ok) for c in d.state.gate.checks]
    assert kinds == [("all_done", False), ("exists", False)]
    assert d.state.gate.met is False


def test_gate_with_a_failed_check_is_not_met_even_when_all_stages_are_done():
    state = started(state_from_graph({"a": {"x": []}}, gate=SuccessGate(exists=["out/summary.json"])))
    d = decide(state, observe(gate=(failed_check("out/summary.json"),), **{"a.x": seen(exited(0))}), at(60))
    assert d.state.stage("a.x").status == StageStatus.SUCCEEDED
    assert d.state.phase != Phase.COMPLETE
    assert "gate_met" not in event_kinds(d)


def test_blocked_by_an_unmet_gate_check_says_which_check():
    state = started(state_from_graph({"a": {"x": []}}, gate=SuccessGate(exists=["out/summary.json"])))
    d = decide(state, observe(gate=(failed_check("out/summary.json"),), **{"a.x": seen(exited(0))}), at(60))
    assert "out/summary.json" in (d.state.phase_reason or "")


def test_gate_without_all_done_is_met_by_its_checks_alone():
    state = state_from_graph(CHAIN, gate=SuccessGate(all_done=False, exists=["out/x"]))
    d = decide(state, observe(gate=(ok_check("out/x"),)), T0)
    assert d.state.phase == Phase.COMPLETE
    assert d.actions == []


def test_complete_run_decides_nothing_but_tick_bookkeeping():
    state = started(state_from_graph({"a": {"train": []}}))
    done = decide(state, observe(**{"a.train": seen(exited(0))}), at(hours=1)).state
    d = decide(done, observe(**{"a.train": seen(exited(1))}), at(hours=2))
    assert (d.actions, d.events) == ([], [])
    assert d.state.tick_count == done.tick_count + 1
    assert d.state.last_tick_at == at(hours=2)
    skip = {"tick_count", "last_tick_at"}
    assert d.state.model_dump(exclude=skip) == done.model_dump(exclude=skip)


def test_deadline_passed_expires_the_run_without_submits():
    state = state_from_graph(CHAIN, gate=SuccessGate(deadline=3600))
    d = decide(state, observe(), at(hours=1))
    assert d.state.phase == Phase.EXPIRED
    assert d.actions == []
    assert event_kinds(d) == ["deadline_passed"]


def test_before_the_deadline_the_run_goes_on():
    state = state_from_graph(CHAIN, gate=SuccessGate(deadline=3600))
    d = decide(state, observe(), at(hours=1) - timedelta(seconds=1))
    assert d.state.phase == Phase.RUNNING
    assert submits(d) == ["a.train"]


def test_deadline_does_not_launch_a_retry_that_falls_due():
    state = started(state_from_graph(CHAIN, gate=SuccessGate(deadline=3600)))
    d = decide(state, observe(**{"a.train": seen(exited(127))}), at(hours=2))
    assert d.state.phase == Phase.EXPIRED
    assert submits(d) == []


def test_gate_met_at_the_deadline_wins():
    state = started(state_from_graph({"a": {"train": []}}, gate=SuccessGate(deadline=3600)))
    d = decide(state, observe(**{"a.train": seen(exited(0))}), at(hours=5))
    assert d.state.phase == Phase.COMPLETE


def test_expired_run_decides_nothing():
    state = state_from_graph(CHAIN, gate=SuccessGate(deadline=60))
    expired = decide(state, observe(), at(hours=1)).state
    d = decide(expired, observe(), at(hours=2))
    assert (d.state.phase, d.actions, d.events) == (Phase.EXPIRED, [], [])


def test_nothing_can_move_blocks_the_run_with_one_event():
    state = started(state_from_graph(CHAIN, ladder=NO_RETRY))
    d = decide(state, observe(**{"a.train": seen(exited(1))}), at(60))
    assert d.state.phase == Phase.BLOCKED
    assert d.state.phase_reason == "nothing can move without a human: a.train"
    assert event_kinds(d).count("run_blocked") == 1


def test_blocked_run_does_not_say_so_again():
    state = started(state_from_graph(CHAIN, ladder=NO_RETRY))
    blocked = decide(state, observe(**{"a.train": seen(exited(1))}), at(60)).state
    d = decide(blocked, observe(), at(120))
    assert d.state.phase == Phase.BLOCKED
    assert (d.actions, d.events) == ([], [])


def test_waiting_for_a_retry_is_not_blocked(pipeline):
    state = started(pipeline)
    d = decide(state, observe(**{"a.train": seen(exited(1)), "b.train": seen(exited(1))}), at(60))
    assert d.state.phase == Phase.RUNNING


def test_tick_bookkeeping_is_updated_every_time():
    state = state_from_graph(CHAIN)
    d = decide(state, observe(), at(30))
    assert (d.state.tick_count, d.state.last_tick_at) == (1, at(30))


# --- purity --------------------------------------------------------------------------


def test_decide_does_not_mutate_its_input(pipeline):
    state = started(pipeline)
    state = launched(decide(state, observe(**{"b.train": seen(running())}), at(30)).state)
    before = state.model_dump()
    decide(state, observe(**{"a.train": seen(lost(), progress=(5.0, None)),
                             "b.train": seen(exited(0))}), at(hours=1))
    assert state.model_dump() == before


def test_decide_does_not_read_the_clock(pipeline):
    state = started(pipeline)
    obs = observe(**{"a.train": seen(exited(1)), "b.train": seen(running(started_at=None))})
    now = at(hours=2)
    with freeze_time("1999-12-31 23:59:59"):
        past = decide(state, obs, now)
    with freeze_time("2087-06-01 00:00:00"):
        future = decide(state, obs, now)
    assert past.state == future.state
    assert (past.actions, past.events) == (future.actions, future.events)
    assert past.state.stage("a.train").next_attempt_at == now + timedelta(minutes=5)
    assert past.state.stage("b.train").current().started_at == now  # no started_at: taken from now
    assert {e["ts"] for e in past.events} == {"2024-03-01T14:00:00Z"}


def test_deadline_is_measured_from_now_not_the_wall_clock():
    state = state_from_graph(CHAIN, gate=SuccessGate(deadline=3600))
    with freeze_time("2030-01-01"):  # the wall clock is years past the deadline
        d = decide(state, observe(), at(minutes=10))
    assert d.state.phase == Phase.RUNNING
    assert submits(d) == ["a.train"]


# --- a property over random graphs and observation sequences -------------------------

OUTCOMES = ["none", "starting", "running", "ok", "silent", "fail", "config", "lost", "found"]
SMALL_LADDER = LadderSpec(transient=Rung(retries=1, backoff=[0.0, 60.0]), config=Rung(retries=1),
                          unknown=Rung(retries=1, backoff=[30.0]), code=Rung(retries=0))


@st.composite
def dags(draw):
    """1-2 entities of 1-3 stages; each stage needs up to two earlier stages (so no cycle)."""
    graph: dict[str, dict[str, list[str]]] = {}
    earlier: list[str] = []
    for e in range(draw(st.integers(1, 2))):
        graph[f"e{e}"] = {}
        for s in range(draw(st.integers(1, 3))):
            needs = draw(st.lists(st.sampled_from(earlier), unique=True, max_size=2)) if earlier else []
            graph[f"e{e}"][f"s{s}"] = needs
            earlier.append(f"e{e}.s{s}")
    return graph


def _observation(state: RunState, sid: str, outcome: str):
    attempt = state.stage(sid).current()
    if outcome == "none" or attempt is None:
        return None
    if attempt.handle is None:
        return seen(running(), found=handle(99)) if outcome == "found" else seen()
    return {
        "starting": seen(starting()),
        "running": seen(running()),
        "found": seen(running()),
        "ok": seen(exited(0), done_when=[ok_check()]),
        "silent": seen(exited(0), done_when=[failed_check()]),
        "fail": seen(exited(1)),
        "config": seen(exited(127)),
        "lost": seen(lost()),
    }[outcome]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graph=dags(), data=st.data())
def test_decide_never_submits_twice_or_before_needs_are_done(graph, data):
    state = state_from_graph(graph, ladder=SMALL_LADDER)
    needs = {f"{e}.{s}": n for e, stages in graph.items() for s, n in stages.items()}
    now = T0
    for _ in range(data.draw(st.integers(1, 8), label="ticks")):
        outcomes = data.draw(st.lists(st.sampled_from(OUTCOMES), min_size=len(needs), max_size=len(needs)),
                             label="outcomes")
        obs = {}
        for sid, outcome in zip(needs, outcomes, strict=True):
            if state.stage(sid).status in (StageStatus.SUBMITTED, StageStatus.RUNNING):
                o = _observation(state, sid, outcome)
                if o is not None:
                    obs[sid] = o
        before = state.model_dump()
        d = decide(state, observe(**obs), now)
        assert state.model_dump() == before
        ids = submits(d)
        assert len(ids) == len(set(ids)), d.actions
        for action in d.actions:
            if isinstance(action, Submit):
                assert all(d.state.stage(n).status in DONE for n in needs[action.stage_id]), action
                assert d.state.stage(action.stage_id).attempt == action.attempt
        for sid in needs:
            if state.stage(sid).status == StageStatus.SUCCEEDED:
                assert d.state.stage(sid).status == StageStatus.SUCCEEDED
        state = d.state
        if data.draw(st.booleans(), label="launch recorded"):
            state = launched(state)
        now += timedelta(seconds=data.draw(st.integers(0, 120), label="seconds to next tick"))


# --- cross-layer: the scheduler says finished, the log says failed ----------------------


def _line(text: str, *rules: str) -> LogLine:
    return LogLine(file="stderr", offset=0, text=text, rules=rules)


def test_exit_zero_with_a_code_traceback_in_the_log_is_a_failure_not_a_success():
    state = started(state_from_graph(CHAIN, ladder=NO_RETRY))
    line = _line("TypeError: unsupported operand type(s) for +: 'int' and 'str'", "type_error")
    d = decide(state, observe(**{"a.train": seen(exited(0), done_when=[ok_check()], matches=[line])}),
               at(hours=1))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD
    assert (stage.fault.klass, stage.fault.label) == (FaultClass.CODE, "type_error")
    assert "TypeError" in stage.fault.evidence
    assert stage.diagnosis.verdict.startswith("failed: exited 0 but the log has a fatal line")


@pytest.mark.parametrize("text", ["sh: 1: xdg-user-dir: not found", "/bin/sh: lsb_release: command not found"])
def test_exit_zero_after_a_desktop_probe_that_was_not_there_is_a_success(tmp_path, text):
    """Unreal Engine (CARLA, AirSim) prints ``xdg-user-dir: not found`` at every start and goes on: the line, tagged as
    the real scan tags it (a fatal rule reads any missing command), must not fail a run that did its work."""
    path = tmp_path / "stderr"
    path.write_text("Starting the simulator\n" + text + "\nepisode 10/10 done\n")
    matched = scan(path, "stderr", Cursor(), compile_patterns(BUILTIN_RULES)).matches
    assert [m.text for m in matched] == [text] and "command_not_found_log" in matched[0].rules
    state = started(state_from_graph(CHAIN, ladder=NO_RETRY))
    d = decide(state, observe(**{"a.train": seen(exited(0), done_when=[ok_check()], matches=matched)}), at(hours=1))
    assert d.state.stage("a.train").status == StageStatus.SUCCEEDED, d.state.stage("a.train").diagnosis


def test_a_spec_rule_can_declare_a_fatal_looking_line_harmless():
    state = started(state_from_graph(CHAIN, ladder=NO_RETRY))
    state.plan.rules = [RuleSpec.model_validate({"match": {"log": "KeyError: 'cache'"}, "class": "transient",
                                                 "label": "cache_miss"})]
    line = _line("KeyError: 'cache'", "key_error")
    d = decide(state, observe(**{"a.train": seen(exited(0), done_when=[ok_check()], matches=[line])}),
               at(hours=1))
    assert d.state.stage("a.train").status == StageStatus.SUCCEEDED


def test_a_transient_line_does_not_fail_a_clean_exit():
    state = started(state_from_graph(CHAIN, ladder=NO_RETRY))
    line = _line("ConnectionResetError: [Errno 104] Connection reset by peer", "connection_error")
    d = decide(state, observe(**{"a.train": seen(exited(0), done_when=[ok_check()], matches=[line])}),
               at(hours=1))
    assert d.state.stage("a.train").status == StageStatus.SUCCEEDED


def test_the_five_layers_are_logged_when_the_verdict_changes_not_every_tick():
    state = started(state_from_graph(CHAIN))
    d1 = decide(state, observe(**{"a.train": seen(running(), progress=(1, 10))}), at(60))
    (ev,) = events_of(d1, "diagnosed")
    assert (ev["verdict"], ev["attempt"]) == ("running", 1)
    assert set(ev["layers"]) >= {"scheduler", "container", "logs", "progress", "output"}
    assert ev["layers"]["scheduler"]["alive"] is True
    assert ev["layers"]["progress"]["done"] == 1
    d2 = decide(d1.state, observe(**{"a.train": seen(running(), progress=(2, 10))}), at(120))
    assert events_of(d2, "diagnosed") == []  # still running: nothing new to log
    assert d2.state.stage("a.train").diagnosis.progress.done == 2  # but state has the latest
    d3 = decide(d2.state, observe(**{"a.train": seen(exited(3))}), at(180))
    (ev,) = events_of(d3, "diagnosed")
    assert ev["verdict"] == "failed: unknown/exit_3"
    assert ev["layers"]["container"]["exit_code"] == 3


def test_a_progress_file_counts_as_progress_and_its_stall_is_a_hang(tmp_path):
    state = state_from_spec(tmp_path, """
        name: pf
        entities:
          a:
            stages:
              train:
                run: python train.py
                progress: {file: 'out/{entity}/progress.json', stall_after: 10m}
    """)
    assert state.plan.entities["a"].stages["train"].progress.file == "out/a/progress.json"
    state = started(state)
    d = decide(state, observe(**{"a.train": StageObservation(job=running(), progress_file=(5, 50))}), at(60))
    assert d.state.stage("a.train").progress.done == 5
    d = decide(d.state, observe(**{"a.train": StageObservation(job=running(), progress_file=(5, 50))}),
               at(60 + 9 * 60))
    assert cancels(d) == []
    d = decide(d.state, observe(**{"a.train": StageObservation(job=running(), progress_file=(5, 50))}),
               at(60 + 10 * 60))
    assert cancels(d) == ["a.train"]
    assert d.actions[0].signal == "TERM"
    assert d.state.stage("a.train").current().fault.label == "hang"


def test_a_log_that_says_a_person_cancelled_the_job_holds_it_never_retries(pipeline):
    """No scheduler verdict (no accounting, the command backend): slurmstepd's bare cancel line and a
    TERM end are a person's scancel, held like the scheduler's own word, never run again."""
    state = started(pipeline)
    line = LogLine(file="stderr", offset=0, rules=("slurm_cancelled",),
                   text="slurmstepd: error: *** JOB 3 ON c1 CANCELLED AT 2025-02-13T15:47:35 ***")
    d = decide(state, observe(**{"a.train": seen(exited(None, signal=15), matches=[line])}), at(hours=1))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD and stage.hold.by == "ladder"
    assert (stage.fault.label, stage.current().outcome) == ("cancelled_outside", "failed")
    assert "cancelled outside tianluo" in stage.hold.reason
    assert submits(d) == [] and stage.budget_used == {}
    assert d.state.stage("a.eval").status == StageStatus.BLOCKED
