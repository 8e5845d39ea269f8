"""``tianluo runs``, ``logs``, ``events`` and finding the run from any subfolder: the CLI in forks of the test process
(tests/forked_cli.py), real ``python -m tianluo`` processes for following (``-f``, Ctrl-C), a listing through a
pipe and the first case of each refusal."""

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import forked_cli
import pytest
from conftest import (
    clean_env,
    cli,
    one_line_error,
    read_state,
    wait_for,
    wait_started,
    write_spec,
)
from forked_cli import run

pytestmark = pytest.mark.integration

SPEC = """\
name: {name}
entities:
  one:
    stages:
      work: {{run: "echo out-1; echo out-2; echo out-3; echo err-1 >&2"}}
"""

# Echoes what the test's writer thread appends to ./feed, line by line, until a line says END.
FEEDER = r"""import os, sys, time
seen = 0
while True:
    data = open("feed").read() if os.path.exists("feed") else ""
    for line in data.splitlines()[seen:]:
        if line == "END":
            sys.exit(0)
        print(line, flush=True)
        seen += 1
    time.sleep(0.05)
"""

FOLLOW_SPEC = """\
name: follow
entities:
  one:
    stages:
      work: {run: "python3 -u feeder.py"}
"""


def done_run(tmp_path: Path, name: str = "browse", home: Path | None = None) -> Path:
    spec = write_spec(tmp_path / f"proj-{name}", SPEC.format(name=name))
    run_dir = forked_cli.start_run(spec, home or tmp_path / "proj-home" / ".tianluo", tmp_path)
    forked_cli.tick_until(run_dir, tmp_path, timeout=30)
    return run_dir



class Reader:
    """A follower process's stdout, read line by line in a thread (a test never blocks on it)."""

    def __init__(self, args: list, cwd: Path):
        self.proc = subprocess.Popen([sys.executable, "-m", "tianluo", *map(str, args)], cwd=cwd, env=clean_env(),
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, text: str, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        while not any(text in line for line in self.seen):
            left = deadline - time.monotonic()
            if left <= 0:
                self.proc.kill()
                raise AssertionError(f"{text!r} not printed in {timeout}s; got {self.seen}")
            try:
                self.seen.append(self.lines.get(timeout=left))
            except queue.Empty:
                pass

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)


# --- runs ---------------------------------------------------------------------------------------


def test_runs_lists_every_run_newest_first_with_phase_gate_and_stages(tmp_path):
    home = tmp_path / "home"
    first = done_run(tmp_path, "first", home)
    time.sleep(1.1)  # run ids start with the second they were started in
    second = forked_cli.start_run(write_spec(tmp_path / "proj-second", SPEC.format(name="second")), home, tmp_path,
                       "--no-tick")
    proc = run("runs", "--home", home, "--json", cwd=tmp_path, check=True)
    doc = json.loads(proc.stdout)
    assert doc["version"] == 1
    rows = doc["runs"]
    assert [r["run_id"] for r in rows] == [second.name, first.name]
    assert (rows[0]["phase"], rows[0]["gate_met"], rows[0]["stages_done"], rows[0]["stages_total"],
            rows[0]["last_tick_at"]) == ("running", False, 0, 1, None)
    assert (rows[1]["name"], rows[1]["phase"], rows[1]["gate_met"], rows[1]["stages_done"]) == \
        ("first", "complete", True, 1)
    assert rows[1]["last_tick_at"] == read_state(first)["last_tick_at"]

    text = cli("runs", "--home", home, cwd=tmp_path, check=True).stdout.splitlines()  # a real process's pipe
    assert text[0].split() == ["RUN", "PHASE", "GATE", "STAGES", "LAST", "TICK"]
    assert text[1].split()[:4] == [second.name, "running", "not", "met"] and "never" in text[1]
    assert text[2].split()[:4] == [first.name, "complete", "met", "1/1"] and "ago)" in text[2]
    assert "\x1b" not in "".join(text)  # piped: no colour


