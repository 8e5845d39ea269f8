"""Durable file writes: temp file in the same folder, fsync, replace, fsync the folder."""

import json
import os
from pathlib import Path


def fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_temp(path: Path, data: bytes) -> Path:
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)
    return tmp


def atomic_write(path: Path, data: bytes | str) -> None:
    """Replace ``path`` with ``data`` so that readers see the old or the new file, never half."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    tmp = _write_temp(path, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)


def create_exclusive(path: Path, data: bytes | str) -> bool:
    """Write ``path`` atomically only if it does not exist yet; return False if it does.

    The content is complete before the name appears (a hard link of a synced temp file), so
    this is both a claim and an atomic write.
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
    tmp = _write_temp(path, data)
    try:
        os.link(tmp, path)
    except FileExistsError:
        return False
    finally:
        tmp.unlink(missing_ok=True)
    fsync_dir(path.parent)
    return True


def write_json(path: Path, obj: object) -> None:
    atomic_write(path, json.dumps(obj, indent=2, sort_keys=True) + "\n")


def read_json(path: Path) -> object | None:
    """The JSON in ``path``, or None if it is missing, partial or invalid."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
