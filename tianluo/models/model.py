"""The run's state: everything a tick needs, and nothing it must remember elsewhere.

``state.json`` holds the locked plan (rendered commands, needs, gate, budgets; its models are
in ``tianluo.models.plan_model``) and all runtime state (here). :class:`RunState` is the whole
file; ``templates/state-schema.json`` is generated from it, and how it is written
(``dump_state``: defaults and derived values left out) and read back are here too.
"""

import re
from datetime import datetime
from typing import Any, Final, Literal

from pydantic import Field, model_validator

from tianluo.backends.base import MAX_PIDS, Handle
from tianluo.models.plan_model import (
    Plan,
    PreAuthorizedDecision,
    Record,
    _dict,
    _list,
    derived_command,
    derived_question,
    plan_env,
    plan_values,
)
from tianluo.models.states import HUMAN_HOLD, FaultClass, Phase, StageStatus
from tianluo.planning.spec_parts import Scalar

SCHEMA_VERSION: Final = 4


# --- runtime ---------------------------------------------------------------------------


class Fault(Record):
    klass: FaultClass = Field(alias="class")
    label: str
    evidence: str | None = None
    free: bool = Field(default=False, description="The scheduler's doing (preemption, node failure): "
                       "retried without spending the error budget.")
    rule_class: FaultClass | None = Field(default=None, description="Set when the agent's applied answer "
                                          "corrected the class or label: the class the rules had named.")
    rule_label: str | None = Field(default=None, description="With rule_class: the label the rules had named.")
    agent_call: int | None = Field(default=None, description="With rule_class: the agent call that corrected it.")


class LogCursor(Record):
    """How far one log file has been read: only bytes after ``offset`` are read next time."""

    offset: int = 0
    inode: int | None = None


class LogFinding(Record):
    """A log line that matched a fault rule."""

    file: str
    offset: int
    text: str
    rules: list[str] = _list()


class Cancelling(Record):
    """A cancel in progress: TERM first, KILL after the grace period. No tick waits for it."""

    reason: str
    requested_at: datetime
    killed_at: datetime | None = None
    kills: int = Field(default=0, ge=0, description="KILLs sent after the TERM; past a bound the attempt is held as "
                       "unknown/cancel_failed (tianluo.core.cancels).")
    error: str | None = Field(default=None, description="The scheduler's answer to the last cancel sent, when it "
                              "failed (cleared when one goes through).")


class Leftover(Record):
    """The KILL of what is left of an attempt that is over failed: its retry waits until one goes through."""

    since: datetime = Field(description="When the first KILL failed.")
    at: datetime | None = Field(default=None, description="When the last one failed.")
    tries: int = Field(default=0, ge=0, description="KILLs the scheduler refused (one it did not answer is not "
                       "counted); past a bound the stage is held (tianluo.core.cancels).")
    error: str = ""
    given_up_at: datetime | None = Field(default=None, description="When tianluo stopped sending the KILL (past "
                                         "the bound; the owner was told); None: it is sent again each tick.")


#: An attempt folder below the run folder; never absolute, never '..' (names start with a letter or digit).
ATTEMPT_DIR = r"^attempts/[A-Za-z0-9][A-Za-z0-9._-]{0,63}/[A-Za-z0-9][A-Za-z0-9_-]{0,63}/[1-9][0-9]{0,8}$"


_ATTEMPT_DIR_RE = re.compile(ATTEMPT_DIR)


class ProgressReading(Record):
    done: float
    total: float | None = None
    seen_at: datetime = Field(description="When the value last moved.")
    first_done: float | None = None
    first_at: datetime | None = None
    first_exact: bool = Field(default=True, description="False while first_done is the attempt's first reading "
                              "and not yet where it began: its log showed one value so far, and the next "
                              "reading gives the step to take off.")


