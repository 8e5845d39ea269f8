"""done_when and gate conditions: does a file exist, does a JSON metric compare true.

``compare`` and ``lookup`` are pure; the ``check_*`` functions read files and return a
:class:`~tianluo.models.model.Check` that says what was seen, never raise on a missing file.
"""

import fnmatch
import glob
import json
import math
import operator
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tianluo.models.model import Check
from tianluo.planning.spec import DoneWhen
from tianluo.planning.spec_parts import Metric
from tianluo.shell.fsio import UnsafePath, read_bytes
from tianluo.shell.logscan import kernel_devs

_OPS: dict[str, Callable[[Any, Any], bool]] = {">=": operator.ge, ">": operator.gt, "<=": operator.le, "<": operator.lt,
        "==": operator.eq, "!=": operator.ne}


def compare(actual: object, op: str, expected: object) -> bool:
    """``actual <op> expected``; numbers compare as numbers, anything else only with == and !=.

    Raises:
        TypeError: when the two sides cannot be ordered (e.g. a string against a number).
    """
    num = (int, float)
    if isinstance(actual, num) and not isinstance(actual, bool) and isinstance(expected, num) \
            and not isinstance(expected, bool):
        if isinstance(actual, float) and math.isnan(actual):
            return op == "!="
        return _OPS[op](actual, expected)
    if op in ("==", "!="):
        return _OPS[op](actual, expected)
    raise TypeError(f"cannot compare {type(actual).__name__} {op} {type(expected).__name__}")


def lookup(doc: object, key: str) -> object:
    """Follow a dotted key into JSON: ``'metrics.accuracy'``, ``'runs.0.loss'``.

    Raises:
        KeyError: naming the first part that is not there.
    """
    value = doc
    for part in key.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and (i := _index(part)) is not None and -len(value) <= i < len(value):
            value = value[i]
        else:
            raise KeyError(part)
    return value


def _index(part: str) -> int | None:
    if not (part.isascii() and part.lstrip("-").isdigit() and len(part) <= 18):
        return None
    return int(part)


#: A metric or progress file a tick reads: JSON someone's job wrote, far below this size.
PROJECT_FILE_CAP = 16 * 1024 * 1024


def read_project_json(path: Path) -> tuple[object, str | None]:
    """``(document, None)``, or ``(None, why not)`` for a file of the project a tick reads.

    The project folder is the owner's, so a link there is followed; what it reaches must be
    a regular file (a FIFO would hang the tick, ``/dev/zero`` fill its memory), at most
    ``PROJECT_FILE_CAP`` bytes, and JSON no deeper than the parser can go. Never raises.
    """
    try:
        if os.stat(path).st_dev in kernel_devs():  # /proc/kmsg blocks, /proc/self/mem fails: no JSON there
            return None, "a kernel file (/proc, /sys), not a file of the project"
        data = read_bytes(path, PROJECT_FILE_CAP)
    except FileNotFoundError:
        return None, "file missing"
    except UnsafePath:
        return None, "not a regular file (a folder, FIFO, device or a link where none may be)"
    except ValueError:
        return None, f"larger than {PROJECT_FILE_CAP // (1024 * 1024)} MiB"
    except OSError as exc:
        return None, f"unreadable: {exc.strerror or exc}"
    try:
        return json.loads(data.decode("utf-8")), None
    except UnicodeDecodeError:
        return None, "unreadable JSON: not UTF-8"
    except RecursionError:
        return None, "unreadable JSON: nested too deep"
    except ValueError as exc:  # also a number with more than 4300 digits
        return None, f"unreadable JSON: {str(exc)[:200]}"


def resolve(path: str, workdir: str) -> Path:
    p = Path(path)
    return p if p.is_absolute() else Path(workdir) / p


#: Directory entries one glob may look at per tick: ``/*/*/*/*/*/*/*/*`` would walk the whole
#: host (minutes, every tick); a checkpoint folder holds a few thousand entries at most.
GLOB_MAX_SCANNED = 100_000
#: Matches one glob may return (logs: each match is a file read every tick).
GLOB_MAX_HITS = 1000


