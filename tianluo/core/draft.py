"""What one decision collects while it is made: the state being changed, time, actions, events."""

from datetime import datetime

from tianluo.core.actions import Action
from tianluo.core.observations import Observations
from tianluo.core.stage_machine import Events
from tianluo.faults.run_rules import fatal_rule_names, spec_rules
from tianluo.models.model import Fault, Notice, RunState, split_stage_id
from tianluo.models.plan_model import PlannedStage


class Draft:
    """Collects events and actions while one decision is made."""

    def __init__(self, state: RunState, now: datetime, obs: Observations):
        self.state = state
        self.now = now
        self.when = obs.when
        self.space = obs.space  # the file systems of the stages that wait for free space, measured now
        self.seen = obs.stages  # what was seen of each stage (its checkpoints, for a rollback)
        self.partial = obs.partial  # the tick's budget ran out: what was not looked at waits for the next tick
        self.again = False  # a stage became ready that this tick did not look at: look again at once
        self.actions: list[Action] = []
        self.log = Events(now)  # the one event collector, shared with the stage machine's moves
        self.rules = spec_rules(state.plan.rules)
        self.fatal_rules = fatal_rule_names(state.plan)
        self.gpus = obs.gpus  # the host's GPUs as this tick read them (None: not a GPU host, or not read)
        self.gpu_faults: dict[str, Fault] = {}  # stage id -> the gpu_fault of the GPU its live attempt holds
        self.grants: dict = {}  # stage id -> gpu_pool.Grant or gpu_pool.Wait, for the stages due to start
        self.before: RunState | None = None  # the state decided on (decide copies a stage it shares before a change)
        self._told: set[tuple[int, str]] | None = None  # (channel, key) of the notices recorded (``tell``)

    @property
    def events(self) -> list[dict]:
        return self.log.items

    def allowed(self, action: str) -> bool:
        return action in self.state.plan.authorization

    def planned(self, sid: str) -> PlannedStage:
        entity, stage = split_stage_id(sid)
        return self.state.plan.entities[entity].stages[stage]

    def tell(self, kind: str, key: str, title: str, body: str, **where: str) -> None:
        """Record a notice of ``kind`` for each channel that wants it, once per (channel, ``key``): the shell
        sends it after the save (``RunState.notices``)."""
        state = self.state
        if not state.plan.notify:
            return
        if self._told is None:
            self._told = {(n.channel, n.key) for n in state.notices}
        for i, channel in enumerate(state.plan.notify):
            if channel.wants(kind) and (i, key) not in self._told:
                self._told.add((i, key))
                state.notices.append(Notice(key=key, kind=kind, channel=i, title=title[:300], body=body[:4000],
                                            at=self.now, **where))

    def event(self, kind: str, sid: str | None = None, message: str = "", **extra) -> None:
        self.log.add(kind, sid, message, **extra)
