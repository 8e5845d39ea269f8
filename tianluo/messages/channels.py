"""Sending one notification through one channel: a webhook (JSON POST) or email (SMTP).

A webhook URL and an SMTP password are secrets: neither is ever part of what this module
returns or raises (errors name the channel as :func:`describe` does: scheme and host only).
Every send has one deadline, the channel's timeout, for the whole exchange (``tianluo.messages.exchange``:
connecting, TLS, every read and write), not one per read: a server that trickles its answer
is cut there, and the send is a failure. A failed send is tried once more within the tick
(tenacity), unless it ran out of time: a tick spends at most the timeout on a slow server
(the next tick tries again), and about twice the timeout on one that fails fast.
"""

import http.client
import json
import os
import smtplib
import socket
import ssl
import urllib.error
import urllib.request
from collections.abc import Mapping
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from urllib.parse import urlsplit

from tenacity import (
    Retrying,
    retry_if_exception_type,
    retry_if_not_exception_type,
    stop_after_attempt,
    wait_fixed,
)

from tianluo.core.actions import Notify
from tianluo.messages.exchange import Deadline, ExchangeTimedOut, within
from tianluo.plaintext import one_line
from tianluo.redact import SHORTEST, Redactor, url_secrets

#: In-tick tries of one send (the second after a short pause); later ticks try again with backoff.
TRIES = 2
PAUSE_S = 1.0
#: Bytes of a webhook's answer read (only its status matters).
MAX_ANSWER = 64 * 1024


class SendFailed(Exception):
    """A send did not go through; the message names no secret."""


class Refused(SendFailed):
    """A send that the same try again in this tick cannot fix (no password set, a login refused)."""


class TimedOut(Refused):
    """No end to the exchange within the channel's timeout: not tried again in this tick (the next tick does)."""


def describe(channel) -> str:
    """How a channel is shown to people: ``webhook (slack, hooks.slack.com/…)``, never its secrets."""
    if channel.webhook is not None:
        host = urlsplit(channel.webhook).hostname or "?"
        return f"webhook ({channel.preset or 'generic'}, {host}/…)"
    if channel.email is not None:
        mail = channel.email
        return f"email (to {', '.join(mail.to)} via {mail.host}:{mail.port})"
    return "command"


def webhook_body(preset: str | None, msg: Notify) -> dict:
    """The JSON a webhook gets: Slack's ``text``, Feishu/Lark's text message, or the generic fields."""
    text = f"{msg.title}\n{msg.body}"
    if preset == "slack":
        return {"text": text}
    if preset in ("feishu", "lark"):
        return {"msg_type": "text", "content": {"text": text}}
    return {"title": msg.title, "body": msg.body, "event": msg.kind, "run_id": msg.run_id,
            "entity": msg.entity, "stage": msg.stage, "ts": msg.ts}


def send(channel, msg: Notify, env: Mapping[str, str] | None = None) -> str:
    """Send ``msg`` through a webhook or email channel; return what the far end said (one short line).

    Raises:
        SendFailed: after :data:`TRIES` tries; the message holds no URL path, query or password.
    """
    env = os.environ if env is None else env
    one = _post if channel.webhook is not None else _mail
    try:
        for attempt in Retrying(stop=stop_after_attempt(TRIES), wait=wait_fixed(PAUSE_S), reraise=True,
                                retry=retry_if_exception_type(SendFailed) & retry_if_not_exception_type(Refused)):
            with attempt:
                return one(channel, msg, env)
    except Refused:
        raise
    except SendFailed as exc:
        raise SendFailed(f"{exc} ({TRIES} tries)") from None
    raise AssertionError("unreachable")  # pragma: no cover


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # a redirect would repeat the body elsewhere: refused
        return None


def _watching(cls, deadline: Deadline):
    """A connection factory for ``do_open``: ``cls`` whose socket ``deadline`` can shut down."""
    def make(host, **kwargs):
        conn = cls(host, **kwargs)
        conn._create_connection = lambda *a, **kw: deadline.watch(socket.create_connection(*a, **kw))
        return conn
    return make


class _Http(urllib.request.HTTPHandler):
    def __init__(self, deadline: Deadline):
        super().__init__()
        self.deadline = deadline

    def http_open(self, req):
        return self.do_open(_watching(http.client.HTTPConnection, self.deadline), req)


class _Https(urllib.request.HTTPSHandler):
    def __init__(self, deadline: Deadline):
        super().__init__()
        self.deadline = deadline

    def https_open(self, req):
        return self.do_open(_watching(http.client.HTTPSConnection, self.deadline), req)  # the default context


