"""Where a placeholder stands in a shell command, read the way ``sh`` and ``bash`` read it.

``scan`` walks a command template once (no backtracking, no recursion: an explicit stack
of quoting frames) and says, for each placeholder, whether it stands at the top level of
the command, bare or inside double quotes, where the shell expands a variable exactly
once as data, or somewhere the value would be read again: inside ``'...'``, ``$(...)``,
backticks, ``${...}``, arithmetic, a here-document. ``classify`` then looks at the simple
commands of the top level: an argument of ``eval``, the script of ``sh -c``, a name given
to ``export`` or ``read``, what a shell reading its stdin is fed through a pipe... are all
places where a value becomes code again. Templating decides from these classes what it
may substitute (``tianluo.templating``).

The analysis errs on the careful side: a place it cannot prove safe is reported unsafe.
"""

import posixpath
import re
from dataclasses import dataclass, field

# --- what the lexer reports ----------------------------------------------------------

BARE, DQ, COMMENT, NESTED, ARITH = "bare", "dq", "comment", "nested", "arith"
#: Classes after command analysis. TOP: the shell expands a variable there once, as data.
TOP, CODE, NAME, CMDPOS = "top", "code", "name", "cmdpos"

SHELLS = frozenset({"sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash", "posh", "fish", "csh", "tcsh",
                    "busybox", "rbash", "ksh93", "pdksh"})
#: Interpreters: which single-letter options (and long ones) take code as their argument.
INTERPRETERS = {
    **{s: ("c", ("--command",)) for s in SHELLS},
    **{p: ("c", ()) for p in ("python", "python2", "python3", "pypy", "pypy3", "ipython")},
    "perl": ("eE", ()), "ruby": ("e", ()), "node": ("ep", ("--eval", "--print")), "nodejs": ("ep", ("--eval",)),
    "php": ("r", ()), "lua": ("e", ()), "Rscript": ("e", ()), "julia": ("e", ("--eval",)), "tclsh": ("", ()),
}
#: Take their program as the first operand (or after -e), and run what it says (sed 'e', awk system()).
PROGRAM_FIRST = frozenset({"awk", "gawk", "mawk", "nawk", "sed", "gsed", "busybox"})
#: Read again as shell code whatever follows them (builtins only at the command's start).
REPARSE_BUILTINS = frozenset({"eval", "trap", "source", ".", "fc", "alias", "complete", "bind"})
REPARSE_PROGRAMS = frozenset({"ssh", "su", "runuser", "sg", "watch", "parallel", "script", "tmux", "screen",
                              "at", "batch", "flock", "xargs", "expect", "xterm", "sshpass", "mosh", "rsh",
                              "rlogin", "ksu", "pdsh", "clush", "dtach", "abduco"})
#: Run the command that follows them: its name comes later among their arguments.
WRAPPERS = frozenset({"env", "exec", "command", "builtin", "nohup", "nice", "ionice", "time", "timeout", "stdbuf",
                      "setsid", "taskset", "numactl", "chrt", "chroot", "srun", "salloc", "mpirun", "mpiexec",
                      "unbuffer", "xvfb-run", "strace", "ltrace", "valgrind", "nsenter", "unshare", "conda",
                      "mamba", "micromamba", "uv", "poetry", "pipenv", "pixi", "faketime", "fakeroot", "catchsegv",
                      "coproc", "prlimit", "cgexec", "firejail", "bwrap", "proot", "sudo", "doas", "pkexec",
                      "systemd-run", "torchrun", "accelerate", "deepspeed", "horovodrun"})
#: Builtins that take variable names (where bash evaluates an array subscript) or evaluate arithmetic.
NAME_BUILTINS = frozenset({"declare", "typeset", "local", "export", "readonly", "unset", "read", "mapfile",
                           "readarray", "getopts", "let", "printf", "test", "[", "wait"})
RESERVED = frozenset({"if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for",
                      "in", "select", "function", "time", "coproc", "{", "}", "!", "[[", "]]"})
_ARITH_TESTS = frozenset({"-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-v", "-R"})
_INT_ATTR = re.compile(r"-[A-Za-z]*i")


