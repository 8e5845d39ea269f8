"""Classify a failed attempt into a fault class and a label. Pure: evidence in, Fault out.

The evidence is the end of the attempt (state, exit code, signal, the done_when verdict) and
the log lines ``tianluo.shell.logscan`` matched during it. The spec's rules are tried first, then
``tianluo.faults.rulebook.BUILTIN_RULES`` (its docstring has the table and the reasons for its
order); the first rule that matches decides. With no rule, the exit record alone decides:
another signal -> ``signal_<name>``, exit 0 -> ``silent_failure``, no exit code ->
``exit_unknown``, else ``exit_<code>``, all of class unknown.

Then the structure of the logs' tails (``tianluo.faults.structure``, ``tianluo.faults.structure_verdict``) has its
say: it names the fault when no rule named a cause (or only a launcher's SIGABRT), when the rule named
only the symptom of a peer's loss and the structure names something else (rank 0's config error under
rank 1's ``Connection closed by peer``), when a rule called an exception a bug by its name alone but a
framework's argument or validation code raised it, and when a rule named a transient timeout but the
launch's own numbers say it could never succeed (a store barrier counting more workers than its world).
The built-in rules never read an exception that is not why the job ended: one the program survived
(Python logging's report of a failed handler), or a spawned child's that died reading from its dead parent (``Ran
out of input``, ``pickle data was truncated`` inside multiprocessing's spawn); nor a launcher's report that it was sent
SIGTERM (torchrun's ``Received 15 death signal``) after srun said one of the step's tasks failed by itself: srun then
stops the others. A peer's loss on a rank other than the one the launcher names as the first to fail, when that rank
printed nothing the rules read, is the exit record's unknown: its cause is missing from the log. Every rank failing
alike within ``LAUNCH_WINDOW_S`` of the start turns a bare NCCL error or an exit code into config: a launch that
fails every time needs a person, and a transient verdict needs evidence of transience. The spec's
own rules are never overruled.

Fault.evidence is the deciding log line prefixed with its file ("stderr: torch.OutOfMemoryError:
..."), or the fact that decided ("ended by SIGTERM", the backend's detail for a lost process).

A full file system where the stage writes (``Evidence.full``) names the cause when the log does
not: with no rule matched, only an unknown one (a launcher's report of a signal), or only the
symptom another rank prints when its peer died (``Connection closed by peer``, an NCCL error or
watchdog timeout), the fault is config/disk_full with the file system's state as evidence: rank 0
died inside ``torch.save`` on the full disk, rank 1 lost its peer. A cause the log names (a CUDA
OOM, a service's timeout) keeps its label: a full disk beside it did not make it happen.

Likewise the kernel's own record of its OOM killer killing a process of the attempt (``Evidence.oom_killed``,
read by ``tianluo.shell.oom_kills``) names the cause of an unknown fault (a bare SIGKILL, a DataLoader worker
``killed by signal: Killed``, torchrun's ``exitcode: -9``) or of a peer's loss: config/host_oom, the kernel's
record as evidence.

A NameError or UnboundLocalError the job ended on, just after a line where it said something failed to load or was
not found (a guarded import's ``Failed to load cpm_kernels: ... cannot open shared object file``, a loader's ``ERROR:
input file was not found in ...``), names that failure: config/missing_module or config/missing_file. The name was
never bound because of it; not after a warning the job went on from.

A program that printed its usage (``usage: train.py [-h] ...``) and exited 2, with nothing else named, refused its
command line: config/bad_arguments (2 is argparse's, click's and tyro's code for it).

Last, an exit the log named no cause of that ended on a Python exception of a library or of the project gets the
prior for it (``structure_verdict.unmatched``): config/unmatched_exception, the exception as evidence and the exit
record after it. A guess, which the agent rung still asks about as about an unknown fault. Not when the exit record's
unknown is there because a peer's loss was set aside as a symptom: that exception is not the failure's.
"""

import re
import signal as _signal
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from tianluo.faults import structure_verdict
from tianluo.faults.exit_signals import code_signal
from tianluo.faults.linear_re import Gate, UnsupportedPattern, compile_pattern
from tianluo.faults.rulebook import BUILTIN_RULES, PLAIN_WORDS, PROBE_MISSING, Rule
from tianluo.faults.structure import LINE_CHARS, TRACEBACK, Shape, as_printed, split_prefix
from tianluo.faults.structure import read as read_shape
from tianluo.models.model import Fault
from tianluo.models.states import FaultClass
from tianluo.shell.logscan import LogLine

