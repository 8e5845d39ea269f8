"""The pure core: ``decide(state, observations, now) -> Decision``.

No I/O, no clock, no randomness: everything comes in as arguments and goes out as a new
state, a list of actions for the shell to carry out, and events for the log. All policy
lives here: folding observations into attempts, success and failure, retry budgets, the
dependency graph, the success gate, the deadline and the run's phase.
"""

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from tianluo import diagnose
from tianluo.classify import Evidence, classify
from tianluo.degrade import Change, plan_change
from tianluo.holds import analysis_path, hold_stage
from tianluo.ladder import Degrade, DegradeHook, HoldStep, Retry, Step, fingerprint, next_step
from tianluo.logscan import LogLine
from tianluo.model import (
    Attempt,
    Cancelling,
    Check,
    Degradation,
    Fault,
    PlannedStage,
    RunState,
    StageState,
    split_stage_id,
    stage_id,
)
from tianluo.observations import (
    Action,
    Cancel,
    CopyOutput,
    Notify,
    Observations,
    StageObservation,
    Submit,
    WriteAnalysis,
)
from tianluo.rules import FATAL_CLASSES, fatal_rule_names, spec_rules
from tianluo.states import ACTIVE, DONE, STUCK, TERMINAL_PHASES, JobState, Phase, StageStatus
from tianluo.templating import render


@dataclass
class Decision:
    state: RunState
    actions: list[Action] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)


def job_name(run_id: str, sid: str, n: int) -> str:
    """The deterministic name of attempt ``n`` of a stage: the same every time it is asked.

    Dots separate the parts: run ids and stage names contain none, so two stages can never
    share a name even when entity and stage names contain '-'.
    """
    entity, stage = split_stage_id(sid)
    return f"tl.{run_id}.{entity}.{stage}.{n}"


def attempt_dir(sid: str, n: int) -> str:
    entity, stage = split_stage_id(sid)
    return f"attempts/{entity}/{stage}/{n}"


def _iso(moment: datetime) -> str:
    return moment.isoformat().replace("+00:00", "Z")


class _Ctx:
    """Collects events and actions while one decision is made."""

    def __init__(self, state: RunState, now: datetime, degrade: DegradeHook | None, obs: Observations):
        self.state = state
        self.now = now
        self.degrade = degrade
        self.when = obs.when
        self.actions: list[Action] = []
        self.events: list[dict] = []
        self.rules = spec_rules(state.plan.rules)
        self.fatal_rules = fatal_rule_names(state.plan)

    def allowed(self, action: str) -> bool:
        return action in self.state.plan.authorization

    def planned(self, sid: str) -> PlannedStage:
        entity, stage = split_stage_id(sid)
        return self.state.plan.entities[entity].stages[stage]

    def event(self, kind: str, sid: str | None = None, message: str = "", **extra) -> None:
        ev: dict = {"ts": _iso(self.now), "event": kind}
        if sid is not None:
            ev["entity"], ev["stage"] = split_stage_id(sid)
        ev["message"] = message
        ev.update({k: v for k, v in extra.items() if v is not None})
        self.events.append(ev)


def decide(state: RunState, obs: Observations, now: datetime, degrade: DegradeHook | None = None) -> Decision:
    """Compute the next state and the actions that get there. ``state`` is not modified.

    Args:
        state: The state as loaded at the start of the tick.
        obs: What the tick saw.
        now: The time of the decision; nothing here reads the clock.
        degrade: Overrides the ladder's degrade rung; by default it makes the changes the owner
            pre-authorised at plan time (the stage's chosen ``degrade`` actions).
    """
    new = state.model_copy(deep=True)
    ctx = _Ctx(new, now, degrade, obs)
    new.tick_count += 1
    new.last_tick_at = now
    if new.phase in TERMINAL_PHASES:
        return Decision(new)
    order = topo_order(new)
    for sid in order:
        stage = new.stage(sid)
        if stage.status in ACTIVE:
            _fold(ctx, sid, stage, obs.stages.get(sid, StageObservation()))
    _propagate(ctx, order)
    if _gate(ctx, obs.gate):
        return Decision(new, ctx.actions, ctx.events)
    if _deadline_passed(ctx):
        return Decision(new, ctx.actions, ctx.events)
    for sid in order:
        _schedule(ctx, sid, new.stage(sid))
    _update_phase(ctx)
    _notifications(ctx)
    return Decision(new, ctx.actions, ctx.events)


