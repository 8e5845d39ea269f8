"""Root cause before symptom, across lines, ranks and streams (tianluo.faults.rulebook's tiers).

Each case combines real excerpts from tests/corpus/ as the logs of one failed attempt: the
rank that holds the cause and the ranks that only show its symptoms. They are written to real
files, scanned with logscan and classified, in EVERY order: each part as its own file (a
rank's log) scanned in each order, and all parts in one stream in each order (as torchrun
interleaves its ranks). The same fault must get the same label whatever rank printed first.
"""

import signal
from datetime import UTC
from itertools import permutations
from pathlib import Path

import pytest
from test_corpus import CORPUS, first_faults, parse

from tianluo.faults.classify import Evidence, classify
from tianluo.faults.rulebook import BUILTIN_RULES, compile_patterns
from tianluo.shell.logscan import Cursor, scan

PATTERNS = compile_patterns(BUILTIN_RULES)


def excerpt(name: str) -> str:
    """The verbatim text of a corpus file, ending in a newline."""
    text = parse(CORPUS / name).body.decode("utf-8", errors="replace")
    return text if text.endswith("\n") else text + "\n"


def judge(folder: Path, logs: list[tuple[str, str]], **facts):
    """Write each (file name, text), scan it in that order, classify what matched."""
    folder.mkdir(parents=True, exist_ok=True)
    lines = []
    for name, text in logs:
        path = folder / name
        path.write_text(text)
        lines.extend(scan(path, name, Cursor(), PATTERNS).matches)
    return classify(Evidence(state=facts.pop("state", "exited"), lines=tuple(lines), **facts))


def every_order(tmp_path: Path, parts: list[str], **facts) -> dict[str, set[tuple[str, str]]]:
    """The (class, label) of the parts in every order: as separate rank files, and as one stream."""
    texts = [excerpt(p) for p in parts]
    seen: dict[str, set[tuple[str, str]]] = {"files": set(), "stream": set()}
    for n, order in enumerate(permutations(range(len(texts)))):
        ranks = [(f"rank{i}.log", texts[i]) for i in order]
        fault = judge(tmp_path / f"files{n}", ranks, **dict(facts))
        seen["files"].add((fault.klass.value, fault.label))
        one = "".join(texts[i] for i in order)
        fault = judge(tmp_path / f"stream{n}", [("stderr", one)], **dict(facts))
        seen["stream"].add((fault.klass.value, fault.label))
    return seen


GPU_FAULT = ("transient", "gpu_fault")
SIGKILL = ("unknown", "signal_sigkill")

