"""The ladder as one transition: ``ladder.next_step`` (data in: budgets, authorisation, a
human's hold, attempts left, the deadline, the pre-authorised change; the final step out) and
``ladder.fingerprint``, and how ``decide`` climbs it (budgets in state, backoff due at a later
tick, the repeated-failure rule, the run-wide cap, the deadline, the degrade rung). Pure:
plain values, fixed time.
"""

from datetime import timedelta

import pytest
from pure_helpers import (
    T0,
    at,
    blip,
    events_of,
    exited,
    launched,
    observe,
    seen,
    state_from_graph,
    submits,
)

from tianluo.core.actions import WriteAnalysis
from tianluo.core.decide import decide
from tianluo.core.degrade import Change
from tianluo.core.ladder import (
    EVERYTHING,
    Degrade,
    HoldStep,
    Retry,
    fingerprint,
    next_step,
    resolve_budgets,
)
from tianluo.models.model import Fault, StageState, dump_state
from tianluo.models.states import FaultClass, StageStatus
from tianluo.planning.spec import LadderSpec, Rung, SuccessGate
from tianluo.shell.logscan import LogLine
from tianluo.shell.store import parse_state

T, C, K, U = FaultClass.TRANSIENT, FaultClass.CONFIG, FaultClass.CODE, FaultClass.UNKNOWN

LADDER = LadderSpec(
    transient=Rung(retries=3, backoff=[0.0, 600.0, 1800.0]),
    config=Rung(retries=1, backoff=[0.0]),
    code=Rung(retries=0),
    unknown=Rung(retries=2, backoff=[300.0]),
)
BUDGETS = resolve_budgets(LADDER)

NCCL = Fault(klass=T, label="nccl_timeout", evidence="stderr: NCCL WARN Timeout waiting for collective")
OOM = Fault(klass=C, label="cuda_oom", evidence="stderr: torch.OutOfMemoryError: CUDA out of memory. "
                                                 "Tried to allocate 2.00 GiB (GPU 0; 79.35 GiB total)")
BUG = Fault(klass=K, label="type_error", evidence="stderr: TypeError: can only concatenate list (not \"int\") to list")
ODD = Fault(klass=U, label="exit_3", evidence="exit code 3")


def step(stage=None, fault=NCCL, *, repeated=False, attempts_left=10, now=T0, deadline_at=None, degrade=None,
         budgets=BUDGETS, **data):
    return next_step(stage or StageState(), fault, budgets, repeated=repeated, attempts_left=attempts_left,
                     now=now, deadline_at=deadline_at, degrade=degrade, **data)


#: A pre-authorised change, as degrade.plan_change computes it before the ladder is asked.
HALVE = Change(action="halve_batch", params={"batch_size": 16}, variant=None, lines=("batch_size 32 -> 16",))
#: The same change with ``retry_first: true``: the class's retries come first.
HALVE_LATER = Change(action="halve_batch", params={"batch_size": 16}, variant=None, lines=("batch_size 32 -> 16",),
                     retry_first=True)


# --- next_step: the table ------------------------------------------------------------


@pytest.mark.parametrize(
    ("used", "wait", "n"),
    [(0, 0.0, 1), (1, 600.0, 2), (2, 1800.0, 3)],
)
def test_transient_retries_follow_the_backoff_table(used, wait, n):
    s = step(StageState(budget_used={T: used}), degrade=HALVE_LATER)
    assert s == Retry(wait_s=wait, used=n, allowed=3)


def test_the_last_backoff_entry_applies_to_later_retries():
    budgets = resolve_budgets(LadderSpec(unknown=Rung(retries=5, backoff=[60.0, 300.0])))
    assert step(StageState(budget_used={U: 3}), ODD, budgets=budgets) == Retry(wait_s=300.0, used=4, allowed=5)


def test_a_spent_budget_holds():
    s = step(StageState(budget_used={T: 3}))
    assert isinstance(s, HoldStep)
    assert s.reason == "transient budget spent (3/3 retries): transient/nccl_timeout"


def test_an_overspent_budget_holds_too():
    assert isinstance(step(StageState(budget_used={C: 5}), OOM), HoldStep)


