"""The one event type: every kind of event tianluo writes to events.jsonl, and its fields.

An event is a plain dict (one JSON line of events.jsonl): the common keys ``ts``, ``event``
(its kind), ``entity``, ``stage``, ``message`` (and ``seq``, stamped by the store, and
``attempt``), then the fields its kind carries (``FIELDS``). Every module builds its
events with ``event``; a field not in its kind's row is a bug (ValueError, caught by the
tests). ``validate`` checks a line read back. Every kind has its row in
reference/run-folder.md's events table (a test checks that too).

Adding a kind: a member of ``Kind``, its row in ``FIELDS``, its row in the documentation.
"""

from enum import Enum


class Kind(str, Enum):
    # the run
    RUN_CREATED = "run_created"
    RUN_RESUMED = "run_resumed"
    RUN_STOPPED = "run_stopped"
    RUN_ENDING = "run_ending"
    RUN_ENDED = "run_ended"
    RUN_BLOCKED = "run_blocked"
    RUN_UNBLOCKED = "run_unblocked"
    REPLANNED = "replanned"
    GATE_MET = "gate_met"
    GATE_UNMET = "gate_unmet"
    CHECKPOINT_REACHED = "checkpoint_reached"
    DEADLINE_PASSED = "deadline_passed"
    LEFT_RUNNING = "left_running"
    SCHEDULER_UNREACHABLE = "scheduler_unreachable"
    SCHEDULER_BACK = "scheduler_back"
    TICKS_OVERDUE = "ticks_overdue"
    TICK_OVER_BUDGET = "tick_over_budget"
    LOCK_STALLED = "lock_stalled"
    TRIGGER_INSTALLED = "trigger_installed"
    TRIGGER_REMOVED = "trigger_removed"
    TRIGGER_REMOVE_FAILED = "trigger_remove_failed"
    # a stage's moves (stage_machine.MOVES)
    SUBMIT_INTENT = "submit_intent"
    BLOCKED = "blocked"
    UNBLOCKED = "unblocked"
    SKIPPED = "skipped"
    HELD = "held"
    RELEASED = "released"
    RUNNING = "running"
    REQUEUED = "requeued"
    SUCCEEDED = "succeeded"
    RETRY_SCHEDULED = "retry_scheduled"
    DEGRADED = "degraded"
    WAITING_FOR_SPACE = "waiting_for_space"
    AGENT_ASKED = "agent_asked"
    END_CANCELLED = "end_cancelled"
    # an attempt
    SUBMITTED = "submitted"
    LAUNCH_FAILED = "launch_failed"
    RELAUNCH = "relaunch"
    ADOPTED = "adopted"
    FAILED = "failed"
    HUNG = "hung"
    DIAGNOSED = "diagnosed"
    LOG_SKIPPED = "log_skipped"
    CANCELLED = "cancelled"
    CANCEL_FAILED = "cancel_failed"
    CANCEL_KILL = "cancel_kill"
    LEFTOVER_GIVEN_UP = "leftover_given_up"
    JOB_UNKNOWN = "job_unknown"
    JOB_KNOWN_AGAIN = "job_known_again"
    QUEUED_LONG = "queued_long"
    TIME_LIMIT = "time_limit"
    RUNNING_LONG = "running_long"
    QUEUE_HOLD = "queue_hold"
    QUEUE_RELEASE = "queue_release"
    SPACE_BACK = "space_back"
    CHECKPOINT_MOVED_ASIDE = "checkpoint_moved_aside"
    CHECKPOINT_NOT_MOVED = "checkpoint_not_moved"
    ANALYSIS_WRITTEN = "analysis_written"
    OUTPUT_COPIED = "output_copied"
    OUTPUT_KEPT = "output_kept"
    OUTPUT_COPY_FAILED = "output_copy_failed"
    # the GPU host
    GPU_OUT = "gpu_out"
    GPU_RESTORED = "gpu_restored"
    GPU_FAULT = "gpu_fault"
    GPU_XID = "gpu_xid"
    GPU_UNANSWERED = "gpu_unanswered"
    GPU_ANSWERS = "gpu_answers"
    WAITING_FOR_GPUS = "waiting_for_gpus"
    # the agent rung
    AGENT_ANSWERED = "agent_answered"
    AGENT_DECIDED = "agent_decided"
    # telling the owner
    NOTIFIED = "notified"
    NOTIFY_FAILED = "notify_failed"
    NOTIFY_GAVE_UP = "notify_gave_up"

    def __str__(self) -> str:
        return self.value


