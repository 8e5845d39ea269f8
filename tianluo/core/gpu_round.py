"""The GPU host's part of one decision, pure: fold the tick's inventory into state, take failed GPUs out of
the pool, hand GPUs to ready stages, and read GPU activity as hang evidence.

Called by ``decide`` (``look`` before any attempt is judged, ``grants`` before stages are scheduled) and by
``judge`` (``hang_reason``). Policy only; the inventory was read by the shell (``tianluo.shell.gpu_inventory``).
"""

from datetime import datetime

from tianluo.core import gpu_pool
from tianluo.core.draft import Draft
from tianluo.core.gpu_facts import GpuInventory
from tianluo.models.model import (
    Attempt,
    Fault,
    GpuOut,
    GpuPool,
    GpuSeen,
    KernelLogRecord,
    RunState,
    StageState,
    split_stage_id,
)
from tianluo.models.plan_model import PlannedStage
from tianluo.models.states import DONE, FaultClass, StageStatus

GPU_FAULT = "gpu_fault"


def gpu_host(state: RunState) -> bool:
    return state.plan.host is not None and state.plan.host.gpu_host


def look(ctx: Draft) -> None:
    """This tick's inventory into ``state.gpus``: nvidia-smi's silences, the kernel log's cursor, the ECC
    counts, what status shows; a GPU that failed leaves the pool, and the attempt on it gets a gpu_fault
    (``ctx.gpu_faults``), whatever its own log says."""
    state = ctx.state
    if not gpu_host(state):
        return
    if state.gpus is None:
        state.gpus = GpuPool()
    pool = state.gpus
    inv = ctx.gpus
    if inv is None:
        return
    if inv.error is not None:
        pool.error = inv.error
        if pool.error_since is None:
            pool.error_since = ctx.now
            ctx.event("gpu_unanswered", None, f"nvidia-smi: {inv.error}; nothing starts on GPUs until it answers "
                      "(running jobs are watched as usual)", error=inv.error)
            ctx.tell("gpu", f"gpu:unanswered:{ctx.now.isoformat()}",
                  f"tianluo: nvidia-smi does not answer on the host of {state.plan.name}",
                  f"{state.run_id}: {inv.error}. No stage starts on GPUs until it answers; a driver that stays "
                  "down needs a person (nvidia-smi by hand, dmesg, a reboot).")
        return
    if pool.error_since is not None:
        silent = (ctx.now - pool.error_since).total_seconds()
        ctx.event("gpu_answers", None, f"nvidia-smi answers again after {silent:.0f}s", silent_s=round(silent))
    pool.error = None
    pool.error_since = None
    pool.kernel_log_note = inv.kernel_log_note
    if inv.kernel_log is not None:
        c = inv.kernel_log
        pool.kernel_log = KernelLogRecord(path=c.path, inode=c.inode, offset=c.offset)
    held = gpu_pool.holders(state)
    for problem in gpu_pool.problems(state, inv):
        pool.out.append(GpuOut(index=problem.index, uuid=problem.uuid, reason=problem.detail, at=ctx.now))
        sid = held.get(problem.index)
        on = f"; it held {sid}'s attempt, which is retried on other GPUs" if sid else ""
        ctx.event("gpu_out", None, f"GPU {problem.index} left the pool: {problem.detail}{on}; it is not handed "
                  f"out again until you give it back (tianluo gpus --restore {problem.index})",
                  gpu=problem.index, uuid=problem.uuid, reason=problem.detail)
        ctx.tell("gpu", f"gpu:out:{problem.index}:{ctx.now.isoformat()}",
              f"tianluo: GPU {problem.index} left the pool ({state.plan.name})",
              f"{state.run_id}: {problem.detail}{on}. Check the GPU (nvidia-smi -q, dmesg, a reset or a reboot), "
              f"then give it back: tianluo gpus --restore {problem.index}")
        if sid is not None and sid not in ctx.gpu_faults:
            ctx.gpu_faults[sid] = Fault(klass=FaultClass.TRANSIENT, label=GPU_FAULT, free=True,
                                        evidence=f"host: {problem.detail}")
    _app_xids(ctx, inv, held)
    pool.ecc = {**pool.ecc, **{g.uuid: g.ecc_uncorrected for g in inv.gpus if g.ecc_uncorrected is not None}}
    others = gpu_pool.foreign_use(state, inv) if state.plan.host and state.plan.host.inventory else {}
    pool.seen = [GpuSeen(index=g.index, uuid=g.uuid, name=g.name, utilization=g.utilization,
                         memory_used_mib=g.memory_used_mib, memory_total_mib=g.memory_total_mib, lost=g.lost,
                         others=[others[g.index]] if g.index in others else []) for g in inv.gpus]
    pool.seen_at = ctx.now


