"""The one stage machine: its table, its guard, the events its moves emit, the ladder's steps it
takes, and the rule that no other module assigns a stage's status (checked on the source)."""

import ast
from datetime import timedelta
from pathlib import Path

import pytest
from pure_helpers import T0, at

from tianluo.core import stage_machine
from tianluo.core.degrade import Change
from tianluo.core.ladder import Degrade, HoldStep, Retry
from tianluo.core.stage_machine import MOVES, Events, IllegalMove, move, take
from tianluo.models.model import Fault, StageState, state_json_schema
from tianluo.models.states import ACTIVE, DONE, FaultClass, StageStatus

PACKAGE = Path(stage_machine.__file__).resolve().parent
NCCL = Fault(klass=FaultClass.TRANSIENT, label="nccl_timeout", evidence="NCCL WARN Timeout")


# --- no status is assigned outside the stage machine ------------------------------------


def _status_writes(tree: ast.AST) -> list[int]:
    """Lines that assign a ``.status``, set it by name, or build a StageState with one."""
    lines = []
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Attribute) and part.attr == "status" and isinstance(part.ctx, ast.Store):
                    lines.append(node.lineno)
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if name == "StageState" and any(k.arg in ("status", None) for k in node.keywords):
                lines.append(node.lineno)  # status=..., or **a dict that may hold it
            if name == "setattr" and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) \
                    and node.args[1].value == "status":
                lines.append(node.lineno)
            if name in ("model_copy", "model_construct", "model_validate"):
                for k in node.keywords:
                    if k.arg == "update" and isinstance(k.value, ast.Dict) and any(
                            isinstance(key, ast.Constant) and key.value == "status" for key in k.value.keys):
                        lines.append(node.lineno)
    return lines


def test_no_module_but_the_stage_machine_assigns_a_stage_status():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "stage_machine.py":
            continue
        for line in _status_writes(ast.parse(path.read_text(), str(path))):
            found.append(f"{path.relative_to(PACKAGE.parent)}:{line}")
    assert found == [], "a stage's status changes only through stage_machine.move: " + ", ".join(found)


@pytest.mark.parametrize("source", [
    "stage.status = StageStatus.HELD",
    "stage.status, stage.reason = StageStatus.PENDING, None",
    "state.stage(sid).status = x",
    "StageState(status=StageStatus.RUNNING)",
    "StageState(**fields)",
    "setattr(stage, 'status', StageStatus.HELD)",
    "stage.model_copy(update={'status': 'held'})",
])
def test_the_source_check_sees_every_way_of_writing_a_status(source):
    assert _status_writes(ast.parse(source)) == [1]


@pytest.mark.parametrize("source", ["if stage.status == StageStatus.HELD: pass", "x = stage.status",
                                    "StageState()", "proc_status = p.status()"])
def test_the_source_check_leaves_reading_alone(source):
    assert _status_writes(ast.parse(source)) == []


def test_the_stage_machine_itself_writes_status_in_one_place():
    tree = ast.parse(Path(stage_machine.__file__).read_text())
    assert len(_status_writes(tree)) == 1


# --- the table ---------------------------------------------------------------------------


def test_every_status_has_a_row_and_done_is_final():
    assert set(MOVES) == set(StageStatus)
    for done in DONE:
        assert MOVES[done] == {}


def test_every_status_is_reachable_from_pending():
    seen, todo = {StageStatus.PENDING}, [StageStatus.PENDING]
    while todo:
        for to in MOVES[todo.pop()]:
            if to not in seen:
                seen.add(to)
                todo.append(to)
    assert seen == set(StageStatus)


def test_there_is_no_failed_status():
    # A stage tianluo cannot retry ends in manual_hold (held, by the ladder); nothing ever set "failed".
    assert "failed" not in {s.value for s in StageStatus}
    assert "failed" not in str(state_json_schema()["$defs"]["StageStatus"])


def test_an_attempt_ends_only_in_succeeded_retry_wait_held_consulting_or_the_repair():
    for active in ACTIVE:
        assert set(MOVES[active]) <= {StageStatus.SUCCEEDED, StageStatus.RETRY_WAIT, StageStatus.HELD,
                                      StageStatus.CONSULTING, StageStatus.PENDING, *ACTIVE}
    # the agent rung settles into what the ladder's steps and a skip lead to, nothing else
    assert set(MOVES[StageStatus.CONSULTING]) == {StageStatus.RETRY_WAIT, StageStatus.HELD, StageStatus.SKIPPED}


# --- move --------------------------------------------------------------------------------


