"""ci/check_wheel.py catches broken wheels: built fixtures with one defect each.

Each fixture is a real wheel file with a real ELF plugin compiled here, so the checks read
actual symbol tables; a good family passes and every deliberate defect is reported.
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
import zipfile
from pathlib import Path

import check_wheel
import pytest

VERSION = "9.9.9"
PLAT = "manylinux_2_35_x86_64"

pytestmark = pytest.mark.skipif(shutil.which("cc") is None, reason="needs a C compiler")


def _compile_so(tmp: Path, name: str, source: str, version_script: str | None = None) -> bytes:
    src = tmp / f"{name}.c"
    src.write_text(source)
    out = tmp / f"{name}.so"
    cmd = ["cc", "-shared", "-fPIC", "-fvisibility=hidden", "-o", str(out), str(src)]
    if version_script:
        lds = tmp / f"{name}.lds"
        lds.write_text(version_script)
        cmd.append(f"-Wl,--version-script={lds}")
    subprocess.run(cmd, check=True)
    return out.read_bytes()


PLUGIN_SRC = """
__attribute__((visibility("default"))) const void* GetPjrtApi(void) { return 0; }
int helper(void) { return 1; }
"""
LEAKY_PLUGIN_SRC = """
__attribute__((visibility("default"))) const void* GetPjrtApi(void) { return 0; }
__attribute__((visibility("default"))) int leaked_internal_symbol(void) { return 1; }
"""
EXT_SRC = """
__attribute__((visibility("default"))) void* PyInit__ext(void) { return 0; }
"""
PLUGIN_LDS = 'VERS_1.0 { global: GetPjrtApi; local: *; };'


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def make_wheel(out_dir: Path, dist: str, version: str, tag: str, files: dict[str, bytes],
               requires: list[str], meta_version: str | None = None) -> Path:
    """Writes a minimal but valid wheel."""
    norm = dist.replace("-", "_")
    info = f"{norm}-{version}.dist-info"
    metadata = ["Metadata-Version: 2.1", f"Name: {dist}", f"Version: {meta_version or version}"]
    metadata += [f"Requires-Dist: {r}" for r in requires]
    contents = dict(files)
    contents[f"{info}/METADATA"] = ("\n".join(metadata) + "\n").encode()
    contents[f"{info}/WHEEL"] = f"Wheel-Version: 1.0\nRoot-Is-Purelib: false\nTag: {tag}\n".encode()
    path = out_dir / f"{norm}-{version}-{tag}.whl"
    with zipfile.ZipFile(path, "w") as zf:
        record = []
        for name, data in contents.items():
            zf.writestr(name, data)
            record.append(_record_line(name, data))
        record.append(f"{info}/RECORD,,")
        zf.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return path


@pytest.fixture(scope="module")
def binaries(tmp_path_factory) -> dict[str, bytes]:
    tmp = tmp_path_factory.mktemp("so")
    return {
        "plugin": _compile_so(tmp, "plugin", PLUGIN_SRC, PLUGIN_LDS),
        "leaky": _compile_so(tmp, "leaky", LEAKY_PLUGIN_SRC),
        "ext": _compile_so(tmp, "ext", EXT_SRC),
    }


def good_family(out: Path, bins: dict[str, bytes]) -> list[Path]:
    wheels = [make_wheel(out, "jaxlib", VERSION, f"cp312-cp312-{PLAT}",
                         {"jaxlib/_jaxlib.cpython-312-x86_64-linux-gnu.so": bins["ext"],
                          "jaxlib/__init__.py": b""},
                         [f"jaxlib-cpu=={VERSION}", "numpy>=1.26"])]
    # The anchor: no pin on jaxlib, so it also installs beside Google's jaxlib.
    wheels.append(make_wheel(out, "jaxlib-cpu", VERSION, f"cp310-abi3-{PLAT}",
                             {"jaxlib_cpu/pjrt_plugin_jaxlib_cpu.so": bins["plugin"],
                              "jaxlib_cpu/_ext.abi3.so": bins["ext"],
                              "jaxlib_cpu/__init__.py": b""},
                             ["scipy-openblas32>=0.3.27"]))
    wheels.append(cuda12_wheel(out, bins, [f"jaxlib-cpu=={VERSION}"]))
    return wheels


def cuda12_wheel(out: Path, bins: dict[str, bytes], requires: list[str]) -> Path:
    return make_wheel(out, "jaxlib-cuda12", VERSION, f"cp310-abi3-{PLAT}",
                      {"jaxlib_cuda12/pjrt_plugin_jaxlib_cuda12.so": bins["plugin"],
                       "jaxlib_cuda12/_ext.abi3.so": bins["ext"],
                       "jaxlib_cuda12/__init__.py": b""},
                      requires)


def run_checks(matrix, wheels: list[Path]) -> list[check_wheel.Finding]:
    reports = [check_wheel.check_wheel(w, matrix, run_abi3audit=False) for w in wheels]
    return [f for r in reports for f in r.findings] + check_wheel.check_family(reports, matrix)


def test_good_family_passes(tmp_path: Path, matrix, binaries) -> None:
    findings = run_checks(matrix, good_family(tmp_path, binaries))
    assert findings == [], f"expected no violations, got {findings}"


def test_extra_exported_symbol_is_caught(tmp_path: Path, matrix, binaries) -> None:
    wheels = good_family(tmp_path, {**binaries, "plugin": binaries["leaky"]})
    findings = run_checks(matrix, wheels)
    assert any(f.check == "exports" and "leaked_internal_symbol" in f.message for f in findings), findings


def test_missing_pin_is_caught(tmp_path: Path, matrix, binaries) -> None:
    wheels = good_family(tmp_path, binaries)
    wheels[2].unlink()
    wheels[2] = cuda12_wheel(tmp_path, binaries, [])
    findings = run_checks(matrix, wheels)
    assert any(f.check == "pins" and f.wheel.startswith("jaxlib_cuda12")
               and "missing exact pin on jaxlib-cpu" in f.message for f in findings), findings


def test_anchor_pin_only_under_an_extra_is_missing(tmp_path: Path, matrix, binaries) -> None:
    wheels = good_family(tmp_path, binaries)
    wheels[2].unlink()
    wheels[2] = cuda12_wheel(tmp_path, binaries, [f'jaxlib-cpu=={VERSION}; extra == "cpu"'])
    findings = run_checks(matrix, wheels)
    assert any(f.check == "pins" and "missing exact pin on jaxlib-cpu" in f.message for f in findings), findings


def test_loose_pin_is_caught(tmp_path: Path, matrix, binaries) -> None:
    wheels = good_family(tmp_path, binaries)
    wheels[2].unlink()
    wheels[2] = cuda12_wheel(tmp_path, binaries, ["jaxlib-cpu>=9.0"])
    findings = run_checks(matrix, wheels)
    assert any(f.check == "pins" and "pinned with ==" in f.message for f in findings), findings


@pytest.mark.parametrize("backend", ["jaxlib-cpu", "jaxlib-cuda12"])
@pytest.mark.parametrize("requirement", [f"jaxlib=={VERSION}", "jaxlib", "jaxlib>=0.1"])
def test_backend_requiring_the_bindings_is_caught(tmp_path: Path, matrix, binaries, backend: str,
                                                  requirement: str) -> None:
    """A backend that requires our jaxlib would replace Google's jaxlib in a JAX environment."""
    wheels = good_family(tmp_path, binaries)
    i = 1 if backend == "jaxlib-cpu" else 2
    wheels[i].unlink()
    if backend == "jaxlib-cpu":
        wheels[i] = make_wheel(tmp_path, "jaxlib-cpu", VERSION, f"cp310-abi3-{PLAT}",
                               {"jaxlib_cpu/pjrt_plugin_jaxlib_cpu.so": binaries["plugin"]}, [requirement])
    else:
        wheels[i] = cuda12_wheel(tmp_path, binaries, [f"jaxlib-cpu=={VERSION}", requirement])
    findings = run_checks(matrix, wheels)
    hits = [f for f in findings if f.check == "pins" and "must not require jaxlib" in f.message]
    assert [f.wheel.split("-")[0] for f in hits] == [backend.replace("-", "_")], findings


