"""``tianluo demo``: the example pipeline from examples/demo, run for real, ticked fast."""

import shutil
import sys
import tempfile
import time
from importlib.resources import as_file
from pathlib import Path

from tianluo.models.states import Phase
from tianluo.planning.newrun import create_run
from tianluo.shell.store import RunStore
from tianluo.shell.tick import run_tick, utcnow
from tianluo.shipped import shipped
from tianluo.views.status import build_status, format_event, render_status


def copy_example(name: str, target: Path) -> Path:
    """Copy ``examples/<name>`` into ``target``; return the copy's folder."""
    with as_file(shipped("examples") / name) as src:
        dest = target / name
        shutil.copytree(src, dest, ignore=shutil.ignore_patterns("__pycache__", "out", ".tianluo"))
    return dest


def run_demo(pace: float = 0.5, timeout: float = 90.0, out=None, workspace: Path | None = None) -> int:
    """Run the demo pipeline with real processes, printing what happens as it happens.

    Returns:
        0 when the success gate is met, 1 otherwise.
    """
    out = out or sys.stdout
    root = Path(workspace) if workspace else Path(tempfile.mkdtemp(prefix="tianluo-demo-"))
    pipeline = copy_example("demo", root)
    # The demo answers its decision forks with their defaults, as `start --accept-defaults` would.
    run_dir = create_run(pipeline / "tianluo.yaml", root / ".tianluo", utcnow(), accept_defaults=True)
    print(f"demo: pipeline copied to {pipeline}", file=out)
    print(f"demo: run folder {run_dir}", file=out)
    print(f"demo: ticking every {pace:g}s (a real run ticks every 10-15 minutes)", file=out)
    t0 = time.monotonic()
    phase = Phase.RUNNING
    while time.monotonic() - t0 < timeout:
        result = run_tick(run_dir)
        for ev in result.events:
            line = format_event(ev)
            if line:
                print(f"[{time.monotonic() - t0:5.1f}s] {line}", file=out, flush=True)
        phase = result.phase or phase
        if phase in (Phase.COMPLETE, Phase.EXPIRED, Phase.BLOCKED):
            break
        time.sleep(pace)
    state = RunStore(run_dir).load()
    print("", file=out)
    print(render_status(build_status(state, run_dir), utcnow()), file=out)
    print("", file=out)
    if state.phase == Phase.COMPLETE:
        print(f"demo: success gate met in {time.monotonic() - t0:.1f}s. Look around: {run_dir}", file=out)
        print(f"demo: try `tianluo status --run {run_dir}` or read {run_dir / 'events.jsonl'}", file=out)
        return 0
    print(f"demo: ended as {state.phase.value} after {time.monotonic() - t0:.1f}s; see {run_dir}", file=out)
    return 1
