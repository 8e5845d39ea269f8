"""The test command's shares take whole files as they come (``--claims``, tests/conftest.py)."""

import shutil
import subprocess
import sys
from pathlib import Path

CONFTEST = Path(__file__).parent / "conftest.py"

TEST_FILE = """\
import os, time
import pytest

@pytest.mark.parametrize("n", range({count}))
def test_case(n):
    with open(os.environ["CLAIMS_LOG"], "a") as log:
        log.write(f"{{__name__}} {{n}} {{os.getpid()}}\\n")
    time.sleep({pause})
"""


def make_suite(root: Path, files: dict[str, tuple[int, float]]) -> Path:
    suite = root / "suite"
    suite.mkdir()
    shutil.copy(CONFTEST, suite / "conftest.py")
    (suite / "pytest.ini").write_text("[pytest]\nmarkers =\n    integration: real processes\n")
    for name, (count, pause) in files.items():
        (suite / f"test_{name}.py").write_text(TEST_FILE.format(count=count, pause=pause))
    return suite


def start(suite: Path, claims: Path, log: Path, *extra: str) -> subprocess.Popen:
    # ``--claims=DIR``, one word: as two, a process started after another made the folder took DIR for a path to test
    # (pytest's first pass over the arguments, before the conftest adds the option), so its rootdir and conftest came
    # from DIR's parents, and it stopped on "unrecognized arguments: --claims"
    return subprocess.Popen([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", f"--claims={claims}", *extra],
                            cwd=suite, env={"CLAIMS_LOG": str(log), "PATH": "/usr/bin:/bin"},
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def test_processes_sharing_a_claims_folder_run_every_test_once_and_whole_files(tmp_path):
    files = {"big": (3, 0.6), "mid": (4, 0.2), "a": (2, 0.05), "b": (2, 0.05), "c": (2, 0.05), "d": (1, 0.05)}
    suite = make_suite(tmp_path, files)
    log = tmp_path / "ran.log"
    (tmp_path / "claims").mkdir()  # as a later process finds it: made by the first
    procs = [start(suite, tmp_path / "claims", log) for _ in range(2)]
    outs = [p.communicate(timeout=120)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    ran = [line.split() for line in log.read_text().splitlines()]
    cases = [(module, n) for module, n, _pid in ran]
    assert sorted(cases) == sorted((f"test_{name}", str(n)) for name, (count, _) in files.items()
                                   for n in range(count))  # every test once
    pids_of = {}
    for module, _n, pid in ran:
        pids_of.setdefault(module, set()).add(pid)
    assert all(len(pids) == 1 for pids in pids_of.values()), pids_of  # each file in one process
    assert len({pid for pids in pids_of.values() for pid in pids}) == 2  # both took a part
    # each reports what it ran as passed and the rest as deselected
    passed = 0
    for out in outs:
        last = out.strip().splitlines()[-1]
        assert "deselected" in last, out
        passed += int(last.split(" passed")[0].split()[-1])
    assert passed == sum(count for count, _ in files.values())
    # heaviest first: by markers alone each test weighs the same, so the file of most tests is claimed first, and each
    # process runs what it claimed in that order (the two log in turn, so only each one's own order is known)
    order = ["test_mid", "test_big", "test_a", "test_b", "test_c", "test_d"]
    firsts = set()
    for pid in {pid for _m, _n, pid in ran}:
        mine = list(dict.fromkeys(module for module, _n, p in ran if p == pid))
        assert mine == [m for m in order if m in mine], (pid, mine)
        firsts.add(mine[0])
    assert "test_mid" in firsts


def test_a_failure_in_a_claimed_file_fails_the_process_that_ran_it(tmp_path):
    suite = make_suite(tmp_path, {"ok": (2, 0.0)})
    (suite / "test_bad.py").write_text("def test_bad():\n    assert False\n")
    log = tmp_path / "ran.log"
    procs = [start(suite, tmp_path / "claims", log) for _ in range(2)]
    outs = [p.communicate(timeout=120)[0] for p in procs]
    # the other passes (a process that ran none of the collected tests is no "collected nothing" exit 5)
    assert sorted(p.returncode for p in procs) == [0, 1], outs
    failed = [out for out, p in zip(outs, procs, strict=True) if p.returncode == 1]
    assert "test_bad.py::test_bad" in failed[0] and "1 failed" in failed[0], outs


def test_the_test_command_gives_the_folder_in_one_word():
    """``--claims DIR`` as two words breaks a lane started after another made DIR (see ``start``)."""
    script = (Path(__file__).resolve().parent.parent / "scripts" / "test").read_text()
    lanes = [line for line in script.splitlines() if "--claims" in line and not line.lstrip().startswith("#")]
    assert len(lanes) == 2 and all('--claims="$tmps/claims"' in line for line in lanes), lanes
