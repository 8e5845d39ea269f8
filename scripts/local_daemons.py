"""What a scheduler started on this machine for tests needs, whatever the scheduler.

scripts/slurm_cluster.py and scripts/sge_cluster.py are built on it: their daemons' ports from
:func:`free_ports`, :func:`refuse_taken` before a daemon starts, an identity check after (Slurm's
ClusterName and slurm.conf; Grid Engine's ``qconf -sconf`` naming its own spool), and daemons
stopped by their pid files (:func:`stop_pid`), their jobs by the pids under them (:func:`descendants`).

The rule they follow: a test scheduler never uses what is already there. Its ports are found
free, its configuration lives in its own folder, and a daemon that answers on its port but is not
its own is refused with one line, never used: on a login node the site's scheduler must not see
a test's jobs, and a test must not read the site's scheduler as its own.
"""

import argparse
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

CMD_TIMEOUT = 30
#: Ports are taken below the kernel's ephemeral range (where a client's connection could take one
#: between the check and the daemon's bind) and above the well-known services.
PORT_FLOOR = 20000


class ClusterError(Exception):
    pass


def run(cmd: list[str], timeout: float = CMD_TIMEOUT, check: bool = True, env: dict | None = None):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    if check and proc.returncode != 0:
        raise ClusterError(f"{' '.join(cmd)} exited {proc.returncode}: {(proc.stderr or proc.stdout).strip()}")
    return proc


def alive(pid: int | None) -> bool:
    """A live process, not a zombie and not nothing: judged from /proc/PID/status."""
    if not pid:
        return False
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("State:"):
                return "Z" not in line.split()[1] and "X" not in line.split()[1]
    except OSError:
        return False
    return False


