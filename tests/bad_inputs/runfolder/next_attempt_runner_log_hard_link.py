"""attempts/a/eval/1/runner.log is a hard link to a file elsewhere: refused before anything is saved."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'hard link'}


def setup(ctx):
    import os
    victim = ctx.tmp / "shadow"
    victim.write_text("root:$6$secret:19000::::::\n")
    folder = ctx.run / "attempts" / "a" / "eval" / "1"
    folder.mkdir(parents=True, mode=0o700)
    os.link(victim, folder / "runner.log")
