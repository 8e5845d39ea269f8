"""tianluo.backends.slurm_text: what Slurm's commands print, read into plain values.

Pure: text in, values out. The inputs are real outputs captured from Slurm 22.05
(squeue, scontrol show job -o, sacct -c on a jobcomp/filetxt log, the error lines of an
unreachable controller), plus a few hand-made lines for the cases a small cluster cannot show.
"""

import pytest

from tianluo.backends.slurm_text import (
    FINAL,
    QUEUED,
    RUNNING,
    SACCT_FIELDS,
    SQUEUE_FIELDS,
    SQUEUE_FORMAT,
    ZERO_EXIT_UNTRUSTED,
    JobRow,
    accounting_mode,
    base_state,
    host_of,
    job_state,
    parse_config,
    parse_exit,
    parse_sacct,
    parse_scontrol,
    parse_scontrol_fields,
    parse_squeue,
    unreachable,
)
from tianluo.models.states import JobState

# --- real outputs (Slurm 22.05) ------------------------------------------------------------

SQUEUE = """\
5|canc|CANCELLED|None|vm|2026-11-29T17:14:56|2026-11-29T17:14:59|0|
2|fail|FAILED|NonZeroExitCode|vm|2026-11-29T17:14:56|2026-11-29T17:14:57|0|
6|pend|PENDING|BeginTime||2026-11-29T18:14:56|NONE|0|
4|tl|TIMEOUT|TimeLimit|vm|2026-11-29T17:14:56|2026-11-29T17:16:25|0|
"""

SCONTROL_5 = (
    "JobId=5 JobName=canc UserId=root(0) GroupId=root(0) MCS_label=N/A Priority=4294901755 Nice=0 "
    "Account=(null) QOS=(null) JobState=CANCELLED Reason=None Dependency=(null) Requeue=1 Restarts=0 "
    "BatchFlag=1 Reboot=0 ExitCode=0:15 RunTime=00:00:03 TimeLimit=UNLIMITED TimeMin=N/A "
    "SubmitTime=2026-11-29T17:14:56 EligibleTime=2026-11-29T17:14:56 AccrueTime=2026-11-29T17:14:56 "
    "StartTime=2026-11-29T17:14:56 EndTime=2026-11-29T17:14:59 Deadline=N/A SuspendTime=None "
    "SecsPreSuspend=0 LastSchedEval=2026-11-29T17:14:56 Scheduler=Main Partition=debug "
    "AllocNode:Sid=localhost:10343 ReqNodeList=(null) ExcNodeList=(null) NodeList=vm BatchHost=vm "
    "NumNodes=1 NumCPUs=1 NumTasks=1 CPUs/Task=1 ReqB:S:C:T=0:0:*:* TRES=cpu=1,node=1,billing=1 "
    "Socks/Node=* NtasksPerN:B:S:C=0:0:*:* CoreSpec=* MinCPUsNode=1 MinMemoryNode=0 MinTmpDiskNode=0 "
    "Features=(null) DelayBoot=00:00:00 OverSubscribe=YES Contiguous=0 Licenses=(null) Network=(null) "
    "Command=(null) WorkDir=/tmp/sj StdErr=/tmp/sj/c.out StdIn=/dev/null StdOut=/tmp/sj/c.out Power="
)

#: sacct -c -n -P -o jobid,jobname,state,exitcode,start,end,nodelist on a jobcomp/filetxt log.
SACCT_JOBCOMP = """\
3|sig|FAILED|0:9|2026-11-29T17:14:56|2026-11-29T17:14:57|vm
2|fail|FAILED|3:0|2026-11-29T17:14:56|2026-11-29T17:14:57|vm
1|ok|COMPLETED|0:0|2026-11-29T17:14:56|2026-11-29T17:14:58|vm
5|canc|CANCELLED|0:0|2026-11-29T17:14:56|2026-11-29T17:14:59|vm
4|tl|TIMEOUT|0:0|2026-11-29T17:14:56|2026-11-29T17:16:25|vm
"""

CONTROLLER_DOWN = "slurm_load_jobs error: Unable to contact slurm controller (connect failure)"
SBATCH_DOWN = "sbatch: error: Batch job submission failed: Unable to contact slurm controller (connect failure)"
BAD_PARTITION = "sbatch: error: Batch job submission failed: Invalid partition name specified"
BAD_GRES = "sbatch: error: Invalid generic resource (gres) specification"
NO_ACCOUNTING = "Slurm accounting storage is disabled"


# --- the formats ---------------------------------------------------------------------------


