"""Everything a tick will use is checked at plan time, and every input is bounded.

Specs and answers files: size, YAML depth and alias expansion are refused before anything is
built (the billion-laughs bomb under a memory limit, in a real process); durations, numbers,
names, commands, params and paths are checked against their bounds. Big graphs go through
``plan`` and a real ``tick`` without recursion. Files a tick reads from the project (metric
and progress files) are regular files of bounded size, or a failed check that says why.
"""

import json
import os
import resource
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace

import forked_cli
import pytest
from conftest import cli, read_events, start_run
from pure_helpers import write_spec

from tianluo.core import gpu_pool
from tianluo.core.decide import topo_order
from tianluo.core.degrade import apply
from tianluo.errors import EXIT_USAGE, SpecError, TianluoError
from tianluo.models.plan_model import PlannedStage
from tianluo.planning import answers
from tianluo.planning.forks import derive
from tianluo.planning.plan import build_plan
from tianluo.planning.spec import MAX_STAGES, Progress
from tianluo.planning.spec_checks import find_cycle, load_spec
from tianluo.planning.spec_parts import ENTITY_NAME, LABEL, PARAM_NAME, STAGE_NAME, Metric, ParamChange
from tianluo.planning.yamlsource import MAX_ALIAS_NODES, MAX_DEPTH, SPEC_MAX_BYTES
from tianluo.shell.conditions import PROJECT_FILE_CAP, check_metric, read_project_json
from tianluo.shell.observe import read_progress_file
from tianluo.views.report_data import critical_path

ONE_STAGE = """\
name: bounds
entities:
  a:
    stages:
      train: {run: "true"}
"""


def stage_spec(extra: str, params: str = "") -> str:
    """A one-stage spec whose stage carries ``extra`` (flow-mapping items)."""
    params = f"    params: {{{params}}}\n" if params else ""
    return f'name: bounds\nentities:\n  a:\n{params}    stages:\n      train: {{run: "true", {extra}}}\n'


def refused(tmp_path: Path, text: str | bytes, name: str = "tianluo.yaml") -> str:
    path = tmp_path / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    with pytest.raises(SpecError) as info:
        load_spec(path)
    message = str(info.value)
    assert "\n" not in message and info.value.exit_code == EXIT_USAGE, message
    return message


def bomb(levels: int = 10, root: str = "lol") -> str:
    """The billion-laughs document: each level repeats the one below ten times."""
    lines = []
    for i in range(levels):
        items = [f"*l{i - 1}"] * 10 if i else [root] * 10
        lines.append(f"l{i}: &l{i} [{', '.join(items)}]")
    return "\n".join(lines) + "\n"


# --- size, depth, aliases ---------------------------------------------------------------


def test_a_50_mb_spec_is_refused_in_well_under_a_second(tmp_path):
    path = tmp_path / "huge.yaml"
    with open(path, "w") as f:
        f.write("name: huge\nentities:\n")
        f.write("".join(f"  e{i}: {{stages: {{t: {{run: 'true'}}}}}}\n" for i in range(1_400_000)))
    assert path.stat().st_size > 50 * 1024 * 1024
    t0 = time.monotonic()
    with pytest.raises(SpecError, match="over the 4 MiB limit"):
        load_spec(path)
    assert time.monotonic() - t0 < 5  # refused by its size before a byte is parsed (parsing 50 MB takes minutes)


def test_a_spec_just_over_the_cap_is_refused_and_one_at_the_cap_is_read(tmp_path):
    body = ONE_STAGE + "#"
    at_cap = body + "x" * (SPEC_MAX_BYTES - len(body) - 1) + "\n"
    assert len(at_cap.encode()) == SPEC_MAX_BYTES
    (tmp_path / "ok.yaml").write_text(at_cap)
    spec, _ = load_spec(tmp_path / "ok.yaml")
    assert spec.name == "bounds"
    assert "over the 4 MiB limit" in refused(tmp_path, at_cap + "#")


@pytest.mark.parametrize("make", [os.mkfifo, lambda p: os.symlink("/dev/zero", p), os.mkdir],
                         ids=["fifo", "dev-zero", "folder"])
def test_a_spec_that_is_not_a_regular_file_is_refused_at_once(tmp_path, make):
    path = tmp_path / "tianluo.yaml"
    make(path)
    result = {}
    worker = threading.Thread(target=lambda: result.update(err=_error_of(path)), daemon=True)
    worker.start()
    worker.join(5)
    assert not worker.is_alive(), "load_spec hung on a special file"
    assert "not a regular file" in result["err"] or "is a folder" in result["err"]


def _error_of(path: Path) -> str:
    try:
        load_spec(path)
    except SpecError as exc:
        return str(exc)
    return "accepted"


