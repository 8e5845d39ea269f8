"""The one event type (tianluo.core.events): every kind tianluo emits is a Kind, documented, and what a
real run writes to events.jsonl validates against it."""

import ast
import json
import re
from pathlib import Path

import pytest

from tests.conftest import read_events, write_spec
from tests.forked_cli import run, start_run, status_json, tick_until
from tianluo.core.events import COMMON, FIELDS, Kind, event, validate
from tianluo.core.stage_machine import MOVES, Events

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tianluo"
KINDS = {k.value for k in Kind}


def _sources():
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path.relative_to(ROOT), ast.parse(path.read_text(), str(path))


def _literal(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


# --- (a) every module builds its events through tianluo.core.events ---------------------------------


def test_no_module_builds_an_event_dict_by_hand():
    """A dict literal whose "event" key is a kind (a string, an f-string) or that spreads another dict
    into an event is an event built by hand: outside events.py there is none."""
    found = []
    for rel, tree in _sources():
        if rel.name == "events.py":
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.Dict):
                continue
            keys = [_literal(k) if k is not None else None for k in node.keys]
            if "event" not in keys:
                continue
            value = node.values[keys.index("event")]
            if isinstance(value, ast.JoinedStr) or _literal(value) is not None or None in keys:
                found.append(f"{rel}:{node.lineno}: {ast.unparse(node)[:100]}")
    assert not found, "events built by hand (use tianluo.core.events.event):\n" + "\n".join(found)


def _kind_strings():
    """Every string given as a kind: ``event=`` (move, hold), ``ctx.event(...)``, ``log.add(...)``,
    ``Kind(...)`` and ``event(...)``/``new_event(...)``."""
    for rel, tree in _sources():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
            owner = ast.unparse(f.value) if isinstance(f, ast.Attribute) else ""
            for kw in node.keywords:
                if kw.arg == "event" and name in ("move", "hold") and _literal(kw.value) is not None:
                    yield rel, node.lineno, _literal(kw.value)
            first = node.args[0] if node.args else None
            if first is None:
                continue
            if (name == "event" and owner == "ctx") or (name == "add" and owner.endswith("log")) \
                    or name in ("new_event", "Kind"):
                if _literal(first) is not None:
                    yield rel, node.lineno, _literal(first)
                elif isinstance(first, ast.JoinedStr):  # Kind(f"queue_{verb}"): each verb's kind exists
                    yield rel, node.lineno, ast.unparse(first)


def test_every_kind_given_in_the_code_is_a_kind():
    seen = list(_kind_strings())
    assert len(seen) > 40, seen  # the scan finds the call sites (ctx.event, move(event=...), log.add)
    unknown = [f"{rel}:{line}: {kind}" for rel, line, kind in seen
               if kind not in KINDS and not kind.startswith("f'queue_")]
    assert not unknown, "kinds not in tianluo.core.events.Kind:\n" + "\n".join(unknown)
    assert {"queue_hold", "queue_release"} <= KINDS  # Kind(f"queue_{verb}") in commands._queue_hands


# --- (d) the stage machine's moves ------------------------------------------------------------


def test_every_event_of_the_stage_machine_is_a_kind():
    kinds = {e for row in MOVES.values() for allowed in row.values() for e in allowed if e is not None}
    assert kinds and kinds <= KINDS, kinds - KINDS
    assert all(k in FIELDS for k in Kind)  # and every kind has its row of fields


# --- the type itself ----------------------------------------------------------------------------


def test_event_keeps_the_shape_of_events_jsonl():
    ev = event(Kind.SUBMITTED, "2026-01-01T00:00:00Z", "attempt 1 launched", entity="a", stage="work",
               attempt=1, pid=42, job_id=None, job_name="j")
    assert list(ev) == ["ts", "event", "entity", "stage", "message", "attempt", "pid", "job_id", "job_name"]
    assert ev["event"] == "submitted" and type(ev["event"]) is str and ev["job_id"] is None
    assert json.dumps(ev).startswith('{"ts": "2026-01-01T00:00:00Z", "event": "submitted", "entity": "a"')
    assert validate(json.loads(json.dumps(ev))) is None
    # a field named like the kind parameter is a field ("kind": the notice's or the trigger's)
    assert event(Kind.TRIGGER_INSTALLED, "t", "m", kind="cron")["kind"] == "cron"
    # the stage machine's collector builds through it: None fields are left out, the sid split
    log = Events(__import__("datetime").datetime(2026, 1, 1, tzinfo=__import__("datetime").timezone.utc))
    got = log.add("retry_scheduled", "a.b.work", "m", attempt=2, wait_s=1.0, advice=None)
    assert got == {"ts": "2026-01-01T00:00:00Z", "event": "retry_scheduled", "entity": "a.b", "stage": "work",
                   "message": "m", "attempt": 2, "wait_s": 1.0}


