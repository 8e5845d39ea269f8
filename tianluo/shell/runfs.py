"""Trust like ssh: a run home or run folder is used only if the caller owns it and nobody else can write it.

tianluo often runs as root from cron in project folders other people can reach. Before a
command acts on a run, the run home, the run folder and ``state.json`` (and for ``plan`` and
``start``, everything under ``<home>/plans/``) must be owned by the invoking user and not
writable by group or others; a symbolic link there must be the user's own, too. Once a
folder passes, it is *guarded* (``fsio.guard``): nothing below it is opened through a link.
"""

import os
import pwd
import stat
from pathlib import Path

from tianluo.shell import fsio
from tianluo.shell.fsio import DIR_MODE, UnsafePath


class Untrusted(UnsafePath):
    """Owned by someone else, or writable by group or others."""


def user_name(uid: int) -> str:
    """The login name of ``uid`` (its number when it has none)."""
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return str(uid)


def check_owned(path: str | os.PathLike, what: str) -> os.stat_result:
    """The stat of ``path`` (followed) after checking the caller owns it and only the caller can write it.

    A symbolic link at ``path`` itself is allowed only if the caller owns the link too (a
    link someone else planted in a shared folder is refused).

    Raises:
        Untrusted: one line naming the path and the ``chown``/``chmod`` that fixes it.
        FileNotFoundError: it does not exist.
    """
    me = os.geteuid()
    path = Path(path)
    lst = os.lstat(path)
    if stat.S_ISLNK(lst.st_mode) and lst.st_uid != me:
        raise Untrusted(f"{path}: is a symbolic link that {user_name(lst.st_uid)} made, not you ({user_name(me)}); "
                        f"tianluo does not use a {what} someone else points somewhere: remove it (`rm {path}`)")
    st = os.stat(path)
    if st.st_uid != me:
        raise Untrusted(f"{path}: the {what} belongs to {user_name(st.st_uid)}, not to you ({user_name(me)}); tianluo "
                        f"uses only what you own, like ssh: if it is yours, `chown {user_name(me)} {path}`; if "
                        "someone else made it, remove it or use another --home")
    if st.st_mode & 0o022 and st.st_mode & stat.S_ISVTX and stat.S_ISDIR(st.st_mode):
        raise Untrusted(f"{path}: the {what} is a shared folder (mode {stat.S_IMODE(st.st_mode):04o}, like /tmp) that "
                        "others can add to; tianluo keeps runs only in a folder nobody else can change: start the "
                        "run with --home DIR on a folder of your own (tianluo creates it 0700)")
    if st.st_mode & 0o022:
        raise Untrusted(f"{path}: the {what} is writable by group or others (mode {stat.S_IMODE(st.st_mode):04o}); "
                        f"tianluo uses only what nobody else can change, like ssh: `chmod go-w {path}`")
    return st


def _check_dir(path: Path, what: str) -> None:
    try:
        st = check_owned(path, what)
    except FileNotFoundError:
        if os.path.islink(path):  # the link is there, what it names is not
            raise UnsafePath(f"{path}: the {what} is a symbolic link to nothing (to {os.readlink(path)}); "
                             f"remove it (`rm {path}`) or point it at a folder of yours") from None
        raise
    except OSError as exc:  # a link loop, a path through a file
        raise UnsafePath(f"{path}: the {what} cannot be used ({exc.strerror}); remove it (`rm {path}`) "
                         "or pass another --home") from None
    if not stat.S_ISDIR(st.st_mode):
        raise UnsafePath(f"{path}: the {what} is not a folder; pass a folder (or move {path} away)")


def ensure_home(home: Path, create: bool = False) -> Path:
    """Check (or create, 0700) the run home and guard it.

    Raises:
        Untrusted/UnsafePath: someone else's home, a writable one, or not a folder.
        TianluoError: no home and not ``create``.
    """
    home = Path(home)
    try:
        os.lstat(home)
    except FileNotFoundError:
        if not create:
            raise UnsafePath(f"{home}: no such run home; start a run with `tianluo start SPEC`, or pass --home") \
                from None
        parent = home.parent
        try:
            os.makedirs(parent, exist_ok=True)
        except FileExistsError:
            raise UnsafePath(f"{parent}: is a file, not a folder; pass another --home") from None
        except OSError as exc:
            raise UnsafePath(f"{parent}: cannot create the folder of the run home: {exc.strerror}; "
                             "pass another --home") from None
        try:
            os.mkdir(home, DIR_MODE)
            fsio.fsync_dir(parent)
        except FileExistsError:
            pass  # someone made it a moment ago: the checks below decide
        except OSError as exc:
            raise UnsafePath(f"{home}: cannot create the run home: {exc.strerror}; pass another --home") from None
        else:
            _write_gitignore(home)
    except NotADirectoryError:
        raise UnsafePath(f"{home}: a part of this path is a file, not a folder; pass another --home") from None
    _check_dir(home, "run home")
    fsio.guard(home)
    return home


