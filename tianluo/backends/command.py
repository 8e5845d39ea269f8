"""The ``command`` backend: any scheduler with a command line, driven by templates in the spec.

Each attempt is a batch job running tianluo's runner: tianluo writes ``<attempt>/job.sh``
(0700, it ``exec``s the runner on the attempt folder, as the Slurm backend's batch script
does) and runs the spec's ``submit`` template, which prints the job id. A tick asks ``status``
once for all its jobs and maps the scheduler's words to tianluo's states by the spec's
``states`` table; the runner's ``exit.json`` is the job's own word on how it ended and wins.
``cancel`` (and ``hold``/``release`` when given) take one job id each.

Every call is ``/bin/sh -c <template>`` with each placeholder replaced by its value, shell-quoted
(``shlex.quote``), so no value reaches the shell unquoted; it runs in its own session, stdin
from /dev/null, with a timeout after which its whole process group is killed, and at most
``OUTPUT_CAP`` bytes of stdout (``ERROR_CAP`` of stderr) are read: a flood is cut, not read whole.
A call that times out, or fails with stderr matching ``unreachable``, and a ``status`` or
``find`` that fails at all, make the scheduler unreachable for the rest of the tick: every
fact says so and no further call is made.

Submit is record: the core records the intent before ``submit``; the id is written to
``<attempt>/job_id`` as soon as the submit command returns. An attempt without a handle is
adopted by ``find`` (its deterministic job name looked up), else by ``job_id``, else by the id
the job itself wrote at its start (``job_id_env``); the window left without ``find`` is told
in reference/backends.md.
"""

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Literal, get_args

from pydantic import Field, field_validator, model_serializer, model_validator

from tianluo.backends.base import (
    BackendOptions,
    Capabilities,
    Handle,
    JobFacts,
    JobSpec,
    SchedulerUnreachable,
    SubmitRejected,
    runner_exec,
)
from tianluo.backends.command_places import SCHEDULER_VALUES, placement_problem
from tianluo.backends.kinds import BackendKind
from tianluo.backends.presets import PRESETS, PresetName
from tianluo.errors import TianluoError
from tianluo.faults import linear_re
from tianluo.models.states import JobState
from tianluo.plaintext import one_line
from tianluo.planning.spec_parts import MAX_COMMAND, MAX_SCHEDULER_TIMEOUT_S, single_line, upto, within
from tianluo.runner import EXIT, JOB
from tianluo.shell import fsio, records
from tianluo.shell.fsio import UnsafePath, atomic_write, write_json
from tianluo.shell.shellrun import ERROR_CAP, OUTPUT_CAP, Result, run_argv, run_command

TAG = "TIANLUO_JOB"
SCRIPT = "job.sh"
JOB_ID = "job_id"  # the id submit printed, written by tianluo right after submit returned
JOB_ID_SEEN = "job_id.seen"  # the id the job read from job_id_env as it started, written by job.sh
LINE_CAP = 4096  # characters of one status line looked at
ARG_BUDGET = 96 * 1024  # characters of one command: /bin/sh -c takes it as one argument (at most 128 KiB)

#: placeholder -> what it is
PLACEHOLDERS = {
    "job_name": "the attempt's deterministic job name",
    "attempt_dir": "the attempt folder (absolute)",
    "workdir": "the folder the job runs in",
    "script": "the attempt's job.sh",
    "job_id": "one job id",
    "job_ids": "every job id of the tick, each its own argument",
    "job_ids_comma": "every job id of the tick, comma-joined as one argument",
    "signal": "the signal a cancel is for: TERM (first), then KILL (after cancel_grace)",
}
#: template -> (placeholders it may use, placeholders it must use (one of))
TEMPLATES = {
    "submit": ({"job_name", "attempt_dir", "workdir", "script"}, ("script",)),
    "status": ({"job_ids", "job_ids_comma"}, ()),  # none: it lists every job of yours (SGE's qstat)
    "cancel": ({"job_id", "job_name", "attempt_dir", "signal"}, ("job_id",)),
    "hold": ({"job_id", "job_name", "attempt_dir"}, ("job_id",)),
    "release": ({"job_id", "job_name", "attempt_dir"}, ("job_id",)),
    "find": ({"job_name", "attempt_dir"}, ("job_name",)),
    "why_ended": ({"job_id", "job_name", "attempt_dir"}, ("job_id",)),
}
#: templates whose hidden failure would be read as an answer (an empty one: every job forgotten)
READS = ("status", "find", "why_ended")
#: A job id as submit and find print it: 1234, 1234_5, 1234[5], 1234.server, job-abc@cluster.
JOB_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:@\[\]+-]{0,127}\Z")
WORD = re.compile(r"[A-Za-z0-9_.:+-]{1,64}\Z")
EndedBy = Literal["time_limit", "out_of_memory", "node_fail", "preempted", "boot_fail", "deadline", "cancelled"]
ENDED_BY = get_args(EndedBy)
ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,127}\Z")

