"""What one decision tells the imperative shell to do, as plain values (``Decision.actions``).

``decide`` never acts: it returns these, and ``tick`` carries them out in order after the new
state is saved (submit is record: the intent is in state.json before any launch).
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Submit:
    """Launch attempt ``attempt`` of a stage (its intent is already in the new state)."""

    stage_id: str
    attempt: int
    job_name: str


@dataclass(frozen=True)
class Cancel:
    """Signal what runs of an attempt: TERM first, KILL when the grace period is over."""

    stage_id: str
    attempt: int
    job_name: str
    reason: str
    signal: str = "TERM"  # TERM | KILL


@dataclass(frozen=True)
class WriteAnalysis:
    """Write failures/<entity>__analysis.md for the entity's held stages."""

    entity: str


@dataclass(frozen=True)
class Notify:
    """One thing to tell the owner: what ``notify.notify`` sends at once, outside a decision (a stalled
    lock), and what every channel is handed (``channels.send``), with the event kind, the run and the
    time filled in by the shell."""

    key: str
    title: str
    body: str
    entity: str = ""
    stage: str = ""
    analysis: str = ""
    kind: str = ""  # the event kind (a channel's ``on``)
    run_id: str = ""
    ts: str = ""


@dataclass(frozen=True)
class SendNotices:
    """Send the notifications the state records as due (``RunState.notices``): each already in state.json."""


@dataclass(frozen=True)
class CopyOutput:
    """Copy a finished stage's output to the destination chosen at plan time (never overwriting)."""

    stage_id: str
    source: str
    destination: str


@dataclass(frozen=True)
class MoveAside:
    """Carry out the stage's recorded checkpoint moves (``StageState.checkpoint_moves`` without an
    outcome): before its next attempt is launched, so the job resumes from the checkpoint before."""

    stage_id: str


@dataclass(frozen=True)
class ConsultAgent:
    """Ask the plan's agent about the stage's failed attempt: the call ``call`` recorded in
    ``StageState.consults`` (saved before it is made). The shell records the reply there; the
    next decision settles it (the tick runs again at once)."""

    stage_id: str
    call: int


@dataclass(frozen=True)
class WriteAgentDecision:
    """Write agent/<call>/decision.json: what the decision did with the agent's answer, and why."""

    stage_id: str
    call: int


Action = (Submit | Cancel | WriteAnalysis | Notify | SendNotices | CopyOutput | MoveAside | ConsultAgent
          | WriteAgentDecision)
