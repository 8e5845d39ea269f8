"""A spec edited after start: diff against the locked plan, and carrying the run over."""

import textwrap
from datetime import UTC, datetime

import pytest

from tianluo.errors import TianluoError
from tianluo.model import Attempt
from tianluo.newrun import initial_state
from tianluo.plan import build_plan
from tianluo.replan import carry_over, diff
from tianluo.spec_checks import load_spec
from tianluo.states import FaultClass, StageStatus

T0 = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)

BASE = """
name: edit-me
entities:
  a:
    params: {n: 1}
    stages:
      one: {run: "echo one {n}"}
      two: {run: echo two, needs: [one]}
  b:
    stages:
      only: {run: echo only}
"""


def plan_of(tmp_path, text, name="tianluo.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    spec, _ = load_spec(path)
    return build_plan(spec, path)


def test_the_same_spec_has_no_changes(tmp_path):
    assert diff(plan_of(tmp_path, BASE), plan_of(tmp_path, BASE, "copy.yaml")) == []


def test_diff_names_added_removed_and_changed_stages(tmp_path):
    old = plan_of(tmp_path, BASE)
    edited = BASE.replace("echo two", "echo two-v2").replace("      only: {run: echo only}\n", "") \
        + "      extra: {run: echo extra}\n"
    new = plan_of(tmp_path, edited, "edited.yaml")
    lines = diff(old, new)
    assert "~ a.two: command, run changed (its attempts and budgets start over)" in lines
    assert "- b.only removed" in lines
    assert "+ b.extra added" in lines
    assert not any(line.startswith("~ a.one") for line in lines)


def test_diff_names_param_and_run_wide_changes(tmp_path):
    old = plan_of(tmp_path, BASE)
    new = plan_of(tmp_path, BASE.replace("{n: 1}", "{n: 2}") + "max_attempts: 7\n", "edited.yaml")
    lines = diff(old, new)
    assert "~ max_attempts changed" in lines
    assert "~ a: params {'n': 1} -> {'n': 2}" in lines


def _ran(state, sid, status, n=1):
    stage = state.stage(sid)
    stage.status = status
    stage.attempt = n
    stage.attempts = [Attempt(n=i, job_name=f"j{i}", dir=f"attempts/x/train/{i}", intent_at=T0)
                      for i in range(1, n + 1)]
    stage.budget_used = {FaultClass.TRANSIENT: n - 1} if n > 1 else {}
    return stage


def test_carry_over_keeps_unchanged_stages_and_restarts_changed_ones(tmp_path):
    old = plan_of(tmp_path, BASE)
    state = initial_state("r1", old, T0)
    _ran(state, "a.one", StageStatus.SUCCEEDED, n=2)
    _ran(state, "a.two", StageStatus.HELD, n=3)
    new = plan_of(tmp_path, BASE.replace("echo two", "echo two-v2"), "edited.yaml")
    out, event = carry_over(state, new, [], T0)
    one, two = out.stage("a.one"), out.stage("a.two")
    assert (one.status, one.attempt, one.budget_used) == (StageStatus.SUCCEEDED, 2, {FaultClass.TRANSIENT: 1})
    assert two.status == StageStatus.PENDING and two.budget_used == {} and two.hold is None
    assert two.attempt == 3 and len(two.attempts) == 3  # numbering goes on: attempt folders are never reused
    assert out.plan.entities["a"].stages["two"].command == "echo two-v2"
    assert event["event"] == "replanned" and event["changes"]
    assert state.stage("a.two").status == StageStatus.HELD  # the input is not changed


def test_a_running_stage_that_changed_refuses_the_replan(tmp_path):
    state = initial_state("r1", plan_of(tmp_path, BASE), T0)
    _ran(state, "a.two", StageStatus.RUNNING)
    with pytest.raises(TianluoError, match="a.two changed but attempt 1 is running"):
        carry_over(state, plan_of(tmp_path, BASE.replace("echo two", "echo two-v2"), "e.yaml"), [], T0)


def test_a_finished_run_is_not_replanned(tmp_path):
    state = initial_state("r1", plan_of(tmp_path, BASE), T0)
    state.phase = type(state.phase)("complete")
    with pytest.raises(TianluoError, match="is complete"):
        carry_over(state, plan_of(tmp_path, BASE, "e.yaml"), [], T0)


def test_changed_params_restart_the_entity_and_take_the_new_values(tmp_path):
    state = initial_state("r1", plan_of(tmp_path, BASE), T0)
    state.entities["a"].params = {"n": 0}  # as a degrade left it
    _ran(state, "a.one", StageStatus.SUCCEEDED)
    out, _ = carry_over(state, plan_of(tmp_path, BASE.replace("{n: 1}", "{n: 5}"), "e.yaml"), [], T0)
    assert out.entities["a"].params == {"n": 5}
    assert out.stage("a.one").status == StageStatus.PENDING
