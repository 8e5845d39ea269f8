"""What the backend contract suite (tests/test_backend_contract.py) needs of one backend.

A :class:`Harness` holds one backend, opened through the registry as a tick opens it, and
the ways a test acts on the backend's world from outside tianluo: cancel a job behind its
back, take the scheduler away and bring it back, count the jobs of a name. Each backend of
the contract is one subclass; the suite never asks a backend's name, only its capabilities.
"""

import os
import signal
import subprocess
import sys
import uuid
from pathlib import Path

from tianluo.backends.base import Backend, JobFacts, JobSpec
from tianluo.models.model import Handle
from tianluo.planning.spec_parts import Resources

CMD_TIMEOUT = 30  # seconds; every command a harness runs itself
ROOT = Path(__file__).resolve().parent.parent
TINYQ = ROOT / "tests" / "tinyq.py"


def run(args: list[str], check: bool = True, env: dict | None = None) -> subprocess.CompletedProcess:
    proc = subprocess.run(args, capture_output=True, text=True, timeout=CMD_TIMEOUT, stdin=subprocess.DEVNULL,
                          env=env)
    if check and proc.returncode != 0:
        raise AssertionError(f"{' '.join(args)} exited {proc.returncode}: {proc.stderr}")
    return proc


class Harness:
    """One backend under the contract, in a test's own folder."""

    kind = ""
    #: whether a job cancelled outside tianluo is reported with ``ended_by="cancelled"``
    says_cancelled = False

    def __init__(self, root: Path):
        self.root = Path(root)
        self.run_dir = self.root / "run"
        self.workdir = self.root / "work"
        self.run_dir.mkdir(parents=True, exist_ok=True)
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.tag = uuid.uuid4().hex[:8]  # names must not meet across tests (a scheduler keeps old jobs)
        self.options = self.make_options()
        self.caps = self.options.capabilities()
        self.backend: Backend = self.new_tick()
        self.handles: list[tuple[JobSpec, Handle]] = []

    # --- what each backend says ------------------------------------------------------------

    def make_options(self):
        raise NotImplementedError

    def new_tick(self) -> Backend:
        """A fresh backend, as each tick opens one (a scheduler found down stays down for its tick)."""
        from tianluo.backends.registry import open_backend

        self.backend = open_backend(self.options, self.run_dir)
        return self.backend

    def cancel_outside(self, job: JobSpec, handle: Handle) -> None:
        raise NotImplementedError

    def make_unreachable(self) -> None:
        raise NotImplementedError

    def make_reachable(self) -> None:
        raise NotImplementedError

    def count_jobs(self, name: str) -> int:
        """How many jobs of this name the scheduler (or the process table) holds."""
        raise NotImplementedError

    def rejected_job(self) -> tuple[JobSpec, str]:
        """An attempt the scheduler refuses, and the words it refuses it with (only asked of a
        backend with a queue)."""
        raise NotImplementedError

    def queued(self, labels: list[str]) -> list[tuple[JobSpec, Handle]]:
        """Jobs submitted so that they stay queued (only asked of a backend with a queue)."""
        raise NotImplementedError

    def let_start(self, job: JobSpec, handle: Handle) -> None:
        """Take away what keeps the jobs of :meth:`queued` waiting (a hold aside)."""
        raise NotImplementedError

    def calls(self) -> int | None:
        """How many scheduler commands the backend ran since it was opened, if it counts them."""
        calls = getattr(self.backend, "calls", None)
        return None if calls is None else len(calls)

    def cleanup(self) -> None:
        pass

    # --- common ----------------------------------------------------------------------------

    def job(self, command: str, label: str = "job", resources: Resources | None = None) -> JobSpec:
        """The JobSpec of one attempt: the same label gives the same name and folder."""
        return JobSpec(job_name=f"tlc-{self.tag}-{label}", command=command, workdir=str(self.workdir),
                       attempt_dir=str(self.root / "attempts" / label / "1"), env={"TLC_LABEL": label},
                       resources=resources or Resources())

    def submit(self, job: JobSpec) -> Handle:
        handle = self.backend.submit(job)
        self.handles.append((job, handle))
        return handle

    def poll(self, job: JobSpec, handle: Handle | None) -> JobFacts:
        return self.backend.poll({job.job_name: (job, handle)})[job.job_name]


# --- local ---------------------------------------------------------------------------------------


class LocalHarness(Harness):
    kind = "local"

    def make_options(self):
        from tianluo.backends.local import LocalOptions

        return LocalOptions()

    def cancel_outside(self, job, handle):
        os.killpg(handle.pid, signal.SIGKILL)  # the runner leads the group: runner and job die unrecorded

    def count_jobs(self, name):
        from tianluo.backends.local import tagged_processes
        from tianluo.shell import proctable

        table = proctable.read()
        runners = {p.pid: p for p in tagged_processes(name) if "tianluo.runner" in table.cmdline(p.pid)}
        # a runner's child between fork and exec still shows the runner's command line: one job, not two
        return len([p for p in runners.values() if p.ppid not in runners])

    def cleanup(self):
        from conftest import kill_tree

        for _, handle in self.handles:
            if handle.pid:
                kill_tree(handle.pid)


# --- slurm ---------------------------------------------------------------------------------------

LATER = Resources(sbatch_args=["--begin=now+1hour"])  # stays PENDING (reason BeginTime)


