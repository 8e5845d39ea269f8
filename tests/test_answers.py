"""Answers to plan-time forks: ``tianluo.planning.answers``, then ``tianluo plan`` and ``start`` as a user meets them.

Answers are given once (``--answer Q1=x``, ``--answers FILE``, ``--accept-defaults``), kept
under the home by fork key, checked before anything is written, and locked into state.json
as ``pre_authorized_decisions`` at ``start``. plan.md is for people: ticks never read it.
"""

import json
import shutil
from datetime import UTC, datetime
from pathlib import Path

import forked_cli
import pytest
from conftest import cli, read_events, read_state, write_spec

from tianluo.errors import TianluoError
from tianluo.planning import answers
from tianluo.planning.answers import Answer
from tianluo.planning.forks import Fork
from tianluo.planning.newrun import answers_path, plan_doc_path

NOW = datetime(2024, 3, 1, 12, 0, 0, tzinfo=UTC)
AT = "2024-03-01T12:00:00Z"

RISK = Fork(key="risk:a.train:cuda_oom", type="risk", question="OOM: halve or hold?",
            options=("halve_batch", "hold"), default="hold", cost="held")
CROSS = Fork(key="cross:b.eval:a.train", type="cross", question="wait or go?", options=("wait", "go"),
             default="wait", cost="blocked")
OUTPUT = Fork(key="output:b.eval", type="output", question="where to?", options=("keep",), default="keep",
              cost="stays", free_form=True)
FORKS = [RISK, CROSS, OUTPUT]


# --- the answers module ------------------------------------------------------------------


def test_qids_number_the_forks_in_order():
    assert {q: f.key for q, f in answers.qids(FORKS).items()} == {
        "Q1": RISK.key, "Q2": CROSS.key, "Q3": OUTPUT.key}
    assert answers.qids([]) == {}


def test_cli_pairs_by_id_or_key_become_answers_by_key():
    got = answers.from_cli(FORKS, ["Q1=halve_batch", f"{CROSS.key}=go", " Q3 = /data/out dir "], NOW)
    assert got == {
        RISK.key: Answer("halve_batch", "cli", AT),
        CROSS.key: Answer("go", "cli", AT),
        OUTPUT.key: Answer("/data/out dir", "cli", AT),
    }


def test_the_last_cli_answer_to_a_fork_wins():
    assert answers.from_cli(FORKS, ["Q2=go", "Q2=wait"], NOW)[CROSS.key].value == "wait"


def test_an_answer_may_contain_an_equals_sign():
    assert answers.from_cli(FORKS, ["Q3=/data/run=1"], NOW)[OUTPUT.key].value == "/data/run=1"


@pytest.mark.parametrize("pair", ["Q1", "Q1=", "=hold", " =hold", "Q1=  ", ""])
def test_a_malformed_pair_is_refused(pair):
    with pytest.raises(TianluoError) as info:
        answers.from_cli(FORKS, [pair], NOW)
    assert "write it as Q<n>=<option>" in str(info.value)
    assert info.value.exit_code == 2


@pytest.mark.parametrize("pair", ["Q4=go", "Q0=go", "q1=hold", "risk:a.train:nccl=hold", "train=hold"])
def test_an_unknown_fork_is_refused(pair):
    with pytest.raises(TianluoError) as info:
        answers.from_cli(FORKS, [pair], NOW)
    assert "no fork" in str(info.value) and "Q1..Q3" in str(info.value)


def test_a_spec_without_forks_takes_no_answers():
    with pytest.raises(TianluoError) as info:
        answers.from_cli([], ["Q1=go"], NOW)
    assert "the forks of this spec are none" in str(info.value)


@pytest.mark.parametrize("pair, listed", [
    ("Q1=halve", "(halve_batch, hold)"),
    ("Q2=Go", "(wait, go)"),
    ("Q1=/data/out", "(halve_batch, hold)"),  # only an output fork takes a folder
])
def test_an_answer_that_is_not_an_option_is_refused(pair, listed):
    with pytest.raises(TianluoError) as info:
        answers.from_cli(FORKS, [pair], NOW)
    assert "is not an option" in str(info.value) and listed in str(info.value)


