"""tianluo.planning.forks: every plan-time fork derived from a spec, and the checks of plan-time keys.

Pure: small spec files in, ``Fork`` values out (or one-line ``SpecError``s naming file, line
and key). The five derived types (resource, cross, risk, branch, output) and the spec's own
(custom) forks, in the order that gives them their ``Q1``... ids.
"""

import pytest
from pure_helpers import write_spec

from tianluo.errors import EXIT_USAGE, SpecError
from tianluo.planning.answers import qids
from tianluo.planning.forks import TYPES, Fork, derive
from tianluo.planning.spec_checks import load_spec

HEADER = "name: forks-test\n"


def forks_of(tmp_path, text: str) -> list[Fork]:
    spec, _ = load_spec(write_spec(tmp_path, text))
    return derive(spec)


def summary(forks: list[Fork]) -> list[tuple]:
    return [(f.key, f.type, f.options, f.default) for f in forks]


# --- one spec per fork type ------------------------------------------------------------

NO_FORKS = """
name: plain
entities:
  a:
    params: {batch_size: 64}
    stages:
      train: {run: 'python train.py --bs {batch_size}', expected: 1h, resources: {gpus: 2}}
      eval: {run: python eval.py, needs: [train], output: {path: out/eval.json, destination: /data}}
"""

CUSTOM = """
name: custom
forks:
  dataset: {question: "Which data set?", options: [small, full], default: small, cost: "the small one runs"}
  seed: {question: "Which seed?", options: ["1", "2", "3"], default: "2"}
entities:
  a:
    stages:
      train: {run: 'python train.py --data {dataset} --seed {seed}'}
"""

RESOURCE_LONG = """
name: long
entities:
  a:
    stages:
      train: {run: python train.py, expected: 14h}
"""

RESOURCE_WIDE = """
name: wide
entities:
  a:
    stages:
      train: {run: python train.py, resources: {gpus: 8}}
"""

CROSS = """
name: cross
entities:
  a:
    stages:
      train: {run: python train.py}
  b:
    stages:
      eval: {run: python eval.py, needs: [a.train]}
"""

RISK = """
name: risk
entities:
  a:
    params: {batch_size: 64}
    stages:
      train:
        run: python train.py --bs {batch_size}
        variants: {small: 'python train.py --small --bs {batch_size}'}
        degrade:
          cuda_oom:
            - {name: halve_batch, params: {batch_size: {divide: 2, floor: 8}}}
            - {name: small_model, variant: small}
          nccl_timeout:
            - {name: smaller_batch, params: {batch_size: {choose: [32, 16]}}}
"""

BRANCH = """
name: branch
entities:
  a:
    stages:
      eval: {run: python eval.py}
      big:
        needs: [eval]
        when: {metric: {file: out/eval.json, key: acc, op: '>=', value: 0.8}}
        run: python big.py
      small:
        needs: [eval]
        when: {metric: {file: out/eval.json, key: acc, op: '<', value: 0.8}}
        run: python small.py
"""

OUTPUT = """
name: output
entities:
  a:
    stages:
      train: {run: python train.py, output: {path: 'out/{entity}/model.ckpt'}}
"""


@pytest.mark.parametrize("text, expected", [
    pytest.param(NO_FORKS, [], id="none"),
    pytest.param(CUSTOM, [("custom:dataset", "custom", ("small", "full"), "small"),
                          ("custom:seed", "custom", ("1", "2", "3"), "2")], id="custom"),
    pytest.param(RESOURCE_LONG, [("resource:a.train", "resource", ("go", "hold"), "go")], id="resource-long"),
    pytest.param(RESOURCE_WIDE, [("resource:a.train", "resource", ("go", "hold"), "go")], id="resource-wide"),
    pytest.param(CROSS, [("cross:b.eval:a.train", "cross", ("wait", "go"), "wait")], id="cross"),
    pytest.param(RISK, [("risk:a.train:cuda_oom", "risk", ("halve_batch", "small_model", "hold"), "hold"),
                        ("risk:a.train:nccl_timeout", "risk", ("smaller_batch", "hold"), "hold")], id="risk"),
    pytest.param(BRANCH, [("branch:a:big,small", "branch", ("metric", "big", "small"), "metric")], id="branch"),
    pytest.param(OUTPUT, [("output:a.train", "output", ("keep",), "keep")], id="output"),
])
def test_each_fork_type_is_derived_with_its_options_and_default(tmp_path, text, expected):
    forks = forks_of(tmp_path, text)
    assert summary(forks) == expected
    for fork in forks:
        assert fork.type in TYPES
        assert fork.default in fork.options  # leaving it open is always one of the options
        assert fork.question and fork.cost  # every fork says what it asks and what deferring costs


