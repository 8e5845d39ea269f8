"""``tianluo hold`` without the models: the holds set in state.json's plain JSON, written as the validated
path writes them.

A hold changes little: each held entity gets its hold, each of its stages that waits (pending,
retry_wait, blocked) becomes held, and one ``held`` event is recorded per entity. At 10,000
stages the validated path (``commands.hold_entity``) spent seconds reading, copying, dumping and
reading back the whole state for that. This path reads state.json as plain JSON, changes those
keys as ``holds.hold`` and ``model.dump_state`` would (a held stage's hold and reason are left out
when they are its entity's, as ``derived_exclude`` leaves them out), and writes the document with
pydantic's own JSON writer, so state.json is byte for byte what the validated path writes
(``tests/test_hold_plain.py`` compares the two). The lock, the outbox, the events, the snapshot
and report.html are kept as ``RunStore.save`` and ``commands._locked_change`` keep them.

It is taken only when nothing is in doubt: state.json of this schema as tianluo writes it (the
checks of ``peek.check_names``), the local backend (no queued job to hold in a scheduler), the
lock free, every stage of a known status, and no held stage carrying an earlier entity hold that
the new one would have to write out. Anything else: None, and the validated path runs (and says
what is wrong).
"""

import gzip
import json
import os
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace

from tianluo import redact
from tianluo.core.events import Kind, event
from tianluo.models.states import HUMAN_HOLD
from tianluo.shell import fsio, peek, space, statefiles
from tianluo.shell.peek import EVENTS, SNAPSHOTS, STATE, STATE_CAP, Doubt
from tianluo.timefmt import iso, utcnow

#: model.SCHEMA_VERSION (importing it would import the models); a test checks they agree.
SCHEMA_VERSION = 4
LOCK_WAIT_S = 30.0  # commands.LOCK_WAIT_S: the budget a hold records in the lock (a test checks they agree)
#: The last fields of ``RunState``, in its order (a test checks it): where a save puts ``event_seq``
#: and ``outbox`` when the state left them out as defaults.
RUN_TAIL = ("event_seq", "outbox", "gpus", "notices")
WAITING = frozenset({"pending", "retry_wait", "blocked"})  # held by a human's hold (stage_machine.MOVES)
KEEPS_RUNNING = frozenset({"submitted", "running"})  # states.ACTIVE
LEFT_AS_IS = frozenset({"succeeded", "skipped", "held"})  # states.DONE and held


def hold_plain(run_dir: Path, entity: str | None, reason: str, all_entities: bool = False,
               now: datetime | None = None):
    """The hold, with ``events`` and ``notes`` as ``commands.hold_entity`` returns them; None: take the
    validated path (in doubt, the lock taken, or a request it would refuse)."""
    if not all_entities and not entity:
        return None
    return peek.under_lock(Path(run_dir), LOCK_WAIT_S,
                           lambda d: _hold(d, entity, reason, all_entities, now or utcnow()), what="hold")


