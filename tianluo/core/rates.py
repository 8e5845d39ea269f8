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