@dataclass
class Word:
    chars: list = field(default_factory=list)  # literal characters, quotes removed
    slots: list = field(default_factory=list)  # (slot index, BARE | DQ | NESTED | ARITH)
    dynamic: bool = False  # holds an expansion or a placeholder
    started: bool = False
    redirect: str | None = None  # the operator before it (a redirection target), or None
    slot_at: int | None = None  # how many characters come before its first placeholder
    inner: list = field(default_factory=list)  # every placeholder inside it, quoted or nested too

    def add_slot(self, slot: int, kind: str) -> None:
        if self.slot_at is None:
            self.slot_at = len(self.chars)
        self.slots.append((slot, kind))
        self.started = self.dynamic = True

    def literal(self) -> str | None:
        return None if self.dynamic else "".join(self.chars)


@dataclass
class Command:
    words: list = field(default_factory=list)
    pipe: bool = False  # its stdout feeds the next command


@dataclass
class Scan:
    ctx: dict  # slot index -> BARE | DQ | COMMENT | NESTED | ARITH
    commands: list  # the top level's simple commands
    name_eval: bool  # the text evaluates variable names somewhere (arithmetic, subscripts, [[ -eq ]]...)
    why: dict = field(default_factory=dict)  # slot index -> where it stands, for messages
    spans: list = field(default_factory=list)  # (start, end, kind) of the outermost $(...) and `...` bodies
    expands_code: bool = False  # an unquoted here-document runs command substitutions of its own


_WHERE = {"sq": "inside '...'", "dsq": "inside $'...'", "bt": "inside backticks", "param": "inside ${...}",
          "arith": "inside shell arithmetic", "cmd": "inside $(...)", "dq": "inside \"...\""}


@dataclass
class _Frame:
    kind: str  # cmd, dq, sq, dsq, bt, param, arith
    top: bool = False
    paren: int = 0
    case: int = 0
    close: str = ""
    start: int = 0
    body: int = 0  # where a $(...) or `...` body begins
    heredocs: list = field(default_factory=list)
    cmd_start: bool = True
    cur: list = field(default_factory=list)  # the word being read (nested cmd frames: for keywords)


