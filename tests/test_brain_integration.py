"""The brain end to end (issue #3): real runners and jobs, driven through the CLI (in forks of the test process,
tests/forked_cli.py; the first refusal of release, and the commands run with a short lock wait, as real processes).

Hung jobs (SIGSTOP, a job that ignores TERM) are cancelled TERM -> KILL and retried; exit 0
with a traceback fails; code bugs are held at once with a failure analysis while the others
go on; notify runs once per hold; the human's hold / release / diagnose; the tick lock.

Timing: stall_after 2s, cancel_grace 1s, steps of 0.05-0.1s; every wait is bounded.
"""

import json
import shutil
import signal
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace

import forked_cli
import psutil
import pytest
from conftest import (
    alive,
    clean_env,
    cli,
    kill_everything_under,
    read_events,
    read_state,
    wait_for,
    write_spec,
)

pytestmark = pytest.mark.integration

PY = sys.executable
FAKE_TRAIN = Path(__file__).resolve().parents[1] / "examples" / "demo" / "fake_train.py"
PROGRESS = r"progress: {regex: 'step (?P<done>\d+)/(?P<total>\d+)', stall_after: 2s}"


# --- helpers -------------------------------------------------------------------------


def make_workdir(root: Path, spec_text: str, scripts: dict[str, str] | None = None) -> Path:
    """A pipeline folder with fake_train.py, the given scripts and the spec (@PY@ = this Python)."""
    work = root / "work"
    work.mkdir(parents=True, exist_ok=True)
    shutil.copy(FAKE_TRAIN, work / "fake_train.py")
    for name, text in (scripts or {}).items():
        (work / name).write_text(text)
    return write_spec(work, spec_text.replace("@PY@", PY))


def stage(state: dict, entity: str, name: str) -> dict:
    return state["entities"][entity]["stages"][name]


def summary(state: dict) -> str:
    return json.dumps({f"{e}.{s}": (st["status"], st["attempt"]) for e, ent in state["entities"].items()
                       for s, st in ent["stages"].items()} | {"phase": state["phase"]})


def tick(run_dir: Path, cwd: Path) -> subprocess.CompletedProcess:
    """One tick, in a fork of this process (tests/forked_cli.py): the decisions are the point, not the process."""
    return forked_cli.run("tick", "--run", run_dir, cwd=cwd, check=True)


def tick_until(run_dir: Path, cwd: Path, predicate, what: str, timeout: float = 30.0, pace: float = 0.1) -> dict:
    """Tick through the CLI until ``predicate(state)`` holds; the state then."""
    deadline = time.monotonic() + timeout
    while True:
        tick(run_dir, cwd)
        state = read_state(run_dir)
        if predicate(state):
            return state
        if time.monotonic() >= deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}: {summary(state)}")
        time.sleep(pace)


def job_processes(job_name: str) -> list[psutil.Process]:
    """Live (non-zombie) processes tagged TIANLUO_JOB=<job_name>."""
    found = []
    for proc in psutil.process_iter():
        try:
            if proc.status() != psutil.STATUS_ZOMBIE and proc.environ().get("TIANLUO_JOB") == job_name:
                found.append(proc)
        except psutil.Error:
            continue
    return found


def is_runner(proc: psutil.Process) -> bool:
    try:
        return "tianluo.runner" in proc.cmdline()
    except psutil.Error:
        return False


def events_for(events: list[dict], entity: str, kind: str, attempt: int | None = None) -> list[dict]:
    return [e for e in events if e.get("entity") == entity and e["event"] == kind
            and (attempt is None or e.get("attempt") == attempt)]


def ts(event: dict) -> float:
    return datetime.fromisoformat(event["ts"]).timestamp()


def exit_record(run_dir: Path, entity: str, stage_name: str, n: int) -> dict:
    return json.loads((run_dir / "attempts" / entity / stage_name / str(n) / "exit.json").read_text())


def one_line_error(proc: subprocess.CompletedProcess) -> str:
    err = proc.stderr.strip()
    assert err and "\n" not in err, f"expected one line on stderr, got: {proc.stderr!r}"
    assert err.startswith("tianluo: ")
    assert "Traceback" not in err
    return err


# --- one run, many faults ------------------------------------------------------------

