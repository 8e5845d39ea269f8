"""Time limits (issue 21, part 3): ``resources.time`` is a hard limit on every backend, ``expected`` a soft one.

Pure decisions, in the style of tests/test_decide.py: a RunState from a spec, made-up JobFacts, a
fixed ``now``. Slurm keeps ``--time`` itself (TIMEOUT -> config/time_limit); on the local and command
backends tianluo cancels an attempt at its limit (TERM, KILL after cancel_grace) and fails it as
config/time_limit, which climbs the ladder like Slurm's. A degrade may raise the limit for the next
attempts. Past ``expected``, and again past twice it, the owner is told once each per attempt.
"""

from datetime import datetime
from pathlib import Path

import pytest
from freezegun import freeze_time
from pure_helpers import (
    RUN_ID,
    T0,
    at,
    cancels,
    event_kinds,
    events_of,
    exited,
    launched,
    observe,
    pending_notices,
    running,
    seen,
    submits,
    write_spec,
)

from tianluo.backends.base import JobFacts
from tianluo.backends.command import CommandOptions
from tianluo.backends.local import LocalOptions
from tianluo.backends.sbatch import render
from tianluo.backends.slurm import SlurmOptions
from tianluo.core.actions import Cancel, WriteAnalysis
from tianluo.core.decide import decide
from tianluo.core.jobspec import job_spec
from tianluo.models.model import RunState, dump_state
from tianluo.models.states import FaultClass, JobState, StageStatus
from tianluo.planning import forks
from tianluo.planning.newrun import initial_state
from tianluo.planning.plan import build_plan
from tianluo.planning.spec_checks import load_spec
from tianluo.shell.store import parse_state
from tianluo.timefmt import iso
from tianluo.views import analysis, lessons, status

SID = "a.train"
HOUR = 3600.0

LIMITED = """
name: limits
cancel_grace: 30s
entities:
  a:
    stages:
      train:
        run: python train.py
        resources: {time: 1h}
ladder:
  config: {retries: 1}
"""

MORE_TIME = """
name: limits
cancel_grace: 30s
entities:
  a:
    stages:
      train:
        run: python train.py
        resources: {time: 1h}
        degrade:
          time_limit:
            - {name: more_time, time: {multiply: 2, max: 3h}}
ladder:
  config: {retries: 0}
"""

EXPECTED = """
name: long
entities:
  a:
    stages:
      train:
        run: python train.py
        progress: {regex: 'step (?P<done>\\d+)/(?P<total>\\d+)'}
        expected: 30m
notify:
  - command: 'true'
  - command: 'true'
    on: [held]
  - command: 'true'
    on: [long]
"""


def planned(tmp_path: Path, text: str, answers: dict[str, str] | None = None) -> RunState:
    """The run of spec ``text`` started at T0, its forks answered with ``answers`` (else their defaults)."""
    path = write_spec(tmp_path, text)
    spec, _ = load_spec(path)
    return initial_state(RUN_ID, build_plan(spec, path, answers), T0)


def live(state: RunState) -> RunState:
    """The first decision, its attempt launched by the shell."""
    return launched(decide(state, observe(), T0).state)


def run(state: RunState, now: datetime, since: datetime = T0, **facts) -> "object":
    """A decision at ``now`` that sees a.train running since ``since``."""
    return decide(state, observe(**{SID: seen(running(started_at=iso(since)), **facts)}), now)


def term(decision) -> Cancel:
    (cancel,) = [a for a in decision.actions if isinstance(a, Cancel)]
    return cancel


def ended(state: RunState, now: datetime) -> "object":
    """The cancelled attempt is seen gone: TERM ended it."""
    return decide(state, observe(**{SID: seen(exited(None, signal=15))}), now)


def relaunched(decision, now: datetime) -> RunState:
    """The shell launched the retry the decision asked for, and the next decision sees it running."""
    state = launched(decision.state)
    return run(state, now, since=now).state