def test_answers_from_a_yaml_or_json_file(tmp_path):
    yaml_file = tmp_path / "answers.yaml"
    yaml_file.write_text(f"Q1: halve_batch\n'{CROSS.key}': go\nQ3: /data/out\n")
    json_file = tmp_path / "answers.json"
    json_file.write_text(json.dumps({"Q1": "hold", CROSS.key: "wait"}))
    assert answers.from_file(FORKS, yaml_file, NOW) == {
        RISK.key: Answer("halve_batch", "file", AT), CROSS.key: Answer("go", "file", AT),
        OUTPUT.key: Answer("/data/out", "file", AT)}
    assert answers.from_file(FORKS, json_file, NOW) == {
        RISK.key: Answer("hold", "file", AT), CROSS.key: Answer("wait", "file", AT)}


@pytest.mark.parametrize("content, says", [
    (None, "no such answers file"),
    ("- Q1: hold\n", "answers are a mapping"),
    ("Q1: [hold\n", "cannot read answers"),
    ("Q7: hold\n", "no fork 'Q7'"),
    ("Q1: maybe\n", "'maybe' is not an option"),
])
def test_a_bad_answers_file_is_refused(tmp_path, content, says):
    path = tmp_path / "answers.yaml"
    if content is not None:
        path.write_text(content)
    with pytest.raises(TianluoError) as info:
        answers.from_file(FORKS, path, NOW)
    message = str(info.value)
    assert says in message and str(path) in message and "\n" not in message


def test_an_answers_file_takes_options_as_written(tmp_path):
    forks = [Fork(key="custom:warmup", type="custom", question="warm up?", options=("yes", "no"), default="no",
                  cost=""),
             Fork(key="custom:lr", type="custom", question="lr?", options=("1.0e-3", "3e-4"), default="3e-4",
                  cost="")]
    path = tmp_path / "answers.yaml"
    path.write_text("Q1: yes\nQ2: 1.0e-3\n")
    got = answers.from_file(forks, path, NOW)
    assert {k: a.value for k, a in got.items()} == {"custom:warmup": "yes", "custom:lr": "1.0e-3"}


def test_defaults_fill_only_the_open_forks():
    given = {CROSS.key: Answer("go", "cli", "earlier")}
    got = answers.with_defaults(FORKS, given, NOW)
    assert got == {RISK.key: Answer("hold", "default", AT), CROSS.key: Answer("go", "cli", "earlier"),
                   OUTPUT.key: Answer("keep", "default", AT)}
    assert given == {CROSS.key: Answer("go", "cli", "earlier")}  # the input is not changed


def test_current_drops_answers_the_spec_no_longer_asks_for():
    saved = {
        RISK.key: Answer("quarter_batch", "cli", AT),  # the option was renamed
        CROSS.key: Answer("go", "cli", AT),
        OUTPUT.key: Answer("/data/out", "file", AT),
        "risk:gone.train:cuda_oom": Answer("hold", "cli", AT),  # the stage was removed
    }
    assert answers.current(FORKS, saved) == {CROSS.key: saved[CROSS.key], OUTPUT.key: saved[OUTPUT.key]}


def test_open_forks_are_listed_with_their_ids():
    book = {CROSS.key: Answer("go", "cli", AT)}
    assert answers.open_forks(FORKS, book) == [("Q1", RISK), ("Q3", OUTPUT)]
    assert answers.open_forks(FORKS, answers.with_defaults(FORKS, book, NOW)) == []


def test_saved_answers_load_back(tmp_path):
    path = tmp_path / "plans" / "x" / "answers.json"
    book = {RISK.key: Answer("halve_batch", "cli", AT), OUTPUT.key: Answer("keep", "default", AT)}
    answers.save(path, book)
    assert answers.load(path) == book
    doc = json.loads(path.read_text())
    assert doc["version"] == answers.ANSWERS_VERSION
    assert doc["answers"][RISK.key] == {"value": "halve_batch", "by": "cli", "at": AT}


@pytest.mark.parametrize("content", [None, '{"answers": {"k": 3}}'])
def test_a_missing_answers_file_or_a_bad_entry_is_no_answers(tmp_path, content):
    path = tmp_path / "answers.json"
    if content is not None:
        path.write_text(content)
    assert answers.load(path) == {}


@pytest.mark.parametrize("content", [b"", b"not json", b"[]", b'{"answers": []}', b"\xff\xfe\x00binary",
                                     b"[" * 100000])
