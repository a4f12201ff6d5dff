"""ci/nightly.py: one stamp per pipeline, validation of a whole night, and `run` end to end.

The validation fixtures are real wheels with real ELF files compiled here: plugins that
export exactly GetPjrtApi, and a limited-API `_ext` whose `build_info()` reports a version,
so the check that a backend's compiled-in version equals its wheel's is exercised for real.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import nightly
import pytest
from test_check_wheel import PLUGIN_LDS, _compile_so
from test_index import write_wheel

REPO = Path(__file__).resolve().parents[2]
BASE = nightly._versioning().base_version()
SUFFIX = ".dev20260101"
V = BASE + SUFFIX
PLAT = "manylinux_2_35_x86_64"

needs_cc = pytest.mark.skipif(shutil.which("cc") is None, reason="needs a C compiler")

EXT_TEMPLATE = r"""
#define PY_SSIZE_T_CLEAN
#include <Python.h>
static PyObject* build_info(PyObject* self, PyObject* unused) {
  return Py_BuildValue("{s:s,s:s,s:s,s:s}", "backend", "%(backend)s", "version", "%(version)s",
                       "git_revision", "abc123", "build_id", "%(build_id)s");
}
static PyMethodDef kMethods[] = {{"build_info", build_info, METH_NOARGS, ""}, {NULL, NULL, 0, NULL}};
static struct PyModuleDef kModule = {PyModuleDef_HEAD_INIT, "_ext", "", -1, kMethods, NULL, NULL, NULL, NULL};
PyMODINIT_FUNC PyInit__ext(void) { return PyModule_Create(&kModule); }
"""


PLUGIN_TEMPLATE = r"""
#include <stddef.h>
#include <stdint.h>
/* A minimal PJRT plugin: the C API table header and PJRT_Plugin_Attributes (slot 4). */
typedef struct { size_t struct_size; void* ext; const char* name; size_t name_size; int type;
                 union { const char* s; int64_t i; } v; size_t value_size; } NamedValue;
typedef struct { size_t struct_size; void* ext; const NamedValue* attributes; size_t num_attributes; } Args;
static const char kVersion[] = "%(version)s";
static const char kBuildId[] = "%(build_id)s";
static NamedValue kAttrs[2];
static void* Attributes(Args* a) {
  NamedValue v = {sizeof(NamedValue), 0, "jaxlib_version", 14, 0, {.s = kVersion}, sizeof(kVersion) - 1};
  NamedValue b = {sizeof(NamedValue), 0, "jaxlib_build_id", 15, 0, {.s = kBuildId}, sizeof(kBuildId) - 1};
  kAttrs[0] = v;
  kAttrs[1] = b;
  a->attributes = kAttrs;
  a->num_attributes = 2;
  return 0;
}
typedef struct { size_t struct_size; void* ext; struct { size_t struct_size; void* ext; int major; int minor; } version;
                 void* slots[5]; } Api;