def bounded_glob(pattern: str, max_scanned: int = GLOB_MAX_SCANNED,
                 max_hits: int = GLOB_MAX_HITS) -> tuple[list[str], bool]:
    """``glob.glob(pattern)`` (no ``**`` recursion, hidden names only for a pattern that starts
    with '.') that stops after looking at ``max_scanned`` directory entries or finding
    ``max_hits`` matches: returns the matches and whether it stopped early.

    Iterative, one folder listing at a time, so neither time nor memory depends on how big
    the file system under a careless pattern is.
    """
    absolute = pattern.startswith(os.sep)
    parts = [p for p in pattern.split(os.sep) if p]
    bases = [os.sep if absolute else ""]
    folders_only = pattern.endswith(os.sep)  # 'out/*/' matches folders, written with their '/'
    scanned = 0
    for i, part in enumerate(parts):
        last = i == len(parts) - 1 and not folders_only
        nxt: list[str] = []
        for base in bases:
            if not glob.has_magic(part):
                path = os.path.join(base, part) if base else part
                if os.path.lexists(path) if last else os.path.isdir(path):
                    nxt.append(path)
                scanned += 1
            else:
                try:
                    with os.scandir(base or os.curdir) as it:
                        for entry in it:
                            scanned += 1
                            if scanned > max_scanned:
                                return sorted(nxt) if last else [], True
                            name = entry.name
                            if name.startswith(".") and not part.startswith("."):
                                continue
                            if not fnmatch.fnmatchcase(name, part):
                                continue
                            try:
                                if not last and not entry.is_dir():
                                    continue
                            except OSError:
                                continue
                            nxt.append(os.path.join(base, name) if base else name)
                            if last and len(nxt) >= max_hits:
                                return sorted(nxt), True
                except OSError:
                    continue
            if scanned > max_scanned:
                return sorted(nxt) if last else [], True
        bases = nxt
        if not bases:
            return [], False
    return sorted(b + os.sep for b in bases) if folders_only and parts else sorted(bases), False


def check_exists(pattern: str, workdir: str) -> Check:
    """A path (or a glob such as ``out/*.ckpt``) exists under ``workdir``."""
    full = resolve(pattern, workdir)
    if glob.has_magic(pattern):
        hits, stopped = bounded_glob(str(full))
        if stopped and not hits:
            return Check(kind="exists", target=pattern, ok=False,
                         detail=f"no match among the first {GLOB_MAX_SCANNED} entries looked at; "
                                "narrow the pattern (fewer '*' folders)")
        return Check(kind="exists", target=pattern, ok=bool(hits),
                     detail=(f"{len(hits)}{'+' if stopped else ''} match(es)") if hits else "no match")
    try:
        ok = full.exists()
    except OSError as exc:  # a name too long, a folder we may not enter: a check that says so, not a crash
        return Check(kind="exists", target=pattern, ok=False, detail=f"cannot be looked at: {exc.strerror or exc}")
    return Check(kind="exists", target=pattern, ok=ok, detail="exists" if ok else "missing")


def check_metric(metric: Metric, workdir: str) -> Check:
    target = f"{metric.file}:{metric.key} {metric.op} {metric.value!r}"
    doc, problem = read_project_json(resolve(metric.file, workdir))
    if problem:
        return Check(kind="metric", target=target, ok=False, detail=problem)
    try:
        actual = lookup(doc, metric.key)
    except KeyError as exc:
        return Check(kind="metric", target=target, ok=False, detail=f"key {exc} not in file")
    try:
        ok = compare(actual, metric.op, metric.value)
    except TypeError as exc:
        return Check(kind="metric", target=target, ok=False, detail=str(exc))
    return Check(kind="metric", target=target, ok=ok, detail=f"value {actual!r}")


def check_all(exists: list[str], metrics: list[Metric], workdir: str) -> list[Check]:
    return [check_exists(p, workdir) for p in exists] + [check_metric(m, workdir) for m in metrics]


def check_done_when(done_when: DoneWhen | None, workdir: str) -> list[Check]:
    if done_when is None:
        return []
    return check_all(done_when.exists, done_when.metric, workdir)
