"""SlurmBackend against a real single-node Slurm: submit, poll, the follow-up calls, cancel, hold.

Every test takes the ``slurm`` fixture (tests/conftest.py): the session's cluster of
scripts/slurm_cluster.py with its controller up and its node idle; ``SLURM_CONF`` is in
``os.environ``, so the backend's commands and the tests' own Slurm commands talk to it.
Job names carry a random tag: squeue is asked by name, and names must not meet across tests.
"""

import json
import os
import shutil
import signal
import stat
import subprocess
import time
import uuid
from collections import Counter
from pathlib import Path

import pytest
from conftest import (
    clean_env,
    cli,
    read_events,
    start_run,
    status_json,
    wait_for,
    write_spec,
)

from tianluo.backends.base import (
    JobFacts,
    JobSpec,
    SchedulerUnreachable,
    SubmitRejected,
)
from tianluo.backends.slurm import SlurmBackend, SlurmError, SlurmOptions
from tianluo.backends.slurm_text import parse_config
from tianluo.faults.classify import Evidence, effective_signal
from tianluo.models.model import Handle
from tianluo.models.states import JobState
from tianluo.planning.spec_parts import Resources

pytestmark = [pytest.mark.integration, pytest.mark.slurm]

SLURM_TIMEOUT = 30  # every Slurm command the tests run themselves
KILL_SELF = "python3 -c \"import os,signal; os.kill(os.getpid(), signal.SIGKILL)\""
LATER = Resources(sbatch_args=["--begin=now+1hour"])  # stays PENDING (reason BeginTime)


# --- helpers ---------------------------------------------------------------------------------


def slurm_cmd(*args: str, check: bool = True, timeout: float = SLURM_TIMEOUT) -> str:
    proc = subprocess.run(list(args), check=False, capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL)
    if check and proc.returncode != 0:
        raise AssertionError(f"{' '.join(args)} exited {proc.returncode}: {proc.stderr}")
    return proc.stdout


def backend_for(tmp_path: Path, accounting: str = "jobcomp", timeout: float = 10.0) -> SlurmBackend:
    return SlurmBackend(tmp_path, SlurmOptions(accounting=accounting, timeout=timeout))


def make_job(tmp_path: Path, label: str, command: str, resources: Resources | None = None,
             env: dict | None = None) -> JobSpec:
    name = f"tlb-{uuid.uuid4().hex[:8]}-{label}"
    return JobSpec(job_name=name, command=command, workdir=str(tmp_path),
                   attempt_dir=str(tmp_path / "attempts" / label / "1"), env=env or {"TLB_LABEL": label},
                   resources=resources or Resources())


def squeue_field(job_id: str, field: str) -> str:
    """One ``squeue -O`` field of a job the controller still holds ('' when it holds none)."""
    return slurm_cmd("squeue", "-h", "-t", "all", "-j", job_id, "-O", f"{field}:|", check=False).strip().rstrip("|")


def poll_until(backend: SlurmBackend, jobs: dict, done, timeout: float = 30.0, what: str = "facts",
               seen: list | None = None) -> dict[str, JobFacts]:
    """Poll every 0.3 s until ``done(facts)``; each poll makes at most two Slurm calls."""
    def step():
        backend.calls.clear()
        facts = backend.poll(jobs)
        assert len(backend.calls) <= 2, backend.calls
        if seen is not None:
            seen.append(facts)
        return facts if done(facts) else None
    return wait_for(step, timeout=timeout, interval=0.3, what=what)


def all_exited(facts: dict[str, JobFacts]) -> bool:
    return all(f.state == JobState.EXITED for f in facts.values())


def read_json(path: Path) -> dict:
    return json.loads(Path(path).read_text())


def reconfigure(cluster, min_job_age: int) -> None:
    cluster.write_conf(min_job_age=min_job_age)
    slurm_cmd("scontrol", "reconfigure")
    wait_for(lambda: parse_config(slurm_cmd("scontrol", "show", "config")).get("MinJobAge") == f"{min_job_age} sec",
             timeout=20, interval=0.3, what=f"MinJobAge={min_job_age} in the controller")


# --- 1. submit and poll to the end ------------------------------------------------------------


