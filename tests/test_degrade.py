"""The degrade rung and the other plan-time decisions, as the pure core acts on them.

First ``tianluo.core.degrade`` alone (one declarative change -> the new value), then ``decide``
on states locked from small specs with the owner's answers: the pre-authorised change on
the degrade rung, the authorisation whitelist, branch stages, cross-dependencies, resource
holds and output destinations. No processes; files only for the specs and branch metrics.
"""

import json

import pytest
from pure_helpers import (
    RUN_ID,
    T0,
    at,
    cancels,
    event_kinds,
    events_of,
    exited,
    launched,
    lost,
    observe,
    ok_check,
    running,
    seen,
    submits,
    write_spec,
)

from tianluo.core import holds
from tianluo.core.actions import CopyOutput, Submit, WriteAnalysis
from tianluo.core.decide import decide, effective_command
from tianluo.core.degrade import Change, apply, plan_change
from tianluo.core.observations import Observations
from tianluo.models.model import Degradation, RunState
from tianluo.models.states import Phase, StageStatus
from tianluo.planning.forks import derive
from tianluo.planning.newrun import initial_state
from tianluo.planning.plan import build_plan
from tianluo.planning.spec_checks import load_spec
from tianluo.planning.spec_parts import DegradeAction, ParamChange
from tianluo.shell.logscan import LogLine
from tianluo.shell.observe import _branch_conditions

# --- degrade.apply: one change to one value ---------------------------------------------


@pytest.mark.parametrize("change, current, expected", [
    (dict(set=8), 64, 8),
    (dict(set="bf16"), "fp32", "bf16"),
    (dict(set=0), 4, 0),
    (dict(set=False), True, False),
    (dict(multiply=0.5), 64, 32),
    (dict(multiply=0.5), 0.1, 0.05),
    (dict(multiply=1.5), 10, 15),
    (dict(multiply=0.5, floor=40), 64, 40),
    (dict(divide=2), 64, 32),
    (dict(divide=3), 64, 21),  # an integer stays an integer: 21.33 -> 21
    (dict(divide=2), 1e-3, 5e-4),
    (dict(divide=2, floor=8), 32, 16),
    (dict(divide=2, floor=8), 12, 8),  # 6 would be below the floor
    (dict(divide=2, floor=8), 8, 8),  # at the floor: no change
    (dict(choose=[32, 16, 8]), 32, 16),
    (dict(choose=[32, 16, 8]), 16, 8),
    (dict(choose=[32, 16, 8]), 8, None),  # the end of the list: nothing left to choose
    (dict(choose=[32, 16, 8]), 64, 32),  # not in the list: its first value
    (dict(choose=["fp32", "bf16"]), "fp32", "bf16"),
    (dict(multiply=0.5), "sixty-four", None),  # arithmetic needs a number
    (dict(divide=2), True, None),  # a bool is not a number here
    (dict(divide=2), None, None),
])
def test_apply(change, current, expected):
    result = apply(ParamChange(**change), current)
    assert result == pytest.approx(expected) if isinstance(expected, float) else result == expected
    if isinstance(current, int) and not isinstance(current, bool) and isinstance(expected, int) \
            and not isinstance(expected, bool) and ("multiply" in change or "divide" in change):
        assert type(result) is int  # a batch size never becomes 32.0


def test_a_value_below_its_floor_is_never_raised_by_a_degrade():
    result = apply(ParamChange(divide=2, floor=8), 4)
    assert result is None or result <= 4


# --- degrade.plan_change: the whole action ------------------------------------------------


def action(name="shrink", **kwargs) -> DegradeAction:
    kwargs["params"] = {k: ParamChange(**v) for k, v in kwargs.get("params", {}).items()}
    return DegradeAction(name=name, **kwargs)


