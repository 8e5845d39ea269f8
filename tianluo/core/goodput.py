"""Goodput: where a run's time went, from state.json alone. Pure: the state comes in as plain JSON, time as ``now``.

Each stage's wall time, from its first attempt's record to its end (or ``now``), is cut into
pieces that follow one another, so they add up to it exactly: productive (progress that was
kept) or lost, by cause:

- ``queue``: an attempt recorded but not running yet (launch, the scheduler's queue);
- ``redone``: running time whose work a later attempt did again (a resume keeps what its
  checkpoint held, read from the progress readings; a restart from zero keeps nothing);
- ``hung``: from an attempt's last progress to its end, when it was cancelled as hung;
- ``detection``: from an attempt's end to the tick that judged it (and the agent's answer);
- ``held``: waiting for a human (a hold of the stage or its entity), between attempts;
- ``backoff``: the rest of the wait between tianluo's answer and the next attempt's record.

Each loss is put down to the fault that caused it (``"<class>/<label>"``; a human's own hold
is ``"human/hold"``); a first attempt's queue wait has no fault. Where an attempt had GPUs
(or its stage asks for them), every piece is weighted into GPU-hours. The reference page is
reference/goodput.md.
"""

from collections import namedtuple
from datetime import datetime

from tianluo.durations import format_duration

CAUSES = ("redone", "detection", "backoff", "queue", "held", "hung")
PRODUCTIVE = "productive"
HUMAN_HOLD = "human/hold"
MEASURED, NOT_CONFIGURED = "measured", "not configured"
_ACTIVE = ("submitted", "running", "consulting")
_TERMINAL = ("complete", "expired", "stopped")  # states.TERMINAL_PHASES


class Bad(ValueError):
    """A value of the state is not of the type the validated state holds (the plain reading doubts it)."""


class Piece(namedtuple("Piece", "start end what fault gpus")):
    """A stretch of one stage's wall time: productive or a cause of loss, the fault behind it, GPUs held.

    Named tuples here, not dataclasses: ``status`` reads goodput, and dataclasses imports inspect."""

    __slots__ = ()
    start: datetime
    end: datetime
    what: str
    fault: str | None
    gpus: int

    @property
    def seconds(self) -> float:
        return (self.end - self.start).total_seconds()


# --- reading the plain JSON, strictly --------------------------------------------------------------


def _obj(value) -> dict:
    if value is None:
        return {}
    if type(value) is not dict:
        raise Bad(value)
    return value


def _list(value) -> list:
    if value is None:
        return []
    if type(value) is not list:
        raise Bad(value)
    return value


def _when(value) -> datetime | None:
    if value is None:
        return None
    if type(value) is not str:
        raise Bad(value)
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise Bad(value) from None
    if moment.utcoffset() is None:
        raise Bad(value)
    return moment


def _num(value) -> float | None:
    if value is None:
        return None
    if type(value) not in (int, float):
        raise Bad(value)
    return float(value)


def _text(value) -> str | None:
    if value is not None and type(value) is not str:
        raise Bad(value)
    return value


def planned_gpus(resources: dict) -> int:
    """GPUs a stage asks for, by ``gpus`` or a gpu ``gres`` (as ``spec_parts.Resources.gpu_count``)."""
    gpus = resources.get("gpus")
    if gpus:
        if type(gpus) is not int:
            raise Bad(gpus)
        return gpus
    for item in (_text(resources.get("gres")) or "").split(","):
        parts = item.split(":")
        if parts[0] == "gpu":
            last = parts[-1] if len(parts) > 1 else "1"
            return int(last) if last.isdigit() else 1
    return 0


def _gpus(attempt: dict | None, planned: dict) -> int:
    """The GPUs an attempt held: those handed to it on a GPU host, else what its stage asks for."""
    handed = attempt.get("gpus") if attempt is not None else None
    if handed is not None:
        return len(_list(handed))
    return planned_gpus(_obj(planned.get("resources")))


_CLASSES = ("transient", "config", "code", "unknown")  # states.FaultClass
_OUTCOMES = (None, "succeeded", "failed")


