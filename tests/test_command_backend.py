"""The command backend: templates checked at plan time, and real jobs through a real queue.

The queue is tests/tinyq.py (a small local batch queue: real detached jobs, a real lock, no
mocks); the same spec through the CLI (start, tick) end to end; and the real single-node
Slurm through sbatch/squeue/scancel/scontrol templates (marks slurm + integration).
"""

import json
import os
import shlex
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import forked_cli
import pytest
import yaml
from conftest import clean_env, cli, read_events, read_state, start_run, wait_for, write_spec
from pydantic import ValidationError

from tianluo.backends.base import Handle, JobSpec, SchedulerUnreachable, SubmitRejected
from tianluo.backends.command import (
    JOB_ID,
    OUTPUT_CAP,
    CommandBackend,
    CommandError,
    CommandOptions,
    resolve_at_start,
    run_command,
)
from tianluo.errors import TianluoError
from tianluo.models.states import JobState
from tianluo.plaintext import control_problem

TINYQ = Path(__file__).resolve().parent / "tinyq.py"
WORDS = {"QUEUED": "queued", "RUNNING": "running", "DONE": "ended", "FAILED": "ended", "CANCELLED": "ended"}


class Queue:
    """A tinyq queue in a test folder, and the command backend's options to drive it."""

    def __init__(self, root: Path):
        self.dir = root / "q"
        self.prefix = f"{sys.executable} {TINYQ} --dir {self.dir}"

    def __call__(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        proc = subprocess.run([sys.executable, str(TINYQ), "--dir", str(self.dir), *args], capture_output=True,
                              text=True, timeout=30, stdin=subprocess.DEVNULL)
        if check and proc.returncode != 0:
            raise AssertionError(f"tinyq {args} exited {proc.returncode}: {proc.stderr}")
        return proc

    def spec(self, find: bool = True, **over) -> dict:
        p = self.prefix
        spec = {
            "kind": "command",
            "submit": f"{p} submit --name {{job_name}} --output {{attempt_dir}}/job.out "
                      f"--error {{attempt_dir}}/job.err --chdir {{workdir}} {{script}}",
            "status": f"{p} status {{job_ids}}",
            "states": dict(WORDS),
            "ended_by": {"CANCELLED": "cancelled"},
            "cancel": f"{p} cancel {{job_id}}",
            "hold": f"{p} hold {{job_id}}",
            "release": f"{p} release {{job_id}}",
            "unreachable": "cannot reach the queue",
            "timeout": "10s",
        }
        if find:
            spec["find"] = f"{p} find --name {{job_name}}"
        spec.update(over)
        return spec

    def backend(self, run_dir: Path, find: bool = True, **over) -> CommandBackend:
        return CommandBackend(run_dir, CommandOptions(**self.spec(find, **over)))


@pytest.fixture
def q(tmp_path) -> Queue:
    return Queue(tmp_path)


def job(tmp_path: Path, label: str, command: str) -> JobSpec:
    return JobSpec(job_name=f"cmdtest-{label}", command=command, workdir=str(tmp_path),
                   attempt_dir=str(tmp_path / "attempts" / label / "1"))


def poll_until(backend: CommandBackend, jobs: dict, done, timeout: float = 20.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        facts = backend.poll(jobs)
        if done(facts):
            return facts
        if time.monotonic() > deadline:
            raise AssertionError(f"facts never came: {facts}")
        time.sleep(0.1)


def exited(facts: dict) -> bool:
    return all(f.state == JobState.EXITED for f in facts.values())


def status_calls(backend: CommandBackend) -> int:
    return sum(" status " in c for c in backend.calls)


# --- options: checked when the spec is read ---------------------------------------------------


@pytest.mark.parametrize("key, value, words", [
    ("submit", "qsub {job_id}", "{job_id} has no value in submit"),
    ("submit", "qsub -N {job_name}", "submit must use {script}"),
    ("submit", "qsub {scrpit}", "unknown placeholder {scrpit}"),
    ("submit", "qsub {script!r}", "a placeholder takes no format"),
    ("submit", "qsub '{script}'", "{script} is inside quotes"),
    ("submit", 'qsub "-N {job_name}" {script}', "{job_name} is inside quotes"),
    ("submit", "qsub {script", "unbalanced"),
    ("submit", "qsub 'x {script}", "inside quotes"),
    ("status", "qstat {job_id}", "{job_id} has no value in status"),
    ("status", "qstat | awk '{print}'", "unknown placeholder {print}; the placeholders are {job_name}"),
    ("status", "qstat | awk 'NR > 1 {next}'", "write it with spaces: { next }"),
    ("cancel", "qdel {{job_id}}", "braces are never doubled; write {job_id}"),
    ("cancel", "qdel {job_ids}", "{job_ids} has no value in cancel"),
    ("submit", "qsub\n{script}", "newline"),
    ("unreachable", "(a)\\1", "RE2"),
    ("unreachable", "refused\x1b[2Jcleared", "control characters"),  # a pattern is one plain line too
    ("forgotten", "Invalid job id\nspecified", "control characters"),
    ("timeout", "0s", "greater than 0"),
    ("timeout", "1h", "too long"),
    ("job_id_env", "PBS JOBID", "not an environment variable name"),
])
def test_a_bad_template_or_option_is_one_line_naming_it(q, key, value, words):
    with pytest.raises(ValidationError) as err:
        CommandOptions(**q.spec(**{key: value}))
    problem = err.value.errors()[0]
    assert problem["loc"][0] == key
    assert words in problem["msg"], problem["msg"]
    assert "\n" not in problem["msg"]


@pytest.mark.parametrize("over, words", [
    ({"states": {"R": "runing"}}, "queued"),
    ({"states": {"R U": "running"}}, "not a scheduler word"),
    ({"states": {}}, "at least 1"),
    ({"ended_by": {"RUNNING": "cancelled"}}, "RUNNING is a word states maps to running, not to ended"),
    ({"ended_by": {"FAILED": "crashed"}}, "time_limit"),
    ({"hold": None}, "give hold and release together"),
])
def test_the_state_table_maps_words_to_queued_running_or_ended_only(q, over, words):
    with pytest.raises(ValidationError) as err:
        CommandOptions(**q.spec(**over))
    assert words in str(err.value)


def test_capabilities_say_queue_and_hold_only_with_hold_and_release(q):
    caps = CommandOptions(**q.spec()).capabilities()
    assert caps.queue and caps.hold_in_queue and caps.unreachable
    assert not (caps.requeue or caps.accounting or caps.exclude_hosts or caps.resources or caps.event_ticks)
    assert not CommandOptions(**q.spec(hold=None, release=None)).capabilities().hold_in_queue


def test_start_checks_each_template_runs_a_program_on_path(q, tmp_path):
    good = CommandOptions(**q.spec())
    # the templates will run in the spec's folder, as its jobs do; nothing else is changed
    assert resolve_at_start(good, tmp_path / "spec.yaml") == good.model_copy(update={"folder": str(tmp_path)})
    bad = CommandOptions(**q.spec(status="no-such-qstat-here {job_ids}"))
    with pytest.raises(TianluoError, match=r"spec.yaml: backend.status: no-such-qstat-here is not on PATH"):
        resolve_at_start(bad, tmp_path / "spec.yaml")
    missing = CommandOptions(**q.spec(submit=f"SLURM_CONF=/x {tmp_path}/bin/qsub {{script}}"))
    with pytest.raises(TianluoError, match=rf"backend.submit: {tmp_path}/bin/qsub is not an executable file"):
        resolve_at_start(missing, tmp_path / "spec.yaml")
    direct = CommandOptions(**q.spec(submit="{script}"))  # the first word is a value: nothing to check
    assert resolve_at_start(direct, tmp_path / "spec.yaml").submit == direct.submit


# --- jobs through tinyq -----------------------------------------------------------------------


def test_jobs_that_exit_0_exit_1_and_die_of_a_signal_are_read_from_one_status_call(q, tmp_path):
    q("config", "--slots", "3")
    backend = q.backend(tmp_path)
    jobs = {j.job_name: j for j in (job(tmp_path, "ok", "echo fine"), job(tmp_path, "bad", "echo no >&2; exit 1"),
                                    job(tmp_path, "sig", "kill -9 $$"))}
    handles = {name: backend.submit(j) for name, j in jobs.items()}
    adir = Path(jobs["cmdtest-ok"].attempt_dir)
    assert (adir / JOB_ID).read_text().strip() == handles["cmdtest-ok"].job_id
    assert os.stat(adir / "job.sh").st_mode & 0o777 == 0o700
    backend.calls.clear()
    # the runner's exit record can land before tinyq's own bookkeeping says FAILED (a loaded machine): wait for both
    facts = poll_until(backend, {n: (j, handles[n]) for n, j in jobs.items()},
                       lambda f: exited(f) and f["cmdtest-bad"].scheduler_state != "RUNNING")
    assert (facts["cmdtest-ok"].exit_code, facts["cmdtest-ok"].signal) == (0, None)
    assert (facts["cmdtest-bad"].exit_code, facts["cmdtest-bad"].scheduler_state) == (1, "FAILED")
    assert facts["cmdtest-sig"].signal == signal.SIGKILL
    assert all(f.job_id == handles[n].job_id for n, f in facts.items())
    assert all(f.ended_by is None for f in facts.values())
    assert status_calls(backend) == len(backend.calls)  # each poll was one status call for all three
    assert (adir / "stdout").read_text() == "fine\n"  # the runner's own log, as under Slurm
    assert (Path(jobs["cmdtest-bad"].attempt_dir) / "stderr").read_text() == "no\n"


def test_a_hung_job_is_cancelled_through_the_queue_and_ends_cancelled(q, tmp_path):
    backend = q.backend(tmp_path)
    hang = job(tmp_path, "hang", "sleep 300")
    handle = backend.submit(hang)
    facts = poll_until(backend, {hang.job_name: (hang, handle)},
                       lambda f: f[hang.job_name].state == JobState.RUNNING)
    assert facts[hang.job_name].scheduler_state == "RUNNING" and facts[hang.job_name].started_at
    assert backend.cancel(hang, handle, signal.SIGTERM) == [handle.job_id]
    facts = poll_until(backend, {hang.job_name: (hang, handle)}, exited)
    f = facts[hang.job_name]
    assert (f.signal, f.ended_by, f.scheduler_state) == (signal.SIGTERM, "cancelled", "CANCELLED")
    assert "cancel" in backend.calls[-2]


def test_a_job_cancelled_outside_tianluo_is_ended_by_cancelled(q, tmp_path):
    backend = q.backend(tmp_path)
    hang = job(tmp_path, "outside", "sleep 300")
    handle = backend.submit(hang)
    poll_until(backend, {hang.job_name: (hang, handle)}, lambda f: f[hang.job_name].state == JobState.RUNNING)
    q("cancel", handle.job_id)
    f = poll_until(backend, {hang.job_name: (hang, handle)}, exited)[hang.job_name]
    assert f.ended_by == "cancelled" and f.signal == signal.SIGTERM


def test_a_job_waits_queued_behind_a_full_slot_then_runs(q, tmp_path):
    backend = q.backend(tmp_path)
    # the first job runs long enough that the second is still behind it when polled, on a loaded machine too (each
    # backend call starts a process: under CI's parallel shards three of them took more than 1.5 s)
    first, second = job(tmp_path, "first", "sleep 5"), job(tmp_path, "second", "echo second")
    h1, h2 = backend.submit(first), backend.submit(second)
    jobs = {first.job_name: (first, h1), second.job_name: (second, h2)}
    facts = backend.poll(jobs)
    assert facts[second.job_name].state == JobState.QUEUED
    assert facts[second.job_name].scheduler_state == "QUEUED"
    assert not (Path(second.attempt_dir) / "started.json").exists()
    facts = poll_until(backend, jobs, exited)
    assert facts[second.job_name].exit_code == 0
    assert json.loads((Path(second.attempt_dir) / "exit.json").read_text())["ended_at"] > \
        json.loads((Path(first.attempt_dir) / "exit.json").read_text())["ended_at"]


def test_a_held_job_stays_queued_until_released(q, tmp_path):
    backend = q.backend(tmp_path)
    first, second = job(tmp_path, "busy", "sleep 4"), job(tmp_path, "held", "echo released")  # still busy when held
    h1, h2 = backend.submit(first), backend.submit(second)
    assert backend.hold(second, h2) is not None
    poll_until(backend, {first.job_name: (first, h1)}, exited)
    time.sleep(0.3)
    assert backend.poll({second.job_name: (second, h2)})[second.job_name].state == JobState.QUEUED
    assert not (Path(second.attempt_dir) / "started.json").exists()
    assert backend.release(second, h2) is not None
    f = poll_until(backend, {second.job_name: (second, h2)}, exited)[second.job_name]
    assert f.exit_code == 0
    without = q.backend(tmp_path, hold=None, release=None)
    assert without.hold(second, h2) is None and without.release(second, h2) is None


# --- the lost tick: submitted, never recorded -------------------------------------------------


def test_a_job_submitted_but_not_recorded_is_found_by_name(q, tmp_path):
    backend = q.backend(tmp_path)
    lost = job(tmp_path, "lost", "sleep 0.5")
    handle = backend.submit(lost)
    (Path(lost.attempt_dir) / JOB_ID).unlink()  # only find can tell now
    fresh = q.backend(tmp_path)
    facts = fresh.poll({lost.job_name: (lost, None)})
    assert facts[lost.job_name].found is not None and facts[lost.job_name].found.job_id == handle.job_id
    assert fresh.find(lost).job_id == handle.job_id
    never = job(tmp_path, "never", "true")
    assert fresh.poll({never.job_name: (never, None)})[never.job_name].state == JobState.MISSING
    assert poll_until(fresh, {lost.job_name: (lost, handle)}, exited)[lost.job_name].exit_code == 0
    assert q("find", "--name", lost.job_name).stdout.split() == [handle.job_id]  # one job, never a second


def test_without_find_the_job_id_file_and_the_jobs_own_word_adopt_it(q, tmp_path):
    backend = q.backend(tmp_path, find=False, job_id_env="TINYQ_JOB_ID")
    lost = job(tmp_path, "nofind", "sleep 0.3")
    handle = backend.submit(lost)
    facts = backend.poll({lost.job_name: (lost, None)})
    assert facts[lost.job_name].found.job_id == handle.job_id  # from job_id
    poll_until(backend, {lost.job_name: (lost, handle)}, exited)
    (Path(lost.attempt_dir) / JOB_ID).unlink()  # the tick died before writing it; the job wrote its own
    assert (Path(lost.attempt_dir) / "job_id.seen").read_text().strip() == handle.job_id
    facts = backend.poll({lost.job_name: (lost, None)})
    assert facts[lost.job_name].found.job_id == handle.job_id and facts[lost.job_name].state == JobState.EXITED
    (Path(lost.attempt_dir) / "job_id.seen").unlink()  # the runner's claim names it too (started.json's job_id)
    assert backend.poll({lost.job_name: (lost, None)})[lost.job_name].found.job_id == handle.job_id
    (Path(lost.attempt_dir) / "started.json").unlink()
    f = backend.poll({lost.job_name: (lost, None)})[lost.job_name]
    assert f.state == JobState.MISSING and "no backend.find" in f.detail


# --- a queue that does not answer, refuses, hangs or floods ------------------------------------


def test_an_unreachable_queue_makes_every_fact_unreachable_with_one_call(q, tmp_path):
    q("config", "--slots", "3")
    backend = q.backend(tmp_path)
    jobs = [job(tmp_path, f"u{i}", "sleep 300") for i in range(3)]
    handles = [backend.submit(j) for j in jobs]
    q("down")
    try:
        fresh = q.backend(tmp_path)
        unrecorded = job(tmp_path, "u-unrecorded", "true")
        watched = {j.job_name: (j, h) for j, h in zip(jobs, handles, strict=True)}
        facts = fresh.poll({**watched, unrecorded.job_name: (unrecorded, None)})
        assert {f.state for f in facts.values()} == {JobState.UNREACHABLE}  # the unrecorded one is not MISSING
        assert "cannot reach the queue" in facts[jobs[0].job_name].detail
        assert len(fresh.calls) == 1
        with pytest.raises(SchedulerUnreachable):
            fresh.cancel(jobs[0], handles[0], signal.SIGTERM)
        with pytest.raises(SchedulerUnreachable):
            fresh.submit(job(tmp_path, "u-new", "true"))
        assert len(fresh.calls) == 1  # the rest of the tick asked nothing
        with pytest.raises(SchedulerUnreachable):  # a new tick asks again, and is told again
            q.backend(tmp_path).submit(job(tmp_path, "u-new", "true"))
    finally:
        q("up")
        for j, h in zip(jobs, handles, strict=True):
            backend.cancel(j, h, signal.SIGTERM)


def test_a_refused_submit_is_submit_rejected_with_the_queues_words(q, tmp_path):
    backend = q.backend(tmp_path)
    q("refuse-next")
    with pytest.raises(SubmitRejected, match="tinyq: submission refused: the queue's policy"):
        backend.submit(job(tmp_path, "refused", "true"))
    assert q("find", "--name", "cmdtest-refused").stdout == ""  # the queue took nothing


def test_a_status_that_hangs_is_unreachable_within_the_timeout_and_killed(q, tmp_path):
    pidfile = tmp_path / "sleeper.pid"
    backend = q.backend(tmp_path, status=f"sleep 60 & echo $! > {pidfile}; wait # {{job_ids}}", timeout="1s")
    j = job(tmp_path, "slow", "sleep 0.2")
    handle = backend.submit(j)
    t0 = time.monotonic()
    f = backend.poll({j.job_name: (j, handle)})[j.job_name]
    assert time.monotonic() - t0 < 10  # cut at 1 s, not the sleeper's minute (the rest: a loaded machine)
    assert f.state == JobState.UNREACHABLE and "did not answer within 1s" in f.detail
    pid = int(pidfile.read_text())
    wait_for(lambda: not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2],
             timeout=3, what="the sleeper killed with its group")


def test_a_status_flood_is_cut_not_read_whole_and_judges_nothing(q, tmp_path):
    backend = q.backend(tmp_path, status="yes '1 DONE' | head -c 10000000 # {job_ids}")
    j = job(tmp_path, "flood", "true")
    handle = backend.submit(j)
    t0 = time.monotonic()
    f = backend.poll({j.job_name: (j, handle)})[j.job_name]
    assert time.monotonic() - t0 < 30  # a hang detector: the flood is cut (below), not read whole
    assert f.state == JobState.UNREACHABLE and "cut" in f.detail  # never LOST on a half-read answer
    result = run_command("yes 0123456789 | head -c 10000000", 10)
    assert result.cut and len(result.out) == OUTPUT_CAP


def test_control_characters_and_unknown_words_in_status_are_shown_clean_and_taken_for_running(q, tmp_path):
    printer = tmp_path / "status.sh"
    printer.write_text("#!/bin/sh\nprintf '\\033[31m%s DONE\\n%s\\tRUN\\033]0;x\\007NING\\r\\n' \"$1\" \"$1\"\n")
    printer.chmod(0o755)
    backend = q.backend(tmp_path, status=f"{printer} {{job_ids}}")
    j = job(tmp_path, "odd", "sleep 0.2")
    handle = backend.submit(j)
    f = backend.poll({j.job_name: (j, handle)})[j.job_name]
    assert f.state in (JobState.STARTING, JobState.RUNNING)  # never resubmitted on a word not understood
    assert "not in backend.states" in f.detail
    assert control_problem(f.detail) is None and control_problem(f.scheduler_state) is None


def test_a_submit_printing_shell_text_as_its_id_is_rejected_and_never_run(q, tmp_path):
    planted = tmp_path / "planted"
    for printed in (f"$(touch {planted})", f"`touch {planted}`", f"12&&touch {planted}", f"'1' |touch {planted}", ""):
        backend = CommandBackend(tmp_path, CommandOptions(**q.spec(
            submit=f"X={shlex.quote(printed)}; printf '%s\\n' \"$X\" # {{script}}")))
        with pytest.raises(SubmitRejected, match="printed no job id"):
            backend.submit(job(tmp_path, "shelly", "true"))
        assert len(backend.calls) == 1
    assert not planted.exists()


def test_values_reach_the_shell_quoted(q, tmp_path):
    planted = tmp_path / "planted"
    backend = CommandBackend(tmp_path, CommandOptions(**q.spec(
        submit="echo {job_name} {attempt_dir} > /dev/null; echo 7 # {script}",
        cancel="echo {job_id} {job_name} > /dev/null")))
    odd = JobSpec(job_name=f"x;touch {planted};$(touch {planted})", command="true", workdir=str(tmp_path),
                  attempt_dir=str(tmp_path / "at tempt's $(dir)" / "1"))
    handle = backend.submit(odd)
    assert handle.job_id == "7"
    backend.cancel(odd, handle, signal.SIGTERM)
    assert not planted.exists()


def test_a_failing_cancel_is_an_error_the_tick_retries_not_unreachable(q, tmp_path):
    backend = q.backend(tmp_path)
    j = job(tmp_path, "gone", "true")
    with pytest.raises(CommandError, match="tinyq: no job 999"):
        backend.cancel(j, Handle(job_id="999"), signal.SIGTERM)


# --- end to end through the CLI, on tinyq -----------------------------------------------------


def spec_text(q: Queue, stages: str, find: bool = True, **over) -> str:
    backend = json.dumps(q.spec(find, **over))  # JSON is YAML
    return f"name: cmdq\nbackend: {backend}\nentities:\n  solo:\n    stages:\n{stages}"


PIPELINE = """\
      prep:
        run: echo prep > prep.txt
        done_when: {exists: prep.txt}
      work:
        needs: [prep]
        run: echo "ran $TIANLUO_ATTEMPT" >> work.log; test -f once || { touch once; exit 1; }; echo ok > work.txt
        done_when: {exists: work.txt}
"""


def test_a_pipeline_runs_through_the_cli_and_a_failed_attempt_is_retried(q, tmp_path):
    project = tmp_path / "proj"
    spec = write_spec(project, spec_text(q, PIPELINE))
    plan = cli("plan", spec, cwd=tmp_path, check=True)
    assert "backend command" in plan.stdout
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path)
    doc = forked_cli.tick_until(run_dir, tmp_path, timeout=60)
    stages = doc["entities"]["solo"]["stages"]
    assert stages["work"]["attempt"] == 2 and stages["prep"]["attempt"] == 1
    assert (project / "work.log").read_text() == "ran 1\nran 2\n"
    submitted = [e for e in read_events(run_dir) if e["event"] == "submitted"]
    assert [(e["stage"], e["attempt"]) for e in submitted] == [("prep", 1), ("work", 1), ("work", 2)]
    ids = [e["job_id"] for e in submitted]
    assert sorted(q("status", *ids).stdout.split()) == sorted(["1", "2", "3", "DONE", "FAILED", "DONE", "0", "1", "0"])
    assert read_state(run_dir)["plan"]["backend"]["kind"] == "command"


