"""``tianluo daemon``: tick one run on an interval in the foreground until the run is over.

For hosts without cron or systemd (tmux, supervisord). APScheduler's BlockingScheduler runs
in the main thread; each tick is the same self-contained :func:`run_tick` that cron calls,
so a daemon and a hand-run ``tianluo tick`` never collide (the run's lock decides).

Output is one line per tick on ``out`` (``<run-id>: tick: running, 2 events``), followed by
the printable events of that tick, each prefixed with the run id; no timestamps (journald
and supervisors add their own).

Exit codes:
  0    the run's phase is in TERMINAL_PHASES (complete, expired, ...): checked at start and
       after every tick (a finished run whose KILL of what is left of an attempt is still to go
       through is ticked on until it does, or tianluo gives up on it); also after SIGTERM.
  130  after SIGINT (Ctrl-C).
  2    state.json is missing or invalid (StateError), at start or at a tick: every later tick
       would fail the same way. Any other error of a tick is logged as one line and the next
       tick tries again, unless state.json can no longer be read after it (then 2 as well).

Between ticks, about every ``LOOK_SECONDS``, the daemon prints the events other processes wrote
to events.jsonl (a tick the runner poked when a job exited, a human's hold, release or stop), so
its log shows every hold, release and end; and it exits within seconds when the run ended
elsewhere (an event tick met the gate, ``tianluo stop``), not at its next tick. While it runs, it
is recorded in the run folder's ``.daemon`` (``tianluo.shell.daemon_mark``) for ``status``.

Signals only set a flag. A watch job in the scheduler notices it (within WATCH_SECONDS) and
shuts the scheduler down without waiting; the main thread then waits for a tick in flight
to finish (a launch is always recorded in state.json) and returns. Jobs are never touched.
"""

import contextlib
import json
import math
import os
import signal
import sys
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

from apscheduler.schedulers import SchedulerNotRunningError
from apscheduler.schedulers.blocking import BlockingScheduler
from apscheduler.triggers.interval import IntervalTrigger

from tianluo.core import cancels
from tianluo.errors import StateError, TianluoError
from tianluo.models.states import TERMINAL_PHASES
from tianluo.shell import daemon_mark, fsio
from tianluo.shell.fsio import UnsafePath
from tianluo.shell.store import RunStore
from tianluo.shell.tick import TickResult, run_tick
from tianluo.views.status import format_event

EXIT_DONE, EXIT_UNUSABLE, EXIT_SIGINT = 0, 2, 130
WATCH_SECONDS = 0.25
#: How often, between ticks, the daemon reads events.jsonl's new lines and the run's phase.
LOOK_SECONDS = 1.0
#: Bytes of new events read at one look (the rest at the next).
LOOK_MAX = 4 * 1024 * 1024
MAX_JITTER = 30.0


def default_jitter(every: float) -> float:
    return min(every / 10, MAX_JITTER)


