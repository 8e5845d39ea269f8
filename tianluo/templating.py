"""Placeholder substitution in commands and paths: ``{entity}`` and ``{<param>}``.

In ``run`` every value is shell-quoted (shlex), so a parameter can never inject shell
syntax; there is no eval anywhere. A placeholder inside quotes (``"--name={x}"``) is
escaped for those quotes instead. Paths are not given to a shell, so they get the raw
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


def _quote_context(template: str) -> list[str]:
    """For each position of a shell command: '' outside quotes, "'" or '"' inside them."""
    out, state, escaped = [], "", False
    for ch in template:
        out.append(state)
        if escaped:
            escaped = False
        elif ch == "\\" and state != "'":
            escaped = True
        elif state == "" and ch in "'\"":
            state = ch
        elif ch == state:
            state = ""
    return out


def _shell_text(text: str, context: str) -> str:
    """``text`` as one literal word where it stands: bare, in '...' or in "..."."""
    if context == "'":
        return text.replace("'", "'\\''")
    if context == '"':
        return re.sub(r'(["\\$`])', r"\\\1", text)
    return shlex.quote(text)


def render(template: str, values: dict[str, object], *, shell: bool, keep_unknown: bool = False) -> str:
    """Substitute ``{name}`` from ``values``.

    With ``shell``, each value is quoted for where it stands in the command (bare, inside
    single or inside double quotes), so it always arrives as literal text.

    Args:
        keep_unknown: Leave a placeholder with no value as written, instead of raising.

    Raises:
        KeyError: for a placeholder with no value (callers check placeholders first).
    """
    context = _quote_context(template) if shell else []

    def sub(m: re.Match) -> str:
        name = m.group(1)
        if name is None:
            return m.group(0)[0]
        if keep_unknown and name not in values:
            return m.group(0)
        text = scalar_text(values[name])
        return _shell_text(text, context[m.start()]) if shell else text

    return _TOKEN.sub(sub, template)


def _stage_templates(stage) -> list[tuple[tuple, str]]:
    items: list[tuple[tuple, str]] = [(("run",), stage.run)]
    if stage.done_when:
        items += [(("done_when", "exists", i), p) for i, p in enumerate(stage.done_when.exists)]
        items += [(("done_when", "metric", i, "file"), m.file) for i, m in enumerate(stage.done_when.metric)]
    if stage.output:
        items.append((("output", "path"), stage.output.path))
        if stage.output.destination:
            items.append((("output", "destination"), stage.output.destination))
    items += [(("variants", name), text) for name, text in stage.variants.items()]
    if stage.when:
        items.append((("when", "metric", "file"), stage.when.metric.file))
    if stage.progress and stage.progress.file:
        items.append((("progress", "file"), stage.progress.file))
    items += [(("logs", i), p) for i, p in enumerate(stage.logs)]
    return items


def check_placeholders(spec, source) -> None:
    """Every placeholder names ``entity`` or a parameter of its entity; gate paths have none."""
    from tianluo.yamlsource import dotted

    for ename, entity in spec.entities.items():
        known = {"entity", *entity.params, *spec.forks}
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
