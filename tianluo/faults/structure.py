"""Read the structure of what failed, not only known messages. Pure: text in, facts out.

The rulebook (``tianluo.faults.rulebook``) knows wordings; this module knows shapes, so a family
nobody has shown us yet still gets its class:

* **Whose lines.** A launcher prefixes each rank's lines (torchrun ``[rank3]:`` /
  ``[default3]:``, srun ``--label`` ``3: ``, mpirun ``[1,3]<stderr>:``, Ray ``(pid=N)``, pdsh
  ``host-1: ``, torchx ``trainer/0 [3]:``) and says which one failed first (torchrun's ``Root Cause (first observed
  failure)`` block, srun's ``task 3: Exited``, mpirun's ``The first process to do so was``; more weakly, a
  rank's monitored barrier that says ``Please check rank 0 logs for faulty rank``, and torchrun's agent on the
  first local rank to fail, ``failed (exitcode: 1) local_rank: 0``). That rank's tracebacks count first; the
  other ranks' lost peers are symptoms.
* **The exception that started it.** Python tracebacks are parsed per rank, and chains
  (``During handling of the above exception`` / ``The above exception was the direct cause``)
  are followed to their first cause. TF autograph's quoted frames (``/x/training.py:541 train_step``)
  count as frames. A spawned child that died reading from its dead parent (multiprocessing's
  ``spawn_main``) is a symptom, set aside like an exception the program survived.
* **Where it was raised.** The innermost frame's file: a framework's argument, config or
  validation module (``training_args.py``, ``validate_args``, omegaconf, accelerate's launch)
  says config; the user's own project file says a programming error is the program's; an
  I/O layer (``torch/serialization.py``, ``shutil``, ``h5py``) says the I/O family.
* **Any errno or strerror** anywhere wins its family (``[Errno 28]``, ``errno: 111``, ``(os
  error 5)``, ``No space left on device``).
* **HTTP status families** of any client: 5xx and 429 are transient (backed off), 401 and
  403 are config.
* **A store barrier counting more workers than its world** (``world_size=4, worker_count=16``):
  more processes joined one rendezvous than the launch says there are, a launch that cannot succeed.
* **Many ranks, one error.** How many ranks (or srun tasks) ended with the same error: with
  the attempt's run time, ``classify`` tells a deterministic launch failure from a transient one.

Every pattern runs on RE2 (linear time) and every line is capped, so a hostile log costs what
its bytes cost. Nothing here reads a file: the caller passes the tails of the attempt's logs.
"""

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache

from tianluo.faults.linear_re import Gate, LazyPattern, compile_any, source
from tianluo.faults.strerror_l10n import NOENT_L10N, STRERRORS_L10N

LINE_CHARS = 2000  # a line is cut here before any pattern sees it
MAX_LINES = 20000  # lines read from all tails together (the newest kept)

USER, CONFIG, IO, LIBRARY, UNKNOWN = "user", "config", "io", "library", "unknown"


@dataclass(frozen=True)
class Raised:
    """One exception as a traceback (or a bare exception line) printed it."""

    name: str  # as printed, module path kept: "torch.OutOfMemoryError"
    message: str  # the first line of its message (or the next line, when that is empty)
    where: str | None  # the innermost frame's file; None without frames
    func: str | None
    origin: str  # USER | CONFIG | IO | LIBRARY | UNKNOWN (no frame)
    rank: str | None  # the rank (or worker) whose lines these are; None: unprefixed
    file: str  # the log it stood in ("stderr")
    text: str  # the exception line as printed, prefix removed
    # the innermost frame's source line, when the traceback printed it ("assert len(x) > 0"), or the indented line a
    # paste kept just above a bare exception line (its frames cut)
    source: str = ""
    # the source line of the innermost frame in the project's own files ("state = json.loads(ckpt.read_text())"),
    # which says what the program was doing when a library below it raised
    own_source: str = ""
    # the source line of the last module-level frame above the innermost, when no function of the project's own files
    # runs between them ("from .parallel import parallel_simple_gla", "@triton.jit"): what was loading when it raised
    loading: str = ""
    head: str = ""  # the exception line alone, before the lines below it joined ``text`` ("" when none joined)

    @property
    def base(self) -> str:
        """The exception's own name, without its module path: "OutOfMemoryError"."""
        return self.name.rsplit(".", 1)[-1]


@dataclass(frozen=True)
class Shape:
    """What the structure of the logs says about a failure."""

    chains: tuple[tuple[Raised, ...], ...] = ()  # each chain first cause first, in the order printed
    bare: tuple[Raised, ...] = ()  # exception lines outside any traceback
    # Exceptions the program survived: Python logging's "--- Logging error ---" report of a handler that
    # failed to format a record (the job goes on; a rule that read its last line read the wrong thing).
    survived: tuple[Raised, ...] = ()
    # Exceptions of a process that died because another did: a spawned child that could not read what its
    # parent was sending (multiprocessing's spawn_main: "Ran out of input", "pickle data was truncated").
    symptoms: tuple[Raised, ...] = ()
    root_rank: str | None = None  # the rank a launcher names as the first to fail
    root_signal: int | None = None  # the signal the launcher says the root rank died of (torchrun exitcode -N)
    # The exit code the launcher says the root rank ended with (torchrun's Root Cause block, or every rank of its
    # Failures list alike): a rank's ``exitcode : 2`` says more than the launcher's own exit 1.
    root_exit: int | None = None
    errnos: tuple[tuple[int, str], ...] = ()  # (errno, "file: line")
    strerrors: tuple[tuple[int, str], ...] = ()  # (errno, "file: line") from a strerror text
    http: tuple[tuple[int, str], ...] = ()  # (status, "file: line")
    # A cloud service's own error code (S3's ``<Code>NoSuchBucket</Code>``, Azure's ``ErrorCode: AuthenticationFailed``,
    # boto's ``An error occurred (SlowDown) when calling``), "file: line"
    service: tuple[tuple[str, str], ...] = ()
    oom: tuple[tuple[bool, str], ...] = ()  # (on a GPU/TPU?, "file: line") for each line saying out of memory
    same_error_ranks: int = 0  # ranks (or tasks) that ended with the same error
    # A c10d store barrier that counted more workers than its world ("world_size=4, worker_count=16"): more
    # processes joined the store than the launch says there are (two launches on one port, a launcher and a
    # script that each spawn the ranks), "file: line"; the barrier then waits until it times out, every time.
    overfull_barrier: str | None = None
    # the last line that prints a program's usage (argparse's, click's, tyro's), or argparse's own refusal below it
    # (``train.py: error: the following arguments are required``, its usage cut by a paste): "file: line"
    usage: str | None = None
    panic: str | None = None  # the first line of a Rust panic (``thread 'main' panicked at``): "file: line"
    # A dataset scan that found every item it read unusable (YOLOv5's ``102 found, 0 missing, 0 empty, 102
    # corrupted``): "file: line"; whatever the program raised next (an empty unpack, a division) follows from it.
    rejected: str | None = None
    ranks: frozenset[str] = field(default_factory=frozenset)  # every rank prefix seen
    # A launcher's report that it was sent SIGTERM (torchrun's ``Received 15 death signal``) after srun said a task
    # failed by itself: srun's own stop of the step's other tasks, a symptom (the lines, prefixes taken off)
    torn_down: frozenset[str] = field(default_factory=frozenset)
    # The lines a launcher put a rank's or a host's prefix before (srun's --label, docker compose's container), as
    # (file, the line without its prefixes): what the program printed, for rules anchored at its line's start
    launched: tuple[tuple[str, str], ...] = ()
    # ... and those a time stamp alone stood before (a collector's, ts's, a CI console's; not a logger's level or place,
    # whose messages the job may have gone on from, nor a paste's marks, read as they stand), taken off
    destamped: tuple[tuple[str, str], ...] = ()

    def first_causes(self) -> list[Raised]:
        """The chains' exceptions, root rank's first, each chain from its first cause, newest chain first."""
        ordered = sorted(self.chains, key=lambda c: (c[-1].rank != self.root_rank if self.root_rank else False))
        out: list[Raised] = []
        for chain in ordered:
            out.extend(chain)
        return out


# --- the line's prefix: whose line it is -----------------------------------------------------