#: A job read unknown this long in a row is lost (lost_after): past a restart of the scheduler's master, when every
#: host reads unknown until it reports (Grid Engine: load_report_time, 40 s by default), with room to spare.
LOST_AFTER_S = 600.0
MAX_LOST_AFTER_S = 7 * 86400.0

#: What a pattern that matches any text would make of every failing call.
MATCHES_ALL = {"forgotten": "every failing status, even from a scheduler that is down, would read as 'these jobs are "
                            "forgotten', and they would be submitted again",
               "unreachable": "every refusal would read as an unreachable scheduler, never as a refused submit"}

Template = Annotated[str, single_line(MAX_COMMAND, "the template")]


#: ``{word}``: a placeholder when the word is one (another word with ``$`` before it: the shell's ``${HOME}``)
BRACED = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)([!:][^{}]*)?\}")
UNCLOSED = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?![A-Za-z0-9_}!:])")


def _fields(template: str) -> list[tuple[str, str | None]]:
    """(literal text, placeholder or None) pieces of a template.

    Only ``{name}`` of a placeholder is one; every other brace is literal text, never doubled
    (``awk '$1 == n {print $2}'``). A lone word in braces that is no placeholder is refused, so
    that a misspelt placeholder is never run as text.

    Raises:
        ValueError: an unknown placeholder, a format spec or conversion, a doubled placeholder.
    """
    opened = UNCLOSED.search(template)
    if opened and opened.group(1) in PLACEHOLDERS:
        raise ValueError(f"unbalanced brace: {{{opened.group(1)} is not closed; write {{{opened.group(1)}}}")
    out = []
    at = 0
    for m in BRACED.finditer(template):
        name, spec = m.group(1), m.group(2)
        if name not in PLACEHOLDERS:
            if spec or template[m.start() - 1:m.start()] == "$":
                continue  # {x:y} or ${HOME}: no placeholder of ours, shell or awk text
            raise ValueError(f"unknown placeholder {{{name}}}; the placeholders are "
                             + ", ".join("{" + p + "}" for p in PLACEHOLDERS)
                             + f"; if it is shell or awk text, write it with spaces: {{ {name} }}")
        if spec:
            raise ValueError(f"{{{name}{spec}}}: a placeholder takes no format; write it as {{{name}}}")
        if template[m.start() - 1:m.start()] == "{" and template[m.end():m.end() + 1] == "}":
            raise ValueError(f"{{{{{name}}}}}: braces are never doubled; write {{{name}}} for its value, or "
                             f"{{ {name} }} for the text")
        out.append((template[at:m.start()], name))
        at = m.end()
    out.append((template[at:], None))
    return out


def _quote_state(literal: str, state: str) -> str:
    """The shell's quoting state after ``literal``: '' (bare), "'" or '"'."""
    i = 0
    while i < len(literal):
        c = literal[i]
        if state == "'":
            if c == "'":
                state = ""
        elif c == "\\":
            i += 1  # the next character is escaped (bare or within double quotes)
        elif state == '"':
            if c == '"':
                state = ""
        elif c in "'\"":
            state = c
        i += 1
    return state


def check_template(key: str, template: str) -> str:
    """``template`` if it is a valid ``key`` template, else ValueError (one line)."""
    allowed, required = TEMPLATES[key]
    pieces = _fields(template)
    names = {name for _, name in pieces if name is not None}
    wrong = sorted(names - allowed)
    if wrong:
        raise ValueError(f"{{{wrong[0]}}} has no value in {key}; {key} takes "
                         + ", ".join("{" + p + "}" for p in sorted(allowed)))
    if required and not names & set(required):
        raise ValueError(f"{key} must use " + " or ".join("{" + p + "}" for p in required)
                         + f" ({PLACEHOLDERS[required[0]]})")
    state = ""
    for literal, name in pieces:
        state = _quote_state(literal, state)
        if name is not None and state:
            raise ValueError(f"{{{name}}} is inside quotes; write it bare: tianluo shell-quotes every value")
    if state:
        raise ValueError("a quote is not closed")
    try:
        words = shlex.split(template.replace("{", "").replace("}", ""))
    except ValueError as exc:
        raise ValueError(f"not a shell command: {exc}") from None
    if not words:
        raise ValueError("empty; give the command to run")
    problem = placement_problem(pieces)
    if problem:
        raise ValueError(problem)
    return template


def pipeline(template: str) -> bool:
    """Whether the template pipes one command into another (``qstat | awk``), outside quotes."""
    text = "".join(literal + ("x" if name is not None else "") for literal, name in _fields(template))
    lexer = shlex.shlex(text, posix=True, punctuation_chars=True)
    try:
        return any(token == "|" for token in lexer)
    except ValueError:
        return False


class WordTable:
    """A ``states`` or ``ended_by`` table: a word is looked up as written, else by the first pattern key
    (RE2, matched against the whole word) that takes it. A key of letters, digits and _.:+- only is a word."""

    def __init__(self, table: Mapping[str, str]):
        self.table = dict(table)
        self.patterns = [(linear_re.compile_pattern(key), value) for key, value in table.items()
                         if not WORD.match(key)]

    def get(self, word: str | None) -> str | None:
        if word is None:
            return None
        if word in self.table:
            return self.table[word]
        for pattern, value in self.patterns:
            if pattern.fullmatch(word):
                return value
        return None


