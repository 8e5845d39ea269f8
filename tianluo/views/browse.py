"""Looking around a home and a run: ``tianluo runs``, ``tianluo logs``, ``tianluo events``.

Everything here reads: state.json plainly (``tianluo.shell.peek``, bounded, no model), logs and
events.jsonl through the log reader's link-refusing open (``tianluo.shell.logscan``). A run or a
file that cannot be read is named in one line, never a traceback; every byte printed from a
log or an event is made printable first (a log line is hostile).
"""

import difflib
import json
import os
import re
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from tianluo import plaintext
from tianluo.errors import TianluoError

RUNS_VERSION = 1
EVENTS_CAP = 8 * 1024 * 1024  # bytes of events.jsonl's tail read for `events -n`
FOLLOW_CHUNK = 1024 * 1024  # bytes read per poll of a followed file
POLL_S = 0.2
_RUN_ID = re.compile(r"\d{8}-\d{6}-")


def printable(line: str) -> str:
    """A hostile line made safe for a terminal: control characters (escapes, CR), bidi controls and lone
    surrogates shown as ``\\xNN``/``\\uNNNN`` (``plaintext.printable``, the one such function)."""
    return plaintext.printable(line)


def _inert_row(row: dict) -> dict:
    """A row of ``tianluo runs`` with every text shown as one inert line: a folder's name can hold an
    escape or a newline (a fake row), or bytes that are not UTF-8."""
    return {k: printable(v) if isinstance(v, str) else v for k, v in row.items()}


# --- runs ------------------------------------------------------------------------------------------


def run_summary(run_dir: Path, now: datetime | None = None) -> dict:
    """One run's line for ``tianluo runs``: from state.json read plainly; a damaged run says so."""
    from tianluo.shell import peek
    from tianluo.views.status import build_status_plain

    row: dict = {"run_id": run_dir.name, "run_dir": str(run_dir), "damaged": None}
    try:
        doc = build_status_plain(peek.read_state(run_dir), run_dir, now, lock=False)
    except peek.Doubt:
        try:  # the validated path reads what the plain one doubts (an old field, a default left out)
            from tianluo.shell.store import RunStore
            from tianluo.views.status import build_status

            doc = build_status(RunStore(run_dir).load(), run_dir, now)
        except Exception as exc:  # noqa: BLE001 - a damaged run is a line in the list, never a traceback
            row.update(name=None, phase="damaged", gate_met=None, stages_done=None, stages_total=None,
                       last_tick_at=None, created_at=None, damaged=printable(str(exc).splitlines()[0][:300]
                                                                             if str(exc) else type(exc).__name__))
            return row
    stages = [st for ent in doc["entities"].values() for st in ent["stages"].values()]
    row.update(name=doc["name"], phase=doc["phase"], gate_met=doc["gate"]["met"],
               stages_done=sum(st["status"] in ("succeeded", "skipped") for st in stages), stages_total=len(stages),
               last_tick_at=doc["last_tick_at"], created_at=doc["created_at"])
    return row


def list_runs(home: Path) -> list[dict]:
    """Every run folder under ``home``, newest first (run ids start with their start time)."""
    from tianluo.planning.runpath import check_home

    if not os.path.lexists(home):
        raise TianluoError(f"{home}: no such folder; no runs here (pass --home DIR, or start one with "
                           "`tianluo start SPEC`)")
    check_home(home)
    rows: list[dict] = []
    names = sorted((n for n in os.listdir(home) if _RUN_ID.match(n)), reverse=True)
    for name in names:
        path = home / name
        if os.path.islink(path) or not os.path.isdir(path) or not os.path.lexists(path / "state.json"):
            continue
        try:
            from tianluo.shell import runfs

            runfs.check_run(path)
        except TianluoError as exc:
            row = {"run_id": name, "run_dir": str(path), "name": None, "phase": "untrusted", "gate_met": None,
                   "stages_done": None, "stages_total": None, "last_tick_at": None, "created_at": None,
                   "damaged": str(exc)}
        else:
            row = run_summary(path)
        if row["damaged"] and not os.path.lexists(path / "state.json"):
            continue  # removed since it was listed (rm -r of an old run): not a damaged run, no run at all
        rows.append(_inert_row(row))
    # within one second, the start times in the states order them (the ids alone order by name)
    rows.sort(key=lambda r: (r["run_id"][:15], r["created_at"] or ""), reverse=True)
    return rows


