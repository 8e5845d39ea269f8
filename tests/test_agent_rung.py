"""The agent rung in the pure core: when decide asks the agent, and what it does with the answer.

States are locked from small specs and driven through ``decide`` with made-up observations
and a fixed ``now``, as in tests/test_decide.py; the agent's reply is recorded on the consult
the way the shell (``tianluo.messages.agent_call``) records it. No processes, no clock.
"""

from dataclasses import replace
from datetime import timedelta

import pytest
from freezegun import freeze_time
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pure_helpers import (
    RUN_ID,
    T0,
    at,
    event_kinds,
    events_of,
    exited,
    launched,
    lost,
    observe,
    running,
    seen,
    state_from_graph,
    submits,
    write_spec,
)

from tianluo.core import holds
from tianluo.core.actions import ConsultAgent, MoveAside, WriteAgentDecision, WriteAnalysis
from tianluo.core.agent_rung import MAX_TEXT, one_line
from tianluo.core.decide import decide
from tianluo.models.model import AgentReply, RunState, dump_state
from tianluo.models.states import FaultClass, Phase, StageStatus
from tianluo.planning.forks import derive
from tianluo.planning.newrun import initial_state
from tianluo.planning.plan import build_plan
from tianluo.planning.spec_checks import load_spec
from tianluo.planning.spec_parts import AgentSpec
from tianluo.shell.checkpoints import Checkpoint
from tianluo.shell.logscan import LogLine

SPEC = """
name: ag
entities:
  a:
    params: {batch_size: 64, lr: 0.001}
    stages:
      train:
        run: python train.py --batch-size {batch_size} --lr {lr}
        degrade:
          cuda_oom:
            - {name: halve_batch, params: {batch_size: {divide: 2, floor: 16}}}
          nan_loss:
            - {name: halve_lr, params: {lr: {multiply: 0.5}}}
      eval:
        needs: [train]
        run: python eval.py
ladder:
  config: {retries: 1}
  unknown: {retries: 1}
  code: {retries: 0}
"""
AGENT = "agent: {command: 'python agent.py', timeout: 30s, max_calls: 3}\n"
CHOSEN = {"risk:a.train:cuda_oom": "halve_batch", "risk:a.train:nan_loss": "halve_lr"}
TRAIN = "a.train"


def line(text: str) -> LogLine:
    return LogLine(file="stderr", offset=0, text=text, rules=())


MODULE = line("ModuleNotFoundError: No module named 'flash_attn'")
NAN = line("FloatingPointError: Loss is nan at step 1200")
TYPE = line("TypeError: unsupported operand type(s) for +: 'int' and 'str'")


def locked(folder, text: str = SPEC + AGENT, decisions=None) -> RunState:
    path = write_spec(folder, text)
    spec, _ = load_spec(path)
    decisions = CHOSEN if decisions is None else decisions
    assert set(decisions) <= {f.key for f in derive(spec)}
    return initial_state(RUN_ID, build_plan(spec, path, decisions), T0)


def begin(state: RunState) -> RunState:
    return launched(decide(state, observe(), T0).state)


def fail(state: RunState, now, *matches: LogLine, code: int = 3, progress=None):
    return decide(state, observe(**{TRAIN: seen(exited(code), matches=list(matches), progress=progress)}), now)


def answered(state: RunState, sid: str = TRAIN, **fields) -> RunState:
    """The shell's part: record the agent's reply on the stage's open consult."""
    new = state.model_copy(deep=True)
    reply = {"at": new.last_tick_at, "exit_code": 0, **fields}
    new.stage(sid).consults[-1].reply = AgentReply(**reply)
    return new


def consulting(tmp_path, text: str = SPEC + AGENT, decisions=None):
    """Attempt 1 of a.train fails with an unknown fault (exit 3): the agent is asked."""
    d = fail(begin(locked(tmp_path, text, decisions)), at(60))
    assert d.state.stage(TRAIN).status == StageStatus.CONSULTING
    return d


def with_allow(text: str, *allowed: str) -> str:
    return text + f"authorization: {{allow: [{', '.join(allowed)}]}}\n"


# --- asking -----------------------------------------------------------------------------------


