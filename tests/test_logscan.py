"""tianluo.shell.logscan: incremental log scanning on real files."""

import os
import random
import re
import tracemalloc
from pathlib import Path

import pytest

from tianluo.faults.linear_re import UnsupportedPattern
from tianluo.plaintext import ESCAPES
from tianluo.shell import logscan
from tianluo.shell.logscan import CHUNK, MAX_LINE, Cursor, LogLine, scan, tail_lines

PATTERNS = {
    "oom": re.compile(r"CUDA out of memory"),
    "refused": re.compile(r"Connection refused"),
    "type": re.compile(r"^TypeError:", re.MULTILINE),
}
PROGRESS = re.compile(r"step (?P<done>\d+)/(?P<total>\d+)")


def write(path, data: bytes | str, mode="wb"):
    with open(path, mode) as f:
        f.write(data.encode() if isinstance(data, str) else data)


def scan_all(path, cursor=Cursor(), patterns=PATTERNS, **kw):
    """Scan until nothing is left; every result in order."""
    results = []
    while True:
        res = scan(path, "log", cursor, patterns, **kw)
        results.append(res)
        cursor = res.cursor
        if not res.more:
            return results


class CountingFile:
    """A file object that counts the bytes read through it."""

    def __init__(self, f, counter):
        self._f, self._counter = f, counter

    def read(self, n=-1):
        data = self._f.read(n)
        self._counter.append(len(data))
        return data

    def __getattr__(self, name):
        return getattr(self._f, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._f.close()


@pytest.fixture
def bytes_read(monkeypatch):
    """The sizes of every read logscan makes."""
    counter: list[int] = []
    monkeypatch.setattr(logscan, "open", lambda *a, **k: CountingFile(open(*a, **k), counter), raising=False)
    return counter


# --- basics -------------------------------------------------------------------------------


def test_a_missing_file_gives_an_empty_result_and_keeps_the_cursor(tmp_path):
    cursor = Cursor(offset=123, inode=42)
    res = scan(tmp_path / "nope", "stderr", cursor, PATTERNS, PROGRESS)
    assert res == logscan.ScanResult(cursor, 0, (), None, None, False, False)


def test_matching_lines_come_with_their_file_offset_and_rules(tmp_path):
    log = tmp_path / "stderr"
    text = ("step 1/10\nConnection refused, retrying\nstep 2/10\nTypeError: bad\n"
            "CUDA out of memory; Connection refused\n")
    write(log, text)
    res = scan(log, "stderr", Cursor(), PATTERNS, PROGRESS)
    assert res.matches == (
        LogLine("stderr", text.index("Connection"), "Connection refused, retrying", ("refused",)),
        LogLine("stderr", text.index("TypeError"), "TypeError: bad", ("type",)),
        LogLine("stderr", text.index("CUDA"), "CUDA out of memory; Connection refused", ("oom", "refused")),
    )
    assert res.cursor == Cursor(len(text), os.stat(log).st_ino)
    assert (res.new_bytes, res.restarted, res.more) == (len(text), False, False)
    assert res.progress == (2.0, 10.0)
    assert res.progress_at == text.index("step 2/10")


def test_an_anchored_pattern_matches_at_every_line_not_only_the_first(tmp_path):
    log = tmp_path / "log"
    write(log, "x\nTypeError: a\n  TypeError: indented, not a traceback line\nTypeError: b\n")
    assert [m.text for m in scan(log, "log", Cursor(), PATTERNS).matches] == ["TypeError: a", "TypeError: b"]


def test_no_patterns_still_reads_progress_and_moves_the_cursor(tmp_path):
    log = tmp_path / "log"
    write(log, "step 3/9\nstep 4/9\n")
    res = scan(log, "log", Cursor(), {}, PROGRESS)
    assert (res.matches, res.progress, res.cursor.offset) == ((), (4.0, 9.0), 18)


def test_progress_without_a_total_and_with_an_unparsable_value(tmp_path):
    log = tmp_path / "log"
    write(log, "it 7\nit 8\n")
    assert scan(log, "log", Cursor(), {}, re.compile(r"it (?P<done>\d+)")).progress == (8.0, None)
    assert scan(log, "log", Cursor(), {}, re.compile(r"it (?P<done>\w+)?x")).progress is None


def test_a_log_read_from_its_start_says_where_its_progress_began(tmp_path):
    """A retry that resumed from step 4 prints 5, 6, ...: its progress began at 4 (first reading less the
    step to the next value), also when the whole attempt ran between two ticks."""
    log = tmp_path / "log"
    write(log, "resuming from step 4\nstep 5/10 loss=1\nstep 5/10 again\nstep 6/10\nstep 7/10\n")
    res = scan(log, "log", Cursor(), {}, PROGRESS)
    assert (res.progress, res.progress_began) == ((7.0, 10.0), 4.0)
    write(log, "step 8/10\n", "ab")
    assert scan(log, "log", res.cursor, {}, PROGRESS).progress_began is None  # not from the start: unknown


def test_the_first_progress_values_of_a_later_scan_when_asked(tmp_path):
    """A first scan that saw one value (step 5) cannot say the step; asked (``first``), the next scan's first
    reading is the second value, whatever came after it. Not asked, or with bytes skipped: nothing."""
    log = tmp_path / "log"
    write(log, "resumed\nstep 5/10\n")
    res = scan(log, "log", Cursor(), {}, PROGRESS)
    assert (res.progress_head, res.progress_began) == ((5.0,), 5.0)
    write(log, "step 6/10\nstep 6/10\nstep 7/10\nstep 8/10\n", "ab")
    later = scan(log, "log", res.cursor, {}, PROGRESS, first=True)
    assert (later.progress, later.progress_head, later.progress_began) == ((8.0, 10.0), (6.0, 7.0), None)
    assert scan(log, "log", res.cursor, {}, PROGRESS).progress_head == ()
    write(log, "x" * 3000 + "\nstep 9/10\n", "ab")
    skipped = scan(log, "log", later.cursor, {}, PROGRESS, first=True, max_bytes=100, newest=True)
    assert skipped.skipped > 0 and skipped.progress_head == ()


def test_where_progress_began_with_one_value_a_tqdm_bar_and_no_progress(tmp_path):
    log = tmp_path / "log"
    write(log, "warming up\nstep 3/10\n")
    assert scan(log, "log", Cursor(), {}, PROGRESS).progress_began == 3.0  # one value: that value
    write(log, "\r 40/100 |####\r 50/100 |#####\r 60/100\n")
    assert scan(log, "log", Cursor(), {}, r"(?P<done>\d+)/(?P<total>\d+)").progress_began == 30.0
    write(log, "no progress here\n")
    assert scan(log, "log", Cursor(), {}, PROGRESS).progress_began is None
    write(log, "x\n" * 10 + "step 0/10\nstep 10/10\n")
    assert scan(log, "log", Cursor(), {}, PROGRESS).progress_began == 0.0  # never below 0 (step 10 > 0)


def test_where_progress_began_past_the_first_chunk_and_with_a_skip(tmp_path):
    log = tmp_path / "log"
    write(log, "noise\n" * (CHUNK // 6 + 10) + "step 100/900\nstep 110/900\n")  # the first match in chunk 2
    assert scan(log, "log", Cursor(), {}, PROGRESS).progress_began == 90.0
    res = scan(log, "log", Cursor(), {}, PROGRESS, max_bytes=1000, newest=True)
    assert res.skipped > 0 and res.progress == (110.0, 900.0) and res.progress_began is None


def test_a_flood_of_one_progress_value_costs_a_bounded_search_for_where_it_began(tmp_path):
    log = tmp_path / "log"
    write(log, "step 1/9\n" * 200_000 + "step 2/9\n")
    res = scan(log, "log", Cursor(), {}, PROGRESS)
    assert res.progress == (2.0, 9.0) and res.progress_began == 1.0  # 64 looks, then the first value


# --- incremental --------------------------------------------------------------------------


def test_the_second_scan_reads_only_what_was_appended(tmp_path, bytes_read):
    log = tmp_path / "log"
    write(log, "noise line\n" * 200_000)  # 2.2 MB
    first = scan(log, "log", Cursor(), PATTERNS)
    assert first.new_bytes == os.path.getsize(log)
    tail = "Connection refused\nstep 5/9\n"
    write(log, tail, "ab")
    bytes_read.clear()
    second = scan(log, "log", first.cursor, PATTERNS, PROGRESS)
    assert second.new_bytes == len(tail)
    assert sum(bytes_read) == len(tail)  # it seeked; nothing before the cursor was read
    assert [m.text for m in second.matches] == ["Connection refused"]
    assert second.matches[0].offset == first.cursor.offset
    assert second.progress == (5.0, 9.0)


def test_a_huge_sparse_log_costs_only_its_new_bytes(tmp_path, bytes_read):
    log = tmp_path / "huge.log"
    with open(log, "wb") as f:
        f.truncate(10 * 1024**3)  # 10 GiB, sparse: a whole-file read would take minutes
    cursor = Cursor(os.path.getsize(log), os.stat(log).st_ino)
    tail = b"\nCUDA out of memory. Tried to allocate 2.00 GiB\n"
    write(log, tail, "ab")
    res = scan(log, "log", cursor, PATTERNS)
    assert res.new_bytes == len(tail) == sum(bytes_read)
    assert [(m.offset, m.text) for m in res.matches] == [(cursor.offset + 1, tail.decode().strip())]


def test_an_incomplete_last_line_waits_for_its_newline(tmp_path):
    log = tmp_path / "log"
    write(log, "ok\nCUDA out of mem")
    first = scan(log, "log", Cursor(), PATTERNS)
    assert (first.cursor.offset, first.matches, first.more) == (3, (), False)
    write(log, "ory\n", "ab")
    second = scan(log, "log", first.cursor, PATTERNS)
    assert [(m.offset, m.text) for m in second.matches] == [(3, "CUDA out of memory")]
    assert second.cursor.offset == os.path.getsize(log)


def test_the_last_line_of_an_ended_attempt_is_read_without_its_newline(tmp_path):
    log = tmp_path / "log"
    write(log, "step 1/9\nTypeError: bad operand")  # the process died before its newline
    before = scan(log, "log", Cursor(), PATTERNS)
    assert (before.cursor.offset, before.matches) == (9, ())
    ended = scan(log, "log", before.cursor, PATTERNS, final=True)
    assert [(m.offset, m.text, m.rules) for m in ended.matches] == [(9, "TypeError: bad operand", ("type",))]
    assert ended.cursor.offset == os.path.getsize(log)
    assert scan(log, "log", ended.cursor, PATTERNS, final=True).matches == ()  # read once
    whole = scan(log, "log", Cursor(), PATTERNS, PROGRESS, final=True)
    assert ([m.text for m in whole.matches], whole.progress) == (["TypeError: bad operand"], (1.0, 9.0))


def test_carriage_returns_end_lines_so_a_tqdm_bar_reports_progress(tmp_path):
    log = tmp_path / "log"
    write(log, "\rstep 1/100 |#   |\rstep 2/100 |##  |\rstep 3/1")  # the bar is still being drawn
    res = scan(log, "log", Cursor(), {}, PROGRESS)
    assert res.progress == (2.0, 100.0)
    assert res.progress_at == len("\rstep 1/100 |#   |\r")


def test_crlf_lines_have_no_carriage_return_in_their_text(tmp_path):
    log = tmp_path / "log"
    write(log, "a\r\nConnection refused\r\n")
    assert [(m.offset, m.text) for m in scan(log, "log", Cursor(), PATTERNS).matches] == [(3, "Connection refused")]


def test_a_coloured_log_is_read_as_its_words_at_the_offsets_of_its_lines(tmp_path):
    """loguru, rich and FORCE_COLOR put terminal escapes inside the words: a rule reads the line without them,
    and the line keeps its own offset in the file (the escapes before it counted in bytes)."""
    log = tmp_path / "log"
    lines = ["\x1b[32m2026-12-02 21:57:54.300\x1b[0m | \x1b[31m\x1b[1mERROR   \x1b[0m | training failed\n",
             "\x1b]0;train: step \x1b[1m7\x1b[0m/10\x07step \x1b[1m7\x1b[0m/10\n",
             "\x1b[31m\x1b[1mTypeError\x1b[0m:\x1b[1m bad\x1b[0m\n",
             "\x1b[1;91mtorch.OutOfMemoryError: \x1b[0mCUDA\x1b[1m out of memory\x1b[0m\n"]
    write(log, "".join(lines))
    res = scan(log, "log", Cursor(), PATTERNS, PROGRESS)
    starts = [sum(len(x.encode()) for x in lines[:i]) for i in range(len(lines))]
    assert [(m.offset, m.text, m.rules) for m in res.matches] == [
        (starts[2], "TypeError: bad", ("type",)),
        (starts[3], "torch.OutOfMemoryError: CUDA out of memory", ("oom",))]
    assert res.progress == (7.0, 10.0) and res.progress_at == starts[1]
    assert res.cursor.offset == os.path.getsize(log)


def test_escapes_that_never_end_cost_what_their_bytes_cost_and_hide_nothing(tmp_path):
    """A hostile log of escape openers with no end (``\\x1b[`` and a long run of parameters), a lone ESC
    before every byte, and an escape longer than a terminal's: read through, no line lost, each offset right."""
    log = tmp_path / "log"
    floods = [b"\x1b[" + b"1;" * 3_000_000 + b"\n", b"\x1bT" * 1_000_000 + b"\n", b"\x1b[" * 2_000_000 + b"\n",
              b"\x1b]" + b"x" * 5_000_000 + b"\n"]
    data, expected = b"", []
    for flood in floods:
        data += flood
        expected.append(len(data))
        data += b"\x1b[1mConnection refused\x1b[0m\n"
    write(log, data)
    got = [m for r in scan_all(log) for m in r.matches]
    assert [(m.offset, m.text) for m in got] == [(at, "Connection refused") for at in expected]


def test_a_collected_log_is_read_without_its_stamps_at_the_offsets_of_its_lines(tmp_path):
    """kubectl logs --timestamps, a CRI log file and journald put a stamp before each line: rules anchored at the
    line's start read the program's words, and each line keeps its offset in the file."""
    for stamp in ("2024-05-01T11:02:19.123456789Z ", "2024-05-01T11:02:19.123Z stderr F ",
                  "Dec 02 21:00:00 gpu01 python[1234]: "):
        log = tmp_path / "log"
        lines = [stamp + x + "\n" for x in ("step 3/10", "TypeError: bad", "CUDA out of memory", "step 4/10")]
        write(log, "".join(lines))
        res = scan(log, "log", Cursor(), PATTERNS, PROGRESS)
        starts = [sum(len(x.encode()) for x in lines[:i]) for i in range(len(lines))]
        assert [(m.offset, m.text) for m in res.matches] == [(starts[1], "TypeError: bad"),
                                                            (starts[2], "CUDA out of memory")], stamp
        assert (res.progress, res.progress_at) == ((4.0, 10.0), starts[3])
        tailed = logscan.tail(log)
        assert tailed.splitlines() == ["step 3/10", "TypeError: bad", "CUDA out of memory", "step 4/10"]


def test_a_stamp_takes_one_space_and_leaves_a_tracebacks_indentation(tmp_path):
    """``docker logs -t`` and ``kubectl logs --timestamps`` put one space after the time: the spaces after it are the
    program's own (a traceback's frames and their source lines), which the structure reader needs."""
    body = ['Traceback (most recent call last):', '  File "/srv/proj/train.py", line 9, in main',
            '    subpath, nsample = line.split("\\t")', 'ValueError: not enough values to unpack (expected 2, got 1)']
    for stamp in ("2024-05-01T11:02:19.123456789Z ", "2024-05-01T11:02:19.123Z stderr F ", "2021-07-26T14:09:27Z\t"):
        log = tmp_path / "log"
        write(log, "".join(stamp + x + "\n" for x in body))
        assert logscan.tail(log).splitlines() == body, stamp



def test_a_gitlab_or_cri_tag_is_read_before_journalds_host_and_process(tmp_path):
    """A GitLab runner's ``01E`` (or a CRI file's ``stderr F``) after the time, then a line that starts like a process
    and its id (``make[1]: ``): the tag is the collector's, and the line keeps its own start, which journald's form
    (host ``01E``, process ``make[1]``) once took with it."""
    body = ["make[1]: *** No rule to make target 'src/io.c', needed by 'all'.  Stop.", "worker[7]: done"]
    for stamp in ("2024-05-01T10:00:00.123456Z 01E ", "2024-05-01T10:00:00.123456Z 00O+",
                  "2024-05-01T10:00:00Z stderr F "):
        log = tmp_path / "log"
        write(log, "".join(stamp + x + "\n" for x in body))
        assert logscan.tail(log).splitlines() == body, stamp
    write(log, "2024-05-01T10:00:00Z gpu01 python[1234]: step 3/10\n")  # journald's own form still loses its host
    assert logscan.tail(log).splitlines() == ["step 3/10"]

def test_stamped_lines_after_plain_ones_are_read_without_their_stamps(tmp_path):
    """A wrapper's own lines first, then a pod's log it tails with --timestamps: which came first does not decide
    how the rest is read (the stamped lines lose their stamps, the plain ones stay as they are)."""
    stamp = "2024-03-25T13:57:22.568333613Z "
    lines = ["launching pod train-0\n", stamp + "step 3/10\n", stamp + "TypeError: bad\n", "CUDA out of memory\n"]
    log = tmp_path / "log"
    write(log, "".join(lines))
    res = scan(log, "log", Cursor(), PATTERNS, PROGRESS)
    starts = [sum(len(x.encode()) for x in lines[:i]) for i in range(len(lines))]
    assert [(m.offset, m.text) for m in res.matches] == [(starts[2], "TypeError: bad"),
                                                        (starts[3], "CUDA out of memory")]
    assert logscan.tail(log).splitlines() == ["launching pod train-0", "step 3/10", "TypeError: bad",
                                              "CUDA out of memory"]


def test_a_progress_regex_that_names_the_stamps_still_reads_them(tmp_path):
    """The spec's progress regex was written against the file as its owner saw it, stamps and all."""
    log = tmp_path / "log"
    write(log, "".join(f"2024-05-01T11:02:{i:02d}Z step {i}/10\n" for i in range(1, 5)))
    res = scan(log, "log", Cursor(), PATTERNS, r"^\d{4}-\d\d-\d\dT\S+ step (?P<done>\d+)/(?P<total>\d+)")
    assert res.progress == (4.0, 10.0)


def test_the_tail_a_failure_is_read_from_has_no_escapes(tmp_path):
    log = tmp_path / "log"
    write(log, "\x1b[33m\x1b[1mTraceback (most recent call last):\x1b[0m\n"
               "\x1b[31m\x1b[1mKeyError\x1b[0m:\x1b[1m 'x'\x1b[0m\n")
    assert logscan.tail(log) == "Traceback (most recent call last):\nKeyError: 'x'\n"


def test_colour_codes_a_paste_lost_their_escape_from_are_read_around_only_beside_a_reset(tmp_path):
    """A notebook's coloured traceback pasted into an issue keeps ``[0;31m`` without its ESC: the tail and the scan
    read the words; a log with no reset code keeps its brackets (``[10m]`` is ten minutes there)."""
    log = tmp_path / "log"
    write(log, "[0;31mTypeError[0m: bad\n")
    assert logscan.tail(log) == "TypeError: bad\n"
    res = scan(log, "log", Cursor(), PATTERNS, final=True)
    assert [m.rules for m in res.matches] == [("type",)], res.matches
    write(log, "timeout [10m] reached\n")
    assert logscan.tail(log) == "timeout [10m] reached\n"


@pytest.mark.parametrize("how", ["truncate", "rotate"])
def test_a_truncated_or_rotated_log_is_scanned_from_the_start(tmp_path, how):
    log = tmp_path / "log"
    write(log, "old line that is long enough\n" * 10)
    first = scan(log, "log", Cursor(), PATTERNS)
    if how == "truncate":
        write(log, "Connection refused\n")
    else:
        os.rename(log, tmp_path / "log.1")
        write(log, "Connection refused\n" + "x" * 400 + "\n")  # bigger than before: only the inode tells
        assert os.path.getsize(log) > first.cursor.offset
    res = scan(log, "log", first.cursor, PATTERNS)
    assert res.restarted
    assert [(m.offset, m.text) for m in res.matches] == [(0, "Connection refused")]
    assert res.cursor == Cursor(os.path.getsize(log), os.stat(log).st_ino)


def test_an_unknown_inode_is_not_taken_for_a_rotation(tmp_path):
    log = tmp_path / "log"
    write(log, "a\nConnection refused\n")
    res = scan(log, "log", Cursor(offset=2), PATTERNS)
    assert not res.restarted and res.new_bytes == 19


# --- bounds -------------------------------------------------------------------------------


def test_a_fatal_line_far_above_the_tail_is_found_across_calls(tmp_path):
    log = tmp_path / "log"
    noise = "".join(f"step {i}/100000 loss=2.{i % 97:02d} lr=3e-4\n" for i in range(100_000))
    fatal = "TypeError: unsupported operand type(s) for *: 'NoneType' and 'float'\n"
    write(log, "starting\n" + fatal + noise)
    results = scan_all(log, max_bytes=256 * 1024, progress=PROGRESS)
    assert len(results) > 5 and all(r.more for r in results[:-1])
    found = [m for r in results for m in r.matches]
    assert [(m.offset, m.text) for m in found] == [(len("starting\n"), fatal.strip())]
    assert sum(r.new_bytes for r in results) == os.path.getsize(log)
    assert results[-1].progress == (99_999.0, 100_000.0)


def test_max_bytes_smaller_than_a_line_still_moves_on(tmp_path):
    log = tmp_path / "log"
    write(log, "Connection refused " + "x" * 500 + "\nnext\n")
    res = scan(log, "log", Cursor(), PATTERNS, max_bytes=10)
    assert res.cursor.offset == 520 and res.more and len(res.matches) == 1
    assert scan(log, "log", res.cursor, PATTERNS, max_bytes=10).cursor.offset == 525


def test_max_matches_caps_the_lines_and_one_rule_cannot_hide_the_others(tmp_path):
    log = tmp_path / "log"
    write(log, "Connection refused, retrying\n" * 1000 + "CUDA out of memory\n" + "TypeError: x\n" * 1000)
    res = scan(log, "log", Cursor(), PATTERNS, max_matches=10)
    assert len(res.matches) == 5  # each rule fills at most a fifth: 2 + 1 + 2
    assert [m.rules for m in res.matches] == [("refused",)] * 2 + [("oom",)] + [("type",)] * 2
    assert res.cursor.offset == os.path.getsize(log)  # the cap stops collecting, not reading


def test_a_ten_megabyte_line_without_newline_is_consumed_in_pieces(tmp_path):
    log = tmp_path / "log"
    size = 10 * 1024 * 1024 + 1000
    data = bytearray(b"A" * size)
    hit = 5 * 1024 * 1024 + 123
    data[hit:hit + 18] = b"CUDA out of memory"
    write(log, bytes(data))
    res = scan(log, "log", Cursor(), PATTERNS)
    assert res.cursor.offset == size - 1000  # whole pieces; the last 1000 bytes wait for more
    [m] = res.matches
    assert m.offset == hit // MAX_LINE * MAX_LINE and len(m.text) == MAX_LINE
    assert "CUDA out of memory" in m.text


def test_memory_stays_bounded_on_a_huge_line_of_bad_bytes(tmp_path):
    log = tmp_path / "log"
    with open(log, "wb") as f:
        for _ in range(40):
            f.write(bytes(range(128, 256)) * 8192)  # 40 MiB of invalid UTF-8, no newline
        f.write(b"\nCUDA out of memory\n")
    tracemalloc.start()
    try:
        res = scan(log, "log", Cursor(), PATTERNS)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 12 * CHUNK
    assert res.cursor.offset == os.path.getsize(log)
    assert [m.text for m in res.matches] == ["CUDA out of memory"]


def test_bad_bytes_are_replaced_and_offsets_stay_in_bytes(tmp_path):
    log = tmp_path / "log"
    first = b"\xff\xfe\x80 junk \xe2\x82\n"  # invalid and truncated sequences
    second = "é ünïcode Connection refused \x00\n".encode()
    third = b"\xc3CUDA out of memory\n"
    write(log, first + second + third)
    res = scan(log, "log", Cursor(), PATTERNS)
    assert [m.offset for m in res.matches] == [len(first), len(first) + len(second)]
    assert res.matches[0].text == "é ünïcode Connection refused \x00"
    assert res.matches[1].text == "\ufffdCUDA out of memory"


# --- patterns -----------------------------------------------------------------------------


def test_patterns_with_inline_flags_or_clashing_groups_work(tmp_path):
    log = tmp_path / "log"
    write(log, "disk says eio\nabcabc\nfoo=1\n")
    patterns = {
        "spec-0": re.compile(r"(?i)EIO"),
        "rep": re.compile(r"(abc){2}"),
        "g1": re.compile(r"(?P<k>foo)="),
        "g2": re.compile(r"(?P<k>bar)="),
    }
    res = scan(log, "log", Cursor(), patterns)
    assert [(m.text, m.rules) for m in res.matches] == [
        ("disk says eio", ("spec-0",)), ("abcabc", ("rep",)), ("foo=1", ("g1",))]


@pytest.mark.parametrize("pattern", [r"(abc)\1", r"(?<=rank )7", r"(?=x)y", r"a++", r"(?>a)", r"a{1001}"])
def test_a_pattern_that_needs_backtracking_is_refused_not_run(tmp_path, pattern):
    log = tmp_path / "log"
    write(log, "abcabc\n")
    with pytest.raises(UnsupportedPattern, match="linear-time engine"):
        scan(log, "log", Cursor(), {"x": pattern})
    with pytest.raises(UnsupportedPattern, match="linear-time engine"):
        scan(log, "log", Cursor(), {}, pattern)


def test_a_pattern_that_could_span_lines_reports_only_lines_it_matches_alone(tmp_path):
    log = tmp_path / "log"
    write(log, "error\n  code 7\nerror code 9\n")
    res = scan(log, "log", Cursor(), {"ec": re.compile(r"error\s+code \d")})
    assert [m.text for m in res.matches] == ["error code 9"]


# --- tail_lines ---------------------------------------------------------------------------


def test_tail_lines(tmp_path):
    log = tmp_path / "log"
    assert tail_lines(log) == []
    write(log, "".join(f"line {i}\n" for i in range(100)))
    assert tail_lines(log, 3) == ["line 97", "line 98", "line 99"]
    assert tail_lines(log, 0) == []
    assert tail_lines(log, 1000) == [f"line {i}" for i in range(100)]


def test_tail_lines_reads_only_the_window_and_drops_its_cut_first_line(tmp_path, bytes_read):
    log = tmp_path / "log"
    write(log, b"\x00\xff" * 1_000_000 + b"\nlast one\xff\n")
    assert tail_lines(log, 5, max_bytes=64) == ["last one\ufffd"]
    assert sum(bytes_read) == 64


def test_an_anchored_progress_regex_matches_at_each_line(tmp_path):
    log = tmp_path / "log"
    write(log, "step 1/4\nstep 2/4\nnote step 9/4\n")
    res = scan(log, "log", Cursor(), {}, re.compile(r"^step (?P<done>\d+)/(?P<total>\d+)$"))
    assert (res.progress, res.progress_at) == ((2.0, 4.0), 9)


# --- the fast search finds exactly what a line-by-line search finds ------------------------

SHAPES = {
    "literal": re.compile(r"CUDA out of memory"),
    "anchored": re.compile(r"^(?:\[rank\d+\]: )?(?:\w+\.)*(?:TypeError|KeyError)(?::|$)"),
    "alternation": re.compile(r"Connection (?:reset|refused)|Broken pipe"),
    "global_i": re.compile(r"(?i)nccl\s+warn"),
    "scoped_i": re.compile(r"(?i:timed out)|DistStoreError"),
    "no_literal": re.compile(r"\b\d{3} ms\b"),
    "short_literal": re.compile(r"E\d+"),
    "end": re.compile(r"done$"),
    "rank": re.compile(r"rank 7\b"),
    "triple": re.compile(r"(\w{3})-\w{3}"),
    "repeat": re.compile(r"(?:ab){2,}c"),
    "group_a": re.compile(r"(?P<x>oom)-kill"),
    "group_b": re.compile(r"(?P<x>OOM) killer"),
    "blank": re.compile(r"^\s*$"),  # matches the empty string: must not invent a line at a chunk's end
}
FRAGMENTS = [
    "CUDA out of memory", "CUDA out of mem", "TypeError: x", "[rank3]: KeyError: 'lr'", "torch.TypeError",
    "  TypeError: indented", "TypeErrors", "Connection reset", "Connection refused", "Broken pipe",
    "NCCL WARN", "nccl   warn", "Timed out", "TIMED OUT", "DistStoreError", "took 250 ms", "1250 ms",
    "E42", "E", "done", "done.", "rank 7", "rank 77", "rank 7é", "abc-abc", "abc-abd", "ababc", "abc", "oom-kill",
    "OOM killer", "step 3/9", "loss=2.31", "é", "\ufffd", "\t", " ", ":",
    # A coloured log's escapes, inside words and before an anchored exception line, and broken ones.
    "\x1b[31mTypeError\x1b[0m: x", "\x1b[1;31mCUDA\x1b[0m out of memory", "Connection \x1b[1mrefused\x1b[0m",
    "\x1b]0;title\x07done", "\x1b[", "\x1b", "\x1b[38;5;196m", "\x1b(B", "step \x1b[32m4\x1b[0m/9",
]
#: A terminal's escapes as the reference reads them (the same as tianluo's, unbounded: the fragments are short).
REFERENCE_ESCAPES = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b\n]*(?:\x07|\x1b\\)?|[@-Z\\-_])")


def reference(text: str, patterns) -> list[tuple[int, str, tuple[str, ...]]]:
    """What a slow line-by-line scan finds: (offset, text, rules) of each matching line."""
    out, offset = [], 0
    for line in re.split(r"(?<=[\r\n])", text):
        body = REFERENCE_ESCAPES.sub("", line.rstrip("\r\n"))
        rules = tuple(n for n, p in patterns.items()
                      if re.compile(p.pattern, (p.flags & ~re.UNICODE) | re.ASCII).search(body))
        if rules and line.endswith(("\n", "\r")):
            out.append((offset, body, rules))
        offset += len(line.encode())
    return out


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("combined", [True, False])
def test_the_fast_search_agrees_with_a_line_by_line_search(tmp_path, seed, combined, monkeypatch):
    if not combined:  # as when the alternation of all rules is too big for RE2's memory budget
        monkeypatch.setattr(logscan, "compile_any", lambda sources: None)
        logscan._finders.cache_clear()
    patterns = SHAPES
    rng = random.Random(seed)
    lines = [" ".join(rng.choice(FRAGMENTS) for _ in range(rng.randint(0, 5))) for _ in range(3000)]
    text = "".join(line + rng.choice(["\n", "\n", "\n", "\r\n", "\r"]) for line in lines)
    log = tmp_path / "log"
    write(log, text)
    expected = reference(text, patterns)
    assert expected  # the fragments do match
    got = [(m.offset, m.text, m.rules) for m in scan(log, "log", Cursor(), patterns, max_matches=10**6).matches]
    assert got == expected
    # ... and in small steps, across many calls
    pieces = [m for r in scan_all(log, patterns=patterns, max_bytes=4096, max_matches=10**6) for m in r.matches]
    assert [(m.offset, m.text, m.rules) for m in pieces] == expected


# --- files that are not plain logs --------------------------------------------------------


def _refused(res, fragment):
    assert (res.matches, res.new_bytes, res.progress, res.more) == ((), 0, None, False)
    assert res.refused is not None and fragment in res.refused, res.refused


def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path):
    fifo = tmp_path / "stdout"
    os.mkfifo(fifo)  # no writer: a plain open() for reading would block forever
    cursor = Cursor(10, 7)
    res = scan(fifo, "stdout", cursor, PATTERNS, PROGRESS)
    _refused(res, "is a FIFO, not a regular file")
    assert res.cursor == cursor
    assert tail_lines(fifo) == []
    assert logscan.refusal(fifo) == res.refused


