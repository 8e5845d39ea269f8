#!/usr/bin/env python3
"""tinyq: a small real batch queue on this host, for testing tianluo's scheduler backends.

    python3 tests/tinyq.py --dir D config --slots N     # how many jobs run at once (default 1)
    python3 tests/tinyq.py --dir D submit --name NAME [--output F] [--error F] [--chdir DIR] SCRIPT
                                                        # prints the job id (1, 2, ...)
    python3 tests/tinyq.py --dir D status ID...         # 'ID WORD [EXIT]' lines: QUEUED, RUNNING, DONE,
                                                        # FAILED, CANCELLED; forgotten/unknown ids omitted
    python3 tests/tinyq.py --dir D cancel ID            # a queued job never starts; a running one is TERMed
                                                        # (its process group), KILLed after 2 s
    python3 tests/tinyq.py --dir D hold ID | release ID # a held job stays QUEUED
    python3 tests/tinyq.py --dir D find --name NAME     # the ids of the jobs with this name, one a line
    python3 tests/tinyq.py --dir D forget ID            # the queue forgets the job (as squeue does)
    python3 tests/tinyq.py --dir D unheard ID | heard ID
                                                        # the job's node is not heard from: status says
                                                        # UNKNOWN whatever the job does (Grid Engine's r@u),
                                                        # until 'heard' (or a cancel, which clears it)
    python3 tests/tinyq.py --dir D down | up            # while down, every command but 'up' fails:
                                                        # "tinyq: cannot reach the queue", exit 1
    python3 tests/tinyq.py --dir D refuse-next          # the next submit fails: "tinyq: submission refused: ..."

The queue is ``D/queue.json``, changed only under an fcntl lock on ``D/lock``, so concurrent
calls are safe. There is no daemon: every command (and every job as it ends) dispatches, that
is starts queued jobs while a slot is free. A job runs detached (its own session) under a small
watcher (``tinyq.py _run ID``) that waits for it and records how it ended; the job's stdout and
stderr go to ``--output``/``--error`` or to ``tinyq-ID.out``/``tinyq-ID.err`` beside SCRIPT, and its
environment carries ``TINYQ_JOB_ID`` and ``TINYQ_JOB_NAME``. A job whose watcher vanished without
a record is FAILED (as a node failure). Only the standard library: runs under any python3.
"""

import argparse
import contextlib
import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

UNREACHABLE = "tinyq: cannot reach the queue"
CANCEL_GRACE = 2.0


class Refused(Exception):
    pass


# --- the queue file ----------------------------------------------------------------------------


@contextlib.contextmanager
def locked(d: Path):
    fd = os.open(d / "lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def load(d: Path) -> dict:
    try:
        return json.loads((d / "queue.json").read_text())
    except FileNotFoundError:
        return {"next": 1, "jobs": {}}


def save(d: Path, q: dict) -> None:
    tmp = d / "queue.json.tmp"
    tmp.write_text(json.dumps(q, indent=1))
    os.replace(tmp, d / "queue.json")


def slots(d: Path) -> int:
    try:
        return int(json.loads((d / "config").read_text()).get("slots", 1))
    except (FileNotFoundError, ValueError, AttributeError):
        return 1


def start_ticks(pid: int) -> tuple[str, str] | None:
    """(state, start time) of a process from /proc, None when it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2:].split()
    return fields[0], fields[19]


def alive(job: dict) -> bool:
    now = start_ticks(job["pid"])
    return now is not None and now[0] != "Z" and now[1] == job.get("start")


# --- dispatch -----------------------------------------------------------------------------------


def settle(d: Path, q: dict) -> None:
    """Mark running jobs whose watcher vanished without a record FAILED; start queued jobs into free slots."""
    running = 0
    for job in q["jobs"].values():
        if job["state"] == "RUNNING":
            if alive(job):
                running += 1
            else:
                job.update(state="FAILED", rc=None, why="the watcher vanished")
    for jid, job in sorted(q["jobs"].items(), key=lambda kv: int(kv[0])):
        if running >= slots(d):
            break
        if job["state"] == "QUEUED" and not job.get("held"):
            proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--dir", str(d), "_run", jid],
                                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    start_new_session=True, close_fds=True)
            ticks = start_ticks(proc.pid)
            job.update(state="RUNNING", pid=proc.pid, start=ticks[1] if ticks else None, started=time.time())
            running += 1


def dispatch(d: Path) -> None:
    with locked(d):
        q = load(d)
        settle(d, q)
        save(d, q)


def run_job(d: Path, jid: str) -> int:
    """The watcher: run the job's script in this session, wait for it, record how it ended."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a cancel TERMs the group: the watcher stays to record
    with locked(d):
        job = load(d)["jobs"].get(jid)
    if job is None:
        return 1
    script = job["script"]
    argv = [script] if os.access(script, os.X_OK) else ["/bin/sh", script]
    env = {**os.environ, "TINYQ_JOB_ID": jid, "TINYQ_JOB_NAME": job["name"]}
    rc: int | None
    try:
        with open(job["output"], "ab") as out, open(job["error"], "ab") as err:
            child = subprocess.Popen(argv, cwd=job["chdir"], env=env, stdin=subprocess.DEVNULL, stdout=out,
                                     stderr=err, close_fds=True,
                                     preexec_fn=lambda: signal.signal(signal.SIGTERM, signal.SIG_DFL))
            rc = child.wait()
    except OSError as exc:
        rc = 127
        with contextlib.suppress(OSError), open(job["error"], "a") as err:
            err.write(f"tinyq: cannot run {script}: {exc}\n")
    with locked(d):
        q = load(d)
        job = q["jobs"].get(jid)
        if job is not None and job["state"] == "RUNNING":
            job.update(state="DONE" if rc == 0 else "FAILED", rc=rc)
        elif job is not None:
            job["rc"] = rc
        settle(d, q)  # this job's slot is free: the next one starts now
        save(d, q)
    return 0


# --- commands -----------------------------------------------------------------------------------


def submit(d: Path, args) -> str:
    script = os.path.abspath(args.script)
    if not os.path.isfile(script):
        raise Refused(f"tinyq: submission refused: {args.script}: no such file")
    base = os.path.dirname(script)
    with locked(d):
        if (d / "refuse-next").exists():
            (d / "refuse-next").unlink()
            raise Refused("tinyq: submission refused: the queue's policy refused this job (refuse-next)")
        q = load(d)
        jid = str(q["next"])
        q["next"] += 1
        q["jobs"][jid] = {
            "name": args.name, "script": script, "state": "QUEUED", "held": False, "submitted": time.time(),
            "output": os.path.abspath(args.output) if args.output else os.path.join(base, f"tinyq-{jid}.out"),
            "error": os.path.abspath(args.error) if args.error else os.path.join(base, f"tinyq-{jid}.err"),
            "chdir": os.path.abspath(args.chdir) if args.chdir else base,
        }
        settle(d, q)
        save(d, q)
    return jid


def status(d: Path, ids: list[str]) -> list[str]:
    with locked(d):
        q = load(d)
        settle(d, q)
        save(d, q)
    lines = []
    for jid in ids:
        job = q["jobs"].get(jid)
        if job is None:
            continue
        if job.get("unheard"):
            lines.append(f"{jid} UNKNOWN")  # the queue cannot tell: its node does not answer
            continue
        rc = job.get("rc")
        ended = job["state"] in ("DONE", "FAILED") and rc is not None
        lines.append(f"{jid} {job['state']}" + (f" {rc}" if ended else ""))
    return lines


def cancel(d: Path, jid: str) -> None:
    with locked(d):
        q = load(d)
        settle(d, q)
        job = q["jobs"].get(jid)
        if job is None:
            raise Refused(f"tinyq: no job {jid}")
        was = job["state"]
        if was in ("QUEUED", "RUNNING"):
            job["state"] = "CANCELLED"
        job["unheard"] = False  # a forced cancel clears a job off a node that does not answer
        save(d, q)
    if was != "RUNNING":
        return
    pgid = job["pid"]  # the watcher leads the job's session and process group
    for sig in (signal.SIGTERM, signal.SIGKILL):
        if sig == signal.SIGKILL:
            deadline = time.monotonic() + CANCEL_GRACE
            while time.monotonic() < deadline and group_alive(pgid, job):
                time.sleep(0.05)
            if not group_alive(pgid, job):
                break
        if alive(job) or group_alive(pgid, job):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pgid, sig)
    dispatch(d)


