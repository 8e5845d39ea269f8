"""A command-backend template puts a scheduler's value only where a plain value cannot become code (issue 25).

A job id is printed by the scheduler: ``cancel: "sh -c {job_id}"`` would run the word a submit
printed (``reboot``) with tianluo's rights. Every shape that runs a value (the script of a
shell or an interpreter, an argument of eval, the command's name, $(...), backticks, a pipe
into a shell or xargs, a variable later evaluated...) is refused when the spec is read, in
one line naming the template and how to write it; the shapes that only pass it as an
argument still run. The shell proves the refused shapes: rendered with a plain word for the
id, they run a program of that name. At run time an id that is not a plain token is never
given to a template, and patterns that match any text are refused for ``forgotten`` and
``unreachable``.
"""

import signal
import sys
from pathlib import Path

import pytest
from conftest import cli, write_spec
from pydantic import ValidationError

from tianluo.backends.base import Handle, JobSpec, SubmitRejected
from tianluo.backends.command import CommandBackend, CommandError, CommandOptions, render, run_command
from tianluo.models.states import JobState

TINYQ = Path(__file__).resolve().parent / "tinyq.py"
WORDS = {"QUEUED": "queued", "RUNNING": "running", "DONE": "ended"}
MARK = "tlmark"  # a plain word a scheduler could print as a job id, and a program of that name


def spec(**over) -> dict:
    q = f"{sys.executable} {TINYQ} --dir /nonexistent"
    return {"kind": "command", "submit": f"{q} submit --name {{job_name}} {{script}}",
            "status": f"{q} status {{job_ids}}", "states": dict(WORDS), "cancel": f"{q} cancel {{job_id}}",
            "timeout": "5s", **over}


#: (template key, template): each runs its value as code, or could (the scheduler's values are any text).
REFUSED = [
    ("cancel", "sh -c {job_id}"),
    ("cancel", "bash -c {job_id}"),
    ("cancel", "dash -ec {job_id}"),
    ("cancel", "bash --norc -c {job_id}"),
    ("cancel", "eval {job_id}"),
    ("cancel", "eval scancel {job_id}"),
    ("cancel", "echo $({job_id})"),
    ("cancel", "echo `{job_id}`"),
    ("cancel", "echo ${job_id}"),
    ("cancel", "{job_id}"),
    ("cancel", "{job_id} --now"),
    ("cancel", "python3 -c {job_id}"),
    ("cancel", "perl -e {job_id}"),
    ("cancel", "awk {job_id}"),
    ("cancel", "echo {job_id} | xargs scancel"),
    ("cancel", "echo {job_id} | sh"),
    ("cancel", "cat <<< {job_id} | bash"),
    ("cancel", "env {job_id}"),
    ("cancel", "env X=1 {job_id}"),
    ("cancel", "env -S {job_id}"),
    ("cancel", "nohup {job_id}"),
    ("cancel", "timeout 5 scancel {job_id}"),
    ("cancel", "find . -maxdepth 0 -exec {job_id} \\;"),
    ("cancel", "X={job_id}; eval $X"),
    ("cancel", "X={job_id}; sh -c \"$X\""),
    ("cancel", "PAGER={job_id} git log"),
    ("cancel", "trap {job_id} EXIT"),
    ("cancel", ". {job_id}"),
    ("cancel", "printf %s {job_id} > f; sh f"),
    ("cancel", "ssh login scancel {job_id}"),
    ("cancel", "read {job_id}"),
    ("cancel", "echo $(( {job_id} ))"),
    ("cancel", "[[ {job_id} -eq 1 ]] && scancel {job_id}"),
    ("cancel", "\\{job_id}"),
    ("hold", "sh -c {job_id}"),
    ("release", "eval qrls {job_id}"),
    ("status", "sh -c {job_ids_comma}"),
    ("status", "for i in {job_ids}; do eval qstat $i; done"),
    ("status", "echo {job_ids} | xargs -n1 qstat"),
    ("find", "sh -c {job_name}"),
    ("find", "eval squeue --name={job_name}"),
    ("find", "squeue --name=$({job_name})"),
    ("find", "{job_name}"),
    ("submit", "sh -c {attempt_dir} {script}"),
    ("submit", "eval qsub -d {workdir} {script}"),
]

