"""Seeded random runs through the pure ``decide`` and the human's hands: the stage machine never
breaks.

Each seed builds a small random plan (entities, stages with needs across entities, branches,
plan-time holds, pre-authorised changes for nan_loss / corrupt_checkpoint / gpu_fault / a
class, a checkpoints glob, authorisation subsets, a deadline, a low attempt cap) and drives it
tick by tick with random observations of every active attempt (queued, requeued, running,
exited 0 with done_when held or not, exited non-zero with fault lines of the rulebook, lost,
hung, cancelled by a person, the scheduler unreachable, adoption by name, launch refusals and
launches that left no trace, full and roomy file systems, checkpoint listings), random holds,
releases (--retry, --skip, --reset-budget), replans (a changed stage), shell outcomes (a
checkpoint moved or not) and time jumps past backoffs and deadlines.

After every step: no exception but a ``TianluoError`` from the hands; each stage's status
changed only through legal rows of ``MOVES`` (every move recorded, chained from the status
before to the status after); at most one live attempt per stage; budgets never shrink but by
--reset-budget or a replan of that stage; attempts are numbered 1..n; a ladder hold names its
analysis; no new attempt of a stage whose needs are not done; no new attempt of a stage waiting
for space unless its file systems have room again; decide leaves its input alone.

``TIANLUO_FUZZ_SEEDS=N`` (or ``A-B``) runs more seeds; ``TIANLUO_FUZZ_TICKS`` more ticks per seed.
"""

import os
import random
from contextlib import contextmanager
from datetime import timedelta

import pytest
from pure_helpers import RUN_ID, T0, fs, handle, state_from_graph

from tianluo.backends.base import JobFacts
from tianluo.core import decide as decide_mod
from tianluo.core import holds, judge, stage_machine
from tianluo.core.actions import MoveAside, SendNotices, Submit
from tianluo.core.decide import decide
from tianluo.core.observations import Observations, StageObservation
from tianluo.errors import TianluoError
from tianluo.models.model import Check, Handle, dump_state
from tianluo.models.states import ACTIVE, DONE, JobState, StageStatus
from tianluo.planning import replan
from tianluo.planning.spec import Progress
from tianluo.planning.spec_parts import DegradeAction, Metric, ParamChange, When
from tianluo.shell.checkpoints import Checkpoint
from tianluo.shell.hostspace import FsSpace
from tianluo.shell.logscan import Cursor, LogLine, ScanResult

LINES = {
    "disk_full": "OSError: [Errno 28] No space left on device: '/mnt/ckpt/last.pt'",
    "disk_quota": "OSError: [Errno 122] Disk quota exceeded: '/home/u/proj/ckpt/last.pt'",
    "nan_loss": "Loss is nan, stopping training",
    "corrupt_checkpoint": "RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central "
                          "directory",
    "gpu_fault": "NVRM: Xid (PCI:0000:3b:00): 79, pid=1234, GPU has fallen off the bus.",
    "rate_limited": "urllib.error.HTTPError: HTTP Error 429: Too Many Requests",
    "port_in_use": "RuntimeError: The server socket has failed to listen on any local network address. "
                   "[Errno 98] Address already in use",
    "connection_error": "ConnectionResetError: [Errno 104] Connection reset by peer",
    "cuda_oom": "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB",
    "code": "TypeError: forward() got an unexpected keyword argument 'mask'",
    "nccl_timeout": "[Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1) ran for 600000 "
                    "milliseconds before timing out.",
    "http_unavailable": "requests.exceptions.HTTPError: 503 Server Error: Service Unavailable for url",
}
HOSTS = ("gpu-a", "gpu-b", "gpu-c")


FS_PATHS = ("/mnt/ckpt", "/home/u/proj")
FS_FREE = (0.1, 2.0, 8.0, 15.0)  # full, tight (not full, not ok_again), room, lots of room


# --- recording every move ------------------------------------------------------------------

_MOVES: list[tuple[int, StageStatus, StageStatus]] = []


@contextmanager
def recorded_moves():
    """Every ``stage_machine.move`` as (id of the stage object, from, to), in order."""
    real = stage_machine.move

    def spy(stage, to, **kw):
        before = stage.status
        real(stage, to, **kw)
        _MOVES.append((id(stage), before, to))

    mods = (stage_machine, decide_mod, judge, holds, replan)
    saved = [(m, m.move) for m in mods if hasattr(m, "move")]
    for m, _ in saved:
        m.move = spy
    _MOVES.clear()
    try:
        yield _MOVES
    finally:
        for m, f in saved:
            m.move = f


