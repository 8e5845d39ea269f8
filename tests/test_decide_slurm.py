"""The pure core on a scheduler's facts (Slurm): queued, unreachable, ended by the scheduler.

Like tests/test_decide.py: a RunState built from models, made-up JobFacts as a Slurm backend
reports them, a fixed ``now``; no processes, no Slurm. Also the pure seams between the core
and the backend: ``jobs.job_spec`` (resources, excluded hosts) and ``jobs.event_ticks``.
"""

from datetime import UTC, datetime
from pathlib import Path

import pytest
from pure_helpers import (
    T0,
    at,
    cancels,
    event_kinds,
    events_of,
    observe,
    ok_check,
    seen,
    state_from_graph,
    submits,
)

from tianluo.backends import slurm_text
from tianluo.backends.base import JobFacts
from tianluo.backends.sbatch import render
from tianluo.backends.slurm import SlurmOptions
from tianluo.core import diagnose
from tianluo.core.actions import Cancel, Submit, WriteAnalysis
from tianluo.core.decide import decide
from tianluo.core.jobspec import event_ticks, job_spec
from tianluo.models.model import Handle, RunState, TriggerRecord
from tianluo.models.states import FaultClass, JobState, Phase, StageStatus
from tianluo.planning.spec import LadderSpec, Progress, Rung
from tianluo.planning.spec_parts import DegradeAction, Resources
from tianluo.shell.logscan import LogLine

CHAIN = {"a": {"train": [], "eval": ["a.train"]}}
NO_RETRY = LadderSpec(transient=Rung(retries=0), config=Rung(retries=0), unknown=Rung(retries=0),
                      code=Rung(retries=0))
STALL = Progress(regex=r"step (?P<done>\d+)", stall_after=60, startup_after=60)  # hung a minute after the start
DOWN = "squeue: slurm_load_jobs error: Unable to contact slurm controller (connect failure)"


# --- helpers -------------------------------------------------------------------------------


def slurm_state(graph=None, ladder: LadderSpec | None = None) -> RunState:
    state = state_from_graph(graph or CHAIN, ladder=ladder)
    state.plan.backend = SlurmOptions()
    return state


def submitted_only(state: RunState) -> RunState:
    """The first decide: intents recorded, nothing launched yet (no handle)."""
    return decide(state, observe(), T0).state


def launched(state: RunState, job_id: int = 17) -> RunState:
    """What the shell does after a Submit on Slurm: a handle with the job id, no pid."""
    new = state.model_copy(deep=True)
    for sid in new.stage_ids():
        attempt = new.stage(sid).current()
        if attempt is not None and attempt.handle is None:
            attempt.handle = Handle(job_id=str(job_id))
            attempt.submitted_at = attempt.intent_at
            job_id += 1
    return new


def started(state: RunState, now: datetime = T0) -> RunState:
    return launched(decide(state, observe(), now).state)


def queued(reason: str | None = "Priority", job_id: str = "17") -> JobFacts:
    return JobFacts(state=JobState.QUEUED, job_id=job_id, scheduler_state="PENDING", reason=reason,
                    stuck=slurm_text.stuck(reason), detail=f"PENDING ({reason})" if reason else "PENDING")


def running(host: str = "gpu-07", job_id: str = "17") -> JobFacts:
    return JobFacts(state=JobState.RUNNING, job_id=job_id, scheduler_state="RUNNING", host=host,
                    started_at="2024-03-01T12:00:05+00:00")


def unreachable(detail: str = DOWN) -> JobFacts:
    return JobFacts(state=JobState.UNREACHABLE, detail=detail)


def ended(word: str = "COMPLETED", ended_by: str | None = None, code: int | None = 0, signal: int | None = None,
          host: str | None = "gpu-07", job_id: str = "17") -> JobFacts:
    return JobFacts(state=JobState.EXITED, exit_code=code, signal=signal, host=host, job_id=job_id,
                    scheduler_state=word, ended_by=ended_by, started_at="2024-03-01T12:00:05+00:00",
                    ended_at="2024-03-01T12:30:00+00:00", detail=f"Slurm says {word}")


def missing() -> JobFacts:
    return JobFacts(state=JobState.MISSING, detail="squeue knows no job named tl.x")


def train(state: RunState, facts: JobFacts, now: datetime, **kw):
    """One decide where a.train is seen with these facts."""
    return decide(state, observe(**{"a.train": seen(facts, **kw)}), now)


# --- queued (Slurm PENDING) ----------------------------------------------------------------


def test_queued_job_stays_submitted_without_fault_or_action():
    d = train(started(slurm_state()), queued(), at(minutes=10))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.SUBMITTED
    assert stage.fault is None
    assert stage.current().outcome is None
    assert d.actions == []
    assert event_kinds(d) == []


