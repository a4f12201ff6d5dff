"""The wheels `nox -s build_matrix` left in the wheelhouse: complete, valid, installable.

Checks the real build output: every expected wheel is there, passes ci/check_wheel.py,
installs into a fresh venv for each CPython found (jaxlib pulling jaxlib-cpu from the
wheelhouse), imports, and every backend plugin answers GetPjrtApi through dlopen.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import check_wheel
import matrix as matrix_mod
import pytest

REPO = Path(__file__).resolve().parents[2]
WHEELHOUSE = Path(os.environ.get("JAXLIB_WHEELHOUSE", REPO / "wheelhouse"))
REPORT = WHEELHOUSE / "build_report.json"

pytestmark = pytest.mark.skipif(not REPORT.exists(), reason="no build report: run `nox -s build_matrix`")


@pytest.fixture(scope="module")
def report() -> dict:
    return json.loads(REPORT.read_text())


@pytest.fixture(scope="module")
def wheels(report) -> list[Path]:
    return [WHEELHOUSE / w["wheel"] for w in report["wheels"] if w["wheel"]]


def test_report_has_every_distribution(report, matrix) -> None:
    built = {(w["distribution"], w["python"]) for w in report["wheels"] if w["wheel"]}
    for b in matrix.backends_for(report["platform"]):
        assert any(d == b.distribution for d, _ in built), f"{b.distribution} missing from the build"
    for v in report["pythons_found"]:
        assert ("jaxlib", v) in built, f"jaxlib for CPython {v} missing"
    assert not [w for w in report["wheels"] if w["error"]], "some builds failed"
    assert report["builds"] == len(report["pythons_found"]) + len(matrix.backends_for(report["platform"]))


def test_every_wheel_passes_the_checks(wheels, matrix) -> None:
    reports = [check_wheel.check_wheel(w, matrix) for w in wheels]
    findings = [f for r in reports for f in r.findings] + check_wheel.check_family(reports, matrix)
    assert findings == [], "\n".join(f"[{f.check}] {f.wheel}: {f.message}" for f in findings)


def _plugin_bytes(wheel: Path, member: str, tmp: Path) -> Path:
    with zipfile.ZipFile(wheel) as zf:
        out = tmp / Path(member).name
        out.write_bytes(zf.read(member))
    return out


PROBE = r"""
import ctypes, sys
lib = ctypes.CDLL(sys.argv[1], mode=ctypes.RTLD_LOCAL | 2)  # RTLD_NOW
lib.GetPjrtApi.restype = ctypes.c_void_p
api = lib.GetPjrtApi()
assert api, "GetPjrtApi returned NULL"
size = ctypes.c_size_t.from_address(api).value
major = ctypes.c_int.from_address(api + 32).value
minor = ctypes.c_int.from_address(api + 36).value
again = lib.GetPjrtApi()
print(size, major, minor, int(again == api))
"""


def test_every_backend_plugin_loads_and_reports_its_version(wheels, matrix, tmp_path: Path) -> None:
    seen = 0
    for b in matrix.backends.values():
        if not b.plugin:
            continue
        wheel = next((w for w in wheels if w.name.startswith(b.distribution.replace("-", "_") + "-")), None)
        if wheel is None:
            continue
        so = _plugin_bytes(wheel, b.plugin, tmp_path)
        # A subprocess: a crashing plugin fails this test instead of killing pytest.
        proc = subprocess.run([sys.executable, "-c", PROBE, str(so)], capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, f"{b.plugin}: {proc.stderr[-2000:]}"
        size, major, minor, same = (int(x) for x in proc.stdout.split())
        assert (major, minor) == (0, 81), f"{b.distribution} reports PJRT {major}.{minor}"
        assert size == 40 + 8 * 118, f"{b.distribution} table size {size}"
        assert same == 1, "GetPjrtApi must return the same table every call"
        seen += 1
    assert seen >= 1


def _venv_python(venv: Path) -> Path:
    return venv / "bin" / "python"


@pytest.mark.packaging
def test_install_into_fresh_venv_per_python(report, tmp_path: Path) -> None:
    """pip resolves jaxlib -> jaxlib-cpu from the wheelhouse, for every CPython we built."""
    version = report["version"]
    for pyver, exe in report["pythons_found"].items():
        if not Path(exe).exists():
            pytest.skip(f"CPython {pyver} from the build is gone: {exe}")
        venv = tmp_path / f"venv{pyver}"
        subprocess.run([exe, "-m", "venv", str(venv)], check=True)
        py = _venv_python(venv)
        proc = subprocess.run([str(py), "-m", "pip", "install", "-q", "--find-links", str(WHEELHOUSE),
                               f"jaxlib=={version}"], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr[-3000:]
        code = ("import jaxlib, importlib.metadata as md, jaxlib_cpu; "
                "print(jaxlib.__version__, md.version('jaxlib-cpu'), jaxlib_cpu.build_info()['version'])")
        proc = subprocess.run([str(py), "-c", code], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr[-3000:]
        assert proc.stdout.split() == [version] * 3, proc.stdout


def test_matrix_module_agrees_with_report(report) -> None:
    m = matrix_mod.load()
    assert set(report["pythons_found"]) | set(report["pythons_missing"]) == set(m.pythons)


def test_cpu_wheel_offers_mpi_as_an_extra(wheels) -> None:
    """Multi-process jobs need MPI (`pip install 'jaxlib-cpu[mpi]'`); one-process users do not."""
    import email

    cpu = [w for w in wheels if w.name.startswith("jaxlib_cpu-")]
    assert cpu, "no jaxlib-cpu wheel in the build report"
    with zipfile.ZipFile(cpu[0]) as zf:
        name = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
        meta = email.message_from_bytes(zf.read(name))
    assert "mpi" in (meta.get_all("Provides-Extra") or []), f"{cpu[0].name} declares no `mpi` extra"
    requires = [r.replace(" ", "") for r in meta.get_all("Requires-Dist") or []]
    assert any(r.startswith("mpich>=5") and "extra=='mpi'" in r.replace('"', "'") for r in requires), requires
    assert not any(r.startswith("mpich") and "extra" not in r for r in requires), \
        f"mpich must stay optional (one-process users do not need it): {requires}"
