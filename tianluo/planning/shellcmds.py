"""What the commands of a command line do with a placeholder: data, or code again.

``analyze`` lexes a command (``tianluo.planning.shellscan``), then reads its simple commands left to
right: an argument of ``eval`` or ``trap``, the script of ``sh -c``, a name given to
``export`` or ``read``, what is piped into a shell or ``xargs``... are places where a value
becomes code again. It also looks into the scripts inside the command (``$(...)``,
backticks, ``sh -c '...'``) for what would run a variable's text: bash arithmetic, ``[[ -eq
]]``, ``declare -i``, ``eval "$X"``. Templating decides from this what it may substitute
(``tianluo.planning.templating``).

The analysis errs on the careful side: a place it cannot prove safe is reported unsafe.
"""

import posixpath
import re
from dataclasses import dataclass

from tianluo.planning.shellscan import ARITH, BARE, COMMENT, NESTED, RESERVED, Command, Word, scan

#: Classes of a placement. TOP: the shell expands a variable there once, as data.
TOP, CODE, NAME, CMDPOS = "top", "code", "name", "cmdpos"

SHELLS = frozenset({"sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash", "posh", "fish", "csh", "tcsh",
                    "rbash", "ksh93", "pdksh"})
#: Interpreters: which single-letter options (and long ones) take code as their argument.
INTERPRETERS = {
    **{s: ("c", ("--command",)) for s in SHELLS},
    **{p: ("c", ()) for p in ("python", "python2", "python3", "pypy", "pypy3", "ipython")},
    "perl": ("eE", ()), "ruby": ("e", ()), "node": ("ep", ("--eval", "--print")), "nodejs": ("ep", ("--eval",)),
    "php": ("r", ()), "lua": ("e", ()), "Rscript": ("e", ()), "julia": ("e", ("--eval",)), "tclsh": ("", ()),
}
#: Take their program as the first operand (or after -e), and run what it says (sed 'e', awk system()).
PROGRAM_FIRST = frozenset({"awk", "gawk", "mawk", "nawk", "sed", "gsed"})
#: Read again as shell code whatever follows them (builtins only at the command's start).
REPARSE_BUILTINS = frozenset({"eval", "trap", "source", ".", "fc", "alias", "complete", "bind"})
REPARSE_PROGRAMS = frozenset({"ssh", "su", "runuser", "sg", "watch", "parallel", "script", "tmux", "screen",
                              "at", "batch", "flock", "xargs", "expect", "xterm", "sshpass", "mosh", "rsh",
                              "rlogin", "ksu", "pdsh", "clush", "dtach", "abduco",
                              # they paste a value into a shell command line of their own
                              "sbatch", "bsub", "qsub", "make", "gmake"})
#: Run the command that follows them: its name comes later among their arguments.
WRAPPERS = frozenset({"env", "exec", "command", "builtin", "nohup", "nice", "ionice", "time", "timeout", "stdbuf",
                      "setsid", "taskset", "numactl", "chrt", "chroot", "srun", "salloc", "mpirun", "mpiexec",
                      "unbuffer", "xvfb-run", "strace", "ltrace", "valgrind", "nsenter", "unshare", "conda",
                      "mamba", "micromamba", "uv", "poetry", "pipenv", "pixi", "faketime", "fakeroot", "catchsegv",
                      "coproc", "prlimit", "cgexec", "firejail", "bwrap", "proot", "sudo", "doas", "pkexec",
                      "systemd-run", "torchrun", "accelerate", "deepspeed", "horovodrun", "busybox", "toybox",
                      "setpriv", "chpst", "start-stop-daemon", "daemonize", "setarch", "linux32", "linux64",
                      "systemd-inhibit", "cpulimit", "hwloc-bind", "apptainer", "singularity", "enroot",
                      "flatpak-spawn", "chronic", "sem", "tsp", "nq", "dbus-launch"})
#: find's actions that run a command: the words after them name it (find . -exec CMD ARGS ;).
FIND_RUNS = frozenset({"-exec", "-execdir", "-ok", "-okdir"})
#: Builtins that take variable names (where bash evaluates an array subscript) or evaluate arithmetic.
NAME_BUILTINS = frozenset({"declare", "typeset", "local", "export", "readonly", "unset", "read", "mapfile",
                           "readarray", "getopts", "let", "printf", "test", "[", "wait"})

