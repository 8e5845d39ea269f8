"""Shared helpers for the integration tests: real processes, bounded waits, clean teardown.

Every process a test starts (ticks, runners, jobs) works inside the test's ``tmp_path``;
the autouse ``_reap_test_processes`` fixture kills whatever is still alive there when the
test ends, so a failing test never leaves a runner behind.
"""

import contextlib
import ctypes
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

PR_SET_CHILD_SUBREAPER = 36
CLI_TIMEOUT = 60.0


# --- one share of the suite (scripts/test runs the main lane as two pytest processes at once) ---------


def pytest_addoption(parser):
    parser.addoption("--shard", default=None, metavar="I/N",
                     help="run only the I-th of N shares of the selected tests (0 <= I < N), whole files each: "
                          "N pytest processes with --shard 0/N ... N-1/N run every test once")
    parser.addoption("--claims", default=None, metavar="DIR",
                     help="share the selected tests with every other pytest given the same DIR (and the same "
                          "selection), whole files each: each file runs in the first process to claim it, "
                          "heaviest first, so a process that finishes early takes the next file. Give it as "
                          "--claims=DIR: pytest reads a separate DIR that exists as a path to test before this "
                          "file is loaded")


#: A test's weight in seconds when the shares are made and its file is not in ``SHARD_TIMES``: one
#: that runs real processes (``integration``) costs about a second, twenty that do not as much.
PURE_WEIGHT = 0.05
#: Seconds each file took, measured (``scripts/shard_times.py`` writes it from ``--durations=0``
#: reports): a file's cost is not its test count (the corpus's 950 cases take 30 s, one torchrun
#: case as long), and weighing by markers alone left the shares 2 minutes apart.
SHARD_TIMES = Path(__file__).parent / "shard_times.json"


@pytest.hookimpl(trylast=True)  # after -m and -k have deselected theirs: the shares are of what runs
def pytest_collection_modifyitems(config, items):
    shard = config.getoption("--shard")
    if not shard:
        return
    try:
        i, n = (int(x) for x in shard.split("/"))
    except ValueError:
        raise pytest.UsageError(f"--shard {shard}: give I/N, e.g. 0/2") from None
    if not 0 <= i < n:
        raise pytest.UsageError(f"--shard {shard}: I must be at least 0 and below N")
    # Whole files, so two tests of one file never run at once (they share spec names, hence run ids and
    # job names, and a local find by job name could take the other's runner); heaviest first, each to
    # the lightest share so far.
    weights = _file_weights(config, items)
    loads, share_of = [0.0] * n, {}
    for path in sorted(weights, key=lambda p: (-weights[p], p)):
        k = min(range(n), key=lambda s: (loads[s], s))
        loads[k] += weights[path]
        share_of[path] = k
    keep = [item for item in items if share_of[_file_of(item)] == i]
    config.hook.pytest_deselected(items=[item for item in items if share_of[_file_of(item)] != i])
    items[:] = keep


def _file_of(item) -> str:
    return item.nodeid.split("::")[0]


def _file_weights(config, items) -> dict[str, float]:
    """Each file's expected seconds: measured (``SHARD_TIMES``) when all its tests run, else by its markers."""
    weights: dict[str, float] = {}
    for item in items:
        path = _file_of(item)
        weights[path] = weights.get(path, 0.0) + (1.0 if item.get_closest_marker("integration") else PURE_WEIGHT)
    try:
        measured = json.loads(SHARD_TIMES.read_text())
    except (OSError, ValueError):
        measured = {}
    for path in weights:  # a file's measured seconds, when it was measured as a whole (all its tests selected)
        if isinstance(measured.get(path), (int, float)) and config.getoption("-k") in ("", None):
            weights[path] = float(measured[path])
    return weights


