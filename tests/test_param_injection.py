"""No parameter value ever runs as shell code, wherever its ``{placeholder}`` stands (issue 10, item 6).

Every command shape below is tried with every payload. For each pair, either ``tianluo plan``
refuses the spec (exit 2, one line naming the key and saying how to write it instead), or the
command runs for real (``tianluo start``: plan, state.json, the local backend, the runner,
``/bin/sh`` which is dash here; the bash shapes run ``bash``) and leaves no mark: each payload
tries to create its own mark file, so a mark names the pair that ran it. Where a shape prints
the value, the value must arrive byte for byte.

All accepted pairs of one shape run as one job (one block each, in its own folder), so the
whole matrix is a few dozen runners. The commands that plan, start and tick those runs are the
CLI's ``main`` in a fork of the test process (tests/forked_cli.py); the refusals that prove their
one line through the CLI run as real processes once, then in a fork.
"""

import contextlib
import io
import json
import os
import subprocess
from datetime import UTC
from pathlib import Path

import forked_cli
import pytest
from conftest import clean_env, cli, write_spec
from forked_cli import start_run, tick_until
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tianluo.cli import main as tianluo_main
from tianluo.core.actions import Notify
from tianluo.core.jobspec import command_identity, job_spec
from tianluo.errors import TianluoError
from tianluo.messages.notify import notify
from tianluo.models.model import RunState
from tianluo.planning.spec_checks import load_spec
from tianluo.planning.templating import PlacementError, param_env, render

pytestmark = pytest.mark.integration

V = "\x00V\x00"  # where the value goes in a shape's expected output

