"""Workloads the benchmarks (and the scale tests) share: specs of many jobs and of many stages.

    from benchmarks.workloads import write_sweep, write_jobs

``write_sweep(folder, entities, chain)`` writes a hyper-parameter sweep: ``entities`` entities,
each a chain of ``chain`` stages (prep -> train -> eval -> ...), every one with ``done_when``,
``progress`` and ``output``, plus one ``summary.report`` stage that needs every entity's last
stage (a fan-in as wide as the sweep). 2,000 x 5 = 10,000 stages (+1).

``write_jobs(folder, n, seconds)`` writes ``n`` independent long-running jobs (one stage each)
that print a progress line now and then: the "many jobs on one GPU host" case.
"""

from pathlib import Path

STAGE_NAMES = ("prep", "train", "eval", "export", "score", "pack", "check", "upload")


def write_sweep(folder: Path, entities: int, chain: int = 5, command: str = "true",
                interval: str = "10m") -> Path:
    """A spec of ``entities`` x ``chain`` stages plus a fan-in; returns the spec's path."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    names = [STAGE_NAMES[i % len(STAGE_NAMES)] + (str(i // len(STAGE_NAMES)) if i >= len(STAGE_NAMES) else "")
             for i in range(chain)]
    lines = ["name: sweep", "backend: local", f"interval: {interval}", "entities:"]
    lasts = []
    for e in range(entities):
        ename = f"lr{e:05d}"
        lines += [f"  {ename}:", f"    params: {{lr: {1e-5 * (e + 1):.6g}, batch_size: {16 * (1 + e % 4)}}}",
                  "    stages:"]
        prev = None
        for name in names:
            lines += [f"      {name}:",
                      f"        run: {command} --lr {{lr}} --batch-size {{batch_size}} --stage {name}",
                      f"        done_when: {{exists: 'out/{{entity}}/{name}.done'}}",
                      "        progress: {regex: 'step (?P<done>\\d+)/(?P<total>\\d+)', stall_after: 30m}",
                      f"        output: {{path: 'out/{{entity}}/{name}.log'}}"]
            if prev:
                lines.append(f"        needs: [{prev}]")
            prev = name
        lasts.append(f"{ename}.{prev}")
    lines += ["  summary:", "    stages:", "      report:", f"        run: {command} --report",
              "        done_when: {exists: out/report.json}",
              "        needs: [" + ", ".join(lasts) + "]",
              "success_gate: {all_done: true, deadline: 7d}",
              "ladder:", "  transient: {retries: 3, backoff: [0s, 1m, 5m]}", "  unknown: {retries: 1}",
              "  code: {retries: 0}", "  config: {retries: 0}"]
    spec = folder / "tianluo.yaml"
    spec.write_text("\n".join(lines) + "\n")
    return spec


JOB_SCRIPT = """\
#!/bin/sh
# A long-running job: a progress line every few seconds, for $1 seconds.
i=0
while [ "$i" -lt "$1" ]; do
  i=$((i + 1))
  echo "step $i/$1 loss=0.$i"
  sleep 1
done
mkdir -p out && touch "out/$TIANLUO_ENTITY.done"
"""


def write_jobs(folder: Path, n: int, seconds: int = 3600, interval: str = "10m") -> Path:
    """A spec of ``n`` independent one-stage jobs that run ``seconds``; returns the spec's path."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "job.sh").write_text(JOB_SCRIPT)
    lines = ["name: many", "backend: local", f"interval: {interval}", "entities:"]
    for e in range(n):
        lines += [f"  j{e:05d}:", "    stages:", "      train:", f"        run: sh job.sh {seconds}",
                  "        done_when: {exists: 'out/{entity}.done'}",
                  "        progress: {regex: 'step (?P<done>\\d+)/(?P<total>\\d+)', stall_after: 30m}"]
    lines += ["success_gate: {all_done: true, deadline: 7d}",
              "ladder:", "  transient: {retries: 3, backoff: [0s, 1m, 5m]}", "  unknown: {retries: 1}"]
    spec = folder / "tianluo.yaml"
    spec.write_text("\n".join(lines) + "\n")
    return spec
