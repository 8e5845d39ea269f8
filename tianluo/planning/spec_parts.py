"""Building blocks of the spec: durations, scalars, metrics, the plan-time models, and the value types
state.json holds as the spec gave them.

Plan-time models describe what the owner may decide before the run: degrade actions a
fault may trigger, branch conditions, resources, their own forks, the authorisation
whitelist and the thresholds above which tianluo asks. The value types (done_when,
progress, output, the success gate, rules, notify channels; see the comment above them)
are read from the spec and kept in the plan unchanged, so state.json's schema depends on
them. Each model validates its own fields only; checks across the spec are in
``tianluo.planning.spec_checks``.
"""

import math
import os
import re
import signal
from functools import lru_cache
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    field_validator,
    model_validator,
)

from tianluo.durations import DurationRangeError, format_duration, parse_duration, short
from tianluo.faults.linear_re import UnsupportedPattern, check
from tianluo.models.states import FaultClass
from tianluo.plaintext import _CONTROL, _CONTROL_NAMES, control_problem  # noqa: F401 (spec_parts.control_problem)

# --- limits (reference/spec.md, "Limits", says each one and why) ------------------------

DAY = 86400.0
MAX_DEADLINE_S = 365 * DAY        # a run that may go on for more than a year is a mistake
MAX_WAIT_S = 30 * DAY             # backoff, stall_after, grows_within, expected, resources.time
MIN_INTERVAL_S, MAX_INTERVAL_S = 60.0, 3600.0  # what a trigger can tick at (tianluo.triggers)
MAX_GRACE_S = 3600.0              # cancel_grace: TERM to KILL
MAX_SCHEDULER_TIMEOUT_S = 600.0   # slurm.timeout: one scheduler command
MAX_INT = 2**63 - 1               # numbers stay 64-bit: JSON tools, Slurm and float arithmetic agree on them
MAX_NAME = 64                     # entity, stage, param, fork, variant, label names
MAX_COMMAND = 32 * 1024           # run, variants, notify: far below the kernel's 128 KiB per argument
MAX_PATH = 4096                   # PATH_MAX
MAX_TEXT = 4096                   # a param's text, a fork's question
MAX_SHORT = 256                   # a fork option, a metric key
MAX_ITEMS = 1000                  # items of one list (needs, logs, rules, forks, options...)


def upto(high: float):
    """Seconds, written 90s, 10m, 2h...: parsed, at most ``high`` (in ``Annotated[float, upto(h), within(l, h)]``)."""

    def parse(value: object) -> float:
        try:
            return parse_duration(value)
        except DurationRangeError:
            raise ValueError(f"{short(value)} is too long; at most {format_duration(high)}") from None

    return BeforeValidator(parse)


def within(low: float, high: float):
    def check(seconds: float) -> float:
        if seconds > high:
            raise ValueError(f"{format_duration(seconds)} is too long; at most {format_duration(high)}")
        if seconds < low:
            raise ValueError(f"{format_duration(seconds)} is too short; at least {format_duration(low)}")
        return seconds

    return AfterValidator(check)


#: Seconds, written in a spec as 90s, 10m, 2h... (a wait: at most 30 days)
Duration = Annotated[float, upto(MAX_WAIT_S), within(0.0, MAX_WAIT_S)]
Op = Literal[">=", ">", "<=", "<", "==", "!="]


def single_line(limit: int, what: str, hint: str = ""):
    """One line of at most ``limit`` characters, no control characters (tab allowed):
    ``Annotated[str, single_line(limit, what)]``, a type mypy reads too."""

    def check(value: str) -> str:
        if len(value) > limit:
            raise ValueError(f"{what} is {len(value)} characters long; at most {limit}{hint}")
        problem = control_problem(value)
        if problem:
            raise ValueError(f"{what} {problem}; it must be one line without control characters{hint}")
        return value

    return AfterValidator(check)


Command = Annotated[str, single_line(MAX_COMMAND, "the command",
                                     " (join lines with ';' or '&&', or use a script file)")]


def _name_max(path: str) -> str:
    for part in path.split("/"):
        if len(part.encode("utf-8", "surrogatepass")) > 255:
            raise ValueError(f"the path has a part of {len(part.encode('utf-8', 'surrogatepass'))} bytes "
                             f"({part[:20]!r}...); a file or folder name is at most 255 bytes")
    return path