#: (id, command with {x}, expected output or None when the shape transforms it)
SHAPES = [
    ("bare", "printf '%s' {x}", V),
    ("single-quotes", "printf '%s' '{x}'", V),
    ("double-quotes", "printf '%s' \"{x}\"", V),
    ("cmdsub-in-dq", "printf '%s' \"$(printf '%s' {x})\"", V),
    ("cmdsub-bare", "printf '%s' $(printf '%s' {x})", V),
    ("backticks", "printf '%s' `printf '%s' {x}`", V),
    ("backticks-in-dq", "printf '%s' \"`printf '%s' {x}`\"", V),
    ("heredoc", "cat <<EOF\n{x}\nEOF", V + "\n"),
    ("heredoc-quoted", "cat <<'EOF'\n{x}\nEOF", V + "\n"),
    ("heredoc-tabs", "cat <<-EOF\n\t{x}\n\tEOF", V + "\n"),
    ("eval", "eval printf \"'%s'\" {x}", V),
    ("eval-dq", "eval \"printf '%s' {x}\"", V),
    ("arith", "printf '%s' $(( {x} ))", None),
    ("arith-dq", "printf '%s' \"$(( {x} + 0 ))\"", None),
    ("bash-subscript", "bash -c 'a=(); printf \"%s\" \"${a[{x}]}\"'", None),
    ("sh-c-single", "sh -c 'printf \"%s\" {x}'", V),
    ("sh-c-double", "sh -c \"printf '%s' {x}\"", V),
    ("sh-c-argument", "sh -c 'printf \"%s\" \"$1\"' sh {x}", V),
    ("bash-c-argument", "bash -c 'printf \"%s\" \"$1\"' bash {x}", V),
    ("bash-arith-on-argument", "bash -c '[[ \"$1\" -eq 1 ]]; printf ok' bash {x}", None),
    ("bash-declare-i", "bash -c 'declare -i n; n=\"$1\"; printf ok' bash {x}", None),
    ("bash-array-argument", "bash -c 'a=(\"$1\"); printf \"%s\" \"${a[0]}\"' bash {x}", V),
    ("bash-herestring", "bash -c 'cat <<< \"$1\"' bash {x}", V + "\n"),
    ("nested-sh-in-sh", "sh -c 'sh -c \"printf %s {x}\"'", V),
    ("bash-eval-in-dq", "bash -c \"eval 'printf %s {x}'\"", V),
    ("param-default", "printf '%s' ${UNSET_V:-{x}}", V),
    ("param-default-dq", "printf '%s' \"${UNSET_V:-{x}}\"", V),
    ("case", "case {x} in *) printf '%s' matched;; esac", "matched"),
    ("for", "for v in {x}; do printf '%s' \"$v\"; done", V),
    ("redirect", "printf '%s' hi > {x} && cat -- {x}", None),
    ("assignment-prefix", "X={x} sh -c 'printf \"%s\" \"$X\"'", V),
    ("assignment-then-use", "X={x}; printf '%s' \"$X\"", V),
    ("assignment-then-eval", "X={x}; eval \"printf '%s' $X\"", V),
    ("export-assignment", "export X={x}; printf '%s' \"$X\"", V),
    ("export-name", "export {x} 2>/dev/null; printf ok", None),
    ("printf-arguments", "printf '%s|' {x} end", V + "|end|"),
    ("xargs", "printf '%s' {x} | xargs printf '%s'", None),
    ("pipe-into-sh", "printf '%s\\n' {x} | sh", None),
    ("find-exec", "find . -maxdepth 0 -exec sh -c 'printf \"%s\" {x}' \\;", V),
    ("comment", "printf '%s' hi # {x}", "hi"),
    ("line-continuation", "printf '%s' \\\n{x}", V),
    ("option-prefix", "printf '%s' \"--opt={x}\"", "--opt=" + V),
    ("concatenated", "printf '%s' pre{x}post", "pre" + V + "post"),
    ("trap", "trap 'printf %s {x}' EXIT", V),
    ("test", "[ -n {x} ] && printf yes || printf no", None),
    ("wrapper", "env nice printf '%s' {x}", V),
    ("subshell", "( printf '%s' {x} )", V),
    ("group", "{ printf '%s' {x}; }", V),
    ("bash-prompt-expansion", "bash -c 'printf \"%s\" \"${1@P}\"' bash {x}", None),
    ("bash-nameref", "bash -c 'declare -n r=\"$1\"; printf %s \"$r\"' bash {x}", None),
    ("bash-printf-v", "bash -c 'printf -v \"$1\" %s 1' bash {x}", None),
    ("bash-offset", "bash -c 'v=abc; printf %s \"${v:$1}\"' bash {x}", None),
    ("env-split-string", "env -S {x}", None),
    # a value written to a file that the command then runs (audit)
    ("file-then-sh", "printf '%s' {x} > s.sh; sh s.sh", None),
    ("file-then-dot", "printf '%s' {x} > s.sh && . ./s.sh", None),
    ("tee-then-bash", "printf '%s' {x} | tee s.sh >/dev/null; nohup bash -e s.sh", None),
    ("file-then-exec", "printf '%s' {x} > s.sh; chmod +x s.sh; ./s.sh", None),
    ("file-then-cat", "printf '%s' {x} > out.txt; cat out.txt", V),
    # wrappers and compound commands (audit)
    ("timeout-sh-c", "timeout 5 sh -c 'printf %s {x}'", V),
    ("function", "f() { printf '%s' \"$1\"; }; f {x}", V),
    ("command-eval", "command eval printf %s {x}", V),
]

#: Each tries to create MARK (its own file); the others test values that are hard to carry.
PAYLOADS = [
    "$(touch MARK)",
    "`touch MARK`",
    "; touch MARK",
    "' ; touch MARK ; '",
    "\" ; touch MARK ; \"",
    "$((1))$(touch MARK)",
    "a[$(touch MARK)]",
    "x\ntouch MARK",
    "\\",
    "\\$(touch MARK)",
    "${IFS}touch${IFS}MARK",
    "*",
    "~root",
    "-rf",
    "&& touch MARK",
    "| touch MARK",
    ">MARK",
    "\u2019 ; touch MARK ; \u2018",
    "\u201c$(touch MARK)\u201d",
    "A" * 3900 + "$(touch MARK)",
    "B" * 4000,
    "",
    "do",
    "TIANLUO_PARAM_y",  # names a variable that holds a payload (y below): bash arithmetic would run it
    "{touch,MARK}",
    "x=$(touch MARK)",
    "); touch MARK; (",
    "EOF\ntouch MARK\nEOF",
    "a]}$(touch MARK)",
    "plain/value-1.0",
]

ENDS_IN_COMMENT = {"comment"}
ADVICE = ("script file", "instead", "$TIANLUO_PARAM_x", '"$1"', "only values made of", "outside the quotes",
          "after the '='", "only numbers", "control characters", "newline")