class Attempt(Record):
    n: int = Field(ge=1)
    job_name: str = Field(default="", description="The job's name. Left out of state.json when it is the derived "
                          "'tl.<run_id>.<entity>.<stage>.<n>' (filled in when the state is read).")
    dir: str = Field(default="", description="The attempt folder, relative to the run folder. Left out of "
                     "state.json when it is the derived 'attempts/<entity>/<stage>/<n>' (filled in when read).",
                     pattern=ATTEMPT_DIR)
    intent_at: datetime
    handle: Handle | None = None
    submitted_at: datetime | None = None
    launches: int = Field(default=1, description="Launches of this attempt; >1 only if a launch left no trace.")
    launch_error: str | None = Field(default=None, description="The scheduler refused the launch (sbatch's error).")
    adopted: bool = False
    started_at: datetime | None = None
    resumed_at: datetime | None = Field(default=None, description="When it ran again after the scheduler "
                                        "requeued or suspended it; hang detection counts from here.")
    ended_at: datetime | None = None
    exit_code: int | None = None
    signal: int | None = None
    host: str | None = None
    pids: list[int] = _list(max_length=MAX_PIDS, description="The processes ticks saw the "
                            "attempt run as (a local attempt's runner and process tree), newest last: after a "
                            "failure, the kernel's log is searched for OOM kills of them.")
    port: int | None = Field(default=None, ge=1, le=65535, description="The free TCP port its runner picked for it "
                             "just before the job started ({port}, TIANLUO_PORT), from started.json.")
    command: str | None = Field(default=None, description="The command this attempt ran (after any degrade). "
                                "Left out of state.json (with env) when it is the planned stage's command with the "
                                "plan's values: filled in from the plan when read.")
    env: dict[str, str] | None = Field(
        default=None, description="TIANLUO_PARAM_<name> -> value: its placeholders' values, which the command "
        "reads from its environment where a value is not plain text. Left out with command (see there).")
    outcome: Literal["succeeded", "failed"] | None = None
    fault: Fault | None = None
    fingerprint: str | None = Field(default=None, description="Failure identity: the same twice stops retries.")
    log_cursors: dict[str, LogCursor] = _dict()
    findings: list[LogFinding] = _list()
    cancel: Cancelling | None = None
    leftover: Leftover | None = None
    unknown_since: datetime | None = Field(default=None, description="Since when the scheduler has reported its job "
                                           "unknown (its host not heard from), in a row; None once it knows it again. "
                                           "Past the backend's lost_after the attempt is lost (tianluo.core.unknown).")
    output_size: int | None = None
    output_grew_at: datetime | None = None
    queue_notified: bool = Field(default=False, description="The owner was told it waits in the queue far longer "
                                 "than expected (once).")
    gpus: list[int] | None = Field(default=None, description="The GPUs handed to it (nvidia-smi indices), recorded "
                                   "before its launch and passed as CUDA_VISIBLE_DEVICES; [] on a GPU host for a "
                                   "stage that asks for none (CUDA_VISIBLE_DEVICES=''); None: GPUs not handed out.")
    gpu_uuids: list[str] = _list(description="The UUIDs of those GPUs as nvidia-smi listed them when handed out.")
    log_moved_at: datetime | None = Field(default=None, description="When a tick last read new bytes of its logs.")
    gpu_idle_since: datetime | None = Field(default=None, description="Since when all its GPUs read idle (0%).")
    gpu_busy_since: datetime | None = Field(default=None, description="Since when all its GPUs read at full use.")
    overrun_told: int = Field(default=0, ge=0, le=2, description="The owner was told it runs past its expected "
                              "time: 1 once past expected, 2 once past twice it (each once per attempt).")
    judged_at: datetime | None = Field(default=None, description="When a tick judged how it ended (tianluo acting "
                                       "on its end): from its end to here is detection latency (goodput.py).")
    progress: ProgressReading | None = Field(default=None, description="Its progress readings, kept from the "
                                             "stage's when the next attempt was recorded (the current attempt's are "
                                             "the stage's progress): what a retry resumed from is read against them.")


