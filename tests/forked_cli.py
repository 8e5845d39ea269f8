"""``tianluo ARGS`` in a fork of the test process: the CLI's own code, minus a new interpreter's start-up.

A real ``python -m tianluo`` spends most of a quick command's CPU importing (about 0.4 s of
0.5 s for a ``plan`` or a ``tick``). A fork of the test process, which has tianluo imported
already, runs the same ``tianluo.cli.main`` in a process of its own: its own cwd, environment,
stdin/stdout/stderr (files, as ``capture_output`` gives a real one) and no other file of the test
process open (as ``close_fds`` leaves a real one), signal dispositions, exit
code (``sys.exit(main())`` as ``tianluo/__main__.py`` does), and its own end: whatever it holds
(the run's lock, open files) is let go when it exits, and the runners it starts are orphaned to
the test process (a subreaper, tests/conftest.py) as a real tick's are.

What only a real process shows stays with :func:`conftest.cli`: that ``python -m tianluo`` starts
at all, what it imports, a signal or a kill from outside. Where a thread of the test runs (a
local HTTP or SMTP server), a fork could copy a lock that thread holds: :func:`run` runs the
real process instead. A test that patches tianluo in its own process must not use this (the
fork would carry the patch).
"""

import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path

import conftest
from conftest import CLI_TIMEOUT, clean_env

#: Signal dispositions as a fresh interpreter has them: Python's own SIGINT handler, SIGPIPE and SIGXFSZ
#: ignored (a child it starts gets them back at their defaults), the rest at their defaults.
_AT_START = {signal.SIGINT: signal.default_int_handler, signal.SIGPIPE: signal.SIG_IGN,
             signal.SIGXFSZ: signal.SIG_IGN, **{s: signal.SIG_DFL for s in (
                 signal.SIGTERM, signal.SIGALRM, signal.SIGCHLD, signal.SIGHUP, signal.SIGUSR1, signal.SIGUSR2)}}


def child_main(args: list[str], cwd: Path, env: dict, files: tuple, memory_limit: int | None = None,
               umask: int | None = None) -> None:
    """In a fork of this process: what ``python -m tianluo ARGS`` does, then ``os._exit`` with its code.

    ``files`` are stdin, stdout and stderr; ``memory_limit`` bytes of address space and ``umask``, if given."""
    code = 1
    try:
        for fd, f in enumerate(files):
            os.dup2(f.fileno(), fd)
        os.closerange(3, resource.getrlimit(resource.RLIMIT_NOFILE)[0])  # what Popen's close_fds leaves a real one
        sys.stdin = open(0, encoding="utf-8", closefd=False)
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)
        for signum, disposition in _AT_START.items():
            signal.signal(signum, disposition)
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        os.chdir(cwd)
        os.environ.clear()
        os.environ.update(env)
        _limit(memory_limit, umask)
        from tianluo.cli import main
        from tianluo.shell import fsio

        fsio._GUARDED.clear()  # a new process guards nothing yet
        try:
            code = main(args)
        except SystemExit as exc:  # argparse, as sys.exit would end the real process
            if isinstance(exc.code, str):
                print(exc.code, file=sys.stderr)
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:  # noqa: BLE001 - the forked child reports anything through its exit code
        traceback.print_exc()
        code = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001 - a closed stream must not keep the child from exiting
            pass
        os._exit(code if isinstance(code, int) and 0 <= code < 256 else 1)


def _limit(memory_limit: int | None, umask: int | None) -> None:
    if memory_limit is not None:
        resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
    if umask is not None:
        os.umask(umask)


