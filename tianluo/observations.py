"""What one tick saw, as plain values: the input of ``decide`` besides state and time."""

from dataclasses import dataclass, field

from tianluo.backends.base import JobFacts
from tianluo.model import Check, Handle


@dataclass(frozen=True)
class StageObservation:
    """What was seen of one stage's current attempt."""

    job: JobFacts | None = None  # the backend's facts, when there is a handle to poll
    found: Handle | None = None  # for a recorded intent without a handle: what find() found
    done_when: tuple[Check, ...] = ()  # evaluated once the attempt has exited
    progress: tuple[float, float | None] | None = None  # (done, total) from the logs


@dataclass(frozen=True)
class Observations:
    stages: dict[str, StageObservation] = field(default_factory=dict)  # by '<entity>.<stage>'
    gate: tuple[Check, ...] = ()  # the gate's exists/metric checks


@dataclass(frozen=True)
class Submit:
    """Launch attempt ``attempt`` of a stage (its intent is already in the new state)."""

    stage_id: str
    attempt: int
    job_name: str


@dataclass(frozen=True)
class Cancel:
    """Stop what is left of an attempt (e.g. the orphans of a lost runner)."""

    stage_id: str
    attempt: int
    job_name: str
    reason: str


Action = Submit | Cancel