def test_squeue_format_ends_every_field_with_a_pipe():
    assert SQUEUE_FORMAT == "JobID:|,Name:|,State:|,Reason:|,NodeList:|,StartTime:|,EndTime:|,RestartCnt:|"


def test_sacct_fields_are_the_ones_the_parser_reads():
    assert ",".join(SACCT_FIELDS) == "JobID,JobName,State,ExitCode,Start,End,NodeList"
    assert len(SQUEUE_FIELDS) == 8


# --- squeue --------------------------------------------------------------------------------


def squeue_rows() -> dict[str, JobRow]:
    return {r.job_id: r for r in parse_squeue(SQUEUE)}


def test_squeue_reads_every_real_line_in_order():
    assert [r.job_id for r in parse_squeue(SQUEUE)] == ["5", "2", "6", "4"]


def test_squeue_cancelled_row():
    assert squeue_rows()["5"] == JobRow(job_id="5", name="canc", state="CANCELLED", reason=None, nodes="vm",
                                        start="2026-11-29T17:14:56", end="2026-11-29T17:14:59", restarts=0,
                                        exit_code=None, signal=None, source="squeue")


def test_squeue_failed_row_keeps_its_reason_but_has_no_exit_code():
    row = squeue_rows()["2"]
    assert (row.state, row.reason) == ("FAILED", "NonZeroExitCode")
    assert (row.exit_code, row.signal) == (None, None)  # squeue never knows the exit code


def test_squeue_pending_row_has_no_node_and_no_end():
    row = squeue_rows()["6"]
    assert (row.state, row.reason) == ("PENDING", "BeginTime")
    assert row.nodes is None
    assert row.end is None  # NONE
    assert row.start == "2026-11-29T18:14:56"  # the expected start of a pending job


def test_squeue_timeout_row():
    row = squeue_rows()["4"]
    assert (row.state, row.reason, row.nodes, row.end) == ("TIMEOUT", "TimeLimit", "vm", "2026-11-29T17:16:25")


def test_squeue_reads_the_restart_count():
    (row,) = parse_squeue("9|tl.r.a.train.1|PENDING|BeginTime||NONE|NONE|2|\n")
    assert row.restarts == 2


def test_squeue_reason_with_spaces_and_commas_stays_whole():
    (row,) = parse_squeue("9|j|PENDING|ReqNodeNotAvail, UnavailableNodes:gpu-07||NONE|NONE|0|\n")
    assert row.reason == "ReqNodeNotAvail, UnavailableNodes:gpu-07"


def test_squeue_state_is_reduced_to_its_base_word():
    (row,) = parse_squeue("9|j|CANCELLED by 1000|None|vm|NONE|NONE|0|\n")
    assert row.state == "CANCELLED"


@pytest.mark.parametrize("text", [
    "",
    "\n\n",
    "slurm_load_jobs error: Invalid job id specified\n",
    "5|canc|CANCELLED|None|vm\n",  # cut short
    "|canc|CANCELLED|None|vm|NONE|NONE|0|\n",  # no job id
])
def test_squeue_skips_lines_that_do_not_fit(text):
    assert parse_squeue(text) == []


def test_squeue_a_restart_count_that_is_not_a_number_is_zero():
    (row,) = parse_squeue("9|j|RUNNING|None|vm|NONE|NONE|N/A|\n")
    assert row.restarts == 0


# --- scontrol show job -o ------------------------------------------------------------------


def test_scontrol_fields_of_a_real_line():
    f = parse_scontrol_fields(SCONTROL_5)
    assert f["JobId"] == "5"
    assert f["JobName"] == "canc"
    assert f["JobState"] == "CANCELLED"
    assert f["ExitCode"] == "0:15"
    assert f["NodeList"] == "vm"
    assert f["WorkDir"] == "/tmp/sj"


def test_scontrol_keys_with_colons_and_slashes_and_values_with_equals():
    f = parse_scontrol_fields(SCONTROL_5)
    assert f["AllocNode:Sid"] == "localhost:10343"
    assert f["CPUs/Task"] == "1"
    assert f["ReqB:S:C:T"] == "0:0:*:*"
    assert f["TRES"] == "cpu=1,node=1,billing=1"  # '=' inside a value is not a new key


def test_scontrol_last_field_may_be_empty():
    assert parse_scontrol_fields(SCONTROL_5)["Power"] == ""


