"""What every trigger shares: the kinds, the bounds of an interval, what an install did, and the one
command a trigger runs. The implementations (cron.py, systemd.py, daemon_trigger.py) import it,
never the package, so the package may pick them by name without an import circle."""

import sys
from dataclasses import dataclass, field
from pathlib import Path

KINDS = ("cron", "systemd", "daemon", "none")
MIN_EVERY, MAX_EVERY = 60.0, 3600.0
USUAL_EVERY = (600.0, 900.0)


@dataclass
class Installed:
    """What an install did, and what the owner still has to run by hand (if anything)."""

    kind: str
    detail: str
    commands: list[str] = field(default_factory=list)


def tick_command(run_dir: Path) -> list[str]:
    """The one command every trigger runs: this interpreter, this tianluo, this run, absolute."""
    return [sys.executable, "-m", "tianluo", "tick", "--quiet", "--run", str(Path(run_dir).resolve())]
