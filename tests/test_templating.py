"""tianluo.templating: {entity}/{param} substitution, shell quoting, literal braces."""

import shlex

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tianluo.templating import placeholders, render, scalar_text

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


def test_render_quotes_values_with_spaces_in_shell_mode():
    assert render("echo {x}", {"x": "a b"}, shell=True) == "echo 'a b'"


def test_render_neutralises_shell_syntax_in_values():
    out = render("echo {x}", {"x": "$(rm -rf /); `id` && true"}, shell=True)
    assert shlex.split(out) == ["echo", "$(rm -rf /); `id` && true"]


def test_render_quotes_an_empty_value_so_it_stays_an_argument():
    assert shlex.split(render("prog {x} end", {"x": ""}, shell=True)) == ["prog", "", "end"]


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


@given(shell_text)
def test_rendered_shell_value_is_exactly_one_argument(value):
    assert shlex.split(render("echo {x}", {"x": value}, shell=True)) == ["echo", value]


@given(shell_text, shell_text)
def test_two_rendered_shell_values_stay_two_arguments(a, b):
    out = render("cmd --a {a} --b={b}", {"a": a, "b": b}, shell=True)
    assert shlex.split(out) == ["cmd", "--a", a, f"--b={b}"]


@given(st.text())
def test_rendered_path_value_is_pasted_verbatim(value):
    assert render("out/{x}/f", {"x": value}, shell=False) == f"out/{value}/f"
