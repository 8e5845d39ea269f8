"""COMPLETION.md: the outcome report for the owner, written when the run ends.

One role: what a person coming back reads first. The outcome and why, what ran (stages,
attempts, the outcome of each), faults, time spent, where outputs went, and what is left for
a human. Made from ``state.json`` alone and deterministic (the same state gives the same
file): the ending tick writes it beside lessons.md, ``tianluo stop`` too, and a later full tick
writes it again if a kill lost it. Every text that came from a job or a log is one line, cut.
"""

import os
from datetime import datetime
from pathlib import Path

from tianluo import redact
from tianluo.core import goodput, skips
from tianluo.durations import format_duration
from tianluo.models.model import Attempt, RunState
from tianluo.models.states import ACTIVE, Phase, StageStatus
from tianluo.plaintext import one_line
from tianluo.shell import fsio
from tianluo.timefmt import iso
from tianluo.views.lessons import ended_at

COMPLETION = "COMPLETION.md"
MAX_ATTEMPT_ROWS = 20  # per stage; the rest are counted
MAX_TEXT = 300


def _t(text: object) -> str:
    """Text from a job, a log or a person, safe on one Markdown line (no table break, no raw HTML)."""
    return one_line(text, MAX_TEXT).replace("|", "/").replace("<", "&lt;").replace("`", "'")


def _span(start: datetime | None, end: datetime | None) -> str:
    if start is None or end is None:
        return "-"
    return format_duration(max(0.0, round((end - start).total_seconds())))


def run_end(state: RunState) -> datetime:
    """When the run ended: recorded by the end, else the last moment the state holds."""
    if state.end is not None and state.end.ended_at is not None:
        return state.end.ended_at
    return ended_at(state)


def _attempt_row(attempt: Attempt, end: datetime) -> str:
    start = attempt.started_at or attempt.submitted_at or attempt.intent_at
    if attempt.cancel is not None and attempt.outcome is None and attempt.ended_at is not None:
        outcome = "cancelled"
    elif attempt.outcome:
        outcome = attempt.outcome
    else:
        outcome = "no outcome (still running when the run ended)" if attempt.ended_at is None else "ended"
    code = "" if attempt.exit_code is None else f"exit {attempt.exit_code}"
    if attempt.signal:
        code += f"{', ' if code else ''}signal {attempt.signal}"
    fault = f"{attempt.fault.klass.value}/{attempt.fault.label}" if attempt.fault else ""
    pid = attempt.handle.job_id or (str(attempt.handle.pid) if attempt.handle.pid else "") if attempt.handle else ""
    return (f"| {attempt.n} | {outcome} | {code or '-'} | {_t(fault) or '-'} | "
            f"{_span(start, attempt.ended_at or end)} | {_t(pid) or '-'} |")


def _lost(totals: dict) -> str:
    """``redone 20m, queue 3s`` (the causes that cost anything), GPU-hours where GPUs were held."""
    gpu = totals["gpu_hours"]
    parts = [f"{cause} {goodput.amount(s, gpu['lost_by_cause'][cause] if gpu else None)}"
             for cause in goodput.CAUSES if (s := totals["lost_s"][cause]) >= 0.05]
    return ", ".join(parts) or "nothing"


def where_time_went(spent: dict) -> list[str]:
    """COMPLETION.md's "Where the time went": goodput, what was lost to what, stage by stage."""
    run = spent["run"]
    line = goodput.summary(run)
    if line is None:
        return ["- no attempt ran: there is no time to account for"]
    out = [f"- {_t(line)}", f"- lost by cause: {_lost(run)}"]
    gpu = run["gpu_hours"]
    faults = [f"{_t(goodput.fault_words(key))} {goodput.amount(s, gpu['lost_by_fault'].get(key) if gpu else None)}"
              + (f" over {n} attempt{'s' * (n != 1)}" if (n := run["fault_attempts"].get(key)) else "")
              for key, s in sorted(run["lost_by_fault"].items(), key=lambda kv: -kv[1])]
    out.append(f"- lost by fault: {', '.join(faults) or 'none'}")
    out += ["", "| stage | wall | productive | lost | goodput | GPU-h |", "|---|---|---|---|---|---|"]
    for sid, t in spent["stages"].items():
        lost = sum(t["lost_s"].values())
        ratio = f"{t['ratio']:.0%}" if t["ratio"] is not None else "-"
        gpu_h = f"{t['gpu_hours']['productive']:g} of {t['gpu_hours']['wall']:g}" if t["gpu_hours"] else "-"
        how = f" ({_lost(t)})" if lost >= 0.05 else ""
        out.append(f"| {_t(sid)} | {format_duration(t['wall_s'])} | {format_duration(t['productive_s'])} | "
                   f"{format_duration(lost)}{how} | {ratio} | {gpu_h} |")
    if run["not_measured"]:
        out += ["", f"No progress signal for {_t(', '.join(run['not_measured']))}: their succeeded attempts count as "
                "productive and their failed ones as lost, whatever they kept."]
    out += ["", "Goodput is the share of the stages' time that moved the work forward; how each part is measured, "
            "and its limits: reference/goodput.md."]
    return out