def test_custom_forks_keep_the_specs_question_and_cost(tmp_path):
    dataset, seed = forks_of(tmp_path, CUSTOM)
    assert dataset.question == "Which data set?"
    assert dataset.cost == "the small one runs"
    assert seed.cost == "tianluo runs with '2'"  # no cost given: what the default means
    assert not dataset.free_form


def test_the_resource_question_names_the_time_and_the_gpus(tmp_path):
    (long,) = forks_of(tmp_path, RESOURCE_LONG)
    assert "~14h" in long.question and "a.train" in long.question
    assert "GPU" not in long.question
    (wide,) = forks_of(tmp_path, RESOURCE_WIDE)
    assert "on 8 GPUs" in wide.question
    assert "unknown time" in wide.question  # nothing says how long: it says so
    assert "a.train" in wide.cost


def test_the_risk_question_describes_each_change(tmp_path):
    oom, nccl = forks_of(tmp_path, RISK)
    assert "cuda_oom" in oom.question
    assert "halve_batch: batch_size/2 (floor 8)" in oom.question
    assert "small_model: switch to variant small" in oom.question
    assert "smaller_batch: batch_size: next of [32, 16]" in nccl.question
    assert oom.cost == "tianluo holds a.train and waits for you"


def test_the_cross_question_names_both_stages(tmp_path):
    (fork,) = forks_of(tmp_path, CROSS)
    assert "b.eval waits for a.train" in fork.question
    assert "a.train" in fork.cost


def test_the_branch_question_gives_each_condition(tmp_path):
    (fork,) = forks_of(tmp_path, BRANCH)
    assert "after eval" in fork.question
    assert "big when out/eval.json:acc >= 0.8" in fork.question
    assert "small when out/eval.json:acc < 0.8" in fork.question


def test_an_output_fork_also_takes_a_folder(tmp_path):
    (fork,) = forks_of(tmp_path, OUTPUT)
    assert fork.free_form
    assert "out/{entity}/model.ckpt" in fork.question
    assert fork.accepts("keep")
    assert fork.accepts("/data/checkpoints")
    assert not fork.accepts("   ")
    assert not fork.accepts("")


def test_a_fork_without_free_form_accepts_only_its_options(tmp_path):
    (fork,) = forks_of(tmp_path, CROSS)
    assert fork.accepts("go") and fork.accepts("wait")
    assert not fork.accepts("Go")
    assert not fork.accepts("/some/folder")
    assert not fork.accepts("")


# --- thresholds ------------------------------------------------------------------------------


def one_stage(stage: str, ask_above: str = "") -> str:
    return HEADER + ask_above + f"entities:\n  a:\n    stages:\n      train: {{run: python t.py{stage}}}\n"


@pytest.mark.parametrize("stage, ask_above, asked", [
    (", expected: 5h", "", True),  # default: above 4h
    (", expected: 3h", "", False),
    (", resources: {gpus: 5}", "", True),  # default: 4 GPUs and more
    (", resources: {gpus: 4}", "", True),  # "on at least ask_above.gpus GPUs"
    (", resources: {gpus: 3}", "", False),
    (", expected: 3h, resources: {gpus: 2}", "", False),
    ("", "", False),  # nothing known about the stage: nothing to ask
    (", expected: 2h", "ask_above: {expected: 1h}\n", True),
    (", expected: 2h", "ask_above: {expected: 3h}\n", False),
    (", expected: 5h", "ask_above: {expected: 10h}\n", False),  # the spec's threshold, not the default
    (", resources: {gpus: 2}", "ask_above: {gpus: 1}\n", True),
    (", resources: {gpus: 8}", "ask_above: {gpus: 16}\n", False),
    (", resources: {gpus: 64}", "ask_above: {gpus: 0}\n", False),  # 0: never ask about GPUs
    (", expected: 1h, resources: {gpus: 8}", "ask_above: {expected: 10h, gpus: 4}\n", True),  # either is enough
])
def test_resource_forks_follow_ask_above(tmp_path, stage, ask_above, asked):
    forks = forks_of(tmp_path, one_stage(stage, ask_above))
    assert [f.key for f in forks] == (["resource:a.train"] if asked else [])