# --- a random plan -------------------------------------------------------------------------


def random_state(rng: random.Random):
    graph: dict[str, dict[str, list[str]]] = {}
    placed: list[str] = []
    for e in range(rng.randint(1, 3)):
        stages: dict[str, list[str]] = {}
        for s in range(rng.randint(1, 4)):
            k = min(len(placed), rng.choice((0, 0, 1, 1, 2)))
            stages[f"s{s}"] = sorted(set(rng.sample(placed, k)))
            placed.append(f"e{e}.s{s}")
        graph[f"e{e}"] = stages
    state = state_from_graph(graph)
    plan = state.plan
    plan.authorization = [a for a in ("submit", "resubmit", "cancel_hung", "degrade")
                          if rng.random() < 0.85]
    plan.max_attempts = rng.choice((3, 20, 100, 100))
    plan.success_gate.deadline = rng.choice((None, None, None, 3600.0, 24 * 3600.0))
    if rng.random() < 0.7:
        from tianluo.planning.spec import NotifySpec
        plan.notify = [NotifySpec(command="true")]
    for ename, ent in plan.entities.items():
        ent.params = {"lr": 0.08, "batch": 32}
        state.entities[ename].params = dict(ent.params)
        for st in ent.stages.values():
            st.run = "train --lr {lr} --batch {batch}"
            st.variants = {"small": "train --small --lr {lr}"}
            deg = {}
            if rng.random() < 0.5:
                deg["nan_loss"] = DegradeAction(name="halve_lr", params={"lr": ParamChange(multiply=0.5, floor=0.01)})
            if rng.random() < 0.5:
                deg["corrupt_checkpoint"] = DegradeAction(name="previous_checkpoint", rollback_checkpoint=True)
                st.checkpoints = "ckpt/*.pt"
            if rng.random() < 0.5:
                deg["gpu_fault"] = DegradeAction(name="exclude_host", exclude_host=True)
            if rng.random() < 0.3:
                deg[rng.choice(("transient", "config", "unknown"))] = DegradeAction(
                    name="smaller", params={"batch": ParamChange(divide=2, floor=4)}, variant="small")
            st.degrade = deg
            r = rng.random()
            if r < 0.1:
                st.when = When(metric=Metric(file="m.json", key="acc", op=">", value=0.5))
            elif r < 0.15:
                st.branch = "skip"
            if rng.random() < 0.05:
                st.start_held = True
            if rng.random() < 0.5:
                st.progress = Progress(regex=r"step (?P<done>\d+)", stall_after=rng.choice((300.0, 1800.0)))
    from tianluo.planning.newrun import initial_state
    return initial_state(RUN_ID, plan, T0)


# --- random observations -------------------------------------------------------------------


def _scan(rng, labels):
    lines = tuple(LogLine(file="stderr", offset=i * 100, text=LINES[label], rules=()) for i, label in enumerate(labels))
    progress = rng.choice((None, None, (float(rng.randint(1, 100)), 100.0)))
    return {"stderr": ScanResult(cursor=Cursor(offset=1000, inode=1), new_bytes=1000, matches=lines,
                                 progress=progress, progress_at=0 if progress else None, restarted=False,
                                 more=rng.random() < 0.03)}


