"""Log throughput and the per-tick cap: counts, not timings (issue 12).

* A tick reads at most the cap of one log, and when more is new it reads the NEWEST bytes:
  a fatal line printed after more than the cap of fast output is found by the first tick,
  and what was skipped is said.
* The whole rule set is searched in one pass over the bytes (one RE2 alternation), not one
  pass per rule: the number of searches does not grow with the number of rules.
"""

import os
import sys
from pathlib import Path

import pytest
from conftest import cli, read_events, start_run, wait_for, write_spec

from tianluo.faults.rulebook import BUILTIN_RULES, compile_patterns
from tianluo.shell import logscan
from tianluo.shell.logscan import CHUNK, MAX_LINE, PEEK, Cursor, scan

PROGRESS = r"step (?P<done>\d+)/(?P<total>\d+)"
RULES = compile_patterns(BUILTIN_RULES)
FATAL = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n"


def noisy_log(path: Path, size: int, fatal: str = FATAL, first: str = "") -> int:
    """``first``, then about ``size`` bytes of training output (step lines, tqdm redraws, a
    warning), then ``fatal`` as the very last line; the offset of ``fatal``."""
    block = "".join(
        f"[rank{i % 8}] step {i}/100000 loss={2.3 - i * 1e-4:.4f} lr=3.0e-04 grad_norm=1.23\n"
        + (f"Epoch 1: {i % 100:3d}%|####      | {i}/10000 [12:34<15:20, 5.97it/s]\r" * 3 + "\n" if i % 10 == 0 else "")
        + ("/usr/lib/python3/site-packages/torch/utils/data/dataloader.py:557: UserWarning: "
           "This DataLoader will create 16 worker processes in total.\n" if i % 50 == 0 else "")
        for i in range(1000)).encode()
    with open(path, "wb") as f:
        f.write(first.encode())
        written = 0
        while written < size:
            f.write(block)
            written += len(block)
        at = f.tell()
        f.write(fatal.encode())
    return at


def rchar() -> int:
    """Bytes this process has read through read() calls so far (the kernel's count)."""
    with open("/proc/self/io") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("rchar:"))


# --- the cap: the newest bytes, never more than the cap ----------------------------------


def test_past_the_cap_a_scan_reads_the_newest_bytes_and_says_what_it_skipped(tmp_path):
    log = tmp_path / "stdout"
    cap = 256 * 1024
    old_fault = "TypeError: in the skipped part\n"
    fatal_at = noisy_log(log, 5 * cap, first=old_fault)
    size = os.path.getsize(log)
    before = rchar()
    res = scan(log, "stdout", Cursor(), RULES, PROGRESS, max_bytes=cap, newest=True)
    read = rchar() - before
    assert read <= cap + PEEK + 512, read  # the cap, plus the peek for the first whole line
    assert [(m.offset, m.text) for m in res.matches] == [(fatal_at, FATAL.strip())]
    assert res.cursor.offset == size and not res.more  # judged now, not several ticks later
    assert res.skipped > 4 * cap and res.skipped + res.new_bytes == size
    assert res.new_bytes <= cap
    assert res.progress == (999.0, 100000.0)  # the newest reading, not one from the oldest bytes
    # The newest window starts at a line start: the first line read is whole.
    with open(log, "rb") as f:
        f.seek(res.skipped - 1)
        assert f.read(1) in (b"\n", b"\r")
    # Without ``newest`` (a caller that wants every byte) the oldest come first, as before.
    oldest = scan(log, "stdout", Cursor(), RULES, PROGRESS, max_bytes=cap)
    assert [m.text for m in oldest.matches] == [old_fault.strip()] and oldest.more and oldest.skipped == 0


def test_within_the_cap_nothing_is_skipped_and_the_cursor_goes_on(tmp_path):
    log = tmp_path / "stdout"
    noisy_log(log, 100_000, fatal="")
    first = scan(log, "stdout", Cursor(), RULES, PROGRESS, max_bytes=1 << 20, newest=True)
    assert first.skipped == 0 and first.new_bytes == os.path.getsize(log)
    with open(log, "ab") as f:
        f.write(FATAL.encode())
    second = scan(log, "stdout", first.cursor, RULES, PROGRESS, max_bytes=1 << 20, newest=True)
    assert (second.skipped, second.new_bytes) == (0, len(FATAL))
    assert [m.text for m in second.matches] == [FATAL.strip()]


