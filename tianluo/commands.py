"""The verbs behind the CLI; each returns a result and prints nothing."""

from __future__ import annotations

import os
import shutil
import signal
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tianluo.core import holds
from tianluo.core.events import Kind
from tianluo.core.events import event as new_event
from tianluo.core.holds import HandsResult
from tianluo.errors import TianluoError
from tianluo.models.model import RunEnd, TriggerRecord
from tianluo.models.states import ACTIVE, TERMINAL_PHASES, Phase, StageStatus
from tianluo.shell import lockholder, space
from tianluo.shell.store import LockBusy, RunStore
from tianluo.timefmt import iso, utcnow

if TYPE_CHECKING:  # each verb imports what it needs when it runs (`tianluo hold` needs no spec, no decide)
    from tianluo import triggers
    from tianluo.planning import answers
    from tianluo.planning.forks import Fork
    from tianluo.shell.tick import TickResult
    from tianluo.views import findings


@dataclass
class PlanResult:
    plan_md: Path
    summary: str
    forks: list[tuple[str, Fork, answers.Answer | None]]
    warnings: list[str] = field(default_factory=list)  # one line each, not errors (a pinned master port)
    lessons: list[str] = field(default_factory=list)  # from earlier runs' lessons.md: notes, never forks

    @property
    def open(self) -> list[str]:
        return [qid for qid, _, answer in self.forks if answer is None]


@dataclass
class StartResult:
    run_dir: Path
    tick: TickResult | None
    trigger: TriggerResult | None = None


def plan(spec_path: Path, home: str | None, answer_pairs: Sequence[str] = (), answers_file: str | None = None,
         accept_defaults: bool = False) -> PlanResult:
    """Validate the spec, list its forks with the answers so far, take new answers, write plan.md.

    Answers are kept under the home between calls; plan.md goes there too (never beside
    your files).

    Raises:
        SpecError: a bad spec. TianluoError: a bad answer (unknown fork or option).
    """
    from tianluo.planning import answers
    from tianluo.planning.forks import derive
    from tianluo.planning.launchers import port_warnings
    from tianluo.planning.newrun import answers_path, check_home, check_plan_files, home_dir, plan_doc_path
    from tianluo.planning.plan import build_plan, render_plan_md
    from tianluo.planning.spec_checks import load_spec
    from tianluo.shell.fsio import atomic_write, make_dirs
    from tianluo.shell.host_check import plan_warnings
    from tianluo.views import lessons

    spec, source = load_spec(spec_path)
    forks = derive(spec)
    root = home_dir(home)
    check_plan_files(root, spec.name)  # someone else's (or a writable) home or plans/ is refused, never used
    book_path = answers_path(root, spec.name)
    now = utcnow()
    book = answers.current(forks, answers.load(book_path))
    if answers_file:
        book |= answers.from_file(forks, Path(answers_file), now)
    book |= answers.from_cli(forks, list(answer_pairs), now)
    if accept_defaults:
        book = answers.with_defaults(forks, book, now)
    if book or book_path.exists():
        check_home(root, create=True)
        answers.save(book_path, book)
    locked = build_plan(spec, spec_path, {k: a.value for k, a in book.items()})
    learned, skipped = lessons.earlier(root, {e: list(ent.stages) for e, ent in locked.entities.items()}) \
        if root.is_dir() else ([], [])
    target = plan_doc_path(root, spec.name)
    check_home(root, create=True)
    make_dirs(target.parent)
    atomic_write(target, render_plan_md(locked, forks, {k: (a.value, a.by) for k, a in book.items()},
                                        lessons=learned))
    stages = sum(len(e.stages) for e in locked.entities.values())
    summary = (f"{spec_path}: valid. {len(locked.entities)} entities, {stages} stages, "
               f"backend {locked.backend.kind}, {len(forks)} decision fork(s).")
    listed = [(qid, fork, book.get(fork.key)) for qid, fork in answers.qids(forks).items()]
    warnings = port_warnings(spec, source) + plan_warnings(locked) + skipped
    from tianluo.planning import plan_remarks  # programs not there, and the run's fit: warnings, never refusals

    warnings += plan_remarks.command_warnings(spec, source, Path(spec_path).absolute().parent)
    warnings += plan_remarks.fit_remarks(spec, source)
    return PlanResult(plan_md=target, summary=summary, forks=listed, warnings=warnings,
                      lessons=learned)


