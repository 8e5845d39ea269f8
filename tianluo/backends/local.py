"""The embedded default backend: each attempt is a detached runner process on this host.

Liveness is pid plus process create time, so a pid the kernel reused for another program
is never taken for the job. Every process of an attempt carries ``TIANLUO_JOB=<job name>``
in its environment; that tag is how a launched-but-unrecorded attempt is found again, and
the only way tianluo picks processes to signal (only processes of the user tianluo runs as:
another user's process is skipped).

A poll reads the host's process table once (``tianluo.shell.proctable``), whatever the number of
jobs, and answers every job's liveness, usage and reaping from it; an environment is read
only to check a runner's tag or to look an unrecorded attempt up by its name.
"""

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Literal

from tianluo.backends.base import MAX_PIDS, BackendOptions, Capabilities, Handle, JobFacts, JobSpec, runner_argv
from tianluo.backends.kinds import BackendKind
from tianluo.models.states import JobState
from tianluo.runner import EXIT, JOB
from tianluo.shell import fsio, proctable, records
from tianluo.shell.fsio import write_json
from tianluo.shell.proctable import ProcTable

TAG = "TIANLUO_JOB"
#: The attempt folder, beside the job name: two runs of the same name started in the same second
#: (two homes) have the same run id and job names, and one must never find or signal the other's.
ATTEMPT_TAG = "TIANLUO_ATTEMPT_DIR"  # also what the job reads (jobspec.job_spec)
JOB_START_WAIT = 0.5  # seconds cancel waits for the job of a runner found alone
CREATE_TIME_TOLERANCE = 0.1  # seconds; a create time is boot time + start ticks (1/100 s)


class LocalOptions(BackendOptions):
    """``backend: local``: attempts run as processes of this host. Nothing to set."""

    kind: Literal["local"] = "local"

    def capabilities(self) -> Capabilities:
        # No queue (an attempt starts at once), no scheduler to be unreachable, one host; a job's
        # exit can start a tick at once on this very host.
        return Capabilities(event_ticks=True, this_host=True, quiet_checks=True)


