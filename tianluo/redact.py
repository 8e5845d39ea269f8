"""The one redaction: secrets taken out of any text that came from outside before anyone sees it.

Text from outside (a server's answer, a scheduler's output, a log line, an agent's words, the
message of a failed send) can echo a secret back: a webhook that answers ``500 unknown hook
<token>``, a job that prints its ``HF_TOKEN``. A :class:`Redactor` knows two kinds of secret:

- the run's own, from its plan (:func:`of_plan`): every part of a webhook or heartbeat URL but
  its scheme and host (each path segment, each query value, the user and password, the
  fragment; as written and percent-decoded), an SMTP user and password (read from the
  environment variable the spec names), and the value of every param or fork whose name says
  secret (``token``, ``key``, ``secret``, ``password``, ``credential``, ``auth``...);
- the shapes of well-known tokens (:data:`SHAPES`: bearer and basic credentials, Hugging Face,
  OpenAI, GitHub, GitLab, Slack and AWS keys, ``name=value`` pairs whose name says secret).

Each becomes ``[redacted]``. A short literal (under :data:`ANYWHERE` characters) is taken out only
where it stands as a word of its own, so a path segment ``hooks`` leaves ``webhooks`` alone.

Pure: the shell passes the environment in. Every text is first made valid Unicode
(:func:`valid`): a lone surrogate (``"\\ud800"`` in JSON) becomes U+FFFD, never a crash later.
"""

import re
from collections.abc import Mapping
from functools import lru_cache
from urllib.parse import parse_qsl, unquote, urlsplit

from tianluo.plaintext import printable, valid

MARK = "[redacted]"
#: Literals at least this long are taken out wherever they occur; shorter ones only as a word.
ANYWHERE = 8
#: Literals shorter than this are never secrets of their own (``/v1/``, ``?a=1``).
SHORTEST = 3

#: Names of params (and forks) whose values are secrets.
_SECRET_NAME = re.compile(r"(?i)token|key|secret|passw|credential|auth|cookie|session")

