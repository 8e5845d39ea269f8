"""What an edited spec does to a running run: every change, and every stage that runs again and why. Pure.

``plan --diff`` prints a review and ``start --replan`` carries out the same review (``replan.carry_over``),
so what the diff says is what the replan does:

- A stage runs again when its work changed: its command (or its variants), the values of the
  placeholders it uses, or its needs. One that is not done yet starts over on any change of
  its own (its attempts go on, its retry budget is fresh).
- A stage runs again when something it needs runs again (its inputs are made anew), unless it
  is pending or blocked anyway (it then simply waits for them).
- A done stage (succeeded, skipped) whose own work and needs are unchanged never runs again; the
  plan's other fields of it (``expected``, ``progress``, ``resources``, ``done_when``...) are taken
  for the record, and the diff says it keeps its result.
- A running stage that would run again refuses the replan: wait for it, or hold its entity.
- Run-wide changes (gate, ladder, rules, notify, agent, authorization, backend, host...) apply
  from the next tick; no stage runs again for them.
"""

from dataclasses import dataclass, field
from shlex import quote

from tianluo.durations import format_duration
from tianluo.models.model import RunState, StageState, split_stage_id, stage_id
from tianluo.models.plan_model import Plan, PlannedStage, plan_values
from tianluo.models.states import ACTIVE, DONE, StageStatus
from tianluo.planning.templating import PORT, placeholders

#: Run-wide fields of the plan, each with what its change does.
RUN_FIELDS: dict[str, str] = {
    "backend": "stages that start from now on are submitted with it",
    "host": "stages that start from now on are placed with it",
    "workdir": "stages that start from now on run in the new folder; results already made stay where they are",
    "interval": "the ticks' pace from the next tick (an installed trigger keeps its own --every)",
    "success_gate": "the gate is checked with it from the next tick",
    "ladder": "from the next failure; retries already spent still count",
    "rules": "failures are classified with them from the next tick",
    "notify": "notices from now on go to the new channels",
    "max_attempts": "the run-wide cap on attempts from the next tick",
    "cancel_grace": "from the next cancel",
    "authorization": "what tianluo may do by itself, from the next tick",
    "agent": "the agent rung uses it from its next call",
    "heartbeat": "every tick from the next one pings it",
    "fork_values": "each stage whose command uses a changed answer is listed below",
}

#: Stage fields that define the work a stage does; ``needs`` and the placeholder values are checked apart.
WORK_FIELDS = ("command", "run", "variants")
#: ... and for a stage a branch skipped: what decided that it does not run.
BRANCH_FIELDS = ("when", "branch")
SUMMARY = "= runs again: "  # the review's last line names every stage that runs again
SHOWN = 80  # characters of a value shown in a line
#: Fields whose numbers are seconds, shown as durations (``2h``).
DURATIONS = frozenset({"deadline", "expected", "timeout", "stall_after", "grows_within", "time", "interval",
                       "cancel_grace", "backoff", "within", "every"})


@dataclass
class Review:
    """What ``start --replan`` would do with the edited plan; ``lines`` are for people."""

    lines: list[str] = field(default_factory=list)
    again: dict[str, str] = field(default_factory=dict)  # stage id -> why it runs again (or starts over)
    kept: dict[str, str] = field(default_factory=dict)  # done stage id -> what changed that does not rerun it
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # one sentence each: a running stage would run again

    @property
    def changed(self) -> bool:
        return bool(self.lines)


def short(value: object, cap: int = SHOWN) -> str:
    """A value as one line of at most ``cap`` characters."""
    text = value if isinstance(value, str) else repr(value)
    text = " ".join(str(text).split())
    return text if len(text) <= cap else text[:cap - 3] + "..."


