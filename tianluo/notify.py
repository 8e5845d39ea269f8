"""Telling the owner: the failure analysis file, and the spec's notify commands."""

import os
import shutil
import subprocess
from datetime import datetime
from pathlib import Path

from tianluo import analysis
from tianluo.conditions import resolve
from tianluo.fsio import atomic_write
from tianluo.holds import analysis_path
from tianluo.logscan import tail_lines
from tianluo.model import RunState
from tianluo.observations import CopyOutput, Notify
from tianluo.states import StageStatus
from tianluo.templating import render

NOTIFY_TIMEOUT_S = 30
TAIL_LINES = 50


def write_analysis(run_dir: Path, state: RunState, entity: str, now: datetime) -> Path:
    """Write failures/<entity>__analysis.md with a section per held stage of the entity."""
    tails = {}
    for name, stage in state.entities[entity].stages.items():
        attempt = stage.current()
        if stage.status == StageStatus.HELD and attempt is not None:
            tails[name] = tail_lines(Path(run_dir) / attempt.dir / "stderr", TAIL_LINES)
    path = Path(run_dir) / analysis_path(entity)
    path.parent.mkdir(exist_ok=True)
    atomic_write(path, analysis.render(state, str(Path(run_dir).resolve()), entity, tails, now))
    return path


def notify(state: RunState, run_dir: Path, action: Notify, ts: str) -> dict:
    """Run every notify command of the spec once; return the event that says how it went."""
    values = {"title": action.title, "body": action.body, "entity": action.entity, "stage": action.stage,
              "run_id": state.run_id, "run_dir": str(Path(run_dir).resolve()),
              "analysis": str(Path(run_dir).resolve() / action.analysis) if action.analysis else ""}
    env = {**os.environ, **{f"TIANLUO_{k.upper()}": v for k, v in values.items()}}
    results = []
    for spec in state.plan.notify:
        command = render(spec.command, values, shell=True)
        try:
            proc = subprocess.run(["/bin/sh", "-c", command], cwd=state.plan.workdir, env=env,
                                  stdin=subprocess.DEVNULL, capture_output=True, timeout=NOTIFY_TIMEOUT_S)
            results.append(f"exit {proc.returncode}" + (f": {proc.stderr.decode(errors='replace').strip()[-200:]}"
                                                        if proc.returncode else ""))
        except subprocess.TimeoutExpired:
            results.append(f"timed out after {NOTIFY_TIMEOUT_S}s")
        except OSError as exc:
            results.append(f"could not run: {exc}")
    ev = {"ts": ts, "event": "notified", "key": action.key, "results": results,
          "message": f"told the owner: {action.title} ({'; '.join(results) or 'no command'})"}
    if action.entity:
        ev["entity"], ev["stage"] = action.entity, action.stage
    return ev


def copy_output(state: RunState, action: CopyOutput, ts: str) -> dict:
    """Copy a stage's output into the destination folder; an existing file there is never overwritten."""
    workdir = state.plan.workdir
    source = resolve(action.source, workdir)
    folder = resolve(action.destination, workdir)
    target = folder / source.name
    entity, stage = action.stage_id.rsplit(".", 1)
    ev = {"ts": ts, "entity": entity, "stage": stage, "source": str(source), "target": str(target)}
    if target.exists():
        return {**ev, "event": "output_kept", "message": f"{target} exists already; not overwritten, not copied"}
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target)
        else:
            shutil.copy2(source, target)
    except OSError as exc:
        return {**ev, "event": "output_copy_failed", "message": f"could not copy {source} to {target}: {exc}"}
    return {**ev, "event": "output_copied", "message": f"output copied to {target}"}
