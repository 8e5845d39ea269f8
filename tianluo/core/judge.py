"""Judging each attempt: adopt it, watch it, and judge how it ended across the layers. Pure.

Part of ``decide``: the attempt-level rules (adopt or relaunch a recorded intent, watch a
live attempt, catch a hang, judge an exit across layers) and, for a failure, the ladder's
step (``ladder.next_step``, given what is authorised and pre-authorised as data), which the
stage machine applies.
"""

from dataclasses import replace
from datetime import datetime, timedelta

from tianluo.core import agent_rung, cancels, diagnose, gpu_round, unknown
from tianluo.core.actions import Cancel, CopyOutput, Submit, WriteAnalysis
from tianluo.core.degrade import Change, plan_change, unchanged_why
from tianluo.core.draft import Draft
from tianluo.core.holds import analysis_path
from tianluo.core.jobspec import command_identity
from tianluo.core.ladder import HoldStep, Retry, fingerprint, next_step
from tianluo.core.observations import StageObservation
from tianluo.core.responses import advice
from tianluo.core.stage_machine import hold as hold_stage
from tianluo.core.stage_machine import move, take
from tianluo.faults import SPEC_RULE_PREFIX
from tianluo.faults.classify import Evidence, classify
from tianluo.faults.run_rules import FATAL_CLASSES, WENT_ON_RULE_NAMES
from tianluo.models.model import Attempt, Cancelling, Fault, StageState, split_stage_id
from tianluo.models.states import FaultClass, JobState, StageStatus
from tianluo.shell.logscan import LogLine
from tianluo.timefmt import iso


