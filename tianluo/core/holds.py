"""manual_hold and the human's hands (hold, release). Pure: state in, state and events out.

A hold stops one stage (the ladder's last rung) or a whole entity (a human); what depends on
it is blocked, everything else goes on. Releasing is a human decision: run the stage again
(``retry``), or skip it so its dependents can go on (``skip``).
"""

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Literal

from tianluo.core import cancels, stage_machine
from tianluo.core.stage_machine import Events, move
from tianluo.errors import TianluoError
from tianluo.models.model import Hold, PastHold, RunState, StageState, entity_stage_hold, stage_id
from tianluo.models.states import ACTIVE, DONE, StageStatus

if TYPE_CHECKING:
    from tianluo.planning.replan_review import Edited


def analysis_path(entity: str) -> str:
    """Where the failure analysis of an entity is written, relative to the run folder."""
    return f"failures/{entity}__analysis.md"


def hold_stage(stage: StageState, *, by: Literal["ladder", "human"], reason: str, at: datetime,
               analysis: str | None) -> None:
    """Hold one stage without an event of its own (a human's hold, recorded per entity; a plan-time hold)."""
    stage_machine.hold(stage, by=by, reason=reason, at=at, analysis=analysis)


@dataclass
class HandsResult:
    """What a hold or release changed."""

    state: RunState
    events: list[dict] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)  # stage ids
    notes: list[str] = field(default_factory=list)  # what the human should know


def _entities(state: RunState, entity: str | None, all_entities: bool) -> list[str]:
    if all_entities:
        return list(state.entities)
    if entity not in state.entities:
        known = ", ".join(state.entities)
        raise TianluoError(f"no entity {entity!r} in run {state.run_id}; entities: {known}")
    return [entity]


def hold(state: RunState, entity: str | None, reason: str, now: datetime, all_entities: bool = False) -> HandsResult:
    """A human hold: nothing new starts for the entity; running attempts finish and are recorded.

    Raises:
        TianluoError: the entity is unknown.
    """
    new = state.model_copy()  # copied where it changes: the held entities and the stages they hold, not the rest
    new.entities = dict(state.entities)
    log = Events(now)
    result = HandsResult(new, log.items)
    for ename in _entities(new, entity, all_entities):
        ent = new.entities[ename] = state.entities[ename].model_copy()
        ent.stages = dict(ent.stages)
        ent.hold = Hold(by="human", reason=reason, at=now)
        for sname, stage in list(ent.stages.items()):
            sid = stage_id(ename, sname)
            if stage.status in DONE or stage.status == StageStatus.HELD:
                continue
            if stage.status in ACTIVE:
                result.notes.append(f"{sid}: attempt {stage.attempt} keeps running; nothing new starts after it")
                continue
            if stage.status == StageStatus.CONSULTING:  # settled by the next tick: held, whatever the agent said
                result.notes.append(f"{sid}: the agent was asked about attempt {stage.attempt}; the next tick holds "
                                    "it, whatever it answered")
                continue
            stage = ent.stages[sname] = stage.model_copy()
            hold_stage(stage, by="human", reason=entity_stage_hold(ent.hold).reason, at=now, analysis=None)
            result.changed.append(sid)
        log.add("held", None, f"held by a human: {reason}", entity=ename, by="human")
    return result


