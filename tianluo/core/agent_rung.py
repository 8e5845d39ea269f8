"""The agent rung, between degrade and manual_hold: ask the plan's agent, then apply its answer
or the step the ladder chose. Pure: no I/O, no clock.

Two halves, one decision apart (the shell makes the call in between, ``tianluo.messages.agent_call``):

- ``wanted`` / ``ask`` (from ``judge._climb``): a failed attempt whose ladder step is a
  judgement hold (``ladder.JUDGEMENT``), or a budgeted retry of an ``unknown`` fault, is not
  held yet: a ``Consult`` is recorded (the call number, the ladder's step as the fallback, the
  answers the whitelist allows now, the pre-authorised degrades that would change something
  now), the stage moves to ``consulting`` and the shell is asked to call the agent
  (``ConsultAgent``). Recorded before the call: a tick killed during it never calls again.
- ``settle`` (at the start of the next decision): the reply is checked against what was
  allowed when it was asked and applied through the stage machine; anything else (an action
  outside the whitelist, a destructive one, a degrade not offered, a malformed answer, a
  non-zero exit, a timeout, no reply at all) takes the fallback, with the agent's words in the
  hold's reason.

Everything the agent wrote is data: one line, control characters removed, length-capped,
never a command. Its ``lesson`` stays in the reply (lessons.md collects it). Its ``class`` and
``label``, when its answer is applied, correct the fault (``Fault.rule_class`` and
``rule_label`` keep what the rules said), never the rulebook. Its ``after`` on a retry makes the
retry wait (``next_attempt_at``, as a backoff does), at most ``MAX_AFTER_S``.
"""

import re
from datetime import datetime, timedelta

from tianluo.core.actions import ConsultAgent, WriteAgentDecision, WriteAnalysis
from tianluo.core.degrade import Change, Rollback, plan_change
from tianluo.core.diagnose import time_limit
from tianluo.core.draft import Draft
from tianluo.core.holds import analysis_path
from tianluo.core.ladder import JUDGEMENT, Degrade, HoldStep, Retry, Step
from tianluo.core.observations import Observations
from tianluo.core.responses import never_unchanged
from tianluo.core.stage_machine import move, take
from tianluo.durations import format_duration
from tianluo.faults.structure_verdict import UNMATCHED_LABEL
from tianluo.models.model import (
    AgentOption,
    AgentReply,
    Attempt,
    Consult,
    Fault,
    RollbackRecord,
    RunState,
    StageState,
    split_stage_id,
)
from tianluo.models.states import FaultClass, StageStatus
from tianluo.plaintext import one_line as plain_line

#: What an agent's text is cut to before it reaches a reason, an event or the analysis.
MAX_TEXT = 500
MAX_LABEL = 64
#: The longest wait an agent may ask for before its retry ("after"): a later tick, not a later day.
MAX_AFTER_S = 6 * 3600.0

#: The answers an agent may give at all; ``Consult.allowed`` says which of them it may give now.
ACTIONS = ("hold", "retry", "degrade", "skip")

#: Words of an answer that asks for something tianluo never does on its own (only a person does).
_DESTRUCTIVE = re.compile(r"(?i)\b(?:delete|remove|rm|rmdir|unlink|wipe|erase|purge|drop|truncate|shred|"
                          r"format|destroy|overwrite|kill|reset|clean|mkfs|dd)\b")
_LABEL = re.compile(r"[a-z][a-z0-9_]*")


def one_line(text: object, cap: int = MAX_TEXT) -> str:
    """``text`` as one plain line of at most ``cap`` characters (``plaintext.one_line``)."""
    return plain_line(text, cap)


def agent_label(label: object) -> str | None:
    """The agent's own name for the fault, when it is a short snake_case word (kept for the record only)."""
    text = one_line(label, MAX_LABEL + 1)
    return text if len(text) <= MAX_LABEL and _LABEL.fullmatch(text) else None


# --- asking ----------------------------------------------------------------------------------


def wanted(ctx: Draft, step: Step, fault: Fault) -> bool:
    """Whether the ladder's ``step`` for ``fault`` goes to the agent first (calls left aside).

    A judgement hold, or a budgeted retry of an ``unknown`` fault or of one only the prior named (an exception no
    rule knows, ``structure_verdict.unmatched``); never a human's hold, the run-wide cap, the deadline, a quota, a
    free retry or a degrade the ladder took.
    """
    if ctx.state.plan.agent is None:
        return False
    if isinstance(step, HoldStep):
        return step.kind in JUDGEMENT
    guessed = fault.klass == FaultClass.UNKNOWN or fault.label == UNMATCHED_LABEL
    return isinstance(step, Retry) and not step.free and guessed