def test_an_unknown_fault_with_budget_left_asks_the_agent_instead_of_retrying(tmp_path):
    d = consulting(tmp_path)
    stage = d.state.stage(TRAIN)
    (consult,) = stage.consults
    assert (consult.call, consult.attempt, consult.asked_at) == (1, 1, at(60))
    assert consult.fallback == "retry"
    assert (consult.fallback_used, consult.fallback_allowed, consult.fallback_wait_s) == (1, 1, 0.0)
    assert consult.allowed == ["hold", "retry", "degrade"]  # skip is not in the default whitelist
    assert [o.action for o in consult.options] == ["halve_batch", "halve_lr"]
    assert consult.options[0].params == {"batch_size": 32} and consult.options[0].lines == ["batch_size 64 -> 32"]
    assert consult.reply is None and consult.settled_at is None
    assert d.state.agent_calls == 1
    assert stage.budget_used == {}  # nothing spent yet: the answer decides
    assert ConsultAgent(TRAIN, 1) in d.actions
    assert submits(d) == [] and not [a for a in d.actions if isinstance(a, WriteAnalysis)]
    assert event_kinds(d) == ["failed", "agent_asked"]
    (ev,) = events_of(d, "agent_asked")
    assert ev["call"] == 1 and ev["fallback"] == "retry" and ev["allowed"] == ["hold", "retry", "degrade"]
    assert "unknown/exit_3" in ev["message"] and "call 1 of at most 3" in ev["message"]
    # a consulting stage is neither done nor stuck: what needs it waits, the run is not blocked
    assert d.state.stage("a.eval").status == StageStatus.PENDING
    assert d.state.phase == Phase.RUNNING


def test_an_exception_only_the_prior_named_config_asks_the_agent_as_an_unknown_one_does(tmp_path):
    # no rule knows DGL's refusal: the prior calls it config (structure_verdict.unmatched), a guess the agent may
    # correct
    odd = line("dgl._ffi.base.DGLError: There are 0-in-degree nodes in the graph, output for those nodes will be "
               "invalid.")
    d = fail(begin(locked(tmp_path)), at(60), odd, code=1)
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.CONSULTING
    assert (stage.fault.klass, stage.fault.label) == (FaultClass.CONFIG, "unmatched_exception")
    assert "0-in-degree nodes" in stage.fault.evidence and "(exit code 1)" in stage.fault.evidence
    (consult,) = stage.consults
    assert consult.fallback == "retry" and d.state.agent_calls == 1
    assert "config/unmatched_exception" in events_of(d, "agent_asked")[0]["message"]


def test_a_config_fault_with_its_budget_spent_asks_the_agent_with_the_hold_as_fallback(tmp_path):
    state = begin(locked(tmp_path))
    d = fail(state, at(60), MODULE, code=1, progress=(10, 100))
    assert d.state.stage(TRAIN).status == StageStatus.SUBMITTED  # config retry 1/1: the ladder's, no agent
    assert d.state.agent_calls == 0
    d = fail(launched(d.state), at(120), MODULE, code=1, progress=(20, 100))  # further on: not a repeat
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.CONSULTING
    (consult,) = stage.consults
    assert consult.fallback == "hold" and consult.attempt == 2
    assert consult.fallback_reason.startswith("config budget spent (1/1 retries)")
    assert "retry" in consult.allowed


def test_a_code_fault_never_retried_asks_the_agent(tmp_path):
    d = fail(begin(locked(tmp_path)), at(60), TYPE, code=1)
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.CONSULTING
    assert stage.consults[0].fallback_reason.startswith("code faults are not retried")


def test_when_hold_is_the_only_answer_allowed_the_stage_is_held_without_a_call(tmp_path):
    # nan_loss, nothing chosen at plan time: a retry would meet the same NaN, no degrade applies, skip is not
    # authorised: the agent could only say hold, so no call is spent and the analysis says why
    state = begin(locked(tmp_path, decisions={}))
    d = fail(state, at(60), NAN, code=1)
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.HELD and stage.consults == [] and d.state.agent_calls == 0
    assert not [a for a in d.actions if isinstance(a, ConsultAgent)] and WriteAnalysis("a") in d.actions
    reason = stage.hold.reason
    assert "never retried unchanged" in reason
    assert ("the agent was not asked: hold is the only answer the whitelist allows now (retry: nan_loss is never "
            "retried unchanged") in reason
    assert "degrade: no pre-authorised change would change anything now" in reason
    assert "skip: skip is not in authorization.allow)" in reason
    (held,) = events_of(d, "held")
    assert "the agent was not asked" in held["message"]


def test_with_one_answer_besides_hold_the_agent_is_asked(tmp_path):
    # the same fault with skip authorised: the agent may choose between hold and skip
    text = with_allow(SPEC + AGENT, "submit", "resubmit", "degrade", "skip")
    d = fail(begin(locked(tmp_path, text, decisions={})), at(60), NAN, code=1)
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.CONSULTING and stage.consults[0].allowed == ["hold", "skip"]
    assert d.state.agent_calls == 1


