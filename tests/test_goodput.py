"""Goodput accounting (tianluo.core.goodput) on histories built by hand: plain state.json values, frozen time."""

from datetime import UTC, datetime, timedelta

import pytest

from tianluo.core import goodput

T0 = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
PROGRESS = {"regex": r"step (?P<done>\d+)"}
RESET = {"class": "transient", "label": "connection_error"}
OOM = {"class": "config", "label": "cuda_oom"}


def t(seconds: float) -> str:
    return (T0 + timedelta(seconds=seconds)).isoformat().replace("+00:00", "Z")


def reading(first: float, first_at: float, last: float, last_at: float) -> dict:
    return {"done": last, "seen_at": t(last_at), "first_done": first, "first_at": t(first_at)}


def attempt(n: int, intent: float, started: float | None, ended: float | None = None, outcome: str | None = None,
            fault: dict | None = None, judged: float | None = None, progress: dict | None = None, **more) -> dict:
    a = {"n": n, "intent_at": t(intent), "submitted_at": t(intent)}
    for key, value in (("started_at", started), ("ended_at", ended), ("judged_at", judged)):
        if value is not None:
            a[key] = t(value)
    if outcome:
        a["outcome"] = outcome
    if fault:
        a["fault"] = dict(fault)  # its own: a test may spoil it
    if progress:
        a["progress"] = progress
    a.update(more)
    return a


def state(stage: dict, planned: dict | None = None, phase: str = "running", entity_hold: dict | None = None,
          **run) -> dict:
    """One entity ``e`` with one stage ``train``."""
    entity = {"stages": {"train": stage}}
    if entity_hold:
        entity["hold"] = entity_hold
    return {"phase": phase, "created_at": t(0),
            "plan": {"entities": {"e": {"stages": {"train": {"progress": PROGRESS} if planned is None else planned}}}},
            "entities": {"e": entity}, **run}


def train(doc: dict, now: float) -> dict:
    return goodput.account(doc, T0 + timedelta(seconds=now))["stages"]["e.train"]


def failed_then(second_first: float) -> dict:
    """Attempt 1 runs 0..700 (readings 0 at 60 to 600 at 660, one step a second) and fails on a connection reset,
    judged at 705; attempt 2, recorded then, starts at 710 and its first reading (at 720) is ``second_first``;
    it succeeds at 1000."""
    first = attempt(1, 0, 0, 700, "failed", RESET, judged=705, progress=reading(0, 60, 600, 660))
    second = attempt(2, 705, 710, 1000, "succeeded", judged=1001)
    return state({"status": "succeeded", "attempt": 2, "attempts": [first, second],
                  "progress": reading(second_first, 720, second_first + 250, 970)})


def test_a_resume_from_a_checkpoint_keeps_its_work_and_a_restart_from_zero_loses_the_attempt():
    resumed = train(failed_then(510), 2000)  # the checkpoint held step 500 (510 ten seconds after the start)
    assert resumed["wall_s"] == 1000.0
    assert resumed["lost_s"]["redone"] == pytest.approx(700 * 100 / 600, abs=0.1)  # steps 500..600 done again
    assert resumed["productive_s"] == pytest.approx(700 * 500 / 600 + 290, abs=0.1)
    restarted = train(failed_then(10), 2000)  # from zero: all 700 s of attempt 1 were for nothing
    assert restarted["lost_s"]["redone"] == 700.0
    assert restarted["productive_s"] == 290.0
    for doc in (resumed, restarted):
        assert doc["lost_s"]["detection"] == 5.0 and doc["lost_s"]["queue"] == 5.0  # 700..705, 705..710
        assert doc["lost_by_fault"] == {"transient/connection_error": doc["lost_s"]["redone"] + 10.0}
        assert doc["productive_s"] + sum(doc["lost_s"].values()) == doc["wall_s"]
        assert 0 < doc["ratio"] < 1 and doc["ratio"] == round(doc["productive_s"] / doc["wall_s"], 4)
        assert doc["fault_attempts"] == {"transient/connection_error": 1} and doc["attempts"] == 2


