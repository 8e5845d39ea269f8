"""The small vocabulary of states; values are JSON-safe strings.

A stage's legal moves between its statuses are in ``stage_machine``. There is no "failed"
status: tianluo never gives up on a stage by itself; a failure it cannot retry ends in
manual_hold (``held``, by the ladder), which a human releases with --retry or --skip.
"""

from enum import Enum


class StageStatus(str, Enum):
    PENDING = "pending"  # waiting for its needs
    SUBMITTED = "submitted"  # intent recorded / launched, not yet confirmed running
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    RETRY_WAIT = "retry_wait"  # failed; the next attempt is due at next_attempt_at
    HELD = "held"  # a human (or the ladder's last rung, manual_hold) put it on hold
    BLOCKED = "blocked"  # something it needs is held or blocked
    SKIPPED = "skipped"
    CONSULTING = "consulting"  # failed; the agent the spec names is asked what to do (within the tick)


ACTIVE = frozenset({StageStatus.SUBMITTED, StageStatus.RUNNING})
DONE = frozenset({StageStatus.SUCCEEDED, StageStatus.SKIPPED})
STUCK = frozenset({StageStatus.HELD, StageStatus.BLOCKED})


class Phase(str, Enum):
    RUNNING = "running"
    COMPLETE = "complete"  # success gate met
    BLOCKED = "blocked"  # nothing can move without a human
    EXPIRED = "expired"  # deadline passed before the gate was met
    STOPPED = "stopped"  # the owner stopped it (`tianluo stop`), or it reached its checkpoint
    ENDING = "ending"  # the end is decided; attempts still run (on_end: cancel or wait): not finished yet


TERMINAL_PHASES = frozenset({Phase.COMPLETE, Phase.EXPIRED, Phase.STOPPED})


class FaultClass(str, Enum):
    TRANSIENT = "transient"
    CONFIG = "config"
    CODE = "code"
    UNKNOWN = "unknown"


class JobState(str, Enum):
    """What a backend says about one attempt."""

    MISSING = "missing"  # nothing found for this job
    QUEUED = "queued"  # the scheduler holds it back (Slurm PENDING); not a fault, however long
    STARTING = "starting"  # launched, the runner has not confirmed yet
    RUNNING = "running"
    EXITED = "exited"  # an exit record exists
    LOST = "lost"  # gone with no exit record
    UNREACHABLE = "unreachable"  # the scheduler did not answer: nothing is known this tick


#: The variable the runner sets to the attempt's free port; ``{port}`` in a command reads it.
PORT_ENV = "TIANLUO_PORT"


#: What a human's hold of an entity says on each stage it holds (``model.entity_stage_hold``).
HUMAN_HOLD = "held by a human: "