def release(state: RunState, entity: str, now: datetime, *, retry: bool = False, skip: bool = False,
            reset_budget: bool = False, edited: "Edited | None" = None) -> HandsResult:
    """Lift the holds of an entity.

    A human hold is lifted and its stages wait for their needs again. A stage the ladder held
    after a failure needs a decision: ``retry`` runs it again (now), ``skip`` skips it.

    Args:
        edited: The run's spec as edited since it was locked: a stage it changes is not released
            to run its locked command (the edit flow is named instead).

    Raises:
        TianluoError: unknown entity, both retry and skip, a failure hold with neither, or a stage
            whose spec was edited since.
    """
    if retry and skip:
        raise TianluoError("release: choose --retry or --skip, not both")
    new = state.model_copy(deep=True)
    log = Events(now)
    result = HandsResult(new, log.items)
    ename = _entities(new, entity, False)[0]
    ent = new.entities[ename]
    failed = [s for s, st in ent.stages.items() if st.status == StageStatus.HELD and st.hold and st.hold.by == "ladder"]
    if failed and not (retry or skip):
        names = ", ".join(f"{ename}.{s}" for s in failed)
        raise TianluoError(f"{names}: held after a failure; add --retry to run it again or --skip to skip it "
                           f"(read {analysis_path(ename)} first)")
    waiting = [s for s, st in ent.stages.items() if _waits(st, now)]
    if ent.hold is None and not failed and not any(st.status == StageStatus.HELD for st in ent.stages.values()) \
            and not (retry and waiting):
        more = (f"; {', '.join(f'{ename}.{s}' for s in waiting)} waits for its retry: --retry runs it now"
                if waiting else "")
        gone = [f"{ename}.{s}" for s, st in ent.stages.items() if st.status == StageStatus.SKIPPED
                and st.skipped_by in ("human", "agent")]
        if gone:  # a skip is for good: what needs it is unblocked one stage at a time
            more += (f"; {', '.join(gone)} was skipped, and a skipped stage cannot be un-skipped: to run what "
                     "needs it without its outputs, `tianluo unblock ENTITY.STAGE --reason TEXT`; to run it "
                     "again, start a new run")
        raise TianluoError(f"{ename}: nothing is held{more}")
    if ent.hold is not None:  # the entity's own hold: its release is an event too (a log, a daemon shows it)
        log.add("released", None, "released by a human: new stages may start again", entity=ename, action="resume")
    if ent.hold is not None:  # what each stage of it waited for a human (goodput), whatever its own status
        for stage in ent.stages.values():
            if stage.status not in DONE:
                _released(stage, "human", ent.hold.at, now)
    ent.hold = None
    for sname, stage in ent.stages.items():
        sid = stage_id(ename, sname)
        if reset_budget:
            stage.budget_used = {}
        if stage.status != StageStatus.HELD:
            continue
        by_ladder = stage.hold is not None and stage.hold.by == "ladder"
        if skip and not by_ladder:
            result.notes.append(f"{sid}: held by a human, not after a failure: --skip skips only stages held "
                                "after a failure, so it resumes")
        if stage.hold is not None:
            _released(stage, stage.hold.by, stage.hold.at, now)
        stage.hold = None
        stage.reason = None
        if by_ladder and skip:
            stage.skipped_by = "human"
            move(stage, StageStatus.SKIPPED, log=log, sid=sid, event="released",
                 message="released: skipped (for good: a skip cannot be undone); what needs it is blocked "
                         "until you unblock it (tianluo unblock ENTITY.STAGE --reason TEXT)", action="skip")
        elif by_ladder:
            result.notes.extend(f"{sid}: {line}" for line in cancels.release(stage))
            last = stage.current()
            if last is not None and last.outcome is None and last.handle is not None:
                why = ("its cancel never took effect" if last.fault is not None and last.fault.label == "cancel_failed"
                       else "it was hung and tianluo may not cancel")
                result.notes.append(f"{sid}: attempt {last.n} was never stopped by tianluo ({why}): if it still "
                                    f"runs, stop it now ({last.handle.describe()}); attempt {last.n + 1} starts at "
                                    "the next tick")
            stage.next_attempt_at = now
            move(stage, StageStatus.RETRY_WAIT, log=log, sid=sid, event="released",
                 message="released: runs again at the next tick", action="retry", budget_reset=reset_budget)
        elif stage.next_attempt_at is not None:  # it was waiting out a backoff: the wait still counts
            due = f"its retry is due at {stage.next_attempt_at.isoformat()}"
            if stage.wait is not None:  # ... and for free space, which the hold did not make
                stage.reason = f"waiting for free space on {', '.join(stage.wait.paths)}"
                due += f" once there is free space again on {', '.join(stage.wait.paths)}"
            move(stage, StageStatus.RETRY_WAIT, log=log, sid=sid, event="released",
                 message=f"released: {due}", action="resume")
        else:
            move(stage, StageStatus.PENDING, log=log, sid=sid, event="released",
                 message="released: waits for its needs again", action="resume")
        result.changed.append(sid)
    if retry:  # the owner's word: a retry that waits (for free space, or out a backoff) runs now
        for sname, stage in ent.stages.items():
            if not _waits(stage, now):
                continue
            sid = stage_id(ename, sname)
            if stage.wait is not None:
                what = f"free space on {', '.join(stage.wait.paths)}"
            else:  # a backoff: _waits saw its due time
                assert stage.next_attempt_at is not None
                what = f"its backoff (due {stage.next_attempt_at.isoformat()})"
            stage.wait = None
            stage.next_attempt_at = now
            stage.reason = "released: runs again at the next tick"
            log.add("released", sid, f"released: runs again at the next tick, without waiting for {what}",
                    action="retry", budget_reset=reset_budget)
            if sid not in result.changed:
                result.changed.append(sid)
    if edited is not None:
        stale = [sid for sid in result.changed if sid in edited.again and new.stage(sid).status != StageStatus.SKIPPED]
        if stale:
            raise TianluoError(edited.refusal(stale))
        if edited.error:
            result.notes.append(edited.note())
    return result


def _released(stage: StageState, by: Literal["ladder", "human"], at: datetime, now: datetime) -> None:
    """Record a released hold on the stage (goodput's time held); the entity's hold, which its stages' own
    human holds repeat, once."""
    span = PastHold(by=by, at=at, released_at=now)
    if span not in stage.released_holds:
        stage.released_holds.append(span)


def _waits(stage: StageState, now: datetime) -> bool:
    """A retry that is not due yet: waiting for free space, or out a backoff."""
    return stage.status == StageStatus.RETRY_WAIT and (
        stage.wait is not None or (stage.next_attempt_at is not None and stage.next_attempt_at > now))
