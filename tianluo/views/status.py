"""The run at a glance: a versioned dict for tools, and text for people (holds first).

``goodput`` (where the time went, ``tianluo.core.goodput``) was added within version 1: a field more."""

from datetime import UTC, datetime, timedelta
from pathlib import Path

from tianluo.core import goodput
from tianluo.durations import format_duration
from tianluo.models.states import StageStatus
from tianluo.timefmt import iso

TYPE_CHECKING = False  # not typing's: importing typing costs a sixth of python's start
if TYPE_CHECKING:  # status of a finished run imports no models (tests/test_startup_cost.py)
    from tianluo.models.model import RunState

STATUS_VERSION = 1
_ATTENTION = (StageStatus.HELD, StageStatus.BLOCKED)


def _iso(moment: datetime | None) -> str | None:
    return iso(moment) if moment else None


def build_status(state: "RunState", run_dir: Path, now: datetime | None = None) -> dict:
    """The ``status --json`` document (its ``version`` changes when its shape does)."""
    now = now or datetime.now(UTC)
    gate = state.plan.success_gate
    deadline_at = state.created_at + timedelta(seconds=gate.deadline) if gate.deadline else None
    entities: dict = {}
    counts: dict[str, int] = {}
    leftovers: list[dict] = []
    for sid in state.stage_ids():
        ename, sname = sid.rsplit(".", 1)  # model.split_stage_id
        st = state.stage(sid)
        planned = state.plan.entities[ename].stages[sname]
        attempt = st.current()
        leftovers += [leftover_doc(sid, a) for a in st.attempts if a.leftover is not None]
        counts[st.status.value] = counts.get(st.status.value, 0) + 1
        written = planned.resources.time if planned.resources is not None else None
        entities.setdefault(ename, {"stages": {}})["stages"][sname] = {
            "status": st.status.value,
            "attempt": st.attempt,
            "fault": st.fault.model_dump(by_alias=True, mode="json") if st.fault else None,
            "reason": st.reason,
            "needs": planned.needs,
            "next_attempt_at": _iso(st.next_attempt_at),
            "budget_used": {k.value: v for k, v in st.budget_used.items()},
            "progress": progress_doc(st.progress.done, st.progress.total, st.progress.seen_at,
                                     st.progress.first_done, st.progress.first_at) if st.progress else None,
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
            "consults": [consult_summary(c) for c in st.consults],
            "hold": st.hold.model_dump(mode="json") if st.hold else None,
            "gpus": list(attempt.gpus) if attempt and attempt.gpus is not None else None,
            "expected_s": planned.expected,
            "time_limit_s": st.time_limit or written or None,
            "skipped_by": st.skipped_by,
            "unblocks": [u.model_dump(mode="json") for u in st.unblocks],
        }
        entities[ename]["params"] = state.entities[ename].params
        held = state.entities[ename].hold
        entities[ename]["hold"] = held.model_dump(mode="json") if held else None
    trigger = state.trigger.model_dump(mode="json") if state.trigger else None
    from tianluo.core import skips

    skipped = skips.skipped_stages(state)  # after a failure: their outputs are missing
    return with_truth({
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
        "agent_calls": state.agent_calls,
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
        "gpu_host": gpu_host_doc(state),
        "skipped": skipped,
        "complete_with_skipped": state.phase.value == "complete" and bool(skipped),
        "goodput": goodput.of_state(state, now),
        "leftovers": leftovers,
    }, run_dir, trigger, state.plan.interval, now)


def leftover_doc(sid: str, attempt) -> dict:
    """What is left of an attempt whose KILL failed (``Attempt.leftover``), for ``status --json``."""
    lo = attempt.leftover
    return {"stage": sid, "attempt": attempt.n,
            "job": attempt.handle.describe() if attempt.handle is not None else attempt.job_name,
            "since": _iso(lo.since), "tries": lo.tries, "error": lo.error, "given_up_at": _iso(lo.given_up_at)}


def leftover_line(lo: dict) -> str:
    """``LEFT BEHIND: a.train attempt 1 (job 17): ...``: sent again, or given up on and the owner's to end."""
    head = (f"LEFT BEHIND: {lo['stage']} attempt {lo['attempt']} ({lo['job']}): its KILL failed since {lo['since']} "
            f"({lo['tries']} refused; the last: {lo['error'] or 'no answer'})")
    if lo["given_up_at"]:
        return f"{head}; tianluo stopped sending it at {lo['given_up_at']}: make sure it is gone"
    return f"{head}; sent again each tick until it goes through"


def gpu_host_doc(state: "RunState") -> dict | None:
    """The host's GPUs as the run knows them (a GPU host only): what is out of the pool, whether nvidia-smi
    answers, each GPU as the last tick saw it and who holds it."""
    host = state.plan.host
    if host is None or not host.gpu_host:
        return None
    from tianluo.core.gpu_pool import holders

    pool = state.gpus
    held = holders(state)
    return {
        "gpus": host.gpus if isinstance(host.gpus, list) else "auto",
        "inventory": host.inventory,
        "error": pool.error if pool else None,
        "error_since": _iso(pool.error_since) if pool else None,
        "kernel_log": pool.kernel_log.path if pool and pool.kernel_log else None,
        "kernel_log_note": pool.kernel_log_note if pool else None,
        "out": [o.model_dump(mode="json") for o in pool.out] if pool else [],
        "seen_at": _iso(pool.seen_at) if pool else None,
        "seen": [{**g.model_dump(mode="json"), "held_by": held.get(g.index)} for g in pool.seen] if pool else [],
        "held": {str(i): sid for i, sid in sorted(held.items())},
    }


