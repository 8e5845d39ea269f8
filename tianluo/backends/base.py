"""The small protocol every backend implements, the facts it reports, and what it declares.

A backend is one module under ``tianluo/backends/`` that defines three things:

- its **options**, a :class:`BackendOptions` model with ``kind: Literal["<name>"]``: what the
  spec's ``backend:`` takes for it, and what ``start`` locks into the plan (state.json);
- its **capabilities**, ``options.capabilities()``: what it can do, so the core asks
  ``plan.backend.capabilities().queue`` and never ``backend == "slurm"``;
- the **backend** itself (:class:`Backend`: submit, poll, find, cancel, hold, release), and a
  module-level ``KIND`` (:class:`tianluo.backends.registry.BackendKind`) that the registry lists.
"""

import os
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field, model_serializer, model_validator

from tianluo.models.states import JobState
from tianluo.planning.spec_parts import Resources, StrictModel


class Handle(BaseModel):
    """How a backend finds one launched attempt again (kept with the attempt in state.json)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    job_id: str = Field(default="", description="The local runner's pid, or the scheduler's job id. Left out of "
                        "state.json when it is the pid (local backend); filled in when read.")
    pid: int | None = Field(default=None, description="The runner's pid (local backend).")
    create_time: float | None = Field(default=None, description="Process create time, so a reused pid is not the job.")
    host: str | None = None

    @model_validator(mode="after")
    def _fill_job_id(self) -> "Handle":
        if not self.job_id:
            if self.pid is None:
                raise ValueError("a handle needs a job_id (or a pid)")
            self.job_id = str(self.pid)
        return self

    def describe(self) -> str:
        """'pid 4242' for a local runner, 'job 17' for a scheduler's job."""
        return f"pid {self.pid}" if self.pid is not None else f"job {self.job_id}"


@dataclass(frozen=True)
class Capabilities:
    """What a backend can do. The core decides by these, never by a backend's name."""

    queue: bool = False  # an attempt may wait in a queue before it runs (queued is a finding, never a fault)
    hold_in_queue: bool = False  # a human hold keeps a queued attempt from starting (scheduler hold/release)
    requeue: bool = False  # the scheduler may run an attempt again by itself (the runner tells it from a rerun)
    event_ticks: bool = False  # a job's exit may start a tick at once, on the host that runs tianluo
    accounting: bool = False  # a finished job is looked up in the scheduler's records once the queue forgets it
    exclude_hosts: bool = False  # a degrade may take a stage off a host (exclude_host, the GPU-fault default)
    resources: bool = False  # a stage's resources: are asked of the scheduler
    unreachable: bool = False  # the scheduler can fail to answer (every fact 'unreachable' for a tick)
    this_host: bool = False  # attempts run on the host tianluo runs on: it hands out its GPUs itself (host:)
    # the scheduler itself ends a job at its resources.time (Slurm's --time: TIMEOUT, ended_by time_limit);
    # without it tianluo cancels an attempt that runs past its limit
    enforces_time: bool = False
    # a tick with nothing to do can be confirmed without the backend (``tianluo.shell.quiet_tick`` checks each
    # attempt from its run folder and the process table as the backend's poll would)
    quiet_checks: bool = False
    # the scheduler may report a job *unknown* (its host not heard from: ``JobFacts.unknown``); an attempt whose
    # job it keeps reporting so for this many seconds is lost with its node (tianluo.core.unknown); None: never
    lost_after: float | None = None


class BackendOptions(StrictModel):
    """The spec's ``backend:`` for one backend, and what ``start`` locks of it (``plan.backend``)."""

    kind: str

    @model_serializer(mode="wrap")
    def _with_kind(self, handler):
        """``kind`` is always written, even where defaults are left out (state.json): it says which model reads it."""
        out = handler(self)
        return {"kind": self.kind, **out} if isinstance(out, dict) else out

    def capabilities(self) -> Capabilities:
        """What the backend can do; each backend's options say it. None of it unless said."""
        return Capabilities()

    def describe(self) -> str:
        """One short line for plan.md and status: the backend and what matters of its options."""
        return self.kind


@dataclass(frozen=True)
class JobSpec:
    """One attempt to launch: a deterministic name, a command, where and with what."""

    job_name: str
    command: str
    workdir: str
    attempt_dir: str  # absolute
    env: dict[str, str] = field(default_factory=dict)
    poke: str | None = None  # a run folder to tick as soon as the job exits (event ticks)
    resources: Resources | None = None  # what a scheduler is asked for (capability: resources)
    exclude_hosts: tuple[str, ...] = ()  # hosts a degrade took the stage off


