"""attempts/a/eval (where the next attempt goes) links outside: refused before anything is saved (no half tick)."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'attempts/a/eval: is a symbolic link'}


def setup(ctx):
    (ctx.tmp / "elsewhere").mkdir()
    (ctx.run / "attempts" / "a" / "eval").symlink_to(ctx.tmp / "elsewhere")
