"""start whose crontab fails: the new run folder is removed, so the next start is not blocked."""
EXPECT = {"args": ["start", "{spec}", "--trigger", "cron", "--accept-defaults", "--new", "--no-tick"], "exit": 2, "message": "was removed and nothing was started", "env": {"PATH": "{tmp}/failbin:/usr/bin:/bin"}}


def setup(ctx):
    (ctx.tmp / "failbin").mkdir()
    crontab = ctx.tmp / "failbin" / "crontab"
    crontab.write_text("#!/bin/sh\necho 'crontab: not allowed (test)' >&2\nexit 1\n")
    crontab.chmod(0o755)
