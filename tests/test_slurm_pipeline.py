"""End to end on a real single-node Slurm: the CLI drives whole runs through sbatch/squeue/scancel.

Every test takes the ``slurm`` fixture (tests/conftest.py): the session's cluster of
scripts/slurm_cluster.py, controller up and node idle; ``SLURM_CONF`` points at it, so the
CLI subprocesses (and the Slurm commands the tests run themselves) talk to it. Specs say
``backend: slurm``; ``start`` resolves ``accounting: auto`` to jobcomp on this cluster.
"""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import (
    KILLING_SUBMIT,
    clean_env,
    cli,
    read_events,
    read_state,
    start_run,
    status_json,
    tick_until,
    wait_for,
    write_spec,
)

pytestmark = [pytest.mark.integration, pytest.mark.slurm]

PACE = 0.5  # between ticks: the cluster starts a job within 1-3 s
SLURM_TIMEOUT = 30  # every Slurm command the tests run themselves


# --- helpers ---------------------------------------------------------------------------------


def slurm_cmd(*args: str, check: bool = True) -> str:
    """A Slurm client command against the test cluster (SLURM_CONF is in os.environ); its stdout."""
    proc = subprocess.run(list(args), capture_output=True, text=True, timeout=SLURM_TIMEOUT, check=False)
    if check and proc.returncode != 0:
        raise AssertionError(f"{' '.join(args)} exited {proc.returncode}: {proc.stderr}")
    return proc.stdout


def squeue_ids(job_name: str) -> list[str]:
    """Every job id Slurm holds under ``job_name``, finished ones too."""
    return slurm_cmd("squeue", "-h", "-t", "all", f"--name={job_name}", "-o", "%i").split()


def job_field(job_id: str, fmt: str) -> str:
    """One squeue field (``%T`` state, ``%r`` reason...) of a job, finished ones too."""
    return slurm_cmd("squeue", "-h", "-t", "all", "-j", job_id, "-o", fmt).strip()


def run_spec(tmp_path: Path, text: str, *extra: str) -> tuple[Path, Path]:
    """Write the spec into tmp_path/proj and start it (first tick included unless --no-tick)."""
    project = tmp_path / "proj"
    spec = write_spec(project, text)
    return project, start_run(spec, tmp_path / "home", tmp_path, *extra)


def tick(run_dir: Path, cwd: Path, **kw) -> subprocess.CompletedProcess:
    return cli("tick", "--run", run_dir, cwd=cwd, check=True, **kw)


def tick_to(run_dir: Path, cwd: Path, phases=("complete",), timeout: float = 60.0) -> dict:
    return tick_until(run_dir, cwd, phases=phases, timeout=timeout, pace=PACE)


def tick_while(run_dir: Path, cwd: Path, predicate, timeout: float = 30.0, what: str = "condition"):
    """Tick until ``predicate(state)`` is truthy; return its value."""
    def step():
        tick(run_dir, cwd)
        value = predicate(read_state(run_dir))
        if not value:
            time.sleep(PACE)
        return value
    return wait_for(step, timeout=timeout, interval=0, what=what)


def stage_state(state: dict, entity: str, stage: str) -> dict:
    return state["entities"][entity]["stages"][stage]


def events(run_dir: Path, kind: str, entity: str | None = None) -> list[dict]:
    return [e for e in read_events(run_dir) if e["event"] == kind and (entity is None or e.get("entity") == entity)]


def attempt_path(run_dir: Path, entity: str, stage: str, n: int) -> Path:
    return Path(run_dir) / "attempts" / entity / stage / str(n)


def job_id_of(run_dir: Path, entity: str, stage: str, n: int = 1) -> str:
    """The Slurm job id the 'submitted' event of an attempt recorded."""
    found = [e for e in events(run_dir, "submitted", entity) if e["stage"] == stage and e["attempt"] == n]
    assert len(found) == 1, found
    return found[0]["job_id"]