@pytest.mark.parametrize("act, params, variant, expected", [
    (action(params={"batch_size": {"divide": 2}}), {"batch_size": 64, "lr": 0.1}, None,
     Change("shrink", {"batch_size": 32}, None, ("batch_size 64 -> 32",))),
    (action(params={"batch_size": {"divide": 2}, "lr": {"multiply": 0.5}}), {"batch_size": 64, "lr": 0.25}, None,
     Change("shrink", {"batch_size": 32, "lr": 0.125}, None, ("batch_size 64 -> 32", "lr 0.25 -> 0.125"))),
    (action(params={"precision": {"set": "bf16"}}), {"precision": "fp32"}, None,
     Change("shrink", {"precision": "bf16"}, None, ("precision 'fp32' -> 'bf16'",))),
    (action(variant="small"), {}, None, Change("shrink", {}, "small", ("command variant default -> small",))),
    (action(variant="small"), {}, "medium", Change("shrink", {}, "small", ("command variant medium -> small",))),
    (action(params={"batch_size": {"divide": 2, "floor": 16}}, variant="small"), {"batch_size": 16}, None,
     Change("shrink", {}, "small", ("command variant default -> small",))),  # only what changes
    (action(params={"batch_size": {"divide": 2, "floor": 16}}), {"batch_size": 16}, None, None),  # at the floor
    (action(params={"batch_size": {"set": 16}}), {"batch_size": 16}, None, None),  # already so
    (action(params={"batch_size": {"choose": [32, 16]}}), {"batch_size": 16}, None, None),  # end of the list
    (action(variant="small"), {}, "small", None),  # already on that variant
    (action(params={"tag": {"divide": 2}}), {"tag": "x"}, None, None),  # cannot apply: nothing to do
])
def test_plan_change(act, params, variant, expected):
    assert plan_change(act, params, variant) == expected


def test_plan_change_does_not_touch_its_input():
    params = {"batch_size": 64}
    plan_change(action(params={"batch_size": {"divide": 2}}), params, None)
    assert params == {"batch_size": 64}


# --- through decide -------------------------------------------------------------------------

OOM_SPEC = """
name: oom
entities:
  a:
    params: {batch_size: 64, lr: 0.001}
    stages:
      train:
        run: python train.py --batch-size {batch_size} --lr {lr}
        variants:
          small: python train.py --small --batch-size {batch_size}
        degrade:
          cuda_oom:
            - {name: halve_batch, params: {batch_size: {divide: 2, floor: 16}}}
            - {name: small_model, variant: small}
      eval:
        needs: [train]
        run: python eval.py --batch-size {batch_size}
ladder:
  config: {retries: 0}
"""
RISK = "risk:a.train:cuda_oom"
OOM = LogLine(file="stderr", offset=0, text="torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB",
              rules=())


def locked(folder, text: str, decisions: dict[str, str] | None = None) -> RunState:
    """The initial state of a run locked from ``text`` with these answers (fork key -> answer)."""
    path = write_spec(folder, text)
    spec, _ = load_spec(path)
    keys = {f.key for f in derive(spec)}
    assert set(decisions or {}) <= keys, f"not forks of this spec: {set(decisions or {}) - keys}"
    return initial_state(RUN_ID, build_plan(spec, path, decisions), T0)


def begin(state: RunState) -> RunState:
    return launched(decide(state, observe(), T0).state)


def oom(state: RunState, now, sid: str = "a.train"):
    return decide(state, observe(**{sid: seen(exited(1), matches=[OOM])}), now)


def succeed(state: RunState, now, *sids: str):
    return decide(state, observe(**{sid: seen(exited(0), done_when=[ok_check()]) for sid in sids}), now)


def test_the_chosen_change_is_made_on_the_degrade_rung(tmp_path):
    state = begin(locked(tmp_path, OOM_SPEC, {RISK: "halve_batch"}))
    first = state.stage("a.train").current()
    assert first.command == "python train.py --batch-size 64 --lr 0.001"
    d = oom(state, at(60))
    stage = d.state.stage("a.train")
    assert stage.fault.label == "cuda_oom"
    assert stage.hold is None
    assert stage.degradations == [Degradation(attempt=1, action="halve_batch", changes=["batch_size 64 -> 32"],
                                              at=at(60))]
    assert stage.reason.startswith("degraded (halve_batch)")
    assert d.state.entities["a"].params == {"batch_size": 32, "lr": 0.001}
    assert d.state.plan.entities["a"].params["batch_size"] == 64  # the locked plan is what was planned
    # the next attempt runs at once, with the new value
    assert submits(d) == ["a.train"]
    assert stage.attempt == 2
    assert stage.current().command == "python train.py --batch-size 32 --lr 0.001"
    assert stage.attempts[0].command == "python train.py --batch-size 64 --lr 0.001"  # history is kept
    (ev,) = events_of(d, "degraded")
    assert ev["action"] == "halve_batch" and ev["changes"] == ["batch_size 64 -> 32"] and ev["attempt"] == 1
    assert "held" not in event_kinds(d)
    assert not [a for a in d.actions if isinstance(a, WriteAnalysis)]


