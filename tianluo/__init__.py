"""tianluo: a quiet babysitter for long-running, multi-stage jobs."""

__version__ = "0.1.0"
