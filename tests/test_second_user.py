"""A second, real user in a shared (1777) project folder tries to make root's tianluo work for her.

The test creates a user (``useradd``), acts as her with ``runuser`` and checks that root's
``plan``, ``start`` and ``tick`` refuse (exit 2, one line) and that nothing outside is
written or truncated. It needs root (CI is root) and removes the user at teardown. The first
command of each case runs as a real ``python -m tianluo``, the others in a fork of the test
process (tests/forked_cli.py).
"""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from conftest import cli, write_spec
from forked_cli import run as forked
from forked_cli import start_run

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(os.geteuid() != 0, reason="creating a user and acting as her needs root"),
    pytest.mark.skipif(not (shutil.which("useradd") and shutil.which("runuser")), reason="no useradd/runuser"),
]

SPEC = """\
name: shared
entities:
  a:
    stages:
      train: {run: "echo trained"}
success_gate:
  all_done: true
"""


@pytest.fixture(scope="module")
def mallory():
    name = f"tlmal{os.getpid() % 100000}"
    subprocess.run(["useradd", "-M", "-N", "-s", "/bin/sh", name], check=True, timeout=30, capture_output=True)
    try:
        yield name
    finally:
        subprocess.run(["userdel", name], timeout=30, capture_output=True)


@pytest.fixture
def shared(tmp_path):
    """A 1777 project folder both users reach (outside pytest's 0700 tmp tree), with root's spec in it."""
    folder = Path(tempfile.mkdtemp(prefix="tianluo-shared-", dir="/tmp"))
    os.chmod(folder, 0o1777)
    try:
        write_spec(folder, SPEC)
        (folder / "root-file").write_text("root's own data\n")
        os.chmod(folder / "root-file", 0o644)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def as_user(user: str, script: str, cwd: Path) -> None:
    subprocess.run(["runuser", "-u", user, "--", "sh", "-ec", script], cwd=cwd, check=True, timeout=30,
                   capture_output=True)


def picture(folder: Path) -> dict:
    out = {}
    for p in sorted(folder.rglob("*")):
        st = p.lstat()
        out[str(p)] = (st.st_uid, st.st_mode, os.readlink(p) if p.is_symlink() else
                       p.read_bytes() if p.is_file() else None)
    return out


def refused(proc, *fragments):
    line = proc.stderr.strip()
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert line and "\n" not in line and "Traceback" not in line, line
    for fragment in fragments:
        assert fragment in line, line


def test_a_home_she_created_first_with_planted_answers_is_refused_by_plan_and_start(mallory, shared):
    as_user(mallory, "mkdir -p .tianluo/plans/shared && "
                     "echo '{\"version\": 1, \"answers\": {}}' > .tianluo/plans/shared/answers.json", shared)
    before = picture(shared)
    for args in (("plan", "tianluo.yaml", "--accept-defaults"),
                 ("start", "tianluo.yaml", "--trigger", "none"),
                 ("start", "tianluo.yaml", "--trigger", "none", "--accept-defaults"),
                 ("status",), ("tick",)):
        tianluo = cli if args[0] == "plan" else forked  # the first a real process, the rest in a fork
        refused(tianluo(*args, cwd=shared, timeout=30), f".tianluo: the run home belongs to {mallory}", "chown root")
    assert picture(shared) == before  # nothing written into her folder, nothing of hers used


def test_a_home_link_she_planted_to_a_folder_of_roots_is_never_followed(mallory, shared):
    roots = shared / "roots-folder"
    roots.mkdir(mode=0o755)
    as_user(mallory, f"ln -s {roots} .tianluo", shared)
    refused(cli("start", "tianluo.yaml", "--trigger", "none", "--accept-defaults", cwd=shared, timeout=30),
            f"symbolic link that {mallory} made")
    assert list(roots.iterdir()) == []


def test_a_run_folder_she_swapped_in_does_not_run_her_command_as_root(mallory, shared):
    """Her copy of a run, whose locked command is hers: root's tick refuses it and runs nothing."""
    mine = start_run(shared / "tianluo.yaml", shared / "root-home", shared, "--no-tick")
    hers = shared / "her-home"
    shutil.copytree(mine.parent, hers, symlinks=True)
    run = hers / mine.name
    state = run / "state.json"
    state.write_text(state.read_text().replace("echo trained", f"touch {shared}/pwned"))
    subprocess.run(["chown", "-R", mallory, str(hers)], check=True, timeout=30)
    refused(cli("tick", "--run", run, cwd=shared, timeout=30), f"belongs to {mallory}", f"chown root {hers}")
    refused(forked("tick", "--home", hers, cwd=shared, timeout=30), f"belongs to {mallory}")
    assert not (shared / "pwned").exists()
    assert not (run / "attempts").exists()


def test_links_she_planted_in_her_run_folder_truncate_nothing_of_roots(mallory, shared):
    mine = start_run(shared / "tianluo.yaml", shared / "root-home", shared, "--no-tick")
    hers = shared / "her-home"
    shutil.copytree(mine.parent, hers, symlinks=True)
    run = hers / mine.name
    subprocess.run(["chown", "-R", mallory, str(hers)], check=True, timeout=30)
    elsewhere = shared / "root-snapshots"
    elsewhere.mkdir(mode=0o755)
    as_user(mallory, f"cd {run} && rm -rf .lock events.jsonl snapshots && ln -s {shared}/root-file .lock && "
                     f"ln -s {shared}/root-file events.jsonl && ln -s {elsewhere} snapshots", shared)
    for args in (("tick", "--run", run), ("hold", "a", "--run", run), ("status", "--run", run)):
        refused((cli if args[0] == "tick" else forked)(*args, cwd=shared, timeout=30), mallory)  # the tick real
    assert (shared / "root-file").read_text() == "root's own data\n"
    assert list(elsewhere.iterdir()) == []


def test_links_planted_in_a_run_folder_root_left_writable_are_refused_too(mallory, shared):
    """Root chmod'ed the run folder 0777 by mistake; she plants links in it; nothing is followed."""
    run = start_run(shared / "tianluo.yaml", shared / "root-home", shared, "--no-tick")
    os.chmod(shared / "root-home", 0o777)
    os.chmod(run, 0o777)
    elsewhere = shared / "root-snapshots"
    elsewhere.mkdir(mode=0o755)
    as_user(mallory, f"cd {run} && rm -f .lock events.jsonl && mv snapshots snapshots.old && "
                     f"ln -s {shared}/root-file .lock && "
                     f"ln -s {shared}/root-file events.jsonl && ln -s {elsewhere} snapshots", shared)
    refused(cli("tick", "--run", run, cwd=shared, timeout=30), "writable by group or others", "chmod go-w")
    os.chmod(shared / "root-home", 0o700)
    refused(forked("tick", "--run", run, cwd=shared, timeout=30), f"chmod go-w {run}")
    os.chmod(run, 0o700)  # root fixed the modes, but her links are still there: refused one by one
    proc = forked("tick", "--run", run, cwd=shared, timeout=30)
    refused(proc, "is a symbolic link")
    assert (shared / "root-file").read_text() == "root's own data\n"
    assert list(elsewhere.iterdir()) == []