def start(spec_path: Path, home: str | None, first_tick: bool = True, accept_defaults: bool = False,
          new: bool = False, trigger: str = "none", every: float | None = None, agent: str | None = None,
          agent_timeout: str | None = None, **trigger_options) -> StartResult:
    """Create the run folder from the spec and its answers, install its trigger, run its first tick.

    While another run of the spec is active, this refuses unless ``new`` (see ``replan_run``).
    ``agent``/``agent_timeout`` (``--agent``, ``--agent-timeout``) set the plan's agent over the spec's.
    """
    from tianluo.planning.newrun import agent_override, create_run, home_dir
    from tianluo.shell import runfs
    from tianluo.shell.tick import run_tick

    if every is not None:
        check_every(every)  # refuse a bad interval before anything is created
    override = agent_override(agent, agent_timeout)  # and a bad agent
    root = home_dir(home)
    fresh = not os.path.lexists(root)  # a home this start makes is removed again if the start fails
    try:
        run_dir = create_run(spec_path, root, utcnow(), accept_defaults=accept_defaults, new=new,
                             agent=override).resolve()
    except BaseException:
        if fresh:
            runfs.remove_new_home(root)
        raise
    installed = None
    if trigger != "none":
        try:
            installed = install_trigger(run_dir, trigger, every, **trigger_options)
        except BaseException as exc:
            _roll_back(run_dir, trigger, trigger_options)
            if fresh:
                runfs.remove_new_home(root)
            if isinstance(exc, TianluoError):
                raise TianluoError(f"{exc}; the new run folder {run_dir.name} was removed and nothing was started, "
                                   "so `tianluo start` can simply be run again", exit_code=exc.exit_code) from None
            raise
    result = run_tick(run_dir) if first_tick else None
    return StartResult(run_dir=run_dir, tick=result, trigger=installed)


def resume_run(spec_path: Path, home: str | None, first_tick: bool = True, trigger: str | None = None,
               every: float | None = None, **trigger_options) -> StartResult:
    """``tianluo start SPEC --resume``: the newest stopped run of the spec runs on (a run that stopped at its
    checkpoint goes on past it, to the gate); its locked plan is kept (an edited spec is not read: --replan).

    ``trigger`` None: the trigger the run had before it stopped, installed again.

    Raises:
        TianluoError: no stopped run of the spec, or one of it is still active (exit 2).
    """
    from tianluo.planning.newrun import active_runs, home_dir, runs_of
    from tianluo.planning.spec_checks import load_spec
    from tianluo.shell.tick import run_tick

    spec, _ = load_spec(spec_path)
    root = home_dir(home)
    if active_runs(root, spec.name):
        raise TianluoError(f"{spec_path}: a run of {spec.name!r} is still active under {root}; there is nothing to "
                           "resume (tianluo status)")
    stopped = [p for p, state in runs_of(root, spec.name) if state.phase == Phase.STOPPED]
    if not stopped:
        raise TianluoError(f"{spec_path}: no stopped run of {spec.name!r} under {root} to resume; start one "
                           "without --resume")
    run_dir = stopped[-1].resolve()
    now = utcnow()
    had: list = []

    def resume(s):
        if s.phase != Phase.STOPPED:
            raise TianluoError(f"run {s.run_id} is {s.phase.value}, not stopped; nothing to resume")
        s = s.model_copy(deep=True)
        checkpoint = s.end is not None and s.end.checkpoint
        had.append(s.trigger)
        was = s.phase_reason
        s.phase, s.phase_reason, s.end = Phase.RUNNING, None, None
        s.blocked_notified = False
        ev = new_event(Kind.RUN_RESUMED, iso(now),
                       f"resumed ({was})" + ("; it runs on past its checkpoint to the gate" if checkpoint else ""),
                       checkpoint=checkpoint)
        return holds.HandsResult(state=s, events=[ev])

    _locked_change(run_dir, resume, what="start --resume")
    record = had[0] if had else None
    if trigger is None:
        trigger = record.kind if record is not None else "none"
        if record is not None and record.kind == trigger:
            every = every if every is not None else record.every
            trigger_options = {**{k: v for k, v in record.options.items() if k == "scope"}, **trigger_options}
    installed = install_trigger(run_dir, trigger, every, **trigger_options) if trigger != "none" else None
    tick = run_tick(run_dir) if first_tick else None
    return StartResult(run_dir=run_dir, tick=tick, trigger=installed)


def _roll_back(run_dir: Path, trigger: str, options: dict) -> None:
    """Undo a start whose trigger could not be installed: a never-ticked run folder would
    otherwise count as an active run and block the next ``start`` of the spec."""
    from tianluo import triggers

    try:
        triggers.uninstall(trigger, run_dir, run_dir.name, **options)
    except (TianluoError, OSError):
        pass  # it was never installed: that is why we are here
    shutil.rmtree(run_dir, ignore_errors=True)


LOCK_WAIT_S = 30.0
EXIT_BUSY = 75  # EX_TEMPFAIL: try again


@contextmanager
def _run_lock(store: RunStore, what: str = "command") -> Iterator[None]:
    """The tick lock, waited for a bounded time; one clear line (exit 75) when it stays taken.

    The line names the holder; one held past its budget (a stopped or hung tick) is called so.
    """
    try:
        with store.lock(wait=LOCK_WAIT_S, what=what, budget=LOCK_WAIT_S):
            yield
    except LockBusy:
        holder, now = store.lock_holder(), utcnow()
        if holder is not None and holder.stalled(now):
            why = f"{lockholder.stall_report(holder, now)}; nothing was changed"
        elif holder is not None:
            why = f"{holder.describe(now)}; nothing was changed; try again in a minute"
        else:
            why = "nothing was changed; try again in a minute"
        raise TianluoError(f"{store.run_dir}: the run's lock stayed taken for over {LOCK_WAIT_S:g}s: {why}",
                           exit_code=EXIT_BUSY) from None
    except OSError as exc:
        if space.is_full(exc):
            raise space.disk_full(store.run_dir, f"`tianluo {what}` (saving the run's state)") from None
        raise


