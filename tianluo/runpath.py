"""Which run a command means: ``--run``, else ``$TIANLUO_RUN``, else the newest run under the home.

Found with the file system checks of ``runfs`` alone: nothing here loads a state model, so a
command that only looks at a run (``status``, a tick of a finished run) pays for no more.
"""

import os
from pathlib import Path

from tianluo import runfs
from tianluo.errors import TianluoError

DEFAULT_HOME = ".tianluo"
STATE = "state.json"


def home_dir(home: str | os.PathLike | None) -> Path:
    """The folder that holds run folders: ``--home``, else ``$TIANLUO_HOME``, else ``./.tianluo``."""
    return Path(home or os.environ.get("TIANLUO_HOME") or DEFAULT_HOME)


def check_home(home: Path, create: bool = False) -> Path:
    """The run home, checked like ssh checks ~/.ssh (and created 0700 when ``create``); see ``runfs``."""
    return runfs.ensure_home(home, create=create)


def resolve_run(run: str | os.PathLike | None, home: str | os.PathLike | None = None) -> Path:
    """The run a command means: ``--run``, else ``$TIANLUO_RUN``, else the newest under the home."""
    chosen = run or os.environ.get("TIANLUO_RUN")
    if chosen:
        return _checked_run(Path(chosen))
    folder = home_dir(home)
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
    from tianluo.store import RunStore  # only for runs started within the same second

    try:
        created = RunStore(run_dir).load().created_at.isoformat()
    except TianluoError:
        created = ""
    try:
        written = (run_dir / "plan.md").stat().st_mtime_ns
    except OSError:
        written = 0
    return created, written
