"""Careless and hostile inputs, mutated at random (seeded, so every run tries the same ones).

A spec is what the owner writes and a state.json what anything on a shared host may have
edited. Whatever they hold, a command answers with exit 0, or with one line and exit 2 and
nothing on disk changed, never an internal error or a traceback. The mutations replace a
value with one of another type or shape (None, huge and negative numbers, NaN, control
characters, braces, paths, lists where a mapping goes), drop keys, add unknown ones and
copy a subtree where another belongs.
"""

import contextlib
import copy
import io
import json
import random
from pathlib import Path

import pytest
import yaml

from tianluo.cli import main

ROOT = Path(__file__).resolve().parent.parent
SPECS = [ROOT / "examples/demo/tianluo.yaml", ROOT / "examples/demo/oom.yaml",
         ROOT / "examples/command-slurm/tianluo.yaml", ROOT / "templates/tianluo.example.yaml"]
STATES = sorted(p for p in (ROOT / "tests/states").glob("v[12]-*.json") if "defaults" not in p.name)

ODD = [None, True, False, 0, -1, 2**63, -2**64, 10**30, 1e308, float("inf"), float("nan"), -0.0, "", " ", "\x00",
       "a\nb", "{", "}", "{entity}", "{nope}", "$(reboot)", "../../etc/passwd", "/", "é" * 300, "x" * 5000,
       [], {}, [1, 2], {"a": 1}, [None], "1s", "0s", "-5m", "99999999999d", ".*", "(a+)+$", "[", "(?P<done>",
       {"kind": "slurm"}, {"kind": "command"}, {"kind": "pbs"}, "local", "slurm", "\u202e", "12h", "10%",
       "running", "held", "succeeded", "1970-01-01T00:00:00", "9999-12-31T23:59:59+00:00", "not-a-date"]
KEYS = ["zzz", "needs", "run", "when", "params", "forks", "retries", "backoff", "kind", "status", "attempts"]


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


def _at(node, path):
    for part in path:
        node = node[part]
    return node


def mutate(doc, rng: random.Random):
    """``doc`` with one to three random changes."""
    doc = copy.deepcopy(doc)
    for _ in range(rng.choice([1, 1, 2, 3])):
        places = [p for p in _paths(doc) if p]
        if not places:
            break
        where = rng.choice(places)
        parent, key = _at(doc, where[:-1]), where[-1]
        roll = rng.random()
        if roll < 0.55:
            parent[key] = copy.deepcopy(rng.choice(ODD))
        elif roll < 0.7:
            del parent[key]
        elif roll < 0.8 and isinstance(parent, dict):
            parent[rng.choice(KEYS)] = copy.deepcopy(rng.choice(ODD))
        else:
            parent[key] = copy.deepcopy(_at(doc, rng.choice(places)))
    return doc


def run_cli(argv: list[str]) -> tuple[int, str]:
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        code = main(argv)
    return code, err.getvalue()


def assert_answered(code: int, err: str, what: str) -> None:
    assert code in (0, 2), f"{what}: exit {code}: {err}"
    assert "Traceback" not in err and "internal error" not in err, f"{what}: {err}"
    if code == 2:
        lines = [line for line in err.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("tianluo: "), f"{what}: {err!r}"


@pytest.mark.parametrize("seed", range(4))
def test_a_mutated_spec_is_planned_or_refused_in_one_line(tmp_path, seed, monkeypatch):
    monkeypatch.delenv("TIANLUO_HOME", raising=False)
    rng = random.Random(seed)
    bases = [yaml.safe_load(p.read_text()) for p in SPECS]
    codes = set()
    for i in range(40):
        base = rng.choice(bases)
        text = yaml.safe_dump(mutate(base, rng) if i else base, allow_unicode=True)  # the first, as it is: 0
        folder = tmp_path / str(i)
        folder.mkdir()
        (folder / "tianluo.yaml").write_text(text)
        code, err = run_cli(["plan", str(folder / "tianluo.yaml"), "--home", str(folder / "home"),
                             "--accept-defaults"])
        assert_answered(code, err, f"seed {seed}, spec {i}:\n{text[:2000]}")
        assert i or code == 0, err  # the harness itself plans a good spec
        codes.add(code)
    assert 2 in codes  # mutations were refused, each in one line


@pytest.mark.parametrize("seed", range(4))
def test_a_mutated_state_is_shown_or_refused_in_one_line_and_never_rewritten(tmp_path, seed, monkeypatch):
    monkeypatch.delenv("TIANLUO_HOME", raising=False)
    monkeypatch.delenv("TIANLUO_RUN", raising=False)
    rng = random.Random(seed)
    bases = [json.loads(p.read_text()) for p in STATES]
    commands = [["status"], ["status", "--json"], ["prompt"], ["events"], ["report"]]
    codes = set()
    for i in range(40):
        try:
            text = json.dumps(mutate(rng.choice(bases), rng))
        except (ValueError, OverflowError):
            continue
        run_dir = tmp_path / str(i) / "runs" / "r"
        run_dir.mkdir(parents=True)
        (run_dir / "state.json").write_text(text)
        command = rng.choice(commands)
        code, err = run_cli([*command, "--run", str(run_dir)])
        assert_answered(code, err, f"seed {seed}, state {i}, {command}")
        codes.add(code)
        if command[0] != "report":
            assert (run_dir / "state.json").read_text() == text, f"seed {seed}, state {i}: {command} rewrote it"
    assert codes == {0, 2}  # both paths were taken
