"""{port}: a free TCP port per attempt, picked by the runner where the job runs, given as TIANLUO_PORT."""

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import clean_env, read_state, start_run, tick_until, write_spec

from tianluo.errors import SpecError
from tianluo.planning.spec_checks import load_spec
from tianluo.planning.templating import PlacementError, render, shell_problem
from tianluo.runner import free_port

PY = sys.executable

# Binds the port it was given (as a rendezvous master would), checks it is TIANLUO_PORT, writes
# both as it received them; attempt 1 fails, attempt 2 succeeds.
JOB = """\
import os, socket, sys
given, env = sys.argv[1], os.environ["TIANLUO_PORT"]
n = os.environ["TIANLUO_ATTEMPT"]
with socket.socket() as s:
    s.bind(("0.0.0.0", int(given)))
    s.listen()
    with open(f"port-{n}.txt", "w") as f:
        f.write(repr(given) + " " + repr(env))
sys.exit(1 if n == "1" else 0)
"""

SPEC = """\
name: ports
interval: 60s
entities:
  a:
    stages:
      train:
        run: '@PY@ job.py {port}'
"""


def _project(root: Path, spec: str = SPEC) -> Path:
    project = root / "proj"
    project.mkdir(parents=True)
    (project / "job.py").write_text(JOB)
    return write_spec(project, spec.replace("@PY@", PY))


@pytest.mark.integration
def test_two_attempts_get_two_different_free_ports_that_reach_the_job_byte_for_byte(tmp_path):
    spec = _project(tmp_path)
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    doc = tick_until(run_dir, tmp_path, phases=("complete",), timeout=60)
    ports = []
    for n in (1, 2):
        started = json.loads((run_dir / f"attempts/a/train/{n}/started.json").read_text())
        record = json.loads((run_dir / f"attempts/a/train/{n}/exit.json").read_text())
        seen = (spec.parent / f"port-{n}.txt").read_text()
        assert seen == f"'{started['port']}' '{started['port']}'"  # the argument and the variable, as recorded
        assert record["port"] == started["port"]
        ports.append(started["port"])
    assert ports[0] != ports[1] and all(1024 <= p <= 65535 for p in ports)
    attempts = read_state(run_dir)["entities"]["a"]["stages"]["train"]["attempts"]
    assert [a["port"] for a in attempts] == ports
    assert doc["entities"]["a"]["stages"]["train"]["port"] == ports[1]
    assert read_state(run_dir)["plan"]["entities"]["a"]["stages"]["train"]["command"] == \
        f'{PY} job.py "${{TIANLUO_PORT}}"'


@pytest.mark.integration
def test_the_port_of_the_attempt_before_is_not_given_again_even_when_free(tmp_path):
    """The runner skips the ports the last attempts of the stage were given (a rank of one may
    still hold it, or the kernel may hand the same number out again)."""
    stage = tmp_path / "run" / "attempts" / "a" / "train"
    work = tmp_path / "work"
    work.mkdir()
    for n in (1, 2, 3):
        adir = stage / str(n)
        adir.mkdir(parents=True)
        (adir / "job.json").write_text(json.dumps({"job_name": f"tl-p-{n}", "command": "true",
                                                   "workdir": str(work), "env": {"TIANLUO_PORT": "1"}}))
    (stage / "1" / "started.json").write_text(json.dumps({"job_name": "x", "runner_pid": 1, "port": 40000}))
    taken = {40000}
    for n in (2, 3):
        subprocess.run([PY, "-m", "tianluo.runner", str(stage / str(n))], env=clean_env(), timeout=30, check=True)
        port = json.loads((stage / str(n) / "started.json").read_text())["port"]
        assert port not in taken
        taken.add(port)
    assert free_port(avoid=frozenset(range(1, 65536))) is None  # every port refused: no port, not a loop


@pytest.mark.integration
def test_job_json_cannot_set_the_port(tmp_path):
    adir = tmp_path / "attempts" / "x"
    adir.mkdir(parents=True)
    (adir / "job.json").write_text(json.dumps({"job_name": "tl-x", "command": 'echo "$TIANLUO_PORT" > got',
                                               "workdir": str(tmp_path), "env": {"TIANLUO_PORT": "22"}}))
    subprocess.run([PY, "-m", "tianluo.runner", str(adir)], env=clean_env(), timeout=30, check=True)
    port = json.loads((adir / "started.json").read_text())["port"]
    assert (tmp_path / "got").read_text() == f"{port}\n" and port != 22


def test_free_port_is_free():
    port = free_port()
    with socket.socket() as s:
        s.bind(("", port))  # nobody holds it


