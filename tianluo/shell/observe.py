"""The observing half of a tick: ask the backend and the file system, return plain values.

One backend poll for all active attempts; each attempt's logs are read from where the
last tick stopped, so a tick costs what is new, not what is there.
"""

import math
import os
import socket
import time
from dataclasses import replace
from pathlib import Path

from tianluo.backends.base import Backend, JobFacts, JobSpec
from tianluo.core.gpu_facts import GpuInventory, KernelLogCursor
from tianluo.core.jobspec import job_spec
from tianluo.core.observations import Observations, OutputStat, StageObservation
from tianluo.errors import StateError
from tianluo.faults.linear_re import UnsupportedPattern, compile_pattern
from tianluo.faults.run_rules import patterns
from tianluo.models.model import Attempt, LogCursor, RunState, split_stage_id
from tianluo.models.plan_model import PlannedStage
from tianluo.models.states import ACTIVE, DONE, JobState, StageStatus
from tianluo.shell.budget import Budget
from tianluo.shell.checkpoints import scan_checkpoints
from tianluo.shell.conditions import (
    bounded_glob,
    check_all,
    check_done_when,
    check_metric,
    read_project_json,
    resolve,
)
from tianluo.shell.fsio import UnsafePath
from tianluo.shell.gpu_inventory import default_kernel_log, read_inventory
from tianluo.shell.hostspace import FsSpace, Measurements, measure
from tianluo.shell.logscan import Cursor, scan, tail
from tianluo.shell.oom_kills import KernelKills, named_pids
from tianluo.shell.records import read_started
from tianluo.shell.write_places import stage_places

STREAMS = ("stdout", "stderr")


def observe(state: RunState, run_dir: Path, backend: Backend, budget: Budget | None = None,
            into: dict | None = None) -> Observations:
    """One look at every active attempt (one backend poll for all of them) and the gate.

    Past the tick's ``budget`` it stops looking: the stages not looked at are left out and the
    result is ``partial`` (the gate is not checked); ``into`` collects each stage as it is seen,
    so what was seen survives the budget interrupting this call.
    """
    workdir = state.plan.workdir
    pending: dict[str, tuple] = {}
    to_poll = {}
    waiting, branches = [], []  # stages waiting for free space; pending stages with a branch condition
    gpu_stages = False  # a stage that asks for GPUs and is not done: the host's GPUs are looked at
    for sid, planned, stage in stages_of(state):  # one walk over every stage; the rest looks at few
        if not gpu_stages and planned.resources is not None and planned.resources.gpu_count \
                and stage.status not in DONE:
            gpu_stages = True
        if stage.wait is not None:
            waiting.append(sid)
        if planned.when is not None and stage.status == StageStatus.PENDING:
            branches.append((sid, planned))
        attempt = stage.current()
        if stage.status not in ACTIVE or attempt is None:
            continue
        job = job_spec(state, run_dir, sid, attempt)
        to_poll[job.job_name] = (job, attempt.handle)  # no handle: the backend looks for it by name
        pending[sid] = (job, attempt)
    facts = backend.poll(to_poll) if to_poll else {}
    gpus = look_at_gpus(state) if gpu_stages else None  # after the poll: a job that just ended has let go

    rule_patterns = patterns(state.plan)
    kernel = KernelKills()  # the kernel's ring buffer, read once this tick if a failed local attempt asks
    measured = Measurements()  # one walk per path and one statvfs per file system, this tick
    stages = {} if into is None else into
    for sid, (job, attempt) in pending.items():
        if budget is not None and budget.over():
            break  # not looked at: decide leaves these stages as they are, the next tick looks
        entity, name = split_stage_id(sid)
        planned = state.plan.entities[entity].stages[name]
        fact = facts.get(job.job_name)
        found = fact.found if fact is not None else None
        if fact is None or fact.state in (JobState.MISSING, JobState.UNREACHABLE) or (
                attempt.handle is None and found is None):
            stages[sid] = StageObservation(job=fact, found=found)
            continue
        progress = _progress_pattern(planned, sid)
        logs = log_files(planned, attempt, Path(job.attempt_dir), workdir)
        reading = state.stage(sid).progress
        # The first readings of what is read: with no reading yet, the attempt's first ones (where it began);
        # after a first read that held one value, the next one (the step it came after). diagnose takes them.
        first = reading is None or not reading.first_exact
        scans = {  # the attempt's own streams are never read through a link; the user's extra logs may be links
            fname: scan(path, fname, _cursor(attempt, fname), rule_patterns, progress,
                        follow_links=fname not in STREAMS, deadline=_scan_deadline(budget),
                        newest=True,  # past the per-tick cap, the newest bytes (a fatal line is last)
                        first=first, final=fact.state in (JobState.EXITED, JobState.LOST))
            for fname, path in logs.items()
        }
        done_when = tuple(check_done_when(planned.done_when, workdir))
        # only a failed attempt's host is measured, its checkpoints listed, its logs' tails read; an exit 0 whose
        # done_when does not hold is a failure too (a script that ends on an echo after its download failed)
        over = failed(fact) or (fact.state == JobState.EXITED and any(not c.ok for c in done_when))
        listed, unlisted = (scan_checkpoints(planned.checkpoints, workdir) if planned.checkpoints and over
                            else ((), None))
        tails = {f: tail(path, follow_links=f not in STREAMS) for f, path in logs.items()} if over else {}
        killed, unread = kernel_oom_kills(fact, attempt, tails, kernel) if over else ((), None)
        stages[sid] = StageObservation(
            job=fact, found=found, done_when=done_when,
            scans=scans, output=_output(planned, workdir), progress_file=read_progress_file(planned, workdir),
            port=attempt_port(job.attempt_dir),
            space=measure(write_places(planned, job), measured) if over else (),
            checkpoints=listed, checkpoints_unlisted=unlisted,
            tails=tails, oom_kills=killed, oom_kills_unread=unread,
        )
    if budget is not None and budget.over():
        return Observations(stages=stages, partial=True, gpus=gpus)
    gate = state.plan.success_gate
    return Observations(stages=stages, gate=tuple(check_all(gate.exists, gate.metric, workdir)),
                        when=_branch_conditions(state, workdir, branches),
                        space=stage_space(state, run_dir, waiting, measured),
                        gpus=gpus)


