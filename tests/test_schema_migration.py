"""state.json across schema versions: every stored state of every older version (tests/states/)
migrated, written back in this schema, read back equal and ticked for real; bounded snapshots.

The states in tests/states/ were written by tianluo itself at the commits named in the README
there (schema 1: before defaults were left out; schema 2: before the plan's backend became one
``{"kind": ..., <options>}``; schema 3: before GPU hosts and local time limits added their
optional records and fields): they are loaded with today's tianluo, written back, and ticked.
The pins of the current schema (tests/states/v<N>-defaults.json, v<N>-shape.json) are written by
scripts/pin_schema.py, whose functions the pin tests use.
"""

import gzip
import importlib.util
import json
import os
import socket
import subprocess
import sys
import zlib
from datetime import timedelta
from pathlib import Path

import forked_cli
import pytest
from conftest import clean_env, cli
from pure_helpers import observe, running, seen

from tianluo.backends.registry import REGISTRY, open_backend
from tianluo.backends.slurm import SlurmBackend, SlurmOptions
from tianluo.core.decide import attempt_dir, decide, job_name
from tianluo.errors import StateError
from tianluo.models import migrate
from tianluo.models.model import DONE_LAYERS, SCHEMA_VERSION, Handle, dump_state, state_json_schema
from tianluo.models.plan_model import derived_command, plan_values
from tianluo.models.states import TERMINAL_PHASES, StageStatus
from tianluo.planning.templating import param_env, render
from tianluo.shell.store import SNAPSHOT_CAP, RunStore, parse_state, read_snapshot, snapshot_revision

STATES = Path(__file__).resolve().parent / "states"
PINS = ("-defaults.json", "-shape.json")  # not states: what a schema's records were (see the README there)
V1 = sorted(STATES.glob("v1-*.json"))
V2 = sorted(p for p in STATES.glob("v2-*.json") if not p.name.endswith(PINS))
V3 = sorted(p for p in STATES.glob("v3-*.json") if not p.name.endswith(PINS))
OLD = V1 + V2 + V3
HEAD = f'{{\n "schema_version": {SCHEMA_VERSION},'