def _app_xids(ctx: Draft, inv: GpuInventory, held: dict[int, str]) -> None:
    """An application's Xid (13, 31, 43...) on a GPU the run holds: evidence for its attempt, not a GPU fault."""
    by_bus = {g.pci_bus_id: g.index for g in inv.gpus if g.pci_bus_id}
    for x in inv.xids:
        index = by_bus.get(x.pci_bus_id)
        if x.hardware or index is None or index not in held:
            continue
        ctx.event("gpu_xid", held[index], f"GPU {index}: Xid {x.xid} (an application error, the GPU stays in the "
                  f"pool): {x.text[:300]}", gpu=index, xid=x.xid)


# --- handing GPUs out ---------------------------------------------------------------------


def grants(ctx: Draft, ids: list[str], needs: dict[str, list[str]], order: list[str]) -> dict:
    """For each stage due to start now (``due_ids`` of ``order``), a ``gpu_pool.Grant`` or ``gpu_pool.Wait``,
    handed out in priority order (``gpu_pool.priorities``). Empty when the run hands nothing out (no walk of
    the stages then: a 10,000-stage run on a host that is no GPU host pays nothing)."""
    state = ctx.state
    host = state.plan.host
    if host is None or not (host.gpu_host or host.cpus is not None or host.mem is not None):
        return {}
    ready = due_ids(state, order, needs, ctx.now)
    if not ready:
        return {}
    inv = ctx.gpus
    asks = []
    for sid in ready:
        planned = ctx.planned(sid)
        wants = gpu_pool.gpus_wanted(planned) if host.gpu_host else 0
        counted = host.cpus is not None or host.mem is not None
        if wants == 0 and not counted:
            continue
        asks.append(gpu_pool.Ask(sid=sid, gpus=wants, cpus=gpu_pool.cpus_wanted(planned),
                                 mem=gpu_pool.mem_wanted(planned), waiting_since=state.stage(sid).gpu_wait_since))
    if not asks:
        return {}
    if host.gpu_host and host.inventory and inv is None:
        p = gpu_pool.Pool(free=[], usable=len(gpu_pool.usable(host, None, gpu_pool.out_indices(state))),
                          error="not looked at this tick")
    elif host.gpu_host:
        p = gpu_pool.pool(state, inv)
    else:
        cpus, mem = gpu_pool.slots_free(state, host)
        p = gpu_pool.Pool(free=[], cpus_free=cpus, mem_free=mem)
    rank = gpu_pool.priorities(state.plan, ids, needs)
    asks.sort(key=lambda a: rank[a.sid])
    return gpu_pool.assign(p, asks, ctx.now, host.reserve_after)


def give(ctx: Draft, sid: str, stage: StageState, attempt: Attempt, grant) -> None:
    """Record the GPUs a new attempt gets, before its launch (submit is record)."""
    state = ctx.state
    if not gpu_host(state):
        return
    host = state.plan.host
    assert host is not None
    stage.gpu_wait_since = None
    if grant is not None and grant.gpus:
        attempt.gpus = list(grant.gpus)
        listed = ctx.gpus.by_index() if ctx.gpus is not None else {}
        attempt.gpu_uuids = [listed[i].uuid if i in listed else "" for i in grant.gpus]
    elif host.hide_gpus or gpu_pool.gpus_wanted(ctx.planned(sid)) > 0:
        attempt.gpus = []


def wait(ctx: Draft, sid: str, stage: StageState, reason: str, gpus: int) -> None:
    """A ready stage that does not fit: it says what it waits for (status shows it), once as an event."""
    if stage.gpu_wait_since is None:
        stage.gpu_wait_since = ctx.now
        ctx.event("waiting_for_gpus", sid, reason, gpus=gpus, reason=reason)
    stage.reason = reason


# --- hang evidence ------------------------------------------------------------------------


