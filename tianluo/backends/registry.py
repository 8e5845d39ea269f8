"""Every backend tianluo knows, by name: one line each (adding a backend: README "Adding a backend").

The spec's ``backend:`` and the plan's are :data:`BackendChoice`, a choice among the backends'
options models told apart by ``kind``. The core asks ``options.capabilities()``, never a name.
"""

import functools
import operator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BeforeValidator, Field

from tianluo.backends import command, local, slurm
from tianluo.backends.base import Backend, BackendOptions
from tianluo.backends.kinds import BackendKind
from tianluo.backends.local import LocalOptions

REGISTRY: dict[str, BackendKind] = {k.name: k for k in (
    local.KIND,
    slurm.KIND,
    command.KIND,
)}


def kind(name: str) -> BackendKind:
    """The backend named ``name``. Raises ValueError naming the known ones."""
    try:
        return REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown backend {name!r}; the backends are {', '.join(sorted(REGISTRY))}") from None


def _named(value: Any) -> Any:
    """``backend: slurm`` is ``backend: {kind: slurm}`` (the backend's default options)."""
    if isinstance(value, str):
        kind(value)  # an unknown name is one clear line, not a union's list of failures
        return {"kind": value}
    if isinstance(value, dict) and "kind" not in value:
        raise ValueError(f"say which backend: kind: one of {', '.join(sorted(REGISTRY))}")
    if isinstance(value, dict) and isinstance(value.get("kind"), str):
        kind(value["kind"])
    return value


if TYPE_CHECKING:
    BackendChoice = BackendOptions
else:
    BackendChoice = Annotated[functools.reduce(operator.or_, (k.options for k in REGISTRY.values())),
                              Field(discriminator="kind"),
                              BeforeValidator(_named)]


def open_backend(options: BackendOptions, run_dir: Path) -> Backend:
    """The backend a plan locked, ready for a tick in ``run_dir``."""
    return kind(options.kind).opener(Path(run_dir), options)


__all__ = ["REGISTRY", "BackendChoice", "BackendKind", "LocalOptions", "kind", "open_backend"]
