"""The agent rung's shell: ask the plan's agent command about the consults a decision recorded.

Every :class:`~tianluo.core.observations.ConsultAgent` of a tick runs at once, each with its own
folder ``agent/<call>/`` (0700, no link followed) for its files, as ``/bin/sh -c
<plan.agent.command>`` in the spec's folder (``plan.workdir``, where the jobs run) in a
session of its own, with the self-contained prompt on stdin (the file ``prompt.md``).
All of them share one deadline, ``plan.agent.timeout`` from the start: past it each whole
process group gets TERM, a short grace, then KILL. Output is read up to a cap; an agent that
floods past it has its pipe closed (its output is cut, not read).

Nothing the agent prints is trusted: the reply records what it wrote, one-line and capped,
and the next decision (``tianluo.core.agent_rung``) checks it against the whitelist. The consult
was saved before the call, and ``prompt.md`` is created exclusively, so a call is never
made twice, even by a tick that finds the folder of a tick killed during it.
"""

import json
import os
import selectors
import signal
import subprocess
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from tianluo import redact
from tianluo.core.agent_rung import MAX_AFTER_S
from tianluo.core.events import Kind
from tianluo.core.events import event as new_event
from tianluo.durations import format_duration, parse_duration
from tianluo.errors import TianluoError
from tianluo.models.model import AgentReply, Consult, RunState
from tianluo.models.states import FaultClass
from tianluo.plaintext import one_line
from tianluo.shell import fsio, runfs
from tianluo.timefmt import iso

AGENT_DIR = "agent"
PROMPT, ANSWER, STDERR, DECISION = "prompt.md", "answer.txt", "stderr.txt", "decision.json"
OUTPUT_CAP = 256 * 1024  # bytes of stdout kept and parsed; beyond it the pipe is closed
STDERR_CAP = 64 * 1024
KILL_GRACE = 2.0  # seconds between TERM and KILL of a group past the deadline
EXIT_GRACE = 0.5  # seconds an exited agent's pipes may stay open (a child it left behind) before its group is killed
#: Caps of the strings kept from an answer (each one line, control characters removed).
CAPS = {"action": 64, "degrade": 64, "reason": 500, "label": 64, "lesson": 300}
MAX_FENCES = 8  # fenced blocks tried from the end
MAX_JSON_LINES = 64  # candidate lines tried from the end when no fenced block parses
READ_CHUNK = 64 * 1024
CLASSES = tuple(c.value for c in FaultClass)  # what "class" may name


def call_dir(run_dir: Path, call: int) -> Path:
    """``<run>/agent/<call>``: the prompt, the raw answer, stderr and tianluo's decision of one call."""
    return Path(run_dir) / AGENT_DIR / str(call)


# --- the answer -------------------------------------------------------------------------------------


def _loads(text: str):
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _fenced(text: str):
    """The object in the last ```json fenced block (one search from the end, not a scan)."""
    start, tried = text.rfind("```json"), 0
    while start >= 0 and tried < MAX_FENCES:
        body_at = start + len("```json")
        end = text.find("```", body_at)
        if end >= 0:
            doc = _loads(text[body_at:end])
            if isinstance(doc, dict):
                return doc
        start, tried = text.rfind("```json", 0, start), tried + 1
    return None


def _last_object_line(text: str):
    """The last line that is (or ends in) a JSON object; at most MAX_JSON_LINES candidates parsed."""
    tried = 0
    for line in reversed(text.splitlines()):
        line = line.strip()
        if not line.endswith("}") or "{" not in line:
            continue
        doc = _loads(line[line.index("{"):])  # "Answer: {...}" too: from the line's first brace
        if isinstance(doc, dict):
            return doc
        tried += 1
        if tried >= MAX_JSON_LINES:
            break
    return None


def find_answer(text: str, unwrap: bool = True) -> dict | None:
    """The agent's JSON object in its output: the whole output, else the last ```json block, else the
    last line that is a JSON object (or ends in one: ``Answer: {...}``). An object with no ``action``
    but a string ``result`` (``claude -p --output-format json`` wraps the model's text so) is looked
    into, once."""
    doc = _loads(text.strip()) if text.strip().startswith("{") else None
    if not isinstance(doc, dict):
        doc = _fenced(text) or _last_object_line(text)
    if isinstance(doc, dict) and unwrap and "action" not in doc and isinstance(doc.get("result"), str):
        return find_answer(doc["result"], unwrap=False) or doc
    return doc


