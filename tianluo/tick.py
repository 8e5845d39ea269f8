"""One self-contained tick: lock, load state.json, observe, decide, act, save.

Everything a tick knows comes from state.json. Submit is record: the intent (with its
deterministic job name) is on disk before a launch, the handle right after it.
"""

import signal
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from tianluo import triggers
from tianluo.backends import Backend, get_backend
from tianluo.backends.base import SubmitRejected
from tianluo.decide import decide
from tianluo.errors import TianluoError
from tianluo.jobs import job_spec
from tianluo.model import RunState
from tianluo.notify import copy_output, notify, write_analysis
from tianluo.observations import Cancel, CopyOutput, Notify, Submit, WriteAnalysis
from tianluo.observe import observe, start_cursors
from tianluo.states import TERMINAL_PHASES, Phase
from tianluo.store import LockBusy, RunStore
from tianluo.timefmt import iso


@dataclass
class TickResult:
    ran: bool
    message: str
    phase: Phase | None = None
    events: list[dict] = field(default_factory=list)


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


AGAIN = ".tick-again"  # an event tick found the lock taken: the running tick goes once more
MAX_AGAIN = 3


def run_tick(run_dir: Path, now: datetime | None = None, backend: Backend | None = None,
             event: bool = False) -> TickResult:
    """Run one tick on ``run_dir``; a second concurrent tick returns at once with ran=False.

    An event tick (a job just exited) that finds the lock taken is not lost: it leaves a
    marker, and whichever tick holds the lock runs once more after it lets go.

    Raises:
        StateError: state.json is missing or invalid (nothing is written then).
    """
    store = RunStore(Path(run_dir))
    again = store.run_dir / AGAIN
    result = None
    for _ in range(1 + MAX_AGAIN):
        try:
            with store.lock():
                again.unlink(missing_ok=True)
                ticked = _tick_locked(store, now, backend)
        except LockBusy:
            if event and result is None:
                again.touch()
                event = False
                continue  # the holder may have let go before it could see the marker: try once more
            break
        if result is None:
            result = ticked
        else:
            result.events += ticked.events
            result.phase, result.message = ticked.phase, ticked.message
        now = None  # a tick that runs again looks at the clock again
        if not again.exists():
            break
    return result or TickResult(False, f"{run_dir}: another tick holds the lock; this one exits")


def _tick_locked(store: RunStore, now: datetime | None, backend: Backend | None) -> TickResult:
    state = store.load()
    if state.phase in TERMINAL_PHASES:
        events = remove_trigger_if_over(store, state, now or utcnow())
        return TickResult(False, f"run {state.run_id} is {state.phase.value}; nothing to do", state.phase, events)
    backend = backend or get_backend(state.plan.backend, store.run_dir, state.plan.slurm)
    observations = observe(state, store.run_dir, backend)
    now = now or utcnow()
    decision = decide(state, observations, now)
    new = decision.state
    store.save(new, snapshot=_changed(state, new))
    store.append_events(decision.events)
    events = decision.events + _act(store, new, decision.actions, backend, now)
    events += remove_trigger_if_over(store, new, now)
    return TickResult(True, f"run {new.run_id}: {new.phase.value}", new.phase, events)


def remove_trigger_if_over(store: RunStore, state: RunState, now: datetime) -> list[dict]:
    """A finished run removes its own trigger, so nothing loops forever; an event records it."""
    trigger = state.trigger
    if state.phase not in TERMINAL_PHASES or trigger is None or trigger.removed_at is not None:
        return []
    ts = iso(now)
    try:
        removed = triggers.uninstall(trigger.kind, store.run_dir, state.run_id, **trigger.options)
    except TianluoError as exc:  # leave the record as is: the next tick (or `tianluo uninstall`) tries again
        ev = {"ts": ts, "event": "trigger_remove_failed", "message": f"could not remove the {trigger.kind} trigger: {exc}"}
        store.append_events([ev])
        return [ev]
    trigger.removed_at = now
    store.save(state)
    what = "removed" if removed else "had nothing to remove"
    ev = {"ts": ts, "event": "trigger_removed", "kind": trigger.kind,
          "message": f"run is {state.phase.value}: its {trigger.kind} trigger {what}"}
    store.append_events([ev])
    return [ev]


def _act(store: RunStore, state: RunState, actions: list, backend: Backend, now: datetime) -> list[dict]:
    """Carry out the decision's actions; record each launch in state.json at once."""
    events: list[dict] = []

    def log(ev: dict) -> None:
        events.append(ev)
        store.append_events([ev])

    ts = iso(now)
    for action in actions:
        if isinstance(action, WriteAnalysis):
            path = write_analysis(store.run_dir, state, action.entity, now)
            log({"ts": ts, "event": "analysis_written", "entity": action.entity, "path": str(path),
                 "message": f"failure analysis written to {path}"})
            continue
        if isinstance(action, CopyOutput):
            log(copy_output(state, action, ts))
            continue
        if isinstance(action, Notify):
            log(notify(state, store.run_dir, action, ts))
            if action.key == "run":
                state.blocked_notified = True
            elif action.key == "scheduler":
                state.scheduler_notified = True
            else:
                state.stage(action.key).hold.notified = True
            store.save(state)
            continue
        entity, stage_name = action.stage_id.rsplit(".", 1)
        stage = state.stage(action.stage_id)
        attempt = next(a for a in stage.attempts if a.n == action.attempt)
        job = job_spec(state, store.run_dir, action.stage_id, attempt)
        base = {"ts": ts, "entity": entity, "stage": stage_name, "attempt": attempt.n}
        if isinstance(action, Cancel):
            sig = signal.SIGKILL if action.signal == "KILL" else signal.SIGTERM
            try:
                pids = backend.cancel(job, attempt.handle, sig)
            except OSError as exc:  # the scheduler did not answer: the next tick cancels again
                log({**base, "event": "cancel_failed", "signal": action.signal,
                     "message": f"attempt {attempt.n}: could not send {action.signal}: {exc}; the next tick tries again"})
                continue
            log({**base, "event": "cancelled", "pids": pids, "signal": action.signal,
                 "message": f"attempt {attempt.n}: sent {action.signal} to {pids or 'no live process'} "
                            f"({action.reason})"})
        elif isinstance(action, Submit):
            planned = state.plan.entities[entity].stages[stage_name]
            attempt.log_cursors = start_cursors(planned, state.plan.workdir)
            try:
                handle = backend.submit(job)
            except SubmitRejected as exc:  # the job itself is wrong: the next tick judges it as a failure
                attempt.launch_error = str(exc)
                store.save(state)
                log({**base, "event": "launch_failed", "refused": True,
                     "message": f"attempt {attempt.n} was refused by the scheduler: {exc}"})
                continue
            except OSError as exc:
                log({**base, "event": "launch_failed",
                     "message": f"attempt {attempt.n} could not be launched: {exc}; the next tick tries again"})
                continue
            attempt.handle = handle
            attempt.submitted_at = now
            store.save(state)
            log({**base, "event": "submitted", "pid": handle.pid, "job_id": handle.job_id,
                 "job_name": attempt.job_name, "message": f"attempt {attempt.n} launched as {handle.describe()}"})
    return events


def _changed(old: RunState, new: RunState) -> bool:
    """Whether anything but the tick bookkeeping changed (worth a snapshot)."""
    skip = {"tick_count", "last_tick_at", "revision"}
    return old.model_dump(exclude=skip) != new.model_dump(exclude=skip)
