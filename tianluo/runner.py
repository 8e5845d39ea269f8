"""The runner wrapper around one attempt: ``python -m tianluo.runner ATTEMPT_DIR``.

It reads ``job.json`` from the attempt folder, claims the folder by creating
``started.json`` exclusively (a second runner for the same attempt exits at once, so an
attempt can never run twice), runs the command with ``stdout`` and ``stderr`` beside it,
and writes ``exit.json`` atomically when the command ends. It forwards TERM, INT and HUP
to the command. It imports only the standard library, to start fast.
"""

import json
import os
import signal
import socket
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

from tianluo.fsio import atomic_write, create_exclusive

JOB = "job.json"
STARTED = "started.json"
EXIT = "exit.json"
EXIT_ALREADY_CLAIMED = 75


def _now() -> str:
    return datetime.now(timezone.utc).isoformat().replace("+00:00", "Z")


def _process_create_time(pid: int) -> float | None:
    try:
        import psutil

        return psutil.Process(pid).create_time()
    except Exception:  # psutil missing or the process is gone: liveness falls back to the pid
        return None


def run(attempt_dir: Path) -> int:
    job = json.loads((attempt_dir / JOB).read_text(encoding="utf-8"))
    host = socket.gethostname()
    slurm_job = os.environ.get("SLURM_JOB_ID")
    started = {
        "job_name": job["job_name"],
        "runner_pid": os.getpid(),
        "runner_create_time": _process_create_time(os.getpid()),
        "pgid": os.getpgid(0),
        "host": host,
        "started_at": _now(),
        "slurm_job_id": slurm_job,
        "slurm_restart": _restart_count(),
    }
    text = json.dumps(started, indent=2) + "\n"
    if not create_exclusive(attempt_dir / STARTED, text):
        if not _requeued_run(attempt_dir, slurm_job):
            print(f"{job['job_name']}: already claimed by another runner; not running it twice", file=sys.stderr)
            return EXIT_ALREADY_CLAIMED
        # Slurm requeued this very job (node failure, preemption, scontrol requeue): the same
        # attempt runs again, and what its first run left behind is no longer its end.
        (attempt_dir / EXIT).unlink(missing_ok=True)
        atomic_write(attempt_dir / STARTED, text)

    env = dict(os.environ)
    env.update({k: str(v) for k, v in job.get("env", {}).items()})
    child = None
    error = None
    forwarded: list[int] = []

    def forward(signum, _frame):
        forwarded.append(signum)
        if child is not None and child.poll() is None:
            child.send_signal(signum)

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, forward)

    t0 = time.monotonic()
    inherit = job.get("streams") == "inherit"  # under Slurm, --output/--error are the attempt's files already
    with open(os.devnull if inherit else attempt_dir / "stdout", "ab") as out, \
            open(os.devnull if inherit else attempt_dir / "stderr", "ab") as err:
        try:
            child = subprocess.Popen(
                ["/bin/sh", "-c", job["command"]],
                cwd=job["workdir"],
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=None if inherit else out,
                stderr=None if inherit else err,
            )
        except OSError as exc:
            error = f"could not start the command: {exc}"
            (sys.stderr.buffer if inherit else err).write(f"tianluo runner: {error}\n".encode())
    returncode = 127 if child is None else _wait(child)
    record = {
        "job_name": job["job_name"],
        "exit_code": returncode if returncode >= 0 else None,
        "signal": -returncode if returncode < 0 else None,
        "signal_name": signal.Signals(-returncode).name if returncode < 0 else None,
        "forwarded_signals": [signal.Signals(s).name for s in forwarded],
        "host": host,
        "job_pid": child.pid if child else None,
        "runner_pid": os.getpid(),
        "slurm_job_id": slurm_job,
        "slurm_restart": started["slurm_restart"],
        "started_at": started["started_at"],
        "ended_at": _now(),
        "duration_s": round(time.monotonic() - t0, 3),
        "error": error,
    }
    atomic_write(attempt_dir / EXIT, json.dumps(record, indent=2) + "\n")
    if job.get("poke"):
        _poke(job["poke"], attempt_dir)
    return returncode if returncode >= 0 else 128 + (-returncode)


def _restart_count() -> int:
    try:
        return int(os.environ.get("SLURM_RESTART_COUNT", "0"))
    except ValueError:
        return 0


def _requeued_run(attempt_dir: Path, slurm_job: str | None) -> bool:
    """Whether the folder was claimed by an earlier run of this same Slurm job (it was requeued)."""
    if not slurm_job:
        return False
    try:
        claim = json.loads((attempt_dir / STARTED).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return claim.get("slurm_job_id") == slurm_job and _restart_count() > int(claim.get("slurm_restart") or 0)


def _poke(run_dir: str, attempt_dir: Path) -> None:
    """Start an event tick at once, detached: a failure is handled in seconds, not at the next interval."""
    try:
        with open(attempt_dir / "runner.log", "ab") as log:
            subprocess.Popen([sys.executable, "-m", "tianluo", "tick", "--quiet", "--event", "--run", run_dir],
                             cwd=attempt_dir, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                             start_new_session=True, close_fds=True)
    except OSError as exc:  # the trigger's next tick handles the exit; nothing is lost
        print(f"tianluo runner: could not start an event tick: {exc}", file=sys.stderr)


def _wait(child: subprocess.Popen) -> int:
    while True:
        try:
            return child.wait()
        except InterruptedError:  # pragma: no cover - PEP 475 retries, kept for clarity
            continue


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m tianluo.runner ATTEMPT_DIR", file=sys.stderr)
        return 2
    return run(Path(args[0]))


if __name__ == "__main__":
    sys.exit(main())
