"""Shared helpers for the unit tests of the pure core (no processes, no clock).

Named ``pure_helpers`` rather than ``conftest`` so it never clashes with the integration
tests' fixtures. Import it as ``from pure_helpers import ...`` (pytest puts tests/ on the
path because tests/ is not a package).
"""

import textwrap
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tianluo.backends.base import JobFacts
from tianluo.core.actions import Cancel, Submit
from tianluo.core.ladder import resolve_budgets
from tianluo.core.observations import Observations, StageObservation
from tianluo.models.model import Check, Handle, RunState
from tianluo.models.plan_model import Plan, PlannedEntity, PlannedStage
from tianluo.models.states import JobState
from tianluo.planning.newrun import initial_state
from tianluo.planning.plan import build_plan
from tianluo.planning.spec import LadderSpec, SuccessGate
from tianluo.planning.spec_checks import load_spec
from tianluo.shell.hostspace import FsSpace, MiB
from tianluo.shell.logscan import Cursor, LogLine, ScanResult

#: A fixed, timezone-aware start of every run in these tests.
T0 = datetime(2024, 3, 1, 12, 0, 0, tzinfo=UTC)
RUN_ID = "20240301-120000-test"


def fs(path: str, free_mib: float, total_mib: float = 16.0) -> FsSpace:
    """A measured file system with ``free_mib`` of ``total_mib`` MiB free (inodes never short)."""
    return FsSpace(path=path, free_bytes=int(free_mib * MiB), total_bytes=int(total_mib * MiB),
                   free_inodes=10_000, total_inodes=10_000)


def at(seconds: float = 0, *, minutes: float = 0, hours: float = 0) -> datetime:
    """A moment relative to T0."""
    return T0 + timedelta(seconds=seconds, minutes=minutes, hours=hours)


def write_spec(folder: Path, text: str, name: str = "tianluo.yaml") -> Path:
    """Write ``text`` (dedented, leading newline dropped) to ``folder/name``; return the path.

    Line 1 of the file is the first non-empty line of ``text``, so tests can count lines.
    """
    path = Path(folder) / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def state_from_spec(folder: Path, text: str, *, run_id: str = RUN_ID, now: datetime = T0) -> RunState:
    """The initial RunState of a run started from the spec ``text`` at ``now``."""
    path = write_spec(folder, text)
    spec, _ = load_spec(path)
    return initial_state(run_id, build_plan(spec, path), now)


def state_from_graph(
    graph: dict[str, dict[str, list[str]]],
    *,
    ladder: LadderSpec | None = None,
    gate: SuccessGate | None = None,
    run_id: str = RUN_ID,
    now: datetime = T0,
) -> RunState:
    """A RunState built straight from models, without a spec file.

    ``graph`` maps entity -> stage -> qualified needs (``'<entity>.<stage>'``).
    """
    entities = {
        ename: PlannedEntity(stages={
            sname: PlannedStage(command=f"echo {ename} {sname}", needs=list(needs))
            for sname, needs in stages.items()
        })
        for ename, stages in graph.items()
    }
    plan = Plan(
        name="graph",
        interval=600.0,
        workdir="/nonexistent/workdir",
        spec_file="/nonexistent/workdir/tianluo.yaml",
        spec_sha256="0" * 64,
        entities=entities,
        success_gate=gate or SuccessGate(),
        ladder=resolve_budgets(ladder or LadderSpec()),
    )
    return initial_state(run_id, plan, now)


def handle(pid: int = 4242) -> Handle:
    return Handle(job_id=str(pid), pid=pid, create_time=1700000000.0, host="gpu-host")


def starting() -> JobFacts:
    return JobFacts(state=JobState.STARTING, host="gpu-host")


def running(started_at: str | None = "2024-03-01T12:00:05Z") -> JobFacts:
    return JobFacts(state=JobState.RUNNING, host="gpu-host", started_at=started_at, proc_status="running")


def exited(code: int | None = 0, *, signal: int | None = None, detail: str = "") -> JobFacts:
    return JobFacts(state=JobState.EXITED, exit_code=code, signal=signal, host="gpu-host",
                    started_at="2024-03-01T12:00:05Z", ended_at="2024-03-01T12:30:00Z", detail=detail)


def lost(detail: str = "pid 4242 is gone and left no exit.json") -> JobFacts:
    return JobFacts(state=JobState.LOST, host="gpu-host", detail=detail)


def ok_check(target: str = "out/final.ckpt") -> Check:
    return Check(kind="exists", target=target, ok=True, detail="exists")


def failed_check(target: str = "out/final.ckpt") -> Check:
    return Check(kind="exists", target=target, ok=False, detail="missing")


def observe(gate: tuple[Check, ...] = (), **stages: StageObservation) -> Observations:
    """Observations keyed by stage id; pass ids with dots via ``**{'a.train': ...}``."""
    return Observations(stages=dict(stages), gate=gate)


def scanned(progress=None, matches=(), name: str = "stdout") -> ScanResult:
    """What the log scanner returns for one file: new fault lines and the last progress value."""
    return ScanResult(cursor=Cursor(offset=100, inode=1), new_bytes=100, matches=tuple(matches),
                      progress=progress, progress_at=0 if progress else None, restarted=False, more=False)


def seen(job: JobFacts | None = None, *, found: Handle | None = None, done_when=(), progress=None,
         matches=(), output=None) -> StageObservation:
    scans = {"stdout": scanned(progress, matches)} if (progress is not None or matches) else {}
    return StageObservation(job=job, found=found, done_when=tuple(done_when), scans=scans, output=output)


#: A transient fault the job reports itself (a lost attempt is free the first time in a row).
RESET = LogLine(file="stderr", offset=0, text="ConnectionResetError: [Errno 104] Connection reset by peer", rules=())


def blip(progress=None) -> StageObservation:
    """An attempt that exited 1 on a network blip: transient/connection_error, spending budget."""
    return seen(exited(1), progress=progress, matches=[RESET])


def launched(state: RunState, pid: int = 4242) -> RunState:
    """What the shell does after a Submit: record a handle on every attempt that has none."""
    new = state.model_copy(deep=True)
    for sid in new.stage_ids():
        attempt = new.stage(sid).current()
        if attempt is not None and attempt.handle is None:
            attempt.handle = handle(pid)
            attempt.submitted_at = attempt.intent_at
    return new


def submits(decision) -> list[str]:
    """Stage ids of the decision's Submit actions, in order."""
    return [a.stage_id for a in decision.actions if isinstance(a, Submit)]


def cancels(decision) -> list[str]:
    return [a.stage_id for a in decision.actions if isinstance(a, Cancel)]


def event_kinds(decision) -> list[str]:
    """Kinds of the decision's events, without the five-layer 'diagnosed' records."""
    return [e["event"] for e in decision.events if e["event"] != "diagnosed"]


def events_of(decision, kind: str) -> list[dict]:
    return [e for e in decision.events if e["event"] == kind]


def pending_notices(decision) -> list:
    """The notifications the decision's state holds that are not sent yet (``RunState.notices``)."""
    return [n for n in decision.state.notices if n.sent_at is None and n.gave_up_at is None]


def mark_sent(state: RunState) -> RunState:
    """What the shell does once it has sent every pending notification: each is marked sent."""
    state.notices = [n if n.sent_at else n.model_copy(update={"sent_at": n.at, "tries": 1}) for n in state.notices]
    return state
