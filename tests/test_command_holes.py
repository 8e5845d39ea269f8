"""The command backend's holes found on Grid Engine (issue 26), on tinyq with real jobs and real ticks.

- A second copy of an attempt (submitted again after a tick died before recording the first)
  stands down; its end is never the attempt's: the job that claimed the folder is followed.
- A failed KILL of what is left of a lost attempt keeps its retry from launching until it goes through.
- A cancel that never takes effect ends in a hold (``unknown/cancel_failed``), not in KILLs for ever.
"""

import json
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import clean_env, read_events, read_state, wait_for, write_spec
from forked_cli import run, start_run, tick_until
from test_command_backend import KILLED_TICK, WORDS, Queue, job, spec_text

from tianluo.backends.base import Handle, SchedulerUnreachable
from tianluo.backends.command import JOB_ID, CommandError
from tianluo.models.states import JobState

pytestmark = pytest.mark.integration


@pytest.fixture
def q(tmp_path) -> Queue:
    return Queue(tmp_path)


def blocker(q: Queue, tmp_path: Path) -> Path:
    """A job of the queue's own that takes its one slot until the returned file is made."""
    free = tmp_path / "free"
    script = tmp_path / "blocker.sh"
    script.write_text(f"#!/bin/sh\nwhile [ ! -f {free} ]; do sleep 0.05; done\n")
    q("config", "--slots", "1")
    q("submit", "--name", "blocker", str(script))
    return free


def word(q: Queue, job_id: str) -> str | None:
    out = q("status", job_id).stdout.split()
    return out[1] if len(out) > 1 else None


STAGE = ("      work:\n        run: echo \"ran $TIANLUO_ATTEMPT\" >> counter.txt; "
         "while [ ! -f go ]; do sleep 0.05; done; echo done > done.txt\n        done_when: {exists: done.txt}\n")


