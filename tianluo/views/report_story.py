"""report.html's story: the goodput bar, "what happened" in words, and a timeline per stage drawn as
inline SVG (attempts as bars coloured by outcome; faults, tianluo's responses and a human's acts marked).

Pure text from the view model (``tianluo.views.story``); every string from the run is escaped here.
The timeline is laid out for a 1400 px wide window: labels that would overlap are left out of the
drawing (their mark keeps its words in a tooltip), so what is drawn stays legible with many attempts.
"""

from datetime import datetime
from html import escape
from urllib.parse import quote

from tianluo.views.plainjson import when
from tianluo.views.story import absolute, relative, span

#: Attempt bars by outcome; marks by who acted.
OUTCOME = {"succeeded": "#2e7d32", "failed": "#c62828", "hung": "#ef6c00", "running": "#1565c0",
           "cancelled": "#757575", "ended": "#757575", "unknown": "#9e9e9e"}
QUEUED = "#cfd8dc"
WHO = {"tianluo": "#ef6c00", "agent": "#00838f", "human": "#6a1b9a", "fault": "#b71c1c"}
#: Where each cause of lost time is drawn in the goodput bar, and in what order.
LOST = (("redone", "#e53935", "work redone"), ("detection", "#fb8c00", "fault to action"),
        ("backoff", "#fdd835", "backoff"), ("queue", "#90a4ae", "queue"), ("held", "#8e24aa", "held for a human"),
        ("hung", "#6d4c41", "hung"))

W, LABEL_W, RIGHT, AXIS_H, ROW_H = 1300, 200, 16, 24, 42
LABEL_FONT, CHAR_W = 10.5, 6.4  # px; CHAR_W is wider than system-ui's average at that size (no overlap)

STYLE = """
.story li{margin:3px 0}.story time{color:#455a64;white-space:nowrap}.story .arrow{color:#90a4ae}
.outcome.ok{color:#2e7d32}.outcome.no{color:#c62828}.who-human{color:#6a1b9a}.who-agent{color:#00838f}
.timeline{overflow-x:auto}#timeline text{font:12px system-ui,sans-serif}#timeline .lbl{font-size:10.5px}
#timeline .axis{fill:#546e7a;font-size:11px}#timeline .grid{stroke:#eceff1}#timeline .now{stroke:#263238;
stroke-dasharray:4 3}.gbar{display:flex;height:22px;border:1px solid #b0bec5;border-radius:4px;overflow:hidden;
margin:6px 0}.gbar div{height:100%}.gkey span{margin-right:14px;white-space:nowrap}.gkey i{display:inline-block;
width:11px;height:11px;margin-right:4px;vertical-align:-1px}nav#links a{margin-right:14px}
details summary{cursor:pointer;color:#455a64}
"""


def h(value) -> str:
    return escape("" if value is None else str(value), quote=True)


def moment(at: str, now: datetime) -> str:
    """A ``<time>``: relative to ``now`` ("3 h ago"), the absolute time on hover."""
    m = when(at)
    if m is None:
        return ""
    return f'<time datetime="{h(at)}" title="{h(absolute(m))}">{h(relative(m, now))}</time>'


def _now(view: dict) -> datetime:
    return when(view["story"]["now"]) or datetime.fromisoformat("1970-01-01T00:00:00+00:00")


# --- the goodput bar ------------------------------------------------------------------------------


