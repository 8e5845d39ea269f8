"""Responses on real processes: a NaN loss, a rate-limiting server, a full file system.

Each test runs real jobs under real ticks: a trainer whose loss really turns NaN above a
learning rate, jobs that fetch from a real HTTP server on 127.0.0.1 that answers 429, and
a job that fills a real small tmpfs. Ticks run in-process (``run_tick``) where the test
must move the clock past a wait instead of sleeping through it; the CLI runs in a fork of the
test process (tests/forked_cli.py; a real process while the HTTP server's thread runs).
"""

import os
import re
import threading
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from conftest import read_events, read_state, wait_for, write_spec
from forked_cli import run, start_run, status_json

from tianluo.shell.tick import run_tick

pytestmark = pytest.mark.integration


def utcnow() -> datetime:
    return datetime.now(UTC)


def outcome(state: dict, entity: str, stage: str, n: int) -> str | None:
    attempts = state["entities"][entity]["stages"][stage]["attempts"]
    return attempts[n - 1]["outcome"] if len(attempts) >= n else None


def tick_until_judged(run_dir: Path, stages: list[tuple[str, str]], n: int, clock=utcnow,
                      timeout: float = 30.0) -> dict:
    """Tick (in-process, at ``clock()``) until attempt ``n`` of every stage has been judged; the state."""
    def judged():
        run_tick(run_dir, now=clock())
        state = read_state(run_dir)
        return state if all(outcome(state, e, s, n) for e, s in stages) else None
    return wait_for(judged, timeout=timeout, interval=0.1, what=f"attempt {n} of {stages} to be judged")


# --- NaN loss: never retried unchanged ------------------------------------------------------

# Gradient descent on w**4 from w = 3: at lr 0.08 the weight overflows and the loss becomes a
# real float inf (then NaN); at lr 0.04 it converges. The guard line is the one DETR, DeiT and
# MAE print before sys.exit(1).
TRAIN = """\
import math, pathlib, sys
lr, name = float(sys.argv[1]), sys.argv[2]
w = 3.0
for step in range(1, 41):
    w = w - lr * (4 * w * w * w)
    loss_value = w * w * w * w
    print(f"step {step}/40 loss {loss_value:.6g}", flush=True)
    if not math.isfinite(loss_value):
        print("Loss is {}, stopping training".format(loss_value))
        print({"loss": loss_value})
        sys.exit(1)
pathlib.Path("out").mkdir(exist_ok=True)
pathlib.Path(f"out/{name}.done").write_text(str(loss_value))
"""

NAN_SPEC = """\
name: nan
entities:
  tuned:
    params: {lr: 0.08}
    stages:
      train:
        run: python3 train.py {lr} {entity}
        done_when: {exists: 'out/{entity}.done'}
        degrade:
          nan_loss:
            - {name: halve_lr, params: {lr: {multiply: 0.5}}}
  untuned:
    params: {lr: 0.08}
    stages:
      train:
        run: python3 train.py {lr} {entity}
        done_when: {exists: 'out/{entity}.done'}
"""


def test_a_nan_loss_is_never_retried_unchanged(tmp_path):
    proj = tmp_path / "proj"
    spec = write_spec(proj, NAN_SPEC)
    (proj / "train.py").write_text(TRAIN)
    home = tmp_path / "home"
    run("plan", spec, "--home", home, "--answer", "risk:tuned.train:nan_loss=halve_lr", cwd=tmp_path, check=True)
    run_dir = start_run(spec, home, tmp_path)
    judged = tick_until_judged(run_dir, [("tuned", "train"), ("untuned", "train")], 1)
    doc = status_json(run_dir, tmp_path)
    tuned, untuned = (doc["entities"][e]["stages"]["train"] for e in ("tuned", "untuned"))
    # Each first attempt's fault, from state.json: on a loaded machine the tick that judges the slower of the two
    # can find tuned's retry (40 quick steps) already succeeded, and status shows the current attempt's.
    for e in ("tuned", "untuned"):
        fault = judged["entities"][e]["stages"]["train"]["attempts"][0]["fault"]
        assert fault["class"] == "config" and fault["label"] == "nan_loss", fault
        assert re.search(r"Loss is (nan|inf), stopping training", fault["evidence"]), fault
    for st in (tuned, untuned):
        assert st["budget_used"] == {}  # no retry of the same command was spent
    # with a change chosen at plan time: that change, at once (no unchanged retry first)
    assert tuned["status"] in ("submitted", "running", "succeeded") and tuned["attempt"] == 2
    assert [d["changes"] for d in tuned["degradations"]] == [["lr 0.08 -> 0.04"]]
    assert doc["entities"]["tuned"]["params"]["lr"] == 0.04
    # without one: held after ONE attempt, with the reason
    assert untuned["status"] == "held" and untuned["attempt"] == 1
    assert "never retried unchanged" in untuned["reason"]
    state = read_state(run_dir)
    assert state["entities"]["tuned"]["stages"]["train"]["attempts"][1]["command"].startswith("python3 train.py 0.04 ")
    tick_until_judged(run_dir, [("tuned", "train")], 2)
    tuned = status_json(run_dir, tmp_path)["entities"]["tuned"]["stages"]["train"]
    assert tuned["status"] == "succeeded" and tuned["attempt"] == 2 and tuned["budget_used"] == {}
    assert (proj / "out" / "tuned.done").exists() and not (proj / "out" / "untuned.done").exists()
    assert doc["total_attempts"] == 3
    analysis = (run_dir / "failures" / "untuned__analysis.md").read_text()
    assert "nan_loss" in analysis


