"""Generated CUDA kernels (backends/cuda/kernel_codegen) compiled with NVRTC, and their
arithmetic run on the host.

No GPU is needed: NVRTC from NVIDIA's pip wheel compiles to PTX and to sm_90 cubin on a
CPU-only machine, and the generator emits the per-element expression as a
``__host__ __device__`` function, so g++ (with backends/cuda/testing/host_shim.h) runs the
very same code and the results are compared with numpy / ml_dtypes.

The same generated source is valid HIP: where a HIP runtime with hipRTC is installed (e.g.
Debian's libamdhip64-5 + libhiprtc-builtins5) it is also compiled to AMD GPU code objects.

Plugins export only GetPjrtApi, so these pieces are reached through a small test tool
(backends/cuda/testing/kernel_tool.cc) compiled here from the plugin's own sources.
NVRTC comes from the ``nvidia-cuda-nvrtc-cu12`` test dependency (``nvidia-cuda-nvrtc`` for
CUDA 13 is optional); this file installs nothing.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest

REPO = Path(__file__).resolve().parents[2]
CUDA_DIR = REPO / "backends" / "cuda"
TOOL_SOURCES = [
    "backends/cuda/testing/kernel_tool.cc",
    "backends/cuda/kernel_codegen.cc",
    "backends/cuda/nvrtc_compiler.cc",
    "backends/cuda/dynamic_library.cc",
    "backends/cuda/kernel_disk_cache.cc",
    "backends/cuda/content_hash.cc",
    "backends/rocm/hip_runtime.cc",
    "backends/rocm/hiprtc_compiler.cc",
    "runtime/support/element_type.cc",
    "runtime/support/status.cc",
]
EM_CUDA = 190
EM_AMDGPU = 224

try:
    import ml_dtypes

    BF16: type | None = ml_dtypes.bfloat16
except ImportError:  # pragma: no cover - ml_dtypes is a jaxlib dependency
    BF16 = None

STORAGE = {"f32": np.float32, "f64": np.float64, "s32": np.int32, "f16": np.float16, "bf16": BF16}
C_STORAGE = {"f32": "float", "f64": "double", "s32": "int", "f16": "unsigned short", "bf16": "unsigned short"}


def _compiler() -> str:
    cxx = os.environ.get("CXX") or shutil.which("g++") or shutil.which("c++")
    if not cxx:
        pytest.skip("no C++ compiler (g++) to build the kernel test tool")
    return cxx


def _nvidia_dir(*parts: str, lib: str) -> Path | None:
    for entry in sys.path:
        candidate = Path(entry or ".", "nvidia", *parts)
        if (candidate / lib).is_file():
            return candidate
    return None


@pytest.fixture(scope="session")
def kernel_tool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kernel_tool") / "kernel_tool"
    cmd = [
        _compiler(),
        "-std=c++20",
        "-O1",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-Wno-unused-parameter",
        f"-I{REPO}",
        *(str(REPO / s) for s in TOOL_SOURCES),
        "-ldl",
        "-o",
        str(out),
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0, f"building the kernel tool failed:\n{' '.join(cmd)}\n{proc.stderr}"
    return out


@pytest.fixture(scope="session")
def nvrtc12_dir() -> Path:
    found = _nvidia_dir("cuda_nvrtc", "lib", lib="libnvrtc.so.12")
    if found is None:
        pytest.skip("NVRTC 12 not installed: the test dependency nvidia-cuda-nvrtc-cu12 is missing")
    return found


# ---------------------------------------------------------------------------------------------
# Kernel descriptions (the tool's text format) with numpy references.


@dataclass
class Case:
    name: str
    inputs: list[tuple[str, bool]]  # (dtype, broadcast_scalar)
    body: str  # directives after the inputs; node ids continue from len(inputs)
    out: str
    make_inputs: Callable[[np.random.Generator, int], list[np.ndarray]]
    reference: Callable[..., np.ndarray]
    max_ulp: int = 0  # 0 = bit-exact
    nodes: list[str] = field(default_factory=list)

    def description(self) -> str:
        lines = [f"kernel {self.name}"]
        lines += [f"input {t}{' scalar' if s else ''}" for t, s in self.inputs]
        lines += [ln.strip() for ln in self.body.strip().splitlines()]
        return "\n".join(lines) + "\n"


def _uniform(dtype: type, lo: float, hi: float) -> Callable[[np.random.Generator, int], np.ndarray]:
    return lambda rng, n: [rng.uniform(lo, hi, n).astype(dtype)]


def _f16_specials() -> np.ndarray:
    # Boundaries of the f32 -> f16 conversion: subnormals, the smallest normal, ties, overflow.
    vals = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        65504.0,
        65519.99,
        65520.0,
        1e6,
        -1e6,
        6.1035156e-05,
        6.0e-05,
        5.96e-08,
        2.98e-08,
        2.9802322e-08,
        2.99e-08,
        1e-10,
        float("inf"),
        float("-inf"),
        1.0009765625,
        1.00048828125,
        1.00146484375,
        3.14159265,
        2049.0,
        2051.0,
        0.1,
        1 / 3,
    ]
    vals += [(2 * k + 1) * 2.0**-25 for k in range(1, 6)]  # ties between f16 subnormals
    vals += [(2 * k + 1) * 2.0**-25 * (1 + 2.0**-20) for k in range(1, 6)]  # just above them
    return np.array(vals, dtype=np.float32)


def _wrap32(x: np.ndarray) -> np.ndarray:
    return ((x.astype(np.int64) + 2**31) % 2**32 - 2**31).astype(np.int32)


def _xla_div_s32(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    a64, b64 = a.astype(np.int64), b.astype(np.int64)
    safe = np.where(b64 == 0, 1, b64)
    q = np.abs(a64) // np.abs(safe) * np.sign(a64) * np.sign(safe)  # truncation toward zero
    q = np.where(b64 == 0, -1, q)
    return _wrap32(q)  # INT_MIN / -1 wraps back to INT_MIN


def _ints(rng: np.random.Generator, n: int) -> np.ndarray:
    x = rng.integers(-(2**31), 2**31, n, dtype=np.int64)
    x[:4] = [-(2**31), 2**31 - 1, 0, -1]
    return x.astype(np.int32)


def _divisors(rng: np.random.Generator, n: int) -> np.ndarray:
    b = rng.integers(-50, 50, n)
    b[::5] = 0  # x / 0 = -1 in XLA
    b[0] = -1  # INT_MIN / -1 = INT_MIN
    return b.astype(np.int32)


def _saturating_s32(x: np.ndarray) -> np.ndarray:
    x = x.astype(np.float64)
    out = np.clip(np.trunc(np.nan_to_num(x, nan=0.0, posinf=2**31, neginf=-(2**31))), -(2**31), 2**31 - 1)
    return out.astype(np.int32)


def _cases() -> list[Case]:
    f16, bf16 = np.float16, BF16
    cases = [
        Case(
            "axpy_f32",
            [("f32", False), ("f32", False)],
            "const f32 2.5\nmul f32 2 0\nadd f32 3 1",
            "f32",
            lambda rng, n: [
                rng.standard_normal(n).astype(np.float32),
                rng.standard_normal(n).astype(np.float32),
            ],
            lambda x, y: np.float32(2.5) * x + y,
        ),
        Case(
            "arith_f16",
            [("f16", False), ("f16", False)],
            "add f16 0 1\nmul f16 2 0\nsub f16 3 1\ndiv f16 4 1\nmax f16 5 0\nmin f16 6 1\nneg f16 7",
            "f16",
            lambda rng, n: [rng.uniform(-8, 8, n).astype(f16), rng.uniform(0.25, 4, n).astype(f16)],
            lambda a, b: -np.minimum(np.maximum(((a + b) * a - b) / b, a), b),
        ),
        # Transcendentals one op at a time: libm and numpy may differ by an ulp, and chaining
        # would amplify that beyond any meaningful bound.
        Case(
            "exp_f32", [("f32", False)], "exp f32 0", "f32", _uniform(np.float32, -20, 20), np.exp, max_ulp=4
        ),
        Case(
            "log_f32",
            [("f32", False)],
            "log f32 0",
            "f32",
            _uniform(np.float32, 1e-3, 1e3),
            np.log,
            max_ulp=4,
        ),
        Case(
            "tanh_f32", [("f32", False)], "tanh f32 0", "f32", _uniform(np.float32, -5, 5), np.tanh, max_ulp=4
        ),
        Case(
            "exp_tanh_f64",
            [("f64", False)],
            "exp f64 0\ntanh f64 0\nmul f64 1 2",
            "f64",
            _uniform(np.float64, -20, 20),
            lambda x: np.exp(x) * np.tanh(x),
            max_ulp=4,
        ),
        Case(
            "softplus_f32",
            [("f32", False)],
            "neg f32 0\nexp f32 1\nconst f32 1\nadd f32 2 3\nlog f32 4",
            "f32",
            _uniform(np.float32, -3, 3),
            lambda x: np.log(np.exp(-x) + np.float32(1)),
            max_ulp=64,
        ),
        Case(
            "scalar_broadcast_s32",
            [("s32", False), ("s32", True)],
            "mul s32 0 1\nconst s32 -7\nadd s32 2 3",
            "s32",
            lambda rng, n: [_ints(rng, n), np.array([3], dtype=np.int32)],
            lambda a, b: _wrap32(_wrap32(a.astype(np.int64) * int(b[0])).astype(np.int64) - 7),
        ),
        Case(
            "int_ops_s32",
            [("s32", False), ("s32", False)],
            "div s32 0 1\nsub s32 0 1\nmax s32 2 3\nneg s32 4\nmin s32 5 1",
            "s32",
            lambda rng, n: [_ints(rng, n), _divisors(rng, n)],
            lambda a, b: np.minimum(
                _wrap32(-np.maximum(_xla_div_s32(a, b), _wrap32(a.astype(np.int64) - b)).astype(np.int64)), b
            ),
        ),
        Case(
            "convert_f32_to_f16",
            [("f32", False)],
            "convert f16 0",
            "f16",
            lambda rng, n: [
                np.concatenate([_f16_specials(), rng.standard_normal(n).astype(np.float32) * 1000])
            ],
            lambda x: x.astype(np.float16),
        ),
        Case(
            "convert_f64_to_f16",
            [("f64", False)],
            "convert f16 0",
            "f16",
            lambda rng, n: [
                np.concatenate(
                    [
                        _f16_specials().astype(np.float64),
                        # ties and near-ties: f64 -> f32 -> f16 would round twice
                        1 + 2.0**-11 + 2.0**-40 * np.arange(-3, 4),
                        -(1 + 2.0**-11 + 2.0**-40 * np.arange(-3, 4)),
                        rng.standard_normal(n) * 100,
                    ]
                )
            ],
            lambda x: x.astype(np.float16),
        ),  # numpy rounds f64 -> f16 once, as we do
        Case(
            "convert_to_s32",
            [("f32", False)],
            "convert s32 0",
            "s32",
            lambda rng, n: [
                np.concatenate(
                    [
                        np.array([np.nan, np.inf, -np.inf, 3e9, -3e9, 2.9, -2.9, -0.5], np.float32),
                        rng.uniform(-1e6, 1e6, n).astype(np.float32),
                    ]
                )
            ],
            _saturating_s32,
        ),
        Case(
            "convert_chain",
            [("s32", False), ("f64", False)],
            "convert f32 0\nconvert f64 2\nadd f64 3 1\nconvert f32 4\nconvert f16 5\nconvert f64 6",
            "f64",
            lambda rng, n: [rng.integers(-2000, 2000, n).astype(np.int32), rng.standard_normal(n)],
            lambda i, d: (
                (i.astype(np.float32).astype(np.float64) + d)
                .astype(np.float32)
                .astype(np.float16)
                .astype(np.float64)
            ),
        ),
        Case(
            "exp_f16",
            [("f16", False)],
            "exp f16 0",
            "f16",
            _uniform(f16, -8, 8),
            lambda x: np.exp(x),
            max_ulp=1,
        ),
    ]
    if bf16 is not None:
        cases += [
            Case(
                "arith_bf16",
                [("bf16", False), ("bf16", False)],
                "mul bf16 0 1\nadd bf16 2 0\ndiv bf16 3 1\nmax bf16 4 1",
                "bf16",
                lambda rng, n: [rng.uniform(-4, 4, n).astype(bf16), rng.uniform(0.5, 3, n).astype(bf16)],
                lambda a, b: np.maximum((a * b + a) / b, b),
            ),
            Case(
                "convert_f32_to_bf16",
                [("f32", False)],
                "convert bf16 0",
                "bf16",
                lambda rng, n: [
                    np.concatenate(
                        [
                            _f16_specials(),
                            np.array([3.4e38, -3.4e38, 1e-40], np.float32),
                            rng.standard_normal(n).astype(np.float32),
                        ]
                    )
                ],
                lambda x: x.astype(bf16),
            ),
            Case(
                "mixed_bf16_f16_to_f32",
                [("bf16", False), ("f16", False)],
                "convert f32 0\nconvert f32 1\nmul f32 2 3\nconvert bf16 4\nconvert f32 5",
                "f32",
                lambda rng, n: [
                    rng.standard_normal(n).astype(bf16),
                    rng.standard_normal(n).astype(np.float16),
                ],
                lambda a, b: (a.astype(np.float32) * b.astype(np.float32)).astype(bf16).astype(np.float32),
            ),
        ]
    return cases


CASES = _cases()


def _write_desc(tmp: Path, case: Case) -> Path:
    path = tmp / f"{case.name}.kernel"
    path.write_text(case.description())
    return path


def _tool(tool: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(tool), *args], capture_output=True, text=True, env=env)


def _kv(stdout: str) -> dict[str, str]:
    return dict(line.split("=", 1) for line in stdout.splitlines() if "=" in line)


# ---------------------------------------------------------------------------------------------
# Host execution of the generated code.


@pytest.fixture(scope="session")
def host_runner(kernel_tool: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One host program holding every case's generated kernel, dispatching on argv[1]."""
    tmp = tmp_path_factory.mktemp("host_kernels")
    sources, dispatch = [], []
    for case in CASES:
        proc = _tool(kernel_tool, "source", str(_write_desc(tmp, case)))
        assert proc.returncode == 0, f"{case.name}: generation failed: {proc.stderr}"
        assert "#include" not in proc.stdout, "generated device code must not #include anything"
        sources.append(proc.stdout)
        loads = []
        for i, (t, scalar) in enumerate(case.inputs):
            loads.append(f"  auto in{i} = read_all<{C_STORAGE[t]}>(argv[{3 + i}], {'1' if scalar else 'n'});")
        args = ", ".join([f"in{i}.data()" for i in range(len(case.inputs))] + ["out.data()", "n"])
        dispatch.append(
            f'if (name == "{case.name}") {{\n'
            + "\n".join(loads)
            + f"\n  std::vector<{C_STORAGE[case.out]}> out(n);\n  {case.name}({args});\n"
            f"  write_all(argv[{3 + len(case.inputs)}], out);\n  return 0;\n}}"
        )
    program = "\n".join(
        [
            f'#include "{CUDA_DIR / "testing" / "host_shim.h"}"',
            "#include <cstdio>\n#include <cstdlib>\n#include <string>\n#include <vector>",
            *sources,
            "template <typename T> std::vector<T> read_all(const char* p, long long n) {",
            '  std::vector<T> v(n); FILE* f = std::fopen(p, "rb");',
            "  if (!f || std::fread(v.data(), sizeof(T), n, f) != (size_t)n) std::abort();",
            "  std::fclose(f); return v; }",
            "template <typename T> void write_all(const char* p, const std::vector<T>& v) {",
            '  FILE* f = std::fopen(p, "wb"); std::fwrite(v.data(), sizeof(T), v.size(), f); std::fclose(f); }',
            "int main(int argc, char** argv) {",
            "  std::string name = argv[1]; long long n = std::atoll(argv[2]); (void)argc;",
            *dispatch,
            "  return 3;\n}",
        ]
    )
    src = tmp / "host_kernels.cc"
    src.write_text(program)
    exe = tmp / "host_kernels"
    # -ffp-contract=off: no fused multiply-add, matching the --fmad=false NVRTC uses.
    cmd = [
        _compiler(),
        "-std=c++17",
        "-O2",
        "-ffp-contract=off",
        "-Wall",
        "-Werror",
        str(src),
        "-lm",
        "-o",
        str(exe),
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0, f"generated kernels do not compile on the host:\n{proc.stderr[:4000]}"
    return exe


def _run_on_host(exe: Path, tmp: Path, case: Case, inputs: list[np.ndarray]) -> np.ndarray:
    n = max(len(x) for x, (_, scalar) in zip(inputs, case.inputs, strict=True) if not scalar)
    paths = []
    for i, x in enumerate(inputs):
        p = tmp / f"{case.name}.in{i}"
        np.ascontiguousarray(x, dtype=STORAGE[case.inputs[i][0]]).tofile(p)
        paths.append(str(p))
    out_path = tmp / f"{case.name}.out"
    proc = subprocess.run(
        [str(exe), case.name, str(n), *paths, str(out_path)], capture_output=True, text=True
    )
    assert proc.returncode == 0, f"{case.name}: host run failed ({proc.returncode}): {proc.stderr}"
    return np.fromfile(out_path, dtype=STORAGE[case.out])


def _bits(x: np.ndarray) -> np.ndarray:
    return x.view({2: np.uint16, 4: np.uint32, 8: np.uint64}[x.dtype.itemsize])


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_generated_arithmetic_matches_numpy(case: Case, host_runner: Path, tmp_path: Path) -> None:
    rng = np.random.default_rng(20261121)
    inputs = case.make_inputs(rng, 4096)
    got = _run_on_host(host_runner, tmp_path, case, inputs)
    with np.errstate(all="ignore"):
        want = np.asarray(case.reference(*inputs)).astype(STORAGE[case.out])
    assert got.shape == want.shape, f"{case.name}: expected {want.shape} elements, got {got.shape}"
    if case.out == "s32":
        bad = np.flatnonzero(got != want)
        assert bad.size == 0, (
            f"{case.name}: {bad.size} mismatches, first at {bad[0]}: got {got[bad[0]]}, want {want[bad[0]]}"
        )
        return
    g64, w64 = got.astype(np.float64), want.astype(np.float64)
    both_nan = np.isnan(g64) & np.isnan(w64)
    if case.max_ulp == 0:
        # Bit-exact (NaN payloads aside): every op rounds exactly once, like numpy/ml_dtypes.
        bad = np.flatnonzero(~both_nan & (_bits(got) != _bits(want)))
        assert bad.size == 0, (
            f"{case.name}: {bad.size} results differ bit-wise from numpy; first at {bad[0]}: "
            f"inputs {[x[bad[0] % len(x)] for x in inputs]}, got {got[bad[0]]!r}, want {want[bad[0]]!r}"
        )
    else:
        # Transcendentals: libm and numpy may differ by an ulp or so; allow max_ulp.
        ok = both_nan | (g64 == w64)
        spacing = np.abs(np.spacing(want)).astype(np.float64)
        ulps = np.where(ok, 0, np.abs(g64 - w64) / np.where(spacing > 0, spacing, 1))
        worst = int(np.argmax(ulps))
        assert ulps.max() <= case.max_ulp, (
            f"{case.name}: off by {ulps.max():.1f} ulp (allowed {case.max_ulp}) at {worst}: "
            f"got {got[worst]!r}, want {want[worst]!r}"
        )


# ---------------------------------------------------------------------------------------------
# NVRTC: PTX and cubin.


def _compile(
    tool: Path,
    tmp: Path,
    case: Case,
    nvrtc_dir: Path,
    fmt: str,
    sm: int = 90,
    major: int = 12,
    cache: Path | None = None,
) -> tuple[bytes, dict[str, str]]:
    out = tmp / f"{case.name}.{sm}.{fmt}"
    proc = _tool(
        tool,
        "compile",
        str(_write_desc(tmp, case)),
        "--format",
        fmt,
        "--sm",
        str(sm),
        "--cuda-major",
        str(major),
        "--lib-dir",
        str(nvrtc_dir),
        "--cache-dir",
        str(cache or ""),
        "--out",
        str(out),
    )
    assert proc.returncode == 0, f"{case.name}: NVRTC {fmt} compile failed:\n{proc.stderr}"
    return out.read_bytes(), _kv(proc.stdout)


def _check_ptx(ptx: bytes, case: Case, sm: int) -> None:
    text = ptx.rstrip(b"\0").decode()
    assert f".target sm_{sm}" in text, f"{case.name}: PTX does not target sm_{sm}"
    assert f".visible .entry {case.name}(" in text, f"{case.name}: kernel entry missing from PTX"
    params = text.split(f".entry {case.name}(", 1)[1].split(")", 1)[0].count(".param")
    assert params == len(case.inputs) + 2, (
        f"{case.name}: expected {len(case.inputs) + 2} params, PTX has {params}"
    )


def _check_cubin(cubin: bytes, case: Case) -> None:
    assert cubin[:4] == b"\x7fELF", f"{case.name}: cubin is not an ELF file"
    (machine,) = struct.unpack_from("<H", cubin, 18)
    assert machine == EM_CUDA, f"{case.name}: ELF e_machine {machine}, expected EM_CUDA ({EM_CUDA})"
    assert case.name.encode() + b"\0" in cubin, f"{case.name}: kernel symbol missing from cubin"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_nvrtc_compiles_generated_kernel_to_ptx_and_sm90_cubin(
    case: Case, kernel_tool: Path, nvrtc12_dir: Path, tmp_path: Path
) -> None:
    ptx, info = _compile(kernel_tool, tmp_path, case, nvrtc12_dir, "ptx")
    assert info["library"] == str(nvrtc12_dir / "libnvrtc.so.12"), f"NVRTC loaded from {info['library']}"
    assert info["version"].startswith("12."), f"expected NVRTC 12.x, got {info['version']}"
    _check_ptx(ptx, case, 90)
    cubin, _ = _compile(kernel_tool, tmp_path, case, nvrtc12_dir, "cubin")
    _check_cubin(cubin, case)


def test_supported_archs_include_sm90(kernel_tool: Path, nvrtc12_dir: Path) -> None:
    proc = _tool(kernel_tool, "archs", "--lib-dir", str(nvrtc12_dir))
    assert proc.returncode == 0, proc.stderr
    archs = [int(a) for a in _kv(proc.stdout)["archs"].split()]
    assert 90 in archs and 80 in archs, f"NVRTC 12 should support sm_80 and sm_90, reports {archs}"


def test_disk_cache_is_keyed_by_source_options_and_arch(
    kernel_tool: Path, nvrtc12_dir: Path, tmp_path: Path
) -> None:
    case, other = CASES[0], CASES[1]
    cache = tmp_path / "cache"
    first, info1 = _compile(kernel_tool, tmp_path, case, nvrtc12_dir, "ptx", cache=cache)
    assert info1["from_cache"] == "0", "first compilation cannot be a cache hit"
    stored = cache / info1["cache_key"][:2] / f"{info1['cache_key']}.ptx"
    assert stored.read_bytes() == first, f"cache entry {stored} should hold the PTX"
    again, info2 = _compile(kernel_tool, tmp_path, case, nvrtc12_dir, "ptx", cache=cache)
    assert (info2["from_cache"], again, info2["cache_key"]) == ("1", first, info1["cache_key"])
    _, info_arch = _compile(kernel_tool, tmp_path, case, nvrtc12_dir, "ptx", sm=80, cache=cache)
    _, info_fmt = _compile(kernel_tool, tmp_path, case, nvrtc12_dir, "cubin", cache=cache)
    _, info_src = _compile(kernel_tool, tmp_path, other, nvrtc12_dir, "ptx", cache=cache)
    keys = {info1["cache_key"], info_arch["cache_key"], info_fmt["cache_key"], info_src["cache_key"]}
    assert len(keys) == 4, "arch, format and source must each change the cache key"
    assert all(i["from_cache"] == "0" for i in (info_arch, info_fmt, info_src))


def test_cubin_for_unsupported_arch_is_refused_clearly(
    kernel_tool: Path, nvrtc12_dir: Path, tmp_path: Path
) -> None:
    proc = _tool(
        kernel_tool,
        "compile",
        str(_write_desc(tmp_path, CASES[0])),
        "--format",
        "cubin",
        "--sm",
        "11",
        "--lib-dir",
        str(nvrtc12_dir),
    )
    assert proc.returncode != 0
    assert (
        "UNIMPLEMENTED" in proc.stderr
        and "cannot emit cubin for sm_11" in proc.stderr
        and "90" in proc.stderr
    ), proc.stderr


def test_missing_nvrtc_names_the_package_to_install(kernel_tool: Path, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "LD_LIBRARY_PATH"}
    proc = _tool(kernel_tool, "archs", "--lib-dir", str(tmp_path), env=env)
    if proc.returncode == 0:
        pytest.skip("a system-wide libnvrtc.so.12 is installed; the missing-library path cannot be exercised")
    assert "FAILED_PRECONDITION" in proc.stderr and "nvidia-cuda-nvrtc-cu12" in proc.stderr, proc.stderr


def test_cuda13_nvrtc_compiles_sm90_cubin(kernel_tool: Path, tmp_path: Path) -> None:
    nvrtc13 = _nvidia_dir("cu13", "lib", lib="libnvrtc.so.13")
    if nvrtc13 is None:
        pytest.skip("NVRTC 13 (pip install nvidia-cuda-nvrtc) not installed")
    for case in CASES[:3]:
        ptx, info = _compile(kernel_tool, tmp_path, case, nvrtc13, "ptx", major=13)
        assert info["version"].startswith("13."), info
        _check_ptx(ptx, case, 90)
        cubin, _ = _compile(kernel_tool, tmp_path, case, nvrtc13, "cubin", major=13)
        _check_cubin(cubin, case)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("input s32\nexp s32 0", "needs a floating-point type, got s32"),
        ("input f32\nadd f32 0 2\nadd f32 0 0", "refers to node 2, which is not an earlier node"),
        ("input f32\ninput f16\nadd f32 0 1", "operand node 1 is f16 (insert a convert)"),
        ("input s64", "input 0 has type s64; supported: f16, bf16, f32, f64, s32"),
        ("input f32\nneg f32 0 0", "takes 1 operand(s), got 2"),
        ("const s32 2.5", "is not an s32 value"),
    ],
)
def test_invalid_descriptions_are_rejected_with_reasons(
    kernel_tool: Path, tmp_path: Path, body: str, message: str
) -> None:
    path = tmp_path / "bad.kernel"
    path.write_text("kernel bad\n" + body + "\n")
    proc = _tool(kernel_tool, "validate", str(path))
    assert proc.returncode == 1, f"expected a validation error, got {proc.stdout!r} {proc.stderr!r}"
    assert "INVALID_ARGUMENT" in proc.stdout and message in proc.stdout, proc.stdout


