"""Issue 23, item 6: messages and small things. The real CLI (in forks, tests/forked_cli.py) on real files.

A deadline that ends a run at its start is refused (tests/bad_inputs/spec/deadline_*); event
filters name what exists; YAML syntax errors in tianluo's words; plan's warnings (a program
that does not exist, remarks on fit); the agent's working folder and its stderr in status;
``.tianluo/.gitignore``.
"""

import shutil
import subprocess

import pytest
from conftest import one_line_error, write_spec
from forked_cli import run, start_run, tick_until

pytestmark = pytest.mark.integration

TWO = """\
name: msgs
entities:
  large:
    stages:
      train: {run: "true"}
  small:
    stages:
      train: {run: "true"}
"""



# --- .tianluo/.gitignore ------------------------------------------------------------------------


def test_a_new_home_is_ignored_by_git(tmp_path):
    spec = write_spec(tmp_path, TWO)
    run("plan", spec, "--accept-defaults", cwd=tmp_path, check=True)
    assert (tmp_path / ".tianluo" / ".gitignore").read_text() == "*\n"
    if shutil.which("git"):
        subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
        listed = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=tmp_path,
                                capture_output=True, text=True, check=True).stdout
        assert ".tianluo" not in listed and "tianluo.yaml" in listed


def test_a_users_gitignore_in_the_home_is_kept(tmp_path):
    home = tmp_path / ".tianluo"
    home.mkdir(mode=0o700)
    (home / ".gitignore").write_text("!keep-me\n")
    spec = write_spec(tmp_path, TWO)
    start_run(spec, home, tmp_path)
    assert (home / ".gitignore").read_text() == "!keep-me\n"


# --- events --kind / --entity -----------------------------------------------------------------


@pytest.fixture
def two_run(tmp_path):
    spec = write_spec(tmp_path, TWO)
    return start_run(spec, tmp_path / ".tianluo", tmp_path)


def test_events_kind_that_does_not_exist_is_an_error(tmp_path, two_run):
    line = one_line_error(run("events", "--run", two_run, "--kind", "hold", cwd=tmp_path))
    assert "--kind hold: no such event kind (did you mean held?)" in line
    kinds = line.split("kinds: ", 1)[1].split(", ")
    assert kinds[0] == "held" and "submitted" in kinds and "run_created" in kinds


def test_events_entity_that_does_not_exist_is_an_error(tmp_path, two_run):
    line = one_line_error(run("events", "--run", two_run, "--entity", "lage", cwd=tmp_path))
    assert "no entity 'lage' in this run (did you mean large?); entities: large, small" in line
    line = one_line_error(run("events", "--run", two_run, "--entity", "large.trian", cwd=tmp_path))
    assert "entity 'large' has no stage 'trian'; stages: train" in line


def test_events_filters_that_exist_still_list(tmp_path, two_run):
    proc = run("events", "--run", two_run, "--kind", "submitted", "--entity", "large.train", cwd=tmp_path,
               check=True)
    assert proc.stdout.splitlines() and all(" submitted large/train" in ln for ln in proc.stdout.splitlines())
    proc = run("events", "--run", two_run, "--kind", "held", cwd=tmp_path, check=True)
    assert proc.stdout == "" and proc.stderr == ""  # a real kind nothing did yet: nothing, exit 0


# --- YAML syntax errors in tianluo's words --------------------------------------------------------

HEAD = "name: y\nentities:\n  a:\n    stages:\n"


