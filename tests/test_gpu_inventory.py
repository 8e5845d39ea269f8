"""The GPU inventory's shell: nvidia-smi's answers (real ones, from ``gpu_corpus``), the stand-in, the kernel log.

The corpus files are real output copied from public pages (``gpu_corpus/SOURCES.md``); the stand-in
(``fake_nvidia_smi.py``) is a real program run the way the real one is; the kernel log is a real file.
"""

import os
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
from conftest import alive
from fake_nvidia_smi import install, set_gpu, update

from tianluo.core.gpu_facts import HARDWARE_XIDS, Gpu, GpuApp, KernelLogCursor
from tianluo.shell import gpu_inventory as gi

CORPUS = Path(__file__).parent / "gpu_corpus"
GPUSTAT_FIELDS = ("index", "uuid", "name", "temperature.gpu", "utilization.gpu", "memory.used", "memory.total")
UUID0 = "GPU-11111111-2222-3333-4444-555555555555"
UUID1 = "GPU-66666666-7777-8888-9999-000000000000"
XID79 = "[ 1234.567890] NVRM: Xid (PCI:0000:3b:00): 79, pid=0, GPU has fallen off the bus."


def corpus(name: str) -> str:
    return (CORPUS / name).read_text(encoding="utf-8")


def xids(name: str) -> list[tuple[str, int, bool]]:
    events = [gi.parse_xid_line(line) for line in corpus(name).splitlines()]
    return [(e.pci_bus_id, e.xid, e.hardware) for e in events if e is not None]


# --- real nvidia-smi answers --------------------------------------------------------------------------------


def test_corpus_gpustat_rows_with_names_with_spaces():
    gpus, lost = gi.parse_gpus(corpus("smi_gpustat_titanx_8gpus.txt"), GPUSTAT_FIELDS)
    assert lost == ()
    assert [g.index for g in gpus] == list(range(8))
    assert gpus[1] == Gpu(index=1, uuid="GPU-86fe97db-bf54-a056-4e8d-9b07e1a298e7", name="GeForce GTX TITAN X",
                          memory_total_mib=12206, memory_used_mib=10032, utilization=86)
    assert gpus[0].utilization == 0 and gpus[7].memory_used_mib == 6442


def test_corpus_header_line_is_skipped():
    gpus, lost = gi.parse_gpus(corpus("smi_nuxhash_header_5gpus.txt"), ("name", "pci.bus", "index", "uuid"))
    assert [(g.index, g.name) for g in gpus] == [(0, "GeForce GTX 1060 6GB"), (1, "GeForce GTX 1080 Ti"),
                                                 (2, "GeForce GTX 1060 6GB"), (3, "GeForce GTX 1060 6GB"),
                                                 (4, "GeForce GTX 1060 6GB")]
    assert gpus[4].uuid == "GPU-ff3318a7-f0dd-dc57-1fb8-cc95ba35c56e" and lost == ()


def test_corpus_no_spaces_na_values_and_bus_alias():
    fields = ("index", "serial", "pci.domain", "retired_pages.dbe", "retired_pages.sbe", "remapped_rows.failure",
              "gpu_bus_id")
    gpus, lost = gi.parse_gpus(corpus("smi_azhpc_fixture_na.csv"), fields)
    assert [g.pci_bus_id for g in gpus] == ["0001:00:00", "0002:00:00", "000a:00:00", "000d:00:00"]
    assert all(g.lost is None and g.uuid == "" for g in gpus) and lost == ()


@pytest.mark.parametrize(("name", "bus"), [
    ("smi_lost_marian.txt", "0000:03:00"),
    ("smi_lost_owod_title.txt", "0000:02:00"),
    ("smi_unknown_error_nospace.txt", "0000:17:00"),
    ("smi_unknown_error_short_domain.txt", "0000:ba:80"),
    ("smi_unknown_error_kata_prompt.txt", "0000:00:08"),
])
def test_corpus_device_handle_lines_name_the_lost_bus(name, bus):
    assert gi.parse_gpus(corpus(name)) == ((), (bus,))