_PREFIX = LazyPattern(
    r"^(?:\[(?:rank|default|local_rank|worker)?(\d+)\]:? ?"  # torchrun [rank3]: / [default3]:
    r"|\[\d+,(?:mpirank:)?(\d+)(?:,[\w.\-]{1,128})?\]<std(?:out|err)>: ?"  # mpirun --tag-output (SageMaker's: host too)
    r"| {0,4}(\d{1,5}): "  # srun --label (padded to the widest task number)
    r"|\((?:\w[\w.]* )?pid=(\d+)(?:, ip=[^)]{0,64})?\) "  # Ray (RayTrainWorker pid=N, ip=..)
    r"|\((?:raylet|gcs_server|dashboard_agent|runtime_env_agent)(?:, ip=[^)]{0,64})?\) "  # Ray's own processes
    r"|\((?:head|worker\d{0,5}), rank=(\d{1,5}), pid=\d+(?:, ip=[^)]{0,64})?\) "  # SkyPilot's node of a task
    r"|[A-Za-z][\w\-]{0,62}/\d{1,5} \[(\d{1,5})\]: ?"  # torchx role/replica [rank]:
    r"|([A-Za-z][\w.\-]{0,62}\d[\w.\-]{0,62}): "  # pdsh / deepspeed host-1:
    r"|([A-Za-z][\w.\-]{0,62}[-_]\d{1,5}(?:[-_][\w.]{1,32})?) +\| "  # docker compose's container: train-1  |
    r"|([A-Za-z][\w\-]{0,62}\.\d{1,5})\.[a-z0-9]{10,30}@[\w.\-]{1,64} +\| "  # docker service logs: svc.1.task@node |
    # ... or a container named by the compose file's container_name (``ml-backend  | ``), padded by compose to two
    # spaces at least
    r"|([a-z][\w.\-]{0,62}) {2,64}\| "
    # a time stamp a logger or a collector put first (the lines of a traceback it logged included): not a rank;
    # FastChat's stream logger (LLaVA's and Langchain-Chatchat's workers) adds the level and the stream it took
    # (one space or tab after it: the spaces after that are the line's own, a traceback's frames' indentation, unless a
    # level follows them)
    r"|(?:\d{4}-)?\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)?(?: [-|])?[ \t]"
    r"(?:[ \t]*(?:DEBUG|INFO|WARNING|ERROR|CRITICAL) \| std(?:out|err) \| "
    # ... or the level: with loguru's place after a bar (read here, so the level is not taken alone), or padded as
    # Python logging pads it (``%(asctime)s %(levelname)-8s %(message)s``: two spaces at least, so wget's ``ERROR 404:
    # Not Found.`` keeps its words); the level between dashes is the next prefix's, below
    r"|[ \t]*(?:TRACE|DEBUG|INFO|SUCCESS|WARNING|ERROR|CRITICAL)"
    r"(?: {0,8}\| [\w.<>\-]{1,200}:[\w.<>\-]{1,200}:\d{1,7} - | {2,8}))?"
    # ... or the time alone before a separator (Prefect's ``10:08:00.674 | INFO    | prefect.agent - ``) or a tab
    r"|\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?: [-|] |\t)"
    # Hydra's job logging (``[2022-04-30 13:35:32,994][__main__][ERROR] - ``)
    r"|\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:[.,]\d{1,9})?\]\[[\w.<>\-]{1,100}\]"
    r"\[(?:DEBUG|INFO|WARNING|ERROR|CRITICAL)\] - "
    # SkyPilot's logger (``I 06-04 05:31:13 recovery_strategy.py:354] ``; glog's own ``E0604 ...`` is left: its
    # lines are C++'s, read whole)
    r"|[IWEF] \d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,9})? [\w.\-]{1,128}:\d{1,7}\] ?"
    # Omniverse Kit's logger (Isaac Sim and Isaac Lab), after its time stamp: ``[11,429ms] [Error]
    # [omni.kit.app._impl] [py stderr]: `` before each line Python printed
    r"|\[[\d,]{1,12}ms\] \[\w{1,16}\] \[[\w.\-]{1,128}\] (?:\[py std(?:err|out)\]: ?)?"
    # pytest's report of a failed test: ``E       TypeError: ...`` (its own "E" column, then the exception's line)
    r"| {0,4}E {3,16}"
    # Python 3.11's exception group: each sub-exception's traceback drawn inside ``  | `` / ``    | ``
    r"| {0,16}\| "
    # a Markdown quote around a pasted log; docker BuildKit's step and seconds (``#8 12.345 ``, the seconds alone in
    # its summary of a failed step); loguru's level and
    # place after its time stamp (``| ERROR    | __main__:main:42 - ``); a logger's bracketed time, level or place
    # (``[2024-01-01 12:00:00,123] [ERROR] [train.py:42:main] ``), one at a time (not ``[Errno 2]``, which is read)
    # Markdown's inline-code and bold marks a paste put before a line (```NotPSDError: ...```, ``**OSError: ...``), or
    # the double quote a poster put around an error's line (``"RuntimeError: one of the variables needed ...``)
    r"|> ?|`{1,3}|\*\*|\"|(?:#\d{1,4} )?\d{1,6}\.\d{1,3} "
    r"|(?:\| )?(?:TRACE|DEBUG|INFO|SUCCESS|WARNING|ERROR|CRITICAL) {0,8}\| [\w.<>\-]{1,200}:[\w.<>\-]{1,200}:\d{1,7} - "
    # Python logging's level and logger name between dashes or bars after the time stamp (``%(asctime)s -
    # %(levelname)s - %(name)s - %(message)s``: ``INFO - __main__ - ``), as a program that logs its child's output line
    # by line writes a traceback
    r"|(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL) {0,8}[-|] (?:[\w.<>\-]{1,100} {0,8}[-|] )?"
    # ... and the name before the level (``%(asctime)s - %(name)s - %(levelname)s - %(message)s``, Hugging Face's
    # example scripts')
    r"|[\w.<>\-]{1,100} - (?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL) - "
    # Airflow's task log, after its bracketed time: the place and the level (``{subprocess.py:93} INFO - ``), as its
    # BashOperator logs the child's every line; the KubernetesPodOperator's ``[base] `` container after it
    r"|\{[\w.\-]{1,100}\.py:\d{1,7}\} (?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL) - (?:\[base\] )?"
    # a collector's stream tag, padded (``2023-09-04 08:11:57.460 [stderr   ] ``, after the time read above)
    r"|\[std(?:out|err) {0,8}\]:? "
    r"|\[(?:\d{4}-\d\d-\d\d[^\]\n]{0,40}|DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL"
    r"|[\w.\-]{1,100}\.py:\d{1,7}(?::[\w<>.]{1,100})?)\]:? "
    # a tqdm bar a paste glued to the next line (its carriage return lost): ``  0% 0/1 [00:00<?, ?it/s]formats: ...``
    r"|\s{0,8}\d{1,3}%(?:\|[^|\n]{0,200}\|)? ?\d{1,12}/\d{1,12} \[[^\]\n]{0,120}\]"
    # moreutils' ts (its default ``%b %d %H:%M:%S``) or a syslog-style stamp before each line, or the time of day alone
    # (``ts '%H:%M:%S'``, a CI console's timestamper, ``[10:00:00] ``): not a rank
    r"|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d\d:\d\d:\d\d(?:[.,]\d{1,9})? "
    r"|\[?\d\d:\d\d:\d\d(?:[.,]\d{1,9})?\]? "
    # ``kubectl logs --prefix``: the pod (a job's replica, named for it) and its container
    r"|\[pod/([\w.\-]{1,253})/[\w.\-]{1,63}\] )",
    capture=True)


# A host prefix's words that are an exception's qualified name instead (``sqlite3.OperationalError: ``,
# ``urllib3.exceptions.MaxRetryError: ``, ``cv2.error: ``): a module with a digit in it looks like a host
# (``node-3: ``). An exception's name (``_EXC_NAME``, below), or a dotted one ending in a class or cv2's ``error``.
_QUALIFIED_CLASS = LazyPattern(r"\.[A-Z]\w*$|^\w+\.error$")


def split_prefix(line: str) -> tuple[str | None, str]:
    """(rank key, the line without its launcher prefixes): srun's label and torchrun's ``[rankN]:`` can
    both stand before one line (`` 2: [rank2]: ...``); the innermost names the rank."""
    rank = None
    for _ in range(5):
        m = _PREFIX.search(line)
        if m is None or m.end() == 0:
            break
        host = m.group(7)
        if host is not None and (_EXC_NAME.search(host) or _QUALIFIED_CLASS.search(host)):
            break
        rank = next((g for g in m.groups() if g is not None), rank)
        line = line[m.end():]
    return rank, line


# --- tracebacks ----------------------------------------------------------------------------

TRACEBACK = LazyPattern(r"^[\s>`'\"]*(?:traceback\s*:\s*)?Traceback \(most recent call last\):"
                             r"|^\s*╭─+ Traceback \(most recent call last\)")
# rich's traceback box: "│ /x/site-packages/deepspeed/runtime/config.py:891 in _batch_assertion   │"
_RICH_FRAME = LazyPattern(r"^\s*│ ([^\s│][^│]{0,1000}?\.py):\d+ in ([^\s│]{1,200})", capture=True)
_RICH_PATH = LazyPattern(r"^\s*│ ([^\s│][^│]{0,1000}?\.py):(?:\d+)?\s*│?\s*$", capture=True)  # the rest next
_RICH_REST = LazyPattern(r"^\s*│\s+(?:\d+\s+)?in ([^\s│]{1,200})", capture=True)
# ... and a path longer than the box is wide, wrapped before its ``.py`` (``│ /scratch/.../llm-foundry-0.8.0- │``,
# then ``│ venv/lib/python3.11/site-packages/torch/.../_optim_utils.py:461 │``, then ``│  in _flatten... │``): its
# first part alone on the line, no space in it
_RICH_PART = LazyPattern(r"^\s*│ ([^\s│]{20,1000}) *│\s*$", capture=True)
_RICH_END = LazyPattern(r"^\s*╰")
# IPython's header of a notebook's traceback, which names the exception before its frames (``FloatingPointError
# Traceback (most recent call last)``, after a rule of dashes): what was raised, where a paste stops before the
# exception's own line
_NB_HEAD = LazyPattern(r"^\s*((?:[A-Za-z_]\w*\.){0,8}[A-Z]\w{0,100}(?:Error|Exception|Exit|Interrupt|Iteration))"
                       r"\s{2,}Traceback \(most recent call last\)\s*$", capture=True)
_FRAME = LazyPattern(r"^(\s*)File \"([^\"]{1,1000})\", line \d+(?:, in ([^\s]{1,200}))?", capture=True)
# TF's autograph quotes the frames of a traced function as "    /x/keras/engine/training.py:541 train_step  **".
# (``  *`` marks the frames of the user's own functions; a poster may cut a path's start to ``.../``)
_GRAPH_FRAME = LazyPattern(r"^(\s*)((?:/|\.\.\./)[^\s:]{1,1000}\.py):\d+ ([\w<>.]{1,200})(?:  \*\*?)?\s*$",
                           capture=True)
# IPython's and Jupyter's frames (a notebook's traceback, common in posted issues): "/x/hf_api.py in space_info(self,
# ...)", IPython 8's "File ~/x/trainer.py:1500, in Trainer.train(self)", and the notebook's own cells
# ("<ipython-input-9-d579d776de38> in <module>", "Cell In[4], line 2"); Colab's, whose file is a link
# ("[/usr/local/lib/python3.10/dist-packages/IPython/core/ultratb.py](https://localhost:8080/#) in find_recursion(",
# and a cell's too: "[<ipython-input-22-c44611e633a7>](https://localhost:8080/#) in play_episode(env, agent)").
_NB_FRAME = LazyPattern(r"^(\s*)(?:File )?\[?([~/A-Za-z][^\s\]]{0,1000}[/\\][^\s/\\\]]{1,200}\.py)"
                        r"(?:\]\(https?://[^)\s]{0,200}\))?(?::\d+,)? in "
                        r"([\w<>.]{1,200})(?:\(|$)"
                        r"|^(\s*)\[?(<ipython-input-[\w-]{1,100}>|Cell In ?\[\d+\]"
                        # VS Code's notebook renderer: "[/x/1.dqn.ipynb](https://file+.vscode-resource...) Cell 19
                        # line 1"
                        r"|\[?[^\s\[\]]{1,1000}\.ipynb\]?(?:\([^)\s]{0,300}\))? Cell \d+)"
                        r"(?:\]\(https?://[^)\s]{0,200}\))? ?,?(?: line \d+)?"
                        r"(?: in ([\w<>]{1,200}))?",
                        capture=True)
#: IPython's arrow at a notebook frame's own line (``----> 2     a = pickle.load(f)``; VS Code's ``---> [14] x = f()``).
_NB_ARROW = LazyPattern(r"^-{1,20}> ?\s*(?:\d{1,7}|\[\d{1,7}\]) (.{0,600})", capture=True)
# IPython's traceback printer (its own errors while it formats the program's are not the program's): ultratb, and the
# shell's showtraceback asking the printer's error for its own rendering.
_NB_PRINTER = LazyPattern(r"IPython[/\\]core[/\\]ultratb\.py$")
_NB_SHOW = LazyPattern(r"IPython[/\\]core[/\\]interactiveshell\.py$")
# A source line as a paste without indentation shows it: a statement, not a note ("4 frames", "[... skipping").
_PASTED_SOURCE = LazyPattern(r"^(?:(?:assert|raise|return|if|for|with|yield|await)\b|self\."
                             r"|[A-Za-z_][\w.]*\s*(?:=[^=]|\())")
