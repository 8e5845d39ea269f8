#!/usr/bin/env python3
"""A stand-in ``nvidia-smi`` for tests: answers the two csv queries tianluo asks from a JSON inventory.

Standalone (stdlib only). ``install(bin_dir, inventory)`` writes it as ``bin_dir/nvidia-smi`` with
the JSON next to it as ``fake_nvidia_smi.json``; the script finds its JSON through the environment
variable ``FAKE_NVIDIA_SMI_STATE``, else next to its own path, so ticks run by cron-like processes
need no environment. ``update(bin_dir, **changes)`` replaces top-level keys atomically (temp file +
``os.replace``), ``set_gpu(bin_dir, index, **fields)`` one GPU's fields.

Answered (any field list of the ones below, in any order, with or without ``noheader``/``nounits``)::

    nvidia-smi --query-gpu=index,uuid,name,pci.bus_id,memory.total,memory.used,utilization.gpu,\
ecc.errors.uncorrected.volatile.total --format=csv,noheader,nounits
    nvidia-smi --query-compute-apps=pid,gpu_uuid,used_memory --format=csv,noheader,nounits

Anything else: ``Field "x" is not a valid field to query.`` or a usage line, exit 2.

The JSON::

    {
      "gpus": [{"index": 0, "uuid": "GPU-...", "name": "NVIDIA A100-SXM4-80GB",
                "pci_bus_id": "00000000:07:00.0", "memory_total": 81920, "memory_used": 0,
                "utilization": 0, "ecc_uncorrected": 0, "lost": false}],
      "apps": [{"pid": 4242, "gpu_uuid": "GPU-...", "used_memory": 12000}],
      "mode": "ok",              # ok | fail | hang | garbage | binary (both queries)
      "apps_mode": "ok",         # optional: the same, for --query-compute-apps only
      "calls_file": "/path",     # optional: one line appended per call: "pid=<pid> <query>"
      "pid_apps": true,          # optional: listed apps whose pid is not alive are left out
      "apps_from_env": "TIANLUO_GPU_APP",  # optional: see below
      "apps_under": "/tmp/x",    # optional: apps_from_env counts only processes working under this folder
      "busy_utilization": 100,   # optional: a GPU with a compute app reports this utilization
      "gpu_fields": ["index", ...]  # optional: the only --query-gpu fields known (others: not a valid field)
    }

Values: ``memory_total``, ``memory_used``, ``utilization`` and ``ecc_uncorrected`` may be numbers or
strings printed as they are (``"[N/A]"``, ``"[Not Supported]"``). ``lost``: ``true`` prints, in place
of the GPU's row, what real nvidia-smi prints for a GPU it cannot get a handle for::

    Unable to determine the device handle for GPU 0000:07:00.0: GPU is lost.  Reboot the system to recover this GPU

and the call then exits 15 (NVML_ERROR_GPU_IS_LOST; the nvidia-smi man page: "Return code 15 - The
GPU has fallen off the bus or has otherwise become inaccessible"), on stdout, after the other GPUs'
rows. ``lost`` as a string (``"[GPU is lost]"``, ``"[Unknown Error]"``) prints the GPU's row with
that string for every reading (memory, utilization, ECC), as nvidia-smi does for a GPU whose handle
works but whose readings fail; exit 0.

Modes: ``fail`` prints ``NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.
Make sure that the latest NVIDIA driver is installed and running.`` and exits 9 (what the real one
prints and returns when the driver is not loaded); ``hang`` starts a ``sleep 3600`` child in its
process group (its pid goes to ``calls_file`` too) and sleeps 3600 s; ``garbage`` prints text that
is no csv row (an escape sequence, short rows, a crash message) and exits 0; ``binary`` prints bytes
that are not UTF-8 and exits 0.

``apps_from_env`` (a variable name, say ``TIANLUO_GPU_APP``): the stand-in also reports as compute
apps every live process (``/proc/*/environ`` that can be read, at most ``SCAN_LIMIT`` processes and
``ENVIRON_CAP`` bytes each, itself left out) whose environment has ``CUDA_VISIBLE_DEVICES`` and either
``TIANLUO_JOB`` (a job tianluo launched) or that variable (a test's stand-in for a foreign user's
process): one app per GPU index (or GPU uuid) listed in its ``CUDA_VISIBLE_DEVICES``, used_memory 1000.
With ``apps_under`` (a folder: a test's own), only processes whose working directory is that folder or
below it count: the jobs other tests run at the same time (the test command's shares and lanes run at
once) are another host's, not this one's.
"""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

