"""From a validated spec to the locked plan stored in state.json, and the human plan.md."""

import hashlib
from pathlib import Path

from pydantic import ValidationError

from tianluo.core.degrade import GPU_EXCLUDE, GPU_FAULT, TIME_FAULT, derived_time_raise, derives_gpu_exclude
from tianluo.core.ladder import resolve_budgets
from tianluo.core.responses import plan_notes
from tianluo.durations import format_duration
from tianluo.errors import SpecError
from tianluo.models.model import stage_id
from tianluo.models.plan_model import Plan, PlannedEntity, PlannedStage
from tianluo.planning.forks import branch_forks
from tianluo.planning.forks import describe as describe_action
from tianluo.planning.host_spec import HostPlan
from tianluo.planning.spec import DoneWhen, Output, Spec, resolve_need
from tianluo.planning.spec_parts import Metric, When
from tianluo.planning.templating import render
from tianluo.planning.yamlsource import SPEC_MAX_BYTES, dotted, read_capped
from tianluo.redact import of_plan
from tianluo.shell.gcpause import paused_gc

#: A command with its params filled in; ``sh -c`` gets it as one argument (at most 128 KiB).
MAX_RENDERED = 100 * 1024


def build_plan(spec: Spec, spec_path: Path, decisions: dict[str, str] | None = None) -> Plan:
    """Lock the spec with the owner's answers: render commands and paths, resolve needs, fill budgets.

    Args:
        spec: The validated spec.
        spec_path: Where it was read from.
        decisions: Fork key -> answer (see ``tianluo.planning.forks``); open forks take their defaults.
    """
    with paused_gc(freeze=True):  # tens of thousands of models; called by plan and start only
        return _build_plan(spec, spec_path, decisions)


def _build_plan(spec: Spec, spec_path: Path, decisions: dict[str, str] | None) -> Plan:
    spec_path = spec_path.resolve()
    # An open fork takes its default, which for every derived fork but gpu_fault's is what its
    # absence means below (no need to derive them all again: the caller just did)
    chosen = {f"custom:{name}": fork.default for name, fork in spec.forks.items()} | (decisions or {})
    fork_values = {name: chosen[f"custom:{name}"] for name in spec.forks}
    entities = {}
    for ename, entity in spec.entities.items():
        values = {"entity": ename, **fork_values, **entity.params}
        stages = {}
        for sname, stage in entity.stages.items():
            try:
                stages[sname] = _planned_stage(spec, ename, sname, stage, values, chosen, where=str(spec_path))
            except ValidationError as exc:  # a path within its bound until the params were filled in
                err = exc.errors()[0]
                msg = err["msg"].removeprefix("Value error, ")
                raise SpecError(f"{spec_path}: entities.{ename}.stages.{sname}: once its params are filled in, "
                                f"{dotted(tuple(err['loc']))}: {msg}") from None
        _apply_branches(spec, ename, stages, chosen)
        entities[ename] = PlannedEntity(params=dict(entity.params), stages=stages)
    return Plan(
        name=spec.name,
        backend=spec.backend,
        interval=spec.interval,
        workdir=str(spec_path.parent),
        spec_file=str(spec_path),
        # read again, bounded: the file may have been swapped for a FIFO since it was validated
        spec_sha256=hashlib.sha256(read_capped(spec_path, SPEC_MAX_BYTES, "tianluo.yaml")).hexdigest(),
        entities=entities,
        success_gate=spec.success_gate,
        ladder=resolve_budgets(spec.ladder),
        rules=spec.rules,
        notify=spec.notify,
        heartbeat=spec.heartbeat,
        max_attempts=spec.max_attempts or default_max_attempts(sum(len(e.stages) for e in entities.values())),
        cancel_grace=spec.cancel_grace,
        fork_values=fork_values,
        authorization=list(spec.authorization.allow),
        agent=spec.agent,
        host=host_plan(spec),
    )


def host_plan(spec: Spec) -> HostPlan | None:
    """The spec's ``host:`` as the plan carries it (on the local backend, its defaults when not given); what the
    host itself says (is it a GPU host?) is learned at start (``newrun.resolve_host``)."""
    if not spec.backend.capabilities().this_host:
        return None
    return HostPlan(**(spec.host.model_dump(exclude_unset=True) if spec.host is not None else {}))


#: The run-wide cap on attempts when the spec sets none: enough for every stage to spend a default
#: ladder (3 transient, 1 config, 1 unknown retry) twice over, so a wide sweep's stage 101 is not
#: held at its first launch, while a run that fails everywhere still stops.
ATTEMPTS_PER_STAGE = 10
MIN_MAX_ATTEMPTS = 100


