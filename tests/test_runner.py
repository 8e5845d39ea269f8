"""Integration tests of the runner wrapper, ``python -m tianluo.runner ATTEMPT_DIR``, run for real."""

import json
import os
import signal
import socket
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
from conftest import clean_env, kill_tree, wait_for

from tianluo.runner import EXIT_ALREADY_CLAIMED

pytestmark = pytest.mark.integration

STARTED_KEYS = {"job_name", "runner_pid", "runner_create_time", "pgid", "host", "started_at", "job_id",
                "restarts", "port", "job_pid"}  # job_pid: written again once the command started
EXIT_KEYS = {"job_name", "exit_code", "signal", "signal_name", "forwarded_signals", "host", "job_pid",
             "runner_pid", "started_at", "ended_at", "duration_s", "error", "job_id", "restarts", "port"}


def make_attempt(tmp_path: Path, command: str, name: str = "tl-test-job-1", workdir: Path | None = None,
                 env: dict | None = None) -> Path:
    adir = tmp_path / "attempts" / name
    adir.mkdir(parents=True)
    workdir = workdir or tmp_path / "work"
    workdir.mkdir(exist_ok=True)
    (adir / "job.json").write_text(json.dumps({
        "job_name": name, "command": command, "workdir": str(workdir),
        "env": {"TIANLUO_JOB": name, **(env or {})},
    }))
    return adir


def launch(adir: Path, **kw) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "tianluo.runner", str(adir)], cwd=adir, env=clean_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, **kw)


def finish(proc: subprocess.Popen, timeout: float = 30) -> tuple[str, str]:
    try:
        return proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            kill_tree(proc.pid)
            proc.communicate()


