"""The one stage machine: every legal move of a stage's status, and the one function that makes it.

Pure: no I/O, no clock (time comes in with the event collector). ``MOVES`` is the whole
table; ``move`` refuses anything not in it (a bug, never the user's input) and records the
event the move emits. Nothing else in tianluo assigns a stage's status: decide's
scheduling, propagation and branches, the judging of attempts, the ladder's steps, a
human's hold and release, and a replan all ask ``move`` (a test checks this).

Adding a kind of ladder step (say, "wait until a condition holds"): one step dataclass in
``ladder`` (returned by ``next_step``), its row(s) in ``MOVES`` (a new status and the event
its move emits), and its effect on the stage in ``_EFFECTS``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Literal

from tianluo.core import events
from tianluo.models.model import CheckpointMove, Degradation, Hold, StageState, Wait, split_stage_id
from tianluo.models.states import StageStatus
from tianluo.timefmt import iso

if TYPE_CHECKING:  # the ladder's steps: imported by ``take`` (a human's hold or release needs none of them)
    from tianluo.core.ladder import Degrade, HoldStep, Retry, Step, WaitForSpace

P, SUB, RUN, OK = StageStatus.PENDING, StageStatus.SUBMITTED, StageStatus.RUNNING, StageStatus.SUCCEEDED
WAIT, HELD, BLOCKED, SKIP = StageStatus.RETRY_WAIT, StageStatus.HELD, StageStatus.BLOCKED, StageStatus.SKIPPED
ASK = StageStatus.CONSULTING

#: from -> to -> the event kinds such a move may emit. ``None`` means the move is recorded by
#: an event about more than one stage (a human's hold of an entity, a replan, a plan-time
#: hold recorded by ``run_created``), or is a silent repair.
MOVES: dict[StageStatus, dict[StageStatus, frozenset[str | None]]] = {
    P: {
        SUB: frozenset({"submit_intent"}),  # its needs are done: attempt 1 is recorded
        BLOCKED: frozenset({"blocked"}),  # something it needs is held or blocked
        SKIP: frozenset({"skipped"}),  # a branch not taken
        HELD: frozenset({"held", None}),  # cannot start without a human / a human holds the entity
    },
    BLOCKED: {
        # what it needs can move again, or the owner unblocked it past a skipped need (tianluo.core.skips) /
        # a replan decides again
        P: frozenset({"unblocked", None}),
        HELD: frozenset({None}),  # a human holds the entity
    },
    WAIT: {
        SUB: frozenset({"submit_intent"}),  # the retry is due
        HELD: frozenset({"held", None}),  # the run-wide cap / a human holds the entity
    },
    SUB: {
        RUN: frozenset({"running"}),  # the runner (or the scheduler) says it runs
        OK: frozenset({"succeeded"}),  # done before it was ever seen running
        WAIT: frozenset({"retry_scheduled", "degraded", "waiting_for_space"}),  # failed; the ladder's retry or degrade
        HELD: frozenset({"held"}),  # failed; the ladder's last rung, or a launch it may not retry
        ASK: frozenset({"agent_asked"}),  # failed; the agent rung is asked before the hold
        # repair: an active status without an attempt / the run's end cancelled it
        P: frozenset({None, "end_cancelled"}),
    },
    RUN: {
        SUB: frozenset({"requeued"}),  # the scheduler put it back in its queue
        OK: frozenset({"succeeded"}),
        WAIT: frozenset({"retry_scheduled", "degraded", "waiting_for_space"}),
        HELD: frozenset({"held"}),  # failed, hung and not authorised to cancel, cancelled by a person
        ASK: frozenset({"agent_asked"}),  # failed; the agent rung is asked before the hold
        P: frozenset({None, "end_cancelled"}),  # repair / the run's end cancelled it (on_end cancel, stop --cancel)
    },
    ASK: {  # settled by the next decision (tianluo.core.agent_rung): the agent's answer, or the fallback
        WAIT: frozenset({"retry_scheduled", "degraded", "waiting_for_space"}),
        HELD: frozenset({"held", None}),  # the answer or the fallback / a human holds the entity meanwhile
        SKIP: frozenset({"skipped"}),  # the agent skipped it (skip authorised)
    },
    HELD: {
        WAIT: frozenset({"released"}),  # --retry, or a human hold lifted from a stage that was waiting out a backoff
        P: frozenset({"released"}),  # a human hold lifted: wait for the needs again
        SKIP: frozenset({"released"}),  # --skip: for good (a skipped stage never moves); what needs it is blocked
    },
    OK: {},
    SKIP: {},
}


class IllegalMove(RuntimeError):
    """A move not in ``MOVES``: a bug in tianluo, never a user's mistake."""


