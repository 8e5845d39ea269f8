"""Placeholder substitution in commands and paths: ``{entity}`` and ``{<param>}``.

In ``run`` every value is shell-quoted (shlex), so a parameter can never inject shell
syntax; there is no eval anywhere. A placeholder written inside quotes by habit
(``"{x}"`` or ``'{x}'``) is quoted once, not twice. Paths are not given to a shell, so they
get the raw value. ``{{`` and ``}}`` are literal braces; ``${VAR}`` is left to the shell.
"""

import re
import shlex

from tianluo.errors import SpecError

_NAME = r"([A-Za-z_][A-Za-z0-9_]*)"
_TOKEN = re.compile(r"\"\{" + _NAME + r"\}\"|'\{" + _NAME + r"\}'|\{\{|\}\}|(?<!\$)\{" + _NAME + r"\}")


def _name(m: re.Match) -> str | None:
    return m.group(1) or m.group(2) or m.group(3)


def scalar_text(value: object) -> str:
    """How a parameter value reads in a command: YAML spelling for booleans."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def placeholders(template: str) -> list[str]:
    """Names of the ``{name}`` placeholders in ``template``, in order."""
    return [_name(m) for m in _TOKEN.finditer(template) if _name(m)]


def render(template: str, values: dict[str, object], *, shell: bool) -> str:
    """Substitute ``{name}`` from ``values``; shell-quote each value when ``shell``.

    Raises:
        KeyError: for a placeholder with no value (callers check placeholders first).
    """

    def sub(m: re.Match) -> str:
        name = _name(m)
        if name is None:
            return m.group(0)[0]
        text = scalar_text(values[name])
        if shell:
            return shlex.quote(text)
        quote = m.group(0)[0] if m.group(0)[0] in "'\"" else ""
        return quote + text + quote

    return _TOKEN.sub(sub, template)


def _stage_templates(stage) -> list[tuple[tuple, str]]:
    items: list[tuple[tuple, str]] = [(("run",), stage.run)]
    if stage.done_when:
        items += [(("done_when", "exists", i), p) for i, p in enumerate(stage.done_when.exists)]
        items += [(("done_when", "metric", i, "file"), m.file) for i, m in enumerate(stage.done_when.metric)]
    if stage.output:
        items.append((("output", "path"), stage.output.path))
    items += [(("logs", i), p) for i, p in enumerate(stage.logs)]
    return items


def check_placeholders(spec, source) -> None:
    """Every placeholder names ``entity`` or a parameter of its entity; gate paths have none."""
    from tianluo.yamlsource import dotted

    for ename, entity in spec.entities.items():
        known = {"entity", *entity.params}
        for sname, stage in entity.stages.items():
            for sub_loc, template in _stage_templates(stage):
                loc = ("entities", ename, "stages", sname) + sub_loc
                for name in placeholders(template):
                    if name not in known:
                        params = ", ".join(sorted(known))
                        raise SpecError(
                            f"{source.where(loc)}: {dotted(loc)}: unknown placeholder {{{name}}}; "
                            f"known here: {params} (write {{{{ and }}}} for literal braces)"
                        )
    from tianluo.spec import NOTIFY_PLACEHOLDERS

    for i, notify in enumerate(spec.notify):
        loc = ("notify", i, "command")
        for name in placeholders(notify.command):
            if name not in NOTIFY_PLACEHOLDERS:
                raise SpecError(
                    f"{source.where(loc)}: {dotted(loc)}: unknown placeholder {{{name}}}; "
                    f"known here: {', '.join(sorted(NOTIFY_PLACEHOLDERS))}"
                )
    gate = spec.success_gate
    gate_items = [(("success_gate", "exists", i), p) for i, p in enumerate(gate.exists)]
    gate_items += [(("success_gate", "metric", i, "file"), m.file) for i, m in enumerate(gate.metric)]
    for loc, template in gate_items:
        if placeholders(template):
            raise SpecError(
                f"{source.where(loc)}: {dotted(loc)}: the success gate is run-wide, so its paths take "
                "no placeholders; name the file itself"
            )
