"""What a failure is: the built-in rulebook and the run's own rules, the structure reader (tracebacks to
their first cause, where they were raised), and the class and label they give. Pure."""

#: The spec's own rules are named ``spec-<i>`` after their place in its list (``run_rules.spec_rules``).
SPEC_RULE_PREFIX = "spec-"
