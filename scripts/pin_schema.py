#!/usr/bin/env python3
"""The pins of state.json's schema, made from the models: tests/states/v<N>-defaults.json and v<N>-shape.json.

    .venv/bin/python scripts/pin_schema.py           # write both pins of this tianluo's SCHEMA_VERSION
    .venv/bin/python scripts/pin_schema.py --check   # exit 1, naming the records, if they differ

``v<N>-defaults.json`` is every record's defaults (states leave defaults out, so a changed
default changes what a stored state means); ``v<N>-shape.json`` is each record's sha256 of its
JSON Schema without descriptions (a field, a type or a constraint changed). Only the pins of
the current ``SCHEMA_VERSION`` are written; an older version's stay as its record.

Regenerate them only while no release has written schema N: once one has, a change to a
record is a new ``SCHEMA_VERSION``, a step in ``tianluo/models/migrate.py`` and stored states of the
old version (tests/states/README.md). tests/test_schema_migration.py holds the models to these
pins with the functions below.
"""

import argparse
import hashlib
import json
import sys
from pathlib import Path

from tianluo.models.model import SCHEMA_VERSION, state_json_schema

STATES = Path(__file__).resolve().parent.parent / "tests" / "states"


def defaults_now() -> dict:
    """Record name -> {field: default} of every record of state.json that has a default."""
    schema = state_json_schema()
    now = {}
    for name, d in [("RunState", schema)] + sorted(schema.get("$defs", {}).items()):
        props = {k: v["default"] for k, v in d.get("properties", {}).items() if "default" in v}
        if props:
            now[name] = props
    return now


def shape(node):
    """A schema without its descriptions: the shape state.json is read with."""
    if isinstance(node, dict):
        return {k: shape(v) for k, v in node.items() if k != "description"}
    if isinstance(node, list):
        return [shape(v) for v in node]
    return node


def shapes_now(pinned: set[str] | None = None) -> dict:
    """Record name -> sha256 of its shape; with ``pinned``, the plan's backend choice counts only the
    backends whose options record is in it (one registered later is left out)."""
    schema = json.loads(json.dumps(state_json_schema()))
    defs = schema.pop("$defs")
    backend = defs["Plan"]["properties"]["backend"]
    if pinned is not None:
        backend["oneOf"] = [m for m in backend["oneOf"] if m["$ref"].rsplit("/", 1)[1] in pinned]
        backend["discriminator"]["mapping"] = {k: v for k, v in backend["discriminator"]["mapping"].items()
                                               if v.rsplit("/", 1)[1] in pinned}
    out = {}
    for name, d in [("RunState", schema)] + sorted(defs.items()):
        out[name] = hashlib.sha256(json.dumps(shape(d), sort_keys=True).encode()).hexdigest()
    return out


def pins() -> dict[Path, str]:
    """The two pin files of this SCHEMA_VERSION and their text."""
    return {STATES / f"v{SCHEMA_VERSION}-{what}.json": json.dumps(doc, indent=1, sort_keys=True) + "\n"
            for what, doc in (("defaults", defaults_now()), ("shape", shapes_now()))}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a pin differs")
    args = parser.parse_args(argv)
    stale = []
    for path, text in pins().items():
        old = path.read_text() if path.exists() else None
        if old == text:
            print(f"{path.relative_to(STATES.parent.parent)}: unchanged")
            continue
        before, after = json.loads(old or "{}"), json.loads(text)
        names = sorted(name for name in set(before) | set(after) if before.get(name) != after.get(name))
        what = f" ({', '.join(names)})" if names and old is not None else ""
        if args.check:
            stale.append(f"{path.relative_to(STATES.parent.parent)}: differs from the models{what}")
            continue
        path.write_text(text)
        print(f"{path.relative_to(STATES.parent.parent)}: {'written' if old is None else 'rewritten'}{what}")
    for line in stale:
        print(line, file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