def _locked_change(run_dir: Path, change, queue: tuple[str, list[str] | None] | None = None,
                   what: str = "command", shares: bool = False) -> HandsResult:
    """Apply a pure change to state under the tick lock, waiting a bounded time for it.

    The change's events are saved with it (one save), so a kill loses neither. ``shares``: the
    change copies only what it changes (``holds.hold``), so only that is read back before the save.
    """
    store = RunStore(run_dir)
    with _run_lock(store, what):
        loaded = store.load()
        result = change(loaded)
        store.save(result.state, events=result.events, unchanged_from=loaded if shares else None)
        if queue is not None:
            _queue_hands(store, result, *queue)
        _refresh_report(store)
        return result


def _refresh_report(store: RunStore) -> None:
    """report.html after a change made by hand (hold, stop...): a run nothing ticks any more shows it too.
    Best effort, as in the tick (``tianluo.views.report.refresh``)."""
    from tianluo.views import report

    report.refresh(store.run_dir, changed=True)


def hold_entity(run_dir: Path, entity: str | None, reason: str, all_entities: bool = False) -> HandsResult:
    """``tianluo hold``: nothing new starts for the entity (or every entity) until released.

    On Slurm a job still waiting in the queue is held there too (``scontrol hold``).
    """
    if not all_entities and not entity:
        raise TianluoError("hold: name an ENTITY, or pass --all")
    return _locked_change(run_dir, lambda s: holds.hold(s, entity, reason, utcnow(), all_entities),
                          queue=("hold", None if all_entities or entity is None else [entity]), what="hold",
                          shares=True)


def release_entity(run_dir: Path, entity: str | None, retry: bool, skip: bool, reset_budget: bool,
                   all_entities: bool = False, tick: bool = True) -> HandsResult:
    """``tianluo release``: lift the entity's (``all_entities``: every held entity's) holds;
    --retry or --skip for a failure hold. ``--all`` releases what it can and names the rest (a
    failure hold without --retry/--skip) in a note each; nothing releasable at all is an error.

    On Slurm a job ``tianluo hold`` held in the queue is released there too. With ``tick``, a
    tick runs right after the release is saved (as a job's exit does), so what was released
    starts now rather than at the next interval; its events are added to the result's.
    """
    from tianluo.planning.newrun import edited_spec

    edited = edited_spec(run_dir, utcnow()) if not skip else None  # a stage edited since is not run as locked
    if all_entities:
        if entity:
            raise TianluoError("release: name an ENTITY or pass --all, not both")
        names: list[str] = []

        def change(s):
            held = [e for e, ent in s.entities.items()
                    if ent.hold is not None or any(st.status == StageStatus.HELD for st in ent.stages.values())]
            if not held:
                raise TianluoError("release --all: nothing is held")
            now, total, refused = utcnow(), None, []
            for ename in held:  # one save for all; what needs --retry/--skip is named, the rest released
                try:
                    step = holds.release(s if total is None else total.state, ename, now, retry=retry, skip=skip,
                                         reset_budget=reset_budget, edited=edited)
                except TianluoError as exc:
                    refused.append((ename, str(exc)))
                    continue
                step.notes.insert(0, f"released {ename}")
                if total is None:
                    total = step
                else:
                    total.state = step.state
                    total.events += step.events
                    total.changed += step.changed
                    total.notes += step.notes
            if total is None:  # nothing could be released: the one line names why, nothing changed
                raise TianluoError("release --all: nothing released: " + "; ".join(why for _, why in refused))
            total.notes += [f"not released {ename}: {why}" for ename, why in refused]
            names.extend(e for e in held if e not in dict(refused))
            return total

        result = _locked_change(run_dir, change, queue=("release", names), what="release")
    elif not entity:
        raise TianluoError("release: name an ENTITY, or pass --all")
    else:
        result = _locked_change(run_dir, lambda s: holds.release(s, entity, utcnow(), retry=retry, skip=skip,
                                                                 reset_budget=reset_budget, edited=edited),
                                queue=("release", [entity]), what="release")
    if tick:
        _tick_after(run_dir, result, "released")
    return result


def _tick_after(run_dir: Path, result, done: str) -> None:
    """The tick right after a human's change (release, unblock): its events join ``result``. The change
    stands if the tick fails; the trigger's next tick acts on it (a full disk is still the caller's error)."""
    from tianluo.shell.tick import run_tick

    try:
        ticked = run_tick(run_dir, event=True)  # a tick holding the lock runs once more for us
    except TianluoError as exc:
        if isinstance(exc, space.DiskFull):
            raise
        result.notes.append(f"{done}; the tick right after it failed ({exc}); the next tick acts on it")
        return
    result.events += ticked.events
    if ticked.warning:
        result.notes.append(ticked.warning)


