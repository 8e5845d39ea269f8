"""`status` tells the truth: the trigger and its ticks (overdue ones loudly), a phase line the stages
agree with, each running stage's clocks and its job's own pid, and the analysis file of a hold.

Real runs of the local backend, real processes, the real CLI (its ``main`` in a fork of the test process,
tests/forked_cli.py); a state is edited only to put a run in a moment that takes hours to reach (a tick
three intervals ago)."""

import json
import os
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from conftest import read_state, wait_for, write_spec
from forked_cli import run, start_run, status_json, tick_until

from tianluo import commands
from tianluo.core import holds
from tianluo.core.rates import progress_rate
from tianluo.timefmt import iso, utcnow
from tianluo.views import status

QUICK = """\
name: quick
interval: 10m
entities:
  a:
    stages:
      make:
        run: echo made > made.txt
        done_when: {exists: made.txt}
"""

SLOW = """\
name: slow
interval: 10m
entities:
  a:
    stages:
      train:
        run: for i in $(seq 1 400); do echo "step $i/400"; sleep 0.1; done
        progress: {regex: 'step (?P<done>\\d+)/(?P<total>\\d+)', stall_after: 5m}
"""

FAILS = """\
name: fails
interval: 10m
entities:
  a:
    stages:
      crash:
        run: 'echo "NameError: name modle is not defined" >&2; exit 1'
"""


def _edit(run_dir: Path, change) -> None:
    path = run_dir / "state.json"
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc, indent=1))


def _text(run_dir: Path, cwd: Path) -> str:
    return run("status", "--run", run_dir, cwd=cwd, check=True).stdout


def _stage(doc: dict, entity: str, stage: str) -> dict:
    return doc["entities"][entity]["stages"][stage]


# --- the trigger and its ticks --------------------------------------------------------------------


def _with_trigger(run_dir: Path, kind: str, ago_s: float, every: float = 600.0, **options) -> None:
    """Record a trigger of ``kind`` and make the last tick ``ago_s`` seconds old."""
    now = datetime.now(UTC)

    def change(doc):
        doc["trigger"] = {"kind": kind, "every": every, "installed_at": iso(now - timedelta(hours=3)),
                          "detail": "test", "options": options}
        doc["last_tick_at"] = iso(now - timedelta(seconds=ago_s))
        doc["created_at"] = iso(now - timedelta(hours=3))
        doc["phase"] = "running"
    _edit(run_dir, change)


def _running_run(tmp_path: Path) -> Path:
    spec = write_spec(tmp_path / "proj", QUICK)
    return start_run(spec, tmp_path / "home", tmp_path, "--no-tick")


def test_ticks_three_intervals_late_are_called_overdue_with_what_to_check_for_cron(tmp_path):
    run_dir = _running_run(tmp_path)
    _with_trigger(run_dir, "cron", ago_s=47 * 60, every=900)
    doc = status_json(run_dir, tmp_path)
    assert doc["overdue"] is True
    assert doc["trigger"]["kind"] == "cron" and doc["trigger"]["every"] == 900
    last = datetime.fromisoformat(doc["last_tick_at"])
    assert datetime.fromisoformat(doc["next_tick_at"]) == last + timedelta(seconds=900)
    assert "no tick since" in doc["overdue_message"] and "3 intervals of 15m" in doc["overdue_message"]
    text = _text(run_dir, tmp_path)
    loud = [line for line in text.splitlines() if line.startswith("OVERDUE:")]
    assert len(loud) == 1, text
    assert last.strftime("%H:%M") in loud[0] and "47m" in loud[0]
    assert "is cron running? `pgrep -x cron`" in loud[0] and f"tianluo:{run_dir.name}" in loud[0]
    assert "trigger: cron every 15m" in text


