"""A spec edited after start: the review (what plan --diff says), and carrying the run over (start --replan).

The diff and the replan follow one review: every test checks what the diff says against what
carry_over then does.
"""

import textwrap
from datetime import UTC, datetime

import pytest

from tianluo.errors import TianluoError
from tianluo.models.model import Attempt, Hold
from tianluo.models.states import FaultClass, StageStatus
from tianluo.planning.newrun import initial_state
from tianluo.planning.plan import build_plan
from tianluo.planning.replan import carry_over, diff
from tianluo.planning.replan_review import review
from tianluo.planning.spec_checks import load_spec

T0 = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)

BASE = """
name: edit-me
entities:
  a:
    params: {n: 1, lr: 0.1}
    stages:
      prep: {run: "echo prep", expected: 1h}
      train: {run: "echo train {lr}", needs: [prep]}
      eval: {run: "echo eval {n}", needs: [train]}
  b:
    stages:
      only: {run: echo only}
"""


def plan_of(tmp_path, text, name="tianluo.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    spec, _ = load_spec(path)
    return build_plan(spec, path)


def _ran(state, sid, status, n=1):
    stage = state.stage(sid)
    stage.status = status
    stage.attempt = n
    stage.attempts = [Attempt(n=i, job_name=f"j{i}", dir=f"attempts/x/train/{i}", intent_at=T0)
                      for i in range(1, n + 1)]
    stage.budget_used = {FaultClass.TRANSIENT: n - 1} if n > 1 else {}
    if status == StageStatus.HELD:
        stage.hold = Hold(by="ladder", reason="config/command_not_found", at=T0, analysis="failures/a__analysis.md")
    return stage


def _typo_held(tmp_path):
    """a.prep succeeded; a.train was held after two failures; a.eval waits; b.only succeeded."""
    state = initial_state("r1", plan_of(tmp_path, BASE), T0)
    _ran(state, "a.prep", StageStatus.SUCCEEDED)
    _ran(state, "a.train", StageStatus.HELD, n=2)
    state.stage("a.eval").status = StageStatus.BLOCKED
    _ran(state, "b.only", StageStatus.SUCCEEDED)
    return state


def _all_done(tmp_path, text=BASE):
    state = initial_state("r1", plan_of(tmp_path, text), T0)
    for sid in state.stage_ids():
        _ran(state, sid, StageStatus.SUCCEEDED)
    return state


def edited(tmp_path, old, new, text=BASE):
    return plan_of(tmp_path, text.replace(old, new), "edited.yaml")


# --- the diff ---------------------------------------------------------------------------------


def test_the_same_spec_has_no_changes(tmp_path):
    state = _typo_held(tmp_path)
    assert diff(state, plan_of(tmp_path, BASE, "copy.yaml")) == []


def test_a_fixed_command_of_a_held_stage_runs_it_again_and_nothing_else(tmp_path):
    state = _typo_held(tmp_path)
    seen = review(state, edited(tmp_path, "echo train {lr}", "echo train-v2 {lr}"))
    assert list(seen.again) == ["a.train"]
    assert ("~ a.train runs again (held after a failure, 2 attempt(s)): command: `echo train 0.1` -> "
            "`echo train-v2 0.1`; attempt 3 with a fresh retry budget, once its needs are done") in seen.lines
    assert not any("a.prep" in line or "b.only" in line for line in seen.lines)
    assert seen.lines[-1] == "= runs again: a.train"


def test_a_changed_agent_command_is_a_change(tmp_path):
    text = BASE + "agent: {command: my-agent --v1}\n"
    state = _all_done(tmp_path, text)
    lines = diff(state, edited(tmp_path, "--v1", "--v2", text))
    assert lines == ["~ agent.command: my-agent --v1 -> my-agent --v2 (the agent rung uses it from its next call; "
                     "no stage runs again for it)"]


def test_notify_gate_and_ladder_changes_are_named_with_their_values(tmp_path):
    state = _all_done(tmp_path)
    text = BASE + ("notify: [{command: 'echo {title}'}]\nladder: {config: {retries: 3}}\n"
                   "success_gate: {all_done: true, deadline: 48h}\n")
    lines = diff(state, plan_of(tmp_path, text, "edited.yaml"))
    assert any(line.startswith("~ notify: none -> 1 item(s) [{'command': 'echo {title}'") for line in lines), lines
    assert any(line.startswith("~ ladder.config.retries: 1 -> 3") for line in lines), lines
    assert any(line.startswith("~ success_gate.deadline: none -> 2d (the gate is checked") for line in lines), lines
    assert all("no stage runs again for it" in line for line in lines), lines


def test_a_done_stage_whose_resources_or_expected_changed_keeps_its_result(tmp_path):
    state = _all_done(tmp_path)
    new = edited(tmp_path, 'prep: {run: "echo prep", expected: 1h}',
                 'prep: {run: "echo prep", expected: 2h, resources: {gpus: 1}}')
    seen = review(state, new)
    assert seen.again == {}
    assert list(seen.kept) == ["a.prep"]
    (line,) = [x for x in seen.lines if x.startswith("= a.prep")]
    assert line == ("= a.prep keeps its result (succeeded; its command, inputs and needs did not change): "
                    "expected: 1h -> 2h; resources.gpus: none -> 1")
    out, event = carry_over(state, new, [], T0)
    assert out.stage("a.prep") == state.stage("a.prep")  # its attempts, its success: untouched
    assert out.plan.entities["a"].stages["prep"].expected == 7200.0  # the plan takes the new values
    assert event["again"] == []


def test_what_needs_a_stage_that_runs_again_runs_again_too_and_what_it_needs_does_not(tmp_path):
    state = _all_done(tmp_path)
    new = edited(tmp_path, "echo train {lr}", "echo train-v2 {lr}")
    seen = review(state, new)
    assert seen.again == {"a.train": "command: `echo train 0.1` -> `echo train-v2 0.1`",
                          "a.eval": "it needs a.train, which run(s) again"}
    out, event = carry_over(state, new, [], T0)
    assert out.stage("a.prep").status == StageStatus.SUCCEEDED and out.stage("a.prep").attempt == 1
    assert out.stage("b.only").status == StageStatus.SUCCEEDED
    assert (out.stage("a.eval").status, out.stage("a.eval").attempt) == (StageStatus.PENDING, 1)
    assert event["again"] == ["a.train", "a.eval"]


def test_a_param_change_reruns_only_the_stages_that_use_it(tmp_path):
    state = _all_done(tmp_path)
    new = edited(tmp_path, "{n: 1, lr: 0.1}", "{n: 1, lr: 0.2}")
    seen = review(state, new)
    assert list(seen.again) == ["a.train", "a.eval"]  # eval: it needs train
    assert seen.again["a.train"] == "command: `echo train 0.1` -> `echo train 0.2`"
    assert "~ a: params {'n': 1, 'lr': 0.1} -> {'n': 1, 'lr': 0.2}" in seen.lines
    out, _ = carry_over(state, new, [], T0)
    assert out.stage("a.prep").status == StageStatus.SUCCEEDED
    assert out.entities["a"].params == {"n": 1, "lr": 0.2}


def test_a_param_that_reaches_the_command_through_the_environment_is_seen_changed(tmp_path):
    text = BASE.replace("{n: 1, lr: 0.1}", "{n: 1, lr: 0.1, note: 'a b'}").replace("echo eval {n}", "echo {note}")
    state = _all_done(tmp_path, text)
    new = edited(tmp_path, "note: 'a b'", "note: 'c d'", text)
    assert new.entities["a"].stages["eval"].command == state.plan.entities["a"].stages["eval"].command  # a reference
    assert review(state, new).again == {"a.eval": "{note}: a b -> c d"}


def test_a_changed_stage_that_is_running_refuses_the_replan(tmp_path):
    state = initial_state("r1", plan_of(tmp_path, BASE), T0)
    _ran(state, "a.prep", StageStatus.RUNNING)
    new = edited(tmp_path, "echo prep", "echo prep-v2")
    assert any(line.startswith("! a.prep would run again, but attempt 1 is running") for line in diff(state, new))
    with pytest.raises(TianluoError, match="a.prep would run again .* but attempt 1 is running: wait for it"):
        carry_over(state, new, [], T0)


def test_a_running_stage_whose_input_would_be_made_again_refuses_the_replan(tmp_path):
    state = _all_done(tmp_path)
    _ran(state, "a.eval", StageStatus.RUNNING)
    with pytest.raises(TianluoError, match=r"a.eval would run again \(it needs a.train, which run\(s\) again\)"):
        carry_over(state, edited(tmp_path, "echo train {lr}", "echo train-v2 {lr}"), [], T0)


def test_a_human_skip_stands_when_what_it_needs_runs_again(tmp_path):
    state = _all_done(tmp_path)
    state.stage("a.eval").status = StageStatus.SKIPPED
    state.stage("a.eval").skipped_by = "human"
    assert list(review(state, edited(tmp_path, "echo train {lr}", "echo train-v2 {lr}")).again) == ["a.train"]


def test_a_changed_stage_held_by_a_human_starts_over_still_held(tmp_path):
    state = _typo_held(tmp_path)
    state.stage("a.train").hold = Hold(by="human", reason="held by a human: look", at=T0)
    out, _ = carry_over(state, edited(tmp_path, "echo train {lr}", "echo train-v2 {lr}"), [], T0)
    train = out.stage("a.train")
    assert (train.status, train.hold.by, train.budget_used) == (StageStatus.HELD, "human", {})


def test_added_and_removed_stages_are_named(tmp_path):
    state = _typo_held(tmp_path)
    new = plan_of(tmp_path, BASE.replace("      only: {run: echo only}\n", "      extra: {run: echo extra}\n"),
                  "edited.yaml")
    lines = diff(state, new)
    assert "- b.only removed (succeeded, 1 attempt(s))" in lines
    assert "+ b.extra added: it runs when its needs are done" in lines


# --- carrying the run over ---------------------------------------------------------------------


def test_carry_over_keeps_unchanged_stages_and_restarts_changed_ones(tmp_path):
    state = _typo_held(tmp_path)
    _ran(state, "a.prep", StageStatus.SUCCEEDED, n=2)
    new = edited(tmp_path, "echo train {lr}", "echo train-v2 {lr}")
    out, event = carry_over(state, new, [], T0)
    prep, train = out.stage("a.prep"), out.stage("a.train")
    assert (prep.status, prep.attempt, prep.budget_used) == (StageStatus.SUCCEEDED, 2, {FaultClass.TRANSIENT: 1})
    assert train.status == StageStatus.PENDING and train.budget_used == {} and train.hold is None
    assert train.attempt == 2 and len(train.attempts) == 2  # numbering goes on: attempt folders are never reused
    assert out.plan.entities["a"].stages["train"].command == "echo train-v2 0.1"
    assert out.stage("a.eval").status == StageStatus.PENDING  # blocked by the hold: decided again
    assert event["event"] == "replanned" and event["changes"] == diff(state, new) and event["again"] == ["a.train"]
    assert state.stage("a.train").status == StageStatus.HELD  # the input is not changed


def test_a_finished_run_is_not_replanned(tmp_path):
    state = initial_state("r1", plan_of(tmp_path, BASE), T0)
    state.phase = type(state.phase)("complete")
    with pytest.raises(TianluoError, match="is complete"):
        carry_over(state, plan_of(tmp_path, BASE, "e.yaml"), [], T0)


def test_changed_params_take_the_new_values_over_a_degrade(tmp_path):
    state = initial_state("r1", plan_of(tmp_path, BASE), T0)
    state.entities["a"].params = {"n": 0, "lr": 0.1}  # as a degrade left it
    _ran(state, "a.prep", StageStatus.SUCCEEDED)
    new = edited(tmp_path, "{n: 1, lr: 0.1}", "{n: 5, lr: 0.1}")
    assert ("~ a: params {'n': 1, 'lr': 0.1} -> {'n': 5, 'lr': 0.1} (the values a degrade set, {'n': 0, 'lr': 0.1}, "
            "go back to the spec's)") in diff(state, new)
    out, _ = carry_over(state, new, [], T0)
    assert out.entities["a"].params == {"n": 5, "lr": 0.1}
    assert out.stage("a.prep").status == StageStatus.SUCCEEDED  # prep does not use {n}


def test_a_running_stage_removed_from_the_spec_refuses_the_replan_and_the_diff_says_so(tmp_path):
    state = initial_state("r1", plan_of(tmp_path, BASE), T0)
    _ran(state, "b.only", StageStatus.RUNNING)
    new = plan_of(tmp_path, BASE.replace("      only: {run: echo only}\n", "      extra: {run: echo extra}\n"),
                  "edited.yaml")
    seen = review(state, new)
    assert seen.refused == ["b.only was removed from the spec but attempt 1 is running: wait for it, or "
                            "`tianluo hold b`, then replan"]
    with pytest.raises(TianluoError, match="b.only was removed from the spec but attempt 1 is running"):
        carry_over(state, new, [], T0)
