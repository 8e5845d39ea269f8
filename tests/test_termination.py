"""How runs end: the gate's three modes, on_end, stop --cancel, COMPLETION.md (real local jobs, the CLI)."""

import json
import os
import signal
import time
from pathlib import Path

import forked_cli
from conftest import (
    alive,
    cli,
    read_events,
    read_state,
    start_run,
    tick_until,
    wait_for,
    write_spec,
)

TIMEOUT = 60


def _spec(tmp_path: Path, gate: str, stages: str, extra: str = "") -> Path:
    text = f"name: ends\ninterval: 1m\n{extra}success_gate:\n{gate}entities:\n  a:\n    stages:\n{stages}"
    return write_spec(tmp_path / "proj", text)


def _pid_of(run_dir: Path, sid: str) -> int:
    """The job's own pid (started.json's job_pid, written by the runner once the command started)."""
    state = read_state(run_dir)
    ename, sname = sid.split(".")
    path = run_dir / state["entities"][ename]["stages"][sname]["attempts"][-1]["dir"] / "started.json"

    def pid():
        try:
            return json.loads(path.read_text()).get("job_pid")
        except (FileNotFoundError, ValueError):
            return None

    return wait_for(pid, what="the job's pid in started.json")


def _ignores_term(pid: int) -> bool:
    """Whether process ``pid`` ignores SIGTERM now (its SigIgn mask in /proc)."""
    with open(f"/proc/{pid}/status") as f:
        mask = next(line.split()[1] for line in f if line.startswith("SigIgn:"))
    return bool(int(mask, 16) & 1 << (signal.SIGTERM - 1))


def _kinds(run_dir: Path) -> list[str]:
    return [e["event"] for e in read_events(run_dir)]


def test_complete_and_exit_ends_with_a_completion_report(tmp_path):
    spec = _spec(tmp_path, "  mode: complete-and-exit\n",
                 "      train:\n        run: 'mkdir -p out && echo w > out/model.bin'\n"
                 "        output: {path: out/model.bin, destination: /tmp/tl-dest-ignored}\n"
                 "      eval: {run: 'true', needs: [train]}\n")
    # through real CLI processes (the other tests of a run's end tick in forks: forked_cli)
    run_dir = start_run(spec, tmp_path / "home", tmp_path / "proj")
    doc = tick_until(run_dir, tmp_path / "proj", phases=("complete",), timeout=TIMEOUT)
    assert doc["gate"]["met"] and doc["phase_reason"] == "success gate met"
    text = (run_dir / "COMPLETION.md").read_text()
    assert text.startswith("# ends: complete")
    for heading in ("## Outcome", "## Time", "## What ran", "## Attempts", "## Faults", "## Outputs",
                    "## Left for a human"):
        assert heading in text
    assert "**complete**: success gate met" in text
    assert "| a.train | succeeded | 1 |" in text and "| a.eval | succeeded | 1 |" in text
    assert "- a.train: out/model.bin -> /tmp/tl-dest-ignored" in text
    assert "## Left for a human\n\n- nothing" in text
    state = read_state(run_dir)
    assert state["end"]["outcome"] == "complete" and state["end"]["ended_at"]
    # deterministic, and written again by a later tick when lost
    (run_dir / "COMPLETION.md").unlink()
    cli("tick", "--run", run_dir, cwd=tmp_path / "proj", check=True)
    assert (run_dir / "COMPLETION.md").read_text() == text


def test_checkpoint_and_stop_stops_after_the_named_stage(tmp_path):
    spec = _spec(tmp_path, "  mode: checkpoint-and-stop\n  checkpoint: pretrain\n",
                 "      pretrain: {run: 'true'}\n      finetune: {run: 'true', needs: [pretrain]}\n")
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path / "proj")
    doc = forked_cli.tick_until(run_dir, tmp_path / "proj", phases=("stopped", "complete"), timeout=TIMEOUT)
    assert doc["phase"] == "stopped" and doc["phase_reason"] == "checkpoint reached: a.pretrain"
    assert doc["entities"]["a"]["stages"]["finetune"]["status"] == "pending"
    assert doc["entities"]["a"]["stages"]["finetune"]["attempt"] == 0  # nothing after the checkpoint started
    state = read_state(run_dir)
    assert state["end"]["checkpoint"] is True and state["end"]["outcome"] == "stopped"
    assert "checkpoint_reached" in _kinds(run_dir)
    assert "stopped at its checkpoint" in (run_dir / "COMPLETION.md").read_text()
    assert (run_dir / "lessons.md").exists()
    # start --resume: the same run goes on past its checkpoint, to the gate
    proc = forked_cli.run("start", spec, "--home", tmp_path / "home", "--resume", cwd=tmp_path / "proj")
    assert proc.returncode == 0, proc.stderr
    assert Path(proc.stdout.strip().splitlines()[-1]) == run_dir.resolve()
    doc = forked_cli.tick_until(run_dir, tmp_path / "proj", phases=("complete", "stopped"), timeout=TIMEOUT)
    assert doc["phase"] == "complete"
    assert doc["entities"]["a"]["stages"]["pretrain"]["attempt"] == 1  # not run again
    assert doc["entities"]["a"]["stages"]["finetune"]["status"] == "succeeded"
    assert "run_resumed" in _kinds(run_dir)
    assert "**complete**" in (run_dir / "COMPLETION.md").read_text()
    again = forked_cli.run("start", spec, "--home", tmp_path / "home", "--resume", cwd=tmp_path / "proj")
    assert again.returncode == 2 and "no stopped run" in again.stderr


