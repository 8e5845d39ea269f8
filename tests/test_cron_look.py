"""A crontab is never written in the seconds Debian's cron looks at it (start of each minute).

Vixie cron reloads when the spool folder's mtime, in whole seconds, differs from the one it saw
at its last look: a crontab written in the same second, just after the look, would go unseen
until the next change (a run installed then would never tick). The real daemon is exercised by
tests/test_cron_trigger.py; this is the clock arithmetic, with the clock passed in.
"""

import pytest
from conftest import without_lines_marked

from tianluo.triggers import cron


@pytest.mark.parametrize("clock, waited", [
    (1_700_000_040.0, 2.05),   # second 0 of a minute: wait past the look
    (1_700_000_041.5, 0.55),   # second 1.5
    (1_700_000_042.0, 0.0),    # second 2: cron has looked
    (1_700_000_059.9, 0.0),
])
def test_a_write_waits_only_in_the_minutes_first_seconds(clock, waited):
    slept = []
    assert cron.after_cron_looks(now=lambda: clock, sleep=slept.append) == pytest.approx(waited)
    assert slept == ([pytest.approx(waited)] if waited else [])
    assert (clock + waited) % 60 >= cron.CRON_LOOK_S


def test_write_goes_through_the_wait(monkeypatch):
    calls = []
    monkeypatch.setattr(cron, "after_cron_looks", lambda: calls.append("waited"))
    monkeypatch.setattr(cron, "_crontab", lambda: "/bin/true")  # a crontab that takes anything
    cron.write("")
    assert calls == ["waited"]


def test_the_cron_tests_take_back_only_their_own_lines():
    """What the cron tests leave: the crontab as it is now, less the lines they added (naming their
    temporary folder, or the planted user line); a line another program added meanwhile stays."""
    now = ("MAILTO=me\n"
           "* * * * * backup.sh  # someone's, there before\n"
           "*/1 * * * * tianluo tick --run /tmp/tests-base/t0/home/r1  # tianluo:r1\n"
           "17 3 * * * echo mine >/dev/null  # not tianluo's\n"
           "5 * * * * rotate-logs  # added by another program during the tests\n")
    left = without_lines_marked(now, ("/tmp/tests-base", "echo mine >/dev/null  # not tianluo's"))
    assert left == ("MAILTO=me\n* * * * * backup.sh  # someone's, there before\n"
                    "5 * * * * rotate-logs  # added by another program during the tests\n")
    assert without_lines_marked("* * * * * x /tmp/tests-base\n", ("/tmp/tests-base",)) == ""
