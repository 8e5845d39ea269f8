"""The cron trigger against Debian's real cron daemon: a tagged line, ticks by cron itself,
and the line removed by the tick that meets the gate. In CI these tests must run."""

import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
from conftest import (
    cli,
    read_state,
    status_json,
    wait_for,
    without_lines_marked,
    write_spec,
)

from tianluo.triggers import cron

pytestmark = [pytest.mark.integration, pytest.mark.cron]

SPEC = """\
name: cron-run
interval: 1m
entities:
  a:
    stages:
      make:
        run: echo made > made.txt
        done_when: {exists: made.txt}
"""


def _need(binary: str) -> str:
    path = shutil.which(binary)
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{binary} is missing: scripts/test installs Debian's cron when run as root")
        pytest.skip(f"{binary} is not installed (scripts/test installs it when run as root)")
    return path


class CronDaemon:
    """The cron these tests started (``proc``; None when one already ran here: not ours to stop)."""

    def __init__(self, binary: str):
        self.binary, self.proc = binary, None

    def start(self) -> None:
        self.proc = subprocess.Popen([self.binary, "-f"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        # cron reads the crontabs as it starts, and later only when their folder's mtime (whole seconds)
        # changed: a crontab written in the second it started in would go unseen
        time.sleep(1.1)

    def stop(self) -> None:
        os.killpg(self.proc.pid, signal.SIGTERM)
        self.proc.wait(timeout=10)


#: The line ``user_line`` plants (a user's own line the tests must never touch).
MINE = "17 3 * * * echo mine >/dev/null  # not tianluo's"


@pytest.fixture(scope="module")
def cron_daemon(tmp_path_factory):
    """Debian's cron, started in the foreground for these tests (unless one already runs)."""
    daemon = CronDaemon(_need("cron"))
    _need("crontab")
    running = subprocess.run(["pgrep", "-x", "cron"], capture_output=True, timeout=10).returncode == 0
    if not running:
        daemon.start()
    try:
        yield daemon
    finally:
        # Only what these tests added is taken back (their runs' lines name the test folders, and the
        # planted user line): writing back the crontab read at the start dropped lines others added since.
        ours = (str(tmp_path_factory.getbasetemp()), MINE)
        cron.write(without_lines_marked(cron.read(), ours))
        if daemon.proc is not None and daemon.proc.poll() is None:
            daemon.stop()


@pytest.fixture
def user_line(cron_daemon):
    """A line of the user's own that must never be touched."""
    cron.write(cron.read() + MINE + "\n")
    return MINE


def _start(tmp_path: Path, *extra: str) -> Path:
    spec = write_spec(tmp_path / "proj", SPEC)
    proc = cli("start", spec, "--home", tmp_path / "home", "--accept-defaults", "--no-tick", *extra,
               cwd=tmp_path, check=True)
    return Path(proc.stdout.strip().splitlines()[-1])


def test_install_twice_replaces_and_uninstall_removes_only_this_runs_line(tmp_path, user_line):
    run_dir = _start(tmp_path, "--trigger", "cron", "--every", "10m")
    run_id = run_dir.name
    lines = cron.installed(run_id)
    assert len(lines) == 1
    assert f"--run {run_dir}" in lines[0] and f"# tianluo:{run_id}" in lines[0]
    assert lines[0].split()[1:5] == ["*", "*", "*", "*"] and "/10" in lines[0].split()[0]
    cli("install", "cron", "--run", run_dir, "--every", "15m", cwd=tmp_path, check=True)
    lines = cron.installed(run_id)
    assert len(lines) == 1 and "/15" in lines[0].split()[0]
    assert user_line in cron.read()
    cli("uninstall", "--run", run_dir, cwd=tmp_path, check=True)
    assert cron.installed(run_id) == []
    assert user_line in cron.read()


def test_an_interval_outside_one_minute_to_one_hour_is_refused(tmp_path, cron_daemon):
    proc = cli("start", write_spec(tmp_path / "p", SPEC), "--home", tmp_path / "h", "--accept-defaults",
               "--trigger", "cron", "--every", "30s", cwd=tmp_path)
    assert proc.returncode == 2 and "1m to 1h" in proc.stderr
    assert not (tmp_path / "h").exists() or not any((tmp_path / "h").glob("*/state.json"))


def test_cron_itself_ticks_the_run_and_the_gate_removes_the_line(tmp_path, user_line):
    run_dir = _start(tmp_path, "--trigger", "cron", "--every", "1m")
    run_id = run_dir.name
    assert len(cron.installed(run_id)) == 1
    # cron's own tick, with cron's minimal environment, moves the run forward (bounded); cron starts on the minute, so
    # a look a second is enough (a `status` process every 50 ms spent most of the suite's CPU of this lane waiting)
    wait_for(lambda: status_json(run_dir, tmp_path)["tick_count"] >= 1, timeout=150, interval=1.0,
             what="a tick run by cron")
    assert (run_dir / "cron.log").exists()
    doc = status_json(run_dir, tmp_path)
    assert doc["entities"]["a"]["stages"]["make"]["attempt"] == 1
    # the tick that meets the gate removes the run's own line, and only that line
    deadline = time.monotonic() + 60
    while status_json(run_dir, tmp_path)["phase"] != "complete" and time.monotonic() < deadline:
        cli("tick", "--run", run_dir, cwd=tmp_path, check=True)
        time.sleep(0.5)
    assert status_json(run_dir, tmp_path)["phase"] == "complete"
    assert cron.installed(run_id) == []
    assert user_line in cron.read()
    events = [line for line in (run_dir / "events.jsonl").read_text().splitlines() if "trigger_removed" in line]
    assert len(events) == 1


def test_the_crontab_line_runs_the_tick_under_a_hard_time_limit(tmp_path):
    run_dir = tmp_path / "run"
    for every, limit in [(60, "60s"), (600, "600s"), (3600, "600s")]:
        command = cron.line_command(run_dir, "20261130-000000-x", every)
        words = __import__("shlex").split(command.split(";", 1)[1])
        assert words[0].startswith("PATH=")
        assert words[1:5] == [cron.timeout_command(), "-k", "30s", limit]  # TERM at the limit, KILL 30 s later
        assert os.path.isabs(words[1]) and os.access(words[1], os.X_OK)
        assert words[5:9] == [__import__("sys").executable, "-m", "tianluo", "tick"]


@pytest.mark.parametrize("planted", ["missing", "plain", "symlink", "hard link", "dangling", "fifo", "folder"])
def test_the_crontab_line_never_appends_through_a_planted_cron_log(tmp_path, planted):
    """cron's shell opens cron.log itself (`>>` follows links and hard links): the line sends the
    tick's output to /dev/null instead when cron.log is not a plain file of its own."""
    from tianluo.triggers.cron import log_guard

    log = tmp_path / "cron.log"
    victim = tmp_path / "shadow"
    victim.write_text("root:secret\n")
    if planted == "plain":
        log.write_text("earlier\n")
    elif planted == "symlink":
        log.symlink_to(victim)
    elif planted == "hard link":
        os.link(victim, log)
    elif planted == "dangling":
        log.symlink_to(tmp_path / "made-by-cron")
    elif planted == "fifo":
        os.mkfifo(log)
    elif planted == "folder":
        log.mkdir()
    proc = subprocess.run(["/bin/sh", "-c", f'{log_guard(log)}; echo tick-output >> "$L" 2>&1'],
                          capture_output=True, text=True, timeout=10)
    assert proc.returncode == 0, proc.stderr
    assert victim.read_text() == "root:secret\n"
    assert not (tmp_path / "made-by-cron").exists()
    if planted in ("missing", "plain"):
        assert log.read_text().endswith("tick-output\n")


def test_install_into_a_run_folder_that_cannot_record_it_installs_nothing(tmp_path, user_line):
    """`install cron` on a run whose events.jsonl is a planted hard link: exit 2 naming it, and no
    crontab line left behind for a run that could not record it (it used to be installed first)."""
    run_dir = _start(tmp_path, "--trigger", "none")
    os.link(run_dir / "events.jsonl", tmp_path / "second-name")
    before = cron.read()
    proc = cli("install", "cron", "--every", "10m", "--run", run_dir, cwd=tmp_path)
    assert proc.returncode == 2 and "hard link" in proc.stderr, proc.stderr
    assert cron.read() == before
    assert cron.installed(run_dir.name) == []


def test_an_install_that_cannot_take_the_lock_takes_its_line_back(tmp_path, user_line, monkeypatch):
    """The line is written before state.json records it; if the record cannot be made (the lock
    stays taken), the line is removed again, or it would tick a run that does not know of it."""
    import fcntl

    from tianluo import commands
    from tianluo.errors import TianluoError

    run_dir = _start(tmp_path, "--trigger", "none")
    monkeypatch.setattr(commands, "LOCK_WAIT_S", 0.3)
    fd = os.open(run_dir / ".lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # a tick holds the run's lock
        with pytest.raises(TianluoError) as refused:
            commands.install_trigger(run_dir.resolve(), "cron", 600.0)
        assert refused.value.exit_code == commands.EXIT_BUSY
    finally:
        os.close(fd)
    assert cron.installed(run_dir.name) == []
    assert user_line in cron.read()
    assert read_state(run_dir)["trigger"] in (None, {}) or read_state(run_dir)["trigger"]["kind"] == "none"


def test_start_and_install_say_when_no_cron_daemon_runs_and_stop_saying_it_once_one_does(tmp_path, cron_daemon):
    if cron_daemon.proc is None:
        pytest.skip("a cron daemon these tests did not start runs here: it is not theirs to stop")
    spec = write_spec(tmp_path / "proj", SPEC)
    cron_daemon.stop()
    try:
        assert cron.daemon_running() is False
        proc = cli("start", spec, "--home", tmp_path / "home", "--accept-defaults", "--no-tick", "--trigger", "cron",
                   "--every", "10m", cwd=tmp_path, check=True)
        run_dir = Path(proc.stdout.strip().splitlines()[-1])
        warned = [line for line in proc.stderr.splitlines() if "no cron daemon is running" in line]
        assert len(warned) == 1, proc.stderr
        assert len(cron.installed(run_dir.name)) == 1  # installed all the same
        again = cli("install", "cron", "--run", run_dir, "--every", "10m", cwd=tmp_path, check=True)
        assert "no cron daemon is running" in again.stderr
        # a run whose ticks stopped coming: status says what to look at, and that cron is not running
        state = json.loads((run_dir / "state.json").read_text())
        state["last_tick_at"] = "2026-01-01T00:00:00.000000Z"
        (run_dir / "state.json").write_text(json.dumps(state))
        loud = [line for line in cli("status", "--run", run_dir, cwd=tmp_path, check=True).stdout.splitlines()
                if line.startswith("OVERDUE:")]
        assert len(loud) == 1 and "is cron running?" in loud[0] and "NO cron process runs here" in loud[0]
    finally:
        cron_daemon.start()
    assert cron.daemon_running() is True
    proc = cli("install", "cron", "--run", run_dir, "--every", "10m", cwd=tmp_path, check=True)
    assert "cron daemon" not in proc.stderr, proc.stderr
    loud = [line for line in cli("status", "--run", run_dir, cwd=tmp_path, check=True).stdout.splitlines()
            if line.startswith("OVERDUE:")]
    assert len(loud) == 1 and "a cron process does run here" in loud[0]
    cli("uninstall", "--run", run_dir, cwd=tmp_path, check=True)
    assert cron.installed(run_dir.name) == []


def test_status_says_at_once_when_no_cron_daemon_runs(tmp_path, cron_daemon):
    run_dir = _start(tmp_path, "--trigger", "cron", "--every", "10m")
    running = json.loads(cli("status", "--run", run_dir, "--json", cwd=tmp_path, check=True).stdout)
    assert running["trigger_problem"] is None  # cron runs (the fixture's, or the host's)
    if cron_daemon.proc is None:
        return  # the host's own cron: not ours to stop
    cron_daemon.stop()
    try:
        doc = json.loads(cli("status", "--run", run_dir, "--json", cwd=tmp_path, check=True).stdout)
        assert doc["overdue"] is False  # just started: nothing is late yet, and still it is said
        assert doc["trigger_problem"].startswith("no cron daemon is running here")
        text = cli("status", "--run", run_dir, cwd=tmp_path, check=True).stdout
        assert "TRIGGER CANNOT FIRE: no cron daemon is running here" in text
    finally:
        cron_daemon.start()