def test_degrades_go_down_to_the_floor_then_hold(tmp_path):
    state = begin(locked(tmp_path, OOM_SPEC, {RISK: "halve_batch"}))
    state = launched(oom(state, at(60)).state)
    d = oom(state, at(120))
    assert d.state.entities["a"].params["batch_size"] == 16
    assert d.state.stage("a.train").current().command.startswith("python train.py --batch-size 16 ")
    d = oom(launched(d.state), at(180))  # 16 is the floor: nothing left to change
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD
    assert stage.hold.by == "ladder"
    assert "config/cuda_oom" in stage.reason
    assert [x.changes for x in stage.degradations] == [["batch_size 64 -> 32"], ["batch_size 32 -> 16"]]
    assert d.state.entities["a"].params["batch_size"] == 16
    assert submits(d) == []
    assert WriteAnalysis("a") in d.actions
    assert [a.n for a in stage.attempts] == [1, 2, 3]


def test_a_degraded_param_is_what_the_entitys_later_stages_run_with(tmp_path):
    state = begin(locked(tmp_path, OOM_SPEC, {RISK: "halve_batch"}))
    state = launched(oom(state, at(60)).state)
    d = succeed(state, at(120), "a.train")
    assert submits(d) == ["a.eval"]
    assert d.state.stage("a.eval").current().command == "python eval.py --batch-size 32"
    assert d.state.plan.entities["a"].stages["eval"].command == "python eval.py --batch-size 64"


@pytest.mark.parametrize("decisions", [{RISK: "hold"}, {}], ids=["hold", "default"])
def test_hold_as_the_answer_holds_after_the_first_oom(tmp_path, decisions):
    state = begin(locked(tmp_path, OOM_SPEC, decisions))
    assert state.plan.entities["a"].stages["train"].degrade == {}
    d = oom(state, at(60))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD
    assert stage.degradations == []
    assert d.state.entities["a"].params["batch_size"] == 64
    assert submits(d) == []
    assert events_of(d, "held") and not events_of(d, "degraded")


def test_a_variant_switch_changes_the_command_once(tmp_path):
    state = begin(locked(tmp_path, OOM_SPEC, {RISK: "small_model"}))
    d = oom(state, at(60))
    stage = d.state.stage("a.train")
    assert stage.variant == "small"
    assert stage.degradations[0].changes == ["command variant default -> small"]
    assert stage.current().command == "python train.py --small --batch-size 64"
    assert d.state.entities["a"].params["batch_size"] == 64
    assert effective_command(d.state, "a.train") == "python train.py --small --batch-size 64"
    d = oom(launched(d.state), at(120))  # already on the variant: nothing left to switch to
    assert d.state.stage("a.train").status == StageStatus.HELD
    assert len(d.state.stage("a.train").degradations) == 1


def test_a_degrade_keyed_by_fault_class_applies_to_its_labels(tmp_path):
    text = OOM_SPEC.replace("          cuda_oom:\n", "          config:\n")
    state = begin(locked(tmp_path, text, {"risk:a.train:config": "halve_batch"}))
    d = oom(state, at(60))
    assert d.state.entities["a"].params["batch_size"] == 32
    assert d.state.stage("a.train").degradations[0].action == "halve_batch"


def test_a_degrade_for_another_fault_is_not_used(tmp_path):
    text = OOM_SPEC.replace("          cuda_oom:\n", "          nccl_timeout:\n")
    state = begin(locked(tmp_path, text, {"risk:a.train:nccl_timeout": "halve_batch"}))
    d = oom(state, at(60))
    assert d.state.stage("a.train").status == StageStatus.HELD
    assert d.state.entities["a"].params["batch_size"] == 64


def test_a_pre_authorised_change_is_made_at_the_first_failure_whatever_budget_is_left(tmp_path):
    text = OOM_SPEC.replace("config: {retries: 0}", "config: {retries: 2, backoff: [0s]}")
    state = begin(locked(tmp_path, text, {RISK: "halve_batch"}))
    d = oom(state, at(60))  # attempt 1: no identical retry first, the change at once
    stage = d.state.stage("a.train")
    assert events_of(d, "degraded") and not events_of(d, "retry_scheduled")
    assert submits(d) == ["a.train"] and stage.attempt == 2
    assert stage.current().command == "python train.py --batch-size 32 --lr 0.001"
    assert stage.budget_used.get("config", 0) == 0  # a degrade spends no retry