class LocalBackend:
    """Runs attempts as detached processes (a new session each) under the runner wrapper."""

    def __init__(self, run_dir: Path, options: LocalOptions | None = None):
        self.run_dir = Path(run_dir)
        self.host = socket.gethostname()

    def submit(self, job: JobSpec) -> Handle:
        attempt_dir = Path(job.attempt_dir)
        # 0700, no link followed below the run folder. Not fsynced: the intent is in state.json
        # already, and a power cut that lost these also took the runner (the next tick finds it lost).
        fsio.make_dirs(attempt_dir, durable=False)
        env = {**job.env, TAG: job.job_name, ATTEMPT_TAG: str(attempt_dir)}
        write_json(attempt_dir / JOB, {
            "job_name": job.job_name,
            "command": job.command,
            "workdir": job.workdir,
            "env": env,
            "poke": job.poke,
            "scheduler_env": {},  # no scheduler: a SLURM_JOB_ID around tianluo is not this job's
        }, durable=False)
        with os.fdopen(fsio.open_file(attempt_dir / "runner.log", os.O_WRONLY | os.O_APPEND | os.O_CREAT), "ab") as log:
            proc = subprocess.Popen(
                runner_argv(sys.executable, str(attempt_dir)),
                cwd=attempt_dir,  # not the user's folder: a stray tianluo/ there must not shadow us
                env={**os.environ, **env},
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                start_new_session=True,
                close_fds=True,
            )
        return Handle(job_id=str(proc.pid), pid=proc.pid, create_time=proctable.create_time(proc.pid) or 0.0,
                      host=self.host)

    def poll(self, jobs: dict[str, tuple[JobSpec, Handle | None]]) -> dict[str, JobFacts]:
        table = proctable.read()  # once for every job of the tick
        out = {}
        for name, (job, handle) in jobs.items():
            if handle is not None:
                out[name] = self._poll_one(job, handle, table)
                continue
            found = self._find(job, table)
            out[name] = (JobFacts(state=JobState.MISSING, detail=f"no process is tagged {job.job_name}")
                         if found is None else replace(self._poll_one(job, found, table), found=found))
        return out

    def hold(self, job: JobSpec, handle: Handle) -> str | None:
        return None  # a local attempt starts at once: there is no queue to hold it in

    def release(self, job: JobSpec, handle: Handle) -> str | None:
        return None

    def _poll_one(self, job: JobSpec, handle: Handle, table: ProcTable) -> JobFacts:
        attempt_dir = Path(job.attempt_dir)
        started, started_problem = records.read_started(attempt_dir)
        if started:
            # The runner that claimed the folder is the attempt, whatever pid was recorded:
            # after a relaunch race the recorded runner may be the one that stood down.
            handle = _handle_from_started(started, self.host)
        proc = table.same(handle.pid, handle.create_time, CREATE_TIME_TOLERANCE) if handle.pid is not None else None
        if proc is None and started and handle.pid is not None:
            # The wall clock stepped since the runner recorded its create time (NTP, a VM resumed): the kernel's
            # boot time moves with it, and so does every create time read since. A pid that still carries this
            # attempt's own tag is its runner (a reused pid would carry another's, or none): never judged lost,
            # relaunched beside itself.
            stepped = table.get(handle.pid)
            if stepped is not None and table.env_value(stepped.pid, TAG) == job.job_name:
                proc = stepped
        if proc is not None:
            status: str | None = proc.status
            if started and status != proctable.ZOMBIE and table.env_value(proc.pid, TAG) != job.job_name:
                # started.json names a live process that is not this attempt's runner (PID 1, a
                # pid reused with no create time recorded, a damaged record): not the job, unless
                # it is the runner exiting since the table was read (its environment is gone then)
                status = proctable.ZOMBIE if _ended_since(table, proc) else None
            if status == proctable.ZOMBIE:
                _reap(proc.pid)
            elif status is not None:
                if started:  # a runner alive with exit.json written is on its way out: the job has ended
                    record, _ = records.read_exit(attempt_dir)
                    if record is not None:
                        return _exited(record)
                cpu, rss, tree_status = proctable.job_usage(table, proc)
                pids = (proc.pid, *proctable.job_members(table, proc))[:MAX_PIDS]
                return JobFacts(
                    state=JobState.RUNNING if started else JobState.STARTING,
                    host=self.host,
                    started_at=started.get("started_at") if started else None,
                    proc_status=tree_status or status,
                    cpu_seconds=cpu,
                    rss_bytes=rss,
                    pids=pids,
                )
        record, exit_problem = records.read_exit(attempt_dir)
        if record is not None:
            return _exited(record)
        unreadable = "; ".join(p for p in (exit_problem, started_problem) if p)
        return JobFacts(
            state=JobState.LOST,
            host=self.host,
            started_at=started.get("started_at") if started else None,
            detail=(f"pid {handle.pid} is gone and its record is unreadable ({unreadable}); judged without it"
                    if unreadable else f"pid {handle.pid} is gone and left no {EXIT}"),
        )

    def find(self, job: JobSpec) -> Handle | None:
        return self._find(job, None)

    def _find(self, job: JobSpec, table: ProcTable | None) -> Handle | None:
        started, _ = records.read_started(job.attempt_dir)
        if started:
            return _handle_from_started(started, self.host)
        table = table if table is not None else proctable.read()
        for proc in _tagged(table, job.job_name, runners_only=True, attempt_dir=job.attempt_dir):
            return Handle(job_id=str(proc.pid), pid=proc.pid, create_time=proc.create_time, host=self.host)
        return None

    def cancel(self, job: JobSpec, handle: Handle | None, sig: int = signal.SIGTERM) -> list[int]:
        """Signal what runs of the attempt: its process group and every process tagged with it.

        The job's processes are signalled and the runner is spared, so it can still write
        ``exit.json`` (with the signal) when the job dies; a runner left alone with no job
        is signalled too. The process group (the runner leads it) is only touched while a
        tagged process is still in it, so a reused group id is never hit.
        """
        signalled = []
        waited = 0.0
        while True:
            table = proctable.read()
            tagged = attempt_processes(job.job_name, handle.pid if handle else None, table, job.attempt_dir)
            workers = [p for p in tagged if not _is_runner(table, p.pid)]
            if workers or not tagged or waited >= JOB_START_WAIT:
                break
            # a runner alone: its job is about to start (or has just ended); a moment later the
            # job is there to be signalled itself (a signal sent to the runner reaches the job too,
            # but only once it has started)
            time.sleep(0.02)
            waited += 0.02
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


