"""A cancel that fails, or never takes effect: sent again, within a bound, then held. Pure.

Two cases, one bound (``TRIES``):

- **What is left of an attempt that is over** (lost, or ended after tianluo's TERM) gets KILL
  before the retry. When that KILL fails (the scheduler refused it, or did not answer), the
  shell records it on the attempt (``Attempt.leftover``, :func:`failed`) and launches nothing
  more of the stage that tick. Every later tick sends the KILL again before the retry's launch
  (:func:`sweep`), and the shell launches the retry only once a KILL went through. After
  ``TRIES`` refusals over at least ``TRIES`` × ``cancel_grace``, the stage is held: an old job
  never runs beside its retry. Tries the scheduler did not answer wait without counting (the
  scheduler's silence is told by its own notice).
- **A live attempt tianluo is cancelling** (a hang, a time limit, a failed GPU) gets TERM, then
  KILL each ``cancel_grace``. Once ``TRIES`` signals have not ended it (a job on a dead node that
  the scheduler keeps listing), the attempt is ``unknown/cancel_failed`` and held
  (:func:`overdue`), instead of KILLs sent for ever while ``status`` says it runs.

What is left of an attempt that no retry waits for (the run ended or is ending, its stage
succeeded or was skipped) gets its KILL again each tick all the same (:func:`orphans`), a
finished run keeping its trigger meanwhile (:func:`pending`), until one goes through. Past the
same bound, or ``GIVE_UP_S`` after the first failure however the scheduler answered, tianluo
stops (``Leftover.given_up_at``), records it and tells the owner what to do.
"""

from datetime import datetime

from tianluo.core.actions import Cancel
from tianluo.core.draft import Draft
from tianluo.durations import format_duration
from tianluo.models.model import Attempt, Leftover, RunState, StageState, split_stage_id
from tianluo.models.states import TERMINAL_PHASES, Phase, StageStatus
from tianluo.timefmt import iso

#: Signals (TERM, then KILLs) or failed KILLs before tianluo stops trying and holds the stage.
TRIES = 3
#: What is left of an attempt no retry waits for: tianluo stops sending its KILL this long after the first one
#: failed, however the scheduler answered (one that never answers would keep a finished run's trigger for ever).
GIVE_UP_S = 86400.0
WAITS = "waits until attempt "  # how a stage's reason says its retry waits (after "attempt N ")


def gone(stage: StageState, attempt: Attempt) -> str:
    """The KILL of what is left of ``attempt`` went through: its retry no longer waits (nor says it does).
    What that means, as the end of the ``cancelled`` event's message."""
    waited = stage.reason is not None and WAITS in stage.reason
    attempt.leftover = None
    if waited and not any(a.leftover for a in stage.attempts):
        stage.reason = None
    return "; its retry no longer waits for it" if waited else "; what was left of it is gone: no more KILLs"


def waits_for(state: RunState, stage: StageState) -> bool:
    """Whether a retry of ``stage`` waits for the KILLs of its earlier attempts' leftovers, and sends them
    (:func:`sweep`): it is due (retry_wait), or recorded and not launched, in a run still going."""
    if state.phase in TERMINAL_PHASES or state.phase == Phase.ENDING:
        return False
    current = stage.current()
    return stage.status == StageStatus.RETRY_WAIT or (stage.status == StageStatus.SUBMITTED and current is not None
                                                      and current.handle is None)


def again_words(state: RunState, stage: StageState) -> str:
    """What follows a failed KILL of what is left of an attempt, for the ``cancel_failed`` event."""
    if waits_for(state, stage):
        return "its retry is not launched until a KILL goes through (sent again each tick)"
    over = "the run is over" if state.phase in TERMINAL_PHASES else "no retry waits for it"
    return (f"{over}: it is sent again each tick until it goes through (the run keeps its trigger meanwhile); "
            f"after {TRIES} refusals over {TRIES} x cancel_grace ({TRIES * state.plan.cancel_grace:g}s) at least, "
            f"or {format_duration(GIVE_UP_S)}, tianluo stops and tells you")


def pending(state: RunState) -> bool:
    """Whether the KILL of what is left of some attempt is still to be sent again (not given up)."""
    return any(a.leftover is not None and a.leftover.given_up_at is None
               for entity in state.entities.values() for stage in entity.stages.values() for a in stage.attempts)


def orphans(ctx: Draft) -> None:
    """KILL again what is left of attempts no retry waits for (the run is over or ending; their stage succeeded,
    was skipped or is held), each tick until one goes through; past the bound, stop, record it and tell."""
    state = ctx.state
    for ename, entity in state.entities.items():
        for sname, stage in entity.stages.items():
            if waits_for(state, stage):
                continue  # its retry sends them (sweep)
            for attempt in stage.attempts:
                lo = attempt.leftover
                if lo is None or lo.given_up_at is not None:
                    continue
                sid = f"{ename}.{sname}"
                if _past_bound(lo, ctx.now, state.plan.cancel_grace):
                    _give_up(ctx, sid, attempt)
                    continue
                ctx.actions.append(Cancel(sid, attempt.n, attempt.job_name, "what is left of it must go, though no "
                                          "retry waits for it", "KILL"))


