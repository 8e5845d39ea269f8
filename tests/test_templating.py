"""tianluo.planning.templating: {entity}/{param} substitution, shell quoting, literal braces."""

import os
import re
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tianluo.planning.templating import (
    PlacementError,
    inert,
    notify_env_name,
    param_env,
    placeholders,
    render,
    scalar_text,
    shell_problem,
)

# Text the shell can carry in an argument: anything but NUL (argv strings end at NUL).
shell_text = st.text(alphabet=st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)))


# --- placeholders --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("template", "names"),
    [
        ("python train.py --lr {lr} --out out/{entity}", ["lr", "entity"]),
        ("{a}{b}{a}", ["a", "b", "a"]),
        ("{_private} {x1}", ["_private", "x1"]),
        ("no placeholders", []),
        ("{{lr}}", []),  # doubled braces are literal
        ("${HOME} ${lr}", []),  # shell variables are left to the shell
        ("{1x} {a-b} { a } {}", []),  # not identifiers
        ("{{ {lr} }}", ["lr"]),
    ],
)
def test_placeholders_lists_names_in_order(template, names):
    assert placeholders(template) == names


# --- render --------------------------------------------------------------------------


def test_render_substitutes_entity_and_params():
    out = render("python train.py --lr {lr} --out out/{entity}", {"lr": 0.001, "entity": "lr-1"}, shell=True)
    assert out == "python train.py --lr 0.001 --out out/lr-1"


def test_render_references_a_value_with_spaces_through_the_environment():
    assert render("echo {x}", {"x": "a b"}, shell=True) == 'echo "${TIANLUO_PARAM_x}"'
    assert render('echo "--name={x}"', {"x": "a b"}, shell=True) == 'echo "--name=${TIANLUO_PARAM_x}"'
    assert param_env({"x": "a b", "n": 3}) == {"TIANLUO_PARAM_x": "a b", "TIANLUO_PARAM_n": "3"}


def _sh(command: str, values: dict, shell: str = "sh") -> list[str]:
    """The arguments a real shell passes to printf for ``command`` (rendered), one per line."""
    out = subprocess.run([shell, "-c", command], env={"PATH": os.environ["PATH"], **param_env(values)},
                         capture_output=True, timeout=10)
    assert out.returncode == 0, out.stderr
    return out.stdout.decode("utf-8", "surrogateescape").split("\0")[:-1]


def test_render_neutralises_shell_syntax_in_values():
    out = render("printf '%s\\0' {x}", {"x": "$(rm -rf /); `id` && true"}, shell=True)
    assert "rm" not in out
    assert _sh(out, {"x": "$(rm -rf /); `id` && true"}) == ["$(rm -rf /); `id` && true"]


def test_render_keeps_an_empty_value_an_argument():
    out = render("printf '%s\\0' {x} end", {"x": ""}, shell=True)
    assert _sh(out, {"x": ""}) == ["", "end"]


@pytest.mark.parametrize("value", ["do", "fi", "TIANLUO_PARAM_y", "a=b", "a,b", "~root", "#x", "!x", "*", "{a}",
                                   "a b", "", "é", "-rf\n"])
def test_values_that_could_be_syntax_somewhere_are_not_inert(value):
    assert not inert(value)


@pytest.mark.parametrize("value", ["0.0003", "32", "-rf", "out/lr-1", "meta-llama/Llama-2-7b", "a:b@c%d+e",
                                   "true", "1e-05"])
def test_plain_values_are_inert_and_pasted_as_text(value):
    assert inert(value)
    assert render("sh -c 'echo {x}' && echo \"{x}\" {x}", {"x": value}, shell=True) == \
        f"sh -c 'echo {value}' && echo \"{value}\" {value}"


@pytest.mark.parametrize(("template", "where"), [
    ("echo '{x}'", "inside '...'"),
    ('echo "$(echo {x})"', "inside $(...)"),
    ("echo `echo {x}`", "inside backticks"),
    ("cat <<EOF\n{x}\nEOF", "in a here-document"),
    ("echo $(( {x} + 1 ))", "inside shell arithmetic"),
    ("echo ${V:-{x}}", "inside ${...}"),
    ("eval {x}", "an argument of eval"),
    ('sh -c "echo {x}"', "the code that sh runs"),
    ("echo {x} | sh", "piped into sh"),
    ("export {x}", "a variable name given to export"),
    ("echo \\{x}", "right after a backslash"),
    ("X={x}; echo $((X + 1))", "evaluates variable names"),
    ('sbatch --wrap "train {x}"', "an argument of sbatch"),
    ("make train LR={x}", "an argument of make"),
    ("env -S {x}", "an argument of env -S"),
    ("X={x}; eval \"echo $X\"", "runs text as code"),
    ("bash -c '[[ \"$1\" -eq 1 ]]' bash {x}", "evaluates variable names"),
])
def test_a_value_that_is_not_plain_is_refused_where_it_would_be_read_again(template, where):
    problem = shell_problem(template, {"x": ["a b"]})
    assert problem is not None and where in problem and "$TIANLUO_PARAM_x" in problem
    with pytest.raises(PlacementError, match=re.escape(where)):
        render(template, {"x": "a b"}, shell=True)
    assert shell_problem(template, {"x": ["ab"]}) is None  # the same place takes a plain value


