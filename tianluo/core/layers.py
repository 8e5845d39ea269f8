"""The five layers of a diagnosis as facts: one list of (layer, words), formatted by each reader.

The failure analysis (``analysis.layer_lines``: Markdown list items), the agent's prompt
(``prompt_text.layer_lines``: quoted data lines) and ``status --why`` show the same facts; this
module is the one place that says what they are. Pure: the diagnosis in, words out.
"""

from tianluo.faults.exit_signals import describe_exit
from tianluo.models.model import Diagnosis

MAX_FINDINGS = 5  # the latest fault lines of the logs
MAX_DISKS = 8  # file systems listed


def stamp(moment) -> str:
    return f"{moment:%Y-%m-%d %H:%M:%S} UTC" if moment is not None else "never"


def layer_facts(d: Diagnosis | None, log_lines: bool = True, disks: list[str] | None = None) -> list[tuple[str, str]]:
    """(layer, words) for each fact of the diagnosis, in the order of the five layers.

    ``log_lines``: with the latest fault lines of the logs (one ``log`` fact each). ``disks``: the
    file systems the stage writes to as the caller measured them, instead of the diagnosis's.
    """
    measured = [("disk", x) for x in (disks or [])[:MAX_DISKS]]
    if d is None:
        return [("layers", "none recorded"), *measured]
    out = [(f"verdict of attempt {d.attempt} at {stamp(d.at)}", d.verdict)]
    if d.scheduler:
        s = d.scheduler
        who = f"job {s.job_id} ({s.scheduler_state})" if s.job_id else f"pid {s.pid}, status {s.proc_status}"
        rss = f", rss {s.rss_bytes // (1024 * 1024)} MiB" if s.rss_bytes else ""
        extra = "; ".join(x for x in (s.reason, s.detail) if x)
        out.append(("scheduler", f"{s.state}, alive={s.alive}, {who}{rss}" + (f"; {extra}" if extra else "")))
        if s.gpus:
            out.append(("gpus", "; ".join(s.gpus)))
    if d.container:
        c = d.container
        port = f", port {c.port}" if c.port is not None else ""
        times = "".join(f", {k} {v}" for k, v in (("started", c.started_at), ("ended", c.ended_at)) if v)
        out.append(("container", f"{describe_exit(c.exit_code, c.signal)}, host {c.host}{port}{times}"))
        out += [("kernel", k) for k in c.oom_kills]
        if c.oom_kills_unread:
            out.append(("kernel", c.oom_kills_unread))
    if d.logs:
        files = ", ".join(d.logs.files) or "none"
        out.append(("logs", f"{files}; {d.logs.bytes_read} bytes read"
                    + ("" if d.logs.findings else "; no fault line")))
        if log_lines:
            out += [("log", f) for f in d.logs.findings[-MAX_FINDINGS:]]
    if d.progress:
        p = d.progress
        if p.done is None:
            out.append(("progress", "no progress line seen"))
        else:
            total = f"/{p.total:g}" if p.total is not None else ""
            rate = f", {p.rate_per_min:.2f}/min" if p.rate_per_min else ""
            stalled = f", stalled {p.stalled_for_s:.0f}s" if p.stalled_for_s else ""
            out.append(("progress", f"{p.done:g}{total}{rate}{stalled}, last moved {stamp(p.last_moved_at)}"))
    if d.output:
        o = d.output
        checks = "; ".join(f"{c.kind} {c.target}: {'ok' if c.ok else c.detail}" for c in o.done_when)
        out.append(("output", (f"{o.path} exists={o.exists} size={o.size}" if o.path else "no output path")
                    + (f"; done_when: {checks}" if checks else "")))
        if disks is None:
            out += [("disk", x) for x in o.space[:MAX_DISKS]]
    return out + measured