FAULTS_SPEC = f"""
name: faults
cancel_grace: 1s
entities:
  stopped:
    stages:
      train:
        run: @PY@ fake_train.py --out out/{{entity}} --steps 60 --step-seconds $(test "$TIANLUO_ATTEMPT" = 1 && echo 0.7 || echo 0.1) --ckpt-every 2
        {PROGRESS}
        done_when: {{exists: 'out/{{entity}}/final.ckpt'}}
  stopped-one:
    stages:
      train:
        run: @PY@ fake_train.py --out out/{{entity}} --steps 60 --step-seconds $(test "$TIANLUO_ATTEMPT" = 1 && echo 0.7 || echo 0.1) --ckpt-every 2
        {PROGRESS}
        done_when: {{exists: 'out/{{entity}}/final.ckpt'}}
  trapped:
    stages:
      train:
        run: trap '' TERM; @PY@ fake_train.py --out out/{{entity}} --steps 10 --step-seconds 0.1 --ckpt-every 2 --fail hang --fail-at-step 3 --fail-attempts 1
        {PROGRESS}
        done_when: {{exists: 'out/{{entity}}/final.ckpt'}}
  exit0tb:
    stages:
      train:
        run: @PY@ exit0_traceback.py out/{{entity}}
        done_when: {{exists: 'out/{{entity}}/final.ckpt'}}
  codebug:
    stages:
      train:
        run: @PY@ fake_train.py --out out/{{entity}} --steps 10 --step-seconds 0.05 --fail typeerror --fail-at-step 2
        done_when: {{exists: 'out/{{entity}}/final.ckpt'}}
      eval:
        needs: [train]
        run: echo evaluating
  noisy:
    stages:
      train:
        run: @PY@ noisy.py
  oom:
    stages:
      train:
        run: @PY@ fake_train.py --out out/{{entity}} --steps 5 --step-seconds 0.05 --batch-size 64 --oom-above-batch 32
        done_when: {{exists: 'out/{{entity}}/final.ckpt'}}
  good:
    stages:
      train:
        run: @PY@ fake_train.py --out out/{{entity}} --steps 5 --step-seconds 0.05
        done_when: {{exists: 'out/{{entity}}/final.ckpt'}}
      eval:
        needs: [train]
        run: echo evaluated
ladder:
  transient: {{retries: 2, backoff: [0s]}}
  config: {{retries: 3, backoff: [0s]}}
  code: {{retries: 0}}
notify:
  - command: printf '%s|%s|%s\\n' {{entity}} {{stage}} {{title}} >> notify.log
"""  # noqa: E501 - a stage's run: line is one YAML line

EXIT0_TRACEBACK = '''
import pathlib, sys
out = pathlib.Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
print("step 1/1 loss=0.1", flush=True)
(out / "final.ckpt").write_text("{}")
sys.stderr.write("Exception in thread data-loader:\\n"
                 "Traceback (most recent call last):\\n"
                 '  File "loader.py", line 12, in run\\n'
                 "    batch = collate(samples) + 1\\n"
                 'TypeError: can only concatenate list (not "int") to list\\n')
sys.exit(0)
'''

NOISY = '''
import sys
err = sys.stderr
err.write("Traceback (most recent call last):\\n"
          '  File "train.py", line 7, in <module>\\n'
          "    loss = loss + batch\\n"
          "TypeError: unsupported operand type(s) for +: 'float' and 'list'\\n")
for i in range(120000):
    if i % 500 == 0:
        err.write(f"[rank1]: WARNING ConnectionResetError: [Errno 104] Connection reset by peer (retry {i})\\n")
    else:
        err.write(f"data worker {i}: prefetch queue depth 8, skipped 0 records\\n")
err.flush()
sys.exit(1)
'''

HELD = ("exit0tb", "codebug", "noisy", "oom")