def topo_order(state: RunState) -> list[str]:
    """Stage ids so that every stage comes after what it needs (plan order otherwise)."""
    ids = state.stage_ids()
    needs = {sid: state.plan.entities[split_stage_id(sid)[0]].stages[split_stage_id(sid)[1]].needs
             for sid in ids}
    out: list[str] = []
    placed: set[str] = set()
    while len(out) < len(ids):
        progressed = False
        for sid in ids:
            if sid not in placed and all(n in placed for n in needs[sid]):
                out.append(sid)
                placed.add(sid)
                progressed = True
        if not progressed:  # a cycle cannot pass spec validation; keep the rest in plan order
            out += [sid for sid in ids if sid not in placed]
            break
    return out


# --- folding observations ------------------------------------------------------------


def _fold(ctx: _Ctx, sid: str, stage: StageState, seen: StageObservation) -> None:
    attempt = stage.current()
    if attempt is None:  # an active status always has an attempt; repair rather than crash
        stage.status = StageStatus.PENDING
        return
    if attempt.handle is None:
        if seen.found is None:
            # The intent was saved but the launch left no trace: launch the same attempt again.
            # The runner's exclusive claim on the attempt folder makes a double run impossible.
            attempt.launches += 1
            ctx.actions.append(Submit(sid, attempt.n, attempt.job_name))
            ctx.event("relaunch", sid, f"attempt {attempt.n} left no trace of a launch; launching it",
                      attempt=attempt.n)
            return
        attempt.handle = seen.found
        attempt.adopted = True
        ctx.event("adopted", sid, f"found attempt {attempt.n} running as pid {seen.found.pid}; "
                  "adopted it instead of launching again", attempt=attempt.n, pid=seen.found.pid)
    facts = seen.job
    if facts is None:
        return
    bytes_read = diagnose.merge_logs(attempt, seen)
    diagnose.update_progress(stage, seen, ctx.now)
    diagnose.update_output(attempt, seen, ctx.now)
    planned = ctx.planned(sid)
    alive = facts.state in (JobState.STARTING, JobState.RUNNING)
    if facts.state == JobState.STARTING and diagnose.starting_too_long(attempt, ctx.now):
        facts = replace(facts, state=JobState.LOST, detail="the runner never confirmed its start")
        alive = False
    before = stage.diagnosis
    if alive:
        verdict = _watch(ctx, sid, stage, attempt, planned, facts)
    else:
        verdict = _finish(ctx, sid, stage, attempt, facts, seen)
    stage.diagnosis = diagnose.build(planned, stage, attempt, seen, ctx.now, verdict, bytes_read)
    if before is None or (before.attempt, before.verdict) != (attempt.n, verdict):
        # The five layers go to the log when the verdict changes, not on every quiet tick.
        layers = stage.diagnosis.model_dump(mode="json", exclude_none=True, exclude={"at", "attempt", "verdict"})
        ctx.event("diagnosed", sid, f"attempt {attempt.n}: {verdict}", attempt=attempt.n, verdict=verdict,
                  layers=layers)


def _watch(ctx: _Ctx, sid: str, stage: StageState, attempt: Attempt, planned, facts) -> str:
    """A live attempt: confirm it runs, continue a cancel, or catch a hang."""
    if facts.state == JobState.RUNNING and stage.status != StageStatus.RUNNING:
        stage.status = StageStatus.RUNNING
        attempt.started_at = _parse_time(facts.started_at) or ctx.now
        attempt.host = facts.host
        ctx.event("running", sid, f"attempt {attempt.n} is running", attempt=attempt.n)
    if attempt.cancel is not None:
        since = attempt.cancel.killed_at or attempt.cancel.requested_at
        waited = (ctx.now - since).total_seconds()
        if waited >= ctx.state.plan.cancel_grace:
            attempt.cancel.killed_at = ctx.now
            ctx.actions.append(Cancel(sid, attempt.n, attempt.job_name, attempt.cancel.reason, "KILL"))
            ctx.event("cancel_kill", sid, f"attempt {attempt.n} outlived its grace by {waited:.0f}s; sending KILL",
                      attempt=attempt.n)
        return f"cancelling: {attempt.cancel.reason}"
    if facts.state != JobState.RUNNING:
        return "starting"
    reason = diagnose.stall_reason(planned, stage, attempt, ctx.now)
    if reason is None:
        return "stopped (SIGSTOP?) but within stall_after" if facts.proc_status == "stopped" else "running"
    fault = classify(Evidence(state="hung", lines=_lines(attempt), detail=reason), ctx.rules)
    attempt.fault = fault
    if not ctx.allowed("cancel_hung"):
        stage.fault = fault
        _hold(ctx, sid, stage, attempt.n, f"attempt {attempt.n} is hung ({reason}); tianluo may not cancel it "
              "(cancel_hung is not in authorization.allow): stop it yourself, then release with --retry or --skip")
        return f"hung: {reason} (held: not authorised to cancel)"
    attempt.cancel = Cancelling(reason=f"hung: {reason}", requested_at=ctx.now)
    ctx.actions.append(Cancel(sid, attempt.n, attempt.job_name, attempt.cancel.reason, "TERM"))
    ctx.event("hung", sid, f"attempt {attempt.n} is alive but not moving: {reason}; sending TERM",
              attempt=attempt.n, fault={"class": fault.klass.value, "label": fault.label})
    return f"hung: {reason}"