def group_alive(pgid: int, job: dict) -> bool:
    """Whether a process of the job's group other than the watcher still runs."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == pgid:
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if fields[0] != "Z" and int(fields[2]) == pgid:
            return True
    return False


def set_held(d: Path, jid: str, held: bool) -> None:
    with locked(d):
        q = load(d)
        job = q["jobs"].get(jid)
        if job is None:
            raise Refused(f"tinyq: no job {jid}")
        if held and job["state"] != "QUEUED":
            raise Refused(f"tinyq: job {jid} is {job['state']}, not queued: it cannot be held")
        job["held"] = held
        settle(d, q)
        save(d, q)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="tinyq")
    p.add_argument("--dir", required=True)
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("submit")
    s.add_argument("--name", required=True)
    s.add_argument("--output")
    s.add_argument("--error")
    s.add_argument("--chdir")
    s.add_argument("script")
    sub.add_parser("status").add_argument("ids", nargs="*")
    for name in ("cancel", "hold", "release", "forget", "unheard", "heard", "_run"):
        sub.add_parser(name).add_argument("id")
    sub.add_parser("find").add_argument("--name", required=True)
    sub.add_parser("config").add_argument("--slots", type=int, required=True)
    for name in ("down", "up", "refuse-next"):
        sub.add_parser(name)
    args = p.parse_args(argv)
    d = Path(args.dir)
    d.mkdir(parents=True, exist_ok=True)
    if args.cmd == "_run":
        return run_job(d, args.id)
    if args.cmd == "up":
        (d / "down").unlink(missing_ok=True)
        return 0
    if (d / "down").exists():
        print(UNREACHABLE, file=sys.stderr)
        return 1
    try:
        if args.cmd == "down":
            (d / "down").touch()
        elif args.cmd == "refuse-next":
            (d / "refuse-next").touch()
        elif args.cmd == "config":
            (d / "config").write_text(json.dumps({"slots": args.slots}))
            dispatch(d)
        elif args.cmd == "submit":
            print(submit(d, args))
        elif args.cmd == "status":
            for line in status(d, args.ids):
                print(line)
        elif args.cmd == "cancel":
            cancel(d, args.id)
        elif args.cmd in ("hold", "release"):
            set_held(d, args.id, args.cmd == "hold")
        elif args.cmd == "forget":
            with locked(d):
                q = load(d)
                q["jobs"].pop(args.id, None)
                save(d, q)
        elif args.cmd in ("unheard", "heard"):
            with locked(d):
                q = load(d)
                job = q["jobs"].get(args.id)
                if job is None:
                    raise Refused(f"tinyq: no job {args.id}")
                job["unheard"] = args.cmd == "unheard"
                save(d, q)
        elif args.cmd == "find":
            with locked(d):
                q = load(d)
            for jid, job in sorted(q["jobs"].items(), key=lambda kv: int(kv[0])):
                if job["name"] == args.name:
                    print(jid)
    except Refused as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