def test_submit_writes_the_attempt_folder_and_poll_reports_each_way_of_ending(slurm, tmp_path):
    backend = backend_for(tmp_path)
    ok = make_job(tmp_path, "ok", "echo to-stdout; echo to-stderr >&2")
    fail = make_job(tmp_path, "fail", "echo failing; exit 3")
    killed = make_job(tmp_path, "killed", f"exec {KILL_SELF}")  # the command itself dies of SIGKILL
    shell_killed = make_job(tmp_path, "shkilled", KILL_SELF)  # dash waits for it: exit 128+9
    jobs = {}
    for job in (ok, fail, killed, shell_killed):
        handle = backend.submit(job)
        assert isinstance(handle, Handle) and handle.job_id.isdigit(), handle
        adir = Path(job.attempt_dir)
        script = (adir / "job.sbatch").read_text()
        assert f"#SBATCH --job-name={job.job_name}" in script
        assert f"#SBATCH --output={adir}/stdout" in script and f"#SBATCH --error={adir}/stderr" in script
        assert read_json(adir / "job.json")["command"] == job.command
        jobs[job.job_name] = (job, handle)
    assert [c[0] for c in backend.calls] == ["sbatch"] * 4
    assert len({h.job_id for _, h in jobs.values()}) == 4

    facts = poll_until(backend, jobs, all_exited, what="all four jobs to end")
    host = slurm.host

    f = facts[ok.job_name]
    assert (f.exit_code, f.signal, f.scheduler_state, f.ended_by) == (0, None, "COMPLETED", None), f
    assert f.job_id == jobs[ok.job_name][1].job_id and f.found is None
    assert f.host and f.host.split(".")[0] == host, f
    assert f.started_at and f.ended_at
    adir = Path(ok.attempt_dir)
    assert (adir / "stdout").read_text() == "to-stdout\n"  # split: each stream in its own file
    assert (adir / "stderr").read_text() == "to-stderr\n"
    assert read_json(adir / "started.json")["job_id"] == f.job_id

    f = facts[fail.job_name]
    assert (f.exit_code, f.signal, f.scheduler_state, f.ended_by) == (3, None, "FAILED", None), f
    assert (Path(fail.attempt_dir) / "stdout").read_text() == "failing\n"

    f = facts[killed.job_name]
    record = read_json(Path(killed.attempt_dir) / "exit.json")
    assert (record["signal"], record["exit_code"]) == (signal.SIGKILL, None), record
    assert (f.signal, f.exit_code, f.scheduler_state, f.ended_by) == (signal.SIGKILL, None, "FAILED", None), f

    # Without exec, /bin/sh (dash) outlives the killed command and exits 128+9: the runner
    # records the shell's exit code, and classify reads the signal back from it.
    f = facts[shell_killed.job_name]
    record = read_json(Path(shell_killed.attempt_dir) / "exit.json")
    assert record["signal"] in (None, signal.SIGKILL) and f.scheduler_state == "FAILED", (record, f)
    assert effective_signal(Evidence(state=JobState.EXITED, exit_code=f.exit_code, signal=f.signal)) == signal.SIGKILL


# --- 2. jobs without a handle are found by name -------------------------------------------------


def test_poll_finds_an_unrecorded_job_by_name_and_says_missing_for_a_name_never_submitted(slurm, tmp_path):
    backend = backend_for(tmp_path)
    pending = make_job(tmp_path, "pending", "true", LATER)  # never claims its folder: only squeue knows it
    finished = make_job(tmp_path, "finished", "echo hi")
    never = make_job(tmp_path, "never", "true")
    h_pending, h_finished = backend.submit(pending), backend.submit(finished)
    wait_for(lambda: squeue_field(h_finished.job_id, "State") == "COMPLETED", timeout=30, interval=0.2,
             what="the short job to complete")

    backend.calls.clear()
    facts = backend.poll({pending.job_name: (pending, None), finished.job_name: (finished, None),
                          never.job_name: (never, None)})
    assert [c[0] for c in backend.calls] == ["squeue"]  # one call finds all three answers
    f = facts[pending.job_name]
    assert f.found == Handle(job_id=h_pending.job_id) and f.job_id == h_pending.job_id
    assert f.state == JobState.QUEUED and f.scheduler_state == "PENDING" and f.reason == "BeginTime", f
    f = facts[finished.job_name]
    assert f.found == Handle(job_id=h_finished.job_id)
    assert (f.state, f.exit_code, f.scheduler_state) == (JobState.EXITED, 0, "COMPLETED"), f
    f = facts[never.job_name]
    assert f.state == JobState.MISSING and f.found is None and f.job_id is None, f

    assert backend.find(pending) == Handle(job_id=h_pending.job_id)
    assert backend.find(never) is None


