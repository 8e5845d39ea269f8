"""The view model of ``report.html``: what the report shows, built from state.json's plain JSON and the
tail of events.jsonl. Pure (no I/O, no clock): the same state and events give the same model.

state.json is read as plain JSON (a validated state, or one the tick just saved): a field left out is
its model's default, and anything of an unexpected type is shown as text or left out, never trusted
as markup (``tianluo.views.report`` escapes every string). No pydantic model is imported here.
"""

from collections.abc import Set as AbstractSet
from datetime import UTC, datetime, timedelta
from itertools import pairwise

from tianluo.views.plainjson import as_dict as _d
from tianluo.views.plainjson import as_list as _l
from tianluo.views.plainjson import num, s, seconds_between, when
from tianluo.views.story import build_story, signal

#: Bounds that keep the file a few MB for a 10,000-stage run (reference/report.md states them).
MAX_GRAPH_NODES = 300  # stages drawn one by one; above it the graph is summarised
MAX_ROWS = 2000  # rows of the stage table (those that need attention first)
MAX_EVENTS = 200  # events of the timeline, newest first
MAX_DECISIONS = 500
MAX_HOLDS = 500
MAX_DEPENDENTS = 12  # stages named as blocked by one blocker (the rest counted)

DONE = ("succeeded", "skipped")
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
#: Most urgent first: the order of the stage table and of a summarised group's colour.
URGENCY = ("held", "blocked", "consulting", "retry_wait", "running", "submitted", "pending", "skipped", "succeeded")


def backend_name(value) -> str:
    """The plan's backend: ``{"kind": "slurm", ...}`` (schema 3), a name (1 and 2), or left out (local)."""
    if isinstance(value, dict):
        value = value.get("kind")
    return value if isinstance(value, str) and value else "local"


