"""Load YAML and remember the line of every key, so errors can name file, line and key."""

import os
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tianluo import fsio
from tianluo.errors import SpecError

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
    recursion depends on what the file says.
    """
    raw = read_capped(path, max_bytes, what, error)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text (byte {exc.start} of the file); save the {what} as UTF-8") from None
    loader = loader or _TextKeyLoader
    try:
        _check_shape(path, text, error)
        parser = loader(text)
        try:
            node = parser.get_single_node()
            source = YamlSource(path=path, data=None)
            if node is not None:
                _walk(node, (), source, error)
                source.data = parser.construct_document(node)
        finally:
            parser.dispose()
    except yaml.MarkedYAMLError as exc:
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
    return source


def _check_shape(path: Path, text: str, error: type) -> None:
    """Refuse deep nesting and alias bombs from the event stream, before any node is built.

    An alias counts as the node it repeats: for the nodes it adds and for how deep it
    reaches (a chain of anchors each 30 levels deep nests as deep as all of them together).
    """
    frames: list[list] = []  # [anchor, nodes so far, height so far] per open collection
    anchors: dict[str, tuple[int, int]] = {}  # anchor -> (nodes, height) it stands for, once closed
    added = 0
    for event in yaml.parse(text, Loader=yaml.CSafeLoader):
        line = event.start_mark.line + 1
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            if len(frames) + 1 > MAX_DEPTH:
                raise error(f"{path}:{line}: nested more than {MAX_DEPTH} levels deep; "
                            "tianluo's files are a few levels of mappings and lists")
            frames.append([event.anchor, 1, 1])
            continue
        if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            anchor, n, height = frames.pop()
            if anchor is not None:
                anchors[anchor] = (n, height)
        elif isinstance(event, yaml.ScalarEvent):
            n, height = 1, 0
            if event.anchor is not None:
                anchors[event.anchor] = (1, 0)
        elif isinstance(event, yaml.AliasEvent):
            if any(f[0] == event.anchor for f in frames):
                raise error(f"{path}:{line}: the alias *{event.anchor} refers to a node "
                            "that contains it (a recursive alias); write the value out")
            n, height = anchors.get(event.anchor, (1, 0))  # an unknown alias is the composer's error, with its line
            added += n
            if added > MAX_ALIAS_NODES:
                raise error(f"{path}:{line}: aliases expand to more than {MAX_ALIAS_NODES} "
                            "nodes (an alias bomb?); write the values out or use fewer aliases")
            if len(frames) + height > MAX_DEPTH:
                raise error(f"{path}:{line}: the alias *{event.anchor} nests more than {MAX_DEPTH} levels deep; "
                            "write the value out")
        else:
            continue
        if frames:
            frames[-1][1] += n
            frames[-1][2] = max(frames[-1][2], height + 1)


class _TextKeyLoader(yaml.CSafeLoader):
    """A safe loader whose mapping keys are the text written (``42:`` is the name '42')."""

    def construct_mapping(self, node, deep=False):
        if isinstance(node, yaml.MappingNode):
            self.flatten_mapping(node)
            return {
                (k.value if isinstance(k, yaml.ScalarNode) else self.construct_object(k, deep=deep)):
                    self.construct_object(v, deep=deep)
                for k, v in node.value
            }
        return super().construct_mapping(node, deep=deep)


_TextKeyLoader.add_constructor("tag:yaml.org,2002:map", lambda loader, node: loader.construct_mapping(node, deep=True))


def _walk(node: yaml.Node, loc: Loc, source: YamlSource, error: type = SpecError) -> None:
    source.lines.setdefault(loc, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: dict[object, int] = {}
        for key_node, value_node in node.value:
            line = key_node.start_mark.line + 1
            if not isinstance(key_node, yaml.ScalarNode):
                raise error(f"{source.path}:{line}: {dotted(loc)}: a key must be plain text, not a "
                            f"{'list' if isinstance(key_node, yaml.SequenceNode) else 'mapping'}")
            key = key_node.value
            if key in seen:
                raise error(
                    f"{source.path}:{line}: {dotted(loc + (key,))}: duplicate key "
                    f"(first at line {seen[key]}); keep one of them"
                )
            seen[key] = line
            source.lines[loc + (key,)] = line
            _walk(value_node, loc + (key,), source, error)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            source.lines[loc + (i,)] = item.start_mark.line + 1
            _walk(item, loc + (i,), source, error)
