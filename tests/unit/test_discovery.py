"""Plugin discovery, the version handshake, PJRT API version checks and JAX_PLATFORMS
selection, driven with a tiny fake PJRT plugin built here with cc (configurable API version,
`jaxlib_version` attribute, and a Client_Create that fails with the plugin's own message).

Each scenario runs in a subprocess: registration state is per process.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import jaxlib
import pytest

REPO = Path(__file__).resolve().parents[2]

FAKE_PLUGIN_C = r"""
/* A minimal PJRT plugin for host tests: answers only the bootstrap calls. */
#include <string.h>
#include "runtime/pjrt_abi/pjrt_c_api.h"

struct PJRT_Error { PJRT_Error_Code code; const char* message; };
static struct PJRT_Error kCreateFails = {PJRT_Error_Code_UNAVAILABLE, "fake plugin: no devices on this machine"};
static int initialize_calls = 0;

static void ErrorDestroy(PJRT_Error_Destroy_Args* a) { (void)a; }
static void ErrorMessage(PJRT_Error_Message_Args* a) {
  a->message = a->error->message;
  a->message_size = strlen(a->error->message);
}
static PJRT_Error* ErrorGetCode(PJRT_Error_GetCode_Args* a) { a->code = a->error->code; return NULL; }
static PJRT_Error* Initialize(PJRT_Plugin_Initialize_Args* a) { (void)a; ++initialize_calls; return NULL; }
static PJRT_NamedValue kAttrs[1];
static PJRT_Error* Attributes(PJRT_Plugin_Attributes_Args* a) {
  memset(kAttrs, 0, sizeof(kAttrs));
  kAttrs[0].struct_size = PJRT_NamedValue_STRUCT_SIZE;
  kAttrs[0].name = "jaxlib_version";
  kAttrs[0].name_size = strlen("jaxlib_version");
  kAttrs[0].type = PJRT_NamedValue_kString;
  kAttrs[0].string_value = FAKE_VERSION;
  kAttrs[0].value_size = strlen(FAKE_VERSION);
  a->attributes = kAttrs;
  a->num_attributes = 1;
  return NULL;
}
static PJRT_Error* ClientCreate(PJRT_Client_Create_Args* a) { (void)a; return &kCreateFails; }

static PJRT_Api api;
const PJRT_Api* GetPjrtApi(void) {
  api.struct_size = PJRT_Api_STRUCT_SIZE;
  api.pjrt_api_version.struct_size = PJRT_Api_Version_STRUCT_SIZE;
  api.pjrt_api_version.major_version = FAKE_MAJOR;
  api.pjrt_api_version.minor_version = FAKE_MINOR;
  api.PJRT_Error_Destroy = ErrorDestroy;
  api.PJRT_Error_Message = ErrorMessage;
  api.PJRT_Error_GetCode = ErrorGetCode;
  api.PJRT_Plugin_Initialize = Initialize;
  api.PJRT_Plugin_Attributes = Attributes;
  api.PJRT_Client_Create = ClientCreate;
  return &api;
}
"""


def build_fake_plugin(out_dir: Path, *, major: int = 0, minor: int = 81, version: str | None = None) -> Path:
    """Compiles the fake plugin reporting PJRT API `major.minor` and `jaxlib_version`."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler to build the fake plugin")
    if not (REPO / "runtime" / "pjrt_abi" / "pjrt_c_api.h").exists():
        pytest.skip("runtime/pjrt_abi/pjrt_c_api.h is not present")
    version = jaxlib.__version__ if version is None else version
    src = out_dir / "fake_plugin.c"
    src.write_text(FAKE_PLUGIN_C)
    lib = out_dir / f"fake_pjrt_{major}_{minor}_{abs(hash(version))}.so"
    subprocess.run(
        [cc, "-shared", "-fPIC", "-O0", f"-I{REPO}", f"-DFAKE_MAJOR={major}", f"-DFAKE_MINOR={minor}",
         f'-DFAKE_VERSION="{version}"', "-o", str(lib), str(src)],
        check=True,
    )
    return lib


def run_python(code: str, *, env: dict[str, str] | None = None, pythonpath: Path | None = None) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if k not in ("JAX_PLATFORMS", "JAXLIB_SKIP_VERSION_CHECK")}
    if pythonpath is not None:
        full_env["PYTHONPATH"] = os.pathsep.join(p for p in (str(pythonpath), full_env.get("PYTHONPATH", "")) if p)
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120, env=full_env, check=False
    )