@pytest.fixture(scope="module")
def faults(tmp_path_factory):
    """Run the FAULTS_SPEC run until it is blocked; SIGSTOP two trainers on the way."""
    root = tmp_path_factory.mktemp("faults")
    spec = make_workdir(root, FAULTS_SPEC, {"exit0_traceback.py": EXIT0_TRACEBACK, "noisy.py": NOISY})
    work = spec.parent
    try:
        t0 = time.monotonic()
        run_dir = forked_cli.start_run(spec, root / "home", root)

        def trainers_moving(state):
            return all(stage(state, e, "train")["status"] == "running"
                       and (stage(state, e, "train")["progress"] or {}).get("done", 0) >= 2
                       for e in ("stopped", "stopped-one"))

        # attempt 1 takes 42 s (0.7 s a step, under stall_after 2s), so a busy machine cannot let the trainers
        # end before they are found and stopped; attempt 2 resumes at 0.1 s a step. A loaded CI host (the whole
        # suite's lanes beside other work) took over 15 s to see two steps of both.
        state = tick_until(run_dir, root, trainers_moving, "both stopped trainers to make progress", timeout=40)
        # stopped: every process of the job (sh and the trainer) is SIGSTOPped, not the runner
        stopped_job = stage(state, "stopped", "train")["attempts"][0]["job_name"]
        workers = [p for p in job_processes(stopped_job) if not is_runner(p)]
        assert len(workers) >= 1, "no job processes found by the TIANLUO_JOB tag"
        for p in workers:
            p.send_signal(signal.SIGSTOP)
        # stopped-one: only the trainer itself is SIGSTOPped
        one_job = stage(state, "stopped-one", "train")["attempts"][0]["job_name"]
        (trainer,) = [p for p in job_processes(one_job) if "fake_train.py" in p.cmdline()]
        trainer.send_signal(signal.SIGSTOP)
        wait_for(lambda: all(p.status() == psutil.STATUS_STOPPED for p in workers + [trainer]), timeout=5,
                 what="the SIGSTOPped processes to stop")
        diag = forked_cli.run("diagnose", "stopped", "--json", "--run", run_dir, cwd=root, check=True)

        state = tick_until(run_dir, root, lambda s: s["phase"] in ("blocked", "complete"),
                           "the run to be blocked", timeout=40, pace=0.05)
        notified_at_block = (work / "notify.log").read_text().splitlines()
        for _ in range(3):  # more ticks: nothing is told again
            tick(run_dir, root)
        yield SimpleNamespace(
            root=root, work=work, run_dir=run_dir, state=read_state(run_dir), blocked_state=state,
            events=read_events(run_dir), stopped_pids=[p.pid for p in workers], stopped_one_pid=trainer.pid,
            stopped_diag=json.loads(diag.stdout), notified_at_block=notified_at_block,
            notified_later=(work / "notify.log").read_text().splitlines(), seconds=time.monotonic() - t0,
        )
    finally:
        kill_everything_under(root)


def test_faults_run_ends_blocked_by_the_held_entities_only(faults):
    state = faults.state
    assert state["phase"] == "blocked"
    for entity in HELD:
        assert stage(state, entity, "train")["status"] == "held", entity
        assert stage(state, entity, "train")["hold"]["by"] == "ladder"
    for entity in ("stopped", "stopped-one", "trapped", "good"):
        assert stage(state, entity, "train")["status"] == "succeeded", entity
    assert stage(state, "good", "eval")["status"] == "succeeded"
    assert stage(state, "codebug", "eval")["status"] == "blocked"
    assert stage(state, "codebug", "eval")["attempts"] == []
    # three more ticks after the block: nothing held started again
    for entity in HELD:
        assert stage(state, entity, "train")["attempt"] == stage(faults.blocked_state, entity, "train")["attempt"]
    assert state["total_attempts"] == faults.blocked_state["total_attempts"]


def test_diagnose_of_a_held_stage_shows_what_was_recorded(faults):
    proc = forked_cli.run("diagnose", "codebug", "--json", "--run", faults.run_dir, cwd=faults.root, check=True)
    doc = json.loads(proc.stdout)
    train, ev = doc["stages"]["train"], doc["stages"]["eval"]
    assert (train["status"], train["live"]) == ("held", False)
    assert (train["fault"]["class"], train["fault"]["label"]) == ("code", "type_error")
    assert train["hold"]["by"] == "ladder" and train["hold"]["analysis"] == "failures/codebug__analysis.md"
    assert train["diagnosis"]["verdict"] == "failed: code/type_error"
    assert train["diagnosis"]["container"]["exit_code"] == 1
    assert train["diagnosis"]["scheduler"]["alive"] is False
    assert (ev["status"], ev["attempt"], ev["diagnosis"]) == ("blocked", 0, None)
    text = forked_cli.run("diagnose", "codebug", "--run", faults.run_dir, cwd=faults.root, check=True).stdout
    assert "codebug/train: held, attempt 1 (as last recorded)" in text
    assert "  fault: code/type_error: stderr: TypeError" in text
    assert "  hold: by ladder:" in text


def test_a_sigstopped_job_is_hung_killed_after_grace_and_succeeds_on_attempt_2(faults):
    st = stage(faults.state, "stopped", "train")
    assert st["attempt"] == 2
    first, second = st["attempts"]
    assert (first["fault"]["class"], first["fault"]["label"]) == ("transient", "hang")
    assert first["outcome"] == "failed" and second["outcome"] == "succeeded"
    assert st["budget_used"] == {"transient": 1}
    (hung,) = events_for(faults.events, "stopped", "hung", 1)
    assert "stall_after 2s" in hung["message"]
    cancels = events_for(faults.events, "stopped", "cancelled", 1)
    term = [e for e in cancels if e["signal"] == "TERM"]
    assert len(term) == 1, cancels
    assert set(faults.stopped_pids) <= set(term[0]["pids"])
    # TERM is followed by CONT, so a stopped job acts on TERM at once: no KILL was needed
    assert exit_record(faults.run_dir, "stopped", "train", 1)["signal"] == signal.SIGTERM
    assert not events_for(faults.events, "stopped", "cancel_kill", 1)
    assert not any(alive(pid) for pid in faults.stopped_pids)
    assert (faults.work / "out" / "stopped" / "final.ckpt").exists()


