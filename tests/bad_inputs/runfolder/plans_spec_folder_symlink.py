"""plans/corpus is a link to a folder another user controls."""
EXPECT = {"args": ["plan", "{spec}"], "exit": 2, "message": 'symbolic link'}


def setup(ctx):
    import shutil
    d = ctx.home / "plans" / "corpus"
    d.parent.mkdir(exist_ok=True)
    if d.exists():
        shutil.rmtree(d)
    (ctx.tmp / "theirs").mkdir()
    d.symlink_to(ctx.tmp / "theirs")
