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


def max_min_reference(x: np.ndarray, idx: np.ndarray, u: np.ndarray, is_max: bool, swapped: bool) -> np.ndarray:
    """Sequential f32 scatter max/min with XLA's rules, computed per target on order keys.

    Non-NaN values: the max/min of the touched target's flushed values by total-order key (-0 <
    +0); an untouched target keeps its bits. NaN: op(x, u) keeps the first NaN of [x0, u...],
    op(u, x) (`swapped`) the last one.
    """
    m = len(x)
    ok = (idx >= 0) & (idx < m)
    i, v = idx[ok], u[ok]

    def keys(a: np.ndarray) -> np.ndarray:
        b = a.view(np.uint32).copy()
        b = np.where((b & 0x7F800000) == 0, b & 0x80000000, b).astype(np.uint32)
        return (b ^ ((b.view(np.int32) >> 31).view(np.uint32) >> 1)).view(np.int32)

    def bits(k: np.ndarray) -> np.ndarray:
        k = k.view(np.uint32)
        return (k ^ ((k.view(np.int32) >> 31).view(np.uint32) >> 1)).view(np.float32)

    good = ~np.isnan(v)
    acc = keys(x)
    (np.maximum if is_max else np.minimum).at(acc, i[good], keys(v[good]))
    touched = np.zeros(m, bool)
    touched[i] = True
    out = np.where(touched & ~np.isnan(x), bits(acc), x).astype(np.float32)
    nan_at = np.flatnonzero(~good)
    x_nan = np.isnan(x)
    for k in (nan_at if swapped else nan_at[::-1]):  # the winner is written last
        t = i[k]
        if swapped or not x_nan[t]:
            out[t] = v[k]
    return out