class World:
    """What the fuzz's make-believe shell and machine hold: checkpoints on disk, free space."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.ckpts: dict[str, list[Checkpoint]] = {}
        self.free = {p: 15.0 for p in FS_PATHS}

    def space(self) -> tuple[FsSpace, ...]:
        return tuple(fs(p, f) for p, f in self.free.items())

    def listing(self, sid: str) -> tuple[Checkpoint, ...]:
        have = self.ckpts.setdefault(sid, [Checkpoint(path=f"ckpt/{sid}-{n}.pt", size=100, mtime_ns=n + 1)
                                           for n in range(self.rng.choice((0, 1, 2, 3)))])
        if self.rng.random() < 0.4:
            n = len(have)
            have.append(Checkpoint(path=f"ckpt/{sid}-{n + 10}.pt", size=100 + n, mtime_ns=10**9 * (n + 1)))
        return tuple(have)

    def jostle_space(self) -> None:
        for p in FS_PATHS:
            if self.rng.random() < 0.3:
                self.free[p] = self.rng.choice(FS_FREE)


def observe(rng: random.Random, world: World, state, now) -> Observations:
    stages = {}
    partial = rng.random() < 0.05
    for sid in state.stage_ids():
        stage = state.stage(sid)
        if stage.status not in ACTIVE:
            continue
        if partial and rng.random() < 0.5:
            continue
        attempt = stage.current()
        host = rng.choice(HOSTS)
        found = None
        if attempt is not None and attempt.handle is None and rng.random() < 0.5:
            found = Handle(job_id="77", pid=77, create_time=1.0, host=host)
        if attempt is not None and attempt.handle is None and found is None:
            stages[sid] = StageObservation(job=None if rng.random() < 0.7 else JobFacts(state=JobState.MISSING))
            continue
        kind = rng.choices(("running", "queued", "starting", "ok", "fail", "lost", "unreachable", "missing",
                            "scheduler_end"), weights=(25, 6, 4, 14, 30, 5, 5, 2, 5))[0]
        started = (now - timedelta(seconds=rng.choice((5, 600, 3600)))).isoformat()
        done = tuple(Check(kind="exists", target="out/x", ok=rng.random() < 0.8, detail="d")
                     for _ in range(rng.choice((0, 1, 1))))
        labels = []
        space = ()
        ckpts = ()
        if kind == "running":
            facts = JobFacts(state=JobState.RUNNING, host=host, started_at=started,
                             proc_status=rng.choice(("running", "sleeping", "stopped")))
        elif kind == "queued":
            facts = JobFacts(state=JobState.QUEUED, host=None, reason="Resources")
        elif kind == "starting":
            facts = JobFacts(state=JobState.STARTING, host=host)
        elif kind == "unreachable":
            facts = JobFacts(state=JobState.UNREACHABLE, detail="squeue timed out")
        elif kind == "missing":
            facts = JobFacts(state=JobState.MISSING)
        elif kind == "lost":
            facts = JobFacts(state=JobState.LOST, host=host, detail="runner gone")
            space, ckpts = world.space(), world.listing(sid)
        elif kind == "ok":
            facts = JobFacts(state=JobState.EXITED, exit_code=0, host=host, started_at=started,
                             ended_at=started)
            if rng.random() < 0.1:
                labels = [rng.choice(list(LINES))]
        elif kind == "scheduler_end":
            facts = JobFacts(state=JobState.EXITED, exit_code=rng.choice((0, 1, 137)), host=host, started_at=started,
                             ended_at=started, ended_by=rng.choice(("cancelled", "node_fail", "preempted",
                                                                    "time_limit", "out_of_memory")))
            space, ckpts = world.space(), world.listing(sid)
        else:
            facts = JobFacts(state=JobState.EXITED, exit_code=rng.choice((1, 1, 2, 137, -9)), host=host,
                             started_at=started, ended_at=started)
            labels = rng.sample(list(LINES), rng.choice((0, 1, 1, 1, 2)))
            space, ckpts = world.space(), world.listing(sid)
        stages[sid] = StageObservation(job=facts, found=found, done_when=done, scans=_scan(rng, labels),
                                       space=space, checkpoints=ckpts)
    when = {sid: Check(kind="metric", target="m.json acc > 0.5", ok=rng.random() < 0.5,
                       detail=rng.choice(("value 0.7", "value 0.2", "cannot read m.json")))
            for sid in state.stage_ids() if state.plan.entities[sid.split(".")[0]].stages[sid.split(".")[1]].when
            and rng.random() < 0.8}
    space = {sid: world.space() for sid in state.stage_ids() if state.stage(sid).wait is not None
             and not (partial and rng.random() < 0.5)}
    gate = () if rng.random() < 0.9 else (Check(kind="exists", target="final", ok=rng.random() < 0.5, detail=""),)
    return Observations(stages=stages, gate=gate, when=when, partial=partial, space=space)


# --- the shell ------------------------------------------------------------------------------


def act(rng: random.Random, world: World, state, actions) -> None:
    """What the shell does with a decision's actions, in make-believe."""
    unmoved = set()
    for action in actions:
        if isinstance(action, MoveAside):
            stage = state.stage(action.stage_id)
            for m in stage.checkpoint_moves:
                if m.outcome is None:
                    m.outcome = "failed" if rng.random() < 0.15 else "moved"
                    if m.outcome == "moved":
                        world.ckpts[action.stage_id] = [c for c in world.ckpts.get(action.stage_id, [])
                                                        if c.path != m.path]
                    else:
                        unmoved.add(action.stage_id)
        elif isinstance(action, Submit):
            if action.stage_id in unmoved:
                continue
            attempt = next(a for a in state.stage(action.stage_id).attempts if a.n == action.attempt)
            r = rng.random()
            if r < 0.8:
                attempt.handle = handle(1000 + action.attempt)
                attempt.submitted_at = attempt.intent_at
            elif r < 0.88:
                attempt.launch_error = "sbatch: error: Batch job submission failed: Invalid account"
            # else: the tick died before the launch, or the launch failed with OSError: no trace
        elif isinstance(action, SendNotices) and rng.random() < 0.9:
            state.notices = [n.model_copy(update={"sent_at": n.at}) for n in state.notices]