def test_deep_nesting_is_refused_before_the_composer_recurses(tmp_path):
    # libyaml's scanner may notice first (it reads flow brackets ahead); either way one line, exit 2
    assert "nest" in refused(tmp_path, "name: x\nv: " + "[" * 5000 + "]" * 5000 + "\n")
    assert f"nested more than {MAX_DEPTH} levels deep" in refused(
        tmp_path, "name: x\nv: " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n")
    block = ("name: x\n" + "".join("  " * i + f"k{i}:\n" for i in range(MAX_DEPTH + 2))
             + "  " * (MAX_DEPTH + 2) + "v: 1\n")
    message = refused(tmp_path, block)
    assert "nested more than" in message and f":{MAX_DEPTH + 2}:" in message  # the line where it got too deep


def test_aliases_and_merge_keys_within_the_budget_are_fine(tmp_path):
    spec, _ = load_spec(write_spec(tmp_path, """\
        name: shared
        entities:
          a:
            stages:
              train: &d {run: "true", expected: 1h}
              eval: {<<: *d, needs: [train]}
    """))
    assert spec.entities["a"].stages["eval"].expected == 3600


def test_a_recursive_alias_is_refused(tmp_path):
    assert "recursive alias" in refused(tmp_path, "name: x\nentities:\n  a: &a\n    stages: {t: {needs: [*a]}}\n")


SUBPROCESS_LIMIT = 512 * 1024 * 1024


def _limited(code: str, *args: str) -> subprocess.CompletedProcess:
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (SUBPROCESS_LIMIT, SUBPROCESS_LIMIT))

    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=30,
                          preexec_fn=limit)


@pytest.mark.parametrize("levels", [6, 10, 20])
def test_the_billion_laughs_bomb_is_refused_fast_under_a_memory_limit(tmp_path, levels):
    path = tmp_path / "bomb.yaml"
    path.write_text("name: bomb\n" + bomb(levels) + ONE_STAGE.split("\n", 1)[1])
    t0 = time.monotonic()
    proc = _limited("import sys\nfrom tianluo.planning.spec_checks import load_spec\n"
                    "from tianluo.errors import SpecError\n"
                    "try:\n    load_spec(sys.argv[1])\nexcept SpecError as e:\n    print(e)\n", str(path))
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert f"aliases expand to more than {MAX_ALIAS_NODES} nodes" in proc.stdout
    assert time.monotonic() - t0 < 10


def test_the_bomb_in_an_answers_file_is_refused_fast_under_a_memory_limit(tmp_path):
    path = tmp_path / "answers.yaml"
    path.write_text(bomb(12, root="go"))
    proc = _limited("import sys\nfrom pathlib import Path\nfrom datetime import datetime, timezone\n"
                    "from tianluo import answers\nfrom tianluo.errors import TianluoError\n"
                    "try:\n    answers.from_file([], Path(sys.argv[1]), datetime.now(timezone.utc))\n"
                    "except TianluoError as e:\n    print(e)\n", str(path))
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "aliases expand to more than" in proc.stdout


def test_the_bomb_through_the_cli_is_one_line_exit_2(tmp_path):
    spec = write_spec(tmp_path, "name: bomb\n" + bomb(10) + ONE_STAGE.split("\n", 1)[1])
    proc = forked_cli.run("plan", spec, "--home", tmp_path / "home", cwd=tmp_path)
    assert proc.returncode == 2 and len(proc.stderr.splitlines()) == 1, proc.stderr
    assert "alias" in proc.stderr


def test_an_answers_file_is_capped_and_its_answers_are_one_line_each(tmp_path):
    now = datetime.now(UTC)
    spec, _ = load_spec(write_spec(tmp_path, """\
        name: forky
        forks:
          mode: {question: which, options: [fast, slow], default: fast}
        entities:
          a:
            stages: {t: {run: "echo {mode}", output: {path: out.txt}}}
    """))
    forks = derive(spec)
    cases = {
        "# " + "x" * (answers.ANSWERS_MAX_BYTES + 10) + "\nQ1: fast\n": "over the 64 KiB limit",
        "Q1: [fast]\n": "not a list",
        'Q2: "out\\nrm -rf ~"\n': "contains a newline",
        "Q1: &a [*a]\n": "recursive alias",
    }
    for i, (text, fragment) in enumerate(cases.items()):
        path = tmp_path / f"a{i}.yaml"
        path.write_text(text)
        with pytest.raises(TianluoError) as info:
            answers.from_file(forks, path, now)
        assert fragment in str(info.value) and "\n" not in str(info.value)
    good = tmp_path / "good.yaml"
    good.write_text("Q1: slow\nQ2: /srv/models\n")
    assert {k: a.value for k, a in answers.from_file(forks, good, now).items()} == {
        "custom:mode": "slow", "output:a.t": "/srv/models"}


