"""tianluo.shell.hold_plain: ``tianluo hold`` without the models writes what the validated hold writes,
byte for byte, and declines (for the validated path) whatever it cannot vouch for."""

import gzip
import os
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import kill_everything_under, wait_for, write_spec
from forked_cli import run, start_run

from tianluo import commands
from tianluo.models.model import SCHEMA_VERSION, EntityState, RunState, StageState
from tianluo.shell import hold_plain as plain
from tianluo.shell.hold_plain import hold_plain
from tianluo.shell.store import RunStore

# a: running, and a stage waiting for it; b: done, then pending; c: failed once, waiting out its backoff
# (retry_wait), and a stage waiting for it; a float param pydantic writes its own way (0.00001)
SPEC = """\
name: plainhold
backend: local
interval: 10m
entities:
  a:
    params: {lr: 0.00001}
    stages:
      run: {run: "sleep 60"}
      next: {run: "true", needs: [run]}
  b:
    stages:
      first: {run: "true"}
      second: {run: "sleep 60", needs: [first]}
  c:
    stages:
      flaky: {run: "exit 3"}
      after: {run: "true", needs: [flaky]}
ladder:
  unknown: {retries: 2, backoff: [1h]}
success_gate: {all_done: true}
"""


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("plainhold")
    spec = write_spec(root / "proj", SPEC)
    run_dir = start_run(spec, root / "proj" / ".tianluo", root)
    wait_for(lambda: (run_dir / "attempts/c/flaky/1/exit.json").exists()
             and (run_dir / "attempts/b/first/1/exit.json").exists(), what="b.first and c.flaky ending")
    run("tick", "--run", run_dir, cwd=root, check=True)  # b.first succeeded, c.flaky waits to retry; b.second runs
    statuses = {f"{e}.{s}": st.status.value for e, ent in RunStore(run_dir).load().entities.items()
                for s, st in ent.stages.items()}
    assert statuses == {"a.run": "running", "a.next": "pending", "b.first": "succeeded", "b.second": "submitted",
                        "c.flaky": "retry_wait", "c.after": "pending"}, statuses
    # b.second's runner claims its folder after the tick (started.json, through a temporary file that is renamed):
    # the tests' copies of the template must not catch it half-way
    wait_for((run_dir / "attempts/b/second/1/started.json").exists, what="b.second's runner to claim its folder")
    yield root
    kill_everything_under(root)  # a.run and b.second sleep 60 s: waiting for them to end (settle) cost 15 s a run


def _copies(template: Path, tmp_path: Path) -> tuple[Path, Path]:
    out = []
    for side in ("plain", "full"):
        shutil.copytree(template / "proj", tmp_path / side, symlinks=True)
        home = tmp_path / side / ".tianluo"
        out.append(next(p for p in home.iterdir() if (p / "state.json").exists()))
    return out[0], out[1]


def _newest_snapshot(run_dir: Path) -> tuple[str, bytes]:
    name = max(os.listdir(run_dir / "snapshots"))
    return name, gzip.decompress((run_dir / "snapshots" / name).read_bytes())


@pytest.mark.parametrize("now", [datetime(2026, 12, 2, 8, 0, 0, tzinfo=UTC),
                                 datetime(2026, 12, 2, 8, 0, 0, 123456, tzinfo=UTC)])
@pytest.mark.parametrize("entity", [None, "c"])
def test_the_plain_hold_writes_what_the_validated_hold_writes(template, tmp_path, monkeypatch, entity, now):
    mine, theirs = _copies(template, tmp_path)
    reason = "naïve — the owner looks at lr 1e-05"
    got = hold_plain(mine, entity, reason, all_entities=entity is None, now=now)
    assert got is not None, "the plain path declined a state tianluo wrote"
    monkeypatch.setattr(commands, "utcnow", lambda: now)
    want = commands.hold_entity(theirs, entity, reason, all_entities=entity is None)
    assert (mine / "state.json").read_bytes() == (theirs / "state.json").read_bytes()
    assert (mine / "events.jsonl").read_bytes() == (theirs / "events.jsonl").read_bytes()
    assert _newest_snapshot(mine) == _newest_snapshot(theirs)
    assert sorted(os.listdir(mine / "snapshots")) == sorted(os.listdir(theirs / "snapshots"))
    assert (got.events, got.notes) == (want.events, want.notes)
    assert os.path.exists(mine / "report.html")
    held = RunStore(mine).load()
    assert held.entities["c"].stages["flaky"].status.value == "held"
    assert held.entities["c"].hold is not None and held.entities["c"].hold.reason == reason


def test_what_the_plain_hold_cannot_vouch_for_goes_the_validated_way(template, tmp_path):
    mine, _ = _copies(template, tmp_path)
    before = (mine / "state.json").read_bytes()
    assert hold_plain(mine, "nobody", "x") is None  # the validated path names the entities there are
    assert hold_plain(mine, None, "x") is None  # neither an entity nor --all: the validated path refuses
    assert b'"status": "retry_wait"' in before  # a small state is laid out with an indent (model.dump_state)
    (mine / "state.json").write_bytes(before.replace(b'"status": "retry_wait"', b'"status": "dreaming"'))
    assert hold_plain(mine, None, "x", all_entities=True) is None  # a status it does not know
    (mine / "state.json").write_bytes(before.replace(b'"schema_version": %d' % SCHEMA_VERSION, b'"schema_version": 3'))
    assert hold_plain(mine, None, "x", all_entities=True) is None  # an older schema: migrated on the validated path
    (mine / "state.json").write_bytes(before)
    first = hold_plain(mine, "c", "first look", now=datetime(2026, 12, 2, 8, tzinfo=UTC))
    assert first is not None
    held = (mine / "state.json").read_bytes()
    # c.flaky now carries c's hold, left out of the file: a new hold of c would write the old one out
    assert hold_plain(mine, None, "again", all_entities=True) is None
    assert (mine / "state.json").read_bytes() == held
    with RunStore(mine).lock():  # taken: the validated path waits for it and says who holds it
        assert hold_plain(mine, "a", "x") is None


def test_the_hold_command_takes_the_plain_path(template, tmp_path):
    mine, _ = _copies(template, tmp_path)
    code = ("import sys; from tianluo.cli import main; rc = main(sys.argv[1:]); "
            "assert 'tianluo.models.model' not in sys.modules, 'the models were imported'; sys.exit(rc)")
    proc = subprocess.run([sys.executable, "-c", code, "hold", "--all", "--reason", "r", "--run", str(mine)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "held" in proc.stdout and "a.run: attempt 1 keeps running" in proc.stdout
    assert all(ent.hold is not None for ent in RunStore(mine).load().entities.values())


def test_the_plain_holds_constants_are_the_models():
    assert plain.SCHEMA_VERSION == SCHEMA_VERSION
    assert plain.LOCK_WAIT_S == commands.LOCK_WAIT_S
    assert tuple(RunState.model_fields)[-len(plain.RUN_TAIL):] == plain.RUN_TAIL
    assert next(iter(StageState.model_fields)) == "status"
    assert tuple(EntityState.model_fields)[-1] == "hold"
