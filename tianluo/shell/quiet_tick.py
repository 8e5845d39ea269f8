"""An active run's tick with nothing to do, taken without the models: the world checked against the
certificate the last full tick left (``tianluo.core.quiet``), and the tick recorded in state.json.

A full tick whose decision did nothing writes ``.quiet`` next to state.json: the revision and
SHA-256 of the state it saved, what it saw of each running attempt, and until when nothing can
come due by the clock. The next tick (``tianluo tick``, before it imports anything heavy) reads
that, and takes this shorter way only when all of it still holds:

- state.json is byte for byte the certified state (any save since, by a tick, ``hold``, ``note``,
  a restore or a hand edit, changes its revision or digest);
- the clock is before ``until``, and the gap since the last tick is not one the full tick would
  call overdue;
- each running attempt is what the local backend's poll would call running and not stopped
  (its runner, by pid, create time and job tag, from the same started.json; no exit.json; the
  job's process tree not stopped), and its logs, output and port are as the full tick left them.

Then the tick is recorded as the full one records a tick with nothing to do (``tick_count``,
``last_tick_at``, a new revision; no event, no snapshot), the certificate follows the new
revision, and the heartbeat is pinged after the lock is let go. Anything else, or any doubt:
None, and the full tick runs (and certifies again once it has nothing to do).
"""

import json
import os
import stat
from datetime import datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

from tianluo.shell import fsio, peek, proctable, records
from tianluo.shell.peek import AGAIN, QUIET, STALLED_MARK, STATE, STATE_CAP, Doubt
from tianluo.timefmt import iso, utcnow

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hashlib import sha256
else:  # CPython's own SHA-256: hashlib would load OpenSSL first, a fifth of python's start, every quiet tick
    try:
        from _sha256 import sha256  # Python 3.11, the project's Python
    except ImportError:  # another Python (3.12 renamed the module) or a build without it: hashlib's
        from hashlib import sha256

VERSION = 1  # tianluo.core.quiet.VERSION (importing it would import the models)
CERT_CAP = 64 * 1024 * 1024
TAG = "TIANLUO_JOB"  # backends.local.TAG
CREATE_TIME_TOLERANCE = 0.1  # backends.local.CREATE_TIME_TOLERANCE
STREAMS = ("stdout", "stderr")  # observe.STREAMS: scanned for every running attempt
REPORT = "report.html"  # written by the full tick when it is missing


def write(run_dir: Path, cert: dict, revision: int, data: bytes) -> None:
    """Save ``cert`` for the state saved as ``data`` at ``revision`` (not fsynced: one lost is one full tick)."""
    doc = {**cert, "revision": revision, "sha256": sha256(data).hexdigest()}
    fsio.atomic_write(Path(run_dir) / QUIET, json.dumps(doc) + "\n", durable=False)


def forget(run_dir: Path) -> None:
    """Remove the certificate (a full tick that did something): a stale one would only be declined."""
    try:
        (Path(run_dir) / QUIET).unlink(missing_ok=True)
    except OSError:
        pass


def quiet_tick(run_dir: Path, budget: float | None = None, now: datetime | None = None) -> tuple[str, str] | None:
    """``(message, heartbeat line)`` of a tick with nothing to do, taken without the models; None: the
    full tick must run. The heartbeat line is '' without a heartbeat."""
    done = peek.under_lock(Path(run_dir), budget, lambda d: _quiet(d, now or utcnow()))
    if done is None:
        return None
    message, beat = done
    if beat is None:
        return message, ""
    from tianluo.messages import heartbeat

    return message, heartbeat.ping(beat, ok=True)  # after the lock is let go, as run_tick pings