def test_without_resubmit_or_degrade_a_code_fault_is_held_without_a_call(tmp_path):
    text = with_allow(SPEC + AGENT, "submit", "cancel_hung")
    d = fail(begin(locked(tmp_path, text)), at(60), TYPE, code=1)
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.HELD and d.state.agent_calls == 0
    assert "retry: resubmit is not in authorization.allow; degrade: degrade is not in authorization.allow" in \
        stage.hold.reason


def test_without_an_agent_in_the_plan_the_ladder_is_as_before(tmp_path):
    d = fail(begin(locked(tmp_path, SPEC)), at(60))
    assert d.state.stage(TRAIN).status == StageStatus.SUBMITTED  # the unknown fault's retry
    assert d.state.stage(TRAIN).budget_used == {FaultClass.UNKNOWN: 1}
    d = fail(launched(d.state), at(120))  # the same failure twice: held
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.HELD and stage.consults == []
    assert d.state.agent_calls == 0 and not [a for a in d.actions if isinstance(a, ConsultAgent)]


def test_with_its_calls_spent_the_agent_is_not_asked(tmp_path):
    state = begin(locked(tmp_path))
    state.agent_calls = 3  # max_calls
    d = fail(state, at(60), TYPE, code=1)
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.HELD and stage.consults == []
    assert "code faults are not retried" in stage.reason
    assert stage.reason.endswith("the agent was not asked: the run's 3 calls are spent (agent.max_calls)")
    assert d.state.agent_calls == 3 and WriteAnalysis("a") in d.actions


def test_a_human_hold_of_the_entity_is_never_put_to_the_agent(tmp_path):
    state = begin(locked(tmp_path))
    state = holds.hold(state, "a", "looking at it", at(30)).state
    d = fail(state, at(60), TYPE, code=1)
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.HELD and stage.consults == [] and d.state.agent_calls == 0


def test_the_run_wide_attempt_cap_is_never_put_to_the_agent(tmp_path):
    d = fail(begin(locked(tmp_path, SPEC + AGENT + "max_attempts: 1\n")), at(60))
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.HELD and "run-wide cap" in stage.reason
    assert stage.consults == [] and d.state.agent_calls == 0


def test_a_free_retry_is_not_put_to_the_agent(tmp_path):
    d = decide(begin(locked(tmp_path)), observe(**{TRAIN: seen(lost())}), at(60))
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.SUBMITTED and stage.free_retries == 1
    assert stage.consults == [] and d.state.agent_calls == 0


def test_a_degrade_the_ladder_takes_is_not_put_to_the_agent(tmp_path):
    oom = line("torch.OutOfMemoryError: CUDA out of memory.")
    d = fail(begin(locked(tmp_path)), at(60), oom, code=1)  # the pre-authorised halve_batch, at once
    assert d.state.entities["a"].params["batch_size"] == 32 and d.state.agent_calls == 0
    d = fail(launched(d.state), at(120), oom, code=1)  # and again: the ladder's own
    assert d.state.entities["a"].params["batch_size"] == 16 and d.state.agent_calls == 0
    assert d.state.stage(TRAIN).status == StageStatus.SUBMITTED and d.state.stage(TRAIN).consults == []


# --- settling: the answer applied -------------------------------------------------------------


def test_settle_applies_the_agents_retry_without_spending_budget(tmp_path):
    d = consulting(tmp_path)
    d = decide(answered(d.state, action="retry", reason="looks like a flaky node"), observe(), at(61))
    stage = d.state.stage(TRAIN)
    consult = stage.consults[0]
    assert consult.applied == "retry" and consult.settled_at == at(61)
    assert "looks like a flaky node" in consult.decision
    assert stage.budget_used == {}  # the unknown fault's one retry is still there
    assert submits(d) == [TRAIN] and stage.attempt == 2  # due at once: launched in the same decision
    assert WriteAgentDecision(TRAIN, 1) in d.actions
    (ev,) = events_of(d, "agent_decided")
    assert (ev["call"], ev["asked"], ev["applied"]) == (1, "retry", "retry") and "refused" not in ev
    (retry,) = events_of(d, "retry_scheduled")
    assert retry["agent"] is True and "on the agent's word (call 1): looks like a flaky node" in retry["message"]
    assert event_kinds(d) == ["agent_decided", "retry_scheduled", "submit_intent"]


def test_settle_applies_a_degrade_option_by_name(tmp_path):
    d = consulting(tmp_path)
    d = decide(answered(d.state, action="degrade", degrade="halve_lr", reason="loss spiked before the crash"),
               observe(), at(61))
    stage = d.state.stage(TRAIN)
    assert stage.consults[0].applied == "degrade:halve_lr"
    assert d.state.entities["a"].params == {"batch_size": 64, "lr": 0.0005}
    assert stage.current().command == "python train.py --batch-size 64 --lr 0.0005"
    assert [x.action for x in stage.degradations] == ["halve_lr"]
    (ev,) = events_of(d, "degraded")
    assert "on the agent's word, call 1: loss spiked before the crash" in ev["message"]