def _lines(attempt: Attempt) -> tuple[LogLine, ...]:
    return tuple(LogLine(file=f.file, offset=f.offset, text=f.text, rules=tuple(f.rules)) for f in attempt.findings)


def _finish(ctx: _Ctx, sid: str, stage: StageState, attempt: Attempt, facts, seen: StageObservation) -> str:
    """The attempt is over: success needs exit 0, done_when, and no fatal line in the logs."""
    attempt.ended_at = _parse_time(facts.ended_at) or ctx.now
    attempt.started_at = attempt.started_at or _parse_time(facts.started_at)
    attempt.exit_code = facts.exit_code
    attempt.signal = facts.signal
    attempt.host = facts.host or attempt.host
    unmet = tuple(f"{c.target} ({c.detail})" for c in seen.done_when if not c.ok)
    lost = facts.state != JobState.EXITED
    fatal = None
    if not lost and facts.exit_code == 0 and not unmet:
        fatal = _fatal_line(ctx, attempt)
    if attempt.cancel is None and not lost and facts.exit_code == 0 and not unmet and fatal is None:
        attempt.outcome = "succeeded"
        stage.status = StageStatus.SUCCEEDED
        stage.succeeded_at = ctx.now
        stage.fault = None
        stage.reason = None
        ctx.event("succeeded", sid, f"attempt {attempt.n} exited 0 and done_when holds", attempt=attempt.n)
        output = ctx.planned(sid).output
        if output is not None and output.destination:
            ctx.actions.append(CopyOutput(sid, output.path, output.destination))
        return "succeeded"
    if attempt.cancel is not None and attempt.fault is not None:
        fault = attempt.fault  # decided when the hang was caught; the TERM exit is our own doing
    elif fatal is not None:
        fault = fatal
    else:
        fault = classify(Evidence(state="lost" if lost else "exited", exit_code=facts.exit_code,
                                  signal=facts.signal, unmet=unmet, lines=_lines(attempt), detail=facts.detail),
                         ctx.rules)
    if lost:
        ctx.actions.append(Cancel(sid, attempt.n, attempt.job_name, "lost: stop any orphans first", "KILL"))
    elif attempt.cancel is not None:
        # The shell under the runner may die of TERM while the job it started lives on (a
        # stopped trainer, a child that ignores TERM): nothing of it may outlive its attempt.
        ctx.actions.append(Cancel(sid, attempt.n, attempt.job_name, "cancelled: stop what is left", "KILL"))
    attempt.outcome = "failed"
    attempt.fault = fault
    attempt.fingerprint = fingerprint(fault, stage.progress.done if stage.progress else None,
                                      attempt.command or ctx.planned(sid).command)
    _climb(ctx, sid, stage, attempt, fault)
    if fatal is not None:
        return f"failed: exited 0 but the log has a fatal line ({fault.klass.value}/{fault.label})"
    return f"failed: {fault.klass.value}/{fault.label}"


def _fatal_line(ctx: _Ctx, attempt: Attempt) -> Fault | None:
    """Scheduler says finished, the log says otherwise: a code or config line means failure.

    Each line is classified like a failure's, the spec's rules first, so a rule of the
    user's can declare a known harmless line transient and let the attempt succeed.
    """
    for line in _lines(attempt):
        if set(line.rules) & ctx.fatal_rules:
            # one line at a time: a rule that clears one harmless line must not hide another
            fault = classify(Evidence(state="exited", exit_code=0, lines=(line,)), ctx.rules)
            if fault.klass in FATAL_CLASSES:
                return fault
    return None


