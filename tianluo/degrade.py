"""The degrade rung's changes: declarative, pre-authorised, and computed purely.

A change only ever touches the entity's params or the stage's command variant; it is made
when the owner chose it at plan time, and never when it would change nothing (a batch
size already at its floor): then the stage is held instead.
"""

import math
from dataclasses import dataclass

from tianluo.spec_types import MAX_INT, DegradeAction, ParamChange


@dataclass(frozen=True)
class Change:
    action: str
    params: dict  # name -> new value
    variant: str | None
    lines: tuple[str, ...]  # "batch_size 32 -> 16", for events, status and the analysis
    exclude_host: str | None = None  # the host the failed attempt ran on, to leave out from now on


def plan_change(action: DegradeAction, params: dict, variant: str | None, host: str | None = None,
                excluded: tuple[str, ...] = ()) -> Change | None:
    """What ``action`` would change now, or None when it would change nothing.

    ``exclude_host`` needs the host the attempt failed on; with none known, or that host
    already excluded, it changes nothing.
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
    if not lines:
        return None
    return Change(action=action.name, params=new_params, variant=new_variant, lines=tuple(lines),
                  exclude_host=new_exclude)


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
    value = current * change.multiply if change.multiply is not None else current / change.divide
    if not math.isfinite(value) or abs(value) > MAX_INT:  # a value state.json, JSON tools and commands can carry
        return None
    if change.floor is not None and value < change.floor:
        value = max(change.floor, min(value, current)) if current >= change.floor else current  # never raised
    if isinstance(current, int):
        whole = int(value)  # a batch size stays an integer...
        value = whole if change.floor is None or whole >= change.floor else min(math.ceil(value), current)
    return value