@pytest.mark.parametrize("name", ["smi_no_devices_exit6.txt", "smi_failed_driver_exit9.txt",
                                  "smi_nvml_mismatch_exit18.txt"])
def test_corpus_failures_are_no_rows(name):
    assert gi.parse_gpus(corpus(name)) == ((), ())


def test_corpus_apps_without_a_pid_are_not_apps():
    assert gi.parse_apps(corpus("apps_dcgm_exporter_uuid_name.txt"), ("gpu_uuid", "process_name")) == ()
    apps = gi.parse_apps(corpus("apps_dcgm_exporter_uuid_name.txt").replace("vgpu", "4242"),
                         ("gpu_uuid", "pid"))
    assert [a.gpu_uuid for a in apps] == ["GPU-d0180485-9584-433c-6782-c335d5df2cb3",
                                          "GPU-777ead31-954e-837f-590f-6c4974d8e571",
                                          "GPU-777ead31-954e-837f-590f-6c4974d8e571"]


@pytest.mark.parametrize(("name", "expected"), [
    ("xid_48_64_gpu_operator_syslog.txt", [("0000:07:00", 48, True), ("0000:07:00", 64, True)]),
    ("xid_13_109_gpud_dmesg_ctime.txt", [("0000:cb:00", 13, False)] * 3 + [("0000:cb:00", 109, True)]),
    ("xid_119_gsp_gpud_testdata.txt", [("0000:9b:00", 119, True)]),
    ("xid_79_open_gpu_kernel_1151.txt", [("0000:2b:00", 79, True)]),
    ("xid_13_old_format_pastebin.txt", [("0000:01:00", 13, False)] * 3),
    ("xid_63_row_remapper_ml_engineering.txt", [("0000:10:1c", 63, True)]),
    ("xid_144_149_nvlink_gpud_pr1160.txt", [("0000:01:00", 144, True), ("0000:00:00", 149, True)]),
    ("xid_45_open_gpu_kernel_1150.txt", [(f"0000:{b}:00", 45, False) for b in ("dc", "ed", "ba", "97", "dc",
                                                                               "ba", "ed")]),
    ("xid_31_32_bumblebee_dmesg.txt", [("0000:01:00", 32, False)] * 2 + [("0000:01:00", 31, False)]),
])
def test_corpus_xid_lines(name, expected):
    assert xids(name) == expected


def test_corpus_xid_text_is_the_line_plain_and_bounded():
    line = corpus("xid_48_64_gpu_operator_syslog.txt").splitlines()[3]
    event = gi.parse_xid_line(line)
    assert event is not None
    assert event.text.startswith("Dec 2 11:38:47 worker4 kernel: [ 219.470994] NVRM: Xid (PCI:0000:07:00): 48, ")
    assert len(event.text) == gi.TEXT_CAP and event.text.endswith("\u2026")


def test_corpus_through_the_log_reader(tmp_path):
    names = sorted(p.name for p in CORPUS.glob("xid_*.txt"))
    log = tmp_path / "kern.log"
    log.write_text("".join(corpus(n) for n in names))
    events, where, note = gi.read_kernel_log(str(log), KernelLogCursor(str(log), log.stat().st_ino, 0))
    assert note is None and where == KernelLogCursor(str(log), log.stat().st_ino, log.stat().st_size)
    assert [(e.pci_bus_id, e.xid, e.hardware) for e in events] == [x for n in names for x in xids(n)]


# --- parsing what the brief and the real tool print ---------------------------------------------------------


