"""The Slurm backend: each attempt is a batch job running the runner wrapper.

Gentle with the controller: a tick asks ``squeue`` once for all its jobs (``-t all``, by
name, so jobs launched but never recorded are found in the same call), and at most once
more for the jobs that finished: ``scontrol show job -o`` while the controller still knows
them, else the accounting source the run uses (``sacct``, ``sacct -c`` on a jobcomp log, or
none). The runner's ``exit.json`` in the attempt folder is the job's own word on its exit and
wins over both. Every command has a timeout; a controller that does not answer makes every
fact "unreachable" for this tick, and every later command of the tick fails at once.
"""

import os
import signal
import subprocess
import sys
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field

from tianluo.backends import sbatch, slurm_text
from tianluo.backends.base import (
    BackendOptions,
    Capabilities,
    Handle,
    JobFacts,
    JobSpec,
    SchedulerUnreachable,
    SubmitRejected,
)
from tianluo.backends.kinds import BackendKind
from tianluo.backends.slurm_text import FINAL, JobRow
from tianluo.errors import TianluoError
from tianluo.models.states import JobState
from tianluo.planning.spec_parts import MAX_SCHEDULER_TIMEOUT_S, PathText, upto, within
from tianluo.runner import EXIT, JOB
from tianluo.shell import fsio, records
from tianluo.shell.fsio import atomic_write, write_json

TAG = "TIANLUO_JOB"


class SlurmOptions(BackendOptions):
    """How tianluo talks to Slurm (``backend: slurm``, or ``backend: {kind: slurm, ...}``)."""

    kind: Literal["slurm"] = "slurm"
    accounting: Literal["auto", "sacct", "jobcomp", "none"] = Field(
        default="auto", description="Where a finished job is looked up once squeue forgets it: sacct "
        "(slurmdbd), jobcomp (sacct -c, jobcomp/filetxt), none (only the runner's exit.json); auto asks "
        "scontrol show config at start.")
    timeout: Annotated[float, upto(MAX_SCHEDULER_TIMEOUT_S), within(0.0, MAX_SCHEDULER_TIMEOUT_S), Field(gt=0)] = Field(
        default=30.0, description="Per scheduler command; a slower controller is 'scheduler unreachable' this tick.")
    conf: PathText | None = Field(
        default=None, description="The slurm.conf to talk to (SLURM_CONF). Left empty, the SLURM_CONF of the "
        "shell that runs `tianluo start` is recorded, so ticks from cron or systemd reach the same cluster.")

    def capabilities(self) -> Capabilities:
        return Capabilities(queue=True, hold_in_queue=True, requeue=True, event_ticks=False, accounting=True,
                            exclude_hosts=True, resources=True, unreachable=True, enforces_time=True)

    def describe(self) -> str:
        return f"slurm (accounting {self.accounting})"


def resolve_at_start(options: SlurmOptions, spec_path: Path) -> SlurmOptions:
    """What ``start`` learns once from the cluster: the SLURM_CONF of the starting shell, and
    where this cluster keeps finished jobs when the spec says ``accounting: auto``.

    Only ``start`` (a new run, or a replan from a local run) asks Slurm; ``plan`` never does.

    Raises:
        TianluoError: Slurm did not answer; the run is not started on guesses.
    """
    if options.conf is None and os.environ.get("SLURM_CONF"):
        options = options.model_copy(update={"conf": str(Path(os.environ["SLURM_CONF"]).resolve())})
    if options.accounting == "auto":
        try:
            mode = SlurmBackend(Path("."), options).resolve_accounting()
        except OSError as exc:
            raise TianluoError(f"{spec_path}: slurm.accounting is auto, and asking Slurm failed ({exc}); start "
                               "again when the controller answers, or set slurm.accounting (sacct, jobcomp or "
                               "none) in the spec") from None
        options = options.model_copy(update={"accounting": mode})
    return options


