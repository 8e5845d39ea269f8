"""A stage's checkpoints on disk: listed when an attempt failed, and the newest moved aside.

The I/O half of ``rollback_checkpoint`` ("resume from the previous checkpoint"); the pure
half, which checkpoint goes, is ``tianluo.core.degrade``. A stage says where its checkpoints are
(``checkpoints: out/{entity}/ckpt-*.pt``, relative to the project folder); once an attempt
has failed, the observe layer lists the regular files the glob matches (name, size, mtime).
When the degrade rung chooses a rollback, the decision records the move (as a submit's
intent) and the shell renames the newest file in place to ``<name>.tianluo-aside-<attempt>``
before the next attempt is launched: nothing is deleted, and the job's own resume logic,
which loads the newest checkpoint it finds, now finds the one before.

No link is followed below the project folder (neither a linked folder nor a linked file is
listed or moved), a file another user owns or with a second name (a hard link) is neither
listed nor moved, the file moved is the one listed (same size and mtime), a name already taken
gets another suffix (never overwritten), and the name a file goes to is recorded before the
rename, so a tick killed in between finds it there and records it instead of moving a second
file.
"""

import errno
import functools
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tianluo.core.events import Kind
from tianluo.core.events import event as new_event
from tianluo.models.model import CheckpointMove, RunState, split_stage_id
from tianluo.shell.conditions import bounded_glob
from tianluo.timefmt import iso

#: What a moved checkpoint's name gets: ``ckpt-3.pt.tianluo-aside-4`` (moved after attempt 4 failed).
ASIDE = ".tianluo-aside-"
#: Checkpoints listed per stage; a glob matching more is not acted on (narrow it).
MAX_LISTED = 1000
#: Suffixes tried when ``<name>.tianluo-aside-<attempt>`` is taken (``...-4.2``, ``...-4.3``...).
MAX_SUFFIXES = 100

_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC


@dataclass(frozen=True)
class Checkpoint:
    """One checkpoint file as listed: its path relative to the project folder, size and mtime."""

    path: str
    size: int
    mtime_ns: int


def _open_folder(workdir: str, rel: str) -> int:
    """The folder ``rel`` below ``workdir``, each part opened without following a link.

    Raises:
        OSError: a part is ``..`` or ``.`` (a path from a planted state.json must not leave the
            project folder), a link, missing or unreadable.
    """
    parts = [p for p in rel.split("/") if p]
    if rel.startswith("/") or any(p in (".", "..") for p in parts):
        raise OSError(errno.EINVAL, "a checkpoint's folder is a path below the project folder (no '..')", rel)
    fd = os.open(workdir, _DIR)
    for part in parts:
        try:
            nxt = os.open(part, _DIR | os.O_NOFOLLOW, dir_fd=fd)
        finally:
            os.close(fd)
        fd = nxt
    return fd


def scan_checkpoints(pattern: str, workdir: str) -> tuple[tuple[Checkpoint, ...], str | None]:
    """``(checkpoints, why none are listed)``: the regular files ``pattern`` (relative to
    ``workdir``) matches, sorted by name, and why the list was left empty on purpose (None when
    it was not).

    Links (to a file or on the way to it), files of other users and names already moved aside
    are left out; so is everything when more than :data:`MAX_LISTED` match, a match's name is
    not printable text (which is the newest would be a guess) or a match has a second name (a
    hard link: moving one name aside leaves the file where the job finds it).
    Never raises: an unreadable folder lists nothing.
    """
    hits, stopped = bounded_glob(os.path.join(workdir, pattern), max_hits=MAX_LISTED + 1)
    if stopped or len(hits) > MAX_LISTED:
        return (), (f"{pattern} matches more than {MAX_LISTED:,} files (or its folders hold too many to look "
                    "through), so which is the newest would be a guess: narrow the glob")
    folders: dict[str, list[str]] = {}
    for hit in hits:
        rel = os.path.relpath(hit, workdir)
        if rel.startswith("..") or ASIDE in os.path.basename(rel):
            continue
        folders.setdefault(os.path.dirname(rel), []).append(os.path.basename(rel))
    out, linked = [], []
    for folder, names in folders.items():
        try:
            fd = _open_folder(workdir, folder)
        except OSError as exc:  # a link on the way (ELOOP/ENOTDIR), gone, or not ours to read
            if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                linked.append(folder)
            continue
        try:
            for name in names:
                try:
                    st = os.stat(name, dir_fd=fd, follow_symlinks=False)
                except OSError:
                    continue
                if not stat.S_ISREG(st.st_mode) or st.st_uid not in (0, os.geteuid()):
                    continue  # a link, a folder, a FIFO; a file another user put there
                shown = ascii(os.path.join(folder, name))
                if not name.isprintable():  # a newline, a control byte, invalid UTF-8: not a name to show
                    return (), (f"the name of the match {shown} is not printable text (a control character "
                                "or not UTF-8), so which is the newest would be a guess: rename or remove it")
                if st.st_nlink != 1:  # moving one name aside would leave the file where the job finds it
                    return (), (f"the match {shown} has another name too (a hard link), so moving it aside "
                                "would not take it out of the job's way: keep checkpoints with one name")
                out.append(Checkpoint(path=os.path.join(folder, name) if folder else name,
                                      size=st.st_size, mtime_ns=st.st_mtime_ns))
        finally:
            os.close(fd)
    if not out and linked:  # say why, or the owner of a linked out/ (to scratch space) is told "none found"
        return (), (f"{pattern} matches files only through a link ({linked[0]!a} or a folder above it is one); "
                    "tianluo lists and moves no checkpoint through a link below the project folder: "
                    "make it a real folder (a bind mount of the scratch space works)")
    return tuple(sorted(out, key=lambda c: c.path)), None


