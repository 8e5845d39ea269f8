"""A spec edited after start: what changed against the locked plan, and carrying a run over.

Pure. ``diff`` lists the changes for people; ``carry_over`` locks a new plan into a running
run's state. Both follow one review (``replan_review``): the stages it says run again start
afresh (their attempt numbers go on); every other stage keeps its state, attempts and budgets,
and a done stage whose command, inputs and needs are unchanged is never run again.
"""

from datetime import datetime

from tianluo.core.events import Kind
from tianluo.core.events import event as new_event
from tianluo.core.holds import hold_stage
from tianluo.core.stage_machine import move
from tianluo.errors import TianluoError
from tianluo.models.model import EntityState, RunState, StageState, stage_id
from tianluo.models.plan_model import Plan, PlannedStage, PreAuthorizedDecision
from tianluo.models.states import TERMINAL_PHASES, StageStatus
from tianluo.planning.replan_review import SUMMARY, review
from tianluo.timefmt import iso


def diff(state: RunState, new: Plan) -> list[str]:
    """One line per change from the run's locked plan to ``new`` and what a replan does about it; empty when
    nothing changed (``replan_review.review``)."""
    return review(state, new).lines


def carry_over(state: RunState, new: Plan, decisions: list[PreAuthorizedDecision],
               now: datetime) -> tuple[RunState, dict]:
    """Lock ``new`` into the run; unchanged stages keep their state, changed ones start over.

    Raises:
        TianluoError: the run is over, or a stage that changed or went away is running now.
    """
    if state.phase in TERMINAL_PHASES:
        raise TianluoError(f"run {state.run_id} is {state.phase.value}; a finished run is not replanned "
                           "(start a new one with --new)")
    seen = review(state, new)
    if seen.refused:
        raise TianluoError("; ".join(seen.refused))
    out = state.model_copy(deep=True)
    entities = {}
    for ename, planned in new.entities.items():
        before = out.entities.get(ename)  # the copy: the stages kept are moved below, never the caller's
        same_params = ename in state.plan.entities and state.plan.entities[ename].params == planned.params
        params = dict(before.params) if before is not None and same_params else dict(planned.params)
        stages = {}
        for sname, planned_stage in planned.stages.items():
            sid = stage_id(ename, sname)
            old_stage = before.stages.get(sname) if before else None
            if old_stage is not None and sid not in seen.again:
                stages[sname] = old_stage
                continue
            stages[sname] = _fresh(old_stage, planned_stage, now, before is not None and before.hold is not None)
        entities[ename] = EntityState(stages=stages, params=params, hold=before.hold if before else None)
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
    again = list(seen.again)
    kept = f"; {len(seen.kept)} done stage(s) keep their result" if seen.kept else ""
    count = sum(1 for line in seen.lines if not line.startswith(SUMMARY))
    event = new_event(Kind.REPLANNED, iso(now), f"plan replaced from the edited spec ({count} change(s)); "
                      f"{len(again)} stage(s) run again{kept}; the others keep their attempts and budgets",
                      changes=seen.lines, again=again)
    return out, event


def _fresh(old: StageState | None, planned: PlannedStage, now: datetime, entity_held: bool) -> StageState:
    """A stage that runs again: a fresh state whose attempt numbers go on (attempt folders are never reused).

    A human's hold of the stage alone (not of its entity, which still holds it) stays, and a stage
    the owner chose at plan time to hold starts held.
    """
    fresh = StageState()
    if old is not None:
        fresh.attempt = old.attempt
        fresh.attempts = old.attempts
    kept = old.hold if old is not None and old.hold is not None and old.hold.by == "human" else None
    kept = None if entity_held else kept
    if kept is not None:
        hold_stage(fresh, by="human", reason=kept.reason, at=kept.at, analysis=None)
    elif planned.start_held and not entity_held and (old is None or not old.attempt):
        hold_stage(fresh, by="human", reason="you chose to hold it at plan time; release it to run", at=now,
                   analysis=None)
    return fresh
