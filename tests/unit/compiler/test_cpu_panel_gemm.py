"""The CPU executor's L2-sized f32 GEMM (backends/cpu/executor/linalg/panel_gemm.cc), which takes
f32 dot_general products of more than 100^3 multiply-adds whose operands fit in L2 on AVX-512
CPUs in place of OpenBLAS's SkylakeX sgemm: row and column edges, narrow last panels, K split
into OpenBLAS's chunks, transposed operands, op(B) packed or read in place, batches. Each must be
within 1e-5 of sum |a||b| of a float64 reference and bit-identical to the BLAS
($JAXLIB_CPU_DISABLE_PANEL_GEMM=1) and to the AVX2-capped run (which leaves it to the BLAS).
Run through the standalone driver (tests/unit/compiler).
"""

from __future__ import annotations

import ctypes
import platform

import numpy as np
import pytest
from run_corpus_with_driver import _lapack_library
from test_compiler_driver import driver  # noqa: F401  (a fixture)
from test_cpu_isa_paths import MOD, run_isa

pytestmark = pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"), reason="x86-64 ISA variants")

BLAS = _lapack_library()
TRACE = {"JAXLIB_CPU_DOT_TRACE": "1"}
BLAS_ONLY = {"JAXLIB_CPU_DISABLE_PANEL_GEMM": "1"}

# (batches, M, N, K, lhs transposed, rhs transposed): M with a 1-row tail tile (37 = 3 x 12 + 1)
# and a narrow masked last panel (45 = 32 + 13); op(B) read in place (20 rows: 2 tiles) with a
# 4-column tail; K in two and three OpenBLAS chunks (600: 304 + 296; 1000: 448 + 288 + 264);
# each transposition (op(B) transposed packed a panel at a time, in 8 x 8 blocks with a tail);
# several batches.
CASES = [
    (1, 37, 45, 700, False, False),
    (3, 20, 100, 600, False, False),
    (1, 50, 40, 1000, False, False),
    (2, 130, 70, 130, True, True),
    (4, 64, 96, 256, True, False),
    (2, 130, 64, 200, False, True),
    (5, 128, 128, 128, False, False),
]


def dot_program(b: int, m: int, n: int, k: int, ta: bool, tb: bool) -> tuple[str, tuple, tuple]:
    """A batched dot_general of f32[b, m, k] (or [b, k, m]) and f32[b, k, n] (or [b, n, k])."""
    ls, rs = (b, k, m) if ta else (b, m, k), (b, n, k) if tb else (b, k, n)

    def t(shape):
        return "tensor<" + "x".join(str(d) for d in shape) + "xf32>"

    lc, rc = (1 if ta else 2), (2 if tb else 1)
    prog = f"""
        {MOD}
          func.func public @main(%a: {t(ls)}, %b: {t(rs)}) -> {t((b, m, n))} {{
            %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [{lc}] x [{rc}] : ({t(ls)}, {t(rs)}) -> {t((b, m, n))}
            return %0 : {t((b, m, n))}
          }}
        }}"""
    return prog, ls, rs


def blas_is_skylakex() -> bool:
    """Whether the BLAS runs OpenBLAS's SkylakeX kernels, whose sums the panel GEMM reproduces."""
    try:
        lib = ctypes.CDLL(BLAS)
        lib.scipy_openblas_get_corename.restype = ctypes.c_char_p
        return lib.scipy_openblas_get_corename() == b"SkylakeX"
    except (OSError, AttributeError):
        return False


def has_avx512() -> bool:
    """Whether the CPU has the AVX-512 subsets the executor's AVX-512 paths need."""
    try:
        flags = open("/proc/cpuinfo").read().split()
    except OSError:
        return False
    return all(f in flags for f in ("avx512f", "avx512bw", "avx512vl", "avx512dq"))


needs_blas = pytest.mark.skipif(BLAS is None, reason="no scipy-openblas32 (the panel GEMM stands in for a BLAS)")


