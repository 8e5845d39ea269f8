"""Text from a run made safe to show an agent: one line, control characters and terminal escapes
out, secrets redacted, capped, quoted as data (``> `` lines). Pure: shared by the prompt's parts
(``tianluo.prompt``, ``tianluo.prompt_fault``).
"""

import re
from datetime import datetime

from tianluo.exit_signals import describe_exit
from tianluo.model import Diagnosis
from tianluo.plaintext import CONTROL_RUNS, valid
from tianluo.redact import secret_name, shapes

MAX_LINE = 300  # one quoted line
MAX_DISKS = 8  # file systems listed

#: A terminal's escape sequences (colours, cursor moves, window titles): dropped whole, not only their ESC.
_ESCAPES = re.compile(r"\x1b(?:\[[0-?]{0,32}[ -/]{0,8}[@-~]|\][^\x07\x1b]{0,256}(?:\x07|\x1b\\)?|[@-Z\\-_])")


def clean(text: object, cap: int = MAX_LINE) -> str:
    """``text`` as one plain line: control characters out, secrets redacted, at most ``cap`` characters."""
    s = str(text)[: cap * 4]  # redaction runs on bounded input; a token cut here lies past the cap anyway
    s = CONTROL_RUNS.sub(" ", _ESCAPES.sub("", s))
    s = shapes(valid(s))
    s = s.strip()
    return s if len(s) <= cap else s[: cap - 1] + "…"


def params_text(params: dict) -> str:
    return ", ".join(f"{clean(k, 64)}={'[redacted]' if secret_name(k) else clean(v, 80)}"
                     for k, v in sorted(params.items()))


def when(moment: datetime | None) -> str:
    return f"{moment:%Y-%m-%d %H:%M:%S} UTC" if moment is not None else "never"


def quote(label: str, text: object, cap: int = MAX_LINE) -> str:
    return f"> {label}: {clean(text, cap)}"


def layer_lines(d: Diagnosis | None, log_lines: bool = True, disks: list[str] | None = None) -> list[str]:
    """The five layers, short, as quoted data lines (``log_lines``: with the latest fault lines).

    ``disks``: the file systems the stage writes to as the caller measured them, instead of the
    diagnosis's (``OutputLayer.space``).
    """
    if d is None:
        return ["> layers: none recorded"] + [quote("disk", x) for x in (disks or [])[:MAX_DISKS]]
    out = [quote(f"verdict of attempt {d.attempt} at {when(d.at)}", d.verdict)]
    if d.scheduler:
        s = d.scheduler
        who = f"job {s.job_id} ({s.scheduler_state})" if s.job_id else f"pid {s.pid}, status {s.proc_status}"
        extra = "; ".join(x for x in (s.reason, s.detail) if x)
        out.append(quote("scheduler", f"{s.state}, alive={s.alive}, {who}" + (f"; {extra}" if extra else "")))
        if s.gpus:
            out.append(quote("gpus", "; ".join(s.gpus)))
    if d.container:
        c = d.container
        out.append(quote("container", f"{describe_exit(c.exit_code, c.signal)}, host {c.host}"))
    if d.logs:
        out.append(quote("logs", f"{len(d.logs.files)} files, {d.logs.bytes_read} bytes read"))
        out += [quote("log", f) for f in d.logs.findings[-5:]] if log_lines else []
    if d.progress:
        p = d.progress
        if p.done is None:
            out.append("> progress: no progress line seen")
        else:
            total = f"/{p.total:g}" if p.total is not None else ""
            stalled = f", stalled {p.stalled_for_s:.0f}s" if p.stalled_for_s else ""
            out.append(quote("progress", f"{p.done:g}{total}{stalled}, last moved {when(p.last_moved_at)}"))
    if d.output:
        o = d.output
        failed = "; ".join(f"{c.kind} {c.target}: {c.detail}" for c in o.done_when if not c.ok)
        out.append(quote("output", (f"{o.path} exists={o.exists} size={o.size}" if o.path else "no output path")
                          + (f"; not done: {failed}" if failed else "")))
        if disks is None:
            out += [quote("disk", x) for x in o.space[:MAX_DISKS]]
    out += [quote("disk", x) for x in (disks or [])[:MAX_DISKS]]
    return out


def cap_lines(lines: list[str], cap: int) -> str:
    """The lines, cut at the last whole line that keeps them within ``cap`` bytes of UTF-8 (so characters too)."""
    text = "\n".join(lines)
    data = text.encode()
    if len(data) <= cap:
        return text
    note = f"\n> (cut at {cap:,} characters: see tianluo diagnose --json)"
    head = data[: cap - len(note.encode())].decode("utf-8", errors="ignore")
    return head[: max(head.rfind("\n"), 0)] + note



__all__ = ["MAX_LINE", "cap_lines", "clean", "layer_lines", "params_text", "quote", "secret_name", "when"]
