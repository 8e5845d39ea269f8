"""Responses beyond "retry the same command", as the pure core computes them.

First ``tianluo.core.responses`` alone (the table, the rate-limit spread, what a disk fault waits
for), then through ``decide`` on states locked from small specs: a disk fault waits for
space and retries when it is back, a NaN loss is never retried unchanged, a rate limit is
retried after a floor, each stage at its own time.
"""

from dataclasses import replace

import pytest
from pure_helpers import RUN_ID, T0, at, exited, fs, launched, observe, seen, submits, write_spec

from tianluo.core.actions import SendNotices
from tianluo.core.decide import decide
from tianluo.core.observations import Observations
from tianluo.core.responses import (
    RESPONSES,
    SpaceHold,
    SpaceWait,
    named_path,
    never_unchanged,
    response_for,
    retry_wait,
    space_back,
    space_step,
    spread_fraction,
)
from tianluo.faults.rulebook import BUILTIN_RULES
from tianluo.models.states import FaultClass, Phase, StageStatus
from tianluo.planning.newrun import initial_state
from tianluo.planning.plan import build_plan
from tianluo.planning.spec_checks import load_spec
from tianluo.shell.logscan import LogLine
from tianluo.views.status import build_status, render_status

# --- the table ------------------------------------------------------------------------------


def test_every_response_is_for_a_label_the_rulebook_can_give():
    labels = {r.label for r in BUILTIN_RULES}
    missing = set(RESPONSES) - labels
    assert not missing, f"responses for labels no rule gives: {missing}"


def test_the_rows():
    assert response_for("disk_full").space == "wait"
    assert response_for("disk_quota").space == "quota"
    assert never_unchanged("nan_loss") and never_unchanged("corrupt_checkpoint")
    assert not never_unchanged("cuda_oom") and not never_unchanged(None) and not never_unchanged("rate_limited")
    assert response_for("rate_limited").floor_s >= 60
    assert response_for("exit_1") is None and response_for(None) is None


# --- rate limits ---------------------------------------------------------------------------


def test_the_spread_is_the_same_for_the_same_attempt_and_differs_across_them():
    a = spread_fraction("20240301-1200-abcd", "e1.fetch", 1)
    assert a == spread_fraction("20240301-1200-abcd", "e1.fetch", 1)
    assert 0 <= a < 1
    others = {spread_fraction("20240301-1200-abcd", sid, n) for sid in ("e1.fetch", "e2.fetch") for n in (1, 2)}
    assert len(others) == 4
    assert spread_fraction("20240301-1200-abce", "e1.fetch", 1) != a  # another run, another time


def test_ten_stages_limited_in_the_same_tick_are_due_at_ten_times_within_the_window():
    rate = response_for("rate_limited")
    waits = [retry_wait(rate, 0.0, "run-1", f"e{i}.fetch", 1) for i in range(10)]
    assert len(set(waits)) == 10
    assert all(rate.floor_s <= w < rate.floor_s * (1 + rate.spread) for w in waits)
    spread = max(waits) - min(waits)
    assert spread > rate.floor_s / 4, waits  # spread out, not bunched at the floor


def test_a_class_backoff_above_the_floor_is_the_base_of_the_spread():
    rate = response_for("rate_limited")
    wait = retry_wait(rate, 600.0, "run-1", "e1.fetch", 2)
    assert 600.0 <= wait < 1200.0


def test_a_server_error_is_spread_too_over_a_shorter_floor():
    down = response_for("http_unavailable")
    waits = {retry_wait(down, 0.0, "run-1", f"e{i}.fetch", 1) for i in range(10)}
    assert len(waits) == 10 and all(10 <= w < 20 for w in waits)


def test_responses_are_pure():
    """No clock, no randomness, no I/O: decide calls them."""
    import ast
    import inspect

    from tianluo.core import responses

    tree = ast.parse(inspect.getsource(responses))
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not imported & {"random", "time", "datetime", "os", "subprocess", "socket", "secrets", "uuid"}
    called = {n.func.attr if isinstance(n.func, ast.Attribute) else getattr(n.func, "id", "")
              for n in ast.walk(tree) if isinstance(n, ast.Call)}
    assert not called & {"now", "utcnow", "time", "open", "random", "urandom", "statvfs", "stat"}