def judge(ctx: Draft, sid: str, stage: StageState, seen: StageObservation) -> None:
    """Fold what was seen of the current attempt of an active stage into it, and judge it."""
    attempt = stage.current()
    if attempt is None:  # an active status always has an attempt; repair rather than crash
        move(stage, StageStatus.PENDING)
        return
    facts = seen.job
    if facts is not None and facts.state == JobState.UNREACHABLE:
        # Nothing is known this tick: no failure, no relaunch, no judgement. The next tick asks again.
        unknown.silent(attempt)
        _record(ctx, sid, stage, attempt, seen, f"scheduler unreachable: {facts.detail}; nothing judged this tick", 0)
        return
    if attempt.handle is None:
        alive = facts is not None and facts.state in (JobState.STARTING, JobState.RUNNING, JobState.QUEUED)
        if attempt.launch_error is not None and (seen.found is None or not alive):
            # sbatch refused it; a job that ended under its name is the refused submission's
            # record (Slurm lists it FAILED, ExitCode 0:1, never run), not a run to adopt
            _refused(ctx, sid, stage, attempt)
            return
        if seen.found is None:
            # The intent was saved but the launch left no trace: launch the same attempt again.
            # The runner's exclusive claim on the attempt folder makes a double run impossible.
            waits = any(a.leftover is not None for a in stage.attempts if a.n < attempt.n)
            held = cancels.sweep(ctx, sid, stage, attempt.n)  # an earlier attempt's job must be gone first
            if held is not None:
                hold(ctx, sid, stage, attempt.n, held)
                return
            attempt.launches += 1
            ctx.actions.append(Submit(sid, attempt.n, attempt.job_name))
            ctx.event("relaunch", sid, f"attempt {attempt.n} was held back until what is left of the attempt before "
                      "it is gone; launching it once its KILL goes through" if waits else
                      f"attempt {attempt.n} left no trace of a launch; launching it", attempt=attempt.n)
            return
        attempt.handle = seen.found
        attempt.adopted = True
        ctx.event("adopted", sid, f"found attempt {attempt.n} as {seen.found.describe()}; "
                  "adopted it instead of launching again", attempt=attempt.n, pid=seen.found.pid,
                  job_id=seen.found.job_id)
    elif seen.found is not None and seen.found.job_id != attempt.handle.job_id:
        # The job whose runner claimed the attempt folder is the attempt. The recorded one is a second copy
        # (submitted again after a tick died before recording the first): it stands down, and its end is
        # never the attempt's.
        copy = attempt.handle
        attempt.handle = seen.found
        attempt.adopted = True
        ctx.event("adopted", sid, f"attempt {attempt.n} is {seen.found.describe()}, which claimed its folder; "
                  f"{copy.describe()} is a second copy that stands down: following {seen.found.describe()}",
                  attempt=attempt.n, pid=seen.found.pid, job_id=seen.found.job_id)
    if facts is None:
        return
    bytes_read = diagnose.merge_logs(attempt, seen)
    for name, result in seen.scans.items():
        if result.skipped:  # more was new than a tick reads of one log: its newest bytes were read
            ctx.event("log_skipped", sid, f"attempt {attempt.n}: {name}: {result.skipped} bytes not read, "
                      f"the newest {result.new_bytes} read", attempt=attempt.n, file=name,
                      skipped=result.skipped, read=result.new_bytes)
    started = attempt.started_at or _parse_time(facts.started_at, ctx.now, attempt.intent_at)
    diagnose.update_progress(stage, seen, ctx.now, started)
    diagnose.update_output(attempt, seen, ctx.now)
    planned = ctx.planned(sid)
    judged = unknown.track(ctx, sid, attempt, facts)  # listed, but its host not heard from: lost past a bound
    if judged is not facts:
        facts = judged
        seen = replace(seen, job=facts)
    alive = facts.state in (JobState.STARTING, JobState.RUNNING, JobState.QUEUED)
    if facts.state == JobState.STARTING and diagnose.starting_too_long(attempt, ctx.now):
        facts = replace(facts, state=JobState.LOST, detail="the runner never confirmed its start")
        seen = replace(seen, job=facts)
        alive = False
    if not alive and any(r.more for r in seen.scans.values()):
        # Ended, but a log is not read to its end yet (the tick's budget ran out; past the
        # 64 MiB cap a tick reads the newest bytes, so the cap alone never leaves one unread):
        # judged on the tick that has read to the end, or a fatal line is missed.
        _record(ctx, sid, stage, attempt, seen, "ended; its logs are still being read, judged when read to the end",
                bytes_read)
        return
    if alive:
        gpu_round.track(ctx, attempt, bytes_read)
    if alive and sid in ctx.gpu_faults and attempt.cancel is None:
        verdict = _gpu_failed(ctx, sid, attempt, ctx.gpu_faults[sid])
    elif alive:
        verdict = _watch(ctx, sid, stage, attempt, planned, facts)
        if facts.unknown and verdict in ("running", "starting"):
            verdict = unknown.verdict(ctx, attempt, facts)  # not "running": nobody knows
    elif facts.ended_by == "cancelled" and attempt.cancel is None:
        verdict = _cancelled_outside(ctx, sid, stage, attempt, facts)
    else:
        verdict = _finish(ctx, sid, stage, attempt, facts, seen)
    _record(ctx, sid, stage, attempt, seen, verdict, bytes_read)


def _record(ctx: Draft, sid: str, stage: StageState, attempt: Attempt, seen: StageObservation, verdict: str,
            bytes_read: int) -> None:
    """The five layers into state, and into the event log when the verdict changed."""
    before = stage.diagnosis
    if seen.port is not None:
        attempt.port = seen.port  # the runner's word, read each tick: a requeued job gets a new one
    if seen.job is not None and seen.job.pids:
        attempt.pids = diagnose.seen_pids(attempt.pids, seen.job.pids)  # the processes it ran as (the OOM killer's)
    stage.diagnosis = diagnose.build(ctx.planned(sid), stage, attempt, seen, ctx.now, verdict, bytes_read)
    if attempt.gpus and stage.diagnosis.scheduler is not None and attempt.ended_at is None:
        stage.diagnosis.scheduler.gpus = gpu_round.describe(ctx, attempt)  # the host's word on its GPUs
    if before is None or (before.attempt, before.verdict) != (attempt.n, verdict):
        # The five layers go to the log when the verdict changes, not on every quiet tick.
        layers = stage.diagnosis.model_dump(mode="json", exclude_none=True, exclude={"at", "attempt", "verdict"})
        ctx.event("diagnosed", sid, f"attempt {attempt.n}: {verdict}", attempt=attempt.n, verdict=verdict,
                  layers=layers)