# --- invariants ------------------------------------------------------------------------------


def check_moves(before, after, moves, replanned: set[str] = frozenset()) -> None:
    """Each stage's status went from before to after through a chain of legal moves."""
    by_stage: dict[int, list] = {}
    for sid_obj, a, b in moves:
        by_stage.setdefault(sid_obj, []).append((a, b))
    for sid in after.stage_ids():
        stage = after.stage(sid)
        chain = by_stage.get(id(stage), [])
        was = before.stage(sid).status if sid in before.stage_ids() and sid not in replanned else StageStatus.PENDING
        for a, b in chain:
            assert a == was, f"{sid}: a move from {a.value} while it was {was.value}"
            assert b in stage_machine.MOVES[a], f"{sid}: {a.value} -> {b.value} is not in MOVES"
            was = b
        assert was == stage.status, f"{sid}: {was.value} after its moves, but {stage.status.value} in state"


def check_state(state, before=None, reset: bool = False, replanned: set[str] = frozenset()) -> None:
    for sid in state.stage_ids():
        stage = state.stage(sid)
        assert [a.n for a in stage.attempts] == list(range(1, stage.attempt + 1)), f"{sid}: attempts numbered wrong"
        if stage.status in ACTIVE:
            cur = stage.current()
            assert cur is not None and cur.outcome is None, f"{sid}: active without a live attempt"
        # an attempt judged hung that tianluo may not cancel is the human's to stop (the hold says so)
        live = [a.n for a in stage.attempts[:-1] if a.outcome is None and a.handle is not None and a.fault is None]
        assert not live, f"{sid}: attempts {live} were never judged, yet attempt {stage.attempt} exists"
        if stage.status == StageStatus.HELD:
            assert stage.hold is not None, f"{sid}: held without a hold record"
            if stage.hold.by == "ladder":
                assert stage.hold.analysis, f"{sid}: held by the ladder without an analysis path"
        else:
            assert stage.hold is None, f"{sid}: {stage.status.value} keeps a hold record"
        if stage.wait is not None:
            assert stage.status in (StageStatus.RETRY_WAIT, StageStatus.HELD), \
                f"{sid}: waits for space while {stage.status.value}"
        if before is not None and not reset and sid not in replanned and sid in before.stage_ids():
            old = before.stage(sid).budget_used
            for klass, used in old.items():
                assert stage.budget_used.get(klass, 0) >= used, f"{sid}: budget of {klass.value} went down"


