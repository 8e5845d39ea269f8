"""--home is a dangling symbolic link: plan says so in one line (it used to be an internal error)."""
EXPECT = {"args": ["plan", "{spec}", "--home", "{tmp}/h2"], "exit": 2, "message": 'symbolic link to nothing'}


def setup(ctx):
    (ctx.tmp / "h2").symlink_to(ctx.tmp / "nowhere")