def _timed_out(channel) -> TimedOut:
    return TimedOut(f"timed out: no answer from {describe(channel)} within {channel.timeout:g}s (the whole exchange)")


def fetch(request: urllib.request.Request, timeout: float) -> int:
    """The HTTP status of ``request`` (redirects not followed), the whole exchange within ``timeout``.

    Raises:
        ExchangeTimedOut: it took longer; its connection was shut down.
        urllib.error.HTTPError, urllib.error.URLError, OSError: as urllib raises them.
    """
    def exchange(deadline: Deadline) -> int:
        opener = urllib.request.build_opener(_NoRedirect, _Http(deadline), _Https(deadline))
        with opener.open(request, timeout=timeout) as answer:
            answer.read(MAX_ANSWER)
            return answer.status

    return within(timeout, exchange, "http")


def _post(channel, msg: Notify, env) -> str:
    url = channel.webhook
    data = json.dumps(webhook_body(channel.preset, msg), ensure_ascii=False).encode()
    request = urllib.request.Request(url, data=data, method="POST", headers={
        "Content-Type": "application/json; charset=utf-8", "User-Agent": "tianluo"})
    try:
        return f"HTTP {fetch(request, channel.timeout)}"
    except ExchangeTimedOut:
        raise _timed_out(channel) from None
    except urllib.error.HTTPError as exc:
        raise SendFailed(f"HTTP {exc.code} {_clean(exc.reason, url)}") from None
    except urllib.error.URLError as exc:
        raise SendFailed(f"could not reach {describe(channel)}: {_clean(exc.reason, url)}") from None
    except TimeoutError:  # one read waited the whole timeout
        raise _timed_out(channel) from None
    except (OSError, ValueError, http.client.HTTPException) as exc:
        raise SendFailed(f"{describe(channel)}: {_clean(exc, url)}") from None


def _mail(channel, msg: Notify, env) -> str:
    mail = channel.email
    password = None
    if mail.password_env:
        password = env.get(mail.password_env)
        if not password:
            raise Refused(f"the environment variable {mail.password_env} (email.password_env) is not set "
                             "in the tick's environment; set it where the trigger runs (cron: the crontab)")
    out = EmailMessage()
    out["Subject"] = one_line(msg.title, 200)
    out["From"] = mail.from_
    out["To"] = ", ".join(mail.to)
    out["Date"] = formatdate(localtime=False)
    out["Message-ID"] = make_msgid(domain="tianluo")
    out.set_content(msg.body + "\n")
    secret = [x for x in (password, mail.username) if x]

    def exchange(deadline: Deadline) -> str:
        with _SMTP(deadline, mail.host, mail.port, timeout=channel.timeout) as smtp:
            smtp.ehlo()
            if mail.starttls:
                smtp.starttls(context=ssl.create_default_context())
                smtp.ehlo()
            if mail.username:
                smtp.login(mail.username, password or "")
            refused = smtp.send_message(out)
        if refused:
            return f"sent; refused for {', '.join(sorted(refused))}"
        return "sent"

    try:
        return within(channel.timeout, exchange, "smtp")
    except ExchangeTimedOut:
        raise _timed_out(channel) from None
    except TimeoutError:  # one read waited the whole timeout
        raise _timed_out(channel) from None
    except smtplib.SMTPAuthenticationError as exc:
        raise Refused(f"{describe(channel)}: the server refused the login "
                      f"({exc.smtp_code}); check email.username and the password in {mail.password_env}") from None
    except smtplib.SMTPNotSupportedError:
        raise SendFailed(f"{describe(channel)}: the server offers no STARTTLS (set starttls: false only "
                         "for a server on this host)") from None
    except (smtplib.SMTPException, OSError, ssl.SSLError, ValueError) as exc:
        raise SendFailed(f"{describe(channel)}: {_clean(exc, *secret)}") from None


class _SMTP(smtplib.SMTP):
    """An SMTP session whose socket its deadline can shut down."""

    def __init__(self, deadline: Deadline, *args, **kwargs):
        self._deadline = deadline  # before connecting, which the base class does
        super().__init__(*args, **kwargs)

    def _get_socket(self, host, port, timeout):
        return self._deadline.watch(super()._get_socket(host, port, timeout))  # type: ignore[misc]


def _clean(what: object, *secrets: str) -> str:
    """One line of an error, with every secret taken out: each given one, and of a URL every part but its
    scheme and host (a path segment or a query value a server echoes back in its answer)."""
    found: list[str] = []
    for secret in secrets:
        if secret:
            found += [secret, *(url_secrets(secret) if "://" in secret else ())]
    return Redactor(tuple(s for s in found if len(s) >= SHORTEST)).text(one_line(str(what), 300))
