"""The command backend's presets: shown, overridden key by key, and PBS's and LSF's read against stand-ins.

PBS and LSF are not installed here: their presets are checked against small stand-in commands
(written below) that answer in the real commands' formats, copied from their manuals:
- PBS: ``qsub`` prints ``<seq>.<server>``; ``qstat -f`` prints ``Job Id: 123.server`` then
  ``    job_state = R`` lines (Torque Administrator's Guide 2.7 "Job Exit Status", the same layout
  in the PBS Professional Reference Guide, qstat); ``qselect -N NAME`` prints one id a line.
- LSF: ``bsub`` prints ``Job <123> is submitted to default queue <normal>.``; ``bjobs -noheader -o
  'jobid stat' ID`` prints ``123 RUN``, and ``Job <9> is not found`` on stderr for an id it forgot
  (IBM Spectrum LSF 10.1, bjobs -o and LSB_BJOBS_CONSISTENT_EXIT_CODE).
Grid Engine's preset runs on the real one (tests/test_sge_pipeline.py, tests/test_backend_contract.py).
"""

import os
import signal
import stat
import sys
import time
from pathlib import Path

import pytest
from conftest import cli
from pydantic import ValidationError

from tianluo.backends.base import JobSpec
from tianluo.backends.command import WORD, CommandBackend, CommandOptions
from tianluo.backends.presets import PRESETS
from tianluo.faults import linear_re
from tianluo.models.states import JobState
from tianluo.planning.spec_parts import Resources

#: One stand-in for every command of a scheduler: it keeps jobs as files (id -> state) in $STANDIN_DIR,
#: and answers as the real command does. Each call is logged (argv) to $STANDIN_DIR/calls.
STANDIN = r'''#!{python}
import os, sys
from pathlib import Path
d = Path(os.environ["STANDIN_DIR"]); d.mkdir(exist_ok=True)
prog, args = Path(sys.argv[0]).name, sys.argv[1:]
with open(d / "calls", "a") as f:
    f.write(" ".join([prog, *args]) + "\n")
jobs = {{p.name: p.read_text().split() for p in d.glob("job.*")}}  # id -> [state, name]
def new(name):
    n = str(len(jobs) + 100)
    (d / f"job.{{n}}").write_text(f"Q {{name}}")
    return n
if os.environ.get("STANDIN_DOWN"):
    print({down!r}, file=sys.stderr); sys.exit(1)
{body}
'''

PBS = r'''
def key(i): return "job." + i.split(".")[0]
if prog == "qsub":
    name = args[args.index("-N") + 1]
    print(new(name) + ".pbs01")
elif prog == "qstat":
    ids = [a for a in args if not a.startswith("-")]
    for i in ids:
        if (d / key(i)).exists():
            st, name = (d / key(i)).read_text().split()
            print(f"Job Id: {i}\n    Job_Name = {name}\n    Job_Owner = me@login1\n    job_state = {st}\n"
                  f"    queue = workq\n    Exit_status = 0\n")
        else:
            print(f"qstat: Unknown Job Id {i}", file=sys.stderr); sys.exit(153)
elif prog == "qselect":
    name = args[args.index("-N") + 1]
    for p in sorted(d.glob("job.*")):
        if p.read_text().split()[1] == name: print(p.name[4:] + ".pbs01")
elif prog in ("qhold", "qrls", "qdel"):
    i = args[-1]; p = d / key(i)
    st = {"qhold": "H", "qrls": "Q", "qdel": "F"}[prog]
    p.write_text(f"{st} {p.read_text().split()[1]}")
'''

LSF = r'''
if prog == "bsub":
    name = args[args.index("-J") + 1]
    print(f"Job <{new(name)}> is submitted to default queue <normal>.")
elif prog == "bjobs":
    if "-J" in args:
        name = args[args.index("-J") + 1]
        found = [p.name[4:] for p in sorted(d.glob("job.*")) if p.read_text().split()[1] == name]
        if not found:
            print(f"Job <{name}> is not found", file=sys.stderr); sys.exit(255)
        print("\n".join(found))
    else:
        ids = [a for a in args if a.isdigit()]
        words = {"Q": "PEND", "H": "PSUSP", "F": "EXIT", "R": "RUN"}
        for i in ids:
            if (d / f"job.{i}").exists():
                print(f"{i} {words[(d / f'job.{i}').read_text().split()[0]]}")
            else:
                print(f"Job <{i}> is not found", file=sys.stderr)
        if any(not (d / f"job.{i}").exists() for i in ids): sys.exit(255)
elif prog in ("bstop", "bresume", "bkill"):
    p = d / f"job.{args[-1]}"
    st = {"bstop": "H", "bresume": "Q", "bkill": "F"}[prog]
    p.write_text(f"{st} {p.read_text().split()[1]}")
'''

