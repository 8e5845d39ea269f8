"""Notifications end to end: what is told (pure decisions), and real ticks telling a real local webhook
and SMTP server once per event: recorded in state.json before the send, never repeated by a later or a
killed tick, retried after a server that was down comes up, bounded when a server hangs, and no
secret in events.jsonl, status, plan.md or any other file of the run (the password not even in
state.json).
"""

import json
import os
import signal
import socket
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from conftest import alive, clean_env, read_events, read_state, wait_for, write_spec
from forked_cli import run, start_run
from pure_helpers import T0, at, exited, launched, observe, seen, state_from_graph
from test_channels import TOKEN, Hook, Inbox, _free_port

from tianluo.backends.base import JobFacts
from tianluo.core.actions import SendNotices
from tianluo.core.decide import decide
from tianluo.models.model import TriggerRecord
from tianluo.models.states import JobState, Phase
from tianluo.planning.spec import LadderSpec, NotifySpec, Rung, SuccessGate
from tianluo.shell.store import RunStore
from tianluo.shell.tick import run_tick, utcnow

# --- what is told: the decision (pure) -------------------------------------------------------------


def _notifying(state, *channels):
    state.plan.notify = list(channels) or [NotifySpec(command="true")]
    return state


def _kinds(d) -> list[str]:
    return [n.kind for n in d.state.notices if n.sent_at is None]


def test_a_tick_after_a_long_gap_says_ticks_were_overdue_once():
    state = _notifying(state_from_graph({"a": {"train": []}}))
    state.trigger = TriggerRecord(kind="cron", every=600.0, installed_at=T0)
    state = launched(decide(state, observe(), T0).state)
    quiet = decide(state, observe(**{"a.train": seen(JobFacts(state=JobState.RUNNING))}), at(minutes=30))
    assert not [e for e in quiet.events if e["event"] == "ticks_overdue"]  # exactly 3 intervals: not yet
    late = decide(quiet.state, observe(**{"a.train": seen(JobFacts(state=JobState.RUNNING))}), at(minutes=75))
    (ev,) = [e for e in late.events if e["event"] == "ticks_overdue"]
    assert ev["gap_s"] == 45 * 60 and "45 minutes with no tick" in ev["message"] and "cron" in ev["message"]
    (notice,) = late.state.notices
    assert notice.kind == "overdue" and "ticks were overdue" in notice.body
    assert SendNotices() in late.actions
    on = decide(late.state, observe(**{"a.train": seen(JobFacts(state=JobState.RUNNING))}), at(minutes=80))
    assert not [e for e in on.events if e["event"] == "ticks_overdue"] and len(on.state.notices) == 1


def test_no_trigger_no_overdue():
    state = _notifying(state_from_graph({"a": {"train": []}}))  # ticked by hand: no interval is promised
    state = launched(decide(state, observe(), T0).state)
    d = decide(state, observe(**{"a.train": seen(JobFacts(state=JobState.RUNNING))}), at(hours=5))
    assert not [e for e in d.events if e["event"] == "ticks_overdue"] and d.state.notices == []


def test_a_job_queued_far_longer_than_expected_is_told_once():
    state = _notifying(state_from_graph({"a": {"train": []}}))
    state.plan.entities["a"].stages["train"].expected = 2 * 3600.0
    state = launched(decide(state, observe(), T0).state)
    queued = seen(JobFacts(state=JobState.QUEUED, reason="Priority", scheduler_state="PENDING"))
    early = decide(state, observe(**{"a.train": queued}), at(hours=1.5))  # past 1 h, but expected is 2 h
    assert _kinds(early) == []
    d = decide(early.state, observe(**{"a.train": queued}), at(hours=2.5))
    (ev,) = [e for e in d.events if e["event"] == "queued_long"]
    assert ev["reason"] == "Priority" and ev["entity"] == "a" and ev["attempt"] == 1
    assert _kinds(d) == ["queued"] and "waited 2.5 h in the queue (Priority)" in d.state.notices[0].body
    again = decide(d.state, observe(**{"a.train": queued}), at(hours=5))
    assert len(again.state.notices) == 1 and not [e for e in again.events if e["event"] == "queued_long"]


