"""Integration tests of the local backend: real detached runners, real jobs, psutil, no mocks."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from dataclasses import replace
from pathlib import Path

import psutil
import pytest
from conftest import alive, clean_env, kill_tree, wait_for, write_spec

from tianluo.backends.base import JobSpec
from tianluo.backends.local import TAG, LocalBackend, tagged_processes
from tianluo.core.decide import attempt_dir, job_name
from tianluo.core.jobspec import job_spec
from tianluo.models.model import Attempt, Handle
from tianluo.models.states import JobState
from tianluo.planning.newrun import create_run
from tianluo.shell.store import RunStore
from tianluo.shell.tick import utcnow

pytestmark = pytest.mark.integration

SPEC = """\
name: backend-test
entities:
  alpha:
    stages:
      work: {run: "true"}
      other: {run: "true"}
"""


class Env:
    """A real run folder, and a way to make the JobSpec of any attempt with any command."""

    def __init__(self, tmp_path: Path):
        self.workdir = tmp_path / "proj"
        spec = write_spec(self.workdir, SPEC)
        self.run_dir = create_run(spec, tmp_path / "home", utcnow())
        self.state = RunStore(self.run_dir).load()
        self.backend = LocalBackend(self.run_dir)
        self.handles: list[Handle] = []
        self.popens: list[subprocess.Popen] = []

    def job(self, command: str, sid: str = "alpha.work", n: int = 1) -> JobSpec:
        attempt = Attempt(n=n, job_name=job_name(self.state.run_id, sid, n), dir=attempt_dir(sid, n),
                          intent_at=utcnow())
        return replace(job_spec(self.state, self.run_dir, sid, attempt), command=command)

    def submit(self, job: JobSpec) -> Handle:
        handle = self.backend.submit(job)
        self.handles.append(handle)
        return handle

    def poll(self, job: JobSpec, handle: Handle):
        return self.backend.poll({job.job_name: (job, handle)})[job.job_name]


@pytest.fixture
def env(tmp_path):
    e = Env(tmp_path)
    try:
        yield e
    finally:
        for h in e.handles:  # the runner leads its session: kill the whole group
            kill_tree(h.pid)
        for p in e.popens:
            p.wait(timeout=10)


def adir(job: JobSpec) -> Path:
    return Path(job.attempt_dir)


def wait_exit(job: JobSpec, timeout: float = 20) -> dict:
    wait_for((adir(job) / "exit.json").exists, timeout=timeout, what=f"{job.job_name} exit.json")
    return json.loads((adir(job) / "exit.json").read_text())


def wait_started(job: JobSpec) -> dict:
    wait_for((adir(job) / "started.json").exists, what=f"{job.job_name} started.json")
    return json.loads((adir(job) / "started.json").read_text())


def launch_blocked_runner(env: "Env", job: JobSpec) -> subprocess.Popen:
    """A real runner that has not claimed its folder yet: stopped (SIGSTOP) before its Python starts.

    (A FIFO job.json used to block it; the runner now refuses anything but a regular file.)
    """
    folder = adir(job)
    folder.mkdir(parents=True)
    (folder / "job.json").write_text(json.dumps({"job_name": job.job_name, "command": job.command,
                                                 "workdir": job.workdir, "env": {**job.env, TAG: job.job_name}}))
    runner = subprocess.Popen([sys.executable, "-m", "tianluo.runner", str(folder)], cwd=folder,
                              env={**clean_env(), **job.env, TAG: job.job_name},
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
    os.kill(runner.pid, signal.SIGSTOP)  # microseconds after exec; the interpreter needs tens of ms to start
    env.handles.append(Handle(job_id=str(runner.pid), pid=runner.pid, create_time=0.0, host="x"))
    env.popens.append(runner)
    # wait until it is blocked in the FIFO (a python process that imported the runner)
    wait_for(lambda: "tianluo.runner" in psutil.Process(runner.pid).cmdline(), what="the runner")
    return runner


def feed_job_json(job: JobSpec, runner: subprocess.Popen) -> None:
    os.kill(runner.pid, signal.SIGCONT)  # let the stopped runner go on: it claims the folder and runs the job


def job_processes(job: JobSpec) -> list[int]:
    return sorted(p.pid for p in tagged_processes(job.job_name))


# --- submit ------------------------------------------------------------------------------------


def test_submit_runs_the_command_detached_with_its_env_and_workdir(env):
    job = env.job('env | grep "^TIANLUO_" | sort > env.txt; pwd > pwd.txt; echo out; echo err >&2')
    handle = env.submit(job)
    assert handle.pid > 0 and handle.create_time > 0
    assert handle.job_id == str(handle.pid)
    record = wait_exit(job)
    started = json.loads((adir(job) / "started.json").read_text())

    assert record["exit_code"] == 0 and record["signal"] is None
    for key in ("exit_code", "signal", "host", "started_at", "ended_at"):
        assert key in record
    assert record["host"] == started["host"] == handle.host
    assert started["runner_pid"] == handle.pid
    assert started["pgid"] == handle.pid  # a new session and process group
    assert abs(started["runner_create_time"] - handle.create_time) < 0.1
    assert (adir(job) / "stdout").read_text() == "out\n"
    assert (adir(job) / "stderr").read_text() == "err\n"
    assert (adir(job) / "job.json").is_file()

    seen = dict(line.split("=", 1) for line in (env.workdir / "env.txt").read_text().splitlines())
    assert seen["TIANLUO_ENTITY"] == "alpha"
    assert seen["TIANLUO_STAGE"] == "work"
    assert seen["TIANLUO_ATTEMPT"] == "1"
    assert seen["TIANLUO_RUN_DIR"] == str(env.run_dir.resolve())
    assert seen["TIANLUO_RUN_ID"] == env.state.run_id
    assert seen["TIANLUO_ATTEMPT_DIR"] == job.attempt_dir
    assert seen[TAG] == job.job_name
    assert (env.workdir / "pwd.txt").read_text().strip() == str(env.workdir)


def test_the_job_runs_in_its_own_session(env):
    job = env.job("exec sleep 30")
    handle = env.submit(job)
    wait_started(job)
    assert os.getsid(handle.pid) == handle.pid != os.getsid(0)
    assert os.getpgid(handle.pid) == handle.pid
    child = wait_for(lambda: psutil.Process(handle.pid).children(), what="the job process")[0]
    assert os.getsid(child.pid) == handle.pid


def test_the_job_outlives_the_process_that_submitted_it(env, tmp_path):
    marker = env.workdir / "finished"
    job = env.job(f"sleep 0.5; touch {marker}")
    code = textwrap.dedent("""
        import json, sys
        from tianluo.backends.base import JobSpec
        from tianluo.backends.local import LocalBackend
        job = JobSpec(**json.loads(sys.argv[2]))
        h = LocalBackend(sys.argv[1]).submit(job)
        print(h.pid)
    """)
    spec = {"job_name": job.job_name, "command": job.command, "workdir": job.workdir,
            "attempt_dir": job.attempt_dir, "env": job.env}
    out = subprocess.run([sys.executable, "-c", code, str(env.run_dir), json.dumps(spec)], cwd=tmp_path,
                         env=clean_env(), capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    env.handles.append(Handle(job_id=out.stdout.strip(), pid=int(out.stdout), create_time=0.0, host="x"))
    record = wait_exit(job)
    assert record["exit_code"] == 0
    assert marker.exists()


# --- poll --------------------------------------------------------------------------------------


def test_poll_says_running_while_alive_and_exited_after(env):
    job = env.job("echo step 1; exec sleep 30")
    handle = env.submit(job)
    started = wait_started(job)
    facts = env.poll(job, handle)
    assert facts.state == JobState.RUNNING
    assert facts.started_at == started["started_at"]
    assert facts.host == handle.host
    # alive: on a loaded host the process is caught in uninterruptible sleep now and then (paging in, exec), a state
    # of a live process as much as the other two (CI read 'disk-sleep' once)
    assert facts.proc_status in (psutil.STATUS_RUNNING, psutil.STATUS_SLEEPING, psutil.STATUS_DISK_SLEEP)
    assert facts.rss_bytes and facts.rss_bytes > 0
    assert facts.cpu_seconds is not None

    signalled = env.backend.cancel(job, handle)  # SIGTERM to the job; the runner stays to record it
    assert signalled and handle.pid not in signalled
    record = wait_exit(job)
    facts = wait_for(lambda: (f := env.poll(job, handle)).state == JobState.EXITED and f,
                     what="EXITED from poll")
    assert facts.signal == signal.SIGTERM == record["signal"]
    assert facts.ended_at == record["ended_at"]
    assert facts.started_at == started["started_at"]
    # poll reaps the runner, our own child: once it has exited (it writes exit.json a moment before it does,
    # which a loaded machine can stretch), a poll leaves no zombie
    wait_for(lambda: env.poll(job, handle).state == JobState.EXITED and not alive(handle.pid),
             what="the runner reaped by a poll")


def test_poll_of_many_jobs_in_one_call(env):
    quick = env.job("exit 2", sid="alpha.other")
    slow = env.job("exec sleep 30")
    hq, hs = env.submit(quick), env.submit(slow)
    wait_exit(quick)
    wait_started(slow)
    facts = env.backend.poll({quick.job_name: (quick, hq), slow.job_name: (slow, hs)})
    assert set(facts) == {quick.job_name, slow.job_name}
    assert facts[slow.job_name].state == JobState.RUNNING
    # the quick runner may still be finishing up after writing exit.json
    wait_for(lambda: env.poll(quick, hq).state == JobState.EXITED, what="quick job EXITED")
    assert env.poll(quick, hq).exit_code == 2


def test_a_handle_with_a_wrong_create_time_is_not_alive(env):
    """Before the runner claims its folder, the recorded handle is all poll has: a live process
    with the handle's pid but another create time is some other program (a reused pid)."""
    job = env.job("exec sleep 30")
    runner = launch_blocked_runner(env, job)
    real = Handle(job_id=str(runner.pid), pid=runner.pid,
                  create_time=psutil.Process(runner.pid).create_time(), host=env.backend.host)
    assert env.poll(job, real).state == JobState.STARTING
    impostor = real.model_copy(update={"create_time": real.create_time - 1000.0})
    facts = env.poll(job, impostor)
    assert facts.state == JobState.LOST  # from the files: no started.json, no exit.json
    assert str(runner.pid) in facts.detail
    assert alive(runner.pid)  # the live process was neither taken for the job nor touched


