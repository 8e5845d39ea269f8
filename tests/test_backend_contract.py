"""The backend contract: one suite, run against every backend (in the spirit of huey's storage tests).

Each case asserts the JobFacts a tick would act on. The ``harness`` fixture yields one
backend at a time (tests/backend_harness.py): ``local`` (detached runners on this host),
``slurm`` (the real single-node Slurm of tests/conftest.py), ``command`` (the generic
command backend on the small local queue tests/tinyq.py) and ``sge`` (the command backend's
sge preset on the real single-node Grid Engine of tests/conftest.py). A case a backend cannot take part
in is skipped by its capabilities (``Capabilities.unreachable``, ``queue``, ``hold_in_queue``),
never by its name.
"""

import signal
import time

import pytest
from backend_harness import CommandHarness, LocalHarness, SgeHarness, SlurmHarness
from conftest import wait_for

from tianluo.backends.base import JobFacts, SchedulerUnreachable, SubmitRejected
from tianluo.models.states import JobState

pytestmark = pytest.mark.integration

KILL_SELF = "exec python3 -c \"import os,signal; os.kill(os.getpid(), signal.SIGKILL)\""
HANG = "exec sleep 60"
LIVE = (JobState.QUEUED, JobState.STARTING, JobState.RUNNING)


@pytest.fixture(params=[
    "local",
    pytest.param("slurm", marks=[pytest.mark.slurm]),
    "command",
    pytest.param("sge", marks=[pytest.mark.sge]),
])
def harness(request, tmp_path):
    if request.param == "local":
        h = LocalHarness(tmp_path)
    elif request.param == "slurm":
        h = SlurmHarness(tmp_path, request.getfixturevalue("slurm"))
    elif request.param == "sge":
        h = SgeHarness(tmp_path, request.getfixturevalue("sge"))
    else:
        h = CommandHarness(tmp_path)
    try:
        yield h
    finally:
        h.cleanup()


def poll_until(h, jobs: dict, done, timeout: float = 30.0, what: str = "facts", seen: list | None = None):
    """Poll every job at once, every 0.2 s, until ``done(facts)``; every poll's facts go to ``seen``."""
    def step():
        facts = h.backend.poll(jobs)
        if seen is not None:
            seen.append(facts)
        return facts if done(facts) else None
    return wait_for(step, timeout=timeout, interval=0.2, what=what)


def ended(facts: dict[str, JobFacts]) -> bool:
    return all(f.state in (JobState.EXITED, JobState.LOST) for f in facts.values())


def skip_without(h, capability: str, why: str) -> None:
    if not getattr(h.caps, capability):
        pytest.skip(f"{h.kind}: Capabilities.{capability} is False ({why})")


# --- submit, poll, cancel: the ways a job ends ----------------------------------------------------


def test_jobs_that_exit_fail_are_killed_and_hang_end_as_their_facts_say(harness):
    h = harness
    ok, fail = h.job("echo fine", "ok"), h.job("exit 3", "fail")
    killed, hung = h.job(KILL_SELF, "killed"), h.job(HANG, "hung")
    jobs = {j.job_name: (j, h.submit(j)) for j in (ok, fail, killed, hung)}
    assert len({handle.job_id for _, handle in jobs.values()}) == 4

    seen: list[dict[str, JobFacts]] = []
    quick = {n: jobs[n] for n in (ok.job_name, fail.job_name, killed.job_name)}
    facts = poll_until(h, quick, lambda f: all(x.state == JobState.EXITED for x in f.values()),
                       what="three jobs to end", seen=seen)
    for name in quick:  # before the end: only queued, starting, running; never lost, missing
        states = [f[name].state for f in seen]
        end = states.index(JobState.EXITED)
        assert all(s in LIVE for s in states[:end]) and set(states[end:]) == {JobState.EXITED}, (name, states)

    f = facts[ok.job_name]
    assert (f.state, f.exit_code, f.signal, f.ended_by, f.found) == (JobState.EXITED, 0, None, None, None), f
    assert f.host and f.started_at and f.ended_at and f.started_at <= f.ended_at, f
    f = facts[fail.job_name]
    assert (f.exit_code, f.signal, f.ended_by) == (3, None, None), f
    f = facts[killed.job_name]
    assert (f.exit_code, f.signal, f.ended_by) == (None, signal.SIGKILL, None), f

    job, handle = jobs[hung.job_name]
    f = poll_until(h, {hung.job_name: (job, handle)}, lambda f: f[hung.job_name].state == JobState.RUNNING,
                   what="the hanging job to run")[hung.job_name]
    assert f.host and f.started_at, f
    time.sleep(0.5)
    assert h.poll(job, handle).state == JobState.RUNNING  # it hangs: nothing ends it by itself
    h.backend.cancel(job, handle, signal.SIGTERM)
    f = poll_until(h, {hung.job_name: (job, handle)}, ended, what="the cancelled job to end")[hung.job_name]
    assert f.state == JobState.EXITED and f.exit_code != 0, f
    assert f.signal == signal.SIGTERM or f.exit_code in (128 + signal.SIGTERM, None), f
    h.backend.cancel(job, handle, signal.SIGTERM)  # a finished job: harmless
    h.backend.cancel(ok, jobs[ok.job_name][1], signal.SIGKILL)
    assert h.poll(job, handle).state == JobState.EXITED
    assert h.poll(ok, jobs[ok.job_name][1]).exit_code == 0