def consult_summary(consult) -> dict:
    """One agent call about a stage, for ``status --json``: what it was asked, answered, and what was done."""
    reply = consult.reply
    return {
        "call": consult.call,
        "attempt": consult.attempt,
        "asked_at": _iso(consult.asked_at),
        "fallback": consult.fallback,
        "answered": reply is not None,
        "action": reply.action if reply else None,
        "degrade": reply.degrade if reply else None,
        "reason": reply.reason if reply else None,
        "error": reply.error if reply else None,
        "exit_code": reply.exit_code if reply else None,
        "timed_out": reply.timed_out if reply else False,
        "applied": consult.applied,
        "decision": consult.decision,
        "settled_at": _iso(consult.settled_at),
    }


def status_doc(run_dir: Path, now: datetime | None = None) -> dict:
    """The ``status --json`` document: from state.json read plainly, else from the validated state.

    The plain reading (``tianluo.shell.peek``) imports no model; where it doubts anything, the
    validated path gives the same document, or the one-line error of a damaged state.
    """
    import os

    from tianluo import redact
    from tianluo.shell import peek

    try:
        raw = peek.read_state(Path(run_dir))
        doc = unwatched(build_status_plain(raw, run_dir, now))
        return redact.of_plan(raw.get("plan"), os.environ).deep(doc)  # what jobs and servers said: no secret
    except peek.Doubt:
        pass
    from tianluo.shell.store import RunStore

    state = RunStore(Path(run_dir)).load()
    return redact.of_plan(state.plan, os.environ).deep(unwatched(build_status(state, run_dir, now)))


#: What status shows of an attempt a finished run no longer watches (on_end: leave, or a plain stop).
LEFT_RUNNING = "left running, unwatched"


def unwatched(doc: dict) -> dict:
    """A finished run watches nothing: a stage it left submitted or running is shown as left running,
    unwatched (``watched``: false), never as plainly running."""
    if doc["phase"] not in ("complete", "expired", "stopped"):  # states.TERMINAL_PHASES
        return doc
    for entity in doc["entities"].values():
        for st in entity["stages"].values():
            if st["status"] in ("submitted", "running"):
                st["was"] = st["status"]
                st["status"] = LEFT_RUNNING
                st["watched"] = False
    return doc


