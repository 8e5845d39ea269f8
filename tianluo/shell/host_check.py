"""What the local host says about its GPUs, asked once: ``start`` locks it (a GPU host or not) and refuses a
stage that can never get its GPUs; ``plan`` only warns, so a spec can be planned on a laptop."""

import shutil
from pathlib import Path

from tianluo.errors import TianluoError
from tianluo.models.plan_model import Plan
from tianluo.shell.gpu_inventory import read_inventory

#: ``start`` waits at most this long for nvidia-smi (the spec's timeout, if shorter).
START_TIMEOUT_S = 30.0


def gpu_stages(plan: Plan) -> list[tuple[str, int]]:
    """(stage id, GPUs asked for) of every stage that asks for GPUs, in plan order."""
    return [(f"{e}.{s}", p.resources.gpu_count) for e, ent in plan.entities.items() for s, p in ent.stages.items()
            if p.resources is not None and p.resources.gpu_count > 0]


def resolve_host(plan: Plan, spec_path: Path) -> Plan:
    """The plan with its host resolved: whether GPUs are handed out, and whether nvidia-smi is read each tick.

    Raises:
        TianluoError: a stage asks for GPUs the host cannot give (no nvidia-smi and no GPUs named, nvidia-smi
            failing, named GPUs it does not list, more GPUs than may be handed out): one line, exit 2.
    """
    host = plan.host
    if host is None:
        return plan
    asking = gpu_stages(plan)
    named = host.gpus if isinstance(host.gpus, list) else None
    found = shutil.which(host.nvidia_smi)
    if not asking:  # no stage asks for GPUs: only whether this is a GPU host (CPU stages see none), no call
        if found is None and named is None:
            return plan
        update = {"gpu_host": True, "inventory": found is not None, "nvidia_smi_path": found}
        return plan.model_copy(update={"host": host.model_copy(update=update)})
    inv = read_inventory(found or host.nvidia_smi, min(host.nvidia_smi_timeout, START_TIMEOUT_S))
    if inv.error is not None:  # it is there, but does not answer
        raise TianluoError(f"{spec_path}: host: {host.nvidia_smi} does not answer ({inv.error}), so no GPU "
                           "can be handed out; fix the driver (run nvidia-smi by hand), then start again")
    if inv.missing and named is None:
        sid, n = asking[0]
        raise TianluoError(
            f"{spec_path}: entities.{_where(sid)}.resources.gpus: it asks for {n} GPU(s), but this host has no "
            f"{host.nvidia_smi} (a host without GPUs): start it on a GPU host, or name the GPUs tianluo may hand "
            "out (host: {gpus: [0, 1]})")
    listed = sorted(g.index for g in inv.gpus)
    unknown = [i for i in named or [] if i not in listed]
    if unknown and not inv.missing:
        raise TianluoError(f"{spec_path}: host.gpus names GPU {', '.join(map(str, unknown))}, but "
                           f"{host.nvidia_smi} lists {_indices(listed)}; name GPUs it lists")
    may = len(named) if named is not None else len(listed)
    for sid, n in asking:
        if n > may:
            raise TianluoError(f"{spec_path}: entities.{_where(sid)}.resources.gpus: it asks for {n} GPUs, but "
                               f"{may} may be handed out on this host; it could never start")
    update = {"gpu_host": True, "inventory": not inv.missing, "nvidia_smi_path": None if inv.missing else found}
    resolved = host.model_copy(update=update)
    return plan.model_copy(update={"host": resolved})


def plan_warnings(plan: Plan) -> list[str]:
    """What ``start`` would refuse about the host, said at plan time as warnings (the spec may be planned
    elsewhere than it runs). Only looks for nvidia-smi; never runs it."""
    host = plan.host
    asking = gpu_stages(plan)
    if host is None or not asking or isinstance(host.gpus, list):
        return []
    if shutil.which(host.nvidia_smi) is None:
        sid, n = asking[0]
        more = f" (and {len(asking) - 1} more stage(s))" if len(asking) > 1 else ""
        return [f"{sid} asks for {n} GPU(s){more}, but this host has no {host.nvidia_smi}: `start` will "
                "refuse here; run it on a GPU host, or name the GPUs (host: {gpus: [0, 1]})"]
    return []


def _where(sid: str) -> str:
    """'a.train' -> 'a.stages.train': where the stage stands in the spec."""
    return sid.replace(".", ".stages.", 1)


def _indices(listed: list[int]) -> str:
    if not listed:
        return "no GPU"
    return "GPU " + ", ".join(map(str, listed))