def run_daemon(run_dir: Path, every: float, out: TextIO | None = None, jitter: float | None = None,
               first_tick_now: bool = True) -> int:
    """Tick ``run_dir`` every ``every`` seconds (plus up to ``jitter``) until the run is over.

    ``out`` defaults to ``sys.stdout`` at call time; ``jitter`` to :func:`default_jitter`;
    with ``first_tick_now`` the first tick runs at once, else after one interval. Returns
    the exit code (see the module docstring). Only in the main thread are SIGTERM/SIGINT
    handled (elsewhere Python allows no handlers).

    Raises:
        TianluoError: ``every`` is not positive or ``jitter`` is negative.
    """
    if not every > 0:
        raise TianluoError(f"daemon: --every must be more than 0 seconds, not {every}")
    jitter = default_jitter(every) if jitter is None else jitter
    if jitter < 0:
        raise TianluoError(f"daemon: jitter must be 0 or more seconds, not {jitter}")
    daemon = _Daemon(Path(run_dir), sys.stdout if out is None else out)
    code = daemon.check()
    if code is not None:
        return code
    daemon.say(f"daemon started: a tick every {every:g}s (+ up to {jitter:g}s jitter)")
    daemon.start_tail()
    daemon_mark.write(daemon.run_dir)
    scheduler = BlockingScheduler(timezone=UTC)
    daemon.scheduler = scheduler
    start = datetime.now(UTC)
    scheduler.add_job(daemon.tick, IntervalTrigger(seconds=every, jitter=jitter or None, start_date=start),
                      id="tick", max_instances=1, coalesce=True,
                      # coalesced, the newest missed run is at most every + jitter late: it still runs
                      misfire_grace_time=math.ceil(every + jitter) + 1,
                      **({"next_run_time": start} if first_tick_now else {}))
    scheduler.add_job(daemon.watch, IntervalTrigger(seconds=WATCH_SECONDS), id="watch", max_instances=1,
                      coalesce=True, misfire_grace_time=None)
    old = {}
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGTERM, signal.SIGINT):
            old[sig] = signal.signal(sig, daemon.on_signal)
    try:
        scheduler.start()  # returns once watch() shuts it down
    finally:
        with contextlib.suppress(SchedulerNotRunningError):  # stopped already, as it should be
            scheduler.shutdown(wait=False)
        with daemon.busy:  # let a tick in flight finish; none starts after this
            daemon.closed = True
        for sig, handler in old.items():
            signal.signal(sig, handler)
        daemon_mark.clear(daemon.run_dir)
    if daemon.code is None:  # stopped by a signal
        assert daemon.signum is not None  # watch() stops the scheduler for a signal or a tick's code
        daemon.say(f"{signal.Signals(daemon.signum).name} received; daemon stopped")
        return EXIT_SIGINT if daemon.signum == signal.SIGINT else EXIT_DONE
    return daemon.code


