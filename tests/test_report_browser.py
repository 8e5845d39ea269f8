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
import sys
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
    """Every tag with its attributes, and the text inside each element that has an id (to its end tag)."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.open: list[tuple[str, str | None]] = []  # (tag, its id) of every element not closed yet
        self.text: dict[str, list[str]] = {}

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        ident = dict(attrs).get("id")
        if ident:
            self.text.setdefault(ident, [])
        if tag not in self.VOID:
            self.open.append((tag, ident))

    def handle_endtag(self, tag):
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i][0] == tag:
                del self.open[i:]
                break

    def handle_data(self, data):
        for _, ident in self.open:
            if ident:
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
    from tianluo.views.report import render
    from tianluo.views.report_data import build

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


# --- the timeline of a busy night, at 1400x1000 ----------------------------------------------------------

MEASURE = """
(function () {
  // the timeline alone at the top of the window (a screenshot does not scroll): the rest hidden
  document.querySelectorAll('header, main > section').forEach(function (s) {
    if (s.id !== 'timeline-section') { s.style.display = 'none'; }
  });
  var box = function (e) { var r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  var texts = Array.prototype.map.call(document.querySelectorAll('#timeline text'),
                                       function (t) { return {box: box(t), text: t.textContent}; });
  document.body.setAttribute('data-measured', JSON.stringify({
    timeline: box(document.getElementById('timeline')), texts: texts,
    bars: document.querySelectorAll('#timeline rect.bar').length,
    marks: document.querySelectorAll('#timeline .mark').length,
    page_width: document.documentElement.scrollWidth}));
})();
"""


def busy_night(stages: int = 24) -> dict:
    """``stages`` stages over 8 hours: OOMs degraded, connection resets retried, KeyErrors held and released."""
    from tests.test_story import _ev, _failed, _ok, _raw, _stage

    def hm(minutes: int) -> str:
        return f"{minutes // 60:02d}:{minutes % 60:02d}"

    planned, states, events = {}, {}, []
    for i in range(stages):
        sid = f"lr-{i:02d}-long-entity-name.train"
        planned[sid] = _stage()
        attempts, degrades, start = [], [], 5 + i * 3
        kinds = ("oom", "reset", "keyerror", "ok")[i % 4]
        for n in range(1, 2 + (i % 6)):
            end = start + 20 + (i * 7 + n * 13) % 50
            last = n == 1 + (i % 6)
            if last:
                attempts.append(_ok(n, hm(start), hm(end)))
                break
            if kinds == "oom":
                attempts.append(_failed(n, hm(start), hm(end), "config", "cuda_oom", "stderr: CUDA out of memory."))
                degrades.append({"attempt": n, "action": "halve_batch", "at": f"2026-11-30T{hm(end + 2)}:00.000000Z",
                                 "changes": [f"batch_size {128 >> n} -> {64 >> n}"]})
            elif kinds == "keyerror":
                attempts.append(_failed(n, hm(start), hm(end), "code", "key_error", "stderr: KeyError: 'x'"))
                events.append(_ev(len(events), hm(end + 1), "held", sid, attempt=n, by="ladder",
                                  message="manual_hold: code faults are not retried"))
                events.append(_ev(len(events), hm(end + 25), "released", sid, action="retry"))
                end += 25
            else:
                attempts.append(_failed(n, hm(start), hm(end), "transient", "connection_error",
                                        "stderr: ConnectionResetError: [Errno 104] Connection reset by peer"))
                events.append(_ev(len(events), hm(end + 1), "retry_scheduled", sid, attempt=n, wait_s=60.0))
            start = end + 3
        states[sid] = {"status": "succeeded", "attempt": len(attempts), "attempts": attempts, "degradations": degrades}
    events.sort(key=lambda e: e["ts"])
    return _raw(planned, states, created_at="2026-11-30T00:00:00.000000Z", last_tick_at="2026-11-30T08:30:00.000000Z",
                phase="complete"), events


def png_pixels(data: bytes) -> tuple[int, int, int, list[bytes]]:
    """Width, height, bytes per pixel and the rows of an 8-bit RGB(A) non-interlaced PNG (as Chromium
    writes them)."""
    import struct
    import zlib

    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
            bpp = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw, rows, prev = zlib.decompress(idat), [], bytearray(width * bpp)
    stride = width * bpp
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def test_the_timeline_of_a_busy_night_is_legible_at_1400_by_1000(tmp_path):
    """24 stages, up to 6 attempts each: the timeline fits the window's width, no two of its texts overlap,
    every attempt is a bar; the screenshot of it (kept in the test's folder) is not blank."""
    import base64
    import hashlib
    import json
    from html import escape

    from tianluo.views.report import CSP, SCRIPT, render
    from tianluo.views.report_data import build

    raw, events = busy_night()
    page = render(build(raw, events, files=frozenset({"COMPLETION.md", "lessons.md"})))
    (tmp_path / "report.html").write_text(page)
    digest = base64.b64encode(hashlib.sha256(MEASURE.encode()).digest()).decode()
    csp = escape(CSP, quote=True)  # as the page's meta carries it; the probe's script allowed by its hash too
    assert csp in page
    measured = page.replace(csp, escape(CSP.replace("script-src ", f"script-src 'sha256-{digest}' "), quote=True))
    measured = measured.replace(f"<script>{SCRIPT}</script>", f"<script>{SCRIPT}</script><script>{MEASURE}</script>")
    probe = tmp_path / "measured.html"
    probe.write_text(measured)

    dom = chromium("--dump-dom", "--window-size=1400,1000", probe.as_uri(), home=tmp_path)
    assert dom.returncode == 0 and console_lines(dom.stderr) == [], dom.stderr[-2000:]
    found = re.search(r'data-measured="([^"]*)"', dom.stdout)
    assert found, dom.stdout[-2000:]
    facts = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))
    left, top, right, bottom = facts["timeline"]
    assert right - left >= 1200 and right <= 1400 and facts["page_width"] <= 1400  # no sideways scrolling
    assert facts["bars"] == sum(len(st["attempts"]) for e in raw["entities"].values() for st in e["stages"].values())
    assert facts["marks"] > 60
    texts = facts["texts"]
    assert len(texts) > 40
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            (l1, t1, r1, b1), (l2, t2, r2, b2) = a["box"], b["box"]
            overlap = min(r1, r2) - max(l1, l2) > 0.5 and min(b1, b2) - max(t1, t2) > 0.5
            inside_bar = a["text"].isdigit() or b["text"].isdigit()  # an attempt's number sits on its bar
            assert not overlap or inside_bar, (a, b)

    shot = tmp_path / "timeline.png"
    snap = chromium(f"--screenshot={shot}", "--window-size=1400,1000", "--hide-scrollbars", probe.as_uri(),
                    home=tmp_path)
    assert snap.returncode == 0 and console_lines(snap.stderr) == [], snap.stderr[-2000:]
    width, height, bpp, rows = png_pixels(shot.read_bytes())
    assert (width, height) == (1400, 1000)
    colours = {row[x * bpp:x * bpp + 3] for row in rows[60:900:2] for x in range(int(left) + 200, int(right), 2)}
    assert len(colours) > 20, len(colours)  # bars, marks and labels, not a blank region
    assert bytes.fromhex("c62828") in colours and bytes.fromhex("2e7d32") in colours  # failed and succeeded bars
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "report-timeline.png").write_bytes(shot.read_bytes())


