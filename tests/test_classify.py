"""tianluo.faults.classify: the exit record of a failed attempt -> fault class and label.

These cases have no log lines; tests/test_rulebook.py covers the log rules.
"""

import re

import pytest

from tianluo.faults.classify import Evidence, classify
from tianluo.faults.rulebook import Rule
from tianluo.models.states import FaultClass, JobState

T, C, U = FaultClass.TRANSIENT, FaultClass.CONFIG, FaultClass.UNKNOWN
EXITED, LOST, HUNG = "exited", "lost", "hung"


@pytest.mark.parametrize(
    ("evidence", "klass", "label"),
    [
        # lost wins over everything else on record
        (Evidence(LOST), T, "lost"),
        (Evidence(LOST, exit_code=1), T, "lost"),
        (Evidence(LOST, signal=9), T, "lost"),
        # terminated by a polite signal: transient
        (Evidence(EXITED, signal=15), T, "terminated"),
        (Evidence(EXITED, signal=2), T, "terminated"),
        (Evidence(EXITED, signal=1), T, "terminated"),
        # ... or as the shell reports it, 128 + N
        (Evidence(EXITED, exit_code=143), T, "terminated"),
        (Evidence(EXITED, exit_code=130), T, "terminated"),
        (Evidence(EXITED, exit_code=129), T, "terminated"),
        # other signals: unknown, named after the signal
        (Evidence(EXITED, signal=9), U, "signal_sigkill"),
        (Evidence(EXITED, exit_code=137), U, "signal_sigkill"),
        (Evidence(EXITED, exit_code=139), U, "segfault"),  # SIGSEGV has a label of its own
        (Evidence(EXITED, exit_code=134), U, "signal_sigabrt"),
        # a recorded signal wins over the exit code
        (Evidence(EXITED, exit_code=1, signal=11), U, "segfault"),
        (Evidence(EXITED, exit_code=0, signal=15), T, "terminated"),
        # exit 0 that reached classify means done_when did not hold
        (Evidence(EXITED, exit_code=0), U, "silent_failure"),
        (Evidence(EXITED, exit_code=0, unmet=("out/final.ckpt (missing)",)), U, "silent_failure"),
        # the shell's own codes
        (Evidence(EXITED, exit_code=127), C, "command_not_found"),
        (Evidence(EXITED, exit_code=126), C, "not_executable"),
        # anything else is unknown, labelled by its code
        (Evidence(EXITED, exit_code=1), U, "exit_1"),
        (Evidence(EXITED, exit_code=2), U, "exit_2"),
        (Evidence(EXITED, exit_code=128), U, "exit_128"),  # 128 itself is not 128+N
        (Evidence(EXITED, exit_code=193), U, "exit_193"),  # above 128+64 is not a signal
        (Evidence(EXITED, exit_code=255), U, "exit_255"),
    ],
)
def test_classify_table(evidence, klass, label):
    fault = classify(evidence)
    assert (fault.klass, fault.label) == (klass, label)


def test_lost_evidence_uses_the_backend_detail():
    fault = classify(Evidence(LOST, detail="pid 7 is gone and left no exit.json"))
    assert fault.evidence == "pid 7 is gone and left no exit.json"


def test_lost_evidence_has_a_default_text():
    assert classify(Evidence(LOST)).evidence == "the process is gone and wrote no exit record"


def test_silent_failure_lists_every_unmet_check():
    fault = classify(Evidence(EXITED, exit_code=0, unmet=("a (missing)", "b:acc >= 0.8 (value 0.5)")))
    assert fault.evidence == "exit code 0 but done_when does not hold: a (missing); b:acc >= 0.8 (value 0.5)"


def test_signal_evidence_names_the_signal():
    assert classify(Evidence(EXITED, exit_code=137)).evidence == "ended by SIGKILL"


def test_a_usage_printed_then_exit_2_is_a_command_line_the_program_refused():
    usage = (("stderr", "usage: ns-train [-h]\n                {nerfacto,splatfacto}\n"
                        "| {nerfacto,splatfacto}: something it did not like |\n"),)
    fault = classify(Evidence(EXITED, exit_code=2, tail=usage))
    assert (fault.klass, fault.label) == (C, "bad_arguments") and "usage: ns-train" in fault.evidence
    assert classify(Evidence(EXITED, exit_code=1, tail=usage)).label == "exit_1"  # 2 is the parsers' code, not 1
    assert classify(Evidence(EXITED, exit_code=2, tail=(("stderr", "some error\n"),))).label == "exit_2"
    click = (("stderr", "Usage: train [OPTIONS]\nTry 'train --help' for help.\n\nError: No such option: --lr2\n"),)
    assert classify(Evidence(EXITED, exit_code=2, tail=click)).label == "bad_arguments"
    prose = (("stderr", "GPU memory usage: 40 GiB\n"),)  # "usage:" inside a line is not a usage
    assert classify(Evidence(EXITED, exit_code=2, tail=prose)).label == "exit_2"