#: Variables whose value the shell or common programs run as a command (or read as options).
COMMAND_VARIABLES = frozenset({
    "PS1", "PS2", "PS3", "PS4", "PROMPT_COMMAND", "BASH_ENV", "ENV", "FCEDIT", "EDITOR", "VISUAL", "PAGER", "MANPAGER",
    "BROWSER", "LESSOPEN", "LESSCLOSE", "GIT_SSH_COMMAND", "GIT_SSH", "GIT_EDITOR", "GIT_PAGER", "GIT_ASKPASS",
    "GIT_EXTERNAL_DIFF", "SSH_ASKPASS", "SUDO_ASKPASS", "RSYNC_RSH", "CVS_RSH", "PERL5OPT", "RUBYOPT", "NODE_OPTIONS",
    "PYTHONSTARTUP", "LD_PRELOAD", "LD_AUDIT", "TAR_OPTIONS", "MAKEFLAGS", "MFLAGS", "GNUMAKEFLAGS"})
_ARITH_TESTS = frozenset({"-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-v", "-R"})
_INT_ATTR = re.compile(r"-[A-Za-z]*[in][A-Za-z]*")  # declare -i (integer), -n (a name reference)




#: Where a word stands when it is the command's own name (the first word, not an assignment).
COMMAND_NAME = "the command's name"
#: Why a word is code when a program (ssh, qsub, xargs...) may paste it into a command line of its own.
PASTED = "which may run it as shell code"


@dataclass
class Placement:
    cls: str  # TOP, COMMENT, NESTED, ARITH, CODE, NAME, CMDPOS
    why: str  # where it stands, for messages
    lexed: str = BARE  # what the lexer saw: BARE, DQ, COMMENT, NESTED, ARITH


def pasted(p: Placement) -> bool:
    """Whether ``p`` is code only because a program may paste it into a command line of its own (a plain
    value stays a plain word there: ``qsub -N NAME``), not because something runs it as code itself."""
    return p.cls == CODE and p.why.endswith(PASTED)


def _base(word: str) -> str:
    return posixpath.basename(word)


#: How deep scripts inside scripts are looked into; deeper is taken as unsafe.
MAX_DEPTH = 8


@dataclass
class Analysis:
    placed: dict  # slot index -> Placement
    evals: bool = False  # somewhere, bash evaluates a variable's text (arithmetic, subscripts, [[ -eq ]]...)
    reparses: bool = False  # somewhere, text built from variables or read from a pipe is run as code
    stdin_code: str | None = None  # a command that runs what it reads on a stdin it inherits
    env_dump: bool = False  # somewhere, env/printenv prints the job's environment (every value) raw

    def absorb(self, other: "Analysis") -> None:
        self.evals = self.evals or other.evals
        self.reparses = self.reparses or other.reparses
        self.stdin_code = self.stdin_code or other.stdin_code
        self.env_dump = self.env_dump or other.env_dump


def analyze(units: list, slot_values: dict, depth: int = 0) -> Analysis:
    """Every placeholder's class, and what the command does that a variable's value could reach.

    Scripts inside the command are looked into as well: the bodies of ``$(...)`` and
    backticks, and the literal script of ``sh -c '...'``, ``eval '...'``, ``trap '...'``.

    Args:
        units: The command: characters, and each placeholder as an int (its slot index).
        slot_values: slot index -> the texts the placeholder may take, or None when unknown.
        depth: How deep inside other scripts this one is.
    """
    if depth > MAX_DEPTH:
        return Analysis({}, evals=True, reparses=True)
    sc = scan(units)
    result = Analysis({}, evals=sc.name_eval, reparses=sc.expands_code)
    out = result.placed
    for slot, kind in sc.ctx.items():
        if kind in (COMMENT, ARITH, NESTED):
            out[slot] = Placement(kind, sc.why.get(slot, "nested"), kind)
    pipeline: list[Command] = []
    feeds = []  # the here-strings and pipes of the command: what something may read as its stdin
    for cmd in sc.commands:
        result.env_dump = result.env_dump or _dumps_env(cmd)
        pipeline.append(cmd)
        simple = _command(cmd, slot_values, out, depth)
        result.absorb(simple.result)
        fed = len(pipeline) > 1 or any(w.redirect in _INPUT for w in cmd.words)
        feeds += [w for w in cmd.words if w.redirect in _INPUT] + (cmd.words if cmd.pipe else [])
        if simple.stdin_code and not fed:
            result.stdin_code = result.stdin_code or simple.stdin_code  # reads what its caller is fed
        if simple.stdin_code and fed:  # unfed, a job's stdin is /dev/null: nothing to run
            result.reparses = True
            for earlier in pipeline[:-1]:
                for w in earlier.words:
                    for slot, kind in w.slots:
                        if out[slot].cls == TOP:
                            out[slot] = Placement(CODE, f"piped into {simple.stdin_code}, which runs what it reads",
                                                  kind)
            for w in cmd.words:
                if w.redirect == "<<<":
                    for slot, kind in w.slots:
                        out[slot] = Placement(CODE, f"fed to {simple.stdin_code}, which runs what it reads", kind)
        if not cmd.pipe:
            pipeline = []
    _file_flows(sc.commands, out)
    for start, end, kind in sc.spans:
        body = units[start:end]
        if kind == "bt":  # inside backticks, \\ \` and \$ stand for the character itself
            body = _unescape_backticks(body)
        result.absorb(analyze(body, slot_values, depth + 1))
    if result.stdin_code and feeds:
        # Something reads code from a stdin it inherits ({ sh; } <<< x, eval 'sh' <<< x, a shell
        # whose script starts one): whatever the command feeds may reach it.
        result.reparses = True
        for w in feeds:
            for slot, kind in w.slots:
                if out[slot].cls == TOP:
                    out[slot] = Placement(CODE, f"fed to {result.stdin_code}, which runs what it reads", kind)
    return result