def two_copies(q: Queue, tmp_path: Path) -> tuple[Path, Path, Path, str, str, Path]:
    """A run without find whose first tick was killed after the scheduler took job A and before anything
    recorded it (job_id not written, A still queued): the next tick saw nothing and submitted job B for the
    same attempt. Both wait behind a blocker. (project, run folder, attempt folder, A, B, what frees the slot)"""
    free = blocker(q, tmp_path)
    project = tmp_path / "proj"
    spec = write_spec(project, spec_text(q, STAGE, find=False, job_id_env="TINYQ_JOB_ID"))
    run_dir = start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    proc = subprocess.run([sys.executable, "-c", KILLED_TICK, str(run_dir)], cwd=tmp_path, env=clean_env(),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    adir = run_dir / "attempts" / "solo" / "work" / "1"
    first = (adir / JOB_ID).read_text().strip()
    (adir / JOB_ID).unlink()  # as if the tick died a moment earlier, before it wrote the id
    out = run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert any(e["event"] == "relaunch" for e in read_events(run_dir)), out.stdout
    second = read_state(run_dir)["entities"]["solo"]["stages"]["work"]["attempts"][0]["handle"]["job_id"]
    assert first != second and word(q, first) == word(q, second) == "QUEUED"
    return project, run_dir, adir, first, second, free


@pytest.mark.parametrize("claims", ["unrecorded", "recorded"])
def test_a_second_copy_that_stands_down_is_never_the_attempts_end(q, tmp_path, claims):
    project, run_dir, adir, unrecorded, recorded, free = two_copies(q, tmp_path)
    owner, copy = (unrecorded, recorded) if claims == "unrecorded" else (recorded, unrecorded)
    q("hold", copy)  # the owner starts first and claims the folder; the copy starts once it has
    free.touch()
    wait_for(lambda: word(q, owner) == "RUNNING" and (adir / "started.json").exists(), timeout=20,
             what="the first copy's claim")
    assert json.loads((adir / "started.json").read_text())["job_id"] == owner
    q("config", "--slots", "2")
    q("release", copy)
    wait_for(lambda: word(q, copy) == "FAILED", timeout=20, what="the second copy to stand down")
    assert "already claimed" in (adir / "job.err").read_text()
    out = run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    work = read_state(run_dir)["entities"]["solo"]["stages"]["work"]
    assert work["status"] == "running" and work["attempt"] == 1, out.stdout
    assert work["attempts"][0]["handle"]["job_id"] == owner  # followed: the claim is the attempt's job
    adopted = [e for e in read_events(run_dir) if e["event"] == "adopted"]
    if claims == "unrecorded":
        assert adopted and adopted[-1]["job_id"] == owner and "second copy" in adopted[-1]["message"]
    (project / "go").touch()
    tick_until(run_dir, tmp_path, timeout=30)
    assert (project / "counter.txt").read_text() == "ran 1\n"  # one run of the command, never attempt 2
    assert [e["attempt"] for e in read_events(run_dir) if e["event"] in ("submitted", "submit_intent")] == [1, 1]


def test_a_claim_naming_a_job_the_queue_no_longer_lists_is_lost_as_that_job(q, tmp_path):
    backend = q.backend(tmp_path, find=False, job_id_env="TINYQ_JOB_ID")
    hang = job(tmp_path, "claimed", "sleep 300")
    owner = backend.submit(hang)
    wait_for(lambda: (Path(hang.attempt_dir) / "started.json").exists(), timeout=20, what="the claim")
    copy = Handle(job_id=q("submit", "--name", hang.job_name, str(tmp_path / "attempts" / "claimed" / "1" / "job.sh"))
                  .stdout.strip())  # a second copy, recorded as the attempt's: it waits for the slot
    f = backend.poll({hang.job_name: (hang, copy)})[hang.job_name]
    assert (f.state, f.job_id, f.found) == (JobState.RUNNING, owner.job_id, owner)
    watcher = json.loads((q.dir / "queue.json").read_text())["jobs"][owner.job_id]["pid"]
    os.killpg(watcher, signal.SIGKILL)  # its node died: the runner with it, no exit.json
    wait_for(lambda: word(q, copy.job_id) == "FAILED", timeout=20, what="the copy to stand down")
    q("forget", owner.job_id)
    f = backend.poll({hang.job_name: (hang, copy)})[hang.job_name]
    assert (f.state, f.job_id) == (JobState.LOST, owner.job_id)
    assert f"no longer lists job {owner.job_id} (which claimed the attempt)" in f.detail
    with pytest.raises(CommandError, match=f"no job {owner.job_id}"):  # a cancel goes to the claim too
        backend.cancel(hang, copy, signal.SIGKILL)


def test_no_retry_beside_a_job_whose_kill_failed_until_the_kill_goes_through(q, tmp_path):
    """A status that hid a live job for one tick (a qmaster restart behind a pipeline) made attempt 1 lost; its
    KILL failed, so attempt 2 waited, the KILL was sent again each tick, and attempt 2 ran only once it went
    through: never beside attempt 1."""
    hide, nokill = tmp_path / "hide", tmp_path / "nokill"
    stage = ("      work:\n        run: echo \"ran $TIANLUO_ATTEMPT\" >> counter.txt; "
             "test \"$TIANLUO_ATTEMPT\" = 1 && sleep 300; echo done > done.txt\n"
             "        done_when: {exists: done.txt}\n")
    spec = write_spec(tmp_path / "proj", spec_text(q, stage, status=f"test -f {hide} || {q.prefix} status {{job_ids}}",
                                                   cancel=f"test ! -f {nokill} && {q.prefix} cancel {{job_id}}",
                                                   forgotten="no job"))
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    adir = run_dir / "attempts" / "solo" / "work" / "1"
    wait_for(lambda: (adir / "started.json").exists(), timeout=20, what="attempt 1 to start")
    first = (adir / JOB_ID).read_text().strip()
    hide.touch()
    nokill.touch()
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)  # attempt 1 reads as lost; its KILL fails
    hide.unlink()
    for _ in range(2):
        run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    work = read_state(run_dir)["entities"]["solo"]["stages"]["work"]
    assert work["attempt"] == 2 and work["attempts"][1]["handle"] is None, work  # recorded, never launched
    assert work["attempts"][0]["leftover"]["tries"] == 3 and "waits until attempt 1's job" in work["reason"]
    assert word(q, first) == "RUNNING" and q("find", "--name", work["attempts"][1]["job_name"]).stdout == ""
    failed = [e for e in read_events(run_dir) if e["event"] == "cancel_failed"]
    assert len(failed) == 3 and "is not launched until a KILL goes through" in failed[0]["message"]
    nokill.unlink()
    tick_until(run_dir, tmp_path, timeout=30)
    assert word(q, first) == "CANCELLED" and (tmp_path / "proj" / "counter.txt").read_text() == "ran 1\nran 2\n"
    assert "waits until" not in (read_state(run_dir)["entities"]["solo"]["stages"]["work"]["reason"] or "")
    ended = json.loads((adir / "exit.json").read_text())["ended_at"]
    began = json.loads((run_dir / "attempts" / "solo" / "work" / "2" / "started.json").read_text())["started_at"]
    assert ended < began  # the retry started after the old job was gone