def test_a_symbolic_link_is_not_followed_for_the_attempt_streams(tmp_path):
    secret = tmp_path / "secret"
    write(secret, "TypeError: token=hunter2\n")
    link = tmp_path / "stderr"
    link.symlink_to(secret)
    _refused(scan(link, "stderr", Cursor(), PATTERNS), "is a symbolic link")
    assert tail_lines(link) == []


def test_the_users_extra_logs_may_be_links_to_regular_files_only(tmp_path):
    real = tmp_path / "rank0.log"
    write(real, "TypeError: x\n")
    link = tmp_path / "latest.log"
    link.symlink_to(real)
    assert [m.text for m in scan(link, "latest.log", Cursor(), PATTERNS, follow_links=True).matches] == ["TypeError: x"]
    dev = tmp_path / "zero.log"
    dev.symlink_to("/dev/zero")  # would never end, and fill memory
    _refused(scan(dev, "zero.log", Cursor(), PATTERNS, follow_links=True), "is a character device")
    assert tail_lines(dev, follow_links=True) == []


def test_directories_devices_and_sockets_are_refused(tmp_path):
    import socket

    folder = tmp_path / "logdir"
    folder.mkdir()
    _refused(scan(folder, "stdout", Cursor(), PATTERNS), "is a directory")
    _refused(scan(Path("/dev/zero"), "stdout", Cursor(), PATTERNS), "is a character device")
    sock_path = tmp_path / "s"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(sock_path))
        _refused(scan(sock_path, "stdout", Cursor(), PATTERNS), "is a socket")


