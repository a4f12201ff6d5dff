"""Gather, scatter and search programs of issue 12 against numpy, through the standalone driver.

Point gathers (x[i, j]) over a concatenation of index arrays read the flattened operand with
every component clamped; a binary search loop (JAX's searchsorted, method='scan') runs
strip-mined with its gather of midpoints inside, bit for bit as the whole-array loop; scatter
and segment max/min keep XLA's NaN, signed-zero and denormal rules with duplicate indices.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_compiler_driver import driver, run  # noqa: F401  (driver is a fixture)
from test_cpu_algorithms import run_traced
from test_cpu_isa_paths import ISAS, run_isa

MOD = 'module @m attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {'


def point_gather_program(shape: tuple[int, ...], n: int, ity: str, components: list[int]) -> str:
    """x[i0, i1, ...] as JAX lowers it: unit broadcasts of each index array, concatenated."""
    xt = "tensor<" + "x".join(map(str, shape)) + "xf32>"
    it, ct = f"tensor<{n}x{ity}>", f"tensor<{n}x1x{ity}>"
    k = len(components)
    args = ", ".join(f"%i{c}: {it}" for c in range(k))
    lines = [f"%b{c} = stablehlo.broadcast_in_dim %i{c}, dims = [0] : ({it}) -> {ct}" for c in range(k)]
    cat = ", ".join(f"%b{c}" for c in range(k))
    lines.append(f"%cat = stablehlo.concatenate {cat}, dim = 1 : ({', '.join([ct] * k)}) -> tensor<{n}x{k}x{ity}>")
    collapsed = ", ".join(str(d) for d in range(len(shape)))
    smap = ", ".join(map(str, components))
    ones = ", ".join("1" for _ in shape)
    lines.append(
        f'%g = "stablehlo.gather"(%x, %cat) <{{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = '
        f"[{collapsed}], start_index_map = [{smap}], index_vector_dim = 1>, indices_are_sorted = false, "
        f"slice_sizes = array<i64: {ones}>}}> : ({xt}, tensor<{n}x{k}x{ity}>) -> tensor<{n}xf32>")
    body = "\n        ".join(lines)
    return f"""
    {MOD}
      func.func public @main(%x: {xt}, {args}) -> tensor<{n}xf32> {{
        {body}
        return %g : tensor<{n}xf32>
      }}
    }}"""


@pytest.mark.parametrize(
    ("shape", "ity", "components"),
    [((300, 257), "i32", [0, 1]), ((7, 11, 13), "i64", [0, 1, 2]), ((9, 40), "ui32", [1, 0]),
     ((5, 6, 7), "i32", [2, 0])],
)
@pytest.mark.parametrize("isa", ["", "avx2", "baseline"])
def test_point_gather_of_concatenated_indices_clamps_each_component(
        driver, tmp_path, monkeypatch, shape, ity, components, isa):  # noqa: F811
    monkeypatch.setenv("JAXLIB_CPU_ISA", isa)
    rng = np.random.default_rng(21)
    n = 1000
    x = rng.standard_normal(shape).astype(np.float32)
    np_ity = {"i32": np.int32, "i64": np.int64, "ui32": np.uint32}[ity]
    idx = []
    for c in components:
        lo = 0 if ity == "ui32" else -4
        v = rng.integers(lo, shape[c] + 4, size=n).astype(np_ity)
        if ity == "ui32":
            v[:3] = np.uint32(0xFFFFFFFF)  # huge unsigned starts clamp to the last element
        idx.append(v)
    (got,) = run(driver, tmp_path, point_gather_program(shape, n, ity, components), x, *idx)
    pos = [np.zeros(n, np.int64) for _ in shape]
    for c, v in zip(components, idx, strict=True):
        pos[c] = np.clip(v.astype(np.int64), 0, shape[c] - 1)
    want = x[tuple(pos)]
    assert got.tobytes() == want.tobytes(), "each start component clamped into its own dimension"


def searchsorted_program(m: int, n: int, steps: int, side_le: bool) -> str:
    """JAX's searchsorted(method='scan'): a fori_loop halving [lo, hi) per query, u32 indices."""
    st, qt, ut, ct = f"tensor<{m}xf32>", f"tensor<{n}xf32>", f"tensor<{n}xui32>", f"tensor<{n}x1xui32>"
    cmp = "LE" if side_le else "LT"
    return f"""
    {MOD}
      func.func public @main(%s: {st}, %q: {qt}) -> {ut} {{
        %z = stablehlo.constant dense<0> : {ut}
        %top = stablehlo.constant dense<{m}> : {ut}
        %c0 = stablehlo.constant dense<0> : tensor<i32>
        %r:5 = stablehlo.while(%a = %s, %b = %q, %i = %c0, %lo = %z, %hi = %top) : {st}, {qt}, tensor<i32>, {ut}, {ut}
        cond {{
          %lim = stablehlo.constant dense<{steps}> : tensor<i32>
          %p = stablehlo.compare LT, %i, %lim, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
          stablehlo.return %p : tensor<i1>
        }} do {{
          %d = stablehlo.subtract %hi, %lo : {ut}
          %two = stablehlo.constant dense<2> : {ut}
          %h = stablehlo.divide %d, %two : {ut}
          %mid = stablehlo.add %lo, %h : {ut}
          %mi = stablehlo.broadcast_in_dim %mid, dims = [0] : ({ut}) -> {ct}
          %g = "stablehlo.gather"(%a, %mi) <{{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}}> : ({st}, {ct}) -> tensor<{n}x1xf32>
          %v = stablehlo.reshape %g : (tensor<{n}x1xf32>) -> {qt}
          %go = stablehlo.compare {cmp}, %b, %v, TOTALORDER : ({qt}, {qt}) -> tensor<{n}xi1>
          %lo1 = stablehlo.select %go, %lo, %mid : tensor<{n}xi1>, {ut}
          %hi1 = stablehlo.select %go, %mid, %hi : tensor<{n}xi1>, {ut}
          %one = stablehlo.constant dense<1> : tensor<i32>
          %i1 = stablehlo.add %i, %one : tensor<i32>
          stablehlo.return %a, %b, %i1, %lo1, %hi1 : {st}, {qt}, tensor<i32>, {ut}, {ut}
        }}
        return %r#4 : {ut}
      }}
    }}"""