PathText = Annotated[str, Field(min_length=1), single_line(MAX_PATH, "the path"), AfterValidator(_name_max)]


def _not_kernel(path: str) -> str:
    norm = os.path.normpath("/" + path.lstrip("/")) if path.startswith("/") else ""  # //proc/./x, /tmp/../proc
    for fs in ("/proc", "/sys", "/dev"):
        if (norm == fs or norm.startswith(fs + "/")) and not norm.startswith("/dev/shm/"):
            raise ValueError(f"{path!r} is under {fs}, a kernel file system: its files block, fail or never "
                             "end; give a file your job writes")
    return path


#: A path tianluo reads or copies (a metric, a progress file, a log, an output): not under /proc, /sys or /dev.
FilePath = Annotated[PathText, AfterValidator(_not_kernel)]


def _checkpoint_glob(pattern: str) -> str:
    if pattern.startswith("/") or pattern.startswith("~"):
        raise ValueError(f"{pattern!r} is absolute; give a glob relative to the project folder, "
                         "e.g. out/{entity}/ckpt-*.pt")
    parts = pattern.split("/")
    if any(p in ("", ".", "..") for p in parts):
        raise ValueError(f"{pattern!r}: each part of the glob names a folder or file below the project folder "
                         "(no '..', '.', '//' or a trailing '/'), e.g. out/{entity}/ckpt-*.pt")
    if "**" in pattern:
        raise ValueError(f"{pattern!r}: '**' is not supported (one folder level per '*'); "
                         "e.g. out/{entity}/ckpt-*.pt")
    if any(p.startswith(".") for p in parts):
        raise ValueError(f"{pattern!r}: hidden names (a part starting with '.') are not checkpoints tianluo moves")
    return pattern


#: Where a stage's checkpoints are: a glob relative to the project folder (``out/{entity}/ckpt-*.pt``).
CheckpointGlob = Annotated[PathText, AfterValidator(_checkpoint_glob)]


def _scalar(value: object) -> object:
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and not -MAX_INT - 1 <= value <= MAX_INT:
        raise ValueError(f"the number {str(value)[:20]}... ({len(str(value))} digits) is out of range; "
                         "numbers are 64-bit (at most 9223372036854775807)")
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{value} is not a finite number; write a number such as 0.5 or 1e-4")
    if isinstance(value, str):
        single_line(MAX_TEXT, "the value").func(value)
    return value


Scalar = Annotated[
    bool | int | float | str, AfterValidator(_scalar),
    PlainSerializer(lambda v: v, return_type=bool | int | float | str),
]
FiniteFloat = Annotated[float, Field(allow_inf_nan=False, ge=-1e300, le=1e300)]

# \Z, not $: '$' also matches before a final newline, and 'a\n' is not a name.
ENTITY_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}\Z")
STAGE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}\Z")
PARAM_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,63}\Z")
LABEL = re.compile(r"^[a-z][a-z0-9_]{0,63}\Z")
RESERVED_PARAMS = frozenset({"entity", "stage", "attempt", "run_dir", "port"})
#: Why a reserved name cannot be a param or a fork, where the reason is not obvious.
RESERVED_WHY = {"port": "{port} is the free TCP port tianluo picks for each attempt"}
AuthorizedAction = Literal["submit", "resubmit", "cancel_hung", "degrade", "skip"]
ACTIONS: tuple[AuthorizedAction, ...] = ("submit", "resubmit", "cancel_hung", "degrade")


def _as_list(value: object) -> object:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