@pytest.hookimpl(tryfirst=True)
def pytest_runtestloop(session):
    """``--claims DIR``: run the files this process claims first, as pytest's own loop runs its items.

    Every process given the same folder collects the same items and walks the same list of files, heaviest
    first; a file is claimed by making ``DIR/<its index>`` (``mkdir`` is atomic: one process wins). A static cut
    (``--shard``) is only as even as its weights, and a file's seconds on a loaded machine vary by more than the
    gap they leave (shares 8:10 to 10:21 in one run); claimed as they come, the processes end within about one
    file of each other. The files no process here ran are reported as deselected.
    """
    claims = session.config.getoption("--claims")
    if not claims or session.config.option.collectonly:
        return None
    if session.testsfailed and not session.config.option.continue_on_collection_errors:
        return None  # pytest's own loop stops on the collection errors
    folder = Path(claims)
    folder.mkdir(parents=True, exist_ok=True)
    files: dict[str, list] = {}
    for item in session.items:
        files.setdefault(_file_of(item), []).append(item)
    weights = _file_weights(session.config, session.items)
    order = iter(enumerate(sorted(files, key=lambda p: (-weights[p], p))))
    ran: set[str] = set()

    def claim_next():
        for index, path in order:
            try:
                (folder / str(index)).mkdir()
            except FileExistsError:
                continue
            ran.add(path)
            return files[path]
        return None

    group = claim_next()
    while group:
        following = None
        for j, item in enumerate(group):
            if j + 1 < len(group):
                nextitem = group[j + 1]
            else:  # claimed before the last test runs, so its fixtures of wider scope stay up when they can
                following = claim_next()
                nextitem = following[0] if following else None
            item.config.hook.pytest_runtest_protocol(item=item, nextitem=nextitem)
            if session.shouldfail:
                raise session.Failed(session.shouldfail)
            if session.shouldstop:
                raise session.Interrupted(session.shouldstop)
        group = following
    others = [item for item in session.items if _file_of(item) not in ran]
    if others:
        session.config.hook.pytest_deselected(items=others)
    return True


# --- the test process is a subreaper ------------------------------------------------------


@pytest.fixture(scope="session", autouse=True)
def _subreaper():
    """Orphaned runners (their tick exited or was killed) are re-parented to pytest.

    PID 1 of some containers never reaps; as a subreaper pytest can collect them at the end
    of each test instead of leaving zombies behind. tianluo does not look at parent pids,
    so this does not change what is tested.
    """
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    yield


def _under(path: str | None, root: str) -> bool:
    return bool(path) and (path == root or path.startswith(root + os.sep))


def processes_under(root: Path) -> list[psutil.Process]:
    """Live processes (not zombies, not us) working in ``root`` or pointed at it by env."""
    root = str(Path(root).resolve())
    me = os.getpid()
    found = []
    for proc in psutil.process_iter():
        try:
            if proc.pid == me or proc.status() == psutil.STATUS_ZOMBIE:
                continue
            if _under(proc.cwd(), root):
                found.append(proc)
                continue
            env = proc.environ()
            if any(_under(env.get(k), root) for k in ("TIANLUO_RUN_DIR", "TIANLUO_ATTEMPT_DIR")):
                found.append(proc)
        except psutil.Error:
            continue
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs: not gone, not a zombie waiting to be reaped."""
    try:
        return psutil.Process(pid).status() not in (psutil.STATUS_ZOMBIE, psutil.STATUS_DEAD)
    except psutil.Error:
        return False


def kill_tree(pid: int) -> None:
    """SIGKILL a process and its process group (never our own group)."""
    try:
        pgid = os.getpgid(pid)
    except ProcessLookupError:
        return
    try:
        if pgid != os.getpgrp() and pgid > 1:
            os.killpg(pgid, signal.SIGKILL)
        os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def reap_zombie_children(only: set[int] | None = None) -> None:
    """Collect our own children that already exited (runners started in-process, orphans); of
    them only the pids in ``only``, when given."""
    for child in psutil.Process().children():
        if only is not None and child.pid not in only:
            continue
        try:
            if child.status() == psutil.STATUS_ZOMBIE:
                os.waitpid(child.pid, os.WNOHANG)
        except (psutil.Error, ChildProcessError):
            continue


def kill_everything_under(root: Path, timeout: float = 5.0, reap_all: bool = True) -> list[int]:
    """Kill what works in ``root`` (see processes_under) and reap it; with ``reap_all`` every other
    child of ours that exited too, else only the killed (a caller still waiting for its own
    children's exit codes keeps them)."""
    procs = processes_under(root)
    killed = {p.pid for p in procs}
    for proc in procs:
        kill_tree(proc.pid)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        reap_zombie_children(None if reap_all else killed)
        if not processes_under(root):
            break
        time.sleep(0.05)
    reap_zombie_children(None if reap_all else killed)
    return sorted(killed)


def settle(root: Path, timeout: float = 15.0) -> list[int]:
    """Let what works in ``root`` (runners, their jobs, event ticks) end, for up to ``timeout``
    seconds, then kill what is left: the folder holds still before it is copied or compared.
    Returns the pids killed."""
    deadline = time.monotonic() + timeout
    while processes_under(root) and time.monotonic() < deadline:
        reap_zombie_children()
        time.sleep(0.05)
    return kill_everything_under(root)


@pytest.fixture(autouse=True)
def _reap_test_processes(request):
    """After each integration test, kill what it left running in its tmp_path and reap it."""
    if request.node.get_closest_marker("integration") is None:
        yield
        return
    tmp_path = request.getfixturevalue("tmp_path")
    yield
    kill_everything_under(tmp_path)


@pytest.fixture(autouse=True)
def _fresh_guards():
    """Each test starts with no guarded folders, as each tianluo command (one process) does.

    ``fsio.guard`` is per process; a test that guards a run home (often a parent of other
    tests' tmp_path) must not change how later tests in this process open their files.
    """
    from tianluo.shell import fsio

    saved = set(fsio._GUARDED)
    fsio._GUARDED.clear()
    yield
    fsio._GUARDED.clear()
    fsio._GUARDED.update(saved)


# --- waiting and the CLI ---------------------------------------------------------------------


def wait_for(predicate, timeout: float = 10.0, interval: float = 0.05, what: str = "condition"):
    """Poll ``predicate`` until it returns something truthy; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(interval)


def wait_started(attempt: Path, what: str = "the runner's started.json") -> dict:
    """The attempt folder's ``started.json`` once its runner has written it."""
    path = Path(attempt) / "started.json"
    return wait_for(lambda: path.exists() and json.loads(path.read_text()), what=what)


def clean_env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("TIANLUO_RUN", "TIANLUO_HOME", "TIANLUO_JOB", "TIANLUO_DEBUG")}
    env.update(extra)
    return env