def test_a_pid_reused_after_the_runner_died_is_not_the_job(env, tmp_path):
    """started.json names the runner; once it is dead its pid may belong to another program."""
    job = env.job("exec sleep 30")
    submitted_at = time.monotonic()
    handle = env.submit(job)
    started = wait_started(job)
    os.kill(handle.pid, signal.SIGKILL)  # the runner dies first: no exit.json
    env.backend.cancel(job, None, signal.SIGKILL)  # then its orphaned job
    wait_for(lambda: env.poll(job, handle).state == JobState.LOST, what="LOST")
    # create times are compared with a 0.1 s tolerance: let the clock move well past it first
    wait_for(lambda: time.monotonic() - submitted_at > 0.5, what="the clock")
    other = subprocess.Popen(["sleep", "30"], cwd=tmp_path, env=clean_env())
    try:
        assert psutil.Process(other.pid).create_time() - started["runner_create_time"] > 0.3
        # the kernel hands the runner's pid to `other`: same pid, another create time
        reused = {**started, "runner_pid": other.pid}
        (adir(job) / "started.json").write_text(json.dumps(reused))
        stale = handle.model_copy(update={"pid": other.pid, "job_id": str(other.pid)})
        facts = env.poll(job, stale)
        assert facts.state == JobState.LOST
        assert env.backend.find(job).pid == other.pid
        assert env.poll(job, env.backend.find(job)).state == JobState.LOST
        assert other.poll() is None
        assert env.backend.cancel(job, stale) == []  # the other program is not tagged: untouched
        assert other.poll() is None
    finally:
        other.kill()
        other.wait()


