"""Patterns cannot hang a tick: every log pattern runs on RE2, in time linear in the log.

The issue's hostile line (``step 1aaaa…a!``) and a family of classic ReDoS patterns go
through ``tianluo plan`` (accepted or refused, never hung), through ``logscan.scan`` in a
subprocess with a timeout (a regression fails instead of hanging the suite), and through ticks of
a real run (the CLI in processes of its own, forks of the test process: tests/forked_cli.py).
A control shows the same line does hang Python's ``re``.
"""

import json
import subprocess
import sys
import textwrap
import time

import pytest
from conftest import read_state, write_spec
from forked_cli import run, start_run, tick_until

from tianluo.faults.linear_re import MAX_PATTERN_CHARS, Gate, UnsupportedPattern, check

#: Classic catastrophic-backtracking patterns. RE2 runs them all in linear time.
REDOS = [
    r"(a+)+$", r"(a|a)*b", r"(a|aa)+$", r"(.*a){20}", r"(\w+\s?)*$", r"(a*)*b", r"(x+x+)+y",
    r"^(([a-z])+.)+[A-Z]([a-z])+$", r"([a-zA-Z]+)*$", r"(.*?,){11}P", r"(\d+)*\D$", r"(a|b|ab)*c",
    r"^(\w+\s?)*!$", r"(.*)*x", r"([^!]*a)+!?z",
]
#: Features only a backtracking engine has: refused at plan time, named by key.
REFUSED = {
    "backreference": r"(a+)\1",
    "lookahead": r"(?=(a+))a*b",
    "lookbehind": r"(?<=step )\d+",
    "negative_lookbehind": r"(?<!x)a+$",
    "atomic_group": r"(?>a+)+b",
    "possessive": r"a++b",
    "huge_repeat": r"a{1001}",
    "nested_repeat": r"((a{100}){100}){100}",
    "verbose": r"(?x) a + $",
    "end_of_string_Z": r"a+\Z",
}
HOSTILE = [
    b"step 1" + b"a" * 100_000 + b"!",  # the issue's line
    b"a" * 200_000,
    b"x" * 100_000 + b"!",
    b"ab" * 100_000,
    b"word " * 40_000 + b"!",
    b"," * 100_000,
    b"step 7 " + b"1" * 100_000,
]


def _hostile_log(path, repeat: int = 3) -> None:
    path.write_bytes(b"".join(line + b"\n" for line in HOSTILE) * repeat + b"step 3/9\n")


def test_the_issue_line_hangs_pythons_re_so_the_tests_below_mean_something(tmp_path):
    code = "import re; re.search(r'(a+)+$', 'step 1' + 'a' * 40 + '!')"
    with pytest.raises(subprocess.TimeoutExpired):
        subprocess.run([sys.executable, "-c", code], timeout=1.5)


@pytest.mark.parametrize("pattern", REDOS)
def test_redos_patterns_are_accepted_by_the_engine(pattern):
    check(pattern)  # no exception: linear on RE2, so nothing to refuse


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_backtracking_features_are_refused_with_a_message_saying_what_to_do(name):
    with pytest.raises(UnsupportedPattern) as info:
        check(REFUSED[name])
    assert "not supported by the linear-time engine" in str(info.value)
    assert "rewrite the pattern" in str(info.value)


def test_a_huge_pattern_is_refused_by_its_length():
    with pytest.raises(UnsupportedPattern, match=f"too long: 100000 characters, the limit is {MAX_PATTERN_CHARS}"):
        check("a" * 100_000)


def test_a_typo_is_called_a_typo_not_an_engine_limit():
    with pytest.raises(UnsupportedPattern, match="not a valid regular expression"):
        check("step (?P<done>\\d+")