GITIGNORE = "*\n"  # git leaves the whole home out: run folders are not source


def _write_gitignore(home: Path) -> None:
    """``.gitignore`` holding ``*`` in a home just made, so git leaves the run folders out.

    Only in a home tianluo made a moment ago, and never over a file that is there (O_EXCL);
    best effort: a home that cannot take it is still a home.
    """
    try:
        fd = os.open(home / ".gitignore", os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError:
        return
    try:
        os.write(fd, GITIGNORE.encode())
    except OSError:
        pass
    finally:
        os.close(fd)


def check_run(run_dir: Path) -> Path:
    """Check the run folder, its home (the folder holding it) and its state.json; guard the folder.

    Raises:
        Untrusted/UnsafePath: one line naming the path and the fix.
    """
    run_dir = Path(run_dir)
    real = Path(os.path.realpath(run_dir))
    try:
        _check_dir(real.parent, "run home")
        _check_dir(run_dir, "run folder")
    except FileNotFoundError as exc:
        raise UnsafePath(f"{exc.filename}: no such folder; pass the run folder `tianluo start` printed") from None
    fsio.guard(real.parent)
    fsio.guard(run_dir)
    state = run_dir / "state.json"
    try:
        lst = os.lstat(state)
    except FileNotFoundError:
        return run_dir
    if stat.S_ISLNK(lst.st_mode):
        raise UnsafePath(f"{state}: is a symbolic link; tianluo follows no links inside a run folder: remove it "
                         f"and restore the state from snapshots/")
    check_owned(state, "state file")
    return run_dir


def check_plans(home: Path, parts: list[str], file: bool = False) -> None:
    """Check ``<home>/plans`` and what is below it on the way to ``parts`` (those that exist).

    Every step is a folder; the last is a regular file if ``file``.

    Raises:
        Untrusted/UnsafePath: someone else's (or a writable) folder or file, or a link.
    """
    path = Path(home) / "plans"
    chain = [None, *parts]
    for i, part in enumerate(chain):
        if part is not None:
            path = path / part
        try:
            lst = os.lstat(path)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise UnsafePath(f"{path}: cannot be used ({exc.strerror}); move it away (`mv {path} {path}.bad`)") \
                from None
        if stat.S_ISLNK(lst.st_mode):
            raise UnsafePath(f"{path}: is a symbolic link; tianluo follows no links under its home: remove it "
                             f"(`rm {path}`)")
        folder = i < len(chain) - 1 or not file
        if folder and not stat.S_ISDIR(lst.st_mode):
            raise UnsafePath(fsio.describe_path(path) + " (a folder of tianluo's belongs there)")
        if not folder and not stat.S_ISREG(lst.st_mode):
            raise UnsafePath(fsio.describe_path(path))
        check_owned(path, "plan folder" if stat.S_ISDIR(lst.st_mode) else "plan file")


def shared_folder(folder: str | os.PathLike) -> str | None:
    """Why others could put files in ``folder`` or one of its parents, or None: the first that is owned by
    another user (neither you nor root), or writable by group or others without the sticky bit.

    An agent CLI trusts files it finds in its working folder and the folders above it (``CLAUDE.md``,
    ``AGENTS.md``, ``.claude/``): someone who can add one there can instruct the agent, with your rights.
    """
    me = os.geteuid()
    path = Path(os.path.abspath(folder))
    for where in (path, *path.parents):
        try:
            st = os.stat(where)
        except OSError:
            continue
        if st.st_uid not in (me, 0):
            return (f"{where} belongs to {user_name(st.st_uid)}, who could put instructions for the agent there "
                    "(CLAUDE.md, AGENTS.md, .claude/)")
        if st.st_mode & 0o022 and not st.st_mode & stat.S_ISVTX:
            return (f"{where} is writable by group or others (mode {stat.S_IMODE(st.st_mode):04o}): anyone who can "
                    "write there could put instructions for the agent there (CLAUDE.md, AGENTS.md, .claude/)")
    return None


def remove_new_home(home: Path) -> bool:
    """Remove a run home that holds nothing but the ``.gitignore`` tianluo wrote in it (a start that failed
    before its run folder existed); whether it was removed. Never through a link, never anything else."""
    try:
        st = os.lstat(home)
        if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.geteuid():
            return False
        fd = os.open(home, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        if os.listdir(fd) != [".gitignore"] or fsio.read_bytes(Path(home) / ".gitignore", 64) != GITIGNORE.encode():
            return False
        os.unlink(".gitignore", dir_fd=fd)
    except (OSError, UnsafePath):
        return False
    finally:
        os.close(fd)
    try:
        os.rmdir(home)
    except OSError:
        return False
    return True

