"""The command backend's presets: one scheduler's templates, written once (``backend: {kind: command, preset: sge}``).

Each preset is the ``backend:`` keys a user would otherwise write; a key given beside ``preset:``
replaces the preset's whole (``states`` too: give the full table). ``tianluo backend show NAME``
prints one. Grid Engine's is tested on a real Son of Grid Engine 8.1.9 (scripts/sge_cluster.py);
PBS's and LSF's are written from their manuals and checked against stand-ins that print those
commands' formats (tests/test_backend_presets.py), not on a real cluster: reference/backends.md
says how to check one on yours (``tianluo backend check``).
"""

import json
from typing import Any, Literal

PresetName = Literal["sge", "pbs", "lsf"]

#: Grid Engine (Son of Grid Engine, Univa/Altair GE, Open Cluster Scheduler).
#: - status: ``qstat`` cannot list chosen ids, and forgets finished jobs unless given ``-s z``; ``-f``
#:   groups jobs under their queue instance, whose state ``u`` (the host not heard from for the cluster's
#:   ``max_unheard``, or a qmaster just restarted) is carried into the word as ``@u``: unknown.
#: - find: plain ``qstat`` cuts names to 10 characters: ``qstat -j NAME`` (pending and running jobs; one
#:   that finished before it was recorded is found by the id it wrote, ``job_id_env``). It fails for a name
#:   it does not know ("Following jobs do not exist"): ``forgotten`` reads that as "none".
#: - cancel: ``qdel`` (SIGKILL at once unless the queue's ``terminate_method`` is SIGTERM); KILL is
#:   ``qdel -f``, which also clears a job left on a dead host (users need ENABLE_FORCED_QDEL).
SGE: dict[str, Any] = {
    "submit": "qsub -terse -r n -V -S /bin/sh -N {job_name} -wd {workdir} -o {attempt_dir}/job.out "
              "-e {attempt_dir}/job.err {script}",
    "status": "qstat -f -s prsz | awk '$1 ~ /@/ { q = $6 } /^#/ { q = \"\" } "
              "$1 ~ /^[0-9]+$/ { print $1, $5 (q ~ /u/ ? \"@u\" : \"\") }'",
    "states": {
        # Its host is unheard of (u): unknown, taken for running for lost_after (10 minutes by default): right
        # after a qmaster restart every host reads u until its execd reports (load_report_time), and a job given
        # up then would be retried beside itself. Past it the attempt is lost with its node: qdel -f, the retry.
        ".*@u": "unknown",
        ".*E.*": "ended",  # Eqw: it can never start (a missing folder, a bad script) until someone clears it
        "z": "ended",
        "d.*": "running",  # deletion under way: not ended until qstat says z or forgets it
        ".*[qw].*": "queued",  # qw, hqw, hRwq, Rq
        ".*[rtRsST].*": "running",  # r, t, Rr, s, S, T
    },
    "ended_by": {".*E.*": "boot_fail"},
    "cancel": "if [ {signal} = KILL ]; then qdel -f {job_id}; else qdel {job_id}; fi",
    "hold": "qhold {job_id}",
    "release": "qrls {job_id}",
    "find": "qstat -j {job_name} | awk '$1 == \"job_number:\" { print $2 }'",
    "job_id_env": "JOB_ID",
    # No qmaster to answer, or none this client can find (the words of SoGE 8.1.9's clients, recorded against a
    # stopped, hung or wrong-port qmaster and a missing or wrong act_qmaster, SGE_ROOT and SGE_CELL; and of its
    # message catalogue: msg_gdilib.h, msg_utilib.h, msg_common.h): nothing is known, nothing was refused.
    "unreachable": "unable to contact qmaster|unable to send message to qmaster|unable to read qmaster name|"
                   "qmaster hostname in|commlib error|gdi request|Unable to initialize environment|"
                   "cell directory \"[^\"]*\" doesn't exist|directory doesn't exist: |"
                   "SGE_ROOT directory \"[^\"]*\" doesn't exist|SGE_ROOT=.* is not a directory|"
                   "set the environment variable SGE_ROOT|bootstrap file|"
                   "fopen\\(\"[^\"]*/common/bootstrap\"\\) failed",
    "forgotten": "does not exist|do not exist",
}

