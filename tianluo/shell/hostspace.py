"""Free space and inodes of the file systems a stage writes to, measured with statvfs.

A library that hits a full disk does not always say so (``torch.save`` printed only
``basic_ios::clear: iostream error``), so when an attempt fails the output layer looks at
the host itself: every place the attempt could write to (``tianluo.shell.write_places``: its
``done_when`` files, output, checkpoints, logs, the paths in its command and parameters, the
project folder and the attempt folder), each file system once, named by the first of those
paths on it. A read-only file system is left out: nothing could be written there.

A folder that does not exist yet is measured at its nearest existing ancestor. The walk to
it opens one component at a time and follows a symbolic link only where nobody else could
have planted it (the link and the folder holding it belong to root or to tianluo's user,
and that folder is not writable by group or others); any other link ends the walk at the
folder holding it. Only folders are opened, and only to be located (``O_PATH``): nothing
here runs a process or reads a file, and a path that is a file counts by its folder.

Thresholds (documented in reference/spec.md):

- **full**: free bytes below ``max(64 MiB, 0.5% of the size)``, or free inodes below
  ``max(64, 0.5% of the inodes)``; each threshold at most 10% of the size, so a small file
  system is not always "full". Whatever its size, a file system with no block left for the
  user (``f_bavail``; ``f_bfree`` as root) or no inode left is full (one that reports no
  blocks at all, such as /proc, never is);
- **ok_again** (a wait for space ends): free bytes at least ``max(1 GiB, 2% of the size)``
  and free inodes at least ``max(1024, 2% of the inodes)``; each at most 25% of the size. The
  gap between the two keeps a file system at the edge from flapping between wait and retry.
"""

import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass

from tianluo.shell.write_places import MAX_PLACES

MiB = 1024 * 1024
GiB = 1024 * MiB
FULL_BYTES, FULL_INODES, FULL_SHARE = 64 * MiB, 64, 0.005
OK_BYTES, OK_INODES, OK_SHARE = GiB, 1024, 0.02
FULL_CAP, OK_CAP = 0.10, 0.25  # the thresholds' ceiling, as a share of the file system
#: The verdicts in words, for a wait's threshold and the docs.
FULL_RULE = "free < max(64 MiB, 0.5% of the size) or free inodes < max(64, 0.5%), at most 10% of the size"
OK_AGAIN_RULE = "free >= max(1 GiB, 2% of the size) and free inodes >= max(1024, 2%), at most 25% of the size"
MAX_FOLDERS = MAX_PLACES  # paths measured per stage (tianluo.shell.write_places bounds what a stage gives)
MAX_LINKS = 40  # links followed in one walk (the kernel's own limit)


def _threshold(total: int, floor: int, share: float, cap: float) -> float:
    return min(max(floor, share * total), cap * total)


@dataclass(frozen=True)
class FsSpace:
    """One file system a stage writes to, as measured (sizes in bytes)."""

    path: str  # the stage's folder that led to this file system (absolute)
    free_bytes: int
    total_bytes: int
    free_inodes: int
    total_inodes: int  # 0: the file system does not count inodes (btrfs...), so they never run out

    @property
    def bytes_full(self) -> bool:
        return self.free_bytes < _threshold(self.total_bytes, FULL_BYTES, FULL_SHARE, FULL_CAP)

    @property
    def inodes_full(self) -> bool:
        return self.total_inodes > 0 and self.free_inodes < _threshold(
            self.total_inodes, FULL_INODES, FULL_SHARE, FULL_CAP)

    @property
    def full(self) -> bool:
        """Too little room (or too few inodes) left for a job to write its files."""
        return self.bytes_full or self.inodes_full

    @property
    def ok_again(self) -> bool:
        """Room enough to try again (stricter than not ``full``: a wait does not end at the edge)."""
        inodes_ok = self.total_inodes == 0 or self.free_inodes >= _threshold(
            self.total_inodes, OK_INODES, OK_SHARE, OK_CAP)
        return inodes_ok and self.free_bytes >= _threshold(self.total_bytes, OK_BYTES, OK_SHARE, OK_CAP)

    def describe(self) -> str:
        """``/mnt/ckpt: 0 bytes free of 64.0 MiB`` (and the inodes when they are what ran out)."""
        text = f"{self.path}: {size_text(self.free_bytes)} free of {size_text(self.total_bytes)}"
        if self.inodes_full:
            text += f", {self.free_inodes:,} of {self.total_inodes:,} inodes free"
        return text


def size_text(n: int) -> str:
    """Bytes for people: ``0 bytes``, ``512 bytes``, ``63.9 MiB``, ``1.5 TiB``."""
    if n < 1024:
        return f"{n} bytes"
    value = float(n)
    for unit in ("KiB", "MiB", "GiB", "TiB", "PiB"):
        value /= 1024
        if value < 1024 or unit == "PiB":
            return f"{value:.1f} {unit}"
    return f"{n} bytes"  # pragma: no cover