static Api kApi = {sizeof(Api), 0, {24, 0, 0, 81}, {0, 0, 0, 0, (void*)Attributes}};
__attribute__((visibility("default"))) const void* GetPjrtApi(void) { return &kApi; }
"""


def compile_plugin(tmp: Path, backend: str, version: str) -> bytes:
    """A real PJRT plugin (exports only GetPjrtApi) whose attributes say `version`."""
    src = PLUGIN_TEMPLATE % {"version": version, "build_id": f"{backend}-{version}"[:16]}
    return _compile_so(tmp, f"plugin_{backend}_{version.replace('.', '_')}", src, PLUGIN_LDS)


def compile_ext(tmp: Path, backend: str, version: str) -> bytes:
    """A real limited-API `_ext` whose build_info() says `version`."""
    src = tmp / f"ext_{backend}_{version}.c"
    src.write_text(EXT_TEMPLATE % {"backend": backend, "version": version,
                                   "build_id": f"{backend}-{version}"[:16]})
    out = tmp / f"ext_{backend}_{version}.so"
    subprocess.run(["cc", "-shared", "-fPIC", "-fvisibility=hidden", "-DPy_LIMITED_API=0x030A0000",
                    f"-I{sysconfig.get_paths()['include']}", "-o", str(out), str(src)], check=True)
    return out.read_bytes()


def family(out: Path, matrix, version: str = V, *, skip: tuple[str, ...] = (),
           ext_versions: dict[str, str] | None = None, plugin_versions: dict[str, str] | None = None,
           ) -> list[Path]:
    """Every wheel of a linux-x86_64 night: jaxlib for one CPython and each backend once.

    Each backend gets a real plugin and `_ext` compiled with `version` (or the override).
    """
    tmp = out / "_src"
    tmp.mkdir(parents=True, exist_ok=True)
    backends = matrix.backends_for("linux-x86_64")
    extras = [f"{b.distribution}=={version}; extra == '{b.name}'" for b in backends if b.name != "cpu"]
    wheels = []
    if "jaxlib" not in skip:
        wheels.append(write_wheel(out, "jaxlib", version, tag=f"cp312-cp312-{PLAT}",
                                  requires=[f"jaxlib-cpu=={version}", *extras],
                                  files={"jaxlib/__init__.py": b"", "jaxlib/_jaxlib.cpython-312-x86_64-linux-gnu.so":
                                         _compile_so(tmp, "bind", "__attribute__((visibility(\"default\"))) "
                                                     "void* PyInit__jaxlib(void) { return 0; }")}))
    for b in backends:
        if b.name in skip:
            continue
        pkg = b.distribution.replace("-", "_")
        # The family's pins: every backend but the anchor (jaxlib-cpu) pins the anchor.
        pins = [] if b.name == "cpu" else [f"jaxlib-cpu=={version}"]
        if b.tag == "py3-none-any":
            wheels.append(write_wheel(out, b.distribution, version, requires=pins))
            continue
        ext = compile_ext(tmp, b.name, (ext_versions or {}).get(b.name, version))
        so = compile_plugin(tmp, b.name, (plugin_versions or {}).get(b.name, version))
        wheels.append(write_wheel(out, b.distribution, version, tag=f"cp310-abi3-{PLAT}",
                                  requires=pins,
                                  files={b.plugin: so, f"{pkg}/_ext.abi3.so": ext, f"{pkg}/__init__.py": b""}))
    shutil.rmtree(tmp)
    return wheels


# --- stamp ---------------------------------------------------------------------------------


def test_stamp_override_wins() -> None:
    s = nightly.compute_stamp({"JAXLIB_VERSION_SUFFIX": ".dev20260315", "SOURCE_DATE_EPOCH": "1767225600"})
    assert (s.suffix, s.version, s.date) == (".dev20260315", BASE + ".dev20260315", "20260315")
    assert s.source_date_epoch == 1767225600, "an explicit SOURCE_DATE_EPOCH is kept"


def test_stamp_from_source_date_epoch() -> None:
    s = nightly.compute_stamp({"SOURCE_DATE_EPOCH": str(1767225600 + 3600 * 23)})  # 2026-01-01 23:00 UTC
    assert s.suffix == ".dev20260101" and s.source_date_epoch == 1767225600 + 3600 * 23


def test_stamp_defaults_to_today_utc_at_midnight() -> None:
    now = dt.datetime(2026, 2, 3, 23, 59, tzinfo=dt.timezone(dt.timedelta(hours=-5)))  # 04:59 UTC on the 4th
    s = nightly.compute_stamp({}, now=now)
    assert s.suffix == ".dev20260204"
    assert s.source_date_epoch == int(dt.datetime(2026, 2, 4, tzinfo=dt.timezone.utc).timestamp())
    assert s.env() == {"JAXLIB_VERSION_SUFFIX": ".dev20260204", "SOURCE_DATE_EPOCH": str(s.source_date_epoch),
                       "JAXLIB_NIGHTLY_VERSION": BASE + ".dev20260204"}


@pytest.mark.parametrize("bad", ["dev20260101", ".dev2026", "+g1234", "rc1", ".dev20261399"])
def test_stamp_rejects_non_nightly_suffixes(bad: str) -> None:
    with pytest.raises(nightly.NightlyError):
        nightly.compute_stamp({"JAXLIB_VERSION_SUFFIX": bad})


def test_release_gate() -> None:
    s = nightly.release_stamp(f"v{BASE}", {"SOURCE_DATE_EPOCH": "1767225600"})
    assert (s.suffix, s.version, s.source_date_epoch) == ("", BASE, 1767225600)
    with pytest.raises(nightly.NightlyError, match="does not match VERSION"):
        nightly.release_stamp("v99.0.0", {})
    with pytest.raises(nightly.NightlyError, match="no suffix"):
        nightly.release_stamp(f"v{BASE}", {"JAXLIB_VERSION_SUFFIX": ".dev20260101"})


def test_stamp_cli_writes_github_env(tmp_path: Path) -> None:
    env_file, out_file = tmp_path / "env", tmp_path / "out"
    env = {**os.environ, "GITHUB_ENV": str(env_file), "GITHUB_OUTPUT": str(out_file),
           "JAXLIB_VERSION_SUFFIX": SUFFIX}
    env.pop("SOURCE_DATE_EPOCH", None)
    proc = subprocess.run([sys.executable, str(REPO / "ci" / "nightly.py"), "stamp", "--github-env"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert f"JAXLIB_VERSION_SUFFIX={SUFFIX}" in env_file.read_text().splitlines()
    assert f"SOURCE_DATE_EPOCH={nightly._midnight_utc('20260101')}" in env_file.read_text().splitlines()
    assert f"version={V}" in out_file.read_text().splitlines()
    assert proc.stdout.splitlines()[0] == f"JAXLIB_VERSION_SUFFIX={SUFFIX}"


# --- cibuildwheel settings -----------------------------------------------------------------


def test_cibw_env_derives_from_the_matrix(matrix) -> None:
    stamp = {"JAXLIB_VERSION_SUFFIX": SUFFIX, "SOURCE_DATE_EPOCH": "1767225600", "GITHUB_SHA": "f" * 40}
    env = nightly.cibw_env(matrix, "linux-aarch64", "jaxlib", stamp)
    assert env["CIBW_BUILD"].split() == [f"cp{v.replace('.', '')}-*" for v in matrix.pythons]
    assert env["CIBW_ARCHS"] == "aarch64" and env["CIBW_MANYLINUX_AARCH64_IMAGE"] == "manylinux_2_28"
    assert f"JAXLIB_VERSION_SUFFIX={SUFFIX}" in env["CIBW_ENVIRONMENT_LINUX"]
    assert "SOURCE_DATE_EPOCH=1767225600" in env["CIBW_ENVIRONMENT_LINUX"]
    assert "JAXLIB_RUNTIME_BUILD_DIR=/project/build/runtime" in env["CIBW_ENVIRONMENT_LINUX"]
    repair = env["CIBW_REPAIR_WHEEL_COMMAND_LINUX"]
    assert "--plat manylinux_2_28_aarch64 --only-plat" in repair
    for ex in matrix.repair_exclude:
        assert ex in repair, f"repair must exclude {ex}"
    backend = nightly.cibw_env(matrix, "linux-x86_64", "jaxlib-cuda12", stamp)
    assert backend["CIBW_BUILD"] == f"cp{matrix.pythons[0].replace('.', '')}-*", "abi3 backends build once"
    assert nightly.cibw_env(matrix, "linux-x86_64", "jaxlib-tpu", stamp)["JAXLIB_PURE_WHEEL"] == "1"
    mac = nightly.cibw_env(matrix, "macos-arm64", "jaxlib-cpu", stamp)
    assert "MACOSX_DEPLOYMENT_TARGET=" in mac["CIBW_ENVIRONMENT_MACOS"] and mac["CIBW_ARCHS"] == "arm64"
    with pytest.raises(nightly.NightlyError, match="not built on"):
        nightly.cibw_env(matrix, "macos-arm64", "jaxlib-rocm", stamp)


# --- validation of a whole night -----------------------------------------------------------


@needs_cc
def test_a_complete_night_validates(tmp_path: Path, matrix) -> None:
    wheels = family(tmp_path, matrix)
    infos = nightly.build_infos_for(wheels)
    backends = [b for b in matrix.backends_for("linux-x86_64") if b.plugin]
    assert {w for w in infos} == {w.name for w in wheels if "abi3" in w.name}
    assert all(i["version"] == V for i in infos.values()), infos
    v = nightly.validate(wheels, V, matrix, build_infos=infos, run_abi3audit=False)
    assert v.ok, v.findings + v.incomplete
    assert len(infos) == len(backends)
    missing = [p for p in matrix.pythons if p != "3.12"]
    assert any("CPython" in n and all(p in n for p in missing) for n in v.notes), v.notes
    strict = nightly.validate(wheels, V, matrix, build_infos=infos, run_abi3audit=False, require_all_pythons=True)
    assert any("no jaxlib wheel for CPython" in f for f in strict.incomplete), strict.incomplete


@needs_cc
def test_a_backend_built_with_another_version_is_caught(tmp_path: Path, matrix) -> None:
    wheels = family(tmp_path, matrix, ext_versions={"cuda12": BASE + ".dev20251231"})
    v = nightly.validate(wheels, V, matrix, build_infos=nightly.build_infos_for(wheels), run_abi3audit=False)
    assert any("jaxlib_cuda12" in f and "compiled-in build version" in f and ".dev20251231" in f
               for f in v.findings), v.findings


@needs_cc
def test_a_plugin_carrying_another_version_is_caught(tmp_path: Path, matrix) -> None:
    """The attribute the run-time handshake reads (PJRT jaxlib_version) must be the wheel's."""
    wheels = family(tmp_path, matrix, plugin_versions={"cpu": BASE + ".dev20251231"})
    cpu = next(w for w in wheels if w.name.startswith("jaxlib_cpu-"))
    assert nightly.read_plugin_attributes(cpu, "jaxlib_cpu/pjrt_plugin_jaxlib_cpu.so") == {
        "jaxlib_version": BASE + ".dev20251231", "jaxlib_build_id": f"cpu-{BASE}.dev20251231"[:16]}
    v = nightly.validate(wheels, V, matrix, build_infos=nightly.build_infos_for(wheels), run_abi3audit=False)
    assert any("jaxlib_cpu" in f and "plugin attribute jaxlib_version" in f for f in v.findings), v.findings