def default_max_attempts(stages: int) -> int:
    """The run-wide cap on attempts of a run of ``stages`` stages whose spec sets none."""
    return min(1_000_000, max(MIN_MAX_ATTEMPTS, ATTEMPTS_PER_STAGE * stages))


def _planned_stage(spec: Spec, ename: str, sname: str, stage, values: dict, chosen: dict,
                   where: str = "tianluo.yaml") -> PlannedStage:
    sid = stage_id(ename, sname)
    done_when = None
    if stage.done_when:
        done_when = DoneWhen(
            exists=[render(p, values, shell=False) for p in stage.done_when.exists],
            metric=[_metric(m, values) for m in stage.done_when.metric],
        )
    output = None
    if stage.output:
        destination = render(stage.output.destination, values, shell=False) if stage.output.destination else None
        answer = chosen.get(f"output:{sid}")
        if answer and answer != "keep":
            destination = render(answer, values, shell=False, keep_unknown=True)  # {entity} works; other braces stay
        output = Output(path=render(stage.output.path, values, shell=False), grows_within=stage.output.grows_within,
                        destination=destination)
    progress = stage.progress
    if progress is not None and progress.file:
        progress = progress.model_copy(update={"file": render(progress.file, values, shell=False)})
    needs = []
    for n in stage.needs:
        need = resolve_need(spec, ename, n)
        assert need is not None  # every need was resolved by spec_checks.check_graph
        target = stage_id(*need)
        if chosen.get(f"cross:{sid}:{target}") != "go":  # 'go': the owner chose not to wait for it
            needs.append(target)
    degrade = {}
    for label, actions in stage.degrade.items():
        pick = chosen.get(f"risk:{sid}:{label}", "hold")
        for action in actions:  # the chosen one (names are unique: checked with the spec)
            if action.name == pick:
                degrade[label] = action
    gpu_answer = chosen.get(f"risk:{sid}:{GPU_FAULT}", GPU_EXCLUDE.name)  # its default: leave the host out
    if derives_gpu_exclude(spec.backend, stage) and gpu_answer == GPU_EXCLUDE.name:
        degrade[GPU_FAULT] = GPU_EXCLUDE
    raise_time = derived_time_raise(stage)  # offered, not taken by default: hold
    if raise_time is not None and chosen.get(f"risk:{sid}:{TIME_FAULT}") == raise_time.name:
        degrade[TIME_FAULT] = raise_time
    when = None
    if stage.when:
        when = When(metric=_metric(stage.when.metric, values))
    command = render(stage.run, values, shell=True)
    for key, text in [("run", command)] + [(f"variants.{v}", render(t, values, shell=True, keep_unknown=True))
                                           for v, t in stage.variants.items()]:
        if len(text) > MAX_RENDERED:
            raise SpecError(f"{where}: entities.{ename}.stages.{sname}.{key}: with its params filled in the "
                            f"command is {len(text)} characters; at most {MAX_RENDERED} (the kernel takes 128 KiB "
                            "per argument): pass big values in a file")
    return PlannedStage(
        command=command,
        needs=needs,
        done_when=done_when,
        progress=progress,
        output=output,
        expected=stage.expected,
        logs=[render(p, values, shell=False) for p in stage.logs],
        checkpoints=render(stage.checkpoints, values, shell=False) if stage.checkpoints else None,
        run=stage.run,
        variants=dict(stage.variants),
        degrade=degrade,
        when=when,
        start_held=chosen.get(f"resource:{sid}") == "hold",
        resources=stage.resources,
    )


def _metric(m: Metric, values: dict) -> Metric:
    return Metric(file=render(m.file, values, shell=False), key=m.key, op=m.op, value=m.value)


def _apply_branches(spec: Spec, ename: str, stages: dict[str, PlannedStage], chosen: dict) -> None:
    """A forced branch: the chosen stage runs whatever the metric says, the others are skipped."""
    for fork in branch_forks(spec, ename):  # this entity's only: derive() per entity is quadratic
        pick = chosen.get(fork.key, "metric")
        if pick == "metric":
            continue
        for name in fork.key.split(":", 2)[2].split(","):
            stages[name].branch = "take" if name == pick else "skip"


