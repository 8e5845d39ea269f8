"""answers.json planted by another user (nobody): start refuses it (it used to exit 0)."""
EXPECT = {"args": ["start", "{spec}", "--trigger", "none", "--new"], "exit": 2, "message": 'chown'}


def setup(ctx):
    import os
    d = ctx.home / "plans" / "corpus"
    d.mkdir(parents=True, exist_ok=True)
    (d / "answers.json").write_text('{"version": 1, "answers": {}}')
    os.chown(d / "answers.json", 65534, -1)
