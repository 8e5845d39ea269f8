"""A job the scheduler lists but cannot account for (its host not heard from): lost after a bound. Pure.

A scheduler that loses touch with a node keeps that node's jobs listed, in a state of its own
(Grid Engine's queue instance ``u``, LSF's ``UNKWN``); the command backend's ``states`` table
maps such words to ``unknown`` (``JobFacts.unknown``). Such a job is taken for running, never
resubmitted on sight: right after a restart of the scheduler's master every host reads unknown
until it reports, and a job given up then would be retried beside itself. But a host that
never comes back would keep its job "running" for ever.

So each attempt records when the scheduler first reported its job unknown
(``Attempt.unknown_since``), cleared when the scheduler reports a known state again, and when it
does not answer at all (the spell counts from what was seen, never across a silence: after a
master that was down, every host reads unknown again for a while). Once the spell lasts the
backend's ``lost_after`` (``Capabilities.lost_after``), the attempt is lost with its node
(``ended_by`` ``node_fail``: transient/node_failure, free) and goes the way of every lost attempt:
its job is KILLed, and its retry waits while that KILL fails (``tianluo.core.cancels``).
"""

from dataclasses import replace
from datetime import timedelta

from tianluo.backends.base import JobFacts
from tianluo.core.draft import Draft
from tianluo.durations import format_duration
from tianluo.models.model import Attempt
from tianluo.models.states import JobState
from tianluo.timefmt import iso

VERDICT = "unknown"  # how the verdict of an attempt in such a spell starts (status shows it)


def silent(attempt: Attempt) -> None:
    """The scheduler did not answer: nothing was seen of the job, so a spell of unknown starts again once it does."""
    attempt.unknown_since = None


def track(ctx: Draft, sid: str, attempt: Attempt, facts: JobFacts) -> JobFacts:
    """Record the spell of unknown (its start, its end) and return the facts to judge by: as seen, or, once the
    spell has lasted the backend's ``lost_after``, the attempt lost with its node."""
    n = attempt.n
    if not facts.unknown:
        if attempt.unknown_since is not None:
            spell = (ctx.now - attempt.unknown_since).total_seconds()
            attempt.unknown_since = None
            ctx.event("job_known_again", sid, f"attempt {n}: the scheduler knows its job again "
                      f"({facts.scheduler_state or facts.state.value}) after {format_duration(spell)} unknown",
                      attempt=n, unknown_s=round(spell))
        return facts
    bound = ctx.state.plan.backend.capabilities().lost_after
    if attempt.unknown_since is None:
        attempt.unknown_since = ctx.now
        then = f"; lost if it stays so for {format_duration(bound)} (backend.lost_after)" if bound else ""
        ctx.event("job_unknown", sid, f"attempt {n}: {facts.detail or _word(facts)}{then}", attempt=n,
                  scheduler_state=facts.scheduler_state)
    spell = (ctx.now - attempt.unknown_since).total_seconds()
    if bound is None or spell < bound:
        return facts
    return replace(facts, state=JobState.LOST, ended_by="node_fail", over=False, unknown=False, detail=(
        f"the scheduler has said {_word(facts)} since {iso(attempt.unknown_since)}, {format_duration(spell)} "
        f"(backend.lost_after {format_duration(bound)}): it cannot tell whether the job runs, its host is not "
        "heard from; taken as lost with its node"))


def verdict(ctx: Draft, attempt: Attempt, facts: JobFacts) -> str:
    """What ``status`` says of an attempt in a spell of unknown, within the bound (no time that changes each tick:
    a new verdict is an event)."""
    since = attempt.unknown_since or ctx.now
    bound = ctx.state.plan.backend.capabilities().lost_after
    then = (f"; lost at {iso(since + timedelta(seconds=bound))} unless it is heard from (backend.lost_after "
            f"{format_duration(bound)})") if bound else ""
    return f"{VERDICT} since {iso(since)}: the scheduler says {_word(facts)}, its host is not heard from{then}"


def _word(facts: JobFacts) -> str:
    return facts.scheduler_state or "unknown"
