"""On a real Grid Engine: a qmaster that is down, or that the clients cannot find, is an unreachable scheduler.

Son of Grid Engine's clients say so in many words (tests/test_backend_presets.py keeps them verbatim):
a stopped qmaster, a wrong port, a missing or empty ``act_qmaster``, a wrong ``SGE_CELL`` or
``SGE_ROOT``. Each is tried here with the real ``qstat``, ``qsub`` and ``qdel`` through the sge
preset: ``status`` and ``find`` make every fact *unreachable*, and ``submit`` and ``cancel``
raise ``SchedulerUnreachable``, never a refusal (a refused submit is judged the job's own
fault and climbs the ladder to a hold; a refused KILL counts towards holding the stage).

The broken cells are copies of the session cluster's, in its SGE_ROOT: the cluster itself keeps running.
"""

import shutil
import signal
import socket
from pathlib import Path

import pytest

from tianluo.backends.base import Handle, JobSpec, SchedulerUnreachable
from tianluo.backends.command import CommandBackend, CommandOptions
from tianluo.models.states import JobState

pytestmark = [pytest.mark.integration, pytest.mark.sge]

def broken_cell(sge, tmp_path: Path, name: str, breaks) -> dict:
    """The cluster's environment with SGE_CELL a copy of its cell, broken by ``breaks(common)``."""
    cell = f"{sge.cell}-{name}"
    copy = sge.root / cell
    shutil.copytree(sge.root / sge.cell, copy)
    breaks(copy / "common")
    return {**sge.env, "SGE_CELL": cell}


def free_port() -> int:
    """A port nothing listens on (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: name -> how the environment is broken (sge, tmp_path) -> env; each is a way a user's tick meets no qmaster
BROKEN = {
    "no-act_qmaster": lambda sge, t: broken_cell(sge, t, "noact", lambda c: (c / "act_qmaster").unlink()),
    "empty-act_qmaster": lambda sge, t: broken_cell(sge, t, "emptyact", lambda c: (c / "act_qmaster").write_text("")),
    "unknown-qmaster-host": lambda sge, t: broken_cell(
        sge, t, "nohost", lambda c: (c / "act_qmaster").write_text("nosuchhost.invalid\n")),
    "no-bootstrap": lambda sge, t: broken_cell(sge, t, "noboot", lambda c: (c / "bootstrap").unlink()),
    "no-common": lambda sge, t: broken_cell(sge, t, "nocommon", shutil.rmtree),
    "wrong-cell": lambda sge, t: {**sge.env, "SGE_CELL": "tianluo-no-such-cell"},
    "wrong-root": lambda sge, t: {**sge.env, "SGE_ROOT": str(t / "no-such-root")},
    "root-is-a-file": lambda sge, t: {**sge.env, "SGE_ROOT": str(sge.root / "cluster.json")},
    "port-nobody-listens-on": lambda sge, t: {**sge.env, "SGE_QMASTER_PORT": str(free_port())},
    "port-of-the-execd": lambda sge, t: {**sge.env, "SGE_QMASTER_PORT": str(sge.execd_port)},
}


def backend(tmp_path: Path, env: dict) -> CommandBackend:
    b = CommandBackend(tmp_path / "run", CommandOptions(preset="sge", timeout="20s", folder=str(tmp_path)))
    b.env = env
    return b


def job(tmp_path: Path) -> JobSpec:
    return JobSpec(job_name="tl.down.a.work.1", command="true", workdir=str(tmp_path),
                   attempt_dir=str(tmp_path / "attempts" / "a" / "work" / "1"))


def every_call_is_unreachable(tmp_path: Path, env: dict) -> list[str]:
    """status, find, submit and cancel (TERM: qdel; KILL is qdel -f, which retries until its timeout) of the
    preset, each a new tick's backend; the words the scheduler said, one per call."""
    j = job(tmp_path)
    said = []
    status = backend(tmp_path, env).poll({j.job_name: (j, Handle(job_id="4242"))})[j.job_name]
    assert status.state == JobState.UNREACHABLE, status
    found = backend(tmp_path, env).poll({j.job_name: (j, None)})[j.job_name]
    assert found.state == JobState.UNREACHABLE, found
    said += [status.detail, found.detail]
    for call in (lambda b: b.submit(j), lambda b: b.cancel(j, Handle(job_id="4242"), signal.SIGTERM)):
        b = backend(tmp_path, env)
        with pytest.raises(SchedulerUnreachable) as err:  # not CommandRejected / CommandError: nothing refused
            call(b)
        said.append(str(err.value))
    return said


@pytest.mark.parametrize("how", sorted(BROKEN))
def test_a_qmaster_the_clients_cannot_find_is_unreachable_for_every_template(sge, tmp_path, how):
    env = BROKEN[how](sge, tmp_path)
    try:
        said = every_call_is_unreachable(tmp_path, env)
    finally:
        if env.get("SGE_CELL") != sge.cell and (sge.root / env["SGE_CELL"]).is_dir():
            shutil.rmtree(sge.root / env["SGE_CELL"])
    assert all("did not answer within" not in s for s in said), said  # known by its words, not by a timeout


def test_a_stopped_qmaster_is_unreachable_for_every_template(sge, tmp_path):
    sge.stop_qmaster()
    try:
        said = every_call_is_unreachable(tmp_path, sge.env)
    finally:
        sge.start_qmaster()
    assert any("unable to send message to qmaster" in s for s in said), said
