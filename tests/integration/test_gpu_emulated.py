"""The GPU plugins running programs on emulated drivers (no GPU here or in CI).

tests/gpu_emulation builds an emulated libcuda.so.1 + cuBLAS and libamdhip64 + hipBLAS: device
memory in host memory (new allocations poisoned), streams that run their work at
synchronisation, and launches that run the module's own embedded source built for the host with
g++. The plugins compile every generated module with the real NVRTC (NVIDIA's wheels) or hipRTC
(the system's), so the kernels' syntax and types are checked by the vendor compilers and their
arithmetic by the corpus comparisons. This file runs a cross-section of the corpus
(ci/gpu_emulated.py SUBSET); `nox -s gpu_emulated` runs all of it.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "ci"))
import gpu_emulated  # noqa: E402

BACKENDS = {"cuda12": "jaxlib_cuda12", "cuda13": "jaxlib_cuda13", "rocm": "jaxlib_rocm"}

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("jaxlib") is None or shutil.which("g++") is None,
    reason="needs our jaxlib and g++ (the emulated drivers are built here)",
)


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("gpu_emulated")
    gpu_emulated.build_emulators(out / "emulators")
    return out


def _env(backend: str, work: Path, **extra: str) -> dict[str, str]:
    if importlib.util.find_spec(BACKENDS[backend]) is None:
        pytest.skip(f"{BACKENDS[backend]} is not installed")
    env = gpu_emulated.backend_env(backend, work / "emulators", work / f"{backend}.counts", work / "cache")
    if isinstance(env, str):
        pytest.skip(env)
    env.update(extra)
    return env


def _counts(path: Path) -> dict[str, int]:
    total = {"generated": 0, "vendor": 0, "host": 0}
    for line in path.read_text().splitlines() if path.exists() else []:
        for kv in line.split():
            k, _, v = kv.partition("=")
            total[k] += int(v)
    return total


@pytest.mark.parametrize("backend", list(BACKENDS))
def test_corpus_subset_passes_on_emulated_gpu(backend: str, work: Path) -> None:
    env = _env(backend, work)
    (work / f"{backend}.counts").unlink(missing_ok=True)
    done = gpu_emulated.run_backend(backend, gpu_emulated.SUBSET, env, work)
    failed = sorted(n for n, ok in done.items() if not ok)
    assert not failed, f"{backend}: programs whose outputs differ from XLA's (see stdout): {failed}"
    counts = _counts(work / f"{backend}.counts")
    # The subset holds one host-fallback op family (sort), a GEMM and many generated kernels.
    assert counts["generated"] > 5 * counts["host"] > 0, counts
    assert counts["vendor"] >= 2, f"dot_general_f32 and the MLP should reach cuBLAS/hipBLAS: {counts}"


TRACE = textwrap.dedent(r"""
    import sys
    sys.path.insert(0, sys.argv[2])
    import gpu_emulated
    sys.path.insert(0, sys.argv[3])
    r = gpu_emulated.run_case(sys.argv[1], "sort_basic", {})
    print(r["forms"])
