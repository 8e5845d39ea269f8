"""Notify channels against real local servers: a webhook (http.server in a thread) and SMTP (aiosmtpd).

What is checked: the JSON body of each webhook preset, the email that arrives (plain SMTP and
STARTTLS with login, the password from the environment), the bound on a server that never
answers, and that no error names a webhook's token or the password.
"""

import json
import socket
import ssl
import subprocess
import threading
import time
from email import message_from_bytes
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tianluo.core.actions import Notify
from tianluo.errors import SpecError
from tianluo.messages import channels
from tianluo.messages.channels import SendFailed, describe, send
from tianluo.planning.spec import NotifySpec
from tianluo.planning.spec_checks import load_spec

TOKEN = "T0KEN-s3cret-XYZ"
MSG = Notify(key="held:a.train", kind="held", title="tianluo: a/train is on hold",
             body="sft (run-1): a/train needs you", run_id="run-1", entity="a", stage="train",
             ts="2026-11-30T20:00:00Z")


class Hook:
    """A webhook receiver: keeps every POST (path, headers, JSON body); answers ``status``."""

    def __init__(self, status: int = 200, port: int = 0):
        self.posts: list[dict] = []
        self.status = status
        hook = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                hook.posts.append({"path": self.path, "type": self.headers.get("Content-Type"),
                                   "json": json.loads(body)})
                self.send_response(hook.status)
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/hooks/{TOKEN}?key={TOKEN}"
        # polled every 50 ms, not 500: close() waits for the loop to see it is shut down
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def hook():
    h = Hook()
    yield h
    h.close()


@pytest.fixture
def quick_pause(monkeypatch):
    """The pause between a send's two tries, a tenth of a second: what these tests look at is that it
    is tried twice (or not), and what the error says, not how long the pause is."""
    monkeypatch.setattr(channels, "PAUSE_S", 0.1)


def channel(**kw) -> NotifySpec:
    return NotifySpec.model_validate(kw)


@pytest.mark.parametrize("preset, body", [
    ("slack", {"text": f"{MSG.title}\n{MSG.body}"}),
    ("feishu", {"msg_type": "text", "content": {"text": f"{MSG.title}\n{MSG.body}"}}),
    ("lark", {"msg_type": "text", "content": {"text": f"{MSG.title}\n{MSG.body}"}}),
    (None, {"title": MSG.title, "body": MSG.body, "event": "held", "run_id": "run-1", "entity": "a",
            "stage": "train", "ts": "2026-11-30T20:00:00Z"}),
])
def test_each_preset_posts_its_json_body(hook, preset, body):
    ch = channel(webhook=hook.url, **({"preset": preset} if preset else {}))
    assert send(ch, MSG) == "HTTP 200"
    (post,) = hook.posts
    assert post["json"] == body
    assert post["path"] == f"/hooks/{TOKEN}?key={TOKEN}"
    assert post["type"].startswith("application/json")


def test_a_channel_is_shown_by_its_host_only(hook):
    ch = channel(webhook=hook.url, preset="slack")
    assert describe(ch) == "webhook (slack, 127.0.0.1/…)"
    mail = channel(email={"to": ["me@example.org"], "from": "t@example.org", "host": "smtp.example.org",
                          "password_env": "PW"})
    assert describe(mail) == "email (to me@example.org via smtp.example.org:587)"


def test_a_server_error_is_tried_twice_and_named_without_the_token(hook, quick_pause):
    hook.status = 503
    ch = channel(webhook=hook.url)
    with pytest.raises(SendFailed) as err:
        send(ch, MSG)
    assert len(hook.posts) == channels.TRIES == 2
    assert "HTTP 503" in str(err.value) and TOKEN not in str(err.value)


def test_a_server_that_is_down_is_named_without_the_token(quick_pause):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again: nobody listens there
    ch = channel(webhook=f"http://127.0.0.1:{port}/x/{TOKEN}")
    with pytest.raises(SendFailed) as err:
        send(ch, MSG)
    assert "could not reach webhook (generic, 127.0.0.1/…)" in str(err.value)
    assert TOKEN not in str(err.value)


def test_a_hung_server_costs_the_timeout_once():
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)  # accepts the connection (the kernel does), never answers
    try:
        ch = channel(webhook=f"http://127.0.0.1:{listener.getsockname()[1]}/{TOKEN}", timeout="1s")
        t0 = time.monotonic()
        with pytest.raises(SendFailed) as err:
            send(ch, MSG)
        spent = time.monotonic() - t0
    finally:
        listener.close()
    assert 1.0 <= spent < 1 + 1.0  # one try of 1 s: out of time is not tried again within the tick
    assert "timed out" in str(err.value) and "(2 tries)" not in str(err.value)
    assert TOKEN not in str(err.value)


