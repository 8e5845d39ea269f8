"""The runner's records in an attempt folder (``started.json``, ``exit.json``), read and checked.

A record is the runner's word on an attempt. One that is damaged (not JSON, wrong types,
``"exit_code": "x"``, ``runner_pid: -1``, a 5,000-digit number) is neither trusted nor a
crash: it reads as *unreadable*, with the reason, and the attempt is judged without it.
"""

import json
import math
import os
from pathlib import Path

from tianluo.shell import fsio
from tianluo.shell.fsio import UnsafePath

STARTED = "started.json"
EXIT = "exit.json"
RECORD_CAP = 64 * 1024  # bytes; a record is a dozen short fields
PID_MAX = 1 << 22  # Linux's highest pid_max


def _int(value, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _num(value) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
            and 0 <= value < 1e12)


def _str(value) -> bool:
    return isinstance(value, str) and len(value) <= 4096


def _str_or_id(value) -> bool:
    return _str(value) or _int(value, 0, 10 ** 12)


#: The keys a runner before scheduler-neutral records wrote for ``job_id`` and ``restarts``: still read, so
#: the run folders it left work on.
LEGACY = {
    "slurm_job_id": (_str_or_id, False),
    "slurm_restart": (lambda v: _int(v, 0, 10 ** 6), False),
}

#: field -> (check, required)
_STARTED_FIELDS = {
    "job_name": (_str, True),
    "runner_pid": (lambda v: _int(v, 1, PID_MAX), True),
    "runner_create_time": (_num, False),
    "pgid": (lambda v: _int(v, 1, PID_MAX), False),
    "host": (_str, False),
    "started_at": (_str, False),
    "job_id": (_str_or_id, False),
    "restarts": (lambda v: _int(v, 0, 10 ** 6), False),
    **LEGACY,
    "port": (lambda v: _int(v, 1, 65535), False),
    "job_pid": (lambda v: _int(v, 1, PID_MAX), False),  # written once the command started
}
_EXIT_FIELDS = {
    "job_name": (_str, False),
    "exit_code": (lambda v: _int(v, 0, 255), False),
    "signal": (lambda v: _int(v, 1, 128), False),
    "signal_name": (_str, False),
    "host": (_str, False),
    "job_pid": (lambda v: _int(v, 1, PID_MAX), False),
    "runner_pid": (lambda v: _int(v, 1, PID_MAX), False),
    "job_id": (_str_or_id, False),
    "restarts": (lambda v: _int(v, 0, 10 ** 6), False),
    **LEGACY,
    "started_at": (_str, False),
    "ended_at": (_str, False),
    "duration_s": (_num, False),
    "error": (_str, False),
    "port": (lambda v: _int(v, 1, 65535), False),
}


def _check(doc, fields: dict) -> str | None:
    if not isinstance(doc, dict):
        return f"not a JSON object but {type(doc).__name__}"
    for key, (ok, required) in fields.items():
        value = doc.get(key)
        if value is None:
            if required:
                return f"{key} is missing"
            continue
        if not ok(value):
            shown = repr(value)
            return f"{key} is {shown[:40] + '...' if len(shown) > 40 else shown}, not a valid value"
    return None


def read(path: str | os.PathLike, fields: dict) -> tuple[dict | None, str | None]:
    """``(record, None)``, ``(None, None)`` if absent, or ``(None, why it is unreadable)``.

    Raises:
        UnsafePath: a link or a non-regular file in a checked run folder (refused, not read).
    """
    try:
        data = fsio.read_bytes(path, RECORD_CAP)
    except FileNotFoundError:
        return None, None
    except UnsafePath:
        raise
    except OSError as exc:
        return None, f"{Path(path).name} cannot be read ({exc.strerror})"
    except ValueError:
        return None, f"{Path(path).name} is over {RECORD_CAP} bytes"
    try:
        doc = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):
        return None, f"{Path(path).name} is not valid JSON (cut short, or not written by the runner)"
    problem = _check(doc, fields)
    if problem:
        return None, f"{Path(path).name} is damaged: {problem}"
    return doc, None


def read_started(attempt_dir: str | os.PathLike) -> tuple[dict | None, str | None]:
    """The runner's claim on the attempt folder (see ``read``)."""
    return read(Path(attempt_dir) / STARTED, _STARTED_FIELDS)


def job_id(record: dict) -> str | None:
    """The scheduler's id of the job that wrote ``record`` (started.json or exit.json), as text; None when
    the runner was told none (a local job, a scheduler without ``job_id_env``)."""
    value = record.get("job_id")
    if value is None:
        value = record.get("slurm_job_id")  # a record of a runner from before the neutral key
    return None if value is None or value == "" else str(value)


def restarts(record: dict) -> int:
    """How often the scheduler had requeued the job when the runner wrote ``record`` (0 if never, or not told)."""
    value = record.get("restarts")
    if value is None:
        value = record.get("slurm_restart")
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def read_exit(attempt_dir: str | os.PathLike) -> tuple[dict | None, str | None]:
    """How the attempt's command ended, in the runner's words (see ``read``)."""
    return read(Path(attempt_dir) / EXIT, _EXIT_FIELDS)
