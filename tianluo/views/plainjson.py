"""Values read loosely from a state.json's plain JSON (a validated one, or one planted): a value of the
wrong type is left out or shown as text, never trusted. Pure; shared by the report's view models."""

from datetime import datetime

MAX_TEXT = 600  # characters of any one string shown


def as_dict(value) -> dict:
    """``value`` if it is a JSON object, else an empty one."""
    return value if isinstance(value, dict) else {}


def as_list(value) -> list:
    """``value`` if it is a JSON array, else an empty one."""
    return value if isinstance(value, list) else []


def s(value, limit: int = MAX_TEXT) -> str:
    """Any value as one bounded string ('' for None)."""
    if value is None:
        return ""
    text = value if isinstance(value, str) else str(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def num(value) -> float | None:
    """A JSON number as a float (never a bool), else None."""
    return float(value) if type(value) in (int, float) else None


def when(value) -> datetime | None:
    """An ISO time with its zone, else None."""
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def seconds_between(start, end) -> float | None:
    a, b = when(start), when(end)
    return (b - a).total_seconds() if a and b else None
