"""Every figure of issue 12, each against a baseline measured side by side in the same run.

    .venv/bin/python -m benchmarks                # full: about 10 minutes on 2 cores
    .venv/bin/python -m benchmarks --quick        # small sizes, under a minute (tests/test_benchmarks.py)
    .venv/bin/python -m benchmarks --json         # the figures as JSON, for machines
    .venv/bin/python -m benchmarks --only startup,logs

Sections (``--only`` takes their names):

* ``startup``: a no-op tick (run complete), ``status``, ``status --json`` and ``--version``
  against ``python -c pass``: wall and CPU ratios, and the wall difference in ms.
* ``jobs``: one tick over N running local jobs against ``benchmarks/babysitter.sh`` (per job
  ``kill -0`` + ``tail -c 65536 | grep -E`` with the same patterns), per job at each N and the
  growth of the cost per job; ``start`` of N jobs (linear?); the runner wrapper's PSS and RSS.
* ``big``: a sweep of 10,000 stages (``write_sweep(folder, 1999, 5, released=100)``: 9,995 + a
  gate entity of 2 + the fan-in, under the spec's cap of 10,000; 1,000 for the growth):
  ``plan``, ``start`` (``--no-tick``), a tick where nothing changed, a tick that launches 100
  stages and one where those 100 exit; peak RSS of each; ``state.json`` and ``snapshots/``
  bytes; against ``python -c "import json; json.load(open('state.json'))"`` of the same file.
* ``logs``: 200 MiB of new log (fatal line last) through ``tianluo.shell.logscan.scan`` with the
  full rulebook, a spec rule and the progress regex, against ``LC_ALL=C grep -E`` with the
  same patterns (translated from the rulebook at run time, so the comparison follows the rules).
* ``events``: a job's exit to its retry launched, event ticks against interval ticks at a
  random phase.

The machines are shared and noisy: each comparison interleaves the two sides (A B B A ...)
and takes medians; read the ratios, not the seconds. Every command has a timeout; a side
that runs out of time is reported as ``> limit`` and "not met". Scratch lives in a temporary
folder; every process this harness starts is killed before it exits.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.workloads import FATAL_LAST, write_jobs, write_log, write_sweep  # noqa: E402 - after the path is set

PY = sys.executable
BABYSITTER = Path(__file__).resolve().parent / "babysitter.sh"
PROGRESS = r"step (?P<done>\d+)/(?P<total>\d+)"  # the progress regex of write_jobs and write_sweep
USER_RULE = r"NCCL WARN .*Timeout"  # a spec's own rule (DESIGN.md's example), scanned with the rulebook
SECTIONS = ("startup", "big", "logs", "events", "jobs")  # jobs last: 2,000 jobs leave the host busy a while
TARGET_STAGES = 9_000  # the big-run targets (10,000 stages) apply from here; a run may have 10,000 stages at most
START_NOISE_S = 0.1  # a difference of start walls below this is a start's own noise on a shared machine
MiB = 2**20

FULL = {"startup_repeats": 15, "job_counts": (10, 200, 2000), "job_repeats": 5, "start_repeats": 1,
        "start_timeout": 300.0,
        "tick_timeout": 300.0, "sweep_entities": (199, 1999), "big_timeout": 300.0, "big_repeats": 3,
        "log_mib": 200, "log_repeats": 3, "event_interval": 5.0, "event_repeats": 3, "changing": 100}
# The quick mode runs every section at sizes that only show each figure is there (the test's, in about half a minute):
# the bash babysitter's baseline costs half a second a job (it greps every rule for each), so its job counts stay small.
QUICK = {"startup_repeats": 3, "job_counts": (2, 4, 8), "job_repeats": 1, "start_repeats": 2,
         "start_timeout": 30.0,
         "tick_timeout": 30.0, "sweep_entities": (4, 20), "big_timeout": 30.0, "big_repeats": 1,
         "log_mib": 4, "log_repeats": 2, "event_interval": 1.0, "event_repeats": 1, "changing": 4}


# --- running and timing one command ---------------------------------------------------------


@dataclass
class Sample:
    """One run of a command: wall seconds, CPU seconds (user + system, its waited children
    included), peak RSS in KiB, exit code, output."""

    wall: float
    cpu: float
    rss_kib: int
    rc: int
    out: str
    err: str
    timed_out: bool = False


def env() -> dict:
    """The environment of every command, baselines included: this tree's tianluo, no ambient run."""
    e = {k: v for k, v in os.environ.items() if not k.startswith("TIANLUO_")}
    e["PYTHONPATH"] = str(ROOT)
    return e


def run(cmd: list, cwd: Path | None = None, timeout: float = 60.0, extra_env: dict | None = None) -> Sample:
    """Run ``cmd`` to its end (its own process group, killed whole at ``timeout``) and measure it."""
    fired = []

    def kill(pid: int) -> None:
        fired.append(True)
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen([str(c) for c in cmd], cwd=cwd, env={**env(), **(extra_env or {})},
                                stdin=subprocess.DEVNULL, stdout=out, stderr=err, start_new_session=True)
        timer = threading.Timer(timeout, kill, (proc.pid,))
        timer.start()
        try:
            _, status, ru = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)  # waited for here; Popen must not wait again
        out.seek(0)
        err.seek(0)
        return Sample(wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss, proc.returncode,
                      out.read().decode(errors="replace"), err.read().decode(errors="replace"), bool(fired))


def tianluo(*args) -> list:
    return [PY, "-m", "tianluo", *map(str, args)]


def interleaved(cases: dict, repeats: int) -> dict:
    """name -> callable() -> Sample, run ``repeats`` rounds, each round in a rotated order; name -> samples.

    A case whose sample timed out is not run again (it would only time out again)."""
    names = list(cases)
    out = {n: [] for n in names}
    for r in range(repeats):
        k = r % len(names)
        for name in names[k:] + names[:k]:
            if out[name] and out[name][-1].timed_out:
                continue
            out[name].append(cases[name]())
    return out


