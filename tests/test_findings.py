"""findings.md and `tianluo note`: real processes (the CLI in forks, tests/forked_cli.py), real files.

A note is one whole line appended to the run's scratch file, never through a link, never
about an entity the run does not have; ticks never read the file.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import forked_cli
import pytest
from conftest import read_state, write_spec
from forked_cli import start_run, tick_until

from tianluo.views.findings import HEADER, MAX_TEXT

SPEC = """\
name: notes
entities:
  lr-3e-4:
    stages:
      train:
        run: echo trained
      eval:
        needs: [train]
        run: echo evaluated
  lr-1e-3:
    stages:
      train:
        run: echo trained
"""
ENTRY = re.compile(r"- \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z (lr-3e-4|lr-1e-3)(\.(train|eval))? \(([^()]+)\): (.*)")


@pytest.fixture
def run(tmp_path) -> Path:
    spec = write_spec(tmp_path / "proj", SPEC)
    return start_run(spec, tmp_path / "home", tmp_path / "proj", "--no-tick")


def entries(run_dir: Path) -> list[re.Match]:
    text = (run_dir / "findings.md").read_text()
    assert text.startswith(HEADER)
    lines = text[len(HEADER):].splitlines()
    matches = [ENTRY.fullmatch(line) for line in lines]
    assert all(matches), [line[:200] for line, m in zip(lines, matches, strict=True) if not m]
    return matches


def test_a_note_is_one_clean_line_appended_under_a_header(run, tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("TIANLUO_RUN", "TIANLUO_HOME", "TIANLUO_AGENT_CALL")}
    env["USER"] = "alice"
    proc = forked_cli.run("note", "lr-3e-4", "loss", "spikes at step 1200", "--run", run, cwd=tmp_path, env=env)
    assert proc.returncode == 0, proc.stderr
    assert (run / "findings.md").stat().st_mode & 0o777 == 0o600
    proc = forked_cli.run("note", "lr-3e-4.eval", "two\nlines\x1b[31m and\ttabs \u202eevil", "--run", run,
                          cwd=tmp_path, env={**env, "TIANLUO_AGENT_CALL": "1"})
    assert proc.returncode == 0, proc.stderr
    proc = forked_cli.run("note", "lr-1e-3", "x" * (MAX_TEXT + 500), "--run", run, cwd=tmp_path, env=env)
    assert proc.returncode == 0, proc.stderr
    one, two, three = entries(run)
    assert (one.group(2), one.group(3), one.group(5), one.group(6)) == ("lr-3e-4", None, "alice",
                                                                         "loss spikes at step 1200")
    assert (two.group(2), two.group(4), two.group(5)) == ("lr-3e-4", "eval", "agent")
    assert two.group(6) == "two lines [31m and tabs evil"  # no escape, newline, tab or bidi control left
    assert len(three.group(6)) == MAX_TEXT and three.group(6).endswith("\u2026")
    assert (run / "findings.md").read_text().count(HEADER) == 1


def test_two_processes_noting_at_once_write_whole_entries(run):
    """Each note is one write() to an O_APPEND file: 2 x 300 long notes at once, none cut or interleaved."""
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from tianluo import findings, runfs\n"
        "from tianluo.timefmt import utcnow\n"
        "run = runfs.check_run(Path(sys.argv[1]))\n"
        "for i in range(300):\n"
        "    findings.append(run, sys.argv[2], f'{sys.argv[2]} note {i} ' + sys.argv[2][-1] * 1900, utcnow(), by='w')\n"
    )
    procs = [subprocess.Popen([sys.executable, "-c", script, str(run), who]) for who in ("lr-3e-4", "lr-1e-3")]
    for p in procs:
        assert p.wait(timeout=60) == 0
    found = entries(run)
    assert len(found) == 600
    for who, tail in (("lr-3e-4", "4"), ("lr-1e-3", "3")):
        mine = [m.group(6) for m in found if m.group(2) == who]
        assert mine == [f"{who} note {i} " + tail * 1900 for i in range(300)]


def test_an_unknown_entity_or_stage_is_refused_naming_the_known_ones(run, tmp_path):
    proc = forked_cli.run("note", "lr-9", "hello", "--run", run, cwd=tmp_path)
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1
    assert "no entity 'lr-9'" in proc.stderr and "lr-3e-4, lr-1e-3" in proc.stderr
    proc = forked_cli.run("note", "lr-1e-3.eval", "hello", "--run", run, cwd=tmp_path)
    assert proc.returncode == 2 and "no stage 'eval'" in proc.stderr and "train" in proc.stderr
    proc = forked_cli.run("note", "lr-1e-3", "  \n ", "--run", run, cwd=tmp_path)
    assert proc.returncode == 2 and "empty" in proc.stderr
    assert not os.path.lexists(run / "findings.md")


@pytest.mark.parametrize("kind", ["symlink", "hardlink", "fifo"])
def test_nothing_is_written_through_a_planted_link_at_findings_md(run, tmp_path, kind):
    target = tmp_path / "victim"
    target.write_text("precious\n")
    path = run / "findings.md"
    if kind == "symlink":
        path.symlink_to(target)
    elif kind == "hardlink":
        os.link(target, path)
    else:
        os.mkfifo(path)
    proc = forked_cli.run("note", "lr-3e-4", "hello", "--run", run, cwd=tmp_path, timeout=30)
    assert proc.returncode == 2, proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and "findings.md" in proc.stderr
    assert target.read_text() == "precious\n"


def test_a_note_waits_out_another_writers_creation_of_findings_md(run):
    """The creating writer's temporary second name lasts an instant; a note written then lands, not refused."""
    import threading

    from tianluo.timefmt import utcnow
    from tianluo.views import findings

    path = run / "findings.md"
    path.write_bytes(HEADER.encode("utf-8"))
    temporary = run / ".findings.md.tmp"
    os.link(path, temporary)  # the instant between create_exclusive's link and its unlink
    remover = threading.Timer(0.1, os.unlink, [temporary])
    remover.start()
    try:
        result = findings.append(run, "lr-3e-4", "lands after the creation", utcnow(), by="t")
    finally:
        remover.join()
    assert not result.created and path.read_text().endswith("lands after the creation\n")


def test_ticks_never_read_findings_md(tmp_path):
    """A FIFO at findings.md blocks any reader forever; garbage would fail any parser. The run completes."""
    spec = write_spec(tmp_path / "proj", SPEC)
    run = start_run(spec, tmp_path / "home", tmp_path / "proj", "--no-tick")
    os.mkfifo(run / "findings.md")
    tick_until(run, tmp_path / "proj", phases=("running",), timeout=30)  # one tick at least
    os.unlink(run / "findings.md")
    (run / "findings.md").write_bytes(b"\xff\xfe\x00garbage{{{" * 1000)
    os.chmod(run / "findings.md", 0)
    doc = tick_until(run, tmp_path / "proj", phases=("complete",), timeout=60)
    assert doc["phase"] == "complete"
    assert read_state(run)["phase"] == "complete"
    assert (run / "findings.md").read_bytes().startswith(b"\xff\xfe\x00garbage")


def test_a_note_on_a_damaged_state_is_refused_and_writes_nothing(run, tmp_path):
    (run / "state.json").write_text('{"schema_version": 2, "run_id": "x", "plan": {"entities": {"lr-3e-4": [')
    proc = forked_cli.run("note", "lr-3e-4", "hello", "--run", run, cwd=tmp_path)
    assert proc.returncode == 2 and "state.json" in proc.stderr and "Traceback" not in proc.stderr
    assert not os.path.lexists(run / "findings.md")
