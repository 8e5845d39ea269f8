"""report.html: the view model, escaping, no network, the bounds, and its refresh by a real tick (the CLI in a fork
of the test process, tests/forked_cli.py)."""

import json
import os
import re
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.conftest import wait_for, write_spec
from tests.forked_cli import run, start_run, tick_until
from tianluo.views import report_data
from tianluo.views.report import CSP, REPORT, SCRIPT, render, tail_events, write_report
from tianluo.views.report_data import build, critical_path, layers

HOSTILE = '</script><script>alert(1)</script><img src=x onerror=alert(2)> "quote" \'q\' & <b>'
T0 = "2026-11-30T10:00:00.000000Z"


def _stage(needs=(), expected=None):
    out = {"run": "true"}
    if needs:
        out["needs"] = list(needs)
    if expected is not None:
        out["expected"] = expected
    return out


def _raw(stages: dict[str, dict], states: dict[str, dict] | None = None, **top) -> dict:
    """A plain state.json: ``stages`` is {'e.s': planned}, ``states`` {'e.s': stage state}."""
    plan_entities: dict = {}
    entities: dict = {}
    for sid, planned in stages.items():
        e, s = sid.rsplit(".", 1)
        plan_entities.setdefault(e, {"stages": {}})["stages"][s] = planned
        entities.setdefault(e, {"stages": {}})["stages"][s] = (states or {}).get(sid, {})
    raw = {"schema_version": 2, "run_id": "20261130-100000-sweep", "created_at": T0, "tianluo_version": "0.1.0",
           "plan": {"name": "sweep", "interval": 600.0, "workdir": "/w", "spec_file": "/w/t.yaml", "spec_sha256": "0",
                    "entities": plan_entities, "success_gate": {"deadline": 3600.0}, "ladder": {}},
           "entities": entities, "last_tick_at": "2026-11-30T10:05:00.000000Z", "tick_count": 7}
    raw.update(top)
    return raw


HELD = {"status": "held", "attempt": 1, "reason": "code faults are not retried",
        "fault": {"class": "code", "label": "type_error", "evidence": "stderr: TypeError"},
        "hold": {"by": "ladder", "reason": "code faults are not retried", "at": T0,
                 "analysis": "failures/a__analysis.md"},
        "attempts": [{"n": 1, "intent_at": T0, "started_at": T0, "ended_at": "2026-11-30T10:01:30.000000Z",
                      "exit_code": 1}]}


def _pipeline() -> dict:
    """a.train (held) -> a.eval -> s.report <- b.eval <- b.train (succeeded)."""
    return _raw({"a.train": _stage(expected=3600), "a.eval": _stage(["a.train"], 60),
                 "b.train": _stage(expected=3600), "b.eval": _stage(["b.train"], 60),
                 "s.report": _stage(["a.eval", "b.eval"], 10)},
                {"a.train": HELD, "a.eval": {"status": "blocked", "reason": "needs a.train (held)"},
                 "b.train": {"status": "succeeded", "attempt": 1}, "b.eval": {"status": "running", "attempt": 1},
                 "s.report": {"status": "blocked", "reason": "needs a.eval (blocked)"}})


def test_the_view_model_puts_holds_first_with_their_analysis_and_finds_the_blockers_and_the_critical_path():
    view = build(_pipeline(), [])
    holds = [(h["entity"], h["stage"], h["analysis"]) for h in view["holds"]]
    assert holds == [("a", "train", "failures/a__analysis.md")]
    assert view["critical"] == ["a.train", "a.eval", "s.report"]  # 3670s of expected time beats b.eval's 70s
    assert view["blockers"] == [{"id": "a.train", "reason": "code faults are not retried",
                                 "blocks": ["a.eval", "s.report"], "blocks_more": 0}]
    nodes = {n["id"]: n for n in view["graph"]["nodes"]}
    assert {i: n["col"] for i, n in nodes.items()} == {"a.train": 0, "a.eval": 1, "b.train": 0, "b.eval": 1,
                                                      "s.report": 2}
    assert nodes["a.train"]["blocker"] and nodes["a.train"]["critical"] and not nodes["b.eval"]["critical"]
    edges = {(e["from"], e["to"]): e for e in view["graph"]["edges"]}
    assert set(edges) == {("a.train", "a.eval"), ("b.train", "b.eval"), ("a.eval", "s.report"), ("b.eval", "s.report")}
    assert edges[("a.train", "a.eval")]["critical"] and edges[("a.train", "a.eval")]["blocker"]
    assert not edges[("b.eval", "s.report")]["critical"]
    assert [st["id"] for st in view["stages"]][:3] == ["a.train", "a.eval", "s.report"]  # held, then blocked
    held = view["stages"][0]
    assert held["ran_s"] == 90.0 and held["fault"] == "code/type_error" and held["attempts"] == 1
    assert view["run"]["updated"] == "2026-11-30T10:05:00.000000Z"  # the last tick, not the clock
    assert view["counts"] == {"held": 1, "blocked": 2, "running": 1, "succeeded": 1}


