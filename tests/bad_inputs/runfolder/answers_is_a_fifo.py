"""plans/<spec>/answers.json is a FIFO: plan neither hangs nor crashes."""
EXPECT = {"args": ["plan", "{spec}"], "exit": 2, "message": 'answers.json: is a FIFO'}


def setup(ctx):
    import os
    folder = ctx.home / "plans" / "corpus"
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    (folder / "answers.json").unlink(missing_ok=True)
    os.mkfifo(folder / "answers.json")