class SchedulerLayer(Record):
    state: str
    alive: bool | None = Field(description="None: the scheduler did not answer, so nobody knows.")
    pid: int | None = None
    job_id: str | None = Field(default=None, description="The scheduler's job id (Slurm).")
    scheduler_state: str | None = Field(default=None, description="The scheduler's own word: PENDING, TIMEOUT...")
    reason: str | None = Field(default=None, description="Why the scheduler holds the job back (PENDING reason).")
    proc_status: str | None = None
    cpu_seconds: float | None = None
    rss_bytes: int | None = None
    gpus: list[str] | None = Field(default=None, description="Its GPUs as the tick saw them: 'GPU 1 (A100): 97%, "
                                   "61234 of 81920 MiB' (None: not a GPU attempt).")
    detail: str = ""


class ContainerLayer(Record):
    exit_code: int | None = None
    signal: int | None = None
    host: str | None = None
    port: int | None = Field(default=None, ge=1, le=65535, description="The attempt's own free port ({port}).")
    started_at: datetime | None = None
    ended_at: datetime | None = None
    oom_kills: list[str] = _list(description="The kernel's records of its OOM killer killing "
                                 "a process of the attempt (a local attempt's, read from /dev/kmsg).")
    oom_kills_unread: str | None = Field(default=None, description="Why the kernel's log could not be read.")


class LogsLayer(Record):
    files: list[str] = _list()
    bytes_read: int = 0
    findings: list[str] = _list(description="The latest fault lines, as 'file: text'.")


class ProgressLayer(Record):
    done: float | None = None
    total: float | None = None
    rate_per_min: float | None = None
    eta_s: float | None = None
    last_moved_at: datetime | None = None
    stalled_for_s: float | None = None
    stall_after_s: float | None = None
    startup_after_s: float | None = Field(default=None, description="The allowance to the first progress line "
                                          "(startup_after, or its default).")


class OutputLayer(Record):
    path: str | None = None
    exists: bool | None = None
    size: int | None = None
    grew_at: datetime | None = None
    done_when: list["Check"] = _list()
    space: list[str] = _list(description="The file systems the stage writes to, measured when the "
                             "attempt failed: 'path: N free of M' (and inodes when they ran out), FULL marked.")


class Diagnosis(Record):
    """What each of the five layers said about the current attempt, and the verdict."""

    at: datetime
    attempt: int
    verdict: str
    scheduler: SchedulerLayer | None = None
    container: ContainerLayer | None = None
    logs: LogsLayer | None = None
    progress: ProgressLayer | None = None
    output: OutputLayer | None = None


class Hold(Record):
    """Why something waits for a human, and whether the human has been told."""

    by: Literal["ladder", "human"]
    reason: str
    at: datetime
    analysis: str | None = Field(default=None, description="failures/<entity>__analysis.md, relative.")
    notified: bool = False


def entity_stage_hold(hold: Hold) -> Hold:
    """The hold a human's hold of an entity puts on each of its stages it holds (``holds.hold``):
    state.json leaves it out of a held stage that has exactly it (see ``derived_exclude``)."""
    return Hold(by="human", reason=HUMAN_HOLD + hold.reason, at=hold.at)


class Degradation(Record):
    """A pre-authorised change made on the degrade rung, after attempt ``attempt`` failed."""

    attempt: int
    action: str
    changes: list[str]
    at: datetime


class CheckpointMove(Record):
    """The newest checkpoint moved aside by a ``rollback_checkpoint`` degrade: renamed in place, never deleted.

    Recorded by the decision before the shell renames the file, and the name it goes to
    before the rename (as a submit's intent): a tick killed between the rename and its record
    finds the file under ``aside`` and records that, never moving a second one.
    """

    attempt: int = Field(description="The failed attempt after which it was moved.")
    path: str = Field(description="The checkpoint, relative to workdir, as listed when the attempt ended.")
    size: int
    mtime_ns: int
    resume_from: str = Field(description="The checkpoint before it, which the next attempt resumes from.")
    at: datetime
    aside: str | None = Field(default=None, description="Its new name, relative to workdir "
                              "(<name>.tianluo-aside-<attempt>); set just before the rename.")
    outcome: Literal["moved", "missing", "failed"] | None = Field(
        default=None, description="None: not carried out yet (the next tick does it, before any launch).")
    detail: str | None = None
    done_at: datetime | None = None


