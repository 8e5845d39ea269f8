"""One self-contained tick: lock, load state.json, observe, decide, act, save.

Everything a tick knows comes from state.json. Submit is record: the intent (with its
deterministic job name) is on disk before a launch, the handle right after it. Every event
is saved with the state change it belongs to (``RunStore.save(events=...)``), so a kill at
any point loses none. A tick observes within a wall-clock budget (``tianluo.shell.budget``): past
it, it keeps what it saw, saves and exits, and the stages it did not look at wait for the
next tick.
"""

import json
import os
import signal
import stat
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from tianluo import triggers
from tianluo.backends import Backend
from tianluo.backends.base import SchedulerUnreachable, SubmitRejected
from tianluo.backends.registry import open_backend
from tianluo.core import cancels
from tianluo.core.actions import (
    Cancel,
    ConsultAgent,
    CopyOutput,
    MoveAside,
    Notify,
    SendNotices,
    Submit,
    WriteAgentDecision,
    WriteAnalysis,
)
from tianluo.core.decide import decide
from tianluo.core.degrade import failed_move as failed_move_now
from tianluo.core.events import Kind, validate
from tianluo.core.events import event as new_event
from tianluo.core.holds import analysis_path
from tianluo.core.jobspec import job_spec
from tianluo.core.observations import Observations
from tianluo.durations import format_duration
from tianluo.errors import TianluoError
from tianluo.messages import agent_call
from tianluo.messages.notify import copy_output, due, notify, send_due, write_analysis
from tianluo.models.model import RunState
from tianluo.models.states import ACTIVE, TERMINAL_PHASES, Phase
from tianluo.plaintext import one_line
from tianluo.redact import Redactor
from tianluo.shell import checkpoints, fsio, lockholder, proctable, quiet_tick, space
from tianluo.shell.budget import Budget, OverBudget, default_budget, hard_limit
from tianluo.shell.gcpause import paused_gc
from tianluo.shell.observe import observe, start_cursors
from tianluo.shell.store import LockBusy, RunStore
from tianluo.timefmt import iso, utcnow
from tianluo.views import completion, lessons


@dataclass
class TickResult:
    ran: bool
    message: str
    phase: Phase | None = None
    events: list[dict] = field(default_factory=list)
    warning: str = ""  # something the owner must hear even from a quiet tick (a stalled lock)
    heartbeat: str = ""  # what the heartbeat ping after the tick got (names no secret); '' without one


AGAIN = ".tick-again"  # an event tick found the lock taken, or a decision asked: the running tick goes once more
MAX_AGAIN = 3


def tick_budget(state: RunState) -> float:
    """Seconds a tick of this run may spend observing: half its interval, at most 5 minutes."""
    trigger = state.trigger
    every = trigger.every if trigger is not None and trigger.removed_at is None and trigger.every else None
    return default_budget(every or state.plan.interval)


def run_tick(run_dir: Path, now: datetime | None = None, backend: Backend | None = None,
             event: bool = False, budget: float | None = None) -> TickResult:
    """Run one tick on ``run_dir``; a second concurrent tick returns at once with ran=False.

    An event tick (a job just exited) that finds the lock taken is not lost: it leaves a
    marker, and whichever tick holds the lock runs once more after it lets go. A tick that
    finds the lock held past its holder's budget (a stopped or hung tick) says so in
    ``warning`` and tells the owner once.

    After the lock is let go, a tick that ran pings the plan's ``heartbeat`` (``<url>/fail``
    when it raised), bounded by the heartbeat's timeout (``tianluo.messages.heartbeat``); a tick that
    found the lock taken pings nothing.

    Args:
        budget: Seconds this tick may spend observing (default: :func:`tick_budget`).

    Raises:
        StateError: state.json is missing or invalid (nothing is written then).
        DiskFull: no room on the run folder's file system (nothing is half-written).
    """
    from tianluo.messages import heartbeat

    seen: list = []  # the plan's heartbeat, as soon as a pass has read state.json
    try:
        result = _run_tick(Path(run_dir), now, backend, event, budget, seen)
    except Exception:
        beat = seen[0] if seen else heartbeat.of_run(Path(run_dir))
        if beat is not None:
            heartbeat.ping(beat, ok=False)  # the lock is let go by now
        raise
    if seen and seen[0] is not None:  # a pass read state.json under the lock: it ran (a finished run's too)
        result.heartbeat = heartbeat.ping(seen[0], ok=True)
    return result


