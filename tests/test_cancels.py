"""tianluo.core.cancels, in decide: a cancel that fails or never takes effect is sent again within a bound, then
held; a job the scheduler says is over gets no KILL. Pure: made-up facts, a fixed ``now``."""

from datetime import datetime

from pure_helpers import RUN_ID, T0, at, cancels, events_of, handle, lost, observe, seen, state_from_graph, submits

from tianluo.backends.base import JobFacts
from tianluo.core import cancels as policy
from tianluo.core.actions import Cancel, Submit
from tianluo.core.decide import decide
from tianluo.core.holds import release
from tianluo.models.model import Cancelling, RunState
from tianluo.models.states import JobState, StageStatus

ONE = {"a": {"train": []}}
NAME = f"tl.{RUN_ID}.a.train"


def launched(state: RunState, job_id: str = "17") -> RunState:
    new = state.model_copy(deep=True)
    attempt = new.stage("a.train").current()
    if attempt is not None and attempt.handle is None:
        attempt.handle = handle(int(job_id))
        attempt.submitted_at = attempt.intent_at
    return new


def running() -> RunState:
    return launched(decide(state_from_graph(ONE), observe(), T0).state)


def gone(over: bool) -> JobFacts:
    return JobFacts(state=JobState.LOST, job_id="17", scheduler_state="FAILED" if over else None, over=over,
                    detail="the scheduler says FAILED, and the job left no exit.json" if over else
                    "the scheduler no longer lists job 17, and it left no exit.json")


# --- no KILL to a job the scheduler already reports ended ------------------------------------------------


def test_a_lost_job_the_scheduler_says_is_over_gets_no_kill_but_one_it_no_longer_lists_does():
    over = decide(running(), observe(**{"a.train": seen(gone(over=True))}), at(60))
    assert cancels(over) == [] and submits(over) == ["a.train"]
    unlisted = decide(running(), observe(**{"a.train": seen(gone(over=False))}), at(60))
    assert unlisted.actions[0] == Cancel("a.train", 1, f"{NAME}.1", "lost: stop any orphans first", "KILL")
    assert submits(unlisted) == ["a.train"]  # the shell launches it only if the KILL goes through


def test_an_attempt_that_ended_after_tianluos_term_gets_no_kill_when_the_scheduler_says_it_is_over():
    state = running()
    state.stage("a.train").current().cancel = Cancelling(reason="hung", requested_at=T0)
    ended = JobFacts(state=JobState.EXITED, signal=15, job_id="17", scheduler_state="CANCELLED", over=True)
    d = decide(state, observe(**{"a.train": seen(ended)}), at(60))
    assert cancels(d) == []


# --- no retry beside a job whose KILL failed ---------------------------------------------------------------


def kill_failed(state: RunState, now: datetime, answered: bool = True) -> RunState:
    """What the shell does when the KILL of attempt 1's leftovers fails: record it; the retry is not launched."""
    new = state.model_copy(deep=True)
    policy.failed(new.stage("a.train").attempts[0], "backend.cancel: qdel exited 1: denied", now, answered)
    return new


def test_a_retry_waits_while_the_kill_of_what_is_left_fails_and_is_held_past_the_bound():
    state = running()
    state.plan.cancel_grace = 60.0
    d = decide(state, observe(**{"a.train": seen(gone(over=False))}), at(60))
    state = kill_failed(d.state, at(60))  # the retry's intent is recorded; the shell did not launch it
    assert state.stage("a.train").status == StageStatus.SUBMITTED and state.stage("a.train").current().n == 2
    missing = JobFacts(state=JobState.MISSING, detail="no job id recorded")
    for i, t in enumerate((120, 180), start=2):  # each tick: the KILL again, before the launch
        d = decide(state, observe(**{"a.train": seen(missing)}), at(t))
        assert d.actions == [Cancel("a.train", 1, f"{NAME}.1", "what is left of it must be gone before attempt 2 "
                                    "starts", "KILL"), Submit("a.train", 2, f"{NAME}.2")]
        stage = d.state.stage("a.train")
        assert stage.reason.startswith("attempt 2 waits until attempt 1's job (pid 17) is gone: its KILL failed")
        assert "held back" in events_of(d, "relaunch")[0]["message"]
        state = kill_failed(d.state, at(t))
        assert state.stage("a.train").attempts[0].leftover.tries == i
    held = decide(state, observe(**{"a.train": seen(missing)}), at(240))  # 3 refusals over 3 cancel_grace
    stage = held.state.stage("a.train")
    assert stage.status == StageStatus.HELD and held.actions[0].__class__.__name__ == "WriteAnalysis"
    assert "failed 3 times since" in stage.reason and "was not launched beside it" in stage.reason
    assert "qdel exited 1: denied" in stage.reason
    result = release(held.state, "a", at(300), retry=True)
    assert any("is taken as gone" in note for note in result.notes)
    assert result.state.stage("a.train").attempts[0].leftover is None


