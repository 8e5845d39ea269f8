"""The systemd trigger: a oneshot ``tianluo-<run-id>.service`` run by ``tianluo-<run-id>.timer``.

``install`` writes both units (user scope: ``~/.config/systemd/user``; system scope:
``/etc/systemd/system``) and, where systemd is the running init, reloads it and enables the
timer. In a container without systemd it only writes the units and hands back the two
``systemctl`` commands to run where systemd does run. The units come from the templates in the
repository's ``deploy/`` folder, or from the identical copies below when that folder was not
shipped. Every ``systemctl`` call is bounded by a timeout; failures are :class:`SystemdError`
(one line, the CLI prints it), never tracebacks.
"""

import os
import pwd
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from tianluo.errors import TianluoError
from tianluo.shell.budget import KILL_AFTER_S, hard_limit
from tianluo.shell.fsio import atomic_write
from tianluo.triggers.base import Installed, tick_command

SCOPES = ("user", "system")
SYSTEM_UNIT_DIR = Path("/etc/systemd/system")
SYSTEMCTL_TIMEOUT = 30.0
CHECK_TIMEOUT_S = 10.0  # `systemctl is-active`: a look, not a change
ON_BOOT_S = 120.0
ACCURACY_S = 1.0
STANDARD_PATH = ("/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin")
RUN_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]*")
UNIT_NAME_MAX = 255

DEPLOY_DIR = Path(__file__).resolve().parents[2] / "deploy"
SERVICE_TEMPLATE_NAME = "tianluo-tick.service.in"
TIMER_TEMPLATE_NAME = "tianluo-tick.timer.in"

# Identical to deploy/tianluo-tick.service.in and deploy/tianluo-tick.timer.in (a test checks
# it), for installs that ship the package without the deploy/ folder.
SERVICE_TEMPLATE = """# One tianluo tick for one run; started by tianluo-@RUN_ID@.timer.
# Written by `tianluo install systemd` from deploy/tianluo-tick.service.in; each @...@
# placeholder is filled in per run (paths quoted and escaped for systemd, `%` doubled).
[Unit]
Description=tianluo tick for run @RUN_ID@ (@RUN_DIR@)

[Service]
Type=oneshot
@USER@
WorkingDirectory=@RUN_DIR@
Environment=@PATH@
ExecStart=@EXEC_START@
# A tick takes seconds and stops observing at its budget (half the interval, at most 5 min);
# one that is stopped or hangs anyway is killed at this hard limit (TERM, then KILL after
# TimeoutStopSec), so the run's lock is free for the next tick. (RuntimeMaxSec= does not
# apply to a oneshot: TimeoutStartSec= is its time limit.)
TimeoutStartSec=@TIMEOUT@
TimeoutStopSec=@KILL_AFTER@
# Stop or kill only the tick itself: the job runners it starts share this unit's cgroup
# and must outlive it.
KillMode=process
"""

TIMER_TEMPLATE = """# Runs tianluo-@RUN_ID@.service every @EVERY@ (first tick at once when enabled, and soon
# after a reboot: OnBootSec; Persistent= would do nothing, it acts only with OnCalendar=).
# Written by `tianluo install systemd` from deploy/tianluo-tick.timer.in;
# the run's last tick disables it and removes both units.
[Unit]
Description=tianluo tick timer for run @RUN_ID@

[Timer]
OnBootSec=@ON_BOOT@
OnUnitActiveSec=@EVERY@
RandomizedDelaySec=@RANDOM_DELAY@
AccuracySec=@ACCURACY@
Unit=tianluo-@RUN_ID@.service

[Install]
WantedBy=timers.target
"""


class SystemdError(TianluoError):
    """The units could not be written, or systemctl failed."""


# --- names and places ------------------------------------------------------------------------


def unit_names(run_id: str) -> tuple[str, str]:
    """``(tianluo-<run-id>.service, tianluo-<run-id>.timer)``; refuses ids unsafe in unit names."""
    run_id = str(run_id)
    if not RUN_ID.fullmatch(run_id) or len(f"tianluo-{run_id}.service") > UNIT_NAME_MAX:
        raise SystemdError(f"run id {run_id!r} cannot name a systemd unit: use letters, digits and '-' "
                           f"(at most {UNIT_NAME_MAX - len('tianluo-.service')} characters)")
    return f"tianluo-{run_id}.service", f"tianluo-{run_id}.timer"