def test_checkpoint_naming_no_stage_is_refused(tmp_path):
    spec = _spec(tmp_path, "  mode: checkpoint-and-stop\n  checkpoint: nosuch\n", "      train: {run: 'true'}\n")
    proc = forked_cli.run("plan", spec, "--home", tmp_path / "home", cwd=tmp_path / "proj")
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1
    assert "success_gate.checkpoint" in proc.stderr and "'nosuch' names no stage" in proc.stderr


def test_watch_until_deadline_without_a_deadline_is_refused(tmp_path):
    spec = _spec(tmp_path, "  mode: watch-until-deadline\n", "      train: {run: 'true'}\n")
    for verb in ("plan", "start"):
        proc = forked_cli.run(verb, spec, "--home", tmp_path / "home", "--accept-defaults", cwd=tmp_path / "proj")
        assert proc.returncode == 2, proc.stderr
        line = proc.stderr.strip()
        assert len(line.splitlines()) == 1 and "Traceback" not in line
        assert "success_gate" in line and "give a deadline" in line
    assert not (tmp_path / "home").exists() or not list((tmp_path / "home").glob("*-ends"))


def test_watch_until_deadline_keeps_running_then_completes(tmp_path):
    spec = _spec(tmp_path, "  mode: watch-until-deadline\n  deadline: 6s\n", "      train: {run: 'true'}\n")
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path / "proj")
    doc = wait_for(lambda: (d := forked_cli.tick_until(run_dir, tmp_path / "proj", phases=("running", "complete")))
                   ["gate"]["met"] and d, timeout=TIMEOUT, interval=0.2, what="the gate met")
    if doc["phase"] == "running":  # met before the deadline: still watching, not complete
        assert doc["phase_reason"] == "success gate met; watching until the deadline"
        assert "gate_met" in _kinds(run_dir)
    doc = forked_cli.tick_until(run_dir, tmp_path / "proj", phases=("complete", "expired", "blocked"), timeout=TIMEOUT,
                                pace=0.5)
    assert doc["phase"] == "complete", doc["phase_reason"]
    assert "watch-until-deadline" in doc["phase_reason"]
    created = read_state(run_dir)["created_at"]
    assert read_state(run_dir)["end"]["ended_at"] >= created


def test_watch_until_deadline_expires_when_the_gate_does_not_hold(tmp_path):
    spec = _spec(tmp_path, "  mode: watch-until-deadline\n  deadline: 4s\n  exists: [never-written]\n",
                 "      train: {run: 'true'}\n")
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path / "proj")
    doc = forked_cli.tick_until(run_dir, tmp_path / "proj", phases=("expired", "complete"), timeout=TIMEOUT, pace=0.5)
    assert doc["phase"] == "expired"
    assert "not met" in (run_dir / "COMPLETION.md").read_text()


