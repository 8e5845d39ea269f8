"""tianluo.backends.sbatch: the batch script of one attempt. Pure: JobSpec in, text out.

The ``#SBATCH`` lines are read back here the way sbatch reads them: ``slurm_argv`` is a port
of ``_get_argument`` in Slurm's src/sbatch/opt.c (backslash escapes the next character,
single or double quotes group, an unquoted ``#`` starts a comment, blanks separate
arguments), so a test can say what sbatch will see, not only what the text looks like.
"""

import shlex
import sys

import pytest

from tianluo.backends.base import RUNNER_BOOT, TIANLUO_ROOT, JobSpec, runner_exec
from tianluo.backends.sbatch import SCRIPT, render, sbatch_options, slurm_time
from tianluo.planning.spec_parts import Resources

PYTHON = "/usr/bin/python3"


def slurm_argv(script: str) -> list[str]:
    """The options sbatch takes from the ``#SBATCH`` lines of ``script`` (its own parser, in Python)."""
    argv = []
    for line in script.splitlines()[1:]:
        if not line.startswith("#"):
            break  # sbatch stops at the first command
        if not line.startswith("#SBATCH"):
            continue
        rest = line[len("#SBATCH"):]
        while True:
            rest = rest.lstrip()
            if not rest:
                break
            arg, i, quoted, quote, escape = [], 0, False, "", False
            while i < len(rest) and (quoted or not rest[i].isspace()):
                c = rest[i]
                if escape:
                    escape = False
                elif c == "\\":
                    escape, i = True, i + 1
                    continue
                elif quoted:
                    if c == quote:
                        quoted, i = False, i + 1
                        continue
                elif c in "\"'":
                    quoted, quote, i = True, c, i + 1
                    continue
                elif c == "#":
                    i = len(rest)  # the rest of the line is a comment
                    break
                arg.append(c)
                i += 1
            assert not quoted, f"sbatch would stop: unmatched quote in {line!r}"
            if arg:
                argv.append("".join(arg))
            rest = rest[i:]
    return argv


def job(attempt_dir: str = "/runs/r1/attempts/a/train/1", workdir: str = "/home/me/proj", *,
        resources: Resources | None = None, exclude: tuple[str, ...] = ()) -> JobSpec:
    return JobSpec(job_name="tl.r1.a.train.1", command="python train.py", workdir=workdir,
                   attempt_dir=attempt_dir, resources=resources, exclude_hosts=exclude)


def option(opts: list[str], name: str) -> str:
    (value,) = [o.split("=", 1)[1] for o in opts if o.startswith(name + "=")]
    return value


# --- slurm_time ----------------------------------------------------------------------------


@pytest.mark.parametrize("seconds, text", [
    (90, "00:02:00"),  # rounded up to the minute
    (8 * 3600, "08:00:00"),
    (36 * 3600, "1-12:00:00"),
    (60, "00:01:00"),
    (61, "00:02:00"),
    (1, "00:01:00"),
    (0, "00:01:00"),  # never 0: Slurm reads --time=0 as no limit
    (3599, "01:00:00"),
    (24 * 3600, "1-00:00:00"),
    (24 * 3600 - 30, "1-00:00:00"),
    (7 * 24 * 3600 + 90 * 60, "7-01:30:00"),
])
def test_slurm_time(seconds, text):
    assert slurm_time(seconds) == text


# --- the script ----------------------------------------------------------------------------


def test_script_name():
    assert SCRIPT == "job.sbatch"

ISOLATED = ["-I", "-S", "-c", RUNNER_BOOT, "tianluo.runner", TIANLUO_ROOT]


def test_minimal_script_exactly():
    assert render(job(), PYTHON) == (
        "#!/bin/sh\n"
        "# tianluo attempt tl.r1.a.train.1: the runner claims the folder, so it never runs twice.\n"
        "#SBATCH --job-name=tl.r1.a.train.1\n"
        "#SBATCH --output=/runs/r1/attempts/a/train/1/stdout\n"
        "#SBATCH --error=/runs/r1/attempts/a/train/1/stderr\n"
        "#SBATCH --open-mode=append\n"
        "#SBATCH --chdir=/home/me/proj\n"
        + runner_exec(PYTHON, "/runs/r1/attempts/a/train/1") + "\n"
    )
    assert shlex.split(runner_exec(PYTHON, "/runs/r1/attempts/a/train/1")) == [
        "exec", PYTHON, "-I", "-S", "-c", RUNNER_BOOT, "tianluo.runner", TIANLUO_ROOT, "/runs/r1/attempts/a/train/1"]


