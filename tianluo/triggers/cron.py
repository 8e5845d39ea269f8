"""The cron trigger: one crontab line per run, tagged ``tianluo:<run-id>``, through python-crontab.

The line uses absolute paths (this interpreter, the run folder), carries the PATH of the
shell that installed it (cron's own PATH is minimal), runs the tick under ``timeout`` (a
hard time limit), appends its output to the run folder's ``cron.log``, and waits a few seconds
first, different for each run, so that many runs do not wake on the same second. Installing
twice replaces the line; uninstalling removes only this run's line. The user's other lines are never touched.
"""

import hashlib
import os
import shlex
import shutil
import subprocess
import time
from pathlib import Path

from crontab import CronTab

from tianluo.errors import TianluoError
from tianluo.shell.budget import KILL_AFTER_S, hard_limit
from tianluo.triggers.base import MAX_EVERY, Installed, tick_command

CRONTAB_TIMEOUT_S = 15
#: Debian's (Vixie) cron reloads the crontabs when their spool folder's mtime, in whole seconds,
#: differs from the one it saw at its last look, at the start of each minute: a crontab written in
#: that same second, just after the look, goes unseen until the next change. None is written then.
CRON_LOOK_S = 2.0


def tag(run_id: str) -> str:
    return f"tianluo:{run_id}"


def schedule(run_id: str, every: float) -> str:
    """The five cron fields for ``every`` seconds (whole minutes), offset by the run id."""
    minutes = max(1, min(60, round(every / 60)))
    offset = int(hashlib.sha256(run_id.encode()).hexdigest(), 16) % minutes
    if minutes == 60:
        return f"{offset} * * * *"
    if minutes == 1:
        return "* * * * *"
    return f"{offset}-59/{minutes} * * * *"


def line_command(run_dir: Path, run_id: str, every: float | None = None) -> str:
    """The shell command of the crontab line.

    The tick runs under ``timeout``: TERM at its hard limit (twice its budget, 1 to 15
    minutes), KILL 30 s later, so a stopped or hung tick cannot hold the run's lock for ever.
    """
    delay = int(hashlib.sha256(run_id.encode()).hexdigest(), 16) % 20
    path = os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin")
    tick = " ".join(shlex.quote(part) for part in tick_command(run_dir))
    limit = f"{shlex.quote(timeout_command())} -k {KILL_AFTER_S}s {hard_limit(every or MAX_EVERY):.0f}s"
    line = f"sleep {delay} && {log_guard(run_dir / 'cron.log')}; PATH={shlex.quote(path)} {limit} {tick} >> \"$L\" 2>&1"
    return line.replace("%", "\\%")  # cron turns a bare % into a newline


def log_guard(log: Path) -> str:
    """Shell that sets ``$L`` to ``log``, or to /dev/null if ``log`` is a link, not a plain file, or has other hard
    links.

    The shell's ``>>`` follows links and appends through hard links: a cron.log planted as a
    link to a file elsewhere must not have root's tick output appended to that file (the
    tick itself then refuses the planted cron.log and ``status`` names it).
    """
    quoted = shlex.quote(str(log))
    return (f"L={quoted} && [ -z \"$(find \"$L\" -maxdepth 0 \\( -type l -o ! -type f -o -links +1 \\) -print "
            f"2>/dev/null)\" ] || L=/dev/null")


def timeout_command() -> str:
    """coreutils ``timeout`` by its absolute path (cron's PATH is minimal)."""
    return shutil.which("timeout") or "/usr/bin/timeout"


def _crontab() -> str:
    exe = shutil.which("crontab")
    if exe is None:
        raise TianluoError("cron: there is no `crontab` command here; install cron (Debian: apt-get install cron) "
                           "or use --trigger systemd or daemon")
    return exe