# A spawned child reading what its parent sends it: when the parent dies, the child's error is its symptom.
_SPAWN_CHILD = LazyPattern(r"multiprocessing[/\\]spawn\.py$")
# ... and a lock or semaphore the parent made, rebuilt in the child as it unpickles (``SemLock._rebuild``): gone, with
# ``FileNotFoundError: [Errno 2]`` and no path, when the parent has already exited or died
_CHILD_LOCK = LazyPattern(r"multiprocessing[/\\]synchronize\.py$")
# A pipe between processes of one host: multiprocessing's own files, or a source line that receives from or sends
# to a connection ("kind, result = conn.recv()"); the errors a closed one raises.
_MP_PIPE_FILE = LazyPattern(r"multiprocessing[/\\](?:connection|queues|reduction)\.py$")
_PIPE_CALL = LazyPattern(r"\b\w*(?:conn|pipe)\w*\.(?:recv|send|poll)(?:_bytes)?\(")
_PIPE_ERRORS = frozenset({"ConnectionResetError", "BrokenPipeError", "EOFError", "ConnectionAbortedError"})
_PIPE_ERRNO = LazyPattern(r"\[Errno (?:104|32|54)\]")
# Python's report of an exception raised where nothing could catch it (an object's __del__, a weakref or ctypes
# callback, an atexit function): printed, and the program went on (or was already ending). Its traceback follows.
_IGNORED = LazyPattern(r"^Exception ignored (?:in|on|while)\b|^Error in atexit\._run_exitfuncs:")
_CHAIN = LazyPattern(r"During handling of the above exception, another exception occurred"
                         r"|The above exception was the direct cause of the following exception")
# An exception line: a dotted name, then ": message" or the end. The name must look like an exception
# (Error, Exception, ...) to count outside a traceback.
# TF 1's session prints the op's exception as "InvalidArgumentError (see above for traceback): message".
_EXC = LazyPattern(r"^(\s*)([A-Za-z_][\w]{0,100}(?:\.[A-Za-z_][\w]{0,100}){0,8})(?: \(see above for traceback\))?"
                   r"(?::(?: (.*))?)?$", capture=True)
# ... or the exception's repr alone on its line, as Hydra quotes what a target it instantiated raised (``Error in call
# to target 'x.VocoderDataset':`` then ``FileNotFoundError(2, 'No such file or directory')``)
_EXC_REPR = LazyPattern(r"^\s{0,2}((?:[A-Za-z_]\w{0,100}\.){0,8}[A-Z]\w{0,100})\((.{1,1000})\)$", capture=True)
_EXC_NAME = LazyPattern(r"(?:Error|Exception|Exit|Interrupt|Failure|Fault|Exhausted|Unavailable|Denied"
                            r"|Forbidden|Unauthorized|NotFound|Timeout|TimedOut|Exceeded)$")


@dataclass
class _Reader:
    """A rank's traceback in progress."""

    frames: list[tuple[str, str | None]] = field(default_factory=list)
    source: str = ""  # the source line printed under the last frame
    own_source: str = ""  # the source line printed under the last frame of the project's own files
    loading: str = ""  # the source line of the last module-level frame, "" once a function of the project's runs
    frame_indent: int | None = None
    base_indent: int = 0
    in_tb: bool = False
    rich: bool = False  # inside rich's box of frames
    rich_path: str | None = None  # a rich frame's path whose line number and function wrapped to the next line
    rich_part: str = ""  # the first part of a rich frame's path that wrapped before its ``.py``
    more: list | None = None  # [list, index, lines taken]: the exception whose message may go on below it
    chain: list[Raised] = field(default_factory=list)
    survives: bool = False  # the traceback being read is logging's report of a failed handler
    chained: bool = False  # a chain marker was seen after the last exception
    quoted: str = ""  # outside a traceback: the indented line just before (a source line cut from its frames)
    asserted: str = ""  # outside a traceback: the line just before, when it is an assert statement
    named: str = ""  # the exception a notebook's traceback header named (``KeyError    Traceback (most recent ...``)


def _origin(path: str | None, func: str | None) -> str:
    if path is None:
        return UNKNOWN
    p = path.replace("\\", "/")
    low = p.lower()
    base = low.rsplit("/", 1)[-1]
    arrays = bool(func and _ARRAYS_FUNC.search(func))  # a check of the arrays handed over, not of settings
    if (_CONFIG_FILE.search(base) and not arrays) or _CONFIG_DIR.search(low):
        return CONFIG
    if _typed(low, func):
        return USER
    library = installed(p, func)
    if library and (_IO_FILE.search(base) or _IO_DIR.search(low)):
        return IO  # before a function's name: gcsfs's validate_response checks an HTTP answer, not a config
    if (func and _CONFIG_FUNC.search(func) and not _WATCH_FUNC.search(func) and not arrays
            and (library or not _LOOP_FUNC.search(func))):
        return CONFIG
    return LIBRARY if library else USER


def installed(path: str, func: str | None = None) -> bool:
    """Whether a frame's file is an installed package's (or the interpreter's), not the project's own: a file under
    site-packages or the like, or code with no file (``<frozen ...>``, exec's), but for what the project typed
    (``_typed``). Without the frame's function, ``python -c``'s ``<string>`` counts as exec's."""
    low = path.replace("\\", "/").lower()
    if _INSTALLED.search(low):
        return True
    if _FRAMEWORK_DIR.search(low):
        return not _OWN_WRAPPER.search(low)
    return low.startswith("<") and not _typed(low, func)


def _typed(low: str, func: str | None) -> bool:
    """Whether a frame's (lower-cased) file is code the project typed with no file of its own: a notebook's cell, a
    line typed at the interpreter or run by ``python -c`` (not exec's generated code, a dataclass's ``__init__`` in
    ``<string>``)."""
    return low.startswith(("<ipython-input-", "cell in", "<stdin>")) or low == "<string>" and func == "<module>"


def own_config_file(path: str) -> bool:
    """Whether a frame's file is the project's own configuration code (``SOP/parse_config.py``): a config module's
    name, outside any installed package and outside a framework's ``config/`` package checked out beside it."""
    parts = path.replace("\\", "/").lower().rsplit("/", 2)
    parent = parts[-2] if len(parts) > 1 else ""
    return not installed(path) and bool(_CONFIG_FILE.search(parts[-1])) and parent not in ("config", "configs")


_CONFIG_FILE = LazyPattern(
    r"^(?:training_args(?:_\w+)?|hf_argparser|argparse|arguments|args|arg_utils|argument_parser|config|configs"
    r"|configuration|configuration_\w+|config_utils|\w+_config|config_\w+|configurator|validation|validators?|validate"
    r"|options|flags|_flag|settings|launch|launcher|accelerator_connector|\w+_connector|params|hparams"
    r"|hyperparams)\.py$")
_CONFIG_DIR = LazyPattern(r"/(?:omegaconf|hydra|hyperpyyaml|pydantic|pydantic_core|absl/flags|accelerate/commands"
                              r"|deepspeed/runtime/config|deepspeed/launcher|torch/distributed/(?:run|launch)"
                              r"|torch/distributed/elastic/rendezvous)(?:/|\.py)")
_CONFIG_FUNC = LazyPattern(r"^(?:__post_init__|_?validate\w*|_?check_\w+|_?verify\w*|parse_args|parse_known_args"
                               r"|_?parse_\w*args\w*|_?sanity_check\w*|_?assert_valid\w*|error|_?check_arg\w*"
                               # a project's own parser of its options file (BasicSR's and its forks' parse_options)
                               r"|_?parse_(?:\w+_)?(?:options?|opts?|configs?|cfg|conf|settings?|flags?))$")
# A check of how the work is going, not of what it was given (nnU-Net's ``check_workers_alive_and_busy``).
_WATCH_FUNC = LazyPattern(r"(?i)alive|worker|health|heartbeat|status|progress|finished|timeout")
# A check of the arrays the program hands over, in a library's validation module too: Keras'
# ``_check_data_cardinality`` (its x and y differ in length), scikit-learn's checks of what an estimator or a metric
# is given (``check_consistent_length``: predictions and targets of different lengths; ``check_array``: a 1-D array)
_ARRAYS_FUNC = LazyPattern(r"(?i)cardinality|shape|consistent_length|^check_array$|^check_x_y$")
# A project's own validation or evaluation loop (``def validate(model, loader)``): not an argument check.
_LOOP_FUNC = LazyPattern(r"^_?(?:validate|validation|val|evaluate|eval)(?:_one)?(?:_epoch|_step|_batch|_model"
                          r"|_loop|_epochs)?$")
#: An installed package's file (or the interpreter's own library).
_INSTALLED = LazyPattern(r"/(?:site|dist)-packages/|/lib/python\d|/lib64/python\d|/python\d[\d.]*/lib/")
_FRAMEWORKS = (r"(?:torch|transformers|deepspeed|accelerate|lightning|pytorch_lightning|jax|jaxlib|flax|tensorflow"
               r"|keras|peft|trl|diffusers|timm|mmcv|mmengine|vllm|ray|huggingface_hub|numpy|apex|triton|xformers)")
#: ... or a framework's own checkout (``DeepSpeed/deepspeed/runtime/engine.py``),
_FRAMEWORK_DIR = LazyPattern(r"/" + _FRAMEWORKS + "/")
#: ... but not a project's own module named after the framework it wraps, in a folder of the project's
#: (``openrlhf/utils/deepspeed/deepspeed.py``): a framework's checkout has the framework's folder at its top.
_OWN_WRAPPER = LazyPattern(r"/(?:utils?|models?|modules|strateg(?:y|ies)|integrations?|backends?|plugins?"
                               r"|wrappers?|tools|helpers|trainers?)/" + _FRAMEWORKS + "/")
_IO_FILE = LazyPattern(r"^(?:serialization|shutil|os|pathlib|genericpath|tempfile|zipfile|tarfile|_io|io"
                           r"|pickle|h5py\w*|files?|_hl\w*|file_io|gfile|checkpoint_utils|filesystem|safetensors"
                           r"|_serialization|storage)\.py$")
_IO_DIR = LazyPattern(r"/(?:fsspec|s3fs|gcsfs|adlfs|h5py|orbax|tensorstore|safetensors|boto3|botocore|urllib3"
                          r"|requests|google/cloud/storage|azure/storage)/")


#: torch.compile's wrappers of the exception a lowering or a kernel raised, named first in their message:
#: ``torch._inductor.exc.InductorError: NotImplementedError: The operator 'aten::_sample_dirichlet' is not currently
#: implemented for the MPS device``.
_WRAPPERS = frozenset({"InductorError", "LoweringException"})

#: Chainer's trainer prints an exception's message alone before the traceback that follows:
#: ``Exception in main training loop: 'NoneType' object is not iterable``.
_CHAINER = "Exception in main training loop: "


