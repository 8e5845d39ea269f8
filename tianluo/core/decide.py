"""The pure core: ``decide(state, observations, now) -> Decision``.

No I/O, no clock, no randomness: everything comes in as arguments and goes out as a new
state, a list of actions for the shell to carry out, and events for the log. All policy
lives in this function and the pure modules it calls: ``judge`` (each attempt: adopt,
watch, judge across layers, the ladder's step), ``stage_machine`` (every change of a
stage's status), and here the dependency graph, branches, the success gate, the deadline
and the run's phase.
"""

import copy
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from tianluo.core import cancels, gpu_pool, gpu_round
from tianluo.core.actions import Action, Cancel, SendNotices, Submit
from tianluo.core.agent_rung import close_unasked, settle
from tianluo.core.degrade import failed_move, with_moves
from tianluo.core.diagnose import run_seconds, time_limit
from tianluo.core.draft import Draft
from tianluo.core.judge import cancel_failed, hold, judge, terminate
from tianluo.core.observations import Observations, StageObservation
from tianluo.core.rates import progress_rate
from tianluo.core.responses import SPACE_KEY, space_back, waited_for
from tianluo.core.skips import WITH_SKIPPED, skipped_needs, skipped_stages
from tianluo.core.skips import describe as describe_skipped
from tianluo.core.stage_machine import move
from tianluo.durations import format_duration
from tianluo.models.model import (
    Attempt,
    Check,
    Notice,
    RunEnd,
    RunState,
    StageState,
    derived_dir,
    derived_job_name,
    split_stage_id,
    stage_id,
)
from tianluo.models.states import (
    ACTIVE,
    DONE,
    STUCK,
    TERMINAL_PHASES,
    JobState,
    Phase,
    StageStatus,
)
from tianluo.planning.templating import param_env, render


@dataclass
class Decision:
    state: RunState
    actions: list[Action] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)
    # Decide again at once (the tick runs once more): a branch stage whose needs finished in this
    # decision has no condition looked at yet; without it the branch would wait a whole interval.
    again: bool = False


def job_name(run_id: str, sid: str, n: int) -> str:
    """The deterministic name of attempt ``n`` of a stage: the same every time it is asked.

    Dots separate the parts: run ids and stage names contain none, so two stages can never
    share a name even when entity and stage names contain '-'.
    """
    return derived_job_name(run_id, *split_stage_id(sid), n)


def attempt_dir(sid: str, n: int) -> str:
    return derived_dir(*split_stage_id(sid), n)


def decide(state: RunState, obs: Observations, now: datetime) -> Decision:
    """Compute the next state and the actions that get there. ``state`` is not modified.

    Args:
        state: The state as loaded at the start of the tick.
        obs: What the tick saw.
        now: The time of the decision; nothing here reads the clock.
    """
    new = writable_copy(state)
    ctx = Draft(new, now, obs)
    ctx.before = state
    new.tick_count += 1
    new.last_tick_at = now
    for sid, stage in _consulting(new):  # the agent rung's answers (or their fallbacks), before anything is judged
        settle(ctx, sid, stage)
    if new.phase in TERMINAL_PHASES:
        cancels.orphans(ctx)  # what is left of an attempt whose KILL failed: sent again until it goes through
        if any(_due(n, now) for n in new.notices):
            ctx.actions.append(SendNotices())
        return Decision(new, ctx.actions, ctx.events)
    g = Graph(new)
    gpu_round.look(ctx)  # failed GPUs leave the pool, and the attempts on them are known before any is judged
    ending = new.phase == Phase.ENDING
    for sid in g.order:
        stage = g.stage(new, sid)
        if stage.status == StageStatus.SUBMITTED and not ending:
            _unmoved(ctx, sid, stage)
    reaping = ending and new.end is not None and new.end.on_end == "cancel"
    for sid in g.order:
        stage = g.stage(new, sid)
        if stage.status in ACTIVE and (sid in obs.stages or not obs.partial):  # not looked at: left as it is
            seen = obs.stages.get(sid, StageObservation())
            if reaping:
                _reap(ctx, sid, stage, seen)  # cancelled by the run's end: recorded, never judged a failure
            else:
                judge(ctx, sid, stage, seen)
    _scheduler_spell(ctx, obs)
    _propagate(ctx, g)
    if ending:
        _ending(ctx, g)
        cancels.orphans(ctx)
        _notifications(ctx, g)
        return Decision(new, ctx.actions, ctx.events)
    if _ended(ctx, g, None if obs.partial else _gate(ctx, g, obs.gate)):  # a gate not looked at is not met
        close_unasked(ctx)
        cancels.orphans(ctx)
        _notifications(ctx, g)
        return Decision(new, ctx.actions, ctx.events)
    ctx.grants = gpu_round.grants(ctx, g.ids, g.needs, g.order)  # GPUs (and slots) for the stages due to start
    for sid in g.order:
        stage = g.stage(new, sid)
        if stage.status in (StageStatus.PENDING, StageStatus.RETRY_WAIT):
            _schedule(ctx, g, sid, stage)
    cancels.orphans(ctx)  # what is left of an attempt no retry waits for (its stage succeeded, or is held)
    _update_phase(ctx, g)
    _notifications(ctx, g)
    return Decision(new, with_moves(new, ctx.actions), ctx.events, again=ctx.again)


#: Stages a decision may change anywhere (judge, the ladder, a retry's wait, the agent's answer): copied
#: before it starts.
_COPIED = frozenset(ACTIVE | {StageStatus.RETRY_WAIT, StageStatus.CONSULTING})