def test_brief_xid_lines():
    dbe = ("Mar  3 10:22:01 host kernel: [ 8842.123] NVRM: Xid (PCI:0000:b1:00): 48, pid='<unknown>', "
           "name=<unknown>, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at "
           "partition 0, subpartition 0.")
    app = ("NVRM: Xid (PCI:0000:07:00): 13, pid=2345, name=python, Graphics SM Warp Exception on (GPC 0, TPC 1, "
           "SM 0): Out Of Range Address")
    got = [gi.parse_xid_line(line) for line in (XID79, dbe, app)]
    assert [(e.pci_bus_id, e.xid, e.hardware) for e in got if e] == [
        ("0000:3b:00", 79, True), ("0000:b1:00", 48, True), ("0000:07:00", 13, False)]
    assert got[0] is not None and got[0].text == XID79


@pytest.mark.parametrize("line", [
    "NVRM: Xid (PCI:0000:3b:00): 99999, too many digits",
    "NVRM: Xid (not a bus): 79, GPU has fallen off the bus.",
    "NVRM: Xid (PCI:0000:3b:00) 79, no colon",
    "NVRM: Xid (PCI:0000:3b:00): -79, negative",
    "NVRM: Xid (PCI:0000:3b:00): ٧٩, arabic-indic digits",
    "NVRM: Xid " + "(" * 100_000,
    "NVRM: GPU 0000:2b:00.0: GPU has fallen off the bus.",
])
def test_xid_lines_that_are_not_events(line):
    assert gi.parse_xid_line(line) is None


def test_parse_gpus_tolerates_what_nvidia_smi_prints():
    text = "\n".join([
        "",
        "0, GPU-aaa, NVIDIA A100-SXM4-80GB, 00000000:07:00.0, 81920, 1024, 37, 0",
        "1,GPU-bbb,NVIDIA H100 80GB HBM3,00000000:3B:00.0,81559,[N/A],[N/A],[Not Supported]",
        "2,  GPU-ccc ,  Tesla V100-SXM2-32GB ,  00000000:B1:00.0 , [Unknown Error], [Unknown Error], 0, 0",
        "3, GPU-ddd, NVIDIA A10, 00000000:C1:00.0, [GPU is lost], [GPU is lost], [GPU is lost], [GPU is lost]",
        "Unable to determine the device handle for GPU0: 0000:24:00.0: GPU is lost.  Reboot the system to recover "
        "this GPU",
        "No devices were found",
        "\x1b[31mSegmentation fault\x1b[0m",
        "x, GPU-eee, no index, 0000:01:00.0, 1, 1, 1, 1",
        "5, GPU-fff, too, few",
        "",
    ])
    gpus, lost = gi.parse_gpus(text)
    assert lost == ("0000:24:00",)
    assert gpus[0] == Gpu(index=0, uuid="GPU-aaa", name="NVIDIA A100-SXM4-80GB", pci_bus_id="0000:07:00",
                          memory_total_mib=81920, memory_used_mib=1024, utilization=37, ecc_uncorrected=0)
    assert gpus[1] == Gpu(index=1, uuid="GPU-bbb", name="NVIDIA H100 80GB HBM3", pci_bus_id="0000:3b:00",
                          memory_total_mib=81559)
    assert (gpus[2].name, gpus[2].uuid, gpus[2].lost, gpus[2].memory_total_mib) == (
        "Tesla V100-SXM2-32GB", "GPU-ccc", "[Unknown Error]", None)
    assert gpus[3].lost == "[GPU is lost]" and gpus[3].utilization is None
    assert len(gpus) == 4


def test_parse_gpus_makes_hostile_text_plain():
    evil = "0, GPU-\x1b]0;pwn\x07x, Evil\x1b[31m\u202eName\x00" + "A" * 5000 + ", 0000:07:00.0, 1, 1, 1, 1\n"
    gpus, _ = gi.parse_gpus(evil + "9" * 1_000_000 + "\n")
    assert len(gpus) == 1
    for text in (gpus[0].uuid, gpus[0].name):
        assert len(text) <= gi.TEXT_CAP and not any(c in text for c in "\x1b\x07\x00\u202e")
    assert gpus[0].name.startswith("Evil [31m Name")


