"""A tick at scale (issue 12): the decision's cost grows with the stages, not faster, and what it
does not change it does not copy.

At 10,000 stages a deep copy of the whole state was most of a tick's time and memory; the
decision now copies the stages it may change (active, retrying, about to start or block) and
shares the rest (succeeded, skipped, held and told) with the state it was given, which it still
never changes. Pure: states built from models, no clock, no processes; a few seconds in all.
"""

import gc
import sys
import time

from pure_helpers import at, exited, launched, observe, running, seen, state_from_graph

from tianluo.backends.local import LocalBackend
from tianluo.core.actions import Submit
from tianluo.core.decide import decide
from tianluo.core.observations import Observations
from tianluo.models.model import RunState, StageState, dump_state
from tianluo.models.states import Phase, StageStatus
from tianluo.planning.spec import DoneWhen
from tianluo.planning.spec_parts import Metric
from tianluo.shell.observe import observe as look

CHAIN = ("prep", "train", "eval", "export", "score")


def sweep(entities: int) -> RunState:
    """``entities`` chains of five stages and a fan-in that needs every chain's last stage (as benchmarks'
    write_sweep)."""
    graph = {f"lr{i:05d}": {name: [f"lr{i:05d}.{CHAIN[k - 1]}"] if k else [] for k, name in enumerate(CHAIN)}
             for i in range(entities)}
    graph["summary"] = {"report": [f"lr{i:05d}.score" for i in range(entities)]}
    return state_from_graph(graph)


def _templates() -> dict[str, dict[str, StageState]]:
    """One entity's stages as real decisions leave them: every stage succeeded; prep running; prep held."""
    state = sweep(1)
    out = {}
    for n, name in enumerate(CHAIN):
        state = launched(decide(state, observe(), at(minutes=2 * n)).state)
        sid = f"lr00000.{name}"
        if name == "prep":
            out["running"] = decide(state, observe(**{sid: seen(running())}), at(minutes=2 * n + 1)).state
        state = decide(state, observe(**{sid: seen(exited(0))}), at(minutes=2 * n + 1)).state
        assert state.stage(sid).status == StageStatus.SUCCEEDED
    out["succeeded"] = state
    held = sweep(1)
    for n in range(5):  # exit 1 until the ladder's budget for it is spent
        held = launched(decide(held, observe(**{"lr00000.prep": seen(exited(1))} if n else {}), at(minutes=n)).state)
    for sid in held.stage_ids():  # told of (the shell marks it after the notification went out)
        if held.stage(sid).hold is not None:
            held.stage(sid).hold.notified = True
    out["held"] = held
    stages = {kind: {name: s.entities["lr00000"].stages[name] for name in CHAIN} for kind, s in out.items()}
    assert stages["running"]["prep"].status == StageStatus.RUNNING
    assert stages["held"]["prep"].status == StageStatus.HELD, stages["held"]["prep"]
    assert stages["held"]["train"].status == StageStatus.BLOCKED
    return stages


def shaped(entities: int, shape: str, active: int) -> tuple[RunState, Observations]:
    """A sweep where the first ``active`` entities' prep runs and every other entity is ``shape``:
    all its stages succeeded, or its prep held (by the ladder, told) and the rest blocked.

    Entities of a kind share their stages' objects: decide never changes the state it is given.
    """
    tpl = _templates()
    state = sweep(entities)
    for i, (ename, entity) in enumerate(state.entities.items()):
        if ename == "summary":
            continue
        kind = "running" if i < active else shape
        for name in CHAIN:
            entity.stages[name] = tpl[kind][name] if kind != "running" or name == "prep" else entity.stages[name]
    obs = observe(**{f"lr{i:05d}.prep": seen(running()) for i in range(active)})
    return state, obs


def _decide_time(state: RunState, obs: Observations) -> float:
    """CPU seconds of one decision, the least of 7 (on a busy machine a run is only ever slowed: another
    process's cache misses and interrupts land on it, never speed it up, so the least is the truest); the
    heap is frozen first, so a full garbage collection (its cost grows with every object the process
    holds) does not land in one of them."""
    times = []
    gc.collect()
    gc.freeze()
    try:
        for _ in range(7):
            started = time.process_time()
            decide(state, obs, at(hours=1))
            times.append(time.process_time() - started)
    finally:
        gc.unfreeze()
    return min(times)


