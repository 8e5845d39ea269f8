"""One plain line of text: which characters make a value more (or other) than it reads as.

Kept apart from the spec models (and so from pydantic) because the command line checks every
argument with it before it knows which command will run.
"""

import re

#: Every control character but tab, C1 controls (U+0085 is a newline to many readers), the
#: Unicode line and paragraph separators, and the bidi controls that make a command in plan.md
#: read differently from what runs ("Trojan Source").
_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")
#: The same with tab, in runs: what becomes one space when text from outside is shown as one line.
CONTROL_RUNS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]+")
_CONTROL_NAMES = {"\x00": "a NUL byte", "\n": "a newline", "\r": "a carriage return", "\x1b": "an escape character",
                  "\x85": "a newline (U+0085)", "\u2028": "a line separator (U+2028)",
                  "\u2029": "a paragraph separator (U+2029)"}


def one_line(text: object, cap: int) -> str:
    """``text`` as one plain line of at most ``cap`` characters: every control character (tab, newline,
    escape, bidi) becomes a space, runs of spaces one; an ellipsis marks a cut. Not a string: ''.

    For text from outside (an agent's answer, a note, a log line): only its first ``4 * cap``
    characters are looked at, so a flood costs what a line does.
    """
    if not isinstance(text, str):
        return ""
    flat = " ".join(CONTROL_RUNS.sub(" ", text[: cap * 4]).split())
    return flat if len(flat) <= cap else flat[: cap - 1].rstrip() + "\u2026"


def control_problem(text: str) -> str | None:
    """What is wrong with ``text`` as one line of plain text, or None."""
    m = _CONTROL.search(text)
    if m is None:
        return None
    ch = m.group(0)
    what = _CONTROL_NAMES.get(ch, f"the control character {ch!r}" if ch <= "\x9f"
                              else f"the bidirectional control U+{ord(ch):04X}")
    return f"contains {what} at character {m.start() + 1}"
