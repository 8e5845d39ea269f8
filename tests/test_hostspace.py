"""Free space where a stage writes (tianluo.hostspace), on real file systems: small tmpfs mounts."""

import errno
import os
import sys

import pytest
from conftest import cli, fill, read_events, start_run, tmpfs, wait_for, write_spec

from tianluo.hostspace import FsSpace, GiB, MiB, measure, measure_folder, stage_folders
from tianluo.plan_model import PlannedStage
from tianluo.spec import DoneWhen, Output

PY = sys.executable



# --- the verdicts (pure) ----------------------------------------------------------------------


def fs(free, total, free_inodes=10**6, inodes=10**6, path="/mnt/ckpt") -> FsSpace:
    return FsSpace(path=path, free_bytes=free, total_bytes=total, free_inodes=free_inodes, total_inodes=inodes)


@pytest.mark.parametrize(("space", "full", "ok_again"), [
    (fs(0, 64 * MiB), True, False),
    (fs(63 * MiB, 10_000 * GiB), True, False),            # under 64 MiB: full whatever the size
    (fs(49 * GiB, 10_000 * GiB), True, False),            # under 0.5% of 10 TB
    (fs(51 * GiB, 10_000 * GiB), False, False),           # not full, not yet 2% (200 GiB) either: a wait goes on
    (fs(201 * GiB, 10_000 * GiB), False, True),
    (fs(500 * MiB, 100 * GiB), True, False),              # under 0.5% (512 MiB)
    (fs(600 * MiB, 100 * GiB), False, False),             # room, but under 1 GiB: no retry yet
    (fs(GiB, 100 * GiB), False, False),                   # under 2 GiB (2%)
    (fs(2 * GiB, 100 * GiB), False, True),
    (fs(2 * MiB, 16 * MiB), False, False),                # a small file system: 10% (1.6 MiB) is full, 25% ok
    (fs(1 * MiB, 16 * MiB), True, False),
    (fs(4 * MiB, 16 * MiB), False, True),
    (fs(100 * GiB, 200 * GiB, free_inodes=10, inodes=10**6), True, False),        # out of inodes
    (fs(100 * GiB, 200 * GiB, free_inodes=10_000, inodes=10**6), False, False),   # 1%: not full, not ok
    (fs(100 * GiB, 200 * GiB, free_inodes=30_000, inodes=10**6), False, True),
    (fs(100 * GiB, 200 * GiB, free_inodes=0, inodes=0), False, True),             # counts no inodes (btrfs)
])
def test_full_and_ok_again_leave_a_gap_between_them(space, full, ok_again):
    assert (space.full, space.ok_again) == (full, ok_again)


def test_describe_says_free_of_total_and_inodes_when_they_ran_out():
    assert fs(0, 64 * MiB).describe() == "/mnt/ckpt: 0 bytes free of 64.0 MiB"
    assert fs(5 * GiB, 100 * GiB, free_inodes=3, inodes=65536).describe() == \
        "/mnt/ckpt: 5.0 GiB free of 100.0 GiB, 3 of 65,536 inodes free"


def test_stage_folders_are_those_of_done_when_files_output_workdir_and_attempt():
    planned = PlannedStage(command="x", done_when=DoneWhen(exists=["out/a/final.pt", "/mnt/ckpt/x/done"]),
                           output=Output(path="ckpt"))
    assert stage_folders(planned, "/proj", "/home/r/attempts/a/t/1") == [
        "/proj/out/a", "/mnt/ckpt/x", "/proj/ckpt", "/proj", "/home/r/attempts/a/t/1"]


# --- real file systems --------------------------------------------------------------------------


@pytest.mark.integration
def test_a_filled_tmpfs_is_full_and_ok_again_once_space_is_freed(tmp_path):
    with tmpfs(tmp_path / "ckpt", "16m") as point:
        (point / "run").mkdir()
        space = measure([str(point / "run" / "not-yet" / "deeper")])  # nearest existing folder: the tmpfs
        assert len(space) == 1 and not space[0].full and space[0].ok_again
        assert space[0].total_bytes == 16 * MiB and space[0].path == str(point / "run" / "not-yet" / "deeper")
        filler = fill(point / "run")
        full = measure([str(point / "run")])[0]
        assert full.full and not full.ok_again and full.free_bytes == 0
        assert full.describe() == f"{point / 'run'}: 0 bytes free of 16.0 MiB"
        filler.unlink()
        assert measure([str(point / "run")])[0].ok_again


@pytest.mark.integration
def test_a_tmpfs_out_of_inodes_is_full(tmp_path):
    with tmpfs(tmp_path / "small", "16m,nr_inodes=200") as point:
        made = 0
        with pytest.raises(OSError) as exc:
            for made in range(1000):
                (point / f"f{made}").touch()
        assert exc.value.errno == errno.ENOSPC
        space = measure([str(point)])[0]
        assert space.full and space.free_inodes == 0 and space.free_bytes > 15 * MiB
        assert "0 of 200 inodes free" in space.describe()


