"""The spec's ``host:``: how tianluo schedules the GPUs (and optionally CPUs and memory) of the one host
the local backend runs on. Locked into the plan by ``start`` (``plan.host``), with what start found:
whether this is a GPU host at all.
"""

from typing import Annotated, Literal

from pydantic import Field, field_validator

from tianluo.planning.spec_parts import MAX_PATH, Duration, StrictModel, mem_size, single_line

#: Bytes per unit of a memory size such as 64G (the same forms ``resources.mem`` takes).
MEM_UNITS = {"": 1 << 20, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def mem_bytes(text: str) -> int:
    """'64G' -> bytes; a bare number is MiB, as Slurm's --mem reads it."""
    text = text.strip().upper()
    unit = text[-1] if text and text[-1] in "KMGT" else ""
    return int(text[: len(text) - len(unit)]) * MEM_UNITS[unit]


class HostSpec(StrictModel):
    """``host:`` of a spec on the local backend: which GPUs tianluo hands out and how it watches them."""

    gpus: Literal["auto"] | list[Annotated[int, Field(ge=0, le=1023)]] = Field(
        default="auto", description="The GPUs tianluo may hand out, by nvidia-smi index; auto: every GPU "
        "nvidia-smi lists. Naming them also lets a stage ask for GPUs where nvidia-smi is missing.")
    hide_gpus: bool = Field(default=True, description="A stage that asks for no GPU gets CUDA_VISIBLE_DEVICES='' "
                            "on a GPU host, so a CPU step never lands on GPU 0 unseen.")
    nvidia_smi: Annotated[str, single_line(MAX_PATH, "nvidia_smi"), Field(min_length=1)] = Field(
        default="nvidia-smi", description="The nvidia-smi program: a name looked up on PATH, or an absolute path.")
    nvidia_smi_timeout: Duration = Field(default=20.0, description="One nvidia-smi call; a hang is a finding.")
    busy_mib: int = Field(default=256, ge=0, le=1 << 30, description="A GPU where a process that is not this "
                          "run's uses more than this much memory (MiB) is not handed out.")
    kernel_log: Literal["auto", "off"] | Annotated[str, single_line(MAX_PATH, "kernel_log")] = Field(
        default="auto", description="Where Xid lines are read: a file, 'auto' (/var/log/kern.log, messages or "
        "syslog, the first readable), or 'off'.")
    idle_after: Duration = Field(default=3600.0, description="A stage without its own stall_after is hung when "
                                 "its GPUs sit idle (or spin at full use) this long while its log is silent.")
    reserve_after: Duration = Field(default=1800.0, description="A GPU stage that has waited this long for GPUs "
                                    "keeps later stages off the GPUs until it fits (no starving a big stage).")
    cpus: int | None = Field(default=None, ge=1, le=1_000_000, description="CPUs tianluo hands out "
                             "(resources.cpus of each stage, 1 if not given); none: not counted.")
    mem: str | None = Field(default=None, description="Memory tianluo hands out (resources.mem), e.g. 512G; "
                            "none: not counted.")

    @field_validator("gpus", mode="before")
    @classmethod
    def _auto_or_indices(cls, value):
        if value == "auto":
            return value
        if not isinstance(value, list) or not all(type(i) is int and 0 <= i <= 1023 for i in value):
            raise ValueError(f"{str(value)[:60]!r} is neither auto nor a list of GPU indices as nvidia-smi numbers "
                             "them (0..1023), e.g. [0, 1, 2, 3]")
        return value

    @field_validator("gpus")
    @classmethod
    def _distinct(cls, value):
        if isinstance(value, list):
            if not value:
                raise ValueError("an empty list names no GPU; leave gpus out (auto) or name at least one")
            if len(set(value)) != len(value):
                raise ValueError("a GPU is named twice")
        return value

    @field_validator("nvidia_smi")
    @classmethod
    def _program(cls, value: str) -> str:
        if "/" in value and not value.startswith("/"):
            raise ValueError(f"{value!r}: give a program name found on PATH, or an absolute path")
        return value

    @field_validator("kernel_log")
    @classmethod
    def _log(cls, value: str) -> str:
        if value not in ("auto", "off") and not value.startswith("/"):
            raise ValueError(f"{value!r}: an absolute path, 'auto' or 'off'")
        return value

    @field_validator("mem")
    @classmethod
    def _mem(cls, value: str | None) -> str | None:
        return mem_size(value)


class HostPlan(HostSpec):
    """``plan.host``: the spec's ``host:`` as ``start`` locked it, with what it found on the host."""

    gpu_host: bool = Field(default=False, description="nvidia-smi answered at start, or the spec named GPUs: "
                           "GPUs are handed out and CUDA_VISIBLE_DEVICES is set for every attempt.")
    inventory: bool = Field(default=False, description="nvidia-smi is there: each tick reads the inventory "
                            "(with named GPUs and no nvidia-smi: False, nothing is watched).")
    nvidia_smi_path: str | None = Field(default=None, description="Where start found nvidia-smi: ticks run it "
                                        "from here, so cron's or systemd's bare PATH does not lose it.")

    def program(self) -> str:
        """The nvidia-smi a tick runs: where start found it, else as the spec names it."""
        return self.nvidia_smi_path or self.nvidia_smi


#: The fields of ``HostPlan`` that ``start`` learns from the host (not the spec's).
RESOLVED_HOST = ("gpu_host", "inventory", "nvidia_smi_path")