def wait_job_state(job_id: str, states: tuple[str, ...], timeout: float = 30.0, interval: float = 0.2) -> str:
    return wait_for(lambda: (s := job_field(job_id, "%T")) in states and s, timeout=timeout, interval=interval,
                    what=f"job {job_id} to be {'/'.join(states)}")


def sbatch_lines(path: Path) -> dict[str, str]:
    """``#SBATCH --key=value`` lines of a batch script -> {key: value}."""
    out = {}
    for line in path.read_text().splitlines():
        m = re.match(r"#SBATCH (--[\w-]+)(?:=(.*))?$", line)
        if m:
            out[m.group(1)] = m.group(2)
    return out


# --- 1. the demo pipeline ---------------------------------------------------------------------


def test_the_demo_pipeline_runs_to_its_gate_on_slurm(slurm, demo, tmp_path):
    spec = demo / "tianluo.yaml"
    text = spec.read_text()
    assert "backend: local\n" in text
    spec.write_text(text.replace("backend: local\n", "backend: slurm\n"))
    run_dir = start_run(spec, tmp_path / "home", demo)
    assert read_state(run_dir)["plan"]["backend"]["accounting"] == "jobcomp"  # auto, resolved at start

    doc = tick_to(run_dir, demo, timeout=120)
    assert doc["gate"]["met"] is True
    stages = {(e, s): st for e, ent in doc["entities"].items() for s, st in ent["stages"].items()}
    assert len(stages) == 5
    assert all(st["status"] == "succeeded" for st in stages.values()), stages
    train = stages[("lr-1e-3", "train")]
    assert train["attempt"] == 2 and train["budget_used"] == {"transient": 1}
    failed = events(run_dir, "failed", "lr-1e-3")
    assert [(e["stage"], e["attempt"], e["fault"]) for e in failed] == \
        [("train", 1, {"class": "transient", "label": "connection_error"})], failed
    assert not events(run_dir, "failed", "lr-3e-4") and not events(run_dir, "failed", "summary")
    assert all(st["attempt"] == 1 for key, st in stages.items() if key != ("lr-1e-3", "train"))

    submitted = events(run_dir, "submitted")
    assert len(submitted) == 6  # five stages, one retry
    assert all(e["job_id"] and e["job_id"].isdigit() for e in submitted), submitted
    assert len({e["job_id"] for e in submitted}) == 6
    state = read_state(run_dir)
    for ev in submitted:
        attempt = stage_state(state, ev["entity"], ev["stage"])["attempts"][ev["attempt"] - 1]
        assert attempt["handle"]["job_id"] == ev["job_id"]
        adir = run_dir / attempt["dir"]
        opts = sbatch_lines(adir / "job.sbatch")
        assert opts["--job-name"] == attempt["job_name"] == ev["job_name"]
        assert opts["--output"] == str(adir.resolve() / "stdout")
        assert opts["--error"] == str(adir.resolve() / "stderr")
        record = json.loads((adir / "exit.json").read_text())
        assert record["job_id"] == ev["job_id"]
        assert (adir / "stdout").is_file()
        # Slurm knows the job under its attempt's name, and only that one job
        assert squeue_ids(attempt["job_name"]) == [ev["job_id"]]
    first = attempt_path(run_dir, "lr-1e-3", "train", 1)
    assert json.loads((first / "exit.json").read_text())["exit_code"] != 0
    assert "ConnectionResetError" in (first / "stderr").read_text()
    assert "step 12/12" in (attempt_path(run_dir, "lr-1e-3", "train", 2) / "stdout").read_text()
    assert json.loads((demo / "out/report.json").read_text())["accuracy"]["lr-3e-4"] >= 0.8


# --- 2. a failure classified from its log -----------------------------------------------------

MISSING_MODULE = """\
name: nomod
backend: slurm
entities:
  broken:
    stages:
      work:
        run: python3 -c "import nosuchmodule"
      after:
        needs: [work]
        run: "true"
ladder:
  config: {retries: 1, backoff: [0s]}
"""


