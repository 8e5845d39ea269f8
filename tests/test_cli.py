"""The command line as a user meets it: ``tianluo.cli.main`` in a fork of the test process (tests/forked_cli.py),
and real ``python -m tianluo`` processes for what only one shows: that it starts (``--version``, ``--help``, no
command), the first argparse error, and ``start`` itself."""

import json
import subprocess
from pathlib import Path

import forked_cli
import pytest
from conftest import clean_env, cli, read_state, start_run, write_spec

import tianluo
from tianluo.planning.newrun import create_run
from tianluo.shell.store import RunStore
from tianluo.shell.tick import utcnow

pytestmark = pytest.mark.integration

SPEC = """\
name: cli-test
entities:
  one:
    stages:
      work: {run: "true"}
"""


def one_line_error(proc, code: int = 2) -> str:
    assert proc.returncode == code, (proc.stdout, proc.stderr)
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    return lines[0]


@pytest.fixture
def spec(tmp_path) -> Path:
    return write_spec(tmp_path / "proj", SPEC)


def test_version(tmp_path):
    proc = cli("--version", cwd=tmp_path)  # a real process: python -m tianluo starts at all
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"tianluo {tianluo.__version__}"


@pytest.mark.parametrize("args", [["--help"], ["tick", "--help"], ["start", "--help"], ["status", "--help"]])
def test_help(tmp_path, args):
    proc = (cli if args == ["--help"] else forked_cli.run)(*args, cwd=tmp_path)  # the first a real process
    assert proc.returncode == 0
    assert proc.stdout.startswith("usage: tianluo")
    assert proc.stderr == ""


def test_help_lists_the_commands(tmp_path):
    out = forked_cli.run("--help", cwd=tmp_path).stdout
    for command in ("plan", "start", "tick", "status", "demo", "schema"):
        assert command in out


def test_no_command_prints_help_and_exits_2(tmp_path):
    proc = cli(cwd=tmp_path)  # a bare `python -m tianluo`: main reads the real process's empty argv
    assert proc.returncode == 2
    assert "usage: tianluo" in proc.stdout


@pytest.mark.parametrize("command", ["start", "plan"])
def test_a_spec_with_an_unknown_key_is_one_line_exit_2(tmp_path, command):
    bad = write_spec(tmp_path / "proj", SPEC.replace("      work: {run: \"true\"}",
                                                     "      work: {run: \"true\", retrys: 3}"))
    home = tmp_path / "home"
    proc = forked_cli.run(command, bad, "--home", home, cwd=tmp_path)
    line = one_line_error(proc)
    assert line.startswith("tianluo: ")
    assert f"{bad}:5" in line  # file and line
    assert "entities.one.stages.work.retrys" in line
    assert "unknown key (did you mean 'retries'?)" in line
    assert not home.exists()  # nothing was created
    assert not (bad.parent / "plan.md").exists()


def test_a_missing_spec_and_broken_yaml_are_one_line(tmp_path):
    line = one_line_error(forked_cli.run("start", tmp_path / "nope.yaml", cwd=tmp_path))
    assert "no such file" in line
    broken = write_spec(tmp_path / "proj", "name: x\nentities: [\n")
    line = one_line_error(forked_cli.run("plan", broken, cwd=tmp_path))
    assert "YAML error" in line and str(broken) in line


def test_status_with_no_runs_is_one_line_exit_2(tmp_path):
    empty = tmp_path / "home"
    empty.mkdir()
    line = one_line_error(forked_cli.run("status", "--home", empty, cwd=tmp_path))
    assert "no run found" in line and str(empty) in line
    # and with the default home (./.tianluo, absent here)
    line = one_line_error(forked_cli.run("status", cwd=tmp_path))
    assert "no run found" in line
    line = one_line_error(forked_cli.run("tick", cwd=tmp_path))
    assert "no run found" in line


def test_run_that_is_not_a_run_folder_is_one_line(tmp_path):
    line = one_line_error(forked_cli.run("status", "--run", tmp_path, cwd=tmp_path))
    assert "not a tianluo run folder" in line


ARGPARSE_ERRORS = [
    ["tick", "--bogus"],
    ["bogus-command"],
    ["start"],
    ["start", "x.yaml", "--trigger", "sometimes"],
    ["start", "x.yaml", "--every", "soon"],
    ["demo", "--pace", "fast"],
    ["status", "--run"],
]


@pytest.mark.parametrize("args", ARGPARSE_ERRORS)
def test_argparse_errors_are_one_line_exit_2(tmp_path, args):
    tianluo = cli if args == ARGPARSE_ERRORS[0] else forked_cli.run  # the first a real process, the rest in a fork
    line = one_line_error(tianluo(*args, cwd=tmp_path))
    assert line.startswith("tianluo")
    assert "error:" in line


