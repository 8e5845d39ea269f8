"""The host's process table, read once: every process's ``/proc/<pid>/stat``, in one pass.

A tick over many local jobs asks the same questions of every job (is the runner alive and
the same process? what do its job's processes use? is it a zombie to reap?); ``read()``
lists ``/proc`` once and answers them all from memory, so a tick costs one walk of the
table, not one per job. An environment or a command line is read only for the processes a
question needs (a lookup by job name), and once per table.

Create times are computed as psutil computes them (boot time + start ticks / clock ticks),
so a create time recorded by either matches the other's. Standard library only: the runner
imports this module to record its own create time.
"""

import os

PROC = "/proc"
ENVIRON_CAP = 1024 * 1024  # bytes of one process's environment read at most
CMDLINE_CAP = 64 * 1024

#: One-letter states of /proc/<pid>/stat, named as psutil names them (running, sleeping...).
STATUS = {
    "R": "running", "S": "sleeping", "D": "disk-sleep", "T": "stopped", "t": "tracing-stop",
    "Z": "zombie", "X": "dead", "x": "dead", "K": "wake-kill", "W": "waking", "I": "idle", "P": "parked",
}
ZOMBIE = "zombie"
STOPPED = "stopped"

READS = 0  # how many times the table was listed in this process (the scale tests count it)

_CLK_TCK = os.sysconf("SC_CLK_TCK")
_PAGE = os.sysconf("SC_PAGE_SIZE")
_boot: list[float] = []


def boot_time() -> float:
    """The host's boot time (``btime`` of /proc/stat), read once per process."""
    if not _boot:
        with open(f"{PROC}/stat", "rb") as f:
            for line in f:
                if line.startswith(b"btime"):
                    _boot.append(float(line.split()[1]))
                    break
            else:
                raise OSError(f"{PROC}/stat has no btime line")
    return _boot[0]


class Proc:
    """One process as its stat line showed it when the table was read."""

    __slots__ = ("pid", "ppid", "pgrp", "session", "state", "cpu_ticks", "rss_pages", "start_ticks")

    def __init__(self, pid, ppid, pgrp, session, state, cpu_ticks, rss_pages, start_ticks):
        self.pid = pid
        self.ppid = ppid
        self.pgrp = pgrp
        self.session = session
        self.state = state
        self.cpu_ticks = cpu_ticks
        self.rss_pages = rss_pages
        self.start_ticks = start_ticks

    @property
    def status(self) -> str:
        return STATUS.get(self.state, self.state)

    @property
    def create_time(self) -> float:
        """Seconds since the epoch, as psutil's ``create_time()``."""
        return self.start_ticks / _CLK_TCK + boot_time()

    @property
    def cpu_seconds(self) -> float:
        return self.cpu_ticks / _CLK_TCK

    @property
    def rss_bytes(self) -> int:
        return self.rss_pages * _PAGE

    def __repr__(self) -> str:
        return f"Proc(pid={self.pid}, ppid={self.ppid}, state={self.state!r})"


def parse_stat(pid: int, data: bytes) -> Proc | None:
    """A stat line; the command name may hold spaces and parentheses, so fields start after the last ')'."""
    end = data.rfind(b")")
    if end < 0:
        return None
    f = data[end + 2:].split()
    try:
        return Proc(pid, int(f[1]), int(f[2]), int(f[3]), f[0].decode("ascii", "replace"),
                    int(f[11]) + int(f[12]), int(f[21]), int(f[19]))
    except (IndexError, ValueError):
        return None


def _stat_line(name: str) -> bytes | None:
    try:
        fd = os.open(f"{PROC}/{name}/stat", os.O_RDONLY | os.O_CLOEXEC)
    except OSError:  # gone
        return None
    try:
        return os.read(fd, 4096)
    except OSError:
        return None
    finally:
        os.close(fd)


def read_stat(pid: int) -> Proc | None:
    """One process's stat, or None if it is gone (or unreadable)."""
    data = _stat_line(str(pid))
    return parse_stat(pid, data) if data else None


def create_time(pid: int) -> float | None:
    """A process's create time (as psutil computes it), or None if it is gone."""
    proc = read_stat(pid)
    return proc.create_time if proc is not None else None