def test_an_exit_record_wins_over_a_stale_handle(env):
    job = env.job("exit 3")
    handle = env.submit(job)
    wait_exit(job)
    wait_for(lambda: not alive(handle.pid) or env.poll(job, handle).state == JobState.EXITED,
             what="the runner to finish")
    me = psutil.Process()
    foreign = Handle(job_id="x", pid=me.pid, create_time=me.create_time() + 5.0, host="h")
    facts = wait_for(lambda: (f := env.poll(job, foreign)).state == JobState.EXITED and f,
                     what="EXITED")
    assert facts.exit_code == 3


def test_a_runner_killed_by_sigkill_is_lost(env):
    job = env.job("exec sleep 30")
    handle = env.submit(job)
    wait_started(job)
    job_pid = wait_for(lambda: [p for p in job_processes(job) if p != handle.pid],
                       what="the job process")[0]
    os.kill(handle.pid, signal.SIGKILL)  # the runner only: it cannot write exit.json
    facts = wait_for(lambda: (f := env.poll(job, handle)).state == JobState.LOST and f,
                     what="LOST from poll")
    assert not (adir(job) / "exit.json").exists()
    assert "exit.json" in facts.detail
    assert facts.started_at is not None
    # the orphaned job still runs, tagged; cancel() finds and stops it without the runner
    assert alive(job_pid)
    assert env.backend.cancel(job, handle, signal.SIGKILL) == [job_pid]
    wait_for(lambda: not alive(job_pid), what="the orphan to die")
    assert job_processes(job) == []