def test_a_move_sets_the_status_and_records_its_event_at_the_log_time():
    stage, log = StageState(), Events(at(90))
    move(stage, StageStatus.BLOCKED, log=log, sid="lr-3e-4.eval", event="blocked", message="needs x", n=None)
    assert stage.status == StageStatus.BLOCKED
    assert log.items == [{"ts": "2024-03-01T12:01:30Z", "event": "blocked", "entity": "lr-3e-4", "stage": "eval",
                          "message": "needs x"}]


@pytest.mark.parametrize(("frm", "to"), [
    (StageStatus.SUCCEEDED, StageStatus.PENDING),
    (StageStatus.SKIPPED, StageStatus.SUBMITTED),
    (StageStatus.PENDING, StageStatus.RUNNING),
    (StageStatus.HELD, StageStatus.SUBMITTED),
    (StageStatus.BLOCKED, StageStatus.SUBMITTED),
    (StageStatus.RETRY_WAIT, StageStatus.RETRY_WAIT),
])
def test_an_illegal_move_is_refused_and_changes_nothing(frm, to):
    stage, log = StageState(status=frm), Events(T0)
    with pytest.raises(IllegalMove, match=f"a.b: {frm.value} -> {to.value} is not a legal move"):
        move(stage, to, log=log, sid="a.b", event="submit_intent")
    assert stage.status == frm and log.items == []


def test_a_move_with_an_event_it_does_not_emit_is_refused():
    stage = StageState(status=StageStatus.RUNNING)
    with pytest.raises(IllegalMove, match="does not emit 'released'"):
        move(stage, StageStatus.RETRY_WAIT, log=Events(T0), sid="a.b", event="released")
    with pytest.raises(IllegalMove, match="does not emit None"):
        move(stage, StageStatus.SUCCEEDED)  # a success is always news
    assert stage.status == StageStatus.RUNNING


def test_an_illegal_move_is_an_internal_error_not_a_users_mistake():
    from tianluo.errors import TianluoError
    assert not issubclass(IllegalMove, TianluoError)


# --- the ladder's steps ------------------------------------------------------------------


def failed_stage() -> StageState:
    return StageState(status=StageStatus.RUNNING, fault=NCCL, attempt=2)


def test_take_a_retry_spends_budget_and_sets_the_due_time():
    stage, log, params = failed_stage(), Events(T0), {}
    take(stage, Retry(wait_s=600.0, used=2, allowed=3), log=log, sid="a.train", attempt=2, params=params,
         analysis="failures/a__analysis.md")
    assert (stage.status, stage.next_attempt_at) == (StageStatus.RETRY_WAIT, T0 + timedelta(seconds=600))
    assert stage.budget_used == {FaultClass.TRANSIENT: 2} and stage.reason == "retry 2/3 for transient"
    (ev,) = log.items
    assert (ev["event"], ev["wait_s"], ev["attempt"]) == ("retry_scheduled", 600.0, 2)


def test_take_a_free_retry_spends_nothing_and_counts_it():
    stage, log = failed_stage(), Events(T0)
    take(stage, Retry(wait_s=0.0, used=0, allowed=3, free=True), log=log, sid="a.train", attempt=2, params={},
         analysis=None)
    assert (stage.status, stage.next_attempt_at, stage.budget_used, stage.free_retries) == \
        (StageStatus.RETRY_WAIT, T0, {}, 1)
    assert log.items[0]["free"] is True


def test_take_a_degrade_changes_the_params_and_records_it():
    stage, log, params = failed_stage(), Events(T0), {"batch_size": 32}
    change = Change(action="halve_batch", params={"batch_size": 16}, variant="small", lines=("batch_size 32 -> 16",
                    "command variant default -> small"), exclude_host="gpu-7")
    take(stage, Degrade(change=change, description="; ".join(change.lines)), log=log, sid="a.train", attempt=2,
         params=params, analysis=None)
    assert params == {"batch_size": 16} and stage.variant == "small" and stage.exclude_hosts == ["gpu-7"]
    assert stage.status == StageStatus.RETRY_WAIT and stage.next_attempt_at == T0
    assert stage.degradations[0].changes == list(change.lines)
    (ev,) = log.items
    assert (ev["event"], ev["action"]) == ("degraded", "halve_batch")


def test_take_a_hold_is_manual_hold_with_its_analysis():
    stage, log = failed_stage(), Events(T0)
    take(stage, HoldStep("transient budget spent (3/3 retries): transient/nccl_timeout"), log=log, sid="a.train",
         attempt=2, params={}, analysis="failures/a__analysis.md")
    assert stage.status == StageStatus.HELD and stage.hold.by == "ladder"
    assert stage.hold.analysis == "failures/a__analysis.md"
    (ev,) = log.items
    assert (ev["event"], ev["by"], ev["attempt"]) == ("held", "ladder", 2)


def test_every_step_type_has_an_effect():
    from typing import get_args

    from tianluo.core.ladder import Step

    assert set(stage_machine._effects()) == set(get_args(Step))
