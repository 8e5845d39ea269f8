"""Which modules a real ``python -m tianluo ...`` process imported (counted, never timed)."""

import json
import subprocess
import sys
from pathlib import Path

from conftest import CLI_TIMEOUT, clean_env

WRAPPER = """\
import json, runpy, sys
out = sys.argv.pop(1)
sys.argv[0] = "tianluo"
code = 0
try:
    runpy.run_module("tianluo", run_name="__main__", alter_sys=True)
except SystemExit as exc:
    code = exc.code
finally:
    with open(out, "w") as f:
        json.dump(sorted(sys.modules), f)
sys.exit(code)
"""

#: Standard modules that each cost a sixth to a fifth of ``python -c pass`` to import, and that a tick or a look
#: at a run does not need: dataclasses (with inspect, ast, dis, tokenize), typing, shutil (with bz2 and lzma, which
#: argparse's help formatter imports for the terminal's width), socket, hashlib's OpenSSL, RE2 (needed only when
#: text has a secret's shape to take out).
SLOW_TO_IMPORT = ("dataclasses", "inspect", "typing", "shutil", "socket", "_hashlib", "re2")


def traced(*args, cwd: Path) -> tuple[subprocess.CompletedProcess, set[str]]:
    """``python -m tianluo ARGS`` as a real process, and the modules it had imported when it exited."""
    wrapper, out = cwd / "traced_tianluo.py", cwd / "modules.json"
    wrapper.write_text(WRAPPER)
    out.unlink(missing_ok=True)
    proc = subprocess.run([sys.executable, str(wrapper), str(out), *map(str, args)], cwd=cwd, env=clean_env(),
                          capture_output=True, text=True, timeout=CLI_TIMEOUT, check=False)
    return proc, set(json.loads(out.read_text()))


def slow(modules: set[str]) -> list[str]:
    """The slow-to-import modules among ``modules``."""
    return sorted(m for m in SLOW_TO_IMPORT if m in modules)