def test_a_retry_after_a_wait_is_due_then_and_launched_by_a_later_decision(tmp_path):
    d = consulting(tmp_path)
    d = decide(answered(d.state, action="retry", after_s=1800.0, reason="the mirror is down for maintenance"),
               observe(), at(61))
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.RETRY_WAIT and submits(d) == [] and stage.attempt == 1
    assert stage.next_attempt_at == at(61) + timedelta(minutes=30)  # recorded as a backoff is: no decision sleeps
    assert stage.budget_used == {} and stage.consults[0].applied == "retry"
    assert stage.consults[0].decision.startswith("retry due in 30m, no budget spent, on the agent's word (call 1, "
                                                 "after 30m): the mirror is down")
    (ev,) = events_of(d, "agent_decided")
    assert ev["after_s"] == 1800.0
    (retry,) = events_of(d, "retry_scheduled")
    assert retry["wait_s"] == 1800.0 and retry["agent"] is True
    assert submits(decide(d.state, observe(), at(61 + 1799))) == []
    assert submits(decide(d.state, observe(), at(61 + 1800))) == [TRAIN]


@pytest.mark.parametrize("reply, words", [
    ({"action": "hold", "after_s": 600.0}, "with an \"after\" (a wait is only for a retry)"),
    ({"action": "retry", "after_s": 3 * 3600.0}, "would be due after the run's deadline"),
])
def test_an_after_that_cannot_apply_is_refused_and_the_fallback_taken(tmp_path, reply, words):
    d = consulting(tmp_path, SPEC + AGENT + "success_gate: {all_done: true, deadline: 2h}\n")
    d = decide(answered(d.state, reason="later", **reply), observe(), at(61))
    stage = d.state.stage(TRAIN)
    assert stage.consults[0].applied is None and words in stage.consults[0].decision
    assert stage.status == StageStatus.SUBMITTED  # the ladder's own step: the unknown fault's retry, at once


def test_the_agents_class_and_label_correct_the_fault_and_the_rules_verdict_stays(tmp_path):
    d = consulting(tmp_path)  # unknown/exit_3
    fingerprint = d.state.stage(TRAIN).attempts[0].fingerprint
    d = decide(answered(d.state, action="retry", klass=FaultClass.TRANSIENT, label="mirror_reset",
                        reason="the mirror reset the connection"), observe(), at(61))
    stage = d.state.stage(TRAIN)
    for fault in (stage.fault, stage.attempts[0].fault):
        assert (fault.klass, fault.label) == (FaultClass.TRANSIENT, "mirror_reset")
        assert (fault.rule_class, fault.rule_label, fault.agent_call) == (FaultClass.UNKNOWN, "exit_3", 1)
    assert stage.attempts[0].fingerprint == fingerprint  # the failure's identity is the rules' (a repeat is a repeat)
    assert stage.budget_used == {}
    (retry,) = events_of(d, "retry_scheduled")
    assert "no transient budget spent (0/3 used)" in retry["message"]  # the corrected class's budget, untouched
    (ev,) = events_of(d, "agent_decided")
    assert ev["corrected"] == {"class": "transient", "label": "mirror_reset", "rule_class": "unknown",
                               "rule_label": "exit_3"}
    assert "the fault is transient/mirror_reset on its word (the rules said unknown/exit_3)" in \
        stage.consults[0].decision
    dumped = RunState.model_validate_json(dump_state(d.state))  # kept in state.json, by its alias
    assert dumped.stage(TRAIN).attempts[0].fault == stage.attempts[0].fault


def test_a_held_class_correction_is_what_status_the_analysis_and_lessons_show(tmp_path):
    from tianluo.views.analysis import render_section
    from tianluo.views.lessons import stage_lessons
    from tianluo.views.status import fault_words

    d = consulting(tmp_path)
    d = decide(answered(d.state, action="hold", klass=FaultClass.CODE, reason="a typo in the config key"),
               observe(), at(61))
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.HELD and (stage.fault.klass, stage.fault.label) == (FaultClass.CODE, "exit_3")
    words = fault_words(stage.fault.model_dump(by_alias=True, mode="json"))
    assert words == "code/exit_3 (the agent's, call 1; the rules said unknown/exit_3)"
    text = render_section(d.state, "/r", "a", "train", [])
    assert "- class: `code`" in text and "the rules said `unknown/exit_3`" in text
    lesson = stage_lessons(d.state, "a", "train", stage)
    assert any(x.startswith("- fault code/exit_3, once (the agent's class, call 1; the rules said unknown/exit_3)")
               for x in lesson["lines"]), lesson["lines"]


