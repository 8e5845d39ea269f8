"""From a job's exit to its retry being launched: event ticks against interval ticks.

    .venv/bin/python benchmarks/bench_event_ticks.py [--interval 5] [--repeats 3]

Both sides run the same failing-once stage in the same run of this script. With event
ticks (an unattended run: a trigger is recorded) the runner starts a tick as soon as the job
exits; the baseline ticks on an interval only (here a short one, standing in for cron's
10 minutes, where the wait is on average half the interval). Prints both latencies and the
ratio. Machines here are shared and noisy; read the ratio, not the seconds.
"""

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

SPEC = """\
name: bench
entities:
  a:
    stages:
      flaky:
        run: test -f first.txt || {{ touch first.txt; exit 1; }}; echo ok > done.txt
        done_when: {{exists: done.txt}}
ladder:
  unknown: {{retries: 1, backoff: [0s]}}
"""


def tianluo(*args, cwd) -> str:
    proc = subprocess.run([sys.executable, "-m", "tianluo", *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, timeout=60, check=True)
    return proc.stdout


def when(path: Path, key: str) -> datetime:
    return datetime.fromisoformat(json.loads(path.read_text())[key].replace("Z", "+00:00"))


def one(trigger: str, interval: float) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "tianluo.yaml").write_text(SPEC.format())
        run_dir = Path(tianluo("start", "tianluo.yaml", "--trigger", trigger, "--accept-defaults",
                               cwd=work).strip().splitlines()[-1])
        second = run_dir / "attempts/a/flaky/2/started.json"
        deadline = time.monotonic() + 120
        while not second.exists() and time.monotonic() < deadline:
            if trigger == "none":  # the baseline: a tick on the interval, nothing in between
                time.sleep(interval)
                tianluo("tick", "--quiet", "--run", run_dir, cwd=work)
            else:
                time.sleep(0.05)
        exit_at = when(run_dir / "attempts/a/flaky/1/exit.json", "ended_at")
        return (when(second, "started_at") - exit_at).total_seconds()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--interval", type=float, default=5.0)
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args()
    event = [one("daemon", args.interval) for _ in range(args.repeats)]
    polled = [one("none", args.interval) for _ in range(args.repeats)]
    e, p = statistics.median(event), statistics.median(polled)
    print(f"exit -> retry launched, median of {args.repeats}:")
    print(f"  event ticks:                    {e:6.2f} s   {[round(x, 2) for x in event]}")
    print(f"  interval ticks every {args.interval:g}s (baseline): {p:6.2f} s   {[round(x, 2) for x in polled]}")
    print(f"ratio baseline/event: {p / e:.1f}x faster (with cron's 10 minutes the baseline waits ~5 min on average)")


if __name__ == "__main__":
    main()
