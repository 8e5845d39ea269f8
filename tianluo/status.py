"""The run at a glance: a versioned dict for tools, and text for people (holds first)."""

from datetime import datetime, timedelta, timezone
from pathlib import Path

from tianluo.durations import format_duration
from tianluo.model import RunState, split_stage_id
from tianluo.states import StageStatus
from tianluo.timefmt import iso

STATUS_VERSION = 1
_ATTENTION = (StageStatus.HELD, StageStatus.BLOCKED)


def _iso(moment: datetime | None) -> str | None:
    return iso(moment) if moment else None


def build_status(state: RunState, run_dir: Path, now: datetime | None = None) -> dict:
    """The ``status --json`` document (its ``version`` changes when its shape does)."""
    gate = state.plan.success_gate
    deadline_at = state.created_at + timedelta(seconds=gate.deadline) if gate.deadline else None
    entities: dict = {}
    counts: dict[str, int] = {}
    for sid in state.stage_ids():
        ename, sname = split_stage_id(sid)
        st = state.stage(sid)
        planned = state.plan.entities[ename].stages[sname]
        attempt = st.current()
        counts[st.status.value] = counts.get(st.status.value, 0) + 1
        entities.setdefault(ename, {"stages": {}})["stages"][sname] = {
            "status": st.status.value,
            "attempt": st.attempt,
            "fault": st.fault.model_dump(by_alias=True, mode="json") if st.fault else None,
            "reason": st.reason,
            "needs": planned.needs,
            "next_attempt_at": _iso(st.next_attempt_at),
            "budget_used": {k.value: v for k, v in st.budget_used.items()},
            "progress": {"done": st.progress.done, "total": st.progress.total,
                         "seen_at": _iso(st.progress.seen_at)} if st.progress else None,
            "pid": attempt.handle.pid if attempt and attempt.handle else None,
            "job_id": attempt.handle.job_id if attempt and attempt.handle else None,
            "host": attempt.host if attempt else None,
            "port": attempt.port if attempt else None,
            "exclude_hosts": list(st.exclude_hosts),
            "free_retries": st.free_retries,
            "wait": st.wait.model_dump(mode="json") if st.wait else None,
            "verdict": st.diagnosis.verdict if st.diagnosis else None,
            "started_at": _iso(attempt.started_at) if attempt else None,
            "ended_at": _iso(attempt.ended_at) if attempt else None,
            "exit_code": attempt.exit_code if attempt else None,
            "attempt_dir": str(Path(run_dir) / attempt.dir) if attempt else None,
            "variant": st.variant,
            "degradations": [d.model_dump(mode="json") for d in st.degradations],
            "checkpoint_moves": [m.model_dump(mode="json") for m in st.checkpoint_moves],
        }
        entities[ename]["params"] = state.entities[ename].params
    return {
        "version": STATUS_VERSION,
        "run_id": state.run_id,
        "run_dir": str(run_dir),
        "name": state.plan.name,
        "phase": state.phase.value,
        "phase_reason": state.phase_reason,
        "scheduler_unreachable_since": _iso(state.scheduler_unreachable_since),
        "created_at": _iso(state.created_at),
        "last_tick_at": _iso(state.last_tick_at),
        "tick_count": state.tick_count,
        "total_attempts": state.total_attempts,
        "gate": {
            "met": state.gate.met,
            "met_at": _iso(state.gate.met_at),
            "mode": gate.mode,
            "deadline_at": _iso(deadline_at),
            "checks": [c.model_dump(mode="json") for c in state.gate.checks],
        },
        "counts": counts,
        "pre_authorized_decisions": [d.model_dump(mode="json") for d in state.pre_authorized_decisions],
        "entities": entities,
        "lock": lock_doc(run_dir, now),
    }


def lock_doc(run_dir: Path, now: datetime | None = None) -> dict | None:
    """Who holds the run's lock right now (None: nobody); ``stalled`` when past its budget and grace."""
    from tianluo import lockholder
    from tianluo.store import RunStore

    try:
        holder = RunStore(Path(run_dir)).lock_holder()
    except Exception:  # status must show the run even when the lock file is odd
        holder = None
    if holder is None:
        return None
    now = now or datetime.now(timezone.utc)
    stalled = holder.stalled(now)
    return {"pid": holder.pid, "host": holder.host, "what": holder.what, "since": _iso(holder.since),
            "held_for_s": round(holder.held_for(now), 1), "budget_s": holder.budget_s, "stalled": stalled,
            "message": lockholder.stall_report(holder, now) if stalled else holder.describe(now)}


def _note(stage: dict, now: datetime) -> str:
    wait = stage.get("wait")
    if wait and stage["status"] == "retry_wait":
        fault = stage["fault"] or {"class": "config", "label": wait["label"]}
        facts = "; ".join(wait["facts"]) or ", ".join(wait["paths"])
        return (f"{fault['class']}/{fault['label']} - waiting for free space since {wait['since']}: {facts} "
                f"(retried when {wait['threshold']})")
    if stage["fault"] and stage["status"] != "succeeded":
        fault = stage["fault"]
        text = f"{fault['class']}/{fault['label']}"
        if stage["reason"]:
            text += f" - {stage['reason']}"
        if stage["next_attempt_at"]:
            text += f" (next attempt {stage['next_attempt_at']})"
        return text
    if stage["degradations"] and stage["status"] != "held":
        last = stage["degradations"][-1]
        return f"degraded ({last['action']}): {'; '.join(last['changes'])}"
    if stage["reason"]:
        return stage["reason"]
    verdict = stage.get("verdict") or ""
    if stage["status"] in ("submitted", "running") and verdict.startswith(("queued", "scheduler unreachable")):
        return verdict  # the scheduler's part: why the job waits, or that nobody could ask
    if stage["progress"]:
        p = stage["progress"]
        done = f"{p['done']:g}" + (f"/{p['total']:g}" if p["total"] else "")
        return f"progress {done}"
    if stage["status"] == "pending" and stage["needs"]:
        return "waits for " + ", ".join(stage["needs"])
    return ""