@pytest.mark.parametrize("isa", ["", "avx2", "baseline"])
@pytest.mark.parametrize(("m", "n", "side_le"), [(1000, 200003, False), (257, 150001, True), (5, 7000, False)])
def test_binary_search_loop_with_gather_runs_strip_mined(driver, tmp_path, monkeypatch, m, n, side_le, isa):  # noqa: F811
    # The midpoints are u32: the vector gather clamps them as unsigned at every ISA.
    monkeypatch.setenv("JAXLIB_CPU_ISA", isa)
    rng = np.random.default_rng(m)
    s = np.sort(rng.integers(-50, 50, size=m).astype(np.float32))  # duplicates: the side matters
    q = (rng.integers(-60, 60, size=n) + 0.5 * rng.integers(0, 2, size=n)).astype(np.float32)
    q[:4] = [np.inf, -np.inf, s[0], s[-1]]
    steps = int(np.ceil(np.log2(m + 1)))
    prog = searchsorted_program(m, n, steps, side_le)
    monkeypatch.setenv("JAXLIB_CPU_THREADS", "2")
    (mined,), traced = run_traced(driver, tmp_path, monkeypatch, prog, (s, q), disable=False)
    assert traced, "expected the search loop (a gather of midpoints per step) to run strip-mined"
    (whole,), traced_off = run_traced(driver, tmp_path, monkeypatch, prog, (s, q), disable=True)
    assert not traced_off
    assert mined.tobytes() == whole.tobytes(), "expected the strip-mined loop's bits"
    want = np.searchsorted(s, q, side="left" if side_le else "right").astype(np.uint32)  # LE: left
    assert np.array_equal(mined, want), "expected numpy's searchsorted"


def xla_max(a: np.float32, b: np.float32, is_max: bool) -> np.float32:
    """XLA's f32 max/min: denormals flushed, NaN propagates (first operand's first), +0 > -0."""
    def flush(v):
        return np.float32(np.copysign(0.0, v)) if v != 0 and abs(v) < np.finfo(np.float32).tiny else v
    a, b = flush(a), flush(b)
    if np.isnan(a):
        return a
    if np.isnan(b):
        return b
    if a == b:
        neg_a = np.signbit(a)
        return (b if neg_a else a) if is_max else (a if neg_a else b)
    return max(a, b) if is_max else min(a, b)


