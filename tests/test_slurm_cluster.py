"""The tests' Slurm (scripts/slurm_cluster.py) never uses a Slurm that is already there.

Once a slurmctld another tool had left on port 6817 (ClusterName ``ci``, /etc/slurm/slurm.conf)
answered the tests' clients: 4 Slurm tests failed against it, one of them a scheduler that was
meant to be unreachable and was not. Here a foreign controller (a real slurmctld of another
cluster, with its own munged) holds port 6817 first; a test cluster then runs on ports found free,
with its own ClusterName, slurm.conf and munged, and its clients reach it and only it.
"""

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from conftest import NO_SLURM_CONF, _slurm_cluster_module, clean_env, wait_for

SITE_PORT = 6817  # Slurm's default slurmctld port: where a site's (or another tool's) controller is


@pytest.fixture(scope="module")
def module():
    module = _slurm_cluster_module()
    if not module.installed():
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("Slurm is needed in CI and is not installed")
        pytest.skip("Slurm is not installed here")
    return module


@contextlib.contextmanager
def cluster_in_tmp(module, port: int | None = None):
    """A Cluster in a folder of its own under /tmp (munged wants its folders searchable by all),
    stopped and removed afterwards."""
    root = Path(tempfile.mkdtemp(prefix="tianluo-slurm-test-"))
    cluster = module.Cluster(root, port=port)
    try:
        yield cluster
    finally:
        cluster.stop()
        shutil.rmtree(root, ignore_errors=True)


def slurm(cluster, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(list(args), capture_output=True, text=True, timeout=60, env=cluster.env)


def one_line(exc: BaseException) -> str:
    text = str(exc)
    assert text and "\n" not in text, text
    return text


@pytest.mark.integration
def test_what_holds_a_port_is_named_in_one_line_whatever_its_command_line():
    """A holder whose arguments span lines (a ``python -c`` program, as scripts/test starts its lanes; or
    any name a process gives itself) is still named in the one line, its arguments flattened."""
    from conftest import _script_module

    local_daemons = _script_module("local_daemons")
    program = ("import socket, sys, time\ns = socket.socket()\ns.bind(('127.0.0.1', 0))\ns.listen()\n"
               "print(s.getsockname()[1], flush=True)\ntime.sleep(60)")
    holder = subprocess.Popen([sys.executable, "-c", program, "a\targ\x1b[2Jwith\rcontrols"],
                              stdout=subprocess.PIPE, text=True)
    try:
        port = int(holder.stdout.readline())
        with pytest.raises(local_daemons.ClusterError) as info:
            local_daemons.refuse_taken(port, "slurmctld", "stop what holds it")
        line = one_line(info.value)
        assert f"is taken by pid {holder.pid} (" in line and "s.listen() print(" in line, line
        assert "\x1b" not in line and "\r" not in line and "\t" not in line, line
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.integration
@pytest.mark.slurm
def test_a_port_another_program_listens_on_is_refused_in_one_line_and_nothing_starts(module):
    with socket.socket() as listener, cluster_in_tmp(module, port=module.free_ports(1)[0]) as cluster:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("", cluster.wanted))
        listener.listen()
        with pytest.raises(module.ClusterError) as info:
            cluster.start()
        line = one_line(info.value)
        assert f"port {cluster.wanted}, this cluster's slurmctld port, is taken by pid {os.getpid()}" in line, line
        assert "refused, not used" in line and "TIANLUO_SLURM_PORT" in line
        assert cluster.ctld_pid() is None and cluster.munge.pid() is None  # nothing of it was started