@pytest.mark.parametrize("body, line, words", [
    # the case: PyYAML blamed line 6, the line after the key that lost its ':'
    ("      train\n        run: \"true\"\n", 5, "'train' has no ':' but the lines below are indented under it; "
                                               "write `train:`"),
    ("      train:\n        run: \"true\"\n      eval\n        needs: [train]\n", 7, "'eval' has no ':'"),
    ("      train:\n        run: \"true\"\n       needs: []\n", 7,
     "indented 7 spaces, but the keys beside it (from line 5) are at 6; line it up with them"),
    ("      train:\n        run: python x\n          needs: []\n", 7, "indented deeper than line 6, which already "
                                                                       "has its value"),
    ("      train:\n        run: echo a: b\n", 6, "a ': ' inside a value; quote the value"),
    ("      train:\n\t  run: x\n", 6, "a tab in the indentation; YAML indents with spaces only"),
    ("      train: {run: x\n  b: 1\n", 5, "the '{' opened on this line is not closed with '}'"),
    ("      train:\n        run: {lr} x\n", 6, "a value starting with '{' or '[' is read as a mapping or list"),
    ("      train:\n        run: \"echo\n", 6, "a quoted value that never closes"),
    ("      train:\n        run: @x\n", 6, "a value cannot start with '@' in YAML; quote the value"),
])
def test_yaml_syntax_errors_name_the_line_to_edit_and_how(tmp_path, body, line, words):
    spec = write_spec(tmp_path, HEAD + body)
    got = one_line_error(run("plan", spec, cwd=tmp_path))
    assert got.startswith(f"tianluo: {spec}:{line}: YAML error: ") and words in got, got


# --- the agent runs in the spec's folder; status shows why it failed -----------------------------

AGENT_SPEC = """\
name: agent-here
interval: 1m
ladder:
  unknown: {retries: 0}
entities:
  a:
    stages:
      train:
        run: 'test -e agent-said-retry || { echo "worker exited oddly" >&2; exit 7; }'
agent: {command: %s, timeout: 20s}
"""

#: The agent as a user writes it beside the spec: `python3 agent.py`, relative to the spec's folder.
AGENT_PY = """\
import json, os, sys
sys.stdin.read()
open("agent-said-retry", "w").write(os.environ["TIANLUO_AGENT_DIR"])
print(json.dumps({"action": "retry", "reason": "run it again"}))
"""


def test_the_agent_runs_in_the_specs_folder_and_keeps_its_files_in_the_run(tmp_path):
    import sys as _sys

    proj = tmp_path / "proj"
    write_spec(proj, AGENT_SPEC % f"'{_sys.executable} agent.py'")
    (proj / "agent.py").write_text(AGENT_PY)
    run_dir = start_run(proj / "tianluo.yaml", tmp_path / "home", tmp_path)
    doc = tick_until(run_dir, tmp_path, phases=("complete", "blocked"), timeout=60)
    assert doc["phase"] == "complete", doc
    call = run_dir / "agent" / "1"
    assert (proj / "agent-said-retry").read_text() == str(call)  # ran in proj/, told where its files are
    assert (call / "prompt.md").is_file() and '"retry"' in (call / "answer.txt").read_text()


def test_status_shows_the_first_stderr_line_of_an_agent_that_failed(tmp_path):
    proj = tmp_path / "proj"
    write_spec(proj, AGENT_SPEC % "'python3 no-such-agent.py'")
    run_dir = start_run(proj / "tianluo.yaml", tmp_path / "home", tmp_path)
    tick_until(run_dir, tmp_path, phases=("blocked",), timeout=60)
    text = run("status", "--run", run_dir, cwd=tmp_path, check=True).stdout
    line = next(ln for ln in text.splitlines() if ln.strip().startswith("a/train: call 1"))
    assert "it exited with code 2; no output; stderr: " in line and "can't open file" in line, text
    assert str(proj / "no-such-agent.py") in line  # looked for in the spec's folder, not in agent/1/


# --- plan: programs that are not there ----------------------------------------------------------

