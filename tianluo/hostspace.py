"""Free space and inodes of the file systems a stage writes to, measured with statvfs.

A library that hits a full disk does not always say so (``torch.save`` printed only
``basic_ios::clear: iostream error``), so when an attempt fails the output layer looks at
the host itself: the folders of the stage's ``done_when`` files, its output, the project
folder the command runs in and the attempt folder, each file system once.

A folder that does not exist yet is measured at its nearest existing ancestor. The walk to
it opens one component at a time and follows a symbolic link only where nobody else could
have planted it (the link and the folder holding it belong to root or to tianluo's user,
and that folder is not writable by group or others); any other link ends the walk at the
folder holding it. Nothing here runs a process or reads a file.

Thresholds (documented in reference/spec.md):

- **full**: free bytes below ``max(64 MiB, 0.5% of the size)``, or free inodes below
  ``max(64, 0.5% of the inodes)``; each threshold at most 10% of the size, so a small file
  system is not always "full";
- **ok_again** (a wait for space ends): free bytes at least ``max(1 GiB, 2% of the size)``
  and free inodes at least ``max(1024, 2% of the inodes)``; each at most 25% of the size. The
  gap between the two keeps a file system at the edge from flapping between wait and retry.
"""

import os
import stat
from collections.abc import Iterable
from dataclasses import dataclass

MiB = 1024 * 1024
GiB = 1024 * MiB
FULL_BYTES, FULL_INODES, FULL_SHARE = 64 * MiB, 64, 0.005
OK_BYTES, OK_INODES, OK_SHARE = GiB, 1024, 0.02
FULL_CAP, OK_CAP = 0.10, 0.25  # the thresholds' ceiling, as a share of the file system
#: The verdicts in words, for a wait's threshold and the docs.
FULL_RULE = "free < max(64 MiB, 0.5% of the size) or free inodes < max(64, 0.5%), at most 10% of the size"
OK_AGAIN_RULE = "free >= max(1 GiB, 2% of the size) and free inodes >= max(1024, 2%), at most 25% of the size"
MAX_FOLDERS = 64  # folders measured per stage (done_when may list a thousand files in a few folders)
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


def measure_folder(path: str) -> tuple[int, FsSpace] | None:
    """``(device, space)`` of the file system holding folder ``path`` (or its nearest existing
    ancestor); None when it cannot be measured."""
    fd = _open_nearest(path)
    if fd is None:
        return None
    try:
        dev = os.fstat(fd).st_dev
        st = os.fstatvfs(fd)
    except OSError:
        return None
    finally:
        os.close(fd)
    blocks = st.f_bfree if os.geteuid() == 0 else st.f_bavail  # root may use the reserved blocks
    inodes = st.f_ffree if os.geteuid() == 0 else st.f_favail
    return dev, FsSpace(path=path, free_bytes=blocks * st.f_frsize, total_bytes=st.f_blocks * st.f_frsize,
                        free_inodes=inodes, total_inodes=st.f_files)


def measure(folders: Iterable[str]) -> tuple[FsSpace, ...]:
    """Each file system holding one of ``folders`` once (the first folder on it names it), in order.

    Folders are absolute; the first :data:`MAX_FOLDERS` distinct ones are looked at.
    """
    out: dict[int, FsSpace] = {}
    for folder in list(dict.fromkeys(os.path.normpath(f) for f in folders))[:MAX_FOLDERS]:
        found = measure_folder(folder)
        if found is not None and found[0] not in out:
            out[found[0]] = found[1]
    return tuple(out.values())


def stage_folders(planned, workdir: str, attempt_dir: str | None) -> list[str]:
    """The places a stage writes to, absolute: the folders of its done_when files, its output
    (a file or a folder: it may be a mount point itself), the folder of its checkpoints glob,
    its working folder and its attempt folder, in this order (the most specific names a file
    system)."""
    def absolute(p: str) -> str:
        return os.path.normpath(p if os.path.isabs(p) else os.path.join(workdir, p))

    folders = []
    if planned.done_when is not None:
        files = list(planned.done_when.exists) + [m.file for m in planned.done_when.metric]
        folders += list(dict.fromkeys(os.path.dirname(absolute(f)) for f in files))[:MAX_FOLDERS - 3]
    if planned.output is not None:
        folders.append(absolute(planned.output.path))
    checkpoints = getattr(planned, "checkpoints", None)  # a glob (out/ckpt-*.pt): its folder
    if isinstance(checkpoints, str):
        folders.append(os.path.dirname(absolute(checkpoints)))
    folders.append(os.path.normpath(workdir))
    if attempt_dir:
        folders.append(os.path.normpath(attempt_dir))
    return folders