def test_queued_long_past_the_starting_timeout_is_not_lost():
    state = started(slurm_state())
    d = train(state, queued(), at(seconds=diagnose.STARTING_TIMEOUT_S + 1))
    assert d.state.stage("a.train").status == StageStatus.SUBMITTED
    d = train(d.state, queued(), at(hours=72))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.SUBMITTED
    assert stage.fault is None
    assert (d.actions, submits(d), cancels(d)) == ([], [], [])
    assert stage.budget_used == {}
    assert d.state.total_attempts == 1


def test_starting_past_the_timeout_is_lost_for_contrast():
    state = started(slurm_state(ladder=NO_RETRY))
    d = train(state, JobFacts(state=JobState.STARTING), at(seconds=diagnose.STARTING_TIMEOUT_S + 1))
    stage = d.state.stage("a.train")
    assert stage.fault.label == "lost"
    assert (stage.attempt, stage.free_retries, stage.budget_used) == (2, 1, {})  # free once in a row
    d = train(launched(d.state), JobFacts(state=JobState.STARTING), at(seconds=2 * diagnose.STARTING_TIMEOUT_S + 2))
    assert d.state.stage("a.train").status == StageStatus.HELD  # lost twice in a row: no transient retries


@pytest.mark.parametrize("now, waited", [(at(30), "30s"), (at(minutes=10), "10m"), (at(hours=3, minutes=5), "3h05m")])
def test_queued_verdict_says_how_long_and_why(now, waited):
    d = train(started(slurm_state()), queued("Priority"), now)
    assert d.state.stage("a.train").diagnosis.verdict == f"queued {waited}: Priority"


@pytest.mark.parametrize("reason", ["Resources", "Priority", "BeginTime", "QOSMaxJobsPerUserLimit", "Dependency"])
def test_queued_for_an_ordinary_reason_has_no_warning(reason):
    verdict = train(started(slurm_state()), queued(reason), at(minutes=10)).state.stage("a.train").diagnosis.verdict
    assert verdict == f"queued 10m: {reason}"
    assert "will not start" not in verdict


@pytest.mark.parametrize("reason", ["JobHeldUser", "JobHeldAdmin", "PartitionDown", "InvalidAccount",
                                    "DependencyNeverSatisfied", "launch failed requeued held",
                                    "ReqNodeNotAvail, UnavailableNodes:gpu-07"])
def test_queued_for_a_stuck_reason_says_slurm_will_not_start_it(reason):
    d = train(started(slurm_state()), queued(reason), at(minutes=10))
    assert d.state.stage("a.train").diagnosis.verdict == f"queued 10m: {reason}; Slurm will not start it by itself"
    assert d.state.stage("a.train").status == StageStatus.SUBMITTED  # reported, not a fault
    assert d.actions == []


def test_every_stuck_reason_gets_the_warning():
    state = started(slurm_state())
    for reason in sorted(slurm_text.STUCK_REASONS):
        verdict = train(state, queued(reason), at(minutes=10)).state.stage("a.train").diagnosis.verdict
        assert verdict.endswith("; Slurm will not start it by itself"), reason


def test_queued_without_a_reason():
    d = train(started(slurm_state()), queued(None), at(minutes=10))
    assert d.state.stage("a.train").diagnosis.verdict == "queued 10m: no reason given"


def test_queued_diagnosis_has_the_schedulers_own_words():
    d = train(started(slurm_state()), queued("Resources", job_id="17"), at(minutes=10))
    sched = d.state.stage("a.train").diagnosis.scheduler
    assert (sched.job_id, sched.scheduler_state, sched.reason) == ("17", "PENDING", "Resources")
    assert sched.state == "queued"
    assert sched.alive is True
    assert sched.pid is None  # a Slurm handle has no pid


def test_queued_verdict_is_logged_once_while_it_does_not_change():
    state = started(slurm_state())
    d1 = train(state, queued(), at(minutes=10))
    assert [e["verdict"] for e in events_of(d1, "diagnosed")] == ["queued 10m: Priority"]
    d2 = train(d1.state, queued(), at(minutes=10, seconds=30))
    assert events_of(d2, "diagnosed") == []  # same verdict: not logged again


def test_queued_is_never_a_hang_even_with_stall_after():
    state = slurm_state()
    state.plan.entities["a"].stages["train"].progress = STALL
    d = train(started(state), queued("Resources"), at(hours=5))
    assert cancels(d) == []
    assert d.state.stage("a.train").current().cancel is None
    assert d.state.stage("a.train").diagnosis.verdict.startswith("queued 5h00m: Resources")


def test_a_requeued_job_back_in_the_queue_is_not_a_hang():
    state = slurm_state()
    state.plan.entities["a"].stages["train"].progress = STALL
    d = train(started(state), running(), at(60))
    assert d.state.stage("a.train").status == StageStatus.RUNNING
    d = train(d.state, queued("BeginTime"), at(hours=2))  # Slurm requeued it (preemption, node failure)
    assert cancels(d) == []
    assert d.state.stage("a.train").fault is None
    assert d.state.stage("a.train").diagnosis.verdict.startswith("queued ")


