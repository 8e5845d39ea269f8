"""The GPU host end to end: real runs of real processes on the local backend, against a stand-in nvidia-smi
(tests/fake_nvidia_smi.py) that answers from a JSON inventory and can fail, hang, or lose a GPU.

With TIANLUO_GPU_TESTS=real (scripts/gpu-check, on a host with NVIDIA GPUs) the allocation test runs
against the real nvidia-smi on PATH, and the stand-in's failure modes are skipped.
"""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import forked_cli
import pytest
from conftest import (
    clean_env,
    cli,
    read_events,
    read_state,
    start_run,
    wait_for,
    write_spec,
)
from fake_nvidia_smi import install, set_gpu, update

REAL = os.environ.get("TIANLUO_GPU_TESTS") == "real"
standin_only = pytest.mark.skipif(REAL, reason="the stand-in's failure modes (TIANLUO_GPU_TESTS=real)")

#: A job that records what it was given (its GPUs, when it ran) and runs for a while; attempt 1 of a stage
#: named 'slow' runs long (to be caught mid-run), any later attempt is quick.
JOB = r"""
import json, os, sys, time
out, seconds = sys.argv[1], float(sys.argv[2])
if os.environ.get("TIANLUO_STAGE") == "slow" and os.environ.get("TIANLUO_ATTEMPT") == "1":
    seconds = 120
start = time.time()
print("started on", os.environ.get("CUDA_VISIBLE_DEVICES"), flush=True)
time.sleep(seconds)
with open(out, "w") as f:
    json.dump({"gpus": os.environ.get("CUDA_VISIBLE_DEVICES"), "order": os.environ.get("CUDA_DEVICE_ORDER"),
               "start": start, "end": time.time(), "attempt": os.environ.get("TIANLUO_ATTEMPT")}, f)
"""


def gpu(i: int, **fields) -> dict:
    return {"index": i, "uuid": f"GPU-{i:08x}-aaaa-bbbb-cccc-{i:012x}", "name": "NVIDIA A100-SXM4-80GB",
            "pci_bus_id": f"00000000:{0x07 + i:02X}:00.0", "memory_total": 81920, "memory_used": 0,
            "utilization": 0, "ecc_uncorrected": 0, **fields}


@pytest.fixture
def host(tmp_path):
    """A stand-in GPU host: nvidia-smi in its own bin folder, calls counted; returns (program, bin folder)."""
    if REAL:
        program = shutil.which("nvidia-smi")
        if program is None:
            pytest.fail("TIANLUO_GPU_TESTS=real, but there is no nvidia-smi on PATH")
        return program, None
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    # (apps_under: the jobs of tests running at the same time in the other shares are another host's)
    program = install(bin_dir, {"gpus": [gpu(i) for i in range(4)], "apps": [], "pid_apps": True,
                                "apps_from_env": "FOREIGN_GPU_JOB", "apps_under": str(tmp_path),
                                "calls_file": str(tmp_path / "calls.log")})
    return str(program), bin_dir


def spec_text(program: str, stages: dict[str, int], *, seconds: float = 2.0, extra: str = "") -> str:
    lines = []
    for name, n in stages.items():
        res = f"\n        resources: {{gpus: {n}}}" if n else ""
        lines.append(f"      {name}:\n        run: {sys.executable} job.py out/{name}.json {seconds}"
                     f"\n        done_when: {{exists: out/{name}.json}}{res}")
    return (f"name: gpus\nhost:\n  nvidia_smi: {program}\n  kernel_log: 'off'\n{extra}"
            "cancel_grace: 2s\nladder:\n  transient: {retries: 2}\nentities:\n  e:\n    stages:\n"
            + "\n".join(lines) + "\n")


def project(tmp_path: Path, text: str) -> Path:
    (tmp_path / "out").mkdir(exist_ok=True)
    (tmp_path / "job.py").write_text(JOB)
    return write_spec(tmp_path, text)


def records(tmp_path: Path) -> dict[str, dict]:
    return {p.stem: json.loads(p.read_text()) for p in (tmp_path / "out").glob("*.json")}