def test_a_failing_job_is_classified_from_its_log_retried_then_held(slurm, tmp_path):
    _, run_dir = run_spec(tmp_path, MISSING_MODULE)
    doc = tick_to(run_dir, tmp_path, phases=("blocked",), timeout=60)
    work = doc["entities"]["broken"]["stages"]["work"]
    assert work["status"] == "held"
    assert work["attempt"] == 2  # config retries: 1
    assert work["budget_used"] == {"config": 1}
    assert work["fault"]["class"] == "config" and work["fault"]["label"] == "missing_module"
    assert work["fault"]["evidence"].startswith("stderr: ModuleNotFoundError: No module named 'nosuchmodule'")
    assert doc["entities"]["broken"]["stages"]["after"]["status"] == "blocked"

    failed = events(run_dir, "failed", "broken")
    assert [(e["attempt"], e["fault"]) for e in failed] == \
        [(1, {"class": "config", "label": "missing_module"}), (2, {"class": "config", "label": "missing_module"})]
    assert [e["attempt"] for e in events(run_dir, "held", "broken")] == [2]
    assert len(events(run_dir, "submitted", "broken")) == 2
    for n in (1, 2):
        record = json.loads((attempt_path(run_dir, "broken", "work", n) / "exit.json").read_text())
        assert record["exit_code"] == 1 and record["job_id"] == job_id_of(run_dir, "broken", "work", n)
        assert job_field(record["job_id"], "%T") == "FAILED"
    analysis = run_dir / "failures" / "broken__analysis.md"
    assert analysis.is_file()
    assert "missing_module" in analysis.read_text()
    assert "nosuchmodule" in analysis.read_text()


# --- 3. a hung job cancelled by tianluo and retried ------------------------------------------

HUNG = """\
name: hung
backend: slurm
cancel_grace: 2s
entities:
  stuck:
    stages:
      train:
        run: >-
          echo "step 1/2"; if [ "$TIANLUO_ATTEMPT" = 1 ]; then sleep 600; fi;
          echo "step 2/2"; touch done-{entity}.txt
        progress: {regex: 'step (?P<done>\\d+)/(?P<total>\\d+)', stall_after: 3s}
        done_when: {exists: 'done-{entity}.txt'}
ladder:
  transient: {retries: 2, backoff: [0s]}
"""


def test_a_hung_job_is_scancelled_by_tianluo_and_retried(slurm, tmp_path):
    project, run_dir = run_spec(tmp_path, HUNG)
    doc = tick_to(run_dir, tmp_path, timeout=60)
    train = doc["entities"]["stuck"]["stages"]["train"]
    assert train["status"] == "succeeded" and train["attempt"] == 2
    assert train["budget_used"] == {"transient": 1}

    first = job_id_of(run_dir, "stuck", "train", 1)
    hung = events(run_dir, "hung", "stuck")
    assert [(e["attempt"], e["fault"]) for e in hung] == [(1, {"class": "transient", "label": "hang"})]
    cancelled = events(run_dir, "cancelled", "stuck")
    assert cancelled and cancelled[0]["signal"] == "TERM" and cancelled[0]["pids"] == [first]
    assert all(e["attempt"] == 1 and e["pids"] == [first] for e in cancelled)
    assert job_field(first, "%T") == "CANCELLED"  # Slurm's word; tianluo knows it asked for it
    failed = events(run_dir, "failed", "stuck")
    assert [(e["attempt"], e["fault"]) for e in failed] == [(1, {"class": "transient", "label": "hang"})]
    assert not any("cancelled_outside" in json.dumps(e) for e in read_events(run_dir))
    assert not events(run_dir, "held")
    assert not events(run_dir, "cancel_failed"), events(run_dir, "cancel_failed")
    assert (project / "done-stuck.txt").exists()
    assert job_field(job_id_of(run_dir, "stuck", "train", 2), "%T") == "COMPLETED"


