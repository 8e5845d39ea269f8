"""The spec (tianluo.yaml) as input models: the whole spec, its entities, stages and ladder.

Every model forbids unknown keys and validates its own fields; the building blocks and the
value types state.json keeps as they are live in ``tianluo.planning.spec_parts``. Reading a file and
every check across fields (names, the stage graph, placeholders, plan-time keys) are in
``tianluo.planning.spec_checks`` (``load_spec``); ``tianluo.planning.plan.build_plan`` turns a checked spec
into the plan.
"""

from typing import Annotated

from pydantic import (
    Field,
    field_validator,
    model_validator,
)

from tianluo.backends.registry import BackendChoice, LocalOptions
from tianluo.backends.slurm import SlurmOptions
from tianluo.planning.host_spec import HostSpec
from tianluo.planning.spec_parts import (
    MAX_GRACE_S,
    MAX_INTERVAL_S,
    MAX_ITEMS,
    MAX_SHORT,
    MIN_INTERVAL_S,
    AgentSpec,
    AskAbove,
    Authorization,
    CheckpointGlob,
    Command,
    DegradeAction,
    DoneWhen,
    Duration,
    FilePath,
    ForkSpec,
    HeartbeatSpec,
    NotifySpec,
    Output,
    Progress,
    Resources,
    RuleSpec,
    Scalar,
    StrictModel,
    SuccessGate,
    When,
    _as_list,
    single_line,
    upto,
    within,
)

#: Stages of a whole spec (all entities): a tick looks at each of them, and state.json holds them all.
MAX_STAGES = 10_000


class StageSpec(StrictModel):
    run: Annotated[Command, Field(min_length=1)]
    # a fan-in may wait for every stage of the run
    # default_factory, not default=[]: pydantic deep-copies a mutable default for each of 10,000 stages
    needs: list[Annotated[str, single_line(MAX_SHORT, "a need")]] = Field(default_factory=list, max_length=MAX_STAGES)
    done_when: DoneWhen | None = None
    progress: Progress | None = None
    output: Output | None = None
    expected: Duration | None = None
    logs: list[FilePath] = Field(default_factory=list, max_length=100,
                                 description="Globs of extra log files, e.g. per-rank logs.")
    checkpoints: CheckpointGlob | None = Field(
        default=None, description="Where the stage's checkpoints are: a glob relative to the project folder, "
        "e.g. out/{entity}/ckpt-*.pt (the newest is the one with the latest mtime). rollback_checkpoint needs it.")
    resources: Resources | None = None
    when: When | None = None
    variants: dict[str, Annotated[Command, Field(min_length=1)]] = Field(default_factory=dict, max_length=100,
                                                 description="Other commands the degrade rung may switch to.")
    degrade: dict[str, list[DegradeAction]] = Field(
        default_factory=dict, max_length=100,
        description="Fault label (or class) -> changes the owner may pre-authorise at plan time.")

    _needs = field_validator("needs", "logs", mode="before")(_as_list)

    @field_validator("progress")
    @classmethod
    def _waits_are_positive(cls, value: "Progress | None") -> "Progress | None":
        # In the spec only (a plan saved before keeps loading): stall_after 0s meant "never
        # stalls" while startup_after 0s called every attempt hung at its first look.
        for key in ("stall_after", "startup_after"):
            if value is not None and getattr(value, key) == 0:
                raise ValueError(f"{key}: 0s is no allowance at all; give the longest quiet "
                                 "time a healthy job has (e.g. 10m), or leave it out")
        return value


class EntitySpec(StrictModel):
    params: dict[str, Scalar] = Field(default_factory=dict, max_length=MAX_ITEMS)
    stages: dict[str, StageSpec] = Field(min_length=1, max_length=MAX_STAGES)


class Rung(StrictModel):
    """The budget of one fault class: how many retries, and the wait before each."""

    retries: int = Field(ge=0, le=100)
    backoff: list[Duration] | None = Field(default=None, max_length=100)

    _backoff = field_validator("backoff", mode="before")(
        lambda v: v if v is None or isinstance(v, list) else [v]
    )


class LadderSpec(StrictModel):
    transient: Rung | None = None
    config: Rung | None = None
    code: Rung | None = None
    unknown: Rung | None = None


class Spec(StrictModel):
    name: Annotated[str, single_line(100, "the name"), Field(min_length=1)]
    backend: BackendChoice = Field(default_factory=LocalOptions, description="Where attempts run: a backend's "
                                   "name (local, slurm, command), or {kind: <name>, <its options>}.")
    slurm: SlurmOptions | None = Field(default=None, description="The options of backend: slurm, written apart "
                                       "(the same as backend: {kind: slurm, ...}).")
    interval: Annotated[float, upto(MAX_INTERVAL_S), within(MIN_INTERVAL_S, MAX_INTERVAL_S)] = 600.0
    entities: dict[str, EntitySpec] = Field(min_length=1, max_length=MAX_STAGES)
    success_gate: SuccessGate = SuccessGate()
    ladder: LadderSpec = LadderSpec()
    rules: list[RuleSpec] = Field(default=[], max_length=MAX_ITEMS)
    notify: list[NotifySpec] = Field(default=[], max_length=20)
    heartbeat: HeartbeatSpec | None = Field(default=None, description="A dead-man's switch: a URL every tick pings "
                                            "(healthchecks.io, Uptime Kuma push monitors), or {url, timeout}.")
    max_attempts: int | None = Field(default=None, ge=1, le=1_000_000,
                                     description="Run-wide cap on attempts of all stages; by default 10 per stage, "
                                                 "at least 100.")
    cancel_grace: Annotated[float, upto(MAX_GRACE_S), within(0.0, MAX_GRACE_S)] = Field(
        default=30.0, description="From TERM to KILL when cancelling a hung attempt.")
    forks: dict[str, ForkSpec] = Field(default={}, max_length=MAX_ITEMS,
                                       description="Your own decisions; the answer is {<name>}.")
    authorization: Authorization = Authorization()
    ask_above: AskAbove = AskAbove()
    agent: AgentSpec | None = Field(default=None, description="The agent rung (off unless given).")
    host: HostSpec | None = Field(default=None, description="The local backend's host: which GPUs tianluo hands "
                                  "out and how it watches them (reference/gpu-host.md).")

    @model_validator(mode="after")
    def _slurm_block(self) -> "Spec":
        """``slurm: {...}`` beside ``backend: slurm`` is the Slurm backend's options, written apart."""
        if self.slurm is None:
            return self
        if not isinstance(self.backend, SlurmOptions):
            raise ValueError(f"slurm: options go with backend: slurm (this spec's backend is {self.backend.kind})")
        if self.backend.model_fields_set - {"kind"}:
            raise ValueError("give the Slurm options once: in backend: {kind: slurm, ...} or in slurm:, not both")
        self.backend = self.slurm
        return self

    @model_validator(mode="after")
    def _host_is_local(self) -> "Spec":
        if self.host is not None and not self.backend.capabilities().this_host:
            raise ValueError(f"host: is for the local backend, where tianluo hands out the GPUs itself; on "
                             f"{self.backend.kind} the scheduler does (use resources: {{gpus: N}})")
        return self


def resolve_need(spec: Spec, entity: str, need: str) -> tuple[str, str] | None:
    """``'eval'`` -> ``(entity, 'eval')``; ``'other.eval'`` -> ``('other', 'eval')``; None if unknown."""
    if need in spec.entities[entity].stages:
        return entity, need
    if "." in need:
        ename, sname = need.rsplit(".", 1)
        if ename in spec.entities and sname in spec.entities[ename].stages:
            return ename, sname
    return None