def test_the_gate_met_and_the_deadline_passed_are_told():
    state = _notifying(state_from_graph({"a": {"train": []}}))
    state = launched(decide(state, observe(), T0).state)
    done = decide(state, observe(**{"a.train": seen(exited(0))}), at(60))
    assert done.state.phase == Phase.COMPLETE
    assert _kinds(done) == ["done"] and "is complete" in done.state.notices[0].title
    late = _notifying(state_from_graph({"a": {"train": []}}, gate=SuccessGate(deadline=100)))
    late = launched(decide(late, observe(), T0).state)
    expired = decide(late, observe(**{"a.train": seen(JobFacts(state=JobState.RUNNING))}), at(200))
    assert expired.state.phase == Phase.EXPIRED
    assert "expired" in _kinds(expired)


def test_each_channel_hears_only_what_it_asked_for():
    state = state_from_graph({"a": {"train": []}}, ladder=LadderSpec(unknown=Rung(retries=0)))
    _notifying(state, NotifySpec(command="true", on=["blocked"]), NotifySpec(command="true"),
               NotifySpec(command="true", on=["done"]))
    state = launched(decide(state, observe(), T0).state)
    d = decide(state, observe(**{"a.train": seen(exited(3))}), at(60))
    assert d.state.phase == Phase.BLOCKED
    told = sorted((n.channel, n.kind) for n in d.state.notices)
    assert told == [(0, "blocked"), (1, "blocked"), (1, "held")]


def test_a_send_that_keeps_failing_is_given_up_with_an_event(tmp_path):
    from tianluo.messages import notify

    state = _notifying(state_from_graph({"a": {"train": []}}), NotifySpec(command="echo no >&2; exit 7"))
    state.plan.workdir = str(tmp_path)
    state.plan.success_gate = SuccessGate(deadline=10)
    state = decide(launched(decide(state, observe(), T0).state),
                   observe(**{"a.train": seen(JobFacts(state=JobState.RUNNING))}), at(60)).state
    (notice,) = state.notices
    events, now = [], at(60)
    for n in range(1, notify.MAX_TRIES + 1):
        notify.send_due(state, tmp_path, now, lambda ev, *_: events.append(ev))
        notice = state.notices[0]
        assert notice.tries == n and notice.sent_at is None and "exit 7: no" in notice.error
        if n < notify.MAX_TRIES:
            assert notice.next_try_at == now + timedelta(seconds=notify.BACKOFF_S[min(n, 5) - 1])
            notify.send_due(state, tmp_path, now, lambda ev, *_: events.append(ev))  # not due yet: not tried
            assert state.notices[0].tries == n
            now = notice.next_try_at
    assert state.notices[0].gave_up_at == now
    assert [e["event"] for e in events] == ["notify_failed"] * (notify.MAX_TRIES - 1) + ["notify_gave_up"]
    notify.send_due(state, tmp_path, now + timedelta(days=1), lambda ev, *_: events.append(ev))
    assert len(events) == notify.MAX_TRIES  # never tried again


# --- real ticks, a real webhook and a real SMTP server ---------------------------------------------

SPEC = """\
name: told
entities:
  a:
    stages:
      train: {{run: "echo boom >&2; exit 3"}}
ladder:
  unknown: {{retries: 0}}
notify:
{channels}
"""


def _spec(project: Path, *channels: str) -> Path:
    return write_spec(project, SPEC.format(channels="\n".join(f"  - {c}" for c in channels)))


def _held_run(tmp_path, *channels: str) -> Path:
    """A run whose only stage has failed (exit 3, no retries): the next tick holds it and blocks the run.

    Started in a fork of this process (tests/forked_cli.py), or by a real process while a server of the
    test runs in a thread of it."""
    project = tmp_path / "proj"
    run_dir = start_run(_spec(project, *channels), tmp_path / "home", tmp_path)
    wait_for((run_dir / "attempts/a/train/1/exit.json").exists, what="the attempt to exit")
    return run_dir


