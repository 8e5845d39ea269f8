"""Incremental log reading: every byte of a log is scanned once, from the last cursor on.

A tick never reads a whole log. ``scan`` seeks to the cursor kept in ``state.json``, reads
the new bytes in chunks of ``CHUNK`` bytes, and reports the lines that match any rule
pattern plus the last progress reading. A 10 GB log costs what its new bytes cost, and a
fatal line that scrolled far above the tail is still found, because no byte is skipped.
At most ``MAX_SCAN_BYTES`` of one log are read per scan, so a log that grows by gigabytes
between ticks cannot stretch a tick. What happens to the rest is the caller's choice: by default
it waits for the next scan (``more``), oldest first; with ``newest`` (how a tick reads) the scan
skips to the newest ``MAX_SCAN_BYTES`` (from a line start) and says how many bytes it skipped
(``skipped``): a fatal line printed last, behind 200 MB of fast output, is read on the first tick,
and the progress reading is the latest, not one from minutes ago.

Lines end at ``\\n`` or ``\\r`` (tqdm redraws its bar with ``\\r``; waiting for ``\\n`` would
make progress look stalled). The cursor never moves past an incomplete last line, so a line
being written is read whole on the next tick, unless that line is already longer than
``MAX_LINE`` bytes: then it is consumed in ``MAX_LINE`` pieces, to keep memory bounded.

Every pattern runs on RE2 (``tianluo.faults.linear_re``): time linear in the bytes, whatever the
pattern and whatever the log holds. A chunk is read once by RE2's prefilter of the built-in rules
(FilteredRE2: the literals each rule needs, "out of memory" for ``CUDA out of memory``), and only the
rules its literals leave possible are searched over it: each alone in a small region, in groups of
``GROUP_RULES`` in a large one (a trainer's log: most chunks leave none). The whole rulebook as one
alternation ran at hundreds of MB/s on such a log, but rebuilt its DFA's states on almost every byte of
varied text (a crash dump, error output one after another: 0.1 MiB/s). The spec's own rules are one
alternation apart. Only a line a search hits is looked at rule by rule. Work is on bytes, so offsets
are exact and nothing is decoded but the lines kept; a log in UTF-16 (its byte-order mark first, as PowerShell 5's
redirect writes one) is the exception: its chunks are decoded and searched as UTF-8, each line still at the offset of
its first byte in the file.

A coloured log (loguru, rich, ``FORCE_COLOR``) has terminal escapes inside its words, and a collected
one (``kubectl logs --timestamps``, a CRI log file, journald) a time stamp before each line: a chunk that
holds an ESC byte, or any of whose lines starts with such a stamp, is searched as a copy without them (two
bounded patterns that cannot backtrack; about 10 ms a MiB), each line still at its own offset in the file. Looking
for a stamp past the first line (a wrapper's own lines, then the pod's log it tails) costs about 1 ms a MiB.
A progress regex reads a copy without the escapes only: it was written against the stamps its owner saw.

A log is opened without blocking and, for the attempt's own streams, without following a
link: a FIFO, device, socket, directory or symbolic link is not read, and the result says
why (``refused``). The only I/O is reading the file.
"""

import errno
import math
import os
import re
import stat
import time
from bisect import bisect_right
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from tianluo.core.rates import progress_start
from tianluo.faults import SPEC_RULE_PREFIX
from tianluo.faults.linear_re import compile_any, compile_pattern, prefilter, source
from tianluo.plaintext import ESCAPES, ESCAPES_SOURCE, ORPHAN_COLOURS, ORPHAN_COLOURS_SOURCE
from tianluo.shell.fsio import UnsafePath, open_parent

MAX_LINE = 64 * 1024  # bytes of one line (or one piece of a longer line)
CHUNK = 1024 * 1024  # bytes read at a time
MAX_SCAN_BYTES = 64 * 1024 * 1024  # bytes read from one log per scan (per tick); the rest waits
MAX_RULE_SHARE = 5  # one rule fills at most 1/5 of max_matches, so a flood cannot hide others
PEEK = 4096  # bytes read at a time looking for the first line start of the newest window
UTF16_PROBE = 512  # bytes after a UTF-16 byte-order mark read to tell UTF-16 text from junk that starts alike
FIRST_MATCHES = 64  # progress matches read at most to find where a log's progress began
# The built-in rules a region's literals let through are searched each alone when they are few or the region is small
# (each rule's DFA stays warm from one region to the next), else in alternations of GROUP_RULES of them (small enough
# that their DFAs keep their states on varied text).
FEW_RULES = 4
SMALL_REGION = 256 * 1024
GROUP_RULES = 8
PROGRESS_WINDOW = 4096  # the last progress line is looked for in windows from the end, this first

