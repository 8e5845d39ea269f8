"""Many local jobs: a tick reads the process table once, whatever the number of jobs, and runs no subprocess.

Counts, not timings (the machine is shared): how many times ``/proc`` is listed and how
many processes are started during a tick over real running jobs, and how poll time grows
from N to 4N jobs, the two timed in turns over one process table (linear in the jobs; a cost
per pair of jobs would be 16x).
"""

import glob
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import clean_env, kill_tree, start_run, wait_for

from tianluo.backends.base import JobSpec
from tianluo.backends.local import TAG, LocalBackend
from tianluo.models.model import Handle
from tianluo.models.states import JobState
from tianluo.shell import proctable
from tianluo.shell.tick import run_tick

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.workloads import write_jobs

pytestmark = pytest.mark.integration


class Counted:
    """Counts listings of /proc and started processes while it is entered."""

    def __init__(self, monkeypatch):
        self.listings = 0
        self.spawned = []
        real_scandir, real_listdir, real_popen = os.scandir, os.listdir, subprocess.Popen.__init__
        counter = self

        def is_proc(path) -> bool:
            return not isinstance(path, int) and os.path.normpath(os.fsdecode(path)) == "/proc"

        def scandir(path="."):
            counter.listings += is_proc(path)
            return real_scandir(path)

        def listdir(path="."):
            counter.listings += is_proc(path)
            return real_listdir(path)

        def popen(self, args, *a, **kw):
            counter.spawned.append(args)
            return real_popen(self, args, *a, **kw)

        def no_fork(*a, **kw):
            counter.spawned.append(("fork/spawn", a))
            raise AssertionError("a tick over running jobs started a process")

        monkeypatch.setattr(os, "scandir", scandir)
        monkeypatch.setattr(os, "listdir", listdir)
        monkeypatch.setattr(subprocess.Popen, "__init__", popen)
        monkeypatch.setattr(os, "fork", no_fork)
        monkeypatch.setattr(os, "posix_spawn", no_fork)
        monkeypatch.setattr(os, "system", no_fork)


def test_a_tick_over_many_running_jobs_lists_proc_once_and_starts_nothing(tmp_path, monkeypatch):
    n = 20
    spec = write_jobs(tmp_path / "proj", n, seconds=120)
    run_dir = start_run(spec, tmp_path / "home", tmp_path)  # the first tick launches all n
    claims = []
    try:
        wait_for(lambda: len(glob.glob(f"{run_dir}/attempts/*/*/*/started.json")) == n, timeout=60,
                 what=f"{n} runners to claim their folders")
        claims = [json.loads(Path(p).read_text()) for p in glob.glob(f"{run_dir}/attempts/*/*/*/started.json")]
        # every runner's job (sh job.sh) is running, so the tick only looks
        wait_for(lambda: all(proctable.read().descendants(c["runner_pid"]) for c in claims), timeout=30,
                 what="every job to start")
        reads = proctable.READS
        counted = Counted(monkeypatch)
        result = run_tick(run_dir)
        monkeypatch.undo()
        assert result.ran
        assert counted.listings == 1, f"/proc listed {counted.listings} times in one tick over {n} jobs"
        assert proctable.READS - reads == 1
        assert counted.spawned == []
        state = json.loads((run_dir / "state.json").read_text())
        stages = [e["stages"]["train"] for e in state["entities"].values()]
        assert len(stages) == n and all(s["status"] == "running" for s in stages), \
            sorted({s["status"] for s in stages})
    finally:
        for c in claims:
            kill_tree(c["runner_pid"])


def _tagged_job(folder: Path, i: int) -> tuple[JobSpec, Handle, int]:
    """A real stand-in for an attempt: a tagged shell (its 'runner') leading its session, with a
    child, and its started.json. Cheap to start by the dozen, unlike a Python runner."""
    attempt = folder / f"a{i}"
    attempt.mkdir(mode=0o700)
    name = f"scale-{os.getpid()}-{i}"
    proc = subprocess.Popen(["/bin/sh", "-c", "sleep 60; :"], cwd=attempt, env={**clean_env(), TAG: name},
                            stdin=subprocess.DEVNULL, start_new_session=True)
    created = proctable.create_time(proc.pid)
    (attempt / "started.json").write_text(json.dumps({
        "job_name": name, "runner_pid": proc.pid, "runner_create_time": created, "pgid": proc.pid,
        "host": "h", "started_at": "2026-01-01T00:00:00Z"}))
    job = JobSpec(job_name=name, command="sleep 60", workdir=str(folder), attempt_dir=str(attempt))
    return job, Handle(job_id=str(proc.pid), pid=proc.pid, create_time=created, host="h"), proc.pid