def test_the_bound_counts_only_refusals_and_needs_its_time():
    state = running()
    state.plan.cancel_grace = 600.0
    d = decide(state, observe(**{"a.train": seen(gone(over=False))}), at(60))
    state = d.state
    for t in (60, 120, 180, 240):
        state = kill_failed(state, at(t), answered=t != 120)  # one try the scheduler did not answer
    assert state.stage("a.train").attempts[0].leftover.tries == 3
    d = decide(state, observe(**{"a.train": seen(JobFacts(state=JobState.MISSING))}), at(300))
    assert d.state.stage("a.train").status == StageStatus.SUBMITTED  # 3 x 600 s have not passed yet
    assert [type(a).__name__ for a in d.actions] == ["Cancel", "Submit"]
    d = decide(state, observe(**{"a.train": seen(JobFacts(state=JobState.MISSING))}), at(60 + 1800))
    assert d.state.stage("a.train").status == StageStatus.HELD


def test_a_retry_after_backoff_sends_the_kill_every_tick_it_waits():
    state = running()
    d = decide(state, observe(**{"a.train": seen(lost())}), at(60))
    state = kill_failed(d.state, at(60))
    stage = state.stage("a.train")  # as if the retry waited out a backoff: not due yet, its intent not made
    stage.attempts.pop()
    stage.attempt = 1
    stage.status = StageStatus.RETRY_WAIT
    stage.next_attempt_at = at(3600)
    d = decide(state, observe(), at(120))
    assert d.actions == [Cancel("a.train", 1, f"{NAME}.1", "what is left of it must be gone before attempt 2 starts",
                                "KILL")]
    assert d.state.stage("a.train").status == StageStatus.RETRY_WAIT


# --- a cancel that never takes effect ------------------------------------------------------------------------


def test_a_cancel_that_never_takes_effect_is_held_as_cancel_failed_after_three_signals():
    state = running()
    state.plan.cancel_grace = 30.0
    attempt = state.stage("a.train").current()
    attempt.started_at = T0
    state.stage("a.train").status = StageStatus.RUNNING
    attempt.cancel = Cancelling(reason="hung: no progress for 30m", requested_at=at(60))
    dr = JobFacts(state=JobState.RUNNING, job_id="17", scheduler_state="dr", started_at="2024-03-01T12:00:05Z")
    kills = []
    for t in (90, 120):
        d = decide(state, observe(**{"a.train": seen(dr)}), at(t))
        kills += [a.signal for a in d.actions if isinstance(a, Cancel)]
        assert f"KILL {len(kills)} times)" in d.state.stage("a.train").diagnosis.verdict
        state = d.state
    assert kills == ["KILL", "KILL"]
    d = decide(state, observe(**{"a.train": seen(dr)}), at(150))
    stage = d.state.stage("a.train")
    assert cancels(d) == [] and stage.status == StageStatus.HELD
    assert (stage.fault.klass.value, stage.fault.label) == ("unknown", "cancel_failed")
    assert "cancel sent 3 times since 2024-03-01T12:01:00" in stage.fault.evidence
    assert "the scheduler still lists it as dr" in stage.reason and "tianluo stops sending KILL" in stage.reason
    assert events_of(d, "held") and any(type(a).__name__ == "WriteAnalysis" for a in d.actions)  # a hold like any
    assert d.state.stage("a.train").current().outcome is None  # it was never seen to end
    note = release(d.state, "a", at(200), retry=True).notes
    assert any("its cancel never took effect" in n for n in note)


# --- what is left of an attempt no retry waits for: the run is over, or its stage succeeded --------------------


def over(phase=None) -> RunState:
    """A stopped run whose attempt 1 was lost and its KILL refused once (attempt 2 recorded, never launched)."""
    from tianluo.models.model import RunEnd
    from tianluo.models.states import Phase

    state = running()
    state.plan.cancel_grace = 60.0
    d = decide(state, observe(**{"a.train": seen(gone(over=False))}), at(60))
    state = kill_failed(d.state, at(60))
    state.phase = phase or Phase.STOPPED
    state.end = RunEnd(outcome="stopped", reason="stopped by the owner: enough", decided_at=at(70), ended_at=at(70))
    return state