def check_decision(before, obs, d, moves) -> None:
    check_moves(before, d.state, moves)
    check_state(d.state, before)
    state = d.state
    assert state.total_attempts >= sum(len(state.stage(sid).attempts) for sid in state.stage_ids())
    for sid in state.stage_ids():
        for klass, used in state.stage(sid).budget_used.items():
            assert used <= state.plan.ladder[klass].retries, f"{sid}: {used} retries of {klass.value} spent"
    submitted = set()
    for action in d.actions:
        if isinstance(action, Submit):
            stage = state.stage(action.stage_id)
            assert stage.status == StageStatus.SUBMITTED and stage.attempt == action.attempt, \
                f"{action.stage_id}: a Submit of attempt {action.attempt} while {stage.status.value}"
            assert stage.current().handle is None, f"{action.stage_id}: a Submit of an attempt already launched"
            submitted.add(action.stage_id)
        if isinstance(action, MoveAside):
            assert action.stage_id not in submitted, f"{action.stage_id}: its checkpoint is moved after the launch"
    for ev in d.events:
        if ev["event"] != "submit_intent":
            continue
        sid = f"{ev['entity']}.{ev['stage']}"
        planned = d.state.plan.entities[ev["entity"]].stages[ev["stage"]]
        undone = [n for n in planned.needs if d.state.stage(n).status not in DONE]
        assert not undone, f"{sid}: attempt {ev['attempt']} launched while {undone} are not done"
        assert d.state.entities[ev["entity"]].hold is None, f"{sid}: launched while a human holds the entity"
        waited = before.stage(sid).wait
        if waited is not None:
            facts = obs.space.get(sid, ())
            mine = [f for f in facts if f.path in waited.paths] or list(facts)
            assert mine and all(f.ok_again for f in mine), f"{sid}: launched while waiting for space"


# --- the driver -------------------------------------------------------------------------------


def run_seed(seed: int, ticks: int) -> dict:
    rng = random.Random(seed)
    state = random_state(rng)
    world = World(rng)
    now = T0
    stats = {"ticks": 0, "hands": 0, "replans": 0, "submits": 0, "events": set()}
    with recorded_moves() as moves:
        for _ in range(ticks):
            now += timedelta(seconds=rng.choice((0, 1, 30, 60, 60, 120, 300, 600, 1800, 7200)))
            world.jostle_space()
            r = rng.random()
            if r < (0.3 if state.phase.value == "blocked" else 0.08):
                state = _hands(rng, state, now, moves, stats)
            elif r < 0.15:
                state = _replan(rng, state, now, moves, stats)
            obs = observe(rng, world, state, now)
            frozen = dump_state(state)
            moves.clear()
            d = decide(state, obs, now)
            assert dump_state(state) == frozen, "decide changed its input"
            check_decision(state, obs, d, moves)
            stats["ticks"] += 1
            stats["submits"] += sum(isinstance(a, Submit) for a in d.actions)
            stats["events"] |= {e["event"] for e in d.events}
            if rng.random() < 0.03:
                continue  # the tick was killed before it saved: the next one starts from the old state
            state = d.state
            act(rng, world, state, d.actions)
            if state.phase.value in ("complete", "expired"):
                break  # nothing moves any more
    return stats


def _hands(rng, state, now, moves, stats):
    ename = rng.choice(list(state.entities))
    moves.clear()
    frozen = dump_state(state)
    try:
        if rng.random() < 0.45:
            res = holds.hold(state, ename, "fuzz", now, all_entities=rng.random() < 0.2)
            reset = False
        else:
            retry, skip = rng.random() < 0.5, rng.random() < 0.4
            reset = rng.random() < 0.3
            res = holds.release(state, ename, now, retry=retry, skip=skip, reset_budget=reset)
    except TianluoError:
        return state
    assert dump_state(state) == frozen, "the hands changed their input"
    check_moves(state, res.state, moves)
    check_state(res.state, state, reset=reset)
    stats["hands"] += 1
    return res.state


def _replan(rng, state, now, moves, stats):
    """An edited spec: a stage's command, an entity's params, a new stage, a leaf removed, the ladder."""
    new = state.plan.model_copy(deep=True)
    ename = rng.choice(list(new.entities))
    sname = rng.choice(list(new.entities[ename].stages))
    ent = new.entities[ename]
    r = rng.random()
    if r < 0.5:
        ent.stages[sname].command += " --v2"
    elif r < 0.65:
        ent.params = {**ent.params, "lr": rng.choice((0.1, 0.2))}
    elif r < 0.8:
        name = f"n{len(ent.stages)}"
        ent.stages[name] = ent.stages[sname].model_copy(update={"needs": [f"{ename}.{sname}"], "command": "echo n"})
    elif r < 0.9:
        needed = {n for e in new.entities.values() for st in e.stages.values() for n in st.needs}
        if f"{ename}.{sname}" in needed or len(ent.stages) == 1:
            return state
        del ent.stages[sname]
    else:
        new.authorization = [a for a in ("submit", "resubmit", "cancel_hung", "degrade") if rng.random() < 0.85]
        new.max_attempts = rng.choice((8, 100))
    moves.clear()
    frozen = dump_state(state)
    try:
        out, event = replan.carry_over(state, new, state.pre_authorized_decisions, now)
    except TianluoError:
        return state
    assert dump_state(state) == frozen, "carry_over changed its input"
    changed = set(event["again"]) | (set(out.stage_ids()) - set(state.stage_ids()))
    for sid in set(out.stage_ids()) - changed:  # every other stage is kept as it was
        assert out.stage(sid).model_dump() == state.stage(sid).model_dump() or \
            state.stage(sid).status == StageStatus.BLOCKED, f"{sid}: changed by a replan that keeps it"
    check_moves(state, out, moves, replanned=changed)
    check_state(out, state, replanned=changed)
    stats["replans"] += 1
    return out