@pytest.mark.parametrize("isa", ["", "avx2", "baseline"])
@pytest.mark.parametrize("m", [64, 4096])
@pytest.mark.parametrize("op", ["maximum", "minimum"])
def test_scatter_max_min_with_duplicates_nan_zeros_and_denormals(driver, tmp_path, monkeypatch, op, m, isa):  # noqa: F811
    # 64 bins: most blocks of 16 updates repeat an index (one by one); 4096 bins: most do not
    # (AVX-512 and AVX2 update the block at once). Same bits either way, and at every ISA.
    monkeypatch.setenv("JAXLIB_CPU_ISA", isa)
    rng = np.random.default_rng(31)
    n = 5000 if m == 64 else 20000
    x = rng.standard_normal(m).astype(np.float32)
    idx = rng.integers(-2, m + 2, size=(n, 1)).astype(np.int32)  # duplicates and out-of-range
    u = rng.standard_normal(n).astype(np.float32)
    specials = np.array([np.nan, 0.0, -0.0, 1e-40, -1e-40, np.inf, -np.inf], np.float32)
    u[rng.integers(0, n, size=60)] = specials[rng.integers(0, len(specials), size=60)]
    x[:4] = [-0.0, 0.0, 1e-39, np.nan]
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<{m}xf32>, %i: tensor<{n}x1xi32>, %u: tensor<{n}xf32>) -> tensor<{m}xf32> {{
        %0 = "stablehlo.scatter"(%x, %i, %u) <{{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}}> ({{
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %s = stablehlo.{op} %a, %b : tensor<f32>
          stablehlo.return %s : tensor<f32>
        }}) : (tensor<{m}xf32>, tensor<{n}x1xi32>, tensor<{n}xf32>) -> tensor<{m}xf32>
        return %0 : tensor<{m}xf32>
      }}
    }}"""
    (got,) = run(driver, tmp_path, mlir, x, idx, u)
    want = x.copy()
    for k in range(n):
        j = idx[k, 0]
        if 0 <= j < m:
            want[j] = xla_max(want[j], u[k], op == "maximum")
    assert np.array_equal(np.isnan(got), np.isnan(want)), "NaN positions"
    ok = np.isnan(want) | (got.view(np.uint32) == want.view(np.uint32))
    assert ok.all(), f"bits differ at {np.flatnonzero(~ok)[:8]}"


@pytest.mark.parametrize(("ity", "np_ity"), [("ui32", np.uint32), ("ui8", np.uint8), ("ui64", np.uint64)])
def test_unsigned_divide_by_power_of_two_constant(driver, tmp_path, ity, np_ity):  # noqa: F811
    # x / 2^k on unsigned integers becomes a logical shift: exact over the whole range, the top
    # bit included; a divisor that is no power of two (3) stays a divide.
    n = 1000
    info = np.iinfo(np_ity)
    x = np.random.default_rng(41).integers(0, int(info.max), size=n, dtype=np.uint64, endpoint=True).astype(np_ity)
    x[:3] = [0, 1, info.max]
    t = f"tensor<{n}x{ity}>"
    top = int(info.max) // 2 + 1  # 2^(bits-1)
    mlir = f"""
    {MOD}
      func.func public @main(%x: {t}) -> ({t}, {t}, {t}, {t}) {{
        %c2 = stablehlo.constant dense<2> : {t}
        %c1 = stablehlo.constant dense<1> : {t}
        %ct = stablehlo.constant dense<{top}> : tensor<{ity}>
        %bt = stablehlo.broadcast_in_dim %ct, dims = [] : (tensor<{ity}>) -> {t}
        %c3 = stablehlo.constant dense<3> : {t}
        %a = stablehlo.divide %x, %c2 : {t}
        %b = stablehlo.divide %x, %c1 : {t}
        %c = stablehlo.divide %x, %bt : {t}
        %d = stablehlo.divide %x, %c3 : {t}
        return %a, %b, %c, %d : {t}, {t}, {t}, {t}
      }}
    }}"""
    got = run(driver, tmp_path, mlir, x)
    for g, k in zip(got, [2, 1, top, 3], strict=True):
        assert np.array_equal(g, x // np_ity(k)), f"x / {k} on {ity}"


@pytest.mark.parametrize("ety", ["f32", "i32"])
def test_take_along_axis0_with_batching_dims_clamps_every_index(driver, tmp_path, ety):  # noqa: F811
    """jnp.take_along_axis(x, idx, axis=0) as JAX lowers it (the column is a batching dim):
    out[i, j] = x[clamp(idx[i, j]), j], a vector gather per row whose lanes step through the
    columns; 37 columns leave a tail after the vector lanes; indices below 0 and past the end
    are clamped as StableHLO's gather does."""
    r, c, n = 50, 37, 23
    t = f"tensor<{r}x{c}x{ety}>"
    it, o = f"tensor<{n}x{c}x1xi32>", f"tensor<{n}x{c}x{ety}>"
    text = f"""{MOD}
  func.func public @main(%x: {t}, %i: tensor<{n}x{c}xi32>) -> {o} {{
    %r = stablehlo.reshape %i : (tensor<{n}x{c}xi32>) -> {it}
    %g = "stablehlo.gather"(%x, %r) <{{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0],
      operand_batching_dims = [1], start_indices_batching_dims = [1], start_index_map = [0], index_vector_dim = 2>,
      indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}}> : ({t}, {it}) -> {o}
    return %g : {o}
  }}
}}
"""
    rng = np.random.default_rng(11)
    x = (rng.standard_normal((r, c)).astype(np.float32) if ety == "f32"
         else rng.integers(-1000, 1000, size=(r, c)).astype(np.int32))
    idx = rng.integers(-5, r + 5, size=(n, c)).astype(np.int32)
    want = np.take_along_axis(x, np.clip(idx, 0, r - 1), axis=0)
    for isa in ISAS:
        got = run_isa(driver, tmp_path, text, isa, x, idx)[0]
        assert got.dtype == want.dtype and got.shape == want.shape
        bad = np.flatnonzero(got != want)
        assert bad.size == 0, f"ISA {isa or 'native'}: {bad.size} wrong, first at {bad[:5]}"
