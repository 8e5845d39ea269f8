"""tianluo.core.unknown, in decide: a job the scheduler lists but cannot account for (its host not heard from) is
taken for running within ``backend.lost_after``, then lost with its node. Pure: made-up facts, a fixed ``now``.
(Real queues: tests/test_command_holes.py on tinyq, tests/test_sge_pipeline.py on Grid Engine.)"""

import pytest
from pure_helpers import RUN_ID, T0, at, cancels, events_of, observe, seen, state_from_graph, submits

from tianluo.backends.base import JobFacts
from tianluo.backends.command import LOST_AFTER_S, CommandOptions
from tianluo.core import cancels as policy
from tianluo.core.actions import Cancel, Submit
from tianluo.core.decide import decide
from tianluo.models.model import Handle, RunState
from tianluo.models.states import JobState, StageStatus

NAME = f"tl.{RUN_ID}.a.train"
RU = JobFacts(state=JobState.RUNNING, job_id="17", scheduler_state="r@u", unknown=True,
              started_at="2024-03-01T12:00:05Z",
              detail="the scheduler says r@u: it cannot tell whether the job runs (its host is not heard from)")
R = JobFacts(state=JobState.RUNNING, job_id="17", scheduler_state="r", started_at="2024-03-01T12:00:05Z")
DOWN = JobFacts(state=JobState.UNREACHABLE, job_id="17", detail="backend.status: qstat: unable to contact qmaster")


def running(lost_after: str = "5m", preset: str = "sge") -> RunState:
    """attempt 1 of a.train running on a command backend whose states map a word to unknown (the sge preset)."""
    state = decide(state_from_graph({"a": {"train": []}}), observe(), T0).state
    state.plan.backend = CommandOptions(preset=preset, lost_after=lost_after)
    attempt = state.stage("a.train").current()
    attempt.handle = Handle(job_id="17")
    attempt.submitted_at = T0
    return decide(state, observe(**{"a.train": seen(R)}), at(10)).state


def tick(state: RunState, facts: JobFacts, t: float):
    return decide(state, observe(**{"a.train": seen(facts)}), at(t))


def test_the_bound_is_the_backends_and_only_where_a_word_means_unknown():
    assert CommandOptions(preset="sge").capabilities().lost_after == LOST_AFTER_S == 600.0
    assert CommandOptions(preset="lsf").states["UNKWN"] == "unknown"
    assert CommandOptions(preset="sge", lost_after="90s").capabilities().lost_after == 90.0
    assert CommandOptions(preset="pbs").capabilities().lost_after is None  # no word of PBS means unknown
    assert state_from_graph({"a": {"b": []}}).plan.backend.capabilities().lost_after is None  # local


def test_an_unknown_job_is_not_running_for_status_and_is_lost_past_the_bound():
    state = running()
    d = tick(state, RU, 60)
    stage, attempt = d.state.stage("a.train"), d.state.stage("a.train").current()
    assert stage.status == StageStatus.RUNNING and not d.actions
    assert attempt.unknown_since == at(60)
    verdict = stage.diagnosis.verdict
    assert verdict.startswith("unknown since 2024-03-01T12:01:00Z: the scheduler says r@u"), verdict
    assert "lost at 2024-03-01T12:06:00Z unless it is heard from (backend.lost_after 5m)" in verdict
    assert stage.diagnosis.scheduler.alive is None  # nobody knows
    (told,) = events_of(d, "job_unknown")
    assert told["scheduler_state"] == "r@u" and "lost if it stays so for 5m" in told["message"]

    d = tick(d.state, RU, 60 + 299)  # within the bound: the same verdict, no new event
    assert not d.actions and not events_of(d, "job_unknown") and not events_of(d, "diagnosed")
    assert d.state.stage("a.train").diagnosis.verdict == verdict

    d = tick(d.state, RU, 60 + 300)  # the bound: lost with its node, KILLed, retried (free)
    stage = d.state.stage("a.train")
    first = stage.attempts[0]
    assert (first.outcome, first.fault.klass.value, first.fault.label) == ("failed", "transient", "node_failure")
    assert "has said r@u since 2024-03-01T12:01:00Z, 5m (backend.lost_after 5m)" in first.fault.evidence
    assert d.actions[0] == Cancel("a.train", 1, f"{NAME}.1", "lost: stop any orphans first", "KILL")
    assert submits(d) == ["a.train"] and stage.attempt == 2 and stage.free_retries == 1


def test_a_job_heard_from_again_within_the_bound_runs_on_and_its_next_spell_counts_from_its_own_start():
    state = running()
    d = tick(state, RU, 60)
    d = tick(d.state, R, 200)  # heard from again: a qmaster restart, a host that rebooted its daemon
    attempt = d.state.stage("a.train").current()
    assert attempt.unknown_since is None and d.state.stage("a.train").diagnosis.verdict == "running"
    (back,) = events_of(d, "job_known_again")
    assert back["unknown_s"] == 140 and "knows its job again (r) after 2m20s unknown" in back["message"]
    d = tick(d.state, RU, 400)  # a new spell: 400 - 60 is past the bound, 0 s of this one is not
    d = tick(d.state, RU, 400 + 299)
    assert d.state.stage("a.train").current().outcome is None and not cancels(d)
    d = tick(d.state, RU, 400 + 300)
    assert d.state.stage("a.train").attempts[0].fault.label == "node_failure"


def test_a_scheduler_that_does_not_answer_starts_the_count_again():
    """After a qmaster that was down every host reads unknown until it reports: a spell seen before the silence is
    not carried across it (nothing was seen meanwhile)."""
    state = running()
    d = tick(state, RU, 60)
    d = tick(d.state, DOWN, 120)
    assert d.state.stage("a.train").current().unknown_since is None
    d = tick(d.state, RU, 400)  # past 60 + 300, but the spell starts now
    assert d.state.stage("a.train").current().outcome is None and not cancels(d)
    assert d.state.stage("a.train").current().unknown_since == at(400)


def test_a_lost_attempt_whose_kill_fails_holds_its_retry_back_as_any_lost_attempt():
    state = running(lost_after="60s")
    d = tick(tick(state, RU, 60).state, RU, 120)
    assert [type(a) for a in d.actions] == [Cancel, Submit]
    left = d.state.model_copy(deep=True)  # the shell: the KILL failed, the retry was not launched
    policy.failed(left.stage("a.train").attempts[0], "backend.cancel: qdel exited 1: denied", at(120), True)
    missing = JobFacts(state=JobState.MISSING, detail="no job id recorded")
    d = decide(left, observe(**{"a.train": seen(missing)}), at(180))
    assert d.actions == [Cancel("a.train", 1, f"{NAME}.1", "what is left of it must be gone before attempt 2 starts",
                                "KILL"), Submit("a.train", 2, f"{NAME}.2")]
    assert "attempt 2 waits until attempt 1's job (job 17) is gone" in d.state.stage("a.train").reason


@pytest.mark.parametrize("word", ["r@u", "dr@u", "Rr@u"])
def test_the_sge_preset_reads_a_job_on_an_unheard_host_as_unknown(word):
    from tianluo.backends.command import WordTable

    assert WordTable(CommandOptions(preset="sge").states).get(word) == "unknown"
