"""What one tick saw, as plain values: the input of ``decide`` besides state and time.

The shell's ``observe`` fills them in (backend facts, log lines, checkpoints, free space,
conditions); what ``decide`` asks the shell to do in return is in ``actions``.
"""

from dataclasses import dataclass, field

from tianluo.backends.base import JobFacts
from tianluo.core.gpu_facts import GpuInventory
from tianluo.models.model import Check, Handle
from tianluo.shell.checkpoints import Checkpoint
from tianluo.shell.hostspace import FsSpace
from tianluo.shell.logscan import ScanResult


@dataclass(frozen=True)
class OutputStat:
    """The output layer's raw fact: does the stage's artifact exist, and how big is it."""

    path: str
    exists: bool
    size: int | None = None


@dataclass(frozen=True)
class StageObservation:
    """What was seen of one stage's current attempt."""

    job: JobFacts | None = None  # the backend's facts, when there is a handle to poll
    found: Handle | None = None  # for a recorded intent without a handle: what find() found
    done_when: tuple[Check, ...] = ()  # done_when, evaluated now
    scans: dict[str, ScanResult] = field(default_factory=dict)  # new log bytes, by file name
    output: OutputStat | None = None
    progress_file: tuple[float, float | None] | None = None  # (done, total) from a progress file
    port: int | None = None  # the free port the runner gave the attempt (started.json)
    # The file systems the stage writes to, measured once the attempt has failed (exited non-zero
    # or lost): a full one explains a failure the log does not name (tianluo.shell.hostspace).
    space: tuple[FsSpace, ...] = ()
    # The stage's checkpoints (its `checkpoints` glob), listed once the attempt has failed: a
    # rollback_checkpoint degrade moves the newest aside.
    checkpoints: tuple[Checkpoint, ...] = ()
    checkpoints_unlisted: str | None = None  # why none were listed on purpose (too many, an odd name)
    # The last bytes of each log, read once the attempt has failed: the structure of what failed
    # (its tracebacks, a launcher's summary) is read from them (tianluo.faults.structure).
    tails: dict[str, str] = field(default_factory=dict)
    # The kernel's records of OOM kills of the attempt's processes while it ran, read once a local attempt has
    # failed (tianluo.shell.oom_kills): a kill the log could not name. With why they could not be read.
    oom_kills: tuple[str, ...] = ()
    oom_kills_unread: str | None = None


@dataclass(frozen=True)
class Observations:
    stages: dict[str, StageObservation] = field(default_factory=dict)  # by '<entity>.<stage>'
    gate: tuple[Check, ...] = ()  # the gate's exists/metric checks
    when: dict[str, Check] = field(default_factory=dict)  # branch conditions of waiting stages
    partial: bool = False  # the tick's budget ran out: stages left out were not looked at, nor the gate
    # The file systems of each stage that waits for free space (stage.wait), measured now.
    space: dict[str, tuple[FsSpace, ...]] = field(default_factory=dict)
    # The host's GPUs (nvidia-smi, the kernel log's Xid lines), read once this tick; None: not a GPU host or
    # nothing asks for GPUs.
    gpus: GpuInventory | None = None