def test_on_end_leave_then_stop_cancel(tmp_path):
    spec = _spec(tmp_path, "  deadline: 3s\n", "      train: {run: 'sleep 120'}\n")
    proj = tmp_path / "proj"
    run_dir = forked_cli.start_run(spec, tmp_path / "home", proj)
    pid = _pid_of(run_dir, "a.train")
    doc = forked_cli.tick_until(run_dir, proj, phases=("expired",), timeout=TIMEOUT, pace=0.5)
    train = doc["entities"]["a"]["stages"]["train"]
    assert train["status"] == "left running, unwatched" and train["watched"] is False
    assert alive(pid)
    text = forked_cli.run("status", "--run", run_dir, cwd=proj, check=True).stdout
    assert "left running, unwatched" in text
    assert "left running, unwatched" in (run_dir / "COMPLETION.md").read_text()
    assert read_state(run_dir)["end"]["left_running"] == ["a.train"]
    forked_cli.run("report", "--run", run_dir, cwd=proj, check=True)
    page = (run_dir / "report.html").read_text()
    assert 'data-status="left running, unwatched"' in page and 'data-status="running"' not in page
    proc = forked_cli.run("stop", "--run", run_dir, "--cancel", cwd=proj)
    assert proc.returncode == 0, proc.stderr
    assert "a.train attempt 1: cancelled (TERM)" in proc.stdout
    wait_for(lambda: not alive(pid), what="the job gone")
    doc = forked_cli.status_json(run_dir, proj)
    assert doc["entities"]["a"]["stages"]["train"]["status"] == "pending"
    state = read_state(run_dir)
    assert state["end"]["cancelled"] == ["a.train"] and state["end"]["left_running"] == []
    assert "end_cancelled" in _kinds(run_dir)
    again = cli("stop", "--run", run_dir, "--cancel", cwd=proj)  # stop's refusal once as a real process
    assert again.returncode == 2 and "nothing is left running" in again.stderr


def test_on_end_cancel_terms_then_kills(tmp_path):
    job = "exec python3 -c 'import signal,time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(120)'"
    spec = _spec(tmp_path, "  deadline: 3s\n  on_end: cancel\n", f"      train: {{run: \"{job}\"}}\n",
                 extra="cancel_grace: 1s\n")
    proj = tmp_path / "proj"
    run_dir = forked_cli.start_run(spec, tmp_path / "home", proj)
    pid = _pid_of(run_dir, "a.train")
    seen = set()
    deadline = time.monotonic() + TIMEOUT
    while True:
        forked_cli.run("tick", "--run", run_dir, cwd=proj, check=True)
        doc = forked_cli.status_json(run_dir, proj)
        seen.add(doc["phase"])
        if doc["phase"] == "expired" or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert doc["phase"] == "expired" and "ending" in seen
    assert not alive(pid)
    kinds = _kinds(run_dir)
    for kind in ("run_ending", "cancel_kill", "end_cancelled", "run_ended"):
        assert kind in kinds, " ".join(kinds)
    assert doc["entities"]["a"]["stages"]["train"]["status"] == "pending"
    assert "cancelled when the run ended" in (run_dir / "COMPLETION.md").read_text()


def test_on_end_wait_ends_when_the_attempt_exits(tmp_path):
    spec = _spec(tmp_path, "  deadline: 2s\n  on_end: wait\n", "      train: {run: 'sleep 5'}\n")
    proj = tmp_path / "proj"
    run_dir = forked_cli.start_run(spec, tmp_path / "home", proj)
    doc = forked_cli.tick_until(run_dir, proj, phases=("ending", "expired"), timeout=TIMEOUT, pace=0.5)
    assert doc["phase"] == "ending" and "waiting for 1 running attempt" in doc["phase_reason"]
    assert not (run_dir / "COMPLETION.md").exists()  # not over yet
    state = read_state(run_dir)
    assert state["trigger"] is None or state["trigger"]["removed_at"] is None
    doc = forked_cli.tick_until(run_dir, proj, phases=("expired",), timeout=TIMEOUT, pace=0.5)
    assert doc["entities"]["a"]["stages"]["train"]["status"] == "succeeded"  # judged as usual
    assert "run_ended" in _kinds(run_dir)
    assert (run_dir / "COMPLETION.md").exists()


def test_stop_cancel_of_a_running_run(tmp_path):
    stubborn = "exec python3 -c 'import signal,time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(120)'"
    spec = _spec(tmp_path, "", f"      train: {{run: 'sleep 120'}}\n      eval: {{run: \"{stubborn}\"}}\n",
                 extra="cancel_grace: 1s\n")
    spec.write_text(spec.read_text().replace("success_gate:\n", ""))
    proj = tmp_path / "proj"
    run_dir = forked_cli.start_run(spec, tmp_path / "home", proj)
    pids = [_pid_of(run_dir, "a.train"), _pid_of(run_dir, "a.eval")]
    # the stubborn job has started, but its python ignores TERM only once it has run that far
    wait_for(lambda: _ignores_term(pids[1]), what="the stubborn job to ignore TERM")
    proc = forked_cli.run("stop", "--run", run_dir, "--cancel", cwd=proj)
    assert proc.returncode == 0, proc.stderr
    lines = sorted(ln for ln in proc.stdout.splitlines() if ": cancelled (" in ln)
    assert lines == ["a.eval attempt 1: cancelled (TERM, then KILL after its grace)",
                     "a.train attempt 1: cancelled (TERM)"], proc.stdout
    for pid in pids:
        wait_for(lambda pid=pid: not alive(pid), what="the job gone")
    doc = forked_cli.status_json(run_dir, proj)
    assert doc["phase"] == "stopped"
    assert {s["status"] for s in doc["entities"]["a"]["stages"].values()} == {"pending"}
    assert os.path.exists(run_dir / "COMPLETION.md")


