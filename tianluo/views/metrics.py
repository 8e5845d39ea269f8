"""A Prometheus textfile (``--metrics-file``) for node_exporter's textfile collector.

Written from state.json read plainly (the ``status --json`` document), atomically (a temp
file in the same folder, then a rename), so the collector never reads half a file, and never
through a symbolic link: the folder is often shared (node_exporter's group), and a link
another user planted there is refused, not followed. Label
values are escaped as the exposition format says (backslash, double quote, newline).
"""

import os
import secrets
import stat
from datetime import datetime
from pathlib import Path

from tianluo.errors import TianluoError
from tianluo.models.states import Phase, StageStatus
from tianluo.shell import fsio
from tianluo.shell.fsio import UnsafePath
from tianluo.shell.runfs import user_name

PHASES = tuple(p.value for p in Phase)  # every one is written (0 or 1): a query need not guess which exist
STATUSES = tuple(s.value for s in StageStatus)


def escape(value: str) -> str:
    """A label value as the text exposition format wants it."""
    return str(value).replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n")


def _seconds(stamp: str | None) -> float | None:
    if not stamp:
        return None
    return datetime.fromisoformat(stamp).timestamp()


def render(doc: dict) -> str:
    """The textfile for one run's status document."""
    run = escape(doc["run_id"])
    counts: dict[str, int] = {}
    for entity in doc["entities"].values():
        for stage in entity["stages"].values():
            counts[stage["status"]] = counts.get(stage["status"], 0) + 1
    lines = ["# HELP tianluo_stages Stages of the run by status.", "# TYPE tianluo_stages gauge"]
    for status in sorted(set(STATUSES) | set(counts)):
        lines.append(f'tianluo_stages{{run="{run}",status="{escape(status)}"}} {counts.get(status, 0)}')
    lines += ["# HELP tianluo_attempts_total Attempts started in the run, retries included.",
              "# TYPE tianluo_attempts_total counter",
              f'tianluo_attempts_total{{run="{run}"}} {int(doc["total_attempts"])}',
              "# HELP tianluo_run_phase The run's phase (1 for the current one).",
              "# TYPE tianluo_run_phase gauge"]
    for phase in sorted(set(PHASES) | {doc["phase"]}):
        lines.append(f'tianluo_run_phase{{run="{run}",phase="{escape(phase)}"}} {int(phase == doc["phase"])}')
    last = _seconds(doc.get("last_tick_at"))
    lines += ["# HELP tianluo_last_tick_timestamp_seconds When the run last ticked (0: never).",
              "# TYPE tianluo_last_tick_timestamp_seconds gauge",
              f'tianluo_last_tick_timestamp_seconds{{run="{run}"}} {last or 0:.3f}',
              "# HELP tianluo_gate_met Whether the run's success gate is met.",
              "# TYPE tianluo_gate_met gauge",
              f'tianluo_gate_met{{run="{run}"}} {int(bool(doc["gate"]["met"]))}']
    if doc.get("goodput"):
        lines += goodput_lines(run, doc["goodput"])
    return "\n".join(lines) + "\n"


def _v(value: float) -> str:
    """A sample value in plain decimals (goodput's are rounded: never an exponent)."""
    return repr(float(value))


def _family(name: str, about: str, run: str, label: str, values: dict) -> list[str]:
    """One gauge family: ``name{run, label=key} value`` for each of ``values`` (None values left out)."""
    lines = [f"# HELP {name} {about}", f"# TYPE {name} gauge"]
    for key, value in values.items():
        if value is not None:
            where = f',{label}="{escape(key)}"' if label else ""
            lines.append(f'{name}{{run="{run}"{where}}} {_v(value)}')
    return lines


