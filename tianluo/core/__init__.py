"""The pure core: ``decide(state, observations, now)`` and the policy it is made of (judging attempts, the
ladder, holds, cancels, GPUs, the quiet certificate, goodput). No I/O, no clock: time is passed in."""