def test_a_missing_file_is_not_a_refusal(tmp_path):
    assert scan(tmp_path / "nope", "stdout", Cursor(), PATTERNS).refused is None


def test_one_scan_reads_at_most_max_scan_bytes_and_leaves_the_rest_for_the_next_tick(tmp_path):
    log = tmp_path / "huge"
    with open(log, "wb") as f:
        f.truncate(logscan.MAX_SCAN_BYTES + 8 * CHUNK)  # sparse: no disk used
    res = scan(log, "log", Cursor(), PATTERNS)  # the default cap, as a tick calls it
    assert logscan.MAX_SCAN_BYTES <= res.new_bytes <= logscan.MAX_SCAN_BYTES + MAX_LINE
    assert res.more
    rest = scan(log, "log", res.cursor, PATTERNS)
    assert res.new_bytes + rest.new_bytes == logscan.MAX_SCAN_BYTES + 8 * CHUNK and not rest.more


def test_a_progress_value_of_inf_or_nan_is_not_a_reading(tmp_path):
    log = tmp_path / "log"
    write(log, "step 3/9\nstep inf/9\nstep nan/9\n")
    assert scan(log, "log", Cursor(), {}, r"step (?P<done>\w+)/(?P<total>\d+)").progress is None
    write(log, "step 3/9\n")
    assert scan(log, "log", Cursor(), {}, r"step (?P<done>\w+)/(?P<total>\d+)").progress == (3.0, 9.0)


