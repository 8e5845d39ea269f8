"""Any Unicode is data: invalid UTF-8 or a lone surrogate (``"\\ud800"`` in JSON) in a file or an answer
tianluo reads is never a crash (exit 1, a traceback): it is shown as U+FFFD, skipped with a note, or refused
in one line with exit 2, as the file's role says. Real runs through the CLI: each command that meets the bad text
is a real ``python -m tianluo``, whose own stdio takes what it prints (runs are started in a fork,
tests/forked_cli.py)."""

import json
import shutil
import sys

import pytest
from conftest import cli, read_state, wait_for, write_spec
from forked_cli import start_run

pytestmark = pytest.mark.integration

SURROGATE = "\\ud800"  # as JSON writes it: json.loads gives a str no UTF-8 writer takes


def _no_crash(proc) -> None:
    assert proc.returncode in (0, 2), proc.stderr
    assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr
    if proc.returncode == 2:
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr


def test_an_agent_answer_with_a_lone_surrogate_is_kept_and_the_tick_goes_on(tmp_path):
    agent = tmp_path / "agent.py"
    agent.write_text("import sys\nsys.stdin.read()\n"
                     f"print(r'{{\"action\": \"hold\", \"reason\": \"odd {SURROGATE} text\"}}')\n")
    text = ("name: uni\ninterval: 1m\nentities:\n  a:\n    stages:\n      train: {run: 'echo odd >&2; exit 7'}\n"
            f"agent: {{command: {json.dumps(sys.executable + ' ' + str(agent))}, timeout: 20s}}\n")
    run_dir = start_run(write_spec(tmp_path / "proj", text), tmp_path / "home", tmp_path)
    wait_for((run_dir / "attempts/a/train/1/exit.json").exists, timeout=20, what="the attempt to exit")
    for _ in range(3):
        proc = cli("tick", "--run", run_dir, cwd=tmp_path, check=False)
        _no_crash(proc)
        assert proc.returncode == 0
    reply = read_state(run_dir)["entities"]["a"]["stages"]["train"]["consults"][0]["reply"]
    assert reply["action"] == "hold" and reply["reason"] == "odd \ufffd text"


def test_a_lone_surrogate_in_an_earlier_runs_lessons_does_not_stop_plan(tmp_path):
    spec = write_spec(tmp_path / "proj", "name: uni\nentities:\n  a:\n    stages:\n      train: {run: 'true'}\n")
    home = tmp_path / "home"
    old = home / "20200101-000000-uni"
    old.mkdir(parents=True, mode=0o700)
    home.chmod(0o700)
    doc = ('{"lessons_version": 1, "run_id": "20200101-000000-uni", "ended_at": "2020-01-01T00:00:00Z", '
           f'"items": [{{"entity": "a", "stage": "train", "label": "x", "text": "bad {SURROGATE} lesson"}}]}}')
    (old / "lessons.md").write_text(f"# Lessons\n\n## For the next plan\n\n```json\n{doc}\n```\n")
    (old / "lessons.md").chmod(0o600)
    proc = cli("plan", spec, "--home", home, cwd=tmp_path, check=False)
    _no_crash(proc)
    assert proc.returncode == 0 and "bad \ufffd lesson" in proc.stdout


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A run whose one stage has exited (not yet ticked), with a progress file and an exit.json."""
    root = tmp_path_factory.mktemp("uni")
    text = ("name: uni\ninterval: 1m\nentities:\n  a:\n    stages:\n      train:\n"
            "        run: 'echo step 1/4; echo ok >&2; exit 3'\n"
            "        progress: {file: progress.json}\n"
            "ladder:\n  unknown: {retries: 0}\n")
    run_dir = start_run(write_spec(root / "proj", text), root / "home", root)
    wait_for((run_dir / "attempts/a/train/1/exit.json").exists, timeout=20, what="the attempt to exit")
    return root, run_dir


def _append(path, data: bytes) -> None:
    with open(path, "ab") as f:
        f.write(data)


def _json_with(path, key: str) -> None:
    """``key`` of the JSON object at ``path`` set to a lone surrogate (written as JSON writes it)."""
    doc = json.loads(path.read_text())
    doc[key] = "PLACEHOLDER"
    path.write_text(json.dumps(doc).replace("PLACEHOLDER", f"x {SURROGATE} y"))


#: (what is damaged, how, the command that reads it)
READERS = [
    ("state.json", lambda r, p: _json_with(r / "state.json", "phase_reason"), ("status",)),
    ("state.json, --json", lambda r, p: _json_with(r / "state.json", "phase_reason"), ("status", "--json")),
    ("state.json, bytes", lambda r, p: _append(r / "state.json", b"\xff\xfe"), ("status",)),
    ("events.jsonl", lambda r, p: _append(r / "events.jsonl", b'{"event": "x", "message": "a \\ud800"}\n\xff\n'),
     ("events",)),
    ("events.jsonl, --json", lambda r, p: _append(r / "events.jsonl", b'{"event": "x", "message": "\\udfff"}\n'),
     ("events", "--json")),
    ("findings.md", lambda r, p: (r / "findings.md").write_bytes(b"# Findings\n\n- \xff\xfe \xed\xa0\x80\n"),
     ("note", "a", "after bad bytes")),
    ("exit.json", lambda r, p: _json_with(r / "attempts/a/train/1/exit.json", "host"), ("tick",)),
    ("stderr", lambda r, p: _append(r / "attempts/a/train/1/stderr", b"\xff\xfe\xed\xa0\x80 Error \\ud800\n"),
     ("tick",)),
    ("progress file", lambda r, p: (p / "progress.json").write_text(f'{{"done": 1, "total": 4, "n": "{SURROGATE}"}}'),
     ("tick",)),
    ("progress file, bytes", lambda r, p: (p / "progress.json").write_bytes(b'{"done": 1, "\xff": 2}'), ("tick",)),
    ("logs", lambda r, p: _append(r / "attempts/a/train/1/stderr", b"\x1b]0;\xff\xed\xa0\x80\n"),
     ("logs", "a.train")),
]


@pytest.mark.parametrize("what, damage, command", READERS, ids=[r[0] for r in READERS])
def test_every_reader_takes_invalid_text_as_data(tmp_path, finished, what, damage, command):
    root, template = finished
    run_dir = tmp_path / "home" / template.name
    shutil.copytree(template, run_dir, symlinks=True)
    (tmp_path / "home").chmod(0o700)
    damage(run_dir, root / "proj")
    args = (*command, "--run", run_dir) if command[0] != "note" else ("note", *command[1:], "--run", run_dir)
    _no_crash(cli(*args, cwd=tmp_path, check=False))


@pytest.mark.parametrize("data", [b"name: uni\xff\nentities: {}\n", b'name: "uni \\ud800"\nentities: {}\n'],
                         ids=["invalid UTF-8", "a surrogate escape"])
def test_a_spec_with_invalid_text_is_refused_in_one_line(tmp_path, data):
    spec = tmp_path / "tianluo.yaml"
    spec.write_bytes(data)
    proc = cli("plan", spec, "--home", tmp_path / "home", cwd=tmp_path, check=False)
    _no_crash(proc)
    assert proc.returncode == 2