def _watch(ctx: Draft, sid: str, stage: StageState, attempt: Attempt, planned, facts) -> str:
    """A live attempt: confirm it runs, continue a cancel, or catch a hang."""
    if facts.state == JobState.RUNNING and stage.status != StageStatus.RUNNING:
        attempt.host = facts.host
        if attempt.started_at is None:
            attempt.started_at = _parse_time(facts.started_at, ctx.now, attempt.intent_at) or ctx.now
            move(stage, StageStatus.RUNNING, log=ctx.log, sid=sid, event="running",
                 message=f"attempt {attempt.n} is running", attempt=attempt.n)
        else:  # it ran before, went back to the queue (requeued, suspended): the stall clock starts again
            attempt.resumed_at = ctx.now
            move(stage, StageStatus.RUNNING, log=ctx.log, sid=sid, event="running",
                 message=f"attempt {attempt.n} is running again", attempt=attempt.n, resumed=True)
    elif facts.state == JobState.QUEUED and stage.status == StageStatus.RUNNING:
        move(stage, StageStatus.SUBMITTED, log=ctx.log, sid=sid, event="requeued",
             message=f"attempt {attempt.n} is back in the queue ({facts.detail}); the scheduler's doing, "
                     "not a failure", attempt=attempt.n)
    if attempt.cancel is not None:
        cancel = attempt.cancel
        since = cancel.killed_at or cancel.requested_at
        waited = (ctx.now - since).total_seconds()
        if waited >= ctx.state.plan.cancel_grace:
            gave_up = cancels.overdue(attempt, facts, ctx.now, ctx.state.plan.cancel_grace)
            if gave_up is not None:
                return cancel_failed(ctx, sid, stage, attempt, gave_up)
            cancel.killed_at = ctx.now
            cancel.kills += 1
            ctx.actions.append(Cancel(sid, attempt.n, attempt.job_name, cancel.reason, "KILL"))
            ctx.event("cancel_kill", sid, f"attempt {attempt.n} outlived its grace by {waited:.0f}s; sending KILL",
                      attempt=attempt.n)
        sent = f"TERM sent {iso(cancel.requested_at)}" + (f", KILL {cancel.kills} times" if cancel.kills else "")
        return f"cancelling: {cancel.reason} ({sent})"
    if facts.state == JobState.QUEUED:
        return diagnose.queued_verdict(attempt, facts, ctx.now)
    if facts.state != JobState.RUNNING:
        return "starting"
    if not ctx.state.plan.backend.capabilities().enforces_time:  # Slurm ends it at --time itself (TIMEOUT)
        over = diagnose.past_time_limit(planned, stage, attempt, ctx.now)
        if over is not None:
            return _time_limit(ctx, sid, stage, attempt, planned, over)
    stalled = diagnose.stall_reason(planned, stage, attempt, ctx.now)
    reason = gpu_round.hang_reason(ctx, planned, stage, attempt, stalled)  # with what the GPUs did meanwhile
    if reason is None:
        return "stopped (SIGSTOP?) but within stall_after" if facts.proc_status == "stopped" else "running"
    fault = classify(Evidence(state="hung", lines=_lines(attempt), detail=reason), ctx.rules)
    attempt.fault = fault
    if not ctx.allowed("cancel_hung"):
        stage.fault = fault
        attempt.judged_at = ctx.now  # judged hung; it lives on until a person stops it
        hold(ctx, sid, stage, attempt.n, f"attempt {attempt.n} is hung ({reason}); tianluo may not cancel it "
              "(cancel_hung is not in authorization.allow): stop it yourself, then release with --retry or --skip")
        return f"hung: {reason} (held: not authorised to cancel)"
    terminate(ctx, sid, attempt, f"hung: {reason}")
    ctx.event("hung", sid, f"attempt {attempt.n} is alive but not moving: {reason}; sending TERM",
              attempt=attempt.n, fault={"class": fault.klass.value, "label": fault.label})
    return f"hung: {reason}"


