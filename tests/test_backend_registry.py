"""The backend registry: names, options as a discriminated choice, capabilities the core asks.

The core (everything in tianluo/ outside tianluo/backends/) decides by capabilities, never by a
backend's name: a test reads the source for comparisons with a backend name.
"""

import ast
import re
from pathlib import Path

import pytest
from conftest import write_spec

from tianluo.backends.base import BackendOptions, Capabilities
from tianluo.backends.registry import REGISTRY, kind, open_backend
from tianluo.errors import SpecError
from tianluo.planning.spec_checks import load_spec

ROOT = Path(__file__).resolve().parent.parent
PIPE = "entities:\n  a: {stages: {x: {run: echo hi}}}\n"
#: what a backend's options need beyond their defaults (the command backend has no default commands)
REQUIRED = {"command": {"submit": "qsub {script}", "status": "qstat {job_ids}", "states": {"R": "running"},
                        "cancel": "qdel {job_id}"}}


def test_every_backend_declares_options_capabilities_and_an_opener(tmp_path):
    assert {"local", "slurm"} <= set(REGISTRY)
    for name, entry in REGISTRY.items():
        assert entry.name == name and entry.summary
        options = entry.options(**REQUIRED.get(name, {}))
        assert isinstance(options, BackendOptions) and options.kind == name
        assert isinstance(options.capabilities(), Capabilities)
        assert options.describe().startswith(name)
        backend = open_backend(options, tmp_path)
        for verb in ("submit", "poll", "find", "cancel", "hold", "release"):
            assert callable(getattr(backend, verb)), (name, verb)


def test_capabilities_say_what_each_backend_can_do():
    local, slurm = REGISTRY["local"].options().capabilities(), REGISTRY["slurm"].options().capabilities()
    assert local.event_ticks and not (local.queue or local.hold_in_queue or local.unreachable or local.exclude_hosts)
    assert slurm.queue and slurm.hold_in_queue and slurm.accounting and slurm.exclude_hosts and slurm.unreachable
    assert not slurm.event_ticks  # a job's exit would start the tick on a compute node, inside its allocation


def test_an_unknown_backend_is_one_line_naming_the_known_ones(tmp_path):
    with pytest.raises(ValueError, match="unknown backend 'pbs'; the backends are .*local.*slurm"):
        kind("pbs")
    with pytest.raises(SpecError) as info:
        load_spec(write_spec(tmp_path, "name: x\nbackend: pbs\n" + PIPE))
    assert "tianluo.yaml:2: backend: unknown backend 'pbs'" in str(info.value)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("text, accounting, timeout", [
    ("backend: slurm\n", "auto", 30.0),
    ("backend: {kind: slurm, accounting: sacct, timeout: 10s}\n", "sacct", 10.0),
    ("backend: slurm\nslurm: {accounting: jobcomp, timeout: 1m}\n", "jobcomp", 60.0),  # the older spelling
])
def test_the_spec_names_a_backend_or_gives_its_options(tmp_path, text, accounting, timeout):
    spec, _ = load_spec(write_spec(tmp_path, "name: x\n" + text + PIPE))
    assert spec.backend.kind == "slurm"
    assert (spec.backend.accounting, spec.backend.timeout) == (accounting, timeout)


@pytest.mark.parametrize("text, line, fragment", [
    ("backend: {kind: slurm, accounting: sometimes}\n", 2, "backend.accounting: Input should be 'auto'"),
    ("backend: {kind: slurm, acounting: sacct}\n", 2, "backend.acounting: unknown key (did you mean 'accounting'?)"),
    ("backend: {accounting: sacct}\n", 2, "backend: Value error, say which backend: kind: one of"),
    ("backend: {kind: slurm, timeout: 1m}\nslurm: {timeout: 2m}\n", 1, "give the Slurm options once"),
    ("backend: local\nslurm: {timeout: 2m}\n", 1, "slurm: options go with backend: slurm"),
])
def test_a_wrong_backend_choice_is_one_line_naming_the_key(tmp_path, text, line, fragment):
    with pytest.raises(SpecError) as info:
        load_spec(write_spec(tmp_path, "name: x\n" + text + PIPE))
    message = str(info.value).replace("Value error, ", "")
    assert fragment.replace("Value error, ", "") in message and "\n" not in message, message


_NAMES = "|".join(sorted(REGISTRY))


def test_the_core_asks_capabilities_never_a_backend_name():
    """No module outside tianluo/backends/ compares a backend with a name (``== "slurm"``)."""
    offenders = []
    for path in sorted((ROOT / "tianluo").rglob("*.py")):
        if "backends" in path.parts:
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                parts = [node.left, *node.comparators]
                names = [p.value for p in parts if isinstance(p, ast.Constant) and isinstance(p.value, str)]
                text = ast.unparse(node)
                if any(re.fullmatch(_NAMES, n) for n in names) and "backend" in text:
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}: {text}")
    assert not offenders, offenders


def test_a_plans_backend_options_survive_state_json_with_defaults_left_out():
    from pure_helpers import state_from_graph

    from tianluo.backends.slurm import SlurmOptions
    from tianluo.models.model import dump_state
    from tianluo.shell.store import parse_state

    state = state_from_graph({"a": {"train": []}})
    assert '"backend"' not in dump_state(state)  # local, the default: left out
    for options in (SlurmOptions(), SlurmOptions(accounting="sacct", timeout=5.0, conf="/etc/slurm/slurm.conf")):
        state.plan.backend = options
        text = dump_state(state)
        assert '"kind": "slurm"' in text  # always written: it says which options model reads the rest
        assert parse_state(text).plan.backend == options


def test_plan_md_names_the_backend(tmp_path):
    from conftest import cli

    spec = write_spec(tmp_path, "name: x\nbackend: {kind: slurm, accounting: sacct}\n" + PIPE)
    cli("plan", spec, "--home", tmp_path / "home", cwd=tmp_path, check=True)
    text = (tmp_path / "home" / "plans" / "x" / "plan.md").read_text()
    assert "on the slurm (accounting sacct) backend" in text