def render(template: str, values: Mapping[str, str | list[str]]) -> str:
    """The template with each placeholder replaced by its value, shell-quoted (a list: each item quoted)."""
    out = []
    for literal, name in _fields(template):
        out.append(literal)
        if name is not None:
            value = values[name]
            out.append(" ".join(shlex.quote(v) for v in value) if isinstance(value, list) else shlex.quote(value))
    return "".join(out)


def program(template: str) -> str | None:
    """The program a template runs: its first word that is not a variable assignment (None when that
    word is a placeholder's value, or the template is not one)."""
    try:
        text = "".join(literal + ("\0" if name is not None else "") for literal, name in _fields(template))
        words = shlex.split(text)
    except ValueError:
        return None
    for word in words:
        if "=" not in word.split("/")[0]:
            return None if "\0" in word else word
    return None


class CommandOptions(BackendOptions):
    """Any scheduler with a CLI (``backend: {kind: command, submit: ..., status: ..., ...}``)."""

    kind: Literal["command"] = "command"
    preset: PresetName | None = Field(default=None, description="A scheduler's templates written for you (sge, "
                                      "pbs, lsf; `tianluo backend show NAME`): every key given beside it "
                                      "replaces the preset's.")
    submit: Template = Field(description="Submits {script} (the attempt's job.sh) and prints the job id (the "
                             "first field of its last non-empty line; '123;cluster' is 123).")
    status: Template = Field(description="Prints '<id> <word>' lines for {job_ids} (or {job_ids_comma}; or for "
                             "every job of yours, with neither): one call a tick for every job.")
    states: dict[str, Literal["queued", "running", "ended", "unknown"]] = Field(
        min_length=1, max_length=1000, description="The scheduler's words -> queued, running, ended or unknown "
        "(it lists the job but cannot say whether it runs: its host is not heard from; taken for running until "
        "lost_after); a key with other characters than letters, digits and _.:+- is an RE2 pattern matched "
        "against the whole word (the first that matches wins). A word not in the table is reported and taken for "
        "running (never resubmitted).")
    ended_by: dict[str, EndedBy] = Field(
        default_factory=dict, max_length=1000, description="An ended word (or pattern; or a word why_ended "
        "prints) -> who ended the job (time_limit, out_of_memory, node_fail, preempted, boot_fail, deadline, "
        "cancelled); other ended words: it ended by itself.")
    cancel: Template = Field(description="Cancels {job_id}; {signal} is TERM first, then KILL after cancel_grace.")
    hold: Template | None = Field(default=None, description="Holds queued {job_id} in the queue (with release).")
    release: Template | None = Field(default=None, description="Releases {job_id} held by hold.")
    find: Template | None = Field(default=None, description="Prints the id(s) of the jobs named {job_name}, one a "
                                  "line: how a job submitted by a tick that died before recording it is found.")
    why_ended: Template | None = Field(default=None, description="Prints one word saying who ended {job_id}, "
                                       "a job that ended without the runner's exit.json or by a signal: looked up "
                                       "in ended_by (or one of its reasons as such).")
    pipefail: bool = Field(default=True, description="Run every template with bash -o pipefail, so that "
                           "'qstat | awk' fails when qstat does (false: /bin/sh, and a status or find that is a "
                           "pipeline is refused).")
    folder: str | None = Field(default=None, description="The folder every template runs in; start sets it to "
                               "the spec's folder, where the jobs run.")
    job_id_env: str | None = Field(default=None, description="The variable the scheduler sets to the job's id "
                                   "inside the job (SLURM_JOB_ID, PBS_JOBID, LSB_JOBID, JOB_ID): job.sh "
                                   "writes it into the attempt folder as the job starts.")
    unreachable: Annotated[str, single_line(linear_re.MAX_PATTERN_CHARS, "the pattern")] | None = Field(
        default=None, description="RE2 pattern: a failing call whose stderr matches it means the scheduler "
        "is unreachable (nothing known this tick), not that it refused.")
    forgotten: Annotated[str, single_line(linear_re.MAX_PATTERN_CHARS, "the pattern")] | None = Field(
        default=None, description="RE2 pattern: a status call that fails with stderr matching it has only forgotten "
        "some ids (squeue -j of one finished job: 'Invalid job id specified'); its output is read as usual.")
    timeout: Annotated[float, upto(MAX_SCHEDULER_TIMEOUT_S), within(0.0, MAX_SCHEDULER_TIMEOUT_S), Field(gt=0)] = Field(
        default=30.0, description="Per call; a call that takes longer is 'scheduler unreachable' this tick.")
    lost_after: Annotated[float, upto(MAX_LOST_AFTER_S), within(0.0, MAX_LOST_AFTER_S), Field(gt=0)] = Field(
        default=LOST_AFTER_S, description="How long a job may read unknown (a word states maps to unknown) in a row "
        "before its attempt is lost with its node (node_fail): its job is KILLed and the ladder retries it. Longer "
        "than the scheduler's own hiccups: right after a restart of its master every host reads unknown for a "
        "while.")

    @model_validator(mode="before")
    @classmethod
    def _preset(cls, data):
        """``preset: sge`` fills every key the spec left out from the preset's."""
        if isinstance(data, dict) and isinstance(data.get("preset"), str) and data["preset"] in PRESETS:
            data = {**PRESETS[data["preset"]], **data}
        return data

    @model_serializer(mode="wrap")
    def _with_kind(self, handler):
        """``kind`` always (as every backend's); and a preset's key the spec cleared (``find: null``, ``ended_by:
        {}``) is written even where defaults are left out (state.json): left out, the preset would fill it back."""
        out = handler(self)
        if not isinstance(out, dict):
            return out
        for key, value in PRESETS.get(self.preset or "", {}).items():
            if key not in out and getattr(self, key) != value and getattr(self, key) in (None, {}):
                out[key] = getattr(self, key)
        return {"kind": self.kind, **out}

    @field_validator("submit", "status", "cancel", "hold", "release", "find", "why_ended")
    @classmethod
    def _template(cls, value: str | None, info) -> str | None:
        return None if value is None else check_template(info.field_name, value)

    @field_validator("states", "ended_by")
    @classmethod
    def _words(cls, value: dict) -> dict:
        for word in value:
            if WORD.match(word):
                continue
            if not word or any(c.isspace() for c in word):
                raise ValueError(f"{one_line(word, 40)!r} is not a scheduler word: status prints '<id> <word>', "
                                 "and a word has no spaces")
            try:
                if len(word) > 200:
                    raise linear_re.UnsupportedPattern("longer than 200 characters")
                linear_re.check(word)
            except linear_re.UnsupportedPattern as exc:
                raise ValueError(f"{one_line(word, 40)!r} is neither a scheduler word (letters, digits and "
                                 f"_.:+-, at most 64) nor a pattern: {exc}") from None
        return value

    @field_validator("job_id_env")
    @classmethod
    def _env_name(cls, value: str | None) -> str | None:
        if value is not None and not ENV_NAME.match(value):
            raise ValueError(f"{one_line(value, 40)!r} is not an environment variable name")
        return value

    @field_validator("unreachable", "forgotten")
    @classmethod
    def _pattern(cls, value: str | None, info) -> str | None:
        if value is not None:
            try:
                linear_re.check(value)
            except linear_re.UnsupportedPattern as exc:
                raise ValueError(str(exc)) from None
            if linear_re.matches_anything(value):
                raise ValueError(f"{one_line(value, 40)!r} matches any text (the empty one too), so "
                                 f"{MATCHES_ALL[info.field_name]}; give the words the scheduler prints in that "
                                 "case only (e.g. 'Invalid job id specified')")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> "CommandOptions":
        meaning = WordTable(self.states)
        for word in self.ended_by:
            if word in self.states and self.states[word] != "ended":
                raise ValueError(f"ended_by: {word} is a word states maps to {self.states[word]}, not to ended")
            if WORD.match(word) and meaning.get(word) != "ended" and self.why_ended is None:
                raise ValueError(f"ended_by: {word} is not a word states maps to ended (nor does why_ended print "
                                 "words: it is not given)")
        if not self.pipefail:
            for key in READS:
                template = getattr(self, key)
                if template is not None and pipeline(template):
                    raise ValueError(f"{key} is a pipeline and pipefail is false: when the scheduler's command "
                                     "fails, the pipeline's last command still exits 0, and every job would read "
                                     "as forgotten, then lost, and be submitted again; leave pipefail on (bash)")
        if (self.hold is None) != (self.release is None):
            raise ValueError("give hold and release together (a held job needs a way out of the hold)")
        return self

    def capabilities(self) -> Capabilities:
        return Capabilities(queue=True, hold_in_queue=bool(self.hold and self.release), requeue=False,
                            event_ticks=False, accounting=False, exclude_hosts=False, resources=False,
                            unreachable=True, enforces_time=False,  # resources.time is not passed: tianluo keeps it
                            lost_after=self.lost_after if "unknown" in self.states.values() else None)

    def describe(self) -> str:
        return f"command ({self.preset or program(self.submit) or 'submit'})"