def render(state: RunState, run_dir: Path | None = None) -> str:
    """The text of COMPLETION.md for ``state`` (deterministic)."""
    end = run_end(state)
    plan = state.plan
    skipped = skips.skipped_stages(state)  # after a failure: the run is never plainly complete with one
    phase = skips.WITH_SKIPPED if state.phase == Phase.COMPLETE and skipped else state.phase.value
    out = [f"# {_t(plan.name)}: {phase}", ""]
    why = state.end.reason if state.end is not None else state.phase_reason
    out += ["## Outcome", "", f"- run `{state.run_id}` is **{phase}**: {_t(why or 'no reason recorded')}",
            (f"- success gate: {'met' if state.gate.met else 'not met'} (mode {plan.success_gate.mode}, "
            f"on_end {plan.success_gate.on_end})")]
    for check in state.gate.checks:
        out.append(f"  - {'ok' if check.ok else 'not ok'}: {_t(check.kind)} {_t(check.target)}: {_t(check.detail)}")
    for sk in skipped:
        users = f"; run without them by the owner's unblock: {', '.join(sk['unblocked'])}" if sk["unblocked"] else ""
        by = "the agent" if sk["by"] == "agent" else "the owner"
        out.append(f"- skipped after a failure, by {by}: {sk['stage']}; never made: "
                   f"{_t(', '.join(sk['missing']) or 'no output declared')}{_t(users)}")
    if state.end is not None and state.end.checkpoint:
        out.append("- stopped at its checkpoint: `tianluo start --resume` goes on from here "
                   "(see reference/termination.md)")
    out += ["", "## Time", "", (f"- created {iso(state.created_at)}, ended {iso(end)}: "
            f"{_span(state.created_at, end)} of wall time, {state.tick_count} tick(s), "
            f"{state.total_attempts} attempt(s)")]
    rows, faults, outputs, left, held = [], [], [], [], []
    for ename, entity in state.entities.items():
        for sname, stage in entity.stages.items():
            sid = f"{ename}.{sname}"
            first = stage.attempts[0] if stage.attempts else None
            last = stage.current()
            start = (first.started_at or first.submitted_at or first.intent_at) if first else None
            stop = (last.ended_at or (end if stage.status in ACTIVE else None)) if last else None
            rows.append(f"| {sid} | {stage.status.value} | {len(stage.attempts)} | {_span(start, stop)} |")
            for attempt in stage.attempts:
                if attempt.fault is not None:
                    faults.append(f"- {sid} attempt {attempt.n}: {attempt.fault.klass.value}/"
                                  f"{_t(attempt.fault.label)}" + (f" - {_t(attempt.fault.evidence)}"
                                                                  if attempt.fault.evidence else ""))
            planned = plan.entities[ename].stages[sname]
            if planned.output is not None:
                dest = f" -> {_t(planned.output.destination)}" if planned.output.destination else ""
                done = "" if stage.status == StageStatus.SUCCEEDED else f" (stage {stage.status.value}: not final)"
                if skips.skipped_after_failure(stage):
                    done = " (stage skipped after a failure: never made)"
                outputs.append(f"- {sid}: {_t(planned.output.path)}{dest}{done}")
            if stage.status in ACTIVE and last is not None:
                where = f" (pid {last.handle.pid})" if last.handle and last.handle.pid else ""
                where = f" (job {_t(last.handle.job_id)})" if last.handle and last.handle.job_id else where
                left.append(f"- {sid} attempt {last.n}{where}: left running, unwatched: check on it, or "
                            f"`tianluo stop --cancel {state.run_id}`")
            for u in stage.unblocks:
                held.append(f"- {sid} ran without {u.need}'s outputs ({_t(', '.join(u.missing) or 'none declared')}), "
                            f"unblocked by the owner: {_t(u.reason)}")
            if stage.status == StageStatus.BLOCKED and skips.skipped_needs(state, sid, plan.entities[ename]
                                                                           .stages[sname].needs):
                held.append(f"- {sid} is blocked: {_t(stage.reason or 'a stage it needs was skipped')}")
            if stage.status == StageStatus.HELD:
                reason = stage.hold.reason if stage.hold else stage.reason
                analysis = f"; analysis: {_t(stage.hold.analysis)}" if stage.hold and stage.hold.analysis else ""
                held.append(f"- {sid} is held: {_t(reason or 'no reason recorded')}{analysis}")
        if entity.hold is not None:
            held.append(f"- {ename} is held by a human: {_t(entity.hold.reason)}")
    out += ["", "## Where the time went", "", *where_time_went(goodput.of_state(state, end))]
    out += ["", "## What ran", "", "| stage | status | attempts | time |", "|---|---|---|---|", *rows]
    out += ["", "## Attempts", ""]
    for ename, entity in state.entities.items():
        for sname, stage in entity.stages.items():
            if not stage.attempts:
                continue
            out += [f"### {ename}.{sname}", "", "| # | outcome | exit | fault | time | job |",
                    "|---|---|---|---|---|---|"]
            shown = stage.attempts[-MAX_ATTEMPT_ROWS:]
            if len(stage.attempts) > len(shown):
                out.append(f"| ... | {len(stage.attempts) - len(shown)} earlier attempt(s) | | | | |")
            out += [_attempt_row(a, end) for a in shown]
            out.append("")
    out += ["## Faults", "", *(faults or ["- none"])]
    out += ["", "## Outputs", "", *(outputs or ["- the plan names no outputs"])]
    if state.end is not None and state.end.cancelled:
        left.append("- cancelled when the run ended (run again by a resume): " + ", ".join(state.end.cancelled))
    left += held
    undecided = [d for d in state.pre_authorized_decisions if getattr(d, "by", "") == "default"]
    if undecided:
        left.append(f"- {len(undecided)} plan-time fork(s) took their default without an answer: see plan.md")
    out += ["", "## Left for a human", "", *(left or ["- nothing"])]
    out += ["", (f"Written from state.json (revision {state.revision}); events.jsonl has the details; lessons.md "
            "what the next plan of this spec is told."), ""]
    return "\n".join(out)


def write(run_dir: Path, state: RunState) -> Path:
    """Write (or rewrite, whole and atomically) the run's COMPLETION.md; never through a link."""
    path = Path(run_dir) / COMPLETION
    fsio.atomic_write(path, redact.of_plan(state.plan, os.environ).document(render(state, run_dir)))
    return path