def build_status_plain(raw: dict, run_dir: Path, now: datetime | None = None, lock: bool = True,
                       records: bool = True) -> dict:
    """:func:`build_status` from state.json's plain JSON, byte for byte the same document.

    Raises:
        peek.Doubt: something the validated path must look at.
    """
    now = now or datetime.now(UTC)
    from tianluo.shell import peek
    from tianluo.shell.peek import (
        CHECK,
        FAULT,
        WAIT,
        get,
        integer,
        known,
        number,
        obj,
        optional,
        text,
        when,
    )

    peek.check_names(raw)
    known(raw, peek.KEYS["RunState"])
    plan, states = raw["plan"], raw["entities"]
    gate_plan = known(peek.field(plan, "success_gate", obj), peek.KEYS["SuccessGate"])
    mode = peek.field(gate_plan, "mode",
                      peek.one_of("complete-and-exit", "checkpoint-and-stop", "watch-until-deadline"),
                      peek.DEFAULTS["SuccessGate"]["mode"])
    deadline = peek.field(gate_plan, "deadline", optional(number), None)
    if deadline is not None and not 0 <= deadline <= 365 * 86400.0:  # spec_parts.MAX_DEADLINE_S
        raise peek.Doubt("deadline")
    created_at = peek.field(raw, "created_at", when)
    text(peek.field(raw, "tianluo_version", text))
    for key, check in (("revision", integer), ("event_seq", integer), ("blocked_notified", peek.flag),
                       ("scheduler_notified", peek.flag)):  # not shown, but a state with them wrong is damaged
        get(raw, "RunState", key, check)
    for event in get(raw, "RunState", "outbox", peek.items):
        obj(event)
    deadline_at = created_at + timedelta(seconds=deadline) if deadline else None
    entities: dict = {}
    counts: dict[str, int] = {}
    for ename, planned_entity in obj(plan["entities"]).items():
        entity = states[ename]
        for sname, planned in obj(planned_entity["stages"]).items():
            st = states[ename]["stages"][sname]
            known(planned, peek.KEYS["PlannedStage"])
            status = get(st, "StageState", "status", peek.one_of(*peek.STATUSES))
            raw_attempts = get(st, "StageState", "attempts", peek.items)
            if any(obj(a).get("leftover") is not None for a in raw_attempts):
                raise peek.Doubt("leftover")  # told from the validated attempt (build_status)
            attempts = [peek.attempt(a, ename, sname) for a in raw_attempts]
            attempt = attempts[-1] if attempts else None
            handle = attempt["handle"] if attempt else None
            fault = get(st, "StageState", "fault", optional(lambda v: peek.dump(v, FAULT)))
            progress = get(st, "StageState", "progress", optional(lambda v: known(v, peek.KEYS["ProgressReading"])))
            if progress is not None:
                progress = progress_doc(peek.field(progress, "done", number),
                                        get(progress, "ProgressReading", "total", optional(number)),
                                        peek.field(progress, "seen_at", when),
                                        get(progress, "ProgressReading", "first_done", optional(number)),
                                        get(progress, "ProgressReading", "first_at", optional(when)))
            diagnosis = get(st, "StageState", "diagnosis", optional(lambda v: known(v, peek.KEYS["Diagnosis"])))
            if diagnosis is not None:
                when(peek.field(diagnosis, "at", lambda v: v))
                integer(peek.field(diagnosis, "attempt", lambda v: v))
            budget_used = get(st, "StageState", "budget_used", obj)
            if not set(budget_used) <= set(peek.FAULT_CLASSES):
                raise peek.Doubt("budget_used")
            hold = get(st, "StageState", "hold", optional(lambda v: peek.dump(v, peek.HOLD)))
            get(st, "StageState", "succeeded_at", optional(when))
            skipped_by = get(st, "StageState", "skipped_by", optional(peek.one_of("branch", "human", "agent")))
            if skipped_by in ("human", "agent") or get(st, "StageState", "unblocks", peek.items):
                raise peek.Doubt("skipped")  # named with their outputs from the validated state (build_status)
            counts[status] = counts.get(status, 0) + 1
            next_at = get(st, "StageState", "next_attempt_at", optional(when))
            if get(st, "StageState", "consults", peek.items):
                raise peek.Doubt("consults")  # summarised from the validated consults (build_status)
            expected = _seconds(peek.field(planned, "expected", optional(number), None))
            resources = peek.field(planned, "resources", optional(obj), None)
            written = _seconds(peek.field(resources, "time", optional(number), None)) if resources else None
            raised = _seconds(get(st, "StageState", "time_limit", optional(number)))
            if raised is not None and raised <= 0:
                raise peek.Doubt("time_limit")
            entities.setdefault(ename, {"stages": {}})["stages"][sname] = {
                "status": status,
                "attempt": get(st, "StageState", "attempt", integer),
                "fault": fault,
                "reason": get(st, "StageState", "reason", optional(text)),
                "needs": get(planned, "PlannedStage", "needs", peek.texts),
                "next_attempt_at": _iso(next_at),
                "budget_used": dict(budget_used),
                "progress": progress,
                "pid": handle["pid"] if handle else None,
                "job_id": handle["job_id"] if handle else None,
                "host": attempt["host"] if attempt else None,
                "port": attempt["port"] if attempt else None,
                "exclude_hosts": get(st, "StageState", "exclude_hosts", peek.texts),
                "free_retries": get(st, "StageState", "free_retries", integer),
                "wait": get(st, "StageState", "wait", optional(lambda v: peek.dump(v, WAIT))),
                "verdict": peek.field(diagnosis, "verdict", text) if diagnosis is not None else None,
                "started_at": _iso(attempt["started_at"]) if attempt else None,
                "ended_at": _iso(attempt["ended_at"]) if attempt else None,
                "exit_code": attempt["exit_code"] if attempt else None,
                "attempt_dir": str(Path(run_dir) / attempt["dir"]) if attempt else None,
                "variant": get(st, "StageState", "variant", optional(text)),
                "degradations": [peek.dump(d, peek.DEGRADATION)
                                 for d in get(st, "StageState", "degradations", peek.items)],
                "checkpoint_moves": [peek.dump(m, peek.CHECKPOINT_MOVE)
                                     for m in get(st, "StageState", "checkpoint_moves", peek.items)],
                "consults": [],
                "hold": hold,
                "gpus": attempt["gpus"] if attempt else None,
                "expected_s": expected,
                "time_limit_s": raised or written or None,
                "skipped_by": skipped_by,
                "unblocks": [],
            }
        held = get(entity, "EntityState", "hold", optional(lambda v: peek.dump(v, peek.HOLD)))
        if ename in entities:  # as build_status: an entity without stages shows nothing
            entities[ename]["params"] = {text(k): peek.scalar(v)
                                         for k, v in get(entity, "EntityState", "params", obj).items()}
            entities[ename]["hold"] = held
    gate = known(get(raw, "RunState", "gate", obj), peek.KEYS["GateState"])
    trigger = get(raw, "RunState", "trigger", optional(lambda v: peek.dump(v, peek.TRIGGER)))
    interval = peek.field(plan, "interval", number)
    return with_truth({
        "version": STATUS_VERSION,
        "run_id": raw["run_id"],
        "run_dir": str(run_dir),
        "name": peek.field(plan, "name", text),
        "phase": get(raw, "RunState", "phase", peek.one_of(*peek.PHASES)),
        "phase_reason": get(raw, "RunState", "phase_reason", optional(text)),
        "scheduler_unreachable_since": _iso(get(raw, "RunState", "scheduler_unreachable_since", optional(when))),
        "created_at": _iso(created_at),
        "last_tick_at": _iso(get(raw, "RunState", "last_tick_at", optional(when))),
        "tick_count": get(raw, "RunState", "tick_count", integer),
        "total_attempts": get(raw, "RunState", "total_attempts", integer),
        "agent_calls": get(raw, "RunState", "agent_calls", integer),
        "gate": {
            "met": get(gate, "GateState", "met", peek.flag),
            "met_at": _iso(get(gate, "GateState", "met_at", optional(when))),
            "mode": mode,
            "deadline_at": _iso(deadline_at),
            "checks": [peek.dump(c, CHECK) for c in get(gate, "GateState", "checks", peek.items)],
        },
        "counts": counts,
        "pre_authorized_decisions": [peek.decision(d)
                                     for d in get(raw, "RunState", "pre_authorized_decisions", peek.items)],
        "entities": entities,
        "lock": lock_doc(run_dir, now) if lock else None,
        "gpu_host": _plain_gpu_host(plan, raw),
        "skipped": [],
        "complete_with_skipped": False,
        "goodput": _plain_goodput(raw, now),
        "leftovers": [],
    }, run_dir if records else None, trigger, interval, now)


