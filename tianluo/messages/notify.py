"""Telling the owner: the failure analysis file, and the spec's notify channels (commands, webhooks, email)."""

import errno
import os
import shutil
import stat
import subprocess
import time
from datetime import datetime, timedelta
from pathlib import Path

from tianluo import redact
from tianluo.core.actions import CopyOutput, Notify
from tianluo.core.events import Kind
from tianluo.core.events import event as new_event
from tianluo.core.holds import analysis_path
from tianluo.errors import SpecError
from tianluo.models.model import Notice, RunState
from tianluo.models.states import StageStatus
from tianluo.planning.spec import NotifySpec
from tianluo.planning.templating import notify_env_name, render
from tianluo.shell import fsio
from tianluo.shell.conditions import resolve
from tianluo.shell.fsio import UnsafePath, atomic_write
from tianluo.shell.logscan import tail_lines
from tianluo.shell.shellrun import run_command
from tianluo.timefmt import iso
from tianluo.views import analysis

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
    text = analysis.render(state, str(Path(run_dir).resolve()), entity, tails, now)
    atomic_write(path, redact.of_plan(state.plan, os.environ).document(text))  # log text is hostile: inert
    return path


#: Seconds a tick spends sending at most; what is left waits for the next tick.
NOTIFY_BUDGET_S = 60.0
#: Ticks that try one notice before it is given up (each try: up to ``channels.TRIES`` sends).
MAX_TRIES = 6
#: The wait before the next tick's try, after failed try 1, 2, ... (the last repeats).
BACKOFF_S = (60.0, 240.0, 900.0, 3600.0, 3 * 3600.0)
#: Sent and given-up notices kept in state.json (the newest); older ones are dropped.
KEEP_SETTLED = 100
#: A tick that sends more than this many saves the rest in batches (a kill may then repeat one).
SAVE_EACH_UP_TO = 10


def notify(state: RunState, run_dir: Path, action: Notify, ts: str) -> dict:
    """Tell every channel at once, outside a decision (a stalled lock: ``stalled``); return the event.

    Nothing is recorded in state.json here (the caller has no lock): the caller keeps it once.
    """
    from tianluo.messages.channels import describe  # http, email, retries: imported when a notice goes out

    results = []
    red = redact.of_plan(state.plan, os.environ)
    for channel in state.plan.notify:
        if channel.wants("stalled"):
            _, result = _send(state, run_dir, channel, action, "stalled", ts, red)
            results.append(f"{describe(channel)}: {result}")
    where = {"entity": action.entity, "stage": action.stage} if action.entity else {}
    return new_event(Kind.NOTIFIED, ts, f"told the owner: {action.title} ({'; '.join(results) or 'no channel'})",
                     **where, key=action.key, results=results)


def due(notice: Notice, now: datetime) -> bool:
    return (notice.sent_at is None and notice.gave_up_at is None
            and (notice.next_try_at is None or notice.next_try_at <= now))


def send_due(state: RunState, run_dir: Path, now: datetime, log) -> None:
    """Send every notice that is due, each through its channel; record each outcome with its event.

    Each notice is in state.json already (the decision recorded it); a sent one is marked sent and
    saved at once (``log(ev, True)``), so a later tick never sends it again. A failed one waits
    (``BACKOFF_S``) and is tried by later ticks, up to ``MAX_TRIES``; a channel that failed is not
    tried again in this tick, nor while it waits (each channel hears its news in order), and the tick
    stops sending after ``NOTIFY_BUDGET_S``.
    """
    from tianluo.messages.channels import describe

    ts = iso(now)
    began = time.monotonic()
    red = redact.of_plan(state.plan, os.environ)
    failed: set[int] = set()
    sent = 0
    for i, notice in enumerate(state.notices):
        if notice.sent_at is not None or notice.gave_up_at is not None or notice.channel in failed:
            continue
        if not due(notice, now):  # its channel waits (backoff): what came after it waits too, in order
            failed.add(notice.channel)
            continue
        if time.monotonic() - began > NOTIFY_BUDGET_S:
            break
        where = {"entity": notice.entity, "stage": notice.stage} if notice.entity else {}
        base = {"key": notice.key, "kind": notice.kind, **where}
        if notice.channel >= len(state.plan.notify):  # a replan dropped the channel
            state.notices[i] = notice.model_copy(update={"gave_up_at": now, "error": "the channel is gone"})
            log(new_event(Kind.NOTIFY_GAVE_UP, ts, f"not sent: {notice.title} (its channel is gone)", **base))
            continue
        channel = state.plan.notify[notice.channel]
        name = describe(channel)
        ok, result = _send(state, run_dir, channel, notice, notice.kind, ts, red)
        tries = notice.tries + 1
        if ok:
            sent += 1
            state.notices[i] = notice.model_copy(update={"tries": tries, "sent_at": now, "error": None,
                                                         "next_try_at": None})
            log(new_event(Kind.NOTIFIED, ts, f"told the owner through {name}: {notice.title} ({result})", **base,
                          channel=name, result=result), sent <= SAVE_EACH_UP_TO)
            continue
        failed.add(notice.channel)
        if tries >= MAX_TRIES:
            state.notices[i] = notice.model_copy(update={"tries": tries, "gave_up_at": now, "error": result})
            log(new_event(Kind.NOTIFY_GAVE_UP, ts, f"gave up telling the owner through {name} after {tries} tries: "
                          f"{notice.title} ({result})", **base, channel=name, tries=tries, error=result), True)
            continue
        wait = BACKOFF_S[min(tries, len(BACKOFF_S)) - 1]
        again = now + timedelta(seconds=wait)
        state.notices[i] = notice.model_copy(update={"tries": tries, "next_try_at": again, "error": result})
        log(new_event(Kind.NOTIFY_FAILED, ts, f"could not tell the owner through {name}: {result}; tried again from "
                      f"{iso(again)}", **base, channel=name, tries=tries, error=result, next_try_at=iso(again)), True)
    _trim(state)