class Trickle:
    """A server (a thread) that answers every connection one byte every ``pace`` seconds, forever."""

    def __init__(self, answer: bytes, pace: float = 0.5, read_first: bool = True):
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(8)
        self.port = self.listener.getsockname()[1]
        self.answer, self.pace, self.read_first = answer, pace, read_first
        self.received = bytearray()
        self.stop = threading.Event()
        self.talkers: list[threading.Thread] = []
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        while not self.stop.is_set():
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            talker = threading.Thread(target=self._trickle, args=(conn,), daemon=True)
            self.talkers.append(talker)
            talker.start()

    def _trickle(self, conn):
        with conn:
            conn.settimeout(0.2)
            if self.read_first:
                try:
                    self.received += conn.recv(65536)
                except OSError:
                    pass
            ends = time.monotonic() + 12.0  # long past any timeout here; a client without a deadline waits it out
            for i in range(10 ** 6):
                if self.stop.is_set() or time.monotonic() > ends:
                    return
                try:
                    conn.sendall(self.answer[i % len(self.answer):i % len(self.answer) + 1])
                except OSError:
                    return
                time.sleep(self.pace)

    def close(self):
        """Stop serving, and wait for its threads to end: one left in accept() would stay for the rest of the
        session (closing the socket does not wake it; shutting it down does), and with it every later
        tests/forked_cli.py command of this process would run as a real process (no fork beside a thread)."""
        self.stop.set()
        try:
            self.listener.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.listener.close()
        for thread in [self.thread, *self.talkers]:
            thread.join(timeout=5)


def _cut_at_the_timeout(ch) -> tuple[float, str]:
    t0 = time.monotonic()
    with pytest.raises(SendFailed) as err:
        send(ch, MSG)
    return time.monotonic() - t0, str(err.value)


def test_a_webhook_that_answers_one_byte_every_half_second_is_cut_at_the_timeout():
    """urllib's timeout is per read: 1 byte every 0.5 s never trips it. The whole exchange has one deadline."""
    server = Trickle(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n" + b"x" * 100000)
    try:
        spent, said = _cut_at_the_timeout(channel(webhook=f"http://127.0.0.1:{server.port}/{TOKEN}", timeout="1s"))
    finally:
        server.close()
    assert 1.0 <= spent < 1.0 + 1.5, spent
    assert "timed out" in said and "HTTP 200" not in said and TOKEN not in said
    assert server.received.startswith(b"POST /")  # it was sent, and the answer never came whole


def test_a_webhook_whose_body_trickles_after_a_200_is_a_failed_send_not_http_200():
    server = Trickle(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n" + b"x" * 100000, pace=0.05)
    try:
        spent, said = _cut_at_the_timeout(channel(webhook=f"http://127.0.0.1:{server.port}/x", timeout="1s"))
    finally:
        server.close()
    assert spent < 1.0 + 1.5 and "timed out" in said


def test_an_smtp_server_that_trickles_its_greeting_is_cut_at_the_timeout():
    server = Trickle(b"220 slow.example.org ESMTP " + b"." * 1000 + b"\r\n", read_first=False)
    try:
        spent, said = _cut_at_the_timeout(channel(email={"to": ["me@example.org"], "from": "t@example.org",
                                                         "host": "127.0.0.1", "port": server.port,
                                                         "starttls": False}, timeout="1s"))
    finally:
        server.close()
    assert 1.0 <= spent < 1.0 + 1.5, spent
    assert "timed out" in said


def test_a_redirect_is_not_followed(quick_pause):
    class Redirect(BaseHTTPRequestHandler):
        def do_POST(self):
            self.send_response(307)
            self.send_header("Location", "http://127.0.0.1:9/elsewhere")
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Redirect)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with pytest.raises(SendFailed, match="HTTP 307"):
            send(channel(webhook=f"http://127.0.0.1:{server.server_address[1]}/{TOKEN}"), MSG)
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("url, why", [
    (f"ftp://example.org/{TOKEN}", "only http:// and https://"),
    (f"https:///{TOKEN}", "names no host"),
    (f"https://example.org/{TOKEN} x", "a space or a control character"),
    (f"file:///etc/{TOKEN}", "only http:// and https://"),
])
def test_a_bad_webhook_is_refused_without_repeating_it(tmp_path, url, why):
    spec = tmp_path / "tianluo.yaml"
    spec.write_text("name: n\nentities:\n  a:\n    stages:\n      s: {run: 'true'}\n"
                    f"notify:\n  - webhook: {json.dumps(url)}\n")
    with pytest.raises(SpecError) as err:
        load_spec(spec)
    assert why in str(err.value) and "notify[0].webhook" in str(err.value)
    assert TOKEN not in str(err.value)


@pytest.mark.parametrize("entry, why", [
    ({"command": "true", "webhook": "http://h/x"}, "exactly one of command, webhook or email"),
    ({"preset": "slack", "command": "true"}, "preset goes with webhook"),
    ({"webhook": "http://h/x", "on": ["nap"]}, r"notify\[0\]\.on\[0\]: Input should be .held."),
    ({"email": {"to": ["a@b.org"], "from": "x@y.org", "host": "h", "password": "hunter2"}}, "unknown key"),
    ({"email": {"to": ["a@b.org"], "from": "x@y.org", "host": "h", "password_env": "not a name"}},
     "the name of an environment variable"),
])
def test_bad_channels_are_refused(tmp_path, entry, why):
    spec = tmp_path / "tianluo.yaml"
    spec.write_text("name: n\nentities:\n  a:\n    stages:\n      s: {run: 'true'}\n"
                    f"notify:\n  - {json.dumps(entry)}\n")
    with pytest.raises(SpecError, match=why) as err:
        load_spec(spec)
    assert "hunter2" not in str(err.value)


# --- SMTP ------------------------------------------------------------------------------------


class Inbox:
    def __init__(self):
        self.mails: list[tuple[str, list[str], bytes]] = []

    async def handle_DATA(self, server, session, envelope):
        self.mails.append((envelope.mail_from, list(envelope.rcpt_tos), envelope.content))
        return "250 OK"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_plain_smtp_delivers_the_message():
    from aiosmtpd.controller import Controller

    inbox = Inbox()
    ctl = Controller(inbox, hostname="127.0.0.1", port=_free_port())
    ctl.start()
    try:
        ch = channel(email={"to": ["owner@example.org", "oncall@example.org"], "from": "tianluo@example.org",
                            "host": "127.0.0.1", "port": ctl.port, "starttls": False})
        assert send(ch, MSG) == "sent"
    finally:
        ctl.stop()
    ((sender, rcpts, raw),) = inbox.mails
    assert sender == "tianluo@example.org" and rcpts == ["owner@example.org", "oncall@example.org"]
    mail = message_from_bytes(raw)
    assert mail["Subject"] == MSG.title and mail["To"] == "owner@example.org, oncall@example.org"
    assert MSG.body in mail.get_payload(decode=True).decode()


@pytest.fixture(scope="module")
def cert(tmp_path_factory):
    """A self-signed certificate for 127.0.0.1 (openssl), trusted by the client through SSL_CERT_FILE."""
    folder = tmp_path_factory.mktemp("tls")
    key, crt = folder / "key.pem", folder / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(crt)],
                   check=True, capture_output=True, timeout=60)
    return key, crt