class Events:
    """The events of one decision (or one human change), all stamped with its time."""

    def __init__(self, now: datetime):
        self.now = now
        self.items: list[dict] = []

    def add(self, kind: str, sid: str | None = None, message: str = "", **extra) -> dict:
        where = dict(zip(("entity", "stage"), split_stage_id(sid), strict=True)) if sid is not None else {}
        where.update({k: extra.pop(k) for k in ("entity", "stage") if k in extra})
        ev = events.event(kind, iso(self.now), message, **where, **{k: v for k, v in extra.items() if v is not None})
        self.items.append(ev)
        return ev


def move(stage: StageState, to: StageStatus, *, log: Events | None = None, sid: str | None = None,
         event: str | None = None, message: str = "", **fields) -> None:
    """Move ``stage`` to ``to`` and record ``event`` (kind, message and fields) in ``log``.

    Raises:
        IllegalMove: the move, or the event it would emit, is not in ``MOVES``.
    """
    allowed = MOVES[stage.status].get(to)
    if allowed is None:
        raise IllegalMove(f"{sid or 'a stage'}: {stage.status.value} -> {to.value} is not a legal move")
    if event not in allowed:
        raise IllegalMove(f"{sid or 'a stage'}: {stage.status.value} -> {to.value} does not emit {event!r} "
                          f"(it emits {sorted(map(str, allowed))})")
    if event is not None and log is None:
        raise IllegalMove(f"{sid or 'a stage'}: a {event!r} move needs an event log")
    stage.status = to
    if event is not None and log is not None:  # a log is there: refused above otherwise
        log.add(event, sid, message, **fields)


def hold(stage: StageState, *, by: Literal["ladder", "human"], reason: str, at: datetime, analysis: str | None,
         log: Events | None = None, sid: str | None = None, **fields) -> None:
    """manual_hold (``by="ladder"``: emits ``held``) or a human's hold (recorded per entity, by the caller).

    A ladder hold drops a pending retry's due time; a human hold keeps it, so releasing the
    entity resumes the wait where it was.
    """
    stage.reason = reason
    if by == "ladder":
        stage.next_attempt_at = None
    stage.hold = Hold(by=by, reason=reason, at=at, analysis=analysis)
    if by == "ladder":
        where = f"; analysis in {analysis}" if analysis else ""
        move(stage, HELD, log=log, sid=sid, event="held", message=f"manual_hold: {reason}{where}", by="ladder",
             **fields)
    else:
        move(stage, HELD)


# --- the ladder's steps ------------------------------------------------------------------


def take(stage: StageState, step: Step, *, log: Events, sid: str, attempt: int, params: dict,
         analysis: str | None) -> None:
    """Apply the ladder's final step to a stage whose attempt ``attempt`` just failed.

    ``params`` are the entity's current params (a degrade changes them); ``analysis`` is where
    a hold's failure analysis goes.
    """
    _effects()[type(step)](stage, step, log, sid, attempt, params, analysis)


