"""The degrade rung's changes: declarative, pre-authorised, and computed purely.

A change only ever touches the entity's params, the stage's command variant, the hosts it
may run on, which of its checkpoints is the newest, or raises its time limit
(``StageState.time_limit``, which later attempts and Slurm's ``--time`` use); it is made when the owner chose it at
plan time, and never when it would change nothing (a batch size already at its floor, a
single checkpoint with nothing before it): then the stage is held instead.

Resuming from the previous checkpoint (``rollback_checkpoint``) is computed here from the
list the observe layer made when the attempt ended (name, size, mtime); the shell carries
it out (``tianluo.shell.checkpoints.move_aside``) before the next attempt is launched. Each
rollback moves one file aside, so rollbacks in a row are bounded by the checkpoints there
are, unless the job writes new ones in between, which is progress.
"""

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from tianluo.durations import format_duration
from tianluo.planning.spec_parts import MAX_INT, MAX_WAIT_S, DegradeAction, ParamChange, TimeChange


class Listed(Protocol):
    """One checkpoint as the observe layer listed it (``tianluo.shell.checkpoints.Checkpoint``, frozen)."""

    @property
    def path(self) -> str: ...  # relative to the project folder

    @property
    def size(self) -> int: ...

    @property
    def mtime_ns(self) -> int: ...


@dataclass(frozen=True)
class Rollback:
    """Move ``newest`` aside so the job resumes from ``previous``."""

    newest: str
    size: int
    mtime_ns: int
    previous: str


@dataclass(frozen=True)
class Change:
    action: str
    params: dict  # name -> new value
    variant: str | None
    lines: tuple[str, ...]  # "batch_size 32 -> 16", for events, status and the analysis
    exclude_host: str | None = None  # the host the failed attempt ran on, to leave out from now on
    rollback: Rollback | None = None  # the newest checkpoint to move aside
    time_limit: float | None = None  # the stage's raised time limit, in seconds
    retry_first: bool = False  # the action's retry_first: the class's retries come before it


def plan_change(action: DegradeAction, params: dict, variant: str | None, host: str | None = None,
                excluded: tuple[str, ...] = (), checkpoints: Sequence[Listed] = (),
                time_limit: float | None = None) -> Change | None:
    """What ``action`` would change now, or None when it would change nothing.

    ``exclude_host`` needs the host the attempt failed on; with none known, or that host
    already excluded, it changes nothing. ``rollback_checkpoint`` needs ``checkpoints`` (the
    stage's, listed when the attempt ended) to hold an earlier one to fall back to. ``time``
    needs the stage's time limit now (``time_limit``, seconds) and room below its ``max``.
    """
    new_params, lines = {}, []
    for name, change in action.params.items():
        current = params.get(name)
        new = apply(change, current)
        if new is not None and new != current:
            new_params[name] = new
            lines.append(f"{name} {current!r} -> {new!r}")
    new_variant = None
    if action.variant is not None and action.variant != variant:
        new_variant = action.variant
        lines.append(f"command variant {variant or 'default'} -> {action.variant}")
    new_exclude = None
    if action.exclude_host and host and host not in excluded:
        new_exclude = host
        lines.append(f"exclude host {host}")
    rollback = None
    if action.rollback_checkpoint:
        order = newest_last(checkpoints)
        if len(order) >= 2:
            newest, previous = order[-1], order[-2]
            rollback = Rollback(newest=newest.path, size=newest.size, mtime_ns=newest.mtime_ns,
                                previous=previous.path)
            lines.append(f"checkpoint {newest.path} moved aside; resumes from {previous.path}")
    new_time = None
    if action.time is not None and time_limit is not None:
        new_time = raised_time(action.time, time_limit)
        if new_time is not None:
            lines.append(f"time limit {format_duration(time_limit)} -> {format_duration(new_time)}")
    if not lines:
        return None
    return Change(action=action.name, params=new_params, variant=new_variant, lines=tuple(lines),
                  exclude_host=new_exclude, rollback=rollback, time_limit=new_time, retry_first=action.retry_first)


def raised_time(change: TimeChange, current: float) -> float | None:
    """The time limit after ``change`` (seconds, whole), or None when it would not rise (at its ``max``)."""
    ceiling = min(change.max if change.max is not None else MAX_WAIT_S, MAX_WAIT_S)
    new = float(math.ceil(min(current * change.multiply, ceiling)))
    return new if new > current else None


def unchanged_why(action: DegradeAction, host: str | None = None, checkpoints: Sequence[Listed] = (),
                  unlisted: str | None = None, time_limit: float | None = None) -> str:
    """Why ``action`` changes nothing now (``plan_change`` returned None), for the hold's reason."""
    why = []
    if action.params or action.variant is not None:
        why.append("its params are at their limit and its variant is in use")
    if action.exclude_host:
        why.append(f"host {host} is excluded already" if host else "the host the attempt ran on is not known")
    if action.rollback_checkpoint:
        order = newest_last(checkpoints)
        if unlisted:
            why.append(f"no checkpoint was listed: {unlisted}")
        elif order:
            why.append(f"{order[0].path} is the only checkpoint: there is no earlier one to resume from")
        else:
            why.append("no checkpoint was found to roll back")
    if action.time is not None:
        why.append("the stage has no time limit (resources.time)" if time_limit is None else
                   f"its time limit {format_duration(time_limit)} is at its max")
    return f"the pre-authorised {action.name} changes nothing now ({'; '.join(why)})"


_DIGITS = re.compile(r"(\d+)")