def build(raw: dict, events: list[dict], now: datetime | None = None, files: frozenset[str] = frozenset(),
          goodput: dict | None = None, story_events: list[dict] | None = None) -> dict:
    """The report's view model from state.json (``raw``) and the newest events (oldest first).

    Args:
        now: the moment relative times are told from; default the run's last tick (so the same state
            gives the same page).
        files: the run folder's documents that exist (``tianluo.views.story.build_story``), linked.
        goodput: ``goodput.account(raw, now)``: the run's time accounting; None leaves the bar out.
        story_events: the high-signal events the story is told from (default: ``events``).
    """
    raw = _d(raw)
    now = now or when(raw.get("last_tick_at")) or when(raw.get("created_at")) or EPOCH
    story = build_story(raw, events if story_events is None else story_events, now, files=files)
    plan = _d(raw.get("plan"))
    planned_entities = _d(plan.get("entities"))
    states = _d(raw.get("entities"))
    last_tick = raw.get("last_tick_at")
    stages: list[dict] = []
    holds: list[dict] = []
    questions: list[dict] = []
    for ename, pe in planned_entities.items():
        entity = _d(states.get(ename))
        ehold = _d(entity.get("hold"))
        if ehold:
            holds.append(_hold(ename, "", ehold))
        for sname, planned in _d(_d(pe).get("stages")).items():
            stages.append(_stage(ename, sname, _d(planned), _d(_d(entity.get("stages")).get(sname)), last_tick,
                                 holds, questions))
    if raw.get("phase") in ("complete", "expired", "stopped"):  # a finished run watches nothing (termination.md)
        for st in stages:
            if st["status"] in ("running", "submitted"):
                st["status"] = "left running, unwatched"
    by_id = {st["id"]: st for st in stages}
    for sid, last in story["last_failures"].items():  # "fault / why": the last failure, whatever came after
        st = by_id[sid]
        st["fault"], st["evidence"] = st["fault"] or last["fault"], st["evidence"] or last["evidence"]
        st["why"], st["analysis"] = f"attempt {last['attempt']}: {last['why']}", last["analysis"]
    for st in stages:
        st["needs"] = [n for n in st["needs"] if n in by_id and n != st["id"]]
    critical = critical_path(stages)
    for sid in critical:
        by_id[sid]["critical"] = True
    blockers = _blockers(stages, by_id)
    counts: dict[str, int] = {}
    for st in stages:
        counts[st["status"]] = counts.get(st["status"], 0) + 1
    skipped = _skipped(planned_entities, states)
    gate_plan, gate = _d(plan.get("success_gate")), _d(raw.get("gate"))
    decisions = [_decision(d) for d in _l(raw.get("pre_authorized_decisions"))]
    return {
        "run": {"name": s(plan.get("name")), "run_id": s(raw.get("run_id")), "phase": s(raw.get("phase") or "running"),
                "phase_reason": s(raw.get("phase_reason")), "updated": s(last_tick) or "no tick yet",
                "created_at": s(raw.get("created_at")), "ticks": s(raw.get("tick_count") or 0),
                "attempts": s(raw.get("total_attempts") or 0), "backend": s(backend_name(plan.get("backend"))),
                "workdir": s(plan.get("workdir")),
                "complete_with_skipped": raw.get("phase") == "complete" and bool(skipped)},
        "skipped": skipped[:MAX_HOLDS],
        "holds": holds[:MAX_HOLDS], "holds_more": max(0, len(holds) - MAX_HOLDS),
        "questions": questions[:MAX_HOLDS], "questions_more": max(0, len(questions) - MAX_HOLDS),
        "gate": {"met": gate.get("met") is True, "met_at": s(gate.get("met_at")),
                 "mode": s(gate_plan.get("mode") or "complete-and-exit"),
                 "deadline_s": num(gate_plan.get("deadline")),
                 "checks": [{"kind": s(c.get("kind")), "target": s(c.get("target")), "ok": c.get("ok") is True,
                             "detail": s(c.get("detail"))} for c in map(_d, _l(gate.get("checks")))]},
        "counts": ({k: counts[k] for k in URGENCY if k in counts}
                   | {k: v for k, v in counts.items() if k not in URGENCY}),
        "graph": graph(stages, set(pairwise(critical))),
        "critical": critical,
        "blockers": blockers,
        "stages": sorted(stages, key=_urgency)[:MAX_ROWS], "stages_total": len(stages),
        "decisions": decisions[:MAX_DECISIONS], "decisions_more": max(0, len(decisions) - MAX_DECISIONS),
        "events": [_event(e) for e in reversed(events[-MAX_EVENTS:])],
        "story": story,
        "goodput": _d(goodput).get("run") if goodput is not None else None,
        "goodput_stages": _d(_d(goodput).get("stages")),
    }


def _skipped(planned_entities: dict, states: dict) -> list[dict]:
    """Stages skipped after a failure (by the owner or the agent; not a branch not taken): the outputs they
    never made, and the dependents the owner unblocked past them, with the reason (``tianluo.core.skips``)."""
    out: list[dict] = []
    unblocked: dict[str, list[dict]] = {}
    for ename, pe in planned_entities.items():
        for sname in _d(_d(pe).get("stages")):
            st = _d(_d(_d(states.get(ename)).get("stages")).get(sname))
            for u in map(_d, _l(st.get("unblocks"))):
                unblocked.setdefault(str(u.get("need")), []).append({"stage": s(f"{ename}.{sname}"),
                                                                "reason": s(u.get("reason"))})
    for ename, pe in planned_entities.items():
        for sname, planned in _d(_d(pe).get("stages")).items():
            st = _d(_d(_d(states.get(ename)).get("stages")).get(sname))
            if st.get("status") != "skipped" or st.get("skipped_by") not in ("human", "agent"):
                continue
            planned = _d(planned)
            done_when = _d(planned.get("done_when"))
            paths = ([_d(planned.get("output")).get("path")] + _l(done_when.get("exists"))
                     + [_d(m).get("file") for m in _l(done_when.get("metric"))])
            missing = list(dict.fromkeys(s(p) for p in paths if isinstance(p, str)))
            sid = f"{ename}.{sname}"
            out.append({"stage": s(sid), "by": "the agent" if st.get("skipped_by") == "agent" else "the owner",
                        "missing": missing, "unblocked": unblocked.get(sid, [])})
    return out


def _urgency(st: dict) -> int:
    return URGENCY.index(st["status"]) if st["status"] in URGENCY else len(URGENCY)


