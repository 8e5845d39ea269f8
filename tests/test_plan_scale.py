"""``plan`` costs O(stages): one YAML pass, one shell analysis per distinct command, no GC storms.

A hyper-parameter sweep (benchmarks/workloads.py: entities x 5 stages + a fan-in that needs
every entity) is planned in-process at N and 4N entities: the growth in CPU time is about 4x
(a quadratic step would make it 16x). Counts, not timings, for the rest: how many times the
shell analysis ran, and that the collector is back on (and the plan complete) afterwards.
"""

import gc
import statistics
import sys
import time
from pathlib import Path

import pytest
from pure_helpers import write_spec

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.workloads import write_sweep
from tianluo.errors import SpecError
from tianluo.planning import templating
from tianluo.planning.forks import derive
from tianluo.planning.plan import build_plan, render_plan_md
from tianluo.planning.spec_checks import load_spec
from tianluo.planning.yamlsource import load_yaml


def _plan_cpu(spec_path: Path) -> float:
    """CPU seconds of what ``tianluo plan`` does with a spec: load, forks, lock, plan.md."""
    t0 = time.process_time()
    spec, _ = load_spec(spec_path)
    forks = derive(spec)
    plan = build_plan(spec, spec_path)
    render_plan_md(plan, forks)
    return time.process_time() - t0


def test_plan_time_grows_linearly_with_the_stages(tmp_path):
    small = write_sweep(tmp_path / "small", 100, 5)  # 501 stages
    big = write_sweep(tmp_path / "big", 400, 5)  # 2,001 stages, one need-list of 400 stages
    _plan_cpu(small)  # imports and caches warm
    ratios = []
    for _ in range(3):
        ratios.append(_plan_cpu(big) / _plan_cpu(small))
    # linear is ~4; the quadratic plan of before (59 s at 10,000 stages) was ~19x per 10x
    assert statistics.median(ratios) < 6, ratios


def test_the_shell_analysis_runs_once_per_distinct_command(tmp_path):
    """2,000 entities share five command templates: five analyses, not one per stage and call."""
    path = write_sweep(tmp_path, 400, 5)
    templating._analysed.cache_clear()
    spec, _ = load_spec(path)  # check_placeholders: every run command, for every entity
    plan = build_plan(spec, path)  # render: every run command again, with its params
    info = templating._analysed.cache_info()
    assert info.misses == 6, info  # prep, train, eval, export, score and the fan-in's report
    assert info.hits == 2 * 2001 - 6, info
    # still rendered per entity: the params are filled in
    assert plan.entities["lr00007"].stages["train"].command == "true --lr 8e-05 --batch-size 64 --stage train"


def test_values_that_could_name_a_command_get_their_own_analysis(tmp_path):
    """The cache key holds what changes the analysis: a value that may name a shell."""
    one = """\
  a: {params: {tool: cat, arg: "a b"}, stages: {t: {run: "{tool} {arg}"}}}
"""
    two = one + one.replace("a:", "b:").replace("cat", "sh")
    spec, _ = load_spec(write_spec(tmp_path, "name: cmds\nentities:\n" + one, name="one.yaml"))
    assert build_plan(spec, tmp_path / "one.yaml").entities["a"].stages["t"].command == 'cat "${TIANLUO_PARAM_arg}"'
    with pytest.raises(SpecError, match=r"entities\.b\.stages\.t\.run: \{arg\} is after a command name that a "
                                        r"placeholder gives"):
        load_spec(write_spec(tmp_path, "name: cmds\nentities:\n" + two))


def test_the_collector_is_back_on_after_a_spec_good_or_bad(tmp_path):
    assert gc.isenabled()
    load_spec(write_sweep(tmp_path / "good", 3, 2))
    assert gc.isenabled()
    with pytest.raises(SpecError):
        load_spec(write_spec(tmp_path, "name: x\nentities: {a: {stages: {t: {run: true, run: false}}}}\n"))
    assert gc.isenabled()


def test_one_pass_builds_what_a_loader_builds(tmp_path):
    """Merge keys (their keys first, the mapping's own win), aliases as the same object, lines."""
    source = load_yaml(write_spec(tmp_path, """\
base: &b {x: 1, y: 2}
more: &m {y: 3, w: 4}
one: {<<: *b, y: 9, z: 0}
two:
  <<: [*b, *m]
  q: yes
list: &l [1, 2.5, null, '007', 2001-12-14]
again: *l
"""))
    data = source.data
    assert data["one"] == {"x": 1, "y": 9, "z": 0} and list(data["one"]) == ["x", "y", "z"]
    assert data["two"] == {"y": 2, "w": 4, "x": 1, "q": True}  # the first merged mapping wins
    assert data["again"] is data["list"] and data["list"][:4] == [1, 2.5, None, "007"]
    assert source.line_of(("two", "q")) == 6 and source.line_of(("list", 3)) == 7


def test_a_tagged_collection_is_refused_in_words(tmp_path):
    with pytest.raises(SpecError, match=r"tianluo.yaml:3: entities.a.stages.t.needs: the tag !!set is not read here; "
                                        r"write a plain mapping"):
        load_spec(write_spec(tmp_path, "name: x\nentities:\n  a: {stages: {t: {run: 'true', needs: !!set {u}}}}\n"))