# ---------------------------------------------------------------------------------------------
# hipRTC (ROCm): the same generated source compiled for AMD GPUs, when a HIP runtime is present.


@pytest.fixture(scope="session")
def hiprtc_available(kernel_tool: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    tmp = tmp_path_factory.mktemp("hiprtc_probe")
    proc = _tool(kernel_tool, "hip-compile", str(_write_desc(tmp, CASES[0])), "--arch", "gfx90a")
    if proc.returncode != 0 and "could not be loaded" in proc.stderr:
        pytest.skip("no HIP runtime with hipRTC installed (e.g. Debian libamdhip64-5, libhiprtc-builtins5)")


@pytest.mark.parametrize("arch", ["gfx90a", "gfx1030"])
def test_hiprtc_compiles_generated_kernels(
    kernel_tool: Path, hiprtc_available: None, tmp_path: Path, arch: str
) -> None:
    cache = tmp_path / "cache"
    for case in CASES:
        out = tmp_path / f"{case.name}.{arch}.hsaco"
        args = [
            "hip-compile",
            str(_write_desc(tmp_path, case)),
            "--arch",
            arch,
            "--cache-dir",
            str(cache),
            "--out",
            str(out),
        ]
        proc = _tool(kernel_tool, *args)
        assert proc.returncode == 0, f"{case.name}: hipRTC compile for {arch} failed:\n{proc.stderr}"
        code = out.read_bytes()
        assert code[:4] == b"\x7fELF", f"{case.name}: code object is not ELF"
        (machine,) = struct.unpack_from("<H", code, 18)
        assert machine == EM_AMDGPU, f"{case.name}: e_machine {machine}, expected EM_AMDGPU ({EM_AMDGPU})"
        assert case.name.encode() in code, f"{case.name}: kernel symbol missing from the code object"
        again = _kv(_tool(kernel_tool, *args).stdout)
        assert again["from_cache"] == "1", f"{case.name}: second hipRTC compile should hit the disk cache"


def test_hip_probe_without_gpu_reports_clearly(kernel_tool: Path) -> None:
    proc = _tool(kernel_tool, "hip-probe")
    if proc.returncode == 0:
        pytest.skip(f"an AMD GPU is usable here: {proc.stdout.strip()}")
    assert "FAILED_PRECONDITION: no AMD GPU/ROCm runtime found:" in proc.stderr, proc.stderr
    assert "JAX_PLATFORMS=cpu" in proc.stderr, proc.stderr
