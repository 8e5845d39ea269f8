"""done_when and gate conditions: does a file exist, does a JSON metric compare true.

``compare`` and ``lookup`` are pure; the ``check_*`` functions read files and return a
:class:`~tianluo.model.Check` that says what was seen, never raise on a missing file.
"""

import glob
import json
import math
import operator
from pathlib import Path

from tianluo.model import Check
from tianluo.spec import DoneWhen, Metric

_OPS = {">=": operator.ge, ">": operator.gt, "<=": operator.le, "<": operator.lt,
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
        elif isinstance(value, list) and part.lstrip("-").isdigit() and -len(value) <= int(part) < len(value):
            value = value[int(part)]
        else:
            raise KeyError(part)
    return value


def resolve(path: str, workdir: str) -> Path:
    p = Path(path)
    return p if p.is_absolute() else Path(workdir) / p


def check_exists(pattern: str, workdir: str) -> Check:
    """A path (or a glob such as ``out/*.ckpt``) exists under ``workdir``."""
    full = resolve(pattern, workdir)
    if glob.has_magic(pattern):
        hits = glob.glob(str(full))
        return Check(kind="exists", target=pattern, ok=bool(hits),
                     detail=f"{len(hits)} match(es)" if hits else "no match")
    ok = full.exists()
    return Check(kind="exists", target=pattern, ok=ok, detail="exists" if ok else "missing")


def check_metric(metric: Metric, workdir: str) -> Check:
    target = f"{metric.file}:{metric.key} {metric.op} {metric.value!r}"
    full = resolve(metric.file, workdir)
    try:
        doc = json.loads(full.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Check(kind="metric", target=target, ok=False, detail="file missing")
    except (OSError, ValueError) as exc:
        return Check(kind="metric", target=target, ok=False, detail=f"unreadable JSON: {exc}")
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
