"""Damaged run folders never give exit 1: every file a tick reads is checked first, and no tick is half-saved.

state.json variants against the real loader, attempt records against their validator, and
real ticks on real damaged folders: the first case of each kind of damage in a real ``python -m tianluo``
process; the other cases of a kind (and the other commands refusing the same damage) in a fork of the
test process (tests/forked_cli.py), which runs the same ``main``.
"""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import forked_cli
import pytest
from conftest import cli, copy_run, read_events, read_state, run_with_exited_attempt, tmpfs

from tianluo.errors import StateError
from tianluo.shell import fsio, records
from tianluo.shell.store import RunStore

pytestmark = pytest.mark.integration

SPEC = """\
name: damaged
entities:
  a:
    stages:
      train: {run: "echo step"}
      eval: {needs: [train], run: "true"}
success_gate:
  all_done: true
"""


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """A run whose first attempt (a.train) has exited 0, not yet looked at by a tick."""
    return run_with_exited_attempt(tmp_path_factory.mktemp("damaged"), SPEC)


def _state_bytes(run_dir: Path) -> bytes:
    return (run_dir / "state.json").read_bytes()


# --- state.json -----------------------------------------------------------------------------------


def _edit(doc: dict, **changes) -> bytes:
    return json.dumps({**doc, **changes}).encode()