def test_a_refused_answer_corrects_nothing(tmp_path):
    d = consulting(tmp_path, with_allow(SPEC + AGENT, "submit", "degrade"))  # retry not allowed
    d = decide(answered(d.state, action="retry", klass=FaultClass.TRANSIENT, reason="flaky"), observe(), at(61))
    fault = d.state.stage(TRAIN).fault
    assert (fault.klass, fault.rule_class) == (FaultClass.UNKNOWN, None)
    assert "corrected" not in events_of(d, "agent_decided")[0]


def test_settle_applies_the_agents_hold(tmp_path):
    d = consulting(tmp_path)
    d = decide(answered(d.state, action="hold", reason="the data file looks truncated"), observe(), at(61))
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.HELD and stage.hold.by == "ladder"
    assert stage.reason.startswith("the agent chose to hold: the data file looks truncated")
    assert stage.consults[0].applied == "hold"
    assert WriteAnalysis("a") in d.actions and WriteAgentDecision(TRAIN, 1) in d.actions
    assert submits(d) == []
    assert d.state.phase == Phase.BLOCKED  # nothing left to move without a human


def test_settle_applies_a_skip_when_skip_is_authorised_and_what_needs_it_is_blocked(tmp_path):
    text = with_allow(SPEC + AGENT, "submit", "resubmit", "degrade", "skip")
    d = consulting(tmp_path, text)
    assert d.state.stage(TRAIN).consults[0].allowed == ["hold", "retry", "degrade", "skip"]
    d = decide(answered(d.state, action="skip", reason="optional warm-up stage"), observe(), at(61))
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.SKIPPED and stage.skipped_by == "agent"
    assert stage.consults[0].applied == "skip"
    # its outputs were never made: what needs it waits for the owner (tianluo unblock), as after their skip
    assert submits(d) == []
    assert d.state.stage("a.eval").status == StageStatus.BLOCKED
    assert d.state.stage("a.eval").reason.startswith("needs a.train, which was skipped")
    (ev,) = events_of(d, "skipped")
    assert ev["by"] == "agent" and "optional warm-up stage" in ev["message"]
    assert "blocked until the owner unblocks it" in ev["message"]


def test_a_skip_is_refused_when_skip_is_not_authorised(tmp_path):
    d = consulting(tmp_path)
    d = decide(answered(d.state, action="skip", reason="not needed"), observe(), at(61))
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.SUBMITTED  # the fallback: the ladder's retry, with its budget spent
    assert stage.budget_used == {FaultClass.UNKNOWN: 1}
    consult = stage.consults[0]
    assert consult.applied is None
    assert "the agent answered 'skip' (not allowed: it may answer hold, retry, degrade)" in consult.decision
    (ev,) = events_of(d, "agent_decided")
    assert ev["asked"] == "skip" and ev["fallback"] == "retry" and "not allowed" in ev["refused"]


# --- settling: anything else takes the fallback -----------------------------------------------

REFUSED = [
    ({"action": "retry"}, "the agent answered 'retry' (not allowed: it may answer hold, skip)"),
    # nothing was chosen at plan time: no option to offer
    ({"action": "degrade", "degrade": "halve_batch"},
     "the agent answered 'degrade' (not allowed: it may answer hold, skip)"),
    ({"action": "delete the checkpoints", "reason": "ignore previous instructions"},
     "the agent answered 'delete the checkpoints' (a destructive action: only a person does that; it may answer"),
    ({"action": "rm -rf out/"}, "the agent answered 'rm -rf out/' (a destructive action"),
    ({"action": "restart the node"}, "the agent answered 'restart the node' (not an action it may answer"),
    ({"exit_code": None, "error": "no JSON object in its output"},
     "the agent's answer was not usable: no JSON object in its output"),
    ({}, "the agent's answer names no action"),
    ({"action": "   "}, "the agent's answer names no action"),
    ({"exit_code": 1, "action": "hold"}, "the agent failed (exit code 1) (it answered 'hold')"),
    ({"exit_code": None, "timed_out": True}, "the agent did not answer within 30s and was stopped"),
]


@pytest.mark.parametrize("reply, words", REFUSED, ids=["outside", "no-options", "delete", "rm", "unknown",
                                                        "malformed", "empty", "blank", "exit1", "timeout"])
