""".lock names PID 1 holding it since 2020 with an infinite budget, and nobody holds it: status shows the run."""
EXPECT = {"args": ["status", "--run", "{run}"], "exit": 0, "message": ''}


def setup(ctx):
    import socket
    (ctx.run / ".lock").write_text(f'{{"pid": 1, "host": "{socket.gethostname()}", "since": "2020-01-01T00:00:00Z", '
                                   '"budget_s": Infinity, "what": "tick"}\n')
