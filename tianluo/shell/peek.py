"""state.json read as plain JSON, for commands that only look: ``status``, and a tick of a finished run.

Validating a state builds every pydantic model of the run, and importing pydantic and the
models alone costs several times a bare ``python -c pass``: too much for a cron line that
learns a run is complete, or a person asking for ``status``. These commands read state.json
with the file checks of ``RunStore.load`` (the run folder's trust, no link followed, a size
cap, UTF-8, no NaN), then take each field they use from the plain JSON, checked for exactly
the type and form the validated state holds, with the model's default where a state leaves
a field out (tests/test_startup_cost.py checks every default here against the models).

Anything unexpected raises :class:`Doubt`, and the caller takes the validated path, which
gives the same answer or the proper one-line error: this module never reports a problem.
"""

import errno
import fcntl
import json
import math
import os
import re
import stat
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from tianluo.models.states import HUMAN_HOLD, FaultClass, Phase, StageStatus
from tianluo.shell import fsio, runfs
from tianluo.timefmt import iso

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any
else:  # typing's Any is for the type checker: importing typing costs a sixth of python's start, every tick
    Any = object

#: The state.json versions read here (model.SCHEMA_VERSION; a newer one is left to the validated path).
SCHEMA_VERSIONS = (1, 2, 3, 4)  # 2 leaves out defaults (exclude_defaults), 1 wrote them: the same shape; 3 holds
#                               plan.backend as {kind, options} (plan.slurm of 1 and 2), which nothing here reads;
#                               4 adds the GPU host (plan.host, gpus, an attempt's GPUs) and time limits, and
#                               goodput's facts (an attempt's judged_at and progress, a stage's released_holds)
#: The names and bounds of a run folder; store.py takes them from here (importing it would import the models).
STATE, EVENTS, SNAPSHOTS, LOCK, AGAIN = "state.json", "events.jsonl", "snapshots", ".lock", ".tick-again"
STALLED_MARK = ".lock-stalled"  # lockholder.STALLED_MARK (lockholder imports dataclasses: 10 ms)
QUIET = ".quiet"  # the certificate of the last tick with nothing to do (tianluo.core.quiet, tianluo.shell.quiet_tick)
STATE_CAP = 256 * 1024 * 1024
LAYOUT = {STATE: "reg", EVENTS: "reg", SNAPSHOTS: "dir", LOCK: "reg", "failures": "dir", "attempts": "dir",
          "plan.md": "reg", "cron.log": "reg", AGAIN: "reg", STALLED_MARK: "reg", "agent": "dir",
          ".daemon": "reg", QUIET: "reg"}
TAIL_CHUNK, TAIL_CAP = 64 * 1024, 4 * 1024 * 1024
MAX_ATTEMPTS = 10 ** 8
ATTEMPT_DIR = r"^attempts/[A-Za-z0-9][A-Za-z0-9._-]{0,63}/[A-Za-z0-9][A-Za-z0-9_-]{0,63}/[1-9][0-9]{0,8}$"
MAX_INT = 2 ** 63 - 1
MAX_TEXT = 4096


class Doubt(Exception):
    """The plain reading is not sure of something: take the validated path."""


# --- the file ----------------------------------------------------------------------------------


def check_layout(run_dir: Path) -> None:
    """``RunStore.check_layout``: the run folder is trusted and tianluo's names are of their kind."""
    runfs.check_run(run_dir)
    if layout_problem(run_dir) is not None:
        raise Doubt("layout")


def layout_problem(run_dir: Path) -> str | None:
    """The first of tianluo's names in the run folder that is not of the kind kept there (a link, a
    folder where a file belongs, ...), described in one line; None when all are right or absent."""
    fd = fsio.open_dir(run_dir)
    try:
        for name, kind in LAYOUT.items():
            try:
                st = os.stat(name, dir_fd=fd, follow_symlinks=False)
            except FileNotFoundError:
                continue
            if not (stat.S_ISREG(st.st_mode) if kind == "reg" else stat.S_ISDIR(st.st_mode)):
                return fsio.describe(fd, name, str(Path(run_dir) / name))
        return None
    finally:
        os.close(fd)


def _no_constant(name: str):
    raise ValueError(name)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(text[:40])
    return value


