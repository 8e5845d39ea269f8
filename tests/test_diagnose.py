"""tianluo.core.diagnose: the five layers folded into state, and the cross-layer rules decide
applies with them (hung, silent failure, lost, exit 0 with a fatal line). Pure, fixed time.
"""

import pytest
from pure_helpers import (
    T0,
    at,
    cancels,
    events_of,
    exited,
    failed_check,
    handle,
    launched,
    lost,
    observe,
    ok_check,
    running,
    seen,
    state_from_spec,
    submits,
)

from tianluo.backends.base import JobFacts
from tianluo.core import diagnose
from tianluo.core.actions import Cancel, WriteAnalysis
from tianluo.core.decide import decide
from tianluo.core.observations import OutputStat, StageObservation
from tianluo.models.model import Attempt, Check, LogCursor, ProgressReading, StageState
from tianluo.models.plan_model import PlannedStage
from tianluo.models.states import FaultClass, JobState, StageStatus
from tianluo.planning.spec import Output, Progress
from tianluo.shell.logscan import Cursor, LogLine, ScanResult

SPEC = r"""
name: five
cancel_grace: 30s
entities:
  a:
    stages:
      train:
        run: python train.py
        progress: {regex: 'step (?P<done>\d+)/(?P<total>\d+)', stall_after: 10m}
        output: {path: out/last.ckpt}
        done_when: {exists: out/final.ckpt}
      eval:
        needs: [train]
        run: python eval.py
  b:
    stages:
      train:
        run: python train.py
ladder:
  transient: {retries: 2, backoff: [0s]}
  code: {retries: 0}
"""


def attempt(**kw) -> Attempt:
    base = {"n": 1, "job_name": "tl.r.a.train.1", "dir": "attempts/a/train/1", "intent_at": T0, "handle": handle()}
    base.update(kw)
    return Attempt(**base)


def line(i: int, text: str = "WARN Connection reset by peer", file: str = "stderr") -> LogLine:
    return LogLine(file=file, offset=i * 100, text=f"{text} #{i}", rules=("connection_error",))


def scan(matches=(), progress=None, offset=1000, new=1000, inode=7, head=()) -> ScanResult:
    return ScanResult(cursor=Cursor(offset=offset, inode=inode), new_bytes=new, matches=tuple(matches),
                      progress=progress, progress_at=0 if progress else None, restarted=False, more=False,
                      progress_head=head, from_start=offset == new)


# --- merge_logs ----------------------------------------------------------------------


def test_merge_logs_advances_cursors_and_returns_the_bytes_read():
    a = attempt()
    read = diagnose.merge_logs(a, StageObservation(scans={"stdout": scan(new=300, offset=300),
                                                          "stderr": scan([line(0)], new=50, offset=80)}))
    assert read == 350
    assert a.log_cursors == {"stdout": LogCursor(offset=300, inode=7), "stderr": LogCursor(offset=80, inode=7)}
    assert [f.text for f in a.findings] == ["WARN Connection reset by peer #0"]
    assert a.findings[0].rules == ["connection_error"] and a.findings[0].offset == 0


def test_merge_logs_keeps_the_first_20_and_the_last_30_findings():
    a = attempt()
    diagnose.merge_logs(a, StageObservation(scans={"stderr": scan([line(i) for i in range(60)])}))
    kept = [int(f.text.rsplit("#", 1)[1]) for f in a.findings]
    assert kept == list(range(20)) + list(range(30, 60))


def test_merge_logs_keeps_the_very_first_findings_across_many_ticks():
    a = attempt()
    diagnose.merge_logs(a, StageObservation(scans={"stderr": scan([line(0, "TypeError: bad operand")])}))
    for tick in range(1, 40):  # a flood of noise afterwards, tick by tick
        diagnose.merge_logs(a, StageObservation(scans={"stderr": scan([line(tick * 10 + i) for i in range(10)])}))
    assert len(a.findings) == 50
    assert a.findings[0].text == "TypeError: bad operand #0"
    assert a.findings[-1].text.endswith("#399")


