"""`install systemd` into a run whose events.jsonl is a hard link: refused before any unit file is written."""
EXPECT = {"args": ["install", "systemd", "--run", "{run}"], "exit": 2, "message": 'hard link'}


def setup(ctx):
    import os
    os.link(ctx.run / "events.jsonl", ctx.tmp / "second-name")