def ours(st: os.stat_result) -> bool:
    """A file the job could have written: owned by tianluo's user (the user its jobs run as) or
    root, and with one name only. A file another user planted in a checkpoint folder they can
    write, or a hard link to a file elsewhere, is never listed nor moved."""
    return st.st_uid in (0, os.geteuid()) and st.st_nlink == 1


# --- moving aside -----------------------------------------------------------------------

_RENAME_NOREPLACE = 1


@functools.cache
def _renameat2():
    """libc's renameat2, or None (glibc < 2.28); loaded at the first move, not by every tick's import."""
    import ctypes

    try:
        return ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):  # pragma: no cover - a libc without renameat2
        return None


def _rename_noreplace(fd: int, src: str, dst: str) -> None:
    """Rename ``src`` to ``dst`` in folder ``fd``, never replacing a ``dst`` that exists.

    Raises:
        FileExistsError: ``dst`` exists. OSError: as rename.
    """
    renameat2 = _renameat2()
    if renameat2 is not None:
        if renameat2(fd, os.fsencode(src), fd, os.fsencode(dst), _RENAME_NOREPLACE) == 0:
            return
        import ctypes

        err = ctypes.get_errno()
        if err not in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):  # a file system without NOREPLACE
            raise OSError(err, os.strerror(err), dst)
    if _exists(fd, dst):
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), dst)
    os.rename(src, dst, src_dir_fd=fd, dst_dir_fd=fd)


def _exists(fd: int, name: str) -> bool:
    try:
        os.stat(name, dir_fd=fd, follow_symlinks=False)
        return True
    except FileNotFoundError:
        return False


def aside_names(name: str, attempt: int):
    """The names a checkpoint may go to, in the order they are tried."""
    yield f"{name}{ASIDE}{attempt}"
    for k in range(2, MAX_SUFFIXES + 1):
        yield f"{name}{ASIDE}{attempt}.{k}"


def carry_out(state: RunState, sid: str, now: datetime, record: Callable[[dict | None], None]) -> None:
    """Carry out the stage's recorded checkpoint moves that have no outcome yet, in order.

    ``record(None)`` saves the state (the name a file is about to go to); ``record(event)``
    saves it with the event of the outcome (``checkpoint_moved_aside``, or
    ``checkpoint_not_moved`` when the file is gone or cannot be moved).
    """
    workdir = state.plan.workdir
    entity, name = split_stage_id(sid)
    for move in state.stage(sid).checkpoint_moves:
        if move.outcome is not None:
            continue
        _move(workdir, move, record)
        move.done_at = now
        base: dict[str, Any] = {"entity": entity, "stage": name, "attempt": move.attempt, "path": move.path}
        if move.outcome == "moved":
            record(new_event(Kind.CHECKPOINT_MOVED_ASIDE, iso(now),
                             f"{move.path} moved aside to {move.aside} (kept, not deleted); the next attempt "
                             f"resumes from {move.resume_from}" + (f" ({move.detail})" if move.detail else ""),
                             **base, aside=move.aside, resume_from=move.resume_from))
        else:
            record(new_event(Kind.CHECKPOINT_NOT_MOVED, iso(now), f"{move.path} was not moved aside: {move.detail}",
                             **base, outcome=move.outcome))


def _move(workdir: str, move: CheckpointMove, record: Callable[[dict | None], None]) -> None:
    folder, name = os.path.split(move.path)
    try:
        fd = _open_folder(workdir, folder)
    except OSError as exc:
        move.outcome = "failed"
        why = exc.strerror or str(exc)
        if exc.errno == errno.ELOOP or exc.errno == errno.ENOTDIR:
            why = "a link or not a folder on the way; tianluo follows no links there"
        move.detail = f"its folder {folder or '.'} cannot be opened ({why})"
        return
    try:
        try:
            st = os.stat(name, dir_fd=fd, follow_symlinks=False)
        except FileNotFoundError:
            if move.aside is not None and _exists(fd, os.path.basename(move.aside)):
                move.outcome = "moved"  # renamed by a tick that was killed before it could record it
                move.detail = "found there by the next tick"
            else:
                move.outcome = "missing"
                move.detail = "it is gone (removed since it was listed); nothing was moved"
            return
        if not stat.S_ISREG(st.st_mode):
            move.outcome = "failed"
            move.detail = f"{move.path} is no longer a regular file (a link or folder now); tianluo moves no links"
            return
        if not ours(st) or (st.st_size, st.st_mtime_ns) != (move.size, move.mtime_ns):
            move.outcome = "failed"
            move.detail = (f"{move.path} is not the file listed when the attempt ended (its owner, links, size or "
                           "mtime changed since); tianluo moves only that file")
            return
        for aside in aside_names(name, move.attempt):
            if _exists(fd, aside):
                continue
            move.aside = os.path.join(folder, aside) if folder else aside
            record(None)  # the name it goes to is on disk before the rename: a kill after it finds it there
            try:
                _rename_noreplace(fd, name, aside)
            except FileExistsError:
                continue  # taken in between: the next suffix
            os.fsync(fd)
            move.outcome = "moved"
            return
        move.outcome = "failed"
        move.detail = f"{name}{ASIDE}{move.attempt} and {MAX_SUFFIXES - 1} more names beside it are taken"
    except OSError as exc:
        move.outcome = "failed"
        move.detail = f"{exc.strerror or exc}"
    finally:
        os.close(fd)
