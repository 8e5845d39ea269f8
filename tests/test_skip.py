"""Skip, as designed (issue 23): a stage skipped after a failure blocks what needs it; the owner
unblocks one named dependent, recorded with the reason, and it is told which outputs are missing;
the run is never plainly complete with such a stage. Pure decisions first, then a real run
through the CLI (its ``main`` in forks, tests/forked_cli.py).
"""

import json
from pathlib import Path

import pytest
from conftest import read_events, read_state
from conftest import write_spec as write_project_spec
from forked_cli import run, start_run, status_json, tick_until
from pure_helpers import T0, at, events_of, exited, launched, observe, ok_check, seen, state_from_spec, submits

from tianluo.core import holds, skips
from tianluo.core.decide import decide
from tianluo.core.jobspec import job_spec
from tianluo.core.stage_machine import MOVES
from tianluo.errors import TianluoError
from tianluo.models.states import Phase, StageStatus

SPEC = """
name: skip
entities:
  a:
    stages:
      train:
        run: python train.py
        output: {path: 'out/{entity}/last.ckpt'}
        done_when: {exists: 'out/{entity}/final.ckpt'}
      eval:
        needs: [train]
        run: python eval.py
        done_when: {exists: 'out/{entity}/eval.json'}
      export:
        needs: [eval]
        run: python export.py
  b:
    stages:
      train:
        run: python train.py
ladder:
  unknown: {retries: 0}
"""


def skipped_train(tmp_path, spec: str = SPEC):
    """a.train failed, was held, and the owner released it with --skip; b.train succeeded."""
    state = launched(decide(state_from_spec(tmp_path, spec), observe(), T0).state)
    d = decide(state, observe(**{"a.train": seen(exited(3)), "b.train": seen(exited(0), done_when=[ok_check()])}),
               at(60))
    assert d.state.stage("a.train").status == StageStatus.HELD
    released = holds.release(d.state, "a", at(120), skip=True)
    assert released.state.stage("a.train").status == StageStatus.SKIPPED
    return released


def test_a_skip_blocks_what_needs_it_and_the_run_is_blocked_not_complete(tmp_path):
    released = skipped_train(tmp_path)
    assert "cannot be undone" in released.events[0]["message"] and "blocked" in released.events[0]["message"]
    d = decide(released.state, observe(), at(121))
    eval_, export = d.state.stage("a.eval"), d.state.stage("a.export")
    assert eval_.status == StageStatus.BLOCKED and export.status == StageStatus.BLOCKED
    assert eval_.reason.startswith("needs a.train, which was skipped")
    assert "tianluo unblock a.eval --reason" in eval_.reason
    assert submits(d) == []
    assert d.state.phase == Phase.BLOCKED
    assert "a.eval (blocked: needs a.train, which was skipped)" in d.state.phase_reason
    assert not d.state.gate.met
    (check,) = [c for c in d.state.gate.checks if c.kind == "all_done"]
    assert "skipped after a failure: a.train (skipped by the owner; never made: out/a/last.ckpt, " \
           "out/a/final.ckpt)" in check.detail
    (ev,) = [e for e in events_of(d, "blocked") if e["stage"] == "eval"]
    assert ev["skipped"] == ["a.train"]


def test_a_skipped_stage_cannot_be_unskipped(tmp_path):
    released = skipped_train(tmp_path)
    assert MOVES[StageStatus.SKIPPED] == {}
    with pytest.raises(TianluoError, match="a.train was skipped, and a skipped stage cannot be un-skipped"):
        holds.release(released.state, "a", at(130), retry=True)


def test_unblock_lets_one_named_dependent_run_and_records_why(tmp_path):
    state = decide(skipped_train(tmp_path).state, observe(), at(121)).state
    result = skips.unblock(state, "a.eval", "evaluate the last checkpoint it wrote", at(180))
    eval_ = result.state.stage("a.eval")
    assert eval_.status == StageStatus.PENDING
    (u,) = eval_.unblocks
    assert (u.need, u.reason, u.at, u.missing) == ("a.train", "evaluate the last checkpoint it wrote", at(180),
                                                   ["out/a/last.ckpt", "out/a/final.ckpt"])
    (ev,) = result.events
    assert ev["event"] == "unblocked" and ev["by"] == "human"
    assert ev["reason"] == "evaluate the last checkpoint it wrote"
    assert ev["missing"] == ["out/a/last.ckpt", "out/a/final.ckpt"]
    assert result.state.stage("a.export").status == StageStatus.BLOCKED  # only the one named
    d = decide(result.state, observe(), at(181))
    assert submits(d) == ["a.eval"]
    spec = job_spec(d.state, tmp_path / "run", "a.eval", d.state.stage("a.eval").current())
    assert spec.env["TIANLUO_MISSING_INPUTS"] == "out/a/last.ckpt\nout/a/final.ckpt"
    other = job_spec(d.state, tmp_path / "run", "b.train", d.state.stage("b.train").current())
    assert "TIANLUO_MISSING_INPUTS" not in other.env


