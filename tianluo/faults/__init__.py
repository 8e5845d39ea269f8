"""What a failure is: the built-in rulebook and the run's own rules, the structure reader (tracebacks to
their first cause, where they were raised), and the class and label they give. Pure."""
