"""The foreground daemon: real daemon processes on real runs, each bounded and cleaned up."""

import io
import json
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import forked_cli
import psutil
import pytest
from conftest import clean_env, kill_everything_under, kill_tree, read_state, wait_for, write_spec

from tianluo.errors import TianluoError
from tianluo.models.states import Phase
from tianluo.planning.newrun import create_run
from tianluo.shell import daemon as daemon_mod
from tianluo.shell.daemon import run_daemon
from tianluo.shell.store import RunStore
from tianluo.shell.tick import TickResult

pytestmark = pytest.mark.integration

TWO_STAGES = """\
name: daemon-two
entities:
  e:
    stages:
      a:
        run: echo x > a.txt
        done_when: {exists: a.txt}
      b:
        needs: [a]
        run: cat a.txt > b.txt
        done_when: {exists: b.txt}
"""

LONG_JOB = """\
name: daemon-long
entities:
  e:
    stages:
      slow:
        run: exec sleep 120
        done_when: {exists: never.txt}
"""

DAEMON = ("import sys; from pathlib import Path; from tianluo.shell.daemon import run_daemon; "
          "sys.exit(run_daemon(Path(sys.argv[1]), every=float(sys.argv[2]), jitter=0.1))")


def make_run(tmp_path: Path, spec_text: str) -> Path:
    spec = write_spec(tmp_path / "proj", spec_text)
    return create_run(spec, tmp_path / "home", datetime.now(UTC), accept_defaults=True)


def start_daemon(tmp_path: Path, run_dir: Path, every: float = 1.0) -> tuple[subprocess.Popen, Path]:
    log = tmp_path / "daemon.log"
    with open(log, "w") as fh:
        proc = subprocess.Popen([sys.executable, "-c", DAEMON, str(run_dir), str(every)], cwd=tmp_path,
                                env=clean_env(), stdout=fh, stderr=subprocess.PIPE, text=True)
    return proc, log


def finish(proc: subprocess.Popen, timeout: float) -> tuple[int, str]:
    """The daemon's exit code and stderr; kill it (and fail) if it is still running after ``timeout``."""
    try:
        _, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_tree(proc.pid)
        proc.communicate()
        raise AssertionError(f"the daemon did not exit within {timeout}s") from None
    return proc.returncode, err


def lines_of(log: Path) -> list[str]:
    return log.read_text().splitlines()


def test_daemon_ticks_a_run_to_complete_and_exits_0(tmp_path):
    run_dir = make_run(tmp_path, TWO_STAGES)
    run_id = run_dir.name
    began = time.monotonic()
    proc, log = start_daemon(tmp_path, run_dir, every=0.5)
    try:
        code, err = finish(proc, timeout=30)
    finally:
        kill_tree(proc.pid)
        kill_everything_under(tmp_path)
    elapsed = time.monotonic() - began
    assert code == 0, err
    state = read_state(run_dir)
    assert state["phase"] == "complete"
    assert (tmp_path / "proj" / "b.txt").read_text() == "x\n"
    lines = lines_of(log)
    assert all(line.startswith(f"{run_id}: ") for line in lines), lines
    assert "daemon started" in lines[0]
    assert lines[-1] == f"{run_id}: run is complete; daemon exits"
    ticks = [line for line in lines if line.startswith(f"{run_id}: tick")]
    assert all(t.startswith(f"{run_id}: tick: ") for t in ticks), ticks  # no skipped or failed ticks
    assert len(ticks) == state["tick_count"] >= 3  # launch a, launch b, see b done
    assert ticks[-1].startswith(f"{run_id}: tick: complete, ")
    assert any(line.startswith(f"{run_id}: e/a: attempt 1 launched") for line in lines), lines
    assert elapsed < 30


def test_daemon_on_a_finished_run_exits_0_at_once(tmp_path):
    run_dir = make_run(tmp_path, TWO_STAGES)
    store = RunStore(run_dir)
    state = store.load()
    state.phase = Phase.COMPLETE
    store.save(state)
    before = read_state(run_dir)
    began = time.monotonic()
    proc, log = start_daemon(tmp_path, run_dir)
    try:
        code, err = finish(proc, timeout=20)
    finally:
        kill_tree(proc.pid)
    assert code == 0, err
    assert time.monotonic() - began < 10  # no tick interval waited for
    assert lines_of(log) == [f"{run_dir.name}: run is complete; daemon exits"]
    assert read_state(run_dir) == before  # not even a tick
    assert not (tmp_path / "proj" / "a.txt").exists()