def test_merge_logs_with_nothing_new_changes_nothing():
    a = attempt(log_cursors={"stdout": LogCursor(offset=5, inode=1)})
    assert diagnose.merge_logs(a, StageObservation()) == 0
    assert a.log_cursors == {"stdout": LogCursor(offset=5, inode=1)} and a.findings == []


# --- update_progress -----------------------------------------------------------------


def test_first_progress_reading_records_where_and_when_it_started():
    stage = StageState()
    diagnose.update_progress(stage, StageObservation(scans={"stdout": scan(progress=(5.0, 100.0))}), at(60))
    assert stage.progress == ProgressReading(done=5.0, total=100.0, seen_at=at(60), first_done=5.0, first_at=at(60))


def test_a_log_read_from_its_start_puts_the_first_reading_where_the_attempt_began():
    """A retry that ran between two ticks: its log, read from the start, says it resumed from step 4."""
    stage = StageState(attempts=[attempt(started_at=at(10))])
    diagnose.update_progress(stage, StageObservation(scans={"stdout": scan(progress=(10.0, 10.0), head=(5.0, 6.0))}),
                             at(60))
    assert stage.progress == ProgressReading(done=10.0, total=10.0, seen_at=at(60), first_done=4.0, first_at=at(10))
    later = StageState(attempts=[attempt(started_at=at(10))])  # a value past the reading, or no start: as before
    diagnose.update_progress(later, StageObservation(scans={"stdout": scan(progress=(3.0, 10.0), head=(5.0, 6.0))}),
                             at(60))
    assert (later.progress.first_done, later.progress.first_at) == (3.0, at(60))
    unstarted = StageState(attempts=[attempt()])
    diagnose.update_progress(unstarted, StageObservation(scans={"stdout": scan(progress=(9.0, 10.0), head=(5.0, 6.0))}),
                             at(60))
    assert (unstarted.progress.first_done, unstarted.progress.first_at) == (9.0, at(60))


def test_a_first_read_with_one_value_takes_the_step_from_the_next_reading():
    """A tick came while the retry had printed only its first step (5): where it began is 5 until the next
    reading; the next tick's first new value (6) says the step, so it began at 4, at its start."""
    stage = StageState(attempts=[attempt(started_at=at(10))])
    diagnose.update_progress(stage, StageObservation(scans={"stdout": scan(progress=(5.0, 8.0),
                                                                             head=(5.0,))}), at(20))
    assert (stage.progress.first_done, stage.progress.first_at, stage.progress.first_exact) == (5.0, at(10), False)
    diagnose.update_progress(stage, StageObservation(), at(30))  # nothing new: still asked
    diagnose.update_progress(stage, StageObservation(scans={"stdout": scan(progress=(5.0, 8.0), head=(5.0,))}),
                             at(35))  # the same value redrawn: still asked
    assert not stage.progress.first_exact
    diagnose.update_progress(stage, StageObservation(scans={"stdout": scan(progress=(7.0, 8.0), head=(6.0, 7.0))}),
                             at(40))
    p = stage.progress
    assert (p.first_done, p.first_at, p.first_exact, p.done, p.seen_at) == (4.0, at(10), True, 7.0, at(40))
    diagnose.update_progress(stage, StageObservation(scans={"stdout": scan(progress=(8.0, 8.0), head=(8.0,))}),
                             at(50))
    assert stage.progress.first_done == 4.0  # settled once
    big = StageState(attempts=[attempt(started_at=at(10))])  # a step larger than the value: never below 0
    diagnose.update_progress(big, StageObservation(scans={"stdout": scan(progress=(2.0, 9.0),
                                                                           head=(2.0,))}), at(20))
    diagnose.update_progress(big, StageObservation(scans={"stdout": scan(progress=(9.0, 9.0), head=(9.0,))}), at(30))
    assert (big.progress.first_done, big.progress.first_exact) == (2.0, True)
    late = StageState(attempts=[attempt(started_at=at(10))])  # a first tick saw no step line yet (not from 0)
    diagnose.update_progress(late, StageObservation(scans={"stdout": scan(progress=(8.0, 9.0), head=(6.0, 7.0))}),
                             at(30))
    assert (late.progress.first_done, late.progress.first_at, late.progress.first_exact) == (5.0, at(10), True)
    two = StageState(attempts=[attempt(started_at=at(10))])  # two values in the first read: exact at once
    diagnose.update_progress(two, StageObservation(scans={"stdout": scan(progress=(6.0, 9.0),
                                                                           head=(5.0, 6.0))}), at(20))
    assert (two.progress.first_done, two.progress.first_exact) == (4.0, True)