def resolve_at_start(options: CommandOptions, spec_path: Path) -> CommandOptions:
    """Check once, at ``start``, that every template's program is there to run, and that bash is (pipefail);
    the templates will run in the spec's folder, as the jobs do.

    Raises:
        TianluoError: one line naming the template and the program.
    """
    if options.folder is None:
        options = options.model_copy(update={"folder": str(Path(spec_path).resolve().parent)})
    if options.pipefail and shutil.which("bash") is None:
        raise TianluoError(f"{spec_path}: backend.pipefail: bash is not on PATH (the templates run with bash -o "
                           "pipefail); install bash, or set pipefail: false and write no pipeline in status or find")
    for key in TEMPLATES:
        template = getattr(options, key)
        if template is None:
            continue
        prog = program(template)
        if prog is None:
            continue
        if "/" in prog:
            if not (os.path.isfile(prog) and os.access(prog, os.X_OK)):
                raise TianluoError(f"{spec_path}: backend.{key}: {prog} is not an executable file; give the "
                                   "path of the scheduler's command")
        elif shutil.which(prog) is None and not shell_word(prog):
            raise TianluoError(f"{spec_path}: backend.{key}: {prog} is not on PATH; install it, give its full "
                               "path, or start from a shell whose PATH has it")
    return options


