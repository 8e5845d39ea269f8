"""The files of one run folder: state.json, snapshots/, events.jsonl and the tick lock."""

import errno
import fcntl
import gzip
import json
import os
import re
import time
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import re2
from pydantic import ValidationError

from tianluo import redact
from tianluo.errors import StateError
from tianluo.models import migrate
from tianluo.models.model import SCHEMA_VERSION, RunState, dump_state
from tianluo.redact import Redactor
from tianluo.shell import fsio, lockholder, peek, runfs, space, statefiles
from tianluo.shell.fsio import UnsafePath, atomic_write

# The run folder's names and bounds live in peek, the module that reads them without the models
# (re-exported here, where the rest of tianluo and its tools look for them).
from tianluo.shell.peek import EVENTS, LAYOUT, LOCK, MAX_ATTEMPTS, SNAPSHOTS, STATE, STATE_CAP, TAIL_CAP, TAIL_CHUNK  # noqa: F401
from tianluo.shell.statefiles import KEEP_SNAPSHOT_BYTES, KEEP_SNAPSHOTS, SNAPSHOT_LEVEL

SNAPSHOT_CAP = 64 * 1024 * 1024  # bytes: a compressed snapshot, and what it decompresses to, at most
_SNAPSHOT_NAME = statefiles.SNAPSHOT_NAME
EVENTS_CAP = 1024 * 1024 * 1024  # bytes read by read_events (a tool's whole history; ticks never read it)


class LockBusy(Exception):
    """Another tick (or a human command) holds the run's lock."""


