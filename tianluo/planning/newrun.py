"""Run folders: create one from a spec at start, and find the one a command means."""

import os
import re
import shutil
from datetime import datetime
from pathlib import Path

from tianluo import __version__
from tianluo.backends.registry import kind
from tianluo.core.events import Kind
from tianluo.core.events import event as new_event
from tianluo.core.holds import hold_stage
from tianluo.errors import TianluoError
from tianluo.models.model import EntityState, RunState, StageState
from tianluo.models.plan_model import PreAuthorizedDecision
from tianluo.planning import answers
from tianluo.planning.forks import derive
from tianluo.planning.host_spec import RESOLVED_HOST
from tianluo.planning.plan import build_plan, render_plan_md
from tianluo.planning.runpath import DEFAULT_HOME, check_home, home_dir, resolve_run  # noqa: F401 (newrun.resolve_run)
from tianluo.planning.spec_checks import load_spec
from tianluo.shell import fsio, runfs
from tianluo.shell.fsio import atomic_write
from tianluo.shell.gcpause import paused_gc
from tianluo.shell.host_check import resolve_host
from tianluo.shell.store import STATE, RunStore
from tianluo.timefmt import iso


def slug(name: str) -> str:
    text = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return text[:40].strip("-") or "run"


EXIT_OPEN_FORKS = 3


def check_plan_files(home: Path, name: str) -> None:
    """The home and ``plans/<slug>/`` (answers.json, plan.md) of spec ``name`` are the caller's alone.

    A home that does not exist yet has nothing to check.
    """
    if not os.path.lexists(home):
        return
    check_home(home)
    sub = slug(name)
    runfs.check_plans(home, [sub])
    for leaf in ("answers.json", "plan.md"):
        runfs.check_plans(home, [sub, leaf], file=True)


def plan_doc_path(home: Path, name: str) -> Path:
    return home / "plans" / slug(name) / "plan.md"


def answers_path(home: Path, name: str) -> Path:
    return home / "plans" / slug(name) / "answers.json"


def initial_state(run_id: str, plan, now: datetime, decisions: list | None = None) -> RunState:
    entities = {}
    for ename, entity in plan.entities.items():
        stages = {}
        for sname, planned in entity.stages.items():
            stage = StageState()
            if planned.start_held:
                hold_stage(stage, by="human", reason="you chose to hold it at plan time; release it to run",
                           at=now, analysis=None)
            stages[sname] = stage
        entities[ename] = EntityState(stages=stages, params=dict(entity.params))
    return RunState(run_id=run_id, created_at=now, tianluo_version=__version__, plan=plan, entities=entities,
                    pre_authorized_decisions=decisions or [])


def lock_plan(spec_path: Path, home: Path, now: datetime, accept_defaults: bool = False):
    """The spec and its answers as a plan ready to lock: ``(plan, forks, decisions)``.

    Raises:
        SpecError: a bad spec.
        TianluoError: exit 3 while forks are open (unless ``accept_defaults``).
    """
    spec, _ = load_spec(spec_path)
    forks = derive(spec)
    check_plan_files(home, spec.name)  # a planted answers.json is refused, never used
    book = answers.current(forks, answers.load(answers_path(home, spec.name)))
    if accept_defaults:
        book = answers.with_defaults(forks, book, now)
    still_open = answers.open_forks(forks, book)
    if still_open:
        listed = "; ".join(f"{qid} ({fork.type}): {fork.question}" for qid, fork in still_open)
        raise TianluoError(f"{spec_path}: {len(still_open)} decision fork(s) are open: {listed}. Answer them with "
                           "`tianluo plan SPEC --answer Q1=...`, or start with --accept-defaults",
                           exit_code=EXIT_OPEN_FORKS)
    decisions = [
        PreAuthorizedDecision(qid=qid, key=fork.key, type=fork.type, question=fork.question,
                              answer=book[fork.key].value, by=book[fork.key].by, at=book[fork.key].at)
        for qid, fork in answers.qids(forks).items()
    ]
    return build_plan(spec, Path(spec_path), {d.key: d.answer for d in decisions}), forks, decisions