def read_pid(path: Path) -> int | None:
    try:
        return int(path.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def stop_pid(pid: int | None, what: str, grace: float = 10) -> None:
    """SIGTERM, then SIGKILL after ``grace`` seconds: one process, by its pid (never by name)."""
    if not alive(pid):
        return
    assert pid is not None
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        if not alive(pid):
            return
        time.sleep(0.1)
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        return
    wait_for(lambda: not alive(pid), 10, f"{what} (pid {pid}) to die")


def descendants(pid: int) -> list[int]:
    """Every process under ``pid`` (children, theirs, ...), read from /proc: never found by name."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        ppid = int(text.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def wait_for(pred, timeout: float, what: str, fmt=None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return
        time.sleep(0.2)
    raise ClusterError(f"timed out after {timeout:g}s waiting for " + (what.format(**fmt()) if fmt else what))


def listening(port: int) -> bool:
    """Whether something accepts TCP connections on this machine's ``port``."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.settimeout(2)
        return s.connect_ex(("127.0.0.1", port)) == 0


def _bindable(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind(("", port))  # as the daemons bind: every address
        except OSError:
            return False
    return not listening(port)


def port_pair(wanted: int | None) -> tuple[int, int]:
    """A controller's port and its node daemon's: ``wanted`` and the next (an explicit choice, refused
    later if taken), or two found free."""
    if wanted:
        return wanted, wanted + 1
    first, second = free_ports(2)
    return first, second


def free_ports(n: int) -> list[int]:
    """``n`` distinct TCP ports nothing listens on or holds now, picked at random below the
    ephemeral range (so that two test clusters started at once rarely pick the same)."""
    try:
        low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        low = 32768
    pool = list(range(PORT_FLOOR, max(PORT_FLOOR + 1000, low)))
    random.SystemRandom().shuffle(pool)
    found: list[int] = []
    for port in pool:
        if _bindable(port):
            found.append(port)
            if len(found) == n:
                return found
    raise ClusterError(f"no {n} free TCP ports between {PORT_FLOOR} and {low}")


def who_listens(port: int) -> str:
    """The process listening on ``port``, as ``pid N (its command line)``; '' when unknown."""
    try:
        out = subprocess.run(["ss", "-ltnpH", f"sport = :{port}"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""
    marker = "pid="
    if marker not in out:
        return ""
    pid = out.split(marker, 1)[1].split(",", 1)[0]
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        cmdline = "?"
    # One line whatever the holder's arguments hold (a `python -c` program has newlines; anyone may name
    # a process anything): control characters become spaces, runs of spaces one.
    cmdline = " ".join("".join(c if c.isprintable() else " " for c in cmdline).split())
    return f"pid {pid} ({cmdline[:200]})"


def refuse_taken(port: int, what: str, hint: str) -> None:
    """Raise the one line that says ``port`` is someone else's, if anything listens there."""
    if listening(port):
        holder = who_listens(port) or "another program"
        raise ClusterError(f"port {port}, this cluster's {what} port, is taken by {holder}: refused, not used; "
                           f"{hint}")


def apt_install(what: str, packages: list[str], preseed: str = "") -> None:
    """Install Debian's ``packages`` (as root, with apt-get; ``preseed``: debconf answers first), else raise
    the one line that says what to install."""
    import shutil

    if os.geteuid() != 0 or not shutil.which("apt-get"):
        raise ClusterError(f"{what} is not installed and this is not root on Debian: install {' '.join(packages)} "
                           "first")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    if preseed:
        subprocess.run(["debconf-set-selections"], input=preseed, text=True, capture_output=True, timeout=60,
                       check=False)
    cmd = ["apt-get", "install", "-y", "-q", "--no-install-recommends", *packages]
    if run(cmd, timeout=600, check=False, env=env).returncode != 0:
        run(["apt-get", "update", "-q"], timeout=600, env=env)
        run(cmd, timeout=600, env=env)


def clear_ground(cluster, fresh: bool, configured: bool, daemons: Callable[[], list], hint: str) -> None:
    """Before a cluster starts: a fresh one stops what its folder ran and forgets the folder, and picks
    its name and ports (``cluster.choose()``; an unconfigured one too); then each daemon not running
    yet, ``(pid, port, what)`` of ``daemons()``, must find its port free (nothing of ours stands on
    a port taken)."""
    import shutil

    if fresh:
        cluster.stop()
        if cluster.root.exists():
            shutil.rmtree(cluster.root)
    if fresh or not configured:
        cluster.choose()
    for pid, port, what in daemons():
        if not alive(pid):
            refuse_taken(port, what, hint)


def start_daemon(cmd: list[str], env: dict, what: str, port: int, hint: str, answers: Callable[[], bool],
                 pid: Callable[[], int | None], last_words: Callable[[], str]) -> None:
    """Start a daemon that forks away (``cmd``), after refusing a taken ``port``; wait until it ``answers()``.
    One that dies as it starts is said in one line, with ``last_words()`` (its log's last error)."""
    refuse_taken(port, what, hint)
    run(cmd, env=env)
    started = time.monotonic()

    def up() -> bool:
        if answers():
            return True
        if time.monotonic() - started > 5 and not alive(pid()):
            raise ClusterError(f"{what} ended as it started: {last_words()}")
        return False

    wait_for(up, 30, f"{what} to answer")


def command_line(argv, doc: str, default_dir: Path, name: str, make: Callable, started: Callable[..., str],
                 exports: Callable[..., str]) -> int:
    """A cluster script's ``start|stop|status|env [--dir DIR]``: ``make(dir)`` the cluster; ``started(cluster,
    seconds)`` the line start ends with; ``exports(cluster)`` the shell line that points clients at it."""
    ap = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    ap.add_argument("command", choices=["start", "stop", "status", "env"])
    ap.add_argument("--dir", type=Path, default=default_dir)
    args = ap.parse_args(argv)
    cluster = make(args.dir)
    try:
        if args.command == "start":
            t0 = time.monotonic()
            cluster.start()
            print(f"{name}: {started(cluster, time.monotonic() - t0)}; {exports(cluster)}", file=sys.stderr)
        elif args.command == "stop":
            cluster.stop()
        elif args.command == "status":
            for k, v in cluster.status().items():
                print(f"{k}: {v}")
        else:
            print(exports(cluster))
    except (ClusterError, subprocess.TimeoutExpired) as exc:
        print(f"{name}: {exc}", file=sys.stderr)
        return 1
    return 0