# --- the hard limit: cancelled at it, never before -------------------------------------------------------------


def test_a_running_attempt_is_cancelled_at_its_time_limit_and_not_before(tmp_path):
    s = live(planned(tmp_path, LIMITED))
    s = run(s, at(60)).state
    before = run(s, at(HOUR - 1))
    assert cancels(before) == [] and before.state.stage(SID).diagnosis.verdict == "running"
    assert before.state.stage(SID).current().fault is None
    d = run(before.state, at(HOUR))
    cancel = term(d)
    assert (cancel.stage_id, cancel.attempt, cancel.signal) == (SID, 1, "TERM")
    assert cancel.reason == "time limit: ran 1h, past its time limit resources.time 1h"
    attempt = d.state.stage(SID).current()
    assert (attempt.fault.klass, attempt.fault.label) == (FaultClass.CONFIG, "time_limit")
    assert attempt.fault.evidence == "ran 1h, past its time limit resources.time 1h"
    assert attempt.cancel.requested_at == at(HOUR)
    (ev,) = events_of(d, "time_limit")
    assert ev["fault"] == {"class": "config", "label": "time_limit"}
    assert (ev["limit_s"], ev["ran_s"], ev["attempt"]) == (HOUR, HOUR, 1)
    assert d.state.stage(SID).status == StageStatus.RUNNING  # alive until the signal lands
    assert d.state.stage(SID).diagnosis.verdict.startswith("time limit: ran 1h")


def test_the_limit_counts_this_attempts_run_time_from_its_start_not_its_submit(tmp_path):
    s = live(planned(tmp_path, LIMITED))
    late = at(20 * 60)  # it waited 20 minutes before it started (a queue)
    s = run(s, late, since=late).state
    assert cancels(run(s, at(HOUR), since=late)) == []
    assert term(run(s, late + (at(HOUR) - T0), since=late)).signal == "TERM"


def test_a_job_the_scheduler_ran_again_gets_its_whole_limit_again(tmp_path):
    s = live(planned(tmp_path, LIMITED))
    s = run(s, at(60), since=T0).state
    s.stage(SID).current().resumed_at = at(HOUR - 60)  # requeued and running again (command backend)
    assert cancels(run(s, at(HOUR + 60))) == []
    assert cancels(run(s, at(2 * HOUR - 60))) == [SID]


def test_kill_follows_after_cancel_grace_not_before(tmp_path):
    s = run(run(live(planned(tmp_path, LIMITED)), at(60)).state, at(HOUR)).state
    early = run(s, at(HOUR + 29))
    assert cancels(early) == []
    assert early.state.stage(SID).diagnosis.verdict.startswith("cancelling: time limit")
    late = run(early.state, at(HOUR + 30))
    assert term(late).signal == "KILL"
    assert events_of(late, "cancel_kill") and not events_of(late, "time_limit")  # told once


def test_the_limit_is_kept_without_cancel_hung_and_before_the_hang_checks(tmp_path):
    text = LIMITED.replace("resources: {time: 1h}", "resources: {time: 1h}\n        progress: "
                           "{regex: 'step (?P<done>\\\\d+)', stall_after: 10m, startup_after: 10m}")
    state = planned(tmp_path, text)
    state.plan.authorization = ["submit", "resubmit"]  # a hang would be held, not cancelled
    s = live(state)
    d = run(s, at(HOUR))  # no progress line for an hour: hung, and past the limit
    assert term(d).signal == "TERM" and term(d).reason.startswith("time limit:")
    assert d.state.stage(SID).status == StageStatus.RUNNING and d.state.stage(SID).hold is None
    assert events_of(d, "time_limit") and not events_of(d, "hung")


def test_no_limit_no_cancel(tmp_path):
    s = live(planned(tmp_path, LIMITED.replace("        resources: {time: 1h}\n", "")))
    assert cancels(run(s, at(100 * HOUR))) == []