#: Refused shapes that, rendered with a plain word for the value, run a program of that name.
PROVEN = {("cancel", t) for t in ("sh -c {job_id}", "bash -c {job_id}", "eval {job_id}", "echo $({job_id})",
                                  "echo `{job_id}`", "{job_id}", "echo {job_id} | sh", "env {job_id}",
                                  "nohup {job_id}", "find . -maxdepth 0 -exec {job_id} \\;", "X={job_id}; eval $X",
                                  "trap {job_id} EXIT", "python3 -c {job_id}")}

ACCEPTED = [
    ("cancel", "scancel {job_id}"),
    ("cancel", "scancel --name={job_name} {job_id}"),
    ("cancel", "scancel -- {job_id} # {job_id}"),
    ("cancel", "sh -c 'scancel \"$1\"' sh {job_id}"),
    ("cancel", "command scancel {job_id}"),
    ("cancel", "SLURM_CONF=/etc/slurm.conf scancel {job_id} 2>&1"),
    ("cancel", "kubectl delete job {job_name} && echo {job_id}"),
    ("status", "squeue --noheader --format='%i %T' --jobs={job_ids_comma}"),
    ("status", "for i in {job_ids}; do qstat \"$i\"; done"),
    ("status", "qstat {job_ids} | awk '{{print $1, $5}}'"),
    ("submit", "sbatch --parsable --job-name={job_name} --output={attempt_dir}/job.out --chdir={workdir} {script}"),
    ("submit", "qsub -N {job_name} -o {attempt_dir} {script}"),
    ("submit", "bsub -J {job_name} < {script} | sed 's/Job <\\([0-9]*\\)>.*/\\1/'"),
    ("submit", "{script} & echo $!"),
    ("find", "squeue --noheader --format=%i --name={job_name}"),
]


@pytest.mark.parametrize("key, template", REFUSED)
def test_a_value_where_it_could_run_is_refused_in_one_line_with_the_fix(key, template):
    with pytest.raises(ValidationError) as err:
        CommandOptions(**spec(**{key: template}))
    problem = err.value.errors()[0]
    assert problem["loc"][0] == key
    msg = problem["msg"]
    assert "\n" not in msg and "{" in msg and "run as code" in msg or "'$'" in msg, msg
    assert any(w in msg for w in ("give ", "pass ", "put ", "write ", "remove ")), msg  # the fix


@pytest.mark.parametrize("key, template", ACCEPTED)
def test_a_value_passed_as_an_argument_is_accepted(key, template):
    CommandOptions(**spec(**{key: template}))


@pytest.mark.parametrize("key, template", sorted(PROVEN))
def test_the_shell_proves_a_refused_shape_runs_a_plain_word(tmp_path, key, template):
    """Rendered as tianluo renders it (each value shell-quoted), the word runs as a program: why it is refused."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    prog = bin_dir / MARK
    prog.write_text(f"#!/bin/sh\ntouch {tmp_path}/ran\n")
    prog.chmod(0o755)
    if template.startswith("python3"):
        values = {"job_id": f"open('{tmp_path}/ran','w')", "job_name": "n", "attempt_dir": "/a"}
    else:
        values = {"job_id": MARK, "job_name": "n", "attempt_dir": "/a"}
    command = f"cd {tmp_path}; PATH={bin_dir}:$PATH; " + render(template, values)
    run_command(command, 10)
    assert (tmp_path / "ran").exists(), command


def test_plan_refuses_a_template_that_runs_the_job_id_in_one_line(tmp_path):
    text = """name: t
backend:
  kind: command
  submit: "qsub {script}"
  status: "qstat {job_ids}"
  states: {R: running}
  cancel: "sh -c {job_id}"