def keep_resolved(options: SlurmOptions, locked: SlurmOptions) -> SlurmOptions:
    """``options`` with what ``locked`` already learned from the cluster where the spec left it open:
    ``plan --diff`` and ``start --replan`` do not count it as a change, nor ask Slurm again."""
    update: dict = {}
    if options.accounting == "auto":
        update["accounting"] = locked.accounting
    if options.conf is None:
        update["conf"] = locked.conf
    return options.model_copy(update=update)


class SlurmError(OSError):
    """A Slurm command answered with an error (bad partition, invalid gres...)."""


class SbatchRejected(SlurmError, SubmitRejected):
    """sbatch answered and refused the job: the attempt's resources or options are wrong."""


class SlurmBackend:
    """Submits, polls and cancels attempts as Slurm batch jobs."""

    def __init__(self, run_dir: Path, options: SlurmOptions | None = None, python: str | None = None):
        self.run_dir = Path(run_dir)
        self.options = options or SlurmOptions()
        self.python = python or sys.executable
        self.calls: list[list[str]] = []  # every scheduler command of this tick, for the status and tests
        self._down: str | None = None
        # The cluster recorded at start, whatever the environment of the trigger that runs this tick;
        # sbatch passes it on to the job.
        self._env = {**os.environ, "SLURM_CONF": self.options.conf} if self.options.conf else None

    # --- commands ------------------------------------------------------------------------

    def _call(self, args: list[str], ok_errors: tuple[str, ...] = ()) -> str:
        """Run one Slurm command; its stdout. Unreachable and failing commands raise."""
        if self._down is not None:
            raise SchedulerUnreachable(self._down)
        self.calls.append(args)
        timeout = self.options.timeout
        try:
            proc = subprocess.run(args, capture_output=True, text=True, timeout=timeout,
                                  stdin=subprocess.DEVNULL, env=self._env)
        except subprocess.TimeoutExpired:
            self._down = f"{args[0]} did not answer within {timeout:g}s"
            raise SchedulerUnreachable(self._down) from None
        except FileNotFoundError:
            self._down = f"{args[0]} is not on PATH (is the Slurm client installed here?)"
            raise SchedulerUnreachable(self._down) from None
        if proc.returncode != 0:
            err = (proc.stderr or proc.stdout).strip().replace("\n", "; ")
            if slurm_text.unreachable(err):
                self._down = f"{args[0]}: {err}"
                raise SchedulerUnreachable(self._down)
            if any(e in err for e in ok_errors):
                return proc.stdout
            raise SlurmError(f"{' '.join(args[:2])}... exited {proc.returncode}: {err}")
        return proc.stdout

    # --- submit --------------------------------------------------------------------------

    def submit(self, job: JobSpec) -> Handle:
        adir = Path(job.attempt_dir)
        fsio.make_dirs(adir)  # before sbatch (a missing output folder fails the job silently); 0700, no links
        write_json(adir / JOB, {
            "job_name": job.job_name,
            "command": job.command,
            "workdir": job.workdir,
            "env": {**job.env, TAG: job.job_name},
            "poke": None,
            "streams": "inherit",  # Slurm opened stdout/stderr in the attempt folder already
            "scheduler_env": {"job_id": "SLURM_JOB_ID", "restarts": "SLURM_RESTART_COUNT"},  # requeues
        })
        for stream in ("stdout", "stderr"):  # 0600 and regular files before Slurm appends to them (--open-mode=append)
            os.close(fsio.open_file(adir / stream, os.O_WRONLY | os.O_CREAT | os.O_APPEND))
        script = adir / sbatch.SCRIPT
        atomic_write(script, sbatch.render(job, self.python))
        try:
            out = self._call(["sbatch", "--parsable", str(script)])
        except SchedulerUnreachable:
            raise
        except SlurmError as exc:
            raise SbatchRejected(str(exc)) from None
        job_id = out.strip().splitlines()[-1].split(";")[0].strip() if out.strip() else ""
        if not job_id.isdigit() and not job_id.replace("_", "").isdigit():
            raise SlurmError(f"sbatch printed no job id: {out.strip()!r}")
        return Handle(job_id=job_id)

    # --- poll ----------------------------------------------------------------------------

    def poll(self, jobs: dict[str, tuple[JobSpec, Handle | None]]) -> dict[str, JobFacts]:
        if not jobs:
            return {}
        try:
            rows = slurm_text.parse_squeue(self._call(
                ["squeue", "-h", "-t", "all", f"--name={','.join(sorted(jobs))}", "-O", slurm_text.SQUEUE_FORMAT]))
        except SchedulerUnreachable as exc:
            return {name: JobFacts(state=JobState.UNREACHABLE, detail=str(exc)) for name in jobs}
        except SlurmError as exc:
            return {name: JobFacts(state=JobState.UNREACHABLE, detail=f"squeue failed: {exc}") for name in jobs}
        by_id = {r.job_id: r for r in rows}
        by_name: dict[str, list[JobRow]] = {}
        for r in sorted(rows, key=lambda r: _id_key(r.job_id)):
            by_name.setdefault(r.name, []).append(r)

        facts: dict[str, JobFacts] = {}
        later: dict[str, tuple[JobSpec, Handle, Handle | None]] = {}  # finished: the second call's business
        for name, (job, handle) in jobs.items():
            adir = Path(job.attempt_dir)
            claimed = _claimed_job_id(adir)
            found = None
            if handle is None:
                candidates = by_name.get(name, [])
                job_id = claimed or (candidates[-1].job_id if candidates else None)
                if job_id is None:
                    facts[name] = JobFacts(state=JobState.MISSING, detail=f"squeue knows no job named {name}")
                    continue
                found = handle = Handle(job_id=job_id)
            elif claimed and claimed != handle.job_id:
                found = handle = Handle(job_id=claimed)  # the job that claimed the folder is the attempt
            row = by_id.get(handle.job_id)
            if row is not None and row.state not in FINAL:
                facts[name] = _live_facts(row, found)
                continue
            record = _exit_record(adir, handle.job_id, row.restarts if row is not None else 0)
            if row is not None and record is not None:
                facts[name] = _final_facts(handle.job_id, row, record, found)
                continue
            later[name] = (job, handle, found)

        if later:
            facts.update(self._finished(later, by_id))
        return facts

    def _finished(self, later: dict, by_id: dict[str, JobRow]) -> dict[str, JobFacts]:
        """The one follow-up call for finished jobs: scontrol while Slurm knows them, else accounting."""
        ids = sorted({h.job_id for _, h, _ in later.values()}, key=_id_key)
        forgotten = any(h.job_id not in by_id for _, h, _ in later.values())
        lookup: dict[str, JobRow] = {}
        error = refused = None
        try:
            if forgotten:
                lookup = self._accounting(ids)
            else:
                lookup = slurm_text.parse_scontrol(self._call(["scontrol", "show", "job", "-o"]))
        except SchedulerUnreachable as exc:
            error = str(exc)  # ask again next tick
        except SlurmError as exc:
            refused = str(exc)  # answered, and will answer the same next time: judge with what is known
        out = {}
        for name, (job, handle, found) in later.items():
            row = by_id.get(handle.job_id)
            rec = lookup.get(handle.job_id)
            if row is not None and rec is not None:
                row = replace(row, exit_code=rec.exit_code, signal=rec.signal, source=rec.source)
            best = row or rec
            record = _exit_record(Path(job.attempt_dir), handle.job_id, best.restarts if best is not None else 0)
            if best is not None:
                out[name] = _final_facts(handle.job_id, best, record, found)
            elif record is not None:
                out[name] = _record_facts(handle.job_id, record, found,
                                          "Slurm no longer knows the job; its exit.json tells how it ended")
            elif error is not None:
                out[name] = JobFacts(state=JobState.UNREACHABLE, job_id=handle.job_id, found=found,
                                     detail=f"job {handle.job_id} finished but could not be looked up: {error}")
            else:
                out[name] = JobFacts(state=JobState.LOST, job_id=handle.job_id, found=found,
                                     detail=f"job {handle.job_id} is gone from squeue and from "
                                            f"{self.accounting}" + (f" ({refused})" if refused else "")
                                            + f" and left no {EXIT}")
        return out

    @property
    def accounting(self) -> str:
        return self.options.accounting

    def _accounting(self, ids: list[str]) -> dict[str, JobRow]:
        fields = ",".join(slurm_text.SACCT_FIELDS)
        if self.accounting == "sacct":
            return slurm_text.parse_sacct(self._call(
                ["sacct", "-X", "-n", "-P", "-j", ",".join(ids), "-o", fields]), "sacct")
        if self.accounting == "jobcomp":
            return slurm_text.parse_sacct(self._call(
                ["sacct", "-c", "-n", "-P", "-j", ",".join(ids), "-o", fields]), "jobcomp")
        return {}

    # --- find, cancel, hold --------------------------------------------------------------

    def find(self, job: JobSpec) -> Handle | None:
        return self.poll({job.job_name: (job, None)})[job.job_name].found

    def cancel(self, job: JobSpec, handle: Handle | None, sig: int = signal.SIGTERM) -> list[str]:
        """``scancel`` the attempt's own job: by its id, and only while it carries the attempt's name.

        TERM is a plain ``scancel``: Slurm sends TERM to every process of the job and KILL
        after its KillWait. KILL is ``scancel --signal=KILL --full``. A job that already
        ended is no error. Without a handle (a tick that submitted it died before recording it),
        the job is the one the runner claimed, else the one ``squeue`` shows under the
        attempt's name; a scheduler that does not answer raises, so the caller says so.
        """
        job_id = _claimed_job_id(Path(job.attempt_dir)) or (handle.job_id if handle else None)
        if job_id is None:
            job_id = self._found_id(job)
            if job_id is None:
                return []
        # --name too: scancel then signals the id only if it still is this attempt's job. An id reused by
        # another job (a controller whose state was wiped counts from FirstJobId again) is left alone.
        name = f"--name={job.job_name}"
        args = (["scancel", name, job_id] if sig != signal.SIGKILL
                else ["scancel", "--signal=KILL", "--full", name, job_id])
        self._call(args, ok_errors=("already completing or completed", "Invalid job id", "has already finished"))
        return [job_id]

    def _found_id(self, job: JobSpec) -> str | None:
        """The id of the job queued or running under the attempt's name (none: there is none)."""
        facts = self.poll({job.job_name: (job, None)})[job.job_name]
        if facts.state == JobState.UNREACHABLE:
            raise SchedulerUnreachable(f"Slurm did not answer: {facts.detail or 'squeue failed'}")
        return facts.found.job_id if facts.found else None

    def hold(self, job: JobSpec, handle: Handle) -> str | None:
        """``scontrol hold`` a job that is still pending; a running or finished job is left alone."""
        self._call(["scontrol", "hold", handle.job_id],
                   ok_errors=("no longer pending", "already finished", "Invalid job id", "Job is not pending"))
        return f"scontrol hold {handle.job_id}"

    def release(self, job: JobSpec, handle: Handle) -> str | None:
        self._call(["scontrol", "release", handle.job_id],
                   ok_errors=("no longer pending", "already finished", "Invalid job id", "not held"))
        return f"scontrol release {handle.job_id}"

    def resolve_accounting(self) -> str:
        """What ``accounting: auto`` means on this cluster, from ``scontrol show config``."""
        if self.options.accounting != "auto":
            return self.options.accounting
        return slurm_text.accounting_mode(slurm_text.parse_config(self._call(["scontrol", "show", "config"])))


