"""The systemd trigger: units that ``systemd-analyze verify`` accepts without a word, files in
a temporary unit folder, and a fake ``systemctl`` on PATH wherever systemd "runs".

No test touches the host's systemd: ``systemd_running`` is forced false unless a test puts the
fake systemctl first on PATH.
"""

import configparser
import os
import shlex
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import clean_env, cli, write_spec

from tianluo import triggers
from tianluo.errors import TianluoError
from tianluo.triggers import systemd
from tianluo.triggers.systemd import SystemdError

RUN_ID = "20261129-161113-edit-me"
SERVICE = f"tianluo-{RUN_ID}.service"
TIMER = f"tianluo-{RUN_ID}.timer"
REPO_DEPLOY = Path(__file__).resolve().parents[1] / "deploy"
VERIFY_TIMEOUT = 60.0
# Every character a path can hold that means something to systemd or a shell.
AWKWARD = "we ird %n %% $HOME ${X} \"dq\" 's' back\\slash ü;x"


@pytest.fixture(autouse=True)
def _no_host_systemd(monkeypatch):
    monkeypatch.setattr(systemd, "systemd_running", lambda: False)


@pytest.fixture
def run_dir(tmp_path) -> Path:
    folder = tmp_path / "home" / RUN_ID
    folder.mkdir(parents=True)
    return folder


@pytest.fixture
def unit_dir(tmp_path) -> Path:
    return tmp_path / "units"


@pytest.fixture
def fake_systemctl(tmp_path, monkeypatch):
    """systemd "runs", and ``systemctl`` is a script that logs its arguments (one call a line).

    ``FAKE_SYSTEMCTL_FAIL=word`` makes any call whose arguments contain ``word`` fail with a
    message on stderr; ``FAKE_SYSTEMCTL_SLEEP=seconds`` makes every call hang that long.
    """
    bin_dir = tmp_path / "fakebin"
    bin_dir.mkdir()
    log = tmp_path / "systemctl.log"
    script = bin_dir / "systemctl"
    script.write_text(
        "#!/bin/sh\n"
        f"echo \"$*\" >> '{log}'\n"
        "if [ -n \"$FAKE_SYSTEMCTL_SLEEP\" ]; then sleep \"$FAKE_SYSTEMCTL_SLEEP\"; fi\n"
        "case \" $* \" in *\" $FAKE_SYSTEMCTL_FAIL \"*)\n"
        "  if [ -n \"$FAKE_SYSTEMCTL_FAIL\" ]; then\n"
        "    echo 'Failed to connect to bus: No medium found' >&2; exit 1\n"
        "  fi;;\n"
        "esac\n"
        "exit 0\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.delenv("FAKE_SYSTEMCTL_FAIL", raising=False)
    monkeypatch.delenv("FAKE_SYSTEMCTL_SLEEP", raising=False)
    monkeypatch.setattr(systemd, "systemd_running", lambda: True)

    def calls() -> list[str]:
        return log.read_text().splitlines() if log.exists() else []

    return calls


def read_unit(path: Path) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None, strict=True, delimiters=("=",),
                                       comment_prefixes=("#", ";"), inline_comment_prefixes=None)
    parser.optionxform = str
    parser.read_string(path.read_text(encoding="utf-8"))
    return parser


def systemd_words(value: str) -> list[str]:
    """Undo the ExecStart= quoting the module writes: double quotes with ``\\`` escapes, ``%%``, ``$$``."""
    return [w.replace("%%", "%").replace("$$", "$") for w in shlex.split(value)]


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# --- systemd-analyze verify --------------------------------------------------------------------


def systemd_analyze() -> str:
    found = shutil.which("systemd-analyze")
    if found is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("systemd-analyze is not installed, and CI must run the unit verification")
        pytest.skip("systemd-analyze is not installed")
    return found


def verify(units: list[Path], tmp_path: Path, user: bool = False) -> None:
    """``systemd-analyze [--user] verify --man=no``: it must succeed and say nothing at all.

    Verify runs a manager offline, so it needs no running systemd. The user manager wants a
    runtime folder; a private one in tmp_path serves (a container has no /run/user/UID).
    """
    env = dict(os.environ, SYSTEMD_LOG_COLOR="0", SYSTEMD_PAGER="", SYSTEMD_COLORS="0")
    if user:
        runtime = tmp_path / "xdg-runtime"
        runtime.mkdir(mode=0o700, exist_ok=True)
        env["XDG_RUNTIME_DIR"] = str(runtime)
    argv = [systemd_analyze(), *(["--user"] if user else []), "verify", "--man=no", *map(str, units)]
    proc = subprocess.run(argv, check=False, capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL,
                          timeout=VERIFY_TIMEOUT)
    said = (proc.stdout + proc.stderr).strip()
    assert proc.returncode == 0 and not said, (
        f"`{shlex.join(argv)}` exit {proc.returncode}:\n{said}\n--- units:\n"
        + "\n".join(f"# {u}\n{u.read_text()}" for u in units))