def _spec_text(entities: dict[str, dict]) -> str:
    lines = ["name: inj", "entities:"]
    for ename, (params, run) in entities.items():
        lines.append(f"  {ename}:")
        lines.append("    params:")
        lines += [f"      {k}: {json.dumps(v, ensure_ascii=False)}" for k, v in params.items()]
        lines.append("    stages:")
        for i, command in enumerate([run] if isinstance(run, str) else run):
            lines.append(f"      s{i or ''}: {{run: {json.dumps(command, ensure_ascii=False)}}}")
    return "\n".join(lines) + "\n"


def _value(payload: str, marks: Path, si: int, pi: int) -> str:
    return payload.replace("MARK", str(marks / f"m{si}_{pi}"))


def _hostile_y(marks: Path, si: int) -> str:
    return f"a[$(touch {marks}/y{si})]"


def _plan_in_process(spec: Path, home: Path) -> tuple[int, str]:
    """``tianluo plan SPEC`` through the CLI's own entry point, in this process (fast)."""
    err = io.StringIO()
    old = os.environ.get("TIANLUO_HOME")
    os.environ["TIANLUO_HOME"] = str(home)
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = tianluo_main(["plan", str(spec)])
    finally:
        if old is None:
            os.environ.pop("TIANLUO_HOME", None)
        else:
            os.environ["TIANLUO_HOME"] = old
    return code, err.getvalue()


def _refusal(spec: Path) -> str | None:
    """What ``tianluo plan`` says of a spec: None when it takes it (the validation it runs)."""
    try:
        load_spec(spec)
    except TianluoError as exc:
        return str(exc)
    return None


def _check_refusal_line(message: str, pair: str) -> list[str]:
    problems = []
    if "\n" in message.strip():
        problems.append(f"{pair}: refusal is not one line: {message!r}")
    if "entities.e." not in message or not any(k in message for k in ("{x}", "params.x", "stages.s.run")):
        problems.append(f"{pair}: refusal does not name the key: {message!r}")
    if not any(a in message for a in ADVICE):
        problems.append(f"{pair}: refusal does not say how to write it instead: {message!r}")
    if "internal error" in message or "Traceback" in message:
        problems.append(f"{pair}: internal error: {message!r}")
    return problems


