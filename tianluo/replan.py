"""A spec edited after start: what changed against the locked plan, and carrying a run over.

Pure. ``diff`` lists the changes for people; ``carry_over`` locks a new plan into a running
run's state, keeping the attempts and budgets of every stage that did not change.
"""

from datetime import datetime

from tianluo.errors import TianluoError
from tianluo.events import Kind
from tianluo.events import event as new_event
from tianluo.model import EntityState, RunState, StageState, stage_id
from tianluo.plan_model import Plan, PreAuthorizedDecision
from tianluo.stage_machine import move
from tianluo.states import ACTIVE, TERMINAL_PHASES, StageStatus
from tianluo.timefmt import iso

_RUN_FIELDS = ("backend", "interval", "success_gate", "ladder", "rules", "notify", "max_attempts", "cancel_grace",
               "fork_values", "authorization")


def _stage_fields(old, new) -> list[str]:
    a, b = old.model_dump(mode="json"), new.model_dump(mode="json")
    return [k for k in a if a[k] != b.get(k)]


def diff(old: Plan, new: Plan) -> list[str]:
    """One line per change from the locked plan ``old`` to ``new``; empty when they are the same."""
    lines = []
    for name in _RUN_FIELDS:
        if getattr(old, name) != getattr(new, name):
            lines.append(f"~ {name} changed")
    for ename in sorted(set(old.entities) | set(new.entities)):
        if ename not in new.entities:
            lines.append(f"- entity {ename} removed")
            continue
        if ename not in old.entities:
            lines.append(f"+ entity {ename} added ({', '.join(new.entities[ename].stages)})")
            continue
        o, n = old.entities[ename], new.entities[ename]
        if o.params != n.params:
            lines.append(f"~ {ename}: params {o.params} -> {n.params}")
        for sname in list(o.stages) + [s for s in n.stages if s not in o.stages]:
            sid = stage_id(ename, sname)
            if sname not in n.stages:
                lines.append(f"- {sid} removed")
            elif sname not in o.stages:
                lines.append(f"+ {sid} added")
            else:
                fields = _stage_fields(o.stages[sname], n.stages[sname])
                if fields:
                    lines.append(f"~ {sid}: {', '.join(fields)} changed (its attempts and budgets start over)")
    return lines


def carry_over(state: RunState, new: Plan, decisions: list[PreAuthorizedDecision],
               now: datetime) -> tuple[RunState, dict]:
    """Lock ``new`` into the run; unchanged stages keep their state, changed ones start over.

    Raises:
        TianluoError: the run is over, or a stage that changed or went away is running now.
    """
    if state.phase in TERMINAL_PHASES:
        raise TianluoError(f"run {state.run_id} is {state.phase.value}; a finished run is not replanned "
                           "(start a new one with --new)")
    if new.backend.kind != state.plan.backend.kind:
        running = [sid for sid in state.stage_ids() if state.stage(sid).status in ACTIVE]
        if running:
            raise TianluoError(f"the spec moves from backend {state.plan.backend.kind} to {new.backend.kind} while "
                               f"{', '.join(running)} run there; wait for them (or hold), then replan")
    out = state.model_copy(deep=True)
    changes = diff(state.plan, new)
    entities = {}
    for ename, planned in new.entities.items():
        before = out.entities.get(ename)  # the copy: the stages kept are moved below, never the caller's
        same_params = ename in state.plan.entities and state.plan.entities[ename].params == planned.params
        params = dict(before.params) if before is not None and same_params else dict(planned.params)
        stages = {}
        for sname, planned_stage in planned.stages.items():
            old_stage = before.stages.get(sname) if before else None
            old_planned = state.plan.entities[ename].stages.get(sname) if ename in state.plan.entities else None
            if old_stage is not None and old_planned == planned_stage and same_params:
                stages[sname] = old_stage
                continue
            if old_stage is not None and old_stage.status in ACTIVE:
                raise TianluoError(f"{stage_id(ename, sname)} changed but attempt {old_stage.attempt} is running; "
                                   f"wait for it, or `tianluo hold {ename}`, then replan")
            fresh = StageState()
            if old_stage is not None:  # attempt numbers go on: attempt folders are never reused
                fresh.attempt = old_stage.attempt
                fresh.attempts = old_stage.attempts
            stages[sname] = fresh
        entities[ename] = EntityState(stages=stages, params=params, hold=before.hold if before else None)
    for ename, before in state.entities.items():
        for sname, stage in before.stages.items():
            gone = ename not in new.entities or sname not in new.entities[ename].stages
            if gone and stage.status in ACTIVE:
                raise TianluoError(f"{stage_id(ename, sname)} was removed from the spec but is running; wait for it "
                                   "or hold it, then replan")
    out.plan = new
    out.entities = entities
    out.pre_authorized_decisions = decisions
    out.phase = out.phase if out.phase.value == "running" else type(out.phase)("running")
    out.phase_reason = None
    out.blocked_notified = False
    for ent in out.entities.values():
        for stage in ent.stages.values():
            if stage.status == StageStatus.BLOCKED:
                stage.reason = None
                move(stage, StageStatus.PENDING)  # the next tick decides again; the replanned event says why
    event = new_event(Kind.REPLANNED, iso(now), f"plan replaced from the edited spec ({len(changes)} change(s)); "
                      "unchanged stages keep their attempts and budgets", changes=changes)
    return out, event
