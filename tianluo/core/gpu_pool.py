"""The GPU host's pool, pure: which GPUs this run holds, which are free, busy with another user's process or
out of the pool; who gets them next; which GPU failed under which attempt.

No I/O and no clock: the inventory comes in as ``GpuInventory`` (read once by the tick), time as ``now``.
A GPU is held by the current attempt of a stage that is submitted, running or held while that attempt
has not ended: the allocation is recorded with the attempt before its launch, so a tick killed at any
moment never hands the same GPU out twice, and the GPUs come back the moment the attempt is recorded
ended (exited, lost, cancelled).
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from tianluo.core.gpu_facts import Gpu, GpuInventory, XidEvent
from tianluo.models.model import RunState, StageState
from tianluo.models.plan_model import Plan, PlannedStage
from tianluo.models.states import ACTIVE, StageStatus
from tianluo.planning.host_spec import HostPlan, mem_bytes

#: A stage in these holds its current attempt's GPUs until that attempt ends (a held hung job still runs).
HOLDING = frozenset(ACTIVE | {StageStatus.HELD})
#: Utilisation (percent) at or below which a GPU reads idle, and at or above which it reads at full use.
IDLE_UTIL, BUSY_UTIL = 0, 95


def gpus_wanted(planned: PlannedStage) -> int:
    return planned.resources.gpu_count if planned.resources is not None else 0


def cpus_wanted(planned: PlannedStage) -> int:
    return planned.resources.cpus or 1 if planned.resources is not None else 1


def mem_wanted(planned: PlannedStage) -> int:
    return mem_bytes(planned.resources.mem) if planned.resources is not None and planned.resources.mem else 0


def live_attempt(stage: StageState):
    """The attempt that holds the stage's GPUs (and slots), or None."""
    attempt = stage.current()
    if attempt is None or attempt.ended_at is not None or stage.status not in HOLDING:
        return None
    return attempt


def holders(state: RunState) -> dict[int, str]:
    """GPU index -> the stage id whose live attempt holds it."""
    out: dict[int, str] = {}
    for ename, entity in state.entities.items():
        for sname, stage in entity.stages.items():
            attempt = live_attempt(stage)
            if attempt is not None and attempt.gpus:
                for index in attempt.gpus:
                    out[index] = f"{ename}.{sname}"
    return out


def slots_used(state: RunState) -> tuple[int, int]:
    """CPUs and memory (bytes) the live attempts of the run hold, by their stages' resources."""
    cpus = mem = 0
    for ename, entity in state.entities.items():
        planned_entity = state.plan.entities.get(ename)
        for sname, stage in entity.stages.items():
            if planned_entity is None or sname not in planned_entity.stages or live_attempt(stage) is None:
                continue
            planned = planned_entity.stages[sname]
            cpus += cpus_wanted(planned)
            mem += mem_wanted(planned)
    return cpus, mem


def out_indices(state: RunState) -> dict[int, str]:
    return {o.index: o.reason for o in state.gpus.out} if state.gpus is not None else {}


def usable(host: HostPlan, inv: GpuInventory | None, out: dict[int, str]) -> list[int]:
    """The GPUs tianluo may hand out at all: the spec's list (or every GPU listed), minus those out of the pool."""
    named = host.gpus if isinstance(host.gpus, list) else None
    if named is not None:
        base = list(named)
    elif inv is not None:
        base = [g.index for g in inv.gpus]
    else:
        base = []
    return sorted(i for i in base if i not in out)


@dataclass
class Pool:
    """One decision's view of the host: what is free and why the rest is not."""

    free: list[int]
    why_not: dict[int, str] = field(default_factory=dict)  # index -> why it is not free
    usable: int = 0  # GPUs tianluo may hand out at all (free or not)
    error: str | None = None  # nvidia-smi did not answer: nothing is handed out
    cpus_free: int | None = None  # None: not counted
    mem_free: int | None = None

    def describe(self, limit: int = 4) -> str:
        """'1 of 4 free; GPU 2 used by pid 4242 (alice), another user's; GPU 0 held by a.train'."""
        head = f"{len(self.free)} of {self.usable} free"
        notes = [f"GPU {i} {why}" for i, why in sorted(self.why_not.items())]
        if len(notes) > limit:
            notes = notes[:limit] + [f"{len(notes) - limit} more"]
        return "; ".join([head, *notes])


