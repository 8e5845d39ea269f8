"""One tick's look at N Slurm jobs: tianluo's batched poll against asking per job.

    .venv/bin/python benchmarks/bench_slurm_poll.py [--jobs 50] [--repeats 5]

Starts the single-node Slurm of scripts/slurm_cluster.py in its own folder (root on Debian,
as the test suite does), submits N short jobs through the Slurm backend and waits until
they finish, then looks at all of them, alternating in the same run:

* tianluo: ``SlurmBackend.poll`` (one ``squeue -t all`` plus one follow-up for finished jobs);
* baseline: what a naive babysitter does, ``scontrol show job -o <id>`` once per job.

Prints the scheduler commands and the wall time of each side, and their ratios. The
controller's load is what matters on a real cluster; the command count is the honest
measure of it, the time a noisy one.
"""

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tianluo.backends.base import JobSpec  # noqa: E402
from tianluo.backends.slurm import SlurmBackend, SlurmOptions  # noqa: E402
from tianluo.models.states import JobState  # noqa: E402


def cluster_module():
    spec = importlib.util.spec_from_file_location("slurm_cluster", ROOT / "scripts" / "slurm_cluster.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jobs", type=int, default=50)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    module = cluster_module()
    cluster = module.Cluster(Path(tempfile.gettempdir()) / "tianluo-slurm-bench")  # ports found free
    cluster.start()
    os.environ["SLURM_CONF"] = str(cluster.conf)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            backend = SlurmBackend(Path(tmp), SlurmOptions(accounting="jobcomp"))
            jobs = {}
            for i in range(args.jobs):
                name = f"tl.bench.e{i}.s.1"
                job = JobSpec(job_name=name, command="true", workdir=tmp, attempt_dir=f"{tmp}/a/{i}")
                jobs[name] = (job, backend.submit(job))
            deadline = time.monotonic() + 300
            while time.monotonic() < deadline:
                facts = SlurmBackend(Path(tmp), backend.options).poll(jobs)
                if all(f.state == JobState.EXITED for f in facts.values()):
                    break
                time.sleep(1)
            else:
                print("bench_slurm_poll: the jobs did not finish in 300s", file=sys.stderr)
                return 1
            ours, naive, our_calls = [], [], 0
            for _ in range(args.repeats):
                b = SlurmBackend(Path(tmp), backend.options)
                t0 = time.perf_counter()
                b.poll(jobs)
                ours.append(time.perf_counter() - t0)
                our_calls = len(b.calls)
                t0 = time.perf_counter()
                for _, handle in jobs.values():
                    subprocess.run(["scontrol", "show", "job", "-o", handle.job_id], capture_output=True,
                                   timeout=30, check=True)
                naive.append(time.perf_counter() - t0)
    finally:
        cluster.stop()
    o, n = statistics.median(ours), statistics.median(naive)
    print(f"{args.jobs} finished jobs, median of {args.repeats}:")
    print(f"  tianluo poll : {our_calls:3d} scheduler commands, {o * 1000:8.1f} ms")
    print(f"  per-job ask  : {args.jobs:3d} scheduler commands, {n * 1000:8.1f} ms")
    print(f"  ratio        : {args.jobs / our_calls:.0f}x fewer commands, {n / o:.1f}x less time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
