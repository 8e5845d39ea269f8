"""The kernel's OOM killer read back after a local attempt failed (tianluo.shell.oom_kills).

First the reading on its own (real /dev/kmsg records, pids a log names, files that are not the
kernel's log), then the pure half (classify with the kernel's records), then real jobs under
real ticks: each runs in a memory cgroup of its own, 64 MiB, and asks for more, so the kernel's
OOM killer kills it (or its worker) and writes its record; the tick must call it host_oom with
that record as evidence. The cgroup tests need root and a writable memory controller; they skip,
saying so, where the machine has neither.
"""

import json
import os
import sys
from pathlib import Path

import forked_cli
import pytest
from conftest import wait_for, write_spec
from forked_cli import run

from tianluo.faults.classify import Evidence, classify
from tianluo.models.states import FaultClass
from tianluo.shell import oom_kills as oom_kills_module
from tianluo.shell.logscan import LogLine
from tianluo.shell.oom_kills import KernelKills, boot_time, named_pids, parse_record

# Records as /dev/kmsg gave them on this project's development machine (Linux 6.18), after a
# python3 in a 64 MiB memory cgroup asked for 300 MiB: the kernel's words, byte for byte.
KILL_RECORD = (b"3,468,70159980878,-;Memory cgroup out of memory: Killed process 19187 (python3) total-vm:323768kB, "
               b"anon-rss:65152kB, file-rss:6548kB, shmem-rss:0kB, UID:0 pgtables:180kB oom_score_adj:0\n")
CONSTRAINT_RECORD = (b"6,467,70159980851,-;oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,"
                     b"mems_allowed=0,oom_memcg=/process_api/0197cf9adf08edb16cf507ba92136060/tl-oom-probe,"
                     b"task_memcg=/process_api/0197cf9adf08edb16cf507ba92136060/tl-oom-probe,task=python3,pid=19187,"
                     b"uid=0\n")


def test_a_kill_record_gives_its_time_pid_and_text():
    at, pid, text = parse_record(KILL_RECORD)
    assert (round(at, 3), pid) == (70159.981, 19187)
    assert text.startswith("Memory cgroup out of memory: Killed process 19187 (python3) total-vm:323768kB")
    assert "\n" not in text and len(text) <= 300


@pytest.mark.parametrize("record", [
    CONSTRAINT_RECORD,  # the constraint line comes first; the kill is its own record
    b"6,1,2,-;Killed process x (python3)",
    b"6,1,-5,-;Out of memory: Killed process 12 (python3)",  # no time
    b"no header Killed process 12 (python3)",
    b"6,1,2,-;Out of memory: Killed process 99999999999999999 (x)",  # not a pid
])
def test_other_records_and_damaged_ones_are_not_kills(record):
    assert parse_record(record) is None


def test_a_process_name_cannot_smuggle_lines_or_controls_into_the_text():
    _, _, text = parse_record(b"3,1,5,-;Out of memory: Killed process 7 (a\x1b[2Jb\tc) total-vm:1kB\n\nforged line")
    assert "\x1b" not in text and "forged" not in text


@pytest.mark.parametrize(("line", "pids"), [
    # torch's DataLoader (two wordings) and torchrun's elastic agent
    ("RuntimeError: DataLoader worker (pid 12345) is killed by signal: Killed.", {12345}),
    ("RuntimeError: DataLoader worker (pid(s) 1234, 5678) exited unexpectedly", {1234, 5678}),
    ("E0526 11:02:25.394000 139939038151872 torch/distributed/elastic/multiprocessing/api.py:826] failed "
     "(exitcode: -9) local_rank: 1 (pid: 14447) of binary: /usr/bin/python3", {14447}),
    ("task=python3,pid=19187,uid=0", {19187}),
    ("rapid growth of loss: no pid here", set()),
])
def test_the_pids_a_log_names(line, pids):
    assert named_pids([f"step 1\n{line}\n"]) == pids


def test_a_flood_of_pids_is_capped():
    text = "\n".join(f"worker (pid {n}) exited" for n in range(1, 500))
    assert len(named_pids([text])) == 64


def test_only_the_kernels_log_device_is_read(tmp_path):
    plain = tmp_path / "kmsg"
    plain.write_bytes(KILL_RECORD)
    link = tmp_path / "link"
    link.symlink_to(plain)
    assert KernelKills(str(plain)).of({19187}, 0, 1e12) == ((), f"{plain} is not the kernel's log device: not read")
    found, note = KernelKills(str(link)).of({19187}, 0, 1e12)
    assert found == () and "symbolic link" in note
    found, note = KernelKills(str(tmp_path / "none")).of({19187}, 0, 1e12)
    assert found == () and "cannot be read" in note
    assert KernelKills(str(plain)).of(set(), 0, 1e12) == ((), None)  # nothing to look for: nothing opened


