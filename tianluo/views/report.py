"""``report.html``: one self-contained page about a run (inline CSS, JS and SVG; nothing fetched).

The page is built from state.json and the tail of events.jsonl alone (``tianluo.views.report_data``), so the
same state gives the same file: its "last updated" is the run's last tick, never the clock. Every
string from the run is HTML-escaped (log lines are hostile); the one script is a constant, allowed by
its hash in the page's Content-Security-Policy, which also forbids every fetch.
"""

import base64
import hashlib
import json
import os
import re
import stat
from datetime import datetime
from html import escape
from pathlib import Path
from urllib.parse import quote

from tianluo import redact
from tianluo.durations import format_duration
from tianluo.shell import fsio
from tianluo.shell.peek import fill_held
from tianluo.views.plainjson import when
from tianluo.views.report_data import EPOCH, MAX_EVENTS, build
from tianluo.views.report_story import STYLE as STORY_STYLE
from tianluo.views.report_story import moment, story_section
from tianluo.views.story import absolute, signal

REPORT = "report.html"
STATE, EVENTS = "state.json", "events.jsonl"  # peek.STATE, peek.EVENTS
STATE_CAP = 256 * 1024 * 1024  # peek.STATE_CAP
TAIL_CHUNK, TAIL_CAP = 64 * 1024, 4 * 1024 * 1024  # as peek.tail_seq: the end of events.jsonl only
#: An analysis file linked from a hold: below failures/, a plain name (anything else is shown, not linked).
_ANALYSIS = re.compile(r"failures/[A-Za-z0-9][A-Za-z0-9._-]{0,250}\.md\Z")
_ANALYSIS_OR_DOC = re.compile(r"(?:COMPLETION\.md|lessons\.md|plan\.md|"
                              r"failures/[A-Za-z0-9][A-Za-z0-9._-]{0,250}\.md)\Z")
#: The run folder's documents the page links to, when they exist (relative: they open beside it).
DOCUMENTS = ("COMPLETION.md", "lessons.md", "plan.md")
MAX_ANALYSES = 2000  # failures/*.md looked at for links
STORY_EVENTS = 2000  # high-signal events the story is told from (the newest)

COLOURS = {"succeeded": "#2e7d32", "skipped": "#9e9e9e", "running": "#1565c0", "submitted": "#42a5f5",
           "pending": "#cfd8dc", "retry_wait": "#f9a825", "consulting": "#8e24aa", "held": "#c62828",
           "blocked": "#ef6c00"}
NODE_W, NODE_H, GAP_X, GAP_Y, PAD = 190, 44, 56, 12, 16


def h(value) -> str:
    """Any value as escaped text."""
    return escape("" if value is None else str(value), quote=True)


# --- reading ----------------------------------------------------------------------------------


def read_state(run_dir: Path) -> dict:
    """state.json as plain JSON (no link followed, size-capped)."""
    return fill_held(json.loads(fsio.read_bytes(Path(run_dir) / STATE, STATE_CAP).decode("utf-8")))


def tail_events(run_dir: Path, n: int = MAX_EVENTS, keep=None) -> list[dict]:
    """The newest ``n`` events of events.jsonl (those ``keep`` accepts, if given), oldest first, read from its
    end only (at most ``TAIL_CAP`` bytes, growing 8x at a time); torn or foreign lines are skipped."""
    try:
        fd = fsio.open_file(Path(run_dir) / EVENTS, os.O_RDONLY)
    except FileNotFoundError:
        return []
    try:
        size, chunk = os.fstat(fd).st_size, TAIL_CHUNK
        while True:
            start = max(0, size - chunk)
            lines = os.pread(fd, size - start, start).split(b"\n")
            if start:
                lines = lines[1:]  # the first may be cut
            out: list[dict] = []
            for line in reversed(lines):
                if len(out) >= n:
                    break
                try:
                    ev = json.loads(line) if line.strip() else None
                except (ValueError, RecursionError):
                    continue
                if isinstance(ev, dict) and (keep is None or keep(ev)):
                    out.append(ev)
            if len(out) >= n or start == 0 or chunk >= TAIL_CAP:
                return out[::-1]
            chunk *= 8
    finally:
        os.close(fd)