DAMAGE = {
    "not-utf8": (lambda doc: b"\xff\xfe" + json.dumps(doc).encode(), "not UTF-8"),
    "nested-200000-deep": (lambda doc: b"[" * 200000, "nested too deep"),
    "a-list": (lambda doc: b"[]", "not a JSON object"),
    "giant-int": (lambda doc: json.dumps(doc).encode().replace(b'"revision": ', b'"revision": ' + b"9" * 5000, 1),
                  "not valid JSON"),
    "entities-a-number": (lambda doc: _edit(doc, entities=5), "invalid at entities"),
    "phase-a-list": (lambda doc: _edit(doc, phase=[1]), "invalid at phase"),
    "revision-a-string": (lambda doc: _edit(doc, revision="x"), "invalid at revision"),
    "truncated": (lambda doc: json.dumps(doc).encode()[:50], "not valid JSON"),
    "nul-bytes": (lambda doc: b"\0" * 100, "not valid JSON"),
    "run-id-with-nul-and-newline": (lambda doc: _edit(doc, run_id="r\0\nx"), "invalid at run_id"),
    "attempt-count-huge": (lambda doc: json.dumps(doc).encode().replace(b'"attempt": 0', b'"attempt": ' + b"9" * 30, 1),
                           "is not a count of attempts"),
    "entities-not-the-plans": (lambda doc: _edit(doc, entities={}), "not the entities of the locked plan"),
    "interval-nan": (lambda doc: json.dumps(doc).encode().replace(b'"interval": ', b'"interval": NaN, "x_": ', 1),
                     "never writes NaN"),
    "interval-1e400": (lambda doc: json.dumps(doc).encode().replace(b'"interval": ', b'"interval": 1e400, "x_": ', 1),
                       "never writes NaN"),
    "run-id-a-path": (lambda doc: _edit(doc, run_id="../../etc"), "invalid at run_id"),
    "command-with-nul": (lambda doc: json.dumps(doc).encode().replace(b'"run": "true"', b'"run": "tr\\u0000ue"', 1),
                         "a NUL byte"),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_state_is_one_line_naming_the_file_and_the_snapshot(template, tmp_path, damage):
    run_dir = copy_run(template, tmp_path)
    make, says = DAMAGE[damage]
    doc = read_state(run_dir)  # every field, defaults included (the damage edits some of them)
    (run_dir / "state.json").write_bytes(make(doc))
    with pytest.raises(StateError) as info:
        RunStore(run_dir).load()
    message = str(info.value)
    assert says in message and str(run_dir / "state.json") in message and "\n" not in message
    assert "newest good snapshot" in message  # and the cp that restores it
    before = _state_bytes(run_dir)
    tianluo = cli if damage == next(iter(DAMAGE)) else forked_cli.run  # one real process, the rest forked
    proc = tianluo("tick", "--run", run_dir, cwd=tmp_path, timeout=30)
    assert proc.returncode == 2 and says in proc.stderr and "\n" not in proc.stderr.strip(), proc.stderr
    assert _state_bytes(run_dir) == before


# --- no half-ticks ------------------------------------------------------------------------------


@pytest.mark.parametrize("command", [["tick"], ["hold", "a"], ["release", "a"], ["stop"]])
def test_events_jsonl_a_folder_refuses_before_anything_is_saved(template, tmp_path, command):
    """It used to save state.json and a snapshot first, then fail: half a tick."""
    run_dir = copy_run(template, tmp_path)
    (run_dir / "events.jsonl").unlink()
    (run_dir / "events.jsonl").mkdir()
    state = _state_bytes(run_dir)
    snapshots = sorted(p.name for p in (run_dir / "snapshots").iterdir())
    attempts = sorted(str(p) for p in (run_dir / "attempts").rglob("*"))
    tianluo = cli if command == ["tick"] else forked_cli.run  # the first case a real process, the rest forked
    proc = tianluo(*command, "--run", run_dir, cwd=tmp_path, timeout=30)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert f"{run_dir / 'events.jsonl'}: is a folder" in proc.stderr
    assert _state_bytes(run_dir) == state
    assert sorted(p.name for p in (run_dir / "snapshots").iterdir()) == snapshots
    assert sorted(str(p) for p in (run_dir / "attempts").rglob("*")) == attempts  # nothing launched


WRONG_KINDS = [("snapshots", "file"), ("failures", "file"), ("attempts", "file"), (".lock", "folder"),
               ("plan.md", "folder")]


@pytest.mark.parametrize("name,kind", WRONG_KINDS)
def test_the_wrong_kind_of_file_under_a_name_of_tianluos_is_refused(template, tmp_path, name, kind):
    run_dir = copy_run(template, tmp_path)
    path = run_dir / name
    if path.is_dir():
        shutil.rmtree(path)
    elif path.exists():
        path.unlink()
    path.mkdir() if kind == "folder" else path.write_text("x")
    state = _state_bytes(run_dir)
    tianluo = cli if (name, kind) == WRONG_KINDS[0] else forked_cli.run  # real processes once, then forked
    for command in (["tick"], ["status"], ["diagnose", "a"]):
        proc = tianluo(*command, "--run", run_dir, cwd=tmp_path, timeout=30)
        assert proc.returncode == 2 and f"{path}: is a {kind}" in proc.stderr, (command, proc.stderr)
        assert "\n" not in proc.stderr.strip()
    assert _state_bytes(run_dir) == state


# --- attempt records ----------------------------------------------------------------------------------


GOOD_EXIT = {"job_name": "j", "exit_code": 0, "signal": None, "host": "h", "runner_pid": 12,
             "started_at": "2026-01-01T00:00:00Z", "ended_at": "2026-01-01T00:00:01Z", "duration_s": 1.0}
BAD_EXITS = [
    ({"exit_code": "x"}, "exit_code"), ([1, 2], "not a JSON object"), ({"exit_code": 256}, "exit_code"),
    ({"exit_code": True}, "exit_code"), ({"exit_code": 1.5}, "exit_code"), ({"signal": -9}, "signal"),
    ({"duration_s": float("inf")}, "duration_s"), ({"host": ["a"]}, "host"), ({"runner_pid": 10 ** 30}, "runner_pid"),
    ("not json", "not valid JSON"), ('{"exit_code": ' + "9" * 5000 + "}", "not valid JSON"),
    ("[" * 60000, "not valid JSON"), ("[" * 100000, "over 65536 bytes"), ("\udcff", "not valid JSON"),
]


@pytest.mark.parametrize("doc,says", BAD_EXITS, ids=[str(i) for i in range(len(BAD_EXITS))])
def test_a_damaged_exit_record_is_unreadable_never_a_crash(tmp_path, doc, says):
    text = doc if isinstance(doc, str) else json.dumps(doc if not isinstance(doc, dict) else {**GOOD_EXIT, **doc})
    (tmp_path / "exit.json").write_bytes(text.encode("utf-8", "surrogateescape"))
    record, problem = records.read_exit(tmp_path)
    assert record is None and says in problem and "exit.json" in problem


def test_started_records_are_checked_field_by_field(tmp_path):
    good = {"job_name": "j", "runner_pid": 4242, "runner_create_time": 1.5, "pgid": 4242, "host": "h",
            "started_at": "t", "job_id": None, "restarts": 0, "slurm_job_id": "7"}
    (tmp_path / "started.json").write_text(json.dumps(good))
    assert records.read_started(tmp_path) == (good, None)
    for bad in ({"runner_pid": -1}, {"runner_pid": 0}, {"runner_pid": "12"}, {"runner_create_time": "yesterday"},
                {"pgid": -5}, {"restarts": -1}, {"slurm_restart": -1}, {"runner_pid": None}):
        (tmp_path / "started.json").write_text(json.dumps({**good, **bad}))
        record, problem = records.read_started(tmp_path)
        assert record is None and problem.startswith("started.json is damaged"), bad
    (tmp_path / "started.json").unlink()
    assert records.read_started(tmp_path) == (None, None)


def test_a_tick_judges_an_attempt_with_a_damaged_record_and_says_so(template, tmp_path):
    run_dir = copy_run(template, tmp_path)
    adir = run_dir / "attempts/a/train/1"
    (adir / "exit.json").write_text('{"exit_code": "x", "signal": [1]}')
    started = json.loads((adir / "started.json").read_text())
    started["runner_pid"] = -1
    (adir / "started.json").write_text(json.dumps(started))
    proc = forked_cli.run("tick", "--run", run_dir, cwd=tmp_path, timeout=30)
    assert proc.returncode == 0, proc.stderr
    assert "record is unreadable (exit.json is damaged: exit_code is 'x'" in proc.stdout
    assert any("unreadable" in e.get("message", "") for e in read_events(run_dir))
    proc = forked_cli.run("diagnose", "a", "--run", run_dir, cwd=tmp_path, timeout=30)
    assert proc.returncode == 0, proc.stderr


# --- what fsio leaves behind --------------------------------------------------------------------------


def test_temp_files_of_dead_writers_are_cleaned_at_load_and_live_ones_kept(template, tmp_path):
    run_dir = copy_run(template, tmp_path)
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                              text=True).stdout.strip()
        stale = [run_dir / f".state.json.tmp-{dead}-abcdef", run_dir / "snapshots" / f".state-1.json.tmp-{dead}"]
        live = run_dir / f".state.json.tmp-{sleeper.pid}-abcdef"
        for p in [*stale, live]:
            p.write_text("half")
        RunStore(run_dir).load()
        assert not any(p.exists() for p in stale) and live.exists()
    finally:
        sleeper.kill()
        sleeper.wait()