@pytest.mark.parametrize("scope", ["user", "system"])
@pytest.mark.parametrize("awkward", [False, True], ids=["plain-path", "awkward-path"])
def test_units_pass_systemd_analyze_verify_without_a_word(tmp_path, unit_dir, scope, awkward):
    folder = tmp_path / (AWKWARD if awkward else "plain") / RUN_ID
    folder.mkdir(parents=True)
    systemd.install(folder, RUN_ID, 600, scope=scope, unit_dir=unit_dir)
    units = [unit_dir / SERVICE, unit_dir / TIMER]
    verify(units, tmp_path)
    if scope == "user":
        verify(units, tmp_path, user=True)


@pytest.mark.parametrize("every", [60, 61.5, 3600])
def test_other_intervals_verify_too(tmp_path, run_dir, unit_dir, every):
    systemd.install(run_dir, RUN_ID, every, unit_dir=unit_dir)
    verify([unit_dir / SERVICE, unit_dir / TIMER], tmp_path)


def test_verify_does_complain_about_a_bad_unit(tmp_path):
    """The verify check is not vacuous: a unit with an unknown key and a missing binary fails it."""
    bad = tmp_path / "tianluo-bad.service"
    bad.write_text("[Unit]\nDescription=bad\nBogus=1\n\n[Service]\nType=oneshot\nExecStart=/nonexistent/tick\n")
    with pytest.raises(AssertionError, match="Bogus"):
        verify([bad], tmp_path)


# --- what the units say ------------------------------------------------------------------------


@pytest.mark.parametrize("every", [600, 900, 61.5])
def test_timer_fires_every_interval(run_dir, unit_dir, every):
    systemd.install(run_dir, RUN_ID, every, unit_dir=unit_dir)
    timer = read_unit(unit_dir / TIMER)
    span = f"{int(every)}s" if float(every).is_integer() else f"{round(every * 1000)}ms"
    assert timer["Timer"]["OnUnitActiveSec"] == span
    delay = min(every / 10, 60)
    assert timer["Timer"]["RandomizedDelaySec"] == (
        f"{int(delay)}s" if float(delay).is_integer() else f"{round(delay * 1000)}ms")
    assert timer["Timer"]["OnBootSec"]
    assert timer["Timer"]["AccuracySec"]
    # systemd.timer(5): Persistent= "only has an effect on timers configured with OnCalendar=";
    # this timer is monotonic (OnUnitActiveSec), and OnBootSec is what ticks soon after a reboot
    assert "Persistent" not in timer["Timer"]
    assert timer["Timer"]["Unit"] == SERVICE
    assert timer["Install"]["WantedBy"] == "timers.target"
    assert RUN_ID in timer["Unit"]["Description"]


@pytest.mark.parametrize("awkward", [False, True], ids=["plain-path", "awkward-path"])
def test_service_runs_the_tick_command_with_absolute_paths(tmp_path, unit_dir, awkward):
    folder = tmp_path / (AWKWARD if awkward else "plain") / RUN_ID
    folder.mkdir(parents=True)
    systemd.install(folder, RUN_ID, 600, unit_dir=unit_dir)
    service = read_unit(unit_dir / SERVICE)["Service"]
    argv = systemd_words(service["ExecStart"])
    assert argv == triggers.tick_command(folder)
    assert argv[0] == sys.executable and os.path.isabs(argv[0])
    assert argv[argv.index("--run") + 1] == str(folder.resolve())
    assert service["Type"] == "oneshot"
    assert service["WorkingDirectory"].replace("%%", "%") == str(folder.resolve())
    assert service["KillMode"] == "process"  # the job runners outlive the tick
    assert service["TimeoutStartSec"] == "600s"
    path = systemd_words(service["Environment"])
    assert len(path) == 1 and path[0].startswith(f"PATH={os.path.dirname(sys.executable)}:")
    assert "/usr/bin" in path[0].split("=", 1)[1].split(":")
    assert RUN_ID in read_unit(unit_dir / SERVICE)["Unit"]["Description"]