def _run_tick(run_dir: Path, now: datetime | None, backend: Backend | None, event: bool, budget: float | None,
              seen: list) -> TickResult:
    store = RunStore(run_dir)
    again = store.run_dir / AGAIN
    result = None
    for _ in range(1 + MAX_AGAIN):
        try:
            with store.lock(budget=budget) as lock_fd:
                again.unlink(missing_ok=True)
                with paused_gc():  # on again after: the daemon ticks many times in one process
                    ticked = _tick_locked(store, lock_fd, now, backend, budget, seen)
        except LockBusy:
            if event and result is None:
                os.close(fsio.open_file(again, os.O_WRONLY | os.O_CREAT))  # never through a planted link
                event = False
                continue  # the holder may have let go before it could see the marker: try once more
            break
        except OSError as exc:
            if space.is_full(exc):
                raise space.disk_full(store.run_dir, "the tick (its state, events and attempt folders)") from None
            raise
        if result is None:
            result = ticked
        else:
            result.events += ticked.events
            result.phase, result.message = ticked.phase, ticked.message
        now = None  # a tick that runs again looks at the clock again
        if not again.exists():
            break
    return result or _busy(store)


def _tick_locked(store: RunStore, lock_fd: int, now: datetime | None, backend: Backend | None,
                 budget_s: float | None, seen: list | None = None) -> TickResult:
    state = store.load()
    if seen is not None and not seen:
        seen.append(state.plan.heartbeat)
    budget = Budget(budget_s if budget_s is not None else tick_budget(state))
    lockholder.record(lock_fd, "tick", budget.seconds)  # now with this tick's own budget
    stalled = _stall_events(store, state)
    if state.phase in TERMINAL_PHASES:
        store.flush_outbox(state)  # the last save's events, if a kill came before they were appended
        if stalled:
            store.save(state, snapshot=False, events=stalled)
        _forget_stall(store)
        events = stalled + _notices_left(store, state, now or utcnow())
        leftovers = cancels.pending(state)
        if leftovers:  # what is left of an attempt whose KILL failed: sent again (cancels.orphans)
            state, sent = _after_end(store, state, backend, now or utcnow())
            events += sent
        if not waiting_notices(state):  # kept while a notification waits to be tried again
            events += remove_trigger_if_over(store, state, now or utcnow())
        if not os.path.lexists(store.run_dir / lessons.LESSONS):  # the ending tick was killed before writing it
            lessons.write(store.run_dir, state)
        if not os.path.lexists(store.run_dir / completion.COMPLETION):  # likewise
            completion.write(store.run_dir, state)
        _refresh_report(store, changed=bool(events))  # or when report.html is missing
        if leftovers:
            return TickResult(True, f"run {state.run_id} is {state.phase.value}; the KILL of what is left of an "
                              "attempt is sent again", state.phase, store.redactor(state).deep(events))
        return TickResult(False, f"run {state.run_id} is {state.phase.value}; nothing to do", state.phase,
                          store.redactor(state).deep(events))
    opened = backend is None
    backend = backend or open_backend(state.plan.backend, store.run_dir)
    if state.agent_calls:
        agent_call.kill_abandoned(store.run_dir, state)  # a call a stopped tick left running: its fallback is taken now
    observations = _observe(state, store.run_dir, backend, budget, store.redactor(state))
    now = now or utcnow()
    decision = decide(state, observations, now)
    new = decision.state
    events = stalled + _over_budget(state, observations, budget, now) + decision.events
    _check_action_paths(store, new, decision.actions)  # a folder the actions need, refused after the save: half a tick
    # The one snapshot of a tick is of its last save: here, unless there are actions (which save again).
    snapshot = not decision.actions and _changed(state, new)
    # The decided state shares the plan and every stage it did not change with the one read from
    # disk (decide never changes its input): its saves read back only the rest (RunStore.save).
    store.save(new, snapshot=snapshot, events=events, unchanged_from=state)
    _forget_stall(store)
    events += _act(store, new, decision.actions, backend, now, unchanged_from=state)
    if decision.again:  # a branch whose needs just finished: its condition is looked at in this run_tick
        os.close(fsio.open_file(store.run_dir / AGAIN, os.O_WRONLY | os.O_CREAT))
    events += _consult(store, lock_fd, new, decision.actions, budget, now, unchanged_from=state)
    if not waiting_notices(new):  # a finished run keeps its trigger while a notification waits to be retried
        events += remove_trigger_if_over(store, new, now)
    if new.phase in TERMINAL_PHASES and state.phase not in TERMINAL_PHASES:
        lessons.write(store.run_dir, new)  # the run's memory, from the state saved above (rewritten whole if again)
        completion.write(store.run_dir, new)  # the outcome report for the owner, likewise
    # report.html, from the state saved above: when this tick changed it (or the file is missing); never fails the tick
    _refresh_report(store, changed=bool(decision.actions or events or snapshot))
    _certify(store, state, decision, events, now, opened)
    return TickResult(True, f"run {new.run_id}: {new.phase.value}", new.phase, store.redactor(new).deep(events))