STANDINS = {
    "pbs": (PBS, ["qsub", "qstat", "qselect", "qhold", "qrls", "qdel"],
            "Connection refused\nqstat: cannot connect to server pbs01 (errno=15010)"),
    "lsf": (LSF, ["bsub", "bjobs", "bstop", "bresume", "bkill"],
            "LSF is down. Please wait ..."),
}


@pytest.fixture(params=["pbs", "lsf"])
def standin(request, tmp_path, monkeypatch):
    name = request.param
    body, progs, down = STANDINS[name]
    bindir = tmp_path / "bin"
    bindir.mkdir()
    text = STANDIN.format(python=sys.executable, body=body, down=down)
    for prog in progs:
        path = bindir / prog
        path.write_text(text)
        path.chmod(path.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{bindir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("STANDIN_DIR", str(tmp_path / "queue"))
    return name, tmp_path


def job(tmp_path: Path, label: str) -> JobSpec:
    return JobSpec(job_name=f"tl.run.{label}.work.1", command="true", workdir=str(tmp_path),
                   attempt_dir=str(tmp_path / "attempts" / label), env={}, resources=Resources())


def calls(tmp_path: Path) -> list[str]:
    path = tmp_path / "queue" / "calls"
    return path.read_text().splitlines() if path.exists() else []


def test_each_preset_submits_polls_finds_holds_and_cancels_in_its_schedulers_words(standin):
    name, tmp_path = standin
    backend = CommandBackend(tmp_path / "run", CommandOptions(preset=name, folder=str(tmp_path)))
    a, b = job(tmp_path, "a"), job(tmp_path, "b")
    ha, hb = backend.submit(a), backend.submit(b)
    assert ha.job_id == ("100.pbs01" if name == "pbs" else "100") and hb.job_id.startswith("101")

    facts = backend.poll({a.job_name: (a, ha), b.job_name: (b, hb)})
    assert {f.state for f in facts.values()} == {JobState.QUEUED}, facts
    assert sum(c.split()[0] in ("qstat", "bjobs") for c in calls(tmp_path)) == 1  # one status call for both

    assert backend.hold(a, ha) and backend.poll({a.job_name: (a, ha)})[a.job_name].state == JobState.QUEUED
    assert backend.release(a, ha)
    found = CommandBackend(tmp_path / "run", backend.options).find(b)  # a new tick, b's id never recorded
    assert found is not None and found.job_id == hb.job_id
    assert CommandBackend(tmp_path / "run", backend.options).find(job(tmp_path, "never")) is None

    backend.cancel(a, ha, signal.SIGTERM)
    backend.cancel(b, hb, signal.SIGKILL)
    said = calls(tmp_path)[-2:]
    if name == "pbs":
        assert said == [f"qdel {ha.job_id}", f"qdel -W force {hb.job_id}"], said
    else:
        assert said == [f"bkill -s TERM {ha.job_id}", f"bkill -s KILL {hb.job_id}"], said
    f = CommandBackend(tmp_path / "run", backend.options).poll({a.job_name: (a, ha)})[a.job_name]
    assert f.state == JobState.LOST and f.scheduler_state in ("F", "EXIT"), f  # ended, no exit.json


def test_a_scheduler_that_is_down_is_unreachable_never_forgotten(standin, monkeypatch):
    """The pipeline trap: without pipefail, ``qstat | awk`` exits 0 when qstat fails, and every job reads as
    forgotten, then lost, then submitted again. The presets run with pipefail."""
    name, tmp_path = standin
    options = CommandOptions(preset=name, folder=str(tmp_path))
    backend = CommandBackend(tmp_path / "run", options)
    a = job(tmp_path, "a")
    ha = backend.submit(a)
    monkeypatch.setenv("STANDIN_DOWN", "1")
    f = CommandBackend(tmp_path / "run", options).poll({a.job_name: (a, ha)})[a.job_name]
    assert f.state == JobState.UNREACHABLE, f
    if name == "pbs":  # its status is a pipeline: what a shell without pipefail would have made of it
        with pytest.raises(ValidationError, match="status is a pipeline and pipefail is false"):
            CommandOptions(preset=name, pipefail=False)


def test_a_forgotten_id_reads_as_an_answer(standin):
    name, tmp_path = standin
    backend = CommandBackend(tmp_path / "run", CommandOptions(preset=name, folder=str(tmp_path)))
    a = job(tmp_path, "a")
    ha = backend.submit(a)
    (tmp_path / "queue" / f"job.{ha.job_id.split('.')[0]}").unlink()  # the scheduler forgot it
    f = backend.poll({a.job_name: (a, ha)})[a.job_name]
    assert f.state == JobState.LOST, f  # answered: gone without exit.json, not "unreachable"


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_spec_overrides_a_preset_key_by_key(name):
    options = CommandOptions(preset=name, cancel="my-cancel {job_id}", timeout="5s")
    assert options.cancel == "my-cancel {job_id}" and options.timeout == 5
    assert options.submit == PRESETS[name]["submit"] and options.states == PRESETS[name]["states"]



@pytest.mark.parametrize("name", sorted(PRESETS))
def test_a_preset_key_the_spec_cleared_stays_cleared_in_state_json(name):
    """state.json leaves defaults out; a cleared preset key (find: null, as Torque needs) is written all the same,
    or reading the plan back would fill the preset's in again."""
    options = CommandOptions(preset=name, find=None, ended_by={})
    written = options.model_dump(mode="json", exclude_defaults=True)
    assert written["find"] is None and written.get("ended_by", {}) == {}
    again = CommandOptions.model_validate(written)
    assert again == options and again.find is None


@pytest.mark.integration
def test_backend_show_prints_a_preset_that_reads_back_as_itself(tmp_path):
    import yaml

    for name in sorted(PRESETS):
        out = cli("backend", "show", name, cwd=tmp_path, check=True).stdout
        shown = yaml.safe_load(out)["backend"]
        assert shown.pop("preset") == name and shown.pop("kind") == "command"
        assert CommandOptions(**shown) == CommandOptions(preset=name).model_copy(update={"preset": None})
        assert ("NOT tested on a real cluster" in out) == (name != "sge")
    bad = cli("backend", "show", "condor", cwd=tmp_path)
    assert bad.returncode == 2 and "sge" in bad.stderr


def test_why_ended_says_who_ended_a_job_and_patterns_come_after_exact_words(tmp_path):
    """``why_ended`` is asked once a job ended without exit.json; its word goes through ``ended_by``. A word is
    looked up as written first, then by the patterns in the order given."""
    log = tmp_path / "why.log"
    options = CommandOptions(
        submit="echo 100 {script}", status="echo {job_ids} {job_ids_comma}",
        states={"R": "running", "R.*": "queued", ".*,.*": "ended", "100": "ended"},
        cancel="true {job_id}", why_ended=f"echo asked {{job_id}} >> {log}; echo TERM_OWNER: by owner",
        ended_by={"TERM_OWNER:": "cancelled"}, folder=str(tmp_path))
    backend = CommandBackend(tmp_path / "run", options)
    a = job(tmp_path, "a")
    handle = backend.submit(a)
    assert handle.job_id == "100"
    f = backend.poll({a.job_name: (a, handle)})[a.job_name]  # status prints '100 100': the word 100, ended
    assert (f.state, f.ended_by) == (JobState.LOST, "cancelled"), f
    assert log.read_text() == "asked 100\n"  # asked once, of that job
    table = backend._states
    assert (table.get("R"), table.get("RX"), table.get("a,b"), table.get("Q")) == ("running", "queued", "ended", None)


# --- Grid Engine's words for "no qmaster": the whole family -------------------------------------------------

#: What Son of Grid Engine 8.1.9's clients (Debian's gridengine-client) print when there is no qmaster to answer,
#: or none they can find, verbatim (stdout or stderr, as tianluo reads them: stderr, else stdout), recorded with
#: scripts/sge_cluster.py's cluster: the qmaster stopped (or a wrong port: the same words), the execd's port given
#: as the qmaster's, act_qmaster missing, empty or naming an unknown host, SGE_CELL and SGE_ROOT wrong, a cell
#: without common/ or without its bootstrap; and a hung qmaster (qstat gave up after 2 minutes).
SGE_DOWN = [
    # qmaster stopped, or SGE_QMASTER_PORT names a port nobody listens on (unset, 0 or not a number: 6444)
    'error: commlib error: got select error (Connection refused)\nerror: unable to send message to qmaster using '
    'port 23432 on host "vm": got send error',
    'error: commlib error: got select error (Connection refused)\nUnable to run job: unable to send message to '
    'qmaster using port 23432 on host "vm": got send error\nExiting.',
    'unable to send message to qmaster using port 6444 on host "vm": got send error',  # qdel's stdout
    # SGE_QMASTER_PORT is the execd's
    'error: commlib error: access denied (local endpoint "vm/execd/1" doesn\'t match requested endpoint '
    '"vm/qmaster/1")\nUnable to run job: unable to contact qmaster using port 30978 on host "vm"\nExiting.',
    'unable to contact qmaster using port 30978 on host "vm"',
    # act_qmaster missing, empty, naming a host that does not resolve
    'error: fopen("/tmp/sge/c/common/act_qmaster") failed: No such file or directory\nerror: unable to read qmaster '
    'name: can\'t open "/tmp/sge/c/common/act_qmaster" for reading qmaster hostname',
    '\nUnable to initialize environment because of error: unable to read qmaster name: can\'t open '
    '"/tmp/i26-sge/tianluof7d477cd/common/act_qmaster" for readin\nExiting.',  # qsub cuts it so
    'error: unable to read qmaster name: qmaster hostname in "/tmp/sge/c/common/act_qmaster" has zero length',
    'error: unable to send message to qmaster using port 23432 on host "nosuchhost.invalid": can\'t resolve host '
    'name',
    # SGE_CELL, SGE_ROOT wrong; a cell without common/, or without its bootstrap
    'error: cell directory "/tmp/sge/nosuchcell" doesn\'t exist',
    '\nUnable to initialize environment because of error: cell directory "/tmp/sge/nosuchcell" doesn\'t exist\n'
    'Exiting.',
    'error: SGE_ROOT directory "/tmp/nosuchroot" doesn\'t exist',
    'error: $SGE_ROOT=/etc/hostname is not a directory',
    'error: directory doesn\'t exist: /tmp/sge/spool/common',
    'error: fopen("/tmp/empty/c/common/bootstrap") failed: No such file or directory',
    # and from the message catalogue (source/libs/gdi/msg_gdilib.h, libs/uti/msg_utilib.h), not seen here
    'Please set the environment variable SGE_ROOT.',
    'failed receiving gdi request response for mid=3 (got no message).',
    'got gdi request receive timeout',
    'error: cannot resolve name of bootstrap file',
]

#: What the same clients print when the qmaster answered: a refusal, or a job it does not know (recorded likewise).
SGE_ANSWERED = [
    'denied: job "99999" does not exist',
    'Following jobs do not exist: \ntl.nope',
    'Unable to run job: Job was rejected because job requests unknown queue "nosuch.q"\nExiting.',
    'Unable to run job: unknown resource "foo"\nExiting.',
    'Unable to run job: job rejected: the requested parallel environment "nosuchpe" does not exist\nExiting.',
    'Unable to read script file because of error: error opening /tmp/nosuch-script.sh: No such file or directory',
    'denied: host "node1" is no submit host',
]


@pytest.mark.parametrize("said", SGE_DOWN)
def test_every_wording_of_a_grid_engine_without_a_qmaster_is_unreachable_never_an_answer(said):
    options = CommandOptions(preset="sge")
    assert linear_re.compile_pattern(options.unreachable).search(said), said
    assert not linear_re.compile_pattern(options.forgotten).search(said), said


@pytest.mark.parametrize("said", SGE_ANSWERED)
def test_a_grid_engine_that_answered_is_never_read_as_unreachable(said):
    assert not linear_re.compile_pattern(CommandOptions(preset="sge").unreachable).search(said), said


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_pattern_runs_on_the_linear_engine_and_matches_no_text_at_large(name):
    """Each preset's patterns (unreachable, forgotten, states' and ended_by's keys) compile on RE2, where no pattern
    backtracks, match no text at large, and a flood of hostile text is searched in time linear in it."""
    options = CommandOptions(preset=name)
    patterns = [options.unreachable, options.forgotten]
    patterns += [k for k in [*options.states, *options.ended_by] if not WORD.match(k)]
    hostile = ("a" * 30 + "!" + "qmaster " * 20 + '"' * 50 + "\n") * 2000  # 1 MB of near misses
    for pattern in patterns:
        linear_re.check(pattern)
        if pattern in (options.unreachable, options.forgotten):
            assert not linear_re.matches_anything(pattern), pattern
        t0 = time.perf_counter()
        linear_re.compile_pattern(pattern).search(hostile)
        assert time.perf_counter() - t0 < 10, pattern  # linear: ~10 ms here; a backtracking pattern takes hours
