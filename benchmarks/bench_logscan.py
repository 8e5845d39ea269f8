"""The log scanner against its pre-RE2 self and against grep -E, side by side in the same run.

    .venv/bin/python benchmarks/bench_logscan.py [--log-mb 150] [--repeats 3] [--append-mb 1]

One realistic training log (step lines, tqdm bars redrawn with \\r, warnings, a few fatal
lines) of ``--log-mb`` MiB is scanned whole with the built-in rulebook and a progress regex by:

* the scanner (RE2, ``tianluo.logscan``);
* the scanner before RE2 (``benchmarks/logscan_baseline.py``, Python ``re`` with literal
  needles; the baseline, copied verbatim);
* ``grep -E`` with the same patterns (translated to POSIX ERE), under ``LC_ALL=C``, its output
  to a file (grep has no progress reading to do, so it is a floor, not a peer).

Both scanners must find the same lines. Machines here are shared and noisy, so only ratios
in the same run mean something; each side takes the best of several repeats. It also
measures one incremental tick (a log that grew by ``--append-mb``) against a full re-scan.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import logscan_baseline as old  # noqa: E402  (the benchmarks folder, not the package)

from tianluo.logscan import Cursor, scan  # noqa: E402
from tianluo.rulebook import BUILTIN_RULES, compile_patterns  # noqa: E402

PROGRESS = r"step (?P<done>\d+)/(?P<total>\d+)"
USER_RULE = r"NCCL WARN .*Timeout"  # the spec's own rule of DESIGN.md: searched apart from the built-in ones
ALL = 1 << 40


def realistic_log(path: Path, mib: int) -> None:
    """``mib`` MiB of what a trainer writes: mostly step lines and tqdm redraws, some noise, a few faults."""
    block = []
    for i in range(200):
        block.append(f"[rank{i % 8}] step {i}/100000 loss={2.3456 - i * 1e-4:.4f} lr=3.0e-04 "
                     f"grad_norm=1.234 tokens/s=81234\n")
        if i % 10 == 0:
            block.append(f"Epoch 1:  {i % 100:2d}%|\u2588\u2588\u2588\u2588      | {i * 50}/10000 "
                         f"[12:34<15:20,  5.97it/s, loss=1.23]\r" * 5 + "\n")
        if i % 50 == 0:
            block.append("/usr/lib/python3/site-packages/torch/utils/data/dataloader.py:557: UserWarning: "
                         "This DataLoader will create 16 worker processes in total.\n")
        if i % 97 == 0:
            block.append("INFO 2026-11-30 03:12:44,120 checkpoint.py:88 saving to out/run7/step_1200.pt\n")
    data = "".join(block).encode()
    faults = [b"[rank3]: ConnectionResetError: [Errno 104] Connection reset by peer\n",
              b"Traceback (most recent call last):\n  File \"train.py\", line 88, in <module>\n"
              b"TypeError: forward() got an unexpected keyword argument 'mask'\n",
              b"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n",
              b"host-3:1234:99 [0] NCCL WARN Timeout waiting for peer\n"]
    with open(path, "wb") as f:
        written, n = 0, 0
        while written < mib << 20:
            f.write(data)
            written += len(data)
            n += 1
            if n % 400 == 0:  # a few fatal lines, far apart
                f.write(faults[n // 400 % len(faults)])


def to_ere(pattern: str) -> str:
    """The built-in patterns in GNU grep's ERE: no (?:, no \\d, bracket escapes spelled out."""
    out = pattern.replace("(?:", "(")
    out = out.replace(r"[^\]\n]", "[^]]").replace(r"[\w.\-]", "[[:alnum:]_.-]")
    out = out.replace(r"\d", "[0-9]")
    assert "(?" not in out and r"\n" not in out, out
    return out


def best_of(repeats: int, fn) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--log-mb", type=int, default=150)
    ap.add_argument("--append-mb", type=float, default=1.0)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    grep = shutil.which("grep")
    new_patterns = {"spec-0": USER_RULE, **compile_patterns(BUILTIN_RULES)}
    old_patterns = {"spec-0": re.compile(USER_RULE), **{r.name: re.compile(r.log, re.MULTILINE) for r in BUILTIN_RULES if r.log}}
    old_progress = re.compile(PROGRESS)
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "stdout"
        realistic_log(log, args.log_mb)
        size = os.path.getsize(log)

        def run_new():
            return scan(log, "stdout", Cursor(), new_patterns, PROGRESS, max_bytes=ALL, max_matches=10**6)

        def run_old():
            return old.scan(log, "stdout", old.Cursor(), old_patterns, old_progress, max_bytes=ALL,
                            max_matches=10**6)

        def run_grep():
            cmd = [grep, "-E", "-n", "-e", USER_RULE] + [a for r in BUILTIN_RULES if r.log for a in ("-e", to_ere(r.log))]
            cmd.append(str(log))
            with open(Path(tmp) / "grep.out", "wb") as out:
                subprocess.run(cmd, stdout=out, env={**os.environ, "LC_ALL": "C"}, timeout=600, check=False)

        new, before = run_new(), run_old()
        assert [(m.offset, m.rules) for m in new.matches] == [(m.offset, m.rules) for m in before.matches], \
            "the scanner and its baseline must find the same lines"
        assert new.progress == before.progress and new.matches, (new.progress, before.progress)
        t_new = best_of(args.repeats, run_new)
        t_old = best_of(args.repeats, run_old)
        t_grep = best_of(args.repeats, run_grep) if grep else None

        first = scan(log, "stdout", Cursor(), new_patterns, PROGRESS, max_bytes=ALL)
        with open(log, "ab") as f:
            f.write(log.read_bytes()[: int(args.append_mb * 2**20)].rsplit(b"\n", 1)[0] + b"\n")
            f.write(b"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n")
        t_tick = best_of(args.repeats, lambda: scan(log, "stdout", first.cursor, new_patterns, PROGRESS,
                                                    max_bytes=ALL))

    mib = size / 2**20
    print(f"log {mib:.0f} MiB, {len(new.matches)} fault lines, built-in rulebook + one user rule "
          f"({len(new_patterns)} patterns) + progress regex")
    print(f"scanner (RE2):            {t_new:7.3f} s  {mib / t_new:7.0f} MiB/s")
    print(f"baseline (re + needles):  {t_old:7.3f} s  {mib / t_old:7.0f} MiB/s")
    if t_grep is not None:
        print(f"grep -E (LC_ALL=C):       {t_grep:7.3f} s  {mib / t_grep:7.0f} MiB/s")
    print(f"ratio scanner/baseline time: {t_new / t_old:.2f} (below 1: faster than before)")
    if t_grep is not None:
        print(f"ratio scanner/grep -E time:  {t_new / t_grep:.2f}x grep -E "
              f"(baseline {t_old / t_grep:.2f}x grep -E in this run)")
    print(f"one tick after {args.append_mb:g} MiB appended: {t_tick * 1000:.1f} ms "
          f"(full re-scan {t_new / t_tick:.0f}x longer)")


if __name__ == "__main__":
    main()