class Wait(Record):
    """A retry that waits for a condition rather than a time (``tianluo.core.responses``): free space back
    on the file systems a disk fault filled. Checked each tick; the retry runs when it holds."""

    kind: Literal["space"] = "space"
    label: str = Field(description="The fault that started the wait: disk_full or disk_quota.")
    paths: list[str] = Field(description="The file systems waited for (a folder on each, as measured).")
    since: datetime
    threshold: str = Field(description="When a file system counts as having room again.")
    facts: list[str] = _list(description="The latest measurement, as 'path: N free of M'.")
    notified: bool = Field(default=False, description="The owner was told of this wait (once).")


class RollbackRecord(Record):
    """A checkpoint rollback as a degrade would make it (``degrade.Rollback``)."""

    newest: str
    size: int
    mtime_ns: int
    previous: str


class AgentOption(Record):
    """A pre-authorised degrade the agent may choose, as it would apply when the agent was asked
    (``degrade.Change``, computed then: the checkpoints listed as the attempt ended are gone by the answer)."""

    action: str
    lines: list[str]
    params: dict[str, Scalar] = _dict()
    variant: str | None = None
    exclude_host: str | None = None
    rollback: RollbackRecord | None = None
    time_limit: float | None = Field(default=None, description="The stage's raised time limit, in seconds.")


class AgentReply(Record):
    """What the agent command did, as the shell (``tianluo.messages.agent_call``) recorded it. Nothing here
    is trusted: the next decision checks the action against the whitelist (``tianluo.core.agent_rung``)."""

    at: datetime
    exit_code: int | None = None
    timed_out: bool = False
    error: str | None = Field(default=None, description="Why there is no usable answer (could not start, no "
                              "JSON object in its output, a field of the wrong type...); None when parsed.")
    action: str | None = Field(default=None, description="As the agent wrote it: retry, degrade, hold, skip...")
    degrade: str | None = Field(default=None, description="The degrade action it chose, for action degrade.")
    reason: str = ""
    label: str | None = None
    lesson: str | None = None
    klass: FaultClass | None = Field(default=None, alias="class", description="The fault class it named, if any "
                                     "(transient, config, code, unknown): applied with its answer.")
    after_s: float | None = Field(default=None, ge=0, description="For retry: the wait it asked for first, in "
                                  "seconds (its \"after\", bounded: agent_rung.MAX_AFTER_S).")


class Consult(Record):
    """One call of the agent rung about one failed attempt.

    Recorded by the decision before the call (submit is record: a tick killed during the call
    never calls again for the same fault; the next decision takes the fallback), answered by
    the shell, settled by the next decision, which applies the answer or the fallback.
    """

    call: int = Field(description="Run-wide number of the call; its files are in agent/<call>/.")
    attempt: int = Field(description="The failed attempt the agent is asked about.")
    asked_at: datetime
    fallback: Literal["hold", "retry"] = Field(description="What the ladder would have done without the agent.")
    fallback_reason: str = Field(description="The hold's reason, or the retry's description.")
    fallback_wait_s: float = 0.0
    fallback_used: int = 0
    fallback_allowed: int = 0
    fallback_note: str = ""
    allowed: list[str] = _list(description="The actions the agent may answer, as the whitelist allowed when asked.")
    options: list[AgentOption] = _list(description="The pre-authorised degrades it may choose (action degrade).")
    reply: AgentReply | None = None
    applied: str | None = Field(default=None, description="What was applied on the agent's word (retry, "
                                "degrade:<action>, hold, skip); None when the fallback was taken.")
    decision: str | None = Field(default=None, description="What tianluo did and why, in words.")
    settled_at: datetime | None = None