def test_scontrol_values_may_hold_spaces():
    line = ("JobId=7 JobName=tl.r.a.train.1 JobState=PENDING Reason=launch failed requeued held "
            "Command=/runs/my run/attempts/a/train/1/job.sbatch WorkDir=/home/me/my project StdOut=/x y/stdout")
    f = parse_scontrol_fields(line)
    assert f["Reason"] == "launch failed requeued held"
    assert f["Command"] == "/runs/my run/attempts/a/train/1/job.sbatch"
    assert f["WorkDir"] == "/home/me/my project"
    assert f["StdOut"] == "/x y/stdout"


def test_scontrol_real_cancelled_job_has_its_signal():
    rows = parse_scontrol(SCONTROL_5)
    assert list(rows) == ["5"]
    row = rows["5"]
    assert (row.name, row.state, row.source) == ("canc", "CANCELLED", "scontrol")
    assert (row.exit_code, row.signal) == (None, 15)
    assert (row.nodes, row.start, row.end) == ("vm", "2026-11-29T17:14:56", "2026-11-29T17:14:59")
    assert row.reason is None  # Reason=None
    assert row.restarts == 0


def test_scontrol_reads_one_job_per_line():
    text = (SCONTROL_5 + "\n"
            "JobId=8 JobName=b JobState=FAILED Reason=NonZeroExitCode Restarts=3 ExitCode=3:0 NodeList=gpu[01-02] "
            "StartTime=2026-11-29T17:00:00 EndTime=2026-11-29T17:10:00\n")
    rows = parse_scontrol(text)
    assert sorted(rows) == ["5", "8"]
    row = rows["8"]
    assert (row.state, row.reason, row.restarts) == ("FAILED", "NonZeroExitCode", 3)
    assert (row.exit_code, row.signal) == (3, None)
    assert row.nodes == "gpu[01-02]"


def test_scontrol_running_job_has_no_end_and_exit_zero():
    rows = parse_scontrol("JobId=9 JobName=r JobState=RUNNING Reason=None ExitCode=0:0 NodeList=vm "
                          "StartTime=2026-11-29T17:00:00 EndTime=Unknown\n")
    assert rows["9"].end is None
    assert (rows["9"].exit_code, rows["9"].signal) == (0, None)


def test_scontrol_skips_lines_without_a_job_id():
    assert parse_scontrol("No jobs in the system\nslurm_load_jobs error: Invalid job id specified\n") == {}


# --- sacct ---------------------------------------------------------------------------------


def test_sacct_jobcomp_real_lines():
    rows = parse_sacct(SACCT_JOBCOMP, "jobcomp")
    assert sorted(rows) == ["1", "2", "3", "4", "5"]
    assert all(r.source == "jobcomp" for r in rows.values())
    assert (rows["3"].state, rows["3"].exit_code, rows["3"].signal) == ("FAILED", None, 9)
    assert (rows["2"].state, rows["2"].exit_code, rows["2"].signal) == ("FAILED", 3, None)
    assert (rows["1"].state, rows["1"].exit_code, rows["1"].signal) == ("COMPLETED", 0, None)


@pytest.mark.parametrize("job_id, state", [("5", "CANCELLED"), ("4", "TIMEOUT")])
def test_sacct_jobcomp_zero_exit_of_a_job_ended_by_slurm_is_unknown(job_id, state):
    row = parse_sacct(SACCT_JOBCOMP, "jobcomp")[job_id]
    assert row.state == state
    assert (row.exit_code, row.signal) == (None, None)  # the jobcomp log writes 0:0 for these


@pytest.mark.parametrize("state", sorted(ZERO_EXIT_UNTRUSTED))
def test_sacct_jobcomp_distrusts_zero_for_every_state_slurm_ended(state):
    row = parse_sacct(f"7|j|{state}|0:0|s|e|vm\n", "jobcomp")["7"]
    assert row.exit_code is None


def test_sacct_jobcomp_keeps_a_nonzero_exit_of_a_timed_out_job():
    row = parse_sacct("7|j|TIMEOUT|0:15|s|e|vm\n", "jobcomp")["7"]
    assert (row.exit_code, row.signal) == (None, 15)


def test_sacct_from_slurmdbd_keeps_zero_exits():
    rows = parse_sacct(SACCT_JOBCOMP, "sacct")
    assert rows["5"].exit_code == 0
    assert rows["4"].exit_code == 0
    assert all(r.source == "sacct" for r in rows.values())


def test_sacct_default_source_is_sacct():
    assert parse_sacct("1|ok|COMPLETED|0:0|s|e|vm\n")["1"].source == "sacct"


