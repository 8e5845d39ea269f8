"""The small protocol every backend implements, and the facts it reports."""

from dataclasses import dataclass, field
from typing import Protocol

from tianluo.model import Handle
from tianluo.spec_parts import Resources
from tianluo.states import JobState


@dataclass(frozen=True)
class JobSpec:
    """One attempt to launch: a deterministic name, a command, where and with what."""

    job_name: str
    command: str
    workdir: str
    attempt_dir: str  # absolute
    env: dict[str, str] = field(default_factory=dict)
    poke: str | None = None  # a run folder to tick as soon as the job exits (event ticks)
    resources: Resources | None = None  # what a scheduler is asked for (Slurm)
    exclude_hosts: tuple[str, ...] = ()  # hosts a degrade took the stage off


class SchedulerUnreachable(OSError):
    """The scheduler did not answer in time; nothing can be known or done through it this tick."""


class SubmitRejected(OSError):
    """The scheduler answered and refused the job (a bad partition, an unknown gres...)."""


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
    ended_by: str | None = None  # the scheduler ended it: time_limit, out_of_memory, node_fail,
    #                              preempted, boot_fail, deadline, cancelled; None: it ended by itself
    found: Handle | None = None  # a job launched but never recorded, found again by its name


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

    def cancel(self, job: JobSpec, handle: Handle | None, sig: int) -> list[int | str]:
        """Stop whatever still runs of this attempt; return what was signalled (pids, job ids)."""

    def hold(self, job: JobSpec, handle: Handle) -> str | None:
        """Keep a queued attempt from starting (a human hold); what was done, or None."""

    def release(self, job: JobSpec, handle: Handle) -> str | None:
        """Let a job held by ``hold`` start again; what was done, or None."""
