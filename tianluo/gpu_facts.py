"""What a GPU host says about its GPUs, as plain values: the inventory one tick reads.

The shell (``tianluo.gpu_inventory``) fills these in from ``nvidia-smi`` and the kernel log;
the pure core (``tianluo.gpu_pool``, ``decide``) reads them. Nothing here does I/O.
"""

from dataclasses import dataclass


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
