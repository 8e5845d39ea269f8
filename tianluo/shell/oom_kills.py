"""The kernel's OOM killer, read back after an attempt failed: did it kill one of the attempt's processes?

A process the kernel kills for memory prints nothing: the log ends on a shell's ``Killed``, a
DataLoader's ``worker (pid 4123) is killed by signal: Killed``, torchrun's ``exitcode: -9``, or on
nothing at all, and the rules can only call it ``unknown/signal_sigkill``. The kernel says what
happened in its own log, one record per kill::

    Out of memory: Killed process 4123 (python3) total-vm:..., anon-rss:..., UID:1000 ...
    Memory cgroup out of memory: Killed process 4123 (python3) total-vm:...

This module reads those records from ``/dev/kmsg`` (the kernel's ring buffer: root, or any user
where ``kernel.dmesg_restrict`` is 0) and keeps the ones that name a process of the attempt
(``pids``: its command's and its runner's, as the runner recorded them, and those its log names,
such as a DataLoader worker's) killed while it ran. Only a local attempt's records are read: a pid
means something only on its own host.

Bounded and safe on a shared host: only the character device ``/dev/kmsg`` is opened (never a
link, never a file another user could plant), without blocking; at most ``MAX_RECORDS`` records
and ``MAX_SECONDS`` of reading; a record is parsed by plain string search, no pattern; the text
kept is one line of at most ``TEXT_CAP`` characters.
"""

import errno
import os
import stat
import time
from collections.abc import Iterable

from tianluo.faults.linear_re import LazyPattern
from tianluo.shell.records import PID_MAX

KMSG = "/dev/kmsg"
MAX_RECORDS = 100_000  # records read at most (the ring buffer holds a few thousand)
MAX_SECONDS = 2.0
RECORD_BYTES = 8192  # one read returns one record, at most this long
TEXT_CAP = 300
MAX_KILLS = 4  # records kept for one attempt
MAX_KEPT = 4096  # kill records kept from one read of the buffer (the newest)
SLACK_S = 30.0  # a kill this long before the attempt's start or after its end still counts (clock skew)
_MARK = "Killed process "

_OPEN_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)


def parse_record(record: bytes) -> tuple[float, int, str] | None:
    """(seconds since boot, killed pid, the record's text) of a kmsg record that reports an OOM kill, or None.

    A record is ``<prio>,<seq>,<usec since boot>,<flags>[,...];<message>`` and maybe continuation lines.
    """
    head, sep, rest = record.partition(b";")
    if not sep:
        return None
    message = rest.split(b"\n", 1)[0].decode("utf-8", "replace")
    at = message.find(_MARK)
    if at < 0:
        return None
    fields = head.split(b",")
    if len(fields) < 3 or not fields[2].isdigit() or len(fields[2]) > 20:
        return None
    digits = message[at + len(_MARK):at + len(_MARK) + 12].split(" ", 1)[0]
    if not digits.isdigit() or not 0 < int(digits) <= PID_MAX:
        return None
    text = "".join(c if c.isprintable() else " " for c in message[:TEXT_CAP])
    return int(fields[2]) / 1e6, int(digits), text


#: How logs name a process by its id: a DataLoader's ``worker (pid 4123)`` and ``(pid(s) 4123, 4124)``, torchrun's
#: ``(pid: 4123)``, ``pid=4123``.
_PID = LazyPattern(r"\bpid(?:\(s\))?[:=]? ?(\d{1,7}(?:, ?\d{1,7}){0,15})\b", capture=True)
MAX_NAMED = 64  # pids taken from a log at most
TAIL_CHARS = 64 * 1024  # the end of each log that is searched for them


def named_pids(tails: Iterable[str]) -> frozenset[int]:
    """The process ids the end of each log names (a killed DataLoader worker's, a rank's), at most MAX_NAMED."""
    out: set[int] = set()
    for text in tails:
        for line in text[-TAIL_CHARS:].splitlines():
            if "pid" not in line:
                continue
            m = _PID.search(line[:2000])
            if m is None:
                continue
            out.update(int(p) for p in m.group(1).replace(" ", "").split(",") if p)
            if len(out) >= MAX_NAMED:
                return frozenset(sorted(out)[:MAX_NAMED])
    return frozenset(out)


def boot_time() -> float:
    """The wall-clock time the kernel's record timestamps count from (they count monotonic time since boot)."""
    return time.time() - time.clock_gettime(time.CLOCK_MONOTONIC)


class KernelKills:
    """The kernel's OOM-kill records, read from ``path`` at most once (a tick with many failed attempts reads the
    ring buffer once) and filtered for each attempt."""

    def __init__(self, path: str = KMSG):
        self.path = path
        self._read: tuple[tuple[tuple[float, int, str], ...], str | None] | None = None

    def of(self, pids: Iterable[int], since: float, until: float) -> tuple[tuple[str, ...], str | None]:
        """The records of kills of ``pids`` between ``since`` and ``until`` (wall clock, seconds), and why none
        could be read (None when the log was read)."""
        wanted = {p for p in pids if isinstance(p, int) and p > 0}
        if not wanted:
            return (), None
        if self._read is None:
            self._read = read_kills(self.path)
        kills, note = self._read
        start, end = since - boot_time() - SLACK_S, until - boot_time() + SLACK_S
        found = [text for at, pid, text in kills if pid in wanted and start <= at <= end]
        return tuple(found[-MAX_KILLS:]), note


def read_kills(path: str = KMSG) -> tuple[tuple[tuple[float, int, str], ...], str | None]:
    """Every OOM-kill record in the kernel's ring buffer as (seconds since boot, pid, text), at most MAX_KEPT of the
    newest, and why none could be read (None when the log was read)."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        why = "is a symbolic link" if exc.errno == errno.ELOOP else f"cannot be read ({exc.strerror})"
        return (), f"{path} {why}: the kernel's OOM kills are not seen"
    try:
        if not stat.S_ISCHR(os.fstat(fd).st_mode):
            return (), f"{path} is not the kernel's log device: not read"
        return _kills(fd), None
    except OSError as exc:
        return (), f"{path} cannot be read ({exc.strerror}): the kernel's OOM kills are not seen"
    finally:
        os.close(fd)


def _kills(fd: int) -> tuple[tuple[float, int, str], ...]:
    found: list[tuple[float, int, str]] = []
    deadline = time.monotonic() + MAX_SECONDS
    for _ in range(MAX_RECORDS):
        try:
            record = os.read(fd, RECORD_BYTES)
        except BlockingIOError:
            break  # the end of the buffer
        except BrokenPipeError:
            continue  # the record was overwritten while being read: the next one follows
        except OSError as exc:
            if exc.errno == errno.EINVAL:  # a record longer than any the kernel writes: stop, do not spin
                break
            raise
        if not record or time.monotonic() > deadline:
            break
        if b"Killed process " not in record:
            continue
        parsed = parse_record(record)
        if parsed is not None:
            found.append(parsed)
    return tuple(found[-MAX_KEPT:])
