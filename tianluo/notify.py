"""Telling the owner: the failure analysis file, and the spec's notify commands."""

import errno
import os
import shutil
import stat
import subprocess
from datetime import datetime
from pathlib import Path

from tianluo import analysis
from tianluo.conditions import resolve
from tianluo.errors import SpecError
from tianluo import fsio
from tianluo.fsio import UnsafePath, atomic_write
from tianluo.holds import analysis_path
from tianluo.logscan import tail_lines
from tianluo.model import RunState
from tianluo.observations import CopyOutput, Notify
from tianluo.responses import SPACE_KEY
from tianluo.states import StageStatus
from tianluo.templating import notify_env_name, render

NOTIFY_TIMEOUT_S = 30
TAIL_LINES = 50


def write_analysis(run_dir: Path, state: RunState, entity: str, now: datetime) -> Path:
    """Write failures/<entity>__analysis.md with a section per held stage of the entity."""
    tails = {}
    for name, stage in state.entities[entity].stages.items():
        attempt = stage.current()
        if stage.status == StageStatus.HELD and attempt is not None and _inside(attempt.dir):
            tails[name] = tail_lines(Path(run_dir) / attempt.dir / "stderr", TAIL_LINES)
    path = Path(run_dir) / analysis_path(entity)
    fsio.make_dirs(path.parent)  # failures/ 0700, never through a link
    atomic_write(path, analysis.render(state, str(Path(run_dir).resolve()), entity, tails, now))
    return path


def notify(state: RunState, run_dir: Path, action: Notify, ts: str) -> dict:
    """Run every notify command of the spec once; return the event that says how it went."""
    values = {"title": action.title, "body": action.body, "entity": action.entity, "stage": action.stage,
              "run_id": state.run_id, "run_dir": str(Path(run_dir).resolve()),
              "analysis": str(Path(run_dir).resolve() / action.analysis) if action.analysis else ""}
    env = {**os.environ, **{notify_env_name(k): v.replace("\0", "") for k, v in values.items()}}
    results = []
    for spec in state.plan.notify:
        try:
            # Log text is hostile: every placeholder is a quoted reference to its variable.
            command = render(spec.command, values, shell=True, env_name=notify_env_name, known=False)
        except SpecError as exc:  # a plan from before placements were checked: never run it
            results.append(f"not run: {exc}")
            continue
        try:
            proc = subprocess.run(["/bin/sh", "-c", command], cwd=state.plan.workdir, env=env,
                                  stdin=subprocess.DEVNULL, capture_output=True, timeout=NOTIFY_TIMEOUT_S)
            results.append(f"exit {proc.returncode}" + (f": {proc.stderr.decode(errors='replace').strip()[-200:]}"
                                                        if proc.returncode else ""))
        except subprocess.TimeoutExpired:
            results.append(f"timed out after {NOTIFY_TIMEOUT_S}s")
        except OSError as exc:
            results.append(f"could not run: {exc}")
    ev = {"ts": ts, "event": "notified", "key": action.key, "results": results,
          "message": f"told the owner: {action.title} ({'; '.join(results) or 'no command'})"}
    if action.entity:
        ev["entity"], ev["stage"] = action.entity, action.stage
    return ev


def mark_told(state: RunState, key: str) -> None:
    """Record in ``state`` that the owner was told what a :class:`Notify` with ``key`` said (never again)."""
    if key == "run":
        state.blocked_notified = True
    elif key == "scheduler":
        state.scheduler_notified = True
    elif key.startswith(SPACE_KEY):
        wait = state.stage(key[len(SPACE_KEY):]).wait
        if wait is not None:
            wait.notified = True
    else:
        state.stage(key).hold.notified = True


def _inside(rel: str) -> bool:
    """A path from state.json that stays inside the run folder (relative, no ``..``)."""
    parts = Path(rel).parts
    return bool(parts) and not Path(rel).is_absolute() and ".." not in parts


