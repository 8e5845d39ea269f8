"""A GPU hardware fault on Slurm: the failed host is excluded before the free retry.

First plan time (the derived risk fork for Slurm stages that ask for GPUs, whose default is
to exclude the host; none on local), then ``decide`` on Slurm facts (the exclusion comes
before any retry and spends no budget; a host already excluded gets the plain budgeted
retry; on local gpu_fault is a budgeted transient retry), then the real single-node Slurm:
a job that prints a real ECC line and exits 1 is resubmitted with ``--exclude=<its node>``,
which on one node cannot be placed.
"""

import json
from datetime import datetime
from pathlib import Path

import pytest
from conftest import (
    cli,
    read_events,
    read_state,
    start_run,
    tick_until,
    wait_for,
    write_spec,
)
from pure_helpers import (
    RESET,
    T0,
    at,
    events_of,
    observe,
    seen,
    state_from_graph,
    submits,
)

from tianluo.backends.base import JobFacts
from tianluo.backends.registry import kind
from tianluo.core.decide import decide
from tianluo.core.degrade import GPU_EXCLUDE, requests_gpus
from tianluo.models.model import Handle, RunState
from tianluo.models.states import FaultClass, JobState, StageStatus
from tianluo.planning.forks import derive
from tianluo.planning.plan import build_plan
from tianluo.planning.spec_checks import load_spec
from tianluo.planning.spec_parts import DegradeAction, Resources
from tianluo.shell.logscan import LogLine

GPU_SPEC = """\
name: gpus
backend: {backend}
entities:
  a:
    params: {{bs: 8}}
    stages:
      train:
        run: python3 train.py
        resources: {resources}
"""


def load(tmp_path: Path, backend: str = "slurm", resources: str = "{gpus: 2}", extra: str = ""):
    spec = write_spec(tmp_path, GPU_SPEC.format(backend=backend, resources=resources) + extra)
    loaded, _ = load_spec(spec)
    return loaded, spec


# --- plan time ------------------------------------------------------------------------------


def test_a_slurm_stage_on_gpus_gets_a_risk_fork_defaulting_to_exclude_the_host(tmp_path):
    spec, path = load(tmp_path)
    (fork,) = [f for f in derive(spec) if f.type == "risk"]
    assert fork.key == "risk:a.train:gpu_fault"
    assert fork.options == ("exclude_host", "hold") and fork.default == "exclude_host"
    assert "sbatch --exclude" in fork.question
    assert build_plan(spec, path).entities["a"].stages["train"].degrade == {"gpu_fault": GPU_EXCLUDE}
    held = build_plan(spec, path, {"risk:a.train:gpu_fault": "hold"})
    assert held.entities["a"].stages["train"].degrade == {}
    from tianluo.planning.plan import render_plan_md

    text = render_plan_md(build_plan(spec, path))
    assert "  - on `gpu_fault`, pre-authorised: exclude_host: exclude the failed host" in text


@pytest.mark.parametrize("backend, resources", [
    ("local", "{gpus: 2}"),  # one host: nothing to exclude
    ("slurm", "{cpus: 4}"),  # no GPUs asked for
    ("slurm", "{gres: 'gpu:0'}"),
])
def test_no_derived_fork_where_there_is_no_host_to_leave_out(tmp_path, backend, resources):
    spec, _ = load(tmp_path, backend, resources)
    assert [f for f in derive(spec) if f.type == "risk"] == []


def test_a_stage_that_says_what_to_do_on_gpu_fault_keeps_its_own_fork(tmp_path):
    own = "        degrade:\n          gpu_fault:\n            - {name: smaller, params: {bs: {divide: 2}}}\n"
    spec, _ = load(tmp_path, extra=own)
    assert spec.entities["a"].stages["train"].degrade["gpu_fault"][0].name == "smaller"
    (fork,) = [f for f in derive(spec) if f.type == "risk"]
    assert fork.options == ("smaller", "hold") and fork.default == "hold"


@pytest.mark.parametrize("resources, asks", [
    (Resources(gpus=1), True),
    (Resources(gres="gpu:a100:4"), True),
    (Resources(sbatch_args=["--gpus-per-node=8"]), True),
    (Resources(sbatch_args=["--gres=gpu:1"]), True),
    (Resources(cpus=8, sbatch_args=["--constraint=a100"]), False),
    (None, False),
])
def test_requests_gpus(resources, asks):
    assert requests_gpus(resources) is asks


# --- decide -----------------------------------------------------------------------------------

ECC = LogLine(file="stderr", offset=0, text="RuntimeError: CUDA error: uncorrectable ECC error encountered", rules=())


