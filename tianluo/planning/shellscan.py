"""How ``sh`` and ``bash`` read a command: where each placeholder stands, lexically.

``scan`` walks a command once (no backtracking, no recursion: an explicit stack of quoting
frames) and says, for each placeholder, whether it stands at the top level of the command,
bare or inside double quotes, where the shell expands a variable exactly once as data, or
somewhere the value would be read again: inside ``'...'``, ``$(...)``, backticks,
``${...}``, arithmetic, a here-document, a comment. It also cuts the top level into simple
commands and words, and notes what evaluates variable names (arithmetic, subscripts);
``tianluo.planning.shellcmds`` reads those commands.
"""

import re
from dataclasses import dataclass, field

BARE, DQ, COMMENT, NESTED, ARITH = "bare", "dq", "comment", "nested", "arith"
RESERVED = frozenset({"if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for",
                      "in", "select", "function", "time", "coproc", "{", "}", "!", "[[", "]]"})


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
        self.open = {"cmd": 0, "dq": 0, "sq": 0, "dsq": 0, "bt": 0, "param": 0, "arith": 0}  # frames above the top
        self.commands = [Command()]
        self.word = Word()
        self.name_eval = False
        self.spans: list = []
        self.expands_code = False
        self.pending_redirect: str | None = None
        self.groups: list[int] = []  # where each open ( ... ) subshell's commands start
        self.closed: tuple[int, int] | None = None  # the commands of the subshell that just closed

    # --- helpers -------------------------------------------------------------------

    def at(self, k: int):
        return self.u[k] if 0 <= k < self.n else None

    def starts(self, text: str, k: int | None = None) -> bool:
        k = self.i if k is None else k
        return all(self.at(k + j) == ch for j, ch in enumerate(text))

    def slot_ctx(self, default: str) -> str:
        return ARITH if self.open["arith"] else default

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
        self.open[frame.kind] += 1

    def enter(self, frame: _Frame, width: int = 1, body: bool = False) -> None:
        """Push ``frame`` and step past the ``width`` characters that open it (its body starts there)."""
        self.push(frame)
        self.i += width
        if body:
            frame.body = self.i

    def close(self, end: int) -> None:
        """Pop a $(...) or `...` frame; remember its body if no other such frame holds it."""
        frame = self.pop()
        if self.open["cmd"] == 0 and self.open["bt"] == 0:
            self.spans.append((frame.body, end, frame.kind))

    def pop(self) -> _Frame:
        frame = self.stack.pop()
        self.open[frame.kind] -= 1
        return frame

    def end_word(self) -> None:
        w = self.word
        if w.started:
            w.redirect = self.pending_redirect
            self.pending_redirect = None
            self.commands[-1].words.append(w)
        self.word = Word()

    def end_command(self, pipe: bool = False) -> None:
        self.end_word()
        cur = self.commands[-1]
        if pipe and self.closed is not None and self.closed[1] == len(self.commands) - 1 and all(
                w.redirect is not None for w in cur.words):
            for cmd in self.commands[self.closed[0]:self.closed[1]]:  # (a; b) | sh: a and b both feed sh
                cmd.pipe = True
        cur.pipe = pipe
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
            self.enter(_Frame("arith", close="))"), 3)
        elif nxt == "(":
            self.enter(_Frame("cmd"), 2, body=True)
        elif nxt == "{":
            self.push(_Frame("param"))
            self.i += 2
            self.stack[-1].start = self.i
        elif nxt == "[":
            self.enter(_Frame("arith", close="]"), 2)
        elif nxt == "'" and frame.kind in ("cmd", "param"):
            self.enter(_Frame("dsq"), 2)
        elif nxt == '"' and frame.kind in ("cmd", "param"):
            self.enter(_Frame("dq"), 2)
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
                self.groups.append(len(self.commands) - 1)
            else:
                f.paren += 1
            f.cmd_start = True
            self.i += 1
            return
        if c == ")":
            self._word_break(f)
            if top:
                self.end_command()
                if self.groups:
                    self.closed = (self.groups.pop(), len(self.commands) - 1)
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
            self.enter(_Frame("sq"))
            return
        if c == '"':
            self.enter(_Frame("dq"))
            return
        if c == "`":
            self.enter(_Frame("bt"), 1, body=True)
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
            self.enter(_Frame("cmd"), 2, body=True)
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
            self.pop()
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
            self.pop()
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
            self.pop()
            self.i += 1
            return
        if c == "`":
            self.enter(_Frame("bt"), 1, body=True)
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
                self.pop()
            self.i += 1
            return
        if c == "{":
            f.paren += 1
            self.i += 1
            return
        if c == "'" and not self.open["dq"]:
            self.enter(_Frame("sq"))
            return
        if c == '"':
            self.enter(_Frame("dq"))
            return
        if c == "`":
            self.enter(_Frame("bt"), 1, body=True)
            return
        if c == "$" and self._dollar(f):
            return
        self.i += 1

    def _param_done(self, f: _Frame) -> None:
        end = min(self.i, f.start + 256)  # enough to read the name and what follows it
        text = "".join(x if isinstance(x, str) else "\0" for x in self.u[f.start:end])
        if end < self.i:
            text += "\0"  # longer than that: taken as naming something
        if text.startswith("!") or "\0" in text[:1]:
            self.name_eval = True  # indirection: the value names a variable
            return
        m = re.match(r"#?(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])", text)
        if m is None or text[m.end():].startswith("@"):
            self.name_eval = True  # zsh flags ${(e)x}, bash ${x@P}: the value is expanded again
            return
        rest = text[m.end():]
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
            self.pop()
            self.i += 1
            return
        if c == "(":
            f.paren += 1
        elif c == ")":
            if f.paren > 0:
                f.paren -= 1
            elif f.close == "))" and self.at(self.i + 1) == ")":
                self.pop()
                self.i += 2
                return
        elif c == "'":
            self.push(_Frame("sq"))
        elif c == '"':
            self.enter(_Frame("dq"))
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
