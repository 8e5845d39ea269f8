"""state.json schema 2 (only what differs from the defaults), schema 1 migrated, and bounded snapshots.

The schema-1 states in tests/states/ were written by tianluo before schema 2 (see the README
there): they are loaded with today's tianluo, written back, and ticked for real.
"""

import gzip
import json
import os
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from conftest import cli, clean_env

from tianluo import migrate
from tianluo.decide import attempt_dir, job_name
from tianluo.errors import StateError
from tianluo.model import (DONE_LAYERS, SCHEMA_VERSION, Handle, derived_command, dump_state, plan_values,
                           state_json_schema)
from tianluo.states import StageStatus
from tianluo.store import SNAPSHOT_CAP, RunStore, parse_state, read_snapshot, snapshot_revision
from tianluo.templating import param_env, render

STATES = Path(__file__).resolve().parent / "states"
V1 = sorted(STATES.glob("v1-*.json"))


def test_there_are_stored_v1_states():
    assert len(V1) >= 5
    for path in V1:
        assert json.loads(path.read_text())["schema_version"] == 1


def _without_later_defaults(full: dict) -> dict:
    """A full dump without the fields schema 2 gained later (the agent rung), when they hold their defaults."""
    assert full.pop("agent_calls") == 0 and full["plan"].pop("agent") is None
    gate = full["plan"]["success_gate"]  # how runs end (issue 14)
    assert full.pop("end") is None and gate.pop("checkpoint") == [] and gate.pop("on_end") == "leave"
    assert full["gate"].pop("checkpoint_reached_at") is None
    assert full.pop("notices") == []  # notifications recorded before they are sent (issue 14)
    for entity in full["entities"].values():
        for stage in entity["stages"].values():
            assert stage.pop("consults") == []
            for attempt in stage["attempts"]:
                assert attempt.pop("queue_notified") is False
    return full


@pytest.mark.parametrize("path", V1, ids=lambda p: p.stem)
def test_a_v1_state_loads_whole_and_is_written_back_in_v2(path):
    text = path.read_text()
    raw = json.loads(text)
    state = parse_state(text)
    # nothing of the v1 file is lost: the full dump of the migrated state is the v1 file, bar the version
    full = json.loads(state.model_dump_json(by_alias=True))
    assert full.pop("schema_version") == 2 and raw.pop("schema_version") == 1
    assert _without_later_defaults(full) == raw
    # written back in schema 2: the version first, defaults left out, and it reads back the same
    v2 = dump_state(state)
    assert v2.startswith('{\n "schema_version": 2,')
    assert len(v2) < 0.75 * len(text)
    assert '"tick_count": 0' not in v2 and '"launches": 1,' not in v2
    assert '"job_name"' not in v2 and '"dir"' not in v2  # derived: filled back in when read
    again = parse_state(v2)
    assert again == without_done_layers(state)
    assert dump_state(again) == v2


def without_done_layers(state):
    """``state`` as its schema-2 text reads back: a succeeded stage's diagnosis keeps only its verdict."""
    state = state.model_copy(deep=True)
    for entity in state.entities.values():
        for stage in entity.stages.values():
            if stage.status == StageStatus.SUCCEEDED and stage.diagnosis is not None:
                for layer in DONE_LAYERS:
                    setattr(stage.diagnosis, layer, None)
    return state


def test_migration_steps_cover_every_version():
    assert set(migrate.STEPS) == set(range(migrate.OLDEST, SCHEMA_VERSION))
    raw = {"schema_version": 1, "x": 1}
    assert migrate.upgrade(raw) == {"schema_version": 2, "x": 1}
    for bad in (None, "1", True, 0):
        with pytest.raises(ValueError, match="schema_version"):
            migrate.upgrade({"schema_version": bad})
    with pytest.raises(migrate.NewerSchema):
        migrate.upgrade({"schema_version": SCHEMA_VERSION + 1})


def test_the_v2_defaults_are_pinned():
    """Schema 2 leaves defaults out, so a changed default would change what every v2 state means."""
    schema = state_json_schema()
    now = {}
    for name, d in [("RunState", schema)] + sorted(schema.get("$defs", {}).items()):
        props = {k: v["default"] for k, v in d.get("properties", {}).items() if "default" in v}
        if props:
            now[name] = props
    pinned = json.loads((STATES / "v2-defaults.json").read_text())
    assert now == pinned, (
        "a default of a state.json field changed; states of schema 2 leave defaults out, so this changes "
        "what they mean: bump SCHEMA_VERSION and add a tianluo/migrate.py step that writes the old default "
        "into older states (if no release has written schema 2 yet, update tests/states/v2-defaults.json)")