CASES = [
    # (id, corpus files: the cause first, then the symptoms; exit facts; expected class/label)
    # A GPU that fails takes the collectives down with it: the watchdog's timeout is the symptom.
    ("xid_then_watchdog", ["distributed/dist_xid_45_caused_by_previous.txt",
                           "distributed/dist_watchdog_after_progress_bar.txt"], {"exit_code": 1}, GPU_FAULT),
    ("ecc_then_watchdog_abort", ["distributed/dist_ecc_cuda_error_short.txt",
                                 "distributed/dist_watchdog_reduce_scatter_llamafactory.txt"],
     {"signal": 6}, GPU_FAULT),
    ("fallen_off_bus_then_illegal_access", ["distributed/dist_gpu_fallen_off_bus_dmesg.txt",
                                            "distributed/dist_unspecified_launch_failure_watchdog.txt"],
     {"exit_code": 1}, GPU_FAULT),
    ("xid_then_nccl_error_and_sigterm", ["distributed/dist_xid_31_32_dmesg.txt",
                                         "distributed/dist_nccl_remote_error_2_18_5.txt"], {"signal": 15}, GPU_FAULT),
    # The OOM killer's line outranks the SIGTERM the job ended with and the launcher's SIGKILL report.
    ("host_oom_then_sigterm", ["distributed/dist_slurm_oom_step_cancelled.txt"], {"signal": 15},
     ("config", "host_oom")),
    ("host_oom_then_exit_143", ["distributed/dist_slurm_batch_killed_oom_cgroup.txt"], {"exit_code": 143},
     ("config", "host_oom")),
    ("host_oom_then_launcher_sigkill", ["distributed/dist_slurm_step_exceeded_memory_killed.txt",
                                        "distributed/dist_torchrun_sigkill_new_prefix.txt"], {"exit_code": 1},
     ("config", "host_oom")),
    # One rank's CUDA OOM; the others lose their connections or time out.
    ("cuda_oom_then_connection_errors", ["pytorch/pt_oom_old_runtimeerror_backward.txt",
                                         "distributed/dist_gloo_closed_by_peer_recv.txt",
                                         "distributed/dist_gloo_read_error_reset_by_peer.txt"],
     {"exit_code": 1}, ("config", "cuda_oom")),
    ("cuda_oom_then_nccl_remote_error_and_watchdog", ["pytorch/pt_oom_cuda_namespace_no_url.txt",
                                                      "distributed/dist_nccl_remote_error_connection_reset.txt",
                                                      "distributed/dist_watchdog_old_format_ofa.txt"],
     {"exit_code": 1}, ("config", "cuda_oom")),
    # A bug on one rank; the others' watchdogs fire.
    ("type_error_then_watchdog", ["pytorch/pt_type_error_unexpected_kwarg.txt",
                                  "distributed/dist_watchdog_pg_guid_basicsr.txt"], {"exit_code": 1},
     ("code", "type_error")),
    ("missing_module_then_connection_closed", ["pytorch/pt_missing_module_torch_venv.txt",
                                               "distributed/dist_gloo_closed_by_peer_send.txt"], {"exit_code": 1},
     ("config", "missing_module")),
    # torchrun's Root Cause block (rank killed by signal 9) against rank 0's connection error and
    # the launcher's own exit 1: a kill -9 is signal_sigkill every time.
    ("launcher_sigkill_then_connection_closed", ["distributed/dist_torchrun_sigkill_accelerate_deepspeed.txt",
                                                 "distributed/dist_gloo_closed_by_peer_recv.txt"], {"exit_code": 1},
     SIGKILL),
    ("launcher_sigkill_then_nccl_and_reset", ["distributed/dist_torchrun_sigkill_sigterm_others_colossal.txt",
                                              "distributed/dist_nccl_remote_error_connection_reset.txt",
                                              "distributed/dist_gloo_read_error_reset_by_peer.txt"],
     {"exit_code": 1}, SIGKILL),
    ("deepspeed_sigkill_then_timeout", ["distributed/dist_deepspeed_launcher_minus9.txt",
                                        "distributed/dist_watchdog_old_format_ofa.txt"], {"exit_code": 1}, SIGKILL),
    # ... but a real cause on another rank still wins over the launcher's summary.
    ("launcher_sigkill_but_cuda_oom", ["pytorch/pt_oom_old_runtimeerror_backward.txt",
                                       "distributed/dist_torchrun_sigkill_accelerate_deepspeed.txt"],
     {"exit_code": 1}, ("config", "cuda_oom")),
    ("launcher_sigkill_but_key_error", ["distributed/dist_rank_keyerror_then_torchrun_failed.txt",
                                        "distributed/dist_torchrun_sigkill_loading_shards.txt"],
     {"exit_code": 1}, ("code", "key_error")),
    # A launcher's SIGSEGV report against the others' NCCL errors.
    ("launcher_segfault_then_nccl_error", ["distributed/dist_torchrun_root_cause_sigsegv.txt",
                                           "distributed/dist_nccl_system_error_2_7_8.txt"], {"exit_code": 1},
     ("unknown", "segfault")),
    # Storage and set-up before the timeouts they cause.
    ("disk_full_then_timeout", ["hub/hub_disk_full_datasets_map_ranks.txt",
                                "distributed/dist_rendezvous_client_socket_timeout.txt"], {"exit_code": 1},
     ("config", "disk_full")),
    ("quota_then_connection_reset", ["tf_jax_storage/tfs_quota_triton_cache.txt",
                                     "distributed/dist_gloo_read_error_reset_by_peer.txt"], {"exit_code": 1},
     ("config", "disk_quota")),
    ("shm_bus_error_then_connection_closed", ["tf_jax_storage/tfs_shm_bus_error_one_line.txt",
                                              "distributed/dist_gloo_closed_by_peer_ci_barrier.txt"],
     {"exit_code": 1}, ("config", "shm_exhausted")),
    ("eio_then_watchdog", ["tf_jax_storage/tfs_eio_one_line_frames.txt",
                           "distributed/dist_watchdog_after_progress_bar.txt"], {"exit_code": 1},
     ("transient", "io_error")),
    ("port_in_use_then_rendezvous_timeout", ["distributed/dist_port_in_use_socket_cpp_warnings.txt",
                                             "distributed/dist_tcpstore_client_timeout_chained.txt"],
     {"exit_code": 1}, ("transient", "port_in_use")),
    ("dns_then_connection_refused", ["distributed/dist_c10d_gai_temporary_failure.txt",
                                     "distributed/dist_c10d_no_route_to_host.txt"], {"exit_code": 1},
     ("transient", "dns_error")),
    # A hang outranks transient lines, not a dead rank.
    ("hung_with_connection_errors", ["distributed/dist_gloo_closed_by_peer_recv.txt",
                                     "distributed/dist_nccl_remote_error_2_18_5.txt"], {"state": "hung"},
     ("transient", "hang")),
    ("hung_but_one_rank_oom", ["pytorch/pt_oom_old_runtimeerror_backward.txt",
                               "distributed/dist_watchdog_after_progress_bar.txt"], {"state": "hung"},
     ("config", "cuda_oom")),
    # The scheduler's verdict outranks what the job printed on its way out.
    ("time_limit_then_oom_and_terminated_tasks", ["distributed/dist_slurm_time_limit_srun_tasks_terminated.txt",
                                                  "pytorch/pt_oom_old_runtimeerror_backward.txt"],
     {"exit_code": 1}, ("config", "time_limit")),
]


