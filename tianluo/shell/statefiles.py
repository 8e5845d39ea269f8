"""state.json's neighbours written without the models: a snapshot (and the oldest pruned), events appended.

``RunStore`` writes through these, and so does ``hold_plain`` (a hold of every entity at 10,000
stages, without validating the whole state twice): one way to keep each file, whoever saves.
"""

import json
import os
import re
import stat
from pathlib import Path

from tianluo.shell import fsio, space
from tianluo.shell.fsio import atomic_write, fsync_dir

KEEP_SNAPSHOTS = 20
KEEP_SNAPSHOT_BYTES = 64 * 1024 * 1024  # bytes on disk of all snapshots together; the oldest go first
SNAPSHOT_LEVEL = 3  # gzip level: state.json text shrinks ~10x already at 1-3, and fast
SNAPSHOT_NAME = re.compile(r"state-([0-9]{8,10})\.json(\.gz)?")


def snapshot_sizes(folder: Path) -> list[tuple[Path, int]]:
    """The snapshot files of ``folder`` (regular files, never links) and their sizes, newest first."""
    try:
        fd = fsio.open_dir(folder)
    except (OSError, fsio.UnsafePath):
        return []
    found = []
    try:
        for name in os.listdir(fd):
            match = SNAPSHOT_NAME.fullmatch(name)
            if match is None:
                continue
            try:
                st = os.stat(name, dir_fd=fd, follow_symlinks=False)
            except FileNotFoundError:
                continue  # pruned by a tick since it was listed
            if stat.S_ISREG(st.st_mode):
                found.append(((int(match.group(1)), bool(match.group(2))), name, st.st_size))
    except OSError:
        return []
    finally:
        os.close(fd)
    found.sort(reverse=True)
    return [(folder / name, size) for _, name, size in found]


def write_snapshot(folder: Path, revision: int, packed: bytes, keep: int, keep_bytes: int) -> None:
    """``state-<revision>.json.gz`` (gzipped text) in ``folder``, then the oldest pruned: the newest ``keep``
    that fit in ``keep_bytes`` together are kept (the newest always)."""
    fsio.make_dirs(folder)
    atomic_write(folder / f"state-{revision:08d}.json.gz", packed)
    total = 0
    for i, (path, size) in enumerate(snapshot_sizes(folder)):
        total += size
        if i and (i >= keep or total > keep_bytes):
            path.unlink(missing_ok=True)


def append_events(run_dir: Path, path: Path, events: list[dict]) -> None:
    """Append events as JSON lines; the file is only ever appended to, each write whole or not at all."""
    if not events:
        return
    data = "".join(json.dumps(e, sort_keys=True, default=str) + "\n" for e in events).encode()
    created = not path.exists()
    try:
        fd = fsio.open_file(path, os.O_RDWR | os.O_APPEND | os.O_CREAT)
    except OSError as exc:
        if space.is_full(exc):
            raise space.disk_full(run_dir, f"appending to {path.name}") from None
        raise
    try:
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            data = b"\n" + data  # a crash tore the last line: never glue an event onto it
        try:
            fsio.write_all(fd, data, path)
            os.fsync(fd)
        except OSError as exc:
            try:
                os.ftruncate(fd, size)  # no torn line of ours is left behind
            except OSError:
                pass
            if space.is_full(exc):
                raise space.disk_full(run_dir, f"appending to {path.name}") from None
            raise
    finally:
        os.close(fd)
    if created:
        fsync_dir(run_dir)