def _quiet(run_dir: Path, now: datetime):
    if any(os.path.lexists(run_dir / name) for name in (AGAIN, STALLED_MARK)) \
            or not os.path.lexists(run_dir / REPORT):
        return None
    try:
        cert = json.loads(fsio.read_bytes(run_dir / QUIET, CERT_CAP))
        data = fsio.read_bytes(run_dir / STATE, STATE_CAP)
    except (OSError, ValueError, fsio.UnsafePath):
        return None
    if not isinstance(cert, dict) or cert.get("version") != VERSION or cert.get("sha256") != \
            sha256(data).hexdigest():
        return None
    raw = peek.obj(json.loads(data))
    if raw.get("revision") != cert.get("revision") or not now < peek.when(cert.get("until")):
        return None
    last = peek.get(raw, "RunState", "last_tick_at", peek.optional(peek.when))
    overdue = cert.get("overdue_after_s")
    if overdue is not None and last is not None and now - last > timedelta(seconds=peek.number(overdue)):
        return None  # the full tick says ticks were overdue
    if not _world_as_certified(run_dir, peek.items(cert.get("stages"))):
        return None
    raw["revision"] = peek.integer(raw["revision"]) + 1
    raw["tick_count"] = peek.get(raw, "RunState", "tick_count", peek.integer) + 1
    raw["last_tick_at"] = iso(now)
    indent = 1 if data.startswith(b"{\n") else None  # as model.dump_state lays it out
    text = json.dumps(raw, ensure_ascii=False, indent=indent, separators=None if indent else (",", ":"))
    new = text.encode("utf-8")
    try:
        fsio.atomic_write(run_dir / STATE, new)
        write(run_dir, {k: v for k, v in cert.items() if k not in ("revision", "sha256")}, raw["revision"], new)
    except OSError:
        return None  # a full disk: the full tick says so (state.json is the old or the new one, never half)
    beat = raw["plan"].get("heartbeat")
    if beat is not None:
        beat = SimpleNamespace(url=peek.text(peek.obj(beat)["url"]), timeout=peek.number(beat.get("timeout", 5.0)))
    return f"run {peek.text(raw['run_id'])}: {peek.text(raw.get('phase', 'running'))}", beat


def _world_as_certified(run_dir: Path, stages: list) -> bool:
    """Each certified running attempt is still running, unstopped, with nothing new in its logs or output."""
    if not stages:
        return True
    table = proctable.read()  # once, as the backend's poll reads it
    return all(_same_attempt(run_dir, peek.obj(s), table) for s in stages)


def _same_attempt(run_dir: Path, rec: dict, table) -> bool:
    folder = run_dir / peek.text(rec["dir"])
    if not peek.ATTEMPT_DIR_RE.match(rec["dir"]):
        return False
    started, problem = records.read_started(folder)
    if started is None or problem is not None:
        return False
    # the poll looks the runner up by started.json (backends.local._handle_from_started), as here
    pid, create_time = started.get("runner_pid"), started.get("runner_create_time") or 0.0
    if pid != rec["pid"] or started.get("port") != rec["port"]:
        return False
    proc = table.same(pid, create_time, CREATE_TIME_TOLERANCE)
    if proc is None or proc.status == proctable.ZOMBIE or table.env_value(pid, TAG) != rec["job_name"]:
        return False
    if os.path.lexists(folder / "exit.json"):
        return False  # ended (or on its way out): judged by the full tick
    if proctable.job_usage(table, proc)[2] == proctable.STOPPED:
        return False  # the verdict would change to "stopped (SIGSTOP?)"
    logs = peek.obj(rec["logs"])
    if set(logs) != set(STREAMS):
        return False
    for name, (offset, inode) in logs.items():
        try:
            st = os.lstat(folder / name)
        except FileNotFoundError:
            if (offset, inode) != (0, None):
                return False
            continue
        except OSError:
            return False
        if (offset, inode) == (0, None) and stat.S_ISREG(st.st_mode) and st.st_size == 0:
            continue  # made empty since: the runner opens its logs just after it claims started.json
        if not stat.S_ISREG(st.st_mode) or st.st_ino != inode or st.st_size != offset:
            return False  # new bytes, a rotated or truncated log, or a planted link
    output = rec.get("output")
    if output is not None:
        try:
            size = os.stat(peek.text(output["path"])).st_size
        except OSError:
            return True  # not there: the full tick changes nothing for it either (diagnose.update_output)
        return output["size"] is not None and size == output["size"]
    return True


__all__ = ["Doubt", "quiet_tick", "write", "forget"]