# --- rate limits: a floor, and each stage at its own time ------------------------------------

FETCH = """\
import pathlib, sys, urllib.request
with urllib.request.urlopen(sys.argv[1], timeout=10) as answer:
    data = answer.read()
pathlib.Path("out").mkdir(exist_ok=True)
pathlib.Path(f"out/{sys.argv[2]}.bin").write_bytes(data)
"""

ENTITIES = ("e1", "e2", "e3", "e4", "e5")


class Hub:
    """A real HTTP server on 127.0.0.1 (a free port) that limits the rate until told not to."""

    def __init__(self):
        hub = self
        self.limiting = True
        self.requests = 0

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                hub.requests += 1
                if hub.limiting:
                    self.send_response(429)  # "Too Many Requests": urllib raises HTTPError with it
                    self.send_header("Retry-After", "60")
                    self.end_headers()
                    return
                body = b"weights"
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/model.bin"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def test_rate_limited_stages_back_off_past_a_floor_each_at_its_own_time(tmp_path):
    with Hub() as hub:
        proj = tmp_path / "proj"
        entities = "".join(f"  {e}:\n    stages:\n      fetch:\n        run: python3 fetch.py {hub.url} {{entity}}\n"
                           f"        done_when: {{exists: 'out/{{entity}}.bin'}}\n" for e in ENTITIES)
        spec = write_spec(proj, f"name: limited\nentities:\n{entities}"
                                "ladder:\n  transient: {retries: 3, backoff: [0s]}\n")
        (proj / "fetch.py").write_text(FETCH)
        run_dir = start_run(spec, tmp_path / "home", tmp_path)
        stages = [(e, "fetch") for e in ENTITIES]
        state = tick_until_judged(run_dir, stages, 1)
        waits, due = [], {}
        for e in ENTITIES:
            st = state["entities"][e]["stages"]["fetch"]
            assert st["fault"]["label"] == "rate_limited", st["fault"]
            assert "HTTP Error 429: Too Many Requests" in st["fault"]["evidence"]
            assert st["status"] == "retry_wait" and st["budget_used"] == {"transient": 1}
            (ev,) = [ev for ev in read_events(run_dir) if ev["event"] == "retry_scheduled" and ev["entity"] == e]
            due[e] = datetime.fromisoformat(st["next_attempt_at"].replace("Z", "+00:00"))
            assert (due[e] - datetime.fromisoformat(ev["ts"].replace("Z", "+00:00"))).total_seconds() == \
                pytest.approx(ev["wait_s"], abs=0.01)
            waits.append(ev["wait_s"])
        assert len(set(waits)) == len(ENTITIES), waits  # no stampede: each at its own time
        assert all(60 <= w < 120 for w in waits), waits  # never at once (the class says 0s), within the window
        # a tick before the earliest due time launches nothing
        run_tick(run_dir, now=min(due.values()) - timedelta(seconds=1))
        assert all(len(read_state(run_dir)["entities"][e]["stages"]["fetch"]["attempts"]) == 1 for e in ENTITIES)
        # the server lets them through; once every retry is due, each runs and succeeds
        hub.limiting = False
        offset = max(due.values()) + timedelta(seconds=1) - utcnow()
        state = tick_until_judged(run_dir, stages, 2, clock=lambda: utcnow() + offset)
        assert state["phase"] == "complete", {e: state["entities"][e]["stages"]["fetch"]["status"] for e in ENTITIES}
        assert all((proj / "out" / f"{e}.bin").read_bytes() == b"weights" for e in ENTITIES)
        assert hub.requests == 2 * len(ENTITIES)


