"""Trust like ssh: what tianluo creates is the owner's alone, and it acts only on what is (runfs, fsio).

Real CLI processes on real run folders: the first case of each refusal runs as ``python -m tianluo``;
the ticks that drive a run along and the other cases of a refusal run the same ``main`` in a fork of the
test process (tests/forked_cli.py).
The cases that hand a file to another user (chown to ``nobody``) need root, as CI has.
"""

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import forked_cli
import pytest
from conftest import clean_env, cli, settle, wait_for, write_spec

pytestmark = pytest.mark.integration

NOBODY = 65534
needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="handing a file to another user needs root")

SPEC = """\
name: trust
entities:
  a:
    stages:
      train: {run: "echo step 1; echo warn >&2"}
      eval: {needs: [train], run: "exit 3"}
ladder:
  unknown: {retries: 0}
  code: {retries: 0}
  config: {retries: 0}
  transient: {retries: 0}
success_gate:
  all_done: true
"""

QUICK = """\
name: quick
entities:
  a:
    stages:
      train: {run: "true"}
success_gate:
  all_done: true
"""


def _modes(root: Path) -> dict[str, str]:
    out = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            try:
                out[str(path.relative_to(root))] = oct(stat.S_IMODE(path.lstat().st_mode))
            except FileNotFoundError:
                continue  # a temp file renamed into place since it was listed
    return out


def test_home_run_folders_and_every_file_are_the_owners_alone_whatever_the_umask(tmp_path):
    spec = write_spec(tmp_path / "proj", SPEC)
    home = tmp_path / "proj" / ".tianluo"
    env = clean_env()

    def run(*args):  # umask 000: the modes must come from tianluo, not from a careful umask
        return subprocess.run([sys.executable, "-m", "tianluo", *map(str, args)], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=60, preexec_fn=lambda: os.umask(0))

    assert run("plan", spec, "--home", home, "--accept-defaults").returncode == 0
    proc = run("start", spec, "--home", home, "--trigger", "none", "--accept-defaults")
    assert proc.returncode == 0, proc.stderr
    run_dir = Path(proc.stdout.strip().splitlines()[-1])
    for _ in range(60):  # train runs, then eval fails and is held with a failure analysis
        forked_cli.run("tick", "--run", run_dir, cwd=tmp_path, env=env, umask=0)
        if list(run_dir.glob("failures/*.md")):
            break
        wait_for(lambda: True, timeout=0.2)
    settle(tmp_path)  # the last runner's event tick may still be writing
    modes = _modes(home)
    expected = {"plans", "plans/trust", "plans/trust/plan.md",
                f"{run_dir.name}/state.json", f"{run_dir.name}/events.jsonl", f"{run_dir.name}/plan.md",
                f"{run_dir.name}/snapshots", f"{run_dir.name}/failures", f"{run_dir.name}/failures/a__analysis.md",
                f"{run_dir.name}/attempts/a/train/1/stdout", f"{run_dir.name}/attempts/a/train/1/stderr",
                f"{run_dir.name}/attempts/a/train/1/exit.json", f"{run_dir.name}/attempts/a/train/1/started.json",
                f"{run_dir.name}/attempts/a/train/1/job.json", f"{run_dir.name}/attempts/a/train/1/runner.log"}
    assert expected <= set(modes), sorted(expected - set(modes))
    assert oct(stat.S_IMODE(home.stat().st_mode)) == "0o700"
    wrong = {p: m for p, m in modes.items()
             if m != ("0o700" if (home / p).is_dir() and not (home / p).is_symlink() else "0o600")}
    assert not wrong, wrong


def test_a_mode_the_owner_tightened_stays_and_a_wide_one_is_narrowed(tmp_path):
    spec = write_spec(tmp_path / "proj", QUICK)
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    state = run_dir / "state.json"
    os.chmod(state, 0o400)
    forked_cli.run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert stat.S_IMODE(state.stat().st_mode) == 0o400
    assert "submitted" in state.read_text() or "succeeded" in state.read_text()  # it was rewritten
    os.chmod(state, 0o644)  # as an older tianluo left it
    forked_cli.run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert stat.S_IMODE(state.stat().st_mode) == 0o600


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("trust")
    spec = write_spec(root / "proj", QUICK)
    run_dir = forked_cli.start_run(spec, root / "proj" / ".tianluo", root)
    forked_cli.tick_until(run_dir, root)
    settle(root)  # the last runner's event tick may still be writing: the copies are of a folder at rest
    return root


