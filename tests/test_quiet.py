"""The quiet tick cannot drift from ``decide``: whenever a full tick certifies that it had nothing to do
(``quiet.certificate``), ``decide`` on the state it saved, seeing the same world at any moment before the
certificate's ``until``, does nothing either (no action, no event, no change but the bookkeeping and the
layers' latest reading).

The states are not made by hand: run histories are played by ``decide`` itself (launches, progress lines,
output growing, exits that succeed or fail into the ladder, retries after a backoff, a human's holds, a
run-wide deadline, a trigger that can be overdue, notices), and the certificate is asked for after
every step. The last test runs a real job and checks the shell (``quiet_tick``) against the world.
"""

import json
import os
import random
import signal
import subprocess
import sys
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from pure_helpers import at, state_from_spec

from tianluo.backends.base import JobFacts
from tianluo.core import holds, quiet
from tianluo.core.actions import Submit
from tianluo.core.decide import decide
from tianluo.core.observations import Observations, OutputStat, StageObservation
from tianluo.models.model import Check, Handle, TriggerRecord
from tianluo.models.states import ACTIVE, JobState
from tianluo.shell.logscan import Cursor, ScanResult
from tianluo.timefmt import iso


def spec_text(rng: random.Random) -> str:
    """A spec with a random choice of every timer a running attempt has."""
    progress = rng.choice(["", "progress: {regex: 'step (?P<done>\\d+)/(?P<total>\\d+)', stall_after: 20m}",
                           "progress: {regex: 'step (?P<done>\\d+)', stall_after: 1h, startup_after: 5m}",
                           "progress: {regex: 'step (?P<done>\\d+)'}"])
    output = rng.choice(["", "output: {path: 'out/{entity}.log', grows_within: 40m}", "output: {path: 'o.log'}"])
    expected = rng.choice(["", "expected: 30m", "expected: 2h"])
    limit = rng.choice(["", "resources: {time: 50m}"])
    lines = ["name: q", "interval: 10m", "entities:"]
    for e in range(rng.randint(1, 3)):
        lines += [f"  e{e}:", "    stages:"]
        for s in range(rng.randint(1, 3)):
            lines += [f"      s{s}:", "        run: python train.py",
                      "        done_when: {exists: 'out/{entity}.done'}"]
            lines += [f"        {x}" for x in (progress, output, expected, limit) if x]
            if s:
                lines.append(f"        needs: [s{s - 1}]")
    deadline = rng.choice(["", ", deadline: 20h"])
    lines += [f"success_gate: {{all_done: true{deadline}}}",
              "ladder: {unknown: {retries: 2, backoff: [10m, 30m]}, transient: {retries: 1}}"]
    if rng.random() < 0.5:
        lines.append("notify: [{command: 'true'}]")
    return "\n".join(lines) + "\n"


def still(state, rng: random.Random, stdout: dict | None = None) -> Observations:
    """What ``observe`` returns when the world is as ``quiet_tick`` checks it: each running attempt's runner
    alive and not stopped, its logs at their cursors, its output at its recorded size, its port the same."""
    stages = {}
    for sid in state.stage_ids():
        stage = state.stage(sid)
        attempt = stage.current()
        if stage.status not in ACTIVE or attempt is None or attempt.handle is None:
            continue
        scans = {}
        for name in ("stdout", "stderr"):
            c = attempt.log_cursors.get(name)
            cursor = Cursor(c.offset, c.inode) if c else Cursor()
            scans[name] = ScanResult(cursor, 0, (), None, None, False, False)
        if stdout and sid in stdout:
            scans["stdout"] = stdout[sid]
        planned = state.plan.entities[sid.split(".")[0]].stages[sid.split(".")[1]]
        output = None
        if planned.output is not None:
            output = OutputStat(planned.output.path, exists=attempt.output_size is not None, size=attempt.output_size)
        stages[sid] = StageObservation(
            job=JobFacts(state=JobState.RUNNING, host="h", started_at=iso(attempt.started_at or at(0)),
                         proc_status=rng.choice(["running", "sleeping"]), cpu_seconds=rng.random() * 1e4,
                         rss_bytes=rng.randint(1, 1 << 30)),
            scans=scans, output=output, port=attempt.port,
            done_when=(Check(kind="exists", target="out/x.done", ok=rng.random() < 0.2, detail="?"),))
    return Observations(stages=stages)


def world_moves(state, rng: random.Random, now) -> Observations:
    """A step of the world: some attempts print progress, grow their output, exit well or badly."""
    obs = still(state, rng)
    stages = dict(obs.stages)
    for sid, seen in obs.stages.items():
        attempt = state.stage(sid).current()
        roll = rng.random()
        if roll < 0.25:
            c = seen.scans["stdout"].cursor
            done = (state.stage(sid).progress.done if state.stage(sid).progress else 0) + rng.randint(0, 50)
            scan = ScanResult(Cursor(c.offset + 40, 77), 40, (), (done, 1000.0), 0, False, False)
            stages[sid] = replace(seen, scans={**seen.scans, "stdout": scan})
        elif roll < 0.35 and seen.output is not None:
            stages[sid] = replace(seen, output=OutputStat(seen.output.path, True, (attempt.output_size or 0) + 10))
        elif roll < 0.45:
            ok = rng.random() < 0.6
            stages[sid] = replace(seen, job=JobFacts(state=JobState.EXITED, exit_code=0 if ok else 1, host="h",
                                                     started_at=seen.job.started_at, ended_at=iso(now)),
                                  done_when=(Check(kind="exists", target="out/x.done", ok=ok, detail="?"),))
    return Observations(stages=stages)


