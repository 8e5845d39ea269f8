"""The failure analysis (failures/<entity>__analysis.md) and the notify-once decisions.

analysis.render is pure text from state; notify.write_analysis only adds the stderr tail
read from the attempt folder (tmp_path here, no processes). Notify actions are decided by
the pure core and marked as sent by the shell.
"""

import re
import shlex

import pytest
from pure_helpers import (
    RUN_ID,
    T0,
    at,
    exited,
    launched,
    lost,
    mark_sent,
    observe,
    ok_check,
    pending_notices,
    seen,
    state_from_graph,
)

from tianluo.core.actions import SendNotices, WriteAnalysis
from tianluo.core.decide import decide
from tianluo.core.holds import hold
from tianluo.messages.notify import TAIL_LINES, write_analysis
from tianluo.models.model import Fault, RunState, StageState
from tianluo.models.states import FaultClass, Phase, StageStatus
from tianluo.planning.spec import LadderSpec, NotifySpec, Progress, Rung
from tianluo.shell.logscan import LogLine
from tianluo.views import analysis

GRAPH = {"a": {"train": [], "eval": []}, "b": {"train": []}}
NO_RETRY = LadderSpec(transient=Rung(retries=0), config=Rung(retries=0), unknown=Rung(retries=0),
                      code=Rung(retries=0))
TB = 'TypeError: can only concatenate list (not "int") to list'


def tb_line() -> LogLine:
    return LogLine(file="stderr", offset=1234, text=TB, rules=("type_error",))


def oom_line() -> LogLine:
    return LogLine(file="stderr", offset=99,
                   text="torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB", rules=("cuda_oom",))


def held_state(notify: bool = False) -> RunState:
    """a.train held with a code fault, a.eval held with a config (OOM) fault, b running."""
    state = state_from_graph(GRAPH, ladder=NO_RETRY)
    if notify:
        state.plan.notify = [NotifySpec(command="true")]
    state = launched(decide(state, observe(), T0).state)
    obs = observe(**{"a.train": seen(exited(1), matches=[tb_line()], progress=(3, 20)),
                     "a.eval": seen(exited(1), matches=[oom_line()])})
    return decide(state, obs, at(60)).state


# --- next_step -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("klass", "label", "words"),
    [
        (FaultClass.CONFIG, "cuda_oom", "Lower the batch size"),
        (FaultClass.CONFIG, "host_oom", "kernel killed the job"),
        (FaultClass.CONFIG, "missing_module", "A configuration problem"),
        (FaultClass.CODE, "type_error", "A bug in the job's own code"),
        (FaultClass.TRANSIENT, "nccl_timeout", "A transient fault"),
        (FaultClass.TRANSIENT, "hang", "A transient fault"),
        (FaultClass.UNKNOWN, "exit_3", "could not tell what this is"),
    ],
)
def test_next_step_text_per_class_and_label(klass, label, words):
    text = analysis.next_step(StageState(fault=Fault(klass=klass, label=label)))
    assert words in text


def test_next_step_without_a_fault():
    assert analysis.next_step(StageState()) == "Read the layers below, then release with --retry or --skip."


def test_label_specific_advice_wins_over_the_class_advice():
    oom = analysis.next_step(StageState(fault=Fault(klass=FaultClass.CONFIG, label="cuda_oom")))
    generic = analysis.next_step(StageState(fault=Fault(klass=FaultClass.CONFIG, label="disk_full")))
    assert oom != generic


# --- render --------------------------------------------------------------------------


def test_render_has_a_section_per_stage_the_ladder_held():
    state = held_state()
    text = analysis.render(state, "/runs/r1", "a", {"train": ["tail line 1", "tail line 2"], "eval": []}, at(61))
    assert text.startswith("# Failure analysis: a")
    assert f"Run `{RUN_ID}` (graph), written 2024-03-01 12:01:01 UTC" in text
    assert text.count("## a/") == 2
    train = text[text.index("## a/train"):text.index("## a/eval")]
    assert "- class: `code`" in train
    assert "- label: `type_error`" in train
    assert f"- evidence: `stderr: {TB}`" in train
    assert "- attempts: #1 failed (code/type_error)" in train
    assert "### What each layer said" in train
    assert "- scheduler: exited, alive=False" in train
    assert "- container: exit code 1" in train
    assert re.search(r"^- logs: stdout\S*.*; \d+ bytes read$", train, re.MULTILINE), train
    assert f"- log: stderr: {TB}" in train
    assert "- progress: 3/20" in train
    assert "### stderr, last 2 lines" in train and "tail line 1\ntail line 2" in train
    assert "A bug in the job's own code" in train
    assert "tianluo release a --retry --run /runs/r1" in train
    assert "tianluo release a --skip --run /runs/r1" in train
    assert "tianluo release a --retry --reset-budget --run /runs/r1" in train
    assert "**Held because:** code faults are not retried" in train
    ev = text[text.index("## a/eval"):]
    assert "- class: `config`" in ev and "- label: `cuda_oom`" in ev and "Lower the batch size" in ev


