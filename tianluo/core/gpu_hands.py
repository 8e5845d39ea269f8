"""The owner's hand on the GPU pool, pure: give a GPU that left the pool back (``tianluo gpus --restore``)."""

from datetime import datetime

from tianluo.core.events import Kind
from tianluo.core.events import event as new_event
from tianluo.core.holds import HandsResult
from tianluo.errors import TianluoError
from tianluo.models.model import RunState
from tianluo.timefmt import iso


def restore(state: RunState, indices: list[int], now: datetime) -> HandsResult:
    """``state`` with the GPUs ``indices`` back in the pool (each must be out of it).

    Raises:
        TianluoError: not a GPU host, or a GPU that is not out of the pool (one line, exit 2).
    """
    host = state.plan.host
    if host is None or not host.gpu_host:
        raise TianluoError(f"run {state.run_id} does not hand out GPUs (not a GPU host); there is nothing to restore")
    out = {o.index: o for o in state.gpus.out} if state.gpus is not None else {}
    missing = [i for i in indices if i not in out]
    if missing:
        listed = ", ".join(str(i) for i in sorted(out)) or "none"
        raise TianluoError(f"gpus --restore: GPU {', '.join(map(str, missing))} is not out of the pool (out: "
                           f"{listed})")
    new = state.model_copy(deep=True)
    assert new.gpus is not None
    new.gpus.out = [o for o in new.gpus.out if o.index not in indices]
    events = [new_event(Kind.GPU_RESTORED, iso(now), f"GPU {i} is back in the pool, by hand (it left it: "
                        f"{out[i].reason[:200]})", gpu=i, uuid=out[i].uuid) for i in indices]
    return HandsResult(state=new, events=events, notes=[f"GPU {i} is back in the pool" for i in indices])