def test_other_faults_keep_their_backoff():
    assert retry_wait(None, 0.0, "run-1", "a.b", 1) == 0.0
    assert retry_wait(response_for("disk_full"), 120.0, "run-1", "a.b", 1) == 120.0


# --- what a disk fault waits for -------------------------------------------------------------


@pytest.mark.parametrize("line, path", [
    ("stderr: OSError: [Errno 122] Disk quota exceeded: '/home/u/ckpt/last.pt'", "/home/u/ckpt/last.pt"),
    ('stderr: OSError: [Errno 28] No space left on device: "/scratch/x"', "/scratch/x"),
    ("stderr: Disk quota exceeded", None),
    ("stderr: cannot write 'relative/path'", None),
    (None, None),
])
def test_the_path_an_error_line_names(line, path):
    assert named_path(line) == path


# --- space_step and space_back on measured file systems ----------------------------------------

FULL, TIGHT, ROOMY = fs("/mnt/ckpt", 0.1), fs("/mnt/ckpt", 2), fs("/mnt/ckpt", 8)
HOME = fs("/home/u/proj", 900_000, 1_000_000)


def test_a_disk_fault_waits_for_the_file_systems_short_of_room():
    assert (FULL.full, TIGHT.full, TIGHT.ok_again, ROOMY.ok_again) == (True, False, False, True)
    wait = space_step(response_for("disk_full"), (FULL, HOME))
    assert isinstance(wait, SpaceWait) and wait.paths == ("/mnt/ckpt",)
    assert wait.facts == (FULL.describe(),)
    assert space_step(response_for("disk_full"), (ROOMY, HOME)) is None  # room already: a plain retry
    wait = space_step(response_for("disk_full"), (fs("/data", 2), FULL, HOME))  # the full one, not one a little short
    assert isinstance(wait, SpaceWait) and wait.paths == ("/mnt/ckpt",) and wait.facts == (FULL.describe(),)
    wait = space_step(response_for("disk_full"), (fs("/data", 2), ROOMY))  # none full: those short of room
    assert isinstance(wait, SpaceWait) and wait.paths == ("/data",)
    assert space_step(response_for("cuda_oom"), (FULL,)) is None


def test_a_quota_on_a_file_system_that_is_not_full_holds_at_once():
    line = "stderr: OSError: [Errno 122] Disk quota exceeded: '/home/u/proj/ckpt/last.pt'"
    hold = space_step(response_for("disk_quota"), (HOME,), line)
    assert isinstance(hold, SpaceHold)
    assert hold.reason.startswith("quota spent on /home/u/proj/ckpt/last.pt")
    assert "release --retry" in hold.reason
    wait = space_step(response_for("disk_quota"), (FULL, HOME), line)  # a full one: wait like disk_full
    assert isinstance(wait, SpaceWait) and wait.paths == ("/mnt/ckpt",)


def test_space_is_back_when_the_waited_for_file_systems_have_room_again():
    assert space_back((), ["/mnt/ckpt"]) is None  # not measured: not back
    assert space_back((TIGHT, HOME), ["/mnt/ckpt"]) is False  # not full any more, but not ok_again: hysteresis
    assert space_back((ROOMY, HOME), ["/mnt/ckpt"]) is True
    assert space_back((fs("/elsewhere", 0.1), HOME), ["/mnt/ckpt"]) is False  # names changed: all must have room


# --- through decide ------------------------------------------------------------------------------

SPEC = """
name: resp
entities:
  a:
    params: {lr: 0.08}
    stages:
      train:
        run: python train.py --lr {lr}
        degrade:
          nan_loss:
            - {name: halve_lr, params: {lr: {multiply: 0.5, floor: 0.01}}}
  b:
    params: {lr: 0.08}
    stages:
      train:
        run: python train.py --lr {lr}
notify:
  - command: 'true'
"""


def line(text: str) -> LogLine:
    return LogLine(file="stderr", offset=0, text=text, rules=())


NAN = line("Loss is nan, stopping training")
DISK = line("OSError: [Errno 28] No space left on device")
QUOTA = line("OSError: [Errno 122] Disk quota exceeded: '/home/u/proj/ckpt/last.pt'")
LIMIT = line("urllib.error.HTTPError: HTTP Error 429: Too Many Requests")
IOSTREAM = line("basic_ios::clear: iostream error")


