"""A scripted agent that crashes: half an answer, then a traceback and exit 3."""

import sys

sys.stdin.read()
print('{"action": "retry", "reason": "looks flak', flush=True)


def answer():
    raise RuntimeError("the model endpoint returned 500")


try:
    answer()
except RuntimeError:
    import traceback

    traceback.print_exc()
    sys.exit(3)