def test_a_stuck_tick_is_bounded(run_dir, unit_dir):
    # twice the tick's budget (half the interval, at most 5 min), within 1..15 min; KILL 30 s after TERM
    for every, timeout in [(60, "60s"), (600, "600s"), (900, "600s"), (3600, "600s")]:
        systemd.install(run_dir, RUN_ID, every, unit_dir=unit_dir)
        service = read_unit(unit_dir / SERVICE)["Service"]
        assert service["TimeoutStartSec"] == timeout
        assert service["TimeoutStopSec"] == "30s"


def test_system_scope_runs_as_the_run_folders_owner(run_dir, unit_dir):
    import pwd

    systemd.install(run_dir, RUN_ID, 600, scope="system", unit_dir=unit_dir)
    owner = pwd.getpwuid(run_dir.stat().st_uid).pw_name
    assert read_unit(unit_dir / SERVICE)["Service"]["User"] == owner
    systemd.install(run_dir, RUN_ID, 600, scope="user", unit_dir=unit_dir)
    assert "User" not in read_unit(unit_dir / SERVICE)["Service"]


# --- templates ---------------------------------------------------------------------------------


def test_embedded_templates_equal_the_deploy_files():
    assert systemd.SERVICE_TEMPLATE == (REPO_DEPLOY / "tianluo-tick.service.in").read_text(encoding="utf-8")
    assert systemd.TIMER_TEMPLATE == (REPO_DEPLOY / "tianluo-tick.timer.in").read_text(encoding="utf-8")
    assert systemd.DEPLOY_DIR == REPO_DEPLOY


def test_without_the_deploy_folder_the_embedded_templates_give_the_same_units(tmp_path, run_dir, monkeypatch):
    from_deploy = (systemd.render_service(run_dir, RUN_ID, 600), systemd.render_timer(RUN_ID, 600))
    monkeypatch.setattr(systemd, "DEPLOY_DIR", tmp_path / "not-shipped")
    assert (systemd.render_service(run_dir, RUN_ID, 600), systemd.render_timer(RUN_ID, 600)) == from_deploy
    assert "@" not in "".join(line for line in "".join(from_deploy).splitlines() if not line.startswith("#"))


# --- install, reinstall, uninstall ---------------------------------------------------------------


def test_install_twice_replaces_the_same_two_files(run_dir, unit_dir):
    systemd.install(run_dir, RUN_ID, 600, unit_dir=unit_dir)
    assert listing(unit_dir) == [SERVICE, TIMER]
    first = (unit_dir / TIMER).read_text()
    systemd.install(run_dir, RUN_ID, 900, unit_dir=unit_dir)
    assert listing(unit_dir) == [SERVICE, TIMER]  # no temp files, no second pair
    assert (unit_dir / TIMER).read_text() != first
    assert read_unit(unit_dir / TIMER)["Timer"]["OnUnitActiveSec"] == "900s"
    assert read_unit(unit_dir / SERVICE)["Service"]["TimeoutStartSec"] == "600s"


def test_uninstall_removes_exactly_the_two_unit_files(run_dir, unit_dir):
    systemd.install(run_dir, RUN_ID, 600, unit_dir=unit_dir)
    other = "20261129-161113-edit-me-2"
    systemd.install(run_dir, other, 600, unit_dir=unit_dir)
    (unit_dir / "unrelated.timer").write_text("[Timer]\nOnCalendar=daily\n")
    (unit_dir / f"{SERVICE}.d").mkdir()
    (unit_dir / f"{SERVICE}.d" / "override.conf").write_text("[Service]\nNice=5\n")
    before = listing(unit_dir)

    assert systemd.uninstall(run_dir, RUN_ID, unit_dir=unit_dir) is True
    assert listing(unit_dir) == sorted(set(before) - {SERVICE, TIMER})
    assert (unit_dir / f"{SERVICE}.d" / "override.conf").exists()
    assert systemd.uninstall(run_dir, RUN_ID, unit_dir=unit_dir) is False
    assert systemd.uninstall(run_dir, RUN_ID, unit_dir=unit_dir / "never-made") is False