def _trusted_link(link: os.stat_result, folder: os.stat_result) -> bool:
    """A link nobody but root or us could have put there: both ours or root's, the folder not shared."""
    me = (0, os.geteuid())
    shared = folder.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    return link.st_uid in me and folder.st_uid in me and not shared


def _open_nearest(path: str) -> int | None:
    """An O_PATH descriptor of the deepest existing folder on the way to ``path``; None if not even '/'.

    ``..`` and ``.`` are taken as written (lexically); a link is followed only if it is trusted.
    """
    parts = [p for p in os.path.normpath(path).split("/") if p and p != "."]
    flags = os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC
    try:
        fd = os.open("/", flags)
    except OSError:
        return None
    links = 0
    while parts:
        part = parts.pop(0)
        try:
            st = os.stat(part, dir_fd=fd, follow_symlinks=False)
        except OSError:
            break  # missing (or unreadable): the folder so far is the nearest
        if stat.S_ISLNK(st.st_mode):
            try:
                trusted = _trusted_link(st, os.fstat(fd)) and links < MAX_LINKS
                target = os.readlink(part, dir_fd=fd) if trusted else None
            except OSError:
                target = None
            if target is None:
                break
            links += 1
            if target.startswith("/"):
                os.close(fd)
                try:
                    fd = os.open("/", flags)
                except OSError:
                    return None
            parts[:0] = [p for p in target.split("/") if p and p != "."]
            continue
        if not stat.S_ISDIR(st.st_mode):
            break
        if part == "..":
            nxt = os.open("..", flags, dir_fd=fd)
        else:
            try:
                nxt = os.open(part, flags | os.O_NOFOLLOW, dir_fd=fd)
            except OSError:  # swapped for a link or removed since the look: stop here
                break
        os.close(fd)
        fd = nxt
    return fd


class Measurements:
    """What one tick has measured: each path's device (one walk per path) and each device's statvfs
    (one per file system), shared by every stage measured in the tick. A thousand stages waiting on
    one full disk walk each distinct path once and call statvfs once per file system."""

    def __init__(self) -> None:
        self.devices: dict[str, int | None] = {}  # path -> device (None: not even '/' could be opened)
        self.stats: dict[int, os.statvfs_result | None] = {}  # device -> statvfs (None: read-only or failed)

    def locate(self, path: str) -> tuple[int, os.statvfs_result | None] | None:
        """``(device, statvfs)`` of the file system holding ``path``; None when it cannot be located."""
        if path in self.devices:
            dev = self.devices[path]
            return None if dev is None else (dev, self.stats.get(dev))
        fd = _open_nearest(path)
        if fd is None:
            self.devices[path] = None
            return None
        try:
            dev = os.fstat(fd).st_dev
            if dev not in self.stats:
                try:
                    st: os.statvfs_result | None = os.fstatvfs(fd)
                except OSError:
                    st = None
                # Read-only: nothing can be written there, so it is not a place a job ran out of room
                # (a squashfs or an ISO image reports no free block at all).
                self.stats[dev] = None if st is None or st.f_flag & os.ST_RDONLY else st
        except OSError:
            self.devices[path] = None
            return None
        finally:
            os.close(fd)
        self.devices[path] = dev
        return dev, self.stats[dev]


def _space(path: str, st: os.statvfs_result) -> FsSpace:
    blocks = st.f_bfree if os.geteuid() == 0 else st.f_bavail  # root may use the reserved blocks
    inodes = st.f_ffree if os.geteuid() == 0 else st.f_favail
    return FsSpace(path=path, free_bytes=blocks * st.f_frsize, total_bytes=st.f_blocks * st.f_frsize,
                   free_inodes=inodes, total_inodes=st.f_files)


def measure_folder(path: str) -> tuple[int, FsSpace | None] | None:
    """``(device, space)`` of the file system holding ``path`` (or its nearest existing folder);
    None when it cannot be located, no space when it is read-only or statvfs failed."""
    found = Measurements().locate(path)
    if found is None:
        return None
    return found[0], None if found[1] is None else _space(path, found[1])


def measure(paths: Iterable[str], seen: Measurements | None = None) -> tuple[FsSpace, ...]:
    """Each writable file system holding one of ``paths`` once (the first path on it names it), in order.

    Paths are absolute (files or folders; one not made yet counts by its nearest existing folder).
    The first :data:`MAX_FOLDERS` distinct ones are looked at: one walk each, and one statvfs per
    file system; ``seen`` shares both with the other stages measured in the same tick.
    """
    seen = Measurements() if seen is None else seen
    devices: set[int] = set()
    out = []
    for path in list(dict.fromkeys(os.path.normpath(p) for p in paths))[:MAX_FOLDERS]:
        found = seen.locate(path)
        if found is None or found[0] in devices:
            continue
        devices.add(found[0])
        if found[1] is not None:
            out.append(_space(path, found[1]))
    return tuple(out)