def test_runs_lists_a_damaged_run_as_damaged_and_goes_on(tmp_path):
    home = tmp_path / "home"
    good = done_run(tmp_path, "good", home)
    bad = home / "20990101-000000-bad"
    bad.mkdir(mode=0o700)
    (bad / "state.json").write_text('{"run_id": "x", "entities": [1, 2')  # torn
    proc = run("runs", "--home", home, "--json", cwd=tmp_path, check=True)
    assert "Traceback" not in proc.stderr
    rows = {r["run_id"]: r for r in json.loads(proc.stdout)["runs"]}
    assert rows[bad.name]["phase"] == "damaged" and "state.json" in rows[bad.name]["damaged"]
    assert rows[good.name]["phase"] == "complete" and rows[good.name]["damaged"] is None
    text = run("runs", "--home", home, cwd=tmp_path, check=True).stdout
    assert f"{bad.name}" in text and "damaged" in text


def test_runs_finds_the_home_upward_and_says_so_when_there_is_none(tmp_path):
    run_dir = done_run(tmp_path, "up", tmp_path / "proj" / ".tianluo")
    deep = tmp_path / "proj" / "src" / "models"
    deep.mkdir(parents=True)
    doc = json.loads(run("runs", "--json", cwd=deep, check=True).stdout)
    assert [r["run_id"] for r in doc["runs"]] == [run_dir.name]
    assert doc["home"] == str(tmp_path / "proj" / ".tianluo")
    lonely = tmp_path / "lonely"
    lonely.mkdir()
    err = one_line_error(cli("runs", "--home", lonely / "nothing", cwd=lonely))  # a refusal: once a real process
    assert "no such folder" in err


# --- run discovery ------------------------------------------------------------------------------


def test_status_and_tick_find_the_run_from_any_subfolder_like_git(tmp_path):
    proj = tmp_path / "proj"
    spec = write_spec(proj, SPEC.format(name="disc"))
    run_dir = forked_cli.start_run(spec, proj / ".tianluo", tmp_path, "--no-tick")
    deep = proj / "data" / "shards"
    deep.mkdir(parents=True)
    tick = run("tick", cwd=deep, check=True)
    assert "launched" in tick.stdout
    forked_cli.tick_until(run_dir, tmp_path, timeout=30)
    doc = json.loads(run("status", "--json", cwd=deep, check=True).stdout)
    assert doc["run_id"] == run_dir.name and doc["phase"] == "complete"
    inside = run_dir / "attempts" / "one" / "work" / "1"
    doc = json.loads(run("status", "--json", cwd=inside, check=True).stdout)  # standing in the run itself
    assert doc["run_id"] == run_dir.name
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    err = one_line_error(run("status", cwd=elsewhere))
    assert "no run found" in err


def test_a_run_found_upward_is_still_checked_for_trust(tmp_path):
    proj = tmp_path / "proj"
    run_dir = forked_cli.start_run(write_spec(proj, SPEC.format(name="trust")), proj / ".tianluo", tmp_path,
                                   "--no-tick")
    os.chmod(run_dir, 0o777)  # anyone may plant files in it now
    try:
        err = one_line_error(run("status", cwd=run_dir))
    finally:
        os.chmod(run_dir, 0o700)
    assert str(run_dir.name) in err


# --- logs ---------------------------------------------------------------------------------------


def test_logs_prints_the_latest_attempts_stderr_and_stdout(tmp_path):
    run_dir = done_run(tmp_path)
    proc = run("logs", "one.work", "--run", run_dir, cwd=tmp_path, check=True)
    assert proc.stdout.splitlines() == ["==> one.work attempt 1 stderr <==", "err-1", "",
                                        "==> one.work attempt 1 stdout <==", "out-1", "out-2", "out-3"]
    only = run("logs", "one", "--stream", "stdout", "-n", "2", "--attempt", "1", "--run", run_dir, cwd=tmp_path,
               check=True)
    assert only.stdout.splitlines() == ["out-2", "out-3"]


