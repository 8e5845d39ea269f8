#!/usr/bin/env python3
"""A fake evaluation: reads a checkpoint folder, writes eval.json with an accuracy."""

import json
import sys
import time
from pathlib import Path


def main() -> int:
    out = Path(sys.argv[1])
    final = json.loads((out / "final.ckpt").read_text())
    time.sleep(0.3)
    accuracy = round(0.9 - abs(final["lr"] - 3e-4) * 50, 4)
    (out / "eval.json").write_text(json.dumps({"accuracy": accuracy, "checkpoint": str(out / "final.ckpt")}))
    print(f"accuracy {accuracy}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
