"""The rules of one run: the spec's own, then the built-in rulebook. Pure."""

import re
from functools import lru_cache

from tianluo.model import Plan
from tianluo.rulebook import BUILTIN_RULES, Rule, compile_patterns
from tianluo.spec import RuleSpec
from tianluo.states import FaultClass

#: Fault lines of these classes mean failure even when the process exited 0.
FATAL_CLASSES = frozenset({FaultClass.CODE, FaultClass.CONFIG})


def spec_rules(specs: list[RuleSpec]) -> tuple[Rule, ...]:
    """The spec's rules as rulebook rules, named ``spec-<i>`` after their place in the list."""
    return tuple(
        Rule(name=f"spec-{i}", klass=r.klass, label=r.label, log=r.match.log, exit_code=r.match.exit_code,
             signal=r.match.signal, state=r.match.state, ended_by=r.match.ended_by)
        for i, r in enumerate(specs)
    )


def run_rules(plan: Plan) -> tuple[Rule, ...]:
    """Every rule of the run, in the order they are tried: the spec's first."""
    return spec_rules(plan.rules) + tuple(BUILTIN_RULES)


def patterns(plan: Plan) -> dict[str, re.Pattern]:
    """Rule name -> compiled log pattern, for the log scanner."""
    return _compiled(run_rules(plan))


@lru_cache(maxsize=16)
def _compiled(rules: tuple[Rule, ...]) -> dict[str, re.Pattern]:
    return compile_patterns(rules)


def fatal_rule_names(plan: Plan) -> frozenset[str]:
    """Names of the rules whose lines mean failure even after exit 0."""
    return frozenset(r.name for r in run_rules(plan) if r.klass in FATAL_CLASSES and r.log)
