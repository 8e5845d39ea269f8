"""BASELINE for benchmarks/bench_logscan.py: tianluo.logscan as it was before RE2 (commit 256b713),
verbatim but for this paragraph. Python's re with literal "needles" from re._parser; it
backtracks on hostile patterns, which is why it was replaced. Not used by tianluo itself.

Incremental log reading: every byte of a log is scanned once, from the last cursor on.

A tick never reads a whole log. ``scan`` seeks to the cursor kept in ``state.json``, reads
the new bytes in chunks of ``CHUNK`` bytes, and reports the lines that match any rule
pattern plus the last progress reading. A 10 GB log costs what its new bytes cost, and a
fatal line that scrolled far above the tail is still found, because no byte is skipped.

Lines end at ``\\n`` or ``\\r`` (tqdm redraws its bar with ``\\r``; waiting for ``\\n`` would
make progress look stalled). The cursor never moves past an incomplete last line, so a line
being written is read whole on the next tick, unless that line is already longer than
``MAX_LINE`` bytes: then it is consumed in ``MAX_LINE`` pieces, to keep memory bounded.

Standard library only; the only I/O is reading the file.
"""

import os
import re
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

MAX_LINE = 64 * 1024  # bytes of one line (or one piece of a longer line)
CHUNK = 1024 * 1024  # bytes read at a time
MAX_RULE_SHARE = 5  # one rule fills at most 1/5 of max_matches, so a flood cannot hide others

_NEWLINES = (b"\n", b"\r")
_GLOBAL_FLAGS = re.compile(r"^\(\?([aiLmsux]+)\)")
_BACKREF = re.compile(r"\\[1-9]|\(\?P=")
_SCOPED = (("i", re.IGNORECASE), ("s", re.DOTALL), ("x", re.VERBOSE), ("a", re.ASCII))
MIN_NEEDLE = 3  # shorter literals would flag too many lines; such patterns run as regexes

try:  # the stdlib's own regex parser, used only to speed the search up
    from re import _parser
    _REPEATS = (_parser.MAX_REPEAT, _parser.MIN_REPEAT, _parser.POSSESSIVE_REPEAT)
    _ATOMIC = _parser.ATOMIC_GROUP
except (ImportError, AttributeError):  # pragma: no cover - another Python: every pattern runs as is
    _parser = None


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


def scan(path: Path, name: str, cursor: Cursor, patterns: Mapping[str, re.Pattern],
         progress: re.Pattern | None = None, max_bytes: int = 64 * 1024 * 1024,
         max_matches: int = 50) -> ScanResult:
    """Scan the bytes of ``path`` written since ``cursor``.

    Args:
        path: The log file.
        name: How the file is named in the returned lines (e.g. "stderr").
        cursor: Where the previous scan stopped.
        patterns: Rule name -> compiled pattern, searched in each line.
        progress: A pattern with a ``done`` (and optionally ``total``) group.
        max_bytes: Stop after about this many bytes; ``more`` tells the caller to come back.
        max_matches: At most this many lines in ``matches``; one rule fills at most a fifth.

    Returns:
        The new cursor and what was found. A missing file gives an empty result and the
        same cursor. A truncated or replaced file (size below the cursor, other inode) is
        scanned from 0 and flagged ``restarted``.
    """
    try:
        f = open(path, "rb")
    except OSError:
        return ScanResult(cursor, 0, (), None, None, False, False)
    with f:
        st = os.fstat(f.fileno())  # of the file we opened, not of a name that may be rotated
        start, restarted = cursor.offset, False
        if (cursor.inode is not None and cursor.inode != st.st_ino) or st.st_size < cursor.offset:
            start, restarted = 0, True
        f.seek(start)
        state = _Scan(name, patterns, progress, max_matches)
        end, more = _read(f, start, max_bytes, st.st_size, state)
    return ScanResult(cursor=Cursor(end, st.st_ino), new_bytes=end - start, matches=tuple(state.matches),
                      progress=state.progress, progress_at=state.progress_at, restarted=restarted, more=more)


def tail_lines(path: Path, n: int = 50, max_bytes: int = 256 * 1024) -> list[str]:
    """The last ``n`` lines of ``path`` (from at most its last ``max_bytes``); [] if missing."""
    if n <= 0:
        return []
    try:
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            start = max(0, size - max_bytes)
            f.seek(start)
            data = f.read(size - start)
    except OSError:
        return []
    lines = data.decode("utf-8", errors="replace").splitlines()
    if start > 0 and lines:
        lines = lines[1:]  # the first line was cut by the window
    return [line[:MAX_LINE] for line in lines[-n:]]