EVIDENCE_CHARS = 500  # a log line can be 64 KiB; the fault keeps its start

_STATE_TEXT = {
    "lost": "the process is gone and wrote no exit record",
    "hung": "the process is alive but its progress stopped moving",
}
_EXIT_TEXT = {
    127: "exit code 127: the shell did not find the command",
    126: "exit code 126: the command is not executable",
}


@dataclass(frozen=True)
class Evidence:
    """What is known about a failed attempt."""

    state: str  # "exited" | "lost" | "hung" (a JobState value works too)
    exit_code: int | None = None
    signal: int | None = None
    unmet: tuple[str, ...] = ()  # done_when checks that did not hold, as text
    lines: tuple[LogLine, ...] = ()  # log lines matched during the attempt, from logscan
    detail: str = ""
    ended_by: str | None = None  # the scheduler ended it (JobFacts.ended_by): time_limit, preempted...
    # File systems the stage writes to that were full when the attempt ended, as text
    # ("/mnt/ckpt: 0 bytes free of 64 MiB"); measured by the observe layer.
    full: tuple[str, ...] = ()
    # The tails of the attempt's logs at its end, as (name, text): their structure (tianluo.faults.structure).
    tail: tuple[tuple[str, str], ...] = ()
    ran_s: float | None = None  # seconds from its start to its end, when both are known
    # The kernel's records of OOM kills of the attempt's processes while it ran (tianluo.shell.oom_kills)
    oom_killed: tuple[str, ...] = ()


def classify(ev: Evidence, rules: Sequence[Rule] = ()) -> Fault:
    """The fault of a failed attempt, with the line of evidence that decided it.

    Args:
        ev: The evidence.
        rules: The spec's own rules; they are tried before the built-in ones.
    """
    sig = effective_signal(ev)
    tails = ev.tail or _as_tail(ev.lines)
    shape = read_shape(tails)
    aside = _aside(shape)
    mine = tuple(line for line in ev.lines if not _is_aside(line.text, aside) and not _TEARDOWN.search(line.text)
                 and not _torn_down(line.text, shape))
    warned = {id(line) for line in mine if _warning(line.text)}
    causes = tuple(line for line in mine if id(line) not in warned)
    warnings = tuple(line for line in mine if id(line) in warned)
    # The spec's rules see every line; the built-in ones see the lines that may state a cause,
    # then, when none does, the warnings the job printed and went on from. Neither sees an exception
    # that is not why the job ended (structure.Shape.survived and .symptoms).
    fault, ruled_by, ruled_line = None, None, None
    for builtin, tried, lines in ((False, rules, ev.lines), (True, BUILTIN_RULES, causes),
                                  (True, BUILTIN_RULES, warnings)):
        for rule in tried:
            matched, line = _match(rule, ev, sig, lines)
            if matched:
                text = _line_text(line) if line is not None else _fact_text(rule, ev, sig)
                fault = Fault(klass=rule.klass, label=rule.label, evidence=text, free=rule.free)
                if not builtin:
                    return fault  # the spec's own word is final
                ruled_by, ruled_line = rule, line
                break
        if fault is not None:
            break
    # Then the exception lines as the structure read them, without a prefix no rule knows; then every line of the
    # tail that a launcher put its rank or host before (srun's --label, docker compose's container, pdsh's host): a
    # rule anchored at the line's start reads the program's words behind it.
    # A rule that matched on the exit record alone (a signal, an exit code) gives way to one before it in the rulebook
    # that reads such a line: what the plain log would have read first (``KeyboardInterrupt`` behind compose's prefix,
    # then SIGINT).
    # A rule that matched a prefixed line (one not anchored at its start) gives way the same way to one before it that
    # reads an unprefixed line (pip's ``error: metadata-generation-failed`` behind srun's label, below the build's
    # TypeError): the rule the plain log would have read first.
    if fault is None or (ruled_by is not None and ruled_line is None):
        ruled = _ruled_line(ev, sig, _unwrapped(shape)) or _ruled_line(ev, sig, _unprefixed(shape, aside))
    elif ruled_by is not None and (shape.launched or shape.destamped):
        ruled = _ruled_line(ev, sig, _unprefixed(shape, aside))
    else:
        ruled = None
    if ruled is not None and (ruled_by is None or _ORDER[id(ruled[0])] < _ORDER[id(ruled_by)]):
        ruled_by, ruled_line = ruled
        fault = Fault(klass=ruled_by.klass, label=ruled_by.label, evidence=_line_text(ruled_line),
                      free=ruled_by.free)
    fault = _structure(ev, fault, ruled_by, sig, shape)
    if ruled_by is not None and ruled_by.name == "name_error" and fault.label == "name_error":
        fault = _unbound_after_failure(tails, fault, shape)
    symptom = _symptom_only(ev, fault, ruled_line, causes, sig, shape)
    set_aside = symptom is not fault  # a peer's loss set aside as a symptom: not then the exception the prior names
    fault = _host_oom(ev, _full_disk(ev, _deterministic(ev, _usage_refused(ev, symptom, shape), shape), ruled_by))
    # (a rule's own "no cause known", ollama's runner that died, stands: the exception that relays it says no more)
    ruled_so = ruled_by is not None and (fault.klass, fault.label) == (ruled_by.klass, ruled_by.label)
    return fault if set_aside or ruled_so else _unmatched(ev, fault, shape)