def test_diagnose_sees_a_sigstopped_job_still_alive(faults):
    doc = faults.stopped_diag
    train = doc["stages"]["train"]
    assert train["live"] is True and train["status"] == "running"
    sched = train["diagnosis"]["scheduler"]
    assert sched["alive"] is True and sched["state"] == "running"
    assert sched["pid"] == stage(faults.state, "stopped", "train")["attempts"][0]["handle"]["pid"]


def test_diagnose_shows_a_sigstopped_job_as_stopped(faults):
    diagnosis = faults.stopped_diag["stages"]["train"]["diagnosis"]
    assert diagnosis["scheduler"]["proc_status"] == "stopped"


def test_a_sigstopped_trainer_under_a_shell_does_not_outlive_its_attempt(faults):
    st = stage(faults.state, "stopped-one", "train")
    assert st["status"] == "succeeded" and st["attempt"] == 2  # the retry itself works
    assert not alive(faults.stopped_one_pid)


def test_a_job_that_ignores_term_is_killed_after_grace_and_retried(faults):
    st = stage(faults.state, "trapped", "train")
    assert st["status"] == "succeeded" and st["attempt"] == 2
    assert st["attempts"][0]["fault"]["label"] == "hang"
    cancels = events_for(faults.events, "trapped", "cancelled", 1)
    signals = [e["signal"] for e in cancels]
    assert signals[0] == "TERM" and "KILL" in signals
    term, kill = cancels[0], next(e for e in cancels if e["signal"] == "KILL")
    assert ts(kill) - ts(term) >= 1.0
    assert events_for(faults.events, "trapped", "cancel_kill", 1)
    record = exit_record(faults.run_dir, "trapped", "train", 1)
    assert record["signal"] == signal.SIGKILL  # TERM was ignored; KILL ended it
    stdout = (faults.run_dir / "attempts" / "trapped" / "train" / "1" / "stdout").read_text()
    assert "failing on cue (hang)" in stdout


def test_exit_zero_with_a_traceback_fails_as_code_and_is_held(faults):
    st = stage(faults.state, "exit0tb", "train")
    assert st["status"] == "held"
    assert st["attempt"] == 1
    (attempt,) = st["attempts"]
    assert attempt["exit_code"] == 0 and attempt["outcome"] == "failed"
    assert (st["fault"]["class"], st["fault"]["label"]) == ("code", "type_error")
    assert 'TypeError: can only concatenate list (not "int") to list' in st["fault"]["evidence"]
    assert (faults.work / "out" / "exit0tb" / "final.ckpt").exists()  # done_when held, still not a success
    assert "exited 0 but the log has a fatal line" in st["diagnosis"]["verdict"]
    assert not events_for(faults.events, "exit0tb", "succeeded")


def test_a_code_bug_is_held_at_once_with_a_failure_analysis(faults):
    st = stage(faults.state, "codebug", "train")
    assert st["status"] == "held" and st["attempt"] == 1
    assert st["budget_used"] == {}
    assert st["hold"]["analysis"] == "failures/codebug__analysis.md"
    text = (faults.run_dir / "failures" / "codebug__analysis.md").read_text()
    assert "- class: `code`" in text
    assert "- label: `type_error`" in text
    assert '- evidence: `stderr: TypeError: can only concatenate list (not "int") to list`' in text
    tail = text[text.index("### stderr, last"):text.index("### Suggested next step")]
    assert "Traceback (most recent call last):" in tail and "return batch + 1" in tail
    assert "A bug in the job's own code" in text
    assert f"tianluo release codebug --retry --run {faults.run_dir.resolve()}" in text
    for layer in ("scheduler", "container", "logs", "output"):
        assert f"- {layer}:" in text
    assert events_for(faults.events, "codebug", "analysis_written")


def test_a_fatal_line_above_100k_lines_of_noise_still_classifies(faults):
    st = stage(faults.state, "noisy", "train")
    assert st["status"] == "held" and st["attempt"] == 1
    assert (st["fault"]["class"], st["fault"]["label"]) == ("code", "type_error")
    assert "unsupported operand type(s) for +: 'float' and 'list'" in st["fault"]["evidence"]
    stderr = faults.run_dir / "attempts" / "noisy" / "train" / "1" / "stderr"
    assert stderr.stat().st_size > 5_000_000
    cursor = st["attempts"][0]["log_cursors"]["stderr"]
    assert cursor["offset"] == stderr.stat().st_size  # read to the end, once
    text = (faults.run_dir / "failures" / "noisy__analysis.md").read_text()
    tail = text[text.index("### stderr, last"):text.index("### Suggested next step")]
    assert "TypeError" not in tail and "prefetch queue" in tail  # the tail alone would not have told


