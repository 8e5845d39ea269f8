"""A real PyTorch DDP job (torchrun, two ranks, gloo, CPU) under real faults, babysat by tianluo.

The trainer is examples/ddp/train_ddp.py; every fault is real: a rank killed with SIGKILL,
a real shape-mismatch RuntimeError, a full file system under torch.save (which prints no
errno), a rank that stops moving, a slow start, a loss that turns NaN. What is checked is
what tianluo reads and does: the same fault gets the same label every time, whichever rank
printed first; retries resume from a checkpoint; code bugs are held without a useless
retry; a full disk is waited out, not retried into, also when rank 0 fills the checkpoint
disk mid-save and rank 1 dies of the lost peer, and the run goes on from the last good
checkpoint, never from the one the failed save cut short; a slow start is not a hang; a person's
SIGINT to torchrun is held as cancelled outside tianluo, never retried.

torch is a test-only dependency: scripts/test installs the CPU build when this machine has it
(and then sets TIANLUO_REQUIRE_TORCH=1, so these tests cannot skip silently).
"""

import importlib.util
import os
import sys
import time
from pathlib import Path

import pytest
from conftest import cli, processes_under, read_events, read_state, start_run, tick_until, tmpfs, write_spec

# Found, not imported: importing torch costs a second of CPU, and every pytest process of the test command
# collects this file (the jobs import it; _fill_mid_save imports it where it needs it).
if importlib.util.find_spec("torch") is None:  # pragma: no cover - depends on the machine
    if os.environ.get("TIANLUO_REQUIRE_TORCH") == "1":
        raise ImportError("torch is not installed, and TIANLUO_REQUIRE_TORCH=1 says these tests must run")
    pytest.skip("torch is not installed (scripts/test installs the CPU build where this machine has it)",
                allow_module_level=True)

# torch's CPU build warns once, when a test sizes a checkpoint in this process, that numpy (which the lane does not
# install: no tensor here is converted to an array) is missing
pytestmark = [pytest.mark.integration, pytest.mark.torch,
              pytest.mark.filterwarnings("ignore:Failed to initialize NumPy:UserWarning")]

TRAINER = Path(__file__).resolve().parent.parent / "examples" / "ddp" / "train_ddp.py"
TORCHRUN = f"{sys.executable} -m torch.distributed.run --nproc-per-node 2 --master-port {{port}}"
PROGRESS = "progress: {regex: 'step (?P<done>\\d+)/(?P<total>\\d+)', stall_after: %s}"


def _stage(args: str, extra: str = "", stall: str = "5m") -> str:
    return (f"    stages:\n      train:\n"
            f"        run: {TORCHRUN} {TRAINER} --out out/{{entity}} {args}\n"
            f"        {PROGRESS % stall}\n"
            f"        done_when: {{exists: 'out/{{entity}}/final.pt'}}\n" + extra)


def _spec(entities: dict[str, str], tail: str = "") -> str:
    body = "".join(f"  {name}:\n{stage}" for name, stage in entities.items())
    return (f"name: ddp\nbackend: local\ninterval: 10m\ncancel_grace: 3s\nmax_attempts: 50\n"
            f"entities:\n{body}{tail}")


def _run(tmp_path: Path, spec_text: str, *answers: str) -> tuple[Path, Path]:
    proj = tmp_path / "proj"
    spec = write_spec(proj, spec_text)
    if answers:  # the owner's plan-time answers (Q1=...); the other forks take their defaults
        args = [a for answer in answers for a in ("--answer", answer)]
        cli("plan", spec, "--home", proj / ".tianluo", *args, cwd=proj, check=True)
    run_dir = start_run(spec, proj / ".tianluo", proj)
    return proj, run_dir


def _attempts(run_dir: Path, entity: str, stage: str = "train") -> list[dict]:
    return read_state(run_dir)["entities"][entity]["stages"][stage]["attempts"]


def _stream(run_dir: Path, entity: str, n: int, name: str = "stdout") -> Path:
    return run_dir / "attempts" / entity / "train" / str(n) / name


def _stdout(run_dir: Path, entity: str, n: int) -> str:
    return _stream(run_dir, entity, n).read_text(errors="replace")