# --- a full disk: no relaunch until there is room again ----------------------------------------

# Each job saves a 2 MiB checkpoint. On a full disk one dies of the OSError (errno 28 in its
# traceback); the other prints only the C++ stream's words, as torch.save does (no errno).
SAVE = """\
import os, sys
os.makedirs("ckpt", exist_ok=True)
try:
    with open(f"ckpt/{sys.argv[1]}.pt", "wb") as f:
        f.write(os.urandom(2 << 20))
except OSError:
    if sys.argv[2] == "quiet":
        print("basic_ios::clear: iostream error", file=sys.stderr)
        sys.exit(1)
    raise
"""

DISK_SPEC = """\
name: full
entities:
  loud:
    stages:
      save:
        run: python3 save.py {{entity}} loud
        done_when: {{exists: 'ckpt/{{entity}}.pt'}}
  quiet:
    stages:
      save:
        run: python3 save.py {{entity}} quiet
        done_when: {{exists: 'ckpt/{{entity}}.pt'}}
notify:
  - command: 'echo "$TIANLUO_TITLE" >> {told}'
"""


def test_a_full_disk_is_waited_out_then_the_retry_runs_and_succeeds(tmp_path):
    from conftest import tmpfs

    with tmpfs(tmp_path / "fs", "16m") as fs:
        proj = fs / "proj"
        told = tmp_path / "told.txt"
        spec = write_spec(proj, DISK_SPEC.format(told=told))
        (proj / "save.py").write_text(SAVE)
        free = os.statvfs(fs).f_bavail * os.statvfs(fs).f_frsize
        filler = fs / "filler"
        filler.write_bytes(b"\0" * (free - (1 << 20)))  # 1 MiB left: a 2 MiB save cannot fit
        run_dir = start_run(spec, tmp_path / "home", tmp_path)
        stages = [("loud", "save"), ("quiet", "save")]
        state = tick_until_judged(run_dir, stages, 1)
        for entity, evidence in (("loud", "[Errno 28] No space left on device"), ("quiet", f"{proj}/ckpt: ")):
            st = state["entities"][entity]["stages"]["save"]
            assert (st["fault"]["class"], st["fault"]["label"]) == ("config", "disk_full"), st["fault"]
            assert evidence in st["fault"]["evidence"], st["fault"]
            assert st["status"] == "retry_wait" and st["budget_used"] == {"config": 1}
            assert st["wait"]["kind"] == "space" and st["wait"]["paths"] == [f"{proj}/ckpt"], st["wait"]
            assert "free of 16.0 MiB" in st["wait"]["facts"][0]
        # full: ticks do not relaunch; the owner is told once per stage
        for _ in range(3):
            run_tick(run_dir)
        doc = status_json(run_dir, tmp_path)
        for entity, _stage in stages:
            st = doc["entities"][entity]["stages"]["save"]
            assert st["attempt"] == 1 and st["status"] == "retry_wait" and st["wait"]["paths"] == [f"{proj}/ckpt"]
        text = run("status", "--run", run_dir, cwd=tmp_path, check=True).stdout
        assert text.count("waiting for free space since") == 2, text
        events = read_events(run_dir)
        assert sorted(e["entity"] for e in events if e["event"] == "waiting_for_space") == ["loud", "quiet"]
        # one notice per stage; in the order their failures were judged (one tick, or two on a loaded host)
        assert sorted(told.read_text().splitlines()) == [f"tianluo: {e}/save waits for free space"
                                                         for e in ("loud", "quiet")]
        # room again: the next tick relaunches, and the save succeeds this time
        filler.unlink()
        state = tick_until_judged(run_dir, stages, 2)
        assert state["phase"] == "complete", state["phase_reason"]
        assert all((proj / "ckpt" / f"{e}.pt").stat().st_size == 2 << 20 for e, _ in stages)
        events = read_events(run_dir)
        assert sorted(e["entity"] for e in events if e["event"] == "space_back") == ["loud", "quiet"]
        assert told.read_text().splitlines()[2:] == ["tianluo: run full is complete"]  # the wait told once
