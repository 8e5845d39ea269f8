"""The embedded default backend: each attempt is a detached runner process on this host.

Liveness is pid plus process create time, so a pid the kernel reused for another program
is never taken for the job. Every process of an attempt carries ``TIANLUO_JOB=<job name>``
in its environment; that tag is how a launched-but-unrecorded attempt is found again, and
the only way tianluo picks processes to signal.
"""

import contextlib
import os
import signal
import socket
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import psutil

from tianluo.backends.base import JobFacts, JobSpec
from tianluo import fsio, records
from tianluo.fsio import write_json
from tianluo.model import Handle
from tianluo.runner import EXIT, JOB
from tianluo.states import JobState

TAG = "TIANLUO_JOB"
CREATE_TIME_TOLERANCE = 0.1  # seconds; psutil derives create time from boot time + ticks


class LocalBackend:
    """Runs attempts as detached processes (a new session each) under the runner wrapper."""

    def __init__(self, run_dir: Path):
        self.run_dir = Path(run_dir)
        self.host = socket.gethostname()

    def submit(self, job: JobSpec) -> Handle:
        attempt_dir = Path(job.attempt_dir)
        fsio.make_dirs(attempt_dir)  # 0700, no link followed below the run folder
        env = {**job.env, TAG: job.job_name}
        write_json(attempt_dir / JOB, {
            "job_name": job.job_name,
            "command": job.command,
            "workdir": job.workdir,
            "env": env,
            "poke": job.poke,
        })
        with os.fdopen(fsio.open_file(attempt_dir / "runner.log", os.O_WRONLY | os.O_APPEND | os.O_CREAT), "ab") as log:
            proc = subprocess.Popen(
                [sys.executable, "-m", "tianluo.runner", str(attempt_dir)],
                cwd=attempt_dir,  # not the user's folder: a stray tianluo/ there must not shadow us
                env={**os.environ, **env},
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                start_new_session=True,
                close_fds=True,
            )
        return Handle(job_id=str(proc.pid), pid=proc.pid, create_time=_create_time(proc.pid) or 0.0,
                      host=self.host)

    def poll(self, jobs: dict[str, tuple[JobSpec, Handle | None]]) -> dict[str, JobFacts]:
        out = {}
        for name, (job, handle) in jobs.items():
            if handle is not None:
                out[name] = self._poll_one(job, handle)
                continue
            found = self.find(job)
            out[name] = (JobFacts(state=JobState.MISSING, detail=f"no process is tagged {job.job_name}")
                         if found is None else replace(self._poll_one(job, found), found=found))
        return out

    def hold(self, job: JobSpec, handle: Handle) -> str | None:
        return None  # a local attempt starts at once: there is no queue to hold it in

    def release(self, job: JobSpec, handle: Handle) -> str | None:
        return None

    def _poll_one(self, job: JobSpec, handle: Handle) -> JobFacts:
        attempt_dir = Path(job.attempt_dir)
        started, started_problem = records.read_started(attempt_dir)
        if started:
            # The runner that claimed the folder is the attempt, whatever pid was recorded:
            # after a relaunch race the recorded runner may be the one that stood down.
            handle = _handle_from_started(started, self.host)
        proc = _tracked_process(handle)
        if proc is not None:
            try:
                status = proc.status()
            except psutil.Error:
                status = None
            if started and status not in (None, psutil.STATUS_ZOMBIE) and not _tagged_with(proc, job.job_name):
                # started.json names a live process that is not this attempt's runner (PID 1, a
                # pid reused with no create time recorded, a damaged record): not the job
                status = None
            if status == psutil.STATUS_ZOMBIE:
                _reap(handle.pid)
            elif status is not None:
                cpu, rss, tree_status = _usage(proc)
                return JobFacts(
                    state=JobState.RUNNING if started else JobState.STARTING,
                    host=self.host,
                    started_at=started.get("started_at") if started else None,
                    proc_status=tree_status or status,
                    cpu_seconds=cpu,
                    rss_bytes=rss,
                )
        record, exit_problem = records.read_exit(attempt_dir)
        if record is not None:
            return JobFacts(
                state=JobState.EXITED,
                exit_code=record.get("exit_code"),
                signal=record.get("signal"),
                host=record.get("host"),
                started_at=record.get("started_at"),
                ended_at=record.get("ended_at"),
                detail=record.get("error") or "",
            )
        unreadable = "; ".join(p for p in (exit_problem, started_problem) if p)
        return JobFacts(
            state=JobState.LOST,
            host=self.host,
            started_at=started.get("started_at") if started else None,
            detail=(f"pid {handle.pid} is gone and its record is unreadable ({unreadable}); judged without it"
                    if unreadable else f"pid {handle.pid} is gone and left no {EXIT}"),
        )

    def find(self, job: JobSpec) -> Handle | None:
        started, _ = records.read_started(job.attempt_dir)
        if started:
            return _handle_from_started(started, self.host)
        for proc in tagged_processes(job.job_name):
            if _is_runner(proc):
                return Handle(job_id=str(proc.pid), pid=proc.pid, create_time=proc.create_time(),
                              host=self.host)
        return None

    def cancel(self, job: JobSpec, handle: Handle | None, sig: int = signal.SIGTERM) -> list[int]:
        """Signal what runs of the attempt: its process group and every process tagged with it.

        The job's processes are signalled and the runner is spared, so it can still write
        ``exit.json`` (with the signal) when the job dies; a runner left alone with no job
        is signalled too. The process group (the runner leads it) is only touched while a
        tagged process is still in it, so a reused group id is never hit.
        """
        signalled = []
        tagged = attempt_processes(job.job_name, handle.pid if handle else None)
        workers = [p for p in tagged if not _is_runner(p)]
        for proc in workers or tagged:
            try:
                os.kill(proc.pid, sig)  # the pid was checked a moment ago, from a fresh process table
            except ProcessLookupError:
                continue
            signalled.append(proc.pid)
            if sig != signal.SIGKILL:
                with contextlib.suppress(ProcessLookupError):  # TERM may have ended it already
                    os.kill(proc.pid, signal.SIGCONT)  # a stopped process acts on TERM only once continued
        return signalled


