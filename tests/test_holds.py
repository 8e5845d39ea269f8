"""tianluo.core.holds: manual_hold and the human's hands (hold, release), pure; and how decide
treats what they leave behind (a held entity starts nothing, a release runs or skips).
"""

import pytest
from pure_helpers import (
    T0,
    at,
    blip,
    events_of,
    exited,
    launched,
    lost,
    observe,
    ok_check,
    running,
    seen,
    state_from_graph,
    submits,
)

from tianluo.core import stage_machine
from tianluo.core.decide import decide
from tianluo.core.holds import analysis_path, hold, hold_stage, release
from tianluo.core.stage_machine import Events, IllegalMove
from tianluo.errors import TianluoError
from tianluo.models.model import Hold, RunState, StageState
from tianluo.models.states import FaultClass, Phase, StageStatus
from tianluo.planning.replan_review import Edited
from tianluo.planning.spec import LadderSpec, NotifySpec, Rung

GRAPH = {
    "a": {"train": [], "eval": ["a.train"], "export": ["a.eval"]},
    "b": {"train": [], "eval": ["b.train"]},
}
NO_RETRY = LadderSpec(transient=Rung(retries=0), config=Rung(retries=0), unknown=Rung(retries=0),
                      code=Rung(retries=0))


def fresh() -> RunState:
    return state_from_graph(GRAPH)


def running_state() -> RunState:
    """a.train and b.train launched and seen running."""
    s = launched(decide(fresh(), observe(), T0).state)
    return decide(s, observe(**{"a.train": seen(running()), "b.train": seen(running())}), at(10)).state


def ladder_held(ladder=NO_RETRY) -> RunState:
    """a.train failed and was put on hold by the ladder (a.eval, a.export blocked)."""
    s = launched(decide(state_from_graph(GRAPH, ladder=ladder), observe(), T0).state)
    s = decide(s, observe(**{"a.train": seen(exited(3))}), at(60)).state
    assert s.stage("a.train").status == StageStatus.HELD
    return s


def statuses(state: RunState, entity: str) -> dict[str, StageStatus]:
    return {name: st.status for name, st in state.entities[entity].stages.items()}


# --- helpers -----------------------------------------------------------------------


def test_analysis_path_is_per_entity_under_failures():
    assert analysis_path("lr-3e-4") == "failures/lr-3e-4__analysis.md"


def test_a_ladder_hold_records_who_why_when_clears_the_next_attempt_and_says_so():
    stage = StageState(status=StageStatus.RETRY_WAIT, next_attempt_at=at(600))
    log = Events(at(60))
    stage_machine.hold(stage, by="ladder", reason="budget spent", at=at(60), analysis="failures/a__analysis.md",
                       log=log, sid="a.train", attempt=2)
    assert stage.status == StageStatus.HELD
    assert stage.reason == "budget spent"
    assert stage.next_attempt_at is None
    assert stage.hold == Hold(by="ladder", reason="budget spent", at=at(60), analysis="failures/a__analysis.md")
    assert stage.hold.notified is False
    (ev,) = log.items
    assert (ev["event"], ev["entity"], ev["stage"], ev["attempt"], ev["by"]) == ("held", "a", "train", 2, "ladder")
    assert ev["message"] == "manual_hold: budget spent; analysis in failures/a__analysis.md"


def test_a_human_hold_of_one_stage_keeps_the_due_time_and_has_no_event_of_its_own():
    stage = StageState(status=StageStatus.RETRY_WAIT, next_attempt_at=at(600))
    hold_stage(stage, by="human", reason="held by a human: look", at=at(60), analysis=None)
    assert (stage.status, stage.next_attempt_at, stage.hold.by) == (StageStatus.HELD, at(600), "human")


def test_a_ladder_hold_without_an_event_log_is_a_bug():
    stage = StageState(status=StageStatus.RETRY_WAIT)
    with pytest.raises(IllegalMove):
        hold_stage(stage, by="ladder", reason="budget spent", at=at(60), analysis=None)


# --- hold ----------------------------------------------------------------------------


def test_human_hold_marks_waiting_stages_held_and_leaves_running_ones():
    state = running_state()
    r = hold(state, "a", "look at the data", at(20))
    ent = r.state.entities["a"]
    assert ent.hold.by == "human" and ent.hold.reason == "look at the data" and ent.hold.at == at(20)
    assert statuses(r.state, "a") == {"train": StageStatus.RUNNING, "eval": StageStatus.HELD,
                                      "export": StageStatus.HELD}
    assert r.state.stage("a.eval").hold.by == "human"
    assert r.state.stage("a.eval").reason == "held by a human: look at the data"
    assert r.changed == ["a.eval", "a.export"]
    assert r.notes == ["a.train: attempt 1 keeps running; nothing new starts after it"]
    assert statuses(r.state, "b") == statuses(state, "b")  # the other entity is untouched
    assert r.state.entities["b"].hold is None
    (ev,) = r.events
    assert (ev["event"], ev["entity"], ev["by"], ev["ts"]) == ("held", "a", "human", "2024-03-01T12:00:20Z")