def calls_left(ctx: Draft) -> bool:
    agent = ctx.state.plan.agent
    return agent is not None and ctx.state.agent_calls < agent.max_calls


def agent_repeat(stage: StageState, attempt: Attempt, previous: Attempt | None, fault: Fault) -> HoldStep | None:
    """The hold for an attempt launched on the agent's word that failed the same way as the one
    the agent was asked about: the agent is not asked again about the same fault."""
    if previous is None or not stage.consults or previous.fingerprint != attempt.fingerprint:
        return None
    last = stage.consults[-1]
    if last.attempt != previous.n or not last.applied or not (last.applied == "retry" or
                                                             last.applied.startswith("degrade:")):
        return None
    what = "retry" if last.applied == "retry" else f"degrade ({last.applied.split(':', 1)[1]})"
    return HoldStep(f"the agent's {what} (call {last.call}) failed the same way; a third identical attempt would "
                    f"not help: {fault.klass.value}/{fault.label}", kind="agent_repeat")


def options(ctx: Draft, sid: str, stage: StageState) -> list[AgentOption]:
    """Every distinct degrade pre-authorised for the stage that would change something now."""
    entity = split_stage_id(sid)[0]
    last = stage.current()
    seen = ctx.seen.get(sid)
    out: list[AgentOption] = []
    names: set[str] = set()
    for action in ctx.planned(sid).degrade.values():
        if action.name in names:
            continue
        change = plan_change(action, ctx.state.entities[entity].params, stage.variant,
                             host=last.host if last else None, excluded=tuple(stage.exclude_hosts),
                             checkpoints=seen.checkpoints if seen is not None else (),
                             time_limit=time_limit(ctx.planned(sid), stage))
        if change is None:
            continue
        names.add(action.name)
        r = change.rollback
        out.append(AgentOption(action=change.action, lines=list(change.lines), params=dict(change.params),
                               variant=change.variant, exclude_host=change.exclude_host,
                               time_limit=change.time_limit,
                               rollback=None if r is None else RollbackRecord(newest=r.newest, size=r.size,
                                                                              mtime_ns=r.mtime_ns,
                                                                              previous=r.previous)))
    return out


def allowed_answers(ctx: Draft, fault: Fault, offered: list[AgentOption]) -> list[str]:
    """The answers the whitelist allows now: hold always; retry with ``resubmit`` while the run-wide cap
    and the deadline leave room (never for a fault that is never retried unchanged); degrade with
    ``degrade`` and an option; skip with ``skip``."""
    return ["hold"] + [a for a, why in _barred(ctx, fault, offered).items() if why is None]


def _barred(ctx: Draft, fault: Fault, offered: list[AgentOption]) -> dict[str, str | None]:
    """Each answer but hold, and why the whitelist bars it now (None: it is allowed)."""
    state = ctx.state
    plan = state.plan
    room = state.total_attempts < plan.max_attempts
    deadline = plan.success_gate.deadline
    in_time = deadline is None or ctx.now < state.created_at + timedelta(seconds=deadline)
    unchanged = never_unchanged(fault.label)
    full = f"the run's {plan.max_attempts} attempts (max_attempts) are spent"
    return {
        "retry": ("resubmit is not in authorization.allow" if not ctx.allowed("resubmit") else full if not room
                  else "the deadline has passed" if not in_time
                  else f"{fault.label} is never retried unchanged ({unchanged})" if unchanged else None),
        "degrade": ("degrade is not in authorization.allow" if not ctx.allowed("degrade")
                    else "no pre-authorised change would change anything now" if not offered
                    else full if not room else None),
        "skip": None if ctx.allowed("skip") else "skip is not in authorization.allow",
    }


def nothing_to_ask(ctx: Draft, sid: str, stage: StageState, step: Step, fault: Fault) -> str | None:
    """Why the agent is not asked about a hold (hold is the only answer the whitelist allows now, so a
    call could change nothing), in words; None when it may answer something else."""
    if not isinstance(step, HoldStep):
        return None
    barred = _barred(ctx, fault, options(ctx, sid, stage))
    if any(why is None for why in barred.values()):
        return None
    return ("the agent was not asked: hold is the only answer the whitelist allows now ("
            + "; ".join(f"{a}: {why}" for a, why in barred.items()) + ")")