def _leaves(a: object, b: object, path: str, out: list[str]) -> None:
    """The dotted paths where two JSON values differ, each with its old and new value (nothing, an empty
    list and an empty mapping are the same: a field left out)."""
    if a in (None, [], {}) and b in (None, [], {}):
        return
    if isinstance(a, dict) and b is None or a is None and isinstance(b, dict):
        a, b = a or {}, b or {}
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if a.get(key) != b.get(key):
                _leaves(a.get(key), b.get(key), f"{path}.{key}", out)
        return
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                _leaves(x, y, f"{path}[{i}]", out)
        return
    when = path.rsplit(".", 1)[-1].split("[")[0] in DURATIONS
    out.append(f"{path}: {_shown(a, when)} -> {_shown(b, when)}")


def _shown(value: object, duration: bool = False) -> str:
    if value in (None, [], {}):
        return "none"
    if duration and isinstance(value, (int, float)) and not isinstance(value, bool):
        return format_duration(value)
    if duration and isinstance(value, list) and all(isinstance(v, (int, float)) for v in value):
        return "[" + ", ".join(format_duration(v) for v in value) + "]"
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        return f"{len(value)} item(s) {short(value, 60)}"
    return short(value, 60)


def _dump(value: object) -> object:
    """A plan value as plain JSON values (models without their unset, None fields)."""
    if isinstance(value, list):
        return [_dump(v) for v in value]
    if isinstance(value, dict):
        return {getattr(k, "value", k): _dump(v) for k, v in value.items()}
    return value.model_dump(mode="json", exclude_none=True) if hasattr(value, "model_dump") else value


def field_changes(old: object, new: object, name: str, cap: int = 4) -> list[str]:
    """``name.key: old -> new`` for each leaf that differs (at most ``cap``, then how many more)."""
    out: list[str] = []
    _leaves(_dump(old), _dump(new), name, out)
    return out[:cap] + ([f"{name}: and {len(out) - cap} more"] if len(out) > cap else [])


def used_values(plan: Plan, entity: str, stage: PlannedStage) -> dict[str, object]:
    """The placeholder values a stage's command (and its variants) are rendered with."""
    names = set(placeholders(stage.run)) | {n for t in stage.variants.values() for n in placeholders(t)}
    values = plan_values(plan, entity)
    return {n: values.get(n) for n in sorted(names - {PORT, "entity"})}


def work_changes(old: Plan, new: Plan, ename: str, sname: str, branch: bool = False) -> list[str]:
    """What changed of the work a stage does: its command, the values it uses, its needs."""
    o, n = old.entities[ename].stages[sname], new.entities[ename].stages[sname]
    out = []
    if o.command != n.command:
        out.append(f"command: `{short(o.command)}` -> `{short(n.command)}`")
    elif o.run != n.run:
        out.append(f"run: `{short(o.run)}` -> `{short(n.run)}`")
    if o.variants != n.variants:
        out.append("variants changed")
    ov, nv = used_values(old, ename, o), used_values(new, ename, n)
    for name in sorted(set(ov) | set(nv)) if o.command == n.command else ():  # else the command shows it
        if ov.get(name) != nv.get(name) and name in nv:
            out.append(f"{{{name}}}: {short(ov.get(name), 40)} -> {short(nv.get(name), 40)}")
    if o.needs != n.needs:
        out.append(f"needs: {', '.join(o.needs) or 'none'} -> {', '.join(n.needs) or 'none'}")
    if branch:
        out += [f"{f} changed" for f in BRANCH_FIELDS if getattr(o, f) != getattr(n, f)]
    return out


def other_changes(o: PlannedStage, n: PlannedStage) -> list[str]:
    """The stage's other fields that changed (what it is watched with, its resources, its degrades)."""
    skip = {*WORK_FIELDS, "needs"}
    out = []
    for name in type(o).model_fields:
        if name in skip or getattr(o, name) == getattr(n, name):
            continue
        if name in ("resources", "progress", "output", "done_when", "expected"):
            out += field_changes(getattr(o, name), getattr(n, name), name, cap=2)
        else:
            out.append(f"{name} changed")
    return out


