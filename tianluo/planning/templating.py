"""Placeholder substitution in commands and paths: ``{entity}``, ``{<param>}`` and ``{port}``.

A parameter never becomes shell syntax, wherever ``{param}`` stands in a command. A value
made only of inert characters (letters, digits and ``_.:/+@%-``; not a reserved word) is
substituted as text: it cannot be syntax in any shell context. Any other value reaches the
command through the job's environment (``TIANLUO_PARAM_<name>``; the runner sets it from
``job.json``) and the placeholder becomes a quoted reference, ``"${TIANLUO_PARAM_<name>}"``,
but only where the shell expands a variable exactly once, as data: at the top level of the
command, bare or inside double quotes (``tianluo.planning.shellcmds`` tells where that is). A value
that is not inert, placed anywhere else (``'...'``, ``$(...)``, backticks, here-documents,
arithmetic, the script of ``sh -c``, an argument of ``eval``...), is refused at plan time
with a line saying how to write it instead. Notify commands get log text, unknown until
sent, so their placeholders are always references (``"${TIANLUO_BODY}"``), allowed only
where references are safe. Paths are not given to a shell, so they get the raw value.
``{{`` and ``}}`` are literal braces; ``${VAR}`` is left to the shell.

``{port}`` (commands only) is the free TCP port the runner picks for each attempt just
before the job starts; it is always a reference, ``"${TIANLUO_PORT}"``, so it is allowed
only where the shell expands a variable once (its value is digits, so a command that also
evaluates variable names or runs text as code may still take it there).
"""

import re
from collections.abc import Set as AbstractSet
from functools import lru_cache

from tianluo.errors import SpecError
from tianluo.models.states import PORT_ENV
from tianluo.planning.shellcmds import (
    CMDPOS,
    CODE,
    NAME,
    TOP,
    Analysis,
    Placement,
    analyze,
    might_name_a_command,
)
from tianluo.planning.shellscan import COMMENT, DQ, RESERVED

_TOKEN = re.compile(r"\{\{|\}\}|(?<!\$)\{([A-Za-z_][A-Za-z0-9_]*)\}")
_INERT = re.compile(r"[A-Za-z0-9_.:/+@%-]+")
PARAM_ENV_PREFIX = "TIANLUO_PARAM_"
#: The placeholder of the attempt's own free port, and the variable the runner sets for it.
PORT = "port"
PORT_SAMPLE = "65535"  # what a port looks like to the shell analysis: digits


