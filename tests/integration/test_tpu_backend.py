"""The TPU backend (jaxlib_tpu): hardware detection on fake sysfs/dev trees, registration only
when a TPU is present, libtpu found without importing it, and the wheel's metadata.

No test here may call libtpu's initialisation: on a machine without a TPU it spends minutes
querying the cloud metadata server. Nothing below loads libtpu at all, except the optional
GetPjrtApi check, which per the PJRT notes is fast and offline.
"""

from __future__ import annotations

import ctypes
import importlib
import subprocess
import sys
import types
import zipfile
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
PACKAGE_PARENT = REPO / "backends" / "tpu" / "python"
VERSION = (REPO / "VERSION").read_text().strip()


@pytest.fixture()
def jaxlib_tpu(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """A fresh import of the source-tree package (module state reset per test)."""
    monkeypatch.syspath_prepend(str(PACKAGE_PARENT))
    monkeypatch.delenv("JAXLIB_TPU_PCI_DEVICE_IDS", raising=False)
    sys.modules.pop("jaxlib_tpu", None)
    module = importlib.import_module("jaxlib_tpu")
    yield module
    sys.modules.pop("jaxlib_tpu", None)


def _pci(sysfs: Path, slot: str, vendor: str, device: str) -> None:
    d = sysfs / "bus" / "pci" / "devices" / slot
    d.mkdir(parents=True)
    (d / "vendor").write_text(vendor + "\n")
    (d / "device").write_text(device + "\n")


def _tree(tmp_path: Path, devices: list[tuple[str, str]], dev_files: list[str]) -> tuple[Path, Path]:
    sysfs, dev = tmp_path / "sys", tmp_path / "dev"
    (sysfs / "bus" / "pci" / "devices").mkdir(parents=True)
    dev.mkdir()
    for i, (vendor, device) in enumerate(devices):
        _pci(sysfs, f"0000:00:{i + 4:02x}.0", vendor, device)
    for name in dev_files:
        (dev / name).parent.mkdir(parents=True, exist_ok=True)
        (dev / name).write_text("")
    return sysfs, dev


INTEL_HOST = ("0x8086", "0x1237")
GVNIC = ("0x1ae0", "0x0042")  # Google's virtual NIC: Google vendor id, not a TPU
TPU_V4 = ("0x1ae0", "0x005e")
TPU_V5E = ("0x1ae0", "0x0063")


@pytest.mark.parametrize(
    ("devices", "dev_files", "expected"),
    [
        ([INTEL_HOST], [], "no PCI device with vendor 0x1ae0 and a TPU device id"),
        ([INTEL_HOST, GVNIC], ["vfio/vfio"], "Google PCI functions that are not TPUs: 0000:00:05.0 (0x0042)"),
        ([TPU_V4], [], "are listed, but no accelerator device files"),
        ([TPU_V5E], ["vfio/vfio"], "are listed, but no accelerator device files"),
        ([TPU_V4, TPU_V4], ["accel0", "accel1"], None),
        ([INTEL_HOST, TPU_V5E], ["vfio/vfio", "vfio/0"], None),
    ],
    ids=["no-google", "gvnic-only", "tpu-without-driver", "vfio-control-node-only", "v4-accel", "v5e-vfio"],
)
def test_detect_tpu_on_fake_trees(
    jaxlib_tpu: Any,
    tmp_path: Path,
    devices: list[tuple[str, str]],
    dev_files: list[str],
    expected: str | None,
) -> None:
    sysfs, dev = _tree(tmp_path, devices, dev_files)
    reason = jaxlib_tpu.detect_tpu(sysfs, dev)
    if expected is None:
        assert reason is None, f"a TPU should be detected, got {reason!r}"
    else:
        assert reason is not None and reason.startswith("no TPU found: "), reason
        assert expected in reason, f"expected {expected!r} in {reason!r}"


def test_missing_sysfs_is_a_reason_not_an_error(jaxlib_tpu: Any, tmp_path: Path) -> None:
    reason = jaxlib_tpu.detect_tpu(tmp_path / "nowhere", tmp_path / "dev")
    assert reason is not None and "does not exist" in reason, reason


def test_extra_tpu_device_ids_from_environment(
    jaxlib_tpu: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sysfs, dev = _tree(tmp_path, [("0x1ae0", "0x0999")], ["accel0"])
    assert jaxlib_tpu.detect_tpu(sysfs, dev) is not None, (
        "an unknown Google device id must not count as a TPU"
    )
    monkeypatch.setenv("JAXLIB_TPU_PCI_DEVICE_IDS", "0x0998, 0x0999")
    assert jaxlib_tpu.detect_tpu(sysfs, dev) is None


def test_this_machine_has_no_tpu(jaxlib_tpu: Any) -> None:
    reason = jaxlib_tpu.detect_tpu()
    if reason is None:
        pytest.skip("a TPU is attached to this machine")
    assert reason.startswith("no TPU found: ")


@pytest.fixture()
def fake_libtpu(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A libtpu package whose import would fail loudly: proves we locate it without importing."""
    pkg = tmp_path / "site" / "libtpu"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("raise RuntimeError('libtpu must not be imported by jaxlib_tpu')\n")
    (pkg / "libtpu.so").write_bytes(b"\x7fELF not really")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    sys.modules.pop("libtpu", None)
    return pkg / "libtpu.so"


@pytest.fixture()
def fake_plugin_support(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Stands in for jaxlib.plugin_support and records register_plugin calls."""
    calls: list[dict[str, Any]] = []
    jaxlib_pkg = types.ModuleType("jaxlib")
    jaxlib_pkg.__path__ = []  # type: ignore[attr-defined]
    support = types.ModuleType("jaxlib.plugin_support")
    support.register_plugin = lambda **kwargs: calls.append(kwargs)  # type: ignore[attr-defined]
    jaxlib_pkg.plugin_support = support  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "jaxlib", jaxlib_pkg)
    monkeypatch.setitem(sys.modules, "jaxlib.plugin_support", support)
    return calls


def test_libtpu_is_located_without_importing_it(jaxlib_tpu: Any, fake_libtpu: Path) -> None:
    assert jaxlib_tpu.libtpu_library_path() == str(fake_libtpu)
    assert "libtpu" not in sys.modules, "locating libtpu must not import it"


def test_initialize_without_tpu_registers_nothing(
    jaxlib_tpu: Any, fake_libtpu: Path, fake_plugin_support: list[dict[str, Any]], tmp_path: Path
) -> None:
    sysfs, dev = _tree(tmp_path, [INTEL_HOST, GVNIC], [])
    jaxlib_tpu.initialize(sysfs_root=sysfs, dev_root=dev)
    assert fake_plugin_support == [], "nothing may be registered without a TPU"
    reason = jaxlib_tpu.unavailable_reason()
    assert reason is not None and reason.startswith("no TPU found: "), reason
    assert "libtpu" not in sys.modules


def test_initialize_with_tpu_registers_libtpu(
    jaxlib_tpu: Any, fake_libtpu: Path, fake_plugin_support: list[dict[str, Any]], tmp_path: Path
) -> None:
    sysfs, dev = _tree(tmp_path, [TPU_V5E], ["vfio/0"])
    jaxlib_tpu.initialize(sysfs_root=sysfs, dev_root=dev)
    assert len(fake_plugin_support) == 1, f"expected one registration, got {fake_plugin_support}"
    call = fake_plugin_support[0]
    assert (call["name"], call["priority"], call["library_path"], call["distribution"]) == (
        "tpu",
        300,
        str(fake_libtpu),
        "jaxlib-tpu",
    )
    assert call["build_info"]["backend"] == "tpu" and call["build_info"]["version"] == VERSION
    assert jaxlib_tpu.unavailable_reason() is None
    assert "libtpu" not in sys.modules, "registration must not import or load libtpu"


def test_tpu_present_but_libtpu_missing(
    jaxlib_tpu: Any,
    fake_plugin_support: list[dict[str, Any]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(jaxlib_tpu, "libtpu_library_path", lambda: None)
    sysfs, dev = _tree(tmp_path, [TPU_V4], ["accel0"])
    jaxlib_tpu.initialize(sysfs_root=sysfs, dev_root=dev)
    assert fake_plugin_support == []
    assert "pip install libtpu" in (jaxlib_tpu.unavailable_reason() or "")


def test_importing_the_package_has_no_side_effects() -> None:
    # A fresh interpreter: importing must not import libtpu, jaxlib, or open sockets.
    code = (
        "import socket, sys\n"
        "def no_net(*a, **k): raise AssertionError('network access during import')\n"
        "socket.socket.connect = no_net\n"
        f"sys.path.insert(0, {str(PACKAGE_PARENT)!r})\n"
        "import jaxlib_tpu\n"
        "assert 'libtpu' not in sys.modules and 'jaxlib' not in sys.modules, sorted(sys.modules)\n"
        "print(jaxlib_tpu.unavailable_reason())\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.packaging
def test_wheel_is_pure_and_pins_the_family_anchor(tmp_path: Path) -> None:
    pytest.importorskip("scikit_build_core")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(REPO / "wheels" / "jaxlib-tpu"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    (wheel,) = tmp_path.glob("jaxlib_tpu-*.whl")
    assert wheel.name == f"jaxlib_tpu-{VERSION}-py3-none-any.whl", wheel.name
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        meta = zf.read(f"jaxlib_tpu-{VERSION}.dist-info/METADATA").decode()
        entry_points = zf.read(f"jaxlib_tpu-{VERSION}.dist-info/entry_points.txt").decode()
        version_py = zf.read("jaxlib_tpu/_version.py").decode()
    assert {"jaxlib_tpu/__init__.py", "jaxlib_tpu/_version.py"} <= names, names
    assert not any(n.endswith((".so", ".pyd", ".dylib")) for n in names), "jaxlib-tpu must hold no binaries"
    assert f"Requires-Dist: jaxlib-cpu=={VERSION}" in meta and "Requires-Dist: libtpu" in meta, meta
    assert "Requires-Dist: jaxlib=" not in meta, "a backend must not pull a host (it would replace Google's jaxlib)"
    assert "[jax_plugins]" in entry_points and "jaxlib_tpu = jaxlib_tpu" in entry_points, entry_points
    assert f'version = "{VERSION}"' in version_py


def test_libtpu_get_pjrt_api_only_if_installed(jaxlib_tpu: Any) -> None:
    """dlopen + GetPjrtApi are safe without a TPU (no initialisation); nothing else is called."""
    path = jaxlib_tpu.libtpu_library_path()
    if path is None:
        pytest.skip("libtpu is not installed")
    lib = ctypes.CDLL(path, mode=ctypes.RTLD_LOCAL)
    lib.GetPjrtApi.restype = ctypes.c_void_p
    api = lib.GetPjrtApi()
    assert api, "GetPjrtApi returned NULL"
    major, minor = ctypes.c_int.from_address(api + 32).value, ctypes.c_int.from_address(api + 36).value
    assert major == 0 and minor >= 57, f"libtpu reports PJRT API {major}.{minor}"