def test_the_critical_path_counts_stages_where_nothing_is_expected_and_skips_what_is_done():
    stages = [{"id": i, "status": st, "needs": n, "expected": None} for i, st, n in (
        ("x", "succeeded", []), ("y", "pending", ["x"]), ("z", "pending", ["y"]), ("w", "pending", []))]
    assert critical_path(stages) == ["y", "z"]
    assert critical_path([dict(s, status="succeeded") for s in stages]) == []


def test_layers_survive_a_cycle_a_planted_state_could_hold():
    assert layers(["a", "b", "c"], {"a": ["b"], "b": ["a"], "c": []}) == {"c": 0, "a": 0, "b": 1}


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.scripts.append(data)


def _hostile_raw() -> dict:
    e = HOSTILE[:40]
    raw = _raw({f"{e}.train": _stage(), f"{e}.eval": _stage([f"{e}.train"])},
               {f"{e}.train": {"status": "held", "reason": HOSTILE,
                               "hold": {"by": "ladder", "reason": HOSTILE, "at": T0,
                                        "analysis": "javascript:alert(1)"}}},
               phase="blocked", phase_reason=HOSTILE)
    raw["plan"]["name"] = HOSTILE
    raw["gate"] = {"checks": [{"kind": "metric", "target": HOSTILE, "ok": False, "detail": HOSTILE}]}
    raw["pre_authorized_decisions"] = [{"qid": "Q1", "key": "k:" + HOSTILE, "question": HOSTILE, "answer": HOSTILE,
                                        "by": "owner", "at": T0}]
    return raw


def test_every_string_from_the_state_and_the_events_is_escaped():
    events = [{"seq": 1, "ts": T0, "event": HOSTILE, "entity": HOSTILE, "message": HOSTILE}]
    page = render(build(_hostile_raw(), events))
    parser = _Tags()
    parser.feed(page)
    assert [t for t, _ in parser.tags].count("script") == 1 and parser.scripts == [SCRIPT]
    assert not any(t == "img" for t, _ in parser.tags)
    assert not any(k.startswith("on") for _, attrs in parser.tags for k in attrs)
    assert "javascript:" not in " ".join(a.get("href", "") for _, a in parser.tags)  # shown, never linked
    assert "&lt;/script&gt;&lt;script&gt;alert(1)" in page and "&quot;quote&quot;" in page
    assert "alert(1)</script>" not in page