def test_every_option_line_comes_before_the_first_command():
    lines = render(job(resources=Resources(partition="gpu", time=3600)), PYTHON).splitlines()
    first_command = next(i for i, line in enumerate(lines) if i and not line.startswith("#"))
    assert first_command == len(lines) - 1
    assert lines[-1].startswith("exec ")


def test_sbatch_reads_back_the_options_it_was_given():
    spec = job(resources=Resources(partition="gpu", time=8 * 3600), exclude=("gpu-07",))
    assert slurm_argv(render(spec, PYTHON)) == sbatch_options(spec)


def test_the_logs_go_to_the_attempt_folder_split_and_appended():
    opts = sbatch_options(job())
    assert option(opts, "--output") == "/runs/r1/attempts/a/train/1/stdout"
    assert option(opts, "--error") == "/runs/r1/attempts/a/train/1/stderr"
    assert "--open-mode=append" in opts
    assert option(opts, "--chdir") == "/home/me/proj"
    assert option(opts, "--job-name") == "tl.r1.a.train.1"


def test_no_resources_no_resource_lines():
    opts = sbatch_options(job())
    assert [o.split("=")[0] for o in opts] == ["--job-name", "--output", "--error", "--open-mode", "--chdir"]


def test_every_resource_becomes_its_option_in_order():
    res = Resources(partition="gpu", account="proj-1", qos="high", gpus=2, cpus=8, mem="64g", time="8h")
    assert sbatch_options(job(resources=res))[5:] == [
        "--partition=gpu", "--account=proj-1", "--qos=high", "--gpus=2", "--cpus-per-task=8", "--mem=64G",
        "--time=08:00:00"]


def test_gres_instead_of_gpus():
    opts = sbatch_options(job(resources=Resources(gres="gpu:a100:2")))
    assert "--gres=gpu:a100:2" in opts
    assert not any(o.startswith("--gpus") for o in opts)


def test_zero_gpus_asks_for_none():
    assert not any(o.startswith("--gpus") for o in sbatch_options(job(resources=Resources(gpus=0))))


@pytest.mark.parametrize("time, text", [("90s", "00:02:00"), ("8h", "08:00:00"), ("36h", "1-12:00:00")])
def test_time_from_a_spec_duration(time, text):
    assert option(sbatch_options(job(resources=Resources(time=time))), "--time") == text


def test_excluded_hosts_are_one_option():
    assert "--exclude=gpu-07" in sbatch_options(job(exclude=("gpu-07",)))
    assert "--exclude=gpu-07,gpu-09" in sbatch_options(job(exclude=("gpu-07", "gpu-09")))


def test_no_excluded_hosts_no_exclude_option():
    assert not any(o.startswith("--exclude") for o in sbatch_options(job()))


def test_exclude_is_rendered_as_an_sbatch_line():
    assert "#SBATCH --exclude=gpu-07\n" in render(job(exclude=("gpu-07",)), PYTHON)


def test_extra_sbatch_args_come_last_as_given():
    res = Resources(partition="gpu", sbatch_args=["--constraint=a100", "--nodes=1", "--nodelist=gpu-01"])
    opts = sbatch_options(job(resources=res, exclude=("gpu-07",)))
    assert opts[-3:] == ["--constraint=a100", "--nodes=1", "--nodelist=gpu-01"]
    assert opts.index("--exclude=gpu-07") < opts.index("--constraint=a100")


def test_an_extra_arg_with_spaces_is_one_argument_for_sbatch():
    res = Resources(sbatch_args=["--comment=two words"])
    assert slurm_argv(render(job(resources=res), PYTHON))[-1] == "--comment=two words"


@pytest.mark.parametrize("arg", [
    "--comment=run#1",  # an unquoted '#' would start a comment on the #SBATCH line
    "--comment=it's",  # a lone quote would make sbatch stop with "Unmatched '"
    '--comment=say "hi"',
    "--constraint=a100&ib",
    "--comment=C:\\path",
])
def test_an_extra_arg_reaches_sbatch_unchanged(arg):
    assert slurm_argv(render(job(resources=Resources(sbatch_args=[arg])), PYTHON))[-1] == arg


# --- paths with spaces and other characters ------------------------------------------------

SPACED_ADIR = "/home/me/my runs/r1/attempts/a/train/1"
SPACED_WORKDIR = "/home/me/my project"


