"""The plan: what ``tianluo start`` locks from a spec, and state.json keeps as ``plan``.

Three kinds of types, kept apart: the spec (``tianluo.planning.spec``, ``tianluo.planning.spec_parts``: the
input, as the owner wrote it), the plan (this module: what a run is held to, read back from
every state.json), and the run's own state (``tianluo.models.model``: attempts, holds, the gate,
what the ticks learned). ``tianluo.planning.plan.build_plan(spec, spec_path, decisions)`` is the one
conversion from spec to plan; nothing else makes a Plan from a spec.

Where each field of the plan comes from (``build_plan``):

- ``Plan.name``, ``interval``, ``max_attempts`` (or its default from the stage count),
  ``cancel_grace``, ``agent``: the spec's fields of those names.
- ``Plan.backend``: the spec's ``backend`` (``slurm:`` folded in); ``newrun`` then completes it
  with the backend kind's ``resolve_at_start`` (Slurm's accounting and slurm.conf, learned at
  start), or keeps what an earlier start learned (``keep_resolved``, on ``--replan``).
- ``workdir``, ``spec_file``, ``spec_sha256``: where the spec was read from, and its bytes.
- ``entities``: per entity its ``params``, and per stage a ``PlannedStage``: ``run`` and
  ``variants`` as written; ``command`` is ``run`` rendered with the entity's params and the
  answers to the spec's own forks (``fork_values``); ``done_when``, ``output``,
  ``progress.file``, ``logs``, ``checkpoints`` and ``when``'s metric file with their
  placeholders filled in; ``output.destination`` from an ``output`` fork's answer if given;
  ``needs`` qualified (``<entity>.<stage>``) less those a ``cross`` fork answered ``go``;
  ``degrade``: for each fault, the one change a ``risk`` fork pre-authorised (and the
  gpu_fault host exclusion the backend may take); ``branch`` from a ``branch`` fork's answer;
  ``start_held`` from a ``resource`` fork answered ``hold``; ``expected``, ``when``,
  ``resources`` as written.
- ``success_gate``, ``rules``, ``notify``: the spec's, as they are (spec_parts' value types).
- ``ladder``: the spec's ``ladder`` over the built-in budgets (``ladder.resolve_budgets``).
- ``fork_values``: the answers to the spec's ``forks``; ``authorization``: its allow list.

The answers themselves are kept beside the plan, in ``RunState.pre_authorized_decisions``
(``PreAuthorizedDecision``, made by ``newrun`` from the plan's forks).

The value types the plan shares with the spec (``DoneWhen``, ``Progress``, ``Output``,
``SuccessGate``, ``RuleSpec``, ``NotifySpec``, ``AgentSpec``, ``DegradeAction``, ``When``,
``Resources``, the backends' options) live in ``tianluo.planning.spec_parts`` (and the backends):
state.json's schema depends on them, and tests/test_schema_migration.py pins their defaults
and shape, so a change made for the spec's sake cannot change state.json without a
``SCHEMA_VERSION`` bump.
"""

from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tianluo.backends.registry import BackendChoice, LocalOptions
from tianluo.models.states import FaultClass
from tianluo.planning.host_spec import HostPlan
from tianluo.planning.spec_parts import (
    AgentSpec,
    CheckpointGlob,
    DegradeAction,
    DoneWhen,
    HeartbeatSpec,
    NotifySpec,
    Output,
    Progress,
    Resources,
    RuleSpec,
    Scalar,
    SuccessGate,
    When,
)
from tianluo.planning.templating import param_env, render

# --- the base of every state.json record -------------------------------------------------


def _list(**kw: Any) -> Any:
    """An empty-list default made fresh for each record (a literal ``[]`` is deep-copied by pydantic for each
    record that leaves the field out: ~40 copies a stage when a state of schema 2 is read)."""
    return Field(default_factory=list, json_schema_extra={"default": []}, **kw)


def _dict(**kw: Any) -> Any:
    """An empty-dict default made fresh for each record (see ``_list``)."""
    return Field(default_factory=dict, json_schema_extra={"default": {}}, **kw)


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


# --- the locked plan -------------------------------------------------------------------


class PlannedStage(Record):
    command: str = Field(default="", description="The shell command with placeholders substituted and quoted. "
                         "Left out of state.json when it is 'run' with the entity's planned values pasted in as "
                         "text (model.derived_command); filled in when read.")
    needs: list[str] = _list(description="Qualified stage ids: '<entity>.<stage>'.")
    done_when: DoneWhen | None = None
    progress: Progress | None = None
    output: Output | None = None
    expected: float | None = Field(default=None, description="Expected duration in seconds.")
    logs: list[str] = _list(description="Globs of extra log files (per-rank logs).")
    checkpoints: CheckpointGlob | None = Field(default=None, description="The glob of its checkpoints, relative "
                                               "to workdir, placeholders filled in.")
    run: str = Field(default="", description="The command template, rendered again after a degrade.")
    variants: dict[str, str] = _dict(description="Other command templates a degrade may switch to.")
    degrade: dict[str, DegradeAction] = _dict(
        description="Fault label or class -> the change pre-authorised at plan time.")
    when: When | None = None
    branch: Literal["metric", "take", "skip"] = Field(
        default="metric", description="A branch stage follows its metric, or was chosen (take) or not (skip).")
    start_held: bool = Field(default=False, description="The owner chose 'hold' for it at plan time.")
    resources: Resources | None = None


