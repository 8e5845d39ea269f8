"""CLI arguments as a careless or hostile user passes them: the CLI in a fork of the test process
(tests/forked_cli.py), and a real ``python -m tianluo`` for what only one shows (its own argv and environment).

``--every 0s`` and out-of-range values are errors (exit 2, one line), never "use the default";
control characters in any argument are refused before anything runs; ``--home`` or
``$TIANLUO_HOME`` that is a file is refused; a ``start`` whose trigger install fails leaves
nothing that blocks the next ``start``.
"""

import os
from pathlib import Path

import pytest
from conftest import clean_env, cli, write_spec
from forked_cli import run, start_run

from tianluo.cli import COMMANDS, _parser

pytestmark = pytest.mark.integration

SPEC = """\
name: args-test
entities:
  one:
    stages:
      work: {run: "true"}
"""


def one_line_error(proc, code: int = 2) -> str:
    assert proc.returncode == code, (proc.returncode, proc.stdout, proc.stderr)
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr
    return lines[0]


@pytest.fixture
def spec(tmp_path) -> Path:
    return write_spec(tmp_path / "proj", SPEC)


def runs_under(home: Path) -> list[Path]:
    return sorted(p for p in home.glob("*-args-test*") if p.is_dir()) if home.is_dir() else []


# --- intervals ----------------------------------------------------------------------------


@pytest.mark.parametrize("every, fragment", [
    ("0s", "give an interval from 1m to 1h"),
    ("0", "give an interval from 1m to 1h"),
    ("30s", "give an interval from 1m to 1h"),
    ("2h", "give an interval from 1m to 1h"),
    ("nan", "is not a duration"),
    ("1e400", "is not a duration"),
    ("9" * 30 + "s", "out of range"),
    ("-5m", "is not a duration"),
])
def test_start_every_out_of_range_is_an_error_and_creates_nothing(tmp_path, spec, every, fragment):
    home = tmp_path / "home"
    proc = run("start", spec, "--home", home, f"--every={every}", "--trigger", "none", "--accept-defaults",
               cwd=tmp_path)
    assert fragment in one_line_error(proc)
    assert runs_under(home) == []


def test_install_every_0s_is_an_error_not_the_spec_interval(tmp_path, spec):
    home = tmp_path / "home"
    run_dir = start_run(spec, home, tmp_path, "--no-tick")
    before = (run_dir / "state.json").read_bytes()
    proc = run("install", "daemon", "--every", "0s", "--run", run_dir, cwd=tmp_path)
    assert "--every: '0s': give an interval from 1m to 1h" in one_line_error(proc)
    assert (run_dir / "state.json").read_bytes() == before  # no trigger recorded


def test_daemon_every_0s_is_an_error_not_the_spec_interval(tmp_path, spec):
    run_dir = start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    proc = run("daemon", "--every", "0s", "--run", run_dir, cwd=tmp_path, timeout=20)
    assert "give an interval from 1s to 1h" in one_line_error(proc)
    proc = run("daemon", "--every", "2h", "--run", run_dir, cwd=tmp_path, timeout=20)
    assert "give an interval from 1s to 1h" in one_line_error(proc)


@pytest.mark.parametrize("args, fragment", [
    (["--pace", "nan"], "give 0 to 60 seconds"),
    (["--pace", "-1"], "give 0 to 60 seconds"),
    (["--timeout", "inf"], "give 1 to 3600 seconds"),
    (["--timeout", "soon"], "is not a number of seconds"),
])
def test_demo_seconds_are_finite_and_bounded(tmp_path, args, fragment):
    assert fragment in one_line_error(run("demo", *args, cwd=tmp_path))


# --- text arguments -----------------------------------------------------------------------


CONTROL = [
    (["plan", "{tmp}/a\nb.yaml"], "SPEC: the value contains a newline"),
    (["plan", "{spec}", "--home", "{tmp}/h\n* * * * * evil"], "--home: the value contains a newline"),
    (["plan", "{spec}", "--answer", "Q1=\x1b[2J"], "--answer: the value contains an escape character"),
    (["hold", "one", "--reason", "ok\rFORGED", "--run", "{run}"], "--reason: the value contains a carriage return"),
    (["hold", "one\nx", "--run", "{run}"], "ENTITY: the value contains a newline"),
    (["tick", "--run", "{run}\nx"], "--run: the value contains a newline"),
    (["plan", "{spec}", "--answers", "{tmp}/a\tb\x7f"], "--answers: the value contains the control character"),
]