def _stage(ename: str, sname: str, planned: dict, st: dict, last_tick, holds: list, questions: list) -> dict:
    sid = f"{ename}.{sname}"
    status = s(st.get("status") or "pending", 40)
    attempts = [a for a in _l(st.get("attempts")) if isinstance(a, dict)]
    current = attempts[-1] if attempts else {}
    ran = seconds_between(current.get("started_at"), current.get("ended_at") or last_tick) if current else None
    total = 0.0
    for a in attempts:
        spent = seconds_between(a.get("started_at"), a.get("ended_at") or last_tick)
        total += spent if spent and spent > 0 else 0.0
    progress = _d(st.get("progress"))
    eta = _eta(progress) if status in ("running", "submitted") else ""
    fault = _d(st.get("fault"))
    hold = _d(st.get("hold"))
    if hold or status == "held":
        holds.append(_hold(ename, sname, hold or {"by": "ladder", "reason": st.get("reason")}))
    for c in map(_d, _l(st.get("consults"))):
        if not c.get("settled_at"):
            questions.append({"stage": sid, "what": s(f"the agent is asked about attempt {c.get('attempt')} "
                                                      f"(call {c.get('call')}); if it gives no usable answer: "
                                                      f"{c.get('fallback')} ({c.get('fallback_reason')})")})
    wait = _d(st.get("wait"))
    if wait:
        paths = ", ".join(map(str, _l(wait.get("paths"))))
        questions.append({"stage": sid, "what": s(f"waits for free space ({wait.get('label')}) since "
                                                  f"{wait.get('since')}: {paths}")})
    return {
        "id": sid, "entity": s(ename), "stage": s(sname), "status": status,
        "attempt": s(st.get("attempt") or 0), "attempts": len(attempts),
        "needs": [n for n in _l(planned.get("needs")) if isinstance(n, str)],
        "expected": num(planned.get("expected")),
        "ran_s": ran if ran is not None and ran >= 0 else None, "total_s": total if attempts else None,
        "started_at": s(current.get("started_at")), "ended_at": s(current.get("ended_at")),
        "exit_code": s(current.get("exit_code")),
        "progress": (num(progress.get("done")), num(progress.get("total"))) if progress else None,
        "eta": eta,
        "fault": s(f"{fault.get('class')}/{fault.get('label')}") if fault else "",
        "evidence": s(fault.get("evidence")),
        "reason": s(st.get("reason")), "next_attempt_at": s(st.get("next_attempt_at")),
        "critical": False, "blocks": [], "why": "", "analysis": "",
    }


def _eta(progress: dict) -> str:
    """When the progress counter should reach its total, from its first and latest readings
    (``rates.progress_rate``, as status and diagnose say it); '' when it cannot say."""
    from tianluo.core.rates import progress_rate

    done, total, first = num(progress.get("done")), num(progress.get("total")), num(progress.get("first_done"))
    seen, first_at = when(progress.get("seen_at")), when(progress.get("first_at"))
    if done is None or seen is None:
        return ""
    _, left = progress_rate(done, total, first, first_at, seen)
    if left is None:
        return ""
    try:
        return (seen + timedelta(seconds=left)).strftime("%Y-%m-%dT%H:%M:%SZ")
    except OverflowError:
        return ""


def _hold(entity: str, stage: str, hold: dict) -> dict:
    return {"entity": s(entity), "stage": s(stage), "by": s(hold.get("by")), "reason": s(hold.get("reason")),
            "at": s(hold.get("at")), "analysis": s(hold.get("analysis"), 300)}


def _decision(d) -> dict:
    d = _d(d)
    key = s(d.get("key"))
    return {"qid": s(d.get("qid")), "key": key, "type": s(d.get("type") or key.split(":", 1)[0]),
            "question": s(d.get("question")), "answer": s(d.get("answer")), "by": s(d.get("by")), "at": s(d.get("at"))}