def _exited(record: dict) -> JobFacts:
    """An attempt's end as its runner recorded it in exit.json."""
    return JobFacts(
        state=JobState.EXITED,
        exit_code=record.get("exit_code"),
        signal=record.get("signal"),
        host=record.get("host"),
        started_at=record.get("started_at"),
        ended_at=record.get("ended_at"),
        detail=record.get("error") or "",
        pids=tuple(p for p in (record.get("job_pid"), record.get("runner_pid")) if isinstance(p, int)),
    )


def attempt_processes(job_name: str, pgid: int | None, table: ProcTable | None = None,
                      attempt_dir: str | None = None) -> list[proctable.Proc]:
    """Live processes of an attempt: tagged with its name (and folder), or in its runner's process group.

    A process that dropped its environment (``env -i``) is still in the group.
    """
    table = table if table is not None else proctable.read()
    tagged = _tagged(table, job_name, attempt_dir=attempt_dir)
    if pgid is None or not any(p.pgrp == pgid for p in tagged):
        return tagged
    mine = {p.pid for p in tagged}
    group = [p for pid, p in sorted(table.procs.items())
             if p.pgrp == pgid and pid not in mine and pid != os.getpid() and p.state != "Z"]
    return tagged + group


def tagged_processes(job_name: str) -> list[proctable.Proc]:
    """Live processes whose environment says ``TIANLUO_JOB=<job_name>``."""
    return _tagged(proctable.read(), job_name)


def _tagged(table: ProcTable, job_name: str, runners_only: bool = False,
            attempt_dir: str | None = None) -> list[proctable.Proc]:
    """Live processes of this user in ``table`` tagged ``TIANLUO_JOB=<job_name>`` (by pid).

    With ``attempt_dir``, a process tagged with another attempt folder (``TIANLUO_ATTEMPT_DIR``: a run
    of the same name and second in another home) is not this attempt's; one launched by a tianluo
    before that tag has none and is taken by its name. With ``runners_only``, only runners are
    looked at: their command line is read first, and the environment only of those that run it.
    """
    me, uid = os.getpid(), os.geteuid()
    found = []
    for pid, proc in sorted(table.procs.items()):
        if pid == me or proc.state == "Z" or table.uid(pid) != uid:  # another user's process is skipped
            continue
        if runners_only and not _is_runner(table, pid):
            continue
        if table.env_value(pid, TAG) == job_name:
            folder = table.env_value(pid, ATTEMPT_TAG) if attempt_dir is not None else None
            if folder is None or attempt_dir is None or folder == str(Path(attempt_dir)):
                found.append(proc)
    return found


def _is_runner(table: ProcTable, pid: int) -> bool:
    """Whether the process runs tianluo's runner (``-m tianluo.runner``)."""
    return "tianluo.runner" in table.cmdline(pid)


def _handle_from_started(started: dict, host: str) -> Handle:
    pid = int(started["runner_pid"])
    return Handle(job_id=str(pid), pid=pid, create_time=started.get("runner_create_time") or 0.0,
                  host=started.get("host") or host)


def _ended_since(table: ProcTable, proc: proctable.Proc) -> bool:
    """Whether ``proc``, which did not show the attempt's tag, is now a zombie (a runner that was exiting).

    An exiting process shows an empty environment for the moment before it becomes a zombie:
    that moment is waited out (50 ms at most; 1 s for a runner this process started, which only
    it can reap), so the runner is reaped as soon as it ended.
    """
    tries = 1 if table.environ(proc.pid) else 100 if proc.ppid == os.getpid() else 5
    for i in range(tries):
        now = proctable.read_stat(proc.pid)
        if now is None or now.start_ticks != proc.start_ticks:
            return False  # gone (someone else reaped it) or another process
        if now.state == "Z":
            return True
        if i + 1 < tries:
            time.sleep(0.01)
    return False


def _reap(pid: int) -> None:
    """Collect an exited runner that is our own child, so it does not linger as a zombie."""
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass


__all__ = ["LocalBackend", "tagged_processes"]


KIND = BackendKind(name="local", options=LocalOptions, opener=LocalBackend,
                   summary="processes of this host, each in its own session under tianluo's runner")