def test_past_its_deadline_a_scan_keeps_what_it_read_and_the_next_one_goes_on(tmp_path):
    import time

    log = tmp_path / "log"
    write(log, ("noise\n" * (CHUNK // 6) + "TypeError: late\n") * 3)  # over three chunks
    first = scan(log, "log", Cursor(), PATTERNS, deadline=time.monotonic())  # already past
    assert first.more and 0 < first.new_bytes <= CHUNK + MAX_LINE
    assert first.new_bytes < os.path.getsize(log)
    results = [first] + scan_all(log, first.cursor)
    assert sum(r.new_bytes for r in results) == os.path.getsize(log)
    assert [m.text for r in results for m in r.matches] == ["TypeError: late"] * 3


def test_the_users_rules_are_searched_apart_from_the_built_in_ones(tmp_path):
    # A user's pattern that drives RE2's DFA out of memory on a hostile log falls back to the
    # slower NFA for its own alternation only; the built-in rules keep their fast one.
    patterns = {"type": PATTERNS["type"], "spec-0": r"(?:a|b)*a(?:a|b){20}c", "spec-1": "boom"}
    for rules, finders in ((patterns, 2), (PATTERNS, 1)):
        state = logscan._Scan("log", rules, None, 50)
        # a region the prefilter left one built-in rule possible in: that rule alone; the user's as one alternation
        assert len(state._region_finders(frozenset({"type"}), 100)) == finders
    log = tmp_path / "log"
    write(log, "TypeError: x\nboom\n" + "a" * 21 + "c\n")
    assert [m.rules for m in scan(log, "log", Cursor(), patterns).matches] == [("type",), ("spec-1",), ("spec-0",)]


def test_a_long_line_full_of_progress_matches_costs_no_python_step_per_match(tmp_path):
    import time

    log = tmp_path / "log"
    write(log, ("1 " * 1_000_000 + "\n") * 3 + "x" * 10 + "\n")  # 6 MB, 3 million matches
    plain = tmp_path / "plain"
    write(plain, ("a " * 1_000_000 + "\n") * 3 + "x" * 10 + "\n")  # the same bytes, nothing to match

    def fastest(path):  # a loaded machine only adds time: the fastest of two is the cost
        best, res = float("inf"), None
        for _ in range(2):
            t0 = time.monotonic()
            res = scan(path, "log", Cursor(), {}, r"(?P<done>\d+)")
            best = min(best, time.monotonic() - t0)
        return best, res

    elapsed, res = fastest(log)
    baseline, _ = fastest(plain)
    assert res.progress == (1.0, None)
    # side by side: about the plain scan here; walking every match in Python took seconds (100x and more)
    assert elapsed < 10 * baseline + 0.2, (elapsed, baseline)


def test_no_folder_below_a_run_folder_is_followed_through_a_link(tmp_path):
    from tianluo.shell import fsio

    run = tmp_path / "run"
    (run / "attempts").mkdir(parents=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    write(elsewhere / "stdout", "TypeError: secret\n")
    (run / "attempts" / "a").symlink_to(elsewhere)  # planted: attempts/a -> elsewhere
    fsio.guard(run)
    res = scan(run / "attempts" / "a" / "stdout", "stdout", Cursor(), PATTERNS)
    _refused(res, "is a symbolic link")
    assert tail_lines(run / "attempts" / "a" / "stdout") == []
    (run / "attempts" / "a").unlink()
    (run / "attempts" / "a").mkdir()
    write(run / "attempts" / "a" / "stdout", "TypeError: mine\n")
    assert [m.text for m in scan(run / "attempts" / "a" / "stdout", "stdout", Cursor(), PATTERNS).matches] == [
        "TypeError: mine"]


@pytest.mark.parametrize("path", ["/proc/self/mem", "/proc/kmsg", "/proc/self/status"])
def test_a_kernel_file_as_a_log_is_refused_not_read(path, tmp_path):
    """/proc files are "regular" but /proc/self/mem fails with EIO (an internal error in the
    tick) and /proc/kmsg blocks a root tick forever; neither is read, through a link either."""
    _refused(scan(Path(path), "rank0.log", Cursor(), PATTERNS, follow_links=True), "kernel file")
    link = tmp_path / "rank1.log"
    link.symlink_to(path)
    _refused(scan(link, "rank1.log", Cursor(), PATTERNS, follow_links=True), "kernel file")
    assert tail_lines(Path(path), follow_links=True) == []


def test_five_flooding_rules_cannot_hide_the_one_line_of_a_sixth(tmp_path):
    """Lines are capped per scan (and per rule), but every rule that matched keeps a line:
    which rules matched is what decides a fault."""
    patterns = {f"flood{i}": f"flood-{i} " for i in range(5)}
    patterns["cause"] = r"CUDA out of memory"
    log = tmp_path / "stderr"
    flood = "".join(f"flood-{i} warning {n}\n" for n in range(40) for i in range(5))
    log.write_text(flood + "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n" + flood)
    result = scan(log, "stderr", Cursor(), patterns)
    by_rule = {}
    for line in result.matches:
        for rule in line.rules:
            by_rule[rule] = by_rule.get(rule, 0) + 1
    assert by_rule["cause"] == 1
    assert all(by_rule[f"flood{i}"] == 10 for i in range(5))  # each flood keeps only its share
    assert len(result.matches) == 51


def test_the_whole_rulebook_is_searched_at_the_speed_of_one_rule(tmp_path):
    """RE2 searches the rulebook's alternation with a DFA while its cache fits ``COMBINED_MAX_MEM``; past it, RE2
    falls back to its NFA, several hundred times slower on a trainer's log (92 rules outgrew 16 MiB). A ratio in
    the same run, not a time: normal is about 3x one rule's scan on an idle machine, the fallback was 940x."""
    import time

    from benchmarks.bench_logscan import realistic_log
    from tianluo.faults.rulebook import BUILTIN_RULES, compile_patterns

    log = tmp_path / "log"
    realistic_log(log, 8)
    everything = compile_patterns(BUILTIN_RULES)
    one = {"cuda_oom": everything["cuda_oom"]}

    # (8 MiB, the two sides interleaved and each the best of seven: on a loaded 2-core machine three runs of a 2 MiB
    # log, 7 ms for one rule, once measured 17x for a scan that is about 3x on an idle one, in the clean-clone run at
    # 901c372)
    best = {"all": float("inf"), "one": float("inf")}
    for _ in range(7):
        for side, patterns in (("all", everything), ("one", one)):
            start = time.perf_counter()
            scan(log, "log", Cursor(), patterns, max_bytes=1 << 30)
            best[side] = min(best[side], time.perf_counter() - start)

    ratio = best["all"] / best["one"]
    assert ratio < 10, f"the rulebook's scan is {ratio:.0f}x one rule's: its DFA no longer fits COMBINED_MAX_MEM"


def _corpus_bodies(every: int) -> list[bytes]:
    """Every ``every``-th corpus excerpt's bytes: real error output, as varied as logs get."""
    from test_corpus import load

    return [ex.body for ex in load()[::every]]


def test_the_prefilter_finds_the_lines_the_whole_alternation_finds(tmp_path, monkeypatch):
    """RE2's prefilter lets through a superset of the rules that can match a region (from the literals each needs),
    so a scan finds the lines, and the rules of each, that the whole rulebook as one alternation finds. Checked on
    real error output: every thirty-second corpus excerpt (about 300), each scanned both ways."""
    from tianluo.faults.rulebook import BUILTIN_RULES, compile_patterns

    everything = compile_patterns(BUILTIN_RULES)
    log = tmp_path / "stderr"

    def lines(body: bytes, prefiltered: bool) -> list[tuple[int, tuple[str, ...]]]:
        log.write_bytes(body)
        if not prefiltered:
            monkeypatch.setattr(logscan, "prefilter", lambda patterns: None)
        try:
            return [(m.offset, m.rules) for m in scan(log, "stderr", Cursor(), everything, final=True).matches]
        finally:
            monkeypatch.undo()

    bodies = _corpus_bodies(32)
    found = [lines(b, True) for b in bodies]
    assert found == [lines(b, False) for b in bodies]
    assert sum(map(len, found)) > 250  # the comparison is not vacuous


def test_varied_error_output_is_searched_faster_than_by_one_alternation_of_every_rule(tmp_path, monkeypatch):
    """Text as varied as a crash dump (different error outputs one after another) made the whole rulebook's
    alternation build new DFA states on almost every byte: about 0.1 MiB/s. The prefilter searches only the rules a
    region's literals leave possible, in small groups whose DFAs stay warm. Side by side in the same run (the old way
    with the prefilter off), not a time: about 8x here, at least 3x asked."""
    import time

    from tianluo.faults.rulebook import BUILTIN_RULES, compile_patterns

    log = tmp_path / "log"
    data = bytearray()
    for body in _corpus_bodies(3):
        if len(data) > 192 << 10:
            break
        data += body if body.endswith(b"\n") else body + b"\n"
    log.write_bytes(bytes(data))
    everything = compile_patterns(BUILTIN_RULES)

    def fastest(repeats: int) -> tuple[float, list]:
        best, found = float("inf"), []
        for _ in range(repeats):
            start = time.perf_counter()
            found = scan(log, "log", Cursor(), everything, max_bytes=1 << 30, max_matches=1 << 20).matches
            best = min(best, time.perf_counter() - start)
        return best, [(m.offset, m.rules) for m in found]

    prefiltered, lines = fastest(3)
    monkeypatch.setattr(logscan, "prefilter", lambda patterns: None)
    whole, same = fastest(1)  # the slow side once: a loaded machine only makes it slower
    assert lines == same and len(lines) > 200
    print(f"varied text: {whole / prefiltered:.1f}x faster prefiltered")
    assert 3 * prefiltered < whole, (prefiltered, whole)


def test_a_rulebook_whose_literals_outgrow_one_filter_is_filtered_by_several_as_one():
    """RE2 compiles a prefilter's literals into one set with a memory bound; the rulebook outgrew it at about 180
    rules, and the scan silently fell back to one alternation of every rule (the speed tests above caught it). The
    patterns are split into consecutive filters that answer as one: every index, each pattern's own text."""
    import hashlib

    import re2

    from tianluo.faults.linear_re import options, prefilter
    from tianluo.faults.rulebook import BUILTIN_RULES

    # 2,000 patterns, each needing a literal of 64 characters of its own: more than one filter's set holds
    def word(i: int) -> str:
        return hashlib.sha256(str(i).encode()).hexdigest()

    patterns = tuple(f"{word(i)}[a-z]+ failed badly" for i in range(2000))
    whole = re2.Filter()
    for p in patterns:
        whole.Add("(?m)" + p, options(capture=False))
    with pytest.raises(re2.error):
        whole.Compile()  # the bound the split is for: one filter cannot hold them
    split = prefilter(patterns)
    assert split is not None and len(split.parts) > 1
    for i in (0, 1, 999, 1000, 1999):
        assert split.Match(f"step 9: {word(i)}abc failed badly\n", potential=True) == [i], i
    assert split.Match("nothing of the sort\n", potential=True) is None
    # today's rulebook gets a prefilter (of one filter or several), never the slow path's None
    assert prefilter(tuple(r.log for r in BUILTIN_RULES if r.log)) is not None


def test_prepare_compiles_what_the_first_scan_would(tmp_path):
    """logscan.prepare leaves nothing for a scan with the same patterns to compile (forked ticks inherit it)."""
    from tianluo.faults import linear_re
    from tianluo.shell.logscan import prepare

    patterns = {"prepared_one": r"prepared pattern \d{3} of this test", "prepared_two": r"another prepared \w+ here"}
    before = linear_re._compile.cache_info().misses
    prepare(patterns)
    compiled = linear_re._compile.cache_info().misses
    assert compiled >= before + 2
    log = tmp_path / "x.log"
    log.write_text("another prepared line here\n")
    found = scan(log, "stderr", Cursor(), patterns, final=True).matches
    assert [m.rules for m in found] == [("prepared_two",)]
    assert linear_re._compile.cache_info().misses == compiled


# --- a log in UTF-16 ----------------------------------------------------------------------

UTF16 = [(b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")]
#: A PowerShell 5 transcript of a training run: CR LF line ends, a line with a character outside the BMP (a surrogate
#: pair in UTF-16) before the error, a coloured line.
WINDOWS_LOG = ("step 10/100\r\nloading 🚀 model\r\n\x1b[31mRuntimeError: CUDA out of memory. Tried to allocate 2.00 "
               "GiB\x1b[0m\r\nstep 20/100\r\nTypeError: forward() takes 2 positional arguments but 3 were given\r\n")


def _line_at(raw: bytes, offset: int, codec: str) -> str:
    """The text of the file's line that starts at byte ``offset``."""
    return raw[offset:].decode(codec, errors="replace").split("\r\n", 1)[0]


@pytest.mark.parametrize(("mark", "codec"), UTF16, ids=[c for _, c in UTF16])
def test_a_utf16_log_is_read_as_its_program_wrote_it_each_line_at_its_offset(tmp_path, mark, codec):
    """Its lines are matched as text (read as UTF-8 bytes, a NUL stood between every letter and no rule matched),
    each at the offset of its first byte in the file; the progress too; the cursor ends at the file's end, and what
    is written next is read from there."""
    path = tmp_path / "stderr"
    raw = mark + WINDOWS_LOG.encode(codec)
    write(path, raw)
    res = scan(path, "log", Cursor(), PATTERNS, progress=PROGRESS)
    assert [(m.rules, m.text) for m in res.matches] == [
        (("oom",), "RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB"),  # (without its colours)
        (("type",), "TypeError: forward() takes 2 positional arguments but 3 were given")]
    assert [ESCAPES.sub("", _line_at(raw, m.offset, codec)) for m in res.matches] == [m.text for m in res.matches]
    assert res.progress == (20.0, 100.0) and _line_at(raw, res.progress_at, codec) == "step 20/100"
    assert res.progress_head == (10.0, 20.0) and res.from_start
    assert res.cursor.offset == len(raw) and not res.more
    more = "RuntimeError: Connection refused\r\n".encode(codec)
    write(path, more, mode="ab")
    again = scan(path, "log", res.cursor, PATTERNS)
    assert [(m.offset, m.rules) for m in again.matches] == [(len(raw), ("refused",))]
    assert again.cursor.offset == len(raw) + len(more)
    # a tick's tail of the log (the structure of its failure is read from it) is its text too
    assert logscan.tail(path).endswith("3 were given\nRuntimeError: Connection refused\n")
    assert tail_lines(path, 2) == ["TypeError: forward() takes 2 positional arguments but 3 were given",
                                   "RuntimeError: Connection refused"]


@pytest.mark.parametrize("chunk", [7, 8, 1 << 10])
@pytest.mark.parametrize(("mark", "codec"), UTF16, ids=[c for _, c in UTF16])
def test_a_utf16_log_read_in_any_chunks_reads_the_same(tmp_path, monkeypatch, mark, codec, chunk):
    """Chunks that split a code unit or a surrogate pair (an odd size) read what one chunk reads; a last line without
    its line end is read when the writer is gone."""
    path = tmp_path / "stderr"
    text = "x🚀" * 3000 + "\nprogress\n" + "🚀 RuntimeError: CUDA out of memory\n" * 3 + "TypeError: no"
    write(path, mark + text.encode(codec))
    whole = scan(path, "log", Cursor(), PATTERNS, final=True)
    monkeypatch.setattr(logscan, "CHUNK", chunk)
    pieces = scan(path, "log", Cursor(), PATTERNS, final=True)
    assert [(m.offset, m.rules, m.text) for m in pieces.matches] == [(m.offset, m.rules, m.text)
                                                                       for m in whole.matches]
    assert [m.rules for m in whole.matches] == [("oom",)] * 3 + [("type",)]
    assert "\ufffd" not in "".join(m.text for m in whole.matches)
    assert pieces.cursor.offset == whole.cursor.offset == path.stat().st_size
    assert scan(path, "log", Cursor(), PATTERNS).cursor.offset < path.stat().st_size  # written on: it waits


@pytest.mark.parametrize(("mark", "codec"), UTF16, ids=[c for _, c in UTF16])
def test_the_newest_window_of_a_utf16_log_starts_at_a_line(tmp_path, mark, codec):
    path = tmp_path / "stderr"
    lines = [f"step {i}/5000" for i in range(5000)] + ["RuntimeError: CUDA out of memory"]
    raw = mark + "\r\n".join(lines).encode(codec) + "\r\n".encode(codec)
    write(path, raw)
    res = scan(path, "log", Cursor(), PATTERNS, progress=PROGRESS, max_bytes=4001, newest=True)
    assert res.skipped > 0 and res.skipped % 2 == 0 and _line_at(raw, res.skipped, codec).startswith("\n")
    assert [m.rules for m in res.matches] == [("oom",)] and res.progress == (4999.0, 5000.0)
    assert res.cursor.offset == len(raw)


def test_a_utf32_log_is_not_taken_for_utf16(tmp_path):
    """UTF-32 LE's mark begins with UTF-16 LE's: such a log is read as bytes (nothing here reads UTF-32), its cursor
    just past the byte of its line end, not at a UTF-16 code unit's end."""
    path = tmp_path / "stderr"
    write(path, b"\xff\xfe\x00\x00" + "RuntimeError: CUDA out of memory\n".encode("utf-32-le"))
    res = scan(path, "log", Cursor(), PATTERNS)
    assert res.matches == () and res.cursor.offset == 4 + 32 * 4 + 1


def test_junk_that_starts_with_a_utf16_mark_before_utf8_text_is_read_as_bytes(tmp_path):
    """Bytes that only begin like UTF-16's mark (a binary prefix, a cut write) before UTF-8 lines: the lines are read
    as UTF-8, each at its byte offset (read as UTF-16, they were CJK nonsense without a line end)."""
    path = tmp_path / "stderr"
    head = b"\xff\xfe\x9c\x11 partial record\n"
    write(path, head + b"step 3/9\nRuntimeError: CUDA out of memory\n")
    res = scan(path, "log", Cursor(), PATTERNS)
    assert [(m.offset, m.rules) for m in res.matches] == [(len(head) + 9, ("oom",))]
