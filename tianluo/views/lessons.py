"""lessons.md: the run's memory, written once when it ends, read by the next ``plan`` of the project.

Rendered from state.json alone and deterministic (the same state gives the same bytes), so the
tick that ends the run and ``tianluo stop`` may both write it: it is replaced whole, atomically.
Its last part is a fenced ```json block (``lessons_version`` 1) that ``earlier`` reads back;
the rest is for people. Ticks never read it.
"""

import json
import os
import re
import stat
from collections import Counter
from datetime import datetime
from pathlib import Path

from tianluo import redact
from tianluo.core import goodput
from tianluo.errors import TianluoError
from tianluo.models.model import Attempt, Degradation, Fault, RunState, StageState
from tianluo.shell import fsio, runfs
from tianluo.timefmt import iso
from tianluo.views.findings import one_line

LESSONS = "lessons.md"
LESSONS_VERSION = 1
READ_CAP = 256 * 1024  # bytes of one lessons.md the next plan reads; a bigger one is skipped
MAX_RUNS = 5  # the newest finished runs whose lessons the next plan reads
MAX_SHOWN = 20  # lines under "Lessons from earlier runs"
MAX_ITEMS = 500  # items read from one file
TEXT_CAP = 300
EVIDENCE_CAP = 120
_RUN_NAME = re.compile(r"\d{8}-\d{6}-[A-Za-z0-9._-]+")
_CHANGE = re.compile(r"(\w+) (\S+) -> (\S+)")
#: What to pre-authorise when a stage was held for a fault with no degrade chosen at plan time.
_SUGGEST = {"cuda_oom": "halve_batch", "host_oom": "halve_batch", "shm_exhausted": "fewer dataloader workers",
            "too_many_open_files": "fewer dataloader workers (or a higher ulimit -n)",
            "nan_loss": "a lower lr or rollback_checkpoint", "corrupt_checkpoint": "rollback_checkpoint",
            "gpu_fault": "exclude_host", "node_failure": "exclude_host",
            "time_limit": "raise_time (or a longer resources.time)"}


# --- writing ------------------------------------------------------------------------------------


def ended_at(state: RunState) -> datetime:
    """When the run ended, from the state: the gate's time, else its last recorded moment."""
    if state.gate.met_at is not None:
        return state.gate.met_at
    moments = [state.created_at] + ([state.last_tick_at] if state.last_tick_at else [])
    for entity in state.entities.values():
        for stage in entity.stages.values():
            moments += [t for a in stage.attempts for t in (a.ended_at, a.intent_at) if t is not None]
            moments += [x.at for x in stage.degradations] + ([stage.hold.at] if stage.hold else [])
            moments += [c.settled_at or c.asked_at for c in stage.consults]
    return max(moments)


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _fixes(state: RunState, ename: str, sname: str, stage: StageState) -> list[str]:
    """What followed each failed attempt that has a next attempt, in order."""
    out = []
    failures: Counter = Counter()
    budgets = state.plan.ladder
    by_attempt = {a.n: a for a in stage.attempts}
    for a in stage.attempts:
        if a.outcome != "failed" or a.fault is None or a.n + 1 not in by_attempt:
            continue
        degrades = [d for d in stage.degradations if d.attempt == a.n]
        consult = next((c for c in stage.consults if c.attempt == a.n), None)
        if not a.fault.free:
            failures[a.fault.klass] += 1
        if degrades:
            out += [f"degrade {d.action} ({'; '.join(d.changes)})" for d in degrades]
        elif consult is not None and consult.applied:
            why = one_line(consult.reply.reason, 120) if consult.reply and consult.reply.reason else ""
            out.append(f"the agent's answer {consult.applied}" + (f" ({why})" if why else ""))
        elif consult is not None:
            out.append(f"the ladder's {consult.fallback} (the agent's answer was not applied)")
        elif a.fault.free:
            out.append("a free retry")
        elif a.fault.klass in budgets and failures[a.fault.klass] > budgets[a.fault.klass].retries:
            out.append("a human's release --retry")  # past its budget: not the ladder's retry
        else:
            out.append("a plain retry")
        out += [f"checkpoint rollback to {m.resume_from}" for m in stage.checkpoint_moves
                if m.attempt == a.n and m.outcome == "moved"]
    return out