def test_the_page_fetches_nothing_from_the_network():
    page = render(build(_pipeline(), [{"seq": 1, "ts": T0, "event": "x", "message": "see https://evil.example/a.js"}]))
    parser = _Tags()
    parser.feed(page)
    for tag, attrs in parser.tags:
        for key in ("src", "href", "xlink:href", "action", "data", "poster"):
            value = attrs.get(key)
            assert value is None or not re.match(r"[a-z][a-z0-9+.-]*:|//", value), (tag, key, value)
        assert tag not in ("link", "iframe", "object", "embed", "img", "base")
    assert "url(" not in page and "@import" not in page
    csp = [a["content"] for t, a in parser.tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"]
    assert csp == [CSP] and CSP.startswith("default-src 'none';")  # and the browser refuses any fetch


def test_the_analysis_link_is_relative_to_the_run_folder():
    page = render(build(_pipeline(), []))
    assert '<a href="failures/a__analysis.md">' in page


def test_the_same_state_gives_the_same_file():
    raw = _pipeline()
    assert render(build(raw, [])) == render(build(json.loads(json.dumps(raw)), []))


def test_a_10000_stage_run_is_summarised_and_stays_a_few_mb():
    stages, states = {}, {}
    for i in range(2000):
        for j, name in enumerate(("prep", "train", "eval", "export", "score")):
            sid = f"e{i:04d}.{name}"
            stages[sid] = _stage([f"e{i:04d}.{('prep', 'train', 'eval', 'export')[j - 1]}"] if j else [], 600)
            states[sid] = {"status": "held" if i == 7 and j == 1 else "succeeded" if i < 1000 else "pending",
                           "reason": HOSTILE}
    raw = _raw(stages, states)
    events = [{"seq": k, "ts": T0, "event": "succeeded", "message": "x" * 300} for k in range(5000)]
    began = time.monotonic()
    page = render(build(raw, events))
    took = time.monotonic() - began
    assert len(page.encode()) < 4 * 1024 * 1024, len(page)
    assert took < 10, took
    view = build(raw, events)
    assert view["graph"]["unit"] == "stage name" and len(view["graph"]["nodes"]) == 5
    assert len(view["stages"]) == report_data.MAX_ROWS and view["stages"][0]["id"] == "e0007.train"
    assert len(view["events"]) == report_data.MAX_EVENTS and view["events"][0]["seq"] == "4999"
    assert "8000 more stages not listed" in page


def test_with_more_stage_names_than_can_be_drawn_the_most_urgent_stages_are_drawn_and_the_rest_counted():
    stages = {f"e{i}.s{i}": _stage() for i in range(report_data.MAX_GRAPH_NODES + 50)}
    raw = _raw(stages, {"e320.s320": {"status": "held"}})
    g = build(raw, [])["graph"]
    assert len(g["nodes"]) == report_data.MAX_GRAPH_NODES and g["more"] == 50
    assert "e320.s320" in {n["id"] for n in g["nodes"]}


def test_the_event_tail_reads_only_the_end_of_a_big_events_file(tmp_path):
    lines = [json.dumps({"seq": k, "event": "x", "message": "m" * 100}) for k in range(50_000)]
    (tmp_path / "events.jsonl").write_text("\n".join(lines[:-1]) + "\n{torn line\n" + lines[-1] + "\n")
    got = tail_events(tmp_path, 200)
    assert [e["seq"] for e in got] == list(range(49_800, 50_000))
    assert tail_events(tmp_path / "nowhere", 5) == []


def test_a_link_planted_at_report_html_is_refused_and_nothing_is_written_through_it(tmp_path):
    from tianluo.shell import fsio
    from tianluo.views import report

    run_dir = tmp_path / "run"
    run_dir.mkdir(mode=0o700)
    (run_dir / "state.json").write_text(json.dumps(_pipeline()))
    victim = tmp_path / "victim"
    victim.write_text("keep me")
    os.symlink(victim, run_dir / REPORT)
    fsio.guard(run_dir)
    assert "symbolic link" in report.refresh(run_dir, changed=True)
    assert victim.read_text() == "keep me" and os.path.islink(run_dir / REPORT)
    with pytest.raises(fsio.UnsafePath):
        write_report(run_dir)


# --- a real run, through the CLI ----------------------------------------------------------------

HELD_SPEC = """
name: held-demo
entities:
  a:
    stages:
      train:
        run: python3 fail.py
      eval:
        needs: [train]
        run: "true"
  b:
    stages:
      train:
        run: "true"
  s:
    stages:
      report:
        needs: [a.eval, b.train]
        run: "true"
ladder:
  code: {retries: 0}
"""
FAIL_PY = """import sys
print("Traceback (most recent call last):", file=sys.stderr)
print("TypeError: unsupported operand type(s) for +: 'int' and 'str' </script><b>", file=sys.stderr)
sys.exit(1)
"""


def held_project(root: Path) -> Path:
    """A spec whose a.train fails with a code fault (held: code retries 0), a.eval and s.report behind it."""
    spec = write_spec(root / "proj", HELD_SPEC)
    (root / "proj" / "fail.py").write_text(FAIL_PY)
    return spec


@pytest.mark.integration
def test_a_tick_that_changes_the_run_writes_report_html_and_a_planted_link_does_not_fail_it(tmp_path):
    spec = held_project(tmp_path)
    run_dir = start_run(spec, tmp_path / "proj" / ".tianluo", tmp_path)
    report = run_dir / REPORT
    wait_for(report.exists, what="report.html after the first tick")
    tick_until(run_dir, tmp_path, phases=("blocked",), timeout=30)
    page = report.read_text()
    assert "a.train" in page and 'href="failures/a__analysis.md"' in page and "blocked" in page
    state = json.loads((run_dir / "state.json").read_text())
    assert f'<time id=updated datetime="{state["last_tick_at"]}">' in page

    # a tick that changes nothing leaves it alone; one that finds it missing writes it again
    mtime = report.stat().st_mtime_ns
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert report.stat().st_mtime_ns == mtime
    report.unlink()
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    state = json.loads((run_dir / "state.json").read_text())
    assert f'<time id=updated datetime="{state["last_tick_at"]}">' in report.read_text()

    # a planted link: the tick goes on (exit 0), nothing is written through it; `report` says why, exit 2
    report.unlink()
    victim = tmp_path / "victim"
    victim.write_text("keep me")
    os.symlink(victim, report)
    run("release", "a", "--retry", "--run", run_dir, cwd=tmp_path, check=True)
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert victim.read_text() == "keep me"
    proc = run("report", "--run", run_dir, cwd=tmp_path)
    assert proc.returncode == 2 and "symbolic link" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert victim.read_text() == "keep me"
    report.unlink()
    proc = run("report", "--run", run_dir, cwd=tmp_path, check=True)
    assert proc.stdout.splitlines()[0] == str(report) and report.is_file()  # the path first, then the story


@pytest.mark.integration
def test_report_of_a_bad_run_folder_is_one_line_and_exit_2(tmp_path):
    for where in (tmp_path / "missing", tmp_path):
        proc = run("report", "--run", where, cwd=tmp_path)
        assert proc.returncode == 2, proc
        assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr


@pytest.mark.integration
def test_report_open_without_a_display_says_where_the_file_is(tmp_path):
    spec = held_project(tmp_path)
    run_dir = start_run(spec, tmp_path / "proj" / ".tianluo", tmp_path)
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "TIANLUO_RUN", "TIANLUO_HOME")}
    proc = run("report", "--open", "--run", run_dir, cwd=tmp_path, env=env, check=True)
    assert f"no display here: open {Path(run_dir, REPORT).as_uri()}" in proc.stdout


