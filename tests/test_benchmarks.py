"""The benchmark command (``python -m benchmarks``) runs, prints every figure of issue 12, and its
baselines are honest: grep -E gets the same patterns as the scanner and matches the same lines.

No timing is asserted (the machines are shared and noisy): the figures must be there and be
numbers, whatever they are.
"""

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import run as bench  # noqa: E402
from benchmarks.workloads import FATAL_LAST  # noqa: E402
from tianluo.faults.linear_re import compile_pattern, prefilter  # noqa: E402


@pytest.fixture(scope="module")
def quick():
    """One ``--quick --json`` run of the whole command: its output and its figures by name."""
    proc = subprocess.run([sys.executable, "-m", "benchmarks", "--quick", "--json"], cwd=ROOT, capture_output=True,
                          text=True, timeout=900, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    data = json.loads(proc.stdout[proc.stdout.index('\n{\n "mode"'):])
    return proc.stdout, data, {f["name"]: f for f in data["figures"]}


def test_quick_mode_prints_every_figure_of_the_issue(quick):
    out, data, figs = quick
    assert data["mode"] == "quick"
    assert not [n for n in data["notes"] if "stopped:" in n], data["notes"]
    names = set(figs)
    # 1. start-up: each command against python -c pass, wall, CPU and the ms difference
    for cmd in ("no-op tick", "status", "status --json", "--version"):
        for row in (f"{cmd}: wall", f"{cmd}: CPU", f"{cmd}: wall - python -c pass"):
            assert row in names, row
        assert figs[f"{cmd}: wall"]["baseline_name"] == "python -c pass"
        assert figs[f"{cmd}: CPU"]["ratio"] > 0
    # issue 27: an active run's tick with nothing to do, wall and CPU against python -c pass
    for row in ("quiet tick, active run: wall", "quiet tick, active run: CPU"):
        assert figs[row]["baseline_name"] == "python -c pass" and figs[row]["ratio"] > 0, figs[row]
    # 2. many jobs at each N, against the bash babysitter; start at each N; growth; runner memory
    for n in bench.QUICK["job_counts"]:
        row = figs[f"tick over {n} running jobs, per job"]
        assert row["baseline_name"] == "bash babysitter" and row["ratio"] > 0, row
        cpu = figs[f"tick over {n} running jobs, CPU per job"]
        assert cpu["baseline_name"] == "bash babysitter" and cpu["ratio"] > 0, cpu
        assert figs[f"start {n} jobs"]["value"] > 0
    counts = bench.QUICK["job_counts"]
    assert figs[f"tick cost a job, {counts[-1]} jobs over {counts[-2]}"]["baseline"] > 0
    assert any(n.startswith("start cost a job,") for n in names), names
    assert any(n.startswith("start growth") for n in names), names
    pss = [f for n, f in figs.items() if n.startswith("runner wrapper PSS per job")]
    assert pss and pss[0]["value"] > 0 and "RSS" in pss[0]["note"], pss
    # 3. big runs at both sizes: every command, its peak RSS, the bytes, and the growth of each
    for entities in bench.QUICK["sweep_entities"]:
        tag = f"{entities * 5 + 3} stages"
        for what in ("plan", "start (its first tick launches the 2 gate stages)", "tick, nothing changed",
                     f"tick, {bench.QUICK['changing']} stages launched",
                     f"tick, {bench.QUICK['changing']} stages exited (+ next launched)", "hold --all",
                     "tick, every entity held"):
            row = figs[f"{tag}: {what}"]
            assert row["value"] > 0 and row["baseline_name"] == "json.load of state.json", row
            assert figs[f"{tag}: peak RSS of {what.split(' (')[0]}"]["value"] > 0
        assert figs[f"{tag}: state.json"]["value"] > 0 and figs[f"{tag}: snapshots/"]["value"] > 0
    growth = [n for n in names if n.startswith("growth ")]
    assert len(growth) == 9, growth
    # 4. log throughput against grep -E, and whether the fatal last line is seen in one scan
    logs = [f for f in data["figures"] if f["section"] == "logs"]
    assert logs[0]["baseline_name"] == "LC_ALL=C grep -E" and logs[0]["ratio"] > 0, logs
    assert any(f["name"].startswith("fatal line last") for f in logs)
    # 5. event ticks against interval ticks at a random phase
    ev = figs["job exit -> retry launched, event ticks"]
    assert ev["value"] > 0 and "random phase" in ev["baseline_name"], ev
    # the final table, one row a figure
    table = out[out.index("\nfigure "):out.index('\n{\n "mode"')]
    assert all(f"{f['section']}: {f['name']}" in table for f in data["figures"])
    assert re.search(r"\d+ of \d+ targets met", table)


def test_the_command_refuses_an_unknown_section():
    proc = subprocess.run([sys.executable, "-m", "benchmarks", "--only", "startup,nope"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 2 and "nope" in proc.stderr and proc.stderr.count("\n") == 1


def corpus_lines() -> list[str]:
    """Every line of the real-error corpus (the part after each file's first ---), \\r a line end as for the scanner."""
    lines = []
    for path in sorted((ROOT / "tests" / "corpus").rglob("*.txt")):
        text = path.read_text(errors="replace")
        if "\n---\n" in text:
            text = text.split("\n---\n", 1)[1]
        lines += text.replace("\r", "\n").split("\n")
    return [ln for ln in lines if "\x00" not in ln]


def _branches(ere: str) -> list[str]:
    """An ERE's top-level alternatives, in order ("a|(b|c)|[|]" gives "a", "(b|c)", "[|]"); joined by "|" they are
    the ERE again. A bracket expression is read as POSIX reads it: no escapes inside, a "]" first is a literal one,
    "[:alpha:]" and its kin are whole items."""
    parts, depth, start, i, n = [], 0, 0, 0, len(ere)
    while i < n:
        c = ere[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":
            j = i + 1
            if j < n and ere[j] == "^":
                j += 1
            if j < n and ere[j] == "]":
                j += 1
            while j < n and ere[j] != "]":
                if ere[j] == "[" and j + 1 < n and ere[j + 1] in ":.=":
                    j = ere.index(ere[j + 1] + "]", j + 2) + 2
                else:
                    j += 1
            i = j + 1
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            parts.append(ere[start:i])
            start = i + 1
        i += 1
    parts.append(ere[start:])
    assert "|".join(parts) == ere and depth == 0, ere
    return parts


def _pieces(branches: list[str], size: int) -> list[list[str]]:
    """grep's arguments for the branches, a run of them at a time of about ``size`` characters ("-e" before each)."""
    out: list[list[str]] = [[]]
    for branch in branches:
        if out[-1] and sum(len(b) for b in out[-1][1::2]) + len(branch) > size:
            out.append([])
        out[-1] += ["-e", branch]
    return out


def test_an_ere_splits_into_its_top_level_branches_and_nothing_inside_a_group_or_a_bracket():
    assert _branches(r"a|(b|c)|[|]|x\|y|[]|]z|[^]|(]q|[[:alpha:]|]w") == [
        "a", "(b|c)", "[|]", r"x\|y", "[]|]z", "[^]|(]q", "[[:alpha:]|]w"]
    assert _branches("plain") == ["plain"]
    assert _pieces(["aa", "bb", "cc"], 4) == [["-e", "aa", "-e", "bb"], ["-e", "cc"]]


def test_grep_gets_every_rule_and_matches_the_same_lines_as_the_scanner(tmp_path):
    """The log baseline is honest: each rulebook pattern, translated for grep -E, matches exactly the
    corpus lines RE2 matches (so grep does the scanner's work, no less)."""
    # each distinct line once (a quarter of the corpus's lines repeat: progress bars, the same frames): a pattern
    # matches a line or not wherever it stands, and grep's time goes by the lines it reads
    lines = list(dict.fromkeys(corpus_lines() + [FATAL_LAST.decode().strip()]))
    corpus = tmp_path / "corpus.log"
    corpus.write_text("\n".join(lines) + "\n")
    patterns = {**bench.rule_patterns(), "progress": bench.PROGRESS}
    assert len(patterns) > 40
    # Which lines each pattern matches: RE2's prefilter of every pattern (the scanner's) names the few each line's
    # literals leave possible, and those are searched alone (an RE2 Set of all 150 outgrew its DFA's memory on this
    # corpus and ran at its NFA's speed). A rule the prefilter left out of a line it matches
    # would be a line grep finds and RE2 not: a difference below, never a pass.
    names = list(patterns)
    compiled = [compile_pattern(pattern) for pattern in patterns.values()]  # each compiles alone, as the scanner needs
    possible = prefilter(tuple(patterns.values()))
    assert possible is not None
    matched: dict[str, set[int]] = {name: set() for name in names}
    for i, ln in enumerate(lines):
        for k in possible.Match(ln, potential=True) or ():
            if compiled[k].search(ln) is not None:
                matched[names[k]].add(i + 1)
    differ, hit = {}, 0
    for name, pattern in patterns.items():
        ere = bench.to_ere(pattern)
        assert ere is not None, f"{name}: {pattern} has no grep -E spelling"
        want = matched[name]
        # A line matches an alternation when it matches one of its branches: grep reads the rule's top-level branches
        # a few at a time, and the lines it prints are the union. (Whole, the largest rules took grep 8 to 12 s each,
        # its DFA rebuilt over and over; in pieces of about 2,000 characters the same lines take it under 2 s.)
        got: set[int] = set()
        for piece in _pieces(_branches(ere), 2000):
            # (the bound is for a grep that hangs, not a speed check)
            proc = subprocess.run(["grep", "-E", "-n", *piece, str(corpus)], capture_output=True, timeout=600,
                                  env={**os.environ, "LC_ALL": "C"}, check=False)
            assert proc.returncode in (0, 1), (name, piece, proc.stderr)
            got |= {int(ln.split(b":", 1)[0]) for ln in proc.stdout.splitlines()}
        hit += bool(want)
        if got != want:
            differ[name] = (ere, sorted(want ^ got)[:3])
    assert not differ, differ
    assert hit > 20  # the corpus exercises most rules: the comparison is not vacuous


def test_the_log_benchmark_builds_its_grep_baseline_from_every_rule(tmp_path):
    """bench_logscan.py runs on a small log: its grep side is built from every rule of today's rulebook (with
    run.py's translation, which the test above checks line by line) and both sides count lines."""
    from benchmarks import bench_logscan

    fig = bench_logscan.measure(mib=0.25, repeats=1, tmp=tmp_path, spec_rule=True)
    assert fig["patterns"] > 40 and fig["fatal_found_first_tick"], fig
    assert fig["grep_lines"] > 0 and fig["scan_lines"] > 0 and fig["scan_s"] > 0 and fig["grep_s"] > 0, fig


def test_babysitter_checks_each_job_alive_and_greps_its_log_tail(tmp_path):
    alive = subprocess.Popen(["sleep", "30"])
    dead = subprocess.Popen(["true"])
    dead.wait()
    try:
        log_a, log_b = tmp_path / "a.log", tmp_path / "b.log"
        log_a.write_bytes(b"x" * 100_000 + b"\nstep 3/10\ntorch.OutOfMemoryError: CUDA out of memory.\n")
        log_b.write_bytes(b"torch.OutOfMemoryError: CUDA out of memory.\n" + b"y\n" * 40_000)  # beyond the last 64 KiB
        jobs = tmp_path / "jobs"
        jobs.write_text(f"{alive.pid} {log_a}\n{dead.pid} {log_b}\n")
        pats = tmp_path / "patterns"
        pats.write_text("\n".join(bench.ere_patterns()) + "\n")
        t0 = time.monotonic()
        out = subprocess.run(["bash", str(bench.BABYSITTER), str(jobs), str(pats)], capture_output=True, text=True,
                             timeout=60, check=True).stdout.splitlines()
        assert time.monotonic() - t0 < 30
        assert out == [f"{alive.pid} running 2", f"{dead.pid} gone 0"], out
    finally:
        alive.kill()
        alive.wait()


def test_kill_run_ends_every_process_of_a_run_and_nothing_else(tmp_path):
    run_dir = tmp_path / "run"
    adir = run_dir / "attempts" / "a" / "s" / "1"
    adir.mkdir(parents=True)
    # a runner-like process whose command line names its attempt folder, with a child
    runner = subprocess.Popen(["sh", "-c", "sleep 30 & wait", "sh", str(adir)])
    bystander = subprocess.Popen(["sleep", "30"])
    try:
        (adir / "started.json").write_text(json.dumps({"runner_pid": runner.pid}))
        time.sleep(0.2)
        kids = bench.descendants({runner.pid}) - {runner.pid}
        assert kids
        bench.kill_run(run_dir)
        runner.wait(timeout=5)  # ended (TimeoutExpired if not)
        for pid in kids:
            proc = Path(f"/proc/{pid}")
            assert not proc.exists() or b"Z" in (proc / "stat").read_bytes().split(b")")[1][:3]
        assert bystander.poll() is None
    finally:
        for p in (runner, bystander):
            p.kill()
            p.wait()
