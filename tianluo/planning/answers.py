"""Answers to plan-time forks: given once with ``plan``, kept between calls, locked at ``start``.

Answers are kept under the home (``plans/<slug>/answers.json``), keyed by what each fork is
about, so ``Q3`` answered today still means the same fork after the spec gains a stage.
"""

import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import yaml

from tianluo.errors import TianluoError
from tianluo.planning.forks import Fork
from tianluo.shell.fsio import UnsafePath, make_dirs, read_bytes, write_json
from tianluo.timefmt import iso

ANSWERS_VERSION = 1


@dataclass(frozen=True)
class Answer:
    value: str
    by: str  # "cli", "file", "default"
    at: str  # ISO time


def qids(forks: list[Fork]) -> dict[str, Fork]:
    return {f"Q{i}": fork for i, fork in enumerate(forks, 1)}


ANSWERS_CAP = 16 * 1024 * 1024  # bytes: answers.json takes about 120 bytes per fork, and a 10,000-stage
#: spec with a 10,000-wide fan-in has 10,000 forks (1 MiB refused what --accept-defaults had just saved)


def load(path: Path) -> dict[str, Answer]:
    """Saved answers by fork key; a missing file is no answers.

    Raises:
        TianluoError: the file is there but damaged (not JSON, binary, too big, wrong shape):
            it is never silently ignored, since start would then lock other answers.
    """
    if not os.path.lexists(path):
        return {}
    fix = f"remove it (`rm {path}`) and answer again with `tianluo plan SPEC --answer ...`"
    try:
        doc = json.loads(read_bytes(path, ANSWERS_CAP).decode("utf-8"))
    except UnsafePath:
        raise
    except OSError as exc:
        raise TianluoError(f"{path}: cannot read saved answers ({exc.strerror}); {fix}") from None
    except (ValueError, RecursionError):
        raise TianluoError(f"{path}: saved answers are damaged (not UTF-8 JSON, or over {ANSWERS_CAP} bytes); "
                           f"{fix}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("answers"), dict):
        raise TianluoError(f"{path}: saved answers are not a mapping with an 'answers' object; {fix}")
    out = {}
    for key, a in doc["answers"].items():
        if isinstance(a, dict) and isinstance(a.get("value"), str):
            out[key] = Answer(value=a["value"], by=str(a.get("by", "cli")), at=str(a.get("at", "")))
    return out


def save(path: Path, answers: dict[str, Answer]) -> None:
    make_dirs(path.parent)  # 0700, never through a link below the (checked) home
    write_json(path, {"version": ANSWERS_VERSION,
                      "answers": {k: {"value": a.value, "by": a.by, "at": a.at} for k, a in answers.items()}})


def _check(fork: Fork, qid: str, value: str, where: str) -> None:
    if not fork.accepts(value):
        extra = " or a folder path" if fork.free_form else ""
        raise TianluoError(f"{where}: {qid}: {value!r} is not an option ({', '.join(fork.options)}{extra})")


class _Index:
    """The forks by Q id and by key, built once per call (a 10,000-fork spec, 3,000 answers)."""

    def __init__(self, forks: list[Fork]):
        self.count = len(forks)
        self.by_qid = qids(forks)
        self.by_key: dict[str, tuple[str, Fork]] = {}
        for qid, fork in self.by_qid.items():
            self.by_key.setdefault(fork.key, (qid, fork))  # the first, as Q order reads


def _resolve(index: _Index, name: str, where: str) -> tuple[str, Fork]:
    if name in index.by_qid:
        return name, index.by_qid[name]
    for key in (name, f"custom:{name}"):  # a fork key, or the bare name of a fork of your own
        if key in index.by_key:
            return index.by_key[key]
    ids = f"Q1..Q{index.count}" if index.count else "none"
    raise TianluoError(f"{where}: no fork {name!r}; the forks of this spec are {ids} (see `tianluo plan SPEC`)")


def from_cli(forks: list[Fork], pairs: list[str], now: datetime) -> dict[str, Answer]:
    """``["Q1=a", "Q3=hold"]`` -> answers by fork key.

    Raises:
        TianluoError: a malformed pair, an unknown fork, or a value that is not an option.
    """
    out = {}
    index = _Index(forks)
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise TianluoError(f"--answer {pair!r}: write it as Q<n>=<option>, e.g. --answer Q1=go")
        qid, fork = _resolve(index, name.strip(), "--answer")
        _check(fork, qid, value.strip(), "--answer")
        out[fork.key] = Answer(value=value.strip(), by="cli", at=iso(now))
    return out


#: An answers file is a handful of ``Q1: go`` lines; anything near this size is not one.
ANSWERS_MAX_BYTES = 64 * 1024


class _AnswersLoader(yaml.CBaseLoader):
    """Every value as written ('yes' stays yes, 007 stays 007)."""


def from_file(forks: list[Fork], path: Path, now: datetime) -> dict[str, Answer]:
    """Answers from a YAML or JSON mapping ``{Q1: go, 'risk:a.train:cuda_oom': halve_batch}``.

    Read like a spec (see ``tianluo.planning.yamlsource.load_yaml``): a regular file of at most
    ``ANSWERS_MAX_BYTES``, no deep nesting, no alias bombs; each answer one line of text.
    """
    from tianluo.planning.spec_parts import MAX_PATH, control_problem
    from tianluo.planning.yamlsource import dotted, load_yaml

    source = load_yaml(path, max_bytes=ANSWERS_MAX_BYTES, loader=_AnswersLoader, what="answers file",
                       error=TianluoError, label="cannot read answers: YAML error")
    doc = source.data
    if not isinstance(doc, dict):
        raise TianluoError(f"{path}: answers are a mapping of fork to answer, e.g. 'Q1: go'")
    out = {}
    index = _Index(forks)
    for name, value in doc.items():
        where = f"{source.where((name,))}: {dotted((name,))}"
        if not isinstance(value, str):
            raise TianluoError(f"{where}: an answer is one word or path, not a "
                               f"{'list' if isinstance(value, list) else 'mapping'}; e.g. 'Q1: go'")
        problem = control_problem(value) or (f"is {len(value)} characters long; at most {MAX_PATH}"
                                             if len(value) > MAX_PATH else None)
        if problem:
            raise TianluoError(f"{where}: the answer {problem}")
        qid, fork = _resolve(index, str(name), str(path))
        _check(fork, qid, value, str(path))
        out[fork.key] = Answer(value=value, by="file", at=iso(now))
    return out


def with_defaults(forks: list[Fork], answers: dict[str, Answer], now: datetime) -> dict[str, Answer]:
    """Every open fork answered with its default (by: default)."""
    out = dict(answers)
    for fork in forks:
        out.setdefault(fork.key, Answer(value=fork.default, by="default", at=iso(now)))
    return out


def current(forks: list[Fork], answers: dict[str, Answer]) -> dict[str, Answer]:
    """The answers that still fit this spec's forks (a changed spec may drop or change forks)."""
    keys = {f.key: f for f in forks}
    return {k: a for k, a in answers.items() if k in keys and keys[k].accepts(a.value)}


def open_forks(forks: list[Fork], answers: dict[str, Answer]) -> list[tuple[str, Fork]]:
    return [(qid, f) for qid, f in qids(forks).items() if f.key not in answers]