def scalar_text(value: object) -> str:
    """How a parameter value reads in a command: YAML spelling for booleans."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def inert(text: str) -> bool:
    """Whether ``text`` reads as plain text in every shell context: safe to paste as it is.

    No quote, ``$``, backslash, space, glob, brace, ``=``, ``,``, ``~``, ``#``, ``!``; not a
    reserved word (``do``, ``fi``...); and no ``TIANLUO_``, so that it cannot name the
    variable of another value in bash arithmetic.
    """
    return bool(_INERT.fullmatch(text)) and text not in RESERVED and "TIANLUO_" not in text


def param_env_name(name: str) -> str:
    """The environment variable that carries placeholder ``{name}`` to a job."""
    return PARAM_ENV_PREFIX + name


def param_env(values: dict[str, object]) -> dict[str, str]:
    """Every placeholder value of a job as its environment: ``TIANLUO_PARAM_<name>`` -> text."""
    return {param_env_name(k): scalar_text(v) for k, v in values.items()}


def notify_env_name(name: str) -> str:
    """The environment variable of a notify placeholder: ``{body}`` -> ``TIANLUO_BODY``."""
    return "TIANLUO_" + name.upper()


def placeholders(template: str) -> list[str]:
    """Names of the ``{name}`` placeholders in ``template``, in order."""
    return [m.group(1) for m in _TOKEN.finditer(template) if m.group(1)]


class PlacementError(SpecError):
    """A placeholder stands where one of its values could be read as shell code."""

    def __init__(self, name: str, message: str):
        super().__init__(message)
        self.name = name


def _units(template: str, keep: AbstractSet[str] | None = None) -> tuple[list, list[str]]:
    """The command as characters, with each placeholder an int (its index in the returned names)."""
    units: list = []
    names: list[str] = []
    pos = 0
    for m in _TOKEN.finditer(template):
        units.extend(template[pos:m.start()])
        name = m.group(1)
        if name is None:
            units.append(m.group(0)[0])
        elif keep is not None and name not in keep:
            units.extend(m.group(0))
        else:
            units.append(len(names))
            names.append(name)
        pos = m.end()
    units.extend(template[pos:])
    return units, names


def _how(name: str, env: str, p: Placement, found: Analysis) -> str:
    ref = f'"${env}"'
    if name == PORT and env == PORT_ENV:
        return (f"write {{port}} where the shell expands a variable once (bare or inside \"...\", e.g. "
                f"--master_port={{port}}), or read {ref} inside the script yourself")
    plain = f"give {{{name}}} only values made of letters, digits and ._:/+@%-"
    if found.evals and p.cls in (TOP, COMMENT):
        return (f"this command evaluates variable names (shell arithmetic, [[ -eq ]], a subscript, declare -i), "
                f"where bash runs code found in a variable: {plain}, or move that logic into a script that "
                f"reads {ref} and checks it")
    if found.reparses and p.cls in (TOP, COMMENT):
        return (f"this command also runs text as code (eval, a script built from variables, a pipe into a shell, "
                f"xargs...), which a value could reach through a variable: {plain}, or hand it to a fixed script "
                f"that does not run it (as \"$1\": sh -c '...' sh {{{name}}}, or as {ref})")
    if p.cls == CODE:
        return (f"pass it as an argument of its own and read it there (sh -c '... \"$1\" ...' sh {{{name}}}), "
                f"or read {ref} inside the script")
    if p.cls == NAME:
        return f"put it after the '=' (NAME={{{name}}}), or use {ref}"
    if p.cls == CMDPOS:
        return "give the command's name yourself and pass the placeholder as one of its arguments"
    if "'...'" in p.why:
        return (f"put it outside the quotes ('...'{{{name}}}'...'), or, in a script that another shell runs, "
                f"read {ref} there")
    if "here-document" in p.why:
        return (f"read {ref} in the script the here-document feeds (quoted: <<'EOF'), or pass the value as an "
                "argument")
    if "arithmetic" in p.why:
        return f"give {{{name}}} only numbers there, or compute it from {ref} in your program"
    return f"write {ref} there instead of {{{name}}} (the job's environment holds the value)"


def _choose(p: Placement, found: Analysis, text: str | None, port: bool = False) -> str | None:
    """How one value is substituted: 'text', 'env', or None when it cannot be made safe there.

    ``port``: the runner's port, digits set by the runner itself: a reference wherever the shell
    expands it once, whatever else the command evaluates (digits are no code and name no variable).
    """
    if port:
        return "env" if p.cls in (TOP, COMMENT) else None
    if text is not None and (inert(text) or (text == "" and p.cls not in (TOP, CMDPOS))):
        return "text"
    if p.cls == COMMENT or (p.cls == TOP and not found.evals and not found.reparses):
        return "env"
    return None


def _env_unsafe(possible: dict[str, list[str] | None]) -> str | None:
    """The first placeholder with a value that is not inert (or unknown), in the job's environment."""
    for name, texts in possible.items():
        if texts is None or not all(inert(t) for t in texts):
            return name
    return None


def _env_problem(name: str) -> str:
    return (f"this command prints the job's environment (env, printenv) and runs text as code (a pipe into a "
            f"shell, eval, xargs...), and the environment holds every placeholder's value "
            f"(${param_env_name(name)} among them): a value of {{{name}}} could run as code; print only the "
            f"variables you need instead "
            f"(printf 'X=%s\\n' \"$X\"), or give the values only letters, digits and ._:/+@%-")


def _short(text: str | None) -> str:
    """'the value ...' in a message."""
    if text is None:
        return "its value (any text from the run, e.g. a log line)"
    return "the value " + repr(text if len(text) <= 40 else text[:37] + "...")


def _analyse(template: str, possible: dict[str, list[str] | None], keep: set[str] | None = None):
    """The command's units, placeholder names and analysis (shared: callers only read them).

    The analysis depends on the values only through whether one may name a command (a
    shell, eval, a wrapper...; ``shellcmds._might_be``): a sweep of 2,000 learning rates
    through one template is analysed once, not 2,000 times.
    """
    names = placeholders(template)
    kinds = tuple(sorted({n: _naming(n, possible) for n in names}.items()))
    return _analysed(template, frozenset(keep) if keep is not None else None, kinds)


def _naming(name: str, possible: dict[str, list[str] | None]) -> bool | None:
    """None: the values are unknown; True: one may be a command's name; False: none can."""
    if name == PORT:
        values = possible.get(PORT, [PORT_SAMPLE])  # the runner's port is digits (as in --master_port=29500)
    else:
        values = possible.get(name)
    if values is None:
        return None
    return any(might_name_a_command(v) for v in values)


