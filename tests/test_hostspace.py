"""Free space where a stage writes (tianluo.shell.hostspace), on real file systems: small tmpfs mounts (the CLI in
a fork of the test process, tests/forked_cli.py)."""

import errno
import os
import sys

import pytest
from conftest import fill, read_events, tmpfs, wait_for, write_spec
from forked_cli import run, start_run

from tianluo.models.plan_model import PlannedStage
from tianluo.planning.spec import DoneWhen, Output
from tianluo.planning.spec_parts import Metric
from tianluo.shell.hostspace import MAX_FOLDERS, FsSpace, GiB, MiB, measure, measure_folder
from tianluo.shell.write_places import MAX_PER_SOURCE, MAX_PLACES, command_paths, glob_folder, stage_places

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


@pytest.mark.parametrize("total", [4096, 64 * 4096, 16 * MiB, 64 * MiB, GiB, 100 * GiB, 10_000 * GiB, 2**50])
def test_no_block_or_no_inode_left_is_full_whatever_the_size(total):
    """"Full" includes "not one block left for the user" and "not one inode left" at every size (the
    thresholds' margin only adds to it); a file system that reports no blocks at all (/proc) never is."""
    assert fs(0, total).full and fs(0, total).bytes_full
    assert fs(total, total, free_inodes=0, inodes=1000).full and fs(total, total, free_inodes=0, inodes=3).inodes_full
    assert not fs(total, total).full
    assert not fs(0, 0, free_inodes=0, inodes=0).full


def test_stage_places_are_done_when_output_checkpoints_logs_command_params_workdir_and_attempt():
    planned = PlannedStage(
        command="x", done_when=DoneWhen(exists=["out/a/final.pt", "/mnt/ckpt/x/done"],
                                        metric=[Metric(file="eval/a.json", key="acc", op=">=", value=1)]),
        output=Output(path="ckpt"), checkpoints="ck/a/ckpt-*.pt", logs=["logs/rank*/out.log", "/var/log/t/a.log"])
    command = "python train.py --data /data/set --save-dir=/mnt/s/a out/b > logs/run.txt"
    env = {"TIANLUO_PARAM_root": "/scratch/r", "TIANLUO_PARAM_lr": "0.1", "TIANLUO_PARAM_sub": "runs/a",
           "TIANLUO_RUN_DIR": "/not/a/param"}
    assert stage_places(planned, "/proj", "/home/r/attempts/a/t/1", command=command, env=env) == [
        "/proj/out/a", "/mnt/ckpt/x", "/proj/eval",  # done_when's folders
        "/proj/ckpt", "/proj/ck/a", "/proj/logs", "/var/log/t",  # output, checkpoints' and logs' folders
        "/proj", "/home/r/attempts/a/t/1",  # the project folder and the attempt's
        "/data/set", "/mnt/s/a", "/proj/out/b", "/proj/logs/run.txt",  # the command's paths
        "/scratch/r", "/proj/runs/a"]  # the parameters that are paths
    # no command given: the planned one
    assert stage_places(PlannedStage(command="run --out /o/x"), "/p", None) == ["/p", "/o/x"]


@pytest.mark.parametrize(("command", "paths"), [
    ("train --out /mnt/x/a --ckpt-dir ckpt/a --log=logs/a.txt", ["/mnt/x/a", "ckpt/a", "logs/a.txt"]),
    ("train root=/mnt/r trainer.dir=out/t x=1 --lr=0.1 a.b", ["/mnt/r", "out/t"]),  # key=value: the value
    ("cp 'a b/c d' \"/q/r s\" ~/x", ["a b/c d", "/q/r s", "~/x"]),  # quoted as the shell reads them
    ("run>out/log 2>>err/log; tee /t/x|gzip > /dev/null", ["out/log", "err/log", "/t/x", "/dev/null"]),
    ('run --out "${TIANLUO_PARAM_out}"/a $TIANLUO_PARAM_out --port "${TIANLUO_PORT}" $HOME/x', ["/o/a", "/o"]),
    ("sync s3://bucket/key gs://b/k /local/x", ["/local/x"]),  # a URL is not a path
    ("python -c 'print(1)' 1e-3 0.5 -", []),
    ("run /a/b 'never closed /c/d", ["/a/b"]),  # the lexer stops at an open quote: the paths before it
])
def test_the_paths_of_a_command(command, paths):
    assert list(command_paths(command, {"TIANLUO_PARAM_out": "/o"})) == paths


def test_glob_folder_is_the_folder_up_to_the_first_wildcard():
    assert [glob_folder(g) for g in ("out/a/ckpt-*.pt", "logs/rank*/out.log", "x.log", "a/[0-9]/b", "*.log")] == \
        ["out/a", "logs", ".", "a", "."]