def test_dry_run_writes_nothing_and_shows_the_units(run_dir, unit_dir):
    installed = systemd.install(run_dir, RUN_ID, 600, dry_run=True, unit_dir=unit_dir)
    assert not unit_dir.exists()
    assert installed.kind == "systemd"
    assert systemd.render_service(run_dir, RUN_ID, 600) in installed.detail
    assert systemd.render_timer(RUN_ID, 600) in installed.detail
    assert str(unit_dir / SERVICE) in installed.detail and str(unit_dir / TIMER) in installed.detail
    assert installed.commands == ["systemctl --user daemon-reload", f"systemctl --user enable --now {TIMER}"]


def test_dry_run_with_systemd_running_runs_nothing(run_dir, unit_dir, fake_systemctl):
    systemd.install(run_dir, RUN_ID, 600, dry_run=True, unit_dir=unit_dir)
    assert not unit_dir.exists()
    assert fake_systemctl() == []


@pytest.mark.parametrize("scope, flag", [("user", ["--user"]), ("system", [])])
def test_without_systemd_the_units_are_written_and_the_commands_returned(run_dir, unit_dir, scope, flag):
    installed = systemd.install(run_dir, RUN_ID, 600, scope=scope, unit_dir=unit_dir)
    assert listing(unit_dir) == [SERVICE, TIMER]
    assert installed.kind == "systemd"
    assert installed.commands == [shlex.join(["systemctl", *flag, "daemon-reload"]),
                                  shlex.join(["systemctl", *flag, "enable", "--now", TIMER])]
    assert "not running" in installed.detail


def test_default_unit_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    assert systemd.default_unit_dir("user") == tmp_path / ".config" / "systemd" / "user"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    assert systemd.default_unit_dir("user") == tmp_path / "cfg" / "systemd" / "user"
    assert systemd.default_unit_dir("system") == Path("/etc/systemd/system")


def test_user_scope_default_folder_is_created(run_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "h"))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    systemd.install(run_dir, RUN_ID, 600)
    assert listing(tmp_path / "h" / ".config" / "systemd" / "user") == [SERVICE, TIMER]
    assert systemd.uninstall(run_dir, RUN_ID) is True


# --- where systemd runs ------------------------------------------------------------------------


@pytest.mark.parametrize("scope, flag", [("user", "--user "), ("system", "")])
def test_with_systemd_install_reloads_and_enables_uninstall_disables(run_dir, unit_dir, fake_systemctl,
                                                                     scope, flag):
    installed = systemd.install(run_dir, RUN_ID, 600, scope=scope, unit_dir=unit_dir)
    assert installed.commands == []
    assert TIMER in installed.detail
    assert fake_systemctl() == [f"--no-ask-password {flag}daemon-reload",
                                f"--no-ask-password {flag}enable --now {TIMER}"]
    assert systemd.uninstall(run_dir, RUN_ID, scope=scope, unit_dir=unit_dir) is True
    assert fake_systemctl()[2:] == [f"--no-ask-password {flag}disable --now {TIMER}",
                                    f"--no-ask-password {flag}daemon-reload"]
    assert not unit_dir.joinpath(SERVICE).exists() and not unit_dir.joinpath(TIMER).exists()
    assert systemd.uninstall(run_dir, RUN_ID, scope=scope, unit_dir=unit_dir) is False
    assert len(fake_systemctl()) == 4  # nothing to disable, nothing to reload


def test_a_failing_systemctl_is_one_clear_error(run_dir, unit_dir, fake_systemctl, monkeypatch):
    monkeypatch.setenv("FAKE_SYSTEMCTL_FAIL", "enable")
    with pytest.raises(SystemdError) as caught:
        systemd.install(run_dir, RUN_ID, 600, unit_dir=unit_dir)
    message = str(caught.value)
    assert isinstance(caught.value, TianluoError) and "\n" not in message
    assert "systemctl --user enable --now" in message and "Failed to connect to bus" in message
    assert "systemctl --user daemon-reload" in message  # what to run once fixed
    assert listing(unit_dir) == [SERVICE, TIMER]


def test_a_failing_disable_leaves_the_units_for_the_next_try(run_dir, unit_dir, fake_systemctl, monkeypatch):
    systemd.install(run_dir, RUN_ID, 600, unit_dir=unit_dir)
    monkeypatch.setenv("FAKE_SYSTEMCTL_FAIL", "disable")
    with pytest.raises(SystemdError, match="disable --now"):
        systemd.uninstall(run_dir, RUN_ID, unit_dir=unit_dir)
    assert listing(unit_dir) == [SERVICE, TIMER]
    monkeypatch.delenv("FAKE_SYSTEMCTL_FAIL")
    assert systemd.uninstall(run_dir, RUN_ID, unit_dir=unit_dir) is True


