"""The log scanner against ``grep -E`` with the same patterns, side by side in the same run.

    .venv/bin/python benchmarks/bench_logscan.py [--log-mb 200] [--repeats 3]

One realistic training log (``workloads.write_log``: step lines, tqdm bars redrawn with \\r,
warnings, a few faults, a fatal line last) of ``--log-mb`` MiB is read whole by:

* the scanner (``tianluo.logscan.scan``, RE2) with the built-in rulebook, one spec rule and the
  progress regex, as a tick reads a log's new bytes;
* ``LC_ALL=C grep -E -n`` with the same patterns, translated at run time from the rulebook
  (``run.to_ere``; tests/test_benchmarks.py checks that each translation matches the same
  lines of the real-error corpus as RE2), its output to a file.

The two sides are interleaved and each takes the median. It also says whether one scan at
the tick's default byte cap sees the fatal last line. The same figures are part of
``python -m benchmarks``.
"""

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.run import Report, logs


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--log-mb", type=int, default=200)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    report = Report("bench_logscan")
    with tempfile.TemporaryDirectory() as tmp:
        logs({"log_mib": args.log_mb, "log_repeats": args.repeats}, Path(tmp), report)  # prints each figure


if __name__ == "__main__":
    main()
