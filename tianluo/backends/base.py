"""The small protocol every backend implements, and the facts it reports."""

from dataclasses import dataclass, field
from typing import Protocol

from tianluo.model import Handle
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


class Backend(Protocol):
    def submit(self, job: JobSpec) -> Handle:
        """Launch the attempt; return how to find it again."""

    def poll(self, jobs: dict[str, tuple[JobSpec, Handle | None]]) -> dict[str, JobFacts]:
        """Facts for every job, keyed by job name, in one call."""

    def find(self, job: JobSpec) -> Handle | None:
        """The handle of an attempt launched earlier under this name, if any."""

    def cancel(self, job: JobSpec, handle: Handle | None) -> list[int]:
        """Stop whatever still runs of this attempt; return the pids signalled."""