def test_cuda_oom_is_retried_once_then_held_by_the_repeated_fingerprint(faults):
    st = stage(faults.state, "oom", "train")
    assert st["status"] == "held"
    assert st["attempt"] == 2 and len(st["attempts"]) == 2
    assert (st["fault"]["class"], st["fault"]["label"]) == ("config", "cuda_oom")
    assert st["budget_used"] == {"config": 1}  # 3 were allowed: the repeat rule stopped it
    assert st["reason"].startswith("the same failure twice in a row")
    a, b = st["attempts"]
    assert a["fingerprint"] == b["fingerprint"]


def test_notify_runs_once_per_hold_and_once_for_the_blocked_run(faults):
    lines = faults.notified_later
    assert lines == faults.notified_at_block  # three more ticks told nobody anything
    for entity in HELD:
        mine = [ln for ln in lines if ln.startswith(f"{entity}|train|")]
        assert mine == [f"{entity}|train|tianluo: {entity}/train is on hold"], lines
    assert [ln for ln in lines if ln.endswith("is blocked")] == ["||tianluo: run faults is blocked"]
    assert len(lines) == len(HELD) + 1
    notified = [e for e in faults.events if e["event"] == "notified"]
    assert sorted((e["kind"], e.get("entity")) for e in notified) == sorted(
        [("held", e) for e in HELD] + [("blocked", None)])
    assert all(e["result"] == "exit 0" and e["channel"] == "command" for e in notified)
    state = faults.state
    assert state["blocked_notified"] is True
    assert all(stage(state, e, "train")["hold"]["notified"] for e in HELD)
    assert len(state["notices"]) == len(HELD) + 1 and all(n["sent_at"] for n in state["notices"])


# --- diagnose ------------------------------------------------------------------------

DIAG_SPEC = """
name: diag
entities:
  d:
    stages:
      train:
        run: @PY@ fake_train.py --out out/{entity} --steps 600 --step-seconds 0.05 --ckpt-every 5
        progress: {regex: 'step (?P<done>\\d+)/(?P<total>\\d+)', stall_after: 1m}
        output: {path: 'out/{entity}/last.ckpt', grows_within: 1m}
        done_when: {exists: 'out/{entity}/final.ckpt'}
      eval:
        needs: [train]
        run: echo eval
"""


def test_diagnose_shows_the_five_layers_of_a_running_job(tmp_path):
    spec = make_workdir(tmp_path, DIAG_SPEC)
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path)
    tick_until(run_dir, tmp_path, lambda s: stage(s, "d", "train")["status"] == "running"
               and stage(s, "d", "train")["progress"] is not None, "the trainer to run", timeout=15)
    before = (run_dir / "state.json").read_bytes()
    proc = forked_cli.run("diagnose", "d", "--json", "--run", run_dir, cwd=tmp_path, check=True)
    doc = json.loads(proc.stdout)
    assert (doc["version"], doc["entity"]) == (1, "d")
    train = doc["stages"]["train"]
    assert (train["status"], train["attempt"], train["live"]) == ("running", 1, True)
    layers = train["diagnosis"]
    assert set(layers) >= {"scheduler", "container", "logs", "progress", "output", "verdict"}
    handle_pid = read_state(run_dir)["entities"]["d"]["stages"]["train"]["attempts"][0]["handle"]["pid"]
    sched = layers["scheduler"]
    assert (sched["alive"], sched["state"], sched["pid"]) == (True, "running", handle_pid)
    assert psutil.pid_exists(sched["pid"])
    assert layers["container"]["exit_code"] is None
    assert {"stdout", "stderr"} <= set(layers["logs"]["files"])
    assert layers["progress"]["done"] >= 1 and layers["progress"]["total"] == 600
    assert layers["progress"]["stall_after_s"] == 60
    assert layers["output"]["path"] == "out/d/last.ckpt"
    assert layers["output"]["done_when"][0]["target"] == "out/d/final.ckpt"
    assert layers["output"]["done_when"][0]["ok"] is False
    assert layers["verdict"] == "running"
    assert doc["stages"]["eval"]["diagnosis"] is None and doc["stages"]["eval"]["live"] is False

    text = forked_cli.run("diagnose", "d", "--run", run_dir, cwd=tmp_path, check=True).stdout
    assert "d/train: running, attempt 1 (looked at now)" in text
    for layer in ("scheduler", "container", "logs", "progress", "output"):
        assert f"  - {layer}: " in text, text
    assert "/600" in text
    assert "d/eval: pending, attempt 0" in text and "not started yet" in text
    assert (run_dir / "state.json").read_bytes() == before  # diagnose only looks

    bad = forked_cli.run("diagnose", "nope", "--run", run_dir, cwd=tmp_path)
    assert bad.returncode == 2
    assert "no entity 'nope'" in one_line_error(bad)


