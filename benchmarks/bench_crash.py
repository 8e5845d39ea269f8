"""Crash harness: ticks SIGKILLed at random moments after they took the run's lock.

    .venv/bin/python benchmarks/bench_crash.py [--kills 2000] [--runs 8] [--seed 1] [--json]

Real runs of a real pipeline (two entities, prep -> train -> eval, local jobs that take
tens of milliseconds, one of which fails its first attempt) are ticked over and over. Each
tick (one in ten is a `hold` and a `release` instead) is a real process (forked from this one,
which has tianluo imported, so a tick starts in a millisecond instead of half a second of Python
start-up); once the run's lock file names that process, it is SIGKILLed after a random delay,
spread over the whole length of a tick. Nothing in tianluo knows about the harness: no hook, no environment variable.

After the kills, every run is ticked in peace until it completes, and the harness counts
what a crash must never cause, each of which must be 0:

- corrupt states: a ``state.json`` that does not load, after any kill;
- double launches: one attempt run twice, or two attempts of a stage alive at once;
- lost jobs: a run that never completes, or an attempt that ran (its folder was claimed)
  that ``state.json`` does not know;
- lost events: ``seq`` numbers that are not exactly 1..``state.event_seq``, an attempt with
  a pid but no ``submitted`` (or ``adopted``) event, a recorded
  attempt with no ``submit_intent``, a succeeded stage with no ``succeeded`` event, a
  complete run with no ``gate_met``;
- duplicate events: two events with the same ``seq``, or an event written twice;
- tick errors: a tick that exited non-zero without being killed;
- snapshots ahead: a snapshot newer than ``state.json`` after a kill.

``tests/test_crash_harness.py`` runs this with a few hundred kills; the default is thousands.
"""

import argparse
import contextlib
import itertools
import json
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tianluo.commands import hold_entity, release_entity  # noqa: E402
from tianluo.faults.classify import Evidence, classify  # noqa: E402
from tianluo.faults.rulebook import BUILTIN_RULES, compile_patterns  # noqa: E402
from tianluo.planning.newrun import create_run  # noqa: E402
from tianluo.shell.logscan import Cursor, scan, tail  # noqa: E402
from tianluo.shell.store import RunStore, snapshot_revision  # noqa: E402
from tianluo.shell.tick import run_tick, utcnow  # noqa: E402

ENTITIES = ("e0", "e1")
ACTIVE = ("running", "blocked")  # blocked: a hold whose release was killed, until it is released
JOB = """\
#!/bin/sh
# $1 = stage. Records every start and end, so a double launch shows.
log="$TIANLUO_RUN_DIR/../../jobs.log"
echo "start $TIANLUO_ENTITY $1 $TIANLUO_ATTEMPT $$ $(date +%s.%N)" >> "$log"
sleep 0.0$(( ($$ % 6) + 2 ))
if [ "$TIANLUO_ENTITY" = e0 ] && [ "$1" = train ] && [ "$TIANLUO_ATTEMPT" = 1 ]; then
  echo "end $TIANLUO_ENTITY $1 $TIANLUO_ATTEMPT $$ $(date +%s.%N)" >> "$log"
  exit 3
fi
mkdir -p out && touch "out/$TIANLUO_ENTITY.$1"
echo "end $TIANLUO_ENTITY $1 $TIANLUO_ATTEMPT $$ $(date +%s.%N)" >> "$log"
"""


def spec_text(n: int) -> str:
    lines = [f"name: crash-{n}", "interval: 10m", "entities:"]
    for e in ENTITIES:
        lines += [f"  {e}:", "    stages:"]
        needs = None
        for stage in ("prep", "train", "eval"):
            lines.append(f"      {stage}:")
            lines.append(f"        run: sh job.sh {stage}")
            if needs:
                lines.append(f"        needs: [{needs}]")
            lines.append(f"        done_when: {{exists: out/{e}.{stage}}}")
            needs = stage
    lines += ["success_gate: {all_done: true}", "ladder:", "  unknown: {retries: 5, backoff: [0s]}",
              "  transient: {retries: 5, backoff: [0s]}"]
    return "\n".join(lines) + "\n"


