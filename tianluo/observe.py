"""The observing half of a tick: ask the backend and the file system, return plain values."""

import re
from pathlib import Path

from tianluo.backends.base import Backend
from tianluo.conditions import check_all, check_done_when
from tianluo.jobs import job_spec
from tianluo.model import RunState, split_stage_id
from tianluo.observations import Observations, StageObservation
from tianluo.states import ACTIVE, JobState

TAIL_BYTES = 64 * 1024


def observe(state: RunState, run_dir: Path, backend: Backend) -> Observations:
    """One look at every active attempt (one backend poll for all of them) and the gate."""
    workdir = state.plan.workdir
    pending: dict[str, tuple] = {}
    to_poll = {}
    for sid in state.stage_ids():
        stage = state.stage(sid)
        attempt = stage.current()
        if stage.status not in ACTIVE or attempt is None:
            continue
        job = job_spec(state, run_dir, sid, attempt)
        found = None
        handle = attempt.handle
        if handle is None:
            found = handle = backend.find(job)
        if handle is not None:
            to_poll[job.job_name] = (job, handle)
        pending[sid] = (job, found)
    facts = backend.poll(to_poll) if to_poll else {}

    stages = {}
    for sid, (job, found) in pending.items():
        entity, name = split_stage_id(sid)
        planned = state.plan.entities[entity].stages[name]
        fact = facts.get(job.job_name)
        done_when = ()
        if fact is not None and fact.state == JobState.EXITED and fact.exit_code == 0:
            done_when = tuple(check_done_when(planned.done_when, workdir))
        progress = None
        if planned.progress is not None and fact is not None:
            progress = read_progress(Path(job.attempt_dir), planned.progress.regex)
        stages[sid] = StageObservation(job=fact, found=found, done_when=done_when, progress=progress)
    gate = state.plan.success_gate
    return Observations(stages=stages, gate=tuple(check_all(gate.exists, gate.metric, workdir)))


def read_progress(attempt_dir: Path, regex: str) -> tuple[float, float | None] | None:
    """The last ``done``/``total`` the job printed, from the tail of stdout, else stderr."""
    pattern = re.compile(regex)
    for stream in ("stdout", "stderr"):
        text = _tail(attempt_dir / stream)
        last = None
        for last in pattern.finditer(text):
            pass
        if last is not None:
            try:
                done = float(last.group("done"))
                total = last.groupdict().get("total")
                return done, float(total) if total is not None else None
            except (TypeError, ValueError):
                continue
    return None


def _tail(path: Path, size: int = TAIL_BYTES) -> str:
    try:
        with open(path, "rb") as f:
            f.seek(0, 2)
            end = f.tell()
            f.seek(max(0, end - size))
            return f.read().decode("utf-8", errors="replace")
    except OSError:
        return ""
