"""No cyclic garbage collection while a big tree of objects is built or held: one spec, plan or tick.

Each collection walks every object still alive. A 10,000-stage run is a million objects with
no reference cycles among them, and the collector took more time than the work itself (2.7 s
of a 5 s ``plan``; 4.6 s of CPU of a quiet tick against 1.7 s without it).
"""

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc(freeze: bool = False) -> Iterator[None]:
    """No cyclic garbage collection while a big tree of objects is built.

    Each collection walks every object still alive, and building a 10,000-stage spec (its
    YAML data, its models, its plan) allocates a million of them: the collector took more time
    than the work (2.7 s of 5 s), and more per object the bigger the spec. What is built here
    holds no reference cycles, so nothing waits for the collector.

    Args:
        freeze: On a normal way out, freeze what is alive (``gc.freeze``: left out of later
            collections, still freed by reference counting), else the first collections after
            walk the million objects again (a quarter of ``plan``'s time at 10,000 stages). For
            one-shot commands only (plan, start): in a long-lived process (the daemon) a cycle
            that became garbage before the freeze would never be collected.
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    except BaseException:
        if was:
            gc.enable()
        raise
    if was:
        if freeze:
            gc.freeze()
        gc.enable()
