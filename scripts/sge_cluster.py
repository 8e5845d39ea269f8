#!/usr/bin/env python3
"""A real single-node Grid Engine on this machine, for tianluo's tests and for trying the sge preset.

    scripts/sge_cluster.py start [--dir DIR]    install (as root, Debian), configure, start, wait for the queue
    scripts/sge_cluster.py stop  [--dir DIR]    stop the daemons it started, by pid file, and their jobs
    scripts/sge_cluster.py status [--dir DIR]
    scripts/sge_cluster.py env   [--dir DIR]    the line to paste: export SGE_ROOT=... SGE_CELL=... ports

Son of Grid Engine 8.1.9 from Debian's packages (gridengine-master, -exec, -client). It never
uses a Grid Engine that is already there: the machine's SGE_ROOT (/var/lib/gridengine) and its
``default`` cell are neither read nor touched; this cluster has an SGE_ROOT of its own in DIR
(default /tmp/tianluo-sge), a cell named ``tianluo<hex>``, and sge_qmaster/sge_execd on two
ports found free (never 6444/6445 blindly). A port already taken is refused in one line, and so
is a qmaster that answers on its port but is not this cluster's (its execd spool elsewhere).

The traps of a single-node Grid Engine, each handled here:
- hostnames: SGE wants its host to resolve forwards and back to one name; 127.0.0.1 reads back as
  ``localhost``, so the cell's ``host_aliases`` makes the two one host;
- the ``sgeadmin`` user: the packages make one and spool as it; this cell's bootstrap says
  ``admin_user none``, so the daemons run as whoever starts them (root here) and spool in DIR;
- ``min_uid``/``min_gid`` 1000 refuse root's jobs: set to 0;
- the spool: classic (flat files), in DIR, so a qmaster restart keeps every job;
- admin, submit and exec host, and a queue ``all.q`` with 8 slots on it;
- the queue's load thresholds would keep a busy 2-core box "overloaded" and run nothing: NONE;
- ``terminate_method SIGTERM``: qdel sends TERM (the job's runner records its end) instead of
  SGE's default SIGKILL; ``qdel -f`` still ends a job that ignores it;
- ``max_unheard`` 20 s: a dead execd's queue reads ``u`` soon, so a lost node shows in a test;
- a scheduling interval of 1 s, so a test's job starts at once;
- the packages' init scripts (which policy-rc.d blocks in containers) are not used: the daemons
  are started directly and stopped by their pid files, never by name.
"""

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # local_daemons, however this was loaded
from local_daemons import (
    ClusterError,
    alive,
    apt_install,
    clear_ground,
    command_line,
    descendants,
    port_pair,
    read_pid,
    refuse_taken,
    run,
    start_daemon,
    stop_pid,
    wait_for,
)

__all__ = ["Cluster", "ClusterError", "installed", "main"]

PACKAGES = ["gridengine-master", "gridengine-exec", "gridengine-client"]
LIB = Path("/usr/lib/gridengine")  # Debian's binaries and spool libraries
SHARE = Path("/usr/share/gridengine")
SYSTEM_ROOT = Path("/var/lib/gridengine")  # the machine's SGE_ROOT: its bin/lib/util links are borrowed, no cell
DEFAULT_DIR = Path(os.environ.get("TIANLUO_SGE_DIR", "/tmp/tianluo-sge"))
PORT_HINT = "leave TIANLUO_SGE_PORT unset (free ports are found) or stop what holds it"
SLOTS = 8
#: the global configuration's lines this cluster changes from Debian's default one
CONFIG = {
    "min_uid": "0",
    "min_gid": "0",
    "mailer": "/bin/true",
    "load_report_time": "00:00:05",
    "max_unheard": "00:00:20",
    "reschedule_unknown": "00:00:00",
    "finished_jobs": "1000",
}
SCHEDULER = {"schedule_interval": "0:0:1", "flush_submit_sec": "1", "flush_finish_sec": "1",
             "job_load_adjustments": "NONE", "load_adjustment_decay_time": "0:0:0"}
QUEUE = {"qname": "all.q", "load_thresholds": "NONE", "slots": str(SLOTS), "terminate_method": "SIGTERM",
         "pe_list": "NONE", "qtype": "BATCH", "shell": "/bin/sh", "rerun": "FALSE"}
#: SGE's words for "no qmaster on that port"
DOWN = ("unable to send message to qmaster", "unable to contact qmaster", "commlib error")