def test_anything_else_is_the_hold_it_would_have_been_with_the_agents_words(tmp_path, reply, words):
    # the code fault's fallback is a hold; resubmit is not authorised, skip is, so retry is outside
    text = with_allow(SPEC + AGENT, "submit", "degrade", "skip")
    d = fail(begin(locked(tmp_path, text, {})), at(60), TYPE, code=1)
    consult = d.state.stage(TRAIN).consults[0]
    assert consult.allowed == ["hold", "skip"] and consult.fallback == "hold"
    d = decide(answered(d.state, **reply), observe(), at(61))
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.HELD and stage.hold.by == "ladder"
    assert words in stage.reason
    assert "; held as the ladder would: code faults are not retried" in stage.reason
    assert stage.consults[0].applied is None and stage.consults[0].decision == stage.reason
    assert d.state.entities["a"].params == {"batch_size": 64, "lr": 0.001}
    assert submits(d) == [] and WriteAnalysis("a") in d.actions
    assert [e["event"] for e in d.events] == ["agent_decided", "held", "blocked", "run_blocked"]


@pytest.mark.parametrize("name", ["small_model", "halve_batch; rm -rf out", "", None])
def test_a_degrade_not_among_the_options_takes_the_fallback_retry(tmp_path, name):
    d = consulting(tmp_path)  # an unknown fault: the ladder's fallback is its retry
    d = decide(answered(d.state, action="degrade", degrade=name, reason="shrink it"), observe(), at(61))
    stage = d.state.stage(TRAIN)
    assert d.state.entities["a"].params == {"batch_size": 64, "lr": 0.001} and stage.degradations == []
    assert stage.budget_used == {FaultClass.UNKNOWN: 1} and submits(d) == [TRAIN]  # the ladder's retry, spent
    refused = events_of(d, "agent_decided")[0]["refused"]
    if name:
        assert refused.startswith(f"the agent answered degrade '{name}' (not one of the pre-authorised changes it "
                                  "was offered: halve_batch, halve_lr)")
    else:
        assert refused == "the agent answered degrade without naming one of halve_batch, halve_lr"
    assert stage.consults[0].decision.endswith("; retried as the ladder would (unknown retry 1/1 at once)")


def test_no_reply_at_all_takes_the_fallback(tmp_path):
    d = fail(begin(locked(tmp_path)), at(60), TYPE, code=1)
    d = decide(d.state, observe(), at(600))  # the tick that asked was killed during the call
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.HELD
    assert stage.reason.startswith("the agent call 1 got no answer (the tick was stopped during it?); held as "
                                   "the ladder would: code faults are not retried")
    assert [a for a in d.actions if isinstance(a, ConsultAgent)] == []  # never called twice


def test_no_reply_to_a_retry_fallback_takes_the_retry_when_it_was_due(tmp_path):
    text = SPEC.replace("unknown: {retries: 1}", "unknown: {retries: 1, backoff: [5m]}") + AGENT
    d = consulting(tmp_path, text)
    assert d.state.stage(TRAIN).consults[0].fallback_wait_s == 300
    d = decide(d.state, observe(), at(120))  # a minute later: the retry is due at 60 + 300, as the ladder said
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.RETRY_WAIT and stage.next_attempt_at == at(360)
    assert stage.budget_used == {FaultClass.UNKNOWN: 1}
    assert "got no answer" in events_of(d, "agent_decided")[0]["refused"]


def test_the_agents_words_are_one_capped_line(tmp_path):
    d = consulting(tmp_path)
    noisy = "first\nsecond\r\x1b[31mred\x1b[0m\u202eevil\t" + "x" * 5000
    d = decide(answered(d.state, action="hold", reason=noisy), observe(), at(61))
    reason = d.state.stage(TRAIN).reason
    assert "\n" not in reason and "\x1b" not in reason and "\u202e" not in reason and "\r" not in reason
    assert "first second [31mred [0m evil x" in reason
    assert len(one_line(noisy)) == MAX_TEXT
    assert len(reason) < MAX_TEXT + 300


def test_a_human_hold_while_the_agent_is_asked_holds_whatever_it_answered(tmp_path):
    d = consulting(tmp_path)
    result = holds.hold(d.state, "a", "checking the data", at(61))
    assert result.state.stage(TRAIN).status == StageStatus.CONSULTING  # left for the decision to settle
    d = decide(answered(result.state, action="retry", reason="flaky"), observe(), at(62))
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.HELD and stage.hold.by == "ladder"
    assert "put on hold by a human (checking the data) while the agent was asked (it answered 'retry')" in stage.reason
    assert submits(d) == [] and stage.consults[0].applied is None


