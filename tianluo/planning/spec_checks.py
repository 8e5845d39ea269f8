"""Loading a spec, and every check across its fields: the one place a spec is read whole.

``tianluo.planning.spec`` and ``tianluo.planning.spec_parts`` are the spec's models; each validates its own
fields (a duration's bounds, a regex that compiles, exactly one channel per notify entry).
What needs more than one field, or the whole spec, is checked here, after the models took
the YAML: names and their bounds (``check_names``), the stage graph (``check_graph``: every
need names a stage, no cycle), the checkpoint of checkpoint-and-stop (``check_checkpoint``),
plan-time keys against what exists (``check_plan_time``: variants, params, fork names, what
the backend can do) and every ``{placeholder}`` against what it may hold and where the shell
reads it (``check_placeholders``). ``load_spec`` reads, validates and runs them all.

The launchers' fixed-port lines (``tianluo.planning.launchers.port_warnings``) are warnings, not
checks: ``plan`` prints them and goes on.
"""

import difflib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from tianluo.backends.registry import REGISTRY
from tianluo.durations import format_duration
from tianluo.errors import SpecError
from tianluo.planning import spec_parts
from tianluo.planning.spec import MAX_STAGES, EntitySpec, LadderSpec, Rung, Spec, StageSpec, resolve_need
from tianluo.planning.spec_parts import (
    ENTITY_NAME,
    LABEL,
    NOTIFY_PLACEHOLDERS,
    PARAM_NAME,
    RESERVED_PARAMS,
    RESERVED_WHY,
    STAGE_NAME,
)
from tianluo.planning.templating import PORT, notify_env_name, placeholders, scalar_text, shell_problem
from tianluo.planning.yamlsource import Loc, YamlSource, dotted, load_yaml
from tianluo.shell.gcpause import paused_gc


def _vocabulary() -> set[str]:
    """Every key a spec may hold (for 'did you mean ...?')."""
    words: set[str] = set()
    models: tuple[type[BaseModel], ...] = (StageSpec, EntitySpec, Rung, LadderSpec, Spec, *spec_parts.MODELS,
                                           *(k.options for k in REGISTRY.values()))
    for model in models:
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


def _message(err: Mapping[str, Any], source: YamlSource) -> str:
    kind = err["type"]
    loc = _data_loc(source.data, tuple(err["loc"]), kind in ("missing", "extra_forbidden"))
    if kind == "extra_forbidden":
        key = str(loc[-1]) if loc else "?"
        words = _vocabulary()
        if key in words:  # a key of another part of the spec, put where it does not belong
            return f"{source.where(loc)}: {dotted(loc)}: unknown key here ('{key}' belongs to another part of the spec)"
        close = difflib.get_close_matches(key, sorted(words), n=1)
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


def _shape_message(err: Mapping[str, Any], loc: tuple) -> str | None:
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
    check_spec(spec, source)
    return spec, source


def check_spec(spec: Spec, source: YamlSource) -> None:
    """Every check across the fields of a validated spec, in the order a reader fixes them.

    Raises:
        SpecError: the first problem, one line naming the file, the line and the key.
    """
    check_names(spec, source)
    check_graph(spec, source)
    check_checkpoint(spec, source)
    check_deadline(spec, source)
    check_plan_time(spec, source)
    check_placeholders(spec, source)


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
            loc: Loc = ("entities", ename, "params", pname)
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


def check_graph(spec: Spec, source: YamlSource) -> None:
    """Every need names a stage; the stage graph has no cycle."""
    edges: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for ename, entity in spec.entities.items():
        for sname, stage in entity.stages.items():
            deps = []
            for i, need in enumerate(stage.needs):
                target = resolve_need(spec, ename, need)
                loc: Loc = ("entities", ename, "stages", sname, "needs", i)
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
            loc: Loc = ("success_gate", "checkpoint", i)
            raise SpecError(f"{source.where(loc)}: {dotted(loc)}: {name!r} names no stage; give <entity>.<stage> "
                            "or a stage name of some entity")


#: The shortest deadline a spec may give: the deadline counts from ``start``, whose first tick
#: runs within a second of it, so a shorter one ends the run there ("expired" before any work).
MIN_DEADLINE_S = 1.0