def fault_key(attempt: dict | None) -> str | None:
    """``"<class>/<label>"`` of an attempt's fault, or None."""
    fault = _obj(attempt.get("fault")) if attempt is not None else {}
    if not fault:
        return None
    klass, label = fault.get("class"), fault.get("label")
    if klass not in _CLASSES or type(label) is not str:
        raise Bad(fault)
    return f"{klass}/{label}"


def _attempt(doc) -> dict:
    """One attempt, its fields that count here checked for their type (``Bad`` otherwise)."""
    a = _obj(doc)
    if type(a.get("n")) is not int or a.get("outcome") not in _OUTCOMES or _when(a.get("intent_at")) is None:
        raise Bad(a)
    for key in ("started_at", "ended_at", "judged_at", "output_grew_at", "log_moved_at"):
        _when(a.get(key))
    if any(type(g) is not int for g in _list(a.get("gpus"))):
        raise Bad(a)
    fault_key(a)
    _reading(a.get("progress"))
    cancel = _obj(a.get("cancel"))
    if cancel and type(cancel.get("reason")) is not str:
        raise Bad(cancel)
    return a


# --- progress: what each attempt started from and reached ----------------------------------------


class Reading(namedtuple("Reading", "first first_at last last_at")):
    __slots__ = ()
    first: float
    first_at: datetime
    last: float
    last_at: datetime

    @property
    def rate(self) -> float | None:
        """Progress per second between the first and last reading, or None."""
        span = (self.last_at - self.first_at).total_seconds()
        return (self.last - self.first) / span if span > 0 and self.last > self.first else None


def _reading(doc) -> Reading | None:
    doc = _obj(doc)
    if not doc:
        return None
    last, last_at = _num(doc.get("done")), _when(doc.get("seen_at"))
    if last is None or last_at is None:
        raise Bad(doc)
    first, first_at = _num(doc.get("first_done")), _when(doc.get("first_at"))
    if first is None or first_at is None:
        first, first_at = last, last_at
    return Reading(first, first_at, last, last_at)


def _start_point(reading: Reading, started: datetime | None, rate: float | None) -> float:
    """Where an attempt's progress began: its first reading, taken back to its start at its rate (a tick sees
    the first reading late; the start-up after a failure counts as not kept). Never below 0 nor the reading."""
    point = reading.first
    if rate is not None and started is not None and reading.first_at > started:
        point -= rate * (reading.first_at - started).total_seconds()
    return max(min(0.0, reading.first), min(point, reading.first))


def _kept(i: int, attempts: list[dict], readings: list[Reading | None], measured: bool) -> float:
    """The share of attempt ``i``'s running time whose work was kept (0 to 1)."""
    a = attempts[i]
    outcome = _text(a.get("outcome"))
    if outcome == "succeeded":
        return 1.0
    failed = outcome == "failed"
    own = readings[i] if measured else None
    if own is None:
        return 0.0 if failed else 1.0
    later = next(((j, r) for j, r in enumerate(readings) if j > i and r is not None), None)
    if later is None:
        return 0.0 if failed else 1.0  # lost until a later attempt shows what it kept
    j, nxt = later
    begin = _start_point(own, _when(a.get("started_at")), own.rate)
    resumed = min(_start_point(nxt, _when(attempts[j].get("started_at")), nxt.rate or own.rate), own.last)
    if own.last <= begin:
        return 0.0
    return max(0.0, min(1.0, (resumed - begin) / (own.last - begin)))


# --- one stage ------------------------------------------------------------------------------------


def is_measured(planned: dict) -> bool:
    """Whether the stage has a progress signal (``progress:`` in its spec)."""
    return bool(_obj(planned.get("progress"))) or planned.get("progress") == {}


def _hung(attempt: dict) -> bool:
    cancel = _obj(attempt.get("cancel"))
    if cancel:
        return (_text(cancel.get("reason")) or "").startswith("hung")
    fault = _obj(attempt.get("fault"))
    return bool(fault) and fault.get("label") == "hang" and attempt.get("outcome") is None