def test_sacct_skips_step_lines():
    text = ("12|train|FAILED|2:0|2026-11-29T17:00:00|2026-11-29T17:01:00|gpu-07\n"
            "12.batch|batch|FAILED|2:0|2026-11-29T17:00:00|2026-11-29T17:01:00|gpu-07\n"
            "12.extern|extern|COMPLETED|0:0|2026-11-29T17:00:00|2026-11-29T17:01:00|gpu-07\n"
            "12.0|python|CANCELLED|0:9|2026-11-29T17:00:00|2026-11-29T17:01:00|gpu-07\n")
    rows = parse_sacct(text)
    assert list(rows) == ["12"]
    assert (rows["12"].state, rows["12"].exit_code, rows["12"].name) == ("FAILED", 2, "train")


def test_sacct_last_line_of_a_requeued_job_wins():
    text = ("12|train|NODE_FAIL|0:0|2026-11-29T17:00:00|2026-11-29T17:05:00|gpu-07\n"
            "12|train|PREEMPTED|0:0|2026-11-29T17:06:00|2026-11-29T17:07:00|gpu-08\n"
            "12|train|COMPLETED|0:0|2026-11-29T17:08:00|2026-11-29T17:30:00|gpu-09\n")
    row = parse_sacct(text, "jobcomp")["12"]
    assert (row.state, row.exit_code, row.nodes, row.start) == ("COMPLETED", 0, "gpu-09", "2026-11-29T17:08:00")


def test_sacct_state_with_who_cancelled_it_is_reduced():
    row = parse_sacct("12|j|CANCELLED by 1000|0:15|s|e|vm\n")["12"]
    assert (row.state, row.signal) == ("CANCELLED", 15)


def test_sacct_running_job_has_no_end():
    row = parse_sacct("12|j|RUNNING|0:0|2026-11-29T17:00:00|Unknown|vm\n")["12"]
    assert row.end is None
    assert row.start == "2026-11-29T17:00:00"


def test_sacct_pending_job_has_no_node_and_no_start():
    row = parse_sacct("12|j|PENDING|0:0|Unknown|Unknown|None assigned\n")["12"]
    assert (row.start, row.end) == (None, None)
    assert row.state == "PENDING"
    assert row.nodes is None  # slurmdbd writes "None assigned" for a job that never got a node


def test_sacct_job_cancelled_before_it_started_has_no_host():
    row = parse_sacct("12|j|CANCELLED by 1000|0:0|None|2026-11-29T17:14:59|None assigned\n")["12"]
    assert host_of(row.nodes) is None  # not a host "None assigned" to exclude or report


@pytest.mark.parametrize("text", [
    "",
    NO_ACCOUNTING + "\n",  # plain sacct without slurmdbd
    "12|j|FAILED\n",  # cut short
    "|j|FAILED|1:0|s|e|vm\n",  # no job id
])
def test_sacct_skips_what_is_not_a_job_line(text):
    assert parse_sacct(text) == {}


# --- exit codes and states -----------------------------------------------------------------


@pytest.mark.parametrize("text, expected", [
    ("3:0", (3, None)),
    ("0:15", (None, 15)),
    ("0:0", (0, None)),
    ("0:9", (None, 9)),
    ("137:9", (None, 9)),  # a signal means no exit code
    (" 1:0 ", (1, None)),
    ("", (None, None)),
    (None, (None, None)),
    ("N/A", (None, None)),
    ("3", (None, None)),
    ("-1:0", (None, None)),
])
def test_parse_exit(text, expected):
    assert parse_exit(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("CANCELLED by 0", "CANCELLED"),
    ("CANCELLED by 1000", "CANCELLED"),
    ("COMPLETED", "COMPLETED"),
    ("COMPLETED+", "COMPLETED"),  # sacct marks a cut column with '+'
    ("  running  ", "RUNNING"),
    ("", ""),
    (None, ""),
])
def test_base_state(text, expected):
    assert base_state(text) == expected


@pytest.mark.parametrize("state", ["PENDING", "REQUEUED", "REQUEUE_HOLD", "CONFIGURING", "SPECIAL_EXIT",
                                   "SUSPENDED", "STOPPED"])
def test_waiting_states_are_queued(state):
    """Suspended by the scheduler counts as held back, not as a stopped (hung) process."""
    assert job_state(state) == JobState.QUEUED


@pytest.mark.parametrize("state", ["RUNNING", "COMPLETING", "SIGNALING", "STAGE_OUT"])
def test_live_states_are_running(state):
    assert job_state(state) == JobState.RUNNING


@pytest.mark.parametrize("state", sorted(FINAL))
def test_final_states_are_exited(state):
    assert job_state(state) == JobState.EXITED


def test_a_state_this_code_does_not_know_is_not_taken_for_finished():
    assert job_state("SOME_NEW_STATE") == JobState.RUNNING