def goodput_lines(run: str, spent: dict) -> list[str]:
    """The run's goodput (``status --json``'s ``goodput``, reference/goodput.md): the same numbers."""
    total, stages = spent["run"], spent["stages"]
    lines = _family("tianluo_goodput_ratio", "Productive share of the stages' time (absent before any attempt).",
                    run, "", {"": total["ratio"]})
    lines += _family("tianluo_goodput_seconds", "The run's wall time, its stages' time summed (machine), and the "
                     "productive part of it.", run, "kind",
                     {"wall": total["wall_s"], "machine": total["machine_s"], "productive": total["productive_s"]})
    lines += _family("tianluo_lost_seconds", "Stage time lost, by cause.", run, "cause", total["lost_s"])
    lines += _family("tianluo_lost_fault_seconds", "Stage time lost, by the fault it is put down to (class/label).",
                     run, "fault", total["lost_by_fault"])
    gpu = total["gpu_hours"]
    if gpu:
        lines += _family("tianluo_goodput_gpu_hours", "GPU-hours of the stages: wall, productive, lost.", run, "kind",
                         {k: gpu[k] for k in ("wall", "productive", "lost")})
        lines += _family("tianluo_lost_gpu_hours", "GPU-hours lost, by cause.", run, "cause", gpu["lost_by_cause"])
        lines += _family("tianluo_lost_fault_gpu_hours", "GPU-hours lost, by the fault it is put down to.", run,
                         "fault", gpu["lost_by_fault"])
    lines += _family("tianluo_stage_goodput_ratio", "Productive share of each attempted stage's wall time.", run,
                     "stage", {sid: t["ratio"] for sid, t in stages.items()})
    lines += _family("tianluo_stage_productive_seconds", "Productive time of each attempted stage.", run, "stage",
                     {sid: t["productive_s"] for sid, t in stages.items()})
    lines += _family("tianluo_stage_lost_seconds", "Lost time of each attempted stage, all causes.", run, "stage",
                     {sid: round(sum(t["lost_s"].values()), 1) for sid, t in stages.items()})
    return lines


def write(path: str | os.PathLike, text: str) -> None:
    """``text`` into ``path`` whole or not at all: a temp file beside it, then a rename; never through a link.

    The folder is walked from ``/`` (a link on the way is followed only if you or root made it); the temp
    file is created exclusively and without following a link, its mode set on the open file, and renamed
    within the folder's descriptor: a link someone else planted in a shared textfile folder (at the
    file, at the temp name, or on the way) is never written through.

    Raises:
        TianluoError: the folder is missing, refuses the write, or holds a link (named, with what to do).
    """
    path = Path(os.path.abspath(path))
    folder, name = path.parent, path.name
    try:
        dfd = fsio.open_dir_walked(folder)
    except FileNotFoundError:
        raise TianluoError(f"--metrics-file {path}: the folder {folder} does not exist; create it or pass "
                           "a file in node_exporter's textfile folder") from None
    except UnsafePath as exc:
        raise TianluoError(f"--metrics-file {path}: {exc}; nothing was written (warning: a link planted there "
                           "would make tianluo write elsewhere); the tick itself is done") from None
    except OSError as exc:
        raise TianluoError(f"--metrics-file {path}: cannot open {folder} ({exc.strerror or exc}); the tick "
                           "itself is done: pass a file in node_exporter's textfile folder") from None
    try:
        _refuse_link(dfd, name, path)
        _replace(dfd, name, text, path)
    finally:
        os.close(dfd)


def _refuse_link(dfd: int, name: str, path: Path) -> None:
    try:
        st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        mine = st.st_uid == os.geteuid()
        raise TianluoError(
            f"--metrics-file {path}: a symbolic link{'' if mine else ' that ' + user_name(st.st_uid) + ' made'}; "
            + ("pass the file itself (node_exporter's textfile folder, e.g. "
               "/var/lib/node_exporter/textfile/tianluo.prom)" if mine else
               "warning: someone may want tianluo to write elsewhere; nothing was written through it: remove it "
               "or pass another path") + "; the tick itself is done")


def _replace(dfd: int, name: str, text: str, path: Path) -> None:
    tmp = f".{name}.{secrets.token_hex(6)}.tmp"
    try:  # O_EXCL and O_NOFOLLOW: never a planted file, never through a link
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600, dir_fd=dfd)
    except OSError as exc:
        raise TianluoError(f"--metrics-file {path}: cannot write in {path.parent} ({exc.strerror or exc}); the tick "
                           "itself is done: fix the folder's permissions or pass another path") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            os.fchmod(f.fileno(), 0o644)  # node_exporter often runs as its own user; the open file, not a name
        os.replace(tmp, name, src_dir_fd=dfd, dst_dir_fd=dfd)
    except BaseException as exc:
        try:
            os.unlink(tmp, dir_fd=dfd)
        except OSError:
            pass
        if isinstance(exc, OSError) and not isinstance(exc, FileNotFoundError):
            from tianluo.shell import space

            if space.is_full(exc):
                raise
            raise TianluoError(f"--metrics-file {path}: cannot write it ({exc.strerror or exc}); the tick itself "
                               "is done: pass a file in node_exporter's textfile folder") from None
        raise


def write_for_run(run_dir: Path, path: str | os.PathLike) -> None:
    """The textfile of ``run_dir``'s current state."""
    from tianluo.views.status import status_doc

    write(path, render(status_doc(run_dir)))