class RunStore:
    """Reads and writes one run folder. Every write is atomic and durable."""

    def __init__(self, run_dir: Path, keep_snapshots: int = KEEP_SNAPSHOTS,
                 keep_snapshot_bytes: int = KEEP_SNAPSHOT_BYTES):
        self.run_dir = Path(run_dir)
        self.keep_snapshots = keep_snapshots
        self.keep_snapshot_bytes = keep_snapshot_bytes
        self._checked = False
        self._saved: tuple[int, bytes] | None = None  # (revision, text) of this store's last save
        self._redactor: tuple[object, Redactor] | None = None  # (the plan, its redactor)

    def redactor(self, state: RunState) -> Redactor:
        """The run's redactor (``tianluo.redact``: its secrets, with the SMTP password from this environment),
        made once per plan."""
        if self._redactor is None or self._redactor[0] is not state.plan:
            self._redactor = (state.plan, redact.of_plan(state.plan, os.environ))
        return self._redactor[1]

    def check(self) -> None:
        """The run folder, its home and state.json are the caller's and nobody else can write them.

        Once checked, nothing below the run folder is opened through a symbolic link.

        Raises:
            UnsafePath: one line naming the path and the ``chown``/``chmod``/``rm`` that fixes it.
        """
        if not self._checked:
            runfs.check_run(self.run_dir)
            self._checked = True

    def check_layout(self) -> None:
        """Every file of the run folder under tianluo's own names is of the kind tianluo keeps there.

        Raises:
            UnsafePath: a link, or a folder where a file belongs (or the other way round).
        """
        self.check()
        problem = peek.layout_problem(self.run_dir)
        if problem is not None:
            raise UnsafePath(problem)

    def check_writable(self) -> None:
        """Before a change is saved: every file the change writes can be written, so no change is half-saved.

        Creates snapshots/ (0700) if it is missing.

        Raises:
            UnsafePath: a link or the wrong kind of file. StateError: not writable (read-only disk, modes).
        """
        self.check_layout()
        try:
            peek.probe_writable(self.run_dir)
        except UnsafePath:
            raise
        except OSError as exc:
            where = exc.filename or self.run_dir
            raise StateError(f"{where}: cannot be written ({exc.strerror}); nothing was changed; make the run "
                             f"folder writable again (a read-only disk? `chmod u+w {where}`)") from None

    @property
    def state_path(self) -> Path:
        return self.run_dir / STATE

    @property
    def events_path(self) -> Path:
        return self.run_dir / EVENTS

    @property
    def snapshot_dir(self) -> Path:
        return self.run_dir / SNAPSHOTS

    # --- state -----------------------------------------------------------------------

    def load(self) -> RunState:
        """Read and validate state.json.

        Raises:
            StateError: naming the problem and the newest good snapshot; nothing is written.
        """
        self.check_layout()
        fsio.clean_temps(self.run_dir)  # of writes whose process was killed; never of one in flight
        fsio.clean_temps(self.snapshot_dir)
        try:
            data = fsio.read_bytes(self.state_path, STATE_CAP)
        except FileNotFoundError:
            raise StateError(f"{self.state_path}: no such file; is {self.run_dir} a tianluo run folder?") from None
        except OSError as exc:
            raise StateError(f"{self.state_path}: cannot read: {exc.strerror}") from None
        except ValueError:
            raise StateError(f"{self.state_path}: larger than {STATE_CAP} bytes, not a state tianluo wrote; "
                             f"{self._restore_hint()}") from None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise StateError(f"{self.state_path}: not UTF-8 text (a bad byte at offset {exc.start}); "
                             f"{self._restore_hint()}") from None
        try:
            return parse_state(text)
        except migrate.NewerSchema as exc:  # not damage: no snapshot of this tianluo's can stand in for it
            raise StateError(f"{self.state_path}: {exc}") from None
        except ValueError as exc:
            raise StateError(f"{self.state_path}: {exc}; {self._restore_hint()}") from None

    def save(self, state: RunState, snapshot: bool = True, events: list[dict] | tuple = (),
             unchanged_from: RunState | None = None) -> RunState:
        """Write ``state`` as the next revision, with the ``events`` of this change; snapshot it if ``snapshot``.

        The text written is read back (validated) first; a snapshot is the same text, gzipped.
        ``unchanged_from``: a state read from disk (so valid) that ``state`` was made from and
        shares its unchanged parts with (the same objects: the locked plan, the stages a decision
        did not copy); only the rest is read back (``read_back``). Never pass a state whose
        objects were changed in place after it was read.

        The order makes a kill at any point harmless: the events an earlier save left unwritten
        are appended first; then state.json is replaced, carrying the new events (numbered by
        ``seq``) in its ``outbox``; then the snapshot (never ahead of state.json); then the
        events are appended to events.jsonl. A kill before the replace changes nothing; a kill
        after it leaves the events in the outbox, and the next save appends the ones
        events.jsonl lacks, so no event is lost and none is written twice.

        Raises:
            DiskFull: no room on the file system; checked before anything is written.
        """
        last = self.flush_outbox(state)
        seq = max(state.event_seq, last)
        stamped = []
        red = self.redactor(state)
        for ev in events:  # text from outside can echo a secret back (a webhook's answer): never kept
            seq += 1
            stamped.append({**red.deep(ev), "seq": seq})
        state.event_seq, state.outbox = seq, stamped
        state.revision += 1
        text = dump_state(state)
        try:
            read_back(text, state, unchanged_from)  # never write what we could not read back
        except ValueError as exc:
            raise StateError(f"{self.state_path}: the state to save would not read back ({exc}); nothing was "
                             "written; the run's files hold a value tianluo cannot keep (look at the last "
                             "change made to state.json by hand)") from None
        data = text.encode("utf-8")
        del text
        packed = gzip.compress(data, SNAPSHOT_LEVEL, mtime=0) if snapshot else b""
        what = f"saving {self.state_path.name} (revision {state.revision})"
        space.check_room(self.run_dir, len(data) + len(packed), what)
        try:
            atomic_write(self.state_path, data)
            if snapshot:
                self._write_snapshot(state.revision, packed)
        except OSError as exc:
            if space.is_full(exc):
                raise space.disk_full(self.run_dir, what) from None
            raise
        self._saved = (state.revision, data)
        self._append_lines(stamped)
        return state

    def saved(self) -> tuple[int, bytes] | None:
        """``(revision, text)`` of this store's last save; None before one."""
        return self._saved

    def snapshot_saved(self, state: RunState) -> bool:
        """Snapshot the text this store last saved, if ``state`` is still at that revision; no new revision.

        A tick whose last save was not a snapshot takes its one snapshot this way (gzip only:
        no dump, no validation). Returns whether a snapshot was written.
        """
        if self._saved is None or self._saved[0] != state.revision:
            return False
        revision, data = self._saved
        packed = gzip.compress(data, SNAPSHOT_LEVEL, mtime=0)
        what = f"snapshotting {self.state_path.name} (revision {revision})"
        space.check_room(self.run_dir, len(packed), what)
        try:
            self._write_snapshot(revision, packed)
        except OSError as exc:
            if space.is_full(exc):
                raise space.disk_full(self.run_dir, what) from None
            raise
        return True

    def _write_snapshot(self, revision: int, packed: bytes) -> None:
        """``snapshots/state-<revision>.json.gz`` (gzipped text), then the oldest pruned past the caps."""
        statefiles.write_snapshot(self.snapshot_dir, revision, packed, self.keep_snapshots, self.keep_snapshot_bytes)

    def create(self, state: RunState, events: list[dict] | tuple = ()) -> RunState:
        if self.state_path.exists():
            raise StateError(f"{self.state_path}: already exists; a run folder is created once")
        self.check()
        fsio.make_dirs(self.snapshot_dir)  # 0700, never through a link
        return self.save(state, events=events)

    def snapshots(self) -> list[Path]:
        """Snapshot files (regular files, never links), newest first; none if snapshots/ is not a folder.

        ``state-<revision>.json.gz`` (gzipped, tianluo since schema 2) and ``state-<revision>.json``
        (plain, written by an older tianluo) alike.
        """
        return [path for path, _ in self._snapshot_sizes()]

    def _snapshot_sizes(self) -> list[tuple[Path, int]]:
        return statefiles.snapshot_sizes(self.snapshot_dir)

    def newest_good_snapshot(self) -> Path | None:
        for path in self.snapshots():
            try:
                parse_state(read_snapshot(path).decode("utf-8"))
            except (OSError, ValueError, UnsafePath):
                continue
            return path
        return None

    def _restore_hint(self) -> str:
        good = self.newest_good_snapshot()
        if good is None:
            return "no good snapshot exists under snapshots/; the run cannot be recovered from its state"
        return f"newest good snapshot: {good}; to go back to it: {restore_command(good, self.state_path)}"

    # --- events ----------------------------------------------------------------------

    def flush_outbox(self, state: RunState) -> int:
        """Append the events of the last save that events.jsonl lacks (a kill came in between).

        Returns the ``seq`` of the newest event in events.jsonl afterwards.
        """
        last = self.last_seq()
        missing = [e for e in state.outbox if isinstance(e.get("seq"), int) and e["seq"] > last]
        if missing:
            self._append_lines(missing)
            last = missing[-1]["seq"]
        return last

    def last_seq(self) -> int:
        """The ``seq`` of the newest numbered event in events.jsonl (0 if none).

        Only the end of the file is read: events are appended in ``seq`` order, under the lock.
        """
        try:
            fd = fsio.open_file(self.events_path, os.O_RDONLY)
        except FileNotFoundError:
            return 0
        except OSError as exc:
            raise StateError(f"{self.events_path}: cannot read: {exc.strerror}; nothing was changed") from None
        try:
            return peek.tail_seq(fd)
        finally:
            os.close(fd)

    def append_events(self, events: list[dict]) -> None:
        """Append events as they are (no ``seq``, no outbox); ``save(events=...)`` is how tianluo records events."""
        self._append_lines(events)

    def _append_lines(self, events: list[dict]) -> None:
        """Append events as JSON lines; the file is only ever appended to, each write whole or not at all."""
        statefiles.append_events(self.run_dir, self.events_path, events)

    def read_events(self) -> list[dict]:
        try:
            data = fsio.read_bytes(self.events_path, EVENTS_CAP)  # never through a link
        except FileNotFoundError:
            return []
        except ValueError:
            raise StateError(f"{self.events_path}: larger than {EVENTS_CAP} bytes; move it aside "
                             f"(`mv {self.events_path} {self.events_path}.old`)") from None
        out = []
        for line in data.decode("utf-8", errors="replace").splitlines():
            if line.strip():
                try:
                    event = json.loads(line)
                except (ValueError, RecursionError):
                    continue  # a torn last line from a crash is skipped, not fatal
                if isinstance(event, dict):
                    out.append(event)
        return out

    # --- lock ------------------------------------------------------------------------

    @contextmanager
    def lock(self, wait: float = 0.0, what: str = "tick", budget: float | None = None) -> Iterator[int]:
        """Hold the run's lock; raise LockBusy if it is still taken after ``wait`` seconds.

        The holder is written into the lock file (see ``lockholder``): ``what`` it is, and its
        ``budget`` in seconds, after which others may call the lock stalled.
        """
        self.check_layout()
        try:
            fd = fsio.open_file(self.run_dir / LOCK, os.O_RDWR | os.O_CREAT)  # never through a planted link
        except OSError as exc:  # a read-only disk, a folder the owner made read-only
            raise StateError(f"{self.run_dir / LOCK}: cannot be opened to take the run's lock ({exc.strerror}); "
                             f"nothing was changed; make the run folder writable again") from None
        held = False
        try:
            deadline = time.monotonic() + wait
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except OSError as exc:
                    if exc.errno not in (errno.EAGAIN, errno.EACCES):
                        raise
                    if time.monotonic() >= deadline:
                        raise LockBusy(str(self.run_dir)) from None
                    time.sleep(0.05)
            self.check_writable()  # a change that cannot be saved whole is not begun
            lockholder.record(fd, what, budget)
            held = True
            yield fd  # the holder may record itself again once it knows its budget
        finally:
            if held:
                lockholder.clear(fd)
            os.close(fd)  # closing releases the flock

    def lock_holder(self) -> "lockholder.Holder | None":
        """Who holds the run's lock now, from the lock file (None: nobody, or a holder that died)."""
        return peek.lock_holder(self.run_dir)  # the one reading, shared with status (which imports no store)


