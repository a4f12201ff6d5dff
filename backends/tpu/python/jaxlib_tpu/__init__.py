"""TPU backend of jaxlib (the ``jaxlib-tpu`` wheel): registers the PJRT plugin that Google's
``libtpu`` package ships, but only when a TPU is actually attached.

Why the detection comes first: libtpu's ``PJRT_Plugin_Initialize`` on a machine without a TPU
keeps querying the cloud metadata server over the network for minutes. So ``initialize()``
looks at the hardware (PCI ids in sysfs, accelerator device files) and, without a TPU,
registers nothing and records the reason, which ``unavailable_reason()`` returns for jaxlib's
doctor and for ``JAX_PLATFORMS=tpu``. Nothing in this module imports libtpu, opens its
library or touches the network.
"""

from __future__ import annotations

import glob
import importlib.util
import os
from pathlib import Path

__all__ = [
    "DISTRIBUTION",
    "GOOGLE_PCI_VENDOR_ID",
    "TPU_PCI_DEVICE_IDS",
    "build_info",
    "detect_tpu",
    "initialize",
    "libtpu_library_path",
    "unavailable_reason",
]

DISTRIBUTION = "jaxlib-tpu"
GOOGLE_PCI_VENDOR_ID = "0x1ae0"
# PCI device ids of Google TPU chips (v2/v3, plc, v4, v5p, v5e, v6e, 7x, and the two 8th-gen
# parts). Google's other PCI functions, e.g. the gVNIC network card (0x0042) present on every
# cloud VM, share the vendor id and must not count. Newer chips can be added without a
# release through $JAXLIB_TPU_PCI_DEVICE_IDS (comma-separated, e.g. "0x0099").
TPU_PCI_DEVICE_IDS = frozenset(
    {"0x0027", "0x0056", "0x005e", "0x0062", "0x0063", "0x006f", "0x0076", "0x007c", "0x0083"}
)
_EXTRA_IDS_ENV = "JAXLIB_TPU_PCI_DEVICE_IDS"

_NOT_INITIALIZED = object()
_unavailable: object = _NOT_INITIALIZED  # str reason, None (registered), or not yet decided


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="ascii", errors="replace").strip().lower()
    except OSError:
        return ""


def _tpu_device_ids() -> frozenset[str]:
    extra = {i.strip().lower() for i in os.environ.get(_EXTRA_IDS_ENV, "").split(",") if i.strip()}
    return TPU_PCI_DEVICE_IDS | extra


def detect_tpu(
    sysfs_root: str | os.PathLike[str] = "/sys", dev_root: str | os.PathLike[str] = "/dev"
) -> str | None:
    """Returns None when a TPU is attached, else why not (a sentence starting "no TPU found").

    A TPU counts as present when sysfs lists a PCI function with Google's vendor id and a TPU
    device id, and the accelerator device files exist (``/dev/accel*`` on v2-v4,
    ``/dev/vfio/<group>`` on v5 and later). Only reads files; the roots are parameters so that
    tests can point them at fake trees.
    """
    pci_dir = os.path.join(os.fspath(sysfs_root), "bus", "pci", "devices")
    if not os.path.isdir(pci_dir):
        return f"no TPU found: {pci_dir} does not exist (not Linux, or sysfs is not mounted here)"
    tpu_ids = _tpu_device_ids()
    chips: list[str] = []
    other_google: list[str] = []
    for vendor_file in sorted(glob.glob(os.path.join(glob.escape(pci_dir), "*", "vendor"))):
        if _read(vendor_file) != GOOGLE_PCI_VENDOR_ID:
            continue
        device_dir = os.path.dirname(vendor_file)
        device_id = _read(os.path.join(device_dir, "device"))
        (chips if device_id in tpu_ids else other_google).append(
            f"{os.path.basename(device_dir)} ({device_id})"
        )
    if not chips:
        extra = f"; Google PCI functions that are not TPUs: {', '.join(other_google)}" if other_google else ""
        return (
            f"no TPU found: no PCI device with vendor {GOOGLE_PCI_VENDOR_ID} and a TPU device id under "
            f"{pci_dir}{extra}"
        )
    dev = os.fspath(dev_root)
    device_files = sorted(glob.glob(os.path.join(glob.escape(dev), "accel*")))
    # /dev/vfio/vfio is the VFIO control node, present whenever the module is loaded; only the
    # numbered group files mean devices are assigned to this machine.
    device_files += [
        p
        for p in sorted(glob.glob(os.path.join(glob.escape(dev), "vfio", "*")))
        if os.path.basename(p) != "vfio"
    ]
    if not device_files:
        return (
            f"no TPU found: TPU PCI device(s) {', '.join(chips)} are listed, but no accelerator device "
            f"files ({dev}/accel*, {dev}/vfio/<group>) exist: the TPU driver is not loaded, or the "
            "devices are not passed into this container"
        )
    return None


