"""findings.md: the run's append-only scratch file, written by the owner or the agent (``tianluo note``).

Ticks never read it (state.json is the only input). Each note is one line, appended with one
``write()`` to a file opened ``O_APPEND`` below the guarded run folder (no link followed, no
hard link written through), so two notes at once never interleave and a note is never half
there. The file is created 0600 with its header and first note in one atomic step.
"""

import errno
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from tianluo.errors import TianluoError
from tianluo.plaintext import one_line
from tianluo.shell import fsio
from tianluo.timefmt import iso

FINDINGS = "findings.md"
MAX_TEXT = 2000  # characters of one note
MAX_NAMES = 20  # entities named in the refusal of an unknown one
HEADER = ("# Findings\n\n"
          "Notes by the owner or the agent (`tianluo note ENTITY TEXT`), oldest first. Append-only;\n"
          "tianluo's ticks never read this file: `state.json` is the run's only truth.\n\n")




def who() -> str:
    """"agent" inside an agent call (``TIANLUO_AGENT_CALL`` set), else the user's name."""
    if os.environ.get("TIANLUO_AGENT_CALL"):
        return "agent"
    name = one_line(os.environ.get("USER") or os.environ.get("LOGNAME") or "", 64)
    if not name:
        import pwd

        try:
            name = pwd.getpwuid(os.geteuid()).pw_name
        except KeyError:
            name = str(os.geteuid())
    return name


def check_subject(entities: dict, subject: str, run_id: str) -> str:
    """``subject`` (ENTITY or ENTITY.STAGE) if the run has it.

    Args:
        entities: entity name -> its stage names.

    Raises:
        TianluoError: unknown, with the known entities in the one line.
    """
    if subject in entities:
        return subject
    if "." in subject:
        ename, sname = subject.rsplit(".", 1)
        if ename in entities:
            if sname in entities[ename]:
                return subject
            raise TianluoError(f"note: {ename} has no stage {sname!r} in run {run_id}; its stages: "
                               f"{', '.join(entities[ename])}")
    names = list(entities)
    listed = ", ".join(names[:MAX_NAMES]) + (f" and {len(names) - MAX_NAMES} more" if len(names) > MAX_NAMES else "")
    raise TianluoError(f"note: no entity {one_line(subject, 80)!r} in run {run_id}; entities: {listed} "
                       "(name one, or ENTITY.STAGE)")


def entry(now: datetime, subject: str, by: str, text: str) -> str:
    """One note as its line in findings.md."""
    return f"- {iso(now)} {subject} ({by}): {text}\n"


@dataclass
class NoteResult:
    path: Path
    line: str
    created: bool


def append(run_dir: Path, subject: str, text: str, now: datetime, by: str | None = None) -> NoteResult:
    """Append one note to ``findings.md`` (created with its header when it is not there).

    Raises:
        UnsafePath: a link, folder, FIFO or hard-linked file at findings.md (nothing written).
        TianluoError: an empty note.
    """
    body = one_line(text, MAX_TEXT)
    if not body:
        raise TianluoError("note: the note is empty; write what you found, e.g. `tianluo note lr-3e-4 "
                           "\"loss spikes at step 1200\"`")
    line = entry(now, subject, one_line(by if by is not None else who(), 64), body).encode("utf-8")
    path = Path(run_dir) / FINDINGS
    if not os.path.lexists(path) and fsio.create_exclusive(path, HEADER.encode("utf-8") + line):
        return NoteResult(path, line.decode("utf-8"), True)
    fd = fsio.open_appending(path)  # refuses a link, a FIFO, a hard link; waits out a creation under way
    try:
        written = os.write(fd, line)  # one write: a concurrent note lands before or after, never inside
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(path)) from None
    finally:
        os.close(fd)
    if written != len(line):  # only a full disk cuts a write this short: say so rather than leave it
        raise OSError(errno.ENOSPC, f"only {written} of {len(line)} bytes of the note were written", str(path))
    return NoteResult(path, line.decode("utf-8"), False)
