"""Responses: what tianluo does for a fault when "run the same command again" is wrong. Pure.

The ladder (``tianluo.core.ladder``) decides whether a failed stage gets another attempt, and
spends the budget; a response, looked up by the fault's label, shapes that answer:

- ``disk_full``: the retry waits until free space is back on the file systems the stage
  writes to (measured each tick), not at a time;
- ``disk_quota``: statvfs cannot see a quota, so a file system that is not full means the
  quota is spent: held at once; a full one waits like ``disk_full``;
- ``nan_loss``, ``corrupt_checkpoint``: never retried unchanged (the same settings give the
  same NaN, a retry reads the same bad file): the retry rungs are skipped, the stage goes to
  the changes pre-authorised at plan time for the label, then to a hold;
- ``rate_limited``: never retried at once; the wait has a floor and a spread taken from a
  hash of (run, stage, attempt), so stages limited in the same tick come back at different
  times instead of stampeding the server again (decide has no randomness).
- ``http_unavailable`` (a 5xx from a hub): the same spread over a shorter floor.
- ``lost`` (free, like a preemption): free only once in a row; the second in a row spends
  the transient budget.

A new response is a row of :data:`RESPONSES` (and, if it needs a new kind of shaping, a
field of :class:`Response` read where the ladder's step is applied).
"""

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from tianluo.models.states import PORT_ENV
from tianluo.shell.hostspace import OK_AGAIN_RULE


@dataclass(frozen=True)
class Response:
    """What one fault label gets beyond the plain retry."""

    label: str
    why: str  # the reason, for holds, events and the docs
    unchanged: bool = True  # False: the same command is never run again (degrade or hold instead)
    space: Literal["wait", "quota"] | None = None  # wait for free space; "quota": hold unless a file system is full
    floor_s: float = 0.0  # a retry is never due sooner than this (or the class's backoff, if larger)
    spread: float = 0.0  # ... and is spread over [wait, wait * (1 + spread)) per (run, stage, attempt)
    exclude_first: bool = False  # a pre-authorised exclude_host is taken before any retry, spending no budget
    # False: a free fault (``Fault.free``) is free only if the attempt before was not one too
    free_in_a_row: bool = True


RESPONSES: dict[str, Response] = {r.label: r for r in (
    Response("disk_full", space="wait",
             why="a retry on a full file system fails the same way"),
    Response("disk_quota", space="quota",
             why="statvfs cannot see a quota: a file system that is not full means the quota ran out"),
    Response("nan_loss", unchanged=False,
             why="the same settings give the same NaN or inf loss"),
    Response("corrupt_checkpoint", unchanged=False,
             why="a retry reads the same bad checkpoint"),
    Response("rate_limited", floor_s=60.0, spread=1.0,
             why="a server that limits the rate is not asked again at once, nor by every stage at the same moment"),
    Response("http_unavailable", floor_s=10.0, spread=1.0,
             why="a server that is down or overloaded (5xx) is not hit again by every stage at the same moment"),
    Response("gpu_fault", exclude_first=True,
             why="a GPU that failed in hardware fails again: on a cluster its host is left out (sbatch --exclude) "
                 "and the stage runs again at once elsewhere, like after a node failure"),
    Response("lost", free_in_a_row=False,
             why="a lost attempt (runner and job gone, no exit record) may be the host's doing (a reboot) or the "
                 "job's own (it took its runner down: the OOM killer, a kill of its process group): the second "
                 "in a row spends the transient budget like any transient fault, so such a job ends in manual_hold"),
    Response("port_in_use",
             why="a port another process holds stays taken: with {port} in the command each attempt gets a free one"),
)}


def response_for(label: str | None) -> Response | None:
    """The response of a fault label, or None for a plain retry."""
    return RESPONSES.get(label or "")


def advice(label: str | None, command: str, excluded: Sequence[str] = ()) -> str | None:
    """What the owner should change so this fault does not come back, when tianluo cannot do it itself.

    ``port_in_use`` with a command that pins its port (no ``{port}``): every retry asks for the
    same port. ``submit_rejected`` of a stage with hosts left out: the exclusion may leave no
    node that can take it.
    """
    if label == "port_in_use" and PORT_ENV not in command:  # {port} is rendered as a reference to it
        return ("the command pins its port: write {port} where the port goes (e.g. --master-port {port} or "
                "MASTER_PORT={port}) and tianluo gives each attempt a free one")
    if label == "submit_rejected" and excluded:
        return (f"it goes to sbatch with --exclude={','.join(excluded)} (hosts left out after faults on them): "
                "if no other node can take it, repair those hosts or give the stage other resources")
    return None


def never_unchanged(label: str | None) -> str | None:
    """Why a fault with this label may not be retried with the same command; None if it may."""
    response = response_for(label)
    return response.why if response is not None and not response.unchanged else None


#: When a file system counts as having room again (``tianluo.shell.hostspace.FsSpace.ok_again``).
ROOM_AGAIN = OK_AGAIN_RULE