def pool(state: RunState, inv: GpuInventory | None) -> Pool:
    """What can be handed out now. With an inventory, a GPU is free when it is usable, not held by this run,
    not lost, and no other process uses more than ``host.busy_mib`` of it."""
    host = state.plan.host
    assert host is not None, "only a run with a host has a GPU pool"
    out = out_indices(state)
    held = holders(state)
    cpus, mem = slots_free(state, host)
    if inv is not None and inv.error is not None:
        return Pool(free=[], usable=len(usable(host, None, out)), error=inv.error, cpus_free=cpus, mem_free=mem)
    ok = usable(host, inv if host.inventory else None, out)
    why: dict[int, str] = {i: f"held by {sid}" for i, sid in held.items() if i in ok}
    for index, reason in out.items():
        why[index] = f"out of the pool ({reason})"
    if host.inventory and inv is not None:
        listed = inv.by_index()
        others = foreign_use(state, inv)
        for index in ok:
            gpu = listed.get(index)
            if index in why:
                continue
            if gpu is None:
                why[index] = "not listed by nvidia-smi"
            elif gpu.lost:
                why[index] = f"reads as lost ({gpu.lost})"
            elif index in others:
                why[index] = others[index]
    free = [i for i in ok if i not in why]
    return Pool(free=free, why_not=why, usable=len(ok), cpus_free=cpus, mem_free=mem)


def slots_free(state: RunState, host: HostPlan) -> tuple[int | None, int | None]:
    """CPUs and memory (bytes) still free of what ``host`` counts; None for what it does not count."""
    if host.cpus is None and host.mem is None:
        return None, None
    cpus, mem = slots_used(state)
    return (None if host.cpus is None else host.cpus - cpus,
            None if host.mem is None else mem_bytes(host.mem) - mem)


def foreign_use(state: RunState, inv: GpuInventory) -> dict[int, str]:
    """GPU index -> why it is busy with a process that is not this run's (another user's job, another run's):
    above ``host.busy_mib``, by its compute processes, or by its memory when nvidia-smi names none (a
    container that cannot see the other processes)."""
    host = state.plan.host
    assert host is not None
    held = holders(state)
    by_uuid = inv.by_uuid()
    apps: dict[int, list[str]] = {}
    for app in inv.apps:
        gpu = by_uuid.get(app.gpu_uuid)
        if gpu is None or gpu.index in held:
            continue
        if app.used_mib is not None and app.used_mib <= host.busy_mib:
            continue
        who = f"{app.user}, " if app.user else ""
        used = f"{app.used_mib} MiB" if app.used_mib is not None else "memory unknown"
        apps.setdefault(gpu.index, []).append(f"pid {app.pid} ({who}{used})")
    out = {i: "used by " + ", ".join(procs[:3]) + ", not this run's" for i, procs in apps.items()}
    for gpu in inv.gpus:
        if gpu.index not in out and gpu.index not in held and gpu.memory_used_mib is not None \
                and gpu.memory_used_mib > host.busy_mib:
            out[gpu.index] = f"has {gpu.memory_used_mib} MiB in use by a process nvidia-smi does not name"
    return out


# --- who gets GPUs next -----------------------------------------------------------------


def priorities(plan: Plan, ids: list[str], needs: dict[str, list[str]]) -> dict[str, tuple]:
    """The order in which ready stages get GPUs: the longest remaining critical path first (the sum of
    ``expected`` along the longest chain of stages that follow it), then the longest chain, then plan
    order. ``plan`` states the same order."""
    users: dict[str, list[str]] = {sid: [] for sid in ids}
    for sid in ids:
        for n in needs.get(sid, []):
            if n in users:
                users[n].append(sid)
    expected = {}
    for sid in ids:
        ename, sname = sid.rsplit(".", 1)
        expected[sid] = plan.entities[ename].stages[sname].expected or 0.0
    path: dict[str, tuple[float, int]] = {}
    for sid in reversed(_topo(ids, needs)):
        after = max((path[u] for u in users[sid]), default=(0.0, 0))
        path[sid] = (expected[sid] + after[0], 1 + after[1])
    return {sid: (-path[sid][0], -path[sid][1], i) for i, sid in enumerate(ids)}


def gpu_order(plan: Plan) -> list[tuple[str, int, float]]:
    """(stage id, GPUs, critical path in seconds) of the stages that ask for GPUs, in the order they get them
    when more are ready than fit: what plan.md states."""
    ids, needs = [], {}
    for ename, entity in plan.entities.items():
        for sname, planned in entity.stages.items():
            sid = f"{ename}.{sname}"
            ids.append(sid)
            needs[sid] = list(planned.needs)
    order = priorities(plan, ids, needs)
    asking = []
    for sid in sorted(ids, key=lambda sid: order[sid]):
        ename, sname = sid.rsplit(".", 1)
        n = gpus_wanted(plan.entities[ename].stages[sname])
        if n:
            asking.append((sid, n, -order[sid][0]))
    return asking


