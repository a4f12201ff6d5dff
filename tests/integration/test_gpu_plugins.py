"""The GPU backend plugins (jaxlib-cuda12, jaxlib-cuda13, jaxlib-rocm) on a machine without
GPUs: each loads with dlopen, answers GetPjrtApi with our PJRT version and
PJRT_Plugin_Attributes with its build facts, depends on no CUDA/HIP library at load time,
exports only GetPjrtApi, and refuses PJRT_Client_Create with FAILED_PRECONDITION and a clear
"no GPU" message. Every plugin call runs in a subprocess, so a crash fails one test only.

Plugins are found as installed packages (importlib), else in the repository's wheelhouse/
(what `nox -s build_matrix` writes); a backend found in neither is skipped with the reason.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
VERSION = (REPO / "VERSION").read_text().strip()
_HEADER = (REPO / "runtime" / "pjrt_abi" / "pjrt_c_api.h").read_text()
PJRT_MINOR = int(re.search(r"#define PJRT_API_MINOR (\d+)", _HEADER).group(1))  # type: ignore[union-attr]
FAILED_PRECONDITION, INVALID_ARGUMENT = 9, 3

BACKENDS = {
    # backend: (package, distribution, toolkit, no-GPU message start)
    "cuda12": ("jaxlib_cuda12", "jaxlib-cuda12", "cuda=12", "no NVIDIA GPU"),
    "cuda13": ("jaxlib_cuda13", "jaxlib-cuda13", "cuda=13", "no NVIDIA GPU"),
    "rocm": ("jaxlib_rocm", "jaxlib-rocm", "hip=6", "no AMD GPU"),
}
# Libraries that must never be load-time dependencies (they are dlopened, if present at all).
FORBIDDEN_NEEDED = re.compile(
    r"lib(cuda|cudart|nvrtc|cublas|cublasLt|amdhip64|hiprtc|hipblas|hsa-runtime64)\b"
)
ALLOWED_NEEDED = {
    "libc.so.6",
    "libm.so.6",
    "libdl.so.2",
    "libpthread.so.0",
    "librt.so.1",
    "ld-linux-x86-64.so.2",
    "ld-linux-aarch64.so.1",
}

# Drives the plugin through raw ctypes (no jaxlib): offsets follow runtime/pjrt_abi/pjrt_c_api.h.
DRIVER = textwrap.dedent(r"""
    import ctypes, json, sys
    path, options = sys.argv[1], json.loads(sys.argv[2])
    lib = ctypes.CDLL(path, mode=ctypes.RTLD_LOCAL)
    lib.GetPjrtApi.restype = ctypes.c_void_p
    api = lib.GetPjrtApi()
    assert api and api == lib.GetPjrtApi(), "GetPjrtApi must return one static table"
    out = {"struct_size": ctypes.c_size_t.from_address(api).value,
           "major": ctypes.c_int.from_address(api + 32).value, "minor": ctypes.c_int.from_address(api + 36).value}
    FN = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p)
    def slot(i): return FN(ctypes.c_void_p.from_address(api + 40 + 8 * i).value)
    def args(size, fields=()):
        buf = (ctypes.c_ubyte * size)()
        ctypes.c_size_t.from_buffer(buf, 0).value = size
        for off, ctype, value in fields: ctype.from_buffer(buf, off).value = value
        return buf
    def error(err):
        if not err: return None
        m = args(40, [(16, ctypes.c_void_p, err)]); slot(1)(ctypes.addressof(m))
        text = ctypes.string_at(ctypes.c_void_p.from_buffer(m, 24).value, ctypes.c_size_t.from_buffer(m, 32).value)
        c = args(28, [(16, ctypes.c_void_p, err)]); slot(2)(ctypes.addressof(c))
        slot(0)(ctypes.addressof(args(24, [(16, ctypes.c_void_p, err)])))
        return {"code": ctypes.c_int.from_buffer(c, 24).value, "message": text.decode()}
    out["initialize"] = error(slot(3)(ctypes.addressof(args(16))))
    a = args(32); out["attributes_error"] = error(slot(4)(ctypes.addressof(a)))
    attrs, base = {}, ctypes.c_void_p.from_buffer(a, 16).value
    for i in range(ctypes.c_size_t.from_buffer(a, 24).value):
        nv = base + 56 * i
        name = ctypes.string_at(ctypes.c_void_p.from_address(nv + 16).value, ctypes.c_size_t.from_address(nv + 24).value).decode()
        kind, size = ctypes.c_int.from_address(nv + 32).value, ctypes.c_size_t.from_address(nv + 48).value
        if kind == 0: attrs[name] = ctypes.string_at(ctypes.c_void_p.from_address(nv + 40).value, size).decode()
        elif kind == 1: attrs[name] = ctypes.c_int64.from_address(nv + 40).value
        elif kind == 2: attrs[name] = list((ctypes.c_int64 * size).from_address(ctypes.c_void_p.from_address(nv + 40).value))
    out["attributes"] = attrs
    # Client options as PJRT_NamedValue[]: only strings are needed here.
    keep = []
    values = (ctypes.c_ubyte * (56 * max(1, len(options))))()
    for i, (name, text) in enumerate(options.items()):
        n, t = ctypes.create_string_buffer(name.encode()), ctypes.create_string_buffer(text.encode())
        keep += [n, t]
        for off, ctype, value in [(0, ctypes.c_size_t, 56), (16, ctypes.c_void_p, ctypes.addressof(n)),
                                  (24, ctypes.c_size_t, len(name)), (32, ctypes.c_int, 0),
                                  (40, ctypes.c_void_p, ctypes.addressof(t)), (48, ctypes.c_size_t, len(text))]:
            ctype.from_buffer(values, 56 * i + off).value = value
    create = args(88, [(16, ctypes.c_void_p, ctypes.addressof(values)), (24, ctypes.c_size_t, len(options))])
    out["client_create"] = error(slot(10)(ctypes.addressof(create)))
    client = out["client"] = ctypes.c_void_p.from_buffer(create, 64).value
    if client and not out["client_create"]:
        for key, index in (("platform_name", 12), ("platform_version", 14)):
            q = args(40, [(16, ctypes.c_void_p, client)])
            out[key + "_error"] = error(slot(index)(ctypes.addressof(q)))
            out[key] = ctypes.string_at(ctypes.c_void_p.from_buffer(q, 24).value,
                                        ctypes.c_size_t.from_buffer(q, 32).value).decode()
        q = args(40, [(16, ctypes.c_void_p, client)])
        out["devices_error"] = error(slot(15)(ctypes.addressof(q)))
        out["num_devices"] = ctypes.c_size_t.from_buffer(q, 32).value
        out["destroy"] = error(slot(11)(ctypes.addressof(args(24, [(16, ctypes.c_void_p, client)]))))
    print(json.dumps(out))