def goodput_bar(totals: dict | None) -> str:
    """The run's goodput as a bar: productive time, then each cause of lost time, as shares of machine time.

    ``totals`` is ``goodput.account(...)["run"]``: ``wall_s``, ``productive_s``, ``lost_s`` by cause,
    ``lost_by_fault``, ``ratio``, ``gpu_hours`` and ``progress``. None (or no wall time): nothing."""
    if not isinstance(totals, dict):
        return ""
    # the run's machine time (every stage's wall, summed: stages side by side), a stage's own wall time
    wall = _num(totals.get("machine_s")) or _num(totals.get("wall_s"))
    if not wall or wall <= 0:
        return ""
    productive = max(0.0, _num(totals.get("productive_s")) or 0.0)
    lost = _obj(totals.get("lost_s"))
    parts = [("productive", "#43a047", "productive", productive)]
    parts += [(k, colour, words, max(0.0, _num(lost.get(k)) or 0.0)) for k, colour, words in LOST]
    rest = wall - sum(p[3] for p in parts)
    if rest > 0.5:
        parts.append(("other", "#eceff1", "not accounted", rest))
    shown = [p for p in parts if p[3] > 0]
    bar = "".join(f'<div class="g-{k}" style="width:{100 * v / wall:.2f}%;background:{c}" '
                  f'title="{h(words)}: {h(span(v))} ({100 * v / wall:.0f}%)"></div>' for k, c, words, v in shown)
    key = "".join(f'<span><i style="background:{c}"></i>{h(words)} {h(span(v))}</span>' for _, c, words, v in shown)
    ratio = _num(totals.get("ratio"))
    head = (f"<b>goodput {100 * ratio:.0f}%</b>: " if ratio is not None else "<b>goodput</b>: ")
    head += f"{h(span(productive))} of {h(span(wall))} moved the run forward"
    gpu = _obj(totals.get("gpu_hours"))
    if _num(gpu.get("wall")):
        head += (f" · GPU-hours: {_num(gpu.get('productive')) or 0:.1f} productive of {_num(gpu.get('wall')):.1f}"
                 f" ({_num(gpu.get('lost')) or 0:.1f} lost)")
    faults = _obj(totals.get("lost_by_fault"))
    top = sorted(((str(f), v) for f, v in faults.items() if (_num(v) or 0) > 0), key=lambda fv: (-fv[1], fv[0]))[:6]
    by_fault = ("<p>lost to: " + ", ".join(f"<code>{h(f)}</code> {h(span(v))}" for f, v in top) + "</p>") if top else ""
    note = ("<p class=muted>progress is not configured: attempt time only, work redone cannot be told from work "
            "kept.</p>" if totals.get("progress") == "not configured" else "")
    return f"<div id=goodput><p>{head}</p><div class=gbar>{bar}</div><p class=gkey>{key}</p>{by_fault}{note}</div>"


def _obj(value) -> dict:
    return value if isinstance(value, dict) else {}


def _num(value) -> float | None:
    return float(value) if type(value) in (int, float) else None


# --- what happened -------------------------------------------------------------------------------


def happened(view: dict) -> str:
    """The story as a list, oldest first: fault, response (after how long), outcome; a human's acts."""
    story, now = view["story"], _now(view)
    if not story["items"]:
        return "<p class=muted id=happened-none>Nothing went wrong: no attempt failed and nobody had to act.</p>"
    out = ['<ol id=happened class=story>']
    for it in story["items"]:
        body = _item(it)
        out.append(f'<li class="{h(it["kind"])}" data-stage="{h(it["stage"])}">{moment(it["at"], now)} {body}</li>')
    out.append("</ol>")
    if story["items_more"]:
        out.append(f"<p class=muted>{story['items_more']} earlier lines left out (tianluo report --since lists "
                   "a window).</p>")
    return "".join(out)


def _item(it: dict) -> str:
    arrow = ' <span class=arrow>→</span> '
    if it["kind"] != "fault":
        who = ' class=who-human' if it["kind"] == "human" else ""
        return f"<b>{h(it['stage'])}</b>: <span{who}>{h(it['text'].split(': ', 1)[-1])}</span>"
    head = f"<b>{h(it['stage'])}</b> attempt {h(it['attempt'])}: {h(it['what'])}"
    if it["fault"] and it["fault"] != it["what"]:
        head += f" (<code>{h(it['fault'])}</code>)"
    steps = [f'<span class="who-{h(x["by"])}">{h(x["text"])}</span>' for x in it["steps"]]
    good = "succeeded" in it["outcome"]
    outcome = f'<span class="outcome {"ok" if good else "no"}">{h(it["outcome"])}</span>'
    link = f' <a href="{h(quote(it["analysis"]))}">analysis</a>' if it["analysis"] else ""
    return arrow.join([head, *steps, outcome]) + link


