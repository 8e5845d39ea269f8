"""Incremental log reading against a full re-read, side by side in the same run.

    .venv/bin/python benchmarks/bench_logscan.py [--log-mb 200] [--append-mb 1]

A tick reads only what a log gained since the last tick. This measures one tick's scan of a
large log that grew by a little (tianluo's way) against scanning the whole file again (the
baseline a tail-less watcher pays), and prints the ratio. Machines here are shared and noisy,
so only the ratio is meaningful; each side takes the best of several repeats.
"""

import argparse
import tempfile
import time
from pathlib import Path

from tianluo.logscan import Cursor, scan
from tianluo.rulebook import BUILTIN_RULES, compile_patterns

LINE = b"[rank0] step 1234/100000 loss=2.3456 lr=3.0e-04 grad_norm=1.234 tokens/s=81234\n"


def best_of(repeats: int, fn) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--log-mb", type=int, default=200)
    ap.add_argument("--append-mb", type=float, default=1.0)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    patterns = compile_patterns(BUILTIN_RULES)
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "stdout"
        chunk = LINE * (1024 * 1024 // len(LINE))
        with open(log, "wb") as f:
            for _ in range(args.log_mb):
                f.write(chunk)
        first = scan(log, "stdout", Cursor(), patterns, max_bytes=1 << 40)
        with open(log, "ab") as f:
            f.write(chunk[: int(len(chunk) * args.append_mb)])
            f.write(b"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n")
        new = scan(log, "stdout", first.cursor, patterns, max_bytes=1 << 40)
        full = scan(log, "stdout", Cursor(), patterns, max_bytes=1 << 40)
        assert [m.rules for m in new.matches] == [m.rules for m in full.matches], "both must find the OOM"
        t_new = best_of(args.repeats, lambda: scan(log, "stdout", first.cursor, patterns, max_bytes=1 << 40))
        t_full = best_of(args.repeats, lambda: scan(log, "stdout", Cursor(), patterns, max_bytes=1 << 40))
    print(f"log {args.log_mb} MiB, grew by {args.append_mb:g} MiB")
    print(f"incremental scan (from the cursor): {t_new * 1000:9.1f} ms, read {new.new_bytes / 2**20:8.1f} MiB")
    print(f"full re-scan (baseline):            {t_full * 1000:9.1f} ms, read {full.new_bytes / 2**20:8.1f} MiB")
    print(f"ratio full/incremental: {t_full / t_new:.1f}x faster "
          f"(bytes ratio {full.new_bytes / new.new_bytes:.1f}x)")


if __name__ == "__main__":
    main()
