"""One plain line of text: which characters make a value more (or other) than it reads as.

Kept apart from the spec models (and so from pydantic) because the command line checks every
argument with it before it knows which command will run.
"""

import re

from tianluo.lazily import Compiled


def _lazy(source: str) -> Compiled:
    """``re.compile(source)`` at first use (a class over Unicode ranges costs most of a millisecond)."""
    return Compiled(re.compile, source)


#: Every control character but tab, C1 controls (U+0085 is a newline to many readers), the
#: Unicode line and paragraph separators, and the bidi controls that make a command in plan.md
#: read differently from what runs ("Trojan Source").
_CONTROL = _lazy("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")
#: The same with tab, in runs: what becomes one space when text from outside is shown as one line.
CONTROL_RUNS = _lazy("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]+")
#: Lone surrogates: not Unicode at all (``"\\ud800"`` in JSON); shown as U+FFFD, never written.
_SURROGATES = _lazy("[\ud800-\udfff]")
#: A terminal's escape sequences (colours, cursor moves, window titles), matched whole, not only their ESC: what a
#: coloured log (loguru, rich, ``FORCE_COLOR``) puts inside its words. Bounded, so it cannot backtrack; never
#: across a line's end.
ESCAPES_SOURCE = r"\x1b(?:\[[0-?]{0,32}[ -/]{0,8}[@-~]|\][^\x07\x1b\n]{0,256}(?:\x07|\x1b\\)?|[@-Z\\-_])"
ESCAPES = _lazy(ESCAPES_SOURCE)
#: The same colour codes with their ESC lost, as a notebook's or a terminal's coloured output reads once pasted into
#: an issue (``[0;31mKeyError[0m: 'x'``): removed only from a text that also holds the reset code ``[0m``, so that
#: ``[10m]`` in an ordinary log stays.
ORPHAN_COLOURS_SOURCE = r"\[(?:\d{1,3};){0,8}\d{1,3}m"
ORPHAN_COLOURS = _lazy(ORPHAN_COLOURS_SOURCE)
_CONTROL_NAMES = {"\x00": "a NUL byte", "\n": "a newline", "\r": "a carriage return", "\x1b": "an escape character",
                  "\x85": "a newline (U+0085)", "\u2028": "a line separator (U+2028)",
                  "\u2029": "a paragraph separator (U+2029)"}


def valid(text: str) -> str:
    """``text`` as valid Unicode: every lone surrogate (from ``"\\ud800"`` in JSON, or bytes read with
    ``surrogateescape``) becomes U+FFFD, so the text can be written as UTF-8 and searched."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATES.sub("\ufffd", text)
    return text


def one_line(text: object, cap: int) -> str:
    """``text`` as one plain line of at most ``cap`` characters: every control character (tab, newline,
    escape, bidi) becomes a space, runs of spaces one; an ellipsis marks a cut. Not a string: ''.

    For text from outside (an agent's answer, a note, a log line): only its first ``4 * cap``
    characters are looked at, so a flood costs what a line does.
    """
    if not isinstance(text, str):
        return ""
    flat = " ".join(CONTROL_RUNS.sub(" ", _SURROGATES.sub("\ufffd", text[: cap * 4])).split())
    return flat if len(flat) <= cap else flat[: cap - 1].rstrip() + "\u2026"


def control_problem(text: str) -> str | None:
    """What is wrong with ``text`` as one line of plain text, or None."""
    if text.isascii() and text.isprintable():  # no control character at all (the class above is the rest)
        return None
    m = _CONTROL.search(text)
    if m is None:
        return None
    ch = m.group(0)
    what = _CONTROL_NAMES.get(ch, f"the control character {ch!r}" if ch <= "\x9f"
                              else f"the bidirectional control U+{ord(ch):04X}")
    return f"contains {what} at character {m.start() + 1}"


#: What a terminal or a Markdown viewer would act on rather than show: control characters (escape, BEL,
#: NUL, CR; newline and tab only where ``lines`` keeps them), C1 controls, the Unicode line separators,
#: the bidi marks and overrides, and lone surrogates (text that is not valid Unicode).
_UNPRINTABLE = _lazy("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069"
                     "\ud800-\udfff]")
_UNPRINTABLE_LINE = _lazy("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069"
                          "\ud800-\udfff]")


def _shown(m: re.Match) -> str:
    code = ord(m.group())  # \u for all but C0: what a JSON string in such a file reads back as that character
    return f"\\x{code:02x}" if code < 0x20 else f"\\u{code:04x}"


def printable(text: str, lines: bool = False) -> str:
    """Hostile text made inert for a terminal or a file meant for people: every control character, bidi
    control and lone surrogate shown as its escape (``\\x1b``, ``\\u202e``), never acted on.

    Args:
        lines: Keep newlines and tabs (a file's text); else the result is one line.
    """
    return (_UNPRINTABLE if lines else _UNPRINTABLE_LINE).sub(_shown, text)


def fence(lines: list[str] | tuple[str, ...], info: str = "") -> tuple[str, str]:
    """The opening and closing lines of a Markdown code fence that ``lines`` cannot close: longer than any
    run of backticks in them (at least three)."""
    longest = max((len(run) for line in lines for run in _BACKTICKS.findall(line)), default=0)
    ticks = "`" * max(3, longest + 1)
    return ticks + info, ticks


_BACKTICKS = re.compile("`+")
