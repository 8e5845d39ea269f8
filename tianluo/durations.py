"""Durations as people write them in a spec: ``90s``, ``10m``, ``2h``, ``1h30m``, ``1d``."""

import math
import re

_UNITS = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}
_PART = re.compile(r"([0-9]+(?:\.[0-9]+)?)(ms|s|m|h|d)")  # ASCII digits only: int("\u0661") is 1
#: No duration anywhere is longer than this (about 31 years): a parse that stays far below
#: what datetime and timedelta can take. Each key has its own, tighter bound (see spec_parts).
MAX_SECONDS = 10**9
MAX_TEXT = 64


class DurationRangeError(ValueError):
    """A well-formed duration beyond ``MAX_SECONDS`` (callers state their own, tighter bound)."""


def parse_duration(text: object) -> float:
    """Return the number of seconds in ``text``.

    Accepts a string of one or more ``<number><unit>`` parts (units ms, s, m, h, d)
    or a plain non-negative number of seconds.

    Raises:
        ValueError: with a message that shows the accepted forms.
    """
    if isinstance(text, bool):
        raise ValueError("expected a duration such as 90s, 10m or 2h, got a boolean")
    if isinstance(text, int):
        if not -MAX_SECONDS <= text <= MAX_SECONDS:  # float() of a 400-digit int would overflow
            raise DurationRangeError(f"{_short(text)} seconds is out of range; durations go up to {MAX_SECONDS}s")
        text = float(text)
    if isinstance(text, float):
        if not math.isfinite(text):
            raise ValueError(f"a duration must be finite, got {text}")
        if text < 0:
            raise ValueError(f"a duration cannot be negative, got {text}")
        return _bounded(text, text)
    if not isinstance(text, str):
        raise ValueError(f"expected a duration such as 90s, 10m or 2h, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ValueError(f"a duration of {len(text)} characters is not a duration; write e.g. 90s, 10m, 2h or 1h30m")
    if not text.isascii() or not text.isprintable():  # '1m\n', '\u0661h': one plain line of ASCII
        raise ValueError(f"{_short(text)} is not a duration; write e.g. 90s, 10m, 2h or 1h30m (one line, ASCII digits)")
    s = text.strip(" ").replace(" ", "")
    if re.fullmatch(r"[0-9]+(?:\.[0-9]+)?", s):
        return _bounded(float(s), text)  # a bare number is seconds, as when written unquoted
    pos, total = 0, 0.0
    for m in _PART.finditer(s):
        if m.start() != pos:
            break
        total += float(m.group(1)) * _UNITS[m.group(2)]
        pos = m.end()
    if not s or pos != len(s):
        raise ValueError(f"{text!r} is not a duration; write e.g. 90s, 10m, 2h or 1h30m")
    return _bounded(total, text)


def _bounded(seconds: float, text: object) -> float:
    if not math.isfinite(seconds) or seconds > MAX_SECONDS:
        raise DurationRangeError(f"{_short(text)} is out of range; durations go up to {MAX_SECONDS}s")
    return seconds


def short(value: object) -> str:
    """``repr(value)``, cut to 40 characters for an error message."""
    return _short(value)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def format_duration(seconds: float) -> str:
    """Render seconds compactly, e.g. ``5400 -> '1h30m'``, ``0.5 -> '500ms'``."""
    if seconds < 0:
        return "-" + format_duration(-seconds)
    if 0 < seconds < 1 and 1 <= round(seconds * 1000) < 1000:
        return f"{round(seconds * 1000)}ms"
    rest = int(round(seconds))
    if rest == 0:
        return "0s"
    out = []
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60), ("s", 1)):
        if rest >= size:
            out.append(f"{rest // size}{unit}")
            rest %= size
    return "".join(out)