def _natural(name: str) -> tuple:
    """``ckpt-9`` before ``ckpt-10``: digit runs compare as numbers."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in _DIGITS.split(name) if part)


def newest_last(checkpoints: Sequence[Listed]) -> list[Listed]:
    """Checkpoints oldest first: by mtime, then by name with numbers compared as numbers (two
    saved in the same clock tick: ``step-10`` is newer than ``step-9``)."""
    return sorted(checkpoints, key=lambda c: (c.mtime_ns, _natural(c.path)))


def apply(change: ParamChange, current):
    """The new value of one parameter, or None when the change cannot apply to it."""
    if change.set is not None:
        return change.set
    if change.choose is not None:
        if current in change.choose:
            i = change.choose.index(current)
            return change.choose[i + 1] if i + 1 < len(change.choose) else None
        return change.choose[0]
    if isinstance(current, bool) or not isinstance(current, (int, float)):
        return None
    if change.multiply is not None:
        value = current * change.multiply
    elif change.divide is not None:
        value = current / change.divide
    else:
        return None
    if not math.isfinite(value) or abs(value) > MAX_INT:  # a value state.json, JSON tools and commands can carry
        return None
    if change.floor is not None and value < change.floor:
        value = max(change.floor, min(value, current)) if current >= change.floor else current  # never raised
    if isinstance(current, int):
        whole = int(value)  # a batch size stays an integer...
        value = whole if change.floor is None or whole >= change.floor else min(math.ceil(value), current)
    return value


# --- a GPU hardware fault on a cluster: leave the host out ------------------------------------

#: The change tianluo derives for ``gpu_fault`` on a Slurm stage that asks for GPUs (a risk fork
#: whose default is this action): the next attempt goes at once, without the failed host
#: (``sbatch --exclude``), spending no budget, like a node failure.
GPU_EXCLUDE = DegradeAction(name="exclude_host", exclude_host=True)
GPU_FAULT = "gpu_fault"


def requests_gpus(resources) -> bool:
    """Whether a stage's resources ask for GPUs: ``gpus``, a gpu ``gres``, or a ``--gpus*``/``--gres=gpu``
    sbatch argument."""
    if resources is None:
        return False
    if resources.gpu_count > 0:
        return True
    return any(a.startswith(("--gpus", "--gres=gpu", "-G")) for a in resources.sbatch_args)


def derives_gpu_exclude(backend, stage) -> bool:
    """Whether tianluo offers (by default) to exclude the host of a GPU fault for this stage: on a
    backend that can take a stage off a host (Slurm), for a stage that asks for GPUs and says
    nothing itself about gpu_fault. ``backend``: the spec's or plan's backend options."""
    return (backend.capabilities().exclude_hosts and GPU_FAULT not in stage.degrade
            and requests_gpus(stage.resources))


# --- a stage that runs out of its time limit: raise it ---------------------------------------

TIME_FAULT = "time_limit"
#: The change tianluo offers for ``time_limit`` on a stage with a time limit (a risk fork whose default
#: is hold): each time the limit is what ends it, double it, up to this many times the planned limit.
RAISE_TIME = "raise_time"
RAISE_TIME_UPTO = 4


def time_limit_of(resources) -> float | None:
    """A stage's planned time limit in seconds (``resources.time``); None: it has none (0 counts as none,
    as it does for sbatch)."""
    limit = resources.time if resources is not None else None
    return limit if limit else None


def derived_time_raise(stage) -> DegradeAction | None:
    """What tianluo offers (at plan time, not chosen by default) for ``time_limit`` on a stage that has a
    time limit and says nothing itself about ``time_limit``: double the limit each time, up to
    ``RAISE_TIME_UPTO`` times what was written (and 30 days). ``stage``: the spec's stage."""
    limit = time_limit_of(stage.resources)
    if limit is None or TIME_FAULT in stage.degrade:
        return None
    return DegradeAction(name=RAISE_TIME, time=TimeChange(multiply=2, max=min(RAISE_TIME_UPTO * limit, MAX_WAIT_S)),
                         retry_first=True)  # a job that resumes may finish in its second go: its retry comes first


# --- carrying out a rollback: the shell's MoveAside, placed by decide -----------------------


def with_moves(state, actions: list) -> list:
    """``actions`` with a ``MoveAside`` for each stage that has a checkpoint move not carried out
    yet, just before that stage's first ``Submit`` (or last, if it launches nothing now).

    A move recorded by an earlier decision whose tick was killed is asked for again, so no
    attempt is launched before its checkpoint is out of the way.
    """
    from tianluo.core.actions import MoveAside, Submit

    waiting = [f"{e}.{name}" for e, entity in state.plan.entities.items() for name in entity.stages
               if (moves := state.entities[e].stages[name].checkpoint_moves) and any(m.outcome is None for m in moves)]
    if not waiting:
        return actions
    out, placed = [], set()
    for action in actions:
        if isinstance(action, Submit) and action.stage_id in waiting and action.stage_id not in placed:
            out.append(MoveAside(action.stage_id))
            placed.add(action.stage_id)
        out.append(action)
    out += [MoveAside(sid) for sid in waiting if sid not in placed]
    return out


def failed_move(stage):
    """The checkpoint move that failed after the attempt before the current one, when the current
    one is therefore not launched (no handle, no launch error); else None."""
    attempt = stage.current()
    if attempt is None or attempt.handle is not None or attempt.launch_error is not None:
        return None
    return next((m for m in reversed(stage.checkpoint_moves) if m.attempt == attempt.n - 1
                 and m.outcome == "failed"), None)