def _queue_hands(store: RunStore, result: HandsResult, verb: str, names: list[str] | None) -> None:
    """Hold (or release) the queued scheduler jobs of the entities a human just held (released)."""
    from tianluo.backends.registry import open_backend
    from tianluo.core.jobspec import job_spec

    state, run_dir = result.state, store.run_dir
    if not state.plan.backend.capabilities().hold_in_queue:
        return  # no queue to hold a job in (a local attempt starts at once)
    names = list(state.entities) if names is None else names
    backend = open_backend(state.plan.backend, run_dir)
    now = iso(utcnow())
    for ename in sorted(names):
        if ename not in state.entities or (verb == "hold") != (state.entities[ename].hold is not None):
            continue
        for sname, stage in state.entities[ename].stages.items():
            attempt = stage.current()
            if stage.status != StageStatus.SUBMITTED or attempt is None or attempt.handle is None:
                continue
            job = job_spec(state, run_dir, f"{ename}.{sname}", attempt)
            try:
                done = getattr(backend, verb)(job, attempt.handle)
            except OSError as exc:
                result.notes.append(f"{ename}.{sname}: could not {verb} its queued job: {exc}")
                continue
            if done:
                ev = new_event(Kind(f"queue_{verb}"), now, f"attempt {attempt.n}: {done}", entity=ename, stage=sname,
                               attempt=attempt.n)
                result.events.append(ev)
                result.notes.append(f"{ename}.{sname}: {done}")
                store.save(state, snapshot=False, events=[ev])


@dataclass
class DiagnoseResult:
    run_dir: Path
    entity: str
    stages: dict[str, dict]  # stage -> {status, attempt, fault, hold, diagnosis (model or None), live}


def diagnose_entity(run_dir: Path, entity: str) -> DiagnoseResult:
    """``tianluo diagnose``: the five layers of the entity's stages, looked at now.

    Running attempts are observed afresh (read-only: nothing is saved, no lock is taken);
    the others show the diagnosis recorded when they were last watched.
    """
    from tianluo.backends.registry import open_backend
    from tianluo.core.decide import decide
    from tianluo.shell.observe import observe

    state = RunStore(run_dir).load()
    if entity not in state.entities:
        raise TianluoError(f"no entity {entity!r} in run {state.run_id}; entities: {', '.join(state.entities)}")
    now = utcnow()
    fresh = state
    if state.phase not in TERMINAL_PHASES:
        fresh = decide(state, observe(state, run_dir, open_backend(state.plan.backend, run_dir)), now).state
    stages = {}
    for name, stage in state.entities[entity].stages.items():
        live = fresh.entities[entity].stages[name]
        was_active = stage.status in ACTIVE
        stages[name] = {
            "status": stage.status.value,
            "attempt": stage.attempt,
            "fault": stage.fault,
            "hold": stage.hold,
            "diagnosis": live.diagnosis if was_active else stage.diagnosis,
            "live": was_active,
        }
    return DiagnoseResult(run_dir=run_dir, entity=entity, stages=stages)


@dataclass
class DiffResult:
    run_dir: Path
    changes: list[str]
    again: dict[str, str] = field(default_factory=dict)  # stage id -> why it runs again
    kept: dict[str, str] = field(default_factory=dict)  # done stage id -> what changed that does not rerun it
    refused: list[str] = field(default_factory=list)  # why `start --replan` would refuse now


def _locked_run(home: Path, name: str) -> Path:
    """The run an edited spec is compared with: the newest active one, else the newest at all."""
    from tianluo.planning.newrun import active_runs, runs_of

    active = active_runs(home, name)
    if active:
        return active[-1]
    runs = [p for p, _ in runs_of(home, name)]
    if not runs:
        raise TianluoError(f"no run of {name!r} under {home}; there is no locked plan to compare with yet")
    return runs[-1]


def plan_diff(spec_path: Path, home: str | None) -> DiffResult:
    """``tianluo plan SPEC --diff``: what the edited spec changes against the run's locked plan."""
    from tianluo.planning import replan_review
    from tianluo.planning.newrun import home_dir, lock_plan, with_resolved

    root = home_dir(home)
    plan_now, _, _ = lock_plan(spec_path, root, utcnow(), accept_defaults=True)
    run_dir = _locked_run(root, plan_now.name)
    state = RunStore(run_dir).load()
    seen = replan_review.review(state, with_resolved(plan_now, state.plan))
    return DiffResult(run_dir=run_dir, changes=seen.lines, again=seen.again, kept=seen.kept, refused=seen.refused)