# --- its end: config/time_limit on the ladder, the analysis and status name it ----------------------------------


def test_the_cancelled_attempt_fails_as_config_time_limit_is_retried_then_held(tmp_path):
    s = run(run(live(planned(tmp_path, LIMITED)), at(60)).state, at(HOUR)).state
    d = ended(s, at(HOUR + 5))
    stage = d.state.stage(SID)
    first = stage.attempts[0]
    assert (first.outcome, first.fault.klass, first.fault.label) == ("failed", FaultClass.CONFIG, "time_limit")
    assert first.signal == 15  # TERM, our own: not signal_sigterm
    assert stage.budget_used == {FaultClass.CONFIG: 1}
    (failed,) = events_of(d, "failed")
    assert failed["fault"] == {"class": "config", "label": "time_limit"}
    assert submits(d) == [SID] and stage.attempt == 2  # config's one retry, at once
    kills = [a for a in d.actions if isinstance(a, Cancel)]
    assert [(c.attempt, c.signal) for c in kills] == [(1, "KILL")]  # nothing of it outlives it
    # the retry runs out of time too: held, with the analysis
    start = at(HOUR + 10)
    s = relaunched(d, start)
    assert cancels(run(s, start + (at(HOUR - 1) - T0), since=start)) == []
    s = run(s, start + (at(HOUR) - T0), since=start).state
    d = ended(s, start + (at(HOUR + 5) - T0))
    stage = d.state.stage(SID)
    assert stage.status == StageStatus.HELD and submits(d) == []
    assert (stage.fault.klass, stage.fault.label) == (FaultClass.CONFIG, "time_limit")
    assert "config/time_limit" in stage.hold.reason
    assert any(isinstance(a, WriteAnalysis) for a in d.actions)
    text = analysis.render_section(d.state, "/runs/x", "a", "train", [])
    assert "- label: `time_limit`" in text and "past its time limit resources.time 1h" in text
    assert "ran past its time limit (resources.time)" in text  # the suggested next step
    doc = status.build_status(d.state, tmp_path, now=at(3 * HOUR))
    st = doc["entities"]["a"]["stages"]["train"]
    assert st["fault"]["label"] == "time_limit" and st["time_limit_s"] == HOUR
    assert "config/time_limit" in status.render_status(doc, at(3 * HOUR))
    assert ("held for time_limit with no degrade pre-authorised: consider pre-authorising raise_time (or a longer "
            "resources.time)") in lessons.render(d.state)  # what the next run's plan is told


def test_a_time_limit_reached_again_after_its_retry_is_the_same_failure(tmp_path):
    """The fingerprint masks the numbers of its evidence: two in a row are one failure, repeated."""
    s = run(run(live(planned(tmp_path, LIMITED)), at(60)).state, at(HOUR)).state
    first = ended(s, at(HOUR + 5)).state.stage(SID).attempts[0]
    assert first.fingerprint.startswith("config/time_limit/ran #h, past its time limit resources.time #h")


# --- who keeps the limit: decided by capability -----------------------------------------------------------------


def test_only_a_scheduler_that_keeps_the_limit_itself_is_trusted_with_it():
    assert SlurmOptions().capabilities().enforces_time is True
    assert LocalOptions().capabilities().enforces_time is False
    command = CommandOptions(submit="q submit {script}", status="q status {job_ids}", cancel="q cancel {job_id}",
                             states={"R": "running", "D": "ended"})
    assert command.capabilities().enforces_time is False  # its submit template is not given resources.time