_INPUT = ("<<<", "<", "<>", "<&")
_OUTPUT = (">", ">>", ">|", "&>", "<>")
_RUNS_FILES = SHELLS | frozenset(INTERPRETERS) | PROGRAM_FIRST | frozenset({".", "source"})


#: Print the environment as raw NAME=value lines (bash's ``export -p``/``declare -p``/``set`` quote them).
ENV_DUMPERS = frozenset({"env", "printenv"})


def _dumps_env(cmd: Command) -> bool:
    """Whether ``cmd`` may print the job's environment raw: ``printenv``, or ``env`` with no command to
    run, anywhere among its words (``env env``, ``timeout 5 env``, ``sudo -E printenv``)."""
    words = [w for w in cmd.words if w.redirect is None]
    for k, w in enumerate(words):
        lit = _lit(w)
        name = _base(lit) if lit is not None else None
        if name == "printenv":
            return True
        if name == "env" and _env_prints(words[k + 1:]):
            return True
    return False


def _env_prints(args: list) -> bool:
    """Whether ``env ARGS`` prints the environment: options and NAME=VALUE only, no COMMAND."""
    rest = iter(args)
    for arg in rest:  # env [-0i] [-u NAME] [-C DIR] [NAME=VALUE]...
        a = _lit(arg)
        if a is None or a in ("-S", "--split-string") or a.startswith("-S"):
            return False
        if a in ("-u", "--unset", "-C", "--chdir"):
            next(rest, None)
        elif not (a.startswith("-") or _is_assignment(arg)):
            return False
    return True


def _lit(w: Word) -> str | None:
    return None if w.dynamic else "".join(w.chars)


def _scripts_run(lits: list) -> list[str]:
    """The files a simple command runs as code: ``./f``; the script of a shell or interpreter
    (after wrappers and options: ``nohup sh -e f``, ``python3 f args``), ``awk -f f``; ``. f``."""
    out = []
    if lits and lits[0] and "/" in lits[0]:
        out.append(lits[0])
    i = 0
    while i < len(lits) and lits[i] is not None and posixpath.basename(lits[i]) not in _RUNS_FILES:
        i += 1  # wrappers (nohup, timeout 5, env A=b...) before the runner
    if i >= len(lits) or lits[i] is None:
        return out  # no runner (or a computed word before one)
    rest = lits[i + 1:]
    letters, longs = INTERPRETERS.get(posixpath.basename(lits[i]), ("", ()))
    for j, lit in enumerate(rest):
        if lit is None:
            break
        if lit in ("-f", "--file") and j + 1 < len(rest) and rest[j + 1]:
            out.append(rest[j + 1])  # awk -f prog, sed -f script
            break
        if lit in longs or (lit.startswith("-") and not lit.startswith("--") and set(lit[1:]) & set(letters)):
            break  # sh -c, perl -e: the script is inline text, not a file
        if not lit.startswith("-"):
            out.append(lit)
            break
    return out