def snapshot_revision(path: Path) -> int:
    """The revision a snapshot file holds, from its name (``state-00000042.json.gz`` -> 42)."""
    match = _SNAPSHOT_NAME.fullmatch(Path(path).name)
    if match is None:
        raise ValueError(f"{path}: not a snapshot's name")
    return int(match.group(1))


def restore_command(snapshot: Path, state_path: Path) -> str:
    """The shell command that puts ``snapshot`` back as state.json."""
    if str(snapshot).endswith(".gz"):
        return f"gzip -dc {snapshot} > {state_path}"
    return f"cp {snapshot} {state_path}"


def read_snapshot(path: Path, cap: int = SNAPSHOT_CAP) -> bytes | bytearray:
    """The state.json text a snapshot holds, never through a link; at most ``cap`` bytes are ever held.

    Raises:
        ValueError: larger than ``cap`` (compressed, or once decompressed: a planted gzip bomb
        stops at ``cap``), or not a whole gzip stream. OSError, UnsafePath: as fsio.read_bytes.
    """
    if not str(path).endswith(".gz"):
        return fsio.read_bytes(path, STATE_CAP)  # a plain snapshot of an older tianluo
    return gunzip_capped(fsio.read_bytes(path, cap), cap)


def gunzip_capped(data: bytes, cap: int) -> bytearray:
    """``data`` (one gzip stream) decompressed, refused once past ``cap`` bytes (held: at most ``cap`` and a chunk)."""
    unzip = zlib.decompressobj(wbits=31)
    out = bytearray()
    pending = data
    try:
        while not unzip.eof:
            piece = unzip.decompress(pending, GUNZIP_CHUNK)
            pending = unzip.unconsumed_tail
            out += piece
            if len(out) > cap:
                raise ValueError(f"decompresses to more than {cap} bytes; not a snapshot tianluo wrote")
            if not piece and not pending and not unzip.eof:
                raise ValueError("a gzip stream cut short (truncated?)")
    except zlib.error as exc:
        raise ValueError(f"not a gzip stream tianluo wrote ({exc})") from None
    return out