def assert_clean(proc: subprocess.CompletedProcess[str], *expected: str) -> None:
    assert proc.returncode == 0, f"subprocess died (rc={proc.returncode}); stderr:\n{proc.stderr[-3000:]}"
    for marker in expected:
        assert marker in proc.stdout, f"expected {marker!r} in output:\n{proc.stdout}\nstderr:\n{proc.stderr[-2000:]}"


LOAD = """
from jaxlib import plugin_support, xla_client
try:
    api = plugin_support.load_pjrt_plugin_dynamically("fake", {path!r})
    print("LOADED", api.api_version, plugin_support.pjrt_plugin_loaded("fake"), api.initialized)
except xla_client.XlaRuntimeError as e:
    print("RAISED", type(e).__name__, e)
"""


@pytest.mark.parametrize(
    ("major", "minor", "expected"),
    [
        (0, 81, "LOADED (0, 81) True False"),
        (0, 57, "LOADED (0, 57) True False"),
        (1, 81, "RAISED XlaRuntimeError FAILED_PRECONDITION: PJRT plugin"),
        (0, 56, "RAISED XlaRuntimeError FAILED_PRECONDITION: PJRT plugin"),
    ],
)
def test_pjrt_api_version_gate(tmp_path: Path, major: int, minor: int, expected: str) -> None:
    lib = build_fake_plugin(tmp_path, major=major, minor=minor)
    proc = run_python(LOAD.format(path=str(lib)))
    assert_clean(proc, expected)
    if major != 0:
        assert f"has PJRT C API version {major}.{minor}, but this jaxlib supports major version 0 only" in proc.stdout
    elif minor < 57:
        assert "older than the oldest supported version 0.57" in proc.stdout


def test_version_skew_in_plugin_attribute_is_one_error_with_the_fix(tmp_path: Path) -> None:
    lib = build_fake_plugin(tmp_path, version="9.9.9")
    code = (
        "from jaxlib import plugin_support\n"
        f"plugin_support.register_plugin('fake', priority=1, library_path={str(lib)!r}, distribution='jaxlib-fake')\n"
        + LOAD.format(path=str(lib))
    )
    proc = run_python(code)
    v = jaxlib.__version__
    assert_clean(proc, "RAISED PluginVersionError FAILED_PRECONDITION:", f"jaxlib {v}", "9.9.9", f'pip install "jaxlib=={v}" "jaxlib-fake=={v}"')
    skipped = run_python(code, env={"JAXLIB_SKIP_VERSION_CHECK": "1"})
    assert_clean(skipped, "LOADED (0, 81) True False")


def test_version_skew_in_build_info_is_caught_before_dlopen(tmp_path: Path) -> None:
    proc = run_python(
        f"""
        from jaxlib import plugin_support, xla_client
        plugin_support.register_plugin("fake", priority=1, library_path={str(tmp_path / "never_opened.so")!r},
                                       build_info={{"version": "0.0.1"}}, distribution="jaxlib-cpu")
        try:
            xla_client.make_c_api_client("fake")
        except plugin_support.PluginVersionError as e:
            print("RAISED", e)
        print("LOADED", plugin_support.pjrt_plugin_loaded("fake"))
        """
    )
    v = jaxlib.__version__
    # The library does not even exist: the handshake must fail first, without touching it.
    assert_clean(proc, "RAISED FAILED_PRECONDITION", "0.0.1", f'pip install "jaxlib=={v}" "jaxlib-cpu=={v}"', "LOADED False")
    assert "NOT_FOUND" not in proc.stdout


def test_check_plugin_version_compares_full_strings() -> None:
    proc = run_python(
        """
        import warnings
        from jaxlib import plugin_support
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            print("SAME", plugin_support.check_plugin_version("x", "0.1.0.dev20260101", "0.1.0.dev20260101"))
            print("DEV", plugin_support.check_plugin_version("x", "0.1.0.dev20260101", "0.1.0.dev20260102"))
            print("WARNED", len(w))
        """
    )
    assert_clean(proc, "SAME True", "DEV False", "WARNED 1")


def _write_namespace_plugins(root: Path, fake_lib: Path) -> None:
    pkg = root / "jax_plugins"
    (pkg / "fakeplug").mkdir(parents=True)
    (pkg / "fakeplug" / "__init__.py").write_text(
        "from jaxlib import plugin_support\n"
        "def initialize():\n"
        f"    plugin_support.register_plugin('fake', priority=900, library_path={str(fake_lib)!r})\n"
    )
    (pkg / "brokenplug").mkdir()
    (pkg / "brokenplug" / "__init__.py").write_text("def initialize():\n    raise RuntimeError('broken on purpose')\n")