def test_a_cancel_that_never_takes_effect_ends_in_a_hold_and_status_says_so(q, tmp_path):
    """The queue takes the cancel and does nothing (a job on a dead node): after TERM and two KILLs the attempt is
    unknown/cancel_failed, held, and status tells it, instead of KILLs for ever and 'running'."""
    stage = ("      work:\n        run: sleep 300\n        resources: {time: 1s}\n")
    spec = write_spec(tmp_path / "proj", spec_text(q, stage, cancel="true {job_id}") + "cancel_grace: 0.2s\n")
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    adir = run_dir / "attempts" / "solo" / "work" / "1"
    wait_for(lambda: (adir / "started.json").exists(), timeout=20, what="the job to start")
    doc = tick_until(run_dir, tmp_path, phases=("blocked",), timeout=30, pace=0.5)
    work = read_state(run_dir)["entities"]["solo"]["stages"]["work"]
    assert work["status"] == "held" and work["fault"]["label"] == "cancel_failed", work
    assert "cancel sent 3 times since" in work["reason"] and "still lists it as RUNNING" in work["reason"]
    signals = [e["signal"] for e in read_events(run_dir) if e["event"] == "cancelled"]
    assert signals == ["TERM", "KILL", "KILL"]
    text = run("status", "--run", run_dir, cwd=tmp_path, check=True).stdout
    assert "cancel_failed" in text and "still lists it as RUNNING" in text, text
    assert doc["phase"] == "blocked"
    q("cancel", (adir / JOB_ID).read_text().strip())


def test_a_launch_after_a_cancel_found_the_queue_down_does_not_blame_the_cancel(q, tmp_path):
    backend = q.backend(tmp_path)
    j = job(tmp_path, "down", "true")
    q("down")
    try:
        with pytest.raises(SchedulerUnreachable):
            backend.cancel(j, Handle(job_id="5"), signal.SIGKILL)
        with pytest.raises(SchedulerUnreachable) as err:
            backend.submit(job(tmp_path, "after", "true"))
    finally:
        q("up")
    said = str(err.value)
    assert said.startswith("backend.submit not run: the scheduler did not answer earlier in this tick (")
    assert "cannot reach the queue" in said and len(backend.calls) == 1


@pytest.mark.parametrize("find, over, warned", [(False, {}, True), (False, {"job_id_env": "TINYQ_JOB_ID"}, False),
                                                (True, {}, False)])
