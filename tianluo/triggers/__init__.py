"""What runs ``tianluo tick`` every few minutes: cron, a systemd timer, or the foreground daemon.

Every trigger only ever runs one command, :func:`tick_command`, with absolute paths, so it
works with cron's minimal environment. Each kind is a module with ``install(run_dir, run_id,
every, **options) -> Installed`` and ``uninstall(run_dir, run_id) -> bool``; when the success
gate is met the tick calls :func:`uninstall` for the run's own trigger, so nothing loops forever.
"""

from pathlib import Path

from tianluo.triggers.base import KINDS, MAX_EVERY, MIN_EVERY, USUAL_EVERY, Installed, tick_command

__all__ = ["KINDS", "MAX_EVERY", "MIN_EVERY", "USUAL_EVERY", "Installed", "install", "tick_command", "uninstall"]


def _module(kind: str):
    if kind == "cron":
        from tianluo.triggers import cron

        return cron
    if kind == "systemd":
        from tianluo.triggers import systemd

        return systemd
    if kind == "daemon":
        from tianluo.triggers import daemon_trigger

        return daemon_trigger
    raise ValueError(f"unknown trigger {kind!r}; one of {', '.join(KINDS)}")


def install(kind: str, run_dir: Path, run_id: str, every: float, **options) -> Installed:
    """Install the run's trigger; first check the run folder can record it.

    A trigger installed for a run whose state.json cannot be saved (a read-only disk, a planted
    ``events.jsonl`` link or hard link) would tick a run that records nothing, and ``stop``
    could not find it: refused before anything is installed.

    Raises:
        UnsafePath / StateError: the run folder cannot record the trigger (one line, the fix).
    """
    if kind == "none":
        return Installed(kind="none", detail="no trigger: run `tianluo tick` yourself")
    if not options.get("dry_run"):
        from tianluo.shell.store import RunStore

        RunStore(Path(run_dir)).check_writable()
    return _module(kind).install(Path(run_dir).resolve(), run_id, every, **options)


def uninstall(kind: str, run_dir: Path, run_id: str, **options) -> bool:
    """Remove the run's trigger of this kind; True if something was removed."""
    if kind == "none":
        return False
    return _module(kind).uninstall(Path(run_dir).resolve(), run_id, **options)