class StrictModel(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Metric(StrictModel):
    """A comparison on one value in a JSON file: ``{file, key, op, value}``.

    ``key`` is a dotted path into the JSON document (``metrics.accuracy``, ``runs.0.loss``).
    """

    file: FilePath
    key: Annotated[str, Field(min_length=1), single_line(MAX_SHORT, "the key")]
    op: Op
    value: Scalar


class When(StrictModel):
    """A branch condition: the stage runs only if this holds once its needs are done."""

    metric: Metric


SLURM_WORD = re.compile(r"^[A-Za-z0-9_.:,=+-]{1,256}\Z")  # partition, account, qos, gres: no spaces or shell text
MEM = re.compile(r"^[0-9]{1,15}[KMGT]?\Z")


def mem_size(value: object) -> str | None:
    """A memory size as Slurm's --mem takes it (16G, 512M, 2048), upper-cased; None stays None."""
    if value is not None and not MEM.fullmatch(str(value).upper()):
        raise ValueError(f"{value!r} is not a memory size such as 16G, 512M or 2048")
    return None if value is None else str(value).upper()


class Resources(StrictModel):
    """What a stage asks of the machine. Slurm turns each into an ``#SBATCH`` line;
    thresholds on ``gpus`` and ``expected`` raise plan-time forks."""

    partition: str | None = Field(default=None, description="--partition")
    account: str | None = Field(default=None, description="--account")
    qos: str | None = Field(default=None, description="--qos")
    gpus: int | None = Field(default=None, ge=0, le=100_000,
                             description="--gpus (Slurm); the resource fork's threshold")
    gres: str | None = Field(default=None, description="--gres, e.g. gpu:a100:2 (instead of gpus)")
    cpus: int | None = Field(default=None, ge=1, le=1_000_000, description="--cpus-per-task")
    mem: str | None = Field(default=None, description="--mem, e.g. 64G")
    time: Duration | None = Field(default=None, description="--time, e.g. 8h")
    sbatch_args: list[Annotated[str, single_line(1024, "the argument")]] = Field(
        default=[], max_length=100, description="Extra sbatch arguments, one per item, e.g. --constraint=a100")

    @field_validator("partition", "account", "qos", "gres")
    @classmethod
    def _word(cls, value: str | None) -> str | None:
        if value is not None and not SLURM_WORD.fullmatch(value):
            raise ValueError(f"{value!r} is not a plain Slurm name (letters, digits and _.:,=+-)")
        return value

    @field_validator("mem")
    @classmethod
    def _mem(cls, value: str | None) -> str | None:
        return mem_size(value)

    @field_validator("sbatch_args")
    @classmethod
    def _args(cls, value: list[str]) -> list[str]:
        for arg in value:
            if not arg.startswith("-") or "\n" in arg:
                raise ValueError(f"{arg!r}: each extra sbatch argument is one option, starting with '-'")
            if arg.split("=")[0] in ("--job-name", "-J", "--output", "-o", "--error", "-e", "--chdir", "-D",
                                     "--parsable", "--wrap", "--requeue", "--no-requeue", "--open-mode"):
                raise ValueError(f"{arg!r}: tianluo sets this one itself")
        return value

    @property
    def gpu_count(self) -> int:
        """GPUs asked for, by ``gpus`` or a gpu ``gres`` (``gpu:4``, ``gpu:a100:4``); 0 if none."""
        if self.gpus:
            return self.gpus
        for item in (self.gres or "").split(","):
            parts = item.split(":")
            if parts[0] == "gpu":
                last = parts[-1] if len(parts) > 1 else "1"
                return int(last) if last.isdigit() else 1
        return 0

    @model_validator(mode="after")
    def _gpus_or_gres(self) -> "Resources":
        if self.gpus and self.gres and "gpu" in self.gres:
            raise ValueError("give gpus or a gpu gres, not both")
        return self


class ParamChange(StrictModel):
    """One declarative change to a parameter; exactly one of the four forms."""

    set: Scalar | None = None
    multiply: FiniteFloat | None = Field(default=None, gt=0)
    divide: FiniteFloat | None = Field(default=None, gt=0)
    floor: FiniteFloat | None = Field(default=None, description="With multiply or divide: never below this.")
    choose: list[Scalar] | None = Field(default=None, min_length=1, max_length=MAX_ITEMS,
                                        description="The next value after the current one in this list.")

    @model_validator(mode="after")
    def _one_form(self) -> "ParamChange":
        forms = [f for f in ("set", "multiply", "divide", "choose") if getattr(self, f) is not None]
        if len(forms) != 1:
            raise ValueError("give exactly one of set, multiply, divide, choose")
        if self.floor is not None and forms[0] not in ("multiply", "divide"):
            raise ValueError("floor goes with multiply or divide")
        return self


class TimeChange(StrictModel):
    """A degrade's change to the stage's time limit (``resources.time``): raised, never lowered."""

    multiply: FiniteFloat = Field(gt=1, le=100, description="The limit times this, e.g. 2.")
    max: Duration | None = Field(default=None, description="Never above this (30 days at most in any case).")

    @field_validator("max")
    @classmethod
    def _positive(cls, value: float | None) -> float | None:
        if value is not None and value <= 0:
            raise ValueError("a time limit is longer than 0s")
        return value


class DegradeAction(StrictModel):
    """A safe change the degrade rung may make, if the owner chose it at plan time."""

    name: str
    params: dict[str, ParamChange] = {}
    variant: Annotated[str, single_line(MAX_NAME, "the variant name")] | None = Field(
        default=None, description="Switch the stage's command to this variant.")
    exclude_host: bool = Field(default=False, description="Do not run again on the host that failed.")
    rollback_checkpoint: bool = Field(
        default=False, description="Resume from the previous checkpoint: the newest of the stage's checkpoints "
        "is moved aside (renamed, never deleted), so the job's own resume logic loads the one before it.")
    time: TimeChange | None = Field(default=None, description="Raise the stage's time limit (resources.time) "
                                    "for the attempts after it, e.g. {multiply: 2, max: 24h}.")
    retry_first: bool = Field(default=False, description="Spend the fault class's ladder retries first and make "
                              "this change only when they are spent (or the same failure came twice); by default a "
                              "pre-authorised change is made on the first failure it answers.")

    @field_validator("name")
    @classmethod
    def _label(cls, value: str) -> str:
        if not LABEL.fullmatch(value) or value == "hold":
            raise ValueError("names are lower-case identifiers other than 'hold', e.g. halve_batch")
        return value

    @model_validator(mode="after")
    def _does_something(self) -> "DegradeAction":
        if not self.params and self.variant is None and not self.exclude_host and not self.rollback_checkpoint \
                and self.time is None:
            raise ValueError("a degrade action changes params, switches variant, or excludes the host, or "
                             "resumes from the previous checkpoint (rollback_checkpoint: true), or raises the "
                             "time limit (time: {multiply: 2})")
        return self


class ForkSpec(StrictModel):
    """A decision of the owner's own, asked at plan time with the derived ones."""

    question: Annotated[str, Field(min_length=1), single_line(MAX_TEXT, "the question")]
    options: list[Annotated[str, Field(min_length=1), single_line(MAX_SHORT, "an option")]] = Field(
        min_length=2, max_length=100)
    default: str
    cost: Annotated[str, single_line(MAX_TEXT, "the cost")] = Field(default="",
                                                                    description="What it costs to leave this open.")

    @model_validator(mode="after")
    def _default_is_an_option(self) -> "ForkSpec":
        if self.default not in self.options:
            raise ValueError(f"default {self.default!r} is not one of the options {self.options}")
        return self


class Authorization(StrictModel):
    """What tianluo may do on its own; anything else becomes a hold with the question.

    ``skip`` (not in the default list) lets the agent rung skip a failed stage (its dependents are blocked
    until the owner unblocks one: tianluo unblock).
    """

    allow: list[AuthorizedAction] = list(ACTIONS)


MAX_AGENT_TIMEOUT_S = 3600.0
MAX_AGENT_CALLS = 1000


class AgentSpec(StrictModel):
    """The agent rung: a command asked what to do about a fault the ladder would hold (or an unknown one).

    It reads the self-contained prompt on stdin and prints one JSON answer; only what
    ``authorization.allow`` and the pre-authorised decisions permit is applied.
    """

    command: Annotated[Command, Field(min_length=1)] = Field(
        description="Run with /bin/sh -c in the call's folder (agent/<n>/), the prompt on stdin.")
    timeout: Annotated[float, upto(MAX_AGENT_TIMEOUT_S), within(1.0, MAX_AGENT_TIMEOUT_S)] = Field(
        default=300.0, description="Killed (its whole process group) past this; the fault is then held as it would "
        "have been.")
    max_calls: int = Field(default=20, ge=1, le=MAX_AGENT_CALLS, description="Run-wide cap on agent calls.")


#: What a notify channel may be told of (``on:``); every kind by default (reference/spec.md, "Notify").
NOTIFY_EVENTS = ("held", "blocked", "done", "expired", "overdue", "queued", "scheduler", "space", "stalled", "long",
                 "gpu")
NotifyEvent = Literal["held", "blocked", "done", "expired", "overdue", "queued", "scheduler", "space", "stalled",
                      "long", "gpu"]
MAX_NOTIFY_TIMEOUT_S = 30.0
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,127}")
_ADDRESS = re.compile(r"[^@\s<>,;:\"()\[\]\\]{1,64}@[A-Za-z0-9.-]{1,253}")
_HOST = re.compile(r"[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\]")