def _scope(scope) -> str:
    scope = str(scope or "user")
    if scope not in SCOPES:
        raise SystemdError(f"systemd scope {scope!r}: one of {', '.join(SCOPES)}")
    return scope


def default_unit_dir(scope: str) -> Path:
    """Where systemd looks for units of this scope that an administrator (or user) wrote."""
    if _scope(scope) == "system":
        return SYSTEM_UNIT_DIR
    config = os.environ.get("XDG_CONFIG_HOME", "")
    base = Path(config) if os.path.isabs(config) else Path.home() / ".config"
    return base / "systemd" / "user"


def _unit_dir(scope: str, unit_dir) -> Path:
    return Path(unit_dir).expanduser().absolute() if unit_dir else default_unit_dir(scope)


def systemd_running() -> bool:
    """True when systemd is the running init (what sd_booted() checks); false in most containers."""
    return os.path.isdir("/run/systemd/system")


def systemctl_commands(scope: str, run_id: str) -> list[list[str]]:
    """The two commands that load the units and start the timer (and enable it across reboots)."""
    user = ["--user"] if _scope(scope) == "user" else []
    timer = unit_names(run_id)[1]
    return [["systemctl", *user, "daemon-reload"], ["systemctl", *user, "enable", "--now", timer]]


# --- rendering ---------------------------------------------------------------------------------


def _template(name: str, embedded: str) -> str:
    path = DEPLOY_DIR / name
    try:
        return path.read_text(encoding="utf-8") if path.is_file() else embedded
    except OSError:
        return embedded


def _fill(template: str, values: dict[str, str]) -> str:
    """Replace each ``@NAME@``; a line that was only a placeholder and came out empty is dropped."""
    out = []
    for line in template.splitlines(keepends=True):
        filled = re.sub(r"@([A-Z_]+)@", lambda m: values.get(m.group(1), m.group(0)), line)
        if filled.strip() or not line.strip():
            out.append(filled)
    return "".join(out)


def _checked_path(path: str, what: str) -> str:
    """A path systemd can hold in a unit file: valid UTF-8, no control characters, no edge spaces."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        raise SystemdError(f"{what} {path!r} is not valid UTF-8; systemd units cannot name it") from None
    if any(ord(c) < 32 or ord(c) == 127 for c in path) or path != path.strip():
        raise SystemdError(f"{what} {path!r} has control characters or leading/trailing spaces; "
                           "systemd units cannot name it: move the run to a plainer path")
    return path


def _specifiers(text: str) -> str:
    """Escape systemd's ``%`` specifiers."""
    return text.replace("%", "%%")


_PLAIN_WORD = re.compile(r"[A-Za-z0-9_+=:,./@-]+")


def _quote(word: str) -> str:
    """One ExecStart/Environment word: ``%`` and ``$`` escaped, double-quoted unless plain."""
    word = _specifiers(word).replace("$", "$$")
    if _PLAIN_WORD.fullmatch(word):
        return word
    return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'


def exec_start(run_dir: Path) -> str:
    """``tick_command(run_dir)`` as an ExecStart= value that systemd splits back into the same argv."""
    argv = tick_command(run_dir)
    for word in argv:
        _checked_path(word, "tick command word")
    if not os.path.isabs(argv[0]):
        raise SystemdError(f"the Python interpreter {argv[0]!r} is not an absolute path; "
                           "systemd needs one in ExecStart=")
    return " ".join(_quote(word) for word in argv)


def service_path_env() -> str:
    """PATH for the tick: this interpreter's folder (the venv's bin) first, then the usual system folders."""
    entries = []
    for entry in (os.path.dirname(sys.executable), *STANDARD_PATH):
        if entry and ":" not in entry and entry not in entries:
            entries.append(_checked_path(entry, "PATH entry"))
    return "PATH=" + ":".join(entries)