def test_wrong_tag_is_caught(tmp_path: Path, matrix, binaries) -> None:
    wheels = good_family(tmp_path, binaries)
    wheels[1].unlink()
    wheels[1] = make_wheel(tmp_path, "jaxlib-cpu", VERSION, f"cp312-cp312-{PLAT}",
                           {"jaxlib_cpu/pjrt_plugin_jaxlib_cpu.so": binaries["plugin"]}, [])
    findings = run_checks(matrix, wheels)
    assert any(f.check == "tag" and "cp310-abi3" in f.message for f in findings), findings


def test_non_abi3_extension_in_abi3_wheel_is_caught(tmp_path: Path, matrix, binaries) -> None:
    w = make_wheel(tmp_path, "jaxlib-cpu", VERSION, f"cp310-abi3-{PLAT}",
                   {"jaxlib_cpu/pjrt_plugin_jaxlib_cpu.so": binaries["plugin"],
                    "jaxlib_cpu/_ext.cpython-312-x86_64-linux-gnu.so": binaries["ext"]},
                   [])
    findings = check_wheel.check_wheel(w, matrix, run_abi3audit=False).findings
    assert any(f.check == "abi3" for f in findings), findings


def test_metadata_version_mismatch_is_caught(tmp_path: Path, matrix, binaries) -> None:
    w = make_wheel(tmp_path, "jaxlib-cpu", VERSION, f"cp310-abi3-{PLAT}",
                   {"jaxlib_cpu/pjrt_plugin_jaxlib_cpu.so": binaries["plugin"]},
                   [], meta_version="9.9.9.dev1")
    findings = check_wheel.check_wheel(w, matrix, run_abi3audit=False).findings
    assert any(f.check == "metadata" and "9.9.9.dev1" in f.message for f in findings), findings