def test_a_failed_write_leaves_no_temp_file_and_the_old_file_whole(tmp_path):
    path = tmp_path / "state.json"
    path.write_text("old")
    with pytest.raises(TypeError):
        fsio.atomic_write(path, 12345)  # not bytes: fails after the temp file exists
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["state.json"]


def test_a_write_that_makes_no_progress_is_an_error_not_a_loop(tmp_path):
    fd = os.open("/dev/full", os.O_WRONLY)
    try:
        t0 = time.monotonic()
        with pytest.raises(OSError):
            fsio.write_all(fd, b"x" * 10000, "/dev/full")
        assert time.monotonic() - t0 < 30  # a hang detector: the loop it guards against never ends
    finally:
        os.close(fd)


def test_new_folders_are_0700_and_fsynced_into_place(tmp_path):
    root = tmp_path / "run"
    root.mkdir()
    fsio.guard(root)
    fsio.make_dirs(root / "attempts" / "a" / "train" / "1")
    for p in (root / "attempts", root / "attempts/a", root / "attempts/a/train", root / "attempts/a/train/1"):
        assert oct(p.stat().st_mode & 0o777) == "0o700"


def test_a_read_only_run_folder_is_one_line_for_a_tick_and_status_still_reads_it(template, tmp_path):
    with tmpfs(tmp_path / "mnt") as mnt:
        run_dir = copy_run(template, mnt)
        state = _state_bytes(run_dir)
        subprocess.run(["mount", "-o", "remount,ro", str(mnt)], check=True, timeout=30)
        proc = cli("tick", "--run", run_dir, cwd=tmp_path, timeout=30)
        assert proc.returncode == 2 and "Read-only file system" in proc.stderr, proc.stderr
        assert "\n" not in proc.stderr.strip() and str(run_dir) in proc.stderr
        proc = forked_cli.run("status", "--run", run_dir, cwd=tmp_path, timeout=30)
        assert proc.returncode == 0, proc.stderr
        assert _state_bytes(run_dir) == state


def test_every_command_on_a_read_only_home_is_one_line_never_an_internal_error(template, tmp_path):
    """plan (which writes plans/), the daemon and the commands that take the lock, on a home
    remounted read-only: exit 2, one line on stderr naming the file system's refusal."""
    with tmpfs(tmp_path / "mnt") as mnt:
        run_dir = copy_run(template, mnt)
        spec = mnt / "spec.yaml"
        spec.write_text(SPEC)
        subprocess.run(["mount", "-o", "remount,ro", str(mnt)], check=True, timeout=30)
        home = run_dir.parent
        for args in (("plan", spec, "--home", home), ("hold", "a", "--run", run_dir),
                     ("stop", "--run", run_dir), ("daemon", "--every", "1s", "--run", run_dir)):
            tianluo = cli if args[0] == "plan" else forked_cli.run  # the first a real process, the rest forked
            proc = tianluo(*args, cwd=tmp_path, timeout=30)
            line = proc.stderr.strip()
            assert proc.returncode == 2, (args, proc.returncode, proc.stderr)
            assert line and "\n" not in line and "internal error" not in line, (args, line)
            assert "Read-only file system" in line, (args, line)