def installed() -> bool:
    return all((LIB / b).exists() for b in ("sge_qmaster", "sge_execd", "spoolinit", "qsub", "qstat"))


def install() -> None:
    if not installed():  # no cluster of the packages' own: it would be the machine's default cell, run as sgeadmin
        apt_install("Grid Engine", PACKAGES, "gridengine-common shared/gridengineconfig boolean false\n")


def sge_hostname() -> str:
    """This host's name as Grid Engine resolves it (its gethostname utility)."""
    out = run([str(LIB / "gethostname")], timeout=10, check=False).stdout
    for line in out.splitlines():
        if line.startswith("Hostname:"):
            return line.split(":", 1)[1].strip()
    raise ClusterError(f"Grid Engine cannot resolve this host's name ({socket.gethostname()!r}): add it to "
                       "/etc/hosts (e.g. '127.0.0.1 localhost " + socket.gethostname() + "')")


class Cluster:
    """A single-node Grid Engine of its own in ``root``: its SGE_ROOT, cell, spool and two ports.

    ``port`` (or TIANLUO_SGE_PORT) fixes sge_qmaster's port, sge_execd taking the next; left out,
    ``start`` finds two free ones. A cluster already configured in ``root`` keeps its own.
    """

    def __init__(self, root: Path = DEFAULT_DIR, port: int | None = None):
        self.root = Path(root).resolve()
        self.wanted = port or int(os.environ.get("TIANLUO_SGE_PORT") or 0)
        saved = self.saved()
        self.cell = saved.get("cell", "")
        self.port = int(saved.get("qmaster_port", 0)) or self.wanted
        self.execd_port = int(saved.get("execd_port", 0)) or (self.wanted + 1 if self.wanted else 0)
        self.host = saved.get("host", "")

    # -- paths ------------------------------------------------------------------
    @property
    def common(self) -> Path:
        return self.root / self.cell / "common"

    @property
    def qmaster_spool(self) -> Path:
        return self.root / "spool" / "qmaster"

    @property
    def execd_spool(self) -> Path:
        return self.root / "spool" / "execd"

    @property
    def env(self) -> dict:
        """What every Grid Engine command of this cluster needs (and nothing of another's)."""
        clean = {k: v for k, v in os.environ.items() if not k.startswith("SGE_")}
        return {**clean, **self.variables()}

    def variables(self) -> dict[str, str]:
        return {"SGE_ROOT": str(self.root), "SGE_CELL": self.cell, "SGE_QMASTER_PORT": str(self.port),
                "SGE_EXECD_PORT": str(self.execd_port)}

    def saved(self) -> dict:
        try:
            return json.loads((self.root / "cluster.json").read_text())
        except (OSError, ValueError):
            return {}

    # -- set up -----------------------------------------------------------------
    def choose(self) -> None:
        self.cell = f"tianluo{secrets.token_hex(4)}"
        self.port, self.execd_port = port_pair(self.wanted)
        self.host = sge_hostname()

    def layout(self) -> None:
        """SGE_ROOT with the machine's binaries linked in, the cell's bootstrap, host_aliases and spool."""
        for sub in (self.common, self.qmaster_spool, self.execd_spool):
            sub.mkdir(parents=True, exist_ok=True)
        for name in ("bin", "lib", "utilbin", "util"):
            link = self.root / name
            if not link.exists():
                link.symlink_to(SYSTEM_ROOT / name)
        (self.root / "cluster.json").write_text(json.dumps({"cell": self.cell, "qmaster_port": self.port,
                                                            "execd_port": self.execd_port, "host": self.host}))
        (self.common / "bootstrap").write_text(f"""# Written by tianluo's scripts/sge_cluster.py: a test cluster.
admin_user              none
default_domain          none
ignore_fqdn             true
spooling_method         classic
spooling_lib            libspoolc
spooling_params         {self.common};{self.qmaster_spool}
binary_path             {LIB}
qmaster_spool_dir       {self.qmaster_spool}
security_mode           none
listener_threads        2
worker_threads          2
scheduler_threads       1
""")
        (self.common / "act_qmaster").write_text(self.host + "\n")
        aliases = sorted({"localhost", socket.gethostname()} - {self.host})
        (self.common / "host_aliases").write_text(" ".join([self.host, *aliases]) + "\n")

    def spool_defaults(self) -> None:
        """The qmaster's first spool: configuration, complexes, usersets, root as manager, this host as admin
        and submit host (what Debian's init_cluster does, without the sgeadmin user)."""
        env = {**self.env, "LD_LIBRARY_PATH": str(LIB)}
        params = f"{self.common};{self.qmaster_spool}"
        run([str(LIB / "spoolinit"), "classic", "libspoolc", params, "init"], env=env)
        conf = self.root / "global.conf"
        lines = []
        for line in (SHARE / "default-configuration").read_text().splitlines():
            key = line.split()[0] if line.split() else ""
            if key == "execd_spool_dir":
                line = f"execd_spool_dir        {self.execd_spool}"
            elif key in CONFIG:
                line = f"{key:<22} {CONFIG[key]}"
            lines.append(line)
        conf.write_text("\n".join(lines) + "\n")
        spooldefaults = str(LIB / "spooldefaults.bin")
        run([spooldefaults, "configuration", str(conf)], env=env)
        run([spooldefaults, "complexes", str(SHARE / "util" / "resources" / "centry")], env=env)
        run([spooldefaults, "usersets", str(SHARE / "util" / "resources" / "usersets")], env=env)
        run([spooldefaults, "managers", "root", *([os.environ["USER"]] if os.environ.get("USER") else [])], env=env)
        hosts = self.root / "hosts"
        hosts.mkdir(exist_ok=True)
        (hosts / self.host).write_text(f"hostname {self.host}\n")
        run([spooldefaults, "adminhosts", str(hosts)], env=env)
        run([spooldefaults, "submithosts", str(hosts)], env=env)

    def qconf_file(self, option: str, name: str, values: dict[str, str], template: str | None = None) -> None:
        """``qconf -A?``/``-M?`` with a file: ``template`` (qconf's own listing) with ``values`` put in."""
        base = run(["qconf", template], env=self.env).stdout if template else ""
        lines, seen = [], set()
        for line in base.splitlines():
            key = line.split()[0] if line.split() else ""
            if key in values:
                line = f"{key} {values[key]}"
                seen.add(key)
            lines.append(line)
        lines += [f"{k} {v}" for k, v in values.items() if k not in seen]
        folder = self.root / "qconf"
        folder.mkdir(exist_ok=True)
        path = folder / name
        path.write_text("\n".join(lines) + "\n")
        run(["qconf", option, str(path)], env=self.env)

    def configure(self) -> None:
        """Scheduler, exec host and queue, through the running qmaster."""
        self.qconf_file("-Msconf", "sconf", SCHEDULER, "-ssconf")
        self.qconf_file("-Ae", "exechost", {"hostname": self.host, "load_scaling": "NONE", "complex_values": "NONE",
                                            "user_lists": "NONE", "xuser_lists": "NONE", "projects": "NONE",
                                            "xprojects": "NONE", "usage_scaling": "NONE",
                                            "report_variables": "NONE"})
        self.qconf_file("-Aq", "queue", {**QUEUE, "hostlist": self.host}, "-sq")

    # -- daemons ----------------------------------------------------------------
    def qmaster_pid(self) -> int | None:
        return read_pid(self.qmaster_spool / "qmaster.pid")

    def execd_pid(self) -> int | None:
        pids = [read_pid(p) for p in self.execd_spool.glob("*/execd.pid")]
        return next((p for p in pids if alive(p)), None)

    def start_qmaster(self) -> None:
        if alive(self.qmaster_pid()):
            return
        start_daemon([str(LIB / "sge_qmaster")], self.env, "sge_qmaster", self.port, PORT_HINT, self.answers,
                     self.qmaster_pid, lambda: self.last_message(self.qmaster_spool))

    def start_execd(self) -> None:
        pid = self.execd_pid()
        if alive(pid):
            os.kill(pid, signal.SIGCONT)  # one pause_execd stopped answers again
            return
        refuse_taken(self.execd_port, "sge_execd", PORT_HINT)
        run([str(LIB / "sge_execd")], env=self.env)

    def answers(self) -> bool:
        """Whether this cluster's qmaster answers (one on its port that is not its own raises)."""
        try:
            proc = run(["qconf", "-sconf", "global"], timeout=10, check=False, env=self.env)
        except subprocess.TimeoutExpired:
            return False
        if proc.returncode != 0:
            return False
        spool = next((line.split()[1] for line in proc.stdout.splitlines() if line.startswith("execd_spool_dir")), "")
        if spool != str(self.execd_spool):
            raise ClusterError(f"port {self.port} answers as another Grid Engine qmaster (execd spool {spool}), not "
                               f"this cluster's ({self.root}): refused, not used; {PORT_HINT}")
        return True

    def queue_state(self) -> str:
        """all.q's state on this host as ``qstat -f`` shows it: '' (fine), 'u' (execd unheard), ...;
        'unreachable' when the qmaster does not answer."""
        try:
            proc = run(["qstat", "-f", "-q", "all.q"], timeout=10, check=False, env=self.env)
        except subprocess.TimeoutExpired:
            return "unreachable"
        if proc.returncode != 0:
            return "unreachable"
        for line in proc.stdout.splitlines():
            fields = line.split()
            if fields and fields[0] == f"all.q@{self.host}":
                return fields[5] if len(fields) > 5 else ""
        return "missing"

    def wait_ready(self, timeout: float = 60) -> None:
        """Until the queue takes jobs: its execd heard from, no alarm, no error."""
        def ready():
            state = self.queue_state()
            if "E" in state:
                run(["qmod", "-c", f"all.q@{self.host}"], check=False, env=self.env)
            return state == ""
        wait_for(ready, timeout, "queue all.q to take jobs (qstat -f state: {state})",
                 lambda: {"state": self.queue_state() or "ok"})

    def last_message(self, spool: Path) -> str:
        try:
            lines = [ln for ln in (spool / "messages").read_text(errors="replace").splitlines() if ln.strip()]
        except OSError:
            return f"no messages in {spool}"
        errors = [ln for ln in lines if "|E|" in ln or "|C|" in ln]
        return (errors or lines or ["messages is empty"])[-1][:300]

    def start(self, fresh: bool = True) -> None:
        install()
        clear_ground(self, fresh, bool(self.cell), lambda: [(self.qmaster_pid(), self.port, "sge_qmaster"),
                                                            (self.execd_pid(), self.execd_port, "sge_execd")],
                     PORT_HINT)
        if fresh:
            self.root.mkdir(parents=True, exist_ok=True)
            self.layout()
            self.spool_defaults()
        self.start_qmaster()
        if fresh:
            self.configure()
        self.start_execd()
        self.wait_ready()

    def stop_qmaster(self) -> None:
        stop_pid(self.qmaster_pid(), "sge_qmaster")

    def kill_node(self) -> list[int]:
        """The node dies: SIGKILL sge_execd and every job under it, as a power cut would (by their pids)."""
        pid = self.execd_pid()
        if pid is None:
            return []
        doomed = [pid, *descendants(pid)]
        for p in doomed:
            try:
                os.kill(p, signal.SIGKILL)
            except ProcessLookupError:
                pass
        wait_for(lambda: not any(alive(p) for p in doomed), 10, "the execd and its jobs to die")
        return doomed

    def pause_execd(self) -> int | None:
        """The node stops answering: SIGSTOP sge_execd (its jobs run on under their shepherds, unheard of); its pid."""
        pid = self.execd_pid()
        if pid is not None:
            os.kill(pid, signal.SIGSTOP)
        return pid

    def resume_execd(self, pid: int | None) -> None:
        """The node answers again: SIGCONT the execd ``pause_execd`` stopped."""
        if pid is not None and alive(pid):
            os.kill(pid, signal.SIGCONT)

    def stop(self) -> None:
        """Stop sge_execd (and the jobs it runs) and sge_qmaster: those of this folder, by their pid files."""
        pid = self.execd_pid()
        if pid is not None:
            jobs = descendants(pid)
            stop_pid(pid, "sge_execd")
            for p in jobs:  # shepherds and jobs outlive their execd: they go too
                try:
                    os.kill(p, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        self.stop_qmaster()

    def status(self) -> dict:
        return {
            "dir": str(self.root),
            "cell": self.cell or "not configured",
            "ports": f"sge_qmaster {self.port}, sge_execd {self.execd_port}",
            "sge_qmaster": alive(self.qmaster_pid()),
            "sge_execd": alive(self.execd_pid()),
            "all.q": (self.queue_state() or "ok") if alive(self.qmaster_pid()) else "no qmaster",
        }

    def exports(self) -> str:
        return "export " + " ".join(f"{k}={v}" for k, v in self.variables().items())


def main(argv=None) -> int:
    return command_line(argv, __doc__, DEFAULT_DIR, "sge", Cluster,
                        lambda c, took: f"all.q on {c.host} takes jobs after {took:.1f}s", Cluster.exports)


if __name__ == "__main__":
    sys.exit(main())