def _consulting(state: RunState) -> list[tuple[str, StageState]]:
    """The stages waiting for the agent rung's answer (``agent_rung.settle``), in plan order."""
    return [(stage_id(e, name), st) for e, entity in state.entities.items() for name, st in entity.stages.items()
            if st.status == StageStatus.CONSULTING]


def writable_copy(state: RunState) -> RunState:
    """A copy of ``state`` that a decision (and the shell acting on it) may change without changing ``state``.

    At 10,000 stages a deep copy of everything was most of a tick's time and memory, so only
    what may change is copied: the active and retrying stages, a hold the owner has not been
    told of yet, a checkpoint move not carried out, and everything outside the stages but the
    locked plan. A pending or blocked stage is copied when the decision is about to change it
    (``_own``); a stage with an attempt whose leftover KILL is still to go is copied too
    (``cancels.orphans``); a succeeded, skipped or told-of held stage otherwise, and the plan,
    are shared: no decision changes them.
    """
    entities = {}
    for name, entity in state.entities.items():
        stages = {s: st.model_copy(deep=True) if _may_change(st) else st for s, st in entity.stages.items()}
        entities[name] = _with(entity, stages=stages, params=dict(entity.params), hold=copy.deepcopy(entity.hold))
    rest = {k: _copied(v) for k, v in state.__dict__.items() if k not in ("plan", "entities")}
    return _with(state, entities=entities, **rest)


def _copied(value):
    """A run-wide field of the new state: records (the gate, the trigger) copied; lists as new lists of the
    same items (the outbox's events and the plan-time answers, which no decision changes)."""
    if isinstance(value, list):
        return list(value)
    return copy.deepcopy(value)


def _may_change(stage: StageState) -> bool:
    """Whether a decision or the shell's actions after it may change this stage (other than through ``_own``)."""
    if stage.status in _COPIED:
        return True
    if stage.hold is not None and not stage.hold.notified:
        return True  # the shell marks the hold as told
    if any(a.leftover is not None and a.leftover.given_up_at is None for a in stage.attempts):
        return True  # its KILL is sent again (cancels.orphans), and the shell records how it went
    return any(m.outcome is None for m in stage.checkpoint_moves)  # the shell carries the move out


def _with(model, **values):
    """A shallow copy of ``model`` holding ``values`` (its record of which fields were set kept as is)."""
    out = model.model_copy()
    out.__dict__.update(values)
    return out


def _own(ctx: Draft, sid: str, stage: StageState) -> StageState:
    """The stage ``sid`` of the new state, copied first if it is still the old state's (pending, blocked)."""
    if ctx.before is None or stage is not ctx.before.stage(sid):
        return stage
    entity, name = split_stage_id(sid)
    mine = stage.model_copy(deep=True)
    ctx.state.entities[entity].stages[name] = mine
    return mine


class Graph:
    """The plan's stages as one decision walks them, each id split and its needs looked up once.

    ``ids`` in plan order, ``order`` as ``topo_order``; ``stage(state, sid)`` is
    ``state.stage(sid)`` without splitting the id again (a decision walks every stage a few
    times: at 10,000 stages the splits alone cost more than the rest of a quiet decision).
    """

    def __init__(self, state: RunState):
        self.ids: list[str] = []
        self.parts: dict[str, tuple[str, str]] = {}
        self.needs: dict[str, list[str]] = {}
        for ename, entity in state.plan.entities.items():
            for sname, planned in entity.stages.items():
                sid = stage_id(ename, sname)
                self.ids.append(sid)
                self.parts[sid] = (ename, sname)
                self.needs[sid] = planned.needs
        self.order = _order(self.ids, self.needs)

    def stage(self, state: RunState, sid: str) -> StageState:
        entity, name = self.parts[sid]
        return state.entities[entity].stages[name]

    def entity(self, sid: str) -> str:
        return self.parts[sid][0]


def topo_order(state: RunState) -> list[str]:
    """Stage ids so that every stage comes after what it needs (plan order otherwise).

    The order of repeated passes over the plan (each pass takes, in plan order, every stage
    whose needs are placed), computed in linear time: a 10,000-stage chain written last
    stage first would take 10,000 passes.
    """
    return Graph(state).order


def _order(ids: list[str], planned_needs: dict[str, list[str]]) -> list[str]:
    index = {sid: i for i, sid in enumerate(ids)}
    needs = {sid: [n for n in planned_needs[sid] if n in index] for sid in ids}
    users: dict[str, list[str]] = {sid: [] for sid in ids}
    waiting = {sid: len(needs[sid]) for sid in ids}
    for sid in ids:
        for n in needs[sid]:
            users[n].append(sid)
    ready = [sid for sid in ids if waiting[sid] == 0]
    rank: dict[str, int] = {}
    while ready:
        sid = ready.pop()
        # the pass that places sid: a need placed in the same pass must come earlier in plan order
        rank[sid] = max((rank[n] + (index[n] > index[sid]) for n in needs[sid]), default=0)
        for user in users[sid]:
            waiting[user] -= 1
            if waiting[user] == 0:
                ready.append(user)
    cyclic = len(ids)  # a cycle cannot pass spec validation; keep the rest in plan order
    return sorted(ids, key=lambda sid: (rank.get(sid, cyclic + 1), index[sid]))


# --- the graph -----------------------------------------------------------------------