def _exception(indent_text: str, rank: str | None, name: str, frames, trace: bool, source: str = "",
               own_source: str = "", loading: str = "") -> Raised | None:
    """The exception of a line, when it is one (inside a traceback any name counts; outside, only an
    exception-like one)."""
    if not trace and indent_text.startswith(_CHAINER) and len(indent_text) > len(_CHAINER):
        message = indent_text[len(_CHAINER):].strip()
        return Raised(name="Exception", message=message[:500], where=None, func=None, origin=UNKNOWN, rank=rank,
                      file=name, text=indent_text.strip()[:500])
    m = _EXC.search(indent_text)
    if m is None:
        r = _EXC_REPR.search(indent_text) if not trace else None
        if r is None or not _EXC_NAME.search(r.group(1)):
            return None
        return Raised(name=r.group(1), message=r.group(2).strip().strip("'\"")[:500], where=None, func=None,
                      origin=UNKNOWN, rank=rank, file=name, text=indent_text.strip()[:500])
    exc, message = m.group(2), (m.group(3) or "").strip()
    if exc in ("FilteredStackTrace", "UnfilteredStackTrace") and message:  # JAX's real exception follows the word
        return _exception(message, rank, name, frames, trace)
    if exc.rsplit(".", 1)[-1] in _WRAPPERS and message:  # a compiler's wrapper names the exception it caught
        inner = _exception(message, rank, name, frames, trace)
        if inner is not None:
            return inner
    if exc in ("Traceback", "File", "During", "The", "Note", "Warning", "Error", "Hint"):
        return None
    if not trace and not _EXC_NAME.search(exc):
        return None
    if not trace and m.group(3) is None and not indent_text.rstrip().endswith(":"):
        return None  # outside a traceback, "SomeError" alone is a word, not a line; "SomeError:" is one whose
        # message follows on the lines below (Lightning's MisconfigurationException)
    where, func = frames[-1] if frames else (None, None)
    return Raised(name=exc, message=message[:500], where=where, func=func, origin=_origin(where, func),
                  rank=rank, file=name, text=indent_text.strip()[:500], source=source if frames else "",
                  own_source=own_source if frames else "", loading=loading if frames else "")


#: The source line of a traceback's last frame that raises an exception of a name with a literal message (or none):
#: ``raise ValueError('XB must be a 2-dimensional array.')``. A paste cut just below it has no exception line.
_RAISE_LINE = LazyPattern(r"^raise ((?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception))"
                          r"(?:\((?:'([^'\\]{1,400})'|\"([^\"\\]{1,400})\")?\))?$", capture=True)


def _tracebacks(lines: Sequence[tuple[str, str | None, str]]):
    """(chains, bare exceptions, survived exceptions, symptoms) from (file, rank, text) lines."""
    readers: dict[tuple[str, str | None], _Reader] = {}
    chains: list[tuple[Raised, ...]] = []
    bare: list[Raised] = []
    survived: list[Raised] = []
    symptoms: list[Raised] = []

    def close(r: _Reader) -> None:
        if r.chain:
            # IPython's own traceback printer failing on the program's exception (ultratb's find_recursion on a
            # frame it cannot read, Colab's ``TypeError: object of type 'NoneType' has no len()``): the printer's
            # error, chained below the one that ended the cell, is not why it ended
            printer = [x for x in r.chain if x.where and (_NB_PRINTER.search(x.where) or (
                _NB_SHOW.search(x.where) and x.func == "showtraceback"))]
            if printer:
                symptoms.extend(printer)
                r.chain = [x for x in r.chain if x not in printer]
        if r.chain:
            if r.survives:
                survived.extend(r.chain)
            elif _symptom(r.chain[-1], ""):  # (its frames name a pipe's file)
                symptoms.extend(r.chain)
            else:
                chains.append(tuple(r.chain))
        r.chain, r.chained, r.survives = [], False, False

    for fname, rank, text in lines:
        key = (fname, rank)
        r = readers.setdefault(key, _Reader())
        stripped = text.strip()
        if r.more is not None and _goes_on(r, text, stripped):
            continue
        if stripped == "--- Logging error ---":
            close(r)
            r.survives = True
            continue
        if r.survives and r.chain and stripped == "Call stack:":
            close(r)  # the report's own stack follows: not an exception
            r.in_tb = False
            continue
        if _IGNORED.search(stripped):  # Python's report of an exception nothing could raise further: survived
            close(r)
            r.survives = True
            continue
        head = _NB_HEAD.search(text) if "Traceback (most recent call last)" in text else None
        if head is not None or TRACEBACK.search(text):
            if not r.chained:
                survives = r.survives and not r.chain  # logging's report: its traceback comes next
                close(r)
                r.survives = survives
            r.in_tb, r.frames, r.frame_indent, r.own_source, r.loading = True, [], None, "", ""
            r.rich = "╭" in text
            r.base_indent = len(text) - len(text.lstrip())
            r.named = head.group(1) if head is not None else ""
            continue
        if _CHAIN.search(text):
            r.chained = True
            continue
        frame = _plain_frame(text)
        if not r.in_tb and (frame or _RICH_FRAME.search(text) or _RICH_PATH.search(text)):
            # an excerpt cut below its "Traceback" line: its frames start one
            close(r)
            r.in_tb, r.frames, r.frame_indent, r.own_source, r.loading = True, [], None, "", ""
            r.rich, r.named = "│" in text, ""
        if not r.in_tb:
            if stripped:
                indent = len(text) - len(text.lstrip())
                raised = _exception(text, rank, fname, (), trace=False)
                if raised is None and r.asserted and stripped == "AssertionError":
                    # a paste that kept only the failed assert statement and its exception, without frames
                    raised = Raised(name="AssertionError", message="", where=None, func=None, origin=UNKNOWN,
                                    rank=rank, file=fname, text=stripped, source=r.asserted)
                elif raised is not None and r.quoted and indent <= 2:
                    # a paste that kept only the last frame's source line above its exception: what it ran
                    raised = replace(raised, source=r.quoted)
                if raised is not None and indent <= 2:
                    if r.survives and not r.chain:  # right below Python's "Exception ignored in: <...>": survived
                        into, r.survives = survived, False
                    else:
                        into = symptoms if _symptom(raised, r.quoted) else bare
                    into.append(raised)
                    r.more = [into, len(into) - 1, 0]
                r.quoted = stripped[:500] if indent >= 4 else ""
                r.asserted = stripped[:500] if stripped.startswith("assert ") else ""
            continue
        if r.rich:
            rf = _RICH_FRAME.search(text)
            rp = _RICH_PATH.search(text)
            rest = _RICH_REST.search(text) if r.rich_path is not None else None
            part = r.rich_part
            if rf is not None:
                r.frames.append((part + rf.group(1).strip(), rf.group(2)))
            elif rest is not None and r.rich_path is not None:
                r.frames.append((r.rich_path, rest.group(1)))
            if rp is not None:
                r.rich_path = part + rp.group(1).strip()
            elif rest is not None or rf is not None:
                r.rich_path = None
            wrapped = _RICH_PART.search(text) if rf is None and rp is None and rest is None else None
            r.rich_part = part + wrapped.group(1) if wrapped is not None and len(part) < 2000 else ""
            if rf is None and rp is None and rest is None and _RICH_END.search(text):
                r.rich, r.frame_indent = False, 10 ** 6  # the exception line follows the box, at column 0
            continue
        if frame is not None:
            indent, where, func = frame
            r.frame_indent = indent if r.frame_indent is None else min(r.frame_indent, indent)
            r.frames.append((where, func))
            r.source = ""
            if func == "<module>" or not installed(where, func):
                r.loading = ""  # a module starts loading (its line comes next), or the project's own function runs
            continue
        if not stripped:
            continue
        indent = len(text) - len(text.lstrip())
        arrow = _NB_ARROW.search(stripped) if r.frame_indent is not None else None
        if arrow is not None:  # IPython marks the frame's own line among the lines it shows around it
            r.source = arrow.group(1).strip()[:500]
            _own(r)
            continue
        if r.frame_indent is not None and indent > r.frame_indent:
            if not r.source and not stripped.startswith(("^", "~")):
                r.source = stripped[:500]
                _own(r)
            continue  # a source line, a ^^^^ marker (an excerpt cut above may start its frames at column 0)
        raised = _exception(text, rank, fname, r.frames, trace=True, source=r.source, own_source=r.own_source,
                            loading=r.loading)
        if (raised is not None and r.frame_indent == 0 and indent == 0 and r.frames and not r.source
                and raised.base[:1].islower() and not _EXC_NAME.search(raised.name)):
            raised = None  # a paste that lost its indentation: an annotated assignment ("cmd: Command = conn.recv()")
        if raised is None:
            if r.frame_indent == 0 and indent == 0 and r.frames and not r.source and _PASTED_SOURCE.search(stripped):
                # a paste that lost its indentation: the frame's source line stands at the frame's column
                r.source = stripped[:500]
                _own(r)
            continue
        if not r.chained and r.chain:
            close(r)
        r.chain.append(raised)
        r.chained, r.in_tb, r.frames = False, False, []
        r.more = [r.chain, len(r.chain) - 1, 0]
    for (fname, rank), r in readers.items():
        cut = _RAISE_LINE.search(r.source) if r.in_tb and r.frames and not r.rich else None
        named = r.named if r.in_tb and r.frames and not r.rich else ""
        if cut is not None or named:
            # a paste that ends at its last frame's raise line: the exception it raised; or one that ends inside a
            # notebook's frames: the exception its header named, without its message
            message = "" if cut is None else cut.group(2) if cut.group(2) is not None else cut.group(3) or ""
            exc = named if cut is None else cut.group(1)
            raised = _exception(f"{exc}: {message}" if message else exc, rank, fname, r.frames,
                                trace=True, source=r.source, own_source=r.own_source, loading=r.loading)
            if raised is not None:
                if not r.chained and r.chain:
                    close(r)
                r.chain.append(raised)
        close(r)
    return tuple(chains), tuple(bare), tuple(survived), tuple(symptoms)


def _own(r: _Reader) -> None:
    """Keep the source line just read when its frame is the project's own, and when it is a module's top level."""
    if r.frames and not installed(*r.frames[-1]):
        r.own_source = r.source
    if r.frames and r.frames[-1][1] == "<module>":
        r.loading = r.source


def _plain_frame(text: str) -> tuple[int, str, str | None] | None:
    """(indent, file, function) of a frame line that is not in rich's box: Python's own, TF autograph's quoted one, a
    notebook's (its cells are ``<module>`` where IPython names no function)."""
    m = _FRAME.search(text) or _GRAPH_FRAME.search(text)
    if m is not None:
        return len(m.group(1)), m.group(2), m.group(3)
    m = _NB_FRAME.search(text)
    if m is None:
        return None
    if m.group(2) is not None:
        return len(m.group(1)), m.group(2), m.group(3)
    return len(m.group(4)), m.group(5), m.group(6) or "<module>"


def _spawned_child(raised: Raised) -> bool:
    """A spawned child's failure to read what its parent sent: the parent died (EOF, a truncated pickle), unless the
    child could not find a class of the main script the parent pickled (``Can't get attribute 'X' on <module
    '__mp_main__'``), which fails every child the same way and is the program's own, or ran out of memory unpickling
    it (a dataset copied into each worker on Windows, which spawns). A semaphore of the parent's that the child cannot
    rebuild (``SemLock._rebuild``: ENOENT, no path) is the same story: the parent is gone."""
    if not raised.where:
        return False
    reading = _SPAWN_CHILD.search(raised.where) and raised.func in ("_main", "spawn_main")
    rebuilding = _CHILD_LOCK.search(raised.where) and raised.func == "__setstate__"
    return bool((reading or rebuilding) and "'__mp_main__'" not in raised.message and raised.base != "MemoryError")


def _symptom(raised: Raised, quoted: str) -> bool:
    """Whether the exception is raised because another process died: a spawned child's read from its dead parent,
    a pipe to a local process that closed, a rank's barrier that names the faulty rank."""
    return _spawned_child(raised) or _local_pipe(raised, quoted) or bool(_FAULTY_RANK.search(raised.message))