def test_a_failed_attempt_counts_as_lost_until_a_later_attempt_shows_what_it_kept():
    doc = failed_then(510)
    stage = doc["entities"]["e"]["stages"]["train"]
    stage["attempts"][1] = attempt(2, 705, None)  # recorded, still in the queue: nothing is known yet
    stage.update(status="submitted", progress=None)
    now = train(doc, 800)
    assert now["lost_s"]["redone"] == 700.0 and now["lost_s"]["queue"] == 95.0  # 705..800, the retry's
    assert now["lost_by_fault"]["transient/connection_error"] == 700.0 + 5.0 + 95.0


def test_time_held_for_a_human_is_counted_and_put_down_to_the_fault_that_stopped_the_stage():
    first = attempt(1, 0, 0, 100, "failed", OOM, judged=110)
    second = attempt(2, 3710, 3710, 4000, "succeeded")
    doc = state({"status": "succeeded", "attempts": [first, second],
                 "released_holds": [{"by": "ladder", "at": t(110), "released_at": t(3710)}]}, planned={})
    out = train(doc, 5000)
    assert out["lost_s"]["held"] == 3600.0 and out["lost_s"]["backoff"] == 0.0
    assert out["lost_by_fault"] == {"config/cuda_oom": 100.0 + 10.0 + 3600.0}
    # still held now (no release yet): held up to now, whatever the stage's status says
    doc = state({"status": "held", "attempts": [first], "hold": {"by": "ladder", "reason": "x", "at": t(110)}},
                planned={})
    assert train(doc, 1110)["lost_s"]["held"] == 1000.0
    # a human's hold of the entity: its own key, not the fault's
    doc = state({"status": "retry_wait", "attempts": [first]}, planned={},
                entity_hold={"by": "human", "reason": "checking the data", "at": t(200)})
    out = train(doc, 500)
    assert out["lost_s"]["backoff"] == 90.0 and out["lost_s"]["held"] == 300.0
    assert out["lost_by_fault"] == {"config/cuda_oom": 100.0 + 10.0 + 90.0, goodput.HUMAN_HOLD: 300.0}


def test_backoff_queue_hung_and_detection_are_counted():
    hung = attempt(1, 0, 30, 1000, "failed", {"class": "transient", "label": "hang"}, judged=1010,
                   progress=reading(0, 60, 400, 430), cancel={"reason": "hung: no progress for 5m",
                                                              "requested_at": t(990)})
    retry = attempt(2, 1610, 1700, 2000, "succeeded", progress=None)
    doc = state({"status": "succeeded", "attempts": [hung, retry], "progress": reading(0, 1760, 300, 1990)})
    out = train(doc, 3000)
    assert out["lost_s"] == {"queue": 30.0 + 90.0, "hung": 1000.0 - 430.0, "detection": 10.0,
                             "backoff": 1610.0 - 1010.0, "redone": 400.0, "held": 0.0}  # restarted from 0
    assert out["productive_s"] == 300.0
    assert out["lost_by_fault"] == {"transient/hang": 2000.0 - 300.0 - 30.0}  # all but attempt 1's queue wait


def test_an_agent_consult_is_part_of_the_time_to_act():
    first = attempt(1, 0, 0, 100, "failed", RESET, judged=101)
    second = attempt(2, 160, 160, 400, "succeeded")
    doc = state({"status": "succeeded", "attempts": [first, second],
                 "consults": [{"attempt": 1, "settled_at": t(150)}]}, planned={})
    assert train(doc, 500)["lost_s"]["detection"] == 50.0 and train(doc, 500)["lost_s"]["backoff"] == 10.0


