"""Integration tests of the run folder's files (store.py, fsio.py) with real processes."""

import gzip
import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from conftest import clean_env, cli, wait_for, write_spec

from tianluo.errors import StateError
from tianluo.planning.newrun import create_run
from tianluo.shell.fsio import atomic_write, create_exclusive, read_json, write_json
from tianluo.shell.store import LockBusy, RunStore
from tianluo.shell.tick import utcnow

pytestmark = pytest.mark.integration

SPEC = """\
name: store-test
entities:
  one:
    stages:
      work: {run: "true"}
"""


@pytest.fixture
def run_dir(tmp_path) -> Path:
    spec = write_spec(tmp_path / "proj", SPEC)
    return create_run(spec, tmp_path / "home", utcnow())


def temp_files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if ".tmp-" in p.name]


def spawn_python(code: str, *args: str, cwd: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(code), *map(str, args)], cwd=cwd,
                            env=clean_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


# --- atomic saves --------------------------------------------------------------------------


READER = """
    import json, os, sys
    path, ready, stop = sys.argv[1:4]
    ok = bad = 0
    open(ready, "w").close()
    while not os.path.exists(stop) or ok + bad < 50:
        try:
            with open(path, encoding="utf-8") as f:
                json.loads(f.read())
            ok += 1
        except ValueError:
            bad += 1
    print(ok, bad)
"""


def test_save_is_atomic_for_a_concurrent_reader(run_dir, tmp_path):
    store = RunStore(run_dir)
    state = store.load()
    ready, stop = tmp_path / "ready", tmp_path / "stop"
    reader = spawn_python(READER, store.state_path, ready, stop, cwd=tmp_path)
    try:
        wait_for(ready.exists, what="the reader process")
        sizes = set()
        for i in range(120):
            # the file grows and shrinks by tens of kilobytes: a torn write would show
            state.phase_reason = "x" * ((i * 7919) % 60000)
            store.save(state, snapshot=(i % 10 == 0))
            sizes.add(store.state_path.stat().st_size)
        stop.touch()
        out, err = reader.communicate(timeout=30)
    finally:
        if reader.poll() is None:
            reader.kill()
            reader.wait()
    ok, bad = map(int, out.split())
    assert reader.returncode == 0, err
    assert bad == 0, f"{bad} of {ok + bad} reads saw a partial state.json"
    assert ok >= 50
    assert len(sizes) > 50
    assert temp_files(run_dir) == []
    assert json.loads(store.state_path.read_text())["phase_reason"] == state.phase_reason


def test_revision_increments_and_snapshots_are_pruned(run_dir):
    store = RunStore(run_dir, keep_snapshots=3)
    state = store.load()
    first = state.revision
    assert first == 1  # create() saved revision 1
    for i in range(1, 7):
        saved = store.save(state)
        assert saved.revision == first + i
        on_disk = json.loads(store.state_path.read_text())
        assert on_disk["revision"] == first + i
    snaps = store.snapshots()
    assert [p.name for p in snaps] == [f"state-{r:08d}.json.gz" for r in (first + 6, first + 5, first + 4)]
    assert all(p.parent == run_dir / "snapshots" for p in snaps)
    # the newest snapshot is exactly what state.json holds, gzipped
    assert gzip.decompress(snaps[0].read_bytes()) == store.state_path.read_bytes()
    # a save without a snapshot still moves the revision, and keeps the snapshots as they are
    store.save(state, snapshot=False)
    assert json.loads(store.state_path.read_text())["revision"] == first + 7
    assert store.snapshots() == snaps
    assert temp_files(run_dir) == []


def test_default_keep_snapshots_prunes_to_twenty(run_dir):
    store = RunStore(run_dir)
    state = store.load()
    for _ in range(25):
        store.save(state)
    names = [p.name for p in store.snapshots()]
    assert len(names) == 20
    assert names[0] == f"state-{state.revision:08d}.json.gz"
    assert names[-1] == f"state-{state.revision - 19:08d}.json.gz"


# --- a damaged state.json ----------------------------------------------------------------------