def read_state(run_dir: Path) -> dict:
    """The run's state.json as a plain dict, read as ``RunStore.load`` reads it.

    Raises:
        Doubt: anything at all the validated path should look at (it names the problem).
    """
    run_dir = Path(run_dir)
    try:
        check_layout(run_dir)
        fsio.clean_temps(run_dir)  # as RunStore.load: of writes whose process was killed
        fsio.clean_temps(run_dir / SNAPSHOTS)
        text = fsio.read_bytes(run_dir / STATE, STATE_CAP).decode("utf-8")
        raw = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except Exception as exc:  # noqa: BLE001 - whatever it is, the validated path says it properly
        raise Doubt(repr(exc)) from None
    if not isinstance(raw, dict):
        raise Doubt("not an object")
    return fill_held(raw)


def fill_held(raw: dict) -> dict:
    """A held stage's ``hold`` and ``reason`` where state.json left them out, as ``model.fill_derived`` fills
    them: its entity's hold, as a human's hold of the entity puts it on each stage, and that hold's reason."""
    entities = raw.get("entities")
    for entity in entities.values() if isinstance(entities, dict) else ():
        stages = entity.get("stages") if isinstance(entity, dict) else None
        if not isinstance(stages, dict):
            continue
        mirrored = entity.get("hold")
        for stage in stages.values():
            if not isinstance(stage, dict) or stage.get("status") != StageStatus.HELD.value:
                continue
            if stage.get("hold") is None and isinstance(mirrored, dict) and type(mirrored.get("reason")) is str:
                stage["hold"] = {"by": "human", "reason": HUMAN_HOLD + mirrored["reason"], "at": mirrored.get("at")}
                if stage.get("reason") is None:
                    stage["reason"] = stage["hold"]["reason"]
    return raw


# --- values, each checked for the type and form the validated state holds ---------------------------

REQUIRED = object()  # a field without a default: a state that leaves it out is not a state
_WHEN = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?Z\Z")
_NAME_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_ATTEMPT_DIR = ATTEMPT_DIR_RE = re.compile(ATTEMPT_DIR)


def text(value) -> str:
    if type(value) is not str:
        raise Doubt(value)
    return value


def integer(value) -> int:
    if type(value) is not int:  # not a bool, not 3.0
        raise Doubt(value)
    return value


def number(value) -> float:
    """A float field: a JSON integer is the float pydantic makes of it."""
    if type(value) is int:
        return float(value)
    if type(value) is not float:
        raise Doubt(value)
    return value


def flag(value) -> bool:
    if type(value) is not bool:
        raise Doubt(value)
    return value


def when(value) -> datetime:
    """A time as tianluo writes it (``2026-11-29T15:00:00.123456Z``); any other form is left to pydantic."""
    if type(value) is not str or not _WHEN.match(value):
        raise Doubt(value)
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        raise Doubt(value) from None


def when_text(value) -> str:
    """A time, as ``model_dump(mode="json")`` writes it."""
    return iso(when(value))


def texts(value) -> list[str]:
    if type(value) is not list:
        raise Doubt(value)
    return [text(v) for v in value]


def obj(value) -> dict:
    if type(value) is not dict:
        raise Doubt(value)
    return value


def items(value) -> list:
    if type(value) is not list:
        raise Doubt(value)
    return value


def optional(check):
    def read(value):
        return None if value is None else check(value)
    return read


def one_of(*values: str):
    def read(value) -> str:
        if type(value) is not str or value not in values:
            raise Doubt(value)
        return value
    return read


def port(value) -> int:
    if not 1 <= integer(value) <= 65535:
        raise Doubt(value)
    return value


def scalar(value):
    """A param's value (spec_parts.Scalar): a bool, a 64-bit int, a finite float or one plain line."""
    from tianluo.plaintext import control_problem

    if type(value) is bool or type(value) is float:
        return value
    if type(value) is int and -MAX_INT - 1 <= value <= MAX_INT:
        return value
    if type(value) is str and len(value) <= MAX_TEXT and not control_problem(value):
        return value
    raise Doubt(value)


def field(doc: dict, key: str, check, default=REQUIRED):
    """``doc[key]`` checked, or the model's default where the state leaves it out."""
    if key in doc:
        return check(doc[key])
    if default is REQUIRED:
        raise Doubt(key)
    return list(default) if isinstance(default, list) else dict(default) if isinstance(default, dict) else default