def _stderr_tail(run_dir: Path, entity: str, n: int, lines: int = 15) -> str:
    """The end of an attempt's stderr, for a failure message that says what the attempt saw."""
    path = _stream(run_dir, entity, n, "stderr")
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:]) if path.is_file() else "(no stderr)"


def _no_ranks_left(run_dir: Path, entity: str, n: int) -> None:
    """Nothing of an ended attempt (torchrun, its ranks) is still alive."""
    attempt_dir = str(run_dir / "attempts" / entity / "train" / str(n))
    left = []
    for proc in processes_under(run_dir.parent.parent):
        try:
            if proc.environ().get("TIANLUO_ATTEMPT_DIR") == attempt_dir:
                left.append(proc)
        except Exception:  # noqa: BLE001 - a process that ended meanwhile, or whose environment we may not read
            continue
    assert not left, f"attempt {n} of {entity} left processes behind: {left}"


def test_a_killed_rank_gets_the_same_label_every_round_and_the_retry_resumes(tmp_path):
    """kill -9 of one rank, three rounds (rank 1, rank 0, rank 1 at another step): one label.

    The trainer saves atomically here: rank 1 kills itself one step after rank 0's save, and on a
    loaded machine torchrun's SIGTERM can reach rank 0 still inside a plain torch.save, leaving a cut
    checkpoint the retry would resume from (the cut-checkpoint case has its own test below)."""
    rounds = {
        "k1": "--fault kill --fault-rank 1 --fault-step 3",
        "k2": "--fault kill --fault-rank 0 --fault-step 3",
        "k3": "--fault kill --fault-rank 1 --fault-step 5",
    }
    spec = _spec({e: _stage(a + " --steps 8 --atomic-save") for e, a in rounds.items()})
    proj, run_dir = _run(tmp_path, spec)
    tick_until(run_dir, proj, timeout=300, pace=1.0)
    labels = set()
    for entity in rounds:
        first, second = _attempts(run_dir, entity)[:2]
        labels.add((first["fault"]["class"], first["fault"]["label"]))
        assert "SIGKILL" in first["fault"]["evidence"], first["fault"]
        assert second["outcome"] == "succeeded", (entity, second, _stderr_tail(run_dir, entity, 2))
        assert "resumed from ckpt-" in _stdout(run_dir, entity, 2)
        _no_ranks_left(run_dir, entity, 1)
    assert labels == {("unknown", "signal_sigkill")}, labels


def test_a_shape_mismatch_is_a_code_fault_held_without_a_useless_retry(tmp_path):
    proj, run_dir = _run(tmp_path, _spec({"s": _stage("--fault shape --fault-rank 0 --fault-step 2 --steps 6")}))
    tick_until(run_dir, proj, phases=("blocked",), timeout=180, pace=1.0)
    attempts = _attempts(run_dir, "s")
    assert len(attempts) == 1
    assert (attempts[0]["fault"]["class"], attempts[0]["fault"]["label"]) == ("code", "shape_mismatch")
    stage = read_state(run_dir)["entities"]["s"]["stages"]["train"]
    assert stage["status"] == "held"
    assert (run_dir / "failures" / "s__analysis.md").is_file()


def test_a_hung_rank_is_caught_its_ranks_killed_and_the_retry_resumes(tmp_path):
    stage = _stage("--fault hang --fault-rank 1 --fault-step 4 --steps 8", stall="6s")
    stage = stage.replace("stall_after: 6s}", "stall_after: 6s, startup_after: 3m}")
    proj, run_dir = _run(tmp_path, _spec({"h": stage}))
    tick_until(run_dir, proj, timeout=300, pace=1.0)
    first, second = _attempts(run_dir, "h")[:2]
    assert (first["fault"]["class"], first["fault"]["label"]) == ("transient", "hang")
    assert second["outcome"] == "succeeded", (second, _stderr_tail(run_dir, "h", 2))
    assert "resumed from ckpt-" in _stdout(run_dir, "h", 2)
    _no_ranks_left(run_dir, "h", 1)