def test_unblock_refuses_what_is_not_blocked_by_a_skip(tmp_path):
    state = decide(skipped_train(tmp_path).state, observe(), at(121)).state
    with pytest.raises(TianluoError, match="a.export needs no stage that was skipped.*a.eval \\(blocked\\)"):
        skips.unblock(state, "a.export", "why not", at(180))
    with pytest.raises(TianluoError, match="give the reason"):
        skips.unblock(state, "a.eval", " ", at(180))
    with pytest.raises(TianluoError, match="no stage a.nope"):
        skips.unblock(state, "a.nope", "x", at(180))


def test_the_run_ends_complete_with_skipped_stages_never_plainly_complete(tmp_path):
    state = decide(skipped_train(tmp_path, SPEC + "notify: [{command: 'true'}]\n").state, observe(), at(121)).state
    state = launched(decide(skips.unblock(state, "a.eval", "use what is there", at(180)).state, observe(),
                            at(181)).state)
    state = launched(decide(state, observe(**{"a.eval": seen(exited(0), done_when=[ok_check()])}), at(240)).state)
    d = decide(state, observe(**{"a.export": seen(exited(0))}), at(300))
    assert d.state.phase == Phase.COMPLETE
    assert d.state.end.outcome == "complete"
    assert "complete with skipped stages: a.train (skipped by the owner" in d.state.phase_reason
    assert "complete with skipped stages" in d.state.end.reason
    (done,) = [n for n in d.state.notices if n.kind == "done"]
    assert done.title == "tianluo: run skip is complete with skipped stages"


def test_a_branch_not_taken_is_not_a_skip_after_a_failure(tmp_path):
    state = state_from_spec(tmp_path, SPEC)
    stage = state.stage("a.train")
    stage.status, stage.skipped_by = StageStatus.SKIPPED, "branch"
    assert not skips.skipped_after_failure(stage)
    assert skips.skipped_needs(state, "a.eval", ["a.train"]) == []


# --- a real run through the CLI ---------------------------------------------------------------

REAL = """\
name: skipreal
interval: 10m
entities:
  a:
    stages:
      train:
        run: python3 -c "import sys; sys.exit(3)"
        output: {path: 'out/{entity}/last.ckpt'}
      eval:
        needs: [train]
        run: python3 -c "import os, pathlib; pathlib.Path('seen.txt').write_text(os.environ['TIANLUO_MISSING_INPUTS'])"
ladder:
  unknown: {retries: 0}
"""


@pytest.mark.integration
def test_a_skipped_train_blocks_its_eval_until_unblocked_through_the_cli(tmp_path):
    proj = tmp_path / "proj"
    proj.mkdir()
    spec = write_project_spec(proj, REAL)
    run_dir = start_run(spec, proj / ".tianluo", proj)
    doc = tick_until(run_dir, proj, phases=("blocked",), timeout=60)
    assert doc["entities"]["a"]["stages"]["train"]["status"] == "held"
    proc = run("release", "a", "--skip", "--run", run_dir, cwd=proj)
    assert proc.returncode == 0, proc.stderr
    doc = status_json(run_dir, proj)
    assert doc["phase"] == "blocked"  # not complete: eval never ran
    assert doc["entities"]["a"]["stages"]["eval"]["status"] == "blocked"
    assert not (proj / "seen.txt").exists()
    assert [s["stage"] for s in doc["skipped"]] == ["a.train"] and doc["complete_with_skipped"] is False
    text = run("status", "--run", run_dir, cwd=proj, check=True).stdout
    assert "needs a.train, which was skipped" in text
    proc = run("release", "a", "--retry", "--run", run_dir, cwd=proj)
    assert proc.returncode != 0 and "cannot be un-skipped" in proc.stderr
    proc = run("unblock", "a.eval", "--reason", "a dry run of eval", "--run", run_dir, cwd=proj)
    assert proc.returncode == 0, proc.stderr
    doc = tick_until(run_dir, proj, phases=("complete",), timeout=60)
    assert (proj / "seen.txt").read_text() == "out/a/last.ckpt"
    assert doc["complete_with_skipped"] is True
    assert "complete with skipped stages" in doc["phase_reason"]
    (u,) = read_state(run_dir)["entities"]["a"]["stages"]["eval"]["unblocks"]
    assert u["reason"] == "a dry run of eval" and u["need"] == "a.train"
    assert [e for e in read_events(run_dir) if e["event"] == "unblocked" and e.get("by") == "human"]
    text = run("status", "--run", run_dir, cwd=proj, check=True).stdout
    assert "complete with skipped stages" in text and "a.train" in text
    completion = (run_dir / "COMPLETION.md").read_text()
    assert "complete with skipped stages" in completion and "out/a/last.ckpt" in completion
    report = (run_dir / "report.html").read_text()
    assert "complete with skipped stages" in report and "a dry run of eval" in report
    assert json.loads(run("status", "--json", "--run", run_dir, cwd=proj, check=True).stdout)["version"] == 1
    assert Path(run_dir).is_dir()
