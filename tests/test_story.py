"""The night's story from constructed states: an OOM degraded and then succeeding, a KeyError held and
released by a human, a connection reset retried after a backoff; the page and the text that tell it."""

import json
from datetime import UTC, datetime, timedelta
from html.parser import HTMLParser

import pytest

from tests.test_report import _raw, _stage
from tianluo.views.report import render
from tianluo.views.report_data import build
from tianluo.views.report_story import goodput_bar
from tianluo.views.story import build_story, plain_what, relative, span
from tianluo.views.story_text import goodput_line, render_story, story_doc

NOW = datetime(2026, 11, 30, 6, 12, tzinfo=UTC)
ANALYSIS = "failures/bug__analysis.md"


def t(hhmm: str) -> str:
    return f"2026-11-30T{hhmm}:00.000000Z"


def _failed(n: int, start: str, end: str, klass: str, label: str, evidence: str) -> dict:
    return {"n": n, "intent_at": t(start), "started_at": t(start), "ended_at": t(end), "exit_code": 1,
            "outcome": "failed", "fault": {"class": klass, "label": label, "evidence": evidence}}


def _ok(n: int, start: str, end: str) -> dict:
    return {"n": n, "intent_at": t(start), "started_at": t(start), "ended_at": t(end), "exit_code": 0,
            "outcome": "succeeded"}


def _ev(seq: int, at: str, kind: str, sid: str | None = None, **fields) -> dict:
    ev = {"seq": seq, "ts": t(at), "event": kind, "message": fields.pop("message", kind)}
    if sid:
        ev["entity"], ev["stage"] = sid.split(".")
    ev.update(fields)
    return ev


OOM = "stderr: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 79.35 GiB total)"
HOLD_MSG = ("manual_hold: code faults are not retried (ladder.code.retries is 0): code/key_error; analysis in "
            + ANALYSIS)


def night(bug_released: bool = True) -> tuple[dict, list[dict]]:
    """big.train: OOM at 03:12, degraded 64->32 at 03:16, succeeded. bug.train: KeyError at 01:00, held at
    01:02, released by a human at 03:10 (or still held). net.train: connection reset at 02:00, retried
    after a 1 min backoff, succeeded. Low-signal events in between."""
    stages = {"big.train": _stage(), "bug.train": _stage(), "net.train": _stage(), "big.eval": _stage(["big.train"])}
    bug = {"status": "succeeded", "attempt": 2,
           "attempts": [_failed(1, "00:30", "01:00", "code", "key_error", "stderr: KeyError: 'label'"),
                        _ok(2, "03:11", "04:00")]}
    events = [
        _ev(1, "00:30", "submit_intent", "bug.train", attempt=1), _ev(2, "00:31", "running", "bug.train", attempt=1),
        _ev(3, "01:02", "failed", "bug.train", attempt=1, fault={"class": "code", "label": "key_error"}),
        _ev(4, "01:02", "held", "bug.train", attempt=1, by="ladder", message=HOLD_MSG),
        _ev(5, "01:02", "diagnosed", "bug.train", attempt=1),
        _ev(6, "02:05", "failed", "net.train", attempt=1),
        _ev(7, "02:05", "retry_scheduled", "net.train", attempt=1, wait_s=60.0),
        _ev(8, "03:16", "failed", "big.train", attempt=1),
        _ev(9, "03:16", "degraded", "big.train", attempt=1, action="halve_batch", changes=["batch_size 64 -> 32"]),
    ]
    if bug_released:
        events.append(_ev(10, "03:10", "released", "bug.train", action="retry", budget_reset=False))
    else:
        bug = {"status": "held", "attempt": 1, "attempts": bug["attempts"][:1], "reason": "code faults are not retried",
               "fault": {"class": "code", "label": "key_error", "evidence": "stderr: KeyError: 'label'"},
               "hold": {"by": "ladder", "reason": "code faults are not retried (ladder.code.retries is 0): "
                        "code/key_error", "at": t("01:02"), "analysis": ANALYSIS}}
    events.sort(key=lambda e: e["ts"])
    states = {
        "big.train": {"status": "succeeded", "attempt": 2,
                      "attempts": [_failed(1, "02:00", "03:12", "config", "cuda_oom", OOM), _ok(2, "03:17", "05:00")],
                      "degradations": [{"attempt": 1, "action": "halve_batch", "changes": ["batch_size 64 -> 32"],
                                        "at": t("03:16")}]},
        "bug.train": bug,
        "net.train": {"status": "succeeded", "attempt": 2,
                      "attempts": [_failed(1, "01:30", "02:00", "transient", "connection_error",
                                           "stderr: ConnectionResetError: [Errno 104] Connection reset by peer"),
                                   _ok(2, "02:06", "02:40")]},
        "big.eval": {"status": "succeeded", "attempt": 1, "attempts": [_ok(1, "05:01", "05:10")]},
    }
    raw = _raw(stages, states, created_at=t("00:29"), last_tick_at=t("06:12"), phase="complete")
    return raw, events


