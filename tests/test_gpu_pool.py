"""The GPU host in the pure core (tianluo.core.gpu_pool, tianluo.core.gpu_round, through decide): handing GPUs out,
waiting in a predictable order, GPUs that fail, GPU activity as hang evidence. Plain values, frozen time."""

from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pure_helpers import (
    T0,
    at,
    cancels,
    event_kinds,
    events_of,
    exited,
    handle,
    launched,
    running,
    seen,
    state_from_graph,
    submits,
)

from tianluo.backends.base import JobFacts
from tianluo.core import gpu_hands, gpu_pool
from tianluo.core.decide import decide
from tianluo.core.gpu_facts import Gpu, GpuApp, GpuInventory, XidEvent
from tianluo.core.jobspec import gpu_env
from tianluo.core.observations import Observations, StageObservation
from tianluo.errors import TianluoError
from tianluo.models.model import RunState
from tianluo.models.states import JobState, StageStatus
from tianluo.planning.host_spec import HostPlan
from tianluo.planning.spec_parts import Progress, Resources


def gpu_state(graph: dict, gpus: dict[str, int], *, host: dict | None = None, expected: dict | None = None,
              progress: dict | None = None) -> RunState:
    """A run on a GPU host: ``gpus`` maps stage id -> GPUs it asks for."""
    state = state_from_graph(graph)
    state.plan.host = HostPlan(gpu_host=True, inventory=True, **(host or {}))
    for sid, n in gpus.items():
        e, s = sid.split(".")
        state.plan.entities[e].stages[s].resources = Resources(gpus=n)
    for sid, secs in (expected or {}).items():
        e, s = sid.split(".")
        state.plan.entities[e].stages[s].expected = secs
    for sid, p in (progress or {}).items():
        e, s = sid.split(".")
        state.plan.entities[e].stages[s].progress = p
    return state


def inventory(n: int = 4, *, util: dict | None = None, apps=(), lost: dict | None = None, ecc: dict | None = None,
              xids=(), error: str | None = None, missing: tuple = ()) -> GpuInventory:
    util, lost, ecc = util or {}, lost or {}, ecc or {}
    gpus = tuple(Gpu(index=i, uuid=f"GPU-{i}", name="NVIDIA A100-SXM4-80GB", pci_bus_id=f"0000:{i + 7:02x}:00",
                     memory_total_mib=81920, memory_used_mib=0, utilization=util.get(i, 50),
                     ecc_uncorrected=ecc.get(i, 0), lost=lost.get(i)) for i in range(n) if i not in missing)
    return GpuInventory(gpus=gpus, apps=tuple(apps), xids=tuple(xids), error=error)


def obs(inv: GpuInventory | None, **stages: StageObservation) -> Observations:
    return Observations(stages=dict(stages), gpus=inv)


def given_gpus(state: RunState) -> dict[str, list[int]]:
    return {sid: list(state.stage(sid).current().gpus) for sid in state.stage_ids()
            if state.stage(sid).current() is not None and state.stage(sid).current().gpus}


SIX = {"a": {"t1": [], "t2": [], "t3": [], "t4": [], "t5": [], "big": []}}
SIX_GPUS = {"a.t1": 1, "a.t2": 1, "a.t3": 1, "a.t4": 1, "a.t5": 1, "a.big": 2}
BUSY_2 = GpuApp(pid=4242, gpu_uuid="GPU-2", used_mib=12000, user="alice")


def test_each_stage_gets_its_own_gpus_never_another_users_and_the_rest_wait_saying_why():
    state = gpu_state(SIX, SIX_GPUS)
    d = decide(state, obs(inventory(apps=[BUSY_2])), T0)
    given = given_gpus(d.state)
    assert given == {"a.t1": [0], "a.t2": [1], "a.t3": [3]}
    assert submits(d) == ["a.t1", "a.t2", "a.t3"]
    waiting = d.state.stage("a.t4")
    assert waiting.status == StageStatus.PENDING
    assert "waiting for 1 GPU: 0 of 4 free" in waiting.reason
    assert "GPU 2 used by pid 4242 (alice, 12000 MiB), not this run's" in waiting.reason
    assert "waiting for 2 GPUs" in d.state.stage("a.big").reason
    assert events_of(d, "waiting_for_gpus")[0]["gpus"] == 1
    env = gpu_env(d.state.stage("a.t3").current())
    assert env == {"CUDA_VISIBLE_DEVICES": "3", "CUDA_DEVICE_ORDER": "PCI_BUS_ID", "TIANLUO_GPUS": "3"}
    # recorded before the launch: the next decision (the launch never happened) hands out nothing twice
    again = decide(d.state, obs(inventory(apps=[BUSY_2])), at(60))
    assert given_gpus(again.state) == given
    assert "waiting_for_gpus" not in event_kinds(again)  # said once