def gpu_state(backend: str = "slurm", exclude: bool = True) -> RunState:
    """Default ladder (transient: 3 retries), the derived exclude_host chosen for gpu_fault."""
    state = state_from_graph({"a": {"train": []}})
    state.plan.backend = kind(backend).options()
    if exclude:
        state.plan.entities["a"].stages["train"].degrade = {"gpu_fault": GPU_EXCLUDE}
    d = decide(state, observe(), T0)
    new = d.state.model_copy(deep=True)
    new.stage("a.train").current().handle = Handle(job_id="17")
    return new


def failed_on(state: RunState, host: str, now: datetime, n: int = 1):
    facts = JobFacts(state=JobState.EXITED, exit_code=1, host=host, job_id=str(16 + n), scheduler_state="FAILED",
                     started_at="2024-03-01T12:00:05+00:00", ended_at="2024-03-01T12:30:00+00:00",
                     detail="Slurm says FAILED")
    return decide(state, observe(**{"a.train": seen(facts, matches=[ECC])}), now)


def relaunched(state: RunState, job_id: str) -> RunState:
    new = state.model_copy(deep=True)
    new.stage("a.train").current().handle = Handle(job_id=job_id)
    return new


def test_gpu_fault_excludes_the_host_before_any_retry_and_spends_no_budget():
    d = failed_on(gpu_state(), "gpu-07", at(hours=1))
    stage = d.state.stage("a.train")
    assert (stage.fault.klass, stage.fault.label) == (FaultClass.TRANSIENT, "gpu_fault")
    assert stage.exclude_hosts == ["gpu-07"]
    assert stage.budget_used == {}  # the transient budget (3 retries) is untouched: the hardware's fault
    assert submits(d) == ["a.train"] and stage.attempt == 2  # at once
    (ev,) = events_of(d, "degraded")
    assert ev["changes"] == ["exclude host gpu-07"] and ev["action"] == "exclude_host"


def test_each_failed_host_is_left_out_in_turn():
    state = relaunched(failed_on(gpu_state(), "gpu-07", at(hours=1)).state, "18")
    d = failed_on(state, "gpu-09", at(hours=2), n=2)
    assert d.state.stage("a.train").exclude_hosts == ["gpu-07", "gpu-09"]
    assert d.state.stage("a.train").budget_used == {}
    assert submits(d) == ["a.train"]


def test_a_fault_on_a_host_already_excluded_is_a_budgeted_retry():
    state = relaunched(failed_on(gpu_state(), "gpu-07", at(hours=1)).state, "18")
    d = failed_on(state, "gpu-07", at(hours=2), n=2)  # Slurm placed it there anyway (or the host was misread)
    stage = d.state.stage("a.train")
    assert stage.exclude_hosts == ["gpu-07"] and stage.budget_used == {FaultClass.TRANSIENT: 1}
    assert [e["event"] for e in d.events if e["event"] in ("degraded", "retry_scheduled")] == ["retry_scheduled"]


def test_on_local_gpu_fault_is_a_budgeted_transient_retry():
    d = failed_on(gpu_state(backend="local", exclude=False), "host-1", at(hours=1))
    stage = d.state.stage("a.train")
    assert stage.fault.label == "gpu_fault" and stage.exclude_hosts == []
    assert stage.budget_used == {FaultClass.TRANSIENT: 1} and submits(d) == ["a.train"]


def test_the_exclusion_needs_degrade_authorisation():
    state = gpu_state()
    state.plan.authorization = ["submit", "resubmit", "cancel_hung"]
    d = failed_on(state, "gpu-07", at(hours=1))
    stage = d.state.stage("a.train")
    assert stage.status == StageStatus.HELD and stage.exclude_hosts == []
    assert "degrade is not in authorization.allow" in stage.hold.reason


def test_another_label_with_exclude_host_and_retry_first_keeps_its_retries_first():
    state = gpu_state(exclude=False)
    state.plan.entities["a"].stages["train"].degrade = {
        "transient": DegradeAction(name="away", exclude_host=True, retry_first=True)}
    facts = JobFacts(state=JobState.EXITED, exit_code=1, host="gpu-07", job_id="17", scheduler_state="FAILED")
    d = decide(state, observe(**{"a.train": seen(facts, matches=[RESET])}), at(hours=1))
    assert d.state.stage("a.train").exclude_hosts == []  # rung 3, after the retries, as the spec asks
    assert d.state.stage("a.train").budget_used == {FaultClass.TRANSIENT: 1}