def with_resolved(plan, locked):
    """``plan`` with what ``locked`` already learned from the cluster (accounting, conf) where it left them open.

    ``plan --diff`` and ``start --replan`` compare with, or carry over, a locked plan: what
    ``start`` resolved is not a change, and need not be asked of Slurm again.
    """
    if plan.backend.kind != locked.backend.kind:
        return plan
    kept = kind(plan.backend.kind).keep_resolved(plan.backend, locked.backend)
    update: dict = {"backend": kept}
    if plan.host is not None and locked.host is not None:  # what start found on the host is not a change
        update["host"] = plan.host.model_copy(update={k: getattr(locked.host, k) for k in RESOLVED_HOST})
    return plan.model_copy(update=update)


def edited_spec(run_dir: Path, now: datetime):
    """The run's spec file as edited since the run was locked, reviewed against its locked plan
    (``replan_review.Edited``); None when the file is gone or has the bytes the run was locked from.

    Read by the human's commands (``release``) only; a tick never reads the spec.
    """
    import hashlib

    from tianluo.planning import replan_review
    from tianluo.planning.yamlsource import SPEC_MAX_BYTES, read_capped

    state = RunStore(run_dir).load()
    path = Path(state.plan.spec_file)
    try:
        if hashlib.sha256(read_capped(path, SPEC_MAX_BYTES, "tianluo.yaml")).hexdigest() == state.plan.spec_sha256:
            return None
    except TianluoError:
        return None  # gone, or not readable: nothing to compare (a run may outlive its spec)
    home = run_dir.resolve().parent
    named = "" if home == path.parent / DEFAULT_HOME else str(home)
    try:
        plan, _, _ = lock_plan(path, home, now, accept_defaults=True)
    except TianluoError as exc:
        return replan_review.Edited(spec=str(path), again={}, error=str(exc), home=named)
    seen = replan_review.review(state, with_resolved(plan, state.plan))
    return replan_review.Edited(spec=str(path), again=seen.again, home=named)


def resolve_scheduler(plan, spec_path: Path):
    """The plan with what its backend learns once, at ``start``, from the cluster (Slurm: where
    finished jobs are kept, when the spec says ``accounting: auto``; the SLURM_CONF of this shell).

    Only ``start`` (a new run, or a replan) asks; ``plan`` never does.

    Raises:
        TianluoError: the scheduler did not answer; the run is not started on guesses.
    """
    resolved = kind(plan.backend.kind).resolve_at_start(plan.backend, spec_path)
    plan = plan if resolved is plan.backend else plan.model_copy(update={"backend": resolved})
    return resolve_host(plan, spec_path)  # the local host: a GPU host or not, asked of nvidia-smi once


def runs_of(home: Path, name: str) -> list[tuple[Path, RunState]]:
    """The runs of the spec named ``name`` under the home, newest last, each with its state.

    A run whose state cannot be read is left out, and so is one removed while they are looked
    at (listed, then gone: ``rm -r`` of an old run as a command starts).

    Raises:
        UnsafePath: someone else's or a tampered run folder is news, not something to step around.
    """
    out = []
    for run_dir in sorted(p for p in home.glob(f"*-{slug(name)}*") if (p / STATE).is_file()):
        try:
            state = RunStore(run_dir).load()
        except fsio.UnsafePath:
            if not os.path.lexists(run_dir / STATE):
                continue  # gone since it was listed
            raise
        except TianluoError:
            continue
        if state.plan.name == name:
            out.append((run_dir, state))
    return out


def active_runs(home: Path, name: str) -> list[Path]:
    """Runs of the spec named ``name`` under the home that are still running or blocked, newest last."""
    return [run_dir for run_dir, state in runs_of(home, name) if state.phase.value in ("running", "blocked")]


def agent_override(command: str | None, timeout: str | None) -> dict | None:
    """``start --agent COMMAND [--agent-timeout DURATION]`` checked as the spec's ``agent:`` would be.

    Returns the keys to set in the plan's agent (None: nothing given).

    Raises:
        TianluoError: one line naming the option and what it accepts (exit 2).
    """
    if command is None and timeout is None:
        return None
    from pydantic import ValidationError

    from tianluo.planning.spec_parts import AgentSpec

    given = {k: v for k, v in (("command", command), ("timeout", timeout)) if v is not None}
    try:
        checked = AgentSpec.model_validate({"command": "true", **given})
    except ValidationError as exc:
        err = exc.errors()[0]
        option = "--agent" if err["loc"] and err["loc"][0] == "command" else "--agent-timeout"
        value = given.get(str(err["loc"][0])) if err["loc"] else None
        msg = str(err["msg"]).removeprefix("Value error, ")
        if option == "--agent" and not (command or "").strip():
            msg = "an empty command"
        raise TianluoError(f"{option} {value!r}: {msg}"
                           + ("; e.g. --agent-timeout 5m (1s to 1h)" if option == "--agent-timeout" else
                              "; give the agent's command line as one argument, e.g. --agent 'my-agent --json'")) \
            from None
    return {k: getattr(checked, k) for k in given}