def check_deadline(spec: Spec, source: YamlSource) -> None:
    """A deadline that has passed by the first tick (``0s``, ``500ms``) ends the run at its start.

    In the spec only: a plan locked before keeps loading whatever it holds.
    """
    deadline = spec.success_gate.deadline
    if deadline is not None and deadline < MIN_DEADLINE_S:
        loc: Loc = ("success_gate", "deadline")
        raise SpecError(f"{source.where(loc)}: {dotted(loc)}: {format_duration(deadline)} ends the run at its start "
                        "(the deadline counts from `tianluo start`); give the time the whole run may take, "
                        "e.g. 48h, or leave it out")


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


def check_plan_time(spec: Spec, source: YamlSource) -> None:
    """Plan-time keys refer to what exists: variants, params, fork names; no name clashes."""
    for name in spec.forks:
        loc: Loc = ("forks", name)
        if not PARAM_NAME.fullmatch(name) or name in RESERVED_PARAMS:
            why = f" ({RESERVED_WHY[name]})" if name in RESERVED_WHY else ""
            raise SpecError(f"{source.where(loc)}: {dotted(loc)}: fork names are identifiers usable as "
                            f"{{placeholders}}, other than {', '.join(sorted(RESERVED_PARAMS))}{why}")
        for ename, entity in spec.entities.items():
            if name in entity.params:
                raise SpecError(f"{source.where(loc)}: {dotted(loc)}: clashes with a param of {ename}; rename one")
    for ename, entity in spec.entities.items():
        for sname, stage in entity.stages.items():
            base = ("entities", ename, "stages", sname)
            for vname in stage.variants:
                if not LABEL.fullmatch(vname):
                    loc = base + ("variants", vname)
                    raise SpecError(f"{source.where(loc)}: {dotted(loc)}: variant names are lower-case identifiers")
            for label, actions in stage.degrade.items():
                if not LABEL.fullmatch(label):
                    loc = base + ("degrade", label)
                    raise SpecError(f"{source.where(loc)}: {dotted(loc)}: a fault label or class, e.g. cuda_oom")
                for i, action in enumerate(actions):
                    loc = base + ("degrade", label, i)
                    if action.variant is not None and action.variant not in stage.variants:
                        known = ", ".join(stage.variants) or "none"
                        raise SpecError(f"{source.where(loc + ('variant',))}: {dotted(loc + ('variant',))}: no variant "
                                        f"{action.variant!r} (variants: {known})")
                    for pname in action.params:
                        if pname not in entity.params:
                            at: Loc = loc + ("params", pname)
                            raise SpecError(f"{source.where(at)}: {dotted(at)}: {ename} has no param {pname!r}")
                    if action.exclude_host and not spec.backend.capabilities().exclude_hosts:
                        at = loc + ("exclude_host",)
                        raise SpecError(f"{source.where(at)}: {dotted(at)}: the {spec.backend.kind} backend cannot "
                                        "take a stage off a host; exclude_host needs a backend that can (slurm)")
                    if action.time is not None and not (stage.resources and stage.resources.time):
                        at = loc + ("time",)
                        raise SpecError(f"{source.where(at)}: {dotted(at)}: {ename}.{sname} has no time limit to "
                                        "raise; give it one (resources: {time: 8h})")
                    if action.rollback_checkpoint and not stage.checkpoints:
                        raise SpecError(f"{source.where(loc + ('rollback_checkpoint',))}: "
                                        f"{dotted(loc + ('rollback_checkpoint',))}: say where {ename}.{sname} keeps "
                                        "its checkpoints (checkpoints: 'out/{entity}/ckpt-*.pt', a glob relative to "
                                        "the project folder) so tianluo knows which one is the newest")
                names = [a.name for a in actions]
                if len(set(names)) != len(names):
                    loc = base + ("degrade", label)
                    raise SpecError(f"{source.where(loc)}: {dotted(loc)}: action names must differ")