STATE_ENV = "FAKE_NVIDIA_SMI_STATE"
STATE_NAME = "fake_nvidia_smi.json"
SCAN_LIMIT = 4096  # /proc entries looked at for apps_from_env
ENVIRON_CAP = 64 << 10  # bytes of one /proc/<pid>/environ read
ENV_APP_MEMORY = 1000  # MiB an app found through its environment is said to use
FAIL_TEXT = ("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. "
             "Make sure that the latest NVIDIA driver is installed and running.")
LOST_TEXT = "Unable to determine the device handle for GPU {bus}: GPU is lost.  Reboot the system to recover this GPU"
EXIT_LOST = 15
EXIT_FAIL = 9
EXIT_USAGE = 2

#: query field -> (JSON key, unit). The real tool accepts a few aliases; these are the ones tests use.
GPU_FIELDS = {"index": ("index", ""), "uuid": ("uuid", ""), "gpu_uuid": ("uuid", ""), "name": ("name", ""),
              "gpu_name": ("name", ""), "pci.bus_id": ("pci_bus_id", ""), "gpu_bus_id": ("pci_bus_id", ""),
              "memory.total": ("memory_total", "MiB"), "memory.used": ("memory_used", "MiB"),
              "utilization.gpu": ("utilization", "%"),
              "ecc.errors.uncorrected.volatile.total": ("ecc_uncorrected", "")}
APP_FIELDS = {"pid": ("pid", ""), "gpu_uuid": ("gpu_uuid", ""), "used_memory": ("used_memory", "MiB"),
              "used_gpu_memory": ("used_memory", "MiB")}
READINGS = ("memory_total", "memory_used", "utilization", "ecc_uncorrected")


# --- the helpers tests import ---------------------------------------------------------------------------


def install(bin_dir: Path, inventory: dict) -> Path:
    """Write this script as ``bin_dir/nvidia-smi`` (mode 755) and ``inventory`` next to it; the script's path.

    The shebang becomes this interpreter's path when that is a plain one, so the stand-in runs even
    where ``python3`` is not on PATH (cron's PATH, a test's own PATH).
    """
    bin_dir = Path(bin_dir)
    bin_dir.mkdir(parents=True, exist_ok=True)
    source = Path(__file__).read_text(encoding="utf-8")
    if sys.executable and " " not in sys.executable and len(sys.executable) < 120:
        source = f"#!{sys.executable}\n" + source.partition("\n")[2]
    script = bin_dir / "nvidia-smi"
    script.write_text(source, encoding="utf-8")
    script.chmod(0o755)
    _write_state(bin_dir / STATE_NAME, inventory)
    return script


def update(bin_dir: Path, **changes) -> dict:
    """Replace top-level keys of the inventory next to ``bin_dir/nvidia-smi``, atomically; the new inventory."""
    path = Path(bin_dir) / STATE_NAME
    inventory = json.loads(path.read_text(encoding="utf-8"))
    inventory.update(changes)
    _write_state(path, inventory)
    return inventory


def set_gpu(bin_dir: Path, index: int, **fields) -> dict:
    """Change fields of the GPU with ``index`` (``utilization=100``, ``lost=True``...); the new inventory."""
    path = Path(bin_dir) / STATE_NAME
    inventory = json.loads(path.read_text(encoding="utf-8"))
    for gpu in inventory.get("gpus", []):
        if gpu.get("index") == index:
            gpu.update(fields)
    _write_state(path, inventory)
    return inventory