# --- the pure core: decide() alone, frozen time --------------------------------------------------------------

def _pure(tmp_path: Path, gate: str, stages: str, extra: str = ""):
    from pure_helpers import state_from_spec

    return state_from_spec(tmp_path, f"name: ends\n{extra}success_gate:\n{gate}entities:\n  a:\n    stages:\n{stages}")


def test_decide_watch_until_deadline_stays_running_and_is_not_blocked(tmp_path):
    from pure_helpers import at, exited, launched, observe, seen, submits

    from tianluo.core.decide import decide

    state = _pure(tmp_path, "  mode: watch-until-deadline\n  deadline: 1h\n", "      train: {run: 'true'}\n")
    d = decide(state, observe(), at(0))
    assert submits(d) == ["a.train"]
    state = launched(d.state)
    d = decide(state, observe(**{"a.train": seen(exited(0))}), at(10))
    assert d.state.phase.value == "running" and d.state.gate.met
    assert d.state.phase_reason == "success gate met; watching until the deadline"
    d = decide(d.state, observe(), at(minutes=30))
    assert d.state.phase.value == "running"  # nothing left to run is no block while the gate holds
    d = decide(d.state, observe(), at(hours=1, seconds=1))
    assert d.state.phase.value == "complete" and d.state.end.outcome == "complete"
    assert d.state.end.ended_at == at(hours=1, seconds=1)


def test_decide_on_end_cancel_terms_kills_and_records_cancelled(tmp_path):
    from pure_helpers import (
        at,
        cancels,
        event_kinds,
        exited,
        launched,
        observe,
        running,
        seen,
    )

    from tianluo.core.actions import Cancel
    from tianluo.core.decide import decide

    state = _pure(tmp_path, "  deadline: 1m\n  on_end: cancel\n", "      train: {run: 'sleep 600'}\n",
                  extra="cancel_grace: 10s\n")
    state = launched(decide(state, observe(), at(0)).state)
    state = decide(state, observe(**{"a.train": seen(running())}), at(5)).state
    before = state.model_dump_json()
    d = decide(state, observe(**{"a.train": seen(running())}), at(61))
    assert state.model_dump_json() == before  # pure: the input is not changed
    assert d.state.phase.value == "ending" and d.state.end.outcome == "expired"
    assert cancels(d) == ["a.train"] and [a.signal for a in d.actions if isinstance(a, Cancel)] == ["TERM"]
    assert "run_ending" in event_kinds(d)
    d = decide(d.state, observe(**{"a.train": seen(running())}), at(66))
    assert cancels(d) == []  # within its grace
    d = decide(d.state, observe(**{"a.train": seen(running())}), at(72))
    assert [a.signal for a in d.actions if isinstance(a, Cancel)] == ["KILL"] and "cancel_kill" in event_kinds(d)
    d = decide(d.state, observe(**{"a.train": seen(exited(None, signal=9))}), at(75))
    stage = d.state.stage("a.train")
    assert stage.status.value == "pending" and stage.attempts[-1].outcome is None and stage.fault is None
    assert d.state.phase.value == "expired" and d.state.end.cancelled == ["a.train"]
    kinds = event_kinds(d)
    assert kinds.index("end_cancelled") < kinds.index("run_ended")


def test_decide_checkpoint_milestone_waits_for_every_entity(tmp_path):
    from pure_helpers import (
        at,
        exited,
        launched,
        observe,
        running,
        seen,
        state_from_spec,
        submits,
    )

    from tianluo.core.decide import decide

    state = state_from_spec(tmp_path, "name: ends\nsuccess_gate:\n  mode: checkpoint-and-stop\n  checkpoint: pre\n"
                            "entities:\n  x:\n    stages:\n      pre: {run: 'true'}\n"
                            "      post: {run: 'true', needs: [pre]}\n"
                            "  y:\n    stages:\n      pre: {run: 'true'}\n      post: {run: 'true', needs: [pre]}\n")
    state = launched(decide(state, observe(), at(0)).state)
    d = decide(state, observe(**{"x.pre": seen(exited(0)), "y.pre": seen(running())}), at(10))
    assert d.state.phase.value == "running" and submits(d) == ["x.post"]  # y.pre is not done yet
    state = launched(d.state)
    d = decide(state, observe(**{"x.post": seen(running()), "y.pre": seen(exited(0))}), at(20))
    assert d.state.phase.value == "stopped" and d.state.phase_reason == "checkpoint reached: x.pre, y.pre"
    assert submits(d) == [] and d.state.end.checkpoint and d.state.end.left_running == ["x.post"]


