"""--home is a symbolic link loop: `start --replan` says so in one line."""
EXPECT = {"args": ["start", "{spec}", "--replan", "--trigger", "none", "--home", "{tmp}/h2"], "exit": 2,
          "message": 'Too many levels of symbolic links'}


def setup(ctx):
    (ctx.tmp / "h2").symlink_to("h2")
