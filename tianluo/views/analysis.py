"""The failure analysis written at manual_hold: failures/<entity>__analysis.md. Pure text.

The shell gathers the stderr tails; everything else comes from state.
"""

import shlex
from datetime import datetime
from pathlib import PurePath

from tianluo.core.layers import layer_facts
from tianluo.models.model import Diagnosis, RunState, StageState
from tianluo.models.states import FaultClass, StageStatus
from tianluo.plaintext import fence, one_line
from tianluo.shipped import template_text

MAX_ITEM = 4000  # characters of one list item

#: (class, label) or (class, None) -> what a human should try first.
NEXT_STEPS: dict[tuple[FaultClass, str | None], str] = {
    (FaultClass.CONFIG, "cuda_oom"): "The job ran out of GPU memory. Lower the batch size (or raise gradient "
    "accumulation) in the spec and carry the edit over (below: edit, `plan --diff`, `start --replan`), or "
    "pre-authorise `halve the batch on OOM` at plan time so tianluo can do it itself.",
    (FaultClass.CONFIG, "host_oom"): "The host ran out of memory and the kernel killed the job. Lower the "
    "memory use (data loader workers, batch size) or run on a bigger host.",
    (FaultClass.CONFIG, "corrupt_checkpoint"): "A checkpoint the job loads is damaged (a save cut short by a full "
    "disk or a kill). Move it aside yourself (keep it: `mv ckpt.pt ckpt.pt.bad`) so the job resumes from the one "
    "before, then release with --retry; or say where the checkpoints are (`checkpoints:`) and pre-authorise "
    "`rollback_checkpoint: true` at plan time so tianluo does it itself.",
    (FaultClass.TRANSIENT, "port_in_use"): "Another process held the port the job binds (a rank of an earlier "
    "attempt, another job on the host). Write {port} where the port goes in the spec (e.g. --master-port {port}) "
    "so each attempt gets a free one, and carry the edit over (below: edit, `plan --diff`, `start --replan`).",
    (FaultClass.TRANSIENT, "gpu_fault"): "A GPU failed in hardware (Xid, uncorrectable ECC, fallen off the bus). "
    "Have the host checked (nvidia-smi -q, dmesg); on Slurm, pre-authorise exclude_host for gpu_fault so tianluo "
    "leaves the host out and runs the stage elsewhere. Release with --retry once a healthy GPU can take it.",
    (FaultClass.CONFIG, "time_limit"): "The attempt ran past its time limit (resources.time) and was stopped: by "
    "the scheduler (Slurm's --time), or by tianluo on a backend whose scheduler does not keep it. If it was still "
    "moving (see progress below), raise resources.time in the spec and carry the edit over (below: edit, "
    "`plan --diff`, `start --replan`), or make it resume from its checkpoint and release with --retry; "
    "pre-authorise raise_time for time_limit at plan time so tianluo raises the limit itself.",
    (FaultClass.CONFIG, None): "A configuration problem: a missing module or file, a bad argument, a mistyped "
    "command. Fix it where the evidence line points. If the fix is in the spec (a command, an argument, a param, "
    "resources), edit the spec, then `plan --diff` and `start --replan` (below): the stage runs with the edited "
    "spec, and a release --retry would run the locked command again. If the fix is outside the spec (a file, a "
    "module installed), release with --retry.",
    (FaultClass.CODE, None): "A bug in the job's own code. Fix it where the traceback points (see the stderr "
    "tail), then release with --retry; retrying unchanged code would fail the same way.",
    (FaultClass.TRANSIENT, None): "A transient fault (network, node, lost process, hang) that kept coming back. "
    "Check the host and the network; when they are healthy, release with --retry.",
    (FaultClass.UNKNOWN, None): "tianluo could not tell what this is. Read the stderr tail and the layers "
    "below; if it is safe to run again, release with --retry, else --skip.",
}


def next_step(stage: StageState) -> str:
    fault = stage.fault
    if fault is None:
        return "Read the layers below, then release with --retry or --skip."
    return NEXT_STEPS.get((fault.klass, fault.label)) or NEXT_STEPS[(fault.klass, None)]


def layer_lines(d: Diagnosis | None) -> list[str]:
    """The five layers of a diagnosis (``layers.layer_facts``) as Markdown list items; the verdict in bold."""
    out = []
    for layer, words in layer_facts(d):
        out.append(f"- {layer}: **{words}**" if layer.startswith("verdict") else f"- {layer}: {words}")
    return [one_line(line, MAX_ITEM) for line in out]  # words from outside: a newline there never starts a section


def _quoted(text: str | None, cap: int = 500) -> str:
    """Agent text as one inert line of Markdown: control characters and backticks gone, capped."""
    return one_line((text or "").replace("`", "'"), cap)


def agent_lines(stage: StageState) -> list[str]:
    """What the agent was asked about the held attempt, what it answered and what tianluo did (none if not asked)."""
    consult = stage.consults[-1] if stage.consults else None
    if consult is None or consult.attempt != stage.attempt:
        return []
    reply = consult.reply
    folder = f"agent/{consult.call}/"
    out = ["### What the agent said", "",
           f"- call {consult.call} about attempt {consult.attempt} (prompt, raw answer and decision in `{folder}`)"]
    if reply is None:
        out.append("- no answer: the tick was stopped during the call")
    else:
        answered = (f"`{_quoted(reply.action, 64)}`" + (f" `{_quoted(reply.degrade, 64)}`" if reply.degrade else "")
                    if reply.action else "nothing usable")
        out.append(f"- answered: {answered}")
        if reply.reason:
            out.append(f"- its reason (the agent's words, not checked): \"{_quoted(reply.reason)}\"")
        how = "timed out (its processes were killed)" if reply.timed_out else f"exit code {reply.exit_code}"
        out.append(f"- the call: {how}" + (f"; {_quoted(reply.error, 300)}" if reply.error else ""))
    if consult.decision:
        out.append(f"- tianluo: {_quoted(consult.decision, 800)}")
    out.append(f"- without the agent the ladder would have: {consult.fallback} "
               f"({_quoted(consult.fallback_reason, 300)})")
    return [*out, ""]