def write_report(run_dir: Path, raw: dict | None = None) -> Path:
    """Write ``report.html`` in the run folder (atomically; never through a link) and return its path.

    Raises:
        UnsafePath: a link or a non-file stands at report.html (nothing is written through it).
    """
    run_dir = Path(run_dir)
    raw = read_state(run_dir) if raw is None else raw
    path = run_dir / REPORT
    now = _last_tick(raw)
    red = redact.of_plan(raw.get("plan") if isinstance(raw, dict) else None, os.environ)
    view = build(raw, tail_events(run_dir), now, run_files(run_dir), goodput_of(raw, now),
                 tail_events(run_dir, STORY_EVENTS, signal))
    fsio.atomic_write(path, render(red.deep(view)))  # no secret, whatever was echoed
    return path


def goodput_of(raw: dict, now: datetime) -> dict | None:
    """The run's time accounting up to ``now`` (``goodput.account``), or None: the bar is left out
    (a state.json whose facts do not read as goodput expects never costs the whole report)."""
    from tianluo.core import goodput

    try:
        return goodput.account(raw, now)
    except goodput.Bad:
        return None


def _last_tick(raw: dict) -> datetime:
    return when(raw.get("last_tick_at")) or when(raw.get("created_at")) or EPOCH


def run_files(run_dir: Path) -> frozenset[str]:
    """The documents of the run folder that exist as plain files (no link followed), relative to it:
    COMPLETION.md, lessons.md, plan.md and the failure analyses (failures/*.md)."""
    out = set()
    for name in DOCUMENTS:
        try:
            if stat.S_ISREG(os.lstat(run_dir / name).st_mode):
                out.add(name)
        except OSError:
            continue
    try:
        if not stat.S_ISDIR(os.lstat(run_dir / "failures").st_mode):
            return frozenset(out)
        with os.scandir(run_dir / "failures") as entries:
            for k, entry in enumerate(entries):
                if k >= MAX_ANALYSES:
                    break
                name = f"failures/{entry.name}"
                if _ANALYSIS.match(name) and entry.is_file(follow_symlinks=False):
                    out.add(name)
    except OSError:
        pass
    return frozenset(out)


# --- the page ---------------------------------------------------------------------------------

SCRIPT = """
(function () {
  var errors = 0;
  window.addEventListener('error', function () { errors += 1; document.documentElement.dataset.jsErrors = errors; });
  var box = document.getElementById('filter');
  var rows = Array.prototype.slice.call(document.querySelectorAll('#stages tbody tr'));
  if (box) {
    box.addEventListener('input', function () {
      var q = box.value.toLowerCase();
      rows.forEach(function (r) { r.hidden = q !== '' && r.textContent.toLowerCase().indexOf(q) < 0; });
    });
  }
  document.querySelectorAll('svg .node').forEach(function (g) {
    g.addEventListener('click', function () {
      var row = document.getElementById('row-' + g.getAttribute('data-id'));
      if (row) { row.scrollIntoView({block: 'center'}); row.classList.add('flash');
                 setTimeout(function () { row.classList.remove('flash'); }, 1500); }
    });
  });
  document.documentElement.dataset.ready = '1';
})();
"""
SCRIPT_HASH = base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode()
CSP = f"default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-{SCRIPT_HASH}'; img-src data:"