def _holds(stage: dict, entity: dict, stop: datetime) -> list[tuple[datetime, datetime, str]]:
    """The stage's time held for a human: (from, to, 'ladder' or 'human'), the current holds to ``stop``."""
    spans = []
    for h in _list(stage.get("released_holds")):
        h = _obj(h)
        start, end = _when(h.get("at")), _when(h.get("released_at"))
        if start is None or end is None:
            raise Bad(h)
        spans.append((start, end, _text(h.get("by")) or "human"))
    for hold in (_obj(stage.get("hold")), _obj(entity.get("hold"))):
        if hold:
            start = _when(hold.get("at"))
            if start is None:
                raise Bad(hold)
            spans.append((start, stop, _text(hold.get("by")) or "human"))
    return sorted(spans, key=lambda s: (s[0], s[1]))


def _acted(attempt: dict, consults: list[dict], until: datetime) -> datetime:
    """When tianluo acted on an attempt's end: the tick that judged it, or the agent's answer about it."""
    n = attempt.get("n")
    ended = _when(attempt.get("ended_at"))
    acted = _when(attempt.get("judged_at")) or ended or until
    for c in consults:
        if c.get("attempt") == n:
            acted = max(acted, _when(c.get("settled_at")) or until)
    return acted


def stage_stop(stage: dict, run_stop: datetime) -> datetime:
    """When a stage's wall time ends: its success, its skip, else the run's end or now."""
    attempts = _list(stage.get("attempts"))
    status = stage.get("status")
    last = _obj(attempts[-1]) if attempts else {}
    if status == "succeeded":
        end = _when(last.get("ended_at")) or _when(stage.get("succeeded_at")) or run_stop
        return min(end, run_stop)
    if status == "skipped":
        moments = [t for t in (_when(last.get("ended_at")), _when(last.get("judged_at"))) if t is not None]
        moments += [t for h in _list(stage.get("released_holds")) if (t := _when(_obj(h).get("released_at")))]
        moments += [t for c in _list(stage.get("consults")) if (t := _when(_obj(c).get("settled_at")))]
        return min(max(moments), run_stop) if moments else run_stop
    return run_stop


def pieces(planned: dict, stage: dict, entity: dict, run_stop: datetime) -> list[Piece]:
    """A stage's wall time cut into pieces that follow one another, from its first attempt to its stop."""
    attempts = [_attempt(a) for a in _list(stage.get("attempts"))]
    if not attempts:
        return []
    start = _when(attempts[0]["intent_at"])
    assert start is not None  # _attempt checked it
    stop = stage_stop(stage, run_stop)
    measured = is_measured(planned)
    readings = [_reading(a.get("progress")) for a in attempts[:-1]] + [_reading(stage.get("progress"))]
    holds = _holds(stage, entity, stop)
    consults = [_obj(c) for c in _list(stage.get("consults"))]
    out: list[Piece] = []
    cursor = start

    def put(until: datetime, what: str, fault: str | None, gpus: int) -> None:
        nonlocal cursor
        until = min(max(until, cursor), stop)
        if until > cursor:
            out.append(Piece(cursor, until, what, fault, gpus))
            cursor = until

    for i, a in enumerate(attempts):
        nxt = attempts[i + 1] if i + 1 < len(attempts) else None
        until = (_when(nxt.get("intent_at")) or stop) if nxt is not None else stop
        gpus, key = _gpus(a, planned), fault_key(a)
        before = fault_key(attempts[i - 1]) if i else None  # a retry's queue wait is its fault's doing
        started, ended = _when(a.get("started_at")), _when(a.get("ended_at"))
        live = nxt is None and stage.get("status") in _ACTIVE and ended is None
        end = stop if live else ended or _when(a.get("judged_at")) or until
        put(started or end, "queue", before, gpus)
        if started is not None:
            kept = 1.0 if live and not _hung(a) else _kept(i, attempts, readings, measured)
            stuck = end
            if _hung(a):
                r = readings[i]
                moved = r.last_at if measured and r is not None else \
                    _when(a.get("output_grew_at")) or _when(a.get("log_moved_at"))
                stuck = min(max(moved or cursor, cursor), end)
            put(cursor + (stuck - cursor) * kept, PRODUCTIVE, None, gpus)
            put(stuck, "redone", key, gpus)
            put(end, "hung", key, gpus)
        if nxt is None and live:
            break
        after = _gpus(nxt, planned) if nxt is not None else gpus
        put(_acted(a, consults, until), "detection", key, after)
        for h_start, h_end, by in holds:
            if h_end <= cursor or h_start >= until:
                continue
            put(h_start, "backoff", key, after)
            put(min(h_end, until), "held", key if by == "ladder" and key else HUMAN_HOLD, after)
        put(until, "backoff", key, after)
    return out