def test_gpu_weighting_counts_each_piece_with_the_gpus_of_its_attempt():
    first = attempt(1, 0, 0, 3600, "failed", OOM, judged=3600, gpus=[0, 1, 2, 3])
    second = attempt(2, 3600, 3600, 7200, "succeeded", gpus=[0, 1])  # degraded to two GPUs
    doc = state({"status": "succeeded", "attempts": [first, second]}, planned={})
    gpu = train(doc, 9000)["gpu_hours"]
    assert gpu["wall"] == 6.0 and gpu["productive"] == 2.0 and gpu["lost"] == 4.0
    assert gpu["lost_by_fault"] == {"config/cuda_oom": 4.0} and gpu["lost_by_cause"]["redone"] == 4.0
    assert gpu["ratio"] == round(2 / 6, 4)
    # a Slurm stage: no GPUs handed out by tianluo, the plan's resources.gpus (or a gpu gres) count
    planned = {"resources": {"gres": "gpu:a100:8"}}
    doc = state({"status": "running", "attempts": [attempt(1, 0, 1800)]}, planned=planned)
    assert train(doc, 3600)["gpu_hours"] == {
        "wall": 8.0, "productive": 4.0, "lost": 4.0, "ratio": 0.5, "lost_by_fault": {},
        "lost_by_cause": {"redone": 0.0, "detection": 0.0, "backoff": 0.0, "queue": 4.0, "held": 0.0, "hung": 0.0}}
    # a stage without GPUs has no GPU-hours
    assert train(state({"status": "running", "attempts": [attempt(1, 0, 0)]}, planned={}), 60)["gpu_hours"] is None


def test_a_run_without_a_failure_has_a_ratio_near_one():
    doc = state({"status": "succeeded", "attempts": [attempt(1, 0, 2, 7200, "succeeded", judged=7201)],
                 "progress": reading(0, 30, 1000, 7190)}, phase="complete", gate={"met_at": t(7205)})
    out = goodput.account(doc, T0 + timedelta(days=3))  # long after: a finished run's clock stopped at its end
    assert out["stages"]["e.train"]["ratio"] > 0.999
    assert out["run"]["ratio"] > 0.999 and out["run"]["wall_s"] == 7205.0 and out["run"]["machine_s"] == 7200.0
    assert sum(out["run"]["lost_s"].values()) == 2.0 and out["run"]["lost_by_fault"] == {}


def test_progress_not_configured_counts_attempt_time_only():
    first = attempt(1, 0, 0, 600, "failed", RESET, judged=600, progress=reading(0, 60, 500, 590))
    second = attempt(2, 600, 600, 1200, "succeeded")
    doc = state({"status": "succeeded", "attempts": [first, second], "progress": reading(490, 610, 900, 1190)},
                planned={})
    out = train(doc, 2000)  # the readings are there, but the plan has no progress: not read
    assert out["progress"] == goodput.NOT_CONFIGURED
    assert out["productive_s"] == 600.0 and out["lost_s"]["redone"] == 600.0
    run = goodput.account(doc, T0 + timedelta(seconds=2000))["run"]
    assert run["not_measured"] == ["e.train"]


def test_the_run_sums_its_stages_and_a_running_attempt_is_productive_so_far():
    doc = state({"status": "running", "attempts": [attempt(1, 0, 10)]}, planned={})
    doc["plan"]["entities"]["f"] = {"stages": {"train": {}, "eval": {"needs": ["f.train"]}}}
    doc["entities"]["f"] = {"stages": {"train": {"status": "running", "attempts": [attempt(1, 0, 20)]},
                                       "eval": {"status": "pending"}}}
    out = goodput.account(doc, T0 + timedelta(seconds=100))
    assert set(out["stages"]) == {"e.train", "f.train"}  # never attempted: left out
    assert out["run"]["wall_s"] == 100.0 and out["run"]["machine_s"] == 200.0
    assert out["run"]["productive_s"] == 170.0 and out["run"]["lost_s"]["queue"] == 30.0
    assert out["run"]["attempts"] == 2


@pytest.mark.parametrize("where, value", [
    (("intent_at",), 0), (("ended_at",), "x"), (("ended_at",), "2026-12-01T20:00:00"), (("outcome",), "maybe"),
    (("fault", "class"), "bad"), (("gpus",), [True]), (("progress",), {"done": "7", "seen_at": t(1)}),
    (("n",), 1.0), (("judged_at",), 5)])