def _fallback_text(consult: Consult) -> str:
    return f"held: {consult.fallback_reason}" if consult.fallback == "hold" else f"retried: {consult.fallback_reason}"


def ask(ctx: Draft, sid: str, stage: StageState, n: int, step: Step, fault: Fault) -> None:
    """Record the call (``state.agent_calls`` counts it), move the stage to consulting, ask the shell."""
    state = ctx.state
    state.agent_calls += 1
    call = state.agent_calls
    offered = options(ctx, sid, stage)
    allowed = allowed_answers(ctx, fault, offered)
    if isinstance(step, Retry):
        wait = "at once" if step.wait_s == 0 else f"in {step.wait_s:g}s"
        consult = Consult(call=call, attempt=n, asked_at=ctx.now, fallback="retry",
                          fallback_reason=f"{fault.klass.value} retry {step.used}/{step.allowed} {wait}",
                          fallback_wait_s=step.wait_s, fallback_used=step.used, fallback_allowed=step.allowed,
                          fallback_note=step.note, allowed=allowed, options=offered)
    else:
        assert isinstance(step, HoldStep)  # wanted(): only a retry or a hold goes to the agent
        consult = Consult(call=call, attempt=n, asked_at=ctx.now, fallback="hold", fallback_reason=step.reason,
                          allowed=allowed, options=offered)
    stage.consults.append(consult)
    stage.next_attempt_at = None
    stage.reason = f"consulting the agent (call {call}) about {fault.klass.value}/{fault.label}"
    cap = state.plan.agent.max_calls if state.plan.agent is not None else 0  # asked only with an agent
    move(stage, StageStatus.CONSULTING, log=ctx.log, sid=sid, event="agent_asked",
         message=f"attempt {n} failed with {fault.klass.value}/{fault.label}: asking the agent (call {call} of at most "
                 f"{cap}); it may answer {', '.join(allowed)}; without a usable answer it is {_fallback_text(consult)}",
         attempt=n, call=call, fallback=consult.fallback, allowed=allowed,
         options=[o.action for o in offered] or None)
    ctx.actions.append(ConsultAgent(sid, call))


# --- settling ----------------------------------------------------------------------------


def close_unasked(ctx: Draft) -> None:
    """The run ended in this decision (its gate met, its deadline passed): the consults the decision
    opened are settled at once with the ladder's step, and the agent is not called (no tick decides
    for a finished run, so an answer would never be settled)."""
    opened = [a for a in ctx.actions if isinstance(a, ConsultAgent)]
    if not opened:
        return
    ctx.actions[:] = [a for a in ctx.actions if not isinstance(a, ConsultAgent)]
    for action in opened:
        settle(ctx, action.stage_id, ctx.state.stage(action.stage_id), ended=ctx.state.phase_reason or "it is over")


def close_on_stop(state: RunState, now: datetime, why: str) -> tuple[list[dict], list[str]]:
    """The run is stopped while stages consult (possible only after a tick was killed during its call):
    each takes the ladder's step as ``close_unasked`` does, and no call is made. ``state`` is changed.

    Returns the events, and the entities whose failure analysis is to be written (held ones).
    """
    ctx = Draft(state, now, Observations())
    for sid in state.stage_ids():
        stage = state.stage(sid)
        if stage.status == StageStatus.CONSULTING:
            settle(ctx, sid, stage, ended=why)
    entities = sorted({a.entity for a in ctx.actions if isinstance(a, WriteAnalysis)})
    return ctx.events, entities


