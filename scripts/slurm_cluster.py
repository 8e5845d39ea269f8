#!/usr/bin/env python3
"""A real single-node Slurm on this machine, for tianluo's tests and for trying the Slurm backend.

    scripts/slurm_cluster.py start [--dir DIR]   install (as root, Debian), configure, start, wait for idle
    scripts/slurm_cluster.py stop  [--dir DIR]   stop the daemons it started, by pid file
    scripts/slurm_cluster.py status [--dir DIR]
    scripts/slurm_cluster.py env   [--dir DIR]   the line to paste: export SLURM_CONF=...

TIANLUO_SLURM_PORT (default 6817) sets slurmctld's port, slurmd takes the next one: two
clusters in two folders can run side by side.

Everything lives in DIR (default /tmp/tianluo-slurm): slurm.conf, state, spool, logs, pid
files, and the jobcomp/filetxt log that ``sacct -c`` reads. Clients find the cluster through
``SLURM_CONF=DIR/slurm.conf``; nothing under /etc/slurm is touched. munged is shared: the
system's key and socket are used, and a munged started here is stopped here.

Facts this script is built on (Debian 12, Slurm 22.05, no systemd, a 2-core VM):
proctrack/linuxproc and task/none (no cgroups here); RealMemory at 95% of what
``slurmd -C`` reports (more drains the node); batch_sched_delay=0 (else ~3 s per submit);
a dead daemon can linger as a zombie, so liveness is read from /proc/PID/status; daemons are
stopped by their pid files, never by name.
"""

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

PACKAGES = ["slurmctld", "slurmd", "slurm-client", "munge"]
DEFAULT_DIR = Path(os.environ.get("TIANLUO_SLURM_DIR", "/tmp/tianluo-slurm"))
MUNGE_SOCKET = Path("/run/munge/munge.socket.2")
MUNGE_PID = Path("/run/munge/munged.pid")
CMD_TIMEOUT = 30


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


def installed() -> bool:
    return all(shutil.which(b) for b in ("slurmctld", "slurmd", "sbatch", "squeue", "munged"))


def install() -> None:
    if installed():
        return
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        raise ClusterError("Slurm is not installed and this is not root on Debian: "
                           f"install {' '.join(PACKAGES)} first")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    cmd = ["apt-get", "install", "-y", "-q", "--no-install-recommends", *PACKAGES]
    if run(cmd, timeout=600, check=False, env=env).returncode != 0:
        run(["apt-get", "update", "-q"], timeout=600, env=env)
        run(cmd, timeout=600, env=env)