""")


def _from_wheelhouse(backend: str, dest: Path) -> Path | None:
    package, dist, _, _ = BACKENDS[backend]
    wheelhouse = Path(os.environ.get("JAXLIB_WHEELHOUSE", REPO / "wheelhouse"))
    # VERSION may carry a .devN/rcN suffix in nightlies.
    wheels = sorted(wheelhouse.glob(f"{dist.replace('-', '_')}-{VERSION}*.whl"))
    if not wheels:
        return None
    with zipfile.ZipFile(wheels[-1]) as zf:
        zf.extractall(dest)
    return dest


@pytest.fixture(scope="module", params=list(BACKENDS))
def plugin(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    """The backend's package dir, plugin path, and the PYTHONPATH that makes the package importable."""
    backend = request.param
    package = BACKENDS[backend][0]
    spec = importlib.util.find_spec(package)
    if spec is not None and spec.submodule_search_locations:
        pkg_dir, pythonpath = Path(next(iter(spec.submodule_search_locations))), ""
    else:
        site = _from_wheelhouse(backend, tmp_path_factory.mktemp(f"{backend}_site"))
        if site is None:
            pytest.skip(f"{BACKENDS[backend][1]} is neither installed nor in wheelhouse/ (build it first)")
        pkg_dir, pythonpath = site / package, str(site)
    path = pkg_dir / f"pjrt_plugin_jaxlib_{backend}.so"
    assert path.is_file(), f"{package} is present but has no plugin at {path}"
    return {"backend": backend, "path": path, "package": package, "pythonpath": pythonpath}


def _run(
    code: list[str], plugin: dict[str, object], extra_env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, **(extra_env or {}))
    if plugin["pythonpath"]:
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(plugin["pythonpath"]), env.get("PYTHONPATH", "")) if p
        )
    return subprocess.run([sys.executable, *code], capture_output=True, text=True, timeout=120, env=env)


def _drive(
    plugin: dict[str, object], options: dict[str, str] | None = None, env: dict[str, str] | None = None
) -> dict:
    proc = _run(["-c", DRIVER, str(plugin["path"]), json.dumps(options or {})], plugin, env)
    assert proc.returncode == 0, f"driving {plugin['path']} crashed ({proc.returncode}):\n{proc.stderr}"
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def driven(plugin: dict[str, object]) -> dict:
    return _drive(plugin)