def test_zero_retries_hold_at_once():
    s = step(StageState(), BUG)
    assert isinstance(s, HoldStep)
    assert s.reason == "code faults are not retried (ladder.code.retries is 0): code/type_error"


@pytest.mark.parametrize("fault", [OOM, ODD], ids=["config", "unknown"])
def test_the_same_failure_twice_holds_even_with_budget_left(fault):
    budgets = resolve_budgets(LadderSpec(config=Rung(retries=3), unknown=Rung(retries=3)))
    s = step(StageState(budget_used={fault.klass: 1}), fault, repeated=True, budgets=budgets)
    assert isinstance(s, HoldStep)
    assert s.reason.startswith("the same failure twice in a row")
    assert s.reason.endswith(f"{fault.klass.value}/{fault.label}")


def test_the_same_code_failure_twice_holds_even_with_budget_left():
    budgets = resolve_budgets(LadderSpec(code=Rung(retries=2)))
    s = step(StageState(budget_used={K: 1}), BUG, repeated=True, budgets=budgets)
    assert isinstance(s, HoldStep) and s.reason.startswith("the same failure twice in a row")


@pytest.mark.parametrize(("used", "wait"), [(0, 0.0), (1, 600.0), (2, 1800.0)])
def test_the_same_transient_failure_walks_its_backoff_schedule(used, wait):
    # transient: {retries: 3, backoff: [0s, 10m, 30m]}: every wait is reached, however identical the failures
    assert step(StageState(budget_used={T: used}), repeated=True) == Retry(wait_s=wait, used=used + 1, allowed=3)


def test_the_same_transient_failure_holds_once_its_backoff_schedule_is_spent():
    budgets = resolve_budgets(LadderSpec(transient=Rung(retries=5, backoff=[0.0, 60.0])))
    assert step(StageState(budget_used={T: 1}), repeated=True, budgets=budgets) == Retry(60.0, 2, 5)
    s = step(StageState(budget_used={T: 2}), repeated=True, budgets=budgets)  # retry 3 > 2 waits
    assert isinstance(s, HoldStep)
    assert s.reason == ("the same failure twice in a row; a third identical attempt would not help: "
                        "transient/nccl_timeout")
    assert step(StageState(budget_used={T: 2}), repeated=False, budgets=budgets) == Retry(60.0, 3, 5)


# --- free retries: the scheduler's faults, and a lost attempt ----------------------------

LOST = Fault(klass=T, label="lost", evidence="the process is gone and wrote no exit record", free=True)
PREEMPTED = Fault(klass=T, label="preempted", evidence="DUE TO PREEMPTION", free=True)


def test_a_lost_attempt_is_retried_free():
    assert step(StageState(budget_used={T: 3}), LOST, repeated=True) == Retry(0.0, 3, 3, free=True)


def test_a_lost_attempt_after_a_lost_attempt_spends_the_transient_budget():
    assert step(StageState(), LOST, last_fault=LOST) == Retry(0.0, 1, 3)
    s = step(StageState(budget_used={T: 3}), LOST, last_fault=LOST)
    assert s == HoldStep("transient budget spent (3/3 retries): transient/lost")


def test_a_lost_attempt_after_another_fault_is_free_again():
    assert step(StageState(budget_used={T: 3}), LOST, last_fault=NCCL).free is True


def test_a_scheduler_fault_stays_free_in_a_row():
    assert step(StageState(), PREEMPTED, repeated=True, last_fault=PREEMPTED) == Retry(0.0, 0, 3, free=True)


def test_free_retries_are_bounded_by_the_run_wide_cap():
    assert step(StageState(), LOST, attempts_left=0) == HoldStep("the run-wide cap on attempts is reached")


@pytest.mark.parametrize("left", [0, -1])
def test_no_attempts_left_in_the_run_holds_before_anything_else(left):
    s = step(StageState(), NCCL, attempts_left=left, degrade=HALVE)
    assert s == HoldStep("the run-wide cap on attempts is reached")