def _plain_goodput(raw: dict, now: datetime) -> dict:
    """:func:`goodput.account` of the plain JSON; a value of the wrong type is the validated path's to say."""
    from tianluo.shell import peek

    try:
        return goodput.account(raw, now)
    except goodput.Bad as exc:
        raise peek.Doubt(repr(exc)) from None


def _plain_gpu_host(plan: dict, raw: dict) -> dict | None:
    """The plain path shows no GPU host: a run on one takes the validated path (``gpu_host_doc``)."""
    from tianluo.shell import peek

    host = plan.get("host")
    if raw.get("gpus") is not None or (isinstance(host, dict) and host.get("gpu_host")):
        raise peek.Doubt("gpu host")
    return None


# --- what status derives: the trigger and its ticks, the stages' clocks, a phase line that agrees with them ---

#: Ticks are overdue once the last one is older than one interval, plus half an interval, plus a minute:
#: the slack covers a trigger's jitter (the daemon's at most every/10 and 30 s, systemd's RandomizedDelaySec
#: at most every/10 and 60 s) and a tick's own length moving the next one's start; one tick that did not
#: come is already news. A tick in progress (the lock held within its budget) is never overdue. (The
#: after-the-fact "ticks were overdue" notice of a late tick, in decide, stays at three intervals: quiet.)
OVERDUE_FACTOR, OVERDUE_SLACK_S = 1.5, 60.0


def overdue_after(every: float) -> float:
    """Seconds since the last tick after which ticks are overdue (see ``OVERDUE_FACTOR``)."""
    return every * OVERDUE_FACTOR + OVERDUE_SLACK_S


_ACTIVE_NAMES = ("submitted", "running")
_TERMINAL_NAMES = frozenset({"complete", "expired", "stopped"})  # states.TERMINAL_PHASES


def _seconds(value: float | None) -> float | None:
    """A duration of the plan or the state read plainly (0 to 30 days, as the models bound them)."""
    if value is not None and not 0 <= value <= 30 * 86400.0:  # spec_parts.MAX_WAIT_S
        from tianluo.shell import peek

        raise peek.Doubt(value)
    return value


def _when(text: str | None) -> datetime | None:
    return _at(text) if text else None


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def progress_doc(done: float, total: float | None, seen_at: datetime, first_done: float | None,
                 first_at: datetime | None) -> dict:
    """A stage's progress for ``status --json``: the reading, its rate and ETA (as ``diagnose`` computes them)."""
    from tianluo.core.rates import progress_rate

    rate, eta = progress_rate(done, total, first_done, first_at, seen_at)
    eta = round(eta, 1) if eta is not None else None
    return {"done": done, "total": total, "seen_at": iso(seen_at),
            "rate_per_min": round(rate, 4) if rate is not None else None,
            "eta_s": eta,
            "eta_at": iso(seen_at + timedelta(seconds=eta)) if eta is not None else None}


def with_truth(doc: dict, run_dir: Path | None, trigger: dict | None, interval: float,
               now: datetime | None) -> dict:
    """``doc`` with what status derives from it: the trigger, the last and next tick, whether ticks are
    overdue, each stage's clocks (and its job's pid, read from the runner's records when ``run_dir``
    is given), and a ``summary`` phase line that agrees with the stages."""
    now = now or datetime.now(UTC)
    for entity in doc["entities"].values():
        for st in entity["stages"].values():
            st.update(stage_truth(st, now, run_dir))
    doc["as_of"] = iso(now)
    doc["trigger"] = trigger
    doc["trigger_problem"] = trigger_problem(doc, trigger, run_dir) if run_dir is not None else None
    doc.update(tick_truth(doc, trigger, interval, now))
    doc["summary"] = summarize(doc, now)
    return doc


def stage_truth(st: dict, now: datetime, run_dir: Path | None) -> dict:
    """The fields status adds to a stage: its analysis file, a retry that is due, how long its attempt
    has run, and the job's own pid (also of an attempt a finished run left running)."""
    hold = st.get("hold")
    active = st["status"] in _ACTIVE_NAMES
    started = _when(st["started_at"]) if active and not st["ended_at"] else None
    due = _when(st["next_attempt_at"])
    elapsed = max(0, round((now - started).total_seconds())) if started else None
    expected = st.get("expected_s")
    return {
        "analysis": hold["analysis"] if hold else None,
        "retry_due": st["status"] == "retry_wait" and due is not None and due <= now,
        "elapsed_s": elapsed,
        # running past its expected time (a soft limit): how many times it, to one decimal
        "times_expected": round(elapsed / expected, 1) if elapsed is not None and expected and elapsed >= expected
        else None,
        "job_pid": job_pid(st["attempt_dir"]) if run_dir is not None and active else None,
    }


