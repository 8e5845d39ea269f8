"""Load YAML and remember the line of every key, so errors can name file, line and key."""

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
)

from tianluo.errors import SpecError
from tianluo.shell import fsio
from tianluo.shell.gcpause import paused_gc

Loc = tuple[str | int, ...]


@dataclass
class YamlSource:
    """Parsed YAML data plus the 1-based line where each path starts."""

    path: Path
    data: object
    lines: dict[Loc, int] = field(default_factory=dict)

    def line_of(self, loc: Loc) -> int | None:
        """The line of ``loc`` or of its nearest ancestor that has one."""
        loc = tuple(loc)
        while True:
            if loc in self.lines:
                return self.lines[loc]
            if not loc:
                return None
            loc = loc[:-1]

    def where(self, loc: Loc) -> str:
        line = self.line_of(loc)
        return f"{self.path}:{line}" if line else str(self.path)


def dotted(loc: Loc) -> str:
    """``('entities', 'a', 'stages', 'train', 'needs', 0) -> 'entities.a.stages.train.needs[0]'``.

    A key that is not one plain line (a newline, a NUL, very long) is shown quoted and cut,
    so the message stays one line.
    """
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            text = str(part)
            if len(text) > 80 or not text.isprintable():
                text = repr(text[:80]) + ("..." if len(text) > 80 else "")
            out += ("." if out else "") + text
    return out or "(top level)"


#: Bounds on what any YAML file tianluo reads may cost (reference/spec.md, "Limits").
SPEC_MAX_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 32  # a spec is about 8 levels deep; PyYAML's composer recurses per level
MAX_ALIAS_NODES = 100_000  # nodes that aliases may add by repeating what they point to


