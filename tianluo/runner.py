"""The runner wrapper around one attempt: ``python -m tianluo.runner ATTEMPT_DIR``.

It reads ``job.json`` from the attempt folder, claims the folder by creating
``started.json`` exclusively (a second runner for the same attempt exits at once, so an
attempt can never run twice), runs the command with ``stdout`` and ``stderr`` beside it,
and writes ``exit.json`` atomically when the command ends, into room it reserved
(``exit.json.reserved``) before the command started, so a full disk cannot cost the record. It
forwards TERM, INT and HUP to the command. Just before the command starts it picks a free TCP port, records it in
``started.json`` and gives it to the command as ``TIANLUO_PORT`` (``{port}``): each attempt
its own, so a port an earlier attempt left taken is not tried again. It imports only the
standard library, to start fast, and only the lighter parts of it: a runner waits beside every
running job, so its memory is paid once per job (the command is started with ``os.fork`` and
``os.execve``, not ``subprocess``, which brings threads and selectors; the host name and the
port come from ``_socket``; the clock from ``time``).
"""

import _socket
import errno
import json
import os
import re
import signal
import sys
import time
from pathlib import Path

from tianluo.models.states import PORT_ENV
from tianluo.shell import fsio, records
from tianluo.shell.fsio import UnsafePath, atomic_write, create_exclusive
from tianluo.shell.proctable import create_time
from tianluo.shell.records import read_started

JOB = "job.json"
STARTED = "started.json"
EXIT = "exit.json"
EXIT_ALREADY_CLAIMED = 75
RESERVED = EXIT + ".reserved"  # room for exit.json, taken before the job starts
RESERVE_BYTES = 16 * 1024


FORWARDED = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)  # passed on to the command


def _now() -> str:
    """UTC now, ISO 8601 with microseconds and a Z (``2026-05-01T12:00:00.123456Z``)."""
    now = time.time_ns()
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now // 10**9)) + f".{now // 1000 % 10**6:06d}Z"


def _process_create_time(pid: int) -> float | None:
    """The process's create time as the local backend reads it (boot time + start ticks)."""
    try:
        return create_time(pid)
    except (OSError, ValueError):  # no /proc here: liveness falls back to the pid
        return None


JOB_CAP = 16 * 1024 * 1024  # bytes; job.json holds a command and its environment


def guard_attempt(attempt_dir: Path) -> None:
    """Open nothing below the run folder (``<run>/attempts/<entity>/<stage>/<n>``) through a link.

    An attempt folder outside that layout (a test's, a hand-made one) guards only itself.
    """
    parts = Path(os.path.abspath(attempt_dir)).parts
    if len(parts) > 5 and parts[-4] == "attempts":
        fsio.guard(Path(*parts[:-4]))
    else:
        fsio.guard(attempt_dir)


def _open_log(path: Path):
    """An attempt log, appended to, created 0600, never through a link."""
    return os.fdopen(fsio.open_file(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT), "ab")


def _read_job(attempt_dir: Path) -> dict:
    """job.json, checked: what the runner needs is there and of the right type.

    Raises:
        ValueError: one line naming the file and what is wrong.
    """
    where = attempt_dir / JOB
    try:
        job = json.loads(fsio.read_bytes(where, JOB_CAP).decode("utf-8"))
    except (OSError, RecursionError) as exc:
        raise ValueError(f"{where}: cannot read: {exc}") from None
    if not isinstance(job, dict) or not all(isinstance(job.get(k), str) for k in ("job_name", "command", "workdir")):
        raise ValueError(f"{where}: job_name, command and workdir must be strings")
    if not isinstance(job.get("env", {}), dict) or not isinstance(job.get("poke") or "", str):
        raise ValueError(f"{where}: env must be a mapping and poke a folder")
    names = job.get("scheduler_env", LEGACY_SCHEDULER_ENV)
    if not isinstance(names, dict) or not all(k in ("job_id", "restarts") and isinstance(v, str)
                                              and _ENV_NAME.fullmatch(v) for k, v in names.items()):
        raise ValueError(f"{where}: scheduler_env must map job_id and restarts to variable names")
    return job


