"""Start-up cost: commands that only look at a run import no model, and say what the validated path says.

``status``, ``status --json``, a tick of a finished run, ``--version`` and ``--help`` are run
as real processes; each reports the modules it imported (counted, never timed). The plain
reading of state.json (``tianluo.shell.peek``) gives ``status --json`` byte for byte the document
of the validated state, on real states of the demo at every tick and of stored runs, in the
schema-1 form (every field) and the current one (defaults left out); where it doubts, the
validated path answers (the same document, or the one-line error of a damaged state).
"""

import fcntl
import json
import os
import shutil
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import forked_cli
import pytest
from conftest import (
    cli,
    read_events,
    read_state,
    write_spec,
)
from import_trace import slow, traced

from tianluo.models import migrate
from tianluo.models.model import (
    ATTEMPT_DIR,
    SCHEMA_VERSION,
    Attempt,
    Check,
    CheckpointMove,
    Degradation,
    Diagnosis,
    EntityState,
    Fault,
    GateState,
    Handle,
    ProgressReading,
    RunState,
    StageState,
    TriggerRecord,
    Wait,
    dump_state,
)
from tianluo.models.plan_model import Plan, PlannedEntity, PlannedStage, PreAuthorizedDecision
from tianluo.models.states import FaultClass, Phase, StageStatus
from tianluo.planning import spec_parts
from tianluo.planning.spec import SuccessGate
from tianluo.shell import idle_tick, lockholder, peek, store, tick
from tianluo.shell.store import RunStore, parse_state
from tianluo.views import status

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parent.parent
#: Not needed to learn that a run is complete, or to show it.
HEAVY = ("pydantic", "pydantic_core", "apscheduler", "crontab", "psutil", "yaml", "tianluo.planning.spec",
         "tianluo.planning.spec_parts", "tianluo.models.model", "tianluo.shell.store", "tianluo.shell.tick",
         "tianluo.shell.observe", "tianluo.core.decide", "tianluo.backends", "tianluo.backends.slurm")

QUICK = """\
name: quick
entities:
  a:
    stages:
      train: {run: "true"}
success_gate:
  all_done: true
"""


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m in HEAVY or m.startswith(("pydantic.", "tianluo.backends.")))


def tick_until_complete(run_dir: Path, cwd: Path, timeout: float = 60.0) -> list[str]:
    """Tick through the CLI (in forks of this process, tests/forked_cli.py) until the run is complete; the
    state.json text after every tick."""
    texts, deadline = [], time.monotonic() + timeout
    while True:
        forked_cli.run("tick", "--run", run_dir, cwd=cwd, check=True)
        texts.append((run_dir / "state.json").read_text())
        if read_state(run_dir)["phase"] == "complete":
            return texts
        assert time.monotonic() < deadline, read_state(run_dir)["phase"]
        time.sleep(0.2)


@pytest.fixture(scope="module")
def complete(tmp_path_factory) -> Path:
    """A finished run (one stage, `true`), its trigger none; a template to copy."""
    root = tmp_path_factory.mktemp("complete")
    run_dir = forked_cli.start_run(write_spec(root / "proj", QUICK), root / "proj" / ".tianluo", root)
    tick_until_complete(run_dir, root)
    return run_dir


@pytest.fixture
def finished(complete, tmp_path) -> Path:
    """A fresh copy of the finished run, in its own home."""
    (tmp_path / "home").mkdir(mode=0o700)
    run_dir = tmp_path / "home" / complete.name
    shutil.copytree(complete, run_dir, symlinks=True)
    return run_dir


@pytest.fixture(scope="module")
def demo_states(tmp_path_factory) -> list[str]:
    """state.json of the demo pipeline after every tick (running, retry_wait after the connection reset,
    complete), run for real through the CLI (in forks of this process, tests/forked_cli.py)."""
    from tianluo.views.demo import copy_example

    root = tmp_path_factory.mktemp("demo")
    pipeline = copy_example("demo", root)
    run_dir = forked_cli.start_run(pipeline / "tianluo.yaml", root / ".tianluo", root)
    return [(run_dir / "state.json").read_text()] + tick_until_complete(run_dir, root, timeout=90)