# --- 4. a job cancelled behind tianluo's back ------------------------------------------------

LONG = """\
name: outside
backend: slurm
entities:
  victim:
    stages:
      work:
        run: echo "ran $TIANLUO_ATTEMPT" >> counter.txt; sleep 600
ladder:
  unknown: {retries: 3, backoff: [0s]}
  transient: {retries: 3, backoff: [0s]}
"""


def test_a_job_scancelled_outside_tianluo_is_held_not_retried(slurm, tmp_path):
    project, run_dir = run_spec(tmp_path, LONG)
    job_id = job_id_of(run_dir, "victim", "work")
    wait_job_state(job_id, ("RUNNING",))
    tick_while(run_dir, tmp_path, lambda s: stage_state(s, "victim", "work")["status"] == "running",
               what="the stage to be running")
    # RUNNING in the queue comes before slurmd has started the batch script: wait for its
    # first line, so the count below is of a script that did run
    wait_for(lambda: (project / "counter.txt").exists(), timeout=30, what="the script's first line")
    slurm_cmd("scancel", job_id)
    wait_job_state(job_id, ("CANCELLED",))

    doc = tick_to(run_dir, tmp_path, phases=("blocked",), timeout=30)
    work = doc["entities"]["victim"]["stages"]["work"]
    assert work["status"] == "held" and work["attempt"] == 1
    assert work["fault"]["label"] == "cancelled_outside"
    assert "CANCELLED" in work["fault"]["evidence"]
    assert [(e["attempt"], e["fault"]["label"]) for e in events(run_dir, "failed")] == [(1, "cancelled_outside")]
    assert len(events(run_dir, "submitted")) == 1
    assert not events(run_dir, "cancelled")  # tianluo never sent anything
    for _ in range(2):  # and later ticks leave it held
        tick(run_dir, tmp_path)
    assert read_state(run_dir)["total_attempts"] == 1
    assert not attempt_path(run_dir, "victim", "work", 2).exists()
    assert (project / "counter.txt").read_text() == "ran 1\n"
    assert (run_dir / "failures" / "victim__analysis.md").is_file()


# --- 5. a tick killed between sbatch and recording the job id ---------------------------------

ADOPT = """\
name: adopt
backend: slurm
entities:
  solo:
    stages:
      work:
        run: echo "ran $TIANLUO_ATTEMPT" >> counter.txt; sleep 2; echo done > done.txt
        done_when: {exists: done.txt}
"""

#: An sbatch first on PATH: the real one, then SIGKILL for the tick that ran it (its parent),
#: before the tick can record the job id it printed.
KILLING_SBATCH = KILLING_SUBMIT