class _Lexer:
    def __init__(self, units: list):
        self.u = units
        self.n = len(units)
        self.i = 0
        self.ctx: dict[int, str] = {}
        self.why: dict[int, str] = {}
        self.stack = [_Frame("cmd", top=True)]
        self.commands = [Command()]
        self.word = Word()
        self.name_eval = False
        self.spans: list = []
        self.expands_code = False
        self.pending_redirect: str | None = None

    # --- helpers -------------------------------------------------------------------

    def at(self, k: int):
        return self.u[k] if 0 <= k < self.n else None

    def starts(self, text: str, k: int | None = None) -> bool:
        k = self.i if k is None else k
        return all(self.at(k + j) == ch for j, ch in enumerate(text))

    def slot_ctx(self, default: str) -> str:
        return ARITH if any(f.kind == "arith" for f in self.stack) else default

    def mark(self, slot: int, kind: str, why: str | None = None) -> None:
        self.ctx[slot] = kind
        self.why[slot] = why or self.where()
        if self.stack[-1].top or self.in_top_word():
            self.word.inner.append(slot)

    def where(self) -> str:
        """Where the innermost frame puts a placeholder, for messages."""
        for frame in reversed(self.stack):
            if frame.kind in _WHERE and not (frame.kind == "cmd" and frame.top):
                return _WHERE[frame.kind]
        return "at the top level"

    def in_top_word(self) -> bool:
        return len(self.stack) >= 2 and self.stack[0].top

    def push(self, frame: _Frame) -> None:
        if self.stack[-1].top:
            self.word.started = True
            if frame.kind not in ("sq", "dq"):
                self.word.dynamic = True
        elif self.in_top_word():
            self.word.dynamic = True
        frame.start = self.i
        self.stack.append(frame)

    def close(self, end: int) -> None:
        """Pop a $(...) or `...` frame; remember its body if no other such frame holds it."""
        frame = self.stack.pop()
        if not any((f.kind == "cmd" and not f.top) or f.kind == "bt" for f in self.stack):
            self.spans.append((frame.body, end, frame.kind))

    def end_word(self) -> None:
        w = self.word
        if w.started:
            w.redirect = self.pending_redirect
            self.pending_redirect = None
            self.commands[-1].words.append(w)
        self.word = Word()

    def end_command(self, pipe: bool = False) -> None:
        self.end_word()
        self.commands[-1].pipe = pipe
        self.commands.append(Command())

    # --- the walk --------------------------------------------------------------------

    def run(self) -> Scan:
        while self.i < self.n:
            frame = self.stack[-1]
            getattr(self, "_" + frame.kind)(frame)
        self.end_command()
        for frame in self.stack[1:]:  # unterminated: the shell refuses it; nothing in it is top level
            if frame.kind == "arith":
                self.name_eval = True
        return Scan(self.ctx, [c for c in self.commands if c.words], self.name_eval, self.why, self.spans,
                    self.expands_code)

    def _dollar(self, frame: _Frame) -> bool:
        """``$`` at self.i: push the frame it opens; False when it is a plain ``$``."""
        nxt = self.at(self.i + 1)
        if nxt == "(" and self.at(self.i + 2) == "(":
            self.push(_Frame("arith", close="))"))
            self.i += 3
        elif nxt == "(":
            self.push(_Frame("cmd"))
            self.i += 2
            self.stack[-1].body = self.i
        elif nxt == "{":
            self.push(_Frame("param"))
            self.i += 2
            self.stack[-1].start = self.i
        elif nxt == "[":
            self.push(_Frame("arith", close="]"))
            self.i += 2
        elif nxt == "'" and frame.kind in ("cmd", "param"):
            self.push(_Frame("dsq"))
            self.i += 2
        elif nxt == '"' and frame.kind in ("cmd", "param"):
            self.push(_Frame("dq"))
            self.i += 2
        else:
            if frame.top and (isinstance(nxt, str) and (nxt.isalnum() or nxt in "_@*#?$!-")):
                self.word.dynamic = True
            return False
        return True

    def _cmd(self, f: _Frame) -> None:
        c = self.at(self.i)
        top = f.top
        if isinstance(c, int):
            if top:
                self.word.add_slot(c, BARE)
                self.mark(c, BARE)
            else:
                self.mark(c, self.slot_ctx(NESTED))
                f.cur.append("\0")
            f.cmd_start = False
            self.i += 1
            return
        if c == "\\":
            nxt = self.at(self.i + 1)
            if nxt == "\n":
                self.i += 2
                return
            if isinstance(nxt, int):
                self.mark(nxt, NESTED, "right after a backslash")  # what follows the backslash is unknown
                if top:
                    self.word.started = self.word.dynamic = True
            elif nxt is not None and top:
                self.word.started = True
                self.word.chars.append(nxt)
            elif nxt is not None:
                f.cur.append(nxt)
            self.i += 2
            return
        if c in " \t":
            self._word_break(f)
            self.i += 1
            return
        if c == "\n":
            self._word_break(f)
            if top:
                self.end_command()
            f.cmd_start = True
            self.i += 1
            if f.heredocs:
                self._heredoc_bodies(f)
            return
        if c == "#" and (not f.cur if not top else not self.word.started):
            while self.i < self.n and self.at(self.i) != "\n":
                if isinstance(self.at(self.i), int):
                    self.mark(self.at(self.i), COMMENT if top else NESTED, "in a comment")
                self.i += 1
            return
        if c in ";&|":
            self._word_break(f)
            nxt = self.at(self.i + 1)
            if c == "&" and nxt == ">":  # bash: &> file
                self.i += 2 + (self.at(self.i + 2) == ">")
                self.pending_redirect = "&>" if top else None
                return
            if top:
                self.end_command(pipe=(c == "|" and nxt != "|"))
            f.cmd_start = True
            self.i += 2 if nxt == c or (c == "|" and nxt == "&") or (c == ";" and nxt == "&") else 1
            return
        if c in "<>":
            self._redirect(f)
            return
        if c == "(":
            if self.at(self.i + 1) == "(" and f.cmd_start and not f.cur and not (top and self.word.started):
                self._word_break(f)
                self.push(_Frame("arith", close="))"))
                self.name_eval = True  # (( )) is arithmetic on names, as a command of its own
                self.i += 2
                return
            self._word_break(f)
            if top:
                self.end_command()
            else:
                f.paren += 1
            f.cmd_start = True
            self.i += 1
            return
        if c == ")":
            self._word_break(f)
            if top:
                self.end_command()
            elif f.paren > 0:
                f.paren -= 1
            elif f.case > 0:
                pass  # a case pattern's ')'
            else:
                self.close(self.i)
                self.i += 1
                return
            f.cmd_start = True
            self.i += 1
            return
        if c == "'":
            self.push(_Frame("sq"))
            self.i += 1
            return
        if c == '"':
            self.push(_Frame("dq"))
            self.i += 1
            return
        if c == "`":
            self.push(_Frame("bt"))
            self.i += 1
            self.stack[-1].body = self.i
            return
        if c == "$" and self._dollar(f):
            return
        if top:
            self.word.started = True
            self.word.chars.append(c)
        else:
            f.cur.append(c)
        self.i += 1

    def _word_break(self, f: _Frame) -> None:
        if f.top:
            if self.word.started:
                self.end_word()
            return
        if f.cur:
            text = "".join(f.cur)
            if f.cmd_start and text == "case":
                f.case += 1
            elif text == "esac" and f.case > 0:
                f.case -= 1
            f.cmd_start = text in RESERVED
            f.cur = []

    def _redirect(self, f: _Frame) -> None:
        c = self.at(self.i)
        if self.at(self.i + 1) == "(":  # process substitution <( ) >( )
            self.push(_Frame("cmd"))
            self.i += 2
            self.stack[-1].body = self.i
            return
        if f.top and self.word.started and not self.word.dynamic and "".join(self.word.chars).isdigit():
            self.word = Word()  # the fd number of 2>file belongs to the operator
        else:
            self._word_break(f)
        if self.starts("<<<"):
            op, self.i = "<<<", self.i + 3
        elif self.starts("<<"):
            strip = self.at(self.i + 2) == "-"
            self.i += 3 if strip else 2
            self._heredoc_word(f, strip)
            return
        else:
            op = c
            self.i += 1
            if self.at(self.i) in (">", "&", "|") or (c == "<" and self.at(self.i) == ">"):
                op += self.at(self.i)
                self.i += 1
        if f.top:
            self.pending_redirect = op

    def _heredoc_word(self, f: _Frame, strip: bool) -> None:
        while self.at(self.i) in (" ", "\t"):
            self.i += 1
        chars, quoted, slot = [], False, False
        quote = None
        while self.i < self.n:
            c = self.at(self.i)
            if isinstance(c, int):
                self.mark(c, NESTED, "in a here-document's delimiter")
                slot = True
            elif quote:
                if c == quote:
                    quote = None
                else:
                    chars.append(c)
            elif c in "'\"":
                quote, quoted = c, True
            elif c == "\\":
                quoted = True
                self.i += 1
                if self.at(self.i) is not None and not isinstance(self.at(self.i), int):
                    chars.append(self.at(self.i))
            elif c in " \t\n;&|<>()":
                break
            else:
                chars.append(c)
            self.i += 1
        f.heredocs.append((None if slot else "".join(chars), strip, quoted))

    def _heredoc_bodies(self, f: _Frame) -> None:
        """After the newline that ends a here-document's line: skip its body, to its delimiter line."""
        for delim, strip, quoted in f.heredocs:
            while self.i < self.n:
                end = self.i
                while end < self.n and self.at(end) != "\n":
                    end += 1
                line = self.u[self.i:end]
                self.i = min(end + 1, self.n)
                if delim is not None and all(isinstance(x, str) for x in line):
                    text = "".join(line)
                    if (text.lstrip("\t") if strip else text) == delim:
                        break
                for x in line:
                    if isinstance(x, int):
                        self.mark(x, NESTED, "in a here-document")
                text = "".join(x for x in line if isinstance(x, str))
                if not quoted and ("`" in text or "$(" in text or "$[" in text or "${" in text):
                    self.expands_code = True
        f.heredocs = []

    def _sq(self, f: _Frame) -> None:
        c = self.at(self.i)
        self.i += 1
        if c == "'":
            self.stack.pop()
        elif isinstance(c, int):
            self.mark(c, self.slot_ctx(NESTED))
            if self.in_top_word():
                self.word.dynamic = True
        elif len(self.stack) == 2 and self.stack[0].top:
            self.word.chars.append(c)

    def _dsq(self, f: _Frame) -> None:
        c = self.at(self.i)
        if c == "\\":
            if isinstance(self.at(self.i + 1), int):
                self.mark(self.at(self.i + 1), NESTED)
            self.i += 2
            return
        self.i += 1
        if c == "'":
            self.stack.pop()
        elif isinstance(c, int):
            self.mark(c, NESTED)

    def _bt(self, f: _Frame) -> None:
        c = self.at(self.i)
        if c == "\\":
            if isinstance(self.at(self.i + 1), int):
                self.mark(self.at(self.i + 1), NESTED)
            self.i += 2
            return
        self.i += 1
        if c == "`":
            self.close(self.i - 1)
        elif isinstance(c, int):
            self.mark(c, self.slot_ctx(NESTED))

    def _dq(self, f: _Frame) -> None:
        c = self.at(self.i)
        direct = len(self.stack) == 2 and self.stack[0].top
        if isinstance(c, int):
            kind = DQ if direct else self.slot_ctx(NESTED)
            self.mark(c, kind)
            if self.in_top_word():
                self.word.dynamic = True
                if direct:
                    self.word.add_slot(c, DQ)
            self.i += 1
            return
        if c == "\\":
            nxt = self.at(self.i + 1)
            if isinstance(nxt, int):
                self.mark(nxt, NESTED)
                if self.in_top_word():
                    self.word.dynamic = True
            elif direct and nxt is not None:
                if nxt not in '$`"\\\n':
                    self.word.chars.append("\\")
                if nxt != "\n":
                    self.word.chars.append(nxt)
            self.i += 2
            return
        if c == '"':
            self.stack.pop()
            self.i += 1
            return
        if c == "`":
            self.push(_Frame("bt"))
            self.i += 1
            self.stack[-1].body = self.i
            return
        if c == "$" and self._dollar(f):
            return
        if c == "$" and self.in_top_word():
            nxt = self.at(self.i + 1)
            if isinstance(nxt, str) and (nxt.isalnum() or nxt in "_@*#?$!-"):
                self.word.dynamic = True
        if direct:
            self.word.chars.append(c)
        self.i += 1

    def _param(self, f: _Frame) -> None:
        c = self.at(self.i)
        if isinstance(c, int):
            self.mark(c, self.slot_ctx(NESTED))
            self.i += 1
            return
        if c == "\\":
            if isinstance(self.at(self.i + 1), int):
                self.mark(self.at(self.i + 1), NESTED)
            self.i += 2
            return
        if c == "}":
            if f.paren > 0:
                f.paren -= 1
            else:
                self._param_done(f)
                self.stack.pop()
            self.i += 1
            return
        if c == "{":
            f.paren += 1
            self.i += 1
            return
        if c == "'" and not any(x.kind == "dq" for x in self.stack):
            self.push(_Frame("sq"))
            self.i += 1
            return
        if c == '"':
            self.push(_Frame("dq"))
            self.i += 1
            return
        if c == "`":
            self.push(_Frame("bt"))
            self.i += 1
            self.stack[-1].body = self.i
            return
        if c == "$" and self._dollar(f):
            return
        self.i += 1

    def _param_done(self, f: _Frame) -> None:
        text = "".join(x if isinstance(x, str) else "\0" for x in self.u[f.start:self.i])
        if text.startswith("!") or "\0" in text[:1]:
            self.name_eval = True  # indirection: the value names a variable
            return
        m = re.match(r"#?(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])", text)
        rest = text[m.end():] if m else text
        arith = rest.startswith("[") or (rest.startswith(":") and (len(rest) < 2 or rest[1] not in "-=?+"))
        if arith and any(ch.isalpha() or ch in "_$`\0" for ch in rest[1:]):
            self.name_eval = True  # a subscript or an offset that names something: arithmetic on names

    def _arith(self, f: _Frame) -> None:
        c = self.at(self.i)
        if isinstance(c, int):
            self.mark(c, ARITH)
            self.i += 1
            return
        if f.close == "]" and c == "]":
            self.stack.pop()
            self.i += 1
            return
        if c == "(":
            f.paren += 1
        elif c == ")":
            if f.paren > 0:
                f.paren -= 1
            elif f.close == "))" and self.at(self.i + 1) == ")":
                self.stack.pop()
                self.i += 2
                return
        elif c == "'":
            self.push(_Frame("sq"))
        elif c == '"':
            self.push(_Frame("dq"))
            self.i += 1
            return
        elif c == "`":
            self.push(_Frame("bt"))
            self.stack[-1].body = self.i + 1
        elif c == "$":
            self.name_eval = True  # an expansion's text is evaluated as an expression
            if self._dollar(f):
                return
        elif isinstance(c, str) and (c.isalpha() or c == "_"):
            self.name_eval = True  # a name: bash evaluates the variable's text as an expression
        self.i += 1


