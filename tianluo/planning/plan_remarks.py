"""``plan``'s warnings about the spec as a whole: commands whose program is not there, and
remarks on how well the run fits a babysitter. Warnings only: ``plan`` prints them and goes on,
``start`` never refuses for them (the spec may be planned elsewhere than it runs).

Programs (``command_warnings``): the first word of each ``run:`` command (and of its
variants, and of ``agent.command``) is looked up as the shell would from the spec's folder,
where the jobs run: a word with a ``/`` as a file (relative to that folder), any other on
``PATH``. Only a literal word is checked: leading assignments (``A=1 prog``) are skipped, and a
word with a placeholder (``{python}``), a ``$``, a glob or a quote-unbalanced command is left
alone, as are shell keywords and builtins (``cd``, ``source``, ``if``...) and the shell
functions of clusters and conda (``module``, ``conda``...). A shell (``bash -c
'...'``) is a program like any other: what it runs is not looked into. For an interpreter
given a literal script (``python3 train.py``, ``bash run.sh``), the script is looked for too.

Fit (``fit_remarks``), with these thresholds (reference/cli.md, "plan"):

- too short to need babysitting: every stage says how long it takes (``expected``, else
  ``resources.time``) and the longest chain of needs takes less than two tick intervals: the
  run is over before tianluo's second look.
- no ``done_when``: exit 0 alone is taken as done, so a job that exits 0 without writing its
  output passes (one remark naming the stages, the first five).
- a command backend with neither ``find`` nor ``job_id_env``: a tick killed between ``submit`` and
  its record leaves a job nothing can name, the next tick submits the attempt again, and a copy
  that stands down reads as the attempt's end (reference/backends.md, "A tick killed between
  submit and record").
- no progress signal on a long stage: a stage expected to run ``LONG_STAGE_S`` (1h) or more,
  or three intervals if that is longer, with neither ``progress`` nor ``output.grows_within``:
  tianluo then cannot tell a hang from slow work (one remark per stage name).
"""

import functools
import os
import re
import shlex
import shutil
from collections.abc import Iterator
from pathlib import Path

from tianluo.backends.command import CommandOptions
from tianluo.durations import format_duration
from tianluo.planning.spec import Spec, StageSpec, resolve_need
from tianluo.planning.yamlsource import Loc, YamlSource, dotted

#: A stage at least this long (and at least three intervals) should say how it progresses.
LONG_STAGE_S = 3600.0
#: A run whose longest chain takes less than this many intervals is over before tianluo looks twice.
SHORT_RUN_INTERVALS = 2

_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")
_NOT_LITERAL = re.compile(r"[{}$`*?\[\]\\]")
_SHELL_WORDS = frozenset({
    "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "select",
    "function", "!", "[[", "{", "(", "time", "coproc",
    ".", ":", "[", "alias", "bg", "bind", "break", "builtin", "cd", "command", "continue", "declare", "dirs",
    "disown", "echo", "enable", "eval", "exec", "exit", "export", "false", "fg", "getopts", "hash", "history",
    "jobs", "kill", "let", "local", "logout", "mapfile", "popd", "printf", "pushd", "pwd", "read", "readonly",
    "return", "set", "shift", "shopt", "source", "suspend", "test", "times", "trap", "true", "type", "typeset",
    "ulimit", "umask", "unalias", "unset", "wait",
    # shell functions a login shell defines on clusters and conda hosts, often not on PATH
    "module", "ml", "conda", "mamba", "micromamba", "spack",
})
_INTERPRETERS = {"python", "python2", "python3", "pypy3", "bash", "sh", "dash", "zsh", "perl", "ruby", "node",
                 "Rscript", "julia"}
_SCRIPT = re.compile(r"[^-].*\.(py|sh|bash|pl|rb|js|R|jl)")


def _words(command: str) -> list[str] | None:
    """The words of the command's first simple command, or None when they cannot be read literally."""
    try:
        lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        words = []
        for token in lexer:
            if token and set(token) <= set("();<>|&"):
                break
            words.append(token)
            if len(words) >= 2 + 50:
                break
    except ValueError:  # an unbalanced quote: the shell will say so
        return None
    while words and _ASSIGNMENT.match(words[0]):
        words.pop(0)
    return words


@functools.lru_cache(maxsize=4096)  # a 10,000-stage sweep runs the same few programs
def _missing(word: str, folder: Path, what: str) -> str | None:
    """Why ``word`` would not run from ``folder``, or None when it is there."""
    if "/" in word:
        path = Path(os.path.expanduser(word))
        path = path if path.is_absolute() else folder / path
        if not path.is_file():
            return f"{what} {word!r} is not a file" + ("" if Path(word).is_absolute() else f" in {folder}")
        if what == "program" and not os.access(path, os.X_OK):
            return f"{what} {word!r} is not executable (chmod +x {word})"
        return None
    if what == "program":
        return None if shutil.which(word) else f"program {word!r} is not on PATH nor a file in {folder}"
    return None if (folder / word).is_file() else f"{what} {word!r} is not a file in {folder}"


def command_problem(command: str, folder: Path) -> str | None:
    """Why the first program of ``command`` (or the script an interpreter is given) would not be found."""
    words = _words(command)
    if not words:
        return None
    program = words[0]
    if _NOT_LITERAL.search(program) or program in _SHELL_WORDS:
        return None
    problem = _missing(program, folder, "program")
    if problem is not None:
        return problem
    if os.path.basename(program) in _INTERPRETERS and len(words) > 1:
        script = words[1]
        if _SCRIPT.fullmatch(script) and not _NOT_LITERAL.search(script):
            return _missing(script, folder, "script")
    return None