# --- the timeline --------------------------------------------------------------------------------


def _ticks(seconds: float) -> float:
    """A grid step that gives 4 to 12 lines over ``seconds``."""
    for step in (1, 5, 10, 30, 60, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172800, 604800):
        if seconds / step <= 12:
            return float(step)
    return seconds / 8


def timeline(view: dict) -> str:
    """One row per stage that ran (the eventful first, up to ``story.MAX_ROWS``), time left to right."""
    story, now = view["story"], _now(view)
    rows = story["stages"]
    if not rows:
        return "<p class=muted>No attempt has started yet.</p>"
    t0 = when(story["start"]) or now
    total = max((now - t0).total_seconds(), 1.0)
    x0, x1 = LABEL_W, W - RIGHT
    scale = (x1 - x0) / total

    def x(at: str) -> float:
        m = when(at)
        sec = (m - t0).total_seconds() if m else total
        return x0 + min(max(sec, 0.0), total) * scale

    height = AXIS_H + ROW_H * len(rows) + 6
    out = [f'<svg id=timeline xmlns="http://www.w3.org/2000/svg" width="{W}" height="{height}" '
           f'viewBox="0 0 {W} {height}" role=img aria-label="timeline of attempts per stage">']
    step = _ticks(total)
    k = 0
    while k * step <= total + 1e-9:
        gx = x0 + k * step * scale
        label = _axis_label(t0, k * step, step)
        out.append(f'<line class=grid x1="{gx:.1f}" y1="{AXIS_H - 4}" x2="{gx:.1f}" y2="{height}"/>')
        if gx + len(label) * 3.5 < x1 - 30:  # the last label would run into "last tick"
            out.append(f'<text class=axis x="{gx:.1f}" y="14" text-anchor="middle">{h(label)}</text>')
        k += 1
    out.append(f'<line class=now x1="{x1}" y1="{AXIS_H - 4}" x2="{x1}" y2="{height}"><title>{h(absolute(now))}'
               f"</title></line>")
    out.append(f'<text class=axis x="{x1}" y="14" text-anchor="end">last tick</text>')
    for i, row in enumerate(rows):
        out.append(_row(row, AXIS_H + i * ROW_H, x, now))
    out.append("</svg>")
    more = (f"<p class=muted id=timeline-more>{story['stages_more']} more stages ran without a failure or a "
            "human's act and are not drawn.</p>" if story["stages_more"] > 0 else "")
    return f"<div class=timeline>{''.join(out)}</div>{more}"


def _axis_label(t0: datetime, offset: float, step: float) -> str:
    from datetime import timedelta

    m = t0 + timedelta(seconds=offset)
    return m.strftime("%H:%M:%S" if step < 60 else "%H:%M" if step < 86400 else "%m-%d")