def _propagate(ctx: Draft, g: Graph) -> None:
    """Waiting stages are blocked while something they need is stuck, pending otherwise."""
    state = ctx.state
    for sid in g.order:
        stage = g.stage(state, sid)
        if stage.status not in (StageStatus.PENDING, StageStatus.BLOCKED):
            continue
        stuck = [n for n in g.needs[sid] if g.stage(state, n).status in STUCK]
        skipped = skipped_needs(state, sid, g.needs[sid])  # a skip after a failure blocks like a hold
        stuck += skipped
        if stuck:
            reason = "needs " + ", ".join(f"{n}, which was skipped" if n in skipped
                                          else f"{n} ({g.stage(state, n).status.value})" for n in stuck)
            if skipped:
                reason += f" (its outputs were never made; `tianluo unblock {sid} --reason TEXT` runs it without them)"
        if stuck and stage.status == StageStatus.PENDING:
            stage = _own(ctx, sid, stage)
            stage.reason = reason
            move(stage, StageStatus.BLOCKED, log=ctx.log, sid=sid, event="blocked", message=stage.reason,
                 skipped=skipped or None)
        elif stuck and stage.status == StageStatus.BLOCKED and stage.reason != reason \
                and (skipped or "which was skipped" in (stage.reason or "")):  # blocked by a skip now, or no more
            stage = _own(ctx, sid, stage)
            stage.reason = reason
            ctx.event("blocked", sid, reason, skipped=skipped)
        elif not stuck and stage.status == StageStatus.BLOCKED:
            stage = _own(ctx, sid, stage)
            stage.reason = None
            move(stage, StageStatus.PENDING, log=ctx.log, sid=sid, event="unblocked",
                 message="what it needs can move again")


def _schedule(ctx: Draft, g: Graph, sid: str, stage: StageState) -> None:
    state = ctx.state
    if state.entities[g.entity(sid)].hold is not None:
        return  # a human holds the entity: nothing new starts
    if stage.status == StageStatus.PENDING:
        if not all(g.stage(state, n).status in DONE for n in g.needs[sid]):
            return
        stage = _own(ctx, sid, stage)  # about to start, be skipped or held
        if not _first_start(ctx, sid, stage, g.needs[sid]):
            return
    elif stage.status == StageStatus.RETRY_WAIT:
        held = cancels.sweep(ctx, sid, stage, stage.attempt + 1)  # KILL again what is left of an earlier attempt
        if held is not None:
            hold(ctx, sid, stage, stage.attempt, held)
            return
        if not all(g.stage(state, n).status in DONE for n in g.needs[sid]) or skipped_needs(state, sid, g.needs[sid]):
            return  # a replan started what it needs over: its retry waits for them to be done again
        if stage.next_attempt_at is not None and stage.next_attempt_at > ctx.now:
            return
        if stage.wait is not None and not _room_again(ctx, sid, stage):
            return
    else:
        return
    if ctx.state.total_attempts >= ctx.state.plan.max_attempts:
        reason = f"the run-wide cap on attempts is reached (max_attempts: {ctx.state.plan.max_attempts})"
        hold(ctx, sid, stage, stage.attempt, reason)  # a ladder hold: its analysis is written, like any
        return
    grant = ctx.grants.get(sid)
    if isinstance(grant, gpu_pool.Wait) or (grant is None and _counted(ctx, sid)):
        stage = _own(ctx, sid, stage)
        if grant is None:  # due only now (its space came back): handed its share on the next look
            grant = gpu_pool.Wait("waiting for its GPUs to be handed out on the next tick")
        if grant.never:
            hold(ctx, sid, stage, stage.attempt, f"{grant.reason}: give it fewer GPUs (resources.gpus) and "
                 "start --replan, or give failed GPUs back (tianluo gpus --restore), then release with --retry")
            return
        gpu_round.wait(ctx, sid, stage, grant.reason, gpu_pool.gpus_wanted(ctx.planned(sid)))
        return
    n = stage.attempt + 1
    name = job_name(ctx.state.run_id, sid, n)
    if stage.attempts and stage.progress is not None:  # kept with its attempt: what the next one resumed from
        stage.attempts[-1].progress = stage.progress
    stage.attempt = n
    stage.attempts.append(Attempt(n=n, job_name=name, dir=attempt_dir(sid, n), intent_at=ctx.now,
                                  command=effective_command(ctx.state, sid),
                                  env=param_env(command_values(ctx.state, sid))))
    if stage.reason is not None and stage.gpu_wait_since is not None:
        stage.reason = None  # its wait for GPUs is over
    gpu_round.give(ctx, sid, stage, stage.attempts[-1], grant)
    stage.next_attempt_at = None
    stage.progress = None
    ctx.state.total_attempts += 1
    ctx.actions.append(Submit(sid, n, name))
    move(stage, StageStatus.SUBMITTED, log=ctx.log, sid=sid, event="submit_intent",
         message=f"attempt {n} recorded as {name}", attempt=n, job_name=name)


def _counted(ctx: Draft, sid: str) -> bool:
    """Whether this stage starts only with a grant: it asks for GPUs on a GPU host, or the host counts slots."""
    host = ctx.state.plan.host
    if host is None:
        return False
    if host.cpus is not None or host.mem is not None:
        return True
    return host.gpu_host and gpu_pool.gpus_wanted(ctx.planned(sid)) > 0