# --- durations, numbers, text -----------------------------------------------------------


@pytest.mark.parametrize("top, fragment", [
    ("success_gate: {deadline: 1.0e+300}", "success_gate.deadline: 1e+300 is too long; at most 365d"),
    ("success_gate: {deadline: 9999999d}", "at most 365d"),
    ("success_gate: {deadline: 366d}", "366d is too long; at most 365d"),
    ("ladder: {transient: {retries: 2, backoff: [1.0e+300]}}", "ladder.transient.backoff[0]"),
    ("ladder: {transient: {retries: 2, backoff: [0s, 31d]}}", "ladder.transient.backoff[1]: 31d is too long"),
    ("interval: 0s", "interval: 0s is too short; at least 1m"),
    ("interval: 30s", "at least 1m"),
    ("interval: 2h", "at most 1h"),
    ("cancel_grace: 2h", "cancel_grace: 2h is too long; at most 1h"),
    ("ask_above: {expected: 40d}", "ask_above.expected"),
    ("max_attempts: 100000000000000000000000", "max_attempts"),
])
def test_run_wide_bounds(tmp_path, top, fragment):
    assert fragment in refused(tmp_path, "name: bounds\n" + top + "\n" + ONE_STAGE.split("\n", 1)[1])


@pytest.mark.parametrize("extra, fragment", [
    ("expected: 31d", "expected: 31d is too long; at most 30d"),
    ("expected: " + "9" * 400, "expected"),
    ("progress: {file: p.json, stall_after: 1.0e+300}", "progress.stall_after"),
    ("output: {path: o, grows_within: 100d}", "output.grows_within: 100d is too long"),
    ("resources: {time: 60d}", "resources.time"),
    ("expected: .inf", "finite"),
])
def test_stage_duration_bounds(tmp_path, extra, fragment):
    assert fragment in refused(tmp_path, stage_spec(extra))


def test_the_largest_allowed_durations_pass_and_reach_the_plan(tmp_path):
    text = stage_spec("expected: 30d, progress: {file: p.json, stall_after: 30d}, output: {path: o, grows_within: 30d}")
    text = text.replace("entities:", "interval: 1h\ncancel_grace: 1h\nsuccess_gate: {deadline: 365d}\n"
                        "ladder: {transient: {retries: 1, backoff: [30d]}}\nentities:")
    spec, _ = load_spec(write_spec(tmp_path, text))
    plan = build_plan(spec, tmp_path / "tianluo.yaml")
    assert plan.success_gate.deadline == 365 * 86400 and plan.interval == 3600
    assert plan.entities["a"].stages["train"].expected == 30 * 86400


@pytest.mark.parametrize("value, fragment", [
    ("1.0e+400", "inf is not a finite number"),
    (".nan", "nan is not a finite number"),
    ("-.inf", "not a finite number"),
    ("1" + "0" * 400, "numbers are 64-bit"),
    ("9223372036854775808", "numbers are 64-bit"),
    ("7" * 5000, "more than 4300 digits"),
    ('"a\\0b"', "NUL byte"),
    ('"a\\nb"', "newline"),
    ('"\\e[2J"', "escape character"),
    ("y" * 5000, "at most 4096"),
])
def test_params_are_finite_64_bit_one_line_values(tmp_path, value, fragment):
    message = refused(tmp_path, stage_spec("", params=f"p: {value}").replace('"true", ', '"echo {p}"'))
    assert fragment in message
    if "4300" not in fragment:  # that one is refused by the YAML reader, before there are keys
        assert "entities.a.params.p" in message


def test_edge_params_pass(tmp_path):
    params = "big: 9223372036854775807, small: -9223372036854775808, lr: 1.0e-300, tag: 'tab\there'"
    spec, _ = load_spec(write_spec(tmp_path, stage_spec("", params=params)))
    assert spec.entities["a"].params["big"] == 2**63 - 1