def test_plan_warns_when_no_template_can_name_an_unrecorded_job(q, tmp_path, find, over, warned):
    """Without find and without job_id_env, a copy submitted after a killed tick cannot be told from the
    attempt's job: plan says so, in one line naming the spec file, backend.find and what to write."""
    spec = write_spec(tmp_path / "proj", spec_text(q, STAGE, find=find, **over))
    proc = run("plan", spec, "--home", tmp_path / "home", "--accept-defaults", cwd=tmp_path, check=True)
    lines = [ln for ln in proc.stderr.splitlines() if "backend.find" in ln]
    if not warned:
        assert not lines, proc.stderr
        return
    (line,) = lines
    assert line.startswith(f"tianluo: warning: {spec}:2: backend.find: not given, nor backend.job_id_env")
    assert "the next tick submits the attempt again" in line and "the presets have one" in line


def test_a_run_end_cancel_that_keeps_failing_is_bounded_held_and_told(q, tmp_path):
    """The run's end (its deadline, on_end: cancel) cancels a job whose cancel the scheduler keeps refusing: after
    the TERM and two KILLs, each cancel_grace apart, tianluo stops sending them, the run ends with the job left
    running, and the event and the owner's notice name the job and the scheduler's last answer."""
    refusing = tmp_path / "qdel-refuses"
    refusing.write_text('#!/bin/sh\necho "qdel: job $1 is on a host that does not answer" >&2\nexit 3\n')
    refusing.chmod(0o755)
    told = tmp_path / "told.txt"
    stage = "      work: {run: sleep 300}\n"
    spec = write_spec(tmp_path / "proj", spec_text(q, stage, cancel=f"{refusing} {{job_id}}")
                      + f"cancel_grace: 0.2s\nsuccess_gate: {{deadline: 2s, on_end: cancel}}\n"
                      f"notify:\n  - command: 'printf \"%s\\\\n\" {{body}} >> {told}'\n")
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    adir = run_dir / "attempts" / "solo" / "work" / "1"
    job_id = (adir / JOB_ID).read_text().strip()
    wait_for(lambda: (adir / "started.json").exists(), timeout=20, what="the job to start")
    doc = tick_until(run_dir, tmp_path, phases=("expired",), timeout=30, pace=0.5)
    events = read_events(run_dir)
    assert [e["signal"] for e in events if e["event"] == "cancel_failed"] == ["TERM", "KILL", "KILL"]
    (gave_up,) = [e for e in events if e["event"] == "failed"]
    assert "cancel sent 3 times since" in gave_up["message"]
    assert f"qdel: job {job_id} is on a host that does not answer" in gave_up["message"]
    state = read_state(run_dir)
    work = state["entities"]["solo"]["stages"]["work"]
    assert work["status"] == "held" and work["fault"]["label"] == "cancel_failed" and f"job {job_id}" in work["reason"]
    assert state["end"]["left_running"] == ["solo.work"] and doc["phase"] == "expired"
    wait_for(lambda: told.exists() and "does not answer" in told.read_text(), timeout=20, what="the owner's notice")
    for _ in range(3):  # the run is over: nothing is sent again
        run("tick", "--run", run_dir, cwd=tmp_path)
    assert len([e for e in read_events(run_dir) if e["event"] == "cancel_failed"]) == 3
    assert word(q, job_id) == "RUNNING"
    q("cancel", job_id)


# --- a job on a node the queue no longer hears from ----------------------------------------------------------

UNHEARD_STAGE = ("      work:\n        run: echo \"ran $TIANLUO_ATTEMPT\" >> counter.txt; "
                 "for i in 1 2 3; do echo \"step $i/100\"; done; "
                 "test \"$TIANLUO_ATTEMPT\" = 1 && while [ ! -f go ]; do sleep 0.05; done; echo done > done.txt\n"
                 "        done_when: {exists: done.txt}\n"
                 "        progress: {regex: 'step (?P<done>\\d+)/(?P<total>\\d+)'}\n")