def scan(units: list) -> Scan:
    """Lex a command whose placeholders are given as ints (their slot index) among characters."""
    return _Lexer(units).run()


# --- the simple commands of the top level --------------------------------------------


@dataclass
class Placement:
    cls: str  # TOP, COMMENT, NESTED, ARITH, CODE, NAME, CMDPOS
    why: str  # where it stands, for messages
    lexed: str = BARE  # what the lexer saw: BARE, DQ, COMMENT, NESTED, ARITH


def _base(word: str) -> str:
    return posixpath.basename(word)


#: How deep scripts inside scripts are looked into; deeper is taken as unsafe.
MAX_DEPTH = 8


@dataclass
class Analysis:
    placed: dict  # slot index -> Placement
    evals: bool = False  # somewhere, bash evaluates a variable's text (arithmetic, subscripts, [[ -eq ]]...)
    reparses: bool = False  # somewhere, text built from variables or read from a pipe is run as code

    def absorb(self, other: "Analysis") -> None:
        self.evals = self.evals or other.evals
        self.reparses = self.reparses or other.reparses


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
    for cmd in sc.commands:
        pipeline.append(cmd)
        simple = _command(cmd, slot_values, out, depth)
        result.absorb(simple.result)
        if simple.stdin_code:
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
    for start, end, kind in sc.spans:
        body = units[start:end]
        if kind == "bt":  # inside backticks, \\ \` and \$ stand for the character itself
            body = _unescape_backticks(body)
        result.absorb(analyze(body, slot_values, depth + 1))
    return result


