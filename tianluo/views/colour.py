"""Colour for a person at a terminal, and none otherwise.

On only when the stream is a terminal (isatty), ``NO_COLOR`` is unset or empty
(https://no-color.org) and ``TERM`` is not ``dumb``: piped into a file, grep or a cron mail,
the text stays plain. Only tianluo's own words are painted (phases, stage statuses), never a
text a log or a planted file supplied.
"""

import os
import re

RESET = "\033[0m"
COLOURS = {
    # phases
    "running": "\033[36m", "complete": "\033[32m", "blocked": "\033[1;31m", "expired": "\033[31m",
    "stopped": "\033[33m", "ending": "\033[33m", "damaged": "\033[1;31m", "untrusted": "\033[1;31m",
    # stage statuses
    "succeeded": "\033[32m", "submitted": "\033[36m", "retry_wait": "\033[33m", "held": "\033[1;33m",
    "consulting": "\033[35m", "skipped": "\033[2m", "pending": "\033[2m",
}


def enabled(stream) -> bool:
    """Whether to paint what goes to ``stream``."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or odd stream: plain
        return False


def painter(on: bool):
    """``paint(word, text=None)``: ``text`` (default ``word``) in ``word``'s colour when ``on``."""
    def paint(word: str, text: str | None = None) -> str:
        text = word if text is None else text
        code = COLOURS.get(word) if on else None
        return f"{code}{text}{RESET}" if code else text
    return paint


def status_text(text: str, doc: dict, on: bool) -> str:
    """``render_status``'s text with the phase (first line) and the STATUS column painted."""
    if not on:
        return text
    paint = painter(True)
    lines = text.split("\n")
    head = f"({doc['name']}): {doc['phase']}"
    if lines and head in lines[0]:
        lines[0] = lines[0].replace(head, f"({doc['name']}): {paint(doc['phase'])}", 1)
    statuses = "|".join(re.escape(w) for w in COLOURS)
    table = False
    for i, line in enumerate(lines):
        if line.startswith("ENTITY ") and " STATUS " in line:
            table = True
            continue
        if table:
            if not line.strip():
                table = False
                continue
            # the STATUS column: after ENTITY and STAGE (names have no spaces), padded to 10
            lines[i] = re.sub(rf"^(\S+\s+\S+\s+)({statuses})(\s)",
                              lambda m: m.group(1) + paint(m.group(2)) + m.group(3), line, count=1)
    return "\n".join(lines)
