"""What one decision collects while it is made: the state being changed, time, actions, events."""

from datetime import datetime

from tianluo.ladder import DegradeHook
from tianluo.model import PlannedStage, RunState, split_stage_id
from tianluo.observations import Action, Observations
from tianluo.rules import fatal_rule_names, spec_rules
from tianluo.timefmt import iso


class Ctx:
    """Collects events and actions while one decision is made."""

    def __init__(self, state: RunState, now: datetime, degrade: DegradeHook | None, obs: Observations):
        self.state = state
        self.now = now
        self.degrade = degrade
        self.when = obs.when
        self.actions: list[Action] = []
        self.events: list[dict] = []
        self.rules = spec_rules(state.plan.rules)
        self.fatal_rules = fatal_rule_names(state.plan)

    def allowed(self, action: str) -> bool:
        return action in self.state.plan.authorization

    def planned(self, sid: str) -> PlannedStage:
        entity, stage = split_stage_id(sid)
        return self.state.plan.entities[entity].stages[stage]

    def event(self, kind: str, sid: str | None = None, message: str = "", **extra) -> None:
        ev: dict = {"ts": iso(self.now), "event": kind}
        if sid is not None:
            ev["entity"], ev["stage"] = split_stage_id(sid)
        ev["message"] = message
        ev.update({k: v for k, v in extra.items() if v is not None})
        self.events.append(ev)