def test_on_slurm_tianluo_does_not_cancel_at_the_limit_slurm_does(tmp_path):
    state = planned(tmp_path, LIMITED)
    state.plan.backend = SlurmOptions()
    s = launched(decide(state, observe(), T0).state)
    s = run(s, at(60)).state
    d = run(s, at(HOUR + 600))
    assert cancels(d) == [] and not events_of(d, "time_limit")
    assert d.state.stage(SID).current().cancel is None
    # Slurm's own TIMEOUT is the same fault, on the same ladder
    timeout = JobFacts(state=JobState.EXITED, exit_code=0, signal=15, host="node1", ended_by="time_limit",
                       scheduler_state="TIMEOUT", started_at=iso(T0), ended_at=iso(at(HOUR + 660)))
    d = decide(d.state, observe(**{SID: seen(timeout)}), at(HOUR + 700))
    first = d.state.stage(SID).attempts[0]
    assert (first.fault.klass, first.fault.label) == (FaultClass.CONFIG, "time_limit")
    assert submits(d) == [SID]


def test_the_command_backend_is_held_to_the_limit_by_tianluo(tmp_path):
    state = planned(tmp_path, LIMITED)
    state.plan.backend = CommandOptions(submit="q submit {script}", status="q status {job_ids}",
                                        cancel="q cancel {job_id}", states={"R": "running", "D": "ended"})
    s = run(launched(decide(state, observe(), T0).state), at(60)).state
    assert term(run(s, at(HOUR))).signal == "TERM"


# --- a degrade raises the limit for the next attempt -------------------------------------------------------------


def test_a_pre_authorised_degrade_raises_the_limit_for_the_next_attempt_then_holds_at_its_max(tmp_path):
    state = planned(tmp_path, MORE_TIME, {f"risk:{SID}:time_limit": "more_time"})
    assert state.plan.entities["a"].stages["train"].degrade["time_limit"].name == "more_time"
    s = run(run(live(state), at(60)).state, at(HOUR)).state
    d = ended(s, at(HOUR + 5))
    stage = d.state.stage(SID)
    assert stage.time_limit == 2 * HOUR and stage.status == StageStatus.SUBMITTED and submits(d) == [SID]
    (ev,) = events_of(d, "degraded")
    assert ev["action"] == "more_time" and ev["changes"] == ["time limit 1h -> 2h"]
    # the next attempt is held to the raised limit, here and in Slurm's --time
    spec = job_spec(d.state, tmp_path / "run", SID, stage.current())
    assert spec.resources.time == 2 * HOUR and "#SBATCH --time=02:00:00" in render(spec, "python3")
    start = at(HOUR + 10)
    s = relaunched(d, start)
    assert cancels(run(s, start + (at(HOUR + 60) - T0), since=start)) == []  # past the old limit: runs on
    d = run(s, start + (at(2 * HOUR) - T0), since=start)
    assert term(d).reason == ("time limit: ran 2h, past its time limit 2h (resources.time 1h, raised by a "
                              "degrade)")
    d = ended(d.state, start + (at(2 * HOUR + 5) - T0))
    assert d.state.stage(SID).time_limit == 3 * HOUR  # doubled, but not past its max
    start = at(4 * HOUR)
    s = relaunched(d, start)
    s = run(s, start + (at(3 * HOUR) - T0), since=start).state
    d = ended(s, start + (at(3 * HOUR + 5) - T0))
    stage = d.state.stage(SID)
    assert stage.status == StageStatus.HELD and stage.time_limit == 3 * HOUR
    assert "its time limit 3h is at its max" in stage.hold.reason
    assert [a.fault.label for a in stage.attempts] == ["time_limit"] * 3


def test_a_raised_limit_survives_a_reload_of_the_state(tmp_path):
    state = planned(tmp_path, MORE_TIME, {f"risk:{SID}:time_limit": "more_time"})
    s = run(run(live(state), at(60)).state, at(HOUR)).state
    d = ended(s, at(HOUR + 5))
    again = parse_state(dump_state(d.state))
    assert again.stage(SID).time_limit == 2 * HOUR
    start = at(HOUR + 10)
    s = relaunched(type(d)(again, d.actions, d.events), start)
    assert cancels(run(s, start + (at(HOUR + 60) - T0), since=start)) == []