def _span(seconds: float) -> str:
    """A systemd time span: whole seconds as ``600s``, else milliseconds."""
    seconds = float(seconds)
    return f"{int(seconds)}s" if seconds.is_integer() else f"{round(seconds * 1000)}ms"


def _run_user(run_dir: Path) -> str:
    """The owner of the run folder: who a system-scope tick runs as (never root by accident)."""
    try:
        uid = run_dir.stat().st_uid
    except OSError:
        uid = os.getuid()
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return str(uid)


def render_service(run_dir: Path, run_id: str, every: float, scope: str = "user") -> str:
    """The text of ``tianluo-<run-id>.service``."""
    run_dir = Path(run_dir).resolve()
    unit_names(run_id)
    values = {
        "RUN_ID": run_id,
        "RUN_DIR": _specifiers(_checked_path(str(run_dir), "run folder")),
        "USER": f"User={_specifiers(_run_user(run_dir))}" if _scope(scope) == "system" else "",
        "PATH": _quote(service_path_env()),
        "EXEC_START": exec_start(run_dir),
        "TIMEOUT": _span(hard_limit(every)),
        "KILL_AFTER": _span(KILL_AFTER_S),
    }
    return _fill(_template(SERVICE_TEMPLATE_NAME, SERVICE_TEMPLATE), values)


def render_timer(run_id: str, every: float) -> str:
    """The text of ``tianluo-<run-id>.timer``."""
    unit_names(run_id)
    values = {
        "RUN_ID": run_id,
        "EVERY": _span(every),
        "ON_BOOT": _span(ON_BOOT_S),
        "RANDOM_DELAY": _span(min(float(every) / 10, 60.0)),
        "ACCURACY": _span(ACCURACY_S),
    }
    return _fill(_template(TIMER_TEMPLATE_NAME, TIMER_TEMPLATE), values)


# --- systemctl ---------------------------------------------------------------------------------


def _systemctl(command: list[str]) -> None:
    """Run one systemctl command (never prompting for a password); SystemdError on any failure."""
    argv = [command[0], "--no-ask-password", *command[1:]]
    shown = shlex.join(command)
    try:
        proc = subprocess.run(argv, check=False, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=SYSTEMCTL_TIMEOUT)
    except FileNotFoundError:
        raise SystemdError(f"`{shown}`: systemctl is not installed here") from None
    except subprocess.TimeoutExpired:
        raise SystemdError(f"`{shown}` did not finish within {SYSTEMCTL_TIMEOUT:g}s") from None
    except OSError as exc:
        raise SystemdError(f"`{shown}` could not run: {exc.strerror or exc}") from None
    if proc.returncode != 0:
        said = " ".join((proc.stderr or proc.stdout or "").split()) or "no output"
        raise SystemdError(f"`{shown}` failed (exit {proc.returncode}): {said}")


