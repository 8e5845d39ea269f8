"""Where a value may stand in a command-backend template: only where a plain value cannot become code.

The command backend pastes each value shell-quoted (``shlex.quote``), so the shell that reads
the template sees it once, as one word of data. What that word becomes next is up to the
command: ``sh -c {job_id}``, ``eval {job_id}``, ``{job_id}`` as the command's name, ``echo
{job_id} | xargs``, ``X={job_id}; eval $X`` all run it. A job id is printed by the scheduler,
so a plain word from it (``reboot``) would run as a program, with tianluo's rights.

- **The scheduler's values** (``{job_id}``, ``{job_ids}``, ``{job_ids_comma}``) stand only
  where the shell reads a value once, as an argument (or in a comment), in a command that
  neither runs text as code (``eval``, ``sh -c`` of a built script, a pipe into a shell,
  ``xargs``, ``ssh``, a wrapper whose command is a value...) nor evaluates variable names
  (shell arithmetic, ``[[ -eq ]]``, ``declare -i``): the rules a parameter whose values are
  unknown follows (``tianluo.planning.templating``), read by the same analysis (``tianluo.planning.shellcmds``).
- **tianluo's own values** (``{job_name}``, ``{attempt_dir}``, ``{workdir}``) are plain words
  or the owner's paths: they may also be arguments of a program that passes its arguments on
  to a command line of its own (``qsub -N {job_name}``, ``sbatch --chdir={workdir}``), but
  never code themselves (``sh -c {job_name}``, ``eval``, the command's name, ``$(...)``...).
- ``{script}`` is tianluo's ``job.sh``, there to be run: anywhere at the top level.
"""

from tianluo.planning.shellcmds import CMDPOS, CODE, COMMAND_NAME, NAME, TOP, Analysis, Placement, analyze, pasted
from tianluo.planning.shellscan import COMMENT

#: Placeholders whose values the scheduler printed (submit's or find's output, the ids a tick recorded).
SCHEDULER_VALUES = frozenset({"job_id", "job_ids", "job_ids_comma"})
#: tianluo's own file, there to be run.
RUNNABLE = frozenset({"script"})


def placement_problem(pieces: list[tuple[str, str | None]]) -> str | None:
    """Why one of the template's placeholders stands where its value could run as code, or None.

    Args:
        pieces: (literal text, placeholder name or None), as ``command._fields`` cuts a template.
    """
    units: list = []
    names: list[str] = []
    for literal, name in pieces:
        units.extend(literal)
        if name is None:
            continue
        if literal.endswith("$"):  # ${job_id} is $'123': bash reads that as $'...' quoting
            return (f"{{{name}}} comes right after '$', where the shell reads its quotes as another kind of "
                    f"quoting; remove the '$' (tianluo gives the value itself)")
        units.append(len(names))
        names.append(name)
    # the scheduler's values are unknown: any text; tianluo's are plain words that name no program
    found = analyze(units, {i: (None if n in SCHEDULER_VALUES else ["x"]) for i, n in enumerate(names)})
    for i, name in enumerate(names):
        p = found.placed.get(i, Placement(CODE, "where tianluo cannot tell how the shell reads it"))
        if name in SCHEDULER_VALUES:
            if p.cls == COMMENT or (p.cls == TOP and not found.evals and not found.reparses):
                continue
            return (f"{{{name}}} is {p.why}: a job id the scheduler printed could run as code there; "
                    f"{_fix(name, p, found)}")
        if name in RUNNABLE and p.cls in (TOP, COMMENT, CMDPOS, CODE):
            continue
        if (p.cls in (TOP, COMMENT) and p.why != COMMAND_NAME) or pasted(p):
            continue
        return f"{{{name}}} is {p.why}: even a plain value would run as code there; {_fix(name, p, found)}"
    return None


def _fix(name: str, p: Placement, found: Analysis) -> str:
    """How to write it instead, one clause."""
    script = f"put the commands in a script of yours that takes it as its argument (my-cancel {{{name}}})"
    if p.cls == TOP and found.evals:
        return (f"this command evaluates variable names (shell arithmetic, [[ -eq ]], test -eq, declare -i), "
                f"where bash runs code found in a variable; {script}")
    if p.cls == TOP:
        return (f"this command also runs text as code (eval, a pipe into a shell, xargs, ssh, a computed "
                f"command...), which the value could reach; {script}")
    if p.cls == CMDPOS or p.why == COMMAND_NAME:
        return (f"give the command's name yourself and pass {{{name}}} as one of its arguments (wrappers such as "
                f"env, nohup, timeout, sudo make any later word a command's name; tianluo bounds each call in "
                f"time itself)")
    if p.cls == NAME:
        return f"give it as a value, after the '=' (NAME={{{name}}}), never as a name"
    if p.cls == CODE and "the code that" in p.why:
        return f"pass it as an argument of its own and read it there (sh -c '... \"$1\" ...' sh {{{name}}})"
    if p.cls == CODE:
        return f"pass it as a plain argument of the scheduler's command; {script}"
    return (f"write it at the top level of the command, as an argument (scancel {{{name}}}), not inside $(...), "
            f"backticks, ${{...}}, arithmetic or a here-document")