def _unescape_backticks(body: list) -> list:
    out, k = [], 0
    while k < len(body):
        if body[k] == "\\" and k + 1 < len(body) and body[k + 1] in ("\\", "`", "$"):
            k += 1
        out.append(body[k])
        k += 1
    return out


def _might_be(slot_values, word: Word, names) -> bool:
    """Whether a word made with placeholders may be one of ``names`` (unknown values may be anything)."""
    for slot, _kind in word.slots:
        values = slot_values.get(slot)
        if values is None or any(_base(v) in names for v in values):
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
        self.mode = "start"
        self.code_why: str | None = None  # every later word is code, for this reason
        self.stdin_code: str | None = None
        self.interp: list | None = None  # [name, code letters, long options, state, program first]
        self.builtin = ""

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
        if self.mode == "start" and _is_assignment(w):
            if _ASSIGN.match("".join(w.chars)).group(1) or (lit and "[" in lit.split("=", 1)[0]):
                self.result.evals = True  # name[subscript]=: arithmetic
            return self.mark(w, TOP, "an assignment's value")
        if self.mode in ("start", "wrapper"):
            return self._command_word(w, lit)
        getattr(self, "_" + self.mode)(w, lit)

    def _command_word(self, w: Word, lit: str | None) -> None:
        if lit is None:
            if w.slots and _might_be(self.values, w, _COMMANDS):
                unknown = any(self.values.get(s) is None for s, _k in w.slots)
                self.mark(w, CMDPOS if unknown else TOP, "the command's name")
                self.code_why = "after a command name that a placeholder gives (it may be a shell or eval)"
                self.result.reparses = True
                return
            self.mark(w, TOP, "the command's name" if self.mode == "start" else "an argument")
            if self.mode == "start":
                self.mode = "args"
            return
        name = _base(lit)
        if self.mode == "start" and lit in RESERVED:
            if lit in ("for", "case", "select"):
                self.mode = "args"
            elif lit == "[[":
                self.mode = "dbracket"
            return
        if self.mode == "start" and name in REPARSE_BUILTINS:
            self.code_why = f"an argument of {name}, which runs its arguments as shell code"
            self.reparser = (name, [])
        elif self._program(name):
            pass
        elif self.mode == "start" and name in NAME_BUILTINS:
            self.mode, self.builtin = "names", name
            if name == "let":
                self.result.evals = True
        elif name in WRAPPERS:
            self.mode = "wrapper"
        elif self.mode == "start":
            self.mode = "args"

    def _program(self, name: str) -> bool:
        """A word naming a program that reads shell (or other) code: switch to reading its arguments."""
        if name in REPARSE_PROGRAMS:
            self.code_why = f"an argument of {name}, which may run it as shell code"
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

    def _args(self, w: Word, lit: str | None) -> None:
        if lit is not None and self._program(_base(lit)):
            return
        self.mark(w, TOP, "an argument")

    def _interp(self, w: Word, lit: str | None) -> None:
        name, letters, longs, state, program_first = self.interp
        if state == "data":
            return self.mark(w, TOP, f"an argument after the script of {name}")
        if state == "code":
            self.interp[3] = "data"
            self._script(name, lit)
            return self.mark_code(w, f"the code that {name} runs")
        if state == "optarg":
            self.interp[3] = "opts"
            return self.mark_code(w, f"an option of {name}")
        if lit is None:
            self.interp[3] = "data"
            if program_first or name in SHELLS:
                self.result.reparses = True  # the program or the script itself comes from a value
            return self.mark_code(w, f"an option, the script or the program of {name}")
        if state == "opts" and lit == "--":
            self.interp[3] = "operand"
        elif state == "opts" and lit == "-":
            self.stdin_code = name
            self.interp[3] = "data"
        elif state == "opts" and len(lit) > 1 and lit[0] in "-+":
            short = lit[0] == "-" and not lit.startswith("--")
            if lit in longs or (short and any(ch in letters for ch in lit[1:])):
                self.interp[3] = "code"
            elif program_first and lit in ("-e", "--expression"):
                self.interp[3] = "code"
                self.interp[4] = False  # the program was given: operands are files
            elif program_first and lit in ("-f", "--file"):
                self.interp[3] = "optarg"
                self.interp[4] = False
            elif lit == "-m" and name.startswith("python"):
                self.interp[3] = "data"  # python -m module: what follows is the module's
            elif lit in ("-o", "+o", "-O", "+O", "-W", "-X", "-v", "-F", "--rcfile", "--init-file", "-I", "-M"):
                self.interp[3] = "optarg"
            elif short and "s" in lit[1:] and name in SHELLS:
                self.stdin_code = name
        else:  # the first operand: awk's or sed's program (code), or a script file
            self.interp[3] = "data"
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
            return self.mark(w, TOP, f"the value of an assignment given to {b}")
        self.mark(w, NAME, f"a variable name given to {b}")

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
        elif name in SHELLS:
            self.result.absorb(analyze(list(lit), {}, self.depth + 1))

    def finish(self) -> None:
        if self.interp is not None and self.interp[3] == "opts" and not self.interp[4]:
            self.stdin_code = self.interp[0]  # a shell or interpreter with no script reads code from stdin
        if self.stdin_code:
            self.result.reparses = True
        if self.reparser is not None:
            name, words = self.reparser
            texts = [w.literal() for w in words]
            if name == "xargs" or any(t is None for t in texts):
                self.result.reparses = True
            elif name not in (".", "source"):  # a fixed script: look into it (eval 'a; b', trap 'rm x' EXIT)
                self.result.absorb(analyze(list(" ".join(texts)), {}, self.depth + 1))


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