def test_retry_first_spends_the_retries_before_the_change(tmp_path):
    text = OOM_SPEC.replace("config: {retries: 0}", "config: {retries: 1, backoff: [0s]}").replace(
        "floor: 16}}}", "floor: 16}}, retry_first: true}")
    state = begin(locked(tmp_path, text, {RISK: "halve_batch"}))
    assert state.plan.entities["a"].stages["train"].degrade["cuda_oom"].retry_first
    d = oom(state, at(60))  # attempt 1: the config retry, as asked
    assert events_of(d, "retry_scheduled") and not events_of(d, "degraded")
    assert d.state.entities["a"].params["batch_size"] == 64
    d = oom(launched(d.state), at(120))  # attempt 2: the same failure, the budget spent: the change
    assert events_of(d, "degraded") and d.state.entities["a"].params["batch_size"] == 32


def test_the_risk_fork_says_when_the_change_is_made(tmp_path):
    spec, _ = load_spec(write_spec(tmp_path, OOM_SPEC))
    (fork,) = [f for f in derive(spec) if f.key == RISK]
    assert "on the first such failure, before any retry" in fork.question
    spec, _ = load_spec(write_spec(tmp_path, OOM_SPEC.replace("floor: 16}}}", "floor: 16}}, retry_first: true}")
                                   .replace("variant: small}", "variant: small, retry_first: true}")))
    (fork,) = [f for f in derive(spec) if f.key == RISK]
    assert "its retries are spent" in fork.question and "once the retries are spent" in fork.question


def test_after_a_degrade_the_fingerprint_differs_so_the_repeat_rule_does_not_hold(tmp_path):
    text = OOM_SPEC.replace("config: {retries: 0}", "config: {retries: 2, backoff: [0s]}").replace(
        "variant: small}", "variant: small, retry_first: true}")
    state = begin(locked(tmp_path, text, {RISK: "small_model"}))
    d = oom(state, at(60))  # attempt 1: a config retry
    assert events_of(d, "retry_scheduled") and submits(d) == ["a.train"]
    d = oom(launched(d.state), at(120))  # attempt 2: the same failure twice: the degrade rung
    assert events_of(d, "degraded")
    d = oom(launched(d.state), at(180))  # attempt 3 ran something else: not a repeat, the budget decides
    stage = d.state.stage("a.train")
    one, two, three = stage.attempts[:3]
    assert one.fingerprint == two.fingerprint
    assert three.fingerprint != two.fingerprint
    assert stage.status != StageStatus.HELD
    assert events_of(d, "retry_scheduled") and submits(d) == ["a.train"]
    assert stage.budget_used["config"] == 2


# --- authorisation -----------------------------------------------------------------------------


def with_allow(text: str, *allowed: str) -> str:
    return text + f"authorization: {{allow: [{', '.join(allowed)}]}}\n"


def test_without_degrade_the_chosen_change_becomes_a_question(tmp_path):
    state = begin(locked(tmp_path, with_allow(OOM_SPEC, "submit", "resubmit", "cancel_hung"),
                         {RISK: "halve_batch"}))
    d = oom(state, at(60))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD
    assert "batch_size 64 -> 32" in stage.reason
    assert "degrade is not in authorization.allow" in stage.reason
    assert stage.degradations == []
    assert d.state.entities["a"].params["batch_size"] == 64
    assert submits(d) == [] and not events_of(d, "degraded")


RETRY_SPEC = """
name: retry
entities:
  a:
    stages:
      train:
        run: python train.py
        progress: {regex: 'step (?P<done>\\d+)', stall_after: 10m}
"""


@pytest.mark.parametrize("allowed, retried", [
    (("submit", "resubmit", "cancel_hung", "degrade"), True),
    (("submit", "cancel_hung", "degrade"), False),
])
def test_without_resubmit_a_due_retry_is_held(tmp_path, allowed, retried):
    state = begin(locked(tmp_path, with_allow(RETRY_SPEC, *allowed)))
    d = decide(state, observe(**{"a.train": seen(lost())}), at(60))  # transient: a retry is due
    stage = d.state.stage("a.train")
    if retried:
        assert events_of(d, "retry_scheduled") and submits(d) == ["a.train"]
        return
    assert stage.status == StageStatus.HELD
    assert "may not resubmit" in stage.reason and "--retry" in stage.reason
    assert submits(d) == [] and not events_of(d, "retry_scheduled")
    assert stage.budget_used == {}


