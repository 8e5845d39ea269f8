"""answers.json writable by the group: someone else could answer for you."""
EXPECT = {"args": ["start", "{spec}", "--trigger", "none", "--new"], "exit": 2, "message": 'chmod go-w'}


def setup(ctx):
    import os
    d = ctx.home / "plans" / "corpus"
    d.mkdir(parents=True, exist_ok=True)
    (d / "answers.json").write_text('{"version": 1, "answers": {}}')
    os.chmod(d / "answers.json", 0o666)