def _retry(stage: StageState, step: Retry, log: Events, sid: str, n: int, params: dict, analysis) -> None:
    fault = stage.fault
    assert fault is not None  # the attempt was judged before the ladder's step
    if step.free:
        stage.free_retries += 1
        stage.next_attempt_at = log.now
        whose = "the host's doing (a reboot?)" if fault.label == "lost" else "the scheduler's doing"
        stage.reason = f"{fault.label}: {whose}, retried without spending budget"
        move(stage, WAIT, log=log, sid=sid, event="retry_scheduled",
             message=f"{fault.label} is {whose}: retry at once, no budget spent "
                     f"({stage.free_retries} such retries so far)", attempt=n, wait_s=0.0, free=True)
        return
    if step.agent:  # the agent rung's answer: its own budget (max_calls), not the class's
        stage.next_attempt_at = log.now + timedelta(seconds=step.wait_s)
        stage.reason = step.note
        move(stage, WAIT, log=log, sid=sid, event="retry_scheduled",
             message=f"{step.note}; retry due at {iso(stage.next_attempt_at)}, no {fault.klass.value} budget spent "
                     f"({step.used}/{step.allowed} used)", attempt=n, wait_s=step.wait_s, agent=True)
        return
    stage.budget_used[fault.klass] = step.used
    stage.next_attempt_at = log.now + timedelta(seconds=step.wait_s)
    stage.reason = f"retry {step.used}/{step.allowed} for {fault.klass.value}" + (f"; {step.note}" if step.note else "")
    move(stage, WAIT, log=log, sid=sid, event="retry_scheduled",
         message=f"{fault.klass.value} retry {step.used}/{step.allowed} due at {iso(stage.next_attempt_at)}"
                 + (f"; {step.note}" if step.note else ""), attempt=n, wait_s=step.wait_s, advice=step.note or None)


def _degrade(stage: StageState, step: Degrade, log: Events, sid: str, n: int, params: dict, analysis) -> None:
    change = step.change
    params.update(change.params)
    if change.variant is not None:
        stage.variant = change.variant
    if change.exclude_host is not None:
        stage.exclude_hosts.append(change.exclude_host)
    if change.time_limit is not None:  # the next attempts' limit (and Slurm's --time)
        stage.time_limit = change.time_limit
    if change.rollback is not None:  # carried out by the shell before the next launch (a MoveAside)
        r = change.rollback
        stage.checkpoint_moves.append(CheckpointMove(attempt=n, path=r.newest, size=r.size, mtime_ns=r.mtime_ns,
                                                     resume_from=r.previous, at=log.now))
    lines = list(change.lines)
    stage.degradations.append(Degradation(attempt=n, action=change.action, changes=lines, at=log.now))
    stage.next_attempt_at = log.now
    stage.reason = f"degraded ({change.action}): {step.description}"
    move(stage, WAIT, log=log, sid=sid, event="degraded",
         message=f"pre-authorised {change.action}: {step.description}; attempt {n + 1} runs with it",
         attempt=n, action=change.action, changes=lines)


def _hold(stage: StageState, step: HoldStep, log: Events, sid: str, n: int, params: dict, analysis) -> None:
    hold(stage, by="ladder", reason=step.reason, at=log.now, analysis=analysis, log=log, sid=sid, attempt=n)


def _wait_for_space(stage: StageState, step: WaitForSpace, log: Events, sid: str, n: int, params: dict,
                    analysis) -> None:
    """A disk fault's retry: due once the file systems have room again (decide checks each tick)."""
    from tianluo.core.responses import ROOM_AGAIN

    fault, retry = stage.fault, step.retry
    assert fault is not None  # the attempt was judged before the ladder's step
    stage.budget_used[fault.klass] = retry.used
    stage.next_attempt_at = log.now + timedelta(seconds=retry.wait_s)
    stage.wait = Wait(label=fault.label, paths=list(step.paths), since=log.now, threshold=ROOM_AGAIN,
                      facts=list(step.facts))
    stage.reason = f"waiting for free space on {', '.join(step.paths)}"
    move(stage, WAIT, log=log, sid=sid, event="waiting_for_space",
         message=f"{fault.label}: {'; '.join(step.facts)}; {fault.klass.value} retry {retry.used}/{retry.allowed} "
                 f"runs when there is room again ({ROOM_AGAIN})", attempt=n, paths=list(step.paths),
         facts=list(step.facts))


_EFFECTS: dict[type, Callable[..., None]] = {}


def _effects() -> dict[type, Callable[..., None]]:
    """Each step's effect, by the step's type (filled on the first ``take``)."""
    if not _EFFECTS:
        from tianluo.core.ladder import Degrade, HoldStep, Retry, WaitForSpace

        _EFFECTS.update({Retry: _retry, Degrade: _degrade, HoldStep: _hold, WaitForSpace: _wait_for_space})
    return _EFFECTS