@pytest.mark.parametrize("sig, expected", [(signal.SIGTERM, 0), (signal.SIGINT, 130)])
def test_a_signal_stops_the_daemon_cleanly_and_leaves_the_job_running(tmp_path, sig, expected):
    run_dir = make_run(tmp_path, LONG_JOB)
    proc, log = start_daemon(tmp_path, run_dir, every=0.5)
    try:
        wait_for(lambda: "launched" in log.read_text(), timeout=20, what="the slow job to launch")
        wait_for(lambda: read_state(run_dir)["tick_count"] >= 2, timeout=20, what="another tick")
        proc.send_signal(sig)
        began = time.monotonic()
        code, err = finish(proc, timeout=10)
        assert time.monotonic() - began < 5
        assert code == expected, err
        assert "Traceback" not in err
        assert lines_of(log)[-1] == f"{run_dir.name}: {sig.name} received; daemon stopped"
        state = RunStore(run_dir).load()  # valid, and the job was left to run
        assert state.phase == Phase.RUNNING
        attempt = state.stage("e.slow").current()
        assert attempt.handle and psutil.pid_exists(attempt.handle.pid)
        assert psutil.Process(attempt.handle.pid).status() != psutil.STATUS_ZOMBIE
    finally:
        kill_tree(proc.pid)
        kill_everything_under(tmp_path)


