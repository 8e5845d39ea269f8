"""A file listed, then gone, is not an error: every walk of a run folder (or of a home, or of an
output folder) takes it as a file that was never there.

Runners and ticks write by temp file and rename, ticks prune snapshots, owners remove old runs:
a walk that goes by meanwhile lists a name that is gone a moment later. Each test makes that
happen at the worst moment, every time (tests/folder_walks.py: the listing, the look and the
removal are real; only their order is fixed).
"""

from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import write_spec
from folder_walks import vanishing

from tianluo.core.actions import CopyOutput
from tianluo.messages.notify import copy_output
from tianluo.planning.newrun import active_runs, create_run, runs_of
from tianluo.shell.store import RunStore
from tianluo.shell.tick import utcnow
from tianluo.views.browse import list_runs

SPEC = """\
name: gone
entities:
  a:
    stages:
      train: {run: "true"}
"""


@pytest.fixture
def home(tmp_path) -> Path:
    return tmp_path / "home"


def _runs(tmp_path: Path, home: Path, n: int) -> list[Path]:
    spec = write_spec(tmp_path / "proj", SPEC)
    return [create_run(spec, home, utcnow()) for _ in range(n)]


def test_a_snapshot_pruned_after_the_listing_leaves_the_others_listed(tmp_path, home):
    """It used to empty the whole list: status then said "no good snapshot exists"."""
    (run_dir,) = _runs(tmp_path, home, 1)
    store = RunStore(run_dir)
    state = store.load()
    for _ in range(3):
        state.revision += 1
        store.save(state, snapshot=True)
    snaps = store.snapshots()
    assert len(snaps) >= 3
    with vanishing(snaps[0]):
        seen = store.snapshots()
    assert not snaps[0].exists() and seen == snaps[1:]
    with vanishing(snaps[1]):
        assert store.newest_good_snapshot() == snaps[2]


def test_a_run_removed_while_runs_are_listed_is_no_damaged_run(tmp_path, home):
    older, newer = _runs(tmp_path, home, 2)
    with vanishing(older / "state.json", after="stat"):  # looked at, then gone before it is read
        rows = list_runs(home)
    assert not (older / "state.json").exists()
    assert [r["run_dir"] for r in rows] == [str(newer)] and rows[0]["damaged"] is None, rows


def test_a_run_folder_removed_while_a_command_looks_for_the_specs_runs_is_stepped_over(tmp_path, home):
    """``start``, ``start --resume`` and ``plan --diff`` look through the spec's runs; one removed
    meanwhile (``rm -r`` of an old run) once failed them with "no such folder"."""
    older, newer = _runs(tmp_path, home, 2)
    with vanishing(older, after="stat", seen=older / "state.json"):
        active = active_runs(home, "gone")
    assert not older.exists() and active == [newer]
    with vanishing(newer, after="stat", seen=newer / "state.json"):
        assert runs_of(home, "gone") == []


def test_an_output_file_gone_while_its_folder_is_copied_is_left_out(tmp_path):
    out = tmp_path / "out" / "model"
    out.mkdir(parents=True)
    (out / "weights.pt").write_text("w")
    temp = out / ".weights.pt.tmp-1234"  # a writer's temp file, renamed into place as the copy goes by
    temp.write_text("partial")
    state = SimpleNamespace(plan=SimpleNamespace(workdir=str(tmp_path)))
    with vanishing(temp):
        ev = copy_output(state, CopyOutput(stage_id="a.train", source="out/model", destination="keep"), "t")
    assert ev["event"] == "output_copied", ev
    assert sorted(p.name for p in (tmp_path / "keep" / "model").iterdir()) == ["weights.pt"]
