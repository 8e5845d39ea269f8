"""The files that ship beside the code: ``templates/`` and ``examples/``.

Installed, they are the packages ``tianluo.templates`` and ``tianluo.examples`` (pyproject's
``package-dir``). Imported from a source tree (``PYTHONPATH=.``, a benchmark run from the
repository), those packages do not exist: the repository's own folders are used instead.
"""

from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path


def shipped(kind: str) -> Traversable:
    """The folder of ``kind`` ("templates" or "examples"), installed or in the source tree."""
    try:
        return files(f"tianluo.{kind}")
    except ModuleNotFoundError:
        tree = Path(__file__).resolve().parent.parent / kind
        if not tree.is_dir():
            raise
        return tree


def template_text(name: str) -> str:
    """One file of ``templates/``, as text."""
    return (shipped("templates") / name).read_text(encoding="utf-8")