# --- release -------------------------------------------------------------------------

RELEASE_SPEC = """
name: release
entities:
  fixme:
    stages:
      train:
        run: @PY@ flaky.py out/{entity}
        done_when: {exists: 'out/{entity}/final.ckpt'}
      eval:
        needs: [train]
        run: test -f out/fixme/final.ckpt && echo evaluated
  skipme:
    stages:
      train:
        run: @PY@ fake_train.py --out out/{entity} --steps 3 --step-seconds 0.01 --fail typeerror --fail-at-step 1
      eval:
        needs: [train]
        run: echo evaluated > skipme-eval.txt
        done_when: {exists: skipme-eval.txt}
ladder:
  code: {retries: 0}
"""

FLAKY = '''
import pathlib, sys
if not pathlib.Path("fixed.flag").exists():
    sys.stderr.write("Traceback (most recent call last):\\n"
                     '  File "flaky.py", line 4, in <module>\\n'
                     "TypeError: expected str, bytes or os.PathLike object, not NoneType\\n")
    sys.exit(1)
out = pathlib.Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
(out / "final.ckpt").write_text("{}")
'''


def test_release_retry_after_a_fix_and_skip_and_unblock_let_the_run_complete(tmp_path):
    spec = make_workdir(tmp_path, RELEASE_SPEC, {"flaky.py": FLAKY})
    work = spec.parent
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path)
    state = tick_until(run_dir, tmp_path, lambda s: s["phase"] == "blocked", "both trains held", timeout=20)
    for entity in ("fixme", "skipme"):
        assert stage(state, entity, "train")["status"] == "held"
        assert stage(state, entity, "eval")["status"] == "blocked"
    assert (run_dir / "failures" / "fixme__analysis.md").is_file()

    before = (run_dir / "state.json").read_bytes()
    plain = cli("release", "fixme", "--run", run_dir, cwd=tmp_path)  # the first refusal a real process
    assert plain.returncode == 2
    err = one_line_error(plain)
    assert "fixme.train" in err and "--retry" in err and "--skip" in err
    both = forked_cli.run("release", "fixme", "--retry", "--skip", "--run", run_dir, cwd=tmp_path)
    assert both.returncode == 2 and len(both.stderr.strip().splitlines()) == 1
    unknown = forked_cli.run("release", "nope", "--retry", "--run", run_dir, cwd=tmp_path)
    assert unknown.returncode == 2 and "no entity 'nope'" in one_line_error(unknown)
    assert (run_dir / "state.json").read_bytes() == before  # refused: nothing changed

    (work / "fixed.flag").write_text("fixed\n")
    retried = forked_cli.run("release", "fixme", "--retry", "--no-tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert "fixme/train: released: runs again at the next tick" in retried.stdout
    assert stage(read_state(run_dir), "fixme", "train")["status"] == "retry_wait"
    skipped = forked_cli.run("release", "skipme", "--skip", "--run", run_dir, cwd=tmp_path, check=True)
    assert "skipme/train: released: skipped" in skipped.stdout

    # a skipped stage blocks what needs it (issue 23): eval waits for the owner's explicit unblock
    state = tick_until(run_dir, tmp_path, lambda s: stage(s, "fixme", "eval")["status"] == "succeeded"
                       and stage(s, "skipme", "eval")["status"] == "blocked", "eval blocked by the skip", timeout=20)
    assert state["phase"] == "blocked", summary(state)
    forked_cli.run("unblock", "skipme.eval", "--reason", "evaluate what there is", "--run", run_dir, cwd=tmp_path,
             check=True)
    state = tick_until(run_dir, tmp_path, lambda s: s["phase"] in ("complete", "blocked"), "complete", timeout=20)
    assert state["phase"] == "complete", summary(state)
    fixme = stage(state, "fixme", "train")
    assert fixme["status"] == "succeeded" and fixme["attempt"] == 2
    assert [a["outcome"] for a in fixme["attempts"]] == ["failed", "succeeded"]
    assert stage(state, "fixme", "eval")["status"] == "succeeded"
    assert stage(state, "skipme", "train")["status"] == "skipped"
    assert stage(state, "skipme", "train")["attempt"] == 1  # skipped, never run again
    assert stage(state, "skipme", "eval")["status"] == "succeeded"
    assert (work / "skipme-eval.txt").read_text() == "evaluated\n"
    released = [e for e in read_events(run_dir) if e["event"] == "released"]
    assert {(e["entity"], e["action"]) for e in released} == {("fixme", "retry"), ("skipme", "skip")}


# --- the human's hold ------------------------------------------------------------------

HANDS_SPEC = """
name: hands
entities:
  x:
    stages:
      train:
        run: sleep 1.5; mkdir -p out; touch out/x.train
      eval:
        needs: [train]
        run: touch out/x.eval
  y:
    stages:
      train:
        run: sleep 0.2; mkdir -p out; touch out/y.train
      eval:
        needs: [train]
        run: touch out/y.eval
"""

QUICK_SPEC = """
name: quick
entities:
  x:
    stages:
      train:
        run: echo x
  y:
    stages:
      train:
        run: echo y
"""


def test_hold_stops_new_attempts_of_one_entity_while_others_go_on(tmp_path):
    spec = make_workdir(tmp_path, HANDS_SPEC)
    work = spec.parent
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path)  # x.train and y.train are launched
    held = forked_cli.run("hold", "x", "--reason", "check the data", "--run", run_dir, cwd=tmp_path, check=True)
    assert "x: held by a human: check the data" in held.stdout
    assert "x.train: attempt 1 keeps running; nothing new starts after it" in held.stdout
    state = read_state(run_dir)
    assert state["entities"]["x"]["hold"]["by"] == "human"
    assert stage(state, "x", "eval")["status"] == "held"

    state = tick_until(run_dir, tmp_path, lambda s: s["phase"] == "blocked", "y done and x held", timeout=20)
    assert stage(state, "x", "train")["status"] == "succeeded"  # the running attempt finished
    assert stage(state, "x", "eval")["status"] == "held"
    assert stage(state, "x", "eval")["attempts"] == []  # nothing new started
    assert not (work / "out" / "x.eval").exists()
    assert stage(state, "y", "eval")["status"] == "succeeded"
    assert not (run_dir / "failures").exists()  # a human hold writes no failure analysis

    released = forked_cli.run("release", "x", "--run", run_dir, cwd=tmp_path, check=True)
    assert "x/eval: released: waits for its needs again" in released.stdout
    state = tick_until(run_dir, tmp_path, lambda s: s["phase"] == "complete", "complete", timeout=15)
    assert stage(state, "x", "eval")["status"] == "succeeded"
    assert (work / "out" / "x.eval").exists()
    again = forked_cli.run("release", "x", "--run", run_dir, cwd=tmp_path)
    assert again.returncode == 2 and "nothing is held" in one_line_error(again)


