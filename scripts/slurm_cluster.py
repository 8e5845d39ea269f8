#!/usr/bin/env python3
"""A real single-node Slurm on this machine, for tianluo's tests and for trying the Slurm backend.

    scripts/slurm_cluster.py start [--dir DIR]   install (as root, Debian), configure, start, wait for idle
    scripts/slurm_cluster.py stop  [--dir DIR]   stop the daemons it started, by pid file
    scripts/slurm_cluster.py status [--dir DIR]
    scripts/slurm_cluster.py env   [--dir DIR]   the line to paste: export SLURM_CONF=...

It never uses a Slurm that is already there: slurmctld and slurmd listen on ports found free
(TIANLUO_SLURM_PORT sets slurmctld's, slurmd takes the next one), the cluster has a ClusterName
of its own, and it runs its own munged (its own key and socket, named in slurm.conf's AuthInfo).
A controller that answers on its port but is not its own (another ClusterName, another
slurm.conf) is refused with one line. Two clusters in two folders run side by side.

Everything lives in DIR (default /tmp/tianluo-slurm): slurm.conf, state, spool, logs, pid
files, munge's key and socket, and the jobcomp/filetxt log that ``sacct -c`` reads. Clients
find the cluster through ``SLURM_CONF=DIR/slurm.conf``; nothing under /etc/slurm or /etc/munge
is read or touched.

Facts this script is built on (Debian 12, Slurm 22.05, no systemd, a 2-core VM):
proctrack/linuxproc and task/none (no cgroups here); RealMemory at 95% of what
``slurmd -C`` reports (more drains the node); batch_sched_delay=0 (else ~3 s per submit);
a dead daemon can linger as a zombie, so liveness is read from /proc/PID/status; daemons are
stopped by their pid files, never by name; munged wants every folder above its socket
searchable by all (0755).
"""

import os
import secrets
import shutil
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
    free_ports,
    listening,
    port_pair,
    read_pid,
    refuse_taken,
    run,
    start_daemon,
    stop_pid,
    wait_for,
)

__all__ = ["Cluster", "ClusterError", "Munge", "free_ports", "installed", "listening", "main"]

PACKAGES = ["slurmctld", "slurmd", "slurm-client", "munge"]
DEFAULT_DIR = Path(os.environ.get("TIANLUO_SLURM_DIR", "/tmp/tianluo-slurm"))
PORT_HINT = "leave TIANLUO_SLURM_PORT unset (free ports are found) or stop what holds it"


def installed() -> bool:
    return all(shutil.which(b) for b in ("slurmctld", "slurmd", "sbatch", "squeue", "munged"))


def install() -> None:
    if not installed():
        apt_install("Slurm", PACKAGES)