def test_gpus_come_back_when_an_attempt_ends_and_go_to_the_next_in_line():
    state = launched(decide(gpu_state(SIX, SIX_GPUS), obs(inventory(apps=[BUSY_2])), T0).state)
    d = decide(state, obs(inventory(apps=[BUSY_2]), **{"a.t1": seen(exited(0)), "a.t2": seen(running()),
                                                       "a.t3": seen(running())}), at(60))
    assert d.state.stage("a.t1").status == StageStatus.SUCCEEDED
    assert given_gpus(d.state)["a.t4"] == [0]
    assert d.state.stage("a.t4").reason is None


def test_the_critical_path_goes_first_then_plan_order():
    graph = {"a": {"short": [], "long": [], "after": ["a.long"]}}
    state = gpu_state(graph, {"a.short": 1, "a.long": 1, "a.after": 1}, expected={"a.short": 7200, "a.long": 3600,
                                                                                   "a.after": 7200})
    d = decide(state, obs(inventory(n=1)), T0)
    assert submits(d) == ["a.long"]  # 1 h + 2 h after it beats 2 h alone
    order = gpu_pool.priorities(state.plan, state.stage_ids(), {"a.short": [], "a.long": [], "a.after": ["a.long"]})
    assert sorted(order, key=order.get) == ["a.long", "a.short", "a.after"]
    assert [sid for sid, _n, _cp in gpu_pool.gpu_order(state.plan)] == ["a.long", "a.short", "a.after"]


def test_a_big_stage_that_waited_long_keeps_smaller_ones_off_the_gpus():
    graph = {"a": {"big": [], "s1": [], "s2": []}}
    state = gpu_state(graph, {"a.big": 2, "a.s1": 1, "a.s2": 1}, host={"reserve_after": 1800.0})
    inv = inventory(n=2, apps=[GpuApp(pid=9, gpu_uuid="GPU-0", used_mib=5000)])
    d = decide(state, obs(inv), T0)
    assert submits(d) == ["a.s1"]  # first fit: big does not fit, s1 does
    d2 = decide(launched(d.state), obs(inv, **{"a.s1": seen(exited(0))}), at(minutes=40))
    assert submits(d2) == []  # big has waited 40 min > 30: s2 waits behind it
    assert "a.big waited longest" in d2.state.stage("a.s2").reason


def test_a_stage_that_can_never_fit_is_held_not_left_waiting():
    state = gpu_state({"a": {"huge": []}}, {"a.huge": 8})
    d = decide(state, obs(inventory(n=4)), T0)
    st_ = d.state.stage("a.huge")
    assert st_.status == StageStatus.HELD
    assert "asks for 8 GPUs, but only 4 may be handed out" in st_.hold.reason


def test_nvidia_smi_failing_starts_nothing_on_gpus_but_cpu_stages_go_on_seeing_no_gpu():
    state = gpu_state({"a": {"gpu": [], "cpu": []}}, {"a.gpu": 1})
    d = decide(state, obs(inventory(error="nvidia-smi exited 9: NVIDIA-SMI has failed")), T0)
    assert submits(d) == ["a.cpu"]
    assert d.state.stage("a.cpu").current().gpus == []
    assert gpu_env(d.state.stage("a.cpu").current())["CUDA_VISIBLE_DEVICES"] == ""
    assert "nvidia-smi does not answer" in d.state.stage("a.gpu").reason
    assert event_kinds(d).count("gpu_unanswered") == 1
    d2 = decide(launched(d.state), obs(inventory(), **{"a.cpu": seen(running())}), at(600))
    assert "gpu_answers" in event_kinds(d2)
    assert submits(d2) == ["a.gpu"]