def copy_output(state: RunState, action: CopyOutput, ts: str) -> dict:
    """Copy a stage's output into the destination folder; an existing file there is never overwritten.

    No link is followed at the destination: the folder chain is opened component by
    component (a link there is followed only if it is yours or root's, never one another
    user planted) and every file is created exclusively without following a link. A link
    inside a copied folder is copied as a link, never followed.
    """
    workdir = state.plan.workdir
    source = resolve(action.source, workdir)
    folder = resolve(action.destination, workdir)
    target = folder / source.name
    entity, stage = action.stage_id.rsplit(".", 1)
    ev = {"ts": ts, "entity": entity, "stage": stage, "source": str(source), "target": str(target)}
    try:
        _check_source(source)
        dfd = _open_destination(folder)
    except (OSError, UnsafePath) as exc:
        return {**ev, "event": "output_copy_failed", "message": f"could not copy {source} to {target}: {exc}"}
    try:
        if os.path.lexists(target) or _exists_at(dfd, source.name):
            return {**ev, "event": "output_kept", "message": f"{target} exists already; not overwritten, not copied"}
        if source.is_dir():
            _copy_tree(source, dfd, source.name)
        else:
            _copy_file(source, dfd, source.name)
    except (OSError, UnsafePath) as exc:
        return {**ev, "event": "output_copy_failed", "message": f"could not copy {source} to {target}: {exc}"}
    finally:
        os.close(dfd)
    return {**ev, "event": "output_copied", "message": f"output copied to {target}"}


def _check_source(source: Path) -> None:
    """The output itself may be a link only if you or root made it (not one another user planted
    in a shared project folder to have root copy a file of root's out)."""
    st = os.lstat(source)
    if stat.S_ISLNK(st.st_mode) and st.st_uid not in (0, os.geteuid()):
        raise UnsafePath(f"{source}: is a symbolic link that another user (uid {st.st_uid}) made; "
                         "output not copied: remove the link or make the output a real file")


def _exists_at(dfd: int, name: str) -> bool:
    try:
        os.stat(name, dir_fd=dfd, follow_symlinks=False)
        return True
    except FileNotFoundError:
        return False


_DIR = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC


def _open_destination(folder: Path) -> int:
    """A descriptor of the destination folder, walked from ``/``, creating what is missing (your umask applies).

    Raises:
        UnsafePath: a link on the way that neither you nor root made, or a file where a folder belongs.
    """
    fd = os.open("/", _DIR)
    where = Path("/")
    try:
        for part in Path(os.path.abspath(folder)).parts[1:]:
            where = where / part
            try:
                nfd = os.open(part, _DIR | os.O_NOFOLLOW, dir_fd=fd)
            except FileNotFoundError:
                try:
                    os.mkdir(part, 0o777, dir_fd=fd)  # outputs are for people: the umask decides, as mkdir -p
                except FileExistsError:
                    pass
                nfd = os.open(part, _DIR | os.O_NOFOLLOW, dir_fd=fd)
            except OSError as exc:
                if exc.errno not in (errno.ELOOP, errno.ENOTDIR):
                    raise
                st = os.stat(part, dir_fd=fd, follow_symlinks=False)
                if not stat.S_ISLNK(st.st_mode) or st.st_uid not in (0, os.geteuid()):
                    raise UnsafePath(fsio.describe(fd, part, str(where)).replace(
                        "inside a run folder", "that another user made") + "; output not copied") from None
                nfd = os.open(part, _DIR, dir_fd=fd)  # your own (or root's) link: followed
            os.close(fd)
            fd = nfd
        return fd
    except BaseException:
        os.close(fd)
        raise


def _copy_file(source: Path, dfd: int, name: str) -> None:
    """Copy one regular file into ``dfd`` as ``name``: created exclusively, never through a link."""
    try:  # non-blocking: a FIFO planted as the output must not hang the tick
        raw = os.open(source, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise UnsafePath(f"{source}: not a regular file; output not copied") from None
        raise
    with os.fdopen(raw, "rb") as src:
        st = os.fstat(src.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise UnsafePath(f"{source}: not a regular file; output not copied")
        os.set_blocking(raw, True)
        fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                     stat.S_IMODE(st.st_mode) & 0o777, dir_fd=dfd)
        try:
            with os.fdopen(fd, "wb", closefd=False) as out:
                shutil.copyfileobj(src, out, 1 << 20)
                out.flush()
                os.fsync(fd)
            os.utime(fd, ns=(st.st_atime_ns, st.st_mtime_ns))
        finally:
            os.close(fd)


def _copy_tree(source: Path, dfd: int, name: str) -> None:
    """Copy folder ``source`` into ``dfd`` as ``name``; links inside it are copied as links."""
    os.mkdir(name, stat.S_IMODE(os.stat(source).st_mode) & 0o777, dir_fd=dfd)
    sub = os.open(name, _DIR | os.O_NOFOLLOW, dir_fd=dfd)
    try:
        with os.scandir(source) as entries:
            for entry in entries:
                if entry.is_symlink():
                    os.symlink(os.readlink(entry.path), entry.name, dir_fd=sub)
                elif entry.is_dir(follow_symlinks=False):
                    _copy_tree(Path(entry.path), sub, entry.name)
                elif entry.is_file(follow_symlinks=False):
                    _copy_file(Path(entry.path), sub, entry.name)
    finally:
        os.close(sub)