def test_no_parameter_value_runs_as_code_in_any_shape(tmp_path):
    assert len(SHAPES) >= 30 and len(PAYLOADS) >= 20
    marks = tmp_path / "marks"
    marks.mkdir()
    probe = tmp_path / "probe"
    probe.mkdir()
    home = tmp_path / "home"
    accepted: dict[int, list[int]] = {}
    refused: dict[tuple[int, int], str] = {}
    problems: list[str] = []

    # 1. Each pair alone: does tianluo plan take it?
    for si, (sid, shape, _expect) in enumerate(SHAPES):
        for pi, payload in enumerate(PAYLOADS):
            spec = probe / f"{si}_{pi}.yaml"
            spec.write_text(_spec_text({"e": ({"x": _value(payload, marks, si, pi),
                                                "y": _hostile_y(marks, si)}, shape)}), encoding="utf-8")
            message = _refusal(spec)
            if message is None:
                accepted.setdefault(si, []).append(pi)
            else:
                refused[(si, pi)] = message
                problems += _check_refusal_line(message, f"{sid} x payload {pi}")

    # Through the CLI itself: the first refused payload of every shape that refuses any.
    seen = set()
    for si, pi in refused:
        if si in seen:
            continue
        seen.add(si)
        code, err = _plan_in_process(probe / f"{si}_{pi}.yaml", home)
        pair = f"{SHAPES[si][0]} x payload {pi}"
        if code != 2 or len(err.strip().splitlines()) != 1 or "entities.e." not in err:
            problems.append(f"{pair}: tianluo plan exited {code} with {err!r}")

    # 2. Everything accepted runs for real: one entity per shape, one block per payload. A
    # command is one line, so a shape that ends in a comment goes at the end of another
    # entity's command (a comment is safe in any command), one per command.
    project = tmp_path / "proj"
    entities = {}
    trailing = []
    for si, pis in accepted.items():
        params = {"y": _hostile_y(marks, si)}
        blocks = []
        for pi in pis:
            body = SHAPES[si][1].replace("{x}", f"{{x{pi}}}")
            folder = f"e{si}/d{pi}"
            if SHAPES[si][0] in ENDS_IN_COMMENT:
                trailing.append((f"x{si}_{pi}", _value(PAYLOADS[pi], marks, si, pi),
                                 f"mkdir -p {folder} && cd {folder} && exec > out 2>&1; "
                                 + SHAPES[si][1].replace("{x}", f"{{x{si}_{pi}}}")))
                continue
            params[f"x{pi}"] = _value(PAYLOADS[pi], marks, si, pi)
            blocks.append(f"mkdir -p {folder} && ( cd {folder} || exit 1; {body} ) > {folder}/out 2>&1")
        if blocks:
            entities[f"e{si}"] = [params, ["; ".join(blocks) + "; true"]]
    for k, (name, value, block) in enumerate(trailing):
        params, runs = list(entities.values())[k % len(entities)]
        params[name] = value
        if k < len(entities):
            runs[0] += "; " + block
        else:
            runs.append(block)
    spec = write_spec(project, _spec_text(entities))
    plan = forked_cli.run("plan", spec, "--home", home, "--accept-defaults", cwd=project, env=clean_env())
    assert plan.returncode == 0, plan.stderr
    run_dir = start_run(spec, home, project)
    doc = tick_until(run_dir, project, phases=("complete", "blocked"), timeout=120)
    ran = sorted(p.name for p in marks.iterdir())
    assert not ran, f"payloads ran: {ran} (m<shape>_<payload>, y<shape>: the variable named by a value)"
    assert doc["phase"] == "complete", json.dumps(doc)[:2000]

    for si, pis in accepted.items():
        sid, _shape, expect = SHAPES[si]
        for pi in pis:
            out = (project / f"e{si}/d{pi}/out").read_bytes()
            if expect is not None:
                value = _value(PAYLOADS[pi], marks, si, pi)
                want = expect.replace(V, value).encode("utf-8")
                if out != want:
                    problems.append(f"{sid} x payload {pi}: printed {out[:120]!r}, expected {want[:120]!r}")

    total = len(SHAPES) * len(PAYLOADS)
    n_accepted = sum(len(p) for p in accepted.values())
    print(f"{total} pairs: {len(refused)} refused at plan time, {n_accepted} ran, 0 marks")
    assert not problems, "\n".join(problems[:40])
    assert len(refused) + n_accepted == total
    # The matrix means something: both outcomes happen, and values with shell syntax do run somewhere.
    assert n_accepted > total // 4 and len(refused) > total // 10
    assert any(PAYLOADS[pi] == "$(touch MARK)" for pis in accepted.values() for pi in pis)




def _notify_spec(*commands: str) -> str:
    lines = ["name: hostile-log", "entities:", "  a:", "    stages:", "      s: {run: 'true'}", "notify:"]
    return "\n".join(lines + [f"  - command: {json.dumps(c)}" for c in commands]) + "\n"


NOTIFY_COMMANDS = ("printf '%s\\n' \"{title}\" {body} \"x{entity}y\" >> notified.txt",
                   "sh -c 'printf \"%s\\n\" \"$1\"' sh {body} >> notified.txt")


def test_a_hostile_log_line_reaches_notify_as_text(tmp_path):
    """notify runs the spec's commands with a body made of log text: the text arrives, nothing runs."""
    project = tmp_path / "proj"
    mark = tmp_path / "MARK"
    line = (f"Traceback: $(touch {mark}) `touch {mark}` '; touch {mark}; ' \" ; touch {mark}; \" $((1)) "
            f"a[$(touch {mark})] \u201c$(touch {mark})\u201d \\ * ~root")
    spec = write_spec(project, _notify_spec(*NOTIFY_COMMANDS))
    run_dir = start_run(spec, tmp_path / "home", project, "--no-tick")
    state = RunState.model_validate_json((run_dir / "state.json").read_text())
    action = Notify(key="a.s", title=f"tianluo: a/s is on hold: {line}", body=f"a/s needs you: {line}",
                    entity="a", stage="s", analysis="failures/a__analysis.md")
    event = notify(state, run_dir, action, "2026-01-01T00:00:00Z")
    assert event["results"] == ["command: exit 0", "command: exit 0"]
    assert not mark.exists()
    assert (project / "notified.txt").read_text().splitlines() == [
        f"tianluo: a/s is on hold: {line}", f"a/s needs you: {line}", "xay", f"a/s needs you: {line}"]