STYLE = """
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#222;background:#fafafa}
header{background:#263238;color:#fff;padding:12px 20px}header h1{margin:0;font-size:20px}
header .meta{color:#cfd8dc;font-size:13px}main{padding:8px 20px 40px}
section{background:#fff;border:1px solid #e0e0e0;border-radius:6px;margin:12px 0;padding:8px 14px}
h2{font-size:16px;margin:6px 0 8px}table{border-collapse:collapse;width:100%;font-size:13px}
th,td{text-align:left;padding:3px 6px;border-bottom:1px solid #eee;vertical-align:top}
th{background:#f5f5f5}.badge{display:inline-block;padding:1px 8px;border-radius:10px;color:#fff;font-size:12px}
.attention{border-left:5px solid #c62828}.ok{color:#2e7d32}.no{color:#c62828}.muted{color:#777}
.graph{overflow:auto;max-height:80vh;border:1px solid #eee}svg text{font:12px system-ui,sans-serif}
.node rect{stroke:#37474f;stroke-width:1}.node.critical rect{stroke:#6a1b9a;stroke-width:3}
.node.blocker rect{stroke:#b71c1c;stroke-width:3;stroke-dasharray:6 3}.node{cursor:pointer}
.edge{fill:none;stroke:#90a4ae;stroke-width:1.2}.edge.critical{stroke:#6a1b9a;stroke-width:3}
.edge.blocker{stroke:#c62828;stroke-dasharray:5 3;stroke-width:2}tr.flash{background:#fff59d}
.legend span{margin-right:12px;white-space:nowrap}.legend i{display:inline-block;width:12px;height:12px;
margin-right:4px;vertical-align:-2px;border:1px solid #555}code{font-size:12px}
"""


def _badge(status: str) -> str:
    colour = COLOURS.get(status, "#607d8b")
    return f'<span class="badge" style="background:{colour}">{h(status)}</span>'


def _dur(seconds) -> str:
    return format_duration(seconds) if isinstance(seconds, (int, float)) and seconds >= 0 else ""


def _analysis_link(path: str) -> str:
    if not path:
        return ""
    if _ANALYSIS.match(path):
        return f' <a href="{h(quote(path))}">failure analysis: {h(path)}</a>'
    return f" <span class=muted>analysis: {h(path)}</span>"


def render(view: dict) -> str:
    """The whole page (a str)."""
    run = view["run"]
    now = when(view["story"]["now"]) or EPOCH
    parts = [
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>",
        f'<meta http-equiv="Content-Security-Policy" content="{h(CSP)}">',
        '<meta name=viewport content="width=device-width,initial-scale=1">',
        f"<title>tianluo: {h(run['name'])} ({h(run['phase'])})</title><style>{STYLE}{STORY_STYLE}</style></head>"
        f"<body><header><h1>{h(run['name'])} {_badge(run['phase'])}</h1><div class=meta>run {h(run['run_id'])}"
        f" · last updated {_updated(run)} (the run's last tick: relative times count from it) · started "
        f"{moment(run['created_at'], now)} · {h(run['ticks'])} ticks · {h(run['attempts'])} attempts · backend "
        f"{h(run['backend'])}</div>"
        + (f"<div class=meta id=phase-reason>{h(run['phase'])}: {h(run['phase_reason'])}</div>"
           if run["phase_reason"] else "") + "</header><main>",
        _needs_you(view), story_section(view, _ANALYSIS_OR_DOC.match), _gate(view), _graph_section(view),
        _stages(view), _decisions(view), _events(view),
        f"</main><script>{SCRIPT}</script></body></html>\n",
    ]
    return "".join(parts)


def _updated(run: dict) -> str:
    at = when(run["updated"])
    if at is None:
        return f"<time id=updated>{h(run['updated'])}</time>"
    return f'<time id=updated datetime="{h(run["updated"])}">{h(absolute(at))}</time>'