def test_parse_apps():
    text = "4242, GPU-aaa, 12000\n4243, GPU-bbb, [N/A]\n\nNo running processes found\n0, GPU-x, 1\nabc, GPU-y, 1\n"
    assert gi.parse_apps(text) == (GpuApp(pid=4242, gpu_uuid="GPU-aaa", used_mib=12000),
                                   GpuApp(pid=4243, gpu_uuid="GPU-bbb", used_mib=None))


def test_hardware_xids_follow_the_catalogue():
    assert {48, 63, 64, 74, 79, 92, 94, 95, 119, 120, 140, 62} <= HARDWARE_XIDS
    assert not {8, 13, 31, 43, 45, 61, 68} & HARDWARE_XIDS


# --- read_inventory against the stand-in --------------------------------------------------------------------


def inventory(tmp_path: Path, **extra) -> dict:
    return {"gpus": [{"index": 0, "uuid": UUID0, "name": "NVIDIA A100-SXM4-80GB", "pci_bus_id": "00000000:07:00.0",
                      "memory_total": 81920, "memory_used": 0, "utilization": 0, "ecc_uncorrected": 0,
                      "lost": False},
                     {"index": 1, "uuid": UUID1, "name": "NVIDIA A100-SXM4-80GB", "pci_bus_id": "00000000:08:00.0",
                      "memory_total": 81920, "memory_used": 12000, "utilization": 55, "ecc_uncorrected": 0,
                      "lost": False}],
            "apps": [], "mode": "ok", "calls_file": str(tmp_path / "calls.log"), **extra}


def calls(tmp_path: Path) -> list[str]:
    path = tmp_path / "calls.log"
    return path.read_text().splitlines() if path.exists() else []


@pytest.fixture
def smi(tmp_path):
    return install(tmp_path / "bin", inventory(tmp_path))


@pytest.mark.integration
def test_ok_gpus_and_apps_with_their_owner(tmp_path, smi):
    update(smi.parent, apps=[{"pid": os.getpid(), "gpu_uuid": UUID1, "used_memory": 12000},
                             {"pid": 2 ** 22 + 7, "gpu_uuid": UUID1, "used_memory": 10}])
    inv = gi.read_inventory(str(smi))
    assert inv.error is None and not inv.missing and inv.lost == () and inv.xids == ()
    assert inv.gpus[1] == Gpu(index=1, uuid=UUID1, name="NVIDIA A100-SXM4-80GB", pci_bus_id="0000:08:00",
                              memory_total_mib=81920, memory_used_mib=12000, utilization=55, ecc_uncorrected=0)
    assert inv.apps == (GpuApp(pid=os.getpid(), gpu_uuid=UUID1, used_mib=12000, user=psutil.Process().username()),
                        GpuApp(pid=2 ** 22 + 7, gpu_uuid=UUID1, used_mib=10, user=None))
    assert [c.split(" ", 1)[1] for c in calls(tmp_path)] == [gi.GPU_ARGS[0], gi.APP_ARGS[0]]


@pytest.mark.integration
def test_an_nvidia_smi_that_knows_fewer_fields_is_asked_the_base_ones_once(tmp_path, smi):
    update(smi.parent, gpu_fields=["index", "uuid", "name", "memory.total", "memory.used", "utilization.gpu"])
    inv = gi.read_inventory(str(smi))
    assert inv.error is None
    assert inv.gpus[1] == Gpu(index=1, uuid=UUID1, name="NVIDIA A100-SXM4-80GB", memory_total_mib=81920,
                              memory_used_mib=12000, utilization=55)  # no bus id, no ECC count: not asked
    assert [c.split(" ", 1)[1] for c in calls(tmp_path)] == [gi.GPU_ARGS[0], gi.BASE_GPU_ARGS[0], gi.APP_ARGS[0]]
    update(smi.parent, gpu_fields=["index", "uuid"])  # not even the base ones: an error, never a crash
    assert "not a valid field" in gi.read_inventory(str(smi)).error