def _climb(ctx: _Ctx, sid: str, stage: StageState, attempt: Attempt, fault: Fault) -> None:
    """Take the ladder's next rung for a failed attempt."""
    plan = ctx.state.plan
    stage.fault = fault
    n = attempt.n
    ctx.event("failed", sid, f"attempt {n} failed: {fault.klass.value}/{fault.label}: {fault.evidence}",
              attempt=n, fault={"class": fault.klass.value, "label": fault.label})
    previous = stage.attempts[-2] if len(stage.attempts) > 1 else None
    repeated = previous is not None and previous.fingerprint == attempt.fingerprint
    entity = split_stage_id(sid)[0]
    if ctx.state.entities[entity].hold is not None:
        step: Step = HoldStep(f"the entity is on hold by a human: {fault.klass.value}/{fault.label}")
    else:
        deadline = plan.success_gate.deadline
        step = next_step(stage, fault, plan.ladder, repeated=repeated,
                         attempts_left=plan.max_attempts - ctx.state.total_attempts, now=ctx.now,
                         deadline_at=ctx.state.created_at + timedelta(seconds=deadline) if deadline else None,
                         degrade=ctx.degrade or _preauthorized(ctx, sid))
    if isinstance(step, Retry) and not ctx.allowed("resubmit"):
        step = HoldStep(f"a retry is due but tianluo may not resubmit (resubmit is not in authorization.allow): "
                        f"run {sid} again after {fault.klass.value}/{fault.label}? release with --retry or --skip")
    if isinstance(step, Degrade) and not ctx.allowed("degrade"):
        step = HoldStep(f"'{step.description}' was chosen at plan time but degrade is not in authorization.allow: "
                        "make the change yourself, then release with --retry")
    if isinstance(step, Retry):
        stage.budget_used[fault.klass] = step.used
        stage.status = StageStatus.RETRY_WAIT
        stage.next_attempt_at = ctx.now + timedelta(seconds=step.wait_s)
        stage.reason = f"retry {step.used}/{step.allowed} for {fault.klass.value}"
        ctx.event("retry_scheduled", sid, f"{fault.klass.value} retry {step.used}/{step.allowed} "
                  f"due at {_iso(stage.next_attempt_at)}", attempt=n, wait_s=step.wait_s)
    elif isinstance(step, Degrade):
        change = step.change
        action, lines = "custom", [step.description]
        if isinstance(change, Change):  # a plan-time change: the next attempt runs with it
            ctx.state.entities[entity].params.update(change.params)
            if change.variant is not None:
                stage.variant = change.variant
            action, lines = change.action, list(change.lines)
        stage.degradations.append(Degradation(attempt=n, action=action, changes=lines, at=ctx.now))
        stage.status = StageStatus.RETRY_WAIT
        stage.next_attempt_at = ctx.now
        stage.reason = f"degraded ({action}): {step.description}"
        ctx.event("degraded", sid, f"pre-authorised {action}: {step.description}; attempt {n + 1} runs with it",
                  attempt=n, action=action, changes=lines)
    else:
        _hold(ctx, sid, stage, n, step.reason)


def _hold(ctx: _Ctx, sid: str, stage: StageState, attempt: int, reason: str) -> None:
    """manual_hold: stop the stage, write the analysis, let the notifications go out."""
    entity = split_stage_id(sid)[0]
    hold_stage(stage, by="ladder", reason=reason, at=ctx.now, analysis=analysis_path(entity))
    ctx.actions.append(WriteAnalysis(entity))
    ctx.event("held", sid, f"manual_hold: {reason}; analysis in {analysis_path(entity)}", attempt=attempt,
              by="ladder")


def _preauthorized(ctx: _Ctx, sid: str) -> DegradeHook:
    """The degrade rung of a stage: the change chosen at plan time for this fault, if any."""
    planned = ctx.planned(sid)
    entity = split_stage_id(sid)[0]

    def hook(stage: StageState, fault: Fault) -> Degrade | None:
        action = planned.degrade.get(fault.label) or planned.degrade.get(fault.klass.value)
        if action is None:
            return None
        change = plan_change(action, ctx.state.entities[entity].params, stage.variant)
        return Degrade(change=change, description="; ".join(change.lines)) if change else None

    return hook