def test_state_sets_do_not_overlap():
    assert not (QUEUED & RUNNING)
    assert not (QUEUED & set(FINAL))
    assert not (RUNNING & set(FINAL))


@pytest.mark.parametrize("state, ended_by", [
    ("COMPLETED", None),
    ("FAILED", None),
    ("TIMEOUT", "time_limit"),
    ("OUT_OF_MEMORY", "out_of_memory"),
    ("NODE_FAIL", "node_fail"),
    ("PREEMPTED", "preempted"),
    ("BOOT_FAIL", "boot_fail"),
    ("DEADLINE", "deadline"),
    ("CANCELLED", "cancelled"),
    ("REVOKED", "cancelled"),
])
def test_who_ended_a_final_state(state, ended_by):
    assert FINAL[state] == ended_by


def test_real_squeue_states_map_to_tianluo_states():
    assert {r.job_id: job_state(r.state) for r in parse_squeue(SQUEUE)} == {
        "5": JobState.EXITED, "2": JobState.EXITED, "6": JobState.QUEUED, "4": JobState.EXITED}


# --- hosts ---------------------------------------------------------------------------------


@pytest.mark.parametrize("nodes, host", [
    ("vm", "vm"),
    ("gpu-07", "gpu-07"),
    ("gpu[01-02]", "gpu01"),
    ("gpu[07,09]", "gpu07"),
    ("rack1-gpu[003-005]", "rack1-gpu003"),
    ("a,b", "a"),
    ("n[1-3],m2", "n1"),
    (None, None),
    ("", None),
])
def test_host_of(nodes, host):
    assert host_of(nodes) == host


# --- an unreachable controller -------------------------------------------------------------


@pytest.mark.parametrize("text", [
    CONTROLLER_DOWN,
    SBATCH_DOWN,
    "squeue: error: " + CONTROLLER_DOWN,
    "scancel: error: Kill job error on job id 17: Unable to contact slurm controller (connect failure)",
    "slurm_load_jobs error: Socket timed out on send/recv operation",
    ("sacct: error: slurm_persist_conn_open_without_init: failed to open persistent connection to "
     "host:localhost:6819: Connection refused"),
    "UNABLE TO CONTACT SLURM CONTROLLER",
])
def test_unreachable_errors(text):
    assert unreachable(text)


@pytest.mark.parametrize("text", [
    BAD_PARTITION,
    BAD_GRES,
    NO_ACCOUNTING,
    "slurm_load_jobs error: Invalid job id specified",
    "scancel: error: Kill job error on job id 17: Job/step already completing or completed",
    "",
    None,
])
def test_errors_that_are_not_unreachable(text):
    assert not unreachable(text)


# --- scontrol show config ------------------------------------------------------------------

CONFIG = """\
Configuration data as of 2026-11-29T17:14:56
AccountingStorageHost   = localhost
AccountingStorageType   = accounting_storage/none
ClusterName             = tianluo-test
JobCompLoc              = /var/log/slurm/jobcomp.log
JobCompType             = jobcomp/filetxt
SlurmctldParameters     = enable_configless
TaskPluginParam         = (null type)

Cgroup Support Configuration:
"""


def test_parse_config_reads_key_and_value():
    config = parse_config(CONFIG)
    assert config["AccountingStorageType"] == "accounting_storage/none"
    assert config["JobCompType"] == "jobcomp/filetxt"
    assert config["TaskPluginParam"] == "(null type)"
    assert "Configuration data as of 2026-11-29T17:14:56" not in config
    assert "Cgroup Support Configuration:" not in config


def test_parse_config_keeps_equals_inside_a_value():
    assert parse_config("SchedulerParameters = bf_window=4320,bf_continue\n") == {
        "SchedulerParameters": "bf_window=4320,bf_continue"}


@pytest.mark.parametrize("config, mode", [
    ({"AccountingStorageType": "accounting_storage/slurmdbd", "JobCompType": "jobcomp/none"}, "sacct"),
    ({"AccountingStorageType": "accounting_storage/slurmdbd", "JobCompType": "jobcomp/filetxt"}, "sacct"),
    ({"AccountingStorageType": "accounting_storage/none", "JobCompType": "jobcomp/filetxt"}, "jobcomp"),
    ({"AccountingStorageType": "accounting_storage/none", "JobCompType": "jobcomp/none"}, "none"),
    ({}, "none"),
])
def test_accounting_mode(config, mode):
    assert accounting_mode(config) == mode


def test_accounting_mode_of_a_real_jobcomp_config():
    assert accounting_mode(parse_config(CONFIG)) == "jobcomp"