def test_paths_with_spaces_are_double_quoted_on_sbatch_lines():
    text = render(job(SPACED_ADIR, SPACED_WORKDIR), PYTHON)
    assert f'#SBATCH --output="{SPACED_ADIR}/stdout"\n' in text
    assert f'#SBATCH --error="{SPACED_ADIR}/stderr"\n' in text
    assert f'#SBATCH --chdir="{SPACED_WORKDIR}"\n' in text


def test_paths_with_spaces_reach_sbatch_whole():
    argv = slurm_argv(render(job(SPACED_ADIR, SPACED_WORKDIR), PYTHON))
    assert f"--output={SPACED_ADIR}/stdout" in argv
    assert f"--error={SPACED_ADIR}/stderr" in argv
    assert f"--chdir={SPACED_WORKDIR}" in argv


@pytest.mark.parametrize("workdir", ['/home/me/a "quoted" dir', "/home/me/back\\slash", "/home/me/it's",
                                     "/home/me/#hash", "/home/me/$HOME", "/home/me/tab\there"])
def test_odd_workdirs_reach_sbatch_unchanged(workdir):
    assert option(slurm_argv(render(job(workdir=workdir), PYTHON)), "--chdir") == workdir


def test_a_percent_in_the_attempt_folder_is_escaped_for_slurms_filename_patterns():
    # --output and --error are filename patterns (%j: job id, %x: job name, %%: one '%')
    argv = slurm_argv(render(job("/data/100%x/r1/attempts/a/train/1"), PYTHON))
    assert option(argv, "--output") == "/data/100%%x/r1/attempts/a/train/1/stdout"
    assert option(argv, "--error") == "/data/100%%x/r1/attempts/a/train/1/stderr"


def test_the_exec_line_is_shell_quoted():
    text = render(job(SPACED_ADIR, SPACED_WORKDIR), "/opt/my env/bin/python")
    last = text.splitlines()[-1]
    assert shlex.split(last) == ["exec", "/opt/my env/bin/python", *ISOLATED, SPACED_ADIR]


def test_the_exec_line_survives_shell_characters():
    adir = "/runs/$(rm -rf ~)/a'b/1"
    last = render(job(adir), "/usr/bin/python3").splitlines()[-1]
    assert shlex.split(last) == ["exec", "/usr/bin/python3", *ISOLATED, adir]


def test_the_script_runs_the_runner_not_the_command():
    text = render(job(), PYTHON)
    assert "python train.py" not in text  # the runner reads the command from job.json
    assert text.endswith(" tianluo.runner " + shlex.quote(TIANLUO_ROOT) + " /runs/r1/attempts/a/train/1\n")


def test_the_runner_starts_isolated_so_a_tianluo_planted_in_the_project_folder_is_not_run(tmp_path):
    """The batch script runs in the project folder (--chdir): ``python -m tianluo.runner`` there would
    import a planted ./tianluo/ (the current folder is first on -m's path) as the job's owner."""
    import subprocess

    planted = tmp_path / "tianluo"
    planted.mkdir()
    (planted / "__init__.py").write_text("open('PWNED', 'w').write('x')\n")
    (planted / "runner.py").write_text("open('PWNED', 'w').write('x')\n")
    adir = tmp_path / "attempt"
    adir.mkdir()
    script = tmp_path / "job.sh"
    script.write_text("#!/bin/sh\n" + runner_exec(sys.executable, str(adir)) + "\n")
    proc = subprocess.run(["sh", str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert not (tmp_path / "PWNED").exists()
    assert "tianluo runner" in proc.stderr  # ours ran: no job.json in the attempt folder, said so
    assert proc.returncode == 2


def test_render_is_deterministic():
    spec = job(resources=Resources(partition="gpu", gpus=1, time=600), exclude=("gpu-07",))
    assert render(spec, PYTHON) == render(spec, PYTHON)


@pytest.mark.parametrize(("fields", "count"), [
    ({}, 0), ({"gpus": 4}, 4), ({"gres": "gpu:8"}, 8), ({"gres": "gpu:a100:2"}, 2), ({"gres": "gpu"}, 1),
    ({"gres": "shard:2,gpu:h100:3"}, 3), ({"gres": "shard:2"}, 0),
])
def test_gpu_count_reads_gpus_or_a_gpu_gres(fields, count):
    """The resource fork's GPU threshold sees GPUs asked for either way."""
    assert Resources(**fields).gpu_count == count