def test_a_cpu_stage_keeps_the_gpus_when_the_owner_says_so():
    state = gpu_state({"a": {"cpu": []}}, {}, host={"hide_gpus": False})
    d = decide(state, obs(inventory()), T0)
    assert d.state.stage("a.cpu").current().gpus is None
    assert gpu_env(d.state.stage("a.cpu").current()) == {}


def _running_on(state: RunState, inv: GpuInventory) -> RunState:
    d = decide(state, obs(inv), T0)
    return launched(d.state)


def test_a_gpu_lost_mid_run_cancels_the_attempt_leaves_the_pool_and_the_retry_runs_elsewhere_for_free():
    state = _running_on(gpu_state({"a": {"train": []}}, {"a.train": 1}), inventory(n=2))
    assert given_gpus(state) == {"a.train": [0]}
    d = decide(state, obs(inventory(n=2, missing=(0,)), **{"a.train": seen(running())}), at(600))
    assert cancels(d) == ["a.train"]
    assert [o.index for o in d.state.gpus.out] == [0]
    assert "gone from nvidia-smi's list" in d.state.gpus.out[0].reason
    fault = d.state.stage("a.train").current().fault
    assert (fault.klass.value, fault.label, fault.free) == ("transient", "gpu_fault", True)
    # TERM ended it; its log blames something else, the host's word wins
    d2 = decide(d.state, obs(inventory(n=2, missing=(0,)), **{"a.train": seen(exited(1, signal=15))}), at(660))
    stage = d2.state.stage("a.train")
    assert stage.fault.label == "gpu_fault" and stage.free_retries == 1 and not stage.budget_used
    d3 = decide(d2.state, obs(inventory(n=2, missing=(0,))), at(720))
    assert given_gpus(d3.state) == {"a.train": [1]}
    assert d3.state.stage("a.train").attempt == 2


def test_hardware_xid_and_rising_ecc_take_a_gpu_out_an_application_xid_does_not():
    state = _running_on(gpu_state({"a": {"x": [], "y": [], "z": []}}, {"a.x": 1, "a.y": 1, "a.z": 1}),
                        inventory(n=3, ecc={1: 2}))  # GPU 1 had 2 uncorrected errors before the run: the baseline
    xid79 = XidEvent(pci_bus_id="0000:07:00", xid=79, text="NVRM: Xid (PCI:0000:07:00): 79, GPU has fallen off "
                     "the bus.", hardware=True)
    xid13 = XidEvent(pci_bus_id="0000:09:00", xid=13, text="NVRM: Xid (PCI:0000:09:00): 13, Graphics SM Warp "
                     "Exception", hardware=False)
    run = {sid: seen(running()) for sid in ("a.x", "a.y", "a.z")}
    d = decide(state, obs(inventory(n=3, xids=[xid79, xid13], ecc={1: 2}), **run), at(600))
    assert sorted(o.index for o in d.state.gpus.out) == [0]
    assert "Xid 79" in d.state.gpus.out[0].reason
    assert cancels(d) == ["a.x"]
    assert [e["xid"] for e in events_of(d, "gpu_xid")] == [13]
    d2 = decide(d.state, obs(inventory(n=3, ecc={1: 3}), **run), at(1200))  # 2 was the baseline, 3 is a rise
    assert sorted(o.index for o in d2.state.gpus.out) == [0, 1]
    assert "rose from 2 to 3" in d2.state.gpus.out[1].reason


def test_a_restored_gpu_is_handed_out_again_and_restore_refuses_what_is_not_out():
    state = _running_on(gpu_state({"a": {"t": []}}, {"a.t": 1}), inventory(n=1))
    d = decide(state, obs(inventory(n=1, lost={0: "[GPU is lost]"}), **{"a.t": seen(running())}), at(60))
    assert [o.index for o in d.state.gpus.out] == [0]
    try:
        gpu_hands.restore(d.state, [3], at(120))
    except TianluoError as exc:
        assert "GPU 3 is not out of the pool (out: 0)" in str(exc)
    else:
        raise AssertionError("restoring a GPU that is in the pool must refuse")
    back = gpu_hands.restore(d.state, [0], at(120))
    assert back.state.gpus.out == [] and back.events[0]["event"] == "gpu_restored"
    assert d.state.gpus.out  # pure: the input is unchanged