@pytest.mark.parametrize("allowed, cancelled", [
    (("submit", "resubmit", "cancel_hung", "degrade"), True),
    (("submit", "resubmit", "degrade"), False),
])
def test_without_cancel_hung_a_hung_attempt_is_held_not_cancelled(tmp_path, allowed, cancelled):
    state = begin(locked(tmp_path, with_allow(RETRY_SPEC, *allowed)))
    state = decide(state, observe(**{"a.train": seen(running())}), at(60)).state
    assert state.stage("a.train").status == StageStatus.RUNNING
    d = decide(state, observe(**{"a.train": seen(running())}), at(minutes=12))
    stage = d.state.stage("a.train")
    if cancelled:
        assert cancels(d) == ["a.train"] and events_of(d, "hung")
        return
    assert cancels(d) == []
    assert stage.status == StageStatus.HELD
    assert stage.current().cancel is None
    assert "cancel_hung is not in authorization.allow" in stage.reason
    assert stage.fault.label == "hang"


def test_without_submit_the_first_attempt_waits_for_release_retry(tmp_path):
    state = locked(tmp_path, with_allow(OOM_SPEC, "resubmit", "cancel_hung", "degrade"))
    d = decide(state, observe(), T0)
    stage = d.state.stage("a.train")
    assert submits(d) == []
    assert stage.status == StageStatus.HELD and stage.attempt == 0
    assert "may not submit" in stage.reason and "release with --retry" in stage.reason
    assert [e["stage"] for e in events_of(d, "held")] == ["train"]
    d = decide(d.state, observe(), at(30))
    assert d.state.phase == Phase.BLOCKED and d.state.stage("a.eval").status == StageStatus.BLOCKED
    released = holds.release(d.state, "a", at(60), retry=True).state
    d = decide(released, observe(), at(60))
    assert submits(d) == ["a.train"]
    assert d.state.stage("a.train").attempt == 1
    # the next stage's first attempt asks again
    d = succeed(launched(d.state), at(120), "a.train")
    assert submits(d) == []
    assert d.state.stage("a.eval").status == StageStatus.HELD


def test_the_whitelist_is_locked_into_the_plan(tmp_path):
    state = locked(tmp_path, with_allow(OOM_SPEC, "submit"))
    assert state.plan.authorization == ["submit"]
    assert locked(tmp_path, OOM_SPEC).plan.authorization == ["submit", "resubmit", "cancel_hung", "degrade"]


# --- branch stages -------------------------------------------------------------------------------

BRANCH_SPEC = """
name: branch
entities:
  m:
    stages:
      eval: {run: python eval.py}
      big:
        needs: [eval]
        when: {metric: {file: out/eval.json, key: acc, op: '>=', value: 0.8}}
        run: python big.py
      small:
        needs: [eval]
        when: {metric: {file: out/eval.json, key: acc, op: '<', value: 0.8}}
        run: python small.py
      after_small: {run: python after.py, needs: [small]}
      report: {run: python report.py, needs: [big, small]}
"""
BRANCH = "branch:m:big,small"


def metric(folder, text: str | None) -> None:
    path = folder / "out" / "eval.json"
    path.parent.mkdir(exist_ok=True)
    if text is None:
        path.unlink(missing_ok=True)
    else:
        path.write_text(text)


def eval_done(folder, decisions=None) -> RunState:
    """The branch spec with m.eval succeeded: big and small wait for their condition."""
    state = begin(locked(folder, BRANCH_SPEC, decisions))
    assert submits(decide(state, observe(), at(1))) == []
    state = launched(succeed(state, at(60), "m.eval").state)
    assert state.stage("m.eval").status == StageStatus.SUCCEEDED
    return state


def branch_tick(state: RunState, folder, now):
    """A decide with the branch conditions observe would read from the run's folder."""
    return decide(state, Observations(when=_branch_conditions(state, str(folder))), now)