def test_progress_seen_at_moves_only_when_the_value_moves():
    stage = StageState()
    obs = StageObservation(scans={"stdout": scan(progress=(5.0, 100.0))})
    diagnose.update_progress(stage, obs, at(60))
    diagnose.update_progress(stage, obs, at(600))  # the same line again (a SIGSTOPped job)
    assert stage.progress.seen_at == at(60)
    diagnose.update_progress(stage, StageObservation(), at(700))  # nothing new in the logs
    assert stage.progress.seen_at == at(60)
    diagnose.update_progress(stage, StageObservation(scans={"stdout": scan(progress=(6.0, 100.0))}), at(800))
    assert (stage.progress.done, stage.progress.seen_at) == (6.0, at(800))
    assert (stage.progress.first_done, stage.progress.first_at) == (5.0, at(60))
    diagnose.update_progress(stage, StageObservation(scans={"stdout": scan(progress=(6.0, 200.0))}), at(900))
    assert (stage.progress.total, stage.progress.seen_at) == (200.0, at(900))  # a new total is movement


def test_update_output_records_growth_only():
    a = attempt()
    diagnose.update_output(a, StageObservation(output=OutputStat(path="out/x", exists=True, size=10)), at(1))
    diagnose.update_output(a, StageObservation(output=OutputStat(path="out/x", exists=True, size=10)), at(2))
    assert (a.output_size, a.output_grew_at) == (10, at(1))
    diagnose.update_output(a, StageObservation(output=OutputStat(path="out/x", exists=False)), at(3))
    assert (a.output_size, a.output_grew_at) == (10, at(1))
    diagnose.update_output(a, StageObservation(output=OutputStat(path="out/x", exists=True, size=20)), at(4))
    assert (a.output_size, a.output_grew_at) == (20, at(4))


# --- stall_reason --------------------------------------------------------------------

WATCHED = PlannedStage(command="x", progress=Progress(regex=r"step (?P<done>\d+)", stall_after=120),
                       output=Output(path="out/last.ckpt", grows_within=600))


def test_no_stall_while_progress_moved_within_stall_after():
    stage = StageState(progress=ProgressReading(done=7, seen_at=at(100)))
    a = attempt(started_at=at(0), output_grew_at=at(100))
    assert diagnose.stall_reason(WATCHED, stage, a, at(219)) is None


def test_progress_stuck_for_stall_after_is_a_stall():
    stage = StageState(progress=ProgressReading(done=7, seen_at=at(100)))
    a = attempt(started_at=at(0), output_grew_at=at(200))
    reason = diagnose.stall_reason(WATCHED, stage, a, at(220))
    assert reason == "progress stuck at 7 for 120s (stall_after 120s)"


def test_a_job_with_every_step_done_gets_the_startup_allowance_to_exit_then_it_is_hung():
    """torchrun's ranks save the last checkpoint and tear the process group down after the last step line: on a
    loaded host that took 3 s against stall_after 2 s, and the finished job was killed and run again."""
    planned = PlannedStage(command="x", progress=Progress(regex=r"step (?P<done>\d+)/(?P<total>\d+)", stall_after=2))
    stage = StageState(progress=ProgressReading(done=6, total=6, seen_at=at(100)))
    a = attempt(started_at=at(0))
    assert diagnose.stall_reason(planned, stage, a, at(103)) is None
    assert diagnose.stall_reason(planned, stage, a, at(100 + 599)) is None
    reason = diagnose.stall_reason(planned, stage, a, at(700))
    assert reason == ("progress stuck at 6 of 6 (every step done, not exiting) for 600s (the start-up allowance "
                      "600s, given to the way out)")
    # one step short of the end is a stall as before
    stage.progress = ProgressReading(done=5, total=6, seen_at=at(100))
    assert diagnose.stall_reason(planned, stage, a, at(102)) == "progress stuck at 5 for 2s (stall_after 2s)"