class _Daemon:
    def __init__(self, run_dir: Path, out: TextIO):
        self.run_dir, self.out = run_dir, out
        self.run_id = run_dir.resolve().name
        self.scheduler: BlockingScheduler | None = None
        self.signum: int | None = None  # set by the signal handler, nothing else
        self.code: int | None = None  # set when the daemon should stop with this exit code
        self.closed = False
        self.busy = threading.Lock()  # held while a tick runs
        self._print = threading.Lock()
        self.offset: int | None = None  # how far events.jsonl is printed (None: not followed)
        self.mine: list[tuple] = []  # this daemon's own tick's events, printed already
        self.looked = 0.0

    def say(self, text: str) -> None:
        with self._print:
            print(f"{self.run_id}: {' '.join(text.split())}", file=self.out, flush=True)

    def fatal(self, exc: Exception) -> None:
        """The error the daemon stops for, also as the one line on stderr every failing command leaves."""
        if self.out is not sys.stderr:
            print(f"tianluo: {' '.join(str(exc).split())}", file=sys.stderr, flush=True)

    def on_signal(self, signum, _frame) -> None:
        self.signum = signum

    def watch(self) -> None:
        """Scheduler job: stop the scheduler once a signal or a tick asked for it; between ticks, about every
        ``LOOK_SECONDS``, print what others wrote to events.jsonl and stop if the run ended elsewhere."""
        if self.signum is None and self.code is None and time.monotonic() - self.looked >= LOOK_SECONDS \
                and self.busy.acquire(blocking=False):
            try:
                self.looked = time.monotonic()
                if not self.closed:
                    self.tail()
                    if _phase(self.run_dir) in _TERMINAL:
                        self.code = self.check()
            finally:
                self.busy.release()
        if (self.signum is not None or self.code is not None) and self.scheduler is not None \
                and self.scheduler.running:
            self.scheduler.shutdown(wait=False)

    def start_tail(self) -> None:
        """Follow events.jsonl from its end: what was written before the daemon started is not repeated."""
        try:
            self.offset = (self.run_dir / "events.jsonl").stat().st_size
        except OSError:
            self.offset = 0

    def tail(self) -> None:
        """Print the events written since the last look, but those of this daemon's own ticks (printed)."""
        if self.offset is None:
            return
        try:
            fd = fsio.open_file(self.run_dir / "events.jsonl", os.O_RDONLY)  # never through a planted link
        except OSError:
            return
        try:
            size = os.fstat(fd).st_size
            if size < self.offset:  # moved aside and started anew
                self.offset = 0
            data = os.pread(fd, min(size - self.offset, LOOK_MAX), self.offset)
        finally:
            os.close(fd)
        whole = data[:data.rfind(b"\n") + 1]  # a line being appended is read at the next look
        self.offset += len(whole)
        for raw in whole.splitlines():
            try:
                ev = json.loads(raw)
            except (ValueError, RecursionError):
                continue
            if not isinstance(ev, dict):
                continue
            key = _key(ev)
            if key in self.mine:
                self.mine.remove(key)
                continue
            line = format_event(ev)
            if line:
                self.say(line)

    def check(self) -> int | None:
        """The exit code if the run is over (0) or unusable (2), else None."""
        try:
            state = RunStore(self.run_dir).load()
        except (StateError, UnsafePath) as exc:
            self.say(f"daemon stops: {exc}")
            self.fatal(exc)
            return EXIT_UNUSABLE
        self.run_id = state.run_id
        if state.phase in TERMINAL_PHASES and not cancels.pending(state):
            self.say(f"run is {state.phase.value}; daemon exits")
            return EXIT_DONE
        return None  # running, or over with a KILL of what is left of an attempt still to go (its ticks send it)

    def tick(self) -> None:
        """Scheduler job: one tick, one line (plus its events); note when to stop."""
        with self.busy:
            if self.closed or self.signum is not None or self.code is not None:
                return
            try:
                result = run_tick(self.run_dir)
            except (StateError, UnsafePath) as exc:  # a damaged or tampered run folder stays so
                self.say(f"tick failed: {exc}; daemon stops, every later tick would fail the same way")
                self.fatal(exc)
                self.code = EXIT_UNUSABLE
                return
            except Exception as exc:  # noqa: BLE001 - a daemon outlives one bad tick
                self.say(f"tick failed: {type(exc).__name__}: {exc}; the next tick tries again")
            else:
                self.mine += [_key(ev) for ev in result.events]
                self.tail()  # what others wrote before this tick (its own events are in its report)
                self.report(result)
                self.tail()  # skips this tick's own events; prints what others wrote meanwhile
                self.mine.clear()
            self.code = self.check()

    def report(self, result: TickResult) -> None:
        if result.phase is None:  # run_tick says so only when the lock is taken
            self.say("tick skipped: another tick holds the lock")
            return
        lines = [line for line in map(format_event, result.events) if line]
        idle = "" if result.ran else " (nothing to do)"  # another process ended the run since
        self.say(f"tick: {result.phase.value}{idle}, {len(lines)} event{'' if len(lines) == 1 else 's'}")
        for line in lines:
            self.say(line)
        if result.heartbeat:
            self.say(result.heartbeat)


_TERMINAL = frozenset(p.value for p in TERMINAL_PHASES)


def _key(ev: dict) -> tuple:
    """An event without its seq (a tick's result holds them unnumbered)."""
    return tuple(sorted((k, json.dumps(v, sort_keys=True)) for k, v in ev.items() if k != "seq"))


def _phase(run_dir: Path) -> str | None:
    """The run's phase from state.json read plainly (None: it cannot be read: the next tick says why)."""
    try:
        doc = json.loads(fsio.read_bytes(run_dir / "state.json", 256 * 1024 * 1024))
        return doc.get("phase") if isinstance(doc, dict) else None
    except (OSError, ValueError, RecursionError):
        return None