def _local_pipe(raised: Raised, source: str) -> bool:
    """Whether the exception is a pipe to another process on this host that closed (multiprocessing's connection
    or queue, a ``conn.recv()``): that process died, and this one's reset or EOF is its symptom, not the network's.
    """
    if raised.base not in _PIPE_ERRORS and not (raised.base in ("IOError", "OSError") and _PIPE_ERRNO.search(
            raised.message)):
        return False
    return bool((raised.where and _MP_PIPE_FILE.search(raised.where)) or (source and _PIPE_CALL.search(source)))


MORE_LINES = 4  # lines below an exception line read as the rest of its message
_MARKERS = frozenset({"--- Logging error ---", "Call stack:"})


def _goes_on(r: _Reader, text: str, stripped: str) -> bool:
    """Whether ``text`` continues the message of the exception just read (and add it); a blank line, a
    traceback, a chain marker, Python's report of an ignored exception, a frame or another exception line ends
    the message."""
    assert r.more is not None
    target, index, taken = r.more
    if (not stripped or taken >= MORE_LINES or stripped in _MARKERS or TRACEBACK.search(text) or _CHAIN.search(text)
            or _IGNORED.search(stripped)
            or _FRAME.search(text) or _RICH_FRAME.search(text) or _exception(text, None, "", (), trace=False)
            or (index >= len(target)) or ":" not in target[index].text):
        # (Python prints an exception's name alone, with no colon, only when its message is empty)
        r.more = None
        return False
    w = target[index]
    message = f"{w.message} {stripped}" if w.message else stripped
    target[index] = replace(w, message=message[:500], text=f"{w.text} {stripped}"[:500], head=w.head or w.text)
    r.more = [target, index, taken + 1]
    return True


# --- launchers ------------------------------------------------------------------------------

_ROOT_CAUSE = LazyPattern(r"Root Cause \(first observed failure\)")
_ROOT_RANK = LazyPattern(r"^\s*rank\s*: (\d+) \(local_rank: \d+\)", capture=True)
_ROOT_EXIT = LazyPattern(r"^\s*exitcode\s*: (-?\d+)", capture=True)
# srun's word on a task that failed by itself (not "Terminated": srun's own stop of the others after one failed).
_SRUN_TASK = LazyPattern(r"srun: error: \S+: tasks? ([\d,\-\[\]]+): (?:Exited with exit code \d+|Killed"
                             r"|Segmentation fault|Bus error|Aborted)", capture=True)
# A launcher saying it was sent SIGTERM (torchrun's agent: ``Received 15 death signal, shutting down workers``)
_TERMED = LazyPattern(r"Received (?:Signals\.)?SIGTERM death signal|Received 15 death signal")
_MPI_FIRST = LazyPattern(r"Process name: \[\[\d+,\d+\],(\d+)\]", capture=True)
# A rank that names another as the faulty one (torch's monitored_barrier under TORCH_DISTRIBUTED_DEBUG: "received
# errors while waiting for send/recv from rank 0. Please check rank 0 logs for faulty rank").
_FAULTY_RANK = LazyPattern(r"received errors while waiting for send/recv from rank (\d+)"
                           r"|Please check rank (\d+) logs for faulty rank", capture=True)
# torchrun's agent on the first of its local ranks to fail ("failed (exitcode: 1) local_rank: 0 (pid: 7090) of
# binary"): the root rank when no Root Cause block was printed (on one node, the local rank is the rank).
_AGENT_FIRST = LazyPattern(r"failed \(exitcode: -?\d+\) local_rank: (\d+) \(pid: \d+\) of binary", capture=True)
# A torchrun summary's entry in its Failures list ("[1]:" ... "exitcode  : 2 (pid: 10451)"), or the DeepSpeed
# launcher's word on a rank's process ("[launch.py:322:sigkill_handler] ['python', 'train.py', ...] exits with
# return code = 2").
_FAILURE_ENTRY = LazyPattern(r"^\s*exitcode\s*: (-?\d+) \(pid: \d+\)|\] exits with return code = (-?\d+)\s*$",
                             capture=True)


def _task_count(tasks: str) -> int:
    n = 0
    for part in tasks.strip("[]").split(","):
        lo, _, hi = part.partition("-")
        try:
            n += int(hi) - int(lo) + 1 if hi else 1
        except ValueError:
            n += 1
    return n


# --- errno, strerror, HTTP -------------------------------------------------------------------

#: curl's own error codes (libcurl's CURLE_*), as pycurl and the curl tool print them.
CURL_ERRNO = {6: -2, 7: 111, 18: 104, 28: 110, 35: 104, 52: 104, 55: 32, 56: 104}
_CURL = LazyPattern(r"pycurl\.error: \((\d{1,3}), |\bcurl: \((\d{1,3})\) "
                        r"|[Cc]url (?:returned )?error (?:code )?(\d{1,3})\b", capture=True)
_ERRNO = LazyPattern(r"\[Errno (-?\d{1,4})\]|\berrno[:= ]+(-?\d{1,4})\b|\(os error (\d{1,4})\)"
                         # Rust's io::Error in a panic's unwrap: ``Os { code: 2, kind: NotFound, message: ...}``
                         r"|\bOSError\((\d{1,4}), |\bOs \{ code: (\d{1,4}), kind: ", capture=True)
#: errno's symbolic names as Node.js (``Error: ENOSPC: no space left on device, write``, ``connect ECONNREFUSED``,
#: ``getaddrinfo ENOTFOUND``), libuv, Go's syscall and C programs print them; ENOENT is left out (a missing path is
#: read in an exception's own line, ``_NOENT``), as are names as short as EIO.
ERRNO_NAMES = {"ENOSPC": 28, "EDQUOT": 122, "EFBIG": 27, "ENOMEM": 12, "EMFILE": 24, "ENFILE": 23, "EACCES": 13,
               "EROFS": 30, "EPERM": 1, "ECONNREFUSED": 111, "ECONNRESET": 104, "ECONNABORTED": 103, "EPIPE": 32,
               "ENETUNREACH": 101, "EHOSTUNREACH": 113, "ETIMEDOUT": 110, "ESTALE": 116, "EADDRINUSE": 98,
               "EADDRNOTAVAIL": 99, "ENOTFOUND": -2, "EAI_AGAIN": -3}
_ERRNO_NAME = LazyPattern(r"\b(" + "|".join(ERRNO_NAMES) + r")\b", capture=True)
#: strerror texts that name their errno without doubt (glibc's words); generic ones (EINVAL) are left out.
STRERRORS = {
    "No space left on device": 28, "Disk quota exceeded": 122, "Cannot allocate memory": 12,
    "Permission denied": 13, "Read-only file system": 30, "Operation not permitted": 1,
    "Too many open files": 24, "Connection refused": 111, "Connection reset by peer": 104,
    "Connection timed out": 110, "Network is unreachable": 101, "No route to host": 113,
    "Broken pipe": 32, "Input/output error": 5, "Stale file handle": 116, "Address already in use": 98,
    "Name or service not known": -2, "Temporary failure in name resolution": -3, "File too large": 27,
    "Remote I/O error": 121, "No locks available": 37, "Host is down": 112, "Network is down": 100,
    "Software caused connection abort": 103, "Exec format error": 8, "Argument list too long": 7,
    "Operation not supported": 95, "Resource temporarily unavailable": 11, "Cannot assign requested address": 99,
    "Bad address": 14,
    # Go's (docker, apptainer, containerd, the kubelet, rclone): lower case, after the operation and its path
    # (``write /var/lib/docker/tmp/x: no space left on device``, ``dial tcp 10.0.0.2:443: connect: connection refused``)
    ": no space left on device": 28, ": disk quota exceeded": 122, ": read-only file system": 30,
    ": too many open files": 24, ": input/output error": 5, ": stale NFS file handle": 116,
    ": cannot allocate memory": 12, ": connection refused": 111, ": connection reset by peer": 104,
    ": no route to host": 113, ": network is unreachable": 101, ": permission denied": 13,
    ": operation not permitted": 1, ": address already in use": 98, ": broken pipe": 32,
    # runc's entrypoint built for another CPU (``exec user process caused: exec format error``, ``exec
    # /usr/bin/python: exec format error``)
    ": exec format error": 8,
    # ... and older runc's, quoted (``exec user process caused "exec format error"``)
    'caused "exec format error"': 8,
}
#: EPERM that is no file's permission: a debugger a crash handler started that may not attach (gdb under a kernel's
#: ptrace_scope, in a container; printed after the crash it came to report, llama.cpp's GGML_ASSERT backtrace), and
#: the C++ runtime's ``std::system_error`` for a thread (``what():  Operation not permitted``: std::thread in a program
#: not linked with pthreads, a thread joined or torn down at exit).
#: And npm's ``npm ERR! errno 1`` under a script that failed: the script's exit status, not an errno (a real errno
#: comes negative, libuv's: ``errno -2``, ``errno -4058``).
_OTHER_EPERM = LazyPattern(r"^ptrace: Operation not permitted\.$|^Could not attach to process\. "
                           r"|^\s*what\(\):\s+(?:Enable multithreading to use std::thread: )?Operation not permitted$"
                           r"|^npm (?:ERR!|error) errno \d")
#: Windows' own error codes (``[WinError N]``) as the errno of the same family.
WINERRORS = {2: 2, 3: 2, 5: 13, 112: 28, 1314: 1, 1455: 12, 10048: 98, 10050: 100, 10051: 101, 10053: 103,
             10054: 104, 10060: 110, 10061: 111, 10065: 113, 11001: -2, 11002: -3}
_WINERROR = LazyPattern(r"\[WinError (\d{1,5})\]", capture=True)
#: A Rust program's panic (tokenizers', candle's, burn's, a wgpu validation error): its own assertion or unwrap failed.
_PANIC = LazyPattern(r"^(?:\S+: )?thread '[^']{0,200}' panicked at ")
#: A program printing its usage: argparse's ``usage: train.py [-h] ...``, click's ``Usage: train [OPTIONS]``; its
#: parser's ``crawl: error: ...`` (optparse's and argparse's), also indented as a daemon relays a child's stderr
#: (Twisted's logger under scrapyd puts a tab before each line after the first).
_USAGE = LazyPattern(r"^\s{0,4}[Uu]sage: \S|^\s{0,4}[\w.\-]{1,100}: error: \S")
#: A dataset scan's count of what it found and what was corrupt: YOLOv5's ``N found, M missing, E empty, C
#: corrupted``, Ultralytics' ``N images, B backgrounds, C corrupt`` (a corrupt item is counted as found too).
_SCAN_COUNTS = LazyPattern(r"\b(\d+) (?:found, \d+ missing, \d+ empty|images, \d+ backgrounds), (\d+) corrupt(?:ed)?\b",
                           capture=True)
#: The same in the languages a host's locale prints them in (``权限不够``, ``Keine Berechtigung``).
_ANY_STRERROR = {**STRERRORS, **STRERRORS_L10N}