def warm(base: Path) -> None:
    """Compile once, here, what a tick compiles on its first use (the rulebook's patterns and their prefilter, the
    structure reader's): the forked ticks inherit them, as they inherit the imported modules. Without it every tick
    compiled them again: four fifths of the harness's CPU went to that (42 s of CPU for 150 kills, 9 s without)."""
    log = base / "warm.stderr"
    log.write_text('Traceback (most recent call last):\n  File "train.py", line 3, in <module>\n    x = d["a"]\n'
                   "KeyError: 'a'\n")
    lines = scan(log, "stderr", Cursor(), compile_patterns(BUILTIN_RULES), final=True).matches
    classify(Evidence(state="exited", exit_code=1, signal=None, lines=tuple(lines), tail=(("stderr", tail(log)),)))
    log.unlink()


class Harness:
    def __init__(self, base: Path, runs: int, seed: int):
        self.rng = random.Random(seed)
        self.runs = []
        for n in range(runs):
            project = base / f"p{n}"
            project.mkdir(parents=True)
            (project / "job.sh").write_text(JOB)
            (project / "tianluo.yaml").write_text(spec_text(n))
            home = project / ".tianluo"
            self.runs.append(create_run(project / "tianluo.yaml", home, utcnow(), accept_defaults=True))
        self.counts = Counter()
        self.problems: list[str] = []
        self.durations: list[float] = []

    # --- one tick, in a child process ----------------------------------------------------------

    def _fork_tick(self, run_dir: Path, hands: bool = False) -> int:
        pid = os.fork()
        if pid == 0:  # the child: one real tick (or hold + release), then out without the parent's cleanup
            code = 0
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, 1)
                if hands:
                    hold_entity(run_dir, "e1", "held by the crash harness")
                    release_entity(run_dir, "e1", retry=False, skip=False, reset_budget=False)
                else:
                    run_tick(run_dir)
            except BaseException as exc:  # noqa: BLE001 - reported through the exit code
                try:
                    os.write(2, f"tick error: {type(exc).__name__}: {exc}\n".encode())
                except OSError:
                    pass
                code = 1
            os._exit(code)
        return pid

    @staticmethod
    def _lock_pid(run_dir: Path) -> int | None:
        try:
            text = (run_dir / ".lock").read_text()
            return int(json.loads(text)["pid"]) if text.strip() else None
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def tick(self, run_dir: Path, kill: bool, hands: bool = False) -> None:
        """One tick (or a hold and a release); with ``kill``, SIGKILL it at a random moment once the
        lock file names it."""
        pid = self._fork_tick(run_dir, hands)
        status = None
        while self._lock_pid(run_dir) != pid:
            done, code = os.waitpid(pid, os.WNOHANG)
            if done:
                status = code
                break  # over before it was seen holding the lock (it found it taken, or was that quick)
            time.sleep(0.0003)
        seen = time.monotonic()
        if status is None and kill:
            typical = statistics.median(self.durations[-50:]) if self.durations else 0.05
            time.sleep(self.rng.uniform(0, 1.3 * typical))
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if status is None:
            _, status = os.waitpid(pid, 0)
        if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL:
            self.counts["kills"] += 1
            self._check_state(run_dir)
        else:
            self.counts["ticks_completed"] += 1
            self.durations.append(time.monotonic() - seen)
            if os.WEXITSTATUS(status) != 0:
                self.counts["tick_errors"] += 1

    def _check_state(self, run_dir: Path) -> None:
        store = RunStore(run_dir)
        try:
            state = store.load()
        except Exception:  # noqa: BLE001 - any failure to load is what is counted
            self.counts["corrupt_states"] += 1
            return
        snaps = store.snapshots()
        if snaps and snapshot_revision(snaps[0]) > state.revision:
            self.counts["snapshots_ahead"] += 1  # a snapshot must never run ahead of state.json

    def phase(self, run_dir: Path) -> str:
        try:
            return RunStore(run_dir).load().phase.value
        except Exception:  # noqa: BLE001
            return "unreadable"

    # --- the campaign ------------------------------------------------------------------------------

    def campaign(self, kills: int, deadline: float) -> None:
        live = list(self.runs)
        while self.counts["kills"] < kills and time.monotonic() < deadline:
            if not live:  # every run complete: start fresh ones so the kills keep landing on real work
                live = self._more_runs()
                continue
            run_dir = self.rng.choice(live)
            self.tick(run_dir, kill=self.rng.random() < 0.8, hands=self.rng.random() < 0.1)
            if self.phase(run_dir) not in ACTIVE:
                live.remove(run_dir)

    def _more_runs(self) -> list[Path]:
        base = self.runs[0].parent.parent.parent
        start = len(self.runs)
        for n in range(start, start + 4):
            project = base / f"p{n}"
            project.mkdir(parents=True)
            (project / "job.sh").write_text(JOB)
            (project / "tianluo.yaml").write_text(spec_text(n))
            self.runs.append(create_run(project / "tianluo.yaml", project / ".tianluo", utcnow(),
                                        accept_defaults=True))
        return self.runs[start:]

    def recover(self, timeout: float) -> None:
        """Tick every run in peace until it completes, and once more: a kill may have hit the last tick."""
        deadline = time.monotonic() + timeout
        for run_dir in self.runs:
            if RunStore(run_dir).load().entities["e1"].hold is not None:  # a hold whose release was killed
                release_entity(run_dir, "e1", retry=False, skip=False, reset_budget=False)
            while self.phase(run_dir) in ACTIVE and time.monotonic() < deadline:
                self.tick(run_dir, kill=False)
                time.sleep(0.02)
            self.tick(run_dir, kill=False)

    # --- the verdict -------------------------------------------------------------------------------

    def verify(self) -> dict:
        c = self.counts
        for run_dir in self.runs:
            try:
                state = RunStore(run_dir).load()
            except Exception:  # noqa: BLE001
                c["corrupt_states"] += 1
                continue
            events = RunStore(run_dir).read_events()
            self._verify_events(state, events)
            self._verify_jobs(state, run_dir)
            if state.phase.value != "complete":
                c["lost_jobs"] += 1  # never completed: something was dropped on the way
                self.problems.append(f"{state.run_id}: {state.phase.value} after recovery ({state.phase_reason})")
            c["runs"] += 1
            c["attempts"] += state.total_attempts
            c["events"] += len(events)
        return dict(c)

    def _verify_events(self, state, events: list[dict]) -> None:
        c = self.counts
        seqs = [e["seq"] for e in events if isinstance(e.get("seq"), int)]
        c["duplicate_events"] += len(seqs) - len(set(seqs))
        if sorted(set(seqs)) != list(range(1, state.event_seq + 1)):  # every event the state counted, once
            c["lost_events"] += 1
            self.problems.append(f"{state.run_id}: event seqs are not 1..{state.event_seq}")
        kinds = Counter((e.get("event"), e.get("entity"), e.get("stage"), e.get("attempt")) for e in events)
        for (kind, *_), n in kinds.items():
            if kind in ("submitted", "submit_intent", "succeeded", "gate_met", "run_created") and n > 1:
                c["duplicate_events"] += n - 1
        for sid in state.stage_ids():
            entity, stage = sid.rsplit(".", 1)
            st = state.stage(sid)
            for attempt in st.attempts:
                key = (entity, stage, attempt.n)
                if kinds[("submit_intent", *key)] == 0:
                    c["lost_events"] += 1
                    self.problems.append(f"{state.run_id} {key}: no submit_intent event")
                if attempt.handle is not None and attempt.handle.pid is not None and \
                        kinds[("submitted", *key)] + kinds[("adopted", *key)] == 0:
                    c["lost_events"] += 1
                    c["lost_submitted_events"] += 1
                    self.problems.append(f"{state.run_id} {key}: a pid but no submitted/adopted event")
            if st.status.value == "succeeded" and kinds[("succeeded", entity, stage, st.attempt)] == 0:
                c["lost_events"] += 1
                self.problems.append(f"{state.run_id} {sid}: succeeded but no succeeded event")
        if state.phase.value == "complete" and kinds[("gate_met", None, None, None)] == 0:
            c["lost_events"] += 1
            c["lost_gate_met_events"] += 1
            self.problems.append(f"{state.run_id}: complete but no gate_met event")

    def _verify_jobs(self, state, run_dir: Path) -> None:
        c = self.counts
        # every attempt folder a runner claimed is an attempt state.json knows
        for started in (run_dir / "attempts").glob("*/*/*/started.json"):
            n, stage, entity = started.parent.name, started.parent.parent.name, started.parent.parent.parent.name
            known = {a.n for a in state.entities[entity].stages[stage].attempts}
            if int(n) not in known:
                c["lost_jobs"] += 1
                self.problems.append(f"{state.run_id} {entity}.{stage}.{n}: ran, but state.json does not know it")
        # jobs.log: one start per attempt; no two attempts of a stage alive at once
        log = run_dir.parent.parent / "jobs.log"
        spans: dict[tuple, list] = {}
        starts = Counter()
        for line in log.read_text().splitlines() if log.exists() else []:
            word, entity, stage, n, pid, at = line.split()
            spans.setdefault((entity, stage, n), [None, None])[0 if word == "start" else 1] = float(at)
            if word == "start":
                starts[(entity, stage, n)] += 1
        c["double_launches"] += sum(n - 1 for n in starts.values() if n > 1)
        by_stage: dict[tuple, list] = {}
        for (entity, stage, _n), (t0, t1) in spans.items():
            by_stage.setdefault((entity, stage), []).append((t0, t1 if t1 is not None else float("inf")))
        for intervals in by_stage.values():
            intervals.sort()
            for (_, end), (start, _) in itertools.pairwise(intervals):
                if start < end:
                    c["double_launches"] += 1