#: Token shapes, each a fixed prefix and bounded runs, on the linear-time engine (RE2), line by line.
SHAPE_SOURCES = (
    (r"([A-Za-z][A-Za-z0-9+.-]{0,20}://)[^/\s@?#]{1,256}@", r"\1[redacted]@"),
    (r"(?i)\b(bearer\s{1,5})[A-Za-z0-9._~+/=-]{6,}", r"\1[redacted]"),
    (r"(?i)\b(authorization\s{0,3}[=:]\s{0,3}(?:basic|token|bearer)?\s{0,3})[^\s\"',;]{1,512}", r"\1[redacted]"),
    (r"\bhf_[A-Za-z0-9]{6,}", MARK),
    (r"\bsk-[A-Za-z0-9_-]{6,}", MARK),
    (r"\bgh[pousr]_[A-Za-z0-9]{6,}", MARK),
    (r"\bgithub_pat_[A-Za-z0-9_]{6,}", MARK),
    (r"\bglpat-[A-Za-z0-9_-]{6,}", MARK),
    (r"\bxox[abprs]-[A-Za-z0-9-]{6,}", MARK),
    (r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b", MARK),
    # name=value and "name": "value" where the name says secret (HF_TOKEN=..., password: ..., api_key=...)
    (r"(?i)\b([A-Za-z0-9_]{0,40}(?:password|passwd|passphrase|token|secret|api[_-]?key|access[_-]?key"
     r"|private[_-]?key|credentials?)[A-Za-z0-9_]{0,20}[\"']?\s{0,3}[=:]\s{0,3}[\"']?)[^\s\"'&,;\[]{1,512}",
     r"\1[redacted]"),
    # --token VALUE on a command line
    (r"(?i)(\s--?[A-Za-z0-9_-]{0,40}(?:password|passwd|token|secret|api[_-]?key)[A-Za-z0-9_-]{0,20}\s{1,3})"
     r"[^\s\"'\[-][^\s\"']{0,511}", r"\1[redacted]"),
)


#: A word every shape above needs (case aside): text without one holds no shape, and the shapes (about 40 ms
#: of compiling on the linear-time engine) are not compiled for it. Literal alternatives, no repeat: linear.
#: tests/test_redact.py checks on every line of the error corpus that a line a shape finds has one of them.
_SHAPE_WORD = re.compile(r"(?i)://|bearer|authorization|hf_|sk-|gh[pousr]_|github_pat_|glpat-|xox[abprs]-|akia|asia"
                         r"|passw|passphrase|token|secret|api[_-]?key|access[_-]?key|private[_-]?key|credential")


@lru_cache(maxsize=1)
def compiled_shapes() -> tuple:
    """``(any, shapes)``: one search that tells whether any shape is there at all (most text holds none),
    and each shape with its replacement; compiled on first use (a command that redacts nothing pays nothing)."""
    from tianluo.faults.linear_re import compile_pattern  # here: RE2 is loaded only for text with a shape's word

    shapes = tuple((compile_pattern(p, capture=True), r) for p, r in SHAPE_SOURCES)
    return compile_pattern("|".join(f"(?:{p})" for p, _ in SHAPE_SOURCES)), shapes


def secret_name(name: str) -> bool:
    """Whether a param (or fork) of this name holds a secret."""
    return _SECRET_NAME.search(name) is not None


def shapes(text: str) -> str:
    """``text`` with every token shape taken out."""
    if not text or _SHAPE_WORD.search(text) is None:
        return text
    any_shape, each = compiled_shapes()
    if any_shape.search(text) is None:
        return text
    for pattern, replacement in each:
        text = pattern.sub(replacement, text)
    return text


class Redactor:
    """Takes the run's secrets (``secrets``) and every token shape out of text.

    A plain class, not a dataclass: ``status`` redacts, and dataclasses imports inspect (a fifth of python's
    start)."""

    __slots__ = ("secrets",)

    def __init__(self, secrets: tuple[str, ...] = ()):
        self.secrets = tuple(secrets)

    def __repr__(self) -> str:
        return f"Redactor({len(self.secrets)} secrets)"  # never the secrets themselves

    def __eq__(self, other: object) -> bool:
        return type(other) is Redactor and other.secrets == self.secrets

    def __hash__(self) -> int:
        return hash(self.secrets)

    def text(self, text: str, shaped: bool = True) -> str:
        """``text`` valid, without a secret; anything but a string is returned as it is.

        Args:
            shaped: Take the token shapes out too; a text whose outside parts had them taken out as they were
                quoted (the prompt) passes False, so its own words (``secrets: what it needs``) stay.
        """
        if not isinstance(text, str) or not text:
            return text
        text = valid(text)
        pattern = _literals(self.secrets)
        if pattern is not None:
            text = pattern.sub(MARK, text)
        return shapes(text) if shaped else text

    def document(self, text: str) -> str:
        """A file meant for people (an analysis, lessons.md, COMPLETION.md, plan.md, a prompt): redacted and
        inert, every control character, escape and bidi control shown as its escape (``plaintext.printable``);
        newlines and tabs kept."""
        return printable(self.text(text), lines=True)

    def deep(self, value, _seen: dict | None = None):
        """A JSON-like value (dicts, lists, strings) with every string and key redacted.

        Each distinct string is redacted once (a 10,000-stage report repeats its keys, statuses and ids)."""
        seen = {} if _seen is None else _seen
        if type(value) is str:
            out = seen.get(value)
            if out is None:
                out = seen[value] = self.text(value)
            return out
        if isinstance(value, dict):
            return {self.deep(k, seen) if type(k) is str else self.text(k) if isinstance(k, str) else k:
                    self.deep(v, seen) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return type(value)(self.deep(v, seen) for v in value)
        return value

    def values(self, value, keep: frozenset[str] = frozenset()):
        """Frozen dataclasses (and the dicts, tuples and pydantic records in them) with every string redacted,
        but the fields named in ``keep`` (identities: a job id, a path). What has nothing to take out is
        returned as the very same object."""
        if type(value) is str:  # not a str enum: its member stays what it is
            return self.text(value)
        import dataclasses  # here: what passes a dataclass has imported it already

        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            changes = {}
            for f in dataclasses.fields(value):
                if f.name in keep:
                    continue
                old = getattr(value, f.name)
                new = self.values(old, keep)
                if new is not old:
                    changes[f.name] = new
            return dataclasses.replace(value, **changes) if changes else value
        if isinstance(value, dict):
            out = {k: self.values(v, keep) for k, v in value.items()}
            return value if all(out[k] is v for k, v in value.items()) else out
        if isinstance(value, tuple):
            items = tuple(self.values(v, keep) for v in value)
            if all(a is b for a, b in zip(items, value, strict=True)):
                return value
            return type(value)(*items) if hasattr(value, "_fields") else items  # a named tuple stays one
        if hasattr(value, "model_copy") and hasattr(type(value), "model_fields"):
            update = {}
            for name in type(value).model_fields:
                if name in keep:
                    continue
                old = getattr(value, name)
                new = self.values(old, keep)
                if new is not old:
                    update[name] = new
            return value.model_copy(update=update) if update else value
        return value


@lru_cache(maxsize=64)
def _literals(secrets: tuple[str, ...]):
    """One pattern for the literals, longest first; the short ones only as words of their own."""
    if not secrets:
        return None
    ordered = sorted(set(secrets), key=len, reverse=True)
    long_ = [re.escape(s) for s in ordered if len(s) >= ANYWHERE]
    short = [re.escape(s) for s in ordered if len(s) < ANYWHERE]
    parts = []
    if long_:
        parts.append("|".join(long_))
    if short:
        parts.append(r"(?<![A-Za-z0-9])(?:" + "|".join(short) + r")(?![A-Za-z0-9])")
    return re.compile("|".join(parts))


def url_secrets(url: str) -> list[str]:
    """Every part of ``url`` but its scheme and host (and port): the path, each segment, the query, each
    value, the user, the password, the fragment; as written and percent-decoded."""
    try:
        parts = urlsplit(url)
        user, password = parts.username, parts.password
    except ValueError:
        return [url]
    out = [parts.path, parts.query, parts.fragment, user or "", password or ""]
    out += parts.path.split("/")
    out += [v for _, v in parse_qsl(parts.query, keep_blank_values=True)]
    out += [v for _, v in parse_qsl(parts.fragment, keep_blank_values=True)]
    out += [p.split("=", 1)[-1] for p in parts.query.split("&")]
    return out + [unquote(x) for x in out]


def _get(obj, key: str):
    """A field of a plan read as a model or as its plain JSON (``status`` reads state.json without models)."""
    if isinstance(obj, Mapping):
        return obj.get(key)
    return getattr(obj, key, None)


def of_plan(plan, env: Mapping[str, str] | None = None) -> Redactor:
    """The redactor of a run: its webhook and heartbeat URLs, SMTP user and password (``env``: where the
    password is looked up; none when not given), and its params and forks whose name says secret.

    ``plan``: a ``Plan`` or its JSON (a dict); None gives the shapes only.
    """
    if plan is None:
        return Redactor()
    found: list[str] = []
    for channel in _get(plan, "notify") or ():
        webhook = _get(channel, "webhook")
        if isinstance(webhook, str):
            found += url_secrets(webhook)
        mail = _get(channel, "email")
        if mail is not None:
            found.append(_get(mail, "username") or "")
            name = _get(mail, "password_env")
            if env is not None and isinstance(name, str) and name:
                found.append(env.get(name) or "")
    beat = _get(plan, "heartbeat")
    url = beat if isinstance(beat, str) else _get(beat, "url") if beat is not None else None
    if isinstance(url, str):
        found += url_secrets(url)
    found += _secret_values(_get(plan, "fork_values"))
    for entity in (_get(plan, "entities") or {}).values():
        found += _secret_values(_get(entity, "params"))
    return Redactor(tuple(sorted({s for s in found if isinstance(s, str) and len(s) >= SHORTEST
                                  and s.strip() == s and s.lower() not in _PLAIN})))


#: Values too plain to be anyone's secret (a flag's ``true``).
_PLAIN = frozenset({"true", "false", "none", "null", "yes", "off"})


def _secret_values(params) -> list[str]:
    if not isinstance(params, Mapping):
        return []
    return [v for k, v in params.items() if isinstance(k, str) and secret_name(k) and isinstance(v, str)]


__all__ = ["MARK", "Redactor", "SHAPE_SOURCES", "of_plan", "secret_name", "shapes", "url_secrets", "valid"]