def test_truncated_state_raises_state_error_naming_the_newest_good_snapshot(run_dir):
    store = RunStore(run_dir)
    state = store.load()
    for _ in range(3):
        store.save(state)
    newest = store.snapshots()[0]
    full = store.state_path.read_bytes()
    store.state_path.write_bytes(full[: len(full) // 2])
    before = store.state_path.read_bytes()
    mtime = store.state_path.stat().st_mtime_ns
    listing = sorted(p.name for p in run_dir.rglob("*"))

    with pytest.raises(StateError) as info:
        store.load()

    message = str(info.value)
    assert "\n" not in message
    assert str(store.state_path) in message
    assert "not valid JSON" in message
    assert f"newest good snapshot: {newest}" in message
    assert store.state_path.read_bytes() == before
    assert store.state_path.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in run_dir.rglob("*")) == listing


def test_a_damaged_newest_snapshot_is_skipped_for_the_previous_good_one(run_dir):
    store = RunStore(run_dir)
    state = store.load()
    for _ in range(3):
        store.save(state)
    newest, previous = store.snapshots()[:2]
    newest.write_text('{"schema_version": 1, "run_id": ')  # truncated too
    store.state_path.write_text("")

    with pytest.raises(StateError) as info:
        store.load()

    message = str(info.value)
    assert f"newest good snapshot: {previous}" in message
    assert str(newest) not in message
    assert store.state_path.read_bytes() == b""


def test_no_good_snapshot_is_said_plainly(run_dir):
    store = RunStore(run_dir)
    for snap in store.snapshots():
        snap.unlink()
    store.state_path.write_text("{")
    with pytest.raises(StateError, match="no good snapshot exists"):
        store.load()


def test_newer_schema_version_is_refused_without_touching_the_file(run_dir):
    store = RunStore(run_dir)
    raw = json.loads(store.state_path.read_text())
    raw["schema_version"] = 99
    store.state_path.write_text(json.dumps(raw))
    before = store.state_path.read_bytes()
    with pytest.raises(StateError, match="newer than this tianluo understands"):
        store.load()
    assert store.state_path.read_bytes() == before


# --- events.jsonl ----------------------------------------------------------------------------


def test_events_are_append_only(run_dir):
    store = RunStore(run_dir)
    seen = [store.events_path.read_bytes()]  # create_run wrote run_created
    assert seen[0].endswith(b"\n")
    for batch in range(5):
        store.append_events([{"event": "test", "batch": batch, "i": i} for i in range(batch + 1)])
        now = store.events_path.read_bytes()
        assert now.startswith(seen[-1])
        assert len(now) > len(seen[-1])
        seen.append(now)
    store.append_events([])  # nothing to append: the file does not change
    assert store.events_path.read_bytes() == seen[-1]
    events = store.read_events()
    assert events[0]["event"] == "run_created"
    assert [(e["batch"], e["i"]) for e in events[1:]] == [(b, i) for b in range(5) for i in range(b + 1)]


def test_events_from_two_processes_interleave_whole_lines(run_dir, tmp_path):
    code = """
        import sys
        from tianluo.shell.store import RunStore
        store = RunStore(sys.argv[1])
        for i in range(100):
            store.append_events([{"event": "w", "who": sys.argv[2], "i": i, "pad": "p" * 3000}])
    """
    procs = [spawn_python(code, run_dir, who, cwd=tmp_path) for who in ("a", "b")]
    for p in procs:
        p.communicate(timeout=60)
        assert p.returncode == 0
    lines = (run_dir / "events.jsonl").read_text().splitlines()
    # every line is whole (unlocked concurrent appends may leave a blank line; readers skip it)
    parsed = [json.loads(line) for line in lines if line.strip()]
    assert len(parsed) == 201
    assert RunStore(run_dir).read_events() == parsed
    for who in ("a", "b"):
        assert [e["i"] for e in parsed if e.get("who") == who] == list(range(100))


def test_read_events_skips_a_torn_last_line(run_dir):
    store = RunStore(run_dir)
    store.append_events([{"event": "whole"}])
    with open(store.events_path, "ab") as f:
        f.write(b'{"event": "torn", "mess')
    assert [e["event"] for e in store.read_events()] == ["run_created", "whole"]


def test_an_event_appended_after_a_torn_line_is_not_lost(run_dir):
    store = RunStore(run_dir)
    with open(store.events_path, "ab") as f:
        f.write(b'{"event": "torn", "mess')
    store.append_events([{"event": "after_crash"}])
    assert "after_crash" in [e["event"] for e in store.read_events()]


# --- the lock --------------------------------------------------------------------------------


TRY_LOCK = """
    import sys
    from tianluo.shell.store import LockBusy, RunStore
    try:
        with RunStore(sys.argv[1]).lock():
            print("got")
    except LockBusy:
        print("busy")
"""

HOLD_LOCK = """
    import sys, time
    from pathlib import Path
    from tianluo.shell.store import RunStore
    with RunStore(sys.argv[1]).lock():
        Path(sys.argv[2]).touch()
        time.sleep(60)
"""


def test_a_held_lock_keeps_out_another_process_and_a_cli_tick(run_dir, tmp_path):
    store = RunStore(run_dir)
    state_before = store.state_path.read_bytes()
    events_before = store.events_path.read_bytes()
    with store.lock():
        out = subprocess.run([sys.executable, "-c", textwrap.dedent(TRY_LOCK), str(run_dir)],
                             capture_output=True, text=True, timeout=30, env=clean_env())
        assert out.stdout.strip() == "busy", out.stderr
        tick = cli("tick", "--run", run_dir, cwd=tmp_path)
        assert tick.returncode == 0, tick.stderr
        assert "another tick holds the lock" in tick.stdout
        assert tick.stderr == ""
        assert json.loads((run_dir / ".lock").read_text())["pid"] == os.getpid()  # the holder, for status
    # the tick that found the lock busy wrote nothing
    assert store.state_path.read_bytes() == state_before
    assert store.events_path.read_bytes() == events_before
    # released: the other process gets it now
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(TRY_LOCK), str(run_dir)],
                         capture_output=True, text=True, timeout=30, env=clean_env())
    assert out.stdout.strip() == "got", out.stderr


