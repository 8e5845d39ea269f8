"""The linear-time regex engine for every pattern that touches a log: RE2 (google-re2).

Python's ``re`` backtracks: ``(a+)+$`` against one log line of 30 ``a``s and a ``!`` runs for
hours, holding the run lock. RE2 runs in time linear in the text for every pattern it accepts,
and refuses the few features that need backtracking (backreferences, lookaround, atomic
groups, possessive quantifiers). User patterns (``progress.regex``, ``rules[].match.log``)
are checked here at plan time, so a tick never meets a pattern it cannot run.

Every pattern is compiled the same way: ``^`` and ``$`` mean a line's ends (``(?m)``), and no
match crosses a newline (``never_nl``), so a pattern matches what it would match in each line
alone. ``\\d``, ``\\w``, ``\\s`` and ``\\b`` are ASCII, as in RE2. RE2 never writes to stderr here
(``log_errors`` off), so the CLI's one-line errors stay one line.
"""

import re
from functools import lru_cache

import re2

from tianluo.lazily import Compiled

MAX_PATTERN_CHARS = 4096  # a user's log pattern longer than this is refused at plan time (``check``)
# Any pattern: the built-in rules are longer than a user's may be, once a launcher's prefix is allowed at each of
# their line starts (RE2's memory budget bounds what they compile to, too).
MAX_COMPILED_CHARS = 16384
MAX_MEM = 8 << 20  # RE2's budget for one pattern's program and DFA cache (its default)
COMBINED_MAX_MEM = 128 << 20  # an alternation of many rules gets more: past its DFA budget RE2 falls back to its
# NFA, hundreds of times slower (the rulebook of 92 rules needed more than 16 MiB on a trainer's log, and of set 57's
# fixes more than 64 MiB: 2,696x one rule's scan). A budget, not an allocation: RE2 takes its DFA's states as a scan
# needs them (the scan's peak RSS was 57 MiB at 64 and at 128)

REFUSED_SYNTAX = ("backreferences, lookahead/lookbehind, atomic groups, possessive quantifiers, "
                  "\\Z (write \\z), (?x), comments, repeat counts above 1000")

#: Python ``re`` flags that have an RE2 spelling (MULTILINE is always on).
_FLAGS = ((re.IGNORECASE, "i"), (re.DOTALL, "s"))


class UnsupportedPattern(ValueError):
    """The pattern is not valid, or needs a feature the linear-time engine refuses."""


def check(pattern: str, *, capture: bool = False):
    """A user's pattern compiled (``compile_pattern``), or UnsupportedPattern with a message they can act on: RE2
    cannot take it, or it is longer than ``MAX_PATTERN_CHARS``."""
    if len(source(pattern)) > MAX_PATTERN_CHARS:
        raise _too_long(len(source(pattern)), MAX_PATTERN_CHARS)
    return compile_pattern(pattern, capture=capture)


def _too_long(length: int, limit: int) -> UnsupportedPattern:
    return UnsupportedPattern(f"too long: {length} characters, the limit is {limit}; "
                              f"match a shorter, distinctive part of the line")


def compile_pattern(pattern, *, capture: bool = False):
    """The RE2 regex for ``pattern`` (a string, or a compiled ``re``/``re2`` pattern), line by line.

    Args:
        pattern: The pattern; an ``re.Pattern`` keeps its IGNORECASE and DOTALL flags.
        capture: Keep capturing groups (``done``/``total``); without them RE2 never runs its
            slower submatch engines, so rule patterns are compiled without.

    Raises:
        UnsupportedPattern: The pattern is too long, invalid, or needs backtracking.
    """
    return _compile(source(pattern), capture)


class LazyPattern(Compiled):
    """``compile_pattern(pattern, capture=capture)`` on first use: a module of forty patterns (``structure``)
    costs its importer nothing until a failed attempt's log is read. Any attribute is the compiled one's."""

    def __init__(self, pattern: str, *, capture: bool = False):
        super().__init__(compile_pattern, pattern, capture=capture)
        self.text = pattern  # its source, for a prefilter of several (``prefilter``), read without compiling it


def source(pattern) -> str:
    """The pattern text of a string or a compiled pattern, with its ``re`` flags spelled inline."""
    if isinstance(pattern, str):
        return pattern
    if isinstance(pattern, LazyPattern):
        return pattern.text
    text = pattern.pattern
    if isinstance(text, bytes):
        text = text.decode("utf-8", errors="replace")
    if isinstance(pattern, re2._Regexp):  # compiled here: "(?m)" was put in front
        return text.removeprefix("(?m)")
    flags = getattr(pattern, "flags", 0)
    if isinstance(flags, int):
        if flags & re.VERBOSE:
            raise UnsupportedPattern(f"not supported by the linear-time engine (RE2): verbose mode; "
                                     f"it refuses {REFUSED_SYNTAX}")
        inline = "".join(c for f, c in _FLAGS if flags & f)
        if inline:
            text = f"(?{inline}){text}"
    return text


@lru_cache(maxsize=256)
def _compile(text: str, capture: bool):
    if len(text) > MAX_COMPILED_CHARS:
        raise _too_long(len(text), MAX_COMPILED_CHARS)
    if "\x00" in text:
        raise UnsupportedPattern("contains a NUL byte; remove it")
    try:
        return re2.compile("(?m)" + text, options(capture=capture))
    except re2.error as exc:
        reason = _reason(exc)
    if reason is None:
        raise UnsupportedPattern(f"too large for the linear-time engine (RE2) once compiled (over its "
                                 f"{MAX_MEM >> 20} MiB budget): use smaller repeat counts, "
                                 "or split it into several rules")
    try:  # Python's parser only tells a typo from a feature RE2 refuses; it never runs the pattern
        re.compile(text)
    except (re.error, RecursionError, OverflowError, ValueError) as exc:
        raise UnsupportedPattern(f"not a valid regular expression: {exc}") from None
    raise UnsupportedPattern(f"not supported by the linear-time engine (RE2): {reason}; "
                             f"it refuses {REFUSED_SYNTAX}: rewrite the pattern without them")