def _trim(state: RunState) -> None:
    """Keep the newest ``KEEP_SETTLED`` settled notices (and every one still to send)."""
    settled = [n for n in state.notices if n.sent_at is not None or n.gave_up_at is not None]
    if len(settled) <= KEEP_SETTLED:
        return
    drop = {id(n) for n in settled[:-KEEP_SETTLED]}
    state.notices = [n for n in state.notices if id(n) not in drop]


def _send(state: RunState, run_dir: Path, channel: NotifySpec, what, kind: str, ts: str,
          red: redact.Redactor) -> tuple[bool, str]:
    """Send ``what`` (a Notice or a Notify) through one channel: (whether it went through, what happened).

    What is sent and what the far end said are redacted (``red``): neither carries a secret of the run.
    """
    ok, said = _send_one(state, run_dir, channel, what, kind, ts, red)
    return ok, red.text(said)


def _send_one(state: RunState, run_dir: Path, channel: NotifySpec, what, kind: str, ts: str,
              red: redact.Redactor) -> tuple[bool, str]:
    from tianluo.messages.channels import SendFailed, send

    title, body = red.text(what.title), red.text(what.body)
    if channel.command is None:
        msg = Notify(key=what.key, title=title, body=body, entity=what.entity, stage=what.stage,
                     analysis=what.analysis, kind=kind, run_id=state.run_id, ts=ts)
        try:
            return True, send(channel, msg)
        except SendFailed as exc:
            return False, str(exc)
    values = {"title": title, "body": body, "entity": what.entity, "stage": what.stage,
              "run_id": state.run_id, "run_dir": str(Path(run_dir).resolve()),
              "analysis": str(Path(run_dir).resolve() / what.analysis) if what.analysis else ""}
    env = {**os.environ, **{notify_env_name(k): v.replace("\0", "") for k, v in values.items()}}
    try:
        # Log text is hostile: every placeholder is a quoted reference to its variable.
        command = render(channel.command, values, shell=True, env_name=notify_env_name, known=False)
    except SpecError as exc:  # a plan from before placements were checked: never run it
        return False, f"not run: {exc}"
    try:  # its own session: a timeout ends what it started too; its output is capped, never read whole
        # Its end is its own exit: a background child it left (holding the pipes or not) goes with it.
        proc = run_command(command, NOTIFY_TIMEOUT_S, env=env, cwd=state.plan.workdir, end_group=True)
    except subprocess.TimeoutExpired:
        return False, f"timed out after {NOTIFY_TIMEOUT_S}s"
    except OSError as exc:
        return False, f"could not run: {exc}"
    if proc.returncode:
        return False, f"exit {proc.returncode}: {proc.err.strip()[-200:]}"
    return True, "exit 0"


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
    ev = {"entity": entity, "stage": stage, "source": str(source), "target": str(target)}
    try:
        _check_source(source)
        dfd = _open_destination(folder)
    except (OSError, UnsafePath) as exc:
        return new_event(Kind.OUTPUT_COPY_FAILED, ts, f"could not copy {source} to {target}: {exc}", **ev)
    try:
        if os.path.lexists(target) or _exists_at(dfd, source.name):
            return new_event(Kind.OUTPUT_KEPT, ts, f"{target} exists already; not overwritten, not copied", **ev)
        if source.is_dir():
            _copy_tree(source, dfd, source.name)
        else:
            _copy_file(source, dfd, source.name)
    except (OSError, UnsafePath) as exc:
        return new_event(Kind.OUTPUT_COPY_FAILED, ts, f"could not copy {source} to {target}: {exc}", **ev)
    finally:
        os.close(dfd)
    return new_event(Kind.OUTPUT_COPIED, ts, f"output copied to {target}", **ev)


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
    try:
        return fsio.open_dir_walked(folder, create=True)  # outputs are for people: the umask decides, as mkdir -p
    except UnsafePath as exc:
        raise UnsafePath(f"{exc}; output not copied") from None


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
                try:
                    if entry.is_symlink():
                        os.symlink(os.readlink(entry.path), entry.name, dir_fd=sub)
                    elif entry.is_dir(follow_symlinks=False):
                        _copy_tree(Path(entry.path), sub, entry.name)
                    elif entry.is_file(follow_symlinks=False):
                        _copy_file(Path(entry.path), sub, entry.name)
                except FileNotFoundError:
                    if os.path.lexists(entry.path):
                        raise  # the destination's side
                    continue  # listed, then gone (a writer's temp file renamed into place): not part of the output
    finally:
        os.close(sub)