def test_no_progress_line_at_all_counts_from_the_start_with_the_startup_allowance():
    planned = WATCHED.model_copy(update={"progress": Progress(regex=r"(?P<done>\d+)", stall_after=120,
                                                                startup_after=300)})
    a = attempt(started_at=at(10), output_grew_at=at(100))
    assert diagnose.stall_reason(planned, StageState(), a, at(309)) is None  # stall_after ran out long ago
    assert diagnose.stall_reason(planned, StageState(), a, at(310)) == \
        "no progress line for 300s since the start (startup_after 300s)"


def test_the_startup_allowance_defaults_to_ten_minutes_or_stall_after_if_longer():
    a = attempt(started_at=at(0), output_grew_at=at(599))
    assert diagnose.stall_reason(WATCHED, StageState(), a, at(599)) is None
    assert diagnose.stall_reason(WATCHED, StageState(), a, at(600)) == \
        "no progress line for 600s since the start (startup_after, by default 600s)"
    long = WATCHED.model_copy(update={"progress": Progress(regex=r"(?P<done>\d+)", stall_after=3600)})
    assert diagnose.startup_allowance(long.progress) == 3600
    assert diagnose.startup_allowance(Progress(regex=r"(?P<done>\d+)")) is None


def test_after_the_first_progress_line_stall_after_applies():
    planned = WATCHED.model_copy(update={"progress": Progress(regex=r"(?P<done>\d+)", stall_after=120,
                                                                startup_after=300)})
    a = attempt(started_at=at(0), output_grew_at=at(250))
    stage = StageState(progress=ProgressReading(done=1, seen_at=at(250)))  # first line at 250s, within 300s
    assert diagnose.stall_reason(planned, stage, a, at(369)) is None
    assert diagnose.stall_reason(planned, stage, a, at(370)) == "progress stuck at 1 for 120s (stall_after 120s)"


def test_a_job_run_again_by_the_scheduler_gets_the_startup_allowance_again():
    planned = WATCHED.model_copy(update={"progress": Progress(regex=r"(?P<done>\d+)", stall_after=60,
                                                                startup_after=300)})
    stage = StageState(progress=ProgressReading(done=40, seen_at=at(500)))  # its last line before the requeue
    a = attempt(started_at=at(0), resumed_at=at(1000), output_grew_at=at(1000))
    assert diagnose.stall_reason(planned, stage, a, at(1299)) is None
    assert "no progress line for 300s since the start" in diagnose.stall_reason(planned, stage, a, at(1300))


def test_startup_after_alone_catches_a_job_that_never_prints():
    planned = PlannedStage(command="x", progress=Progress(regex=r"(?P<done>\d+)", startup_after=60))
    stage = StageState(progress=ProgressReading(done=1, seen_at=at(30)))
    assert diagnose.stall_reason(planned, StageState(), attempt(started_at=at(0)), at(60)) is not None
    assert diagnose.stall_reason(planned, stage, attempt(started_at=at(0)), at(hours=10)) is None  # no stall_after


def test_output_that_stopped_growing_is_a_stall():
    planned = PlannedStage(command="x", output=Output(path="out/last.ckpt", grows_within=600))
    a = attempt(started_at=at(0), output_grew_at=at(50))
    assert diagnose.stall_reason(planned, StageState(), a, at(649)) is None
    assert diagnose.stall_reason(planned, StageState(), a, at(650)) == \
        "out/last.ckpt has not grown for 600s (grows_within 600s)"


def test_output_never_written_counts_from_the_start():
    planned = PlannedStage(command="x", output=Output(path="out/last.ckpt", grows_within=600))
    assert "has not grown" in diagnose.stall_reason(planned, StageState(), attempt(started_at=at(0)), at(600))


def test_without_stall_after_or_grows_within_nothing_stalls():
    planned = PlannedStage(command="x", progress=Progress(regex=r"(?P<done>\d+)"), output=Output(path="o"))
    assert diagnose.stall_reason(planned, StageState(), attempt(started_at=at(0)), at(hours=100)) is None


