"""Makes this folder's logs: a small trainer fails, and a real colouring library prints the failure.

    python make_them.py LIBRARY FAULT 2> LIBRARY-VERSION-FAULT.log

LIBRARY: loguru (``logger.add(sys.stderr, colorize=True)`` and ``logger.exception``), rich
(``rich.traceback.install`` on a console with ``force_terminal=True``), better_exceptions (its hook, with
FORCE_COLOR=1 in the environment). FAULT: ``key`` (a KeyError in the trainer's own code) or ``missing`` (the
data file it opens is not there: FileNotFoundError, errno 2). Run with the libraries' versions the file
names say (pip install loguru==0.7.3 rich==15.0.0 better-exceptions==0.3.3); the logs are kept as printed.
"""

import sys


def load(path):
    with open(path) as f:
        return f.read()


def step(batch):
    return batch["x"]


def train(fault):
    print("epoch 1 step 10/100 loss=2.31", file=sys.stderr, flush=True)
    if fault == "key":
        step({"y": 1})
    else:
        load("data/train.jsonl")


def main(library, fault):
    if library == "loguru":
        from loguru import logger
        logger.remove()
        logger.add(sys.stderr, colorize=True)
        try:
            train(fault)
        except Exception:  # noqa: BLE001 - what a trainer does: log any failure, then exit 1
            logger.exception("training failed")
            sys.exit(1)
    elif library == "rich":
        from rich.console import Console
        from rich.traceback import install
        install(console=Console(stderr=True, force_terminal=True))
        train(fault)
    elif library == "better_exceptions":
        import better_exceptions
        better_exceptions.hook()
        train(fault)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
