"""A tiny real PyTorch DDP trainer (gloo, CPU) for tianluo's tests and for trying tianluo out.

Run it under torchrun, e.g. ``torchrun --nproc-per-node 2 --master-port PORT train_ddp.py --out out/a``.
It trains a small linear model, prints ``step N/M loss=...`` from rank 0, saves a checkpoint
``ckpt-<step>.pt`` every ``--save-every`` steps (rank 0) into ``--ckpt-dir`` (scratch space,
often another disk; ``--out`` by default) and resumes from the newest one there, and writes
``final.pt`` into ``--out`` at the end. Like most trainers it saves with a plain
``torch.save(state, path)``: a save cut short (a full disk) leaves a truncated file behind,
which the next start takes for the newest checkpoint. With ``--atomic-save`` it saves as
TensorFlow's and Orbax's checkpointers do: to a temporary name, renamed once complete, so a
save cut short leaves only ``ckpt-<step>.pt.tmp``, which is never resumed from. ``--fault`` makes
one rank fail for real at ``--fault-step`` (once per output folder, a marker file remembers it, except ``nan``), so a
retry shows what a resumed run does:

- ``kill``: the rank kills itself with SIGKILL (what ``kill -9`` or the OOM killer does);
- ``shape``: the rank multiplies tensors whose shapes do not fit (a real RuntimeError);
- ``hang``: the rank stops moving (sleeps), so every rank blocks in the next all-reduce;
- ``nan``: the loss becomes NaN while ``--lr`` is above ``--nan-above`` (every attempt), and the
  trainer's guard stops the run.
"""

import argparse
import glob
import os
import re
import signal
import sys
import time

import torch
import torch.distributed as dist


def newest_checkpoint(out: str):
    """(step, path) of the newest ``ckpt-<step>.pt`` in ``out`` ((0, None) if none); like most trainers it
    does not fall back to an older one when the newest cannot be read."""
    found = []
    for path in glob.glob(os.path.join(out, "ckpt-*.pt")):
        m = re.fullmatch(r"ckpt-(\d+)\.pt", os.path.basename(path))
        if m:
            found.append((int(m.group(1)), path))
    return max(found) if found else (0, None)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--ckpt-dir", help="where checkpoints are saved and resumed from (default: --out)")
    ap.add_argument("--atomic-save", action="store_true",
                    help="save each checkpoint to a temporary name and rename it once complete")
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--save-every", type=int, default=2)
    ap.add_argument("--width", type=int, default=16, help="model width: a checkpoint is about width^2 * 4 bytes")
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--sleep", type=float, default=0.1, help="seconds per step")
    ap.add_argument("--fault", choices=["none", "kill", "shape", "hang", "nan"], default="none")
    ap.add_argument("--fault-step", type=int, default=3)
    ap.add_argument("--fault-rank", type=int, default=1)
    ap.add_argument("--nan-above", type=float, default=0.05,
                    help="with --fault nan: the lr above which the loss diverges")
    args = ap.parse_args()

    dist.init_process_group("gloo")
    rank = dist.get_rank()
    ckpt_dir = args.ckpt_dir or args.out
    os.makedirs(args.out, exist_ok=True)
    os.makedirs(ckpt_dir, exist_ok=True)
    torch.manual_seed(0)
    model = torch.nn.Linear(args.width, args.width)
    resumed_step, path = newest_checkpoint(ckpt_dir)
    if path is not None:
        model.load_state_dict(torch.load(path))  # a bad file raises here, as in real trainers
        if rank == 0:
            print(f"resumed from {os.path.basename(path)} at step {resumed_step}", flush=True)
    ddp = torch.nn.parallel.DistributedDataParallel(model)
    opt = torch.optim.SGD(ddp.parameters(), lr=args.lr)
    marker = os.path.join(args.out, f".fault-{args.fault}-done")
    for step in range(resumed_step + 1, args.steps + 1):
        faulty = args.fault != "none" and step == args.fault_step and rank == args.fault_rank
        if args.fault == "nan":
            faulty = faulty and args.lr > args.nan_above  # diverges every time while lr is too high
        else:
            faulty = faulty and not os.path.exists(marker)  # once per output folder
        if faulty:
            open(marker, "w").close()
            if args.fault == "kill":
                os.kill(os.getpid(), signal.SIGKILL)
            if args.fault == "hang":
                time.sleep(3600)
        x = torch.randn(8, args.width)
        if faulty and args.fault == "shape":
            x = torch.randn(8, args.width + 1)  # the data no longer fits the model
        loss = ddp(x).pow(2).mean()
        if faulty and args.fault == "nan":
            loss = loss * float("nan")
        if not torch.isfinite(loss):
            print(f"step {step}: loss is {loss.item()}, stopping training", flush=True)
            raise FloatingPointError(f"Loss is {loss.item()} at step {step}; lower the learning rate (lr={args.lr})")
        opt.zero_grad()
        loss.backward()
        opt.step()
        if rank == 0:
            print(f"step {step}/{args.steps} loss={loss.item():.4f}", flush=True)
            if step % args.save_every == 0:
                path = os.path.join(ckpt_dir, f"ckpt-{step}.pt")
                if args.atomic_save:
                    torch.save(model.state_dict(), path + ".tmp")
                    os.replace(path + ".tmp", path)
                else:
                    torch.save(model.state_dict(), path)
        time.sleep(args.sleep)
    if rank == 0:
        torch.save(model.state_dict(), os.path.join(args.out, "final.pt"))
        print("training done", flush=True)
    dist.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main())
