"""tianluo.planning.spec + tianluo.planning.yamlsource: load_spec on real files; every error is one line
naming the file, the exact line and the dotted key."""

import re

import pytest
from pure_helpers import write_spec

from tianluo.errors import EXIT_USAGE, SpecError
from tianluo.planning.spec import resolve_need
from tianluo.planning.spec_checks import load_spec
from tianluo.planning.yamlsource import dotted, load_yaml

FULL_SPEC = r"""
name: sft-sweep
backend: local
interval: 10m
entities:
  lr-3e-4:
    params: {lr: 3.0e-4, batch_size: 32, tag: base, fp16: true}
    stages:
      train:
        run: python train.py --lr {lr} --batch-size {batch_size} --out out/{entity}
        progress: {regex: 'step (?P<done>\d+)/(?P<total>\d+)', stall_after: 30m}
        output: {path: 'out/{entity}/last.ckpt', grows_within: 1h}
        done_when:
          exists: 'out/{entity}/final.ckpt'
          metric: {file: 'out/{entity}/train.json', key: metrics.loss, op: '<', value: 2.5}
        expected: 6h
      eval:
        needs: [train]
        run: python eval.py out/{entity}
        done_when:
          metric:
            - {file: 'out/{entity}/eval.json', key: accuracy, op: '>=', value: 0.8}
  lr-1e-4:
    stages:
      eval:
        needs: [lr-3e-4.train]
        run: python eval.py out/{entity}
success_gate:
  all_done: true
  exists: [out/summary.json]
  mode: complete-and-exit
  deadline: 48h
ladder:
  transient: {retries: 3, backoff: [0s, 10m, 30m]}
  config: {retries: 1}
  unknown: {retries: 2, backoff: 5m}
  code: {retries: 0}
"""


def error_of(tmp_path, text: str) -> tuple[str, str]:
    """Load ``text`` as a spec that must fail; return (path, message) and check it is one line."""
    path = write_spec(tmp_path, text)
    with pytest.raises(SpecError) as info:
        load_spec(path)
    message = str(info.value)
    assert "\n" not in message, message
    assert info.value.exit_code == EXIT_USAGE
    return str(path), message


def assert_error(tmp_path, text: str, line: int, key: str, fragment: str) -> str:
    path, message = error_of(tmp_path, text)
    assert message.startswith(f"{path}:{line}: {key}: "), message
    assert fragment in message, message
    return message


# --- a valid spec --------------------------------------------------------------------


def test_full_spec_loads_every_key(tmp_path):
    spec, _ = load_spec(write_spec(tmp_path, FULL_SPEC))
    assert spec.name == "sft-sweep"
    assert spec.backend.kind == "local" and spec.backend.capabilities().event_ticks
    assert spec.interval == 600.0
    assert list(spec.entities) == ["lr-3e-4", "lr-1e-4"]
    assert spec.entities["lr-3e-4"].params == {"lr": 3.0e-4, "batch_size": 32, "tag": "base", "fp16": True}


def test_full_spec_loads_stage_keys(tmp_path):
    spec, _ = load_spec(write_spec(tmp_path, FULL_SPEC))
    train = spec.entities["lr-3e-4"].stages["train"]
    assert train.run.startswith("python train.py --lr {lr}")
    assert train.needs == []
    assert train.progress.regex == r"step (?P<done>\d+)/(?P<total>\d+)"
    assert train.progress.stall_after == 1800.0
    assert train.output.path == "out/{entity}/last.ckpt"
    assert train.output.grows_within == 3600.0
    assert train.expected == 21600.0


def test_full_spec_turns_single_done_when_items_into_lists(tmp_path):
    spec, _ = load_spec(write_spec(tmp_path, FULL_SPEC))
    done = spec.entities["lr-3e-4"].stages["train"].done_when
    assert done.exists == ["out/{entity}/final.ckpt"]
    assert [(m.file, m.key, m.op, m.value) for m in done.metric] == [
        ("out/{entity}/train.json", "metrics.loss", "<", 2.5)]
    (metric,) = spec.entities["lr-3e-4"].stages["eval"].done_when.metric
    assert (metric.key, metric.op, metric.value) == ("accuracy", ">=", 0.8)


def test_full_spec_keeps_needs_as_written(tmp_path):
    spec, _ = load_spec(write_spec(tmp_path, FULL_SPEC))
    assert spec.entities["lr-3e-4"].stages["eval"].needs == ["train"]
    assert spec.entities["lr-1e-4"].stages["eval"].needs == ["lr-3e-4.train"]