def test_notify_placeholders_are_refused_where_log_text_could_run(tmp_path):
    project = tmp_path / "proj"
    tianluo = cli  # a real process for the first, then in a fork
    for command, where in [("sh -c 'echo {body}'", "the code that sh runs"), ("echo '{body}'", "inside '...'"),
                           ('echo "$(echo {body})"', "inside $(...)"),
                           ("eval echo {body}", "an argument of eval"), ("{title} {body}", "the command's name"),
                           ("echo {body} | sh", "piped into sh")]:
        spec = write_spec(project, _notify_spec(command))
        proc = tianluo("plan", spec, "--home", tmp_path / "home", cwd=project)
        assert proc.returncode == 2, (command, proc.stderr)
        assert proc.stderr.count("\n") == 1 and "notify[0].command" in proc.stderr and where in proc.stderr
        assert "$TIANLUO_" in proc.stderr or "give the command's name" in proc.stderr
        tianluo = forked_cli.run


RELAUNCH_SPEC = """\
name: relaunch
entities:
  a:
    params: {model: "my model; $(touch MARK)", lr: 0.5}
    stages:
      s:
        run: printf '%s|%s' {model} {lr} > out.txt
"""


def test_an_attempt_is_launched_again_identically_from_state_alone(tmp_path):
    """The values an attempt reads from its environment are recorded with it in state.json."""
    project = tmp_path / "proj"
    mark = tmp_path / "MARK"
    spec = write_spec(project, RELAUNCH_SPEC.replace("MARK", str(mark)))
    run_dir = start_run(spec, tmp_path / "home", project)
    tick_until(run_dir, project, phases=("complete",), timeout=60)
    model = f"my model; $(touch {mark})"
    assert (project / "out.txt").read_text() == f"{model}|0.5" and not mark.exists()

    state = RunState.model_validate_json((run_dir / "state.json").read_text())
    attempt = state.stage("a.s").attempts[0]
    assert attempt.command == "printf '%s|%s' \"${TIANLUO_PARAM_model}\" 0.5 > out.txt"
    assert attempt.env["TIANLUO_PARAM_model"] == model and attempt.env["TIANLUO_PARAM_lr"] == "0.5"
    job = json.loads((run_dir / attempt.dir / "job.json").read_text())
    assert job["command"] == attempt.command and job["env"]["TIANLUO_PARAM_model"] == model
    # A degrade changes the entity's params later: the attempt still relaunches as it was.
    state.entities["a"].params["model"] = "other (degraded)"
    again = job_spec(state, run_dir, "a.s", attempt)
    assert again.command == attempt.command and again.env["TIANLUO_PARAM_model"] == model
    # ...and its failure identity is what it ran, values included.
    second = attempt.model_copy(update={"env": {**attempt.env, "TIANLUO_PARAM_model": "other (degraded)"}})
    assert command_identity(attempt, "") != command_identity(second, "")
    unread = attempt.model_copy(update={"env": {**attempt.env, "TIANLUO_PARAM_unused": "x"}})
    assert command_identity(attempt, "") == command_identity(unread, "")


def test_a_degraded_value_is_read_from_the_environment_of_the_next_attempt():
    from datetime import datetime

    from tianluo.core.decide import command_values, effective_command
    from tianluo.models.model import EntityState, StageState
    from tianluo.models.plan_model import Plan, PlannedEntity, PlannedStage
    from tianluo.planning.templating import param_env

    plan = Plan(name="d", interval=600, workdir="/tmp", spec_file="/tmp/s.yaml", spec_sha256="0",
                entities={"a": PlannedEntity(params={"opt": "--fast"}, stages={"s": PlannedStage(
                    command="run --fast", run="run {opt}", variants={"safe": "run {opt} --safe"})})},
                success_gate={"all_done": True}, ladder={})
    state = RunState(run_id="r", created_at=datetime.now(UTC), tianluo_version="t", plan=plan,
                     entities={"a": EntityState(params={"opt": "--fast"}, stages={"s": StageState()})})
    assert effective_command(state, "a.s") == "run --fast"
    state.entities["a"].params["opt"] = "--mode=a b"  # what a degrade's choose: may set
    state.entities["a"].stages["s"].variant = "safe"
    assert effective_command(state, "a.s") == 'run "${TIANLUO_PARAM_opt}" --safe'
    assert param_env(command_values(state, "a.s"))["TIANLUO_PARAM_opt"] == "--mode=a b"


