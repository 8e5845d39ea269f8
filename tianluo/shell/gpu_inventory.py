"""The GPU host's inventory, read once a tick: ``nvidia-smi`` (two queries) and the kernel log's Xid lines.

The shell half of ``tianluo.core.gpu_facts``. ``nvidia-smi`` runs as an argv list (never through a shell),
in its own session with stdin from /dev/null, bounded in time (its whole process group is killed on
timeout) and in output; at most two calls a tick, the second only when the first answered. What it
prints is parsed by pure functions (``parse_gpus``, ``parse_apps``) that skip what they cannot read:
every line is hostile, so no regex, only ``str.split``/``partition``.

Real ``nvidia-smi`` on a lost GPU prints ``Unable to determine the device handle for GPU <bus id>: GPU
is lost.  Reboot the system to recover this GPU`` in place of that GPU's row and carries on with the
others; its exit status is then taken to be non-zero (the man page's 15, "fallen off the bus or
otherwise inaccessible"). Such an answer is kept, with the lost bus ids in ``lost``, and a non-zero
exit is an error only when no lost GPU explains it. A GPU whose handle works but whose readings fail
shows ``[GPU is lost]`` or ``[Unknown Error]`` as field values: its ``Gpu.lost`` says so.

The kernel log is read incrementally from a cursor, never following a link and never blocking on a
FIFO, at most ``max_kernel_bytes`` a tick, complete lines only.
"""

import errno
import os
import shutil
import stat
import subprocess
from dataclasses import dataclass, replace

from tianluo.core.gpu_facts import HARDWARE_XIDS, Gpu, GpuApp, GpuInventory, KernelLogCursor, XidEvent, bus_key
from tianluo.plaintext import one_line
from tianluo.shell.logscan import file_kind, kernel_devs
from tianluo.shell.shellrun import OUTPUT_CAP, run_argv

GPU_FIELDS = ("index", "uuid", "name", "pci.bus_id", "memory.total", "memory.used", "utilization.gpu",
              "ecc.errors.uncorrected.volatile.total")
APP_FIELDS = ("pid", "gpu_uuid", "used_memory")
GPU_ARGS = ("--query-gpu=" + ",".join(GPU_FIELDS), "--format=csv,noheader,nounits")
#: The fields every nvidia-smi knows: asked instead when one refuses a field of GPU_FIELDS (an old driver says
#: 'Field "ecc.errors.uncorrected.volatile.total" is not a valid field to query.'); no bus id, no ECC then.
BASE_GPU_FIELDS = ("index", "uuid", "name", "memory.total", "memory.used", "utilization.gpu")
BASE_GPU_ARGS = ("--query-gpu=" + ",".join(BASE_GPU_FIELDS), "--format=csv,noheader,nounits")
UNKNOWN_FIELD = "is not a valid field to query"
APP_ARGS = ("--query-compute-apps=" + ",".join(APP_FIELDS), "--format=csv,noheader,nounits")

TEXT_CAP = 200  # characters of any text kept from outside (a name, a log line, an error)
MAX_ROWS = 4096  # rows parsed from one answer: more GPUs or processes than any host has
MAX_USERS = 512  # processes whose owner is looked up
MAX_XIDS = 1000  # Xid events kept from one read of the kernel log
XID_WINDOW = 512  # bytes of a line, from "NVRM: Xid" on, that are parsed
KERNEL_LOGS = ("/var/log/kern.log", "/var/log/messages", "/var/log/syslog")

_LOST_LINE = "unable to determine the device handle"
_LOST_VALUES = ("[unknown error]", "[gpu is lost]")  # a field value that means the GPU is gone
_GPU_ALIASES = {"gpu_uuid": "uuid", "gpu_name": "name", "gpu_bus_id": "pci.bus_id"}  # nvidia-smi's own aliases
_NO_PROCESSES = "no running processes found"  # the table's words for none; csv prints nothing
_XID_MARK = b"NVRM: Xid"
_OPEN_FLAGS = os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_NOCTTY | os.O_CLOEXEC


# --- parsing (pure) ---------------------------------------------------------------------------------------