def test_ticks_on_time_are_not_overdue_and_the_next_one_is_named(tmp_path):
    run_dir = _running_run(tmp_path)
    _with_trigger(run_dir, "cron", ago_s=120, every=600)
    doc = status_json(run_dir, tmp_path)
    assert doc["overdue"] is False and doc["overdue_message"] is None
    nxt = datetime.fromisoformat(doc["next_tick_at"])
    assert nxt == datetime.fromisoformat(doc["last_tick_at"]) + timedelta(seconds=600)
    text = _text(run_dir, tmp_path)
    # the time alone today; with its date when it falls on the next day (a run checked just before midnight)
    assert "OVERDUE" not in text and any(f"next expected {nxt.strftime(f)} UTC" in text
                                         for f in ("%H:%M", "%Y-%m-%d %H:%M"))


def test_an_overdue_systemd_timer_names_its_unit_and_a_run_without_trigger_says_how_to_tick(tmp_path):
    run_dir = _running_run(tmp_path)
    _with_trigger(run_dir, "systemd", ago_s=4 * 600, scope="user")
    doc = status_json(run_dir, tmp_path)
    assert doc["overdue"] and f"systemctl --user status tianluo-{run_dir.name}.timer" in doc["overdue_message"]
    _with_trigger(run_dir, "none", ago_s=4 * 600)
    doc = status_json(run_dir, tmp_path)
    assert doc["overdue"] and doc["next_tick_at"] is None
    assert "no trigger" in doc["overdue_message"] and "tianluo tick" in doc["overdue_message"]


def test_before_the_first_tick_the_first_one_is_expected_an_interval_after_the_start(tmp_path):
    run_dir = _running_run(tmp_path)
    _with_trigger(run_dir, "cron", ago_s=60, every=600)

    def no_tick(doc):
        doc.pop("last_tick_at")
        doc["created_at"] = iso(datetime.now(UTC) - timedelta(seconds=60))
    _edit(run_dir, no_tick)
    doc = status_json(run_dir, tmp_path)
    assert doc["last_tick_at"] is None and doc["overdue"] is False
    first = datetime.fromisoformat(doc["created_at"]) + timedelta(seconds=600)
    assert datetime.fromisoformat(doc["next_tick_at"]) == first
    text = _text(run_dir, tmp_path)
    assert any(f"ticks: none yet, the first expected {first.strftime(f)} UTC" in text
               for f in ("%H:%M", "%Y-%m-%d %H:%M"))  # with its date when it falls on the next day

    def long_ago(doc):
        doc["created_at"] = iso(datetime.now(UTC) - timedelta(hours=1))
    _edit(run_dir, long_ago)
    doc = status_json(run_dir, tmp_path)
    assert doc["overdue"] and "no tick since the run was created at" in doc["overdue_message"]


def test_a_finished_run_is_never_overdue(tmp_path):
    spec = write_spec(tmp_path / "proj", QUICK)
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    tick_until(run_dir, tmp_path)

    def old(doc):
        doc["last_tick_at"] = iso(datetime.now(UTC) - timedelta(days=2))
    _edit(run_dir, old)
    doc = status_json(run_dir, tmp_path)
    assert doc["phase"] == "complete" and doc["overdue"] is False and doc["next_tick_at"] is None
    assert "OVERDUE" not in _text(run_dir, tmp_path)


# --- phase and stage lines agree ----------------------------------------------------------------------


def _blocked_on_a_crash(tmp_path: Path) -> Path:
    spec = write_spec(tmp_path / "proj", FAILS)
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    doc = tick_until(run_dir, tmp_path, phases=("blocked",), timeout=60)
    assert _stage(doc, "a", "crash")["status"] == "held"
    return run_dir


def test_held_stages_name_their_analysis_file(tmp_path):
    run_dir = _blocked_on_a_crash(tmp_path)
    doc = status_json(run_dir, tmp_path)
    st = _stage(doc, "a", "crash")
    assert st["analysis"] == "failures/a__analysis.md" and (run_dir / st["analysis"]).is_file()
    assert st["hold"]["by"] == "ladder" and st["hold"]["analysis"] == st["analysis"]
    assert doc["summary"] == {"phase": "blocked", "reason": doc["phase_reason"], "differs": False}
    row = next(line for line in _text(run_dir, tmp_path).splitlines() if line.startswith("a ") and "crash" in line)
    assert "[analysis: failures/a__analysis.md]" in row