@pytest.mark.integration
@pytest.mark.slurm
def test_beside_a_foreign_controller_on_6817_the_tests_use_a_cluster_of_their_own(module):
    with contextlib.ExitStack() as stack:
        if not module.listening(SITE_PORT):  # else something holds it already: that is the foreign one
            foreign = stack.enter_context(cluster_in_tmp(module, port=SITE_PORT))
            foreign.start()
            assert foreign.port == SITE_PORT and foreign.ctld_answers()
        ours = stack.enter_context(cluster_in_tmp(module))
        ours.start()
        assert ours.port not in (SITE_PORT, SITE_PORT + 1) and ours.slurmd_port not in (SITE_PORT, SITE_PORT + 1)
        config = slurm(ours, "scontrol", "show", "config").stdout
        assert f"ClusterName             = {ours.name}" in config and f"= {ours.conf}" in config, config
        assert f"socket={ours.munge.socket}" in config  # its own munged, not the system's

        # a job goes to our cluster, and ends there
        out = ours.root / "job.out"
        job = slurm(ours, "sbatch", "--parsable", "-o", str(out), "--wrap", "echo ran on $SLURM_CLUSTER_NAME")
        assert job.returncode == 0, job.stderr
        wait_for(lambda: out.exists() and out.read_text().strip(), timeout=60, what="the job's output")
        assert out.read_text().strip() == f"ran on {ours.name}"

        # with its controller stopped, it is unreachable: the controller on 6817 does not answer for it
        ours.stop_ctld()
        ping = slurm(ours, "scontrol", "ping")
        assert "DOWN" in ping.stdout and not ours.ctld_answers(), ping.stdout
        ours.start_ctld()
        assert ours.ctld_answers()

        # a cluster told to take 6817 refuses it, in one line
        with cluster_in_tmp(module, port=SITE_PORT) as told, pytest.raises(module.ClusterError) as info:
            told.start()
        line = one_line(info.value)
        assert f"port {SITE_PORT}, this cluster's slurmctld port, is taken by pid" in line, line


@pytest.mark.integration
@pytest.mark.slurm
def test_a_controller_that_answers_but_is_another_clusters_is_refused_in_one_line(module):
    """What happened: the tests' clients and the other controller shared the system's munge key, so
    the other controller answered them. Here a client of a cluster shares the controller's port and
    munged, as then; the controller's ClusterName and slurm.conf say it is not its own."""
    with cluster_in_tmp(module) as other, cluster_in_tmp(module) as ours:
        other.start()
        ours.choose()
        ours.port, ours.munge = other.port, other.munge
        ours.root.mkdir(parents=True, exist_ok=True)
        ours.write_conf()
        with pytest.raises(module.ClusterError) as info:
            ours.ctld_answers()  # as start_ctld asks, and the tests' `slurm` fixture before each test
        line = one_line(info.value)
        assert f"port {other.port} answers as another Slurm controller (ClusterName {other.name}, {other.conf})" \
               in line, line
        assert f"not this cluster's ({ours.name}, {ours.conf}): refused, not used" in line
        assert ours.ctld_pid() is None  # it started nothing beside it


@pytest.mark.integration
def test_slurm_commands_outside_a_test_cluster_reach_no_slurm_at_all(tmp_path):
    """Not /etc/slurm/slurm.conf: a client (tianluo's, or a test's) meets an unreachable controller.
    (Not in the Slurm lane, where the session's cluster may be SLURM_CONF by now.)"""
    if not shutil.which("squeue"):
        pytest.skip("no Slurm client here")
    env = clean_env()
    assert Path(env["SLURM_CONF"]).read_text() == NO_SLURM_CONF
    proc = subprocess.run(["squeue"], capture_output=True, text=True, timeout=30, env=env, cwd=tmp_path)
    assert proc.returncode != 0 and "Unable to contact slurm controller" in proc.stderr, proc.stderr


def test_stopping_a_cluster_ends_its_own_stray_step_daemons_and_no_other(module, tmp_path):
    """A slurmstepd outlived its cluster after a CI run (slurmd lets its step daemons go): stop() ends the steps
    whose SLURM_CONF is this cluster's, and leaves another Slurm's alone."""
    stepd = tmp_path / "slurmstepd"  # a process whose name is slurmstepd: /proc's comm is the file's name
    shutil.copy("/bin/sleep", stepd)
    root = tmp_path / "cluster"
    ours = module.Cluster(root)
    mine = subprocess.Popen([str(stepd), "60"], env={**clean_env(), "SLURM_CONF": str(ours.conf)})
    other = subprocess.Popen([str(stepd), "60"], env={**clean_env(), "SLURM_CONF": str(tmp_path / "x.conf")})
    try:
        wait_for(lambda: mine.pid in module.steps_of(ours.conf), what="the stray step to show in /proc")
        assert other.pid not in module.steps_of(ours.conf)
        ours.stop()
        assert mine.wait(timeout=10) is not None
        assert other.poll() is None
    finally:
        for proc in (mine, other):
            proc.kill()
            proc.wait(timeout=10)