def test_a_damaged_answers_file_is_refused_not_ignored(tmp_path, content):
    path = tmp_path / "answers.json"
    path.write_bytes(content)
    with pytest.raises(TianluoError, match="answers.json: saved answers are"):
        answers.load(path)


def test_answers_are_kept_per_spec_under_the_home(tmp_path):
    assert answers_path(tmp_path, "OOM Sweep") == tmp_path / "plans" / "oom-sweep" / "answers.json"
    assert plan_doc_path(tmp_path, "OOM Sweep") == tmp_path / "plans" / "oom-sweep" / "plan.md"
    assert answers_path(tmp_path, "other") != answers_path(tmp_path, "OOM Sweep")


# --- tianluo plan and start, through the CLI ----------------------------------------------------

SPEC = """\
name: answers-test
entities:
  a:
    params: {batch_size: 64}
    stages:
      train:
        run: echo train {batch_size}
        degrade:
          cuda_oom:
            - {name: halve_batch, params: {batch_size: {divide: 2}}}
  b:
    stages:
      eval:
        needs: [a.train]
        run: mkdir -p out && echo done > out/eval.json
        output: {path: out/eval.json}
"""
KEYS = ["risk:a.train:cuda_oom", "cross:b.eval:a.train", "output:b.eval"]


@pytest.fixture
def spec(tmp_path) -> Path:
    return write_spec(tmp_path / "proj", SPEC)


@pytest.fixture
def home(tmp_path) -> Path:
    return tmp_path / "home"


def plan(spec: Path, home: Path, *args: str, real: bool = False):
    """``tianluo plan``: in a fork of this process (tests/forked_cli.py), or with ``real`` a real process."""
    return (cli if real else forked_cli.run)("plan", spec, "--home", home, *args, cwd=spec.parent)


def plan_json(spec: Path, home: Path, *args: str) -> tuple[int, dict]:
    proc = plan(spec, home, "--json", *args)
    assert proc.returncode in (0, 3), proc.stderr
    return proc.returncode, json.loads(proc.stdout)


def given(doc: dict) -> dict:
    """Fork key -> (answer, by) of a ``plan --json`` document."""
    return {f["key"]: (f["answer"], f["by"]) for f in doc["forks"]}


def one_line_error(proc, code: int = 2) -> str:
    assert proc.returncode == code, (proc.returncode, proc.stdout, proc.stderr)
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("tianluo: ")
    assert "Traceback" not in proc.stderr + proc.stdout
    return lines[0]


def saved(home: Path) -> dict:
    return json.loads(answers_path(home, "answers-test").read_text())["answers"]


integration = pytest.mark.integration


@integration
def test_plan_lists_every_fork_and_exits_3_while_any_is_open(spec, home):
    proc = plan(spec, home, real=True)
    assert proc.returncode == 3, proc.stderr
    out = proc.stdout
    assert "3 decision fork(s)" in out
    assert "Q1 [risk] a.train fails with cuda_oom" in out
    assert "Q2 [cross] b.eval waits for a.train" in out
    assert "Q3 [output] b.eval produces out/eval.json" in out
    assert "options: halve_batch | hold; OPEN (default: hold)" in out
    assert "options: keep | <folder>; OPEN (default: keep)" in out
    assert "3 open: answer with --answer Q1=<option>, or --accept-defaults" in out
    doc = plan_doc_path(home, "answers-test")
    assert f"plan written to {doc}" in out
    assert "**open**" in doc.read_text()
    assert not answers_path(home, "answers-test").exists()  # nothing answered, nothing kept
    assert not (spec.parent / "plan.md").exists()  # never beside the user's files


@integration
def test_answers_are_repeatable_and_kept_between_plan_calls(spec, home):
    proc = plan(spec, home, "--answer", "Q1=halve_batch", "--answer", "Q2=go")
    assert proc.returncode == 3
    assert "answered: halve_batch (cli)" in proc.stdout and "answered: go (cli)" in proc.stdout
    assert "1 open: answer with --answer Q3=<option>" in proc.stdout
    assert set(saved(home)) == {KEYS[0], KEYS[1]}
    proc = plan(spec, home, "--answer", "Q3=keep")
    assert proc.returncode == 0, proc.stderr
    assert "every fork is answered: `tianluo start` will not ask again" in proc.stdout
    code, doc = plan_json(spec, home)  # no answers given: the kept ones still count
    assert code == 0 and doc["open"] == []
    assert given(doc) == {KEYS[0]: ("halve_batch", "cli"), KEYS[1]: ("go", "cli"), KEYS[2]: ("keep", "cli")}
    code, doc = plan_json(spec, home, "--answer", "Q1=hold")  # an answer can be changed
    assert given(doc)[KEYS[0]] == ("hold", "cli")
    assert saved(home)[KEYS[0]]["value"] == "hold"