def _parse_time(text: str | None) -> datetime | None:
    if not text:
        return None
    try:
        return datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None


# --- the graph -----------------------------------------------------------------------


def _needs(ctx: _Ctx, sid: str) -> list[str]:
    entity, stage = split_stage_id(sid)
    return ctx.state.plan.entities[entity].stages[stage].needs


def _propagate(ctx: _Ctx, order: list[str]) -> None:
    """Waiting stages are blocked while something they need is stuck, pending otherwise."""
    for sid in order:
        stage = ctx.state.stage(sid)
        if stage.status not in (StageStatus.PENDING, StageStatus.BLOCKED):
            continue
        stuck = [n for n in _needs(ctx, sid) if ctx.state.stage(n).status in STUCK]
        if stuck and stage.status == StageStatus.PENDING:
            stage.status = StageStatus.BLOCKED
            stage.reason = "needs " + ", ".join(f"{n} ({ctx.state.stage(n).status.value})" for n in stuck)
            ctx.event("blocked", sid, stage.reason)
        elif not stuck and stage.status == StageStatus.BLOCKED:
            stage.status = StageStatus.PENDING
            stage.reason = None
            ctx.event("unblocked", sid, "what it needs can move again")


def _schedule(ctx: _Ctx, sid: str, stage: StageState) -> None:
    if ctx.state.entities[split_stage_id(sid)[0]].hold is not None:
        return  # a human holds the entity: nothing new starts
    if stage.status == StageStatus.PENDING:
        if not all(ctx.state.stage(n).status in DONE for n in _needs(ctx, sid)):
            return
        if not _first_start(ctx, sid, stage):
            return
    elif stage.status == StageStatus.RETRY_WAIT:
        if stage.next_attempt_at is not None and stage.next_attempt_at > ctx.now:
            return
    else:
        return
    if ctx.state.total_attempts >= ctx.state.plan.max_attempts:
        reason = f"the run-wide cap on attempts is reached (max_attempts: {ctx.state.plan.max_attempts})"
        hold_stage(stage, by="ladder", reason=reason, at=ctx.now, analysis=None)
        ctx.event("held", sid, f"manual_hold: {reason}", by="ladder")
        return
    n = stage.attempt + 1
    name = job_name(ctx.state.run_id, sid, n)
    stage.attempt = n
    stage.attempts.append(Attempt(n=n, job_name=name, dir=attempt_dir(sid, n), intent_at=ctx.now,
                                  command=effective_command(ctx.state, sid)))
    stage.status = StageStatus.SUBMITTED
    stage.next_attempt_at = None
    stage.progress = None
    ctx.state.total_attempts += 1
    ctx.actions.append(Submit(sid, n, name))
    ctx.event("submit_intent", sid, f"attempt {n} recorded as {name}", attempt=n, job_name=name)


def _first_start(ctx: _Ctx, sid: str, stage: StageState) -> bool:
    """Before a stage's first attempt: its branch condition, and whether tianluo may submit."""
    planned = ctx.planned(sid)
    needs = _needs(ctx, sid)
    if needs and all(ctx.state.stage(n).skipped_by == "branch" for n in needs):
        return _skip(ctx, sid, stage, "it only follows branches that were not taken")
    if planned.branch == "skip":
        return _skip(ctx, sid, stage, "the owner chose another branch at plan time")
    if planned.when is not None and planned.branch == "metric":
        check = ctx.when.get(sid)
        if check is None:
            return False  # not looked at yet; the next tick will
        if not check.ok:
            if not check.detail.startswith("value "):  # the metric could not be read: ask, never guess
                _hold(ctx, sid, stage, 0, f"cannot decide the branch: {check.target}: {check.detail}")
                return False
            return _skip(ctx, sid, stage, f"its condition does not hold: {check.target} ({check.detail})")
    if not ctx.allowed("submit"):
        _hold(ctx, sid, stage, 0, f"{sid} is ready but tianluo may not submit (submit is not in "
              "authorization.allow): start it? release with --retry")
        return False
    return True


def _skip(ctx: _Ctx, sid: str, stage: StageState, reason: str) -> bool:
    stage.status = StageStatus.SKIPPED
    stage.skipped_by = "branch"
    stage.reason = reason
    ctx.event("skipped", sid, f"skipped: {reason}")
    return False