def timer_active(run_id: str, scope: str = "user") -> bool | None:
    """Whether the run's timer is active (``systemctl is-active``, bounded by a timeout); None when it
    cannot be told: systemd is not the running init here, systemctl is missing, or it did not answer."""
    if not systemd_running() or shutil.which("systemctl") is None:
        return None
    user = ["--user"] if _scope(scope) == "user" else []
    try:
        proc = subprocess.run(["systemctl", *user, "is-active", unit_names(run_id)[1]], check=False,
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=CHECK_TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return proc.stdout.strip() == "active"


def timer_warning(run_id: str, scope: str = "user") -> str:
    """One warning line when the run's timer is not active, or when that cannot be checked here."""
    active = timer_active(run_id, scope)
    if active is None:
        return ("warning: cannot check that the timer is active here (systemd is not the running init, or "
                "systemctl did not answer): where systemd runs, check `systemctl"
                f"{' --user' if _scope(scope) == 'user' else ''} is-active {unit_names(run_id)[1]}`")
    if not active:
        return (f"warning: {unit_names(run_id)[1]} is not active: nothing will tick the run; see `systemctl"
                f"{' --user' if _scope(scope) == 'user' else ''} status {unit_names(run_id)[1]}`")
    return ""


def _flag(value) -> bool:
    """A boolean option, also when it comes back from state.json as a string."""
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


# --- the trigger interface ---------------------------------------------------------------------


def install(run_dir: Path, run_id: str, every: float, *, scope: str = "user", dry_run: bool = False,
            unit_dir: Path | str | None = None) -> Installed:
    """Write (or replace) the run's service and timer; enable the timer where systemd runs.

    ``dry_run`` writes nothing and runs nothing: ``detail`` holds both unit texts and
    ``commands`` the systemctl commands an install would run. Without systemd running (a
    container), the units are written and ``commands`` lists what to run where systemd runs.
    """
    scope = _scope(scope)
    run_dir = Path(run_dir).resolve()
    every = float(every)
    if not every > 0 or every == float("inf"):
        raise SystemdError(f"tick interval {every!r}: must be a positive number of seconds")
    service_name, timer_name = unit_names(run_id)
    if not run_dir.is_dir():
        raise SystemdError(f"run folder {run_dir} does not exist; the service would have nowhere to run")
    folder = _unit_dir(scope, unit_dir)
    service_path, timer_path = folder / service_name, folder / timer_name
    service_text = render_service(run_dir, run_id, every, scope)
    timer_text = render_timer(run_id, every)
    commands = systemctl_commands(scope, run_id)
    shown = [shlex.join(c) for c in commands]

    if _flag(dry_run):
        detail = (f"dry run, nothing written: a {scope} systemd timer ticking every {_span(every)}\n"
                  f"--- {service_path}\n{service_text}--- {timer_path}\n{timer_text}")
        return Installed(kind="systemd", detail=detail, commands=shown)

    try:
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write(service_path, service_text)
        atomic_write(timer_path, timer_text)
    except OSError as exc:
        hint = " (system scope needs root: use sudo, or scope user)" if scope == "system" else ""
        raise SystemdError(f"cannot write the systemd units to {folder}: {exc.strerror or exc}{hint}") from None

    if not systemd_running():
        return Installed(
            kind="systemd",
            detail=(f"wrote {service_path} and {timer_path} (a tick every {_span(every)}); systemd is not "
                    "running here, so the timer is not enabled: run these where systemd runs"),
            commands=shown)
    try:
        for command in commands:
            _systemctl(command)
    except SystemdError as exc:
        raise SystemdError(f"wrote {service_path} and {timer_path}, but {exc}; fix that, then run: "
                           + "; ".join(shown)) from None
    return Installed(kind="systemd",
                     detail=f"{timer_name} enabled ({scope} scope): a tick every {_span(every)}; units in {folder}")


def uninstall(run_dir: Path, run_id: str, *, scope: str = "user", unit_dir: Path | str | None = None,
              **_install_options) -> bool:
    """Disable the run's timer (where systemd runs) and delete its two unit files; nothing else.

    True if a unit file was removed. Options recorded at install that only matter there (such
    as ``dry_run``) are accepted and ignored. If ``systemctl disable`` fails, nothing is
    removed and SystemdError says why, so a later attempt can finish the job.
    """
    scope = _scope(scope)
    service_name, timer_name = unit_names(run_id)
    folder = _unit_dir(scope, unit_dir)
    paths = [folder / timer_name, folder / service_name]
    running = systemd_running()
    user = ["--user"] if scope == "user" else []
    if running and paths[0].exists():
        try:
            _systemctl(["systemctl", *user, "disable", "--now", timer_name])
        except SystemdError as exc:
            hint = ""
            if scope == "system" and os.geteuid() != 0:
                hint = f"; a system-scope timer is removed as root: sudo tianluo uninstall systemd --run {run_dir}"
            raise SystemdError(f"{exc}{hint}; both unit files were left in place") from None
    removed = False
    for path in paths:
        try:
            path.unlink()
            removed = True
        except FileNotFoundError:
            pass
        except OSError as exc:
            hint = " (system scope needs root: use sudo)" if scope == "system" else ""
            raise SystemdError(f"cannot remove {path}: {exc.strerror or exc}{hint}") from None
    if running and removed:
        _systemctl(["systemctl", *user, "daemon-reload"])
    return removed