def read_capped(path: Path, max_bytes: int, what: str, error: type = SpecError) -> bytes:
    """The bytes of a regular file of at most ``max_bytes`` (``fsio.read_bytes``), or ``error``
    saying in the words of a file the user named what is wrong with it.

    Raises:
        error: the file is missing, not a regular file (a folder, a FIFO, a device) or too big.
    """
    try:
        return fsio.read_bytes(path, max_bytes)
    except FileNotFoundError:
        noun = what if what.endswith(" file") else "file"
        raise error(f"{path}: no such {noun}; pass the path of your {what}") from None
    except fsio.UnsafePath:
        if os.path.isdir(path):
            raise error(f"{path}: is a folder; pass the path of your {what}") from None
        raise error(f"{path}: not a regular file (a FIFO, socket or device); pass the path of your {what}") from None
    except ValueError:
        raise error(f"{path}: over the {_size(max_bytes)} limit for the {what}") from None
    except OSError as exc:
        raise error(f"{path}: cannot read the {what}: {exc.strerror}") from None


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MiB" if n >= 1024 * 1024 else f"{n // 1024} KiB"


def load_yaml(path: Path, max_bytes: int = SPEC_MAX_BYTES, loader: type | None = None, what: str = "tianluo.yaml",
              error: type = SpecError, label: str = "YAML error") -> YamlSource:
    """Read ``path`` as YAML; raise ``error`` naming the file and line on any problem.

    Bounded before anything is built: at most ``max_bytes`` are read, nesting deeper than
    ``MAX_DEPTH`` and aliases that would repeat more than ``MAX_ALIAS_NODES`` nodes (the
    billion-laughs bomb) are refused while the events stream by, so neither memory nor
    recursion depends on what the file says. The file is parsed once: the data is built from
    the same event stream the bounds are checked on (a 10,000-stage spec is 280,000 events).
    """
    raw = read_capped(path, max_bytes, what, error)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text (byte {exc.start} of the file); save the {what} as UTF-8") from None
    try:
        with paused_gc():
            return _build(path, text, loader or _TextKeyLoader, error)
    except yaml.MarkedYAMLError as exc:
        explained = explain_syntax(exc, text)
        if explained is not None:
            at, words = explained
            raise error(f"{path}:{at}: {label}: {words}") from None
        mark = exc.problem_mark or exc.context_mark
        ctx = exc.context_mark
        problem = exc.problem or exc.context or "invalid YAML"
        if mark and ctx and exc.context and ctx.line != mark.line:
            if mark.line >= len(text.splitlines()):  # reached the end: blame where it opened
                problem += f" at the end of the file ({exc.context} at this line)"
                mark = ctx
            else:
                problem += f" ({exc.context} started at line {ctx.line + 1})"
        line = f":{mark.line + 1}" if mark else ""
        raise error(f"{path}{line}: {label}: {problem}") from None
    except yaml.YAMLError as exc:
        raise error(f"{path}: {label}: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    except (ValueError, TypeError, OverflowError) as exc:  # a value YAML resolves but cannot build (2001-13-45)
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        if "integer string conversion" in first:
            first = "a number has more than 4300 digits"
        raise error(f"{path}: {label}: a value cannot be read: {first[:200]}") from None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _above(lines: list[str], n: int) -> int | None:
    """The index of the last line above index ``n`` that holds more than a comment."""
    for i in range(min(n, len(lines)) - 1, -1, -1):
        if lines[i].strip() and not lines[i].lstrip().startswith("#"):
            return i
    return None


def _clip(text: str) -> str:
    text = text.strip()
    return repr(text if len(text) <= 40 else text[:40] + "...")


_FLOW_THEN_TEXT = re.compile(r"\s*(?:- )?[^:#]+:\s+[\[{][^#]*?[\]}]\s*[^\s#,]")


def explain_syntax(exc: yaml.MarkedYAMLError, text: str) -> tuple[int, str] | None:
    """The common YAML mistakes in tianluo's words: ``(line, what and how to fix it)``.

    PyYAML names where its parser gave up, often the line after the mistake (a key without
    its ':' is found out on the line below). The line given here is the one to edit; None
    leaves the parser's own words (with its lines) to the caller.
    """
    mark = exc.problem_mark
    if mark is None:
        return None
    problem = exc.problem or ""
    lines = text.splitlines()
    n = mark.line
    here = lines[n] if n < len(lines) else ""
    if "\t" in problem or (problem.startswith("found character that cannot start any token")
                            and here[mark.column:mark.column + 1] == "\t"):
        return n + 1, "a tab in the indentation; YAML indents with spaces only: replace the tab with spaces"
    if problem.startswith("could not find expected ':'") and exc.context_mark is not None:
        k = exc.context_mark.line
        return k + 1, (f"{_clip(lines[k] if k < len(lines) else '')} has no ':'; write it as `key: value` "
                       "(or `key:` with what it holds indented below)")
    if problem.startswith("mapping values are not allowed"):
        prev = _above(lines, n)
        if prev is not None and _indent(here) > _indent(lines[prev]) and not lines[prev].rstrip().endswith(":"):
            above = lines[prev].strip()
            if ":" not in above and not above.startswith("- "):
                return prev + 1, (f"{_clip(above)} has no ':' but the lines below are indented under it; "
                                  f"write `{above}:`")
            return n + 1, (f"indented deeper than line {prev + 1}, which already has its value; line it up with "
                           f"the key of line {prev + 1} (or, if line {prev + 1}'s value goes on here, quote it)")
        return n + 1, ("a ': ' inside a value; quote the value (e.g. run: \"echo a: b\"), "
                       "or put one key on each line")
    if problem.startswith("did not find expected key") and exc.context_mark is not None:
        prev = _above(lines, n)
        opened = exc.context_mark.line
        for at in (n, prev):
            if at is not None and at < len(lines) and _FLOW_THEN_TEXT.match(lines[at]):
                return at + 1, ("a value starting with '{' or '[' is read as a mapping or list, and text goes on "
                               "after it; quote the value (e.g. run: \"{lr} x\")")
        want = exc.context_mark.column  # where the mapping's first key starts
        if prev is not None and _indent(here) > _indent(lines[prev]):
            return n + 1, (f"indented deeper than line {prev + 1}, which already has its value; line it up with "
                           f"the key of line {prev + 1}")
        if _indent(here) != want:
            spaces = f"{_indent(here)} space" + ("" if _indent(here) == 1 else "s")
            return n + 1, (f"indented {spaces}, but the keys beside it (from line {opened + 1}) "
                           f"are at {want}; line it up with them")
        return None
    if problem.startswith("did not find expected ','") and exc.context_mark is not None:
        k = exc.context_mark.line
        close = "}" if "mapping" in (exc.context or "") else "]"
        return k + 1, (f"the '{'{' if close == '}' else '['}' opened on this line is not closed with '{close}' "
                       f"(or a ',' is missing between its items); close it on the same line, or write the "
                       "items one per line instead")
    if exc.context == "while scanning a quoted scalar" and exc.context_mark is not None:
        return exc.context_mark.line + 1, "a quoted value that never closes; add its closing quote"
    first = here[mark.column:mark.column + 1]
    if problem.startswith("found character that cannot start any token") and first in ("@", "`"):
        return n + 1, f"a value cannot start with {first!r} in YAML; quote the value"
    if problem.startswith("did not find expected '-' indicator") and exc.context_mark is not None:
        return n + 1, (f"not a list item, inside the list that starts at line {exc.context_mark.line + 1}; start "
                       "it with '- ', or indent it like the key that holds the list")
    return None


_MAP_TAG, _SEQ_TAG = "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"
_MERGE_TAG, _VALUE_TAG = "tag:yaml.org,2002:merge", "tag:yaml.org,2002:value"
_IMMUTABLE = (str, int, float, bool, type(None))


class _Open:
    """A mapping or list whose end event has not come yet."""

    __slots__ = ("anchor", "data", "height", "is_map", "key", "loc", "mark", "merge", "nodes", "seen")

    def __init__(self, anchor, data, loc: Loc, mark):
        self.anchor = anchor
        self.nodes = 1  # nodes of the tree below it, counting what aliases repeat
        self.height = 1
        self.data = data
        self.is_map = type(data) is dict
        self.loc = loc
        self.mark = mark
        self.key: tuple[str, Any] | None = None  # a mapping's key waiting for its value
        self.seen: dict = {}  # a mapping's keys so far -> line
        self.merge: tuple[Any, Any] | None = None  # the value of a '<<' key (and its mark): mappings merged in


def _build(path: Path, text: str, loader: type, error: type) -> YamlSource:
    """The data, its lines and its bounds from one pass over the parser's events.

    What a loader would build (``loader``'s own resolver and constructor for scalars, ``<<``
    merge keys, aliases as the same object), with mapping keys the text written.

    An alias counts as the node it repeats: for the nodes it adds and for how deep it
    reaches (a chain of anchors each 30 levels deep nests as deep as all of them together).
    """
    source = YamlSource(path=path, data=None)
    lines = source.lines
    parser = loader(text)
    frames: list[_Open] = []
    anchors: dict[str, tuple] = {}  # anchor -> (nodes, height, data, text of a scalar, start mark), once closed
    scalars: dict = {}  # (tag, text, implicit) -> the value: most scalars of a spec repeat (keys, templates)
    added = 0
    root_mark = None

    def put(value, nodes: int, height: int, line: int, scalar_text: str | None, mark, is_map: bool | None) -> None:
        """Place a finished node: the root, a list's item, a mapping's key or its value."""
        nonlocal root_mark
        if value is _MERGE and (not frames or not frames[-1].is_map or frames[-1].key is not None):
            raise yaml.constructor.ConstructorError(None, None, "could not determine a constructor for the tag "
                                                    f"{_MERGE_TAG!r}", mark)
        if not frames:
            lines.setdefault((), line)
            source.data = value
            root_mark = mark
            return
        top = frames[-1]
        top.nodes += nodes
        if height >= top.height:
            top.height = height + 1
        if not top.is_map:
            lines[top.loc + (len(top.data),)] = line
            top.data.append(value)
            return
        if top.key is None:
            if scalar_text is None:
                raise error(f"{path}:{line}: {dotted(top.loc)}: a key must be plain text, not a "
                            f"{'mapping' if is_map else 'list'}")
            if scalar_text in top.seen:
                raise error(f"{path}:{line}: {dotted(top.loc + (scalar_text,))}: duplicate key "
                            f"(first at line {top.seen[scalar_text]}); keep one of them")
            top.seen[scalar_text] = line
            lines[top.loc + (scalar_text,)] = line
            top.key = (scalar_text, value)
            return
        key, key_value = top.key
        top.key = None
        if key == "<<" and key_value is _MERGE:
            top.merge = (value, mark)
        else:
            top.data[key] = value

    try:
        while parser.check_event():
            event = parser.get_event()
            kind = type(event)
            line = event.start_mark.line + 1
            if kind is ScalarEvent:
                tag = None if event.tag == "!" else event.tag
                text = event.value
                top = frames[-1] if frames else None
                if top is not None and top.is_map and event.anchor is None:
                    if top.key is None:  # a key: its text; only a merge key ('<<' resolved as one) is more
                        merge = text == "<<" and (tag or parser.resolve(yaml.ScalarNode, "<<", event.implicit))
                        put(_MERGE if merge == _MERGE_TAG else None, 1, 0, line, text, event.start_mark, None)
                        continue
                    if top.key[1] is None:  # the common case, inline: a plain key's scalar value
                        value = scalars.get((tag, text, event.implicit), _MISSING)
                        if value is not _MISSING:
                            top.nodes += 1
                            top.data[top.key[0]] = value
                            top.key = None
                            continue
                cache_key = (tag, text, event.implicit)
                value = scalars.get(cache_key, _MISSING)
                if value is _MISSING:
                    value = _scalar(parser, event, tag)
                    if type(value) in _IMMUTABLE:
                        scalars[cache_key] = value
                if event.anchor is not None:
                    _anchor(anchors, event.anchor, event.start_mark, (1, 0, value, text, event.start_mark))
                put(value, 1, 0, line, text, event.start_mark, None)
            elif kind is MappingStartEvent or kind is SequenceStartEvent:
                if len(frames) + 1 > MAX_DEPTH:
                    raise error(f"{path}:{line}: nested more than {MAX_DEPTH} levels deep; "
                                "tianluo's files are a few levels of mappings and lists")
                is_map = kind is MappingStartEvent
                if frames and frames[-1].is_map and frames[-1].key is None:
                    raise error(f"{path}:{line}: {dotted(frames[-1].loc)}: a key must be plain text, not a "
                                f"{'mapping' if is_map else 'list'}")
                data: dict | list = {} if is_map else []
                if frames:
                    top = frames[-1]
                    loc = top.loc + ((top.key[0],) if top.is_map and top.key is not None else (len(top.data),))
                else:
                    loc = ()
                if event.tag not in (None, "!", _MAP_TAG if is_map else _SEQ_TAG):  # !!set, !!omap, !foo
                    shown = event.tag.replace("tag:yaml.org,2002:", "!!")
                    raise error(f"{path}:{line}: {dotted(loc)}: the tag {shown} is not read here; write a plain "
                                f"{'mapping' if is_map else 'list'}")
                frames.append(_Open(event.anchor, data, loc, event.start_mark))
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                done = frames.pop()
                if done.merge is not None:
                    _merge(done)
                if done.anchor is not None:
                    _anchor(anchors, done.anchor, done.mark, (done.nodes, done.height, done.data, None, done.mark))
                put(done.data, done.nodes, done.height, done.mark.line + 1, None, done.mark, done.is_map)
            elif kind is AliasEvent:
                if any(f.anchor == event.anchor for f in frames):
                    raise error(f"{path}:{line}: the alias *{event.anchor} refers to a node "
                                "that contains it (a recursive alias); write the value out")
                if event.anchor not in anchors:
                    raise yaml.composer.ComposerError(None, None, "found undefined alias", event.start_mark)
                nodes, height, value, scalar_text, _mark = anchors[event.anchor]
                added += nodes
                if added > MAX_ALIAS_NODES:
                    raise error(f"{path}:{line}: aliases expand to more than {MAX_ALIAS_NODES} "
                                "nodes (an alias bomb?); write the values out or use fewer aliases")
                if len(frames) + height > MAX_DEPTH:
                    raise error(f"{path}:{line}: the alias *{event.anchor} nests more than {MAX_DEPTH} levels "
                                "deep; write the value out")
                put(value, nodes, height, line, scalar_text, event.start_mark,
                    None if scalar_text is not None else isinstance(value, dict))
            elif kind is DocumentStartEvent and root_mark is not None:
                raise yaml.composer.ComposerError("expected a single document in the stream", root_mark,
                                                  "but found another document", event.start_mark)
    finally:
        parser.dispose()
    return source


_MISSING = object()
_MERGE = object()  # the value of a '<<' key the resolver calls a merge key


def _scalar(parser, event, tag: str | None):
    """One scalar as ``parser`` (a loader) would build it: its resolver's tag, its constructor."""
    if tag is None:
        tag = parser.resolve(yaml.ScalarNode, event.value, event.implicit)
    if tag == _MERGE_TAG:
        return _MERGE
    if tag == _VALUE_TAG:  # '=', the "value" key of YAML 1.1: text, as the loaders read it as a key
        return event.value
    node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
    try:
        return parser.construct_object(node, deep=True)
    finally:
        parser.constructed_objects.clear()


def _anchor(anchors: dict, name: str, mark, entry: tuple) -> None:
    if name in anchors:  # as the composer says it
        raise yaml.composer.ComposerError("found duplicate anchor; first occurrence", anchors[name][4],
                                          "second occurrence", mark)
    anchors[name] = entry


def _merge(done: _Open) -> None:
    """``<<: *defaults`` (or a list of them): their keys first, the mapping's own win."""
    assert done.merge is not None  # called for a mapping that had a '<<' key
    value, mark = done.merge
    sources = value if isinstance(value, list) else [value]
    for item in sources:
        if not isinstance(item, dict):
            found = "sequence" if isinstance(item, list) else "scalar"
            want = "a mapping" if isinstance(value, list) else "a mapping or list of mappings"
            raise yaml.constructor.ConstructorError("while constructing a mapping", done.mark,
                                                    f"expected {want} for merging, but found {found}", mark)
    own = dict(done.data)
    done.data.clear()
    for item in reversed(sources):
        done.data.update(item)
    done.data.update(own)


class _TextKeyLoader(yaml.CSafeLoader):
    """A safe loader: its resolver and constructor build the scalars (keys stay the text written)."""