def parse_gpus(text: str, fields: tuple[str, ...] = GPU_FIELDS) -> tuple[tuple[Gpu, ...], tuple[str, ...]]:
    """The GPUs of a ``--query-gpu`` csv answer, and the bus ids (``bus_key``) it named as lost.

    Args:
        text: What nvidia-smi printed (``csv,noheader,nounits``; a header or units are tolerated).
        fields: The queried fields, in order; unknown ones are ignored, missing ones read as None.

    A line that is neither a row of ``len(fields)`` values with an integer index nor an
    ``Unable to determine the device handle`` line is skipped.
    """
    gpus: list[Gpu] = []
    lost: list[str] = []
    for line in text.splitlines()[:MAX_ROWS]:
        line = line.strip()
        if not line:
            continue
        if line.lower().startswith(_LOST_LINE):
            bus = lost_bus_id(line)
            if bus and bus not in lost:
                lost.append(bus)
            continue
        gpu = _gpu_row(line, fields)
        if gpu is not None:
            gpus.append(gpu)
    return tuple(gpus), tuple(lost)


def parse_apps(text: str, fields: tuple[str, ...] = APP_FIELDS) -> tuple[GpuApp, ...]:
    """The compute processes of a ``--query-compute-apps`` csv answer; unreadable lines are skipped."""
    apps: list[GpuApp] = []
    for line in text.splitlines()[:MAX_ROWS]:
        values = _row(line, fields)
        if values is None:
            continue
        pid = _int(values.get("pid", ""))
        uuid = _plain_value(values.get("gpu_uuid", ""))
        if pid is None or pid <= 0 or not uuid:
            continue
        apps.append(GpuApp(pid=pid, gpu_uuid=uuid, used_mib=_int(values.get("used_memory", ""))))
    return tuple(apps)


def lost_bus_ids(text: str) -> tuple[str, ...]:
    """The bus ids of every ``Unable to determine the device handle`` line in ``text`` (stderr, say)."""
    return parse_gpus(text, ())[1]


def lost_bus_id(line: str) -> str | None:
    """The bus id (``bus_key``) an ``Unable to determine the device handle for GPU ...`` line names, or None.

    Real spellings: ``for GPU 0000:3B:00.0: GPU is lost``, ``for GPU0000:17:00.0: Unknown Error``
    (no space), ``for GPU0: 0000:24:00.0: GPU is lost`` (index first), ``for GPU 000:BA:80.0``.
    """
    _, found, rest = line.lower().partition("for gpu")
    if not found:
        return None
    for token in rest[:TEXT_CAP].split()[:4]:
        key = bus_key(token.rstrip(":.,"))
        if is_bus_key(key):
            return key
    return None


def is_bus_key(text: str) -> bool:
    """Whether ``text`` is a bus id as ``bus_key`` writes one: 'dddd:bb:dd', lower-case hex."""
    if len(text) != 10 or text[4] != ":" or text[7] != ":":
        return False
    return all(c in "0123456789abcdef" for c in text[:4] + text[5:7] + text[8:])


def parse_xid_line(line: str) -> XidEvent | None:
    """The Xid event of one kernel log line (``... NVRM: Xid (PCI:0000:3b:00): 79, ...``), or None."""
    start = line.find(_XID_MARK.decode())
    if start < 0:
        return None
    rest = line[start + len(_XID_MARK): start + XID_WINDOW].lstrip()
    if not rest.startswith("("):
        return None
    inside, closed, after = rest[1:].partition(")")
    if not closed or not after.startswith(":"):
        return None
    number = after[1:].lstrip().partition(",")[0].strip()
    bus = bus_key(inside)
    if not (number.isascii() and number.isdigit() and len(number) <= 4) or not is_bus_key(bus):
        return None
    xid = int(number)
    return XidEvent(pci_bus_id=bus, xid=xid, text=one_line(line, TEXT_CAP), hardware=xid in HARDWARE_XIDS)


