"""What a GPU host says about its GPUs, as plain values: the inventory one tick reads.

The shell (``tianluo.shell.gpu_inventory``) fills these in from ``nvidia-smi`` and the kernel log;
the pure core (``tianluo.core.gpu_pool``, ``decide``) reads them. Nothing here does I/O.
"""

from dataclasses import dataclass

#: Xid codes that mean the GPU itself is at fault: it leaves the pool until a human (or a reset) brings
#: it back. Every other Xid is taken as the application's doing (8 and 43 channel stopped, 13 graphics/SM
#: exception, 31 MMU page fault, 45 preemptive cleanup, 68 NVDEC...; the catalogue's RESTART_APP or IGNORE):
#: the job is judged, the GPU stays.
#: From NVIDIA's Xid catalogue (https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html, its
#: "Resolution Bucket (Immediate Action)" column, as mirrored by leptonai/gpud's catalog_generated.go of
#: 2025-10-29) and the older per-Xid cause table (HW error / bus error / FB corruption flags, r555).
HARDWARE_XIDS: frozenset[int] = frozenset({
    # Memory: 48 double-bit ECC (catalogue: WORKFLOW_XID_48), 63/64 row-remap or page-retirement event and
    # failure (64: RESET_GPU; 63 reads IGNORE in the catalogue but says "reset gpu to activate": the
    # remapped row waits for a reset), 92 high single-bit rate (IGNORE, yet the memory is wearing out),
    # 94/95 contained/uncontained ECC (RESTART_APP / RESET_GPU; the memory, not the program, failed),
    # 140 unrecovered ECC (RESET_GPU), 156 resource retirement (RESET_GPU); 168 reduced memory capacity,
    # 171/172 uncorrectable DRAM/SRAM detail of a 48 (the newest codes: no action listed yet).
    48, 63, 64, 92, 94, 95, 140, 156, 168, 171, 172,
    # The bus: 79 fallen off the bus (RESTART_BM: the host must reboot), 167 PCIe fatal timeout (no action yet).
    79, 167,
    # Firmware and micro-controllers: 62 PMU halt, 119 GSP RPC timeout, 120 GSP error (RESET_GPU), 169 SEC2
    # halt (no action yet). 61 is left out: "unused" on Ampere and later, a breakpoint/warning before.
    62, 119, 120, 169,
    # The GPU stopped or cannot start: 46 GPU stopped processing, 109 context-switch timeout,
    # 110 security fault, 143 GPU initialisation error, 158 GPU fatal timeout (all RESET_GPU).
    46, 109, 110, 143, 158,
    # NVLink: 74 (WORKFLOW_NVLINK_ERR), 136 link training failed (RESET_GPU), 144-150 NVLink5 units
    # (WORKFLOW_NVLINK5_ERR; some sub-codes are benign, but telling them apart needs the register decode),
    # 155 NVLink software-defined error (RESET_GPU).
    74, 136, 144, 145, 146, 147, 148, 149, 150, 155,
    # Power: 54 auxiliary power not connected (CHECK_MECHANICALS).
    54,
})


@dataclass(frozen=True)
class Gpu:
    """One GPU as ``nvidia-smi --query-gpu`` reported it this tick."""

    index: int
    uuid: str
    name: str = ""
    pci_bus_id: str = ""  # normalised by ``bus_key``: '0000:3b:00'
    memory_total_mib: int | None = None
    memory_used_mib: int | None = None
    utilization: int | None = None  # percent; None when nvidia-smi says [N/A]
    ecc_uncorrected: int | None = None  # ecc.errors.uncorrected.volatile.total; None when [N/A]
    lost: str | None = None  # why it reads as gone although listed: 'GPU is lost', '[Unknown Error]'...


@dataclass(frozen=True)
class GpuApp:
    """One compute process on a GPU (``nvidia-smi --query-compute-apps``)."""

    pid: int
    gpu_uuid: str
    used_mib: int | None = None
    user: str | None = None  # the process's owner where the shell could tell


@dataclass(frozen=True)
class XidEvent:
    """One ``NVRM: Xid`` line of the kernel log, new since the last tick."""

    pci_bus_id: str  # normalised by ``bus_key``
    xid: int
    text: str  # the line, made plain and bounded
    hardware: bool  # the GPU itself is at fault (it leaves the pool); False: the application's doing


@dataclass(frozen=True)
class KernelLogCursor:
    """How far the kernel log was read for Xid lines."""

    path: str
    inode: int | None = None
    offset: int = 0


@dataclass(frozen=True)
class GpuInventory:
    """The host's GPUs this tick: at most one ``nvidia-smi`` call per query."""

    gpus: tuple[Gpu, ...] = ()
    apps: tuple[GpuApp, ...] = ()
    error: str | None = None  # nvidia-smi failed or hung: nothing starts on GPUs this tick
    missing: bool = False  # no nvidia-smi at all: a host without GPUs
    lost: tuple[str, ...] = ()  # bus ids (bus_key) nvidia-smi named as lost ('Unable to determine the device handle')
    xids: tuple[XidEvent, ...] = ()  # new Xid lines since the cursor
    kernel_log: KernelLogCursor | None = None  # where the next tick reads on
    kernel_log_note: str | None = None  # why the kernel log was not read (unreadable, a link...)

    def by_index(self) -> dict[int, Gpu]:
        return {g.index: g for g in self.gpus}

    def by_uuid(self) -> dict[str, Gpu]:
        return {g.uuid: g for g in self.gpus}


def bus_key(text: str) -> str:
    """A PCI bus id in one form, so nvidia-smi's '00000000:3B:00.0' and the kernel's 'PCI:0000:3b:00' meet:
    '<domain, 4 hex digits>:<bus>:<device>', lower case, no function. Unparseable text is returned lower-cased."""
    t = text.strip().lower()
    if t.startswith("pci:"):
        t = t[4:]
    parts = t.split(":")
    if len(parts) == 2:  # 'bus:dev.fn' without a domain
        parts = ["0000", *parts]
    if len(parts) != 3:
        return t
    domain, bus, dev = parts
    dev = dev.split(".")[0]
    try:
        return f"{int(domain, 16) & 0xFFFF:04x}:{int(bus, 16):02x}:{int(dev, 16):02x}"
    except ValueError:
        return t
