"""tianluo.durations: parse what people write in a spec, format seconds compactly."""

import math
from datetime import UTC

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tianluo.durations import MAX_SECONDS, DurationRangeError, format_duration, parse_duration


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("90s", 90.0),
        ("10m", 600.0),
        ("2h", 7200.0),
        ("1d", 86400.0),
        ("500ms", 0.5),
        ("1h30m", 5400.0),
        ("1d2h3m4s", 93784.0),
        ("1s250ms", 1.25),
        ("1.5h", 5400.0),
        ("0s", 0.0),
        ("0ms", 0.0),
        ("2m1h", 3720.0),  # parts may come in any order; they add up
        (" 1h 30m ", 5400.0),  # spaces are ignored
        ("10m10m", 1200.0),
    ],
)
def test_parse_duration_reads_unit_strings(text, seconds):
    assert parse_duration(text) == pytest.approx(seconds)


@pytest.mark.parametrize(("number", "seconds"),
                         [(0, 0.0), (5, 5.0), (2.5, 2.5), (86400, 86400.0), ("90", 90.0), ("2.5", 2.5)])
def test_parse_duration_takes_plain_numbers_as_seconds(number, seconds):
    result = parse_duration(number)
    assert result == seconds
    assert isinstance(result, float)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "h",
        "1x",
        "1H",  # units are lower case
        "1h30",  # a trailing number without unit
        "m10",
        "-5s",
        "1h-30m",
        ".5s",
        "1e3s",
        "soon",
        "1 hour",
    ],
)
def test_parse_duration_rejects_malformed_strings(text):
    with pytest.raises(ValueError, match="is not a duration; write e.g. 90s, 10m, 2h or 1h30m"):
        parse_duration(text)


@pytest.mark.parametrize("value", [-1, -0.5])
def test_parse_duration_rejects_negative_numbers(value):
    with pytest.raises(ValueError, match="cannot be negative"):
        parse_duration(value)


@pytest.mark.parametrize(("value", "kind"), [(True, "boolean"), (False, "boolean"), (None, "NoneType"),
                                             ([1], "list"), ({"s": 1}, "dict")])
def test_parse_duration_rejects_other_types_naming_them(value, kind):
    with pytest.raises(ValueError, match=kind):
        parse_duration(value)


@pytest.mark.parametrize("value", [math.inf, math.nan])
def test_parse_duration_rejects_non_finite_numbers(value):
    with pytest.raises(ValueError):
        parse_duration(value)


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (0, "0s"),
        (1, "1s"),
        (59, "59s"),
        (60, "1m"),
        (61, "1m1s"),
        (3600, "1h"),
        (5400, "1h30m"),
        (86400, "1d"),
        (172800, "2d"),
        (90061, "1d1h1m1s"),
        (0.5, "500ms"),
        (0.001, "1ms"),
        (1.4, "1s"),  # whole seconds and above are rounded to the second
        (1.6, "2s"),
        (-90, "-1m30s"),
    ],
)
def test_format_duration_renders_compactly(seconds, text):
    assert format_duration(seconds) == text


def test_format_duration_skips_zero_units_in_the_middle():
    assert format_duration(86400 + 5) == "1d5s"


@given(st.integers(min_value=0, max_value=10**9))
def test_parse_of_format_round_trips_whole_seconds(n):
    assert parse_duration(format_duration(n)) == n


@given(st.integers(min_value=1, max_value=999))
def test_parse_of_format_round_trips_whole_milliseconds(ms):
    assert parse_duration(format_duration(ms / 1000)) == pytest.approx(ms / 1000)


@given(st.integers(min_value=0, max_value=10**9))
def test_format_duration_output_has_no_spaces_and_each_unit_once(n):
    text = format_duration(n)
    assert " " not in text
    for unit in "dhm":
        assert text.count(unit) <= 1


# --- bounds: every duration is finite and far below what datetime can take ----------------


@pytest.mark.parametrize("value", [
    10**400,                     # float() of it would raise OverflowError
    1e300,
    "9999999d",                  # now + timedelta of it is past the year 9999
    "9" * 50 + "s",              # float() of the digits is inf
    "1" * 60,
    MAX_SECONDS + 1,
    f"{MAX_SECONDS + 1}",
])
def test_durations_out_of_range_are_a_clear_value_error(value):
    with pytest.raises(DurationRangeError, match="out of range; durations go up to"):
        parse_duration(value)


def test_the_largest_duration_is_accepted_and_fits_datetime():
    from datetime import datetime, timedelta

    assert parse_duration(MAX_SECONDS) == MAX_SECONDS
    assert datetime(2026, 1, 1, tzinfo=UTC) + timedelta(seconds=parse_duration(MAX_SECONDS))


def test_a_long_text_is_not_parsed_at_all():
    with pytest.raises(ValueError, match="is not a duration"):
        parse_duration("1s" * 100)


def test_the_range_error_is_a_value_error():
    assert issubclass(DurationRangeError, ValueError)  # pydantic turns it into a field error


@pytest.mark.parametrize("text", ["1m\n", "\u0661h", "\u0661", "1m\t", "1\u200bm", "1\uff48", "\n90"])
def test_a_duration_is_one_line_of_ascii(text):
    """str.strip() took '1m\\n' as 1m; \\d and float() took Arabic-Indic digits."""
    with pytest.raises(ValueError, match="not a duration"):
        parse_duration(text)