def test_a_released_retry_with_no_tick_yet_is_running_and_due_not_blocked(tmp_path):
    run_dir = _blocked_on_a_crash(tmp_path)
    # `release --retry` saved, no tick after it (as with a release whose tick could not run)
    commands._locked_change(run_dir, lambda s: holds.release(s, "a", utcnow(), retry=True), what="release")
    doc = status_json(run_dir, tmp_path)
    assert doc["phase"] == "blocked"  # state.json: the last tick's word
    st = _stage(doc, "a", "crash")
    assert st["status"] == "retry_wait" and st["retry_due"] is True
    assert doc["summary"]["phase"] == "running" and doc["summary"]["differs"] is True
    assert "a.crash" in doc["summary"]["reason"] and "next tick" in doc["summary"]["reason"]
    text = _text(run_dir, tmp_path)
    first = text.splitlines()[0]
    assert ": running - waiting for the next tick" in first and "state.json says blocked" in first
    assert ": blocked" not in first
    row = next(line for line in text.splitlines() if line.startswith("a ") and "crash" in line)
    assert "retry_wait" in row and "retry due now (next tick launches it)" in row
    # the next tick launches it, and the two agree again
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    doc = status_json(run_dir, tmp_path)
    assert doc["summary"]["differs"] is False and _stage(doc, "a", "crash")["attempt"] == 2


def test_a_hold_with_no_tick_yet_shows_the_run_blocked(tmp_path):
    run_dir = _running_run(tmp_path)
    run("hold", "a", "--reason", "checking the data", "--run", run_dir, cwd=tmp_path, check=True)
    doc = status_json(run_dir, tmp_path)
    assert doc["phase"] == "running"  # the last tick's word (there was none yet)
    # nothing moves while the entity is held: the stages say blocked
    assert doc["summary"] == {"phase": "blocked", "reason": "nothing can move without a human: a.make",
                              "differs": True}
    first = _text(run_dir, tmp_path).splitlines()[0]
    assert ": blocked - nothing can move without a human: a.make [state.json says running" in first
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)  # the tick records it: they agree again
    doc = status_json(run_dir, tmp_path)
    assert doc["phase"] == doc["summary"]["phase"] == "blocked" and doc["summary"]["differs"] is False


def test_summarize_is_derived_from_the_stages():
    def doc(phase, *stages, hold=None):
        return {"phase": phase, "phase_reason": "recorded", "entities": {"a": {"hold": hold, "stages": {
            name: {"status": s, "needs": [], "retry_due": due} for name, s, due in stages}}}}

    now = utcnow()
    # complete with an attempt still running: said, not hidden
    out = status.summarize(doc("complete", ("x", "succeeded", False), ("y", "running", False)), now)
    assert out["phase"] == "complete" and "left running, unwatched: a.y" in out["reason"]
    # running with every stage held: blocked until a human acts
    out = status.summarize(doc("running", ("x", "held", False), ("y", "blocked", False)), now)
    assert out == {"phase": "blocked", "reason": "nothing can move without a human: a.x", "differs": True}
    # blocked, but a stage waits only for its retry: running
    out = status.summarize(doc("blocked", ("x", "retry_wait", True)), now)
    assert out["phase"] == "running" and out["differs"] and "retry due now for a.x" in out["reason"]
    # ... unless its entity is held
    out = status.summarize(doc("blocked", ("x", "retry_wait", True), hold={"by": "human"}), now)
    assert out["phase"] == "blocked" and not out["differs"]
    # running and agreeing: as recorded
    out = status.summarize(doc("running", ("x", "running", False)), now)
    assert out == {"phase": "running", "reason": "recorded", "differs": False}


# --- a running stage's clocks and its job's pid --------------------------------------------------------


