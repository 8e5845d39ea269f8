"""Backends run attempts: ``submit``, ``poll`` (all handles at once), ``find`` and ``cancel``."""

from tianluo.backends.base import Backend, JobFacts, JobSpec


def get_backend(name: str, run_dir, options=None) -> Backend:
    """The backend a plan names."""
    if name == "local":
        from tianluo.backends.local import LocalBackend

        return LocalBackend(run_dir)
    if name == "slurm":
        from tianluo.backends.slurm import SlurmBackend

        return SlurmBackend(run_dir, options)
    raise ValueError(f"unknown backend {name!r}")


__all__ = ["Backend", "JobFacts", "JobSpec", "get_backend"]