def test_one_attempt_left_still_retries():
    assert step(StageState(), NCCL, attempts_left=1) == Retry(wait_s=0.0, used=1, allowed=3)


def test_a_retry_due_after_the_deadline_holds():
    stage = StageState(budget_used={T: 1})  # the next wait is 600 s
    s = step(stage, now=T0, deadline_at=T0 + timedelta(seconds=599))
    assert isinstance(s, HoldStep)
    assert s.reason.startswith("the next retry would be due after the deadline")


def test_a_retry_due_exactly_at_the_deadline_is_still_taken():
    stage = StageState(budget_used={T: 1})
    assert step(stage, now=T0, deadline_at=T0 + timedelta(seconds=600)) == Retry(600.0, 2, 3)


def test_an_immediate_retry_before_the_deadline_is_taken():
    assert step(StageState(), now=T0, deadline_at=T0 + timedelta(seconds=1)) == Retry(0.0, 1, 3)


@pytest.mark.parametrize(
    ("stage", "fault", "kwargs"),
    [
        (StageState(budget_used={C: 1}), OOM, {}),  # budget spent
        (StageState(), OOM, {"repeated": True}),  # repeated
        (StageState(), BUG, {}),  # retries 0
        (StageState(budget_used={T: 1}), NCCL, {"deadline_at": T0}),  # past the deadline
    ],
    ids=["spent", "repeated", "no-retries", "deadline"],
)
def test_a_pre_authorised_change_is_used_instead_of_a_hold(stage, fault, kwargs):
    for change in (HALVE, HALVE_LATER):
        s = step(stage, fault, degrade=change, **kwargs)
        assert s == Degrade(change=change, description="batch_size 32 -> 16")


def test_no_pre_authorised_change_falls_through_to_hold():
    s = step(StageState(budget_used={C: 1}), OOM, degrade=None)
    assert isinstance(s, HoldStep)
    assert "config budget spent" in s.reason


def test_a_pre_authorised_change_is_made_at_the_first_failure_before_any_retry():
    for fault in (OOM, NCCL, ODD):  # whatever budget its class has left
        assert step(StageState(), fault, degrade=HALVE) == Degrade(change=HALVE, description="batch_size 32 -> 16")


def test_a_change_with_retry_first_waits_while_a_retry_is_left():
    assert step(StageState(), OOM, degrade=HALVE_LATER) == Retry(wait_s=0.0, used=1, allowed=1)


def test_the_schedulers_own_fault_is_retried_free_before_a_change():
    preempted = Fault(klass=T, label="preempted", evidence="DUE TO PREEMPTION", free=True)
    assert step(StageState(), preempted, degrade=HALVE) == Retry(wait_s=0.0, used=0, allowed=3, free=True)


def test_the_run_wide_cap_holds_before_a_change():
    assert isinstance(step(StageState(), OOM, degrade=HALVE, attempts_left=0), HoldStep)


# --- next_step: authorisation and a human's hold, as data ------------------------------


def test_a_retry_without_resubmit_is_a_hold_that_asks():
    s = step(StageState(), NCCL, allowed=EVERYTHING - {"resubmit"}, sid="a.train")
    assert s == HoldStep("a retry is due but tianluo may not resubmit (resubmit is not in authorization.allow): "
                         "run a.train again after transient/nccl_timeout? release with --retry or --skip")


def test_a_free_retry_without_resubmit_is_a_hold_too():
    preempted = Fault(klass=T, label="preempted", evidence="DUE TO PREEMPTION", free=True)
    assert isinstance(step(StageState(), preempted, allowed=frozenset({"submit"})), HoldStep)


def test_a_degrade_without_authorisation_is_a_hold_that_says_what_to_change():
    s = step(StageState(budget_used={C: 1}), OOM, degrade=HALVE, allowed=EVERYTHING - {"degrade"})
    assert s == HoldStep("'batch_size 32 -> 16' was chosen at plan time but degrade is not in "
                         "authorization.allow: make the change yourself, then release with --retry")


def test_a_degrade_is_taken_without_resubmit_when_degrade_is_allowed():
    s = step(StageState(budget_used={C: 1}), OOM, degrade=HALVE, allowed=frozenset({"degrade"}))
    assert isinstance(s, Degrade)