def render_runs(rows: list[dict], paint=None, now: datetime | None = None) -> str:
    """The table ``tianluo runs`` prints; ``paint(word, text)`` colours a phase."""
    from tianluo.durations import format_duration

    paint = paint or (lambda word, text=None: word if text is None else text)
    if not rows:
        return "no runs"
    now = now or datetime.now(UTC)
    width = max(len("RUN"), *(len(r["run_id"]) for r in rows))
    lines = [f"{'RUN':<{width}}  {'PHASE':<10}  {'GATE':<7}  {'STAGES':>7}  LAST TICK"]
    for r in rows:
        phase = paint(r["phase"], f"{r['phase']:<10}")
        if r["damaged"]:
            lines.append(f"{r['run_id']:<{width}}  {phase}  {r['damaged']}")
            continue
        gate = "met" if r["gate_met"] else "not met"
        stages = f"{r['stages_done']}/{r['stages_total']}"
        last = "never"
        if r["last_tick_at"]:
            at = datetime.fromisoformat(r["last_tick_at"])
            last = f"{at:%Y-%m-%d %H:%M:%S}Z ({format_duration(max(0.0, (now - at).total_seconds()))} ago)"
        lines.append(f"{r['run_id']:<{width}}  {phase}  {gate:<7}  {stages:>7}  {last}")
    return "\n".join(lines)


# --- reading files the way the log reader does ------------------------------------------------------


def _read_from(path: Path, offset: int, cap: int) -> tuple[bytes, int, bool]:
    """(bytes from ``offset``, at most ``cap``; the file's size; whether it exists), never through a link.

    Raises:
        TianluoError: the file is refused (a link, a device, a FIFO...).
    """
    from tianluo.shell import logscan

    f, refused = logscan._open(path, False)
    if refused:
        raise TianluoError(f"{path}: {refused}")
    if f is None:
        return b"", 0, False
    with f:
        size = os.fstat(f.fileno()).st_size
        if offset > size:  # truncated or replaced: start again from its beginning
            offset = 0
        f.seek(offset)
        return f.read(min(cap, size - offset)), size, True


class _Follower:
    """Complete lines appended to one file since the last poll (a cut line waits for its end)."""

    def __init__(self, path: Path, offset: int):
        self.path, self.offset, self.rest = path, offset, b""

    def poll(self, final: bool = False) -> list[str]:
        data, size, exists = _read_from(self.path, self.offset, FOLLOW_CHUNK)
        if not exists:
            return []
        if size < self.offset:
            self.offset, self.rest = 0, b""
        self.offset = min(self.offset, size) + len(data)
        data = self.rest + data
        cut = data.rfind(b"\n") + 1
        if final and self.offset >= size:  # the writer is gone: its last line has no newline to wait for
            cut = len(data)
        self.rest = data[cut:]
        return data[:cut].decode("utf-8", errors="replace").splitlines()

    def drained(self) -> bool:
        try:
            return os.lstat(self.path).st_size <= self.offset
        except OSError:
            return True


def _size(path: Path) -> int:
    return _read_from(path, 1 << 62, 0)[1]


# --- logs ------------------------------------------------------------------------------------------