def test_gpus_idle_with_a_silent_log_is_a_hang_that_says_so():
    state = _running_on(gpu_state({"a": {"t": []}}, {"a.t": 1}, host={"idle_after": 1800.0}), inventory(n=1))
    idle = inventory(n=1, util={0: 0})
    s = state
    for minute in (1, 10, 20):
        s = decide(s, obs(idle, **{"a.t": seen(running())}), at(minutes=minute)).state
        assert s.stage("a.t").current().cancel is None
    d = decide(s, obs(idle, **{"a.t": seen(running())}), at(minutes=35))
    assert cancels(d) == ["a.t"]
    assert "sat idle at 0%" in d.state.stage("a.t").current().cancel.reason


def test_gpus_spinning_at_full_use_with_no_progress_is_a_hang_and_busy_gpus_with_output_are_not():
    state = _running_on(gpu_state({"a": {"t": []}}, {"a.t": 1}, host={"idle_after": 1800.0}), inventory(n=1))
    busy = inventory(n=1, util={0: 100})
    s = state
    for minute in (1, 15):
        s = decide(s, obs(busy, **{"a.t": seen(running())}), at(minutes=minute)).state
    d = decide(s, obs(busy, **{"a.t": seen(running())}), at(minutes=40))
    assert "spun at full use" in d.state.stage("a.t").current().cancel.reason
    # the same GPUs, but the log moves: working, not hung
    s = state
    for minute in (1, 15, 40, 70):
        d = decide(s, obs(busy, **{"a.t": seen(running(), progress=(float(minute), None))}), at(minutes=minute))
        s = d.state
        assert cancels(d) == []


def test_a_progress_stall_is_not_excused_by_busy_gpus_and_the_reason_says_what_they_did():
    p = Progress(regex=r"step (?P<done>\d+)", stall_after=600.0)
    state = _running_on(gpu_state({"a": {"t": []}}, {"a.t": 1}, progress={"a.t": p}), inventory(n=1))
    busy = inventory(n=1, util={0: 100})
    s = decide(state, obs(busy, **{"a.t": seen(running(), progress=(1.0, None))}), at(60)).state
    s = decide(s, obs(busy, **{"a.t": seen(running())}), at(300)).state
    d = decide(s, obs(busy, **{"a.t": seen(running())}), at(60 + 660))
    reason = d.state.stage("a.t").current().cancel.reason
    assert reason.startswith("hung: progress stuck at 1")
    assert "spun at full use" in reason


# --- the property: never two live attempts on one GPU, never a GPU held by an ended one ---------------------


class World:
    """Jobs as a host runs them: each launched job holds the GPUs its attempt recorded, until it ends."""

    def __init__(self):
        self.jobs: dict[str, dict] = {}  # job name -> {"gpus", "alive", "code", "seen_end"}
        self.pid = 1000

    def launch(self, state: RunState, sid: str, n: int) -> None:
        attempt = state.stage(sid).attempts[n - 1]
        if attempt.job_name in self.jobs:
            return  # the runner's claim on the attempt folder: a second launch stands down
        self.pid += 1
        self.jobs[attempt.job_name] = {"gpus": list(attempt.gpus or []), "alive": True, "code": None,
                                       "pid": self.pid}

    def live_gpu_sets(self) -> list[list[int]]:
        return [j["gpus"] for j in self.jobs.values() if j["alive"]]

    def observations(self, state: RunState, inv: GpuInventory) -> Observations:
        stages = {}
        for sid in state.stage_ids():
            st_ = state.stage(sid)
            attempt = st_.current()
            if st_.status not in (StageStatus.SUBMITTED, StageStatus.RUNNING) or attempt is None:
                continue
            job = self.jobs.get(attempt.job_name)
            if job is None:
                stages[sid] = StageObservation(job=JobFacts(state=JobState.MISSING))
                continue
            facts = running() if job["alive"] else exited(job["code"])
            found = handle(job["pid"]) if attempt.handle is None else None
            stages[sid] = StageObservation(job=facts, found=found)
        return Observations(stages=stages, gpus=inv)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 5), st.integers(0, 9), st.integers(0, 99)),
                      min_size=5, max_size=40))