def _lines(story: dict) -> dict[str, str]:
    return {f"{i['stage']}#{i['attempt']}": i["text"] for i in story["items"]}


def test_an_oom_degraded_then_succeeding_is_one_line_with_the_change_and_the_time_to_act():
    raw, events = night()
    story = build_story(raw, events, NOW)
    assert _lines(story)["big.train#1"] == ("big.train attempt 1: CUDA out of memory (config/cuda_oom) → degraded "
                                            "batch_size 64 -> 32 after 4 min → attempt 2 succeeded")
    row = next(r for r in story["stages"] if r["id"] == "big.train")
    assert [(a["n"], a["outcome"]) for a in row["attempts"]] == [(1, "failed"), (2, "succeeded")]
    assert [(m["kind"], m["label"]) for m in row["marks"]] == [("fault", "cuda_oom"), ("tianluo", "batch_size 64→32")]
    assert story["last_failures"]["big.train"]["why"] == "degraded batch_size 64 -> 32"


def test_a_keyerror_held_then_released_by_a_human_says_who_acted_and_how_long_it_waited():
    raw, events = night()
    story = build_story(raw, events, NOW, files=frozenset({ANALYSIS, "COMPLETION.md", "lessons.md"}))
    item = next(i for i in story["items"] if i["stage"] == "bug.train")
    assert item["text"] == ("bug.train attempt 1: 'label' (code/key_error) → held for a human after 2 min: code "
                            "faults are not retried (ladder.code.retries is 0) → a human released it to run again "
                            "after 2 h 8 min → attempt 2 succeeded")
    assert [x["by"] for x in item["steps"]] == ["tianluo", "human"] and item["analysis"] == ANALYSIS
    row = next(r for r in story["stages"] if r["id"] == "bug.train")
    assert row["held"] == [{"from": t("01:02"), "to": t("03:10"), "by": "ladder"}]
    assert ("human", "released") in [(m["kind"], m["label"]) for m in row["marks"]]
    assert story["waiting"] == [] and story["links"] == ["COMPLETION.md", "lessons.md", ANALYSIS]
    # the release answered the hold: it is not a line of its own as well
    assert [i["kind"] for i in story["items"]].count("human") == 0


def test_a_stage_still_held_is_waiting_with_what_to_do_and_its_held_span_runs_to_now():
    raw, events = night(bug_released=False)
    story = build_story(raw, events, NOW)
    assert _lines(story)["bug.train#1"].endswith("→ still held: it needs you")
    (waiting,) = story["waiting"]
    assert waiting["what"] == "bug.train" and "tianluo release bug --retry" in waiting["do"]
    assert ANALYSIS in waiting["do"]
    row = next(r for r in story["stages"] if r["id"] == "bug.train")
    assert row["held"] == [{"from": t("01:02"), "to": "2026-11-30T06:12:00Z", "by": "ladder"}]


def test_a_connection_reset_retried_after_a_backoff():
    raw, events = night()
    assert _lines(build_story(raw, events, NOW))["net.train#1"] == (
        "net.train attempt 1: [Errno 104] Connection reset by peer (transient/connection_error) → scheduled a retry "
        "after 5 min, with a 1 min backoff → attempt 2 succeeded")


def test_without_its_events_the_state_alone_still_says_a_failure_was_retried_and_the_degrade():
    raw, _ = night()
    lines = _lines(build_story(raw, [], NOW))
    assert lines["net.train#1"].endswith("→ retried after 6 min → attempt 2 succeeded")
    assert "degraded batch_size 64 -> 32 after 4 min" in lines["big.train#1"]


def test_since_keeps_what_happened_in_the_window_and_the_lines_are_in_time_order():
    raw, events = night()
    story = build_story(raw, events, NOW)
    assert [i["stage"] for i in story["items"]] == ["bug.train", "net.train", "big.train"]
    recent = build_story(raw, events, NOW, since=NOW - timedelta(hours=3, minutes=30))
    assert [i["stage"] for i in recent["items"]] == ["bug.train", "big.train"]  # bug's release came at 03:10