def test_a_launchers_247_is_its_ranks_sigkill_and_the_kernels_record_names_it():
    # DeepSpeed's launcher exits sys.exit(-9) once its rank was killed: 247 as its own status
    assert classify(Evidence(EXITED, exit_code=247)).label == "signal_sigkill"
    assert classify(Evidence(EXITED, exit_code=250)).label == "exit_250"  # other codes near 256 are programs' own
    assert classify(Evidence(EXITED, exit_code=255)).label == "exit_255"
    fault = classify(Evidence(EXITED, exit_code=247, oom_killed=("Killed process 4123 (python)",)))
    assert (fault.klass, fault.label) == (FaultClass.CONFIG, "host_oom")


def test_command_not_found_prefers_the_detail():
    fault = classify(Evidence(EXITED, exit_code=127, detail="could not start the command: ENOENT"))
    assert fault.evidence == "could not start the command: ENOENT"


def test_fault_serialises_its_class_under_the_alias():
    dumped = classify(Evidence(EXITED, exit_code=1)).model_dump(mode="json", by_alias=True)
    assert dumped == {"class": "unknown", "label": "exit_1", "evidence": "exit code 1", "free": False,
                      "rule_class": None, "rule_label": None, "agent_call": None}  # no agent's correction


@pytest.mark.parametrize("evidence", [Evidence(EXITED, exit_code=160), Evidence(EXITED, signal=32)])
def test_label_of_an_unnamed_signal_is_an_identifier(evidence):
    assert re.fullmatch(r"[a-z0-9_]+", classify(evidence).label)


def test_hung_is_a_transient_hang():
    fault = classify(Evidence(HUNG, detail="no progress for 30m"))
    assert (fault.klass, fault.label, fault.evidence) == (T, "hang", "no progress for 30m")


def test_exit_code_none_is_exit_unknown():
    fault = classify(Evidence(EXITED, detail="exit.json has no code"))
    assert (fault.klass, fault.label, fault.evidence) == (U, "exit_unknown", "exit.json has no code")


@pytest.mark.parametrize(("state", "expected"), [(JobState.LOST, "lost"), (JobState.EXITED, "segfault")])
def test_a_job_state_enum_still_works_as_state(state, expected):
    # tianluo.core.decide passes JobState values until it switches to the strings
    assert classify(Evidence(state, exit_code=139)).label == expected


def test_a_spec_rule_on_the_exit_code_wins_over_the_fallback():
    rule = Rule(name="spec-0", klass=FaultClass.TRANSIENT, label="flaky_loader", exit_code=3)
    fault = classify(Evidence(EXITED, exit_code=3, detail="exit 3 from the loader"), rules=[rule])
    assert (fault.klass, fault.label, fault.evidence) == (T, "flaky_loader", "exit 3 from the loader")


def test_a_spec_rule_on_a_signal_name_matches_the_shell_exit_code():
    rule = Rule(name="spec-0", klass="transient", label="abort", signal="ABRT")
    fault = classify(Evidence(EXITED, exit_code=134), rules=[rule])
    assert (fault.klass, fault.label, fault.evidence) == (T, "abort", "ended by SIGABRT")


def test_a_rule_without_conditions_never_matches():
    rule = Rule(name="spec-0", klass=FaultClass.CODE, label="everything")
    assert classify(Evidence(EXITED, exit_code=1), rules=[rule]).label == "exit_1"