def effective_command(state: RunState, sid: str) -> str:
    """The command a new attempt runs: the stage's (or its degraded variant's) template, rendered
    with the entity's current params."""
    entity, name = split_stage_id(sid)
    planned = state.plan.entities[entity].stages[name]
    template = planned.variants.get(state.entities[entity].stages[name].variant or "", planned.run)
    if not template:
        return planned.command
    values = {"entity": entity, **state.plan.fork_values, **state.entities[entity].params}
    return render(template, values, shell=True)


# --- the run -------------------------------------------------------------------------


def _gate(ctx: _Ctx, checks: tuple[Check, ...]) -> bool:
    """Evaluate the success gate; on success the run becomes complete and launches nothing."""
    state = ctx.state
    gate = state.plan.success_gate
    results = list(checks)
    if gate.all_done:
        left = [sid for sid in state.stage_ids() if state.stage(sid).status not in DONE]
        detail = "all stages done" if not left else f"{len(left)} not done: {', '.join(left[:5])}"
        results.insert(0, Check(kind="all_done", target="every stage", ok=not left, detail=detail))
    state.gate.checks = results
    if not all(c.ok for c in results):
        return False
    state.gate.met = True
    state.gate.met_at = ctx.now
    state.phase = Phase.COMPLETE
    state.phase_reason = "success gate met"
    ctx.event("gate_met", None, "success gate met: " + "; ".join(f"{c.kind} {c.target}" for c in results),
              mode=gate.mode)
    return True


def _deadline_passed(ctx: _Ctx) -> bool:
    deadline = ctx.state.plan.success_gate.deadline
    if deadline is None or ctx.now < ctx.state.created_at + timedelta(seconds=deadline):
        return False
    ctx.state.phase = Phase.EXPIRED
    ctx.state.phase_reason = "deadline passed before the success gate was met"
    ctx.event("deadline_passed", None, ctx.state.phase_reason + "; no new attempts will be launched")
    return True


def _update_phase(ctx: _Ctx) -> None:
    """A run where nothing can move without a human is blocked; it says so once."""
    state = ctx.state
    statuses = [state.stage(sid).status for sid in state.stage_ids()]
    can_move = any(s in ACTIVE or s in (StageStatus.RETRY_WAIT, StageStatus.PENDING) for s in statuses)
    if not can_move and state.phase == Phase.RUNNING:
        stuck = [sid for sid in state.stage_ids() if state.stage(sid).status in (StageStatus.FAILED,
                                                                                  StageStatus.HELD)]
        if not stuck:  # every stage is done, yet the gate does not hold
            stuck = [f"gate {c.kind} {c.target} ({c.detail})" for c in state.gate.checks if not c.ok]
        state.phase = Phase.BLOCKED
        state.phase_reason = "nothing can move without a human: " + ", ".join(stuck)
        ctx.event("run_blocked", None, state.phase_reason)
    elif can_move and state.phase == Phase.BLOCKED:
        state.phase = Phase.RUNNING
        state.phase_reason = None
        state.blocked_notified = False  # a later block is news again
        ctx.event("run_unblocked", None, "work can move again")


def _notifications(ctx: _Ctx) -> None:
    """Ask the shell to tell the owner about each new hold and a blocked run, once each.

    A notification is marked as sent by the shell after it ran, so one lost to a crash is
    sent by the next tick; one that was sent is never sent again.
    """
    state = ctx.state
    if not state.plan.notify:
        return
    for sid in state.stage_ids():
        stage = state.stage(sid)
        hold = stage.hold
        if stage.status != StageStatus.HELD or hold is None or hold.by != "ladder" or hold.notified:
            continue
        entity, name = split_stage_id(sid)
        fault = f"{stage.fault.klass.value}/{stage.fault.label}" if stage.fault else "no fault recorded"
        ctx.actions.append(Notify(
            key=sid, title=f"tianluo: {entity}/{name} is on hold",
            body=f"{state.plan.name} ({state.run_id}): {entity}/{name} needs you: {hold.reason} [{fault}]. "
                 f"Analysis: {hold.analysis}. The other jobs go on.",
            entity=entity, stage=name, analysis=hold.analysis or ""))
    if state.phase == Phase.BLOCKED and not state.blocked_notified:
        ctx.actions.append(Notify(key="run", title=f"tianluo: run {state.plan.name} is blocked",
                                  body=f"{state.run_id}: {state.phase_reason}. Nothing moves until you release."))


__all__ = ["Decision", "decide", "job_name", "attempt_dir", "topo_order", "stage_id"]