def attempt_dir(run_dir: Path, target: str, attempt: int | None) -> tuple[str, str, int, Path]:
    """``(entity, stage, n, folder)`` of ENTITY[.STAGE]'s attempt ``n`` (default: its latest).

    Without STAGE: the entity's only stage, else the stage whose latest attempt began last.
    Names are checked against state.json: nothing from the command line reaches a path unchecked.
    """
    from tianluo.shell import peek

    try:
        raw = peek.read_state(run_dir)
    except peek.Doubt as exc:
        raise TianluoError(f"{run_dir / 'state.json'}: cannot be read plainly ({exc}); "
                           "run `tianluo status` to see what is wrong") from None
    entities = raw.get("entities")
    if not isinstance(entities, dict):
        entities = {}
    ename, _, sname = target.partition(".")
    entity = entities.get(ename)
    if not isinstance(entity, dict) or not isinstance(entity.get("stages"), dict):
        known = ", ".join(sorted(entities)[:10]) or "none"
        raise TianluoError(f"{target}: no entity {ename!r} in this run (entities: {known}); "
                           "give ENTITY or ENTITY.STAGE")
    stages = entity["stages"]
    if sname:
        if sname not in stages:
            raise TianluoError(f"{target}: entity {ename!r} has no stage {sname!r} "
                               f"(stages: {', '.join(stages)})")
    elif len(stages) == 1:
        sname = next(iter(stages))
    else:
        def began(name: str) -> str:
            tries = stages[name].get("attempts") if isinstance(stages[name], dict) else None
            last = tries[-1] if isinstance(tries, list) and tries and isinstance(tries[-1], dict) else {}
            return str(last.get("intent_at") or "")
        sname = max(stages, key=began)
        if not began(sname):
            raise TianluoError(f"{ename}: none of its stages has an attempt yet; give ENTITY.STAGE")
    stage = stages[sname] if isinstance(stages[sname], dict) else {}
    latest = stage.get("attempt", 0)
    latest = latest if isinstance(latest, int) and not isinstance(latest, bool) else 0
    n = latest if attempt is None else attempt
    if n < 1 or n > latest:
        have = f"attempts 1..{latest}" if latest else "no attempt yet"
        raise TianluoError(f"{ename}.{sname}: no attempt {n} ({have})")
    return ename, sname, n, run_dir / "attempts" / ename / sname / str(n)


def show_log(run_dir: Path, target: str, attempt: int | None, stream: str | None, lines: int,
             follow: bool, out=None) -> int:
    """``tianluo logs``: the tail of an attempt's stderr and stdout, then (``follow``) what it appends."""
    from tianluo.shell import logscan

    out = out or sys.stdout
    ename, sname, n, folder = attempt_dir(run_dir, target, attempt)
    streams = [stream] if stream else ["stderr", "stdout"]
    for name in streams:
        refused = logscan.refusal(folder / name)
        if refused:
            raise TianluoError(f"{folder / name}: {refused}")
    many = len(streams) > 1
    if not follow:
        for i, name in enumerate(streams):
            if many:
                out.write(("\n" if i else "") + f"==> {ename}.{sname} attempt {n} {name} <==\n")
            text = logscan.tail_lines(folder / name, lines)
            out.write("".join(printable(x) + "\n" for x in text))
        out.flush()
        return 0
    followers = []
    for name in streams:
        followers.append((name, _Follower(folder / name, _size(folder / name))))
    shown = None
    for name, _f in followers:  # the tail first, as `tail -f` does
        text = logscan.tail_lines(folder / name, lines)
        if text:
            if many:
                out.write(f"==> {name} <==\n")
                shown = name
            out.write("".join(printable(x) + "\n" for x in text))
    out.flush()
    try:
        while True:
            ended = os.path.lexists(folder / "exit.json")
            for name, fol in followers:
                got = fol.poll(final=ended)
                if got:
                    if many and shown != name:
                        out.write(f"==> {name} <==\n")
                        shown = name
                    out.write("".join(printable(x) + "\n" for x in got))
            out.flush()
            if ended and all(fol.drained() for _, fol in followers):
                out.write(f"-- {ename}.{sname} attempt {n} ended (exit.json written)\n")
                out.flush()
                return 0
            time.sleep(POLL_S)
    except KeyboardInterrupt:
        return 0


# --- events ----------------------------------------------------------------------------------------


def _event_lines(data: bytes) -> list[dict]:
    events = []
    for line in data.split(b"\n"):
        if not line.strip():
            continue
        try:
            ev = json.loads(line)
        except ValueError:
            continue  # a torn last line (a killed write): the store mends it; skip it here
        if isinstance(ev, dict):
            events.append(ev)
    return events