def test_full_spec_loads_gate_and_ladder(tmp_path):
    spec, _ = load_spec(write_spec(tmp_path, FULL_SPEC))
    gate = spec.success_gate
    assert (gate.all_done, gate.exists, gate.mode, gate.deadline) == (
        True, ["out/summary.json"], "complete-and-exit", 48 * 3600.0)
    assert spec.ladder.transient.retries == 3
    assert spec.ladder.transient.backoff == [0.0, 600.0, 1800.0]
    assert spec.ladder.config.retries == 1 and spec.ladder.config.backoff is None
    assert spec.ladder.unknown.backoff == [300.0]  # a single duration becomes a list
    assert spec.ladder.code.retries == 0


def test_minimal_spec_gets_defaults(tmp_path):
    spec, _ = load_spec(write_spec(tmp_path, """
        name: tiny
        entities:
          a: {stages: {x: {run: echo hi}}}
    """))
    assert spec.backend.kind == "local"
    assert spec.interval == 600.0
    assert spec.success_gate.all_done is True
    assert spec.success_gate.deadline is None
    assert spec.ladder.transient is None


def test_needs_may_be_a_single_string(tmp_path):
    spec, _ = load_spec(write_spec(tmp_path, """
        name: x
        entities:
          a:
            stages:
              x: {run: echo}
              y: {run: echo, needs: x}
    """))
    assert spec.entities["a"].stages["y"].needs == ["x"]


def test_source_remembers_the_line_of_every_key(tmp_path):
    _, source = load_spec(write_spec(tmp_path, FULL_SPEC))
    assert source.line_of(("interval",)) == 3
    assert source.line_of(("entities", "lr-3e-4", "stages", "train", "run")) == 9
    assert source.line_of(("entities", "lr-3e-4", "stages", "eval", "needs", 0)) == 17
    assert source.line_of(("ladder", "code")) == 36


def test_source_falls_back_to_the_nearest_ancestor_line(tmp_path):
    _, source = load_spec(write_spec(tmp_path, FULL_SPEC))
    assert source.line_of(("entities", "lr-3e-4", "stages", "train", "no_such_key")) == 8


@pytest.mark.parametrize(("loc", "text"), [
    (("entities", "a", "stages", "train", "needs", 0), "entities.a.stages.train.needs[0]"),
    (("interval",), "interval"),
    ((), "(top level)"),
])
def test_dotted_spells_locations(loc, text):
    assert dotted(loc) == text


# --- errors: file and YAML -----------------------------------------------------------


def test_missing_file_is_a_spec_error(tmp_path):
    path = tmp_path / "nope.yaml"
    with pytest.raises(SpecError, match=re.escape(f"{path}: no such file")):
        load_spec(path)


def test_yaml_syntax_error_names_file_and_line(tmp_path):
    path, message = error_of(tmp_path, """
        name: x
        entities:
          a:
            stages:
              train:
                run: echo
               needs: []
    """)
    assert message.startswith(f"{path}:7: YAML error: "), message


def test_unclosed_bracket_names_the_line_where_it_opened(tmp_path):
    path, message = error_of(tmp_path, """
        name: x
        entities:
          a:
            stages:
              train: {run: [echo
    """)
    assert message.startswith(f"{path}:5: YAML error: "), message


@pytest.mark.parametrize("text", ["- a\n- b\n", "", "just a string\n"])
def test_spec_that_is_not_a_mapping_is_rejected(tmp_path, text):
    path, message = error_of(tmp_path, text)
    assert message == f"{path}: the spec must be a mapping with at least 'name' and 'entities'"


def test_duplicate_key_names_both_lines(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a:
            stages:
              x:
                run: echo
                run: echo again
    """, 7, "entities.a.stages.x.run", "duplicate key (first at line 6)")


def test_duplicate_entity_is_rejected(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a: {stages: {x: {run: echo}}}
          a: {stages: {y: {run: echo}}}
    """, 4, "entities.a", "duplicate key (first at line 3)")


# --- errors: types and keys ----------------------------------------------------------


def test_wrong_type_interval(tmp_path):
    assert_error(tmp_path, """
        name: x
        interval: soon
        entities:
          a: {stages: {x: {run: echo}}}
    """, 2, "interval", "'soon' is not a duration")


