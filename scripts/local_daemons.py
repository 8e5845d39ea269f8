"""What a scheduler started on this machine for tests needs, whatever the scheduler.

scripts/slurm_cluster.py is built on it; a Grid Engine of the same kind (issue 26) would be too:
its qmaster and execd ports from :func:`free_ports` (``SGE_QMASTER_PORT``, ``SGE_EXECD_PORT``),
its ``SGE_ROOT``/``SGE_CELL`` under its own folder, :func:`refuse_taken` before a daemon starts,
and an identity check after (the cell's ``act_qmaster`` and ``qconf -sconf`` naming its own root).

The rule they follow: a test scheduler never uses what is already there. Its ports are found
free, its configuration lives in its own folder, and a daemon that answers on its port but is not
its own is refused with one line, never used: on a login node the site's scheduler must not see
a test's jobs, and a test must not read the site's scheduler as its own.
"""

import os
import random
import signal
import socket
import subprocess
import time
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
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        cmdline = "?"
    return f"pid {pid} ({cmdline[:200]})"


def refuse_taken(port: int, what: str, hint: str) -> None:
    """Raise the one line that says ``port`` is someone else's, if anything listens there."""
    if listening(port):
        holder = who_listens(port) or "another program"
        raise ClusterError(f"port {port}, this cluster's {what} port, is taken by {holder}: refused, not used; "
                           f"{hint}")