def test_a_tick_reads_the_ring_buffer_once_for_all_its_failed_attempts(monkeypatch):
    reads = []
    at = 1000.0  # seconds since boot
    monkeypatch.setattr(oom_kills_module, "read_kills",
                        lambda path: reads.append(path) or (((at, 19187, "Killed process 19187 (python3)"),), None))
    kernel = KernelKills()
    when = boot_time() + at
    assert kernel.of({19187}, when - 60, when + 60) == (("Killed process 19187 (python3)",), None)
    assert kernel.of({4242}, when - 60, when + 60) == ((), None)  # another attempt's pids: not it
    assert kernel.of({19187}, when + 3600, when + 7200) == ((), None)  # killed before this attempt began
    assert len(reads) == 1


# --- the pure half ------------------------------------------------------------------------------------------

RECORD = ("Out of memory: Killed process 4123 (python3) total-vm:45323768kB, anon-rss:30065152kB, file-rss:6548kB, "
          "shmem-rss:0kB, UID:1000 pgtables:180kB oom_score_adj:0")


@pytest.mark.parametrize(("evidence", "label"), [
    (dict(state="exited", signal=9), "signal_sigkill"),
    (dict(state="exited", exit_code=1, lines=(LogLine(file="stderr", offset=0, rules=(), text=(
        "RuntimeError: DataLoader worker (pid 4123) is killed by signal: Killed.")),)), "signal_sigkill"),
    (dict(state="exited", exit_code=137), "signal_sigkill"),
])
def test_the_kernels_record_names_an_unexplained_kill(evidence, label):
    assert classify(Evidence(**evidence)).label != "host_oom"  # without the kernel's word: unknown
    fault = classify(Evidence(**evidence, oom_killed=(RECORD,)))
    assert (fault.klass, fault.label) == (FaultClass.CONFIG, "host_oom")
    assert fault.evidence.startswith("the kernel's OOM killer: Out of memory: Killed process 4123 (python3)")


def test_a_cause_the_log_names_keeps_its_label_beside_a_kill():
    oom = LogLine(file="stderr", offset=0, rules=(), text="torch.OutOfMemoryError: CUDA out of memory. Tried to "
                  "allocate 2.00 GiB")
    fault = classify(Evidence(state="exited", exit_code=1, lines=(oom,), oom_killed=(RECORD,)))
    assert fault.label == "cuda_oom"


# --- real jobs, real kernel, real ticks ----------------------------------------------------------------------

LIMIT = 64 * 1024 * 1024


def _memory_cgroup() -> Path | None:
    """This process's memory cgroup folder (v1's memory controller, or v2's unified tree), when root may make one
    under it; None otherwise."""
    if os.geteuid() != 0 or not os.access("/dev/kmsg", os.R_OK):
        return None
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        num, controllers, path = line.split(":", 2)
        if "memory" in controllers.split(","):
            folder = Path("/sys/fs/cgroup/memory") / path.lstrip("/")
            if (folder / "memory.limit_in_bytes").exists():
                return folder
        if num == "0" and controllers == "":
            for root in (Path("/sys/fs/cgroup"), Path("/sys/fs/cgroup/unified")):
                folder = root / path.lstrip("/")
                if "memory" in (folder / "cgroup.subtree_control").read_text().split() if (
                        folder / "cgroup.subtree_control").exists() else False:
                    return folder
    return None


@pytest.fixture
def small_cgroup(tmp_path):
    parent = _memory_cgroup()
    if parent is None:
        pytest.skip("needs root, a readable /dev/kmsg and a memory cgroup to make one under")
    folder = parent / f"tianluo-test-{os.getpid()}-{tmp_path.name}"
    try:
        folder.mkdir()
        limit = folder / ("memory.limit_in_bytes" if (folder / "memory.limit_in_bytes").exists() else "memory.max")
        limit.write_text(str(LIMIT))
        swap = folder / ("memory.memsw.limit_in_bytes" if (folder / "memory.memsw.limit_in_bytes").exists()
                         else "memory.swap.max")
        if swap.exists():
            swap.write_text(str(LIMIT) if swap.name.startswith("memory.memsw") else "0")
    except OSError as exc:
        pytest.skip(f"cannot make a memory cgroup under {parent}: {exc}")
    yield folder
    wait_for(lambda: not (folder / "cgroup.procs").read_text().strip(), timeout=30, what="the cgroup to empty")
    folder.rmdir()


