"""Durable, link-safe file access: temp file in the same folder, fsync, replace, fsync the folder.

Folders tianluo has verified (a run home, a run folder: see ``runfs``) are *guarded*: every
path below a guarded folder is reached component by component from a descriptor of that
folder, with ``O_NOFOLLOW`` (``O_DIRECTORY`` for folders), so a symbolic link planted
anywhere below it is refused (``UnsafePath``) and nothing is read or written through it.
Paths outside guarded folders are opened as the caller names them.

Files are created 0600 and folders 0700; a file that is replaced keeps its mode if the owner
tightened it, and is never made wider than 0600.
"""

import errno
import json
import os
import stat
import time
from pathlib import Path

from tianluo.errors import TianluoError

FILE_MODE = 0o600
DIR_MODE = 0o700
READ_CAP = 8 * 1024 * 1024  # bytes; read_json of a bigger file is "invalid"
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_TEMP_MARK = ".tmp-"


class UnsafePath(TianluoError):
    """A symbolic link, or the wrong kind of file, where tianluo expects its own file or folder."""


class CannotWrite(TianluoError, OSError):
    """A write refused by the file system (read-only, permissions): one line naming the file, exit 2."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


_UNWRITABLE = (errno.EROFS, errno.EACCES, errno.EPERM)


def _refused(exc: OSError, where: str | os.PathLike) -> OSError:
    """``exc`` as a CannotWrite if the file system refused the write (ENOSPC and the rest stay as they are)."""
    if isinstance(exc, TianluoError) or exc.errno not in _UNWRITABLE:
        return exc
    where = exc.filename if exc.filename and os.path.isabs(str(exc.filename)) else where
    fix = ("the file system is read-only: remount it read-write, or keep the run on a writable disk (--home)"
           if exc.errno == errno.EROFS else f"make it writable for you (`chmod u+w {os.path.dirname(str(where))}`) "
           "or run tianluo as its owner")
    out = CannotWrite(f"{where}: cannot be written ({exc.strerror}); nothing was changed; {fix}")
    out.errno, out.strerror, out.filename = exc.errno, exc.strerror, str(where)
    return out


def _writes(func):
    """Turn a write the file system refuses (read-only, permissions) into one clear line (CannotWrite)."""
    import functools

    @functools.wraps(func)
    def wrapper(path, *args, **kwargs):
        try:
            return func(path, *args, **kwargs)
        except OSError as exc:
            refused = _refused(exc, os.path.abspath(path))
            if refused is exc:
                raise
            raise refused from None
    return wrapper


_GUARDED: set[str] = set()


def guard(folder: str | os.PathLike) -> None:
    """Open nothing below ``folder`` through a symbolic link from now on (in this process).

    Call it once the folder itself is verified (owner, mode): see ``runfs``.
    """
    _GUARDED.add(os.path.abspath(folder))
    _GUARDED.add(os.path.realpath(folder))


def guarded_root(path: str | os.PathLike) -> tuple[str, list[str]] | None:
    """``(root, components below it)`` of the deepest guarded folder holding ``path``, or None."""
    ap = os.path.abspath(path)
    best = None
    for root in _GUARDED:
        if ap.startswith(root.rstrip(os.sep) + os.sep) and (best is None or len(root) > len(best)):
            best = root
    if best is None:
        return None
    return best, [p for p in ap[len(best.rstrip(os.sep)) + 1:].split(os.sep) if p]


def describe(dir_fd: int, name: str, where: str) -> str:
    """Why ``name`` in ``dir_fd`` cannot be used as tianluo's own file: a one-line reason and fix."""
    try:
        st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except OSError:
        return f"{where}: changed while tianluo was opening it; look at what else writes there"
    if stat.S_ISLNK(st.st_mode):
        try:
            target = os.readlink(name, dir_fd=dir_fd)
        except OSError:
            target = "?"
        return (f"{where}: is a symbolic link (to {target}); tianluo follows no links inside a run folder "
                f"and wrote nothing through it: remove the link (`rm {where}`)")
    kind = ("a folder" if stat.S_ISDIR(st.st_mode) else "a FIFO" if stat.S_ISFIFO(st.st_mode)
            else "a socket" if stat.S_ISSOCK(st.st_mode) else "a device" if stat.S_ISCHR(st.st_mode)
            or stat.S_ISBLK(st.st_mode) else "a file")
    return f"{where}: is {kind}, not what tianluo keeps there: move it away (`mv {where} {where}.bad`)"