def _room_again(ctx: Draft, sid: str, stage: StageState) -> bool:
    """A retry that waits for free space: whether the file systems it waits for have room again
    (as this tick measured them); if so the wait is over."""
    facts = ctx.space.get(sid, ())
    waited = stage.wait
    if waited is None or not space_back(facts, waited.paths):
        return False  # not measured this tick (a partial tick) counts as no room yet
    stage.wait = None
    now = "; ".join(f.describe() for f in waited_for(facts, waited.paths))
    ctx.event("space_back", sid, f"free space is back ({now}) after {(ctx.now - waited.since).total_seconds():.0f}s "
              "of waiting; the retry runs", paths=waited.paths)
    return True


def _first_start(ctx: Draft, sid: str, stage: StageState, needs: list[str]) -> bool:
    """Before a stage's first attempt: its branch condition, and whether tianluo may submit."""
    planned = ctx.planned(sid)
    if needs and all(ctx.state.stage(n).skipped_by == "branch" for n in needs):
        return _skip(ctx, sid, stage, "it only follows branches that were not taken")
    if planned.branch == "skip":
        return _skip(ctx, sid, stage, "the owner chose another branch at plan time")
    if planned.when is not None and planned.branch == "metric":
        check = ctx.when.get(sid)
        if check is None:  # not looked at yet: its needs finished in this decision (or the budget ran out)
            ctx.again = ctx.again or not ctx.partial  # the tick looks again at once; a partial one waits for the next
            return False
        if not check.ok:
            if not check.detail.startswith("value "):  # the metric could not be read: ask, never guess
                hold(ctx, sid, stage, 0, f"cannot decide the branch: {check.target}: {check.detail}")
                return False
            return _skip(ctx, sid, stage, f"its condition does not hold: {check.target} ({check.detail})")
    if not ctx.allowed("submit"):
        hold(ctx, sid, stage, 0, f"{sid} is ready but tianluo may not submit (submit is not in "
              "authorization.allow): start it? release with --retry")
        return False
    return True


def _unmoved(ctx: Draft, sid: str, stage: StageState) -> None:
    """A rollback whose checkpoint could not be moved aside: its next attempt was not launched
    (it would load the same file); hold, saying what to move by hand."""
    failed = failed_move(stage) if stage.status == StageStatus.SUBMITTED else None
    if failed is not None:
        hold(ctx, sid, stage, stage.attempt, f"the checkpoint {failed.path} could not be moved aside after attempt "
             f"{failed.attempt} ({failed.detail}), so attempt {stage.attempt} was not launched; move it away yourself "
             f"(its job resumes from {failed.resume_from}), then release with --retry")


def _skip(ctx: Draft, sid: str, stage: StageState, reason: str) -> bool:
    stage.skipped_by = "branch"
    stage.reason = reason
    move(stage, StageStatus.SKIPPED, log=ctx.log, sid=sid, event="skipped", message=f"skipped: {reason}")
    return False


def command_values(state: RunState, sid: str) -> dict:
    """The placeholder values of a new attempt's command: entity, fork answers, current params."""
    entity, _name = split_stage_id(sid)
    return {"entity": entity, **state.plan.fork_values, **state.entities[entity].params}


def effective_command(state: RunState, sid: str) -> str:
    """The command a new attempt runs: the stage's (or its degraded variant's) template, rendered
    with the entity's current params (values that are not plain text are read from the
    environment the attempt records, ``param_env(command_values(...))``)."""
    entity, name = split_stage_id(sid)
    planned = state.plan.entities[entity].stages[name]
    template = planned.variants.get(state.entities[entity].stages[name].variant or "", planned.run)
    if not template:
        return planned.command
    return render(template, command_values(state, sid), shell=True)


# --- the run -------------------------------------------------------------------------


def _gate(ctx: Draft, g: Graph, checks: tuple[Check, ...]) -> bool:
    """Evaluate the success gate and record its checks; whether it holds now.

    ``gate.met`` says whether it held at the last look (under watch-until-deadline it may hold, then not);
    ``gate_met`` is logged when it comes to hold, ``gate_unmet`` when a held gate no longer does.
    """
    state = ctx.state
    gate = state.plan.success_gate
    results = list(checks)
    if gate.all_done:
        left = [sid for sid in g.ids if g.stage(state, sid).status not in DONE]
        detail = "all stages done" if not left else f"{len(left)} not done: {', '.join(left[:5])}"
        skipped = skipped_stages(state)
        if skipped:  # done, but their outputs are missing: the gate says so, and so does the run's end
            detail += f"; skipped after a failure: {describe_skipped(skipped)}"
        results.insert(0, Check(kind="all_done", target="every stage", ok=not left, detail=detail))
    state.gate.checks = results
    ok = all(c.ok for c in results)
    if ok and not state.gate.met:
        state.gate.met = True
        state.gate.met_at = ctx.now
        watching = "; watching until the deadline" if gate.mode == "watch-until-deadline" else ""
        ctx.event("gate_met", None, "success gate met: " + "; ".join(f"{c.kind} {c.target}" for c in results)
                  + watching, mode=gate.mode)
    elif not ok and state.gate.met:
        state.gate.met = False
        state.gate.met_at = None
        failing = "; ".join(f"{c.kind} {c.target} ({c.detail})" for c in results if not c.ok)
        ctx.event("gate_unmet", None, f"the success gate no longer holds: {failing}", mode=gate.mode)
    return ok


def _deadline_passed(ctx: Draft) -> bool:
    deadline = ctx.state.plan.success_gate.deadline
    return deadline is not None and ctx.now >= ctx.state.created_at + timedelta(seconds=deadline)