def parse_reply(out: bytes, at: datetime, exit_code: int | None, timed_out: bool, cut: bool) -> AgentReply:
    """What the agent answered, as an :class:`AgentReply` (``error`` says why there is no usable answer)."""
    reply = AgentReply(at=at, exit_code=exit_code, timed_out=timed_out)
    text = out.decode("utf-8", errors="replace")
    doc = find_answer(text)
    if doc is None:
        where = f"its first {OUTPUT_CAP // 1024} KiB (the rest was cut)" if cut else "its output"
        reply.error = ("no output" if not text.strip() else f"no JSON object in {where}")
        return reply
    problems = []
    for key, cap in CAPS.items():
        value = doc.get(key)
        if value is None:
            continue
        if not isinstance(value, str):
            problems.append(f"{key} is {type(value).__name__}, not a string")
            continue
        setattr(reply, key, one_line(value, cap) if key == "reason" else one_line(value, cap) or None)
    problems += _class_and_after(doc, reply)
    if problems:
        reply.error = "the answer has " + "; ".join(problems)
    elif not reply.action:
        reply.error = "the answer has no action"
    return reply


def _class_and_after(doc: dict, reply: AgentReply) -> list[str]:
    """Read the answer's optional ``class`` (a fault class) and ``after`` (a wait of at most
    ``MAX_AFTER_S`` before a retry) into ``reply``; what is wrong with them, in words."""
    problems = []
    klass, after = doc.get("class"), doc.get("after")
    if klass is not None:
        word = one_line(klass, 32).lower()
        if not isinstance(klass, str):
            problems.append(f"class is {type(klass).__name__}, not a string")
        elif word not in CLASSES:
            problems.append(f"class '{word}' is not one of {', '.join(CLASSES)}")
        else:
            reply.klass = FaultClass(word)
    if after is not None:
        text = one_line(after, 32)
        if not isinstance(after, str):
            problems.append(f"after is {type(after).__name__}, not a string such as 30m")
        else:
            try:
                seconds = parse_duration(text)
            except ValueError:
                problems.append(f"after '{text}' is not a duration such as 30m or 2h")
            else:
                if seconds > MAX_AFTER_S:
                    problems.append(f"after '{text}' is longer than {format_duration(MAX_AFTER_S)}, the longest "
                                    "wait an agent may ask for")
                else:
                    reply.after_s = seconds
    return problems


# --- the calls ------------------------------------------------------------------------------------


@dataclass
class _Call:
    sid: str
    consult: Consult
    folder: Path
    proc: subprocess.Popen | None = None
    out: bytearray = field(default_factory=bytearray)
    err: bytearray = field(default_factory=bytearray)
    cut: bool = False
    open_pipes: int = 0
    exited_at: float | None = None  # monotonic; the leader exited (not reaped yet: its group id stays ours)
    returncode: int | None = None
    timed_out: bool = False
    error: str | None = None
    ended: float = 0.0

    @property
    def started(self) -> subprocess.Popen:
        """The call's process: asked only of a call that was started."""
        assert self.proc is not None
        return self.proc


def _find(state: RunState, sid: str, call: int) -> Consult | None:
    return next((c for c in reversed(state.stage(sid).consults) if c.call == call), None)


def _prompt(run_dir: Path, state: RunState, sid: str, call: int) -> str:
    """The prompt given on stdin: the self-contained prompt and the fault to judge (``tianluo.views.prompt``)."""
    from tianluo.messages.consult_facts import gather
    from tianluo.views.prompt import render_consult

    # the attempt's log tails (read as any log: never through a link, bounded) and the stage's file systems
    return render_consult(state, sid, call, run_dir=os.path.abspath(run_dir), facts=gather(run_dir, state, sid, call))


