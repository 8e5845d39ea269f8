"""What Slurm's commands print, read into plain values. Pure: text in, values out.

Three sources, each with its own blind spots:

* ``squeue -t all`` knows every job the controller still holds (finished ones for
  ``MinJobAge``, 300 s by default): state and pending reason, but no exit code.
* ``scontrol show job -o`` knows the same jobs with ``ExitCode=code:signal``; for a
  cancelled or timed-out job the signal is there (``0:15``).
* ``sacct`` (slurmdbd) or ``sacct -c`` (the ``jobcomp/filetxt`` log) know jobs long gone. The
  jobcomp log says ``0:0`` for CANCELLED and TIMEOUT jobs, so an exit code from it is not
  trusted for those; a requeued job has one line per run there, and the last one counts.
"""

import re
from dataclasses import dataclass

from tianluo.models.states import JobState

#: squeue -O fields, each ended by "|" (``Name:|`` prints the whole name, never cut to a width).
SQUEUE_FIELDS = ("JobID", "Name", "State", "Reason", "NodeList", "StartTime", "EndTime", "RestartCnt")
SQUEUE_FORMAT = ",".join(f"{f}:|" for f in SQUEUE_FIELDS)
SACCT_FIELDS = ("JobID", "JobName", "State", "ExitCode", "Start", "End", "NodeList")

#: Held back by the scheduler (waiting, requeued, or suspended by it): not running, never a fault.
QUEUED = frozenset({"PENDING", "REQUEUED", "REQUEUE_HOLD", "REQUEUE_FED", "RESV_DEL_HOLD", "CONFIGURING",
                    "SPECIAL_EXIT", "SUSPENDED", "STOPPED"})
RUNNING = frozenset({"RUNNING", "COMPLETING", "SIGNALING", "STAGE_OUT", "RESIZING"})
#: A finished job's state -> JobFacts.ended_by: who ended it (None: the job itself).
FINAL = {
    "COMPLETED": None,
    "FAILED": None,
    "TIMEOUT": "time_limit",
    "OUT_OF_MEMORY": "out_of_memory",
    "NODE_FAIL": "node_fail",
    "PREEMPTED": "preempted",
    "BOOT_FAIL": "boot_fail",
    "DEADLINE": "deadline",
    "CANCELLED": "cancelled",
    "REVOKED": "cancelled",
}
#: sacct -c prints 0:0 for these where the job really died of a signal.
ZERO_EXIT_UNTRUSTED = frozenset({"CANCELLED", "TIMEOUT", "PREEMPTED", "NODE_FAIL", "OUT_OF_MEMORY", "DEADLINE"})

_UNREACHABLE = re.compile(
    r"Unable to contact slurm controller|Socket timed out|Connection refused|Connection timed out|"
    r"Zero Bytes were transmitted|slurm_load_jobs error: Transport endpoint|Could not establish a configuration source|"
    r"Slurm backup controller in standby mode|Slurmctld is not responding|Unable to establish connection",
    re.IGNORECASE)


#: Pending reasons Slurm does not clear by itself: the job waits until a person acts.
STUCK_REASONS = frozenset({
    "PartitionConfig", "PartitionDown", "PartitionInactive", "ReqNodeNotAvail", "BadConstraints",
    "InvalidAccount", "InvalidQOS", "AssocMaxJobsLimit", "QOSMaxWallDurationPerJobLimit",
    "PartitionTimeLimit", "DependencyNeverSatisfied", "JobHeldAdmin", "JobHeldUser", "AccountNotAllowed",
    "QOSNotAllowed", "Reservation", "launch failed requeued held",
})


def stuck(reason: str | None) -> str | None:
    """'Slurm will not start it by itself' for a pending reason that waits for a person, else None."""
    if reason and reason.split(",")[0].strip() in STUCK_REASONS:
        return "Slurm will not start it by itself"
    return None


@dataclass(frozen=True)
class JobRow:
    """One job as a Slurm command reports it."""

    job_id: str
    name: str
    state: str  # the base state, e.g. CANCELLED (not "CANCELLED by 0")
    reason: str | None = None
    nodes: str | None = None
    start: str | None = None
    end: str | None = None
    restarts: int = 0
    exit_code: int | None = None
    signal: int | None = None
    source: str = "squeue"


def unreachable(text: str) -> bool:
    """Whether a Slurm command's error says the controller (or database) did not answer."""
    return bool(_UNREACHABLE.search(text or ""))


def base_state(text: str) -> str:
    """``CANCELLED by 0`` -> ``CANCELLED``; ``COMPLETED+`` -> ``COMPLETED``."""
    return (text or "").strip().split(" ")[0].rstrip("+").upper()


def parse_exit(text: str | None) -> tuple[int | None, int | None]:
    """Slurm's ``code:signal`` (``3:0``, ``0:15``) -> (exit code, signal); a signal means no exit code."""
    m = re.fullmatch(r"\s*(\d+):(\d+)\s*", text or "")
    if not m:
        return None, None
    code, sig = int(m.group(1)), int(m.group(2))
    return (None, sig) if sig else (code, None)