def act(decision, now, pid: list) -> object:
    """The shell's part: launches get a handle, notices are sent."""
    state = decision.state
    for action in decision.actions:
        if isinstance(action, Submit):
            attempt = state.stage(action.stage_id).current()
            pid[0] += 1
            attempt.handle = Handle(job_id=str(pid[0]), pid=pid[0], create_time=1.0, host="h")
            attempt.submitted_at = now
    for notice in state.notices:
        if notice.sent_at is None:
            notice.sent_at = now
    return state


def quiet_after(state, now, rng: random.Random) -> tuple:
    """The full tick at ``now`` on ``state`` in a still world: its decision and its certificate."""
    decision = decide(state, still(state, rng), now)
    return decision, quiet.certificate(state, decision, now)


def check_certified(saved, cert: dict, now, rng: random.Random) -> int:
    """``decide`` on the certified state at moments up to ``until`` (each a quiet tick after the last) does
    nothing. Returns how many moments were checked."""
    until = datetime.fromisoformat(cert["until"])
    overdue = cert["overdue_after_s"]
    last, checked, state = now, 0, saved
    moments = sorted({now + (until - now) * rng.random() for _ in range(3)} | {until - timedelta(microseconds=1)})
    for t in moments:
        if t <= last or (overdue is not None and (t - last).total_seconds() > overdue):
            continue  # quiet_tick declines these (the full tick says ticks were overdue)
        decision = decide(state, still(state, rng), t)
        assert not decision.actions, (t, cert, decision.actions)
        assert not decision.events, (t, cert, decision.events)
        assert not decision.again
        assert quiet.settled(state, decision.state), (t, cert)
        # what quiet_tick records: the tick's time and count, nothing else
        state = state.model_copy(update={"last_tick_at": t, "tick_count": state.tick_count + 1})
        last, checked = t, checked + 1
    return checked


@pytest.mark.parametrize("seed", range(12))
def test_a_certified_tick_is_one_decide_would_do_nothing_in(tmp_path, seed):
    history(tmp_path, seed)  # asserts at every certificate; how many there were: the test below


def history(tmp_path, seed: int) -> tuple[int, int, int]:
    """One run history of 60 steps; at each still step, every certificate checked. Returns (certificates,
    moments checked, certificates with attempts running)."""
    rng = random.Random(seed)
    state = state_from_spec(tmp_path, spec_text(rng))
    if rng.random() < 0.7:
        state.trigger = TriggerRecord(kind=rng.choice(["cron", "daemon"]), every=600.0, installed_at=at(0))
    now, pid = at(0), [1000]
    certified = checked = with_running = 0
    for _step in range(60):
        now += timedelta(seconds=rng.choice([5, 60, 300, 600, 1500, 2400, 5000]))
        if rng.random() < 0.05:
            entity = rng.choice(list(state.entities))
            if state.entities[entity].hold is None:
                state = holds.hold(state, entity, "looking", now).state
        decision = decide(state, world_moves(state, rng, now), now)
        state = act(decision, now, pid)
        if decision.actions or decision.events:
            continue  # the next still look is the one that may certify
        now += timedelta(seconds=rng.choice([1, 30, 600]))
        decision, cert = quiet_after(state, now, rng)
        if cert is None:
            state = act(decision, now, pid)
            continue
        certified += 1
        with_running += bool(cert["stages"])
        checked += check_certified(decision.state, cert, now, rng)
        state = decision.state
    return certified, checked, with_running


def test_the_histories_certify_running_attempts_often(tmp_path):
    """Not vacuous: across the seeds, many certificates, many with attempts running, many moments checked."""
    totals = [0, 0, 0]
    for seed in range(40):
        folder = tmp_path / str(seed)
        folder.mkdir()
        got = history(folder, seed + 100)
        totals = [a + b for a, b in zip(totals, got, strict=True)]
    certified, checked, with_running = totals
    assert certified >= 40 and with_running >= 20 and checked >= 60, totals


def test_no_certificate_for_a_decision_that_did_something(tmp_path):
    state = state_from_spec(tmp_path, "name: q\nentities:\n  a:\n    stages:\n      t:\n        run: 'true'\n")
    decision = decide(state, Observations(), at(0))
    assert decision.actions and quiet.certificate(state, decision, at(0)) is None


