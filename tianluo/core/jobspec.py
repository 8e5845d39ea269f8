"""From a recorded attempt to the JobSpec a backend launches or looks up."""

from pathlib import Path

from tianluo.backends.base import JobSpec
from tianluo.core.skips import missing_env
from tianluo.models.model import Attempt, RunState, split_stage_id
from tianluo.planning.spec_parts import Resources
from tianluo.planning.templating import param_env


def event_ticks(state: RunState) -> bool:
    """An unattended local run (a trigger is installed) ticks as soon as a job exits.

    Not on Slurm: the job's exit would start the tick on a compute node, inside the job's
    allocation, where Slurm kills what is left the moment the job ends.
    """
    trigger = state.trigger
    return (state.plan.backend.capabilities().event_ticks and trigger is not None and trigger.kind != "none"
            and trigger.removed_at is None)


def attempt_env(state: RunState, sid: str, attempt: Attempt) -> dict[str, str]:
    """The ``TIANLUO_PARAM_<name>`` variables the attempt's command reads: as recorded with the
    attempt; for an attempt recorded without them, the values its command was rendered with
    (the plan's, when it runs the planned command; else the entity's current ones)."""
    if attempt.env is not None:
        return dict(attempt.env)
    entity, _stage = split_stage_id(sid)
    params = state.entities[entity].params if attempt.command else state.plan.entities[entity].params
    return param_env({"entity": entity, **state.plan.fork_values, **params})


def command_identity(attempt: Attempt, planned_command: str) -> str:
    """What an attempt ran, for its failure fingerprint: the command and the values it read from
    its environment (after a degrade that changes such a value, the command text is the same)."""
    command = attempt.command or planned_command
    read = sorted((k, v) for k, v in (attempt.env or {}).items() if "${" + k + "}" in command)
    return command + "".join(f"\n{k}={v}" for k, v in read)


def _resources(planned: Resources | None, time_limit: float | None) -> Resources | None:
    """The stage's resources as the scheduler is asked for them: with the time limit a degrade raised."""
    if planned is None or time_limit is None:
        return planned
    return planned.model_copy(update={"time": time_limit})


def job_spec(state: RunState, run_dir: Path, sid: str, attempt: Attempt) -> JobSpec:
    """Everything needed to launch ``attempt`` again, identically, from state alone."""
    entity, stage = split_stage_id(sid)
    planned = state.plan.entities[entity].stages[stage]
    run_dir = Path(run_dir).resolve()
    adir = run_dir / attempt.dir
    return JobSpec(
        job_name=attempt.job_name,
        command=attempt.command or planned.command,
        poke=str(run_dir) if event_ticks(state) else None,
        workdir=state.plan.workdir,
        attempt_dir=str(adir),
        resources=_resources(planned.resources, state.stage(sid).time_limit),
        exclude_hosts=tuple(state.stage(sid).exclude_hosts),
        env={
            **attempt_env(state, sid, attempt),
            "TIANLUO_RUN_ID": state.run_id,
            "TIANLUO_RUN_DIR": str(run_dir),
            "TIANLUO_ENTITY": entity,
            "TIANLUO_STAGE": stage,
            "TIANLUO_ATTEMPT": str(attempt.n),
            "TIANLUO_ATTEMPT_DIR": str(adir),
            **gpu_env(attempt),
            **missing_env(state.stage(sid)),  # the owner unblocked it past a skipped need
        },
    )


def gpu_env(attempt: Attempt) -> dict[str, str]:
    """The GPUs an attempt was handed, as CUDA reads them: CUDA_VISIBLE_DEVICES by nvidia-smi index, with
    CUDA_DEVICE_ORDER=PCI_BUS_ID (CUDA's own default order, fastest first, need not be nvidia-smi's, and an
    index would then name another GPU). An attempt given none on a GPU host sees none ('')."""
    if attempt.gpus is None:
        return {}
    devices = ",".join(str(i) for i in attempt.gpus)
    return {"CUDA_VISIBLE_DEVICES": devices, "CUDA_DEVICE_ORDER": "PCI_BUS_ID", "TIANLUO_GPUS": devices}