def _gpu_row(line: str, fields: tuple[str, ...]) -> Gpu | None:
    values = _row(line, tuple(_GPU_ALIASES.get(f, f) for f in fields))
    if values is None:
        return None
    index = _int(values.get("index", ""))
    if index is None:
        return None
    gone = next((v for v in values.values() if v.lower() in _LOST_VALUES), None)
    bus = values.get("pci.bus_id", "")
    return Gpu(index=index, uuid=_plain_value(values.get("uuid", "")), name=_plain_value(values.get("name", "")),
               pci_bus_id=bus_key(bus) if _plain_value(bus) else "",
               memory_total_mib=_int(values.get("memory.total", "")),
               memory_used_mib=_int(values.get("memory.used", "")),
               utilization=_int(values.get("utilization.gpu", "")),
               ecc_uncorrected=_int(values.get("ecc.errors.uncorrected.volatile.total", "")),
               lost=one_line(gone, TEXT_CAP) if gone else None)


def _row(line: str, fields: tuple[str, ...]) -> dict[str, str] | None:
    """The values of one csv row by field name, or None when it has not exactly one value per field."""
    if not fields or len(line) > 16 * TEXT_CAP * len(fields):
        return None
    values = line.split(",")
    if len(values) != len(fields):  # GPU names have spaces but no commas
        return None
    return {name: value.strip() for name, value in zip(fields, values, strict=True)}


def _plain_value(text: str) -> str:
    """A text field made plain; nvidia-smi's bracketed non-values ('[N/A]', '[GPU is lost]') read as ''."""
    text = one_line(text, TEXT_CAP)
    return "" if text.startswith("[") or text.upper() == "N/A" else text


def _int(text: str) -> int | None:
    """A count from nvidia-smi ('81920', '81920 MiB', '42.0'), or None ('[N/A]', '[Not Supported]', junk)."""
    number = text.strip().partition(" ")[0]
    whole, _, fraction = number.partition(".")
    if not (whole.isascii() and whole.isdigit() and len(whole) <= 15):
        return None
    if fraction and not (fraction.isascii() and fraction.isdigit()):
        return None
    return int(whole)


# --- nvidia-smi (the shell) -------------------------------------------------------------------------------


class _Failed(Exception):
    """nvidia-smi did not give a usable answer; the message is one plain line."""


@dataclass(frozen=True)
class _Answer:
    code: int
    out: str
    err: str


def read_inventory(nvidia_smi: str = "nvidia-smi", timeout_s: float = 10.0, kernel_log: str | None = None,
                   cursor: KernelLogCursor | None = None, max_kernel_bytes: int = 1 << 20) -> GpuInventory:
    """What this host's GPUs look like now: at most two nvidia-smi calls, then the kernel log's new Xid lines.

    Args:
        nvidia_smi: A bare name (looked up on PATH) or a path to the program.
        timeout_s: Seconds each nvidia-smi call may take; its process group is killed after.
        kernel_log: The kernel log to read Xid lines from (``default_kernel_log()``); None: not read.
        cursor: Where the last read of ``kernel_log`` stopped; None: start at its end.
        max_kernel_bytes: At most this many bytes of the kernel log are read per call (the newest).

    Never raises for what the host does: no nvidia-smi is ``missing``, a failed or hung one ``error``.
    """
    inventory = _ask_nvidia_smi(nvidia_smi, timeout_s)
    if kernel_log is None:
        return inventory
    xids, where, note = read_kernel_log(kernel_log, cursor, max_kernel_bytes)
    return replace(inventory, xids=xids, kernel_log=where, kernel_log_note=note)


def _ask_nvidia_smi(nvidia_smi: str, timeout_s: float) -> GpuInventory:
    program = _program(nvidia_smi)
    if program is None:
        return GpuInventory(missing=True)
    try:
        answer = _run(program, GPU_ARGS, timeout_s)
        fields: tuple[str, ...] = GPU_FIELDS
        if answer.code != 0 and UNKNOWN_FIELD in answer.out + answer.err:
            answer = _run(program, BASE_GPU_ARGS, timeout_s)  # only when the first call was refused outright
            fields = BASE_GPU_FIELDS
    except FileNotFoundError:
        return GpuInventory(missing=True)
    except _Failed as exc:
        return GpuInventory(error=str(exc))
    gpus, lost = parse_gpus(answer.out, fields)
    lost = _merge(lost, lost_bus_ids(answer.err))
    problem = _problem("--query-gpu", answer, bool(gpus), bool(lost))
    if problem:
        return GpuInventory(error=problem)
    try:
        apps_answer = _run(program, APP_ARGS, timeout_s)
    except _Failed as exc:  # the GPUs are known, the processes on them not: nothing starts on GPUs
        return GpuInventory(gpus=gpus, lost=lost, error=str(exc))
    except OSError as exc:  # it vanished between the two calls
        return GpuInventory(gpus=gpus, lost=lost, error=f"nvidia-smi --query-compute-apps: {_os_error(exc)}")
    apps = parse_apps(apps_answer.out)
    lost = _merge(lost, lost_bus_ids(apps_answer.out + "\n" + apps_answer.err))
    problem = _problem("--query-compute-apps", apps_answer, bool(apps), bool(lost))
    return GpuInventory(gpus=gpus, apps=_with_users(apps), lost=lost, error=problem)


