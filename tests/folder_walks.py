"""Walking folders that live processes write in, for the tests: a picture that tolerates files
that vanish mid-walk, and a way to make one vanish at the worst moment, every time.

A runner writes ``started.json`` and ``exit.json`` as a temp file renamed into place
(``.started.json.tmp-<pid>-<random>``); a tick writes ``state.json`` the same way. A walk of
the folder meanwhile lists the temp file and finds it gone a moment later. That is not a
difference between two pictures: the entry is left out, as if it had been listed a moment
later.
"""

import contextlib
import hashlib
import os
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path

BIG = 64 * 1024 * 1024  # a regular file at least this big is pictured by size and mtime, not read


def picture(root: Path, ignored: frozenset[str] | set[str] = frozenset()) -> dict[str, tuple]:
    """Every entry under ``root`` (links not followed), by path relative to ``root``: a link's
    target, a file's mode and content digest, a folder's mode, another kind's type.

    Names in ``ignored`` are left out; so is an entry that is gone by the time it is looked at.
    """
    out: dict[str, tuple] = {}
    for folder, dirs, files in os.walk(root):  # a folder gone mid-walk is skipped by os.walk itself
        for name in dirs + files:
            if name in ignored:
                continue
            path = os.path.join(folder, name)
            try:
                out[os.path.relpath(path, root)] = _entry(path)
            except FileNotFoundError:
                continue  # listed, then gone (renamed into place or removed): not part of the picture
    return out


def _entry(path: str) -> tuple:
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode):
        return ("link", os.readlink(path))
    if stat.S_ISDIR(st.st_mode):
        return ("dir", stat.S_IMODE(st.st_mode))
    if not stat.S_ISREG(st.st_mode):
        return ("other", stat.S_IFMT(st.st_mode))
    if st.st_size >= BIG:
        return ("file", stat.S_IMODE(st.st_mode), (st.st_size, st.st_mtime_ns))
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    with os.fdopen(fd, "rb") as f:
        return ("file", stat.S_IMODE(st.st_mode), hashlib.sha256(f.read()).hexdigest())


@contextlib.contextmanager
def vanishing(victim: Path, after: str = "listing", seen: Path | None = None) -> Iterator[None]:
    """Within the block, ``victim`` (a file, or a folder and all in it) is removed at the worst
    moment, once: just after a folder listing (``os.listdir``, ``os.scandir``, so ``os.walk`` and
    ``Path.glob`` too) has named ``seen`` (``after="listing"``), or just after ``os.stat`` or
    ``os.lstat`` has looked at ``seen`` (``after="stat"``). ``seen`` is ``victim`` unless given.

    That is the race of a live runner's temp file renamed into place, or of a run folder removed,
    while a walk goes by, made to happen every time. The listing, the look and the removal are real.
    """
    victim = Path(os.path.abspath(victim))
    seen = Path(os.path.abspath(seen)) if seen is not None else victim
    real = {name: getattr(os, name) for name in ("listdir", "scandir", "lstat", "stat")}
    done = False

    def remove() -> None:
        nonlocal done
        if done:
            return
        done = True
        for name, func in real.items():  # the removal itself walks with the real calls
            setattr(os, name, func)
        try:
            if victim.is_dir() and not victim.is_symlink():
                shutil.rmtree(victim)
            else:
                victim.unlink(missing_ok=True)
        finally:
            for name, func in patched.items():
                setattr(os, name, func)

    def same(folder, parent: Path) -> bool:
        try:
            a = real["stat"](folder if isinstance(folder, int) else os.fsdecode(folder))
            b = real["stat"](parent)
        except OSError:
            return False
        return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)

    def listdir(folder="."):
        names = real["listdir"](folder)
        if seen.name in names and same(folder, seen.parent):
            remove()
        return names

    def scandir(folder="."):
        with real["scandir"](folder) as it:
            entries = list(it)
        if any(e.name == seen.name for e in entries) and same(folder, seen.parent):
            remove()
        return _Listing(entries)

    def looked_at(path, dir_fd) -> bool:
        if isinstance(path, int):
            return False
        if dir_fd is None:
            return os.path.abspath(os.fsdecode(path)) == str(seen)
        return os.fsdecode(path) == seen.name and same(dir_fd, seen.parent)

    def lstat(path, *, dir_fd=None):
        st = real["lstat"](path, dir_fd=dir_fd)
        if looked_at(path, dir_fd):
            remove()
        return st

    def stat_(path, *, dir_fd=None, follow_symlinks=True):
        st = real["stat"](path, dir_fd=dir_fd, follow_symlinks=follow_symlinks)
        if looked_at(path, dir_fd):
            remove()
        return st

    patched = {"listing": {"listdir": listdir, "scandir": scandir},
               "stat": {"lstat": lstat, "stat": stat_}}[after]
    for name, func in patched.items():
        setattr(os, name, func)
    try:
        yield
    finally:
        for name, func in real.items():
            setattr(os, name, func)


class _Listing:
    """What ``os.scandir`` returns (iterable, a context manager), over entries already read."""

    def __init__(self, entries: list) -> None:
        self._it = iter(entries)

    def __iter__(self):
        return self._it

    def __next__(self):
        return next(self._it)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        return None

    def close(self) -> None:
        return None