def test_hold_all_starts_nothing_until_each_entity_is_released(tmp_path):
    spec = make_workdir(tmp_path, QUICK_SPEC)
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    proc = forked_cli.run("hold", "--all", "--run", run_dir, cwd=tmp_path, check=True)
    assert "x: held by a human" in proc.stdout and "y: held by a human" in proc.stdout
    for _ in range(2):
        tick(run_dir, tmp_path)
    state = read_state(run_dir)
    assert state["total_attempts"] == 0
    assert not (run_dir / "attempts").exists()
    assert all(state["entities"][e]["hold"] for e in ("x", "y"))
    assert {stage(state, e, "train")["status"] for e in ("x", "y")} == {"held"}
    assert state["phase"] == "blocked"

    forked_cli.run("release", "x", "--run", run_dir, cwd=tmp_path, check=True)
    state = tick_until(run_dir, tmp_path, lambda s: stage(s, "x", "train")["status"] == "succeeded",
                       "x to run", timeout=15)
    assert stage(state, "y", "train")["attempts"] == []
    forked_cli.run("release", "y", "--run", run_dir, cwd=tmp_path, check=True)
    state = tick_until(run_dir, tmp_path, lambda s: s["phase"] == "complete", "complete", timeout=15)
    assert state["total_attempts"] == 2

    no_entity = forked_cli.run("hold", "--run", run_dir, cwd=tmp_path)
    assert no_entity.returncode == 2 and "--all" in one_line_error(no_entity)


# --- the lock --------------------------------------------------------------------------

SHORT_WAIT = ("import sys, tianluo.commands as c; c.LOCK_WAIT_S = 0.5; "
              "from tianluo.cli import main; sys.exit(main(sys.argv[1:]))")
