"""Every place an attempt could write to, as absolute paths: what the free-space check measures.

Read from the stage's plan and the attempt's own command, with no I/O (no file is looked at):

- the folders of its ``done_when`` files (``exists`` and metric files) and its ``output``
  (a file or a folder; it may be a mount point itself);
- the folder of its ``checkpoints`` glob and of each ``logs`` glob (the part before the
  first wildcard);
- the project folder (the working folder of the job: relative paths are against it) and the
  attempt's folder;
- the paths in the command as it runs (the attempt's own, after a degrade): every token that
  is absolute (``/mnt/x/a``), relative with a ``/`` (``out/a``), or the value of such an
  option (``--ckpt-dir=/mnt/x``, ``root=out/a``); ``~/`` is the home folder; a reference to
  the attempt's environment (``"${TIANLUO_PARAM_out}"``) is read from it, a token with any
  other variable is left out; a URL (``s3://...``) is not a path, nor is anything under
  /proc, /sys or /dev (``> /dev/null``) but /dev/shm;
- the entity's parameter values that are paths (absolute, or relative with a ``/``).

Deduplicated and bounded: each long list (done_when files, log globs, the command's paths,
the parameters) gives at most :data:`MAX_PER_SOURCE` paths, one per folder (a thousand
files in one folder are one place), so a command of 10,000 paths costs at most
:data:`MAX_PLACES` walks and statvfs calls, not 10,000. The first path on a file system names
it in what is shown: what the stage declares comes first, the command and parameters last (they
name the file systems nothing else does, rather than naming the project's by the python binary).
"""

import os
import re
import shlex
from collections.abc import Iterable, Iterator, Mapping

from tianluo.planning.templating import PARAM_ENV_PREFIX

#: Paths taken from each long list: done_when's files, the log globs, the command, the parameters.
MAX_PER_SOURCE = 15
#: Every path of a stage, the few single ones (output, checkpoints, project, attempt) included.
MAX_PLACES = 4 * MAX_PER_SOURCE + 4
#: Characters of the command read for paths (a rendered command is far shorter: the spec caps ``run``).
MAX_COMMAND_CHARS = 256 * 1024

_GLOB = re.compile(r"[*?\[]")
_VAR = re.compile(r"\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))")


def stage_places(planned, workdir: str, attempt_dir: str | None, command: str | None = None,
                 env: Mapping[str, str] | None = None) -> list[str]:
    """The places ``planned``'s attempt could write to, absolute and normalised, in the order that
    names file systems: what the stage declares, the project and attempt folders, then the command's
    and the parameters' paths.

    Args:
        planned: The stage's plan (``PlannedStage``).
        workdir: The folder the job runs in (relative paths are against it).
        attempt_dir: The attempt's folder (stdout, stderr, records), if known.
        command: The command the attempt runs (``JobSpec.command``); None: the planned one.
        env: The attempt's environment (``JobSpec.env``): its ``TIANLUO_PARAM_*`` values are the
            parameters, and the command's references to it are read from it.
    """
    env = env or {}
    places = _Places(workdir)
    if planned.done_when is not None:
        files = list(planned.done_when.exists) + [m.file for m in planned.done_when.metric]
        places.take((os.path.dirname(places.absolute(f)) for f in files), per_folder=False)
    if planned.output is not None:
        places.add(planned.output.path)
    if planned.checkpoints:
        places.add(glob_folder(planned.checkpoints))
    places.take(glob_folder(g) for g in planned.logs)
    places.add(workdir)
    if attempt_dir:
        places.add(attempt_dir)
    # Last, so that a file system is named by what the stage declares rather than by, say, the
    # python binary the command starts: the command's paths find the file systems nothing else names.
    places.take(command_paths(command if command is not None else planned.command, env))
    params = (v for k, v in env.items() if k.startswith(PARAM_ENV_PREFIX))
    places.take(p for p in (_path_value(v) for v in params) if p is not None)
    return places.out


class _Places:
    """The list being built: each path once, each long list bounded."""

    def __init__(self, workdir: str):
        self.workdir = workdir
        self.out: list[str] = []
        self.seen: set[str] = set()

    def absolute(self, path: str) -> str:
        path = os.path.expanduser(path) if path.startswith("~/") else path
        return os.path.normpath(path if os.path.isabs(path) else os.path.join(self.workdir, path))

    def add(self, path: str) -> bool:
        path = self.absolute(path)
        if path in self.seen:
            return False
        self.seen.add(path)
        self.out.append(path)
        return True

    def take(self, paths: Iterable[str], per_folder: bool = True) -> None:
        """The first :data:`MAX_PER_SOURCE` new paths of ``paths``; with ``per_folder``, one per folder
        (the others in a folder already taken are on its file system but for a mount point below it)."""
        folders: set[str] = set()
        taken = 0
        for path in paths:
            if taken >= MAX_PER_SOURCE:
                return
            path = self.absolute(path)
            if _kernel(path):
                continue
            if per_folder:
                folder = os.path.dirname(path)
                if folder in folders:
                    continue
                folders.add(folder)
            taken += self.add(path)


def _kernel(path: str) -> bool:
    """Under /proc, /sys or /dev (``> /dev/null``): no job runs out of room there (/dev/shm aside)."""
    return any(path == k or path.startswith(k + "/") for k in ("/proc", "/sys", "/dev")) \
        and not path.startswith("/dev/shm/") and path != "/dev/shm"


def glob_folder(pattern: str) -> str:
    """The folder a glob's matches are in, up to its first wildcard (``logs/rank*/out.log`` -> ``logs``)."""
    parts = pattern.split("/")
    for i, part in enumerate(parts):
        if _GLOB.search(part):
            return "/".join(parts[:i]) or "."
    return os.path.dirname(pattern) or "."


def command_paths(command: str, env: Mapping[str, str] | None = None) -> Iterator[str]:
    """The tokens of a shell command that are paths, in order (lazily: a caller stops when it has enough).

    A token is split as the shell would (quotes, ``;``, ``|``, ``>``); a command the lexer cannot
    finish (an open quote) gives the paths read before it.
    """
    lexer = shlex.shlex(command[:MAX_COMMAND_CHARS], posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    lexer.commenters = ""
    try:
        for token in lexer:
            word = _expand(token, env or {}) if "$" in token else token
            path = _path_value(word) if word is not None else None
            if path is not None:
                yield path
    except ValueError:  # no closing quotation: the rest is not words
        return


def _expand(token: str, env: Mapping[str, str]) -> str | None:
    """``token`` with its variables read from the attempt's environment; None if one is not there."""
    missing = False

    def sub(m: re.Match) -> str:
        nonlocal missing
        name = m.group(1) or m.group(2)
        if name not in env:
            missing = True
            return ""
        return env[name]

    out = _VAR.sub(sub, token)
    return None if missing or "$" in out else out


def _path_value(token: str) -> str | None:
    """The path ``token`` names: itself, or the value of ``--opt=value`` / ``key=value``; None if none."""
    if not token.startswith("/") and "=" in token:
        token = token.split("=", 1)[1]
    if not token or "://" in token or "\0" in token:
        return None
    if token.startswith("/") or token.startswith("~/") or "/" in token:
        return token
    return None