def render_status(doc: dict, now: datetime) -> str:
    """Text for a terminal: the run line, the gate, then stages with held/failed first."""
    lines = [f"run {doc['run_id']} ({doc['name']}): {doc['phase']}"
             + (f" - {doc['phase_reason']}" if doc["phase_reason"] else "")]
    lock = doc.get("lock")
    if lock and lock["stalled"]:
        lines.append(f"STALLED: {lock['message']}")
    if doc.get("scheduler_unreachable_since"):
        lines.append(f"scheduler: no answer since {doc['scheduler_unreachable_since']}; nothing is judged until it answers")
    if doc["last_tick_at"]:
        last = datetime.fromisoformat(doc["last_tick_at"].replace("Z", "+00:00"))
        ago = format_duration(max(0.0, (now - last).total_seconds()))
        lines.append(f"ticks: {doc['tick_count']}, last {ago} ago; attempts: {doc['total_attempts']}")
    else:
        lines.append("ticks: none yet (run `tianluo tick`)")
    gate = doc["gate"]
    verdict = "met" if gate["met"] else "not met"
    lines.append(f"gate: {verdict}" + (f" (deadline {gate['deadline_at']})" if gate["deadline_at"] else ""))
    for check in gate["checks"]:
        mark = "ok " if check["ok"] else "-- "
        lines.append(f"  {mark}{check['kind']} {check['target']}: {check['detail']}")
    rows = []
    for ename, entity in doc["entities"].items():
        for sname, st in entity["stages"].items():
            rows.append((ename, sname, st))
    attention = {s.value for s in _ATTENTION}
    rows.sort(key=lambda r: 0 if r[2]["status"] in attention else 1)  # stable: plan order otherwise
    width_e = max([len("ENTITY")] + [len(r[0]) for r in rows])
    width_s = max([len("STAGE")] + [len(r[1]) for r in rows])
    lines.append("")
    lines.append(f"{'ENTITY':<{width_e}}  {'STAGE':<{width_s}}  {'STATUS':<10}  {'TRY':>3}  NOTE")
    for ename, sname, st in rows:
        lines.append(f"{ename:<{width_e}}  {sname:<{width_s}}  {st['status']:<10}  {st['attempt']:>3}  "
                     f"{_note(st, now)}".rstrip())
    moves = [(e, s, m) for e, s, st in rows for m in st.get("checkpoint_moves", [])]
    if moves:
        lines += ["", "checkpoints moved aside (kept, not deleted):"]
        for ename, sname, m in moves:
            where = f"{m['path']} -> {m['aside']}" if m["outcome"] == "moved" else \
                f"{m['path']}: {m['outcome'] or 'to be moved before the next attempt'}" + \
                (f" ({m['detail']})" if m["detail"] and m["outcome"] != "moved" else "")
            lines.append(f"  {ename}/{sname} after attempt {m['attempt']}: {where}")
    return "\n".join(lines)


DIAGNOSE_VERSION = 1


def diagnose_doc(result) -> dict:
    """The ``diagnose --json`` document."""
    stages = {}
    for name, st in result.stages.items():
        stages[name] = {
            "status": st["status"],
            "attempt": st["attempt"],
            "live": st["live"],
            "fault": st["fault"].model_dump(by_alias=True, mode="json") if st["fault"] else None,
            "hold": st["hold"].model_dump(mode="json") if st["hold"] else None,
            "diagnosis": st["diagnosis"].model_dump(mode="json") if st["diagnosis"] else None,
        }
    return {"version": DIAGNOSE_VERSION, "run_dir": str(result.run_dir), "entity": result.entity, "stages": stages}


def render_diagnose(doc: dict) -> str:
    """Text for people: each stage with its verdict and what every layer said."""
    from tianluo.analysis import layer_lines
    from tianluo.model import Diagnosis

    lines = []
    for name, st in doc["stages"].items():
        when = "looked at now" if st["live"] else "as last recorded"
        lines.append(f"{doc['entity']}/{name}: {st['status']}, attempt {st['attempt']} ({when})")
        if st["fault"]:
            f = st["fault"]
            lines.append(f"  fault: {f['class']}/{f['label']}: {f.get('evidence') or ''}".rstrip())
        if st["hold"]:
            lines.append(f"  hold: by {st['hold']['by']}: {st['hold']['reason']}")
        diagnosis = Diagnosis.model_validate(st["diagnosis"]) if st["diagnosis"] else None
        if diagnosis is None and st["attempt"] == 0:
            lines.append("  - not started yet")
        else:
            lines += ["  " + line for line in layer_lines(diagnosis)]
        lines.append("")
    return "\n".join(lines).rstrip()


#: Events kept for the log but not printed as a tick runs (the five layers on every change).
QUIET_EVENTS = frozenset({"diagnosed"})


def format_event(ev: dict) -> str | None:
    """One line for a person, starting with its subject; None for events not worth printing."""
    if ev.get("event") in QUIET_EVENTS:
        return None
    subject = f"{ev['entity']}/{ev['stage']}" if "stage" in ev else ev.get("entity", "run")
    return f"{subject}: {ev.get('message') or ev['event']}"
