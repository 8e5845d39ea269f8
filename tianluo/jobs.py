"""From a recorded attempt to the JobSpec a backend launches or looks up."""

from pathlib import Path

from tianluo.backends.base import JobSpec
from tianluo.model import Attempt, RunState, split_stage_id


def event_ticks(state: RunState) -> bool:
    """An unattended local run (a trigger is installed) ticks as soon as a job exits.

    Not on Slurm: the job's exit would start the tick on a compute node, inside the job's
    allocation, where Slurm kills what is left the moment the job ends.
    """
    trigger = state.trigger
    return (state.plan.backend == "local" and trigger is not None and trigger.kind != "none"
            and trigger.removed_at is None)


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
        resources=planned.resources,
        exclude_hosts=tuple(state.stage(sid).exclude_hosts),
        env={
            "TIANLUO_RUN_ID": state.run_id,
            "TIANLUO_RUN_DIR": str(run_dir),
            "TIANLUO_ENTITY": entity,
            "TIANLUO_STAGE": stage,
            "TIANLUO_ATTEMPT": str(attempt.n),
            "TIANLUO_ATTEMPT_DIR": str(adir),
        },
    )