@pytest.mark.parametrize("isa", ["", "avx2", "baseline"])
@pytest.mark.parametrize(("m", "specials"), [(1024, False), (1024, True), (64, True), (3000, False), (6000, True)])
@pytest.mark.parametrize(("op", "swapped"), [("maximum", False), ("minimum", False), ("maximum", True)])
def test_scatter_max_min_many_updates_into_a_small_target(driver, tmp_path, monkeypatch, op, swapped, m, specials, isa):  # noqa: F811
    # segment_max's shape: far more updates than targets, so each range of updates folds into a
    # private copy (16 lane copies on AVX-512 up to 2048 targets; one copy of order keys
    # otherwise; a chunk holding a NaN folds values in order) and the copies combine in order.
    monkeypatch.setenv("JAXLIB_CPU_ISA", isa)
    rng = np.random.default_rng(m + 7 * swapped)
    n = 150001  # not a multiple of a block: the tails run
    x = np.full(m, -np.inf if op == "maximum" else np.inf, np.float32)
    x[: m // 2] = rng.standard_normal(m // 2).astype(np.float32)
    idx = rng.integers(-3, m + 3, size=(n, 1)).astype(np.int32)
    u = rng.standard_normal(n).astype(np.float32)
    if specials:  # NaN updates, signed zeros, denormals in the updates and in the target
        sp = np.array([np.nan, -np.nan, 0.0, -0.0, 1e-40, -1e-40, np.inf, -np.inf], np.float32)
        u[rng.integers(0, n, size=300)] = sp[rng.integers(0, len(sp), size=300)]
        x[:5] = [-0.0, 0.0, np.nan, 1e-39, -1e-39]
    else:  # zeros of both signs, no NaN: the key path decides signed zeros alone
        u[rng.integers(0, n, size=300)] = np.where(rng.random(300) < 0.5, 0.0, -0.0).astype(np.float32)
    a, b = ("%b", "%a") if swapped else ("%a", "%b")
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<{m}xf32>, %i: tensor<{n}x1xi32>, %u: tensor<{n}xf32>) -> tensor<{m}xf32> {{
        %0 = "stablehlo.scatter"(%x, %i, %u) <{{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}}> ({{
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %s = stablehlo.{op} {a}, {b} : tensor<f32>
          stablehlo.return %s : tensor<f32>
        }}) : (tensor<{m}xf32>, tensor<{n}x1xi32>, tensor<{n}xf32>) -> tensor<{m}xf32>
        return %0 : tensor<{m}xf32>
      }}
    }}"""
    (got,) = run(driver, tmp_path, mlir, x, idx, u)
    want = max_min_reference(x, idx[:, 0], u, op == "maximum", swapped)
    bad = got.view(np.uint32) != want.view(np.uint32)
    assert not bad.any(), f"bits differ at {np.flatnonzero(bad)[:8]}: {got[bad][:4]} vs {want[bad][:4]}"


def test_scatter_max_reference_matches_the_sequential_rule():
    # The vectorised reference above against XLA's scalar rule applied update by update.
    rng = np.random.default_rng(5)
    m, n = 6, 3000
    sp = np.array([np.nan, 0.0, -0.0, 1e-40, -1e-40, np.inf, -np.inf], np.float32)
    for swapped in (False, True):
        for is_max in (True, False):
            x = rng.standard_normal(m).astype(np.float32)
            x[:3] = [np.nan, -0.0, 1e-39]
            idx = rng.integers(-1, m + 1, size=n)
            u = rng.standard_normal(n).astype(np.float32)
            u[rng.integers(0, n, size=100)] = sp[rng.integers(0, len(sp), size=100)]
            u[rng.integers(0, n, size=5)] = np.float32(-np.nan)
            want = x.copy()
            for k in range(n):
                j = idx[k]
                if 0 <= j < m:
                    want[j] = xla_max(u[k], want[j], is_max) if swapped else xla_max(want[j], u[k], is_max)
            got = max_min_reference(x, idx, u, is_max, swapped)
            assert np.array_equal(got.view(np.uint32), want.view(np.uint32)), (swapped, is_max)


@pytest.mark.parametrize("isa", ["", "avx2"])
@pytest.mark.parametrize(("op", "ty", "np_ty"), [("add", "i32", np.int32), ("maximum", "i32", np.int32),
                                                 ("minimum", "ui8", np.uint8), ("multiply", "i64", np.int64),
                                                 ("or", "i1", np.bool_)])
def test_integer_scatter_many_updates_into_a_small_target(driver, tmp_path, monkeypatch, op, ty, np_ty, isa):  # noqa: F811
    # Integer and pred monoids fold into private copies from their identity (exact: wrapping
    # arithmetic is associative), combined in order.
    monkeypatch.setenv("JAXLIB_CPU_ISA", isa)
    rng = np.random.default_rng(11)
    m, n = 500, 120000
    if np_ty == np.bool_:
        x = rng.random(m) < 0.1
        u = rng.random(n) < 0.001
    else:
        info = np.iinfo(np_ty)
        hi = 7 if op == "multiply" else info.max
        x = rng.integers(max(info.min, -hi), hi, size=m, endpoint=True).astype(np_ty)
        u = rng.integers(max(info.min, -hi), hi, size=n, endpoint=True).astype(np_ty)
    idx = rng.integers(-2, m + 2, size=(n, 1)).astype(np.int32)
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<{m}x{ty}>, %i: tensor<{n}x1xi32>, %u: tensor<{n}x{ty}>) -> tensor<{m}x{ty}> {{
        %0 = "stablehlo.scatter"(%x, %i, %u) <{{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}}> ({{
        ^bb0(%a: tensor<{ty}>, %b: tensor<{ty}>):
          %s = stablehlo.{op} %a, %b : tensor<{ty}>
          stablehlo.return %s : tensor<{ty}>
        }}) : (tensor<{m}x{ty}>, tensor<{n}x1xi32>, tensor<{n}x{ty}>) -> tensor<{m}x{ty}>
        return %0 : tensor<{m}x{ty}>
      }}
    }}"""
    (got,) = run(driver, tmp_path, mlir, x, idx, u)
    ok = (idx[:, 0] >= 0) & (idx[:, 0] < m)
    want = x.copy()
    ufunc = {"add": np.add, "maximum": np.maximum, "minimum": np.minimum, "multiply": np.multiply,
             "or": np.logical_or}[op]
    with np.errstate(over="ignore"):
        ufunc.at(want, idx[ok, 0], u[ok])
    assert np.array_equal(got.astype(np_ty), want), f"{op} {ty}: {np.flatnonzero(got != want)[:8]}"