def _row(row: dict, y: int, x, now: datetime) -> str:
    sid = row["id"]
    name = sid if len(sid) <= 27 else sid[:11] + "…" + sid[-15:]  # the stage's own name stays readable
    parts = [f'<g class=row data-stage="{h(sid)}">',
             f'<text x="8" y="{y + 19}" font-weight="600"><title>{h(sid)}: {h(row["status"])}</title>{h(name)}</text>']
    for held in row["held"]:
        a, b = x(held["from"]), x(held["to"])
        long = span(((when(held["to"]) or now) - (when(held["from"]) or now)).total_seconds())
        parts.append(f'<rect class=held x="{a:.1f}" y="{y + 3}" width="{max(b - a, 2):.1f}" height="22" '
                     f'fill="#f3e5f5" stroke="#ce93d8"><title>held {h(long)} waiting for a human '
                     f'({h(held["by"])})</title></rect>')
    for at in row["attempts"]:
        q, a = x(at["queued"] or at["start"]), x(at["start"] or at["queued"])
        b = x(at["end"]) if at["end"] else x("")
        colour = OUTCOME.get(at["outcome"], "#9e9e9e")
        began = when(at["start"])
        tip = (f"attempt {at['n']}: {at['outcome']}" + (f" ({at['fault']}: {at['what']})" if at["fault"] else "")
               + (f" · ran {span(((when(at['end']) or now) - began).total_seconds())}" if began else "")
               + (f" · on {at['host']}" if at["host"] else ""))
        if a - q >= 1:
            parts.append(f'<rect x="{q:.1f}" y="{y + 8}" width="{a - q:.1f}" height="12" fill="{QUEUED}">'
                         f"<title>attempt {h(at['n'])} queued</title></rect>")
        width = max(b - a, 3.0)
        parts.append(f'<rect class="bar {h(at["outcome"])}" data-n="{h(at["n"])}" x="{a:.1f}" y="{y + 8}" '
                     f'width="{width:.1f}" height="12" rx="2" fill="{colour}"><title>{h(tip)}</title></rect>')
        if width >= 8 * len(str(at["n"])) + 4:
            parts.append(f'<text x="{a + 3:.1f}" y="{y + 18}" fill="#fff" font-size="10">{h(at["n"])}</text>')
    taken: list[tuple[float, float]] = []
    for mark in row["marks"]:
        mx = x(mark["at"])
        parts.append(_mark(mark, mx, y))
        label = mark["label"]
        width = len(label) * CHAR_W
        left = min(mx - 3, W - RIGHT - width)
        if label and all(left > b + 4 or left + width < a - 4 for a, b in taken):
            taken.append((left, left + width))
            fill = WHO.get(mark["kind"], "#455a64")
            parts.append(f'<text class=lbl x="{left:.1f}" y="{y + 36}" fill="{fill}">{h(label)}</text>')
    parts.append("</g>")
    return "".join(parts)


def _mark(mark: dict, mx: float, y: int) -> str:
    kind, tip = mark["kind"], f"<title>{h(mark['title'])}</title>"
    colour = WHO.get(kind, "#455a64")
    if kind == "fault":  # a cross on the bar's end
        return (f'<path class="mark fault" d="M{mx - 4:.1f},{y + 10} l8,8 m0,-8 l-8,8" stroke="{colour}" '
                f'stroke-width="2.5">{tip}</path>')
    if kind == "human":  # a diamond above the bar
        return (f'<path class="mark human" d="M{mx:.1f},{y - 1} l5,5 l-5,5 l-5,-5 z" fill="{colour}">{tip}</path>')
    return (f'<circle class="mark {h(kind)}" cx="{mx:.1f}" cy="{y + 4}" r="4" fill="{colour}">{tip}</circle>')


def legend() -> str:
    bars = "".join(f'<span><i style="background:{c}"></i>{h(k)}</span>' for k, c in OUTCOME.items()
                   if k not in ("ended", "unknown"))
    return (f'<p class=legend>{bars}<span><i style="background:{QUEUED}"></i>queued</span>'
            f'<span><i style="background:#f3e5f5;border-color:#ce93d8"></i>held for a human</span>'
            f'<span style="color:{WHO["fault"]}">✕ fault</span><span style="color:{WHO["tianluo"]}">● tianluo</span>'
            f'<span style="color:{WHO["agent"]}">● the agent</span><span style="color:{WHO["human"]}">◆ a human</span>'
            "</p>")


# --- the section ---------------------------------------------------------------------------------


def links(view: dict, allowed) -> str:
    """Relative links to the run's documents that exist (``allowed`` is the pattern a linked path must match)."""
    names = [f for f in view["story"]["links"] if allowed(f)]
    if not names:
        return ""
    return "<nav id=links>" + "".join(f'<a href="{h(quote(f))}">{h(f)}</a>' for f in names) + "</nav>"


def story_section(view: dict, allowed) -> str:
    """The night's story: links, the goodput bar, what happened, and the timeline."""
    since = view["story"]["items"][0]["at"] if view["story"]["items"] else ""
    head = f" (from {moment(since, _now(view))})" if since else ""
    return (f"<section id=story><h2>What happened{head}</h2>{links(view, allowed)}{goodput_bar(view.get('goodput'))}"
            f"{happened(view)}</section><section id=timeline-section><h2>Timeline</h2>{legend()}{timeline(view)}"
            "</section>")
