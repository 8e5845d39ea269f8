"""cron.log is a hard link to a file of root's elsewhere: nothing is appended to it, cut or chmodded."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'hard link'}


def setup(ctx):
    import os
    victim = ctx.tmp / "shadow"
    victim.write_text("root:$6$secret:19000::::::\n")
    os.chmod(victim, 0o640)
    (ctx.run / "cron.log").unlink(missing_ok=True)
    os.link(victim, ctx.run / "cron.log")