# --- random commands: whatever tianluo accepts, no value runs --------------------------------

FRAGMENTS = ["printf '%s' ", "{x}", "{x}", "{x}", "'", '"', "$(", ")", "`", "${V:-", "}", "$((", "))", " ", ";", "|",
             "&&", "sh -c ", "bash -c ", "eval ", "\\", "#", "<<<", ">", "X=", "export ", "[[ ", " ]]", " -eq 1",
             "case ", " in *) ;; esac", "for v in ", "; do :; done", "(", "{ ", "; }", "a", "=", "$1", " sh ",
             "\"$X\"", "$X", "$", "[", "]", "xargs ", "trap ", " EXIT", "cat ", "-c ", "{{", "}}", "\"$1\"",
             "declare -i n=", "read ", "$'", "let ", "env ", "printf -v ",
             # idioms where a value reaches code through a variable or an argument
             "bash -c '[[ \"$1\" -eq 1 ]]' bash ", "; eval \"echo $X\"", "; bash -c 'echo $((X))'", " | sh",
             "sh -c 'eval \"$1\"' sh ", "; export X; bash -c 'echo $((X))'", "printenv", ") | sh", "(printf %s "]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=14), st.sampled_from(PAYLOADS + ["a b", "$X"]))
def test_any_command_tianluo_accepts_runs_no_value(tmp_path_factory, fragments, payload):
    folder = tmp_path_factory.mktemp("fuzz")
    mark = folder / "MARK"
    value = payload.replace("MARK", str(mark))
    template = "".join(fragments)
    values = {"x": value}  # (a command that pipes its environment into a shell runs any value it holds)
    try:
        command = render(template, values, shell=True)
    except PlacementError:
        return
    env = {"PATH": os.environ["PATH"], **param_env(values)}
    for shell in ("sh", "bash"):
        try:
            subprocess.run([shell, "-c", command], cwd=folder, env=env, stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=5)
        except subprocess.TimeoutExpired:
            pass
        assert not mark.exists(), f"{shell} ran the value of {{x}}: template {template!r}, command {command!r}"


WRAPS = [
    "'{}'", '"{}"', "$({})", "`{}`", "${{V:-{}}}", "$(( {} ))", "sh -c '{}'", 'sh -c "{}"', "eval {}",
    "bash -c '{}' bash", "printf '%s' {}", "{} | sh", "X={}; eval \"echo $X\"", "X={} bash -c 'echo $((X))'",
    "bash -c '[[ \"$1\" -eq 1 ]]' bash {}", "echo {} | xargs -I@ sh -c 'echo @'", "bash -c 'a=(); echo ${{a[{}]}}'",
    "env -S {}", "trap '{}' EXIT", "sh -c 'printf %s \"$1\"' sh {}", "bash -c 'printf %s \"${{1@P}}\"' bash {}",
    "case {} in *) ;; esac", "for v in {}; do echo \"$v\"; done", "X={}; printf %s \"$X\"",
    "command sh -c \"{}\"", "$SHELL -c \"{}\"", "{{ {} ; }}", "( {} )", "f() {{ {} ; }}; f",
    "if true; then {}; fi", "nohup sh -c \"{}\"", "sh -c -- \"{}\"", "timeout 5 sh -c \"{}\"",
    "find . -maxdepth 0 -exec sh -c \"{}\" \\;", "sh -c \"$1\" sh {}", "X={}; sh -c \"$X\"",
    "printf '%s\\n' {} | bash", "bash <<< {}", "read -r X <<< {}; eval \"$X\"",
    "export X={}; bash -c 'eval \"$X\"'", "X={}; bash -c 'echo ${{X@P}}'", "case x in x) eval {} ;; esac",
    "for i in 1; do eval {}; done", "echo $(eval {})", "echo `eval {}`", "echo ${{V:-$(eval {})}}",
    "sh -c \"sh -c '{}'\"", "builtin eval {}", "env -S {}", "printf -v {} x", "let {}",
    # a subshell or a group that feeds a shell, and the environment (which holds every value) fed to one
    "(printf '%s' {}) | sh", "(: ; echo {}) 2>&1 | bash", "( (printf %s {}) ) | sh", "{{ printf %s {}; }} | sh",
    ": {}; env | sh", ": {}; (env) | sh", ": {}; {{ env; }} | bash", ": {}; sh <<< \"$(printenv)\"",
    ": {}; eval \"$(env)\"",
]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.sampled_from(WRAPS), min_size=1, max_size=4), st.sampled_from(PAYLOADS[:8] + PAYLOADS[9:11]))
def test_nested_constructs_never_run_the_value(tmp_path_factory, wraps, payload):
    folder = tmp_path_factory.mktemp("nest")
    mark = folder / "MARK"
    template = "{x}"
    for wrap in wraps:
        template = wrap.replace("{}", "\0").replace("{{", "{").replace("}}", "}").replace("\0", template)
    values = {"x": payload.replace("MARK", str(mark))}
    try:
        command = render(template, values, shell=True)
    except PlacementError:
        return
    env = {"PATH": os.environ["PATH"], **param_env(values)}
    for shell in ("sh", "bash"):
        try:
            subprocess.run([shell, "-c", command], cwd=folder, env=env, stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=5)
        except subprocess.TimeoutExpired:
            pass
        assert not mark.exists(), f"{shell} ran the value of {{x}}: template {template!r}, command {command!r}"


