"""The night's story: what failed, what tianluo (or the agent, or a human) did about it, how long that
took and how it ended, from state.json's plain JSON and the high-signal events of events.jsonl.

Pure (no I/O, no clock): ``now`` comes in, so the same state, events and ``now`` give the same story.
Both report.html (``tianluo.views.report_story``) and ``tianluo report`` in the terminal
(``tianluo.views.story_text``) tell it from this one model. The state is the backbone (attempts with their
faults, degrades, holds, the agent's calls); the events add what the state forgets: a hold a human
answered, a replan, a retry's wait.
"""

from datetime import datetime

from tianluo.views.plainjson import as_dict as _d
from tianluo.views.plainjson import as_list as _l
from tianluo.views.plainjson import num, s, when

#: Event kinds worth a line of their own; every other kind (diagnosed, submit_intent, running...) is
#: folded away as routine.
SIGNAL = frozenset({
    "failed", "hung", "time_limit", "retry_scheduled", "degraded", "held", "released", "skipped", "unblocked",
    "replanned", "run_stopped", "run_resumed", "run_ended", "run_blocked", "gate_met", "deadline_passed",
    "agent_asked", "agent_decided", "checkpoint_moved_aside", "waiting_for_space", "space_back", "launch_failed",
    "gpu_fault", "gpu_out", "gpu_xid", "scheduler_unreachable", "scheduler_back", "ticks_overdue", "queued_long",
    "running_long", "requeued", "cancelled", "left_running", "end_cancelled", "notify_gave_up", "lock_stalled",
    "succeeded",
})
#: The human's hands, as events record them (``held`` only with ``by: human``; ``unblocked`` only with ``by``).
HUMAN = frozenset({"released", "replanned", "run_stopped", "run_resumed"})

MAX_ITEMS = 200  # lines of "what happened" (the newest kept)
MAX_ROWS = 40  # stages drawn in the timeline (the eventful first)
MAX_ATTEMPTS = 60  # attempts drawn per stage (the newest)
MAX_MARKS = 120  # marks per stage (the newest)
WHAT_CAP = 90  # characters of a fault's own words


def signal(ev: dict) -> bool:
    """Whether an event tells the story (else it is routine, folded away)."""
    kind = ev.get("event")
    if kind == "succeeded":
        return True
    if kind == "unblocked":
        return bool(ev.get("by"))  # by the owner (tianluo unblock); without it, the tick's own move
    return kind in SIGNAL and kind != "blocked"


def is_human(ev: dict) -> bool:
    kind = ev.get("event")
    return (kind in HUMAN or (kind in ("held", "skipped") and ev.get("by") == "human")
            or (kind == "unblocked" and ev.get("by") == "human"))