@pytest.mark.parametrize("spec_text, fragment", [
    (stage_spec("").replace('run: "true", ', 'run: "echo \\0"'), "run: the command contains a NUL byte"),
    (stage_spec("").replace('run: "true", ', 'run: "echo a\\necho b"'), "run: the command contains a newline"),
    ('name: b\nnotify: [{command: "x\\0"}]\n' + ONE_STAGE.split("\n", 1)[1], "notify[0].command"),
    (stage_spec('variants: {s: "a\\rb"}'), "variants.s: the command contains a carriage return"),
    (stage_spec('done_when: {exists: ["ok", "o\\0k"]}'), "done_when.exists[1]: the path contains a NUL byte"),
    (stage_spec('logs: ["x\\ny"]'), "logs[0]: the path contains a newline"),
    (stage_spec('output: {path: "a\\tb", destination: "d\\n"}'), "output.destination: the path contains a newline"),
    (stage_spec('run2: 1').replace(", run2: 1", ', needs: ["x\\n"]'), "a need contains a newline"),
    (stage_spec("").replace('run: "true", ', 'run: "' + "x" * 40000 + '"'), "at most 32768"),
    (stage_spec('done_when: {exists: "' + "d" * 5000 + '"}'), "at most 4096"),
])
def test_commands_and_paths_are_one_line_and_bounded(tmp_path, spec_text, fragment):
    assert fragment in refused(tmp_path, spec_text)


@pytest.mark.parametrize("pattern, name", [
    (ENTITY_NAME, "a\n"), (STAGE_NAME, "train\n"), (PARAM_NAME, "lr\n"), (LABEL, "oom\n"),
    (ENTITY_NAME, "e" * 65), (PARAM_NAME, "p" * 65),
])
def test_names_are_matched_as_whole_strings(pattern, name):
    assert not pattern.match(name) and not pattern.fullmatch(name)
    assert pattern.match(name.rstrip("\n")[:64])


@pytest.mark.parametrize("text, key", [
    ('name: b\nentities:\n  "a\\n":\n    stages: {t: {run: "true"}}\n', "entity names"),
    ('name: b\nentities:\n  a:\n    stages: {"t\\n": {run: "true"}}\n', "stage names"),
    ('name: b\nentities:\n  a:\n    params: {"p\\n": 1}\n    stages: {t: {run: "true"}}\n', "parameter names"),
    ('name: b\nforks: {"m\\n": {question: q, options: [x, y], default: x}}\n' + ONE_STAGE.split("\n", 1)[1],
     "fork names"),
])
def test_a_name_ending_in_a_newline_is_refused_and_the_message_stays_one_line(tmp_path, text, key):
    message = refused(tmp_path, text)
    assert key in message and "\\n" in message  # the name is shown escaped


@pytest.mark.parametrize("text, fragment", [
    ("name: b\nentities: [a, b]\n", "entities: expected a mapping (key: value), got a list"),
    ("name: b\nentities:\n  a:\n    stages:\n      t: echo hi\n",
     "entities.a.stages.t: expected a mapping (key: value), got text"),
    ("name: b\nentities:\n  a:\n    params: 5\n    stages: {t: {run: 'true'}}\n",
     "entities.a.params: expected a mapping (key: value), got the number 5"),
    ("name: b\nentities:\n  a:\n    stages:\n      t:\n",
     "entities.a.stages.t: expected a mapping (key: value), got nothing"),
    ("name: b\nentities:\n  a:\n", "entities.a: expected a mapping"),
    ("name: b\nsuccess_gate: [x]\n" + ONE_STAGE.split("\n", 1)[1], "success_gate: expected a mapping"),
    ("name: b\nnotify: {command: x}\n" + ONE_STAGE.split("\n", 1)[1], "notify: expected a list, got a mapping"),
    ("name: b\nentities:\n  a:\n    params: {p: [1]}\n    stages: {t: {run: 'true'}}\n",
     "expected text, a number or true/false, got a list"),
    ("- a\n- b\n", "the spec must be a mapping"),
    ("name: b\n? [k]\n: v\n", "a key must be plain text"),
    ("name: 2001-13-45\n", "a value cannot be read"),
    (b"name: caf\xe9\n", "not UTF-8"),
])
def test_every_wrong_shape_is_exit_2_with_the_key(tmp_path, text, fragment):
    assert fragment in refused(tmp_path, text)


def test_too_many_stages_are_refused(tmp_path):
    lines = ["name: many", "entities:"] + [f"  e{i}: {{stages: {{t: {{run: 'true'}}}}}}" for i in range(MAX_STAGES + 1)]
    assert f"at most {MAX_STAGES}" in refused(tmp_path, "\n".join(lines) + "\n")


def test_a_command_too_long_once_params_are_filled_in_is_refused_at_plan_time(tmp_path):
    text = stage_spec("", params="p: " + "x" * 4000).replace('run: "true", ', 'run: "' + "{p} " * 30 + '"')
    spec, _ = load_spec(write_spec(tmp_path, text))
    with pytest.raises(SpecError, match="with its params filled in the command is"):
        build_plan(spec, tmp_path / "tianluo.yaml")


def test_a_degrade_that_would_overflow_changes_nothing():
    assert apply(ParamChange(multiply=1e300), 1e300) is None
    assert apply(ParamChange(multiply=1e300), 2**62) is None
    assert apply(ParamChange(divide=2), 2**62) == 2**61