# --- rendering and plan-time checks ---------------------------------------------------------


@pytest.mark.parametrize(("template", "out"), [
    ("torchrun --master_port={port} t.py", 'torchrun --master_port="${TIANLUO_PORT}" t.py'),
    ('python t.py --dist-url "tcp://localhost:{port}"', 'python t.py --dist-url "tcp://localhost:${TIANLUO_PORT}"'),
    ("MASTER_PORT={port} python t.py", 'MASTER_PORT="${TIANLUO_PORT}" python t.py'),
    # digits name no variable and are no code: a command that also does arithmetic may take it
    ("python t.py --port {port} --steps $((10 * 2))", 'python t.py --port "${TIANLUO_PORT}" --steps $((10 * 2))'),
])
def test_port_renders_as_a_quoted_reference(template, out):
    assert shell_problem(template, {}) is None
    assert render(template, {"entity": "a"}, shell=True) == out
    assert render(template, {"entity": "a"}, shell=True, keep_unknown=True) == out


@pytest.mark.parametrize(("template", "where"), [
    ("echo '{port}'", "inside '...'"),
    ("sh -c 'torchrun --master_port={port} t.py'", "the code that sh runs"),
    ("cat <<EOF\n{port}\nEOF", "in a here-document"),
])
def test_port_where_the_shell_does_not_read_it_once_is_refused(template, where):
    problem = shell_problem(template, {})
    assert problem is not None and where in problem and "TIANLUO_PORT" in problem
    with pytest.raises(PlacementError, match="TIANLUO_PORT"):
        render(template, {}, shell=True)


STAGE = """\
name: p
entities:
  a:
    {params}
    stages:
      train:
        run: {run}
        {more}
{forks}
"""


def _load(tmp_path, run="torchrun --master_port={port} t.py", params="", more="", forks=""):
    spec = tmp_path / "tianluo.yaml"
    spec.write_text(STAGE.format(run=run, params=params, more=more, forks=forks))
    return load_spec(spec)


def test_port_in_run_and_variants_is_allowed(tmp_path):
    spec, _ = _load(tmp_path, more="variants: {small: 'torchrun --master_port={port} --small t.py'}")
    assert spec.entities["a"].stages["train"].variants["small"].endswith("--small t.py")


@pytest.mark.parametrize(("kw", "message"), [
    ({"params": "params: {port: 29500}"}, "params.port: 'port' is reserved ({port} is the free TCP port"),
    ({"forks": "forks: {port: {question: q, options: ['1', '2'], default: '1'}}"},
     "forks.port: fork names are identifiers usable as {placeholders}, other than"),
    ({"more": "done_when: {exists: ['out/{port}.txt']}"}, "{port} is the attempt's free TCP port"),
    ({"run": "echo '{port}'"}, "TIANLUO_PORT"),
])
def test_port_is_refused_as_a_name_or_outside_commands(tmp_path, kw, message):
    with pytest.raises(SpecError, match=__import__("re").escape(message)):
        _load(tmp_path, **kw)


SLURM_SPEC = """\
name: slurm-ports
backend: slurm
entities:
  a:
    stages:
      train:
        run: '@PY@ job.py {port}'
"""


@pytest.mark.integration
@pytest.mark.slurm
def test_a_slurm_job_gets_its_port_from_the_runner_on_the_compute_node(slurm, tmp_path):
    """The sbatch script execs the runner, which picks the port where the job runs."""
    spec = _project(tmp_path, SLURM_SPEC)
    (spec.parent / "job.py").write_text(JOB.replace('sys.exit(1 if n == "1" else 0)', "sys.exit(0)"))
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    doc = tick_until(run_dir, tmp_path, phases=("complete",), timeout=90, pace=0.5)
    started = json.loads((run_dir / "attempts/a/train/1/started.json").read_text())
    assert started["job_id"] and isinstance(started["port"], int)
    assert (spec.parent / "port-1.txt").read_text() == f"'{started['port']}' '{started['port']}'"
    assert doc["entities"]["a"]["stages"]["train"]["port"] == started["port"]


@pytest.mark.parametrize(("port", "ok"), [(29500, True), (0, False), (65536, False), ("29500", False), (True, False)])
def test_a_recorded_port_is_checked_like_every_field_of_a_record(tmp_path, port, ok):
    from tianluo.shell import records

    (tmp_path / "started.json").write_text(json.dumps({"job_name": "x", "runner_pid": 5, "port": port}))
    doc, problem = records.read_started(tmp_path)
    assert (doc is not None, problem is None) == (ok, ok)
    if not ok:
        assert "port is" in problem