#: How every backend starts tianluo's runner around a job: isolated (-I: no PYTHON* variables, no user
#: site, and NOT the current folder on the path, where a tianluo/ planted in a project folder would
#: shadow ours and run as the job's owner, often root) and without the site module (-S: a third of
#: the interpreter's start), with tianluo's own folder first on its path. "tianluo.runner" stays an
#: argument of its own: that is how a runner is told apart in the process table.
RUNNER_BOOT = ("import sys; name, root = sys.argv[1:3]; del sys.argv[1:3]; sys.path.insert(0, root); "
               "import runpy; runpy.run_module(name, run_name='__main__', alter_sys=True)")
TIANLUO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # holds tianluo/


def runner_argv(python: str, attempt_dir: str) -> list[str]:
    """The command line that runs the runner on ``attempt_dir`` (the job's own command is in job.json)."""
    return [python, "-I", "-S", "-c", RUNNER_BOOT, "tianluo.runner", TIANLUO_ROOT, str(attempt_dir)]


def runner_exec(python: str, attempt_dir: str) -> str:
    """``exec <runner_argv>`` as a line of a job script, every word shell-quoted."""
    return "exec " + " ".join(shlex.quote(word) for word in runner_argv(python, attempt_dir))


class SchedulerUnreachable(OSError):
    """The scheduler did not answer in time; nothing can be known or done through it this tick."""


class SubmitRejected(OSError):
    """The scheduler answered and refused the job (a bad partition, an unknown gres...)."""


MAX_PIDS = 64  # process ids of one attempt kept (JobFacts.pids, Attempt.pids)


@dataclass(frozen=True)
class JobFacts:
    """What the scheduler and the container layers say about one attempt, right now."""

    state: JobState
    exit_code: int | None = None
    signal: int | None = None
    host: str | None = None
    started_at: str | None = None
    ended_at: str | None = None
    proc_status: str | None = None  # running, sleeping, stopped, zombie...
    cpu_seconds: float | None = None
    rss_bytes: int | None = None
    detail: str = ""
    # What only a scheduler knows (Slurm); a local process leaves them empty.
    job_id: str | None = None
    scheduler_state: str | None = None  # the scheduler's own word: PENDING, RUNNING, TIMEOUT...
    reason: str | None = None  # why a queued job waits (Resources, Priority, JobHeldUser...)
    stuck: str | None = None  # a queued job the scheduler will not start by itself: who must act, in its words
    ended_by: str | None = None  # the scheduler ended it: time_limit, out_of_memory, node_fail,
    #                              preempted, boot_fail, deadline, cancelled; None: it ended by itself
    found: Handle | None = None  # a job launched but never recorded, found again by its name
    # The scheduler itself says the job is over (an ended state, or forgotten after its runner recorded its
    # end): nothing of it is left to signal. False where processes may outlive what was seen (a local runner).
    over: bool = False
    # The scheduler lists the job but cannot say whether it still runs (its host is not heard from: Grid Engine's
    # queue state u, LSF's UNKWN); ``scheduler_state`` says it in its words. Taken for running, within a bound.
    unknown: bool = False
    # The attempt's processes on ``host`` (a local attempt's only): while it runs, its runner and the job's process
    # tree as the process table shows them now; once it ended, its command's and its runner's as the runner
    # recorded them. The kernel's OOM kills of them are looked up when it fails (tianluo.shell.oom_kills).
    pids: tuple[int, ...] = ()


class Backend(Protocol):
    def submit(self, job: JobSpec) -> Handle:
        """Launch the attempt; return how to find it again."""

    def poll(self, jobs: dict[str, tuple[JobSpec, Handle | None]]) -> dict[str, JobFacts]:
        """Facts for every job, keyed by job name, in one call.

        A job without a handle (launched, never recorded) is looked for by its name: the
        facts carry the handle in ``found``, or say MISSING when nothing is there.
        """

    def find(self, job: JobSpec) -> Handle | None:
        """The handle of an attempt launched earlier under this name, if any."""

    def cancel(self, job: JobSpec, handle: Handle | None, sig: int) -> Sequence[int | str]:
        """Stop whatever still runs of this attempt; return what was signalled (pids, job ids)."""

    def hold(self, job: JobSpec, handle: Handle) -> str | None:
        """Keep a queued attempt from starting (a human hold); what was done, or None."""

    def release(self, job: JobSpec, handle: Handle) -> str | None:
        """Let a job held by ``hold`` start again; what was done, or None."""