def test_size_budget_is_enforced(tmp_path: Path, matrix, binaries) -> None:
    import os

    big = os.urandom(int((matrix.budget_mib("jaxlib-tpu") + 0.5) * 2**20))
    w = make_wheel(tmp_path, "jaxlib-tpu", VERSION, "py3-none-any",
                   {"jaxlib_tpu/blob.bin": big}, [f"jaxlib-cpu=={VERSION}"])
    findings = check_wheel.check_wheel(w, matrix, run_abi3audit=False).findings
    assert any(f.check == "size" for f in findings), findings


def test_platform_disagreement_is_caught(tmp_path: Path, matrix, binaries) -> None:
    wheels = good_family(tmp_path, binaries)
    wheels[1].unlink()
    wheels[1] = make_wheel(tmp_path, "jaxlib-cpu", VERSION, "cp310-abi3-manylinux_2_28_x86_64",
                           {"jaxlib_cpu/pjrt_plugin_jaxlib_cpu.so": binaries["plugin"]}, [])
    findings = run_checks(matrix, wheels)
    assert any(f.check == "platform" for f in findings), findings


def test_absolute_rpath_is_caught(tmp_path: Path, matrix) -> None:
    src = tmp_path / "p.c"
    src.write_text(PLUGIN_SRC)
    so = tmp_path / "p.so"
    lds = tmp_path / "p.lds"
    lds.write_text(PLUGIN_LDS)
    subprocess.run(["cc", "-shared", "-fPIC", "-o", str(so), str(src), f"-Wl,--version-script={lds}",
                    "-Wl,-rpath,/opt/somewhere/lib"], check=True)
    w = make_wheel(tmp_path, "jaxlib-cpu", VERSION, f"cp310-abi3-{PLAT}",
                   {"jaxlib_cpu/pjrt_plugin_jaxlib_cpu.so": so.read_bytes()}, [])
    findings = check_wheel.check_wheel(w, matrix, run_abi3audit=False).findings
    assert any(f.check == "rpath" and "/opt/somewhere/lib" in f.message for f in findings), findings


def test_extra_pins_may_name_absent_backends_but_must_be_exact(tmp_path: Path, matrix, binaries) -> None:
    wheels = good_family(tmp_path, binaries)
    wheels[0].unlink()
    wheels[0] = make_wheel(tmp_path, "jaxlib", VERSION, f"cp312-cp312-{PLAT}",
                           {"jaxlib/_jaxlib.cpython-312-x86_64-linux-gnu.so": binaries["ext"]},
                           [f"jaxlib-cpu=={VERSION}", f'jaxlib-rocm=={VERSION}; extra == "rocm"'])
    assert run_checks(matrix, wheels) == []
    wheels[0].unlink()
    wheels[0] = make_wheel(tmp_path, "jaxlib", VERSION, f"cp312-cp312-{PLAT}",
                           {"jaxlib/_jaxlib.cpython-312-x86_64-linux-gnu.so": binaries["ext"]},
                           [f"jaxlib-cpu=={VERSION}", 'jaxlib-rocm>=1; extra == "rocm"'])
    findings = run_checks(matrix, wheels)
    assert any(f.check == "pins" and "jaxlib-rocm" in f.message for f in findings), findings