def test_a_hanging_systemctl_is_cut_off(run_dir, unit_dir, fake_systemctl, monkeypatch):
    monkeypatch.setattr(systemd, "SYSTEMCTL_TIMEOUT", 0.5)
    monkeypatch.setenv("FAKE_SYSTEMCTL_SLEEP", "10")
    with pytest.raises(SystemdError, match="did not finish within 0.5s"):
        systemd.install(run_dir, RUN_ID, 600, unit_dir=unit_dir)


def test_no_systemctl_at_all_is_a_clear_error(run_dir, unit_dir, tmp_path, monkeypatch):
    monkeypatch.setattr(systemd, "systemd_running", lambda: True)
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    with pytest.raises(SystemdError, match="systemctl is not installed"):
        systemd.install(run_dir, RUN_ID, 600, unit_dir=unit_dir)


# --- refusals and the trigger interface ----------------------------------------------------------


@pytest.mark.parametrize("bad", ["", "../etc/passwd", "a b", "a/b", "-leading", "x.service", "ü", "a" * 300])
def test_run_ids_unsafe_in_unit_names_are_refused(run_dir, unit_dir, bad):
    with pytest.raises(SystemdError, match="cannot name a systemd unit"):
        systemd.install(run_dir, bad, 600, unit_dir=unit_dir)
    with pytest.raises(SystemdError):
        systemd.uninstall(run_dir, bad, unit_dir=unit_dir)
    assert not unit_dir.exists()


def test_bad_scope_interval_and_folder_are_refused(run_dir, unit_dir, tmp_path):
    with pytest.raises(SystemdError, match="scope"):
        systemd.install(run_dir, RUN_ID, 600, scope="global", unit_dir=unit_dir)
    for every in (0, -5, float("inf"), float("nan")):
        with pytest.raises(SystemdError, match="interval"):
            systemd.install(run_dir, RUN_ID, every, unit_dir=unit_dir)
    with pytest.raises(SystemdError, match="does not exist"):
        systemd.install(tmp_path / "missing", RUN_ID, 600, unit_dir=unit_dir)
    newline = tmp_path / "new\nline"
    newline.mkdir()
    with pytest.raises(SystemdError, match="control characters"):
        systemd.install(newline, RUN_ID, 600, unit_dir=unit_dir)
    assert not unit_dir.exists()


def test_through_the_trigger_interface_with_options_as_state_json_keeps_them(run_dir, unit_dir):
    installed = triggers.install("systemd", run_dir, RUN_ID, 600, scope="user", dry_run=False, unit_dir=unit_dir)
    assert installed.kind == "systemd" and listing(unit_dir) == [SERVICE, TIMER]
    # state.json records options as strings; install-only ones come back to uninstall too
    recorded = {"scope": "user", "dry_run": "False", "unit_dir": str(unit_dir)}
    assert triggers.uninstall("systemd", run_dir, RUN_ID, **recorded) is True
    assert listing(unit_dir) == []


def test_a_start_whose_units_cannot_be_written_leaves_no_empty_home_behind(tmp_path):
    """The start made ./.tianluo, then could not write the units: the run folder and the home it made go (the home
    only if it made it and it holds nothing else); a home that was there already stays."""
    spec = write_spec(tmp_path / "proj", 'name: t\nentities:\n  a:\n    stages:\n      s: {run: "true"}\n')
    fake_home = tmp_path / "user"
    fake_home.mkdir()
    (fake_home / ".config").write_text("a file where the unit folder's parent belongs\n")
    env = clean_env(HOME=str(fake_home))
    proc = cli("start", spec, "--trigger", "systemd", "--accept-defaults", cwd=spec.parent, env=env)
    assert proc.returncode == 2 and "cannot write the systemd units" in proc.stderr, proc.stderr
    assert sorted(os.listdir(spec.parent)) == ["tianluo.yaml"]  # no .tianluo left behind
    (spec.parent / ".tianluo").mkdir(mode=0o700)  # the user's own, made before: kept, as it was
    proc = cli("start", spec, "--trigger", "systemd", "--accept-defaults", cwd=spec.parent, env=env)
    assert proc.returncode == 2
    assert os.listdir(spec.parent / ".tianluo") == []
