"""The files of one run folder: state.json, snapshots/, events.jsonl and the tick lock."""

import errno
import fcntl
import json
import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from pydantic import ValidationError

from tianluo.errors import StateError
from tianluo.fsio import atomic_write, fsync_dir
from tianluo.model import SCHEMA_VERSION, RunState, dump_state

STATE = "state.json"
EVENTS = "events.jsonl"
SNAPSHOTS = "snapshots"
LOCK = ".lock"
KEEP_SNAPSHOTS = 20


class LockBusy(Exception):
    """Another tick (or a human command) holds the run's lock."""


class RunStore:
    """Reads and writes one run folder. Every write is atomic and durable."""

    def __init__(self, run_dir: Path, keep_snapshots: int = KEEP_SNAPSHOTS):
        self.run_dir = Path(run_dir)
        self.keep_snapshots = keep_snapshots

    @property
    def state_path(self) -> Path:
        return self.run_dir / STATE

    @property
    def events_path(self) -> Path:
        return self.run_dir / EVENTS

    @property
    def snapshot_dir(self) -> Path:
        return self.run_dir / SNAPSHOTS

    # --- state -----------------------------------------------------------------------

    def load(self) -> RunState:
        """Read and validate state.json.

        Raises:
            StateError: naming the problem and the newest good snapshot; nothing is written.
        """
        try:
            text = self.state_path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise StateError(f"{self.state_path}: no such file; is {self.run_dir} a tianluo run folder?") from None
        except OSError as exc:
            raise StateError(f"{self.state_path}: cannot read: {exc}") from None
        try:
            return parse_state(text)
        except ValueError as exc:
            raise StateError(f"{self.state_path}: {exc}; {self._restore_hint()}") from None

    def save(self, state: RunState, snapshot: bool = True) -> RunState:
        """Write ``state`` as the next revision; keep a snapshot of it when ``snapshot``."""
        state.revision += 1
        text = dump_state(state)
        parse_state(text)  # never write what we could not read back
        if snapshot:
            self.snapshot_dir.mkdir(exist_ok=True)
            atomic_write(self.snapshot_dir / f"state-{state.revision:08d}.json", text)
        atomic_write(self.state_path, text)
        if snapshot:
            self._prune_snapshots()
        return state

    def create(self, state: RunState) -> RunState:
        if self.state_path.exists():
            raise StateError(f"{self.state_path}: already exists; a run folder is created once")
        return self.save(state)

    def snapshots(self) -> list[Path]:
        """Snapshot files, newest first."""
        if not self.snapshot_dir.is_dir():
            return []
        return sorted(self.snapshot_dir.glob("state-*.json"), reverse=True)

    def newest_good_snapshot(self) -> Path | None:
        for path in self.snapshots():
            try:
                parse_state(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            return path
        return None

    def _restore_hint(self) -> str:
        good = self.newest_good_snapshot()
        if good is None:
            return "no good snapshot exists under snapshots/; the run cannot be recovered from its state"
        return f"newest good snapshot: {good}; to go back to it: cp {good} {self.state_path}"

    def _prune_snapshots(self) -> None:
        for old in self.snapshots()[self.keep_snapshots:]:
            old.unlink(missing_ok=True)

    # --- events ----------------------------------------------------------------------

    def append_events(self, events: list[dict]) -> None:
        """Append events as JSON lines; the file is only ever appended to."""
        if not events:
            return
        data = "".join(json.dumps(e, sort_keys=True, default=str) + "\n" for e in events).encode()
        created = not self.events_path.exists()
        fd = os.open(self.events_path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            size = os.fstat(fd).st_size
            if size and os.pread(fd, 1, size - 1) != b"\n":
                data = b"\n" + data  # a crash tore the last line: never glue an event onto it
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        if created:
            fsync_dir(self.run_dir)

    def read_events(self) -> list[dict]:
        if not self.events_path.exists():
            return []
        out = []
        for line in self.events_path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                try:
                    out.append(json.loads(line))
                except ValueError:
                    continue  # a torn last line from a crash is skipped, not fatal
        return out

    # --- lock ------------------------------------------------------------------------

    @contextmanager
    def lock(self, wait: float = 0.0) -> Iterator[None]:
        """Hold the run's lock; raise LockBusy if it is still taken after ``wait`` seconds."""
        fd = os.open(self.run_dir / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            deadline = time.monotonic() + wait
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except OSError as exc:
                    if exc.errno not in (errno.EAGAIN, errno.EACCES):
                        raise
                    if time.monotonic() >= deadline:
                        raise LockBusy(str(self.run_dir)) from None
                    time.sleep(0.05)
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
            yield
        finally:
            os.close(fd)  # closing releases the flock


def parse_state(text: str) -> RunState:
    """Validate state.json text.

    Raises:
        ValueError: a one-line reason (truncated JSON, unknown schema, invalid field).
    """
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno}; "
                         "truncated?)") from None
    if not isinstance(raw, dict):
        raise ValueError("not a JSON object")
    version = raw.get("schema_version")
    if isinstance(version, int) and version > SCHEMA_VERSION:
        raise ValueError(f"schema_version {version} is newer than this tianluo understands "
                         f"({SCHEMA_VERSION}); upgrade tianluo")
    if version != SCHEMA_VERSION:
        raise ValueError(f"schema_version is {version!r}, expected {SCHEMA_VERSION}")
    try:
        return RunState.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        key = ".".join(str(p) for p in err["loc"])
        raise ValueError(f"invalid at {key}: {err['msg']}") from None