ZERO = ("corrupt_states", "double_launches", "lost_jobs", "lost_events", "duplicate_events", "tick_errors",
        "snapshots_ahead")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kills", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-seconds", type=float, default=1800.0)
    ap.add_argument("--dir", default="/dev/shm" if os.access("/dev/shm", os.W_OK) else None,
                    help="where the runs live (default /dev/shm: a kill does not care about fsync, and a tick "
                         "there is 5x faster)")
    ap.add_argument("--keep", action="store_true", help="keep the runs' folders (printed) to look at them")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    t0 = time.monotonic()
    with (contextlib.nullcontext(tempfile.mkdtemp(prefix="tianluo-crash-", dir=args.dir)) if args.keep
          else tempfile.TemporaryDirectory(prefix="tianluo-crash-", dir=args.dir)) as tmp:
        warm(Path(tmp))
        harness = Harness(Path(tmp), args.runs, args.seed)
        harness.campaign(args.kills, t0 + args.max_seconds)
        harness.recover(timeout=120)
        result = harness.verify()
        if args.keep:
            result["dir"] = tmp
        if harness.problems:
            result["problems"] = harness.problems[:20]
    result["seconds"] = round(time.monotonic() - t0, 1)
    result["seed"] = args.seed
    for key in ZERO:
        result.setdefault(key, 0)
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        for key in sorted(result):
            print(f"{key:>24}: {result[key]}")
        bad = [k for k in ZERO if result[k]]
        print("OK: none of " + ", ".join(ZERO) if not bad else "FAILED: " + ", ".join(bad))
    return 1 if any(result[k] for k in ZERO) else 0


if __name__ == "__main__":
    sys.exit(main())