def _seeds() -> list[int]:
    text = os.environ.get("TIANLUO_FUZZ_SEEDS", "")
    if not text:
        return list(range(30))
    if "-" in text:
        a, b = text.split("-", 1)
        return list(range(int(a), int(b)))
    return list(range(int(text)))


TICKS = int(os.environ.get("TIANLUO_FUZZ_TICKS", "250"))


@pytest.mark.parametrize("seed", _seeds())
def test_random_runs_never_break_the_stage_machine(seed):
    stats = run_seed(seed, TICKS)
    assert stats["ticks"] > 0


def test_the_fuzz_reaches_the_interesting_places():
    """The fixed seeds do get to holds, releases, replans, waits, degrades and rollbacks."""
    seen_events: set[str] = set()
    totals = {"hands": 0, "replans": 0}
    for seed in _seeds()[:30]:
        stats = run_seed(seed, TICKS)
        seen_events |= stats["events"]
        totals["hands"] += stats["hands"]
        totals["replans"] += stats["replans"]
    for kind in ("submit_intent", "running", "succeeded", "retry_scheduled", "degraded", "waiting_for_space",
                 "space_back", "held", "requeued", "adopted", "relaunch", "hung", "blocked", "skipped",
                 "deadline_passed", "scheduler_unreachable"):
        assert kind in seen_events, f"the fixed seeds never reach a {kind!r} event"
    assert totals["hands"] > 100 and totals["replans"] > 10, totals


# --- what the fuzz found: the minimal sequences ---------------------------------------------


def test_the_run_wide_cap_holds_a_stage_with_its_analysis_written():
    """Two stages, one attempt allowed: the second is held by the cap before its first attempt, and
    like every ladder hold it names the failure analysis and asks for it to be written."""
    from pure_helpers import launched

    from tianluo.core.actions import WriteAnalysis

    state = state_from_graph({"a": {"x": []}, "b": {"y": []}})
    state.plan.max_attempts = 1
    d = decide(state, Observations(), T0)
    y = d.state.stage("b.y")
    assert d.state.stage("a.x").status == StageStatus.SUBMITTED
    assert y.status == StageStatus.HELD and y.hold.by == "ladder" and "run-wide cap" in y.hold.reason
    assert y.hold.analysis == "failures/b__analysis.md"
    assert WriteAnalysis("b") in d.actions
    assert decide(launched(d.state), Observations(), T0 + timedelta(seconds=60)).state.stage("b.y").hold.analysis


def test_a_replan_leaves_the_state_it_was_given_alone():
    """carry_over kept the unchanged stages as the caller's own objects, then moved the blocked ones
    to pending: the state it was handed changed under the caller."""
    from pure_helpers import launched

    state = state_from_graph({"a": {"x": [], "y": ["a.x"]}})
    state.plan.authorization = ["resubmit"]  # no submit: x is held before its first attempt, y blocked
    state = decide(state, Observations(), T0).state
    state = launched(decide(state, Observations(), T0 + timedelta(seconds=1)).state)
    assert (state.stage("a.x").status, state.stage("a.y").status) == (StageStatus.HELD, StageStatus.BLOCKED)
    frozen = dump_state(state)
    new = state.plan.model_copy(deep=True)
    new.interval = 60.0  # no stage changes: y is kept, and goes back to pending for the next tick to decide
    out, _ = replan.carry_over(state, new, [], T0 + timedelta(seconds=2))
    assert dump_state(state) == frozen
    assert state.stage("a.y").status == StageStatus.BLOCKED and out.stage("a.y").status == StageStatus.PENDING
    assert out.stage("a.y") is not state.stage("a.y")


