"""``tianluo completion bash|zsh``: a shell completion script, written from the parser itself.

The commands and their options are read from the argparse parser, so the script never
falls behind the CLI. It completes commands, options, the choices of an option (``--stream
stdout|stderr``) and file names after options that take a path.
"""

import argparse

PATH_OPTIONS = ("--run", "--home", "--answers", "--metrics-file")


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _options(sub: argparse.ArgumentParser) -> tuple[list[str], dict[str, list[str]], list[str]]:
    """(its options, their choices, the choices of its positional arguments)."""
    options, choices, positional = [], {}, []
    for action in sub._actions:
        if action.help == argparse.SUPPRESS:
            continue
        if action.option_strings:
            options += [o for o in action.option_strings if o.startswith("--")]
            if action.choices:
                for o in action.option_strings:
                    choices[o] = [str(c) for c in action.choices]
        elif action.choices:
            positional += [str(c) for c in action.choices]
    return options, choices, positional


def bash(parser: argparse.ArgumentParser) -> str:
    commands = _commands(parser)
    cases = []
    for name, sub in commands.items():
        options, _choices, positional = _options(sub)
        words = " ".join(options + positional)
        cases.append(f"        {name}) opts=\"{words}\" ;;")
    prev_cases = []
    seen = set()
    for sub in commands.values():
        for option, values in _options(sub)[1].items():
            if option not in seen:
                seen.add(option)
                words = " ".join(values)
                prev_cases.append(f"        {option}) COMPREPLY=($(compgen -W \"{words}\" -- \"$cur\")); return ;;")
    paths = "|".join(PATH_OPTIONS)
    return f"""# bash completion for tianluo: eval "$(tianluo completion bash)" (or save it in
# /etc/bash_completion.d/tianluo)
_tianluo() {{
    local cur prev cmd opts i
    cur="${{COMP_WORDS[COMP_CWORD]}}"
    prev="${{COMP_WORDS[COMP_CWORD-1]}}"
    cmd=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        case "${{COMP_WORDS[i]}}" in -*) ;; *) cmd="${{COMP_WORDS[i]}}"; break ;; esac
    done
    case "$prev" in
{chr(10).join(prev_cases)}
        {paths}) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    esac
    if [ -z "$cmd" ]; then
        COMPREPLY=($(compgen -W "{' '.join(commands)} --help --version" -- "$cur"))
        return
    fi
    case "$cmd" in
{chr(10).join(cases)}
        *) opts="" ;;
    esac
    if [[ "$cur" == -* ]] || [ -n "$opts" ]; then
        COMPREPLY=($(compgen -W "$opts --help" -- "$cur"))
    fi
    [ ${{#COMPREPLY[@]}} -eq 0 ] && COMPREPLY=($(compgen -f -- "$cur"))
}}
complete -F _tianluo tianluo
"""


def zsh(parser: argparse.ArgumentParser) -> str:
    commands = _commands(parser)
    described = []
    for name, sub in commands.items():
        text = (sub.description or "").split(". ")[0].split(":")[0].replace("'", "").replace("[", "").replace("]", "")
        described.append(f"        '{name}:{text[:70]}'")
    cases = []
    for name, sub in commands.items():
        options, choices, positional = _options(sub)
        specs = []
        for o in options:
            if o in choices:
                specs.append(f"'{o}=[]:value:({' '.join(choices[o])})'")
            elif o in PATH_OPTIONS:
                specs.append(f"'{o}=[]:path:_files'")
            else:
                specs.append(f"'{o}'")
        if positional:
            specs.append(f"'1:value:({' '.join(positional)})'")
        specs.append("'*:file:_files'")
        cases.append(f"        {name}) _arguments {' '.join(specs)} ;;")
    return f"""#compdef tianluo
# zsh completion for tianluo: save as _tianluo in a folder on $fpath, or
# source <(tianluo completion zsh)
_tianluo() {{
    local -a commands
    commands=(
{chr(10).join(described)}
    )
    if (( CURRENT == 2 )); then
        _describe 'command' commands
        return
    fi
    case "$words[2]" in
{chr(10).join(cases)}
    esac
}}
if [ "$funcstack[1]" = "_tianluo" ]; then
    _tianluo "$@"
else
    compdef _tianluo tianluo
fi
"""