def job_pid(attempt_dir: str | None) -> int | None:
    """The command's own pid as the runner recorded it (exit.json, else started.json); None if it did not."""
    if not attempt_dir:
        return None
    from tianluo.shell import records

    for read in (records.read_exit, records.read_started):
        try:
            record, _ = read(attempt_dir)
        except Exception:  # noqa: BLE001 - a planted link or an odd file: status shows the run without it
            continue
        if record is not None and record.get("job_pid") is not None:
            return record["job_pid"]
    return None


def tick_truth(doc: dict, trigger: dict | None, interval: float, now: datetime) -> dict:
    """``next_tick_at``, ``overdue`` and ``overdue_message``: a run not finished whose last tick (or its
    creation, before any) is more than :func:`overdue_after` ago, with no tick in progress, is overdue,
    and the message says what to look at for the trigger it has."""
    ticking = trigger is not None and trigger["removed_at"] is None and trigger["kind"] != "none"
    every = float(trigger["every"]) if trigger is not None and ticking else float(interval)
    last = _when(doc["last_tick_at"]) or _when(doc["created_at"])
    out: dict = {"next_tick_at": None, "overdue": False, "overdue_message": None}
    if doc["phase"] in _TERMINAL_NAMES or last is None or every <= 0:
        return out
    if ticking:
        out["next_tick_at"] = iso(last + timedelta(seconds=every))
    gap = (now - last).total_seconds()
    lock = doc.get("lock")
    if gap <= overdue_after(every) or (lock and not lock["stalled"] and lock["what"].startswith("tick")):
        return out
    since = "since" if doc["last_tick_at"] else "since the run was created at"
    out["overdue"] = True
    out["overdue_message"] = (f"no tick {since} {clock(last, now)} ({format_duration(gap)}, "
                              f"{int(gap // every)} intervals of {format_duration(every)}): "
                              + overdue_hint(doc, trigger if ticking else None))
    return out


def overdue_hint(doc: dict, trigger: dict | None) -> str:
    """What to check for the run's trigger when its ticks do not come."""
    run_dir = doc["run_dir"]
    if trigger is None:
        return f"the run has no trigger: run `tianluo tick --run {run_dir}`, or install one: `tianluo install cron`"
    kind = trigger["kind"]
    if kind == "cron":
        from tianluo.triggers.cron import daemon_running  # only when overdue: python-crontab is not free

        seen = {True: "; a cron process does run here", False: "; NO cron process runs here",
                None: ""}[daemon_running()]
        return (f"is cron running? `pgrep -x cron`{seen} (this run's line: `crontab -l | grep "
                f"tianluo:{doc['run_id']}`; its output: {run_dir}/cron.log)")
    if kind == "systemd":
        user = "" if trigger["options"].get("scope") == "system" else " --user"
        return f"is the timer active? `systemctl{user} status tianluo-{doc['run_id']}.timer`"
    return f"is `tianluo daemon --run {run_dir}` still running?"


def trigger_problem(doc: dict, trigger: dict | None, run_dir: Path) -> str | None:
    """Why the run's trigger cannot fire now, in one line (None: it can, or it cannot be told here): no cron
    daemon runs (cron), systemd is not running here or the timer is not active (systemd), the daemon's
    process is gone (daemon). Checked at once, not after ticks are overdue."""
    if trigger is None or trigger["removed_at"] is not None or doc["phase"] in _TERMINAL_NAMES:
        return None
    kind = trigger["kind"]
    if kind == "cron":
        from tianluo.triggers.cron import daemon_running  # only for a cron run: python-crontab is not free

        if daemon_running() is False:
            return ("no cron daemon is running here (no process named cron or crond): the crontab line is "
                    "installed but nothing runs it; start cron (Debian: `service cron start`) or use "
                    f"`tianluo daemon --run {doc['run_dir']}`")
        return None
    if kind == "systemd":
        from tianluo.triggers import systemd

        user = "" if trigger["options"].get("scope") == "system" else " --user"
        timer = systemd.unit_names(doc["run_id"])[1]
        if not systemd.systemd_running():
            return (f"systemd is not running here (not the init of this host or container): {timer} cannot "
                    f"fire; use `tianluo install cron` or `tianluo daemon --run {doc['run_dir']}`")
        if systemd.timer_active(doc["run_id"], trigger["options"].get("scope") or "user") is False:
            return f"{timer} is not active: nothing ticks the run; see `systemctl{user} status {timer}`"
        return None
    if kind == "daemon":
        from tianluo.shell import daemon_mark

        return daemon_mark.problem(Path(run_dir), doc["run_dir"])
    return None


def clock(moment: datetime, now: datetime) -> str:
    """``20:14 UTC`` today, ``2026-11-29 20:14 UTC`` another day."""
    return moment.strftime("%H:%M UTC" if moment.date() == now.date() else "%Y-%m-%d %H:%M UTC")


