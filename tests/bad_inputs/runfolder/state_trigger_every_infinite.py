"""state.json's trigger.every is 1e400 (an infinity once read): `hold` refuses it in one line."""
EXPECT = {"args": ["hold", "a", "--run", "{run}"], "exit": 2, "message": 'never writes NaN'}


def setup(ctx):
    import json
    path = ctx.run / "state.json"
    doc = json.loads(path.read_text())
    doc["trigger"] = {"kind": "cron", "every": "X", "installed_at": "2026-01-01T00:00:00Z"}
    path.write_text(json.dumps(doc).replace('"X"', "1e400"))