def test_time_in_the_queue_after_a_requeue_does_not_count_as_a_stall():
    state = slurm_state()
    state.plan.entities["a"].stages["train"].progress = Progress(regex=r"step (?P<done>\d+)", stall_after=1800)
    state = train(started(state), running(), at(60)).state
    state = train(state, running(), at(minutes=10), progress=(10.0, 100.0)).state
    state = train(state, queued("BeginTime"), at(minutes=20)).state  # preempted and requeued by Slurm
    state = train(state, queued("Priority"), at(hours=2)).state
    d = train(state, running(), at(hours=2, minutes=20))  # running again: it has had no time to print yet
    assert cancels(d) == []
    assert not d.state.stage("a.train").diagnosis.verdict.startswith("hung")


def test_queued_then_running_proceeds_normally():
    state = started(slurm_state())
    state = train(state, queued(), at(minutes=10)).state
    d = train(state, running(host="gpu-07"), at(minutes=20))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.RUNNING
    assert stage.current().started_at == datetime(2024, 3, 1, 12, 0, 5, tzinfo=UTC)
    assert stage.current().host == "gpu-07"
    assert event_kinds(d) == ["running"]
    assert stage.diagnosis.verdict == "running"


def test_queued_then_completed_succeeds():
    state = train(started(slurm_state()), queued(), at(minutes=10)).state
    d = train(state, ended("COMPLETED"), at(hours=1))
    assert d.state.stage("a.train").status == StageStatus.SUCCEEDED
    assert submits(d) == ["a.eval"]


# --- scheduler unreachable -----------------------------------------------------------------


def test_unreachable_running_attempt_is_left_as_it_is():
    state = train(started(slurm_state()), running(), at(60)).state
    d = train(state, unreachable(), at(hours=1))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.RUNNING
    assert stage.fault is None
    assert stage.current().outcome is None
    assert stage.budget_used == {}
    assert stage.free_retries == 0
    assert d.actions == []
    assert d.state.total_attempts == 1


def test_unreachable_verdict_says_so_and_nothing_is_judged():
    d = train(started(slurm_state()), unreachable(), at(60))
    verdict = d.state.stage("a.train").diagnosis.verdict
    assert verdict.startswith("scheduler unreachable")
    assert "Unable to contact slurm controller" in verdict
    assert d.state.stage("a.train").diagnosis.scheduler.alive is None  # nobody knows


def test_unreachable_events_are_the_spell_and_the_diagnosis():
    d = train(started(slurm_state()), unreachable(), at(60))
    assert event_kinds(d) == ["scheduler_unreachable"]
    assert d.state.scheduler_unreachable_since == at(60)
    (ev,) = events_of(d, "diagnosed")
    assert ev["verdict"].startswith("scheduler unreachable")


def test_unreachable_without_a_handle_does_not_relaunch():
    state = submitted_only(slurm_state())
    assert state.stage("a.train").current().handle is None
    d = train(state, unreachable(), at(60))
    attempt = d.state.stage("a.train").current()
    assert submits(d) == []
    assert d.actions == []
    assert attempt.launches == 1
    assert attempt.handle is None
    assert d.state.stage("a.train").status == StageStatus.SUBMITTED


def test_unreachable_for_days_past_the_starting_timeout_changes_nothing():
    state = started(slurm_state())
    for hours in (1, 6, 24, 72):
        d = train(state, unreachable(), at(hours=hours))
        assert d.actions == []
        state = d.state
    stage = state.stage("a.train")
    assert stage.status == StageStatus.SUBMITTED
    assert (stage.fault, stage.budget_used, stage.attempt) == (None, {}, 1)


def test_unreachable_during_a_cancel_sends_no_kill():
    state = slurm_state()
    state.plan.entities["a"].stages["train"].progress = STALL
    state = train(started(state), running(), at(10)).state
    d = train(state, running(), at(minutes=5))
    assert cancels(d) == ["a.train"]  # hung: TERM
    d = train(d.state, unreachable(), at(minutes=30))
    assert d.actions == []
    assert d.state.stage("a.train").current().cancel.killed_at is None


def test_after_unreachable_a_running_job_is_seen_running():
    state = train(started(slurm_state()), unreachable(), at(60)).state
    d = train(state, running(), at(120))
    assert d.state.stage("a.train").status == StageStatus.RUNNING
    assert event_kinds(d) == ["running", "scheduler_back"]
    assert d.state.scheduler_unreachable_since is None


def test_after_unreachable_an_exit_is_judged():
    state = train(started(slurm_state(ladder=NO_RETRY)), unreachable(), at(60)).state
    d = train(state, ended("FAILED", code=3), at(120))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD
    assert stage.fault.label == "exit_3"


def test_after_unreachable_a_handleless_attempt_is_adopted_or_relaunched():
    state = train(submitted_only(slurm_state()), unreachable(), at(60)).state
    d = train(state, missing(), at(120))
    assert submits(d) == ["a.train"]
    assert d.state.stage("a.train").current().launches == 2