@pytest.mark.parametrize("args, fragment", CONTROL)
def test_control_characters_in_arguments_are_refused_before_anything_runs(tmp_path, spec, args, fragment):
    run_dir = start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    before = {p: p.read_bytes() for p in run_dir.rglob("*") if p.is_file()}
    values = {"{tmp}": str(tmp_path), "{spec}": str(spec), "{run}": str(run_dir)}
    filled = []
    for arg in args:
        for key, value in values.items():
            arg = arg.replace(key, value)
        filled.append(arg)
    tianluo = cli if (args, fragment) == CONTROL[0] else run  # the first through a real process's argv
    assert fragment in one_line_error(tianluo(*filled, cwd=tmp_path))
    assert {p: p.read_bytes() for p in run_dir.rglob("*") if p.is_file()} == before


def test_control_characters_in_the_environment_are_refused(tmp_path, spec):
    env = clean_env(TIANLUO_HOME=f"{tmp_path}/h\nx")
    # a real process: the value as its environment hands it over
    assert "$TIANLUO_HOME: the value contains a newline" in one_line_error(cli("status", cwd=tmp_path, env=env))


def test_home_that_is_a_file_is_refused(tmp_path, spec):
    line = one_line_error(run("plan", spec, "--home", spec, cwd=tmp_path))
    assert f"--home {spec}: not a folder" in line
    line = one_line_error(run("start", spec, "--accept-defaults", "--trigger", "none", cwd=tmp_path,
                              env=clean_env(TIANLUO_HOME=str(spec))))
    assert "$TIANLUO_HOME" in line and "not a folder" in line
    assert spec.read_text() == SPEC


def test_run_that_is_a_file_is_refused(tmp_path, spec):
    line = one_line_error(run("status", "--run", spec, cwd=tmp_path))
    assert str(spec) in line


@pytest.mark.parametrize("answer, fragment", [
    ("junk", "write it as Q<n>=<option>"),
    ("Q1=", "write it as Q<n>=<option>"),
    ("Q9=go", "no fork 'Q9'"),
])
def test_answer_junk_is_one_line(tmp_path, spec, answer, fragment):
    assert fragment in one_line_error(run("plan", spec, "--home", tmp_path / "home", "--answer", answer, cwd=tmp_path))


# --- a start that fails after creating its run folder -------------------------------------


def failing_crontab(tmp_path: Path) -> dict:
    """An environment whose ``crontab`` fails for real, as on a host where cron is not allowed."""
    bin_dir = tmp_path / "failbin"
    bin_dir.mkdir()
    crontab = bin_dir / "crontab"
    crontab.write_text("#!/bin/sh\necho 'crontab: you are not allowed to use this program (test)' >&2\nexit 1\n")
    crontab.chmod(0o755)
    return clean_env(PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}")


def test_a_start_whose_trigger_install_fails_is_rolled_back(tmp_path, spec):
    home = tmp_path / "home"
    proc = run("start", spec, "--home", home, "--trigger", "cron", "--accept-defaults", cwd=tmp_path,
               env=failing_crontab(tmp_path))
    line = one_line_error(proc)
    assert "not allowed to use this program" in line and "was removed and nothing was started" in line
    assert runs_under(home) == []
    # the next start is not blocked by a never-ticked run ("still running", exit 3)
    run_dir = start_run(spec, home, tmp_path, "--no-tick")
    assert runs_under(home) == [run_dir]


def test_a_rolled_back_start_leaves_other_runs_alone(tmp_path, spec):
    home = tmp_path / "home"
    first = start_run(spec, home, tmp_path, "--no-tick")
    before = {p: p.read_bytes() for p in first.rglob("*") if p.is_file()}
    proc = run("start", spec, "--home", home, "--trigger", "cron", "--accept-defaults", "--new", cwd=tmp_path,
               env=failing_crontab(tmp_path))
    assert "was removed" in one_line_error(proc)
    assert runs_under(home) == [first]
    assert {p: p.read_bytes() for p in first.rglob("*") if p.is_file()} == before


@pytest.mark.parametrize("args, name", [
    (["status", "--home", ""], "--home"),
    (["status", "--run", ""], "--run"),
    (["plan", ""], "SPEC"),
    (["plan", "{spec}", "--answers", ""], "--answers"),
])
def test_an_empty_path_is_an_error_not_the_default(tmp_path, spec, args, name):
    args = [a.replace("{spec}", str(spec)) for a in args]
    assert f"{name}: an empty value" in one_line_error(run(*args, cwd=tmp_path))


