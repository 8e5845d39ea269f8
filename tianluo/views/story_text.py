"""``tianluo report`` in the terminal: the night's story as text (and its ``--json``), from the same model
as report.html (``tianluo.views.story``). Pure: the command reads the run and the clock, this only tells.

Every string from the run is made one plain line (``plaintext.one_line``): a log line's escape
sequences never reach the terminal.
"""

from datetime import datetime

from tianluo.plaintext import one_line
from tianluo.views.plainjson import as_dict, s, when
from tianluo.views.story import absolute, build_story, clock, relative, span

REPORT_VERSION = 1  # the shape of `tianluo report --json`
LINE = 400  # characters of one line of the story
#: The causes of lost time, in the order the goodput line names them.
CAUSES = (("redone", "work redone"), ("detection", "fault to action"), ("backoff", "backoff"), ("queue", "queue"),
          ("held", "held for a human"), ("hung", "hung"))


def story_doc(raw: dict, events: list[dict], now: datetime, since: datetime | None, files: frozenset[str],
              goodput: dict | None, report_html: str) -> dict:
    """The ``tianluo report --json`` document (its ``version`` changes when its shape does)."""
    raw = as_dict(raw)
    story = build_story(raw, events, now, since=since, files=files)
    return {
        "version": REPORT_VERSION, "run_id": s(raw.get("run_id")), "name": s(as_dict(raw.get("plan")).get("name")),
        "phase": s(raw.get("phase") or "running"), "phase_reason": s(raw.get("phase_reason")),
        "last_tick_at": s(raw.get("last_tick_at"), 40), "now": story["now"], "since": story["since"],
        "report_html": report_html, "goodput": goodput,
        "happened": story["items"], "happened_more": story["items_more"],
        "stages": [{"id": r["id"], "status": r["status"], "line": stage_tokens(r, since)} for r in story["stages"]],
        "stages_more": story["stages_more"], "waiting": story["waiting"], "links": story["links"],
    }


def stage_tokens(row: dict, since: datetime | None) -> list[str]:
    """One stage's timeline as words in time order: attempts (✓ succeeded, ✗ failed with its fault), tianluo's
    and the agent's responses (→), a human's acts (◆), and how long it was held."""
    tokens: list[tuple[str, str]] = []
    for a in row["attempts"]:
        at = a["end"] or a["start"] or a["queued"]
        label = a["fault"].rsplit("/", 1)[-1] if a["fault"] else ""
        word = {"succeeded": f"✓{a['n']}", "failed": f"✗{a['n']} {label or 'failed'}",
                "hung": f"✗{a['n']} hung" + (f" ({label})" if label and label != "hang" else ""),
                "running": f"▶{a['n']} running"}.get(a["outcome"], f"{a['n']} {a['outcome']}")
        tokens.append((at, word))
    for m in row["marks"]:
        if m["kind"] == "fault" or (m["kind"] == "tianluo" and m["label"] == "held"):
            continue
        who = "agent: " if m["kind"] == "agent" else ""
        word = f"◆ {m['label']}" if m["kind"] == "human" else f"→ {who}{m['label']}"
        tokens.append((m["at"], word))
    for held in row["held"]:
        began, ended = when(held["from"]), when(held["to"])
        long = f" {span((ended - began).total_seconds())}" if began and ended else ""
        tokens.append((held["from"], f"→ held{long}"))
    tokens.sort(key=lambda t: t[0])
    return [w for at, w in tokens if since is None or (when(at) or since) >= since]


def goodput_line(totals: dict | None) -> str:
    """The run's goodput in one line, as ``status`` words it (``goodput.summary``); '' without totals."""
    from tianluo.core import goodput

    if not isinstance(totals, dict):
        return ""
    try:
        return goodput.summary(totals, most=4) or ""
    except (KeyError, TypeError, AttributeError):  # not goodput.account's shape: no line rather than no story
        return ""


def render_story(doc: dict) -> str:
    """The story as text: the run, its goodput, what happened, one line per stage, what needs you."""
    now = when(doc["now"])
    assert now is not None  # story_doc wrote it
    since = when(doc["since"])

    def ago(at: str) -> str:
        m = when(at)
        return f"{clock(m, now)} ({relative(m, now)})" if m else ""

    out = [one_line(f"{doc['name']} ({doc['run_id']}): {doc['phase']}"
                    + (f" - {doc['phase_reason']}" if doc["phase_reason"] else ""), LINE)]
    tick = when(doc["last_tick_at"])
    out.append(f"as of {absolute(now)}" + (f"; last tick {relative(tick, now)}" if tick else "; no tick yet"))
    gp = goodput_line(doc["goodput"].get("run") if isinstance(doc["goodput"], dict) else None)
    if gp:
        out.append(one_line(gp, LINE))
    out.append("")
    window = f" since {ago(doc['since'])}" if since else ""
    out.append(f"What happened{window}:")
    if not doc["happened"]:
        out.append("  nothing: no attempt failed and nobody had to act" + (window and " in this window"))
    if doc["happened_more"]:
        out.append(f"  ({doc['happened_more']} earlier lines left out)")
    for it in doc["happened"]:
        link = f" [{it['analysis']}]" if it["analysis"] else ""
        out.append("  " + one_line(f"{ago(it['at'])}  {it['text']}{link}", LINE))
    out.append("")
    out.append("Per stage:")
    width = max((len(r["id"]) for r in doc["stages"]), default=0)
    shown = [r for r in doc["stages"] if r["line"]]
    for r in shown:  # each part made plain on its own: one_line would fold the columns' spaces
        words = "  ".join(one_line(w, 120) for w in r["line"])
        out.append(f"  {one_line(r['id'], 80):<{min(width, 40)}}  {one_line(r['status'], 30):<10} {words}"[:LINE])
    quiet = len(doc["stages"]) - len(shown) + max(0, doc["stages_more"])
    if not doc["stages"]:
        out.append("  no attempt has started yet")
    elif quiet:
        out.append(f"  {quiet} more stage(s): nothing happened to them in this window" if since else
                   f"  {quiet} more stage(s) ran without a failure or a human's act")
    out.append("")
    if not doc["waiting"]:
        out.append("Needs you: nothing is held.")
    else:
        out.append("Needs you:")
        for w in doc["waiting"]:
            out.append("  " + one_line(f"{w['what']} held since {ago(w['since'])}: {w['reason']}", LINE))
            out.append("    " + one_line(f"do: {w['do']}", LINE))
    if doc["links"]:
        out.append("")
        out.append(one_line(f"Read: {', '.join(doc['links'])} (in the run folder)", LINE * 2))
    return "\n".join(out) + "\n"