HOG = """\
import os, subprocess, sys, time
if sys.argv[1:] == ["slow"]:  # asks for more once the test says so (a tick has seen it run first)
    while not os.path.exists("go"):
        time.sleep(0.05)
    block = b"x" * (400 << 20)
    sys.exit(0)
if sys.argv[1:] == ["worker"]:
    block = b"x" * (400 << 20)  # written, so every page counts
    sys.exit(0)
if sys.argv[1:] == ["parent"]:
    child = subprocess.Popen([sys.executable, "hog.py", "worker"])
    if child.wait() != 0:
        print(f"RuntimeError: DataLoader worker (pid {child.pid}) is killed by signal: Killed.", file=sys.stderr)
        sys.exit(1)
block = b"x" * (400 << 20)
"""


@pytest.mark.integration
def test_a_job_the_kernel_kills_for_memory_is_named_host_oom_by_the_kernels_own_record(tmp_path, small_cgroup):
    """Three shapes: the command itself killed (its pid is the one the runner recorded), a worker killed under a
    parent that reports it with its pid, and a program under a shell wrapper killed after a tick saw it run (no
    record and no log line names its pid: only the process tree the tick saw does)."""
    proj = tmp_path / "proj"
    into = f"echo $$ > {small_cgroup}/cgroup.procs && "
    spec = write_spec(proj, f"""\
name: oom-kills
entities:
  leader:
    stages:
      train:
        run: {into} exec {sys.executable} hog.py
        done_when: {{exists: 'never.done'}}
  worker:
    stages:
      train:
        run: {into} exec {sys.executable} hog.py parent
        done_when: {{exists: 'never.done'}}
  wrapped:
    stages:
      train:
        run: {into} sh -c "{sys.executable} hog.py slow; exit 9"
        done_when: {{exists: 'never.done'}}
""")
    (proj / "hog.py").write_text(HOG)
    home = tmp_path / "home"
    run("plan", spec, "--home", home, cwd=tmp_path, check=True)
    run_dir = forked_cli.start_run(spec, home, tmp_path)
    ended = {e: run_dir / "attempts" / e / "train" / "1" / "exit.json" for e in ("leader", "worker", "wrapped")}
    wait_for(lambda: ended["leader"].exists() and ended["worker"].exists(), timeout=120, what="two attempts to end")
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)  # sees the wrapped one run: its tree is kept
    wrapped = forked_cli.status_json(run_dir, tmp_path)["entities"]["wrapped"]["stages"]["train"]
    assert wrapped["status"] == "running", wrapped
    (proj / "go").write_text("")
    wait_for(lambda: ended["wrapped"].exists(), timeout=120, what="the wrapped attempt to end")
    exit_record = json.loads(ended["wrapped"].read_text())
    assert exit_record["exit_code"] == 9  # the wrapper outlived the kill: no signal in its record
    # the first tick gave the leader and the worker their one config retry: the next tick holds them once those
    # second attempts have ended too (on a loaded host they may still be starting when the wrapped one ends)
    again = [run_dir / "attempts" / e / "train" / "2" / "exit.json" for e in ("leader", "worker")]
    wait_for(lambda: all(p.exists() for p in again), timeout=120, what="the leader's and worker's retries to end")
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    doc = forked_cli.status_json(run_dir, tmp_path)
    for entity in ("leader", "worker", "wrapped"):
        st = doc["entities"][entity]["stages"]["train"]
        assert (st["fault"]["class"], st["fault"]["label"]) == ("config", "host_oom"), (entity, st["fault"])
        assert "the kernel's OOM killer: Memory cgroup out of memory: Killed process" in st["fault"]["evidence"]
    worker = doc["entities"]["worker"]["stages"]["train"]["fault"]["evidence"]
    assert "DataLoader worker (pid" in worker  # the log's own line is kept beside the kernel's record
    state = json.loads((run_dir / "state.json").read_text())
    seen = state["entities"]["wrapped"]["stages"]["train"]["attempts"][0]["pids"]
    assert len(seen) >= 3  # the runner, the wrapper's shells, the program the kernel killed
    # the held stages' failure analysis shows the kernel's word as a layer of its own
    analysis = (run_dir / "failures" / "leader__analysis.md").read_text()
    assert "- kernel: Memory cgroup out of memory: Killed process" in analysis, analysis
