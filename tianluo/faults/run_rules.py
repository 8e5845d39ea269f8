"""The rules of one run: the spec's own, then the built-in rulebook. Pure."""

from functools import lru_cache

from tianluo.errors import StateError
from tianluo.faults import SPEC_RULE_PREFIX
from tianluo.faults.linear_re import UnsupportedPattern, check
from tianluo.faults.rulebook import BUILTIN_RULES, Rule, compile_patterns
from tianluo.models.plan_model import Plan
from tianluo.models.states import FaultClass
from tianluo.planning.spec import RuleSpec

#: Fault lines of these classes mean failure even when the process exited 0.
FATAL_CLASSES = frozenset({FaultClass.CODE, FaultClass.CONFIG})


def spec_rules(specs: list[RuleSpec]) -> tuple[Rule, ...]:
    """The spec's rules as rulebook rules, named ``spec-<i>`` after their place in the list."""
    return tuple(
        Rule(name=f"{SPEC_RULE_PREFIX}{i}", klass=r.klass, label=r.label, log=r.match.log, exit_code=r.match.exit_code,
             signal=r.match.signal, state=r.match.state, ended_by=r.match.ended_by)
        for i, r in enumerate(specs)
    )


def run_rules(plan: Plan) -> tuple[Rule, ...]:
    """Every rule of the run, in the order they are tried: the spec's first."""
    return spec_rules(plan.rules) + tuple(BUILTIN_RULES)


def patterns(plan: Plan) -> dict:
    """Rule name -> compiled log pattern (RE2), for the log scanner.

    Raises:
        StateError: A rule of an older plan that the linear-time engine refuses (plan time
            refuses those now); the run must be planned again.
    """
    try:
        return _compiled(run_rules(plan))
    except UnsupportedPattern:
        for i, rule in enumerate(plan.rules):
            try:
                check(rule.match.log or "")
            except UnsupportedPattern as exc:
                raise StateError(f"state.json: rules[{i}].match.log: {exc}; fix it in the spec and run "
                                 f"`tianluo start <spec> --replan`") from None
        raise


@lru_cache(maxsize=16)
def _compiled(rules: tuple[Rule, ...]) -> dict:
    return compile_patterns(rules)


#: Names of the built-in rules whose text a job prints and goes on from (``Rule.fatal`` false: fairseq's recovered
#: OOM, numpy's ABI banner). A line one of them matches fails no attempt that exited 0 with done_when holding,
#: whatever else it also matches (fairseq's line holds torch's own OOM message), unless the spec's own rule matches it.
WENT_ON_RULE_NAMES = frozenset(r.name for r in BUILTIN_RULES if r.log and not r.fatal)


def fatal_rule_names(plan: Plan) -> frozenset[str]:
    """Names of the rules whose lines mean failure even after exit 0 (config/code lines, unless a
    rule says its text is also printed as a warning: ``Rule.fatal``)."""
    return frozenset(r.name for r in run_rules(plan) if r.klass in FATAL_CLASSES and r.log and r.fatal)