def test_a_running_stage_shows_elapsed_eta_and_its_jobs_own_pid(tmp_path):
    spec = write_spec(tmp_path / "proj", SLOW)
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    attempt = run_dir / "attempts" / "a" / "train" / "1"
    started = wait_for(lambda: (attempt / "started.json").exists()
                       and json.loads((attempt / "started.json").read_text()).get("job_pid")
                       and json.loads((attempt / "started.json").read_text()), what="started.json with job_pid")
    pid = started["job_pid"]
    # two ticks some time apart: the progress counter moves between them
    for _ in range(2):
        wait_for(lambda: (attempt / "stdout").exists() and "step" in (attempt / "stdout").read_text(), what="steps")
        run("tick", "--run", run_dir, cwd=tmp_path, check=True)
        time.sleep(1.5)
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    doc = status_json(run_dir, tmp_path)
    st = _stage(doc, "a", "train")
    assert st["status"] == "running", st
    # the job's own pid: the runner's child, running the command
    assert st["job_pid"] == pid != st["pid"]
    with open(f"/proc/{pid}/stat") as f:
        assert int(f.read().rsplit(")", 1)[1].split()[1]) == st["pid"]  # its parent is the runner
    assert "seq 1 400" in Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    assert st["elapsed_s"] is not None and st["elapsed_s"] >= 3
    p = st["progress"]
    assert p["total"] == 400 and p["rate_per_min"] > 0 and p["eta_s"] is not None
    assert datetime.fromisoformat(p["eta_at"]) == datetime.fromisoformat(p["seen_at"]) + timedelta(seconds=p["eta_s"])
    # the rate diagnose's progress layer computes (one function), from the reading state.json holds
    reading = read_state(run_dir)["entities"]["a"]["stages"]["train"]["progress"]
    at = {k: datetime.fromisoformat(reading[k]) for k in ("seen_at", "first_at")}
    rate, eta = progress_rate(reading["done"], reading["total"], reading["first_done"], at["first_at"], at["seen_at"])
    assert round(rate, 4) == p["rate_per_min"] and round(eta, 1) == p["eta_s"]
    assert (reading["done"] - reading["first_done"]) > 0
    row = next(line for line in _text(run_dir, tmp_path).splitlines() if line.startswith("a ") and "train" in line)
    assert "running " in row and "ETA " in row and f"job pid {pid}" in row
    os.kill(st["pid"], 15)  # the runner passes it on to the job
    wait_for(lambda: (attempt / "exit.json").exists(), what="exit.json")
    assert json.loads((attempt / "exit.json").read_text())["job_pid"] == pid


# --- does the trigger tick? ----------------------------------------------------------------------------


def test_a_systemd_install_where_systemd_is_not_the_init_says_it_cannot_check_the_timer(tmp_path):
    from conftest import clean_env

    from tianluo.triggers import systemd

    if systemd.systemd_running():
        assert systemd.timer_active("no-such-run-xyz") is False  # a timer never installed is not active
        return
    assert systemd.timer_active("x") is None
    spec = write_spec(tmp_path / "proj", QUICK)
    env = clean_env(XDG_CONFIG_HOME=str(tmp_path / "cfg"))
    proc = run("start", spec, "--home", tmp_path / "home", "--accept-defaults", "--no-tick", "--trigger", "systemd",
               cwd=tmp_path, env=env, check=True)
    warned = [line for line in proc.stderr.splitlines() if "cannot check that the timer is active" in line]
    assert len(warned) == 1, proc.stderr
    run_dir = Path(proc.stdout.strip().splitlines()[-1])
    assert (tmp_path / "cfg" / "systemd" / "user" / f"tianluo-{run_dir.name}.timer").is_file()  # written all the same
    assert f"is-active tianluo-{run_dir.name}.timer" in warned[0]