@pytest.mark.integration
def test_each_file_system_once_named_by_its_first_folder(tmp_path):
    with tmpfs(tmp_path / "a", "16m") as a, tmpfs(tmp_path / "b", "8m") as b:
        space = measure([str(a / "x"), str(tmp_path), str(a / "y"), str(b), str(tmp_path / "z"), str(a / "x")])
        assert [(s.path, s.total_bytes) for s in space][::2] == [(str(a / "x"), 16 * MiB), (str(b), 8 * MiB)]
        assert [s.path for s in space] == [str(a / "x"), str(tmp_path), str(b)]


@pytest.mark.integration
def test_a_link_that_someone_else_could_have_planted_is_not_followed(tmp_path):
    """A link in a folder others may write to (or owned by another user) does not decide which file
    system is measured: the folder holding it is. A link of our own in our own folder is followed."""
    with tmpfs(tmp_path / "big", "32m") as big:
        own = tmp_path / "own"
        own.mkdir(mode=0o755)
        (own / "ckpt").symlink_to(big)
        assert measure_folder(str(own / "ckpt" / "run1"))[1].total_bytes == 32 * MiB

        shared = tmp_path / "shared"
        shared.mkdir()
        shared.chmod(0o777)
        (shared / "ckpt").symlink_to(big)
        assert measure_folder(str(shared / "ckpt" / "run1"))[0] == os.stat(tmp_path).st_dev

        theirs = tmp_path / "theirs"
        theirs.mkdir(mode=0o755)
        (theirs / "ckpt").symlink_to(big)
        os.lchown(theirs / "ckpt", 12345, 12345)
        assert measure_folder(str(theirs / "ckpt" / "run1"))[0] == os.stat(tmp_path).st_dev

        (own / "fifo").mkdir()
        os.mkfifo(own / "fifo" / "pipe")  # not a folder: the walk stops before it, never opens it
        assert measure_folder(str(own / "fifo" / "pipe" / "x"))[0] == os.stat(tmp_path).st_dev


# --- the observation: measured when an attempt fails, and for stages that wait ---------------------

SPEC = """\
name: full
interval: 60s
ladder: {unknown: {retries: 0}, config: {retries: 0}}
entities:
  a:
    stages:
      save:
        run: '@PY@ save.py'
        done_when: {exists: '@CKPT@/a/model.pt'}
"""
# torch.save on a full disk: the C++ stream error, and no errno anywhere.
SAVE = """\
import os, sys
os.makedirs(sys.argv[1] if len(sys.argv) > 1 else "@CKPT@/a", exist_ok=True)
try:
    with open("@CKPT@/a/model.pt", "wb") as f:
        while True:
            f.write(b"\\0" * 65536)
except OSError:
    pass
print("RuntimeError: [enforce fail at inline_container.cc:595] . unexpected pos 64 vs 0", file=sys.stderr)
print("basic_ios::clear: iostream error", file=sys.stderr)
sys.exit(1)
"""


@pytest.mark.integration
def test_a_failed_attempt_sees_the_full_file_system_it_writes_to_and_a_waiting_stage_measures_it(tmp_path):
    from tianluo.observe import stage_space
    from tianluo.store import parse_state

    with tmpfs(tmp_path / "ckpt", "16m") as ckpt:
        project = tmp_path / "proj"
        project.mkdir()
        (project / "save.py").write_text(SAVE.replace("@CKPT@", str(ckpt)))
        spec = write_spec(project, SPEC.replace("@PY@", PY).replace("@CKPT@", str(ckpt)))
        run_dir = start_run(spec, tmp_path / "home", tmp_path)
        wait_for((run_dir / "attempts/a/save/1/exit.json").exists, timeout=30, what="the attempt's end")
        cli("tick", "--run", run_dir, cwd=tmp_path, check=True)
        diagnosed = [e for e in read_events(run_dir) if e["event"] == "diagnosed" and e.get("attempt") == 1
                     and e["layers"].get("output", {}).get("space")]
        assert diagnosed, [e["event"] for e in read_events(run_dir)]
        space = diagnosed[-1]["layers"]["output"]["space"]
        assert space[0] == f"FULL {ckpt / 'a'}: 0 bytes free of 16.0 MiB"
        assert any(s.startswith(f"{project}: ") and "FULL" not in s for s in space)  # the project's own disk

        state = parse_state((run_dir / "state.json").read_text())
        measured = stage_space(state, run_dir, ["a.save"])["a.save"]
        assert measured[0].path == str(ckpt / "a") and measured[0].full and not measured[0].ok_again
        (ckpt / "a" / "model.pt").unlink()
        again = stage_space(state, run_dir, ["a.save"])["a.save"]
        assert again[0].ok_again and [s.path for s in again] == [s.path for s in measured]


def test_the_rules_in_words_match_the_verdicts():
    from tianluo.hostspace import FULL_RULE, OK_AGAIN_RULE

    assert "64 MiB" in FULL_RULE and "0.5%" in FULL_RULE and "10%" in FULL_RULE
    assert "1 GiB" in OK_AGAIN_RULE and "2%" in OK_AGAIN_RULE and "25%" in OK_AGAIN_RULE
    assert fs(64 * MiB - 1, 1000 * GiB).full and not fs(64 * MiB, 12 * GiB).full
    assert fs(GiB, 50 * GiB).ok_again and not fs(GiB - 1, 50 * GiB).ok_again