def med(samples: list, key: str = "wall") -> float:
    return statistics.median(getattr(s, key) for s in samples)


def checked(sample: Sample, what: str) -> Sample:
    """A command that had to work (a set-up step): its failure stops the section, naming it."""
    if sample.timed_out or sample.rc != 0:
        raise SectionFailed(f"{what}: exit {sample.rc}{' (timed out)' if sample.timed_out else ''}: "
                            f"{(sample.err or sample.out).strip()[-400:]}")
    return sample


class SectionFailed(Exception):
    pass


# --- figures --------------------------------------------------------------------------------


@dataclass
class Figure:
    section: str
    name: str
    value: float | None
    unit: str
    baseline: float | None = None
    baseline_name: str = ""
    ratio: float | None = None
    target: str = ""
    met: bool | None = None
    note: str = ""


@dataclass
class Report:
    mode: str
    figures: list = field(default_factory=list)
    notes: list = field(default_factory=list)

    def add(self, fig: Figure) -> Figure:
        if fig.ratio is None and fig.value is not None and fig.baseline:
            fig.ratio = fig.value / fig.baseline
        self.figures.append(fig)
        print("  " + line(fig), flush=True)
        return fig

    def note(self, text: str) -> None:
        self.notes.append(text)
        print("  note: " + text, flush=True)


def fmt(v: float | None, unit: str = "") -> str:
    if v is None:
        return "-"
    if unit in ("B",):
        return f"{v / MiB:.2f} MiB" if v >= MiB else f"{v / 1024:.1f} KiB"
    if unit == "s":
        return f"{v * 1000:.0f} ms" if v < 1 else f"{v:.2f} s"
    if unit == "ms":
        return f"{v:+.0f} ms" if v < 0 or v > 0 else "0 ms"
    if unit == "MiB":
        return f"{v:.1f} MiB"
    if unit == "x":
        return f"{v:.2f}x"
    return f"{v:.3g} {unit}".strip()


def line(f: Figure) -> str:
    met = {True: "met", False: "NOT MET", None: ""}[f.met]
    ratio = f"{f.ratio:.2f}" if f.ratio is not None else "-"
    base = fmt(f.baseline, f.unit) + (f" ({f.baseline_name})" if f.baseline_name and f.baseline is not None else "")
    return (f"{f.name:<44} {fmt(f.value, f.unit):>12}  base {base:<34} ratio {ratio:>7}  "
            f"{f.target:<18} {met}{'  ' + f.note if f.note else ''}")


