"""Plan-time decisions carried out by real runs: real processes, the real CLI, bounded in time.

The OOM scenario of examples/demo (the trainer runs out of memory above batch size 16)
answered both ways, an output destination, and a branch picked by a metric. The first scenario
runs every command as a real ``python -m tianluo``; the others drive their runs with the same
``main`` in a fork of the test process (tests/forked_cli.py): what they test is what the ticks decide.
"""

import json
from pathlib import Path

import forked_cli
import pytest
from conftest import cli, read_events, read_state, tick_until, write_spec

pytestmark = pytest.mark.integration

TIMEOUT = 60.0


def answer_and_start(spec: Path, home: Path, cwd: Path, *answers: str, real: bool = False) -> Path:
    """``plan --answer ...`` (every fork answered: exit 0), then ``start`` without --accept-defaults; in a
    fork of this process, or with ``real`` as real processes."""
    tianluo = cli if real else forked_cli.run
    args = [a for pair in answers for a in ("--answer", pair)]
    proc = tianluo("plan", spec, "--home", home, *args, cwd=cwd)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    proc = tianluo("start", spec, "--home", home, "--trigger", "none", cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    run_dir = Path(proc.stdout.strip().splitlines()[-1])
    assert (run_dir / "state.json").is_file()
    return run_dir


def kinds(run_dir: Path, kind: str) -> list[dict]:
    return [e for e in read_events(run_dir) if e["event"] == kind]


# --- the OOM scenario -------------------------------------------------------------------------


def test_oom_with_halve_batch_degrades_64_32_16_and_completes(demo, tmp_path):
    run_dir = answer_and_start(demo / "oom.yaml", tmp_path / "home", demo, "Q1=halve_batch", real=True)
    doc = tick_until(run_dir, tmp_path, phases=("complete", "blocked"), timeout=TIMEOUT)  # real processes
    assert doc["phase"] == "complete", doc["phase_reason"]
    train = doc["entities"]["big-batch"]["stages"]["train"]
    assert train["status"] == "succeeded" and train["attempt"] == 3
    assert [(d["attempt"], d["action"], d["changes"]) for d in train["degradations"]] == [
        (1, "halve_batch", ["batch_size 64 -> 32"]), (2, "halve_batch", ["batch_size 32 -> 16"])]
    assert doc["entities"]["big-batch"]["params"] == {"batch_size": 16}
    assert [d["answer"] for d in doc["pre_authorized_decisions"]] == ["halve_batch"]
    state = read_state(run_dir)
    attempts = state["entities"]["big-batch"]["stages"]["train"]["attempts"]
    assert ["--batch-size 64" in a["command"] for a in attempts] == [True, False, False]
    assert ["--batch-size 32" in a["command"] for a in attempts] == [False, True, False]
    assert ["--batch-size 16" in a["command"] for a in attempts] == [False, False, True]
    assert [a["outcome"] for a in attempts] == ["failed", "failed", "succeeded"]
    assert [a["fault"]["label"] for a in attempts[:2]] == ["cuda_oom", "cuda_oom"]
    assert state["plan"]["entities"]["big-batch"]["params"] == {"batch_size": 64}  # the plan as locked
    # what each attempt really launched, and what the trainer made of it
    launched = [json.loads((run_dir / a["dir"] / "job.json").read_text())["command"] for a in attempts]
    assert launched == [a["command"] for a in attempts]
    assert "CUDA out of memory" in (run_dir / attempts[1]["dir"] / "stderr").read_text()
    assert "training done" in (run_dir / attempts[2]["dir"] / "stdout").read_text()
    degraded = kinds(run_dir, "degraded")
    assert [e["changes"] for e in degraded] == [["batch_size 64 -> 32"], ["batch_size 32 -> 16"]]
    assert all(e["action"] == "halve_batch" and e["entity"] == "big-batch" for e in degraded)
    assert not kinds(run_dir, "held")
    assert not (run_dir / "failures").exists()
    assert (demo / "out" / "big-batch" / "final.ckpt").is_file()
    text = cli("status", "--run", run_dir, cwd=tmp_path, check=True).stdout
    assert "degraded (halve_batch): batch_size 32 -> 16" in text


def test_a_pre_authorised_halve_batch_succeeds_on_attempt_2_with_the_default_ladder(demo, tmp_path):
    """Issue 23: the change is made at the first OOM; the config retry (1 by default) is not spent
    on an identical try first."""
    text = (demo / "oom.yaml").read_text().replace("params: {batch_size: 64}", "params: {batch_size: 32}")
    assert "ladder:" not in text  # the default ladder: config faults get one retry
    spec = write_spec(demo, text, name="oom32.yaml")
    run_dir = answer_and_start(spec, tmp_path / "home", demo, "Q1=halve_batch")
    doc = forked_cli.tick_until(run_dir, tmp_path, phases=("complete", "blocked"), timeout=TIMEOUT)
    assert doc["phase"] == "complete", doc["phase_reason"]
    train = doc["entities"]["big-batch"]["stages"]["train"]
    assert train["status"] == "succeeded" and train["attempt"] == 2
    assert [(d["attempt"], d["changes"]) for d in train["degradations"]] == [(1, ["batch_size 32 -> 16"])]
    assert not kinds(run_dir, "retry_scheduled")
    state = read_state(run_dir)
    attempts = state["entities"]["big-batch"]["stages"]["train"]["attempts"]
    assert [a["outcome"] for a in attempts] == ["failed", "succeeded"]
    assert "--batch-size 16" in attempts[1]["command"]
    assert state["entities"]["big-batch"]["stages"]["train"].get("budget_used", {}).get("config", 0) == 0


def test_oom_with_hold_holds_after_its_config_retry_with_an_analysis(demo, tmp_path):
    run_dir = answer_and_start(demo / "oom.yaml", tmp_path / "home", demo, "Q1=hold")
    doc = forked_cli.tick_until(run_dir, tmp_path, phases=("blocked", "complete"), timeout=TIMEOUT)
    assert doc["phase"] == "blocked"
    train = doc["entities"]["big-batch"]["stages"]["train"]
    # no change was authorised: the default ladder's one config retry, then the same failure twice
    assert train["status"] == "held" and train["attempt"] == 2
    assert train["fault"]["label"] == "cuda_oom"
    assert train["degradations"] == []
    assert doc["entities"]["big-batch"]["params"] == {"batch_size": 64}
    analysis = run_dir / "failures" / "big-batch__analysis.md"
    assert analysis.is_file()
    text = analysis.read_text()
    assert "cuda_oom" in text and "CUDA out of memory" in text
    assert not kinds(run_dir, "degraded")
    assert [e["stage"] for e in kinds(run_dir, "held")] == ["train"]
    assert not (demo / "out" / "big-batch" / "final.ckpt").exists()


# --- an output destination ----------------------------------------------------------------------

OUTPUT_SPEC = """\
name: outputs
entities:
  fresh:
    stages:
      make:
        run: mkdir -p out/{entity} && echo new-{entity} > out/{entity}/model.ckpt
        output: {path: 'out/{entity}/model.ckpt'}
        done_when: {exists: 'out/{entity}/model.ckpt'}
  taken:
    stages:
      make:
        run: mkdir -p out/{entity} && echo new-{entity} > out/{entity}/model.ckpt
        output: {path: 'out/{entity}/model.ckpt'}
        done_when: {exists: 'out/{entity}/model.ckpt'}
  local:
    stages:
      make:
        run: mkdir -p out/{entity} && echo new-{entity} > out/{entity}/model.ckpt
        output: {path: 'out/{entity}/model.ckpt'}
"""


def test_an_output_destination_gets_a_copy_and_an_existing_file_is_never_overwritten(tmp_path):
    proj = tmp_path / "proj"
    spec = write_spec(proj, OUTPUT_SPEC)
    dest_new = tmp_path / "dest" / "new"  # does not exist yet: created
    dest_taken = tmp_path / "dest" / "taken"
    dest_taken.mkdir(parents=True)
    (dest_taken / "model.ckpt").write_text("OLD, keep me\n")
    run_dir = answer_and_start(spec, tmp_path / "home", proj,
                               f"Q1={dest_new}", f"Q2={dest_taken}", "Q3=keep")
    doc = forked_cli.tick_until(run_dir, tmp_path, phases=("complete", "blocked"), timeout=TIMEOUT)
    assert doc["phase"] == "complete", doc["phase_reason"]
    assert (dest_new / "model.ckpt").read_text() == "new-fresh\n"
    assert (dest_taken / "model.ckpt").read_text() == "OLD, keep me\n"
    assert (proj / "out" / "taken" / "model.ckpt").read_text() == "new-taken\n"
    copied = kinds(run_dir, "output_copied")
    kept = kinds(run_dir, "output_kept")
    assert [(e["entity"], e["target"]) for e in copied] == [("fresh", str(dest_new / "model.ckpt"))]
    assert [(e["entity"], e["target"]) for e in kept] == [("taken", str(dest_taken / "model.ckpt"))]
    assert not kinds(run_dir, "output_copy_failed")
    assert sorted(p.name for p in (tmp_path / "dest").iterdir()) == ["new", "taken"]  # 'local' was kept in place
    # a later tick copies nothing again
    before = len(read_events(run_dir))
    forked_cli.run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert not [e for e in read_events(run_dir)[before:] if e["event"].startswith("output_")]


# --- a branch picked by a metric ------------------------------------------------------------------

BRANCH_SPEC = """\
name: branchy
entities:
  m:
    stages:
      eval:
        run: >-
          mkdir -p out && echo '{"acc":0.91}' > out/eval.json
        done_when: {exists: out/eval.json}
      big:
        needs: [eval]
        when: {metric: {file: out/eval.json, key: acc, op: '>=', value: 0.8}}
        run: echo big > out/big.txt
      small:
        needs: [eval]
        when: {metric: {file: out/eval.json, key: acc, op: '<', value: 0.8}}
        run: echo small > out/small.txt
      polish:
        needs: [small]
        run: echo polish > out/polish.txt
      report:
        needs: [big, small]
        run: cat out/*.txt > out/report.txt
        done_when: {exists: out/report.txt}
"""


def test_a_metric_picks_one_branch_and_the_other_is_skipped(tmp_path):
    proj = tmp_path / "proj"
    spec = write_spec(proj, BRANCH_SPEC)
    code = forked_cli.run("plan", spec, "--home", tmp_path / "home", "--json", cwd=proj)
    forks = json.loads(code.stdout)["forks"]
    assert [(f["key"], f["default"]) for f in forks] == [("branch:m:big,small", "metric")]
    run_dir = answer_and_start(spec, tmp_path / "home", proj, "Q1=metric")
    doc = forked_cli.tick_until(run_dir, tmp_path, phases=("complete", "blocked"), timeout=TIMEOUT)
    assert doc["phase"] == "complete", doc["phase_reason"]
    stages = doc["entities"]["m"]["stages"]
    assert {name: st["status"] for name, st in stages.items()} == {
        "eval": "succeeded", "big": "succeeded", "small": "skipped", "polish": "skipped", "report": "succeeded"}
    assert stages["small"]["attempt"] == 0 and stages["polish"]["attempt"] == 0
    assert (proj / "out" / "big.txt").is_file()
    assert not (proj / "out" / "small.txt").exists() and not (proj / "out" / "polish.txt").exists()
    assert (proj / "out" / "report.txt").read_text() == "big\n"
    skipped = kinds(run_dir, "skipped")
    assert [e["stage"] for e in skipped] == ["small", "polish"]


def test_a_branch_without_its_metric_is_held_not_guessed(tmp_path):
    proj = tmp_path / "proj"
    spec = write_spec(proj, BRANCH_SPEC.replace("""mkdir -p out && echo '{"acc":0.91}' > out/eval.json""",
                                                "mkdir -p out && echo no metric > out/eval.txt")
                      .replace("done_when: {exists: out/eval.json}", "done_when: {exists: out/eval.txt}"))
    run_dir = answer_and_start(spec, tmp_path / "home", proj, "Q1=metric")
    doc = forked_cli.tick_until(run_dir, tmp_path, phases=("blocked", "complete"), timeout=TIMEOUT)
    assert doc["phase"] == "blocked"
    stages = doc["entities"]["m"]["stages"]
    assert (stages["big"]["status"], stages["small"]["status"]) == ("held", "held")
    assert "file missing" in stages["big"]["reason"]
    assert stages["report"]["status"] == "blocked"
    assert (run_dir / "failures" / "m__analysis.md").is_file()
    assert not (proj / "out" / "big.txt").exists() and not (proj / "out" / "small.txt").exists()