def unheard_run(q: Queue, tmp_path: Path, lost_after: str) -> tuple[Path, Path, Path, str]:
    """A run whose status word UNKNOWN means unknown, its one stage running attempt 1 (progress read, no
    stall_after: nothing else would end it). (project, run folder, attempt folder, job id)"""
    spec = write_spec(tmp_path / "proj", spec_text(q, UNHEARD_STAGE, states={**WORDS, "UNKNOWN": "unknown"},
                                                   lost_after=lost_after))
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    adir = run_dir / "attempts" / "solo" / "work" / "1"
    wait_for(lambda: (adir / "started.json").exists(), timeout=20, what="attempt 1 to start")
    time.sleep(0.3)  # its progress lines written
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    work = read_state(run_dir)["entities"]["solo"]["stages"]["work"]
    assert work["status"] == "running" and work["progress"]["done"] == 3, work
    return tmp_path / "proj", run_dir, adir, (adir / JOB_ID).read_text().strip()


def status_note(run_dir: Path, cwd: Path) -> str:
    text = run("status", "--run", run_dir, cwd=cwd, check=True).stdout
    (line,) = [ln for ln in text.splitlines() if ln.startswith("solo ")]
    return line


def test_a_job_the_queue_cannot_account_for_is_lost_past_lost_after_and_retried_once_its_kill_went(q, tmp_path):
    """The queue lists the job as UNKNOWN (its node died: the job with it). status says so, not "running ... ETA";
    past lost_after the attempt is lost (transient/node_failure), its job KILLed, and the retry runs."""
    project, run_dir, adir, job_id = unheard_run(q, tmp_path, "6s")
    assert "ETA" in status_note(run_dir, tmp_path)  # running, with its clocks
    watcher = json.loads((q.dir / "queue.json").read_text())["jobs"][job_id]["pid"]
    q("unheard", job_id)
    os.killpg(watcher, signal.SIGKILL)  # the node is gone, and the job with it; the queue still lists it
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    since = datetime.fromisoformat(read_state(run_dir)["entities"]["solo"]["stages"]["work"]["attempts"][0][
        "unknown_since"].replace("Z", "+00:00"))
    note = status_note(run_dir, tmp_path)
    assert "unknown since" in note and "the scheduler says UNKNOWN, its host is not heard from" in note, note
    assert "lost at" in note and "ETA" not in note and "running" not in note.split(None, 4)[4], note
    (told,) = [e for e in read_events(run_dir) if e["event"] == "job_unknown"]
    assert told["scheduler_state"] == "UNKNOWN" and "lost if it stays so for 6s" in told["message"]
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    if (datetime.now(UTC) - since).total_seconds() < 5:  # (a tick under a heavy load may take longer)
        assert read_state(run_dir)["entities"]["solo"]["stages"]["work"]["attempt"] == 1  # within the bound
    time.sleep(max(0.0, 6.2 - (datetime.now(UTC) - since).total_seconds()))
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    work = read_state(run_dir)["entities"]["solo"]["stages"]["work"]
    first = work["attempts"][0]
    assert (first["outcome"], first["fault"]["class"], first["fault"]["label"]) == ("failed", "transient",
                                                                                   "node_failure"), first
    assert "has said UNKNOWN since" in first["fault"]["evidence"] and "(backend.lost_after 6s)" in \
        first["fault"]["evidence"]
    kills = [e for e in read_events(run_dir) if e["event"] == "cancelled"]
    assert [(k["attempt"], k["signal"]) for k in kills] == [(1, "KILL")]  # the queue's cancel cleared it
    assert work["attempt"] == 2 and word(q, job_id) != "UNKNOWN"
    tick_until(run_dir, tmp_path, timeout=30)
    assert (project / "counter.txt").read_text() == "ran 1\nran 2\n"