def read() -> str:
    """The user's crontab as text ('' when there is none yet)."""
    try:
        proc = subprocess.run([_crontab(), "-l"], capture_output=True, text=True, timeout=CRONTAB_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise TianluoError(f"cron: `crontab -l` did not answer within {CRONTAB_TIMEOUT_S}s; nothing changed") from None
    if proc.returncode != 0:
        if "no crontab" in proc.stderr.lower():
            return ""
        raise TianluoError(f"cron: `crontab -l` failed: {proc.stderr.strip() or proc.returncode}; nothing changed")
    return proc.stdout


def after_cron_looks(now=time.time, sleep=time.sleep) -> float:
    """Wait until the minute's first ``CRON_LOOK_S`` seconds (when cron looks) are over; the seconds waited."""
    into = now() % 60
    if into >= CRON_LOOK_S:
        return 0.0
    wait = CRON_LOOK_S - into + 0.05
    sleep(wait)
    return wait


def write(text: str) -> None:
    after_cron_looks()
    try:
        proc = subprocess.run([_crontab(), "-"], input=text, capture_output=True, text=True,
                              timeout=CRONTAB_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        raise TianluoError(f"cron: `crontab -` did not answer within {CRONTAB_TIMEOUT_S}s") from None
    if proc.returncode != 0:
        raise TianluoError(f"cron: writing the crontab failed: {proc.stderr.strip() or proc.returncode}")


def _ours(line: str, run_id: str) -> bool:
    return line.rstrip().endswith(f"# {tag(run_id)}")


def render_line(run_dir: Path, run_id: str, every: float) -> str:
    """This run's crontab line, built and checked by python-crontab."""
    job = CronTab(tab="").new(command=line_command(run_dir, run_id, every), comment=tag(run_id))
    job.setall(schedule(run_id, every))
    if not job.is_valid():
        raise TianluoError(f"cron: could not make a valid line for every {every:g}s")
    return job.render()


def install(run_dir: Path, run_id: str, every: float, **_options) -> Installed:
    """Add (or replace) this run's line; every other line stays byte for byte as it was."""
    others = [line for line in read().splitlines() if not _ours(line, run_id)]
    write("\n".join(others + [render_line(run_dir, run_id, every)]) + "\n")
    return Installed(kind="cron", detail=f"crontab line `{schedule(run_id, every)}` tagged {tag(run_id)}, "
                                         f"output in {run_dir / 'cron.log'}")


def uninstall(run_dir: Path, run_id: str, **_options) -> bool:
    lines = read().splitlines()
    others = [line for line in lines if not _ours(line, run_id)]
    if len(others) == len(lines):
        return False
    write("\n".join(others) + "\n" if others else "")
    return True


#: The names Debian's, Red Hat's and busybox's cron daemons run under.
CRON_DAEMONS = frozenset({"cron", "crond"})


def daemon_running(proc: str = "/proc") -> bool | None:
    """Whether a cron daemon runs here: a process named cron or crond in /proc (no subprocess).

    None when this cannot be told: no /proc, or /proc hides other users' processes
    (``hidepid``) and we are not root, so a cron run by root would be invisible.
    """
    try:
        pids = [name for name in os.listdir(proc) if name.isdigit()]
    except OSError:
        return None
    for pid in pids:
        try:
            with open(os.path.join(proc, pid, "comm"), "rb") as f:
                comm = f.read(64).strip().decode("utf-8", "replace")
        except OSError:  # gone meanwhile, or hidden
            continue
        if comm in CRON_DAEMONS:
            return True
    if os.geteuid() != 0 and not os.path.exists(os.path.join(proc, "1")):
        return None  # hidepid: root's processes are not listed to us
    return False


def daemon_warning() -> str:
    """One warning line when no cron daemon runs here ('' when one does, or when it cannot be told)."""
    if daemon_running() is False:
        return ("warning: no cron daemon is running here (no process named cron or crond): the crontab line is "
                "installed, but nothing will run it until cron runs (Debian: `service cron start`, or `cron` as "
                "root); or use --trigger daemon")
    return ""


def installed(run_id: str) -> list[str]:
    """This run's crontab lines (for status and tests)."""
    return [line for line in read().splitlines() if _ours(line, run_id)]
