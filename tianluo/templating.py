"""Placeholder substitution in commands and paths: ``{entity}`` and ``{<param>}``.

In ``run`` every value is shell-quoted (shlex), so a parameter can never inject shell
syntax; there is no eval anywhere. Paths are not given to a shell, so they get the raw
value. ``{{`` and ``}}`` are literal braces; ``${VAR}`` is left to the shell.
"""

import re
import shlex

from tianluo.errors import SpecError

_TOKEN = re.compile(r"\{\{|\}\}|(?<!\$)\{([A-Za-z_][A-Za-z0-9_]*)\}")


def scalar_text(value: object) -> str:
    """How a parameter value reads in a command: YAML spelling for booleans."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def placeholders(template: str) -> list[str]:
    """Names of the ``{name}`` placeholders in ``template``, in order."""
    return [m.group(1) for m in _TOKEN.finditer(template) if m.group(1)]


def render(template: str, values: dict[str, object], *, shell: bool) -> str:
    """Substitute ``{name}`` from ``values``; shell-quote each value when ``shell``.

    Raises:
        KeyError: for a placeholder with no value (callers check placeholders first).
    """

    def sub(m: re.Match) -> str:
        name = m.group(1)
        if name is None:
            return m.group(0)[0]
        text = scalar_text(values[name])
        return shlex.quote(text) if shell else text

    return _TOKEN.sub(sub, template)


def _stage_templates(stage) -> list[tuple[tuple, str]]:
    items: list[tuple[tuple, str]] = [(("run",), stage.run)]
    if stage.done_when:
        items += [(("done_when", "exists", i), p) for i, p in enumerate(stage.done_when.exists)]
        items += [(("done_when", "metric", i, "file"), m.file) for i, m in enumerate(stage.done_when.metric)]
    if stage.output:
        items.append((("output", "path"), stage.output.path))
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
    gate = spec.success_gate
    gate_items = [(("success_gate", "exists", i), p) for i, p in enumerate(gate.exists)]
    gate_items += [(("success_gate", "metric", i, "file"), m.file) for i, m in enumerate(gate.metric)]
    for loc, template in gate_items:
        if placeholders(template):
            raise SpecError(
                f"{source.where(loc)}: {dotted(loc)}: the success gate is run-wide, so its paths take "
                "no placeholders; name the file itself"
            )
