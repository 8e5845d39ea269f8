"""state.json records a checkpoint move whose path leaves the project folder: nothing outside is renamed."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 0, "message": ''}
EXPECT["changes_ok"] = True


def setup(ctx):
    secret = ctx.tmp.parent / (ctx.tmp.name + "-outside")
    secret.mkdir()
    (secret / "secret").write_text("s")
    with ctx.edit_json(ctx.run / "state.json") as doc:
        stage = doc["entities"]["a"]["stages"]["train"] if "entities" in doc else None
        moves = {"attempt": 1, "path": f"../{secret.name}/secret", "size": 1, "mtime_ns": 0,
                 "resume_from": "x", "at": "2026-01-01T00:00:00Z"}
        stage["checkpoint_moves"] = [moves]