def _install(tmp_path: Path, name: str, workdir: Path | None = None) -> Path:
    """A stored state as the state.json of a fresh run folder (0700, 0600, as tianluo makes them)."""
    raw = json.loads((STATES / name).read_text())
    if workdir is not None:
        raw["plan"]["workdir"] = str(workdir)
    home = tmp_path / "home"
    run_dir = home / raw["run_id"]
    run_dir.mkdir(parents=True)
    os.chmod(home, 0o700)
    os.chmod(run_dir, 0o700)
    (run_dir / "state.json").write_text(json.dumps(raw, indent=2) + "\n")
    os.chmod(run_dir / "state.json", 0o600)
    return run_dir


def test_a_v1_run_is_ticked_by_this_tianluo_and_saved_as_v2(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    run_dir = _install(tmp_path, "v1-demo-retrying.json", workdir=work)
    before = json.loads((run_dir / "state.json").read_text())
    proc = cli("tick", "--run", run_dir, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    text = (run_dir / "state.json").read_text()
    assert text.startswith('{\n "schema_version": 2,')
    state = parse_state(text)
    assert state.revision > before["revision"] and state.tick_count == before["tick_count"] + 1
    # the attempts the v1 state knew are all still there, with their handles
    for ename, entity in before["entities"].items():
        for sname, stage in entity["stages"].items():
            kept = state.entities[ename].stages[sname].attempts
            assert [a.n for a in kept[:len(stage["attempts"])]] == [a["n"] for a in stage["attempts"]]
            for old, new in zip(stage["attempts"], kept):
                assert (old["handle"] or {}).get("pid") == (new.handle.pid if new.handle else None)
    status = cli("status", "--run", run_dir, "--json", cwd=tmp_path)
    assert status.returncode == 0, status.stderr
    assert json.loads(status.stdout)["run_id"] == before["run_id"]
    _kill_runners(state)


def _kill_runners(state) -> None:
    for entity in state.entities.values():
        for stage in entity.stages.values():
            for attempt in stage.attempts:
                if attempt.handle and attempt.handle.pid and attempt.submitted_at and attempt.ended_at is None:
                    try:
                        os.killpg(attempt.handle.pid, 9)
                    except OSError:
                        pass


def test_a_finished_v1_run_reads_in_status_and_a_tick_leaves_it_alone(tmp_path):
    run_dir = _install(tmp_path, "v1-demo-complete.json")
    before = (run_dir / "state.json").read_bytes()
    for args in (["status", "--run", run_dir], ["status", "--run", run_dir, "--json"], ["tick", "--run", run_dir]):
        proc = cli(*args, cwd=tmp_path)
        assert proc.returncode == 0, (args, proc.stderr)
    assert (run_dir / "state.json").read_bytes() == before


def test_a_state_newer_than_this_tianluo_is_one_line_exit_2(tmp_path):
    run_dir = _install(tmp_path, "v1-oom-held.json")
    raw = json.loads((run_dir / "state.json").read_text())
    raw["schema_version"] = SCHEMA_VERSION + 1
    (run_dir / "state.json").write_text(json.dumps(raw))
    before = (run_dir / "state.json").read_bytes()
    for args in (["status", "--run", run_dir], ["tick", "--run", run_dir]):
        proc = cli(*args, cwd=tmp_path)
        assert proc.returncode == 2, proc.stderr
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1, proc.stderr
        assert f"schema_version {SCHEMA_VERSION + 1} is newer than this tianluo understands" in lines[0]
        assert "upgrade tianluo" in lines[0] and "snapshot" not in lines[0]
    assert (run_dir / "state.json").read_bytes() == before


def test_nan_and_nul_written_by_hand_are_still_refused(tmp_path):
    """The one-pass path lets no NaN, infinite number or NUL through that the careful path refuses."""
    state = parse_state((STATES / "v1-oom-held.json").read_text())
    text = dump_state(state)
    assert '"interval": 600.0' in text
    for bad, reason in ((text.replace('"interval": 600.0', '"interval": NaN'), "NaN or infinite"),
                        (text.replace('"interval": 600.0', '"interval": 1e999'), "out of range"),
                        (text.replace('"name": "oom-sweep"', '"name": "oom\\u0000sweep"'), "NUL")):
        with pytest.raises(ValueError, match=reason):
            parse_state(bad)


# --- snapshots ---------------------------------------------------------------------------------


@pytest.fixture
def store(tmp_path):
    run_dir = _install(tmp_path, "v1-oom-degraded.json")
    return RunStore(run_dir)


def test_snapshots_are_gzipped_and_their_total_bytes_capped(store):
    state = store.load()
    store.save(state)
    one = store.snapshots()[0].stat().st_size
    assert gzip.decompress(store.snapshots()[0].read_bytes()) == store.state_path.read_bytes()
    assert one < store.state_path.stat().st_size / 3
    store.keep_snapshot_bytes = int(one * 4.5)
    store.keep_snapshots = 100
    for _ in range(12):
        state.phase_reason = f"{state.revision}" * 7  # every snapshot a little different
        store.save(state)
    sizes = [p.stat().st_size for p in store.snapshots()]
    assert 3 <= len(sizes) <= 5 and sum(sizes) <= store.keep_snapshot_bytes
    assert snapshot_revision(store.snapshots()[0]) == state.revision
    # the newest is kept even when it alone is over the cap
    store.keep_snapshot_bytes = 1
    store.save(state)
    assert [snapshot_revision(p) for p in store.snapshots()] == [state.revision]


def test_a_plain_snapshot_of_an_older_tianluo_is_still_named_in_the_hint(store):
    old = store.snapshot_dir / "state-00000003.json"
    store.snapshot_dir.mkdir(exist_ok=True)
    old.write_bytes((STATES / "v1-oom-degraded.json").read_bytes())
    store.state_path.write_text('{"schema_version": 2, "run_id": ')
    with pytest.raises(StateError) as info:
        store.load()
    assert f"newest good snapshot: {old}; to go back to it: cp {old} {store.state_path}" in str(info.value)


def _bomb(path: Path, size: int) -> None:
    """A gzip stream of ``size`` zero bytes, written without holding them."""
    pack = zlib.compressobj(1, zlib.DEFLATED, 31)
    chunk = bytes(1 << 20)
    with open(path, "wb") as out:
        for _ in range(size >> 20):
            out.write(pack.compress(chunk))
        out.write(pack.flush())


def test_a_gzip_bomb_in_snapshots_is_refused_without_eating_memory(store, tmp_path):
    state = store.load()
    store.save(state)
    good = store.snapshots()[0]
    bomb = store.snapshot_dir / "state-99999999.json.gz"
    _bomb(bomb, 512 << 20)  # 512 MiB of zeros, about 2 MB on disk
    assert bomb.stat().st_size < SNAPSHOT_CAP
    with pytest.raises(ValueError, match="decompresses to more than"):
        read_snapshot(bomb, cap=8 << 20)
    store.state_path.write_text("{")  # damaged: the hint looks through the snapshots, the bomb first
    # VmHWM, not ru_maxrss: Linux carries a forked parent's peak (pytest's, hundreds of MB late in
    # the suite) into ru_maxrss across exec; VmHWM is this process's own memory since its exec
    code = ("import re, sys\nfrom pathlib import Path\nfrom tianluo.store import RunStore\n"
            "print(RunStore(Path(sys.argv[1])).newest_good_snapshot())\n"
            "print(re.search(r'VmHWM:\\s*(\\d+)', Path('/proc/self/status').read_text()).group(1))\n")
    proc = subprocess.run([sys.executable, "-c", code, str(store.run_dir)], env=clean_env(), capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    named, peak_kb = proc.stdout.split()
    assert named == str(good)
    # bounded by the cap (64 MiB), not by the bomb (512 MiB): the interpreter, the cap, and slack
    assert int(peak_kb) < 64 * 1024 + 2 * SNAPSHOT_CAP // 1024, f"peak RSS {peak_kb} KB reading a 512 MiB bomb"
    with pytest.raises(StateError, match=f"newest good snapshot: {good}; to go back to it: gzip -dc {good} > "):
        store.load()


def test_what_state_json_leaves_out_as_derived_is_filled_back_exactly():
    """Planned commands, attempts' job names, folders, commands and environments are left out of state.json
    only where they equal what is derived from the ids and the plan; read back, they are the same values."""
    for path in V1:
        state = parse_state(path.read_text())
        v2 = json.loads(dump_state(state))
        again = parse_state(dump_state(state))
        for ename, entity in state.entities.items():
            planned_entity = state.plan.entities[ename]
            for sname, stage in entity.stages.items():
                planned, raw_planned = planned_entity.stages[sname], v2["plan"]["entities"][ename]["stages"][sname]
                assert again.plan.entities[ename].stages[sname].command == planned.command
                assert ("command" in raw_planned) == (planned.command != derived_command(
                    planned.run, plan_values(state.plan, ename)))
                for a, b, raw in zip(stage.attempts, again.entities[ename].stages[sname].attempts,
                                     v2["entities"][ename]["stages"][sname].get("attempts", [])):
                    assert (b.job_name, b.dir, b.command, b.env) == (a.job_name, a.dir, a.command, a.env)
                    assert "job_name" not in raw and "dir" not in raw
                    assert a.job_name == job_name(state.run_id, f"{ename}.{sname}", a.n)
                    assert a.dir == attempt_dir(f"{ename}.{sname}", a.n)
                    planned_env = param_env(command_values_of_plan(state, ename))
                    assert ("command" in raw) == (a.command != planned.command or a.env != planned_env)
                    assert ("env" in raw) == ("command" in raw)
    degraded = json.loads(dump_state(parse_state((STATES / "v1-oom-degraded.json").read_text())))
    kept = [a for e in degraded["entities"].values() for s in e["stages"].values() for a in s.get("attempts", [])
            if "command" in a]
    assert len(kept) == 2 and all("env" in a for a in kept)  # the two attempts after a degrade ran another command


def command_values_of_plan(state, ename):
    return {"entity": ename, **state.plan.fork_values, **state.plan.entities[ename].params}


def test_a_command_with_a_value_that_is_not_plain_text_is_kept_whole():
    """A value the shell must not read as code is referenced from the environment ("${TIANLUO_PARAM_x}"):
    that planned command is not the template with the value pasted in, so state.json keeps it."""
    state = parse_state((STATES / "v1-oom-held.json").read_text())
    ename, entity = next(iter(state.plan.entities.items()))
    sname, planned = next(iter(entity.stages.items()))
    planned.run = "echo {note}"
    entity.params["note"] = "a b; rm -rf /"
    planned.command = render(planned.run, plan_values(state.plan, ename), shell=True)
    assert "${TIANLUO_PARAM_note}" in planned.command
    text = dump_state(state)
    assert json.loads(text)["plan"]["entities"][ename]["stages"][sname]["command"] == planned.command
    assert parse_state(text).plan.entities[ename].stages[sname].command == planned.command


def test_a_succeeded_stage_keeps_its_verdict_and_leaves_its_layers_to_the_event_log():
    state = parse_state((STATES / "v1-demo-complete.json").read_text())
    raw = json.loads(dump_state(state))
    done = [(e, s) for e, ent in state.entities.items() for s, st in ent.stages.items()
            if st.status == StageStatus.SUCCEEDED and st.diagnosis is not None]
    assert done
    for ename, sname in done:
        assert set(raw["entities"][ename]["stages"][sname]["diagnosis"]) == {"at", "attempt", "verdict"}
        assert parse_state(json.dumps(raw)).entities[ename].stages[sname].diagnosis.verdict == \
            state.entities[ename].stages[sname].diagnosis.verdict


def test_a_left_out_attempt_folder_of_a_planted_name_is_refused(tmp_path):
    """The folder filled in for a left-out 'dir' stays below attempts/, as a written one must."""
    raw = json.loads(dump_state(parse_state((STATES / "v1-oom-held.json").read_text())))
    ename = next(iter(raw["entities"]))
    for doc in (raw["entities"], raw["plan"]["entities"]):
        doc[".."] = doc.pop(ename)
    with pytest.raises(ValueError, match="attempt folder"):
        parse_state(json.dumps(raw))


def test_a_fan_ins_decisions_leave_their_type_and_question_to_the_key():
    """The fan-in of a sweep asks one question per entity (tianluo.forks wrote these): state.json keeps their
    keys and answers; the type and question read back as forks wrote them."""
    state = parse_state((STATES / "v1-sweep-stopped.json").read_text())
    cross = [d for d in state.pre_authorized_decisions if d.type == "cross"]
    assert len(cross) == 3
    raw = json.loads(dump_state(state))["pre_authorized_decisions"]
    assert all("question" not in d and "type" not in d for d in raw)
    assert parse_state(dump_state(state)).pre_authorized_decisions == state.pre_authorized_decisions
    raw[0]["key"] = "risk:lr00000.train:oom"  # no question follows from this key
    with pytest.raises(ValueError, match="no question"):
        parse_state(json.dumps({**json.loads(dump_state(state)), "pre_authorized_decisions": raw}))


def test_a_local_handle_leaves_out_its_job_id_a_slurm_one_keeps_it():
    state = parse_state((STATES / "v1-demo-complete.json").read_text())
    attempts = [a for e in state.entities.values() for s in e.stages.values() for a in s.attempts if a.handle]
    assert attempts and all(a.handle.job_id == str(a.handle.pid) for a in attempts)
    attempts[0].handle = Handle(job_id="4711")  # a Slurm job: no pid
    raw = json.loads(dump_state(state))
    handles = [a["handle"] for e in raw["entities"].values() for s in e["stages"].values()
               for a in s.get("attempts", []) if "handle" in a]
    assert sorted("job_id" in h for h in handles) == [False] * (len(handles) - 1) + [True]
    again = parse_state(json.dumps(raw))
    assert [a.handle for e in again.entities.values() for s in e.stages.values() for a in s.attempts if a.handle] \
        == [a.handle for a in attempts]
    with pytest.raises(ValueError, match="job_id"):
        Handle()