def test_a_rule_pattern_meets_a_hostile_evidence_line_in_linear_time():
    # Run in a subprocess with a timeout: on a backtracking engine this would hang the suite.
    import subprocess
    import sys

    code = (
        "from tianluo.faults.classify import Evidence, classify\n"
        "from tianluo.shell.logscan import LogLine\n"
        "from tianluo.faults.rulebook import Rule\n"
        "line = LogLine('stderr', 0, 'step 1' + 'a' * 60000 + '!', ())\n"
        "rules = [Rule('spec-0', 'transient', 'redos', log=r'(a+)+$'),\n"
        "         Rule('spec-1', 'config', 'aaa', log=r'(a|aa)+!$')]\n"
        "fault = classify(Evidence(state='exited', exit_code=1, lines=(line,)), rules)\n"
        "print(fault.label)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "aaa"  # (a+)+$ needs the line to end in a's; the second rule matches


# --- a full file system where the stage writes ----------------------------------------------

FULL = ("/mnt/ckpt: 0 bytes free of 64 MiB",)


def _line(text: str, rules: tuple[str, ...] = ()):
    from tianluo.shell.logscan import LogLine

    return LogLine("stderr", 0, text, rules)


@pytest.mark.parametrize("evidence", [
    Evidence(EXITED, exit_code=1, full=FULL),  # no rule matched
    Evidence(EXITED, exit_code=0, full=FULL),  # exit 0 but done_when failed: the output could not be written
    Evidence(EXITED, signal=6, full=FULL),  # torch.save's C++ writer aborted
    # torch.save into a full disk: the library hid the errno
    Evidence(EXITED, exit_code=1, full=FULL, lines=(_line("RuntimeError: [enforce fail at inline_container.cc:626] . "
                                                          "unexpected pos 64 vs 0"),)),
    # an unknown cause the log does name (a segfault) gives way to the full disk too
    Evidence(EXITED, exit_code=139, full=FULL),
    # so does the other rank's loss of its peer (rank 0 died in torch.save on the full disk)
    Evidence(EXITED, exit_code=1, full=FULL, lines=(_line("RuntimeError: [../third_party/gloo/gloo/transport/tcp/"
                                                          "pair.cc:534] Connection closed by peer [127.0.0.1]:1"),)),
    Evidence(EXITED, exit_code=1, full=FULL, lines=(_line("torch.distributed.DistBackendError: NCCL error in: "
                                                          "ProcessGroupNCCL.cpp:1970, remote process exited"),)),
    # Caffe's snapshot writer, which says no more than that it failed (missing_file without the host's measure)
    Evidence(EXITED, signal=6, full=FULL, lines=(_line("F1122 09:19:43.967656 16306 io.cpp:69] Check failed: "
                                                       "proto.SerializeToOstream(&output) ",
                                                       ("caffe_snapshot_unwritten",)),)),
])
def test_a_full_file_system_names_an_unknown_failure(evidence):
    fault = classify(evidence)
    assert (fault.klass, fault.label) == (C, "disk_full")
    assert fault.evidence.startswith("full file system: /mnt/ckpt: 0 bytes free of 64 MiB (and ")


def test_the_full_file_systems_are_all_named():
    fault = classify(Evidence(EXITED, exit_code=1, full=FULL + ("/work: 12 KiB free of 2 TiB",)))
    assert fault.evidence == ("full file system: /mnt/ckpt: 0 bytes free of 64 MiB; /work: 12 KiB free of 2 TiB "
                              "(and exit_1: exit code 1)")


@pytest.mark.parametrize(("evidence", "klass", "label"), [
    # a cause the log names keeps its label: the disk beside it did not make it happen
    (Evidence(EXITED, exit_code=1, full=FULL, lines=(_line("torch.OutOfMemoryError: CUDA out of memory."),)),
     C, "cuda_oom"),
    (Evidence(EXITED, exit_code=1, full=FULL, lines=(_line("socket.timeout: timed out"),)), T, "timeout"),
    (Evidence(EXITED, signal=15, full=FULL), T, "terminated"),
    (Evidence(LOST, full=FULL), T, "lost"),
    (Evidence(HUNG, full=FULL), T, "hang"),
    # and without a full file system, the unknown stays unknown, and Caffe's unwritten snapshot a missing folder
    (Evidence(EXITED, exit_code=1), U, "exit_1"),
    (Evidence(EXITED, signal=6, lines=(_line("F1122 09:19:43.967656 16306 io.cpp:69] Check failed: "
                                             "proto.SerializeToOstream(&output) ", ("caffe_snapshot_unwritten",)),)),
     C, "missing_file"),
    # a missing file some other rule named keeps its label beside a full disk
    (Evidence(EXITED, exit_code=1, full=FULL, lines=(_line("FileNotFoundError: [Errno 2] No such file or directory: "
                                                           "'data/train.json'"),)), C, "missing_file"),
])
def test_a_full_file_system_does_not_override_a_named_cause(evidence, klass, label):
    fault = classify(evidence)
    assert (fault.klass, fault.label) == (klass, label)


def test_a_spec_rule_of_class_unknown_is_the_users_word_even_on_a_full_disk():
    rule = Rule(name="spec-0", klass=FaultClass.UNKNOWN, label="flaky_writer", exit_code=3)
    fault = classify(Evidence(EXITED, exit_code=3, full=FULL), rules=[rule])
    assert (fault.klass, fault.label) == (U, "flaky_writer")


# A Python warning explains a failure only when no other line does (held-out hisfog/SfMNeXt-Impl#24,
# IEIT-Yuan/Yuan-2.0#65: torch's "driver too old" UserWarning, then the run went on to CPU).
DRIVER_WARNING = ("/data/env/lib/python3.9/site-packages/torch/cuda/__init__.py:138: UserWarning: CUDA "
                  "initialization: The NVIDIA driver on your system is too old (found version 10020). Please "
                  "update your GPU driver by downloading and installing a new version from the URL: "
                  "http://www.nvidia.com/Download/index.aspx")


def test_a_warning_the_job_went_on_from_does_not_outrank_what_ended_it():
    fault = classify(Evidence(state="exited", exit_code=1,
                              lines=(_line(DRIVER_WARNING), _line("socket.timeout: timed out"))))
    assert (fault.klass, fault.label) == (FaultClass.TRANSIENT, "timeout")


def test_a_warning_explains_a_failure_nothing_else_explains():
    fault = classify(Evidence(state="exited", exit_code=1, lines=(_line(DRIVER_WARNING),)))
    assert (fault.klass, fault.label) == (FaultClass.CONFIG, "driver_mismatch")
    assert "UserWarning" in fault.evidence


@pytest.mark.parametrize("prefix", ["", "0: ", "trainer-1  | ", "[rank0]: "])
def test_a_warning_behind_a_launchers_prefix_still_does_not_outrank_what_ended_it(prefix):
    """srun's --label and docker compose's container before the warning's line: the same reading as the plain log
    (the warning once read as a cause behind them, and outranked the timeout that ended the job)."""
    fault = classify(Evidence(state="exited", exit_code=1,
                              lines=(_line(prefix + DRIVER_WARNING), _line(prefix + "socket.timeout: timed out"))))
    assert (fault.klass, fault.label) == (FaultClass.TRANSIENT, "timeout")


@pytest.mark.parametrize("probe", ["sh: 1: xdg-user-dir: not found", "bash: lsb_release: command not found"])
def test_a_desktop_probe_not_there_does_not_outrank_the_crash_that_ended_the_job(probe):
    """CARLA (Unreal Engine) prints ``xdg-user-dir: not found`` at every start and goes on: the segfault it later died
    of names the fault (the probe's line once read as a missing command over it); alone, the line still explains an
    exit nothing else explains."""
    crashed = classify(Evidence(state="exited", exit_code=None, signal=11, lines=(_line(probe),)))
    assert (crashed.klass, crashed.label) == (FaultClass.UNKNOWN, "segfault")
    with_cause = classify(Evidence(state="exited", exit_code=1,
                                   lines=(_line(probe), _line("sh: 1: ffmpeg: not found"))))
    assert with_cause.label == "command_not_found" and "ffmpeg" in with_cause.evidence
    alone = classify(Evidence(state="exited", exit_code=1, lines=(_line(probe),)))
    assert (alone.klass, alone.label) == (FaultClass.CONFIG, "command_not_found")


def test_a_spec_rule_may_still_match_a_warning_first():
    mine = Rule("spec-0", FaultClass.CODE, "my_warning", log=r"UserWarning: CUDA initialization")
    fault = classify(Evidence(state="exited", exit_code=1,
                              lines=(_line(DRIVER_WARNING), _line("socket.timeout: timed out"))), rules=(mine,))
    assert fault.label == "my_warning"


# torchrun's summary after rank 0's torch.save failed on a full disk (seen here, torch 2.13): the
# Failures block lists rank 1, which torchrun itself TERMed; the Root Cause block is rank 0, exit 1.
TORCHRUN_CLEANUP = ("  traceback : Signal 15 (SIGTERM) received by PID 18470",
                    "  exitcode  : -15 (pid: 18470)  (SIGTERM)",
                    "RuntimeError: [enforce fail at inline_container.cc:672] . unexpected pos 768 vs 662")


def test_a_launchers_sigterm_of_the_other_ranks_is_its_clean_up_not_the_cause():
    lines = tuple(_line(text) for text in TORCHRUN_CLEANUP)
    fault = classify(Evidence(EXITED, exit_code=1, lines=lines))
    assert (fault.klass, fault.label) == (C, "disk_full")  # the rank's writer, not the launcher's clean-up
    fault = classify(Evidence(EXITED, exit_code=1, lines=lines, full=FULL))
    assert (fault.klass, fault.label) == (C, "disk_full")
    assert fault.evidence.startswith("full file system: /mnt/ckpt")


@pytest.mark.parametrize("pad", [0, 5000])
def test_an_untagged_line_is_read_by_the_built_in_rules_whatever_its_length(pad):
    """A line no scan tagged (``rules=()``) is still searched by each built-in rule its literals leave possible (the
    prefilter), a line longer than the prefilter keeps in its cache too."""
    from tianluo.shell.logscan import LogLine

    text = "x" * pad + "Epoch 3: Loss is nan, stopping training"
    fault = classify(Evidence(EXITED, exit_code=1, lines=(LogLine("stderr", 0, text, ()),)))
    assert (fault.klass, fault.label) == (C, "nan_loss"), fault
