"""End to end on a real single-node Grid Engine: the CLI drives whole runs through the sge preset.

Every test takes the ``sge`` fixture (tests/conftest.py): the session's cluster of
scripts/sge_cluster.py, qmaster and execd up, all.q taking jobs; SGE_ROOT, SGE_CELL and the
ports point at it, so the CLI subprocesses (and the commands the tests run themselves) talk to
it. Specs say ``backend: {kind: command, preset: sge}`` and nothing else about the scheduler.

Each tick runs with a ``qstat`` first on PATH that logs its arguments and runs the real one:
a tick asks ``qstat`` once for every job (``find`` aside, which only adoption asks).
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from backend_harness import sge_jobs
from conftest import KILLING_SUBMIT, clean_env, cli, read_events, read_state, start_run, wait_for, write_spec

pytestmark = [pytest.mark.integration, pytest.mark.sge]

PACE = 0.5  # between ticks: the cluster schedules every second
SGE_TIMEOUT = 30

#: qstat first on PATH: log the call (one line a call), then the real qstat.
COUNTING_QSTAT = """\
#!/bin/sh
echo "qstat $*" >> {log}
exec {real} "$@"
"""


SPEC_HEAD = """\
name: {name}
backend: {{kind: command, preset: sge, timeout: 20s}}
"""


class Ticks:
    """A run's ticks through the CLI, each with the counting qstat; the calls of each tick."""

    def __init__(self, tmp_path: Path, run_dir: Path):
        self.tmp_path, self.run_dir = tmp_path, run_dir
        self.bindir = tmp_path / "bin"
        self.bindir.mkdir(exist_ok=True)
        self.log = tmp_path / "qstat.log"
        wrapper = self.bindir / "qstat"
        wrapper.write_text(COUNTING_QSTAT.format(log=self.log, real=shutil.which("qstat")))
        wrapper.chmod(0o755)
        self.per_tick: list[list[str]] = []

    def env(self) -> dict:
        return clean_env(PATH=f"{self.bindir}{os.pathsep}{os.environ['PATH']}")

    def tick(self, timeout: float = 60) -> subprocess.CompletedProcess:
        before = self.calls()
        proc = cli("tick", "--run", self.run_dir, cwd=self.tmp_path, env=self.env(), check=True, timeout=timeout)
        self.per_tick.append(self.calls()[len(before):])
        return proc

    def calls(self) -> list[str]:
        return self.log.read_text().splitlines() if self.log.exists() else []

    def until(self, predicate, timeout: float = 60, what: str = "condition"):
        def step():
            self.tick()
            value = predicate(read_state(self.run_dir))
            if not value:
                time.sleep(PACE)
            return value
        return wait_for(step, timeout=timeout, interval=0, what=what)

    def statuses(self) -> list[int]:
        """How many status calls (``qstat -f``) each tick made."""
        return [sum(c.startswith("qstat -f") for c in calls) for calls in self.per_tick]


def run_spec(tmp_path: Path, name: str, body: str, *extra: str) -> tuple[Path, Path]:
    project = tmp_path / "proj"
    spec = write_spec(project, SPEC_HEAD.format(name=name) + body)
    return project, start_run(spec, tmp_path / "home", tmp_path, "--no-tick", *extra)


def stage(state: dict, entity: str, name: str = "work") -> dict:
    return state["entities"][entity]["stages"][name]


def events(run_dir: Path, kind: str) -> list[dict]:
    return [e for e in read_events(run_dir) if e["event"] == kind]


def qcmd(*args: str, check: bool = True) -> str:
    proc = subprocess.run(list(args), capture_output=True, text=True, timeout=SGE_TIMEOUT, check=False)
    if check and proc.returncode != 0:
        raise AssertionError(f"{' '.join(args)} exited {proc.returncode}: {proc.stderr}")
    return proc.stdout