@needs_cc
def test_an_incomplete_night_is_caught(tmp_path: Path, matrix) -> None:
    wheels = family(tmp_path, matrix, skip=("rocm",))
    v = nightly.validate(wheels, V, matrix, build_infos=nightly.build_infos_for(wheels), run_abi3audit=False)
    assert not v.ok and any("jaxlib-rocm is missing" in f for f in v.incomplete), v.incomplete


@needs_cc
def test_a_wheel_of_another_version_is_caught(tmp_path: Path, matrix) -> None:
    wheels = family(tmp_path, matrix)
    stray = write_wheel(tmp_path / "other", "jaxlib-tpu", BASE + ".dev20251231", requires=[f"jaxlib-cpu=={V}"])
    v = nightly.validate(wheels + [stray], V, matrix, build_infos=nightly.build_infos_for(wheels),
                         run_abi3audit=False)
    assert any("the night is " + V in f for f in v.findings), v.findings


@needs_cc
def test_run_validates_then_publishes_prebuilt_wheels(tmp_path: Path, matrix) -> None:
    wdir = tmp_path / "wheels"
    wheels = family(wdir, matrix)
    index = tmp_path / "index"
    env = {**os.environ, "JAXLIB_VERSION_SUFFIX": SUFFIX}
    env.pop("SOURCE_DATE_EPOCH", None)
    proc = subprocess.run([sys.executable, str(REPO / "ci" / "nightly.py"), "run", "--wheels", str(wdir),
                           "--index-dir", str(index), "--keep", "3", "--git-revision", "abc123"],
                          env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    manifest = json.loads((index / "nights" / V / "manifest.json").read_text())
    assert manifest["git_revision"] == "abc123" and manifest["source_date_epoch"] == nightly._midnight_utc("20260101")
    by_name = {f["filename"]: f for f in manifest["files"]}
    assert set(by_name) == {w.name for w in wheels}
    for w in wheels:
        if "abi3" in w.name:
            assert by_name[w.name]["build_info"]["version"] == V and by_name[w.name]["build_id"], by_name[w.name]


@needs_cc
def test_run_publishes_nothing_when_validation_fails(tmp_path: Path, matrix) -> None:
    wdir = tmp_path / "wheels"
    family(wdir, matrix, skip=("cuda13",))
    index = tmp_path / "index"
    proc = subprocess.run([sys.executable, str(REPO / "ci" / "nightly.py"), "run", "--wheels", str(wdir),
                           "--index-dir", str(index)], env={**os.environ, "JAXLIB_VERSION_SUFFIX": SUFFIX},
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "jaxlib-cuda13 is missing" in proc.stdout and "nothing published" in proc.stdout
    assert not (index / "current").exists()