def _unwrapped(shape: Shape) -> tuple[LogLine, ...]:
    """The exception lines of the failure as the structure read them: a wrapper's prefix that neither the rules nor
    the launcher patterns know (Metaflow's ``[6106/train_model/131069 (pid 19164)]`` after its time stamp) taken off
    where a traceback's first line showed it."""
    out = []
    for r in shape.first_causes() + list(shape.bare):
        out.append(LogLine(file=r.file, offset=0, text=r.head or r.text, rules=()))
        # the message as a wrapper split it over lines, joined (not when what joined it is a teardown's line)
        if r.head and r.text != r.head and not _TEARDOWN.search(r.text):
            out.append(LogLine(file=r.file, offset=0, text=r.text, rules=()))
    return tuple(out)


#: Each built-in rule's place in the rulebook: the earlier of two that both hold names the fault.
_ORDER = {id(rule): i for i, rule in enumerate(BUILTIN_RULES)}


def _ruled_line(ev: Evidence, sig: int | None, lines: Sequence[LogLine]) -> tuple[Rule, LogLine] | None:
    """The first built-in rule whose conditions hold with a line of ``lines`` as its evidence, and that line."""
    for rule in BUILTIN_RULES if lines else ():
        matched, line = _match(rule, ev, sig, lines)
        if matched and line is not None:
            return rule, line
    return None


def _unprefixed(shape: Shape, aside: frozenset[str]) -> tuple[LogLine, ...]:
    """The lines behind a launcher's prefix naming a rank or a host (``Shape.launched``) or behind a time stamp alone
    (``Shape.destamped``), without it: those that may state a cause, as the scan's would (not a warning, an exception
    set aside, a teardown's line, and, where the rulebook's prefilter is built, not a line no built-in rule's literals
    are in). A logger's time and level are left alone: a message it logged and went on from is no exception line."""
    return tuple(LogLine(file=name, offset=0, text=text, rules=()) for name, text in shape.launched + shape.destamped
                 if text.strip() and not _WARNING.search(text) and not _TEARDOWN.search(text)
                 and _possible(text) != frozenset()  # (None: no filter, every rule is searched)
                 and not _is_aside(text, aside) and not _torn_down(text, shape))


LAUNCH_WINDOW_S = 120.0  # every rank failing alike this soon after the start is the launch, not luck