def _topo(ids: list[str], needs: dict[str, list[str]]) -> list[str]:
    """Ids with every stage after what it needs (iterative: a 10,000-stage chain must not recurse)."""
    known = set(ids)
    waiting = {sid: len([n for n in needs.get(sid, []) if n in known]) for sid in ids}
    users: dict[str, list[str]] = {sid: [] for sid in ids}
    for sid in ids:
        for n in needs.get(sid, []):
            if n in known:
                users[n].append(sid)
    ready = [sid for sid in ids if waiting[sid] == 0]
    out = []
    while ready:
        sid = ready.pop()
        out.append(sid)
        for u in users[sid]:
            waiting[u] -= 1
            if waiting[u] == 0:
                ready.append(u)
    placed = set(out)  # once: a set per id made this quadratic (6 s of a 10,000-stage plan)
    return out + [sid for sid in ids if sid not in placed]


@dataclass(frozen=True)
class Ask:
    """A ready stage's request: GPUs, CPUs, memory; since when it has waited."""

    sid: str
    gpus: int
    cpus: int = 1
    mem: int = 0
    waiting_since: datetime | None = None


@dataclass(frozen=True)
class Grant:
    gpus: tuple[int, ...]


@dataclass(frozen=True)
class Wait:
    reason: str
    never: bool = False  # it can never fit (asks for more than the host may ever give): a hold, not a wait


def assign(p: Pool, asks: Iterable[Ask], now: datetime, reserve_after: float) -> dict[str, Grant | Wait]:
    """Hand out the free GPUs (and slots) to ``asks``, already in priority order: first fit, lowest
    indices first. A stage that does not fit lets later ones start, unless it has waited ``reserve_after``:
    then nothing behind it starts on GPUs until it fits (a 2-GPU stage is not starved by 1-GPU ones)."""
    free = list(p.free)
    cpus, mem = p.cpus_free, p.mem_free
    out: dict[str, Grant | Wait] = {}
    reserved_by: str | None = None
    for ask in asks:
        if ask.gpus > 0 and ask.gpus > p.usable and p.error is None:
            out[ask.sid] = Wait(f"asks for {ask.gpus} GPUs, but only {p.usable} may be handed out on this host"
                                + _out_note(p), never=True)
            continue
        if ask.gpus > 0 and p.error is not None:
            out[ask.sid] = Wait(f"waiting for {_n(ask.gpus)}: nvidia-smi does not answer ({p.error}); nothing "
                                "starts on GPUs until it does")
            continue
        if ask.gpus > 0 and reserved_by is not None:
            out[ask.sid] = Wait(f"waiting for {_n(ask.gpus)}: {reserved_by} waited longest and goes first "
                                f"({p.describe()})")
            continue
        short = []
        if ask.gpus > len(free):
            short.append(f"{_n(ask.gpus)}: {len(free)} of {p.usable} free" + _why(p, free))
        if cpus is not None and ask.cpus > cpus:
            short.append(f"{ask.cpus} CPUs: {max(cpus, 0)} free")
        if mem is not None and ask.mem > mem:
            short.append(f"{_gib(ask.mem)} of memory: {_gib(max(mem, 0))} free")
        if short:
            out[ask.sid] = Wait("waiting for " + "; and ".join(short))
            waited = (now - ask.waiting_since).total_seconds() if ask.waiting_since else 0.0
            if ask.gpus > 0 and waited >= reserve_after and reserved_by is None:
                reserved_by = ask.sid
            continue
        taken = tuple(free[: ask.gpus])
        free = free[ask.gpus:]
        if cpus is not None:
            cpus -= ask.cpus
        if mem is not None:
            mem -= ask.mem
        out[ask.sid] = Grant(taken)
    return out


def _why(p: Pool, free: list[int]) -> str:
    notes = [f"GPU {i} {why}" for i, why in sorted(p.why_not.items())]
    taken_now = len(p.free) - len(free)
    if taken_now:
        notes.insert(0, f"{taken_now} handed out this tick")
    if len(notes) > 4:
        notes = notes[:4] + [f"{len(notes) - 4} more"]
    return "".join(f", {n}" for n in notes)


def _out_note(p: Pool) -> str:
    outs = [f"GPU {i} {w}" for i, w in sorted(p.why_not.items()) if w.startswith("out of the pool")]
    return f" ({'; '.join(outs)})" if outs else ""


def _n(gpus: int) -> str:
    return "1 GPU" if gpus == 1 else f"{gpus} GPUs"


def _gib(n: int) -> str:
    return f"{n / (1 << 30):.1f}G"