def checkpoint_ids(state: RunState) -> list[str]:
    """The stages ``success_gate.checkpoint`` names (entity.stage, or a stage name of every entity that has it)."""
    out: list[str] = []
    for name in state.plan.success_gate.checkpoint:
        if "." in name:
            ename, sname = name.rsplit(".", 1)
            if ename in state.plan.entities and sname in state.plan.entities[ename].stages:
                out.append(stage_id(ename, sname))
            continue
        out += [stage_id(e, name) for e, ent in state.plan.entities.items() if name in ent.stages]
    return out


def _ended(ctx: Draft, g: Graph, met: bool | None) -> bool:
    """Whether the run ends now (the gate's mode decides how), and if so end it (:func:`end_run`).

    ``met``: whether the gate holds now; None when it was not looked at (a partial tick).
    """
    state = ctx.state
    gate = state.plan.success_gate
    passed = _deadline_passed(ctx)
    if gate.mode == "watch-until-deadline":
        if not passed:
            if state.gate.met:
                state.phase_reason = "success gate met; watching until the deadline"
            elif state.phase_reason == "success gate met; watching until the deadline":
                state.phase_reason = None
            return False
        if (met if met is not None else state.gate.met):
            end_run(ctx, g, Phase.COMPLETE, "the deadline came with the success gate met (watch-until-deadline)")
        else:
            _expire(ctx, g)
        return True
    if met:
        end_run(ctx, g, Phase.COMPLETE, "success gate met")
        return True
    if passed:
        _expire(ctx, g)
        return True
    if gate.mode == "checkpoint-and-stop":
        if state.gate.checkpoint_reached_at is not None:
            return False  # resumed after its checkpoint: it runs on to the gate
        names = checkpoint_ids(state)
        if names and all(g.stage(state, sid).status in DONE for sid in names):
            state.gate.checkpoint_reached_at = ctx.now
            ctx.event("checkpoint_reached", None, f"checkpoint reached: {', '.join(names)} done; the run stops "
                      "(resumable: tianluo start --resume)", stages=names)
            end_run(ctx, g, Phase.STOPPED, f"checkpoint reached: {', '.join(names)}", checkpoint=True)
            return True
    return False


def _expire(ctx: Draft, g: Graph) -> None:
    reason = "deadline passed before the success gate was met"
    ctx.event("deadline_passed", None, reason + "; no new attempts will be launched")
    end_run(ctx, g, Phase.EXPIRED, reason)


def end_run(ctx: Draft, g: Graph, outcome: Phase, reason: str, checkpoint: bool = False) -> None:
    """The run ends in ``outcome``; ``success_gate.on_end`` says what becomes of attempts still running.

    leave: the phase is the outcome at once, and those attempts are recorded as left running,
    unwatched. cancel: each is sent TERM (KILL after cancel_grace) and the run is ``ending`` until
    they are gone; wait: the run is ``ending`` until they exit (each judged as usual, nothing new
    starts). The trigger stays while the run is ``ending``.
    """
    state = ctx.state
    on_end = state.plan.success_gate.on_end
    active = [sid for sid in g.ids if g.stage(state, sid).status in ACTIVE]
    skipped = skipped_stages(state) if outcome == Phase.COMPLETE else []
    if skipped:  # never plainly complete while an output a stage should have made is missing
        reason = f"{reason}; {WITH_SKIPPED}: {describe_skipped(skipped)}"
    state.end = RunEnd(outcome=outcome.value, reason=reason, decided_at=ctx.now, on_end=on_end,
                       checkpoint=checkpoint)
    if active and on_end in ("cancel", "wait"):
        state.phase = Phase.ENDING
        if on_end == "cancel":
            for sid in active:
                cancel_at_end(ctx, sid, g.stage(state, sid), reason)
        doing = "cancelling" if on_end == "cancel" else "waiting for"
        state.phase_reason = f"{reason}; ending: {doing} {len(active)} running attempt(s) (on_end: {on_end})"
        ctx.event("run_ending", None, state.phase_reason, outcome=outcome.value, on_end=on_end, stages=active)
        return
    _final(ctx, outcome, reason)
    if active:
        state.end.left_running = active
        ctx.event("left_running", None, f"{len(active)} attempt(s) left running, unwatched (on_end: leave): "
                  + ", ".join(active), stages=active)


def _final(ctx: Draft, outcome: Phase, reason: str) -> None:
    state = ctx.state
    state.phase = outcome
    state.phase_reason = reason
    assert state.end is not None, "the run's end is recorded before it is final"
    state.end.ended_at = ctx.now


def cancel_at_end(ctx: Draft, sid: str, stage: StageState, reason: str) -> None:
    """Send TERM to the stage's running attempt because the run ends (KILL follows after cancel_grace)."""
    attempt = stage.current()
    if attempt is None or attempt.cancel is not None and attempt.cancel.reason.startswith(END_CANCEL):
        return
    terminate(ctx, sid, attempt, f"{END_CANCEL} ({reason})")


#: The reason of a cancel that the run's end asked for (on_end cancel, stop --cancel).
END_CANCEL = "the run ended"