def test_words_for_times_and_faults():
    assert [span(x) for x in (0, 35, 240, 7680, 97200)] == ["0 s", "35 s", "4 min", "2 h 8 min", "1 d 3 h"]
    assert relative(NOW - timedelta(hours=3), NOW) == "3 h ago"
    assert relative(NOW + timedelta(minutes=5), NOW) == "in 5 min"
    assert plain_what(OOM) == "CUDA out of memory"
    assert plain_what("stderr: KeyError: 'label'") == "'label'"
    assert plain_what("x" * 500).endswith("…") and len(plain_what("x" * 500)) == 90


# --- the page ----------------------------------------------------------------------------------------


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def test_the_page_tells_the_night_with_relative_times_links_and_routine_events_folded():
    raw, events = night()
    files = frozenset({ANALYSIS, "COMPLETION.md", "lessons.md"})
    page = render(build(raw, events, files=files))
    assert "Nothing is held or waiting for an answer now. 1 hold was answered by a human" in page
    assert 'id=happened' in page and "a human released it to run again after 2 h 8 min" in page
    assert '<time datetime="2026-11-30T03:12:00Z" title="2026-11-30 03:12:00 UTC">3 h ago</time>' in page
    parser = _Page()
    parser.feed(page)
    hrefs = [a["href"] for tag, a in parser.tags if tag == "a"]
    assert {"COMPLETION.md", "lessons.md", ANALYSIS} <= set(hrefs) and "plan.md" not in hrefs  # only what exists
    # the fault / why column of a stage that succeeded in the end: its last failure and what was done
    row = page.split('<tr id="row-big.train">', 1)[1].split("</tr>", 1)[0]
    assert "<code>config/cuda_oom</code>: CUDA out of memory" in row and "degraded batch_size 64 -&gt; 32" in row
    # routine events folded away under the ones that tell the story
    events_html = page.split("<section id=events>", 1)[1]
    shown, folded = events_html.split("<details id=routine>", 1)
    assert "retry_scheduled" in shown and "degraded" in shown and "diagnosed" not in shown
    assert "3 routine events (diagnosed, running, submit_intent)" in folded
    assert ".000000Z</td>" not in page  # no raw timestamps with microseconds in a table
    # the timeline: a bar per attempt, coloured by outcome, the marks with their words on hover
    assert page.count('class="bar failed"') == 3 and page.count('class="bar succeeded"') == 4
    assert "<title>a human released it to run again</title>" in page


def test_the_same_state_and_now_give_the_same_page():
    raw, events = night()
    assert render(build(raw, events)) == render(build(json.loads(json.dumps(raw)), json.loads(json.dumps(events))))
    assert render(build(raw, events)) == render(build(raw, events, now=NOW))  # now: the last tick by default


GOODPUT = {"wall_s": 10000.0, "productive_s": 7200.0,
           "lost_s": {"redone": 1200.0, "detection": 240.0, "backoff": 60.0, "queue": 300.0, "held": 1000.0,
                      "hung": 0.0},
           "lost_by_fault": {"config/cuda_oom": 1440.0, "code/key_error": 1000.0}, "ratio": 0.72,
           "gpu_hours": {"wall": 22.2, "productive": 16.0, "lost": 6.2, "ratio": 0.72}, "progress": "measured",
           "attempts": 5, "machine_s": 10000.0,
           "lost_detail": [{"fault": "config/cuda_oom", "cause": "redone", "s": 1200.0, "gpu_h": 2.7},
                           {"fault": "code/key_error", "cause": "held", "s": 1000.0, "gpu_h": 2.2},
                           {"fault": "config/cuda_oom", "cause": "detection", "s": 240.0, "gpu_h": 0.5}]}


def test_the_goodput_bar_shows_each_share_of_the_wall_time():
    bar = goodput_bar(GOODPUT)
    assert "<b>goodput 72%</b>: 2 h of 2 h 46 min moved the run forward" in bar
    parts = bar.split('class="g-')[1:]
    widths = {p.split('"', 1)[0]: float(p.split("width:", 1)[1].split("%", 1)[0]) for p in parts}
    assert widths == {"productive": 72.0, "redone": 12.0, "detection": 2.4, "backoff": 0.6, "queue": 3.0, "held": 10.0}
    assert "GPU-hours: 16.0 productive of 22.2 (6.2 lost)" in bar and "<code>config/cuda_oom</code> 24 min" in bar
    assert goodput_bar(None) == "" and goodput_bar({"wall_s": 0}) == ""
    unmeasured = goodput_bar(dict(GOODPUT, progress="not configured", ratio=None, gpu_hours=None))
    assert "progress is not configured" in unmeasured and "<b>goodput</b>:" in unmeasured


