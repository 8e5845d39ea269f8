"""From a validated spec to the locked plan stored in state.json, and the human plan.md."""

import hashlib
from pathlib import Path

from tianluo.durations import format_duration
from tianluo.ladder import resolve_budgets
from tianluo.model import Plan, PlannedEntity, PlannedStage, stage_id
from tianluo.spec import DoneWhen, Metric, Output, Spec, resolve_need
from tianluo.templating import render


def build_plan(spec: Spec, spec_path: Path) -> Plan:
    """Render every command and path; resolve needs to ``<entity>.<stage>``; fill budgets."""
    spec_path = spec_path.resolve()
    entities = {}
    for ename, entity in spec.entities.items():
        values = {"entity": ename, **entity.params}
        stages = {}
        for sname, stage in entity.stages.items():
            done_when = None
            if stage.done_when:
                done_when = DoneWhen(
                    exists=[render(p, values, shell=False) for p in stage.done_when.exists],
                    metric=[
                        Metric(file=render(m.file, values, shell=False), key=m.key, op=m.op, value=m.value)
                        for m in stage.done_when.metric
                    ],
                )
            output = None
            if stage.output:
                output = Output(path=render(stage.output.path, values, shell=False),
                                grows_within=stage.output.grows_within)
            progress = stage.progress
            if progress is not None and progress.file:
                progress = progress.model_copy(update={"file": render(progress.file, values, shell=False)})
            stages[sname] = PlannedStage(
                command=render(stage.run, values, shell=True),
                needs=[stage_id(*resolve_need(spec, ename, n)) for n in stage.needs],
                done_when=done_when,
                progress=progress,
                output=output,
                expected=stage.expected,
                logs=[render(p, values, shell=False) for p in stage.logs],
            )
        entities[ename] = PlannedEntity(params=dict(entity.params), stages=stages)
    return Plan(
        name=spec.name,
        backend=spec.backend,
        interval=spec.interval,
        workdir=str(spec_path.parent),
        spec_file=str(spec_path),
        spec_sha256=hashlib.sha256(spec_path.read_bytes()).hexdigest(),
        entities=entities,
        success_gate=spec.success_gate,
        ladder=resolve_budgets(spec.ladder),
        rules=spec.rules,
        notify=spec.notify,
        max_attempts=spec.max_attempts,
        cancel_grace=spec.cancel_grace,
    )


def _template_text() -> str:
    from importlib.resources import files

    return (files("tianluo.templates") / "plan-doc-skeleton.md").read_text(encoding="utf-8")


def _gate_lines(plan: Plan) -> list[str]:
    gate = plan.success_gate
    lines = []
    if gate.all_done:
        lines.append("- every stage of every entity has succeeded")
    lines += [f"- `{p}` exists" for p in gate.exists]
    lines += [f"- `{m.file}`: `{m.key}` {m.op} {m.value!r}" for m in gate.metric]
    if not lines:
        lines.append("- (no condition: the run completes at its first tick)")
    lines.append(f"- mode: `{gate.mode}`")
    if gate.deadline:
        lines.append(f"- deadline: {format_duration(gate.deadline)} after start; if the gate is not met "
                     "by then the run stops launching work and ends as `expired`")
    return lines


def _stage_lines(plan: Plan) -> list[str]:
    lines = []
    for ename, entity in plan.entities.items():
        params = ", ".join(f"{k}={v}" for k, v in entity.params.items()) or "no params"
        lines.append(f"### {ename} ({params})")
        lines.append("")
        for sname, stage in entity.stages.items():
            needs = f" after {', '.join(stage.needs)}" if stage.needs else ""
            expected = f", expected {format_duration(stage.expected)}" if stage.expected else ""
            lines.append(f"- **{sname}**{needs}{expected}: `{stage.command}`")
            if stage.done_when:
                for p in stage.done_when.exists:
                    lines.append(f"  - done when `{p}` exists")
                for m in stage.done_when.metric:
                    lines.append(f"  - done when `{m.file}`: `{m.key}` {m.op} {m.value!r}")
        lines.append("")
    return lines


def _budget_lines(plan: Plan) -> list[str]:
    lines = ["| fault class | retries per stage | waits before retries |", "| --- | --- | --- |"]
    for klass, budget in plan.ladder.items():
        waits = ", ".join(format_duration(b) for b in budget.backoff)
        lines.append(f"| {klass.value} | {budget.retries} | {waits} |")
    return lines


def render_plan_md(plan: Plan) -> str:
    """plan.md, the human contract; ticks never read it."""
    text = _template_text()
    fields = {
        "name": plan.name,
        "spec_file": plan.spec_file,
        "workdir": plan.workdir,
        "interval": format_duration(plan.interval),
        "gate": "\n".join(_gate_lines(plan)),
        "stages": "\n".join(_stage_lines(plan)).rstrip(),
        "budgets": "\n".join(_budget_lines(plan)),
    }
    for key, value in fields.items():
        text = text.replace("{{" + key + "}}", value)
    return text