KILLED_TICK = """
import os, signal, sys
from tianluo.backends.command import CommandBackend

real_submit = CommandBackend.submit

def submit(self, job):
    handle = real_submit(self, job)
    os.kill(os.getpid(), signal.SIGKILL)  # the scheduler took the job; the handle is never recorded
    return handle

CommandBackend.submit = submit
from tianluo.cli import main
sys.exit(main(["tick", "--run", sys.argv[1]]))
"""


def killed_after_submit(q: Queue, tmp_path: Path, stage: str, find: bool) -> tuple[Path, Path, dict]:
    """A run whose first tick was killed between submit and record: (project, run folder, its attempt)."""
    project = tmp_path / "proj"
    spec = write_spec(project, spec_text(q, stage, find=find))
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    proc = subprocess.run([sys.executable, "-c", KILLED_TICK, str(run_dir)], cwd=tmp_path, env=clean_env(),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    attempt = read_state(run_dir)["entities"]["solo"]["stages"]["work"]["attempts"][0]
    assert attempt["handle"] is None
    return project, run_dir, attempt


@pytest.mark.parametrize("find", [True, False], ids=["by-find", "by-job-id-file"])
def test_a_tick_killed_between_submit_and_record_adopts_never_a_second_job(q, tmp_path, find):
    stage = "      work:\n        run: echo \"ran $TIANLUO_ATTEMPT\" >> counter.txt; echo done > done.txt\n" \
            "        done_when: {exists: done.txt}\n"
    project, run_dir, _ = killed_after_submit(q, tmp_path, stage, find)
    out = forked_cli.run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert "adopted" in out.stdout, out.stdout
    forked_cli.tick_until(run_dir, tmp_path, timeout=30)
    name = read_state(run_dir)["entities"]["solo"]["stages"]["work"]["attempts"][0]["job_name"]
    assert q("find", "--name", name).stdout.split() == ["1"]  # one job of that name, never a second
    assert (project / "counter.txt").read_text() == "ran 1\n"
    assert not any(e["event"] in ("relaunch", "submitted") for e in read_events(run_dir))


@pytest.mark.parametrize("find", [True, False], ids=["by-find", "by-job-id-file"])
def test_stop_cancel_after_a_tick_killed_between_submit_and_record_cancels_that_job(q, tmp_path, find):
    """The attempt has no handle; `stop --cancel` must still end its job, not leave it running unwatched."""
    stage = "      work:\n        run: sleep 60; echo done > done.txt\n        done_when: {exists: done.txt}\n"
    project, run_dir, attempt = killed_after_submit(q, tmp_path, stage, find)
    (job_id,) = q("find", "--name", attempt["job_name"]).stdout.split()
    out = forked_cli.run("stop", "--cancel", "--run", run_dir, cwd=tmp_path, check=True)
    assert "TERM" in out.stdout or "cancel" in out.stdout.lower(), out.stdout
    words = q("status", job_id).stdout.split()
    assert words[1] == "CANCELLED", words  # the queue's own word: tianluo's cancel reached it
    assert not (project / "done.txt").exists()


def test_an_unreachable_queue_launches_nothing_and_the_run_completes_once_it_is_back(q, tmp_path):
    project = tmp_path / "proj"
    spec = write_spec(project, spec_text(q, PIPELINE.replace("test -f once ||", "true ||")))
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    q("down")
    try:
        for _ in range(2):  # the submit fails (not refused); the next tick cannot look it up
            out = forked_cli.run("tick", "--run", run_dir, cwd=tmp_path, check=True)
        events = read_events(run_dir)
        assert not any(e["event"] == "submitted" for e in events), out.stdout
        failed = [e for e in events if e["event"] == "launch_failed"]
        assert failed and not any(e.get("refused") for e in failed)
        assert "cannot reach the queue" in failed[0]["message"]
        assert any(e["event"] == "scheduler_unreachable" for e in events), [e["event"] for e in events]
        assert read_state(run_dir)["entities"]["solo"]["stages"]["prep"]["attempt"] == 1
    finally:
        q("up")
    forked_cli.tick_until(run_dir, tmp_path, timeout=60)
    assert [e["attempt"] for e in read_events(run_dir) if e["event"] == "submitted"] == [1, 1]


def test_a_status_that_fails_only_for_forgotten_ids_is_read_as_an_answer(q, tmp_path):
    status = f"{q.prefix} status {{job_ids}}; echo 'Invalid job id specified' >&2; exit 1"
    j = job(tmp_path, "forgot", "true")
    handle = q.backend(tmp_path).submit(j)
    strict = q.backend(tmp_path, status=status)
    assert strict.poll({j.job_name: (j, handle)})[j.job_name].state == JobState.UNREACHABLE
    with pytest.raises(SchedulerUnreachable, match="exited 1: Invalid job id specified"):
        strict.cancel(j, handle, signal.SIGTERM)  # a failed status: nothing more is asked this tick
    assert len(strict.calls) == 1
    lenient = q.backend(tmp_path, status=status, forgotten="Invalid job id")
    assert poll_until(lenient, {j.job_name: (j, handle)}, exited)[j.job_name].exit_code == 0
    q("forget", handle.job_id)
    f = lenient.poll({j.job_name: (j, handle)})[j.job_name]
    assert f.state == JobState.EXITED and "no longer lists" in f.detail


def test_a_bad_backend_template_through_the_cli_is_one_line_naming_file_line_and_key(q, tmp_path):
    spec = write_spec(tmp_path / "proj", spec_text(q, PIPELINE, status=f"{q.prefix} status {{job_id}}"))
    proc = cli("plan", spec, cwd=tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1, proc.stderr
    assert f"{spec}:2: backend.status: {{job_id}} has no value in status" in proc.stderr


# --- the real single-node Slurm, through sbatch/squeue/scancel/scontrol templates -------------

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "command-slurm" / "tianluo.yaml"


def slurm_spec(stages: str, **over) -> str:
    """A spec with the backend of examples/command-slurm (its templates are what is tested) and these stages."""
    backend = {**yaml.safe_load(EXAMPLE.read_text())["backend"], **over}
    return (f"name: cmds-{uuid.uuid4().hex[:6]}\nbackend: {json.dumps(backend)}\n"
            f"entities:\n  solo:\n    stages:\n{stages}")


def test_the_slurm_example_is_a_valid_spec(tmp_path):
    proc = cli("plan", EXAMPLE, cwd=tmp_path)
    assert proc.returncode == 0 and "backend command" in proc.stdout, proc.stderr
    options = CommandOptions(**yaml.safe_load(EXAMPLE.read_text())["backend"])
    assert options.capabilities().hold_in_queue and options.describe() == "command (sbatch)"


def squeue_ids(name: str) -> list[str]:
    out = subprocess.run(["squeue", "--noheader", "--states=all", "--format=%i", f"--name={name}"],
                         capture_output=True, text=True, timeout=30, check=True).stdout
    return out.split()


@pytest.mark.slurm
@pytest.mark.integration
def test_slurm_through_templates_runs_a_pipeline_and_retries_a_failed_job(slurm, tmp_path):
    project = tmp_path / "proj"
    spec = write_spec(project, slurm_spec(PIPELINE))
    run_dir = start_run(spec, tmp_path / "home", project)
    doc = forked_cli.tick_until(run_dir, project, timeout=90, pace=0.5)
    stages = doc["entities"]["solo"]["stages"]
    assert (stages["prep"]["attempt"], stages["work"]["attempt"]) == (1, 2)
    assert (project / "work.log").read_text() == "ran 1\nran 2\n"
    submitted = [e for e in read_events(run_dir) if e["event"] == "submitted"]
    assert len(submitted) == 3 and all(e["job_id"].isdigit() for e in submitted)
    first = run_dir / "attempts" / "solo" / "work" / "1"
    assert (first / "job_id.seen").read_text().strip() == submitted[1]["job_id"]  # SLURM_JOB_ID, from the job
    assert json.loads((first / "exit.json").read_text())["job_id"] == submitted[1]["job_id"]
    # a single forgotten id makes squeue -j fail: read as an answer (forgotten), not as an outage
    backend = CommandBackend(run_dir, CommandOptions(**yaml.safe_load(EXAMPLE.read_text())["backend"]))
    gone = JobSpec(job_name="cmds-gone", command="true", workdir=str(tmp_path), attempt_dir=str(tmp_path / "gone"))
    assert backend.poll({"cmds-gone": (gone, Handle(job_id="99999999"))})["cmds-gone"].state == JobState.LOST


@pytest.mark.slurm
@pytest.mark.integration
def test_slurm_through_templates_a_killed_tick_adopts_by_find(slurm, tmp_path):
    project = tmp_path / "proj"
    stage = "      work:\n        run: echo \"ran $TIANLUO_ATTEMPT\" >> counter.txt; echo done > done.txt\n" \
            "        done_when: {exists: done.txt}\n"
    spec = write_spec(project, slurm_spec(stage, job_id_env=None))
    run_dir = forked_cli.start_run(spec, tmp_path / "home", project, "--no-tick")
    proc = subprocess.run([sys.executable, "-c", KILLED_TICK, str(run_dir)], cwd=project, env=clean_env(),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    adir = run_dir / "attempts" / "solo" / "work" / "1"
    (adir / JOB_ID).unlink()  # as if the tick died a moment earlier: only find can tell
    out = forked_cli.run("tick", "--run", run_dir, cwd=project, check=True)
    assert "adopted" in out.stdout, out.stdout
    forked_cli.tick_until(run_dir, project, timeout=60, pace=0.5)
    name = read_state(run_dir)["entities"]["solo"]["stages"]["work"]["attempts"][0]["job_name"]
    assert len(squeue_ids(name)) == 1  # one Slurm job of that name, never a second
    assert (project / "counter.txt").read_text() == "ran 1\n"


@pytest.mark.slurm
@pytest.mark.integration
def test_slurm_through_templates_a_refused_submit_is_held_with_sbatchs_words(slurm, tmp_path):
    project = tmp_path / "proj"
    backend = yaml.safe_load(EXAMPLE.read_text())["backend"]
    spec = write_spec(project, slurm_spec("      work:\n        run: \"true\"\n",
                                          submit=backend["submit"].replace("{script}", "--partition=nope {script}")))
    run_dir = forked_cli.start_run(spec, tmp_path / "home", project, "--no-tick")
    for _ in range(4):
        forked_cli.run("tick", "--run", run_dir, cwd=project, check=True)
    failed = [e for e in read_events(run_dir) if e["event"] == "launch_failed"]
    assert failed and failed[0].get("refused"), failed
    assert "sbatch: error: invalid partition specified: nope; sbatch: error: Batch job submission failed: " \
           "Invalid partition name specified" in failed[0]["message"]
    doc = forked_cli.tick_until(run_dir, project, phases=("blocked",), timeout=30)
    work = doc["entities"]["solo"]["stages"]["work"]
    assert work["status"] == "held" and work["fault"]["label"] == "submit_rejected", work


@pytest.mark.slurm
@pytest.mark.integration
def test_slurm_through_templates_an_unreachable_controller_launches_nothing_then_completes(slurm, tmp_path):
    project = tmp_path / "proj"
    spec = write_spec(project, slurm_spec(PIPELINE.replace("test -f once ||", "true ||"), timeout="10s"))
    run_dir = forked_cli.start_run(spec, tmp_path / "home", project, "--no-tick")
    slurm.stop_ctld()
    try:
        for _ in range(2):
            t0 = time.monotonic()
            forked_cli.run("tick", "--run", run_dir, cwd=project, check=True)
            assert time.monotonic() - t0 < 25
        events = read_events(run_dir)
        assert not any(e["event"] == "submitted" for e in events)
        failed = [e for e in events if e["event"] == "launch_failed"]
        assert failed and not any(e.get("refused") for e in failed), failed
        assert any(e["event"] == "scheduler_unreachable" for e in events), [e["event"] for e in events]
    finally:
        slurm.start_ctld()
    slurm.wait_idle()
    forked_cli.tick_until(run_dir, project, timeout=90, pace=0.5)
    assert [e["stage"] for e in read_events(run_dir) if e["event"] == "submitted"] == ["prep", "work"]


def test_tianluo_hold_holds_a_queued_job_in_the_queue_and_release_lets_it_run(q, tmp_path):
    stages = ("      work:\n        run: while [ ! -f go ]; do sleep 0.05; done; echo ok > {entity}.done\n"
              "        done_when: {exists: '{entity}.done'}\n")
    text = spec_text(q, stages).replace("entities:\n  solo:\n    stages:\n" + stages,
                                        "entities:\n" + "".join(f"  {e}:\n    stages:\n{stages}" for e in ("a", "b")))
    spec = write_spec(tmp_path / "proj", text)
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path)  # one tick: both submitted, one slot
    jobs = {e: read_state(run_dir)["entities"][e]["stages"]["work"]["attempts"][0]["handle"]["job_id"] for e in "ab"}
    words = dict(line.split()[:2] for line in q("status", *jobs.values()).stdout.splitlines())
    waiting = next(e for e, i in jobs.items() if words[i] == "QUEUED")
    held = forked_cli.run("hold", waiting, "--run", run_dir, "--reason", "not yet", cwd=tmp_path, check=True)
    assert f"hold {jobs[waiting]}" in held.stdout + held.stderr
    assert [e["entity"] for e in read_events(run_dir) if e["event"] == "queue_hold"] == [waiting]
    other = "b" if waiting == "a" else "a"
    (tmp_path / "proj" / "go").touch()
    wait_for(lambda: (tmp_path / "proj" / f"{other}.done").exists(), timeout=20, what="the running job")
    time.sleep(0.5)
    assert q("status", jobs[waiting]).stdout.split()[1] == "QUEUED"  # its slot is free; the hold keeps it
    forked_cli.run("release", waiting, "--run", run_dir, cwd=tmp_path, check=True)
    assert [e["entity"] for e in read_events(run_dir) if e["event"] == "queue_release"] == [waiting]
    forked_cli.tick_until(run_dir, tmp_path, timeout=30)
    assert read_state(run_dir)["total_attempts"] == 2  # nothing resubmitted


def test_start_refuses_a_template_whose_program_is_not_on_path_in_one_line(q, tmp_path):
    spec = write_spec(tmp_path / "proj", spec_text(q, PIPELINE, cancel="no-such-qdel-here {job_id}"))
    proc = cli("start", spec, "--home", tmp_path / "home", "--trigger", "none", "--accept-defaults", cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip() == f"tianluo: {spec}: backend.cancel: no-such-qdel-here is not on PATH; install it, " \
                                  "give its full path, or start from a shell whose PATH has it"
    assert not (tmp_path / "home").exists() or not any((tmp_path / "home").glob("*/state.json"))


def test_ids_beyond_one_kernel_argument_are_asked_in_as_few_calls_as_fit(q, tmp_path):
    backend = q.backend(tmp_path, status="printf '%s DONE\\n' {job_ids}")
    jobs = {f"n{i}": (job(tmp_path, f"n{i}", "true"), Handle(job_id=str(10_000_000 + i))) for i in range(12_000)}
    facts = backend.poll(jobs)  # 12,000 quoted ids: ~130 KB, more than /bin/sh -c takes in one argument
    assert len(backend.calls) == 2 and all(len(c) < 100_000 for c in backend.calls)
    assert {f.state for f in facts.values()} == {JobState.LOST}  # each id answered DONE, and none left an exit.json
    assert {f.scheduler_state for f in facts.values()} == {"DONE"}