def test_a_time_degrade_needs_a_time_limit(tmp_path):
    from tianluo.errors import SpecError

    path = write_spec(tmp_path, MORE_TIME.replace("        resources: {time: 1h}\n", ""))
    with pytest.raises(SpecError, match=r"degrade\.time_limit\[0\]\.time: a\.train has no time limit to raise"):
        load_spec(path)


def test_a_stage_with_a_time_limit_is_offered_raise_time_at_plan_time_hold_by_default(tmp_path):
    path = write_spec(tmp_path, LIMITED)
    spec, _ = load_spec(path)
    (fork,) = [f for f in forks.derive(spec) if f.key == f"risk:{SID}:time_limit"]
    assert fork.type == "risk" and fork.options == ("raise_time", "hold") and fork.default == "hold"
    assert "time limit x2, at most 4h" in fork.question
    assert "time_limit" not in build_plan(spec, path).entities["a"].stages["train"].degrade  # the default: hold
    chosen = build_plan(spec, path, {fork.key: "raise_time"}).entities["a"].stages["train"].degrade["time_limit"]
    assert chosen.time.multiply == 2 and chosen.time.max == 4 * HOUR
    # a stage that says itself what to do on time_limit, or has no limit, is not asked again
    own, _ = load_spec(write_spec(tmp_path, MORE_TIME))
    assert [f.options for f in forks.derive(own) if f.key == f"risk:{SID}:time_limit"] == [("more_time", "hold")]
    bare, _ = load_spec(write_spec(tmp_path, LIMITED.replace("        resources: {time: 1h}\n", "")))
    assert not [f for f in forks.derive(bare) if f.key.endswith(":time_limit")]


# --- the soft limit: expected -----------------------------------------------------------------------------------


def long_notices(decision) -> list:
    return [n for n in pending_notices(decision) if n.kind == "long"]


def test_past_expected_and_past_twice_it_the_owner_is_told_once_each(tmp_path):
    s = live(planned(tmp_path, EXPECTED))
    s = run(s, at(60), progress=(10, 100)).state
    quiet = run(s, at(30 * 60 - 1))
    assert not events_of(quiet, "running_long") and not long_notices(quiet)
    d = run(quiet.state, at(30 * 60), progress=(40, 100))
    (ev,) = events_of(d, "running_long")
    assert (ev["ran_s"], ev["expected_s"], ev["times"], ev["attempt"]) == (1800, 1800.0, 1.0, 1)
    told = long_notices(d)
    assert [n.channel for n in told] == [0, 2]  # not the channel that is only told of holds
    notice = told[0]
    assert notice.key == f"long:{SID}:1:1" and notice.title == "tianluo: a/train runs longer than expected"
    assert "a/train attempt 1 has run 30m, 1.0x its expected 30m; progress 40/100, ETA in " in notice.body
    assert "It has no hard limit (resources.time)" in notice.body
    assert "tianluo hold a" in notice.body and "tianluo stop --cancel" in notice.body
    assert d.state.stage(SID).current().overrun_told == 1
    assert cancels(d) == [] and d.state.stage(SID).status == StageStatus.RUNNING  # a soft limit: it goes on
    # later ticks, and a reload of the state (a crashed tick's successor), do not tell again
    reloaded = parse_state(dump_state(d.state))
    for now in (at(45 * 60), at(59 * 60)):
        again = run(reloaded, now)
        assert not events_of(again, "running_long") and len(again.state.notices) == len(d.state.notices)
        reloaded = parse_state(dump_state(again.state))
    twice = run(reloaded, at(60 * 60))
    (ev,) = events_of(twice, "running_long")
    assert ev["times"] == 2.0
    second = [n for n in long_notices(twice) if n.key == f"long:{SID}:1:2"]
    assert [n.channel for n in second] == [0, 2] and "runs twice longer than expected" in second[0].title
    assert "has run 1h, 2.0x its expected 30m" in second[0].body
    s = parse_state(dump_state(twice.state))
    for now in (at(2 * HOUR), at(10 * HOUR)):
        later = run(s, now)
        assert not events_of(later, "running_long") and len(later.state.notices) == len(twice.state.notices)
        s = later.state