# --- build ---------------------------------------------------------------------------


def test_build_fills_the_five_layers_for_a_running_attempt():
    planned = WATCHED
    stage = StageState(progress=ProgressReading(done=30, total=100, seen_at=at(600), first_done=10, first_at=at(0)))
    a = attempt(started_at=at(0), log_cursors={"stdout": LogCursor(), "stderr": LogCursor()},
                findings=[{"file": "stderr", "offset": i, "text": f"w{i}", "rules": []} for i in range(8)],
                output_size=42, output_grew_at=at(500))
    facts = JobFacts(state=JobState.RUNNING, host="gpu-host", started_at="2024-03-01T12:00:00Z",
                     proc_status="sleeping", cpu_seconds=12.5, rss_bytes=2 << 20)
    obs = StageObservation(job=facts, done_when=(Check(kind="exists", target="out/final.ckpt", ok=False,
                                                       detail="missing"),),
                           output=OutputStat(path="out/last.ckpt", exists=True, size=42))
    d = diagnose.build(planned, stage, a, obs, at(660), "running", 123)
    assert (d.at, d.attempt, d.verdict) == (at(660), 1, "running")
    assert d.scheduler.model_dump() == {"state": "running", "alive": True, "pid": 4242, "proc_status": "sleeping",
                                        "cpu_seconds": 12.5, "rss_bytes": 2 << 20, "detail": "", "job_id": None,
                                        "scheduler_state": None, "reason": None, "gpus": None}
    assert (d.container.exit_code, d.container.signal, d.container.host) == (None, None, "gpu-host")
    assert d.container.started_at == at(0)
    assert d.logs.files == ["stderr", "stdout"] and d.logs.bytes_read == 123
    assert d.logs.findings == [f"stderr: w{i}" for i in range(3, 8)]  # the latest five
    p = d.progress
    assert (p.done, p.total, p.last_moved_at, p.stalled_for_s, p.stall_after_s) == (30, 100, at(600), 60.0, 120.0)
    assert p.rate_per_min == pytest.approx(2.0)  # 20 steps in 10 minutes
    assert p.eta_s == pytest.approx(35 * 60)  # 70 steps left at 2/min
    assert (d.output.path, d.output.exists, d.output.size, d.output.grew_at) == ("out/last.ckpt", True, 42, at(500))
    assert [c.target for c in d.output.done_when] == ["out/final.ckpt"]


def test_build_of_an_exited_attempt_reports_the_exit():
    a = attempt(started_at=at(0), ended_at=at(90))
    facts = JobFacts(state=JobState.EXITED, exit_code=None, signal=9, host="h")
    d = diagnose.build(PlannedStage(command="x"), StageState(), a, StageObservation(job=facts), at(100), "failed", 0)
    assert (d.scheduler.state, d.scheduler.alive) == ("exited", False)
    assert (d.container.signal, d.container.ended_at) == (9, at(90))
    assert d.progress is None  # no progress configured
    assert d.output.path is None


def test_build_with_a_progress_spec_but_no_reading_says_so():
    d = diagnose.build(WATCHED, StageState(), attempt(), StageObservation(job=JobFacts(state=JobState.RUNNING)),
                       at(1), "running", 0)
    assert d.progress.done is None and d.progress.stall_after_s == 120.0


# --- the cross-layer rules, through decide --------------------------------------------


@pytest.fixture
def spec_state(tmp_path):
    return state_from_spec(tmp_path, SPEC)


def running_at(state, now, **obs):
    return decide(state, observe(**obs), now)


def started(state):
    s = launched(decide(state, observe(), T0).state)
    return decide(s, observe(**{"a.train": seen(running(started_at="2024-03-01T12:00:00Z"), progress=(1, 100)),
                                "b.train": seen(running())}), at(1)).state


def stopped() -> JobFacts:
    return JobFacts(state=JobState.RUNNING, host="gpu-host", started_at="2024-03-01T12:00:00Z",
                    proc_status="stopped")