def test_the_places_are_bounded_whatever_the_command_and_done_when_hold():
    """10,000 paths in the command, 1,000 done_when files: at most MAX_PER_SOURCE of each, one per folder,
    and the project and attempt folders are always there."""
    many = " ".join(f"/data/d{i}/f.bin" for i in range(10_000))
    files = [f"out/{i}/done" for i in range(1000)]
    planned = PlannedStage(command=many, done_when=DoneWhen(exists=files), logs=[f"l{i}/x.log" for i in range(100)])
    env = {f"TIANLUO_PARAM_p{i}": f"/p/{i}/x" for i in range(500)}
    places = stage_places(planned, "/proj", "/r/a/1", env=env)
    assert len(places) <= MAX_PLACES <= MAX_FOLDERS
    assert sum(p.startswith("/data/") for p in places) == MAX_PER_SOURCE
    assert sum(p.startswith("/p/") for p in places) == MAX_PER_SOURCE
    assert {"/proj", "/r/a/1"} <= set(places)
    # one per folder: 10,000 files in one folder do not crowd out the output folder named after them
    same = " ".join(f"/data/f{i}.bin" for i in range(10_000)) + " --out /scratch/x"
    assert stage_places(PlannedStage(command=same), "/proj", None) == ["/proj", "/data/f0.bin", "/scratch/x"]


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


@pytest.mark.integration
def test_ten_thousand_paths_in_a_command_cost_one_statvfs_per_file_system(tmp_path, monkeypatch):
    """Real folders on four file systems, named 10,000 times by the command: each file system is
    measured once, and the walks are bounded by the cap, not by the command."""
    from tianluo.shell import hostspace

    with tmpfs(tmp_path / "a", "8m") as a, tmpfs(tmp_path / "b", "8m") as b, tmpfs(tmp_path / "c", "8m") as c:
        for point in (a, b, c):
            (point / "d").mkdir()
        tokens = [f"{(a, b, c, tmp_path)[i % 4]}/d/{i}/f{i}.pt" for i in range(10_000)]
        statvfs, walks = [], []
        real_statvfs, real_walk = os.fstatvfs, hostspace._open_nearest
        monkeypatch.setattr(hostspace.os, "fstatvfs", lambda fd: statvfs.append(fd) or real_statvfs(fd))
        monkeypatch.setattr(hostspace, "_open_nearest", lambda p: walks.append(p) or real_walk(p))
        places = stage_places(PlannedStage(command="train " + " ".join(tokens)), str(tmp_path), None)
        space = measure(places)
        assert sorted(s.total_bytes for s in space)[:3] == [8 * MiB] * 3 and len(space) == 4
        assert len(statvfs) == 4 and len(walks) == len(places) <= MAX_PLACES
        assert [s.path for s in space] == [str(tmp_path), tokens[0], tokens[1], tokens[2]]
        # a tick shares what it measured: a thousand stages on the same paths walk each once
        seen = hostspace.Measurements()
        statvfs.clear(), walks.clear()
        first = measure(places, seen)
        for _ in range(999):
            assert measure(places, seen) == first
        assert len(statvfs) == 4 and len(walks) == len(places)


@pytest.mark.integration
def test_a_command_path_not_made_yet_counts_by_its_nearest_folder_and_names_the_space(tmp_path):
    with tmpfs(tmp_path / "scratch", "8m") as scratch:
        (scratch / "runs").mkdir()
        command = f"train --ckpt-dir={scratch}/runs/a/not-yet --log {scratch}/runs/a/log.txt"
        space = measure(stage_places(PlannedStage(command=command), str(tmp_path), None))
        assert [(s.path, s.total_bytes) for s in space][1:] == [(f"{scratch}/runs/a/not-yet", 8 * MiB)]
        fill(scratch / "runs")
        full = measure(stage_places(PlannedStage(command=command), str(tmp_path), None))[1]
        assert full.full and full.describe() == f"{scratch}/runs/a/not-yet: 0 bytes free of 8.0 MiB"


@pytest.mark.integration
def test_a_read_only_file_system_is_not_a_place_to_run_out_of_room(tmp_path):
    """A data set mounted read-only (squashfs reports no free block at all) is not measured."""
    import subprocess

    with tmpfs(tmp_path / "data", "8m") as data:
        fill(data)
        assert measure([str(data)])[0].full
        subprocess.run(["mount", "-o", "remount,ro", str(data)], check=True, capture_output=True, timeout=30)
        space = measure(stage_places(PlannedStage(command=f"train --data {data}/set"), str(tmp_path), None))
        assert [s.path for s in space] == [str(tmp_path)]