def _env(run_dir: Path, state: RunState, sid: str, call: int) -> dict[str, str]:
    """tianluo's own environment (the agent needs its keys), without the variables that tag a job's processes."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TIANLUO_")}
    folder = os.path.abspath(run_dir)  # kill_abandoned knows the call's processes by it
    env.update({"TIANLUO_RUN_DIR": folder, "TIANLUO_RUN": folder, "TIANLUO_RUN_ID": state.run_id,
                "TIANLUO_STAGE": sid, "TIANLUO_AGENT_CALL": str(call)})
    return env


def _start(run_dir: Path, state: RunState, c: _Call, command: str, sel: selectors.BaseSelector) -> None:
    call = c.consult.call
    workdir = state.plan.workdir  # where the jobs run: `python3 agent.py` means the spec's agent.py
    if shared := runfs.shared_folder(workdir):  # it changed since start: never run an agent others can steer
        c.error = f"not started: the agent runs in {workdir}, and {shared}; `chmod go-w` it"
        return
    fsio.make_dirs(c.folder)
    if not fsio.create_exclusive(c.folder / PROMPT, _prompt(run_dir, state, c.sid, call)):
        # Submit is record: a tick stopped during this call left its folder; never ask twice.
        c.error = f"agent/{call}/{PROMPT} exists: an earlier tick made this call and stopped during it; not made twice"
        return
    if not os.path.isdir(workdir):
        c.error = f"could not start: the spec's folder {workdir} (where the agent runs, as the jobs do) is gone"
        return
    env = _env(run_dir, state, c.sid, call)
    env["TIANLUO_AGENT_DIR"] = os.path.abspath(c.folder)  # agent/<call>/: prompt.md, and room for its own files
    stdin = fsio.open_file(c.folder / PROMPT, os.O_RDONLY)
    try:
        c.proc = subprocess.Popen(["/bin/sh", "-c", command], cwd=workdir, stdin=stdin, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, env=env, start_new_session=True, close_fds=True)
    except OSError as exc:
        c.error = f"could not start: {exc.strerror or exc}"
        return
    finally:
        os.close(stdin)
    for pipe in (c.started.stdout, c.started.stderr):
        assert pipe is not None  # both are PIPEs
        os.set_blocking(pipe.fileno(), False)
        sel.register(pipe, selectors.EVENT_READ, c)
        c.open_pipes += 1


def _close(sel: selectors.BaseSelector, c: _Call, pipe) -> None:
    try:
        sel.unregister(pipe)
    except (KeyError, ValueError):
        pass
    pipe.close()
    c.open_pipes -= 1


def _read(sel: selectors.BaseSelector, c: _Call, pipe) -> None:
    keep, cap = (c.out, OUTPUT_CAP) if pipe is c.started.stdout else (c.err, STDERR_CAP)
    try:
        chunk = os.read(pipe.fileno(), READ_CHUNK)
    except BlockingIOError:
        return
    except OSError:
        chunk = b""
    if not chunk:
        _close(sel, c, pipe)
        return
    keep += chunk[: cap - len(keep)]
    if len(keep) >= cap:
        if pipe is c.started.stdout:
            c.cut = True
        _close(sel, c, pipe)  # a flood is cut here: its next write fails (EPIPE), nothing more is read


def _exited(c: _Call) -> bool:
    """Whether the leader has exited, leaving it unreaped (its pid, and so its group id, cannot be reused)."""
    if c.exited_at is not None:
        return True
    try:
        exited = os.waitid(os.P_PID, c.started.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:
        exited = True
    if exited:
        c.exited_at = time.monotonic()
    return c.exited_at is not None


def _killpg(c: _Call, sig: int) -> None:
    try:
        os.killpg(c.started.pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _finish(sel: selectors.BaseSelector, c: _Call) -> None:
    """Kill what is left of the call's group, close its pipes, reap the leader."""
    for pipe in (c.started.stdout, c.started.stderr):
        if pipe is not None and not pipe.closed:
            _close(sel, c, pipe)
    _killpg(c, signal.SIGKILL)  # the leader is unreaped: the group id is still this call's
    try:
        c.returncode = c.started.wait(timeout=KILL_GRACE + 5)
    except subprocess.TimeoutExpired:  # not ours to wait on any longer (uninterruptible sleep)
        c.returncode = None
    c.ended = time.monotonic()


def _wait_all(sel: selectors.BaseSelector, calls: list[_Call], deadline: float) -> None:
    running = [c for c in calls if c.proc is not None]
    termed_at: float | None = None
    while running:
        now = time.monotonic()
        for c in list(running):
            exited_at = c.exited_at if _exited(c) else None
            if exited_at is not None and (c.open_pipes == 0 or now - exited_at >= EXIT_GRACE):
                _finish(sel, c)
                running.remove(c)
        if not running:
            break
        if now >= deadline and termed_at is None:
            termed_at = now
            for c in running:
                c.timed_out = True
                _killpg(c, signal.SIGTERM)
        if termed_at is not None and now - termed_at >= KILL_GRACE:
            for c in running:
                _finish(sel, c)
            break
        wake = min([deadline if termed_at is None else termed_at + KILL_GRACE]
                   + [c.exited_at + EXIT_GRACE for c in running if c.exited_at is not None])
        timeout = min(max(0.0, wake - now), 0.1)  # 0.1: a leader's exit is not a selectable event
        if sel.get_map():
            for key, _ in sel.select(timeout):
                _read(sel, key.data, key.fileobj)
        else:
            time.sleep(timeout)