_CR_TO_LF = bytes.maketrans(b"\r", b"\n")  # tqdm redraws its bar with \r: that ends a line too
_CR_TO_LF_TEXT = str.maketrans("\r", "\n")
#: A log a Windows program wrote in UTF-16 (PowerShell 5's ``>`` and ``Out-File``, a .NET tool's log) starts with its
#: byte-order mark; its text is read as the program wrote it, each line still at its own offset in the file's bytes.
#: (UTF-32's mark starts with UTF-16 LE's: it is not taken for it.)
_UTF16_MARKS = ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))
_ESCAPES = re.compile(ESCAPES_SOURCE.encode())  # a coloured log's escapes, read around (``_plain``)
_ORPHANS = re.compile(ORPHAN_COLOURS_SOURCE.encode())  # ... and their ESC-less remains in a pasted log
#: What a log collector writes before each of the program's lines, read around as the escapes are: an RFC 3339 time
#: (``kubectl logs --timestamps``, ``docker logs -t``, CloudWatch, a CI runner), with a CRI log file's stream and tag
#: (``stderr F``) or a GitLab runner's (``00O ``, ``01E ``; ``00O+`` before the rest of a line it sent in two parts,
#: FF_TIMESTAMPS), read first: a tagged line is never journald's, whose host and process the tag and a ``make[1]: ``
#: after it would otherwise look like; journald's and syslog's short form (``Dec 02 21:00:00 gpu01 python[1234]: ``,
#: with the process's id or the kernel's name: ``ts``'s stamp before a line that starts with two words and a colon is
#: not one), and journalctl's other forms of it (``-o short-iso``, ``short-precise``, ``short-iso-precise``,
#: ``short-full``, ``short-unix``: the same host and process after another time), read first so an RFC 3339 time alone
#: takes no less, and the same time alone, as moreutils' ``ts`` writes it by default (``Dec 02 21:00:00 ``), or the time
#: of day alone (``ts '%H:%M:%S'``, a CI console's timestamper, ``[21:00:00] ``). One space or tab after the time: the
#: spaces after it are the line's own (a traceback's frames and source lines, indented).
_RFC3339 = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d{1,9})?"  # (its zone apart: a collector may leave it out)
_ZONE = r"(?:Z|[+-]\d\d:?\d\d)"
_STAMP_SOURCE = (r"^(?:" + _RFC3339 + _ZONE + r"?[ \t](?:std(?:out|err) [FP] |[0-9a-f]{2}[OE](?: |\+))"
                 r"|(?:[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d(?:\.\d{1,9})?|" + _RFC3339 + _ZONE +
                 r"|[A-Z][a-z]{2} \d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,9})? [A-Z]{2,5}|\d{9,10}\.\d{6})"
                 r" [\w.\-]{1,64} (?:[\w.\-/@]{1,64}\[\d{1,10}\]|kernel): "
                 r"|" + _RFC3339 + _ZONE + r"?[ \t]"
                 r"|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d\d:\d\d:\d\d(?:[.,]\d{1,9})? "
                 r"|\[?\d\d:\d\d:\d\d(?:[.,]\d{1,9})?\]? )")
_STAMPS = re.compile(_STAMP_SOURCE.encode(), re.MULTILINE)
#: The same, to find a stamp on a later line of a chunk whose first line has none (a wrapper's own lines, then a pod's
#: ``kubectl logs --timestamps`` it tails): RE2's DFA, run only from the first line that starts with a year of this
#: century (a memchr finds it), so a log with no such line pays nothing for the look.
_STAMPED_LINE = compile_pattern(_STAMP_SOURCE)
_STAMPS_TEXT = re.compile(_STAMP_SOURCE, re.MULTILINE)
_NEWLINE = re.compile(b"\n")
_LF = ord("\n")
_OPEN_FLAGS = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0)
_KINDS = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a directory"), (stat.S_ISLNK, "a symbolic link"))


@dataclass(frozen=True)
class Cursor:
    """Where the next scan starts; persisted in state.json between ticks."""

    offset: int = 0
    inode: int | None = None


@dataclass(frozen=True)
class LogLine:
    """One log line that matched at least one rule pattern."""

    file: str  # the name given by the caller (e.g. "stderr", "logs/rank1.log")
    offset: int  # byte offset of the line start in the file
    text: str  # decoded with errors="replace", without its newline, at most MAX_LINE chars
    rules: tuple[str, ...]  # names of the rule patterns that matched this line


@dataclass(frozen=True)
class ScanResult:
    """What one scan found in the new bytes of one file."""

    cursor: Cursor
    new_bytes: int
    matches: tuple[LogLine, ...]
    progress: tuple[float, float | None] | None
    progress_at: int | None
    restarted: bool
    more: bool
    refused: str | None = None  # why the file was not read (not a regular file, a link...); None if read
    skipped: int = 0  # bytes after the old cursor not read (``newest``): the file's [old cursor, + skipped)
    searched: int = 0  # bytes the rule searches ran over: about new_bytes per finder (one pass), not per rule
    #: The first two distinct progress values of what was read (one if it held one), when it was read from the
    #: file's start or ``first`` asked for them: after a first scan that saw one value only, the next scan's first
    #: reading says the step. () otherwise.
    progress_head: tuple[float, ...] = ()
    from_start: bool = False  # what was read starts at the file's start (offset 0, nothing skipped)

    @property
    def progress_began(self) -> float | None:
        """Where the file's progress began, when this scan read it from its start: its first reading less the
        step to the next value, e.g. the step a retry resumed from. None otherwise."""
        return progress_start(self.progress_head) if self.from_start else None


