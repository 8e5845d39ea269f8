"""Who holds a run's lock, since when, and whether that is too long.

The holder writes one JSON line into ``.lock`` once its ``flock`` is taken (pid, the
process's start time, host, what it is, since when, its budget) and empties the file when it
lets go. Anyone may read it without taking the lock: ``status`` shows a lock held longer
than its holder's budget (a stopped or hung tick), and a tick that finds the lock taken for
too long tells the owner, once.
"""

import json
import math
import os
from collections import namedtuple
from datetime import UTC, datetime

from tianluo.timefmt import iso

#: A holder gets its budget plus this much (at most a minute) before it counts as stalled.
GRACE_FRACTION = 1.0
GRACE_MAX_S = 60.0
DEFAULT_BUDGET_S = 300.0  # a holder that recorded none (a human command, an older tianluo)
STALLED_MARK = ".lock-stalled"
MAX_BUDGET_S = 7 * 86400.0  # a recorded budget beyond this (or inf, NaN) is damage: the default applies
PID_MAX = 1 << 22  # the stall the owner was told about (so it is told once)


class Holder(namedtuple("Holder", "pid host since what budget_s proc_start",
                         defaults=("tick", DEFAULT_BUDGET_S, None))):
    """One holding: ``pid`` (int), ``host`` (str), ``since`` (datetime), ``what`` (str), ``budget_s`` (float),
    ``proc_start`` (float or None). A named tuple, not a dataclass: every tick reads it, and dataclasses
    imports inspect (a fifth of a tick's start-up)."""

    __slots__ = ()
    pid: int
    host: str
    since: datetime
    what: str
    budget_s: float
    proc_start: float | None

    def key(self) -> str:
        """The identity of one holding: the same process holding it since the same moment."""
        return f"{self.host}:{self.pid}:{iso(self.since)}"

    def held_for(self, now: datetime) -> float:
        return max(0.0, (now - self.since).total_seconds())

    def stalled(self, now: datetime) -> bool:
        """Held past its budget and grace: a stopped (SIGSTOP) or hung holder, or a dead one on another host."""
        return self.held_for(now) > self.budget_s + min(GRACE_MAX_S, self.budget_s * GRACE_FRACTION)

    def describe(self, now: datetime) -> str:
        from tianluo.durations import format_duration

        return (f"{self.what} pid {self.pid} on {self.host} has held it since {iso(self.since)} "
                f"({format_duration(round(self.held_for(now)))}; "
                f"its budget is {format_duration(round(self.budget_s))})")


def record(fd: int, what: str, budget_s: float | None, now: datetime | None = None) -> None:
    """Write this process into the (already flocked) lock file ``fd``."""
    doc = {"pid": os.getpid(), "host": os.uname().nodename, "since": iso(now or datetime.now(UTC)),
           "what": what, "budget_s": budget_s if budget_s is not None else DEFAULT_BUDGET_S,
           "proc_start": _proc_start(os.getpid())}
    data = (json.dumps(doc, sort_keys=True) + "\n").encode()
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, data, 0)
    except OSError:
        pass  # a full disk: the flock still holds; only `status` cannot say who has it


def clear(fd: int) -> None:
    """Empty the lock file as the holder lets go (a killed holder leaves its line; it names a dead pid)."""
    try:
        os.ftruncate(fd, 0)
    except OSError:
        pass


def parse(data: bytes) -> Holder | None:
    """The holder in a lock file's bytes; None if empty or unreadable (an older tianluo wrote only a pid)."""
    text = data.decode("utf-8", errors="replace").strip()
    if not text:
        return None
    if text.isdigit():
        if not 0 < len(text) <= 7 or not 0 < int(text) <= PID_MAX:
            return None
        return Holder(pid=int(text), host=os.uname().nodename, since=datetime.fromtimestamp(0, UTC),
                      what="tick")
    try:
        doc = json.loads(text.splitlines()[0])
        since = datetime.fromisoformat(str(doc["since"]).replace("Z", "+00:00"))
        if since.tzinfo is None:
            since = since.replace(tzinfo=UTC)
        budget = float(doc.get("budget_s") or DEFAULT_BUDGET_S)
        if not math.isfinite(budget) or not 0 < budget <= MAX_BUDGET_S:
            budget = DEFAULT_BUDGET_S  # damaged (inf, NaN, negative): what a holder that said nothing gets
        start = doc.get("proc_start")
        pid = doc["pid"]
        if not isinstance(pid, int) or isinstance(pid, bool) or not 0 < pid <= PID_MAX:
            return None
        return Holder(pid=pid, host=str(doc.get("host") or "?")[:200], since=since,
                      what=str(doc.get("what") or "tick")[:40], budget_s=budget,
                      proc_start=float(start) if isinstance(start, (int, float)) and math.isfinite(start) else None)
    except (ValueError, KeyError, TypeError, IndexError, OverflowError, RecursionError):
        return None


def flock_held(fd: int) -> bool | None:
    """Whether anyone holds a ``flock`` on the file open at ``fd`` (from /proc/locks; None: cannot tell).

    The lock file's text is only what its last holder wrote: a holder that died, or a line
    planted there, names a lock nobody holds. Reading /proc/locks takes no lock itself, so a
    tick starting at this moment is never turned away by someone asking.
    """
    st = os.fstat(fd)
    want = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    try:
        with open("/proc/locks", "rb") as f:
            data = f.read(16 * 1024 * 1024)
    except OSError:
        return None
    for line in data.decode("ascii", errors="replace").splitlines():
        fields = line.split()
        if "->" in fields:  # a waiter, not a holder
            continue
        if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == want:
            return True
    return False


def alive(holder: Holder) -> bool | None:
    """Whether the holder process still exists (None: on another host, nobody here can tell)."""
    if holder.host != os.uname().nodename:
        return None
    start = _proc_start(holder.pid)
    if start is None:
        return False
    return holder.proc_start is None or abs(start - holder.proc_start) < 1.0


def _proc_start(pid: int) -> float | None:
    """A process's start time (seconds since the epoch), or None if there is no such process."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read().decode(errors="replace")
        ticks = int(stat.rsplit(")", 1)[1].split()[19])
        with open("/proc/stat", "rb") as f:
            boot = next(int(line.split()[1]) for line in f.read().decode().splitlines() if line.startswith("btime"))
        return boot + ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, StopIteration):
        return None


def stall_report(holder: Holder, now: datetime) -> str:
    """The one line that says the lock is held too long, and what to do."""
    fix = (f"`kill -CONT {holder.pid}` if it was stopped, `kill {holder.pid}` if it hangs"
           if holder.host == os.uname().nodename else f"look at pid {holder.pid} on {holder.host}")
    return (f"the run's lock is held too long: {holder.describe(now)}; nothing moves until it lets go: {fix} "
            "(cron and systemd ticks are killed at their time limit)")
