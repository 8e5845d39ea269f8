"""The spec (tianluo.yaml): pydantic models, loading, and whole-graph checks.

Every model forbids unknown keys. A bad spec raises SpecError with one line that
names the file, the line and the key.
"""

import difflib
import signal
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import (
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from tianluo.backends.registry import REGISTRY, BackendChoice, LocalOptions
from tianluo.backends.slurm import SlurmOptions
from tianluo.errors import SpecError
from tianluo.gcpause import paused_gc
from tianluo.linear_re import UnsupportedPattern, compile_pattern
from tianluo.spec_parts import (
    ENTITY_NAME,
    LABEL,
    MAX_DEADLINE_S,
    MAX_GRACE_S,
    MAX_INTERVAL_S,
    MAX_ITEMS,
    MAX_SHORT,
    MIN_INTERVAL_S,
    PARAM_NAME,
    RESERVED_PARAMS,
    RESERVED_WHY,
    MAX_NOTIFY_TIMEOUT_S,
    NOTIFY_EVENTS,
    STAGE_NAME,
    AgentSpec,
    AskAbove,
    Authorization,
    CheckpointGlob,
    Command,
    DegradeAction,
    Duration,
    EmailSpec,
    FilePath,
    ForkSpec,
    Metric,
    NotifyEvent,
    PathText,
    Resources,
    Scalar,
    StrictModel,
    Webhook,
    When,
    _as_list,
    duration,
    text,
)
from tianluo.states import FaultClass
from tianluo.yamlsource import Loc, YamlSource, dotted, load_yaml

#: Stages of a whole spec (all entities): a tick looks at each of them, and state.json holds them all.
MAX_STAGES = 10_000


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
        pattern = compile_pattern(regex, capture=True)
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


class StageSpec(StrictModel):
    run: Annotated[Command, Field(min_length=1)]
    # a fan-in may wait for every stage of the run
    # default_factory, not default=[]: pydantic deep-copies a mutable default for each of 10,000 stages
    needs: list[text(MAX_SHORT, "a need")] = Field(default_factory=list, max_length=MAX_STAGES)
    done_when: DoneWhen | None = None
    progress: Progress | None = None
    output: Output | None = None
    expected: Duration | None = None
    logs: list[FilePath] = Field(default_factory=list, max_length=100, description="Globs of extra log files, e.g. per-rank logs.")
    checkpoints: CheckpointGlob | None = Field(
        default=None, description="Where the stage's checkpoints are: a glob relative to the project folder, "
        "e.g. out/{entity}/ckpt-*.pt (the newest is the one with the latest mtime). rollback_checkpoint needs it.")
    resources: Resources | None = None
    when: When | None = None
    variants: dict[str, Annotated[Command, Field(min_length=1)]] = Field(default_factory=dict, max_length=100, description="Other commands the degrade rung may switch to.")
    degrade: dict[str, list[DegradeAction]] = Field(
        default_factory=dict, max_length=100, description="Fault label (or class) -> changes the owner may pre-authorise at plan time.")

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


class SuccessGate(StrictModel):
    """The machine-checked definition of done for the whole run."""

    all_done: bool = True
    exists: list[PathText] = Field(default=[], max_length=MAX_ITEMS)
    metric: list[Metric] = Field(default=[], max_length=MAX_ITEMS)
    mode: Literal["complete-and-exit", "checkpoint-and-stop", "watch-until-deadline"] = Field(
        default="complete-and-exit", description="complete-and-exit: the gate met ends the run; checkpoint-and-stop: "
        "the run also stops once the checkpoint stages are done (resumable); watch-until-deadline: the gate met "
        "does not end the run, the deadline does (complete if the gate holds then, else expired).")
    checkpoint: list[text(MAX_SHORT, "a checkpoint")] = Field(
        default=[], max_length=MAX_ITEMS, description="checkpoint-and-stop: the stages to stop after, each "
        "<entity>.<stage>, or a stage name (a milestone: that stage of every entity that has it).")
    on_end: Literal["leave", "cancel", "wait"] = Field(
        default="leave", description="Attempts still running when the run ends: leave them running unwatched, "
        "cancel them (TERM, KILL after cancel_grace), or wait for them to exit (the run is 'ending' meanwhile).")
    deadline: duration(MAX_DEADLINE_S) | None = None

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
                compile_pattern(value)
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
    timeout: duration(MAX_NOTIFY_TIMEOUT_S, 1.0) = Field(
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


NOTIFY_PLACEHOLDERS = frozenset({"title", "body", "entity", "stage", "run_id", "analysis", "run_dir"})


class Spec(StrictModel):
    name: Annotated[text(100, "the name"), Field(min_length=1)]
    backend: BackendChoice = Field(default_factory=LocalOptions, description="Where attempts run: a backend's "
                                   "name (local, slurm, command), or {kind: <name>, <its options>}.")
    slurm: SlurmOptions | None = Field(default=None, description="The options of backend: slurm, written apart "
                                       "(the same as backend: {kind: slurm, ...}).")
    interval: duration(MAX_INTERVAL_S, MIN_INTERVAL_S) = 600.0
    entities: dict[str, EntitySpec] = Field(min_length=1, max_length=MAX_STAGES)
    success_gate: SuccessGate = SuccessGate()
    ladder: LadderSpec = LadderSpec()
    rules: list[RuleSpec] = Field(default=[], max_length=MAX_ITEMS)
    notify: list[NotifySpec] = Field(default=[], max_length=20)
    max_attempts: int | None = Field(default=None, ge=1, le=1_000_000,
                                     description="Run-wide cap on attempts of all stages; by default 10 per stage, "
                                                 "at least 100.")
    cancel_grace: duration(MAX_GRACE_S) = Field(default=30.0, description="From TERM to KILL when cancelling a hung attempt.")
    forks: dict[str, ForkSpec] = Field(default={}, max_length=MAX_ITEMS, description="Your own decisions; the answer is {<name>}.")
    authorization: Authorization = Authorization()
    ask_above: AskAbove = AskAbove()
    agent: AgentSpec | None = Field(default=None, description="The agent rung (off unless given).")

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


def _vocabulary() -> set[str]:
    words: set[str] = set()
    from tianluo import spec_parts

    for model in (Metric, DoneWhen, Progress, Output, StageSpec, EntitySpec, SuccessGate, Rung,
                  LadderSpec, RuleMatch, RuleSpec, NotifySpec, Spec, *spec_parts.MODELS,
                  *(k.options for k in REGISTRY.values())):
        words.update(model.model_fields)
    return words


def _data_loc(data: object, loc: tuple, keep_absent_last: bool) -> Loc:
    """Keep the prefix of a pydantic ``loc`` that is a real path in the YAML data.

    Pydantic adds union-member tags to ``loc``; they are not keys of the data and are dropped.
    A missing key is kept when it is the last part (``keep_absent_last``).
    """
    out: list = []
    for i, part in enumerate(loc):
        if part == 0 and isinstance(data, dict) and 0 not in data and i > 0 and isinstance(loc[i - 1], str):
            continue  # a single item the model wrapped into a list (``metric: {...}``)
        if isinstance(data, dict) and part not in data and part == data.get("kind"):
            continue  # the tag of a discriminated choice (``backend: {kind: slurm, ...}``)
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            if keep_absent_last and i == len(loc) - 1 and isinstance(data, dict):
                out.append(part)
            break
        out.append(part)
    return tuple(out)


def _message(err: dict, source: YamlSource) -> str:
    kind = err["type"]
    loc = _data_loc(source.data, tuple(err["loc"]), kind in ("missing", "extra_forbidden"))
    if kind == "extra_forbidden":
        key = str(loc[-1]) if loc else "?"
        close = difflib.get_close_matches(key, sorted(_vocabulary()), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        return f"{source.where(loc)}: {dotted(loc)}: unknown key{hint}"
    if kind == "missing":
        return f"{source.where(loc[:-1])}: {dotted(loc)}: required key is missing"
    msg = _shape_message(err, loc) or err["msg"]
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    return f"{source.where(loc)}: {dotted(loc)}: {msg}"


_WANT = {"dict_type": "a mapping (key: value)", "model_type": "a mapping (key: value)",
         "model_attributes_type": "a mapping (key: value)", "list_type": "a list", "string_type": "text",
         "int_type": "a whole number", "int_parsing": "a whole number", "float_type": "a number",
         "float_parsing": "a number", "bool_type": "true or false", "bool_parsing": "true or false"}
_UNION_TAGS = {"bool", "int", "float", "str"}


def _shape_message(err: dict, loc: tuple) -> str | None:
    """'expected a mapping (key: value), got a list' for a value of the wrong shape."""
    want = _WANT.get(err["type"])
    if want is None:
        return None
    value = err.get("input")
    if len(err["loc"]) > len(loc) and err["loc"][-1] in _UNION_TAGS:
        want = "text, a number or true/false"
    return f"expected {want}, got {_shape_of(value)}"


def _shape_of(value: object) -> str:
    if value is None:
        return "nothing (an empty value)"
    if isinstance(value, bool):
        return f"{str(value).lower()}"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"[:60]
    if isinstance(value, str):
        return "text " + (repr(value) if len(value) <= 40 else repr(value[:40]) + "...")
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def load_spec(path: str | Path) -> tuple[Spec, YamlSource]:
    """Read, validate and check a spec file.

    Returns:
        The validated Spec and its source (for line numbers in later checks).

    Raises:
        SpecError: one line naming the file, the line and the key.
    """
    with paused_gc(freeze=True):  # a 10,000-stage spec is a million objects; called by plan and start only
        return _load_spec(path)


def _load_spec(path: str | Path) -> tuple[Spec, YamlSource]:
    source = load_yaml(Path(path))
    if not isinstance(source.data, dict):
        raise SpecError(f"{source.path}: the spec must be a mapping with at least 'name' and 'entities'")
    try:
        spec = Spec.model_validate(source.data)
    except ValidationError as exc:
        errors = sorted(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")
        # the members of a union (a param: bool | int | float | str) fail at one place
        places = {_data_loc(source.data, tuple(e["loc"]), e["type"] in ("missing", "extra_forbidden"))
                  for e in errors}
        more = f" (and {len(places) - 1} more)" if len(places) > 1 else ""
        raise SpecError(_message(errors[0], source) + more) from None
    check_names(spec, source)
    check_graph(spec, source)
    check_checkpoint(spec, source)
    from tianluo.forks import check_plan_time
    from tianluo.templating import check_placeholders

    check_plan_time(spec, source)
    check_placeholders(spec, source)
    return spec, source


def check_names(spec: Spec, source: YamlSource) -> None:
    total = sum(len(entity.stages) for entity in spec.entities.values())
    if total > MAX_STAGES:
        raise SpecError(f"{source.where(('entities',))}: entities: {total} stages in all; a run may have at most "
                        f"{MAX_STAGES}: split it into several runs")
    edges = sum(len(stage.needs) for entity in spec.entities.values() for stage in entity.stages.values())
    if edges > 2 * MAX_STAGES:  # each need across entities is a fork, kept in answers.json and state.json
        raise SpecError(f"{source.where(('entities',))}: entities: {edges} needs in all; a run may have at most "
                        f"{2 * MAX_STAGES} (a 10,000-stage chain plus a 10,000-wide fan-in): "
                        "split it into several runs")
    for ename, entity in spec.entities.items():
        if not ENTITY_NAME.fullmatch(ename):
            raise SpecError(
                f"{source.where(('entities', ename))}: {dotted(('entities', ename))}: entity names use letters, "
                "digits, '.', '_' and '-', start with a letter or digit, at most 64 characters"
            )
        for pname in entity.params:
            loc = ("entities", ename, "params", pname)
            if not PARAM_NAME.fullmatch(pname):
                raise SpecError(f"{source.where(loc)}: {dotted(loc)}: parameter names are identifiers "
                                "(letters, digits, '_'), at most 64 characters")
            if pname in RESERVED_PARAMS:
                why = f" ({RESERVED_WHY[pname]})" if pname in RESERVED_WHY else ""
                raise SpecError(f"{source.where(loc)}: {dotted(loc)}: '{pname}' is reserved{why}; rename it")
        for sname in entity.stages:
            if not STAGE_NAME.fullmatch(sname):
                loc = ("entities", ename, "stages", sname)
                raise SpecError(
                    f"{source.where(loc)}: {dotted(loc)}: stage names use letters, digits, '_' and '-' "
                    "(no '.', which separates entity and stage in needs), at most 64 characters"
                )


def resolve_need(spec: Spec, entity: str, need: str) -> tuple[str, str] | None:
    """``'eval'`` -> ``(entity, 'eval')``; ``'other.eval'`` -> ``('other', 'eval')``; None if unknown."""
    if need in spec.entities[entity].stages:
        return entity, need
    if "." in need:
        ename, sname = need.rsplit(".", 1)
        if ename in spec.entities and sname in spec.entities[ename].stages:
            return ename, sname
    return None


def check_graph(spec: Spec, source: YamlSource) -> None:
    """Every need names a stage; the stage graph has no cycle."""
    edges: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for ename, entity in spec.entities.items():
        for sname, stage in entity.stages.items():
            deps = []
            for i, need in enumerate(stage.needs):
                target = resolve_need(spec, ename, need)
                loc = ("entities", ename, "stages", sname, "needs", i)
                if target is None:
                    known = ", ".join(entity.stages)
                    raise SpecError(
                        f"{source.where(loc)}: {dotted(loc)}: unknown stage '{need}'; name a stage of "
                        f"'{ename}' ({known}) or another entity's as <entity>.<stage>"
                    )
                if target == (ename, sname):
                    raise SpecError(f"{source.where(loc)}: {dotted(loc)}: a stage cannot need itself")
                deps.append(target)
            edges[(ename, sname)] = deps
    cycle = find_cycle(edges)
    if cycle:
        ename, sname = cycle[0]
        loc = ("entities", ename, "stages", sname, "needs")
        path = " -> ".join(f"{e}.{s}" for e, s in cycle + [cycle[0]])
        raise SpecError(f"{source.where(loc)}: {dotted(loc)}: needs form a cycle: {path}; break it")


def checkpoint_stages(spec_entities: dict, names: list[str]) -> list[tuple[str, str]]:
    """The stages ``success_gate.checkpoint`` names: ``entity.stage``, or a stage name in every entity that has it."""
    out: list[tuple[str, str]] = []
    for name in names:
        if "." in name:
            ename, sname = name.rsplit(".", 1)
            if ename in spec_entities and sname in spec_entities[ename].stages:
                out.append((ename, sname))
            continue
        out += [(ename, name) for ename, entity in spec_entities.items() if name in entity.stages]
    return out


def check_checkpoint(spec: Spec, source: YamlSource) -> None:
    """Each item of ``success_gate.checkpoint`` names a stage (or a stage name some entity has)."""
    for i, name in enumerate(spec.success_gate.checkpoint):
        if not checkpoint_stages(spec.entities, [name]):
            loc = ("success_gate", "checkpoint", i)
            raise SpecError(f"{source.where(loc)}: {dotted(loc)}: {name!r} names no stage; give <entity>.<stage> "
                            "or a stage name of some entity")


def find_cycle(edges: dict) -> list | None:
    """Return one cycle of the graph ``node -> [needed nodes]`` as a list of nodes, or None.

    Iterative (an explicit stack), so a chain of 10,000 stages needs no deep recursion.
    """
    white, grey, black = 0, 1, 2
    color = {node: white for node in edges}
    for root in edges:
        if color[root] != white:
            continue
        color[root] = grey
        path = [root]
        todo = [iter(edges.get(root, ()))]
        while todo:
            nxt = next(todo[-1], None)
            if nxt is None:
                todo.pop()
                color[path.pop()] = black
                continue
            state = color.get(nxt, black)
            if state == grey:
                return path[path.index(nxt):]
            if state == white:
                color[nxt] = grey
                path.append(nxt)
                todo.append(iter(edges.get(nxt, ())))
    return None
