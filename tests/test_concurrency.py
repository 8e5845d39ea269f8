"""Twenty processes at once on one run: ticks, holds and releases, and readers. Nothing is lost.

Every change takes the run's lock, and every event is saved with the change it belongs to,
so however the processes interleave: state.json always loads, each hold a command reported
is in the state right after it and in the log once, no release finds its hold gone (a tick
that saved over it would have lost it), and the events' ``seq`` numbers run 1..N with no gap
and no repeat.
"""

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import clean_env, read_events, read_state, write_spec
from forked_cli import start_run, tick_until

pytestmark = pytest.mark.integration

SPEC = """\
name: crowd
entities:
  e0:
    stages:
      a: {run: "sleep 0.2; touch e0.a", done_when: {exists: e0.a}}
      b: {run: "sleep 0.2; touch e0.b", needs: [a], done_when: {exists: e0.b}}
  e1:
    stages:
      a: {run: "sleep 0.2; touch e1.a", done_when: {exists: e1.a}}
      b: {run: "sleep 0.2; touch e1.b", needs: [a], done_when: {exists: e1.b}}
"""

WORKER = """
    import json, sys
    from tianluo.cli import main

    run_dir, role, n = sys.argv[1], sys.argv[2], int(sys.argv[3])

    def hold_of(entity):
        state = json.load(open(f"{run_dir}/state.json"))
        hold = state["entities"][entity].get("hold")  # left out while None (schema 2)
        return hold and hold["reason"]

    out = []
    for i in range(n):
        if role == "tick":
            out.append(("tick", main(["tick", "--quiet", "--run", run_dir])))
        elif role == "status":
            out.append(("status", main(["status", "--json", "--run", run_dir])))
        else:  # a holder of one entity: hold, check it is there, release
            reason = f"{role}-{i}"
            code = main(["hold", role, "--reason", reason, "--run", run_dir])
            out.append(("hold", code, reason, hold_of(role)))
            out.append(("release", main(["release", role, "--run", run_dir]), hold_of(role)))
    print("RESULT " + json.dumps(out))
"""


def worker(run_dir: Path, role: str, n: int, cwd: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(WORKER), str(run_dir), role, str(n)],
                            cwd=cwd, env=clean_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_twenty_processes_ticking_holding_and_releasing_at_once_lose_no_update(tmp_path):
    spec = write_spec(tmp_path / "proj", SPEC)
    run_dir = start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    procs = [worker(run_dir, "tick", 4, tmp_path) for _ in range(16)]
    procs += [worker(run_dir, "status", 4, tmp_path) for _ in range(2)]
    procs += [worker(run_dir, entity, 6, tmp_path) for entity in ("e0", "e1")]  # one holder per entity
    results = []
    for proc in procs:
        out, err = proc.communicate(timeout=180)
        assert proc.returncode == 0, err
        (line,) = [x for x in out.splitlines() if x.startswith("RESULT ")]
        results += json.loads(line[len("RESULT "):])
        assert "internal error" not in err and "Traceback" not in err, err

    assert all(r[1] == 0 for r in results if r[0] in ("tick", "status")), results
    holds = [r for r in results if r[0] == "hold"]
    releases = [r for r in results if r[0] == "release"]
    # a tick that loaded the state before a hold and saved after it would have dropped the hold:
    # each hold is in the state right after its command, and each release finds it still there
    assert all(code == 0 and seen == reason for _, code, reason, seen in holds), holds
    assert all(code == 0 and seen is None for _, code, seen in releases), releases
    held = [e for e in read_events(run_dir) if e["event"] == "held" and e.get("by") == "human"]
    assert sorted(e["message"].split(": ", 1)[1] for e in held) == sorted(r[2] for r in holds)

    state = read_state(run_dir)  # loads, and every event is in the log exactly once, in order
    seqs = [e["seq"] for e in read_events(run_dir)]
    assert seqs == list(range(1, len(seqs) + 1)) and seqs[-1] == state["event_seq"]
    doc = tick_until(run_dir, tmp_path, timeout=60)
    assert doc["phase"] == "complete" and doc["total_attempts"] == 4
    seqs = [e["seq"] for e in read_events(run_dir)]
    assert seqs == list(range(1, len(seqs) + 1))