def _after_end(store: RunStore, state: RunState, backend: Backend | None,
               now: datetime) -> tuple[RunState, list[dict]]:
    """A finished run whose attempts left something their KILL did not end: the decision sends it again
    (``cancels.orphans``: nothing is observed, the KILL's answer is the finding), or gives up and tells the
    owner; saved, then carried out as any tick's actions. The new state, and the events."""
    backend = backend or open_backend(state.plan.backend, store.run_dir)
    decision = decide(state, Observations(), now)
    new = decision.state
    store.save(new, snapshot=not decision.actions, events=decision.events, unchanged_from=state)
    events = decision.events + _act(store, new, decision.actions, backend, now, unchanged_from=state)
    return new, events


def _certify(store: RunStore, state: RunState, decision, events: list[dict], now: datetime, opened: bool) -> None:
    """A tick with nothing to do leaves the certificate the next tick checks to skip the models
    (``tianluo.core.quiet``); any other removes it. Only for a backend whose attempts ``quiet_tick`` can check
    as its poll does (``Capabilities.quiet_checks``: the local backend), opened from the plan."""
    cert = None
    saved = store.saved()
    if opened and state.plan.backend.capabilities().quiet_checks and not events and not decision.actions \
            and saved is not None and saved[0] == decision.state.revision:
        from tianluo.core.quiet import certificate

        cert = certificate(state, decision, now)
    try:
        if cert is None or saved is None:
            quiet_tick.forget(store.run_dir)
        else:
            quiet_tick.write(store.run_dir, cert, saved[0], saved[1])
    except OSError:
        quiet_tick.forget(store.run_dir)  # no certificate: the next tick is a full one


def _refresh_report(store: RunStore, changed: bool) -> None:
    """report.html from the saved state.json (``tianluo.views.report.refresh``): best effort, never through a link."""
    from tianluo.views import report

    report.refresh(store.run_dir, changed)


def _consult(store: RunStore, lock_fd: int, state: RunState, actions: list, budget: Budget,
             now: datetime, unchanged_from: RunState | None = None) -> list[dict]:
    """Ask the agent about the consults the decision saved (all at once, after the launches), save the
    replies, and have this tick run once more at once (AGAIN): the next decision settles them.

    The consults are on disk before the call (a tick killed during it never calls again: the next
    decision takes the fallback). The lock's recorded budget covers the agent's timeout, so a tick
    waiting on its agent is not reported as stalled.
    """
    calls = [a for a in actions if isinstance(a, ConsultAgent)]
    if not calls:
        return []
    timeout, capped_by = _agent_time(state)
    wait = timeout + 2 * agent_call.KILL_GRACE + agent_call.EXIT_GRACE
    spent = budget.seconds if budget.seconds is not None else lockholder.DEFAULT_BUDGET_S
    lockholder.record(lock_fd, "tick asking its agent", spent + wait)  # `hold` etc. waiting on the lock say so
    events = agent_call.consult_all(store.run_dir, state, calls, now, timeout, capped_by)
    # The replies go into stages the decision copied (it moved them to consulting): the rest is still
    # what was read from disk, and is not read back again.
    store.save(state, snapshot=False, events=events, unchanged_from=unchanged_from)
    os.close(fsio.open_file(store.run_dir / AGAIN, os.O_WRONLY | os.O_CREAT))  # settle now, in this run_tick
    return events


#: Seconds kept free before a trigger's hard limit after the agent's answer: the kill grace, the
#: save of the replies and the pass that settles them.
SETTLE_MARGIN_S = 20.0