def _structure(ev: Evidence, fault: Fault | None, rule: Rule | None, sig: int | None, shape: Shape) -> Fault:
    """The rule's fault, or the structure's verdict where it says more (``tianluo.faults.structure_verdict``).

    The structure decides when no rule named a cause (the exit record alone, or a launcher's SIGABRT),
    when the rule named only a symptom of a peer's loss and the structure names something else, and
    when a rule called an exception a bug by its type alone but the frame that raised it is a
    framework's argument or validation code, and when a rule called it a bug in general and the frame's
    source line says which.
    """
    verdict = structure_verdict.verdict(shape)
    if fault is None:
        return _from(verdict, None) if verdict is not None else _by_exit_record(ev, sig)
    if verdict is None or verdict.klass == FaultClass.UNKNOWN and fault.klass != FaultClass.UNKNOWN:
        return fault
    # The structure read the rule's own line (an errno in the NCCL warning the rule matched): same story; but an
    # HTTP status in a connection error's line (wandb's "CommError, <Response [403]>") says what it was.
    pattern = _compiled(rule.log) if rule is not None and rule.log is not None else None
    other_line = verdict.basis == "http" or not (pattern is not None and verdict.line and pattern.search(verdict.line))
    if fault.label == "signal_sigabrt" or (fault.label in PEER_LOSS and verdict.label not in PEER_LOSS
                                           and other_line):
        return _from(verdict, fault)
    if fault.klass == FaultClass.CODE and verdict.klass == FaultClass.CONFIG and verdict.basis in ("origin", "source"):
        return _from(verdict, fault)
    if (fault.klass == verdict.klass == FaultClass.CODE and fault.label == "programming_error"
            and verdict.basis == "source"):  # the source line says which slip (a tensor's shape unpacked)
        return _from(verdict, fault)
    if verdict.basis == "launch" and fault.klass == FaultClass.TRANSIENT:  # the launch's own numbers disagree
        return _from(verdict, fault)
    if verdict.basis == "http" and rule is not None and rule.name in _NAMES_NO_CAUSE:  # the status says it
        return _from(verdict, fault)
    if rule is not None and rule.name in _VERDICT_OUTRANKS:  # a catch-all's words: the structure says more
        return _from(verdict, fault)
    if verdict.basis == "unpickled":  # a worker's task: the same releases on both sides, whatever the words say
        return _from(verdict, fault)
    if verdict.basis == "exec" and fault.label == "missing_file":  # the frame shows a program was to be run
        return _from(verdict, fault)
    if verdict.basis == "source" and fault.label == "corrupt_checkpoint":  # the frame shows a data file was read
        return _from(verdict, fault)
    if verdict.basis == "source" and (verdict.klass, verdict.label) == (fault.klass, fault.label):
        # the same reading, and the project's own line says why (``open(args.data_path)`` given None): its words
        return Fault(klass=fault.klass, label=fault.label, evidence=_capped(verdict.evidence), free=fault.free)
    return fault


#: Rules whose line is a loader's catch-all that names no cause (transformers' ``Can't load tokenizer for 'x'. If you
#: were trying to load it from ...``, raised after any failed download): an HTTP status of the same log says what it
#: was (a gated repository's 401s).
_NAMES_NO_CAUSE = frozenset({"hf_cannot_load"})

#: Rules whose line is a service's verdict that names no cause at all (Azure ML's ``"code": "UserError"`` around a
#: conda failure), and the rulebook's plain words of any program (``PLAIN_WORDS``: a file it could not open, an
#: option it does not take, memory it lacked): whatever the structure reads in the same log (an errno: h5py's
#: ``errno = 13, error message = 'Permission denied'``; an exception's kind) says more.
_VERDICT_OUTRANKS = frozenset({"cloud_user_error", *(rule.name for rule in PLAIN_WORDS)})


#: A failure a program printed and went on from: an import guarded by try/except that said why it failed (cpm_kernels'
#: ``Failed to load cpm_kernels:libnvrtc.so.11.2: cannot open shared object file``), a loader that said its input was
#: not there (``ERROR: input file was not found in ...``) and returned without binding what it reads.
_PRINTED_LOAD = compile_pattern(r"(?i)cannot open shared object file|\bNo module named\b"
                                r"|\b(?:failed|unable|could not|couldn't|cannot|can't) (?:to )?(?:load|import)\b")
_PRINTED_MISSING = compile_pattern(r"(?i)\b(?:file|directory|folder|path)\b[^\n]{0,80}\bnot (?:found|exist)"
                                   r"|No such file or directory|\bdoes not exist\b")
#: ... not a line a logger or a library wrote at its warning level (TensorFlow's ``W tensorflow/.../dso_loader.cc:64]
#: Could not load dynamic library``, after which it runs on the CPU), nor a traceback's frame or source line.
_NOT_PRINTED = compile_pattern(r"(?i)warn|^\s|\b[WI] [\w/.\-]{1,200}\.cc:\d+\]")
PRINTED_LOOKBACK = 40  # lines read above the traceback for the failure it follows from


