"""The heartbeat (a dead-man's switch) against a real local HTTP server (http.server in a thread).

What is checked: every tick that completes GETs the URL; a failing tick GETs <url>/fail; the ping
is sent after the run's lock is let go; a server that answers slowly (one byte at a time) does
not stretch the tick beyond the heartbeat's timeout; the URL's token and credentials are never
printed; the spec key's two spellings and its refusals.
"""

import base64
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from conftest import cli, start_run, write_spec

from tianluo.errors import SpecError
from tianluo.messages import heartbeat
from tianluo.planning.spec_checks import load_spec
from tianluo.shell import lockholder
from tianluo.shell.tick import run_tick

TOKEN = "0b6e2f1c-hb-s3cret"
PASSWORD = "pw-s3cret"


class Watcher:
    """A push monitor: records each GET (path, Authorization header, whether the run's lock was held then).

    ``drip``: the answer comes one byte every ``drip`` seconds (each read is quick; the whole is slow)."""

    def __init__(self, drip: float = 0.0):
        self.pings: list[dict] = []
        self.lock_file: Path | None = None
        watcher = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                held = None
                if watcher.lock_file is not None and watcher.lock_file.exists():
                    fd = os.open(watcher.lock_file, os.O_RDONLY)
                    try:
                        held = lockholder.flock_held(fd)
                    finally:
                        os.close(fd)
                watcher.pings.append({"path": self.path, "auth": self.headers.get("Authorization"),
                                      "lock_held": held, "at": time.monotonic()})
                body = b"OK" * 20
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if not drip:
                    self.wfile.write(body)
                    return
                for byte in body:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(drip)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def port(self) -> int:
        return self.server.server_address[1]

    def url(self, creds: bool = False) -> str:
        user = f"hb:{PASSWORD}@" if creds else ""
        return f"http://{user}127.0.0.1:{self.port}/ping/{TOKEN}"

    def paths(self) -> list[str]:
        return [p["path"] for p in self.pings]

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def watcher():
    w = Watcher()
    yield w
    w.close()


def spec_text(beat: str) -> str:
    return f"""\
name: beat
{beat}
entities:
  a:
    stages:
      work: {{run: "sleep 0.2"}}
"""


def started(tmp_path: Path, beat: str) -> Path:
    spec = write_spec(tmp_path / "proj", spec_text(beat))
    return start_run(spec, tmp_path / "home", tmp_path, "--no-tick")


@pytest.mark.integration
def test_every_tick_pings_after_letting_go_of_the_lock(tmp_path, watcher):
    # a stage that outlives the four ticks on a loaded machine (a finished run's ticks have nothing to ping for)
    spec = write_spec(tmp_path / "proj", spec_text(f"heartbeat: {watcher.url()}").replace("sleep 0.2", "sleep 120"))
    run_dir = start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    watcher.lock_file = run_dir / ".lock"
    try:
        for _ in range(3):
            proc = cli("tick", "--run", run_dir, cwd=tmp_path, check=True)
            assert "heartbeat (127.0.0.1/…): HTTP 200" in proc.stdout, proc.stdout
            assert TOKEN not in proc.stdout + proc.stderr
        assert watcher.paths() == [f"/ping/{TOKEN}"] * 3
        assert [p["lock_held"] for p in watcher.pings] == [False] * 3  # never while holding the run's lock
        quiet = cli("tick", "--quiet", "--run", run_dir, cwd=tmp_path, check=True)  # what cron runs
        assert quiet.stdout == "" and len(watcher.pings) == 4
    finally:
        cli("stop", "--cancel", "--run", run_dir, cwd=tmp_path)


@pytest.mark.integration
def test_a_failing_tick_pings_fail(tmp_path, watcher, monkeypatch):
    run_dir = started(tmp_path, f"heartbeat: {{url: '{watcher.url()}', timeout: 3s}}")

    def broken(*_args, **_kwargs):
        raise RuntimeError("a bug in decide")

    monkeypatch.setattr("tianluo.shell.tick.decide", broken)
    with pytest.raises(RuntimeError):
        run_tick(run_dir)
    assert watcher.paths() == [f"/ping/{TOKEN}/fail"]