def _agent_time(state: RunState) -> tuple[float, str]:
    """How long the agent may take in this tick: ``agent.timeout``, but under a cron or systemd trigger
    no longer than what is left of the tick's hard limit (past it the tick itself is killed, and with it
    the call: the answer would be lost). Returns ``(seconds, why it is less than the timeout)``."""
    timeout = state.plan.agent.timeout if state.plan.agent else 0.0
    trigger = state.trigger
    if trigger is None or trigger.removed_at is not None or trigger.kind not in ("cron", "systemd"):
        return timeout, ""
    started = proctable.create_time(os.getpid())  # `timeout` counts from this process's start
    ran = max(0.0, time.time() - started) if started else 0.0
    left = hard_limit(trigger.every or state.plan.interval) - ran - SETTLE_MARGIN_S
    if left >= timeout:
        return timeout, ""
    return max(0.0, left), (f"capped by the {trigger.kind} trigger's time limit of "
                            f"{format_duration(hard_limit(trigger.every or state.plan.interval))} a tick")


#: What an observation names rather than says: never redacted (a job id, a path, a cursor, a GPU).
_IDENTITIES = frozenset({"cursor", "file", "rules", "job_id", "found", "path", "target", "kind", "gpus",
                         "checkpoints", "space", "started_at", "ended_at"})


def _observe(state: RunState, run_dir: Path, backend: Backend, budget: Budget, red: Redactor) -> Observations:
    """Observe within the budget; past it, what was seen so far (``partial``). What the world said (log
    lines, the scheduler's words, conditions' details) is redacted before any decision sees it."""
    seen: dict = {}
    try:
        with budget.interrupting():
            observed = observe(state, run_dir, backend, budget, into=seen)
    except OverBudget:
        observed = Observations(stages=dict(seen), partial=True)
    return red.values(observed, _IDENTITIES)


def _over_budget(state: RunState, obs: Observations, budget: Budget, now: datetime) -> list[dict]:
    if not obs.partial:
        return []
    skipped = [sid for sid in state.stage_ids() if state.stage(sid).status in ACTIVE and sid not in obs.stages]
    return [new_event(Kind.TICK_OVER_BUDGET, iso(now),
                      f"the tick's budget of {format_duration(round(budget.seconds or 0))} ran out while "
                      f"observing: {len(skipped)} running stage(s) not looked at and the gate not checked; "
                      "the next tick looks again", budget_s=budget.seconds, not_looked_at=skipped)]


# --- a lock held too long ------------------------------------------------------------------------

STALLED = lockholder.STALLED_MARK


def _busy(store: RunStore) -> TickResult:
    """The lock is taken. Normal, unless its holder is past its budget: then say so, and tell the owner once."""
    message = f"{store.run_dir}: another tick holds the lock; this one exits"
    holder = store.lock_holder()
    now = utcnow()
    if holder is None or not holder.stalled(now):
        return TickResult(False, message)
    warning = f"{store.run_dir}: {lockholder.stall_report(holder, now)}"
    _tell_once(store, holder, warning, now)
    return TickResult(False, warning, warning=warning)


def _tell_once(store: RunStore, holder: lockholder.Holder, warning: str, now: datetime) -> None:
    """Run the spec's notify commands for this stall, once: a marker file names the stall told of.

    The marker also carries the event, which the next tick that gets the lock records.
    """
    marker = store.run_dir / STALLED
    told = fsio.read_json(marker)
    if isinstance(told, dict) and told.get("key") == holder.key():
        return
    told_of: dict = {}
    try:
        state = store.load()
    except TianluoError:
        state = None
    if state is not None and state.plan.notify:
        told_ev = notify(state, store.run_dir, Notify(
            key="lock", title=f"tianluo: run {state.plan.name} is stalled",
            body=f"{state.run_id}: {warning}"), iso(now))
        told_of["results"] = told_ev.get("results", [])
    ev = new_event(Kind.LOCK_STALLED, iso(now), warning, holder=holder.key(), **told_of)
    try:
        fsio.atomic_write(marker, json.dumps({"key": holder.key(), "event": ev}, sort_keys=True) + "\n")
    except OSError:
        pass  # a full disk: the owner may hear of it again, which beats not at all