def webhook_problem(url: str) -> str | None:
    """Why ``url`` is not a webhook tianluo posts to (never repeating it: a webhook URL is a secret)."""
    from urllib.parse import urlsplit

    if len(url) > 2048:
        return "the URL is longer than 2048 characters"
    if control_problem(url) or any(c.isspace() for c in url):
        return "the URL holds a space or a control character"
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises on a bad port
    except ValueError:
        return "not a URL"
    if parts.scheme not in ("http", "https"):
        return "only http:// and https:// URLs are posted to"
    if not parts.hostname:
        return "the URL names no host"
    return None


def _webhook(url: str) -> str:
    problem = webhook_problem(url)
    if problem:  # the URL itself is never repeated: it may hold a token
        raise ValueError(f"{problem} (the URL is not shown here: it may hold a secret)")
    return url


def _address(value: str) -> str:
    if not _ADDRESS.fullmatch(value):
        raise ValueError("an email address is written name@host, one line, no display name")
    return value


EmailAddress = Annotated[str, AfterValidator(_address)]


class EmailSpec(StrictModel):
    """SMTP: one message per notification to ``to``, with STARTTLS unless turned off; the password only
    from the environment variable ``password_env`` names (never in the spec, nor in state.json)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    to: list[EmailAddress] = Field(min_length=1, max_length=20)
    from_: EmailAddress = Field(alias="from")
    host: str = Field(min_length=1, max_length=255)
    port: int = Field(default=587, ge=1, le=65535)
    starttls: bool = True
    username: Annotated[str, single_line(MAX_SHORT, "the username")] | None = None
    password_env: str | None = Field(default=None, description="The environment variable the password is in.")

    @field_validator("host")
    @classmethod
    def _host(cls, value: str) -> str:
        if not _HOST.fullmatch(value):
            raise ValueError("a host name or address, e.g. smtp.example.org")
        return value

    @field_validator("password_env")
    @classmethod
    def _env(cls, value: str | None) -> str | None:
        if value is not None and not _ENV_NAME.fullmatch(value):
            raise ValueError("the name of an environment variable, e.g. SMTP_PASSWORD (the password itself is "
                             "never written in the spec)")
        return value


Webhook = Annotated[str, AfterValidator(_webhook)]


class AskAbove(StrictModel):
    """Stages expected to run longer than ``expected``, or on at least ``gpus`` GPUs, raise a resource fork."""

    expected: Duration = 4 * 3600.0
    gpus: int = Field(default=4, ge=0, le=100_000)


# --- value types state.json holds as they are -----------------------------------------------
#
# The spec's models below are also records of state.json: the plan keeps a stage's done_when,
# progress and output, the success gate, the rules and the notify channels exactly as the spec
# gave them (placeholders filled in). So state.json's schema depends on them: a change made for
# the spec's sake (a new field, a default, a constraint) changes what stored states mean, and
# needs a SCHEMA_VERSION bump with a tianluo/models/migrate.py step. tests/test_schema_migration.py
# (test_the_v4_defaults_are_pinned, test_the_v4_schema_shape_is_pinned) fails when one changes.


class DoneWhen(StrictModel):
    """What must hold, besides exit code 0, for a stage to count as done. All items must hold."""

    exists: list[PathText] = Field(default=[], max_length=MAX_ITEMS)
    metric: list[Metric] = Field(default=[], max_length=MAX_ITEMS)

    _lists = field_validator("exists", "metric", mode="before")(_as_list)


class Progress(StrictModel):
    """How to read the job's own progress: a regex on its logs, or a JSON progress file.

    A progress file holds ``{"done": 120, "total": 1000}`` (total optional); a job that only
    wants a heartbeat can write a growing counter.
    """

    regex: str | None = None
    file: FilePath | None = None
    stall_after: Duration | None = Field(default=None, description="Longest time between two progress lines "
                                         "before the attempt counts as hung.")
    startup_after: Duration | None = Field(
        default=None, description="Longest time from the attempt's start to its first progress line (loading, "
        "rendezvous); unset: the larger of stall_after and 10m.")

    @model_validator(mode="after")
    def _one_source(self) -> "Progress":
        if (self.regex is None) == (self.file is None):
            raise ValueError("give exactly one of regex (matched on the logs) or file (a JSON progress file)")
        return self

    @field_validator("regex")
    @classmethod
    def _compiles(cls, value: str | None) -> str | None:
        if value is None:
            return None
        problem = _progress_problem(value)
        if problem:
            raise ValueError(problem)
        return value


@lru_cache(maxsize=1024)
def _progress_problem(regex: str) -> str | None:
    """Why ``regex`` cannot be a progress regex, or None; once per distinct text (a sweep repeats one)."""
    try:  # on the engine the ticks use: linear time, whatever the log holds
        pattern = check(regex, capture=True)
    except UnsupportedPattern as exc:
        return str(exc)
    if "done" not in pattern.groupindex:
        return "needs a named group 'done', e.g. 'step (?P<done>\\d+)/(?P<total>\\d+)'"
    return None


class Output(StrictModel):
    """An artifact the stage produces (a checkpoint), and where it goes when the stage is done."""

    path: FilePath
    grows_within: Duration | None = None
    destination: FilePath | None = None


class SuccessGate(StrictModel):
    """The machine-checked definition of done for the whole run."""

    all_done: bool = True
    exists: list[PathText] = Field(default=[], max_length=MAX_ITEMS)
    metric: list[Metric] = Field(default=[], max_length=MAX_ITEMS)
    mode: Literal["complete-and-exit", "checkpoint-and-stop", "watch-until-deadline"] = Field(
        default="complete-and-exit", description="complete-and-exit: the gate met ends the run; checkpoint-and-stop: "
        "the run also stops once the checkpoint stages are done (resumable); watch-until-deadline: the gate met "
        "does not end the run, the deadline does (complete if the gate holds then, else expired).")
    checkpoint: list[Annotated[str, single_line(MAX_SHORT, "a checkpoint")]] = Field(
        default=[], max_length=MAX_ITEMS, description="checkpoint-and-stop: the stages to stop after, each "
        "<entity>.<stage>, or a stage name (a milestone: that stage of every entity that has it).")
    on_end: Literal["leave", "cancel", "wait"] = Field(
        default="leave", description="Attempts still running when the run ends: leave them running unwatched, "
        "cancel them (TERM, KILL after cancel_grace), or wait for them to exit (the run is 'ending' meanwhile).")
    deadline: Annotated[float, upto(MAX_DEADLINE_S), within(0.0, MAX_DEADLINE_S)] | None = None

    _lists = field_validator("exists", "metric", "checkpoint", mode="before")(_as_list)

    @model_validator(mode="after")
    def _mode_needs(self) -> "SuccessGate":
        if self.mode == "watch-until-deadline" and self.deadline is None:
            raise ValueError("mode watch-until-deadline watches until the deadline: give a deadline (e.g. "
                             "deadline: 48h), or use mode complete-and-exit")
        if self.mode == "checkpoint-and-stop" and not self.checkpoint:
            raise ValueError("mode checkpoint-and-stop needs checkpoint: the stage(s) to stop after, e.g. "
                             "checkpoint: pretrain or checkpoint: bert.pretrain")
        if self.checkpoint and self.mode != "checkpoint-and-stop":
            raise ValueError("checkpoint goes with mode checkpoint-and-stop")
        return self


SIGNAL_NAMES = frozenset(s.name for s in signal.Signals)


class RuleMatch(StrictModel):
    """What a rule looks for; every condition given must hold."""

    log: str | None = None
    exit_code: int | None = Field(default=None, ge=-(2**31), le=2**31 - 1)
    signal: str | None = None
    state: Literal["exited", "lost", "hung"] | None = None
    ended_by: Literal["time_limit", "out_of_memory", "preempted", "node_fail", "boot_fail", "deadline"] | None = Field(
        default=None, description="The scheduler ended the job (Slurm job state TIMEOUT, OUT_OF_MEMORY, ...).")

    @field_validator("log")
    @classmethod
    def _compiles(cls, value: str | None) -> str | None:
        if value is not None:
            try:  # on the engine the ticks use: linear time, whatever the log holds
                check(value)
            except UnsupportedPattern as exc:
                raise ValueError(str(exc)) from None
        return value

    @field_validator("signal")
    @classmethod
    def _known_signal(cls, value: str | None) -> str | None:
        if value is None:
            return None
        name = value.upper()
        name = name if name.startswith("SIG") else "SIG" + name
        if name not in SIGNAL_NAMES:
            raise ValueError(f"unknown signal {value!r}; write e.g. SIGABRT or SIGKILL")
        return name

    @model_validator(mode="after")
    def _not_empty(self) -> "RuleMatch":
        if all(v is None for v in (self.log, self.exit_code, self.signal, self.state, self.ended_by)):
            raise ValueError("a rule must match on at least one of log, exit_code, signal, state, ended_by")
        return self


class RuleSpec(StrictModel):
    """A fault rule of the user's, checked before the built-in rulebook."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    match: RuleMatch
    klass: FaultClass = Field(alias="class")
    label: str

    @field_validator("label")
    @classmethod
    def _label(cls, value: str) -> str:
        if not LABEL.fullmatch(value):
            raise ValueError("labels are lower-case identifiers, e.g. nccl_timeout")
        return value