def _id_key(job_id: str) -> tuple:
    head = job_id.split("_")[0]
    return (int(head) if head.isdigit() else 0, job_id)


def _claimed_job_id(adir: Path) -> str | None:
    """The Slurm job whose runner claimed the attempt folder, if one did."""
    started, _ = records.read_started(adir)  # a damaged claim names no job
    return records.job_id(started) if started else None


def _exit_record(adir: Path, job_id: str, restarts: int = 0) -> dict | None:
    """The runner's exit.json, if it was written by this job (not by a job that stood down) in its
    latest run: after a requeue (``restarts`` > 0) the first run's record is not how the job ended."""
    record, _ = records.read_exit(adir)  # a damaged record is no record: the scheduler's word stands
    if record is None:
        return None
    written_by = records.job_id(record)
    if written_by not in (None, job_id):
        return None
    return record if written_by is None or records.restarts(record) >= restarts else None


def _live_facts(row: JobRow, found: Handle | None) -> JobFacts:
    state = slurm_text.job_state(row.state)
    reason = row.reason or ("suspended by the scheduler" if row.state in ("SUSPENDED", "STOPPED") else None)
    detail = f"{row.state}" + (f" ({reason})" if reason else "")
    return JobFacts(state=state, job_id=row.job_id, scheduler_state=row.state, reason=reason,
                    stuck=slurm_text.stuck(reason) if state == JobState.QUEUED else None,
                    host=slurm_text.host_of(row.nodes),
                    started_at=_utc(row.start) if state == JobState.RUNNING else None,
                    proc_status="suspended" if row.state in ("SUSPENDED", "STOPPED") else None,
                    detail=detail, found=found)


