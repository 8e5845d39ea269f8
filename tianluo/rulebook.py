"""The built-in rulebook: exit codes, signals, states and log lines -> fault class and label.

Rules are tried in order and the first that matches wins; a spec's own rules go before all
of these (see ``tianluo.classify``). A rule matches when every condition it sets holds.

Order, and why:

====  ===================  =========  ==============================================================
 #    label                class      matches
====  ===================  =========  ==============================================================
 1    time_limit           config     the scheduler ended it: TIMEOUT (Slurm job state)
 2    host_oom             config     ... OUT_OF_MEMORY
 3    preempted            transient  ... PREEMPTED; free: no budget spent
 4    node_failure         transient  ... NODE_FAIL; free
 5    boot_failure         transient  ... BOOT_FAIL; free
 6    deadline             config     ... DEADLINE (the job's own --deadline passed)
 7    time_limit           config     Slurm ``CANCELLED AT ... DUE TO TIME LIMIT``
 8    preempted            transient  Slurm ``... DUE TO PREEMPTION``; free
 9    node_failure         transient  Slurm ``... DUE TO NODE FAILURE``; free
10    lost                 transient  state ``lost`` (pid gone, no exit record: killed with the
                                      runner, host reboot). Earlier log lines did not end it.
11    terminated           transient  SIGTERM / SIGINT / SIGHUP (also as exit 128+N): someone
                                      stopped it; a caught traceback earlier is not the cause.
12    host_oom             config     ``oom_kill event`` / ``out-of-memory handler`` /
                                      ``Out of memory: Killed process`` / ``MemoryError``
13    cuda_oom             config     ``torch.OutOfMemoryError``, ``CUDA out of memory`` (also the
                                      older ``RuntimeError`` form), ``CUDA error: out of memory``,
                                      NCCL ``Cuda failure 'out of memory'``, XLA ``RESOURCE_EXHAUSTED``
14    disk_full            config     ``No space left on device`` / ``[Errno 28]``
15    missing_module       config     ``ModuleNotFoundError:`` / ``ImportError:`` at line start
16    missing_file         config     ``FileNotFoundError`` at line start; ``python: can't open file``
17    permission_denied    config     ``PermissionError`` at line start
18    bad_arguments        config     argparse ``error: unrecognized arguments`` / ``the following
                                      arguments are required`` / ``argument X: invalid ...``
19    command_not_found    config     the shell's ``...: command not found``
20    syntax_error         code       ``SyntaxError`` / ``IndentationError`` / ``TabError``
21    name_error           code       ``NameError`` / ``UnboundLocalError``
22    type_error           code       ``TypeError``
23    attribute_error      code       ``AttributeError``
24    key_error            code       ``KeyError``
25    index_error          code       ``IndexError``
26    not_implemented      code       ``NotImplementedError``
27    cuda_device_assert   code       ``CUDA error: device-side assert triggered``
28    hang                 transient  state ``hung`` (alive, progress stopped)
29    nccl_timeout         transient  ``Watchdog caught collective operation timeout`` ...
30    nccl_error           transient  ``ncclSystemError`` / ``ncclRemoteError`` / ``NCCL WARN NET/``
31    gpu_fault            transient  ``uncorrectable ECC error`` / ``GPU has fallen off the bus``
32    connection_error     transient  ``Connection reset by peer`` / ``ConnectionResetError`` /
                                      ``Connection refused`` / ``BrokenPipeError`` / name resolution
33    io_error             transient  ``Input/output error`` / ``[Errno 5]`` / ``Stale file handle`` /
                                      ``nfs: server X not responding``
34    http_unavailable     transient  HTTP 429 / 502 / 503 / 504
35    timeout              transient  ``[Tt]imed out``; exception lines ``*TimeoutError``,
                                      ``*Timeout`` (botocore, urllib3, requests), ``socket.timeout``,
                                      botocore ``EndpointConnectionError``, c10d ``DistStoreError``
36    command_not_found    config     exit code 127
37    not_executable       config     exit code 126
====  ===================  =========  ==============================================================

Then, with no rule: another signal -> unknown ``signal_<name>``; exit 0 (done_when did not
hold) -> unknown ``silent_failure``; no exit code -> unknown ``exit_unknown``; else unknown
``exit_<code>``.

Why this order: a scheduler's own verdict and an outside stop (lost, SIGTERM) say why the job
ended, so they come first. Then root causes before symptoms: when one rank dies of a CUDA OOM
or a TypeError, the other ranks time out in NCCL or lose their connections, so config and
code lines outrank the transient ones. A hang outranks transient log lines (a retried
connection warning did not end the job) but not a config/code line (the rank that died of
OOM is why the others hang).

Judgement calls:
    * SIGKILL / exit 137 alone stays unknown (``signal_sigkill``): the kernel OOM killer, an
      admin's ``kill -9`` and a scheduler's escalation look alike. Only a log line that names
      the OOM killer (Slurm prints one) makes it ``host_oom``.
    * ``ValueError``, ``RuntimeError``, ``AssertionError`` are not ``code``: libraries raise
      them for data, numerics and environment too. They stay unknown unless a rule says more.
    * Python exception names are matched only at the line start (after an optional
      ``[rank3]:``, ``[default0]:`` or ``gpu-07: `` prefix, and a module path such as
      ``botocore.exceptions.``), where a traceback prints its last line: a message that
      merely mentions an exception, or a traceback's source line (``    except KeyError:``),
      does not match. Phrases such as ``Connection refused`` match anywhere.
    * Log patterns run on RE2 (``tianluo.linear_re``): linear time whatever the log holds, no
      backreferences or lookaround. ``tianluo.logscan`` searches all of them as one alternation
      over each chunk, so one more rule costs little.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from tianluo.linear_re import UnsupportedPattern, compile_pattern
from tianluo.states import FaultClass

TRANSIENT, CONFIG, CODE = FaultClass.TRANSIENT, FaultClass.CONFIG, FaultClass.CODE

STATES = ("exited", "lost", "hung")


@dataclass(frozen=True)
class Rule:
    """One row of the rulebook; it matches when every condition it sets holds."""

    name: str
    klass: FaultClass
    label: str
    log: str | None = None  # regex searched in a log line
    exit_code: int | None = None
    signal: str | None = None  # "SIGABRT", ...
    state: str | None = None  # "lost" | "hung" | "exited"
    ended_by: str | None = None  # the scheduler ended it: "time_limit", "preempted", ... (JobFacts.ended_by)
    free: bool = False  # the scheduler's fault, not the job's: retried without spending budget

    def __post_init__(self):
        object.__setattr__(self, "klass", FaultClass(self.klass))  # "config" works as well

    @property
    def has_conditions(self) -> bool:
        """A rule with no condition would match everything; such a rule never matches."""
        return any(c is not None for c in (self.log, self.exit_code, self.signal, self.state, self.ended_by))


def compile_patterns(rules: Sequence[Rule]) -> dict:
    """Rule name -> compiled log pattern (RE2, linear time), for the rules that have one (for ``logscan.scan``).

    Raises:
        ValueError: A pattern is invalid or needs backtracking (``linear_re.UnsupportedPattern``);
            the message names the rule.
    """
    out = {}
    for rule in rules:
        if rule.log is None:
            continue
        try:
            out[rule.name] = compile_pattern(rule.log)
        except UnsupportedPattern as exc:
            raise UnsupportedPattern(f"rule {rule.name}: {exc}") from None
    return out


# A traceback's last line starts the line, perhaps after a launcher's prefix: torchrun
# "[rank3]: " / "[default0]:", pdsh or deepspeed "worker-1: " (a host name has a digit, so
# "note: TypeError: ..." in a message is not taken for a traceback).
_PFX = r"^(?:\[[^\]\n]*\]:? ?|[\w.\-]*\d[\w.\-]*: )?"


def _exc(*names: str) -> str:
    """A pattern for a Python exception line ``[module.]Name: message`` (or a bare ``Name``).

    Anchored, so a traceback's source lines ("    except TypeError:") do not match.
    """
    return _PFX + r"(?:\w+\.)*(?:" + "|".join(names) + r")(?::|$)"


BUILTIN_RULES: tuple[Rule, ...] = (
    # The scheduler's own verdict: its job state first, then the line slurmstepd writes.
    Rule("ended_time_limit", CONFIG, "time_limit", ended_by="time_limit"),
    Rule("ended_out_of_memory", CONFIG, "host_oom", ended_by="out_of_memory"),
    Rule("ended_preempted", TRANSIENT, "preempted", ended_by="preempted", free=True),
    Rule("ended_node_fail", TRANSIENT, "node_failure", ended_by="node_fail", free=True),
    Rule("ended_boot_fail", TRANSIENT, "boot_failure", ended_by="boot_fail", free=True),
    Rule("ended_deadline", CONFIG, "deadline", ended_by="deadline"),
    Rule("slurm_time_limit", CONFIG, "time_limit", log=r"CANCELLED AT \S+ DUE TO TIME LIMIT"),
    Rule("slurm_preempted", TRANSIENT, "preempted", log=r"CANCELLED AT \S+ DUE TO PREEMPTION", free=True),
    Rule("slurm_node_failure", TRANSIENT, "node_failure", log=r"CANCELLED AT \S+ DUE TO NODE FAIL", free=True),
    # Stopped from outside.
    Rule("lost", TRANSIENT, "lost", state="lost"),
    Rule("sigterm", TRANSIENT, "terminated", signal="SIGTERM"),
    Rule("sigint", TRANSIENT, "terminated", signal="SIGINT"),
    Rule("sighup", TRANSIENT, "terminated", signal="SIGHUP"),
    # Config: the resources or the set-up, not the code.
    Rule("host_oom", CONFIG, "host_oom",
         log=r"oom[-_]kill event|out-of-memory handler|Out of memory: Killed process|" + _exc("MemoryError")),
    Rule("cuda_oom", CONFIG, "cuda_oom",
         log=r"CUDA out of memory|CUDA error: out of memory|Cuda failure 'out of memory'"
             r"|RESOURCE_EXHAUSTED: Out of memory|" + _exc("OutOfMemoryError")),
    Rule("disk_full", CONFIG, "disk_full", log=r"No space left on device|\[Errno 28\]"),
    Rule("missing_module", CONFIG, "missing_module", log=_exc("ModuleNotFoundError", "ImportError")),
    Rule("missing_file", CONFIG, "missing_file",
         log=_exc("FileNotFoundError") + r"|can't open file .*No such file or directory"),
    Rule("permission_denied", CONFIG, "permission_denied", log=_exc("PermissionError")),
    Rule("bad_arguments", CONFIG, "bad_arguments",
         log=r": error: (?:unrecognized arguments|the following arguments are required"
             r"|argument \S+: (?:invalid|expected)|ambiguous option)"),
    Rule("command_not_found_log", CONFIG, "command_not_found", log=r": command not found$"),
    # Code: a traceback in the job's own code; a retry would fail the same way.
    Rule("syntax_error", CODE, "syntax_error", log=_exc("SyntaxError", "IndentationError", "TabError")),
    Rule("name_error", CODE, "name_error", log=_exc("NameError", "UnboundLocalError")),
    Rule("type_error", CODE, "type_error", log=_exc("TypeError")),
    Rule("attribute_error", CODE, "attribute_error", log=_exc("AttributeError")),
    Rule("key_error", CODE, "key_error", log=_exc("KeyError")),
    Rule("index_error", CODE, "index_error", log=_exc("IndexError")),
    Rule("not_implemented", CODE, "not_implemented", log=_exc("NotImplementedError")),
    Rule("cuda_device_assert", CODE, "cuda_device_assert", log=r"CUDA error: device-side assert triggered"),
    # Hung: alive but its progress stopped.
    Rule("hung", TRANSIENT, "hang", state="hung"),
    # Transient: the cluster, the network, the storage.
    Rule("nccl_timeout", TRANSIENT, "nccl_timeout",
         log=r"Watchdog caught collective operation timeout|Timeout at NCCL work"
             r"|NCCL operations have failed or timed out"),
    Rule("nccl_error", TRANSIENT, "nccl_error", log=r"ncclSystemError|ncclRemoteError|NCCL WARN NET/"),
    Rule("gpu_fault", TRANSIENT, "gpu_fault", log=r"uncorrectable ECC error|GPU has fallen off the bus"),
    Rule("connection_error", TRANSIENT, "connection_error",
         log=r"Connection reset by peer|Connection refused|Broken pipe|Network is unreachable"
             r"|Temporary failure in name resolution|"
             + _exc("ConnectionResetError", "ConnectionRefusedError", "ConnectionAbortedError", "BrokenPipeError")),
    Rule("io_error", TRANSIENT, "io_error",
         log=r"Input/output error|\[Errno 5\]|Stale file handle|nfs: server \S+ not responding"),
    Rule("http_unavailable", TRANSIENT, "http_unavailable",
         log=r"\b(?:429 (?:Client Error: )?Too Many Requests|50[234] Server Error|502 Bad Gateway"
             r"|503 Service Unavailable|504 Gateway Time-?out)"),
    Rule("timeout", TRANSIENT, "timeout",
         log=r"\b[Tt]imed out\b|"
             + _exc(r"\w*TimeoutError", r"\w*Timeout", "timeout", "EndpointConnectionError", "ConnectionClosedError",
                    "DistStoreError")),
    # The shell's own exit codes.
    Rule("exit_127", CONFIG, "command_not_found", exit_code=127),
    Rule("exit_126", CONFIG, "not_executable", exit_code=126),
)