def known(doc, keys: frozenset) -> dict:
    """``doc`` if it is an object with no key the model lacks (every model forbids extra keys)."""
    if type(doc) is not dict or not keys.issuperset(doc):
        raise Doubt(doc)
    return doc


def dump(doc, table: tuple) -> dict:
    """``model_dump(by_alias=True, mode="json")`` of one record, from its plain JSON and its field table."""
    known(doc, frozenset(name for name, _, _ in table))
    return {name: field(doc, name, check, default) for name, check, default in table}


# --- the records dumped whole into ``status --json``; (field, check, default) in the model's order ---

FAULT_CLASSES = tuple(c.value for c in FaultClass)
Fields = tuple[tuple[str, Callable[[Any], Any], Any], ...]
FAULT = (("class", one_of(*FAULT_CLASSES), REQUIRED), ("label", text, REQUIRED), ("evidence", optional(text), None),
         ("free", flag, False), ("rule_class", optional(one_of(*FAULT_CLASSES)), None),
         ("rule_label", optional(text), None), ("agent_call", optional(integer), None))
WAIT: Fields = (("kind", one_of("space"), "space"), ("label", text, REQUIRED), ("paths", texts, REQUIRED),
        ("since", when_text, REQUIRED), ("threshold", text, REQUIRED), ("facts", texts, []),
        ("notified", flag, False))
DEGRADATION = (("attempt", integer, REQUIRED), ("action", text, REQUIRED), ("changes", texts, REQUIRED),
               ("at", when_text, REQUIRED))
CHECKPOINT_MOVE = (("attempt", integer, REQUIRED), ("path", text, REQUIRED), ("size", integer, REQUIRED),
                   ("mtime_ns", integer, REQUIRED), ("resume_from", text, REQUIRED), ("at", when_text, REQUIRED),
                   ("aside", optional(text), None),
                   ("outcome", optional(one_of("moved", "missing", "failed")), None),
                   ("detail", optional(text), None), ("done_at", optional(when_text), None))
CHECK = (("kind", text, REQUIRED), ("target", text, REQUIRED), ("ok", flag, REQUIRED), ("detail", text, ""))
HOLD = (("by", one_of("ladder", "human"), REQUIRED), ("reason", text, REQUIRED), ("at", when_text, REQUIRED),
        ("analysis", optional(text), None), ("notified", flag, False))
TRIGGER: Fields = (("kind", one_of("cron", "systemd", "daemon", "none"), REQUIRED), ("every", number, REQUIRED),
           ("installed_at", when_text, REQUIRED), ("detail", text, ""),
           ("options", lambda v: {text(k): text(x) for k, x in obj(v).items()}, {}),
           ("removed_at", optional(when_text), None))
DECISION = tuple((name, text, "" if name in ("type", "question") else REQUIRED)
                 for name in ("qid", "key", "type", "question", "answer", "by", "at"))


def decision(doc) -> dict:
    """A pre-authorised decision, its type and question filled in where state.json left them out (as
    ``model.PreAuthorizedDecision`` does)."""
    out = dump(doc, DECISION)
    if not out["type"]:
        out["type"] = out["key"].split(":", 1)[0]
    if not out["question"]:
        kind, _, rest = out["key"].partition(":")
        sid, _, tid = rest.partition(":")
        if kind != "cross" or not sid or not tid or ":" in tid:
            raise Doubt("question")
        out["question"] = f"{sid} waits for {tid}, a stage of another entity: wait for it, or go without it?"
    return out