@integration
def test_answers_from_a_file_by_id_or_key_and_the_cli_wins(spec, home, tmp_path):
    file = tmp_path / "answers.yaml"
    file.write_text(f"Q1: hold\n{KEYS[1]}: go\nQ3: {tmp_path / 'keep'}\n")
    code, doc = plan_json(spec, home, "--answers", file, "--answer", "Q1=halve_batch")
    assert code == 0
    assert given(doc) == {KEYS[0]: ("halve_batch", "cli"), KEYS[1]: ("go", "file"),
                          KEYS[2]: (str(tmp_path / "keep"), "file")}


@integration
def test_accept_defaults_answers_only_what_is_open(spec, home):
    plan(spec, home, "--answer", "Q2=go")
    code, doc = plan_json(spec, home, "--accept-defaults")
    assert code == 0 and doc["open"] == []
    assert given(doc) == {KEYS[0]: ("hold", "default"), KEYS[1]: ("go", "cli"), KEYS[2]: ("keep", "default")}
    assert {k: v["by"] for k, v in saved(home).items()} == {KEYS[0]: "default", KEYS[1]: "cli", KEYS[2]: "default"}


@integration
def test_plan_json_is_versioned_and_describes_every_fork(spec, home):
    code, doc = plan_json(spec, home, "--answer", "Q2=go")
    assert code == 3
    assert doc["version"] == 1
    assert doc["spec"] == str(spec)
    assert doc["plan_md"] == str(plan_doc_path(home, "answers-test"))
    assert doc["open"] == ["Q1", "Q3"]
    assert [f["id"] for f in doc["forks"]] == ["Q1", "Q2", "Q3"]
    assert [f["key"] for f in doc["forks"]] == KEYS
    assert [f["type"] for f in doc["forks"]] == ["risk", "cross", "output"]
    risk, cross, output = doc["forks"]
    assert set(risk) == {"id", "key", "type", "question", "options", "free_form", "default", "cost", "answer", "by"}
    assert risk["options"] == ["halve_batch", "hold"] and risk["default"] == "hold"
    assert risk["answer"] is None and risk["by"] is None
    assert cross["answer"] == "go" and cross["by"] == "cli"
    assert output["free_form"] is True and output["options"] == ["keep"]
    assert "halve_batch: batch_size/2" in risk["question"]
    assert risk["cost"] == "tianluo holds a.train and waits for you"


@integration
def test_a_spec_without_forks_plans_with_exit_0(tmp_path, home):
    bare = write_spec(tmp_path / "bare", "name: bare\nentities:\n  a:\n    stages:\n      w: {run: 'true'}\n")
    code, doc = plan_json(bare, home)
    assert code == 0 and doc["forks"] == [] and doc["open"] == []
    assert "nothing in this plan needs a decision from you" in plan_doc_path(home, "bare").read_text()
    assert not answers_path(home, "bare").exists()
    line = one_line_error(plan(bare, home, "--answer", "Q1=go"))
    assert "the forks of this spec are none" in line


@integration
def test_answers_the_spec_no_longer_asks_for_are_dropped(spec, home):
    plan(spec, home, "--answer", "Q1=halve_batch", "--answer", "Q2=go", "--answer", "Q3=keep")
    assert set(saved(home)) == set(KEYS)
    # the action is renamed (the kept answer is no option any more) and entity b is gone
    write_spec(spec.parent, SPEC.replace("halve_batch", "quarter_batch").split("  b:\n")[0])
    code, doc = plan_json(spec, home)
    assert code == 3
    assert [f["key"] for f in doc["forks"]] == [KEYS[0]]
    assert doc["open"] == ["Q1"]
    assert saved(home) == {}