def test_six_stages_on_four_gpus_one_busy_with_another_users_process(tmp_path, host):
    program, bin_dir = host
    foreign = None
    if bin_dir is not None:  # another user's job on GPU 2: a real process the stand-in reports
        foreign = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"],
                                   env={**os.environ, "FOREIGN_GPU_JOB": "1", "CUDA_VISIBLE_DEVICES": "2"},
                                   cwd=tmp_path)
    try:
        stages = {"t1": 1, "t2": 1, "t3": 1, "t4": 1, "t5": 1, "big": 2}
        spec = project(tmp_path, spec_text(program, stages, seconds=1.0))  # launched in waves: the waits show
        run_dir = start_run(spec, tmp_path / "home", tmp_path)
        doc = forked_cli.tick_until(run_dir, tmp_path, timeout=120)
    finally:
        if foreign is not None:
            foreign.kill()
            foreign.wait()
    got = records(tmp_path)
    assert sorted(got) == sorted(stages)
    sets = {name: [int(i) for i in r["gpus"].split(",")] for name, r in got.items()}
    assert all(len(sets[n]) == stages[n] for n in stages), sets
    assert all(r["order"] == "PCI_BUS_ID" for r in got.values())
    if bin_dir is not None:
        assert all(2 not in s for s in sets.values()), sets
    # never two at once on one GPU; never more than 3 GPUs in use; some ran side by side
    moments = sorted({r["start"] for r in got.values()})
    side_by_side = 0
    for t in moments:
        live = [n for n, r in got.items() if r["start"] <= t < r["end"]]
        used = [i for n in live for i in sets[n]]
        assert len(used) == len(set(used)), (t, live, sets)
        if bin_dir is not None:
            assert len(used) <= 3
        side_by_side = max(side_by_side, len(live))
    assert side_by_side >= 2
    waits = [e for e in read_events(run_dir) if e["event"] == "waiting_for_gpus"]
    if bin_dir is not None:  # a real host with 7 or more GPUs free fits all six at once
        assert waits and "free" in waits[0]["reason"]
        assert any("not this run's" in e["reason"] for e in waits), waits
    assert doc["gpu_host"]["inventory"] is True
    assert all(st["gpus"] for st in doc["entities"]["e"]["stages"].values())


@standin_only
def test_a_gpu_lost_mid_run_gets_its_job_retried_on_another_gpu_and_stays_out(tmp_path, host):
    program, bin_dir = host
    update(bin_dir, gpus=[gpu(0), gpu(1)])
    spec = project(tmp_path, spec_text(program, {"slow": 1}, seconds=1.0))
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path)
    state = read_state(run_dir)
    first = state["entities"]["e"]["stages"]["slow"]["attempts"][0]
    assert first["gpus"] == [0]
    wait_for(lambda: (run_dir / first["dir"] / "started.json").exists(), timeout=20, what="attempt 1 to start")
    set_gpu(bin_dir, 0, lost=True)  # nvidia-smi: 'Unable to determine the device handle ... GPU is lost'
    doc = forked_cli.tick_until(run_dir, tmp_path, timeout=60)
    state = read_state(run_dir)
    attempts = state["entities"]["e"]["stages"]["slow"]["attempts"]
    assert [a["gpus"] for a in attempts] == [[0], [1]]
    assert attempts[0]["fault"]["label"] == "gpu_fault" and attempts[0]["fault"]["free"] is True
    assert records(tmp_path)["slow"]["gpus"] == "1"
    assert [o["index"] for o in state["gpus"]["out"]] == [0]
    kinds = [e["event"] for e in read_events(run_dir)]
    assert "gpu_out" in kinds and "gpu_fault" in kinds
    text = forked_cli.run("status", "--run", run_dir, cwd=tmp_path, check=True).stdout
    assert "OUT GPU 0" in text and "tianluo gpus --restore 0" in text
    assert doc["gpu_host"]["out"][0]["index"] == 0
    restored = forked_cli.run("gpus", "--run", run_dir, "--restore", "0", cwd=tmp_path)
    assert restored.returncode == 0, restored.stderr
    assert "GPU 0 is back in the pool" in restored.stdout
    assert read_state(run_dir)["gpus"]["out"] == []
    again = cli("gpus", "--run", run_dir, "--restore", "0", cwd=tmp_path)
    assert again.returncode == 2 and "not out of the pool" in again.stderr and "Traceback" not in again.stderr


@standin_only
def test_nvidia_smi_hanging_starts_nothing_on_gpus_and_says_why(tmp_path, host):
    program, bin_dir = host
    spec = project(tmp_path, spec_text(program, {"g": 1, "c": 0}, seconds=0.5,
                                       extra="  nvidia_smi_timeout: 1s\n"))
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    update(bin_dir, mode="hang")
    began = time.monotonic()
    forked_cli.run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert time.monotonic() - began < 15
    doc = forked_cli.status_json(run_dir, tmp_path)
    stages = doc["entities"]["e"]["stages"]
    assert stages["g"]["status"] == "pending" and "nvidia-smi does not answer" in stages["g"]["reason"]
    assert stages["c"]["status"] in ("submitted", "running", "succeeded")
    assert stages["c"]["gpus"] == []  # a CPU stage sees no GPU
    assert "did not answer" in doc["gpu_host"]["error"]
    update(bin_dir, mode="ok")
    forked_cli.tick_until(run_dir, tmp_path, timeout=60)
    assert records(tmp_path)["c"]["gpus"] == ""