#: the keys every event may carry (``seq`` is stamped by the store when it is written).
COMMON = ("ts", "seq", "event", "message", "entity", "stage", "attempt")

_f = frozenset
_NOTICE = ("key", "kind", "channel", "tries", "error")

#: kind -> the fields it may carry beyond ``COMMON``.
FIELDS: dict[Kind, frozenset[str]] = {
    Kind.RUN_CREATED: _f({"spec_sha256"}),
    Kind.RUN_RESUMED: _f({"checkpoint"}),
    Kind.RUN_STOPPED: _f(),
    Kind.RUN_ENDING: _f({"outcome", "on_end", "stages"}),
    Kind.RUN_ENDED: _f({"outcome", "on_end"}),
    Kind.RUN_BLOCKED: _f(),
    Kind.RUN_UNBLOCKED: _f(),
    Kind.REPLANNED: _f({"changes", "again"}),
    Kind.GATE_MET: _f({"mode"}),
    Kind.GATE_UNMET: _f({"mode"}),
    Kind.CHECKPOINT_REACHED: _f({"stages"}),
    Kind.DEADLINE_PASSED: _f(),
    Kind.LEFT_RUNNING: _f({"stages"}),
    Kind.SCHEDULER_UNREACHABLE: _f(),
    Kind.SCHEDULER_BACK: _f({"silent_s"}),
    Kind.TICKS_OVERDUE: _f({"gap_s", "since"}),
    Kind.TICK_OVER_BUDGET: _f({"budget_s", "not_looked_at"}),
    Kind.LOCK_STALLED: _f({"holder", "results"}),
    Kind.TRIGGER_INSTALLED: _f({"kind"}),
    Kind.TRIGGER_REMOVED: _f({"kind"}),
    Kind.TRIGGER_REMOVE_FAILED: _f(),
    Kind.SUBMIT_INTENT: _f({"job_name"}),
    Kind.BLOCKED: _f({"skipped"}),  # skipped: the needs skipped after a failure that block it
    Kind.UNBLOCKED: _f({"by", "reason", "needs", "missing"}),  # tianluo unblock: why, what is missing
    Kind.SKIPPED: _f({"by", "call"}),
    Kind.HELD: _f({"by"}),
    Kind.RELEASED: _f({"action", "budget_reset"}),
    Kind.RUNNING: _f({"resumed"}),
    Kind.REQUEUED: _f(),
    Kind.SUCCEEDED: _f({"lost"}),
    Kind.RETRY_SCHEDULED: _f({"wait_s", "free", "agent", "advice"}),
    Kind.DEGRADED: _f({"action", "changes"}),
    Kind.WAITING_FOR_SPACE: _f({"paths", "facts"}),
    Kind.AGENT_ASKED: _f({"call", "allowed", "options", "fallback"}),
    Kind.END_CANCELLED: _f(),
    Kind.SUBMITTED: _f({"pid", "job_id", "job_name"}),
    Kind.LAUNCH_FAILED: _f({"refused"}),
    Kind.RELAUNCH: _f(),
    Kind.ADOPTED: _f({"pid", "job_id"}),
    Kind.FAILED: _f({"fault"}),
    Kind.HUNG: _f({"fault"}),
    Kind.TIME_LIMIT: _f({"fault", "limit_s", "ran_s"}),
    Kind.RUNNING_LONG: _f({"ran_s", "expected_s", "times"}),
    Kind.DIAGNOSED: _f({"verdict", "layers"}),
    Kind.LOG_SKIPPED: _f({"file", "read", "skipped"}),
    Kind.CANCELLED: _f({"pids", "signal"}),
    Kind.CANCEL_FAILED: _f({"signal"}),
    Kind.CANCEL_KILL: _f(),
    Kind.LEFTOVER_GIVEN_UP: _f(),
    Kind.JOB_UNKNOWN: _f({"scheduler_state"}),
    Kind.JOB_KNOWN_AGAIN: _f({"unknown_s"}),
    Kind.QUEUED_LONG: _f({"waited_s", "reason"}),
    Kind.QUEUE_HOLD: _f(),
    Kind.QUEUE_RELEASE: _f(),
    Kind.SPACE_BACK: _f({"paths"}),
    Kind.CHECKPOINT_MOVED_ASIDE: _f({"path", "aside", "resume_from"}),
    Kind.CHECKPOINT_NOT_MOVED: _f({"path", "outcome"}),
    Kind.ANALYSIS_WRITTEN: _f({"path"}),
    Kind.OUTPUT_COPIED: _f({"source", "target"}),
    Kind.OUTPUT_KEPT: _f({"source", "target"}),
    Kind.OUTPUT_COPY_FAILED: _f({"source", "target"}),
    Kind.GPU_OUT: _f({"gpu", "uuid", "reason"}),
    Kind.GPU_RESTORED: _f({"gpu", "uuid"}),
    Kind.GPU_FAULT: _f({"gpus", "fault"}),
    Kind.GPU_XID: _f({"gpu", "xid"}),
    Kind.GPU_UNANSWERED: _f({"error"}),
    Kind.GPU_ANSWERS: _f({"silent_s"}),
    Kind.WAITING_FOR_GPUS: _f({"gpus", "reason"}),
    Kind.AGENT_ANSWERED: _f({"call", "exit_code", "timed_out", "action", "degrade", "reason", "error", "class",
                             "after_s"}),
    Kind.AGENT_DECIDED: _f({"call", "asked", "applied", "refused", "fallback", "label", "corrected", "after_s"}),
    Kind.NOTIFIED: _f({"key", "kind", "results", "channel", "result"}),
    Kind.NOTIFY_FAILED: _f({*_NOTICE, "next_try_at"}),
    Kind.NOTIFY_GAVE_UP: _f(_NOTICE),
}