GUNZIP_CHUNK = 1024 * 1024


class _NotFinite(ValueError):
    pass


def _no_constant(name: str):
    raise _NotFinite(name)


def _finite_float(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise _NotFinite(f"{text[:40]} is out of range")
    return value


#: How every state tianluo writes begins (``model.dump_state``); such text is validated in one pass, in Rust.
_CURRENT_HEAD = re.compile(rf'\{{\s*"schema_version"\s*:\s*{SCHEMA_VERSION:d}\s*,')
#: What the one-pass validation would let through, and the careful path refuses: NaN or an infinite
#: number (bare, or an exponent that overflows), and a NUL (checked in the plan). A string that merely
#: looks like one of them only sends the text down the careful path.
#: (A number, not hex in a string: a spec_sha256 holds "3e123" one time in a few.) RE2: 7 ms on 5 MB, re 100.
_SUSPECT = re2.compile(r"[:\[,]\s*-?(?:NaN|Infinity|[0-9]+(?:\.[0-9]+)?[eE]\+?[0-9]{3})|\\u0000")


def parse_state(text: str) -> RunState:
    """Validate state.json text, of this schema or (migrated, see ``tianluo.models.migrate``) an older one.

    Text as tianluo writes it is validated by pydantic straight from the JSON (no Python
    objects for the parsed JSON, no Python-side walk); anything else (an older schema, a
    hand edit, damage) goes the careful way, whose errors name the key.

    Raises:
        ValueError: a one-line reason (truncated JSON, unknown schema, invalid field);
        ``migrate.NewerSchema`` for a state of a newer tianluo.
    """
    if _CURRENT_HEAD.match(text) and _SUSPECT.search(text) is None:
        try:
            state = RunState.model_validate_json(text)
        except (ValidationError, RecursionError, OverflowError, TypeError, ValueError):
            pass  # the careful path says what is wrong, naming the key
        else:
            _check_names(state, None)
            return state
    return _parse_carefully(text)


def read_back(text: str, state: RunState, unchanged_from: RunState | None = None) -> None:
    """Check that ``text`` (``dump_state(state)``) reads back as a valid state; else ValueError.

    With ``unchanged_from`` (a valid state ``state`` shares its unchanged objects with), only
    what is not shared is validated: everything outside the plan and the stages, and each stage
    that is not the very object it was there. At 10,000 stages a tick's few saves then cost what
    changed, not two full validations each. Anything doubtful takes the full check.
    """
    if unchanged_from is not None and _read_back_changed(state, unchanged_from):
        return
    parse_state(text)


def _read_back_changed(state: RunState, base: RunState) -> bool:
    """Validate what ``state`` does not share with ``base``; False when the full check must run instead."""
    if state.plan is not base.plan or state.entities.keys() != base.entities.keys():
        return False
    entities, planned = {}, {}
    for ename, entity in state.entities.items():
        was = base.entities[ename]
        if entity.stages.keys() != was.stages.keys():
            return False
        changed = {s: st for s, st in entity.stages.items() if was.stages[s] is not st}
        if changed or entity.params != was.params or entity.hold != was.hold:
            entities[ename] = _shallow(entity, stages=changed)
            plan_entity = state.plan.entities[ename]
            planned[ename] = _shallow(plan_entity, stages={s: plan_entity.stages[s] for s in changed})
    rest = {}
    for name, field in RunState.model_fields.items():  # run-wide lists of the very same items: read already
        value, old = getattr(state, name), getattr(base, name)
        if (isinstance(value, list) and isinstance(old, list) and len(value) == len(old)
                and all(a is b for a, b in zip(value, old, strict=True))):
            rest[name] = field.get_default(call_default_factory=True)
    probe = _shallow(state, entities=entities, plan=_shallow(state.plan, entities=planned), **rest)
    text = dump_state(probe)
    if not _CURRENT_HEAD.match(text) or _SUSPECT.search(text) is not None:
        return False
    try:
        checked = RunState.model_validate_json(text)
    except (ValidationError, RecursionError, OverflowError, TypeError, ValueError):
        return False  # the full check names the key
    _check_names(checked, None)
    return True


def _shallow(model, **values):
    """A shallow copy of ``model`` holding ``values`` instead (for a probe; nothing is changed)."""
    out = model.model_copy()
    out.__dict__.update(values)
    return out


def _parse_carefully(text: str) -> RunState:
    try:
        raw = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except _NotFinite as exc:
        raise ValueError(f"not valid JSON for tianluo ({exc}); tianluo never writes NaN or infinite numbers") \
            from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno}; "
                         "truncated?)") from None
    except RecursionError:
        raise ValueError("nested too deep to be a state tianluo wrote") from None
    except ValueError as exc:  # e.g. an integer of more than 4300 digits
        raise ValueError(f"not valid JSON ({str(exc).splitlines()[0][:120]})") from None
    if not isinstance(raw, dict):
        raise ValueError("not a JSON object")
    raw = migrate.upgrade(raw)
    try:
        state = RunState.model_validate(raw)
    except (RecursionError, OverflowError, TypeError) as exc:
        raise ValueError(f"invalid ({type(exc).__name__})") from None
    except ValidationError as exc:
        err = exc.errors()[0]
        key = ".".join(str(p) for p in err["loc"])
        raise ValueError(f"invalid at {key}: {err['msg']}") from None
    _check_names(state, raw.get("plan"))
    return state


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _check_names(state: RunState, plan_raw) -> None:
    """What becomes a job name, an environment variable or a command holds no NUL or control character.

    ``plan`` checked the spec for them; a state.json edited (or damaged) afterwards could put
    them back, and a launch would then fail halfway through a tick.

    Raises:
        ValueError: naming the key.
    """
    if _CONTROL.search(state.run_id) or "/" in state.run_id or not 0 < len(state.run_id) <= 255:
        raise ValueError("invalid at run_id: not a plain name (a control character, a '/', or empty)")
    if set(state.entities) != set(state.plan.entities):
        raise ValueError("invalid at entities: not the entities of the locked plan "
                         f"({len(state.entities)} in entities, {len(state.plan.entities)} in plan.entities)")
    for ename, entity in state.entities.items():
        if set(entity.stages) != set(state.plan.entities[ename].stages):
            raise ValueError(f"invalid at entities.{ename}.stages: not the stages of the locked plan")
    for ename, entity in state.entities.items():
        for sname, stage in entity.stages.items():
            if _CONTROL.search(ename) or _CONTROL.search(sname):
                raise ValueError(f"invalid at entities.{ename!r}.{sname!r}: a control character in a name")
            counts = {"attempt": stage.attempt, "free_retries": stage.free_retries, **{
                f"budget_used.{k.value if hasattr(k, 'value') else k}": v for k, v in stage.budget_used.items()}}
            for key, count in counts.items():
                if not 0 <= count <= MAX_ATTEMPTS:
                    raise ValueError(f"invalid at entities.{ename}.stages.{sname}.{key}: {count} is not a count "
                                     f"of attempts (0 to {MAX_ATTEMPTS})")
            for attempt in stage.attempts:
                if _CONTROL.search(attempt.job_name):
                    raise ValueError(f"invalid at entities.{ename}.stages.{sname}.attempts.{attempt.n}.job_name: "
                                     "a control character")
    if plan_raw is None:
        return  # validated from text with no escaped NUL in it (parse_state): no NUL anywhere
    stack, seen = [("plan", plan_raw)], 0
    while stack:  # iterative: a deep plan cannot hit the recursion limit here
        where, value = stack.pop()
        seen += 1
        if isinstance(value, str):
            if "\0" in value:
                raise ValueError(f"invalid at {where}: a NUL byte")
        elif isinstance(value, dict):
            for k, v in value.items():
                if isinstance(k, str) and "\0" in k:
                    raise ValueError(f"invalid at {where}: a NUL byte in a key")
                stack.append((f"{where}.{k}", v))
        elif isinstance(value, list):
            stack.extend((f"{where}.{i}", v) for i, v in enumerate(value))


