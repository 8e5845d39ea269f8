"""The spec (tianluo.yaml): pydantic models, loading, and whole-graph checks.

Every model forbids unknown keys. A bad spec raises SpecError with one line that
names the file, the line and the key.
"""

import difflib
import re
import signal
from pathlib import Path
from typing import Annotated, Literal

from pydantic import ConfigDict, Field, ValidationError, field_validator, model_validator

from tianluo.errors import SpecError
from tianluo.spec_types import (
    ENTITY_NAME,
    LABEL,
    PARAM_NAME,
    RESERVED_PARAMS,
    STAGE_NAME,
    AskAbove,
    Authorization,
    DegradeAction,
    Duration,
    ForkSpec,
    Metric,
    Resources,
    Scalar,
    SlurmOptions,
    StrictModel,
    When,
    _as_list,
)
from tianluo.states import FaultClass
from tianluo.yamlsource import Loc, YamlSource, dotted, load_yaml


class DoneWhen(StrictModel):
    """What must hold, besides exit code 0, for a stage to count as done. All items must hold."""

    exists: list[str] = []
    metric: list[Metric] = []

    _lists = field_validator("exists", "metric", mode="before")(_as_list)


class Progress(StrictModel):
    """How to read the job's own progress: a regex on its logs, or a JSON progress file.

    A progress file holds ``{"done": 120, "total": 1000}`` (total optional); a job that only
    wants a heartbeat can write a growing counter.
    """

    regex: str | None = None
    file: str | None = Field(default=None, min_length=1)
    stall_after: Duration | None = None

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
        try:
            pattern = re.compile(value)
        except re.error as exc:
            raise ValueError(f"not a valid regular expression: {exc}") from None
        if "done" not in pattern.groupindex:
            raise ValueError("needs a named group 'done', e.g. 'step (?P<done>\\d+)/(?P<total>\\d+)'")
        return value


class Output(StrictModel):
    """An artifact the stage produces (a checkpoint), and where it goes when the stage is done."""

    path: str = Field(min_length=1)
    grows_within: Duration | None = None
    destination: str | None = Field(default=None, min_length=1)


class StageSpec(StrictModel):
    run: str = Field(min_length=1)
    needs: list[str] = []
    done_when: DoneWhen | None = None
    progress: Progress | None = None
    output: Output | None = None
    expected: Duration | None = None
    logs: list[str] = Field(default=[], description="Globs of extra log files, e.g. per-rank logs.")
    resources: Resources | None = None
    when: When | None = None
    variants: dict[str, str] = Field(default={}, description="Other commands the degrade rung may switch to.")
    degrade: dict[str, list[DegradeAction]] = Field(
        default={}, description="Fault label (or class) -> changes the owner may pre-authorise at plan time.")

    _needs = field_validator("needs", "logs", mode="before")(_as_list)


class EntitySpec(StrictModel):
    params: dict[str, Scalar] = {}
    stages: dict[str, StageSpec] = Field(min_length=1)


class SuccessGate(StrictModel):
    """The machine-checked definition of done for the whole run."""

    all_done: bool = True
    exists: list[str] = []
    metric: list[Metric] = []
    mode: Literal["complete-and-exit"] = "complete-and-exit"
    deadline: Duration | None = None

    _lists = field_validator("exists", "metric", mode="before")(_as_list)


