"""No symbolic link is followed below a run folder: planted links are refused and nothing is written through them.

fsio's guarded walk on real files, the tick and the runner as processes of their own (the tick in a fork of the
test process, tests/forked_cli.py, but for the first case of each refusal), and copy_output's destination walk.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import clean_env, cli, copy_run, run_with_exited_attempt
from forked_cli import run

from tianluo.core.actions import CopyOutput
from tianluo.messages.notify import copy_output
from tianluo.shell import fsio
from tianluo.shell.fsio import UnsafePath

pytestmark = pytest.mark.integration

SPEC = """\
name: nofollow
entities:
  a:
    stages:
      train: {run: "echo step"}
      eval: {needs: [train], run: "true"}
success_gate:
  all_done: true
"""


def _snapshot(folder: Path) -> dict:
    out = {}
    for p in sorted(folder.rglob("*")):
        st = p.lstat()
        out[str(p.relative_to(folder))] = (st.st_mode, p.read_bytes() if p.is_file() and not p.is_symlink() else None)
    return out


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """A run whose first attempt (a.train) has exited, not yet looked at by a tick."""
    return run_with_exited_attempt(tmp_path_factory.mktemp("nofollow"), SPEC)


# name in the run folder -> planted as a link to a file (f) or a folder (d) outside
PLANTS = {
    ".lock": "f", "state.json": "f", "events.jsonl": "f", "snapshots": "d", "failures": "d", "attempts": "d",
    "attempts/a": "d", "attempts/a/train": "d", "attempts/a/train/1": "d",
    "attempts/a/train/1/exit.json": "f", "attempts/a/train/1/started.json": "f",
}


@pytest.mark.parametrize("name", list(PLANTS))
def test_a_tick_refuses_a_planted_link_and_writes_nothing_through_it(template, tmp_path, name):
    run_dir = copy_run(template, tmp_path)
    victim = tmp_path / "victim"
    victim.mkdir()
    planted = run_dir / name
    if PLANTS[name] == "f":
        target = victim / "precious"
        target.write_text("not tianluo's\n") if not planted.exists() else shutil.copy(planted, target)
    else:
        target = victim / "folder"
        if planted.exists():
            shutil.move(planted, target)
        else:
            target.mkdir()
    if planted.is_dir() and not planted.is_symlink():
        shutil.rmtree(planted)
    elif planted.exists() or planted.is_symlink():
        planted.unlink()
    planted.symlink_to(target)
    before = _snapshot(victim)
    tianluo = cli if name == next(iter(PLANTS)) else run  # the first case a real process, the rest in a fork
    proc = tianluo("tick", "--run", run_dir, cwd=tmp_path, timeout=30)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    line = proc.stderr.strip()
    assert "\n" not in line and "symbolic link" in line and f"{planted}:" in line, line
    assert _snapshot(victim) == before  # nothing written, truncated or created through the link


def _runner(adir: Path, command: str, workdir: Path) -> subprocess.CompletedProcess:
    """``tianluo.runner`` on the attempt folder ``adir``, its job.json written for ``command``."""
    (adir / "job.json").write_text(json.dumps({"job_name": "tl.x.a.train.1", "command": command,
                                               "workdir": str(workdir), "env": {}}))
    return subprocess.run([sys.executable, "-m", "tianluo.runner", str(adir)], env=clean_env(), cwd=workdir,
                          capture_output=True, text=True, timeout=30, check=False)


def test_the_runner_refuses_a_planted_stdout_link_and_does_not_run_the_job(tmp_path):
    run_dir = tmp_path / "run"
    adir = run_dir / "attempts" / "a" / "train" / "1"
    adir.mkdir(parents=True)
    marker = tmp_path / "ran"
    victim = tmp_path / "passwd"
    victim.write_text("root:x:0:0::/root:/bin/sh\n")
    (adir / "stdout").symlink_to(victim)
    proc = _runner(adir, f"touch {marker}", tmp_path)
    assert proc.returncode == 2 and "stdout: is a symbolic link" in proc.stderr, proc.stderr
    assert victim.read_text() == "root:x:0:0::/root:/bin/sh\n"
    assert not marker.exists()


def test_the_runner_refuses_a_linked_attempt_folder_component(tmp_path):
    run_dir = tmp_path / "run"
    elsewhere = tmp_path / "elsewhere" / "train" / "1"
    elsewhere.mkdir(parents=True)
    (elsewhere / "job.json").write_text(json.dumps({"job_name": "j", "command": "true", "workdir": str(tmp_path)}))
    (run_dir / "attempts").mkdir(parents=True)
    (run_dir / "attempts" / "a").symlink_to(tmp_path / "elsewhere")
    proc = subprocess.run([sys.executable, "-m", "tianluo.runner", str(run_dir / "attempts/a/train/1")],
                          env=clean_env(), cwd=tmp_path, capture_output=True, text=True, timeout=30)
    assert proc.returncode == 2 and "attempts/a: is a symbolic link" in proc.stderr, proc.stderr
    assert sorted(p.name for p in elsewhere.iterdir()) == ["job.json"]


# --- fsio's guarded walk --------------------------------------------------------------------------


@pytest.fixture
def guarded(tmp_path) -> Path:
    root = tmp_path / "guarded"
    root.mkdir()
    fsio.guard(root)
    return root


def test_writes_below_a_guarded_folder_never_go_through_a_link(guarded, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "f").write_text("keep")
    (guarded / "sub").symlink_to(outside)
    (guarded / "file").symlink_to(outside / "f")
    calls = [
        lambda: fsio.atomic_write(guarded / "sub" / "f", "x"),
        lambda: fsio.atomic_write(guarded / "file", "x"),
        lambda: fsio.write_json(guarded / "sub" / "new.json", {}),
        lambda: fsio.make_dirs(guarded / "sub" / "deeper"),
        lambda: fsio.open_file(guarded / "file", os.O_WRONLY | os.O_APPEND),
        lambda: fsio.open_file(guarded / "sub" / "f", os.O_RDONLY),
        lambda: fsio.read_json(guarded / "file"),
    ]
    for call in calls:
        with pytest.raises(UnsafePath, match="is a symbolic link"):
            call()
    assert fsio.create_exclusive(guarded / "file", "x") is False  # taken: by a link, never written through
    assert sorted(p.name for p in outside.iterdir()) == ["f"] and (outside / "f").read_text() == "keep"


def test_outside_guarded_folders_links_are_the_users_business(tmp_path):
    real = tmp_path / "real.json"
    real.write_text('{"a": 1}')
    (tmp_path / "link.json").symlink_to(real)
    assert fsio.read_json(tmp_path / "link.json") == {"a": 1}


def test_a_fifo_below_a_guarded_folder_is_refused_without_blocking(guarded):
    os.mkfifo(guarded / "exit.json")
    with pytest.raises(UnsafePath, match="is a FIFO"):
        fsio.read_json(guarded / "exit.json")
    with pytest.raises(UnsafePath, match="is a FIFO"):
        fsio.open_file(guarded / "exit.json", os.O_WRONLY)


# --- copy_output: the destination ----------------------------------------------------------------


def _copy_action(tmp_path: Path, destination: str) -> tuple[SimpleNamespace, CopyOutput]:
    (tmp_path / "out").mkdir(exist_ok=True)
    (tmp_path / "out" / "model.ckpt").write_text("weights")
    state = SimpleNamespace(plan=SimpleNamespace(workdir=str(tmp_path)))
    return state, CopyOutput(stage_id="a.train", source="out/model.ckpt", destination=destination)


def test_copy_output_never_writes_through_a_link_at_its_target(tmp_path):
    victim = tmp_path / "victim"
    victim.write_text("keep")
    state, action = _copy_action(tmp_path, "exports")
    (tmp_path / "exports").mkdir()
    (tmp_path / "exports" / "model.ckpt").symlink_to(victim)
    ev = copy_output(state, action, "t")
    assert ev["event"] == "output_kept" and victim.read_text() == "keep"


@pytest.mark.skipif(os.geteuid() != 0, reason="a link of another user needs root to make")
def test_copy_output_refuses_a_destination_folder_link_another_user_planted(tmp_path):
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    state, action = _copy_action(tmp_path, "exports/run1")
    (tmp_path / "exports").symlink_to(theirs)
    os.lchown(tmp_path / "exports", 65534, 65534)
    ev = copy_output(state, action, "t")
    assert ev["event"] == "output_copy_failed" and "symbolic link" in ev["message"], ev
    assert list(theirs.iterdir()) == []


def test_copy_output_follows_your_own_link_and_copies_links_inside_a_folder_as_links(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    state, action = _copy_action(tmp_path, "exports/run1")
    (tmp_path / "exports").symlink_to(mine)
    ev = copy_output(state, action, "t")
    assert ev["event"] == "output_copied", ev
    assert (mine / "run1" / "model.ckpt").read_text() == "weights"
    secret = tmp_path / "secret"
    secret.write_text("s")
    (tmp_path / "out" / "dir").mkdir()
    (tmp_path / "out" / "dir" / "leak").symlink_to(secret)
    ev = copy_output(state, CopyOutput(stage_id="a.train", source="out/dir", destination="exports/run1"), "t")
    assert ev["event"] == "output_copied", ev
    assert (mine / "run1" / "dir" / "leak").is_symlink()


# --- hard links: another name for a file elsewhere is never written in place --------------------


HARD_LINKED = [".lock", "events.jsonl", "cron.log"]


@pytest.mark.parametrize("name", HARD_LINKED)
def test_a_tick_refuses_a_planted_hard_link_and_neither_appends_to_nor_cuts_its_file(template, tmp_path, name):
    run_dir = copy_run(template, tmp_path)
    victim = tmp_path / "shadow"
    victim.write_text("root:$6$secret:19000::::::\n")
    os.chmod(victim, 0o640)
    (run_dir / name).unlink(missing_ok=True)
    os.link(victim, run_dir / name)
    tianluo = cli if name == HARD_LINKED[0] else run  # the first case a real process, the rest in a fork
    proc = tianluo("tick", "--run", run_dir, cwd=tmp_path, timeout=30)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    line = proc.stderr.strip()
    assert "\n" not in line and "hard link" in line and f"{run_dir / name}:" in line, line
    assert victim.read_text() == "root:$6$secret:19000::::::\n"
    assert oct(victim.stat().st_mode & 0o777) == oct(0o640)  # not "tightened" through the link either


@pytest.mark.parametrize("name", ["stdout", "exit.json.reserved"])
def test_the_runner_neither_appends_to_nor_truncates_a_hard_linked_log_or_reserve(tmp_path, name):
    adir = tmp_path / "run" / "attempts" / "a" / "train" / "1"
    adir.mkdir(parents=True)
    marker = tmp_path / "ran"
    victim = tmp_path / "passwd"
    victim.write_text("root:x:0:0::/root:/bin/sh\n")
    os.link(victim, adir / name)
    proc = _runner(adir, f"echo hi; touch {marker}", tmp_path)
    assert proc.returncode == 2 and "hard link" in proc.stderr, proc.stderr
    assert victim.read_text() == "root:x:0:0::/root:/bin/sh\n"
    assert not marker.exists()


def test_the_runner_writes_its_record_normally_when_the_job_swaps_its_reserve_for_a_hard_link(tmp_path):
    """The job (the run's own user) replaces exit.json.reserved with a hard link to a file
    elsewhere while it runs: the runner's record is still written, the other file untouched."""
    adir = tmp_path / "run" / "attempts" / "a" / "train" / "1"
    adir.mkdir(parents=True)
    victim = tmp_path / "passwd"
    victim.write_text("root:x:0:0::/root:/bin/sh\n")
    swap = f"rm -f {adir}/exit.json.reserved && ln {victim} {adir}/exit.json.reserved"
    proc = _runner(adir, swap, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert victim.read_text() == "root:x:0:0::/root:/bin/sh\n"
    record = json.loads((adir / "exit.json").read_text())
    assert record["exit_code"] == 0
    assert not (adir / "exit.json.reserved").exists()


@pytest.mark.parametrize("kind", ["folder link", "runner.log hard link"])
def test_a_planted_next_attempt_folder_is_refused_before_the_tick_saves_anything(template, tmp_path, kind):
    """The tick that would launch a.eval finds its attempt folder planted: exit 2, state.json,
    snapshots and events exactly as they were (not an intent saved and then a failed launch)."""
    run_dir = copy_run(template, tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    if kind == "folder link":
        (run_dir / "attempts" / "a" / "eval").symlink_to(elsewhere)
    else:
        (run_dir / "attempts" / "a" / "eval" / "1").mkdir(parents=True)
        (elsewhere / "log").write_text("keep\n")
        os.link(elsewhere / "log", run_dir / "attempts" / "a" / "eval" / "1" / "runner.log")
    keep = {n: (run_dir / n).read_bytes() for n in ("state.json", "events.jsonl")}
    snaps = sorted(p.name for p in (run_dir / "snapshots").iterdir())
    tianluo = cli if kind == "folder link" else run  # the first case a real process, the other in a fork
    proc = tianluo("tick", "--run", run_dir, cwd=tmp_path, timeout=30)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "\n" not in proc.stderr.strip() and "attempts/a/eval" in proc.stderr, proc.stderr
    assert {n: (run_dir / n).read_bytes() for n in keep} == keep
    assert sorted(p.name for p in (run_dir / "snapshots").iterdir()) == snaps
    assert sorted(p.name for p in elsewhere.iterdir()) == ([] if kind == "folder link" else ["log"])


def test_copy_output_of_a_fifo_does_not_hang_the_tick(tmp_path):
    state, action = _copy_action(tmp_path, "exports")
    (tmp_path / "out" / "model.ckpt").unlink()
    os.mkfifo(tmp_path / "out" / "model.ckpt")  # nobody will ever write into it
    ev = copy_output(state, action, "t")
    assert ev["event"] == "output_copy_failed" and "not a regular file" in ev["message"], ev
    assert not (tmp_path / "exports" / "model.ckpt").exists()


@pytest.mark.skipif(os.geteuid() != 0, reason="a link of another user needs root to make")
def test_copy_output_refuses_an_output_that_is_another_users_link_to_roots_file(tmp_path):
    """In a shared project folder, another user replaces the output with a link to a file only
    root can reach: root's tick must not copy that file out to the destination."""
    secret = tmp_path / "root-only"
    secret.write_text("root's secret\n")
    state, action = _copy_action(tmp_path, "exports")
    (tmp_path / "out" / "model.ckpt").unlink()
    (tmp_path / "out" / "model.ckpt").symlink_to(secret)
    os.lchown(tmp_path / "out" / "model.ckpt", 65534, 65534)
    ev = copy_output(state, action, "t")
    assert ev["event"] == "output_copy_failed" and "another user" in ev["message"], ev
    assert not (tmp_path / "exports" / "model.ckpt").exists()