# --- health ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    """A GPU found failed this tick: it leaves the pool, and the attempt on it is retried elsewhere."""

    index: int
    uuid: str
    detail: str


def problems(state: RunState, inv: GpuInventory) -> list[Problem]:
    """GPUs that failed in hardware, by the host's own word (never by a job's log): gone from nvidia-smi's
    list or listed as lost, a hardware Xid in the kernel log, uncorrected ECC errors rising. Only GPUs
    still in the pool (a GPU out already is not news), and nothing while nvidia-smi does not answer."""
    if inv.error is not None or inv.missing:
        return []
    host = state.plan.host
    out = out_indices(state)
    listed = inv.by_index()
    held_uuid = _held_uuids(state)
    named = host.gpus if host is not None and isinstance(host.gpus, list) else None
    watched = set(named if named is not None else listed) | set(held_uuid)
    ecc = state.gpus.ecc if state.gpus is not None else {}
    found: list[Problem] = []
    xids: dict[str, XidEvent] = {}
    for event in inv.xids:
        if event.hardware:
            xids.setdefault(event.pci_bus_id, event)
    for index in sorted(watched - set(out)):
        gpu = listed.get(index)
        uuid = held_uuid.get(index, gpu.uuid if gpu else "")
        detail = _problem(gpu, index, uuid, inv, xids, ecc)
        if detail:
            found.append(Problem(index=index, uuid=uuid or (gpu.uuid if gpu else ""), detail=detail))
    return found


def _problem(gpu: Gpu | None, index: int, uuid: str, inv: GpuInventory, xids: dict, ecc: dict[str, int]) -> str:
    if gpu is None:
        lost = f" (nvidia-smi: GPU {', '.join(inv.lost)} is lost)" if inv.lost else ""
        return f"GPU {index} is gone from nvidia-smi's list{lost}"
    if uuid and gpu.uuid != uuid:
        return f"GPU {index} is now {gpu.uuid}, not {uuid} as when it was handed out (gone or renumbered)"
    if gpu.lost:
        return f"GPU {index} reads as lost ({gpu.lost})"
    if gpu.pci_bus_id and gpu.pci_bus_id in inv.lost:
        return f"GPU {index} ({gpu.pci_bus_id}) is lost, says nvidia-smi"
    event = xids.get(gpu.pci_bus_id) if gpu.pci_bus_id else None
    if event is not None:
        return f"GPU {index}: kernel log: Xid {event.xid}: {event.text[:300]}"
    before = ecc.get(gpu.uuid)
    if gpu.ecc_uncorrected is not None and before is not None and gpu.ecc_uncorrected > before:
        return f"GPU {index}: uncorrected ECC errors rose from {before} to {gpu.ecc_uncorrected}"
    return ""


def _held_uuids(state: RunState) -> dict[int, str]:
    out: dict[int, str] = {}
    for entity in state.entities.values():
        for stage in entity.stages.values():
            attempt = live_attempt(stage)
            if attempt is not None and attempt.gpus:
                uuids = attempt.gpu_uuids + [""] * len(attempt.gpus)
                out.update(zip(attempt.gpus, uuids[: len(attempt.gpus)], strict=True))
    return out


def activity(gpus: list[int], inv: GpuInventory | None) -> str | None:
    """'idle' when every GPU of ``gpus`` reads 0%, 'busy' when every one reads at full use, None otherwise
    (or when not known this tick)."""
    if not gpus or inv is None or inv.error is not None:
        return None
    listed = inv.by_index()
    utils = [listed[i].utilization if i in listed else None for i in gpus]
    if any(u is None for u in utils):
        return None
    if all(u is not None and u <= IDLE_UTIL for u in utils):
        return "idle"
    if all(u is not None and u >= BUSY_UTIL for u in utils):
        return "busy"
    return None


def describe_gpus(gpus: list[int], inv: GpuInventory | None) -> list[str]:
    """'GPU 1 (A100): 97%, 61234 of 81920 MiB' for each GPU of an attempt, as this tick saw them."""
    listed = inv.by_index() if inv is not None else {}
    out = []
    for i in gpus:
        g = listed.get(i)
        if g is None:
            out.append(f"GPU {i}: not seen this tick")
            continue
        util = f"{g.utilization}%" if g.utilization is not None else "use unknown"
        mem = (f", {g.memory_used_mib} of {g.memory_total_mib} MiB" if g.memory_used_mib is not None
               and g.memory_total_mib is not None else "")
        out.append(f"GPU {i} ({g.name or g.uuid}): {util}{mem}" + (f", LOST ({g.lost})" if g.lost else ""))
    return out
