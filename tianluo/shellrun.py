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


@dataclass(frozen=True)
class Result:
    returncode: int
    out: str
    err: str
    cut: bool  # stdout was longer than OUTPUT_CAP: cut
    raw: bytes = b""  # stdout as it came (``out`` has undecodable bytes replaced)


def run_command(command: str, timeout: float, env: dict[str, str] | None = None,
                cwd: str | os.PathLike | None = None) -> Result:
    """``/bin/sh -c command`` in its own session, stdin /dev/null, output capped, at most ``timeout`` s.

    Raises:
        subprocess.TimeoutExpired: it ran too long; its process group was killed.
        OSError: /bin/sh could not be started.
    """
    return run_argv(["/bin/sh", "-c", command], timeout, env=env, cwd=cwd)


def run_argv(argv: list[str], timeout: float, env: dict[str, str] | None = None,
             cwd: str | os.PathLike | None = None) -> Result:
    """``argv`` (no shell) in its own session, stdin /dev/null, output capped, at most ``timeout`` s.

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
    cut = flooded = False
    try:
        while open_fds:
            left = deadline - time.monotonic()
            if left <= 0:
                _kill_group(proc)
                raise subprocess.TimeoutExpired(argv, timeout)
            ready, _, _ = select.select(sorted(open_fds), [], [], left)
            for fd in ready:
                chunk = os.read(fd, 65536)
                buf = bufs[fd]
                if chunk:
                    buf += chunk
                if not chunk:
                    open_fds.discard(fd)
                elif len(buf) >= caps[fd]:  # enough: the rest is not read
                    del buf[caps[fd]:]
                    cut = cut or fd == out_fd
                    flooded = True
            if flooded:
                break
        if flooded:  # stopped reading: the writer would block (or die of SIGPIPE); end it either way
            _kill_group(proc)
        try:
            returncode = proc.wait(max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            raise
    finally:
        stdout.close()
        stderr.close()
        if proc.returncode is None:
            _kill_group(proc)
    out = bytes(bufs[out_fd])
    return Result(returncode, out.decode("utf-8", "replace"), bufs[err_fd].decode("utf-8", "replace"), cut, out)


def _kill_group(proc: subprocess.Popen) -> None:
    """KILL the command's whole process group (it leads its own session) and reap it."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.wait(KILL_WAIT)
    except subprocess.TimeoutExpired:
        pass
