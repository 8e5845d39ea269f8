"""The batch script of one attempt, written into its attempt folder. Pure: JobSpec in, text out.

The script is complete on its own: ``#SBATCH`` lines carry the job name, the split
``stdout``/``stderr`` files of the attempt folder and the stage's resources, and its only
command runs tianluo's runner, which claims the attempt folder (an attempt never runs
twice) and writes ``exit.json`` beside the logs, so the exit code is known even after Slurm
has forgotten the job. Submitting it again by hand is safe for the same reason.
"""

import math

from tianluo.backends.base import JobSpec, runner_exec

SCRIPT = "job.sbatch"
#: Resources key -> sbatch option, in the order they appear in the script.
OPTIONS = (("partition", "--partition"), ("account", "--account"), ("qos", "--qos"), ("gpus", "--gpus"),
           ("gres", "--gres"), ("cpus", "--cpus-per-task"), ("mem", "--mem"), ("time", "--time"))


def _q(value: str) -> str:
    """A value on an ``#SBATCH`` line: double-quoted when it holds anything but plain characters."""
    text = str(value)
    if text and all(c.isalnum() or c in "/._-:,=+@%" for c in text):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _literal(path: str) -> str:
    """A file name for ``--output``/``--error``, where Slurm reads ``%j``, ``%x``...: ``%%`` is one ``%``."""
    return path.replace("%", "%%")


def slurm_time(seconds: float) -> str:
    """Seconds -> Slurm's ``days-hours:minutes:seconds`` (rounded up to the minute: Slurm's unit)."""
    minutes = max(1, math.ceil(seconds / 60))
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    return f"{days}-{hours:02d}:{mins:02d}:00" if days else f"{hours:02d}:{mins:02d}:00"


def sbatch_options(job: JobSpec) -> list[str]:
    """The sbatch options of an attempt, in the order they appear in the script."""
    adir = job.attempt_dir
    opts = [
        f"--job-name={_q(job.job_name)}",
        f"--output={_q(_literal(adir + '/stdout'))}",
        f"--error={_q(_literal(adir + '/stderr'))}",
        "--open-mode=append",  # a requeued run adds to the logs; what the first run printed stays
        f"--chdir={_q(job.workdir)}",
    ]
    r = job.resources
    if r is not None:
        for key, option in OPTIONS:
            value = getattr(r, key)
            if value:
                opts.append(f"{option}={slurm_time(value) if key == 'time' else value}")
    if job.exclude_hosts:
        opts.append(f"--exclude={','.join(job.exclude_hosts)}")
    if r is not None:
        opts.extend(_q(a) for a in r.sbatch_args)  # quoted unless plain: a bare '#' starts a comment there
    return opts


def render(job: JobSpec, python: str) -> str:
    """The whole script: ``#SBATCH`` lines, then ``exec`` of the runner on the attempt folder."""
    lines = ["#!/bin/sh", f"# tianluo attempt {job.job_name}: the runner claims the folder, so it never runs twice."]
    lines += [f"#SBATCH {opt}" for opt in sbatch_options(job)]
    lines.append(runner_exec(python, job.attempt_dir))
    return "\n".join(lines) + "\n"
