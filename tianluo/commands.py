"""The verbs behind the CLI; each returns a result and prints nothing."""

from dataclasses import dataclass
from pathlib import Path

from tianluo.fsio import atomic_write
from tianluo.plan import build_plan, render_plan_md
from tianluo.runs import create_run, home_dir, plan_doc_path
from tianluo.spec import load_spec
from tianluo.tick import TickResult, run_tick, utcnow


@dataclass
class PlanResult:
    plan_md: Path
    summary: str


@dataclass
class StartResult:
    run_dir: Path
    tick: TickResult | None


def plan(spec_path: Path, home: str | None) -> PlanResult:
    """Validate the spec and write its plan.md under the home (never beside your files)."""
    spec, _ = load_spec(spec_path)
    locked = build_plan(spec, spec_path)
    target = plan_doc_path(home_dir(home), spec.name)
    target.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(target, render_plan_md(locked))
    stages = sum(len(e.stages) for e in locked.entities.values())
    summary = (f"{spec_path}: valid. {len(locked.entities)} entities, {stages} stages, "
               f"backend {locked.backend}.")
    return PlanResult(plan_md=target, summary=summary)


def start(spec_path: Path, home: str | None, first_tick: bool = True) -> StartResult:
    """Create the run folder from the spec and, unless told not to, run its first tick."""
    run_dir = create_run(spec_path, home_dir(home), utcnow())
    result = run_tick(run_dir) if first_tick else None
    return StartResult(run_dir=run_dir.resolve(), tick=result)
