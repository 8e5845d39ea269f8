"""The specs we hand to users validate, and plan.md renders from its skeleton."""

from pathlib import Path

import pytest

from tianluo.planning.plan import build_plan, render_plan_md
from tianluo.planning.spec_checks import load_spec

ROOT = Path(__file__).resolve().parents[1]
SPECS = [ROOT / "templates" / "tianluo.example.yaml", ROOT / "examples" / "demo" / "tianluo.yaml"]


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.parent.name)
def test_shipped_specs_validate(path):
    spec, _ = load_spec(path)
    assert spec.entities


@pytest.mark.parametrize("path", SPECS, ids=lambda p: p.parent.name)
def test_plan_md_fills_every_slot(path):
    spec, _ = load_spec(path)
    text = render_plan_md(build_plan(spec, path))
    assert "{{" not in text
    assert f"# Plan: {spec.name}" in text
    for ename, entity in spec.entities.items():
        assert f"### {ename}" in text
        for sname in entity.stages:
            assert f"**{sname}**" in text
    assert "goes to its terminal state without asking you again" in text


def test_plan_md_states_what_tianluo_may_do_and_the_agent_rung(tmp_path):
    spec, _ = load_spec(SPECS[0])  # the example names an agent
    text = render_plan_md(build_plan(spec, SPECS[0]))
    assert "tianluo may do on its own (`authorization.allow`): submit, resubmit, cancel_hung, degrade;" in text
    assert ("Agent rung: before such a hold, and on an unknown fault, tianluo asks `claude -p --output-format json "
            "--max-turns 3 --allowedTools Read` (at most 5m a call, 20 calls in the run)") in text
    spec, _ = load_spec(SPECS[1])  # the demo does not
    plan_md = render_plan_md(build_plan(spec, SPECS[1]))
    assert "No agent rung: a failure the ladder cannot answer is held for you" in plan_md


def test_every_package_of_the_source_tree_ships_in_the_wheel():
    """pyproject lists its packages by hand (templates/ and examples/ are mapped in): none may be missed."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "tianluo").rglob("__init__.py")}
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"