def test_the_cron_daemon_check_reads_proc(tmp_path):
    from tianluo.triggers import cron

    fake = tmp_path / "proc"
    for pid, comm in ((1, "init"), (40, "bash")):
        (fake / str(pid)).mkdir(parents=True)
        (fake / str(pid) / "comm").write_text(comm + "\n")
    assert cron.daemon_running(str(fake)) is False
    (fake / "77").mkdir()
    (fake / "77" / "comm").write_text("crond\n")
    assert cron.daemon_running(str(fake)) is True
    assert cron.daemon_running(str(tmp_path / "nowhere")) is None


# --- trigger truth: can the trigger fire now, a tick in progress, overdue after one missed tick ----------


def test_ticks_are_overdue_once_one_tick_did_not_come(tmp_path):
    run_dir = _running_run(tmp_path)
    _with_trigger(run_dir, "cron", ago_s=15 * 60, every=600)  # within 1.5 intervals + 1m (16m): jitter, a slow tick
    assert status_json(run_dir, tmp_path)["overdue"] is False
    _with_trigger(run_dir, "cron", ago_s=17 * 60, every=600)  # the tick due at 10m did not come, nor one since
    doc = status_json(run_dir, tmp_path)
    assert doc["overdue"] is True and "no tick since" in doc["overdue_message"]
    assert status.overdue_after(600) == 16 * 60


def test_a_tick_in_progress_is_shown_with_its_pid_and_is_not_overdue(tmp_path):
    from tianluo.shell.store import RunStore

    run_dir = _running_run(tmp_path)
    _with_trigger(run_dir, "cron", ago_s=60, every=600)
    _edit(run_dir, lambda doc: doc.pop("last_tick_at"))
    with RunStore(run_dir).lock(what="tick", budget=300):
        text = _text(run_dir, tmp_path)
        assert f"tick in progress: pid {os.getpid()}" in text, text
        assert "ticks: none finished yet (the first is in progress)" in text
        assert "ticks: none yet" not in text
        _with_trigger(run_dir, "cron", ago_s=20 * 60, every=600)  # late, but a tick is running now
        assert status_json(run_dir, tmp_path)["overdue"] is False
    text = _text(run_dir, tmp_path)
    assert "in progress" not in text


def test_a_systemd_trigger_where_systemd_does_not_run_says_so_at_once(tmp_path):
    from tianluo.triggers import systemd

    if systemd.systemd_running():
        return  # a host with systemd: the timer's own state is checked (test_systemd_trigger)
    run_dir = _running_run(tmp_path)
    _with_trigger(run_dir, "systemd", ago_s=60, every=600, scope="user")  # on time: not overdue
    doc = status_json(run_dir, tmp_path)
    assert doc["overdue"] is False
    assert doc["trigger_problem"].startswith("systemd is not running here")
    assert "TRIGGER CANNOT FIRE: systemd is not running here" in _text(run_dir, tmp_path)


def test_a_daemon_trigger_whose_daemon_is_gone_says_so_at_once(tmp_path):
    import subprocess
    import sys

    from tianluo.shell import daemon_mark

    run_dir = _running_run(tmp_path)
    _with_trigger(run_dir, "daemon", ago_s=60, every=600)
    assert "no `tianluo daemon` is running for this run" in status_json(run_dir, tmp_path)["trigger_problem"]
    gone = subprocess.run([sys.executable, "-c", "from pathlib import Path; import sys; "
                           "from tianluo import daemon_mark; daemon_mark.write(Path(sys.argv[1]))", str(run_dir)],
                          check=True)
    assert gone.returncode == 0 and (run_dir / daemon_mark.MARK).exists()
    problem = status_json(run_dir, tmp_path)["trigger_problem"]
    assert problem is not None and "is gone" in problem and f"tianluo daemon --run {run_dir}" in problem
    daemon_mark.write(run_dir)  # this process: alive
    assert status_json(run_dir, tmp_path)["trigger_problem"] is None
    assert "TRIGGER CANNOT FIRE" not in _text(run_dir, tmp_path)
    daemon_mark.clear(run_dir)
    assert not (run_dir / daemon_mark.MARK).exists()