def test_a_slow_start_is_not_a_hang(tmp_path):
    """torchrun takes seconds before the first step line; stall_after 2s counts only between lines."""
    proj, run_dir = _run(tmp_path, _spec({"slow": _stage("--steps 6", stall="2s")}))
    tick_until(run_dir, proj, timeout=180, pace=0.5)
    assert len(_attempts(run_dir, "slow")) == 1
    assert not [e for e in read_events(run_dir) if e["event"] == "hung"]


def test_a_full_disk_under_torch_save_is_waited_out_not_retried_into(tmp_path):
    """torch.save on a full file system prints no errno ("unexpected pos N vs M"): the output
    layer's free-space check names it, and the retry waits until space is back."""
    proj = tmp_path / "proj"
    proj.mkdir()
    with tmpfs(proj / "out", size="4m") as out:
        filler = out / "filler"
        filler.write_bytes(b"\0" * (3 * 1024 * 1024 + 512 * 1024))
        spec = write_spec(proj, _spec({"d": _stage("--width 512 --steps 4 --save-every 100")}))
        run_dir = start_run(spec, proj / ".tianluo", proj)
        doc = tick_until(run_dir, proj, phases=("running", "blocked"), timeout=5)
        deadline = time.monotonic() + 180
        while True:
            state = read_state(run_dir)
            attempts = state["entities"]["d"]["stages"]["train"]["attempts"]
            if attempts and attempts[0].get("outcome") == "failed":
                break
            assert time.monotonic() < deadline, "the first attempt never failed"
            tick_until(run_dir, proj, phases=("running", "blocked"), timeout=5)
            time.sleep(1)
        fault = attempts[0]["fault"]
        assert (fault["class"], fault["label"]) == ("config", "disk_full"), fault
        for _ in range(2):  # still full: nothing is relaunched
            tick_until(run_dir, proj, phases=("running", "blocked"), timeout=5)
            assert len(read_state(run_dir)["entities"]["d"]["stages"]["train"]["attempts"]) == 1
        assert any(e["event"] == "waiting_for_space" for e in read_events(run_dir))
        filler.unlink()
        doc = tick_until(run_dir, proj, timeout=240, pace=1.0)
    assert doc["phase"] == "complete"
    assert _attempts(run_dir, "d")[1]["outcome"] == "succeeded"


WIDTH, PAGE = 256, 4096