def cli(*args: str, cwd: Path, env: dict | None = None, timeout: float = CLI_TIMEOUT,
        check: bool = False) -> subprocess.CompletedProcess:
    """Run ``python -m tianluo ARGS`` as a real process."""
    proc = subprocess.run([sys.executable, "-m", "tianluo", *map(str, args)], cwd=cwd,
                          env=env or clean_env(), capture_output=True, text=True, timeout=timeout)
    if check and proc.returncode != 0:
        raise AssertionError(f"tianluo {' '.join(map(str, args))} exited {proc.returncode}:\n"
                             f"stdout: {proc.stdout}\nstderr: {proc.stderr}")
    return proc


def start_run(spec: Path, home: Path, cwd: Path, *extra: str) -> Path:
    """``tianluo start SPEC --home HOME --trigger none --accept-defaults``; the run folder it printed.

    Forks the test did not answer (with ``tianluo plan --answer``) take their defaults.
    """
    proc = cli("start", spec, "--home", home, "--trigger", "none", "--accept-defaults", *extra, cwd=cwd,
               check=True)
    run_dir = Path(proc.stdout.strip().splitlines()[-1])
    assert (run_dir / "state.json").is_file(), proc.stdout
    return run_dir


def status_json(run_dir: Path, cwd: Path) -> dict:
    proc = cli("status", "--run", run_dir, "--json", cwd=cwd, check=True)
    return json.loads(proc.stdout)


def tick_until(run_dir: Path, cwd: Path, phases=("complete",), timeout: float = 60.0,
               pace: float = 0.2, tianluo=cli) -> dict:
    """Tick through the CLI until ``status --json`` shows one of ``phases``; return that status. ``tianluo``
    runs each command: :func:`cli`, or tests/forked_cli.py's ``run``."""
    deadline = time.monotonic() + timeout
    while True:
        tianluo("tick", "--run", run_dir, cwd=cwd, check=True)
        doc = json.loads(tianluo("status", "--run", run_dir, "--json", cwd=cwd, check=True).stdout)
        if doc["phase"] in phases:
            return doc
        if time.monotonic() >= deadline:
            raise AssertionError(f"run did not reach {phases} in {timeout}s; status: "
                                 f"{json.dumps(doc, indent=1)[:3000]}")
        time.sleep(pace)


def read_state(run_dir: Path) -> dict:
    """state.json as a dict with every field, defaults included (the file holds only what differs from them)."""
    from tianluo.shell.store import parse_state

    state = parse_state((Path(run_dir) / "state.json").read_text())
    return json.loads(state.model_dump_json(by_alias=True))


def read_events(run_dir: Path) -> list[dict]:
    path = Path(run_dir) / "events.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def without_lines_marked(crontab: str, marks: tuple[str, ...]) -> str:
    """``crontab`` without the lines holding one of ``marks`` (what a test added: its runs' lines name
    its temporary folder): a line another program added meanwhile stays, and nothing is put back."""
    kept = [line for line in crontab.splitlines() if not any(mark in line for mark in marks)]
    return "\n".join(kept) + "\n" if kept else ""