def with_agent(plan, override: dict | None, spec_path: Path):
    """``plan`` with the agent of ``start --agent`` set over the spec's (locked into state.json with it)."""
    if not override:
        return plan
    if plan.agent is None and "command" not in override:
        raise TianluoError(f"{spec_path}: --agent-timeout needs an agent: give --agent COMMAND too, or add "
                           "agent: {command: ...} to the spec")
    from tianluo.planning.spec_parts import AgentSpec

    base = plan.agent.model_dump() if plan.agent is not None else {}
    return plan.model_copy(update={"agent": AgentSpec.model_validate({**base, **override})})


def create_run(spec_path: Path, home: Path, now: datetime, accept_defaults: bool = False,
               new: bool = True, agent: dict | None = None) -> Path:
    """Lock the spec and its answers into a new run folder's state.json; write plan.md there.

    Args:
        new: Start a new run even while another run of this spec is active. With False, an
            active run is an error that says how to see the changes and carry the run over.

    Raises:
        SpecError: a bad spec. TianluoError: exit 3 while forks are open (unless
        ``accept_defaults``) or another run of this spec is active (unless ``new``).

    Returns:
        The new run folder ``<home>/<YYYYMMDD-HHMMSS>-<slug>``.
    """
    with paused_gc(freeze=True):  # a million objects at 10,000 stages; start is a one-shot command
        return _create_run(spec_path, home, now, accept_defaults, new, agent)


def _create_run(spec_path: Path, home: Path, now: datetime, accept_defaults: bool, new: bool,
                agent: dict | None = None) -> Path:
    plan, forks, decisions = lock_plan(spec_path, home, now, accept_defaults)
    plan = with_agent(plan, agent, spec_path)
    if plan.agent is not None and (shared := runfs.shared_folder(plan.workdir)):
        raise TianluoError(f"{spec_path}: agent: the agent runs in {plan.workdir}, and {shared}; not started: "
                           f"`chmod go-w` it, or keep the project in a folder of yours")
    plan = resolve_scheduler(plan, spec_path)
    if not new:
        for other in active_runs(home, plan.name):
            locked = RunStore(other).load().plan
            same = locked.spec_sha256 == plan.spec_sha256
            what = "from the same spec" if same else "from an earlier version of this spec"
            raise TianluoError(
                f"{spec_path}: run {other.name} of {plan.name!r} is still {RunStore(other).load().phase.value}, "
                f"{what}; not starting a second one. See `tianluo plan {spec_path} --diff`, then "
                f"`tianluo start {spec_path} --replan` to carry it over, or --new for a separate run",
                exit_code=EXIT_OPEN_FORKS)
    check_home(home, create=True)
    base = f"{now:%Y%m%d-%H%M%S}-{slug(plan.name)}"
    run_dir, n = home / base, 1
    while True:
        try:
            os.mkdir(run_dir, fsio.DIR_MODE)
            break
        except FileExistsError:
            n += 1
            run_dir = home / f"{base}-{n}"
    fsio.fsync_dir(home)
    run_id = run_dir.name
    store = RunStore(run_dir)
    try:
        state = store.create(initial_state(run_id, plan, now, decisions), events=[new_event(
            Kind.RUN_CREATED, iso(now), f"run {run_id} created from {plan.spec_file}", spec_sha256=plan.spec_sha256,
        )])
        atomic_write(run_dir / "plan.md",
                     render_plan_md(state.plan, forks, {d.key: (d.answer, d.by) for d in decisions}))
    except BaseException:
        # Half a run folder would block the next start ("still running"): take it back.
        shutil.rmtree(run_dir, ignore_errors=True)
        raise
    return run_dir