def test_a_retry_waits_for_the_needs_a_replan_started_over():
    """y failed after x succeeded; the owner edits x: the replan starts x over, and y, which needs it, too
    (no release needed): y waits until x is done again, and the run is blocked while x is held."""
    from pure_helpers import exited, launched, observe, seen, submits

    from tianluo.models.states import Phase

    bug = LogLine(file="stderr", offset=0, text=LINES["code"], rules=())
    state = state_from_graph({"a": {"x": [], "y": ["a.x"]}})
    state = launched(decide(state, Observations(), T0).state)
    d = decide(state, observe(**{"a.x": seen(exited(0))}), T0 + timedelta(seconds=60))
    assert submits(d) == ["a.y"]
    d = decide(launched(d.state), observe(**{"a.y": seen(exited(1), matches=[bug])}), T0 + timedelta(seconds=120))
    assert d.state.stage("a.y").status == StageStatus.HELD
    new = d.state.plan.model_copy(deep=True)
    new.entities["a"].stages["x"].command += " --fixed"
    state, _ = replan.carry_over(d.state, new, [], T0 + timedelta(seconds=180))
    assert state.stage("a.y").status == StageStatus.PENDING and state.stage("a.y").budget_used == {}
    d = decide(state, Observations(), T0 + timedelta(seconds=181))
    assert submits(d) == ["a.x"] and d.state.stage("a.y").attempt == 1  # y waits for the new x
    d = decide(launched(d.state), observe(**{"a.x": seen(exited(1), matches=[bug])}), T0 + timedelta(seconds=240))
    assert d.state.stage("a.x").status == StageStatus.HELD and submits(d) == []
    assert d.state.phase == Phase.BLOCKED  # y cannot move while x is held


def test_a_human_hold_of_a_stage_waiting_for_space_keeps_the_wait():
    """A disk-full retry waits for room; a human holds and releases the entity: the stage waits for
    room again (its reason and the release say so), and runs only once the file system has room."""
    from pure_helpers import exited, launched, observe, seen, submits

    disk = LogLine(file="stderr", offset=0, text=LINES["disk_full"], rules=())
    full, roomy = (fs("/mnt/ckpt", 0.1), fs("/home/u/proj", 15)), (fs("/mnt/ckpt", 15), fs("/home/u/proj", 15))
    state = launched(decide(state_from_graph({"a": {"x": []}}), Observations(), T0).state)
    obs = observe(**{"a.x": StageObservation(**{**seen(exited(1), matches=[disk]).__dict__, "space": full})})
    state = decide(state, obs, T0 + timedelta(seconds=60)).state
    assert state.stage("a.x").status == StageStatus.RETRY_WAIT and state.stage("a.x").wait is not None
    state = holds.hold(state, "a", "looking", T0 + timedelta(seconds=70)).state
    assert state.stage("a.x").status == StageStatus.HELD and state.stage("a.x").wait is not None
    res = holds.release(state, "a", T0 + timedelta(seconds=80))
    x = res.state.stage("a.x")
    assert x.status == StageStatus.RETRY_WAIT and x.wait.paths == ["/mnt/ckpt"]
    # the entity's own hold lifted is an event too (issue 23); the stage's says it waits for room again
    assert "free space" in x.reason and any("free space" in e["message"] for e in res.events)
    d = decide(res.state, Observations(space={"a.x": full}), T0 + timedelta(seconds=600))
    assert submits(d) == []
    d = decide(d.state, Observations(space={"a.x": roomy}), T0 + timedelta(seconds=660))
    assert submits(d) == ["a.x"] and [e for e in d.events if e["event"] == "space_back"]


def test_release_skip_says_it_resumes_a_stage_a_human_held():
    """--skip skips stages held after a failure; one the human held (here: waiting out a backoff)
    resumes its wait, and the release says so instead of leaving the owner to think it was skipped."""
    from pure_helpers import exited, launched, observe, seen

    limited = LogLine(file="stderr", offset=0, text=LINES["rate_limited"], rules=())
    state = launched(decide(state_from_graph({"a": {"x": []}}), Observations(), T0).state)
    state = decide(state, observe(**{"a.x": seen(exited(1), matches=[limited])}), T0 + timedelta(seconds=60)).state
    state = holds.hold(state, "a", "wait", T0 + timedelta(seconds=61)).state
    res = holds.release(state, "a", T0 + timedelta(seconds=62), skip=True)
    assert res.state.stage("a.x").status == StageStatus.RETRY_WAIT
    assert res.notes == [("a.x: held by a human, not after a failure: --skip skips only stages held after a "
                          "failure, so it resumes")]


