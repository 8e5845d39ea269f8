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
from pathlib import Path

import pytest
from conftest import clean_env, read_events, read_state, wait_for, write_spec
from forked_cli import run, start_run, tick_until
from test_command_backend import KILLED_TICK, Queue, job, spec_text

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
