"""The retry budget ladder: budgets per fault class, the one backoff function, and
``next_step``, which turns a failure and plain data (authorisation, a human's hold, attempts
left, the deadline, the pre-authorised change) into the final step. The stage machine takes it.

Pure: no I/O, no clock. Budgets are counted per stage and per class in state.json, so a
crash or a resume never resets them.
"""

import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from tianluo.core.degrade import Change
from tianluo.core.responses import SpaceHold, SpaceWait, never_unchanged, response_for, retry_wait, space_step
from tianluo.models.model import Fault, StageState
from tianluo.models.plan_model import Budget
from tianluo.models.states import FaultClass
from tianluo.planning.spec import LadderSpec

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


# --- the ladder ----------------------------------------------------------------------


@dataclass(frozen=True)
class Retry:
    """Rungs 1 and 2: run again, now (``wait_s == 0``) or from a later tick."""

    wait_s: float
    used: int  # retries of this class spent, this one included
    allowed: int
    free: bool = False  # the scheduler's fault: no budget spent
    note: str = ""  # what the owner should change so it does not come back (``responses.advice``)
    agent: bool = False  # on the agent rung's word (``tianluo.core.agent_rung``): no budget spent, ``used`` as it was


@dataclass(frozen=True)
class Degrade:
    """Rung 3: run again with a change the owner pre-authorised at plan time."""

    change: Change
    description: str


@dataclass(frozen=True)
class HoldStep:
    """Rung 5: stop this stage and ask a human (the others go on).

    ``kind`` says which question held it (not compared: two holds with the same reason are the same
    hold). The agent rung (``tianluo.core.agent_rung``) is asked before the holds in ``JUDGEMENT``.
    """

    reason: str
    kind: str = field(default="", compare=False)


#: Holds that are a judgement the agent rung may be asked about: a budget spent, the same failure
#: twice, a class never retried, a fault never retried unchanged, a retry or degrade not authorised.
#: Not: a human's hold of the entity, the run-wide cap, the deadline, a quota spent (``space``).
JUDGEMENT = frozenset({"budget_spent", "repeated", "not_retried", "unchanged", "no_resubmit", "no_degrade"})


@dataclass(frozen=True)
class WaitForSpace:
    """Rung 2 for a full disk (``tianluo.core.responses``): the retry waits until these file systems have
    room again, not for a time; its budget is spent as for any retry."""

    retry: Retry
    paths: tuple[str, ...]
    facts: tuple[str, ...]  # "path: N free of M", as measured when the attempt ended


Step = Retry | Degrade | HoldStep | WaitForSpace

#: What tianluo may do when nothing is said (the tests of the bare ladder).
EVERYTHING = frozenset({"submit", "resubmit", "degrade", "cancel_hung"})


def next_step(
    stage: StageState,
    fault: Fault,
    budgets: dict[FaultClass, Budget],
    *,
    repeated: bool,
    attempts_left: int,
    now: datetime,
    deadline_at: datetime | None = None,
    degrade: Change | None = None,
    allowed: frozenset[str] = EVERYTHING,
    entity_held: bool = False,
    sid: str = "the stage",
    space: tuple = (),
    run_id: str = "",
    last_fault: Fault | None = None,
) -> Step:
    """The one transition of the ladder: what follows a failed attempt. Data in, the final step out.

    retry (resume) -> retry after backoff -> degrade (pre-authorised only) -> manual_hold.

    Args:
        stage: The stage (its budgets so far); not changed.
        fault: The failure of its last attempt.
        budgets: The run's budget per fault class.
        repeated: The last two attempts failed with the same fingerprint.
        attempts_left: Attempts the run-wide cap still allows.
        now: The time of the decision.
        deadline_at: The success gate's deadline, if any.
        degrade: The change the owner pre-authorised for this fault, as it would apply now
            (``degrade.plan_change``), or None.
        allowed: ``authorization.allow``: a retry needs ``resubmit``, a degrade ``degrade``.
        entity_held: A human holds the stage's entity: nothing runs again until released.
        sid: The stage's id, for the messages.
        space: The file systems the stage writes to, measured when the attempt ended
            (``hostspace.FsSpace``): a disk fault's retry waits for room on the full ones.
        run_id: The run's id: with ``sid`` and the attempt, it spreads rate-limited retries.
        last_fault: The fault of the attempt before this one, if it failed.

    A fault the scheduler caused (``fault.free``: preemption, node failure) is retried at once
    without spending budget, bounded only by the run-wide cap; so is a lost attempt, unless
    the attempt before it was lost too. Otherwise a retry is taken while the class has budget
    for this stage, unless the same failure fingerprint came twice in a row (for transient
    faults, only once their backoff schedule is spent), or the retry would be due after the
    deadline.
    """
    if entity_held:
        return HoldStep(f"the entity is on hold by a human: {fault.klass.value}/{fault.label}", kind="entity_held")
    step = _climb(stage, fault, budgets, repeated=repeated, attempts_left=attempts_left, now=now, run_id=run_id,
                  sid=sid, deadline_at=deadline_at, degrade=degrade, free=is_free(fault, last_fault))
    if isinstance(step, Retry) and "resubmit" not in allowed:
        return HoldStep(f"a retry is due but tianluo may not resubmit (resubmit is not in authorization.allow): "
                        f"run {sid} again after {fault.klass.value}/{fault.label}? release with --retry or --skip",
                        kind="no_resubmit")
    if isinstance(step, Degrade) and "degrade" not in allowed:
        return HoldStep(f"'{step.description}' was chosen at plan time but degrade is not in authorization.allow: "
                        "make the change yourself, then release with --retry", kind="no_degrade")
    return _for_space(step, fault, space)