def test_wrong_type_retries(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a: {stages: {x: {run: echo}}}
        ladder:
          transient:
            retries: many
    """, 6, "ladder.transient.retries", "expected a whole number, got text 'many'")


def test_negative_retries(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a: {stages: {x: {run: echo}}}
        ladder:
          transient:
            retries: -1
    """, 6, "ladder.transient.retries", "greater than or equal to 0")


def test_negative_deadline(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a: {stages: {x: {run: echo}}}
        success_gate:
          deadline: -5
    """, 5, "success_gate.deadline", "cannot be negative")


def test_infinite_deadline_is_rejected(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a: {stages: {x: {run: echo}}}
        success_gate:
          deadline: .inf
    """, 5, "success_gate.deadline", "")


def test_bad_metric_op(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a:
            stages:
              x:
                run: echo
                done_when:
                  metric:
                    - {file: m.json, key: acc, op: '=>', value: 1}
    """, 9, "entities.a.stages.x.done_when.metric[0].op", "Input should be '>='")


def test_unsupported_backend(tmp_path):
    assert_error(tmp_path, """
        name: x
        backend: kubernetes
        entities:
          a: {stages: {x: {run: echo}}}
    """, 2, "backend", "unknown backend 'kubernetes'; the backends are ")


def test_missing_run(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a:
            stages:
              x:
                needs: []
    """, 5, "entities.a.stages.x.run", "required key is missing")


def test_unknown_key_suggests_the_close_one(tmp_path):
    message = assert_error(tmp_path, """
        name: x
        entities:
          a:
            stages:
              train:
                run: echo
              eval:
                run: echo
                nedds: [train]
    """, 9, "entities.a.stages.eval.nedds", "unknown key")
    assert message.endswith("(did you mean 'needs'?)")


def test_unknown_key_far_from_any_word_gets_no_suggestion(tmp_path):
    message = assert_error(tmp_path, """
        name: x
        entities:
          a: {stages: {x: {run: echo}}}
        zzzqqq: 1
    """, 4, "zzzqqq", "unknown key")
    assert "did you mean" not in message


def test_a_key_of_another_part_put_here_is_never_told_to_be_itself(tmp_path):
    """'status' is a key elsewhere in the spec: 'did you mean status?' would tell the owner nothing."""
    message = assert_error(tmp_path, """
        name: x
        entities:
          a:
            stages:
              x:
                run: echo
                needs: []
                retries: 3
    """, 8, "entities.a.stages.x.retries", "unknown key here ('retries' belongs to another part of the spec)")
    assert "did you mean" not in message


def test_misspelt_required_key_suggests_the_right_spelling(tmp_path):
    _, message = error_of(tmp_path, """
        name: x
        entites:
          a: {stages: {x: {run: echo}}}
    """)
    assert "did you mean 'entities'" in message


def test_several_errors_still_make_one_line_unknown_key_first(tmp_path):
    path, message = error_of(tmp_path, """
        name: x
        interval: soon
        entities:
          a: {stages: {x: {run: echo, nedds: [y]}}}
    """)
    assert message.startswith(f"{path}:4: entities.a.stages.x.nedds: unknown key (did you mean 'needs'?)")
    assert message.endswith("(and 1 more)")
    assert "\n" not in message


def test_empty_entities(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities: {}
    """, 2, "entities", "at least 1 item")


def test_entity_without_stages(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a:
            stages: {}
    """, 4, "entities.a.stages", "at least 1 item")


# --- errors: names -------------------------------------------------------------------


def test_bad_entity_name(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          ok: {stages: {x: {run: echo}}}
          "bad name":
            stages:
              x: {run: echo}
    """, 4, "entities.bad name", "entity names use letters, digits")


def test_bad_stage_name_with_a_dot(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a:
            stages:
              x.y:
                run: echo
    """, 5, "entities.a.stages.x.y", "no '.'")


def test_reserved_param_name(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a:
            params:
              lr: 1
              entity: foo
            stages:
              x: {run: echo}
    """, 6, "entities.a.params.entity", "'entity' is reserved")


def test_param_name_must_be_an_identifier(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a:
            params:
              my-lr: 1
            stages:
              x: {run: echo}
    """, 5, "entities.a.params.my-lr", "parameter names are identifiers")


def test_numeric_entity_name_is_accepted_or_reported_at_its_line(tmp_path):
    path = write_spec(tmp_path, """
        name: x
        entities:
          a: {stages: {x: {run: echo}}}
          42:
            stages:
              x: {run: echo}
    """)
    try:
        load_spec(path)
    except SpecError as exc:
        assert str(exc).startswith(f"{path}:4: "), str(exc)