@pytest.mark.integration
def test_bare_name_is_looked_up_on_path(tmp_path, smi, monkeypatch):
    monkeypatch.setenv("PATH", str(smi.parent))
    assert [g.uuid for g in gi.read_inventory("nvidia-smi").gpus] == [UUID0, UUID1]


def test_missing_program(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    plain = tmp_path / "not-executable"
    plain.write_text("#!/bin/sh\necho 0, GPU-x, n, 0000:01:00.0, 1, 1, 1, 1\n")
    for name in ("nvidia-smi", str(tmp_path / "nowhere" / "nvidia-smi"), str(plain), str(tmp_path)):
        inv = gi.read_inventory(name)
        assert inv.missing and inv.error is None and inv.gpus == ()


@pytest.mark.integration
def test_a_path_never_reaches_a_shell(tmp_path):
    script = install(tmp_path / "we ird; touch PWNED $(touch PWNED2)", inventory(tmp_path))
    assert len(gi.read_inventory(str(script)).gpus) == 2
    assert not list(tmp_path.rglob("PWNED*")) and not Path("PWNED").exists()


@pytest.mark.integration
def test_driver_failure_is_one_line_and_no_second_call(tmp_path, smi):
    update(smi.parent, mode="fail")
    inv = gi.read_inventory(str(smi))
    assert inv.error == ("nvidia-smi --query-gpu: exit 9: NVIDIA-SMI has failed because it couldn't communicate "
                         "with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running.")
    assert inv.gpus == () and not inv.missing and len(calls(tmp_path)) == 1


@pytest.mark.integration
def test_hang_is_cut_at_the_timeout_and_its_group_killed(tmp_path, smi):
    update(smi.parent, mode="hang")
    started = time.monotonic()
    inv = gi.read_inventory(str(smi), timeout_s=1)
    took = time.monotonic() - started
    assert inv.error == "nvidia-smi --query-gpu: did not answer within 1s" and inv.gpus == ()
    assert 0.9 <= took < 10.0  # cut at 1 s, not the hang's hour: the rest is a loaded machine's start and kill
    lines = calls(tmp_path)
    pids = [int(w.partition("=")[2]) for line in lines for w in line.split() if w.startswith(("pid=", "child="))]
    try:
        assert len(lines) == 2 and len(set(pids)) == 2  # the stand-in and the sleep it started
        deadline = time.monotonic() + 2
        while any(alive(p) for p in pids) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not any(alive(p) for p in pids)
    finally:  # a failure here must not leave a sleep 3600 behind
        for pid in pids:
            if alive(pid):
                os.kill(pid, 9)


@pytest.mark.integration
def test_garbage_answer_is_an_error(tmp_path, smi):
    update(smi.parent, mode="garbage")
    inv = gi.read_inventory(str(smi))
    assert inv.error == "nvidia-smi --query-gpu: an answer with no row it could read: [31mSegmentation fault " \
                        "(core dumped) [0m"
    assert inv.gpus == () and len(calls(tmp_path)) == 1


@pytest.mark.integration
def test_undecodable_answer_is_an_error(tmp_path, smi):
    update(smi.parent, mode="binary")
    assert gi.read_inventory(str(smi)).error == ("nvidia-smi --query-gpu: exit 0: its answer is not text "
                                                 "(undecodable bytes)")


@pytest.mark.integration
def test_lost_gpu_keeps_the_others(tmp_path, smi):
    set_gpu(smi.parent, 0, lost=True)
    inv = gi.read_inventory(str(smi))
    assert inv.error is None and inv.lost == ("0000:07:00",)
    assert [g.index for g in inv.gpus] == [1]
    assert len(calls(tmp_path)) == 2


@pytest.mark.integration
def test_lost_readings_and_na_fields(tmp_path, smi):
    set_gpu(smi.parent, 0, lost="[GPU is lost]")
    set_gpu(smi.parent, 1, utilization="[N/A]", ecc_uncorrected="[N/A]")
    inv = gi.read_inventory(str(smi))
    assert inv.error is None and inv.lost == ()
    assert (inv.gpus[0].lost, inv.gpus[0].memory_used_mib, inv.gpus[0].pci_bus_id) == ("[GPU is lost]", None,
                                                                                        "0000:07:00")
    assert (inv.gpus[1].utilization, inv.gpus[1].ecc_uncorrected, inv.gpus[1].memory_used_mib) == (None, None,
                                                                                                   12000)


@pytest.mark.integration
def test_apps_query_failing_keeps_the_gpus(tmp_path, smi):
    update(smi.parent, apps_mode="fail", apps=[{"pid": 4242, "gpu_uuid": UUID0, "used_memory": 1}])
    inv = gi.read_inventory(str(smi))
    assert len(inv.gpus) == 2 and inv.apps == ()
    assert inv.error is not None and inv.error.startswith("nvidia-smi --query-compute-apps: exit 9: NVIDIA-SMI")


def _sleeper(env: dict, cwd) -> subprocess.Popen:
    """A process that only waits, with these variables added to the environment, working in ``cwd``."""
    return subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"], env={**os.environ, **env},
                            cwd=cwd)