# --- big graphs without recursion -------------------------------------------------------


def chain(n: int, reverse: bool = True) -> str:
    """A spec with one entity whose ``n`` stages form a chain, written last stage first."""
    order = range(n - 1, -1, -1) if reverse else range(n)
    lines = ["name: chain", "entities:", "  a:", "    stages:"]
    lines += [f"      s{i}: {{run: 'true'{', needs: [s' + str(i - 1) + ']' if i else ''}}}" for i in order]
    return "\n".join(lines) + "\n"


def test_find_cycle_is_iterative():
    n = 100_000
    edges = {i: [i + 1] for i in range(n)}
    edges[n] = [0]
    cycle = find_cycle(edges)
    assert cycle is not None and len(cycle) == n + 1
    edges[n] = []
    assert find_cycle(edges) is None


def test_a_cycle_through_a_long_chain_is_found(tmp_path):
    text = chain(3000).replace("s0: {run: 'true'}", "s0: {run: 'true', needs: [s2999]}")
    assert "needs form a cycle" in refused(tmp_path, text)


def _old_topo(ids, needs):
    out, placed = [], set()
    while len(out) < len(ids):
        progressed = False
        for sid in ids:
            if sid not in placed and all(n in placed for n in needs[sid]):
                out.append(sid)
                placed.add(sid)
                progressed = True
        if not progressed:
            out += [s for s in ids if s not in placed]
            break
    return out


def _graph_state(ids, needs):
    stages = {sid.split(".")[1]: SimpleNamespace(needs=needs[sid]) for sid in ids}
    return SimpleNamespace(stage_ids=lambda: ids, plan=SimpleNamespace(entities={"e": SimpleNamespace(stages=stages)}))


def test_topo_order_keeps_the_order_of_repeated_passes_in_linear_time():
    import random

    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(1, 12)
        rank = list(range(n))
        rng.shuffle(rank)
        ids = [f"e.s{i}" for i in range(n)]
        needs = {ids[i]: [ids[j] for j in range(n) if rank[j] < rank[i] and rng.random() < 0.3] for i in range(n)}
        assert topo_order(_graph_state(ids, needs)) == _old_topo(ids, needs)
    n = 20_000
    ids = [f"e.s{i}" for i in range(n)]
    needs = {ids[i]: [ids[i + 1]] if i + 1 < n else [] for i in range(n)}  # each pass would place one stage
    t0 = time.monotonic()
    order = topo_order(_graph_state(ids, needs))
    assert order == list(reversed(ids)) and time.monotonic() - t0 < 2


def test_the_gpu_order_and_the_critical_path_of_a_long_chain_take_linear_time():
    """The GPU order (plan.md, each GPU round) and the report's critical path were quadratic in a chain's
    length: 40,000 stages took minutes (a set made per stage; a list searched per stage)."""
    n = 40_000
    ids = [f"e.s{i}" for i in range(n)]
    needs = {ids[i]: [ids[i - 1]] if i else [] for i in range(n)}
    stages = {sid.split(".")[1]: SimpleNamespace(expected=60.0) for sid in ids}
    plan = SimpleNamespace(entities={"e": SimpleNamespace(stages=stages)})
    t0 = time.monotonic()
    order = gpu_pool.priorities(plan, ids, needs)
    assert time.monotonic() - t0 < 4
    assert order[ids[0]] == (-60.0 * n, -n, 0) and order[ids[-1]] == (-60.0, -1, n - 1)
    rows = [{"id": sid, "status": "pending", "needs": needs[sid], "expected": 60.0} for sid in ids]
    t0 = time.monotonic()
    assert critical_path(rows) == ids
    assert time.monotonic() - t0 < 4


@pytest.mark.parametrize("n", [2000, 10_000])
def test_a_long_chain_goes_through_plan_start_and_a_real_tick(tmp_path, n):
    """Real processes for the longest chain; the shorter one's in a fork of this process (tests/forked_cli.py),
    whose frames below the CLI's leave it less room to recurse, not more."""
    real = n == 10_000
    tianluo = cli if real else forked_cli.run
    spec = write_spec(tmp_path, chain(n))
    home = tmp_path / "home"
    assert tianluo("plan", spec, "--home", home, "--accept-defaults", cwd=tmp_path, timeout=120).returncode == 0
    run_dir = (start_run if real else forked_cli.start_run)(spec, home, tmp_path)
    proc = tianluo("tick", "--run", run_dir, cwd=tmp_path, timeout=120)
    assert proc.returncode == 0, proc.stderr
    events = read_events(run_dir)
    assert "internal error" not in proc.stderr
    assert any(e.get("entity") == "a" and e.get("stage") == "s0" for e in events)