class Command:
    """One ``tianluo ARGS`` running, its streams in files: a fork of this process that calls ``main``, or
    with ``real`` a ``python -m tianluo`` process. :meth:`poll` until it has ended; past ``timeout`` it is
    killed, and marked so."""

    def __init__(self, args: list[str], cwd: Path, env: dict, stdin: str | None = None,
                 timeout: float = CLI_TIMEOUT, real: bool = False, memory_limit: int | None = None,
                 umask: int | None = None):
        self.files = tuple(tempfile.TemporaryFile() for _ in range(3))
        self.files[0].write((stdin or "").encode())
        self.files[0].seek(0)
        self.deadline = time.monotonic() + timeout
        self.timeout = timeout
        self.timed_out = False
        self.code: int | None = None
        self.popen: subprocess.Popen | None = None
        if real:
            self.popen = subprocess.Popen([sys.executable, "-m", "tianluo", *args], cwd=cwd, env=env,
                                          stdin=self.files[0], stdout=self.files[1], stderr=self.files[2],
                                          preexec_fn=lambda: _limit(memory_limit, umask))
            self.pid = self.popen.pid
            return
        warm()
        sys.stdout.flush()
        sys.stderr.flush()
        self.pid = os.fork()
        if self.pid == 0:
            child_main(args, cwd, env, self.files, memory_limit, umask)

    def poll(self) -> bool:
        """Whether it has ended (killed, and marked so, once past its timeout)."""
        if self.code is not None:
            return True
        if time.monotonic() > self.deadline:
            os.kill(self.pid, signal.SIGKILL)
            self.code = -signal.SIGKILL
            self.timed_out = True
            self._wait(block=True)
            return True
        return self._wait(block=False)

    def _wait(self, block: bool) -> bool:
        if self.popen is not None:
            code = self.popen.wait() if block else self.popen.poll()
        else:
            pid, status = os.waitpid(self.pid, 0 if block else os.WNOHANG)
            code = os.waitstatus_to_exitcode(status) if pid else None
        if code is None:
            return False
        if self.code is None:
            self.code = code
        return True

    def wait(self) -> int:
        pause = 0.001
        while not self.poll():
            time.sleep(pause)
            pause = min(pause * 1.5, 0.02)
        assert self.code is not None
        return self.code

    def output(self) -> tuple[str, str]:
        """Its stdout and stderr; the files are closed."""
        out = []
        for f in self.files[1:]:
            f.seek(0)
            out.append(f.read().decode("utf-8", errors="replace"))
            f.close()
        self.files[0].close()
        return out[0], out[1]


_warm = False


def warm() -> None:
    """Import every tianluo module into this process, once, and compile the rulebook: then no fork pays an import or
    a compile of its own."""
    global _warm
    if _warm:
        return
    import importlib
    import pkgutil

    import tianluo

    for module in pkgutil.walk_packages(tianluo.__path__, "tianluo."):
        if not module.name.endswith("__main__"):  # that one runs the CLI
            importlib.import_module(module.name)
    # ... and the rulebook's patterns compiled, which a tick that reads a failure compiles on first use
    from tianluo.faults.rulebook import BUILTIN_RULES, compile_patterns
    from tianluo.shell.logscan import prepare

    prepare(compile_patterns(BUILTIN_RULES))
    _warm = True


def run(*args: str, cwd: Path, env: dict | None = None, timeout: float = CLI_TIMEOUT,
        check: bool = False, stdin: str | None = None, umask: int | None = None) -> subprocess.CompletedProcess:
    """``tianluo ARGS`` as :func:`conftest.cli` runs it, in a fork of this process (a real process
    while another thread of ours runs); raises ``subprocess.TimeoutExpired`` past ``timeout``."""
    argv = [str(a) for a in args]
    command = Command(argv, cwd, env or clean_env(), stdin=stdin, timeout=timeout,
                      real=threading.active_count() > 1, umask=umask)
    code = command.wait()
    out, err = command.output()
    if command.timed_out:
        raise subprocess.TimeoutExpired(["tianluo", *argv], timeout, out, err)
    proc = subprocess.CompletedProcess([sys.executable, "-m", "tianluo", *argv], code, out, err)
    return _checked(proc, argv) if check else proc


def _checked(proc: subprocess.CompletedProcess, argv: list[str]) -> subprocess.CompletedProcess:
    if proc.returncode != 0:
        raise AssertionError(f"tianluo {' '.join(argv)} exited {proc.returncode}:\n"
                             f"stdout: {proc.stdout}\nstderr: {proc.stderr}")
    return proc


def start_run(spec: Path, home: Path, cwd: Path, *extra: str) -> Path:
    """:func:`conftest.start_run`, the ``start`` in a fork."""
    proc = run("start", spec, "--home", home, "--trigger", "none", "--accept-defaults", *extra, cwd=cwd, check=True)
    run_dir = Path(proc.stdout.strip().splitlines()[-1])
    assert (run_dir / "state.json").is_file(), proc.stdout
    return run_dir


def status_json(run_dir: Path, cwd: Path) -> dict:
    """:func:`conftest.status_json`, the ``status --json`` in a fork."""
    return json.loads(run("status", "--run", run_dir, "--json", cwd=cwd, check=True).stdout)


def tick_until(run_dir: Path, cwd: Path, phases=("complete",), timeout: float = 60.0, pace: float = 0.2) -> dict:
    """:func:`conftest.tick_until`, each ``tick`` and ``status --json`` in a fork."""
    return conftest.tick_until(run_dir, cwd, phases, timeout, pace, tianluo=run)