def _event(ev) -> dict:
    ev = _d(ev)
    where = ".".join(s(ev.get(k), 100) for k in ("entity", "stage") if ev.get(k))
    return {"seq": s(ev.get("seq")), "ts": s(ev.get("ts"), 40), "kind": s(ev.get("event"), 80), "where": where,
            "attempt": s(ev.get("attempt"), 20), "message": s(ev.get("message")), "signal": signal(ev)}


# --- the graph --------------------------------------------------------------------------------


def topological(ids: list[str], needs: dict[str, list[str]]) -> list[str]:
    """``ids`` with every node after what it needs (Kahn; input order among equals). Nodes in a cycle
    (a planted state: the spec refuses them) come last, in input order."""
    indeg = {i: 0 for i in ids}
    users: dict[str, list[str]] = {i: [] for i in ids}
    for i in ids:
        for n in needs.get(i, ()):
            if n in indeg:
                indeg[i] += 1
                users[n].append(i)
    order = [i for i in ids if indeg[i] == 0]
    k = 0
    while k < len(order):
        for u in users[order[k]]:
            indeg[u] -= 1
            if indeg[u] == 0:
                order.append(u)
        k += 1
    if len(order) < len(ids):
        seen = set(order)
        order += [i for i in ids if i not in seen]
    return order


def layers(ids: list[str], needs: dict[str, list[str]]) -> dict[str, int]:
    """The column of each node: one past the deepest thing it needs (0 for a node that needs nothing)."""
    layer: dict[str, int] = {}
    for i in topological(ids, needs):
        layer[i] = 1 + max((layer[n] for n in needs.get(i, ()) if n in layer), default=-1)
    return layer


def critical_path(stages: list[dict]) -> list[str]:
    """The longest chain of not-done stages through the ``needs`` edges, by expected seconds (a stage
    without ``expected`` counts 0), then by the number of stages; first to last. Empty when all are done."""
    todo = {st["id"]: st for st in stages if st["status"] not in DONE}
    needs = {i: [n for n in st["needs"] if n in todo] for i, st in todo.items()}
    best: dict[str, tuple[float, int]] = {}
    prev: dict[str, str | None] = {}
    for i in topological(list(todo), needs):
        w = (todo[i]["expected"] or 0.0, 1)
        before = max((n for n in needs[i] if n in best), key=lambda n: best[n], default=None)
        base = best[before] if before else (0.0, 0)
        best[i], prev[i] = (base[0] + w[0], base[1] + w[1]), before
    if not best:
        return []
    end: str | None = max(best, key=lambda i: best[i])
    path: list[str] = []
    on_path: set[str] = set()  # beside the list: `in path` made a 10,000-stage chain quadratic
    while end is not None and end not in on_path:
        path.append(end)
        on_path.add(end)
        end = prev[end]
    return path[::-1]


def _blockers(stages: list[dict], by_id: dict[str, dict]) -> list[dict]:
    """Held stages (and held entities' stages) with what waits on them, directly or further down."""
    users: dict[str, list[str]] = {}
    for st in stages:
        for n in st["needs"]:
            users.setdefault(n, []).append(st["id"])
    out = []
    order = {sid: i for i, sid in enumerate(by_id)}  # plan order
    for st in stages:
        if st["status"] != "held":
            continue
        seen, stack = set(), list(users.get(st["id"], ()))
        while stack:
            u = stack.pop()
            if u not in seen and by_id[u]["status"] not in DONE:
                seen.add(u)
                stack.extend(users.get(u, ()))
        blocked = sorted(seen, key=order.__getitem__)  # what it blocks, not every stage, is sorted
        st["blocks"] = blocked
        out.append({"id": st["id"], "reason": st["reason"], "blocks": blocked[:MAX_DEPENDENTS],
                    "blocks_more": max(0, len(blocked) - MAX_DEPENDENTS)})
    return out