# --- find, and adoption after a killed tick -------------------------------------------------------


def test_find_and_poll_without_a_handle_adopt_the_job_and_never_launch_a_second(harness):
    h = harness
    job, never = h.job(HANG, "adopt"), h.job("true", "never")
    handle = h.submit(job)  # the tick that submitted it was killed before it recorded the handle
    assert h.backend.find(never) is None
    found = wait_for(lambda: h.backend.find(job), what="find to return the job")
    assert found.job_id == handle.job_id

    h.new_tick()  # the next tick knows only the job's name
    facts = h.backend.poll({job.job_name: (job, None), never.job_name: (never, None)})
    f = facts[job.job_name]
    assert f.found is not None and f.found.job_id == handle.job_id, f
    assert f.state in LIVE, f
    f = facts[never.job_name]
    assert (f.state, f.found) == (JobState.MISSING, None), f
    assert h.count_jobs(job.job_name) == 1  # no second job under the name
    assert h.count_jobs(never.job_name) == 0

    h.backend.cancel(job, f.found if f.found else handle, signal.SIGTERM)
    f = poll_until(h, {job.job_name: (job, None)}, ended, what="the adopted job to end")[job.job_name]
    assert f.found is not None and f.found.job_id == handle.job_id and f.state == JobState.EXITED, f
    assert h.count_jobs(job.job_name) <= 1


def test_a_cancel_without_a_handle_reaches_the_job_an_unrecorded_submit_left(harness):
    """``tianluo stop --cancel`` of an attempt whose submit was never recorded: the job is found
    by its name (or its claim) and cancelled, never left to run unwatched."""
    h = harness
    job = h.job(HANG, "nohandle")
    h.submit(job)  # the tick that submitted it was killed before it recorded the handle
    wait_for(lambda: h.backend.find(job), what="find to return the job")
    h.new_tick()
    sent = h.backend.cancel(job, None, signal.SIGTERM)
    assert sent, "nothing was cancelled"
    f = poll_until(h, {job.job_name: (job, None)}, ended, what="the job to end")[job.job_name]
    assert f.state == JobState.LOST or f.signal is not None or f.exit_code != 0 or f.ended_by == "cancelled", f
    assert h.count_jobs(job.job_name) <= 1  # the one job, ended (a scheduler may still list it)
    h.backend.cancel(job, None, signal.SIGTERM)  # again, after its end: harmless


# --- cancelled outside tianluo --------------------------------------------------------------------


def test_a_job_cancelled_outside_tianluo_ends(harness):
    h = harness
    job = h.job(HANG, "outside")
    handle = h.submit(job)
    poll_until(h, {job.job_name: (job, handle)}, lambda f: f[job.job_name].state == JobState.RUNNING,
               what="the job to run")
    h.cancel_outside(job, handle)
    f = poll_until(h, {job.job_name: (job, handle)}, ended, what="the job to end")[job.job_name]
    if f.state == JobState.EXITED:
        assert f.signal is not None or f.exit_code not in (0, None) or f.ended_by == "cancelled", f
        assert f.exit_code != 0 or f.signal is not None, f  # never read as a success
    if h.says_cancelled:
        assert f.ended_by == "cancelled", f


# --- an unreachable scheduler ---------------------------------------------------------------------


