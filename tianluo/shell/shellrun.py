"""One command, run the way a daemon on a shared host must: bounded in time and in output.

``run_argv`` runs a program with its arguments (no shell); ``run_command`` runs ``/bin/sh -c <command>``.
Either runs in its own session (so a timeout kills its whole process group, not
only the shell: a ``sleep 600 &`` or a pipeline's other end goes too), stdin from /dev/null,
and at most ``OUTPUT_CAP`` bytes of stdout (``ERROR_CAP`` of stderr) read: a flood is cut,
not read whole. Used by the ``command`` backend's scheduler calls, by notify commands, and (no
shell) for nvidia-smi's queries.
"""

import os
import select
import signal
import subprocess
import time
from dataclasses import dataclass

OUTPUT_CAP = 4 << 20  # bytes of a command's stdout read (status of 100,000 jobs is ~3 MB)
ERROR_CAP = 64 << 10  # bytes of its stderr
KILL_WAIT = 2.0  # seconds to wait for a killed command's group to go
POLL_S = 0.05  # how often a leader's exit is looked for where the kernel cannot say it (no pidfd)


@dataclass(frozen=True)
class Result:
    returncode: int
    out: str
    err: str
    cut: bool  # stdout was longer than OUTPUT_CAP: cut
    raw: bytes = b""  # stdout as it came (``out`` has undecodable bytes replaced)


def run_command(command: str, timeout: float, env: dict[str, str] | None = None,
                cwd: str | os.PathLike | None = None, end_group: bool = False) -> Result:
    """``/bin/sh -c command`` in its own session, stdin /dev/null, output capped, at most ``timeout`` s.

    Args:
        end_group: When the shell exits, KILL what it left in its process group (``sleep 97 &``).

    Raises:
        subprocess.TimeoutExpired: it ran too long; its process group was killed.
        OSError: /bin/sh could not be started.
    """
    return run_argv(["/bin/sh", "-c", command], timeout, env=env, cwd=cwd, end_group=end_group)


def run_argv(argv: list[str], timeout: float, env: dict[str, str] | None = None,
             cwd: str | os.PathLike | None = None, end_group: bool = False) -> Result:
    """``argv`` (no shell) in its own session, stdin /dev/null, output capped, at most ``timeout`` s.

    The command ends when its own process exits: what it printed by then is read, and a
    background child that still holds its stdout or stderr is not waited for (with
    ``end_group``, its whole process group is KILLed then, before the leader is reaped).

    Raises:
        subprocess.TimeoutExpired: it ran too long; its process group was killed.
        OSError: the program could not be started (FileNotFoundError: it is not there).
    """
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True, close_fds=True, env=env, cwd=cwd)
    assert proc.stdout is not None and proc.stderr is not None
    stdout, stderr = proc.stdout, proc.stderr
    deadline = time.monotonic() + timeout
    out_fd, err_fd = stdout.fileno(), stderr.fileno()
    bufs = {out_fd: bytearray(), err_fd: bytearray()}
    caps = {out_fd: OUTPUT_CAP, err_fd: ERROR_CAP}
    open_fds = set(bufs)
    exit_fd = pidfd(proc.pid)  # readable once the leader exits (Linux); else polled
    cut = flooded = exited = False
    try:
        while open_fds and not exited:
            left = deadline - time.monotonic()
            if left <= 0:
                _kill_group(proc)
                raise subprocess.TimeoutExpired(argv, timeout)
            watched = sorted(open_fds) + ([exit_fd] if exit_fd is not None else [])
            ready, _, _ = select.select(watched, [], [], left if exit_fd is not None else min(left, POLL_S))
            exited = _exited(proc)
            if exited:  # read what it printed before it went; a child holding the pipes is not waited for
                ready = [fd for fd in sorted(open_fds) if select.select([fd], [], [], 0)[0]]
            for fd in ready:
                if fd == exit_fd:
                    continue
                if _take(fd, bufs[fd], caps[fd], open_fds, drain=exited):
                    flooded = True
                    cut = cut or fd == out_fd
            if flooded:
                break
        if flooded or (end_group and _exited(proc)):  # a flood's writer would block; a notify's leftovers go
            _kill_group(proc, reap=False)
        try:
            returncode = proc.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            raise
    finally:
        stdout.close()
        stderr.close()
        if exit_fd is not None:
            os.close(exit_fd)
        if proc.returncode is None:
            _kill_group(proc)
    out = bytes(bufs[out_fd])
    return Result(returncode, out.decode("utf-8", "replace"), bufs[err_fd].decode("utf-8", "replace"), cut, out)


def _take(fd: int, buf: bytearray, cap: int, open_fds: set[int], drain: bool) -> bool:
    """Read a ready pipe into ``buf`` (all that is there when ``drain``); whether it reached ``cap``."""
    while True:
        chunk = os.read(fd, 65536)
        if not chunk:
            open_fds.discard(fd)
            return False
        buf += chunk
        if len(buf) >= cap:  # enough: the rest is not read
            del buf[cap:]
            return True
        if not drain or not select.select([fd], [], [], 0)[0]:
            return False


def pidfd(pid: int) -> int | None:
    """A pidfd of ``pid``: it names that process and no later one with its pid (None where the kernel has
    none, or the process is gone)."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return None


def _exited(proc: subprocess.Popen) -> bool:
    """Whether the leader has exited, left unreaped (its pid, so its group id, cannot be reused yet)."""
    try:
        return os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        return True


def _kill_group(proc: subprocess.Popen, reap: bool = True) -> None:
    """KILL the command's whole process group (it leads its own session) and reap the leader."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if not reap:
        return
    try:
        proc.wait(KILL_WAIT)
    except subprocess.TimeoutExpired:
        pass
