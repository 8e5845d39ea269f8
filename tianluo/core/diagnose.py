"""The five layers of one attempt, folded from observations into state. Pure.

scheduler (is the tracked process alive, stopped, a zombie; cpu, rss), container (exit
code, signal, host, times), logs (fault lines found incrementally), progress (the job's
own counter: rate, ETA, when it last moved), output (the artifact exists and grows;
done_when). Most failures are disagreements between layers; ``stall_reason`` holds the
cross-layer rule for hangs, ``decide`` the ones for exits.
"""

from datetime import datetime

from tianluo.backends.base import MAX_PIDS
from tianluo.core.degrade import time_limit_of
from tianluo.core.observations import StageObservation
from tianluo.core.rates import progress_rate, progress_start
from tianluo.durations import format_duration
from tianluo.models.model import (
    Attempt,
    ContainerLayer,
    Diagnosis,
    LogCursor,
    LogFinding,
    LogsLayer,
    OutputLayer,
    ProgressLayer,
    ProgressReading,
    SchedulerLayer,
    StageState,
)
from tianluo.models.plan_model import PlannedStage
from tianluo.models.states import JobState

KEEP_FIRST_FINDINGS = 20  # the first fault lines: the root cause is often far above the tail
KEEP_LAST_FINDINGS = 30  # and the latest ones
STARTING_TIMEOUT_S = 300.0  # a runner that never confirms its start within this is lost


def merge_logs(attempt: Attempt, seen: StageObservation) -> int:
    """Advance the attempt's log cursors and keep its fault lines; return the bytes read."""
    read = 0
    for name, result in seen.scans.items():
        attempt.log_cursors[name] = LogCursor(offset=result.cursor.offset, inode=result.cursor.inode)
        read += result.new_bytes
        for line in result.matches:
            attempt.findings.append(LogFinding(file=line.file, offset=line.offset, text=line.text,
                                               rules=list(line.rules)))
    if len(attempt.findings) > KEEP_FIRST_FINDINGS + KEEP_LAST_FINDINGS:
        first, last = attempt.findings[:KEEP_FIRST_FINDINGS], attempt.findings[-KEEP_LAST_FINDINGS:]
        # A rule's only line is never cut from the middle: one rank's CUDA OOM amid seven ranks'
        # watchdog timeouts is the root cause. At most one more line per rule.
        covered = {r for f in first + last for r in f.rules}
        middle = []
        for f in attempt.findings[KEEP_FIRST_FINDINGS:-KEEP_LAST_FINDINGS]:
            if not covered.issuperset(f.rules):
                middle.append(f)
                covered.update(f.rules)
        attempt.findings = first + middle + last
    return read


def update_progress(stage: StageState, seen: StageObservation, now: datetime,
                    started: datetime | None = None) -> None:
    """Record the newest progress value; ``seen_at`` moves only when the value moves.

    ``started``: when the current attempt started (its record may not hold it yet on the tick that
    finds it already ended)."""
    latest = seen.progress_file
    head: tuple[float, ...] = ()
    for result in seen.scans.values():
        if result.progress is not None and latest is None:
            latest, head = result.progress, result.progress_head
    if latest is None:
        return
    done, total = latest
    p = stage.progress
    if p is None:
        # The attempt's first readings say where its progress began (a retry that ran between two ticks
        # still shows where it resumed): the first less the step to the second, at the attempt's start. With
        # one value read so far, that value, one step late until the next reading says the step (below).
        began = progress_start(head)
        started = started or (stage.attempts[-1].started_at if stage.attempts else None)
        if began is not None and began <= done and started is not None and started <= now:
            stage.progress = ProgressReading(done=done, total=total, seen_at=now, first_done=began, first_at=started,
                                             first_exact=len(head) != 1)
        else:
            stage.progress = ProgressReading(done=done, total=total, seen_at=now, first_done=done, first_at=now)
        return
    if not p.first_exact:
        _take_first_step(p, head)
    if p.done != done or p.total != total:
        p.done, p.total, p.seen_at = done, total, now


def _take_first_step(p: ProgressReading, head: tuple[float, ...]) -> None:
    """The attempt's log showed one progress value when it was first read: the first new value read since is
    the second, and their difference the step the first one came after (a trainer prints a step once done)."""
    following = [v for v in head if v != p.first_done]
    if not following:
        return  # nothing new read yet, or the same value again (tqdm redraws a bar): asked again next tick
    p.first_exact = True
    if p.first_done is not None:
        p.first_done = progress_start((p.first_done, following[0]))