def test_a_branch_runs_when_its_condition_holds_and_the_other_is_skipped(tmp_path):
    state = eval_done(tmp_path)
    metric(tmp_path, json.dumps({"acc": 0.91}))
    d = branch_tick(state, tmp_path, at(120))
    assert submits(d) == ["m.big"]
    small = d.state.stage("m.small")
    assert small.status == StageStatus.SKIPPED and small.skipped_by == "branch"
    assert "does not hold" in small.reason and "value 0.91" in small.reason
    after = d.state.stage("m.after_small")  # it only follows the branch not taken
    assert after.status == StageStatus.SKIPPED and after.skipped_by == "branch"
    assert d.state.stage("m.report").status == StageStatus.PENDING  # waits for big
    assert [e["stage"] for e in events_of(d, "skipped")] == ["small", "after_small"]
    d = succeed(launched(d.state), at(180), "m.big")
    assert submits(d) == ["m.report"]  # a join of a taken and a skipped branch runs
    d = succeed(launched(d.state), at(240), "m.report")
    assert d.state.phase == Phase.COMPLETE


def test_the_other_way_round(tmp_path):
    state = eval_done(tmp_path)
    metric(tmp_path, json.dumps({"acc": 0.5}))
    d = branch_tick(state, tmp_path, at(120))
    assert submits(d) == ["m.small"]
    assert d.state.stage("m.big").status == StageStatus.SKIPPED
    d = succeed(launched(d.state), at(180), "m.small")
    assert sorted(submits(d)) == ["m.after_small", "m.report"]


def test_a_branch_waits_for_its_condition_to_be_looked_at(tmp_path):
    state = eval_done(tmp_path)
    metric(tmp_path, json.dumps({"acc": 0.91}))
    d = decide(state, observe(), at(120))  # nothing observed about the conditions yet
    assert submits(d) == []
    assert d.state.stage("m.big").status == StageStatus.PENDING
    assert d.state.stage("m.small").status == StageStatus.PENDING


def test_a_branch_whose_needs_finish_in_this_decision_asks_to_decide_again_at_once(tmp_path):
    state = begin(locked(tmp_path, BRANCH_SPEC))
    metric(tmp_path, json.dumps({"acc": 0.91}))
    assert not decide(state, observe(**{"m.eval": seen(running())}), at(30)).again  # nothing became ready
    d = succeed(state, at(60), "m.eval")  # eval succeeds in this decision: its branches were not looked at
    assert d.state.stage("m.eval").status == StageStatus.SUCCEEDED
    assert submits(d) == [] and d.again
    assert d.state.stage("m.big").status == StageStatus.PENDING
    again = branch_tick(launched(d.state), tmp_path, at(61))  # the same tick's second pass looks at them
    assert submits(again) == ["m.big"] and not again.again
    assert again.state.stage("m.small").status == StageStatus.SKIPPED
    # a tick whose budget ran out looks at nothing more: the next tick does
    partial = Observations(stages={"m.eval": seen(exited(0), done_when=[ok_check()])}, partial=True)
    d = decide(state, partial, at(60))
    assert d.state.stage("m.eval").status == StageStatus.SUCCEEDED and not d.again


@pytest.mark.parametrize("content, says", [
    (None, "file missing"),
    ("{not json", "unreadable JSON"),
    (json.dumps({"loss": 0.1}), "not in file"),
    (json.dumps({"acc": "high"}), "cannot compare"),
])
def test_a_metric_that_cannot_be_read_holds_the_branch_never_guesses(tmp_path, content, says):
    state = eval_done(tmp_path)
    metric(tmp_path, content)
    d = branch_tick(state, tmp_path, at(120))
    assert submits(d) == []
    for name in ("big", "small"):
        stage = d.state.stage(f"m.{name}")
        assert stage.status == StageStatus.HELD, name
        assert stage.hold.by == "ladder"
        assert stage.reason.startswith("cannot decide the branch: out/eval.json:acc")
        assert says in stage.reason
        assert stage.skipped_by is None
    assert WriteAnalysis("m") in d.actions
    d = branch_tick(d.state, tmp_path, at(180))  # a held branch is not looked at again
    assert submits(d) == [] and d.state.stage("m.big").status == StageStatus.HELD
    assert d.state.stage("m.report").status == StageStatus.BLOCKED


@pytest.mark.parametrize("content", [json.dumps({"acc": 0.91}), None], ids=["metric-says-big", "no-metric"])
def test_a_branch_forced_at_plan_time_ignores_the_metric(tmp_path, content):
    metric(tmp_path, content)
    state = begin(locked(tmp_path, BRANCH_SPEC, {BRANCH: "small"}))
    planned = state.plan.entities["m"].stages
    assert (planned["big"].branch, planned["small"].branch) == ("skip", "take")
    d = succeed(state, at(60), "m.eval")  # no condition to look at: it starts as soon as eval is done
    assert submits(d) == ["m.small"]
    big = d.state.stage("m.big")
    assert big.status == StageStatus.SKIPPED and big.skipped_by == "branch"
    assert big.reason == "the owner chose another branch at plan time"
    assert d.state.stage("m.after_small").status == StageStatus.PENDING