def graph(stages: list[dict], path: AbstractSet[tuple[str, str]] = frozenset()) -> dict:
    """Nodes (with column and row) and edges to draw. Up to ``MAX_GRAPH_NODES`` stages, one node each;
    above it one node per stage name (its stages' statuses counted); with more names than that, the
    most urgent ``MAX_GRAPH_NODES`` stages and a count of the rest."""
    if len(stages) <= MAX_GRAPH_NODES:
        nodes = [_node(st) for st in stages]
        edges = [(n, st["id"]) for st in stages for n in st["needs"]]
        return _laid_out(nodes, edges, "stage", 0, path)
    names: dict[str, list[dict]] = {}
    for st in stages:
        names.setdefault(st["stage"], []).append(st)
    if len(names) <= MAX_GRAPH_NODES:
        by_id = {st["id"]: st for st in stages}
        nodes = [_group(name, members) for name, members in names.items()]
        edges = sorted({(by_id[n]["stage"], st["stage"]) for st in stages for n in st["needs"]
                        if by_id[n]["stage"] != st["stage"]})
        return _laid_out(nodes, edges, "stage name", 0, None)
    drawn = sorted(stages, key=lambda st: (_urgency(st) if not st["critical"] else -1))[:MAX_GRAPH_NODES]
    keep = {st["id"] for st in drawn}
    drawn = [st for st in stages if st["id"] in keep]  # plan order again
    edges = [(n, st["id"]) for st in drawn for n in st["needs"] if n in keep]
    return _laid_out([_node(st) for st in drawn], edges, "stage", len(stages) - len(drawn), path)


def _node(st: dict) -> dict:
    sub = st["status"] + (f" · try {st['attempt']}" if st["attempts"] else "")
    if st["progress"] and st["progress"][0] is not None:
        done, total = st["progress"]
        sub += f" · {done:g}/{total:g}" if total else f" · {done:g}"
    return {"id": st["id"], "label": st["id"], "sub": sub, "status": st["status"], "critical": st["critical"],
            "blocker": st["status"] == "held", "title": f"{st['id']}: {st['status']}" +
            (f" ({st['reason']})" if st["reason"] else "")}


def _group(name: str, members: list[dict]) -> dict:
    counts: dict[str, int] = {}
    for st in members:
        counts[st["status"]] = counts.get(st["status"], 0) + 1
    worst = min(counts, key=lambda k: URGENCY.index(k) if k in URGENCY else len(URGENCY))
    parts = [f"{counts[k]} {k}" for k in URGENCY if k in counts]
    return {"id": name, "label": f"{name} ×{len(members)}", "sub": " · ".join(parts), "status": worst,
            "critical": any(st["critical"] for st in members), "blocker": "held" in counts,
            "title": f"stage {name} in {len(members)} entities: " + ", ".join(parts)}


def _laid_out(nodes: list[dict], edges: list[tuple[str, str]], unit: str, more: int,
              path: AbstractSet[tuple[str, str]] | None = None) -> dict:
    """Columns by the ``needs`` edges, rows in plan order; an edge is critical when it is a step of the
    critical path (``path``), or, for groups, when both ends hold a stage of it."""
    ids = [n["id"] for n in nodes]
    needs: dict[str, list[str]] = {}
    for a, b in edges:
        needs.setdefault(b, []).append(a)
    col = layers(ids, needs)
    columns: dict[int, list[dict]] = {}
    for i, n in enumerate(nodes):
        n["col"], n["order"] = col[n["id"]], i
        columns.setdefault(n["col"], []).append(n)
    row: dict[str, int] = {}
    rows: dict[int, int] = {}
    for c in sorted(columns):  # each column ordered by where what its nodes need sits (fewer crossings)
        def place(n: dict) -> tuple[float, int]:
            before = [row[x] for x in needs.get(n["id"], ()) if x in row]
            return (sum(before) / len(before) if before else float(n["order"]), n["order"])
        for r, n in enumerate(sorted(columns[c], key=place) if c else columns[c]):
            n["row"] = row[n["id"]] = r
        rows[c] = len(columns[c])
    for n in nodes:
        del n["order"]
    blocked_by = {n["id"] for n in nodes if n["blocker"]}
    critical = {n["id"] for n in nodes if n["critical"]}
    return {"nodes": nodes, "edges": [{"from": a, "to": b, "critical": (a, b) in path if path is not None
                                       else a in critical and b in critical,
                                       "blocker": a in blocked_by} for a, b in edges],
            "unit": unit, "more": more, "cols": max(col.values(), default=-1) + 1,
            "rows": max(rows.values(), default=0)}