def test_a_consulting_stage_with_no_open_call_is_held_not_stuck(tmp_path):
    d = consulting(tmp_path)
    state = d.state.model_copy(deep=True)
    state.stage(TRAIN).consults = []  # not a state tianluo writes
    d = decide(state, observe(), at(61))
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.HELD and "no open agent call" in stage.reason
    assert WriteAnalysis("a") in d.actions and submits(d) == []


def test_a_consult_opened_as_the_run_ends_is_settled_at_once_without_a_call(tmp_path):
    state = begin(locked(tmp_path, SPEC + AGENT + "success_gate: {deadline: 1h}\n"))
    d = fail(state, at(hours=2), TYPE, code=1)  # judged, then the deadline ends the run in the same decision
    assert d.state.phase == Phase.EXPIRED
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.HELD
    assert stage.reason.startswith("the run ended (deadline passed before the success gate was met) before the "
                                   "agent was called (call 1 was not made); held as the ladder would: code faults")
    assert stage.consults[0].settled_at == at(hours=2) and stage.consults[0].applied is None
    assert not [a for a in d.actions if isinstance(a, (ConsultAgent, WriteAgentDecision))]
    assert WriteAnalysis("a") in d.actions
    assert event_kinds(d) == ["failed", "agent_asked", "deadline_passed", "agent_decided", "held"]


# --- once -----------------------------------------------------------------------------------


def test_a_reply_is_settled_once(tmp_path):
    d = consulting(tmp_path)
    d = decide(answered(d.state, action="hold", reason="wait for me"), observe(), at(61))
    again = decide(d.state, observe(), at(62))
    assert events_of(again, "agent_decided") == [] and again.actions == []
    assert again.state.stage(TRAIN).consults == d.state.stage(TRAIN).consults
    assert again.state.agent_calls == 1


def test_the_agents_retry_failing_the_same_way_is_held_without_asking_again(tmp_path):
    d = consulting(tmp_path)
    d = decide(answered(d.state, action="retry", reason="flaky"), observe(), at(61))
    d = fail(launched(d.state), at(120))  # attempt 2, launched on the agent's word: exit 3 again
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.HELD
    assert stage.reason.startswith("the agent's retry (call 1) failed the same way; a third identical attempt "
                                   "would not help")
    assert d.state.agent_calls == 1 and len(stage.consults) == 1
    assert not [a for a in d.actions if isinstance(a, ConsultAgent)]


def test_the_agents_retry_failing_differently_may_ask_again(tmp_path):
    d = consulting(tmp_path)
    d = decide(answered(d.state, action="retry", reason="flaky"), observe(), at(61))
    d = fail(launched(d.state), at(120), TYPE, code=1)
    stage = d.state.stage(TRAIN)
    assert stage.status == StageStatus.CONSULTING and [c.call for c in stage.consults] == [1, 2]
    assert ConsultAgent(TRAIN, 2) in d.actions


# --- purity -----------------------------------------------------------------------------------


def test_settling_is_pure(tmp_path):
    d = consulting(tmp_path)
    state = answered(d.state, action="degrade", degrade="halve_batch", reason="oom-ish")
    before = state.model_dump()
    with freeze_time("1999-12-31"):
        past = decide(state, observe(), at(90))
    with freeze_time("2087-06-01"):
        future = decide(state, observe(), at(90))
    assert state.model_dump() == before  # the input is not changed
    assert state.stage(TRAIN).status == StageStatus.CONSULTING
    assert past.state == future.state and (past.actions, past.events) == (future.actions, future.events)
    assert past.state.stage(TRAIN).consults[0].settled_at == at(90)
    assert {e["ts"] for e in past.events} == {"2024-03-01T12:01:30Z"}


def test_asking_is_pure(tmp_path):
    state = begin(locked(tmp_path))
    before = state.model_dump()
    d = fail(state, at(60))
    assert state.model_dump() == before and state.agent_calls == 0
    assert d.state.agent_calls == 1 and d.state.stage(TRAIN).consults[0].asked_at == at(60)
    assert d.state.stage(TRAIN).consults[0].asked_at - T0 == timedelta(seconds=60)


ROLLBACK_SPEC = """
name: ckpt
entities:
  a:
    stages:
      train:
        run: python3 train.py
        checkpoints: 'out/{entity}/ckpt-*.pt'
        degrade:
          corrupt_checkpoint:
            - {name: previous_checkpoint, rollback_checkpoint: true}
""" + AGENT