def update_output(attempt: Attempt, seen: StageObservation, now: datetime) -> None:
    out = seen.output
    if out is None or not out.exists or out.size is None:
        return
    if attempt.output_size is None or out.size != attempt.output_size:
        attempt.output_size = out.size
        attempt.output_grew_at = now


STARTUP_DEFAULT_S = 600.0  # time to the first progress line when startup_after is unset (at least stall_after)


def startup_allowance(progress) -> float | None:
    """Seconds from an attempt's start to its first progress line before it counts as hung; None: no limit.

    ``startup_after`` when given; else the larger of ``stall_after`` and 10 minutes (a job that
    loads data or waits for its ranks prints nothing for a while); None when neither is set.
    """
    if progress is None:
        return None
    if progress.startup_after is not None:
        return progress.startup_after
    if progress.stall_after is not None:
        return max(progress.stall_after, STARTUP_DEFAULT_S)
    return None


def stall_reason(planned: PlannedStage, stage: StageState, attempt: Attempt, now: datetime) -> str | None:
    """Alive but not moving: no first progress line within the start-up allowance, no progress for
    ``stall_after`` after that, or no output growth.

    The start-up allowance counts from the attempt's start (or from when the scheduler ran it
    again); a progress line seen before that restart does not count as its first. A stopped
    (SIGSTOP) process prints nothing, so it is caught here like any other hang.
    """
    since_start = attempt.resumed_at or attempt.started_at or attempt.submitted_at or attempt.intent_at
    progress = planned.progress
    p = stage.progress
    if p is None or p.seen_at < since_start:
        allowance = startup_allowance(progress)
        waited = (now - since_start).total_seconds()
        if progress is not None and allowance is not None and waited >= allowance:  # no progress: no allowance
            given = "startup_after" if progress.startup_after is not None else "startup_after, by default"
            return f"no progress line for {waited:.0f}s since the start ({given} {allowance:g}s)"
    elif progress and progress.stall_after:
        waited = (now - p.seen_at).total_seconds()
        if p.total is not None and p.done >= p.total:
            # every step is done: saving the last checkpoint and tearing the ranks down take a while, so the
            # way out gets the start-up allowance (a teardown that truly hangs is still caught after it)
            allowance = max(progress.stall_after, startup_allowance(progress) or 0.0)
            if waited >= allowance:
                return (f"progress stuck at {p.done:g} of {p.total:g} (every step done, not exiting) for "
                        f"{waited:.0f}s (the start-up allowance {allowance:g}s, given to the way out)")
        elif waited >= progress.stall_after:
            return f"progress stuck at {p.done:g} for {waited:.0f}s (stall_after {progress.stall_after:g}s)"
    if planned.output and planned.output.grows_within:
        last = max(attempt.output_grew_at, since_start) if attempt.output_grew_at else since_start
        if (now - last).total_seconds() >= planned.output.grows_within:
            return (f"{planned.output.path} has not grown for {(now - last).total_seconds():.0f}s "
                    f"(grows_within {planned.output.grows_within:g}s)")
    return None


def run_seconds(attempt: Attempt, now: datetime) -> float | None:
    """How long this attempt has run: from its start, or from when the scheduler ran it again (a requeued
    job starts over); None before it runs."""
    since = attempt.resumed_at or attempt.started_at
    return None if since is None else max(0.0, (now - since).total_seconds())


def time_limit(planned: PlannedStage, stage: StageState) -> float | None:
    """The stage's time limit in seconds: as a degrade raised it (``StageState.time_limit``), else the
    plan's ``resources.time``; None when it has none."""
    return stage.time_limit or time_limit_of(planned.resources)


def describe_limit(planned: PlannedStage, stage: StageState) -> str:
    """``resources.time 5s``, or ``10s (resources.time 5s, raised by a degrade)``."""
    limit = time_limit(planned, stage) or 0.0
    written = time_limit_of(planned.resources)
    if stage.time_limit is None or written is None or stage.time_limit == written:
        return f"resources.time {format_duration(limit)}"
    return f"{format_duration(limit)} (resources.time {format_duration(written)}, raised by a degrade)"


def past_time_limit(planned: PlannedStage, stage: StageState, attempt: Attempt, now: datetime) -> str | None:
    """Why a running attempt is past its hard time limit (the evidence of its ``config/time_limit``), or None."""
    limit = time_limit(planned, stage)
    ran = run_seconds(attempt, now)
    if limit is None or ran is None or ran < limit:
        return None
    return f"ran {format_duration(ran)}, past its time limit {describe_limit(planned, stage)}"