# --- files a tick reads from the project ------------------------------------------------


def metric(path: str) -> Metric:
    return Metric(file=path, key="acc", op=">=", value=0.5)


def _check_soon(m: Metric, workdir: str, timeout: float = 5.0):
    result = {}
    worker = threading.Thread(target=lambda: result.update(check=check_metric(m, workdir)), daemon=True)
    worker.start()
    worker.join(timeout)
    assert not worker.is_alive(), "the check hung"
    return result["check"]


def test_a_fifo_metric_file_is_a_failed_check_not_a_hang(tmp_path):
    os.mkfifo(tmp_path / "m.json")
    check = _check_soon(metric("m.json"), str(tmp_path))
    assert not check.ok and "not a regular file" in check.detail


def test_a_metric_file_linked_to_dev_zero_or_a_folder_is_a_failed_check(tmp_path):
    os.symlink("/dev/zero", tmp_path / "zero.json")
    (tmp_path / "dir.json").mkdir()
    for name in ("zero.json", "dir.json"):
        check = _check_soon(metric(name), str(tmp_path))
        assert not check.ok and "not a regular file" in check.detail, check


def test_a_link_in_the_project_to_a_regular_file_is_followed(tmp_path):
    (tmp_path / "real.json").write_text('{"acc": 0.9}')
    os.symlink(tmp_path / "real.json", tmp_path / "m.json")
    check = _check_soon(metric("m.json"), str(tmp_path))
    assert check.ok and check.detail == "value 0.9"


def test_a_metric_file_too_big_or_too_deep_is_a_failed_check_saying_why(tmp_path):
    with open(tmp_path / "big.json", "wb") as f:
        f.truncate(PROJECT_FILE_CAP + 1)
    (tmp_path / "deep.json").write_text("[" * 200_000 + "]" * 200_000)
    (tmp_path / "digits.json").write_text('{"acc": ' + "9" * 5000 + "}")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    details = {name: _check_soon(metric(name), str(tmp_path)).detail
               for name in ("big.json", "deep.json", "digits.json", "binary.json", "missing.json")}
    assert "larger than 16 MiB" in details["big.json"]
    assert details["deep.json"] == "unreadable JSON: nested too deep"
    assert "unreadable JSON" in details["digits.json"]
    assert "not UTF-8" in details["binary.json"]
    assert details["missing.json"] == "file missing"


def test_read_project_json_gives_the_document_or_why_not(tmp_path):
    (tmp_path / "ok.json").write_text('{"a": [1, 2]}')
    assert read_project_json(tmp_path / "ok.json") == ({"a": [1, 2]}, None)
    doc, why = read_project_json(tmp_path / "nope.json")
    assert doc is None and why == "file missing"


def _progress_of(tmp_path: Path, name: str):
    planned = PlannedStage(command="true", run="true", progress=Progress(file=name))
    result = {}
    worker = threading.Thread(target=lambda: result.update(v=read_progress_file(planned, str(tmp_path))),
                              daemon=True)
    worker.start()
    worker.join(5)
    assert not worker.is_alive(), "reading the progress file hung"
    return result["v"]


def test_progress_files_on_dev_zero_a_fifo_or_with_giant_numbers_are_no_progress(tmp_path):
    os.symlink("/dev/zero", tmp_path / "zero.json")
    os.mkfifo(tmp_path / "fifo.json")
    (tmp_path / "huge.json").write_text('{"done": 1' + "0" * 400 + "}")
    (tmp_path / "inf.json").write_text('{"done": Infinity}')
    (tmp_path / "ok.json").write_text('{"done": 3, "total": 10}')
    for name in ("zero.json", "fifo.json", "huge.json", "inf.json"):
        assert _progress_of(tmp_path, name) is None, name
    assert _progress_of(tmp_path, "ok.json") == (3.0, 10.0)


def test_a_tick_with_hostile_metric_files_completes_and_says_why(tmp_path):
    proj = tmp_path / "proj"
    proj.mkdir()
    spec = write_spec(proj, """\
        name: reads
        entities:
          a:
            stages:
              t:
                run: "true"
                progress: {file: prog.json}
                done_when: {metric: {file: m.json, key: acc, op: '>=', value: 0.5}}
        success_gate:
          metric: [{file: g.json, key: x, op: '==', value: 1}]
    """)
    os.mkfifo(proj / "m.json")
    os.symlink("/dev/zero", proj / "prog.json")
    (proj / "g.json").write_text("[" * 200_000 + "]" * 200_000)
    run_dir = forked_cli.start_run(spec, tmp_path / "home", proj)
    deadline = time.monotonic() + 20
    while not list(run_dir.glob("attempts/a/t/1/exit.json")):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    proc = forked_cli.run("tick", "--run", run_dir, cwd=proj, timeout=30)
    assert proc.returncode == 0, proc.stderr
    assert "m.json:acc >= 0.5 (not a regular file" in proc.stdout
    status = forked_cli.status_json(run_dir, proj)
    assert "unreadable JSON: nested too deep" in json.dumps(status)