def kernel_oom_kills(fact: JobFacts, attempt: Attempt, tails: dict[str, str], kernel: KernelKills,
                     ) -> tuple[tuple[str, ...], str | None]:
    """The kernel's records of OOM kills of a failed local attempt's processes since it was launched: those earlier
    ticks saw it run as, its runner's and its command's as the runner recorded them, and those its logs name (a
    DataLoader worker's, a rank's). Another host's pids mean nothing here: a remote attempt's are not looked up."""
    if not (fact.pids or attempt.pids) or fact.host != socket.gethostname():
        return (), None
    since = attempt.submitted_at or attempt.intent_at
    return kernel.of({*fact.pids, *attempt.pids} | named_pids(tails.values()), since.timestamp(), time.time())


def look_at_gpus(state: RunState) -> GpuInventory | None:
    """The host's GPUs, once this tick (at most one nvidia-smi call per query), and the kernel log's new Xid
    lines; None when the run does not read them (not a GPU host, or GPUs named with no nvidia-smi)."""
    host = state.plan.host
    if host is None or not host.gpu_host or not host.inventory:
        return None
    kernel_log = None if host.kernel_log == "off" else (
        default_kernel_log() if host.kernel_log == "auto" else host.kernel_log)
    record = state.gpus.kernel_log if state.gpus is not None else None
    cursor = (KernelLogCursor(path=record.path, inode=record.inode, offset=record.offset)
              if record is not None and record.path == kernel_log else None)
    inv = read_inventory(host.program(), host.nvidia_smi_timeout, kernel_log=kernel_log, cursor=cursor)
    if inv.missing:  # there at start: gone now (a driver reinstall, a container without it) is news, not "no GPUs"
        inv = replace(inv, missing=False, error=f"{host.program()} is not there any more (it was at start)")
    if host.kernel_log == "auto" and kernel_log is None:
        inv = replace(inv, kernel_log_note="no readable /var/log/kern.log, messages or syslog: Xid lines are not "
                      "seen (give tianluo's user the adm group, name the file in host.kernel_log, or set it to off)")
    return inv


def stages_of(state: RunState):
    """``(stage id, planned stage, stage state)`` of every stage, in plan order, without splitting ids."""
    for ename, entity in state.plan.entities.items():
        stages = state.entities[ename].stages
        for sname, planned in entity.stages.items():
            yield f"{ename}.{sname}", planned, stages[sname]


def failed(fact) -> bool:
    """Whether an attempt is over and did not succeed by its exit: non-zero, a signal, lost, ended by the scheduler."""
    if fact.state == JobState.LOST:
        return True
    return fact.state == JobState.EXITED and (fact.exit_code != 0 or fact.signal is not None
                                              or fact.ended_by is not None)


def stage_space(state: RunState, run_dir: Path, sids: list[str],
                measured: Measurements | None = None) -> dict[str, tuple[FsSpace, ...]]:
    """The file systems each stage of ``sids`` writes to, measured now (free space, inodes, verdicts).

    For stages that wait for space to come back: the same places as when the attempt failed
    (:func:`write_places` of its latest attempt), so a wait finds the file systems it names.
    """
    out = {}
    measured = Measurements() if measured is None else measured
    for sid in sids:
        entity, name = split_stage_id(sid)
        planned = state.plan.entities[entity].stages[name]
        attempt = state.stage(sid).current()
        if attempt is None:  # no attempt to have failed: the plan's own places
            out[sid] = measure(stage_places(planned, state.plan.workdir, None), measured)
            continue
        out[sid] = measure(write_places(planned, job_spec(state, run_dir, sid, attempt)), measured)
    return out