def test_render_leaves_out_stages_held_by_a_human_and_entities_without_holds():
    state = hold(held_state(), "b", "look", at(70)).state
    text = analysis.render(state, "/runs/r1", "b", {}, at(71))
    assert "(nothing is held now)" in text
    assert "## b/" not in text


def test_render_of_a_stage_with_no_diagnosis_says_so():
    state = held_state()
    state.stage("a.train").diagnosis = None
    text = analysis.render(state, "/r", "a", {}, at(61))
    assert "- layers: none recorded" in text


def test_layer_lines_name_each_of_the_five_layers():
    state = state_from_graph({"a": {"train": []}}, ladder=NO_RETRY)
    state.plan.entities["a"].stages["train"].progress = Progress(regex=r"step (?P<done>\d+)/(?P<total>\d+)",
                                                                 stall_after=60)
    state = launched(decide(state, observe(), T0).state)
    from pure_helpers import running

    state = decide(state, observe(**{"a.train": seen(running(), progress=(4, 10))}), at(30)).state
    lines = analysis.layer_lines(state.stage("a.train").diagnosis)
    heads = [ln.split(":", 1)[0] for ln in lines[1:]]
    assert heads == ["- scheduler", "- container", "- logs", "- progress", "- output"]
    assert lines[0] == "- verdict of attempt 1 at 2024-03-01 12:00:30 UTC: **running**"
    assert "- progress: 4/10" in lines[4]


def test_layer_lines_without_a_diagnosis():
    assert analysis.layer_lines(None) == ["- layers: none recorded"]


def test_the_analysis_and_the_prompt_show_the_same_layer_facts():
    """One source (``layers.layer_facts``), two formats: a Markdown list item, a quoted data line."""
    from tianluo.views import prompt_text

    state = state_from_graph({"a": {"train": []}}, ladder=NO_RETRY)
    state = launched(decide(state, observe(), T0).state)
    from pure_helpers import running

    state = decide(state, observe(**{"a.train": seen(running(), progress=(4, 10))}), at(30)).state
    d = state.stage("a.train").diagnosis
    items, quoted = analysis.layer_lines(d), prompt_text.layer_lines(d)
    assert len(items) == len(quoted) > 3
    for item, line in zip(items[1:], quoted[1:], strict=True):
        assert item[2:] == line[2:], (item, line)  # "- layer: words" and "> layer: words"


def test_release_command_survives_a_run_folder_with_a_space():
    text = analysis.render(held_state(), "/home/me/my runs/r1", "a", {}, at(61))
    cmd = next(ln for ln in text.splitlines() if ln.startswith("tianluo release a --retry --run"))
    argv = shlex.split(cmd.split("#", 1)[0])
    assert argv == ["tianluo", "release", "a", "--retry", "--run", "/home/me/my runs/r1"]


# --- write_analysis: the stderr tail --------------------------------------------------


def test_write_analysis_writes_the_file_with_the_last_50_stderr_lines(tmp_path):
    state = held_state()
    adir = tmp_path / state.stage("a.train").current().dir
    adir.mkdir(parents=True)
    (adir / "stderr").write_text("".join(f"noise {i}\n" for i in range(200)) + "Traceback (most recent call last):\n"
                                 + f"{TB}\n")
    path = write_analysis(tmp_path, state, "a", at(61))
    assert path == tmp_path / "failures" / "a__analysis.md"
    text = path.read_text()
    assert TAIL_LINES == 50
    assert "### stderr, last 50 lines" in text
    assert "noise 151\n" not in text and "noise 152\n" in text
    assert f"Traceback (most recent call last):\n{TB}\n```" in text
    assert f"--run {tmp_path.resolve()}" in text
    # the eval stage has no stderr file: an empty tail, not a crash
    assert "### stderr, last 0 lines" in text


# --- notify once ---------------------------------------------------------------------


def notifies(decision) -> list:
    """The notifications the decision recorded and asks the shell to send (each in its state first)."""
    told = pending_notices(decision)
    assert bool(told) == (SendNotices() in decision.actions)
    return told


def sent(state: RunState, decision) -> RunState:
    """What the shell does after sending the notifications: mark them sent."""
    return mark_sent(decision.state.model_copy(deep=True))


