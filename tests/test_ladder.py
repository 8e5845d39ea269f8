"""tianluo.ladder: budgets per fault class, the backoff table, may_retry."""

import pytest

from tianluo.ladder import DEFAULT_BUDGETS, backoff_seconds, may_retry, resolve_budgets
from tianluo.model import Budget, StageState
from tianluo.spec import LadderSpec, Rung
from tianluo.states import FaultClass

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