def _inventory_beside(smi, *procs: subprocess.Popen):
    """The stand-in's inventory while ``procs`` run; they are killed after."""
    try:
        return gi.read_inventory(str(smi))
    finally:
        for p in procs:
            p.kill()
            p.wait()


@pytest.mark.integration
def test_processes_found_by_their_environment(tmp_path, smi):
    update(smi.parent, apps_from_env="TIANLUO_GPU_APP", busy_utilization=100)
    foreign = _sleeper({"CUDA_VISIBLE_DEVICES": "1", "TIANLUO_GPU_APP": "1"}, tmp_path)
    job = _sleeper({"CUDA_VISIBLE_DEVICES": f"0,{UUID1}", "TIANLUO_JOB": "train"}, tmp_path)
    inv = _inventory_beside(smi, foreign, job)
    mine = {(a.pid, a.gpu_uuid, a.used_mib) for a in inv.apps if a.pid in (foreign.pid, job.pid)}
    assert mine == {(foreign.pid, UUID1, 1000), (job.pid, UUID0, 1000), (job.pid, UUID1, 1000)}
    assert [g.utilization for g in inv.gpus] == [100, 100]


@pytest.mark.integration
def test_state_file_from_the_environment(tmp_path, smi, monkeypatch):
    other = tmp_path / "other.json"
    other.write_text('{"gpus": [{"index": 3, "uuid": "GPU-other", "name": "T4"}], "apps": []}')
    monkeypatch.setenv("FAKE_NVIDIA_SMI_STATE", str(other))
    assert gi.read_inventory(str(smi)).gpus == (Gpu(index=3, uuid="GPU-other", name="T4"),)


# --- the kernel log -----------------------------------------------------------------------------------------


def append(path: Path, text: str | bytes) -> None:
    with open(path, "ab") as f:
        f.write(text.encode() if isinstance(text, str) else text)


def test_first_look_starts_at_the_end_then_reads_on(tmp_path):
    log = tmp_path / "kern.log"
    log.write_text(XID79 + "\n")
    events, where, note = gi.read_kernel_log(str(log), None)
    assert events == () and note is None and where == KernelLogCursor(str(log), log.stat().st_ino, len(XID79) + 1)
    append(log, "Mar  3 host kernel: nothing\n" + XID79.replace("3b", "3c") + "\n")
    events, where, _ = gi.read_kernel_log(str(log), where)
    assert [(e.pci_bus_id, e.xid) for e in events] == [("0000:3c:00", 79)]
    assert where is not None and where.offset == log.stat().st_size
    assert gi.read_kernel_log(str(log), where)[0] == ()