def test_logs_refuses_what_is_not_there_in_one_line(tmp_path):
    run_dir = done_run(tmp_path)
    # the first refusal a real process, the others in a fork
    assert "no attempt 2" in one_line_error(cli("logs", "one.work", "--attempt", "2", "--run", run_dir, cwd=tmp_path))
    assert "no entity 'two'" in one_line_error(run("logs", "two", "--run", run_dir, cwd=tmp_path))
    assert "no stage 'nope'" in one_line_error(run("logs", "one.nope", "--run", run_dir, cwd=tmp_path))
    assert "--stream" in one_line_error(run("logs", "one", "--stream", "both", "--run", run_dir, cwd=tmp_path))


def test_logs_never_reads_through_a_planted_link(tmp_path):
    run_dir = done_run(tmp_path)
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET\n")
    log = run_dir / "attempts" / "one" / "work" / "1" / "stdout"
    log.unlink()
    log.symlink_to(secret)
    proc = run("logs", "one.work", "--stream", "stdout", "--run", run_dir, cwd=tmp_path)
    assert "TOP-SECRET" not in proc.stdout + proc.stderr
    assert "stdout" in one_line_error(proc)


def test_logs_shows_a_hostile_line_without_its_escapes(tmp_path):
    spec = write_spec(tmp_path / "proj", 'name: esc\nentities:\n  one:\n    stages:\n'
                                         '      work: {run: "printf \'a\\\\033]0;pwned\\\\007b\\\\n\'"}\n')
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path)
    forked_cli.tick_until(run_dir, tmp_path, timeout=30)
    raw = (run_dir / "attempts" / "one" / "work" / "1" / "stdout").read_bytes()
    assert b"\x1b]0;pwned\x07" in raw
    out = run("logs", "one", "--stream", "stdout", "--run", run_dir, cwd=tmp_path, check=True).stdout
    assert "\x1b" not in out and "\x07" not in out and "a\\x1b]0;pwned\\x07b" in out


def test_logs_follow_prints_new_lines_and_stops_once_the_attempt_has_ended(tmp_path):
    proj = tmp_path / "proj"
    spec = write_spec(proj, FOLLOW_SPEC)
    (proj / "feeder.py").write_text(FEEDER)
    feed = proj / "feed"
    feed.write_text("first\n")
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path)  # the first tick launches the feeder
    wait_started(run_dir / "attempts" / "one" / "work" / "1")
    follower = Reader(["logs", "one.work", "-f", "--stream", "stdout", "--run", run_dir], tmp_path)
    try:
        follower.wait_for("first")

        def writer():
            for i in range(5):
                with feed.open("a") as f:
                    f.write(f"line-{i}\n")
                time.sleep(0.1)
            with feed.open("a") as f:
                f.write("END\n")

        t = threading.Thread(target=writer)
        t.start()
        follower.wait_for("line-4")
        follower.wait_for("ended (exit.json written)")  # it stops by itself: the job ended, the log was read
        t.join(5)
        assert follower.proc.wait(10) == 0
        lines = [x for x in follower.seen if x.startswith(("first", "line-"))]
        assert lines == ["first"] + [f"line-{i}" for i in range(5)]  # each once, in order
    finally:
        follower.close()


# --- events -------------------------------------------------------------------------------------


def test_events_filters_by_entity_and_kind(tmp_path):
    run_dir = done_run(tmp_path)
    all_events = [json.loads(x) for x in (run_dir / "events.jsonl").read_text().splitlines()]
    doc = run("events", "--json", "-n", "1000", "--run", run_dir, cwd=tmp_path, check=True).stdout
    assert [json.loads(x) for x in doc.splitlines()] == all_events
    kinds = run("events", "--json", "--kind", "succeeded", "--run", run_dir, cwd=tmp_path, check=True).stdout
    [ev] = [json.loads(x) for x in kinds.splitlines()]
    assert (ev["event"], ev["entity"], ev["stage"]) == ("succeeded", "one", "work")
    mine = run("events", "--json", "--entity", "one.work", "--run", run_dir, cwd=tmp_path, check=True).stdout
    got = [json.loads(x) for x in mine.splitlines()]
    assert got and all(e["entity"] == "one" and e["stage"] == "work" for e in got)
    assert len(got) == sum(e.get("entity") == "one" for e in all_events)
    last = run("events", "-n", "2", "--run", run_dir, cwd=tmp_path, check=True).stdout.splitlines()
    assert len(last) == 2 and all_events[-1]["event"] in last[-1] and all_events[-1]["ts"] in last[-1]
    nothing = run("events", "--kind", "held", "--run", run_dir, cwd=tmp_path, check=True)
    assert nothing.stdout == ""  # a kind that exists but did not happen
    typo = run("events", "--kind", "no_such_kind", "--run", run_dir, cwd=tmp_path)
    assert typo.returncode == 2 and "no such event kind" in typo.stderr  # issue 23: not an empty listing