def cancel_failed(ctx: Draft, sid: str, stage: StageState, attempt: Attempt, why: str,
                  then: str = "release with --retry, or --skip") -> str:
    """A cancel that never took effect: the attempt is unknown/cancel_failed and held; no more KILLs.
    ``then``: what the owner does once the job is gone."""
    fault = Fault(klass=FaultClass.UNKNOWN, label="cancel_failed", evidence=why)
    attempt.fault = stage.fault = fault
    where = attempt.handle.describe() if attempt.handle is not None else attempt.job_name
    asked = attempt.cancel.reason if attempt.cancel is not None else "cancel"
    ctx.event("failed", sid, f"attempt {attempt.n}: the cancel did not take effect: {why}", attempt=attempt.n,
              fault={"class": fault.klass.value, "label": fault.label})
    hold(ctx, sid, stage, attempt.n, f"attempt {attempt.n} could not be cancelled ({asked}): {why}; tianluo "
         f"stops sending KILL: make sure {where} is gone (its node may be down: ask the scheduler's admin), then "
         f"{then}")
    return f"cancel failed: {why} (held)"


def _gpu_failed(ctx: Draft, sid: str, attempt: Attempt, fault: Fault) -> str:
    """A GPU the live attempt holds failed: cancel it (its GPU is out of the pool already); the retry runs on
    other GPUs without spending budget, like a lost attempt's. Not a hang: no cancel_hung is needed."""
    attempt.fault = fault
    reason = terminate(ctx, sid, attempt, f"its GPU failed: {fault.evidence}")
    ctx.event("gpu_fault", sid, f"attempt {attempt.n}: {fault.evidence}; sending TERM, it runs again on other GPUs",
              attempt=attempt.n, gpus=attempt.gpus, fault={"class": fault.klass.value, "label": fault.label})
    return f"cancelling: {reason}"


def _time_limit(ctx: Draft, sid: str, stage: StageState, attempt: Attempt, planned, over: str) -> str:
    """Past its hard time limit on a backend whose scheduler does not keep it: cancelled (TERM, KILL after
    cancel_grace) as Slurm ends a job at its --time, and failed as config/time_limit when it ends. Whatever
    cancel_hung says: the owner wrote the limit."""
    fault = Fault(klass=FaultClass.CONFIG, label="time_limit", evidence=over)
    attempt.fault = fault  # what the attempt's end is judged as (_finish): the TERM's exit is our doing
    terminate(ctx, sid, attempt, f"time limit: {over}")
    ctx.event("time_limit", sid, f"attempt {attempt.n} {over}; sending TERM (KILL after cancel_grace "
              f"{ctx.state.plan.cancel_grace:g}s)", attempt=attempt.n,
              fault={"class": fault.klass.value, "label": fault.label},
              limit_s=diagnose.time_limit(planned, stage), ran_s=round(diagnose.run_seconds(attempt, ctx.now) or 0))
    return f"time limit: {over}"


def terminate(ctx: Draft, sid: str, attempt: Attempt, reason: str) -> str:
    """Start cancelling a live attempt: TERM now, recorded with ``reason``; ``_watch`` sends KILL once it has
    outlived ``cancel_grace``. Returns the reason."""
    attempt.cancel = Cancelling(reason=reason, requested_at=ctx.now)
    ctx.actions.append(Cancel(sid, attempt.n, attempt.job_name, reason, "TERM"))
    return reason


def _lines(attempt: Attempt) -> tuple[LogLine, ...]:
    return tuple(LogLine(file=f.file, offset=f.offset, text=f.text, rules=tuple(f.rules)) for f in attempt.findings)


