"""Resume from the previous checkpoint: a corrupt newest checkpoint is moved aside, never deleted.

First the I/O half on real files (``tianluo.shell.checkpoints``: listing, moving aside, a name
already taken, links, a tick killed between the move and its record), then the pure half
through ``decide`` (which checkpoint, hold when there is nothing earlier), then a real
trainer under real ticks: its newest checkpoint is truncated, ``torch.load`` fails with
``PytorchStreamReader failed reading zip archive: failed finding central directory``,
tianluo moves the file aside and the next attempt resumes from the one before.
"""

import os
import sys
import time
from dataclasses import replace
from pathlib import Path

import forked_cli
import pytest
from conftest import cli, read_events, read_state, status_json, wait_for, write_spec
from forked_cli import run
from pure_helpers import T0, at, events_of, exited, launched, observe, seen, submits

from tianluo.core.actions import MoveAside, Submit
from tianluo.core.decide import decide
from tianluo.core.degrade import newest_last, plan_change, unchanged_why, with_moves
from tianluo.errors import SpecError
from tianluo.models.model import RunState
from tianluo.models.states import StageStatus
from tianluo.planning.newrun import initial_state
from tianluo.planning.plan import build_plan
from tianluo.planning.spec_checks import load_spec
from tianluo.planning.spec_parts import DegradeAction
from tianluo.shell.checkpoints import ASIDE, Checkpoint, carry_out, scan_checkpoints
from tianluo.shell.logscan import LogLine

ROLLBACK = DegradeAction(name="previous_checkpoint", rollback_checkpoint=True)


def list_checkpoints(pattern: str, workdir: str) -> tuple[Checkpoint, ...]:
    """The checkpoints ``pattern`` lists (scan_checkpoints without its reason for an empty list)."""
    return scan_checkpoints(pattern, workdir)[0]