def _tls_server(cert, inbox, logins):
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult

    key, crt = cert
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(str(crt), str(key))

    def check(server, session, envelope, mechanism, auth_data):
        logins.append((auth_data.login, auth_data.password))
        return AuthResult(success=auth_data.password == b"pa55-w0rd-secret")

    return Controller(inbox, hostname="127.0.0.1", port=_free_port(), tls_context=context, require_starttls=True,
                      authenticator=check, auth_required=True)


def test_starttls_with_a_login_whose_password_comes_from_the_environment(cert, monkeypatch, quick_pause):
    inbox, logins = Inbox(), []
    ctl = _tls_server(cert, inbox, logins)
    ctl.start()
    monkeypatch.setenv("SSL_CERT_FILE", str(cert[1]))  # the client verifies the server's certificate
    try:
        ch = channel(email={"to": ["owner@example.org"], "from": "tianluo@example.org", "host": "127.0.0.1",
                            "port": ctl.port, "username": "tianluo", "password_env": "TL_SMTP_PW"}, timeout="2s")
        with pytest.raises(SendFailed, match="TL_SMTP_PW") as err:  # not set: said so, nothing sent
            send(ch, MSG, env={})
        assert inbox.mails == [] and logins == []
        assert "not set" in str(err.value)
        with pytest.raises(SendFailed) as err:  # a wrong one: refused, and never repeated in the error
            send(ch, MSG, env={"TL_SMTP_PW": "wrong-pa55"})
        assert "wrong-pa55" not in str(err.value) and inbox.mails == []
        assert send(ch, MSG, env={"TL_SMTP_PW": "pa55-w0rd-secret"}) == "sent"
    finally:
        ctl.stop()
    assert logins[-1] == (b"tianluo", b"pa55-w0rd-secret")
    ((_, rcpts, raw),) = inbox.mails
    assert rcpts == ["owner@example.org"] and message_from_bytes(raw)["Subject"] == MSG.title


def test_starttls_refuses_a_certificate_it_cannot_verify(cert, monkeypatch, quick_pause):
    inbox, logins = Inbox(), []
    ctl = _tls_server(cert, inbox, logins)
    ctl.start()
    monkeypatch.setenv("SSL_CERT_FILE", "/nonexistent/ca.pem")
    monkeypatch.setenv("SSL_CERT_DIR", "/nonexistent")
    try:
        ch = channel(email={"to": ["owner@example.org"], "from": "tianluo@example.org", "host": "127.0.0.1",
                            "port": ctl.port, "username": "tianluo", "password_env": "TL_SMTP_PW"})
        with pytest.raises(SendFailed, match="CERTIFICATE_VERIFY_FAILED|certificate verify failed") as err:
            send(ch, MSG, env={"TL_SMTP_PW": "pa55-w0rd-secret"})
    finally:
        ctl.stop()
    assert logins == [] and inbox.mails == []  # the password never went over an unverified connection
    assert "pa55-w0rd-secret" not in str(err.value)