def _finish(ctx: Draft, sid: str, stage: StageState, attempt: Attempt, facts, seen: StageObservation) -> str:
    """The attempt is over: success needs exit 0, done_when, and no fatal line in the logs."""
    attempt.ended_at = _parse_time(facts.ended_at, ctx.now) or ctx.now
    attempt.judged_at = ctx.now
    attempt.started_at = attempt.started_at or _parse_time(facts.started_at, ctx.now, attempt.intent_at)
    attempt.exit_code = facts.exit_code
    attempt.signal = facts.signal
    attempt.host = facts.host or attempt.host
    unmet = tuple(f"{c.target} ({c.detail})" for c in seen.done_when if not c.ok)
    lost = facts.state != JobState.EXITED
    # Lost (no exit record: its runner was killed, or could not write it on a full disk) yet done_when
    # holds: the job did its work, and running it again would redo finished work.
    done_anyway = (lost and attempt.cancel is None and facts.ended_by is None and bool(seen.done_when)
                   and not unmet)
    clean = done_anyway or (not lost and facts.exit_code == 0 and not unmet and facts.ended_by is None)
    fatal = None
    if clean:
        fatal = _fatal_line(ctx, attempt)  # the scheduler's own verdict outranks any log line
    if attempt.cancel is None and clean and fatal is None:
        attempt.outcome = "succeeded"
        stage.succeeded_at = ctx.now
        stage.fault = None
        stage.reason = None
        if done_anyway:
            note = (f"attempt {attempt.n} left no exit record ({facts.detail or 'its runner is gone'}), but "
                    "done_when holds: counted as succeeded, not run again")
            stage.reason = note
            move(stage, StageStatus.SUCCEEDED, log=ctx.log, sid=sid, event="succeeded", message=note,
                 attempt=attempt.n, lost=True)
        else:
            move(stage, StageStatus.SUCCEEDED, log=ctx.log, sid=sid, event="succeeded",
                 message=f"attempt {attempt.n} exited 0 and done_when holds", attempt=attempt.n)
        output = ctx.planned(sid).output
        if output is not None and output.destination:
            ctx.actions.append(CopyOutput(sid, output.path, output.destination))
        return "succeeded"
    if attempt.cancel is not None and attempt.fault is not None:
        fault = attempt.fault  # decided when the hang (or the time limit) was caught; the TERM exit is our own doing
    elif sid in ctx.gpu_faults:
        fault = ctx.gpu_faults[sid]  # its GPU failed under it, by the host's word: whatever its log says
    elif fatal is not None:
        fault = fatal
    else:
        ran = (attempt.ended_at - attempt.started_at).total_seconds() if attempt.started_at else None
        fault = classify(Evidence(state="lost" if lost else "exited", exit_code=facts.exit_code,
                                  signal=facts.signal, unmet=unmet, lines=_lines(attempt), detail=facts.detail,
                                  ended_by=facts.ended_by, full=tuple(f.describe() for f in seen.space if f.full),
                                  tail=tuple(seen.tails.items()), ran_s=ran, oom_killed=seen.oom_kills),
                         ctx.rules)  # a full file system names a cause the log does not; the tails, its structure
    if facts.over:
        pass  # the scheduler says the job is over: nothing of it is left to signal
    elif lost:
        ctx.actions.append(Cancel(sid, attempt.n, attempt.job_name, "lost: stop any orphans first", "KILL"))
    elif attempt.cancel is not None:
        # The shell under the runner may die of TERM while the job it started lives on (a
        # stopped trainer, a child that ignores TERM): nothing of it may outlive its attempt.
        ctx.actions.append(Cancel(sid, attempt.n, attempt.job_name, "cancelled: stop what is left", "KILL"))
    attempt.fingerprint = fingerprint(fault, stage.progress.done if stage.progress else None,
                                      command_identity(attempt, ctx.planned(sid).command))
    if fault.label == "cancelled_outside" and attempt.cancel is None:  # its log says a person cancelled it
        return _hold_cancelled_outside(ctx, sid, stage, attempt, fault)
    attempt.outcome = "failed"
    attempt.fault = fault
    _climb(ctx, sid, stage, attempt, fault, space=seen.space)
    if fatal is not None:
        return f"failed: exited 0 but the log has a fatal line ({fault.klass.value}/{fault.label})"
    return f"failed: {fault.klass.value}/{fault.label}"


