#!/usr/bin/env python3
"""A fake trainer for tianluo examples and tests: no GPU, same habits as a real one.

It prints ``step i/N loss=...`` lines, writes ``last.ckpt`` as it goes and ``final.ckpt``
plus ``metrics.json`` at the end, resumes from ``last.ckpt`` when it finds one, and fails
on cue, the way real training jobs fail:

  --fail connreset   a ConnectionResetError traceback (network blip)
  --fail typeerror   a TypeError traceback from the job's own code (a bug)
  --fail oom         a torch-style "CUDA out of memory" traceback
  --fail nccl        NCCL watchdog timeout lines, then SIGABRT
  --fail hang        stops printing and sleeps while alive
  --fail silent      exits 0 without writing final.ckpt
  --fail sigkill     killed by SIGKILL

``--fail-attempts 1,2`` limits the failure to those attempts (from ``$TIANLUO_ATTEMPT``);
``--oom-above-batch B`` fails with OOM whenever ``--batch-size`` is above B.
"""

import argparse
import json
import os
import signal
import sys
import time
from pathlib import Path


def parse() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", required=True)
    p.add_argument("--steps", type=int, default=20)
    p.add_argument("--step-seconds", type=float, default=0.2)
    p.add_argument("--ckpt-every", type=int, default=5)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--fail", choices=["connreset", "typeerror", "oom", "nccl", "hang", "silent", "sigkill"])
    p.add_argument("--fail-at-step", type=int, default=3)
    p.add_argument("--fail-attempts", default="", help="comma-separated attempt numbers; empty = every attempt")
    p.add_argument("--oom-above-batch", type=int)
    return p.parse_args()


def should_fail(args: argparse.Namespace) -> bool:
    if not args.fail:
        return False
    if not args.fail_attempts:
        return True
    attempt = os.environ.get("TIANLUO_ATTEMPT", "1")
    return attempt in {a.strip() for a in args.fail_attempts.split(",")}


def fail(kind: str, step: int) -> None:
    print(f"step {step}: failing on cue ({kind})", flush=True)
    if kind == "connreset":
        raise ConnectionResetError(104, "Connection reset by peer")
    if kind == "typeerror":
        def collate(batch):
            return batch + 1  # the bug: batch is a list
        collate([step])
    if kind == "oom":
        sys.stderr.write(
            "Traceback (most recent call last):\n"
            '  File "train.py", line 88, in <module>\n'
            "    loss = model(batch).loss\n"
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB "
            "(GPU 0; 79.35 GiB total capacity; 77.10 GiB already allocated)\n")
        sys.exit(1)
    if kind == "nccl":
        sys.stderr.write(
            "[Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1923, "
            "OpType=ALLREDUCE, Timeout(ms)=600000) ran for 600013 milliseconds before timing out.\n"
            "NCCL WARN Timeout waiting for collective\n")
        sys.stderr.flush()
        os.abort()
    if kind == "hang":
        while True:
            time.sleep(3600)
    if kind == "silent":
        sys.exit(0)
    if kind == "sigkill":
        os.kill(os.getpid(), signal.SIGKILL)


def main() -> int:
    args = parse()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    start = 0
    last = out / "last.ckpt"
    if last.exists():
        start = json.loads(last.read_text())["step"]
        print(f"resuming from step {start}", flush=True)
    if args.oom_above_batch is not None and args.batch_size > args.oom_above_batch:
        fail("oom", start)
    failing = should_fail(args)
    loss = 2.5
    for step in range(start + 1, args.steps + 1):
        time.sleep(args.step_seconds)
        loss = 2.5 / (1 + step * args.lr * 100)
        print(f"step {step}/{args.steps} loss={loss:.4f}", flush=True)
        if failing and step == args.fail_at_step:
            fail(args.fail, step)
        if step % args.ckpt_every == 0:  # written whole or not at all: a kill mid-write leaves the last one
            part = last.with_name(last.name + ".part")
            part.write_text(json.dumps({"step": step, "loss": loss}))
            os.replace(part, last)
    (out / "metrics.json").write_text(json.dumps({"loss": loss, "steps": args.steps}))
    (out / "final.ckpt").write_text(json.dumps({"step": args.steps, "lr": args.lr}))
    print("training done", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