@cache
def _strerror_pattern():
    """One alternation of every strerror text (``linear_re.compile_any``: the language lists are too long for one
    log pattern), compiled on the first failure a tick reads; the longest words first, as French EREMOTEIO's begin
    with EIO's."""
    return compile_any(tuple(re.escape(w) for w in sorted(_ANY_STRERROR, key=len, reverse=True)))


# ENOENT's words say an input is missing only in an exception's own line or Lua's uncaught error, or in a C++
# library's fatal one (glog's ``F0707 16:48:46.336 16692 db_lmdb.hpp:15] Check failed: mdb_status == 0 (2 vs. 0)
# No such file or directory``: Caffe's, before its SIGABRT) (a listing, a loader's warning or a "[Error]" of a
# plugin say them too), and not while writing or renaming (the writer's own temporary file).
_NOENT = LazyPattern(r"^\s*(?:[\w.]{1,100}(?:Error|Exception)(?:: |\(2, )|F\d{4} [\d:.]{8,15} +\d+ [^\s\]]{1,200}\] "
                     # Lua's interpreter ending on an uncaught error (Torch7's ``/home/u/torch/install/bin/luajit:
                     # ./data.lua:6: data/movie_lines.txt: No such file or directory``, an assert on io.open's answer)
                     r"|(?:\S{0,300}/)?(?:luajit|lua(?:5\.\d)?): )"
                     r".{0,400}(?:No such file or directory|" + "|".join(re.escape(w) for w in NOENT_L10N) + ")"
                     # a program's own failure to open its input (sox's ``FAIL formats: can't open input file
                     # `x.wav': No such file or directory``), not a library the loader looked for
                     r"|\b(?:[Cc]an't|[Cc]annot|[Cc]ould not|[Cc]ouldn't|[Uu]nable to|[Ff]ailed to) open "
                     r"(?:input |the )?"
                     # (NAMD's ``Unable to open text file input.pdb``, its binary coordinates)
                     r"(?:(?:text |binary |data |parameter |coordinate )?file )?"
                     r"(?:`[^'`\n]{0,400}'|'[^'\n]{0,400}'|\"[^\"\n]{0,400}\"|[^\s:]{0,400})"
                     r":? No such file or directory"
                     # an OSError's message printed alone, its name and errno left out by the program that caught it
                     r"|^\s*No such file or directory: ['\"]\S"
                     # Node.js's (libuv's) in its own words, reading or listing (``Error: ENOENT: no such file or
                     # directory, open '/x/config.json'``)
                     r"|^\s*(?:Uncaught )?(?:\[?\w{0,40}Error\]?: )?ENOENT: no such file or directory, "
                     r"(?:open|stat|lstat|scandir|opendir|access|readlink|realpath|chdir|copyfile) '"
                     # Go's (kubectl, helm, arena, an operator): the operation, its path and the lower-case words
                     # ending the line, alone or behind its callers' words, Go's log stamp or glog's E and F lines
                     # (``stat /charts/tfjob: no such file or directory``)
                     r"|^(?:[EF]\d{4} [^\]]{0,300}\] |time=\"[^\"]{0,100}\" level=(?:error|fatal) "
                     r"|\d{4}/\d\d/\d\d \d\d:\d\d:\d\d )?(?:[^:\n]{0,200}[:;] ){0,3}(?:open|stat|lstat|chdir|readlink) "
                     r"[^\s:]{0,400}: no such file or directory\s*$")
#: Node.js's error object printed after its message (``  errno: -2,`` beside ``  code: 'ENOENT',``): libuv's errno,
#: negated, which the message and the code line name (``-2`` is getaddrinfo's EAI_NONAME only in Python's words).
_LIBUV_ERRNO = LazyPattern(r"^\s{1,8}errno: -\d{1,5},?\s*$")
_NOENT_WRITING = LazyPattern(r"(?i)\bwrit|\brenam|\bsav(?:e|ing)\b|\bcreat")

_REASONS = (r"Internal Server Error|Bad Gateway|Service (?:Temporarily )?Unavailable|Gateway Time-?out"
            r"|Too Many Requests|Unauthorized|Forbidden|Not Found|Gone|Request Time-?out"
            r"|Proxy Authentication Required|Insufficient Storage")
_HTTP = LazyPattern(
    r"\b([1-5]\d\d) (?:Client|Server) Error\b"
    r"|\bHTTP(?:/\d(?:\.\d)?)?(?: [Ee]rror| [Ss]tatus| [Cc]ode| response| [Rr]esponse)?[ :]{1,3}([45]\d\d)\b"
    # (not MAPL's ``<status=545>``, a Fortran routine's return code in its trace of failed calls)
    r"|(?:^|[^<\w])[Ss]tatus(?:[ _]?[Cc]ode)?[\"']?\s?[:=]\s?[\"']?([45]\d\d)\b|\bstatus (?:code )?([45]\d\d)\b"
    r"|<title>([45]\d\d) |<Response \[([45]\d\d)\]>|\b[Rr]esponse [Cc]ode:? ([45]\d\d)\b"
    # urllib3's DEBUG line of each request (``https://huggingface.co:443 "HEAD /x/resolve/main/config.json HTTP/1.1"
    # 401 0``) and an access log's: a refusal or a server's failure; a 404 there is most often a client probing for an
    # optional file, not a failure
    r"|\bHTTP/\d(?:\.\d)?\" (40[137]|429|5\d\d) (?:\d+|-)\b"
    r"|\breturned (?:HTTP |status |error )?([45]\d\d)\b"
    # Rust's reqwest: "HTTP status client error (409 Conflict) for url"
    r"|\bHTTP status (?:client|server) error \(([45]\d\d) "
    # wget: "ERROR 404: Not Found." and, when the server gave no reason, "ERROR 404: (no description)."
    r"|\bERROR ([45]\d\d): "
    # MLflow's REST client: "failed with error code 403 != 200"; trl's vLLM client and other thin clients:
    # "Request failed: 503, {...}"
    r"|\berror code ([45]\d\d) != 2\d\d\b|\bRequest failed: ([45]\d\d)\b"
    # Azure's Go SDK (azcopy, azure-storage-azcopy in a data step): "RESPONSE 403: 403 Server failed to authenticate"
    r"|^RESPONSE ([45]\d\d): "
    # Google's Go clients (ctpu, gcsfuse, the kubelet's GCE provider): "googleapi: Error 403: ..., forbidden"
    r"|\bgoogleapi: [Ee]rror ([45]\d\d)\b"
    # ... and Google's Python API client (googleapiclient: Perspective, Sheets, Earth Engine, Drive):
    # ``HttpError: <HttpError 429 when requesting https://... returned "Quota exceeded ...">``
    r"|<HttpError ([45]\d\d) when requesting "
    # OpenAPI-generated clients (kubernetes, Kaggle): "ApiException: (404)"; a JSON body's "code": 404
    r"|(?:Exception|Error): \(([45]\d\d)\)|\"code\" ?: ?([45]\d\d)\b"
    # a code and its reason phrase in any client's form: "503 Service Unavailable", Kaggle's "404 - Not Found",
    # .NET's "(404) Not Found", "Not Found (404)"
    r"|(?:\b|\()([45]\d\d)\)?(?: --?|:)? (?:" + _REASONS + r")\b|\b(?:" + _REASONS + r") \(([45]\d\d)\)"
    r"|(?:Error|Exception|Unavailable|Forbidden|Unauthorized|TooManyRequests|InternalServerError|BadGateway"
    r"|GatewayTimeout|ServerError|ClientError): ([45]\d\d)\b",
    capture=True)
#: Where a cloud service's client prints the service's error code: S3/GCS/Azure XML bodies, Azure SDKs'
#: ``ErrorCode:``, boto's ``An error occurred (X) when calling``, MinIO's ``code: X,``, a JSON body's ``"code": "X"``,
#: Go's azblob ``(ServiceCode=X)`` and ``Code: X``, MLflow's ``RestException: X:``.
_SERVICE = LazyPattern(r"<Code>(\w{2,80})</Code>|\bErrorCode: ?(\w{2,80})\b"
                       r"|An error occurred \((\w{2,80})\) when calling|\bcode: (\w{2,80}),"
                       r"|\"(?:code|Code|errorCode|error_code)\": ?\"(\w{2,80})\"|\(ServiceCode=(\w{2,80})\)"
                       r"|^\s*Code: (\w{2,80})\s*$|\bRestException: ([A-Z][A-Z_]{3,60}): "
                       r"|^ERROR CODE: (\w{2,80})\s*$", capture=True)
#: A proxy's answer to the tunnel it was asked for (``Tunnel connection failed: 403 Forbidden``): the proxy's or the
#: network's refusal, not the service's; only 407 (the proxy wants credentials) keeps its meaning.
_TUNNEL = LazyPattern(r"Tunnel connection failed: ([45]\d\d)\b", capture=True)
# A reason phrase alone (``URL fetch failure on http://...: None -- Forbidden``), with its code.
_HTTP_PHRASE = LazyPattern(r"\b(?:Internal Server Error|Bad Gateway|Service Unavailable|Gateway Time-?out"
                               r"|Service Temporarily Unavailable"
                               r"|Too Many Requests|Unauthorized|Forbidden|Insufficient Storage)\b")
#: The 4xx and 5xx statuses servers send: the registered ones, and those of proxies and CDNs (nginx's 444 and 499,
#: Cloudflare's 520 to 530, AWS load balancers' 460 and 463). A number of that form outside them (``<status=545>``)
#: is some other code.
HTTP_ERRORS = frozenset((*range(400, 432), 440, 444, 449, 450, 451, 460, 463, *range(494, 500), *range(500, 512),
                         *range(520, 531), 561, 598, 599))
HTTP_PHRASES = {"Service Temporarily Unavailable": 503,
                "Internal Server Error": 500, "Bad Gateway": 502, "Service Unavailable": 503, "Gateway Timeout": 504,
                "Gateway Time-out": 504, "Too Many Requests": 429, "Unauthorized": 401, "Forbidden": 403,
                "Insufficient Storage": 507}


_OOM = LazyPattern(r"(?i)\bout of memory\b|OutOfMemory|bad_alloc|bad allocation|\bOOM when allocating\b"
                       r"|\b(?:could not|couldn't|unable to|failed to|cannot) allocate\b")
# A line that mentions running out of memory without saying it happened: a guess among causes (Ray's
# "(1) ... killed by SIGKILL by OOM killer"), a warning the job survived (TF's BFC allocator "this is not a
# failure", fairseq's "attempting to recover from OOM"), a glog W/I line.
_NOT_OOM = LazyPattern(r"(?i)potential|possibl|\bmay\b|might|could be|\bif\b|not a failure|recover|retry|retrying"
                           r"|skipping|warning|^\s*(?:\d{4}-\d\d-\d\d[ T][\d:.]+:? )?[WI]\d{0,4} ")