def test_get_pjrt_api_reports_our_version(driven: dict) -> None:
    assert (driven["major"], driven["minor"]) == (0, PJRT_MINOR), (
        f"expected PJRT API 0.{PJRT_MINOR}, got {driven}"
    )
    assert driven["struct_size"] >= 40 + 8 * 118, f"table too small for 0.81: {driven['struct_size']}"
    assert driven["initialize"] is None and driven["attributes_error"] is None, driven


def test_attributes_carry_build_facts(plugin: dict[str, object], driven: dict) -> None:
    attrs = driven["attributes"]
    _, _, toolkit, _ = BACKENDS[str(plugin["backend"])]
    assert "xla_version" in attrs, f"attribute xla_version missing: {sorted(attrs)}"
    # The GPU plugins compile with the shared compiler: they report the StableHLO versions it reads.
    for key in ("stablehlo_current_version", "stablehlo_minimum_version"):
        assert isinstance(attrs.get(key), list) and len(attrs[key]) == 3, f"{key}: {attrs.get(key)}"
    assert attrs["stablehlo_minimum_version"] <= attrs["stablehlo_current_version"], attrs
    assert attrs.get("jaxlib_version", "").startswith(VERSION), attrs
    assert attrs.get("jaxlib_backend") == plugin["backend"], attrs
    assert attrs.get("jaxlib_toolkit") == toolkit, attrs
    assert re.fullmatch(r"[0-9a-f]{16}", attrs.get("jaxlib_build_id", "")), attrs
    # The same facts from the wheel's limited-API `_ext`, without loading the plugin.
    proc = _run(["-c", f"import json, {plugin['package']} as p; print(json.dumps(p.build_info()))"], plugin)
    assert proc.returncode == 0, proc.stderr
    ext = json.loads(proc.stdout)
    assert (ext["version"], ext["build_id"], ext["backend"], ext["toolkit"]) == (
        attrs["jaxlib_version"],
        attrs["jaxlib_build_id"],
        attrs["jaxlib_backend"],
        attrs["jaxlib_toolkit"],
    )
    assert ext["pjrt_api_version"] == [0, PJRT_MINOR]


def test_no_gpu_library_is_a_load_time_dependency(plugin: dict[str, object]) -> None:
    readelf = shutil.which("readelf")
    if readelf is None:
        pytest.skip("readelf (binutils) not installed")
    dyn = subprocess.run(
        [readelf, "-d", str(plugin["path"])], capture_output=True, text=True, check=True
    ).stdout
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dyn)
    assert not [n for n in needed if FORBIDDEN_NEEDED.search(n)], f"GPU libraries in NEEDED: {needed}"
    assert set(needed) <= ALLOWED_NEEDED, (
        f"unexpected load-time dependencies: {sorted(set(needed) - ALLOWED_NEEDED)}"
    )
    assert "RPATH" not in dyn and "RUNPATH" not in dyn, (
        "plugins carry no RPATH: GPU libraries are found at run time"
    )


def test_exports_only_get_pjrt_api(plugin: dict[str, object]) -> None:
    nm = shutil.which("nm")
    if nm is None:
        pytest.skip("nm (binutils) not installed")
    out = subprocess.run(
        [nm, "-D", "--defined-only", str(plugin["path"])], capture_output=True, text=True, check=True
    )
    symbols = {line.split()[-1] for line in out.stdout.splitlines() if line.strip()}
    assert symbols - {"VERS_1.0"} == {"GetPjrtApi@@VERS_1.0"}, f"exported: {sorted(symbols)}"


def test_client_create_fails_clearly_without_gpu(plugin: dict[str, object], driven: dict) -> None:
    _, _, _, no_gpu = BACKENDS[str(plugin["backend"])]
    err = driven["client_create"]
    if err is None:
        pytest.skip(f"a {plugin['backend']} GPU is usable on this machine")
    assert err["code"] == FAILED_PRECONDITION, f"expected FAILED_PRECONDITION, got {err}"
    assert err["message"].startswith(no_gpu), err["message"]
    assert "JAX_PLATFORMS=cpu" in err["message"], (
        f"the message should say how to avoid the GPU backend: {err}"
    )
    assert driven["client"] in (None, 0), "no client may be returned with an error"