#: Where a scheduler tells a job its id and how often it was requeued: job.json's ``scheduler_env``,
#: written by the backend (Slurm: SLURM_JOB_ID, SLURM_RESTART_COUNT; none for a local job). A
#: job.json written before there was a choice of scheduler has none, and meant Slurm's.
LEGACY_SCHEDULER_ENV = {"job_id": "SLURM_JOB_ID", "restarts": "SLURM_RESTART_COUNT"}
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,127}")


def scheduler_ids(job: dict) -> tuple[str | None, int]:
    """The scheduler's id of this job and its restart count, from the variables job.json names."""
    names = job.get("scheduler_env", LEGACY_SCHEDULER_ENV)
    job_id = os.environ.get(names["job_id"]) or None if "job_id" in names else None
    try:
        restarts = int(os.environ.get(names["restarts"], "0")) if "restarts" in names else 0
    except ValueError:
        restarts = 0
    return job_id, restarts


def run(attempt_dir: Path) -> int:
    attempt_dir = Path(attempt_dir)
    guard_attempt(attempt_dir)
    # Caught from the first moment, before started.json exists: a scancel (or tianluo's own cancel)
    # sent as soon as the claim appears must still end in exit.json, not in a runner that died silent.
    child: Child | None = None
    forwarded: list[int] = []

    def forward(signum, _frame):
        forwarded.append(signum)
        if child is not None:
            child.send_signal(signum)

    for signum in FORWARDED:
        signal.signal(signum, forward)
    try:
        job = _read_job(attempt_dir)
    except (ValueError, UnsafePath) as exc:
        print(f"tianluo runner: {exc}", file=sys.stderr)
        return 2
    host = _socket.gethostname()
    job_id, restarts = scheduler_ids(job)  # the scheduler's words for them, whichever scheduler it is
    port = free_port(avoid=_earlier_ports(attempt_dir))
    started = {
        "job_name": job["job_name"],
        "runner_pid": os.getpid(),
        "runner_create_time": _process_create_time(os.getpid()),
        "pgid": os.getpgid(0),
        "host": host,
        "started_at": _now(),
        "job_id": job_id,
        "restarts": restarts,
        "port": port,
    }
    text = json.dumps(started, indent=2) + "\n"
    if not create_exclusive(attempt_dir / STARTED, text):
        if not _requeued_run(attempt_dir, job_id, restarts):
            print(f"{job['job_name']}: already claimed by another runner; not running it twice", file=sys.stderr)
            return EXIT_ALREADY_CLAIMED
        # The scheduler requeued this very job (node failure, preemption, scontrol requeue): the same
        # attempt runs again, and what its first run left behind is no longer its end.
        (attempt_dir / EXIT).unlink(missing_ok=True)  # unlink never follows a link
        atomic_write(attempt_dir / STARTED, text)

    try:
        _reserve(attempt_dir)
    except OSError as exc:  # no room even for its record: the job does not start (the tick retries it)
        print(f"{job['job_name']}: no room for {EXIT} in {attempt_dir} ({exc.strerror}); not starting the job",
              file=sys.stderr)
        return EXIT_ALREADY_CLAIMED
    env = dict(os.environ)
    env.update({k: str(v) for k, v in job.get("env", {}).items()})
    env.pop(PORT_ENV, None)  # the runner's own: neither job.json nor the environment tianluo ran in sets it
    if port is not None:
        env[PORT_ENV] = str(port)
    error = None
    stopped = None  # the signal that came before the command could start: it is then never started
    t0 = time.monotonic()
    inherit = job.get("streams") == "inherit"  # under Slurm, --output/--error are the attempt's files already
    with (open(os.devnull, "ab") if inherit else _open_log(attempt_dir / "stdout")) as out, \
            (open(os.devnull, "ab") if inherit else _open_log(attempt_dir / "stderr")) as err:
        # The signals passed on wait (blocked) while the command starts: one that comes meanwhile
        # is delivered once ``child`` is set, and so reaches the command. One that came before
        # (while the runner claimed the attempt) means the command is never started.
        signal.pthread_sigmask(signal.SIG_BLOCK, FORWARDED)
        try:
            if forwarded:
                stopped = forwarded[-1]
                error = f"stopped by {signal.Signals(stopped).name} before the command started"
                (sys.stderr.buffer if inherit else err).write(f"tianluo runner: {error}\n".encode())
            else:
                child = spawn(job["command"], job["workdir"], env, None if inherit else out.fileno(),
                              None if inherit else err.fileno())
        except (OSError, ValueError, TypeError) as exc:  # a NUL or '=' in job.json's env, command or workdir too
            error = f"could not start the command: {exc}"
            (sys.stderr.buffer if inherit else err).write(f"tianluo runner: {error}\n".encode())
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, FORWARDED)
    if child is not None:
        _record_job_pid(attempt_dir, started, child.pid)
        returncode = child.wait()
    else:  # never started: the signal's end if one stopped it, else the shell's "could not run"
        returncode = -stopped if stopped is not None else 127
    record = {
        "job_name": job["job_name"],
        "exit_code": returncode if returncode >= 0 else None,
        "signal": -returncode if returncode < 0 else None,
        "signal_name": signal.Signals(-returncode).name if returncode < 0 else None,
        "forwarded_signals": [signal.Signals(s).name for s in forwarded],
        "host": host,
        "job_pid": child.pid if child else None,
        "runner_pid": os.getpid(),
        "job_id": job_id,
        "restarts": restarts,
        "started_at": started["started_at"],
        "port": port,
        "ended_at": _now(),
        "duration_s": round(time.monotonic() - t0, 3),
        "error": error,
    }
    write_exit(attempt_dir, json.dumps(record, indent=2) + "\n")
    if job.get("poke"):
        _poke(job["poke"], attempt_dir)
    return returncode if returncode >= 0 else 128 + (-returncode)