def _for_space(step: Step, fault: Fault, space: tuple) -> Step:
    """disk_full, disk_quota: the retry waits for room on the full file systems, or a quota holds at once."""
    if not isinstance(step, Retry) or step.free:
        return step
    shaped = space_step(response_for(fault.label), space, fault.evidence)
    if isinstance(shaped, SpaceHold):
        return HoldStep(f"{shaped.reason}: {fault.klass.value}/{fault.label}", kind="space")
    if isinstance(shaped, SpaceWait):
        return WaitForSpace(retry=step, paths=shaped.paths, facts=shaped.facts)
    return step


def repeat_applies(fault: Fault, budget: Budget, used: int) -> bool:
    """Whether "the same failure twice in a row" stops the retries of this fault.

    A transient fault follows its backoff schedule first: the same network blip twice is
    what the 1-minute and 5-minute waits are for. Once the schedule is spent (the retry
    number past ``len(backoff)``), or for any other class, a repeat holds.
    """
    if fault.klass != FaultClass.TRANSIENT:
        return True
    return used + 1 > len(budget.backoff)


def is_free(fault: Fault, last_fault: Fault | None) -> bool:
    """Whether this failure is retried without spending budget (a response may make a free
    fault free only once in a row: ``Response.free_in_a_row``)."""
    if not fault.free:
        return False
    response = response_for(fault.label)
    if response is not None and not response.free_in_a_row:
        return last_fault is None or last_fault.label != fault.label
    return True


def _climb(stage: StageState, fault: Fault, budgets: dict[FaultClass, Budget], *, repeated: bool,
           run_id: str, sid: str,
           attempts_left: int, now: datetime, deadline_at: datetime | None, degrade: Change | None,
           free: bool) -> Step:
    klass = fault.klass
    budget = budgets[klass]
    used = stage.budget_used.get(klass, 0)
    if attempts_left <= 0:
        return HoldStep("the run-wide cap on attempts is reached", kind="attempt_cap")
    response = response_for(fault.label)
    if degrade is not None and degrade.exclude_host is not None and response is not None and response.exclude_first:
        # It takes the cause away (a GPU fault's host left out): before any retry, no budget spent;
        # bounded by the hosts there are to exclude and the run-wide cap.
        return Degrade(change=degrade, description="; ".join(degrade.lines))
    if free:
        # The scheduler's own doing (preempted, node failure) or the host's (a reboot): the job
        # did nothing wrong. It goes again at once, spending no budget; the run-wide attempt cap
        # still bounds it.
        return Retry(wait_s=0.0, used=used, allowed=budget.retries, free=True)
    if degrade is not None and not degrade.retry_first:
        # The owner pre-authorised the change for this fault: an identical try first would only
        # fail the same way (an OOM at the same batch size). ``retry_first`` asks for the retries first.
        return Degrade(change=degrade, description="; ".join(degrade.lines))
    blocked_by = kind = None
    unchanged = never_unchanged(fault.label)
    if unchanged:  # nan_loss, corrupt_checkpoint: no budget spent on an identical try
        blocked_by = f"{fault.label} is never retried unchanged ({unchanged}) and no pre-authorised change applies"
        kind = "unchanged"
    elif repeated and repeat_applies(fault, budget, used):
        blocked_by = "the same failure twice in a row; a third identical attempt would not help"
        kind = "repeated"
    elif budget.retries == 0:
        blocked_by = f"{klass.value} faults are not retried (ladder.{klass.value}.retries is 0)"
        kind = "not_retried"
    elif not may_retry(stage, klass, budgets):
        blocked_by = f"{klass.value} budget spent ({used}/{budget.retries} retries)"
        kind = "budget_spent"
    else:
        # rate_limited: never at once, and each stage at its own time (tianluo.core.responses)
        wait = retry_wait(response, backoff_seconds(budget, used + 1), run_id, sid, stage.attempt)
        if deadline_at is not None and now + timedelta(seconds=wait) > deadline_at:
            blocked_by = "the next retry would be due after the deadline"
            kind = "deadline"
        else:
            return Retry(wait_s=wait, used=used + 1, allowed=budget.retries)
    if degrade is not None:
        return Degrade(change=degrade, description="; ".join(degrade.lines))
    return HoldStep(f"{blocked_by}: {klass.value}/{fault.label}", kind=kind)


_NUMBERS = re.compile(r"0x[0-9a-fA-F]+|\d+(?:\.\d+)?")


def fingerprint(fault: Fault, progress_done: float | None, command: str = "") -> str:
    """The identity of a failure: class, label, the evidence with numbers masked, where, and what ran.

    Where the job was (its progress) is part of it: a job that fails at a later step each
    time is moving forward, not repeating itself. So is the command: after a degrade the
    attempt is a different one, even if it fails the same way.
    """
    evidence = _NUMBERS.sub("#", (fault.evidence or "").lower())
    evidence = " ".join(evidence.split())[:200]
    where = "-" if progress_done is None else f"{progress_done:g}"
    ran = hashlib.sha256(command.encode()).hexdigest()[:12] if command else "-"
    return f"{fault.klass.value}/{fault.label}/{evidence}@{where}#{ran}"