def test_an_entity_held_by_a_human_holds_before_anything_else():
    preempted = Fault(klass=T, label="preempted", free=True)
    for fault in (NCCL, preempted, OOM):
        s = step(StageState(), fault, degrade=HALVE, entity_held=True, attempts_left=0)
        assert s == HoldStep(f"the entity is on hold by a human: {fault.klass.value}/{fault.label}")


def test_transient_faults_do_not_spend_the_config_or_code_budget():
    stage = StageState(budget_used={C: 1, K: 0})  # config spent
    assert step(stage, NCCL) == Retry(0.0, 1, 3)
    assert step(StageState(budget_used={T: 3}), OOM) == Retry(0.0, 1, 1)  # transient spent, config left


def test_next_step_does_not_change_the_stage():
    stage = StageState(budget_used={T: 1})
    before = stage.model_copy(deep=True)
    step(stage)
    assert stage == before


# --- fingerprint ---------------------------------------------------------------------


def test_fingerprint_masks_numbers_in_the_evidence():
    a = Fault(klass=C, label="cuda_oom", evidence="CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0)")
    b = Fault(klass=C, label="cuda_oom", evidence="CUDA out of memory. Tried to allocate 13.5 GiB (GPU 7)")
    assert fingerprint(a, 3) == fingerprint(b, 3)
    assert "2.00" not in fingerprint(a, 3) and "#" in fingerprint(a, 3)


def test_fingerprint_masks_hex_addresses_case_and_spacing():
    a = Fault(klass=U, label="x", evidence="Segfault at 0xDEADBEEF in  Worker")
    b = Fault(klass=U, label="x", evidence="segfault at 0x7ff00 in worker")
    assert fingerprint(a, None) == fingerprint(b, None)


def test_fingerprint_differs_with_progress():
    assert fingerprint(NCCL, 10) != fingerprint(NCCL, 20)
    assert fingerprint(NCCL, None) != fingerprint(NCCL, 0)
    assert fingerprint(NCCL, 10) == fingerprint(NCCL, 10.0)


def test_fingerprint_differs_with_class_label_and_words():
    base = fingerprint(NCCL, 1)
    assert fingerprint(Fault(klass=U, label="nccl_timeout", evidence=NCCL.evidence), 1) != base
    assert fingerprint(Fault(klass=T, label="nccl_error", evidence=NCCL.evidence), 1) != base
    assert fingerprint(Fault(klass=T, label="nccl_timeout", evidence="stderr: NCCL WARN NET/IB down"), 1) != base


def test_fingerprint_without_evidence():
    assert fingerprint(Fault(klass=T, label="lost"), None) == fingerprint(Fault(klass=T, label="lost"), None)


# --- the ladder through decide -------------------------------------------------------

ONE = {"a": {"train": [], "eval": ["a.train"]}, "b": {"train": []}}


def begin(**kwargs):
    return launched(decide(state_from_graph(ONE, **kwargs), observe(), T0).state)


def fail(state, now, job=None, progress=None, matches=()):
    return decide(state, observe(**{"a.train": seen(job or exited(1), progress=progress, matches=matches)}), now)


def fail_blip(state, now, progress=None):
    """A transient failure that spends budget (a lost attempt is free once in a row)."""
    return decide(state, observe(**{"a.train": blip(progress=progress)}), now)


def bug_line():
    return LogLine(file="stderr", offset=10, text="TypeError: unsupported operand type(s) for +: 'int' and 'list'",
                   rules=())


def test_a_retry_with_backoff_waits_for_a_later_decide_without_sleeping():
    state = begin(ladder=LadderSpec(unknown=Rung(retries=2, backoff=[300.0])))
    d = fail(state, at(60))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.RETRY_WAIT
    assert stage.next_attempt_at == at(360)
    assert submits(d) == []
    (ev,) = events_of(d, "retry_scheduled")
    assert ev["wait_s"] == 300.0
    early = decide(d.state, observe(), at(359))
    assert submits(early) == [] and early.state.stage("a.train").status == StageStatus.RETRY_WAIT
    due = decide(early.state, observe(), at(360))
    assert submits(due) == ["a.train"]
    assert due.state.stage("a.train").attempt == 2