def _problem(query: str, answer: _Answer, parsed: bool, lost: bool) -> str | None:
    """Why an answer cannot be used, or None: a failed exit not explained by a lost GPU, or only junk."""
    if answer.code != 0 and not lost:
        return _describe(query, answer)
    junk = _first_line(answer.out)
    if not parsed and not lost and junk and not junk.lower().startswith(_NO_PROCESSES):
        return one_line(f"nvidia-smi {query}: an answer with no row it could read: {junk}", TEXT_CAP)
    return None


def _describe(query: str, answer: _Answer) -> str:
    how = f"killed by signal {-answer.code}" if answer.code < 0 else f"exit {answer.code}"
    said = _first_line(answer.err) or _first_line(answer.out) or "(nothing printed)"
    return one_line(f"nvidia-smi {query}: {how}: {said}", TEXT_CAP)


def _first_line(text: str) -> str:
    for line in text[:64 << 10].splitlines():
        if line.strip():
            return one_line(line, TEXT_CAP)
    return ""


def _merge(first: tuple[str, ...], more: tuple[str, ...]) -> tuple[str, ...]:
    return first + tuple(b for b in more if b not in first)


def _program(nvidia_smi: str) -> str | None:
    """The executable file ``nvidia_smi`` names (a bare name is looked up on PATH), or None."""
    if os.sep not in nvidia_smi:
        return shutil.which(nvidia_smi)
    path = os.path.abspath(nvidia_smi)
    if os.path.isfile(path) and os.access(path, os.X_OK):
        return path
    return None


def _run(program: str, args: tuple[str, ...], timeout_s: float) -> _Answer:
    """``program args`` through ``shellrun.run_argv`` (no shell; own session, output capped, group killed).

    Raises:
        FileNotFoundError: the program is gone.
        _Failed: it hung, flooded its output, printed bytes that are not text, or could not start.
    """
    query = args[0].partition("=")[0]
    try:
        result = run_argv([program, *args], timeout_s)
    except FileNotFoundError:
        raise
    except subprocess.TimeoutExpired:
        raise _Failed(f"nvidia-smi {query}: did not answer within {timeout_s:g}s") from None
    except OSError as exc:
        raise _Failed(one_line(f"nvidia-smi {query}: {_os_error(exc)}", TEXT_CAP)) from None
    if result.cut:
        raise _Failed(f"nvidia-smi {query}: answered more than {OUTPUT_CAP >> 20} MB; not read")
    try:
        text = result.raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _Failed(f"nvidia-smi {query}: exit {result.returncode}: its answer is not text (undecodable "
                      "bytes)") from None
    return _Answer(result.returncode, text, result.err)


def _os_error(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def _with_users(apps: tuple[GpuApp, ...]) -> tuple[GpuApp, ...]:
    """Each process's owner where /proc tells (another user's process may be hidden: None)."""
    users: dict[int, str | None] = {}
    for app in apps:
        if app.pid not in users and len(users) < MAX_USERS:
            users[app.pid] = _user(app.pid)
    return tuple(replace(app, user=users.get(app.pid)) for app in apps)


def _user(pid: int) -> str | None:
    """The owner of ``pid`` (of its /proc folder): a login name, or the uid when it has none; None if gone."""
    import pwd  # here, not at the top: every tick's observe imports this module, few ticks see an app

    try:
        uid = os.stat(f"/proc/{pid}", follow_symlinks=False).st_uid
    except (OSError, ValueError):
        return None
    try:
        name = pwd.getpwuid(uid).pw_name
    except KeyError:  # no such user in the password database (a container's uid): the number
        name = str(uid)
    return one_line(name, TEXT_CAP) or None


# --- the kernel log ---------------------------------------------------------------------------------------


def default_kernel_log() -> str | None:
    """The first of /var/log/kern.log, /var/log/messages, /var/log/syslog that is a regular readable file."""
    for path in KERNEL_LOGS:
        try:
            st = os.lstat(path)
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode) and os.access(path, os.R_OK):
            return path
    return None