def _unbound_after_failure(tails: Sequence[tuple[str, str]], fault: Fault, shape: Shape) -> Fault:
    """A NameError or UnboundLocalError the job ended on, just after a line where it said something failed to load
    or was not found: the name was never bound because of that failure (a guarded import, a loader that printed
    its error and returned), and the install or the input is what to fix, not the program's logic."""
    raised = next(iter(shape.first_causes()), None)
    if raised is None or raised.base not in ("NameError", "UnboundLocalError"):
        return fault
    for name, text in tails:
        if name != raised.file:
            continue
        lines = [split_prefix(raw[:LINE_CHARS])[1] for raw in as_printed(text.splitlines())]
        end = max((i for i, line in enumerate(lines) if line.strip() == raised.text), default=None)
        if end is None:
            continue
        head = max((i for i in range(end) if TRACEBACK.search(lines[i])), default=end)
        for line in reversed(lines[max(0, head - PRINTED_LOOKBACK):head]):
            if not line.strip() or _NOT_PRINTED.search(line):
                continue
            label = ("missing_module" if _PRINTED_LOAD.search(line)
                     else "missing_file" if _PRINTED_MISSING.search(line) else None)
            if label is not None:
                what = f"{line.strip()[:300]}, then {raised.text[:200]}"
                return Fault(klass=FaultClass.CONFIG, label=label, evidence=_capped(
                    f"{name}: {what} (the name was never bound because of the failure printed before it; the rules "
                    f"alone: {fault.klass.value}/{fault.label})"))
    return fault


def _symptom_only(ev: Evidence, fault: Fault, line: LogLine | None, causes: Sequence[LogLine], sig: int | None,
                  shape: Shape) -> Fault:
    """A peer's loss read on a rank other than the one the launcher names as the first to fail, when that rank
    printed nothing the rules read, is a symptom with its cause missing: the exit record's unknown, not the
    transient the symptom's words suggest (rank 1's ``Connection closed by peer`` after rank 0 exited 1)."""
    if fault.label not in PEER_LOSS or line is None or shape.root_rank is None:
        return fault
    rank = split_prefix(line.text[:LINE_CHARS])[0]
    if rank is None or rank == shape.root_rank or not (rank.isdigit() and shape.root_rank.isdigit()):
        return fault  # (a container's or a host's name, compose's or pdsh's, is no rank to set beside the launcher's)
    if any(split_prefix(c.text[:LINE_CHARS])[0] == shape.root_rank for c in causes):
        return fault
    if any(r.rank == shape.root_rank for r in (*shape.bare, *shape.first_causes())):
        return fault  # the root rank raised something: its story is in the log
    unknown = _by_exit_record(ev, sig)
    text = (f"{fault.evidence}: rank {rank} lost its peer; rank {shape.root_rank} failed first and its error is "
            f"not in the log (the rules alone: {fault.klass.value}/{fault.label})")
    return Fault(klass=unknown.klass, label=unknown.label,
                 evidence=_capped(text))


def _aside(shape: Shape) -> frozenset[str]:
    """The exception lines that are not why the job ended: one the program survived (a logging handler's
    report), a spawned child's that died because its parent did; unless the same line also ended a chain."""
    ended = {r.text for chain in shape.chains for r in chain} | {r.text for r in shape.bare}
    return frozenset(r.text for r in shape.survived + shape.symptoms if r.text not in ended)


def _is_aside(text: str, aside: frozenset[str]) -> bool:
    """Whether a log line is the (first line of the) text of an exception set aside."""
    if not aside:
        return False
    line = split_prefix(text[:LINE_CHARS])[1].strip()[:500]
    return bool(line) and any(a == line or a.startswith(line + " ") for a in aside)


def _torn_down(text: str, shape: Shape) -> bool:
    """Whether a log line is a launcher's report of the SIGTERM srun sent the step's other tasks after one failed
    by itself (``structure.Shape.torn_down``): srun's clean-up, not why the job ended."""
    return bool(shape.torn_down) and split_prefix(text[:LINE_CHARS])[1].strip() in shape.torn_down


def _from(verdict: structure_verdict.Verdict, ruled: Fault | None) -> Fault:
    """The structure's fault; the evidence says what the rules alone would have said."""
    text = verdict.evidence
    if ruled is not None:
        text = f"{text} (the rules alone: {ruled.klass.value}/{ruled.label})"
    return Fault(klass=verdict.klass, label=verdict.label, evidence=_capped(text))