def _final_facts(job_id: str, row: JobRow, record: dict | None, found: Handle | None) -> JobFacts:
    """A finished job: the scheduler's state and who ended it; the exit from exit.json first."""
    ended_by = FINAL.get(row.state)
    if record is not None:
        code, sig = record.get("exit_code"), record.get("signal")
    else:
        code, sig = row.exit_code, row.signal
    exit_text = (f"ExitCode {code if code is not None else 0}:{sig or 0}" if (code, sig) != (None, None)
                 else "no exit code")
    detail = f"Slurm says {row.state}" + (f" ({row.reason})" if row.reason and row.reason != "None" else "") + \
             f", {exit_text}" + ("" if record is not None else f" (from {row.source})")
    return JobFacts(state=JobState.EXITED, exit_code=code, signal=sig, job_id=job_id, scheduler_state=row.state,
                    reason=row.reason, ended_by=ended_by, over=True,
                    host=(record or {}).get("host") or slurm_text.host_of(row.nodes),
                    started_at=(record or {}).get("started_at") or _utc(row.start),
                    ended_at=(record or {}).get("ended_at") or _utc(row.end), detail=detail, found=found)


def _record_facts(job_id: str, record: dict, found: Handle | None, detail: str) -> JobFacts:
    return JobFacts(state=JobState.EXITED, exit_code=record.get("exit_code"), signal=record.get("signal"),
                    job_id=job_id, host=record.get("host"), started_at=record.get("started_at"),
                    ended_at=record.get("ended_at"), detail=record.get("error") or detail, found=found,
                    over=True)  # Slurm forgot it, and its runner (the batch script itself) recorded its end


def _utc(local: str | None) -> str | None:
    """Slurm prints the controller's local time without a zone; read it as this host's local time."""
    if not local:
        return None
    try:
        return datetime.fromisoformat(local).astimezone().isoformat()
    except ValueError:
        return None


__all__ = ["SbatchRejected", "SlurmBackend", "SlurmError"]


KIND = BackendKind(name="slurm", options=SlurmOptions, opener=SlurmBackend, resolve_at_start=resolve_at_start,
                   keep_resolved=keep_resolved,
                   summary="Slurm through its CLI: one batch job an attempt, one squeue a tick for all jobs")