def test_budgets_count_per_stage_and_class_and_survive_a_reload():
    state = begin(ladder=LadderSpec(transient=Rung(retries=3, backoff=[0.0])))
    state = launched(fail_blip(state, at(60)).state)
    assert state.stage("a.train").budget_used == {T: 1}
    reloaded = parse_state(dump_state(state))
    assert reloaded.stage("a.train").budget_used == {T: 1}
    # a different failure (it got further), so the repeated rule does not apply
    state = launched(fail_blip(reloaded, at(120), progress=(5, 10)).state)
    assert state.stage("a.train").budget_used == {T: 2}
    assert state.stage("b.train").budget_used == {}


def test_transient_failures_leave_the_code_budget_alone_in_decide():
    state = begin(ladder=LadderSpec(transient=Rung(retries=3, backoff=[0.0]), code=Rung(retries=1)))
    state = launched(fail_blip(state, at(60)).state)
    d = fail(state, at(120), exited(1), matches=[bug_line()])
    stage = d.state.stage("a.train")
    assert stage.fault.klass == K
    assert stage.budget_used == {T: 1, K: 1}  # the code retry is still available after transients
    assert stage.status == StageStatus.SUBMITTED and stage.attempt == 3


def test_the_same_fingerprint_twice_holds_with_budget_left_and_writes_the_analysis():
    state = begin(ladder=LadderSpec(transient=Rung(retries=5, backoff=[0.0])))
    state = launched(fail_blip(state, at(60)).state)
    d = fail_blip(state, at(120))
    stage = d.state.stage("a.train")
    assert stage.attempts[0].fingerprint == stage.attempts[1].fingerprint
    assert stage.status == StageStatus.HELD
    assert stage.hold.by == "ladder"
    assert stage.reason.startswith("the same failure twice in a row")
    assert stage.budget_used == {T: 1}
    assert len(stage.attempts) == 2 and submits(d) == []
    assert WriteAnalysis("a") in d.actions
    assert d.state.stage("a.eval").status == StageStatus.BLOCKED
    assert d.state.stage("b.train").status != StageStatus.BLOCKED


def test_a_different_failure_in_between_resets_the_repeat_rule():
    state = begin(ladder=LadderSpec(transient=Rung(retries=5, backoff=[0.0])))
    state = launched(fail_blip(state, at(60)).state)
    state = launched(fail_blip(state, at(120), progress=(3, 10)).state)  # got further: not a repeat
    assert state.stage("a.train").attempt == 3
    d = fail_blip(state, at(180), progress=(3, 10))  # the same as the one just before: hold
    assert d.state.stage("a.train").status == StageStatus.HELD


def test_the_run_wide_cap_holds_even_with_budget_left():
    state = state_from_graph(ONE, ladder=LadderSpec(transient=Rung(retries=50, backoff=[0.0])))
    state.plan.max_attempts = 3  # a.train and b.train take 2 at once; one retry is left
    state = launched(decide(state, observe(), T0).state)
    state = launched(fail_blip(state, at(60)).state)
    assert state.total_attempts == 3
    d = fail_blip(state, at(120), progress=(4, 10))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD
    assert stage.reason == "the run-wide cap on attempts is reached"
    assert d.state.total_attempts == 3


def test_the_deadline_bounds_retries_in_decide():
    state = begin(ladder=LadderSpec(transient=Rung(retries=3, backoff=[1800.0])), gate=SuccessGate(deadline=3600))
    d = fail_blip(state, at(minutes=40))  # a retry would be due at 70 min, after the 60 min deadline
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD
    assert stage.reason.startswith("the next retry would be due after the deadline")




def test_the_run_wide_cap_bounds_first_attempts_too():
    state = state_from_graph({"a": {"train": []}, "b": {"train": []}, "c": {"train": []}})
    state.plan.max_attempts = 2
    d = decide(state, observe(), T0)
    assert d.state.total_attempts <= 2
    assert len(submits(d)) <= 2
