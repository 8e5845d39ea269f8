"""Building blocks of the spec: durations, scalars, metrics, and the plan-time models.

Plan-time models describe what the owner may decide before the run: degrade actions a
fault may trigger, branch conditions, resources, their own forks, the authorisation
whitelist and the thresholds above which tianluo asks.
"""

import re
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, field_validator, model_validator

from tianluo.durations import parse_duration


def _duration(value: object) -> float:
    return parse_duration(value)


#: Seconds, written in a spec as 90s, 10m, 2h...
Duration = Annotated[float, BeforeValidator(_duration), Field(ge=0)]
Op = Literal[">=", ">", "<=", "<", "==", "!="]
Scalar = Annotated[
    bool | int | float | str, PlainSerializer(lambda v: v, return_type=bool | int | float | str)
]

ENTITY_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
STAGE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")
PARAM_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
LABEL = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
RESERVED_PARAMS = frozenset({"entity", "stage", "attempt", "run_dir"})
ACTIONS = ("submit", "resubmit", "cancel_hung", "degrade")


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

    file: str = Field(min_length=1)
    key: str = Field(min_length=1)
    op: Op
    value: Scalar


class When(StrictModel):
    """A branch condition: the stage runs only if this holds once its needs are done."""

    metric: Metric


SLURM_WORD = re.compile(r"^[A-Za-z0-9_.:,=+-]+$")  # partition, account, qos, gres: no spaces or shell text
MEM = re.compile(r"^[0-9]+[KMGT]?$")


class Resources(StrictModel):
    """What a stage asks of the machine. Slurm turns each into an ``#SBATCH`` line;
    thresholds on ``gpus`` and ``expected`` raise plan-time forks."""

    partition: str | None = Field(default=None, description="--partition")
    account: str | None = Field(default=None, description="--account")
    qos: str | None = Field(default=None, description="--qos")
    gpus: int | None = Field(default=None, ge=0, description="--gpus (Slurm); the resource fork's threshold")
    gres: str | None = Field(default=None, description="--gres, e.g. gpu:a100:2 (instead of gpus)")
    cpus: int | None = Field(default=None, ge=1, description="--cpus-per-task")
    mem: str | None = Field(default=None, description="--mem, e.g. 64G")
    time: Duration | None = Field(default=None, description="--time, e.g. 8h")
    sbatch_args: list[str] = Field(default=[], description="Extra sbatch arguments, one per item, e.g. --constraint=a100")

    @field_validator("partition", "account", "qos", "gres")
    @classmethod
    def _word(cls, value: str | None) -> str | None:
        if value is not None and not SLURM_WORD.match(value):
            raise ValueError(f"{value!r} is not a plain Slurm name (letters, digits and _.:,=+-)")
        return value

    @field_validator("mem")
    @classmethod
    def _mem(cls, value: str | None) -> str | None:
        if value is not None and not MEM.match(str(value).upper()):
            raise ValueError(f"{value!r} is not a memory size such as 16G, 512M or 2048")
        return None if value is None else str(value).upper()

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


class SlurmOptions(StrictModel):
    """How tianluo talks to Slurm (``backend: slurm``)."""

    accounting: Literal["auto", "sacct", "jobcomp", "none"] = Field(
        default="auto", description="Where a finished job is looked up once squeue forgets it: sacct "
        "(slurmdbd), jobcomp (sacct -c, jobcomp/filetxt), none (only the runner's exit.json); auto asks "
        "scontrol show config at start.")
    timeout: Annotated[Duration, Field(gt=0)] = Field(
        default=30.0, description="Per scheduler command; a slower controller is 'scheduler unreachable' this tick.")
    conf: str | None = Field(
        default=None, description="The slurm.conf to talk to (SLURM_CONF). Left empty, the SLURM_CONF of the "
        "shell that runs `tianluo start` is recorded, so ticks from cron or systemd reach the same cluster.")


class ParamChange(StrictModel):
    """One declarative change to a parameter; exactly one of the four forms."""

    set: Scalar | None = None
    multiply: float | None = Field(default=None, gt=0)
    divide: float | None = Field(default=None, gt=0)
    floor: float | None = Field(default=None, description="With multiply or divide: never below this.")
    choose: list[Scalar] | None = Field(default=None, min_length=1,
                                        description="The next value after the current one in this list.")

    @model_validator(mode="after")
    def _one_form(self) -> "ParamChange":
        forms = [f for f in ("set", "multiply", "divide", "choose") if getattr(self, f) is not None]
        if len(forms) != 1:
            raise ValueError("give exactly one of set, multiply, divide, choose")
        if self.floor is not None and forms[0] not in ("multiply", "divide"):
            raise ValueError("floor goes with multiply or divide")
        return self


class DegradeAction(StrictModel):
    """A safe change the degrade rung may make, if the owner chose it at plan time."""

    name: str
    params: dict[str, ParamChange] = {}
    variant: str | None = Field(default=None, description="Switch the stage's command to this variant.")
    exclude_host: bool = Field(default=False, description="Do not run again on the host that failed.")

    @field_validator("name")
    @classmethod
    def _label(cls, value: str) -> str:
        if not LABEL.match(value) or value == "hold":
            raise ValueError("names are lower-case identifiers other than 'hold', e.g. halve_batch")
        return value

    @model_validator(mode="after")
    def _does_something(self) -> "DegradeAction":
        if not self.params and self.variant is None and not self.exclude_host:
            raise ValueError("a degrade action changes params, switches variant, or excludes the host")
        return self


class ForkSpec(StrictModel):
    """A decision of the owner's own, asked at plan time with the derived ones."""

    question: str = Field(min_length=1)
    options: list[str] = Field(min_length=2)
    default: str
    cost: str = Field(default="", description="What it costs to leave this open.")

    @model_validator(mode="after")
    def _default_is_an_option(self) -> "ForkSpec":
        if self.default not in self.options:
            raise ValueError(f"default {self.default!r} is not one of the options {self.options}")
        return self


class Authorization(StrictModel):
    """What tianluo may do on its own; anything else becomes a hold with the question."""

    allow: list[Literal["submit", "resubmit", "cancel_hung", "degrade"]] = list(ACTIONS)


class AskAbove(StrictModel):
    """Stages expected to run longer than ``expected``, or on at least ``gpus`` GPUs, raise a resource fork."""

    expected: Duration = 4 * 3600.0
    gpus: int = Field(default=4, ge=0)


MODELS = (Metric, When, Resources, SlurmOptions, ParamChange, DegradeAction, ForkSpec, Authorization, AskAbove)
