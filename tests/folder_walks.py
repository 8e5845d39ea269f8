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
def vanishing(victim: Path, after: str = "listing") -> Iterator[None]:
    """Within the block, ``victim`` is removed at the worst moment, every time: just after a folder
    listing (``os.listdir``, ``os.scandir``, so ``os.walk`` too) has named it (``after="listing"``),
    or just after ``os.stat`` or ``os.lstat`` has looked at it (``after="stat"``). That is the race of a live
    runner's temp file, renamed into place while a walk goes by; the listing, the look and the
    removal are all real."""
    victim = Path(os.path.abspath(victim))
    real = {name: getattr(os, name) for name in ("listdir", "scandir", "lstat", "stat")}

    def remove() -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(victim)  # os.unlink looks nothing up through the patched calls

    def listdir(folder="."):
        names = real["listdir"](folder)
        if victim.name in names and _same(folder, victim.parent, real["stat"]):
            remove()
        return names

    def scandir(folder="."):
        with real["scandir"](folder) as it:
            entries = list(it)
        if any(e.name == victim.name for e in entries) and _same(folder, victim.parent, real["stat"]):
            remove()
        return _Listing(entries)

    def looked_at(path, dir_fd) -> bool:
        if dir_fd is None:
            return os.path.abspath(os.fsdecode(path)) == str(victim)
        return os.fsdecode(path) == victim.name and _same(dir_fd, victim.parent, real["stat"])

    def lstat(path, *, dir_fd=None):
        st = real["lstat"](path, dir_fd=dir_fd)
        if looked_at(path, dir_fd):
            remove()
        return st

    def stat_(path, *, dir_fd=None, follow_symlinks=True):
        st = real["stat"](path, dir_fd=dir_fd, follow_symlinks=follow_symlinks)
        if not isinstance(path, int) and looked_at(path, dir_fd):
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


def _same(folder, parent: Path, stat_=os.stat) -> bool:
    """Whether ``folder`` (a path, or a descriptor as fsio lists them) is ``parent``."""
    try:
        a = stat_(folder) if isinstance(folder, int) else stat_(os.fsdecode(folder))
        b = stat_(parent)
    except OSError:
        return False
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


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
