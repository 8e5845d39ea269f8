"""The house as ARCHITECTURE.md draws it: the pure core imports no I/O and does none, and the
document names every module (so it stays true as modules come and go)."""

import ast
import sys
from pathlib import Path

import pytest
from pure_helpers import T0, at, exited, launched, observe, running, seen, state_from_graph

from tianluo.core.decide import decide

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tianluo"

#: The pure core (ARCHITECTURE.md, "The pure core"): every module of core/, faults/ and models/, and these.
PURE_ELSEWHERE = ("views.analysis", "views.report_data", "views.story", "views.plainjson", "planning.forks",
                  "planning.templating", "planning.replan", "planning.replan_review", "planning.host_spec",
                  "backends.sbatch", "backends.presets", "backends.slurm_text")
PURE = tuple(sorted(f"{folder}.{p.stem}" for folder in ("core", "faults", "models")
                    for p in (PACKAGE / folder).glob("*.py") if p.stem != "__init__")) + PURE_ELSEWHERE
#: What the pure core may not import: I/O, clocks and randomness, and tianluo's own shell.
IO_MODULES = {"os", "subprocess", "socket", "time", "random", "secrets", "uuid", "shutil", "tempfile", "fcntl",
              "psutil", "urllib", "http", "smtplib", "requests", "glob", "io"}
SHELL = {"tianluo.shell", "tianluo.messages", "tianluo.runner", "tianluo.commands", "tianluo.cli",
         "tianluo.backends.local", "tianluo.backends.slurm", "tianluo.backends.command", "tianluo.triggers"}


#: Plain values that shell modules define beside the I/O that makes them: the core may take them as input.
VALUES = {"tianluo.shell.logscan": {"LogLine", "ScanResult", "Cursor"},
          "tianluo.shell.hostspace": {"FsSpace", "MiB", "OK_AGAIN_RULE"}, "tianluo.shell.checkpoints": {"Checkpoint"}}


