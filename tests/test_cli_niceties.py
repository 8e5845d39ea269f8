"""What people expect of a CLI: release acts at once, --all, examples in --help, completion,
colour on a terminal only, a Prometheus textfile.

Real CLI processes for each thing looked at once (a release that ticks, its usage errors, the top
help, zsh completion, colour on a pty, a textfile from a tick and from the daemon); the runs they
need, and the other cases of a thing, in a fork of the test process (tests/forked_cli.py), which
runs the same ``main``."""

import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import forked_cli
import pytest
from conftest import clean_env, cli, one_line_error, read_state, write_spec
from forked_cli import start_run, status_json, tick_until

from tianluo.cli import COMMANDS
from tianluo.views.metrics import escape, render

pytestmark = pytest.mark.integration

TWO = """\
name: nice
entities:
  a:
    stages:
      work: {run: "true"}
  b:
    stages:
      work: {run: "true"}
"""

FAILS_UNTIL_FIXED = """\
name: fixme
ladder:
  unknown: {retries: 0}
entities:
  a:
    stages:
      work: {run: "test -f fixed.flag"}
"""



def attempts(run_dir: Path, entity: str) -> int:
    return read_state(run_dir)["entities"][entity]["stages"]["work"]["attempt"]


# --- release acts at once -----------------------------------------------------------------------