def _deterministic(ev: Evidence, fault: Fault, shape: Shape) -> Fault:
    """Every rank ending with the same error seconds after the start is a launch that fails every time:
    config, not the transient a word like NCCL suggests (a transient verdict needs evidence of transience)."""
    if not (fault.label == "nccl_error" or (fault.klass == FaultClass.UNKNOWN and fault.label.startswith("exit_"))):
        return fault
    if shape.same_error_ranks < 2 or ev.ran_s is None or ev.ran_s > LAUNCH_WINDOW_S:
        return fault
    text = (f"{shape.same_error_ranks} ranks ended with the same error {ev.ran_s:.0f}s after the start: the launch "
            f"fails every time ({fault.evidence})")
    return Fault(klass=FaultClass.CONFIG, label="bad_arguments",
                 evidence=_capped(text))


def _unmatched(ev: Evidence, fault: Fault, shape: Shape) -> Fault:
    """An exit the log named no cause of, that ended on a Python exception: its likeliest class
    (``structure_verdict.unmatched``), the exit record kept in the evidence."""
    if (fault.klass != FaultClass.UNKNOWN or ev.signal is not None or not fault.label.startswith("exit_")
            or fault.label in ("exit_0", "exit_unknown")):
        return fault
    verdict = structure_verdict.unmatched(shape)
    if verdict is None:
        return fault
    return Fault(klass=verdict.klass, label=verdict.label, evidence=_capped(f"{verdict.evidence} ({fault.evidence})"))


def _as_tail(lines: Sequence[LogLine]) -> tuple[tuple[str, str], ...]:
    """The matched lines as text by file, for callers that pass no tail (their structure is thinner)."""
    by_file: dict[str, list[str]] = {}
    for line in lines:
        by_file.setdefault(line.file, []).append(line.text)
    return tuple((name, "\n".join(texts)) for name, texts in by_file.items())

#: What a process prints while it shuts down after the failure, whatever the failure was: never its cause. JAX's and
#: TF's coordination agent that cannot say goodbye to a leader already gone ("Proceeding with agent shutdown anyway").
_TEARDOWN = compile_pattern(r"Failed to disconnect from coordination service")
#: A Python warning as the warnings module prints it (``/x/torch/cuda/__init__.py:138: UserWarning: CUDA
#: initialization: The NVIDIA driver on your system is too old ...``), or a native library's line tagged as its
#: warning (LightGBM's ``[LightGBM] [Warning] std::bad_alloc`` before the JVM under it crashed, also quoted after the
#: ``# `` of the JVM's fatal error report), or a line a logger wrote at its warning level (Python logging's default
#: ``WARNING:root:``, ``[WARNING] ``, glog's ``W0318 17:45:05``, ``(WARNING)[trainer.py:475]``: a program that loaded
#: an optimizer's state of another size and went on), or Apptainer's note that ``--nv`` found no NVIDIA driver to bind
#: (a CPU job started with ``--nv`` goes on), or a desktop or OS probe not there (``sh: 1: xdg-user-dir: not found``,
#: before every Unreal Engine launch): the job printed it and went on, so for the built-in rules it
#: explains a failure only when no other line does (a spec's own rule may still match it first). (A tool's bare
#: ``WARNING: `` is not among them: pip's ``WARNING: Retrying ... Failed to establish a new connection`` is the cause.)
_WARNING = compile_pattern(r"^(?:# )?(?:\[[^\]\n]*\]:? ?)?(?:\S*\.py:\d+: [A-Za-z]*Warning: |\[Warning\] )"
                           r"|^\(WARNING\)\[|^WARNING:[\w.]+:|^\[WARNING\] |^W\d{4} \d\d:\d\d:\d\d"
                           r"|^(?:INFO|WARNING): +Could not find any NVIDIA (?:binaries|libraries) on this host"
                           r"|" + PROBE_MISSING)


def _warning(text: str) -> bool:
    """Whether a line is a warning the job went on from, also behind a launcher's prefix (srun's ``--label``, docker
    compose's container) or a collector's time stamp: the same line reads the same however it was launched."""
    return bool(_WARNING.search(text)) or bool(_WARNING.search(split_prefix(text[:LINE_CHARS])[1]))


#: What a rank prints when another rank died under it: with a full disk measured, the symptom of it.
PEER_LOSS = frozenset({"connection_error", "nccl_error", "nccl_timeout"})


#: Rules for a writer that failed without saying why, read as their likeliest cause: a full file system at the end
#: of the attempt is the better reading.
UNWRITTEN = frozenset({"caffe_snapshot_unwritten"})