def queued_verdict(attempt: Attempt, facts, now: datetime) -> str:
    """A queued job is the scheduler's business, not a fault; how long and why is the finding."""
    since = attempt.submitted_at or attempt.intent_at
    waited = _span((now - since).total_seconds())
    reason = facts.reason or "no reason given"
    note = f"; {facts.stuck}" if facts.stuck else ""  # the backend knows its scheduler's reasons
    return f"queued {waited}: {reason}{note}"


def _span(seconds: float) -> str:
    seconds = max(0, int(seconds))
    if seconds < 120:
        return f"{seconds}s"
    if seconds < 7200:
        return f"{seconds // 60}m"
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"


def starting_too_long(attempt: Attempt, now: datetime) -> bool:
    since = attempt.submitted_at or attempt.intent_at
    return (now - since).total_seconds() > STARTING_TIMEOUT_S


def build(planned: PlannedStage, stage: StageState, attempt: Attempt, seen: StageObservation,
          now: datetime, verdict: str, bytes_read: int) -> Diagnosis:
    """The five-layer finding for this tick (``judge`` has already kept on the attempt what the tick saw of it)."""
    facts = seen.job
    scheduler = None
    container = None
    if facts is not None:
        alive = None if facts.state == JobState.UNREACHABLE or facts.unknown else facts.state in (
            JobState.RUNNING, JobState.STARTING, JobState.QUEUED)
        scheduler = SchedulerLayer(
            state=facts.state.value, alive=alive, pid=attempt.handle.pid if attempt.handle else None,
            job_id=facts.job_id, scheduler_state=facts.scheduler_state, reason=facts.reason,
            proc_status=facts.proc_status, cpu_seconds=facts.cpu_seconds, rss_bytes=facts.rss_bytes,
            detail=facts.detail,
        )
        container = ContainerLayer(exit_code=facts.exit_code, signal=facts.signal, host=facts.host,
                                   port=attempt.port, started_at=attempt.started_at, ended_at=attempt.ended_at,
                                   oom_kills=list(seen.oom_kills), oom_kills_unread=seen.oom_kills_unread)
    files = sorted(set(attempt.log_cursors))
    refused = [f"{name}: {r.refused}" for name, r in seen.scans.items() if r.refused]  # FIFO, link, device...
    refused += [f"{name}: {r.skipped} bytes skipped, not read (more was new than a tick reads of one log); "
                f"its newest {r.new_bytes} bytes were read" for name, r in seen.scans.items() if r.skipped]
    logs = LogsLayer(files=files, bytes_read=bytes_read,
                     findings=refused + [f"{f.file}: {f.text}" for f in attempt.findings[-5:]])
    progress = _progress_layer(planned, stage, now)
    output = OutputLayer(
        path=seen.output.path if seen.output else None,
        exists=seen.output.exists if seen.output else None,
        size=attempt.output_size, grew_at=attempt.output_grew_at,
        done_when=list(seen.done_when),
        space=[("FULL " if fs.full else "") + fs.describe() for fs in seen.space],
    )
    return Diagnosis(at=now, attempt=attempt.n, verdict=verdict, scheduler=scheduler, container=container,
                     logs=logs, progress=progress, output=output)


def seen_pids(kept: list[int], now: tuple[int, ...]) -> list[int]:
    """The attempt's pids after a tick saw ``now``: those seen now last (the newest kept when there are more)."""
    fresh = set(now)
    return ([p for p in kept if p not in fresh] + list(dict.fromkeys(now)))[-MAX_PIDS:]


def _progress_layer(planned: PlannedStage, stage: StageState, now: datetime) -> ProgressLayer | None:
    p = stage.progress
    stall_after = planned.progress.stall_after if planned.progress else None
    startup = startup_allowance(planned.progress)
    if p is None:
        return ProgressLayer(stall_after_s=stall_after, startup_after_s=startup) if planned.progress else None
    rate, eta = progress_rate(p.done, p.total, p.first_done, p.first_at, p.seen_at)
    return ProgressLayer(done=p.done, total=p.total, rate_per_min=rate, eta_s=eta, last_moved_at=p.seen_at,
                         stalled_for_s=(now - p.seen_at).total_seconds(), stall_after_s=stall_after,
                         startup_after_s=startup)