def test_a_finished_run_sends_the_kill_of_what_is_left_again_each_tick_and_gives_up_past_the_bound():
    from tianluo.planning.spec_parts import NotifySpec

    state = over()
    state.plan.notify = [NotifySpec(command="true")]
    assert policy.pending(state)
    for t in (120, 180):
        d = decide(state, observe(), at(t))
        assert d.actions == [Cancel("a.train", 1, f"{NAME}.1", "what is left of it must go, though no retry waits "
                                    "for it", "KILL")]  # attempt 2 was never launched, and is not now
        assert state.stage("a.train").attempts[0].leftover.given_up_at is None  # the input is left as it was
        state = kill_failed(d.state, at(t))
    assert state.stage("a.train").attempts[0].leftover.tries == 3
    d = decide(state, observe(), at(240))  # 3 refusals over 3 x cancel_grace: given up, recorded, told
    lo = d.state.stage("a.train").attempts[0].leftover
    assert lo.given_up_at == at(240) and not policy.pending(d.state)
    assert [type(a).__name__ for a in d.actions] == ["SendNotices"]
    (ev,) = events_of(d, "leftover_given_up")
    assert "the KILL of what is left of attempt 1 (pid 17) failed since 2024-03-01T12:01:00Z (3 refused; the " \
           "last: backend.cancel: qdel exited 1: denied): tianluo stops sending it" in ev["message"]
    (notice,) = d.state.notices
    assert notice.kind == "held" and "Make sure pid 17 is gone" in notice.body
    assert cancels(decide(d.state, observe(), at(300))) == []  # no more KILLs


def test_a_kill_the_scheduler_never_answers_is_given_up_after_a_day():
    state = over()
    policy.failed(state.stage("a.train").attempts[0], "backend.cancel: not answered", at(70), answered=False)
    assert state.stage("a.train").attempts[0].leftover.tries == 1
    assert cancels(decide(state, observe(), at(60 + policy.GIVE_UP_S - 1))) == ["a.train"]
    d = decide(state, observe(), at(60 + policy.GIVE_UP_S))
    assert cancels(d) == [] and events_of(d, "leftover_given_up")


def test_an_ending_run_sends_it_too_and_a_running_run_only_where_no_retry_waits():
    from tianluo.models.states import Phase

    ending = over(Phase.ENDING)
    ending.stage("a.train").status = StageStatus.PENDING  # as _reap leaves a stage the end cancelled
    assert cancels(decide(ending, observe(), at(120))) == ["a.train"]
    state = running()
    d = decide(state, observe(**{"a.train": seen(gone(over=False))}), at(60))
    waiting = kill_failed(d.state, at(60))  # its retry waits: the sweep sends the KILL, once, before the launch
    d = decide(waiting, observe(**{"a.train": seen(JobFacts(state=JobState.MISSING))}), at(120))
    assert [type(a).__name__ for a in d.actions] == ["Cancel", "Submit"]
    assert policy.again_words(waiting, waiting.stage("a.train")).startswith("its retry is not launched")
    done = waiting.model_copy(deep=True)  # its stage succeeded another way (a human's release --skip, say)
    done.stage("a.train").status = StageStatus.SUCCEEDED
    assert cancels(decide(done, observe(), at(120))) == ["a.train"]
    assert "no retry waits for it: it is sent again each tick" in policy.again_words(done, done.stage("a.train"))


def test_a_stage_held_past_the_sweeps_bound_gets_no_kill_after_the_run_ends():
    from tianluo.models.model import RunEnd
    from tianluo.models.states import Phase

    state = running()
    state.plan.cancel_grace = 1.0
    d = decide(state, observe(**{"a.train": seen(gone(over=False))}), at(60))
    state = kill_failed(d.state, at(60))
    for t in (61, 62):
        state = kill_failed(decide(state, observe(**{"a.train": seen(JobFacts(state=JobState.MISSING))}),
                                   at(t)).state, at(t))
    held = decide(state, observe(**{"a.train": seen(JobFacts(state=JobState.MISSING))}), at(70))
    assert held.state.stage("a.train").status == StageStatus.HELD
    assert held.state.stage("a.train").attempts[0].leftover.given_up_at == at(70)  # the hold told the owner
    stopped = held.state
    stopped.phase = Phase.STOPPED
    stopped.end = RunEnd(outcome="stopped", reason="enough", decided_at=at(80), ended_at=at(80))
    assert not policy.pending(stopped) and decide(stopped, observe(), at(90)).actions == []