entities:
  a:
    stages:
      s: {run: "true"}
"""
    spec_path = write_spec(tmp_path / "proj", text)
    proc = cli("plan", spec_path, cwd=tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1, proc.stderr
    assert f"{spec_path}:7: backend.cancel: {{job_id}} is the code that sh runs" in proc.stderr
    assert "sh -c '... \"$1\" ...' sh {job_id}" in proc.stderr


# --- at run time: only plain tokens reach a template ---------------------------------------------------


def _backend(tmp_path: Path, **over) -> tuple[CommandBackend, Path]:
    mark = tmp_path / "ran"
    log = f"printf '%s\\n' {{job_id}} >> {mark}"
    return CommandBackend(tmp_path, CommandOptions(**spec(cancel=log, hold=log, release=log, **over))), mark


@pytest.mark.parametrize("printed", ["-rf", "--all", "-1", "$(reboot)", "a|b", "1&&x", "1\x1b[2J", "é1", "'1'", "1>x",
                                     "1\\x", "*", "~root"])
def test_a_submit_printing_no_plain_token_is_refused_and_nothing_runs_with_it(tmp_path, printed):
    (tmp_path / "out").write_text(f"Submitted\n{printed}\n")
    backend, mark = _backend(tmp_path, submit=f"cat {tmp_path}/out # {{script}}")
    job = JobSpec(job_name="n", command="true", workdir=str(tmp_path), attempt_dir=str(tmp_path / "a" / "1"))
    with pytest.raises(SubmitRejected, match="printed no job id"):
        backend.submit(job)
    assert len(backend.calls) == 1 and not mark.exists()


@pytest.mark.parametrize("job_id", ["-rf", "12 34", "12;reboot", "$(touch x)", "1\n2", "*"])
def test_a_recorded_id_that_is_no_plain_token_is_never_given_to_a_template(tmp_path, job_id):
    """An id from state.json edited by hand (or written by an older tianluo): cancel, hold and status refuse it."""
    backend, mark = _backend(tmp_path, status=f"printf '%s RUNNING\\n' {{job_ids}} >> {tmp_path}/ran")
    job = JobSpec(job_name="n", command="true", workdir=str(tmp_path), attempt_dir=str(tmp_path / "a" / "1"))
    for act in (lambda: backend.cancel(job, Handle(job_id=job_id), signal.SIGTERM),
                lambda: backend.hold(job, Handle(job_id=job_id))):
        with pytest.raises(CommandError, match="not a plain token"):
            act()
    facts = backend.poll({"n": (job, Handle(job_id=job_id))})
    assert facts["n"].state == JobState.UNREACHABLE and "not a plain token" in facts["n"].detail
    assert backend.calls == [] and not mark.exists()
    backend.poll({"n": (job, Handle(job_id="77"))})  # a plain id is asked about as before
    assert mark.read_text() == "77 RUNNING\n"


# --- patterns that tell nothing apart ----------------------------------------------------------------


@pytest.mark.parametrize("key", ["forgotten", "unreachable"])
@pytest.mark.parametrize("pattern", [".*", "", ".*?", "(|x)", "^", "$", "x*", "(?:)", ".", ".+", "\\S", "\\w",
                                     "[\\s\\S]", "(?s).*", "a|b|"])
def test_a_pattern_that_matches_any_text_is_refused(key, pattern):
    with pytest.raises(ValidationError) as err:
        CommandOptions(**spec(**{key: pattern}))
    problem = err.value.errors()[0]
    assert problem["loc"][0] == key and "matches any text" in problem["msg"] and "\n" not in problem["msg"]


@pytest.mark.parametrize("pattern", ["Invalid job id specified", "Unknown Job Id", "Connection refused|timed out",
                                     "(?i)error: slurm", "^qstat: "])
def test_a_pattern_naming_the_scheduler_words_is_accepted(pattern):
    CommandOptions(**spec(forgotten=pattern, unreachable=pattern))