def _refused(ctx: Draft, sid: str, stage: StageState, attempt: Attempt) -> None:
    """The scheduler refused the launch: a config fault of this attempt, climbing the ladder like any."""
    attempt.outcome = "failed"
    attempt.ended_at = attempt.judged_at = ctx.now
    fault = Fault(klass=FaultClass.CONFIG, label="submit_rejected", evidence=attempt.launch_error)
    attempt.fault = fault
    attempt.fingerprint = fingerprint(fault, None, command_identity(attempt, ctx.planned(sid).command))
    _climb(ctx, sid, stage, attempt, fault)


def _cancelled_outside(ctx: Draft, sid: str, stage: StageState, attempt: Attempt, facts) -> str:
    """The scheduler says cancelled and tianluo never asked: a person did it. Hold, never retry."""
    attempt.ended_at = _parse_time(facts.ended_at, ctx.now) or ctx.now
    attempt.judged_at = ctx.now
    attempt.exit_code, attempt.signal = facts.exit_code, facts.signal
    attempt.host = facts.host or attempt.host
    fault = Fault(klass=FaultClass.UNKNOWN, label="cancelled_outside",
                  evidence=facts.detail or f"the scheduler says {facts.scheduler_state or 'cancelled'}")
    return _hold_cancelled_outside(ctx, sid, stage, attempt, fault)


def _hold_cancelled_outside(ctx: Draft, sid: str, stage: StageState, attempt: Attempt, fault: Fault) -> str:
    """A person cancelled the attempt (the scheduler says so, or its log does): hold, never retry."""
    attempt.outcome = "failed"
    attempt.fault = stage.fault = fault
    ctx.event("failed", sid, f"attempt {attempt.n} was cancelled, and not by tianluo: {fault.evidence}",
              attempt=attempt.n, fault={"class": fault.klass.value, "label": fault.label})
    hold(ctx, sid, stage, attempt.n, f"attempt {attempt.n} was cancelled outside tianluo (by a person or the "
         "scheduler); tianluo does not overrule that: release with --retry to run it again, or --skip")
    return "cancelled outside tianluo (held)"


def _fatal_line(ctx: Draft, attempt: Attempt) -> Fault | None:
    """Scheduler says finished, the log says otherwise: a code or config line means failure.

    Each line is classified like a failure's, the spec's rules first, so a rule of the
    user's can declare a known harmless line transient and let the attempt succeed.
    """
    for line in _lines(attempt):
        rules = set(line.rules)
        if rules & WENT_ON_RULE_NAMES and not any(r.startswith(SPEC_RULE_PREFIX) for r in rules):
            continue  # a line jobs print and go on from (a recovered OOM), whatever else it says
        if rules & ctx.fatal_rules:
            # one line at a time: a rule that clears one harmless line must not hide another
            fault = classify(Evidence(state="exited", exit_code=0, lines=(line,)), ctx.rules)
            if fault.klass in FATAL_CLASSES:
                return fault
    return None