def _write_state(path: Path, inventory: dict) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(inventory, indent=1), encoding="utf-8")
    os.replace(tmp, path)


# --- the stand-in ---------------------------------------------------------------------------------------


def main(argv: list[str]) -> int:
    state = _load_state()
    query = next((a for a in argv if a.startswith(("--query-gpu=", "--query-compute-apps="))), None)
    fmt = next((a.partition("=")[2] for a in argv if a.startswith("--format=")), "")
    _record(state, query or " ".join(argv))
    if query is None or not fmt.startswith("csv"):
        print("fake nvidia-smi: only --query-gpu=... and --query-compute-apps=... with --format=csv are answered",
              file=sys.stderr)
        return EXIT_USAGE
    kind, _, field_list = query.partition("=")
    is_gpu = kind == "--query-gpu"
    known = GPU_FIELDS if is_gpu else APP_FIELDS
    if is_gpu and state.get("gpu_fields"):  # an older driver (or a stricter stand-in) that knows fewer fields
        known = {k: v for k, v in known.items() if k in state["gpu_fields"]}
    fields = [f.strip() for f in field_list.split(",")]
    bad = next((f for f in fields if f not in known), None)
    if bad is not None:
        print(f'Field "{bad}" is not a valid field to query.', file=sys.stderr)
        return EXIT_USAGE
    mode = state.get("mode", "ok") if is_gpu else state.get("apps_mode", state.get("mode", "ok"))
    if mode != "ok":
        return _misbehave(mode, state)
    options = fmt.split(",")
    header, units = "noheader" not in options, "nounits" not in options
    if is_gpu:
        return _answer_gpus(state, fields, header, units)
    return _answer_apps(state, fields, header, units)


def _state_path() -> str:
    return os.environ.get(STATE_ENV) or os.path.join(os.path.dirname(os.path.abspath(__file__)), STATE_NAME)


def _load_state() -> dict:
    with open(_state_path(), encoding="utf-8") as f:
        return json.load(f)


def _record(state: dict, query: str, extra: str = "") -> None:
    calls = state.get("calls_file")
    if not calls:
        return
    fd = os.open(calls, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, f"pid={os.getpid()}{extra} {query}\n".encode())
    finally:
        os.close(fd)


def _misbehave(mode: str, state: dict) -> int:
    if mode == "fail":
        print(FAIL_TEXT)
        return EXIT_FAIL
    if mode == "hang":
        sleeper = shutil.which("sleep") or "/bin/sleep"
        # In our process group (a timeout must kill it too), working where the JSON is (a test's tmp_path,
        # where its reaper looks for leftovers).
        child = subprocess.Popen([sleeper, "3600"], stdin=subprocess.DEVNULL, cwd=os.path.dirname(_state_path()))
        _record(state, "hang", extra=f" child={child.pid}")
        time.sleep(3600)
        return 0
    if mode == "garbage":
        sys.stdout.write("\x1b[31mSegmentation fault (core dumped)\x1b[0m\n0, GPU-only-two\n,,,,\n"
                         "index, uuid, name, pci.bus_id, memory.total\n"
                         "WARNING: infoROM is corrupted at gpu 0000:07:00.0\n")
        return 0
    if mode == "binary":
        sys.stdout.flush()
        sys.stdout.buffer.write(b"\xff\xfe\x00garbage\x80\x81\n0, GPU-\xc3\x28, \xa0\xa1\n")
        return 0
    print(f"fake nvidia-smi: unknown mode {mode!r}", file=sys.stderr)
    return EXIT_USAGE


