"""Short rows and short broadcast runs (issue 12): a reduction over a last axis of 2 to 15
elements (coordinates, a few features) folds a group of rows at once, one vector per column,
rows under 64 elements load whole vectors and fold their lanes with vector shuffles, and
a fused loop reading an input broadcast over short trailing runs (a point's coordinates against
every other point, a per-point factor against its coordinates) fills its tiles by doubling runs
and repeating elements. Sums keep the documented per-row order (lanes 0 + x_j folded as a tree,
lane k taking lane k + w for w = 8, 4, 2, 1, then init added) bit for bit; max/min match numpy;
every ISA gives the same bits. Run through the standalone driver.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_compiler_driver import driver  # noqa: F401  (a fixture)
from test_cpu_isa_paths import ISAS, MOD, run_isa


def tree_sum(x: np.ndarray, init: np.float32) -> np.ndarray:
    """The row reducer's order for rows shorter than 64, in float32: lane j sums x[16c + j] over
    c in order from 0, then the lanes fold as a tree and init is added."""
    lanes = np.zeros((x.shape[0], 16), np.float32)
    for c in range(0, x.shape[1], 16):
        chunk = x[:, c:c + 16]
        lanes[:, : chunk.shape[1]] = lanes[:, : chunk.shape[1]] + chunk
    w = 8
    while w >= 1:
        lanes[:, :w] = lanes[:, :w] + lanes[:, w:2 * w]
        w //= 2
    return init + lanes[:, 0]


@pytest.mark.parametrize("row", [2, 3, 4, 5, 7, 8, 11, 15, 17, 32, 48, 63])
def test_short_row_reductions_keep_the_row_order_bits_at_every_isa(driver, tmp_path, row):  # noqa: F811
    # Whole groups of rows at both vector widths, then single rows; over 4096 elements (smaller
    # float sums fold sequentially in XLA's order, reduction_order.h).
    n = 16 * 300 + 5
    rng = np.random.default_rng(row)
    x = (rng.standard_normal((n, row)) * 10.0 ** rng.integers(-3, 4, (n, row))).astype(np.float32)
    special = rng.random((n, row))
    x[special < 0.03] = -0.0
    x[(special > 0.03) & (special < 0.04)] = np.inf
    x[(special > 0.04) & (special < 0.05)] = np.nan
    t, r = f"tensor<{n}x{row}xf32>", f"tensor<{n}xf32>"
    prog = f"""
        {MOD}
          func.func public @main(%x: {t}) -> ({r}, {r}, {r}) {{
            %z = stablehlo.constant dense<-0.0> : tensor<f32>
            %lo = stablehlo.constant dense<0xFF800000> : tensor<f32>
            %hi = stablehlo.constant dense<0x7F800000> : tensor<f32>
            %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : ({t}, tensor<f32>) -> {r}
            %1 = stablehlo.reduce(%x init: %lo) applies stablehlo.maximum across dimensions = [1] : ({t}, tensor<f32>) -> {r}
            %2 = stablehlo.reduce(%x init: %hi) applies stablehlo.minimum across dimensions = [1] : ({t}, tensor<f32>) -> {r}
            return %0, %1, %2 : {r}, {r}, {r}
          }}
        }}"""
    want_sum = tree_sum(x, np.float32(-0.0))
    with np.errstate(invalid="ignore"):
        want_max, want_min = x.max(axis=1), x.min(axis=1)
    results = {isa: run_isa(driver, tmp_path, prog, isa, x) for isa in ISAS}
    for isa, (s, mx, mn) in results.items():
        assert s.tobytes() == want_sum.tobytes(), f"row {row} at {isa or 'native'}: expected the tree order's sums"
        # numpy's max/min of values whose zeros differ only in sign may pick either zero.
        assert np.array_equal(mx, want_max, equal_nan=True), f"row {row} at {isa or 'native'}: expected numpy's max"
        assert np.array_equal(mn, want_min, equal_nan=True), f"row {row} at {isa or 'native'}: expected numpy's min"
    for isa in ISAS[:-1]:
        assert all(a.tobytes() == b.tobytes() for a, b in zip(results[isa], results[""], strict=True)), (
            f"row {row}: expected {isa} to give the native bits")


def test_short_broadcast_runs_are_copied_exactly(driver, tmp_path):  # noqa: F811
    """d = a[:, None, :] - b[None, :, :] (runs of 3 repeated along a broadcast dim, and all of b
    repeated per point), d * m[:, :, None] (each element repeated 3 times), and the squared
    distances reduced over the 3 coordinates: numpy's values (differences and products are
    single roundings; the sums in the tree order)."""
    rng = np.random.default_rng(11)
    a = rng.standard_normal((37, 3)).astype(np.float32)
    b = rng.standard_normal((53, 3)).astype(np.float32)
    m = rng.standard_normal((37, 53)).astype(np.float32)
    prog = f"""
        {MOD}
          func.func public @main(%a: tensor<37x3xf32>, %b: tensor<53x3xf32>, %m: tensor<37x53xf32>) -> (tensor<37x53x3xf32>, tensor<37x53xf32>) {{
            %0 = stablehlo.broadcast_in_dim %a, dims = [0, 2] : (tensor<37x3xf32>) -> tensor<37x53x3xf32>
            %1 = stablehlo.broadcast_in_dim %b, dims = [1, 2] : (tensor<53x3xf32>) -> tensor<37x53x3xf32>
            %2 = stablehlo.subtract %0, %1 : tensor<37x53x3xf32>
            %3 = stablehlo.broadcast_in_dim %m, dims = [0, 1] : (tensor<37x53xf32>) -> tensor<37x53x3xf32>
            %4 = stablehlo.multiply %2, %3 : tensor<37x53x3xf32>
            %5 = stablehlo.multiply %2, %2 : tensor<37x53x3xf32>
            %z = stablehlo.constant dense<0.0> : tensor<f32>
            %6 = stablehlo.reduce(%5 init: %z) applies stablehlo.add across dimensions = [2] : (tensor<37x53x3xf32>, tensor<f32>) -> tensor<37x53xf32>
            return %4, %6 : tensor<37x53x3xf32>, tensor<37x53xf32>
          }}
        }}"""
    d = a[:, None, :] - b[None, :, :]
    want_scaled = d * m[:, :, None]
    want_sq = tree_sum((d * d).reshape(-1, 3), np.float32(0)).reshape(37, 53)
    for isa in ISAS:
        scaled, sq = run_isa(driver, tmp_path, prog, isa, a, b, m)
        assert scaled.tobytes() == want_scaled.tobytes(), f"at {isa or 'native'}: expected numpy's d * m"
        assert sq.tobytes() == want_sq.tobytes(), f"at {isa or 'native'}: expected the squared distances"


def test_max_pool_over_32_features_matches_numpy(driver, tmp_path):  # noqa: F811
    """A 2x2 stride-2 max pool over 32 features (whole vectors at AVX2, half of one at AVX-512)
    and over 20 (a partial vector): numpy's values at every ISA."""
    rng = np.random.default_rng(13)
    for c in (32, 20):
        x = rng.standard_normal((3, 10, 12, c)).astype(np.float32)
        x[0, 1, 2, 3] = np.nan
        t_in, t_out = f"tensor<3x10x12x{c}xf32>", f"tensor<3x5x6x{c}xf32>"
        prog = f"""
            {MOD}
              func.func public @main(%x: {t_in}) -> {t_out} {{
                %c = stablehlo.constant dense<0xFF800000> : tensor<f32>
                %0 = "stablehlo.reduce_window"(%x, %c) <{{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}}> ({{
                ^bb0(%a: tensor<f32>, %b: tensor<f32>):
                  %m = stablehlo.maximum %a, %b : tensor<f32>
                  stablehlo.return %m : tensor<f32>
                }}) : ({t_in}, tensor<f32>) -> {t_out}
                return %0 : {t_out}
              }}
            }}"""
        want = x.reshape(3, 5, 2, 6, 2, c).max(axis=(2, 4))
        for isa in ISAS:
            got = run_isa(driver, tmp_path, prog, isa, x)[0]
            assert np.array_equal(got, want, equal_nan=True), f"{c} features at {isa or 'native'}: expected numpy's max pool"