def _told(run_dir: Path) -> list[tuple[str, str]]:
    return [(e["kind"], e["channel"]) for e in read_events(run_dir) if e["event"] == "notified"]


def _no_secret_outside_state(run_dir: Path, cwd: Path, *secrets: str) -> None:
    """No file of the run but state.json and its snapshots, and no status output, holds a secret."""
    for path in run_dir.rglob("*"):
        if path.is_file() and path.name != "state.json" and "snapshots" not in path.parts:
            text = path.read_bytes()
            for secret in secrets:
                assert secret.encode() not in text, path
    for args in (("status", "--run", run_dir), ("status", "--run", run_dir, "--json")):
        out = run(*args, cwd=cwd).stdout
        assert out and not any(s in out for s in secrets)


@pytest.fixture
def hook():
    h = Hook()
    yield h
    h.close()


@pytest.mark.integration
def test_a_hold_and_the_blocked_run_are_posted_once_each(tmp_path, hook):
    run_dir = _held_run(tmp_path, json.dumps({"webhook": hook.url, "preset": "slack"}),
                        """{command: 'echo "$TIANLUO_TITLE" >> told.txt'}""")
    result = run_tick(run_dir)
    assert result.phase == Phase.BLOCKED
    assert [p["json"]["text"].splitlines()[0] for p in hook.posts] == [
        "tianluo: a/train is on hold", "tianluo: run told is blocked"]
    web = "webhook (slack, 127.0.0.1/…)"
    assert sorted(_told(run_dir)) == sorted([("held", web), ("held", "command"), ("blocked", web),
                                             ("blocked", "command")])
    for _ in range(3):  # later ticks tell nobody anything again
        run_tick(run_dir)
    assert len(hook.posts) == 2
    assert (tmp_path / "proj/told.txt").read_text().splitlines() == [
        "tianluo: a/train is on hold", "tianluo: run told is blocked"]
    notices = read_state(run_dir)["notices"]
    assert len(notices) == 4 and all(n["sent_at"] and n["tries"] == 1 for n in notices)
    assert f"You are told through: {web} of every event; command of every event." in (run_dir / "plan.md").read_text()
    _no_secret_outside_state(run_dir, tmp_path, TOKEN)


@pytest.mark.integration
def test_a_server_that_was_down_is_told_once_it_is_up_again(tmp_path):
    port = _free_port()  # nobody listens there yet
    url = f"http://127.0.0.1:{port}/hooks/{TOKEN}"
    run_dir = _held_run(tmp_path, json.dumps({"webhook": url, "timeout": "2s"}))
    now = utcnow()
    run_tick(run_dir, now=now)
    failed = [e for e in read_events(run_dir) if e["event"] == "notify_failed"]
    assert len(failed) == 1  # the channel failed once: the blocked notice waits, not tried again in this tick
    assert failed[0]["kind"] == "held" and failed[0]["tries"] == 1 and TOKEN not in json.dumps(failed[0])
    assert "could not reach webhook (generic, 127.0.0.1/…)" in failed[0]["error"]
    notices = read_state(run_dir)["notices"]
    assert [(n["kind"], n["tries"], n["sent_at"]) for n in notices] == [("held", 1, None), ("blocked", 0, None)]
    server = Hook(port=port)  # the server comes up
    try:
        run_tick(run_dir, now=now + timedelta(seconds=30))  # within the backoff: nothing is tried
        assert server.posts == []
        run_tick(run_dir, now=now + timedelta(minutes=2))
        assert [p["json"]["event"] for p in server.posts] == ["held", "blocked"]
        run_tick(run_dir, now=now + timedelta(minutes=10))
        assert len(server.posts) == 2
    finally:
        server.close()
    notices = read_state(run_dir)["notices"]
    assert [(n["kind"], n["tries"], n["error"]) for n in notices] == [("held", 2, None), ("blocked", 1, None)]
    _no_secret_outside_state(run_dir, tmp_path, TOKEN)