def test_a_job_heard_from_again_within_lost_after_runs_on_as_one_attempt(q, tmp_path):
    project, run_dir, adir, job_id = unheard_run(q, tmp_path, "10m")
    q("unheard", job_id)  # its node stops answering for a while (a qmaster restart, a network blip)
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert "unknown since" in status_note(run_dir, tmp_path)
    q("heard", job_id)
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    work = read_state(run_dir)["entities"]["solo"]["stages"]["work"]
    assert work["status"] == "running" and work["attempts"][0]["unknown_since"] is None, work
    assert "ETA" in status_note(run_dir, tmp_path)
    (back,) = [e for e in read_events(run_dir) if e["event"] == "job_known_again"]
    assert back["attempt"] == 1 and "knows its job again (RUNNING)" in back["message"]
    (project / "go").touch()
    tick_until(run_dir, tmp_path, timeout=30)
    assert (project / "counter.txt").read_text() == "ran 1\n"
    assert read_state(run_dir)["total_attempts"] == 1
    assert not [e for e in read_events(run_dir) if e["event"] in ("failed", "cancelled")]


# --- what is left of an attempt when the run is over ---------------------------------------------------------

LINGERS = ("      work:\n        run: echo \"ran $TIANLUO_ATTEMPT\" >> counter.txt; sleep 300\n")


def stopped_with_a_leftover(q: Queue, tmp_path: Path) -> tuple[Path, str, Path, Path]:
    """A run stopped while the KILL of what was left of its lost attempt 1 failed: the queue's status hid the job
    (a qmaster restart behind a pipeline), so attempt 1 read as lost; its KILL failed (the queue refuses KILLs
    while ``nokill`` exists), so attempt 2 waited; then the owner stopped the run. (run folder, job id, the
    nokill file, the notices' file)"""
    hide, nokill, told = tmp_path / "hide", tmp_path / "nokill", tmp_path / "told.txt"
    spec = write_spec(tmp_path / "proj", spec_text(
        q, LINGERS, status=f"test -f {hide} || {q.prefix} status {{job_ids}}",
        cancel=f"test ! -f {nokill} && {q.prefix} cancel {{job_id}}", forgotten="no job")
        + f"cancel_grace: 0.2s\nnotify:\n  - command: 'printf \"%s\\\\n\" {{body}} >> {told}'\n")
    run_dir = start_run(spec, tmp_path / "home", tmp_path, "--trigger", "daemon")  # a trigger to keep
    adir = run_dir / "attempts" / "solo" / "work" / "1"
    wait_for(lambda: (adir / "started.json").exists(), timeout=20, what="attempt 1 to start")
    job_id = (adir / JOB_ID).read_text().strip()
    hide.touch()
    nokill.touch()
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)  # lost; its KILL fails; attempt 2 waits
    hide.unlink()
    work = read_state(run_dir)["entities"]["solo"]["stages"]["work"]
    assert work["attempt"] == 2 and work["attempts"][0]["leftover"]["tries"] == 1, work
    stopped = run("stop", "--run", run_dir, "--reason", "enough", cwd=tmp_path, check=True)
    assert "the trigger stays until the KILL of what is left of an earlier attempt goes through" in stopped.stdout
    state = read_state(run_dir)
    assert state["phase"] == "stopped" and state["trigger"]["removed_at"] is None  # kept: its ticks send the KILL
    assert word(q, job_id) == "RUNNING"
    return run_dir, job_id, nokill, told


def kill_failures(run_dir: Path) -> list[dict]:
    return [e for e in read_events(run_dir) if e["event"] == "cancel_failed"]


