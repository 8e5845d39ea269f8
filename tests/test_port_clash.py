"""A port clash (port_in_use): transient; {port} gives each attempt a fresh port, a pinned port is told to use it.

Real processes (the CLI's in a fork of the test process, tests/forked_cli.py): a job that binds a port the
test holds fails with the kernel's own
``OSError: [Errno 98] Address already in use``; tianluo retries it and its retry event,
hold and analysis say to write ``{port}``. A job written with ``{port}`` whose first attempt
meets a clash is retried on a new port and succeeds. ``tianluo plan`` warns, in one line on
stderr and exit 0, about a launcher given a literal master port.
"""

import json
import socket
import sys

import pytest
from conftest import read_events, read_state, wait_for, write_spec
from forked_cli import run, start_run, status_json

from tianluo.planning.launchers import pinned_port

PY = sys.executable

# Binds the port it is given, as a rendezvous master does. With --taken-first the port is
# already held when it binds (by itself here, as a rank left over from an earlier attempt
# would hold it) on attempt 1.
BIND = """\
import os, socket, sys
port = int(sys.argv[1])
held = []
if "--taken-first" in sys.argv and os.environ["TIANLUO_ATTEMPT"] == "1":
    other = socket.socket()
    other.bind(("0.0.0.0", port))
    other.listen()
    held.append(other)
s = socket.socket()
s.bind(("0.0.0.0", port))
s.listen()
print(f"listening on {port}", flush=True)
open(f"bound-{os.environ['TIANLUO_ENTITY']}-{os.environ['TIANLUO_ATTEMPT']}.txt", "w").write(str(port))
"""

SPEC = """\
name: clash
ladder: {transient: {retries: 1, backoff: [0s]}}
entities:
  pinned:
    stages:
      serve:
        run: '@PY@ bind.py @PORT@'
  fresh:
    stages:
      serve:
        run: '@PY@ bind.py {port} --taken-first'
"""


def exited(run_dir, entity: str, n: int) -> bool:
    return (run_dir / "attempts" / entity / "serve" / str(n) / "exit.json").exists()


@pytest.mark.integration
def test_a_pinned_port_held_elsewhere_is_port_in_use_and_tianluo_says_to_use_port(tmp_path):
    holder = socket.socket()  # the test holds the port, as another job on the host would
    holder.bind(("0.0.0.0", 0))
    holder.listen()
    taken = holder.getsockname()[1]
    try:
        proj = tmp_path / "proj"
        spec = write_spec(proj, SPEC.replace("@PY@", PY).replace("@PORT@", str(taken)))
        (proj / "bind.py").write_text(BIND)
        run_dir = start_run(spec, tmp_path / "home", tmp_path)
        wait_for(lambda: exited(run_dir, "pinned", 1) and exited(run_dir, "fresh", 1), timeout=30, what="attempt 1")
        run("tick", "--run", run_dir, cwd=tmp_path, check=True)

        doc = status_json(run_dir, tmp_path)
        for entity in ("pinned", "fresh"):
            st = doc["entities"][entity]["stages"]["serve"]
            assert (st["fault"]["class"], st["fault"]["label"]) == ("transient", "port_in_use"), st["fault"]
            assert "Address already in use" in st["fault"]["evidence"]
        retries = {e["entity"]: e for e in read_events(run_dir) if e["event"] == "retry_scheduled"}
        # the pinned one is told what to change; the one with {port} needs no advice: its retry gets a new port
        assert "write {port} where the port goes (e.g. --master-port {port}" in retries["pinned"]["message"]
        assert retries["pinned"]["advice"].startswith("the command pins its port")
        assert "{port}" not in retries["fresh"]["message"] and "advice" not in retries["fresh"]

        wait_for(lambda: exited(run_dir, "pinned", 2) and exited(run_dir, "fresh", 2), timeout=30, what="attempt 2")
        run("tick", "--run", run_dir, cwd=tmp_path, check=True)
        doc = status_json(run_dir, tmp_path)
        pinned, fresh = (doc["entities"][e]["stages"]["serve"] for e in ("pinned", "fresh"))
        assert pinned["status"] == "held" and pinned["attempt"] == 2
        assert "the command pins its port: write {port}" in pinned["reason"]
        analysis = (run_dir / "failures" / "pinned__analysis.md").read_text()
        assert "write {port} where the port goes" in analysis
        # {port}: attempt 2 got another port than the one that clashed, and bound it
        assert fresh["status"] == "succeeded" and fresh["attempt"] == 2
        state = read_state(run_dir)
        dirs = [a["dir"] for a in state["entities"]["fresh"]["stages"]["serve"]["attempts"]]
        ports = [json.loads((run_dir / d / "started.json").read_text())["port"] for d in dirs]
        assert ports[0] != ports[1]
        assert (proj / "bound-fresh-2.txt").read_text() == str(ports[1])
        assert not (proj / "bound-pinned-1.txt").exists()
    finally:
        holder.close()


# --- tianluo plan: a launcher on a literal port -----------------------------------------------

TORCHRUN = """\
name: ddp
entities:
  a:
    stages:
      train:
        run: torchrun --nproc-per-node 2 --master-port 29500 train.py
      other:
        run: torchrun --nproc-per-node 2 --master-port {port} train.py
"""


def test_plan_warns_in_one_line_about_a_pinned_master_port(tmp_path):
    spec = write_spec(tmp_path / "proj", TORCHRUN)
    proc = run("plan", spec, "--home", tmp_path / "home", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    (line,) = [ln for ln in proc.stderr.splitlines() if "port" in ln]  # beside: torchrun not here, no done_when
    assert line.startswith("tianluo: warning: ") and f"{spec}:6: entities.a.stages.train.run:" in line
    assert "torchrun is given a fixed port (--master-port 29500)" in line and "--master-port {port}" in line
    doc = json.loads(run("plan", spec, "--home", tmp_path / "home", "--json", cwd=tmp_path, check=True).stdout)
    assert len([w for w in doc["warnings"] if "port" in w]) == 1


@pytest.mark.parametrize("command, pinned", [
    ("torchrun --nproc-per-node 2 --master-port 29500 train.py", "--master-port 29500"),
    ("python -m torch.distributed.run --master_port=29501 train.py", "--master_port=29501"),
    ("accelerate launch --main_process_port 29500 train.py", "--main_process_port 29500"),
    ("MASTER_PORT=12355 deepspeed train.py", "MASTER_PORT=12355"),
    ("deepspeed --master_port 29500 train.py", "--master_port 29500"),
    ("torchrun --rdzv-endpoint=localhost:29400 train.py", "--rdzv-endpoint=localhost:29400"),
    ("torchrun --master-port {port} train.py", None),
    ("torchrun --rdzv-endpoint localhost:{port} train.py", None),
    ("python train.py --master-port 29500", None),  # not a launcher: its own option
])
def test_pinned_port(command, pinned):
    assert pinned_port(command) == pinned
