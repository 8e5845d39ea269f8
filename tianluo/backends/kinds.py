"""What the registry knows of one backend: its name, options model, how to open it, what start resolves."""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tianluo.backends.base import Backend, BackendOptions


def _as_is(options: Any, spec_path: Path) -> Any:
    return options


def _new(options: Any, locked: Any) -> Any:
    return options


@dataclass(frozen=True)
class BackendKind:
    """One backend, as the registry lists it (``KIND`` in its module).

    ``opener(run_dir, options)`` makes the backend a tick uses. ``resolve_at_start(options,
    spec_path)`` runs once, in ``tianluo start``, to learn cluster facts the spec left open
    (Slurm: where finished jobs are kept); it may ask the scheduler and raise TianluoError.
    ``keep_resolved(options, locked)`` carries what an earlier start resolved into a new plan
    (``plan --diff``, ``start --replan``), so it is neither a change nor asked again.
    """

    name: str
    options: type[BackendOptions]
    opener: Callable[[Path, Any], Backend]
    summary: str
    resolve_at_start: Callable[[Any, Path], Any] = _as_is
    keep_resolved: Callable[[Any, Any], Any] = _new