#: PBS Professional and OpenPBS (Torque: see reference/backends.md, ``qselect -x`` and ``qstat -x`` differ).
#: - status: ``qstat -x -f`` of the ids (``-x``: finished jobs too, kept by ``job_history_enable``);
#:   ``Job Id:`` lines, then ``job_state = X``.
#: - find: ``qselect -x -N NAME`` prints the ids of that name, one a line.
#: - cancel: ``qdel`` (SIGTERM, SIGKILL after the server's kill_delay); KILL is ``qdel -W force``.
PBS: dict[str, Any] = {
    "submit": "qsub -r n -V -N {job_name} -o {attempt_dir}/job.out -e {attempt_dir}/job.err {script}",
    "status": "qstat -x -f {job_ids} | awk '/^Job Id:/ { id = $3 } $1 == \"job_state\" { print id, $3 }'",
    "states": {"Q": "queued", "H": "queued", "W": "queued", "T": "queued", "R": "running", "E": "running",
               "S": "running", "U": "running", "B": "running", "F": "ended", "C": "ended", "X": "ended"},
    "cancel": "if [ {signal} = KILL ]; then qdel -W force {job_id}; else qdel {job_id}; fi",
    "hold": "qhold {job_id}",
    "release": "qrls {job_id}",
    "find": "qselect -x -N {job_name}",
    "job_id_env": "PBS_JOBID",
    "unreachable": "cannot connect to server|Connection refused|Server.*unavailable|pbs_connect",
    "forgotten": "Unknown Job Id",
}

#: IBM Spectrum LSF.
#: - submit: ``bsub`` says ``Job <123> is submitted to queue <normal>.``: the id is cut out by sed.
#: - status: ``bjobs -a`` (finished jobs too, for CLEAN_PERIOD) with ``-o 'jobid stat'``.
#: - cancel: ``bkill -s TERM``, then ``bkill -s KILL``; hold is ``bstop`` (a pending job goes PSUSP).
LSF: dict[str, Any] = {
    "submit": "bsub -J {job_name} -cwd {workdir} -o {attempt_dir}/job.out -e {attempt_dir}/job.err {script} "
              "| sed -n 's/^Job <\\([0-9][0-9]*\\)>.*/\\1/p'",
    "status": "bjobs -a -noheader -o 'jobid stat' {job_ids}",
    "states": {"PEND": "queued", "PSUSP": "queued", "WAIT": "queued", "RUN": "running", "USUSP": "running",
               "SSUSP": "running", "PROV": "running", "DONE": "ended", "EXIT": "ended", "ZOMBI": "ended",
               "UNKWN": "unknown"},  # mbatchd lost touch with the job's sbatchd
    "cancel": "bkill -s {signal} {job_id}",
    "hold": "bstop {job_id}",
    "release": "bresume {job_id}",
    "find": "bjobs -a -noheader -o jobid -J {job_name}",
    "job_id_env": "LSB_JOBID",
    "unreachable": "LSF is down|cannot connect|Failed in an LSF library call|not responding",
    "forgotten": "is not found|No matching job found|No unfinished job found",
}

PRESETS: dict[str, dict[str, Any]] = {"sge": SGE, "pbs": PBS, "lsf": LSF}

#: what each preset was checked against, said wherever it is shown
TESTED = {"sge": "tested on a real single-node Son of Grid Engine 8.1.9 (Debian's gridengine packages)",
          "pbs": "written from the PBS Professional/OpenPBS manuals; NOT tested on a real cluster",
          "lsf": "written from the IBM Spectrum LSF 10.1 manuals; NOT tested on a real cluster"}


def show(name: str) -> str:
    """A preset as the ``backend:`` block of a spec (YAML): every key, to read, or to copy and edit."""
    lines = [f"# backend: {{kind: command, preset: {name}}} means all of this ({TESTED[name]}).",
             "# Give any key beside preset: to replace the preset's (states and ended_by: the whole table).",
             "backend:", "  kind: command", f"  preset: {name}"]
    for key, value in PRESETS[name].items():
        if isinstance(value, dict):
            lines.append(f"  {key}:")
            lines += [f"    {json.dumps(word)}: {meaning}" for word, meaning in value.items()]
        else:
            lines.append(f"  {key}: {json.dumps(value)}")
    return "\n".join(lines) + "\n"