@pytest.mark.integration
def test_a_link_planted_on_a_command_path_is_not_followed(tmp_path):
    """The command names a folder where anyone could have put a link to another file system: the
    folder holding the link is measured (by statvfs only), never the place it points to."""
    with tmpfs(tmp_path / "secret", "8m") as secret:
        fill(secret)
        shared = tmp_path / "shared"
        shared.mkdir()
        shared.chmod(0o777)
        (shared / "out").symlink_to(secret)
        space = measure(stage_places(PlannedStage(command=f"train --out {shared}/out/a"), str(tmp_path), None))
        assert [s.total_bytes for s in space] != [8 * MiB] and not any(s.full for s in space)
        assert len(space) == 1 and space[0].path == str(tmp_path)  # the project's file system, named by it


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
    from tianluo.shell.observe import stage_space
    from tianluo.shell.store import parse_state

    with tmpfs(tmp_path / "ckpt", "16m") as ckpt:
        project = tmp_path / "proj"
        project.mkdir()
        (project / "save.py").write_text(SAVE.replace("@CKPT@", str(ckpt)))
        spec = write_spec(project, SPEC.replace("@PY@", PY).replace("@CKPT@", str(ckpt)))
        run_dir = start_run(spec, tmp_path / "home", tmp_path)
        wait_for((run_dir / "attempts/a/save/1/exit.json").exists, timeout=30, what="the attempt's end")
        run("tick", "--run", run_dir, cwd=tmp_path, check=True)
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


# The checkpoint folder reaches the job only as an option of its command (no output, no done_when there).
SPEC_BY_COMMAND = """\
name: full
interval: 60s
ladder: {unknown: {retries: 0}, config: {retries: 1}}
entities:
  a:
    stages:
      save:
        run: '@PY@ save.py --ckpt=@CKPT@/a/model.pt'
        done_when: {exists: done/a.txt}
"""
SAVE_BY_COMMAND = """\
import os, sys
path = sys.argv[1].split("=", 1)[1]
os.makedirs(os.path.dirname(path), exist_ok=True)
try:
    with open(path, "wb") as f:
        while True:
            f.write(b"\\0" * 65536)
except OSError:
    pass
print("RuntimeError: [enforce fail at inline_container.cc:595] . PytorchStreamWriter failed writing file "
      "data/0: file write failed", file=sys.stderr)
sys.exit(1)
"""


@pytest.mark.integration
def test_a_file_system_only_the_command_names_is_measured_and_waited_for_by_the_same_list(tmp_path):
    from tianluo.shell.observe import stage_space
    from tianluo.shell.store import parse_state

    with tmpfs(tmp_path / "scratch", "8m") as scratch:
        project = tmp_path / "proj"
        project.mkdir()
        (project / "save.py").write_text(SAVE_BY_COMMAND)
        spec = write_spec(project, SPEC_BY_COMMAND.replace("@PY@", PY).replace("@CKPT@", str(scratch)))
        run_dir = start_run(spec, tmp_path / "home", tmp_path)
        wait_for((run_dir / "attempts/a/save/1/exit.json").exists, timeout=30, what="the attempt's end")
        run("tick", "--run", run_dir, cwd=tmp_path, check=True)
        named = f"{scratch}/a/model.pt"
        diagnosed = [e for e in read_events(run_dir) if e["event"] == "diagnosed" and e.get("attempt") == 1]
        assert f"FULL {named}: 0 bytes free of 8.0 MiB" in diagnosed[-1]["layers"]["output"]["space"]
        state = parse_state((run_dir / "state.json").read_text())
        stage = state.stage("a.save")
        assert (stage.fault.klass.value, stage.fault.label) == ("config", "disk_full")
        assert stage.wait is not None and stage.wait.paths == [named]
        measured = stage_space(state, run_dir, ["a.save"])["a.save"]
        assert [s.path for s in measured if s.full] == [named]  # the waiting check finds it by the same name
        run("tick", "--run", run_dir, cwd=tmp_path, check=True)
        assert len(parse_state((run_dir / "state.json").read_text()).stage("a.save").attempts) == 1  # still full
        (scratch / "a" / "model.pt").unlink()
        run("tick", "--run", run_dir, cwd=tmp_path, check=True)
        assert [e["event"] for e in read_events(run_dir) if e["event"] in ("waiting_for_space", "space_back")] == \
            ["waiting_for_space", "space_back"]
        assert len(parse_state((run_dir / "state.json").read_text()).stage("a.save").attempts) == 2


def test_the_rules_in_words_match_the_verdicts():
    from tianluo.shell.hostspace import FULL_RULE, OK_AGAIN_RULE

    assert "64 MiB" in FULL_RULE and "0.5%" in FULL_RULE and "10%" in FULL_RULE
    assert "1 GiB" in OK_AGAIN_RULE and "2%" in OK_AGAIN_RULE and "25%" in OK_AGAIN_RULE
    assert fs(64 * MiB - 1, 1000 * GiB).full and not fs(64 * MiB, 12 * GiB).full
    assert fs(GiB, 50 * GiB).ok_again and not fs(GiB - 1, 50 * GiB).ok_again
