"""Workloads the benchmarks (and the scale tests) share: specs of many jobs and of many stages.

    from benchmarks.workloads import write_sweep, write_jobs

``write_sweep(folder, entities, chain)`` writes a hyper-parameter sweep: ``entities`` entities,
each a chain of ``chain`` stages (prep -> train -> eval -> ...), every one with ``done_when``,
``progress`` and ``output``, plus one ``summary.report`` stage that needs every entity's last
stage (a fan-in as wide as the sweep). 2,000 x 5 = 10,000 stages (+1).

``write_jobs(folder, n, seconds)`` writes ``n`` independent long-running jobs (one stage each)
that print a progress line every second, as trainers do: the "many jobs on one GPU host" case.

``write_log(path, mib)`` writes ``mib`` MiB of what a trainer prints (step lines, tqdm redraws
with ``\\r``, warnings, a few fault lines far apart), a fatal line last.
"""

from pathlib import Path

STAGE_NAMES = ("prep", "train", "eval", "export", "score", "pack", "check", "upload")


def write_sweep(folder: Path, entities: int, chain: int = 5, command: str = "true",
                interval: str = "10m", released: int | None = None) -> Path:
    """A spec of ``entities`` x ``chain`` stages plus a fan-in; returns the spec's path.

    ``released``: also an entity ``gate`` of two stages, ``go`` (ends once the file ``go.flag``
    exists in the workdir) and ``wait`` (sleeps a day); the first stage of the first ``released``
    entities needs ``gate.go``, of the others ``gate.wait``. So a tick changes nothing until
    ``go.flag`` is touched, then ``released`` entities start (the big-runs benchmark).
    """
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
            elif released is not None:
                lines.append(f"        needs: [{'gate.go' if e < released else 'gate.wait'}]")
            prev = name
        lasts.append(f"{ename}.{prev}")
    if released is not None:
        lines += ["  gate:", "    stages:", "      go:", "        run: while [ ! -f go.flag ]; do sleep 0.2; done",
                  "      wait:", "        run: sleep 86400"]
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
#!/usr/bin/env bash
# A long-running job that logs as a trainer does: $1 progress lines, one every $2 seconds (default 1).
# It waits with bash's own read timeout on a pipe nobody writes to, not with a sleep process a line:
# 2,000 jobs that each forked a sleep every second would load a 2-core host more than any tick.
exec {tick}<> <(:)
i=0
while [ "$i" -lt "$1" ]; do
  i=$((i + 1))
  echo "step $i/$1 loss=0.$i"
  read -r -t "${2:-1}" -u "$tick" || :
done
mkdir -p out && touch "out/$TIANLUO_ENTITY.done"
"""


def write_jobs(folder: Path, n: int, seconds: int = 3600, interval: str = "10m", step: float = 1) -> Path:
    """A spec of ``n`` independent one-stage jobs that run ``seconds``; returns the spec's path.

    ``step``: seconds between two progress lines (1: a line a second, as real trainers print).
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "job.sh").write_text(JOB_SCRIPT)
    lines = ["name: many", "backend: local", f"interval: {interval}", "entities:"]
    for e in range(n):
        lines += [f"  j{e:05d}:", "    stages:", "      train:",
                  f"        run: bash job.sh {max(1, int(seconds / step))} {step:g}",
                  "        done_when: {exists: 'out/{entity}.done'}",
                  "        progress: {regex: 'step (?P<done>\\d+)/(?P<total>\\d+)', stall_after: 30m}"]
    lines += ["success_gate: {all_done: true, deadline: 7d}",
              "ladder:", "  transient: {retries: 3, backoff: [0s, 1m, 5m]}", "  unknown: {retries: 1}"]
    spec = folder / "tianluo.yaml"
    spec.write_text("\n".join(lines) + "\n")
    return spec


FAULT_LINES = (b"[rank3]: ConnectionResetError: [Errno 104] Connection reset by peer\n",
               (b"Traceback (most recent call last):\n  File \"train.py\", line 88, in <module>\n"
                b"TypeError: forward() got an unexpected keyword argument 'mask'\n"),
               b"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n",
               b"host-3:1234:99 [0] NCCL WARN Timeout waiting for peer\n")
FATAL_LAST = b"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 8.00 GiB (the last line)\n"


def write_log(path: Path, mib: float) -> Path:
    """About ``mib`` MiB of a trainer's log: step lines, tqdm redraws, warnings, a few faults; a fatal line last."""
    block = []
    for i in range(200):
        block.append(f"[rank{i % 8}] step {i}/100000 loss={2.3456 - i * 1e-4:.4f} lr=3.0e-04 "
                     f"grad_norm=1.234 tokens/s=81234\n")
        if i % 10 == 0:
            block.append(f"Epoch 1:  {i % 100:2d}%|\u2588\u2588\u2588\u2588      | {i * 50}/10000 "
                         f"[12:34<15:20,  5.97it/s, loss=1.23]\r" * 5 + "\n")
        if i % 50 == 0:
            block.append("/usr/lib/python3/site-packages/torch/utils/data/dataloader.py:557: UserWarning: "
                         "This DataLoader will create 16 worker processes in total.\n")
        if i % 97 == 0:
            block.append("INFO 2026-11-30 03:12:44,120 checkpoint.py:88 saving to out/run7/step_1200.pt\n")
    data = "".join(block).encode()
    path = Path(path)
    with open(path, "wb") as f:
        written, n = 0, 0
        while written < mib * 2**20:
            f.write(data)
            written += len(data)
            n += 1
            if n % 400 == 0:  # a few fault lines, far apart
                f.write(FAULT_LINES[n // 400 % len(FAULT_LINES)])
        f.write(FATAL_LAST)
    return path