def free_port(avoid: frozenset[int] = frozenset(), tries: int = 20) -> int | None:
    """A TCP port free on every address of this host right now, not one of ``avoid``; None if none is.

    The kernel picks it (bind to port 0), so it is outside the ports other services are
    configured on; the socket is closed at once, and the job binds the port itself moments later.
    """
    for _ in range(tries):
        try:
            sock = _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
            try:
                sock.bind(("", 0))
                port = sock.getsockname()[1]
            finally:
                sock.close()
        except OSError:  # no IPv4 here (or no room for a socket): the job gets no port
            return None
        if port not in avoid:
            return port
    return None


def _earlier_ports(attempt_dir: Path, back: int = 3) -> frozenset[int]:
    """The ports the last few attempts of the same stage (``../<n-1>``...) were given, and this
    attempt's own before Slurm requeued it: never given again at once.

    A rank of an earlier attempt that outlived it may still hold its port.
    """
    attempt_dir = Path(os.path.abspath(attempt_dir))
    if not attempt_dir.name.isdigit():
        return frozenset()
    n = int(attempt_dir.name)
    ports = set()
    for earlier in range(max(1, n - back), n + 1):
        try:
            claim, _ = read_started(attempt_dir.parent / str(earlier))  # a damaged one names no port
        except UnsafePath:
            continue
        if claim and claim.get("port") is not None:
            ports.add(claim["port"])
    return frozenset(ports)