@lru_cache(maxsize=12_000)  # a spec's distinct commands (10,000 stages), a few KiB each
def _analysed(template: str, keep: frozenset | None, kinds: tuple) -> tuple[list, list[str], Analysis]:
    units, names = _units(template, keep)
    naming = dict(kinds)
    # one value that stands for each placeholder's values as the analysis reads them
    sample = {True: ["sh"], False: ["x"], None: None}
    found = analyze(units, {i: sample[naming.get(n, False)] for i, n in enumerate(names)})
    for i in range(len(names)):
        found.placed.setdefault(i, Placement(CODE, "where tianluo cannot tell how the shell reads it"))
    return units, names, found


def shell_problem(template: str, possible: dict[str, list[str] | None], env_name=param_env_name) -> str | None:
    """Why ``template`` cannot take one of its possible values safely, or None when it can take them all.

    Args:
        possible: placeholder name -> every text it may take, or None when unknown (notify).
        env_name: The environment variable of a placeholder.
    """
    _units_, names, found = _analyse(template, possible)
    if found.env_dump and found.reparses:
        if unsafe := _env_unsafe({n: v for n, v in possible.items() if n != PORT}):
            return _env_problem(unsafe)
    for i, name in enumerate(names):
        p = found.placed[i]
        if name == PORT and PORT not in possible:
            if _choose(p, found, None, port=True) is None:
                return (f"{{port}} is {p.why}, where the shell does not read the attempt's port from "
                        f"${PORT_ENV}; {_how(PORT, PORT_ENV, p, found)}")
            continue
        candidates: list[str | None] = list(possible.get(name) or ()) or [None]
        for text in candidates:
            if _choose(p, found, text) is None:
                return (f"{{{name}}} is {p.why}, where {_short(text)} could be read as shell "
                        f"code; {_how(name, env_name(name), p, found)}")
    return None


def render(template: str, values: dict[str, object], *, shell: bool, keep_unknown: bool = False,
           env_name=param_env_name, known: bool = True) -> str:
    """Substitute ``{name}`` from ``values``.

    With ``shell``, an inert value is pasted as text and any other becomes a quoted reference
    to its environment variable (``env_name(name)``), which the caller must put in the
    job's environment (``param_env``).

    Args:
        keep_unknown: Leave a placeholder with no value as written, instead of raising.
        env_name: The environment variable of a placeholder.
        known: False when the values are not known at plan time (notify): every placeholder
            is then a reference, whatever its value.

    Raises:
        KeyError: for a placeholder with no value (callers check placeholders first).
        PlacementError: a value stands where it could be read as shell code (the plan-time
            check, ``spec_checks.check_placeholders``, refuses such specs before they run).
    """
    if not shell:
        def sub(m: re.Match) -> str:
            name = m.group(1)
            if name is None:
                return m.group(0)[0]
            if keep_unknown and name not in values:
                return m.group(0)
            return scalar_text(values[name])

        return _TOKEN.sub(sub, template)
    keep = (set(values) | {PORT}) if keep_unknown else None
    texts = {n: scalar_text(v) for n, v in values.items()}
    possible = {n: ([t] if known else None) for n, t in texts.items()}
    units, names, found = _analyse(template, possible, keep)
    if found.env_dump and found.reparses and (unsafe := _env_unsafe(possible)):
        raise PlacementError(unsafe, _env_problem(unsafe))
    out = []
    for u in units:
        if isinstance(u, str):
            out.append(u)
            continue
        name = names[u]
        p = found.placed[u]
        if name == PORT and name not in texts:  # the runner's port: always its variable
            if _choose(p, found, None, port=True) is None:
                raise PlacementError(name, f"{{port}} is {p.why}, where the shell does not read the attempt's "
                                           f"port from ${PORT_ENV}; {_how(PORT, PORT_ENV, p, found)}")
            out.append("${" + PORT_ENV + "}" if p.lexed in (DQ, COMMENT) else '"${' + PORT_ENV + '}"')
            continue
        text = texts[name]
        how = _choose(p, found, text if known else None)
        if how is None:
            raise PlacementError(name, f"{{{name}}} is {p.why}, where {_short(text)} could be read "
                                       f"as shell code; {_how(name, env_name(name), p, found)}")
        if how == "text":
            out.append(text)
        elif p.lexed in (DQ, COMMENT):
            out.append("${" + env_name(name) + "}")
        else:
            out.append('"${' + env_name(name) + '}"')
    return "".join(out)