class Cluster:
    def __init__(self, root: Path = DEFAULT_DIR, port: int | None = None):
        self.root = Path(root).resolve()
        self.port = port or int(os.environ.get("TIANLUO_SLURM_PORT", "6817"))  # slurmd listens on port + 1
        self.conf = self.root / "slurm.conf"
        self.host = socket.gethostname().split(".")[0]

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
    def node_line(self) -> str:
        """NodeName line from ``slurmd -C``, RealMemory cut to 95%."""
        out = run(["slurmd", "-C"]).stdout
        fields = dict(tok.split("=", 1) for tok in out.split()[0:8] if "=" in tok)
        cpus = fields.get("CPUs", "1")
        mem = int(int(fields.get("RealMemory", "1024")) * 0.95)
        return (f"NodeName={self.host} NodeAddr=127.0.0.1 CPUs={cpus} RealMemory={mem} State=UNKNOWN")

    def write_conf(self, min_job_age: int = 300) -> None:
        for sub in ("state", "spool", "log"):
            self.path(sub).mkdir(parents=True, exist_ok=True)
        text = f"""# Written by tianluo's scripts/slurm_cluster.py: a single-node test cluster.
ClusterName=tianluo
SlurmctldHost={self.host}(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort={self.port}
SlurmdPort={self.port + 1}
AuthType=auth/munge
CredType=cred/munge
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
    def munge_ok(self) -> bool:
        if not shutil.which("munge"):
            return False
        try:
            cred = subprocess.run(["munge", "-n"], capture_output=True, timeout=10)
            if cred.returncode != 0:
                return False
            back = subprocess.run(["unmunge"], input=cred.stdout, capture_output=True, timeout=10)
            return back.returncode == 0
        except subprocess.TimeoutExpired:
            return False

    def start_munge(self) -> None:
        if self.munge_ok():
            return
        MUNGE_SOCKET.parent.mkdir(parents=True, exist_ok=True)
        shutil.chown(MUNGE_SOCKET.parent, "munge", "munge")
        os.chmod(MUNGE_SOCKET.parent, 0o755)
        run(["runuser", "-u", "munge", "--", "munged"])
        (self.root / "munged.started").write_text(str(read_pid(MUNGE_PID) or ""))
        wait_for(self.munge_ok, 15, "munged to answer")

    def ctld_pid(self) -> int | None:
        return read_pid(self.path("slurmctld.pid"))

    def slurmd_pid(self) -> int | None:
        return read_pid(self.path("slurmd.pid"))

    def start_ctld(self, clean: bool = False) -> None:
        if alive(self.ctld_pid()):
            return
        args = ["slurmctld", "-f", str(self.conf)]
        if clean:
            args.append("-i")  # ignore saved state: a fresh cluster, job ids from 1
        run(args, env=self.env)
        wait_for(self.ctld_answers, 30, "slurmctld to answer")

    def start_slurmd(self) -> None:
        if alive(self.slurmd_pid()):
            return
        run(["slurmd", "-f", str(self.conf), "-N", self.host], env=self.env)

    def ctld_answers(self) -> bool:
        try:
            return run(["scontrol", "ping"], timeout=10, check=False, env=self.env).returncode == 0 and \
                "UP" in run(["scontrol", "ping"], timeout=10, check=False, env=self.env).stdout
        except subprocess.TimeoutExpired:
            return False

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
        if fresh:
            self.stop(keep_munge=True)
            if self.root.exists():
                shutil.rmtree(self.root)
        self.root.mkdir(parents=True, exist_ok=True)
        self.write_conf()
        self.start_munge()
        self.start_ctld(clean=fresh)
        self.start_slurmd()
        self.wait_idle()

    def stop_ctld(self) -> None:
        stop_pid(self.ctld_pid(), "slurmctld")

    def stop(self, keep_munge: bool = False) -> None:
        """Stop slurmd and slurmctld, and munged if this cluster started it (unless ``keep_munge``)."""
        stop_pid(self.slurmd_pid(), "slurmd")
        self.stop_ctld()
        started = self.root / "munged.started"
        if started.exists() and not keep_munge:
            stop_pid(read_pid(started), "munged")
            started.unlink()

    def status(self) -> dict:
        return {
            "dir": str(self.root),
            "slurmctld": alive(self.ctld_pid()),
            "slurmd": alive(self.slurmd_pid()),
            "munge": self.munge_ok(),
            "node": self.node_state() if alive(self.ctld_pid()) else "no controller",
        }


def stop_pid(pid: int | None, what: str, grace: float = 10) -> None:
    if not alive(pid):
        return
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


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("command", choices=["start", "stop", "status", "env"])
    ap.add_argument("--dir", type=Path, default=DEFAULT_DIR)
    args = ap.parse_args(argv)
    cluster = Cluster(args.dir)
    try:
        if args.command == "start":
            t0 = time.monotonic()
            cluster.start()
            print(f"slurm: node {cluster.host} idle after {time.monotonic() - t0:.1f}s; "
                  f"export SLURM_CONF={cluster.conf}", file=sys.stderr)
        elif args.command == "stop":
            cluster.stop()
        elif args.command == "status":
            for k, v in cluster.status().items():
                print(f"{k}: {v}")
        else:
            print(f"export SLURM_CONF={cluster.conf}")
    except (ClusterError, subprocess.TimeoutExpired) as exc:
        print(f"slurm: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