def _movable(doc: dict, sid: str, st: dict) -> bool:
    """``decide._can_move`` read from the document: active, consulting, or pending or waiting to retry
    with nothing stopping it (a human's hold of its entity; a held or blocked need)."""
    status = st["status"]
    if status in _ACTIVE_NAMES or status == "consulting":
        return True
    entity, _ = sid.rsplit(".", 1)
    if doc["entities"][entity].get("hold"):
        return False
    if status == "retry_wait":
        return not any((need := _stage(doc, n)) is not None and need["status"] in ("held", "blocked")
                       for n in st["needs"])
    return status == "pending"


def _stage(doc: dict, sid: str) -> dict | None:
    entity, _, name = sid.rpartition(".")
    return doc["entities"].get(entity, {}).get("stages", {}).get(name)


def _names(sids: list[str], most: int = 5) -> str:
    return ", ".join(sids[:most]) + (f" and {len(sids) - most} more" if len(sids) > most else "")


def summarize(doc: dict, now: datetime) -> dict:
    """The run's phase as its stages show it: ``{"phase", "reason", "differs"}``.

    state.json's phase is the last tick's; a human's ``release`` between ticks, or an attempt left
    running after the end, would make it contradict the stages below it. ``differs`` says the
    phase shown is not the recorded one (the next tick records it).
    """
    phase, reason = doc["phase"], doc["phase_reason"]
    stages = [(f"{e}.{n}", st) for e, ent in doc["entities"].items() for n, st in ent["stages"].items()]
    if phase in _TERMINAL_NAMES:
        live = [sid for sid, st in stages if st["status"] in _ACTIVE_NAMES]
        if live:
            left = f"{len(live)} attempt(s) left running, unwatched: {_names(live)}"
            reason = f"{reason}; {left}" if reason else left
        return {"phase": phase, "reason": reason, "differs": False}
    movable = [sid for sid, st in stages if _movable(doc, sid, st)]
    if phase == "blocked" and movable:
        can = set(movable)
        due = [sid for sid, st in stages if st["retry_due"] and sid in can]
        active = [sid for sid, st in stages if st["status"] in _ACTIVE_NAMES or st["status"] == "consulting"]
        named = set(due) | set(active)
        parts = ([f"retry due now for {_names(due)} (the next tick launches it)"] if due else []) \
            + ([f"{_names(active)} active"] if active else []) \
            + ([f"{_names([s for s in movable if s not in named])} can go on"] if len(can) > len(named) else [])
        return {"phase": "running", "reason": "waiting for the next tick: " + "; ".join(parts), "differs": True}
    if phase == "running" and not movable:
        stuck = [sid for sid, st in stages if st["status"] == "held"]
        named = {sid.rsplit(".", 1)[0] for sid in stuck}
        stuck += [f"{e} (held by a human)" for e, ent in doc["entities"].items() if ent.get("hold") and e not in named]
        if stuck:
            return {"phase": "blocked", "reason": f"nothing can move without a human: {_names(stuck)}",
                    "differs": True}
        if all(st["status"] in ("succeeded", "skipped") for _, st in stages):
            return {"phase": "running", "reason": "every stage is done: the next tick checks the gate",
                    "differs": False}
    return {"phase": phase, "reason": reason, "differs": False}


def lock_doc(run_dir: Path, now: datetime | None = None) -> dict | None:
    """Who holds the run's lock right now (None: nobody); ``stalled`` when past its budget and grace."""
    from tianluo.shell import peek

    try:
        holder = peek.lock_holder(Path(run_dir))
    except Exception:  # noqa: BLE001 - status must show the run even when the lock file is odd
        holder = None
    if holder is None:
        return None
    from tianluo.shell import lockholder

    now = now or datetime.now(UTC)
    stalled = holder.stalled(now)
    return {"pid": holder.pid, "host": holder.host, "what": holder.what, "since": _iso(holder.since),
            "held_for_s": round(holder.held_for(now), 1), "budget_s": holder.budget_s, "stalled": stalled,
            "message": lockholder.stall_report(holder, now) if stalled else holder.describe(now)}


def _note(stage: dict, now: datetime) -> str:
    """The NOTE column: why the stage is where it is, then its clocks (running), the retry that is due,
    and the analysis file of a hold."""
    note = _why(stage, now)
    if stage.get("retry_due") and not (stage["reason"] or "").startswith("waiting for"):
        note += "; retry due now (next tick launches it)" if note else "retry due now (next tick launches it)"
    extra = clocks(stage, now) if stage["status"] in _ACTIVE_NAMES or stage.get("was") in _ACTIVE_NAMES else ""
    if (stage.get("verdict") or "").startswith("unknown") and stage["status"] in _ACTIVE_NAMES:
        extra = ""  # no "running 2h, ETA ...": nobody knows whether it runs
    if stage.get("gpus") and stage["status"] in _ACTIVE_NAMES:
        gpus = "GPU " + ",".join(map(str, stage["gpus"]))
        extra = f"{extra}, {gpus}" if extra else gpus
    if extra:
        note = f"{note} ({extra})" if note else extra
    if stage.get("analysis") and stage["status"] == "held":
        note += f" [analysis: {stage['analysis']}]"
    return note