def _needs_you(view: dict) -> str:
    holds, questions = view["holds"], view["questions"]
    now = when(view["story"]["now"]) or EPOCH
    if not holds and not questions:
        answered = sum(1 for it in view["story"]["items"] if any(x["by"] == "human" for x in it["steps"]))
        before = (f" {answered} {'hold was' if answered == 1 else 'holds were'} answered by a human during the run "
                  "(see What happened)." if answered else "")
        return (f'<section id=holds><h2>Needs you</h2><p class=ok>Nothing is held or waiting for an answer now.'
                f"{before}</p></section>")
    out = ['<section id=holds class=attention><h2>Needs you</h2><ul>']
    for hd in holds:
        what = f"{hd['entity']}.{hd['stage']}" if hd["stage"] else f"entity {hd['entity']}"
        since = f" since {moment(hd['at'], now)}" if hd["at"] else ""
        why = f": {h(hd['reason'])}" if hd["reason"] else ""
        out.append(f"<li class=hold><b>{h(what)}</b> held by {h(hd['by'] or '?')}{since}{why}"
                   f"{_analysis_link(hd['analysis'])}</li>")
    if view["holds_more"]:
        out.append(f"<li>{view['holds_more']} more holds (tianluo status lists them)</li>")
    for q in questions:
        out.append(f"<li class=question><b>{h(q['stage'])}</b>: {h(q['what'])}</li>")
    if view["questions_more"]:
        out.append(f"<li>{view['questions_more']} more open questions</li>")
    out.append("</ul>")
    if holds:
        out.append("<p class=muted>Release with <code>tianluo release ENTITY --retry</code> (run it again) or "
                   "<code>--skip</code>, after reading the analysis.</p>")
    return "".join(out) + "</section>"


def _gate(view: dict) -> str:
    g = view["gate"]
    now = when(view["story"]["now"]) or EPOCH
    state = f'<b class=ok>met</b> {moment(g["met_at"], now)}' if g["met"] else "<b class=no>not met</b>"
    deadline = f" · deadline {h(_dur(g['deadline_s']))} after the start" if g["deadline_s"] else ""
    rows = "".join(f"<tr><td>{'<span class=ok>✔</span>' if c['ok'] else '<span class=no>✘</span>'}</td>"
                   f"<td>{h(c['kind'])}</td><td>{h(c['target'])}</td><td>{h(c['detail'])}</td></tr>"
                   for c in g["checks"])
    counts = " · ".join(f"{n} {h(k)}" for k, n in view["counts"].items())
    return (f"<section id=gate><h2>Success gate</h2><p>{state} · mode {h(g['mode'])}{deadline}</p>"
            + (f"<table><thead><tr><th></th><th>check</th><th>target</th><th>detail</th></tr></thead>"
               f"<tbody>{rows}</tbody></table>" if rows else "<p class=muted>not checked yet</p>")
            + f"<p>stages: {counts or 'none'}</p>{_skipped(view)}</section>")


def _skipped(view: dict) -> str:
    """Stages skipped after a failure: what they never made, and who runs without it (and why)."""
    if not view.get("skipped"):
        return ""
    head = ("complete with skipped stages" if view["run"].get("complete_with_skipped")
            else "skipped after a failure")
    items = []
    for sk in view["skipped"]:
        missing = ", ".join(sk["missing"]) or "no output declared"
        users = "".join(f"; {h(u['stage'])} runs without it, unblocked by the owner: {h(u['reason'])}"
                        for u in sk["unblocked"])
        items.append(f"<li><b>{h(sk['stage'])}</b> skipped by {h(sk['by'])}: never made {h(missing)}{users}</li>")
    return (f"<div id=skipped class=attention><p><b>{h(head)}</b> (a skip cannot be undone):</p>"
            f"<ul>{''.join(items)}</ul></div>")