def scan(path: Path, name: str, cursor: Cursor, patterns: Mapping, progress=None,
         max_bytes: int | None = None, max_matches: int = 50, follow_links: bool = False,
         deadline: float | None = None, newest: bool = False, first: bool = False,
         final: bool = False) -> ScanResult:
    """Scan the bytes of ``path`` written since ``cursor``.

    Args:
        path: The log file.
        name: How the file is named in the returned lines (e.g. "stderr").
        cursor: Where the previous scan stopped.
        patterns: Rule name -> pattern (a string, or a compiled ``re``/``re2`` pattern), searched
            in each line on the linear-time engine.
        progress: A pattern with a ``done`` (and optionally ``total``) group.
        max_bytes: Read at most about this many bytes (default ``MAX_SCAN_BYTES``); ``more``
            tells the caller to come back, unless ``newest``.
        max_matches: About this many lines in ``matches``; one rule fills at most a fifth. Past
            it, a rule with no line yet still gets one (at most one more per rule).
        follow_links: Read through a symbolic link at ``path`` (the user's own extra logs);
            the attempt's stdout and stderr are never read through one.
        deadline: A ``time.monotonic()`` value: past it, stop after the current chunk and
            return what was read (``more`` set), so the next tick goes on from there.
        newest: When more than ``max_bytes`` is new, skip to the newest ``max_bytes`` (from the
            first line start in them) instead of reading the oldest: ``skipped`` says how many
            bytes after the cursor were not read, and the cursor moves past them.
        first: Report the first progress values of what is read (``progress_head``) though it does not
            start at the file's start (a scan from the start always does), unless bytes were skipped.
        final: The writer is gone (the attempt ended): a last line with no newline is a line too, not
            the start of one still being written (a process that died mid-line, ``print(..., end="")``).

    Returns:
        The new cursor and what was found; ``new_bytes`` is the bytes read (the cursor moves by
        ``skipped + new_bytes``). A missing file gives an empty result and the
        same cursor; so does a file that is not a regular file (or a link, unless
        ``follow_links``), with ``refused`` saying why. A truncated or replaced file (size
        below the cursor, other inode) is scanned from 0 and flagged ``restarted``.

    Raises:
        linear_re.UnsupportedPattern: A pattern the linear-time engine cannot take (plan time
            refuses those, so only a caller that skipped the spec meets this).
    """
    state = _Scan(name, patterns, progress, max_matches)
    max_bytes = max(1, MAX_SCAN_BYTES if max_bytes is None else max_bytes)
    f, refused = _open(path, follow_links)
    if f is None:
        return ScanResult(cursor, 0, (), None, None, False, False, refused)
    with f:
        st = os.fstat(f.fileno())  # of the file we opened, not of a name that may be rotated
        start, restarted = cursor.offset, False
        if (cursor.inode is not None and cursor.inode != st.st_ino) or st.st_size < cursor.offset:
            start, restarted = 0, True
        try:
            codec = _utf16(f)
            if not newest:
                skipped = 0
            elif codec is None:
                skipped = _newest_start(f, start, st.st_size, max_bytes) - start
            else:
                skipped = _newest_start16(f, start, st.st_size, max_bytes, codec) - start
            state.want_first = skipped == 0 and (start == 0 or first)
            state.from_start = start == 0 and skipped == 0
            f.seek(start + skipped)
            if codec is None:
                end, more = _read(f, start + skipped, max_bytes, st.st_size, state, deadline, final)
            else:
                end, more = _read16(f, start + skipped, max_bytes, st.st_size, state, deadline, final, codec)
        except OSError as exc:  # EIO from a failing disk or a special file: a refusal, not a crash
            return ScanResult(cursor, 0, (), None, None, False, False,
                              f"{path} cannot be read ({exc.strerror or exc}); not read")
    return ScanResult(cursor=Cursor(end, st.st_ino), new_bytes=end - start - skipped, matches=tuple(state.matches),
                      progress=state.progress, progress_at=state.progress_at, restarted=restarted, more=more,
                      skipped=skipped, searched=state.searched, progress_head=state.progress_head,
                      from_start=state.from_start)


def tail_lines(path: Path, n: int = 50, max_bytes: int = 256 * 1024, follow_links: bool = False) -> list[str]:
    """The last ``n`` lines of ``path`` (from at most its last ``max_bytes``); [] if missing or refused."""
    if n <= 0:
        return []
    f, _refused = _open(path, follow_links)
    if f is None:
        return []
    with f:
        size = os.fstat(f.fileno()).st_size
        start = max(0, size - max_bytes)
        try:
            data, whole = _text_window(f, start, size)
        except OSError:
            return []
    lines = data.splitlines()
    if not whole and lines:
        lines = lines[1:]  # the first line was cut by the window
    return [line[:MAX_LINE] for line in lines[-n:]]


def refusal(path: Path, follow_links: bool = False) -> str | None:
    """Why ``path`` would not be read as a log (see ``scan``); None if it would be (or is missing)."""
    f, refused = _open(path, follow_links)
    if f is not None:
        f.close()
    return refused


# --- opening ------------------------------------------------------------------------------


def _open(path: Path, follow_links: bool):
    """(binary file, None) for a regular file; (None, reason) if refused; (None, None) if missing.

    Without ``follow_links``, no component below a folder tianluo guards (the run folder, see
    ``tianluo.shell.fsio``) is followed through a link either: a planted ``attempts/a`` link is
    refused like a planted ``stdout`` link. The type is checked before opening (opening a
    device can have effects: a tape rewinds, a FIFO blocks) and again on the descriptor, in
    case the name was swapped in between; O_NONBLOCK makes even that swap harmless.
    """
    if follow_links:
        return _open_at(None, str(path), path, True)
    try:
        dfd, name, _guarded = open_parent(path)
    except FileNotFoundError:
        return None, None
    except UnsafePath as exc:
        return None, f"{exc}; not read"
    except OSError as exc:
        return None, f"{path} cannot be read ({exc.strerror or exc}); check the folder's permissions"
    try:
        return _open_at(dfd, name, path, False)
    finally:
        os.close(dfd)


@lru_cache(maxsize=1)
def kernel_devs() -> frozenset[int]:
    """The devices of /proc and /sys: their "regular" files block (/proc/kmsg), fail (/proc/self/mem) or never end."""
    devs = set()
    for where in ("/proc", "/sys"):
        try:
            devs.add(os.stat(where).st_dev)
        except OSError:
            pass
    return frozenset(devs)


def _open_at(dir_fd: int | None, name: str, path: Path, follow_links: bool):
    try:
        st = os.stat(name, dir_fd=dir_fd, follow_symlinks=follow_links)
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, f"{path} cannot be read ({exc.strerror or exc}); check the folder's permissions"
    if not stat.S_ISREG(st.st_mode):
        return None, _not_regular(path, st.st_mode)
    if st.st_dev in kernel_devs():
        return None, f"{path} is a kernel file (/proc, /sys), not a log; not read"
    flags = _OPEN_FLAGS | (0 if follow_links else os.O_NOFOLLOW)
    try:
        fd = os.open(name, flags, dir_fd=dir_fd)
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return None, _not_regular(path, stat.S_IFLNK)
        return None, f"{path} cannot be read ({exc.strerror or exc}); check the folder's permissions"
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            os.close(fd)
            return None, _not_regular(path, mode)
        return open(fd, "rb"), None
    except BaseException:
        os.close(fd)
        raise


