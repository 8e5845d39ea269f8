"""Backends run attempts: ``submit``, ``poll`` (all handles at once), ``find`` and ``cancel``.

``registry.REGISTRY`` lists them; ``registry.open_backend(plan.backend, run_dir)`` opens the one
a plan locked. ``base`` holds the protocol, the facts, the options base and the capabilities.
"""

from tianluo.backends.base import Backend, Capabilities, JobFacts, JobSpec

__all__ = ["Backend", "Capabilities", "JobFacts", "JobSpec"]