# --- find --------------------------------------------------------------------------------------


def test_find_returns_the_handle_from_started_json(env):
    job = env.job("exec sleep 30")
    assert env.backend.find(job) is None  # never launched
    handle = env.submit(job)
    started = wait_started(job)
    found = env.backend.find(job)
    assert found is not None
    assert found.pid == handle.pid == started["runner_pid"]
    assert abs(found.create_time - handle.create_time) < 0.1
    assert found.host == started["host"]
    assert env.poll(job, found).state == JobState.RUNNING


def test_find_uses_the_tag_before_started_json_exists(env):
    """A runner that is launched but has not claimed its folder yet is found by its env tag."""
    job = env.job("exec sleep 30")
    runner = launch_blocked_runner(env, job)
    found = wait_for(lambda: env.backend.find(job), what="find() by tag")
    assert not (adir(job) / "started.json").exists()
    assert found.pid == runner.pid
    assert abs(found.create_time - psutil.Process(runner.pid).create_time()) < 0.01
    assert env.poll(job, found).state == JobState.STARTING
    feed_job_json(job, runner)  # unblock the runner: it claims the folder and runs the job
    started = wait_started(job)
    assert started["runner_pid"] == runner.pid
    assert env.backend.find(job).pid == runner.pid
    assert env.poll(job, found).state == JobState.RUNNING


def test_find_does_not_take_a_tagged_process_that_is_not_a_runner(env, tmp_path):
    job = env.job("true")
    impostor = subprocess.Popen(["sleep", "30"], cwd=tmp_path, env={**clean_env(), TAG: job.job_name})
    try:
        wait_for(lambda: job_processes(job) == [impostor.pid], what="the tagged sleep")
        assert env.backend.find(job) is None
    finally:
        impostor.kill()
        impostor.wait()


# --- cancel ------------------------------------------------------------------------------------


def test_cancel_signals_only_the_processes_tagged_with_the_job(env, tmp_path):
    target = env.job("exec sleep 30", sid="alpha.work")
    bystander = env.job("exec sleep 30", sid="alpha.other")
    ht, hb = env.submit(target), env.submit(bystander)
    wait_started(target)
    wait_started(bystander)
    untagged = subprocess.Popen(["sleep", "30"], cwd=tmp_path, env=clean_env())
    try:
        tagged = wait_for(lambda: (pids := job_processes(target)) and len(pids) == 2 and pids,
                          what="runner and job of the target")
        signalled = env.backend.cancel(target, ht)
        assert sorted(signalled) == [p for p in tagged if p != ht.pid]  # the job, not its runner
        assert ht.pid not in signalled
        assert hb.pid not in signalled and untagged.pid not in signalled
        record = wait_exit(target)
        assert record["signal"] == signal.SIGTERM
        assert env.poll(bystander, hb).state == JobState.RUNNING
        assert untagged.poll() is None
        assert len(job_processes(bystander)) == 2
        assert env.backend.cancel(env.job("true", n=9), None) == []  # nothing tagged: nothing sent
    finally:
        untagged.kill()
        untagged.wait()


def test_cancel_reaches_a_process_that_dropped_its_environment(env, tmp_path):
    """`env -i` strips the tag, but the process stays in the runner's process group."""
    pidfile = tmp_path / "untagged.pid"
    job = env.job(f"env -i /bin/sh -c 'echo $$ > {pidfile}; exec sleep 30' & wait")
    handle = env.submit(job)
    wait_started(job)
    wait_for(lambda: pidfile.exists() and pidfile.read_text().strip(), what="the untagged child")
    untagged = int(pidfile.read_text())
    assert "TIANLUO_JOB" not in psutil.Process(untagged).environ()
    signalled = env.backend.cancel(job, handle, signal.SIGKILL)
    assert untagged in signalled and handle.pid not in signalled
    wait_for(lambda: not alive(untagged), what="the untagged child to die")
    record = wait_exit(job)
    assert record["exit_code"] is not None or record["signal"] is not None


def test_cancel_leaves_a_reused_group_id_alone(env, tmp_path):
    """With no tagged process left in it, a process group is not ours to signal."""
    stranger = subprocess.Popen(["sleep", "30"], cwd=tmp_path, env=clean_env(), start_new_session=True)
    try:
        fake = Handle(job_id=str(stranger.pid), pid=stranger.pid, create_time=0.0, host="vm")
        assert env.backend.cancel(env.job("true", n=7), fake, signal.SIGKILL) == []
        assert stranger.poll() is None
    finally:
        stranger.kill()
        stranger.wait()