@pytest.mark.integration
def test_hold_and_stop_by_hand_rewrite_the_report_at_once(tmp_path):
    spec = held_project(tmp_path)
    run_dir = start_run(spec, tmp_path / "proj" / ".tianluo", tmp_path)
    tick_until(run_dir, tmp_path, phases=("blocked",), timeout=30)
    run("hold", "s", "--reason", "checking <the> data", "--run", run_dir, cwd=tmp_path, check=True)
    page = (run_dir / REPORT).read_text()
    assert "entity s</b> held by human" in page and "checking &lt;the&gt; data" in page
    run("stop", "--run", run_dir, cwd=tmp_path, check=True)  # nothing ticks a stopped run: the report says so now
    assert "<title>tianluo: held-demo (stopped)</title>" in (run_dir / REPORT).read_text()


def test_a_running_stage_shows_when_its_progress_should_reach_its_total():
    progress = {"done": 40, "total": 100, "first_done": 10, "first_at": T0, "seen_at": "2026-11-30T10:30:00.000000Z"}
    raw = _raw({"a.train": _stage(), "b.train": _stage()},
               {"a.train": {"status": "running", "attempt": 1, "progress": progress},
                "b.train": {"status": "held", "progress": progress}})
    stages = {st["id"]: st for st in build(raw, [])["stages"]}
    assert stages["a.train"]["eta"] == "2026-11-30T11:30:00Z"  # 30 steps in 30 min, 60 to go
    assert stages["b.train"]["eta"] == ""  # not running: no ETA
    # relative to the last tick (10:05), the absolute time on hover: never a raw ISO string
    assert ('40/100 (ETA <time datetime="2026-11-30T11:30:00Z" title="2026-11-30 11:30:00 UTC">in 1 h 25 min</time>)'
            in render(build(raw, [])))