@needs_blas
@pytest.mark.parametrize("case", range(len(CASES)))
def test_panel_gemm_matches_float64_and_the_blas_bits(driver, tmp_path, case):  # noqa: F811
    if not (has_avx512() and blas_is_skylakex()):
        pytest.skip("the panel GEMM runs on AVX-512 in place of OpenBLAS's SkylakeX kernels only")
    b, m, n, k, ta, tb = CASES[case]
    prog, ls, rs = dot_program(b, m, n, k, ta, tb)
    rng = np.random.default_rng(300 + case)
    x = rng.uniform(-1, 1, ls).astype(np.float32)
    y = rng.uniform(-1, 1, rs).astype(np.float32)
    a64 = x.astype(np.float64).transpose(0, 2, 1) if ta else x.astype(np.float64)
    b64 = y.astype(np.float64).transpose(0, 2, 1) if tb else y.astype(np.float64)
    want, scale = a64 @ b64, np.abs(a64) @ np.abs(b64)
    env = {"JAXLIB_CPU_LAPACK_LIBRARY": BLAS, **TRACE}
    stderr: list[str] = []
    native = run_isa(driver, tmp_path, prog, "", x, y, extra_env=env, stderr=stderr)[0]
    assert "(panel)" in stderr[0], f"case {case}: expected the panel GEMM to take {b}x{m}x{n}x{k}: {stderr[0]}"
    err = np.abs(native.astype(np.float64) - want)
    assert np.all(err <= 1e-5 * scale + 1e-30), (
        f"case {case}: expected within 1e-5 * sum|a||b| of the float64 reference, worst off by {err.max():.3g}")
    blas = run_isa(driver, tmp_path, prog, "", x, y, extra_env={**env, **BLAS_ONLY})[0]
    avx2 = run_isa(driver, tmp_path, prog, "avx2", x, y, extra_env=env)[0]
    assert native.tobytes() == blas.tobytes(), (
        f"case {case}: expected OpenBLAS's bits, {np.count_nonzero(native != blas)} of {native.size} differ")
    assert native.tobytes() == avx2.tobytes(), f"case {case}: expected the same bits at AVX-512 and AVX2"


@needs_blas
def test_products_the_panel_gemm_does_not_take(driver, tmp_path):  # noqa: F811
    """At most 100^3 multiply-adds (OpenBLAS's small-matrix kernels, with other sums), beyond L2,
    op(B) transposed with under 128 rows, or with the flag set, the product stays on the BLAS."""
    cases = [((4, 64, 64, 64, False, False), {}), ((1, 100, 100, 100, False, False), {}),
             ((1, 64, 512, 512, False, True), {}),
             ((1, 1024, 1024, 1024, False, False), {}), ((1, 128, 128, 128, False, False), BLAS_ONLY)]
    rng = np.random.default_rng(9)
    for (b, m, n, k, ta, tb), extra in cases:
        prog, ls, rs = dot_program(b, m, n, k, ta, tb)
        x = rng.uniform(-1, 1, ls).astype(np.float32)
        y = rng.uniform(-1, 1, rs).astype(np.float32)
        stderr: list[str] = []
        got = run_isa(driver, tmp_path, prog, "", x, y, stderr=stderr,
                      extra_env={"JAXLIB_CPU_LAPACK_LIBRARY": BLAS, **TRACE, **extra})[0]
        assert "gemm f32" in stderr[0] and "(panel)" not in stderr[0], (
            f"{b}x{m}x{n}x{k} {extra}: expected the BLAS, not the panel GEMM: {stderr[0]}")
        want = x.astype(np.float64) @ (y.astype(np.float64).transpose(0, 2, 1) if tb else y.astype(np.float64))
        assert np.abs(got - want).max() <= 1e-4 * np.sqrt(k), f"{b}x{m}x{n}x{k}: expected the float64 reference"