def _matches(ev: dict, entity: str | None, kind: str | None) -> bool:
    if entity is not None:
        ename, _, sname = entity.partition(".")
        if ev.get("entity") != ename or (sname and ev.get("stage") != sname):
            return False
    return kind is None or ev.get("event") == kind


def _event_text(ev: dict, as_json: bool) -> str:
    if as_json:
        return json.dumps(ev, sort_keys=True)  # json escapes every control character
    subject = f"{ev.get('entity')}/{ev.get('stage')}" if "stage" in ev else str(ev.get("entity", "run"))
    return printable(f"{ev.get('ts', '?')} {ev.get('event', '?')} {subject}: {ev.get('message') or ''}".rstrip(": "))


def _names(given: str, valid: list[str], limit: int = 20) -> str:
    """``valid`` for a message: the close matches of ``given`` first, at most ``limit`` in all."""
    close = difflib.get_close_matches(given, valid, n=3, cutoff=0.5)
    rest = [name for name in sorted(valid) if name not in close]
    shown = close + rest[:max(0, limit - len(close))]
    more = f", ... ({len(valid)} in all)" if len(valid) > len(shown) else ""
    return ", ".join(shown) + more


def check_filters(run_dir: Path, entity: str | None, kind: str | None) -> None:
    """``events --kind/--entity`` name what exists: a typo is an error, not an empty listing.

    Raises:
        TianluoError: one line naming the valid kinds or entities, the close matches first.
    """
    from tianluo.core.events import Kind
    from tianluo.shell import peek

    if kind is not None and kind not in {k.value for k in Kind}:
        close = difflib.get_close_matches(kind, [k.value for k in Kind], n=1, cutoff=0.5)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise TianluoError(f"--kind {printable(kind)}: no such event kind{hint}; kinds: "
                           f"{_names(kind, [k.value for k in Kind], limit=100)}")
    if entity is None:
        return
    try:
        raw = peek.read_state(run_dir)
    except peek.Doubt:
        return  # a state read plainly in doubt: the events are still worth listing
    entities = raw.get("entities")
    if not isinstance(entities, dict):
        return
    ename, _, sname = entity.partition(".")
    if ename not in entities:
        close = difflib.get_close_matches(ename, list(entities), n=1, cutoff=0.5)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise TianluoError(f"--entity {printable(entity)}: no entity {printable(ename)!r} in this run{hint}; "
                           f"entities: {_names(ename, list(entities))}")
    stages = entities[ename].get("stages") if isinstance(entities[ename], dict) else None
    if sname and isinstance(stages, dict) and sname not in stages:
        raise TianluoError(f"--entity {printable(entity)}: entity {ename!r} has no stage {printable(sname)!r}; "
                           f"stages: {_names(sname, list(stages))}")


def show_events(run_dir: Path, entity: str | None, kind: str | None, lines: int, follow: bool,
                as_json: bool, out=None) -> int:
    """``tianluo events``: the last ``lines`` events that match, then (``follow``) new ones as they come.

    Raises:
        TianluoError: ``kind`` or ``entity`` names nothing that exists (``check_filters``).
    """
    check_filters(run_dir, entity, kind)
    out = out or sys.stdout
    path = run_dir / "events.jsonl"
    size = _size(path)
    start = max(0, size - EVENTS_CAP)
    data, size, _ = _read_from(path, start, EVENTS_CAP)
    if start > 0:
        data = data[data.find(b"\n") + 1:]  # the first line was cut by the window
    cut = data.rfind(b"\n") + 1
    shown = [ev for ev in _event_lines(data[:cut]) if _matches(ev, entity, kind)]
    for ev in shown[-lines:] if lines > 0 else []:
        out.write(_event_text(ev, as_json) + "\n")
    out.flush()
    if not follow:
        return 0
    fol = _Follower(path, start + cut)
    try:
        while True:
            got = fol.poll()
            for line in got:
                for ev in _event_lines(line.encode()):
                    if _matches(ev, entity, kind):
                        out.write(_event_text(ev, as_json) + "\n")
            out.flush()
            time.sleep(POLL_S)
    except KeyboardInterrupt:
        return 0