def test_no_two_live_attempts_share_a_gpu_and_none_is_held_by_an_ended_attempt(steps):
    graph = {"e": {f"s{i}": [] for i in range(6)} | {"post": ["e.s0"]}}
    state = gpu_state(graph, {"e.s0": 2, "e.s1": 1, "e.s2": 1, "e.s3": 3, "e.s4": 1, "e.s5": 1, "e.post": 1})
    world = World()
    inv = inventory(n=4)
    now = T0
    for kill, end_which, cut, rnd in steps:
        now += timedelta(minutes=5)
        # jobs end on their own (exit 0, or exit 1 now and then)
        alive = [name for name, j in world.jobs.items() if j["alive"]]
        if alive and end_which < len(alive):
            world.jobs[alive[end_which]].update(alive=False, code=1 if rnd % 4 == 0 else 0)
        ended_before = {name for name, j in world.jobs.items() if not j["alive"]}
        decision = decide(state, world.observations(state, inv), now)
        if kill == 0:
            continue  # killed before the save: nothing of this tick happened
        state = decision.state  # saved
        actions = decision.actions if kill == 3 else decision.actions[: cut % (len(decision.actions) + 1)]
        for action in actions:  # killed after some of the actions (kill 1, 2) or none
            if type(action).__name__ == "Submit":
                world.launch(state, action.stage_id, action.attempt)
            elif type(action).__name__ == "Cancel":
                job = world.jobs.get(action.job_name)
                if job is not None and job["alive"]:
                    job.update(alive=False, code=143)
        flat = [i for gpus in world.live_gpu_sets() for i in gpus]
        assert len(flat) == len(set(flat)), f"two live jobs share a GPU: {world.live_gpu_sets()}"
        held = gpu_pool.holders(state)
        for index, sid in held.items():
            attempt = state.stage(sid).current()
            assert attempt.ended_at is None
            job = world.jobs.get(attempt.job_name)
            assert job is None or job["alive"] or attempt.job_name not in ended_before, \
                f"GPU {index} is still held by {sid}, whose job ended before this tick looked"
        pending = {a.job_name for a in (state.stage(s).current() for s in state.stage_ids()) if a is not None}
        for name, j in world.jobs.items():  # a live job's GPUs are the ones the state says it holds
            if j["alive"] and name in pending:
                assert all(held.get(i) is not None for i in j["gpus"]), (name, j["gpus"], held)


def test_cpus_and_memory_are_slots_when_the_host_counts_them():
    graph = {"a": {"p1": [], "p2": [], "p3": []}}
    state = gpu_state(graph, {}, host={"cpus": 8, "mem": "64G"})
    for sid, res in (("a.p1", Resources(cpus=4, mem="32G")), ("a.p2", Resources(cpus=4, mem="40G")),
                     ("a.p3", Resources(cpus=2))):
        e, s = sid.split(".")
        state.plan.entities[e].stages[s].resources = res
    d = decide(state, obs(inventory()), T0)
    assert submits(d) == ["a.p1", "a.p3"]  # p2 would pass 64G; p3 fits beside p1 (6 of 8 CPUs)
    assert "40.0G of memory: 32.0G free" in d.state.stage("a.p2").reason
    d2 = decide(launched(d.state), obs(inventory(), **{"a.p1": seen(exited(0)), "a.p3": seen(running())}), at(60))
    assert submits(d2) == ["a.p2"]


def test_a_host_without_gpu_host_and_no_slots_changes_nothing():
    state = state_from_graph({"a": {"x": [], "y": []}})
    state.plan.host = HostPlan()  # the local backend on a host with no nvidia-smi: what start locks
    d = decide(state, Observations(), T0)
    assert submits(d) == ["a.x", "a.y"]
    assert all(d.state.stage(s).current().gpus is None for s in ("a.x", "a.y"))
    assert d.state.gpus is None