def test_a_real_fault_its_retry_and_what_it_cost_render_in_chromium(tmp_path):
    """Issue 24's night in small: a real stage dies of a connection reset after some steps, is retried,
    resumes and succeeds. Rendered in Chromium, the page shows the goodput bar (a ratio below 100%), the
    fault and what tianluo did about it in "What happened", and the attempt bars of the timeline."""
    from tests.conftest import write_spec
    from tests.test_goodput_real import FAKE_TRAIN, SPEC

    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(FAKE_TRAIN, work / "fake_train.py")
    run_dir = start_run(write_spec(work, SPEC.format(py=sys.executable)), tmp_path / "home", work)
    tick_until(run_dir, work, timeout=60, pace=0.1)
    page = Path(cli("report", "--run", run_dir, cwd=work, check=True).stdout.strip().splitlines()[0])

    dom = chromium("--dump-dom", "--window-size=1400,1000", page.as_uri(), home=tmp_path)
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert console_lines(dom.stderr) == [], console_lines(dom.stderr)
    parsed = _Dom()
    parsed.feed(dom.stdout)
    bar = " ".join("".join(parsed.text["goodput"]).split())
    ratio = re.search(r"goodput (\d+)%", bar)
    assert ratio and 0 < int(ratio.group(1)) < 100, bar
    assert "work redone" in bar and "connection_error" in bar, bar  # the loss, put down to the fault
    happened = " ".join("".join(parsed.text["happened"]).split())
    assert "m.train" in happened and "connection_error" in happened, happened
    assert re.search(r"retr(y|ied)", happened) and "succeeded" in happened, happened  # the response, the outcome
    bars = [a for t, a in parsed.tags if t == "rect" and "bar" in a.get("class", "").split()]
    assert len(bars) >= 2, [a for t, a in parsed.tags if t == "rect"][:5]  # one bar per attempt
    links = {a["href"] for t, a in parsed.tags if t == "a"}
    assert "COMPLETION.md" in links and "lessons.md" in links, links