@pytest.mark.parametrize(("parts", "facts", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_the_cause_wins_in_every_order(tmp_path, parts, facts, expected):
    seen = every_order(tmp_path, parts, **facts)
    assert seen == {"files": {expected}, "stream": {expected}}, seen


def test_each_part_alone_is_what_its_author_says(tmp_path):
    """The parts are what they claim to be, so each case above really pits a cause against a symptom."""
    for part in sorted({p for c in CASES for p in c[1]}):
        ex = parse(CORPUS / part)
        fault = judge(tmp_path / part.replace("/", "_"), [(ex.stream, excerpt(part))], exit_code=ex.exit_code,
                      signal=None if ex.signal is None else int(signal.Signals[ex.signal]))
        assert f"{fault.klass.value}/{fault.label}" == ex.expect, part


def test_the_symptoms_alone_say_something_else(tmp_path):
    """Without the cause's part, each case's label changes: the cause is what decided."""
    for case_id, parts, facts, expected in CASES:
        if len(parts) < 2 or facts.get("state") == "hung" and expected[1] == "hang":
            continue  # one part, or the state is the cause
        fault = judge(tmp_path / case_id, [(f"rank{i}.log", excerpt(p)) for i, p in enumerate(parts[1:])],
                      **dict(facts))
        assert (fault.klass.value, fault.label) != expected, case_id


# --- the evidence of a full file system ---------------------------------------------------------

FULL = ("/mnt/ckpt: 0 bytes free of 64 MiB",)


def test_torch_save_into_a_full_disk_is_disk_full_in_every_order(tmp_path):
    """torch.save's 'unexpected pos' names no errno; the launcher reports the rank's exit; the disk is full."""
    parts = ["tf_jax_storage/tfs_save_unexpected_pos_no_errno.txt", "distributed/dist_torchrun_sigkill_new_prefix.txt"]
    seen = every_order(tmp_path, parts, exit_code=1, full=FULL)
    assert seen == {"files": {("config", "disk_full")}, "stream": {("config", "disk_full")}}
    # without the file system's state the writer's own words (no errno) still name the disk (issue 22)
    assert judge(tmp_path / "alone", [("stderr", excerpt(parts[0]))], exit_code=1).label == "disk_full"


def test_a_full_disk_beside_a_named_cause_keeps_the_cause(tmp_path):
    """A cause the log names (a store's timeout) keeps its label beside a full disk; but where one rank's
    writer failed on the disk, the other's timeout waiting for it is the symptom, whatever the order."""
    seen = every_order(tmp_path / "alone", ["distributed/dist_tcpstore_client_timeout_chained.txt"], exit_code=1,
                       full=FULL)
    assert seen == {"files": {("transient", "timeout")}, "stream": {("transient", "timeout")}}
    parts = ["tf_jax_storage/tfs_save_unexpected_pos_no_errno.txt",
             "distributed/dist_tcpstore_client_timeout_chained.txt"]
    seen = every_order(tmp_path / "both", parts, exit_code=1, full=FULL)
    assert seen == {"files": {("config", "disk_full")}, "stream": {("config", "disk_full")}}


def test_any_two_excerpts_get_one_label_in_either_order(tmp_path):
    """Over the whole corpus (pairs drawn with a fixed seed): which rank printed first never matters."""
    import random

    from test_corpus import corpus_files

    names = [f"{p.parent.name}/{p.name}" for p in corpus_files()]
    pairs = random.Random(11).sample([(a, b) for a in names for b in names if a < b], 150)
    for n, (a, b) in enumerate(pairs):
        seen = every_order(tmp_path / str(n), [a, b], exit_code=1)
        assert len(seen["files"] | seen["stream"]) == 1, (a, b, seen)


# --- what a tick keeps of many ranks' lines ----------------------------------------------------


def _kept_fault(tmp_path: Path, ticks: list[list[tuple[str, str]]]):
    """Scan each tick's (rank file, new text) like observe, merge like a tick (diagnose.merge_logs), classify."""
    from datetime import datetime

    from tianluo.core import diagnose
    from tianluo.core.observations import StageObservation
    from tianluo.models.model import Attempt
    from tianluo.shell.logscan import LogLine

    attempt = Attempt(n=1, job_name="tl.r.a.train.1", dir="attempts/a/train/1",
                      intent_at=datetime(2026, 1, 1, tzinfo=UTC))
    cursors: dict[str, Cursor] = {}
    for tick in ticks:
        scans = {}
        for name, text in tick:
            path = tmp_path / name
            with path.open("a") as f:
                f.write(text)
            scans[name] = scan(path, name, cursors.get(name, Cursor()), PATTERNS)
            cursors[name] = scans[name].cursor
        diagnose.merge_logs(attempt, StageObservation(scans=scans))
    lines = tuple(LogLine(f.file, f.offset, f.text, tuple(f.rules)) for f in attempt.findings)
    return classify(Evidence(state="exited", exit_code=1, lines=lines)), len(lines)


@pytest.mark.parametrize("oom_rank", range(8))
def test_one_ranks_oom_amid_seven_ranks_watchdogs_is_kept_by_the_tick(tmp_path, oom_rank):
    """Eight rank logs in one tick: 70 watchdog lines and one CUDA OOM, wherever it stands."""
    watchdog, oom = excerpt("distributed/dist_watchdog_after_progress_bar.txt"), excerpt(
        "pytorch/pt_oom_old_runtimeerror_backward.txt")
    tick = [(f"rank{r}.log", oom if r == oom_rank else watchdog * 3) for r in range(8)]
    fault, kept = _kept_fault(tmp_path, [tick])
    assert (fault.klass.value, fault.label) == ("config", "cuda_oom")
    assert kept <= 50 + len(BUILTIN_RULES)  # bounded: the first 20, the last 30, one more line per rule


def test_an_oom_between_two_floods_over_many_ticks_is_kept(tmp_path):
    watchdog, reset = excerpt("distributed/dist_watchdog_after_progress_bar.txt"), excerpt(
        "distributed/dist_gloo_read_error_reset_by_peer.txt")
    oom = excerpt("pytorch/pt_oom_cuda_namespace_no_url.txt")
    early = [[(f"rank{r}.log", reset * 12) for r in range(1, 4)]]  # 30+ retried connection warnings first
    late = [[(f"rank{r}.log", watchdog * 3) for r in range(1, 8)] for _ in range(4)]
    fault, _ = _kept_fault(tmp_path, early + [[("rank0.log", oom)]] + late)
    assert (fault.klass.value, fault.label) == ("config", "cuda_oom")


# --- the same, through real jobs and real ticks -------------------------------------------------

EMIT_RANKS = """\
#!/bin/sh
# emit_ranks.sh HOW PAIRS: copy each SRC:DST of PAIRS (DST stderr, stdout or a rank file), then
# exit HOW or die of signal HOW.
how="$1"
for pair in $2; do
  src="${pair%%:*}"; dst="${pair#*:}"
  case "$dst" in
    stderr) cat -- "$src" >&2 ;;
    stdout) cat -- "$src" ;;
    *) mkdir -p "$(dirname "$dst")"; cat -- "$src" >> "$dst" ;;
  esac
done
case "$how" in
  SIG*) kill -s "${how#SIG}" $$; sleep 5; exit 99 ;;
  *) exit "$how" ;;
esac
"""

REAL = [
    # (id, parts (corpus file, times repeated), how the job ends, expected class/label)
    ("kill_9_of_one_rank", [("distributed/dist_torchrun_sigkill_accelerate_deepspeed.txt", 1),
                            ("distributed/dist_gloo_closed_by_peer_recv.txt", 1),
                            ("distributed/dist_nccl_remote_error_connection_reset.txt", 1)], 1, SIGKILL),
    ("one_rank_oom_amid_watchdogs", [("pytorch/pt_oom_old_runtimeerror_backward.txt", 1),
                                     ("distributed/dist_watchdog_after_progress_bar.txt", 4),
                                     ("distributed/dist_watchdog_old_format_ofa.txt", 4),
                                     ("distributed/dist_watchdog_pg_guid_basicsr.txt", 4)], 1,
     ("config", "cuda_oom")),
    ("gpu_fault_then_watchdog_and_sigterm", [("distributed/dist_xid_45_caused_by_previous.txt", 1),
                                             ("distributed/dist_watchdog_reduce_scatter_llamafactory.txt", 1)],
     "SIGTERM", GPU_FAULT),
]


@pytest.mark.integration
def test_real_jobs_printing_their_ranks_in_every_order_get_one_label(tmp_path):
    """Each order of the ranks is an entity of a real run: its job writes the parts as rank files
    (the stage's ``logs:`` glob) or all into its stderr, in that order; real ticks judge them."""
    import json
    import time

    from conftest import write_spec
    from forked_cli import start_run

    from tianluo.cli import main

    emit = tmp_path / "emit_ranks.sh"
    emit.write_text(EMIT_RANKS)
    expected, runs = {}, []
    for case_id, parts, how, want in REAL:
        bodies = []
        for i, (name, times) in enumerate(parts):
            body = tmp_path / f"{case_id}.{i}"
            body.write_text(excerpt(name) * times)
            bodies.append(body)
        entities = {}
        for n, order in enumerate(permutations(range(len(parts)))):
            for mode in ("files", "stream"):
                entity = f"{case_id.replace('_', '-')}-{mode}-{n}"
                dsts = [f"out/{entity}/rank{r}.log" for r in order] if mode == "files" else ["stderr"] * len(parts)
                pairs = " ".join(f"{bodies[i]}:{dsts[i]}" for i in (order if mode == "stream" else range(len(parts))))
                stage = {"run": f"sh {emit} {{how}} {{pairs}}", "logs": ["out/{entity}/*.log"],
                         "done_when": {"exists": "never/{entity}"}}
                entities[entity] = {"params": {"how": how, "pairs": pairs}, "stages": {"s": stage}}
                expected[entity] = want
        proj = tmp_path / case_id
        spec = {"name": case_id.replace("_", "-"), "entities": entities, "max_attempts": 100_000,
                "ladder": {k: {"retries": 0} for k in ("transient", "config", "code", "unknown")}}
        runs.append(start_run(write_spec(proj, json.dumps(spec)), proj / ".tianluo", proj))
    got: dict[str, tuple[str, str]] = {}
    deadline = time.monotonic() + 90
    while len(got) < len(expected) and time.monotonic() < deadline:
        for run_dir in runs:
            assert main(["tick", "--run", str(run_dir)]) == 0
            got.update({name: (f["class"], f["label"]) for name, f in first_faults(run_dir).items()})
        time.sleep(0.2)
    assert got.keys() == expected.keys(), f"not judged: {sorted(expected.keys() - got.keys())[:5]}"
    wrong = {e: g for e, g in got.items() if g != expected[e]}
    assert not wrong, wrong
