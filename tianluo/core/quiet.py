"""When a tick may be skipped: the certificate a full tick leaves after a decision with nothing to do. Pure.

Most ticks of a long run change nothing: the jobs run and print nothing new, or wait for a
human. A full tick costs the models' import and build (several times ``python -c pass``), so
``quiet_tick`` (the shell) takes a shorter way when it is *certain* the full tick would do
nothing. That certainty is not worked out again from the policy, which would be a second copy
of ``decide`` drifting from the first. Instead, a full tick whose decision did nothing
(:func:`certificate`) writes down

- what it saw of the world, stage by stage: each running attempt's runner (pid, create time,
  job name), its logs' cursors, its output's size, its port (the facts ``observe`` turns into
  ``Observations``);
- until when nothing of the state can come due by the clock alone (``until``): the deadline, a
  retry's backoff, and for each running attempt the first instant at which the policy's own
  timers (``diagnose.stall_reason``, ``diagnose.past_time_limit``, running past ``expected``)
  say something; and how long a gap between ticks may be before the next tick says ticks were
  overdue;

and ``quiet_tick`` only checks that the world is still exactly that and the clock before
``until``. Then ``decide`` would see the same observations of the same state (only its tick
bookkeeping and the layers' "last looked at" differ) and would again do nothing: which
``tests/test_quiet.py`` checks over many run histories made by ``decide`` itself.

A certificate is refused (None) for anything not understood here: an action, an event, a
change, a stage submitted or consulting or waiting for space, a stage about to start, an
attempt being cancelled or not judged "running", extra log globs or a progress file, a gate
with files to look at, a GPU host, a silent scheduler, a notice to send, the agent, an ending
or finished run.
"""

from datetime import datetime, timedelta
from pathlib import Path

from tianluo.core.decide import OVERDUE_INTERVALS, OVERRUN_AGAIN, Decision
from tianluo.core.diagnose import past_time_limit, run_seconds, stall_reason, startup_allowance, time_limit
from tianluo.models.model import Attempt, RunState, StageState
from tianluo.models.plan_model import PlannedStage
from tianluo.models.states import DONE, Phase, StageStatus
from tianluo.timefmt import iso as _iso

#: The certificate's format; ``quiet_tick`` declines any other.
VERSION = 1
#: A certificate is good for this long at most: the layers (CPU, memory, "last looked at") are read
#: in full at least this often, whatever the timers say.
MAX_QUIET_S = 3600.0
#: The verdict of an attempt that runs and is not late for anything (``judge._watch``).
RUNNING = "running"
#: The fields a decision changes on every tick (its bookkeeping), left out when states are compared.
BOOKKEEPING = frozenset({"tick_count", "last_tick_at", "revision", "event_seq", "outbox"})


def certificate(before: RunState, decision: Decision, now: datetime) -> dict | None:
    """What a quiet tick must find unchanged, and until when, for the full tick to do nothing again.

    Args:
        before: The state the decision was made on.
        decision: ``decide(before, observations, now)``.
        now: The decision's time.

    Returns:
        None unless the decision did nothing at all and everything about the state is understood
        here; else a plain dict (``quiet_tick`` adds the saved state's revision and digest).
    """
    state = decision.state
    if decision.actions or decision.events or decision.again or not settled(before, state):
        return None
    plan = state.plan
    if state.phase not in (Phase.RUNNING, Phase.BLOCKED) or state.end is not None:
        return None
    host = plan.host
    if host is not None and (host.gpu_host or host.inventory or host.cpus is not None or host.mem is not None):
        return None  # the host's GPUs (or slots) are looked at and handed out each tick
    if state.scheduler_unreachable_since is not None or state.gpus is not None:
        return None
    if any(n.sent_at is None and n.gave_up_at is None for n in state.notices):
        return None
    if plan.agent is not None and state.agent_calls:
        return None  # a call a stopped tick left running is looked for by the full tick (agent_call)
    gate = plan.success_gate
    if gate.exists or gate.metric or state.gate.met or not gate.all_done:
        return None  # the gate reads files each tick, or holds: the full tick looks
    until = now + timedelta(seconds=MAX_QUIET_S)
    if gate.deadline is not None:
        until = min(until, state.created_at + timedelta(seconds=gate.deadline))
    stages = []
    for ename, entity in plan.entities.items():
        held = state.entities[ename].hold is not None
        for sname, planned in entity.stages.items():
            stage = state.entities[ename].stages[sname]
            status = stage.status
            if stage.wait is not None or status in (StageStatus.SUBMITTED, StageStatus.CONSULTING):
                return None
            if status == StageStatus.PENDING and not held and all(
                    state.stage(n).status in DONE for n in planned.needs):
                return None  # about to start (or its branch to be looked at)
            if status == StageStatus.RETRY_WAIT and stage.next_attempt_at is not None:
                until = min(until, stage.next_attempt_at)
            if status != StageStatus.RUNNING:
                continue
            looked = _running(state, f"{ename}.{sname}", planned, stage, now)
            if looked is None:
                return None
            record, due = looked
            stages.append(record)
            if due is not None:
                until = min(until, due)
    if until <= now:
        return None
    trigger = state.trigger
    overdue = None
    if trigger is not None and trigger.removed_at is None and trigger.kind != "none":
        overdue = OVERDUE_INTERVALS * (trigger.every or plan.interval)  # decide._overdue
    return {"version": VERSION, "certified_at": _iso(now), "until": _iso(until), "overdue_after_s": overdue,
            "stages": stages}