# --- 3. jobs Slurm forgot: exit.json and the jobcomp log ---------------------------------------


def test_jobs_gone_from_squeue_are_read_from_exit_json_and_sacct_c(slurm, tmp_path):
    backend = backend_for(tmp_path)
    ok = make_job(tmp_path, "ok", "echo fine")
    fail = make_job(tmp_path, "fail", "exit 4")
    running = make_job(tmp_path, "running", "exec sleep 60")
    pending = make_job(tmp_path, "pending", "true", LATER)
    try:
        reconfigure(slurm, 2)
        jobs = {j.job_name: (j, backend.submit(j)) for j in (ok, fail, running, pending)}
        wait_for(lambda: (Path(running.attempt_dir) / "started.json").exists(), timeout=30,
                 what="the long job to start")
        slurm_cmd("scancel", jobs[running.job_name][1].job_id, jobs[pending.job_name][1].job_id)
        names = ",".join(jobs)
        wait_for(lambda: not slurm_cmd("squeue", "-h", "-t", "all", f"--name={names}", "-o", "%i").strip(),
                 timeout=120, interval=1, what="squeue -t all to forget the jobs")

        backend = backend_for(tmp_path)  # a fresh tick
        facts = backend.poll(jobs)
        assert [c[:2] for c in backend.calls] == [["squeue", "-h"], ["sacct", "-c"]], backend.calls
        sacct = backend.calls[1]
        assert sacct[sacct.index("-j") + 1] == ",".join(sorted((h.job_id for _, h in jobs.values()), key=int))
    finally:
        reconfigure(slurm, 300)

    f = facts[ok.job_name]
    assert (f.state, f.scheduler_state, f.exit_code, f.ended_by) == (JobState.EXITED, "COMPLETED", 0, None), f
    f = facts[fail.job_name]
    assert (f.state, f.scheduler_state, f.exit_code, f.ended_by) == (JobState.EXITED, "FAILED", 4, None), f
    # jobcomp writes 0:0 for a cancelled job: that must never read as a success.
    f = facts[running.job_name]
    record = read_json(Path(running.attempt_dir) / "exit.json")  # the runner saw its TERM
    assert (f.state, f.scheduler_state, f.ended_by) == (JobState.EXITED, "CANCELLED", "cancelled"), f
    assert f.exit_code != 0 and (f.exit_code, f.signal) == (record["exit_code"], record["signal"]), (f, record)
    f = facts[pending.job_name]
    assert not (Path(pending.attempt_dir) / "exit.json").exists()
    assert (f.state, f.scheduler_state, f.ended_by) == (JobState.EXITED, "CANCELLED", "cancelled"), f
    assert f.exit_code is None and f.signal is None, f


# --- 4. a real run through the CLI: how often it asks Slurm ------------------------------------

WRAPPED = ("squeue", "scontrol", "sacct", "sbatch", "scancel")
QUERIES = ("squeue", "scontrol", "sacct")
N_ENTITIES = 50