def test_decide_time_grows_linearly_with_the_stages():
    """decide at 4N stages costs about 4x decide at N (quadratic would be 16x; 8 leaves room for noise)."""
    for shape in ("succeeded", "held"):
        small = _decide_time(*shaped(300, shape, active=30))
        large = _decide_time(*shaped(1200, shape, active=120))
        assert large / small < 8, f"{shape}: decide took {large:.3f}s at 6,001 stages, {small:.3f}s at 1,501"


def test_decide_shares_what_it_does_not_change_and_never_changes_its_input():
    state, obs = shaped(40, "succeeded", active=5)
    obs.stages["lr00004.prep"] = seen(exited(0))  # the fifth chain moves on: its prep succeeds, train starts
    before = dump_state(state)
    decision = decide(state, obs, at(hours=1))
    assert dump_state(state) == before  # pure: the state it was given is unchanged
    new = decision.state
    assert new.stage("lr00004.prep").status == StageStatus.SUCCEEDED
    assert state.stage("lr00004.prep").status == StageStatus.RUNNING
    assert new.stage("lr00004.train").status == StageStatus.SUBMITTED
    assert state.stage("lr00004.train").status == StageStatus.PENDING
    assert [a.stage_id for a in decision.actions if isinstance(a, Submit)] == ["lr00004.train"]
    shared = [sid for sid in state.stage_ids() if new.stage(sid) is state.stage(sid)]
    succeeded = [sid for sid in state.stage_ids() if state.stage(sid).status == StageStatus.SUCCEEDED]
    waiting = [f"lr{i:05d}.{name}" for i in range(4) for name in CHAIN[1:]]
    assert set(succeeded) <= set(shared)  # 175 succeeded stages: not one copied
    assert set(waiting) <= set(shared)  # pending and not moving: shared too
    for sid in ("lr00000.prep", "lr00004.prep", "lr00004.train"):  # what the decision (or the shell) changes: copies
        assert new.stage(sid) is not state.stage(sid)
    assert new.plan is state.plan


def test_a_run_blocked_by_many_holds_names_them_once():
    """Every entity's prep held: the run becomes blocked, and says which stages hold it (each once)."""
    state, obs = shaped(300, "held", active=0)
    decision = decide(state, obs, at(hours=1))
    assert decision.state.phase == Phase.BLOCKED
    reason = decision.state.phase_reason
    assert reason.count("lr00123.prep") == 1 and reason.count(".prep") == 300


_OPENED: list[str] | None = None  # what the audit hook records while a test listens


def _audit(event: str, args: tuple) -> None:
    if _OPENED is not None and event in ("open", "os.scandir", "os.listdir") and args:
        path = str(args[0])
        if not path.startswith("/proc"):  # the host's process table: one read a tick, as big as the host
            _OPENED.append(path)


def _opened_by_observe(entities: int, tmp_path) -> list[str]:
    """The files and folders one real observe (local backend) opens on a sweep with 10 running stages."""
    global _OPENED
    state, _ = shaped(entities, "succeeded", active=10)
    state.plan.workdir = str(tmp_path)
    for entity in state.plan.entities.values():  # a metric and a glob to check for every stage
        for name, planned in entity.stages.items():
            planned.done_when = DoneWhen(exists=[f"out/*/{name}.done"],
                                         metric=[Metric(file=f"out/{name}.json", key="loss", op="<", value=1)])
    (tmp_path / "out" / "lr00000").mkdir(parents=True, exist_ok=True)
    (tmp_path / "out" / "prep.json").write_text('{"loss": 0.5}')
    _OPENED = []
    try:
        seen = look(state, tmp_path, LocalBackend(tmp_path))
    finally:
        opened, _OPENED = _OPENED, None
    assert sorted(seen.stages) == [f"lr{i:05d}.prep" for i in range(10)]
    assert all(any(c.kind == "metric" and c.ok for c in o.done_when) for o in seen.stages.values())
    return opened


def test_observe_opens_what_the_running_stages_need_not_every_stage(tmp_path):
    """A tick reads the done_when files, logs and records of the running attempts only: the same
    files at 1,001 stages as at 4,001 (10 running), not one more per stage that waits or is done."""
    sys.addaudithook(_audit)  # stays for the session; it records only while _OPENED is a list
    small = _opened_by_observe(200, tmp_path / "small")
    large = _opened_by_observe(800, tmp_path / "large")
    assert small.count("prep.json") == 10  # one metric read per running stage (by name in out/: no link followed)
    assert len(large) == len(small), (len(small), len(large))
