"""``tianluo backend check``: a command backend's status and find run as a tick would, on tinyq, through the CLI
(in a fork of the test process, tests/forked_cli.py; the first refusal a real process).

The queue is reached as ``tinyq`` on PATH (a wrapper script), as a scheduler's command would be, so the
check's stand-in for a down scheduler can take its place. Grid Engine's preset is checked on the real
cluster in tests/test_sge_pipeline.py.
"""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import clean_env, cli, one_line_error, write_spec
from forked_cli import run
from test_command_backend import TINYQ, WORDS

pytestmark = pytest.mark.integration


class Setup:
    def __init__(self, tmp_path: Path):
        self.tmp_path = tmp_path
        self.queue = tmp_path / "q"
        bindir = tmp_path / "bin"
        bindir.mkdir()
        wrapper = bindir / "tinyq"
        wrapper.write_text(f'#!/bin/sh\nexec {sys.executable} {TINYQ} --dir {self.queue} "$@"\n')
        wrapper.chmod(0o755)
        self.env = clean_env(PATH=f"{bindir}{os.pathsep}{os.environ['PATH']}")

    def spec(self, **over) -> Path:
        backend = {"kind": "command", "submit": "tinyq submit --name {job_name} {script}",
                   "status": "tinyq status {job_ids}", "states": WORDS, "cancel": "tinyq cancel {job_id}",
                   "find": "tinyq find --name {job_name}", "unreachable": "cannot reach the queue",
                   "forgotten": "no job", "job_id_env": "TINYQ_JOB_ID", "timeout": "5s", **over}
        backend = {k: v for k, v in backend.items() if v is not None}
        return write_spec(self.tmp_path / "proj", f"name: chk\nbackend: {json.dumps(backend)}\n"
                          "entities:\n  a:\n    stages:\n      s: {run: 'true'}\n")

    def check(self, spec: Path, *extra: str):
        return run("backend", "check", spec, *extra, cwd=self.tmp_path, env=self.env)

    def tinyq(self, *args: str) -> None:
        subprocess.run(["tinyq", *args], env=self.env, check=True, capture_output=True, timeout=30)

    def jobs(self) -> dict:
        path = self.queue / "queue.json"
        return json.loads(path.read_text())["jobs"] if path.exists() else {}


@pytest.fixture
def setup(tmp_path) -> Setup:
    return Setup(tmp_path)


def lines(proc) -> dict[str, str]:
    """check name -> its verdict and detail."""
    return dict(ln.split(": ", 1) for ln in proc.stdout.splitlines()[:-1])


def test_templates_that_keep_the_contract_pass_and_nothing_is_submitted(setup):
    setup.tinyq("up")
    proc = setup.check(setup.spec())
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = lines(proc)
    assert got["status"].startswith("ok: answered for a job id that cannot exist (exit")
    assert got["find"].startswith("ok: printed nothing for a name never used (exit 0")
    assert got["status with the scheduler down"].startswith("ok: fails when tinyq fails")
    assert got["find with the scheduler down"].startswith("ok: fails when tinyq fails")
    assert proc.stdout.splitlines()[-1].endswith("every check passed (nothing was submitted or cancelled)")
    assert setup.jobs() == {}
    doc = json.loads(setup.check(setup.spec(), "--json").stdout)
    assert doc["version"] == 1 and doc["ok"] is True and len(doc["checks"]) == 4
    assert {c["name"] for c in doc["checks"]} >= {"status", "find"} and all(c["ok"] for c in doc["checks"])


def test_a_status_that_exits_0_while_the_scheduler_is_down_fails(setup):
    """`... || true` hides the failure: while the queue is down it answers 'no jobs', which passes as an answer;
    the stand-in shows it, and the check fails. The same template without `|| true` finds the queue down."""
    setup.tinyq("up")
    setup.tinyq("down")
    hiding = setup.check(setup.spec(status="tinyq status {job_ids} || true"))
    assert hiding.returncode == 1, hiding.stdout + hiding.stderr
    got = lines(hiding)
    assert got["status"].startswith("ok:")  # it does exit 0 and print nothing...
    down = got["status with the scheduler down"]  # ...but so it would with the scheduler down
    assert down.startswith("FAIL: exits 0 when tinyq fails as a down scheduler's does") and "|| true" in down
    sound = setup.check(setup.spec())
    assert sound.returncode == 1
    assert lines(sound)["status"].startswith("FAIL: the scheduler counts as unreachable: backend.status: tinyq: ")
    assert "cannot reach the queue" in lines(sound)["status"]


def test_a_find_that_names_a_job_for_any_name_fails(setup):
    setup.tinyq("up")
    proc = setup.check(setup.spec(find="echo 42 {job_name}"))
    assert proc.returncode == 1
    got = lines(proc)
    assert got["find"].startswith("FAIL: printed 42 for tianluo-check-") and "adopt that job" in got["find"]
    assert got["find with the scheduler down"].startswith("not checked: its program is not its first word")


def test_a_template_that_does_not_answer_is_cut_at_the_timeout(setup):
    setup.tinyq("up")
    t0 = time.monotonic()
    proc = setup.check(setup.spec(status="sleep 30 {job_ids}", timeout="1s", find=None))
    assert time.monotonic() - t0 < 15
    assert proc.returncode == 1
    got = lines(proc)
    assert "did not answer within 1s" in got["status"]
    assert got["find"].startswith("not checked: not given")


@pytest.mark.parametrize("case", ["missing", "not-command", "bad-spec", "show-no-preset"])
def test_bad_input_is_one_line_and_exit_2(setup, case):
    if case == "missing":
        proc = cli("backend", "check", "nowhere.yaml", cwd=setup.tmp_path, env=setup.env)  # the first a real process
        assert "nowhere.yaml: no such spec file" in one_line_error(proc)
    elif case == "not-command":
        spec = write_spec(setup.tmp_path / "p", "name: x\nentities:\n  a:\n    stages:\n      s: {run: 'true'}\n")
        proc = run("backend", "check", spec, cwd=setup.tmp_path, env=setup.env)
        assert "backend: local is not the command backend" in one_line_error(proc)
    elif case == "bad-spec":
        proc = setup.check(setup.spec(status="tinyq status {jobids}"))
        assert "backend.status" in one_line_error(proc)
    else:
        proc = run("backend", "show", cwd=setup.tmp_path, env=setup.env)
        assert "backend show: give a preset: sge, pbs, lsf" in one_line_error(proc)


def test_a_program_no_file_can_stand_in_for_is_not_checked_and_nothing_is_written_outside(setup):
    proc = setup.check(setup.spec(find=".. find {job_name}"))
    assert proc.returncode == 1, proc.stdout + proc.stderr  # '..' is not there to run: unreachable
    assert "Traceback" not in proc.stderr
    assert lines(proc)["find with the scheduler down"].startswith("not checked: its program (..) is no plain name")