def counting_bin(tmp_path: Path, log: Path) -> Path:
    """A bin folder of wrappers: each logs '<TL_TICK> <name> <args>' and execs the real command."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in WRAPPED:
        real = shutil.which(name)
        assert real, f"{name} is not on PATH"
        path = bin_dir / name
        path.write_text(f'#!/bin/sh\necho "${{TL_TICK:-none}} {name} $*" >> {log}\nexec {real} "$@"\n')
        path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return bin_dir


def spec_with_entities(n: int) -> str:
    lines = ["name: many", "backend: slurm", "interval: 10m", "entities:",
             # e00 kills its runner on the first attempt: no exit.json, so a tick must ask scontrol
             "  e00:", "    stages:", "      work:",
             "        run: 'test -f e00.once || { touch e00.once; kill -9 $PPID; }'"]
    for i in range(1, n):
        lines += [f"  e{i:02d}:", "    stages:", "      work: {run: 'sleep 2'}"]
    lines += ["ladder:", "  unknown: {retries: 2, backoff: [0s]}", ""]
    return "\n".join(lines)


def test_a_tick_asks_slurm_at_most_twice_however_many_jobs_it_watches(slurm, tmp_path):
    log = tmp_path / "slurm-calls.log"
    bin_dir = counting_bin(tmp_path, log)
    project = tmp_path / "proj"
    spec = write_spec(project, spec_with_entities(N_ENTITIES))

    def env(tag: str) -> dict:
        return clean_env(PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}", TL_TICK=tag)

    proc = cli("start", spec, "--home", tmp_path / "home", "--trigger", "none", "--accept-defaults", "--no-tick",
               cwd=project, env=env("start"), check=True)
    run_dir = Path(proc.stdout.strip().splitlines()[-1])
    ticks = 0
    t0 = time.monotonic()
    while True:
        ticks += 1
        cli("tick", "--run", run_dir, cwd=project, env=env(str(ticks)), check=True)
        doc = status_json(run_dir, project)  # without the wrappers: status is not a tick
        if doc["phase"] == "complete":
            break
        assert doc["phase"] == "running", doc
        assert time.monotonic() - t0 < 150, f"not complete after {ticks} ticks: {json.dumps(doc)[:2000]}"
        time.sleep(0.5)

    calls: dict[str, list[tuple[str, list[str]]]] = {}
    for line in log.read_text().splitlines():
        tag, name, *args = line.split(" ")
        calls.setdefault(tag, []).append((name, args))
    assert set(calls) <= {"start", *map(str, range(1, ticks + 1))}, set(calls)
    assert [n for n, _ in calls.get("start", [])] == ["scontrol"]  # accounting: auto asks once, at start

    submitted = [e for e in read_events(run_dir) if e["event"] == "submitted"]
    assert len(submitted) == N_ENTITIES + 1  # e00 once more
    sbatch = [args for tag in calls for n, args in calls[tag] if n == "sbatch"]
    assert len(sbatch) == len(submitted)
    assert len([n for n, _ in calls["1"] if n == "sbatch"]) == N_ENTITIES
    assert not [1 for tag in calls for n, _ in calls[tag] if n == "scancel"]

    widest = 0
    follow_ups = []
    for tick in range(1, ticks + 1):
        names = [n for n, _ in calls.get(str(tick), [])]
        queries = [n for n in names if n in QUERIES]
        assert len(queries) <= 2 and names.count("squeue") <= 1, (tick, names)
        for name, args in calls.get(str(tick), []):
            if name == "squeue":
                watched = next(a for a in args if a.startswith("--name=")).split(",")
                if len(watched) >= N_ENTITIES:
                    widest += 1
                    assert names.count("squeue") == 1, (tick, names)
            elif name in ("scontrol", "sacct"):
                follow_ups.append((tick, name, args))
    assert widest >= 1, "no tick polled all the jobs at once"
    assert follow_ups, "no tick needed the follow-up call (e00's runner was killed: no exit.json)"
    assert all(args[:3] == ["show", "job", "-o"] for _, n, args in follow_ups if n == "scontrol"), follow_ups
    per_tick = {t: " ".join(f"{n}x{c}" for n, c in sorted(Counter(n for n, _ in calls.get(str(t), [])).items()))
                for t in range(1, ticks + 1)}
    print(f"\n{ticks} ticks for {N_ENTITIES} jobs in {time.monotonic() - t0:.1f}s; per tick: {per_tick}")


# --- 6. sbatch refuses the job ------------------------------------------------------------------


# A partition that does not exist is the contract's refused submit (tests/test_backend_contract.py).
@pytest.mark.parametrize("resources, message", [
    (Resources(gres="gpu:1"), "Invalid generic resource (gres) specification"),
])
def test_sbatch_refusing_the_job_is_a_slurm_error_not_unreachable(slurm, tmp_path, resources, message):
    backend = backend_for(tmp_path)
    job = make_job(tmp_path, "refused", "true", resources)
    with pytest.raises(SlurmError) as info:
        backend.submit(job)
    assert message in str(info.value)
    assert isinstance(info.value, SubmitRejected) and not isinstance(info.value, SchedulerUnreachable)
    facts = backend.poll({job.job_name: (job, None)})  # the backend still talks to Slurm
    assert facts[job.job_name].state == JobState.MISSING
    assert [c[0] for c in backend.calls] == ["sbatch", "squeue"]


REFUSED = """\
name: refused
backend: slurm
entities:
  bad:
    stages:
      work:
        run: "true"
        resources: {partition: nope}