def _stall_events(store: RunStore, state: RunState) -> list[dict]:
    """The event of a stall the owner was told of while the lock was taken (once: not if already saved)."""
    told = fsio.read_json(store.run_dir / STALLED)
    if not isinstance(told, dict) or not isinstance(told.get("event"), dict):
        return []
    ev = {k: v for k, v in told["event"].items() if k != "seq"}
    if ev.get("event") != Kind.LOCK_STALLED or validate(ev) is not None:
        return []  # not what a tick writes there (a planted file): nothing of it goes into events.jsonl
    if any(e.get("event") == "lock_stalled" and e.get("holder") == ev.get("holder") for e in state.outbox):
        return []  # saved by a tick killed before it removed the marker
    return [ev]


def _forget_stall(store: RunStore) -> None:
    try:
        (store.run_dir / STALLED).unlink(missing_ok=True)
    except OSError:
        pass


# --- the run's end and the decision's actions ------------------------------------------------------


def remove_trigger_if_over(store: RunStore, state: RunState, now: datetime) -> list[dict]:
    """A finished run removes its own trigger, so nothing loops forever; an event records it."""
    trigger = state.trigger
    if state.phase not in TERMINAL_PHASES or trigger is None or trigger.removed_at is not None:
        return []
    if cancels.pending(state):
        return []  # kept: its ticks send the KILL of what is left of an attempt again (cancels.orphans)
    ts = iso(now)
    try:
        removed = triggers.uninstall(trigger.kind, store.run_dir, state.run_id, **trigger.options)
    except TianluoError as exc:  # leave the record as is: the next tick (or `tianluo uninstall`) tries again
        ev = new_event(Kind.TRIGGER_REMOVE_FAILED, ts, f"could not remove the {trigger.kind} trigger: {exc}")
        store.save(state, snapshot=False, events=[ev])
        return [ev]
    trigger.removed_at = now
    what = "removed" if removed else "had nothing to remove"
    ev = new_event(Kind.TRIGGER_REMOVED, ts, f"run is {state.phase.value}: its {trigger.kind} trigger {what}",
                   kind=trigger.kind)
    store.save(state, events=[ev])
    return [ev]


def waiting_notices(state: RunState) -> bool:
    """Whether a notification is still to be sent (or tried again): a finished run's trigger stays till then."""
    return any(n.sent_at is None and n.gave_up_at is None for n in state.notices)


def _notices_left(store: RunStore, state: RunState, now: datetime) -> list[dict]:
    """A finished run's notifications whose send failed (the ending tick's): tried again when due."""
    if not any(due(n, now) for n in state.notices):
        return []
    events: list[dict] = []

    def log(ev: dict, _now: bool = False) -> None:
        events.append(ev)
        store.save(state, snapshot=False, events=[ev])

    send_due(state, store.run_dir, now, log)
    return events


def _check_action_paths(store: RunStore, state: RunState, actions: list) -> None:
    """Before the decision is saved: the folders and files its actions write can be written.

    A planted link or folder at ``attempts/<e>/<s>/<n>`` (or a file in it) or at the failure
    analysis is refused now, with nothing saved, not after the intent is in state.json.

    Raises:
        UnsafePath: one line naming the path and the fix.
    """
    wanted: list[tuple[Path, tuple[str, ...]]] = []
    for action in actions:
        if isinstance(action, Submit):
            stage = state.stage(action.stage_id)
            attempt = next((a for a in stage.attempts if a.n == action.attempt), None)
            if attempt is not None:
                wanted.append((store.run_dir / attempt.dir, ("job.json", "runner.log", "stdout", "stderr")))
        elif isinstance(action, WriteAnalysis):
            path = store.run_dir / analysis_path(action.entity)
            wanted.append((path.parent, (path.name,)))
        elif isinstance(action, (ConsultAgent, WriteAgentDecision)):
            wanted.append((agent_call.call_dir(store.run_dir, action.call),
                           (agent_call.PROMPT, agent_call.ANSWER, agent_call.STDERR, agent_call.DECISION)))
    for folder, names in wanted:
        try:
            fd = fsio.open_dir(folder)  # no link followed at any level below the run folder
        except FileNotFoundError:
            continue  # created when the action runs (never through a link); nothing there to refuse now
        try:
            for name in names:
                try:
                    st = os.stat(name, dir_fd=fd, follow_symlinks=False)
                except FileNotFoundError:
                    continue
                if not stat.S_ISREG(st.st_mode):
                    raise fsio.UnsafePath(fsio.describe(fd, name, str(folder / name)))
                if st.st_nlink > 1:
                    raise fsio.UnsafePath(fsio.hard_linked(folder / name, st.st_nlink))
        finally:
            os.close(fd)