def test_a_finished_runs_leftover_kill_is_sent_again_each_tick_until_it_goes_through(q, tmp_path):
    run_dir, job_id, nokill, _ = stopped_with_a_leftover(q, tmp_path)
    out = run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert "sent again" in out.stdout, out.stdout
    again = kill_failures(run_dir)[-1]
    assert len(kill_failures(run_dir)) == 2 and again["attempt"] == 1 and again["signal"] == "KILL"
    assert "the run is over: it is sent again each tick until it goes through" in again["message"], again
    assert "its retry" not in again["message"]
    since = read_state(run_dir)["entities"]["solo"]["stages"]["work"]["attempts"][0]["leftover"]["since"]
    lines = [ln for ln in run("status", "--run", run_dir, cwd=tmp_path, check=True).stdout.splitlines()
             if ln.startswith("LEFT BEHIND")]
    assert lines == [f"LEFT BEHIND: solo.work attempt 1 (job {job_id}): its KILL failed since {since} (2 refused; "
                     "the last: backend.cancel: the command exited 1: no message); sent again each tick until it "
                     "goes through"], lines
    nokill.unlink()  # the scheduler takes it now
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert word(q, job_id) == "CANCELLED"
    (went,) = [e for e in read_events(run_dir) if e["event"] == "cancelled"]
    assert went["attempt"] == 1 and went["signal"] == "KILL", went
    assert "what was left of it is gone: no more KILLs" in went["message"], went
    state = read_state(run_dir)
    assert state["entities"]["solo"]["stages"]["work"]["attempts"][0]["leftover"] is None
    assert state["trigger"]["removed_at"] is not None and state["phase"] == "stopped"  # now the trigger goes
    seen = len(read_events(run_dir))
    out = run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert "nothing to do" in out.stdout and len(read_events(run_dir)) == seen
    assert "LEFT BEHIND" not in run("status", "--run", run_dir, cwd=tmp_path, check=True).stdout
    assert (tmp_path / "proj" / "counter.txt").read_text() == "ran 1\n"  # attempt 2 never ran beside it


def test_a_finished_runs_leftover_kill_that_keeps_failing_is_given_up_recorded_and_told(q, tmp_path):
    run_dir, job_id, _, told = stopped_with_a_leftover(q, tmp_path)
    for _ in range(2):  # the 2nd and 3rd refusals
        time.sleep(0.25)
        run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    time.sleep(0.3)  # 3 refusals over 3 x cancel_grace at least
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert len(kill_failures(run_dir)) == 3
    (gave_up,) = [e for e in read_events(run_dir) if e["event"] == "leftover_given_up"]
    assert f"(job {job_id}) failed since" in gave_up["message"] and "3 refused" in gave_up["message"], gave_up
    assert f"tianluo stops sending it. Make sure job {job_id} is gone" in gave_up["message"]
    wait_for(lambda: told.exists() and f"Make sure job {job_id} is gone" in told.read_text(), timeout=20,
             what="the owner's notice")
    state = read_state(run_dir)
    assert state["entities"]["solo"]["stages"]["work"]["attempts"][0]["leftover"]["given_up_at"]
    assert state["trigger"]["removed_at"] is not None  # nothing left to send: the trigger goes
    text = run("status", "--run", run_dir, cwd=tmp_path, check=True).stdout
    assert "tianluo stopped sending it at" in text and "make sure it is gone" in text, text
    for _ in range(2):
        run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert len(kill_failures(run_dir)) == 3 and word(q, job_id) == "RUNNING"  # no more KILLs
    q("cancel", job_id)


def test_the_daemon_ticks_a_finished_run_on_until_its_leftover_kill_goes_through(q, tmp_path):
    from conftest import kill_tree
    from test_daemon import finish, lines_of, start_daemon

    run_dir, job_id, nokill, _ = stopped_with_a_leftover(q, tmp_path)
    proc, log = start_daemon(tmp_path, run_dir, every=0.5)
    try:
        wait_for(lambda: len(kill_failures(run_dir)) >= 2, timeout=30, what="the daemon to send the KILL again")
        assert proc.poll() is None  # a finished run, but something of it is left to KILL
        nokill.unlink()
        code, err = finish(proc, timeout=30)
    finally:
        kill_tree(proc.pid)
    assert code == 0, err
    assert word(q, job_id) == "CANCELLED"
    assert lines_of(log)[-1] == f"{run_dir.name}: run is stopped; daemon exits"
