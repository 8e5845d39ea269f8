"""The one redaction (tianluo.redact) and text made inert for people (plaintext.printable, fence): pure cases.
A real run that echoes its secrets and prints escapes is in test_redact_run.py."""

import json

import pytest

from tianluo import redact
from tianluo.plaintext import fence, printable

TOKEN = "T0KENabc123"
QKEY = "QKEYq1w2"
PARAM = "PARAMSECRET-9f8e7d"


def test_every_part_of_a_webhook_url_but_scheme_and_host_is_a_secret():
    red = redact.of_plan({"notify": [{"webhook": f"http://h.example:8080/e500/x/{TOKEN}?key={QKEY}&n=1"}]})
    said = red.text(f"500 unknown hook {TOKEN} key {QKEY} at h.example")
    assert TOKEN not in said and QKEY not in said and "h.example" in said and said.startswith("500 unknown hook")
    assert red.text("http://u:pw9x@h/y") == "http://[redacted]@h/y"  # userinfo: a token shape as well


def test_a_short_literal_is_taken_out_only_as_a_word_of_its_own():
    red = redact.of_plan({"notify": [{"webhook": "https://h/hooks/abc?key=QK1"}]})
    assert red.text("webhooks; hooks QK1 QK1x") == "webhooks; [redacted] [redacted] QK1x"


def test_smtp_user_password_and_params_named_like_secrets_are_secrets():
    plan = {"notify": [{"email": {"username": "mailer-bot", "password_env": "PW"}}],
            "entities": {"a": {"params": {"api_token": PARAM, "lr": "3e-4", "hf_key": "true"}}},
            "fork_values": {"db_password": "forkpass99"}}
    red = redact.of_plan(plan, {"PW": "smtp-pass-77"})
    said = red.text(f"535 mailer-bot smtp-pass-77 {PARAM} forkpass99 lr 3e-4 true")
    assert said == "535 [redacted] [redacted] [redacted] [redacted] lr 3e-4 true"


@pytest.mark.parametrize("text", [
    "Authorization: Bearer abcdef123456", "HF_TOKEN=hf_abcdefghijkl", "key ghp_abcdefghijklmnop",
    "sk-abcdefghijkl", "AKIAABCDEFGHIJKLMNOP", "xoxb-1234567890", "run --password hunter22", "glpat-abcdefghij",
    '"api_key": "zzzzzzzz"', "github_pat_abcdefghij", "https://user:pass@host/x", "password=hunter22",
    "authorization=basic Zm9vOmJhcg==",
])
def test_the_token_shapes_are_taken_out_of_any_text(text):
    out = redact.Redactor().text(text)
    assert "[redacted]" in out and redact.Redactor().text(out) == out  # and once is enough


def test_the_shape_word_prefilter_misses_no_line_a_shape_finds():
    """The stdlib prefilter only saves compiling the shapes: on every line of the error corpus (and the cases
    above, in odd case and around Unicode that case-folds to ASCII), a line the shapes find has one of its words."""
    from pathlib import Path

    any_shape, _ = redact.compiled_shapes()
    lines = [line for f in sorted((Path(__file__).parent / "corpus").rglob("*.txt"))
             for line in f.read_text(encoding="utf-8", errors="replace").splitlines()]
    lines += ["AUTHORIZATION: BEARER abcdef123456", "Hf_TOKEN=x", "ApI-KeY: zzzzzzzz", "x PassPhrase=abc",
              "ftp://a@b", "Access_Key=q", "--Private-Key v", "\u017fecret=x", "ſecret=hunter22"]
    found = [line for line in lines if any_shape.search(line)]
    assert len(found) > 100  # the corpus has plenty: the test looks at something
    assert [line for line in found if redact._SHAPE_WORD.search(line) is None] == []


def test_a_lone_surrogate_becomes_a_replacement_character_never_a_crash():
    out = redact.Redactor().text("bad \ud800 reason")
    assert out == "bad \ufffd reason" and out.encode("utf-8")


def test_printable_shows_escapes_bidi_and_surrogates_and_keeps_lines_only_when_asked():
    text = "a\x1b[31mred\x1b]0;title\x07\x00\u202eevil\u2066\ud800\r\nnext\tcol"
    one = printable(text)
    assert "\n" not in one and all(ch.isprintable() for ch in one)
    kept = printable(text, lines=True)
    assert kept.split("\n")[1] == "next\tcol"
    assert not any(c in kept for c in "\x1b\x07\x00\r\u202e\u2066\ud800")
    assert json.loads(printable(json.dumps("x\u202e\x85\x7f", ensure_ascii=False), lines=True)) == "x\u202e\x85\x7f"


def test_a_fence_is_longer_than_any_run_of_backticks_inside():
    assert fence(["plain"]) == ("```", "```")
    assert fence(["```", "x ````` y"], "sh") == ("``````sh", "``````")