@integration
def test_answers_stay_with_their_forks_when_the_spec_grows(spec, home):
    plan(spec, home, "--answer", "Q1=halve_batch", "--answer", "Q2=go", "--answer", "Q3=keep")
    write_spec(spec.parent, SPEC.replace("entities:\n", "entities:\n  first:\n    stages:\n"
                                         "      long: {run: 'true', expected: 20h}\n", 1))
    code, doc = plan_json(spec, home)
    assert code == 3 and doc["open"] == ["Q1"]
    assert [(f["id"], f["key"]) for f in doc["forks"]] == [
        ("Q1", "resource:first.long"), ("Q2", KEYS[0]), ("Q3", KEYS[1]), ("Q4", KEYS[2])]
    assert given(doc)[KEYS[0]] == ("halve_batch", "cli") and given(doc)[KEYS[1]] == ("go", "cli")


def _snapshot(home: Path) -> dict:
    return {str(p): (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(home.rglob("*")) if p.is_file()}


@integration
@pytest.mark.parametrize("args, says", [
    (["--answer", "Q9=go"], "no fork 'Q9'"),
    (["--answer", "Q1=maybe"], "'maybe' is not an option (halve_batch, hold)"),
    (["--answer", "Q2=/some/folder"], "is not an option (wait, go)"),
    (["--answer", "Q1"], "write it as Q<n>=<option>"),
    (["--answer", "=hold"], "write it as Q<n>=<option>"),
    (["--answer", "Q2=go", "--answer", "Q1=maybe"], "'maybe' is not an option"),  # no half-taken answers
    (["--answers", "MISSING"], "no such answers file"),
    (["--answers", "BAD"], "no fork 'Q8'"),
    (["--answers", "BAD_OPTION", "--answer", "Q2=go"], "'sometimes' is not an option"),
], ids=["unknown-fork", "unknown-option", "folder-for-a-choice", "no-equals", "no-fork", "one-bad-of-two",
        "missing-file", "file-unknown-fork", "file-bad-option"])
def test_a_bad_answer_exits_2_with_one_line_and_changes_nothing(spec, home, tmp_path, args, says):
    (tmp_path / "bad.yaml").write_text("Q2: go\nQ8: hold\n")
    (tmp_path / "bad_option.yaml").write_text(f"{KEYS[1]}: sometimes\n")
    files = {"MISSING": str(tmp_path / "nope.yaml"), "BAD": str(tmp_path / "bad.yaml"),
             "BAD_OPTION": str(tmp_path / "bad_option.yaml")}
    args = [files.get(a, a) for a in args]
    assert plan(spec, home, "--answer", "Q1=hold").returncode == 3
    before = _snapshot(home)
    assert len(before) == 3  # answers.json, plan.md and the home's .gitignore
    line = one_line_error(plan(spec, home, *args, real=True))
    assert says in line
    assert _snapshot(home) == before


@integration
def test_a_bad_first_answer_creates_nothing(spec, home):
    one_line_error(plan(spec, home, "--answer", "Q1=maybe", real=True))
    assert not home.exists()


@integration
def test_a_folder_answer_with_braces_is_refused_or_taken_literally(spec, home):
    proc = plan(spec, home, "--answer", "Q3=/data/{run}/keep")
    assert proc.returncode in (2, 3), proc.stderr
    assert "internal error" not in proc.stderr
    assert plan(spec, home).returncode in (2, 3)


@integration
def test_start_refuses_while_forks_are_open_and_lists_them(spec, home):
    line = one_line_error(cli("start", spec, "--home", home, "--trigger", "none", cwd=spec.parent), code=3)
    assert "3 decision fork(s) are open" in line
    assert "Q1 (risk): a.train fails with cuda_oom" in line
    assert "Q2 (cross): b.eval waits for a.train" in line
    assert "Q3 (output): b.eval produces out/eval.json" in line
    assert "--answer Q1=" in line and "--accept-defaults" in line
    assert not home.exists()  # no run folder
    plan(spec, home, "--answer", "Q1=hold", "--answer", "Q3=keep")
    line = one_line_error(forked_cli.run("start", spec, "--home", home, "--trigger", "none", cwd=spec.parent),
                          code=3)
    assert "1 decision fork(s) are open: Q2 (cross)" in line
    assert "Q1 (" not in line and "Q3 (" not in line
    assert sorted(p.name for p in home.iterdir()) == [".gitignore", "plans"]


@integration
def test_start_with_accept_defaults_starts_and_locks_the_defaults(spec, home):
    plan(spec, home, "--answer", "Q2=go")
    proc = cli("start", spec, "--home", home, "--trigger", "none", "--accept-defaults", cwd=spec.parent)
    assert proc.returncode == 0, proc.stderr
    run_dir = Path(proc.stdout.strip().splitlines()[-1])
    state = read_state(run_dir)
    decisions = state["pre_authorized_decisions"]
    assert [(d["qid"], d["key"], d["answer"], d["by"]) for d in decisions] == [
        ("Q1", KEYS[0], "hold", "default"), ("Q2", KEYS[1], "go", "cli"), ("Q3", KEYS[2], "keep", "default")]
    assert state["plan"]["entities"]["b"]["stages"]["eval"]["needs"] == []  # 'go': not waited for
    assert state["entities"]["a"]["stages"]["train"]["attempt"] == 1  # the first tick ran
    # --accept-defaults at start does not answer for later plans
    assert set(saved(home)) == {KEYS[1]}


@integration
def test_answered_forks_are_locked_into_state_json(spec, home, tmp_path):
    dest = tmp_path / "keep"
    plan(spec, home, "--answer", "Q1=halve_batch", "--answer", "Q2=wait", "--answer", f"Q3={dest}")
    _, doc = plan_json(spec, home)
    proc = forked_cli.run("start", spec, "--home", home, "--trigger", "none", "--no-tick", cwd=spec.parent)
    assert proc.returncode == 0, proc.stderr
    run_dir = Path(proc.stdout.strip().splitlines()[-1])
    state = read_state(run_dir)
    decisions = state["pre_authorized_decisions"]
    assert [set(d) for d in decisions] == [{"qid", "key", "type", "question", "answer", "by", "at"}] * 3
    assert [(d["qid"], d["key"], d["type"], d["question"], d["answer"], d["by"]) for d in decisions] == [
        (f["id"], f["key"], f["type"], f["question"], f["answer"], f["by"]) for f in doc["forks"]]
    assert [d["answer"] for d in decisions] == ["halve_batch", "wait", str(dest)]
    for d in decisions:
        assert d["at"].endswith("Z") and datetime.fromisoformat(d["at"].replace("Z", "+00:00"))
    planned = state["plan"]["entities"]
    assert planned["a"]["stages"]["train"]["degrade"]["cuda_oom"]["name"] == "halve_batch"
    assert planned["b"]["stages"]["eval"]["needs"] == ["a.train"]
    assert planned["b"]["stages"]["eval"]["output"]["destination"] == str(dest)
    assert forked_cli.status_json(run_dir, tmp_path)["pre_authorized_decisions"] == decisions
    # plan.md of the run: every decision point with its answer, and the promise
    text = (run_dir / "plan.md").read_text()
    assert "## Decision points: answer once" in text
    assert "| Q1 | risk |" in text and "| halve_batch (cli) |" in text
    assert "| Q2 | cross |" in text and "| wait (cli) |" in text
    assert f"| {dest} (cli) |" in text
    assert "**open**" not in text
    assert "without asking you again" in text
    assert "its ticks never read it" in text
    events = read_events(run_dir)
    assert [e["event"] for e in events] == ["run_created"]


@integration
def test_plan_md_is_never_read_by_ticks(demo, tmp_path):
    home = tmp_path / "home"
    spec = demo / "oom.yaml"
    assert forked_cli.run("plan", spec, "--home", home, "--answer", "Q1=halve_batch", cwd=demo).returncode == 0
    proc = forked_cli.run("start", spec, "--home", home, "--trigger", "none", cwd=demo)
    assert proc.returncode == 0, proc.stderr
    run_dir = Path(proc.stdout.strip().splitlines()[-1])
    junk = b"\x00\xff{{decisions}} Q1=hold\n" * 50
    (run_dir / "plan.md").write_bytes(junk)
    shutil.rmtree(home / "plans")
    spec.unlink()
    doc = forked_cli.tick_until(run_dir, tmp_path, phases=("complete", "blocked"), timeout=60)
    assert doc["phase"] == "complete", doc["phase_reason"]
    train = doc["entities"]["big-batch"]["stages"]["train"]
    assert train["attempt"] == 3
    assert [d["changes"] for d in train["degradations"]] == [["batch_size 64 -> 32"], ["batch_size 32 -> 16"]]
    assert (run_dir / "plan.md").read_bytes() == junk