def test_a_window_that_starts_inside_an_overlong_line_reads_it_in_pieces(tmp_path):
    log = tmp_path / "stdout"
    with open(log, "wb") as f:
        f.write(b"x" * (3 * MAX_LINE) + b"\n" + FATAL.encode())
    cap = MAX_LINE
    res = scan(log, "stdout", Cursor(), RULES, max_bytes=cap, newest=True)
    assert res.cursor.offset == os.path.getsize(log)
    assert [m.text for m in res.matches] == [FATAL.strip()]
    assert res.new_bytes <= cap


@pytest.mark.integration
def test_a_fatal_line_behind_more_than_the_cap_is_found_by_the_first_tick(tmp_path):
    """A real job writes more than MAX_SCAN_BYTES of step lines, then a CUDA OOM, and exits 1."""
    cap = logscan.MAX_SCAN_BYTES
    script = tmp_path / "proj" / "train.py"
    script.parent.mkdir()
    script.write_text(
        "import sys\n"
        "block = ''.join(f'step {i}/100000 loss=2.{i % 97:02d} lr=3e-4 tokens/s=81234\\n'"
        " for i in range(20000)).encode()\n"
        f"for _ in range({cap} // len(block) + 8):\n"
        "    sys.stdout.buffer.write(block)\n"
        f"sys.stdout.buffer.write({FATAL!r}.encode())\n"
        "sys.exit(1)\n")
    spec = write_spec(tmp_path / "proj", f"""\
name: flood
entities:
  a:
    stages:
      train: {{run: "{sys.executable} {script}", progress: {{regex: '{PROGRESS}'}}}}
success_gate:
  all_done: true
""")
    run_dir = start_run(spec, tmp_path / "proj" / ".tianluo", tmp_path)
    attempt = run_dir / "attempts/a/train/1"
    wait_for((attempt / "exit.json").exists, timeout=60, what="the flooding attempt's exit.json")
    stdout = attempt / "stdout"
    size = os.path.getsize(stdout)
    assert size > cap + CHUNK
    cli("tick", "--run", run_dir, cwd=tmp_path, check=True)  # ONE tick
    events = read_events(run_dir)
    failed = [e for e in events if e["event"] == "failed"]
    assert [(e["stage"], e["attempt"], e["fault"]) for e in failed] == [
        ("train", 1, {"class": "config", "label": "cuda_oom"})], events[-5:]
    skipped = [e for e in events if e["event"] == "log_skipped"]
    assert [(e["file"], e["attempt"]) for e in skipped] == [("stdout", 1)], skipped
    assert skipped[0]["skipped"] + skipped[0]["read"] == size and skipped[0]["read"] <= cap


# --- one pass for the whole rule set -----------------------------------------------------


def test_the_rule_set_is_searched_in_one_pass_not_one_per_rule(tmp_path):
    log = tmp_path / "stdout"
    noisy_log(log, 4 * CHUNK)
    size = os.path.getsize(log)
    assert len(RULES) > 40
    every = scan(log, "stdout", Cursor(), RULES, PROGRESS, max_bytes=size)
    one = scan(log, "stdout", Cursor(), {"cuda_oom": RULES["cuda_oom"]}, PROGRESS, max_bytes=size)
    assert [m.text for m in every.matches] == [m.text for m in one.matches] == [FATAL.strip()]
    # The bytes the rule searches ran over: about one pass, with every rule as with one: the prefilter's over every
    # byte, then only the rules whose literals a chunk holds, over that chunk (here the last one's).
    assert size <= one.searched <= every.searched <= 1.25 * size, (one.searched, every.searched, size)
    # The spec's own rules are one more pass (apart, so a hostile pattern of theirs slows only
    # itself), however many there are.
    user = {f"spec-{i}": rf"NCCL WARN .*Timeout {i}" for i in range(10)}
    with_user = scan(log, "stdout", Cursor(), {**user, **RULES}, PROGRESS, max_bytes=size)
    assert with_user.searched <= 2.25 * size and [m.text for m in with_user.matches] == [FATAL.strip()]