def keep_resolved(options: CommandOptions, locked: CommandOptions) -> CommandOptions:
    """``options`` with the folder ``start`` set (the spec's): not a change for ``plan --diff``."""
    return options if options.folder is not None else options.model_copy(update={"folder": locked.folder})


def shell(options: CommandOptions) -> list[str]:
    """The shell a template runs in: bash with pipefail (found on PATH), else /bin/sh."""
    if options.pipefail:
        return [shutil.which("bash") or "/bin/bash", "-o", "pipefail", "-c"]
    return ["/bin/sh", "-c"]


def shell_word(word: str) -> bool:
    """Whether ``word`` is a shell builtin or keyword (``exec``, ``env``-less ``cd``...), run by /bin/sh itself."""
    return word in {"exec", "cd", "command", "eval", "set", "test", "[", "echo", "printf", "true", "false", ":",
                    "if", "for", "while", "case", "{", "(", "!"}


class CommandError(OSError):
    """A scheduler command answered with an error (non-zero exit)."""


class CommandRejected(CommandError, SubmitRejected):
    """The submit command answered and refused the job, or printed no usable job id."""


class CommandBackend:
    """Submits, polls and cancels attempts through the spec's scheduler commands."""

    def __init__(self, run_dir: Path, options: CommandOptions, python: str | None = None):
        self.run_dir = Path(run_dir)
        self.options = options
        self.python = python or sys.executable
        self.calls: list[str] = []  # every scheduler command of this tick, for the status and tests
        self._down: str | None = None
        self._unreachable = linear_re.compile_pattern(options.unreachable) if options.unreachable else None
        self._forgotten = linear_re.compile_pattern(options.forgotten) if options.forgotten else None
        self._states = WordTable(options.states)
        self._ended_by = WordTable(options.ended_by)
        self.env: dict[str, str] | None = None  # the templates' environment (None: the tick's own)

    # --- calls ---------------------------------------------------------------------------

    def call(self, key: str, values: Mapping[str, str | list[str]]) -> Result:
        """Run one template as a tick does (``tianluo backend check`` runs status and find so). Raises
        SchedulerUnreachable or CommandError as the tick's calls do."""
        return self._call(key, values)

    def _call(self, key: str, values: Mapping[str, str | list[str]]) -> Result:
        """Run one template; its result. Raises SchedulerUnreachable (this call or an earlier one of the
        tick) or CommandError (it answered non-zero)."""
        if self._down is not None:  # said as what it is: not this call's failure, but an earlier one's finding
            raise SchedulerUnreachable(f"backend.{key} not run: the scheduler did not answer earlier in this tick "
                                       f"({self._down})")
        for job_id in _scheduler_values(values):
            if not JOB_ID_RE.match(job_id):  # state.json edited, or an id from an older tianluo: never run with it
                raise CommandError(f"backend.{key}: job id {one_line(job_id, 40)!r} is not a plain token (letters, "
                                   "digits and ._:@[]+-, not starting with '-'): not run")
        template = getattr(self.options, key)
        command = render(template, values)
        self.calls.append(command)
        timeout = self.options.timeout
        prog = program(template) or key
        if shell_word(prog):  # 'if [ ... ]; then qdel ...': the shell's word names nothing
            prog = "the command"
        argv = shell(self.options)
        try:
            result = run_argv([*argv, command], timeout, env=self.env, cwd=self.options.folder)
        except subprocess.TimeoutExpired:
            self._down = f"backend.{key}: {prog} did not answer within {timeout:g}s"
            raise SchedulerUnreachable(self._down) from None
        except OSError as exc:
            self._down = f"backend.{key}: cannot run {argv[0]} in {self.options.folder or '.'}: {exc}"
            raise SchedulerUnreachable(self._down) from None
        if result.cut:
            raise CommandError(f"backend.{key}: {prog} printed more than {OUTPUT_CAP >> 20} MiB: cut, not read")
        if result.returncode != 0:
            err = result.err.strip() or result.out.strip()
            first = one_line("; ".join([ln for ln in err.splitlines() if ln.strip()][:3]), 300) or "no message"
            if result.returncode == 127 and not result.out.strip():
                self._down = f"backend.{key}: {prog} is not there to run ({first})"
                raise SchedulerUnreachable(self._down)
            if self._unreachable is not None and self._unreachable.search(err[:ERROR_CAP]):
                self._down = f"backend.{key}: {prog}: {first}"
                raise SchedulerUnreachable(self._down)
            forgot = self._forgotten is not None and self._forgotten.search(err[:ERROR_CAP])
            if key in ("status", "find", "cancel") and forgot:
                return result  # it answered: the ids it did not print (the name, the job to cancel) are forgotten
            raise CommandError(f"backend.{key}: {prog} exited {result.returncode}: {first}")
        return result

    # --- submit --------------------------------------------------------------------------

    def script(self, job: JobSpec) -> str:
        """The attempt's job.sh: records the scheduler's id if told where it is, then execs the runner."""
        lines = ["#!/bin/sh",
                 f"# tianluo attempt {job.job_name}: the runner claims the folder, so it never runs twice."]
        if self.options.job_id_env:
            seen = shlex.quote(str(Path(job.attempt_dir) / JOB_ID_SEEN))
            lines.append(f'(set -C; printf \'%s\\n\' "${{{self.options.job_id_env}-}}" > {seen}) 2>/dev/null')
        lines.append(runner_exec(self.python, job.attempt_dir))
        return "\n".join(lines) + "\n"

    def submit(self, job: JobSpec) -> Handle:
        adir = Path(job.attempt_dir)
        fsio.make_dirs(adir)  # 0700, no links followed
        write_json(adir / JOB, {
            "job_name": job.job_name,
            "command": job.command,
            "workdir": job.workdir,
            "env": {**job.env, TAG: job.job_name},
            "poke": None,
            "scheduler_env": {"job_id": self.options.job_id_env} if self.options.job_id_env else {},
        })
        script = adir / SCRIPT
        atomic_write(script, self.script(job))
        _chmod(script, 0o700)
        values = {"job_name": job.job_name, "attempt_dir": job.attempt_dir, "workdir": job.workdir,
                  "script": str(script)}
        try:
            result = self._call("submit", values)
        except CommandError as exc:
            raise CommandRejected(str(exc)) from None
        job_id = _printed_id(result.out)
        if job_id is None:
            lines = [ln for ln in result.out.splitlines() if ln.strip()]
            shown = one_line(lines[-1], 80) if lines else "nothing"
            raise CommandRejected(f"backend.submit printed no job id (its last line: {shown!r}); a job id is "
                                  "letters, digits and ._:@[]+- (at most 128), the first field of the last line")
        try:
            atomic_write(adir / JOB_ID, job_id + "\n")
        except (OSError, UnsafePath):
            pass  # the handle is returned all the same; only the crash window is wider
        return Handle(job_id=job_id)

    # --- poll ----------------------------------------------------------------------------

    def poll(self, jobs: dict[str, tuple[JobSpec, Handle | None]]) -> dict[str, JobFacts]:
        if not jobs:
            return {}
        facts: dict[str, JobFacts] = {}
        watched: dict[str, tuple[JobSpec, Handle, Handle | None]] = {}
        for name, (job, handle) in jobs.items():
            found = None
            claimed = _claimed(job)
            if claimed is not None and (handle is None or claimed != handle.job_id):
                # The job whose runner claimed the folder is the attempt, whatever id was recorded: after a
                # tick killed between submit and record, the recorded job may be a second copy that stood down.
                found = handle = Handle(job_id=claimed)
            elif handle is None:
                try:
                    found = self._adopt(job)
                except SchedulerUnreachable as exc:
                    facts[name] = JobFacts(state=JobState.UNREACHABLE, detail=str(exc))
                    continue
                except CommandError as exc:  # no answer to judge by: nothing more is asked this tick
                    self._down = str(exc)
                    facts[name] = JobFacts(state=JobState.UNREACHABLE, detail=str(exc))
                    continue
                if found is None:
                    facts[name] = JobFacts(state=JobState.MISSING, detail=self._missing(job))
                    continue
                handle = found
            if not JOB_ID_RE.match(handle.job_id):  # recorded by hand or by an older tianluo: asked about never
                facts[name] = JobFacts(state=JobState.UNREACHABLE, job_id=None, detail=(
                    f"job id {one_line(handle.job_id, 40)!r} is not a plain token: no scheduler command is run "
                    "with it; cancel the job by hand and release the stage"))
                continue
            watched[name] = (job, handle, found)
        if not watched:
            return facts
        ids = sorted({h.job_id for _, h, _ in watched.values()})
        batches = _batches(ids, ARG_BUDGET - len(self.options.status)) if self._by_id else [[]]
        try:
            out = "".join(self._call("status", {"job_ids": batch, "job_ids_comma": ",".join(batch)}).out + "\n"
                          for batch in batches)
        except (SchedulerUnreachable, CommandError) as exc:
            self._down = str(exc)  # a status that failed: nothing more is asked this tick
            facts.update({name: JobFacts(state=JobState.UNREACHABLE, job_id=h.job_id, found=f, detail=str(exc))
                          for name, (_, h, f) in watched.items()})
            return facts
        words = parse_status(out, set(ids))
        for name, (job, handle, found) in watched.items():
            word = words.get(handle.job_id)
            facts[name] = self._who(job, handle, self._facts(job, handle, found, word), word)
        return facts

    @property
    def _by_id(self) -> bool:
        """Whether status names the ids it asks about (else it lists every job: one call, whatever the count)."""
        return any(name in ("job_ids", "job_ids_comma") for _, name in _fields(self.options.status))

    def _who(self, job: JobSpec, handle: Handle, facts: JobFacts, word: str | None) -> JobFacts:
        """``facts`` with who ended the job, asked of ``why_ended`` when the scheduler is done with a job that
        ended unrecorded or by a signal, and its words did not say."""
        if (self.options.why_ended is None or facts.ended_by is not None
                or facts.state not in (JobState.LOST, JobState.EXITED)
                or (facts.state == JobState.EXITED and facts.signal is None)
                or not (word is None or self._states.get(word) == "ended")):
            return facts
        try:
            out = self._call("why_ended", {"job_id": handle.job_id, "job_name": job.job_name,
                                           "attempt_dir": job.attempt_dir}).out
        except (SchedulerUnreachable, CommandError):
            return facts  # not known: as without why_ended
        said = first_field(out.strip().splitlines()[-1]) if out.strip() else None
        reason = self._ended_by.get(said) or (said if said in ENDED_BY else None)
        return replace(facts, ended_by=reason) if reason else facts

    def _facts(self, job: JobSpec, handle: Handle, found: Handle | None, word: str | None) -> JobFacts:
        adir = Path(job.attempt_dir)
        job_id = handle.job_id
        record, _ = records.read_exit(adir)  # a damaged record is no record
        meaning = self._states.get(word)
        shown = one_line(word, 64) if word is not None else None
        if word is None:
            if record is not None:
                return _exited(job_id, record, found, None, None,
                               f"the scheduler no longer lists job {job_id}; its {EXIT} tells how it ended", over=True)
            return JobFacts(state=JobState.LOST, job_id=job_id, found=found,
                            detail=f"the scheduler no longer lists job {job_id}{_whose(adir, job_id)}, and it left "
                                   f"no {EXIT}")
        if meaning == "ended":
            ended_by = self._ended_by.get(word)
            if record is not None:
                return _exited(job_id, record, found, shown, ended_by, f"the scheduler says {shown}", over=True)
            return JobFacts(state=JobState.LOST, job_id=job_id, found=found, scheduler_state=shown,
                            ended_by=ended_by, over=True,
                            detail=f"the scheduler says {shown}, and the job left no {EXIT}")
        if record is not None:  # the runner wrote its end; the scheduler has not caught up yet
            return _exited(job_id, record, found, shown, None, f"the scheduler still says {shown}")
        if meaning == "queued":
            return JobFacts(state=JobState.QUEUED, job_id=job_id, found=found, scheduler_state=shown,
                            detail=shown or "")
        started, _ = records.read_started(adir)
        detail = shown or ""
        if meaning is None:
            detail = f"the scheduler says {shown}, a word not in backend.states: taken for running"
        elif meaning == "unknown":
            detail = (f"the scheduler says {shown}: it cannot tell whether the job runs (its host is not heard "
                      "from)")
        return JobFacts(state=JobState.RUNNING if started else JobState.STARTING, job_id=job_id, found=found,
                        scheduler_state=shown, host=(started or {}).get("host"),
                        started_at=(started or {}).get("started_at"), detail=detail, unknown=meaning == "unknown")

    def _missing(self, job: JobSpec) -> str:
        if self.options.find:
            return f"backend.find knows no job named {job.job_name}"
        return f"no job id recorded for {job.job_name} (and no backend.find to look it up)"

    def _adopt(self, job: JobSpec) -> Handle | None:
        """The job an earlier tick submitted but did not record: by ``find`` (the last id it prints), else by the
        ids in the attempt folder (``job_id`` written after submit, ``job_id.seen`` written by the job)."""
        if self.options.find:
            result = self._call("find", {"job_name": job.job_name, "attempt_dir": job.attempt_dir})
            ids = [i for i in (first_field(ln) for ln in result.out.splitlines()[:10000]) if i is not None]
            if ids:
                return Handle(job_id=ids[-1])
        adir = Path(job.attempt_dir)
        for name in (JOB_ID, JOB_ID_SEEN):
            try:
                data = fsio.read_bytes(adir / name, 4096).decode("utf-8", "replace")
            except (OSError, UnsafePath):
                continue
            job_id = _printed_id(data)
            if job_id is not None:
                return Handle(job_id=job_id)
        return None

    # --- find, cancel, hold --------------------------------------------------------------

    def find(self, job: JobSpec) -> Handle | None:
        return self.poll({job.job_name: (job, None)})[job.job_name].found

    def cancel(self, job: JobSpec, handle: Handle | None, sig: int = signal.SIGTERM) -> list[int | str]:
        """``cancel`` the attempt's own job; the scheduler signals it (nothing is signalled here).

        The job is the one whose runner claimed the attempt folder, when it names its id; else the
        handle's; without a handle (a tick that submitted it died before recording it), the one
        ``find`` or the attempt folder's ids name, as a tick would adopt it.
        """
        claimed = _claimed(job)  # the attempt's own job, whatever was recorded (see poll)
        if claimed is not None:
            handle = Handle(job_id=claimed)
        elif handle is None:
            handle = self._adopt(job)
            if handle is None:
                return []
        result = self._call("cancel", {"job_id": handle.job_id, "job_name": job.job_name,
                                       "attempt_dir": job.attempt_dir,
                                       "signal": signal.Signals(sig).name.removeprefix("SIG")})
        return [handle.job_id] if result.returncode == 0 else []  # not 0: the scheduler forgot it (gone already)

    def hold(self, job: JobSpec, handle: Handle) -> str | None:
        return self._hold("hold", job, handle)

    def release(self, job: JobSpec, handle: Handle) -> str | None:
        return self._hold("release", job, handle)

    def _hold(self, key: str, job: JobSpec, handle: Handle) -> str | None:
        if getattr(self.options, key) is None:
            return None
        self._call(key, {"job_id": handle.job_id, "job_name": job.job_name, "attempt_dir": job.attempt_dir})
        return f"{key} {handle.job_id} ({program(getattr(self.options, key))})"