@pytest.mark.parametrize("home", ["/proc", "/proc/self/x", "/sys/x", "/dev"])
def test_a_home_on_a_kernel_file_system_is_refused(tmp_path, spec, home):
    """--home /proc was an internal error (mkdir of plans/ there fails with ENOENT)."""
    line = one_line_error(run("plan", spec, "--home", home, "--accept-defaults", cwd=tmp_path))
    assert "kernel file system" in line and home in line


@pytest.mark.parametrize("every", ["1m\n", "\u0661m", "1m\t", "1\u200bm"])
def test_every_is_one_line_of_ascii(tmp_path, spec, every):
    """'1m\\n' and an Arabic-Indic digit were taken as 1m (str.strip, \\d and float() are lenient)."""
    home = tmp_path / "home"
    tianluo = cli if every == "\u0661m" else run  # one not ASCII through a real process's argv, the rest in a fork
    proc = tianluo("start", spec, "--home", home, "--trigger", "none", "--accept-defaults", "--no-tick",
                   "--every", every, cwd=tmp_path)
    assert "--every" in one_line_error(proc)
    assert not home.exists() or runs_under(home) == []


def test_no_command_says_so_on_stderr(tmp_path):
    proc = cli(cwd=tmp_path)  # a bare `python -m tianluo`: main reads the real process's empty argv
    assert "give a command" in one_line_error(proc)


def test_plan_diff_compares_only_with_runs_of_the_same_name(tmp_path):
    """'x' globbed the run folders of 'x-y' too: `plan x.yaml --diff` compared with x-y's plan."""
    home = tmp_path / "home"
    other = write_spec(tmp_path, "name: x-y\nentities:\n  a:\n    stages:\n      s: {run: 'true'}\n", "xy.yaml")
    start_run(other, home, tmp_path, "--no-tick")
    mine = write_spec(tmp_path, "name: x\nentities:\n  a:\n    stages:\n      s: {run: 'true'}\n", "x.yaml")
    line = one_line_error(run("plan", mine, "--diff", "--home", home, cwd=tmp_path))
    assert "no run of 'x'" in line


def test_a_home_with_a_name_longer_than_255_bytes(tmp_path, spec):
    """--home /tmp/<300 x> was an internal error (ENAMETOOLONG from mkdir)."""
    line = one_line_error(run("plan", spec, "--home", tmp_path / ("x" * 300), cwd=tmp_path))
    assert "longer than 255 bytes" in line


def test_a_file_the_system_refuses_is_one_line_exit_2_naming_it(monkeypatch, capsys):
    """An OSError that names a file (EIO on a failing disk, ENAMETOOLONG, EACCES on a network
    mount) is a circumstance to fix, said in one line; an OSError naming nothing stays a bug."""
    import errno

    from tianluo import cli

    def eio(args):
        raise OSError(errno.EIO, "Input/output error", "/srv/proj/.tianluo/run/state.json")

    monkeypatch.setitem(cli.COMMANDS, "status", eio)
    assert cli.main(["status"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "internal error" not in err
    assert "/srv/proj/.tianluo/run/state.json: Input/output error" in err

    def nameless(args):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setitem(cli.COMMANDS, "status", nameless)
    assert cli.main(["status"]) == 1
    assert "internal error" in capsys.readouterr().err


def _subparser(parser, name: str):
    """The parser of the command ``name`` inside ``parser``."""
    action = next(a for a in parser._actions if a.dest == "command")
    return action.choices[name]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_command_built_alone_parses_and_helps_as_in_the_whole_parser(name, monkeypatch):
    """main builds only the command it was given (the others cost a quarter of a tick's start-up): that
    command's help, options and defaults are the whole parser's."""
    monkeypatch.setenv("COLUMNS", "100")
    whole, alone = _parser(), _parser(name)
    assert _subparser(alone, name).format_help() == _subparser(whole, name).format_help()
    names = [(a.dest, a.default) for a in _subparser(whole, name)._actions]
    assert [(a.dest, a.default) for a in _subparser(alone, name)._actions] == names
    assert set(next(a for a in alone._actions if a.dest == "command").choices) == {name}


def test_an_unknown_command_still_lists_every_command(tmp_path):
    proc = cli("no-such-command", cwd=tmp_path)
    message = one_line_error(proc)
    assert "invalid choice: 'no-such-command'" in message and "'tick'" in message and "'report'" in message