#: The keys each record may have (its model's fields), for the records read field by field.
KEYS = {
    "RunState": frozenset({"schema_version", "run_id", "created_at", "tianluo_version", "revision", "phase",
                           "phase_reason", "plan", "entities", "gate", "end", "pre_authorized_decisions", "trigger",
                           "total_attempts", "blocked_notified", "scheduler_unreachable_since", "scheduler_notified",
                           "tick_count", "last_tick_at", "event_seq", "outbox", "agent_calls", "notices",
                           "gpus"}),
    "Plan": frozenset({"name", "backend", "interval", "workdir", "spec_file", "spec_sha256", "entities",
                       "success_gate", "ladder", "rules", "notify", "heartbeat", "max_attempts", "cancel_grace",
                       "fork_values", "authorization", "agent", "host"}),
    "PlannedEntity": frozenset({"params", "stages"}),
    "PlannedStage": frozenset({"command", "needs", "done_when", "progress", "output", "expected", "logs",
                               "checkpoints", "run", "variants", "degrade", "when", "branch", "start_held",
                               "resources"}),
    "EntityState": frozenset({"stages", "params", "hold"}),
    "StageState": frozenset({"status", "attempt", "attempts", "fault", "budget_used", "next_attempt_at", "reason",
                             "succeeded_at", "progress", "diagnosis", "hold", "variant", "skipped_by", "degradations",
                             "exclude_hosts", "free_retries", "wait", "checkpoint_moves", "consults",
                             "gpu_wait_since", "time_limit", "unblocks", "released_holds"}),
    "Attempt": frozenset({"n", "job_name", "dir", "intent_at", "handle", "submitted_at", "launches", "launch_error",
                          "adopted", "started_at", "resumed_at", "ended_at", "exit_code", "signal", "host", "port",
                          "command", "env", "outcome", "fault", "fingerprint", "log_cursors", "findings", "cancel",
                          "output_size", "output_grew_at", "queue_notified", "gpus", "gpu_uuids", "log_moved_at",
                          "gpu_idle_since", "gpu_busy_since", "overrun_told", "judged_at", "progress", "leftover",
                          "unknown_since", "pids"}),
    "Handle": frozenset({"job_id", "pid", "create_time", "host"}),
    "ProgressReading": frozenset({"done", "total", "seen_at", "first_done", "first_at", "first_exact"}),
    "Diagnosis": frozenset({"at", "attempt", "verdict", "scheduler", "container", "logs", "progress", "output"}),
    "GateState": frozenset({"met", "met_at", "checks", "checkpoint_reached_at"}),
    "SuccessGate": frozenset({"all_done", "exists", "metric", "mode", "checkpoint", "on_end", "deadline"}),
    "TriggerRecord": frozenset({"kind", "every", "installed_at", "detail", "options", "removed_at"}),
}

#: The defaults of the fields read one by one (a test checks each against its model).
DEFAULTS: dict[str, dict[str, Any]] = {
    "RunState": {"revision": 0, "blocked_notified": False, "scheduler_notified": False, "phase": "running",
                 "phase_reason": None, "gate": {}, "pre_authorized_decisions": [], "trigger": None, "total_attempts": 0,
                 "scheduler_unreachable_since": None, "tick_count": 0, "last_tick_at": None, "event_seq": 0,
                 "outbox": [], "agent_calls": 0, "end": None, "notices": []},
    "PlannedEntity": {"params": {}},
    "PlannedStage": {"needs": []},
    "EntityState": {"params": {}, "hold": None},
    "StageState": {"status": "pending", "attempt": 0, "attempts": [], "fault": None, "budget_used": {},
                   "next_attempt_at": None, "reason": None, "succeeded_at": None, "progress": None,
                   "diagnosis": None, "hold": None, "variant": None, "skipped_by": None, "degradations": [],
                   "exclude_hosts": [], "free_retries": 0, "wait": None, "checkpoint_moves": [], "consults": [],
                   "time_limit": None, "unblocks": []},
    "Attempt": {"job_name": "", "dir": "", "handle": None, "submitted_at": None, "started_at": None, "ended_at": None,
                "exit_code": None, "host": None, "port": None, "gpus": None},
    "Handle": {"job_id": "", "pid": None, "create_time": None, "host": None},
    "ProgressReading": {"total": None, "first_done": None, "first_at": None, "first_exact": True},
    "GateState": {"met": False, "met_at": None, "checks": [], "checkpoint_reached_at": None},
    "SuccessGate": {"mode": "complete-and-exit", "checkpoint": [], "on_end": "leave", "deadline": None},
    "TriggerRecord": {"removed_at": None},
}
PHASES = tuple(p.value for p in Phase)
STATUSES = tuple(s.value for s in StageStatus)


def get(doc: dict, model: str, key: str, check):
    """Field ``key`` of a ``model`` record, with that model's default."""
    return field(doc, key, check, DEFAULTS[model].get(key, REQUIRED))


# --- the checks of store.parse_state beyond the models ------------------------------------------------