def file_kind(mode: int) -> str:
    """What a file that is not a regular one is, in words: 'a FIFO', 'a directory', 'a symbolic link'..."""
    return next((k for test, k in _KINDS if test(mode)), "not a regular file")


def _not_regular(path: Path, mode: int) -> str:
    kind = file_kind(mode)
    return f"{path} is {kind}, not a regular file: not read (a log must be a plain file; remove or replace it)"


# --- reading ------------------------------------------------------------------------------


def _read(f, start: int, max_bytes: int, size: int, state: "_Scan",
          deadline: float | None = None, final: bool = False) -> tuple[int, bool]:
    """Feed the file to ``state`` chunk by chunk; the end offset consumed and whether more is left.

    Each chunk is copied once (``\\r`` made ``\\n``, so a tqdm redraw ends a line for RE2 too) and
    searched in place: the incomplete line carried from the chunk before is joined only with
    the first line of the next (a few bytes), not the whole chunk with it.
    """
    pos, buf = start, b""  # pos: the file offset of buf[0]; buf: read, CR made LF, not fed yet
    limit = start + max_bytes
    while True:
        read_to = pos + len(buf)
        if read_to >= limit and pos > start:
            return pos, pos < size
        if deadline is not None and pos > start and time.monotonic() >= deadline:
            return pos, True  # out of time: the next scan starts here
        # Past the limit only to finish the first line, so a long line cannot stall the cursor.
        data = f.read(min(CHUNK, limit - read_to) if read_to < limit else CHUNK)
        if not data:
            if final and buf:  # the last line of a file nobody writes any more
                state.feed(buf, pos)
                return pos + len(buf), False
            return pos, False
        if b"\r" in data:  # a memchr: most chunks without a tqdm bar are not copied at all
            data = data.translate(_CR_TO_LF)
        first, last = data.find(b"\n"), data.rfind(b"\n")
        if read_to + len(data) <= limit and 0 <= first and len(buf) + first < MAX_LINE:
            # Whole lines in place: the carried line and its end, then the chunk's other lines.
            base = pos + len(buf)  # the file offset of data[0]
            rest = len(data) - last - 1
            pieces = rest // MAX_LINE * MAX_LINE if rest > MAX_LINE else 0  # an overlong last line
            regions = [(buf + data[:first + 1], pos, 0, None), (data, base, first + 1, last + 1)]
            if pieces:
                regions.append((data[last + 1:last + 1 + pieces], base + last + 1, 0, None))
            for region in regions:
                state.feed(*region, progress=False)
            for region in reversed(regions):  # the chunk's last progress line, as if it were one text
                if state.read_progress(*region):
                    state.read_first(regions)
                    break
            buf, pos = data[last + 1 + pieces:], base + last + 1 + pieces
            continue
        buf += data  # a line as long as the chunk, or past the limit: the simple way
        cut = _cut(buf) if pos + len(buf) <= limit else _cut_first(buf)
        if cut:
            state.feed(buf[:cut], pos)
            buf, pos = buf[cut:], pos + cut


def _utf16(f) -> str | None:
    """The codec of a log that starts with UTF-16's byte-order mark (``_UTF16_MARKS``) and reads as UTF-16 text after
    it; None for any other. The text's test: at least a quarter of its first code units are in Latin-1 (their high
    byte 0: a log's ASCII, its line ends), as in any program's log; bytes that only start with the mark (junk before
    UTF-8 text) have almost none."""
    head = os.pread(f.fileno(), 4, 0)  # (most logs: four bytes read, and no mark)
    codec = next((codec for mark, codec in _UTF16_MARKS if head.startswith(mark)), None)
    if codec is None or head == b"\xff\xfe\x00\x00":  # (UTF-32 LE's mark)
        return None
    head = os.pread(f.fileno(), UTF16_PROBE + 2, 0)
    units = (len(head) - 2) // 2
    if units == 0:
        return codec
    high = head[3::2] if codec == "utf-16-le" else head[2::2]
    return codec if 4 * high[:units].count(0) >= units else None


def _units(data: bytes, codec: str) -> int:
    """How much of ``data`` (from a code unit's start) is whole UTF-16 code units, short of a high surrogate whose
    low one is not read yet."""
    even = len(data) - len(data) % 2
    high = even - 1 if codec == "utf-16-le" else even - 2  # the byte that says a unit is a high surrogate
    if even >= 2 and 0xD8 <= data[high] <= 0xDB:
        even -= 2
    return even


def _read16(f, start: int, max_bytes: int, size: int, state: "_Scan", deadline: float | None, final: bool,
            codec: str) -> tuple[int, bool]:
    """``_read`` for a UTF-16 log: whole lines decoded (``\\r`` made ``\\n``), fed to ``state`` as UTF-8, each line
    at its offset in the file; a line longer than ``MAX_LINE`` characters in pieces of that size. The byte-order mark
    is not read as text."""
    pos = max(start, 2)
    pos += pos % 2  # a code unit's start (a cursor is one; this is for one made by hand)
    f.seek(pos)
    limit, carry = start + max_bytes, b""  # carry: read from pos on, not fed yet (a line not ended yet)
    while True:
        if pos >= limit and pos > start:
            return pos, pos < size
        if deadline is not None and pos > start and time.monotonic() >= deadline:
            return pos, True  # out of time: the next scan starts here
        want = limit - pos - len(carry)
        data = f.read(min(CHUNK, want + want % 2) if want > 0 else CHUNK)  # past the limit only to end a line
        if not data:
            if final and len(carry) >= 2:  # the last line of a file nobody writes any more
                _feed16(state, carry[:len(carry) - len(carry) % 2].decode(codec, errors="replace"), pos, codec)
                return pos + len(carry), False
            return pos, False
        carry += data
        text = carry[:_units(carry, codec)].decode(codec, errors="replace").translate(_CR_TO_LF_TEXT)
        cut = text.rfind("\n") + 1 or (MAX_LINE if len(text) > MAX_LINE else 0)
        if cut:
            whole = text[:cut]
            _feed16(state, whole, pos, codec)
            taken = len(whole.encode(codec))
            pos, carry = pos + taken, carry[taken:]