def table(report: Report) -> str:
    rows = [("figure", "value", "baseline", "ratio", "target", "met", "note")]
    for f in report.figures:
        base = fmt(f.baseline, f.unit) + (f" ({f.baseline_name})" if f.baseline_name and f.baseline is not None else "")
        rows.append((f"{f.section}: {f.name}", fmt(f.value, f.unit), base,
                     f"{f.ratio:.2f}" if f.ratio is not None else "-", f.target or "-",
                     {True: "met", False: "NOT MET", None: "-"}[f.met], f.note))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for i, r in enumerate(rows):
        out.append(" | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
        if i == 0:
            out.append("-+-".join("-" * w for w in widths))
    return "\n".join(out)


# --- processes this harness started ---------------------------------------------------------


def descendants(pids: set) -> set:
    """``pids`` and every process below them (one walk of /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        ppid = int(stat[stat.rfind(b")") + 2:].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    out, todo = set(), list(pids)
    while todo:
        pid = todo.pop()
        if pid in out:
            continue
        out.add(pid)
        todo.extend(children.get(pid, ()))
    return out


def runner_records(run_dir: Path) -> list:
    """started.json of every attempt of a run (runner pid, process group)."""
    out = []
    for path in (run_dir / "attempts").glob("*/*/*/started.json"):
        try:
            out.append((path.parent, json.loads(path.read_text())))
        except (OSError, ValueError):
            continue
    return out


def kill_run(run_dir: Path) -> None:
    """SIGKILL every runner of ``run_dir`` and everything below it (this harness started them).

    A runner is known by its started.json or by its command line (which names its attempt
    folder under ``run_dir``, a scratch path of this harness): one that was launched but had
    not written started.json yet is found too. Twice, for a runner launched in between."""
    needle = str(run_dir.resolve()).encode()
    for _ in range(2):
        pids = {rec["runner_pid"] for _, rec in runner_records(run_dir) if isinstance(rec.get("runner_pid"), int)}
        ours = set()
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    if needle in Path(f"/proc/{entry}/cmdline").read_bytes():
                        ours.add(int(entry))
                except OSError:
                    continue
        pids = {p for p in pids if p in ours} | ours  # a recorded pid reused by someone else is not ours
        for pid in descendants(pids) - {os.getpid(), 1}:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.2)


def mem_available() -> int:
    for ln in Path("/proc/meminfo").read_text().splitlines():
        if ln.startswith("MemAvailable:"):
            return int(ln.split()[1]) * 1024
    return 0


def smaps(pid: int) -> tuple[int, int] | None:
    """(PSS, RSS) of ``pid`` in bytes, from /proc/<pid>/smaps_rollup."""
    try:
        text = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return None
    vals = dict(re.findall(r"^(Pss|Rss):\s+(\d+) kB", text, re.MULTILINE))
    return int(vals.get("Pss", 0)) * 1024, int(vals.get("Rss", 0)) * 1024


def du(path: Path) -> int:
    total = 0
    for dirpath, _dirs, files in os.walk(path):
        for name in files:
            try:
                total += os.lstat(os.path.join(dirpath, name)).st_size
            except OSError:
                pass
    return total


# --- patterns: the rulebook as POSIX ERE for grep ----------------------------------------------


def rule_patterns() -> dict:
    """Rule name -> pattern text of every log rule a run with one spec rule scans: the spec's, then the rulebook."""
    from tianluo.faults.rulebook import BUILTIN_RULES
    return {"spec-0": USER_RULE, **{r.name: r.log for r in BUILTIN_RULES if r.log}}


_CLASS_ESC = {"d": "0-9", "w": "[:alnum:]_", "s": "[:space:]"}
_OUT_ESC = {"d": "[0-9]", "D": "[^0-9]"}


def to_ere(pattern: str) -> str | None:
    """An RE2 pattern as GNU grep's ERE (the same lines match); None if it has no ERE spelling.

    (?:...) and (?P<n>...) become plain groups, \\d [0-9], lazy repeats greedy (the same lines
    match), escapes in brackets are spelled out; \\w \\s \\b stay (GNU extensions)."""
    out, i, n = [], 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "\\":
            if i + 1 >= n:
                return None
            e = pattern[i + 1]
            if e in _OUT_ESC:
                out.append(_OUT_ESC[e])
            elif e in "wWsSbB" or not e.isalnum():
                out.append("\\" + e)
            else:  # \n, \t, \A, \z, \pL ...: no ERE spelling that a line-oriented grep honours
                return None
            i += 2
        elif c == "(" and pattern.startswith("(?", i):
            if pattern.startswith("(?:", i):
                out.append("(")
                i += 3
            elif pattern.startswith("(?P<", i):
                i = pattern.index(">", i) + 1
                out.append("(")
            else:  # flags such as (?i)
                return None
        elif c in "*+?}" and i + 1 < n and pattern[i + 1] == "?":
            out.append(c)  # lazy -> greedy: the same lines match
            i += 2
        elif c == "[":
            j, items, neg = i + 1, [], False
            if j < n and pattern[j] == "^":
                neg, j = True, j + 1
            close = dash = False
            if j < n and pattern[j] == "]":  # a ']' first in a class is a literal one
                close, j = True, j + 1
            while j < n and pattern[j] != "]":
                ch = pattern[j]
                if ch == "\\" and j + 1 < n:
                    e = pattern[j + 1]
                    j += 2
                    if e in _CLASS_ESC:
                        items.append(_CLASS_ESC[e])
                    elif e == "]":
                        close = True
                    elif e == "-":
                        dash = True
                    elif e in "ntr":
                        continue  # a line never holds its newline; \t \r rare enough to leave out
                    elif not e.isalnum():
                        items.append(e)
                    else:
                        return None
                    continue
                if ch == "[" and pattern.startswith("[:", j):
                    end = pattern.index(":]", j) + 2
                    items.append(pattern[j:end])
                    j = end
                    continue
                items.append(ch)
                j += 1
            if j >= n:
                return None
            body = "".join(items)
            if body.startswith("^"):
                body = body[1:] + "^" if len(body) > 1 else "\\^"
            out.append("[" + ("^" if neg else "") + ("]" if close else "") + body + ("-" if dash else "") + "]")
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def ere_patterns(report: Report | None = None) -> list:
    """The rulebook, the spec rule and the progress regex as EREs; notes any left out."""
    out, left = [], []
    for name, p in {**rule_patterns(), "progress": PROGRESS}.items():
        ere = to_ere(p)
        (out.append(ere) if ere is not None else left.append(name))
    if left and report is not None:
        report.note(f"grep -E has no spelling for {len(left)} pattern(s), left out of its side: {', '.join(left)}")
    return out


# --- 1. start-up ------------------------------------------------------------------------------

TINY_SPEC = """\
name: tiny
interval: 10m
entities:
  a:
    stages:
      one:
        run: touch one.done
        done_when: {exists: one.done}
"""


#: An active run with nothing to do: one job running without a word (a trainer between two log
#: lines), another running under an entity the owner held.
ACTIVE_SPEC = """\
name: active
interval: 10m
entities:
  a:
    stages:
      train:
        run: sleep 86400
        progress: {regex: 'step (?P<done>\\d+)/(?P<total>\\d+)', stall_after: 30m}
        done_when: {exists: a.done}
  b:
    stages:
      train:
        run: sleep 86400
        done_when: {exists: b.done}
"""


def startup(cfg: dict, work: Path, report: Report) -> None:
    folder = work / "startup"
    folder.mkdir()
    (folder / "tianluo.yaml").write_text(TINY_SPEC)
    (folder / "active.yaml").write_text(ACTIVE_SPEC)
    home = folder / ".tianluo"
    s = checked(run(tianluo("start", "tianluo.yaml", "--home", home, "--trigger", "none", "--accept-defaults"),
                    cwd=folder, timeout=60), "start of the start-up run")
    run_dir = Path(s.out.strip().splitlines()[-1])
    s = checked(run(tianluo("start", "active.yaml", "--home", home, "--trigger", "none", "--accept-defaults"),
                    cwd=folder, timeout=60), "start of the active run")
    active = Path(s.out.strip().splitlines()[-1])
    try:
        _startup(cfg, folder, run_dir, active, report)
    finally:
        kill_run(active)


def _startup(cfg: dict, folder: Path, run_dir: Path, active: Path, report: Report) -> None:
    wait_started(active, 2, 30)
    checked(run(tianluo("hold", "b", "--reason", "the owner looks at it", "--run", active), cwd=folder), "hold b")
    for _ in range(3):  # the ticks that see the runners start and the hold; the last has nothing to do
        checked(run(tianluo("tick", "--quiet", "--run", active), cwd=folder, timeout=60), "tick of the active run")
    deadline = time.monotonic() + 60
    while True:
        st = checked(run(tianluo("status", "--json", "--run", run_dir), cwd=folder), "status --json")
        if '"complete"' in st.out:
            break
        if time.monotonic() > deadline:
            raise SectionFailed(f"the start-up run did not complete in 60 s: {st.out[-300:]}")
        time.sleep(0.3)
        run(tianluo("tick", "--quiet", "--run", run_dir), cwd=folder, timeout=60)
    cases = {
        "python -c pass": lambda: run([PY, "-c", "pass"], cwd=folder),
        "no-op tick": lambda: run(tianluo("tick", "--run", run_dir), cwd=folder),
        "status": lambda: run(tianluo("status", "--run", run_dir), cwd=folder),
        "status --json": lambda: run(tianluo("status", "--json", "--run", run_dir), cwd=folder),
        "--version": lambda: run(tianluo("--version"), cwd=folder),
        QUIET: lambda: run(tianluo("tick", "--quiet", "--run", active), cwd=folder),
    }
    got = interleaved(cases, cfg["startup_repeats"])
    base = got.pop("python -c pass")
    bw, bc = med(base), med(base, "cpu")
    for name, samples in got.items():
        if any(x.rc != 0 for x in samples):
            report.note(f"{name} exited {[x.rc for x in samples]}: {samples[-1].err.strip()[-200:]}")
        w, c = med(samples), med(samples, "cpu")
        targeted = name != "--version"
        if name == QUIET:  # issue 27: at most 4x python -c pass, in wall time and in CPU
            report.add(Figure("startup", f"{name}: wall", w, "s", bw, "python -c pass", target="<= 4x",
                              met=w / bw <= 4, note="a job running quietly, an entity held"))
            report.add(Figure("startup", f"{name}: CPU", c, "s", bc, "python -c pass", target="<= 4x",
                              met=bool(bc) and c / bc <= 4))
            continue
        report.add(Figure("startup", f"{name}: wall", w, "s", bw, "python -c pass",
                          target="(see +ms row)" if targeted else ""))
        report.add(Figure("startup", f"{name}: wall - python -c pass", (w - bw) * 1000, "ms",
                          target="<= +150 ms" if targeted else "",
                          met=(w - bw) * 1000 <= 150 if targeted else None))
        report.add(Figure("startup", f"{name}: CPU", c, "s", bc, "python -c pass",
                          target="<= 4x" if targeted else "", met=(c / bc <= 4) if targeted and bc else None))


QUIET = "quiet tick, active run"


# --- 2. many jobs -----------------------------------------------------------------------------


def _start_jobs(folder: Path, n: int, cfg: dict) -> tuple[Sample, Path]:
    """Write ``n`` jobs into ``folder`` and ``tianluo start`` them (no trigger); the start and its home."""
    write_jobs(folder, n, seconds=4 * 3600)  # a progress line a second, as trainers print
    home = folder / ".tianluo"
    return run(tianluo("start", "tianluo.yaml", "--home", home, "--trigger", "none", "--accept-defaults"),
               cwd=folder, timeout=cfg["start_timeout"]), home


def _fastest_start(first: Sample, n: int, work: Path, cfg: dict) -> Sample:
    """The fastest of ``cfg["start_repeats"]`` starts of ``n`` jobs (``first`` and more, each in its own folder,
    its jobs killed at once). The quick sizes start in a few hundred milliseconds, and one more job costs tens:
    a single start on a loaded host swung the cost of a job between sizes from 0.6x to 4.6x."""
    best = first
    for k in range(1, cfg.get("start_repeats", 1)):
        folder = work / f"jobs-{n}-again-{k}"
        try:
            again, _ = _start_jobs(folder, n, cfg)
        finally:
            for state in (folder / ".tianluo").glob("*/state.json"):
                kill_run(state.parent)
        if not again.timed_out and again.rc == 0 and again.wall < best.wall:
            best = again
    return best


def jobs(cfg: dict, work: Path, report: Report) -> None:
    patterns_file = work / "babysitter.patterns"
    patterns_file.write_text("\n".join(ere_patterns(report)) + "\n")
    ticks, sitters, starts, per_job_pss = {}, {}, {}, None
    for n in cfg["job_counts"]:
        if per_job_pss:
            need = n * per_job_pss * 1.3 + 2 * 2**30
            if mem_available() < need:
                fit = int((mem_available() - 2 * 2**30) / (per_job_pss * 1.3))
                report.note(f"{n} jobs need about {need / 2**30:.1f} GiB at {per_job_pss / MiB:.1f} MiB a job; "
                            f"{mem_available() / 2**30:.1f} GiB available: running {fit} instead")
                n = fit
                if n <= max(ticks, default=0):
                    break
        folder = work / f"jobs-{n}"
        run_dir = None
        try:
            s, home = _start_jobs(folder, n, cfg)
            runs = sorted(home.glob("*/state.json"))
            run_dir = runs[-1].parent if runs else None
            if not s.timed_out and s.rc == 0 and run_dir is not None:
                s = _fastest_start(s, n, work, cfg)
            starts[n] = s
            if s.timed_out or s.rc != 0 or run_dir is None:
                report.add(Figure("jobs", f"start {n} jobs", None if s.timed_out else s.wall, "s",
                                  target="", met=False,
                                  note=f"> {cfg['start_timeout']:.0f} s, timed out" if s.timed_out
                                  else f"exit {s.rc}: {s.err.strip()[-120:]}"))
                continue
            report.add(Figure("jobs", f"start {n} jobs", s.wall, "s", note=f"{s.wall / n * 1000:.0f} ms a job"))
            records = wait_started(run_dir, n, timeout=max(30.0, n * 0.1))
            if len(records) < n:
                report.note(f"{n} jobs: only {len(records)} runners wrote started.json in time")
            listing = work / f"babysitter-{n}.jobs"
            listing.write_text("".join(f"{rec['runner_pid']} {adir / 'stdout'}\n" for adir, rec in records))
            tick_cmd = tianluo("tick", "--quiet", "--run", run_dir)
            sitter_cmd = ["bash", BABYSITTER, listing, patterns_file]
            got = interleaved({
                "tick": lambda c=tick_cmd, f=folder: run(c, cwd=f, timeout=cfg["tick_timeout"]),
                "babysitter": lambda c=sitter_cmd, f=folder: run(c, cwd=f, timeout=cfg["tick_timeout"]),
            }, cfg["job_repeats"] if n <= 500 else 2)
            bad = [x for x in got["tick"] if x.rc != 0 and not x.timed_out]
            if bad:
                report.note(f"tick over {n} jobs exited {bad[-1].rc}: {bad[-1].err.strip()[-200:]}")
            t = None if got["tick"][-1].timed_out else med(got["tick"])
            tc = None if t is None else med(got["tick"], "cpu")
            b, bc = med(got["babysitter"]), med(got["babysitter"], "cpu")
            ticks[n], sitters[n] = t, b
            report.add(Figure("jobs", f"tick over {n} running jobs, per job", None if t is None else t / n, "s",
                              b / n, "bash babysitter", target="(see CPU row)" if n >= 100 else "",
                              note=(f"tick {fmt(t, 's')}" if t is not None else
                                    f"tick > {cfg['tick_timeout']:.0f} s, timed out")))
            report.add(Figure("jobs", f"tick over {n} running jobs, CPU per job", None if tc is None else tc / n, "s",
                              bc / n, "bash babysitter", target="<= 0.33x" if n >= 100 else "",
                              met=(tc is not None and bc > 0 and tc / bc <= 1 / 3) if n >= 100 else None,
                              note=f"tick {fmt(tc, 's')} CPU, babysitter {fmt(bc, 's')} (its tail and grep included)"))
            mem = [m for m in (smaps(rec["runner_pid"]) for _, rec in records) if m]
            shells = [m for m in (smaps(p) for p in shell_children(records)) if m]
            if mem:
                pss = statistics.median(m[0] for m in mem)
                per_job_pss = pss + (statistics.median(m[0] for m in shells) * 2 if shells else 0)
                if n == max(cfg["job_counts"]) or n >= 200 or n == cfg["job_counts"][-1]:
                    report.add(Figure("jobs", f"runner wrapper PSS per job (N={n})", pss / MiB, "MiB",
                                      statistics.median(m[0] for m in shells) / MiB if shells else None,
                                      "the job's sh", note=f"RSS {statistics.median(m[1] for m in mem) / MiB:.1f} MiB"))
        finally:
            if run_dir is not None:
                kill_run(run_dir)
    counts = sorted(k for k, v in ticks.items() if v is not None)
    if len(counts) >= 2:  # the cost of a job at the largest N over at the next (N=10 is mostly start-up)
        mid, hi = counts[-2], counts[-1]
        grew = (ticks[hi] / hi) / (ticks[mid] / mid)
        sitter_grew = (sitters[hi] / hi) / (sitters[mid] / mid)  # the host's own slow-down at N jobs
        report.add(Figure("jobs", f"tick cost a job, {hi} jobs over {mid}", grew, "x", sitter_grew,
                          "the babysitter's, same run", target="ratio <= 2 (flat = 1)",
                          met=grew / sitter_grew <= 2,
                          note=f"{ticks[hi] / hi * 1000:.1f} vs {ticks[mid] / mid * 1000:.1f} ms a job"))
    done = sorted(k for k, s in starts.items() if not s.timed_out and s.rc == 0)
    if len(done) >= 3:  # the cost of one more job, between the larger sizes over between the smaller
        lo, mid, hi = done[-3], done[-2], done[-1]
        low = (starts[mid].wall - starts[lo].wall) / (mid - lo)
        high = (starts[hi].wall - starts[mid].wall) / (hi - mid)
        # Judged only when the smaller sizes' difference is well above a start's own noise (tens of ms on a shared
        # machine): at the quick mode's 2, 4 and 8 jobs it is a few ms, and a ratio over it says nothing.
        measurable = starts[mid].wall - starts[lo].wall >= START_NOISE_S
        report.add(Figure("jobs", f"start cost a job, {mid}->{hi} over {lo}->{mid}",
                          high / low if measurable else None, "x", target="<= 2 (linear = 1)",
                          met=(high / low <= 2) if measurable else None,
                          note=f"{high * 1000:.0f} vs {low * 1000:.0f} ms a job"
                               + ("" if measurable else f"; {lo}->{mid} is within a start's noise, not judged")))
    if len(done) >= 2:
        a, b = done[-2], done[-1]
        growth = starts[b].wall / starts[a].wall
        report.add(Figure("jobs", f"start growth {a}->{b} jobs", growth, "x",
                          target=f"<= {1.25 * b / a:.0f} (linear {b / a:.0f})", met=growth <= 1.25 * b / a))
    if max(cfg["job_counts"]) >= 1000:  # "start of 2,000 jobs in seconds, not minutes" (fewer if memory is short)
        big = max(starts, default=0)
        s = starts.get(big)
        report.add(Figure("jobs", f"start {big} jobs, wall", None if s is None or s.timed_out else s.wall, "s",
                          target="< 60 s", met=bool(s and not s.timed_out and s.rc == 0 and s.wall < 60),
                          note="" if s else "not run"))


def wait_started(run_dir: Path, n: int, timeout: float) -> list:
    deadline = time.monotonic() + timeout
    while True:
        records = [(a, r) for a, r in runner_records(run_dir) if isinstance(r.get("runner_pid"), int)]
        if len(records) >= n or time.monotonic() > deadline:
            return records
        time.sleep(0.2)


def shell_children(records: list) -> list:
    """A few of the jobs' own shells (the runner's children), for the memory baseline."""
    pids = {rec["runner_pid"] for _, rec in records[:20]}
    return sorted(descendants(pids) - pids)[:40]


# --- 3. big runs ------------------------------------------------------------------------------

SWEEP_CMD = "sh -c 'mkdir -p out/$TIANLUO_ENTITY && touch out/$TIANLUO_ENTITY/$TIANLUO_STAGE.done' sh"


def big(cfg: dict, work: Path, report: Report) -> None:
    results = {}
    for entities in cfg["sweep_entities"]:
        results[entities] = one_sweep(cfg, work, entities, report)
    if len(results) < 2:
        return  # one size (--sweeps): no growth
    small, large = cfg["sweep_entities"][-2:]
    a, b = results[small], results[large]
    stages_a, stages_b = small * 5 + 3, large * 5 + 3
    linear = stages_b / stages_a
    for key, label in (("plan", "plan"), ("start", "start"), ("tick_idle", "tick, nothing changed"),
                       ("tick_launch", "tick, stages launched"), ("tick_exit", "tick, stages exited"),
                       ("hold_all", "hold --all"), ("tick_held", "tick, every entity held"),
                       ("state_bytes", "state.json bytes"),
                       ("snapshot_bytes", "snapshots/ bytes")):
        va, vb = a.get(key), b.get(key)
        if va and vb:
            ratio = vb / va
            report.add(Figure("big", f"growth {stages_a}->{stages_b} stages: {label}", ratio, "x",
                              target=f"<= {1.2 * linear:.0f} (linear {linear:.0f})", met=ratio <= 1.2 * linear))


def one_sweep(cfg: dict, work: Path, entities: int, report: Report) -> dict:
    """Plan, start and three kinds of tick on a sweep of ``entities`` x 5 stages; a summary for the growth rows.

    The sweep's entities wait for a gate (``write_sweep(..., released=)``): a tick after ``start``
    changes nothing; once ``go.flag`` is touched, the next tick launches ``changing`` stages,
    and the one after their exit sees them end (and launches their successors)."""
    stages = entities * 5 + 3  # and the gate's 2, and the fan-in
    changing = min(cfg["changing"], entities)
    folder = work / f"sweep-{entities}"
    write_sweep(folder, entities, 5, command=SWEEP_CMD, released=changing)
    home = folder / ".tianluo"
    limit = cfg["big_timeout"]
    out: dict = {}
    tag = f"{stages} stages"
    rss_rows = []
    baseline = None

    def add(key, label, sample, target_s=None, times=None):
        """A row; ``target_s``: under so many seconds; ``times``: at most so many json.load (wall and CPU)."""
        targeted = bool(target_s or times) and stages >= TARGET_STAGES
        target = (f"<= {times}x" if times else f"< {target_s} s") if targeted else ""
        if sample.timed_out or sample.rc != 0:
            report.add(Figure("big", f"{tag}: {label}", None, "s", met=False if targeted else None, target=target,
                              note=f"> {limit:.0f} s, timed out" if sample.timed_out
                              else f"exit {sample.rc}: {sample.err.strip()[-160:]}"))
            return False
        out[key] = sample.wall
        cpu_ratio = sample.cpu / baseline.cpu if baseline and baseline.cpu else None
        if not targeted:
            met = None
        elif times:
            met = bool(baseline) and sample.wall <= times * baseline.wall and (cpu_ratio or 0) <= times
        else:
            met = sample.wall < target_s
        report.add(Figure("big", f"{tag}: {label}", sample.wall, "s", baseline.wall if baseline else None,
                          "json.load of state.json" if baseline else "", target=target, met=met,
                          note=f"CPU {sample.cpu:.2f} s" + (f", {cpu_ratio:.2f}x json.load's" if cpu_ratio else "")))
        rss_rows.append((label, sample.rss_kib * 1024))
        return True

    def against_load(run_tick) -> tuple:
        """(tick, json.load): the medians of the two, interleaved."""
        got = interleaved({"tick": run_tick, "json.load": lambda: run(base_cmd, cwd=folder, timeout=limit)},
                          cfg["big_repeats"])
        return (sorted(got["tick"], key=lambda x: x.wall)[len(got["tick"]) // 2],
                sorted(got["json.load"], key=lambda x: x.wall)[len(got["json.load"]) // 2])

    def tick() -> Sample:
        return run(tianluo("tick", "--quiet", "--run", run_dir), cwd=folder, timeout=limit)

    def ended() -> int:
        return len(list((run_dir / "attempts").glob("lr*/*/*/exit.json")))

    run_dir = None
    try:
        plans = [run(tianluo("plan", "tianluo.yaml", "--home", home, "--accept-defaults"), cwd=folder, timeout=limit)]
        while len(plans) < cfg["big_repeats"] and not plans[-1].timed_out and plans[-1].rc == 0:
            plans.append(run(tianluo("plan", "tianluo.yaml", "--home", home, "--accept-defaults"), cwd=folder,
                             timeout=limit))
        plan = sorted(plans, key=lambda x: (x.rc != 0 or x.timed_out, x.wall))[len(plans) // 2]
        start = run(tianluo("start", "tianluo.yaml", "--home", home, "--trigger", "none", "--accept-defaults"),
                    cwd=folder, timeout=limit)
        runs = sorted(home.glob("*/state.json"))
        if runs:
            run_dir = runs[-1].parent
            state = run_dir / "state.json"
            base_cmd = [PY, "-c", f"import json; json.load(open({str(state)!r}))"]
            baseline = run(base_cmd, cwd=folder, timeout=limit)
        add("plan", "plan", plan, 3)
        if not add("start", "start (its first tick launches the 2 gate stages)", start, 3) or run_dir is None:
            return out
        wait_started(run_dir, 2, 30)
        tick()  # the tick that sees the gate stages' runners start
        tick()  # the first tick with nothing to do (it leaves the certificate the next ones check: tianluo.core.quiet)
        idle, baseline = against_load(tick)
        add("tick_idle", "tick, nothing changed", idle, times=5)
        (folder / "go.flag").touch()
        deadline = time.monotonic() + 30
        while not list((run_dir / "attempts").glob("gate/go/*/exit.json")) and time.monotonic() < deadline:
            time.sleep(0.1)
        if add("tick_launch", f"tick, {changing} stages launched", tick(), 2):
            launched = len(list((run_dir / "attempts").glob("lr*/*/*/job.json")))
            if launched != changing:
                report.note(f"{tag}: the launching tick launched {launched} stages, not {changing}")
            deadline = time.monotonic() + max(30.0, limit / 4)
            while ended() < launched and time.monotonic() < deadline:
                time.sleep(0.2)
            if ended() < launched:
                report.note(f"{tag}: only {ended()} of {launched} launched stages ended in time")
            add("tick_exit", f"tick, {changing} stages exited (+ next launched)", tick(), 2)
        settle = time.monotonic() + max(30.0, limit / 4)
        while ended() < 2 * changing and time.monotonic() < settle:  # the successors it launched run and end
            time.sleep(0.2)
        held = run(tianluo("hold", "--all", "--reason", "the owner looks", "--run", run_dir), cwd=folder,
                   timeout=limit)
        add("hold_all", "hold --all", held, 1)
        tick()  # judges the successors' exits; every entity held, nothing new starts
        tick()  # the first tick with nothing to do
        held_tick, baseline = against_load(tick)
        add("tick_held", "tick, every entity held", held_tick, times=5)
        state_b, snaps_b = state.stat().st_size, du(run_dir / "snapshots")
        out["state_bytes"], out["snapshot_bytes"] = state_b, snaps_b
        report.add(Figure("big", f"{tag}: state.json", state_b, "B", target="< 5 MB" if stages >= TARGET_STAGES else "",
                          met=(state_b < 5e6) if stages >= TARGET_STAGES else None,
                          note=f"{state_b / stages:.0f} B a stage; after {changing} launches, their exits, their "
                               "successors' launches and a hold of every entity"))
        report.add(Figure("big", f"{tag}: snapshots/", snaps_b, "B", state_b, "state.json",
                          target="bounded", note=f"{len(list((run_dir / 'snapshots').iterdir()))} files"))
        for label, rss in rss_rows:
            report.add(Figure("big", f"{tag}: peak RSS of {label.split(' (')[0]}", rss / MiB, "MiB",
                              baseline.rss_kib / 1024, "json.load of state.json",
                              target="< 200 MiB" if stages >= TARGET_STAGES else "",
                              met=(rss < 200 * MiB) if stages >= TARGET_STAGES else None))
    finally:
        if run_dir is not None:
            kill_run(run_dir)
    return out


# --- 4. log throughput ------------------------------------------------------------------------

SCAN_SCRIPT = """
import inspect, json, sys, time
from pathlib import Path
from tianluo.shell.logscan import Cursor, scan
from tianluo.faults.linear_re import compile_pattern
patterns = {name: compile_pattern(p) for name, p in json.loads(Path(sys.argv[2]).read_text()).items()}
log, progress, cap = Path(sys.argv[1]), sys.argv[3], sys.argv[4]
if cap == "tick":  # as observe calls it: the default byte cap, and the newest bytes past it where supported
    kwargs = {"newest": True} if "newest" in inspect.signature(scan).parameters else {}
else:
    kwargs = {"max_bytes": int(cap)}
t0 = time.perf_counter()
res = scan(log, "stdout", Cursor(), patterns, progress, **kwargs)
took = time.perf_counter() - t0
last = res.matches[-1].text if res.matches else ""
print(json.dumps({"seconds": took, "new_bytes": res.new_bytes, "matches": len(res.matches),
                  "last": last, "more": res.more, "progress": res.progress}))
"""


def logs(cfg: dict, work: Path, report: Report) -> None:
    log = write_log(work / "train.log", cfg["log_mib"])
    size = log.stat().st_size
    pats = rule_patterns()
    eres = ere_patterns(report)
    grep_out = work / "grep.out"
    # Both get the patterns in a file: the rulebook's JSON is past Linux's 128 KiB limit on one argument.
    pats_file, eres_file = work / "patterns.json", work / "patterns.ere"
    pats_file.write_text(json.dumps(pats))
    assert all(e and "\n" not in e for e in eres), "an ERE grep -f would read as two, or as matching every line"
    eres_file.write_text("\n".join(eres) + "\n")

    def scanner(cap: str = str(1 << 40)) -> Sample:
        s = run([PY, "-c", SCAN_SCRIPT, log, pats_file, PROGRESS, cap], cwd=work, timeout=600)
        checked(s, "the scanner")
        s.result = json.loads(s.out)
        s.wall = s.result["seconds"]  # the scan itself, not the interpreter's start
        return s

    def grep() -> Sample:
        args = ["sh", "-c", 'LC_ALL=C exec grep -E -n "$@" > ' + str(grep_out), "grep", "-f", eres_file]
        return run(args + [log], cwd=work, timeout=600)

    got = interleaved({"scanner": scanner, "grep": grep}, cfg["log_repeats"])
    s, g = med(got["scanner"]), med(got["grep"])
    found_last = FATAL_LAST.decode().strip() in got["scanner"][-1].result["last"]
    grep_last = FATAL_LAST.decode().strip() in grep_out.read_text(errors="replace").rstrip("\n").rsplit("\n", 1)[-1]
    report.add(Figure("logs", f"{size / MiB:.0f} MiB of new log, rulebook + progress", s, "s", g,
                      "LC_ALL=C grep -E", target="<= 2x", met=s / g <= 2,
                      note=f"{size / MiB / s:.0f} vs {size / MiB / g:.0f} MiB/s; {len(pats)} rules"))
    if not (found_last and grep_last):
        report.note(f"the fatal last line: scanner found it {found_last}, grep found it {grep_last}")
    first = scanner("tick")
    seen = FATAL_LAST.decode().strip() in first.result["last"]
    report.add(Figure("logs", "fatal line last, seen in one tick's scan (1=yes)", float(seen), "",
                      target="1 (yes)", met=seen,
                      note=f"read {first.result['new_bytes'] / MiB:.0f} of {size / MiB:.0f} MiB"
                           f"{', more left' if first.result['more'] else ''}"))


# --- 5. event ticks ---------------------------------------------------------------------------

EVENT_SPEC = """\
name: bench
entities:
  a:
    stages:
      flaky:
        run: test -f first.txt || { touch first.txt; exit 1; }; echo ok > done.txt
        done_when: {exists: done.txt}
ladder:
  unknown: {retries: 1, backoff: [0s]}
"""


def when(path: Path, key: str) -> datetime:
    return datetime.fromisoformat(json.loads(path.read_text())[key])


def one_event(work: Path, trigger: str, interval: float, seed: int) -> float | None:
    """Seconds from the failed attempt's exit to its retry's start; with trigger 'none', ticks every
    ``interval`` seconds at a random phase (as cron would be, against a job that exits at any time)."""
    folder = work / f"event-{trigger}-{seed}"
    folder.mkdir()
    (folder / "tianluo.yaml").write_text(EVENT_SPEC)
    home = folder / ".tianluo"
    s = checked(run(tianluo("start", "tianluo.yaml", "--home", home, "--trigger", trigger, "--accept-defaults"),
                    cwd=folder, timeout=60), f"start --trigger {trigger}")
    run_dir = Path(s.out.strip().splitlines()[-1])
    second = run_dir / "attempts/a/flaky/2/started.json"
    rng = random.Random(seed)
    next_tick = time.monotonic() + rng.uniform(0, interval)
    deadline = time.monotonic() + 60 + 3 * interval
    try:
        while not second.exists() and time.monotonic() < deadline:
            if trigger == "none":
                time.sleep(max(0.0, next_tick - time.monotonic()))
                run(tianluo("tick", "--quiet", "--run", run_dir), cwd=folder, timeout=60)
                next_tick += interval
            else:
                time.sleep(0.02)
        if not second.exists():
            return None
        for _ in range(100):  # started.json may be written a moment before it is whole
            try:
                return (when(second, "started_at") - when(run_dir / "attempts/a/flaky/1/exit.json", "ended_at")
                        ).total_seconds()
            except (OSError, ValueError, KeyError):
                time.sleep(0.02)
        return None
    finally:
        kill_run(run_dir)
        run(tianluo("stop", "--run", run_dir), cwd=folder, timeout=60)


def events(cfg: dict, work: Path, report: Report) -> None:
    interval = cfg["event_interval"]
    ev, po = [], []
    for i in range(cfg["event_repeats"]):  # interleaved: event, interval, event, ...
        ev.append(one_event(work, "daemon", interval, i))
        po.append(one_event(work, "none", interval, 1000 + i))
    e = [x for x in ev if x is not None]
    p = [x for x in po if x is not None]
    if len(e) < len(ev) or len(p) < len(po):
        report.note(f"event ticks: {len(ev) - len(e)} event and {len(po) - len(p)} interval runs never launched "
                    f"the retry")
    if e and p:
        report.add(Figure("events", "job exit -> retry launched, event ticks", statistics.median(e), "s",
                          statistics.median(p), f"interval {interval:g} s, random phase", target="",
                          note=f"each run: event {[round(x, 2) for x in e]}, interval {[round(x, 2) for x in p]}; "
                               "cron's 10 min at a random phase waits ~300 s"))


# --- main -------------------------------------------------------------------------------------


def git_head() -> str:
    try:
        return subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%h %s"], capture_output=True,
                              text=True, timeout=10, check=False).stdout.strip()[:90]
    except (OSError, subprocess.SubprocessError):
        return "?"


def main(argv: list | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes, under a minute (for the test)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON after the table")
    ap.add_argument("--only", default=",".join(SECTIONS), help=f"comma-separated sections of {', '.join(SECTIONS)}")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder (its path is printed)")
    ap.add_argument("--jobs", metavar="N,N", help="the job counts of the jobs section (e.g. 200)")
    ap.add_argument("--sweeps", metavar="E,E", help="the entities of the big section's sweeps (e.g. 1999)")
    args = ap.parse_args(argv)
    only = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = [s for s in only if s not in SECTIONS]
    if unknown:
        print(f"python -m benchmarks: --only: unknown section {', '.join(unknown)}; pick from {', '.join(SECTIONS)}",
              file=sys.stderr)
        return 2
    cfg = dict(QUICK if args.quick else FULL)
    try:
        if args.jobs:
            cfg["job_counts"] = tuple(int(n) for n in args.jobs.split(","))
        if args.sweeps:
            cfg["sweep_entities"] = tuple(int(n) for n in args.sweeps.split(","))
    except ValueError:
        print("python -m benchmarks: --jobs and --sweeps take numbers separated by commas", file=sys.stderr)
        return 2
    report = Report("quick" if args.quick else "full")
    began = time.monotonic()
    print(f"tianluo benchmarks ({report.mode}) at {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, "
          f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}, HEAD {git_head()}", flush=True)
    work = Path(tempfile.mkdtemp(prefix="tianluo-bench-"))
    try:
        for name in only:
            t0 = time.monotonic()
            print(f"[{name}]", flush=True)
            try:
                globals()[name](cfg, work, report)
            except SectionFailed as exc:
                report.note(f"{name}: stopped: {exc}")
            print(f"  ({time.monotonic() - t0:.0f} s)", flush=True)
    finally:
        if args.keep:
            print(f"scratch kept in {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    print()
    print(table(report))
    met = [f for f in report.figures if f.met is not None]
    print(f"\n{sum(f.met for f in met)} of {len(met)} targets met; {len(report.figures)} figures in "
          f"{time.monotonic() - began:.0f} s; load at the end {os.getloadavg()[0]:.1f}")
    if args.json:
        print(json.dumps({"mode": report.mode, "head": git_head(), "notes": report.notes,
                          "figures": [asdict(f) for f in report.figures]}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