def _pin_schema():
    """scripts/pin_schema.py: it writes the current schema's pins; the pin tests hold the models to them
    with its functions."""
    path = Path(__file__).resolve().parent.parent / "scripts" / "pin_schema.py"
    spec = importlib.util.spec_from_file_location("pin_schema", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


pin_schema = _pin_schema()


def stem(path: Path) -> str:
    return path.stem


def test_there_are_stored_states_of_every_older_version():
    assert len(V1) >= 5 and len(V2) >= 7 and len(V3) >= 4
    for paths, version in ((V1, 1), (V2, 2), (V3, 3)):
        for path in paths:
            assert json.loads(path.read_text())["schema_version"] == version, path.name
    kinds = {json.loads(p.read_text())["plan"].get("backend", "local") for p in V2}
    assert kinds == {"local", "slurm"}  # local ones leave it out (the default), Slurm ones name it
    kinds = {json.loads(p.read_text())["plan"].get("backend", {"kind": "local"})["kind"] for p in V3}
    assert kinds <= {"local", "slurm"} and "local" in kinds  # schema 3: {kind, options}, local left out
    phases = {json.loads(p.read_text()).get("phase", "running") for p in V3}
    assert {"running", "complete", "blocked", "stopped"} <= phases


def test_migration_steps_cover_every_version_from_the_oldest():
    assert migrate.OLDEST == 1
    assert set(migrate.STEPS) == set(range(migrate.OLDEST, SCHEMA_VERSION))
    assert {json.loads(p.read_text())["schema_version"] for p in OLD} == set(range(migrate.OLDEST, SCHEMA_VERSION))
    assert migrate.upgrade({"schema_version": 1, "x": 1}) == {"schema_version": SCHEMA_VERSION, "x": 1}
    for bad in (None, "1", True, 0, 1.0):
        with pytest.raises(ValueError, match="schema_version"):
            migrate.upgrade({"schema_version": bad})
    with pytest.raises(migrate.NewerSchema):
        migrate.upgrade({"schema_version": SCHEMA_VERSION + 1})


@pytest.mark.parametrize("plan, backend", [
    ({}, None),  # left out: local, the default, stays left out
    ({"backend": "local"}, None),
    ({"backend": "local", "slurm": None}, None),  # schema 1 wrote both
    ({"backend": "slurm"}, {"kind": "slurm"}),
    ({"backend": "slurm", "slurm": None}, {"kind": "slurm"}),
    ({"backend": "slurm", "slurm": {"accounting": "sacct", "timeout": 5.0}},
     {"kind": "slurm", "accounting": "sacct", "timeout": 5.0}),
    ({"backend": "pbs"}, {"kind": "pbs"}),  # unknown: left for the model to refuse
], ids=["left-out", "local", "local-v1", "slurm", "slurm-null", "slurm-options", "unknown"])
def test_v2_to_v3_makes_the_backend_one_choice_told_apart_by_kind(plan, backend):
    raw = {"schema_version": 2, "run_id": "r", "plan": {"name": "n", **plan, "interval": 600.0}}
    out = migrate.v2_to_v3(json.loads(json.dumps(raw)))
    assert out["schema_version"] == 3 and "slurm" not in out["plan"]
    assert out["plan"].get("backend") == backend
    assert list(out["plan"])[0] == "name" and out["plan"]["interval"] == 600.0
    assert migrate.upgrade(json.loads(json.dumps(raw))) == {**out, "schema_version": SCHEMA_VERSION}


def test_v3_to_v4_only_sets_the_version():
    """Schema 4 only adds optional records and fields; left out, each means what schema 3 meant (no GPUs
    handed out, no local time limit), so the step changes nothing else, key for key."""
    raw = json.loads((STATES / "v3-slurm-running.json").read_text())
    out = migrate.v3_to_v4(json.loads(json.dumps(raw)))
    assert json.dumps(out) == json.dumps({**raw, "schema_version": 4})


def test_schema_4_kept_every_default_of_schema_3():
    """What v3_to_v4 relies on: every field schema 3 had keeps its default (a left-out field of a schema-3
    state means the same now); the records and fields schema 4 added are all optional (v3 states read)."""
    v3 = json.loads((STATES / "v3-defaults.json").read_text())
    now = pin_schema.defaults_now()
    changed = sorted(f"{record}.{name}" for record, fields in v3.items() for name, default in fields.items()
                     if name != "schema_version" and now.get(record, {}).get(name, "<gone>") != default)
    assert not changed, f"schema-3 defaults changed: {changed}; v3_to_v4 must then do more than set the version"
    assert v3["RunState"]["schema_version"] == 3 and now["RunState"]["schema_version"] == SCHEMA_VERSION


def v4_of(raw: dict) -> dict:
    """What schema 4 writes for a schema-3 file: the same, key for key (it only added fields, and a state
    leaves them out at their defaults), the version aside."""
    return {**raw, "schema_version": 4}


def v3_of(raw: dict) -> dict:
    """What schema 3 writes for a schema-2 file: the same, key for key, but the plan's backend name and its
    ``slurm`` options made one ``backend: {kind, ...}`` where ``backend`` stood (the test's own reading of
    the schema history, apart from tianluo.models.migrate)."""
    plan = {}
    for key, value in raw["plan"].items():
        if key == "backend":
            plan[key] = {"kind": value, **(raw["plan"].get("slurm") or {})}
        elif key != "slurm":
            plan[key] = value
    return {**raw, "schema_version": 3, "plan": plan}


@pytest.mark.parametrize("path", V3, ids=stem)
def test_a_v3_state_loads_whole_and_is_written_back_in_v4(path):
    """Nothing of a schema-3 file is lost or changed: written back in schema 4 it is the same text, byte for
    byte, but its version (schema 4's new fields all hold their defaults, so they are left out)."""
    text = path.read_text()
    assert text.startswith('{\n "schema_version": 3,') or text.startswith('{"schema_version":3,')
    state = parse_state(text)
    v4 = dump_state(state)
    assert v4.startswith(HEAD) or v4.startswith(f'{{"schema_version":{SCHEMA_VERSION},')
    assert json.dumps(json.loads(v4)) == json.dumps(v4_of(json.loads(text)))
    assert v4 == text.replace('"schema_version": 3,', '"schema_version": 4,', 1).replace(
        '"schema_version":3,', '"schema_version":4,', 1)
    again = parse_state(v4)
    assert again == state
    assert dump_state(again) == v4


@pytest.mark.parametrize("path", V2, ids=stem)
def test_a_v2_state_loads_whole_and_is_written_back_in_v4(path):
    """Nothing of a schema-2 file is lost or changed but the backend's shape: its schema-4 text is the same
    JSON, key for key and in the same order."""
    text = path.read_text()
    state = parse_state(text)
    v4 = dump_state(state)
    assert v4.startswith(HEAD)
    assert json.dumps(json.loads(v4)) == json.dumps(v4_of(v3_of(json.loads(text))))
    again = parse_state(v4)
    assert again == state
    assert dump_state(again) == v4


def _without_later_defaults(full: dict, raw: dict) -> dict:
    """A full dump without the fields schema 2 gained later (the agent rung), when they hold their defaults;
    the plan's backend as schema 1 wrote it."""
    assert full.pop("agent_calls") == 0 and full["plan"].pop("agent") is None
    gate = full["plan"]["success_gate"]  # how runs end (issue 14)
    assert full.pop("end") is None and gate.pop("checkpoint") == [] and gate.pop("on_end") == "leave"
    assert full["gate"].pop("checkpoint_reached_at") is None
    assert full.pop("notices") == []  # notifications recorded before they are sent (issue 14)
    for entity in full["entities"].values():
        for stage in entity["stages"].values():
            assert stage.pop("consults") == []
            for attempt in stage["attempts"]:
                assert attempt.pop("queue_notified") is False
    # schema 3: the backend's name and its options (None for local) are one choice
    assert full["plan"]["backend"] == {"kind": raw["plan"]["backend"]} and raw["plan"].pop("slurm") is None
    full["plan"]["backend"] = raw["plan"]["backend"]
    return full


def _added_since_v3() -> dict[str, dict]:
    """Record of schema 3 -> {field: default} of the fields schema 4 added to it (every one has a default:
    a schema-3 state, without them, reads). Records schema 4 added are only reached through those fields."""
    v3_defaults = json.loads((STATES / "v3-defaults.json").read_text())
    now = pin_schema.defaults_now()
    return {record: {k: v for k, v in now.get(record, {}).items() if k not in v3_defaults.get(record, {})}
            for record in json.loads((STATES / "v3-shape.json").read_text())}


def _without_v4_fields(full: dict) -> dict:
    """A full dump without the fields schema 4 added, each holding its default (asserted): walked along the
    JSON Schema of state.json, record by record."""
    schema = json.loads(json.dumps(state_json_schema()))
    defs = schema.pop("$defs")
    added = _added_since_v3()

    def record(node, name: str) -> None:
        if not isinstance(node, dict):
            return
        for key, default in added.get(name, {}).items():
            if key in node:
                assert node.pop(key) == default, f"{name}.{key} is not its default in a state of schema 3"
        props = (schema if name == "RunState" else defs[name]).get("properties", {})
        for key, value in node.items():
            if key in props:
                walk(value, props[key])

    def walk(node, sub: dict) -> None:
        if "$ref" in sub:
            record(node, sub["$ref"].rsplit("/", 1)[1])
        elif "discriminator" in sub and isinstance(node, dict):
            walk(node, {"$ref": sub["discriminator"]["mapping"][node[sub["discriminator"]["propertyName"]]]})
        elif "anyOf" in sub or "oneOf" in sub:
            refs = [o for o in sub.get("anyOf", sub.get("oneOf")) if "$ref" in o or "items" in o
                    or isinstance(o.get("additionalProperties"), dict)]
            if len(refs) == 1 and node is not None:
                walk(node, refs[0])
        elif isinstance(node, list) and "items" in sub:
            for item in node:
                walk(item, sub["items"])
        elif isinstance(node, dict) and isinstance(sub.get("additionalProperties"), dict):
            for value in node.values():
                walk(value, sub["additionalProperties"])

    record(full, "RunState")
    return full


@pytest.mark.parametrize("path", V1, ids=stem)
def test_a_v1_state_loads_whole_and_is_written_back_in_v4(path):
    text = path.read_text()
    raw = json.loads(text)
    state = parse_state(text)
    # nothing of the v1 file is lost: the full dump of the migrated state is the v1 file, bar the version
    full = _without_v4_fields(json.loads(state.model_dump_json(by_alias=True)))
    assert full.pop("schema_version") == SCHEMA_VERSION and raw.pop("schema_version") == 1
    assert _without_later_defaults(full, raw) == raw
    # written back in this schema: the version first, defaults left out, and it reads back the same
    v4 = dump_state(state)
    assert v4.startswith(HEAD)
    assert len(v4) < 0.75 * len(text)
    assert '"tick_count": 0' not in v4 and '"launches": 1,' not in v4 and '"backend"' not in v4
    assert '"job_name"' not in v4 and '"dir"' not in v4  # derived: filled back in when read
    again = parse_state(v4)
    assert again == without_done_layers(state)
    assert dump_state(again) == v4


def test_the_v4_fields_are_found_and_dropped_where_they_are():
    """The walk above reaches the records below the run (the plan, a stage, an attempt): a full dump of a
    schema-3 state holds schema 4's fields at their defaults there, and they are all taken out."""
    state = parse_state((STATES / "v3-demo-complete.json").read_text())
    full = json.loads(state.model_dump_json(by_alias=True))
    added = _added_since_v3()
    assert all(added[r] for r in ("RunState", "Plan", "StageState", "Attempt")), added
    bare = _without_v4_fields(json.loads(json.dumps(full)))
    stage = bare["entities"]["lr-1e-3"]["stages"]["train"]
    assert not set(added["RunState"]) & set(bare) and not set(added["Plan"]) & set(bare["plan"])
    assert not set(added["StageState"]) & set(stage)
    assert stage["attempts"] and not any(set(added["Attempt"]) & set(a) for a in stage["attempts"])
    assert set(full) - set(bare) == set(added["RunState"])  # nothing else


def without_done_layers(state):
    """``state`` as its text of schema 2 or later reads back: a succeeded stage's diagnosis keeps only its verdict."""
    state = state.model_copy(deep=True)
    for entity in state.entities.values():
        for stage in entity.stages.values():
            if stage.status == StageStatus.SUCCEEDED and stage.diagnosis is not None:
                for layer in DONE_LAYERS:
                    setattr(stage.diagnosis, layer, None)
    return state


def _backend_options() -> set[str]:
    """The names of the backends' options models (each a member of the plan's backend choice)."""
    return {k.options.__name__ for k in REGISTRY.values()}


def _pinned_defs(pinned: dict, now: dict, what: str) -> None:
    """Every pinned record is as pinned; a record that is not pinned is only a backend added since (its
    options model: no older state holds it, so older states mean what they meant)."""
    changed = sorted(name for name in pinned if now.get(name) != pinned[name])
    added = sorted(set(now) - set(pinned) - _backend_options())
    assert not changed and not added, (
        f"the {what} of state.json records changed ({', '.join(changed + added)}); states leave defaults out, "
        "so this changes what stored states mean: bump SCHEMA_VERSION and add a tianluo/models/migrate.py step (and "
        f"stored states of the old version in tests/states/); if no release has written schema {SCHEMA_VERSION} "
        f"yet, rewrite tests/states/v{SCHEMA_VERSION}-{what}.json instead: .venv/bin/python scripts/pin_schema.py")


def test_the_v4_defaults_are_pinned():
    """Schema 2 and later leave defaults out, so a changed default would change what every stored state means.
    tests/states/v2-defaults.json and v3-defaults.json stay as the record of schemas 2 and 3."""
    assert SCHEMA_VERSION == 4
    _pinned_defs(json.loads((STATES / f"v{SCHEMA_VERSION}-defaults.json").read_text()), pin_schema.defaults_now(),
                 "defaults")


def test_the_v4_schema_shape_is_pinned():
    """The shape of every record of state.json (templates/state-schema.json without its descriptions), record
    by record: one that changes (a field, a type, a default, a constraint) changes what older states mean or
    whether they read. That includes the spec's models state.json holds as they are (spec.py's DoneWhen,
    Progress, Output, RuleSpec, NotifySpec, SuccessGate; spec_parts' AgentSpec, DegradeAction, Resources,
    When...; the backends' options): a change to one of them for the spec's sake shows here.
    tests/states/v3-shape.json stays as the record of schema 3."""
    pinned = json.loads((STATES / f"v{SCHEMA_VERSION}-shape.json").read_text())
    _pinned_defs(pinned, pin_schema.shapes_now(set(pinned)), "shape")


def test_the_pins_of_older_schemas_stay_and_are_not_the_current_ones():
    """scripts/pin_schema.py writes only the current schema's pins; schema 3's stay as they were made."""
    assert {path.name for path in pin_schema.pins()} == {f"v{SCHEMA_VERSION}-defaults.json",
                                                         f"v{SCHEMA_VERSION}-shape.json"}
    v3 = json.loads((STATES / "v3-defaults.json").read_text())
    assert v3["RunState"]["schema_version"] == 3 and "gpus" not in v3["Attempt"]
    assert set(json.loads((STATES / "v3-shape.json").read_text())) < set(pin_schema.shapes_now())


def test_the_pins_fail_when_a_default_or_a_record_changes_and_not_for_a_new_backend():
    pinned = json.loads((STATES / f"v{SCHEMA_VERSION}-defaults.json").read_text())
    now = pin_schema.defaults_now()
    changed = json.loads(json.dumps(now))
    changed["SuccessGate"]["on_end"] = "cancel"  # a spec model's default, changed for the spec's sake
    with pytest.raises(AssertionError, match="SuccessGate"):
        _pinned_defs(pinned, changed, "defaults")
    with pytest.raises(AssertionError, match="Planted"):
        _pinned_defs(pinned, {**now, "Planted": {"x": 1}}, "defaults")
    # a backend added after the pin (as if Slurm's came now): no older state holds its options
    _pinned_defs({k: v for k, v in pinned.items() if k != "SlurmOptions"}, now, "defaults")
    shapes = json.loads((STATES / f"v{SCHEMA_VERSION}-shape.json").read_text())
    with pytest.raises(AssertionError, match="Attempt"):
        _pinned_defs(shapes, {**pin_schema.shapes_now(set(shapes)), "Attempt": "0" * 64}, "shape")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _install(tmp_path: Path, name: str, workdir: Path | None = None) -> Path:
    """A stored state as the state.json of a fresh run folder (0700, 0600, as tianluo makes them); with
    ``workdir``, its jobs run there and a webhook it would post to is a port nobody listens on."""
    raw = json.loads((STATES / name).read_text())
    if workdir is not None:
        raw["plan"]["workdir"] = str(workdir)
        # ticked now, hours or months after it was written: a deadline counted from its created_at would
        # have passed and end the run instead of judging it (the tests look at the judging)
        raw["plan"].get("success_gate", {}).pop("deadline", None)
        for channel in raw["plan"].get("notify", []):
            if "webhook" in channel:
                channel["webhook"] = f"http://127.0.0.1:{_free_port()}/hooks/x"
    home = tmp_path / "home"
    run_dir = home / raw["run_id"]
    run_dir.mkdir(parents=True)
    os.chmod(home, 0o700)
    os.chmod(run_dir, 0o700)
    (run_dir / "state.json").write_text(json.dumps(raw, indent=2) + "\n")
    os.chmod(run_dir / "state.json", 0o600)
    return run_dir


def _attempts(doc) -> dict:
    """(entity, stage) -> [(n, pid, job id, intent_at)] of a state read as plain JSON (a local handle's job id
    is its pid: schema 1 wrote it, later ones leave it out)."""
    def one(a):
        h = a.get("handle") or {}
        return a["n"], h.get("pid"), h.get("job_id") or (str(h["pid"]) if "pid" in h else None), a["intent_at"]

    return {(e, s): [one(a) for a in stage.get("attempts", [])]
            for e, entity in doc["entities"].items() for s, stage in entity["stages"].items()}


def _records(state) -> dict:
    """(entity, stage) -> what each stage settled: its agent consults, degradations, checkpoint moves."""
    return {(e, s): [(k, r) for k in ("consults", "degradations", "checkpoint_moves") for r in getattr(stage, k)]
            for e, entity in state.entities.items() for s, stage in entity.stages.items()}


SLURM_RUNNING = ["v2-slurm-running.json", "v3-slurm-running.json"]
TICKED = [p for p in OLD if p.name not in SLURM_RUNNING]  # those need their cluster: see below
#: The first ticked state of each version goes through real ``python -m tianluo`` processes; the others
#: through the same ``main`` in a fork of this process (tests/forked_cli.py): what is tested is what a
#: tick makes of the state, and a new interpreter's start-up is most of a command's CPU.
REAL_TICKED = {next(p for p in TICKED if p.name.startswith(f"v{v}-")).name for v in range(1, SCHEMA_VERSION)}


def _slurm_options(raw: dict) -> dict:
    """A stored Slurm state's backend options as schema 3 and later hold them: ``{"kind": "slurm", ...}``
    (schema 2: the name ``"slurm"`` in ``backend`` and the options in ``slurm``)."""
    if raw["schema_version"] == 2:
        assert raw["plan"]["backend"] == "slurm"
        return {"kind": "slurm", **raw["plan"]["slurm"]}
    return raw["plan"]["backend"]


def _set_slurm_conf(raw: dict, conf: str) -> None:
    (raw["plan"]["slurm"] if raw["schema_version"] == 2 else raw["plan"]["backend"])["conf"] = conf


SHIFT = 900000  # beyond the job ids a test session's cluster hands out


def _shift_job_ids(raw: dict) -> None:
    """The stored Slurm jobs (ids 1 to 3 of the cluster that made the state) as ids this session's cluster
    never handed out: its own jobs 1 to 3 (another test's) must not be taken for them."""
    for entity in raw["entities"].values():
        for stage in entity["stages"].values():
            for attempt in stage.get("attempts", []):
                if "job_id" in attempt.get("handle", {}):
                    attempt["handle"]["job_id"] = str(SHIFT + int(attempt["handle"]["job_id"]))


@pytest.mark.parametrize("path", TICKED, ids=stem)
def test_an_old_run_is_ticked_by_this_tianluo(path, tmp_path):
    """A run folder of an older tianluo goes on under this one: a tick (real runners, real files) saves it
    in this schema with every attempt it knew; a finished one is left as it is and still reads."""
    work = tmp_path / "work"
    work.mkdir()
    run_dir = _install(tmp_path, path.name, workdir=work)
    before_bytes = (run_dir / "state.json").read_bytes()
    before = json.loads(before_bytes)
    tianluo = cli if path.name in REAL_TICKED else forked_cli.run
    proc = tianluo("tick", "--run", run_dir, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = (run_dir / "state.json").read_text()
    if before.get("phase") in {p.value for p in TERMINAL_PHASES}:
        assert text.encode() == before_bytes  # a finished run: the tick leaves it alone
    else:
        assert text.startswith(HEAD)
        state = parse_state(text)
        assert state.revision > before["revision"] and state.tick_count == before.get("tick_count", 0) + 1
        after = _attempts(json.loads(dump_state(state)))
        for key, old in _attempts(before).items():  # the attempts it knew are all still there, handles too
            assert after[key][:len(old)] == old, key
        kept = json.loads(text)
        assert state.pre_authorized_decisions == parse_state(before_bytes.decode()).pre_authorized_decisions
        told = [(n["key"], n["channel"]) for n in before.get("notices", [])]
        assert [(n["key"], n["channel"]) for n in kept.get("notices", [])][:len(told)] == told
        for old_n, new_n in zip(before.get("notices", []), kept.get("notices", []), strict=False):
            if old_n.get("next_try_at"):  # a send that failed is tried again, for real (nobody listens there)
                assert new_n["tries"] == old_n["tries"] + 1 and "Connection refused" in new_n["error"]
        old_state = parse_state(before_bytes.decode())
        for (e, s), old in _records(old_state).items():
            assert _records(state)[(e, s)][:len(old)] == old, (e, s)
        _kill_runners(state)
    for args in (["status", "--run", run_dir], ["status", "--run", run_dir, "--json"]):
        status = tianluo(*args, cwd=tmp_path)
        assert status.returncode == 0, (args, status.stderr)
    assert json.loads(status.stdout)["run_id"] == before["run_id"]


def _kill_runners(state) -> None:
    for entity in state.entities.values():
        for stage in entity.stages.values():
            for attempt in stage.attempts:
                if attempt.handle and attempt.handle.pid and attempt.submitted_at and attempt.ended_at is None:
                    try:
                        os.killpg(attempt.handle.pid, 9)
                    except OSError:
                        pass


@pytest.mark.parametrize("name", SLURM_RUNNING)
def test_a_slurm_run_of_an_older_schema_keeps_its_backend_options(tmp_path, name):
    """The Slurm state's options (accounting resolved at its start, timeout, the cluster's slurm.conf) are
    the plan's backend now: written back, opened as the backend a tick uses, and kept by a decision (a
    dry one: its job ids belong to the cluster that ran it, gone now)."""
    path = STATES / name
    raw = json.loads(path.read_text())
    slurm_options = _slurm_options(raw)
    assert set(slurm_options) == {"kind", "accounting", "timeout", "conf"}
    state = parse_state(path.read_text())
    options = state.plan.backend
    assert isinstance(options, SlurmOptions)
    assert options.model_dump() == slurm_options
    backend = open_backend(options, tmp_path)
    assert isinstance(backend, SlurmBackend) and backend.options == options
    assert json.loads(dump_state(state))["plan"]["backend"] == slurm_options
    # a decision on it (the two jobs seen running) keeps the backend, the job ids and every attempt
    now = state.last_tick_at + timedelta(seconds=30)
    jobs = {sid: seen(running()) for sid in ("lr-1e-3.train", "lr-3e-4.train")}
    decision = decide(state, observe(**jobs), now)
    assert decision.state.plan.backend == options and decision.state.tick_count == state.tick_count + 1
    assert not [a for a in decision.actions if type(a).__name__ in ("Submit", "Cancel")]
    handles = {(e, s): [a.handle.job_id for a in st.attempts] for e, ent in decision.state.entities.items()
               for s, st in ent.stages.items()}
    assert handles[("lr-1e-3", "train")] == ["1", "3"] and handles[("lr-3e-4", "train")] == ["2"]
    again = parse_state(dump_state(decision.state))
    assert again.plan.backend == options
    # and it reads in status, as plain JSON and through the models
    run_dir = _install(tmp_path, path.name)
    for args in (["status", "--run", run_dir], ["status", "--run", run_dir, "--json"]):
        proc = forked_cli.run(*args, cwd=tmp_path)
        assert proc.returncode == 0, (args, proc.stderr)
    assert json.loads(proc.stdout)["run_id"] == raw["run_id"]


@pytest.mark.integration
@pytest.mark.slurm
@pytest.mark.parametrize("name", SLURM_RUNNING)
def test_a_slurm_run_of_an_older_schema_is_ticked_against_a_real_slurm(slurm, tmp_path, name):
    """A real tick of the Slurm state: its jobs (ids of the cluster that ran them) are looked up by name with
    squeue and by id in jobcomp, judged, and the run saved in this schema with its backend options; only the
    cluster's slurm.conf is this test's (the one recorded is of the machine that made it), and the job ids
    are moved past those this session's cluster hands out (its jobs 1 to 3 belong to other tests)."""
    work = tmp_path / "work"
    work.mkdir()
    run_dir = _install(tmp_path, name, workdir=work)
    raw = json.loads((run_dir / "state.json").read_text())
    _set_slurm_conf(raw, str(slurm.conf))
    _shift_job_ids(raw)
    (run_dir / "state.json").write_text(json.dumps(raw))
    proc = cli("tick", "--run", run_dir, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = (run_dir / "state.json").read_text()
    assert text.startswith(HEAD)
    state = parse_state(text)
    assert state.plan.backend == SlurmOptions(accounting="jobcomp", timeout=20.0, conf=str(slurm.conf))
    assert json.loads(text)["plan"]["backend"] == _slurm_options(raw)
    assert state.tick_count == raw["tick_count"] + 1 and state.revision > raw["revision"]
    kept = {(e, s): [a.handle.job_id for a in st.attempts if a.handle] for e, ent in state.entities.items()
            for s, st in ent.stages.items()}
    assert kept[("lr-1e-3", "train")][:2] == [str(SHIFT + 1), str(SHIFT + 3)]
    assert kept[("lr-3e-4", "train")][:1] == [str(SHIFT + 2)]
    # its jobs were looked up on the cluster (squeue by the run's job names, jobcomp by id), judged, and the
    # retries launched there through the same options
    assert "lr-1e-3/train: attempt 2 failed" in proc.stdout and "lr-3e-4/train: attempt 1 failed" in proc.stdout, \
        proc.stdout
    assert "attempt 3 launched as job" in proc.stdout, proc.stdout
    before = {(e, s): len(st.get("attempts", [])) for e, ent in raw["entities"].items()
              for s, st in ent["stages"].items()}
    launched = [a.handle.job_id for e, ent in state.entities.items() for s, st in ent.stages.items()
                for a in st.attempts[before[(e, s)]:] if a.handle]
    assert launched
    subprocess.run(["scancel", *launched], capture_output=True, timeout=30, check=False)  # not left running


@pytest.mark.parametrize("name, backend", [("v2-demo-retrying.json", "pbs"),
                                           ("v3-demo-retrying.json", {"kind": "pbs"})])
def test_an_old_state_naming_an_unknown_backend_is_one_line_exit_2(tmp_path, name, backend):
    run_dir = _install(tmp_path, name)
    raw = json.loads((run_dir / "state.json").read_text())
    raw["plan"]["backend"] = backend
    (run_dir / "state.json").write_text(json.dumps(raw))
    before = (run_dir / "state.json").read_bytes()
    tianluo = cli if name.startswith("v2-") else forked_cli.run  # the first case a real process, the other forked
    proc = tianluo("tick", "--run", run_dir, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "pbs" in lines[0], proc.stderr
    assert (run_dir / "state.json").read_bytes() == before


@pytest.mark.parametrize("name", ["v1-oom-held.json", "v2-held-degraded.json", "v3-held-degraded.json"])
def test_a_state_newer_than_this_tianluo_is_one_line_exit_2(tmp_path, name):
    run_dir = _install(tmp_path, name)
    raw = json.loads((run_dir / "state.json").read_text())
    raw["schema_version"] = SCHEMA_VERSION + 1
    (run_dir / "state.json").write_text(json.dumps(raw))
    before = (run_dir / "state.json").read_bytes()
    # the statuses in a fork of this process (tests/forked_cli.py); the tick of the first case in a real process
    tick = cli if name == "v1-oom-held.json" else forked_cli.run
    for tianluo, args in ((forked_cli.run, ["status", "--run", run_dir]),
                          (forked_cli.run, ["status", "--run", run_dir, "--json"]), (tick, ["tick", "--run", run_dir])):
        proc = tianluo(*args, cwd=tmp_path)
        assert proc.returncode == 2, proc.stderr
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1, proc.stderr
        assert f"schema_version {SCHEMA_VERSION + 1} is newer than this tianluo understands" in lines[0]
        assert "upgrade tianluo" in lines[0] and "snapshot" not in lines[0]
    assert (run_dir / "state.json").read_bytes() == before


def test_nan_and_nul_written_by_hand_are_still_refused(tmp_path):
    """The one-pass path lets no NaN, infinite number or NUL through that the careful path refuses."""
    state = parse_state((STATES / "v1-oom-held.json").read_text())
    text = dump_state(state)
    assert '"interval": 600.0' in text
    for bad, reason in ((text.replace('"interval": 600.0', '"interval": NaN'), "NaN or infinite"),
                        (text.replace('"interval": 600.0', '"interval": 1e999'), "out of range"),
                        (text.replace('"name": "oom-sweep"', '"name": "oom\\u0000sweep"'), "NUL")):
        with pytest.raises(ValueError, match=reason):
            parse_state(bad)


# --- snapshots ---------------------------------------------------------------------------------


@pytest.fixture
def store(tmp_path):
    run_dir = _install(tmp_path, "v1-oom-degraded.json")
    return RunStore(run_dir)


def test_snapshots_are_gzipped_and_their_total_bytes_capped(store):
    state = store.load()
    store.save(state)
    one = store.snapshots()[0].stat().st_size
    assert gzip.decompress(store.snapshots()[0].read_bytes()) == store.state_path.read_bytes()
    assert one < store.state_path.stat().st_size / 3
    store.keep_snapshot_bytes = int(one * 4.5)
    store.keep_snapshots = 100
    for _ in range(12):
        state.phase_reason = f"{state.revision}" * 7  # every snapshot a little different
        store.save(state)
    sizes = [p.stat().st_size for p in store.snapshots()]
    assert 3 <= len(sizes) <= 5 and sum(sizes) <= store.keep_snapshot_bytes
    assert snapshot_revision(store.snapshots()[0]) == state.revision
    # the newest is kept even when it alone is over the cap
    store.keep_snapshot_bytes = 1
    store.save(state)
    assert [snapshot_revision(p) for p in store.snapshots()] == [state.revision]


def test_a_plain_snapshot_of_an_older_tianluo_is_still_named_in_the_hint(store):
    old = store.snapshot_dir / "state-00000003.json"
    store.snapshot_dir.mkdir(exist_ok=True)
    old.write_bytes((STATES / "v1-oom-degraded.json").read_bytes())
    store.state_path.write_text('{"schema_version": 2, "run_id": ')
    with pytest.raises(StateError) as info:
        store.load()
    assert f"newest good snapshot: {old}; to go back to it: cp {old} {store.state_path}" in str(info.value)


def _bomb(path: Path, size: int) -> None:
    """A gzip stream of ``size`` zero bytes, written without holding them."""
    pack = zlib.compressobj(1, zlib.DEFLATED, 31)
    chunk = bytes(1 << 20)
    with open(path, "wb") as out:
        for _ in range(size >> 20):
            out.write(pack.compress(chunk))
        out.write(pack.flush())


def test_a_gzip_bomb_in_snapshots_is_refused_without_eating_memory(store, tmp_path):
    state = store.load()
    store.save(state)
    good = store.snapshots()[0]
    bomb = store.snapshot_dir / "state-99999999.json.gz"
    _bomb(bomb, 512 << 20)  # 512 MiB of zeros, about 2 MB on disk
    assert bomb.stat().st_size < SNAPSHOT_CAP
    with pytest.raises(ValueError, match="decompresses to more than"):
        read_snapshot(bomb, cap=8 << 20)
    store.state_path.write_text("{")  # damaged: the hint looks through the snapshots, the bomb first
    # VmHWM, not ru_maxrss: Linux carries a forked parent's peak (pytest's, hundreds of MB late in
    # the suite) into ru_maxrss across exec; VmHWM is this process's own memory since its exec
    code = ("import re, sys\nfrom pathlib import Path\nfrom tianluo.shell.store import RunStore\n"
            "print(RunStore(Path(sys.argv[1])).newest_good_snapshot())\n"
            "print(re.search(r'VmHWM:\\s*(\\d+)', Path('/proc/self/status').read_text()).group(1))\n")
    proc = subprocess.run([sys.executable, "-c", code, str(store.run_dir)], env=clean_env(), capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    named, peak_kb = proc.stdout.split()
    assert named == str(good)
    # bounded by the cap (64 MiB), not by the bomb (512 MiB): the interpreter, the cap, and slack
    assert int(peak_kb) < 64 * 1024 + 2 * SNAPSHOT_CAP // 1024, f"peak RSS {peak_kb} KB reading a 512 MiB bomb"
    with pytest.raises(StateError, match=f"newest good snapshot: {good}; to go back to it: gzip -dc {good} > "):
        store.load()


def test_what_state_json_leaves_out_as_derived_is_filled_back_exactly():
    """Planned commands, attempts' job names, folders, commands and environments are left out of state.json
    only where they equal what is derived from the ids and the plan; read back, they are the same values."""
    for path in OLD:
        state = parse_state(path.read_text())
        v2 = json.loads(dump_state(state))
        again = parse_state(dump_state(state))
        for ename, entity in state.entities.items():
            planned_entity = state.plan.entities[ename]
            for sname, stage in entity.stages.items():
                planned, raw_planned = planned_entity.stages[sname], v2["plan"]["entities"][ename]["stages"][sname]
                assert again.plan.entities[ename].stages[sname].command == planned.command
                assert ("command" in raw_planned) == (planned.command != derived_command(
                    planned.run, plan_values(state.plan, ename)))
                for a, b, raw in zip(stage.attempts, again.entities[ename].stages[sname].attempts,
                                     v2["entities"][ename]["stages"][sname].get("attempts", []), strict=True):
                    assert (b.job_name, b.dir, b.command, b.env) == (a.job_name, a.dir, a.command, a.env)
                    assert "job_name" not in raw and "dir" not in raw
                    assert a.job_name == job_name(state.run_id, f"{ename}.{sname}", a.n)
                    assert a.dir == attempt_dir(f"{ename}.{sname}", a.n)
                    planned_env = param_env(command_values_of_plan(state, ename))
                    assert ("command" in raw) == (a.command != planned.command or a.env != planned_env)
                    assert ("env" in raw) == ("command" in raw)
    degraded = json.loads(dump_state(parse_state((STATES / "v1-oom-degraded.json").read_text())))
    kept = [a for e in degraded["entities"].values() for s in e["stages"].values() for a in s.get("attempts", [])
            if "command" in a]
    assert len(kept) == 2 and all("env" in a for a in kept)  # the two attempts after a degrade ran another command


def command_values_of_plan(state, ename):
    return {"entity": ename, **state.plan.fork_values, **state.plan.entities[ename].params}


def test_a_command_with_a_value_that_is_not_plain_text_is_kept_whole():
    """A value the shell must not read as code is referenced from the environment ("${TIANLUO_PARAM_x}"):
    that planned command is not the template with the value pasted in, so state.json keeps it."""
    state = parse_state((STATES / "v1-oom-held.json").read_text())
    ename, entity = next(iter(state.plan.entities.items()))
    sname, planned = next(iter(entity.stages.items()))
    planned.run = "echo {note}"
    entity.params["note"] = "a b; rm -rf /"
    planned.command = render(planned.run, plan_values(state.plan, ename), shell=True)
    assert "${TIANLUO_PARAM_note}" in planned.command
    text = dump_state(state)
    assert json.loads(text)["plan"]["entities"][ename]["stages"][sname]["command"] == planned.command
    assert parse_state(text).plan.entities[ename].stages[sname].command == planned.command


def test_a_succeeded_stage_keeps_its_verdict_and_leaves_its_layers_to_the_event_log():
    state = parse_state((STATES / "v1-demo-complete.json").read_text())
    raw = json.loads(dump_state(state))
    done = [(e, s) for e, ent in state.entities.items() for s, st in ent.stages.items()
            if st.status == StageStatus.SUCCEEDED and st.diagnosis is not None]
    assert done
    for ename, sname in done:
        assert set(raw["entities"][ename]["stages"][sname]["diagnosis"]) == {"at", "attempt", "verdict"}
        assert parse_state(json.dumps(raw)).entities[ename].stages[sname].diagnosis.verdict == \
            state.entities[ename].stages[sname].diagnosis.verdict


def test_a_left_out_attempt_folder_of_a_planted_name_is_refused(tmp_path):
    """The folder filled in for a left-out 'dir' stays below attempts/, as a written one must."""
    raw = json.loads(dump_state(parse_state((STATES / "v1-oom-held.json").read_text())))
    ename = next(iter(raw["entities"]))
    for doc in (raw["entities"], raw["plan"]["entities"]):
        doc[".."] = doc.pop(ename)
    with pytest.raises(ValueError, match="attempt folder"):
        parse_state(json.dumps(raw))


def test_a_fan_ins_decisions_leave_their_type_and_question_to_the_key():
    """The fan-in of a sweep asks one question per entity (tianluo.planning.forks wrote these): state.json keeps their
    keys and answers; the type and question read back as forks wrote them."""
    state = parse_state((STATES / "v1-sweep-stopped.json").read_text())
    cross = [d for d in state.pre_authorized_decisions if d.type == "cross"]
    assert len(cross) == 3
    raw = json.loads(dump_state(state))["pre_authorized_decisions"]
    assert all("question" not in d and "type" not in d for d in raw)
    assert parse_state(dump_state(state)).pre_authorized_decisions == state.pre_authorized_decisions
    raw[0]["key"] = "risk:lr00000.train:oom"  # no question follows from this key
    with pytest.raises(ValueError, match="no question"):
        parse_state(json.dumps({**json.loads(dump_state(state)), "pre_authorized_decisions": raw}))


def test_a_local_handle_leaves_out_its_job_id_a_slurm_one_keeps_it():
    state = parse_state((STATES / "v1-demo-complete.json").read_text())
    attempts = [a for e in state.entities.values() for s in e.stages.values() for a in s.attempts if a.handle]
    assert attempts and all(a.handle.job_id == str(a.handle.pid) for a in attempts)
    attempts[0].handle = Handle(job_id="4711")  # a Slurm job: no pid
    raw = json.loads(dump_state(state))
    handles = [a["handle"] for e in raw["entities"].values() for s in e["stages"].values()
               for a in s.get("attempts", []) if "handle" in a]
    assert sorted("job_id" in h for h in handles) == [False] * (len(handles) - 1) + [True]
    again = parse_state(json.dumps(raw))
    assert [a.handle for e in again.entities.values() for s in e.stages.values() for a in s.attempts if a.handle] \
        == [a.handle for a in attempts]
    with pytest.raises(ValueError, match="job_id"):
        Handle()
