"""report.html in a real headless Chromium (Debian's ``chromium``; scripts/test installs it when root).

The page of a real run with a held stage and dependencies is loaded from file://: its DOM (after the
script ran) must hold the SVG graph with a node for every stage and an edge for every need, the hold
at the top with its analysis link, and no console message at all (no error, no refused fetch). A
screenshot is kept in ``$TIANLUO_ARTIFACTS`` (default tests/artifacts/, gitignored).
"""

import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.conftest import cli, start_run, tick_until
from tests.test_report import held_project

pytestmark = [pytest.mark.browser, pytest.mark.integration]

BROWSER_TIMEOUT = 90.0
ARTIFACTS = Path(os.environ.get("TIANLUO_ARTIFACTS") or Path(__file__).parent / "artifacts")


def _chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail("chromium is missing under CI: the report's browser tests must run there "
                    "(scripts/test installs Debian's chromium when run as root: apt-get install chromium)")
    pytest.skip("no chromium here (scripts/test installs Debian's chromium when run as root)")


def chromium(*args: str, home: Path) -> subprocess.CompletedProcess:
    """One headless Chromium call, bounded; its own profile and home so runs never share state."""
    env = {**os.environ, "HOME": str(home)}
    cmd = [_chromium(), "--headless=new", "--disable-gpu", "--no-sandbox", "--no-first-run",
           f"--user-data-dir={home / 'profile'}", "--enable-logging=stderr", "--v=0", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=BROWSER_TIMEOUT, env=env,
                          stdin=subprocess.DEVNULL, check=False)


def console_lines(stderr: str) -> list[str]:
    """What the page printed to its console (errors, refused fetches, uncaught exceptions)."""
    return [line for line in stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line]


class _Dom(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.stack: list[str] = []
        self.text: dict[str, list[str]] = {}

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        ident = dict(attrs).get("id")
        if ident:
            self.stack.append(ident)
            self.text.setdefault(ident, [])

    def handle_data(self, data):
        for ident in self.stack:
            self.text[ident].append(data)


def test_the_console_check_catches_a_broken_page(tmp_path):
    """The check below is worth something: a page with an uncaught error is caught by it."""
    page = tmp_path / "bad.html"
    page.write_text("<html><body><script>console.error('boom'); missing();</script></body></html>")
    proc = chromium("--dump-dom", page.as_uri(), home=tmp_path)
    assert any("Uncaught ReferenceError" in line for line in console_lines(proc.stderr)), proc.stderr[-2000:]


def test_the_report_of_a_run_with_a_held_stage_renders_in_chromium(tmp_path):
    spec = held_project(tmp_path)
    run_dir = start_run(spec, tmp_path / "proj" / ".tianluo", tmp_path)
    tick_until(run_dir, tmp_path, phases=("blocked",), timeout=30)
    proc = cli("report", "--run", run_dir, cwd=tmp_path, check=True)
    page = Path(proc.stdout.strip().splitlines()[0])
    assert page == run_dir / "report.html"

    dom = chromium("--dump-dom", page.as_uri(), home=tmp_path)
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert console_lines(dom.stderr) == [], console_lines(dom.stderr)
    parsed = _Dom()
    parsed.feed(dom.stdout)
    html_attrs = next(a for t, a in parsed.tags if t == "html")
    assert html_attrs.get("data-ready") == "1" and "data-js-errors" not in html_attrs  # the script ran, no error

    # the graph: an SVG with one node per stage and one edge per need, coloured by status
    assert any(t == "svg" and a.get("id") == "graph" for t, a in parsed.tags)
    nodes = {a["data-id"]: a for t, a in parsed.tags if t == "g" and "node" in a.get("class", "").split()}
    assert set(nodes) == {"a.train", "a.eval", "b.train", "s.report"}
    assert nodes["a.train"]["data-status"] == "held" and "blocker" in nodes["a.train"]["class"]
    assert nodes["b.train"]["data-status"] == "succeeded"
    assert "critical" in nodes["a.train"]["class"] and "critical" in nodes["s.report"]["class"]
    edges = {(a["data-from"], a["data-to"]) for t, a in parsed.tags if t == "path" and "edge" in a.get("class", "")}
    assert edges == {("a.train", "a.eval"), ("a.eval", "s.report"), ("b.train", "s.report")}

    # the hold first, with its reason and a relative link to its analysis (which exists)
    ids = [a["id"] for _, a in parsed.tags if a.get("id")]
    assert ids.index("holds") < ids.index("gate") < ids.index("graph")
    holds = "".join(parsed.text["holds"])
    assert "a.train" in holds and "code faults are not retried" in holds
    links = {a["href"] for t, a in parsed.tags if t == "a"}  # relative, to files that exist beside it
    assert "failures/a__analysis.md" in links and all((run_dir / link).is_file() for link in links), links
    assert "</script><b>" not in dom.stdout.split("<script>")[0]  # the hostile log line stayed text

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "report-held-run.png"
    shot.unlink(missing_ok=True)
    snap = chromium(f"--screenshot={shot}", "--window-size=1400,1000", "--hide-scrollbars", page.as_uri(),
                    home=tmp_path)
    assert snap.returncode == 0, snap.stderr[-2000:]
    assert console_lines(snap.stderr) == []
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (1400, 1000)


def test_a_big_run_report_loads_in_chromium_within_bounds(tmp_path):
    """10,000 stages: the summarised page stays a few MB and loads without a console message."""
    import json

    from tests.test_report import _raw, _stage
    from tianluo.report import render
    from tianluo.report_data import build

    stages, states = {}, {}
    for i in range(2000):
        for j, name in enumerate(("prep", "train", "eval", "export", "score")):
            sid = f"e{i:04d}.{name}"
            stages[sid] = _stage([f"e{i:04d}.{('prep', 'train', 'eval', 'export')[j - 1]}"] if j else [], 60)
            states[sid] = {"status": "held" if i == 3 and j == 2 else "succeeded" if i < 500 else "pending"}
    page = tmp_path / "report.html"
    page.write_text(render(build(json.loads(json.dumps(_raw(stages, states))), [])))
    assert page.stat().st_size < 4 * 1024 * 1024
    dom = chromium("--dump-dom", page.as_uri(), home=tmp_path)
    assert dom.returncode == 0 and console_lines(dom.stderr) == [], dom.stderr[-2000:]
    assert re.search(r'<html[^>]* data-ready="1"', dom.stdout)
    assert len(re.findall(r'<g class="node', dom.stdout)) == 5  # one box per stage name