def _copy(template: Path, tmp_path: Path) -> tuple[Path, Path, Path]:
    """A copy of the template project: (project, home, run folder)."""
    proj = tmp_path / "proj"
    shutil.copytree(template / "proj", proj, symlinks=True)
    home = proj / ".tianluo"
    run_dir = next(p for p in home.iterdir() if (p / "state.json").exists())
    return proj, home, run_dir


COMMANDS = {
    "tick": ["tick", "--run", "{run}"],
    "status": ["status", "--run", "{run}"],
    "hold": ["hold", "a", "--run", "{run}"],
    "release": ["release", "a", "--run", "{run}"],
    "diagnose": ["diagnose", "a", "--run", "{run}"],
    "install": ["install", "cron", "--every", "10m", "--run", "{run}"],
    "uninstall": ["uninstall", "--run", "{run}"],
    "stop": ["stop", "--run", "{run}"],
    "daemon": ["daemon", "--every", "1m", "--run", "{run}"],
    "tick-through-home": ["tick", "--home", "{home}"],
    "plan-diff": ["plan", "{spec}", "--diff", "--home", "{home}"],
    "start-replan": ["start", "{spec}", "--replan", "--home", "{home}"],
}


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_refuses_a_run_folder_others_can_write(template, tmp_path, command):
    proj, home, run_dir = _copy(template, tmp_path)
    os.chmod(run_dir, 0o770)
    before = {p: p.read_bytes() for p in run_dir.rglob("*") if p.is_file()}
    args = [a.replace("{run}", str(run_dir)).replace("{home}", str(home)).replace("{spec}", str(proj / "tianluo.yaml"))
            for a in COMMANDS[command]]
    tianluo = cli if command == next(iter(COMMANDS)) else forked_cli.run  # one real process, the rest forked
    proc = tianluo(*args, cwd=tmp_path, timeout=30)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    line = proc.stderr.strip()
    assert "\n" not in line and "Traceback" not in line
    assert f"chmod go-w {run_dir}" in line
    assert {p: p.read_bytes() for p in run_dir.rglob("*") if p.is_file()} == before


def _other_home(home, run_dir):
    os.chown(home, NOBODY, -1)
    return home, "chown"


PROBLEMS = {
    "home-writable": (lambda home, run_dir: (os.chmod(home, 0o777), home)[1], "chmod go-w"),
    "state-writable": (lambda home, run_dir: (os.chmod(run_dir / "state.json", 0o664), run_dir / "state.json")[1],
                       "chmod go-w"),
    "home-of-another": (lambda home, run_dir: (os.chown(home, NOBODY, -1), home)[1], "chown"),
    "run-of-another": (lambda home, run_dir: (os.chown(run_dir, NOBODY, -1), run_dir)[1], "chown"),
    "state-of-another": (lambda home, run_dir: (os.chown(run_dir / "state.json", NOBODY, -1),
                                                run_dir / "state.json")[1], "chown"),
}


@needs_root
@pytest.mark.parametrize("problem", list(PROBLEMS))
def test_refusals_name_the_path_and_the_fix(template, tmp_path, problem):
    proj, home, run_dir = _copy(template, tmp_path)
    make, fix = PROBLEMS[problem]
    path = make(home, run_dir)
    tianluo = cli if problem == next(iter(PROBLEMS)) else forked_cli.run  # one real process, the rest forked
    proc = tianluo("status", "--home", home, cwd=tmp_path, timeout=30)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    line = proc.stderr.strip()
    assert "\n" not in line
    assert f"{path}:" in line and f"{fix} " in line and str(path) in line.split(fix, 1)[1]


