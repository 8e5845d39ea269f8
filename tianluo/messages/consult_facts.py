"""What the agent rung reads for a consult beside the state: the failed attempt's log tails and the
file systems its stage writes to (shell: files and statvfs; ``tianluo.views.prompt_fault`` renders them).

The tails are read as any log of an attempt (``logscan.tail_lines``): a regular file only, never
through a link, at most the last ``TAIL_BYTES``. The file systems are the stage's folders
(``write_places.stage_places``: its folders, its command's paths, its path parameters), each file system
once as ``hostspace.measure`` counts them (the facts the classifier's full-disk check uses), with every
place of the stage on it named; a read-only file system is left out, as the check leaves it out.
"""

import os
from pathlib import Path

from tianluo.models.model import RunState, split_stage_id
from tianluo.shell.hostspace import MAX_FOLDERS, measure_folder
from tianluo.shell.logscan import tail_lines
from tianluo.shell.write_places import stage_places
from tianluo.views.prompt_fault import MAX_TAIL_LINES, FaultFacts

TAIL_BYTES = 64 * 1024  # of each stream: its last lines are in there
MAX_NAMED = 4  # folders named per file system


def gather(run_dir: Path, state: RunState, sid: str, call: int) -> FaultFacts:
    """The facts of consult ``call`` of stage ``sid``: its attempt's stderr and stdout tails, the stage's
    file systems. Nothing is written; what cannot be read is left out."""
    stage = state.stage(sid)
    consult = next((c for c in stage.consults if c.call == call), None)
    attempt = next((a for a in stage.attempts if consult is not None and a.n == consult.attempt), None)
    if attempt is None or not attempt.dir:
        return FaultFacts()
    folder = Path(run_dir) / attempt.dir
    # twice the lines kept: blank ones are dropped before the last MAX_TAIL_LINES are quoted
    err, out = (tuple(tail_lines(folder / name, 2 * MAX_TAIL_LINES, max_bytes=TAIL_BYTES))
                for name in ("stderr", "stdout"))
    ename, sname = split_stage_id(sid)
    planned = state.plan.entities[ename].stages[sname]
    places = stage_places(planned, state.plan.workdir, os.path.abspath(folder), command=attempt.command)
    return FaultFacts(stderr=err, stdout=out, disks=disks(places))


def disks(folders: list[str]) -> tuple[str, ...]:
    """Each file system holding one of ``folders`` once, full ones first: ``FULL /mnt/ckpt: 0 bytes free of
    64.0 MiB (the stage's folders on it: /mnt/ckpt, /mnt/ckpt/run1)``."""
    found: dict[int, tuple] = {}
    for f in list(dict.fromkeys(os.path.normpath(f) for f in folders))[:MAX_FOLDERS]:
        measured = measure_folder(f)
        if measured is None:
            continue
        dev, space = measured
        if space is None:  # read-only (a squashfs data set reads as full) or statvfs failed: not a place it writes
            continue
        if dev in found:
            found[dev][1].append(f)
        else:
            found[dev] = (space, [f])
    lines = []
    for space, names in sorted(found.values(), key=lambda v: not v[0].full):  # stable: the stage's order otherwise
        more = f" and {len(names) - MAX_NAMED} more" if len(names) > MAX_NAMED else ""
        lines.append(("FULL " if space.full else "") + space.describe()
                     + f" (the stage's folders on it: {', '.join(names[:MAX_NAMED])}{more})")
    return tuple(lines)


__all__ = ["TAIL_BYTES", "disks", "gather"]