def begin(tmp_path, text: str = SPEC, answers: dict | None = None):
    path = write_spec(tmp_path, text)
    spec, _ = load_spec(path)
    return launched(decide(initial_state(RUN_ID, build_plan(spec, path, answers), T0), observe(), T0).state)


def fail(state, now, matches, space=(), sids=("a.train", "b.train")):
    obs = {sid: replace(seen(exited(1), matches=matches), space=space) for sid in sids}
    return decide(state, observe(**obs), now)


def test_nan_loss_goes_to_the_chosen_change_at_once_or_holds_after_one_attempt(tmp_path):
    d = fail(begin(tmp_path, answers={"risk:a.train:nan_loss": "halve_lr"}), at(60), [NAN])
    a, b = d.state.stage("a.train"), d.state.stage("b.train")
    assert a.fault.label == b.fault.label == "nan_loss"
    assert [x.changes for x in a.degradations] == [["lr 0.08 -> 0.04"]] and a.attempt == 2
    assert b.status == StageStatus.HELD and b.attempt == 1
    assert b.hold.reason.startswith("nan_loss is never retried unchanged (the same settings give the same NaN")
    assert a.budget_used == b.budget_used == {}
    d = fail(launched(d.state), at(120), [NAN], sids=("a.train",))
    assert d.state.entities["a"].params["lr"] == 0.02  # each NaN after a change: the next change
    d = fail(launched(d.state), at(180), [NAN], sids=("a.train",))
    d = fail(launched(d.state), at(240), [NAN], sids=("a.train",))  # at the floor: nothing left to change
    a = d.state.stage("a.train")
    assert a.status == StageStatus.HELD and a.budget_used == {} and a.attempt == 4


def test_a_corrupt_checkpoint_is_never_retried_unchanged_either(tmp_path):
    d = fail(begin(tmp_path), at(60), [line("RuntimeError: PytorchStreamReader failed reading zip archive: "
                                            "failed finding central directory")])
    b = d.state.stage("b.train")
    assert b.fault.label == "corrupt_checkpoint" and b.status == StageStatus.HELD and b.budget_used == {}


def test_rate_limited_stages_are_due_past_the_floor_each_at_its_own_time(tmp_path):
    text = SPEC.replace("notify:", "ladder:\n  transient: {retries: 3, backoff: [0s]}\nnotify:")
    d = fail(begin(tmp_path, text), at(60), [LIMIT])
    due = [d.state.stage(s).next_attempt_at for s in ("a.train", "b.train")]
    assert due[0] != due[1] and all(at(120) <= t < at(180) for t in due)
    assert decide(d.state, observe(), at(119)).actions == []  # nothing at once
    again = decide(d.state, observe(), at(60)).state  # the same decision again: the same times
    assert fail(begin(tmp_path, text), at(60), [LIMIT]).state.stage("a.train").next_attempt_at == due[0]
    assert again.stage("a.train").next_attempt_at == due[0]


def test_a_rate_limited_retry_past_the_deadline_is_a_hold(tmp_path):
    text = SPEC.replace("notify:", "success_gate: {deadline: 100s}\nladder:\n  transient: {retries: 3, backoff: [0s]}\n"
                                   "notify:")
    d = fail(begin(tmp_path, text), at(30), [LIMIT], sids=("b.train",))
    b = d.state.stage("b.train")
    assert b.status == StageStatus.HELD and "after the deadline" in b.hold.reason


def test_a_full_disk_waits_tells_the_owner_once_and_retries_when_room_is_back(tmp_path):
    d = fail(begin(tmp_path), at(60), [DISK], space=(FULL, HOME), sids=("b.train",))
    b = d.state.stage("b.train")
    assert b.status == StageStatus.RETRY_WAIT and b.budget_used == {FaultClass.CONFIG: 1}
    assert b.wait.paths == ["/mnt/ckpt"] and b.wait.since == at(60) and b.wait.facts == [FULL.describe()]
    (ev,) = [e for e in d.events if e["event"] == "waiting_for_space"]
    assert ev["paths"] == ["/mnt/ckpt"] and ev["entity"] == "b"
    (told,) = d.state.notices
    assert told.kind == "space" and told.key.startswith("space:b.train") and "waits for free space" in told.title
    assert SendNotices() in d.actions
    state = d.state
    state.notices = [told.model_copy(update={"sent_at": at(60)})]  # what the shell records once it is sent
    for now, facts in ((at(120), (FULL, HOME)), (at(180), (TIGHT, HOME)), (at(240), ())):
        d = decide(state, Observations(space={"b.train": facts}), now)
        assert submits(d) == [] and SendNotices() not in d.actions and len(d.state.notices) == 1, now
        state = d.state
    d = decide(state, Observations(space={"b.train": (ROOMY, HOME)}), at(300))
    assert submits(d) == ["b.train"]
    b = d.state.stage("b.train")
    assert b.wait is None and b.attempt == 2 and b.budget_used == {FaultClass.CONFIG: 1}
    assert [e["event"] for e in d.events][:2] == ["space_back", "submit_intent"]