def check_names(raw: dict) -> None:
    """A version read here, and ``store._check_names`` on the plain JSON: names, the plan's entities and
    stages, counts, NULs."""
    version = raw.get("schema_version")
    if type(version) is not int or version not in SCHEMA_VERSIONS:
        raise Doubt("schema_version")
    run_id = text(raw.get("run_id"))
    if _NAME_CONTROL.search(run_id) or "/" in run_id or not 0 < len(run_id) <= 255:
        raise Doubt("run_id")
    plan = known(raw.get("plan"), KEYS["Plan"] if version >= 3 else KEYS["Plan"] | {"slurm"})  # schema 3: in backend
    planned = obj(field(plan, "entities", obj))
    entities = obj(field(raw, "entities", obj))
    if set(entities) != set(planned):
        raise Doubt("entities")
    for ename, entity in entities.items():
        stages = obj(field(known(entity, KEYS["EntityState"]), "stages", obj))
        if set(stages) != set(obj(field(known(planned[ename], KEYS["PlannedEntity"]), "stages", obj))):
            raise Doubt("stages")
        for sname, stage in stages.items():
            if _NAME_CONTROL.search(ename) or _NAME_CONTROL.search(sname):
                raise Doubt("name")
            known(stage, KEYS["StageState"])
            counts = [get(stage, "StageState", "attempt", integer), get(stage, "StageState", "free_retries", integer)]
            counts += [integer(v) for v in obj(get(stage, "StageState", "budget_used", obj)).values()]
            if not all(0 <= c <= MAX_ATTEMPTS for c in counts):
                raise Doubt("count")
            for attempt in items(get(stage, "StageState", "attempts", items)):
                if _NAME_CONTROL.search(get(known(attempt, KEYS["Attempt"]), "Attempt", "job_name", text)):
                    raise Doubt("job_name")
    stack = [plan]
    while stack:  # iterative, as store._check_names
        value = stack.pop()
        if isinstance(value, str):
            if "\0" in value:
                raise Doubt("NUL")
        elif isinstance(value, dict):
            if any(isinstance(k, str) and "\0" in k for k in value):
                raise Doubt("NUL")
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


def attempt(doc: dict, entity: str, stage: str) -> dict:
    """The fields of an attempt ``status`` shows, checked (and the attempt's identity); a left-out ``dir``
    is the derived one (``model.derived_dir``)."""
    n = field(doc, "n", integer)
    folder = get(doc, "Attempt", "dir", text) or f"attempts/{entity}/{stage}/{n}"
    if n < 1 or not _ATTEMPT_DIR.match(folder):
        raise Doubt("attempt")
    when(field(doc, "intent_at", lambda v: v))
    handle = get(doc, "Attempt", "handle", optional(lambda v: known(v, KEYS["Handle"])))
    if handle is not None:
        pid = get(handle, "Handle", "pid", optional(integer))
        job_id = get(handle, "Handle", "job_id", text) or (str(pid) if pid is not None else None)
        if job_id is None:
            raise Doubt("job_id")
        handle = {"job_id": job_id, "pid": pid,
                  "create_time": get(handle, "Handle", "create_time", optional(number)),
                  "host": get(handle, "Handle", "host", optional(text))}
    return {"dir": folder, "handle": handle, "host": get(doc, "Attempt", "host", optional(text)),
            "port": get(doc, "Attempt", "port", optional(port)),
            "submitted_at": get(doc, "Attempt", "submitted_at", optional(when)),
            "started_at": get(doc, "Attempt", "started_at", optional(when)),
            "ended_at": get(doc, "Attempt", "ended_at", optional(when)),
            "exit_code": get(doc, "Attempt", "exit_code", optional(integer)),
            "gpus": get(doc, "Attempt", "gpus", optional(lambda v: [integer(i) for i in items(v)]))}


# --- who holds the lock, and the newest event ---------------------------------------------------


def lock_holder(run_dir: Path):
    """``RunStore.lock_holder``: who holds the run's lock now (a ``lockholder.Holder``; None: nobody)."""
    try:
        fd = fsio.open_file(Path(run_dir) / LOCK, os.O_RDONLY)
    except (OSError, fsio.UnsafePath):
        return None
    try:
        data = os.pread(fd, 4096, 0)
        if not data.strip():
            return None  # emptied by the last holder as it let go: lockholder.parse says None
        from tianluo.shell import lockholder

        if lockholder.flock_held(fd) is False:
            return None
        holder = lockholder.parse(data)
    except OSError:
        return None
    finally:
        os.close(fd)
    if holder is None or lockholder.alive(holder) is False:
        return None
    return holder