#: Unrelated texts (and the empty one): a pattern that matches each of them matches any text at all.
UNRELATED_TEXTS = ("", "q", "0", "Zx7kp", "8fG2 wQ", "Job 1234 failed: no such thing")


def matches_anything(pattern: str) -> bool:
    """Whether ``pattern`` matches the empty text, or every one of a few unrelated texts (``.*``, ``^``,
    ``(|x)``, ``.``, ``\\w``): it tells nothing apart. The pattern must compile (``compile_pattern``)."""
    compiled = compile_pattern(pattern)
    return compiled.search("") is not None or all(compiled.search(t) for t in UNRELATED_TEXTS[1:])


def compile_any(patterns: tuple[str, ...]):
    """One RE2 alternation that matches a line when any of ``patterns`` does; None if too big.

    The patterns must already compile one by one (``compile_pattern``).
    """
    if not patterns:
        return None
    body = "|".join(f"(?:{p})" for p in patterns)
    try:
        return re2.compile("(?m)" + body, options(capture=False, max_mem=COMBINED_MAX_MEM))
    except re2.error:  # too big as one program: the caller searches them one by one
        return None


#: Patterns a prefilter's filter holds at most: RE2 compiles a filter's literals into one set under its default memory
#: bound, which the rulebook's 180 rules outgrew (at 99 a filter it fits with room). Each filter reads the text once.
FILTER_PATTERNS = 128


@lru_cache(maxsize=16)
def prefilter(patterns: tuple[str, ...]):
    """RE2's FilteredRE2 over ``patterns`` (each compiles alone, ``compile_pattern``): ``Match(text, potential=True)``
    gives the indexes of those a text's literals leave possible, a superset of those that match it (from the literals
    each needs: "out of memory" for ``CUDA out of memory``). None if RE2 will not build it.

    More than ``FILTER_PATTERNS`` are split into consecutive slices of even size, each its own filter, and a slice
    whose literals still outgrow RE2's bound is halved until it fits; their answers are one."""
    if not patterns:
        return None
    count = -(-len(patterns) // FILTER_PATTERNS)
    size = -(-len(patterns) // count)
    try:
        parts = [part for at in range(0, len(patterns), size) for part in _filters(patterns[at:at + size], at)]
    except re2.error:
        return None
    return parts[0][1] if len(parts) == 1 else _Filters(tuple(parts))


class Gate:
    """RE2's prefilter (``prefilter``) of some patterns, each known by the object it belongs to (a rule, a compiled
    pattern): which of them a text's literals leave possible, so the others are not searched.

    ``possible(text)`` is None when RE2 would not build the filter (then every pattern must be searched);
    ``place(owner)`` is an owner's index in it, a KeyError for an object the gate was not given; ``find(owner)`` the
    same, None for such an object (a caller whose owners are only partly gated: a spec's own rules beside the
    built-in ones)."""

    __slots__ = ("places", "filter")

    def __init__(self, owners: tuple, sources: tuple[str, ...]):
        self.places = {id(owner): i for i, owner in enumerate(owners)}
        self.filter = prefilter(sources)

    def place(self, owner) -> int:
        return self.places[id(owner)]

    def find(self, owner) -> int | None:
        return self.places.get(id(owner))

    def possible(self, text) -> frozenset[int] | None:
        if self.filter is None:
            return None
        return frozenset(self.filter.Match(text, potential=True) or ())


def _filters(patterns: tuple[str, ...], offset: int) -> list:
    """[(index of the first pattern, its filter)] covering ``patterns``, halved until each half compiles."""
    found = re2.Filter()
    for p in patterns:
        found.Add("(?m)" + p, options(capture=False))
    try:
        found.Compile()
    except re2.error:
        if len(patterns) < 2:
            raise
        half = len(patterns) // 2
        return _filters(patterns[:half], offset) + _filters(patterns[half:], offset + half)
    return [(offset, found)]


class _Filters:
    """Several filters over consecutive slices of one tuple of patterns, answering as one filter of them all."""

    __slots__ = ("parts",)

    def __init__(self, parts: tuple):
        self.parts = parts

    def Match(self, text, potential: bool = False) -> list[int] | None:  # re2.Filter's own name: either serves
        found: list[int] = []
        for offset, part in self.parts:
            found += [offset + i for i in part.Match(text, potential=potential) or ()]
        return found or None


def options(*, capture: bool, max_mem: int = MAX_MEM) -> "re2.Options":
    """The RE2 options every log pattern is compiled with."""
    o = re2.Options()
    o.never_nl = True  # a match never crosses a line end
    o.never_capture = not capture
    o.log_errors = False  # RE2 would print errors and DFA budget warnings on stderr
    o.max_mem = max_mem
    return o


def _reason(exc: Exception) -> str | None:
    """RE2's complaint, readable; None if the pattern only was too large."""
    msg = exc.args[0] if exc.args else str(exc)
    if isinstance(msg, bytes):
        msg = msg.decode("utf-8", errors="replace")
    msg = str(msg)
    if msg.startswith("pattern too large"):  # RE2: "pattern too large - compile failed"
        return None
    return msg.replace("(?m)", "", 1).replace("\n", " ")