def test_a_field_not_in_the_kinds_row_is_a_bug():
    with pytest.raises(ValueError, match="no field"):
        event(Kind.RUN_STOPPED, "t", "m", outcome="stopped")
    with pytest.raises(ValueError):
        event("no_such_kind", "t", "m")
    with pytest.raises(ValueError, match="no field"):
        Events(__import__("datetime").datetime(2026, 1, 1)).add("held", "a.work", "m", typo=1)


@pytest.mark.parametrize("doc, says", [
    ({"ts": "t", "event": "nope", "message": "m"}, "unknown event kind"),
    ({"ts": "t", "event": "held", "message": "m", "pid": 1}, "unknown field"),
    ({"ts": 1, "event": "held", "message": "m"}, "ts is int"),
    ({"ts": "t", "event": "held", "message": "m", "seq": "1"}, "seq is str"),
    ({"ts": "t", "event": "held", "message": "m", "attempt": True}, "attempt is bool"),
    ({"ts": "t", "event": "held"}, "missing"),
    (["held"], "JSON object"),
])
def test_validate_refuses_what_tianluo_does_not_write(doc, says):
    assert says in (validate(doc) or "")


# --- (b) every kind is documented ---------------------------------------------------------------


def test_every_kind_is_documented_in_the_events_table():
    text = (ROOT / "reference" / "run-folder.md").read_text()
    section = text.split("\n## events.jsonl", 1)[1].split("\n## ", 1)[0]
    documented = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            documented |= set(re.findall(r"`(\w+)`", line.split("|")[1]))
    missing = sorted(KINDS - documented)
    assert not missing, f"kinds missing from reference/run-folder.md's events table: {missing}"
    assert not documented - KINDS, f"documented kinds tianluo does not emit: {sorted(documented - KINDS)}"
    assert set(COMMON) >= {"ts", "seq", "event", "message", "entity", "stage", "attempt"}


# --- (c) a real run's events.jsonl validates ----------------------------------------------------

SPEC = """\
name: typed
ladder:
  unknown: {retries: 0}
entities:
  a:
    stages:
      work: {run: "test -f fixed.flag"}
  b:
    stages:
      work: {run: "true"}
"""


@pytest.mark.integration
def test_a_real_runs_events_all_validate(tmp_path):
    proj = tmp_path / "proj"
    run_dir = start_run(write_spec(proj, SPEC), tmp_path / "home", tmp_path, "--no-tick")
    run("hold", "b", "--run", run_dir, cwd=tmp_path, check=True)  # a human hold, then its release
    doc = tick_until(run_dir, tmp_path, phases=("blocked",), timeout=30)  # a fails: the ladder holds it
    assert doc["entities"]["a"]["stages"]["work"]["status"] == "held"
    run("release", "b", "--run", run_dir, cwd=tmp_path, check=True)
    (proj / "fixed.flag").write_text("")
    run("release", "a", "--retry", "--run", run_dir, cwd=tmp_path, check=True)
    tick_until(run_dir, tmp_path, phases=("complete",), timeout=30)
    assert status_json(run_dir, tmp_path)["phase"] == "complete"
    events = read_events(run_dir)
    bad = [(ev, why) for ev in events if (why := validate(ev))]
    assert not bad, bad
    kinds = {ev["event"] for ev in events}
    assert {"run_created", "submit_intent", "submitted", "failed", "held", "analysis_written", "released",
            "succeeded", "gate_met"} <= kinds, kinds
    assert [ev["seq"] for ev in events] == list(range(1, len(events) + 1))
    # and what the CLI prints of them (tianluo events --json) is the same typed events
    out = run("events", "--run", run_dir, "--json", "-n", "1000", cwd=tmp_path, check=True).stdout
    printed = [json.loads(line) for line in out.splitlines() if line.strip()]
    assert printed and all(validate(ev) is None for ev in printed)


@pytest.mark.integration
@pytest.mark.parametrize("planted, copied", [
    ({"ts": "2026-01-01T00:00:00Z", "event": "lock_stalled", "message": "stalled HERE", "holder": "1@h"}, True),
    ({"ts": "2026-01-01T00:00:00Z", "event": "gate_met", "message": "forged HERE"}, False),
    ({"ts": "2026-01-01T00:00:00Z", "event": "lock_stalled", "message": "odd HERE", "pid": 1}, False),
])
def test_a_planted_stall_marker_is_copied_only_if_it_is_a_lock_stalled_event(tmp_path, planted, copied):
    """The tick that gets the lock copies the stall the owner was told of from .lock-stalled into the
    log: only a valid lock_stalled event (a planted file forges no gate_met, adds no field)."""
    run_dir = start_run(write_spec(tmp_path / "proj", SPEC), tmp_path / "home", tmp_path, "--no-tick")
    (run_dir / ".lock-stalled").write_text(json.dumps({"key": "1@h", "event": planted}) + "\n")
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert not (run_dir / ".lock-stalled").exists()
    events = read_events(run_dir)
    assert any("HERE" in ev["message"] for ev in events) == copied
    assert all(validate(ev) is None for ev in events)