def test_cuda_message_names_the_missing_driver(plugin: dict[str, object], driven: dict) -> None:
    if not str(plugin["backend"]).startswith("cuda"):
        pytest.skip("CUDA only")
    probe = subprocess.run(
        [sys.executable, "-c", "import ctypes; ctypes.CDLL('libcuda.so.1')"], capture_output=True
    )
    if probe.returncode == 0:
        pytest.skip("an NVIDIA driver is installed here")
    message = driven["client_create"]["message"]
    assert message.startswith("no NVIDIA GPU/driver found: libcuda.so.1 could not be loaded ("), message
    assert "Install an NVIDIA driver, or use the CPU backend (JAX_PLATFORMS=cpu)" in message, message


def test_bad_options_are_rejected_before_the_device_probe(plugin: dict[str, object]) -> None:
    bad = _drive(plugin, {"allocator": "bogus"})["client_create"]
    assert bad is not None and bad["code"] == INVALID_ARGUMENT, bad
    assert "allocator must be one of" in bad["message"], bad
    unknown = _drive(plugin, {"no_such_option": "x"})["client_create"]
    assert unknown is not None and unknown["code"] == INVALID_ARGUMENT, unknown
    assert "no_such_option" in unknown["message"], unknown


def test_cuda_package_finds_nvidia_wheel_dirs(plugin: dict[str, object], tmp_path: Path) -> None:
    backend = str(plugin["backend"])
    if not backend.startswith("cuda"):
        pytest.skip("CUDA only")
    layout = ["nvidia/cuda_nvrtc/lib", "nvidia/cublas/lib"] if backend == "cuda12" else ["nvidia/cu13/lib"]
    site_a, site_b = tmp_path / "a", tmp_path / "b"
    (site_a / layout[0]).mkdir(parents=True)
    for sub in layout[1:]:
        (site_b / sub).mkdir(parents=True)
    code = (
        f"import json, {plugin['package']} as p; "
        f"print(json.dumps([p.nvidia_library_dirs([{str(site_a)!r}, '', {str(site_b)!r}]), p.CUDA_MAJOR, p.DISTRIBUTION]))"
    )
    proc = _run(["-c", code], plugin)
    assert proc.returncode == 0, proc.stderr
    dirs, major, dist = json.loads(proc.stdout)
    assert dirs == [str(site_a / layout[0])] + [str(site_b / s) for s in layout[1:]], dirs
    assert (major, dist) == (int(backend[4:]), f"jaxlib-{backend}")


# ---------------------------------------------------------------------------------------------
# The emulated CUDA driver and cuBLAS of tests/gpu_emulation (built here with g++): the CUDA
# backend's probe past cuInit, its library search (NVRTC from NVIDIA's wheel via the
# cuda_library_dirs option) and the platform_version report, on a machine without a GPU.


@pytest.fixture(scope="module")
def fake_cuda(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    if shutil.which("g++") is None:
        pytest.skip("no C++ compiler to build the emulated CUDA driver")
    sys.path.insert(0, str(REPO / "ci"))
    import gpu_emulated

    root = gpu_emulated.build_emulators(tmp_path_factory.mktemp("emulators"))
    return {"driver": root / "cuda", "cublas": root / "cuda"}


def _nvrtc_dir(major: int) -> Path | None:
    parts, lib = (
        (("cuda_nvrtc", "lib"), "libnvrtc.so.12")
        if major == 12
        else ((f"cu{major}", "lib"), f"libnvrtc.so.{major}")
    )
    for entry in sys.path:
        candidate = Path(entry or ".", "nvidia", *parts)
        if (candidate / lib).is_file():
            return candidate
    return None


def _fake_env(fake_cuda: dict[str, Path], major: int, mode: int) -> dict[str, str]:
    # mode 0: cuInit finds no device; 1: the driver reports 0 devices; 2: two devices.
    return {
        "LD_LIBRARY_PATH": str(fake_cuda["driver"]),
        "JAXLIB_EMULATED_GPUS": {0: "-1", 1: "0", 2: "2"}[mode],
        "JAXLIB_EMULATED_CUDA_VERSION": str(major * 1000 + 90),
        "JAXLIB_CUDA_LIBRARY_DIRS": "",
    }


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        (
            0,
            "no NVIDIA GPU/driver found: cuInit failed: CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected)",
        ),
        (1, "no NVIDIA GPU found: the driver ("),
    ],
)
def test_cuda_probe_with_fake_driver_without_devices(
    plugin: dict[str, object], fake_cuda: dict[str, Path], mode: int, expected: str
) -> None:
    backend = str(plugin["backend"])
    if not backend.startswith("cuda"):
        pytest.skip("CUDA only")
    err = _drive(plugin, env=_fake_env(fake_cuda, int(backend[4:]), mode))["client_create"]
    assert err is not None and err["code"] == FAILED_PRECONDITION, err
    assert err["message"].startswith(expected), err["message"]
    assert str(fake_cuda["driver"] / "libcuda.so.1") in err["message"], (
        "the message should name the driver used"
    )


