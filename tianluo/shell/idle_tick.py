"""The tick of a finished run with nothing to do: no models, no backends.

A tick of a complete, expired or stopped run whose events are all in events.jsonl, whose
trigger is removed, with no stall to record and no tick asked for again, changes nothing.
``idle_tick`` takes the lock as that tick does, reads state.json plainly (``tianluo.shell.peek``)
and checks every field ``status`` shows (``status.build_status_plain``); any doubt and the
full tick runs. Its sibling for a run still going is ``tianluo.shell.quiet_tick``.
"""

import os
import re
from pathlib import Path

from tianluo.models.states import TERMINAL_PHASES
from tianluo.shell import fsio
from tianluo.shell.peek import (
    AGAIN,
    KEYS,
    PHASES,
    STALLED_MARK,
    STATE,
    field,
    get,
    items,
    known,
    last_seq,
    number,
    obj,
    one_of,
    optional,
    read_state,
    under_lock,
    when,
)


def may_be_finished(run_dir: Path) -> bool:
    """Whether the head of state.json may name a finished phase, read without the lock: a running run's tick (the
    one cron runs most) skips taking the lock for ``idle_tick`` only to find the run going on. Only a hint; a read
    that fails says yes, and ``idle_tick`` decides."""
    try:
        return _looks_finished(Path(run_dir))
    except Exception:  # noqa: BLE001 - a link, a damaged or missing file: idle_tick (then the full tick) names it
        return True


def idle_tick(run_dir: Path, budget: float | None = None) -> str | None:
    """The message of a tick with nothing to do, or None: then the full tick must run.

    A tick of a complete, expired or stopped run whose events are all in events.jsonl, whose
    trigger is removed, with no stall to record and no tick asked for again, changes nothing:
    this one takes the lock as that tick does (so it is turned away the same way), checks the
    run folder can be written as that tick does, reads state.json plainly and says what that
    tick says. Anything else, or any doubt, is None.
    """
    return under_lock(Path(run_dir), budget, _idle)


#: A finished run's phase, near the top of state.json (the model's field order puts it before the plan).
_FINISHED = re.compile(rb'"phase": *"(complete|expired|stopped)"')
HEAD = 64 * 1024


def _looks_finished(run_dir: Path) -> bool:
    """Whether the head of state.json names a finished phase: a running run's tick (the most common
    one) is not made to parse a big state twice. Only a hint: the full reading decides."""
    fd = fsio.open_file(run_dir / STATE, os.O_RDONLY)
    try:
        return _FINISHED.search(os.pread(fd, HEAD, 0)) is not None
    finally:
        os.close(fd)


def _idle(run_dir: Path) -> str | None:
    # build_status_plain checks every field status shows, as for status itself
    if any(os.path.lexists(run_dir / name) for name in (AGAIN, STALLED_MARK)):
        return None
    if not all(os.path.lexists(run_dir / name) for name in ("lessons.md", "COMPLETION.md")):
        return None  # the full tick writes what a killed ending tick did not
    try:
        if not _looks_finished(run_dir):
            return None
    except OSError:
        return None
    raw = read_state(run_dir)
    if get(raw, "RunState", "phase", one_of(*PHASES)) not in {p.value for p in TERMINAL_PHASES}:
        return None
    from tianluo.views.status import build_status_plain  # here: a running run's tick (the common one) never needs it

    doc = build_status_plain(raw, run_dir, lock=False, records=False)
    trigger = get(raw, "RunState", "trigger", optional(lambda v: known(v, KEYS["TriggerRecord"])))
    if trigger is not None:
        field(trigger, "kind", one_of("cron", "systemd", "daemon", "none"))
        field(trigger, "every", number)
        field(trigger, "installed_at", when)
        if get(trigger, "TriggerRecord", "removed_at", optional(when)) is None:
            return None  # the tick removes it
    outbox = get(raw, "RunState", "outbox", items)
    seqs = [e["seq"] for e in outbox if isinstance(obj(e).get("seq"), int)]
    if seqs and max(seqs) > last_seq(run_dir):
        return None  # the tick appends them
    if any(obj(n).get("sent_at") is None and obj(n).get("gave_up_at") is None
           for n in get(raw, "RunState", "notices", items)):
        return None  # the tick tries the notifications a failed send left
    return f"run {doc['run_id']} is {doc['phase']}; nothing to do"