def test_a_stage_expected_to_take_exactly_the_threshold_is_not_asked_about(tmp_path):
    assert forks_of(tmp_path, one_stage(", expected: 4h")) == []


# --- what is not a fork --------------------------------------------------------------------


def test_no_output_fork_for_an_output_another_stage_consumes(tmp_path):
    forks = forks_of(tmp_path, """
        name: consumed
        entities:
          a:
            stages:
              train: {run: python train.py, output: {path: 'out/{entity}/model.ckpt'}}
              eval: {run: python eval.py, needs: [train], output: {path: 'out/{entity}/eval.json'}}
          b:
            stages:
              make: {run: python make.py, output: {path: out/b.bin}}
              use: {run: python use.py, needs: [b.make]}
        """)
    # a.train feeds a.eval, b.make feeds b.use: only a.eval's output is a final artifact
    assert [f.key for f in forks] == ["output:a.eval"]


def test_no_output_fork_when_the_spec_gives_a_destination(tmp_path):
    forks = forks_of(tmp_path, """
        name: dest
        entities:
          a:
            stages:
              train: {run: python train.py, output: {path: out/model.ckpt, destination: /data/keep}}
        """)
    assert forks == []


def test_a_need_within_the_entity_is_not_a_cross_fork(tmp_path):
    forks = forks_of(tmp_path, """
        name: local-needs
        entities:
          a:
            stages:
              train: {run: python train.py}
              eval: {run: python eval.py, needs: [train]}
              again: {run: python eval.py, needs: [a.eval]}
        """)
    assert forks == []


# --- order, ids, stable keys -----------------------------------------------------------------

ALL_TYPES = """
name: everything
forks:
  dataset: {question: "Which data?", options: [small, full], default: small}
entities:
  a:
    params: {batch_size: 64}
    stages:
      train:
        run: python train.py --bs {batch_size} --data {dataset}
        expected: 14h
        resources: {gpus: 8}
        degrade:
          cuda_oom:
            - {name: halve_batch, params: {batch_size: {divide: 2}}}
      eval: {run: python eval.py, needs: [train]}
      big:
        needs: [eval]
        when: {metric: {file: out/eval.json, key: acc, op: '>=', value: 0.8}}
        run: python big.py
        output: {path: out/big.ckpt}
      small:
        needs: [eval]
        when: {metric: {file: out/eval.json, key: acc, op: '<', value: 0.8}}
        run: python small.py
  b:
    stages:
      report: {run: python report.py, needs: [a.eval], output: {path: out/report.json}}
"""

ALL_KEYS = [
    "custom:dataset",
    "resource:a.train",
    "risk:a.train:cuda_oom",
    "output:a.big",
    "branch:a:big,small",
    "cross:b.report:a.eval",
    "output:b.report",
]


def test_forks_come_in_a_stable_order_and_take_ids_q1_on(tmp_path):
    forks = forks_of(tmp_path, ALL_TYPES)
    assert [f.key for f in forks] == ALL_KEYS
    assert {f.type for f in forks} == set(TYPES)
    ids = qids(forks)
    assert list(ids) == [f"Q{i}" for i in range(1, len(ALL_KEYS) + 1)]
    assert [f.key for f in ids.values()] == ALL_KEYS
    assert forks_of(tmp_path, ALL_TYPES) == forks  # the same spec, the same forks


def test_fork_keys_stay_when_a_stage_and_an_entity_are_added(tmp_path):
    before = {f.key: f for f in forks_of(tmp_path, ALL_TYPES)}
    grown = ALL_TYPES.replace("entities:\n", """entities:
  first:
    stages:
      long: {run: python long.py, expected: 20h}
""", 1).replace("      eval: {run: python eval.py, needs: [train]}\n",
                "      warm: {run: python warm.py, resources: {gpus: 16}}\n"
                "      eval: {run: python eval.py, needs: [train]}\n", 1)
    after = forks_of(tmp_path, grown)
    keys = [f.key for f in after]
    assert keys[:3] == ["custom:dataset", "resource:first.long", "resource:a.train"]
    assert "resource:a.warm" in keys
    for key, fork in before.items():  # every old fork is still there, unchanged
        assert key in keys
        assert after[keys.index(key)] == fork
    # the ids moved (Q2 is a new fork now); answers are kept by key, not by id
    assert qids(after)["Q2"].key == "resource:first.long"
    assert qids(forks_of(tmp_path, ALL_TYPES))["Q2"].key == "resource:a.train"


