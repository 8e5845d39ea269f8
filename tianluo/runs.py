"""Run folders: create one from a spec at start, and find the one a command means."""

import os
import re
from datetime import datetime
from pathlib import Path

from tianluo import __version__
from tianluo.errors import TianluoError
from tianluo.fsio import atomic_write
from tianluo.model import EntityState, RunState, StageState
from tianluo.plan import build_plan, render_plan_md
from tianluo.spec import load_spec
from tianluo.store import STATE, RunStore

DEFAULT_HOME = ".tianluo"


def slug(name: str) -> str:
    text = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return text[:40].strip("-") or "run"


def home_dir(home: str | os.PathLike | None) -> Path:
    """The folder that holds run folders: ``--home``, else ``$TIANLUO_HOME``, else ``./.tianluo``."""
    return Path(home or os.environ.get("TIANLUO_HOME") or DEFAULT_HOME)


def plan_doc_path(home: Path, name: str) -> Path:
    return home / "plans" / slug(name) / "plan.md"


def initial_state(run_id: str, plan, now: datetime) -> RunState:
    entities = {
        ename: EntityState(stages={sname: StageState() for sname in entity.stages})
        for ename, entity in plan.entities.items()
    }
    return RunState(run_id=run_id, created_at=now, tianluo_version=__version__, plan=plan, entities=entities)


def create_run(spec_path: Path, home: Path, now: datetime) -> Path:
    """Validate the spec, lock it into a new run folder's state.json, write plan.md there.

    Returns:
        The new run folder ``<home>/<YYYYMMDD-HHMMSS>-<slug>``.
    """
    spec, _ = load_spec(spec_path)
    plan = build_plan(spec, Path(spec_path))
    home.mkdir(parents=True, exist_ok=True)
    base = f"{now:%Y%m%d-%H%M%S}-{slug(spec.name)}"
    run_dir, n = home / base, 1
    while True:
        try:
            run_dir.mkdir()
            break
        except FileExistsError:
            n += 1
            run_dir = home / f"{base}-{n}"
    run_id = run_dir.name
    store = RunStore(run_dir)
    state = store.create(initial_state(run_id, plan, now))
    atomic_write(run_dir / "plan.md", render_plan_md(state.plan))
    store.append_events([{
        "ts": now.isoformat().replace("+00:00", "Z"), "event": "run_created",
        "message": f"run {run_id} created from {plan.spec_file}", "spec_sha256": plan.spec_sha256,
    }])
    return run_dir


def resolve_run(run: str | os.PathLike | None, home: str | os.PathLike | None = None) -> Path:
    """The run a command means: ``--run``, else ``$TIANLUO_RUN``, else the newest under the home."""
    chosen = run or os.environ.get("TIANLUO_RUN")
    if chosen:
        path = Path(chosen)
        if not (path / STATE).is_file():
            raise TianluoError(f"{path}: not a tianluo run folder (no {STATE}); pass the folder "
                               "`tianluo start` printed")
        return path
    folder = home_dir(home)
    runs = [p for p in folder.glob("*/") if (p / STATE).is_file()] if folder.is_dir() else []
    if not runs:
        raise TianluoError(f"no run found under {folder}; start one with `tianluo start SPEC`, "
                           "or pass --run DIR")
    # Run ids start with the start time to the second; within one second, the order of
    # creation is in their state, which records the start time to the microsecond.
    newest_second = max(p.name[:15] for p in runs)
    tied = [p for p in runs if p.name[:15] == newest_second]
    return max(tied, key=_created_at) if len(tied) > 1 else tied[0]


def _created_at(run_dir: Path) -> tuple[str, int]:
    """When the run was started; plan.md, written once at start, breaks exact ties."""
    try:
        created = RunStore(run_dir).load().created_at.isoformat()
    except TianluoError:
        created = ""
    try:
        written = (run_dir / "plan.md").stat().st_mtime_ns
    except OSError:
        written = 0
    return created, written
