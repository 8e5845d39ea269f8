"""``tianluo backend check``: whether a command backend's ``status`` and ``find`` answer as tianluo reads them.

Read-only: it runs ``status`` for a job id no scheduler gave and ``find`` for a name tianluo never
used, exactly as a tick would (the spec's folder, bash with pipefail, the timeout, every value
quoted), and never ``submit``, ``cancel``, ``hold`` or ``release``. Then it runs each again with the
template's program replaced, on ``PATH``, by a stand-in that fails as a scheduler that is down does:
a template that still exits 0 (``qstat | awk`` without pipefail, ``... || true``) would make every job
read as forgotten, then lost, and be submitted again beside itself (reference/backends.md, "The
pipeline trap").
"""

import os
import re
import secrets
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from tianluo.backends.base import SchedulerUnreachable
from tianluo.backends.command import (
    CommandBackend,
    CommandError,
    CommandOptions,
    first_field,
    parse_status,
    program,
    shell_word,
)
from tianluo.plaintext import one_line
from tianluo.shell.shellrun import Result

CHECK_VERSION = 1
#: Beyond every scheduler's id range (Slurm's MaxJobId 67,043,328; Grid Engine's max_jobid 9,999,999).
UNKNOWN_ID = "2147483646"
#: A program name a stand-in file can take (no '.', '..', nor anything the shell would read twice).
PROGRAM_NAME = re.compile(r"[A-Za-z0-9_+-][A-Za-z0-9._+-]{0,127}")
#: What the stand-in says, on stderr, before it exits 1.
DOWN_WORDS = "error: cannot reach the scheduler (a stand-in for {prog} from tianluo backend check)"


@dataclass
class Check:
    """One line of the report: what was checked, whether it passed (None: not checked), why."""

    name: str
    ok: bool | None
    detail: str
    seconds: float | None = None


@dataclass
class CheckReport:
    """What ``tianluo backend check`` found."""

    target: str
    folder: str
    checks: list[Check] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(c.ok is not False for c in self.checks)

    def to_json(self) -> dict:
        return {"version": CHECK_VERSION, "target": self.target, "folder": self.folder, "ok": self.ok,
                "checks": [asdict(c) for c in self.checks]}

    def render(self) -> str:
        words = {True: "ok", False: "FAIL", None: "not checked"}
        lines = [f"{c.name}: {words[c.ok]}: {c.detail}" for c in self.checks]
        failed = sum(c.ok is False for c in self.checks)
        lines.append(f"{self.target}: " + (f"{failed} check(s) failed" if failed else "every check passed")
                     + " (nothing was submitted or cancelled)")
        return "\n".join(lines)


def check(options: CommandOptions, target: str, folder: Path) -> CheckReport:
    """Run ``status`` and ``find`` of ``options`` as a tick would, in ``folder``, for an id and a name that
    cannot exist, then with their program standing in for a scheduler that is down."""
    options = options.model_copy(update={"folder": str(folder)})
    report = CheckReport(target=target, folder=str(folder))
    name = f"tianluo-check-{secrets.token_hex(4)}"  # a name no tick ever gives (tianluo's are run.entity.stage.n)
    asks: dict[str, dict] = {"status": {"job_ids": [UNKNOWN_ID], "job_ids_comma": UNKNOWN_ID},
            "find": {"job_name": name, "attempt_dir": str(folder / ".tianluo-check-none")}}
    for key, values in asks.items():
        if getattr(options, key) is None:
            report.checks.append(Check(key, None, "not given: a tick killed between submit and its record leaves "
                                       "a job only job_id_env can name (tianluo plan warns without both)"))
            continue
        report.checks.append(_answer(options, key, values, name))
    for key, values in asks.items():
        if getattr(options, key) is not None:
            report.checks.append(_down(options, key, values))
    return report


def _ask(options: CommandOptions, key: str, values: dict, env: dict | None = None
         ) -> tuple[Result | None, str | None, float]:
    """One template call as a tick makes it: (its result, or None and why it is no answer; seconds)."""
    backend = CommandBackend(Path(options.folder or "."), options)
    backend.env = env
    t0 = time.monotonic()
    try:
        result = backend.call(key, values)
    except SchedulerUnreachable as exc:
        return None, f"the scheduler counts as unreachable: {exc}", time.monotonic() - t0
    except CommandError as exc:
        return None, f"a failure tianluo cannot read as an answer: {exc}", time.monotonic() - t0
    return result, None, time.monotonic() - t0


def _answer(options: CommandOptions, key: str, values: dict, name: str) -> Check:
    result, why, took = _ask(options, key, values)
    spent = f"{took:.1f}s of the {options.timeout:g}s timeout"
    if result is None:
        return Check(key, False, f"{why} ({spent}); for an unknown {'id' if key == 'status' else 'name'} it must "
                     "exit 0 (or fail with words backend.forgotten matches)", took)
    how = "exit 0" if result.returncode == 0 else f"exit {result.returncode}, read as forgotten"
    if key == "status":
        if UNKNOWN_ID in parse_status(result.out, {UNKNOWN_ID}):
            return Check(key, False, f"printed a state for job {UNKNOWN_ID}, which no scheduler gave ({how})", took)
        return Check(key, True, f"answered for a job id that cannot exist ({how}, {spent})", took)
    ids = [i for i in (first_field(ln) for ln in result.out.splitlines()[:100]) if i is not None]
    if ids:
        return Check(key, False, f"printed {one_line(', '.join(ids[:3]), 80)} for {name}, a name never used: a "
                     "tick would adopt that job as its own; print only the ids of jobs of exactly that name", took)
    return Check(key, True, f"printed nothing for a name never used ({how}, {spent})", took)


def _down(options: CommandOptions, key: str, values: dict) -> Check:
    name = f"{key} with the scheduler down"
    prog = program(getattr(options, key))
    if prog is None or shell_word(prog):
        return Check(name, None, "its program is not its first word: no stand-in can take its place")
    if "/" in prog:
        return Check(name, None, f"its program is a path ({one_line(prog, 60)}): a stand-in can only take the place "
                     "of one found on PATH")
    if not PROGRAM_NAME.fullmatch(prog):
        return Check(name, None, f"its program ({one_line(prog, 60)}) is no plain name a stand-in can take")
    with tempfile.TemporaryDirectory(prefix="tianluo-check-") as bindir:
        stand_in = Path(bindir) / prog
        stand_in.write_text(f"#!/bin/sh\necho '{DOWN_WORDS.format(prog=prog)}' >&2\nexit 1\n")
        stand_in.chmod(0o700)
        env = {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}"}
        result, why, took = _ask(options, key, values, env)
    if result is None:
        return Check(name, True, f"fails when {prog} fails, so a down scheduler reads as unreachable, never as "
                     "'no jobs'", took)
    how = "exits 0" if result.returncode == 0 else "fails with words backend.forgotten matches"
    return Check(name, False, f"{how} when {prog} fails as a down scheduler's does: every job would read as "
                 "forgotten, then lost, and be submitted again beside itself; keep pipefail on, and end the "
                 "template with no '|| true' or '; true'", took)
