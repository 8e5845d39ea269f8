"""answers.json is a link to answers elsewhere."""
EXPECT = {"args": ["plan", "{spec}"], "exit": 2, "message": 'symbolic link'}


def setup(ctx):
    d = ctx.home / "plans" / "corpus"
    d.mkdir(parents=True, exist_ok=True)
    (ctx.tmp / "their-answers.json").write_text('{"version": 1, "answers": {}}')
    (d / "answers.json").symlink_to(ctx.tmp / "their-answers.json")
