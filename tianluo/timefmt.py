"""Times as tianluo writes them: ISO 8601 in UTC with a Z."""

from datetime import UTC, datetime


def utcnow() -> datetime:
    """Now, in UTC: the one place the shell reads the clock for a decision."""
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    """``2026-11-29T15:00:00.123456Z`` for an aware UTC datetime."""
    return moment.isoformat().replace("+00:00", "Z")