def enriched(text: str) -> str:
    """A real state with the records status dumps whole: a wait, a degradation, a moved checkpoint, a
    fault with evidence, a held entity, gate checks, a trigger; written by the model (dump_state)."""
    state = parse_state(text)
    sid = state.stage_ids()[0]
    st = state.stage(sid)
    at = state.created_at + timedelta(seconds=90, microseconds=250)
    st.status = StageStatus.RETRY_WAIT
    st.fault = Fault(klass=FaultClass.CONFIG, label="disk_full", evidence="No space left on device")
    st.wait = Wait(label="disk_full", paths=["/data"], since=at, threshold="1 GiB free",
                   facts=["/data: 0 B free of 16 MiB (FULL)"])
    st.degradations = [Degradation(attempt=1, action="halve_batch", changes=["batch_size 32 -> 16"], at=at)]
    st.checkpoint_moves = [CheckpointMove(attempt=1, path="out/ckpt-2.pt", size=10, mtime_ns=123,
                                          resume_from="out/ckpt-1.pt", at=at, aside="out/ckpt-2.pt.tianluo-aside-1",
                                          outcome="moved", done_at=at),
                           CheckpointMove(attempt=2, path="out/ckpt-3.pt", size=1, mtime_ns=5, resume_from="", at=at)]
    st.budget_used = {FaultClass.TRANSIENT: 1, FaultClass.CONFIG: 2}
    st.exclude_hosts = ["node7"]
    st.next_attempt_at = at
    st.reason = "waiting for free space"
    st.variant = "small"
    st.free_retries = 1
    st.progress = ProgressReading(done=3, total=12, seen_at=at)
    state.gate = GateState(met=False, checks=[Check(kind="exists", target="out/x", ok=False, detail="missing"),
                                              Check(kind="all_done", target="every stage", ok=True)])
    state.trigger = TriggerRecord(kind="none", every=600, installed_at=at)
    state.phase_reason = "a reason, with ünïcödé"
    state.scheduler_unreachable_since = at
    state.pre_authorized_decisions = [PreAuthorizedDecision(qid="Q1", key="k", type="t", question="q?", answer="go",
                                                            by="default", at="2026-01-01T00:00:00Z")]
    return dump_state(state)


def forms(text: str) -> list[str]:
    """The state as this tianluo writes it (defaults left out) and in schema 1 (every field written)."""
    state = parse_state(text)
    full = state.model_dump(by_alias=True, mode="json")
    full["schema_version"] = 1
    return [dump_state(state), json.dumps(full, indent=2, ensure_ascii=False) + "\n"]


def both(text: str, run_dir: Path) -> tuple[str, str]:
    """``status --json`` of the validated state, and of the plain JSON (at the same moment: status
    derives clocks from it)."""
    now = datetime.now(UTC)
    validated = status.build_status(parse_state(text), run_dir, now)
    plain = status.build_status_plain(peek.fill_held(json.loads(text)), run_dir, now)  # as peek.read_state reads
    return json.dumps(validated, indent=2), json.dumps(plain, indent=2)


# --- what each command imports -----------------------------------------------------------------