def test_release_ticks_at_once_and_no_tick_only_saves(tmp_path):
    run_dir = start_run(write_spec(tmp_path / "proj", TWO), tmp_path / "home", tmp_path, "--no-tick")
    forked_cli.run("hold", "--all", "--run", run_dir, cwd=tmp_path, check=True)
    quiet = cli("release", "a", "--no-tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert "launched" not in quiet.stdout
    assert attempts(run_dir, "a") == 0  # saved, nothing started: the next tick acts on it
    now = cli("release", "b", "--run", run_dir, cwd=tmp_path, check=True)
    assert "b/work: attempt 1 launched" in now.stdout  # no trigger, no tick by hand: the release ran one
    assert attempts(run_dir, "b") == 1


def test_release_retry_launches_the_retry_now(tmp_path):
    proj = tmp_path / "proj"
    run_dir = start_run(write_spec(proj, FAILS_UNTIL_FIXED), tmp_path / "home", tmp_path)
    doc = tick_until(run_dir, tmp_path, phases=("blocked",), timeout=30)
    assert doc["entities"]["a"]["stages"]["work"]["status"] == "held"
    (proj / "fixed.flag").write_text("")
    proc = forked_cli.run("release", "a", "--retry", "--run", run_dir, cwd=tmp_path, check=True)
    assert "a/work: attempt 2 launched" in proc.stdout, proc.stdout
    assert status_json(run_dir, tmp_path)["entities"]["a"]["stages"]["work"]["status"] in ("submitted", "running",
                                                                                             "succeeded")


def test_release_all_releases_every_held_entity_one_line_each(tmp_path):
    run_dir = start_run(write_spec(tmp_path / "proj", TWO), tmp_path / "home", tmp_path, "--no-tick")
    forked_cli.run("hold", "--all", "--run", run_dir, cwd=tmp_path, check=True)
    proc = forked_cli.run("release", "--all", "--run", run_dir, cwd=tmp_path, check=True)
    lines = proc.stdout.splitlines()
    assert "released a" in lines and "released b" in lines
    assert attempts(run_dir, "a") == 1 and attempts(run_dir, "b") == 1
    again = forked_cli.run("release", "--all", "--run", run_dir, cwd=tmp_path)
    assert "nothing is held" in one_line_error(again)
    assert "not both" in one_line_error(cli("release", "a", "--all", "--run", run_dir, cwd=tmp_path))
    assert "--all" in one_line_error(cli("release", "--run", run_dir, cwd=tmp_path))


def test_release_all_of_a_failure_hold_without_retry_changes_nothing(tmp_path):
    proj = tmp_path / "proj"
    run_dir = start_run(write_spec(proj, FAILS_UNTIL_FIXED), tmp_path / "home", tmp_path)
    tick_until(run_dir, tmp_path, phases=("blocked",), timeout=30)
    before = (run_dir / "state.json").read_bytes()
    err = one_line_error(forked_cli.run("release", "--all", "--run", run_dir, cwd=tmp_path))
    assert "--retry" in err and "a.work" in err
    assert (run_dir / "state.json").read_bytes() == before


# --- --help, completion ---------------------------------------------------------------------------


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_help_has_real_examples(tmp_path, command):
    proc = forked_cli.run(command, "--help", cwd=tmp_path, check=True)
    text = proc.stdout.split("examples:\n", 1)
    assert len(text) == 2, proc.stdout
    examples = [line.strip() for line in text[1].splitlines() if line.strip()]
    assert 1 <= len(examples) <= 5  # a few, not a manual
    assert all(f"tianluo {command}" in ex for ex in examples), examples


def test_top_level_help_has_examples(tmp_path):
    assert "examples:\n  tianluo plan" in cli("--help", cwd=tmp_path, check=True).stdout


def complete(tmp_path: Path, *words: str) -> list[str]:
    script = forked_cli.run("completion", "bash", cwd=tmp_path, check=True).stdout
    (tmp_path / "comp.bash").write_text(script)
    words_arr = " ".join(f"'{w}'" for w in ("tianluo", *words))
    prog = (f"source {tmp_path / 'comp.bash'}; COMP_WORDS=({words_arr}); COMP_CWORD={len(words)}; "
            "_tianluo; printf '%s\\n' \"${COMPREPLY[@]}\"")
    proc = subprocess.run(["bash", "--norc", "--noprofile", "-c", prog], cwd=tmp_path, capture_output=True,
                          text=True, timeout=10, check=True)
    return proc.stdout.split()


def test_bash_completion_completes_commands_options_and_choices(tmp_path):
    assert set(complete(tmp_path, "rel")) == {"release"}
    assert "runs" in complete(tmp_path, "r") and "logs" in complete(tmp_path, "")
    assert {"--retry", "--skip", "--all", "--no-tick"} <= set(complete(tmp_path, "release", "--"))
    assert set(complete(tmp_path, "logs", "one", "--stream", "")) == {"stdout", "stderr"}
    assert set(complete(tmp_path, "install", "")) >= {"cron", "systemd", "daemon"}


def test_zsh_completion_names_every_command(tmp_path):
    script = cli("completion", "zsh", cwd=tmp_path, check=True).stdout
    assert script.startswith("#compdef tianluo\n")
    for command in COMMANDS:
        assert f"'{command}:" in script and f"        {command}) _arguments" in script
    assert "'--stream=[]:value:(stdout stderr)'" in script
    assert one_line_error(forked_cli.run("completion", "fish", cwd=tmp_path))


# --- colour ---------------------------------------------------------------------------------------


def on_a_terminal(args: list, cwd: Path, env: dict) -> str:
    """What the CLI prints when its stdout is a terminal (a pty)."""
    main, child = pty.openpty()
    try:
        proc = subprocess.run([sys.executable, "-m", "tianluo", *map(str, args)], cwd=cwd, env=env, stdout=child,
                              stderr=subprocess.PIPE, timeout=60, check=False)
        os.close(child)
        child = None
        out = b""
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # EIO: the other end is closed and drained
                break
            if not chunk:
                break
            out += chunk
        assert proc.returncode == 0, proc.stderr
        return out.decode()
    finally:
        if child is not None:
            os.close(child)
        os.close(main)


def test_status_is_coloured_on_a_terminal_only(tmp_path):
    run_dir = start_run(write_spec(tmp_path / "proj", TWO), tmp_path / "home", tmp_path)
    tick_until(run_dir, tmp_path, timeout=30)
    env = clean_env(TERM="xterm")
    env.pop("NO_COLOR", None)
    coloured = on_a_terminal(["status", "--run", run_dir], tmp_path, env)
    assert "\x1b[32mcomplete\x1b[0m" in coloured and "\x1b[32msucceeded\x1b[0m" in coloured
    plain = on_a_terminal(["status", "--run", run_dir], tmp_path, {**env, "NO_COLOR": "1"})
    assert "\x1b" not in plain and "complete" in plain and "succeeded" in plain
    piped = forked_cli.run("status", "--run", run_dir, cwd=tmp_path, env=env, check=True).stdout
    assert "\x1b" not in piped
    def words(text: str) -> list[str]:  # the same text but for the clock ("last 436ms ago")
        return [x for x in text.replace("\r\n", "\n").strip().splitlines() if " ago" not in x]

    assert words(re.sub(r"\x1b\[[0-9;]*m", "", coloured)) == words(plain)
    runs = on_a_terminal(["runs", "--home", tmp_path / "home"], tmp_path, env)
    assert "\x1b[32mcomplete" in runs


# --- metrics --------------------------------------------------------------------------------------

SAMPLE = re.compile(r'^(tianluo_[a-z_]+)\{((?:[a-z]+="(?:[^"\\\n]|\\.)*",?)+)\} (-?[0-9.]+)$')


def parse(text: str) -> dict:
    out = {}
    for line in text.splitlines():
        if line.startswith("#"):
            assert re.match(r"^# (HELP|TYPE) tianluo_[a-z_]+ ", line), line
            continue
        m = SAMPLE.match(line)
        assert m, line
        labels = tuple(sorted(re.findall(r'([a-z]+)="((?:[^"\\]|\\.)*)"', m.group(2))))
        out[(m.group(1), labels)] = float(m.group(3))
    return out


def test_tick_writes_a_prometheus_textfile_atomically(tmp_path):
    run_dir = start_run(write_spec(tmp_path / "proj", TWO), tmp_path / "home", tmp_path)
    textdir = tmp_path / "textfile"
    textdir.mkdir()
    prom = textdir / "tianluo.prom"
    tick_until(run_dir, tmp_path, timeout=30)
    cli("tick", "--metrics-file", prom, "--run", run_dir, cwd=tmp_path, check=True)
    m = parse(prom.read_text())
    run = ("run", run_dir.name)
    assert m[("tianluo_stages", (run, ("status", "succeeded")))] == 2
    assert m[("tianluo_stages", (run, ("status", "held")))] == 0
    assert m[("tianluo_attempts_total", (run,))] == 2
    assert m[("tianluo_run_phase", (("phase", "complete"), run))] == 1
    assert m[("tianluo_run_phase", (("phase", "running"), run))] == 0
    assert m[("tianluo_gate_met", (run,))] == 1
    last = read_state(run_dir)["last_tick_at"]
    from datetime import datetime

    assert m[("tianluo_last_tick_timestamp_seconds", (run,))] == pytest.approx(
        datetime.fromisoformat(last).timestamp(), abs=0.01)
    assert os.listdir(textdir) == ["tianluo.prom"]  # the temp file was renamed, none left behind
    assert oct(prom.stat().st_mode & 0o777) == "0o644"  # node_exporter reads it as its own user


def test_metrics_file_in_a_missing_folder_is_one_line(tmp_path):
    run_dir = start_run(write_spec(tmp_path / "proj", TWO), tmp_path / "home", tmp_path, "--no-tick")
    err = one_line_error(forked_cli.run("tick", "--metrics-file", tmp_path / "nope" / "t.prom", "--run", run_dir,
                                        cwd=tmp_path))
    assert "--metrics-file" in err and "does not exist" in err


def test_daemon_writes_the_textfile_too(tmp_path):
    run_dir = start_run(write_spec(tmp_path / "proj", TWO), tmp_path / "home", tmp_path)
    tick_until(run_dir, tmp_path, timeout=30)
    prom = tmp_path / "d.prom"
    proc = cli("daemon", "--every", "1s", "--metrics-file", prom, "--run", run_dir, cwd=tmp_path, timeout=30)
    assert proc.returncode == 0, proc.stderr  # a complete run: the daemon says so and exits
    assert parse(prom.read_text())[("tianluo_gate_met", (("run", run_dir.name),))] == 1


def test_label_values_are_escaped():
    assert escape('a"b\\c\nd') == 'a\\"b\\\\c\\nd'
    doc = {"run_id": 'r"1\\\n', "phase": "running", "total_attempts": 0, "last_tick_at": None,
           "gate": {"met": False}, "entities": {"e": {"stages": {"s": {"status": "pending"}}}}}
    text = render(doc)
    assert 'tianluo_gate_met{run="r\\"1\\\\\\n"} 0' in text
    assert all(SAMPLE.match(x) for x in text.splitlines() if not x.startswith("#"))
    assert parse(text)[("tianluo_stages", (("run", 'r\\"1\\\\\\n'), ("status", "pending")))] == 1


def test_metrics_file_that_cannot_be_written_is_one_line_after_the_tick(tmp_path):
    run_dir = start_run(write_spec(tmp_path / "proj", TWO), tmp_path / "home", tmp_path, "--no-tick")
    folder = tmp_path / "textfile"
    folder.mkdir()
    proc = forked_cli.run("tick", "--metrics-file", folder, "--run", run_dir, cwd=tmp_path)  # a folder, not a file
    err = one_line_error(proc)
    assert "--metrics-file" in err and "the tick itself is done" in err
    assert read_state(run_dir)["tick_count"] == 1  # the tick ran; only the textfile failed
    assert os.listdir(folder) == []  # no temp file left behind


def test_a_link_another_user_planted_in_a_shared_textfile_folder_is_refused_not_written_through(tmp_path):
    """The textfile folder is often shared (node_exporter's group): a link planted at the file, or in place of
    a folder on the way, by someone who is neither you nor root is refused in one line, nothing written."""
    run_dir = start_run(write_spec(tmp_path / "proj", TWO), tmp_path / "home", tmp_path, "--no-tick")
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "precious").write_text("keep me\n")
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)
    at_file = shared / "tianluo.prom"
    at_file.symlink_to(victim / "precious")
    os.lchown(at_file, 65534, 65534)  # planted by another user
    err = one_line_error(forked_cli.run("tick", "--metrics-file", at_file, "--run", run_dir, cwd=tmp_path))
    assert "--metrics-file" in err and "symbolic link" in err and "warning" in err and "tick itself is done" in err
    on_the_way = shared / "textfile"
    on_the_way.symlink_to(victim)
    os.lchown(on_the_way, 65534, 65534)
    err = one_line_error(forked_cli.run("tick", "--metrics-file", on_the_way / "t.prom", "--run", run_dir,
                                        cwd=tmp_path))
    assert "another user made" in err and "nothing was written" in err, err
    assert sorted(os.listdir(victim)) == ["precious"] and (victim / "precious").read_text() == "keep me\n"
    assert read_state(run_dir)["tick_count"] == 2  # the ticks ran; only the textfile was refused
    mine = tmp_path / "mine"
    mine.symlink_to(victim)  # your own link on the way is followed, as a path you gave
    forked_cli.run("tick", "--metrics-file", mine / "t.prom", "--run", run_dir, cwd=tmp_path, check=True)
    assert (victim / "t.prom").read_text().startswith("# HELP")
    assert oct((victim / "t.prom").stat().st_mode & 0o777) == "0o644"


ONE_FAILS_ONE_WAITS = """\
name: mixed
ladder:
  unknown: {retries: 0}
entities:
  a:
    stages:
      work: {run: "test -f fixed.flag"}
  b:
    stages:
      work: {run: "true"}
"""


def test_release_all_releases_what_it_can_and_names_the_rest(tmp_path):
    proj = tmp_path / "proj"
    run_dir = start_run(write_spec(proj, ONE_FAILS_ONE_WAITS), tmp_path / "home", tmp_path, "--no-tick")
    forked_cli.run("hold", "b", "--run", run_dir, cwd=tmp_path, check=True)
    tick_until(run_dir, tmp_path, phases=("blocked",), timeout=30)
    assert attempts(run_dir, "b") == 0
    proc = forked_cli.run("release", "--all", "--run", run_dir, cwd=tmp_path, check=True)
    lines = proc.stdout.splitlines()
    assert "released b" in lines, proc.stdout
    rest = [line for line in lines if line.startswith("not released a:")]
    assert rest and "--retry" in rest[0] and "a.work" in rest[0], proc.stdout
    assert attempts(run_dir, "b") == 1  # released and ticked at once
    assert read_state(run_dir)["entities"]["a"]["stages"]["work"]["status"] == "held"