def _template_text() -> str:
    from tianluo.shipped import template_text

    return template_text("plan-doc-skeleton.md")


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
            lines += [f"  - {note}" for note in plan_notes(stage)]
            if stage.checkpoints:
                lines.append(f"  - checkpoints: `{stage.checkpoints}` (a rollback renames the newest aside)")
            for label, action in stage.degrade.items():
                lines.append(f"  - on `{label}`, pre-authorised: {describe_action(action)}")
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
    lines += ["", f"tianluo may do on its own (`authorization.allow`): {', '.join(plan.authorization) or 'nothing'}; "
              "anything else becomes a hold with the question."]
    agent = plan.agent
    lines.append("")
    if agent is None:
        lines.append("No agent rung: a failure the ladder cannot answer is held for you (`agent:` in the spec, or "
                     "`tianluo start --agent`, adds one).")
    else:
        skip = "; skip" if "skip" in plan.authorization else ""
        lines.append(f"Agent rung: before such a hold, and on an unknown fault, tianluo asks `{agent.command}` "
                     f"(at most {format_duration(agent.timeout)} a call, {agent.max_calls} calls in the run). Its "
                     f"answer is applied only inside the list above: retry, hold, a pre-authorised change{skip}; "
                     "anything else becomes the hold it would have been.")
    lines += ["", _notify_line(plan)]
    return lines


def _notify_line(plan: Plan) -> str:
    """Who is told of what (channels shown without their secrets: a webhook by its host)."""
    from tianluo.messages.channels import describe

    if not plan.notify:
        return ("Nobody is told anything (`notify:` in the spec adds a command, a webhook or email): read "
                "`tianluo status`.")
    told = "; ".join(f"{describe(c)} of {', '.join(c.on) if c.on is not None else 'every event'}" for c in plan.notify)
    return f"You are told through: {told}."


def _decision_lines(forks: list, chosen: dict[str, tuple[str, str]]) -> list[str]:
    if not forks:
        return ["None: nothing in this plan needs a decision from you."]
    lines = ["| id | type | question | answer | default | if left open |", "| --- | --- | --- | --- | --- | --- |"]
    for i, fork in enumerate(forks, 1):
        answer, by = chosen.get(fork.key, ("**open**", ""))
        given = f"{answer} ({by})" if by else answer
        options = " / ".join(fork.options) + (" / a folder" if fork.free_form else "")
        row = [f"Q{i}", fork.type, f"{fork.question} ({options})", given, fork.default, fork.cost]
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |")
    return lines


def _gpu_section(plan: Plan) -> str:
    """plan.md's word on the host's GPUs: which stages ask for them and the order they get them in."""
    from tianluo.core.gpu_pool import gpu_order

    asking = gpu_order(plan) if plan.host is not None else []
    if not asking or plan.host is None:
        return ""
    host = plan.host
    which = f"GPUs {', '.join(map(str, host.gpus))}" if isinstance(host.gpus, list) else "every GPU nvidia-smi lists"
    lines = ["", "## GPUs", "",
             f"tianluo hands out {which}, each to one attempt at a time, as CUDA_VISIBLE_DEVICES; a GPU another "
             f"process uses (over {host.busy_mib} MiB) is not handed out. When more stages are ready than fit, "
             "they get GPUs in this order (the longest critical path by `expected` first, then spec order; a "
             "stage that does not fit lets the next ones start, until it has waited "
             f"{format_duration(host.reserve_after)}):", ""]
    for i, (sid, n, path) in enumerate(asking, 1):
        crit = f", critical path {format_duration(path)}" if path else ""
        lines.append(f"{i}. {sid}: {n} GPU{'s' if n > 1 else ''}{crit}")
    if not host.hide_gpus:
        lines += ["", "Stages that ask for no GPU see every GPU (hide_gpus: false)."]
    return "\n".join(lines) + "\n"


def render_plan_md(plan: Plan, forks: list | tuple = (), chosen: dict[str, tuple[str, str]] | None = None,
                   lessons: list[str] | tuple = ()) -> str:
    """plan.md, the human contract; ticks never read it.

    Args:
        plan: The plan (locked, or as it would be locked).
        forks: The spec's decision forks, in Q order.
        chosen: Fork key -> (answer, who gave it); forks not in it are shown as open.
        lessons: Lines from earlier runs' lessons.md (``tianluo.views.lessons.earlier``): notes, not forks.
    """
    text = _template_text()
    fields = {
        "decisions": "\n".join(_decision_lines(list(forks), chosen or {})),
        "name": plan.name,
        "spec_file": plan.spec_file,
        "workdir": plan.workdir,
        "interval": format_duration(plan.interval),
        "backend": plan.backend.describe().replace("`", "'"),
        "gate": "\n".join(_gate_lines(plan)),
        "stages": "\n".join(_stage_lines(plan)).rstrip(),
        "budgets": "\n".join(_budget_lines(plan)),
    }
    for key, value in fields.items():
        text = text.replace("{{" + key + "}}", value)
    text = text.rstrip("\n") + "\n" + _gpu_section(plan)
    if lessons:  # notes for the owner: they never block start
        text = text.rstrip("\n") + "\n\n## Lessons from earlier runs\n\n" + "\n".join(f"- {x}" for x in lessons) + "\n"
    return of_plan(plan).document(text)  # a param named like a secret is not written out; earlier runs' words inert