@pytest.mark.parametrize("template", ["echo {x}", 'echo "{x}"', "X={x} cmd", "cmd > {x}", "for i in {x}; do :; done",
                                      "case {x} in a) :;; esac", "sh -c 'echo \"$1\"' sh {x}",
                                      "export X={x}", "[[ {x} == a ]]", "echo hi # {x}"])
def test_a_value_that_is_not_plain_is_taken_where_the_shell_reads_it_once(template):
    assert shell_problem(template, {"x": ["a b", "$(x)"]}) is None
    assert "TIANLUO_PARAM_x" in render(template, {"x": "a b"}, shell=True)


def test_notify_placeholders_are_always_references():
    values = {"title": "plain", "body": "$(touch x)"}
    out = render('notify-send "{title}" {body}', values, shell=True, env_name=notify_env_name, known=False)
    assert out == 'notify-send "${TIANLUO_TITLE}" "${TIANLUO_BODY}"'
    env = {notify_env_name(k): v for k, v in values.items()}
    assert notify_env_name("run_id") == "TIANLUO_RUN_ID" and env["TIANLUO_BODY"] == "$(touch x)"
    with pytest.raises(PlacementError):
        render("sh -c 'echo {body}'", values, shell=True, env_name=notify_env_name, known=False)
    with pytest.raises(PlacementError, match="command's name"):
        render("{title} {body}", values, shell=True, env_name=notify_env_name, known=False)


def test_render_leaves_paths_unquoted():
    assert render("out/{entity}/{name}.ckpt", {"entity": "a b", "name": "it's"}, shell=False) == \
        "out/a b/it's.ckpt"


@pytest.mark.parametrize("shell", [True, False])
def test_render_turns_doubled_braces_into_literal_braces(shell):
    assert render("echo {{x}} {x}", {"x": "v"}, shell=shell) == "echo {x} v"


def test_render_handles_a_placeholder_inside_literal_braces():
    assert render("{{{x}}}", {"x": "v"}, shell=False) == "{v}"


@pytest.mark.parametrize("shell", [True, False])
def test_render_leaves_shell_variables_untouched(shell):
    assert render("echo ${HOME} ${x} {x}", {"x": "v"}, shell=shell) == "echo ${HOME} ${x} v"


def test_render_leaves_lone_braces_alone():
    assert render("awk '{print $1}' a}b{c", {}, shell=True) == "awk '{print $1}' a}b{c"


@pytest.mark.parametrize(("value", "text"), [(True, "true"), (False, "false"), (32, "32"),
                                             (3.0e-4, "0.0003"), ("x", "x")])
def test_render_spells_scalars_like_yaml(value, text):
    assert render("{v}", {"v": value}, shell=True) == text
    assert scalar_text(value) == text


def test_render_raises_key_error_for_a_missing_value():
    with pytest.raises(KeyError, match="nope"):
        render("echo {nope}", {}, shell=True)


@settings(max_examples=60, deadline=None)
@given(shell_text)
def test_rendered_shell_value_arrives_byte_for_byte(value):
    out = render("printf '%s\\0' {x}", {"x": value}, shell=True)
    assert _sh(out, {"x": value}) == [value]


@settings(max_examples=30, deadline=None)
@given(shell_text, shell_text)
def test_two_rendered_shell_values_stay_two_arguments_under_bash(a, b):
    out = render('printf "%s\\0" --a {a} --b="{b}"', {"a": a, "b": b}, shell=True)
    assert _sh(out, {"a": a, "b": b}, shell="bash") == ["--a", a, f"--b={b}"]


@given(st.text())
def test_rendered_path_value_is_pasted_verbatim(value):
    assert render("out/{x}/f", {"x": value}, shell=False) == f"out/{value}/f"