def _hold(run_dir: Path, entity: str | None, reason: str, all_entities: bool, now: datetime):
    fsio.clean_temps(run_dir)  # of writes whose process was killed (RunStore.load)
    fsio.clean_temps(run_dir / SNAPSHOTS)
    try:
        data = fsio.read_bytes(run_dir / STATE, STATE_CAP)
    except (OSError, ValueError, fsio.UnsafePath):
        raise Doubt("state.json") from None
    head = b'{\n "schema_version": %d,' % SCHEMA_VERSION
    if not (data.startswith(head) or data.startswith(b'{"schema_version":%d,' % SCHEMA_VERSION)):
        raise Doubt("schema_version")
    try:
        raw = json.loads(data, parse_constant=_refuse, parse_float=_finite)
    except (ValueError, RecursionError):
        raise Doubt("json") from None
    raw = peek.obj(raw)
    peek.check_names(raw)
    plan = peek.obj(raw["plan"])
    if "backend" in plan:  # state.json leaves the default (local, which holds nothing in a queue) out
        raise Doubt("backend")  # a backend's queued jobs may be held there too (commands._queue_hands)
    entities = peek.obj(raw["entities"])
    names = list(entities) if all_entities else [entity]
    if any(name not in entities for name in names):
        raise Doubt("entity")  # the validated path names the entities there are
    ts = iso(now)
    events: list[dict] = []
    notes: list[str] = []
    for ename in names:
        ent = peek.obj(entities[ename])
        stages = peek.obj(ent["stages"])
        had = ent.get("hold")
        for sname, stage in list(stages.items()):
            stage = peek.obj(stage)
            status = stage.get("status", "pending")
            if status == "held" and had is not None and "hold" not in stage:
                raise Doubt("held")  # its hold mirrors the entity's old one: the new one would write it out
            if status in LEFT_AS_IS:
                continue
            sid = f"{ename}.{sname}"
            if status in KEEPS_RUNNING:
                notes.append(f"{sid}: attempt {stage.get('attempt', 0)} keeps running; nothing new starts after it")
            elif status == "consulting":
                notes.append(f"{sid}: the agent was asked about attempt {stage.get('attempt', 0)}; the next tick "
                             "holds it, whatever it answered")
            elif status in WAITING:
                # status is StageState's first field; its hold and reason are the entity's: left out
                stages[sname] = {"status": "held", **{k: v for k, v in stage.items()
                                                      if k not in ("status", "hold", "reason")}}
            else:
                raise Doubt("status")
        entities[ename] = {**{k: v for k, v in ent.items() if k != "hold"},  # hold: EntityState's last field
                           "hold": {"by": "human", "reason": reason, "at": ts}}
        events.append(event(Kind.HELD, ts, f"{HUMAN_HOLD}{reason}", entity=ename, by="human"))
    _save(run_dir, raw, events, data.startswith(b"{\n"))
    from tianluo.views import report

    report.refresh(run_dir, changed=True)  # as commands._refresh_report, under the lock
    return SimpleNamespace(events=events, notes=notes)


def _save(run_dir: Path, raw: dict, events: list[dict], indent: bool) -> None:
    """``RunStore.save`` of the plain JSON: the outbox's missing events appended, the new ones numbered
    (redacted) into the outbox, the next revision written whole, its snapshot, then the events."""
    from pydantic_core import to_json

    outbox = [e for e in peek.items(raw.get("outbox", [])) if isinstance(e, dict)]
    revision, seq = peek.integer(raw["revision"]) + 1, peek.integer(raw.get("event_seq", 0))
    last = peek.last_seq(run_dir)
    missing = [e for e in outbox if isinstance(e.get("seq"), int) and e["seq"] > last]
    statefiles.append_events(run_dir, run_dir / EVENTS, missing)
    if missing:
        last = missing[-1]["seq"]
    seq = max(seq, last)
    red = redact.of_plan(raw["plan"], os.environ)
    stamped = []
    for ev in events:
        seq += 1
        stamped.append({**red.deep(ev), "seq": seq})
    tail = {k: raw.pop(k) for k in RUN_TAIL if k in raw}
    tail["event_seq"], tail["outbox"] = seq, stamped
    raw.update({k: tail[k] for k in RUN_TAIL if k in tail})
    raw["revision"] = revision
    data = to_json(raw, indent=1 if indent else None) + b"\n"
    packed = gzip.compress(data, statefiles.SNAPSHOT_LEVEL, mtime=0)
    what = f"saving {STATE} (revision {raw['revision']})"
    space.check_room(run_dir, len(data) + len(packed), what)
    try:
        fsio.atomic_write(run_dir / STATE, data)
        statefiles.write_snapshot(run_dir / SNAPSHOTS, raw["revision"], packed, statefiles.KEEP_SNAPSHOTS,
                                  statefiles.KEEP_SNAPSHOT_BYTES)
    except OSError as exc:
        if space.is_full(exc):
            raise space.disk_full(run_dir, what) from None
        raise
    statefiles.append_events(run_dir, run_dir / EVENTS, stamped)


def _refuse(name: str):
    raise Doubt(name)  # NaN or an infinity: the validated path refuses it, naming it


def _finite(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise Doubt(text[:40])
    return value