def replan_run(spec_path: Path, home: str | None, accept_defaults: bool = False, agent: str | None = None,
               agent_timeout: str | None = None) -> tuple[Path, dict]:
    """``tianluo start SPEC --replan``: carry the active run over to the edited spec (and ``--agent``)."""
    from tianluo.planning import replan
    from tianluo.planning.newrun import (
        active_runs,
        agent_override,
        home_dir,
        lock_plan,
        resolve_scheduler,
        with_agent,
        with_resolved,
    )
    from tianluo.planning.plan import render_plan_md
    from tianluo.shell.fsio import atomic_write

    root = home_dir(home)
    now = utcnow()
    override = agent_override(agent, agent_timeout)
    new_plan, forks, decisions = lock_plan(spec_path, root, now, accept_defaults)
    new_plan = with_agent(new_plan, override, spec_path)
    runs = active_runs(root, new_plan.name)
    if not runs:
        raise TianluoError(f"{spec_path}: no running run of {new_plan.name!r} under {root} to replan; "
                           "start one without --replan")
    run_dir = runs[-1]
    store = RunStore(run_dir)
    # Asked of Slurm (if at all) before the lock: a slow controller must not hold up the ticks.
    new_plan = resolve_scheduler(with_resolved(new_plan, store.load().plan), spec_path)
    with _run_lock(store, "start --replan"):
        state, event = replan.carry_over(store.load(), new_plan, decisions, now)
        store.save(state, events=[event])
        atomic_write(run_dir / "plan.md", render_plan_md(
            state.plan, forks, {d.key: (d.answer, d.by) for d in decisions}))
    return run_dir, event


@dataclass
class TriggerResult:
    run_dir: Path
    installed: triggers.Installed | None
    removed: bool = False
    warning: str = ""


def check_every(every: float) -> str:
    """Refuse intervals outside 1m..1h (exit 2); a warning outside the usual 10-15 minutes."""
    from tianluo import triggers
    from tianluo.durations import format_duration

    if not triggers.MIN_EVERY <= every <= triggers.MAX_EVERY:
        raise TianluoError(f"--every {format_duration(every)}: a trigger ticks every 1m to 1h")
    low, high = triggers.USUAL_EVERY
    if not low <= every <= high:
        return (f"note: ticking every {format_duration(every)}; 10-15 minutes is usual (often enough for hours-long "
                "stages, rare enough to stay cheap)")
    return ""


def default_trigger() -> str:
    """cron where a crontab exists, else none (with a hint)."""

    return "cron" if shutil.which("crontab") else "none"


def install_trigger(run_dir: Path, kind: str, every: float | None = None, **options) -> TriggerResult:
    """``tianluo install TRIGGER``: install the run's trigger and record it in state.json."""
    from tianluo import triggers

    store = RunStore(run_dir)
    state = store.load()
    every = state.plan.interval if every is None else every  # 0s is refused, not taken for "not given"
    warning = check_every(every)
    if state.phase in TERMINAL_PHASES:
        raise TianluoError(f"run {state.run_id} is {state.phase.value}; it needs no trigger")
    if state.trigger and state.trigger.removed_at is None and state.trigger.kind not in (kind, "none"):
        triggers.uninstall(state.trigger.kind, run_dir, state.run_id, **state.trigger.options)
    installed = triggers.install(kind, run_dir, state.run_id, every, **options)
    if options.get("dry_run"):
        return TriggerResult(run_dir=run_dir, installed=installed, warning=warning)
    now = utcnow()

    def record(s):
        s = s.model_copy(deep=True)
        s.trigger = TriggerRecord(kind=kind, every=every, installed_at=now, detail=installed.detail,
                                  options={k: str(v) for k, v in options.items() if v is not None and k != "dry_run"})
        ev = new_event(Kind.TRIGGER_INSTALLED, iso(now), f"{kind} trigger installed: {installed.detail}", kind=kind)
        return holds.HandsResult(state=s, events=[ev])

    had_it = state.trigger is not None and state.trigger.removed_at is None and state.trigger.kind == kind
    try:
        _locked_change(run_dir, record, what="install")
    except BaseException:
        # Not recorded (a stalled lock, a full disk...): a trigger nothing knows of would tick
        # forever, so take back what this call installed (one of the same kind that state.json
        # records stays: its record is still true).
        if not had_it:
            try:
                triggers.uninstall(kind, run_dir, state.run_id, **options)
            except TianluoError:
                pass
        raise
    ticking = trigger_check(kind, state.run_id, options)  # installed all the same: one line if it will not tick
    return TriggerResult(run_dir=run_dir, installed=installed, warning="\n".join(w for w in (warning, ticking) if w))


def trigger_check(kind: str, run_id: str, options: dict) -> str:
    """One warning line when the installed trigger will not tick: no cron daemon runs, or the systemd
    timer is not active (or cannot be checked here); '' when all is well."""

    if kind == "cron":
        from tianluo.triggers import cron

        return cron.daemon_warning()
    if kind == "systemd":
        from tianluo.triggers import systemd

        return systemd.timer_warning(run_id, options.get("scope") or "user")
    return ""


def uninstall_trigger(run_dir: Path, kind: str | None = None) -> TriggerResult:
    """``tianluo uninstall [TRIGGER]``: remove the run's trigger (the recorded one by default)."""
    from tianluo import triggers

    state = RunStore(run_dir).load()
    record = state.trigger
    kind = kind or (record.kind if record else "none")
    options = record.options if record and record.kind == kind else {}
    removed = triggers.uninstall(kind, run_dir, state.run_id, **options)
    now = utcnow()

    def mark(s):
        s = s.model_copy(deep=True)
        if s.trigger and s.trigger.kind == kind:
            s.trigger.removed_at = now
        ev = new_event(Kind.TRIGGER_REMOVED, iso(now),
                       f"{kind} trigger {'removed' if removed else 'was not installed'} (by hand)", kind=kind)
        return holds.HandsResult(state=s, events=[ev])

    _locked_change(run_dir, mark, what="uninstall")
    return TriggerResult(run_dir=run_dir, installed=None, removed=removed)