def test_a_stage_that_became_pending_under_a_human_hold_leaves_the_run_blocked():
    """A human holds the entity; a replan starts its stage over (pending, the hold kept): it may not
    start, so nothing moves without a human, as before the replan. The release lets it go."""
    from pure_helpers import submits

    from tianluo.models.states import Phase

    state = state_from_graph({"a": {"x": []}})
    state = holds.hold(state, "a", "checking", T0).state
    state = decide(state, Observations(), T0 + timedelta(seconds=10)).state
    assert state.stage("a.x").status == StageStatus.HELD and state.phase == Phase.BLOCKED
    new = state.plan.model_copy(deep=True)
    new.entities["a"].stages["x"].command += " --v2"
    state, _ = replan.carry_over(state, new, [], T0 + timedelta(seconds=20))
    assert state.stage("a.x").status == StageStatus.PENDING and state.entities["a"].hold is not None
    d = decide(state, Observations(), T0 + timedelta(seconds=30))
    assert submits(d) == [] and d.state.phase == Phase.BLOCKED
    assert d.state.phase_reason == "nothing can move without a human: a (held by a human)"
    state = holds.release(d.state, "a", T0 + timedelta(seconds=40)).state
    d = decide(state, Observations(), T0 + timedelta(seconds=50))
    assert submits(d) == ["a.x"] and d.state.phase == Phase.RUNNING


def test_release_retry_of_a_hung_attempt_tianluo_may_not_cancel_says_it_may_still_run():
    from pure_helpers import launched, observe, running, seen

    state = state_from_graph({"a": {"x": []}})
    state.plan.authorization = ["submit", "resubmit"]
    state.plan.entities["a"].stages["x"].progress = Progress(regex=r"step (?P<done>\d+)", stall_after=300.0)
    state = launched(decide(state, Observations(), T0).state)
    state = decide(state, observe(**{"a.x": seen(running())}), T0 + timedelta(hours=1)).state
    assert state.stage("a.x").status == StageStatus.HELD and "hung" in state.stage("a.x").hold.reason
    res = holds.release(state, "a", T0 + timedelta(hours=2), retry=True)
    assert res.notes == [("a.x: attempt 1 was never stopped by tianluo (it was hung and tianluo may not cancel): "
                          "if it still runs, stop it now (pid 4242); attempt 2 starts at the next tick")]


def test_release_retry_runs_a_stage_waiting_for_space_now_and_says_what_it_skips():
    """The owner knows better (they freed space tianluo cannot see, or will): --retry on an entity
    whose retry waits for free space runs it at the next decide; without --retry nothing is held."""
    from pure_helpers import exited, launched, observe, seen, submits

    disk = LogLine(file="stderr", offset=0, text=LINES["disk_full"], rules=())
    full = (fs("/mnt/ckpt", 0.1), fs("/home/u/proj", 15))
    state = launched(decide(state_from_graph({"a": {"x": []}}), Observations(), T0).state)
    obs = observe(**{"a.x": StageObservation(**{**seen(exited(1), matches=[disk]).__dict__, "space": full})})
    state = decide(state, obs, T0 + timedelta(seconds=60)).state
    assert state.stage("a.x").wait is not None
    with pytest.raises(TianluoError, match=r"a: nothing is held; a\.x waits for its retry: --retry runs it now"):
        holds.release(state, "a", T0 + timedelta(seconds=70))
    res = holds.release(state, "a", T0 + timedelta(seconds=70), retry=True)
    x = res.state.stage("a.x")
    assert x.status == StageStatus.RETRY_WAIT and x.wait is None and x.next_attempt_at == T0 + timedelta(seconds=70)
    assert res.changed == ["a.x"] and "without waiting for free space on /mnt/ckpt" in res.events[-1]["message"]
    assert state.stage("a.x").wait is not None  # the input is not changed
    d = decide(res.state, Observations(space={"a.x": full}), T0 + timedelta(seconds=80))
    assert submits(d) == ["a.x"]