class PlannedEntity(Record):
    params: dict[str, Scalar] = _dict()
    stages: dict[str, PlannedStage]


class Budget(Record):
    retries: int
    backoff: list[float] = Field(description="Seconds to wait before retry 1, 2, ...; the last repeats.")


class Plan(Record):
    name: str
    backend: BackendChoice = Field(default_factory=LocalOptions, json_schema_extra={"default": {"kind": "local"}},
                                   description="The backend and its options, as start locked them (cluster facts "
                                   "such as Slurm's accounting resolved then).")
    interval: float
    workdir: str = Field(description="Absolute folder jobs run in (the spec's folder).")
    spec_file: str = Field(description="Where the spec was read from at start; never read again.")
    spec_sha256: str
    entities: dict[str, PlannedEntity]
    success_gate: SuccessGate
    ladder: dict[FaultClass, Budget]
    rules: list[RuleSpec] = _list()
    notify: list[NotifySpec] = _list()
    heartbeat: HeartbeatSpec | None = Field(default=None, description="The URL every tick pings (None: no heartbeat).")
    max_attempts: int = 100
    cancel_grace: float = 30.0
    fork_values: dict[str, str] = _dict(description="Answers to the spec's own forks: {<name>}.")
    authorization: list[str] = ["submit", "resubmit", "cancel_hung", "degrade"]
    agent: AgentSpec | None = Field(default=None, description="The agent rung's command (None: the rung is off).")
    host: HostPlan | None = Field(default=None, description="The local backend's host: its GPUs as start found them "
                                  "and the spec's host: (None: a run from before GPUs were handed out).")

    @model_validator(mode="after")
    def _fill_commands(self) -> "Plan":
        """A planned command that state.json left out (``derived_command``), filled back in."""
        for ename, entity in self.entities.items():
            values = None
            for stage in entity.stages.values():
                if not stage.command and stage.run:
                    values = values if values is not None else plan_values(self, ename)
                    stage.command = derived_command(stage.run, values)
        return self


class PreAuthorizedDecision(Record):
    """An answer given at plan time; the run acts on it without asking again."""

    qid: str
    key: str
    type: str = Field(default="", description="Left out of state.json when it is the key's first part "
                      "('cross' of 'cross:...'); filled in when read.")
    question: str = Field(default="", description="Left out of state.json when it is the standard question of "
                          "its key (model.derived_question: a cross-entity need); filled in when read.")
    answer: str
    by: str
    at: str

    @model_validator(mode="after")
    def _fill_derived(self) -> "PreAuthorizedDecision":
        if not self.type:
            self.type = self.key.split(":", 1)[0]
        if not self.question:
            self.question = derived_question(self.key)
            if not self.question:
                raise ValueError(f"decision {self.qid}: no question, and none follows from its key {self.key!r}")
        return self


def derived_question(key: str) -> str:
    """The question ``forks`` asks for a fork of this key, where it follows from the key alone ('' if not):
    one a stage of a wide fan-in asks for each entity it waits for (a 2,000-wide sweep: 2,000 of them)."""
    kind, _, rest = key.partition(":")
    sid, _, tid = rest.partition(":")
    if kind != "cross" or not sid or not tid or ":" in tid:
        return ""
    return f"{sid} waits for {tid}, a stage of another entity: wait for it, or go without it?"


def plan_values(plan: Plan, entity: str) -> dict:
    """The placeholder values of an entity's planned commands (``decide.command_values`` before any degrade)."""
    return {"entity": entity, **plan.fork_values, **plan.entities[entity].params}


def derived_command(run: str, values: dict) -> str:
    """``run`` with every placeholder's value pasted in as text: the planned command when every value is
    inert (no shell quoting, no environment reference); the state keeps any other command in full."""
    return _derived_command(run, tuple(values.items()))


@lru_cache(maxsize=1 << 15)
def _derived_command(run: str, items: tuple) -> str:
    """Memoised (a pure function of its arguments): every save of a 10,000-stage state asks again."""
    return render(run, dict(items), shell=False, keep_unknown=True)


def plan_env(plan: Plan, entity: str) -> dict[str, str]:
    """The environment of an attempt that runs the planned command: the values it was rendered with."""
    return param_env(plan_values(plan, entity))