def _none(value: str | None) -> str | None:
    value = (value or "").strip()
    return None if value in ("", "None", "NONE", "(null)", "Unknown", "N/A", "n/a", "None assigned") else value


def parse_squeue(text: str) -> list[JobRow]:
    """``squeue -h -O <SQUEUE_FORMAT>`` output -> rows. Lines that do not fit are skipped."""
    rows = []
    for line in text.splitlines():
        parts = line.split("|")
        if len(parts) < len(SQUEUE_FIELDS) or not parts[0].strip():
            continue
        job_id, name, state, reason, nodes, start, end, restarts = (p.strip() for p in parts[:len(SQUEUE_FIELDS)])
        rows.append(JobRow(job_id=job_id, name=name, state=base_state(state), reason=_none(reason),
                           nodes=_none(nodes), start=_none(start), end=_none(end),
                           restarts=int(restarts) if restarts.isdigit() else 0))
    return rows


_KEY = re.compile(r"(?:(?<=\s)|^)([A-Za-z][A-Za-z0-9_:/]*)=")


def parse_scontrol_fields(line: str) -> dict[str, str]:
    """One ``scontrol show job -o`` line -> {key: value}; a value may hold spaces."""
    out = {}
    matches = list(_KEY.finditer(line))
    for i, m in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(line)
        out[m.group(1)] = line[m.end():end].strip()
    return out


def parse_scontrol(text: str) -> dict[str, JobRow]:
    """``scontrol show job -o`` output (one job per line) -> {job id: row}.

    A job cancelled before it ran shows ``ExitCode=0:0``: for the states of
    ``ZERO_EXIT_UNTRUSTED`` a 0:0 is read as "unknown", as in ``parse_sacct``.
    """
    out = {}
    for line in text.splitlines():
        f = parse_scontrol_fields(line)
        if "JobId" not in f:
            continue
        code, sig = parse_exit(f.get("ExitCode"))
        if code == 0 and sig is None and base_state(f.get("JobState", "")) in ZERO_EXIT_UNTRUSTED:
            code = None
        out[f["JobId"]] = JobRow(
            job_id=f["JobId"], name=f.get("JobName", ""), state=base_state(f.get("JobState", "")),
            reason=_none(f.get("Reason")), nodes=_none(f.get("NodeList")), start=_none(f.get("StartTime")),
            end=_none(f.get("EndTime")),
            restarts=int(f.get("Restarts", "0") or 0) if f.get("Restarts", "0").isdigit() else 0,
            exit_code=code, signal=sig, source="scontrol")
    return out


def parse_sacct(text: str, source: str = "sacct") -> dict[str, JobRow]:
    """``sacct -n -P -o <SACCT_FIELDS>`` output -> {job id: row}; the last line of a job wins.

    Step lines (``123.batch``) are skipped. For ``jobcomp`` rows a ``0:0`` of a job that was
    cancelled or timed out is read as "unknown", because the jobcomp log writes 0:0 for them.
    """
    out = {}
    for line in text.splitlines():
        parts = line.split("|")
        if len(parts) < len(SACCT_FIELDS):
            continue
        job_id, name, state, exit_text, start, end, nodes = (p.strip() for p in parts[:len(SACCT_FIELDS)])
        if not job_id or "." in job_id:
            continue
        state = base_state(state)
        code, sig = parse_exit(exit_text)
        if source == "jobcomp" and code == 0 and sig is None and state in ZERO_EXIT_UNTRUSTED:
            code = None
        out[job_id] = JobRow(job_id=job_id, name=name, state=state, nodes=_none(nodes), start=_none(start),
                             end=_none(end), exit_code=code, signal=sig, source=source)
    return out


def parse_config(text: str) -> dict[str, str]:
    """``scontrol show config`` -> {key: value}."""
    out = {}
    for line in text.splitlines():
        key, sep, value = line.partition("=")
        if sep:
            out[key.strip()] = value.strip()
    return out


def accounting_mode(config: dict[str, str]) -> str:
    """Where finished jobs can be looked up: sacct (slurmdbd), jobcomp (filetxt log) or none."""
    if "slurmdbd" in config.get("AccountingStorageType", ""):
        return "sacct"
    if "filetxt" in config.get("JobCompType", ""):
        return "jobcomp"
    return "none"


def job_state(state: str) -> JobState:
    """A Slurm state -> tianluo's vocabulary: QUEUED, RUNNING or EXITED (finished, whatever the way)."""
    if state in QUEUED:
        return JobState.QUEUED
    if state in RUNNING:
        return JobState.RUNNING
    if state in FINAL:
        return JobState.EXITED
    return JobState.RUNNING  # a state this Slurm added later: not finished as far as we know


def host_of(nodes: str | None) -> str | None:
    """The first host of a node list (``gpu[01-02]`` -> ``gpu01``): where the batch script ran."""
    if not nodes:
        return None
    m = re.match(r"([^\[,]+)(?:\[(\d+))?", nodes)
    if not m:
        return nodes
    return m.group(1) + (m.group(2) or "")
