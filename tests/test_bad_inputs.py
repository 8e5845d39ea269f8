"""The bad-input corpus (tests/bad_inputs/): every case gets its exit code and one clear line.

Each case runs the real CLI in a fresh folder of its own (see tests/bad_inputs/README.md for
the format). For every case: the exit code is the expected one; stderr is exactly one line
that contains the expected fragment, with no traceback and no "internal error"; and every
file that was on disk before the command is still there, byte for byte and mode for mode
(unless the case allows changes). Cases run a few at a time, under a memory limit, so an
input that makes tianluo eat memory fails here instead of taking the machine down. The first
case of each command in each group (spec, runfolder, cli...) is a real ``python -m tianluo``
process; the others run the same ``main`` in a fork of this process, which has tianluo imported
already (start-up is most of a case's cost): tests/forked_cli.py.
"""

import importlib.util
import json
import os
import resource
import shutil
import stat
import subprocess
import sys
import time
import traceback
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psutil
import pytest
from conftest import clean_env, kill_everything_under, kill_tree, reap_zombie_children, settle
from folder_walks import picture, vanishing
from forked_cli import Command, warm

CORPUS = Path(__file__).resolve().parent / "bad_inputs"
MEMORY_LIMIT = 1536 * 1024 * 1024  # bytes of address space a case's tianluo may take
WORKERS = 4
DEFAULT_TIMEOUT = 60.0
IGNORED = {".lock", ".tick-again"}  # a command may take the lock (and write its pid) before refusing

GOOD_SPEC = """\
name: corpus
backend: local
interval: 10m
entities:
  a:
    params: {lr: 0.001}
    stages:
      train:
        run: echo step 1/2 && echo step 2/2 && echo {lr}
        progress: {regex: 'step (?P<done>\\d+)/(?P<total>\\d+)', stall_after: 5m}
      eval:
        needs: [train]
        run: "true"
success_gate:
  all_done: true
"""


# --- the cases ---------------------------------------------------------------------------------


@dataclass
class Case:
    id: str
    path: Path  # the data file or the .py case
    expect: dict
    setup: object = None  # setup(ctx) for Python cases


def _load_python_case(path: Path) -> Case:
    spec = importlib.util.spec_from_file_location(f"bad_input_{path.parent.name}_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return Case(id=f"{path.parent.name}/{path.stem}", path=path, expect=dict(module.EXPECT),
                setup=getattr(module, "setup", None))


def collect_cases() -> list[Case]:
    cases = []
    for group in sorted(p for p in CORPUS.iterdir() if p.is_dir() and not p.name.startswith(("_", "."))):
        for path in sorted(group.iterdir()):
            if path.name.startswith(("_", ".")) or path.name.endswith(".expect.json"):
                continue
            if path.suffix == ".py":
                cases.append(_load_python_case(path))
                continue
            expect_file = path.with_name(path.name.rsplit(".", 1)[0] + ".expect.json")
            if not expect_file.exists():
                expect_file = path.with_name(path.name + ".expect.json")
            if not expect_file.exists():
                raise AssertionError(f"{path}: a corpus data file needs {expect_file.name} beside it")
            cases.append(Case(id=f"{group.name}/{path.name}", path=path,
                              expect=json.loads(expect_file.read_text(encoding="utf-8"))))
    # An .expect.json whose data file is missing is a broken case, not a silent skip.
    for expect_file in CORPUS.glob("*/*.expect.json"):
        stem = expect_file.name[: -len(".expect.json")]
        if not any(p.name.startswith(stem) and not p.name.endswith(".expect.json")
                   for p in expect_file.parent.iterdir()):
            raise AssertionError(f"{expect_file}: no data file {stem}.* beside it")
    return cases


CASES = collect_cases()


# --- the folder each case runs in ---------------------------------------------------------------


@dataclass
class Draft:
    tmp: Path
    home: Path
    spec: Path
    run: Path
    attempt: Path
    case: Path | None

    @contextmanager
    def edit_json(self, path: Path):
        """The JSON document in ``path``, to change in place; written back with json.dumps on leaving."""
        doc = json.loads(path.read_text())
        yield doc
        path.write_text(json.dumps(doc))


def _cli(args: list[str], cwd: Path, env: dict, timeout: float = DEFAULT_TIMEOUT, stdin: str | None = None):
    return subprocess.run([sys.executable, "-m", "tianluo", *args], cwd=cwd, env=env, input=stdin,
                          capture_output=True, text=True, timeout=timeout, preexec_fn=_limit_memory)


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def _env(tmp: Path, home: Path) -> dict:
    return clean_env(HOME=str(tmp), TIANLUO_HOME=str(home))


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """A started run whose first attempt (a.train) has exited 0 and is not yet looked at."""
    root = tmp_path_factory.mktemp("corpus-template")
    os.chmod(root, 0o700)
    spec = root / "tianluo.yaml"
    spec.write_text(GOOD_SPEC)
    home = root / ".tianluo"
    env = _env(root, home)
    proc = _cli(["start", str(spec), "--trigger", "none", "--accept-defaults"], root, env)
    assert proc.returncode == 0, proc.stderr
    run = Path(proc.stdout.strip().splitlines()[-1])
    deadline = time.monotonic() + 30
    while not list(run.glob("attempts/a/train/1/exit.json")):
        assert time.monotonic() < deadline, "the template run's first attempt never exited"
        time.sleep(0.05)
    settle(root)  # its runner writes on after exit.json: every case copies the template at rest
    return root