def test_namespace_discovery_registers_without_loading(tmp_path: Path) -> None:
    lib = build_fake_plugin(tmp_path)
    _write_namespace_plugins(tmp_path / "site", lib)
    proc = run_python(
        """
        import warnings
        from jaxlib import plugin_support
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            regs = plugin_support.registrations()
            plugin_support.discover_plugins()
            failures = plugin_support.discovery_failures()
        fake = regs["fake"]
        print("REGISTERED", fake.priority, fake.module)
        print("LOADED", plugin_support.pjrt_plugin_loaded("fake"))
        print("FAILURES", [(f.module, f.reason) for f in failures])
        print("WARNINGS", sum("brokenplug" in str(x.message) for x in w))
        """,
        pythonpath=tmp_path / "site",
    )
    assert_clean(
        proc,
        "REGISTERED 900 jax_plugins.fakeplug",
        "LOADED False",
        "('jax_plugins.brokenplug', 'RuntimeError: broken on purpose')",
        "WARNINGS 1",
    )


def test_named_backend_failure_is_an_error_with_the_plugin_message(tmp_path: Path) -> None:
    lib = build_fake_plugin(tmp_path)
    _write_namespace_plugins(tmp_path / "site", lib)
    proc = run_python(
        """
        from jaxlib import plugin_support, xla_client
        try:
            plugin_support.select_backend()
        except xla_client.XlaRuntimeError as e:
            print("RAISED", e)
        """,
        env={"JAX_PLATFORMS": "fake"},
        pythonpath=tmp_path / "site",
    )
    assert_clean(
        proc,
        "RAISED UNAVAILABLE: Unable to initialize backend 'fake' (requested by JAX_PLATFORMS='fake'): "
        "fake plugin: no devices on this machine",
    )


def test_unset_platforms_falls_through_loudly(tmp_path: Path) -> None:
    import importlib.util

    if importlib.util.find_spec("lammps_jax_pjrt_cpu") is None:
        pytest.skip("lammps-jax-pjrt-cpu (XLA's CPU plugin) is not installed")
    import lammps_jax_pjrt_cpu

    lib = build_fake_plugin(tmp_path)
    site = tmp_path / "site"
    _write_namespace_plugins(site, lib)
    (site / "jax_plugins" / "xlaplug").mkdir()
    (site / "jax_plugins" / "xlaplug" / "__init__.py").write_text(
        "from jaxlib import plugin_support\n"
        "def initialize():\n"
        f"    plugin_support.register_plugin('xla_cpu', priority=800, library_path={str(lammps_jax_pjrt_cpu.PLUGIN_PATH)!r})\n"
    )
    proc = run_python(
        """
        import warnings
        from jaxlib import plugin_support
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            name, client = plugin_support.select_backend()
            name2, _ = plugin_support.select_backend()
        print("CHOSE", name, name2, client.platform)
        print("FAILED", plugin_support.backend_failures())
        print("REPORTS", sum("Backend 'fake' failed" in str(x.message) for x in w))
        """,
        pythonpath=site,
    )
    assert_clean(proc, "CHOSE xla_cpu xla_cpu cpu", "fake plugin: no devices on this machine", "REPORTS 1")


def test_doctor_json_reports_backends(tmp_path: Path) -> None:
    lib = build_fake_plugin(tmp_path)
    _write_namespace_plugins(tmp_path / "site", lib)
    env = {k: v for k, v in os.environ.items() if k != "JAX_PLATFORMS"}
    env["PYTHONPATH"] = str(tmp_path / "site")
    proc = subprocess.run([sys.executable, "-m", "jaxlib", "--json"], capture_output=True, text=True, timeout=120, env=env, check=False)
    assert proc.returncode == 1, f"a failing backend must make the doctor exit 1; stderr:\n{proc.stderr[-2000:]}"
    report = json.loads(proc.stdout)
    assert report["jaxlib"]["version"] == jaxlib.__version__
    assert report["jaxlib"]["extension"] == "ok"
    fake = next(b for b in report["backends"] if b["name"] == "fake")
    assert fake["status"] == "failed" and "fake plugin: no devices on this machine" in fake["error"]
    assert fake["pjrt_c_api_version"] == "0.81" and fake["library_path"] == str(lib)
    assert any(f["module"] == "jax_plugins.brokenplug" for f in report["discovery_failures"])
    text = subprocess.run([sys.executable, "-m", "jaxlib"], capture_output=True, text=True, timeout=120, env=env, check=False)
    assert "FAILED: " in text.stdout and "PROBLEMS FOUND" in text.stdout, text.stdout