def test_the_timers_bound_the_certificate(tmp_path):
    """A running attempt with no progress line yet is hung at its start-up allowance: the certificate ends there."""
    state = state_from_spec(tmp_path, "name: q\nentities:\n  a:\n    stages:\n      t:\n        run: 'true'\n"
                            "        progress: {regex: 'step (?P<done>\\d+)', stall_after: 20m, startup_after: 5m}\n")
    pid = [10]
    rng = random.Random(1)
    state = act(decide(state, Observations(), at(0)), at(0), pid)
    state = act(decide(state, still(state, rng), at(1)), at(1), pid)  # now running, since at(1)
    decision, cert = quiet_after(state, at(2), rng)
    assert cert is not None and cert["stages"][0]["sid"] == "a.t"
    assert cert["until"] == iso(state.stage("a.t").current().started_at + timedelta(minutes=5))
    later = decide(decision.state, still(decision.state, rng), at(2) + timedelta(minutes=6))
    assert later.events  # hung: what the certificate stopped short of


def test_the_quiet_tick_runs_only_while_the_world_is_as_certified(tmp_path):
    """A real job: the tick after a quiet one skips the models; a log line, a hold or a dead job brings
    the full tick back; status sees every tick."""
    from import_trace import slow, traced
    from pure_helpers import write_spec

    from tianluo.shell import quiet_tick
    from tianluo.shell.store import RunStore

    folder = tmp_path / "proj"
    folder.mkdir()
    write_spec(folder, """
        name: q
        entities:
          a:
            stages:
              t:
                run: 'sleep 120'
          b:
            stages:
              t:
                run: 'sleep 120'
    """)
    home = folder / ".tianluo"

    def tl(*args):
        return subprocess.run([sys.executable, "-m", "tianluo", *args], cwd=folder, capture_output=True, text=True,
                              timeout=60, check=False)

    out = tl("start", "tianluo.yaml", "--home", str(home), "--trigger", "none", "--accept-defaults")
    assert out.returncode == 0, out.stderr
    run_dir = Path(out.stdout.strip().splitlines()[-1])
    store = RunStore(run_dir)
    for _ in range(40):  # the runners start, the tick sees them, then a tick with nothing to do certifies
        tl("tick", "--run", str(run_dir))
        if (run_dir / ".quiet").exists():
            break
    try:
        assert (run_dir / ".quiet").exists()
        count = store.load().tick_count
        assert quiet_tick.quiet_tick(run_dir) is not None
        assert tl("tick", "--run", str(run_dir)).stdout.strip().endswith(": running")
        proc, modules = traced("tick", "--quiet", "--run", run_dir, cwd=folder)  # the tick cron runs most
        assert proc.returncode == 0 and proc.stdout == "", proc.stderr
        assert "tianluo.shell.quiet_tick" in modules and "tianluo.shell.tick" not in modules
        assert slow(modules) == []  # nothing a sixth of python's own start to import (tests/import_trace.py)
        after = store.load()
        assert after.tick_count == count + 3 and after.last_tick_at is not None
        # a log line: the full tick reads it
        with open(run_dir / "attempts/a/t/1/stdout", "a") as f:
            f.write("hello\n")
        assert quiet_tick.quiet_tick(run_dir) is None
        tl("tick", "--run", str(run_dir))  # reads the line (a change: no certificate)
        tl("tick", "--run", str(run_dir))  # nothing new: certifies again
        assert quiet_tick.quiet_tick(run_dir) is not None
        # a log the certificate saw missing, made empty since (the runner opens its logs just after it claims
        # started.json, so a tick can certify between the two): nothing to read, still quiet; a byte in it is not
        cert = json.loads((run_dir / ".quiet").read_text())
        (b,) = [rec for rec in cert["stages"] if rec["dir"].startswith("attempts/b/")]
        log = run_dir / b["dir"] / "stdout"
        assert log.stat().st_size == 0
        b["logs"]["stdout"] = [0, None]  # as a tick certifies it in between
        (run_dir / ".quiet").write_text(json.dumps(cert) + "\n")
        assert quiet_tick.quiet_tick(run_dir) is not None
        log.write_text("x\n")
        assert quiet_tick.quiet_tick(run_dir) is None
        tl("tick", "--run", str(run_dir))
        tl("tick", "--run", str(run_dir))
        # a human's hold is a save the certificate does not know
        assert tl("hold", "b", "--run", str(run_dir)).returncode == 0
        assert quiet_tick.quiet_tick(run_dir) is None
        tl("tick", "--run", str(run_dir))
        tl("tick", "--run", str(run_dir))
        assert quiet_tick.quiet_tick(run_dir) is not None
        # the job dies with its runner (a reboot, the OOM killer): the full tick judges it lost
        started = store.load().stage("a.t").current()
        doc = json.loads((run_dir / started.dir / "started.json").read_text())
        os.killpg(doc["runner_pid"], signal.SIGKILL)  # the runner leads the job's process group
        for _ in range(50):
            if quiet_tick.quiet_tick(run_dir) is None:
                break
        else:
            pytest.fail("the quiet tick went on after the job was killed")
    finally:
        tl("stop", "--cancel", "--run", str(run_dir))