def test_a_cursor_of_another_path_is_a_first_look(tmp_path):
    log = tmp_path / "kern.log"
    log.write_text(XID79 + "\n")
    events, where, _ = gi.read_kernel_log(str(log), KernelLogCursor(str(tmp_path / "syslog"), 1, 0))
    assert events == () and where is not None and where.offset == log.stat().st_size


def test_rotation_reads_the_new_file_from_its_start(tmp_path):
    log = tmp_path / "kern.log"
    log.write_text("old line\n" * 100)
    _, where, _ = gi.read_kernel_log(str(log), None)
    log.rename(tmp_path / "kern.log.1")
    log.write_text(XID79 + "\n" + "new line\n" * 200)
    events, new, _ = gi.read_kernel_log(str(log), where)
    assert [e.xid for e in events] == [79]
    assert new == KernelLogCursor(str(log), log.stat().st_ino, log.stat().st_size) and new.inode != where.inode


def test_truncation_reads_from_the_start(tmp_path):
    log = tmp_path / "kern.log"
    log.write_text("line\n" * 1000)
    _, where, _ = gi.read_kernel_log(str(log), None)
    with open(log, "r+b") as f:
        f.truncate(0)
    append(log, XID79 + "\n")
    events, new, _ = gi.read_kernel_log(str(log), where)
    assert [e.xid for e in events] == [79] and new is not None and new.offset == len(XID79) + 1


def test_partial_last_line_waits_for_its_end(tmp_path):
    log = tmp_path / "kern.log"
    log.write_text("")
    _, where, _ = gi.read_kernel_log(str(log), None)
    append(log, "ok\n" + XID79)
    events, where, _ = gi.read_kernel_log(str(log), where)
    assert events == () and where is not None and where.offset == 3
    append(log, "\n")
    events, where, _ = gi.read_kernel_log(str(log), where)
    assert [e.xid for e in events] == [79] and where is not None and where.offset == log.stat().st_size


def test_symlink_is_refused_and_the_cursor_kept(tmp_path):
    real = tmp_path / "real.log"
    real.write_text(XID79 + "\n")
    link = tmp_path / "kern.log"
    link.symlink_to(real)
    cursor = KernelLogCursor(str(link), 5, 0)
    assert gi.read_kernel_log(str(link), cursor) == (
        (), cursor, f"{link} is a symbolic link: not followed, not read")


def test_fifo_does_not_block(tmp_path):
    fifo = tmp_path / "kern.log"
    os.mkfifo(fifo)
    started = time.monotonic()
    events, where, note = gi.read_kernel_log(str(fifo), None)
    assert time.monotonic() - started < 30  # a hang detector: a FIFO opened blocks forever
    assert (events, where, note) == ((), None, f"{fifo} is a FIFO, not a regular file: not read")


def test_missing_and_directory_logs(tmp_path):
    assert gi.read_kernel_log(str(tmp_path / "none"), None) == ((), None, f"{tmp_path / 'none'} does not exist")
    assert gi.read_kernel_log(str(tmp_path), None)[2] == f"{tmp_path} is a directory, not a regular file: not read"