#: While launching, the handles of launched attempts are saved at most this often (and at the end),
#: and never more often than SAVE_SHARE of the time goes to saving (a big state takes a while to
#: save). A launch whose handle is not saved yet is not lost: its intent (with its job name) was
#: saved before any launch, and the next tick finds the job by that name and adopts it.
SAVE_EVERY = 1.0
SAVE_SHARE = 0.2


def _act(store: RunStore, state: RunState, actions: list, backend: Backend, now: datetime,
         unchanged_from: RunState | None = None) -> list[dict]:
    """Carry out the decision's actions; their events are saved with what they changed in state.json.

    Submit is record: every intent was saved before this runs. Launches and cancels are saved
    in batches (at most one save per ``SAVE_EVERY`` seconds, and one at the end, which takes
    the tick's snapshot), so launching N jobs costs O(N), not N saves of the whole state.
    What must be on disk before the next step (a checkpoint's new name before its rename, a
    notification told) is saved at once.
    """
    events: list[dict] = []
    unsaved: list[dict] = []
    last_save = time.monotonic()
    every = SAVE_EVERY
    failed_save = False

    def save(snapshot: bool = False) -> None:
        nonlocal last_save, failed_save, every
        failed_save = True  # a save that raises has stamped its events already: never saved again here
        began = time.monotonic()
        store.save(state, snapshot=snapshot, events=list(unsaved), unchanged_from=unchanged_from)
        failed_save = False
        unsaved.clear()
        last_save = time.monotonic()
        every = max(SAVE_EVERY, (last_save - began) / SAVE_SHARE)

    def log(ev: dict, now_: bool = False) -> None:
        events.append(ev)
        unsaved.append(ev)
        if now_ or time.monotonic() - last_save >= every:
            save()

    def record_move(ev: dict | None) -> None:
        if ev:
            log(ev, now_=True)
        else:
            save()  # the name a checkpoint is about to go to, before the rename

    try:
        _carry_out(store, state, actions, backend, now, log, record_move)
    except BaseException:
        if unsaved and not failed_save:
            try:
                save()  # what was launched before the failure, so the next tick need not adopt it
            except Exception:  # noqa: BLE001 - the first failure is the one to report
                pass
        raise
    if actions:
        if unsaved:
            save(snapshot=True)
        else:
            store.snapshot_saved(state)  # the last save holds every action already: snapshot its text
    return events