def test_the_page_shows_the_goodput_bar_only_when_it_is_given():
    raw, events = night()
    assert "id=goodput" not in render(build(raw, events))
    page = render(build(raw, events, goodput={"run": GOODPUT, "stages": {"big.train": GOODPUT}}))
    assert page.index("id=goodput") < page.index("id=happened")


def test_goodput_in_one_line():
    """The story's line is status's (``goodput.summary``): one wording of the same numbers."""
    assert goodput_line(GOODPUT) == (
        "goodput 72%: 16.0 of 22.2 GPU-h productive; lost: 2.7 GPU-h cuda_oom (redone), 2.2 GPU-h key_error "
        "(held), 0.5 GPU-h cuda_oom (detection)")
    assert goodput_line(None) == "" and goodput_line({"wall_s": 5.0}) == ""


def test_the_text_tells_the_same_story_one_line_per_stage_and_what_needs_you():
    raw, events = night(bug_released=False)
    raw["entities"]["big"]["stages"]["train"]["attempts"][0]["fault"]["evidence"] += "\x1b[31m red"
    doc = story_doc(raw, events, NOW, None, frozenset({ANALYSIS}), {"run": GOODPUT}, "/r/report.html")
    assert doc["version"] == 1 and json.loads(json.dumps(doc)) == doc
    text = render_story(doc)
    assert "\x1b" not in text
    assert "goodput 72%: 16.0 of 22.2 GPU-h productive" in text
    assert ("  03:12 (3 h ago) big.train attempt 1: CUDA out of memory (config/cuda_oom) → degraded batch_size "
            "64 -> 32 after 4 min → attempt 2 succeeded") in text
    assert "  big.train  succeeded  ✗1 cuda_oom  → batch_size 64→32  ✓2\n" in text
    assert "  net.train  succeeded  ✗1 connection_error  → retry +1 min  ✓2\n" in text
    assert "  bug.train  held       ✗1 key_error  → held 5 h 10 min\n" in text
    assert "Needs you:\n  bug.train held since 01:02 (5 h 10 min ago)" in text
    assert f"do: read {ANALYSIS}, fix the cause, then tianluo release bug --retry (or --skip)" in text
    late = render_story(story_doc(raw, events, NOW, NOW - timedelta(hours=1), frozenset(), None, "/r"))
    assert ("What happened since 05:12 (1 h ago):\n  nothing: no attempt failed and nobody had to act in this "
            "window") in late


# --- a real run, through the CLI --------------------------------------------------------------------------

RESET_SPEC = """
name: reset-night
entities:
  net:
    stages:
      train:
        run: >-
          @PY@ fake_train.py --out out/net --steps 6 --step-seconds 0.05
          --fail connreset --fail-at-step 3 --fail-attempts 1
        progress: {regex: 'step (?P<done>\\\\d+)/(?P<total>\\\\d+)', stall_after: 5m}
        done_when: {exists: out/net/final.ckpt}
ladder:
  transient: {retries: 2, backoff: [0s]}
"""


@pytest.mark.integration
def test_tianluo_report_tells_a_real_connection_reset_and_its_retry(tmp_path):
    from tests.conftest import cli
    from tests.forked_cli import run, start_run, tick_until
    from tests.test_brain_integration import make_workdir

    spec = make_workdir(tmp_path, RESET_SPEC)
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    tick_until(run_dir, tmp_path, phases=("complete",), timeout=60)
    # a real process: its words (→, ✗, ✓) through a real interpreter's stdout
    proc = cli("report", "--since", "8h", "--run", run_dir, cwd=tmp_path, check=True)
    lines = proc.stdout.splitlines()
    assert lines[0] == str(run_dir / "report.html") and "reset-night" in lines[2]
    happened = next(line for line in lines if "net.train attempt 1" in line)
    assert "Connection reset by peer (transient/connection_error) → retried after" in happened
    assert happened.endswith("→ attempt 2 succeeded")
    assert any(line.startswith("  net.train  succeeded  ✗1 connection_error  → retry  ✓2") for line in lines)
    assert "Needs you: nothing is held." in lines
    doc = json.loads(run("report", "--json", "--run", run_dir, cwd=tmp_path, check=True).stdout)
    assert doc["version"] == 1 and doc["report_html"] == str(run_dir / "report.html")
    assert [i["fault"] for i in doc["happened"] if i["kind"] == "fault"] == ["transient/connection_error"]
    page = (run_dir / "report.html").read_text()
    assert "Connection reset by peer" in page and 'class="bar failed"' in page
    for bad in ("8x", "0s", "-1h"):
        proc = (cli if bad == "8x" else run)("report", "--since", bad, "--run", run_dir, cwd=tmp_path)  # one real
        assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1 and "--since" in proc.stderr
