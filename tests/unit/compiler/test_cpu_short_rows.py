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


@pytest.mark.parametrize("row", [2, 3, 4, 5, 7, 8, 11, 15, 17, 20, 32, 33, 48, 63])
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


def softmax_program(rows: int, cols: int) -> str:
    """jax.nn.softmax(x, axis=-1) over f32 [rows, cols] as JAX 0.10 lowers it."""
    t, r, m = f"tensor<{rows}x{cols}xf32>", f"tensor<{rows}xf32>", f"tensor<{rows}x1xf32>"
    return f"""
        {MOD}
          func.func public @main(%x: {t}) -> {t} {{
            %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
            %0 = stablehlo.reduce(%x init: %cst) applies stablehlo.maximum across dimensions = [1] : ({t}, tensor<f32>) -> {r}
            %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> {r}
            %2 = stablehlo.maximum %1, %0 : {r}
            %3 = stablehlo.broadcast_in_dim %2, dims = [0] : ({r}) -> {m}
            %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : ({m}) -> {t}
            %5 = stablehlo.subtract %x, %4 : {t}
            %6 = stablehlo.exponential %5 : {t}
            %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
            %7 = stablehlo.reduce(%6 init: %z) applies stablehlo.add across dimensions = [1] : ({t}, tensor<f32>) -> {r}
            %8 = stablehlo.broadcast_in_dim %7, dims = [0] : ({r}) -> {m}
            %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : ({m}) -> {t}
            %10 = stablehlo.divide %6, %9 : {t}
            return %10 : {t}
          }}
        }}"""