def test_a_tick_that_comes_past_twice_expected_tells_once_not_twice(tmp_path):
    s = live(planned(tmp_path, EXPECTED))
    d = run(s, at(3 * HOUR))
    assert len(events_of(d, "running_long")) == 1
    assert [n.key for n in long_notices(d)] == [f"long:{SID}:1:2"] * 2
    assert d.state.stage(SID).current().overrun_told == 2


def test_each_attempt_is_told_of_its_own_overrun(tmp_path):
    text = EXPECTED.replace("expected: 30m", "expected: 30m\n        resources: {time: 1h}")
    s = run(live(planned(tmp_path, text)), at(30 * 60)).state
    assert s.stage(SID).current().overrun_told == 1
    notice = next(n for n in s.notices if n.kind == "long")
    assert "Its hard limit is 1h (resources.time)" in notice.body
    s = run(s, at(HOUR)).state  # the limit: cancelled, so not told it runs twice as long
    assert s.stage(SID).current().overrun_told == 1
    d = ended(s, at(HOUR + 5))
    start = at(HOUR + 10)
    s = relaunched(d, start)
    d = run(s, start + (at(30 * 60) - T0), since=start)
    assert [n.key for n in long_notices(d) if n.key.startswith(f"long:{SID}:2:")] == [f"long:{SID}:2:1"] * 2
    assert d.state.stage(SID).current().overrun_told == 1


def test_without_channels_a_long_run_is_still_an_event_and_recorded(tmp_path):
    text = EXPECTED.split("notify:")[0]
    d = run(live(planned(tmp_path, text)), at(31 * 60))
    assert event_kinds(d).count("running_long") == 1 and d.state.notices == []
    assert d.state.stage(SID).current().overrun_told == 1


def test_a_queued_or_unseen_attempt_is_not_told_it_runs_long(tmp_path):
    s = live(planned(tmp_path, EXPECTED))
    queued = JobFacts(state=JobState.QUEUED, reason="Priority")
    d = decide(s, observe(**{SID: seen(queued)}), at(2 * HOUR))
    assert not events_of(d, "running_long")
    d = decide(run(s, at(60)).state, observe(), at(2 * HOUR))  # not looked at this tick
    assert not events_of(d, "running_long")


def test_status_marks_a_stage_running_past_its_expected_time(tmp_path):
    text = EXPECTED.replace("expected: 30m", "expected: 6h\n        resources: {time: 20h}")
    s = run(live(planned(tmp_path, text)), at(60)).state
    now = at(6 * HOUR * 2.3)
    doc = status.build_status(s, tmp_path, now=now)
    st = doc["entities"]["a"]["stages"]["train"]
    assert (st["expected_s"], st["time_limit_s"], st["times_expected"]) == (6 * HOUR, 20 * HOUR, 2.3)
    assert "running 13h48m, 2.3x its expected 6h, time limit 20h" in status.render_status(doc, now)
    plain = status.build_status_plain(__import__("json").loads(dump_state(s)), tmp_path, now, lock=False,
                                      records=False)
    assert plain["entities"]["a"]["stages"]["train"] == {**st, "job_pid": None}
    early = status.build_status(s, tmp_path, now=at(5 * HOUR))["entities"]["a"]["stages"]["train"]
    assert early["times_expected"] is None


def test_decide_reads_no_clock_for_time_limits(tmp_path):
    """The limits are measured from ``now`` alone: a frozen wall clock far away changes nothing."""
    s = run(live(planned(tmp_path, LIMITED)), at(60)).state
    with freeze_time("2030-01-01"):
        assert cancels(run(s, at(HOUR - 1))) == []
        assert cancels(run(s, at(HOUR))) == [SID]