def stop_run(run_dir: Path, reason: str, cancel: bool = False) -> HandsResult:
    """``tianluo stop``: end the run and remove its trigger; ``success_gate.on_end`` says what becomes of
    running attempts (left running, unwatched, by default).

    ``cancel`` (``--cancel``, or ``on_end: cancel``): they are cancelled now (TERM, KILL after
    cancel_grace) and recorded so, one note each; on a run that is over already, ``--cancel``
    cancels what it left running. ``on_end: wait``: the run is ``ending`` until they exit.
    """
    from tianluo.core import agent_rung, cancels
    from tianluo.messages import agent_call
    from tianluo.messages.notify import write_analysis
    from tianluo.shell.tick import remove_trigger_if_over
    from tianluo.views import completion, lessons

    now = utcnow()
    again = [False]  # --cancel on a finished run: only its attempts left running

    def stop(s):
        if s.phase in TERMINAL_PHASES or s.phase == Phase.ENDING:
            running = [sid for sid in s.stage_ids() if live_attempt(s.stage(sid))]
            if not (cancel and running):
                what = "; nothing is left running" if cancel else ""
                if running and s.phase == Phase.ENDING:
                    what = f" ({s.phase_reason}); `tianluo stop --cancel` cancels what it waits for"
                raise TianluoError(f"run {s.run_id} is {s.phase.value} already{what}")
            again[0] = True
            return holds.HandsResult(state=s, events=[])
        s = s.model_copy(deep=True)
        on_end = "cancel" if cancel else s.plan.success_gate.on_end
        running = [sid for sid in s.stage_ids() if s.stage(sid).status in ACTIVE]
        hung = [sid for sid in s.stage_ids() if live_attempt(s.stage(sid)) and sid not in running]
        if on_end == "leave":  # a hung attempt held because tianluo might not cancel it runs on too
            running += hung
        s.phase, s.phase_reason = Phase.STOPPED, f"stopped by the owner: {reason}"
        s.end = RunEnd(outcome="stopped", reason=s.phase_reason, decided_at=now, on_end=on_end, ended_at=now)
        ev = new_event(Kind.RUN_STOPPED, iso(now), s.phase_reason)
        extra = []
        if running and on_end == "wait":
            s.phase = Phase.ENDING
            s.end.ended_at = None
            s.phase_reason += f"; ending: waiting for {len(running)} running attempt(s) (on_end: wait)"
            extra.append(new_event(Kind.RUN_ENDING, iso(now), s.phase_reason, outcome="stopped", on_end="wait",
                                   stages=running))
        elif running and on_end == "leave":
            s.end.left_running = running
            extra.append(new_event(Kind.LEFT_RUNNING, iso(now), f"{len(running)} attempt(s) left running, unwatched "
                                   "(on_end: leave): " + ", ".join(running), stages=running))
        agent_call.kill_abandoned(run_dir, s)  # what is left of a call a killed tick made
        closed, held_entities[:] = agent_rung.close_on_stop(s, now, s.phase_reason)
        return holds.HandsResult(state=s, events=[ev, *extra, *closed])

    held_entities: list[str] = []  # a consult left open by a killed tick, held as the ladder would
    store = RunStore(run_dir)
    # One critical section from the stop to the cancels recorded: no tick ever sees the run stopped with
    # attempts about to be cancelled but not yet marked so (it would judge their exits on its own).
    with _run_lock(store, "stop"):
        result = stop(store.load())
        state = result.state
        store.save(state, events=result.events)
        for entity in held_entities:
            write_analysis(run_dir, state, entity, now)
        cancelling = mark_cancelling(store, state) if (state.end is not None and state.end.on_end == "cancel"
                                                       or again[0]) else []
        result.events += remove_trigger_if_over(store, state, now)
        if state.phase in TERMINAL_PHASES and cancels.pending(state):
            result.notes.append("the trigger stays until the KILL of what is left of an earlier attempt goes "
                                "through: its ticks send it again (`tianluo status`: LEFT BEHIND)")
        _refresh_report(store)
        if not cancelling:
            result.notes += left_running_notes(state, run_dir)
    if cancelling:
        sent = signal_all(store, state, cancelling)  # no lock held while the attempts get their grace
    with _run_lock(store, "stop"):
        state = store.load()
        if cancelling:
            notes, events = record_cancelled(store, state, sent)
            result.notes += notes
            result.events += events
        if state.phase in TERMINAL_PHASES:
            result.notes.append(f"lessons written to {lessons.write(run_dir, state)}")
            result.notes.append(f"outcome report written to {completion.write(run_dir, state)}")
    return result


def live_attempt(stage) -> bool:
    """The stage has an attempt that may still run: submitted or running, or held while its attempt was
    never stopped (hung, and tianluo was not authorised to cancel it)."""
    if stage.status in ACTIVE:
        return True
    last = stage.current()
    return (stage.status == StageStatus.HELD and last is not None and last.outcome is None
            and last.handle is not None and last.ended_at is None)