def track(ctx: Draft, attempt: Attempt, bytes_read: int) -> None:
    """Each tick, for a running attempt: when its log last grew, and since when its GPUs read idle or busy."""
    if bytes_read > 0 or attempt.log_moved_at is None:
        attempt.log_moved_at = ctx.now if bytes_read > 0 else (attempt.started_at or ctx.now)
    if not attempt.gpus or ctx.gpus is None or ctx.gpus.error is not None:
        return  # not known this tick: the clocks are left as they are
    now_is = gpu_pool.activity(attempt.gpus, ctx.gpus)
    attempt.gpu_idle_since = (attempt.gpu_idle_since or ctx.now) if now_is == "idle" else None
    attempt.gpu_busy_since = (attempt.gpu_busy_since or ctx.now) if now_is == "busy" else None


def hang_reason(ctx: Draft, planned: PlannedStage, stage: StageState, attempt: Attempt,
                progress_reason: str | None) -> str | None:
    """The hang verdict with the GPUs' word: a progress rule's reason gets what the GPUs did meanwhile; with
    no progress rule firing, GPUs idle (or spinning at full use) for the stall window while the log is
    silent (and progress, where configured, has not moved) is a hang too."""
    if not attempt.gpus:
        return progress_reason
    window = _window(ctx, planned)
    idle = _for(ctx.now, attempt.gpu_idle_since)
    busy = _for(ctx.now, attempt.gpu_busy_since)
    gpus = ", ".join(str(i) for i in attempt.gpus)
    if progress_reason is not None:
        if idle >= 60:
            return f"{progress_reason}; its GPUs ({gpus}) sat idle at 0% for {_span(idle)}"
        if busy >= 60:
            return f"{progress_reason}; its GPUs ({gpus}) spun at full use for {_span(busy)} (a deadlock, e.g. NCCL)"
        return progress_reason
    silent = _for(ctx.now, attempt.log_moved_at)
    since = attempt.resumed_at or attempt.started_at
    moved = stage.progress.seen_at if stage.progress is not None and since and stage.progress.seen_at >= since \
        else None
    still = _for(ctx.now, moved) if moved is not None else silent
    if idle >= window and silent >= window and still >= window:
        return (f"its GPUs ({gpus}) sat idle at 0% for {_span(idle)} while its log was silent for {_span(silent)} "
                f"(window {_span(window)})")
    if busy >= window and silent >= window and still >= window:
        return (f"its GPUs ({gpus}) spun at full use for {_span(busy)} with no progress and a silent log for "
                f"{_span(silent)} (window {_span(window)}): a deadlock (e.g. an NCCL collective), not work")
    return None


def describe(ctx: Draft, attempt: Attempt) -> list[str]:
    """The scheduler layer's GPU lines of a live attempt: each GPU's use this tick, and how long they sat idle
    or at full use."""
    lines = gpu_pool.describe_gpus(attempt.gpus or [], ctx.gpus)
    idle, busy = _for(ctx.now, attempt.gpu_idle_since), _for(ctx.now, attempt.gpu_busy_since)
    if idle >= 60:
        lines.append(f"idle (0%) for {_span(idle)}")
    elif busy >= 60:
        lines.append(f"at full use for {_span(busy)}")
    return lines


def _window(ctx: Draft, planned: PlannedStage) -> float:
    host = ctx.state.plan.host
    if planned.progress is not None and planned.progress.stall_after:
        return max(planned.progress.stall_after, planned.progress.startup_after or 0.0)
    return host.idle_after if host is not None else 3600.0


def _for(now: datetime, since: datetime | None) -> float:
    return (now - since).total_seconds() if since is not None else 0.0


def _span(seconds: float) -> str:
    seconds = int(seconds)
    if seconds < 120:
        return f"{seconds}s"
    if seconds < 7200:
        return f"{seconds // 60}m"
    return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"


def due_ids(state: RunState, ids: list[str], needs: dict[str, list[str]], now: datetime) -> list[str]:
    """The stages that would start now but for resources: pending with every need done, or retrying and due;
    their entity not held by a human."""
    out = []
    for sid in ids:
        ename, _ = split_stage_id(sid)
        if state.entities[ename].hold is not None:
            continue
        stage = state.stage(sid)
        if stage.status not in (StageStatus.PENDING, StageStatus.RETRY_WAIT):
            continue
        if not all(state.stage(n).status in DONE for n in needs[sid]):
            continue
        if stage.status == StageStatus.RETRY_WAIT and (
                (stage.next_attempt_at is not None and stage.next_attempt_at > now) or stage.wait is not None):
            continue
        out.append(sid)
    return out