@pytest.mark.parametrize("args", [["status"], ["status", "--json"], ["tick"], ["tick", "--quiet"]])
def test_commands_that_only_look_at_a_finished_run_import_no_model(finished, tmp_path, args):
    proc, modules = traced(*args, "--run", finished, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert heavy(modules) == [] and slow(modules) == []
    assert "tianluo.shell.peek" in modules  # the plain reading, not a run that never looked
    if args[0] == "tick":
        assert proc.stdout == ("" if "--quiet" in args else f"run {finished.name} is complete; nothing to do\n")
    else:
        assert finished.name in proc.stdout


@pytest.mark.parametrize("args", [["--version"], ["--help"], ["status", "--help"]])
def test_version_and_help_import_nothing_heavy(tmp_path, args):
    proc, modules = traced(*args, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout, proc.stderr
    assert heavy(modules) == [] and "tianluo.shell.peek" not in modules and "tianluo.views.status" not in modules
    if args == ["--version"]:
        assert slow(modules) == []


def test_status_found_through_the_home_imports_no_model(finished, tmp_path):
    proc, modules = traced("status", "--json", "--home", finished.parent, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["run_id"] == finished.name and heavy(modules) == []


# --- the same document ------------------------------------------------------------------------------


def as_running(texts: list[str]) -> list[str]:
    """A real state with a stage running: a tick on a busy machine can miss the moment (the demo's
    jobs are short: submitted one tick, over the next), so the status is set where an attempt is open."""
    for text in texts:
        state = parse_state(text)
        for sid in state.stage_ids():
            st = state.stage(sid)
            if st.attempts and st.attempts[-1].ended_at is None:
                st.status = StageStatus.RUNNING
                return [dump_state(state)]
    return []


def test_status_json_of_the_plain_reading_is_byte_identical_on_every_demo_state(demo_states, tmp_path):
    statuses = set()
    for text in demo_states + as_running(demo_states):
        for form in forms(text) + forms(enriched(text)):
            validated, plain = both(form, tmp_path)
            assert plain == validated
            statuses.update(st["status"] for e in json.loads(plain)["entities"].values()
                            for st in e["stages"].values())
    assert {"pending", "running", "retry_wait", "succeeded"} <= statuses  # the demo's moments were all seen


def test_status_json_of_the_plain_reading_is_byte_identical_on_stored_states(tmp_path):
    stored = [p for p in sorted((ROOT / "tests" / "states").glob("v*.json"))
              if "schema_version" in json.loads(p.read_text())]  # not v2-defaults.json, a table of defaults
    if not stored:
        pytest.skip("no stored states in tests/states")
    declined = []
    for path in stored:
        text = json.dumps(migrate.upgrade(json.loads(path.read_text())))  # as the store reads an old one
        for form in [path.read_text()] + forms(text) + forms(enriched(text)):
            try:
                validated, plain = both(form, tmp_path)
            except peek.Doubt as doubt:  # the plain reading declines (status then takes the validated path)
                declined.append((path.name, str(doubt)))
                continue
            assert plain == validated, path.name
    # only what the plain reading leaves to the models by design: a stage's agent consults
    assert {why for _, why in declined} <= {"consults"}, declined
    assert len({name for name, _ in declined}) < len(stored) / 2, declined


def test_status_json_from_the_cli_equals_the_validated_document(demo_states, finished, tmp_path):
    for text in [demo_states[len(demo_states) // 2], enriched(demo_states[-1])]:
        (finished / "state.json").write_text(text)
        proc, modules = traced("status", "--json", "--run", finished, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        assert heavy(modules) == []
        as_of = datetime.fromisoformat(json.loads(proc.stdout)["as_of"])  # the CLI's moment
        assert proc.stdout == json.dumps(status.build_status(RunStore(finished).load(), finished, as_of),
                                         indent=2) + "\n"
        text_proc = cli("status", "--run", finished, cwd=tmp_path, check=True)
        assert "disk_full" in text_proc.stdout or "ENTITY" in text_proc.stdout


def _edit(run_dir: Path, change) -> None:
    doc = json.loads((run_dir / "state.json").read_text())
    change(doc)
    (run_dir / "state.json").write_text(json.dumps(doc))


def _train(doc: dict) -> dict:
    return doc["entities"]["a"]["stages"]["train"]


DOUBTS = {  # valid for the model, but not in the form tianluo writes: the validated path shows them
    "created-at-with-offset": lambda d: d.update(created_at=d["created_at"].replace("Z", "+00:00")),
    "created-at-with-space": lambda d: d.update(created_at=d["created_at"].replace("T", " ")),
    "progress-done-an-int": lambda d: _train(d).update(progress={"done": 3, "seen_at": d["created_at"]}),
    "gate-deadline-an-int": lambda d: d["plan"]["success_gate"].update(deadline=3600),
    "tick-count-a-float": lambda d: d.update(tick_count=2.0),
    "schema-1": lambda d: d.update(schema_version=1),
}


@pytest.mark.parametrize("case", list(DOUBTS))
def test_a_state_in_an_unusual_form_gets_the_validated_document(finished, tmp_path, case):
    _edit(finished, DOUBTS[case])
    proc = forked_cli.run("status", "--json", "--run", finished, cwd=tmp_path, check=True)  # the decision: a fork
    as_of = datetime.fromisoformat(json.loads(proc.stdout)["as_of"])  # the CLI's moment: status derives clocks
    assert proc.stdout == json.dumps(status.build_status(RunStore(finished).load(), finished, as_of),
                                     indent=2) + "\n"


DAMAGE = {  # the validated path refuses these: so does status, with its one line and exit 2
    "unknown-stage-key": (lambda d: _train(d).update(bogus=1), "invalid at"),
    "unknown-top-key": (lambda d: d.update(bogus=1), "invalid at"),
    "status-unknown": (lambda d: _train(d).update(status="dancing"), "invalid at"),
    "attempt-n-zero": (lambda d: _train(d)["attempts"][0].update(n=0), "invalid at"),
    "attempt-dir-escapes": (lambda d: _train(d)["attempts"][0].update(dir="../../etc"), "invalid at"),
    "port-out-of-range": (lambda d: _train(d)["attempts"][0].update(port=70000), "port"),
    "hold-a-string": (lambda d: d["entities"]["a"].update(hold="x"), "invalid at"),
    "param-a-list": (lambda d: d["entities"]["a"].update(params={"lr": [1]}), "invalid at"),
    "newer-schema": (lambda d: d.update(schema_version=SCHEMA_VERSION + 1), "newer than this tianluo"),
    "run-id-a-path": (lambda d: d.update(run_id="../x"), "invalid at run_id"),
    "needs-a-string": (lambda d: d["plan"]["entities"]["a"]["stages"]["train"].update(needs="b"), "invalid at"),
}


@pytest.mark.parametrize("case", list(DAMAGE))
def test_a_damaged_state_is_the_validated_paths_one_line_error(finished, tmp_path, case):
    change, says = DAMAGE[case]
    _edit(finished, change)
    commands = (["status"], ["status", "--json"], ["tick"])
    real = commands[list(DAMAGE).index(case) % len(commands)]  # each command a real process for some damages
    for args in commands:
        proc = (cli if args == real else forked_cli.run)(*args, "--run", finished, cwd=tmp_path)
        assert proc.returncode == 2 and says in proc.stderr and proc.stderr.count("\n") == 1, (args, proc.stderr)
        assert "state.json" in proc.stderr and proc.stdout == ""


# --- a tick of a finished run does what the full tick would ---------------------------------------------


def test_a_finished_run_with_events_left_in_its_outbox_gets_the_full_tick(finished, tmp_path):
    events = (finished / "events.jsonl").read_text().splitlines(keepends=True)
    outbox = read_state(finished)["outbox"]
    assert outbox, "the last save of a finished run carries its events"
    (finished / "events.jsonl").write_text("".join(events[:-len(outbox)]))  # a kill before they were appended
    proc, modules = traced("tick", "--run", finished, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "tianluo.shell.tick" in modules
    assert [e["seq"] for e in read_events(finished)][-len(outbox):] == [e["seq"] for e in outbox]
    proc, modules = traced("tick", "--run", finished, cwd=tmp_path)  # now there is nothing to do
    assert proc.stdout == f"run {finished.name} is complete; nothing to do\n" and heavy(modules) == []


def test_a_finished_run_whose_trigger_is_still_installed_gets_the_full_tick(finished, tmp_path):
    _edit(finished, lambda d: d.update(trigger={"kind": "none", "every": 600.0, "installed_at": d["created_at"]}))
    proc, modules = traced("tick", "--run", finished, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "tianluo.shell.tick" in modules
    assert read_state(finished)["trigger"]["removed_at"]
    assert read_events(finished)[-1]["event"] == "trigger_removed"
    _, modules = traced("tick", "--run", finished, cwd=tmp_path)
    assert heavy(modules) == []


@pytest.mark.parametrize("marker", [peek.AGAIN, peek.STALLED_MARK])
def test_a_finished_run_with_a_marker_gets_the_full_tick(finished, tmp_path, marker):
    (finished / marker).write_text("{}")
    proc, modules = traced("tick", "--run", finished, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "tianluo.shell.tick" in modules and not (finished / marker).exists()


def test_a_tick_finding_the_lock_taken_says_so_as_the_full_tick_does(finished, tmp_path):
    fd = os.open(finished / ".lock", os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        proc = cli("tick", "--run", finished, cwd=tmp_path)
    finally:
        os.close(fd)
    assert proc.returncode == 0 and "another tick holds the lock" in proc.stdout, proc.stdout + proc.stderr


def test_the_idle_tick_takes_the_lock_and_leaves_it_empty(finished, tmp_path):
    before = read_state(finished)
    assert idle_tick.idle_tick(finished) == f"run {finished.name} is complete; nothing to do"
    assert (finished / ".lock").read_bytes() == b"" and read_state(finished) == before
    with RunStore(finished).lock():
        assert idle_tick.idle_tick(finished) is None  # taken: the full tick says by whom


# --- what the plain reading copies from the models and the store -----------------------------------------

MODELS = {"RunState": RunState, "Plan": Plan, "PlannedEntity": PlannedEntity, "PlannedStage": PlannedStage,
          "EntityState": EntityState, "StageState": StageState, "Attempt": Attempt, "Handle": Handle,
          "ProgressReading": ProgressReading, "Diagnosis": Diagnosis, "GateState": GateState,
          "TriggerRecord": TriggerRecord, "SuccessGate": SuccessGate}
TABLES = [(peek.FAULT, Fault), (peek.WAIT, Wait), (peek.DEGRADATION, Degradation),
          (peek.CHECKPOINT_MOVE, CheckpointMove), (peek.CHECK, Check), (peek.DECISION, PreAuthorizedDecision)]


def _names(model) -> list[str]:
    return [f.alias or name for name, f in model.model_fields.items()]


def _default(model, name: str):
    f = next(f for key, f in model.model_fields.items() if (f.alias or key) == name)
    return peek.REQUIRED if f.is_required() else f.get_default(call_default_factory=True)


def test_every_default_the_plain_reading_uses_is_the_models():
    for name, defaults in peek.DEFAULTS.items():
        for key, default in defaults.items():
            model_default = _default(MODELS[name], key)
            if isinstance(model_default, GateState):
                # the gate read from {} (left out in schema 2) is the model's default gate
                keys = ("met", "met_at", "checks", "checkpoint_reached_at")
                assert {k: peek.get({}, "GateState", k, lambda v: v) for k in keys} == model_default.model_dump()
                assert default == {}
            else:
                assert default == model_default, (name, key)


def test_the_keys_and_field_tables_are_the_models():
    for name, keys in peek.KEYS.items():
        assert keys == set(_names(MODELS[name])), name
    for table, model in TABLES:
        assert [n for n, _, _ in table] == _names(model), model.__name__  # dumped in the model's order
        for n, _, default in table:
            assert default == _default(model, n) or default is _default(model, n), (model.__name__, n)


def test_the_constants_are_the_stores_and_the_models():
    assert peek.LAYOUT == store.LAYOUT and peek.STATE_CAP == store.STATE_CAP
    assert (peek.STATE, peek.EVENTS, peek.SNAPSHOTS, peek.LOCK) == (store.STATE, store.EVENTS, store.SNAPSHOTS,
                                                                  store.LOCK)
    assert (peek.TAIL_CHUNK, peek.TAIL_CAP, peek.MAX_ATTEMPTS) == (store.TAIL_CHUNK, store.TAIL_CAP,
                                                                   store.MAX_ATTEMPTS)
    assert peek.AGAIN == tick.AGAIN and peek.STALLED_MARK == lockholder.STALLED_MARK
    assert peek.ATTEMPT_DIR == ATTEMPT_DIR
    assert (peek.MAX_INT, peek.MAX_TEXT) == (spec_parts.MAX_INT, spec_parts.MAX_TEXT)
    assert peek.SCHEMA_VERSIONS == tuple(range(migrate.OLDEST, SCHEMA_VERSION + 1))
    assert set(peek.PHASES) == {p.value for p in Phase} and set(peek.STATUSES) == {s.value for s in StageStatus}


def test_last_seq_and_the_lock_holder_are_the_stores(finished):
    s = RunStore(finished)
    assert peek.last_seq(finished) == s.last_seq() > 0
    assert peek.lock_holder(finished) is None and s.lock_holder() is None
    with s.lock(what="hold", budget=30.0):
        assert peek.lock_holder(finished) == s.lock_holder() is not None


# --- the plain reading never shows what the validated path refuses ------------------------------------

#: Values put in place of each field the plain reading checks, one at a time.
SWAPS = (None, True, 0, -1, 1.5, "x", "2026-01-01T00:00:00+00:00", [], {}, 70000)
#: Where the plain reading checks nothing (status shows none of it): the next full tick reports damage
#: there. Every other field of a state is mutated below.
UNREAD = ("plan.", "entities.*.hold.", "entities.*.stages.*.hold.", "entities.*.stages.*.diagnosis.",
          "entities.*.stages.*.attempts.*.", "trigger.", "outbox.")
READ_IN_UNREAD = ("plan.name", "plan.success_gate.mode", "plan.success_gate.deadline", "plan.entities.*.stages.*.needs",
                  "entities.*.stages.*.diagnosis.verdict", "entities.*.stages.*.diagnosis.at",
                  "entities.*.stages.*.attempts.*.n", "entities.*.stages.*.attempts.*.dir",
                  "entities.*.stages.*.attempts.*.job_name", "entities.*.stages.*.attempts.*.port",
                  "entities.*.stages.*.attempts.*.handle", "entities.*.stages.*.attempts.*.started_at",
                  "entities.*.stages.*.attempts.*.ended_at", "entities.*.stages.*.attempts.*.exit_code",
                  "entities.*.stages.*.attempts.*.intent_at",
                  # goodput's
                  "entities.*.stages.*.attempts.*.outcome", "entities.*.stages.*.attempts.*.fault.class",
                  "entities.*.stages.*.attempts.*.fault.label", "entities.*.stages.*.attempts.*.cancel.reason",
                  "entities.*.stages.*.attempts.*.judged_at", "entities.*.stages.*.attempts.*.gpus",
                  "entities.*.stages.*.attempts.*.progress.done", "entities.*.stages.*.attempts.*.progress.seen_at",
                  "entities.*.stages.*.attempts.*.progress.first_done",
                  "entities.*.stages.*.attempts.*.progress.first_at",
                  "entities.*.stages.*.attempts.*.output_grew_at", "entities.*.stages.*.attempts.*.log_moved_at",
                  "entities.*.stages.*.attempts.*.submitted_at", "entities.*.hold.at", "entities.*.stages.*.hold.at")


def _leaves(doc, path=()):
    if isinstance(doc, dict) and doc:
        for k, v in doc.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(doc, list) and doc:
        for i, v in enumerate(doc):
            yield from _leaves(v, (*path, i))
    yield path


def _pattern(path: tuple) -> str:
    """``entities.a.stages.train.attempts.0.port`` as ``entities.*.stages.*.attempts.*.port``."""
    out = []
    for i, part in enumerate(path):
        parent = path[i - 1] if i else None
        out.append("*" if parent in ("entities", "stages", "attempts") and isinstance(path[0], str)
                   and path[0] in ("entities", "plan") else str(part))
    return ".".join(out)


def _read_by_status(path: tuple) -> bool:
    where = _pattern(path)
    if any(where.startswith(r) for r in READ_IN_UNREAD):
        return True
    return not any(where.startswith(u) or where + "." == u for u in UNREAD)


def _set(doc, path, value):
    for part in path[:-1]:
        doc = doc[part]
    doc[path[-1]] = value


def test_every_field_status_reads_is_refused_or_shown_as_the_validated_path_shows_it(demo_states, tmp_path):
    from tianluo.shell import peek

    base = json.loads(enriched(demo_states[len(demo_states) // 2]))
    paths = [p for p in _leaves(base) if p and _read_by_status(p)]
    assert len(paths) > 80
    checked = 0
    for path in paths:
        for value in SWAPS:
            doc = json.loads(json.dumps(base))
            _set(doc, path, value)
            text = json.dumps(doc)
            now = datetime.now(UTC)
            try:
                validated = json.dumps(status.build_status(parse_state(text), tmp_path, now), indent=2)
            except ValueError:
                validated = None
            try:
                plain = json.dumps(status.build_status_plain(json.loads(text), tmp_path, now), indent=2)
            except peek.Doubt:
                continue  # the validated path answers
            assert plain == validated, (".".join(map(str, path)), value)
            checked += 1
    assert checked > len(paths)  # most swaps the plain reading shows (or doubts) were compared