def _order(plan: Plan) -> list[str]:
    """The plan's stage ids, each after everything it needs (Kahn; the spec's graph has no cycle)."""
    needs = {stage_id(e, s): st.needs for e, ent in plan.entities.items() for s, st in ent.stages.items()}
    users: dict[str, list[str]] = {sid: [] for sid in needs}
    left = {}
    for sid, wanted in needs.items():
        known = [n for n in wanted if n in users]
        left[sid] = len(known)
        for n in known:
            users[n].append(sid)
    out = [sid for sid in needs if left[sid] == 0]
    for sid in out:  # grows while it is read: each stage once all it needs is in
        for u in users[sid]:
            left[u] -= 1
            if left[u] == 0:
                out.append(u)
    placed = set(out)
    return out + [sid for sid in needs if sid not in placed]  # never, but never lose a stage either


def _had(stage: StageState) -> str:
    tries = f", {stage.attempt} attempt(s)" if stage.attempt else ""
    if stage.status == StageStatus.HELD and stage.hold is not None and stage.hold.by == "ladder":
        return f"held after a failure{tries}"
    return f"{stage.status.value}{tries}"


def review(state: RunState, new: Plan) -> Review:
    """Every change from the run's locked plan to ``new``, and what a replan does to each stage."""
    old = state.plan
    out = Review()
    for name in RUN_FIELDS:
        a, b = getattr(old, name), getattr(new, name)
        if a != b:
            what = field_changes(a, b, name) if name != "workdir" else [f"workdir: {a} -> {b}"]
            out.lines.append(f"~ {'; '.join(what)} ({RUN_FIELDS[name]}; no stage runs again for it)"
                             if name != "fork_values" else f"~ {'; '.join(what)} ({RUN_FIELDS[name]})")
    for ename in old.entities:
        if ename not in new.entities:
            out.removed += [stage_id(ename, s) for s in old.entities[ename].stages]
            out.lines.append(f"- entity {ename} removed ({', '.join(old.entities[ename].stages)}); what it made "
                             "stays where it is")
    for ename, planned in new.entities.items():
        if ename not in old.entities:
            out.added += [stage_id(ename, s) for s in planned.stages]
            out.lines.append(f"+ entity {ename} added ({', '.join(planned.stages)})")
            continue
        was = old.entities[ename]
        if was.params != planned.params:
            degraded = state.entities[ename].params != was.params
            out.lines.append(f"~ {ename}: params {was.params} -> {planned.params}"
                             + (f" (the values a degrade set, {state.entities[ename].params}, go back to the spec's)"
                                if degraded else ""))
        for sname in was.stages:
            if sname not in planned.stages:
                sid = stage_id(ename, sname)
                out.removed.append(sid)
                out.lines.append(f"- {sid} removed ({_had(state.stage(sid))})")
    for sid in out.removed:
        if state.stage(sid).status in ACTIVE:
            out.refused.append(f"{sid} was removed from the spec but attempt {state.stage(sid).attempt} is running: "
                               f"wait for it, or `tianluo hold {split_stage_id(sid)[0]}`, then replan")
    running = [sid for sid in state.stage_ids() if state.stage(sid).status in ACTIVE]
    if new.backend.kind != old.backend.kind and running:
        out.refused.append(f"the spec moves from backend {old.backend.kind} to {new.backend.kind} while "
                           f"{', '.join(running)} run there; wait for them (or hold), then replan")
    said: dict[str, str] = {}
    for sid in _order(new):  # what a stage needs is judged before it
        ename, sname = split_stage_id(sid)
        if ename not in old.entities:
            continue
        if sname not in old.entities[ename].stages:
            out.added.append(sid)
            said[sid] = f"+ {sid} added: it runs when its needs are done"
            continue
        line = _stage(state, new, sid, out)
        if line:
            said[sid] = line
    ids = [stage_id(e, s) for e, ent in new.entities.items() for s in ent.stages]
    out.lines += [said[sid] for sid in ids if sid in said]  # in the spec's order
    out.again = {sid: out.again[sid] for sid in ids if sid in out.again}
    out.kept = {sid: out.kept[sid] for sid in ids if sid in out.kept}
    if out.again or out.kept:
        again = ", ".join(out.again) or "none"
        out.lines.append(f"{SUMMARY}{again}" + (f"; keeps its result: {', '.join(out.kept)}" if out.kept else ""))
    return out