def last_seq(run_dir: Path) -> int:
    """``RunStore.last_seq``: the ``seq`` of the newest numbered event in events.jsonl (0 if none)."""
    try:
        fd = fsio.open_file(Path(run_dir) / EVENTS, os.O_RDONLY)
    except FileNotFoundError:
        return 0
    except OSError as exc:
        raise Doubt(repr(exc)) from None
    try:
        return tail_seq(fd)
    finally:
        os.close(fd)


def tail_seq(fd: int) -> int:
    """The ``seq`` of the newest numbered event in the events file open at ``fd`` (0 if none).

    Only the end is read (events are appended in ``seq`` order, under the lock), growing the
    window 8x at a time up to ``TAIL_CAP``.
    """
    size, chunk = os.fstat(fd).st_size, TAIL_CHUNK
    while True:
        start = max(0, size - chunk)
        lines = os.pread(fd, size - start, start).split(b"\n")
        for line in reversed(lines[1:] if start else lines):  # the first may be cut
            try:
                ev = json.loads(line) if line.strip() else None
            except (ValueError, RecursionError):
                continue  # a line torn by a crash
            if isinstance(ev, dict) and isinstance(ev.get("seq"), int):
                return ev["seq"]
        if start == 0 or chunk >= TAIL_CAP:
            return 0  # no numbered event (a run an older tianluo started)
        chunk *= 8


# --- a tick that finds nothing to do (idle_tick.py, quiet_tick.py) ------------------------------------


def under_lock(run_dir: Path, budget: float | None, look: Callable[[Path], Any], what: str = "tick") -> Any:
    """``look(run_dir)`` under the run's lock, taken as a tick (or the command ``what``) takes it, with the
    run folder checked writable as a tick checks it; None when the lock is taken, anything is in doubt or
    raises (the full tick, or command, then runs, and names any problem)."""
    try:
        check_layout(run_dir)
        fd = fsio.open_file(run_dir / LOCK, os.O_RDWR | os.O_CREAT)
    except Exception:  # noqa: BLE001 - the full tick names it
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            if exc.errno not in (errno.EAGAIN, errno.EACCES):
                return None
            return None  # taken: the full tick says by whom (and whether it is stalled)
        from tianluo.shell import lockholder

        try:
            probe_writable(run_dir)
            lockholder.record(fd, what, budget)
        except Exception:  # noqa: BLE001
            return None
        try:
            return look(run_dir)
        except Doubt:
            return None
        finally:
            lockholder.clear(fd)
    finally:
        os.close(fd)


def probe_writable(run_dir: Path) -> None:
    """Every file a save writes can be written (``RunStore.check_writable`` says so in words).

    Creates snapshots/ (0700) if it is missing; makes cron.log, which cron's shell creates with
    cron's umask, the owner's alone (at most 0600).

    Raises:
        UnsafePath: a link, the wrong kind of file, or a cron.log with another hard link.
        OSError: not writable (a read-only disk, modes).
    """
    fsio.make_dirs(run_dir / SNAPSHOTS)
    if os.path.lexists(run_dir / STATE):
        # state.json is only ever replaced (a hard link to it is left alone): a probe, not a write in place
        os.close(fsio.open_file(run_dir / STATE, os.O_WRONLY, in_place=False))
    os.close(fsio.open_file(run_dir / EVENTS, os.O_WRONLY | os.O_APPEND | os.O_CREAT))
    for folder in (run_dir, run_dir / SNAPSHOTS):
        if not os.access(folder, os.W_OK):
            raise PermissionError(errno.EACCES, "not writable", str(folder))
    cron_log = run_dir / "cron.log"
    try:
        fd = fsio.open_file(cron_log, os.O_RDONLY)
    except FileNotFoundError:
        return
    try:
        st = os.fstat(fd)
        if st.st_nlink > 1:  # another name for the same file: its mode is not ours to change
            raise fsio.UnsafePath(fsio.hard_linked(cron_log, st.st_nlink))
        if stat.S_IMODE(st.st_mode) & 0o077:
            os.fchmod(fd, stat.S_IMODE(st.st_mode) & 0o600)
    finally:
        os.close(fd)