def _suggestions(state: RunState, ename: str, sname: str, stage: StageState) -> list[str]:
    out = []
    planned = state.plan.entities[ename].stages.get(sname)
    fault = stage.fault
    if stage.hold is not None and stage.hold.by == "ladder" and fault is not None and planned is not None \
            and fault.label not in planned.degrade and fault.klass.value not in planned.degrade:
        what = _SUGGEST.get(fault.label, f"a degrade for {fault.label}")
        out.append(f"held for {fault.label} with no degrade pre-authorised: consider pre-authorising {what}")
    taken = Counter(d.action for d in stage.degradations)
    for action, n in sorted(taken.items()):
        if n < 2:
            continue
        start = _final_params([d for d in stage.degradations if d.action == action])
        if start:
            out.append(f"{action} was taken {_times(n)}: consider starting at {start}")
    return out


def _fault(a: Attempt) -> Fault:
    assert a.fault is not None  # only failed attempts with their fault are looked at
    return a.fault


def _cost(spent: dict | None, klass: str, label: str) -> str:
    """What a fault cost the stage (goodput's lost time put down to it), as ``1.3 GPU-h over 2 attempts``; ''
    without an account."""
    if not spent:
        return ""
    key = f"{klass}/{label}"
    gpu = spent["gpu_hours"]["lost_by_fault"].get(key) if spent["gpu_hours"] else None
    n = spent["fault_attempts"].get(key, 0)
    return f"{goodput.amount(spent['lost_by_fault'].get(key, 0.0), gpu)} over {n} attempt{'s' * (n != 1)}"


def _final_params(degradations: list[Degradation]) -> str:
    """The params as the last of these degrades left them: ``batch_size 16`` ('' if they changed none)."""
    final: dict[str, str] = {}
    for d in degradations:
        for line in d.changes:
            m = _CHANGE.fullmatch(line)
            if m and m.group(1) != "command":
                final[m.group(1)] = m.group(3)
    return ", ".join(f"{k} {v}" for k, v in sorted(final.items()))


def stage_lessons(state: RunState, ename: str, sname: str, stage: StageState, spent: dict | None = None
                  ) -> dict | None:
    """The lesson of one stage, or None if it had no trouble: ``{"lines": [...], "items": [...]}``.

    ``spent``: the stage's goodput (``goodput.account``), for what each fault cost."""
    failed = [a for a in stage.attempts if a.outcome == "failed" and a.fault is not None]
    held = stage.hold is not None  # a human's hold still on at the end is worth knowing too
    if not failed and not held and not stage.degradations and not stage.consults:
        return None
    lines, items = [], []

    def item(label: str, text: str) -> None:
        items.append({"entity": ename, "stage": sname, "label": label, "text": text})

    seen = Counter((_fault(a).klass.value, _fault(a).label) for a in failed)
    first: dict[tuple[str, str], Attempt] = {}
    for a in failed:
        first.setdefault((_fault(a).klass.value, _fault(a).label), a)
    fixes = _fixes(state, ename, sname, stage)
    fixed = stage.status.value == "succeeded"
    params = state.plan.entities[ename].params
    for (klass, label), n in seen.items():
        fault = _fault(first[(klass, label)])
        evidence = one_line(fault.evidence or "", EVIDENCE_CAP).replace("`", "'")
        rules = (f" (the agent's class, call {fault.agent_call}; the rules said {fault.rule_class.value}/"
                 f"{fault.rule_label})" if fault.rule_class else "")
        lines.append(f"- fault {klass}/{label}, {_times(n)}{rules}" + (f": `{evidence}`" if evidence else ""))
    by_n = {a.n: a for a in failed}
    for (klass, label), n in seen.items():
        mine = [d for d in stage.degradations if d.attempt in by_n and _fault(by_n[d.attempt]).label == label]
        at = ""
        for key, value in sorted(params.items()):  # the value as planned, where this fault's degrades changed it
            if any(_CHANGE.fullmatch(c) and c.startswith(f"{key} ") for d in mine for c in d.changes):
                at += f" at {key} {value}"
        actions = Counter(d.action for d in mine)
        how = (", " + "; ".join(f"{a} {_times(k)}" for a, k in actions.items())) if actions else ""
        outcome = "then succeeded" if fixed else f"ended {stage.status.value}"
        cost = _cost(spent, klass, label)
        item(label, f"{label} ({klass}) {_times(n)}{at}{how}; {outcome}" + (f"; cost {cost}" if cost else ""))
        if cost:
            start = _final_params(mine) if fixed else ""
            lines.append(f"- {label} cost {cost}" + (f": start at {start}" if start else ""))
    if fixes:
        lines.append("- what followed each failure: " + "; ".join(fixes))
        lines.append(f"- outcome: {'succeeded after attempt ' + str(stage.attempt) if fixed else stage.status.value}")
    elif failed:
        lines.append(f"- outcome: {stage.status.value} (no attempt after the failure)")
    if failed:
        budgets = ", ".join(f"{k.value} {v}/{state.plan.ladder[k].retries if k in state.plan.ladder else '?'}"
                            for k, v in sorted(stage.budget_used.items(), key=lambda kv: kv[0].value))
        lines.append(f"- budgets spent: {budgets or 'none'}; free retries: {stage.free_retries}")
    if stage.hold is not None:
        who = "by the ladder" if stage.hold.by == "ladder" else "by a human"
        lines.append(f"- held {who} and not released before the run ended: {one_line(stage.hold.reason, 200)}")
    for c in stage.consults:
        reply = c.reply
        said = (f"answered {one_line(reply.action or '?', 20)}" if reply and not reply.error
                else f"no usable answer ({one_line(reply.error or 'timed out', 120)})" if reply else "no answer")
        did = f"applied {c.applied}" if c.applied else f"fallback {c.fallback}"
        lines.append(f"- agent call {c.call} about attempt {c.attempt}: {said}; {did}")
        if reply and reply.lesson:
            lesson = one_line(reply.lesson, 200)
            lines.append(f"- the agent's lesson: {lesson}")
            item(one_line(reply.label or (stage.fault.label if stage.fault else "agent"), 60), f"agent: {lesson}")
    for s in _suggestions(state, ename, sname, stage):
        lines.append(f"- suggestion: {s}")
        item("suggestion", s)
    return {"lines": lines, "items": items}