# --- reading ------------------------------------------------------------------------------


def _read(f, start: int, max_bytes: int, size: int, state: "_Scan") -> tuple[int, bool]:
    """Feed the file to ``state`` chunk by chunk; the end offset consumed and whether more is left."""
    pos, buf = start, b""  # pos: the file offset of buf[0]
    limit = start + max_bytes
    while True:
        read_to = pos + len(buf)
        if read_to >= limit and pos > start:
            return pos, pos < size
        # Past the limit only to finish the first line, so a long line cannot stall the cursor.
        data = f.read(min(CHUNK, limit - read_to) if read_to < limit else CHUNK)
        if not data:
            return pos, False
        buf += data
        cut = _cut(buf) if pos + len(buf) <= limit else _cut_first(buf)
        if cut:
            state.feed(buf[:cut], pos)
            buf, pos = buf[cut:], pos + cut


def _cut(buf: bytes) -> int:
    """How much of ``buf`` is whole lines, plus MAX_LINE pieces of an overlong last line."""
    cut = max(buf.rfind(nl) for nl in _NEWLINES) + 1
    rest = len(buf) - cut
    if rest > MAX_LINE:
        cut += rest // MAX_LINE * MAX_LINE
    return cut


def _cut_first(buf: bytes) -> int:
    """How much of ``buf`` is its first line, or its first MAX_LINE piece."""
    ends = [i for i in (buf.find(nl, 0, MAX_LINE) for nl in _NEWLINES) if i >= 0]
    if ends:
        return min(ends) + 1
    return MAX_LINE if len(buf) > MAX_LINE else 0


# --- matching -----------------------------------------------------------------------------