def test_unreachable_on_one_stage_does_not_stop_another():
    graph = {"a": {"train": []}, "b": {"train": []}}
    state = started(slurm_state(graph))
    d = decide(state, observe(**{"a.train": seen(unreachable()), "b.train": seen(ended("COMPLETED"))}), at(60))
    assert d.state.stage("a.train").status == StageStatus.SUBMITTED
    assert d.state.stage("b.train").status == StageStatus.SUCCEEDED


# --- no handle: relaunch or adopt ----------------------------------------------------------


def test_handleless_attempt_with_no_job_is_launched_again():
    state = submitted_only(slurm_state())
    d = train(state, missing(), at(60))
    attempt = d.state.stage("a.train").current()
    assert d.actions == [Submit("a.train", 1, attempt.job_name)]  # the same attempt, not a new one
    assert attempt.launches == 2
    assert d.state.stage("a.train").attempt == 1
    assert d.state.total_attempts == 1
    assert event_kinds(d) == ["relaunch"]


def test_handleless_attempt_found_by_name_is_adopted():
    state = submitted_only(slurm_state())
    found = Handle(job_id="17")
    d = decide(state, observe(**{"a.train": seen(queued(job_id="17"), found=found)}), at(60))
    attempt = d.state.stage("a.train").current()
    assert attempt.handle == found
    assert attempt.adopted is True
    assert submits(d) == []
    assert attempt.launches == 1
    (ev,) = events_of(d, "adopted")
    assert "job 17" in ev["message"]
    assert ev["job_id"] == "17"
    assert "pid" not in ev


def test_adopted_job_that_already_runs_is_running():
    state = submitted_only(slurm_state())
    found = Handle(job_id="17")
    d = decide(state, observe(**{"a.train": seen(JobFacts(**{**running().__dict__, "found": found}), found=found)}),
               at(60))
    assert d.state.stage("a.train").status == StageStatus.RUNNING
    assert event_kinds(d) == ["adopted", "running"]


def test_adopted_job_that_already_finished_is_judged():
    state = submitted_only(slurm_state())
    found = Handle(job_id="17")
    d = decide(state, observe(**{"a.train": seen(ended("COMPLETED"), found=found)}), at(60))
    assert d.state.stage("a.train").status == StageStatus.SUCCEEDED
    assert d.state.stage("a.train").current().adopted is True


def test_the_job_that_claimed_the_folder_replaces_a_recorded_second_copy_with_an_event():
    """The recorded job (18) was submitted again after a tick died before recording job 17; 17 claimed the
    folder, and the backend reports it as ``found``: the attempt follows 17, and 18's stand-down is nothing."""
    state = launched(submitted_only(slurm_state()), job_id=18)
    claimed = Handle(job_id="17")
    d = decide(state, observe(**{"a.train": seen(JobFacts(**{**running(job_id="17").__dict__, "found": claimed}),
                                               found=claimed)}), at(60))
    attempt = d.state.stage("a.train").current()
    assert (attempt.handle, attempt.adopted, attempt.outcome) == (claimed, True, None)
    assert d.state.stage("a.train").status == StageStatus.RUNNING and submits(d) == [] and cancels(d) == []
    (ev,) = events_of(d, "adopted")
    assert ev["job_id"] == "17" and "job 18 is a second copy that stands down" in ev["message"]
    again = decide(d.state, observe(**{"a.train": seen(running(job_id="17"), found=None)}), at(120))
    assert events_of(again, "adopted") == []  # once: the recorded handle is the claim's now


# --- refused by the scheduler (sbatch error) ----------------------------------------------

REFUSED = "sbatch: error: Batch job submission failed: Invalid partition name specified"


def refused(state: RunState) -> RunState:
    """The shell's Submit was refused: no handle, the error kept on the attempt."""
    new = state.model_copy(deep=True)
    new.stage("a.train").current().launch_error = REFUSED
    return new


def test_refused_launch_is_a_config_fault_of_the_attempt():
    d = train(refused(submitted_only(slurm_state())), missing(), at(60))
    first = d.state.stage("a.train").attempts[0]
    assert (first.fault.klass, first.fault.label) == (FaultClass.CONFIG, "submit_rejected")
    assert first.fault.evidence == REFUSED
    assert first.outcome == "failed"
    assert first.launches == 1  # never launched again as the same attempt
    assert d.state.stage("a.train").budget_used == {FaultClass.CONFIG: 1}
    assert d.actions == [Submit("a.train", 2, d.state.stage("a.train").attempts[1].job_name)]


def test_refused_launch_without_budget_is_held():
    d = train(refused(submitted_only(slurm_state(ladder=NO_RETRY))), missing(), at(60))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD
    assert stage.fault.label == "submit_rejected"
    assert submits(d) == []
    assert WriteAnalysis("a") in d.actions