def render(state: RunState) -> str:
    """lessons.md for the run as the state has it (deterministic)."""
    end = iso(ended_at(state))
    out = [f"# Lessons: {state.plan.name}", "",
           f"Run `{state.run_id}` ended {state.phase.value} at {end}"
           + (f" ({one_line(state.phase_reason, 200)})" if state.phase_reason else "") + ".",
           f"Attempts: {state.total_attempts}; agent calls: {state.agent_calls}.",
           "Written by tianluo from state.json when the run ended; the next `tianluo plan` in this home shows",
           "the lessons about its entities and stages. Ticks never read this file.", ""]
    items: list[dict] = []
    spent = goodput.of_state(state, ended_at(state))["stages"]
    for ename, entity in state.entities.items():
        for sname, stage in entity.stages.items():
            found = stage_lessons(state, ename, sname, stage, spent.get(f"{ename}.{sname}"))
            if not found:
                continue
            out += [f"## {ename}.{sname}", "", *found["lines"], ""]
            items += found["items"]
    if not items and len(out) == 7:
        out += ["No stage had trouble: no faults, holds, degrades or agent calls.", ""]
    doc = {"lessons_version": LESSONS_VERSION, "run_id": state.run_id, "ended_at": end, "items": items}
    out += ["## For the next plan", "", "```json", json.dumps(doc, indent=1, ensure_ascii=False), "```", ""]
    return "\n".join(out)


def write(run_dir: Path, state: RunState) -> Path:
    """Write (or rewrite, whole and atomically) the run's lessons.md; never through a link."""
    path = Path(run_dir) / LESSONS
    fsio.atomic_write(path, redact.of_plan(state.plan, os.environ).document(render(state)))
    return path


# --- reading, for the next plan --------------------------------------------------------------------


