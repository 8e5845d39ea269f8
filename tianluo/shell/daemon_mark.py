"""``.daemon`` in a run folder: the ``tianluo daemon`` that ticks the run (pid, its start time, host, since).

Written when the daemon starts, removed when it exits; ``status`` reads it (no lock) to say at
once when the daemon trigger cannot fire: no daemon was ever started for the run, or its process
is gone (killed, the tmux session closed, the host rebooted). The line is the lock file's
format (``tianluo.shell.lockholder``), so a reused pid is not taken for the daemon.
"""

import os
from pathlib import Path

from tianluo.shell import fsio, lockholder

MARK = ".daemon"


def write(run_dir: Path) -> None:
    """Record this process as the run's daemon (best effort: a daemon runs without it)."""
    try:
        fd = fsio.open_file(Path(run_dir) / MARK, os.O_RDWR | os.O_CREAT)
    except OSError:
        return
    try:
        lockholder.record(fd, "daemon", None)
    finally:
        os.close(fd)


def clear(run_dir: Path) -> None:
    """Forget the daemon as it exits (only if the mark is this process's)."""
    holder = read(run_dir)
    if holder is not None and holder.pid == os.getpid():
        try:
            os.unlink(Path(run_dir) / MARK)
        except OSError:
            pass


def read(run_dir: Path) -> "lockholder.Holder | None":
    try:
        return lockholder.parse(fsio.read_bytes(Path(run_dir) / MARK, 4096))
    except (OSError, ValueError):
        return None


def problem(run_dir: Path, shown: str) -> str | None:
    """Why the daemon trigger cannot fire, in one line; None when its process is alive (or on another host)."""
    holder = read(run_dir)
    start = f"`tianluo daemon --run {shown}`"
    if holder is None:
        return f"no `tianluo daemon` is running for this run: start {start} (in tmux or under a supervisor)"
    if lockholder.alive(holder) is False:
        return (f"the daemon (pid {holder.pid}, started {holder.since:%Y-%m-%d %H:%M} UTC) is gone: start "
                f"{start} again")
    return None
