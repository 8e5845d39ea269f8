"""a binary answers.json under the home: start refuses instead of ignoring it."""
EXPECT = {"args": ["start", "{spec}", "--trigger", "none", "--new"], "exit": 2, "message": 'saved answers are damaged'}


def setup(ctx):
    d = ctx.home / "plans" / "corpus"
    d.mkdir(parents=True, exist_ok=True)
    (d / "answers.json").write_bytes(bytes(range(256)))