LOCKER = ("import fcntl, os, sys, time; fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644); "
          "fcntl.flock(fd, fcntl.LOCK_EX); print('locked', flush=True); time.sleep(float(sys.argv[2])); "
          "open('released', 'w').write(repr(time.time()))")


def hold_lock(run_dir: Path, cwd: Path, seconds: float) -> subprocess.Popen:
    """Another process that takes the run's lock and keeps it for ``seconds``."""
    proc = subprocess.Popen([PY, "-c", LOCKER, str(run_dir / ".lock"), str(seconds)], cwd=cwd,
                            stdout=subprocess.PIPE, text=True, env=clean_env())
    assert proc.stdout.readline().strip() == "locked"
    return proc


def test_hold_and_release_say_so_and_change_nothing_while_the_lock_is_busy(tmp_path):
    spec = make_workdir(tmp_path, QUICK_SPEC)
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    state_before = (run_dir / "state.json").read_bytes()
    events_before = (run_dir / "events.jsonl").read_bytes()
    # held for longer than the three commands can take on a loaded host (a CI run took over 10 s each and the lock
    # was free again by the third); killed at the end
    locker = hold_lock(run_dir, tmp_path, 300)
    try:
        for args in (["hold", "x"], ["hold", "--all"], ["release", "x", "--retry"]):
            t0 = time.monotonic()
            proc = subprocess.run([PY, "-c", SHORT_WAIT, *args, "--run", str(run_dir)], cwd=tmp_path,
                                  env=clean_env(), capture_output=True, text=True, timeout=30, check=False)
            took = time.monotonic() - t0
            assert proc.returncode == 75, (args, proc.stdout, proc.stderr)
            assert proc.stdout == ""
            err = one_line_error(proc)
            assert "lock" in err and "nothing was changed" in err and "try again" in err
            # waited its 0.5 s, not the 30 s a plain hold waits: the line names the wait it gave up after (a bound on
            # the wall time flaked on a loaded CI host, where the three commands took 11 to 25 s each)
            assert "stayed taken for over 0.5s" in err and took >= 0.5, (err, took)
        assert (run_dir / "state.json").read_bytes() == state_before
        assert (run_dir / "events.jsonl").read_bytes() == events_before
    finally:
        locker.kill()
        locker.wait(timeout=10)


def test_hold_waits_for_a_lock_that_is_released_in_time(tmp_path):
    spec = make_workdir(tmp_path, QUICK_SPEC)
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    locker = hold_lock(run_dir, tmp_path, 1.5)
    try:
        asked = time.time()
        proc = forked_cli.run("hold", "x", "--run", run_dir, cwd=tmp_path, timeout=30)
        assert proc.returncode == 0, proc.stderr
        released = float((tmp_path / "released").read_text())
        assert asked < released  # the command was started while the other process held the lock
        (held,) = [e for e in read_events(run_dir) if e["event"] == "held"]
        assert ts(held) >= released  # ...and changed the state only after it let go
        assert read_state(run_dir)["entities"]["x"]["hold"]["by"] == "human"
    finally:
        locker.kill()
        locker.wait(timeout=10)


UTF16_JOB = """\
import sys, time
err = sys.stderr.buffer
err.write(b"\\xff\\xfe")  # UTF-16 LE's byte-order mark, as PowerShell 5's redirect writes it
for i in range(1, 4):
    err.write(f"step {i}/10\\r\\n".encode("utf-16-le"))
    err.flush()
    time.sleep(0.2)
err.write("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\\r\\n".encode("utf-16-le"))
sys.exit(1)
"""

UTF16_SPEC = f"""
name: utf16
max_attempts: 1
entities:
  w:
    stages:
      train:
        run: @PY@ utf16_job.py
        {PROGRESS}
        done_when: {{exists: 'never.txt'}}
"""


def test_a_job_that_writes_its_log_in_utf16_is_read_by_a_real_tick(tmp_path):
    """A real job's stderr in UTF-16 with its byte-order mark: the tick reads its progress and names its fault from
    its words, as it would the same text in UTF-8."""
    spec = make_workdir(tmp_path, UTF16_SPEC, {"utf16_job.py": UTF16_JOB})
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path)
    state = tick_until(run_dir, tmp_path, lambda s: stage(s, "w", "train")["attempts"]
                       and stage(s, "w", "train")["attempts"][0].get("fault"), "the job's fault", timeout=30)
    first = stage(state, "w", "train")["attempts"][0]
    assert (first["fault"]["class"], first["fault"]["label"]) == ("config", "cuda_oom"), first["fault"]
    assert "CUDA out of memory" in first["fault"]["evidence"]
    assert stage(state, "w", "train")["progress"]["done"] == 3.0  # its last step line, read as text too