# --- rate limits: a floor and a deterministic spread ----------------------------------------


def spread_fraction(run_id: str, sid: str, attempt: int) -> float:
    """A number in [0, 1) that is the same for the same (run, stage, attempt), and looks random across them."""
    digest = hashlib.sha256(f"{run_id}\0{sid}\0{attempt}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2.0 ** 64


def retry_wait(response: Response | None, wait_s: float, run_id: str, sid: str, attempt: int) -> float:
    """The wait before a retry after a fault with this response: the class backoff, raised to the
    response's floor, then spread (``attempt`` is the number of the attempt that failed)."""
    if response is None or (response.floor_s <= 0 and response.spread <= 0):
        return wait_s
    base = max(wait_s, response.floor_s)
    return round(base * (1.0 + response.spread * spread_fraction(run_id, sid, attempt)), 3)


# --- space: wait, hold, or a plain retry ---------------------------------------------------

#: The key of the one "waiting for free space" notification of a stage: this prefix and the stage id.
SPACE_KEY = "space:"


class SpaceFact(Protocol):
    """One file system the stage writes to, as measured (``tianluo.core.observations``' free-space facts)."""

    @property
    def path(self) -> str: ...  # read-only: the facts are frozen
    @property
    def full(self) -> bool: ...
    @property
    def ok_again(self) -> bool: ...

    def describe(self) -> str: ...


@dataclass(frozen=True)
class SpaceWait:
    """Wait for these file systems to have room again, then retry."""

    paths: tuple[str, ...]
    facts: tuple[str, ...]  # "path: N bytes free of M" for each, as measured


@dataclass(frozen=True)
class SpaceHold:
    """Hold: the retry cannot help until a person frees space."""

    reason: str


_QUOTED_PATH = re.compile(r"""['"](/[^'"\n]{1,400})['"]""")


def named_path(evidence: str | None) -> str | None:
    """The absolute path an error line quotes (``[Errno 122] Disk quota exceeded: '/home/u/x.pt'``)."""
    hit = _QUOTED_PATH.search(evidence or "")
    return hit.group(1) if hit else None


def space_step(response: Response | None, facts: Sequence[SpaceFact], evidence: str | None = None
               ) -> SpaceWait | SpaceHold | None:
    """What a retry of a disk fault waits for.

    Args:
        response: The fault's response (only ``space`` ones do anything).
        facts: The file systems the stage writes to, measured when the attempt ended.
        evidence: The fault's evidence line, for the path a quota message names.

    Returns:
        A wait on the file systems that are full, or when none is (the log named the full disk,
        and some room came back since), on those short of space (not ``ok_again``); a hold for a
        quota on a file system that is not full; None for a plain retry (nothing is short:
        the space came back already, or the full one is not a place tianluo knows the
        stage writes to, in which case the identical-failure rule stops the retries).
    """
    if response is None or response.space is None:
        return None
    short = [f for f in facts if not f.ok_again]
    if response.space == "quota" and not any(f.full for f in facts):
        where = named_path(evidence) or ", ".join(f.path for f in facts) or "the file system it writes to"
        return SpaceHold(f"quota spent on {where} (the file system is not full, so the quota is what ran out): "
                         "free some of your files there, then release --retry")
    if not short:
        return None
    # The places measured include what the command reads (a data set's disk, 1% free for months):
    # a wait is on the disk that ran out, not on every disk a retry would find a little short.
    short = [f for f in short if f.full] or short
    return SpaceWait(paths=tuple(f.path for f in short), facts=tuple(f.describe() for f in short))


def space_back(facts: Sequence[SpaceFact], paths: Sequence[str]) -> bool | None:
    """Whether the file systems waited for have room again; None when nothing was measured.

    A file system is known by the stage's folder that named it when it was measured; should
    none of those names come back (a mount appeared or went), every file system measured for
    the stage must have room.
    """
    if not facts:
        return None
    return all(f.ok_again for f in waited_for(facts, paths))


def waited_for(facts: Sequence[SpaceFact], paths: Sequence[str]) -> list[SpaceFact]:
    """The measured file systems a space wait is on: those ``paths`` name, else all of them."""
    return [f for f in facts if f.path in paths] or list(facts)


# --- plan time -----------------------------------------------------------------------------------


def plan_notes(planned) -> list[str]:
    """What plan.md says about a stage's responses: a trainer (it reports progress) with no change
    pre-authorised for a NaN loss is held after its first one (no fork is added: a hold is the
    safe default, and which param to change is the owner's call)."""
    if planned.progress is None or "nan_loss" in planned.degrade or "config" in planned.degrade:
        return []
    return ["on a NaN/inf loss (`nan_loss`) it is held after that one attempt: no change is pre-authorised "
            "(to offer one, add e.g. `degrade: {nan_loss: [{name: halve_lr, params: {lr: {multiply: 0.5}}}]}` "
            "and answer its question)"]