def settle(ctx: Draft, sid: str, stage: StageState, ended: str | None = None) -> None:
    """Apply the agent's answer to a consulting stage, or the fallback; once (the stage leaves consulting).

    ``ended``: the run ended before the agent was called (``close_unasked``): the fallback, no call.
    """
    entity = split_stage_id(sid)[0]
    consult = stage.consults[-1] if stage.consults else None
    n = stage.attempt
    step: Step
    if consult is None or consult.settled_at is not None or stage.fault is None:  # not a state tianluo writes
        step = HoldStep("consulting, but no open agent call about a failure is recorded; release with --retry "
                        "or --skip", kind="agent")
        take(stage, step, log=ctx.log, sid=sid, attempt=n, params=ctx.state.entities[entity].params,
             analysis=analysis_path(entity))
        ctx.actions.append(WriteAnalysis(entity))
        return
    n = consult.attempt
    reply = consult.reply
    asked = one_line(reply.action, 100) if reply is not None and reply.action is not None else None
    reason = one_line(reply.reason) if reply is not None else ""
    refused = _refusal(ctx, consult) if ended is None else \
        f"the run ended ({one_line(ended, 200)}) before the agent was called (call {consult.call} was not made)"
    applied: str | None = None
    corrected: dict | None = None
    skip = False
    human_hold = ctx.state.entities[entity].hold
    if human_hold is not None:
        human = one_line(human_hold.reason, 200)
        answered = f"it answered '{asked}'" if asked else "no usable answer"
        refused = f"the entity was put on hold by a human ({human}) while the agent was asked ({answered})"
        step = HoldStep(f"{refused}; held as the ladder would: {consult.fallback_reason}", kind="entity_held")
    elif refused is not None:
        step = _fallback(ctx, consult, refused)
    else:  # no refusal: the reply names an allowed action (_refusal)
        assert reply is not None and asked is not None
        action = asked.lower()
        applied = action
        why = reason or "no reason given"
        corrected = correct(stage, n, consult.call, reply)
        if action == "retry":
            klass = stage.fault.klass
            used = stage.budget_used.get(klass, 0)
            wait = reply.after_s or 0.0
            step = Retry(wait_s=wait, used=used, allowed=ctx.state.plan.ladder[klass].retries, agent=True,
                         note=f"on the agent's word (call {consult.call}"
                              + (f", after {format_duration(wait)}" if wait else "") + f"): {why}")
        elif action == "degrade":
            option = _option(consult, reply.degrade)
            assert option is not None  # _refusal: a degrade names an option offered
            applied = f"degrade:{option.action}"
            step = Degrade(change=_change(option),
                           description=f"{'; '.join(option.lines)} (on the agent's word, call {consult.call}: {why})")
        elif action == "hold":
            step = HoldStep(f"the agent chose to hold: {why} (call {consult.call}; without its answer it would be "
                            f"{_fallback_text(consult)})", kind="agent")
        else:
            skip = True
            step = HoldStep("")  # not taken: a skip is a move of its own
    consult.applied = applied
    consult.settled_at = ctx.now
    if skip:
        consult.decision = (f"skipped on the agent's word: {reason or 'no reason given'}; what needs it is blocked "
                            "until the owner unblocks it")
    else:
        consult.decision = _decision(step, applied, refused, consult)
    if corrected is not None:
        consult.decision += (f"; the fault is {corrected['class']}/{corrected['label']} on its word (the rules said "
                             f"{corrected['rule_class']}/{corrected['rule_label']})")
    label = agent_label(reply.label) if reply is not None else None
    ctx.event("agent_decided", sid, f"agent call {consult.call}: {consult.decision}", attempt=n, call=consult.call,
              asked=asked, applied=applied, refused=refused, fallback=consult.fallback if applied is None else None,
              label=label, corrected=corrected,
              after_s=reply.after_s if reply is not None and applied == "retry" else None)
    if ended is None:  # agent/<call>/ holds the call's prompt, answer and now this decision
        ctx.actions.append(WriteAgentDecision(sid, consult.call))
    if skip:
        stage.skipped_by = "agent"
        stage.reason = f"skipped on the agent's word (call {consult.call}): {reason or 'no reason given'}"
        move(stage, StageStatus.SKIPPED, log=ctx.log, sid=sid, event="skipped",
             message=f"{stage.reason}; what needs it is blocked until the owner unblocks it", attempt=n, by="agent",
             call=consult.call)
        return
    take(stage, step, log=ctx.log, sid=sid, attempt=n, params=ctx.state.entities[entity].params,
         analysis=analysis_path(entity))
    if isinstance(step, HoldStep):
        ctx.actions.append(WriteAnalysis(entity))