def test_cuda_client_with_fake_driver_reports_what_it_loaded(
    plugin: dict[str, object], fake_cuda: dict[str, Path], tmp_path: Path
) -> None:
    backend = str(plugin["backend"])
    if not backend.startswith("cuda"):
        pytest.skip("CUDA only")
    major = int(backend[4:])
    nvrtc = _nvrtc_dir(major)
    env = _fake_env(fake_cuda, major, 2)
    options = {"kernel_cache_dir": str(tmp_path / "kernels")}
    if nvrtc is None:
        err = _drive(plugin, {"cuda_library_dirs": str(fake_cuda["cublas"])}, env=env)["client_create"]
        assert err is not None and err["code"] == FAILED_PRECONDITION, err
        assert f"libnvrtc.so.{major}" in err["message"] and "pip install" in err["message"], err["message"]
        pytest.skip(f"NVRTC {major} is not installed: only the missing-NVRTC message was checked")
    options["cuda_library_dirs"] = f"{nvrtc}:{fake_cuda['cublas']}"
    out = _drive(plugin, options, env=env)
    assert out["client_create"] is None and out["client"], out
    assert out["platform_name"] == "cuda" and out["num_devices"] == 2, out
    version = out["platform_version"]
    for fact in (
        f"cuda {major}",
        f"driver {major}.9 ({fake_cuda['driver'] / 'libcuda.so.1'})",
        f"NVRTC {major}.",
        f"({nvrtc / f'libnvrtc.so.{major}'})",
        f"cuBLAS {major}.9.1 ({fake_cuda['cublas'] / f'libcublas.so.{major}'})",
    ):
        assert fact in version, f"platform_version should contain {fact!r}: {version!r}"
    assert out["destroy"] is None, out


def test_cuda_driver_too_old_for_the_variant(plugin: dict[str, object], fake_cuda: dict[str, Path]) -> None:
    backend = str(plugin["backend"])
    if backend != "cuda13":
        pytest.skip("needs the CUDA 13 variant")
    env = dict(_fake_env(fake_cuda, 13, 2), JAXLIB_EMULATED_CUDA_VERSION="12040")
    err = _drive(plugin, env=env)["client_create"]
    assert err is not None and err["code"] == FAILED_PRECONDITION, err
    assert "supports CUDA up to 12.4" in err["message"] and "jaxlib-cuda13" in err["message"], err["message"]


def test_cuda_plugin_finds_nvidia_wheels_next_to_itself(
    plugin: dict[str, object], fake_cuda: dict[str, Path], tmp_path: Path
) -> None:
    """No option, no env: the plugin derives <site-packages>/nvidia/... from its own path (dladdr),
    which is what a foreign PJRT host loading it without our Python package relies on."""
    backend = str(plugin["backend"])
    if not backend.startswith("cuda"):
        pytest.skip("CUDA only")
    major = int(backend[4:])
    nvrtc = _nvrtc_dir(major)
    if nvrtc is None:
        pytest.skip(f"NVRTC {major} is not installed")
    site = tmp_path / "site"
    (site / str(plugin["package"])).mkdir(parents=True)
    copy = site / str(plugin["package"]) / Path(str(plugin["path"])).name
    shutil.copy(str(plugin["path"]), copy)
    env = _fake_env(fake_cuda, major, 2)
    if major == 12:
        (site / "nvidia" / "cuda_nvrtc").mkdir(parents=True)
        (site / "nvidia" / "cuda_nvrtc" / "lib").symlink_to(nvrtc)
        (site / "nvidia" / "cublas").mkdir(parents=True)
        (site / "nvidia" / "cublas" / "lib").symlink_to(fake_cuda["cublas"])
    else:
        lib = site / "nvidia" / f"cu{major}" / "lib"
        lib.mkdir(parents=True)
        (lib / f"libnvrtc.so.{major}").symlink_to(nvrtc / f"libnvrtc.so.{major}")
        (lib / f"libcublas.so.{major}").symlink_to(fake_cuda["cublas"] / f"libcublas.so.{major}")
    out = _drive(dict(plugin, path=copy), {"kernel_cache_dir": ""}, env=env)
    assert out["client_create"] is None, out
    assert str(site / "nvidia") in out["platform_version"], out["platform_version"]