def _commands(spec: Spec) -> Iterator[tuple[Loc, str]]:
    for ename, entity in spec.entities.items():
        for sname, stage in entity.stages.items():
            loc = ("entities", ename, "stages", sname)
            yield loc + ("run",), stage.run
            for variant, text in stage.variants.items():
                yield loc + ("variants", variant), text
    if spec.agent is not None:
        yield ("agent", "command"), spec.agent.command


def command_warnings(spec: Spec, source: YamlSource, folder: Path) -> list[str]:
    """One line per program (or script) that is not there, at its first place, with how many more use it."""
    _missing.cache_clear()  # what is on disk now, not at an earlier plan of this process
    found: dict[str, tuple[Loc, int]] = {}
    checked: dict[str, str | None] = {}
    for loc, command in _commands(spec):
        if command not in checked:
            checked[command] = command_problem(command, folder)
        problem = checked[command]
        if problem is None:
            continue
        first, count = found.get(problem, (loc, 0))
        found[problem] = (first, count + 1)
    out = []
    for problem, (loc, count) in found.items():
        more = f" (and {count - 1} more command(s))" if count > 1 else ""
        what = "the agent would fail at its first call" if loc[0] == "agent" else \
            "the stage would fail at its first attempt"
        out.append(f"{source.where(loc)}: {dotted(loc)}: {problem}{more}; {what} (a typo, or a setup step "
                   "still to do?)")
    return out


def _length(stage: StageSpec) -> float | None:
    if stage.expected is not None:
        return stage.expected
    if stage.resources is not None and stage.resources.time is not None:
        return stage.resources.time
    return None


def _longest_chain(spec: Spec) -> float | None:
    """The longest chain of needs, summed over stage lengths; None when a stage does not say its length."""
    total: dict[tuple[str, str], float] = {}

    def chain(ename: str, sname: str) -> float | None:
        key = (ename, sname)
        if key in total:
            return total[key]
        stage = spec.entities[ename].stages[sname]
        own = _length(stage)
        if own is None:
            return None
        before = 0.0
        for need in stage.needs:
            resolved = resolve_need(spec, ename, need)
            if resolved is None:
                continue
            got = chain(*resolved)
            if got is None:
                return None
            before = max(before, got)
        total[key] = own + before
        return total[key]

    longest = 0.0
    for ename, entity in spec.entities.items():
        for sname in entity.stages:
            got = chain(ename, sname)
            if got is None:
                return None
            longest = max(longest, got)
    return longest


def fit_remarks(spec: Spec, source: YamlSource) -> list[str]:
    """How well the run fits a babysitter: too short for it, stages that cannot tell done or hung."""
    out = []
    if sum(len(e.stages) for e in spec.entities.values()) <= 1000:  # the chain walk is for specs people read
        longest = _longest_chain(spec)
        if longest is not None and longest < SHORT_RUN_INTERVALS * spec.interval:
            out.append(f"{source.path}: the longest chain of stages is expected to take {format_duration(longest)}, "
                       f"less than {SHORT_RUN_INTERVALS} tick intervals ({format_duration(spec.interval)} each): "
                       "tianluo looks at most once or twice before it ends; run the commands directly, or keep "
                       "tianluo for its gate and report")
    out += _unnamed_job(spec.backend, source)
    no_done: dict[str, list[str]] = {}
    quiet: dict[str, list[str]] = {}
    long_s = max(LONG_STAGE_S, 3 * spec.interval)
    for ename, entity in spec.entities.items():
        for sname, stage in entity.stages.items():
            if stage.done_when is None:
                no_done.setdefault(sname, []).append(ename)
            length = _length(stage)
            grows = stage.output is not None and stage.output.grows_within is not None
            if length is not None and length >= long_s and stage.progress is None and not grows:
                quiet.setdefault(sname, []).append(ename)
    if no_done:
        sname, enames = next(iter(no_done.items()))
        loc = ("entities", enames[0], "stages", sname)
        named = [f"{e}.{n}" for n, es in no_done.items() for e in es]
        listed = ", ".join(named[:5]) + (f", ... ({len(named)} in all)" if len(named) > 5 else "")
        out.append(f"{source.where(loc)}: no done_when on {listed}: exit 0 alone counts as done, so a job that "
                   "exits 0 without its output passes; name what each leaves, e.g. done_when: "
                   "{exists: out/{entity}/final.ckpt}")
    for sname, enames in quiet.items():
        loc = ("entities", enames[0], "stages", sname)
        who = f" (in {len(enames)} entities)" if len(enames) > 1 else ""
        length = _length(spec.entities[enames[0]].stages[sname])
        assert length is not None
        out.append(f"{source.where(loc)}: {dotted(loc)}: runs {format_duration(length)}{who} with no progress "
                   "signal: tianluo cannot tell a hang from slow work; give progress: {regex: "
                   "'step (?P<done>\\d+)/(?P<total>\\d+)', stall_after: 30m} (or output: {path: ..., "
                   "grows_within: 1h})")
    return out


def _unnamed_job(backend: object, source: YamlSource) -> list[str]:
    """A command backend that can name neither a job by its name (``find``) nor the job that claimed an
    attempt (``job_id_env``): a submit whose record a killed tick lost is submitted again."""
    if not isinstance(backend, CommandOptions) or backend.find is not None or backend.job_id_env is not None:
        return []
    return [f"{source.where(('backend', 'find'))}: backend.find: not given, nor backend.job_id_env: a tick killed "
            "between submit and its record leaves a job nothing can name, and the next tick submits the attempt "
            "again beside it; write a find template that prints the ids of the jobs named {job_name} (the presets "
            "have one: tianluo backend show sge), or give job_id_env (JOB_ID, PBS_JOBID, LSB_JOBID)"]