def test_refused_twice_is_held_not_relaunched_forever():
    state = train(refused(submitted_only(slurm_state())), missing(), at(60)).state
    state.stage("a.train").current().launch_error = REFUSED  # attempt 2 refused the same way
    d = train(state, missing(), at(120))
    assert d.state.stage("a.train").status == StageStatus.HELD
    assert submits(d) == []
    assert d.state.total_attempts == 2


def test_refused_but_found_by_name_is_adopted():
    found = Handle(job_id="17")
    d = decide(refused(submitted_only(slurm_state())),
               observe(**{"a.train": seen(queued(job_id="17"), found=found)}), at(60))
    attempt = d.state.stage("a.train").current()
    assert attempt.handle == found
    assert attempt.fault is None
    assert d.state.stage("a.train").status == StageStatus.SUBMITTED


def test_refused_launch_is_not_judged_while_the_scheduler_is_unreachable():
    d = train(refused(submitted_only(slurm_state())), unreachable(), at(60))
    assert d.actions == []
    assert d.state.stage("a.train").current().fault is None


# --- ended by the scheduler ----------------------------------------------------------------


@pytest.mark.parametrize("word, ended_by, klass, label", [
    ("TIMEOUT", "time_limit", FaultClass.CONFIG, "time_limit"),
    ("OUT_OF_MEMORY", "out_of_memory", FaultClass.CONFIG, "host_oom"),
    ("DEADLINE", "deadline", FaultClass.CONFIG, "deadline"),
    ("PREEMPTED", "preempted", FaultClass.TRANSIENT, "preempted"),
    ("NODE_FAIL", "node_fail", FaultClass.TRANSIENT, "node_failure"),
    ("BOOT_FAIL", "boot_fail", FaultClass.TRANSIENT, "boot_failure"),
])
def test_scheduler_ended_faults(word, ended_by, klass, label):
    d = train(started(slurm_state(ladder=NO_RETRY)), ended(word, ended_by, code=None, signal=15), at(hours=1))
    fault = d.state.stage("a.train").attempts[0].fault
    assert (fault.klass, fault.label) == (klass, label)
    assert fault.free is (klass == FaultClass.TRANSIENT)


@pytest.mark.parametrize("word, ended_by", [("TIMEOUT", "time_limit"), ("OUT_OF_MEMORY", "out_of_memory"),
                                            ("PREEMPTED", "preempted"), ("NODE_FAIL", "node_fail"),
                                            ("DEADLINE", "deadline")])
def test_exit_zero_is_not_success_when_the_scheduler_ended_it(word, ended_by):
    # jobcomp/sacct may say 0:0 for a job Slurm ended; ended_by decides
    d = train(started(slurm_state(ladder=NO_RETRY)), ended(word, ended_by, code=0), at(hours=1))
    stage = d.state.stage("a.train")
    assert stage.status != StageStatus.SUCCEEDED
    assert stage.attempts[0].outcome == "failed"
    assert "succeeded" not in event_kinds(d)
    assert "a.eval" not in submits(d)


def test_exit_zero_with_done_when_holding_is_still_a_time_limit():
    d = train(started(slurm_state(ladder=NO_RETRY)), ended("TIMEOUT", "time_limit", code=0), at(hours=1),
              done_when=[ok_check()])
    assert d.state.stage("a.train").status == StageStatus.HELD
    assert d.state.stage("a.train").fault.label == "time_limit"


#: A config line the job printed and survived (an optional import); it did not end the job.
HARMLESS = LogLine(file="stderr", offset=0, text="ModuleNotFoundError: No module named 'wandb'",
                   rules=("missing_module",))


def test_the_schedulers_verdict_beats_an_earlier_log_line():
    d = train(started(slurm_state(ladder=NO_RETRY)), ended("PREEMPTED", "preempted", code=None, signal=15),
              at(hours=1), matches=[HARMLESS])
    assert d.state.stage("a.train").attempts[0].fault.label == "preempted"
    assert submits(d) == ["a.train"]


def test_the_schedulers_verdict_beats_a_fatal_log_line_after_exit_zero():
    d = train(started(slurm_state(ladder=NO_RETRY)), ended("PREEMPTED", "preempted", code=0), at(hours=1),
              matches=[HARMLESS])
    stage = d.state.stage("a.train")
    assert stage.attempts[0].fault.label == "preempted"
    assert stage.free_retries == 1
    assert submits(d) == ["a.train"]


def test_time_limit_spends_the_config_budget():
    d = train(started(slurm_state()), ended("TIMEOUT", "time_limit", code=None, signal=15), at(hours=1))
    stage = d.state.stage("a.train")
    assert stage.budget_used == {FaultClass.CONFIG: 1}
    assert stage.free_retries == 0
    assert submits(d) == ["a.train"]  # config: one retry at once by default