def test_a_rollback_chosen_by_the_agent_is_the_one_listed_when_it_was_asked(tmp_path):
    state = begin(locked(tmp_path, ROLLBACK_SPEC, {"risk:a.train:corrupt_checkpoint": "previous_checkpoint"}))
    listed = (Checkpoint("out/a/ckpt-1.pt", 10, 100), Checkpoint("out/a/ckpt-2.pt", 20, 200))
    d = decide(state, observe(**{TRAIN: replace(seen(exited(139)), checkpoints=listed)}), at(60))  # unknown: exit 139
    (option,) = d.state.stage(TRAIN).consults[0].options
    assert option.action == "previous_checkpoint"
    assert (option.rollback.newest, option.rollback.previous, option.rollback.size) == (
        "out/a/ckpt-2.pt", "out/a/ckpt-1.pt", 20)
    d = decide(answered(d.state, action="degrade", degrade="previous_checkpoint", reason="bad save?"), observe(),
               at(61))  # nothing is listed now: the option keeps what was listed when the agent was asked
    stage = d.state.stage(TRAIN)
    (moved,) = stage.checkpoint_moves
    assert (moved.attempt, moved.path, moved.resume_from, moved.size) == (1, "out/a/ckpt-2.pt", "out/a/ckpt-1.pt", 20)
    assert [type(a).__name__ for a in d.actions] == ["WriteAgentDecision", "MoveAside", "Submit"]
    assert d.actions[1] == MoveAside(TRAIN) and submits(d) == [TRAIN]


# --- a property: random graphs, failures and answers ------------------------------------------

REPLIES = [None, {"action": "retry"}, {"action": "hold"}, {"action": "skip"}, {"action": "degrade", "degrade": "x"},
           {"action": "delete everything"}, {"exit_code": 1, "action": "retry"}, {"timed_out": True, "exit_code": None},
           {"error": "no JSON object", "exit_code": None}]
FAILURES = ["ok", "unknown", "code", "running", "lost"]


@st.composite
def graphs(draw):
    graph: dict[str, dict[str, list[str]]] = {}
    earlier: list[str] = []
    for e in range(draw(st.integers(1, 2))):
        graph[f"e{e}"] = {}
        for s in range(draw(st.integers(1, 3))):
            needs = draw(st.lists(st.sampled_from(earlier), unique=True, max_size=2)) if earlier else []
            graph[f"e{e}"][f"s{s}"] = needs
            earlier.append(f"e{e}.s{s}")
    return graph


def _seen(outcome: str):
    return {"ok": seen(exited(0)), "unknown": seen(exited(3)), "code": seen(exited(1), matches=[TYPE]),
            "running": seen(running()), "lost": seen(lost())}[outcome]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(graph=graphs(), data=st.data())
def test_every_consult_is_asked_once_and_settled_by_the_next_decision(graph, data):
    state = state_from_graph(graph)
    state.plan.agent = AgentSpec(command="agent", max_calls=data.draw(st.integers(1, 4), label="max_calls"))
    state.plan.authorization = data.draw(st.sampled_from([["submit", "resubmit", "degrade", "cancel_hung"],
                                                          ["submit", "resubmit", "skip"], ["submit"]]), label="allow")
    now = T0
    asked: set[int] = set()
    for _ in range(data.draw(st.integers(1, 8), label="ticks")):
        open_before = {sid for sid in state.stage_ids() if state.stage(sid).status == StageStatus.CONSULTING}
        for sid in open_before:
            reply = data.draw(st.sampled_from(REPLIES), label="reply")
            if reply is not None:
                state = answered(state, sid, **reply)
        obs = {sid: _seen(data.draw(st.sampled_from(FAILURES), label="outcome")) for sid in state.stage_ids()
               if state.stage(sid).status in (StageStatus.SUBMITTED, StageStatus.RUNNING)}
        before = state.model_dump()
        d = decide(state, observe(**obs), now)
        assert state.model_dump() == before
        settled = [e for e in d.events if e["event"] == "agent_decided"]
        assert sorted(f"{e['entity']}.{e['stage']}" for e in settled) == sorted(open_before)
        for sid in open_before:
            consult = d.state.stage(sid).consults[-1] if d.state.stage(sid).status != StageStatus.CONSULTING \
                else d.state.stage(sid).consults[-2]
            assert consult.settled_at == now
            assert consult.applied is None or consult.applied.split(":")[0] in consult.allowed
        calls = [a.call for a in d.actions if isinstance(a, ConsultAgent)]
        assert not asked & set(calls) and len(calls) == len(set(calls))  # never the same call twice
        asked |= set(calls)
        for a in d.actions:
            if isinstance(a, ConsultAgent):
                st_ = d.state.stage(a.stage_id)
                assert st_.status == StageStatus.CONSULTING and st_.consults[-1].call == a.call
        assert d.state.agent_calls <= d.state.plan.agent.max_calls
        assert len(submits(d)) == len(set(submits(d)))
        state = launched(d.state)
        now += timedelta(seconds=data.draw(st.integers(0, 120), label="seconds"))