@pytest.mark.integration
def test_a_hung_server_costs_a_tick_seconds_and_is_tried_again_later(tmp_path):
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)  # accepts, never answers
    try:
        url = f"http://127.0.0.1:{listener.getsockname()[1]}/{TOKEN}"
        run_dir = _held_run(tmp_path, json.dumps({"webhook": url, "timeout": "1s"}))
        t0 = time.monotonic()
        result = run_tick(run_dir)
        spent = time.monotonic() - t0
    finally:
        listener.close()
    assert result.phase == Phase.BLOCKED
    assert spent < 8  # one notice: two tries of 1 s and a pause; the other waits for a later tick
    (failed,) = [e for e in read_events(run_dir) if e["event"] == "notify_failed"]
    assert "no answer" in failed["error"] and TOKEN not in failed["error"]
    assert all(n["sent_at"] is None for n in read_state(run_dir)["notices"])


@pytest.mark.integration
def test_a_notify_command_that_hangs_is_ended_whole_at_its_timeout(tmp_path, monkeypatch):
    """A command that left a process behind (`sleep &`) and hangs: at the timeout its whole process
    group goes, not only the shell, and the notice is tried again later."""
    from tianluo.messages import notify

    monkeypatch.setattr(notify, "NOTIFY_TIMEOUT_S", 1)
    run_dir = _held_run(tmp_path, """{command: 'sleep 300 & echo $! >> bg.pids; sleep 300'}""")
    t0 = time.monotonic()
    result = run_tick(run_dir)
    assert result.phase == Phase.BLOCKED
    assert time.monotonic() - t0 < 20
    failed = [e for e in read_events(run_dir) if e["event"] == "notify_failed"]
    assert failed and "timed out after 1s" in failed[0]["error"]
    pids = [int(x) for x in (tmp_path / "proj/bg.pids").read_text().split()]
    assert pids
    for pid in pids:  # the background sleep went with the shell
        wait_for(lambda pid=pid: not alive(pid), timeout=10, what=f"the background sleep {pid} to end")


@pytest.mark.integration
def test_a_notify_command_ends_when_it_exits_though_a_background_child_holds_its_pipes(tmp_path):
    """`echo ... >> sent.txt; sleep 97 &` exited 0 at once: it is sent, then and once, and the child is gone.
    Waiting for EOF of the pipes the child holds would wait out the timeout, record "timed out" and send again."""
    run_dir = _held_run(tmp_path, """{command: 'echo sent >> sent.txt; sleep 97 & echo $! >> bg.pids'}""")
    t0 = time.monotonic()
    assert run_tick(run_dir).phase == Phase.BLOCKED
    assert time.monotonic() - t0 < 10  # not the 30 s of NOTIFY_TIMEOUT_S
    assert not [e for e in read_events(run_dir) if e["event"] == "notify_failed"]
    assert all(n["sent_at"] is not None for n in read_state(run_dir)["notices"])
    for pid in [int(x) for x in (tmp_path / "proj/bg.pids").read_text().split()]:  # its group went with it
        wait_for(lambda pid=pid: not alive(pid), timeout=5, what=f"the background sleep {pid} to end")
    run_tick(run_dir)
    sends = len((tmp_path / "proj/sent.txt").read_text().splitlines())
    assert sends == len(read_state(run_dir)["notices"])  # each notice once, never again