"""


def test_a_refused_job_through_the_cli_is_launch_failed_and_relaunches_are_bounded(slurm, tmp_path):
    project = tmp_path / "proj"
    run_dir = start_run(write_spec(project, REFUSED), tmp_path / "home", project, "--no-tick")
    counts = []
    for _ in range(6):
        proc = cli("tick", "--run", run_dir, cwd=project)
        assert proc.returncode == 0, proc.stderr
        counts.append(len([e for e in read_events(run_dir) if e["event"] == "launch_failed"]))
    failed = [e for e in read_events(run_dir) if e["event"] == "launch_failed"]
    assert counts[0] == 1 and "Invalid partition name specified" in failed[0]["message"], failed
    assert counts[-1] == counts[-3] <= 3, f"relaunches did not stop: {counts}"  # bounded: it stopped growing
    doc = status_json(run_dir, project)
    assert doc["phase"] == "blocked", doc["phase"]
    work = doc["entities"]["bad"]["stages"]["work"]
    assert work["status"] == "held" and work["fault"]["label"] == "submit_rejected", work
    print(f"\nlaunch_failed events after each tick: {counts}")


# --- 7. a requeued job is the same attempt, run again -------------------------------------------


def slurm_log_lines(cluster, job_id: str) -> list[str]:
    """What slurmctld and slurmd logged about one job: for failure messages."""
    keys = (f"JobId={job_id} ", f"job {job_id} ", f"Job {job_id} ", f"{job_id}.batch", f"job{job_id} ")
    return [line for name in ("log/slurmctld.log", "log/slurmd.log")
            for line in (cluster.root / name).read_text(errors="replace").splitlines()
            if any(k in line for k in keys)][-40:]


def requeued_and_pending(backend: SlurmBackend, job: JobSpec, handle: Handle, how: str = "requeue",
                         printed: str | None = None) -> list:
    """Requeue a job that runs (and, given ``printed``, once its first run has printed it: started.json is written
    just before the command starts, and on a loaded machine a requeue could land before the command's first line);
    poll until Slurm holds it PENDING again; every poll's facts."""
    adir = Path(job.attempt_dir)
    jobs = {job.job_name: (job, handle)}

    def first_run_printed(f) -> bool:
        stdout = adir / "stdout"
        return (f[job.job_name].state == JobState.RUNNING and (adir / "started.json").exists()
                and (printed is None or stdout.exists() and printed in stdout.read_text(errors="replace")))

    poll_until(backend, jobs, first_run_printed, what="the first run")
    assert read_json(adir / "started.json")["restarts"] == 0
    slurm_cmd("scontrol", how, handle.job_id)
    seen: list[dict[str, JobFacts]] = []
    poll_until(backend, jobs, lambda f: squeue_field(handle.job_id, "State") == "PENDING"
               and (adir / "exit.json").exists(), what="the requeued job to be pending", seen=seen)
    first = read_json(adir / "exit.json")  # the first run's end: a requeue, not the job's end
    assert first["restarts"] == 0 and first["exit_code"] != 0, first
    return seen


def test_a_requeued_job_is_queued_again_not_ended_and_its_second_run_counts(slurm, tmp_path):
    backend = backend_for(tmp_path)
    job = make_job(tmp_path, "requeue", "echo run-${SLURM_RESTART_COUNT:-0}; sleep 6")
    handle = backend.submit(job)
    jobs = {job.job_name: (job, handle)}
    adir = Path(job.attempt_dir)
    seen = requeued_and_pending(backend, job, handle, printed="run-0")
    # Released at once, slurmd may still hold the first run's revoked credential ("Job credential
    # revoked"): the second launch then fails at once. A couple of seconds avoids that race.
    time.sleep(2)
    seen.append(backend.poll(jobs))
    # A requeued job waits for its BeginTime (about 2 minutes) unless told otherwise.
    slurm_cmd("scontrol", "update", f"JobId={handle.job_id}", "StartTime=now")
    facts = poll_until(backend, jobs, lambda f: f[job.job_name].state == JobState.EXITED, timeout=60,
                       what="the second run to end", seen=seen)

    history = [(f[job.job_name].scheduler_state, f[job.job_name].detail) for f in seen]
    states = [f[job.job_name].state for f in seen]
    assert all(s in (JobState.QUEUED, JobState.RUNNING) for s in states[:-1]), history
    assert JobState.QUEUED in states, history
    started = read_json(adir / "started.json")
    record = read_json(adir / "exit.json")
    assert started["restarts"] == 1 and started["job_id"] == handle.job_id, \
        (started, history, (adir / "stderr").read_text(), slurm_log_lines(slurm, handle.job_id))
    assert record["restarts"] == 1 and record["exit_code"] == 0, record
    f = facts[job.job_name]
    assert (f.exit_code, f.signal, f.scheduler_state, f.ended_by) == (0, None, "COMPLETED", None), f
    out = (adir / "stdout").read_text()
    assert "run-0" in out and "run-1" in out, out  # --open-mode=append keeps the first run's log


def test_a_requeued_job_that_ends_before_running_again_is_not_ended_by_its_first_runs_exit_json(slurm, tmp_path):
    backend = backend_for(tmp_path)
    job = make_job(tmp_path, "requeuehold", "exec sleep 60")
    handle = backend.submit(job)
    jobs = {job.job_name: (job, handle)}
    seen = requeued_and_pending(backend, job, handle, how="requeuehold")
    assert all(f[job.job_name].state in (JobState.QUEUED, JobState.RUNNING) for f in seen)
    slurm_cmd("scancel", handle.job_id)  # cancelled while held: its second run never started
    facts = poll_until(backend, jobs, all_exited, what="the held job to end")
    f = facts[job.job_name]
    assert [c[0] for c in backend.calls] == ["squeue", "scontrol"], backend.calls  # exit.json is stale
    assert (f.scheduler_state, f.ended_by) == ("CANCELLED", "cancelled"), f
    assert (f.exit_code, f.signal) == (None, None), f  # not the first run's SIGTERM, not a 0


# --- 8. cancel, hold, release -----------------------------------------------------------------------


def test_cancel_ends_a_running_job_and_hold_release_a_pending_one(slurm, tmp_path):
    backend = backend_for(tmp_path)
    running = make_job(tmp_path, "running", "exec sleep 60")
    pending = make_job(tmp_path, "pending", "true", LATER)
    h_run, h_pend = backend.submit(running), backend.submit(pending)
    jobs = {running.job_name: (running, h_run)}
    poll_until(backend, jobs, lambda f: f[running.job_name].state == JobState.RUNNING, what="RUNNING")

    assert backend.cancel(running, h_run, signal.SIGTERM) == [h_run.job_id]
    facts = poll_until(backend, jobs, all_exited, what="the cancelled job to end")
    f = facts[running.job_name]
    assert (f.scheduler_state, f.ended_by) == ("CANCELLED", "cancelled") and f.exit_code != 0, f
    assert backend.cancel(running, h_run, signal.SIGTERM) == [h_run.job_id]  # finished already: no error
    # without a handle: the job the runner claimed (ended already: harmless)
    assert backend.cancel(running, None, signal.SIGTERM) == [h_run.job_id]
    # an id that is no longer this attempt's job (reused by another job) is never cancelled
    other = make_job(tmp_path, "other", "exec sleep 60")
    h_other = backend.submit(other)
    reused = Handle(job_id=h_other.job_id)
    backend.cancel(running, reused, signal.SIGTERM)
    backend.cancel(running, reused, signal.SIGKILL)
    time.sleep(1)
    assert squeue_field(h_other.job_id, "State") in ("PENDING", "RUNNING")
    slurm_cmd("scancel", h_other.job_id)

    assert squeue_field(h_pend.job_id, "Reason") == "BeginTime"
    assert backend.hold(pending, h_pend)
    assert squeue_field(h_pend.job_id, "Reason") in ("JobHeldAdmin", "JobHeldUser")  # root: Admin
    f = backend.poll({pending.job_name: (pending, h_pend)})[pending.job_name]
    assert f.state == JobState.QUEUED and f.reason in ("JobHeldAdmin", "JobHeldUser"), f
    assert backend.release(pending, h_pend)
    reason = squeue_field(h_pend.job_id, "Reason")
    assert not reason.startswith("JobHeld") and squeue_field(h_pend.job_id, "State") == "PENDING", reason
    assert backend.hold(running, h_run)  # a finished job is left alone, no error

    assert backend.cancel(pending, h_pend, signal.SIGTERM) == [h_pend.job_id]  # never ran: no exit.json
    jobs = {pending.job_name: (pending, h_pend)}
    facts = poll_until(backend, jobs, all_exited, what="the cancelled pending job to end")
    f = facts[pending.job_name]
    assert [c[0] for c in backend.calls] == ["squeue", "scontrol"], backend.calls
    assert (f.scheduler_state, f.ended_by, f.exit_code, f.signal) == ("CANCELLED", "cancelled", None, None), f