def _poll_times(backend: LocalBackend, few: dict, many: dict, repeats: int = 9) -> tuple[float, float]:
    """The fastest of ``repeats`` polls of ``few`` and of ``many``, taken in turns so that a busy
    spell of this shared machine falls on both alike: a busy machine only ever adds time, so the
    minimum is the cost."""
    times: dict[str, list[float]] = {"few": [], "many": []}
    for _ in range(repeats):
        for key, jobs in (("few", few), ("many", many)):
            t0 = time.perf_counter()
            facts = backend.poll(jobs)
            times[key].append(time.perf_counter() - t0)
            assert all(f.state == JobState.RUNNING for f in facts.values())
    return min(times["few"]), min(times["many"])


def test_poll_time_grows_linearly_with_jobs(tmp_path):
    """20 -> 80 jobs: the process table is read once per poll, whatever the number of jobs (a
    walk per job read it 80 times), and the rest of a poll grows with the jobs, not with their
    square (16x from 20 to 80). The two polls are timed in turns over the same process table,
    so the ratio is the jobs' own cost and not the machine's mood (a 20-job poll timed before
    the other 60 jobs started, then an 80-job poll, read 6.0x on a loaded CI host)."""
    backend = LocalBackend(tmp_path)
    jobs, pids = {}, []
    try:
        for i in range(20):
            job, handle, pid = _tagged_job(tmp_path, i)
            jobs[job.job_name] = (job, handle)
            pids.append(pid)
        wait_for(lambda: all(proctable.read().descendants(p) for p in pids), what="every job's child")
        facts = backend.poll(jobs)
        # all alive ('disk-sleep': uninterruptible sleep, now and then on a loaded host)
        assert {f.proc_status for f in facts.values()} <= {"sleeping", "running", "disk-sleep"}
        assert all(f.rss_bytes > 0 and f.cpu_seconds is not None for f in facts.values())
        few = dict(jobs)
        for i in range(20, 80):
            job, handle, pid = _tagged_job(tmp_path, i)
            jobs[job.job_name] = (job, handle)
            pids.append(pid)
        wait_for(lambda: all(proctable.read().descendants(p) for p in pids), what="every job's child")
        reads = proctable.READS
        small, large = _poll_times(backend, few, jobs)
        assert proctable.READS - reads == 18  # once per poll, not per job
        assert large / small < 8, f"poll of 80 jobs took {large / small:.1f}x the poll of 20"
    finally:
        for pid in pids:
            kill_tree(pid)
        for pid in pids:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass


def test_a_runner_waiting_beside_its_job_loaded_no_heavy_module(tmp_path):
    """A runner waits beside every running job, so what it imports is paid once per job: its
    mapped extension modules show it never loaded psutil, pydantic, subprocess (_posixsubprocess,
    threads, selectors) or hashlib/OpenSSL (secrets)."""
    spec = write_jobs(tmp_path / "proj", 1, seconds=120)
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    started = wait_for(lambda: glob.glob(f"{run_dir}/attempts/*/*/*/started.json"), what="the runner's claim")
    runner = json.loads(Path(started[0]).read_text())["runner_pid"]
    try:
        wait_for(lambda: proctable.read().descendants(runner), what="the job")
        maps = Path(f"/proc/{runner}/maps").read_text()
        assert "python" in maps  # the runner's own interpreter: the maps are the runner's
        for heavy in ("psutil", "pydantic", "_posixsubprocess", "select.cpython", "_hashlib", "libcrypto",
                      "_datetime"):
            assert heavy not in maps, f"the runner loaded {heavy}"
    finally:
        kill_tree(runner)
