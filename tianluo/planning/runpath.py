"""Which run a command means: ``--run``, else ``$TIANLUO_RUN``, else the run folder we stand in, else the
newest run under the home (found upward from the current folder, like git).

Found with the file system checks of ``runfs`` alone: nothing here loads a state model, so a
command that only looks at a run (``status``, a tick of a finished run) pays for no more.
"""

import os
import re
from pathlib import Path

from tianluo.errors import TianluoError
from tianluo.shell import runfs

DEFAULT_HOME = ".tianluo"
STATE = "state.json"


def home_dir(home: str | os.PathLike | None) -> Path:
    """The folder that holds run folders: ``--home``, else ``$TIANLUO_HOME``, else ``./.tianluo``."""
    return Path(home or os.environ.get("TIANLUO_HOME") or DEFAULT_HOME)


def check_home(home: Path, create: bool = False) -> Path:
    """The run home, checked like ssh checks ~/.ssh (and created 0700 when ``create``); see ``runfs``."""
    return runfs.ensure_home(home, create=create)


_RUN_ID = re.compile(r"\d{8}-\d{6}-")  # a run folder's name starts with its start time (newrun.create_run)
MAX_UP = 64  # folders looked at upward from the current one, like git's discovery


def discover(start: str | os.PathLike | None = None) -> tuple[str, Path] | None:
    """Look upward from ``start`` (the current folder) like git: ``("run", folder)`` for the
    first folder holding ``state.json``, ``("home", folder/.tianluo)`` for the first holding a
    ``.tianluo`` folder; None at the root. Nothing found is trusted here: the caller checks it.
    """
    here = Path(os.path.abspath(start or os.getcwd()))
    for folder in [here, *here.parents][:MAX_UP]:
        if _RUN_ID.match(folder.name) and os.path.isfile(folder / STATE) and not os.path.islink(folder / STATE):
            return "run", folder
        if os.path.isdir(folder / DEFAULT_HOME) and not os.path.islink(folder / DEFAULT_HOME):
            return "home", folder / DEFAULT_HOME
    return None


def find_home(home: str | os.PathLike | None = None) -> Path:
    """The home a listing means: ``--home``, ``$TIANLUO_HOME``, else the nearest ``.tianluo``
    upward from the current folder (or the one holding the run folder we stand in)."""
    if home or os.environ.get("TIANLUO_HOME"):
        return home_dir(home)
    found = discover()
    if found is None:
        return Path(DEFAULT_HOME)
    kind, folder = found
    return folder.parent if kind == "run" else folder


def resolve_run(run: str | os.PathLike | None, home: str | os.PathLike | None = None) -> Path:
    """The run a command means: ``--run``, else ``$TIANLUO_RUN``, else (with no home given) the
    run folder we stand in or below, else the newest run under the home: ``--home``,
    ``$TIANLUO_HOME``, or the nearest ``.tianluo`` upward from the current folder."""
    chosen = run or os.environ.get("TIANLUO_RUN")
    if chosen:
        return _checked_run(Path(chosen))
    folder = home_dir(home)
    if not (home or os.environ.get("TIANLUO_HOME")):
        found = discover()
        if found is not None and found[0] == "run":
            return _checked_run(found[1])
        if found is not None:
            folder = found[1]
    if os.path.lexists(folder):
        check_home(folder)
    runs = [p for p in folder.glob("*/") if (p / STATE).is_file()] if folder.is_dir() else []
    if not runs:
        raise TianluoError(f"no run found under {folder}; start one with `tianluo start SPEC`, "
                           "or pass --run DIR")
    # Run ids start with the start time to the second; within one second, the order of
    # creation is in their state, which records the start time to the microsecond.
    newest_second = max(p.name[:15] for p in runs)
    tied = [p for p in runs if p.name[:15] == newest_second]
    return _checked_run(max(tied, key=_created_at) if len(tied) > 1 else tied[0])


def _checked_run(path: Path) -> Path:
    """``path`` if it is a run folder the caller owns and nobody else can write (see ``runfs``)."""
    if not os.path.lexists(path):
        raise TianluoError(f"{path}: no such folder; pass the run folder `tianluo start` printed")
    if not os.path.isdir(path):
        raise TianluoError(f"{path}: not a folder; pass the run folder `tianluo start` printed")
    runfs.check_run(path)
    if not os.path.lexists(path / STATE):
        raise TianluoError(f"{path}: not a tianluo run folder (no {STATE}); pass the folder "
                           "`tianluo start` printed")
    return path


def _created_at(run_dir: Path) -> tuple[str, int]:
    """When the run was started; plan.md, written once at start, breaks exact ties."""
    from tianluo.shell.store import RunStore  # only for runs started within the same second

    try:
        created = RunStore(run_dir).load().created_at.isoformat()
    except TianluoError:
        created = ""
    try:
        written = (run_dir / "plan.md").stat().st_mtime_ns
    except OSError:
        written = 0
    return created, written
