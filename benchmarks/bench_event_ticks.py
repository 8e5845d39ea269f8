"""From a job's exit to its retry being launched: event ticks against interval ticks at a random phase.

    .venv/bin/python benchmarks/bench_event_ticks.py [--interval 5] [--repeats 5]

Both sides run the same failing-once stage, interleaved, in the same run of this script. With
event ticks (an unattended run: a trigger is recorded) the runner starts a tick as soon as the
job exits. The baseline ticks on an interval only (a short one, standing in for cron's 10
minutes), at a random phase: a job exits at any moment of the interval, so the baseline waits
half an interval on average, not a whole one (an earlier version slept a full interval before
its first tick, which overstated the gain). Prints both medians and the ratio; the machines
are shared and noisy, so read the ratio. The same figure is part of ``python -m benchmarks``.
"""

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.run import Report, events


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args()
    report = Report("bench_event_ticks")
    with tempfile.TemporaryDirectory() as tmp:
        events({"event_interval": args.interval, "event_repeats": args.repeats}, Path(tmp), report)
    for f in report.figures:
        print(f"exit -> retry launched, median of {args.repeats}: event ticks {f.value:.2f} s, "
              f"interval ticks every {args.interval:g} s at a random phase {f.baseline:.2f} s; "
              f"ratio event/interval {f.ratio:.2f} (with cron's 10 minutes the baseline waits ~5 min on average)")


if __name__ == "__main__":
    main()