def write_places(planned: PlannedStage, job: JobSpec) -> list[str]:
    """Where ``job`` (an attempt of ``planned``) could write: its command, parameters, folders."""
    return stage_places(planned, job.workdir, job.attempt_dir, command=job.command, env=job.env)


def attempt_port(attempt_dir: str | os.PathLike) -> int | None:
    """The port the runner recorded in started.json; None before it started, or if the record is unreadable."""
    try:
        started, _ = read_started(attempt_dir)
    except UnsafePath:  # a planted link: not read (the backend says what is wrong with the folder)
        return None
    return started.get("port") if started else None


def _scan_deadline(budget: Budget | None) -> float | None:
    """A log scan stops a little before the tick's budget, keeping what it read (the next tick goes on)."""
    if budget is None or budget.deadline is None:
        return None
    return budget.deadline - min(1.0, (budget.seconds or 0) / 10)


def _progress_pattern(planned: PlannedStage, sid: str):
    """The stage's progress regex on the linear-time engine; a plan from before it refuses with exit 2."""
    if not (planned.progress and planned.progress.regex):
        return None
    try:
        return compile_pattern(planned.progress.regex, capture=True)
    except UnsupportedPattern as exc:
        entity, name = split_stage_id(sid)
        raise StateError(f"state.json: entities.{entity}.stages.{name}.progress.regex: {exc}; fix it in the spec "
                         f"and run `tianluo start <spec> --replan`") from None


def _branch_conditions(state: RunState, workdir: str, branches: list[tuple[str, PlannedStage]] | None = None) -> dict:
    """The ``when`` metric of every pending stage with one (``branches``, found if not given) whose needs are
    done (a branch about to be taken)."""
    if branches is None:
        branches = [(sid, p) for sid, p, stage in stages_of(state) if p.when is not None
                    and stage.status == StageStatus.PENDING]
    out = {}
    for sid, planned in branches:
        if planned.when is not None and all(state.stage(n).status in DONE for n in planned.needs):
            out[sid] = check_metric(planned.when.metric, workdir)
    return out


def log_files(planned: PlannedStage, attempt: Attempt, attempt_dir: Path, workdir: str) -> dict[str, Path]:
    """Every log of an attempt: its stdout and stderr, and the stage's extra log globs."""
    files = {name: attempt_dir / name for name in STREAMS}
    for pattern in planned.logs:
        for hit in bounded_glob(str(resolve(pattern, workdir)))[0]:
            name = os.path.relpath(hit, workdir)
            files[name] = Path(hit)
    return files


def start_cursors(planned: PlannedStage, workdir: str) -> dict[str, LogCursor]:
    """Cursors at the end of the extra logs that exist before an attempt starts.

    Per-rank logs are often appended to across attempts; what an earlier attempt wrote must
    not be blamed on this one.
    """
    out = {}
    for pattern in planned.logs:
        for hit in bounded_glob(str(resolve(pattern, workdir)))[0]:
            try:
                st = os.stat(hit)
            except OSError:
                continue
            out[os.path.relpath(hit, workdir)] = LogCursor(offset=st.st_size, inode=st.st_ino)
    return out


def read_progress_file(planned: PlannedStage, workdir: str) -> tuple[float, float | None] | None:
    """``(done, total)`` from the stage's JSON progress file; None if absent or unreadable."""
    if planned.progress is None or not planned.progress.file:
        return None
    doc, _ = read_project_json(resolve(planned.progress.file, workdir))  # a FIFO or /dev/zero: no progress
    if not isinstance(doc, dict):
        return None
    try:
        done = float(doc["done"])
        total = doc.get("total")
        total = float(total) if total is not None else None
    except (KeyError, TypeError, ValueError, OverflowError):  # 10**400 does not fit a float
        return None
    if not math.isfinite(done) or (total is not None and not math.isfinite(total)):
        return None
    return done, total


def _cursor(attempt: Attempt, name: str) -> Cursor:
    c = attempt.log_cursors.get(name)
    return Cursor(offset=c.offset, inode=c.inode) if c else Cursor()


def _output(planned: PlannedStage, workdir: str) -> OutputStat | None:
    if planned.output is None:
        return None
    path = resolve(planned.output.path, workdir)
    try:
        size = path.stat().st_size
    except OSError:
        return OutputStat(path=planned.output.path, exists=False)
    return OutputStat(path=planned.output.path, exists=True, size=size)