def _usage_refused(ev: Evidence, fault: Fault, shape: Shape) -> Fault:
    """A program that printed its usage (or argparse's ``error:``) and exited 2 refused its command line: 2 is
    argparse's, click's and tyro's code for it. So did the ranks a launcher reports as having exited 2 (torchrun's
    Failures, which itself exits 1; DeepSpeed's ``exits with return code = 2``). Only a fault nothing else named
    (the exit record's, or the launcher's, unknown)."""
    if ev.exit_code is None or ev.signal is not None or fault.klass != FaultClass.UNKNOWN:
        return fault
    if ev.exit_code == 2 and shape.usage is not None:
        said = (f"{shape.usage} (exit code 2 after the program printed its usage or its parser's error: it refused "
                "its command line)")
    elif shape.root_exit == 2:
        said = (f"{fault.evidence} (2 is argparse's code for a command line it refused, and Python's for a script it "
                "cannot open)")
    else:
        return fault
    return Fault(klass=FaultClass.CONFIG, label="bad_arguments", evidence=_capped(said))


def _full_disk(ev: Evidence, fault: Fault, rule: Rule | None = None) -> Fault:
    """A full file system names the cause of a fault the log left unknown, named only by a peer's loss, or
    named by a writer that failed without saying why (``UNWRITTEN``); where the log named a full disk, the
    host's own measure comes first in the evidence."""
    unwritten = rule is not None and rule.name in UNWRITTEN and fault.label == rule.label
    if not ev.full or not (fault.klass == FaultClass.UNKNOWN or fault.label in PEER_LOSS | {"disk_full"}
                           or unwritten):
        return fault
    return _host_names("full file system", ev.full, fault, "disk_full")


def _host_oom(ev: Evidence, fault: Fault) -> Fault:
    """The kernel's OOM killer named in its own log as what killed a process of the attempt names the cause of a
    fault the log left unknown (a bare SIGKILL, ``Killed``, a DataLoader worker killed by signal, torchrun's -9) or
    named only by a peer's loss."""
    if not ev.oom_killed or not (fault.klass == FaultClass.UNKNOWN or fault.label in PEER_LOSS):
        return fault
    return _host_names("the kernel's OOM killer", ev.oom_killed, fault, "host_oom")


def _host_names(what: str, found: tuple[str, ...], fault: Fault, label: str) -> Fault:
    """The config fault a host's own finding names, its finding first in the evidence and the log's reading kept."""
    return Fault(klass=FaultClass.CONFIG, label=label,
                 evidence=_capped(f"{what}: " + "; ".join(found) + f" (and {fault.label}: {fault.evidence})"))


def effective_signal(ev: Evidence) -> int | None:
    """The signal that ended the process: recorded, or read from its exit status as ``exit_signals.code_signal``
    reads one (a shell's 128+N, a launcher's 256-N: DeepSpeed's 247 after its rank's SIGKILL)."""
    if ev.signal is not None:
        return ev.signal
    found = code_signal(ev.exit_code) if ev.exit_code is not None and ev.exit_code > 0 else None
    return found[0] if found is not None else None


def _state(ev: Evidence) -> str:
    """The state as a plain string, so a JobState (a str Enum) from older callers works too."""
    return str(getattr(ev.state, "value", ev.state)).lower()


def _match(rule: Rule, ev: Evidence, sig: int | None, lines: Sequence[LogLine]) -> tuple[bool, LogLine | None]:
    """Whether every condition of ``rule`` holds, and the log line that satisfied it."""
    if not rule.has_conditions:
        return False, None
    if rule.state is not None and rule.state.lower() != _state(ev):
        return False, None
    if rule.ended_by is not None and rule.ended_by != ev.ended_by:
        return False, None
    if rule.exit_code is not None and rule.exit_code != ev.exit_code:
        return False, None
    if rule.signal is not None and (sig is None or _signal_number(rule.signal) != sig):
        return False, None
    if rule.log is None:
        return True, None
    line = _evidence_line(rule, lines)
    return line is not None, line


def _evidence_line(rule: Rule, lines: Sequence[LogLine]) -> LogLine | None:
    """The last line logscan tagged with this rule, or whose text the rule's regex finds.

    The last one: a traceback quotes the failing source line (``raise ConnectionResetError(...)``)
    before it prints the exception itself, and the exception line is the better evidence.
    """
    pattern = _compiled(rule.log)
    index = _gate().find(rule)  # a built-in rule: its place in the prefilter (None: a spec's rule, searched)
    for line in reversed(lines):
        if rule.name in line.rules:
            return line
        if pattern is None or index is not None and _ruled_out(index, line.text):
            continue
        if pattern.search(line.text):
            return line
    return None