def hard_linked(where: str | os.PathLike, nlink: int) -> str:
    """The one line for a file tianluo writes in place that has other hard links."""
    return (f"{where}: has {nlink - 1} other hard link(s) (another name for the same file, perhaps outside the "
            f"run folder); tianluo writes nothing into it: move it away (`mv {where} {where}.bad`)")


def describe_path(path: str | os.PathLike) -> str:
    """``describe`` for a full path (its folder opened as named)."""
    path = os.path.abspath(path)
    try:
        dfd = os.open(os.path.dirname(path), os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return f"{path}: cannot be used; move it away (`mv {path} {path}.bad`)"
    try:
        return describe(dfd, os.path.basename(path), path)
    finally:
        os.close(dfd)


def _step(fd: int, part: str, where: str, create: bool, durable: bool = True) -> int:
    """Open folder ``part`` in ``fd`` without following a link (closes ``fd``); create it 0700 if asked.

    ``durable``: a folder it creates is fsynced into its parent."""
    try:
        try:
            return os.open(part, _DIR_FLAGS, dir_fd=fd)
        except FileNotFoundError:
            if not create:
                raise
            try:
                os.mkdir(part, DIR_MODE, dir_fd=fd)
                if durable:
                    os.fsync(fd)  # the new folder is in its parent for good
            except FileExistsError:
                pass
            return os.open(part, _DIR_FLAGS, dir_fd=fd)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                raise UnsafePath(describe(fd, part, where)) from None
            raise
    finally:
        os.close(fd)


def open_parent(path: str | os.PathLike, create: bool = False, durable: bool = True) -> tuple[int, str, bool]:
    """``(fd of the folder holding path, its last name, guarded)``; the caller closes the fd.

    Below a guarded folder, no component is followed through a link; ``create`` makes
    missing folders (0700, fsynced into their parents).
    """
    found = guarded_root(path)
    if found is None or not found[1]:
        ap = os.path.abspath(path)
        parent = os.path.dirname(ap)
        if create:
            os.makedirs(parent, DIR_MODE, exist_ok=True)
        return os.open(parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC), os.path.basename(ap), False
    root, parts = found
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    where = root
    for part in parts[:-1]:
        where = os.path.join(where, part)
        fd = _step(fd, part, where, create, durable)
    return fd, parts[-1], True


def open_dir(path: str | os.PathLike, create: bool = False, durable: bool = True) -> int:
    """A descriptor of folder ``path`` (no link followed below a guarded folder); the caller closes it."""
    fd, name, guarded = open_parent(path, create, durable)
    if not guarded:
        os.close(fd)
        if create:
            os.makedirs(path, DIR_MODE, exist_ok=True)
        return os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    return _step(fd, name, os.path.abspath(path), create, durable)


def open_dir_walked(folder: str | os.PathLike, create: bool = False, mode: int = 0o777) -> int:
    """A descriptor of ``folder`` outside any run folder, walked from ``/`` component by component: a link
    on the way is followed only if you or root made it; the caller closes the fd.

    ``create``: missing folders are made (``mode``, your umask applies, as ``mkdir -p``).

    Raises:
        UnsafePath: a link on the way that neither you nor root made, or a file where a folder belongs.
        FileNotFoundError: a folder is missing (without ``create``).
    """
    fd = os.open("/", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    where = "/"
    try:
        for part in Path(os.path.abspath(folder)).parts[1:]:
            where = os.path.join(where, part)
            try:
                nfd = os.open(part, _DIR_FLAGS, dir_fd=fd)
            except FileNotFoundError:
                if not create:
                    raise
                try:
                    os.mkdir(part, mode, dir_fd=fd)
                except FileExistsError:
                    pass
                nfd = os.open(part, _DIR_FLAGS, dir_fd=fd)
            except OSError as exc:
                if exc.errno not in (errno.ELOOP, errno.ENOTDIR):
                    raise
                st = os.stat(part, dir_fd=fd, follow_symlinks=False)
                if not stat.S_ISLNK(st.st_mode) or st.st_uid not in (0, os.geteuid()):
                    raise UnsafePath(describe(fd, part, where).replace("inside a run folder",
                                                                       "that another user made")) from None
                nfd = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC, dir_fd=fd)  # yours or root's
            os.close(fd)
            fd = nfd
        return fd
    except BaseException:
        os.close(fd)
        raise


@_writes
def make_dirs(path: str | os.PathLike, durable: bool = True) -> None:
    """Create folder ``path`` and its missing parents (0700), never through a link below a guarded folder.

    ``durable=False``: not fsynced into their parents, for what a power cut makes moot anyway
    (the folder of a local attempt: its runner dies with the host, and the next tick finds it lost).
    """
    os.close(open_dir(path, create=True, durable=durable))


def open_file(path: str | os.PathLike, flags: int, mode: int = FILE_MODE, create_dirs: bool = False,
              in_place: bool = True) -> int:
    """``os.open`` that refuses links (below a guarded folder) and anything but a regular file.

    Never blocks on a FIFO. A file opened for writing in place (appended to, truncated,
    rewritten) must have no other hard link: a hard link planted in a run folder to a file
    elsewhere (``events.jsonl`` -> ``/etc/shadow``) is refused before a byte is written or
    cut (``O_TRUNC`` is applied only after the checks). ``in_place=False`` is for a probe of
    a file that is only ever replaced, never written through (a replace leaves the other
    link alone). The caller closes the descriptor.

    Raises:
        UnsafePath: a link, not a regular file, or a file with other hard links. OSError: as os.open.
    """
    try:
        return _open_file(path, flags, mode, create_dirs, in_place)
    except OSError as exc:
        if not flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise
        refused = _refused(exc, os.path.abspath(path))
        if refused is exc:
            raise
        raise refused from None


def _open_file(path: str | os.PathLike, flags: int, mode: int, create_dirs: bool, in_place: bool) -> int:
    dfd, name, guarded = open_parent(path, create_dirs)
    where = os.path.abspath(path)
    try:
        extra = os.O_CLOEXEC | os.O_NONBLOCK | (os.O_NOFOLLOW if guarded else 0)
        try:
            fd = os.open(name, (flags & ~os.O_TRUNC) | extra, mode, dir_fd=dfd)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENXIO, errno.EISDIR) or (
                    exc.errno == errno.ENOTDIR and guarded):
                raise UnsafePath(describe(dfd, name, where)) from None
            raise
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            os.close(fd)
            raise UnsafePath(describe(dfd, name, where))
        if in_place and flags & (os.O_WRONLY | os.O_RDWR) and st.st_nlink > 1:
            os.close(fd)
            raise UnsafePath(hard_linked(where, st.st_nlink))
        try:
            os.set_blocking(fd, True)
            if flags & os.O_TRUNC:
                os.ftruncate(fd, 0)
        except BaseException:
            os.close(fd)
            raise
        return fd
    finally:
        os.close(dfd)