def _reserve(attempt_dir: Path) -> None:
    """Allocate the room exit.json will need before the job starts.

    A job that ends while the disk is full still gets its record, so a finished job is never
    taken for a lost one and run again.
    """
    fd = fsio.open_file(attempt_dir / RESERVED, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    try:
        try:
            os.posix_fallocate(fd, 0, RESERVE_BYTES)
        except OSError as exc:
            if exc.errno not in (errno.EOPNOTSUPP, errno.EINVAL):
                raise
            fsio.write_all(fd, b"\0" * RESERVE_BYTES, attempt_dir / RESERVED)  # no fallocate here: real bytes
        os.fsync(fd)
    finally:
        os.close(fd)


def _record_job_pid(attempt_dir: Path, started: dict, pid: int) -> None:
    """started.json again, with the command's own pid (``job_pid``: what ``status`` shows beside the
    runner's). Replaced whole, never in place; a full disk or a swapped folder just leaves it out."""
    try:
        atomic_write(attempt_dir / STARTED, json.dumps({**started, "job_pid": pid}, indent=2) + "\n", durable=False)
    except (OSError, UnsafePath):
        pass


def write_exit(attempt_dir: Path, text: str) -> None:
    """Write exit.json into the room reserved for it, then give it its name: whole or not at all, disk full or not.

    The reserved file is written only if it is still the runner's own (a regular file with no
    other hard link, the same one when it is renamed): a job that swapped it for a link or a
    hard link to a file elsewhere gets its record by an ordinary write instead, and nothing
    outside the attempt folder is written or cut.
    """
    data = text.encode("utf-8")
    try:
        fd = fsio.open_file(attempt_dir / RESERVED, os.O_WRONLY)
    except FileNotFoundError:  # nothing reserved (a runner killed before it could): an ordinary write
        atomic_write(attempt_dir / EXIT, data)
        return
    except UnsafePath:  # swapped while the job ran: drop the name (unlink never follows), write normally
        (attempt_dir / RESERVED).unlink(missing_ok=True)
        atomic_write(attempt_dir / EXIT, data)
        return
    try:
        if len(data) > RESERVE_BYTES:
            os.ftruncate(fd, 0)  # too big for the room: free it for the ordinary write below
        else:
            os.pwrite(fd, data, 0)
            os.ftruncate(fd, len(data))
            os.fsync(fd)
        mine = os.fstat(fd)
    finally:
        os.close(fd)
    if len(data) > RESERVE_BYTES:
        atomic_write(attempt_dir / EXIT, data)
        (attempt_dir / RESERVED).unlink(missing_ok=True)
        return
    dfd = fsio.open_dir(attempt_dir)
    try:
        now = os.stat(RESERVED, dir_fd=dfd, follow_symlinks=False)
        if (now.st_dev, now.st_ino) != (mine.st_dev, mine.st_ino) or now.st_nlink != 1:
            raise FileNotFoundError(RESERVED)  # swapped after the write: not ours to name exit.json
        os.rename(RESERVED, EXIT, src_dir_fd=dfd, dst_dir_fd=dfd)
        os.fsync(dfd)
    except FileNotFoundError:
        atomic_write(attempt_dir / EXIT, data)
    finally:
        os.close(dfd)


def _requeued_run(attempt_dir: Path, job_id: str | None, restarts: int) -> bool:
    """Whether the folder was claimed by an earlier run of this same scheduler job (it was requeued).

    The claim names the job as ``job_id`` and ``restarts`` (``slurm_job_id``/``slurm_restart`` in a
    claim written before the neutral names: still read, so a run folder of then keeps working).
    """
    if not job_id:
        return False
    try:
        claim, _ = read_started(attempt_dir)  # a damaged claim is not proof of a requeue
    except UnsafePath:
        return False
    if claim is None:
        return False
    return records.job_id(claim) == job_id and restarts > records.restarts(claim)


def _poke(run_dir: str, attempt_dir: Path) -> None:
    """Start an event tick at once, detached: a failure is handled in seconds, not at the next interval."""
    import subprocess  # here: the runner is about to end, its memory no longer waits beside a job

    try:
        with _open_log(attempt_dir / "runner.log") as log:
            subprocess.Popen([sys.executable, "-m", "tianluo", "tick", "--quiet", "--event", "--run", run_dir],
                             cwd=attempt_dir, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                             start_new_session=True, close_fds=True)
    except (OSError, UnsafePath) as exc:  # the trigger's next tick handles the exit; nothing is lost
        print(f"tianluo runner: could not start an event tick: {exc}", file=sys.stderr)


class Child:
    """The started command: what the runner needs of ``subprocess.Popen`` (pid, signal, wait)."""

    def __init__(self, pid: int):
        self.pid = pid
        self.returncode: int | None = None

    def send_signal(self, signum: int) -> None:
        """Signal the command unless it was already waited for (its pid may be reused then).

        Never reaps: it runs in a signal handler, possibly while ``wait`` is blocked.
        """
        if self.returncode is None:
            try:
                os.kill(self.pid, signum)
            except ProcessLookupError:
                pass

    def wait(self) -> int:
        """The command's end: its exit code, or minus the signal that killed it (as Popen's)."""
        while self.returncode is None:
            pid, status = os.waitpid(self.pid, 0)  # an interrupting signal is retried (PEP 475)
            if pid == self.pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode


def spawn(command: str, workdir: str, env: dict[str, str], stdout: int | None, stderr: int | None) -> Child:
    """``/bin/sh -c command`` in ``workdir`` with exactly ``env``, stdin from /dev/null and
    ``stdout``/``stderr`` on those descriptors (None: the runner's own), no other descriptor
    open, signal dispositions and mask as a fresh process has them.

    Raises:
        ValueError: a NUL in the command, the folder or the environment, an '=' in a name.
        OSError: the folder or the shell cannot be used (as the child found it, with its errno).
    """
    for name, value in env.items():
        if not name or "=" in name or "\0" in name or "\0" in value:
            raise ValueError(f"illegal environment variable {name!r}")
    if "\0" in command or "\0" in workdir:
        raise ValueError("embedded null byte")
    argv = ["/bin/sh", "-c", command]
    report_r, report_w = os.pipe()  # close-on-exec: it reads empty once the command runs
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, ())
    try:
        pid = os.fork()
    except BaseException:
        os.close(report_r)
        os.close(report_w)
        raise
    if pid == 0:  # the child: nothing here may return into the runner
        step = "/bin/sh"
        try:
            os.close(report_r)
            for signum in (*FORWARDED, signal.SIGPIPE, signal.SIGXFSZ):
                signal.signal(signum, signal.SIG_DFL)  # Python ignores SIGPIPE and SIGXFSZ; a job must not
            signal.pthread_sigmask(signal.SIG_SETMASK, mask - set(FORWARDED))
            null = os.open(os.devnull, os.O_RDONLY)
            os.dup2(null, 0)
            if stdout is not None:
                os.dup2(stdout, 1)
            if stderr is not None:
                os.dup2(stderr, 2)
            step = workdir
            os.chdir(workdir)
            step = "/bin/sh"
            os.closerange(3, report_w)
            os.closerange(report_w + 1, os.sysconf("SC_OPEN_MAX") if os.sysconf("SC_OPEN_MAX") > 0 else 65536)
            os.execve("/bin/sh", argv, env)
        except BaseException as exc:  # noqa: BLE001 - the forked child reports anything to its parent, then exits
            try:
                code = exc.errno if isinstance(exc, OSError) and exc.errno else 0
                os.write(report_w, f"{code}\0{step}\0{exc}".encode("utf-8", "replace"))
            finally:
                os._exit(127)
    os.close(report_w)
    try:
        report = b""
        while chunk := os.read(report_r, 4096):
            report += chunk
    finally:
        os.close(report_r)
    if not report:
        return Child(pid)
    os.waitpid(pid, 0)  # the child that could not exec
    errno_text, where, text = report.decode("utf-8", "replace").split("\0", 2)
    if int(errno_text):
        raise OSError(int(errno_text), os.strerror(int(errno_text)), where)
    raise OSError(text)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m tianluo.runner ATTEMPT_DIR", file=sys.stderr)
        return 2
    try:
        return run(Path(args[0]))
    except UnsafePath as exc:  # a planted link or a folder where a log belongs: refused, nothing written through it
        print(f"tianluo runner: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