class Unblock(Record):
    """The owner let a stage run although a stage it needs was skipped after a failure (``tianluo unblock``)."""

    need: str = Field(description="The skipped stage it runs without: '<entity>.<stage>'.")
    reason: str
    at: datetime
    missing: list[str] = _list(description="That stage's outputs (output and done_when paths), never made: the "
                               "attempts get them in TIANLUO_MISSING_INPUTS.")


class PastHold(Record):
    """A hold of the stage (or of its entity) that was released: how long it waited for a human (goodput.py)."""

    by: Literal["ladder", "human"]
    at: datetime
    released_at: datetime


class StageState(Record):
    status: StageStatus = StageStatus.PENDING
    attempt: int = Field(default=0, description="Number of the latest attempt; 0 before the first.")
    attempts: list[Attempt] = _list()
    fault: Fault | None = None
    budget_used: dict[FaultClass, int] = _dict()
    next_attempt_at: datetime | None = None
    reason: str | None = None
    succeeded_at: datetime | None = None
    progress: ProgressReading | None = None
    diagnosis: Diagnosis | None = None
    hold: Hold | None = None
    variant: str | None = Field(default=None, description="The command variant a degrade switched to.")
    skipped_by: Literal["branch", "human", "agent"] | None = Field(
        default=None, description="A branch not taken skips what needs it too; a human (or agent) skip lets it go on.")
    degradations: list[Degradation] = _list()
    exclude_hosts: list[str] = _list(description="Hosts a degrade (exclude_host) took this stage off.")
    free_retries: int = Field(default=0, description="Retries after the scheduler's own faults; no budget spent.")
    wait: Wait | None = Field(default=None, description="A due retry also waits for this (free space back).")
    checkpoint_moves: list[CheckpointMove] = _list(
        description="Checkpoints moved aside so the stage resumes from the one before (rollback_checkpoint).")
    consults: list[Consult] = _list(description="The agent rung's calls about this stage's failures, oldest first.")
    gpu_wait_since: datetime | None = Field(default=None, description="Ready, but waiting for GPUs (or CPUs, "
                                            "memory) since then.")
    time_limit: float | None = Field(default=None, gt=0, description="The stage's time limit in seconds as a "
                                     "degrade raised it (time: {multiply}); None: the plan's resources.time.")
    unblocks: list[Unblock] = _list(description="Skipped needs the owner let it run without (tianluo unblock); "
                                    "a need skipped after a failure blocks it otherwise.")
    released_holds: list[PastHold] = _list(description="Holds of the stage or its entity released since, "
                                           "oldest first (the current one is hold): time held for a human.")

    def current(self) -> Attempt | None:
        return self.attempts[-1] if self.attempts else None


class EntityState(Record):
    stages: dict[str, StageState]
    params: dict[str, Scalar] = _dict(description="Current params, after any degrade.")
    hold: Hold | None = Field(default=None, description="A human hold on the whole entity.")


class Check(Record):
    kind: str
    target: str
    ok: bool
    detail: str = ""


class GateState(Record):
    met: bool = False
    met_at: datetime | None = None
    checks: list[Check] = _list()
    checkpoint_reached_at: datetime | None = Field(
        default=None, description="checkpoint-and-stop: when its checkpoint stages were done (the run stopped "
        "there; after `start --resume` it runs on to the gate).")


class RunEnd(Record):
    """How the run ended (or is ending): decided once, by the tick that saw the end (or by stop)."""

    outcome: Literal["complete", "expired", "stopped"] = Field(description="The phase the run ends in.")
    reason: str
    decided_at: datetime
    on_end: Literal["leave", "cancel", "wait"] = "leave"
    ended_at: datetime | None = Field(default=None, description="When the phase became the outcome; until then "
                                      "the run is 'ending' (on_end cancel or wait, attempts still running).")
    checkpoint: bool = Field(default=False, description="checkpoint-and-stop: stopped at its checkpoint "
                             "(resumable).")
    left_running: list[str] = _list(description="Stages whose attempt was left running, unwatched (on_end leave).")
    cancelled: list[str] = _list(description="Stages whose attempt the end cancelled (on_end cancel, stop --cancel).")