def possible_values(spec: Spec, ename: str) -> dict[str, list[str]]:
    """Every text each placeholder of an entity's commands may take during the run.

    The entity's name, the options of the spec's own forks, each param's value and every
    value a pre-authorised degrade may set (``set``, ``choose``); ``multiply``/``divide``
    give numbers, which are inert.
    """
    entity = spec.entities[ename]
    out: dict[str, list[str]] = {"entity": [ename]}
    for name, fork in spec.forks.items():
        out[name] = [scalar_text(o) for o in fork.options]
    for name, value in entity.params.items():
        out[name] = [scalar_text(value)]
    for stage in entity.stages.values():
        for actions in stage.degrade.values():
            for action in actions:
                for name, change in action.params.items():
                    more = [change.set] if change.set is not None else list(change.choose or [])
                    out.setdefault(name, []).extend(scalar_text(v) for v in more)
    return out


def _stage_templates(stage: StageSpec) -> list[tuple[Loc, str]]:
    items: list[tuple[Loc, str]] = [(("run",), stage.run)]
    if stage.done_when:
        items += [(("done_when", "exists", i), p) for i, p in enumerate(stage.done_when.exists)]
        items += [(("done_when", "metric", i, "file"), m.file) for i, m in enumerate(stage.done_when.metric)]
    if stage.output:
        items.append((("output", "path"), stage.output.path))
        if stage.output.destination:
            items.append((("output", "destination"), stage.output.destination))
    items += [(("variants", name), text) for name, text in stage.variants.items()]
    if stage.when:
        items.append((("when", "metric", "file"), stage.when.metric.file))
    if stage.progress and stage.progress.file:
        items.append((("progress", "file"), stage.progress.file))
    items += [(("logs", i), p) for i, p in enumerate(stage.logs)]
    if stage.checkpoints:
        items.append((("checkpoints",), stage.checkpoints))
    return items


def check_placeholders(spec: Spec, source: YamlSource) -> None:
    """Every placeholder names ``entity`` or a parameter of its entity; gate paths have none."""
    for ename, entity in spec.entities.items():
        known = {"entity", *entity.params, *spec.forks}
        for sname, stage in entity.stages.items():
            for sub_loc, template in _stage_templates(stage):
                loc: Loc = ("entities", ename, "stages", sname) + sub_loc
                command = sub_loc[0] in ("run", "variants")
                for name in placeholders(template):
                    if name == PORT and not command:
                        raise SpecError(
                            f"{source.where(loc)}: {dotted(loc)}: {{port}} is the attempt's free TCP port, "
                            "known only when the job starts: it goes in run and variants, not in a path"
                        )
                    if name not in known and not (name == PORT and command):
                        params = ", ".join(sorted(known))
                        raise SpecError(
                            f"{source.where(loc)}: {dotted(loc)}: unknown placeholder {{{name}}}; "
                            f"known here: {params} (write {{{{ and }}}} for literal braces)"
                        )
        possible: dict[str, list[str] | None] = {**possible_values(spec, ename)}
        for sname, stage in entity.stages.items():
            commands = [(("run",), stage.run)] + [(("variants", v), t) for v, t in stage.variants.items()]
            for sub_loc, template in commands:
                problem = shell_problem(template, possible)
                if problem:
                    loc = ("entities", ename, "stages", sname) + sub_loc
                    raise SpecError(f"{source.where(loc)}: {dotted(loc)}: {problem}")
    for i, notify in enumerate(spec.notify):
        if notify.command is None:
            continue  # a webhook or email channel: no shell
        loc = ("notify", i, "command")
        for name in placeholders(notify.command):
            if name not in NOTIFY_PLACEHOLDERS:
                raise SpecError(
                    f"{source.where(loc)}: {dotted(loc)}: unknown placeholder {{{name}}}; "
                    f"known here: {', '.join(sorted(NOTIFY_PLACEHOLDERS))}"
                )
        problem = shell_problem(notify.command, dict.fromkeys(NOTIFY_PLACEHOLDERS), env_name=notify_env_name)
        if problem:
            raise SpecError(f"{source.where(loc)}: {dotted(loc)}: {problem}")
    gate = spec.success_gate
    gate_items: list[tuple[Loc, str]] = [(("success_gate", "exists", i), p) for i, p in enumerate(gate.exists)]
    gate_items += [(("success_gate", "metric", i, "file"), m.file) for i, m in enumerate(gate.metric)]
    for loc, template in gate_items:
        if placeholders(template):
            raise SpecError(
                f"{source.where(loc)}: {dotted(loc)}: the success gate is run-wide, so its paths take "
                "no placeholders; name the file itself"
            )