class Munge:
    """A munged of the cluster's own: its own key and socket in ``folder``, never the system's."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.socket = folder / "munge.socket"
        self.key = folder / "munge.key"
        self.pid_file = folder / "munged.pid"

    def pid(self) -> int | None:
        return read_pid(self.pid_file)

    def ok(self) -> bool:
        """Whether a credential made through the socket decodes through it."""
        try:
            cred = subprocess.run(["munge", "-n", "-S", str(self.socket)], capture_output=True, timeout=10)
            if cred.returncode != 0:
                return False
            back = subprocess.run(["unmunge", "-S", str(self.socket)], input=cred.stdout, capture_output=True,
                                  timeout=10)
            return back.returncode == 0
        except (OSError, subprocess.TimeoutExpired):
            return False

    def start(self) -> None:
        if alive(self.pid()) and self.ok():
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        os.chmod(self.folder, 0o755)  # munged: the socket's folders searchable by all
        if not self.key.exists():
            fd = os.open(self.key, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o400)
            with os.fdopen(fd, "wb") as f:
                f.write(secrets.token_bytes(1024))
        run(["munged", f"--socket={self.socket}", f"--key-file={self.key}", f"--pid-file={self.pid_file}",
             f"--log-file={self.folder / 'munged.log'}", f"--seed-file={self.folder / 'munged.seed'}"])
        wait_for(self.ok, 15, "munged to answer")

    def stop(self) -> None:
        stop_pid(self.pid(), "munged")


class Cluster:
    """A single-node Slurm of its own in ``root``: its ports, ClusterName, slurm.conf and munged.

    ``port`` (or TIANLUO_SLURM_PORT) fixes slurmctld's port, slurmd taking the next; left out,
    ``start`` finds two free ones. A cluster already configured in ``root`` keeps its own.
    """

    def __init__(self, root: Path = DEFAULT_DIR, port: int | None = None):
        self.root = Path(root).resolve()
        self.conf = self.root / "slurm.conf"
        self.host = socket.gethostname().split(".")[0]
        self.munge = Munge(self.root / "munge")
        self.wanted = port or int(os.environ.get("TIANLUO_SLURM_PORT") or 0)
        written = self.written()
        self.name = written.get("ClusterName", "")
        self.port = int(written.get("SlurmctldPort", 0)) or self.wanted
        self.slurmd_port = int(written.get("SlurmdPort", 0)) or (self.wanted + 1 if self.wanted else 0)

    # -- paths ------------------------------------------------------------------
    def path(self, name: str) -> Path:
        return self.root / name

    @property
    def env(self) -> dict:
        return {**os.environ, "SLURM_CONF": str(self.conf)}

    @property
    def jobcomp_log(self) -> Path:
        return self.path("jobcomp.log")

    # -- config -----------------------------------------------------------------
    def written(self) -> dict[str, str]:
        """The ``Key=value`` lines of the slurm.conf in ``root`` (none if there is none)."""
        try:
            lines = self.conf.read_text().splitlines()
        except OSError:
            return {}
        return dict(line.split("=", 1) for line in lines if "=" in line and not line.startswith("#")
                    and " " not in line.split("=", 1)[0])

    def choose(self) -> None:
        """A new ClusterName, and ports: the ones asked for, or two found free."""
        self.name = f"tianluo{secrets.token_hex(4)}"
        self.port, self.slurmd_port = port_pair(self.wanted)

    def node_line(self) -> str:
        """NodeName line from ``slurmd -C``, RealMemory cut to 95%."""
        out = run(["slurmd", "-C"]).stdout
        fields = dict(tok.split("=", 1) for tok in out.split()[0:8] if "=" in tok)
        cpus = fields.get("CPUs", "1")
        mem = int(int(fields.get("RealMemory", "1024")) * 0.95)
        return (f"NodeName={self.host} NodeAddr=127.0.0.1 CPUs={cpus} RealMemory={mem} State=UNKNOWN")

    def write_conf(self, min_job_age: int = 300) -> None:
        if not (self.name and self.port and self.slurmd_port):
            raise ClusterError(f"{self.root}: no cluster configured here yet (start it first)")
        for sub in ("state", "spool", "log"):
            self.path(sub).mkdir(parents=True, exist_ok=True)
        text = f"""# Written by tianluo's scripts/slurm_cluster.py: a single-node test cluster of its own.