def test_events_follow_prints_new_events_until_ctrl_c(tmp_path):
    run_dir = done_run(tmp_path)
    with (run_dir / "events.jsonl").open("a") as f:  # the last held event before it starts: printed once it has
        f.write(json.dumps({"ts": "2026-01-01T00:00:00Z", "event": "held", "message": "ready"}) + "\n")
    follower = Reader(["events", "-f", "--json", "-n", "1", "--kind", "held", "--run", run_dir], tmp_path)
    try:
        # It has read events.jsonl's end once it printed the last held event (a real interpreter's start-up took
        # longer than a fixed half second on a loaded machine, and the events below came before it looked).
        follower.wait_for('"ready"')
        follower.seen.clear()

        def writer():
            for i in range(3):
                with (run_dir / "events.jsonl").open("a") as f:  # as a save appends: whole lines
                    f.write(json.dumps({"ts": "2026-01-01T00:00:00Z", "event": "held", "message": f"n{i}"}) + "\n")
                    f.write(json.dumps({"ts": "2026-01-01T00:00:00Z", "event": "other", "message": "x"}) + "\n")
                time.sleep(0.1)

        t = threading.Thread(target=writer)
        t.start()
        follower.wait_for('"n2"')
        t.join(5)
        follower.proc.send_signal(signal.SIGINT)
        assert follower.proc.wait(10) == 0
        got = [json.loads(x) for x in follower.seen]
        assert [e["message"] for e in got] == ["n0", "n1", "n2"]  # only the kind asked for, each once
        assert "Traceback" not in follower.proc.stderr.read()
    finally:
        follower.close()


def test_events_follow_sees_a_hold_made_by_another_command(tmp_path):
    spec = write_spec(tmp_path / "proj", SPEC.format(name="evhold"))
    run_dir = forked_cli.start_run(spec, tmp_path / "home", tmp_path, "--no-tick")
    with (run_dir / "events.jsonl").open("a") as f:  # printed once it has read the file's end (as above)
        f.write(json.dumps({"ts": "2026-01-01T00:00:00Z", "event": "note", "entity": "one", "message": "ready"}) + "\n")
    follower = Reader(["events", "-f", "-n", "1", "--entity", "one", "--run", run_dir], tmp_path)
    try:
        follower.wait_for("ready")
        follower.seen.clear()
        run("hold", "one", "--reason", "look first", "--run", run_dir, cwd=tmp_path, check=True)
        follower.wait_for("look first")
        assert any(" held " in line for line in follower.seen)
    finally:
        follower.close()
    wait_for(lambda: follower.proc.poll() is not None, what="the follower to end")


def test_an_untrusted_run_is_listed_as_such_and_its_logs_and_events_are_refused(tmp_path):
    home = tmp_path / "home"
    run_dir = done_run(tmp_path, "open", home)
    os.chmod(run_dir, 0o777)  # anyone may plant files in it now
    try:
        rows = json.loads(run("runs", "--home", home, "--json", cwd=tmp_path, check=True).stdout)["runs"]
        assert [(r["run_id"], r["phase"]) for r in rows] == [(run_dir.name, "untrusted")]
        assert run_dir.name in rows[0]["damaged"]
        for args in (["logs", "one"], ["events"]):
            proc = (cli if args == ["logs", "one"] else run)(*args, "--run", run_dir, cwd=tmp_path)
            assert run_dir.name in one_line_error(proc) and proc.stdout == ""
    finally:
        os.chmod(run_dir, 0o700)