def _graph_section(view: dict) -> str:
    g = view["graph"]
    legend = "".join(f'<span><i style="background:{c}"></i>{h(k)}</span>' for k, c in COLOURS.items())
    note = ""
    if g["unit"] == "stage name":
        note = ("<p class=muted>Too many stages to draw one by one: one box per stage name, its stages' "
                "statuses counted.</p>")
    if g["more"]:
        note += f"<p class=muted id=graph-more>{g['more']} more stages not drawn (the most urgent are).</p>"
    crit = view["critical"]
    critical = (f"<p>Critical path ({len(crit)} stages not done): {h(' → '.join(crit[:20]))}"
                f"{' …' if len(crit) > 20 else ''}</p>" if crit else "<p class=muted>Every stage is done.</p>")
    blockers = ""
    if view["blockers"]:
        items = "".join(f"<li><b>{h(b['id'])}</b>{_paren(b['reason'])} blocks "
                        f"{h(', '.join(b['blocks'])) or 'nothing else'}{_more(b['blocks_more'])}</li>"
                        for b in view["blockers"])
        blockers = f"<div id=blockers><b>Blockers</b><ul>{items}</ul></div>"
    return (f"<section id=graph-section><h2>Dependency graph</h2><p class=legend>{legend}"
            f'<span><i style="border:3px solid #6a1b9a"></i>critical path</span>'
            f'<span><i style="border:3px dashed #b71c1c"></i>blocker</span></p>{note}{critical}{blockers}'
            f"<div class=graph>{svg(g)}</div></section>")


def _paren(text: str) -> str:
    return f" ({h(text)})" if text else ""


def _more(n: int) -> str:
    return f" and {n} more" if n else ""


def svg(g: dict) -> str:
    """The graph as inline SVG: columns left to right by the ``needs`` edges."""
    width = PAD * 2 + max(g["cols"], 1) * (NODE_W + GAP_X) - GAP_X
    height = PAD * 2 + max(g["rows"], 1) * (NODE_H + GAP_Y) - GAP_Y
    pos = {n["id"]: (PAD + n["col"] * (NODE_W + GAP_X), PAD + n["row"] * (NODE_H + GAP_Y)) for n in g["nodes"]}
    out = [(f'<svg id=graph xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role=img aria-label="dependency graph">')]
    for e in g["edges"]:
        (x1, y1), (x2, y2) = pos[e["from"]], pos[e["to"]]
        x1, y1, y2 = x1 + NODE_W, y1 + NODE_H / 2, y2 + NODE_H / 2
        if x2 - x1 > GAP_X:  # it skips a column: along the gap under its source's row, never behind a box
            lane = y1 + NODE_H / 2 + GAP_Y / 2
            a, b = x1 + GAP_X / 2, x2 - GAP_X / 2
            d = (f"M{x1:g},{y1:g} C{a:g},{y1:g} {x1:g},{lane:g} {a:g},{lane:g} L{b:g},{lane:g} "
                 f"C{x2:g},{lane:g} {b:g},{y2:g} {x2:g},{y2:g}")
        else:
            mid = (x1 + x2) / 2
            d = f"M{x1:g},{y1:g} C{mid:g},{y1:g} {mid:g},{y2:g} {x2:g},{y2:g}"
        cls = "edge" + (" critical" if e["critical"] else "") + (" blocker" if e["blocker"] else "")
        out.append(f'<path class="{cls}" data-from="{h(e["from"])}" data-to="{h(e["to"])}" d="{d}"/>')
    for n in g["nodes"]:
        x, y = pos[n["id"]]
        cls = "node" + (" critical" if n["critical"] else "") + (" blocker" if n["blocker"] else "")
        fill = COLOURS.get(n["status"], "#607d8b")
        ink = "#222" if n["status"] in ("pending", "submitted", "retry_wait", "skipped") else "#fff"
        out.append(f'<g class="{cls}" data-id="{h(n["id"])}" data-status="{h(n["status"])}" '
                   f'transform="translate({x},{y})"><title>{h(n["title"])}</title>'
                   f'<rect width="{NODE_W}" height="{NODE_H}" rx="6" fill="{fill}"/>'
                   f'<text x="8" y="18" fill="{ink}" font-weight="600">{h(_cut(n["label"], 26))}</text>'
                   f'<text x="8" y="35" fill="{ink}">{h(_cut(n["sub"], 30))}</text></g>')
    out.append("</svg>")
    return "".join(out)


