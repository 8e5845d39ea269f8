"""Plan-time forks: every place a human decision could be needed, found before the run.

Pure: a spec in, forks out. Five derived types plus the spec's own:

- ``branch``: stages whose ``when`` on a metric picks which one runs next;
- ``resource``: a stage expected to run long or on many GPUs ("~14h on 8 GPUs: go?");
- ``cross``: a stage that waits on another entity's stage (wait, or go without it);
- ``risk``: a fault whose ladder would reach the degrade rung (which change, or hold);
- ``output``: a final artifact with no destination set;
- ``custom``: the spec's own ``forks``, whose answers become ``{<name>}`` placeholders.

Forks are keyed by what they are about (``risk:lr-3e-4.train:cuda_oom``), so answers stay
attached when the spec is edited; the ``Q1``... ids are only their order in this plan.
"""

from dataclasses import dataclass

from tianluo.core.degrade import (
    GPU_EXCLUDE,
    GPU_FAULT,
    TIME_FAULT,
    derived_time_raise,
    derives_gpu_exclude,
    time_limit_of,
)
from tianluo.core.responses import never_unchanged
from tianluo.durations import format_duration
from tianluo.models.plan_model import derived_question
from tianluo.planning.spec import Spec, resolve_need
from tianluo.planning.templating import render

TYPES = ("custom", "resource", "cross", "risk", "branch", "output")


@dataclass(frozen=True)
class Fork:
    """One decision to take before the run."""

    key: str
    type: str
    question: str
    options: tuple[str, ...]
    default: str
    cost: str
    free_form: bool = False  # the answer may also be text of the owner's (a destination path)

    def accepts(self, answer: str) -> bool:
        return answer in self.options or (self.free_form and bool(answer.strip()))


def derive(spec: Spec) -> list[Fork]:
    """Every fork of the spec, in a stable order: the spec's own first, then per stage."""
    forks = [
        Fork(key=f"custom:{name}", type="custom", question=f.question, options=tuple(f.options),
             default=f.default, cost=f.cost or f"tianluo runs with {f.default!r}")
        for name, f in spec.forks.items()
    ]
    consumed = {resolve_need(spec, e, n) for e, ent in spec.entities.items()
                for st in ent.stages.values() for n in st.needs}
    for ename, entity in spec.entities.items():
        for sname, stage in entity.stages.items():
            sid = f"{ename}.{sname}"
            forks += _resource(spec, sid, stage)
            for need in stage.needs:
                target = resolve_need(spec, ename, need)
                if target and target[0] != ename:
                    tid = f"{target[0]}.{target[1]}"
                    key = f"cross:{sid}:{tid}"
                    forks.append(Fork(
                        key=key, type="cross", question=derived_question(key),  # state.json leaves it to the key
                        options=("wait", "go"), default="wait",
                        cost=f"if {tid} is held, {sid} stays blocked until you decide"))
            for label, actions in stage.degrade.items():
                names = [a.name for a in actions]
                forks.append(Fork(
                    key=f"risk:{sid}:{label}", type="risk",
                    question=f"{sid} fails with {label}{_when_degraded(label, actions)}: which change may tianluo make "
                             f"on its own ({'; '.join(_describe(a) for a in actions)}), or hold?",
                    options=(*names, "hold"), default="hold",
                    cost=f"tianluo holds {sid} and waits for you"))
            if derives_gpu_exclude(spec.backend, stage):
                forks.append(Fork(
                    key=f"risk:{sid}:{GPU_FAULT}", type="risk",
                    question=f"{sid} fails with gpu_fault (Xid, uncorrectable ECC, GPU fallen off the bus): leave "
                             "that host out (sbatch --exclude) and run again at once without spending the retry "
                             "budget, or hold?",
                    options=(GPU_EXCLUDE.name, "hold"), default=GPU_EXCLUDE.name,
                    cost="the failed host is left out and the stage runs again elsewhere"))
            raise_time = derived_time_raise(stage)
            if raise_time is not None:
                assert raise_time.time is not None and raise_time.time.max is not None  # derived with both
                limit = format_duration(time_limit_of(stage.resources) or 0)
                forks.append(Fork(
                    key=f"risk:{sid}:{TIME_FAULT}", type="risk",
                    question=f"{sid} is stopped at its time limit ({limit}, resources.time): when that happens "
                             "again after its retry, may tianluo raise the limit for the next attempt "
                             f"({_describe(raise_time)}), or hold?",
                    options=(raise_time.name, "hold"), default="hold",
                    cost=f"tianluo holds {sid} and waits for you"))
            if stage.output and not stage.output.destination and (ename, sname) not in consumed:
                forks.append(Fork(
                    key=f"output:{sid}", type="output",
                    question=f"{sid} produces {stage.output.path}: keep it where it is, or copy it to a folder "
                             "(give the path) when the stage is done?",
                    options=("keep",), default="keep", free_form=True,
                    cost="it stays in the working folder"))
        forks += branch_forks(spec, ename)
    return forks