def read_kernel_log(path: str, cursor: KernelLogCursor | None, max_bytes: int = 1 << 20,
                    ) -> tuple[tuple[XidEvent, ...], KernelLogCursor | None, str | None]:
    """The Xid events written to ``path`` since ``cursor``, where the next read starts, and why not read.

    Without a cursor (or one for another path) reading starts at the end: only lines written after
    the first look count. Another inode, or a file shorter than the cursor (rotated, truncated):
    from the start. At most ``max_bytes`` are read; when more is new, the newest ``max_bytes`` from
    a line start. Only complete lines are consumed. A link, FIFO or other non-regular file is not
    read: the note says why and the cursor is given back unchanged.
    """
    fd, note = _open_log(path)
    if fd is None:
        return (), cursor, note
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return (), cursor, f"{path} is {file_kind(st.st_mode)}, not a regular file: not read"
        if st.st_dev in kernel_devs():
            return (), cursor, f"{path} is a kernel file (/proc, /sys), not a log: not read"
        start = _start(path, cursor, st)
        data, begin = _read_window(fd, start, st.st_size, max(1, max_bytes))
    except OSError as exc:
        return (), cursor, f"{path} cannot be read ({_os_error(exc)})"
    finally:
        os.close(fd)
    end = data.rfind(b"\n") + 1  # complete lines only: the last, unfinished one waits for the next read
    return _xids(data[:end]), KernelLogCursor(path, st.st_ino, begin + end), None


def _open_log(path: str) -> tuple[int | None, str | None]:
    try:
        return os.open(path, _OPEN_FLAGS), None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return None, f"{path} is a symbolic link: not followed, not read"
        if exc.errno == errno.ENOENT:
            return None, f"{path} does not exist"
        return None, f"{path} cannot be read ({_os_error(exc)})"


def _start(path: str, cursor: KernelLogCursor | None, st: os.stat_result) -> int:
    """Where to read from: the cursor, the start (rotated or truncated), or the end (first look)."""
    if cursor is None or cursor.path != path:
        return st.st_size
    if (cursor.inode is not None and cursor.inode != st.st_ino) or st.st_size < cursor.offset:
        return 0
    return max(0, cursor.offset)


def _read_window(fd: int, start: int, size: int, max_bytes: int) -> tuple[bytes, int]:
    """The bytes from ``start`` to ``size``, or when that is more than ``max_bytes`` the newest ones from
    a line start; and the file offset of the first byte returned."""
    begin = max(start, size - max_bytes)
    if begin == start:
        return _pread(fd, size - begin, begin), begin
    data = _pread(fd, size - begin + 1, begin - 1)  # one byte more: was begin - 1 a line end?
    first = data.find(b"\n")
    if first < 0:  # one line longer than the window: skip what came before it
        return b"", begin
    return data[first + 1:], begin + first


def _pread(fd: int, length: int, offset: int) -> bytes:
    chunks, got = [], 0
    while got < length:
        chunk = os.pread(fd, min(length - got, 1 << 20), offset + got)
        if not chunk:  # the file shrank while being read: what was read stands
            break
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def _xids(data: bytes) -> tuple[XidEvent, ...]:
    events: list[XidEvent] = []
    at = data.find(_XID_MARK)
    while at >= 0 and len(events) < MAX_XIDS:
        line_start = data.rfind(b"\n", 0, at) + 1
        line_end = data.find(b"\n", at)
        line_end = len(data) if line_end < 0 else line_end
        # Only the line's head and its Xid part are decoded: a megabyte line costs what 1 KB does.
        head = data[max(line_start, at - TEXT_CAP):min(line_end, at + XID_WINDOW)]
        event = parse_xid_line(head.decode("utf-8", "replace"))
        if event is not None:
            events.append(event)
        at = data.find(_XID_MARK, line_end)
    return tuple(events)