class Notice(Record):
    """One notification for one channel (``plan.notify[channel]``): recorded by the decision before it is
    sent, marked sent by the shell after; a failed send is tried again on later ticks (``next_try_at``)."""

    key: str = Field(description="What is told, once: '<kind>:<subject>' (e.g. 'held:lr-3e-4.train:<time>').")
    kind: str = Field(description="The event kind (a notify channel's 'on').")
    channel: int = Field(ge=0, description="Its index in plan.notify.")
    title: str
    body: str
    entity: str = ""
    stage: str = ""
    analysis: str = ""
    at: datetime = Field(description="When the decision recorded it.")
    tries: int = 0
    next_try_at: datetime | None = Field(default=None, description="Not tried again before this (after a failure).")
    sent_at: datetime | None = None
    gave_up_at: datetime | None = None
    error: str | None = Field(default=None, description="The last failure (the channel's secrets left out).")


class TriggerRecord(Record):
    """What runs this run's ticks, and whether the run has removed it again."""

    kind: Literal["cron", "systemd", "daemon", "none"]
    every: float
    installed_at: datetime
    detail: str = ""
    options: dict[str, str] = _dict()
    removed_at: datetime | None = None


class GpuOut(Record):
    """A GPU taken out of the pool: never handed out again until the owner gives it back (``tianluo gpus
    --restore``)."""

    index: int
    uuid: str = ""
    reason: str
    at: datetime


class GpuSeen(Record):
    """One GPU as the latest tick saw it (for status; ticks decide from their own look)."""

    index: int
    uuid: str = ""
    name: str = ""
    utilization: int | None = None
    memory_used_mib: int | None = None
    memory_total_mib: int | None = None
    lost: str | None = None
    others: list[str] = _list(description="Processes that are not this run's, as 'pid 4242 (alice, 12000 MiB)'.")


class KernelLogRecord(Record):
    """How far the kernel log was read for Xid lines."""

    path: str
    inode: int | None = None
    offset: int = 0


class GpuPool(Record):
    """The host's GPUs as the run knows them: what is out of the pool, the ECC counts last seen, the kernel
    log's cursor, and whether nvidia-smi answers."""

    out: list[GpuOut] = _list()
    ecc: dict[str, int] = _dict(description="Uncorrected ECC errors last seen, by GPU UUID: a rise is a fault.")
    kernel_log: KernelLogRecord | None = None
    kernel_log_note: str | None = Field(default=None, description="Why the kernel log was not read for Xid lines "
                                        "at the latest look (unreadable, a link, none found).")
    error: str | None = Field(default=None, description="nvidia-smi failed or hung at the latest look: nothing "
                              "starts on GPUs until it answers.")
    error_since: datetime | None = None
    seen: list[GpuSeen] = _list()
    seen_at: datetime | None = None


class RunState(Record):
    schema_version: Literal[4] = SCHEMA_VERSION
    run_id: str
    created_at: datetime
    tianluo_version: str
    revision: int = 0
    phase: Phase = Phase.RUNNING
    phase_reason: str | None = None
    plan: Plan
    entities: dict[str, EntityState]
    gate: GateState = GateState()
    end: RunEnd | None = Field(default=None, description="How the run ended or is ending (COMPLETION.md says it).")
    pre_authorized_decisions: list[PreAuthorizedDecision] = _list()
    trigger: TriggerRecord | None = None
    total_attempts: int = 0
    agent_calls: int = Field(default=0, description="Agent rung calls so far (the plan's agent.max_calls caps them).")
    blocked_notified: bool = False
    scheduler_unreachable_since: datetime | None = Field(
        default=None, description="The first tick of a spell in which the scheduler did not answer.")
    scheduler_notified: bool = Field(default=False, description="The owner was told of this spell.")
    tick_count: int = 0
    last_tick_at: datetime | None = None
    event_seq: int = Field(default=0, description="The 'seq' of the newest event; every event carries one.")
    outbox: list[dict[str, Any]] = _list(
        description="The events of the latest save, written with the state before they are appended "
        "to events.jsonl; a save appends those events.jsonl lacks (by seq), so a crash loses none.")
    gpus: GpuPool | None = Field(default=None, description="The local host's GPUs (a GPU host only).")
    notices: list[Notice] = _list(
        description="Notifications to send or sent (notify.py): recorded before the send, so each is sent once "
        "and a failed one is retried; settled ones beyond the newest 100 are dropped.")

    @model_validator(mode="after")
    def _fill_derived(self) -> "RunState":
        """What ``dump_state`` leaves out as derivable, filled back in (see ``derived_exclude``)."""
        fill_derived(self)
        return self

    def stage(self, qualified: str) -> StageState:
        ename, sname = split_stage_id(qualified)
        return self.entities[ename].stages[sname]

    def stage_ids(self) -> list[str]:
        return [stage_id(e, s) for e, ent in self.plan.entities.items() for s in ent.stages]


