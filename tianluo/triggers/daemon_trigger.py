"""The daemon "trigger": nothing to install; ``tianluo daemon --run DIR`` is the loop itself."""

from pathlib import Path

from tianluo.triggers.base import Installed


def install(run_dir: Path, run_id: str, every: float, **_options) -> Installed:
    command = f"tianluo daemon --run {run_dir}"
    return Installed(kind="daemon", detail=f"run `{command}` in tmux or under a supervisor",
                     commands=[command])


def uninstall(run_dir: Path, run_id: str, **_options) -> bool:
    return False  # the daemon sees the run is over at its next tick and exits by itself