@pytest.mark.parametrize(("channels", "dtype"), [(3, "f32"), (4, "f32"), (5, "i16"), (2, "f64"), (40, "f32")])
def test_pixel_gather_copies_each_window_as_one_run(driver, tmp_path, channels, dtype):  # noqa: F811
    """img[i, j] for a million-pixel image: each window is the pixel's channels, one run of bytes
    in the image and in the result (copied whole, prefetched a group ahead); indices past either
    edge clamp. Exactly numpy's pixels."""
    np_dtype = {"f32": np.float32, "i16": np.int16, "f64": np.float64}[dtype]
    h, w, n = 1000, 1031, 70001
    rng = np.random.default_rng(channels)
    img = (rng.standard_normal((h, w, channels)) * 100).astype(np_dtype)
    ij = np.stack([rng.integers(-5, h + 5, n), rng.integers(-5, w + 5, n)], axis=1).astype(np.int32)
    xt, rt = f"tensor<{h}x{w}x{channels}x{dtype}>", f"tensor<{n}x{channels}x{dtype}>"
    prog = f"""
        {MOD}
          func.func public @main(%img: {xt}, %ij: tensor<{n}x2xi32>) -> {rt} {{
            %0 = "stablehlo.gather"(%img, %ij) <{{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, {channels}>}}> : ({xt}, tensor<{n}x2xi32>) -> {rt}
            return %0 : {rt}
          }}
        }}"""
    got = run_isa(driver, tmp_path, prog, "", img, ij)[0]
    want = img[np.clip(ij[:, 0], 0, h - 1), np.clip(ij[:, 1], 0, w - 1)]
    assert got.tobytes() == want.tobytes(), f"{channels} x {dtype}: expected numpy's clamped pixels"


# (lhs, rhs, batching dims, contracting dims): a matrix-vector product per batch (vmap(m @ v)),
# a rotation per point, 4x4 transforms, a transposed left operand, two batch dims.
TINY_PRODUCTS = [
    ((3000, 8, 8), (3000, 8), ([0], [0]), ([2], [1])),
    ((5000, 3, 3), (5000, 3), ([0], [0]), ([2], [1])),
    ((2000, 4, 4), (2000, 4, 4), ([0], [0]), ([2], [1])),
    ((2000, 5, 3), (2000, 5, 2), ([0], [0]), ([1], [1])),
    ((40, 30, 2, 6), (40, 30, 6, 3), ([0, 1], [0, 1]), ([3], [2])),
]


@pytest.mark.parametrize("case", range(len(TINY_PRODUCTS)))
def test_many_tiny_products_match_float64(driver, tmp_path, case):  # noqa: F811
    """Batched products of a few multiply-adds each run on the built-in GEMM a range of batches
    per call: within rounding of a float64 einsum, the same bits at every ISA."""
    ls, rs, (lb, rb), (lc, rc) = TINY_PRODUCTS[case]
    rng = np.random.default_rng(40 + case)
    a = rng.standard_normal(ls).astype(np.float32)
    b = rng.standard_normal(rs).astype(np.float32)
    letters = "abcdefgh"
    lsub, rsub = list(letters[:len(ls)]), list(letters[len(ls):len(ls) + len(rs)])
    for x, y in zip(lb, rb, strict=True):
        rsub[y] = lsub[x]
    for x, y in zip(lc, rc, strict=True):
        rsub[y] = lsub[x]
    batch = [lsub[d] for d in lb]
    out = batch + [lsub[d] for d in range(len(ls)) if d not in lb and d not in lc] + \
        [rsub[d] for d in range(len(rs)) if d not in rb and d not in rc]
    want = np.einsum(f"{''.join(lsub)},{''.join(rsub)}->{''.join(out)}", a.astype(np.float64), b.astype(np.float64))

    def t(shape):
        return "tensor<" + "x".join(map(str, shape)) + "xf32>"

    prog = f"""
        {MOD}
          func.func public @main(%a: {t(ls)}, %b: {t(rs)}) -> {t(want.shape)} {{
            %0 = stablehlo.dot_general %a, %b, batching_dims = {lb} x {rb}, contracting_dims = {lc} x {rc} : ({t(ls)}, {t(rs)}) -> {t(want.shape)}
            return %0 : {t(want.shape)}
          }}
        }}"""
    outs = [run_isa(driver, tmp_path, prog, isa, a, b)[0] for isa in ISAS]
    np.testing.assert_allclose(outs[-1], want, rtol=1e-5, atol=1e-5)
    assert all(o.tobytes() == outs[-1].tobytes() for o in outs), "expected the same bits at every ISA"