# --- spec validation of plan-time keys ----------------------------------------------------

DEGRADE_SPEC = """\
name: bad
entities:
  a:
    params: {batch_size: 64, lr: 0.1}
    stages:
      train:
        run: python t.py --bs {batch_size} --lr {lr}
        variants: {small: python t.py --small}
        degrade:
          cuda_oom:
%s
"""
ACTION_LINE = 11  # the line of the first action in DEGRADE_SPEC
ACTION = "entities.a.stages.train.degrade.cuda_oom[0]"


def spec_error(tmp_path, text: str) -> str:
    path = write_spec(tmp_path, text)
    with pytest.raises(SpecError) as info:
        load_spec(path)
    message = str(info.value)
    assert "\n" not in message
    assert info.value.exit_code == EXIT_USAGE
    assert message.startswith(f"{path}:")
    return message[len(str(path)):]


@pytest.mark.parametrize("action, line, key, says", [
    ("- {name: shrink, variant: tiny}", ACTION_LINE, f"{ACTION}.variant", "no variant 'tiny' (variants: small)"),
    ("- {name: shrink, params: {batch: {divide: 2}}}", ACTION_LINE, f"{ACTION}.params.batch",
     "a has no param 'batch'"),
    ("- {name: other_host, exclude_host: true}", ACTION_LINE, f"{ACTION}.exclude_host",
     "the local backend cannot take a stage off a host"),
    ("- {name: shrink, params: {batch_size: {set: 8, divide: 2}}}", ACTION_LINE, f"{ACTION}.params.batch_size",
     "give exactly one of set, multiply, divide, choose"),
    ("- {name: shrink, params: {batch_size: {}}}", ACTION_LINE, f"{ACTION}.params.batch_size",
     "give exactly one of set, multiply, divide, choose"),
    ("- {name: shrink, params: {batch_size: {set: 8, floor: 4}}}", ACTION_LINE, f"{ACTION}.params.batch_size",
     "floor goes with multiply or divide"),
    ("- {name: shrink, params: {batch_size: {choose: [16], floor: 4}}}", ACTION_LINE,
     f"{ACTION}.params.batch_size", "floor goes with multiply or divide"),
    ("- {name: shrink, params: {batch_size: {divide: 0}}}", ACTION_LINE, f"{ACTION}.params.batch_size.divide",
     "greater than 0"),
    ("- {name: shrink, params: {batch_size: {multiply: -1}}}", ACTION_LINE,
     f"{ACTION}.params.batch_size.multiply", "greater than 0"),
    ("- {name: shrink, params: {batch_size: {choose: []}}}", ACTION_LINE, f"{ACTION}.params.batch_size.choose",
     "at least 1 item"),
    ("- {name: shrink, params: {batch_size: {halve: true}}}", ACTION_LINE, f"{ACTION}.params.batch_size.halve",
     "unknown key"),
    ("- {name: hold, params: {batch_size: {divide: 2}}}", ACTION_LINE, f"{ACTION}.name", "other than 'hold'"),
    ("- {name: Shrink, params: {batch_size: {divide: 2}}}", ACTION_LINE, f"{ACTION}.name", "lower-case"),
    ("- {name: shrink}", ACTION_LINE, ACTION, "changes params, switches variant, or excludes the host"),
    ("- {name: shrink, variant: small}\n            - {name: shrink, params: {batch_size: {divide: 2}}}",
     10, "entities.a.stages.train.degrade.cuda_oom", "action names must differ"),
])
def test_bad_degrade_actions_are_one_line_with_file_line_and_key(tmp_path, action, line, key, says):
    message = spec_error(tmp_path, DEGRADE_SPEC % ("            " + action))
    assert message.startswith(f":{line}: {key}: "), message
    assert says in message