def test_a_5mb_burst_reads_only_the_newest_megabyte(tmp_path, monkeypatch):
    log = tmp_path / "kern.log"
    log.write_text("boot\n")
    _, where, _ = gi.read_kernel_log(str(log), None)
    noise = b"Mar  3 10:22:01 host kernel: usb 1-1: new device " + b"x" * 50 + b"\n"
    append(log, XID79.replace("79,", "48,") + "\n" + (noise * (5 * 1024 * 1024 // len(noise))).decode()
           + XID79 + "\n")
    read = []
    real_pread = os.pread
    monkeypatch.setattr(os, "pread", lambda fd, n, off: read.append(n) or real_pread(fd, n, off))
    started = time.monotonic()
    events, new, _ = gi.read_kernel_log(str(log), where)
    assert time.monotonic() - started < 30  # a hang detector; what was read is counted below
    assert [e.xid for e in events] == [79] and new is not None and new.offset == log.stat().st_size
    assert sum(read) <= (1 << 20) + 1


def test_hostile_lines_are_plain_and_bounded(tmp_path):
    log = tmp_path / "kern.log"
    log.write_text("")
    _, where, _ = gi.read_kernel_log(str(log), None)
    hostile = (b"\x1b[2J\x1b]0;owned\x07 NVRM: Xid (PCI:0000:3b:00): 79, \x00\x00 GPU \xff\xfe fell\n"
               + b"NVRM: Xid (PCI:0000:3c:00): 48, " + b"A" * 2_000_000 + b"\n"
               + b"NVRM: Xid (" * 100_000 + b"\n")
    append(log, hostile)
    started = time.monotonic()
    events, new, note = gi.read_kernel_log(str(log), where, max_bytes=4 << 20)
    assert time.monotonic() - started < 30 and note is None  # a hang detector: no pattern retries for hours
    assert [(e.pci_bus_id, e.xid) for e in events] == [("0000:3b:00", 79), ("0000:3c:00", 48)]
    for event in events:
        assert len(event.text) <= gi.TEXT_CAP and not any(ord(c) < 32 or c == "\x7f" for c in event.text)
    assert events[0].text.startswith("[2J ]0;owned NVRM: Xid (PCI:0000:3b:00): 79, GPU")
    assert new is not None and new.offset == log.stat().st_size


def test_read_inventory_reads_the_log_even_without_nvidia_smi(tmp_path):
    log = tmp_path / "kern.log"
    log.write_text(XID79 + "\n")
    cursor = KernelLogCursor(str(log), log.stat().st_ino, 0)
    inv = gi.read_inventory(str(tmp_path / "no-smi"), kernel_log=str(log), cursor=cursor)
    assert inv.missing and [e.xid for e in inv.xids] == [79] and inv.kernel_log_note is None
    assert inv.kernel_log == KernelLogCursor(str(log), log.stat().st_ino, len(XID79) + 1)


def test_default_kernel_log_takes_the_first_regular_readable_file(tmp_path, monkeypatch):
    target = tmp_path / "target"
    target.write_text("")
    (tmp_path / "link").symlink_to(target)
    (tmp_path / "dir").mkdir()
    (tmp_path / "plain").write_text("")
    names = [str(tmp_path / n) for n in ("missing", "link", "dir", "plain")]
    monkeypatch.setattr(gi, "KERNEL_LOGS", tuple(names))
    assert gi.default_kernel_log() == names[3]
    monkeypatch.setattr(gi, "KERNEL_LOGS", tuple(names[:3]))
    assert gi.default_kernel_log() is None


@pytest.mark.integration
def test_the_stand_in_scoped_to_a_folder_leaves_out_jobs_working_elsewhere(tmp_path, smi):
    """The test command runs its shares at once: another test's job is another host's (``apps_under``)."""
    mine_dir, other_dir = tmp_path / "mine", tmp_path / "other"
    mine_dir.mkdir()
    other_dir.mkdir()
    update(smi.parent, apps_from_env="TIANLUO_GPU_APP", apps_under=str(mine_dir))
    job_env = {"CUDA_VISIBLE_DEVICES": "0", "TIANLUO_JOB": "train"}
    mine, other = _sleeper(job_env, mine_dir), _sleeper(job_env, other_dir)
    inv = _inventory_beside(smi, mine, other)
    assert {a.pid for a in inv.apps} & {mine.pid, other.pid} == {mine.pid}