def test_lock_of_another_process_is_busy_until_it_dies(run_dir, tmp_path):
    store = RunStore(run_dir)
    ready = tmp_path / "holding"
    holder = spawn_python(HOLD_LOCK, run_dir, ready, cwd=tmp_path)
    try:
        wait_for(ready.exists, what="the lock holder")
        with pytest.raises(LockBusy):
            with store.lock():
                pass
        t0 = time.monotonic()
        with pytest.raises(LockBusy):
            with store.lock(wait=0.3):
                pass
        assert time.monotonic() - t0 >= 0.3
        holder.kill()  # SIGKILL: a crashed tick leaves no stale lock behind
        holder.communicate(timeout=10)
        with store.lock(wait=5):
            assert json.loads((run_dir / ".lock").read_text())["pid"] == os.getpid()  # the holder, for status
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.communicate()


def test_lock_wait_gets_the_lock_once_released(run_dir, tmp_path):
    code = HOLD_LOCK.replace("time.sleep(60)", "time.sleep(0.5)")
    ready = tmp_path / "holding"
    holder = spawn_python(code, run_dir, ready, cwd=tmp_path)
    try:
        wait_for(ready.exists, what="the lock holder")
        with RunStore(run_dir).lock(wait=10):
            pass
    finally:
        holder.communicate(timeout=10)
    assert holder.returncode == 0


# --- fsio ----------------------------------------------------------------------------------


def test_create_exclusive_is_true_once_then_false(tmp_path):
    target = tmp_path / "claim.json"
    assert create_exclusive(target, "first\n") is True
    assert create_exclusive(target, "second\n") is False
    assert create_exclusive(target, b"third\n") is False
    assert target.read_text() == "first\n"
    assert temp_files(tmp_path) == []


RACE = """
    import sys, os, time
    from pathlib import Path
    from tianluo.shell.fsio import create_exclusive
    target, go, me = sys.argv[1:4]
    while not os.path.exists(go):
        time.sleep(0.001)
    print(create_exclusive(Path(target), me * 10000))
"""


def test_create_exclusive_has_one_winner_among_racing_processes(tmp_path):
    target, go = tmp_path / "claim", tmp_path / "go"
    procs = [spawn_python(RACE, target, go, str(i), cwd=tmp_path) for i in range(4)]
    try:
        time.sleep(0.3)  # let them all reach the starting line (they spin on `go`)
        go.touch()
        results = [p.communicate(timeout=30)[0].strip() for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    assert sorted(results) == ["False", "False", "False", "True"]
    winner = str(results.index("True"))
    assert target.read_text() == winner * 10000  # complete content, the winner's
    assert temp_files(tmp_path) == []


def test_atomic_write_and_json_helpers(tmp_path):
    path = tmp_path / "x.json"
    write_json(path, {"a": 1})
    assert read_json(path) == {"a": 1}
    atomic_write(path, "{\"a\": 2}")
    assert read_json(path) == {"a": 2}
    path.write_text('{"a": ')  # partial
    assert read_json(path) is None
    assert read_json(tmp_path / "missing.json") is None
    assert temp_files(tmp_path) == []