def test_human_hold_leaves_done_and_ladder_held_stages_alone():
    state = ladder_held()
    state.stage("a.export").status = StageStatus.SKIPPED
    r = hold(state, "a", "stop", at(100))
    assert r.state.stage("a.train").hold.by == "ladder"  # the failure hold keeps its kind
    assert r.state.stage("a.export").status == StageStatus.SKIPPED
    assert r.state.stage("a.eval").status == StageStatus.HELD  # was blocked
    assert r.changed == ["a.eval"]


def test_human_hold_of_a_retry_wait_stage_holds_it():
    state = launched(decide(state_from_graph(GRAPH, ladder=LadderSpec(transient=Rung(retries=2, backoff=[600.0]))),
                            observe(), T0).state)
    state = decide(state, observe(**{"a.train": blip()}), at(60)).state
    assert state.stage("a.train").status == StageStatus.RETRY_WAIT
    r = hold(state, "a", "wait", at(70))
    assert r.state.stage("a.train").status == StageStatus.HELD
    assert r.state.stage("a.train").next_attempt_at == at(60 + 600)  # the backoff still counts
    assert r.state.stage("a.train").budget_used == {FaultClass.TRANSIENT: 1}
    back = release(r.state, "a", at(80))
    assert back.state.stage("a.train").status == StageStatus.RETRY_WAIT
    assert back.state.stage("a.train").next_attempt_at == at(60 + 600)


def test_hold_all_holds_every_entity():
    r = hold(fresh(), None, "maintenance", T0, all_entities=True)
    assert all(e.hold is not None for e in r.state.entities.values())
    assert {s for e in ("a", "b") for s in statuses(r.state, e).values()} == {StageStatus.HELD}
    assert [ev["entity"] for ev in r.events] == ["a", "b"]


def test_hold_does_not_change_its_input():
    state = running_state()
    before = state.model_copy(deep=True)
    hold(state, "a", "x", at(20))
    assert state == before


def test_hold_of_an_unknown_entity_names_the_known_ones():
    with pytest.raises(TianluoError, match=r"no entity 'zzz'.*entities: a, b"):
        hold(fresh(), "zzz", "x", T0)


# --- decide with a human hold --------------------------------------------------------


def test_a_held_entity_starts_nothing_while_others_go_on():
    state = hold(fresh(), "a", "not yet", T0).state
    d = decide(state, observe(), at(1))
    assert submits(d) == ["b.train"]
    assert d.state.stage("a.train").attempts == []
    assert d.state.phase == Phase.RUNNING


def test_a_running_attempt_of_a_held_entity_finishes_and_nothing_new_starts():
    state = hold(running_state(), "a", "after this", at(20)).state
    d = decide(state, observe(**{"a.train": seen(exited(0), done_when=[ok_check()]), "b.train": seen(running())}),
               at(30))
    assert d.state.stage("a.train").status == StageStatus.SUCCEEDED
    assert d.state.stage("a.eval").status == StageStatus.HELD
    assert submits(d) == []


def test_a_failure_while_a_human_holds_the_entity_is_held_not_retried():
    state = hold(running_state(), "a", "after this", at(20)).state  # default ladder: transient has budget
    d = decide(state, observe(**{"a.train": seen(lost())}), at(30))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD
    assert stage.reason.startswith("the entity is on hold by a human")
    assert stage.budget_used == {}
    assert "a.train" not in submits(d)


def test_human_holds_are_not_notified_but_a_run_they_block_is_once():
    state = hold(state_from_graph({"a": {"train": []}}), "a", "quiet", T0).state
    state.plan.notify = [NotifySpec(command="true")]
    d = decide(state, observe(), at(1))
    assert d.state.phase == Phase.BLOCKED
    assert [n.kind for n in d.state.notices] == ["blocked"]  # recorded, then sent by the shell


# --- release -------------------------------------------------------------------------