@needs_root
def test_start_never_uses_a_home_someone_else_made(tmp_path):
    spec = write_spec(tmp_path / "proj", QUICK)
    home = tmp_path / "proj" / ".tianluo"
    home.mkdir(mode=0o755)
    os.chown(home, NOBODY, NOBODY)
    proc = cli("start", spec, "--home", home, "--trigger", "none", "--accept-defaults", cwd=tmp_path)
    assert proc.returncode == 2 and "belongs to nobody" in proc.stderr
    assert list(home.iterdir()) == []  # nothing was created in it
    proc = forked_cli.run("plan", spec, "--home", home, "--accept-defaults", cwd=tmp_path)
    assert proc.returncode == 2 and list(home.iterdir()) == []


@needs_root
def test_start_refuses_answers_someone_else_planted(tmp_path):
    """It used to exit 0 and lock the planted answers into the run."""
    spec = write_spec(tmp_path / "proj", SPEC)
    home = tmp_path / "proj" / ".tianluo"
    forked_cli.run("plan", spec, "--home", home, cwd=tmp_path)  # the home and plans/ are the owner's
    planted = home / "plans" / "trust" / "answers.json"
    planted.write_text('{"version": 1, "answers": {}}')
    os.chown(planted, NOBODY, NOBODY)
    proc = cli("start", spec, "--home", home, "--trigger", "none", cwd=tmp_path)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert f"{planted}: the plan file belongs to nobody" in proc.stderr
    assert not [p for p in home.iterdir() if p.name not in ("plans", ".gitignore")]  # no run folder


def test_a_home_that_is_a_file_is_refused_before_anything_is_created(tmp_path):
    spec = write_spec(tmp_path / "proj", QUICK)
    not_a_folder = tmp_path / "proj" / "home-file"
    not_a_folder.write_text("x")
    for args in (("start", spec, "--trigger", "none", "--accept-defaults"), ("plan", spec), ("status",)):
        tianluo = cli if args[0] == "start" else forked_cli.run  # start a real process, plan and status forked
        proc = tianluo(*args, "--home", not_a_folder, cwd=tmp_path)
        assert proc.returncode == 2 and str(not_a_folder) in proc.stderr, (args, proc.stderr)
        assert "\n" not in proc.stderr.strip()
    assert not_a_folder.read_text() == "x"


def test_a_cron_log_the_shell_created_world_readable_is_made_the_owners_alone(tmp_path):
    spec = write_spec(tmp_path / "proj", QUICK)
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    log = run_dir / "cron.log"
    log.write_text("a token printed by a job\n")  # as `>> cron.log` under cron's umask 022 leaves it
    os.chmod(log, 0o644)
    forked_cli.run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    assert stat.S_IMODE(log.stat().st_mode) == 0o600
    assert log.read_text() == "a token printed by a job\n"


PLANTED = ["home link to nothing", "home link loop", "plans a file", "plans a fifo", "answers a fifo",
           "answers a folder", "plan.md a folder"]


@pytest.mark.parametrize("planted", PLANTED)
def test_a_home_or_plans_entry_of_the_wrong_kind_is_one_line_for_plan_and_start(tmp_path, planted):
    spec = write_spec(tmp_path / "proj", QUICK)
    home = tmp_path / "proj" / "home"
    if planted.startswith("home"):
        home.symlink_to("/nowhere" if "nothing" in planted else "home")
    else:
        (home / "plans" / "quick").mkdir(parents=True, mode=0o700)
        os.chmod(home, 0o700)
        os.chmod(home / "plans", 0o700)
        where = {"plans": home / "plans", "answers": home / "plans" / "quick" / "answers.json",
                 "plan.md": home / "plans" / "quick" / "plan.md"}[planted.split()[0]]
        if where.is_dir():
            shutil.rmtree(where)
        if planted.endswith("fifo"):
            os.mkfifo(where)
        elif planted.endswith("folder"):
            where.mkdir()
        else:
            where.write_text("x")
    tianluo = cli if planted == PLANTED[0] else forked_cli.run  # real processes once, then in a fork
    for args in (("plan", spec), ("plan", spec, "--diff"), ("start", spec, "--trigger", "none", "--accept-defaults")):
        proc = tianluo(*args, "--home", home, cwd=tmp_path, timeout=30)
        assert proc.returncode == 2, (args, proc.stderr)
        line = proc.stderr.strip()
        assert "\n" not in line and "internal error" not in line and str(home) in line, (args, line)