def touch(path: Path, data: bytes = b"x", mtime: float | None = None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    if mtime is not None:
        os.utime(path, (mtime, mtime))
    return path


# --- listing ----------------------------------------------------------------------------------


def test_lists_regular_files_only_and_not_through_links(tmp_path):
    now = time.time()
    touch(tmp_path / "out/a/ckpt-1.pt", b"1", now - 30)
    touch(tmp_path / "out/a/ckpt-2.pt", b"22", now - 20)
    (tmp_path / "out/a/ckpt-9.pt").symlink_to(tmp_path / "out/a/ckpt-1.pt")  # a link is not a checkpoint
    (tmp_path / "out/a/ckpt-5.pt").mkdir()  # nor a folder
    touch(tmp_path / f"out/a/ckpt-0.pt{ASIDE}3")  # nor one already moved aside (matched by 'ckpt-*')
    elsewhere = tmp_path / "elsewhere"
    touch(elsewhere / "ckpt-7.pt")
    (tmp_path / "out/b").symlink_to(elsewhere)  # a linked folder is not walked into
    found = list_checkpoints("out/*/ckpt-*", str(tmp_path))
    assert [(c.path, c.size) for c in found] == [("out/a/ckpt-1.pt", 1), ("out/a/ckpt-2.pt", 2)]
    assert found[1].mtime_ns == os.stat(tmp_path / "out/a/ckpt-2.pt").st_mtime_ns
    assert list_checkpoints("nothing/*.pt", str(tmp_path)) == ()


def test_newest_is_by_mtime_then_by_number():
    a = Checkpoint("ckpt-9.pt", 1, 100)
    b = Checkpoint("ckpt-10.pt", 1, 100)  # saved in the same clock tick: 10 is newer than 9
    c = Checkpoint("ckpt-2.pt", 1, 50)
    assert [x.path for x in newest_last([b, a, c])] == ["ckpt-2.pt", "ckpt-9.pt", "ckpt-10.pt"]


def test_too_many_matches_list_nothing(tmp_path, monkeypatch):
    from tianluo.shell import checkpoints

    for i in range(5):
        touch(tmp_path / f"c/{i}.pt")
    monkeypatch.setattr(checkpoints, "MAX_LISTED", 3)
    assert list_checkpoints("c/*.pt", str(tmp_path)) == ()  # which one is newest would be a guess


# --- the pure change --------------------------------------------------------------------------


def test_plan_change_moves_the_newest_and_names_the_previous():
    listed = (Checkpoint("out/ckpt-2.pt", 20, 200), Checkpoint("out/ckpt-1.pt", 10, 100),
              Checkpoint("out/ckpt-3.pt", 3, 300))
    change = plan_change(ROLLBACK, {}, None, checkpoints=listed)
    assert change.rollback.newest == "out/ckpt-3.pt" and change.rollback.previous == "out/ckpt-2.pt"
    assert (change.rollback.size, change.rollback.mtime_ns) == (3, 300)
    assert change.lines == ("checkpoint out/ckpt-3.pt moved aside; resumes from out/ckpt-2.pt",)


@pytest.mark.parametrize("listed, why", [
    ((Checkpoint("out/ckpt-1.pt", 10, 100),), "out/ckpt-1.pt is the only checkpoint: there is no earlier one"),
    ((), "no checkpoint was found"),
])
def test_nothing_to_fall_back_to_changes_nothing(listed, why):
    assert plan_change(ROLLBACK, {}, None, checkpoints=listed) is None
    assert why in unchanged_why(ROLLBACK, checkpoints=listed)


def test_the_spec_must_say_where_checkpoints_are(tmp_path):
    spec = write_spec(tmp_path, SPEC.replace("        checkpoints: 'out/{entity}/ckpt-*.pt'\n", ""))
    with pytest.raises(SpecError, match=r"rollback_checkpoint: say where a.train keeps its checkpoints"):
        load_spec(spec)


@pytest.mark.parametrize("glob, problem", [
    ("/abs/ckpt-*.pt", "is absolute"),
    ("out/../../etc/*", "no '..'"),
    ("out//ckpt-*.pt", "no '..', '.', '//'"),
    ("out/**/ckpt.pt", "'**' is not supported"),
    ("out/.hidden/ckpt-*.pt", "hidden names"),
])
def test_a_checkpoint_glob_stays_below_the_project(tmp_path, glob, problem):
    spec = write_spec(tmp_path, SPEC.replace("'out/{entity}/ckpt-*.pt'", repr(glob)))
    with pytest.raises(SpecError, match=r"checkpoints: .*" + problem.replace("*", r"\*").replace(".", r"\.")):
        load_spec(spec)


def test_a_param_cannot_lead_the_glob_out_of_the_project(tmp_path):
    spec = write_spec(tmp_path, SPEC.replace("'out/{entity}/ckpt-*.pt'", "'out/{where}/ckpt-*.pt'")
                      .replace("  a:\n", "  a:\n    params: {where: '../..'}\n"))
    loaded, _ = load_spec(spec)
    with pytest.raises(SpecError, match="once its params are filled in"):
        build_plan(loaded, spec)


# --- decide: the rollback, then the move before the next launch ------------------------------

SPEC = """\
name: ckpt
entities:
  a:
    stages:
      train:
        run: python3 train.py
        checkpoints: 'out/{entity}/ckpt-*.pt'
        degrade:
          corrupt_checkpoint:
            - {name: previous_checkpoint, rollback_checkpoint: true}
"""
CORRUPT = LogLine(file="stderr", offset=0, rules=(),
                  text="RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory")


def rollback_state(tmp_path: Path) -> RunState:
    spec = write_spec(tmp_path / "proj", SPEC)
    loaded, _ = load_spec(spec)
    plan = build_plan(loaded, spec, {"risk:a.train:corrupt_checkpoint": "previous_checkpoint"})
    # default ladder: corrupt_checkpoint is never retried unchanged
    state = initial_state("20260101T000000Z-ckpt", plan, T0)
    return launched(decide(state, observe(), T0).state)


def failed_with(state: RunState, listed: tuple, when=None):
    return decide(state, observe(**{"a.train": replace(seen(exited(1), matches=[CORRUPT]), checkpoints=listed)}),
                  when or at(10))


LISTED = (Checkpoint("out/a/ckpt-1.pt", 10, 100), Checkpoint("out/a/ckpt-2.pt", 20, 200))


def test_a_rollback_records_the_move_and_moves_before_the_launch(tmp_path):
    d = failed_with(rollback_state(tmp_path), LISTED)
    stage = d.state.stage("a.train")
    assert stage.attempts[0].fault.label == "corrupt_checkpoint"
    (move,) = stage.checkpoint_moves
    assert (move.attempt, move.path, move.resume_from, move.outcome, move.aside) == (
        1, "out/a/ckpt-2.pt", "out/a/ckpt-1.pt", None, None)
    assert d.actions[:2] == [MoveAside("a.train"), Submit("a.train", 2, stage.attempts[1].job_name)]
    (ev,) = events_of(d, "degraded")
    assert ev["changes"] == ["checkpoint out/a/ckpt-2.pt moved aside; resumes from out/a/ckpt-1.pt"]


def test_one_checkpoint_is_held_with_nothing_to_fall_back_to(tmp_path):
    d = failed_with(rollback_state(tmp_path), LISTED[:1])
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD
    assert stage.checkpoint_moves == [] and submits(d) == []
    assert "out/a/ckpt-1.pt is the only checkpoint: there is no earlier one to resume from" in stage.hold.reason


def test_a_move_not_carried_out_is_asked_for_again_before_a_relaunch(tmp_path):
    state = failed_with(rollback_state(tmp_path), LISTED).state  # the tick was killed before it acted
    d = decide(state, observe(), at(20))  # attempt 2 left no trace: relaunched, after the move
    assert [type(a).__name__ for a in d.actions] == ["MoveAside", "Submit"]


def test_with_moves_places_each_move_before_its_own_stage(tmp_path):
    state = failed_with(rollback_state(tmp_path), LISTED).state
    other = Submit("b.x", 1, "tl.b.x.1")
    assert with_moves(state, [other, Submit("a.train", 2, "n")]) == [other, MoveAside("a.train"),
                                                                       Submit("a.train", 2, "n")]
    assert with_moves(state, []) == [MoveAside("a.train")]


def test_a_move_that_failed_holds_the_stage_unlaunched(tmp_path):
    state = failed_with(rollback_state(tmp_path), LISTED).state
    move = state.stage("a.train").checkpoint_moves[0]
    move.outcome, move.detail = "failed", "Permission denied"
    d = decide(state, observe(), at(20))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD and submits(d) == []
    assert "out/a/ckpt-2.pt could not be moved aside after attempt 1 (Permission denied)" in stage.hold.reason
    assert "attempt 2 was not launched" in stage.hold.reason


# --- the shell: moving aside on real files ------------------------------------------------------


def moving(tmp_path: Path) -> tuple[RunState, Path]:
    state = failed_with(rollback_state(tmp_path), LISTED).state
    proj = Path(state.plan.workdir)
    touch(proj / "out/a/ckpt-1.pt", b"good")
    touch(proj / "out/a/ckpt-2.pt", b"bad")
    move = state.stage("a.train").checkpoint_moves[0]
    st = os.stat(proj / move.path)
    move.size, move.mtime_ns = st.st_size, st.st_mtime_ns  # the file moved is the one listed
    return state, proj


def test_carry_out_renames_in_place_and_records_it(tmp_path):
    state, proj = moving(tmp_path)
    saves = []
    carry_out(state, "a.train", at(11), saves.append)
    (move,) = state.stage("a.train").checkpoint_moves
    assert (move.outcome, move.aside) == ("moved", f"out/a/ckpt-2.pt{ASIDE}1")
    assert not (proj / "out/a/ckpt-2.pt").exists()
    assert (proj / move.aside).read_bytes() == b"bad"  # kept, not deleted
    assert saves[0] is None  # the name it goes to is saved before the rename
    assert saves[1]["event"] == "checkpoint_moved_aside" and saves[1]["aside"] == move.aside
    assert "the next attempt resumes from out/a/ckpt-1.pt" in saves[1]["message"]
    carry_out(state, "a.train", at(12), saves.append)  # done is done: nothing moves twice
    assert len(saves) == 2 and (proj / "out/a/ckpt-1.pt").exists()


def test_a_name_already_taken_gets_another_suffix(tmp_path):
    state, proj = moving(tmp_path)
    touch(proj / f"out/a/ckpt-2.pt{ASIDE}1", b"someone's")
    carry_out(state, "a.train", at(11), lambda ev: None)
    move = state.stage("a.train").checkpoint_moves[0]
    assert move.aside == f"out/a/ckpt-2.pt{ASIDE}1.2"
    assert (proj / f"out/a/ckpt-2.pt{ASIDE}1").read_bytes() == b"someone's"
    assert (proj / move.aside).read_bytes() == b"bad"


def test_a_tick_killed_after_the_rename_moves_no_second_file(tmp_path):
    state, proj = moving(tmp_path)

    def killed(ev):
        if ev is not None:
            raise KeyboardInterrupt  # the kill: the rename happened, its record did not
    with pytest.raises(KeyboardInterrupt):
        carry_out(state, "a.train", at(11), killed)
    move = state.stage("a.train").checkpoint_moves[0]
    move.outcome = None  # as saved before the kill: the name, no outcome
    events = []
    carry_out(state, "a.train", at(12), events.append)
    assert move.outcome == "moved" and "found there by the next tick" in move.detail
    assert (proj / "out/a/ckpt-1.pt").read_bytes() == b"good"  # still there: not moved as the "newest"
    assert [e["event"] for e in events if e] == ["checkpoint_moved_aside"]


def test_a_link_in_place_of_the_checkpoint_is_not_moved(tmp_path):
    state, proj = moving(tmp_path)
    (proj / "out/a/ckpt-2.pt").unlink()
    (proj / "out/a/ckpt-2.pt").symlink_to("/etc/hostname")
    events = []
    carry_out(state, "a.train", at(11), events.append)
    move = state.stage("a.train").checkpoint_moves[0]
    assert move.outcome == "failed" and "no longer a regular file" in move.detail
    assert (proj / "out/a/ckpt-2.pt").is_symlink() and events[-1]["event"] == "checkpoint_not_moved"


def test_a_checkpoint_gone_since_it_was_listed_is_recorded_missing(tmp_path):
    state, proj = moving(tmp_path)
    (proj / "out/a/ckpt-2.pt").unlink()
    carry_out(state, "a.train", at(11), lambda ev: None)
    assert state.stage("a.train").checkpoint_moves[0].outcome == "missing"


# --- a real trainer under real ticks ----------------------------------------------------------

# Resumes from the newest out/<name>/ckpt-<step>.pt, trains to step 6, saves a checkpoint each
# step. With torch the checkpoint is torch.save's zip and a truncated one fails in torch.load
# with its own words; without torch the trainer prints that same line itself.
TRAIN = """\
import glob, os, re, sys
name = sys.argv[1]
folder = f"out/{name}"
os.makedirs(folder, exist_ok=True)
def step_of(path):
    return int(re.search(r"ckpt-(\\d+)\\.pt$", path).group(1))
found = sorted(glob.glob(f"{folder}/ckpt-*.pt"), key=step_of)
try:
    import torch
except ImportError:
    torch = None
w, start = 0.0, 0
if found:
    if torch is not None:
        state = torch.load(found[-1])
        w, start = float(state["w"]), int(state["step"])
    else:
        data = open(found[-1], "rb").read()
        if not data.startswith(b"ckpt ") or len(data.split()) != 3:  # a save cut short
            print("RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory",
                  file=sys.stderr)
            sys.exit(1)
        w, start = float(data.split()[2]), int(data.split()[1])
    print(f"resumed from {found[-1]} at step {start}", flush=True)
for step in range(start + 1, 7):
    w += 0.5
    path = f"{folder}/ckpt-{step}.pt"
    if torch is not None:
        torch.save({"w": torch.tensor(w), "step": step}, path)
    else:
        open(path, "w").write(f"ckpt {step} {w}")
    print(f"step {step} w {w}", flush=True)
    if os.environ.get("STOP_AT") == str(step):
        sys.exit(0)
open(f"out/{name}.done", "w").write(str(w))
"""

REAL_SPEC = "name: ckpt-real\nentities:\n" + "".join(f"""\
  {entity}:
    stages:
      train:
        run: {sys.executable} train.py {{entity}}
        checkpoints: 'out/{{entity}}/ckpt-*.pt'
        done_when: {{exists: 'out/{{entity}}.done'}}
        degrade:
          corrupt_checkpoint:
            - {{name: previous_checkpoint, rollback_checkpoint: true}}
""" for entity in ("two", "one"))


def _seed(proj: Path, name: str, steps: int) -> None:
    """Checkpoints 1..steps written by the trainer itself, the newest then cut short."""
    import subprocess

    subprocess.run([sys.executable, "train.py", name], cwd=proj, env={**os.environ, "STOP_AT": str(steps)},
                   check=True, timeout=120, capture_output=True)
    newest = proj / f"out/{name}/ckpt-{steps}.pt"
    data = newest.read_bytes()
    newest.write_bytes(data[: len(data) // 2])  # a save cut off mid-write (a full disk, a killed job)
    assert not (proj / f"out/{name}.done").exists()


def exit_of(run_dir: Path, entity: str, n: int) -> bool:
    return (run_dir / "attempts" / entity / "train" / str(n) / "exit.json").exists()


@pytest.mark.integration
def test_a_corrupt_newest_checkpoint_is_moved_aside_and_the_job_resumes_from_the_one_before(tmp_path):
    proj = tmp_path / "proj"
    spec = write_spec(proj, REAL_SPEC)
    (proj / "train.py").write_text(TRAIN)
    _seed(proj, "two", 3)
    _seed(proj, "one", 1)
    bad = (proj / "out/two/ckpt-3.pt").read_bytes()
    home = tmp_path / "home"
    run("plan", spec, "--home", home, "--answer", "risk:two.train:corrupt_checkpoint=previous_checkpoint",
        "--answer", "risk:one.train:corrupt_checkpoint=previous_checkpoint", cwd=tmp_path, check=True)
    run_dir = forked_cli.start_run(spec, home, tmp_path)
    wait_for(lambda: exit_of(run_dir, "two", 1) and exit_of(run_dir, "one", 1), timeout=120, what="attempt 1")
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)

    doc = forked_cli.status_json(run_dir, tmp_path)
    two, one = (doc["entities"][e]["stages"]["train"] for e in ("two", "one"))
    for st in (two, one):
        assert st["fault"]["class"] == "config" and st["fault"]["label"] == "corrupt_checkpoint", st["fault"]
        assert "PytorchStreamReader failed reading zip archive: failed finding central directory" in \
            st["fault"]["evidence"]
    # two checkpoints to fall back to: the newest moved aside (renamed, kept), attempt 2 launched
    (move,) = two["checkpoint_moves"]
    assert (move["path"], move["resume_from"], move["outcome"]) == ("out/two/ckpt-3.pt", "out/two/ckpt-2.pt", "moved")
    assert move["aside"] == f"out/two/ckpt-3.pt{ASIDE}1"
    assert two["attempt"] == 2 and two["status"] in ("submitted", "running", "succeeded")
    moved = [e for e in read_events(run_dir) if e["event"] == "checkpoint_moved_aside"]
    assert len(moved) == 1 and moved[0]["entity"] == "two" and moved[0]["aside"] == move["aside"]
    # one checkpoint only: nothing to fall back to, held after its one attempt, nothing moved
    assert one["status"] == "held" and one["attempt"] == 1 and one["checkpoint_moves"] == []
    assert "out/one/ckpt-1.pt is the only checkpoint: there is no earlier one to resume from" in one["reason"]
    assert (proj / "out/one/ckpt-1.pt").exists()
    analysis = (run_dir / "failures" / "one__analysis.md").read_text()
    assert "the only checkpoint" in analysis

    wait_for(lambda: exit_of(run_dir, "two", 2), timeout=120, what="attempt 2 of two")
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    two = forked_cli.status_json(run_dir, tmp_path)["entities"]["two"]["stages"]["train"]
    assert two["status"] == "succeeded" and two["attempt"] == 2, two
    stdout = (run_dir / "attempts/two/train/2/stdout").read_text()
    assert "resumed from out/two/ckpt-2.pt at step 2" in stdout  # the one before, by the job's own logic
    assert (proj / move["aside"]).read_bytes() == bad  # the bad file is still on disk, under its aside name
    assert (proj / "out/two.done").exists()
    state = read_state(run_dir)
    assert state["entities"]["two"]["stages"]["train"]["degradations"][0]["changes"] == [
        "checkpoint out/two/ckpt-3.pt moved aside; resumes from out/two/ckpt-2.pt"]
    text = run("status", "--run", run_dir, cwd=tmp_path, check=True).stdout
    assert f"out/two/ckpt-3.pt -> out/two/ckpt-3.pt{ASIDE}1" in text


# A trainer that keeps its state as JSON (as the demo's does) and resumes with json.loads: a save cut short leaves an
# empty file, and the resume fails with Python's own JSONDecodeError, raised in json/decoder.py: no rule names it,
# the project's own line that read it back (``checkpoint = json.loads(...)``) does.
JSON_TRAIN = """\
import glob, json, os, re, sys
from pathlib import Path
folder = "out/js"
os.makedirs(folder, exist_ok=True)
found = sorted(glob.glob(f"{folder}/ckpt-*.json"), key=lambda p: int(re.search(r"ckpt-(\\d+)", p).group(1)))
start = 0
if found:
    checkpoint = json.loads(Path(found[-1]).read_text())
    start = checkpoint["step"]
    print(f"resumed from {found[-1]} at step {start}", flush=True)
for step in range(start + 1, 5):
    Path(f"{folder}/ckpt-{step}.json").write_text(json.dumps({"step": step}))
    if os.environ.get("STOP_AT") == str(step):
        sys.exit(0)
Path("out/js.done").write_text("done")
"""


@pytest.mark.integration
def test_a_json_checkpoint_cut_short_by_a_kill_is_rolled_back_from_pythons_own_traceback(tmp_path):
    import subprocess

    proj = tmp_path / "proj"
    spec = write_spec(proj, f"""\
name: ckpt-json
entities:
  js:
    stages:
      train:
        run: {sys.executable} train.py
        checkpoints: 'out/js/ckpt-*.json'
        done_when: {{exists: 'out/js.done'}}
        degrade:
          corrupt_checkpoint:
            - {{name: previous_checkpoint, rollback_checkpoint: true}}
""")
    (proj / "train.py").write_text(JSON_TRAIN)
    subprocess.run([sys.executable, "train.py"], cwd=proj, env={**os.environ, "STOP_AT": "3"}, check=True,
                   timeout=120, capture_output=True)
    (proj / "out/js/ckpt-3.json").write_bytes(b"")  # killed between the open and the write
    home = tmp_path / "home"
    run("plan", spec, "--home", home, "--answer", "risk:js.train:corrupt_checkpoint=previous_checkpoint",
        cwd=tmp_path, check=True)
    run_dir = forked_cli.start_run(spec, home, tmp_path)
    wait_for(lambda: exit_of(run_dir, "js", 1), timeout=120, what="attempt 1")
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    st = forked_cli.status_json(run_dir, tmp_path)["entities"]["js"]["stages"]["train"]
    assert (st["fault"]["class"], st["fault"]["label"]) == ("config", "corrupt_checkpoint"), st["fault"]
    assert "JSONDecodeError: Expecting value" in st["fault"]["evidence"]
    assert "checkpoint = json.loads(Path(found[-1]).read_text())" in st["fault"]["evidence"]
    (move,) = st["checkpoint_moves"]
    assert (move["path"], move["resume_from"]) == ("out/js/ckpt-3.json", "out/js/ckpt-2.json")
    wait_for(lambda: exit_of(run_dir, "js", 2), timeout=120, what="attempt 2")
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    st = forked_cli.status_json(run_dir, tmp_path)["entities"]["js"]["stages"]["train"]
    assert st["status"] == "succeeded" and st["attempt"] == 2, st
    assert "resumed from out/js/ckpt-2.json at step 2" in (run_dir / "attempts/js/train/2/stdout").read_text()


def test_nan_loss_may_roll_back_too(tmp_path):
    spec = write_spec(tmp_path / "proj", SPEC.replace("corrupt_checkpoint:", "nan_loss:"))
    loaded, _ = load_spec(spec)
    plan = build_plan(loaded, spec, {"risk:a.train:nan_loss": "previous_checkpoint"})
    state = initial_state("20260101T000000Z-nan", plan, T0)
    state = launched(decide(state, observe(), T0).state)
    nan = LogLine(file="stdout", offset=0, rules=(), text="Loss is nan, stopping training")
    d = decide(state, observe(**{"a.train": replace(seen(exited(1), matches=[nan]), checkpoints=LISTED)}), at(10))
    stage = d.state.stage("a.train")
    assert stage.fault.label == "nan_loss" and stage.budget_used == {}  # never retried unchanged: rolled back at once
    assert [m.path for m in stage.checkpoint_moves] == ["out/a/ckpt-2.pt"]
    assert [type(a).__name__ for a in d.actions] == ["MoveAside", "Submit"]


FAILS = """\
name: ro
entities:
  a:
    stages:
      train:
        run: >-
          @PY@ -c "import sys; print('RuntimeError: PytorchStreamReader failed reading zip archive:
          failed finding central directory', file=sys.stderr); sys.exit(1)"
        checkpoints: 'out/{entity}/ckpt-*.pt'
        degrade:
          corrupt_checkpoint:
            - {name: previous_checkpoint, rollback_checkpoint: true}
"""


def rollback_run(spec: Path, tmp_path: Path) -> Path:
    """``spec`` planned with the rollback answered for a.train and started (home ``tmp_path/home``; both in forks
    of this process, tests/forked_cli.py): its run folder once attempt 1 has exited, before any tick has judged it."""
    home = tmp_path / "home"
    run("plan", spec, "--home", home, "--answer", "risk:a.train:corrupt_checkpoint=previous_checkpoint",
        cwd=tmp_path, check=True)
    run_dir = forked_cli.start_run(spec, home, tmp_path)
    wait_for(lambda: (run_dir / "attempts/a/train/1/exit.json").exists(), timeout=30, what="attempt 1")
    return run_dir


@pytest.mark.integration
def test_a_checkpoint_that_cannot_be_moved_leaves_the_next_attempt_unlaunched_and_held(tmp_path):
    import subprocess

    from conftest import tmpfs

    proj = tmp_path / "proj"
    spec = write_spec(proj, FAILS.replace("@PY@", sys.executable))
    (proj / "out").mkdir()
    with tmpfs(proj / "out" / "a") as folder:
        touch(folder / "ckpt-1.pt", b"good", time.time() - 60)
        touch(folder / "ckpt-2.pt", b"cut sh")
        run_dir = rollback_run(spec, tmp_path)
        proc = subprocess.run(["mount", "-o", "remount,ro", str(folder)], capture_output=True, text=True, timeout=30,
                              check=False)
        assert proc.returncode == 0, proc.stderr
        run("tick", "--run", run_dir, cwd=tmp_path, check=True)
        (ev,) = [e for e in read_events(run_dir) if e["event"] == "checkpoint_not_moved"]
        assert ev["outcome"] == "failed" and "Read-only file system" in ev["message"]
        train = read_state(run_dir)["entities"]["a"]["stages"]["train"]
        assert train["attempt"] == 2 and train["attempts"][1]["handle"] is None  # recorded, never launched
        assert not [e for e in read_events(run_dir) if e["event"] == "submitted" and e["attempt"] == 2]
        run("tick", "--run", run_dir, cwd=tmp_path, check=True)
        st = forked_cli.status_json(run_dir, tmp_path)["entities"]["a"]["stages"]["train"]
        assert st["status"] == "held"
        assert ("the checkpoint out/a/ckpt-2.pt could not be moved aside after attempt 1 (Read-only file system), "
                "so attempt 2 was not launched") in st["reason"]
        assert (folder / "ckpt-2.pt").read_bytes() == b"cut sh"
        analysis = (run_dir / "failures" / "a__analysis.md").read_text()
        assert ("- checkpoint out/a/ckpt-2.pt not moved aside after attempt 1: failed (Read-only file system)"
                in analysis)
        assert not (run_dir / "attempts/a/train/2/stdout").exists()


# Loads the newest out/a/ckpt-<n>.pt; a bad one makes it print torch's own words and fail.
LOADS = """\
import glob, re, sys
found = sorted(glob.glob("out/a/ckpt-*.pt"), key=lambda p: int(re.search(r"(\\d+)\\.pt$", p).group(1)))
if open(found[-1], "rb").read().startswith(b"bad"):
    print("RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory",
          file=sys.stderr)
    sys.exit(1)
print(f"resumed from {found[-1]}")
open("out/a.done", "w").write(found[-1])
"""


def loads_run_after_attempt_1(tmp_path: Path) -> tuple[Path, Path]:
    """A run of ``loads.py`` (rollback answered) over ckpt-1 (good) and ckpt-2 (bad), once its
    attempt 1 has failed on the bad one and before any tick has judged it: (project, run folder)."""
    proj = tmp_path / "proj"
    spec = write_spec(proj, FAILS.replace("@PY@", sys.executable).replace(
        """-c "import sys; print('RuntimeError: PytorchStreamReader failed reading zip archive:
          failed finding central directory', file=sys.stderr); sys.exit(1)\"""", "loads.py")
        + "        done_when: {exists: out/a.done}\n")
    (proj / "loads.py").write_text(LOADS)
    touch(proj / "out/a/ckpt-1.pt", b"good", time.time() - 60)
    touch(proj / "out/a/ckpt-2.pt", b"bad")
    run_dir = rollback_run(spec, tmp_path)
    return proj, run_dir


@pytest.mark.integration
def test_a_tick_killed_between_the_rename_and_its_record_moves_no_second_file(tmp_path, monkeypatch):
    from tianluo.shell import checkpoints
    from tianluo.shell.tick import run_tick

    proj, run_dir = loads_run_after_attempt_1(tmp_path)

    real = checkpoints._rename_noreplace

    def rename_then_die(fd, src, dst):
        real(fd, src, dst)
        raise SystemExit("killed right after the rename")  # before the outcome is saved

    monkeypatch.setattr(checkpoints, "_rename_noreplace", rename_then_die)
    with pytest.raises(SystemExit):
        run_tick(run_dir)
    monkeypatch.setattr(checkpoints, "_rename_noreplace", real)
    (move,) = read_state(run_dir)["entities"]["a"]["stages"]["train"]["checkpoint_moves"]
    assert move["aside"] == f"out/a/ckpt-2.pt{ASIDE}1" and move["outcome"] is None  # the name was saved first
    assert not (proj / "out/a/ckpt-2.pt").exists() and (proj / move["aside"]).exists()

    # real processes from here: this test patched tianluo in its own process (a fork would start from it)
    cli("tick", "--run", run_dir, cwd=tmp_path, check=True)  # finds it moved, records it, launches attempt 2
    (move,) = read_state(run_dir)["entities"]["a"]["stages"]["train"]["checkpoint_moves"]
    assert move["outcome"] == "moved" and "found there by the next tick" in move["detail"]
    assert (proj / "out/a/ckpt-1.pt").read_bytes() == b"good"  # not taken for the newest and moved too
    assert sorted(p.name for p in (proj / "out/a").iterdir()) == ["ckpt-1.pt", f"ckpt-2.pt{ASIDE}1"]
    wait_for(lambda: (run_dir / "attempts/a/train/2/exit.json").exists(), timeout=30, what="attempt 2")
    cli("tick", "--run", run_dir, cwd=tmp_path, check=True)
    st = status_json(run_dir, tmp_path)["entities"]["a"]["stages"]["train"]
    assert st["status"] == "succeeded" and (proj / "out/a.done").read_text() == "out/a/ckpt-1.pt"
    assert [e["event"] for e in read_events(run_dir)].count("checkpoint_moved_aside") == 1
