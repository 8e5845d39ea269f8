"""state.json written by an older tianluo, brought up to this one's schema: one function per version step.

A step takes the parsed JSON of version ``n`` and returns that of version ``n + 1``; it never
reads a file, the clock or the model, so an old state always migrates the same way. The
result is validated by the model as any state is. Nothing is written back here: the next
save writes the state in the current schema (and its snapshot keeps the old revision's
number, not its text).

Schema history:

1. Every field written out, defaults included (tianluo before schema 2).
2. Only what differs from a field's default is written (``exclude_defaults``); the defaults
   are those of ``templates/state-schema.json`` for version 2. The shape of every record is
   unchanged, so a schema-1 state is a valid schema-2 state once its version says so.
3. The plan's backend is one choice among the backends' options, told apart by ``kind``
   (``"backend": {"kind": "slurm", "accounting": "sacct", ...}``): schema 2's
   ``"backend": "slurm"`` with its options in ``"slurm"`` (or ``"backend"`` left out: local)
   becomes that one field.
4. GPU hosts and local time limits: new optional records and fields (the plan's ``host``, the
   GPUs recorded with each attempt and held by the run, its GPU pool, time-limit fields), each
   left out when it holds its default, and a left-out one means what schema 3 meant: a run that
   hands out no GPUs and enforces no local time limit. No schema-3 field changed its shape or
   its default, so a schema-3 state is a valid schema-4 state once its version says so. Before its
   release schema 4 also gained goodput's facts (an attempt's ``judged_at`` and ``progress``, a
   stage's ``released_holds``), optional the same way: left out, goodput counts no detection
   latency, no kept work of a failed attempt and no released hold. It also leaves out a held stage's
   ``hold`` (and then its ``reason``) where it is the one its entity's human hold puts on each stage
   (``model.entity_stage_hold``): 10,000 stages held by ``hold --all`` write it once, on the entity.
"""

from collections.abc import Callable

from tianluo.models.model import SCHEMA_VERSION


class NewerSchema(ValueError):
    """The state was written by a newer tianluo than this one."""


def v1_to_v2(raw: dict) -> dict:
    """Schema 1 wrote every default; schema 2 reads a written default as it reads a left-out one."""
    raw["schema_version"] = 2
    return raw


def v2_to_v3(raw: dict) -> dict:
    """``plan.backend`` (a name, left out for local) and ``plan.slurm`` become ``plan.backend: {kind, ...}``."""
    plan = raw.get("plan")
    if isinstance(plan, dict):
        name = plan.pop("backend", "local")
        options = plan.pop("slurm", None)
        if isinstance(name, str):
            backend = {"kind": name}
            if name == "slurm" and isinstance(options, dict):
                backend.update(options)
            if backend != {"kind": "local"}:  # schema 3 leaves the default out, as schema 2 did
                plan["backend"] = backend
        else:  # not a name: left for the model to refuse, as it would have been in schema 2
            plan["backend"] = name
    raw["schema_version"] = 3
    return raw


def v3_to_v4(raw: dict) -> dict:
    """Schema 4 only adds optional records and fields (GPUs, the plan's host, time limits); left out, they
    mean what schema 3 meant (no GPUs handed out, no local time limit), so only the version changes."""
    raw["schema_version"] = 4
    return raw


STEPS: dict[int, Callable[[dict], dict]] = {1: v1_to_v2, 2: v2_to_v3, 3: v3_to_v4}
OLDEST = min(STEPS)


def version_of(raw: dict) -> int:
    """The state's ``schema_version``.

    Raises:
        NewerSchema: newer than this tianluo. ValueError: missing or not a known version.
    """
    version = raw.get("schema_version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ValueError(f"schema_version is {version!r}, expected a number from {OLDEST} to {SCHEMA_VERSION}")
    if version > SCHEMA_VERSION:
        raise NewerSchema(newer_message(version))
    if version < OLDEST:
        raise ValueError(f"schema_version is {version}, older than any this tianluo reads ({OLDEST} to "
                         f"{SCHEMA_VERSION})")
    return version


def newer_message(version: int) -> str:
    return (f"schema_version {version} is newer than this tianluo understands ({SCHEMA_VERSION}); upgrade "
            "tianluo to the version that wrote it (the file was left as it is)")


def upgrade(raw: dict) -> dict:
    """``raw`` (parsed state.json of any version this tianluo reads) in the current schema.

    Raises:
        NewerSchema, ValueError: as :func:`version_of`.
    """
    version = version_of(raw)
    while version < SCHEMA_VERSION:
        raw = STEPS[version](raw)
        version += 1
        assert raw.get("schema_version") == version, f"migration step {version - 1} -> {version} is wrong"
    return raw