def _answer_gpus(state: dict, fields: list[str], header: bool, units: bool) -> int:
    apps = _apps(state)
    busy = {a["gpu_uuid"] for a in apps}
    if header:
        print(", ".join(_heading(f, GPU_FIELDS, units) for f in fields))
    code = 0
    for gpu in state.get("gpus", []):
        lost = gpu.get("lost")
        if lost is True:
            print(LOST_TEXT.format(bus=_short_bus(str(gpu.get("pci_bus_id", "")))))
            code = EXIT_LOST
            continue
        values = dict(gpu)
        if isinstance(lost, str) and lost:
            values.update({k: lost for k in READINGS})
        elif gpu.get("uuid") in busy and "busy_utilization" in state:
            values["utilization"] = state["busy_utilization"]
        print(", ".join(_value(values, f, GPU_FIELDS, units) for f in fields))
    return code


def _answer_apps(state: dict, fields: list[str], header: bool, units: bool) -> int:
    if header:
        print(", ".join(_heading(f, APP_FIELDS, units) for f in fields))
    for app in _apps(state):
        print(", ".join(_value(app, f, APP_FIELDS, units) for f in fields))
    return 0


def _heading(field: str, known: dict, units: bool) -> str:
    unit = known[field][1]
    return f"{field} [{unit}]" if units and unit else field


def _value(record: dict, field: str, known: dict, units: bool) -> str:
    key, unit = known[field]
    value = record.get(key, "[N/A]")
    if isinstance(value, bool) or value is None:
        value = "[N/A]"
    text = str(value)
    return f"{text} {unit}" if units and unit and isinstance(value, int) else text


def _short_bus(bus: str) -> str:
    """'00000000:07:00.0' as the lost line spells it: '0000:07:00.0' (a 4-digit domain)."""
    parts = bus.split(":")
    if len(parts) == 3 and len(parts[0]) > 4:
        parts[0] = parts[0][-4:]
    return ":".join(parts)


def _apps(state: dict) -> list[dict]:
    apps = [dict(a) for a in state.get("apps", [])]
    if state.get("pid_apps"):
        apps = [a for a in apps if _alive(a.get("pid"))]
    marker = state.get("apps_from_env")
    if marker:
        apps.extend(_env_apps(state, str(marker)))
    return apps


def _works_under(pid: int, folder: str) -> bool:
    """Whether a process's working directory is ``folder`` or below it."""
    try:
        cwd = os.readlink(f"/proc/{pid}/cwd")
    except OSError:
        return False
    return cwd == folder or cwd.startswith(folder.rstrip("/") + "/")


def _alive(pid) -> bool:
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read(4096).rpartition(b")")[2].split()[0] != b"Z"
    except (OSError, IndexError):
        return False


def _env_apps(state: dict, marker: str) -> list[dict]:
    """Live processes whose environment says they use GPUs: one app per GPU of their CUDA_VISIBLE_DEVICES."""
    gpus = state.get("gpus", [])
    by_index = {str(g.get("index")): g.get("uuid") for g in gpus}
    uuids = {g.get("uuid") for g in gpus}
    me = os.getpid()
    under = state.get("apps_under")
    under = os.path.realpath(str(under)) if under else ""
    found = []
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for name in entries[:SCAN_LIMIT]:
        if not name.isdigit() or int(name) == me:
            continue
        env = _environ(int(name))
        visible = env.get("CUDA_VISIBLE_DEVICES")
        if visible is None or not ("TIANLUO_JOB" in env or marker in env):
            continue
        if under and not _works_under(int(name), under):
            continue
        for item in visible.split(","):
            uuid = by_index.get(item.strip()) or (item.strip() if item.strip() in uuids else None)
            if uuid:
                found.append({"pid": int(name), "gpu_uuid": uuid, "used_memory": ENV_APP_MEMORY})
    return found


def _environ(pid: int) -> dict[str, str]:
    try:
        with open(f"/proc/{pid}/environ", "rb") as f:
            raw = f.read(ENVIRON_CAP)
    except OSError:  # another user's process, or gone
        return {}
    env = {}
    for item in raw.split(b"\0"):
        key, eq, value = item.partition(b"=")
        if eq:
            env[key.decode("utf-8", "replace")] = value.decode("utf-8", "replace")
    return env


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