def left_running_notes(state, run_dir: Path) -> list[str]:
    """What a stop without --cancel left running, one line each, and the command that cancels them."""
    live = [sid for sid in state.stage_ids() if live_attempt(state.stage(sid))]
    if not live:
        return []
    notes = []
    for sid in live:
        stage = state.stage(sid)
        last = stage.current()
        where = f" ({last.handle.describe()})" if last is not None and last.handle is not None else ""
        held = ", held: hung" if stage.status == StageStatus.HELD else ""
        notes.append(f"left running: {sid} attempt {stage.attempt}{where}{held}")
    notes.append(f"`tianluo stop --cancel --run {run_dir}` cancels {'it' if len(live) == 1 else 'them'}")
    return notes


def _alive(proc) -> bool:
    return proc is not None and proc.state not in ("Z", "X")


#: How often ``stop --cancel`` looks whether a signalled attempt is gone.
CANCEL_POLL_S = 0.2
#: ``stop --cancel`` waits at most this long for TERM to work (cancel_grace may be up to an hour), then KILLs.
STOP_WAIT_MAX_S = 60.0


def mark_cancelling(store: RunStore, state) -> list[tuple[str, int]]:
    """Under the lock, before any signal: the running attempts are recorded as being cancelled by the run's
    end (and the end as cancelling them), so a tick in between never judges their exit a failure.
    Returns ``(stage id, attempt)`` of each."""
    from tianluo.core.decide import END_CANCEL
    from tianluo.models.model import Cancelling

    now = utcnow()
    why = state.end.reason if state.end is not None else state.phase_reason or "stopped"
    out = []
    for sid in state.stage_ids():
        stage = state.stage(sid)
        attempt = stage.current()
        if not live_attempt(stage) or attempt is None:
            continue
        if attempt.cancel is None or not attempt.cancel.reason.startswith(END_CANCEL):
            attempt.cancel = Cancelling(reason=f"{END_CANCEL} ({why})", requested_at=now)
        out.append((sid, attempt.n))
    if out:
        if state.end is not None:
            state.end.on_end = "cancel"
        store.save(state, snapshot=False)
    return out


def signal_all(store: RunStore, state, which: list[tuple[str, int]]) -> dict[tuple[str, int], str]:
    """TERM every attempt in ``which``; KILL what is still there after cancel_grace (at most
    ``STOP_WAIT_MAX_S``). Returns what was sent to each (or why it could not be)."""
    from tianluo.backends.registry import open_backend
    from tianluo.core.jobspec import job_spec
    from tianluo.shell import proctable

    backend = open_backend(state.plan.backend, store.run_dir)
    jobs: dict = {}
    sent: dict[tuple[str, int], str] = {}
    alive: dict[tuple[str, int], list[int]] = {}
    for sid, n in which:
        attempt = next(a for a in state.stage(sid).attempts if a.n == n)
        jobs[(sid, n)] = (job_spec(state, store.run_dir, sid, attempt), attempt.handle)
        try:
            job, handle = jobs[(sid, n)]
            pids = backend.cancel(job, handle, signal.SIGTERM)
        except OSError as exc:
            sent[(sid, n)] = f"could not cancel it: {exc}; try `tianluo stop --cancel` again"
            continue
        sent[(sid, n)] = "TERM"
        alive[(sid, n)] = [p for p in pids if isinstance(p, int)]  # a scheduler's job: scancel sees it through
    deadline = time.monotonic() + min(state.plan.cancel_grace, STOP_WAIT_MAX_S)
    while any(alive.values()) and time.monotonic() < deadline:
        time.sleep(CANCEL_POLL_S)
        alive = {k: [p for p in pids if _alive(proctable.read_stat(p))] for k, pids in alive.items()}
    for key, pids in alive.items():
        if pids:
            try:
                job, handle = jobs[key]
                backend.cancel(job, handle, signal.SIGKILL)
                sent[key] = "TERM, then KILL after its grace"
            except OSError as exc:
                sent[key] = f"TERM sent, but KILL failed: {exc}; try `tianluo stop --cancel` again"
    return sent


def record_cancelled(store: RunStore, state, sent: dict[tuple[str, int], str]) -> tuple[list[str], list[dict]]:
    """Under the lock: each attempt signalled is recorded cancelled, its stage pending again (a resume runs it
    anew). Returns one note per attempt and the events (saved)."""
    from tianluo.core.stage_machine import Events, move

    notes: list[str] = []
    events: list[dict] = []
    for (sid, n), what in sent.items():
        stage = state.stage(sid)
        attempt = stage.current()
        if not what.startswith("TERM"):
            notes.append(f"{sid} attempt {n}: {what}")
            continue
        notes.append(f"{sid} attempt {n}: cancelled ({what})")
        if not live_attempt(stage) or attempt is None or attempt.n != n:
            continue  # a tick in between recorded it already
        attempt.ended_at = utcnow()
        if what.endswith("grace") and attempt.cancel is not None:
            attempt.cancel.killed_at = attempt.ended_at
        stage.reason = f"attempt {n} was cancelled when the run ended"
        log = Events(attempt.ended_at)
        reason = attempt.cancel.reason if attempt.cancel is not None else "the run ended"
        if stage.status == StageStatus.HELD:  # the hung attempt it was held for: cancelled; the hold stays
            attempt.outcome = "failed"
            stage.reason = f"{stage.reason or 'held'}; attempt {n} was cancelled when the run ended"
            log.add("end_cancelled", sid, f"attempt {n} cancelled ({what}): {reason}", attempt=n)
        else:
            move(stage, StageStatus.PENDING, log=log, sid=sid, event="end_cancelled",
                 message=f"attempt {n} cancelled ({what}): {reason}", attempt=n)
        if state.end is not None:
            if sid not in state.end.cancelled:
                state.end.cancelled.append(sid)
            if sid in state.end.left_running:
                state.end.left_running.remove(sid)
        events += log.items
    if events:
        store.save(state, events=events)
    return notes, events


