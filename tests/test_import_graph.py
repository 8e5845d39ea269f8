"""The modules of tianluo import each other without a cycle.

Every ``import`` and ``from ... import`` of every module under tianluo/ is read with ``ast``,
at module level AND inside functions (a lazy import hides a cycle from Python, not from a
reader): the graph they draw has no cycle at all.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "tianluo"

#: (importer, imported) -> why this import may close a cycle. Each is inside a function.
def module_names() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def import_graph() -> dict[str, set[str]]:
    """Module -> the tianluo modules it imports anywhere in its text."""
    modules = module_names()

    def owner(name: str) -> str | None:
        """The module ``name`` is, or the module it is an attribute of."""
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        deps: set[str | None] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                deps.update(owner(a.name) for a in node.names if a.name.split(".")[0] == "tianluo")
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package
                    for _ in range(node.level - 1):
                        up = up.rpartition(".")[0]
                    base = f"{up}.{base}" if base else up
                if base.split(".")[0] != "tianluo":
                    continue
                for alias in node.names:  # `from tianluo import spec_parts` imports a module
                    deps.add(owner(f"{base}.{alias.name}") if f"{base}.{alias.name}" in modules else owner(base))
        deps.discard(None)
        deps.discard(name)
        graph[name] = {d for d in deps if d is not None}
    return graph


def cycle_in(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a list of modules, or None (iterative depth-first search)."""
    white, grey, black = 0, 1, 2
    colour = dict.fromkeys(graph, white)
    for root in sorted(graph):
        if colour[root] != white:
            continue
        colour[root] = grey
        path, todo = [root], [iter(sorted(graph[root]))]
        while todo:
            nxt = next(todo[-1], None)
            if nxt is None:
                todo.pop()
                colour[path.pop()] = black
            elif colour.get(nxt, black) == grey:
                return path[path.index(nxt):] + [nxt]
            elif colour.get(nxt, black) == white:
                colour[nxt] = grey
                path.append(nxt)
                todo.append(iter(sorted(graph[nxt])))
    return None


def test_the_graph_is_read_from_every_module_and_sees_imports_inside_functions():
    graph = import_graph()
    assert len(graph) > 60 and "tianluo.backends.slurm" in graph and "tianluo.triggers" in graph
    assert "tianluo.triggers.cron" in graph["tianluo.triggers"]  # `from tianluo.triggers import cron` in a function
    assert "tianluo.views.status" not in graph["tianluo.shell.peek"]  # the finished run's tick is idle_tick.py's
    assert "tianluo.planning.spec_parts" in graph["tianluo.planning.spec"]
    # a cycle planted in a copy of the graph is found
    planted = {k: set(v) for k, v in graph.items()}
    planted["tianluo.models.states"].add("tianluo.planning.spec")
    assert cycle_in(planted) is not None


def test_no_import_cycle():
    """None at all, not even through an import inside a function (it hides a cycle from Python, not from a
    reader following the imports)."""
    cycle = cycle_in(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_spec_models_import_no_cross_field_checks():
    """spec.py is the input models; the checks across fields live in spec_checks.py, which imports them and the
    placeholder machinery (templating), and nothing the checks need imports spec_checks back."""
    graph = import_graph()
    p, m = "tianluo.planning.", "tianluo.models."
    assert not graph[p + "spec"] & {p + "forks", p + "templating", p + "spec_checks", m + "model", m + "plan_model",
                                    p + "plan"}
    assert not graph[p + "spec_parts"] & {p + "spec", p + "forks", p + "templating", p + "spec_checks", m + "model",
                                          m + "plan_model"}
    assert not graph[p + "templating"] & {p + "spec", p + "spec_checks", m + "model"}
    assert {p + "spec", p + "templating"} <= graph[p + "spec_checks"]
    assert not [x for x in (p + "forks", p + "templating", p + "spec") if p + "spec_checks" in graph[x]]
    # the plan's models are apart from the state's: the state imports the plan, never the other way
    assert m + "plan_model" in graph[m + "model"] and m + "model" not in graph[m + "plan_model"]


def test_every_check_of_a_whole_spec_is_in_spec_checks():
    """A function given the spec and its source (for line numbers) checks across its fields: each is in
    spec_checks, but the launchers' fixed-port lines and plan's remarks (programs not there, the run's fit),
    which are warnings plan prints and goes on."""
    found = []
    for name, path in module_names().items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and {"spec", "source"} <= {a.arg for a in node.args.args}:
                found.append((name, node.name))
    assert ("tianluo.planning.spec_checks", "load_spec") not in found  # it takes a path
    assert {n for m, n in found if m == "tianluo.planning.spec_checks"} >= {
        "check_spec", "check_names", "check_graph", "check_checkpoint", "check_deadline", "check_plan_time",
        "check_placeholders"}
    assert sorted((m, n) for m, n in found if m != "tianluo.planning.spec_checks") == [
        ("tianluo.planning.launchers", "port_warnings"), ("tianluo.planning.plan_remarks", "command_warnings"),
        ("tianluo.planning.plan_remarks", "fit_remarks")]


def test_the_plan_is_made_from_a_spec_only_by_build_plan():
    """plan.py's build_plan is the one conversion from spec to plan: no other module constructs a plan's
    records (reading one back, model_validate or model_copy, is not making one)."""
    made = set()
    for name, path in module_names().items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                func = node.func
                called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
                if called in ("Plan", "PlannedEntity", "PlannedStage"):
                    made.add(name)
    assert made == {"tianluo.planning.plan"}


def test_tianluo_itself_uses_the_folders_not_the_old_flat_names():
    """The old flat names (``tianluo.decide``) still import, for scripts written against them; the project's own
    code, tests, scripts and benchmarks use the folders, so the graph above sees every real edge."""
    from tianluo import MOVED

    old = []
    for folder in ("tianluo", "tests", "scripts", "benchmarks", "examples"):
        for path in (ROOT.parent / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    names = [node.module] + ([f"tianluo.{a.name}" for a in node.names] if node.module == "tianluo"
                                             else [])
                old += [f"{path.relative_to(ROOT.parent)}: {n}" for n in names
                        if n.startswith("tianluo.") and n.split(".")[1] in MOVED]
    assert not old, old


def test_an_old_flat_name_is_the_module_in_its_folder():
    import subprocess
    import sys

    from tianluo import MOVED

    assert not [f"{n} -> {f}" for n, f in MOVED.items() if not (ROOT / f / f"{n}.py").is_file()]
    assert not [p.name for p in ROOT.glob("*.py") if p.stem in MOVED]  # never both

    code = ("import sys, tianluo.decide as old, tianluo.core.decide as new\n"
            "from tianluo.logscan import scan\nfrom tianluo.shell import logscan\n"
            "assert old is new and old.__spec__.name == 'tianluo.core.decide' and scan is logscan.scan\n"
            "assert sys.modules['tianluo.decide'] is new\n"
            "try:\n    import tianluo.no_such_module\nexcept ModuleNotFoundError:\n    print('ok')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "ok", out.stderr
