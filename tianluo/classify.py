"""Classify a failed attempt into a fault class and a label. Pure: evidence in, Fault out.

Only the exit record is read here (exit code, signal, whether the process was lost, the
done_when verdict); log-line rules join this function, not a second classifier.
"""

import signal as _signal
from dataclasses import dataclass

from tianluo.model import Fault
from tianluo.states import FaultClass, JobState

_TERMINATED = {_signal.SIGTERM, _signal.SIGINT, _signal.SIGHUP}


@dataclass(frozen=True)
class Evidence:
    state: JobState
    exit_code: int | None = None
    signal: int | None = None
    unmet: tuple[str, ...] = ()  # done_when checks that did not hold, as text
    detail: str = ""


def _signal_name(num: int) -> str:
    try:
        return _signal.Signals(num).name
    except ValueError:
        return f"SIG{num}"


def classify(ev: Evidence) -> Fault:
    """The fault of a failed attempt, with the line of evidence that decided it."""
    if ev.state == JobState.LOST:
        return Fault(klass=FaultClass.TRANSIENT, label="lost",
                     evidence=ev.detail or "the process is gone and wrote no exit record")
    sig = ev.signal
    if sig is None and ev.exit_code is not None and 128 < ev.exit_code <= 128 + 64:
        sig = ev.exit_code - 128  # the shell reports a child killed by signal N as 128+N
    if sig is not None:
        name = _signal_name(sig)
        if sig in _TERMINATED:
            return Fault(klass=FaultClass.TRANSIENT, label="terminated", evidence=f"ended by {name}")
        return Fault(klass=FaultClass.UNKNOWN, label=f"signal_{name.lower()}", evidence=f"ended by {name}")
    if ev.exit_code == 0:
        unmet = "; ".join(ev.unmet) or "done_when did not hold"
        return Fault(klass=FaultClass.UNKNOWN, label="silent_failure",
                     evidence=f"exit code 0 but done_when does not hold: {unmet}")
    if ev.exit_code == 127:
        return Fault(klass=FaultClass.CONFIG, label="command_not_found",
                     evidence=ev.detail or "exit code 127: the shell did not find the command")
    if ev.exit_code == 126:
        return Fault(klass=FaultClass.CONFIG, label="not_executable", evidence="exit code 126")
    if ev.exit_code is None:
        return Fault(klass=FaultClass.UNKNOWN, label="exit_unknown",
                     evidence=ev.detail or "the exit record has no exit code")
    return Fault(klass=FaultClass.UNKNOWN, label=f"exit_{ev.exit_code}", evidence=f"exit code {ev.exit_code}")