def test_a_corrupted_state_json_stops_status_and_tick_naming_the_good_snapshot(spec, tmp_path):
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path)
    state_path = run_dir / "state.json"
    good = RunStore(run_dir).newest_good_snapshot()
    assert good is not None
    text = state_path.read_bytes()
    state_path.write_bytes(text[: len(text) // 3])
    damaged = state_path.read_bytes()
    mtime = state_path.stat().st_mtime_ns
    events = (run_dir / "events.jsonl").read_bytes()

    for args in (["status", "--run", run_dir], ["status", "--run", run_dir, "--json"],
                 ["tick", "--run", run_dir]):
        line = one_line_error(forked_cli.run(*args, cwd=tmp_path))
        assert str(state_path) in line
        assert f"newest good snapshot: {good}" in line
        assert f"gzip -dc {good} > {state_path}" in line
    advice = line.split("to go back to it: ", 1)[1]
    assert state_path.read_bytes() == damaged
    assert state_path.stat().st_mtime_ns == mtime
    assert (run_dir / "events.jsonl").read_bytes() == events
    # following the advice brings the run back
    subprocess.run(["sh", "-c", advice], check=True, timeout=30)
    assert forked_cli.status_json(run_dir, tmp_path)["run_id"] == run_dir.name


def test_plan_writes_plan_md_under_the_home_not_beside_the_spec(spec, tmp_path):
    home = tmp_path / "home"
    proc = forked_cli.run("plan", spec, "--home", home, cwd=tmp_path, check=True)
    target = home / "plans" / "cli-test" / "plan.md"
    assert target.is_file()
    assert f"plan written to {target}" in proc.stdout
    assert "valid" in proc.stdout
    text = target.read_text()
    assert "cli-test" in text and "work" in text
    assert sorted(p.name for p in spec.parent.iterdir()) == ["tianluo.yaml"]
    # plan makes no run
    assert not list(home.glob("*/state.json"))


def test_plan_default_home_is_dot_tianluo_in_the_current_folder(spec, tmp_path):
    cwd = tmp_path / "elsewhere"
    cwd.mkdir()
    forked_cli.run("plan", spec, cwd=cwd, check=True)
    assert (cwd / ".tianluo" / "plans" / "cli-test" / "plan.md").is_file()
    assert sorted(p.name for p in spec.parent.iterdir()) == ["tianluo.yaml"]


def test_start_prints_the_run_folder_and_locks_the_plan(spec, tmp_path):
    run_dir = start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    assert run_dir.is_absolute()
    assert (run_dir / "plan.md").is_file()
    assert (run_dir / "events.jsonl").is_file()
    state = read_state(run_dir)
    assert state["run_id"] == run_dir.name
    assert state["plan"]["entities"]["one"]["stages"]["work"]["command"] == "true"
    assert state["tick_count"] == 0


def test_tianluo_run_env_selects_the_run_and_newest_is_the_default(spec, tmp_path):
    home = tmp_path / "home"
    first = forked_cli.start_run(spec, home, tmp_path, "--no-tick")
    refused = forked_cli.run("start", spec, "--home", home, "--accept-defaults", "--no-tick", cwd=tmp_path)
    assert refused.returncode == 3 and "is still running" in refused.stderr  # no silent second run
    second = forked_cli.start_run(spec, home, tmp_path, "--no-tick", "--new")
    assert first != second

    newest = forked_cli.run("status", "--home", home, "--json", cwd=tmp_path, check=True)
    assert json.loads(newest.stdout)["run_id"] == second.name

    env = clean_env(TIANLUO_RUN=str(first))
    chosen = forked_cli.run("status", "--home", home, "--json", cwd=tmp_path, env=env, check=True)
    assert json.loads(chosen.stdout)["run_id"] == first.name
    # --run wins over the environment
    explicit = forked_cli.run("status", "--run", second, "--json", cwd=tmp_path, env=env, check=True)
    assert json.loads(explicit.stdout)["run_id"] == second.name
    # TIANLUO_RUN also picks the run a tick works on
    forked_cli.run("tick", cwd=tmp_path, env=env, check=True)
    assert read_state(first)["tick_count"] == 1
    assert read_state(second)["tick_count"] == 0
    # TIANLUO_HOME is the home when --home is not given
    by_home = forked_cli.run("status", "--json", cwd=tmp_path, env=clean_env(TIANLUO_HOME=str(home)), check=True)
    assert json.loads(by_home.stdout)["run_id"] == second.name


def test_status_text_is_for_people(spec, tmp_path):
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    proc = forked_cli.run("status", "--run", run_dir, cwd=tmp_path, check=True)
    assert proc.stdout.startswith(f"run {run_dir.name} (cli-test): running")
    assert "ticks: none yet" in proc.stdout
    assert "ENTITY" in proc.stdout and "pending" in proc.stdout


def test_newest_run_wins_even_within_one_second(tmp_path):
    home = tmp_path / "home"
    now = utcnow()
    later = write_spec(tmp_path / "b", SPEC.replace("cli-test", "alpha"))
    earlier = write_spec(tmp_path / "a", SPEC.replace("cli-test", "zeta"))
    create_run(earlier, home, now)
    newest = create_run(later, home, now)  # same second, started after
    doc = json.loads(forked_cli.run("status", "--home", home, "--json", cwd=tmp_path, check=True).stdout)
    assert doc["run_id"] == newest.name


def test_stop_while_the_lock_stays_taken_is_one_clear_error_and_changes_nothing(spec, tmp_path, monkeypatch):
    from tianluo import commands
    from tianluo.errors import TianluoError

    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    monkeypatch.setattr(commands, "LOCK_WAIT_S", 0.2)
    before = (run_dir / "state.json").read_bytes()
    with RunStore(run_dir).lock():
        with pytest.raises(TianluoError) as info:
            commands.stop_run(run_dir, "testing")
    assert info.value.exit_code == 75 and "nothing was changed" in str(info.value)
    assert (run_dir / "state.json").read_bytes() == before