class _Scan:
    """Accumulates matches and the last progress reading over the chunks of one scan."""

    def __init__(self, name: str, patterns: Mapping[str, re.Pattern], progress: re.Pattern | None,
                 max_matches: int):
        self.name = name
        self.patterns = dict(patterns)
        # MULTILINE: a chunk holds many lines, and ^ or $ in the regex mean a line's ends.
        self.progress_re = re.compile(progress.pattern, progress.flags | re.MULTILINE) if progress else None
        self.max_matches = max(0, max_matches)
        self.per_rule = max(1, self.max_matches // MAX_RULE_SHARE)
        self.matches: list[LogLine] = []
        self.counts: dict[str, int] = {}
        self.progress: tuple[float, float | None] | None = None
        self.progress_at: int | None = None
        self.finders = _finders(tuple(self.patterns.values()))

    def feed(self, data: bytes, offset: int) -> None:
        """Scan whole lines ``data`` that start at byte ``offset`` of the file."""
        # surrogateescape maps each bad byte to one char and back, so byte offsets stay exact.
        text = data.decode("utf-8", errors="surrogateescape").replace("\r", "\n")
        offsets = _ByteOffsets(text, offset)
        hits = _Hits(text, self.finders)
        pos = 0
        while len(self.matches) < self.max_matches and (hit := hits.next(pos)) is not None:
            at, candidates = hit
            start = text.rfind("\n", 0, at) + 1
            end = text.find("\n", at)
            end = len(text) if end < 0 else end
            if not any(p.search(text, start, end) for p in candidates):
                pos = at + 1  # a false alarm; another literal may follow on this line
                continue
            if self._take(text, start, end, offsets):
                # A rule has its share: stop looking for it, or a flood of it would cost a
                # Python step per line.
                self.finders = _finders(tuple(p for n, p in self.patterns.items() if not self._full(n)))
                hits = _Hits(text, self.finders)
            pos = end + 1
        if self.progress_re is not None:
            self._read_progress(text, offset)

    def _full(self, rule: str) -> bool:
        return self.counts.get(rule, 0) >= self.per_rule

    def _take(self, text: str, start: int, end: int, offsets: "_ByteOffsets") -> bool:
        """Keep the line if it matches a rule that still has room; whether a rule just filled up."""
        line = text[start:end]
        if len(line) > MAX_LINE:  # a complete overlong line: keep the piece that matched
            start, line = self._piece(line, start)
        rules = tuple(name for name, p in self.patterns.items() if p.search(line))
        if not rules or all(self._full(r) for r in rules):
            return False
        for r in rules:
            self.counts[r] = self.counts.get(r, 0) + 1
        self.matches.append(LogLine(self.name, offsets.at(start), _printable(line), rules))
        return any(self.counts[r] == self.per_rule for r in rules)

    def _piece(self, line: str, start: int) -> tuple[int, str]:
        for i in range(0, len(line), MAX_LINE):
            piece = line[i:i + MAX_LINE]
            if any(p.search(piece) for p in self.patterns.values()):
                return start + i, piece
        return start, line[:MAX_LINE]

    def _read_progress(self, text: str, offset: int) -> None:
        # deque(maxlen=1) walks the matches in C and keeps only the last one.
        last = deque(self.progress_re.finditer(text), maxlen=1)
        if not last:
            return
        reading = _progress_of(last[0])
        if reading is not None:
            self.progress = reading
            line_start = text.rfind("\n", 0, last[0].start()) + 1
            self.progress_at = offset + len(text[:line_start].encode("utf-8", "surrogateescape"))


# --- finding candidate lines fast ---------------------------------------------------------
#
# Python's re is fast only when a pattern starts with a literal: an alternation of anchored
# rules runs at a few MB/s. So each pattern is reduced to literals ("needles"), one of which
# every match must contain ("TypeError", "CUDA out of memory"); all needles are found with
# ONE literal regex, and a hit is confirmed by the few patterns that own that needle, on
# its line only. Patterns with no usable literal are combined into one more regex.

# A finder, and the patterns that confirm a hit: by the needle it found, or always the same.
_Finder = tuple[re.Pattern, "dict[str, tuple[re.Pattern, ...]] | tuple[re.Pattern, ...]"]


@lru_cache(maxsize=64)  # a tick scans many files with the same patterns
def _finders(patterns: tuple[re.Pattern, ...]) -> tuple[_Finder, ...]:
    """The finders for ``patterns`` (each compiled again with MULTILINE, for ^ at a line start)."""
    owners: dict[str, list[re.Pattern]] = {}
    rest = []
    for p in patterns:
        exact = re.compile(p.pattern, p.flags | re.MULTILINE)
        needles = _needles(p)
        if not needles:
            rest.append(exact)
        for n in needles or ():
            owners.setdefault(_trim(n), []).append(exact)
    finders: list[_Finder] = []
    if owners:
        # A needle that contains another finds nothing more: the shorter one takes its owners.
        kept = {n for n in owners if not any(m != n and m in n for m in owners)}
        by_needle = {k: tuple(dict.fromkeys(p for n, ps in owners.items() if k in n for p in ps)) for k in kept}
        finders.append((re.compile(_trie(sorted(kept))), by_needle))
    combined = _combined(rest)
    if len(combined) == 1:
        finders.append((combined[0], tuple(rest)))
    else:  # they did not combine: each finds and confirms for itself
        finders.extend((f, (f,)) for f in combined)
    return tuple(finders)


class _Hits:
    """The next hit of any finder; each finder only ever searches forward."""

    def __init__(self, text: str, finders: tuple[_Finder, ...]):
        self.text, self.finders = text, finders
        self.next_match: list[re.Match | None] = [None] * len(finders)
        self.done = [False] * len(finders)

    def next(self, pos: int) -> tuple[int, tuple[re.Pattern, ...]] | None:
        """(position, patterns that may match its line) of the first hit at or after ``pos``."""
        best = None
        for i, (finder, confirm) in enumerate(self.finders):
            m = self.next_match[i]
            if not self.done[i] and (m is None or m.start() < pos):
                m = self.next_match[i] = finder.search(self.text, pos)
                self.done[i] = m is None
            if m is not None and (best is None or m.start() < best[0]):
                best = m.start(), confirm[m.group()] if isinstance(confirm, dict) else confirm
        return best


def _needles(p: re.Pattern) -> set[str] | None:
    """Literals, at least MIN_NEEDLE long, one of which every match of ``p`` contains; None if unknown."""
    if _parser is None or p.flags & re.IGNORECASE:
        return None
    try:
        return _factors(list(_parser.parse(p.pattern, p.flags)))
    except Exception:  # a private parser of another Python version: fall back to the regex itself
        return None


def _factors(items: list) -> set[str] | None:
    """The best required-literal set of a parsed sequence: its weakest literal is the longest."""
    best: set[str] | None = None
    run: list[str] = []

    def consider(candidate: set[str] | None) -> None:
        nonlocal best
        if candidate and min(map(len, candidate)) >= MIN_NEEDLE and (
                best is None or _score(candidate) > _score(best)):
            best = candidate

    for op, av in items:
        if op is _parser.LITERAL:
            run.append(chr(av))
            continue
        consider({"".join(run)})
        run = []
        if op is _parser.SUBPATTERN:
            _group, add_flags, _del_flags, sub = av
            if not add_flags & re.IGNORECASE:
                consider(_factors(list(sub)))
        elif op is _parser.BRANCH:
            branches = [_factors(list(b)) for b in av[1]]
            if all(branches):
                consider(set().union(*branches))
        elif op in _REPEATS and av[0] >= 1:
            consider(_factors(list(av[2])))
        elif op is _ATOMIC:
            consider(_factors(list(av)))
        # Anything else (classes, anchors, lookarounds, backreferences) requires no literal.
    consider({"".join(run)})
    return best


def _score(needles: set[str]) -> tuple[int, int]:
    return min(map(len, needles)), -len(needles)


def _trim(needle: str) -> str:
    """A part of ``needle`` (so still required) that starts at a rarer character.

    The regex engine tries the alternation at every position holding a possible first
    character; spaces and lower-case letters are everywhere in a log, capitals are not.
    """
    for i, c in enumerate(needle):
        if not (c.isspace() or c.islower()) and len(needle) - i >= 5:
            return needle[i:]
    stripped = needle.strip()
    return stripped if len(stripped) >= MIN_NEEDLE else needle


def _trie(words: list[str]) -> str:
    """One regex for the literal ``words``, shared prefixes merged (fewer branches to try)."""
    root: dict = {}
    for word in words:
        node = root
        for c in word:
            node = node.setdefault(c, {})
        node[""] = {}

    def build(node: dict) -> str:
        alts = [re.escape(c) + build(child) for c, child in sorted(node.items()) if c]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return "(?:" + body + ")?" if "" in node else body

    return build(root)


def _combined(patterns: list[re.Pattern]) -> list[re.Pattern]:
    """One MULTILINE alternation of ``patterns``, or the patterns one by one if they do not combine."""
    if not patterns:
        return []
    parts = []
    for p in patterns:
        body = p.pattern
        if _BACKREF.search(body):  # \1 would point elsewhere once combined
            return _each(patterns)
        m = _GLOBAL_FLAGS.match(body)
        if m:  # "(?i)x" cannot sit inside an alternation; p.flags already carries it
            body = body[m.end():]
        flags = "".join(c for c, f in _SCOPED if p.flags & f)
        parts.append(f"(?{flags}:{body})" if flags else f"(?:{body})")
    try:
        return [re.compile("|".join(parts), re.MULTILINE)]
    except re.error:  # e.g. the same group name in two patterns
        return _each(patterns)


def _each(patterns: list[re.Pattern]) -> list[re.Pattern]:
    """The patterns one by one, with ^ and $ at every line of a chunk."""
    return [re.compile(p.pattern, p.flags | re.MULTILINE) for p in patterns]


class _ByteOffsets:
    """Char index -> file byte offset, for increasing indexes, encoding each stretch once."""

    def __init__(self, text: str, offset: int):
        self.text, self.char, self.byte = text, 0, offset

    def at(self, index: int) -> int:
        if index < self.char:  # not expected (hits come in order); recount from the start
            self.byte -= len(self.text[:self.char].encode("utf-8", "surrogateescape"))
            self.char = 0
        self.byte += len(self.text[self.char:index].encode("utf-8", "surrogateescape"))
        self.char = index
        return self.byte


def _printable(line: str) -> str:
    """The line as the caller sees it: bad bytes as U+FFFD, at most MAX_LINE chars."""
    return line.encode("utf-8", "surrogateescape").decode("utf-8", errors="replace")[:MAX_LINE]


def _progress_of(m: re.Match) -> tuple[float, float | None] | None:
    """(done, total) of a progress match: named groups, else the first two groups."""
    groups = m.re.groupindex
    try:
        done = m.group("done") if "done" in groups else m.group(1)
        if "total" in groups:
            total = m.group("total")
        else:
            total = m.group(2) if m.re.groups >= 2 and "done" not in groups else None
        return float(done), float(total) if total is not None else None
    except (IndexError, TypeError, ValueError):
        return None
