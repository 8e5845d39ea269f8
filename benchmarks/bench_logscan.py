"""The log scanner against ``grep -E`` with the same patterns, side by side in the same run.

    .venv/bin/python benchmarks/bench_logscan.py [--log-mb 200] [--repeats 3] [--json]

One realistic training log (step lines with varying numbers, tqdm bars redrawn with ``\\r``,
warnings, JSON metric lines, a few retried-connection warnings, and a CUDA OOM as the very
last line) of ``--log-mb`` MiB is searched with the built-in rulebook and a progress regex
(``--spec-rule`` adds one rule of a spec's own, which the scanner searches in a second pass;
the patterns are taken from ``tianluo.faults.rulebook``, so the comparison follows the rules) by:

* the scanner, ``tianluo.shell.logscan.scan``, over all the new bytes (no per-tick cap): RE2's
  prefilter of the rules over each chunk, then only the rules its literals leave possible;
* ``LC_ALL=C grep -E -c -e p1 -e p2 ...`` with the same patterns translated to POSIX ERE
  (``-c``: grep must look at every line but writes no output, so it is the harder baseline:
  ``-n`` with its output to a file is slower).

Repeats are interleaved (scanner, grep, scanner, grep, ...) and each side's median is kept:
machines here are shared and noisy, so only ratios in the same run mean something.

It also runs one scan as a tick does (the default per-tick cap, ``newest``): how many bytes
it read and skipped, and whether it found the fatal line at the very end.

``measure()`` is what ``benchmarks/run.py`` calls.
"""

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.run import to_ere  # noqa: E402 - the translation tests/test_benchmarks.py checks rule by rule
from tianluo.faults.rulebook import BUILTIN_RULES, compile_patterns  # noqa: E402
from tianluo.shell import logscan  # noqa: E402
from tianluo.shell.logscan import Cursor, scan  # noqa: E402

PROGRESS = r"step (?P<done>\d+)/(?P<total>\d+)"
USER_RULE = r"NCCL WARN .*Timeout"  # the spec's own rule of DESIGN.md: searched apart from the built-in ones
FATAL = b"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 3; 79.15 GiB total)\n"
ALL = 1 << 40
BLOCK_LINES = 20_000  # lines of varied output, repeated (with a changing step) to the size asked


def realistic_log(path: Path, mib: float, seed: int = 7) -> int:
    """``mib`` MiB of what a trainer writes, the CUDA OOM line last; the offset of that line."""
    rnd = random.Random(seed)
    words = ("the of model data loader batch grad norm tokens cache shard rank epoch eval save load "
             "weights optimizer scheduler").split()
    lines = []
    for i in range(BLOCK_LINES):
        r = rnd.random()
        if r < 0.6:
            lines.append(f"[rank{rnd.randrange(8)}] {rnd.randrange(24):02d}:{rnd.randrange(60):02d}:"
                         f"{rnd.randrange(60):02d} step {{s}}/1000000 loss={rnd.random() * 3:.4f} "
                         f"lr={rnd.random() * 1e-3:.3e} grad_norm={rnd.random() * 5:.3f} "
                         f"tokens/s={rnd.randrange(50000, 90000)}\n")
        elif r < 0.85:
            p = rnd.randrange(100)
            lines.append("".join(
                f"Epoch {{e}}: {p:3d}%|{'#' * (p // 10):<10}| {i % 10000}/10000 [{rnd.randrange(60):02d}:"
                f"{rnd.randrange(60):02d}<{rnd.randrange(60):02d}:{rnd.randrange(60):02d}, "
                f"{rnd.random() * 10:.2f}it/s, loss={rnd.random() * 3:.3f}]\r" for _ in range(3)) + "\n")
        elif r < 0.93:
            lines.append(f"/usr/lib/python3/site-packages/torch/{rnd.choice(words)}/{rnd.choice(words)}.py:"
                         f"{rnd.randrange(1000)}: UserWarning: {' '.join(rnd.choice(words) for _ in range(12))}\n")
        elif r < 0.98:
            lines.append(f"INFO 2026-11-30 03:{rnd.randrange(60):02d}:44,120 {rnd.choice(words)}.py:"
                         f"{rnd.randrange(300)} {' '.join(rnd.choice(words) for _ in range(8))} "
                         f"out/run7/step_{{s}}.pt\n")
        elif r < 0.9995:
            lines.append(f"{{{{'loss': {rnd.random():.4f}, 'grad_norm': {rnd.random() * 9:.3f}, "
                         f"'learning_rate': {rnd.random() * 1e-4:.3e}, 'epoch': {{e}}}}}}\n")
        else:  # a retried warning now and then: a rule matches it, the job goes on
            lines.append("urllib3.connectionpool WARNING Retrying (Retry(total=4)) after connection broken by "
                         "'ConnectionResetError(104, 'Connection reset by peer')': /api/upload\n")
    template = "".join(lines)
    limit = mib * 2**20
    with open(path, "wb") as f:
        written, n = 0, 0
        while written < limit:
            data = template.replace("{s}", str(n * BLOCK_LINES)).replace("{e}", str(n)).encode()
            data = data.replace(b"{{", b"{").replace(b"}}", b"}")
            if written + len(data) > limit:  # the last block's whole lines that fit, to the size asked (a small log)
                f.write(data[:data.rfind(b"\n", 0, int(limit - written)) + 1])
                break
            f.write(data)
            written += len(data)
            n += 1
        at = f.tell()
        f.write(FATAL)
    return at