def span(seconds: float | None) -> str:
    """A duration in words: ``35 s``, ``4 min``, ``2 h 10 min``, ``1 d 3 h``."""
    if seconds is None:
        return ""
    sec = int(round(max(0.0, seconds)))
    if sec < 60:
        return f"{sec} s"
    if sec < 3600:
        return f"{sec // 60} min"
    if sec < 86400:
        h, m = divmod(sec // 60, 60)
        return f"{h} h" + (f" {m} min" if m else "")
    d, h = divmod(sec // 3600, 24)
    return f"{d} d" + (f" {h} h" if h else "")


def relative(moment: datetime | None, now: datetime) -> str:
    """``3 h ago`` (``in 5 min`` for a moment after ``now``)."""
    if moment is None:
        return ""
    d = (now - moment).total_seconds()
    return f"{span(d)} ago" if d >= 0 else f"in {span(-d)}"


def absolute(moment: datetime | None) -> str:
    """``2026-11-30 03:12:05 UTC``: to the second, never the microseconds."""
    return moment.strftime("%Y-%m-%d %H:%M:%S UTC") if moment else ""


def clock(moment: datetime | None, now: datetime) -> str:
    """``03:12`` on the day of ``now``, ``11-29 03:12`` another day."""
    if moment is None:
        return ""
    return moment.strftime("%H:%M" if moment.date() == now.date() else "%m-%d %H:%M")


def plain_what(evidence: str) -> str:
    """A fault's own words from its evidence line: the stream prefix and the exception's name dropped,
    the first sentence kept (``stderr: torch.OutOfMemoryError: CUDA out of memory. Tried...`` ->
    ``CUDA out of memory``). String operations only (the line is hostile)."""
    text = evidence.strip()
    head, sep, rest = text.partition(": ")
    if sep and head in ("stderr", "stdout", "log") or (sep and "/" in head and " " not in head):
        text = rest
    head, sep, rest = text.partition(": ")
    if sep and " " not in head and (head.endswith("Error") or head.endswith("Exception")) and rest.strip():
        text = rest
    first, dot, _ = text.partition(". ")
    text = first if dot and len(first) >= 8 else text
    text = " ".join(text.split())
    return text if len(text) <= WHAT_CAP else text[:WHAT_CAP - 1] + "…"


def _iso(moment: datetime | None) -> str:
    return moment.isoformat().replace("+00:00", "Z") if moment else ""


def _fault_name(fault: dict) -> str:
    return s(f"{fault.get('class')}/{fault.get('label')}", 120) if fault else ""


def _hold_reason(message: str, fault: str) -> str:
    """The ladder's reason for a hold, without the fault it names again and the analysis it points to."""
    text = message.removeprefix("manual_hold: ").split("; analysis in ", 1)[0]
    return text.removesuffix(f": {fault}") if fault else text


# --- the model ---------------------------------------------------------------------------------


def build_story(raw: dict, events: list[dict], now: datetime, since: datetime | None = None,
                files: frozenset[str] = frozenset()) -> dict:
    """The story of a run up to ``now`` (and from ``since`` on, for its list).

    Args:
        raw: state.json as plain JSON.
        events: events.jsonl's high-signal events, oldest first (others are ignored).
        now: the moment the story is told at (report.html: the run's last tick).
        since: only what happened from then on is listed (the timeline still spans the run).
        files: the run folder's documents that exist, relative (COMPLETION.md, lessons.md, failures/...).
    """
    raw = _d(raw)
    plan = _d(raw.get("plan"))
    states = _d(raw.get("entities"))
    by_stage: dict[str, list[dict]] = {}
    by_entity: dict[str, list[dict]] = {}  # an entity's own events (its human hold and release)
    run_events: list[dict] = []
    for ev in events:
        ev = _d(ev)
        if not signal(ev) or when(ev.get("ts")) is None:
            continue
        if isinstance(ev.get("entity"), str) and isinstance(ev.get("stage"), str):
            by_stage.setdefault(f"{ev['entity']}.{ev['stage']}", []).append(ev)
        elif isinstance(ev.get("entity"), str):
            by_entity.setdefault(ev["entity"], []).append(ev)
        else:
            run_events.append(ev)
    replans = [e for e in run_events if e.get("event") == "replanned"]
    stages, items = [], []
    consumed: set[int] = set()
    for ename, pe in _d(plan.get("entities")).items():
        entity = _d(states.get(ename))
        entity_events = by_entity.get(ename, [])
        for sname in _d(_d(pe).get("stages")):
            sid = f"{ename}.{sname}"
            st = _d(_d(entity.get("stages")).get(sname))
            row, row_items = _stage_story(sid, ename, st, by_stage.get(sid, []), entity_events, replans,
                                          bool(entity.get("hold")), now, files, consumed)
            stages.append(row)
            items.extend(row_items)
    for ev in events:
        ev = _d(ev)
        if id(ev) in consumed or not signal(ev) or when(ev.get("ts")) is None:
            continue
        item = _loose_item(ev)
        if item:
            items.append(item)
    items.sort(key=lambda i: (i["at"], i["stage"], i["attempt"] or 0))
    if since is not None:
        items = [i for i in items if (when(i["last"]) or now) >= since]
    start = min((m for m in (when(raw.get("created_at")),
                             *(when(a["queued"] or a["start"]) for st in stages for a in st["attempts"]))
                 if m is not None), default=now)
    eventful = sorted(stages, key=lambda r: (not r["marks"] and not r["held"], not r["attempts"]))
    keep = {r["id"] for r in eventful[:MAX_ROWS]}
    drawn = [r for r in stages if r["id"] in keep and (r["attempts"] or r["marks"] or r["held"])]
    return {
        "now": _iso(now), "since": _iso(since), "start": _iso(min(start, now)),
        "items": items[-MAX_ITEMS:], "items_more": max(0, len(items) - MAX_ITEMS),
        "stages": drawn,
        "stages_more": sum(1 for r in stages if r["attempts"]) - sum(1 for r in drawn if r["attempts"]),
        "last_failures": {r["id"]: r["last_failure"] for r in stages if r["last_failure"]},
        "waiting": _waiting(plan, states),
        "links": [f for f in ("COMPLETION.md", "lessons.md", "plan.md") if f in files]
        + sorted(f for f in files if f.startswith("failures/")),
    }


def _attempt(a: dict, status: str, last: bool, hung: set) -> dict:
    fault = _d(a.get("fault"))
    outcome = s(a.get("outcome"), 20)
    if not outcome:
        if a.get("ended_at"):
            outcome = "cancelled" if a.get("cancel") else "ended"
        elif last and status in ("running", "submitted"):
            outcome = "running"
        else:
            outcome = "unknown"
    if fault.get("label") == "hang" or a.get("n") in hung:
        outcome = "hung"
    return {"n": int(num(a.get("n")) or 0), "queued": s(a.get("intent_at"), 40),
            "start": s(a.get("started_at"), 40), "end": s(a.get("ended_at"), 40), "outcome": outcome,
            "fault": _fault_name(fault), "what": plain_what(s(fault.get("evidence"))) if fault else "",
            "host": s(a.get("host"), 100)}


def _stage_story(sid: str, ename: str, st: dict, evs: list[dict], entity_events: list[dict], replans: list[dict],
                 entity_held: bool, now: datetime, files: frozenset[str],
                 consumed: set[int]) -> tuple[dict, list[dict]]:
    status = s(st.get("status") or "pending", 40)
    raw_attempts = [a for a in _l(st.get("attempts")) if isinstance(a, dict)]
    hung = {e.get("attempt") for e in evs if e.get("event") == "hung"}
    attempts = [_attempt(a, status, i == len(raw_attempts) - 1, hung) for i, a in enumerate(raw_attempts)]
    by_n = {a["n"]: a for a in attempts}
    degrades = {int(num(d.get("attempt")) or 0): _d(d) for d in map(_d, _l(st.get("degradations")))}
    consults = {int(num(c.get("attempt")) or 0): _d(c) for c in map(_d, _l(st.get("consults")))}
    rollbacks = {int(num(m.get("attempt")) or 0): _d(m) for m in map(_d, _l(st.get("checkpoint_moves")))}
    mine_humans = [e for e in evs if is_human(e)]
    again = [e for e in replans if sid in [x for x in _l(e.get("again")) if isinstance(x, str)]]
    humans = sorted(mine_humans + [e for e in entity_events if is_human(e)] + again, key=lambda e: s(e.get("ts")))
    marks: list[dict] = []
    items: list[dict] = []
    last_failure = None
    analysis = f"failures/{ename}__analysis.md"
    answered: set[int] = set()
    for a in attempts:
        if not a["fault"] and a["outcome"] not in ("failed", "hung"):
            continue
        fault_at = when(a["end"]) or when(a["start"]) or when(a["queued"])
        if fault_at is None:
            continue
        n = a["n"]
        mine = [e for e in evs if e.get("attempt") == n]
        steps = _responses(n, a["fault"], fault_at, mine, degrades.get(n), consults.get(n), rollbacks.get(n),
                           by_n.get(n + 1), st, n == attempts[-1]["n"], consumed)
        held_step = next((x for x in steps if x["hold"]), None)
        if held_step is not None:
            answer = _human_answer(when(held_step["at"]) or fault_at, humans, answered)
            if answer:
                steps.append(answer)
        outcome = _outcome(by_n.get(n + 1), status)
        what = a["what"] or a["fault"] or "failed"
        words = [f"{sid} attempt {n}: {what}" + (f" ({a['fault']})" if a["fault"] and what != a["fault"] else "")]
        words += [x["text"] for x in steps]
        words.append(outcome)
        last = max([fault_at] + [m for m in (when(x["at"]) for x in steps) if m])
        linked = analysis if analysis in files else ""
        items.append({"at": _iso(fault_at), "last": _iso(last), "stage": sid, "attempt": n, "kind": "fault",
                      "fault": a["fault"], "what": what,
                      "steps": [{k: x[k] for k in ("at", "by", "text", "after_s")} for x in steps],
                      "outcome": outcome, "text": " → ".join(words),
                      "analysis": linked if held_step is not None else ""})
        marks.append({"at": _iso(fault_at), "kind": "fault", "label": _short_fault(a["fault"]),
                      "title": f"attempt {n} failed: {what}" + (f" ({a['fault']})" if a["fault"] else "")})
        marks += [{"at": x["at"], "kind": x["by"], "label": x["short"], "title": f"{x['by']}: {x['plain']}"}
                  for x in steps if x["by"] != "human"]
        last_failure = {"attempt": n, "fault": a["fault"], "evidence": what,
                        "why": "; ".join(x["plain"] for x in steps) or outcome, "analysis": linked}
    for e in humans:  # every act of a human is marked on the row; one on this stage alone is a line too
        marks.append({"at": s(e.get("ts"), 40), "kind": "human", "label": _human_short(e),
                      "title": f"a human {_human_text(e)}"})
        if e in mine_humans and id(e) not in answered:
            items.append(_human_item(e, sid))
        if e in mine_humans or id(e) in answered:
            consumed.add(id(e))
    marks.sort(key=lambda m: m["at"])
    return ({"id": sid, "status": status, "attempts": attempts[-MAX_ATTEMPTS:],
             "attempts_more": max(0, len(attempts) - MAX_ATTEMPTS), "marks": marks[-MAX_MARKS:],
             "held": _held_spans(st, evs + again, entity_events, entity_held, now),
             "last_failure": last_failure}, items)


def _step(at: str, by: str, verb: str, short: str, after: float | None, detail: str = "",
          hold: bool = False) -> dict:
    """One response: ``verb`` then how long after the fault (or the hold) it came, then ``detail``."""
    when_ = f" after {span(after)}" if after is not None else ""
    return {"at": at, "by": by, "text": f"{verb}{when_}{detail}", "plain": f"{verb}{detail}", "short": short,
            "after_s": after, "hold": hold}


def _after(at: str, fault_at: datetime) -> float | None:
    moment = when(at)
    return max(0.0, (moment - fault_at).total_seconds()) if moment else None


def _responses(n: int, fault: str, fault_at: datetime, mine: list[dict], degrade: dict | None, consult: dict | None,
               rollback: dict | None, nxt: dict | None, st: dict, last: bool, consumed: set[int]) -> list[dict]:
    """What tianluo (or the agent) did about attempt ``n``'s failure, in order."""
    out: list[dict] = []
    if consult:
        at = s(consult.get("settled_at") or consult.get("asked_at"), 40)
        decision = s(consult.get("decision") or consult.get("applied") or "no usable answer: the fallback", 200)
        out.append(_step(at, "agent", f"asked the agent: {decision}", "agent", _after(at, fault_at)))
    if degrade:
        at = s(degrade.get("at"), 40)
        changes = ", ".join(s(c, 120) for c in _l(degrade.get("changes")) if isinstance(c, str))
        by = "agent" if consult and str(consult.get("applied") or "").startswith("degrade") else "tianluo"
        out.append(_step(at, by, f"degraded {changes or s(degrade.get('action'))}",
                         _short_change(changes) or "degrade", _after(at, fault_at)))
    if rollback:
        at = s(rollback.get("at"), 40)
        out.append(_step(at, "tianluo", f"resumed from the checkpoint before ({s(rollback.get('resume_from'), 200)})",
                         "rollback", _after(at, fault_at)))
    for e in mine:
        kind, at = e.get("event"), s(e.get("ts"), 40)
        if kind == "retry_scheduled" and not degrade:
            wait = num(e.get("wait_s"))
            verb, detail = ("scheduled a retry", f", with a {span(wait)} backoff") if wait else ("retried", "")
            out.append(_step(at, "agent" if e.get("agent") else "tianluo", verb,
                             f"retry +{span(wait)}" if wait else "retry", _after(at, fault_at), detail))
        elif kind == "held" and e.get("by") != "human":
            out.append(_step(at, "tianluo", "held for a human", "held", _after(at, fault_at),
                             f": {_hold_reason(s(e.get('message')), fault)}", hold=True))
        elif kind == "waiting_for_space":
            out.append(_step(at, "tianluo", "waited for free space", "wait space", _after(at, fault_at)))
        elif kind == "skipped" and e.get("by") == "agent":
            out.append(_step(at, "agent", "skipped on the agent's word", "skipped", _after(at, fault_at)))
        else:
            continue
        consumed.add(id(e))
    if not out and nxt:  # the events are gone: the next attempt says it was retried
        at = nxt["queued"]
        out.append(_step(at, "tianluo", "retried", "retry", _after(at, fault_at)))
    hold = _d(st.get("hold"))
    if last and not any(x["hold"] for x in out) and st.get("status") == "held" and hold.get("by") == "ladder":
        at = s(hold.get("at"), 40)
        out.append(_step(at, "tianluo", "held for a human", "held", _after(at, fault_at),
                         f": {_hold_reason(s(hold.get('reason'), 300), fault)}", hold=True))
    out.sort(key=lambda x: x["at"])
    return out


def _human_answer(held_at: datetime, humans: list[dict], answered: set[int]) -> dict | None:
    """The first act of a human that answers a hold from ``held_at`` on: a release of the stage (to run
    again, or skipped), a replan that runs it again, a skip, an unblock."""
    for e in humans:
        at = when(e.get("ts"))
        if at is None or at < held_at or id(e) in answered:
            continue
        if e.get("event") in ("held", "run_stopped", "run_resumed") or (e.get("event") == "released"
                                                                       and e.get("stage") is None):
            continue
        answered.add(id(e))
        return _step(s(e.get("ts"), 40), "human", f"a human {_human_text(e)}", _human_short(e),
                     (at - held_at).total_seconds())
    return None


def _outcome(nxt: dict | None, status: str) -> str:
    if nxt is not None:
        if nxt["outcome"] == "succeeded":
            return f"attempt {nxt['n']} succeeded"
        if nxt["outcome"] in ("failed", "hung"):
            return f"attempt {nxt['n']} failed again" + (f" ({nxt['fault']})" if nxt["fault"] else "")
        if nxt["outcome"] == "running":
            return f"attempt {nxt['n']} is running"
        return f"attempt {nxt['n']} {nxt['outcome']}"
    return {"held": "still held: it needs you", "retry_wait": "its retry is due",
            "consulting": "the agent is being asked"}.get(status, status)


def _human_text(e: dict) -> str:
    kind = e.get("event")
    if kind == "released":
        action = s(e.get("action"), 20)
        return {"retry": "released it to run again", "skip": "skipped it", "resume": "lifted the hold"}.get(
            action, "released it")
    if kind == "held":
        return f"held it: {s(e.get('message'), 300).removeprefix('held by a human: ')}"
    if kind == "unblocked":
        return f"unblocked it past a skipped need: {s(e.get('reason'), 300)}"
    return {"replanned": "replanned from the edited spec", "skipped": "skipped it", "run_stopped": "stopped the run",
            "run_resumed": "resumed the run"}.get(str(kind), s(kind))


def _human_short(e: dict) -> str:
    kind = e.get("event")
    if kind == "released":
        return {"retry": "released", "skip": "skipped", "resume": "unheld"}.get(s(e.get("action"), 20), "released")
    return {"replanned": "replanned", "held": "held", "unblocked": "unblocked", "skipped": "skipped",
            "run_stopped": "stopped", "run_resumed": "resumed"}.get(str(kind), "human")


def _human_item(e: dict, sid: str) -> dict:
    at = s(e.get("ts"), 40)
    what = _human_text(e)
    return {"at": at, "last": at, "stage": sid, "attempt": None, "kind": "human", "fault": "", "what": what,
            "steps": [], "outcome": "", "text": f"{sid}: a human {what}", "analysis": ""}


def _loose_item(e: dict) -> dict | None:
    """A run-wide (or entity-wide) high-signal event as a line of its own."""
    kind, at = e.get("event"), s(e.get("ts"), 40)
    where = s(e.get("entity"), 100) if e.get("entity") else "run"
    if is_human(e):
        what = _human_text(e)
        if kind == "replanned":
            again = [x for x in _l(e.get("again")) if isinstance(x, str)]
            what += f" ({', '.join(again[:5])} ran again)" if again else ""
        text = f"{where}: a human {what}"
    elif kind in ("gate_met", "run_ended", "deadline_passed", "run_blocked", "scheduler_unreachable",
                  "scheduler_back", "ticks_overdue", "gpu_out", "gpu_fault", "lock_stalled", "left_running"):
        what = s(e.get("message"), 300)
        text = f"{where}: {what}"
    else:
        return None
    return {"at": at, "last": at, "stage": where, "attempt": None, "kind": "human" if is_human(e) else "run",
            "fault": "", "what": what, "steps": [], "outcome": "", "text": text, "analysis": ""}


def _held_spans(st: dict, evs: list[dict], entity_events: list[dict], entity_held: bool,
                now: datetime) -> list[dict]:
    """When the stage waited for a human: from each hold to the human's answer, or to ``now`` while it
    is still held (a hold whose answer the events no longer hold is not drawn); its entity's too."""
    held = st.get("status") == "held"
    spans = _paired(evs, ("released", "replanned", "skipped"), held) + _paired(entity_events, ("released",),
                                                                             entity_held)
    hold = _d(st.get("hold"))
    if held and hold.get("at") and not any(x["to"] == "" for x in spans):
        spans.append({"from": s(hold.get("at"), 40), "to": "", "by": s(hold.get("by"), 20)})
    return [dict(x, to=x["to"] or _iso(now)) for x in sorted(spans, key=lambda x: x["from"])]


def _paired(evs: list[dict], ends: tuple[str, ...], still: bool) -> list[dict]:
    """Each ``held`` event to the first of ``ends`` after it; the last left open when ``still`` held."""
    spans: list[dict] = []
    open_at, by = "", ""
    for e in sorted(evs, key=lambda e: s(e.get("ts"), 40)):
        kind = e.get("event")
        if kind == "held" and not open_at:
            open_at, by = s(e.get("ts"), 40), s(e.get("by"), 20) or "ladder"
        elif open_at and kind in ends:
            spans.append({"from": open_at, "to": s(e.get("ts"), 40), "by": by})
            open_at = ""
    if open_at and still:
        spans.append({"from": open_at, "to": "", "by": by})
    return spans


def _waiting(plan: dict, states: dict) -> list[dict]:
    """What waits for a human now, and what to do about it."""
    out = []
    for ename, pe in _d(plan.get("entities")).items():
        entity = _d(states.get(ename))
        ehold = _d(entity.get("hold"))
        if ehold:
            out.append({"what": f"entity {s(ename, 100)}", "since": s(ehold.get("at"), 40),
                        "reason": s(ehold.get("reason")), "analysis": "",
                        "do": f"tianluo release {s(ename, 100)}  (when you are ready for it to go on)"})
        for sname in _d(_d(pe).get("stages")):
            st = _d(_d(entity.get("stages")).get(sname))
            hold = _d(st.get("hold"))
            if st.get("status") != "held" or not hold or hold.get("by") == "human":
                continue
            out.append({"what": f"{s(ename, 100)}.{s(sname, 100)}", "since": s(hold.get("at"), 40),
                        "reason": s(hold.get("reason") or st.get("reason")), "analysis": s(hold.get("analysis"), 300),
                        "do": f"read {s(hold.get('analysis'), 300) or 'the failure analysis'}, fix the cause, then "
                              f"tianluo release {s(ename, 100)} --retry (or --skip)"})
    return out


def _short_fault(fault: str) -> str:
    return fault.rsplit("/", 1)[-1] if fault else "failed"


def _short_change(changes: str) -> str:
    """``batch_size 64 -> 32`` as ``batch_size 64→32`` (the first change, for a mark's label)."""
    first = changes.split(", ", 1)[0]
    return first.replace(" -> ", "→")