def test_a_full_disk_with_its_budget_spent_holds_without_waiting(tmp_path):
    text = SPEC.replace("notify:", "ladder:\n  config: {retries: 0}\nnotify:")
    d = fail(begin(tmp_path, text), at(60), [DISK], space=(FULL, HOME), sids=("b.train",))
    b = d.state.stage("b.train")
    assert b.status == StageStatus.HELD and b.wait is None


def test_the_deadline_ends_a_wait_for_space(tmp_path):
    text = SPEC.replace("notify:", "success_gate: {deadline: 1h}\nnotify:")
    d = fail(begin(tmp_path, text), at(60), [DISK], space=(FULL, HOME), sids=("b.train",))
    d = decide(d.state, Observations(space={"b.train": (FULL, HOME)}), at(hours=1, seconds=1))
    assert d.state.phase == Phase.EXPIRED and submits(d) == []


def test_a_quota_holds_at_once_unless_the_file_system_is_full(tmp_path):
    d = fail(begin(tmp_path), at(60), [QUOTA], space=(HOME,), sids=("b.train",))
    b = d.state.stage("b.train")
    assert b.fault.label == "disk_quota" and b.status == StageStatus.HELD and b.attempt == 1
    assert "quota spent on /home/u/proj/ckpt/last.pt" in b.hold.reason
    d = fail(begin(tmp_path), at(60), [QUOTA], space=(FULL, HOME), sids=("b.train",))
    assert d.state.stage("b.train").wait.label == "disk_quota"


def test_a_full_disk_names_a_failure_the_log_does_not(tmp_path):
    d = fail(begin(tmp_path), at(60), [IOSTREAM], space=(FULL, HOME), sids=("b.train",))
    b = d.state.stage("b.train")
    assert (b.fault.klass, b.fault.label) == (FaultClass.CONFIG, "disk_full")
    assert FULL.describe() in b.fault.evidence
    assert b.wait is not None
    # room everywhere: the writer's own words (basic_ios::clear, no errno) still name the disk (issue 22), but
    # nothing is full, so nothing waits for space: the retry runs, and a second identical failure is held
    d = fail(begin(tmp_path), at(60), [IOSTREAM], space=(HOME,), sids=("b.train",))
    b = d.state.stage("b.train")
    assert (b.fault.klass, b.fault.label) == (FaultClass.CONFIG, "disk_full")
    assert FULL.describe() not in b.fault.evidence and b.wait is None


def test_status_shows_the_wait(tmp_path):
    d = fail(begin(tmp_path), at(60), [DISK], space=(FULL, HOME), sids=("b.train",))
    doc = build_status(d.state, tmp_path)
    assert doc["entities"]["b"]["stages"]["train"]["wait"]["paths"] == ["/mnt/ckpt"]
    text = render_status(doc, at(90))
    assert "config/disk_full - waiting for free space since 2024-03-01T12:01:00Z: /mnt/ckpt: " in text


def test_plan_md_says_a_trainer_without_a_nan_answer_is_held_after_one_nan(tmp_path):
    from tianluo.planning.plan import render_plan_md

    text = SPEC.replace("        run: python train.py --lr {lr}\n",
                        "        run: python train.py --lr {lr}\n        progress: {regex: 'step (?P<done>\\d+)'}\n")
    path = write_spec(tmp_path, text)
    spec, _ = load_spec(path)
    for answer, noted in (("hold", {"a", "b"}), ("halve_lr", {"b"})):
        doc = render_plan_md(build_plan(spec, path, {"risk:a.train:nan_loss": answer}))
        sections = {part.split(" ", 1)[0]: part for part in doc.split("### ")[1:]}
        assert {e for e in ("a", "b") if "(`nan_loss`) it is held after that one attempt" in sections[e]} == noted