def patterns(spec_rule: bool = False) -> dict:
    """What a tick searches: the spec's rule (spec-0) if asked, then the built-in rulebook."""
    return {**({"spec-0": USER_RULE} if spec_rule else {}), **compile_patterns(BUILTIN_RULES)}


def grep_command(log: Path, spec_rule: bool = False) -> list[str]:
    grep = shutil.which("grep")
    if grep is None:
        raise SystemExit("bench_logscan: grep is not on PATH; install it (apt-get install grep)")
    ere = [to_ere(p) for p in ([USER_RULE] if spec_rule else []) + [PROGRESS] + [r.log for r in BUILTIN_RULES if r.log]]
    if None in ere:  # tests/test_benchmarks.py checks that every rule has a spelling; a new one may not yet
        raise SystemExit("bench_logscan: a rule has no grep -E spelling (benchmarks/run.py's to_ere); spell it there")
    return [grep, "-E", "-c"] + [a for p in ere for a in ("-e", p)] + [str(log)]


def measure(mib: float = 200, repeats: int = 3, tmp: str | os.PathLike | None = None,
            spec_rule: bool = False) -> dict:
    """Scanner vs ``grep -E`` on ``mib`` MiB of new log, interleaved, medians; and one capped tick scan.

    Returns a dict: ``mib``, ``patterns`` (rules + progress), ``scan_s`` and ``grep_s`` (medians),
    ``ratio`` (scan_s / grep_s, the time ratio: target <= 2), ``throughput_ratio`` (grep_s / scan_s:
    target >= 0.5), ``scan_mib_s``, ``grep_mib_s``, ``passes`` (bytes the rule searches ran
    over / bytes: 1.0 is one pass; 2.0 with ``spec_rule``, whose rules are searched apart), and for
    one scan as a tick makes it (default cap, newest bytes): ``cap_bytes``, ``tick_read_bytes``, ``tick_skipped_bytes``,
    ``tick_s``, ``fatal_found_first_tick``.
    """
    pats = patterns(spec_rule)
    with tempfile.TemporaryDirectory(dir=tmp) as folder:
        log = Path(folder) / "stdout"
        fatal_at = realistic_log(log, mib)
        size = os.path.getsize(log)
        cmd = grep_command(log, spec_rule)
        env = {**os.environ, "LC_ALL": "C"}

        def run_scan():
            return scan(log, "stdout", Cursor(), pats, PROGRESS, max_bytes=ALL)

        def run_grep():
            proc = subprocess.run(cmd, capture_output=True, env=env, timeout=600, check=False)
            if proc.returncode not in (0, 1):
                raise RuntimeError(f"grep failed: {proc.stderr.decode(errors='replace')[:500]}")
            return int(proc.stdout or 0)

        first = run_scan()  # warm: the page cache, RE2's compiled programs
        grep_lines = run_grep()
        assert any(m.offset == fatal_at for m in first.matches), "the scanner missed the fatal line"
        t_scan, t_grep = [], []
        for _ in range(max(1, repeats)):
            for fn, times in ((run_scan, t_scan), (run_grep, t_grep)):
                t0 = time.perf_counter()
                fn()
                times.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        tick = scan(log, "stdout", Cursor(), pats, PROGRESS, newest=True)  # as observe calls it
        t_tick = time.perf_counter() - t0
    s, g = statistics.median(t_scan), statistics.median(t_grep)
    mib_real = size / 2**20
    return {
        "mib": round(mib_real, 1), "patterns": len(pats) + 1, "scan_s": s, "grep_s": g,
        "ratio": s / g, "throughput_ratio": g / s, "scan_mib_s": mib_real / s, "grep_mib_s": mib_real / g,
        "grep_lines": grep_lines, "scan_lines": len(first.matches), "passes": first.searched / size,
        "cap_bytes": logscan.MAX_SCAN_BYTES, "tick_read_bytes": tick.new_bytes,
        "tick_skipped_bytes": tick.skipped, "tick_s": t_tick,
        "fatal_found_first_tick": any(m.offset == fatal_at for m in tick.matches),
        "repeats": max(1, repeats),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--log-mb", type=float, default=200)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--spec-rule", action="store_true", help="add one rule of a spec's own (a second pass)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    fig = measure(args.log_mb, args.repeats, spec_rule=args.spec_rule)
    if args.json:
        print(json.dumps(fig, indent=1))
        return
    what = "built-in rulebook, one spec rule, progress regex" if args.spec_rule else "built-in rulebook, progress regex"
    print(f"log {fig['mib']:.0f} MiB of new bytes, {fig['patterns']} patterns ({what}); "
          f"median of {fig['repeats']}, interleaved")
    print(f"scanner (RE2, prefiltered): {fig['scan_s']:6.3f} s  {fig['scan_mib_s']:6.0f} MiB/s  "
          f"({fig['passes']:.2f} passes of the rule searches over the bytes)")
    print(f"grep -E -c (LC_ALL=C):    {fig['grep_s']:7.3f} s  {fig['grep_mib_s']:6.0f} MiB/s")
    print(f"scanner time / grep time: {fig['ratio']:.2f}  (target <= 2.00: at least 1/2 of grep's throughput)")
    print(f"one tick's scan (cap {fig['cap_bytes'] >> 20} MiB, newest bytes): read {fig['tick_read_bytes']} B, "
          f"skipped {fig['tick_skipped_bytes']} B in {fig['tick_s']:.3f} s; fatal line at the very end found: "
          f"{fig['fatal_found_first_tick']}")


if __name__ == "__main__":
    main()