def _ruled_out(index: int, text: str) -> bool:
    """Whether the prefilter rules the built-in rule at ``index`` out for ``text`` (never without a filter)."""
    possible = _possible(text)
    return possible is not None and index not in possible


@lru_cache(maxsize=1)
def _gate() -> Gate:
    """RE2's prefilter of the built-in rules with a pattern, each known by the rule. The same tuple of patterns as the
    scan's (``rulebook.compile_patterns``), so ``linear_re.prefilter``'s cache hands both the one filter. A
    classification tries some 200 rules on each line: the prefilter reads a line once and names the few its literals
    leave possible."""
    logged = [(rule, rule.log) for rule in BUILTIN_RULES if rule.log is not None]
    return Gate(tuple(rule for rule, _ in logged), tuple(log for _, log in logged))


def _possible(text: str) -> frozenset[int] | None:
    """The places of the built-in rules a line's literals leave possible (a superset of those that match it), None
    without a filter; kept for lines of up to ``LINE_CHARS`` (a daemon's ticks classify in one process, and a log line
    may be 64 KiB)."""
    return _possible_kept(text) if len(text) <= LINE_CHARS else _gate().possible(text)


@lru_cache(maxsize=4096)
def _possible_kept(text: str) -> frozenset[int] | None:
    return _gate().possible(text)


@lru_cache(maxsize=512)
def _compiled(regex: str):
    """The rule's pattern on the linear-time engine (a log line is hostile text); None if refused."""
    try:
        return compile_pattern(regex)
    except UnsupportedPattern:  # the spec validates its rules; a bad one here just never matches by text
        return None


@lru_cache(maxsize=128)
def _signal_number(name: str) -> int | None:
    """The number of a signal written "SIGABRT", "ABRT", "6" or "SIG32"; None if unknown."""
    name = name.strip().upper()
    if name.isdigit():
        return int(name)
    if not name.startswith("SIG"):
        name = "SIG" + name
    try:
        return int(_signal.Signals[name])
    except KeyError:
        rest = name[3:]
        return int(rest) if rest.isdigit() else None


def _signal_name(num: int) -> str:
    try:
        return _signal.Signals(num).name
    except ValueError:
        return f"SIG{num}"


def _line_text(line: LogLine) -> str:
    return _capped(f"{line.file}: {line.text.strip()}")


def _capped(text: str) -> str:
    """Evidence text cut to EVIDENCE_CHARS, an ellipsis marking the cut."""
    return text if len(text) <= EVIDENCE_CHARS else text[:EVIDENCE_CHARS - 1] + "…"


def _fact_text(rule: Rule, ev: Evidence, sig: int | None) -> str:
    """The fact that decided a rule without a log condition."""
    if rule.ended_by is not None:
        return ev.detail or f"the scheduler ended it: {rule.ended_by}"
    if rule.state in _STATE_TEXT:
        return ev.detail or _STATE_TEXT[rule.state]
    if rule.signal is not None and sig is not None:
        return f"ended by {_signal_name(sig)}"
    if ev.exit_code is not None:
        return ev.detail or _EXIT_TEXT.get(ev.exit_code, f"exit code {ev.exit_code}")
    if sig is not None:
        return f"ended by {_signal_name(sig)}"
    return ev.detail or f"state {_state(ev)}"


def _by_exit_record(ev: Evidence, sig: int | None) -> Fault:
    """No rule matched: the exit record alone names the fault (class unknown)."""
    if sig is not None:
        name = _signal_name(sig)
        label = "signal_" + re.sub(r"[^a-z0-9_]", "_", name.lower())
        return Fault(klass=FaultClass.UNKNOWN, label=label, evidence=f"ended by {name}")
    if ev.exit_code == 0:
        unmet = "; ".join(ev.unmet) or "done_when did not hold"
        return Fault(klass=FaultClass.UNKNOWN, label="silent_failure",
                     evidence=f"exit code 0 but done_when does not hold: {unmet}")
    if ev.exit_code is None:
        return Fault(klass=FaultClass.UNKNOWN, label="exit_unknown",
                     evidence=ev.detail or "the exit record has no exit code")
    return Fault(klass=FaultClass.UNKNOWN, label=f"exit_{ev.exit_code}", evidence=f"exit code {ev.exit_code}")