# --- errors: the graph ---------------------------------------------------------------


def test_unknown_stage_in_needs(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a:
            stages:
              train:
                run: echo
              eval:
                run: echo
                needs:
                  - train
                  - trian
    """, 11, "entities.a.stages.eval.needs[1]", "unknown stage 'trian'")


def test_cross_entity_need_is_accepted(tmp_path):
    spec, _ = load_spec(write_spec(tmp_path, """
        name: x
        entities:
          a:
            stages:
              train: {run: echo}
          b:
            stages:
              eval:
                run: echo
                needs: [a.train]
    """))
    assert resolve_need(spec, "b", "a.train") == ("a", "train")


def test_cross_entity_need_to_an_entity_with_dots(tmp_path):
    spec, _ = load_spec(write_spec(tmp_path, """
        name: x
        entities:
          lr.1:
            stages:
              train: {run: echo}
          b:
            stages:
              eval: {run: echo, needs: [lr.1.train]}
    """))
    assert resolve_need(spec, "b", "lr.1.train") == ("lr.1", "train")


def test_unknown_cross_entity_need_is_rejected(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a:
            stages:
              train: {run: echo}
          b:
            stages:
              eval:
                run: echo
                needs: [c.train]
    """, 10, "entities.b.stages.eval.needs[0]", "unknown stage 'c.train'")


def test_cross_entity_need_to_an_unknown_stage_is_rejected(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a:
            stages:
              train: {run: echo}
          b:
            stages:
              eval:
                run: echo
                needs: [a.trian]
    """, 10, "entities.b.stages.eval.needs[0]", "unknown stage 'a.trian'")


def test_stage_cannot_need_itself(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a:
            stages:
              x:
                run: echo
                needs: [a.x]
    """, 7, "entities.a.stages.x.needs[0]", "a stage cannot need itself")


def test_cycle_is_shown(tmp_path):
    message = assert_error(tmp_path, """
        name: x
        entities:
          a:
            stages:
              x:
                run: echo
                needs: [y]
              y:
                run: echo
                needs: [x]
    """, 7, "entities.a.stages.x.needs", "needs form a cycle")
    assert "a.x -> a.y -> a.x" in message


def test_cycle_across_entities_is_shown(tmp_path):
    message = assert_error(tmp_path, """
        name: x
        entities:
          a:
            stages:
              x: {run: echo, needs: [b.y]}
          b:
            stages:
              y: {run: echo, needs: [z]}
              z: {run: echo, needs: [a.x]}
    """, 5, "entities.a.stages.x.needs", "needs form a cycle")
    assert "a.x -> b.y -> b.z -> a.x" in message


# --- errors: placeholders and regexes ------------------------------------------------


def test_unknown_placeholder_in_run(tmp_path):
    message = assert_error(tmp_path, """
        name: x
        entities:
          a:
            params: {lr: 1}
            stages:
              x:
                run: echo {foo}
    """, 7, "entities.a.stages.x.run", "unknown placeholder {foo}")
    assert "known here: entity, lr" in message


def test_unknown_placeholder_in_done_when_path(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a:
            stages:
              x:
                run: echo
                done_when:
                  exists: [ok, 'out/{nope}']
    """, 8, "entities.a.stages.x.done_when.exists[1]", "unknown placeholder {nope}")


def test_placeholder_of_another_entity_is_unknown(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a:
            params: {lr: 1}
            stages:
              x:
                run: echo {lr}
          b:
            stages:
              x:
                run: echo {lr}
    """, 11, "entities.b.stages.x.run", "unknown placeholder {lr}")


def test_escaped_braces_and_shell_variables_are_not_placeholders(tmp_path):
    spec, _ = load_spec(write_spec(tmp_path, """
        name: x
        entities:
          a:
            stages:
              x: {run: "echo {{foo}} ${HOME}"}
    """))
    assert spec.entities["a"].stages["x"].run == "echo {{foo}} ${HOME}"


def test_placeholder_in_success_gate_exists(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a: {stages: {x: {run: echo}}}
        success_gate:
          exists:
            - out/final
            - out/{entity}/final
    """, 7, "success_gate.exists[1]", "the success gate is run-wide")


def test_placeholder_in_success_gate_metric_file(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a: {stages: {x: {run: echo}}}
        success_gate:
          metric:
            - {file: 'out/{entity}.json', key: acc, op: '>', value: 0.5}
    """, 6, "success_gate.metric[0].file", "take no placeholders")