def fault_words(fault: dict) -> str:
    """``class/label`` of a fault as status --json has it; with the agent's correction, the rules' too."""
    text = f"{fault['class']}/{fault['label']}"
    if fault.get("rule_class"):
        text += (f" (the agent's, call {fault.get('agent_call')}; the rules said "
                 f"{fault['rule_class']}/{fault.get('rule_label') or fault['label']})")
    return text


def _why(stage: dict, now: datetime) -> str:
    consults = stage.get("consults") or []
    if stage["status"] == "consulting" and consults:
        fault = stage["fault"]
        what = f"{fault_words(fault)} - " if fault else ""
        return f"{what}consulting the agent (call {consults[-1]['call']})"
    wait = stage.get("wait")
    if wait and stage["status"] == "retry_wait":
        fault = stage["fault"] or {"class": "config", "label": wait["label"]}
        facts = "; ".join(wait["facts"]) or ", ".join(wait["paths"])
        return (f"{fault['class']}/{fault['label']} - waiting for free space since {wait['since']}: {facts} "
                f"(retried when {wait['threshold']})")
    if stage["fault"] and stage["status"] != "succeeded":
        fault = stage["fault"]
        text = fault_words(fault)
        if stage["reason"]:
            text += f" - {stage['reason']}"
        if stage["next_attempt_at"] and not stage.get("retry_due"):
            text += f" (next attempt {stage['next_attempt_at']})"
        return text
    if stage["degradations"] and stage["status"] != "held":
        last = stage["degradations"][-1]
        return f"degraded ({last['action']}): {'; '.join(last['changes'])}"
    if stage["reason"]:
        return stage["reason"]
    verdict = stage.get("verdict") or ""
    if stage["status"] in ("submitted", "running") and verdict.startswith(("queued", "scheduler unreachable",
                                                                            "cancelling", "unknown")):
        return verdict  # the scheduler's part: why the job waits, that nobody could ask, a cancel under way, or
        #                 that it cannot tell whether the job runs
    if stage["progress"]:
        p = stage["progress"]
        done = f"{p['done']:g}" + (f"/{p['total']:g}" if p["total"] else "")
        return f"progress {done}"
    if stage["status"] == "pending" and stage["needs"]:
        return "waits for " + ", ".join(stage["needs"])
    return ""


def render_status(doc: dict, now: datetime) -> str:
    """Text for a terminal: the run line, the gate, then stages with held/failed first."""
    summary = doc.get("summary") or {"phase": doc["phase"], "reason": doc["phase_reason"], "differs": False}
    shown = "complete with skipped stages" if summary["phase"] == "complete" and doc.get("complete_with_skipped") \
        else summary["phase"]
    lines = [f"run {doc['run_id']} ({doc['name']}): {shown}"
             + (f" - {summary['reason']}" if summary["reason"] else "")
             + (f" [state.json says {doc['phase']} until the next tick]" if summary["differs"] else "")]
    lock = doc.get("lock")
    if lock and lock["stalled"]:
        lines.append(f"STALLED: {lock['message']}")
    if doc.get("overdue"):
        lines.append(f"OVERDUE: {doc['overdue_message']}")
    if doc.get("trigger_problem"):
        lines.append(f"TRIGGER CANNOT FIRE: {doc['trigger_problem']}")
    if lock and not lock["stalled"]:
        who = "tick in progress:" if lock["what"].startswith("tick") else f"`tianluo {lock['what']}` holds the lock:"
        lines.append(f"{who} pid {lock['pid']} on {lock['host']}, for "
                     f"{format_duration(round(lock['held_for_s']))} (since {clock(_at(lock['since']), now)})")
    if doc.get("scheduler_unreachable_since"):
        lines.append(f"scheduler: no answer since {doc['scheduler_unreachable_since']}; "
                     "nothing is judged until it answers")
    lines += [leftover_line(lo) for lo in doc.get("leftovers") or []]
    if doc["last_tick_at"]:
        last = datetime.fromisoformat(doc["last_tick_at"].replace("Z", "+00:00"))
        ago = format_duration(max(0.0, (now - last).total_seconds()))
        nxt = _when(doc.get("next_tick_at"))
        expected = f", next expected {clock(nxt, now)}" if nxt and not doc.get("overdue") else ""
        lines.append(f"ticks: {doc['tick_count']}, last {ago} ago ({clock(last, now)}){expected}; "
                     f"attempts: {doc['total_attempts']}")
    elif lock and lock["what"].startswith("tick"):
        lines.append("ticks: none finished yet (the first is in progress)")
    elif doc.get("next_tick_at") and not doc.get("overdue"):
        lines.append(f"ticks: none yet, the first expected {clock(_at(doc['next_tick_at']), now)}")
    else:
        lines.append("ticks: none yet (run `tianluo tick`)")
    lines.append(trigger_line(doc.get("trigger"), now))
    lines += gpu_lines(doc.get("gpu_host"))
    spent = goodput.summary(doc["goodput"]["run"]) if doc.get("goodput") else None
    if spent:
        lines.append(spent)
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
    if doc.get("skipped"):
        lines += ["", "skipped after a failure (their outputs were never made; a skip cannot be undone):"]
        for sk in doc["skipped"]:
            missing = ", ".join(sk["missing"]) or "no output declared"
            users = f"; unblocked: {', '.join(sk['unblocked'])}" if sk["unblocked"] else ""
            by = "the agent" if sk["by"] == "agent" else "the owner"
            lines.append(f"  {sk['stage']} (by {by}): missing {missing}{users}")
    asked = [(e, s, st["consults"][-1]) for e, s, st in rows if st.get("consults")]
    if asked:
        lines += ["", "the agent's last word on each stage it was asked about:"]
        for ename, sname, c in asked:
            lines.append(f"  {ename}/{sname}: {agent_line(c)}")
    moves = [(e, s, m) for e, s, st in rows for m in st.get("checkpoint_moves", [])]
    if moves:
        lines += ["", "checkpoints moved aside (kept, not deleted):"]
        for ename, sname, m in moves:
            where = f"{m['path']} -> {m['aside']}" if m["outcome"] == "moved" else \
                f"{m['path']}: {m['outcome'] or 'to be moved before the next attempt'}" + \
                (f" ({m['detail']})" if m["detail"] and m["outcome"] != "moved" else "")
            lines.append(f"  {ename}/{sname} after attempt {m['attempt']}: {where}")
    return "\n".join(lines)


