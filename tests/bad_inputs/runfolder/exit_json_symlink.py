"""exit.json links to /etc/passwd-like file."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 2, "message": 'exit.json: is a symbolic link'}


def setup(ctx):
    (ctx.tmp / "passwd").write_text("root:x:0:0::/root:/bin/sh\n")
    (ctx.attempt / "exit.json").unlink()
    (ctx.attempt / "exit.json").symlink_to(ctx.tmp / "passwd")