def _feed16(state: "_Scan", text: str, base: int, codec: str) -> None:
    """Feed decoded lines that start at file offset ``base`` as UTF-8, with where each line starts in the file."""
    starts: list[list[int]] = []  # each line's start in the UTF-8 copy and in the file, found at the first use

    def where(i: int) -> int:
        if not starts:  # most chunks match nothing: their lines are never counted
            copy, raw = [0], [0]
            for line in text.split("\n")[:-1]:
                copy.append(copy[-1] + len(line.encode("utf-8", errors="replace")) + 1)
                raw.append(raw[-1] + len(line.encode(codec, errors="replace")) + 2)
            starts.extend((copy, raw))
        k = bisect_right(starts[0], i) - 1
        return base + starts[1][k] + 2 * (i - starts[0][k])  # exact at a line's start
    state.feed(text.encode("utf-8", errors="replace"), 0, where=where)


def _newest_start16(f, start: int, size: int, max_bytes: int, codec: str) -> int:
    """``_newest_start`` for a UTF-16 log: the first line start in the newest ``max_bytes``, a code unit's start."""
    window = size - max_bytes
    if window <= start:
        return start
    window += window % 2
    f.seek(window)
    head = f.read(max(2, min(MAX_LINE * 2, size - window)))
    text = head[:_units(head, codec)].decode(codec, errors="replace").translate(_CR_TO_LF_TEXT)
    end = text.find("\n")
    return window + len(text[:end + 1].encode(codec, errors="replace")) if end >= 0 else window


def _newest_start(f, start: int, size: int, max_bytes: int) -> int:
    """Where to start reading so that at most ``max_bytes`` are read up to ``size``: ``start``, or
    the first line start in the newest ``max_bytes`` (a line cut by the window is not read)."""
    window = size - max_bytes
    if window <= start:
        return start
    f.seek(window - 1)  # the byte before the window: a line end there means the window starts a line
    at = window - 1
    while at < window + MAX_LINE:  # small reads: the first line end is usually a few bytes in
        head = f.read(PEEK)
        ends = [i for i in (head.find(b"\n"), head.find(b"\r")) if i >= 0]
        if ends:
            return at + min(ends) + 1
        if len(head) < PEEK:
            break
        at += len(head)
    return window  # no line end in MAX_LINE bytes: read in MAX_LINE pieces anyway, so start mid-line


def _cut(buf: bytes) -> int:
    """How much of ``buf`` is whole lines, plus MAX_LINE pieces of an overlong last line."""
    cut = max(buf.rfind(b"\n"), buf.rfind(b"\r")) + 1
    rest = len(buf) - cut
    if rest > MAX_LINE:
        cut += rest // MAX_LINE * MAX_LINE
    return cut


def _cut_first(buf: bytes) -> int:
    """How much of ``buf`` is its first line, or its first MAX_LINE piece."""
    ends = [i for i in (buf.find(nl, 0, MAX_LINE) for nl in (b"\n", b"\r")) if i >= 0]
    if ends:
        return min(ends) + 1
    return MAX_LINE if len(buf) > MAX_LINE else 0


def prepare(patterns: Mapping) -> None:
    """Compile what a scan with ``patterns`` compiles on its first use (each pattern on the linear-time engine, RE2's
    prefilter of the built-in ones), so that the processes this one forks inherit it instead of each compiling it
    again (about a quarter of a second of CPU for the rulebook)."""
    _Scan("", patterns, None, 0)


# --- matching -----------------------------------------------------------------------------