def test_ten_thousand_entities_plan_in_linear_time(tmp_path):
    """build_plan derived every fork of the spec once per entity: 10,000 entities took minutes."""
    lines = ["name: wide", "entities:"] + [f"  e{i}: {{stages: {{t: {{run: 'true'}}}}}}" for i in range(10_000)]
    path = write_spec(tmp_path, "\n".join(lines) + "\n")
    spec, _ = load_spec(path)
    t0 = time.monotonic()
    plan = build_plan(spec, path)
    assert len(plan.entities) == 10_000 and time.monotonic() - t0 < 15


def test_aliases_cannot_nest_deeper_than_the_text_does(tmp_path):
    """Forty anchors, each 20 levels deep and holding the one before: 800 levels once expanded."""
    lines = ["name: x"] + [f"a{i}: &a{i} " + "[" * 20 + (f"*a{i - 1}" if i else "v") + "]" * 20 for i in range(40)]
    assert "the alias *a0 nests more than 32 levels deep" in refused(tmp_path, "\n".join(lines) + "\n")


def test_a_path_too_long_once_params_are_filled_in_is_refused_at_plan_time(tmp_path):
    text = stage_spec('done_when: {exists: "{p}/{p}"}', params="p: " + "x" * 3000)
    spec, _ = load_spec(write_spec(tmp_path, text))
    with pytest.raises(SpecError, match=r"entities.a.stages.train: once its params are filled in, exists\[0\]: "
                                        "the path is 6001 characters long; at most 4096"):
        build_plan(spec, tmp_path / "tianluo.yaml")


def test_a_careless_glob_does_not_walk_the_host(tmp_path):
    """done_when/logs globs look at a bounded number of entries: '/*/*/*/*/*/*/*/*' took
    minutes on every tick (glob.glob over all of /proc); now it stops and says why."""
    from tianluo.shell.conditions import bounded_glob, check_exists

    t0 = time.monotonic()
    check = check_exists("/*/*/*/*/*/*/*/*/nothing-here", str(tmp_path))
    assert time.monotonic() - t0 < 10
    assert not check.ok and "narrow the pattern" in check.detail

    for i in range(30):
        for j in range(30):
            (tmp_path / f"d{i}" / f"e{j}").mkdir(parents=True)
    (tmp_path / "d3" / "e4" / "final.ckpt").write_text("x")
    (tmp_path / ".hidden.ckpt").write_text("x")
    assert bounded_glob(f"{tmp_path}/*/*/*.ckpt") == ([f"{tmp_path}/d3/e4/final.ckpt"], False)
    assert bounded_glob(f"{tmp_path}/*.ckpt") == ([], False)  # '*' skips hidden names, as glob does
    assert bounded_glob(f"{tmp_path}/.*.ckpt")[0] == [f"{tmp_path}/.hidden.ckpt"]
    hits, stopped = bounded_glob(f"{tmp_path}/*/*/nothing", max_scanned=100)
    assert (hits, stopped) == ([], True)
    hits, stopped = bounded_glob(f"{tmp_path}/*/*", max_hits=50)
    assert len(hits) == 50 and stopped
    assert check_exists("d*/e1*/final.ckpt", str(tmp_path)).ok is False
    assert check_exists("d*/e*/final.ckpt", str(tmp_path)).ok is True


@pytest.mark.parametrize("path", ["/proc/kmsg", "/proc/self/mem"])
def test_a_metric_or_progress_file_in_proc_is_a_failed_check_not_a_hung_tick(path, tmp_path):
    """read_project_json on /proc/kmsg blocked forever (a root tick reading a metric there)."""
    os.symlink(path, tmp_path / "m.json")
    for p in (Path(path), tmp_path / "m.json"):
        t0 = time.monotonic()
        doc, why = read_project_json(p)
        assert doc is None and "kernel file" in why and time.monotonic() - t0 < 5


@pytest.mark.parametrize("key, path", [
    ("logs: [/dev/zero]", "/dev/zero"),
    ("progress: {file: /proc/kmsg}", "/proc/kmsg"),
    ("output: {path: /proc, destination: copies}", "/proc"),
    ("output: {path: out.bin, destination: /sys/x}", "/sys/x"),
    ("done_when: {metric: {file: '/tmp/../proc/self/mem', key: a, op: '>=', value: 1}}", "/tmp/../proc/self/mem"),
])
def test_paths_tianluo_reads_are_not_on_a_kernel_file_system(tmp_path, key, path):
    message = refused(tmp_path, f"name: k\nentities:\n  a:\n    stages:\n      s: {{run: 'true', {key}}}\n")
    assert "kernel file system" in message and path in message