def _reap(ctx: Draft, sid: str, stage: StageState, seen: StageObservation) -> None:
    """An attempt the run's end cancels: KILL after the grace; once gone, recorded cancelled and the
    stage is pending again (a resumed run runs it anew)."""
    attempt, facts = stage.current(), seen.job
    if attempt is None or facts is None:
        return
    if attempt.cancel is None:
        cancel_at_end(ctx, sid, stage, ctx.state.end.reason if ctx.state.end else "stopped")
    cancel = attempt.cancel
    assert cancel is not None  # cancel_at_end records it
    if facts.state in (JobState.EXITED, JobState.LOST, JobState.MISSING):
        attempt.ended_at = ctx.now
        attempt.exit_code = facts.exit_code
        attempt.signal = facts.signal
        if not facts.over:  # the shell under the runner may die of TERM while what it started lives on
            ctx.actions.append(Cancel(sid, attempt.n, attempt.job_name, "cancelled: stop what is left", "KILL"))
        stage.reason = f"attempt {attempt.n} was cancelled when the run ended"
        if ctx.state.end is not None and sid not in ctx.state.end.cancelled:
            ctx.state.end.cancelled.append(sid)
        move(stage, StageStatus.PENDING, log=ctx.log, sid=sid, event="end_cancelled",
             message=f"attempt {attempt.n} cancelled: {cancel.reason}", attempt=attempt.n)
        return
    if facts.state == JobState.UNREACHABLE:
        return
    since = cancel.killed_at or cancel.requested_at
    grace = ctx.state.plan.cancel_grace
    if (ctx.now - since).total_seconds() >= grace:
        gave_up = cancels.overdue(attempt, facts, ctx.now, grace)
        if gave_up is not None:  # bounded as a live attempt's cancel is: held, left running, the owner told
            cancel_failed(ctx, sid, stage, attempt, gave_up, then="`tianluo stop --cancel` tries again")
            if ctx.state.end is not None and sid not in ctx.state.end.left_running:
                ctx.state.end.left_running.append(sid)
            return
        cancel.killed_at = ctx.now
        cancel.kills += 1
        ctx.actions.append(Cancel(sid, attempt.n, attempt.job_name, cancel.reason, "KILL"))
        ctx.event("cancel_kill", sid, f"attempt {attempt.n} outlived its grace; sending KILL", attempt=attempt.n)


def _ending(ctx: Draft, g: Graph) -> None:
    """An ``ending`` run: once no attempt runs (or waits for the agent), it ends in its outcome."""
    state = ctx.state
    left = [sid for sid in g.ids if g.stage(state, sid).status in ACTIVE | {StageStatus.CONSULTING}]
    if left or state.end is None:
        return
    outcome = Phase(state.end.outcome)
    _final(ctx, outcome, state.end.reason)
    ctx.event("run_ended", None, f"no attempt runs any more: the run is {outcome.value} ({state.end.reason})",
              outcome=outcome.value, on_end=state.end.on_end)


def _update_phase(ctx: Draft, g: Graph) -> None:
    """A run where nothing can move without a human is blocked; it says so once."""
    state = ctx.state
    can_move = any(_can_move(ctx, g, sid) for sid in g.ids)
    if state.gate.met and state.plan.success_gate.mode == "watch-until-deadline":
        can_move = True  # nothing left to run is no block: the run watches until its deadline
    if not can_move and state.phase in (Phase.RUNNING, Phase.BLOCKED):
        stuck = [sid for sid in g.ids if g.stage(state, sid).status == StageStatus.HELD]
        stuck += [f"{sid} (blocked: needs {', '.join(need)}, which was skipped)" for sid in g.ids
                  if g.stage(state, sid).status == StageStatus.BLOCKED
                  and (need := skipped_needs(state, sid, g.needs[sid]))]
        named = {g.entity(sid.split(" ", 1)[0]) for sid in stuck}
        stuck += [f"{e} (held by a human)" for e, ent in state.entities.items() if ent.hold is not None
                  and e not in named]
        if not stuck:  # every stage is done, yet the gate does not hold
            stuck = [f"gate {c.kind} {c.target} ({c.detail})" for c in state.gate.checks if not c.ok]
        reason = "nothing can move without a human: " + ", ".join(stuck)
        if state.phase == Phase.BLOCKED:  # still blocked, maybe by something else now (a hold became a skip)
            state.phase_reason = reason
            return
        state.phase = Phase.BLOCKED
        state.phase_reason = reason
        ctx.event("run_blocked", None, state.phase_reason)
    elif can_move and state.phase == Phase.BLOCKED:
        state.phase = Phase.RUNNING
        state.phase_reason = None
        state.blocked_notified = False  # a later block is news again
        ctx.event("run_unblocked", None, "work can move again")


def _can_move(ctx: Draft, g: Graph, sid: str) -> bool:
    """Active, or pending or due to retry where nothing stops it: not a human's hold of its entity (what
    became pending after the hold waits for the release), nor a held or blocked need (after a replan)."""
    state = ctx.state
    status = g.stage(state, sid).status
    if status in ACTIVE or status == StageStatus.CONSULTING:  # the agent's answer is settled by the next decision
        return True
    if state.entities[g.entity(sid)].hold is not None:
        return False
    if status == StageStatus.RETRY_WAIT:
        return not any(g.stage(state, n).status in STUCK for n in g.needs[sid]) \
            and not skipped_needs(state, sid, g.needs[sid])
    return status == StageStatus.PENDING


#: The owner hears of a scheduler that stays silent this long (or three intervals, if longer).
UNREACHABLE_NOTIFY_AFTER_S = 1800.0