def _fill_mid_save(tmp_path: Path, scratch: Path, args: str, extra: str = "", answers: tuple[str, ...] = ()):
    """A run whose rank 0 fills the tmpfs at ``scratch`` (2 MiB, mounted by the caller) inside
    torch.save of its third checkpoint (steps 2 and 4 fit); returns (proj, run_dir, filler, attempts)
    once the first attempt has failed and two more ticks relaunched nothing."""
    import io
    import math

    import torch

    buf = io.BytesIO()
    torch.save(torch.nn.Linear(WIDTH, WIDTH).state_dict(), buf)
    pages = math.ceil(len(buf.getvalue()) / PAGE)  # one checkpoint, as the tmpfs counts it
    filler = scratch / "filler"  # room for two checkpoints and a half: the third save runs out
    filler.write_bytes(b"\0" * (2 * 1024 * 1024 - (2 * pages + pages // 2) * PAGE))
    proj = tmp_path / "proj"
    spec = write_spec(proj, _spec({"f": _stage(f"{args} --width {WIDTH} --steps 8 --save-every 2", extra=extra)}))
    if answers:
        cli("plan", spec, "--home", proj / ".tianluo", *[x for a in answers for x in ("--answer", a)],
            cwd=proj, check=True)
    run_dir = start_run(spec, proj / ".tianluo", proj)
    deadline = time.monotonic() + 180
    while not (_attempts(run_dir, "f") and _attempts(run_dir, "f")[-1].get("outcome") == "failed"):
        assert time.monotonic() < deadline, "the first attempt never failed"
        tick_until(run_dir, proj, phases=("running", "blocked"), timeout=5)
        time.sleep(1)
    attempts = _attempts(run_dir, "f")
    logs = "".join((run_dir / "attempts/f/train/1" / name).read_text(errors="replace") for name in ("stdout", "stderr"))
    print(f"attempt 1 was named {attempts[-1]['fault']}; the end of its log:\n{logs[-3000:]}")
    for _ in range(2):  # still full: nothing is relaunched
        tick_until(run_dir, proj, phases=("running", "blocked"), timeout=5)
        assert len(_attempts(run_dir, "f")) == len(attempts)
    return proj, run_dir, filler, attempts


def test_a_rank_that_fills_the_checkpoint_disk_mid_save_is_waited_out_and_the_cut_checkpoint_rolled_back(tmp_path):
    """Rank 0 fills a small tmpfs inside a plain torch.save of a periodic checkpoint, after two good
    ones; the checkpoint folder reaches the trainer as --ckpt-dir (not the spec's output), and is the
    stage's ``checkpoints:``. Rank 1 then loses its peer for real (gloo "Connection closed by peer",
    then torchrun's SIGTERM). tianluo names it config/disk_full from the measured file system and
    waits for space after the first attempt. Once the test frees space, the next attempt finds the
    truncated checkpoint the failed save left (corrupt_checkpoint: it cannot load it, both ranks
    fail at start); tianluo moves it aside (rollback_checkpoint, pre-authorised at plan time) and the
    run goes on from the last good checkpoint: three attempts, no step trained on the cut file."""
    (tmp_path / "proj").mkdir()
    with tmpfs(tmp_path / "proj" / "scratch", "2m") as scratch:
        extra = ("        checkpoints: scratch/{entity}/ckpt-*.pt\n"
                 "        degrade:\n          corrupt_checkpoint:\n"
                 "            - {name: rollback, rollback_checkpoint: true}\n")
        proj, run_dir, filler, attempts = _fill_mid_save(tmp_path, scratch, f"--ckpt-dir {scratch}/{{entity}}",
                                                         extra, ("Q1=rollback",))
        fault = attempts[-1]["fault"]
        assert len(attempts) <= 2 and (fault["class"], fault["label"]) == ("config", "disk_full"), attempts
        assert f"full file system: {scratch}/f: 0 bytes free of 2.0 MiB" in fault["evidence"], fault
        assert sorted(p.name for p in (scratch / "f").iterdir()) == ["ckpt-2.pt", "ckpt-4.pt", "ckpt-6.pt"]
        assert (scratch / "f" / "ckpt-6.pt").stat().st_size < (scratch / "f" / "ckpt-4.pt").stat().st_size
        assert read_state(run_dir)["entities"]["f"]["stages"]["train"]["wait"]["paths"] == [f"{scratch}/f"]
        filler.unlink()
        doc = tick_until(run_dir, proj, timeout=300, pace=1.0)
        assert doc["phase"] == "complete"
        attempts = _attempts(run_dir, "f")
        assert [a["outcome"] for a in attempts] == ["failed", "failed", "succeeded"], attempts
        assert attempts[1]["fault"]["label"] == "corrupt_checkpoint", attempts[1]["fault"]
        stage = read_state(run_dir)["entities"]["f"]["stages"]["train"]
        assert [(m["path"], m["resume_from"], m["outcome"]) for m in stage["checkpoint_moves"]] == [
            ("scratch/f/ckpt-6.pt", "scratch/f/ckpt-4.pt", "moved")]
        assert "resumed from ckpt-4.pt at step 4" in _stdout(run_dir, "f", 3)
        assert "step 5/8" not in _stdout(run_dir, "f", 2)  # the attempt that found the cut file trained nothing
        assert (proj / "out" / "f" / "final.pt").is_file()
        _no_ranks_left(run_dir, "f", 1)


def test_a_disk_only_the_command_names_fills_mid_save_and_the_retry_resumes_from_the_last_good_checkpoint(
        tmp_path):
    """The same fault on scratch space outside the project, which only the command names (--ckpt-dir
    /.../scratch/{entity}: no output, done_when or checkpoints there), with a trainer that saves to a
    temporary name and renames it once complete (as TensorFlow's and Orbax's checkpointers do). tianluo
    finds the full file system from the command's path, waits on it, and the retry resumes from the
    last good checkpoint: the cut save is only ckpt-6.pt.tmp. Two attempts."""
    with tmpfs(tmp_path / "scratch", "2m") as scratch:
        proj, run_dir, filler, attempts = _fill_mid_save(
            tmp_path, scratch, f"--ckpt-dir {scratch}/{{entity}} --atomic-save")
        fault = attempts[-1]["fault"]
        assert len(attempts) <= 2 and (fault["class"], fault["label"]) == ("config", "disk_full"), attempts
        named = f"{scratch}/f"  # the command's --ckpt-dir, as written
        assert f"full file system: {named}: 0 bytes free of 2.0 MiB" in fault["evidence"], fault
        assert sorted(p.name for p in (scratch / "f").iterdir()) == ["ckpt-2.pt", "ckpt-4.pt", "ckpt-6.pt.tmp"]
        assert read_state(run_dir)["entities"]["f"]["stages"]["train"]["wait"]["paths"] == [named]
        filler.unlink()
        doc = tick_until(run_dir, proj, timeout=300, pace=1.0)
        assert doc["phase"] == "complete"
        attempts = _attempts(run_dir, "f")
        assert [a["outcome"] for a in attempts] == ["failed", "succeeded"], attempts
        assert "resumed from ckpt-4.pt at step 4" in _stdout(run_dir, "f", 2)
        assert (proj / "out" / "f" / "final.pt").is_file()
        _no_ranks_left(run_dir, "f", 1)


def test_a_nan_loss_is_never_retried_unchanged_but_degraded_as_authorised(tmp_path):
    extra = ("        degrade:\n          nan_loss:\n"
             "            - {name: lower_lr, params: {lr: {multiply: 0.25}}}\n")
    stage = _stage("--fault nan --fault-rank 0 --fault-step 2 --steps 5 --lr {lr}", extra=extra)
    spec = _spec({"n": "    params: {lr: 0.1}\n" + stage})
    proj, run_dir = _run(tmp_path, spec, "Q1=lower_lr")  # the risk fork for nan_loss, answered at plan time
    tick_until(run_dir, proj, timeout=240, pace=1.0)
    first, second = _attempts(run_dir, "n")[:2]
    assert (first["fault"]["class"], first["fault"]["label"]) == ("config", "nan_loss")
    assert second["outcome"] == "succeeded", (second, _stderr_tail(run_dir, "n", 2))
    assert read_state(run_dir)["entities"]["n"]["params"]["lr"] == pytest.approx(0.025)


def test_a_person_pressing_ctrl_c_on_torchrun_is_held_never_retried(tmp_path):
    """Someone interrupts torchrun and its ranks (SIGINT, as Ctrl-C sends it to a terminal's foreground
    group): the ranks raise KeyboardInterrupt, torchrun logs its SIGINT death signal and exits. A person
    stopped the run on purpose, so tianluo holds it as cancelled outside tianluo and starts nothing more."""
    import signal

    import psutil

    proj, run_dir = _run(tmp_path, _spec({"c": _stage("--steps 400 --sleep 0.2", stall="10m")}))
    attempt_dir = str(run_dir / "attempts" / "c" / "train" / "1")
    stdout = Path(attempt_dir) / "stdout"
    deadline = time.monotonic() + 120
    while not (stdout.is_file() and "step 3/400" in stdout.read_text(errors="replace")):
        assert time.monotonic() < deadline, "the run never reached step 3"
        time.sleep(0.5)
    ours = [p for p in processes_under(run_dir.parent.parent) if p.environ().get("TIANLUO_ATTEMPT_DIR") == attempt_dir]
    launcher = [p for p in ours if p.cmdline()[:3] == [sys.executable, "-m", "torch.distributed.run"]]
    assert len(launcher) == 1, ours
    for proc in [launcher[0], *launcher[0].children()]:
        try:
            proc.send_signal(signal.SIGINT)
        except psutil.NoSuchProcess:
            pass
    doc = tick_until(run_dir, proj, phases=("blocked",), timeout=120, pace=1.0)
    attempts = _attempts(run_dir, "c")
    assert len(attempts) == 1, attempts
    assert (attempts[0]["fault"]["class"], attempts[0]["fault"]["label"]) == ("unknown", "cancelled_outside"), \
        attempts[0]["fault"]
    stage = read_state(run_dir)["entities"]["c"]["stages"]["train"]
    assert stage["status"] == "held" and "cancelled outside tianluo" in stage["hold"]["reason"], stage["hold"]
    assert doc["phase"] == "blocked"
    _no_ranks_left(run_dir, "c", 1)