OutputLayer.model_rebuild()


def stage_id(entity: str, stage: str) -> str:
    return f"{entity}.{stage}"


def split_stage_id(qualified: str) -> tuple[str, str]:
    entity, stage = qualified.rsplit(".", 1)
    return entity, stage


#: Up to this many stages state.json is indented (one space a level), for people; above it, compact
#: (10,000 stages: 3.9 MB instead of 5.9 MB pending); ``python -m json.tool state.json`` indents it.
INDENT_STAGES = 2000


def derived_job_name(run_id: str, entity: str, stage: str, n: int) -> str:
    """An attempt's job name (``decide.job_name`` makes it with this; state.json leaves it out when it is this)."""
    return f"tl.{run_id}.{entity}.{stage}.{n}"


def derived_dir(entity: str, stage: str, n: int) -> str:
    """An attempt's folder (``decide.attempt_dir`` makes it with this)."""
    return f"attempts/{entity}/{stage}/{n}"


#: The layers of a succeeded stage's diagnosis, left out of state.json: the 'diagnosed' event in
#: events.jsonl holds them (verdict, time and attempt stay, for status and diagnose).
DONE_LAYERS = frozenset({"scheduler", "container", "logs", "progress", "output"})


def fill_derived(state: RunState) -> None:
    """Fill in an attempt's ``job_name``, ``dir``, ``command`` and ``env``, and a held stage's ``hold`` and
    ``reason``, where state.json left them out."""
    run_id, plan = state.run_id, state.plan
    held = StageStatus.HELD
    for ename, entity in state.entities.items():
        planned_entity = plan.entities.get(ename)
        env = None
        for sname, stage in entity.stages.items():
            if stage.status == held and stage.hold is None and entity.hold is not None:
                stage.hold = entity_stage_hold(entity.hold)  # a held stage has its hold (stage_machine.hold)
                if stage.reason is None:
                    stage.reason = stage.hold.reason
            for a in stage.attempts:
                if not a.job_name:
                    a.job_name = derived_job_name(run_id, ename, sname, a.n)
                if not a.dir:
                    a.dir = derived_dir(ename, sname, a.n)
                    if _ATTEMPT_DIR_RE.match(a.dir) is None:  # names from a planted state.json: stay below attempts/
                        raise ValueError(f"entities.{ename}.stages.{sname}: the attempt folder {a.dir!r} is not "
                                         "a folder below attempts/")
                if a.command is None and planned_entity is not None and sname in planned_entity.stages:
                    a.command = planned_entity.stages[sname].command
                    if a.env is None:
                        env = env if env is not None else plan_env(plan, ename)
                        a.env = dict(env)