def test_every_running_attempt_gets_a_diagnosis_and_a_diagnosed_event(spec_state):
    s = launched(decide(spec_state, observe(), T0).state)
    d = decide(s, observe(**{"a.train": seen(running(), progress=(1, 100))}), at(1))
    diag = d.state.stage("a.train").diagnosis
    assert diag.verdict == "running" and diag.scheduler.alive is True and diag.progress.done == 1
    (ev,) = events_of(d, "diagnosed")
    assert ev["entity"] == "a" and ev["verdict"] == "running"
    assert {"scheduler", "logs", "progress", "output"} <= set(ev["layers"])


def test_a_stopped_process_within_stall_after_is_only_noted(spec_state):
    s = started(spec_state)
    d = decide(s, observe(**{"a.train": seen(stopped(), progress=(1, 100))}), at(300))
    assert d.state.stage("a.train").diagnosis.verdict == "stopped (SIGSTOP?) but within stall_after"
    assert d.state.stage("a.train").diagnosis.scheduler.proc_status == "stopped"
    assert cancels(d) == []


def test_alive_but_no_progress_for_stall_after_is_hung_and_gets_term(spec_state):
    s = started(spec_state)
    d = decide(s, observe(**{"a.train": seen(stopped(), progress=(1, 100))}), at(601))
    stage = d.state.stage("a.train")
    (cancel,) = [a for a in d.actions if isinstance(a, Cancel)]
    assert (cancel.stage_id, cancel.attempt, cancel.signal) == ("a.train", 1, "TERM")
    assert cancel.reason.startswith("hung: progress stuck at 1 for 600s")
    assert (stage.current().fault.klass, stage.current().fault.label) == (FaultClass.TRANSIENT, "hang")
    assert stage.current().cancel.requested_at == at(601)
    assert stage.diagnosis.verdict.startswith("hung: ")
    (ev,) = events_of(d, "hung")
    assert ev["fault"] == {"class": "transient", "label": "hang"}
    assert stage.status == StageStatus.RUNNING  # still alive until the signal lands


def test_a_hung_attempt_gets_kill_after_cancel_grace_and_not_before(spec_state):
    s = decide(started(spec_state), observe(**{"a.train": seen(stopped())}), at(601)).state
    early = decide(s, observe(**{"a.train": seen(stopped())}), at(630))
    assert cancels(early) == []
    assert early.state.stage("a.train").diagnosis.verdict.startswith("cancelling: hung")
    late = decide(early.state, observe(**{"a.train": seen(stopped())}), at(631))
    (cancel,) = [a for a in late.actions if isinstance(a, Cancel)]
    assert cancel.signal == "KILL"
    assert late.state.stage("a.train").current().cancel.killed_at == at(631)
    assert events_of(late, "cancel_kill")


def test_the_end_of_a_cancelled_hang_is_a_transient_hang_retry(spec_state):
    s = decide(started(spec_state), observe(**{"a.train": seen(stopped())}), at(601)).state
    s = decide(s, observe(**{"a.train": seen(stopped())}), at(640)).state
    d = decide(s, observe(**{"a.train": seen(exited(None, signal=9))}), at(650))
    stage = d.state.stage("a.train")
    assert stage.attempts[0].fault.label == "hang"  # not signal_sigkill: the KILL was ours
    assert stage.attempts[0].outcome == "failed"
    assert stage.budget_used == {FaultClass.TRANSIENT: 1}
    assert submits(d) == ["a.train"] and stage.attempt == 2
    assert stage.attempts[0].fingerprint.startswith("transient/hang/")


def test_exit_zero_without_done_when_is_a_silent_failure(spec_state):
    s = started(spec_state)
    d = decide(s, observe(**{"a.train": seen(exited(0), done_when=[failed_check("out/final.ckpt")])}), at(60))
    a = d.state.stage("a.train").attempts[0]
    assert (a.outcome, a.fault.klass, a.fault.label) == ("failed", FaultClass.UNKNOWN, "silent_failure")
    assert d.state.stage("a.train").diagnosis.verdict == "failed: unknown/silent_failure"