class Rung(StrictModel):
    """The budget of one fault class: how many retries, and the wait before each."""

    retries: int = Field(ge=0, le=100)
    backoff: list[Duration] | None = None

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
    exit_code: int | None = None
    signal: str | None = None
    state: Literal["exited", "lost", "hung"] | None = None
    ended_by: Literal["time_limit", "out_of_memory", "preempted", "node_fail", "boot_fail", "deadline"] | None = Field(
        default=None, description="The scheduler ended the job (Slurm job state TIMEOUT, OUT_OF_MEMORY, ...).")

    @field_validator("log")
    @classmethod
    def _compiles(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                re.compile(value)
            except re.error as exc:
                raise ValueError(f"not a valid regular expression: {exc}") from None
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
        if not LABEL.match(value):
            raise ValueError("labels are lower-case identifiers, e.g. nccl_timeout")
        return value


class NotifySpec(StrictModel):
    """A command run once when a stage is put on hold (and once when the run is blocked).

    Placeholders: {title}, {body}, {entity}, {stage}, {run_id}, {analysis}; each shell-quoted.
    """

    command: str = Field(min_length=1)


NOTIFY_PLACEHOLDERS = frozenset({"title", "body", "entity", "stage", "run_id", "analysis", "run_dir"})


class Spec(StrictModel):
    name: str = Field(min_length=1, max_length=100)
    backend: Literal["local", "slurm"] = "local"
    slurm: SlurmOptions = SlurmOptions()
    interval: Annotated[Duration, Field(gt=0)] = 600.0
    entities: dict[str, EntitySpec] = Field(min_length=1)
    success_gate: SuccessGate = SuccessGate()
    ladder: LadderSpec = LadderSpec()
    rules: list[RuleSpec] = []
    notify: list[NotifySpec] = []
    max_attempts: int = Field(default=100, ge=1, description="Run-wide cap on attempts of all stages.")
    cancel_grace: Duration = Field(default=30.0, description="From TERM to KILL when cancelling a hung attempt.")
    forks: dict[str, ForkSpec] = Field(default={}, description="Your own decisions; the answer is {<name>}.")
    authorization: Authorization = Authorization()
    ask_above: AskAbove = AskAbove()


def _vocabulary() -> set[str]:
    words: set[str] = set()
    from tianluo import spec_types

    for model in (Metric, DoneWhen, Progress, Output, StageSpec, EntitySpec, SuccessGate, Rung,
                  LadderSpec, RuleMatch, RuleSpec, NotifySpec, Spec, *spec_types.MODELS):
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
    msg = err["msg"]
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    return f"{source.where(loc)}: {dotted(loc)}: {msg}"


def load_spec(path: str | Path) -> tuple[Spec, YamlSource]:
    """Read, validate and check a spec file.

    Returns:
        The validated Spec and its source (for line numbers in later checks).

    Raises:
        SpecError: one line naming the file, the line and the key.
    """
    source = load_yaml(Path(path))
    if not isinstance(source.data, dict):
        raise SpecError(f"{source.path}: the spec must be a mapping with at least 'name' and 'entities'")
    try:
        spec = Spec.model_validate(source.data)
    except ValidationError as exc:
        errors = sorted(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise SpecError(_message(errors[0], source) + more) from None
    check_names(spec, source)
    check_graph(spec, source)
    from tianluo.forks import check_plan_time
    from tianluo.templating import check_placeholders

    check_plan_time(spec, source)
    check_placeholders(spec, source)
    return spec, source


def check_names(spec: Spec, source: YamlSource) -> None:
    for ename, entity in spec.entities.items():
        if not ENTITY_NAME.match(ename):
            raise SpecError(
                f"{source.where(('entities', ename))}: entities.{ename}: entity names use letters, "
                "digits, '.', '_' and '-' and start with a letter or digit"
            )
        for pname in entity.params:
            loc = ("entities", ename, "params", pname)
            if not PARAM_NAME.match(pname):
                raise SpecError(f"{source.where(loc)}: {dotted(loc)}: parameter names are identifiers "
                                "(letters, digits, '_')")
            if pname in RESERVED_PARAMS:
                raise SpecError(f"{source.where(loc)}: {dotted(loc)}: '{pname}' is reserved; rename it")
        for sname in entity.stages:
            if not STAGE_NAME.match(sname):
                loc = ("entities", ename, "stages", sname)
                raise SpecError(
                    f"{source.where(loc)}: {dotted(loc)}: stage names use letters, digits, '_' and '-' "
                    "(no '.', which separates entity and stage in needs)"
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


def find_cycle(edges: dict) -> list | None:
    """Return one cycle of the graph ``node -> [needed nodes]`` as a list of nodes, or None."""
    white, grey, black = 0, 1, 2
    color = {node: white for node in edges}
    stack: list = []

    def visit(node) -> list | None:
        color[node] = grey
        stack.append(node)
        for nxt in edges.get(node, []):
            if color.get(nxt, black) == grey:
                return stack[stack.index(nxt):]
            if color.get(nxt) == white:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        color[node] = black
        return None

    for node in edges:
        if color[node] == white:
            found = visit(node)
            if found:
                return found
    return None