def _parse(data: bytes) -> dict:
    """The json block of a lessons.md. Raises ValueError."""
    text = data.decode("utf-8")
    start = text.rfind("\n```json\n")  # the last one: a line of text above cannot open the block early
    body = text[start + len("\n```json\n"):].rstrip() if start >= 0 else ""
    if not body.endswith("\n```"):
        raise ValueError("no ```json block at its end")
    doc = json.loads(body[:-len("\n```")])
    if not isinstance(doc, dict) or doc.get("lessons_version") != LESSONS_VERSION:
        raise ValueError(f"not lessons_version {LESSONS_VERSION}")
    if not isinstance(doc.get("run_id"), str) or not isinstance(doc.get("items"), list):
        raise ValueError("run_id or items missing")  # all of _parse's refusals are ValueError
    if len(doc["items"]) > MAX_ITEMS:
        raise ValueError(f"more than {MAX_ITEMS} items")
    items = []
    for it in doc["items"]:
        if not isinstance(it, dict) or not all(isinstance(it.get(k), str) for k in ("stage", "label", "text")) \
                or not isinstance(it.get("entity", ""), (str, type(None))):
            raise ValueError("an item is not {entity, stage, label, text} strings")
        items.append({"entity": one_line(it.get("entity") or "", 100), "stage": one_line(it["stage"], 100),
                      "label": one_line(it["label"], 60), "text": one_line(it["text"], TEXT_CAP)})
    return {"run_id": one_line(doc["run_id"], 100), "items": items}


def _read(run_dir: Path) -> dict:
    """A finished run's lessons, checked like its folder: the caller's, nobody else's to write, no link."""
    runfs.check_owned(run_dir, "run folder")
    path = run_dir / LESSONS
    st = os.lstat(path)
    if not stat.S_ISREG(st.st_mode):
        raise fsio.UnsafePath(fsio.describe_path(path))
    runfs.check_owned(path, "lessons file")
    return _parse(fsio.read_bytes(path, READ_CAP))  # O_NOFOLLOW all the way down from the guarded home


def earlier(home: Path, entities: dict[str, list[str]], runs: int = MAX_RUNS,
            cap: int = MAX_SHOWN) -> tuple[list[str], list[str]]:
    """The lessons of the newest finished runs under ``home`` about these entities and stages.

    An item names ``entity.stage`` (shown if the new spec has that stage of that entity), or a
    stage alone (shown for each entity with that stage). Newest run first, each text once, at
    most ``cap`` lines. A run folder or lessons.md that is not the caller's alone, a link, too
    big or malformed is skipped with a one-line note.

    Returns:
        (lines, notes)
    """
    home = Path(home)
    try:
        runfs.ensure_home(home)  # guarded from here: nothing below it is opened through a link
    except (TianluoError, OSError) as exc:
        return [], [f"lessons of earlier runs not read: {one_line(str(exc), 200)}"]
    try:
        names = sorted((n for n in os.listdir(home) if _RUN_NAME.fullmatch(n)), reverse=True)
    except OSError:
        return [], []
    lines: list[str] = []
    notes: list[str] = []
    seen: set[tuple[str, str]] = set()
    read = 0
    for name in names:
        if read >= runs:
            break
        run_dir = home / name
        try:
            mode = os.lstat(run_dir).st_mode
            if stat.S_ISLNK(mode):
                notes.append(f"{run_dir}: skipped (a symbolic link, not a run folder tianluo made)")
                continue
            if not stat.S_ISDIR(mode) or not os.path.lexists(run_dir / LESSONS):
                continue
        except OSError:
            continue
        read += 1
        try:
            doc = _read(run_dir)
        except (TianluoError, OSError, ValueError, RecursionError) as exc:
            why = str(exc) if isinstance(exc, TianluoError) else (exc.strerror or str(exc)) \
                if isinstance(exc, OSError) else str(exc)
            where = f"{run_dir / LESSONS}: "
            why = why.removeprefix(where)  # said once, at the front
            notes.append(f"{where}skipped ({one_line(why, 200)})")
            continue
        for it in doc["items"]:
            ename, sname = it["entity"], it["stage"]
            targets = ([ename] if ename in entities and sname in entities[ename] else []) if ename \
                else [e for e, stages in entities.items() if sname in stages]
            for e in targets:
                key = (f"{e}.{sname}", it["text"])
                if key in seen:
                    continue
                seen.add(key)
                if len(lines) < cap:
                    which = "last run" if read == 1 else "run"
                    lines.append(f"{which} {doc['run_id']}: {e}.{sname}: {it['text']}")
    return lines, notes