def _scheduler_spell(ctx: Draft, obs: Observations) -> None:
    """When the scheduler stopped answering, and when it answered again: one event each.

    Nothing is judged while it is silent (see ``judge``); a long silence is still news for the
    owner, since no job of the run can move.
    """
    state = ctx.state
    seen = [o.job.state for o in obs.stages.values() if o.job is not None]
    if not seen:
        return
    silent = all(s == JobState.UNREACHABLE for s in seen)
    if silent and state.scheduler_unreachable_since is None:
        state.scheduler_unreachable_since = ctx.now
        detail = next(o.job.detail for o in obs.stages.values() if o.job is not None)
        ctx.event("scheduler_unreachable", None, f"the scheduler does not answer: {detail}; nothing is judged "
                  "until it does")
    elif not silent and state.scheduler_unreachable_since is not None:
        spell = (ctx.now - state.scheduler_unreachable_since).total_seconds()
        state.scheduler_unreachable_since = None
        state.scheduler_notified = False
        ctx.event("scheduler_back", None, f"the scheduler answers again after {spell:.0f}s", silent_s=spell)


def _space_notification(ctx: Draft, sid: str, stage: StageState, tell) -> None:
    """Tell the owner once that a stage waits for free space: only a person can make room."""
    wait = stage.wait
    if wait is None or wait.notified or stage.status != StageStatus.RETRY_WAIT:
        return
    wait.notified = True
    entity, name = split_stage_id(sid)
    state = ctx.state
    tell("space", f"{SPACE_KEY}{sid}:{wait.since.isoformat()}", f"tianluo: {entity}/{name} waits for free space",
         f"{state.plan.name} ({state.run_id}): {entity}/{name} failed with {wait.label}: {'; '.join(wait.facts)}. "
         f"Its retry runs when there is room again ({wait.threshold}); free some space there. "
         "The other jobs go on.", entity=entity, stage=name)


#: A tick that comes more than this many intervals after the one before says ticks were overdue.
OVERDUE_INTERVALS = 3
#: A job waits in the scheduler's queue longer than this (or its expected duration, if longer): worth telling.
QUEUED_TELL_AFTER_S = 3600.0


def _notifications(ctx: Draft, g: Graph) -> None:
    """Record what the owner is to be told (``RunState.notices``), once per event and channel, and ask the
    shell to send what is due: new holds, a blocked run, its end (gate met, deadline passed), ticks that were
    overdue, a job queued far longer than expected, a job running past its expected time, a silent
    scheduler, a stage waiting for free space.

    A notice is in state.json before it is sent (the shell marks it sent, or when to try again), so a
    crashed tick never loses one, and one that was sent is not sent again.
    """
    state = ctx.state
    _overdue(ctx)
    tell = ctx.tell

    for sid in g.ids:  # an event whether or not a channel is told
        stage = g.stage(state, sid)
        if stage.status == StageStatus.RUNNING:
            _running_long(ctx, sid, stage, tell)
    if not state.plan.notify:
        return
    for sid in g.ids:
        stage = g.stage(state, sid)
        hold = stage.hold
        _space_notification(ctx, sid, stage, tell)
        if stage.status in ACTIVE:
            _queued(ctx, sid, stage, tell)
        if stage.status != StageStatus.HELD or hold is None or hold.by != "ladder" or hold.notified:
            continue
        hold.notified = True
        entity, name = split_stage_id(sid)
        fault = f"{stage.fault.klass.value}/{stage.fault.label}" if stage.fault else "no fault recorded"
        tell("held", f"held:{sid}:{hold.at.isoformat()}", f"tianluo: {entity}/{name} is on hold",
             f"{state.plan.name} ({state.run_id}): {entity}/{name} needs you: {hold.reason} [{fault}]. "
             f"Analysis: {hold.analysis}. The other jobs go on.",
             entity=entity, stage=name, analysis=hold.analysis or "")
    since = state.scheduler_unreachable_since
    if since is not None and not state.scheduler_notified:
        silent = (ctx.now - since).total_seconds()
        if silent >= max(UNREACHABLE_NOTIFY_AFTER_S, 3 * state.plan.interval):
            state.scheduler_notified = True
            tell("scheduler", f"scheduler:{since.isoformat()}",
                 f"tianluo: the scheduler of {state.plan.name} does not answer",
                 f"{state.run_id}: no answer from the scheduler for {silent / 60:.0f} minutes; no job of the "
                 "run is judged, failed or resubmitted until it answers again.")
    if state.phase == Phase.BLOCKED and not state.blocked_notified:
        state.blocked_notified = True
        tell("blocked", f"blocked:{ctx.now.isoformat()}", f"tianluo: run {state.plan.name} is blocked",
             f"{state.run_id}: {state.phase_reason}. Nothing moves until you release.")
    if state.phase in TERMINAL_PHASES and ctx.before is not None and ctx.before.phase not in TERMINAL_PHASES:
        kind = "expired" if state.phase == Phase.EXPIRED else "done"
        what = {Phase.COMPLETE: "is complete", Phase.EXPIRED: "passed its deadline"}.get(state.phase, state.phase.value)
        if state.phase == Phase.COMPLETE and skipped_stages(state):
            what = f"is {WITH_SKIPPED}"  # never plainly complete while an output is missing
        tell(kind, f"{kind}:{state.phase.value}", f"tianluo: run {state.plan.name} {what}",
             f"{state.run_id}: {state.phase_reason or state.phase.value}.")
    if any(_due(n, ctx.now) for n in state.notices):
        ctx.actions.append(SendNotices())


