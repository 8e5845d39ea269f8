"""templates/state-schema.json is generated from the state model and must not go stale."""

import json
from pathlib import Path

from tianluo.models.model import SCHEMA_VERSION, state_json_schema

SCHEMA_FILE = Path(__file__).resolve().parents[1] / "templates" / "state-schema.json"


def test_committed_schema_matches_the_model():
    committed = json.loads(SCHEMA_FILE.read_text())
    assert committed == state_json_schema(), (
        "templates/state-schema.json is stale; regenerate it with "
        "`tianluo schema > templates/state-schema.json`"
    )


def test_schema_pins_the_schema_version():
    schema = state_json_schema()
    assert schema["properties"]["schema_version"]["const"] == SCHEMA_VERSION
    assert "schema_version" in schema["properties"]
    assert {"plan", "entities", "phase", "gate"} <= set(schema["properties"])