def _past_bound(lo: Leftover, now: datetime, grace: float) -> bool:
    waited = (now - lo.since).total_seconds()
    return (lo.tries >= TRIES and waited >= TRIES * grace) or waited >= GIVE_UP_S


def _give_up(ctx: Draft, sid: str, attempt: Attempt) -> None:
    """tianluo stops sending the KILL of what is left of ``attempt``: recorded, and the owner told what to do."""
    lo = attempt.leftover
    assert lo is not None
    lo.given_up_at = ctx.now
    job = _job(attempt)
    why = (f"the KILL of what is left of attempt {attempt.n} ({job}) failed since {iso(lo.since)} ({lo.tries} "
           f"refused; the last: {lo.error or 'no answer'}): tianluo stops sending it. Make sure {job} is gone: "
           "cancel it with the scheduler's own command, or ask its admin (its node may be down)")
    ctx.event("leftover_given_up", sid, why, attempt=attempt.n)
    entity, name = split_stage_id(sid)
    state = ctx.state
    ctx.tell("held", f"leftover:{sid}:{attempt.n}", f"tianluo: {entity}/{name}'s old job may still run",
             f"{state.plan.name} ({state.run_id}): {entity}/{name}: {why}.", entity=entity, stage=name)


def failed(attempt: Attempt, error: str, now: datetime, answered: bool) -> Leftover:
    """Record on an attempt that is over that the KILL of what is left of it failed (``answered``: the
    scheduler refused it, rather than not answering). The shell calls this; the next decisions read it."""
    left = attempt.leftover or Leftover(since=now)
    left.tries += 1 if answered else 0
    left.error = error
    left.at = now
    attempt.leftover = left
    return left


def sweep(ctx: Draft, sid: str, stage: StageState, before: int) -> str | None:
    """Before attempt ``before`` of a stage launches: KILL again what is left of earlier attempts whose
    KILL failed (the Cancel goes first, and the shell launches nothing of the stage if it fails again).

    Returns the reason to hold the stage once the bound is passed, else None.
    """
    left = [a for a in stage.attempts if a.n < before and a.leftover is not None and a.leftover.given_up_at is None]
    if not left:
        return None
    grace = ctx.state.plan.cancel_grace
    for attempt in left:
        lo = attempt.leftover
        assert lo is not None
        if lo.tries >= TRIES and (ctx.now - lo.since).total_seconds() >= TRIES * grace:
            lo.given_up_at = ctx.now  # the hold tells the owner; no KILL is sent again, even after the run ends
            return (f"the KILL of what is left of attempt {attempt.n} ({_job(attempt)}) failed {lo.tries} times since "
                    f"{iso(lo.since)} ({lo.error}), so attempt {before} was not launched beside it: make sure it is "
                    "gone, then release with --retry (tianluo then no longer waits for it), or --skip")
    for attempt in left:
        ctx.actions.append(Cancel(sid, attempt.n, attempt.job_name,
                                  f"what is left of it must be gone before attempt {before} starts", "KILL"))
    first = left[0]
    assert first.leftover is not None
    stage.reason = (f"attempt {before} {WAITS}{first.n}'s job ({_job(first)}) is gone: its KILL failed "
                    f"since {iso(first.leftover.since)} ({first.leftover.error}); sent again each tick")
    return None


def overdue(attempt: Attempt, facts, now: datetime, grace: float) -> str | None:
    """A live attempt being cancelled whose next KILL is due: why to give up on it (the attempt becomes
    ``unknown/cancel_failed``) once ``TRIES`` signals have not ended it, else None (send the KILL)."""
    cancel = attempt.cancel
    if cancel is None:
        return None
    sent = 1 + cancel.kills  # the TERM, then each KILL
    if sent < TRIES:
        return None
    if cancel.error:
        still = f"the last one failed: {cancel.error}"
    elif facts.job_id is not None:
        still = f"the scheduler still lists it as {facts.scheduler_state or facts.state.value}"
    else:
        still = "its processes are still there" + (f" ({facts.proc_status})" if facts.proc_status else "")
    return (f"cancel sent {sent} times since {iso(cancel.requested_at)} (TERM, then KILL {cancel.kills} times, "
            f"{grace:g}s apart at least), {still}")


def release(stage: StageState) -> list[str]:
    """A human's ``release --retry``: tianluo no longer waits for what is left of earlier attempts (the owner
    saw to it). What it stopped waiting for, one line each."""
    told = []
    for attempt in stage.attempts:
        if attempt.leftover is not None:
            told.append(f"attempt {attempt.n}'s job ({_job(attempt)}) is taken as gone: its retry no longer waits "
                        "for it")
            attempt.leftover = None
    return told


def _job(attempt: Attempt) -> str:
    return attempt.handle.describe() if attempt.handle is not None else attempt.job_name