def iso(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def test_runner_records_start_and_exit_beside_stdout_and_stderr(tmp_path):
    adir = make_attempt(tmp_path, "echo to-out; echo to-err >&2; pwd > where.txt; "
                                  "echo \"$MY_VAR\" > var.txt; exit 4", env={"MY_VAR": "hello world"})
    proc = launch(adir)
    finish(proc)
    assert proc.returncode == 4

    started = json.loads((adir / "started.json").read_text())
    record = json.loads((adir / "exit.json").read_text())
    assert set(started) == STARTED_KEYS
    assert set(record) == EXIT_KEYS
    assert started["job_name"] == record["job_name"] == "tl-test-job-1"
    assert started["runner_pid"] == record["runner_pid"] == proc.pid
    assert started["job_pid"] == record["job_pid"] != proc.pid  # the command's own pid, beside the runner's
    assert started["pgid"] == proc.pid  # the runner leads its own process group
    assert started["host"] == record["host"] == socket.gethostname()
    assert record["exit_code"] == 4
    assert record["signal"] is None and record["signal_name"] is None
    assert record["error"] is None
    assert record["started_at"] == started["started_at"]
    assert iso(record["started_at"]) <= iso(record["ended_at"])
    assert record["duration_s"] >= 0
    assert (adir / "stdout").read_text() == "to-out\n"
    assert (adir / "stderr").read_text() == "to-err\n"
    work = tmp_path / "work"
    assert (work / "where.txt").read_text().strip() == str(work)
    assert (work / "var.txt").read_text().strip() == "hello world"
    assert not list(adir.glob(".*tmp-*"))


def test_runner_records_the_signal_that_killed_the_job(tmp_path):
    adir = make_attempt(tmp_path, "kill -KILL $$")
    proc = launch(adir)
    finish(proc)
    record = json.loads((adir / "exit.json").read_text())
    assert record["signal"] == signal.SIGKILL
    assert record["signal_name"] == "SIGKILL"
    assert record["exit_code"] is None
    assert proc.returncode == 128 + signal.SIGKILL


def test_runner_forwards_sigterm_to_the_job(tmp_path):
    adir = make_attempt(tmp_path, "echo up; exec sleep 30")
    proc = launch(adir)
    try:
        wait_for(lambda: (adir / "stdout").exists() and "up" in (adir / "stdout").read_text(),
                 what="the job to start")
        os.kill(proc.pid, signal.SIGTERM)  # only the runner, not its group
        finish(proc)
    finally:
        kill_tree(proc.pid)
    record = json.loads((adir / "exit.json").read_text())
    assert record["forwarded_signals"] == ["SIGTERM"]
    assert record["signal"] == signal.SIGTERM
    assert record["duration_s"] < 25


STOP_WHILE_CLAIMING = """
import os, signal, sys
from pathlib import Path
import tianluo.runner as runner
reserve = runner._reserve
def reserve_then_term(attempt_dir):  # a scancel sent the instant started.json appeared
    os.kill(os.getpid(), signal.SIGTERM)
    reserve(attempt_dir)
runner._reserve = reserve_then_term
sys.exit(runner.run(Path(sys.argv[1])))
"""


def test_a_signal_while_the_runner_claims_the_attempt_is_recorded_and_the_command_never_starts(tmp_path):
    adir = make_attempt(tmp_path, "touch ran; exec sleep 30")
    proc = subprocess.Popen([sys.executable, "-c", STOP_WHILE_CLAIMING, str(adir)], cwd=adir, env=clean_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    finish(proc)
    assert proc.returncode == 128 + signal.SIGTERM
    assert (adir / "started.json").exists()
    record = json.loads((adir / "exit.json").read_text())
    assert set(record) == EXIT_KEYS
    assert (record["signal"], record["signal_name"], record["exit_code"]) == (signal.SIGTERM, "SIGTERM", None)
    assert record["forwarded_signals"] == ["SIGTERM"] and record["job_pid"] is None
    assert record["error"] == "stopped by SIGTERM before the command started"
    assert "stopped by SIGTERM" in (adir / "stderr").read_text()
    assert not (tmp_path / "work" / "ran").exists()


def test_a_second_runner_on_the_same_attempt_refuses(tmp_path):
    counter = tmp_path / "work" / "counter"
    adir = make_attempt(tmp_path, f"echo ran >> {counter}; sleep 1")
    first = launch(adir)
    try:
        wait_for(lambda: (adir / "started.json").exists() and b'"job_pid"' in (adir / "started.json").read_bytes(),
                 what="started.json, with the job's pid")  # written twice: as claimed, then once the job runs
        started = (adir / "started.json").read_bytes()
        second = launch(adir)
        _, err = finish(second)
        assert second.returncode == EXIT_ALREADY_CLAIMED == 75
        assert "already claimed" in err
        assert (adir / "started.json").read_bytes() == started
        finish(first)
    finally:
        kill_tree(first.pid)
    assert first.returncode == 0
    exit_before = (adir / "exit.json").read_bytes()
    # even after the attempt ended, it is never run again
    again = launch(adir)
    finish(again)
    assert again.returncode == 75
    assert counter.read_text() == "ran\n"
    assert (adir / "exit.json").read_bytes() == exit_before


def test_racing_runners_run_the_attempt_exactly_once(tmp_path):
    counter = tmp_path / "work" / "counter"
    adir = make_attempt(tmp_path, f"echo ran >> {counter}")
    procs = [launch(adir) for _ in range(3)]
    for p in procs:
        finish(p)
    codes = sorted(p.returncode for p in procs)
    assert codes == [0, 75, 75]
    assert counter.read_text() == "ran\n"
    winner = next(p for p in procs if p.returncode == 0)
    assert json.loads((adir / "started.json").read_text())["runner_pid"] == winner.pid


def test_a_command_that_cannot_start_is_recorded(tmp_path):
    adir = make_attempt(tmp_path, "true", workdir=tmp_path / "work")
    (tmp_path / "work").rmdir()  # the workdir is gone
    proc = launch(adir)
    finish(proc)
    record = json.loads((adir / "exit.json").read_text())
    assert record["exit_code"] == 127
    assert "could not start the command" in record["error"]
    assert "could not start the command" in (adir / "stderr").read_text()
    assert record["job_pid"] is None


def test_runner_usage_error(tmp_path):
    out = subprocess.run([sys.executable, "-m", "tianluo.runner"], capture_output=True, text=True,
                         timeout=30, cwd=tmp_path, env=clean_env())
    assert out.returncode == 2
    assert "usage" in out.stderr


@pytest.mark.parametrize("env", [{"A\u0000": "x"}, {"A": "x\u0000y"}, {"A=B": "x"}])
def test_a_job_json_whose_environment_cannot_be_passed_is_recorded_not_a_crash(tmp_path, env):
    """A NUL or '=' in job.json's environment makes the command impossible to start: the runner
    records that in exit.json (the attempt failed), it does not die leaving a 'lost' attempt."""
    adir = make_attempt(tmp_path, "true")
    job = json.loads((adir / "job.json").read_text())
    job["env"] = env
    (adir / "job.json").write_text(json.dumps(job))
    proc = launch(adir)
    _out, err = finish(proc)
    assert "Traceback" not in err, err
    record = json.loads((adir / "exit.json").read_text())
    assert record["exit_code"] == 127 and "could not start the command" in record["error"]


def _started_with(tmp_path: Path, name: str, scheduler_env, environ: dict) -> tuple[subprocess.CompletedProcess, Path]:
    adir = make_attempt(tmp_path, "true", name=name)
    if scheduler_env is not None:
        job = json.loads((adir / "job.json").read_text())
        job["scheduler_env"] = scheduler_env
        (adir / "job.json").write_text(json.dumps(job))
    proc = subprocess.run([sys.executable, "-m", "tianluo.runner", str(adir)], cwd=adir, env=clean_env(**environ),
                          capture_output=True, text=True, timeout=60)
    return proc, adir


@pytest.mark.parametrize("scheduler_env, environ, job_id, restarts", [
    ({}, {"SLURM_JOB_ID": "5", "SLURM_RESTART_COUNT": "2"}, None, 0),  # local: an enclosing allocation is not it
    ({"job_id": "SLURM_JOB_ID", "restarts": "SLURM_RESTART_COUNT"}, {"SLURM_JOB_ID": "5", "SLURM_RESTART_COUNT": "2"},
     "5", 2),
    ({"job_id": "PBS_JOBID"}, {"PBS_JOBID": "77.pbs-server", "SLURM_JOB_ID": "5"}, "77.pbs-server", 0),
    (None, {"SLURM_JOB_ID": "5"}, "5", 0),  # a job.json of an older tianluo meant Slurm's variables
])
def test_the_scheduler_id_is_read_from_the_variables_job_json_names(tmp_path, scheduler_env, environ, job_id, restarts):
    proc, adir = _started_with(tmp_path, "tl-sched-1", scheduler_env, environ)
    assert proc.returncode == 0, proc.stderr
    started = json.loads((adir / "started.json").read_text())
    assert (started["job_id"], started["restarts"]) == (job_id, restarts)


@pytest.mark.parametrize("bad", [{"job_id": "X; rm -rf /"}, {"job_id": 7}, {"other": "SLURM_JOB_ID"}, ["SLURM_JOB_ID"]])
def test_a_bad_scheduler_env_in_job_json_is_one_line_and_runs_nothing(tmp_path, bad):
    proc, adir = _started_with(tmp_path, "tl-sched-2", bad, {})
    assert proc.returncode == 2 and "scheduler_env must map job_id and restarts to variable names" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and not (adir / "started.json").exists()


@pytest.mark.parametrize("keys", [("job_id", "restarts"), ("slurm_job_id", "slurm_restart")],
                         ids=["neutral", "before-neutral-names"])
def test_a_requeued_job_runs_again_whatever_names_its_first_claim_used(tmp_path, keys):
    """A claim a runner of an older tianluo wrote (slurm_job_id, slurm_restart) still tells a requeue of the same job
    from a second copy; a new claim says job_id and restarts, never a scheduler's name."""
    counter = tmp_path / "work" / "counter"
    adir = make_attempt(tmp_path, f"echo ran >> {counter}", name="tl-requeue-1")
    job = json.loads((adir / "job.json").read_text())
    job["scheduler_env"] = {"job_id": "TINYQ_JOB_ID", "restarts": "TINYQ_RESTARTS"}
    (adir / "job.json").write_text(json.dumps(job))
    (adir / "started.json").write_text(json.dumps({"job_name": "tl-requeue-1", "runner_pid": 4242,
                                                   keys[0]: "31", keys[1]: 0}))

    def run(job_id: str, restarts: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "tianluo.runner", str(adir)], cwd=adir, capture_output=True,
                              env=clean_env(TINYQ_JOB_ID=job_id, TINYQ_RESTARTS=restarts), text=True, timeout=60)

    assert run("32", "1").returncode == EXIT_ALREADY_CLAIMED  # another job: a second copy stands down
    assert run("31", "0").returncode == EXIT_ALREADY_CLAIMED  # the same run of the same job: not a requeue
    assert run("31", "1").returncode == 0  # the same job, requeued: it runs the attempt again
    assert counter.read_text() == "ran\n"
    started = json.loads((adir / "started.json").read_text())
    assert (started["job_id"], started["restarts"]) == ("31", 1) and "slurm_job_id" not in started
    record = json.loads((adir / "exit.json").read_text())
    assert (record["job_id"], record["restarts"]) == ("31", 1) and not any("slurm" in k for k in record)