@pytest.mark.parametrize(("shape", "ity", "components"),
                         [((300, 257, 3), "i32", [0, 1]), ((40, 50, 2, 5), "i64", [1, 0]), ((30, 20, 7), "ui32", [0, 1])])
def test_window_gather_of_concatenated_indices_clamps_each_component(driver, tmp_path, shape, ity, components):  # noqa: F811
    """img[i, j] with i, j separate index arrays (JAX's concatenated index vectors) and the
    trailing dims whole (a pixel's channels): gathered as rows of the window at a row offset
    computed elementwise, every component clamped. Exactly numpy's pixels."""
    k = len(components)
    n = 50001
    rng = np.random.default_rng(len(shape) + k)
    x = rng.standard_normal(shape).astype(np.float32)
    np_ity = {"i32": np.int32, "i64": np.int64, "ui32": np.uint32}[ity]
    low = 0 if ity == "ui32" else -4
    idx = [rng.integers(low, shape[components[c]] + 4, n).astype(np_ity) for c in range(k)]
    window = shape[k:]
    xt = "tensor<" + "x".join(map(str, shape)) + "xf32>"
    rt = f"tensor<{n}x" + "x".join(map(str, window)) + "xf32>"
    it, ct = f"tensor<{n}x{ity}>", f"tensor<{n}x1x{ity}>"
    args = ", ".join(f"%i{c}: {it}" for c in range(k))
    lines = [f"%b{c} = stablehlo.broadcast_in_dim %i{c}, dims = [0] : ({it}) -> {ct}" for c in range(k)]
    cat = ", ".join(f"%b{c}" for c in range(k))
    lines.append(f"%cat = stablehlo.concatenate {cat}, dim = 1 : ({', '.join([ct] * k)}) -> tensor<{n}x{k}x{ity}>")
    collapsed = ", ".join(str(d) for d in range(k))
    offsets = ", ".join(str(1 + d) for d in range(len(window)))
    sizes = ", ".join(["1"] * k + [str(w) for w in window])
    lines.append(
        f'%g = "stablehlo.gather"(%x, %cat) <{{dimension_numbers = #stablehlo.gather<offset_dims = [{offsets}], '
        f"collapsed_slice_dims = [{collapsed}], start_index_map = [{', '.join(map(str, components))}], "
        f"index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: {sizes}>}}> : "
        f"({xt}, tensor<{n}x{k}x{ity}>) -> {rt}")
    body = "\n        ".join(lines)
    prog = f"""
    {MOD}
      func.func public @main(%x: {xt}, {args}) -> {rt} {{
        {body}
        return %g : {rt}
      }}
    }}"""
    err: list[str] = []
    got = run_isa(driver, tmp_path, prog, "", x, *idx, extra_env={"JAXLIB_DUMP_PLAN": "1"}, stderr=err)[0]
    pos = [None] * k
    for c in range(k):
        pos[components[c]] = np.clip(idx[c].astype(np.int64), 0, shape[components[c]] - 1)
    want = x[tuple(pos)]
    assert got.tobytes() == want.tobytes(), "expected numpy's clamped windows"
    assert "stablehlo.concatenate" not in err[0].split("compile ")[0], "expected no index array built"