@standin_only
def test_no_nvidia_smi_refuses_start_of_a_gpu_stage_but_plan_only_warns(tmp_path):
    missing = str(tmp_path / "no" / "nvidia-smi")
    spec = project(tmp_path, spec_text(missing, {"g": 1}))
    planned = cli("plan", spec, "--home", tmp_path / "home", cwd=tmp_path)
    assert planned.returncode in (0, 3), planned.stderr
    assert "has no" in planned.stdout + planned.stderr and "nvidia-smi" in planned.stdout + planned.stderr
    started = cli("start", spec, "--home", tmp_path / "home", "--trigger", "none", "--accept-defaults", cwd=tmp_path)
    assert started.returncode == 2
    assert len(started.stderr.strip().splitlines()) == 1 and "Traceback" not in started.stderr
    assert "resources.gpus" in started.stderr and "host: {gpus: [0, 1]}" in started.stderr
    assert not list((tmp_path / "home").glob("*/state.json"))
    # the spec names its GPUs: no nvidia-smi needed, nothing watched
    named = spec.read_text().replace("host:\n", "host:\n  gpus: [0, 1]\n")
    spec.write_text(named)
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path)
    forked_cli.tick_until(run_dir, tmp_path, timeout=60)
    assert records(tmp_path)["g"]["gpus"] == "0"


@standin_only
def test_a_tick_over_200_running_jobs_calls_nvidia_smi_once_per_query(tmp_path, host):
    program, bin_dir = host
    update(bin_dir, gpus=[gpu(i) for i in range(8)])
    calls = tmp_path / "calls.log"
    stages = {f"g{i}": 1 for i in range(8)} | {f"c{i}": 0 for i in range(192)}
    spec = project(tmp_path, spec_text(program, stages))
    run_dir = start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    from tianluo.shell.tick import run_tick

    calls.write_text("")
    backend = AllRunning()
    run_tick(run_dir, backend=backend)  # submits all 200 (8 on GPUs)
    assert len(backend.submitted) == 200
    calls.write_text("")
    run_tick(run_dir, backend=backend)  # watches 200 running jobs
    lines = calls.read_text().splitlines()
    assert sum("--query-gpu" in ln for ln in lines) == 1, lines
    assert sum("--query-compute-apps" in ln for ln in lines) == 1, lines
    state = read_state(run_dir)
    given = [st["attempts"][0]["gpus"] for st in state["entities"]["e"]["stages"].values()]
    assert sorted(g[0] for g in given if g) == list(range(8)) and given.count([]) == 192


class AllRunning:
    """A backend whose every job runs for ever: the tick's own cost is what is measured, not processes'."""

    def __init__(self):
        self.submitted: list[str] = []

    def submit(self, job):
        from tianluo.backends.base import Handle

        self.submitted.append(job.job_name)
        return Handle(job_id=str(len(self.submitted)), pid=None)

    def poll(self, jobs):
        from tianluo.backends.base import JobFacts
        from tianluo.models.states import JobState

        return {name: JobFacts(state=JobState.RUNNING, started_at="2026-01-01T00:00:00+00:00") for name in jobs}

    def find(self, job):
        return None

    def cancel(self, job, handle, sig):
        return []

    def hold(self, job, handle):
        return None

    def release(self, job, handle):
        return None


@standin_only
def test_nvidia_smi_found_on_start_path_is_run_from_there_by_ticks_with_a_bare_path(tmp_path, host):
    """cron and systemd tick with a bare PATH: the nvidia-smi start found is the one ticks run; one that is gone
    later stops GPU launches with a reason, never holds the stages."""
    program, bin_dir = host
    text = spec_text(program, {"g1": 1, "g2": 1}, seconds=0.5).replace(f"  nvidia_smi: {program}\n", "")
    spec = project(tmp_path, text)
    env = clean_env(PATH=f"{bin_dir}:{os.environ['PATH']}")
    proc = cli("start", spec, "--home", tmp_path / "home", "--trigger", "none", "--accept-defaults", "--no-tick",
               cwd=tmp_path, env=env, check=True)
    run_dir = Path(proc.stdout.strip().splitlines()[-1])
    assert read_state(run_dir)["plan"]["host"]["nvidia_smi_path"] == program
    Path(program).rename(bin_dir / "moved-away")
    forked_cli.run("tick", "--run", run_dir, cwd=tmp_path, check=True)  # the tests' own PATH: no nvidia-smi on it
    doc = forked_cli.status_json(run_dir, tmp_path)
    for name in ("g1", "g2"):
        st = doc["entities"]["e"]["stages"][name]
        assert st["status"] == "pending" and "is not there any more" in st["reason"], st
    (bin_dir / "moved-away").rename(program)
    forked_cli.tick_until(run_dir, tmp_path, timeout=60)
    assert sorted(r["gpus"] for r in records(tmp_path).values()) == ["0", "1"]