def _resource(spec: Spec, sid: str, stage) -> list[Fork]:
    ask = spec.ask_above
    gpus = stage.resources.gpu_count if stage.resources else 0
    long = stage.expected is not None and stage.expected > ask.expected
    wide = gpus >= ask.gpus > 0
    if not (long or wide):
        return []
    what = f"~{format_duration(stage.expected)}" if stage.expected else "an unknown time"
    on = f" on {gpus} GPUs" if gpus else ""
    return [Fork(key=f"resource:{sid}", type="resource", question=f"{sid} will run {what}{on}: go?",
                 options=("go", "hold"), default="go", cost=f"{sid} waits for you instead of running")]


def branch_forks(spec: Spec, ename: str) -> list[Fork]:
    """The branch forks of one entity (as ``derive`` lists them)."""
    groups: dict[tuple, list[str]] = {}
    for sname, stage in spec.entities[ename].stages.items():
        if stage.when is not None:
            groups.setdefault(tuple(sorted(stage.needs)), []).append(sname)
    out = []
    for needs, names in groups.items():
        values = {"entity": ename, **spec.entities[ename].params}
        conditions = []
        for n in names:
            when = spec.entities[ename].stages[n].when
            assert when is not None  # grouped above only when it has one
            conditions.append(f"{n} when {_cond(when.metric, values)}")
        rules = "; ".join(conditions)
        after = ", ".join(needs) if needs else "the start"
        out.append(Fork(
            key=f"branch:{ename}:{','.join(names)}", type="branch",
            question=f"{ename}: after {after}, a metric picks the next stage ({rules}). "
                     "Follow the metric, or always take one?",
            options=("metric", *names), default="metric",
            cost="the metric decides, as written in the spec"))
    return out


def _cond(m, values: dict | None = None) -> str:
    try:
        path = render(m.file, values or {}, shell=False)
    except KeyError:  # a fork's placeholder: its answer is not known yet
        path = m.file
    return f"{path}:{m.key} {m.op} {m.value!r}"


def _when_degraded(label: str, actions) -> str:
    """When the risk fork's change is made: a label never retried unchanged at once, an action with
    ``retry_first`` once the class's retries are spent, any other at the first failure."""
    if never_unchanged(label):
        return " and is never retried unchanged"
    if all(a.retry_first for a in actions):
        return " and its retries are spent"
    return " (on the first such failure, before any retry)"


def describe(action) -> str:
    """``halve_batch: batch_size/2 (floor 8)``: a degrade action in words (forks and plan.md)."""
    return _describe(action)


def _describe(action) -> str:
    parts = []
    for name, change in action.params.items():
        if change.set is not None:
            parts.append(f"{name}={change.set!r}")
        elif change.multiply is not None:
            floor = f" (floor {change.floor:g})" if change.floor is not None else ""
            parts.append(f"{name}*{change.multiply:g}{floor}")
        elif change.divide is not None:
            floor = f" (floor {change.floor:g})" if change.floor is not None else ""
            parts.append(f"{name}/{change.divide:g}{floor}")
        else:
            parts.append(f"{name}: next of {change.choose}")
    if action.variant:
        parts.append(f"switch to variant {action.variant}")
    if action.exclude_host:
        parts.append("exclude the failed host")
    if action.rollback_checkpoint:
        parts.append("resume from the previous checkpoint (the newest moved aside, never deleted)")
    if action.time is not None:
        ceiling = f", at most {format_duration(action.time.max)}" if action.time.max is not None else ""
        parts.append(f"time limit x{action.time.multiply:g}{ceiling}")
    if action.retry_first:
        parts.append("once the retries are spent")
    return f"{action.name}: " + ", ".join(parts)
