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
"""

from datetime import datetime

from tianluo.core.actions import Cancel
from tianluo.core.draft import Draft
from tianluo.models.model import Attempt, Leftover, StageState
from tianluo.timefmt import iso

#: Signals (TERM, then KILLs) or failed KILLs before tianluo stops trying and holds the stage.
TRIES = 3
WAITS = "waits until attempt "  # how a stage's reason says its retry waits (after "attempt N ")


def gone(stage: StageState, attempt: Attempt) -> None:
    """The KILL of what is left of ``attempt`` went through: its retry no longer waits (nor says it does)."""
    attempt.leftover = None
    if stage.reason is not None and WAITS in stage.reason and not any(a.leftover for a in stage.attempts):
        stage.reason = None


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
    left = [a for a in stage.attempts if a.n < before and a.leftover is not None]
    if not left:
        return None
    grace = ctx.state.plan.cancel_grace
    for attempt in left:
        lo = attempt.leftover
        assert lo is not None
        if lo.tries >= TRIES and (ctx.now - lo.since).total_seconds() >= TRIES * grace:
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