# --- totals ---------------------------------------------------------------------------------------


def _r(seconds: float) -> float:
    return round(seconds, 1)


def _h(gpu_seconds: float) -> float:
    return round(gpu_seconds / 3600, 3)


def totals(parts: list[Piece], wall_s: float, measured: bool, attempts: int, fault_attempts: dict[str, int]) -> dict:
    """TOTALS of a stage (or, with the run's pieces, of the run)."""
    lost = dict.fromkeys(CAUSES, 0.0)
    by_fault: dict[str, float] = {}
    detail: dict[tuple[str | None, str], list[float]] = {}
    productive = gpu_wall = gpu_productive = 0.0
    any_gpu = False
    for p in parts:
        s, g = p.seconds, p.seconds * p.gpus
        gpu_wall += g
        any_gpu = any_gpu or p.gpus > 0
        if p.what == PRODUCTIVE:
            productive += s
            gpu_productive += g
            continue
        lost[p.what] += s
        if p.fault is not None:
            by_fault[p.fault] = by_fault.get(p.fault, 0.0) + s
        cell = detail.setdefault((p.fault, p.what), [0.0, 0.0])
        cell[0] += s
        cell[1] += g
    machine = productive + sum(lost.values())
    gpu_hours = None
    if any_gpu:
        by_cause: dict[str, float] = {}
        gpu_by_fault: dict[str, float] = {}
        for (fault, cause), (_, g) in detail.items():
            by_cause[cause] = by_cause.get(cause, 0.0) + g
            if fault is not None:
                gpu_by_fault[fault] = gpu_by_fault.get(fault, 0.0) + g
        gpu_hours = {"wall": _h(gpu_wall), "productive": _h(gpu_productive), "lost": _h(gpu_wall - gpu_productive),
                     "lost_by_cause": {c: _h(by_cause.get(c, 0.0)) for c in CAUSES},
                     "lost_by_fault": {k: _h(v) for k, v in sorted(gpu_by_fault.items())},
                     "ratio": round(gpu_productive / gpu_wall, 4) if gpu_wall > 0 else None}
    items = sorted(detail.items(), key=lambda kv: (-kv[1][0], kv[0][0] or "", kv[0][1]))
    return {
        "wall_s": _r(wall_s),
        "machine_s": _r(machine),
        "productive_s": _r(productive),
        "lost_s": {c: _r(v) for c, v in lost.items()},
        "lost_by_fault": {k: _r(v) for k, v in sorted(by_fault.items())},
        "lost_detail": [{"fault": fault, "cause": cause, "s": _r(s), "gpu_h": _h(g) if any_gpu else None}
                        for (fault, cause), (s, g) in items],
        "ratio": round(productive / machine, 4) if machine > 0 else None,
        "gpu_hours": gpu_hours,
        "progress": MEASURED if measured else NOT_CONFIGURED,
        "attempts": attempts,
        "fault_attempts": dict(sorted(fault_attempts.items())),
    }


def run_stop(state: dict, now: datetime) -> datetime:
    """The end of the run's wall time: when it ended (a finished run), else ``now``."""
    if state.get("phase") not in _TERMINAL:
        return now
    end = _obj(state.get("end"))
    gate = _obj(state.get("gate"))
    for moment in (_when(end.get("ended_at")), _when(gate.get("met_at")), _when(end.get("decided_at")),
                   _when(state.get("last_tick_at"))):
        if moment is not None:
            return min(moment, now)
    return now