def test_release_of_a_human_hold_resumes_the_entity():
    held = hold(fresh(), "a", "not yet", T0).state
    r = release(held, "a", at(100))
    assert r.state.entities["a"].hold is None
    assert set(statuses(r.state, "a").values()) == {StageStatus.PENDING}
    assert all(st.hold is None and st.reason is None for st in r.state.entities["a"].stages.values())
    assert r.changed == ["a.train", "a.eval", "a.export"]
    assert {ev["action"] for ev in r.events} == {"resume"}
    d = decide(r.state, observe(), at(101))
    assert "a.train" in submits(d)


def test_release_without_a_flag_on_a_failure_hold_is_refused_and_says_how():
    with pytest.raises(TianluoError) as err:
        release(ladder_held(), "a", at(100))
    text = str(err.value)
    assert "a.train" in text and "--retry" in text and "--skip" in text
    assert "failures/a__analysis.md" in text
    assert "\n" not in text


def test_release_with_both_flags_is_refused():
    with pytest.raises(TianluoError, match="not both"):
        release(ladder_held(), "a", at(100), retry=True, skip=True)


def test_release_when_nothing_is_held_is_refused():
    with pytest.raises(TianluoError, match="nothing is held"):
        release(fresh(), "a", at(100))


def test_release_of_an_unknown_entity_is_refused():
    with pytest.raises(TianluoError, match="no entity 'nope'"):
        release(ladder_held(), "nope", at(100), retry=True)


def test_release_retry_runs_the_stage_again_at_the_next_decide_and_keeps_the_budget():
    ladder = LadderSpec(transient=Rung(retries=0), unknown=Rung(retries=1, backoff=[0.0]), code=Rung(retries=0))
    state = launched(decide(state_from_graph(GRAPH, ladder=ladder), observe(), T0).state)
    state = launched(decide(state, observe(**{"a.train": seen(exited(3))}), at(60)).state)
    state = decide(state, observe(**{"a.train": seen(exited(3), progress=(2, 9))}), at(120)).state
    assert state.stage("a.train").status == StageStatus.HELD
    used = {FaultClass.UNKNOWN: 1}
    assert state.stage("a.train").budget_used == used
    r = release(state, "a", at(100), retry=True)
    stage = r.state.stage("a.train")
    assert stage.status == StageStatus.RETRY_WAIT
    assert stage.next_attempt_at == at(100)
    assert stage.hold is None and stage.reason is None
    assert stage.budget_used == used
    (ev,) = r.events
    assert (ev["event"], ev["action"], ev["budget_reset"], ev["entity"], ev["stage"]) == \
        ("released", "retry", False, "a", "train")
    d = decide(r.state, observe(), at(101))
    assert submits(d) == ["a.train"]
    assert d.state.stage("a.train").attempt == 3
    assert d.state.stage("a.eval").status == StageStatus.PENDING  # unblocked


def test_release_retry_with_reset_budget_gives_a_fresh_budget():
    state = launched(decide(state_from_graph(GRAPH, ladder=LadderSpec(transient=Rung(retries=1, backoff=[0.0]))),
                            observe(), T0).state)
    state = launched(decide(state, observe(**{"a.train": blip()}), at(60)).state)
    state = decide(state, observe(**{"a.train": blip(progress=(2, 9))}), at(120)).state
    assert state.stage("a.train").status == StageStatus.HELD
    assert state.stage("a.train").budget_used == {FaultClass.TRANSIENT: 1}
    kept = release(state, "a", at(200), retry=True)
    assert kept.state.stage("a.train").budget_used == {FaultClass.TRANSIENT: 1}
    reset = release(state, "a", at(200), retry=True, reset_budget=True)
    assert reset.state.stage("a.train").budget_used == {}
    assert reset.events[0]["budget_reset"] is True


def test_release_skip_skips_the_stage_and_its_dependents_are_blocked():
    r = release(ladder_held(), "a", at(100), skip=True)
    assert r.state.stage("a.train").status == StageStatus.SKIPPED
    assert r.events[0]["action"] == "skip"
    d = decide(r.state, observe(), at(101))
    assert "a.eval" not in submits(d)  # issue 23: its input was never made (tests/test_skip.py: tianluo unblock)
    assert d.state.stage("a.eval").status == StageStatus.BLOCKED


def test_release_does_not_change_its_input():
    state = ladder_held()
    before = state.model_copy(deep=True)
    release(state, "a", at(100), retry=True, reset_budget=True)
    assert state == before


def test_release_lifts_a_human_hold_and_a_failure_hold_together():
    state = hold(ladder_held(), "a", "me too", at(70)).state
    r = release(state, "a", at(100), retry=True)
    assert r.state.entities["a"].hold is None
    assert r.state.stage("a.train").status == StageStatus.RETRY_WAIT
    assert r.state.stage("a.eval").status == StageStatus.PENDING