def _climb(ctx: Draft, sid: str, stage: StageState, attempt: Attempt, fault: Fault, space: tuple = ()) -> None:
    """A failed attempt: the ladder's final step, given what is authorised and held as data; the
    stage machine takes it. ``space``: the file systems it writes to, measured as it ended."""
    plan = ctx.state.plan
    stage.fault = fault
    n = attempt.n
    ctx.event("failed", sid, f"attempt {n} failed: {fault.klass.value}/{fault.label}: {fault.evidence}",
              attempt=n, fault={"class": fault.klass.value, "label": fault.label})
    previous = stage.attempts[-2] if len(stage.attempts) > 1 else None
    entity = split_stage_id(sid)[0]
    deadline = plan.success_gate.deadline
    action = _planned_action(ctx, sid, fault)
    seen = ctx.seen.get(sid)
    option = _degrade_option(ctx, sid, stage, entity, action, seen)
    step = next_step(stage, fault, plan.ladder,
                     repeated=previous is not None and previous.fingerprint == attempt.fingerprint,
                     attempts_left=plan.max_attempts - ctx.state.total_attempts, now=ctx.now,
                     deadline_at=ctx.state.created_at + timedelta(seconds=deadline) if deadline else None,
                     degrade=option, allowed=frozenset(plan.authorization), space=space, run_id=ctx.state.run_id,
                     entity_held=ctx.state.entities[entity].hold is not None, sid=sid,
                     last_fault=previous.fault if previous is not None else None)
    if isinstance(step, HoldStep) and option is None and action is not None and ctx.state.entities[entity].hold is None:
        # say why the change chosen at plan time did not apply
        step = replace(step, reason=f"{step.reason}; " + unchanged_why(
            action, host=attempt.host, checkpoints=seen.checkpoints if seen is not None else (),
            unlisted=seen.checkpoints_unlisted if seen is not None else None,
            time_limit=diagnose.time_limit(ctx.planned(sid), stage)))
    note = advice(fault.label, command_identity(attempt, ctx.planned(sid).command), stage.exclude_hosts)
    if note and isinstance(step, HoldStep):  # what the owner should change, with the hold and the retry
        step = replace(step, reason=f"{step.reason}; {note}")
    elif note and isinstance(step, Retry):
        step = replace(step, note=note)
    if agent_rung.wanted(ctx, step, fault):  # the agent rung, before the hold (or an unknown fault's retry)
        again = agent_rung.agent_repeat(stage, attempt, previous, fault)
        pointless = agent_rung.nothing_to_ask(ctx, sid, stage, step, fault) if again is None else None
        if again is not None:
            step = again  # never asked twice about one fault: its answer failed the same way
        elif pointless is not None and isinstance(step, HoldStep):  # no call spent on an answer known already
            step = replace(step, reason=f"{step.reason}; {pointless}")
        elif agent_rung.calls_left(ctx):
            agent_rung.ask(ctx, sid, stage, n, step, fault)
            return
        elif isinstance(step, HoldStep) and plan.agent is not None:  # it is: wanted() asked for the agent
            step = replace(step, reason=f"{step.reason}; the agent was not asked: the run's "
                                        f"{plan.agent.max_calls} calls are spent (agent.max_calls)")
    take(stage, step, log=ctx.log, sid=sid, attempt=n, params=ctx.state.entities[entity].params,
         analysis=analysis_path(entity))
    if isinstance(step, HoldStep):
        ctx.actions.append(WriteAnalysis(entity))


def hold(ctx: Draft, sid: str, stage: StageState, attempt: int, reason: str) -> None:
    """manual_hold: stop the stage, write the analysis, let the notifications go out."""
    entity = split_stage_id(sid)[0]
    hold_stage(stage, by="ladder", reason=reason, at=ctx.now, analysis=analysis_path(entity), log=ctx.log,
               sid=sid, attempt=attempt)
    ctx.actions.append(WriteAnalysis(entity))


def _degrade_option(ctx: Draft, sid: str, stage: StageState, entity: str, action, seen: StageObservation | None
                    ) -> Change | None:
    """The change chosen at plan time for this fault (``action``), as it would apply now (None: nothing to change)."""
    if action is None:
        return None
    last = stage.current()
    return plan_change(action, ctx.state.entities[entity].params, stage.variant,
                       host=last.host if last else None, excluded=tuple(stage.exclude_hosts),
                       checkpoints=seen.checkpoints if seen is not None else (),
                       time_limit=diagnose.time_limit(ctx.planned(sid), stage))


def _planned_action(ctx: Draft, sid: str, fault: Fault):
    """The degrade action chosen at plan time for this fault's label (or class), or None."""
    planned = ctx.planned(sid)
    return planned.degrade.get(fault.label) or planned.degrade.get(fault.klass.value)


def _parse_time(text: str | None, now: datetime, earliest: datetime | None = None) -> datetime | None:
    """A time a record gives (started.json, exit.json), within what it can be: never after ``now``
    nor before ``earliest``; None when it is not a time with its zone (a naive one failed every
    later tick on the subtraction; one in 9999 kept the start-up allowance from ever running out)."""
    if not text:
        return None
    try:
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    if when.utcoffset() is None:
        return None
    when = min(when, now)
    return max(when, earliest) if earliest is not None and earliest <= now else when