def _make_ctx(template: Path, tmp: Path, case: Case) -> Draft:
    """A copy of the template in ``tmp``, every path in it pointing at the copy."""
    shutil.copytree(template, tmp, symlinks=True, dirs_exist_ok=True)
    os.chmod(tmp, 0o700)
    old, new = str(template).encode(), str(tmp).encode()
    for folder, _dirs, files in os.walk(tmp):
        for name in files:
            path = Path(folder) / name
            data = path.read_bytes()
            if old in data:
                mode = stat.S_IMODE(path.stat().st_mode)
                path.write_bytes(data.replace(old, new))
                os.chmod(path, mode)
    home = tmp / ".tianluo"
    run = next(p for p in home.iterdir() if (p / "state.json").is_file())
    data_file = None
    if case.setup is None:
        data_file = tmp / case.path.name
        shutil.copyfile(case.path, data_file)
    return Draft(tmp=tmp, home=home, spec=tmp / "tianluo.yaml", run=run,
               attempt=run / "attempts" / "a" / "train" / "1", case=data_file)


def _fill(arg: str, ctx: Draft) -> str:
    values = {"{case}": str(ctx.case) if ctx.case else "", "{home}": str(ctx.home), "{run}": str(ctx.run),
              "{spec}": str(ctx.spec), "{tmp}": str(ctx.tmp), "{attempt}": str(ctx.attempt)}
    for key, value in values.items():
        arg = arg.replace(key, value)
    return arg


def _picture(root: Path) -> dict[str, tuple]:
    """Every entry under ``root`` but the lock's: see folder_walks.picture (a file gone mid-walk is left out)."""
    return picture(root, IGNORED)


@dataclass
class Result:
    returncode: int
    stdout: str
    stderr: str


@dataclass
class Outcome:
    ctx: Draft | None
    proc: Result | None
    before: dict
    after: dict
    error: str = ""


def _real(case: Case) -> bool:
    """Whether ``case`` runs as a real ``python -m tianluo`` process: the first case of each command in each
    group of the corpus does (every command path, real, at least once); the others run the same ``main``
    in a fork of this process (tests/forked_cli.py)."""
    return case.id == _FIRST_OF_PATH.get(_path(case))


def _path(case: Case) -> tuple[str, str]:
    return case.id.split("/")[0], (case.expect["args"] or ["(none)"])[0]


_FIRST_OF_PATH: dict[tuple[str, str], str] = {}
for _case in CASES:
    _FIRST_OF_PATH.setdefault(_path(_case), _case.id)


def _prepare(case: Case, template: Path, tmp: Path) -> tuple[Draft, dict, list[str], dict]:
    ctx = _make_ctx(template, tmp, case)
    if case.setup is not None:
        case.setup(ctx)
    env = _env(tmp, ctx.home)
    env.update({k: _fill(str(v), ctx) for k, v in case.expect.get("env", {}).items()})
    return ctx, _picture(tmp), [_fill(a, ctx) for a in case.expect["args"]], env


def _start(case: Case, template: Path, work: Path) -> tuple[Command, Draft, dict]:
    tmp = work / case.id.replace("/", "__")
    ctx, before, args, env = _prepare(case, template, tmp)
    expect = case.expect
    command = Command(args, tmp, env, expect.get("stdin"), real=_real(case),
                      timeout=float(expect.get("timeout", DEFAULT_TIMEOUT)), memory_limit=MEMORY_LIMIT)
    return command, ctx, before


def _finish(command: Command, ctx: Draft, before: dict, commands: set[int]) -> Outcome:
    """The ended command's result, and the picture of its folder once nothing it started runs on.

    A tick that launched an attempt leaves its runner behind, still writing (started.json as a
    temp file, then a rename). Orphaned, it is a child of this process (conftest makes pytest a
    subreaper); whatever works in the case's folder is killed before the folder is pictured.
    """
    result = Result(command.code, *command.output())
    others = {child.pid for child in psutil.Process().children()} - commands
    if others:  # the commands still running are left to be waited for: their exit codes are theirs
        reap_zombie_children(others)  # orphans that have ended on their own
        kill_everything_under(ctx.tmp, reap_all=False)
    if command.timed_out:
        return Outcome(ctx, result, before, {}, error=f"timed out after {command.timeout}s")
    return Outcome(ctx, result, before, _picture(ctx.tmp))


def _broken(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}\n" + "".join(traceback.format_exception(exc)[-6:])