def test_a_released_blocked_run_runs_again_and_the_block_is_news_again():
    state = state_from_graph({"a": {"train": []}}, ladder=NO_RETRY)
    state.plan.notify = [NotifySpec(command="true")]
    state = launched(decide(state, observe(), T0).state)
    d = decide(state, observe(**{"a.train": seen(exited(3))}), at(60))
    assert d.state.phase == Phase.BLOCKED
    s = d.state
    s.blocked_notified = True
    s.stage("a.train").hold.notified = True
    s = release(s, "a", at(100), retry=True).state
    d2 = decide(s, observe(), at(101))
    assert d2.state.phase == Phase.RUNNING
    assert d2.state.blocked_notified is False
    assert events_of(d2, "run_unblocked")


# --- release after the spec was edited ----------------------------------------------------------

EDITED = Edited(spec="/p/tianluo.yaml", again={"a.train": "command: `pythn3 x` -> `python3 x`"})


def test_release_retry_of_a_stage_edited_since_the_lock_is_refused_and_names_the_flow():
    state = ladder_held()
    with pytest.raises(TianluoError) as err:
        release(state, "a", at(100), retry=True, edited=EDITED)
    assert str(err.value).startswith(
        "a.train: its spec changed since the run was locked (command: `pythn3 x` -> `python3 x`); a release would "
        "run the locked command again. Carry the edit over instead: `tianluo plan /p/tianluo.yaml --diff`, then "
        "`tianluo start /p/tianluo.yaml --replan`")
    assert state.stage("a.train").status == StageStatus.HELD


def test_release_of_an_entity_whose_edits_are_elsewhere_goes_on():
    r = release(ladder_held(), "a", at(100), retry=True,
                edited=Edited(spec="/p/t.yaml", again={"b.train": "command changed"}))
    assert r.state.stage("a.train").status == StageStatus.RETRY_WAIT


def test_skip_of_an_edited_stage_runs_nothing_and_is_not_refused():
    r = release(ladder_held(), "a", at(100), skip=True, edited=EDITED)
    assert r.state.stage("a.train").status == StageStatus.SKIPPED


def test_a_spec_that_does_not_load_now_is_said_and_the_locked_plan_runs():
    r = release(ladder_held(), "a", at(100), retry=True,
                edited=Edited(spec="/p/t.yaml", again={}, error="/p/t.yaml: line 3: bad indentation"))
    assert r.state.stage("a.train").status == StageStatus.RETRY_WAIT
    assert r.notes[-1].startswith("/p/t.yaml changed since the run was locked and does not load now (/p/t.yaml: "
                                  "line 3: bad indentation); this release runs the locked plan")


def test_a_held_entitys_stages_leave_out_the_hold_they_mirror_and_read_back_the_same():
    """hold --all at 10,000 stages: each held stage's hold and reason are its entity's, written once."""
    import json

    from tianluo.models.model import dump_state
    from tianluo.shell import peek
    from tianluo.shell.store import parse_state

    s = hold(ladder_held(), None, "checking", at(70), all_entities=True).state
    text = dump_state(s)
    raw = json.loads(text)
    assert raw["entities"]["a"]["stages"]["eval"] == {"status": "held"}  # hold and reason: its entity's
    assert raw["entities"]["a"]["stages"]["train"]["hold"]["by"] == "ladder"  # its own hold stays written
    back = parse_state(text)
    assert back == s and dump_state(back) == text
    assert back.stage("a.eval").reason == "held by a human: checking"
    full = json.loads(s.model_dump_json(by_alias=True, exclude_defaults=True))
    filled = peek.fill_held(raw)  # the plain reading (status, report) sees what the models see
    for ename, entity in full["entities"].items():
        for sname, stage in entity["stages"].items():
            assert {k: filled["entities"][ename]["stages"][sname].get(k) for k in ("hold", "reason")} == \
                {k: stage.get(k) for k in ("hold", "reason")}, (ename, sname)


def test_hold_copies_only_what_it_changes():
    """hold --all at 10,000 stages: the untouched entities and stages are the very objects it was given
    (so the save reads back only what changed), and the input is left as it was."""
    state = running_state()
    before = state.model_copy(deep=True)
    r = hold(state, "a", "x", at(20))
    assert r.state.entities["b"] is state.entities["b"]
    assert r.state.plan is state.plan
    assert r.state.entities["a"].stages["train"] is state.entities["a"].stages["train"]  # running: not held
    assert r.state.entities["a"].stages["eval"] is not state.entities["a"].stages["eval"]
    assert state == before