def _cut(text: str, n: int) -> str:
    return text if len(text) <= n else text[:n - 1] + "…"


_STAR = ' <b title="on the critical path">★</b>'


def _fault_why(st: dict, now: datetime) -> str:
    """The stage's fault (its current one, else its last failure's) with its evidence, its reason, and what
    was done about the last failure; the failure analysis linked."""
    fault = (f"<code>{h(st['fault'])}</code>" if st["fault"] else "") + (f": {h(st['evidence'])}"
                                                                       if st["evidence"] else "")
    parts = [x for x in (fault, h(st["reason"])) if x]
    if st["status"] == "retry_wait" and st["next_attempt_at"]:
        parts.append(f"next attempt {moment(st['next_attempt_at'], now) or h(st['next_attempt_at'])}")
    if st["why"] and st["why"] != st["reason"]:
        parts.append(f"<span class=why>{h(st['why'])}</span>")
    link = f' <a href="{h(quote(st["analysis"]))}">analysis</a>' if _ANALYSIS.match(st["analysis"]) else ""
    return "; ".join(parts) + link


def _stages(view: dict) -> str:
    now = when(view["story"]["now"]) or EPOCH
    rows = []
    for st in view["stages"]:
        prog = ""
        if st["progress"] and st["progress"][0] is not None:
            done, total = st["progress"]
            prog = f"{done:g}/{total:g}" if total else f"{done:g}"
        note = _fault_why(st, now)
        if st["eta"]:  # "in 40 min", the absolute time on hover (moment() escapes its own text)
            prog = h(prog) + f" (ETA {moment(st['eta'], now)})"
        else:
            prog = h(prog)
        rows.append(f'<tr id="row-{h(st["id"])}"><td>{h(st["entity"])}</td><td>{h(st["stage"])}</td>'
                    f"<td>{_badge(st['status'])}{_STAR if st['critical'] else ''}"
                    f"</td><td>{h(st['attempt'])}</td><td>{h(_dur(st['ran_s']))}</td><td>{h(_dur(st['total_s']))}"
                    f"</td><td>{h(_dur(st['expected']))}</td><td>{prog}</td><td>{h(st['exit_code'])}</td>"
                    f"<td>{note}</td></tr>")
    more = view["stages_total"] - len(view["stages"])
    tail = f"<p class=muted>{more} more stages not listed (tianluo status lists every one).</p>" if more else ""
    return ("<section id=stages-section><h2>Entities and stages</h2><p><input id=filter type=search "
            'placeholder="filter stages" aria-label="filter stages"></p><table id=stages><thead><tr><th>entity</th>'
            "<th>stage</th><th>status</th><th>try</th><th>this attempt</th><th>all attempts</th><th>expected</th>"
            f"<th>progress</th><th>exit</th><th>fault / why</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
            f"{tail}</section>")


def _decisions(view: dict) -> str:
    if not view["decisions"]:
        return "<section id=decisions><h2>Pre-authorised decisions</h2><p class=muted>none</p></section>"
    rows = "".join(f"<tr><td>{h(d['qid'])}</td><td>{h(d['type'])}</td><td>{h(d['question'] or d['key'])}</td>"
                   f"<td><b>{h(d['answer'])}</b></td><td>{h(d['by'])}</td></tr>" for d in view["decisions"])
    more = f"<p class=muted>{view['decisions_more']} more (plan.md lists them)</p>" if view["decisions_more"] else ""
    return ("<section id=decisions><h2>Pre-authorised decisions</h2><table><thead><tr><th>id</th><th>type</th>"
            f"<th>question</th><th>answer</th><th>by</th></tr></thead><tbody>{rows}</tbody></table>{more}</section>")