def libtpu_library_path() -> str | None:
    """Path of ``libtpu.so`` inside the installed ``libtpu`` package, found without importing it
    (its ``__init__`` sets environment variables); None when libtpu is not installed."""
    try:
        spec = importlib.util.find_spec("libtpu")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        candidate = Path(location) / "libtpu.so"
        if candidate.is_file():
            return str(candidate)
    return None


def _own_version() -> str:
    try:
        from ._version import version  # written into the wheel at build time

        return str(version)
    except ImportError:  # running from the source tree
        return (Path(__file__).resolve().parents[4] / "VERSION").read_text(encoding="utf-8").strip()


def build_info() -> dict[str, object]:
    """What jaxlib compares before using the plugin. The plugin itself is libtpu's (a third-party
    PJRT plugin without our build attributes), so only this wheel's version is ours."""
    from importlib import metadata

    try:
        libtpu_version: str | None = metadata.version("libtpu")
    except metadata.PackageNotFoundError:
        libtpu_version = None
    return {
        "backend": "tpu",
        "version": _own_version(),
        "third_party_plugin": "libtpu",
        "libtpu_version": libtpu_version,
        "toolkit": f"libtpu={libtpu_version}" if libtpu_version else "",
    }


def unavailable_reason() -> str | None:
    """Why the TPU backend is not registered (None if it is, or would be, registered).

    Decided by ``initialize()``; computed on demand if it has not run yet.
    """
    if _unavailable is _NOT_INITIALIZED:
        return _reason()
    return _unavailable  # type: ignore[return-value]


def _reason(
    sysfs_root: str | os.PathLike[str] = "/sys", dev_root: str | os.PathLike[str] = "/dev"
) -> str | None:
    reason = detect_tpu(sysfs_root, dev_root)
    if reason is None and libtpu_library_path() is None:
        reason = "no TPU runtime found: a TPU is attached but the libtpu package is not installed (pip install libtpu)"
    return reason


def initialize(
    *, sysfs_root: str | os.PathLike[str] = "/sys", dev_root: str | os.PathLike[str] = "/dev"
) -> None:
    """``jax_plugins`` entry point: registers libtpu as platform ``tpu`` (priority 300) with our
    jaxlib if, and only if, a TPU is attached and libtpu is installed. Never loads libtpu.

    Under real JAX (Google's jaxlib, whose ``plugin_support`` has no ``register_plugin``) it
    registers nothing: JAX drives TPUs through libtpu itself, and a second registration of the
    same library would only compete with it.
    """
    global _unavailable
    reason = _reason(sysfs_root, dev_root)
    _unavailable = reason
    if reason is not None:
        return
    from jaxlib import plugin_support

    if not callable(getattr(plugin_support, "register_plugin", None)):
        _unavailable = "real JAX is the host: it uses libtpu directly, so jaxlib-tpu registers nothing"
        return

    plugin_support.register_plugin(
        name="tpu",
        priority=300,
        library_path=libtpu_library_path(),
        build_info=build_info(),
        distribution=DISTRIBUTION,
    )
