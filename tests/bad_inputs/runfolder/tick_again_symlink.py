"""A planted .tick-again link (to a file of root's): refused at the lock, nothing written through it."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": ".tick-again"}


def setup(ctx):
    victim = ctx.tmp / "victim.txt"
    victim.write_text("keep me\n")
    (ctx.run / ".tick-again").symlink_to(victim)