def _claimed(job: JobSpec) -> str | None:
    """The id of the job whose runner claimed the attempt folder (``started.json``), if one did and was told
    its id (``job_id_env``)."""
    started, _ = records.read_started(job.attempt_dir)  # a damaged claim names no job
    return records.job_id(started) if started else None


def _whose(adir: Path, job_id: str) -> str:
    """' (which claimed the attempt)' when ``job_id`` is the claim's: the attempt's own job, not a copy."""
    started, _ = records.read_started(adir)
    return " (which claimed the attempt)" if started and records.job_id(started) == job_id else ""


def _chmod(path: Path, mode: int) -> None:
    """chmod the file just written, never through a link (the folder is tianluo's own, 0700)."""
    fd = fsio.open_file(path, os.O_RDONLY)
    try:
        os.fchmod(fd, mode)
    finally:
        os.close(fd)


def _scheduler_values(values: Mapping[str, str | list[str]]) -> list[str]:
    """Every job id among a call's values (the placeholders whose values the scheduler printed)."""
    out: list[str] = []
    for name in SCHEDULER_VALUES & values.keys():
        value = values[name]
        out.extend(value if isinstance(value, list) else [] if name == "job_ids_comma" else [value])
    return out


def _batches(ids: list[str], budget: int) -> list[list[str]]:
    """``ids`` in as few groups as keep each status command within ``budget`` characters (one call a tick
    unless the ids do not fit in one argument of the kernel's, 128 KiB)."""
    batches: list[list[str]] = [[]]
    size = 0
    for job_id in ids:
        cost = len(job_id) + 3  # quotes or a separator
        if batches[-1] and size + cost > budget:
            batches.append([])
            size = 0
        batches[-1].append(job_id)
        size += cost
    return batches