def _file_flows(commands: list, out: dict) -> None:
    """A value written to a file (``> f``, ``>> f``, ``| tee f``) that a later command of the
    line runs as code (``sh f``, ``. ./f``, ``source f``, ``./f``, ``python3 f``) is code itself."""
    written: dict[str, list] = {}  # file (without ./) -> the slots whose text may be in it
    piped: list = []  # slots of the commands piped into this one
    for cmd in commands:
        words = [w for w in cmd.words if not w.redirect]
        slots = piped + [(slot, kind) for w in words for slot, kind in w.slots]
        lits = [_lit(w) for w in words]
        if written:
            for lit in _scripts_run(lits):
                for slot, kind in written.get(posixpath.normpath(lit), []):
                    if out.get(slot) and out[slot].cls == TOP:
                        out[slot] = Placement(CODE, f"written to {lit}, which the command then runs", kind)
        targets = [_lit(w) for w in cmd.words if w.redirect in _OUTPUT]
        if lits and lits[0] and posixpath.basename(lits[0]) == "tee":
            targets += [lit for lit in lits[1:] if lit and not lit.startswith("-")]
        for target in targets:
            if target and slots:
                written.setdefault(posixpath.normpath(target), []).extend(slots)
        piped = slots if cmd.pipe else []


def _unescape_backticks(body: list) -> list:
    out, k = [], 0
    while k < len(body):
        if body[k] == "\\" and k + 1 < len(body) and body[k + 1] in ("\\", "`", "$"):
            k += 1
        out.append(body[k])
        k += 1
    return out


def might_name_a_command(value: str) -> bool:
    """Whether a placeholder's value, as a command's name, names one that runs code or reads
    names (a shell, eval, a wrapper...): the only way a value changes ``analyze``'s answer."""
    return value.rpartition("/")[2] in _COMMANDS  # its basename


def _might_be(slot_values, word: Word) -> bool:
    """Whether a word made with placeholders may name such a command (unknown values may be anything)."""
    for slot, _kind in word.slots:
        values = slot_values.get(slot)
        if values is None or any(might_name_a_command(v) for v in values):
            return True
    return False


_COMMANDS = SHELLS | REPARSE_BUILTINS | REPARSE_PROGRAMS | WRAPPERS | NAME_BUILTINS | set(INTERPRETERS) | PROGRAM_FIRST
_ASSIGN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=")
_TOP_ARGS = frozenset({"test", "[", "wait"})