def read_bytes(path: str | os.PathLike, cap: int = READ_CAP) -> bytes:
    """The bytes of a regular file, at most ``cap`` (ValueError beyond it)."""
    fd = open_file(path, os.O_RDONLY)
    try:
        if os.fstat(fd).st_size > cap:  # refused before a byte is read
            raise ValueError(f"{path}: larger than {cap} bytes")
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, cap + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > cap:
                raise ValueError(f"{path}: larger than {cap} bytes")
        return b"".join(chunks)
    finally:
        os.close(fd)


def write_all(fd: int, data: bytes, where: str | os.PathLike = "") -> None:
    """Write every byte of ``data`` (a short write is continued; no progress at all is an error)."""
    view = memoryview(data)
    while view:
        try:
            n = os.write(fd, view)
        except OSError as exc:
            if exc.filename is None and where:  # name the file (a full disk is then said where)
                raise OSError(exc.errno, exc.strerror, str(where)) from None
            raise
        if n <= 0:
            raise OSError(errno.ENOSPC, "no space written", str(where))
        view = view[n:]


def fsync_dir(folder: Path) -> None:
    fd = open_dir(folder)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _temp_name(name: str) -> str:
    # os.urandom, as secrets.token_hex: secrets brings hashlib (OpenSSL) and random into every
    # runner (about 1 MB a job) and costs a reader of state.json 5 ms
    return f".{name}{_TEMP_MARK}{os.getpid()}-{os.urandom(3).hex()}"


def _existing_mode(dfd: int, name: str, where: str, guarded: bool) -> int:
    """The mode a replaced file keeps (at most 0600); refuses a link (guarded) or a non-file there."""
    try:
        st = os.stat(name, dir_fd=dfd, follow_symlinks=not guarded)
    except FileNotFoundError:
        return FILE_MODE
    if not stat.S_ISREG(st.st_mode):
        raise UnsafePath(describe(dfd, name, where))
    return stat.S_IMODE(st.st_mode) & FILE_MODE


def _write_temp(dfd: int, name: str, data: bytes, mode: int, where: str, durable: bool = True) -> str:
    tmp = _temp_name(name)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode, dir_fd=dfd)
    try:
        os.fchmod(fd, mode)  # exactly the kept mode, whatever the umask
        write_all(fd, data, where)
        if durable:
            os.fsync(fd)
    except BaseException:
        os.close(fd)
        _unlink(dfd, tmp)
        raise
    os.close(fd)
    return tmp


