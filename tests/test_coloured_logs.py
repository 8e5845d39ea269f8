"""Coloured logs under real ticks: a job's stderr full of terminal escapes is read as its words.

Each job prints one of tests/coloured_logs/*.log (what loguru, rich and better_exceptions really
printed for a trainer's failure; the folder's README says how they were made) and exits 1, as the
trainer did. tianluo must name each failure as it names the plain one, and its evidence must be plain
text, with no escape left to reach a terminal, a prompt or a notification.
"""

import sys
from pathlib import Path

import pytest
from conftest import read_state, start_run, tick_until, write_spec

pytestmark = pytest.mark.integration

LOGS = sorted((Path(__file__).parent / "coloured_logs").glob("*.log"))
NAMED = {"key": ("code", "key_error"), "missing": ("config", "missing_file")}


def test_the_folder_holds_every_library_and_fault():
    assert len(LOGS) == 6 and all(b"\x1b[" in p.read_bytes() for p in LOGS)


def test_every_coloured_failure_is_named_as_the_plain_one_with_plain_evidence(tmp_path):
    proj = tmp_path / "proj"
    entities = "".join(
        f"  e{i}:\n    stages:\n      train:\n"
        f"        run: {sys.executable} -c \"import sys; sys.stderr.buffer.write(open(sys.argv[1], 'rb').read());"
        f" sys.exit(1)\" {log}\n"
        for i, log in enumerate(LOGS))
    spec = write_spec(proj, f"name: colours\nbackend: local\ninterval: 10m\nentities:\n{entities}")
    run_dir = start_run(spec, proj / ".tianluo", proj)
    tick_until(run_dir, proj, phases=("blocked",), timeout=120, pace=0.5)
    state = read_state(run_dir)
    for i, log in enumerate(LOGS):
        stage = state["entities"][f"e{i}"]["stages"]["train"]
        klass, label = NAMED[log.stem.rsplit("-", 1)[1]]
        for attempt in stage["attempts"]:
            fault = attempt["fault"]
            assert (fault["class"], fault["label"]) == (klass, label), (log.name, fault)
            assert "\x1b" not in fault["evidence"], (log.name, fault["evidence"])
        # A bug is held at once; a setup gets the ladder's one config retry, then is held.
        assert stage["status"] == "held", (log.name, stage["status"])
        assert len(stage["attempts"]) == (1 if klass == "code" else 2), (log.name, stage["attempts"])