def event(kind: Kind | str, ts: str, message: str, /, *, entity: str | None = None, stage: str | None = None,
          **fields) -> dict:
    """One event, as written to events.jsonl: ts, event, entity, stage, message, then ``fields``.

    ``entity`` and ``stage`` are left out when None; the fields are kept as given (None too).

    Raises:
        ValueError: ``kind`` is not a ``Kind``, or a field is not in its row of ``FIELDS`` (a bug).
    """
    k = Kind(kind)
    unknown = set(fields) - FIELDS[k] - {"attempt"}
    if unknown:
        raise ValueError(f"a {k.value!r} event has no field(s) {sorted(unknown)} (tianluo.core.events.FIELDS)")
    ev: dict = {"ts": ts, "event": k.value}
    if entity is not None:
        ev["entity"] = entity
    if stage is not None:
        ev["stage"] = stage
    ev["message"] = message
    ev.update(fields)
    return ev


_TYPES = {"ts": str, "message": str, "entity": str, "stage": str}


def validate(doc: object) -> str | None:
    """What is wrong with one event read back (a line of events.jsonl), or None if nothing is."""
    if not isinstance(doc, dict):
        return f"an event is a JSON object, not {type(doc).__name__}"
    kind = doc.get("event")
    try:
        k = Kind(kind)
    except ValueError:
        return f"unknown event kind {kind!r}"
    for key, typ in _TYPES.items():
        if key in doc and not (isinstance(doc[key], typ) or (key in ("entity", "stage") and doc[key] is None)):
            return f"{k.value}: {key} is {type(doc[key]).__name__}, not {typ.__name__}"
    if "ts" not in doc or "message" not in doc:
        return f"{k.value}: ts or message is missing"
    for key in ("seq", "attempt"):
        v = doc.get(key)
        if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
            return f"{k.value}: {key} is {type(v).__name__}, not int"
    unknown = set(doc) - set(COMMON) - FIELDS[k]
    if unknown:
        return f"{k.value}: unknown field(s) {sorted(unknown)}"
    return None