def test_each_ladder_hold_asks_for_one_notification_with_the_analysis_path():
    state = state_from_graph(GRAPH, ladder=NO_RETRY)
    state.plan.notify = [NotifySpec(command="true")]
    state = launched(decide(state, observe(), T0).state)
    d = decide(state, observe(**{"a.train": seen(exited(1), matches=[tb_line()])}), at(60))
    assert WriteAnalysis("a") in d.actions
    (n,) = notifies(d)
    assert (n.kind, n.entity, n.stage, n.analysis) == ("held", "a", "train", "failures/a__analysis.md")
    assert n.key.startswith("held:a.train:")
    assert n.title == "tianluo: a/train is on hold"
    assert "code/type_error" in n.body and "The other jobs go on." in n.body
    # the analysis is written before the owner is told about it
    assert d.actions.index(WriteAnalysis("a")) < d.actions.index(SendNotices())


def test_a_sent_notification_is_never_sent_again():
    state = state_from_graph(GRAPH, ladder=NO_RETRY)
    state.plan.notify = [NotifySpec(command="true")]
    state = launched(decide(state, observe(), T0).state)
    d = decide(state, observe(**{"a.train": seen(exited(1), matches=[tb_line()])}), at(60))
    s = sent(state, d)
    for i in range(5):
        d = decide(s, observe(), at(120 + i))
        assert notifies(d) == []
        s = d.state


def test_a_notification_lost_to_a_crash_is_asked_for_again():
    state = state_from_graph(GRAPH, ladder=NO_RETRY)
    state.plan.notify = [NotifySpec(command="true")]
    state = launched(decide(state, observe(), T0).state)
    d = decide(state, observe(**{"a.train": seen(exited(1), matches=[tb_line()])}), at(60))
    again = decide(d.state, observe(), at(120))  # the shell never marked it sent
    assert [(n.kind, n.stage) for n in notifies(again)] == [("held", "train")]  # the same one, not a second


def test_a_blocked_run_is_notified_once():
    s = held_state(notify=True)
    d = decide(launched(s), observe(**{"b.train": seen(exited(0), done_when=[ok_check()])}), at(90))
    assert d.state.phase == Phase.BLOCKED
    kinds = [n.kind for n in notifies(d)]
    assert kinds.count("blocked") == 1
    run = next(n for n in notifies(d) if n.kind == "blocked")
    assert run.title == "tianluo: run graph is blocked"
    assert "a.train" in run.body and "a.eval" in run.body
    s = sent(s, d)
    for i in range(3):
        d = decide(s, observe(), at(100 + i))
        assert notifies(d) == []
        s = d.state


def test_without_notify_commands_nothing_is_asked():
    s = held_state(notify=False)
    d = decide(s, observe(**{"b.train": seen(lost())}), at(90))
    assert notifies(d) == []
    assert d.state.stage("a.train").hold.notified is False


def test_a_new_hold_after_a_release_is_news_again():
    from tianluo.core.holds import release

    state = state_from_graph({"a": {"train": []}}, ladder=NO_RETRY)
    state.plan.notify = [NotifySpec(command="true")]
    state = launched(decide(state, observe(), T0).state)
    d = decide(state, observe(**{"a.train": seen(exited(1), matches=[tb_line()])}), at(60))
    s = sent(state, d)
    s = release(s, "a", at(100), retry=True).state
    s = launched(decide(s, observe(), at(101)).state)
    d = decide(s, observe(**{"a.train": seen(exited(1), matches=[tb_line()], progress=(9, 10))}), at(160))
    assert d.state.stage("a.train").status == StageStatus.HELD
    assert [(n.kind, n.stage) for n in notifies(d)].count(("held", "train")) == 1


def test_the_analysis_of_a_config_fault_gives_the_spec_edit_flow():
    state = held_state()
    state.plan.spec_file = "/proj/tianluo.yaml"
    text = analysis.render(state, "/proj/.tianluo/r1", "a", {}, at(61))
    train, ev = text[text.index("## a/train"):text.index("## a/eval")], text[text.index("## a/eval"):]
    flow = ("tianluo plan /proj/tianluo.yaml --diff --home /proj/.tianluo",
            "tianluo start /proj/tianluo.yaml --replan --home /proj/.tianluo    # a.eval runs with the edited spec")
    assert all(line in ev for line in flow)  # cuda_oom: a config fault
    assert "release --retry runs the locked command again" in ev
    assert not any(line in train for line in flow)  # a code fault: the fix is in the job's code
    generic = analysis.next_step(StageState(fault=Fault(klass=FaultClass.CONFIG, label="command_not_found")))
    assert "edit the spec, then `plan --diff` and `start --replan`" in generic