def _refusal(ctx: Draft, consult: Consult) -> str | None:
    """Why the reply cannot be applied (in words, with the agent's own), or None when it can."""
    reply = consult.reply
    may = ", ".join(consult.allowed)
    if reply is None:
        return f"the agent call {consult.call} got no answer (the tick was stopped during it?)"
    if reply.timed_out:
        if reply.error:  # the shell names the limit it had (under cron, the tick's own limit may be the shorter)
            return f"the agent did not answer in time: {one_line(reply.error, 200)}"
        timeout = ctx.state.plan.agent.timeout if ctx.state.plan.agent is not None else None
        return f"the agent did not answer within {timeout:g}s and was stopped" if timeout else \
            "the agent did not answer in time and was stopped"
    if reply.error:
        return f"the agent's answer was not usable: {one_line(reply.error, 200)}"
    if reply.exit_code != 0:
        code = "no exit status" if reply.exit_code is None else f"exit code {reply.exit_code}"
        answered = f" (it answered '{one_line(reply.action, 100)}')" if reply.action else ""
        return f"the agent failed ({code}){answered}"
    asked = one_line(reply.action, 100)
    if not asked:
        return "the agent's answer names no action"
    action = asked.lower()
    if action not in ACTIONS:
        what = ("a destructive action: only a person does that" if _DESTRUCTIVE.search(asked)
                else "not an action it may answer")
        return f"the agent answered '{asked}' ({what}; it may answer {may})"
    if action not in consult.allowed:
        return f"the agent answered '{asked}' (not allowed: it may answer {may})"
    if reply.after_s is not None and action != "retry":
        return f"the agent answered '{asked}' with an \"after\" (a wait is only for a retry)"
    deadline = ctx.state.plan.success_gate.deadline
    if reply.after_s and deadline is not None and \
            ctx.now + timedelta(seconds=reply.after_s) > ctx.state.created_at + timedelta(seconds=deadline):
        return (f"the agent answered retry after {format_duration(reply.after_s)}, which would be due after the "
                "run's deadline")
    if action == "degrade" and _option(consult, reply.degrade) is None:
        named = one_line(reply.degrade, 100) if reply.degrade else ""
        offered = ", ".join(o.action for o in consult.options) or "none"
        return (f"the agent answered degrade '{named}' (not one of the pre-authorised changes it was offered: "
                f"{offered})" if named else f"the agent answered degrade without naming one of {offered}")
    return None


def correct(stage: StageState, n: int, call: int, reply: AgentReply) -> dict | None:
    """The agent's ``class`` and ``label`` on the fault of attempt ``n`` (and the stage's), the rules' own
    kept beside them; what changed (None: nothing)."""
    fault = stage.fault
    assert fault is not None  # settle: a consult is about a failure
    klass, label = reply.klass or fault.klass, agent_label(reply.label) or fault.label
    if klass == fault.klass and label == fault.label:
        return None
    new = fault.model_copy(update={"klass": klass, "label": label, "rule_class": fault.rule_class or fault.klass,
                                   "rule_label": fault.rule_label or fault.label, "agent_call": call})
    stage.fault = new
    for attempt in stage.attempts:
        if attempt.n == n and attempt.fault is not None:
            attempt.fault = new.model_copy()
    assert new.rule_class is not None  # set just above
    return {"class": klass.value, "label": label, "rule_class": new.rule_class.value, "rule_label": new.rule_label}


def _option(consult: Consult, name: str | None) -> AgentOption | None:
    if not isinstance(name, str):
        return None
    wanted_name = name.strip()
    return next((o for o in consult.options if o.action == wanted_name), None)


def _change(option: AgentOption) -> Change:
    r = option.rollback
    return Change(action=option.action, params=dict(option.params), variant=option.variant,
                  lines=tuple(option.lines), exclude_host=option.exclude_host, time_limit=option.time_limit,
                  rollback=None if r is None else Rollback(newest=r.newest, size=r.size, mtime_ns=r.mtime_ns,
                                                           previous=r.previous))


def _fallback(ctx: Draft, consult: Consult, refused: str) -> Step:
    """The step the ladder chose when the agent was asked: its hold (with the agent's words) or its retry
    (due when it would have been)."""
    if consult.fallback == "hold":
        return HoldStep(f"{refused}; held as the ladder would: {consult.fallback_reason}", kind="agent")
    due = consult.asked_at + timedelta(seconds=consult.fallback_wait_s)
    return Retry(wait_s=max(0.0, (due - ctx.now).total_seconds()), used=consult.fallback_used,
                 allowed=consult.fallback_allowed, note=consult.fallback_note)


def _decision(step: Step, applied: str | None, refused: str | None, consult: Consult) -> str:
    """What tianluo did with the answer, in one sentence."""
    if isinstance(step, HoldStep):
        return step.reason
    if applied is None:
        return f"{refused}; retried as the ladder would ({consult.fallback_reason})"
    if isinstance(step, Retry):
        when = f"retry due in {format_duration(step.wait_s)}" if step.wait_s else "retried at once"
        return f"{when}, no budget spent, {step.note}"
    assert isinstance(step, Degrade)  # an answer applied is a hold, a retry or a degrade
    return f"degraded ({step.change.action}) on the agent's word: {step.description}"