def _due(notice: Notice, now: datetime) -> bool:
    return (notice.sent_at is None and notice.gave_up_at is None
            and (notice.next_try_at is None or notice.next_try_at <= now))


def _overdue(ctx: Draft) -> None:
    """The tick after a gap of more than three intervals since the tick before says so (and tells the owner)."""
    state, before = ctx.state, ctx.before
    trigger = state.trigger
    if before is None or before.last_tick_at is None or trigger is None or trigger.removed_at is not None \
            or trigger.kind == "none":
        return
    every = trigger.every or state.plan.interval
    gap = (ctx.now - before.last_tick_at).total_seconds()
    if gap <= OVERDUE_INTERVALS * every:
        return
    message = (f"ticks were overdue: {gap / 60:.0f} minutes with no tick (the {trigger.kind} trigger runs one "
               f"every {every / 60:.0f} minutes); is {trigger.kind} running?")
    ctx.event("ticks_overdue", None, message, gap_s=round(gap), since=before.last_tick_at.isoformat())
    ctx.tell("overdue", f"overdue:{before.last_tick_at.isoformat()}",
             f"tianluo: ticks of {state.plan.name} were overdue", f"{state.run_id}: {message}")


def _queued(ctx: Draft, sid: str, stage: StageState, tell) -> None:
    """A job the scheduler has kept queued (never started) for longer than max(1 h, its expected duration)."""
    attempt = stage.current()
    seen = ctx.seen.get(sid)
    if attempt is None or attempt.queue_notified or attempt.started_at is not None or seen is None \
            or seen.job is None or seen.job.state != JobState.QUEUED:
        return
    since = attempt.submitted_at or attempt.intent_at
    waited = (ctx.now - since).total_seconds()
    expected = ctx.planned(sid).expected or 0.0
    if waited <= max(QUEUED_TELL_AFTER_S, expected):
        return
    attempt.queue_notified = True
    entity, name = split_stage_id(sid)
    reason = seen.job.reason or "no reason given"
    message = (f"{entity}/{name} attempt {attempt.n} has waited {waited / 3600:.1f} h in the queue "
               f"({reason}); it was expected to run {expected / 3600:.1f} h")
    ctx.event("queued_long", sid, message, attempt=attempt.n, waited_s=round(waited), reason=reason)
    tell("queued", f"queued:{sid}:{attempt.n}", f"tianluo: {entity}/{name} waits in the queue",
         f"{ctx.state.plan.name} ({ctx.state.run_id}): {message}.", entity=entity, stage=name)


#: A running attempt is told of once past its expected time, and once more past this many times it.
OVERRUN_AGAIN = 2.0


def _running_long(ctx: Draft, sid: str, stage: StageState, tell) -> None:
    """An attempt running past its ``expected`` time (a soft limit: it goes on), and again past twice it:
    a ``running_long`` event and a notice each time, once per attempt (``Attempt.overrun_told``, saved with
    the notice before it is sent: a crashed tick never tells twice)."""
    expected = ctx.planned(sid).expected
    attempt = stage.current()
    seen = ctx.seen.get(sid)
    if not expected or attempt is None or attempt.cancel is not None or seen is None or seen.job is None \
            or seen.job.state != JobState.RUNNING:
        return
    ran = run_seconds(attempt, ctx.now)
    if ran is None or ran < expected:
        return
    level = 2 if ran >= OVERRUN_AGAIN * expected else 1
    if level <= attempt.overrun_told:
        return
    attempt.overrun_told = level
    entity, name = split_stage_id(sid)
    times = ran / expected
    message = (f"{entity}/{name} attempt {attempt.n} has run {format_duration(ran)}, {times:.1f}x its expected "
               f"{format_duration(expected)}; {_progress_words(stage, ctx.now)}")
    ctx.event("running_long", sid, message, attempt=attempt.n, ran_s=round(ran), expected_s=expected,
              times=round(times, 2))
    limit = time_limit(ctx.planned(sid), stage)
    hard = (f" Its hard limit is {format_duration(limit)} (resources.time)." if limit else
            " It has no hard limit (resources.time).")
    tell("long", f"long:{sid}:{attempt.n}:{level}",
         f"tianluo: {entity}/{name} runs {'twice ' if level == 2 else ''}longer than expected",
         f"{ctx.state.plan.name} ({ctx.state.run_id}): {message}.{hard} It goes on; if that is fine, there is "
         f"nothing to do. To start nothing more for {entity}: `tianluo hold {entity}` (this attempt runs to its "
         "end); to stop the run now, this attempt too: `tianluo stop --cancel`. To shrink later attempts (less "
         "to do, a hard limit in resources.time), edit the spec and run `tianluo start <spec> --replan` once "
         "this attempt has ended.",
         entity=entity, stage=name)


def _progress_words(stage: StageState, now: datetime) -> str:
    """``progress 120/1000, ETA in 2h10m`` (or what is known of it), for a notice."""
    p = stage.progress
    if p is None:
        return "no progress reading"
    done = f"progress {p.done:g}" + (f"/{p.total:g}" if p.total is not None else "")
    _rate, eta = progress_rate(p.done, p.total, p.first_done, p.first_at, p.seen_at)
    if eta is None:
        return f"{done}, no ETA"
    left = (p.seen_at - now).total_seconds() + eta
    return f"{done}, ETA in {format_duration(left)}" if left > 0 else f"{done}, ETA passed {format_duration(-left)} ago"


__all__ = ["Decision", "attempt_dir", "decide", "job_name", "stage_id", "topo_order"]