def live_jobs(cluster) -> list[str]:
    """The ids Grid Engine still has queued or running (finished ones aside)."""
    import xml.etree.ElementTree as ET

    out = qcmd("qstat", "-xml")
    return [j.findtext("JB_job_number") or "" for j in ET.fromstring(out).iter("job_list")]


# --- 1. a pipeline completes, one qstat a tick ------------------------------------------------

PIPELINE = """\
entities:
  a:
    stages:
      prep:
        run: echo "prep $TIANLUO_ATTEMPT" >> log.txt; echo ok > prep.txt
        done_when: {exists: prep.txt}
      train:
        needs: [prep]
        run: >-
          test -f flaky.done || { touch flaky.done; echo "ConnectionResetError: peer" >&2; exit 1; };
          echo trained > train.txt
        done_when: {exists: train.txt}
  b:
    stages:
      prep:
        run: echo "b $TIANLUO_ATTEMPT" >> log.txt; echo ok > b.txt
        done_when: {exists: b.txt}
ladder:
  transient: {retries: 2, backoff: [0s]}
"""


def test_a_pipeline_completes_on_grid_engine_with_one_qstat_a_tick(sge, tmp_path):
    project, run_dir = run_spec(tmp_path, "pipe", PIPELINE)
    plan = read_state(run_dir)["plan"]["backend"]
    assert plan["preset"] == "sge" and plan["folder"] == str(project.resolve())  # templates run in the spec's folder
    ticks = Ticks(tmp_path, run_dir)
    ticks.until(lambda s: s["phase"] == "complete", timeout=120, what="the run to complete")

    state = read_state(run_dir)
    assert stage(state, "a", "train")["attempt"] == 2  # the transient failure was retried
    assert all(st["status"] == "succeeded" for e in state["entities"].values() for st in e["stages"].values())
    assert max(ticks.statuses()) == 1, ticks.per_tick  # never more than one status call a tick
    assert all(len(calls) <= 1 for calls in ticks.per_tick), ticks.per_tick  # no find: nothing to adopt
    submitted = events(run_dir, "submitted")
    assert len(submitted) == 4 and all(e["job_id"].isdigit() for e in submitted), submitted
    for ev in submitted:
        assert sge_jobs(sge, ev["job_name"]) == [ev["job_id"]]  # one job a name, whole (not cut to 10)
        adir = run_dir / "attempts" / ev["entity"] / ev["stage"] / str(ev["attempt"])
        assert (adir / "job_id.seen").read_text().strip() == ev["job_id"]  # the job read $JOB_ID
    assert (project / "log.txt").read_text().count("prep 1") == 1


# --- 2. a tick killed between qsub and its record ---------------------------------------------

def counted(entity: str, seconds: int) -> str:
    """One stage that counts its runs in counter.txt, takes ``seconds``, then leaves done.txt."""
    return f"""\
entities:
  {entity}:
    stages:
      work:
        run: echo "ran $TIANLUO_ATTEMPT" >> counter.txt; sleep {seconds}; echo done > done.txt
        done_when: {{exists: done.txt}}
"""


