"""Retry budgets per fault class, and the one backoff function.

Pure: no I/O, no clock. Budgets are counted per stage and per class in state.json, so a
crash or a resume never resets them.
"""

from tianluo.model import Budget, StageState
from tianluo.spec import LadderSpec
from tianluo.states import FaultClass

#: What a run gets when its spec says nothing: transient faults are retried (with growing
#: waits), config and unknown once, code never (a bug does not fix itself).
DEFAULT_BUDGETS: dict[FaultClass, Budget] = {
    FaultClass.TRANSIENT: Budget(retries=3, backoff=[0.0, 120.0, 600.0]),
    FaultClass.CONFIG: Budget(retries=1, backoff=[0.0]),
    FaultClass.CODE: Budget(retries=0, backoff=[0.0]),
    FaultClass.UNKNOWN: Budget(retries=1, backoff=[0.0]),
}


def resolve_budgets(spec_ladder: LadderSpec) -> dict[FaultClass, Budget]:
    """The spec's ladder over the defaults; a class given without backoff keeps the default."""
    out = {}
    for klass, default in DEFAULT_BUDGETS.items():
        rung = getattr(spec_ladder, klass.value)
        if rung is None:
            out[klass] = default.model_copy(deep=True)
        else:
            backoff = rung.backoff if rung.backoff else default.backoff
            out[klass] = Budget(retries=rung.retries, backoff=list(backoff))
    return out


def backoff_seconds(budget: Budget, retry_number: int) -> float:
    """Seconds to wait before retry number ``retry_number`` (1-based); the last entry repeats."""
    if retry_number < 1:
        raise ValueError("retry_number starts at 1")
    if not budget.backoff:
        return 0.0
    return budget.backoff[min(retry_number, len(budget.backoff)) - 1]


def may_retry(stage: StageState, klass: FaultClass, budgets: dict[FaultClass, Budget]) -> bool:
    """Whether the class's budget has a retry left for this stage."""
    return stage.budget_used.get(klass, 0) < budgets[klass].retries