def test_a_bad_fault_label_under_degrade(tmp_path):
    text = DEGRADE_SPEC.replace("cuda_oom:", "CUDA-OOM:") % "            - {name: shrink, variant: small}"
    message = spec_error(tmp_path, text)
    assert message.startswith(":10: entities.a.stages.train.degrade.CUDA-OOM: "), message
    assert "fault label or class" in message


def test_a_bad_key_in_a_block_style_action_names_its_own_line(tmp_path):
    message = spec_error(tmp_path, DEGRADE_SPEC % (
        "            - name: shrink\n"
        "              params:\n"
        "                batch: {divide: 2}"))
    assert message.startswith(f":13: {ACTION}.params.batch: "), message


FORK_SPEC = """\
name: bad-forks
forks:
  mode:
    question: "Which mode?"
    options: [fast, safe]
    default: fast
%s
entities:
  a:
    params: {batch_size: 64}
    stages:
      train: {run: 'python t.py --bs {batch_size} --mode {mode}'}
"""


@pytest.mark.parametrize("extra, line, key, says", [
    ("  batch_size: {question: q, options: [a, b], default: a}", 7, "forks.batch_size",
     "clashes with a param of a"),
    ("  other: {question: q, options: [a, b], default: c}", 7, "forks.other",
     "default 'c' is not one of the options"),
    ("  entity: {question: q, options: [a, b], default: a}", 7, "forks.entity", "fork names are identifiers"),
    ("  other: {question: q, options: [a], default: a}", 7, "forks.other.options", "at least 2 items"),
    ("  other: {question: '', options: [a, b], default: a}", 7, "forks.other.question", "at least 1 character"),
    ("  other: {question: q, options: [a, b]}", 7, "forks.other.default", "required key is missing"),
    ("  other: {question: q, options: [a, b], default: a, answer: b}", 7, "forks.other.answer", "unknown key"),
])
def test_bad_forks_are_one_line_with_file_line_and_key(tmp_path, extra, line, key, says):
    message = spec_error(tmp_path, FORK_SPEC % extra)
    assert message.startswith(f":{line}: {key}: "), message
    assert says in message


def test_a_fork_default_outside_its_options_points_at_the_fork(tmp_path):
    message = spec_error(tmp_path, (FORK_SPEC % "").replace("default: fast", "default: slow"))
    assert message.startswith(":3: forks.mode: "), message
    assert "default 'slow' is not one of the options ['fast', 'safe']" in message


def test_a_custom_fork_is_a_known_placeholder(tmp_path):
    spec, _ = load_spec(write_spec(tmp_path, FORK_SPEC % ""))
    assert [f.key for f in derive(spec)] == ["custom:mode"]
    message = spec_error(tmp_path, (FORK_SPEC % "").replace("--mode {mode}", "--mode {speed}"))
    assert "unknown placeholder {speed}" in message


@pytest.mark.parametrize("block, key, says", [
    ("authorization: {allow: [submit, reboot]}", "authorization.allow[1]", "Input should be"),
    ("ask_above: {gpus: -1}", "ask_above.gpus", "greater than or equal to 0"),
    ("ask_above: {expected: soon}", "ask_above.expected", ""),
    ("ask_above: {hours: 3}", "ask_above.hours", "unknown key"),
])
def test_bad_authorization_and_ask_above(tmp_path, block, key, says):
    message = spec_error(tmp_path, (FORK_SPEC % "") + block + "\n")
    assert message.startswith(f":13: {key}: "), message
    assert says in message


def test_good_plan_time_keys_load(tmp_path):
    spec, _ = load_spec(write_spec(tmp_path, (DEGRADE_SPEC % (
        "            - {name: halve, params: {batch_size: {divide: 2, floor: 8}}}\n"
        "            - {name: lower_lr, params: {lr: {multiply: 0.5}}, variant: small}\n"
        "            - {name: pick, params: {batch_size: {choose: [32, 16]}, lr: {set: 0.01}}}"))
        + "authorization: {allow: [submit, degrade]}\nask_above: {expected: 30m, gpus: 2}\n"))
    stage = spec.entities["a"].stages["train"]
    assert [a.name for a in stage.degrade["cuda_oom"]] == ["halve", "lower_lr", "pick"]
    assert spec.authorization.allow == ["submit", "degrade"]
    assert spec.ask_above.expected == 1800 and spec.ask_above.gpus == 2