# --- the environment holds every value; a subshell's output is piped like a command's ---------

FED = ["(printf '%s' {x}) | sh", "(cd . && echo {x}) | bash", "(: ; printf '%s\\n' {x}) 2>&1 | sh",
       "( (printf %s {x}) ) | sh"]
ENV_FED = ["env | sh", "printenv | bash", "(env) | sh", "{ env; } | sh", "X=1 env | sh -s",
           "env | tee env.txt | sh", "sh <<< \"$(env)\"", "eval \"$(printenv)\"", "echo $(env) | bash"]


@pytest.mark.parametrize("template", FED + ENV_FED)
def test_a_value_that_would_run_there_is_refused_and_the_shell_proves_it(tmp_path, template):
    """Each template, rendered the way a naive quoting would (the value in its variable), really runs the
    value in sh or bash (so the refusal is not over-careful); tianluo refuses it."""
    mark = tmp_path / "MARK"
    values = {"x": f"$(touch {mark})"}
    naive = template.replace("{x}", '"${TIANLUO_PARAM_x}"')
    env = {"PATH": os.environ["PATH"], **param_env(values)}
    ran = False
    for shell in ("sh", "bash"):
        subprocess.run([shell, "-c", naive], cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
                       capture_output=True, timeout=5)
        ran = ran or mark.exists()
        mark.unlink(missing_ok=True)
    assert ran, f"{naive!r} does not run the value: not a case for this test"
    with pytest.raises(PlacementError):
        render(template, values, shell=True)


@pytest.mark.parametrize("template", ["env | sh", "(env) | sh", "(printf %s {x}) | sh"])
def test_inert_values_still_pass_where_the_environment_or_a_subshell_feeds_a_shell(template):
    assert render(template, {"x": "3e-4", "entity": "lr-1"}, shell=True)


@pytest.mark.parametrize("template", ["env | grep TIANLUO", "env > env.txt; python3 train.py --lr {x}",
                                      "(cd sub && python3 train.py --lr {x}) | tee log"])
def test_printing_the_environment_or_a_subshell_without_a_shell_reading_it_is_fine(template):
    assert "TIANLUO_PARAM_x" in render(template + " {x}" if "{x}" not in template else template,
                                       {"x": "a b; c"}, shell=True)


def test_plan_refuses_a_spec_whose_command_pipes_the_environment_into_a_shell(tmp_path):
    spec = write_spec(tmp_path, """
name: envsh
entities:
  a:
    params: {note: "a b; c"}
    stages:
      s: {run: "env | sh"}
success_gate: {all_done: true}
""")
    proc = cli("plan", str(spec), "--accept-defaults", "--home", str(tmp_path / "h"), cwd=tmp_path)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "environment" in proc.stderr and "{note}" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