def _events(view: dict) -> str:
    """The newest events: those that tell the story in a table, the routine ones (diagnosed, submit_intent,
    running...) folded away below it."""
    now = when(view["story"]["now"]) or EPOCH
    head = ("<table><thead><tr><th>#</th><th>when</th><th>event</th><th>where</th><th>try</th><th>message</th>"
            "</tr></thead><tbody>")

    def rows(events: list[dict]) -> str:
        return "".join(f"<tr><td>{h(e['seq'])}</td><td>{moment(e['ts'], now) or h(e['ts'])}</td><td>{h(e['kind'])}"
                       f"</td><td>{h(e['where'])}</td><td>{h(e['attempt'])}</td><td>{h(e['message'])}</td></tr>"
                       for e in events)

    shown = [e for e in view["events"] if e["signal"]]
    folded = [e for e in view["events"] if not e["signal"]]
    kinds = sorted({e["kind"] for e in folded})
    table = f"{head}{rows(shown)}</tbody></table>" if shown else "<p class=muted>none</p>"
    routine = (f"<details id=routine><summary>{len(folded)} routine events ({h(', '.join(kinds[:8]))}"
               f"{', …' if len(kinds) > 8 else ''})</summary>{head}{rows(folded)}</tbody></table></details>"
               if folded else "")
    return (f"<section id=events><h2>Events (newest first, of the last {MAX_EVENTS})</h2>{table}{routine}"
            "</section>")


# --- the command and the tick ------------------------------------------------------------------


def report_run(run_dir: Path) -> Path:
    """``tianluo report``: validate the run's state (a damaged one is a one-line error), write report.html.

    Raises:
        TianluoError: the run folder or its state is not usable (exit 2), or a link stands at report.html.
    """
    from tianluo.shell.store import RunStore

    RunStore(Path(run_dir)).load()  # the checks and the one-line errors of every command
    return write_report(Path(run_dir))


def tell(run_dir: Path, report_html: Path, now: datetime, since_s: float | None = None) -> dict:
    """``tianluo report``'s story of the run up to ``now`` (what happened from ``since_s`` seconds before it,
    if given), as ``tianluo.views.story_text`` prints it and ``--json`` gives it."""
    from datetime import timedelta

    from tianluo.views.story_text import story_doc

    raw = read_state(run_dir)
    since = now - timedelta(seconds=since_s) if since_s is not None else None
    return story_doc(raw, tail_events(run_dir, STORY_EVENTS, signal), now, since, run_files(run_dir),
                     goodput_of(raw, now), str(report_html))


def refresh(run_dir: Path, changed: bool) -> str | None:
    """The tick's refresh: rewrite report.html when the tick changed the state or the file is missing.
    Best effort: returns why it could not (a planted link, a full disk...), never raises."""
    try:
        if not changed and os.path.lexists(Path(run_dir) / REPORT):
            return None
        write_report(Path(run_dir))
    except Exception as exc:  # noqa: BLE001 - a report never fails the tick that keeps the run going
        return f"report.html not refreshed: {exc}"
    return None


def open_report(path: Path, timeout: float = 10.0) -> str:
    """Open ``path`` in a browser when there is a display; otherwise say where it is. Returns the line to print."""
    import shutil
    import subprocess
    import sys

    uri = Path(path).resolve().as_uri()
    if sys.platform == "darwin" or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        opener = shutil.which("open" if sys.platform == "darwin" else "xdg-open")
        try:
            if opener:
                subprocess.run([opener, uri], timeout=timeout, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, check=True)
                return f"opened {uri}"
            import webbrowser

            if webbrowser.open(uri):
                return f"opened {uri}"
        except (OSError, subprocess.SubprocessError):
            pass
        return f"could not open a browser: open {uri} yourself"
    return f"no display here: open {uri} in a browser (or copy it to a machine with one: scp HOST:{path} .)"
