""".lock names a holder with a NaN budget: status --json still answers."""
EXPECT = {"args": ["status", "--json", "--run", "{run}"], "exit": 0, "message": ''}


def setup(ctx):
    import socket
    (ctx.run / ".lock").write_text(f'{{"pid": 1, "host": "{socket.gethostname()}", "since": "2020-01-01T00:00:00Z", '
                                   '"budget_s": NaN}\n')