def derived_exclude(state: RunState) -> dict | None:
    """What ``dump_state`` leaves out beyond defaults, as a pydantic ``exclude``: a planned command that is
    its template with the values pasted in (``derived_command``); an attempt's ``job_name`` and ``dir``
    when they are the derived ones; its ``command`` and ``env`` when they are the planned command and
    the plan's values; a handle's ``job_id`` when it is the pid; the layers of a succeeded stage's
    diagnosis; a decision's type and question where its key gives them (``derived_question``); a held
    stage's hold when it is its entity's (``entity_stage_hold``: 10,000 stages held by ``hold --all``), and
    then its reason when it is that hold's."""
    run_id, plan = state.run_id, state.plan
    out: dict = {}
    succeeded, held = StageStatus.SUCCEEDED, StageStatus.HELD
    for ename, entity in state.entities.items():
        planned_entity = plan.entities.get(ename)
        env = None
        stages: dict = {}
        mirrored = entity_stage_hold(entity.hold) if entity.hold is not None else None
        for sname, stage in entity.stages.items():
            ex: dict = {}
            if stage.status == held and stage.hold is not None and stage.hold == mirrored:
                ex["hold"] = True
                if stage.reason == stage.hold.reason:
                    ex["reason"] = True
            if stage.attempts:
                planned = planned_entity.stages.get(sname) if planned_entity is not None else None
                attempts: dict = {}
                for i, a in enumerate(stage.attempts):
                    drop: dict = {}
                    if a.job_name == derived_job_name(run_id, ename, sname, a.n):
                        drop["job_name"] = True
                    if a.dir == derived_dir(ename, sname, a.n):
                        drop["dir"] = True
                    if planned is not None and a.command == planned.command and a.env is not None:
                        env = env if env is not None else plan_env(plan, ename)
                        if a.env == env:
                            drop["command"] = drop["env"] = True
                    if a.handle is not None and a.handle.pid is not None and a.handle.job_id == str(a.handle.pid):
                        drop["handle"] = {"job_id"}
                    if drop:
                        attempts[i] = drop
                if attempts:
                    ex["attempts"] = attempts
            if stage.status == succeeded and stage.diagnosis is not None:
                ex["diagnosis"] = DONE_LAYERS
            if ex:
                stages[sname] = ex
        if stages:
            out[ename] = {"stages": stages}
    commands: dict = {}
    for ename, planned_entity in plan.entities.items():
        values = None
        same = set()
        for sname, planned in planned_entity.stages.items():
            if planned.run and planned.command:
                values = values if values is not None else plan_values(plan, ename)
                if planned.command == derived_command(planned.run, values):
                    same.add(sname)
        if same:
            commands[ename] = {"stages": {sname: {"command"} for sname in same}}
    exclude: dict = {}
    if out:
        exclude["entities"] = out
    decisions: dict[int, set[str]] = {}
    for i, d in enumerate(state.pre_authorized_decisions):
        drop_fields = {"type"} if d.type == d.key.split(":", 1)[0] else set()
        if d.question and d.question == derived_question(d.key):
            drop_fields.add("question")
        if drop_fields:
            decisions[i] = drop_fields
    if decisions:
        exclude["pre_authorized_decisions"] = decisions
    if commands:
        exclude["plan"] = {"entities": commands}
    return exclude or None


def dump_state(state: RunState) -> str:
    """The canonical JSON text of a state: what differs from the defaults, in the model's field order.

    Schema 2 leaves out every field that holds its default (``exclude_defaults``): the
    defaults are part of the schema (``templates/state-schema.json``), so changing one is a
    new ``SCHEMA_VERSION`` with a step in ``tianluo.models.migrate``. ``schema_version`` itself is
    always written, first. Keys follow the model's field order (stable), not sorted.
    """
    stages = sum(len(entity.stages) for entity in state.plan.entities.values())
    indent = 1 if stages <= INDENT_STAGES else None
    body = state.model_dump_json(by_alias=True, exclude_defaults=True, indent=indent, exclude=derived_exclude(state))
    head = f'{{\n "schema_version": {SCHEMA_VERSION},' if indent else f'{{"schema_version":{SCHEMA_VERSION},'
    return head + body[1:] + "\n"


def state_json_schema() -> dict:
    """JSON Schema of state.json, as committed in templates/state-schema.json."""
    schema = RunState.model_json_schema(by_alias=True)
    schema["$id"] = f"https://tianluo.dev/schemas/state-v{SCHEMA_VERSION}.json"
    schema["title"] = "tianluo state.json"
    return schema