# torch's wording for any device says it happened, whatever advice follows on the line ("If reserved memory ...").
_OOM_SAID = LazyPattern(r"\b\w+ out of memory\. Tried to allocate ")
_ON_DEVICE = LazyPattern(r"(?i)cuda|gpu|device|\bTHC|\bHBM|\bTPU|\bXLA|cudnn|cublas|\bhip|\bmps\b|vram|nccl|tensor"
                          r"|\bnpu\b|\bmlu\b"
                          # Ascend's runtime allocating on the NPU (``rtMalloc execute failed, reason=[driver error:out
                          # of memory]``, ACL's ``aclrtMalloc``)
                          r"|\b(?:acl)?rtMalloc"
                          # torch 2.5's own name for the device's (``torch.OutOfMemoryError``), and the bare name a
                          # notebook's header prints (``OutOfMemoryError    Traceback (most recent call last)``); the
                          # JVM's is ``java.lang.OutOfMemoryError``, never at a line's start
                          r"|\btorch\.OutOfMemoryError\b|^OutOfMemoryError\b")


_BARRIER = LazyPattern(r"\(world_size=(\d{1,9}), worker_count=(\d{1,9})", capture=True)


def _overfull(m) -> bool:
    """Whether a store barrier's line (``_BARRIER``'s match) counts more workers than its world size."""
    return m is not None and int(m.group(2)) > int(m.group(1))


def _found(m):
    """The first number a match's groups caught, or None."""
    if m is None:
        return None
    return next((int(g) for g in m.groups() if g is not None), None)


# --- one line's searches --------------------------------------------------------------------

def _per_line() -> tuple:
    """Every pattern ``read`` searches each line with, strerror's alternation last."""
    return (_ROOT_CAUSE, _ROOT_RANK, _ROOT_EXIT, _BARRIER, _USAGE, _PANIC, _SCAN_COUNTS, _FAILURE_ENTRY, _SRUN_TASK,
            _TERMED, _MPI_FIRST, _FAULTY_RANK, _AGENT_FIRST, _OTHER_EPERM, _ERRNO, _ERRNO_NAME, _WINERROR, _CURL,
            _LIBUV_ERRNO, _NOENT, _NOENT_WRITING, _TUNNEL, _HTTP, _HTTP_PHRASE, _SERVICE, _OOM_SAID, _OOM, _NOT_OOM,
            _ON_DEVICE, _strerror_pattern())


@cache
def _gate() -> Gate:
    """RE2's prefilter of ``_per_line()``: ``read`` searches each line with some thirty patterns, and most lines of a
    log (a trainer's progress) match none; the prefilter reads a line once and names the few its literals leave
    possible (a superset of those that match)."""
    patterns = _per_line()
    return Gate(patterns, tuple(source(p) for p in patterns))


class _Line:
    """One line, searched only by the patterns of ``_per_line()`` its literals leave possible."""

    __slots__ = ("text", "gate", "possible")

    def __init__(self, text: str):
        self.text = text
        self.gate = _gate()
        self.possible = self.gate.possible(text)

    def search(self, pattern):
        """``pattern.search(text)``, or None without searching when the prefilter rules the pattern out (a pattern
        not in ``_per_line()`` is a KeyError, not a search skipped for ever)."""
        if self.possible is not None and self.gate.place(pattern) not in self.possible:
            return None
        return pattern.search(self.text)


# --- reading --------------------------------------------------------------------------------


# --- C++ exceptions -------------------------------------------------------------------------

# libtorch's and the C++ runtime's report of an exception nothing caught, and c10's own message format (as
# libtorch, TorchSharp and a Python binding's native frames print it): "<message>", then "Exception raised from
# <function> at <file>:<line> (most recent call first):", then frames naming the type ("c10::IndexError::IndexError").
_TERMINATE = LazyPattern(r"terminate called after throwing an instance of '([\w:]{1,120})'", capture=True)
_WHAT = LazyPattern(r"^\s*what\(\):\s+(.*)$", capture=True)
_RAISED_FROM = LazyPattern(r"^Exception raised from (\S{1,200}) at (\S{1,300}?):\d+ \(most recent call first\):",
                           capture=True)
_C10_TYPE = LazyPattern(r"\bc10::(\w{1,60}Error)::\w{1,60}Error\b", capture=True)
#: C++ exception types as the Python exception torch (or pybind11) turns them into.
_CPP_AS_PYTHON = {"c10::Error": "RuntimeError", "std::runtime_error": "RuntimeError",
                  "std::logic_error": "RuntimeError",
                  "std::out_of_range": "IndexError", "std::invalid_argument": "ValueError",
                  "std::domain_error": "ValueError", "std::length_error": "ValueError",
                  "std::system_error": "OSError", "std::ios_base::failure": "OSError",
                  "thrust::system::system_error": "RuntimeError", "pybind11::error_already_set": "RuntimeError"}


def _cpp_name(cpp: str) -> str | None:
    """The Python name of a C++ exception type; None for the distributed ones (a peer's loss: the rules' to name)
    and for memory (the out-of-memory reading names it)."""
    if cpp.startswith("c10::Dist") or cpp in ("std::bad_alloc", "c10::OutOfMemoryError"):
        return None
    if cpp in _CPP_AS_PYTHON:
        return _CPP_AS_PYTHON[cpp]
    return cpp.rsplit("::", 1)[-1] if cpp.startswith("c10::") else None


def _native(lines: Sequence[tuple[str, str | None, str]], known: set[str]) -> list[Raised]:
    """C++ exceptions that ended the process, outside any Python traceback (``known``: exception lines already read)."""
    out: list[Raised] = []
    pending: str | None = None  # the type of a "terminate called" whose "what():" comes next
    for i, (fname, rank, text) in enumerate(lines):
        t = _TERMINATE.search(text)
        if t is not None:
            pending = t.group(1)
            continue
        if pending is not None:
            w = _WHAT.search(text)
            name, pending = _cpp_name(pending), None
            if w is not None and name is not None:
                out.append(Raised(name=name, message=w.group(1).strip()[:500], where=None, func=None, origin=LIBRARY,
                                  rank=rank, file=fname, text=text.strip()[:500]))
            continue
        r = _RAISED_FROM.search(text)
        if r is None or i == 0:
            continue
        prev = lines[i - 1][2].strip()
        what = _WHAT.search(prev)
        message = what.group(1).strip() if what is not None else prev
        if (not message or any(k == prev or k.startswith(prev + " ") for k in known)
                or _exception(prev, None, "", (), trace=False) is not None or any(message == o.message for o in out)):
            continue  # a Python exception's own c10 backtrace, or the "what():" already taken
        typed = next((m.group(1) for _, _, later in lines[i + 1:i + 12] if (m := _C10_TYPE.search(later))), "Error")
        name = _cpp_name("c10::" + typed)
        if name is not None:
            out.append(Raised(name=name, message=message[:500], where=r.group(2), func=r.group(1), origin=LIBRARY,
                              rank=lines[i - 1][1], file=lines[i - 1][0], text=prev[:500]))
    return out


#: A traceback's first line after text no launcher pattern names ("[6106/train_model/131069 (pid 19164)] " after
#: Metaflow's time stamp, "worker: ", a collector's tag): that text, when it is a prefix and not a sentence.
_OPENING = LazyPattern(r"^([^\s][^\n]{0,118}?[\]:|>)] ?)Traceback \(most recent call last\):", capture=True)


def _carried_prefix(carried: str, line: str) -> tuple[str, str]:
    """(the prefix carried on, the line without it): a traceback whose every line a wrapper prefixed with the same
    text (a workflow engine's task tag, a logger's own tag) reads as the traceback; a line without the prefix ends
    it."""
    if carried and line.startswith(carried):
        return carried, line[len(carried):]
    if carried and line == carried.rstrip():  # the prefix alone: an empty line of the traceback
        return carried, ""
    if "Traceback (most recent" in line:
        m = _OPENING.search(line)
        if m is not None:
            return m.group(1), line[m.end(1):]
    return "", line


# Markdown's bold or inline-code mark a paste closed a line with (``AssertionError**``, ``...may help.` ``), after
# the opening one the prefixes took off: the exception's name stands alone again
_MARK_AT_END = LazyPattern(r"(?:\*\*|`{1,3})[ \t]*$")
# A line's number a paste or a tool put before it; spack's excerpt of a failed build's log marks the lines it found
# errors on with ``>>`` before theirs (``  >> 65    g++: error: ...``, ``     64    -- Configuring done``)
_LINE_NUMBER = LazyPattern(r"^(?: {0,5}|  >> )(\d{1,6}) ", capture=True)
# ComfyUI's error report (a Markdown page its users paste whole): the exception's name and message stand on two list
# items of their own, and the report's stack trace below them ends without the exception line.
_REPORT_TYPE = LazyPattern(r"^- \*\*Exception Type:\*\* ((?:[A-Za-z_]\w{0,100}\.){0,8}[A-Za-z_]\w{0,100})$",
                           capture=True)
_REPORT_MESSAGE = LazyPattern(r"^- \*\*Exception Message:\*\* (.+)$", capture=True)


def _unnumbered(lines: list[str]) -> list[str]:
    """The lines without the numbers a paste put before each (``cat -n``, an editor's or a gist's: `` 24 sqlite3...``),
    and, in spack's excerpt of a build's log, without the padding after them that every line of the run has.

    Only a run of three lines or more numbered one after another counts: ``404 - Not Found`` keeps its status.
    """
    numbers: list[int] = []  # each line's number, -2 for none (never one more than another's)
    ends: list[int] = []
    for line in lines:
        m = _LINE_NUMBER.search(line[:16])
        numbers.append(int(m.group(1)) if m else -2)
        ends.append(m.end() if m else 0)
    out = list(lines)
    i = 0
    while i < len(lines):
        j = i
        while j + 1 < len(lines) and numbers[j] >= 0 and numbers[j + 1] == numbers[j] + 1:
            j += 1
        if j - i >= 2:
            rests = [lines[k][ends[k]:] for k in range(i, j + 1)]
            # spack's excerpt: the column's padding after its numbers too, the same on every line of the run (an
            # IPython traceback's numbered source keeps its indentation: it is the source's)
            spack = any(">>" in lines[k][:ends[k]] for k in range(i, j + 1))
            pad = min((len(r) - len(r.lstrip(" ")) for r in rests if r.strip()), default=0) if spack else 0
            out[i:j + 1] = [r[pad:] for r in rests]
        i = j + 1
    return out


def _dedented(lines: list[str]) -> list[str]:
    """The lines without the indentation all of them share (a paste indented as a Markdown code block, every line
    four spaces in; the one space a collector's stamp left after the one it was read around with, ``10:00:00  ``):
    a traceback's exception line stands at its start again. A log whose lines start anywhere at the left margin keeps
    its own."""
    if lines and all(line.startswith("\t") for line in lines if line.strip()):  # a tab before every line
        lines = [line[1:] if line.startswith("\t") else line for line in lines]
    indents = [len(line) - len(line.lstrip(" ")) for line in lines if line.strip()]
    common = min(indents, default=0)
    return [line[common:] for line in lines] if common >= 1 else lines


#: What may end a prefix a wrapper wrote before every line: a tab, or a space after a word or a mark.
_SHARED_END = re.compile(r"(?:\t|(?<=\S) )")
#: ... and what is a line's own start, not a wrapper's: an exception's or a level's word, a traceback's frame.
_OWN_START = LazyPattern(r"(?i)error|exception|warn|traceback|fatal|file \"|info|debug|critical")


