"""How fast a stage's progress counter moves, and when it should reach its total. Pure: no I/O, no clock.

``diagnose`` (its progress layer) and ``status`` (the ETA beside a running stage) take the same
numbers from here.
"""

from datetime import datetime


def progress_rate(done: float, total: float | None, first_done: float | None, first_at: datetime | None,
                  seen_at: datetime) -> tuple[float | None, float | None]:
    """``(rate per minute, seconds left from seen_at)`` from the first and the latest reading.

    None where they cannot say: one reading only, no time between them, a counter that did not
    move forward (or went back), or no total (then no ETA).
    """
    if first_at is None or first_done is None:
        return None, None
    elapsed_min = (seen_at - first_at).total_seconds() / 60
    if elapsed_min <= 0 or done <= first_done:
        return None, None
    rate = (done - first_done) / elapsed_min
    eta = max(0.0, (total - done) / rate * 60) if total is not None else None
    return rate, eta


def progress_start(head: tuple[float, ...]) -> float | None:
    """Where progress began, from its first two distinct readings: the first less the step to the second (a
    trainer prints a step once done, so a retry that resumed from 4000 and logs every 10 prints 4010 first); the
    first itself when there is one reading, or when the step is larger than it (never below 0). None without one."""
    if not head:
        return None
    step = head[1] - head[0] if len(head) > 1 else 0.0
    return head[0] - step if 0 < step <= head[0] else head[0]