def account(state: dict, now: datetime) -> dict:
    """Where the run's time went: ``{"run": TOTALS, "stages": {"<entity>.<stage>": TOTALS}}`` (JSON-able).

    A stage's ``wall_s`` is its first attempt's record to its end (or ``now``); its ``ratio``
    is productive over that wall. The run's ``wall_s`` is its first attempt's record to its
    end; its ``machine_s`` sums its stages' walls (stages side by side each count), and its
    ``ratio`` is productive over that. Stages never attempted are left out.

    Raises:
        Bad: a value is not of the type state.json holds (the plain reading's cue to doubt).
    """
    stop = run_stop(state, now)
    plan_entities = _obj(_obj(state.get("plan")).get("entities"))
    entities = _obj(state.get("entities"))
    stages: dict[str, dict] = {}
    everything: list[Piece] = []
    run_faults: dict[str, int] = {}
    run_attempts = 0
    measured_any = False
    first: datetime | None = None
    for ename, planned_entity in plan_entities.items():
        entity = _obj(entities.get(ename))
        stage_docs = _obj(entity.get("stages"))
        for sname, planned in _obj(_obj(planned_entity).get("stages")).items():
            stage = _obj(stage_docs.get(sname))
            parts = pieces(_obj(planned), stage, entity, stop)
            if not parts:
                continue
            attempts = [_attempt(a) for a in _list(stage.get("attempts"))]
            faults: dict[str, int] = {}
            for a in attempts:
                key = fault_key(a)
                if key is not None and a.get("outcome") in ("failed", None):
                    faults[key] = faults.get(key, 0) + 1
                    run_faults[key] = run_faults.get(key, 0) + 1
            measured = is_measured(_obj(planned))
            measured_any = measured_any or measured
            wall = (parts[-1].end - parts[0].start).total_seconds()
            stages[f"{ename}.{sname}"] = totals(parts, wall, measured, len(attempts), faults)
            everything += parts
            run_attempts += len(attempts)
            first = parts[0].start if first is None else min(first, parts[0].start)
    wall = (stop - first).total_seconds() if first is not None else 0.0
    run = totals(everything, max(0.0, wall), measured_any, run_attempts, run_faults)
    run["not_measured"] = [sid for sid, t in stages.items() if t["progress"] == NOT_CONFIGURED]
    return {"run": run, "stages": stages}


def of_state(state, now: datetime) -> dict:
    """:func:`account` of a validated ``RunState`` (its JSON form)."""
    return account(state.model_dump(mode="json", by_alias=True), now)


# --- in words -------------------------------------------------------------------------------------


def amount(seconds: float, gpu_h: float | None) -> str:
    """``1.3 GPU-h`` where GPUs were held, else a duration (``2h10m``)."""
    if gpu_h:
        return f"{gpu_h:.1f} GPU-h" if gpu_h >= 0.95 else f"{gpu_h:.2g} GPU-h"
    return format_duration(seconds)


def fault_words(fault: str | None) -> str | None:
    """A loss's fault as a person reads it: its label (``cuda_oom``), or 'a human's hold'."""
    if fault is None:
        return None
    return "a human's hold" if fault == HUMAN_HOLD else fault.split("/", 1)[-1]


def loss_words(item: dict) -> str:
    """One ``lost_detail`` item: ``1.3 GPU-h cuda_oom (redone)``, ``20m queue``."""
    what = fault_words(item["fault"])
    cause = "held" if item["fault"] == HUMAN_HOLD else item["cause"]
    how_much = amount(item["s"], item["gpu_h"])
    return f"{how_much} {what} ({cause})" if what and item["fault"] != HUMAN_HOLD else f"{how_much} {cause}"


def summary(run: dict, most: int = 3) -> str | None:
    """``goodput 82%: 11.2 of 13.6 GPU-h productive; lost: 1.3 GPU-h cuda_oom (redone), 24m held``; None
    before any attempt."""
    gpu = run.get("gpu_hours")
    ratio = gpu["ratio"] if gpu and gpu["ratio"] is not None else run["ratio"]
    if ratio is None:
        return None
    if gpu and gpu["wall"]:
        made = f"{gpu['productive']:.1f} of {gpu['wall']:.1f} GPU-h productive"
    else:
        made = f"{format_duration(run['productive_s'])} of {format_duration(run['machine_s'])} productive"
    line = f"goodput {ratio:.0%}: {made}"
    losses = [i for i in run["lost_detail"] if i["s"] >= 0.05][:most]
    if losses:
        line += "; lost: " + ", ".join(loss_words(i) for i in losses)
    if run.get("not_measured"):
        line += f" (no progress signal: attempt time only for {len(run['not_measured'])} stage(s))"
    return line