def _running(state: RunState, sid: str, planned: PlannedStage, stage: StageState,
             now: datetime) -> tuple[dict, datetime | None] | None:
    """A running stage's record (what its attempt must still be) and the first instant its timers fire."""
    attempt = stage.current()
    diagnosis = stage.diagnosis
    if attempt is None or attempt.handle is None or attempt.cancel is not None or attempt.ended_at is not None:
        return None
    if diagnosis is None or diagnosis.attempt != attempt.n or diagnosis.verdict != RUNNING:
        return None
    if attempt.handle.pid is None or attempt.handle.create_time is None or attempt.started_at is None:
        return None
    if planned.logs or (planned.progress is not None and planned.progress.file):
        return None  # globs and progress files are looked at by the full tick
    workdir = Path(state.plan.workdir)
    output = None
    if planned.output is not None:
        path = Path(planned.output.path)
        output = {"path": str(path if path.is_absolute() else workdir / path), "size": attempt.output_size}
    record = {
        "sid": sid, "dir": attempt.dir, "job_name": attempt.job_name,
        "pid": attempt.handle.pid, "create_time": attempt.handle.create_time, "port": attempt.port,
        "started_at": _iso(attempt.started_at),
        "logs": {name: [c.offset, c.inode] for name, c in sorted(attempt.log_cursors.items())},
        "output": output,
    }
    enforced = state.plan.backend.capabilities().enforces_time
    return record, first_due(planned, stage, attempt, now, enforced)


def first_due(planned: PlannedStage, stage: StageState, attempt: Attempt, now: datetime,
              enforced: bool = False) -> datetime | None:
    """The first instant after ``now`` at which the policy's timers say something of this running attempt.

    Each timer compares the time since one of the attempt's instants with one of its durations
    (``(t - instant) >= duration``), so it can only start to fire at an instant plus a duration:
    the policy's own predicates are asked at each of those, earliest first. None: none ever fires.
    """
    p = stage.progress
    instants = [attempt.intent_at, attempt.submitted_at, attempt.started_at, attempt.resumed_at,
                attempt.output_grew_at, p.seen_at if p else None]
    progress = planned.progress
    spans = [startup_allowance(progress), progress.stall_after if progress else None,
             planned.output.grows_within if planned.output else None, time_limit(planned, stage)]
    if progress is not None and progress.stall_after is not None:
        spans.append(max(progress.stall_after, startup_allowance(progress) or 0.0))
    if planned.expected:
        spans += [planned.expected, OVERRUN_AGAIN * planned.expected]
    candidates = sorted({i + timedelta(seconds=s) for i in instants if i is not None
                         for s in spans if s is not None})
    for t in [c for c in candidates if c > now]:
        if _fires(planned, stage, attempt, t, enforced):
            return t
    return None


def _fires(planned: PlannedStage, stage: StageState, attempt: Attempt, t: datetime, enforced: bool) -> bool:
    """Whether a running attempt's timers say something at ``t`` (``judge._watch``, ``decide._running_long``)."""
    if stall_reason(planned, stage, attempt, t) is not None:
        return True
    if not enforced and past_time_limit(planned, stage, attempt, t) is not None:
        return True
    if planned.expected:
        ran = run_seconds(attempt, t)
        level = 2 if ran is not None and ran >= OVERRUN_AGAIN * planned.expected else 1
        if ran is not None and ran >= planned.expected and level > attempt.overrun_told:
            return True
    return False


def settled(before: RunState, after: RunState) -> bool:
    """Whether ``after`` holds nothing new beyond a tick's bookkeeping and its layers' latest reading.

    The layers (``StageState.diagnosis``) are the last look's (its time, CPU, memory); only the
    verdict and its attempt count. What the decision shares with ``before`` (``decide.writable_copy``)
    is unchanged by construction and not compared.
    """
    skip = set(BOOKKEEPING) | {"plan", "entities"}
    if after.plan is not before.plan or after.entities.keys() != before.entities.keys():
        return False
    if after.model_dump(exclude=skip) != before.model_dump(exclude=skip):
        return False
    for name, entity in after.entities.items():
        was = before.entities[name]
        if entity is was:
            continue
        if entity.stages.keys() != was.stages.keys() or entity.model_dump(exclude={"stages"}) != \
                was.model_dump(exclude={"stages"}):
            return False
        for sname, stage in entity.stages.items():
            old = was.stages[sname]
            if stage is old:
                continue
            if stage.model_dump(exclude={"diagnosis"}) != old.model_dump(exclude={"diagnosis"}):
                return False
            if _verdict(stage) != _verdict(old):
                return False
    return True


def _verdict(stage: StageState) -> tuple | None:
    d = stage.diagnosis
    return None if d is None else (d.attempt, d.verdict)
