"""A stage skipped after a failure, and what that means for the stages that need it. Pure.

A stage the owner (``release --skip``) or the agent skipped after a failure never made its
outputs, so what needs it is blocked, like the dependents of a held stage, until the owner
lets one named dependent run without it (``tianluo unblock ENTITY.STAGE --reason TEXT``).
That is recorded on the dependent (``StageState.unblocks``, and the ``unblocked`` event with
the reason), and its attempts get the skipped stage's outputs in ``TIANLUO_MISSING_INPUTS``.
A skip cannot be undone. A branch not taken (``skipped_by == "branch"``) is a choice, not a
failure: it is none of this.

The run's end names such stages: a run whose gate is met with one is "complete with skipped
stages", never plainly complete.
"""

from datetime import datetime

from tianluo.core.holds import HandsResult
from tianluo.core.stage_machine import Events, move
from tianluo.errors import TianluoError
from tianluo.models.model import RunState, StageState, Unblock, split_stage_id, stage_id
from tianluo.models.plan_model import PlannedStage
from tianluo.models.states import StageStatus

#: The environment variable naming the outputs an unblocked stage runs without, one path a line.
MISSING_ENV = "TIANLUO_MISSING_INPUTS"
#: The words of a run that ended complete with such a stage.
WITH_SKIPPED = "complete with skipped stages"


def skipped_after_failure(stage: StageState) -> bool:
    """Skipped by the owner or the agent after a failure (not a branch not taken): its outputs are missing."""
    return stage.status == StageStatus.SKIPPED and stage.skipped_by in ("human", "agent")


def outputs(planned: PlannedStage) -> list[str]:
    """What a stage makes, as its spec says: its ``output`` path, its ``done_when`` files (in that order, once)."""
    paths: list[str] = []
    if planned.output is not None:
        paths.append(planned.output.path)
    if planned.done_when is not None:
        paths += list(planned.done_when.exists) + [m.file for m in planned.done_when.metric]
    return list(dict.fromkeys(paths))


def skipped_needs(state: RunState, sid: str, needs: list[str]) -> list[str]:
    """The needs of ``sid`` skipped after a failure that the owner has not let it run without."""
    let = {u.need for u in state.stage(sid).unblocks}
    return [n for n in needs if n not in let and skipped_after_failure(state.stage(n))]


def who(stage: StageState) -> str:
    return "by the agent" if stage.skipped_by == "agent" else "by the owner"


def skipped_stages(state: RunState) -> list[dict]:
    """Every stage skipped after a failure, in plan order: its id, who skipped it, its missing outputs,
    and the dependents the owner unblocked past it."""
    out = []
    for sid in state.stage_ids():
        stage = state.stage(sid)
        if not skipped_after_failure(stage):
            continue
        entity, name = split_stage_id(sid)
        users = [stage_id(e, s) for e, ent in state.entities.items() for s, st in ent.stages.items()
                 if any(u.need == sid for u in st.unblocks)]
        out.append({"stage": sid, "by": stage.skipped_by,
                    "missing": outputs(state.plan.entities[entity].stages[name]), "unblocked": users})
    return out


def describe(skipped: list[dict]) -> str:
    """``a.train (skipped by the owner; never made: out/a/final.ckpt)``, for the gate, the end and reports."""
    parts = []
    for s in skipped:
        what = f"; never made: {', '.join(s['missing'])}" if s["missing"] else ""
        by = "the agent" if s["by"] == "agent" else "the owner"
        parts.append(f"{s['stage']} (skipped by {by}{what})")
    return ", ".join(parts)


def unblock(state: RunState, sid: str, reason: str, now: datetime) -> HandsResult:
    """The owner lets ``sid`` run without the outputs of its needs that were skipped after a failure.

    Raises:
        TianluoError: an unknown stage, no reason, or no skipped need to run without.
    """
    if not reason.strip():
        raise TianluoError("unblock: give the reason (--reason TEXT): it is recorded with the unblock")
    if "." not in sid:
        raise TianluoError(f"unblock: name the stage as ENTITY.STAGE (got {sid!r})")
    entity, name = split_stage_id(sid)
    if entity not in state.plan.entities or name not in state.plan.entities[entity].stages:
        raise TianluoError(f"unblock: no stage {sid} in run {state.run_id}; stages: {', '.join(state.stage_ids())}")
    new = state.model_copy(deep=True)
    log = Events(now)
    result = HandsResult(new, log.items)
    stage = new.stage(sid)
    needs = new.plan.entities[entity].stages[name].needs
    skipped = skipped_needs(new, sid, needs)
    if not skipped:
        other = [f"{n} ({new.stage(n).status.value})" for n in needs
                 if new.stage(n).status in (StageStatus.HELD, StageStatus.BLOCKED)]
        why = f"; it waits for {', '.join(other)}, which unblock does not lift" if other else ""
        raise TianluoError(f"unblock: {sid} needs no stage that was skipped after a failure{why}")
    if stage.status not in (StageStatus.PENDING, StageStatus.BLOCKED):
        raise TianluoError(f"unblock: {sid} is {stage.status.value}, not waiting for its needs")
    missing: list[str] = []
    for need in skipped:
        ne, nn = split_stage_id(need)
        made = outputs(new.plan.entities[ne].stages[nn])
        stage.unblocks.append(Unblock(need=need, reason=reason, at=now, missing=made))
        missing += made
    words = f"unblocked by the owner: runs without {', '.join(skipped)}, which was skipped ({reason})"
    if missing:
        words += f"; its attempts get {MISSING_ENV}: {', '.join(missing)}"
    fields = dict(by="human", reason=reason, needs=skipped, missing=missing)
    if stage.status == StageStatus.BLOCKED and not [
            n for n in needs if new.stage(n).status in (StageStatus.HELD, StageStatus.BLOCKED)]:
        stage.reason = None
        move(stage, StageStatus.PENDING, log=log, sid=sid, event="unblocked", message=words, **fields)
    else:  # not blocked yet (no tick since the skip), or blocked by something else too: recorded all the same
        log.add("unblocked", sid, words, **fields)
    result.changed.append(sid)
    return result


def missing_env(stage: StageState) -> dict[str, str]:
    """``TIANLUO_MISSING_INPUTS`` for an attempt of a stage the owner unblocked past a skipped need."""
    paths = [p for u in stage.unblocks for p in u.missing]
    return {MISSING_ENV: "\n".join(dict.fromkeys(paths))} if stage.unblocks else {}