class _Simple:
    """One simple command's words, left to right: what each placeholder is to the command."""

    def __init__(self, slot_values, out: dict, depth: int):
        self.values = slot_values
        self.out = out
        self.depth = depth
        self.result = Analysis({})
        self.reparser: tuple[str, list] | None = None  # (name, its argument words)
        self.asked_version = False  # python --version: runs nothing
        self.mode = "start"
        self.code_why: str | None = None  # every later word is code, for this reason
        self.stdin_code: str | None = None
        self.interp: list | None = None  # [name, code letters, long options, state, program first]
        self.builtin = ""
        self.name = ""  # the command's name, once known

    def mark(self, w: Word, cls: str, why: str) -> None:
        for slot, kind in w.slots:
            self.out.setdefault(slot, Placement(cls, why, kind))

    def mark_code(self, w: Word, why: str) -> None:
        """A word that is run as code: every placeholder in it, quoted or not, is in code."""
        for slot in w.inner:
            lexed = self.out[slot].lexed if slot in self.out else BARE
            self.out[slot] = Placement(CODE, why, lexed)

    def word(self, w: Word) -> None:
        lit = w.literal()
        if self.code_why:
            if self.reparser is not None:
                self.reparser[1].append(w)
            return self.mark_code(w, self.code_why)
        if (self.mode == "start" or (self.mode == "wrapper" and self.builtin == "env")) and _is_assignment(w):
            assign = _ASSIGN.match("".join(w.chars))  # it matches: _is_assignment
            if (assign and assign.group(1)) or (lit and "[" in lit.split("=", 1)[0]):
                self.result.evals = True  # name[subscript]=: arithmetic
            return self._assignment(w, "an assignment's value")
        if self.mode == "prefix":  # after command or builtin: their options, then a command as at the start
            if lit in ("-v", "-V"):
                self.mode = "args_only"  # command -v NAME: looks NAME up, runs nothing
                return
            if lit is not None and lit.startswith("-") and len(lit) > 1:
                return
            self.mode = "start"
        if self.mode in ("start", "wrapper"):
            return self._command_word(w, lit)
        getattr(self, "_" + self.mode)(w, lit)

    def _command_word(self, w: Word, lit: str | None) -> None:
        if lit is None:
            if w.slots and _might_be(self.values, w):
                unknown = any(self.values.get(s) is None for s, _k in w.slots)
                self.mark(w, CMDPOS if unknown else TOP, COMMAND_NAME if self.mode == "start" else
                          "after a command that runs another (env, nohup, timeout...), where it may be the "
                          "command's name")
                self.code_why = "after a command name that a placeholder gives (it may be a shell or eval)"
                self.result.reparses = True
                return
            if not w.slots:  # $SHELL, $(which sh), `...`: nobody knows which command this is
                self.code_why = "after a command whose name is computed ($VAR, $(...)): it may be a shell"
                self.result.reparses = True
                return
            self.mark(w, TOP, COMMAND_NAME if self.mode == "start" else "an argument")
            if self.mode == "start":
                self.mode = "args"
            return
        name = _base(lit)
        if self.mode == "wrapper" and self.builtin == "env" and lit.startswith(("-S", "--split-string")):
            self.code_why = "an argument of env -S, which splits it into a command line"
            self.reparser = ("env -S", [])
            return
        if self.mode == "start" and lit in RESERVED:
            if lit in ("for", "case", "select"):
                self.mode = "args"
            elif lit == "[[":
                self.mode = "dbracket"
            return
        if name in REPARSE_BUILTINS and (self.mode == "start" or name != "."):
            self.code_why = f"an argument of {name}, which runs its arguments as shell code"
            self.reparser = (name, [])
        elif self._program(name):
            pass
        elif self.mode == "start" and name in NAME_BUILTINS:
            self.mode, self.builtin = "names", name
            if name == "let":
                self.result.evals = True
        elif name in ("command", "builtin") and self.mode == "start":
            self.mode = "prefix"
        elif name in WRAPPERS:
            self.mode, self.builtin = "wrapper", name
        elif self.mode == "start":
            self.mode, self.name = "args", name

    def _program(self, name: str) -> bool:
        """A word naming a program that reads shell (or other) code: switch to reading its arguments."""
        if name in REPARSE_PROGRAMS:
            self.code_why = f"an argument of {name}, {PASTED}"
            self.reparser = (name, [])
            if name == "xargs":
                self.stdin_code = "xargs"
            return True
        if name in INTERPRETERS or name in PROGRAM_FIRST:
            letters, longs = INTERPRETERS.get(name, ("", ()))
            self.interp = [name, letters, longs, "opts", name in PROGRAM_FIRST]
            self.mode = "interp"
            return True
        return False

    def _args_only(self, w: Word, lit: str | None) -> None:
        self.mark(w, TOP, "an argument")

    def _args(self, w: Word, lit: str | None) -> None:
        if lit is not None and self._program(_base(lit)):
            return
        if self.name == "find" and lit in FIND_RUNS:
            self.mode, self.builtin = "wrapper", "find"  # what follows names a command, as after a wrapper
            return
        self.mark(w, TOP, "an argument")

    def _interp(self, w: Word, lit: str | None) -> None:
        interp = self.interp
        assert interp is not None  # mode "interp" is entered with it set
        name, letters, longs, state, program_first = interp
        if state == "data":
            return self.mark(w, TOP, f"an argument after the script of {name}")
        if state == "code":
            if lit is not None and lit.startswith(("-", "+")) and len(lit) > 1 and not program_first:
                return  # more options (sh -c -e, sh -c -- '...'): the script is still to come
            interp[3] = "data"
            self._script(name, lit)
            return self.mark_code(w, f"the code that {name} runs")
        if state == "optarg":
            interp[3] = "opts"
            return self.mark_code(w, f"an option of {name}")
        if lit is None:
            interp[3] = "data"
            if program_first or name in SHELLS:
                self.result.reparses = True  # the program or the script itself comes from a value
            return self.mark_code(w, f"an option, the script or the program of {name}")
        if state == "opts" and lit in ("--version", "-V", "--help", "-h"):
            self.asked_version = True
        if state == "opts" and lit == "--":
            interp[3] = "operand"
        elif state == "opts" and lit == "-":
            self.stdin_code = name
            interp[3] = "data"
        elif state == "opts" and len(lit) > 1 and lit[0] in "-+":
            short = lit[0] == "-" and not lit.startswith("--")
            if lit in longs or (short and any(ch in letters for ch in lit[1:])):
                interp[3] = "code"
            elif program_first and lit in ("-e", "--expression"):
                interp[3] = "code"
                interp[4] = False  # the program was given: operands are files
            elif program_first and lit in ("-f", "--file"):
                interp[3] = "optarg"
                interp[4] = False
            elif lit == "-m" and name.startswith("python"):
                interp[3] = "data"  # python -m module: what follows is the module's
            elif lit in ("-o", "+o", "-O", "+O", "-W", "-X", "-v", "-F", "--rcfile", "--init-file", "-I", "-M"):
                interp[3] = "optarg"
            elif short and "s" in lit[1:] and name in SHELLS:
                self.stdin_code = name
        else:  # the first operand: awk's or sed's program (code), or a script file
            interp[3] = "data"
            if program_first:
                self._script(name, lit)
                self.mark_code(w, f"the program that {name} runs")

    def _names(self, w: Word, lit: str | None) -> None:
        b = self.builtin
        if b in ("declare", "typeset", "local", "readonly", "export") and lit and _INT_ATTR.fullmatch(lit):
            self.result.evals = True  # integer variables: what is assigned to them is arithmetic
        if lit in _ARITH_TESTS and b in ("test", "["):
            self.result.evals = True
        if b == "printf" and lit == "-v":
            self.result.evals = True
        if b == "let":
            return self.mark(w, ARITH, "an argument of let")
        if b in _TOP_ARGS or b == "printf":
            return self.mark(w, TOP, f"an argument of {b}")
        if _is_assignment(w):
            return self._assignment(w, f"the value of an assignment given to {b}")
        self.mark(w, NAME, f"a variable name given to {b}")

    def _assignment(self, w: Word, why: str) -> None:
        named = re.match(r"[A-Za-z_][A-Za-z0-9_]*", "".join(w.chars))  # an assignment starts with its name
        name = named.group(0) if named else ""
        if name in COMMAND_VARIABLES:
            return self.mark_code(w, f"the value of {name}, which the shell or a program runs as a command")
        self.mark(w, TOP, why)

    def _dbracket(self, w: Word, lit: str | None) -> None:
        if lit == "]]":
            self.mode = "args"
            return
        if lit in _ARITH_TESTS:
            self.result.evals = True
        self.mark(w, TOP, "inside [[ ]]")

    def _script(self, name: str, lit: str | None) -> None:
        """The code word of an interpreter: a shell's literal script is looked into; code built
        from variables is text a value could reach."""
        if lit is None:
            self.result.reparses = True
            self.stdin_code = self.stdin_code or name
        elif name in SHELLS:
            inner = analyze(list(lit), {}, self.depth + 1)
            self.result.absorb(inner)
            self.stdin_code = self.stdin_code or inner.stdin_code

    def finish(self) -> None:
        if self.interp is not None and self.interp[3] == "opts" and not self.interp[4] and not self.asked_version:
            self.stdin_code = self.interp[0]  # a shell or interpreter with no script reads code from stdin
        if self.code_why and self.reparser is None:  # a command nobody can name: it may read its stdin
            self.stdin_code = self.stdin_code or "a command whose name is computed"
        if self.reparser is not None:
            name, words = self.reparser
            texts = [w.literal() for w in words]
            if any(t is None for t in texts):
                self.result.reparses = True
                self.stdin_code = self.stdin_code or name
            elif name not in (".", "source"):  # a fixed script: look into it (eval 'a; b', trap 'rm x' EXIT)
                inner = analyze(list(" ".join(texts)), {}, self.depth + 1)
                self.result.absorb(inner)
                self.stdin_code = self.stdin_code or inner.stdin_code
            else:
                self.stdin_code = self.stdin_code or name  # a sourced file may read its stdin


def _is_assignment(w: Word) -> bool:
    """``NAME=...`` with the name literal: placeholders after the '=' are the value."""
    text = "".join(w.chars)
    m = _ASSIGN.match(text)
    if not m:
        return False
    return w.slot_at is None or w.slot_at >= m.end()


def _command(cmd: Command, slot_values, out: dict, depth: int) -> _Simple:
    """Classify the top-level placeholders of one simple command."""
    simple = _Simple(slot_values, out, depth)
    for w in cmd.words:
        if w.redirect == "<<<":
            simple.mark(w, TOP, "a here-string")
        elif w.redirect is not None:
            simple.mark(w, TOP, "a redirection target")
        else:
            simple.word(w)
    simple.finish()
    return simple
