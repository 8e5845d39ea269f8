"""A full disk as one clear line: which file system, how full, and what needed the room.

A tick checks for room before it writes anything (so a full disk changes nothing on disk),
and any write that still runs out of space (another process filled the disk meanwhile)
becomes the same :class:`DiskFull` error instead of a bare ``OSError: [Errno 28]``.
"""

import errno
import os
from pathlib import Path

from tianluo.errors import TianluoError

EXIT_DISK_FULL = 74  # EX_IOERR (sysexits.h): the file system, not the input, is the problem
MARGIN = 256 * 1024  # bytes kept free beyond what a save itself writes (folders, the events line)
FULL_ERRNOS = (errno.ENOSPC, errno.EDQUOT)


class DiskFull(TianluoError):
    """No room left (or the quota is used up) on the file system a run folder lives on."""

    exit_code = EXIT_DISK_FULL


def is_full(exc: BaseException) -> bool:
    return isinstance(exc, OSError) and exc.errno in FULL_ERRNOS


def mount_of(path: str | os.PathLike) -> tuple[str, str]:
    """``(mount point, file system type)`` of the file system holding ``path``.

    Read from ``/proc/self/mountinfo`` (the longest mount point that holds the path); where
    that file is missing, the mount point is found by walking up while the device stays the same.
    """
    real = os.path.realpath(path)
    while not os.path.exists(real) and real != os.sep:
        real = os.path.dirname(real)
    best, fstype = "", "?"
    try:
        with open("/proc/self/mountinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                left, _, right = line.partition(" - ")
                fields = left.split()
                if len(fields) < 5:
                    continue
                point = _unescape(fields[4])
                inside = real == point or real.startswith(point.rstrip(os.sep) + os.sep)
                if inside and len(point) >= len(best):
                    best, fstype = point, (right.split() or ["?"])[0]
    except OSError:
        best = ""
    if best:
        return best, fstype
    point = real
    try:
        dev = os.stat(point).st_dev
        while point != os.sep and os.stat(os.path.dirname(point)).st_dev == dev:
            point = os.path.dirname(point)
    except OSError:
        pass
    return point, fstype


def _unescape(text: str) -> str:
    """mountinfo writes space, tab, newline and backslash in paths as octal escapes."""
    for code, char in (("\\040", " "), ("\\011", "\t"), ("\\012", "\n"), ("\\134", "\\")):
        text = text.replace(code, char)
    return text


def free_bytes(path: str | os.PathLike) -> tuple[int, int]:
    """``(bytes the caller may still write, total size)`` of the file system holding ``path``."""
    st = os.statvfs(path)
    blocks = st.f_bfree if os.geteuid() == 0 else st.f_bavail
    return blocks * st.f_frsize, st.f_blocks * st.f_frsize


def _size(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024 or unit == "TiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} B"


def disk_full(path: str | os.PathLike, what: str, need: int | None = None,
              done: str = "nothing was changed") -> DiskFull:
    """The one-line error for a full file system under ``path``; ``what`` says what needed the room."""
    point, fstype = mount_of(path)
    try:
        free, total = free_bytes(point)
        room = f"{_size(free)} free of {_size(total)}"
    except OSError:
        room = "free space unknown"
    needed = f" (about {_size(need)})" if need else ""
    return DiskFull(f"{path}: the file system mounted at {point} ({fstype}) is full ({room}); {what} needs "
                    f"room there{needed}; {done}: free space on {point}, then try again "
                    f"(exit {EXIT_DISK_FULL})")


def check_room(folder: str | os.PathLike, need: int, what: str) -> None:
    """Raise :class:`DiskFull` unless ``need`` bytes plus a margin can still be written under ``folder``."""
    try:
        free, _ = free_bytes(folder)
    except OSError:
        return  # statvfs refused: the write itself will tell
    if free < need + MARGIN:
        raise disk_full(Path(folder), what, need + MARGIN)
