"""JAX's logsumexp idiom (jax.nn.logsumexp over the last axis, f32) runs as one row-wise kernel
(custom_call @jaxlib.logsumexp, runtime/compiler/match_softmax.cc, kernels/softmax.cc) whose
results are bit-identical to the unrewritten ops (JAXLIB_CPU_DISABLE_SOFTMAX_KERNEL=1) at every
ISA and agree with a float64 reference; a near miss of the pattern is left alone and still
computed right. The program has the exact shape of benchmarks/programs/broad/logsumexp_rows.mlir.
Run through the standalone driver (tests/unit/compiler).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from test_compiler_driver import driver  # noqa: F401  (a fixture)
from test_cpu_isa_paths import ISAS, run_isa


def logsumexp_program(rows: int, cols: int, *, zero: str = "0.000000e+00") -> str:
    """jax.nn.logsumexp(x, axis=-1) as JAX 0.10 lowers it; `zero` (the select's fallback) builds a near miss."""
    t, r, m = f"tensor<{rows}x{cols}xf32>", f"tensor<{rows}xf32>", f"tensor<{rows}x1xf32>"
    return f"""module @lse {{
  func.func public @main(%x: {t}) -> {r} {{
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%x init: %cst) applies stablehlo.maximum across dimensions = [1] : ({t}, tensor<f32>) -> {r}
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> {r}
    %2 = stablehlo.maximum %1, %0 : {r}
    %3 = stablehlo.is_finite %2 : ({r}) -> tensor<{rows}xi1>
    %cst_1 = stablehlo.constant dense<{zero}> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> {r}
    %5 = stablehlo.select %3, %2, %4 : tensor<{rows}xi1>, {r}
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : ({r}) -> {m}
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : ({m}) -> {t}
    %8 = stablehlo.subtract %x, %7 : {t}
    %9 = stablehlo.exponential %8 : {t}
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst_2) applies stablehlo.add across dimensions = [1] : ({t}, tensor<f32>) -> {r}
    %11 = stablehlo.abs %10 : {r}
    %12 = stablehlo.log %11 : {r}
    %13 = stablehlo.add %12, %5 : {r}
    return %13 : {r}
  }}
}}
"""


def inputs(rows: int, cols: int) -> np.ndarray:
    """Normal rows (scaled so exp overflows without the shift) and rows of -inf, NaN, +inf,
    denormals, equal values and values near exp's overflow."""
    x = (np.random.default_rng(11).standard_normal((rows, cols)) * 40).astype(np.float32)
    x[1, :] = -np.inf
    x[2, 5] = np.nan
    x[3, 7] = np.inf
    x[4, :] = np.inf
    x[5, :] = 1e-42
    x[6, :] = 3.0
    x[7, : cols // 2] = 88.0
    x[8, :] /= 4  # every x - c above -86: exp's 2^n by the AVX2 exponent add throughout
    return x


def reference(x: np.ndarray, zero: float) -> np.ndarray:
    """logsumexp in float64 by the idiom's own formula."""
    with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
        m = x.astype(np.float64).max(axis=1)
        c = np.where(np.isfinite(m), m, zero)
        return np.log(np.abs(np.exp(x - c[:, None]).sum(axis=1))) + c




# 1024, 192: the JIT sums exp in sum mode; 10, 33: short rows, a block at a time.
@pytest.mark.parametrize("cols", [1024, 192, 100, 10, 33])
def test_logsumexp_kernel_same_bits_as_unrewritten_ops_at_every_isa(driver, tmp_path: Path, cols: int):  # noqa: F811
    rows = 67 if cols >= 64 else 613  # over 4096 elements (smaller sums fold in XLA's order, unrewritten)
    x = inputs(rows, cols)
    text = logsumexp_program(rows, cols)
    want = reference(x, 0.0)
    for isa in ISAS:
        err: list[str] = []
        got = run_isa(driver, tmp_path, text, isa, x, extra_env={"JAXLIB_DUMP_PLAN": "1"}, stderr=err)[0]
        assert "custom_call" in err[0] and "stablehlo.reduce" not in err[0], (
            f"expected the logsumexp idiom rewritten into one custom call at ISA {isa or 'native'}, plan:\n{err[0]}")
        ref = run_isa(driver, tmp_path, text, isa, x, extra_env={"JAXLIB_CPU_DISABLE_SOFTMAX_KERNEL": "1"})[0]
        assert got.tobytes() == ref.tobytes(), f"expected the unrewritten ops' bits at ISA {isa or 'native'}"
    assert np.array_equal(np.isnan(got), np.isnan(want)), "expected NaN exactly in the rows with a NaN"
    assert np.array_equal(got[np.isinf(want)], want[np.isinf(want)]), "expected -inf and +inf rows as the reference"
    ok = np.isfinite(want)
    np.testing.assert_allclose(got[ok], want[ok], rtol=2e-6, atol=1e-6)


def test_logsumexp_near_miss_is_left_alone(driver, tmp_path: Path):  # noqa: F811
    """A select falling back to 1 instead of 0 is not JAX's logsumexp: the reduces stay."""
    rows, cols = 67, 1024
    x = inputs(rows, cols)
    err: list[str] = []
    got = run_isa(driver, tmp_path, logsumexp_program(rows, cols, zero="1.000000e+00"), "", x,
                  extra_env={"JAXLIB_DUMP_PLAN": "1"}, stderr=err)[0]
    assert "custom_call" not in err[0], f"expected no custom call for the near miss, plan:\n{err[0]}"
    want = reference(x, 1.0)
    assert np.array_equal(np.isnan(got), np.isnan(want)), "expected NaN exactly in the rows with a NaN"
    ok = np.isfinite(want)
    np.testing.assert_allclose(got[ok], want[ok], rtol=2e-6, atol=1e-6)