def test_a_damaged_state_json_at_start_exits_2_with_one_line(tmp_path):
    run_dir = make_run(tmp_path, TWO_STAGES)
    text = (run_dir / "state.json").read_text()
    (run_dir / "state.json").write_text(text[: len(text) // 2])
    proc, log = start_daemon(tmp_path, run_dir)
    try:
        code, err = finish(proc, timeout=20)
    finally:
        kill_tree(proc.pid)
    assert code == 2, err
    lines = lines_of(log)
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{run_dir.name}: daemon stops: {run_dir / 'state.json'}: not valid JSON")
    assert "snapshot" in lines[0]  # the store says how to get back
    assert not (tmp_path / "proj" / "a.txt").exists()


def test_state_json_damaged_while_the_daemon_runs_stops_it_with_2(tmp_path):
    run_dir = make_run(tmp_path, LONG_JOB)
    proc, log = start_daemon(tmp_path, run_dir)
    try:
        wait_for(lambda: "launched" in log.read_text(), timeout=20, what="the slow job to launch")
        with RunStore(run_dir).lock(wait=30, what="test"):  # never beside a tick, whose save would mend it
            (run_dir / "state.json").write_text('{"schema_version": ')
        code, err = finish(proc, timeout=10)
        assert code == 2, err
        assert "Traceback" not in err
        # The next tick's read says so ("tick failed: ...; daemon stops"), or, when the damage landed just after a
        # tick released the lock, the daemon's own read of the run after that tick ("daemon stops: ..."): one line.
        stops = [line for line in lines_of(log) if "daemon stops" in line]
        assert len(stops) == 1, lines_of(log)
        assert stops[0] == lines_of(log)[-1]
        assert "not valid JSON" in stops[0]
    finally:
        kill_tree(proc.pid)
        kill_everything_under(tmp_path)


# --- in-process: the decisions that need a tick to misbehave on purpose ---------------------------


def test_a_tick_that_raises_is_one_line_and_the_daemon_goes_on(tmp_path, monkeypatch):
    run_dir = make_run(tmp_path, TWO_STAGES)
    calls = []

    def fake_tick(path):
        calls.append(path)
        if len(calls) == 1:
            raise RuntimeError("backend hiccup\nsecond line")
        if len(calls) == 2:
            return TickResult(False, "busy")
        store = RunStore(path)
        state = store.load()
        state.phase = Phase.COMPLETE
        store.save(state)
        return TickResult(True, "done", Phase.COMPLETE, [{"event": "gate_met", "message": "gate met"}])

    monkeypatch.setattr(daemon_mod, "run_tick", fake_tick)
    out = io.StringIO()
    began = time.monotonic()
    assert run_daemon(run_dir, every=0.2, out=out, jitter=0) == 0
    assert time.monotonic() - began < 10
    rid = run_dir.name
    assert out.getvalue().splitlines()[1:] == [
        f"{rid}: tick failed: RuntimeError: backend hiccup second line; the next tick tries again",
        f"{rid}: tick skipped: another tick holds the lock",
        f"{rid}: tick: complete, 1 event",
        f"{rid}: run: gate met",
        f"{rid}: run is complete; daemon exits",
    ]
    assert len(calls) == 3
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # handlers put back


def test_first_tick_waits_an_interval_when_asked_and_a_run_ended_elsewhere_stops_it(tmp_path, monkeypatch):
    run_dir = make_run(tmp_path, TWO_STAGES)
    times = []

    def fake_tick(path):
        times.append(time.monotonic())
        store = RunStore(path)
        state = store.load()
        state.phase = Phase.EXPIRED
        store.save(state)  # as if `tianluo tick` by hand had ended the run since the last tick
        return TickResult(False, "over", Phase.EXPIRED, [{"event": "trigger_removed", "message": "gone"}])

    monkeypatch.setattr(daemon_mod, "run_tick", fake_tick)
    out = io.StringIO()
    began = time.monotonic()
    assert run_daemon(run_dir, every=1.0, out=out, jitter=0, first_tick_now=False) == 0
    assert len(times) == 1 and times[0] - began >= 0.9
    rid = run_dir.name
    assert out.getvalue().splitlines()[1:] == [
        f"{rid}: tick: expired (nothing to do), 1 event",
        f"{rid}: run: gone",
        f"{rid}: run is expired; daemon exits",
    ]


@pytest.mark.parametrize("every, jitter", [(0, None), (-5, None), (10, -1)])
def test_bad_interval_or_jitter_is_a_usage_error(tmp_path, every, jitter):
    with pytest.raises(TianluoError) as info:
        run_daemon(tmp_path, every=every, jitter=jitter, out=io.StringIO())
    assert info.value.exit_code == 2


def test_default_jitter_is_a_tenth_capped_at_30s():
    assert daemon_mod.default_jitter(10) == 1
    assert daemon_mod.default_jitter(600) == 30
    assert json.dumps(daemon_mod.default_jitter(1.0)) == "0.1"


@pytest.mark.integration
def test_tianluo_daemon_from_the_cli_ticks_to_complete_and_exits_0(tmp_path):
    from conftest import cli, write_spec
    from forked_cli import start_run, status_json

    spec = write_spec(tmp_path / "proj", """\
        name: cli-daemon
        entities:
          a:
            stages:
              one: {run: echo 1 > one.txt, done_when: {exists: one.txt}}
              two: {run: echo 2 > two.txt, needs: [one], done_when: {exists: two.txt}}
        """)
    run_dir = start_run(spec, tmp_path / "home", tmp_path, "--no-tick")  # in a fork; the daemon a real process
    proc = cli("daemon", "--run", run_dir, "--every", "1s", cwd=tmp_path, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert status_json(run_dir, tmp_path)["phase"] == "complete"
    assert f"{run_dir.name}: daemon started" in proc.stdout
    assert proc.stdout.count(": tick: ") >= 2


def test_the_log_shows_holds_releases_and_the_end_made_elsewhere_and_the_daemon_exits_within_seconds(tmp_path):
    cli = forked_cli.run  # the hold, release and stop made elsewhere: in forks of this process

    run_dir = make_run(tmp_path, LONG_JOB)
    proc, log = start_daemon(tmp_path, run_dir, every=120.0)  # no second tick during the test
    rid = run_dir.name
    try:
        wait_for(lambda: any(": tick: " in line for line in lines_of(log)), what="the first tick")
        assert (run_dir / ".daemon").exists()
        cli("hold", "e", "--reason", "look at it", "--run", run_dir, cwd=tmp_path, check=True)
        cli("release", "e", "--no-tick", "--run", run_dir, cwd=tmp_path, check=True)
        wait_for(lambda: any("released" in line for line in lines_of(log)), what="the release in the log")
        began = time.monotonic()
        cli("stop", "--reason", "enough", "--run", run_dir, cwd=tmp_path, check=True)
        code, err = finish(proc, timeout=15)
        assert time.monotonic() - began < 8, "the daemon waited for its next tick"
    finally:
        kill_everything_under(tmp_path)
    assert code == 0, err
    lines = lines_of(log)
    assert any(line.startswith(f"{rid}: e: held by a human: look at it") for line in lines), lines
    assert any(line.startswith(f"{rid}: run: stopped by the owner: enough") for line in lines), lines
    assert lines[-1] == f"{rid}: run is stopped; daemon exits"
    assert not (run_dir / ".daemon").exists()