def write_spec(folder: Path, text: str, name: str = "tianluo.yaml") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text)
    return path


@contextlib.contextmanager
def tmpfs(point: Path, size: str = "16m"):
    """A small tmpfs mounted at ``point`` (root only; the test is skipped where mounting is not
    allowed), unmounted afterwards whatever happens."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    point.mkdir(exist_ok=True)
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0700", "tmpfs", str(point)],
                          capture_output=True, text=True, timeout=30)
    if proc.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {proc.stderr.strip()}")
    try:
        yield point
    finally:
        subprocess.run(["umount", "-l", str(point)], capture_output=True, timeout=30)


def fill(folder: Path) -> Path:
    """Write a filler file until the file system refuses one more byte (a test's full disk)."""
    import errno

    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as f:
        for size in (1 << 16, 4096, 1):
            try:
                while True:
                    f.write(b"\0" * size)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC
    return filler


def run_with_exited_attempt(root: Path, spec_text: str) -> Path:
    """A run of ``spec_text`` under ``root/proj`` whose first attempt (a.train) has exited and
    no tick has looked at yet: a template for tests that damage or plant things in it."""
    spec = write_spec(root / "proj", spec_text)
    run_dir = start_run(spec, root / "proj" / ".tianluo", root)
    wait_for((run_dir / "attempts/a/train/1/exit.json").exists, what="the first attempt's exit.json")
    settle(root)  # the runner writes on after exit.json (runner.log); a copy must not catch it mid-write
    return root


def copy_run(template: Path, tmp_path: Path) -> Path:
    """A copy of a :func:`run_with_exited_attempt` template in ``tmp_path``; its run folder.

    The copy's records name the template's folders: they are pointed at the copy.
    """
    import shutil

    shutil.copytree(template / "proj", tmp_path / "proj", symlinks=True)
    home = tmp_path / "proj" / ".tianluo"
    run_dir = next(p for p in home.iterdir() if (p / "state.json").exists())
    for p in run_dir.rglob("*.json"):
        text = p.read_text()
        if str(template) in text:
            p.write_text(text.replace(str(template), str(tmp_path)))
    return run_dir


@pytest.fixture
def demo(tmp_path) -> Path:
    """A fresh copy of examples/demo in the test's folder."""
    from tianluo.views.demo import copy_example

    return copy_example("demo", tmp_path)


# --- a real single-node Slurm ------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent

#: What every Slurm client command of the tests (and of tianluo under test) reads, unless a test
#: has its own cluster: a controller on port 1, where nothing listens. Never /etc/slurm/slurm.conf:
#: on a login node the site's Slurm must not see a test's jobs, nor answer a test's questions.
NO_SLURM_CONF = """\
# tianluo's tests: no Slurm here (tests/conftest.py). A Slurm command run outside a test cluster
# finds its controller unreachable, at once, rather than the site's slurm.conf.
ClusterName=tianluo-tests-no-slurm
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=1
AuthType=auth/munge
AuthInfo=socket=/nonexistent/tianluo-tests/munge.socket
MessageTimeout=2
"""


@pytest.fixture(scope="session", autouse=True)
def _no_site_slurm(tmp_path_factory):
    """SLURM_CONF points at no Slurm for the whole session; the ``slurm_cluster`` fixture points it
    at the test cluster while that runs."""
    conf = tmp_path_factory.mktemp("no-slurm") / "slurm.conf"
    conf.write_text(NO_SLURM_CONF)
    old = os.environ.get("SLURM_CONF")
    os.environ["SLURM_CONF"] = str(conf)
    try:
        yield conf
    finally:
        if old is None:
            os.environ.pop("SLURM_CONF", None)
        else:
            os.environ["SLURM_CONF"] = old


def _script_module(name: str):
    """scripts/NAME.py, loaded as a module (the cluster scripts are not a package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _slurm_cluster_module():
    return _script_module("slurm_cluster")


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


@contextlib.contextmanager
def _session_cluster(script: str, what: str, dir_variable: str, prefix: str):
    """A cluster of scripts/SCRIPT.py in a fresh folder (``$DIR_VARIABLE`` if set), started once, stopped after.

    Outside CI a machine without the scheduler (and not root on Debian to install it) skips its
    tests; in CI (CI=true) that is a failure: the backend must be tested for real.
    """
    import shutil
    import tempfile

    module = _script_module(script)
    given = os.environ.get(dir_variable)
    # Not under pytest's basetemp: munged wants every folder above its socket searchable by all.
    root = Path(given) if given else Path(tempfile.mkdtemp(prefix=prefix))
    cluster = module.Cluster(root)
    try:
        cluster.start()
    except (module.ClusterError, OSError, subprocess.TimeoutExpired) as exc:
        cluster.stop()
        if not given:
            shutil.rmtree(root, ignore_errors=True)
        if _in_ci():
            pytest.fail(f"{what} is needed in CI and could not be started: {exc}")
        pytest.skip(f"no {what} here: {exc}")
    try:
        yield cluster
    finally:
        cluster.stop()
        if not given:
            shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def slurm_cluster(_no_site_slurm):
    """The real Slurm of scripts/slurm_cluster.py, started once per session; SLURM_CONF points at it.

    A cluster of its own: a fresh folder (``$TIANLUO_SLURM_DIR`` if set), ports found free, its own
    ClusterName and munged; a controller on its port that is not its own is refused, not used.
    """
    with _session_cluster("slurm_cluster", "Slurm", "TIANLUO_SLURM_DIR", "tianluo-slurm-") as cluster:
        os.environ["SLURM_CONF"] = str(cluster.conf)
        try:
            yield cluster
        finally:
            os.environ["SLURM_CONF"] = str(_no_site_slurm)


@pytest.fixture
def slurm(slurm_cluster):
    """The session's Slurm, with its controller up and its node idle again before each test."""
    slurm_cluster.start_ctld()
    slurm_cluster.start_slurmd()
    slurm_cluster.wait_idle()
    yield slurm_cluster
    # What a test left in the queue must not run on into the next one.
    slurm_cluster.start_ctld()
    subprocess.run(["scancel", "--user", str(os.getuid())], capture_output=True, timeout=30, env=slurm_cluster.env)


# --- a real single-node Grid Engine ------------------------------------------------------------


@pytest.fixture(scope="session", autouse=True)
def _no_site_sge(tmp_path_factory):
    """Every Grid Engine command of the session finds no cell (never the machine's default one), unless the
    ``sge_cluster`` fixture points SGE_ROOT at the test cluster while it runs."""
    empty = tmp_path_factory.mktemp("no-sge")
    names = ("SGE_ROOT", "SGE_CELL", "SGE_QMASTER_PORT", "SGE_EXECD_PORT")
    old = {k: os.environ.get(k) for k in names}
    os.environ.update({"SGE_ROOT": str(empty), "SGE_CELL": "tianluo-tests-no-sge", "SGE_QMASTER_PORT": "1",
                       "SGE_EXECD_PORT": "1"})
    try:
        yield empty
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


@pytest.fixture(scope="session")
def sge_cluster(_no_site_sge):
    """The real Grid Engine of scripts/sge_cluster.py, started once per session; SGE_ROOT, SGE_CELL and the
    ports point at it (for the tests' commands and tianluo's alike).

    A cluster of its own: a fresh SGE_ROOT (``$TIANLUO_SGE_DIR`` if set), its own cell, ports found
    free; a qmaster on its port that is not its own is refused, not used.
    """
    with _session_cluster("sge_cluster", "Grid Engine", "TIANLUO_SGE_DIR", "tianluo-sge-") as cluster:
        before = {k: os.environ[k] for k in cluster.variables()}
        os.environ.update(cluster.variables())
        try:
            yield cluster
        finally:
            os.environ.update(before)


@pytest.fixture
def sge(sge_cluster):
    """The session's Grid Engine, with its qmaster and execd up and all.q taking jobs before each test."""
    sge_cluster.start_qmaster()
    sge_cluster.start_execd()
    sge_cluster.wait_ready()
    yield sge_cluster
    # What a test left in the queue must not run on into the next one.
    sge_cluster.start_qmaster()
    subprocess.run(["qmod", "-e", "all.q"], capture_output=True, timeout=30, env=sge_cluster.env)
    subprocess.run(["qdel", "-f", "-u", "*"], capture_output=True, timeout=30, env=sge_cluster.env)


#: A scheduler's submit command first on PATH (format ``real``, ``record``): the real one, then SIGKILL for
#: the tick that ran it (its parent), before the tick can record the job id it printed.
KILLING_SUBMIT = """\
#!/bin/sh
out=$({real} "$@")
rc=$?
printf '%s\\n' "$out"
echo "$out" > {record}
kill -9 $PPID
exit $rc
"""


def one_line_error(proc) -> str:
    """The one stderr line of a CLI call that refused its input: exit 2, no traceback, one line."""
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr + proc.stdout
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]