def _carry_out(store: RunStore, state: RunState, actions: list, backend: Backend, now: datetime, log,
               record_move) -> None:
    ts = iso(now)
    unmoved: set[str] = set()  # stages whose checkpoint could not be moved aside: not launched now
    kept: set[str] = set()  # stages whose old attempt's KILL failed: nothing of them is launched beside it
    for action in actions:
        if isinstance(action, MoveAside):
            checkpoints.carry_out(state, action.stage_id, now, record_move)
            if failed_move_now(state.stage(action.stage_id)):
                unmoved.add(action.stage_id)
            continue
        if isinstance(action, Submit) and (action.stage_id in unmoved or action.stage_id in kept):
            continue  # the next tick holds the stage (decide: a checkpoint move that failed)
        if isinstance(action, WriteAnalysis):
            path = write_analysis(store.run_dir, state, action.entity, now)
            log(new_event(Kind.ANALYSIS_WRITTEN, ts, f"failure analysis written to {path}", entity=action.entity,
                          path=str(path)))  # rewritten whole if a kill loses this
            continue
        if isinstance(action, CopyOutput):
            log(copy_output(state, action, ts))
            continue
        if isinstance(action, ConsultAgent):
            continue  # after every other action (tick._consult): a slow agent never delays a launch
        if isinstance(action, WriteAgentDecision):
            agent_call.write_decision(store.run_dir, state, action.stage_id, action.call)
            continue
        if isinstance(action, SendNotices):
            # Each notice was saved with the decision; each outcome is saved with its event (notify.send_due).
            send_due(state, store.run_dir, now, log)
            continue
        entity, stage_name = action.stage_id.rsplit(".", 1)
        stage = state.stage(action.stage_id)
        attempt = next(a for a in stage.attempts if a.n == action.attempt)
        job = job_spec(state, store.run_dir, action.stage_id, attempt)
        where = {"entity": entity, "stage": stage_name, "attempt": attempt.n}
        if isinstance(action, Cancel):
            sig = signal.SIGKILL if action.signal == "KILL" else signal.SIGTERM
            try:
                pids = backend.cancel(job, attempt.handle, sig)
            except OSError as exc:
                if attempt.outcome is not None or attempt.ended_at is not None:
                    # what is left of an attempt that is over: its retry is not launched beside it (cancels.py)
                    kept.add(action.stage_id)
                    cancels.failed(attempt, str(exc), now, answered=not isinstance(exc, SchedulerUnreachable))
                    then = cancels.again_words(state, stage)
                else:  # a live attempt: judge sends KILL again after cancel_grace, within cancels.TRIES
                    then = f"KILL follows after cancel_grace ({state.plan.cancel_grace:g}s)"
                    if attempt.cancel is not None:  # the scheduler's last answer, told when tianluo gives up
                        attempt.cancel.error = one_line(store.redactor(state).text(str(exc)), 300)
                log(new_event(Kind.CANCEL_FAILED, ts, f"attempt {attempt.n}: could not send {action.signal}: {exc}; "
                              f"{then}", **where, signal=action.signal))
                continue
            gone = ""
            if attempt.cancel is not None:
                attempt.cancel.error = None
            if attempt.leftover is not None:  # the KILL went through at last: the retry may launch
                gone = cancels.gone(stage, attempt)
            log(new_event(Kind.CANCELLED, ts, f"attempt {attempt.n}: sent {action.signal} to "
                          f"{pids or 'no live process'} ({action.reason}){gone}", **where, pids=pids,
                          signal=action.signal))
        elif isinstance(action, Submit):
            planned = state.plan.entities[entity].stages[stage_name]
            attempt.log_cursors = start_cursors(planned, state.plan.workdir)
            try:
                handle = backend.submit(job)
            except SubmitRejected as exc:  # the job itself is wrong: the next tick judges it as a failure
                attempt.launch_error = store.redactor(state).text(str(exc))  # the scheduler's words
                log(new_event(Kind.LAUNCH_FAILED, ts, f"attempt {attempt.n} was refused by the scheduler: {exc}",
                              **where, refused=True))
                continue
            except OSError as exc:
                if space.is_full(exc):  # recorded as an intent: the next tick with room launches it
                    raise space.disk_full(job.attempt_dir,
                                          f"launching attempt {attempt.n} of {action.stage_id}") from None
                log(new_event(Kind.LAUNCH_FAILED, ts,
                              f"attempt {attempt.n} could not be launched: {exc}; the next tick tries again", **where))
                continue
            attempt.handle = handle
            attempt.submitted_at = now
            log(new_event(Kind.SUBMITTED, ts, f"attempt {attempt.n} launched as {handle.describe()}", **where,
                          pid=handle.pid, job_id=handle.job_id, job_name=attempt.job_name))


def _changed(old: RunState, new: RunState) -> bool:
    """Whether anything but the tick bookkeeping changed (worth a snapshot).

    Compared as JSON texts made in Rust (what a save writes), not trees of Python dicts; and only
    what the decision copied: it shares the plan and every stage it did not copy with the old
    state (the same objects, ``decide.writable_copy``), which are unchanged by construction. At
    10,000 stages two dumps of the whole state were a second of a quiet tick.
    """
    skip = {"tick_count", "last_tick_at", "revision", "event_seq", "outbox"}
    if new.plan is not old.plan or new.entities.keys() != old.entities.keys():
        return (old.model_dump_json(exclude=skip, exclude_defaults=True)
                != new.model_dump_json(exclude=skip, exclude_defaults=True))
    if _text(old, skip | {"plan", "entities"}) != _text(new, skip | {"plan", "entities"}):
        return True
    for name, entity in new.entities.items():
        was = old.entities[name]
        if entity is was:
            continue
        if entity.stages.keys() != was.stages.keys() or _text(entity, {"stages"}) != _text(was, {"stages"}):
            return True
        for sname, stage in entity.stages.items():
            before = was.stages[sname]
            if stage is not before and _text(stage) != _text(before):
                return True
    return False


def _text(record, exclude: set[str] | None = None) -> str:
    return record.model_dump_json(exclude=exclude, exclude_defaults=True)