@pytest.mark.parametrize("word, ended_by, label", [("PREEMPTED", "preempted", "preempted"),
                                                   ("NODE_FAIL", "node_fail", "node_failure"),
                                                   ("BOOT_FAIL", "boot_fail", "boot_failure")])
def test_scheduler_faults_are_retried_at_once_without_budget(word, ended_by, label):
    d = train(started(slurm_state(ladder=NO_RETRY)), ended(word, ended_by, code=None, signal=15), at(hours=1))
    stage = d.state.stage("a.train")
    assert stage.budget_used == {}
    assert stage.free_retries == 1
    assert d.actions == [Submit("a.train", 2, stage.attempts[1].job_name)]
    assert (stage.status, stage.attempt) == (StageStatus.SUBMITTED, 2)
    (ev,) = events_of(d, "retry_scheduled")
    assert ev["free"] is True and ev["wait_s"] == 0.0
    assert label in ev["message"]


def test_free_retries_are_not_stopped_by_the_same_failure_twice():
    state = started(slurm_state(ladder=NO_RETRY))
    for i in range(1, 5):
        d = train(state, ended("PREEMPTED", "preempted", code=None, signal=15, job_id=str(16 + i)), at(hours=i))
        assert submits(d) == ["a.train"], i
        state = launched(d.state, job_id=17 + i)
    stage = state.stage("a.train")
    assert stage.free_retries == 4
    assert stage.budget_used == {}
    assert stage.attempt == 5
    assert stage.attempts[0].fingerprint == stage.attempts[1].fingerprint  # identical, yet retried


def test_free_retries_leave_the_budget_for_real_failures():
    state = started(slurm_state(ladder=LadderSpec(unknown=Rung(retries=1, backoff=[0]))))
    state = launched(train(state, ended("NODE_FAIL", "node_fail", code=None), at(hours=1)).state, 18)
    d = train(state, ended("FAILED", code=1, job_id="18"), at(hours=2))
    assert submits(d) == ["a.train"]  # the unknown budget is still whole
    assert d.state.stage("a.train").budget_used == {FaultClass.UNKNOWN: 1}
    assert d.state.stage("a.train").free_retries == 1


def test_free_retries_are_bounded_by_max_attempts():
    state = slurm_state(ladder=NO_RETRY)
    state.plan.max_attempts = 2
    state = started(state)
    d = train(state, ended("PREEMPTED", "preempted", code=None), at(hours=1))
    assert submits(d) == ["a.train"]
    state = launched(d.state, 18)
    d = train(state, ended("PREEMPTED", "preempted", code=None, job_id="18"), at(hours=2))
    stage = d.state.stage("a.train")
    assert submits(d) == []
    assert stage.status == StageStatus.HELD
    assert "run-wide cap on attempts" in stage.reason
    assert stage.free_retries == 1
    assert d.state.total_attempts == 2


def test_a_free_retry_needs_resubmit_authorisation():
    state = slurm_state()
    state.plan.authorization = ["submit"]
    d = train(started(state), ended("PREEMPTED", "preempted", code=None), at(hours=1))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD
    assert submits(d) == []
    assert stage.free_retries == 0


def test_scheduler_end_event_carries_the_class_and_label():
    d = train(started(slurm_state(ladder=NO_RETRY)), ended("TIMEOUT", "time_limit", code=None, signal=15), at(hours=1))
    (ev,) = events_of(d, "failed")
    assert ev["fault"] == {"class": "config", "label": "time_limit"}
    assert "Slurm says TIMEOUT" in ev["message"]


# --- cancelled ---------------------------------------------------------------------------


def test_cancelled_outside_tianluo_is_held_not_retried():
    state = train(started(slurm_state()), running(), at(60)).state
    d = train(state, ended("CANCELLED", "cancelled", code=None, signal=15), at(hours=1))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD
    assert stage.hold.by == "ladder"
    assert stage.fault.label == "cancelled_outside"
    assert stage.current().fault.label == "cancelled_outside"
    assert stage.current().outcome == "failed"
    assert WriteAnalysis("a") in d.actions
    assert submits(d) == []
    assert cancels(d) == []
    assert stage.budget_used == {}
    assert "cancelled outside tianluo (by a person or the scheduler)" in stage.hold.reason
    assert "scancel" not in stage.hold.reason  # the same words under every scheduler


def test_cancelled_outside_blocks_what_needs_it():
    state = started(slurm_state())
    d = train(state, ended("CANCELLED", "cancelled", code=0), at(hours=1))  # jobcomp's 0:0
    assert d.state.stage("a.train").status == StageStatus.HELD
    assert d.state.stage("a.eval").status == StageStatus.BLOCKED
    assert d.state.phase == Phase.BLOCKED