def test_invalid_progress_regex(tmp_path):
    assert_error(tmp_path, r"""
        name: x
        entities:
          a:
            stages:
              x:
                run: echo
                progress:
                  regex: 'step (?P<done>\d+'
    """, 8, "entities.a.stages.x.progress.regex", "not a valid regular expression")


def test_progress_regex_without_done_group(tmp_path):
    assert_error(tmp_path, r"""
        name: x
        entities:
          a:
            stages:
              x:
                run: echo
                progress:
                  regex: 'step (\d+)/(?P<total>\d+)'
    """, 8, "entities.a.stages.x.progress.regex", "needs a named group 'done'")


def test_load_yaml_keeps_sequence_item_lines(tmp_path):
    source = load_yaml(write_spec(tmp_path, """
        a:
          - x
          -
            y: 1
    """))
    assert source.lines[("a", 0)] == 2
    assert source.lines[("a", 1)] == 4
    assert source.lines[("a", 1, "y")] == 4


# --- progress from a file; rules and notify --------------------------------------------


def test_progress_from_a_json_file(tmp_path):
    path = write_spec(tmp_path, """
        name: x
        entities:
          a:
            stages:
              train:
                run: python train.py
                progress: {file: 'out/{entity}/progress.json', stall_after: 20m}
    """)
    spec, _ = load_spec(path)
    progress = spec.entities["a"].stages["train"].progress
    assert (progress.regex, progress.file, progress.stall_after) == (None, "out/{entity}/progress.json", 1200.0)


@pytest.mark.parametrize("body", ["{stall_after: 5m}", "{regex: 'step (?P<done>\\\\d+)', file: p.json}"])
def test_progress_takes_exactly_one_source(tmp_path, body):
    assert_error(tmp_path, f"""
        name: x
        entities:
          a:
            stages:
              train:
                run: echo
                progress: {body}
    """, 7, "entities.a.stages.train.progress", "give exactly one of regex")


def test_rules_and_notify_validate(tmp_path):
    spec, _ = load_spec(write_spec(tmp_path, """
        name: x
        entities:
          a: {stages: {x: {run: echo}}}
        rules:
          - {match: {log: 'NCCL WARN .*Timeout', signal: abrt}, class: transient, label: nccl_timeout}
        notify:
          - {command: 'notify-send "{title}" "{body}"'}
    """))
    assert spec.rules[0].match.signal == "SIGABRT"
    assert spec.rules[0].klass.value == "transient"


@pytest.mark.parametrize(("rule", "line", "key", "fragment"), [
    ("{match: {}, class: transient, label: x}", 5, "rules[0].match", "at least one of"),
    ("{match: {signal: SIGNOPE}, class: transient, label: x}", 5, "rules[0].match.signal", "unknown signal"),
    ("{match: {log: '('}, class: transient, label: x}", 5, "rules[0].match.log", "not a valid regular"),
    ("{match: {exit_code: 3}, class: flaky, label: x}", 5, "rules[0].class", "Input should be"),
    ("{match: {exit_code: 3}, class: config, label: Bad Label}", 5, "rules[0].label", "lower-case"),
])
def test_bad_rules_name_their_key(tmp_path, rule, line, key, fragment):
    assert_error(tmp_path, f"""
        name: x
        entities:
          a: {{stages: {{x: {{run: echo}}}}}}
        rules:
          - {rule}
    """, line, key, fragment)


def test_notify_placeholders_are_checked(tmp_path):
    assert_error(tmp_path, """
        name: x
        entities:
          a: {stages: {x: {run: echo}}}
        notify:
          - {command: 'echo {subject}'}
    """, 5, "notify[0].command", "unknown placeholder {subject}")


@pytest.mark.parametrize("entities, given, cap", [
    (3, None, 100),  # a small run: the floor
    (150, None, 1500),  # a wide sweep: 10 per stage, so stage 101 is not held at its first launch
    (150, 7, 7),  # the spec's own word
])
def test_the_run_wide_attempt_cap_scales_with_the_run_unless_the_spec_sets_it(tmp_path, entities, given, cap):
    from pure_helpers import state_from_spec

    body = "".join(f"  e{i}:\n    stages:\n      s: {{run: 'true'}}\n" for i in range(entities))
    text = "name: sweep\nbackend: local\n" + (f"max_attempts: {given}\n" if given else "") + "entities:\n" + body
    assert state_from_spec(tmp_path, text).plan.max_attempts == cap