def _unlink(dfd: int, name: str) -> None:
    try:
        os.unlink(name, dir_fd=dfd)
    except FileNotFoundError:
        pass


@_writes
def atomic_write(path: Path, data: bytes | str, durable: bool = True) -> None:
    """Replace ``path`` with ``data`` so that readers see the old or the new file, never half.

    The file keeps a mode its owner tightened (never wider than 0600); a temp file of a
    failed write is removed. ``durable=False`` skips the fsyncs: still never half-read by
    another process, but a power cut may lose it (see ``make_dirs``).
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
    dfd, name, guarded = open_parent(path)
    try:
        where = os.path.abspath(path)
        tmp = _write_temp(dfd, name, data, _existing_mode(dfd, name, where, guarded), where, durable)
        try:
            os.replace(tmp, name, src_dir_fd=dfd, dst_dir_fd=dfd)
        except BaseException:
            _unlink(dfd, tmp)
            raise
        if durable:
            os.fsync(dfd)
    finally:
        os.close(dfd)


#: How long ``open_appending`` waits out another writer's ``create_exclusive`` of the same file.
CREATE_WAIT_S = 0.5


@_writes
def create_exclusive(path: Path, data: bytes | str) -> bool:
    """Write ``path`` atomically only if it does not exist yet; return False if it does.

    The content is complete before the name appears (a hard link of a synced temp file), so
    this is both a claim and an atomic write. Until the temp name is removed, an instant later,
    the file has two names: a writer appending to it at once uses ``open_appending``.
    """
    if isinstance(data, str):
        data = data.encode("utf-8")
    dfd, name, _ = open_parent(path)
    try:
        tmp = _write_temp(dfd, name, data, FILE_MODE, os.path.abspath(path))
        try:
            os.link(tmp, name, src_dir_fd=dfd, dst_dir_fd=dfd, follow_symlinks=False)
        except FileExistsError:
            return False
        finally:
            _unlink(dfd, tmp)
        os.fsync(dfd)
        return True
    finally:
        os.close(dfd)


def open_appending(path: Path) -> int:
    """``open_file(path, O_WRONLY | O_APPEND)`` for a file another process may be creating with
    ``create_exclusive``: its temporary second name is waited out (at most ``CREATE_WAIT_S``); a hard
    link someone left is still refused, as is a link or a FIFO.
    """
    deadline = time.monotonic() + CREATE_WAIT_S
    while True:
        try:
            return open_file(path, os.O_WRONLY | os.O_APPEND)
        except UnsafePath:
            try:
                linked = os.lstat(path).st_nlink > 1
            except OSError:
                linked = False
            if not linked or time.monotonic() >= deadline:
                raise
            time.sleep(0.01)


def write_json(path: Path, obj: object, durable: bool = True) -> None:
    atomic_write(path, json.dumps(obj, indent=2, sort_keys=True) + "\n", durable)


def read_json(path: Path, cap: int = READ_CAP) -> object | None:
    """The JSON in ``path``, or None if it is missing, partial, invalid, too deep or too big.

    Raises:
        UnsafePath: below a guarded folder, a link or a non-regular file stands there.
    """
    try:
        return json.loads(read_bytes(path, cap).decode("utf-8"))
    except UnsafePath:
        if guarded_root(path) is not None:
            raise
        return None
    except (OSError, ValueError, RecursionError):
        return None


def clean_temps(folder: str | os.PathLike) -> list[str]:
    """Remove the temp files of writes whose process is gone (killed, or failed before cleaning).

    A temp file of a live process (a write in flight) is left alone. Returns the names removed.
    """
    removed: list[str] = []
    try:
        dfd = open_dir(folder)
    except (OSError, UnsafePath):
        return removed
    try:
        for name in os.listdir(dfd):
            if not name.startswith(".") or _TEMP_MARK not in name:
                continue
            pid_text = name.rsplit(_TEMP_MARK, 1)[1].split("-", 1)[0]
            if not pid_text.isdigit() or _alive(int(pid_text)):
                continue
            try:
                if stat.S_ISREG(os.stat(name, dir_fd=dfd, follow_symlinks=False).st_mode):
                    os.unlink(name, dir_fd=dfd)
                    removed.append(name)
            except OSError:
                continue
        if removed:
            os.fsync(dfd)
    finally:
        os.close(dfd)
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if pid <= 0 or pid > 1 << 22:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