""")


def test_trace_reports_the_path_of_every_op(work: Path) -> None:
    env = _env("cuda12", work, JAXLIB_GPU_TRACE="1")
    proc = subprocess.run([sys.executable, "-c", TRACE, "cuda12", str(REPO / "ci"), str(REPO / "tests" / "corpus")],
                          env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "'text': 'ok'" in proc.stdout, proc.stdout
    lines = [line for line in proc.stderr.splitlines() if line.startswith("jaxlib-gpu: ")]
    assert any("stablehlo.sort" in line and "host fallback (" in line for line in lines), lines
    assert any("generated kernel jx_k" in line for line in lines), lines


def _nvrtc(major: int) -> ctypes.CDLL | None:
    d = gpu_emulated.nvrtc_dir(major)
    return ctypes.CDLL(str(d / f"libnvrtc.so.{major}")) if d else None


def _nvrtc_compile(lib: ctypes.CDLL, source: bytes, option: bytes) -> tuple[int, str]:
    prog = ctypes.c_void_p()
    assert lib.nvrtcCreateProgram(ctypes.byref(prog), source, b"k.cu", 0, None, None) == 0
    opts = (ctypes.c_char_p * 4)(b"--std=c++17", b"--fmad=false", b"--ftz=true", option)
    rc = lib.nvrtcCompileProgram(prog, 4, opts)
    size = ctypes.c_size_t()
    lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
    log = ctypes.create_string_buffer(size.value)
    lib.nvrtcGetProgramLog(prog, log)
    if rc == 0 and option.startswith(b"--gpu-architecture=sm_"):
        lib.nvrtcGetCUBINSize(prog, ctypes.byref(size))
        cubin = ctypes.create_string_buffer(size.value)
        assert lib.nvrtcGetCUBIN(prog, cubin) == 0
        assert cubin.raw[:4] == b"\x7fELF", "a cubin is an ELF image"
    lib.nvrtcDestroyProgram(ctypes.byref(prog))
    return rc, log.value.decode(errors="replace")


def test_generated_modules_compile_to_cubin_with_nvrtc(work: Path) -> None:
    """The plugin loads PTX; the same modules must also compile to sm_90 cubin and for every CUDA."""
    dump = work / "dump"
    dump.mkdir(exist_ok=True)
    env = _env("cuda12", work, JAXLIB_GPU_DUMP_SOURCE=str(dump))
    gpu_emulated.run_backend("cuda12", gpu_emulated.SUBSET[:8], env, work)
    sources = sorted(dump.glob("*.cu"))
    assert sources, "JAXLIB_GPU_DUMP_SOURCE wrote no module"
    checked = 0
    for major in (12, 13):
        lib = _nvrtc(major)
        if lib is None:
            continue
        for src in sources:
            text = src.read_bytes()
            assert b"jaxlib_kernel_source" in text, "every module carries its own source"
            for option in (b"--gpu-architecture=sm_90", b"--gpu-architecture=compute_80"):
                rc, log = _nvrtc_compile(lib, text, option)
                assert rc == 0, f"NVRTC {major} {option.decode()} rejected {src.name}:\n{log}"
                checked += 1
    if not checked:
        pytest.skip("no NVRTC installed")


def test_gpu_backend_is_selected_only_when_it_can_run(work: Path) -> None:
    """With an (emulated) GPU the CUDA plugin wins selection and runs a program; with a driver
    that sees no device, selection falls back to the CPU and reports why."""
    code = textwrap.dedent("""
        import numpy as np
        from jaxlib import plugin_support
        name, client = plugin_support.select_backend()
        exe = client.compile_and_load(
            "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {"
            " %0 = stablehlo.multiply %a, %a : tensor<4xf32> func.return %0 : tensor<4xf32> }",
            client.devices()[:1])
        out = np.asarray(exe.execute([client.buffer_from_pyval(np.arange(4, dtype=np.float32))])[0])
        print(name, out.tolist(), plugin_support.backend_failures().get("cuda", "")[:60])
    """)
    env = _env("cuda12", work)
    env.pop("JAX_PLATFORMS", None)
    # Both CUDA wheels register "cuda" (the first discovered wins): give either its NVRTC.
    dirs = [str(d) for d in (gpu_emulated.nvrtc_dir(12), gpu_emulated.nvrtc_dir(13)) if d]
    env["JAXLIB_CUDA_LIBRARY_DIRS"] = os.pathsep.join([*dirs, str(work / "emulators" / "cuda")])
    with_gpu = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600)
    assert with_gpu.returncode == 0, with_gpu.stderr[-3000:]
    assert with_gpu.stdout.startswith("cuda [0.0, 1.0, 4.0, 9.0]"), with_gpu.stdout
    no_gpu = subprocess.run([sys.executable, "-c", code], env=dict(env, JAXLIB_EMULATED_GPUS="0"),
                            capture_output=True, text=True, timeout=600)
    assert no_gpu.returncode == 0, no_gpu.stderr[-3000:]
    assert no_gpu.stdout.startswith("cpu [0.0, 1.0, 4.0, 9.0] FAILED_PRECONDITION: no NVIDIA GPU found"), no_gpu.stdout


def test_emulated_allocations_are_poisoned(work: Path) -> None:
    """The emulated driver's new device memory reads as 0xFF bytes (NaN, -1) until written."""
    lib = ctypes.CDLL(str(work / "emulators" / "cuda" / "libcuda.so.1"))
    assert lib.cuInit(0) == 0
    ptr = ctypes.c_ulonglong()
    assert lib.cuMemAlloc_v2(ctypes.byref(ptr), 16) == 0
    host = (ctypes.c_ubyte * 16)()
    assert lib.cuMemcpyDtoH_v2(host, ptr, 16) == 0
    assert bytes(host) == b"\xff" * 16
    # Copies beyond an allocation fail as they would fault on a device.
    assert lib.cuMemcpyDtoH_v2(host, ctypes.c_ulonglong(ptr.value + 8), 16) != 0
    assert lib.cuMemFree_v2(ptr) == 0