def test_pid_gone_without_an_exit_record_is_lost(spec_state):
    s = started(spec_state)
    d = decide(s, observe(**{"a.train": seen(lost())}), at(60))
    a = d.state.stage("a.train").attempts[0]
    assert (a.fault.klass, a.fault.label) == (FaultClass.TRANSIENT, "lost")
    kills = [c for c in d.actions if isinstance(c, Cancel)]
    assert [(c.attempt, c.signal) for c in kills] == [(1, "KILL")]  # orphans of the lost attempt
    assert d.state.stage("a.train").diagnosis.scheduler.state == "lost"


def test_exit_zero_with_a_fatal_line_fails_as_code_and_holds(spec_state):
    s = started(spec_state)
    tb = LogLine(file="stderr", offset=900, text="TypeError: can only concatenate list (not \"int\") to list",
                 rules=("type_error",))
    d = decide(s, observe(**{"a.train": seen(exited(0), done_when=[ok_check()], matches=[tb])}), at(60))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD
    assert (stage.fault.klass, stage.fault.label) == (FaultClass.CODE, "type_error")
    assert stage.fault.evidence == 'stderr: TypeError: can only concatenate list (not "int") to list'
    assert stage.diagnosis.verdict == "failed: exited 0 but the log has a fatal line (code/type_error)"
    assert WriteAnalysis("a") in d.actions
    assert d.state.stage("a.eval").status == StageStatus.BLOCKED


def test_exit_zero_with_only_a_transient_line_succeeds(spec_state):
    s = started(spec_state)
    warn = LogLine(file="stderr", offset=5, text="ConnectionResetError: [Errno 104] Connection reset by peer",
                   rules=("connection_error",))
    d = decide(s, observe(**{"a.train": seen(exited(0), done_when=[ok_check()], matches=[warn])}), at(60))
    assert d.state.stage("a.train").status == StageStatus.SUCCEEDED


#: fairseq recovering from a batch that ran out of device memory, in its older and its newer words (its trainer's
#: ``_log_oom`` and the prints around it): the run goes on.
FAIRSEQ_RECOVERED = """\
| WARNING: ran out of memory with exception: CUDA out of memory. Tried to allocate 1.53 GiB (GPU 0; 15.90 GiB total \
capacity; 13.02 GiB already allocated; 905.88 MiB free; 14.21 GiB reserved in total by PyTorch);
 Skipping batch
| WARNING: attempting to recover from OOM in forward/backward pass
2023-05-01 10:00:00 | WARNING | fairseq.trainer | OOM: Ran out of memory with exception: CUDA out of memory. Tried \
to allocate 62.00 MiB (GPU 0; 15.90 GiB total capacity; 14.59 GiB already allocated; 9.88 MiB free)
| WARNING: OOM in all workers, skipping update
"""


#: YOLOv5's AutoBatch (``--batch -1``) profiling batch sizes: those that do not fit print torch's message alone
#: (``print(e)``), and training goes on with the size it picked.
AUTOBATCH = """\
AutoBatch: Computing optimal batch size for --imgsz 640
AutoBatch: CUDA:0 (NVIDIA GeForce RTX 3060) 11.76G total, 0.11G reserved, 0.05G allocated, 11.60G free
      Params      GFLOPs  GPU_mem (GB)  forward (ms) backward (ms)                   input                  output
     7235389       16.53         1.437         24.68         31.55        (1, 3, 640, 640)                    list
     7235389       33.06         2.615         27.32         52.04        (2, 3, 640, 640)                    list
CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 11.76 GiB of which 1.02 GiB is free.
AutoBatch: Using batch-size 24 for CUDA:0 8.26G/11.76G (70%) ✅
"""


def _scanned(tmp_path, text: str) -> list[LogLine]:
    from tianluo.faults.rulebook import BUILTIN_RULES, compile_patterns
    from tianluo.shell.logscan import scan

    path = tmp_path / "stderr"
    path.write_text(text)
    return list(scan(path, "stderr", Cursor(), compile_patterns(BUILTIN_RULES), final=True).matches)