def test_a_value_of_the_wrong_type_is_refused_never_guessed(where, value):
    doc = failed_then(510)
    target = doc["entities"]["e"]["stages"]["train"]["attempts"][0]
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    with pytest.raises(goodput.Bad):
        goodput.account(doc, T0 + timedelta(seconds=2000))


# --- the facts the accounting reads, as the decision records them -----------------------------------


def test_decisions_record_when_an_end_was_judged_what_each_attempt_read_and_each_released_hold():
    from pure_helpers import at, blip, exited, launched, observe, ok_check, running, seen, state_from_graph

    from tianluo.core.decide import decide
    from tianluo.core.holds import hold, release
    from tianluo.planning.spec import LadderSpec, Rung

    s = state_from_graph({"a": {"train": []}}, ladder=LadderSpec(transient=Rung(retries=2, backoff=[600.0])))
    s = launched(decide(s, observe(), at(0)).state)
    s = decide(s, observe(**{"a.train": seen(running(), progress=(40.0, 100.0))}), at(10)).state
    s = decide(s, observe(**{"a.train": blip(progress=(60.0, 100.0))}), at(70)).state  # exited at 12:00:00
    first = s.stage("a.train").attempts[0]
    assert first.judged_at == at(70) and first.outcome == "failed"
    s = hold(s, "a", "look at the logs", at(100)).state  # a human, during the backoff
    s = release(s, "a", at(1000), retry=True).state
    assert [(h.by, h.at, h.released_at) for h in s.stage("a.train").released_holds] == \
        [("human", at(100), at(1000))]  # the entity's hold and the stage's: the same span, counted once
    s = launched(decide(s, observe(), at(1001)).state)
    assert s.stage("a.train").attempts[0].progress.done == 60.0 and s.stage("a.train").progress is None
    s = decide(s, observe(**{"a.train": seen(running(), progress=(50.0, 100.0))}), at(1010)).state
    s = decide(s, observe(**{"a.train": seen(exited(0), done_when=[ok_check()], progress=(100.0, 100.0))}),
               at(1100)).state
    out = goodput.of_state(s, at(2000))["stages"]["a.train"]
    assert out["lost_s"]["held"] == 900.0 and out["lost_by_fault"][goodput.HUMAN_HOLD] == 900.0
    assert out["lost_s"]["backoff"] == 30.0 + 1.0  # judged at 70 to the hold at 100; released at 1000, recorded 1001
    assert out["lost_s"]["redone"] > 0 and out["productive_s"] > 0  # resumed from about step 50 of 60
    assert 0 < out["ratio"] < 1


def test_the_summary_line_speaks_gpu_hours_where_gpus_were_held_and_durations_elsewhere():
    first = attempt(1, 0, 0, 3600, "failed", OOM, judged=3600, gpus=[0, 1, 2, 3])
    second = attempt(2, 3600, 3600, 7200, "succeeded", gpus=[0, 1])
    run = goodput.account(state({"status": "succeeded", "attempts": [first, second]}),
                          T0 + timedelta(seconds=9000))["run"]
    assert goodput.summary(run) == "goodput 33%: 2.0 of 6.0 GPU-h productive; lost: 4.0 GPU-h cuda_oom (redone)"
    doc = state({"status": "retry_wait", "attempts": [attempt(1, 0, 60, 600, "failed", RESET, judged=660)]},
                planned={}, entity_hold={"by": "human", "reason": "look", "at": t(700)})
    run = goodput.account(doc, T0 + timedelta(seconds=1900))["run"]
    assert goodput.summary(run) == ("goodput 0%: 0s of 31m40s productive; lost: 20m held, 9m connection_error "
                                    "(redone), 1m queue (no progress signal: attempt time only for 1 stage(s))")
    assert goodput.summary(goodput.account(state({"status": "pending"}), T0)["run"]) is None
