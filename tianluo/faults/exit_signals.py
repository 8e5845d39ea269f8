"""Exit codes that are signals, named: what a launcher's ``exitcode  : -7`` or a shell's ``exit status 135`` means.

A launcher (torchrun, DeepSpeed, Python's subprocess) reports a child killed by signal N as
exit code ``-N``; a shell reports it as ``128 + N``. A reader (a person, the agent) should not
have to know that: these helpers name the signal with :class:`signal.Signals`. Pure: no I/O.
"""

import re
import signal

#: Signal numbers there are (Linux has 64, the real-time ones included).
MAX_SIGNAL = 64
#: Where a log line states an exit code: torchrun's ``exitcode  : -7`` and ``failed (exitcode: -7)``,
#: DeepSpeed's ``return code = -7``, subprocess's ``returned non-zero exit status -7``, a shell's or
#: a launcher's ``exit status 135`` / ``Exit code: 135`` / ``exited with code 135``.
_CODE = re.compile(r"(?i)\b(?:exitcode|exit[ _]code|exit status|return code|returncode|exited with code)"
                   r"\s{0,4}[:=]?\s{0,4}(-?\d{1,4})\b")
MAX_CODES = 8  # codes decoded from one text
#: A launcher that exits with its child's negative code (DeepSpeed's ``sys.exit(-9)`` after its rank was killed)
#: leaves ``256 - N`` as its own exit status. Only SIGKILL's 247 is read so, the one public threads show (the
#: kernel's OOM killer under DeepSpeed): other codes near 256 are programs' own (255 is ``exit(-1)``; an Azure ML
#: run script's 250 came with no abort at all).
LAUNCHER_STATUS = {247: 9}
#: A shell's ``128 + N`` is read as a signal only for the standard signals (1 to 31). Past 159 the code would be a
#: real-time signal, which nothing sends to end a job: those codes are programs' own (OpenPAI's launcher exits 177,
#: Triton's server 170).
MAX_SHELL_SIGNAL = 31


def signal_name(n: int) -> str:
    """``SIGBUS`` for 7; ``SIGRTMIN+6`` for 40 (a real-time signal); ``signal 99`` for a number with no name."""
    try:
        return signal.Signals(n).name
    except ValueError:
        pass
    low, high = getattr(signal, "SIGRTMIN", 0), getattr(signal, "SIGRTMAX", 0)
    if low < n < high:
        return f"SIGRTMIN+{n - low}"
    return f"signal {n}"


def code_signal(code: int) -> tuple[int, str] | None:
    """``(N, how)`` when exit code ``code`` is how a launcher (``-N``) or a shell (``128+N``) reports
    signal N; None for an ordinary exit code."""
    if -MAX_SIGNAL <= code <= -1:
        return -code, "a launcher's"
    if 129 <= code <= 128 + MAX_SHELL_SIGNAL:
        return code - 128, "a shell's"
    if code in LAUNCHER_STATUS:
        return LAUNCHER_STATUS[code], "a launcher's (its child's -N as 256-N)"
    return None


def describe_code(code: int) -> str:
    """``-7 (signal 7, SIGBUS)``, ``135 (128+7: SIGBUS, as a shell reports a signal)``, or just ``1``."""
    found = code_signal(code)
    if found is None:
        return str(code)
    n, _ = found
    if code < 0:
        return f"{code} (signal {n}, {signal_name(n)})"
    if code in LAUNCHER_STATUS:
        return f"{code} (256-{n}: {signal_name(n)}, as a launcher passes on its child's -{n})"
    return f"{code} (128+{n}: {signal_name(n)}, as a shell reports a signal)"


def describe_exit(exit_code: int | None, sig: int | None) -> str:
    """The exit record in words: ``exit code 1``, ``killed by signal 7 (SIGBUS)``, ``exit code 135 (128+7: ...)``."""
    parts = []
    if exit_code is not None:
        parts.append(f"exit code {describe_code(exit_code)}")
    if sig is not None:
        parts.append(f"killed by signal {sig} ({signal_name(sig)})")
    return ", ".join(parts) or "no exit code recorded"


def decoded_in(texts: list[str]) -> list[str]:
    """Each exit code stated in ``texts`` that is a signal, once, in words: ``exitcode -7 is signal 7
    (SIGBUS): a launcher's report of a process killed by it``."""
    out: dict[int, str] = {}
    for text in texts:
        for m in _CODE.finditer(text):
            code = int(m.group(1))
            found = code_signal(code)
            if found is None or code in out:
                continue
            n, how = found
            out[code] = f"exit code {code} is signal {n} ({signal_name(n)}): {how} report of a process killed by it"
            if len(out) >= MAX_CODES:
                return list(out.values())
    return list(out.values())


__all__ = ["LAUNCHER_STATUS", "code_signal", "decoded_in", "describe_code", "describe_exit", "signal_name"]