def test_a_recovered_oom_a_trainer_logged_does_not_fail_an_attempt_that_did_its_work(spec_state, tmp_path):
    lines = _scanned(tmp_path, FAIRSEQ_RECOVERED)
    assert len(lines) == 4 and "cuda_oom" in lines[0].rules  # torch's words are in them too
    d = decide(started(spec_state), observe(**{"a.train": seen(exited(0), done_when=[ok_check()], matches=lines)}),
               at(60))
    assert d.state.stage("a.train").status == StageStatus.SUCCEEDED
    # the same lines in a job that then failed say why
    d = decide(started(spec_state), observe(**{"a.train": seen(exited(1), matches=lines)}), at(60))
    assert (d.state.stage("a.train").fault.klass, d.state.stage("a.train").fault.label) == \
        (FaultClass.CONFIG, "cuda_oom")
    autobatch = _scanned(tmp_path, AUTOBATCH)
    assert any("cuda_oom" in m.rules for m in autobatch)
    d = decide(started(spec_state), observe(**{"a.train": seen(exited(0), done_when=[ok_check()],
                                                               matches=autobatch)}), at(60))
    assert d.state.stage("a.train").status == StageStatus.SUCCEEDED
    # torch's own OOM line, not a trainer's recovered one, still fails an exit 0
    plain = _scanned(tmp_path, "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n")
    d = decide(started(spec_state), observe(**{"a.train": seen(exited(0), done_when=[ok_check()], matches=plain)}),
               at(60))
    assert d.state.stage("a.train").fault.label == "cuda_oom"


def test_a_fatal_line_far_above_the_noise_still_decides(spec_state):
    s = started(spec_state)
    first = LogLine(file="stderr", offset=0, text="TypeError: unsupported operand type(s)", rules=("type_error",))
    noise = [LogLine(file="stderr", offset=100 + i, text="ConnectionResetError: reset by peer",
                     rules=("connection_error",)) for i in range(10)]
    s = decide(s, observe(**{"a.train": seen(running(), matches=[first])}), at(10)).state
    for tick in range(20):  # 200 more fault lines, many ticks later
        s = decide(s, observe(**{"a.train": seen(running(), progress=(tick + 2, 100), matches=noise)}),
                   at(20 + tick)).state
    d = decide(s, observe(**{"a.train": seen(exited(1))}), at(100))
    assert (d.state.stage("a.train").fault.klass, d.state.stage("a.train").fault.label) == \
        (FaultClass.CODE, "type_error")


# --- logs are read from the cursors kept in state --------------------------------------


class StubBackend:
    """A backend that reports every polled job running; it launches nothing."""

    def __init__(self):
        self.polled = []

    def poll(self, jobs):
        self.polled.append(sorted(jobs))
        return {name: running() for name in jobs}

    def find(self, job):
        return None


def test_logs_are_read_incrementally_from_the_cursors_in_state(tmp_path):
    from tianluo.models.model import dump_state
    from tianluo.shell.observe import observe as observe_files
    from tianluo.shell.store import parse_state

    state = launched(decide(state_from_spec(tmp_path, SPEC), observe(), T0).state)
    run_dir = tmp_path / "run"
    adir = run_dir / state.stage("a.train").current().dir
    adir.mkdir(parents=True)
    first = "step 1/100\nTypeError: unsupported operand type(s)\nstep 2/100\n"
    (adir / "stderr").write_text(first)
    backend = StubBackend()
    obs = observe_files(state, run_dir, backend)
    assert backend.polled == [sorted(state.stage(s).current().job_name for s in ("a.train", "b.train"))]
    assert obs.stages["a.train"].scans["stderr"].new_bytes == len(first)
    state = decide(state, obs, at(10)).state
    state = parse_state(dump_state(state))  # the cursors live in state.json, nowhere else
    assert state.stage("a.train").current().log_cursors["stderr"].offset == len(first)
    assert len(state.stage("a.train").current().findings) == 1
    more = "step 3/100\nstep 4/100\n"
    with open(adir / "stderr", "a") as f:
        f.write(more)
    obs = observe_files(state, run_dir, backend)
    scan2 = obs.stages["a.train"].scans["stderr"]
    assert scan2.new_bytes == len(more)  # only what is new
    assert scan2.matches == ()  # the TypeError line is not read (or reported) again
    state = decide(state, obs, at(20)).state
    assert state.stage("a.train").progress.done == 4
    assert len(state.stage("a.train").current().findings) == 1