class _Scan:
    """Accumulates matches and the last progress reading over the chunks of one scan."""

    def __init__(self, name: str, patterns: Mapping, progress, max_matches: int):
        self.name = name
        self.sources = {rule: source(p) for rule, p in patterns.items()}
        self.patterns = {rule: compile_pattern(s) for rule, s in self.sources.items()}
        self.progress_find = compile_pattern(progress) if progress is not None else None
        self.progress_read = compile_pattern(progress, capture=True) if progress is not None else None
        self.max_matches = max(0, max_matches)
        self.per_rule = max(1, self.max_matches // MAX_RULE_SHARE)
        self.matches: list[LogLine] = []
        self.counts: dict[str, int] = {}
        self.progress: tuple[float, float | None] | None = None
        self.progress_at: int | None = None
        self.want_first = False  # look for the first progress readings of what is read
        self.from_start = False  # what is read starts at the file's start: its first reading is the file's
        self.progress_head: tuple[float, ...] = ()
        self.searched = 0  # bytes the rule searches ran over (each finder's pass, the prefilter's), for the pass check
        # The built-in rules, and RE2's prefilter of them: which of them a region's literals leave possible. Without
        # one (RE2 would not build it), every rule is searched as before, in one alternation (``finders``).
        self.builtin = tuple(rule for rule in self.sources if not rule.startswith(SPEC_RULE_PREFIX))
        self.prefilter = prefilter(tuple(self.sources[r] for r in self.builtin)) if self.builtin else None
        self.finders = self._build_finders() if self.prefilter is None else ()
        self.plain: tuple | None = None  # the last region copied without its escapes: (text, where, copy)

    def feed(self, text: bytes, base: int, lo: int = 0, hi: int | None = None, progress: bool = True,
             where: Callable[[int], int] | None = None) -> None:
        """Scan the whole lines ``text[lo:hi]`` (``\\r`` already made ``\\n``); ``text[i]`` is at file offset
        ``base + i``, or ``where(i)`` (exact at a line's start) for a text transcoded from the file's bytes.

        ``lo`` is 0 or just after a ``\\n`` and ``hi`` is the end of ``text`` or just after a
        ``\\n``: RE2 looks at the bytes around a region for ``^``, ``$`` and ``\\b``, and they
        are line ends, as the ends of a text of its own would be.
        """
        hi = len(text) if hi is None else hi
        if hi <= lo:
            return
        if _decorated(text, lo, hi):  # a memchr and a match: only a coloured or stamped log's chunks are copied
            plain, at = self._plain(text, base if where is None else 0, lo, hi, stamps=True)
            self._search(plain, 0, len(plain), at if where is None else (lambda i: where(at(i))))
        else:
            self._search(text, lo, hi, (lambda i: base + i) if where is None else where)
        if progress and self.read_progress(text, base, lo, hi, where=where):
            self.read_first([(text, base, lo, hi)])

    def _search(self, text: bytes, lo: int, hi: int, at) -> None:
        """Take the lines of ``text[lo:hi]`` that a rule matches; ``at(i)`` is the file offset of ``text[i]``."""
        if hi <= lo:  # a piece of a long line that was all escapes
            return
        # A newline ends a line; the end of the text is in a line only for a piece of a long one.
        size = hi - 1 if text[hi - 1] == _LF else hi
        possible: frozenset | None = None  # the built-in rules its literals leave possible; None without a prefilter
        if self.prefilter is not None:
            if all(self._full(rule) for rule in self.sources):
                return
            # RE2's prefilter reads the region once for the rules' literals; only the rules they leave possible are
            # searched. The whole rulebook as one alternation thrashes its DFA's cache on varied text (an error
            # dump, a corpus: 0.1 MiB/s), where a few rules alone keep theirs.
            found = self.prefilter.Match(memoryview(text)[lo:hi], potential=True) or ()
            self.searched += hi - lo
            possible = frozenset(self.builtin[i] for i in found)
        finders = self._region_finders(possible, hi - lo)
        hits = _Hits(text, finders, self, hi)
        pos = lo
        while finders and (hit := hits.next(pos)) is not None and hit <= size:
            start = text.rfind(b"\n", lo, hit) + 1 or lo
            end = text.find(b"\n", hit, hi)
            end = hi if end < 0 else end
            if self._take(text[start:end], at(start)):
                # A rule has its share (or the lines are all taken but for rules not seen yet):
                # stop looking for it, or a flood of it would cost a Python step per line.
                if self.prefilter is None:
                    self.finders = self._build_finders()
                finders = self._region_finders(possible, hi - lo)
                hits = _Hits(text, finders, self, hi)
            pos = end + 1
            if pos > size:
                break

    def _plain(self, text: bytes, base: int, lo: int, hi: int, stamps: bool) -> tuple[bytes, Callable[[int], int]]:
        """``_plain`` of a region, made once: a chunk's rules and then its progress read the same copy."""
        key = (base, lo, hi, stamps)
        if self.plain is None or self.plain[0] is not text or self.plain[1] != key:
            self.plain = (text, key, _plain(text, base, lo, hi, stamps))
        return self.plain[2]

    def _build_finders(self) -> tuple:
        """Finders for the rules that still have room: the user's (``spec-*``) apart from the built-in ones.

        A user's pattern can drive RE2's DFA out of its memory budget on a hostile log (e.g.
        ``(a|b)*a(a|b){20}c`` on random a/b lines), and RE2 then falls back to its slower
        (still linear) NFA for the whole alternation: kept apart, it slows only itself.
        """
        groups = (self._with_room(user=False), self._with_room(user=True))
        return tuple(f for g in groups if g for f in _finders(g))

    def _with_room(self, *, user: bool) -> tuple[str, ...]:
        """The patterns of the user's rules (or the built-in ones) that still have room, in the rules' order."""
        return tuple(src for rule, src in self.sources.items()
                     if rule.startswith(SPEC_RULE_PREFIX) == user and not self._full(rule))

    def _region_finders(self, possible: frozenset | None, size: int) -> tuple:
        """The finders for a region of ``size`` bytes (``self.finders`` without a prefilter): the built-in rules its
        literals leave ``possible`` that still have room, each alone or in small alternations; the user's apart."""
        if possible is None:
            return self.finders
        builtin = tuple(self.sources[r] for r in self.builtin if r in possible and not self._full(r))
        user = self._with_room(user=True)
        if len(builtin) <= FEW_RULES or size < SMALL_REGION:
            found = tuple(compile_pattern(s) for s in builtin)
        else:
            found = tuple(f for i in range(0, len(builtin), GROUP_RULES) for f in _finders(builtin[i:i + GROUP_RULES]))
        return found + _finders(user)

    def _full(self, rule: str) -> bool:
        """No more lines of this rule: it has its share, or ``max_matches`` lines are kept and it has one.

        Past ``max_matches``, a rule not seen yet still gets its first line (one per rule, so
        at most as many more as there are rules): five rules flooding a log cannot hide the
        one line of a sixth, and which rules matched is what decides a fault.
        """
        count = self.counts.get(rule, 0)
        return count >= self.per_rule or (count > 0 and len(self.matches) >= self.max_matches)

    def _take(self, line: bytes, offset: int) -> bool:
        """Keep the line if it matches a rule that still has room; whether a rule just filled up."""
        if len(line) > MAX_LINE:  # a complete overlong line: keep the piece that matched
            offset, line = self._piece(line, offset)
        rules = self._rules_of(line)
        if not rules or all(self._full(r) for r in rules):
            return False
        for r in rules:
            self.counts[r] = self.counts.get(r, 0) + 1
        self.matches.append(LogLine(self.name, offset, _printable(line), rules))
        return any(self.counts[r] == self.per_rule for r in rules) or len(self.matches) >= self.max_matches

    def _rules_of(self, line: bytes) -> tuple[str, ...]:
        """Every rule that matches ``line``, in the rules' order: the user's each searched, the built-in ones only where
        the prefilter leaves them possible (a line a rule found was searched by the whole rulebook, some 200 rules)."""
        if self.prefilter is None:
            return tuple(rule for rule, p in self.patterns.items() if p.search(line) is not None)
        possible = {self.builtin[i] for i in self.prefilter.Match(line, potential=True) or ()}
        return tuple(rule for rule, p in self.patterns.items()
                     if (rule in possible or rule.startswith(SPEC_RULE_PREFIX)) and p.search(line) is not None)

    def _piece(self, line: bytes, offset: int) -> tuple[int, bytes]:
        for i in range(0, len(line), MAX_LINE):
            piece = line[i:i + MAX_LINE]
            if any(p.search(piece) is not None for p in self.patterns.values()):
                return offset + i, piece
        return offset, line[:MAX_LINE]

    def read_progress(self, text: bytes, offset: int, lo: int = 0, hi: int | None = None,
                      where: Callable[[int], int] | None = None) -> bool:
        """The last progress match of the chunk, found from the end in growing windows.

        tqdm writes a progress line many times a second: matching every one of them would
        cost a Python step each. Windows are cut at line starts, and no match crosses a line;
        a line longer than PROGRESS_WINDOW is cut into pieces of that size (a progress line is
        short: a hostile line of a million "1 1 1" must not cost a million Python steps).
        """
        find, read = self.progress_find, self.progress_read  # both there, or neither
        hi = len(text) if hi is None else hi
        if find is None or read is None or hi <= lo:
            return False
        at = where
        if text.find(b"\x1b", lo, hi) >= 0:  # a coloured bar (the stamps stay: the spec's regex may name them)
            text, plain_at = self._plain(text, offset if where is None else 0, lo, hi, stamps=False)
            at = plain_at if where is None else (lambda i: where(plain_at(i)))
            lo, hi = 0, len(text)
        end = hi - 1 if text[hi - 1] == _LF else hi  # no empty line after the last
        size = PROGRESS_WINDOW
        while True:  # windows from the end, each twice the last, until one holds a match
            if end <= lo:
                return False
            start = _boundary(text, max(lo, end - size), lo)
            if find.search(text, start, end) is not None:
                break
            end, size = start, size * 2
        while end - start > 2 * PROGRESS_WINDOW:  # halve it, keeping the half that holds the last match
            mid = _boundary(text, (start + end) // 2, lo)
            if find.search(text, mid, end) is not None:
                start = mid
            else:
                end = mid
        last = deque(find.finditer(text, start, end), maxlen=1)[0]
        # Groups only for the one match kept.
        m = read.match(text, last.start(), last.end())
        reading = _progress_of(m) if m is not None else None
        if reading is not None:
            self.progress = reading
            line = _line_start(text, last.start(), lo)
            self.progress_at = offset + line if at is None else at(line)
        return True  # a match, a reading or not: the last one of the text decides

    def read_first(self, regions) -> None:
        """The first two distinct progress values read, once; and, for a scan from the file's start, where its
        progress began: its first reading, less the step to the next value.

        A trainer prints a step after doing it, so a retry that resumed from step 4000 and logs every
        10 prints 4010 then 4020 first: it began at 4000. With one value only in this chunk, the
        first reading itself. Called only for a chunk that holds a match (``read_progress`` found
        its last one), so the forward search ends in this chunk: one more pass over it at most.
        """
        find, read = self.progress_find, self.progress_read
        if not self.want_first or find is None or read is None:
            return
        self.want_first = False
        values: list[float] = []
        looks = FIRST_MATCHES  # tqdm repeats one value many times: a bounded number of matches, not all
        for text, base, lo, hi in regions:
            hi = len(text) if hi is None else hi
            if text.find(b"\x1b", lo, hi) >= 0:
                text = self._plain(text, base, lo, hi, stamps=False)[0]
                lo, hi = 0, len(text)
            end = hi - 1 if hi > lo and text[hi - 1] == _LF else hi
            at = lo
            while at < end and len(values) < 2 and looks > 0 and (m := find.search(text, at, end)) is not None:
                looks -= 1
                if m.end() - m.start() > 2 * PROGRESS_WINDOW:
                    break  # a hostile overlong match: not read
                reading = read.match(text, m.start(), m.end())
                value = _progress_of(reading) if reading is not None else None
                if value is not None and (not values or value[0] != values[0]):
                    values.append(value[0])
                at = max(m.end(), at + 1)
            if len(values) == 2 or looks <= 0:
                break
        self.progress_head = tuple(values)


def _boundary(text: bytes, index: int, lo: int = 0) -> int:
    """The last window boundary at or before ``index``: a line start, or a PROGRESS_WINDOW piece of a line."""
    line = _line_start(text, index, lo)
    return line + (index - line) // PROGRESS_WINDOW * PROGRESS_WINDOW


def _line_start(text: bytes, index: int, lo: int = 0) -> int:
    return text.rfind(b"\n", lo, index) + 1 or lo


@lru_cache(maxsize=16)  # a tick scans many files with the same patterns; each holds a DFA cache
def _finders(sources: tuple[str, ...]) -> tuple:
    """The regexes that find candidate lines: one alternation of all, or each alone if too big."""
    if not sources:
        return ()
    combined = compile_any(sources)
    return (combined,) if combined is not None else tuple(compile_pattern(s) for s in sources)


class _Hits:
    """The next hit of any finder; each finder only ever searches forward."""

    def __init__(self, text: bytes, finders: tuple, counter: "_Scan", end: int):
        self.text, self.finders, self.counter, self.end = text, finders, counter, end
        self.next_at: list[int | None] = [None] * len(finders)
        self.done = [False] * len(finders)

    def next(self, pos: int) -> int | None:
        """The position of the first hit at or after ``pos``."""
        best = None
        for i, finder in enumerate(self.finders):
            at = self.next_at[i]
            if not self.done[i] and (at is None or at < pos):
                m = finder.search(self.text, pos, self.end)
                at = self.next_at[i] = m.start() if m is not None else None
                self.counter.searched += (self.end if at is None else at) - pos
                self.done[i] = m is None
            if at is not None and (best is None or at < best):
                best = at
        return best


def _decorated(text: bytes, lo: int, hi: int) -> bool:
    """Whether the lines of ``text[lo:hi]`` (``lo`` a line's start) hold terminal escapes (or colour codes whose ESC a
    paste lost: ``[0m``) or any of them starts with a log collector's time stamp (a collector stamps every line, but
    what it collects may follow lines of another writer: which came first must not decide how the rest is read)."""
    return text.find(b"\x1b", lo, hi) >= 0 or text.find(b"[0m", lo, hi) >= 0 or _stamped(text, lo, hi)


def _stamped(text: bytes, lo: int, hi: int) -> bool:
    """Whether a line of ``text[lo:hi]`` (``lo`` a line's start) starts with a log collector's time stamp: the first
    by ``_STAMPS``, a later one by an RFC 3339 stamp (``_STAMPED_LINE``)."""
    if _STAMPS.match(text, lo, hi) is not None:
        return True
    at = text.find(b"\n20", lo, hi)
    return at >= 0 and _STAMPED_LINE.search(text, at + 1, hi) is not None


def _plain(text: bytes, base: int, lo: int, hi: int, stamps: bool = True) -> tuple[bytes, Callable[[int], int]]:
    """``text[lo:hi]`` as the program wrote it: without terminal escapes (a coloured log's
    ``\\x1b[31mKeyError\\x1b[0m``) and, with ``stamps``, a log collector's time stamps; and where each of its lines
    starts in the file: ``at(i)`` is the file offset of the copy's ``i``, exact at a line's start (neither crosses a
    line's end, so line ``k`` of the copy is line ``k`` of the file). The rules read the copy without stamps; a
    spec's progress regex reads them as the owner saw them in the file, and may name them."""
    raw = text[lo:hi]
    plain = _ESCAPES.sub(b"", raw) if b"\x1b" in raw else raw
    if b"[0m" in plain:
        plain = _ORPHANS.sub(b"", plain)
    if stamps and _stamped(plain, 0, len(plain)):
        plain = _STAMPS.sub(b"", plain)
    starts: list[list[int]] = []  # the lines' starts in the file's bytes and in the copy, found at the first use

    def at(i: int) -> int:
        if not starts:  # most chunks match no rule: their lines are never counted
            starts.extend([0, *(m.end() for m in _NEWLINE.finditer(t))] for t in (raw, plain))
        k = bisect_right(starts[1], i) - 1
        return base + lo + starts[0][k] + (i - starts[1][k])
    return plain, at


def _text_window(f, start: int, size: int) -> tuple[str, bool]:
    """The text of ``f`` from ``start`` (at a code unit's start, past the byte-order mark, in a UTF-16 log) to
    ``size``, and whether that is the file's whole text (no line cut at its start)."""
    codec = _utf16(f)
    whole = start == 0
    if codec is not None:
        start = max(start + start % 2, 2)
    f.seek(start)
    data = f.read(max(0, size - start))
    if codec is None:
        return data.decode("utf-8", errors="replace"), whole
    return data[:len(data) - len(data) % 2].decode(codec, errors="replace"), whole


def _printable(line: bytes) -> str:
    """The line as the caller sees it: bad bytes as U+FFFD, at most MAX_LINE chars."""
    return line.decode("utf-8", errors="replace")[:MAX_LINE]


def _progress_of(m) -> tuple[float, float | None] | None:
    """(done, total) of a progress match: named groups, else the first two groups; finite only."""
    groups = m.re.groupindex
    try:
        done = m.group("done") if "done" in groups else m.group(1)
        if "total" in groups:
            total = m.group("total")
        else:
            total = m.group(2) if m.re.groups >= 2 and "done" not in groups else None
        done_f, total_f = float(done), float(total) if total is not None else None
    except (IndexError, TypeError, ValueError):
        return None
    if not math.isfinite(done_f) or (total_f is not None and not math.isfinite(total_f)):
        return None  # "inf" or "nan" in a log is not a reading
    return done_f, total_f


TAIL_BYTES = 256 * 1024  # what ``tail`` reads of a failed attempt's log: its last tracebacks and summaries


def tail(path: Path, max_bytes: int = TAIL_BYTES, follow_links: bool = False) -> str:
    """The last ``max_bytes`` of a log as text, from its first whole line (``\\r`` ends a line too).

    Opened as ``scan`` opens a log (no link followed unless ``follow_links``, regular files only,
    without blocking); "" when the file is missing or refused. The structure of a failure
    (``tianluo.faults.structure``) is read from it.
    """
    f, _refused = _open(path, follow_links)
    if f is None:
        return ""
    with f:
        size = os.fstat(f.fileno()).st_size
        data, whole = _text_window(f, max(0, size - max_bytes), size)
    if not whole:
        cut = data.find("\n")
        data = data[cut + 1:] if cut >= 0 else ""
    # A line a Windows program (or a pasted log) ends with CR LF is one line, not a line and an empty one: a
    # traceback's lines stay together.
    text = ESCAPES.sub("", data.replace("\r\n", "\n").translate(_CR_TO_LF_TEXT))
    if "[0m" in text:
        text = ORPHAN_COLOURS.sub("", text)
    return _STAMPS_TEXT.sub("", text)  # on every line that has one, as the scan reads them (``_decorated``)
