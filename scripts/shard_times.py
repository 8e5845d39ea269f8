#!/usr/bin/env python3
"""Seconds each test file takes, from pytest's ``--durations=0`` reports, for the test shares.

    .venv/bin/python -m pytest -m "not (slurm or cron or torch or browser)" --durations=0 -q > report.txt
    scripts/shard_times.py report.txt [more reports] > tests/shard_times.json

or, to weigh each file as it runs beside the other lanes (what the shares meet in the test command), the
whole command's report: ``PYTEST_ADDOPTS=--durations=0 scripts/test > report.txt`` (the table then
names the other lanes' files too; only the main lane's are used).

``tests/conftest.py`` gives each file its measured seconds when it splits the main lane into
shares (``--shard I/N``); a file missing from the table is weighed by its markers instead.
"""

import json
import re
import sys
from collections import Counter

LINE = re.compile(r"\s*([\d.]+)s (?:call|setup|teardown)\s+(\S+?)::")


def main(paths: list[str]) -> int:
    seconds: Counter[str] = Counter()
    for path in paths or ["-"]:
        with (sys.stdin if path == "-" else open(path, encoding="utf-8")) as stream:
            for line in stream:
                m = LINE.match(line)
                if m:
                    seconds[m.group(2)] += float(m.group(1))
    if not seconds:
        print("shard_times: no --durations=0 lines in the input", file=sys.stderr)
        return 2
    json.dump({k: round(v, 1) for k, v in sorted(seconds.items())}, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