def test_another_label_with_exclude_host_leaves_the_node_first_by_default():
    """Degrade first (issue 23): a pre-authorised change is made at the first such failure, before a retry."""
    state = gpu_state(exclude=False)
    state.plan.entities["a"].stages["train"].degrade = {"transient": DegradeAction(name="away", exclude_host=True)}
    facts = JobFacts(state=JobState.EXITED, exit_code=1, host="gpu-07", job_id="17", scheduler_state="FAILED")
    d = decide(state, observe(**{"a.train": seen(facts, matches=[RESET])}), at(hours=1))
    assert d.state.stage("a.train").exclude_hosts == ["gpu-07"]
    assert not d.state.stage("a.train").budget_used.get(FaultClass.TRANSIENT)


def test_a_refused_submission_that_slurm_lists_as_ended_is_not_adopted():
    state = relaunched(failed_on(gpu_state(), "gpu-07", at(hours=1)).state, "18")
    attempt = state.stage("a.train").current()
    attempt.handle = None
    attempt.launch_error = ("sbatch --parsable... exited 1: sbatch: error: Batch job submission failed: "
                            "Requested node configuration is not available")
    record = JobFacts(state=JobState.EXITED, exit_code=None, signal=1, job_id="18", scheduler_state="FAILED",
                      found=Handle(job_id="18"), detail="Slurm says FAILED")
    d = decide(state, observe(**{"a.train": seen(record, found=Handle(job_id="18"))}), at(hours=1, seconds=30))
    stage = d.state.stage("a.train")
    assert stage.attempts[1].handle is None and "adopted" not in [e["event"] for e in d.events]
    assert stage.fault.label == "submit_rejected"
    assert "--exclude=gpu-07" in stage.reason and "no other node can take it" in stage.reason


# --- the real single-node Slurm ---------------------------------------------------------------

ECC_JOB = """\
name: gpufault
backend: slurm
entities:
  g:
    stages:
      train:
        run: >-
          echo "step 1"; echo "RuntimeError: CUDA error: uncorrectable ECC error encountered" >&2;
          echo "CUDA kernel errors might be asynchronously reported at some other API call,so the stacktrace
          below might be incorrect." >&2; exit 1
        degrade:
          gpu_fault:
            - {name: exclude_host, exclude_host: true}
"""


@pytest.mark.integration
@pytest.mark.slurm
def test_a_gpu_fault_on_slurm_is_resubmitted_without_its_node(slurm, tmp_path):
    proj = tmp_path / "proj"
    spec = write_spec(proj, ECC_JOB)
    home = tmp_path / "home"
    cli("plan", spec, "--home", home, "--answer", "risk:g.train:gpu_fault=exclude_host", cwd=tmp_path, check=True)
    run_dir = start_run(spec, home, tmp_path)
    first = run_dir / "attempts/g/train/1"
    wait_for(lambda: (first / "exit.json").exists(), timeout=60, what="attempt 1 to exit")
    node = json.loads((first / "exit.json").read_text())["host"]
    doc = tick_until(run_dir, tmp_path, phases=("blocked",), timeout=90, pace=0.5)

    state = read_state(run_dir)
    train = state["entities"]["g"]["stages"]["train"]
    a1, a2 = train["attempts"][:2]
    assert a1["fault"]["class"] == "transient" and a1["fault"]["label"] == "gpu_fault"
    assert "uncorrectable ECC error encountered" in a1["fault"]["evidence"]
    assert a1["host"] == node
    assert train["exclude_hosts"] == [node]
    assert train["degradations"][0]["changes"] == [f"exclude host {node}"]
    # the retry goes to sbatch with the failed node excluded, spending no budget on the way
    script = (run_dir / a2["dir"] / "job.sbatch").read_text()
    assert f"#SBATCH --exclude={node}\n" in script
    # one node, excluded: Slurm cannot place it; what tianluo says about that
    assert a2["launch_error"], a2
    print(f"\nsbatch said: {a2['launch_error']}")
    st = doc["entities"]["g"]["stages"]["train"]
    print(f"tianluo: {st['status']}: {st['reason']}")
    assert st["status"] == "held"
    assert f"--exclude={node}" in st["reason"] and "no other node can take it" in st["reason"]
    kinds = [e["event"] for e in read_events(run_dir) if e.get("entity") == "g"]
    assert kinds.index("degraded") < kinds.index("launch_failed")
    assert "adopted" not in kinds  # the refused submission's record in Slurm is not a run
    assert train["budget_used"] == {"config": 1}  # one retry of the refused submission; none for the GPU fault
    assert st["fault"]["label"] == "submit_rejected"
    assert "Requested node configuration is not available" in st["fault"]["evidence"]