def test_a_tick_killed_right_after_sbatch_is_adopted_not_resubmitted(slurm, tmp_path):
    project, run_dir = run_spec(tmp_path, ADOPT, "--no-tick")
    assert read_state(run_dir)["total_attempts"] == 0
    bindir = tmp_path / "bin"
    bindir.mkdir()
    record = tmp_path / "sbatch.out"
    wrapper = bindir / "sbatch"
    wrapper.write_text(KILLING_SBATCH.format(real=shutil.which("sbatch"), record=record))
    wrapper.chmod(0o755)

    proc = subprocess.run([sys.executable, "-m", "tianluo", "tick", "--run", str(run_dir)], cwd=tmp_path,
                          env=clean_env(PATH=f"{bindir}{os.pathsep}{os.environ['PATH']}"),
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == -signal.SIGKILL, (proc.stdout, proc.stderr)
    job_id = record.read_text().strip().split(";")[0]
    assert job_id.isdigit()

    # the intent is on disk, the job id never made it
    state = read_state(run_dir)
    work = stage_state(state, "solo", "work")
    assert work["status"] == "submitted" and len(work["attempts"]) == 1
    intent = work["attempts"][0]
    assert intent["handle"] is None and intent["submitted_at"] is None
    assert [e["event"] for e in read_events(run_dir)] == ["run_created", "submit_intent"]
    assert squeue_ids(intent["job_name"]) == [job_id]

    out = tick(run_dir, tmp_path)
    assert "adopted" in out.stdout
    adopted = events(run_dir, "adopted")
    assert [(e["attempt"], e["job_id"]) for e in adopted] == [(1, job_id)]
    work = stage_state(read_state(run_dir), "solo", "work")
    assert work["attempts"][0]["adopted"] is True and work["attempts"][0]["handle"]["job_id"] == job_id
    assert squeue_ids(intent["job_name"]) == [job_id]  # nothing was submitted again

    doc = tick_to(run_dir, tmp_path, timeout=30)
    assert doc["total_attempts"] == 1
    assert doc["entities"]["solo"]["stages"]["work"]["attempt"] == 1
    assert not any(e["event"] in ("relaunch", "submitted") for e in read_events(run_dir))
    assert squeue_ids(intent["job_name"]) == [job_id]
    assert (project / "counter.txt").read_text() == "ran 1\n"
    assert json.loads((attempt_path(run_dir, "solo", "work", 1) / "exit.json").read_text())["job_id"] == job_id


# --- 6. the controller goes away mid-run ------------------------------------------------------

SLOW = """\
name: ctld
backend: slurm
entities:
  slow:
    stages:
      work:
        run: echo "ran $TIANLUO_ATTEMPT" >> counter.txt; sleep 10; echo done > done.txt
        done_when: {exists: done.txt}
"""


def test_a_stopped_controller_makes_ticks_wait_not_fail(slurm, tmp_path):
    project, run_dir = run_spec(tmp_path, SLOW)
    job_id = job_id_of(run_dir, "slow", "work")
    wait_job_state(job_id, ("RUNNING",))
    tick_while(run_dir, tmp_path, lambda s: stage_state(s, "slow", "work")["status"] == "running",
               what="the stage to be running")
    seen = len(read_events(run_dir))

    slurm.stop_ctld()
    try:
        t0 = time.monotonic()
        out = tick(run_dir, tmp_path, timeout=25)
        took = time.monotonic() - t0
        assert took < 15, f"a tick against a dead controller took {took:.1f}s"
        assert out.returncode == 0
        state = read_state(run_dir)
        work = stage_state(state, "slow", "work")
        assert work["status"] == "running" and work["attempt"] == 1
        assert work["diagnosis"]["verdict"].startswith("scheduler unreachable"), work["diagnosis"]
        assert state["phase"] == "running"
        text = cli("status", "--run", run_dir, cwd=tmp_path, check=True).stdout
        assert re.search(r"^slow +work +running +1 +scheduler unreachable", text, re.MULTILINE), text
        later = read_events(run_dir)[seen:]
        assert any(e["event"] == "diagnosed" and e["verdict"].startswith("scheduler unreachable") for e in later)
        assert not [e for e in later if e["event"] in ("failed", "relaunch", "submitted", "cancelled")], later
    finally:
        slurm.start_ctld()

    doc = tick_to(run_dir, tmp_path, timeout=60)
    assert doc["total_attempts"] == 1
    assert doc["entities"]["slow"]["stages"]["work"]["attempt"] == 1
    after = read_events(run_dir)[seen:]
    assert not [e for e in after if e["event"] in ("failed", "relaunch", "submitted", "cancelled")], after
    assert (project / "counter.txt").read_text() == "ran 1\n"
    assert squeue_ids(stage_state(read_state(run_dir), "slow", "work")["attempts"][0]["job_name"]) == [job_id]


# --- 7. hold and release of a job still pending in the queue ----------------------------------

PENDING = """\
name: pend
backend: slurm
entities:
  later:
    stages:
      work:
        run: "true"
        resources: {sbatch_args: ["--begin=now+1hour"]}
  other:
    stages:
      work: {run: "true"}
"""


def test_hold_and_release_hold_the_pending_slurm_job_in_the_queue(slurm, tmp_path):
    _, run_dir = run_spec(tmp_path, PENDING)
    job_id = job_id_of(run_dir, "later", "work")
    assert wait_job_state(job_id, ("PENDING",)) == "PENDING"
    wait_for(lambda: job_field(job_id, "%r") == "BeginTime", what=f"job {job_id} to wait for its BeginTime")
    tick(run_dir, tmp_path)

    work = stage_state(read_state(run_dir), "later", "work")
    assert work["status"] == "submitted"
    assert re.match(r"queued \d+s: BeginTime$", work["diagnosis"]["verdict"]), work["diagnosis"]
    diag = json.loads(cli("diagnose", "later", "--run", run_dir, "--json", cwd=tmp_path, check=True).stdout)
    verdict = diag["stages"]["work"]["diagnosis"]["verdict"]
    assert re.match(r"queued \d+s: BeginTime$", verdict), diag
    text = cli("diagnose", "later", "--run", run_dir, cwd=tmp_path, check=True).stdout
    assert re.search(rf"queued \d+s: BeginTime.*\n.*job {job_id} \(PENDING\)", text), text
    st = status_json(run_dir, tmp_path)["entities"]["later"]["stages"]["work"]
    assert st["job_id"] == job_id and re.match(r"queued \d+s: BeginTime$", st["verdict"]), st
    text = cli("status", "--run", run_dir, cwd=tmp_path, check=True).stdout
    assert re.search(r"^later +work +submitted +1 +queued \d+s: BeginTime$", text, re.MULTILINE), text

    held = cli("hold", "later", "--run", run_dir, "--reason", "looking at it", cwd=tmp_path, check=True)
    assert f"scontrol hold {job_id}" in held.stdout + held.stderr
    assert job_field(job_id, "%T") == "PENDING"
    assert job_field(job_id, "%r") in ("JobHeldAdmin", "JobHeldUser")
    qh = events(run_dir, "queue_hold")
    assert [(e["entity"], e["stage"], e["attempt"]) for e in qh] == [("later", "work", 1)]
    assert job_id in qh[0]["message"]
    tick(run_dir, tmp_path)  # a tick sees the held job queued, and lets it be
    work = stage_state(read_state(run_dir), "later", "work")
    assert work["status"] == "submitted" and work["attempt"] == 1
    assert "JobHeld" in work["diagnosis"]["verdict"] and "will not start it by itself" in work["diagnosis"]["verdict"]

    cli("release", "later", "--run", run_dir, cwd=tmp_path, check=True)
    reason = job_field(job_id, "%r")
    assert not reason.startswith("JobHeld"), reason
    assert job_field(job_id, "%T") == "PENDING"
    qr = events(run_dir, "queue_release")
    assert [(e["entity"], e["stage"], e["attempt"]) for e in qr] == [("later", "work", 1)]
    assert job_id in qr[0]["message"]
    # 'other' waited behind the held job's priority: it runs once Slurm's next scheduling pass
    # gets to it (a tick takes well under a second now, so it may still be queued after one)
    tick_while(run_dir, tmp_path, lambda s: stage_state(s, "other", "work")["status"] == "succeeded",
               what="'other' to run and succeed")
    state = read_state(run_dir)
    assert stage_state(state, "later", "work")["status"] == "submitted"
    assert state["total_attempts"] == 2  # 'other' ran; nothing was resubmitted


# --- 8. a job Slurm ends at its time limit ---------------------------------------------------

TIMEOUT = """\
name: tlimit
backend: slurm
entities:
  slowpoke:
    stages:
      work:
        run: sleep 600
        resources: {time: 1m}
ladder:
  config: {retries: 0}
"""


def test_a_job_past_its_time_limit_is_a_config_fault(slurm, tmp_path):
    _, run_dir = run_spec(tmp_path, TIMEOUT)
    job_id = job_id_of(run_dir, "slowpoke", "work")
    assert sbatch_lines(attempt_path(run_dir, "slowpoke", "work", 1) / "job.sbatch")["--time"] == "00:01:00"
    tick_while(run_dir, tmp_path, lambda s: stage_state(s, "slowpoke", "work")["status"] == "running",
               what="the stage to be running")
    # Slurm checks time limits every 30 s: the job ends 60-90 s after it started
    wait_job_state(job_id, ("TIMEOUT",), timeout=150, interval=1.0)
    doc = tick_to(run_dir, tmp_path, phases=("blocked",), timeout=30)
    work = doc["entities"]["slowpoke"]["stages"]["work"]
    assert work["status"] == "held" and work["attempt"] == 1
    assert work["fault"]["class"] == "config" and work["fault"]["label"] == "time_limit"
    assert "TIMEOUT" in work["fault"]["evidence"] or "DUE TO TIME LIMIT" in work["fault"]["evidence"], work["fault"]
    assert job_field(job_id, "%T") == "TIMEOUT"
    assert [(e["attempt"], e["fault"]) for e in events(run_dir, "failed")] == \
        [(1, {"class": "config", "label": "time_limit"})]
    assert not events(run_dir, "cancelled")


# --- 9. the cluster recorded at start -----------------------------------------------------------

QUICK = """\
name: quick
backend: slurm
entities:
  one:
    stages:
      work:
        run: echo done > out.txt
        done_when: {exists: out.txt}
"""


def test_ticks_reach_the_cluster_recorded_at_start_whatever_their_environment(slurm, tmp_path):
    """cron and systemd tick with a bare environment: the SLURM_CONF of `start` is in state, and used."""
    project, run_dir = run_spec(tmp_path, QUICK, "--no-tick")
    options = read_state(run_dir)["plan"]["backend"]
    assert options["kind"] == "slurm"
    assert options["conf"] == str(Path(os.environ["SLURM_CONF"]).resolve())
    assert options["accounting"] == "jobcomp"  # auto, resolved by asking this cluster
    bare = {k: v for k, v in clean_env().items() if k != "SLURM_CONF"}
    deadline = time.monotonic() + 60
    while status_json(run_dir, tmp_path)["phase"] != "complete":
        assert time.monotonic() < deadline, status_json(run_dir, tmp_path)
        cli("tick", "--run", run_dir, cwd=tmp_path, env=bare, check=True)
        time.sleep(PACE)
    assert (project / "out.txt").read_text() == "done\n"
    assert not events(run_dir, "launch_failed")


def test_plan_diff_neither_asks_slurm_nor_calls_what_start_resolved_a_change(slurm, tmp_path):
    project, run_dir = run_spec(tmp_path, QUICK, "--no-tick")
    # Slurm's clients first on PATH as shims that leave a mark: any call of one is seen, however fast
    shims, marks = tmp_path / "shims", tmp_path / "asked"
    shims.mkdir()
    for tool in ("sbatch", "squeue", "scancel", "scontrol", "sacct", "sacctmgr", "sinfo", "srun"):
        (shims / tool).write_text(f'#!/bin/sh\necho "{tool} $*" >> "{marks}"\nexit 1\n')
        (shims / tool).chmod(0o755)
    env = clean_env(PATH=f"{shims}{os.pathsep}{os.environ.get('PATH', '')}")
    slurm.stop_ctld()
    try:
        proc = cli("plan", project / "tianluo.yaml", "--home", tmp_path / "home", "--diff", cwd=tmp_path, env=env)
        assert proc.returncode == 0, proc.stderr
        assert not marks.exists(), marks.read_text()  # Slurm was not asked
        shown = proc.stdout.replace(str(tmp_path), "<tmp>")  # a --basetemp may hold the word
        assert "slurm" not in shown, proc.stdout  # auto -> jobcomp and the recorded conf are no change
    finally:
        slurm.start_ctld()