def test_stop_with_on_end_wait_is_ending_until_the_attempt_exits(tmp_path):
    spec = _spec(tmp_path, "  on_end: wait\n", "      train: {run: 'sleep 4'}\n")
    proj = tmp_path / "proj"
    run_dir = forked_cli.start_run(spec, tmp_path / "home", proj)
    _pid_of(run_dir, "a.train")
    proc = forked_cli.run("stop", "--run", run_dir, cwd=proj)
    assert proc.returncode == 0, proc.stderr
    doc = forked_cli.status_json(run_dir, proj)
    assert doc["phase"] == "ending" and "waiting for 1 running attempt" in doc["phase_reason"]
    again = forked_cli.run("stop", "--run", run_dir, cwd=proj)
    assert again.returncode == 2 and "stop --cancel" in again.stderr
    doc = forked_cli.tick_until(run_dir, proj, phases=("stopped",), timeout=TIMEOUT, pace=0.5)
    assert doc["entities"]["a"]["stages"]["train"]["status"] == "succeeded"
    assert "**stopped**: stopped by the owner" in (run_dir / "COMPLETION.md").read_text()


HUNG = ("      train:\n        run: 'echo step 1; sleep 120'\n"
        "        progress: {regex: 'step (?P<done>\\\\d+)', stall_after: 2s, startup_after: 2s}\n")
NO_CANCEL_HUNG = "authorization: {allow: [submit, resubmit, degrade]}\n"


def _held_hung(tmp_path: Path) -> tuple[Path, Path, int]:
    """A run whose only attempt is hung and held: tianluo was not authorised to cancel it."""
    spec = _spec(tmp_path, "", HUNG, extra=NO_CANCEL_HUNG)
    spec.write_text(spec.read_text().replace("success_gate:\n", ""))
    proj = tmp_path / "proj"
    run_dir = forked_cli.start_run(spec, tmp_path / "home", proj)
    pid = _pid_of(run_dir, "a.train")
    doc = forked_cli.tick_until(run_dir, proj, phases=("blocked",), timeout=TIMEOUT, pace=0.5)
    assert doc["entities"]["a"]["stages"]["train"]["status"] == "held"
    assert "cancel_hung" in doc["entities"]["a"]["stages"]["train"]["reason"]
    assert alive(pid)
    return proj, run_dir, pid


def test_stop_cancel_cancels_a_hung_attempt_held_for_want_of_cancel_hung(tmp_path):
    proj, run_dir, pid = _held_hung(tmp_path)
    proc = forked_cli.run("stop", "--run", run_dir, "--cancel", cwd=proj)
    assert proc.returncode == 0, proc.stderr
    assert "a.train attempt 1: cancelled (TERM)" in proc.stdout, proc.stdout
    wait_for(lambda: not alive(pid), what="the hung job gone")
    state = read_state(run_dir)
    train = state["entities"]["a"]["stages"]["train"]
    assert train["status"] == "held" and train["attempts"][-1]["ended_at"] is not None
    assert state["end"]["cancelled"] == ["a.train"]
    again = forked_cli.run("stop", "--run", run_dir, "--cancel", cwd=proj)
    assert again.returncode == 2 and "nothing is left running" in again.stderr


def test_stop_without_cancel_names_what_is_left_running_and_how_to_cancel_it(tmp_path):
    proj, run_dir, pid = _held_hung(tmp_path)
    proc = forked_cli.run("stop", "--run", run_dir, cwd=proj)
    assert proc.returncode == 0, proc.stderr
    assert "left running: a.train attempt 1" in proc.stdout, proc.stdout
    assert f"`tianluo stop --cancel --run {run_dir}` cancels it" in proc.stdout
    assert alive(pid)
    later = forked_cli.run("stop", "--run", run_dir, "--cancel", cwd=proj)  # on a stopped run: what it left running
    assert later.returncode == 0, later.stderr
    assert "a.train attempt 1: cancelled" in later.stdout
    wait_for(lambda: not alive(pid), what="the hung job gone")