def test_an_unreachable_scheduler_makes_every_fact_unreachable_and_refuses_submit(harness):
    h = harness
    skip_without(h, "unreachable", "no scheduler to lose: the host itself runs the jobs")
    (queued, handle), = h.queued(["waits"])
    never = h.job("true", "never")
    jobs = {queued.job_name: (queued, handle), never.job_name: (never, None)}
    h.make_unreachable()
    try:
        h.new_tick()
        t0 = time.monotonic()
        facts = h.backend.poll(jobs)
        took = time.monotonic() - t0
        assert took < 15, f"a poll of a scheduler that is down took {took:.1f}s"
        assert {n: f.state for n, f in facts.items()} == {n: JobState.UNREACHABLE for n in jobs}, facts
        assert all(f.detail for f in facts.values()), facts
        calls = h.calls()
        assert calls == 1, f"{h.kind}: {calls} scheduler calls to learn it is down"
        # for the rest of the tick the backend stops asking: no new call, every fact the same
        t0 = time.monotonic()
        again = h.backend.poll(jobs)
        assert time.monotonic() - t0 < 5 and h.calls() == calls  # no call made: the clock only bounds a hang
        assert all(f.state == JobState.UNREACHABLE for f in again.values()), again
        with pytest.raises(SchedulerUnreachable):
            h.backend.submit(h.job("true", "down"))
        with pytest.raises(SchedulerUnreachable):
            h.backend.cancel(queued, handle, signal.SIGTERM)
        assert h.calls() == calls
        # a new tick's submit asks the scheduler itself, and is told it is down, not refused
        with pytest.raises(SchedulerUnreachable) as info:
            h.new_tick().submit(h.job("true", "fresh"))
        assert not isinstance(info.value, SubmitRejected)
        assert h.calls() == 1
    finally:
        h.make_reachable()

    def answered():  # each try is a new tick: a scheduler found down stays down for its tick
        facts = h.new_tick().poll(jobs)
        return facts if facts[queued.job_name].state != JobState.UNREACHABLE else None
    facts = wait_for(answered, timeout=30, interval=0.5, what="the scheduler to answer again")
    assert facts[queued.job_name].state == JobState.QUEUED, facts
    assert facts[never.job_name].state == JobState.MISSING, facts


# --- a refused submit -----------------------------------------------------------------------------


def test_a_refused_submit_is_submit_rejected_and_the_backend_still_answers(harness):
    h = harness
    skip_without(h, "queue", "no scheduler to refuse a job: a local attempt's errors are in its exit.json")
    job, words = h.rejected_job()
    with pytest.raises(SubmitRejected) as info:
        h.backend.submit(job)
    assert not isinstance(info.value, SchedulerUnreachable)
    assert words in str(info.value)  # the scheduler's own words, for the event and the human
    assert h.poll(job, None).state == JobState.MISSING
    assert h.count_jobs(job.job_name) == 0


# --- many jobs, one call --------------------------------------------------------------------------


def test_a_poll_of_many_jobs_is_one_scheduler_call(harness):
    h = harness
    skip_without(h, "queue", "no scheduler to call: a poll reads the host's process table once")
    jobs = {j.job_name: (j, handle) for j, handle in h.queued([f"many{i}" for i in range(4)])}
    h.new_tick()
    before = h.calls()
    assert before is not None, f"{h.kind}: the backend does not count its scheduler calls"
    facts = h.backend.poll(jobs)
    assert h.calls() - before == 1
    assert all(f.state == JobState.QUEUED for f in facts.values()), facts


# --- hold and release in the queue ----------------------------------------------------------------


def test_hold_and_release_keep_a_queued_job_in_the_queue(harness):
    h = harness
    if not h.caps.hold_in_queue:
        job = h.job(HANG, "nohold")
        handle = h.submit(job)
        assert h.backend.hold(job, handle) is None and h.backend.release(job, handle) is None
        pytest.skip(f"{h.kind}: Capabilities.hold_in_queue is False (hold and release answered None)")
    (job, handle), = h.queued(["held"])
    jobs = {job.job_name: (job, handle)}
    assert h.backend.hold(job, handle)
    h.let_start(job, handle)  # nothing but the hold keeps it queued now
    for _ in range(5):
        f = h.poll(job, handle)
        assert f.state == JobState.QUEUED, f
        time.sleep(0.3)
    assert h.backend.release(job, handle)
    f = poll_until(h, jobs, lambda f: f[job.job_name].state == JobState.EXITED, what="the released job to run")
    assert f[job.job_name].exit_code == 0, f