def test_kernel_paths_that_are_not_read_stay_allowed(tmp_path):
    spec = write_spec(tmp_path, "name: k\nentities:\n  a:\n    stages:\n      s: {run: 'true', "
                                "done_when: {exists: /dev/nvidia0}, output: {path: o, destination: /dev/shm/x}}\n")
    load_spec(spec)


def test_a_wide_fan_in_plans(tmp_path):
    """A report stage that needs 5,000 other stages: needs was capped at 1,000 items."""
    n = 5000
    text = ("name: fanin\nentities:\n" + "".join(f"  e{i}:\n    stages:\n      s: {{run: 'true'}}\n" for i in range(n))
            + "  z:\n    stages:\n      s: {run: 'true', needs: [" + ", ".join(f"e{i}.s" for i in range(n)) + "]}\n")
    spec = load_spec(write_spec(tmp_path, text))[0]
    assert len(spec.entities["z"].stages["s"].needs) == n


@pytest.mark.parametrize("field, value, said", [
    ("name", "sweep\\x85", "U+0085"),
    ("run", "echo a\\u2028rm -rf x", "U+2028"),
    ("run", "echo ok \\u202e#; rm -rf x", "U+202E"),
    ("param", "a\\u2029b", "U+2029"),
    ("run", "echo \\x9b31m", "control character"),
])
def test_unicode_newlines_and_bidi_controls_are_refused(tmp_path, field, value, said):
    """U+0085/U+2028/U+2029 end a line for many readers; a bidi override makes the command that
    plan.md shows read differently from the one that runs."""
    name = f'"{value}"' if field == "name" else "s"
    run = f'"{value}"' if field == "run" else "'echo {p}'"
    param = f'"{value}"' if field == "param" else "1"
    assert said in refused(tmp_path, f"name: {name}\nentities:\n  a:\n    params: {{p: {param}}}\n"
                                     f"    stages:\n      s: {{run: {run}}}\n")


def test_plain_unicode_stays_allowed(tmp_path):
    spec = write_spec(tmp_path, "name: 中文\nentities:\n  a:\n    params: {p: \"données d’été\"}\n"
                                "    stages:\n      s: {run: \"echo {p} \u2019\"}\n")
    load_spec(spec)


def test_a_path_part_longer_than_name_max(tmp_path):
    """A done_when path with a 300-byte part planned, then every tick was an internal error
    (Path.exists raises ENAMETOOLONG); now plan refuses it and the check itself never raises."""
    from tianluo.shell.conditions import check_exists

    long = "x" * 300
    spec = write_spec(tmp_path, f"name: k\nentities:\n  a:\n    stages:\n      s: {{run: 'true', "
                                f"done_when: {{exists: out/{long}}}}}\n")
    with pytest.raises(SpecError, match="at most 255 bytes"):
        load_spec(spec)
    (tmp_path / "out").mkdir()
    check = check_exists(f"out/{long}", str(tmp_path))
    assert not check.ok and "cannot be looked at" in check.detail


def test_answers_of_a_big_spec_can_be_read_back(tmp_path):
    """plan --accept-defaults on a 9,999-wide fan-in saved 1.2 MB of answers, which the next plan
    refused as 'damaged' (over 1 MiB): a good spec could then never start."""
    n = 9999
    text = ("name: fanin\nentities:\n" + "".join(f"  e{i}:\n    stages:\n      s: {{run: 'true'}}\n" for i in range(n))
            + "  z:\n    stages:\n      s: {run: 'true', needs: [" + ", ".join(f"e{i}.s" for i in range(n)) + "]}\n")
    spec = write_spec(tmp_path, text)
    home = tmp_path / "home"
    first = forked_cli.run("plan", spec, "--home", home, "--accept-defaults", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert (home / "plans" / "fanin" / "answers.json").stat().st_size > 1024 * 1024
    again = forked_cli.run("plan", spec, "--home", home, cwd=tmp_path)
    assert again.returncode == 0, again.stderr


def test_total_needs_are_bounded(tmp_path):
    chain = "".join(f"      s{i}: {{run: 'true', needs: [{', '.join(f's{j}' for j in range(max(0, i - 3), i))}]}}\n"
                    for i in range(7000))
    spec = write_spec(tmp_path, "name: dense\nentities:\n  a:\n    stages:\n" + chain)
    with pytest.raises(SpecError, match="needs in all"):
        load_spec(spec)