def _read_capped(path: str, cap: int) -> bytes | None:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        chunks, size = [], 0
        while size < cap:
            chunk = os.read(fd, min(65536, cap - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


class ProcTable:
    """Every process of the host at one moment; environments and command lines read on demand, once."""

    def __init__(self, procs: dict[int, Proc]):
        self.procs = procs
        self._children: dict[int, list[int]] | None = None
        self._sessions: dict[int, list[int]] | None = None
        self._environ: dict[int, dict[bytes, bytes] | None] = {}
        self._cmdline: dict[int, list[str]] = {}
        self._uid: dict[int, int | None] = {}

    def get(self, pid: int) -> Proc | None:
        return self.procs.get(pid)

    def children(self, pid: int) -> list[int]:
        if self._children is None:
            self._children = {}
            for p in self.procs.values():
                self._children.setdefault(p.ppid, []).append(p.pid)
        return self._children.get(pid, [])

    def descendants(self, pid: int) -> list[int]:
        """Children, grandchildren... of ``pid`` (breadth first, each generation by pid)."""
        out, frontier, seen = [], [pid], {pid}
        while frontier:
            nxt = []
            for parent in frontier:
                for child in sorted(self.children(parent)):
                    if child not in seen:
                        seen.add(child)
                        nxt.append(child)
            out.extend(nxt)
            frontier = nxt
        return out

    def session_members(self, sid: int) -> list[int]:
        if self._sessions is None:
            self._sessions = {}
            for p in self.procs.values():
                self._sessions.setdefault(p.session, []).append(p.pid)
        return sorted(self._sessions.get(sid, []))

    def uid(self, pid: int) -> int | None:
        """The owner of the process (of its /proc folder), or None if it is gone."""
        if pid not in self._uid:
            try:
                self._uid[pid] = os.stat(f"{PROC}/{pid}", follow_symlinks=False).st_uid
            except OSError:
                self._uid[pid] = None
        return self._uid[pid]

    def environ(self, pid: int) -> dict[bytes, bytes] | None:
        """The process's environment (at most ``ENVIRON_CAP`` bytes of it), or None if unreadable or gone."""
        if pid not in self._environ:
            data = _read_capped(f"{PROC}/{pid}/environ", ENVIRON_CAP)
            env = None
            if data is not None:
                env = {}
                for item in data.split(b"\0"):
                    key, sep, value = item.partition(b"=")
                    if sep and key not in env:
                        env[key] = value
            self._environ[pid] = env
        return self._environ[pid]

    def env_value(self, pid: int, key: str) -> str | None:
        env = self.environ(pid)
        if env is None:
            return None
        value = env.get(key.encode())
        return value.decode("utf-8", "surrogateescape") if value is not None else None

    def cmdline(self, pid: int) -> list[str]:
        if pid not in self._cmdline:
            data = _read_capped(f"{PROC}/{pid}/cmdline", CMDLINE_CAP)
            self._cmdline[pid] = ([a.decode("utf-8", "surrogateescape") for a in data.rstrip(b"\0").split(b"\0")]
                                  if data else [])
        return self._cmdline[pid]

    def same(self, pid: int, create_time: float | None, tolerance: float) -> Proc | None:
        """The process ``pid`` if it exists and, when a create time is known, is the one created then."""
        proc = self.procs.get(pid)
        if proc is None:
            return None
        if create_time and abs(proc.create_time - create_time) > tolerance:
            return None  # the pid was reused by another program
        return proc


def read() -> ProcTable:
    """One pass over /proc: the stat line of every process there now."""
    global READS
    READS += 1
    procs = {}
    with os.scandir(PROC) as it:
        names = [e.name for e in it if e.name.isdigit()]
    for name in names:
        data = _stat_line(name)  # None: gone since the listing
        proc = parse_stat(int(name), data) if data else None
        if proc is not None:
            procs[proc.pid] = proc
    return ProcTable(procs)


def job_members(table: "ProcTable", runner: Proc) -> list[int]:
    """The pids of the job under the runner: its descendants and, the runner leading its own session, the other
    members of that session (a daemonized grandchild the init process adopted)."""
    members = table.descendants(runner.pid)
    if runner.session == runner.pid:
        seen = set(members)
        members += [pid for pid in table.session_members(runner.pid) if pid != runner.pid and pid not in seen]
    return members


def job_usage(table: "ProcTable", runner: Proc) -> tuple[float, int, str | None]:
    """CPU seconds, resident memory and status of the job under the runner, from the table.

    The job's processes are the runner's descendants and, the runner leading its own session,
    the other members of that session (a daemonized grandchild the init process adopted).
    The status is the job's, not the runner's (which only waits): ``stopped`` if any of the
    job's processes is stopped, else the status of its first process.
    """
    cpu, rss, statuses = runner.cpu_seconds, runner.rss_bytes, []
    for pid in job_members(table, runner):
        p = table.get(pid)
        if p is None:  # gone since the table was read
            continue
        cpu += p.cpu_seconds
        rss += p.rss_bytes
        statuses.append(p.status)
    status = STOPPED if STOPPED in statuses else (statuses[0] if statuses else None)
    return round(cpu, 3), rss, status