def _keep(path: Path, data: bytes) -> None:
    try:
        fsio.atomic_write(path, data)
    except (OSError, TianluoError):
        pass  # a full disk or a planted name: the reply in state.json still says what it answered


def consult_all(run_dir: Path, state: RunState, calls: list, now: datetime, timeout: float | None = None,
                capped_by: str = "") -> list[dict]:
    """Make every call of ``calls`` (ConsultAgent actions) at once; record each reply in its consult.

    Bounded by ``plan.agent.timeout`` from the start (or ``timeout`` if less: ``capped_by`` says
    why), whatever the agents do. Returns one ``agent_answered`` event per call (the caller
    saves them with the state).
    """
    agent = state.plan.agent
    limit = agent.timeout if agent else 0.0
    if timeout is not None and timeout < limit:
        limit = max(0.0, timeout)
    else:
        capped_by = ""
    run_dir = Path(run_dir)
    todo: list[_Call] = []
    for action in calls:
        consult = _find(state, action.stage_id, action.call)
        if consult is None or consult.reply is not None:
            continue  # answered already: never asked twice
        todo.append(_Call(action.stage_id, consult, call_dir(run_dir, action.call)))
    if not todo:
        return []
    began = time.monotonic()
    sel = selectors.DefaultSelector()
    try:
        for c in todo:
            if agent is None:
                c.error = "the plan names no agent"
                continue
            try:
                _start(run_dir, state, c, agent.command, sel)
            except (OSError, TianluoError) as exc:  # a planted link at agent/<n>, a full disk: no call
                c.error = f"could not prepare agent/{c.consult.call}/: {exc}"
        _wait_all(sel, todo, began + limit)
    finally:
        for c in todo:  # whatever stopped us, no agent is left running
            if c.proc is not None and c.proc.returncode is None:
                _finish(sel, c)
        sel.close()
        # A call ends with every process that carries its tag: what left the group (setsid, a daemon) too.
        started = {str(c.consult.call) for c in todo if c.proc is not None}
        if started:
            kill_tagged(run_dir, started)
    events = []
    red = redact.of_plan(state.plan, os.environ)
    for c in todo:
        at = now + timedelta(seconds=(c.ended or time.monotonic()) - began)
        events.append(_record(run_dir, c, at, f"{limit:g}s" + (f", {capped_by}" if capped_by else ""), red))
    return events


def stderr_line(err: bytes, cap: int = 200) -> str:
    """The line of an agent's stderr that says why it failed: its first line, or the last one
    of a Python traceback (``Traceback ...`` first says nothing); one line, at most ``cap``."""
    lines = [ln for ln in err[:STDERR_CAP].decode("utf-8", errors="replace").splitlines() if ln.strip()]
    if not lines:
        return ""
    return one_line(lines[-1] if lines[0].startswith("Traceback") else lines[0], cap)


def _record(run_dir: Path, c: _Call, at: datetime, limit: str, red: redact.Redactor) -> dict:
    consult, call = c.consult, c.consult.call
    exit_code = None
    if c.proc is not None and c.returncode is not None:
        exit_code = c.returncode if c.returncode >= 0 else 128 - c.returncode
    if c.proc is not None:  # kept as the agent said it, but for a secret it echoed
        _keep(c.folder / ANSWER, red.text(bytes(c.out).decode("utf-8", "replace")).encode())
        _keep(c.folder / STDERR, red.text(bytes(c.err).decode("utf-8", "replace")).encode())
    if c.error is not None:
        reply = AgentReply(at=at, error=c.error)
    else:
        reply = parse_reply(bytes(c.out), at, exit_code, c.timed_out, c.cut)
        if c.timed_out:
            reply.error = f"no answer within its timeout ({limit}); its process group was killed" + (
                f" (it had printed: {reply.error or 'an answer'})" if c.out else "")
        elif exit_code != 0:
            reply.error = f"it exited with code {exit_code}" + (f"; {reply.error}" if reply.error else "")
        said = stderr_line(bytes(c.err))
        if reply.error and said:  # the reason is often there ("can't open file 'agent.py'")
            reply.error += f"; stderr: {said}"
    reply = red.values(reply)  # the agent's words: valid text (a lone surrogate is no crash), no secret
    consult.reply = reply
    entity, stage = c.sid.rsplit(".", 1)
    said = f"answered {reply.action!r}" if reply.action else "gave no usable answer"
    why = f": {reply.reason[:120]}" if reply.reason else ""
    trouble = f" ({reply.error})" if reply.error else ""
    return new_event(Kind.AGENT_ANSWERED, iso(at), f"agent call {call}: {said}{why}{trouble}", entity=entity,
                     stage=stage, attempt=consult.attempt, call=call, exit_code=reply.exit_code,
                     timed_out=reply.timed_out, action=reply.action, degrade=reply.degrade, reason=reply.reason[:200],
                     error=reply.error, **{"class": reply.klass.value if reply.klass else None}, after_s=reply.after_s)