def test_cancelled_while_still_queued_is_held_too():
    facts = JobFacts(state=JobState.EXITED, job_id="17", scheduler_state="CANCELLED", ended_by="cancelled",
                     detail="Slurm says CANCELLED, no exit code (from sacct)")
    d = train(train(started(slurm_state()), queued(), at(60)).state, facts, at(hours=1))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD
    assert stage.fault.label == "cancelled_outside"
    assert stage.fault.evidence == "Slurm says CANCELLED, no exit code (from sacct)"
    assert submits(d) == []


def test_cancelled_outside_records_what_the_scheduler_said():
    d = train(started(slurm_state()), ended("CANCELLED", "cancelled", code=None, signal=15), at(hours=1))
    stage = d.state.stage("a.train")
    assert stage.current().signal == 15
    assert stage.current().host == "gpu-07"
    assert stage.fault.evidence == "Slurm says CANCELLED"
    assert stage.diagnosis.verdict == "cancelled outside tianluo (held)"
    assert [e["event"] for e in d.events if e["event"] in ("failed", "held")] == ["failed", "held"]


def test_cancelled_after_tianluo_cancelled_a_hang_climbs_the_ladder():
    state = slurm_state()
    state.plan.entities["a"].stages["train"].progress = STALL
    state = train(started(state), running(), at(10)).state
    d = train(state, running(), at(minutes=5))
    assert d.actions[0] == Cancel("a.train", 1, state.stage("a.train").current().job_name,
                                  d.state.stage("a.train").current().cancel.reason, "TERM")
    d = train(d.state, ended("CANCELLED", "cancelled", code=None, signal=15), at(minutes=6))
    stage = d.state.stage("a.train")
    assert stage.attempts[0].fault.label == "hang"
    assert stage.attempts[0].fault.klass == FaultClass.TRANSIENT
    assert stage.status == StageStatus.SUBMITTED  # retried (transient: first retry at once)
    assert submits(d) == ["a.train"]
    assert stage.budget_used == {FaultClass.TRANSIENT: 1}
    assert stage.hold is None


# --- degrade: exclude the host -------------------------------------------------------------

ECC = LogLine(file="stderr", offset=0, text="RuntimeError: CUDA error: uncorrectable ECC error encountered", rules=())


def excluding_state() -> RunState:
    """gpu_fault (transient, no retries) has exclude_host pre-authorised."""
    state = slurm_state(ladder=NO_RETRY)
    state.plan.entities["a"].stages["train"].degrade = {
        "gpu_fault": DegradeAction(name="avoid_host", exclude_host=True)}
    return state


def gpu_fault(state: RunState, now: datetime, host: str | None = "gpu-07", job_id: str = "17"):
    return train(state, ended("FAILED", code=1, host=host, job_id=job_id), now, matches=[ECC])


def test_exclude_host_after_a_failure_on_it():
    d = gpu_fault(started(excluding_state()), at(hours=1))
    stage = d.state.stage("a.train")
    assert stage.attempts[0].fault.label == "gpu_fault"
    assert stage.exclude_hosts == ["gpu-07"]
    (deg,) = stage.degradations
    assert (deg.attempt, deg.action, deg.changes) == (1, "avoid_host", ["exclude host gpu-07"])
    assert submits(d) == ["a.train"]  # the next attempt goes at once, elsewhere
    (ev,) = events_of(d, "degraded")
    assert ev["changes"] == ["exclude host gpu-07"]


def test_exclude_host_spends_no_budget_and_keeps_params():
    d = gpu_fault(started(excluding_state()), at(hours=1))
    stage = d.state.stage("a.train")
    assert stage.budget_used == {}
    assert d.state.entities["a"].params == {}
    assert stage.variant is None


def test_second_failure_on_an_excluded_host_is_held():
    state = launched(gpu_fault(started(excluding_state()), at(hours=1)).state, 18)
    d = gpu_fault(state, at(hours=2), job_id="18")  # Slurm ran it there anyway (or the host came from exit.json)
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD
    assert stage.exclude_hosts == ["gpu-07"]
    assert len(stage.degradations) == 1
    assert submits(d) == []
    assert WriteAnalysis("a") in d.actions


def test_failure_on_another_host_excludes_that_one_too():
    state = launched(gpu_fault(started(excluding_state()), at(hours=1)).state, 18)
    d = gpu_fault(state, at(hours=2), host="gpu-09", job_id="18")
    stage = d.state.stage("a.train")
    assert stage.exclude_hosts == ["gpu-07", "gpu-09"]
    assert [x.changes for x in stage.degradations] == [["exclude host gpu-07"], ["exclude host gpu-09"]]
    assert submits(d) == ["a.train"]


def test_exclude_host_without_a_known_host_is_held():
    d = gpu_fault(started(excluding_state()), at(hours=1), host=None)
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD
    assert stage.exclude_hosts == []
    assert stage.degradations == []


def test_exclude_host_needs_degrade_authorisation():
    state = excluding_state()
    state.plan.authorization = ["submit", "resubmit", "cancel_hung"]
    d = gpu_fault(started(state), at(hours=1))
    assert d.state.stage("a.train").status == StageStatus.HELD
    assert d.state.stage("a.train").exclude_hosts == []