#: Faults whose fix is most often in the spec: the analysis leads with the edit flow.
SPEC_FIXES = frozenset({(FaultClass.TRANSIENT, "port_in_use")})


def edit_flow(state: RunState, run_dir: str, sid: str) -> list[str]:
    """The spec edit flow for a held stage: edit, ``plan --diff``, ``start --replan`` (a config fault, or one
    whose fix is in the spec), as Markdown lines; a release --retry would run the locked command again."""
    fault = state.stage(sid).fault
    if fault is None or not (fault.klass == FaultClass.CONFIG or (fault.klass, fault.label) in SPEC_FIXES):
        return []
    spec = shlex.quote(state.plan.spec_file)
    home = shlex.quote(str(PurePath(run_dir).parent))
    return [
        f"If the fix is in the spec ({state.plan.spec_file}: a command, an argument, a param, resources), edit it, "
        "then carry the edit over; no release is needed:",
        "",
        "```sh",
        f"tianluo plan {spec} --diff --home {home}       # what runs again, and why",
        f"tianluo start {spec} --replan --home {home}    # {sid} runs with the edited spec; "
        "finished stages keep their results",
        "```",
        "",
        "A release --retry runs the locked command again; once the spec is edited it is refused until the "
        "replan. If the fix is outside the spec:",
        "",
    ]


def render_section(state: RunState, run_dir: str, entity: str, stage_name: str, tail: list[str]) -> str:
    stage = state.entities[entity].stages[stage_name]
    fault = stage.fault
    attempts = ", ".join(
        f"#{a.n} {a.outcome or '?'}" + (f" ({a.fault.klass.value}/{a.fault.label})" if a.fault else "")
        for a in stage.attempts)
    run = shlex.quote(run_dir)
    opening, closing = fence(tail)  # the log's own lines can never close it (and so never start a section)
    budget = ", ".join(f"{k.value} {v}/{state.plan.ladder[k].retries}" for k, v in stage.budget_used.items())
    lines = [
        f"## {entity}/{stage_name}",
        "",
        one_line(f"**Held because:** {stage.hold.reason if stage.hold else stage.reason}", MAX_ITEM),
        "",
        "### Root cause",
        "",
        f"- class: `{fault.klass.value}`" if fault else "- class: (none recorded)",
        f"- label: `{fault.label}`" if fault else "",
        *([f"- the rules said `{fault.rule_class.value}/{fault.rule_label}`; the agent's answer (call "
           f"{fault.agent_call}) named the class and label above"] if fault and fault.rule_class else []),
        one_line(f"- evidence: `{fault.evidence}`", MAX_ITEM) if fault and fault.evidence else "- evidence: (none)",
        f"- attempts: {attempts or 'none'}; retries spent: {budget or 'none'}",
        *(f"- checkpoint moved aside after attempt {m.attempt}: {m.path} -> {m.aside} (kept; resumed from "
          f"{m.resume_from})" if m.outcome == "moved" else
          f"- checkpoint {m.path} not moved aside after attempt {m.attempt}: {m.outcome or 'pending'}"
          + (f" ({m.detail})" if m.detail else "") for m in stage.checkpoint_moves),
        "",
        *agent_lines(stage),
        "### What each layer said",
        "",
        *layer_lines(stage.diagnosis),
        "",
        f"### stderr, last {len(tail)} lines",
        "",
        opening,
        *tail,
        closing,
        "",
        "### Suggested next step",
        "",
        next_step(stage),
        "",
        "### How to release",
        "",
        *edit_flow(state, run_dir, f"{entity}.{stage_name}"),
        "```sh",
        f"tianluo release {entity} --retry --run {run}    # run it again",
        f"tianluo release {entity} --retry --reset-budget --run {run}    # ...with a fresh retry budget",
        f"tianluo release {entity} --skip --run {run}     # skip it for good; what needs it is blocked",
        f"tianluo unblock {entity}.STAGE --reason TEXT --run {run}    # then let one dependent run without its outputs",
        "```",
    ]
    return "\n".join(line for line in lines if line is not None)


def render(state: RunState, run_dir: str, entity: str, tails: dict[str, list[str]], now: datetime) -> str:
    """The whole analysis of one entity: a section per held stage (by the ladder)."""
    held = [s for s, st in state.entities[entity].stages.items()
            if st.status == StageStatus.HELD and st.hold is not None and st.hold.by == "ladder"]
    sections = "\n\n".join(render_section(state, run_dir, entity, s, tails.get(s, [])) for s in held)
    text = template_text("failure-analysis.md")
    fields = {"entity": entity, "run_id": state.run_id, "name": state.plan.name,
              "written_at": f"{now:%Y-%m-%d %H:%M:%S} UTC", "sections": sections or "(nothing is held now)"}
    for key, value in fields.items():
        text = text.replace("{{" + key + "}}", value)
    return text


__all__ = ["render", "render_section", "next_step", "layer_lines", "agent_lines"]