def first_field(line: str) -> str | None:
    """A job id: the first whitespace field of a line, cut at ';' (``--parsable``'s ``123;cluster``)."""
    fields = line[:LINE_CAP].split()
    if not fields:
        return None
    job_id = fields[0].split(";")[0]
    return job_id if JOB_ID_RE.match(job_id) else None


def _printed_id(out: str) -> str | None:
    """The job id submit printed: the first field of its last non-empty line."""
    lines = [ln for ln in out.splitlines() if ln.strip()]
    return first_field(lines[-1]) if lines else None


def parse_status(out: str, wanted: set[str]) -> dict[str, str]:
    """id -> word from status's '<id> <word> ...' lines, for the ids asked about (the first line of each wins)."""
    words: dict[str, str] = {}
    for line in out.splitlines():
        fields = line[:LINE_CAP].split()
        if len(fields) >= 2 and fields[0] in wanted and fields[0] not in words:
            words[fields[0]] = fields[1]
    return words


def _exited(job_id: str, record: dict, found: Handle | None, word: str | None, ended_by: str | None,
            detail: str, over: bool = False) -> JobFacts:
    return JobFacts(state=JobState.EXITED, exit_code=record.get("exit_code"), signal=record.get("signal"),
                    job_id=job_id, scheduler_state=word, ended_by=ended_by, host=record.get("host"),
                    started_at=record.get("started_at"), ended_at=record.get("ended_at"),
                    detail=record.get("error") or detail, found=found, over=over)


KIND = BackendKind(name="command", options=CommandOptions, opener=CommandBackend, resolve_at_start=resolve_at_start,
                   keep_resolved=keep_resolved,
                   summary="any scheduler with a CLI: submit/status/cancel commands written as templates in the spec")

__all__ = ["CommandBackend", "CommandError", "CommandOptions", "CommandRejected", "KIND", "run_command"]
