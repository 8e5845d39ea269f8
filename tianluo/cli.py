"""The command line: parse, call one core function, print its result. Nothing else."""

import argparse
import json
import os
import sys
from pathlib import Path

from tianluo import __version__
from tianluo.errors import TianluoError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2, as for every bad input
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


class _Unbuilt:
    """A subcommand's parser left unbuilt: it takes every call and builds nothing."""

    def __getattr__(self, name: str):
        return lambda *args, **kwargs: self


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's formatter, told the terminal's width: its own finding imports shutil (and bz2, lzma) in
    every command, for the width of a help text most commands never print."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        if width is None:
            width = _columns() - 2  # as argparse: the terminal's columns less 2
        super().__init__(prog, indent_increment, max_help_position, width)


def _columns() -> int:
    """The terminal's columns as ``shutil.get_terminal_size`` finds them: $COLUMNS, stdout's terminal, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def _parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser, or (``only``: a command's name) the top with that one command built.

    Building all twenty-odd subparsers costs about a quarter of a no-op tick's start-up; a tick
    from cron names its command, so only that one is built. ``--help`` and an unknown command
    build them all, to list them."""
    p = _Parser(prog="tianluo", description="A quiet babysitter for long-running, multi-stage jobs.",
                epilog="examples:\n" + "\n".join(f"  {line}" for line in EXAMPLES["tianluo"]),
                formatter_class=_Formatter)
    p.add_argument("--version", action="version", version=f"tianluo {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def add(name: str, help_text: str) -> argparse.ArgumentParser:
        if only is not None and name != only:
            return _Unbuilt()  # type: ignore[return-value]  # takes the same calls, builds nothing
        examples = "\n".join(f"  {line}" for line in EXAMPLES.get(name, ()))
        return sub.add_parser(name, help=help_text, description=help_text,
                              epilog=f"examples:\n{examples}" if examples else None,
                              formatter_class=_Formatter)

    def home(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--home", metavar="DIR",
                        help="folder that holds run folders (default: $TIANLUO_HOME or ./.tianluo)")

    def scope(sp: argparse.ArgumentParser) -> None:
        where = sp.add_mutually_exclusive_group()
        where.add_argument("--user", dest="scope", action="store_const", const="user",
                           help="systemd: a user unit (the default)")
        where.add_argument("--system", dest="scope", action="store_const", const="system",
                           help="systemd: a system unit")

    def metrics(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--metrics-file", metavar="PATH",
                        help="write a Prometheus textfile for node_exporter's textfile collector after each tick "
                             "(atomic: a temp file, then a rename)")

    def run(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--run", metavar="DIR",
                        help="run folder (default: $TIANLUO_RUN, else the run folder you stand in, else the "
                             "newest run under the home, found upward from here like git)")
        home(sp)

    sp = add("plan", "Validate a spec, list every decision fork, take answers, write plan.md.")
    sp.add_argument("spec", metavar="SPEC")
    home(sp)
    sp.add_argument("--answer", action="append", default=[], metavar="Q=OPTION",
                    help="answer a fork, e.g. --answer Q1=go (repeatable)")
    sp.add_argument("--answers", metavar="FILE", help="answers from a YAML/JSON mapping, e.g. 'Q1: go'")
    sp.add_argument("--accept-defaults", action="store_true", help="answer every open fork with its default")
    sp.add_argument("--json", action="store_true", help="versioned JSON for tools")
    sp.add_argument("--diff", action="store_true", help="show what the edited spec changes against the run's locked "
                    "plan, and every stage `start --replan` will run again, and why")

    sp = add("start", "Lock a spec into a new run folder and run its first tick.")
    sp.add_argument("spec", metavar="SPEC")
    home(sp)
    sp.add_argument("--trigger", choices=["cron", "systemd", "daemon", "none"], default=None,
                    help="what runs the ticks (default: cron where a crontab exists, else none)")
    sp.add_argument("--every", type=_every, metavar="DURATION", help="tick interval, 1m..1h (default: the spec's)")
    scope(sp)
    sp.add_argument("--accept-defaults", action="store_true",
                    help="accept the default answer of every open decision fork")
    sp.add_argument("--no-tick", action="store_true", help="create the run without a first tick")
    again = sp.add_mutually_exclusive_group()
    again.add_argument("--new", action="store_true",
                       help="start a new run even while another run of this spec is active")
    again.add_argument("--resume", action="store_true",
                       help="run on the newest stopped run of this spec (one stopped at its checkpoint goes on "
                            "past it); its trigger is installed again")
    again.add_argument("--replan", action="store_true",
                       help="carry the active run of this spec over to the edited spec, as `plan --diff` shows: "
                            "what changed and what needs it run again; a succeeded stage whose command, inputs "
                            "and needs are unchanged never does")
    sp.add_argument("--agent", metavar="COMMAND",
                    help="the agent asked when a fault would be held (its command line, run with /bin/sh -c, the "
                         "prompt on stdin); set over the spec's agent: and locked into the run")
    sp.add_argument("--agent-timeout", metavar="DURATION",
                    help="how long the agent may take, 1s..1h (default: the spec's, else 5m)")

    sp = add("tick", "Run one self-contained tick on a run.")
    run(sp)
    sp.add_argument("--quiet", action="store_true", help="print nothing unless something happened")
    sp.add_argument("--event", action="store_true", help=argparse.SUPPRESS)  # a job exited: do not lose this tick
    sp.add_argument("--budget", type=_tick_budget, metavar="DURATION",
                    help="stop observing after this long, save and exit (default: half the interval, at most 5m)")
    metrics(sp)

    sp = add("status", "Show a run's state: phase, gate, and every stage (held and blocked first).")
    run(sp)
    sp.add_argument("--json", action="store_true", help="versioned JSON for tools")

    sp = add("install", "Install the trigger that runs a run's ticks.")
    sp.add_argument("trigger", choices=["cron", "systemd", "daemon"], metavar="TRIGGER",
                    help="cron, systemd or daemon")
    sp.add_argument("--every", type=_every, metavar="DURATION", help="tick interval, 1m..1h (default: the spec's)")
    scope(sp)
    sp.add_argument("--dry-run", action="store_true", help="show what would be installed; change nothing")
    run(sp)

    sp = add("uninstall", "Remove a run's trigger.")
    sp.add_argument("trigger", choices=["cron", "systemd", "daemon"], metavar="TRIGGER", nargs="?",
                    help="default: the one the run recorded")
    run(sp)

    sp = add("stop", "Stop a run: nothing new starts, its trigger is removed "
                     "(running attempts: success_gate.on_end, or --cancel).")
    sp.add_argument("--reason", default="stopped by hand", metavar="TEXT")
    sp.add_argument("--cancel", action="store_true",
                    help="cancel its running attempts too (TERM, KILL after cancel_grace); on a run that is over "
                         "already, cancel the attempts it left running")
    run(sp)

    sp = add("note", "Append a note about an entity (or ENTITY.STAGE) to the run's findings.md (ticks never read it).")
    sp.add_argument("entity", metavar="ENTITY")
    sp.add_argument("text", metavar="TEXT", nargs="+", help="the note (one line; the words are joined)")
    run(sp)

    sp = add("gpus", "Show the host's GPUs as the run knows them (held, busy, out of the pool); give one back.")
    sp.add_argument("--restore", type=_gpu_index, action="append", metavar="INDEX",
                    help="give this GPU (nvidia-smi index) back to the pool after you checked it; may repeat")
    sp.add_argument("--json", action="store_true", help="the versioned JSON document")
    run(sp)

    sp = add("daemon", "Tick a run in the foreground (for tmux or a supervisor); exits when the run is over.")
    sp.add_argument("--every", type=_daemon_every, metavar="DURATION",
                    help="tick interval, 1s..1h (default: the spec's)")
    metrics(sp)
    run(sp)

    sp = add("hold", "Hold an entity: nothing new of it starts until released (running attempts finish).")
    sp.add_argument("entity", metavar="ENTITY", nargs="?")
    sp.add_argument("--all", action="store_true", help="hold every entity")
    sp.add_argument("--reason", default="held by hand", metavar="TEXT")
    run(sp)

    sp = add("release", "Release an entity's holds; a tick runs at once, so what was released starts now.")
    sp.add_argument("entity", metavar="ENTITY", nargs="?")
    sp.add_argument("--all", action="store_true", help="release every held entity (one line each)")
    sp.add_argument("--no-tick", action="store_true", help="only save the release; the next tick acts on it")
    how = sp.add_mutually_exclusive_group()
    how.add_argument("--retry", action="store_true", help="run a stage held after a failure again")
    how.add_argument("--skip", action="store_true", help="skip a stage held after a failure")
    sp.add_argument("--reset-budget", action="store_true", help="give the stages a fresh retry budget")
    run(sp)

    sp = add("unblock", "Let one stage run although a stage it needs was skipped after a failure; recorded with "
                        "the reason, and its attempts get TIANLUO_MISSING_INPUTS (the outputs never made).")
    sp.add_argument("stage", metavar="ENTITY.STAGE")
    sp.add_argument("--reason", required=True, metavar="TEXT", help="why it may run without them (recorded)")
    sp.add_argument("--no-tick", action="store_true", help="only save the unblock; the next tick acts on it")
    run(sp)

    sp = add("diagnose", "Show the five layers of an entity's stages, looked at now.")
    sp.add_argument("entity", metavar="ENTITY")
    sp.add_argument("--json", action="store_true", help="versioned JSON for tools")
    run(sp)

    sp = add("prompt", "Print the self-contained prompt for an agent: the run, its gate, what needs judgement, "
                       "the whitelist and the rules, from state.json alone.")
    sp.add_argument("--stage", metavar="ENTITY.STAGE",
                    help="with the question pending for this stage (the agent rung's consult), if any")
    run(sp)

    sp = add("report", "Write the run's report.html (one self-contained page: what happened, a timeline per stage, "
                       "holds, gate, stages, the dependency graph, events), print its path, then tell the run's "
                       "story: what failed, what was done about it and how it ended, one line per stage, what "
                       "needs you.")
    sp.add_argument("--open", action="store_true", help="open it in a browser when there is a display")
    sp.add_argument("--since", type=_since, metavar="DURATION",
                    help="only what happened in the last DURATION, e.g. 8h (default: the whole run)")
    sp.add_argument("--json", action="store_true", help="versioned JSON for tools (the story and the page's path)")
    run(sp)

    sp = add("demo", "Run a small example pipeline end to end in a temporary folder.")
    sp.add_argument("--pace", type=_seconds(0.0, 60.0), default=0.5, metavar="SECONDS", help="seconds between ticks")
    sp.add_argument("--timeout", type=_seconds(1.0, 3600.0), default=90.0, metavar="SECONDS")

    add("schema", "Print the JSON Schema of state.json.")

    sp = add("backend", "Show a command-backend preset's templates (sge, pbs, lsf), to read or to copy and edit; "
             "check a spec's (or preset's) status and find against your scheduler, submitting nothing.")
    sp.add_argument("action", choices=["show", "check"], metavar="show|check",
                    help="show PRESET: its templates; check [SPEC|PRESET]: run status and find as a tick would")
    sp.add_argument("target", nargs="?", metavar="PRESET|SPEC",
                    help="show: sge, pbs or lsf; check: the spec (default tianluo.yaml) or a preset")
    sp.add_argument("--json", action="store_true", help="check: versioned JSON for tools")

    sp = add("runs", "List every run under the home, newest first: phase, gate, stages done, last tick.")
    home(sp)
    sp.add_argument("--json", action="store_true", help="versioned JSON for tools")

    sp = add("logs", "Print an attempt's log (stderr, then stdout): the last lines, or follow it with -f.")
    sp.add_argument("target", metavar="ENTITY[.STAGE]",
                    help="the stage (without STAGE: the entity's stage whose attempt began last)")
    sp.add_argument("--attempt", type=_positive, metavar="N", help="attempt N (default: the latest)")
    sp.add_argument("--stream", choices=["stdout", "stderr"], help="only this stream")
    sp.add_argument("-f", "--follow", action="store_true",
                    help="keep printing what is appended; stops on Ctrl-C or when the attempt has ended "
                         "(exit.json) and the log is read to its end")
    sp.add_argument("-n", "--lines", type=_count, default=50, metavar="N", help="last N lines (default 50)")
    run(sp)

    sp = add("events", "Print the run's events (events.jsonl), filtered; follow them with -f.")
    sp.add_argument("--entity", metavar="ENTITY[.STAGE]", help="only events of this entity (or stage)")
    sp.add_argument("--kind", metavar="KIND", help="only events of this kind, e.g. failed, held, gate_met")
    sp.add_argument("-f", "--follow", action="store_true", help="keep printing new events until Ctrl-C")
    sp.add_argument("-n", "--lines", type=_count, default=50, metavar="N", help="last N events (default 50)")
    sp.add_argument("--json", action="store_true", help="one JSON object a line")
    run(sp)

    sp = add("completion", "Print a shell completion script.")
    sp.add_argument("shell", choices=["bash", "zsh"], metavar="SHELL", help="bash or zsh")
    return p


EXAMPLES = {
    "tianluo": ["tianluo plan tianluo.yaml", "tianluo start tianluo.yaml --accept-defaults",
                "tianluo status", "tianluo logs train -f"],
    "plan": ["tianluo plan tianluo.yaml", "tianluo plan tianluo.yaml --answer Q1=go",
             "tianluo plan tianluo.yaml --diff"],
    "start": ["tianluo start tianluo.yaml", "tianluo start tianluo.yaml --trigger systemd --every 5m",
              "tianluo start tianluo.yaml --replan", "tianluo start tianluo.yaml --resume"],
    "tick": ["tianluo tick", "tianluo tick --run .tianluo/20260101-120000-sweep --quiet",
             "tianluo tick --metrics-file /var/lib/node_exporter/textfile/tianluo.prom"],
    "status": ["tianluo status", "tianluo status --json | jq .phase",
               "cd .tianluo/20260101-120000-sweep && tianluo status"],
    "install": ["tianluo install cron --every 10m", "tianluo install systemd --system --dry-run"],
    "uninstall": ["tianluo uninstall", "tianluo uninstall cron"],
    "stop": ["tianluo stop", "tianluo stop --reason 'out of GPU hours'", "tianluo stop --cancel"],
    "note": ["tianluo note train 'loss spikes at step 40k are the LR warmup'",
             "tianluo note train.eval 'bad node gpu07'"],
    "gpus": ["tianluo gpus", "tianluo gpus --restore 3", "tianluo gpus --json"],
    "daemon": ["tianluo daemon --every 30s",
               "tianluo daemon --metrics-file /var/lib/node_exporter/textfile/tianluo.prom"],
    "hold": ["tianluo hold train --reason 'checking the data'", "tianluo hold --all"],
    "release": ["tianluo release train", "tianluo release train --retry", "tianluo release --all --no-tick"],
    "unblock": ["tianluo unblock lr-3e-4.eval --reason 'evaluate the last checkpoint train wrote'"],
    "diagnose": ["tianluo diagnose train", "tianluo diagnose train --json"],
    "prompt": ["tianluo prompt", "tianluo prompt --stage train.fit"],
    "report": ["tianluo report", "tianluo report --since 8h", "tianluo report --open",
               "tianluo report --run .tianluo/20260101-120000-sweep"],
    "demo": ["tianluo demo", "tianluo demo --pace 0"],
    "schema": ["tianluo schema > state-schema.json"],
    "backend": ["tianluo backend show sge", "tianluo backend show pbs > pbs.yaml   # then edit what differs"],
    "runs": ["tianluo runs", "tianluo runs --home /data/.tianluo --json"],
    "logs": ["tianluo logs train.fit", "tianluo logs train.fit --attempt 2 --stream stderr -n 100",
             "tianluo logs train -f"],
    "events": ["tianluo events -n 20", "tianluo events --entity train --kind failed",
               "tianluo events -f --json"],
    "completion": ["eval \"$(tianluo completion bash)\"", "tianluo completion zsh > ~/.zfunc/_tianluo"],
}


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: give 1 or more")
    return value


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= value <= 100000:
        raise argparse.ArgumentTypeError(f"{text!r}: give 0 to 100000")
    return value


def _duration(text: str) -> float:
    from tianluo.durations import parse_duration

    try:
        return parse_duration(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _bounded_duration(low: float, high: float, text: str) -> float:
    from tianluo.durations import format_duration

    seconds = _duration(text)
    if not low <= seconds <= high:  # 0s is a mistake, not "the default"
        raise argparse.ArgumentTypeError(f"{text!r}: give an interval from {format_duration(low)} to "
                                         f"{format_duration(high)}, e.g. 10m")
    return seconds


def _tick_budget(text: str) -> float:
    """A tick's observing budget: 0s (observe nothing, just save) to 1h."""
    return _bounded_duration(0.0, 3600.0, text)


def _every(text: str) -> float:
    """A trigger's interval: cron and systemd tick every 1m to 1h."""
    from tianluo.triggers import MAX_EVERY, MIN_EVERY

    return _bounded_duration(MIN_EVERY, MAX_EVERY, text)


def _daemon_every(text: str) -> float:
    return _bounded_duration(1.0, 3600.0, text)


def _since(text: str) -> float:
    seconds = _duration(text)
    if seconds <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: give a positive duration, e.g. 8h or 30m")
    return seconds


def _seconds(low: float, high: float):
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
        if not low <= value <= high:  # also refuses nan and inf
            raise argparse.ArgumentTypeError(f"{text!r}: give {low:g} to {high:g} seconds")
        return value

    return parse


def _check_args(args: argparse.Namespace) -> None:
    """Every text argument is one plain line; --home (or $TIANLUO_HOME) is a folder if it exists.

    A newline in a path would reach a crontab line or a unit file; a control character in a
    reason would reach the terminal of whoever reads ``status``.
    """
    from tianluo.plaintext import control_problem

    positional = {"spec": "SPEC", "entity": "ENTITY", "trigger": "TRIGGER"}
    values = [(positional.get(k) or f"--{k.replace('_', '-')}", v) for k, v in vars(args).items()
              if k != "command" and not (args.command == "note" and k == "text")]  # a note is made one line, capped
    values += [(f"${k}", os.environ[k]) for k in ("TIANLUO_HOME", "TIANLUO_RUN") if k in os.environ]
    for name, value in values:
        if value == "" and name in ("SPEC", "--home", "--run", "--answers"):  # not "the default"
            raise TianluoError(f"{name}: an empty value; pass a path, or leave the option out for the default")
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str):
                problem = control_problem(item)
                if problem:
                    raise TianluoError(f"{name}: the value {problem}; pass it without control characters")
                if len(item) > 4096:
                    raise TianluoError(f"{name}: the value is {len(item)} characters long; at most 4096")
    home = getattr(args, "home", None) or os.environ.get("TIANLUO_HOME")
    if home and os.path.exists(home) and not os.path.isdir(home):
        what = "--home" if getattr(args, "home", None) else "$TIANLUO_HOME"
        raise TianluoError(f"{what} {home}: not a folder; pass the folder that holds (or will hold) run folders")
    if home and any(len(os.fsencode(part)) > 255 for part in home.split("/")):
        what = "--home" if getattr(args, "home", None) else "$TIANLUO_HOME"
        raise TianluoError(f"{what}: a folder name in the path is longer than 255 bytes; pass a shorter path")
    if home:
        real = os.path.realpath(home)
        pseudo = next((fs for fs in ("/proc", "/sys", "/dev") if real == fs or real.startswith(fs + "/")), None)
        if pseudo and not real.startswith("/dev/shm/"):
            what = "--home" if getattr(args, "home", None) else "$TIANLUO_HOME"
            raise TianluoError(f"{what} {home}: under {pseudo}, a kernel file system that cannot hold run folders; "
                               "pass a folder on a real disk")


def _one_line(text: str) -> str:
    """An error message as one line, whatever text it quotes."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def _print_events(events: list[dict]) -> None:
    from tianluo.views.status import format_event

    for ev in events:
        line = format_event(ev)
        if line:
            print(line)


PLAN_VERSION = 1


def _cmd_plan(args) -> int:
    from tianluo.commands import plan, plan_diff

    if args.diff:
        diff = plan_diff(Path(args.spec), args.home)
        if args.json:
            print(json.dumps({"version": PLAN_VERSION, "run_dir": str(diff.run_dir), "changes": diff.changes,
                              "runs_again": [{"stage": s, "why": w} for s, w in diff.again.items()],
                              "keeps_result": [{"stage": s, "changed": w} for s, w in diff.kept.items()],
                              "refused": diff.refused}, indent=2))
            return 0
        print(f"{args.spec} against the plan locked in {diff.run_dir}:")
        print("\n".join(f"  {line}" for line in diff.changes) or "  no changes")
        if diff.refused:
            print(f"`tianluo start {args.spec} --replan` would refuse now: {'; '.join(diff.refused)}")
        elif diff.changes:
            print(f"carry it over with `tianluo start {args.spec} --replan`")
        return 0

    result = plan(Path(args.spec), args.home, args.answer, args.answers, args.accept_defaults)
    code = 3 if result.open else 0
    for warning in result.warnings:  # heard with --json too: stderr is not the document
        print(f"tianluo: warning: {warning}", file=sys.stderr)
    if args.json:
        print(json.dumps({
            "version": PLAN_VERSION, "spec": args.spec, "plan_md": str(result.plan_md), "open": result.open,
            "warnings": result.warnings, "lessons": result.lessons,
            "forks": [{"id": qid, "key": f.key, "type": f.type, "question": f.question, "options": list(f.options),
                       "free_form": f.free_form, "default": f.default, "cost": f.cost,
                       "answer": a.value if a else None, "by": a.by if a else None}
                      for qid, f, a in result.forks],
        }, indent=2))
        return code
    print(result.summary)
    for qid, fork, answer in result.forks:
        given = f"answered: {answer.value} ({answer.by})" if answer else f"OPEN (default: {fork.default})"
        options = " | ".join(fork.options) + (" | <folder>" if fork.free_form else "")
        print(f"{qid} [{fork.type}] {fork.question}\n    options: {options}; {given}; if left open: {fork.cost}")
    if result.lessons:  # notes from earlier runs' lessons.md: they never block start
        print("Lessons from earlier runs:")
        print("\n".join(f"  {line}" for line in result.lessons))
    if result.open:
        print(f"{len(result.open)} open: answer with --answer {result.open[0]}=<option>, or --accept-defaults")
    else:
        print("every fork is answered: `tianluo start` will not ask again")
    print(f"plan written to {result.plan_md}")
    return code


def _cmd_start(args) -> int:
    from tianluo.commands import replan_run, start

    if args.replan:
        run_dir, event = replan_run(Path(args.spec), args.home, args.accept_defaults, args.agent, args.agent_timeout)
        print(f"run: {event['message']}")
        for line in event["changes"]:
            print(f"  {line}")
        print(run_dir.resolve())
        return 0
    from tianluo.commands import default_trigger

    if args.resume:
        from tianluo.commands import resume_run

        options = {"scope": args.scope} if args.trigger == "systemd" and args.scope else {}
        result = resume_run(Path(args.spec), args.home, first_tick=not args.no_tick, trigger=args.trigger,
                            every=args.every, **options)
        if result.trigger is not None:
            _print_trigger(result.trigger)
        if result.tick is not None:
            _print_events(result.tick.events)
        print(result.run_dir)
        return 0
    trigger = args.trigger or default_trigger()
    options = {"scope": args.scope} if trigger == "systemd" and args.scope else {}
    result = start(Path(args.spec), args.home, first_tick=not args.no_tick, accept_defaults=args.accept_defaults,
                   new=args.new, trigger=trigger, every=args.every, agent=args.agent,
                   agent_timeout=args.agent_timeout, **options)
    if args.trigger is None and trigger == "none":
        print("note: no crontab here, so the run has no trigger: run `tianluo tick` yourself, or use --trigger "
              "systemd|daemon", file=sys.stderr)
    if result.trigger is not None:
        _print_trigger(result.trigger)
    if result.tick is not None:
        _print_events(result.tick.events)
    print(result.run_dir)
    return 0


def _print_trigger(result) -> None:
    if result.warning:
        print(result.warning, file=sys.stderr)
    if result.installed is not None:
        print(f"trigger: {result.installed.detail}")
        for command in result.installed.commands:
            print(f"  run: {command}")


def _cmd_install(args) -> int:
    from tianluo.commands import install_trigger
    from tianluo.planning.runpath import resolve_run

    options = {}
    if args.trigger == "systemd":
        options = {"scope": args.scope or "user", "dry_run": args.dry_run}
    elif args.dry_run:
        raise TianluoError(f"--dry-run is for systemd; `tianluo install {args.trigger}` changes one line only")
    _print_trigger(install_trigger(resolve_run(args.run, args.home).resolve(), args.trigger, args.every, **options))
    return 0


def _cmd_uninstall(args) -> int:
    from tianluo.commands import uninstall_trigger
    from tianluo.planning.runpath import resolve_run

    result = uninstall_trigger(resolve_run(args.run, args.home).resolve(), args.trigger)
    print("trigger removed" if result.removed else "no trigger of that kind was installed for this run")
    return 0


def _cmd_stop(args) -> int:
    from tianluo.commands import stop_run
    from tianluo.planning.runpath import resolve_run

    _print_hands(stop_run(resolve_run(args.run, args.home).resolve(), args.reason, cancel=args.cancel))
    return 0


def _cmd_note(args) -> int:
    from tianluo.commands import note
    from tianluo.planning.runpath import resolve_run

    result = note(resolve_run(args.run, args.home), args.entity, " ".join(args.text))
    print(f"noted in {result.path}")
    return 0


def _gpu_index(text: str) -> int:
    if not text.isdigit() or int(text) > 1023:
        raise argparse.ArgumentTypeError(f"{text!r} is not a GPU index (0..1023, as nvidia-smi numbers them)")
    return int(text)


def _cmd_gpus(args) -> int:
    from tianluo.commands import gpus
    from tianluo.planning.runpath import resolve_run
    from tianluo.views.status import gpu_lines

    doc = gpus(resolve_run(args.run, args.home).resolve(), args.restore)
    if args.json:
        print(json.dumps(doc, indent=1))
        return 0
    for note in doc["notes"]:
        print(note)
    if doc["gpu_host"] is None:
        print(f"run {doc['run_id']} does not hand out GPUs (not a GPU host)")
        return 0
    for line in gpu_lines(doc["gpu_host"]):
        print(line)
    for g in doc["gpu_host"]["seen"]:
        use = f"{g['utilization']}%" if g["utilization"] is not None else "?"
        mem = f"{g['memory_used_mib']}/{g['memory_total_mib']} MiB" if g["memory_used_mib"] is not None else ""
        who = g["held_by"] or ("; ".join(g["others"]) if g["others"] else "free")
        print(f"  GPU {g['index']}  {g['name'][:28]:<28}  {use:>4}  {mem:>17}  {who}")
    return 0


def _cmd_daemon(args) -> int:
    from tianluo.planning.runpath import resolve_run
    from tianluo.shell.daemon import run_daemon
    from tianluo.shell.store import RunStore

    run_dir = resolve_run(args.run, args.home).resolve()
    every = args.every if args.every is not None else RunStore(run_dir).load().plan.interval
    if args.metrics_file:
        _write_metrics(run_dir, args.metrics_file)  # a bad path is heard now, not in a thread
        _metrics_thread(run_dir, args.metrics_file, min(every, 60.0))
    return run_daemon(run_dir, every)


def _metrics_thread(run_dir, path: str, every: float) -> None:
    """The daemon's textfile, rewritten every ``every`` seconds from state.json (read plainly)."""
    import threading
    import time

    def loop() -> None:
        while True:
            time.sleep(every)
            try:
                _write_metrics(run_dir, path)
            except Exception as exc:  # noqa: BLE001 - the ticks go on; the next write may succeed
                print(f"tianluo: --metrics-file: {_one_line(str(exc))}", file=sys.stderr)

    threading.Thread(target=loop, name="metrics", daemon=True).start()


def _cmd_tick(args) -> int:
    from tianluo.planning.runpath import resolve_run
    from tianluo.shell.idle_tick import idle_tick, may_be_finished

    run_dir = resolve_run(args.run, args.home)
    # a finished run with nothing to do: no models, no backends (a running one's state says so in its head)
    idle = idle_tick(run_dir, args.budget) if may_be_finished(run_dir) else None
    if idle is not None:
        _write_metrics(run_dir, args.metrics_file)
        if not args.quiet:
            print(idle)
        return 0
    from tianluo.shell.quiet_tick import quiet_tick

    quiet = quiet_tick(run_dir, args.budget)  # an active run with nothing to do, as the last tick certified
    if quiet is not None:
        message, beat = quiet
        _write_metrics(run_dir, args.metrics_file)
        if not args.quiet:
            print(message)
        if beat and (not args.quiet or " failed: " in beat):
            print(beat, file=sys.stdout if " failed: " not in beat else sys.stderr)
        return 0
    from tianluo.shell.tick import run_tick

    result = run_tick(run_dir, event=args.event, budget=args.budget)
    _write_metrics(run_dir, args.metrics_file)
    _print_events(result.events)
    if result.warning:  # a stalled lock: heard even from a quiet tick, and not exit 0
        print(f"tianluo: {result.warning}", file=sys.stderr)
        return EXIT_STALLED
    if not args.quiet and (not result.events or not result.ran):
        print(result.message)
    if result.heartbeat and (not args.quiet or " failed: " in result.heartbeat):  # a failed ping: in cron.log too
        print(result.heartbeat, file=sys.stdout if " failed: " not in result.heartbeat else sys.stderr)
    return 0


EXIT_STALLED = 75  # EX_TEMPFAIL: the run's lock is held past its holder's budget


def _write_metrics(run_dir, path: str | None) -> None:
    if path:
        from tianluo.views.metrics import write_for_run

        write_for_run(run_dir, path)


def _cmd_status(args) -> int:
    from tianluo.planning.runpath import resolve_run
    from tianluo.timefmt import utcnow
    from tianluo.views.status import render_status, status_doc

    run_dir = resolve_run(args.run, args.home)
    doc = status_doc(run_dir)
    if args.json:
        print(json.dumps(doc, indent=2))
    else:
        from tianluo.views import colour

        print(colour.status_text(render_status(doc, utcnow()), doc, colour.enabled(sys.stdout)))
    return 0


def _print_hands(result) -> None:
    _print_events(result.events)
    for note in result.notes:
        print(note)


def _cmd_hold(args) -> int:
    from tianluo.planning.runpath import resolve_run
    from tianluo.shell.hold_plain import hold_plain

    run_dir = resolve_run(args.run, args.home)
    done = hold_plain(run_dir, args.entity, args.reason, args.all)  # without the models, when nothing is in doubt
    if done is None:
        from tianluo.commands import hold_entity

        done = hold_entity(run_dir, args.entity, args.reason, args.all)
    _print_hands(done)
    return 0


def _cmd_release(args) -> int:
    from tianluo.commands import release_entity
    from tianluo.planning.runpath import resolve_run

    _print_hands(release_entity(resolve_run(args.run, args.home), args.entity, args.retry, args.skip,
                                args.reset_budget, all_entities=args.all, tick=not args.no_tick))
    return 0


def _cmd_unblock(args) -> int:
    from tianluo.commands import unblock_stage
    from tianluo.planning.runpath import resolve_run

    _print_hands(unblock_stage(resolve_run(args.run, args.home), args.stage, args.reason, tick=not args.no_tick))
    return 0


def _cmd_runs(args) -> int:
    from tianluo.planning.runpath import find_home
    from tianluo.views import colour
    from tianluo.views.browse import RUNS_VERSION, list_runs, render_runs

    home = find_home(args.home)
    rows = list_runs(home)
    if args.json:
        print(json.dumps({"version": RUNS_VERSION, "home": str(home), "runs": rows}, indent=2))
    else:
        print(render_runs(rows, colour.painter(colour.enabled(sys.stdout))))
    return 0


def _cmd_logs(args) -> int:
    from tianluo.planning.runpath import resolve_run
    from tianluo.views.browse import show_log

    return show_log(resolve_run(args.run, args.home), args.target, args.attempt, args.stream, args.lines,
                    args.follow)


def _cmd_events(args) -> int:
    from tianluo.planning.runpath import resolve_run
    from tianluo.views.browse import show_events

    return show_events(resolve_run(args.run, args.home), args.entity, args.kind, args.lines, args.follow,
                       args.json)


def _cmd_completion(args) -> int:
    from tianluo.views import completion_sh

    print(getattr(completion_sh, args.shell)(_parser()), end="")
    return 0


def _cmd_diagnose(args) -> int:
    from tianluo.commands import diagnose_entity
    from tianluo.planning.runpath import resolve_run
    from tianluo.views.status import diagnose_doc, render_diagnose

    doc = diagnose_doc(diagnose_entity(resolve_run(args.run, args.home), args.entity))
    print(json.dumps(doc, indent=2) if args.json else render_diagnose(doc))
    return 0


def _cmd_prompt(args) -> int:
    from tianluo.planning.runpath import resolve_run
    from tianluo.views.prompt import prompt_for_run

    sys.stdout.write(prompt_for_run(resolve_run(args.run, args.home), args.stage))
    return 0


def _cmd_report(args) -> int:
    from tianluo.planning.runpath import resolve_run
    from tianluo.timefmt import utcnow
    from tianluo.views.report import open_report, report_run, tell
    from tianluo.views.story_text import render_story

    run_dir = resolve_run(args.run, args.home).resolve()
    path = report_run(run_dir)
    doc = tell(run_dir, path, utcnow(), args.since)
    opened = open_report(path) if args.open else None
    if args.json:
        print(json.dumps(doc, indent=2))
        if opened:
            print(opened, file=sys.stderr)
        return 0
    print(path)  # the first line, as before the story was told
    if opened:
        print(opened)
    print()
    sys.stdout.write(render_story(doc))
    return 0


def _cmd_demo(args) -> int:
    from tianluo.views.demo import run_demo

    return run_demo(pace=args.pace, timeout=args.timeout)


def _cmd_backend(args) -> int:
    from tianluo.backends.presets import PRESETS, show

    if args.action == "check":
        from tianluo.commands import backend_check

        report = backend_check(args.target)
        print(json.dumps(report.to_json(), indent=2) if args.json else report.render())
        return 0 if report.ok else 1
    if args.target not in PRESETS:
        given = f" (not {args.target!r})" if args.target else ""
        raise TianluoError(f"backend show: give a preset: {', '.join(PRESETS)}{given}")
    if args.json:
        raise TianluoError("backend show prints YAML; --json is for backend check")
    print(show(args.target), end="")
    return 0


def _cmd_schema(args) -> int:
    from tianluo.models.model import state_json_schema

    print(json.dumps(state_json_schema(), indent=2))
    return 0


COMMANDS = {"plan": _cmd_plan, "start": _cmd_start, "tick": _cmd_tick, "status": _cmd_status,
            "hold": _cmd_hold, "release": _cmd_release, "unblock": _cmd_unblock, "diagnose": _cmd_diagnose,
            "install": _cmd_install, "uninstall": _cmd_uninstall, "stop": _cmd_stop, "note": _cmd_note,
            "gpus": _cmd_gpus, "daemon": _cmd_daemon,
            "prompt": _cmd_prompt, "demo": _cmd_demo, "schema": _cmd_schema, "runs": _cmd_runs, "logs": _cmd_logs,
            "events": _cmd_events, "completion": _cmd_completion, "backend": _cmd_backend}
COMMANDS["report"] = _cmd_report  # tianluo report (tianluo/views/report.py)


def main(argv: list[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else argv
    if given == ["--version"]:  # what argparse prints, without building it
        print(f"tianluo {__version__}")
        return 0
    parser = _parser(given[0] if given and given[0] in COMMANDS else None)
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        print("tianluo: give a command, e.g. `tianluo plan tianluo.yaml` (see tianluo --help)", file=sys.stderr)
        return 2
    try:
        _check_args(args)
        return COMMANDS[args.command](args)
    except TianluoError as exc:
        print(f"tianluo: {_one_line(str(exc))}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("tianluo: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:
        from tianluo.shell import space

        if not space.is_full(exc):
            if exc.filename is None:
                return _internal_error(exc)
            # The system refused a file (EIO, ENAMETOOLONG, EACCES on a network mount...): a
            # circumstance to fix, named in one line, not a bug. TIANLUO_DEBUG shows where.
            if os.environ.get("TIANLUO_DEBUG"):
                import traceback

                traceback.print_exc()
            print(f"tianluo: {_one_line(str(exc.filename))}: {_one_line(exc.strerror or str(exc))}; "
                  f"`tianluo {args.command}` could not go on: fix that path (or pass another), then run it again",
                  file=sys.stderr)
            return 2
        where = (exc.filename or getattr(args, "run", None) or getattr(args, "home", None)
                 or os.environ.get("TIANLUO_HOME") or os.getcwd())
        full = space.disk_full(where, f"`tianluo {args.command}`",
                               done="the file being written was left as it was")
        print(f"tianluo: {_one_line(str(full))}", file=sys.stderr)  # a full disk anywhere: exit 74, never a bug
        return full.exit_code
    except Exception as exc:  # noqa: BLE001 - a bug: one line by default, the traceback on request
        return _internal_error(exc)


def _internal_error(exc: Exception) -> int:
    """A bug: one line by default, the traceback on request."""
    if os.environ.get("TIANLUO_DEBUG"):
        import traceback

        traceback.print_exc()
    print(f"tianluo: internal error: {type(exc).__name__}: {_one_line(str(exc))} "
          "(set TIANLUO_DEBUG=1 for the traceback)", file=sys.stderr)
    return 1