def test_job_spec_carries_the_excluded_hosts_and_the_resources(tmp_path):
    state = excluding_state()
    res = Resources(partition="gpu", gpus=1, time=8 * 3600)
    state.plan.entities["a"].stages["train"].resources = res
    state = launched(gpu_fault(started(state), at(hours=1)).state, 18)
    attempt = state.stage("a.train").current()
    spec = job_spec(state, tmp_path, "a.train", attempt)
    assert spec.exclude_hosts == ("gpu-07",)
    assert spec.resources == res
    assert spec.attempt_dir == str(tmp_path.resolve() / "attempts/a/train/2")


def test_the_excluded_host_reaches_the_batch_script(tmp_path):
    state = launched(gpu_fault(started(excluding_state()), at(hours=1)).state, 18)
    spec = job_spec(state, tmp_path, "a.train", state.stage("a.train").current())
    script = render(spec, "/usr/bin/python3")
    assert "#SBATCH --exclude=gpu-07\n" in script


def test_job_spec_of_a_stage_with_nothing_excluded(tmp_path):
    state = started(slurm_state())
    spec = job_spec(state, tmp_path, "a.train", state.stage("a.train").current())
    assert spec.exclude_hosts == ()
    assert spec.resources is None
    assert "--exclude" not in render(spec, "/usr/bin/python3")


# --- event ticks ---------------------------------------------------------------------------


def with_trigger(state: RunState, kind: str = "cron") -> RunState:
    state.trigger = TriggerRecord(kind=kind, every=600.0, installed_at=T0)
    return state


def test_no_event_ticks_on_slurm_even_with_a_trigger():
    assert event_ticks(with_trigger(slurm_state())) is False


def test_event_ticks_on_local_with_a_trigger_for_contrast():
    state = with_trigger(state_from_graph(CHAIN))
    assert state.plan.backend.kind == "local"
    assert event_ticks(state) is True


def test_slurm_job_spec_has_no_poke(tmp_path):
    state = with_trigger(started(slurm_state()))
    spec = job_spec(state, Path(tmp_path), "a.train", state.stage("a.train").current())
    assert spec.poke is None


# --- a long silence is news for the owner ------------------------------------------------------


def _notifying(state: RunState) -> RunState:
    from tianluo.planning.spec import NotifySpec

    state.plan.notify = [NotifySpec(command="true")]
    state.plan.interval = 600.0
    return state


def _scheduler_notes(d) -> list:
    """The scheduler notices the decision recorded and not yet sent (``RunState.notices``)."""
    return [n for n in d.state.notices if n.kind == "scheduler" and n.sent_at is None]


def test_a_short_silence_notifies_nobody():
    state = train(started(_notifying(slurm_state())), unreachable(), at(60)).state
    d = train(state, unreachable(), at(60 + 1799))
    assert _scheduler_notes(d) == []
    assert d.state.scheduler_unreachable_since == at(60)  # the spell keeps its start


def test_a_long_silence_notifies_once_and_the_answer_resets_it():
    state = train(started(_notifying(slurm_state())), unreachable(), at(60)).state
    d = train(state, unreachable(), at(60 + 1800))
    (note,) = _scheduler_notes(d)
    assert "30 minutes" in note.body and "does not answer" in note.title
    state = d.state
    assert state.scheduler_notified is True  # recorded by the decision with the notice
    state.notices = [n.model_copy(update={"sent_at": at(60 + 1800)}) for n in state.notices]  # the shell sent it
    assert _scheduler_notes(train(state, unreachable(), at(60 + 3600))) == []
    back = train(state, running(), at(60 + 3700)).state
    assert (back.scheduler_unreachable_since, back.scheduler_notified) == (None, False)


def test_the_notice_waits_three_intervals_when_they_are_longer():
    state = _notifying(slurm_state())
    state.plan.interval = 1200.0  # 3 x 20 min = 60 min > 30 min
    state = train(started(state), unreachable(), at(60)).state
    assert _scheduler_notes(train(state, unreachable(), at(60 + 3599))) == []
    assert len(_scheduler_notes(train(state, unreachable(), at(60 + 3600)))) == 1


def test_the_shell_marks_the_scheduler_notice_sent(tmp_path):
    from tianluo.core.actions import SendNotices
    from tianluo.shell.store import RunStore
    from tianluo.shell.tick import _act

    state = train(started(_notifying(slurm_state())), unreachable(), at(60)).state
    state = train(state, unreachable(), at(60 + 1800)).state
    state.plan.workdir = str(tmp_path)  # where the notify command runs
    store = RunStore(tmp_path)
    store.save(state)
    events = _act(store, state, [SendNotices()], backend=None, now=at(60 + 1800))
    assert [e["event"] for e in events] == ["notified"]
    (notice,) = store.load().notices
    assert notice.kind == "scheduler" and notice.sent_at == at(60 + 1800)