def kill_abandoned(run_dir: Path, state: RunState) -> list[int]:
    """SIGKILL what is left of calls a stopped tick abandoned; returns the pids killed.

    A consulting stage whose last consult has no reply was asked by a tick that died during
    the call (ticks save every reply before they let go of the lock, and this one holds it).
    Its agent runs on in its own session: its processes are those of this user that carry the
    call's tags (``TIANLUO_RUN_DIR``, ``TIANLUO_AGENT_CALL``) in their environment.
    """
    from tianluo.models.states import StageStatus

    calls = set()
    for sid in state.stage_ids():
        stage = state.stage(sid)
        if stage.status == StageStatus.CONSULTING and stage.consults and stage.consults[-1].reply is None:
            calls.add(str(stage.consults[-1].call))
    return kill_tagged(run_dir, calls) if calls else []


#: Rounds of looking for tagged processes: one forked while the last round killed is found by the next.
KILL_ROUNDS = 5


def kill_tagged(run_dir: Path, calls: set[str]) -> list[int]:
    """SIGKILL every process of this user whose environment carries one of ``calls`` of this run (the
    tags ``TIANLUO_AGENT_CALL`` and ``TIANLUO_RUN_DIR``), wherever it went (``setsid``, a daemon's
    double fork); returns the pids killed.

    A pid is never confused with a later process that reused it: the process is pinned first (a
    pidfd), its environment read after that, and the signal sent through the pin, so a process that
    ended in between is not replaced by another. Processes of other users are never looked into.
    """
    from tianluo.shell import proctable
    from tianluo.shell.shellrun import pidfd

    folder, me, killed = os.path.abspath(run_dir), os.geteuid(), []

    def tagged(table: proctable.ProcTable, pid: int) -> bool:
        return table.env_value(pid, "TIANLUO_AGENT_CALL") in calls and table.env_value(pid, "TIANLUO_RUN_DIR") == folder

    for _ in range(KILL_ROUNDS):
        table = proctable.read()
        found = False
        for pid in sorted(table.procs):
            if pid == os.getpid() or table.uid(pid) != me or not tagged(table, pid):
                continue
            pin = pidfd(pid)  # None without pidfds: the process is then signalled by its pid
            try:  # read again once pinned: the pinned process's own environment, or the pin is of one gone
                if tagged(proctable.ProcTable({}), pid) and _kill_pinned(pid, pin):
                    killed.append(pid)
                    found = True
            finally:
                if pin is not None:
                    os.close(pin)
        if not found:
            break
    return killed


def _kill_pinned(pid: int, pin: int | None) -> bool:
    try:
        if pin is not None:
            signal.pidfd_send_signal(pin, signal.SIGKILL)
        else:
            os.kill(pid, signal.SIGKILL)
        return True
    except (ProcessLookupError, PermissionError):
        return False


def write_decision(run_dir: Path, state: RunState, sid: str, call: int) -> Path:
    """``agent/<call>/decision.json``: what the decision did with the agent's answer, and why."""
    consult = _find(state, sid, call)
    path = call_dir(run_dir, call) / DECISION
    if consult is None:
        return path
    doc = {
        "call": call,
        "stage": sid,
        "attempt": consult.attempt,
        "applied": consult.applied,
        "decision": consult.decision,
        "fallback": {"step": consult.fallback, "reason": consult.fallback_reason},
        "fallback_taken": consult.applied is None,
        "allowed": list(consult.allowed),
        "options": [o.action for o in consult.options],
        "reply": consult.reply.model_dump(mode="json", by_alias=True) if consult.reply else None,
        "asked_at": iso(consult.asked_at),
        "settled_at": iso(consult.settled_at) if consult.settled_at else None,
    }
    fsio.make_dirs(path.parent)
    fsio.write_json(path, doc)
    return path


__all__ = ["call_dir", "consult_all", "find_answer", "kill_abandoned", "one_line", "parse_reply", "write_decision"]
