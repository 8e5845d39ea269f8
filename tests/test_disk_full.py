"""A full disk, for real: a small tmpfs filled to the brim under the run home.

A tick (or a hold) on a full disk exits 74 with one line naming the file system and what
needed the room, and changes nothing; a job that finishes while the disk is full still gets
its exit record (the runner reserved the room before the job started), so it is never run
again; and an attempt whose record is missing altogether is not retried when its done_when
holds.
"""

import json
import os
import signal
from pathlib import Path

import pytest
from conftest import cli, fill, read_events, read_state, tmpfs, wait_for, wait_started, write_spec
from forked_cli import run, status_json, tick_until

pytestmark = pytest.mark.integration

SPEC = """\
name: full
entities:
  a:
    stages:
      work:
        run: echo ran >> count.txt; while [ ! -e release ]; do sleep 0.05; done; echo done > done.txt
        done_when: {exists: done.txt}
"""


@pytest.fixture
def small_fs(tmp_path):
    """A 4 MiB tmpfs (root only), unmounted after the test."""
    with tmpfs(tmp_path / "fs", "4m") as point:
        yield point



def snapshot_files(run_dir: Path) -> dict:
    return {p.relative_to(run_dir).as_posix(): p.read_bytes() for p in sorted(run_dir.rglob("*"))
            if p.is_file() and p.name != ".lock"}


def start(tmp_path: Path, home: Path, *extra: str) -> Path:
    spec = write_spec(tmp_path / "proj", SPEC)
    proc = run("start", spec, "--home", home, "--trigger", "none", "--accept-defaults", *extra, cwd=tmp_path,
               check=True)
    return Path(proc.stdout.strip().splitlines()[-1])


def test_a_tick_and_a_hold_on_a_full_disk_say_so_in_one_line_and_change_nothing(tmp_path, small_fs):
    run_dir = start(tmp_path, small_fs / "home", "--no-tick")
    filler = fill(small_fs)
    before = snapshot_files(run_dir)
    for args in (("tick", "--run", run_dir), ("hold", "a", "--run", run_dir)):
        proc = (cli if args[0] == "tick" else run)(*args, cwd=tmp_path)  # the tick a real process, the hold forked
        assert proc.returncode == 74, (args, proc.stdout, proc.stderr)
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1, proc.stderr
        assert f"mounted at {small_fs} (tmpfs) is full" in lines[0]
        assert "nothing was changed" in lines[0] and "internal error" not in lines[0]
        assert snapshot_files(run_dir) == before  # nothing half-written, no temp file left
    filler.unlink()
    proc = run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert "attempt 1 launched" in proc.stdout
    (tmp_path / "proj" / "release").touch()
    doc = tick_until(run_dir, tmp_path, timeout=30)
    assert doc["entities"]["a"]["stages"]["work"]["attempt"] == 1


def test_a_job_that_ends_while_the_disk_is_full_keeps_its_record_and_is_not_run_again(tmp_path, small_fs):
    run_dir = start(tmp_path, small_fs / "home")  # the first tick launches attempt 1
    attempt = run_dir / "attempts/a/work/1"
    # The runner claims started.json, then reserves the room, then starts the job: the job's first
    # line is what proves the reservation is in place (started.json alone comes before it).
    wait_for((tmp_path / "proj" / "count.txt").exists, what="the job to start")
    assert (attempt / "exit.json.reserved").stat().st_size > 0  # room taken before the job started
    filler = fill(small_fs)
    (tmp_path / "proj" / "release").touch()
    wait_for((attempt / "exit.json").exists, timeout=30, what="exit.json written on a full disk")
    record = json.loads((attempt / "exit.json").read_text())
    assert record["exit_code"] == 0 and record["job_name"].endswith(".a.work.1")
    assert not (attempt / "exit.json.reserved").exists()
    before = read_state(run_dir)
    proc = run("tick", "--run", run_dir, cwd=tmp_path)
    assert proc.returncode == 74 and "is full" in proc.stderr, proc.stderr
    assert read_state(run_dir) == before
    filler.unlink()
    doc = tick_until(run_dir, tmp_path, timeout=30)
    assert doc["entities"]["a"]["stages"]["work"]["status"] == "succeeded"
    assert doc["total_attempts"] == 1
    assert (tmp_path / "proj" / "count.txt").read_text() == "ran\n"  # the job ran exactly once


def test_a_lost_attempt_whose_done_when_holds_is_counted_as_succeeded_not_run_again(tmp_path):
    run_dir = start(tmp_path, tmp_path / "home")
    attempt = run_dir / "attempts/a/work/1"
    started = wait_started(attempt, what="the runner's claim")
    wait_for((tmp_path / "proj" / "count.txt").exists, what="the job to start")
    os.kill(started["runner_pid"], signal.SIGKILL)  # the runner dies; the job it started goes on
    (tmp_path / "proj" / "release").touch()
    wait_for((tmp_path / "proj" / "done.txt").exists, what="the job to finish without its runner")
    doc = tick_until(run_dir, tmp_path, timeout=30)
    stage = doc["entities"]["a"]["stages"]["work"]
    assert stage["status"] == "succeeded" and doc["total_attempts"] == 1
    assert not (attempt / "exit.json").exists()
    assert "done_when holds" in stage["reason"]
    (ev,) = [e for e in read_events(run_dir) if e["event"] == "succeeded"]
    assert ev["lost"] is True and "left no exit record" in ev["message"]
    assert (tmp_path / "proj" / "count.txt").read_text() == "ran\n"
    assert "done_when holds" in status_json(run_dir, tmp_path)["entities"]["a"]["stages"]["work"]["reason"]


def test_plan_on_a_full_disk_is_exit_74_naming_the_file_system_not_an_internal_error(tmp_path, small_fs):
    spec = write_spec(tmp_path / "proj", SPEC)
    fill(small_fs)
    proc = run("plan", spec, "--home", small_fs / "home", "--accept-defaults", cwd=tmp_path)
    assert proc.returncode == 74, (proc.stdout, proc.stderr)
    (line,) = proc.stderr.strip().splitlines()
    assert f"mounted at {small_fs} (tmpfs) is full" in line and "`tianluo plan`" in line
    assert "internal error" not in line


def test_a_start_that_fails_on_a_full_disk_leaves_no_run_folder_behind(tmp_path, small_fs):
    """The run folder is made before state.json is saved; a start that fails then takes it back,
    so the next start (once there is room) is not refused as 'still running'."""
    spec = write_spec(tmp_path / "proj", SPEC)
    home = small_fs / "home"
    run("plan", spec, "--home", home, "--accept-defaults", cwd=tmp_path, check=True)
    filler = fill(small_fs)
    proc = run("start", spec, "--home", home, "--trigger", "none", "--accept-defaults", "--no-tick", cwd=tmp_path)
    assert proc.returncode == 74, (proc.stdout, proc.stderr)
    assert sorted(p.name for p in home.iterdir()) == [".gitignore", "plans"], "a half-made run folder was left behind"
    filler.unlink()
    run_dir = start(tmp_path, home, "--no-tick")
    assert (run_dir / "state.json").is_file()
    assert read_events(run_dir)[0]["event"] == "run_created"