def attempt_processes(job_name: str, pgid: int | None) -> list[psutil.Process]:
    """Live processes of an attempt: tagged with its name, or in its runner's process group.

    A process that dropped its environment (``env -i``) is still in the group.
    """
    tagged, group = [], []
    for proc in _processes():
        try:
            if proc.pid == os.getpid() or proc.status() == psutil.STATUS_ZOMBIE:
                continue
            if proc.environ().get(TAG) == job_name:
                tagged.append(proc)
            elif pgid is not None and os.getpgid(proc.pid) == pgid:
                group.append(proc)
        except (psutil.Error, ProcessLookupError):  # gone, or another user's process
            continue
    ours = pgid is not None and any(_pgid(p) == pgid for p in tagged)
    return tagged + group if ours else tagged


def _processes():
    """Fresh Process objects for every pid (psutil.process_iter reuses cached ones)."""
    for pid in psutil.pids():
        try:
            yield psutil.Process(pid)
        except psutil.Error:
            continue


def _pgid(proc: psutil.Process) -> int | None:
    try:
        return os.getpgid(proc.pid)
    except ProcessLookupError:
        return None


def tagged_processes(job_name: str) -> list[psutil.Process]:
    """Live processes whose environment says ``TIANLUO_JOB=<job_name>``."""
    found = []
    for proc in _processes():
        try:
            if proc.pid == os.getpid() or proc.status() == psutil.STATUS_ZOMBIE:
                continue
            if proc.environ().get(TAG) == job_name:
                found.append(proc)
        except psutil.Error:  # gone, or another user's process
            continue
    return found


def _tagged_with(proc: psutil.Process, job_name: str) -> bool:
    """Whether ``proc`` carries this attempt's tag (the runner and its job do; PID 1 does not)."""
    try:
        return proc.environ().get(TAG) == job_name
    except psutil.Error:
        return False


def _is_runner(proc: psutil.Process) -> bool:
    try:
        return "tianluo.runner" in proc.cmdline()
    except psutil.Error:
        return False


def _handle_from_started(started: dict, host: str) -> Handle:
    pid = int(started["runner_pid"])
    return Handle(job_id=str(pid), pid=pid, create_time=started.get("runner_create_time") or 0.0,
                  host=started.get("host") or host)


def _create_time(pid: int) -> float | None:
    try:
        return psutil.Process(pid).create_time()
    except psutil.Error:
        return None


def _tracked_process(handle: Handle) -> psutil.Process | None:
    """The handle's process if it still exists and is the same process (create time)."""
    try:
        proc = psutil.Process(handle.pid)
        if handle.create_time and abs(proc.create_time() - handle.create_time) > CREATE_TIME_TOLERANCE:
            return None  # the pid was reused by another program
        return proc
    except psutil.Error:
        return None


def _reap(pid: int) -> None:
    """Collect an exited runner that is our own child, so it does not linger as a zombie."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass


def _usage(proc: psutil.Process) -> tuple[float | None, int | None, str | None]:
    """CPU seconds, resident memory and status of the job under the runner.

    The status is the job's, not the runner's (which only waits): ``stopped`` if any of the
    job's processes is stopped, else the status of its first process.
    """
    cpu, rss = 0.0, 0
    try:
        children = proc.children(recursive=True)
    except psutil.Error:
        return None, None, None
    statuses = []
    for p in [proc, *children]:
        try:
            times = p.cpu_times()
            cpu += times.user + times.system
            rss += p.memory_info().rss
            if p is not proc:
                statuses.append(p.status())
        except psutil.Error:
            continue
    status = psutil.STATUS_STOPPED if psutil.STATUS_STOPPED in statuses else (statuses[0] if statuses else None)
    return round(cpu, 3), rss, status


__all__ = ["LocalBackend", "tagged_processes"]