def _imports(path: Path) -> set[str]:
    """Every module a file imports, at module level or inside a function (not the plain values of VALUES)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            if {a.name for a in node.names} <= VALUES.get(node.module, set()):
                continue
            out.add(node.module)
            if node.module == "tianluo":
                out.update(f"tianluo.{a.name}" for a in node.names)
    return out


@pytest.mark.parametrize("name", PURE)
def test_the_pure_core_imports_no_io_and_no_shell(name):
    imported = _imports(PACKAGE / (name.replace(".", "/") + ".py"))
    io = sorted(m for m in imported if m.split(".")[0] in IO_MODULES)
    shell = sorted(m for m in imported if any(m == s or m.startswith(s + ".") for s in SHELL))
    assert not io and not shell, f"tianluo/{name}: imports {io + shell}"


class _NoIO:
    """An audit hook (they cannot be removed, so it is switched) that fails on files, processes, sockets."""

    WATCHED = ("open", "os.listdir", "os.scandir", "os.remove", "os.rename", "os.mkdir", "os.rmdir", "os.chmod",
               "os.kill", "os.killpg", "os.system", "os.exec", "os.posix_spawn", "os.fork", "subprocess.Popen",
               "socket.connect", "socket.bind", "socket.getaddrinfo", "shutil.copyfile", "shutil.move", "os.truncate",
               "os.link", "os.symlink", "os.utime")
    armed = False
    seen: list[str] = []

    @classmethod
    def hook(cls, event, args):
        if cls.armed and event in cls.WATCHED:
            cls.seen.append(f"{event} {args!r:.120}")


sys.addaudithook(_NoIO.hook)


def test_a_decision_does_no_io_at_runtime():
    """Launch, watch, fail, retry, succeed: every decision on the way touches no file, process or socket."""
    state = state_from_graph({"a": {"train": [], "eval": ["a.train"]}})
    steps = [(observe(), T0)]
    decisions = []
    _NoIO.seen.clear()
    for i in range(6):
        obs, now = steps[-1]
        _NoIO.armed = True
        try:
            d = decide(state, obs, now)
        finally:
            _NoIO.armed = False
        decisions.append(d)
        state = launched(d.state) if d.actions else d.state
        job = [running(), exited(1), running(), exited(0), running(), exited(0)][i]
        steps.append((observe(**{sid: seen(job) for sid in ("a.train", "a.eval")
                                 if state.stage(sid).current() is not None}), at(60 * (i + 1))))
    assert any(d.actions for d in decisions) and any(d.events for d in decisions)  # it did decide things
    assert not _NoIO.seen, _NoIO.seen
    _NoIO.armed = True  # the hook itself sees a file opened
    try:
        (ROOT / "ARCHITECTURE.md").open().close()
    finally:
        _NoIO.armed = False
    assert _NoIO.seen and _NoIO.seen[0].startswith("open ")


def test_architecture_md_names_every_module():
    doc = (ROOT / "ARCHITECTURE.md").read_text()
    modules = sorted(str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py")
                     if p.name not in ("__init__.py", "__main__.py"))
    missing = [m for m in modules if f"`{m}`" not in doc and f"`{Path(m).name}`" not in doc
               and f"{Path(m).name}`" not in doc]
    assert not missing, f"ARCHITECTURE.md does not name {missing}: add each to its table"


def test_architecture_md_draws_the_tree_as_it_is():
    """The tree in ARCHITECTURE.md lists each folder's modules, exactly those on disk."""
    doc = (ROOT / "ARCHITECTURE.md").read_text()
    block = doc.split("## The tree", 1)[1].split("```", 2)[1]
    drawn: dict[str, set[str]] = {}
    folder = ""
    for line in block.strip("\n").splitlines()[1:]:  # after "tianluo/"
        head = line.split("#", 1)[0].strip()
        if line.startswith("  ") and not line.startswith("    "):
            folder = "" if head == "(top)" else head.rstrip("/")
            drawn[folder] = set()
        elif head:
            drawn[folder].update(head.split())
    on_disk: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE)
        if path.name != "__init__.py":
            on_disk.setdefault(str(rel.parent) if rel.parent != Path(".") else "", set()).add(path.name)
    assert drawn == on_disk


#: The import name of each runtime dependency pyproject.toml declares (its distribution name differs).
IMPORT_NAMES = {"google-re2": "re2", "pyyaml": "yaml", "python-crontab": "crontab", "pydantic-core": "pydantic_core"}


def test_runtime_dependencies_are_what_the_package_imports():
    """pyproject's [project].dependencies and the third-party imports of tianluo/ are the same set."""
    import tomllib

    declared = set()
    for req in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]:
        dist = req.split(";")[0].strip()
        for sep in "<>=!~[ ":
            dist = dist.split(sep)[0]
        declared.add(IMPORT_NAMES.get(dist.lower(), dist.lower()))
    imported = set()
    for path in PACKAGE.rglob("*.py"):
        imported |= {m.split(".")[0] for m in _imports(path)}
    third_party = {m for m in imported if m != "tianluo" and m not in sys.stdlib_module_names}
    assert third_party == declared, (f"imported but not declared: {sorted(third_party - declared)}; "
                                     f"declared but never imported: {sorted(declared - third_party)}")


def test_templates_and_examples_are_found_from_a_source_tree_too():
    """Imported from the repository with no install at all (``python -S``: no site-packages, no editable
    finder), the shipped files are the repository's folders: a benchmark run from a clone works."""
    import subprocess

    code = ("import sys; sys.path.insert(0, sys.argv[1]); from tianluo.shipped import shipped, template_text; "
            "assert '{' in template_text('failure-analysis.md'); assert (shipped('examples') / 'demo').is_dir(); "
            "import tianluo.shipped as s; print(s.__file__)")
    out = subprocess.run([sys.executable, "-S", "-c", code, str(ROOT)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == str(PACKAGE / "shipped.py")
