"""started.json with the port 29500.5 (a float): the record is judged damaged, never shown or used as a port."""
EXPECT = {"args": ["tick", "--run", "{run}"], "exit": 0, "message": ''}
EXPECT["changes_ok"] = True


def setup(ctx):
    path = ctx.attempt / "started.json"
    text = path.read_text()
    assert '"port": ' in text
    value = "29500.5"
    path.write_text(text.replace('"port": ', '"port": ' + value + ', "was": ', 1))