@pytest.mark.integration
def test_a_killed_tick_never_repeats_what_was_sent_and_never_loses_the_rest(tmp_path, hook):
    project = tmp_path / "proj"
    slow = ("""{command: 'test -e go || { touch waiting; sleep 60; }; echo "$TIANLUO_TITLE" >> told.txt'}""")
    run_dir = _held_run(tmp_path, json.dumps({"webhook": hook.url}), slow)
    tick = subprocess.Popen([sys.executable, "-m", "tianluo", "tick", "--run", str(run_dir)], cwd=tmp_path,
                            env=clean_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        wait_for((project / "waiting").exists, timeout=30, what="the slow command to start")
        assert len(hook.posts) == 1  # the hold posted; its command hangs
    finally:
        os.killpg(tick.pid, signal.SIGKILL)
        tick.wait(timeout=10)
    notices = read_state(run_dir)["notices"]
    assert [(n["kind"], n["channel"], bool(n["sent_at"])) for n in notices] == [
        ("held", 0, True), ("held", 1, False), ("blocked", 0, False), ("blocked", 1, False)]
    (project / "go").touch()
    run_tick(run_dir)
    run_tick(run_dir)
    assert [p["json"]["event"] for p in hook.posts] == ["held", "blocked"]  # the hold's post not repeated
    assert (project / "told.txt").read_text().splitlines() == [
        "tianluo: a/train is on hold", "tianluo: run told is blocked"]
    assert all(n["sent_at"] for n in read_state(run_dir)["notices"])


@pytest.mark.integration
@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_email_is_sent_and_the_password_is_nowhere_in_the_run(tmp_path, monkeypatch):
    from aiosmtpd.controller import Controller

    password = "pa55-w0rd-not-in-state"
    logins = []

    def check(server, session, envelope, mechanism, auth_data):
        from aiosmtpd.smtp import AuthResult

        logins.append(auth_data.password)
        return AuthResult(success=auth_data.password == password.encode())

    inbox = Inbox()
    ctl = Controller(inbox, hostname="127.0.0.1", port=_free_port(), authenticator=check, auth_required=True,
                     auth_require_tls=False)
    ctl.start()
    monkeypatch.setenv("TL_TEST_SMTP_PW", password)
    try:
        mail = {"email": {"to": ["owner@example.org"], "from": "tianluo@example.org", "host": "127.0.0.1",
                          "port": ctl.port, "starttls": False, "username": "tl", "password_env": "TL_TEST_SMTP_PW"},
                "on": ["held"]}
        run_dir = _held_run(tmp_path, json.dumps(mail))
        run_tick(run_dir)
    finally:
        ctl.stop()
    ((_, rcpts, raw),) = inbox.mails
    assert rcpts == ["owner@example.org"] and b"tianluo: a/train is on hold" in raw
    assert _told(run_dir) == [("held", f"email (to owner@example.org via 127.0.0.1:{ctl.port})")]
    assert password.encode() not in (run_dir / "state.json").read_bytes()
    _no_secret_outside_state(run_dir, tmp_path, password)


@pytest.mark.integration
def test_a_finished_run_keeps_its_trigger_until_its_news_is_sent(tmp_path):
    from tianluo.shell import idle_tick

    port = _free_port()  # the webhook is down when the run completes
    spec = write_spec(tmp_path / "proj", "name: fin\nentities:\n  a:\n    stages:\n      s: {run: 'true'}\n"
                      f"notify:\n  - {json.dumps({'webhook': f'http://127.0.0.1:{port}/{TOKEN}', 'timeout': '1s'})}\n")
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    wait_for((run_dir / "attempts/a/s/1/exit.json").exists, what="the attempt to exit")
    store = RunStore(run_dir)
    with store.lock():
        state = store.load()  # as if `tianluo daemon` ticked it (a trigger a finished run removes)
        state.trigger = TriggerRecord(kind="daemon", every=600.0, installed_at=utcnow())
        store.save(state)
    now = utcnow()
    assert run_tick(run_dir, now=now).phase == Phase.COMPLETE
    (failed,) = [e for e in read_events(run_dir) if e["event"] == "notify_failed"]
    assert failed["kind"] == "done"
    assert read_state(run_dir)["trigger"]["removed_at"] is None  # kept: the news is still to be sent
    assert idle_tick._idle(run_dir) is None  # a finished run's quick tick does not skip it
    server = Hook(port=port)
    try:
        run_tick(run_dir, now=now + timedelta(minutes=2))
        assert [p["json"]["event"] for p in server.posts] == ["done"]
        assert read_state(run_dir)["trigger"]["removed_at"] is not None  # sent: the trigger goes now
        assert "nothing to do" in idle_tick._idle(run_dir)
        run_tick(run_dir, now=now + timedelta(minutes=20))
        assert len(server.posts) == 1
    finally:
        server.close()