@pytest.mark.parametrize("cols", [2, 3, 5, 10, 15, 20, 33, 48, 77])
def test_short_row_softmax_keeps_the_unrewritten_bits_at_every_isa(driver, tmp_path, cols):  # noqa: F811
    """Softmax over rows of 2 to 15 runs whole groups of rows as vector lanes (gathered columns,
    the reducers' lane steps, exp and scale in registers, columns scattered back) and the
    block's last rows a row at a time; rows of 16 to 63 a block of rows per call of the row
    functions, whose last vector overlaps the one before it; 77: the JIT's prefix and a tail.
    The bits of the unrewritten reduces and elementwise ops (JAXLIB_CPU_DISABLE_SOFTMAX_KERNEL=1)
    at every ISA, rows of NaN, +-inf, denormals and equal values included, and a float64
    reference's values elsewhere."""
    rows = 16 * 131 + 7  # whole groups at both vector widths, then rows past the last group
    rng = np.random.default_rng(cols)
    x = (rng.standard_normal((rows, cols)) * 30).astype(np.float32)
    x[1, :] = -np.inf
    x[2, cols // 2] = np.nan
    x[3, 0] = np.inf
    x[4, :] = 1e-42
    x[5, :] = 7.0
    x[6, :] = -0.0
    x[rows - 2, :] = np.nan  # a NaN row past the last whole group
    prog = softmax_program(rows, cols)
    with np.errstate(invalid="ignore", over="ignore"):
        x64 = x.astype(np.float64)
        e = np.exp(x64 - x64.max(axis=1, keepdims=True))
        want = e / e.sum(axis=1, keepdims=True)
    results = {}
    for isa in ISAS:
        err: list[str] = []
        got = run_isa(driver, tmp_path, prog, isa, x, extra_env={"JAXLIB_DUMP_PLAN": "1"}, stderr=err)[0]
        assert "custom_call" in err[0] and "stablehlo.reduce" not in err[0], (
            f"expected the softmax kernel at {isa or 'native'}, plan:\n{err[0]}")
        ref = run_isa(driver, tmp_path, prog, isa, x, extra_env={"JAXLIB_CPU_DISABLE_SOFTMAX_KERNEL": "1"})[0]
        assert got.tobytes() == ref.tobytes(), f"rows of {cols} at {isa or 'native'}: expected the unrewritten ops' bits"
        results[isa] = got
    for isa in ISAS[:-1]:
        assert results[isa].tobytes() == results[""].tobytes(), f"rows of {cols}: expected {isa} to give the native bits"
    got = results[""]
    assert np.array_equal(np.isnan(got), np.isnan(want)), f"rows of {cols}: expected NaN where the reference has one"
    ok = ~np.isnan(want)
    np.testing.assert_allclose(got[ok], want[ok], rtol=2e-6, atol=1e-7)


@pytest.mark.parametrize("cols", [1, 20, 37])
def test_narrow_column_max_min_split_by_rows_keep_the_one_thread_bits(driver, tmp_path, cols):  # noqa: F811
    """Max and min over axis 0 of [N, cols] (fewer column blocks than threads: chunks of rows per
    thread by plain compares, folded NaN-aware in order where those are not exact): on 4 threads,
    the bits of one thread's in-order fold at every ISA, with a NaN in one column, a column of
    signed zeros and one of denormals (flushed), whose plain compares are not exact; numpy's
    values wherever no denormal was read."""
    n = 20000
    rng = np.random.default_rng(cols + 100)
    x = rng.standard_normal((n, cols)).astype(np.float32)
    clean = x.copy()
    if cols > 1:
        x[n // 3, cols - 1] = np.nan  # in one chunk only
        x[:, 0] = np.where(rng.random(n) < 0.5, 0.0, -0.0).astype(np.float32)
    if cols > 2:
        x[:, 1] = (rng.random(n) * 1e-39).astype(np.float32)
    t, r = f"tensor<{n}x{cols}xf32>", f"tensor<{cols}xf32>"
    prog = f"""
        {MOD}
          func.func public @main(%x: {t}) -> ({r}, {r}) {{
            %lo = stablehlo.constant dense<0xFF800000> : tensor<f32>
            %hi = stablehlo.constant dense<0x7F800000> : tensor<f32>
            %0 = stablehlo.reduce(%x init: %lo) applies stablehlo.maximum across dimensions = [0] : ({t}, tensor<f32>) -> {r}
            %1 = stablehlo.reduce(%x init: %hi) applies stablehlo.minimum across dimensions = [0] : ({t}, tensor<f32>) -> {r}
            return %0, %1 : {r}, {r}
          }}
        }}"""
    normal = np.ones(cols, bool)
    if cols > 2:
        normal[1] = False
    for data in (clean, x):
        with np.errstate(invalid="ignore"):
            want_max, want_min = data.max(axis=0), data.min(axis=0)
        for isa in ISAS:
            one = run_isa(driver, tmp_path, prog, isa, data, extra_env={"JAXLIB_CPU_THREADS": "1"})
            got = run_isa(driver, tmp_path, prog, isa, data, extra_env={"JAXLIB_CPU_THREADS": "4"})
            assert all(a.tobytes() == b.tobytes() for a, b in zip(got, one, strict=True)), (
                f"{cols} columns at {isa or 'native'}: expected the bits of one thread's fold")
            assert np.array_equal(got[0][normal], want_max[normal], equal_nan=True), (
                f"{cols} columns at {isa or 'native'}: expected numpy's max")
            assert np.array_equal(got[1][normal], want_min[normal], equal_nan=True), (
                f"{cols} columns at {isa or 'native'}: expected numpy's min")


@pytest.mark.parametrize("cols", [20, 33, 96, 200])
def test_per_row_values_over_rows_shorter_than_a_tile_are_repeated_exactly(driver, tmp_path, cols):  # noqa: F811
    """(x - m[:, None]) * s[:, None] * g + b, a layer norm's last step with its statistics given:
    the per-row values are repeated along rows of 20 to 200 elements into the loop's tiles (a
    tile holds parts of several rows). One subtract and three products or sums: numpy's float32
    values exactly, at every ISA."""
    n = 1500
    rng = np.random.default_rng(cols + 7)
    x = rng.standard_normal((n, cols)).astype(np.float32)
    m = rng.standard_normal(n).astype(np.float32)
    s = rng.standard_normal(n).astype(np.float32)
    g = rng.standard_normal(cols).astype(np.float32)
    b = rng.standard_normal(cols).astype(np.float32)
    t = f"tensor<{n}x{cols}xf32>"
    prog = f"""
        {MOD}
          func.func public @main(%x: {t}, %m: tensor<{n}xf32>, %s: tensor<{n}xf32>, %g: tensor<{cols}xf32>, %b: tensor<{cols}xf32>) -> {t} {{
            %0 = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<{n}xf32>) -> {t}
            %1 = stablehlo.subtract %x, %0 : {t}
            %2 = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<{n}xf32>) -> {t}
            %3 = stablehlo.multiply %1, %2 : {t}
            %4 = stablehlo.broadcast_in_dim %g, dims = [1] : (tensor<{cols}xf32>) -> {t}
            %5 = stablehlo.multiply %3, %4 : {t}
            %6 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<{cols}xf32>) -> {t}
            %7 = stablehlo.add %5, %6 : {t}
            return %7 : {t}
          }}
        }}"""
    want = (x - m[:, None]) * s[:, None] * g + b
    for isa in ISAS:
        got = run_isa(driver, tmp_path, prog, isa, x, m, s, g, b)[0]
        assert got.tobytes() == want.tobytes(), f"rows of {cols} at {isa or 'native'}: expected numpy's float32 values"


def row_order_sum(x: np.ndarray, init: np.float32) -> np.ndarray:
    """The row reducer's order for any row length, in float32: four 16-lane partials from +0 take
    whole 64-element steps, the rest goes 16 at a time into partial 0, then (p0 + p1) + (p2 + p3)
    folds as a tree (tree_sum's) and init is added."""
    n, row = x.shape
    parts = np.zeros((n, 4, 16), np.float32)
    r = 0
    while r + 64 <= row:
        parts = parts + x[:, r:r + 64].reshape(n, 4, 16)
        r += 64
    while r < row:
        chunk = x[:, r:r + 16]
        parts[:, 0, : chunk.shape[1]] = parts[:, 0, : chunk.shape[1]] + chunk
        r += 16
    lanes = (parts[:, 0] + parts[:, 1]) + (parts[:, 2] + parts[:, 3])
    w = 8
    while w >= 1:
        lanes[:, :w] = lanes[:, :w] + lanes[:, w:2 * w]
        w //= 2
    return init + lanes[:, 0]


@pytest.mark.parametrize("row", [33, 77, 100, 200])
def test_row_sums_with_a_tail_keep_the_row_order_bits_at_every_isa(driver, tmp_path, row):  # noqa: F811
    """A row that ends inside a 16-element step (rows of 33, 77, 100, 200) takes its last
    elements from one whole load ending at the row's end, moved down and the rest zeroed at
    AVX-512: the row reducer's order bit for bit, signed zeros, inf and NaN included, at every ISA."""
    n = 16 * 40 + 3
    rng = np.random.default_rng(row + 1)
    x = (rng.standard_normal((n, row)) * 10.0 ** rng.integers(-3, 4, (n, row))).astype(np.float32)
    special = rng.random((n, row))
    x[special < 0.03] = -0.0
    x[(special > 0.03) & (special < 0.035)] = np.inf
    x[(special > 0.035) & (special < 0.04)] = np.nan
    x[5, :] = -0.0
    t, r = f"tensor<{n}x{row}xf32>", f"tensor<{n}xf32>"
    prog = f"""
        {MOD}
          func.func public @main(%x: {t}) -> {r} {{
            %z = stablehlo.constant dense<-0.0> : tensor<f32>
            %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : ({t}, tensor<f32>) -> {r}
            return %0 : {r}
          }}
        }}"""
    with np.errstate(invalid="ignore"):
        want = row_order_sum(x, np.float32(-0.0))
    for isa in ISAS:
        got = run_isa(driver, tmp_path, prog, isa, x)[0]
        assert got.tobytes() == want.tobytes(), f"rows of {row} at {isa or 'native'}: expected the row order's sums"


@pytest.mark.parametrize("cols", [10, 33, 256])
def test_softmax_of_scaled_scores_multiplies_as_it_reads(driver, tmp_path, cols):  # noqa: F811
    """softmax(x * 0.17) (attention's scaled scores): the kernel reads x and multiplies each
    block of rows by the constant itself (no fused loop writing x * c first), the bits of the
    unrewritten multiply, reduces and elementwise ops at every ISA."""
    rows = 16 * 37 + 5
    rng = np.random.default_rng(cols + 1)
    x = (rng.standard_normal((rows, cols)) * 30).astype(np.float32)
    x[1, :] = -np.inf
    x[2, 0] = np.nan
    x[3, :] = 1e-40
    text = softmax_program(rows, cols)
    t = f"tensor<{rows}x{cols}xf32>"
    text = text.replace(f"func.func public @main(%x: {t}) -> {t} {{",
                        f"func.func public @main(%a: {t}) -> {t} {{\n"
                        f"            %c8 = stablehlo.constant dense<1.700000e-01> : {t}\n"
                        f"            %x = stablehlo.multiply %a, %c8 : {t}")
    for isa in ISAS:
        err: list[str] = []
        got = run_isa(driver, tmp_path, text, isa, x, extra_env={"JAXLIB_DUMP_PLAN": "1"}, stderr=err)[0]
        steps = [ln for ln in err[0].splitlines() if ln.startswith("%") and "@const" not in ln]
        assert len(steps) == 1 and "custom_call" in steps[0], f"expected the softmax kernel alone, plan:\n{err[0]}"
        ref = run_isa(driver, tmp_path, text, isa, x, extra_env={"JAXLIB_CPU_DISABLE_SOFTMAX_KERNEL": "1"})[0]
        assert got.tobytes() == ref.tobytes(), f"rows of {cols} at {isa or 'native'}: expected the unrewritten ops' bits"
