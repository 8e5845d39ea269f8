"""Load YAML and remember the line of every key, so errors can name file, line and key."""

from dataclasses import dataclass, field
from pathlib import Path

import yaml

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
    """``('entities', 'a', 'stages', 'train', 'needs', 0) -> 'entities.a.stages.train.needs[0]'``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def load_yaml(path: Path) -> YamlSource:
    """Read ``path`` as YAML; raise SpecError naming the file and line on any problem."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SpecError(f"{path}: no such file; pass the path of your tianluo.yaml") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SpecError(f"{path}: cannot read: {exc}") from None
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.load(text, Loader=_TextKeyLoader)
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
        raise SpecError(f"{path}{line}: YAML error: {problem}") from None
    except yaml.YAMLError as exc:
        raise SpecError(f"{path}: YAML error: {exc}") from None
    source = YamlSource(path=path, data=data)
    if node is not None:
        _walk(node, (), source)
    return source


class _TextKeyLoader(yaml.SafeLoader):
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


def _walk(node: yaml.Node, loc: Loc, source: YamlSource) -> None:
    source.lines.setdefault(loc, node.start_mark.line + 1)
    if isinstance(node, yaml.MappingNode):
        seen: dict[object, int] = {}
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else str(key_node.value)
            line = key_node.start_mark.line + 1
            if key in seen:
                raise SpecError(
                    f"{source.path}:{line}: {dotted(loc + (key,))}: duplicate key "
                    f"(first at line {seen[key]}); keep one of them"
                )
            seen[key] = line
            source.lines[loc + (key,)] = line
            _walk(value_node, loc + (key,), source)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            source.lines[loc + (i,)] = item.start_mark.line + 1
            _walk(item, loc + (i,), source)