class SlurmHarness(Harness):
    kind = "slurm"
    says_cancelled = True

    def __init__(self, root: Path, cluster):
        self.cluster = cluster
        super().__init__(root)

    def make_options(self):
        from tianluo.backends.slurm import SlurmOptions

        return SlurmOptions(accounting="jobcomp", timeout=10)

    def cancel_outside(self, job, handle):
        run(["scancel", handle.job_id])

    def make_unreachable(self):
        self.cluster.stop_ctld()

    def make_reachable(self):
        self.cluster.start_ctld()

    def count_jobs(self, name):
        out = run(["squeue", "-h", "-t", "all", f"--name={name}", "-o", "%i"]).stdout
        return len(out.split())

    def rejected_job(self):
        return self.job("true", "refused", Resources(partition="nope")), "Invalid partition name specified"

    def queued(self, labels):
        return [(job, self.submit(job)) for job in (self.job("true", label, LATER) for label in labels)]

    def let_start(self, job, handle):
        run(["scontrol", "update", f"JobId={handle.job_id}", "StartTime=now"])

    def cleanup(self):
        ids = [h.job_id for _, h in self.handles]
        if ids:
            run(["scancel", *ids], check=False)


# --- command (on the small local queue tests/tinyq.py) --------------------------------------------


class CommandHarness(Harness):
    kind = "command"
    says_cancelled = True

    def __init__(self, root: Path):
        self.queue = Path(root) / "queue"
        super().__init__(root)

    def tinyq(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return run([sys.executable, str(TINYQ), "--dir", str(self.queue), *args], check=check)

    def make_options(self):
        from tianluo.backends.command import CommandOptions

        q = f"{sys.executable} {TINYQ} --dir {self.queue}"
        return CommandOptions(
            submit=f"{q} submit --name {{job_name}} {{script}}",
            status=f"{q} status {{job_ids}}",
            states={"QUEUED": "queued", "HELD": "queued", "RUNNING": "running", "DONE": "ended",
                    "FAILED": "ended", "CANCELLED": "ended"},
            ended_by={"CANCELLED": "cancelled"},
            cancel=f"{q} cancel {{job_id}}",
            hold=f"{q} hold {{job_id}}",
            release=f"{q} release {{job_id}}",
            find=f"{q} find --name {{job_name}}",
            unreachable="cannot reach the queue",
            timeout="10s",
        )

    def cancel_outside(self, job, handle):
        self.tinyq("cancel", handle.job_id)

    def make_unreachable(self):
        self.tinyq("down")

    def make_reachable(self):
        self.tinyq("up")

    def count_jobs(self, name):
        return len(self.tinyq("find", "--name", name).stdout.split())

    def rejected_job(self):
        self.tinyq("refuse-next")
        return self.job("true", "refused"), "submission refused"

    def queued(self, labels):
        blocker = self.job("exec sleep 60", "blocker")  # takes the queue's one slot
        self.blocker = self.submit(blocker)
        return [(job, self.submit(job)) for job in (self.job("true", label) for label in labels)]

    def let_start(self, job, handle):
        self.tinyq("cancel", self.blocker.job_id)  # the slot is free

    def cleanup(self):
        self.tinyq("up", check=False)
        for _, handle in self.handles:
            self.tinyq("cancel", handle.job_id, check=False)


# --- command with the sge preset (on the real single-node Grid Engine of scripts/sge_cluster.py) --------


class SgeHarness(Harness):
    kind = "sge"
    says_cancelled = False  # Grid Engine's records cannot tell a qdel from any other kill

    def __init__(self, root: Path, cluster):
        self.cluster = cluster
        super().__init__(root)

    def make_options(self):
        from tianluo.backends.command import CommandOptions

        return CommandOptions(preset="sge", timeout="15s")

    def sge(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return run(list(args), check=check, env=self.cluster.env)

    def cancel_outside(self, job, handle):
        self.sge("qdel", handle.job_id)

    def make_unreachable(self):
        self.cluster.stop_qmaster()

    def make_reachable(self):
        self.cluster.start_qmaster()

    def count_jobs(self, name):
        return len(sge_jobs(self.cluster, name))

    def rejected_job(self):
        from dataclasses import replace

        # Grid Engine refuses a name that starts with a digit (tianluo's never do: tl.<run>...)
        job = replace(self.job("true", "refused"), job_name=f"9tlc-{self.tag}-refused")
        return job, "is not a valid object name (cannot start with a digit)"

    def queued(self, labels):
        self.sge("qmod", "-d", "all.q")  # the queue takes no job: every one waits (qw)
        return [(job, self.submit(job)) for job in (self.job("true", label) for label in labels)]

    def let_start(self, job, handle):
        self.sge("qmod", "-e", "all.q")

    def cleanup(self):
        self.sge("qmod", "-e", "all.q", check=False)
        ids = [h.job_id for _, h in self.handles]
        if ids:
            self.sge("qdel", "-f", *ids, check=False)


def sge_jobs(cluster, name: str) -> list[str]:
    """The ids of the jobs named ``name`` Grid Engine holds (pending, running or finished), from ``qstat -xml``."""
    import xml.etree.ElementTree as ET

    out = run(["qstat", "-s", "prsz", "-xml"], env=cluster.env).stdout
    return [j.findtext("JB_job_number") or "" for j in ET.fromstring(out).iter("job_list")
            if j.findtext("JB_name") == name]