def test_scanning_hostile_lines_with_every_redos_pattern_is_fast(tmp_path):
    """Each pattern as a rule and as the progress regex, over MBs of hostile lines, under a timeout."""
    log = tmp_path / "log"
    _hostile_log(log)
    script = textwrap.dedent(f"""
        import json, sys, time
        from tianluo.shell.logscan import Cursor, scan
        patterns = {{f"r{{i}}": p for i, p in enumerate({REDOS!r})}}
        t0 = time.monotonic()
        res = scan({str(log)!r}, "stdout", Cursor(), patterns, r"step (?P<done>\\d+)/(?P<total>\\d+)",
                   max_matches=10**6)
        worst = 0.0
        for p in patterns.values():
            t = time.monotonic()
            scan({str(log)!r}, "stdout", Cursor(), {{}}, "(?P<done>\\\\d+)" + p)
            worst = max(worst, time.monotonic() - t)
        print(json.dumps({{"all": time.monotonic() - t0, "worst_progress": worst,
                          "lines": len(res.matches), "progress": res.progress}}))
    """)
    t0 = time.monotonic()
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""  # RE2 prints nothing of its own (log_errors off)
    out = json.loads(proc.stdout)
    assert out["progress"] == [3.0, 9.0]
    # Hostile lines do match some of these patterns, and each line (or MAX_LINE piece of an
    # overlong one) is reported once: an empty match at a piece's end is not a new line.
    assert 0 < out["lines"] <= 3 * sum(len(line) // 65536 + 1 for line in HOSTILE) + 1, out
    assert out["worst_progress"] < 5, out  # seconds, on a loaded 2-core box; milliseconds in practice
    assert time.monotonic() - t0 < 60


def _spec(rules: list[str], progress: str) -> str:
    rule_lines = "".join(f"  - {{match: {{log: {json.dumps(r)}}}, class: transient, label: r{i}}}\n"
                         for i, r in enumerate(rules))
    return textwrap.dedent("""\
        name: redos
        backend: local
        interval: 10m
        entities:
          a:
            stages:
              train:
                run: python3 -c "import sys; sys.stdout.write(('step 1' + 'a' * 100000 + '!\\\\n') * 3 + 'step 2/2\\\\n')"
                progress: {regex: %s, stall_after: 1h}
        rules:
        """) % json.dumps(progress) + rule_lines  # noqa: E501 - the hostile command is one YAML line


def test_plan_accepts_redos_patterns_and_ticks_over_the_hostile_line_finish(tmp_path):
    spec = write_spec(tmp_path / "proj", _spec(REDOS, r"step (?P<done>\d+)(a|aa)+$|step (?P<total>\d+)/2"))
    proc = run("plan", spec, "--accept-defaults", cwd=tmp_path, timeout=60)
    assert proc.returncode == 0, proc.stderr
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    t0 = time.monotonic()
    doc = tick_until(run_dir, tmp_path, phases=("complete", "blocked"), timeout=90)
    assert time.monotonic() - t0 < 90
    stage = doc["entities"]["a"]["stages"]["train"]
    assert stage["status"] in ("succeeded", "held"), stage
    findings = read_state(run_dir)["entities"]["a"]["stages"]["train"]["attempts"][0]["findings"]
    assert any("aaaa" in f["text"] for f in findings)  # the hostile line was scanned and matched


@pytest.mark.parametrize("name", ["backreference", "lookbehind", "atomic_group", "possessive"])
@pytest.mark.parametrize("key", ["progress", "rule"])
def test_plan_refuses_a_backtracking_pattern_naming_the_key(tmp_path, name, key):
    pattern = REFUSED[name]
    if key == "progress":
        text, where = _spec([], "(?P<done>\\d+)" + pattern), "entities.a.stages.train.progress.regex"
    else:
        text, where = _spec([pattern], r"step (?P<done>\d+)"), "rules[0].match.log"
    spec = write_spec(tmp_path / "proj", text)
    proc = run("plan", spec, "--accept-defaults", cwd=tmp_path, timeout=60)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr
    assert where in lines[0] and "not supported by the linear-time engine" in lines[0]
    assert not (tmp_path / "home").exists()


def test_an_attempt_stdout_that_is_a_fifo_does_not_hang_the_tick(tmp_path):
    import os

    spec = write_spec(tmp_path / "proj", textwrap.dedent("""\
        name: fifo
        backend: local
        interval: 10m
        entities:
          a:
            stages:
              train:
                run: sleep 30
        """))
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)  # launches attempt 1
    attempt = run_dir / "attempts" / "a" / "train" / "1"
    for _ in range(100):
        if (attempt / "stdout").exists():
            break
        time.sleep(0.05)
    (attempt / "stdout").unlink()
    os.mkfifo(attempt / "stdout")  # nobody ever writes: opening it for reading would block
    t0 = time.monotonic()
    proc = run("tick", "--run", run_dir, cwd=tmp_path, timeout=30)
    assert proc.returncode == 0, proc.stderr
    assert time.monotonic() - t0 < 30
    diagnosis = read_state(run_dir)["entities"]["a"]["stages"]["train"]["diagnosis"]
    assert any(f.startswith("stdout: ") and "is a FIFO, not a regular file: not read" in f
               for f in diagnosis["logs"]["findings"]), diagnosis
    shown = run("diagnose", "a", "--run", run_dir, cwd=tmp_path, check=True).stdout
    assert "FIFO" in shown


def test_an_ended_job_is_judged_only_once_its_logs_are_read_to_the_end(tmp_path):
    """A job writes more than one tick reads (64 MiB) and ends with a traceback: not a success."""
    spec = write_spec(tmp_path / "proj", textwrap.dedent("""\
        name: big
        backend: local
        interval: 10m
        entities:
          a:
            stages:
              train:
                run: python3 gen.py
        """))
    (tmp_path / "proj" / "gen.py").write_text(
        "import sys\nline = 'x' * 1023 + chr(10)\nfor _ in range(70 * 1024):\n    sys.stdout.write(line)\n"
        "print('TypeError: late')\n")
    run_dir = start_run(spec, tmp_path / "home", tmp_path)
    run("tick", "--run", run_dir, cwd=tmp_path, check=True)
    attempt = run_dir / "attempts" / "a" / "train" / "1"
    for _ in range(600):
        if (attempt / "exit.json").exists():
            break
        time.sleep(0.05)
    # The first tick after the exit (the runner's event tick, or this one) reads 64 MiB of
    # the 70: judging then would call it a success; the traceback is in the last line.
    doc = tick_until(run_dir, tmp_path, phases=("blocked", "complete"), timeout=60)
    train = doc["entities"]["a"]["stages"]["train"]
    assert (train["status"], (train["fault"] or {}).get("label")) == ("held", "type_error"), train


def test_a_gate_names_the_patterns_a_texts_literals_leave_possible():
    """linear_re.Gate, which classify (the rulebook) and the structure reader (its per-line patterns) both search
    through: each pattern known by its owner; an owner it was not given is an error, not a search skipped."""
    oom, nccl = object(), object()
    gate = Gate((oom, nccl), (r"CUDA out of memory", r"NCCL error"))
    assert gate.possible("RuntimeError: CUDA out of memory. Tried to allocate") == {gate.place(oom)}
    assert gate.possible("epoch 3 loss 0.21") == frozenset()
    with pytest.raises(KeyError):
        gate.place(object())
    assert gate.find(nccl) == gate.place(nccl) and gate.find(object()) is None  # a caller's ungated owner
    assert Gate((), ()).possible("anything") is None  # no filter: the caller searches every pattern