def run_cases(cases: list[Case], template: Path, work: Path) -> dict[str, Outcome]:
    """Run ``cases``, WORKERS at a time, from this (main) thread: no fork while threads run.

    Everything done for one case (its folder, its command, the pictures before and after) is
    inside that case's own error handling: what goes wrong is that case's failure, never the
    others'.
    """
    warm()  # everything a command may need, imported once, before forking

    outcomes: dict[str, Outcome] = {}
    running: dict[str, tuple[Command, Draft, dict]] = {}
    queue = list(cases)
    while queue or running:
        while queue and len(running) < WORKERS:
            case = queue.pop(0)
            try:
                running[case.id] = _start(case, template, work)
            except Exception as exc:  # noqa: BLE001 - a broken case: reported on its own test
                outcomes[case.id] = Outcome(None, None, {}, {}, error=_broken(exc))
        for cid, (command, ctx, before) in list(running.items()):
            try:
                if not command.poll():
                    continue
                del running[cid]
                outcomes[cid] = _finish(command, ctx, before, {c.pid for c, _, _ in running.values()})
            except Exception as exc:  # noqa: BLE001 - reported on the case's own test
                running.pop(cid, None)
                kill_tree(command.pid)
                kill_everything_under(ctx.tmp, reap_all=False)
                outcomes[cid] = Outcome(ctx, None, before, {}, error=_broken(exc))
        time.sleep(0.002)
    return outcomes


@pytest.fixture(scope="module")
def outcomes(template, tmp_path_factory, request) -> dict[str, Outcome]:
    """The selected cases, run a few at a time."""
    selected = {item.callspec.params["case"].id for item in request.session.items
                if getattr(item, "originalname", None) == "test_bad_input" and hasattr(item, "callspec")}
    work = tmp_path_factory.mktemp("corpus-cases")
    return run_cases([c for c in CASES if c.id in selected], template, work)


@pytest.fixture(autouse=True)
def _reap_test_processes(request):
    """conftest's, but for a corpus case nothing: its command ran in the ``outcomes`` fixture, in a folder
    of its own that :func:`_finish` cleared of what the command left running, never in the test's tmp_path."""
    if request.node.get_closest_marker("integration") is None or request.node.originalname == "test_bad_input":
        yield
        return
    tmp_path = request.getfixturevalue("tmp_path")
    yield
    kill_everything_under(tmp_path)


def test_the_corpus_is_large_enough():
    groups = {}
    for c in CASES:
        groups.setdefault(c.id.split("/")[0], []).append(c)
    assert len(CASES) >= 120, f"{len(CASES)} cases: {', '.join(f'{g}={len(v)}' for g, v in groups.items())}"


@pytest.mark.integration
@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_input(case: Case, outcomes):
    out = outcomes[case.id]
    assert not out.error, f"{case.id}: {out.error}"
    proc, expect = out.proc, case.expect
    err = proc.stderr.strip()
    shown = f"exit {proc.returncode}\nstderr: {proc.stderr[-2000:]}\nstdout: {proc.stdout[-1000:]}"
    assert "Traceback" not in proc.stderr, shown
    assert "internal error" not in proc.stderr, shown
    assert proc.returncode == expect["exit"], shown
    if expect["exit"] != 0:
        assert err and "\n" not in err, f"not one line on stderr:\n{shown}"
    assert expect["message"].lower() in err.lower(), f"{expect['message']!r} not in stderr:\n{shown}"
    if not expect.get("changes_ok"):
        changed = sorted(k for k in out.before if out.after.get(k) != out.before[k])
        assert not changed, f"changed or lost on disk: {changed[:10]}\n{shown}"


# --- the harness itself -----------------------------------------------------------------------------


def test_a_file_gone_mid_walk_is_left_out_of_the_picture(tmp_path):
    """A live runner's temp file, listed and then renamed into place, once failed the picture."""
    attempt = tmp_path / "attempts" / "a" / "train" / "2"
    attempt.mkdir(parents=True)
    (attempt / "job.json").write_text("{}")
    temp = attempt / ".started.json.tmp-23421-db400f"
    temp.write_text("{}")
    with vanishing(temp, after="stat"):  # looked at, then renamed away before it is read
        seen = _picture(tmp_path)
    assert not temp.exists()  # the race happened
    assert "attempts/a/train/2/job.json" in seen and "attempts/a/train/2/.started.json.tmp-23421-db400f" not in seen


@pytest.mark.integration
def test_a_case_whose_picture_fails_fails_alone(template, tmp_path, monkeypatch):
    """Once the after-picture of one case raised outside the case's error handling, and the
    module fixture, so all 289 cases, failed with it."""
    first, second = [c for c in CASES if c.id.startswith("spec/") and c.setup is None][:2]
    picture_of = _picture
    calls: list[Path] = []

    def failing(root: Path) -> dict:
        calls.append(root)
        if root.name == first.id.replace("/", "__") and calls.count(root) == 2:  # after its command
            raise FileNotFoundError(2, "No such file or directory", str(root / ".started.json.tmp-1-x"))
        return picture_of(root)

    monkeypatch.setattr(sys.modules[__name__], "_picture", failing)
    out = run_cases([first, second], template, tmp_path)
    assert "FileNotFoundError" in out[first.id].error and ".started.json.tmp-1-x" in out[first.id].error
    assert not out[second.id].error and out[second.id].after == out[second.id].before

