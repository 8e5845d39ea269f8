"""``python -m benchmarks``: every figure of issue 12 against its baseline (see benchmarks/run.py)."""

import sys

from benchmarks.run import main

sys.exit(main())