ClusterName={self.name}
SlurmctldHost={self.host}(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort={self.port}
SlurmdPort={self.slurmd_port}
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={self.munge.socket}
StateSaveLocation={self.path('state')}
SlurmdSpoolDir={self.path('spool')}
SlurmctldPidFile={self.path('slurmctld.pid')}
SlurmdPidFile={self.path('slurmd.pid')}
SlurmctldLogFile={self.path('log/slurmctld.log')}
SlurmdLogFile={self.path('log/slurmd.log')}
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MailProg=/bin/true
ReturnToService=2
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/filetxt
JobCompLoc={self.jobcomp_log}
MinJobAge={min_job_age}
KillWait=5
InactiveLimit=0
SlurmctldTimeout=30
SlurmdTimeout=60
MessageTimeout=5
{self.node_line()}
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:16
"""
        tmp = self.conf.with_suffix(".tmp")
        tmp.write_text(text)
        os.replace(tmp, self.conf)

    # -- daemons ----------------------------------------------------------------
    def ctld_pid(self) -> int | None:
        return read_pid(self.path("slurmctld.pid"))

    def slurmd_pid(self) -> int | None:
        return read_pid(self.path("slurmd.pid"))

    def start_ctld(self, clean: bool = False) -> None:
        if alive(self.ctld_pid()):
            self.check_ctld()
            return
        args = ["slurmctld", "-f", str(self.conf)]
        if clean:
            args.append("-i")  # ignore saved state: a fresh cluster, job ids from 1
        start_daemon(args, self.env, "slurmctld", self.port, PORT_HINT, self.ctld_answers, self.ctld_pid,
                     lambda: self.last_log_line("log/slurmctld.log"))

    def start_slurmd(self) -> None:
        if alive(self.slurmd_pid()):
            return
        refuse_taken(self.slurmd_port, "slurmd", PORT_HINT)
        run(["slurmd", "-f", str(self.conf), "-N", self.host], env=self.env)

    def last_log_line(self, name: str) -> str:
        try:
            lines = [line for line in self.path(name).read_text(errors="replace").splitlines() if line.strip()]
        except OSError:
            return f"no {name}"
        errors = [line for line in lines if "error" in line.lower() or "fatal" in line.lower()]
        return (errors or lines or [f"{name} is empty"])[-1][:300]

    def ctld_answers(self) -> bool:
        """Whether this cluster's slurmctld answers (a controller that is not its own raises)."""
        try:
            ping = run(["scontrol", "ping"], timeout=10, check=False, env=self.env)
        except subprocess.TimeoutExpired:
            return False
        if ping.returncode != 0 or "UP" not in ping.stdout:
            return False
        self.check_ctld()
        return True

    def check_ctld(self) -> None:
        """Raise one line if the controller answering on this cluster's port is not its own."""
        try:
            out = run(["scontrol", "show", "config"], timeout=10, check=False, env=self.env).stdout
        except subprocess.TimeoutExpired:
            return
        config = dict((k.strip(), v.strip()) for k, _, v in (line.partition("=") for line in out.splitlines()) if v)
        name, conf = config.get("ClusterName"), config.get("SLURM_CONF")
        if name is None:
            return  # not answering just now: up() asks again
        if name != self.name or conf != str(self.conf):
            raise ClusterError(f"port {self.port} answers as another Slurm controller (ClusterName {name}, {conf}), "
                               f"not this cluster's ({self.name}, {self.conf}): refused, not used; {PORT_HINT}")

    def node_state(self) -> str:
        try:
            proc = run(["sinfo", "-h", "-N", "-o", "%T"], timeout=10, check=False, env=self.env)
        except subprocess.TimeoutExpired:
            return "unreachable"
        return proc.stdout.strip() if proc.returncode == 0 else "unreachable"

    def wait_idle(self, timeout: float = 60) -> None:
        def ready():
            state = self.node_state()
            if state in ("down", "down*", "drained", "drain", "fail"):
                run(["scontrol", "update", f"NodeName={self.host}", "State=RESUME"], check=False, env=self.env)
            return state in ("idle", "mixed", "allocated")
        wait_for(ready, timeout, f"node {self.host} to be idle (sinfo: {{state}})",
                 lambda: {"state": self.node_state()})

    def start(self, fresh: bool = True) -> None:
        install()
        clear_ground(self, fresh, bool(self.name), lambda: [(self.ctld_pid(), self.port, "slurmctld"),
                                                            (self.slurmd_pid(), self.slurmd_port, "slurmd")],
                     PORT_HINT)
        self.root.mkdir(parents=True, exist_ok=True)
        os.chmod(self.root, 0o755)  # munged: every folder above its socket searchable by all
        self.write_conf()
        self.munge.start()
        self.start_ctld(clean=fresh)
        self.start_slurmd()
        self.wait_idle()

    def stop_ctld(self) -> None:
        stop_pid(self.ctld_pid(), "slurmctld")

    def stop(self) -> None:
        """Stop slurmd, slurmctld and munged: those of this folder, by their pid files; then any step daemon of
        this cluster still running (``steps_of``)."""
        stop_pid(self.slurmd_pid(), "slurmd")
        self.stop_ctld()
        self.munge.stop()
        for pid in steps_of(self.conf):
            stop_pid(pid, "slurmstepd", grace=2)


def steps_of(conf: Path) -> list[int]:
    """The slurmstepd processes of the cluster whose slurm.conf is ``conf``, found by the SLURM_CONF in their
    environment (never by name alone: another Slurm's steps are not ours). slurmd starts a step daemon per job step
    and lets it go, so stopping slurmd leaves one whose job was never cancelled: one was found alive after a CI
    run, its cluster's folder already deleted."""
    want = b"SLURM_CONF=" + os.fsencode(str(conf))
    found = []
    for comm in Path("/proc").glob("[0-9]*/comm"):
        try:
            if comm.read_text().strip() != "slurmstepd":
                continue
            environ = (comm.parent / "environ").read_bytes().split(b"\0")
        except OSError:  # gone, or not ours to read
            continue
        if want in environ:
            found.append(int(comm.parent.name))
    return found

    def status(self) -> dict:
        return {
            "dir": str(self.root),
            "cluster": self.name or "not configured",
            "ports": f"slurmctld {self.port}, slurmd {self.slurmd_port}",
            "slurmctld": alive(self.ctld_pid()),
            "slurmd": alive(self.slurmd_pid()),
            "munge": self.munge.ok(),
            "node": self.node_state() if alive(self.ctld_pid()) else "no controller",
        }


def main(argv=None) -> int:
    return command_line(argv, __doc__, DEFAULT_DIR, "slurm", Cluster,
                        lambda c, took: f"node {c.host} idle after {took:.1f}s",
                        lambda c: f"export SLURM_CONF={c.conf}")


if __name__ == "__main__":
    sys.exit(main())