def _unshared(lines: list[str]) -> list[str]:
    """The lines without a prefix a wrapper wrote, the same before every one of them (stern's pod and container, GNU
    parallel's ``--tag``, a script's own ``[train] ``): at least four lines, the prefix ending at a tab or a space
    after a word, and not where a launcher or logger pattern reads the first lines (a rank, a level are kept) nor the
    start of a line's own words."""
    text = [line for line in lines if line.strip()]
    if len(text) < 4 or any((m := _PREFIX.search(line)) is not None and m.end() > 0 for line in text[:2]):
        return lines  # (a launcher's or a logger's prefix the patterns know is read where it stands)
    lo, hi = min(text), max(text)  # (the prefix every line shares is the first's and the last's, in sorted order)
    common = lo[:next((i for i, (a, b) in enumerate(zip(lo, hi, strict=False)) if a != b), len(lo))]
    ends = [m.end() for m in _SHARED_END.finditer(common)]
    if not ends:
        return lines
    prefix = common[:ends[-1]]
    if not prefix.strip() or _OWN_START.search(prefix):
        return lines
    return [line[len(prefix):] if line.startswith(prefix) else line for line in lines]


def as_printed(lines: list[str]) -> list[str]:
    """The lines as the program printed them: a prefix a wrapper wrote the same before every one, a paste's line
    numbers and the indentation all of them share taken off (``_unshared``, ``_unnumbered``, ``_dedented``), one
    for one."""
    return _dedented(_unnumbered(_unshared(lines)))


def _ranks_dedented(pairs: list[tuple[str | None, str]]) -> list[tuple[str | None, str]]:
    """``(rank, line)`` pairs with each rank's lines unnumbered and dedented as a paste's are (``_unnumbered``,
    ``_dedented``): behind srun's label or compose's prefix, a notebook's numbered source lines and a paste's
    shared indentation stand after the prefix, where the whole log's pass did not see them."""
    out = list(pairs)
    at: dict[str, list[int]] = {}
    for i, (rank, _) in enumerate(pairs):
        if rank is not None:
            at.setdefault(rank, []).append(i)
    for rank, where in at.items():
        for i, line in zip(where, _dedented(_unnumbered([pairs[i][1] for i in where])), strict=True):
            out[i] = (rank, line)
    return out


#: A prefix a logger wrote (its level, its place): the message after it is one the program logged and may have gone on
#: from, not a line it ended on; a time stamp alone (a collector's, ``ts``'s) or a paste's marks are not one.
_LOGGED = LazyPattern(r"(?i)\b(?:trace|debug|info|notice|success|warn(?:ing)?|error|critical|fatal)\b|\.py:\d|^[IWEF] ")
#: ... but Airflow's operators log their child's every line at one level (BashOperator's ``{subprocess.py:93} INFO - ``,
#: 1.10's ``{bash_operator.py:128}``, the KubernetesPodOperator's ``{pod_manager.py:471}``, the SSHOperator's stderr
#: at WARNING): those lines are the child's own, as a collector's would be.
_CHILD_LOGGED = LazyPattern(
    r"\{(?:subprocess|bash_operator|bash|pod_manager|docker|ssh)\.py:\d{1,7}\} (?:INFO|WARNING) - ")


def read(tails: Iterable[tuple[str, str]]) -> Shape:
    """The structure of the logs' tails: ``(file name, text)`` pairs (stdout, stderr, extra logs)."""
    lines: list[tuple[str, str | None, str]] = []
    stamped: list[bool] = []  # beside each line: whether a time stamp alone was taken off it (Shape.destamped)
    for fname, text in tails:
        carried = ""  # a prefix no launcher pattern knows, seen before a traceback's first line
        reported = ""  # the exception's name on a ComfyUI report's line just before
        given = text.splitlines()
        raws = [raw[:LINE_CHARS] for raw in as_printed(given)]
        for raw, was, (rank, rest) in zip(raws, given, _ranks_dedented([split_prefix(raw) for raw in raws]),
                                          strict=True):
            carried, rest = _carried_prefix(carried, rest)
            taken = raw[:len(raw) - len(rest)]
            # (a paste's shared indentation or line numbers taken off the whole log count as such a stamp: the
            # program's line stands at its start again, as a rule anchored there reads it)
            stamped.append(rank is None and (
                (bool(taken.strip(" >`*\"")) and (not _LOGGED.search(taken) or _CHILD_LOGGED.search(taken) is not None))
                or (not taken and raw != was[:LINE_CHARS])))
            rest = _MARK_AT_END.sub("", rest).rstrip()  # a paste's trailing spaces end no line of Python's
            if reported and (m := _REPORT_MESSAGE.search(rest)) is not None:
                rest = f"{reported}: {m.group(1)}"  # the report's two items as the exception line they stand for
            t = _REPORT_TYPE.search(rest)
            reported = t.group(1) if t is not None else ""
            lines.append((fname, rank, rest))
    lines, stamped = lines[-MAX_LINES:], stamped[-MAX_LINES:]
    chains, bare, survived, symptoms = _tracebacks(lines)
    known = {r.text for chain in chains for r in chain} | {r.text for r in bare + survived + symptoms}
    bare = bare + tuple(_native(lines, known))
    root_rank = root_signal = root_exit = None
    in_root = False
    failure_exits: list[int] = []
    errnos, strerrors, http, oom, service = [], [], [], [], []
    ignored = {r.head or r.text for r in survived + symptoms}
    ranks: set[str] = set()
    srun_tasks: list[tuple[str, str]] = []
    torn_down: set[str] = set()
    faulty = agent = None  # weaker namings of the root rank: a rank's barrier, torchrun's agent
    overfull = usage = panic = rejected = None
    for fname, rank, text in lines:
        if rank is not None:
            ranks.add(rank)
        where = f"{fname}: {text.strip()}"[:500]
        line = _Line(text)
        if line.search(_ROOT_CAUSE):
            in_root = True
        elif in_root:
            m = line.search(_ROOT_RANK)
            if m is not None and root_rank is None:
                root_rank = m.group(1)
            e = line.search(_ROOT_EXIT)
            if e is not None and root_signal is None and root_exit is None:
                code = int(e.group(1))
                root_signal, root_exit = (-code, None) if code < 0 else (None, code)
        if overfull is None and _overfull(line.search(_BARRIER)):
            overfull = where
        if line.search(_USAGE):
            usage = where
        if panic is None and line.search(_PANIC):
            panic = where
        if (counts := line.search(_SCAN_COUNTS)) is not None:  # the last scan's counts (a tqdm bar redraws them)
            rejected = where if counts.group(1) == counts.group(2) != "0" else None
        fe = line.search(_FAILURE_ENTRY)
        if fe is not None:
            failure_exits.append(int(fe.group(1) or fe.group(2)))
        s = line.search(_SRUN_TASK)
        if s is not None:
            srun_tasks.append((s.group(1), text))
        elif srun_tasks and line.search(_TERMED):
            torn_down.add(text.strip())
        mp = line.search(_MPI_FIRST)
        if mp is not None and root_rank is None:
            root_rank = mp.group(1)
        if faulty is None and (f := line.search(_FAULTY_RANK)) is not None:
            faulty = f.group(1) or f.group(2)
        if agent is None and (a := line.search(_AGENT_FIRST)) is not None:
            agent = a.group(1)
        if text.strip() in ignored or line.search(_OTHER_EPERM):
            continue  # an exception the program survived, or a symptom (or a debugger's own failure to attach, a
            # thread's system_error): its errno or status is not why it ended
        n = _found(line.search(_ERRNO)) if not line.search(_LIBUV_ERRNO) else None
        if n is None and (named := line.search(_ERRNO_NAME)) is not None:
            n = ERRNO_NAMES[named.group(1)]
        if n is not None:
            errnos.append((n, where))
        w = _found(line.search(_WINERROR))
        if w is not None and w in WINERRORS:
            errnos.append((WINERRORS[w], where))
        c = _found(line.search(_CURL))
        if c is not None and c in CURL_ERRNO:
            errnos.append((CURL_ERRNO[c], where))
        se = line.search(_strerror_pattern())
        if se is not None:
            strerrors.append((_ANY_STRERROR[se.group(0)], where))
        elif line.search(_NOENT) and not line.search(_NOENT_WRITING):
            strerrors.append((2, where))
        tunnel = _found(line.search(_TUNNEL))
        if tunnel is None or tunnel == 407:  # a proxy's other refusals are no status of the service's
            h = _found(line.search(_HTTP))
            if h is None:
                phrase = line.search(_HTTP_PHRASE)
                h = HTTP_PHRASES.get(phrase.group(0)) if phrase is not None else None
            if h is not None and h in HTTP_ERRORS:
                http.append((h, where))
        sm = line.search(_SERVICE)
        if sm is not None:
            service.append((next(g for g in sm.groups() if g is not None), where))
        said = bool(line.search(_OOM_SAID))  # torch's device allocators' wording (the CPU's is another)
        if said or (line.search(_OOM) and not line.search(_NOT_OOM)):
            oom.append((said or bool(line.search(_ON_DEVICE)), where))
    if root_exit is None and root_signal is None and failure_exits and len(set(failure_exits)) == 1:
        root_exit = failure_exits[0] if failure_exits[0] > 0 else None  # every failed rank alike
    if root_rank is None:
        root_rank = faulty or agent
    if root_rank is None and srun_tasks:
        first = srun_tasks[0][0].strip("[]")
        root_rank = first.split(",")[0].split("-")[0] if first[:1].isdigit() else None
    return Shape(chains=chains, bare=bare, survived=survived, symptoms=symptoms, root_rank=root_rank,
                 root_signal=root_signal, root_exit=root_exit,
                 errnos=tuple(errnos), strerrors=tuple(strerrors), http=tuple(http), oom=tuple(oom),
                 service=tuple(service),
                 ranks=frozenset(ranks), same_error_ranks=_same_error(chains, srun_tasks), overfull_barrier=overfull,
                 usage=usage, panic=panic, rejected=rejected, torn_down=frozenset(torn_down),
                 launched=tuple((fname, text) for fname, rank, text in lines if rank is not None),
                 destamped=tuple((fname, text) for (fname, _, text), s in zip(lines, stamped, strict=True) if s))


def _same_error(chains, srun_tasks) -> int:
    """How many ranks ended with the same exception (digits aside), or srun's count of tasks that exited alike.

    torchrun's Failures list is not counted: an exit code alike on every rank names the code (``root_exit``), but
    is no evidence of one error (1 is any uncaught exception's; a negative code is often torchrun's own TERM of
    the ranks left after one failed)."""
    last_by_rank: dict[str | None, str] = {}
    for chain in chains:
        last = chain[-1]
        last_by_rank[last.rank] = "".join("#" if c.isdigit() else c for c in f"{last.name}: {last.message}")
    counts: dict[str, int] = {}
    for rank, key in last_by_rank.items():
        if rank is not None:
            counts[key] = counts.get(key, 0) + 1
    by_chain = max(counts.values(), default=0)
    exits: dict[str, int] = {}
    for tasks, text in srun_tasks:
        kind = text.rsplit(": ", 1)[-1]
        exits[kind] = exits.get(kind, 0) + _task_count(tasks)
    return max(by_chain, max(exits.values(), default=0))