class NotifySpec(StrictModel):
    """One channel the owner is told through: a command, a webhook (JSON POST) or email (SMTP).

    Command placeholders: {title}, {body}, {entity}, {stage}, {run_id}, {analysis}, {run_dir}; each
    shell-quoted. ``on`` picks the events told (all by default).
    """

    command: Annotated[Command, Field(min_length=1)] | None = None
    webhook: Webhook | None = Field(default=None, description="http(s) URL a JSON message is POSTed to.")
    preset: Literal["generic", "slack", "feishu", "lark"] | None = Field(
        default=None, description="The webhook's JSON body: generic (default), slack, feishu (= lark).")
    email: EmailSpec | None = None
    on: list[NotifyEvent] | None = Field(default=None, max_length=len(NOTIFY_EVENTS),
                                         description="The events told; all by default.")
    timeout: Annotated[float, upto(MAX_NOTIFY_TIMEOUT_S), within(1.0, MAX_NOTIFY_TIMEOUT_S)] = Field(
        default=10.0, description="One webhook or email send (tried twice in a tick); a command gets 30 s.")

    @model_validator(mode="after")
    def _one_channel(self) -> "NotifySpec":
        given = [k for k in ("command", "webhook", "email") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("a notify channel is exactly one of command, webhook or email"
                             + (f" (got {' and '.join(given)})" if given else ""))
        if self.preset is not None and self.webhook is None:
            raise ValueError("preset goes with webhook")
        return self

    def wants(self, kind: str) -> bool:
        return self.on is None or kind in self.on


#: A heartbeat ping's whole time (connect, send, the answer), at most: a slow watcher never holds a tick.
MAX_HEARTBEAT_TIMEOUT_S = 30.0


class HeartbeatSpec(StrictModel):
    """A dead-man's switch: every tick that completes GETs ``url`` (``<url>/fail`` when the tick failed),
    the push-monitor convention of healthchecks.io and Uptime Kuma. Written as the URL alone, or as
    ``{url, timeout}``; ``timeout`` bounds the whole ping, not one read. The URL is a secret: never shown."""

    url: Webhook = Field(description="http(s) URL pinged after every tick (GET); <url>/fail after a failed one.")
    timeout: Annotated[float, upto(MAX_HEARTBEAT_TIMEOUT_S), within(0.5, MAX_HEARTBEAT_TIMEOUT_S)] = Field(
        default=5.0, description="The whole ping (connect, send, answer), at most; the tick never waits longer.")

    @model_validator(mode="before")
    @classmethod
    def _just_a_url(cls, value: object) -> object:
        return {"url": value} if isinstance(value, str) else value


NOTIFY_PLACEHOLDERS = frozenset({"title", "body", "entity", "stage", "run_id", "analysis", "run_dir"})


MODELS = (Metric, When, Resources, ParamChange, TimeChange, DegradeAction, ForkSpec, Authorization, AskAbove,
          AgentSpec, EmailSpec, DoneWhen, Progress, Output, SuccessGate, RuleMatch, RuleSpec, NotifySpec,
          HeartbeatSpec)