def unblock_stage(run_dir: Path, sid: str, reason: str, tick: bool = True) -> HandsResult:
    """``tianluo unblock ENTITY.STAGE --reason TEXT``: the stage runs without the outputs of its needs that
    were skipped after a failure (``tianluo.core.skips``); a tick runs right after, as after a release."""
    from tianluo.core import skips

    result = _locked_change(run_dir, lambda s: skips.unblock(s, sid, reason, utcnow()), what="unblock")
    if tick:
        _tick_after(run_dir, result, "unblocked")
    return result


def note(run_dir: Path, subject: str, text: str) -> findings.NoteResult:
    """``tianluo note``: append one line about ENTITY (or ENTITY.STAGE) to the run's findings.md.

    No lock: ticks never read findings.md, and each note is one append.

    Raises:
        TianluoError: an unknown entity or stage, an empty note. UnsafePath: a link at findings.md.
    """
    import os

    from tianluo import redact
    from tianluo.shell import peek
    from tianluo.views import findings

    try:  # read plainly (a 10,000-stage state loads in seconds as models); any doubt takes the full load
        raw = peek.read_state(run_dir)
        plan = raw["plan"]
        run_id, planned = raw["run_id"], plan["entities"]
        entities = {e: list(ent["stages"]) for e, ent in planned.items()}
        if not isinstance(run_id, str) or not all(isinstance(e, str) and all(isinstance(s, str) for s in st)
                                                  for e, st in entities.items()):
            raise peek.Doubt("names")
    except (peek.Doubt, KeyError, TypeError, AttributeError):
        state = RunStore(run_dir).load()
        plan = state.plan
        run_id, entities = state.run_id, {e: list(ent.stages) for e, ent in state.plan.entities.items()}
    text = redact.of_plan(plan, os.environ).text(text)  # an agent's note may quote what it read: no secret
    return findings.append(run_dir, findings.check_subject(entities, subject, run_id), text, utcnow())


def gpus(run_dir: Path, restore: list[int] | None = None) -> dict:
    """``tianluo gpus``: the host's GPUs as the run knows them (``status``'s ``gpu_host``); with ``restore``, give
    those GPUs back to the pool first, under the tick lock.

    Raises:
        TianluoError: not a GPU host, or a GPU to restore that is not out of the pool.
    """
    from tianluo.core import gpu_hands
    from tianluo.views.status import gpu_host_doc

    notes: list[str] = []
    if restore:
        result = _locked_change(run_dir, lambda s: gpu_hands.restore(s, restore, utcnow()), what="gpus --restore")
        notes = result.notes
        state = result.state
    else:
        state = RunStore(run_dir).load()
    return {"version": 1, "run_id": state.run_id, "gpu_host": gpu_host_doc(state), "notes": notes}


def backend_check(target: str | None):
    """``tianluo backend check [SPEC|PRESET]``: run the command backend's status and find for an id and a name
    that cannot exist, as a tick would, and with a stand-in for a scheduler that is down. Submits nothing.

    ``target``: a spec file (default ``tianluo.yaml`` here), or a preset's name (sge, pbs, lsf) when no file
    of that name is there; the templates run in the spec's folder (a preset's: this one).

    Raises:
        TianluoError: the spec cannot be read, or its backend is not the command backend.
    """
    from tianluo.backends.command import CommandOptions
    from tianluo.backends.command_check import check
    from tianluo.backends.presets import PRESETS
    from tianluo.planning.spec_checks import load_spec

    target = target or "tianluo.yaml"
    if target in PRESETS and not os.path.lexists(target):
        return check(CommandOptions.model_validate({"kind": "command", "preset": target}), f"preset {target}",
                     Path.cwd())
    if not os.path.lexists(target):
        raise TianluoError(f"{target}: no such spec file; give the spec (tianluo.yaml) or a preset: "
                           + ", ".join(PRESETS))
    spec, _ = load_spec(target)
    if not isinstance(spec.backend, CommandOptions):
        raise TianluoError(f"{target}: backend: {spec.backend.kind} is not the command backend; backend check "
                           "runs a command backend's templates (backend: {kind: command, ...})")
    return check(spec.backend, target, Path(target).resolve().parent)