def _stage(state: RunState, new: Plan, sid: str, out: Review) -> str:
    """One stage present before and after: runs again, keeps its result, or nothing to say (''); its line."""
    ename, sname = split_stage_id(sid)
    old = state.plan
    stage = state.stage(sid)
    o, n = old.entities[ename].stages[sname], new.entities[ename].stages[sname]
    work = work_changes(old, new, ename, sname, branch=stage.status == StageStatus.SKIPPED)
    other = other_changes(o, n)
    rerun_needs = [x for x in n.needs if x in out.again]
    feeds = f"it needs {', '.join(rerun_needs)}, which run(s) again" if rerun_needs else ""
    status = stage.status
    if status in DONE:
        # a human's (or the agent's) skip stands while only what it needs changes; a branch is decided again
        why = "; ".join(work) or (feeds if stage.skipped_by in (None, "branch") else "")
        if why:
            out.again[sid] = why
            return f"~ {sid} runs again ({_had(stage)}): {why}"
        if other:
            out.kept[sid] = "; ".join(other)
            return (f"= {sid} keeps its result ({status.value}; its command, inputs and needs did not change): "
                    f"{'; '.join(other)}")
        return ""
    if status in ACTIVE:
        why = "; ".join(work + other) or feeds
        if not why:
            return ""
        out.refused.append(f"{sid} would run again ({why}) but attempt {stage.attempt} is running: wait for it, "
                           f"or `tianluo hold {ename}`, then replan")
        return f"! {sid} would run again, but attempt {stage.attempt} is running: {why}"
    waits = status in (StageStatus.PENDING, StageStatus.BLOCKED) or (
        status == StageStatus.HELD and stage.hold is not None and stage.hold.by == "human")
    why = "; ".join(work + other) or ("" if waits else feeds)
    if not why:
        return ""
    out.again[sid] = why
    if not stage.attempt:
        return f"~ {sid}: {why} (it has not run yet)"
    return (f"~ {sid} runs again ({_had(stage)}): {why}; attempt {stage.attempt + 1} with a fresh retry budget"
            + (", once its needs are done" if n.needs else ""))


@dataclass(frozen=True)
class Edited:
    """The spec a run was locked from, edited since: which stages a replan would run again, and why.

    ``release`` refuses to run one of them as locked (``refusal``): the edit is carried over by the
    flow, never by a retry of the stale command.
    """

    spec: str
    again: dict[str, str]
    error: str = ""  # the edited spec does not load now: what it says
    home: str = ""  # the run's home, named in the commands when it is not the spec folder's .tianluo

    def flow(self) -> str:
        path = quote(self.spec)
        home = f" --home {quote(self.home)}" if self.home else ""
        return f"`tianluo plan {path} --diff{home}`, then `tianluo start {path} --replan{home}`"

    def refusal(self, sids: list[str]) -> str:
        whys = self.again[sids[0]] if len(sids) == 1 else "; ".join(f"{sid}: {self.again[sid]}" for sid in sids)
        return (f"{', '.join(sids)}: {'its' if len(sids) == 1 else 'their'} spec changed since the run was locked "
                f"({whys}); a release would run the locked command again. Carry the edit over instead: "
                f"{self.flow()} (what changed runs with the edited spec; no release is needed). To run it as "
                "locked, put the spec back as it was")

    def note(self) -> str:
        return (f"{self.spec} changed since the run was locked and does not load now ({self.error}); this release "
                f"runs the locked plan. Once it loads: {self.flow()}")