def test_the_metric_answer_is_the_default(tmp_path):
    for decisions in ({}, {BRANCH: "metric"}):
        planned = locked(tmp_path, BRANCH_SPEC, decisions).plan.entities["m"].stages
        assert (planned["big"].branch, planned["small"].branch) == ("metric", "metric")
        assert planned["big"].when.metric.file == "out/eval.json"


# --- cross-dependencies, resources, outputs --------------------------------------------------------

CROSS_SPEC = """
name: cross
entities:
  a:
    stages:
      train: {run: python train.py, expected: 6h}
  b:
    stages:
      eval: {run: python eval.py, needs: [a.train]}
"""


@pytest.mark.parametrize("answer, started", [("wait", ["a.train"]), ("go", ["a.train", "b.eval"])])
def test_a_cross_dependency_answered_go_is_not_waited_for(tmp_path, answer, started):
    state = locked(tmp_path, CROSS_SPEC, {"cross:b.eval:a.train": answer})
    assert state.plan.entities["b"].stages["eval"].needs == ([] if answer == "go" else ["a.train"])
    assert submits(decide(state, observe(), T0)) == started


def test_a_cross_dependency_left_to_wait_is_blocked_by_a_held_need(tmp_path):
    state = begin(locked(tmp_path, CROSS_SPEC + "ladder: {unknown: {retries: 0}}\n"))
    d = decide(state, observe(**{"a.train": seen(exited(3))}), at(60))
    assert d.state.stage("a.train").status == StageStatus.HELD
    assert d.state.stage("b.eval").status == StageStatus.BLOCKED


def test_a_resource_fork_answered_hold_starts_the_stage_held(tmp_path):
    state = locked(tmp_path, CROSS_SPEC, {"resource:a.train": "hold"})
    stage = state.stage("a.train")
    assert stage.status == StageStatus.HELD and stage.hold.by == "human"
    assert "at plan time" in stage.hold.reason
    d = decide(state, observe(), T0)
    assert submits(d) == []
    assert d.state.phase == Phase.BLOCKED
    released = holds.release(d.state, "a", at(60)).state  # a human hold: no --retry needed
    assert submits(decide(released, observe(), at(60))) == ["a.train"]


def test_a_resource_fork_answered_go_starts_at_once(tmp_path):
    state = locked(tmp_path, CROSS_SPEC, {"resource:a.train": "go"})
    assert state.stage("a.train").status == StageStatus.PENDING
    assert submits(decide(state, observe(), T0)) == ["a.train"]


OUTPUT_SPEC = """
name: out
entities:
  a:
    stages:
      train:
        run: python train.py
        output: {path: 'out/{entity}/model.ckpt'}
"""


def test_an_output_destination_is_copied_to_when_the_stage_succeeds(tmp_path):
    state = begin(locked(tmp_path, OUTPUT_SPEC, {"output:a.train": "/data/keep/{entity}"}))
    assert state.plan.entities["a"].stages["train"].output.destination == "/data/keep/a"
    d = decide(state, observe(**{"a.train": seen(exited(0))}), at(60))
    assert CopyOutput("a.train", "out/a/model.ckpt", "/data/keep/a") in d.actions


@pytest.mark.parametrize("decisions", [{"output:a.train": "keep"}, {}], ids=["keep", "default"])
def test_an_output_kept_in_place_is_not_copied(tmp_path, decisions):
    state = begin(locked(tmp_path, OUTPUT_SPEC, decisions))
    assert state.plan.entities["a"].stages["train"].output.destination is None
    d = decide(state, observe(**{"a.train": seen(exited(0))}), at(60))
    assert not [a for a in d.actions if isinstance(a, CopyOutput)]


def test_a_failed_stage_copies_nothing(tmp_path):
    state = begin(locked(tmp_path, OUTPUT_SPEC, {"output:a.train": "/data/keep"}))
    d = decide(state, observe(**{"a.train": seen(exited(1))}), at(60))
    assert not [a for a in d.actions if isinstance(a, CopyOutput)]
    assert [a for a in d.actions if isinstance(a, Submit)]  # an unknown fault is retried once