PROGRAMS = """\
name: progs
entities:
  a:
    params: {py: python3, script: x.py}
    stages:
      typo: {run: "pyhton prep.py", done_when: {exists: x}}
      script: {run: "A=1 B=2 python3 trian.py --lr 1", done_when: {exists: x}}
      local: {run: "./run.sh --fast", done_when: {exists: x}}
      good: {run: "python3 train.py && ./run-ok.sh", done_when: {exists: x}}
      templated: {run: "{py} {script} --x 1", done_when: {exists: x}}
      shell: {run: "bash -c 'nothere-inside-bash'", done_when: {exists: x}}
      cd: {run: "cd sub && nothere-after-cd", done_when: {exists: x}}
  b:
    stages:
      typo: {run: "pyhton prep.py", done_when: {exists: x}}
agent: {command: "python3 agent.py"}
"""


def test_plan_warns_about_programs_and_scripts_that_are_not_there(tmp_path):
    proj = tmp_path / "proj"
    spec = write_spec(proj, PROGRAMS)
    (proj / "train.py").write_text("")
    (proj / "run-ok.sh").write_text("#!/bin/sh\n")
    (proj / "run-ok.sh").chmod(0o755)
    proc = run("plan", spec, "--home", tmp_path / "home", "--accept-defaults", cwd=tmp_path)  # not from proj/
    assert proc.returncode == 0, proc.stderr
    warned = [ln for ln in proc.stderr.splitlines() if "would fail at its first" in ln]
    assert all(ln.startswith("tianluo: warning: ") for ln in warned)
    text = "\n".join(warned)
    assert f"{spec}:6: entities.a.stages.typo.run: program 'pyhton' is not on PATH nor a file in {proj} " \
           "(and 1 more command(s))" in text
    assert f"entities.a.stages.script.run: script 'trian.py' is not a file in {proj}" in text
    assert f"entities.a.stages.local.run: program './run.sh' is not a file in {proj}" in text
    assert f"agent.command: script 'agent.py' is not a file in {proj}; the agent would fail at its first call" in text
    assert len(warned) == 4, text  # nothing about good, templated, shell or cd
    (proj / "run.sh").write_text("#!/bin/sh\n")  # there, but not executable
    proc = run("plan", spec, "--home", tmp_path / "home", cwd=tmp_path)
    assert "program './run.sh' is not executable (chmod +x ./run.sh)" in proc.stderr


# --- plan: remarks on the run's fit ---------------------------------------------------------------

FIT = """\
name: fit
interval: 10m
entities:
  a:
    stages:
      prep: {run: "true", expected: %s}
      train:
        needs: [prep]
        run: "true"
        expected: %s
        done_when: {exists: out/final.ckpt}
"""


def plan_warnings(tmp_path, text: str) -> list[str]:
    spec = write_spec(tmp_path / "proj", text)
    proc = run("plan", spec, "--home", tmp_path / "home", "--accept-defaults", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    return proc.stderr.splitlines()


def test_plan_remarks_a_run_too_short_to_need_babysitting(tmp_path):
    short = plan_warnings(tmp_path, FIT % ("2m", "10m"))
    assert any("the longest chain of stages is expected to take 12m, less than 2 tick intervals (10m each)" in ln
               for ln in short), short
    longer = plan_warnings(tmp_path, FIT % ("2m", "30m"))
    assert not any("longest chain" in ln for ln in longer), longer


def test_plan_remarks_stages_without_done_when_and_long_stages_without_progress(tmp_path):
    lines = plan_warnings(tmp_path, FIT % ("2m", "6h"))
    (no_done,) = [ln for ln in lines if "no done_when" in ln]
    assert ":6: no done_when on a.prep: exit 0 alone counts as done" in no_done
    (quiet,) = [ln for ln in lines if "no progress signal" in ln]
    assert "entities.a.stages.train: runs 6h with no progress signal" in quiet
    progress = "        progress: {regex: 'step (?P<done>\\\\d+)', stall_after: 30m}\n"
    with_progress = (FIT % ("2m", "6h")).replace("        done_when:", progress + "        done_when:")
    assert not any("no progress signal" in ln for ln in plan_warnings(tmp_path, with_progress))
    assert not any("no progress signal" in ln for ln in plan_warnings(tmp_path, FIT % ("2m", "50m")))
