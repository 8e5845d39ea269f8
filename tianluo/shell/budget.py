"""A tick's wall-clock budget: past it the tick stops observing, saves what it has and exits.

The default is half the tick interval, at most five minutes, so one slow tick (a huge log, a
slow scheduler, a file system that hangs) never runs into the next. Cron and systemd also
kill a tick at a hard limit (:func:`hard_limit`), for what no budget can stop: a tick that
was stopped (SIGSTOP) or sits in an uninterruptible read.
"""

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

MAX_BUDGET_S = 300.0
MIN_HARD_LIMIT_S = 60.0
MAX_HARD_LIMIT_S = 900.0
KILL_AFTER_S = 30  # `timeout -k`: SIGKILL this long after the TERM at the hard limit


def default_budget(every: float) -> float:
    """Half the interval, at most 5 minutes."""
    return min(float(every) / 2, MAX_BUDGET_S)


def hard_limit(every: float) -> float:
    """Seconds after which cron or systemd kill a tick: twice its budget, within 1..15 minutes."""
    return min(max(2 * default_budget(every), MIN_HARD_LIMIT_S), MAX_HARD_LIMIT_S)


class OverBudget(BaseException):
    """The tick's budget ran out while it was observing; what was seen so far is kept.

    A BaseException, like KeyboardInterrupt, so no ``except Exception`` on the way swallows it.
    """


class Budget:
    """A deadline on the monotonic clock; ``seconds`` None means no budget at all."""

    def __init__(self, seconds: float | None):
        self.seconds = seconds
        self.deadline = None if seconds is None else time.monotonic() + max(0.0, seconds)
        self.ran_out = False

    def over(self) -> bool:
        if self.deadline is not None and time.monotonic() >= self.deadline:
            self.ran_out = True
        return self.ran_out

    def left(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    @contextmanager
    def interrupting(self) -> Iterator[None]:
        """While inside, the budget running out raises :class:`OverBudget` where the tick is.

        Only around observing, which writes nothing, so stopping it anywhere loses nothing
        but what it had not seen yet. A timer signal reaches only the main thread; elsewhere
        (the daemon's worker) the budget is checked between stages only.
        """
        left = self.left()
        if left is None or threading.current_thread() is not threading.main_thread():
            yield
            return

        armed = [True]

        def expired(_signum, _frame):
            self.ran_out = True
            if armed[0]:
                raise OverBudget()

        previous = signal.signal(signal.SIGALRM, expired)
        signal.setitimer(signal.ITIMER_REAL, max(left, 0.001))
        try:
            yield
        finally:
            armed[0] = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