def test_a_tick_killed_right_after_qsub_never_runs_the_command_twice(sge, tmp_path):
    project, run_dir = run_spec(tmp_path, "adopt", counted("solo", 3))
    ticks = Ticks(tmp_path, run_dir)
    record = tmp_path / "qsub.out"
    wrapper = ticks.bindir / "qsub"
    wrapper.write_text(KILLING_SUBMIT.format(real=shutil.which("qsub"), record=record))
    wrapper.chmod(0o755)

    proc = subprocess.run([sys.executable, "-m", "tianluo", "tick", "--run", str(run_dir)], cwd=tmp_path,
                          env=ticks.env(), capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == -signal.SIGKILL, (proc.stdout, proc.stderr)
    wrapper.unlink()
    job_id = record.read_text().strip()
    assert job_id.isdigit()
    work = stage(read_state(run_dir), "solo")
    assert work["attempts"][0]["handle"] is None  # the intent is on disk, the id never made it

    out = ticks.tick()
    assert "adopted" in out.stdout, out.stdout
    assert [(e["attempt"], e["job_id"]) for e in events(run_dir, "adopted")] == [(1, job_id)]
    ticks.until(lambda s: s["phase"] == "complete", timeout=60, what="the run to complete")
    assert read_state(run_dir)["total_attempts"] == 1
    assert not events(run_dir, "submitted")  # nothing was submitted again
    assert sge_jobs(sge, work["attempts"][0]["job_name"]) == [job_id]
    assert (project / "counter.txt").read_text() == "ran 1\n"


# --- 3. the qmaster restarts mid-run ------------------------------------------------------------

def test_a_qmaster_restart_never_puts_a_retry_beside_the_job(sge, tmp_path):
    project, run_dir = run_spec(tmp_path, "qmaster", counted("slow", 8))
    ticks = Ticks(tmp_path, run_dir)
    ticks.until(lambda s: stage(s, "slow")["status"] == "running", what="the stage to run")
    seen = len(read_events(run_dir))

    sge.stop_qmaster()
    try:
        t0 = time.monotonic()
        ticks.tick(timeout=40)
        assert time.monotonic() - t0 < 25
        work = stage(read_state(run_dir), "slow")
        assert work["status"] == "running" and work["attempt"] == 1
        assert work["diagnosis"]["verdict"].startswith("scheduler unreachable"), work["diagnosis"]
        assert ticks.statuses()[-1] == 1  # one qstat learnt it, nothing more was asked
    finally:
        sge.start_qmaster()

    ticks.until(lambda s: s["phase"] == "complete", timeout=60, what="the run to complete")
    later = read_events(run_dir)[seen:]
    assert not [e for e in later if e["event"] in ("failed", "relaunch", "submitted", "cancelled")], later
    assert (project / "counter.txt").read_text() == "ran 1\n"


# --- 4. a lost node -----------------------------------------------------------------------------

LOST = """\
cancel_grace: 3s
entities:
  node:
    stages:
      work:
        run: >-
          echo "ran $TIANLUO_ATTEMPT" >> counter.txt;
          for i in $(seq 1 300); do echo "step $i/300"; test "$TIANLUO_ATTEMPT" != 1 && break; sleep 1; done;
          echo done > done.txt
        done_when: {exists: done.txt}
        progress: {regex: 'step (?P<done>\\d+)/(?P<total>\\d+)', stall_after: 20s, startup_after: 60s}
"""


def test_a_lost_nodes_job_stops_counting_as_running_and_is_retried_alone(sge, tmp_path):
    project, run_dir = run_spec(tmp_path, "lost", LOST)
    ticks = Ticks(tmp_path, run_dir)
    ticks.until(lambda s: stage(s, "node")["status"] == "running", what="the stage to run")
    first = stage(read_state(run_dir), "node")["attempts"][0]["handle"]["job_id"]
    time.sleep(2)
    ticks.tick()  # its progress seen: stall_after counts from here

    sge.kill_node()  # sge_execd, the shepherd and the job: SIGKILL, as a power cut
    wait_for(lambda: "u" in sge.queue_state(), timeout=90, interval=1, what="Grid Engine to give up the host")
    ticks.tick()
    work = stage(read_state(run_dir), "node")
    assert work["status"] == "running" and "r@u" in json.dumps(work), work  # still running, as far as SGE knows
    # the log stands still: hung, cancelled (qdel, then qdel -f clears the job off the dead host), retried
    ticks.until(lambda s: stage(s, "node")["attempt"] == 2, timeout=90, what="the lost attempt to be retried")
    assert first not in live_jobs(sge)  # no retry beside the old job
    assert stage(read_state(run_dir), "node")["status"] == "submitted"  # no host to run it yet

    sge.start_execd()  # the node is back: the retry runs
    ticks.until(lambda s: s["phase"] == "complete", timeout=90, what="the run to complete")
    assert (project / "counter.txt").read_text() == "ran 1\nran 2\n"


GONE = """\
cancel_grace: 3s
entities:
  node:
    stages:
      work:
        run: >-
          echo "ran $TIANLUO_ATTEMPT" >> counter.txt;
          test "$TIANLUO_ATTEMPT" = 1 && while [ ! -f go ]; do sleep 0.5; done;
          echo done > done.txt
        done_when: {exists: done.txt}
"""


def note(run_dir: Path, cwd: Path, env: dict) -> str:
    """The stage's line of ``tianluo status``."""
    text = cli("status", "--run", run_dir, cwd=cwd, env=env, check=True).stdout
    (line,) = [ln for ln in text.splitlines() if ln.startswith("node ")]
    return line


def test_a_lost_nodes_job_with_no_progress_signal_is_lost_after_lost_after_and_retried_alone(sge, tmp_path):
    """No stall_after: nothing but lost_after ends it. The host dies; Grid Engine keeps its job as r on a u queue
    (r@u: unknown), status says so, not "running"; past lost_after the attempt is lost with its node (transient/
    node_failure), qdel -f clears the job, and the retry waits for a host, then runs."""
    project = tmp_path / "proj"
    spec = write_spec(project, "name: gone\nbackend: {kind: command, preset: sge, timeout: 20s, lost_after: 15s}\n"
                      + GONE)
    run_dir = start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    ticks = Ticks(tmp_path, run_dir)
    ticks.until(lambda s: stage(s, "node")["status"] == "running", what="the stage to run")
    first = stage(read_state(run_dir), "node")["attempts"][0]["handle"]["job_id"]

    sge.kill_node()
    wait_for(lambda: "u" in sge.queue_state(), timeout=90, interval=1, what="Grid Engine to give up the host")
    ticks.tick()
    work = stage(read_state(run_dir), "node")
    assert work["status"] == "running" and work["attempts"][0]["unknown_since"], work
    line = note(run_dir, tmp_path, ticks.env())
    assert "unknown since" in line and "@u, its host is not heard from" in line, line  # r@u (or t@u)
    assert "running" not in line.split(None, 4)[4], line
    ticks.until(lambda s: stage(s, "node")["attempt"] == 2, timeout=60, what="the lost attempt to be retried")
    lost = stage(read_state(run_dir), "node")["attempts"][0]
    assert (lost["fault"]["class"], lost["fault"]["label"]) == ("transient", "node_failure"), lost
    assert "@u since" in lost["fault"]["evidence"] and "backend.lost_after 15s" in lost["fault"]["evidence"]
    wait_for(lambda: first not in live_jobs(sge), timeout=30, interval=0.5, what="qdel -f to clear the old job")
    ticks.tick()
    retry = stage(read_state(run_dir), "node")
    assert retry["status"] == "submitted" and retry["attempts"][1]["handle"], retry  # in the queue: no host yet
    assert not [e for e in read_events(run_dir) if e["event"] == "cancel_failed"]

    sge.start_execd()  # the node is back: the retry runs
    ticks.until(lambda s: s["phase"] == "complete", timeout=90, what="the run to complete")
    assert (project / "counter.txt").read_text() == "ran 1\nran 2\n"


def test_a_node_heard_from_again_within_lost_after_keeps_its_job_as_the_one_attempt(sge, tmp_path):
    """The host stops answering (its execd stopped: the job runs on) long enough for Grid Engine to mark it u, then
    answers again: the attempt reads unknown meanwhile and runs on; nothing is cancelled or retried."""
    project, run_dir = run_spec(tmp_path, "back", GONE)
    ticks = Ticks(tmp_path, run_dir)
    ticks.until(lambda s: stage(s, "node")["status"] == "running", what="the stage to run")
    paused = sge.pause_execd()
    try:
        wait_for(lambda: "u" in sge.queue_state(), timeout=90, interval=1, what="Grid Engine to miss the host")
        ticks.tick()
        assert "unknown since" in note(run_dir, tmp_path, ticks.env())
    finally:
        sge.resume_execd(paused)
    wait_for(lambda: "u" not in sge.queue_state(), timeout=90, interval=1, what="Grid Engine to hear the host")
    ticks.tick()
    work = stage(read_state(run_dir), "node")
    assert work["status"] == "running" and work["attempts"][0]["unknown_since"] is None, work
    (back,) = events(run_dir, "job_known_again")
    assert back["attempt"] == 1 and "knows its job again (r)" in back["message"]
    (project / "go").touch()
    ticks.until(lambda s: s["phase"] == "complete", timeout=60, what="the run to complete")
    assert (project / "counter.txt").read_text() == "ran 1\n" and read_state(run_dir)["total_attempts"] == 1
    assert not [e for e in read_events(run_dir) if e["event"] in ("failed", "cancelled", "relaunch")]


# --- 5. hold and release in the queue -----------------------------------------------------------

QUEUED = """\
entities:
  later:
    stages:
      work: {run: "true"}
"""


def test_hold_and_release_keep_the_queued_job_in_grid_engines_queue(sge, tmp_path):
    _, run_dir = run_spec(tmp_path, "hold", QUEUED)
    ticks = Ticks(tmp_path, run_dir)
    qcmd("qmod", "-d", "all.q")  # nothing runs: the job waits (qw)
    try:
        ticks.tick()
        job_id = stage(read_state(run_dir), "later")["attempts"][0]["handle"]["job_id"]
        held = cli("hold", "later", "--run", run_dir, "--reason", "looking at it", cwd=tmp_path, check=True)
        assert f"hold {job_id} (qhold)" in held.stdout
    finally:
        qcmd("qmod", "-e", "all.q")
    for _ in range(3):
        ticks.tick()
        work = stage(read_state(run_dir), "later")
        assert work["status"] == "submitted", work
        time.sleep(1)
    assert "hqw" in qcmd("qstat")
    cli("release", "later", "--run", run_dir, cwd=tmp_path, check=True)
    ticks.until(lambda s: s["phase"] == "complete", timeout=60, what="the released job to run")
    assert read_state(run_dir)["total_attempts"] == 1


# --- 6. stop --cancel leaves nothing queued -----------------------------------------------------

TWO = """\
entities:
  one:
    stages:
      work: {run: "sleep 300"}
  two:
    stages:
      work: {run: "sleep 300"}
"""


def test_stop_cancel_leaves_nothing_queued_or_running(sge, tmp_path):
    _, run_dir = run_spec(tmp_path, "stop", TWO)
    ticks = Ticks(tmp_path, run_dir)
    ticks.until(lambda s: all(stage(s, e)["status"] == "running" for e in ("one", "two")), what="both to run")
    assert len(live_jobs(sge)) == 2
    cli("stop", "--cancel", "--run", run_dir, cwd=tmp_path, env=ticks.env(), check=True)
    wait_for(lambda: not live_jobs(sge), timeout=60, interval=0.5, what="Grid Engine to hold no job of the run")
    for entity in ("one", "two"):
        adir = run_dir / "attempts" / entity / "work" / "1"
        wait_for(lambda a=adir: (a / "exit.json").exists(), timeout=30, what=f"{entity}'s runner to record its end")
        assert json.loads((adir / "exit.json").read_text())["signal"] == signal.SIGTERM  # TERM first, recorded


# --- 7. without find: a second copy stands down, the claim's job is followed ------------------

WAITING = """\
entities:
  solo:
    stages:
      work:
        run: echo "ran $TIANLUO_ATTEMPT" >> counter.txt; while [ ! -f go ]; do sleep 0.2; done; echo done > done.txt
        done_when: {exists: done.txt}
"""


def test_without_find_the_job_that_claimed_the_attempt_is_followed_not_its_copy(sge, tmp_path):
    """No find (job_id_env JOB_ID only): a tick killed between qsub and its record, while job A waits, leaves
    nothing to adopt, so the next tick submits job B for the same attempt. A starts first and its claim records
    $JOB_ID; B stands down. The tick follows A (adopted), never reads B's stand-down as the attempt's end, and
    the command runs once."""
    project = tmp_path / "proj"
    spec = write_spec(project, "name: nofind\nbackend: {kind: command, preset: sge, find: null, timeout: 20s}\n"
                      + WAITING)
    run_dir = start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    assert read_state(run_dir)["plan"]["backend"]["find"] is None
    ticks = Ticks(tmp_path, run_dir)
    record = tmp_path / "qsub.out"
    wrapper = ticks.bindir / "qsub"
    wrapper.write_text(KILLING_SUBMIT.format(real=shutil.which("qsub"), record=record))
    wrapper.chmod(0o755)
    qcmd("qmod", "-d", "all.q")  # A waits (qw): no job_id.seen, nothing the next tick can see
    try:
        proc = subprocess.run([sys.executable, "-m", "tianluo", "tick", "--run", str(run_dir)], cwd=tmp_path,
                              env=ticks.env(), capture_output=True, text=True, timeout=60, check=False)
        assert proc.returncode == -signal.SIGKILL, (proc.stdout, proc.stderr)
        wrapper.unlink()
        first = record.read_text().strip()
        ticks.tick()  # nothing names A: B is submitted for the same attempt
        work = stage(read_state(run_dir), "solo")
        second = work["attempts"][0]["handle"]["job_id"]
        assert first != second and work["attempt"] == 1
        qcmd("qhold", second)  # A starts first and claims the folder
    finally:
        qcmd("qmod", "-e", "all.q")
    adir = run_dir / "attempts" / "solo" / "work" / "1"
    wait_for(lambda: (adir / "started.json").exists(), timeout=60, interval=0.5, what="A's claim")
    assert json.loads((adir / "started.json").read_text())["job_id"] == first  # the claim names $JOB_ID
    qcmd("qrls", second)
    wait_for(lambda: second not in live_jobs(sge), timeout=60, interval=0.5, what="B to stand down")
    assert "already claimed" in (adir / "job.err").read_text()

    out = ticks.tick()
    work = stage(read_state(run_dir), "solo")
    assert work["status"] == "running" and work["attempt"] == 1, out.stdout
    assert work["attempts"][0]["handle"]["job_id"] == first  # followed: the claim's job is the attempt
    adopted = events(run_dir, "adopted")
    assert adopted and adopted[-1]["job_id"] == first and "second copy" in adopted[-1]["message"], adopted
    assert ticks.statuses()[-1] == 1  # the claim's job was asked about in the tick's one qstat
    (project / "go").touch()
    ticks.until(lambda s: s["phase"] == "complete", timeout=60, what="the run to complete")
    assert (project / "counter.txt").read_text() == "ran 1\n"  # once, never attempt 2
    assert read_state(run_dir)["total_attempts"] == 1


# --- 8. tianluo backend check on Grid Engine ----------------------------------------------------

def test_backend_check_passes_the_sge_preset_and_finds_the_qmaster_down(sge, tmp_path):
    """The preset's status and find keep the contract on the real cluster (nothing submitted); with the qmaster
    stopped, status says the scheduler is unreachable and the check fails."""
    up = cli("backend", "check", "sge", cwd=tmp_path, env=clean_env(), timeout=90)
    assert up.returncode == 0, up.stdout + up.stderr
    assert [ln.split(": ")[1] for ln in up.stdout.splitlines()[:4]] == ["ok"] * 4, up.stdout
    assert not live_jobs(sge)
    sge.stop_qmaster()
    try:
        down = cli("backend", "check", "sge", "--json", cwd=tmp_path, env=clean_env(), timeout=120)
    finally:
        sge.start_qmaster()
    assert down.returncode == 1, down.stdout + down.stderr
    checks = {c["name"]: c for c in json.loads(down.stdout)["checks"]}
    assert checks["status"]["ok"] is False and "unreachable" in checks["status"]["detail"]
