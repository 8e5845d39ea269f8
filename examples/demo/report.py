#!/usr/bin/env python3
"""Collects every entity's eval.json into one report.json: ``report.py OUT EVAL_JSON...``."""

import json
import sys
from pathlib import Path


def main() -> int:
    target = Path(sys.argv[1])
    rows = {}
    for path in sys.argv[2:]:
        rows[Path(path).parent.name] = json.loads(Path(path).read_text())["accuracy"]
    best = max(rows, key=rows.get)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps({"accuracy": rows, "best": best}, indent=2))
    print(f"best: {best} ({rows[best]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
