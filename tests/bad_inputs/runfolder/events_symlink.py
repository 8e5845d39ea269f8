"""events.jsonl links to an /etc-like file: nothing appended to it."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'symbolic link'}


def setup(ctx):
    (ctx.tmp / "passwd").write_text("root:x:0:0::/root:/bin/sh\n")
    (ctx.run / "events.jsonl").unlink()
    (ctx.run / "events.jsonl").symlink_to(ctx.tmp / "passwd")