def gpu_lines(host: dict | None) -> list[str]:
    """'gpus: 4 listed, 2 held (0: a.train, 1: b.train), 1 out (GPU 3: Xid 79 ...)'; nvidia-smi's silence."""
    if not host:
        return []
    lines = []
    if host["error"]:
        lines.append(f"GPUS: nvidia-smi does not answer since {host['error_since']}: {host['error']}; nothing "
                     "starts on GPUs until it does")
    seen = host["seen"]
    held = ", ".join(f"{i}: {sid}" for i, sid in host["held"].items())
    parts = [f"{len(seen)} listed" if host["inventory"] else f"named {host['gpus']} (no nvidia-smi: not watched)"]
    parts.append(f"{len(host['held'])} held" + (f" ({held})" if held else ""))
    others = [f"GPU {g['index']} {g['others'][0]}" for g in seen if g["others"] and not g["held_by"]]
    if others:
        parts.append("; ".join(others[:3]))
    lines.append("gpus: " + ", ".join(parts))
    if host.get("kernel_log_note"):
        lines.append(f"  Xid lines not read: {host['kernel_log_note']}")
    for o in host["out"]:
        lines.append(f"  OUT GPU {o['index']} since {o['at']}: {o['reason'][:200]} "
                     f"(give it back: tianluo gpus --restore {o['index']})")
    return lines


def trigger_line(trigger: dict | None, now: datetime) -> str:
    """``trigger: cron every 15m, installed 20:01 UTC`` (or removed, or none)."""
    if trigger is None or trigger["kind"] == "none":
        return "trigger: none (ticks come only from `tianluo tick`)"
    line = f"trigger: {trigger['kind']} every {format_duration(trigger['every'])}, " \
           f"installed {clock(_at(trigger['installed_at']), now)}"
    if trigger["removed_at"]:
        line += f", removed {clock(_at(trigger['removed_at']), now)}"
    return line


def clocks(st: dict, now: datetime) -> str:
    """A running stage's clocks: how long it has run, its progress rate and ETA, and its job's pid."""
    parts = []
    if st.get("elapsed_s") is not None:
        parts.append(f"running {format_duration(st['elapsed_s'])}")
        if st.get("times_expected") is not None:
            parts[-1] += f", {st['times_expected']:g}x its expected {format_duration(st['expected_s'])}"
        if st.get("time_limit_s"):
            parts.append(f"time limit {format_duration(st['time_limit_s'])}")
    p = st.get("progress")
    if p and p.get("rate_per_min"):
        parts.append(f"{p['rate_per_min']:.3g}/min")
    if p and p.get("eta_at"):
        eta = _at(p["eta_at"])
        left = (eta - now).total_seconds()
        parts.append(f"ETA {clock(eta, now)} (in {format_duration(left)})" if left > 0
                     else f"ETA was {clock(eta, now)} ({format_duration(-left)} ago)")
    if st.get("job_pid") is not None:
        parts.append(f"job pid {st['job_pid']}" + (f" on {st['host']}" if st.get("host") else ""))
    return ", ".join(parts)


def agent_line(c: dict) -> str:
    """One line: what the agent answered in one call and what tianluo did with it."""
    if not c["answered"]:
        return f"call {c['call']}: asked at {c['asked_at']}, no answer yet"
    said = (f"answered {c['action']}" + (f" {c['degrade']}" if c["degrade"] else "")
            if c["action"] else "no usable answer")
    why = f" ({c['reason'][:160]})" if c["reason"] else ""
    trouble = f" [{c['error']}]" if c["error"] else ""
    done = f"; {c['decision']}" if c["decision"] else "; not settled yet"
    return f"call {c['call']}: {said}{why}{trouble}{done}"


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
    from tianluo.models.model import Diagnosis
    from tianluo.views.analysis import layer_lines

    lines = []
    for name, st in doc["stages"].items():
        when = "looked at now" if st["live"] else "as last recorded"
        lines.append(f"{doc['entity']}/{name}: {st['status']}, attempt {st['attempt']} ({when})")
        if st["fault"]:
            f = st["fault"]
            lines.append(f"  fault: {fault_words(f)}: {f.get('evidence') or ''}".rstrip())
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