@pytest.mark.integration
def test_a_tick_whose_state_cannot_be_loaded_pings_fail(tmp_path, watcher):
    run_dir = started(tmp_path, f"heartbeat: {watcher.url()}")
    state = run_dir / "state.json"
    doc = json.loads(state.read_text())
    doc["phase"] = "dancing"  # damaged: the model refuses it, the plan (and its heartbeat) still reads
    state.write_text(json.dumps(doc))
    proc = cli("tick", "--run", run_dir, cwd=tmp_path)
    assert proc.returncode != 0
    assert watcher.paths() == [f"/ping/{TOKEN}/fail"]
    assert TOKEN not in proc.stdout + proc.stderr


@pytest.mark.integration
def test_a_slow_watcher_does_not_stretch_the_tick(tmp_path):
    slow = Watcher(drip=0.5)  # 40 bytes at 0.5 s each: 20 s in all, every read quick
    try:
        run_dir = started(tmp_path, f"heartbeat: {{url: '{slow.url()}', timeout: 1s}}")
        run_tick(run_dir)  # the first tick launches; what is timed is a plain one
        began = time.monotonic()
        result = run_tick(run_dir)
        took = time.monotonic() - began
        assert len(slow.pings) == 2
        # the ping takes at most 1 s of it, the tick itself well under 3 s on an idle machine: 10 s leaves room
        # for a loaded one and is still half of what waiting for the watcher's 20 s would take
        assert took < 10.0, took
        assert "no answer within 1s" in result.heartbeat and TOKEN not in result.heartbeat
    finally:
        slow.close()


@pytest.mark.integration
def test_credentials_in_the_url_are_sent_as_basic_auth_and_never_printed(tmp_path, watcher):
    run_dir = started(tmp_path, f"heartbeat: '{watcher.url(creds=True)}'")
    proc = cli("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert watcher.paths() == [f"/ping/{TOKEN}"]
    assert watcher.pings[0]["auth"] == "Basic " + base64.b64encode(f"hb:{PASSWORD}".encode()).decode()
    for text in (proc.stdout, proc.stderr, (run_dir / "events.jsonl").read_text()):
        assert PASSWORD not in text and TOKEN not in text


def test_a_watcher_that_is_down_is_one_line_naming_no_secret():
    closed = Watcher()
    url = closed.url(creds=True)
    closed.close()  # nobody listens on its port now
    spec = load_spec_text_heartbeat(url)
    line = heartbeat.ping(spec, ok=True)
    assert line.startswith("heartbeat (127.0.0.1/…) failed: could not reach it")
    assert TOKEN not in line and PASSWORD not in line
    assert heartbeat.target(url, ok=False)[0] == f"http://127.0.0.1:{closed.port}/ping/{TOKEN}/fail"


def load_spec_text_heartbeat(url: str):
    from tianluo.planning.spec_parts import HeartbeatSpec

    return HeartbeatSpec.model_validate(url)


def test_the_spec_key_takes_a_url_or_a_mapping(tmp_path):
    short = load_spec(write_spec(tmp_path / "a", spec_text("heartbeat: https://hc-ping.com/abc")))[0]
    assert short.heartbeat is not None and short.heartbeat.url == "https://hc-ping.com/abc"
    assert short.heartbeat.timeout == 5.0
    full = load_spec(write_spec(tmp_path / "b",
                                spec_text("heartbeat: {url: 'https://hc-ping.com/abc', timeout: 2s}")))[0]
    assert full.heartbeat is not None and full.heartbeat.timeout == 2.0
    for bad, words in (("heartbeat: ftp://x/abc", "http"), ("heartbeat: {url: 'https://x/abc', timeout: 5m}", "long"),
                       ("heartbeat: {url: 'https://x/abc', every: 1m}", "every")):
        with pytest.raises(SpecError) as err:
            load_spec(write_spec(tmp_path / "c", spec_text(bad)))
        assert words in str(err.value)
        assert "x/abc" not in str(err.value) or "every" in words