@pytest.mark.parametrize("pid", [1, "me"])
def test_a_claim_naming_a_live_foreign_process_does_not_keep_an_ended_attempt_running(env, pid):
    """started.json damaged to name PID 1 (or another live process) with no create time: the
    attempt's exit.json is read, not the foreign process taken for a runner that never ends."""
    job = env.job("exit 4")
    handle = env.submit(job)
    wait_exit(job)
    wait_for(lambda: not alive(handle.pid) or psutil.Process(handle.pid).status() == psutil.STATUS_ZOMBIE,
             what="the runner to end")
    started = json.loads((adir(job) / "started.json").read_text())
    started["runner_pid"] = 1 if pid == 1 else os.getpid()
    started.pop("runner_create_time", None)
    (adir(job) / "started.json").write_text(json.dumps(started))
    facts = env.poll(job, handle)
    assert facts.state == JobState.EXITED and facts.exit_code == 4


def test_a_runner_still_alive_after_writing_exit_json_is_judged_by_it(env, tmp_path):
    """The runner writes exit.json and then takes a moment to end (longer on a loaded host):
    a tick that reads the process table in that moment sees the job as ended, not running.
    (A tagged runner process standing in for the real one, frozen in that moment.)"""
    job = env.job("exit 3")
    env.submit(job)
    wait_exit(job)
    lingering = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", "tianluo.runner"],
                                 cwd=tmp_path, env={**clean_env(), TAG: job.job_name})
    try:
        wait_for(lambda: psutil.Process(lingering.pid).environ().get(TAG) == job.job_name, what="the stand-in")
        started = json.loads((adir(job) / "started.json").read_text())
        started.update(runner_pid=lingering.pid, runner_create_time=psutil.Process(lingering.pid).create_time())
        (adir(job) / "started.json").write_text(json.dumps(started))
        stand_in = Handle(job_id=str(lingering.pid), pid=lingering.pid, create_time=started["runner_create_time"],
                          host="h")
        facts = env.poll(job, stand_in)
        assert facts.state == JobState.EXITED and facts.exit_code == 3
        os.remove(adir(job) / "exit.json")  # without the record, the same live runner is the job running
        assert env.poll(job, stand_in).state == JobState.RUNNING
    finally:
        lingering.kill()
        lingering.wait()


@pytest.mark.parametrize("step", [-3600.0, 0.5, 86400.0])
def test_a_wall_clock_step_after_the_runner_started_does_not_make_its_job_lost(env, step):
    """The host's clock stepped since the runner recorded its create time (NTP, a VM resumed): /proc/stat's boot
    time moves with the clock, so every create time read now is off by the step. The runner, still carrying its
    attempt's tag, is the job running, never lost (which would relaunch it beside itself); a pid without the tag
    still is not."""
    job = env.job("exec sleep 60")
    handle = env.submit(job)
    wait_for(lambda: (adir(job) / "started.json").exists(), what="started.json")
    started = json.loads((adir(job) / "started.json").read_text())
    started["runner_create_time"] += step  # as recorded before the step, read after it
    (adir(job) / "started.json").write_text(json.dumps(started))
    stepped = Handle(job_id=handle.job_id, pid=handle.pid, create_time=handle.create_time + step, host=handle.host)
    assert env.poll(job, stepped).state == JobState.RUNNING
    other = env.job("exec sleep 60", n=2)  # another attempt's record naming this runner: not its job
    adir(other).mkdir(parents=True, exist_ok=True)
    (adir(other) / "started.json").write_text(json.dumps({**started, "job_name": other.job_name}))
    assert env.poll(other, stepped).state == JobState.LOST


def test_a_run_of_the_same_name_and_second_in_another_home_is_never_found_nor_signalled(env, tmp_path):
    """Two homes, the same spec name, started in the same second: the same run id and job names.
    Each backend finds and signals only the processes of its own attempt folder."""
    job = env.job("exec sleep 60")
    handle = env.submit(job)
    wait_started(job)
    twin_dir = tmp_path / "other-home" / Path(job.attempt_dir).relative_to(env.run_dir.parent)
    twin = replace(job, attempt_dir=str(twin_dir))
    assert twin.job_name == job.job_name and twin.attempt_dir != job.attempt_dir
    other = LocalBackend(twin_dir.parents[3])
    assert other.find(twin) is None
    assert other.poll({twin.job_name: (twin, None)})[twin.job_name].state == JobState.MISSING
    assert other.cancel(twin, None, signal.SIGKILL) == []
    assert env.poll(job, handle).state == JobState.RUNNING  # the first run's job lives on
    assert env.backend.find(job) == handle
