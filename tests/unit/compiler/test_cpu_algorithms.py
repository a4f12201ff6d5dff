"""Kernel tests of the CPU executor's per-family algorithms (issue 12) against numpy.

Sorts by key codes (NaN and signed-zero order as JAX's comparator gives it, stability, ties,
descending and lexicographic keys, empty and length-1 axes, the general fallback), top_k by
selection, cumulative reduce_window as a scan, typed pooling windows, scatter with duplicate
indices, the FFT kinds at power-of-two, mixed-radix, prime (Bluestein) and four-step lengths,
and in-place updates inside loops. Run through the standalone driver (tests/unit/compiler).
"""

from __future__ import annotations

import os
import subprocess
import textwrap

import numpy as np
import pytest
from test_compiler_driver import driver, run  # noqa: F401  (driver is a fixture)

MOD = 'module @m attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {'

# JAX's float sort comparator: -0 -> +0, NaN -> canonical NaN, then LT TOTALORDER.
JAX_F32_LT = """
      ^bb0(%a: tensor<f32>, %b: tensor<f32>{extra_args}):
        %z = stablehlo.constant dense<0.000000e+00> : tensor<f32>
        %nan = stablehlo.constant dense<0x7FC00000> : tensor<f32>
        %e1 = stablehlo.compare EQ, %a, %z, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %a1 = stablehlo.select %e1, %z, %a : tensor<i1>, tensor<f32>
        %n1 = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %a2 = stablehlo.select %n1, %nan, %a1 : tensor<i1>, tensor<f32>
        %e2 = stablehlo.compare EQ, %b, %z, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %b1 = stablehlo.select %e2, %z, %b : tensor<i1>, tensor<f32>
        %n2 = stablehlo.compare NE, %b, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
        %b2 = stablehlo.select %n2, %nan, %b1 : tensor<i1>, tensor<f32>
        %lt = stablehlo.compare {dir}, %a2, %b2, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
        stablehlo.return %lt : tensor<i1>"""


def sort_program(shape: tuple[int, ...], dim: int, direction: str = "LT", with_index: bool = False) -> str:
    t = "tensor<" + "x".join(str(d) for d in shape) + "xf32>"
    ti = t.replace("f32", "i32")
    if with_index:
        extra = ", %i: tensor<i32>, %j: tensor<i32>"
        body = JAX_F32_LT.format(extra_args=extra, dir=direction)
        return f"""
    {MOD}
      func.func public @main(%x: {t}) -> ({t}, {ti}) {{
        %iota = stablehlo.iota dim = {dim} : {ti}
        %0:2 = "stablehlo.sort"(%x, %iota) <{{dimension = {dim} : i64, is_stable = true}}> ({{{body}
        }}) : ({t}, {ti}) -> ({t}, {ti})
        return %0#0, %0#1 : {t}, {ti}
      }}
    }}"""
    body = JAX_F32_LT.format(extra_args="", dir=direction)
    return f"""
    {MOD}
      func.func public @main(%x: {t}) -> {t} {{
        %0 = "stablehlo.sort"(%x) <{{dimension = {dim} : i64, is_stable = true}}> ({{{body}
        }}) : ({t}) -> {t}
        return %0 : {t}
      }}
    }}"""


def jax_sort_reference(x: np.ndarray, axis: int) -> tuple[np.ndarray, np.ndarray]:
    """Values and indices of a stable sort by JAX's key (-0 == +0, every NaN after +inf)."""
    nan = np.isnan(x)
    key = np.where(nan | (x == 0), np.float32(0), x)
    idx = np.lexsort((key, nan), axis=axis)  # primary: NaN or not; then the value
    return np.take_along_axis(x, idx, axis=axis), idx.astype(np.int32)


SPECIALS = np.array([np.nan, -np.nan, 0.0, -0.0, np.inf, -np.inf, 1.0, -1.0, 1.0, 0.0, -0.0, np.nan], np.float32)


@pytest.mark.parametrize("n", [0, 1, 5, 31, 33, 1000, 70000])
def test_sort_f32_orders_nan_and_zeros_like_jax_and_is_stable(driver, tmp_path, n):  # noqa: F811
    rng = np.random.default_rng(n)
    x = rng.integers(-20, 20, size=n).astype(np.float32)  # many duplicates: stability shows
    x[: min(n, len(SPECIALS))] = SPECIALS[: min(n, len(SPECIALS))]
    rng.shuffle(x)
    vals, idx = run(driver, tmp_path, sort_program((n,), 0, with_index=True), x)
    want_v, want_i = jax_sort_reference(x, 0)
    assert np.array_equal(vals.view(np.uint32), want_v.view(np.uint32)), "sorted values (bits: -0 vs +0 kept, NaNs last)"
    assert np.array_equal(idx, want_i), "argsort indices: a stable sort keeps equal keys in input order"


def test_sort_along_middle_axis_and_descending(driver, tmp_path):  # noqa: F811
    rng = np.random.default_rng(7)
    x = rng.integers(-5, 5, size=(3, 50, 4)).astype(np.float32)
    x[1, 3, 2] = np.nan
    x[2, 7, 0] = -0.0
    (vals,) = run(driver, tmp_path, sort_program((3, 50, 4), 1), x)
    want, _ = jax_sort_reference(x, 1)
    assert np.array_equal(vals.view(np.uint32), want.view(np.uint32)), "sort along axis 1 of [3,50,4]"
    vals, idx = run(driver, tmp_path, sort_program((40,), 0, direction="GT", with_index=True), x[0, :40, 0].copy())
    v = x[0, :40, 0]
    want_i = np.argsort(-v, kind="stable")
    assert np.array_equal(idx, want_i), "GT comparator: descending, ties in input order"
    assert np.array_equal(vals, v[want_i]), "descending values"


def test_lexsort_two_integer_keys(driver, tmp_path):  # noqa: F811
    rng = np.random.default_rng(3)
    a = rng.integers(0, 4, size=300).astype(np.int32)
    b = rng.integers(-3, 3, size=300).astype(np.int32)
    mlir = f"""
    {MOD}
      func.func public @main(%a: tensor<300xi32>, %b: tensor<300xi32>) -> tensor<300xi32> {{
        %iota = stablehlo.iota dim = 0 : tensor<300xi32>
        %0:3 = "stablehlo.sort"(%a, %b, %iota) <{{dimension = 0 : i64, is_stable = true}}> ({{
        ^bb0(%a0: tensor<i32>, %a1: tensor<i32>, %b0: tensor<i32>, %b1: tensor<i32>, %i0: tensor<i32>, %i1: tensor<i32>):
          %2 = stablehlo.compare LT, %b0, %b1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
          %3 = stablehlo.compare LT, %a0, %a1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
          %4 = stablehlo.compare EQ, %a0, %a1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
          %5 = stablehlo.and %4, %2 : tensor<i1>
          %6 = stablehlo.or %3, %5 : tensor<i1>
          stablehlo.return %6 : tensor<i1>
        }}) : (tensor<300xi32>, tensor<300xi32>, tensor<300xi32>) -> (tensor<300xi32>, tensor<300xi32>, tensor<300xi32>)
        return %0#2 : tensor<300xi32>
      }}
    }}"""
    (idx,) = run(driver, tmp_path, mlir, a, b)
    assert np.array_equal(idx, np.lexsort((b, a))), "lexicographic (a, then b) order, stable"


def sort_by_body(n: int, body: str) -> str:
    return f"""
    {MOD}
      func.func public @main(%x: tensor<{n}xf32>) -> tensor<{n}xf32> {{
        %0 = "stablehlo.sort"(%x) <{{dimension = 0 : i64, is_stable = true}}> ({{
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):{body}
        }}) : (tensor<{n}xf32>) -> tensor<{n}xf32>
        return %0 : tensor<{n}xf32>
      }}
    }}"""


def test_sort_by_computed_key_and_by_unrecognised_comparator(driver, tmp_path):  # noqa: F811
    x = np.array([3, -1, 2, -3, 1, 0, -2, 5, -5, 4] * 7, np.float32)
    by_abs = """
          %p = stablehlo.abs %a : tensor<f32>
          %q = stablehlo.abs %b : tensor<f32>
          %r = stablehlo.compare LT, %p, %q, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
          stablehlo.return %r : tensor<i1>"""
    (out,) = run(driver, tmp_path, sort_by_body(70, by_abs), x)
    assert np.array_equal(out, x[np.argsort(np.abs(x), kind="stable")]), "sort by |x| (a computed key), stable"
    # not(b <= a): the same order without NaN, but no form the analysis knows: the general sort.
    negated = """
          %le = stablehlo.compare LE, %b, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
          %r = stablehlo.not %le : tensor<i1>
          stablehlo.return %r : tensor<i1>"""
    (out,) = run(driver, tmp_path, sort_by_body(70, negated), x)
    assert np.array_equal(out, np.sort(x, kind="stable")), "general comparator sort"


def test_float_compare_sort_with_nan_falls_back(driver, tmp_path):  # noqa: F811
    # A plain FLOAT LT comparator with NaN present is no strict weak order: the general sort
    # runs. Without NaN the key path must give the same as numpy's stable sort (-0 == +0).
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<6xf32>) -> tensor<6xf32> {{
        %0 = "stablehlo.sort"(%x) <{{dimension = 0 : i64, is_stable = true}}> ({{
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %r = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
          stablehlo.return %r : tensor<i1>
        }}) : (tensor<6xf32>) -> tensor<6xf32>
        return %0 : tensor<6xf32>
      }}
    }}"""
    x = np.array([0.0, 2.0, -0.0, -1.0, 0.0, -0.0], np.float32)
    (out,) = run(driver, tmp_path, mlir, x)
    assert np.array_equal(out.view(np.uint32), x[np.argsort(x, kind="stable")].view(np.uint32)), "zeros keep input order"
    xn = np.array([2.0, np.nan, 1.0, 0.5, np.nan, -1.0], np.float32)
    (out,) = run(driver, tmp_path, mlir, xn)
    assert out.shape == (6,) and np.isnan(out).sum() == 2, "NaNs survive the general sort"


@pytest.mark.parametrize("rows,length,k", [(3, 10, 1), (4, 64, 8), (2, 5, 5), (5, 1000, 16)])
def test_top_k_ties_by_index_and_nan_largest(driver, tmp_path, rows, length, k):  # noqa: F811
    rng = np.random.default_rng(length)
    x = rng.integers(0, 6, size=(rows, length)).astype(np.float32)  # many ties
    x[0, length // 2] = np.nan
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<{rows}x{length}xf32>) -> (tensor<{rows}x{k}xf32>, tensor<{rows}x{k}xi32>) {{
        %v, %i = chlo.top_k(%x, k = {k}) : tensor<{rows}x{length}xf32> -> (tensor<{rows}x{k}xf32>, tensor<{rows}x{k}xi32>)
        return %v, %i : tensor<{rows}x{k}xf32>, tensor<{rows}x{k}xi32>
      }}
    }}"""
    vals, idx = run(driver, tmp_path, mlir, x)
    key = np.where(np.isnan(x), np.inf, x)
    rank = np.isnan(x).astype(np.int8)
    order = np.lexsort((-key, -rank), axis=1)[:, :k]  # NaN first, then larger, ties by index
    assert np.array_equal(idx, order), "top_k indices: largest first, NaN largest, ties by lower index"
    assert np.array_equal(vals.view(np.uint32), np.take_along_axis(x, order, 1).view(np.uint32)), "top_k values"


def cumulative_program(shape: tuple[int, ...], axis: int, op: str, init: str, dtype: str = "f32",
                       reverse: bool = False, body: str | None = None) -> str:
    """JAX's cumulative reduce_window (reverse: lax.cumsum(reverse=True)'s padding at the end);
    `body` replaces the one-op body's ops (result %s) when given."""
    t = f"tensor<{'x'.join(str(d) for d in shape)}x{dtype}>"
    win = ", ".join(str(shape[d]) if d == axis else "1" for d in range(len(shape)))
    edge = (lambda n: f"[0, {n - 1}]") if reverse else (lambda n: f"[{n - 1}, 0]")
    pad = ", ".join(edge(shape[d]) if d == axis else "[0, 0]" for d in range(len(shape)))
    body = body or f"%s = stablehlo.{op} %a, %b : tensor<{dtype}>"
    ones = ", ".join("1" for _ in shape)
    return f"""
    {MOD}
      func.func public @main(%x: {t}) -> {t} {{
        %init = stablehlo.constant dense<{init}> : tensor<{dtype}>
        %0 = "stablehlo.reduce_window"(%x, %init) <{{base_dilations = array<i64: {ones}>, padding = dense<[{pad}]> : tensor<{len(shape)}x2xi64>, window_dilations = array<i64: {ones}>, window_dimensions = array<i64: {win}>, window_strides = array<i64: {ones}>}}> ({{
        ^bb0(%a: tensor<{dtype}>, %b: tensor<{dtype}>):
          {body}
          stablehlo.return %s : tensor<{dtype}>
        }}) : ({t}, tensor<{dtype}>) -> {t}
        return %0 : {t}
      }}
    }}"""


@pytest.mark.parametrize("shape,axis", [((7,), 0), ((2, 1), 1), ((3, 40), 1), ((50, 6), 0), ((2, 30, 3), 1), ((40000,), 0)])
def test_cumulative_reduce_window_is_a_scan(driver, tmp_path, shape, axis):  # noqa: F811
    x = np.random.default_rng(1).standard_normal(shape).astype(np.float32)
    x.flat[0] = np.nan if x.size > 10 else x.flat[0]
    (s,) = run(driver, tmp_path, cumulative_program(shape, axis, "add", "0.000000e+00"), x)
    want = np.cumsum(x.astype(np.float32), axis=axis, dtype=np.float32)
    assert np.array_equal(s, want, equal_nan=True), "cumsum: a sequential fold from init, as the window fold"
    (m,) = run(driver, tmp_path, cumulative_program(shape, axis, "maximum", "0xFF800000"), x)
    want_m = np.maximum.accumulate(x, axis=axis)  # NaN propagates like XLA's max
    assert np.array_equal(m, want_m, equal_nan=True), "cummax with NaN propagation"


@pytest.mark.parametrize("shape,axis", [((7,), 0), ((3, 40), 1), ((50, 6), 0), ((2, 30, 3), 1), ((40000,), 0)])
def test_reverse_cumulative_reduce_window_is_a_reverse_scan(driver, tmp_path, shape, axis):  # noqa: F811
    x = np.random.default_rng(2).standard_normal(shape).astype(np.float32)
    flip = lambda a: np.flip(a, axis=axis)  # noqa: E731
    (s,) = run(driver, tmp_path, cumulative_program(shape, axis, "add", "0.000000e+00", reverse=True), x)
    want = flip(np.cumsum(flip(x), axis=axis, dtype=np.float32))
    assert np.array_equal(s, want), "reverse cumsum: a right-to-left running sum"
    x.flat[x.size // 2] = np.nan
    (m,) = run(driver, tmp_path, cumulative_program(shape, axis, "maximum", "0xFF800000", reverse=True), x)
    assert np.array_equal(m, flip(np.maximum.accumulate(flip(x), axis=axis)), equal_nan=True), "reverse cummax"
    xi = np.random.default_rng(3).integers(-3, 4, shape).astype(np.int32)
    (p,) = run(driver, tmp_path, cumulative_program(shape, axis, "multiply", "1", "i32", reverse=True), xi)
    assert np.array_equal(p, flip(np.cumprod(flip(xi), axis=axis, dtype=np.int32))), "reverse cumprod of i32"


def test_reverse_cumulative_window_of_a_non_monoid_body_folds_the_window(driver, tmp_path):  # noqa: F811
    # a - b from init 0: no monoid, so no regrouped scan: every output folds its own window
    # left to right, ((0 - x[i]) - x[i+1]) - ..., as the window semantics say.
    x = np.arange(1, 9, dtype=np.int32)
    (s,) = run(driver, tmp_path, cumulative_program((8,), 0, "subtract", "0", "i32", reverse=True), x)
    assert np.array_equal(s, -np.flip(np.cumsum(np.flip(x))).astype(np.int32)), s
    # The same body in a forward window runs as a scan, which folds in the window's order.
    (f,) = run(driver, tmp_path, cumulative_program((8,), 0, "subtract", "0", "i32"), x)
    assert np.array_equal(f, -np.cumsum(x).astype(np.int32)), f


def test_cumulative_int_and_nonidentity_init(driver, tmp_path):  # noqa: F811
    x = np.arange(1, 11, dtype=np.int32)
    (p,) = run(driver, tmp_path, cumulative_program((10,), 0, "multiply", "1", "i32"), x)
    assert np.array_equal(p, np.cumprod(x).astype(np.int32)), "cumprod of i32 (wrapping)"
    # init 5 is not add's identity (no scan): as XLA's CPU emitter (checked with jax 0.10.2),
    # padding positions are skipped and init enters each window once.
    (s,) = run(driver, tmp_path, cumulative_program((10,), 0, "add", "5", "i32"), x)
    assert np.array_equal(s, 5 + np.cumsum(x).astype(np.int32)), "init once per window, padding skipped"


def test_max_pool_window_skips_padding_and_propagates_nan(driver, tmp_path):  # noqa: F811
    x = np.random.default_rng(2).standard_normal((1, 6, 6, 3)).astype(np.float32)
    x[0, 2, 3, 1] = np.nan
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<1x6x6x3xf32>) -> tensor<1x3x3x3xf32> {{
        %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
        %0 = "stablehlo.reduce_window"(%x, %init) <{{padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}}> ({{
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %s = stablehlo.maximum %a, %b : tensor<f32>
          stablehlo.return %s : tensor<f32>
        }}) : (tensor<1x6x6x3xf32>, tensor<f32>) -> tensor<1x3x3x3xf32>
        return %0 : tensor<1x3x3x3xf32>
      }}
    }}"""
    (out,) = run(driver, tmp_path, mlir, x)
    p = np.pad(x, ((0, 0), (0, 1), (0, 1), (0, 0)), constant_values=-np.inf)
    want = np.full((1, 3, 3, 3), -np.inf, np.float32)
    for i in range(3):
        for j in range(3):
            win = p[0, 2 * i:2 * i + 3, 2 * j:2 * j + 3, :]
            want[0, i, j] = np.where(np.isnan(win).any(axis=(0, 1)), np.nan, np.nanmax(win, axis=(0, 1)))
    assert np.array_equal(out, want, equal_nan=True), "3x3/2 max pool, NaN propagates"


@pytest.mark.parametrize("op,stride,wdil", [("maximum", 2, 1), ("add", 1, 2), ("maximum", 3, 2), ("add", 2, 1)])
def test_channels_last_windows_over_strided_rows(driver, tmp_path, op, stride, wdil):  # noqa: F811
    """Channels-last windows add each tap to all output rows along W in one call (window.cc):
    low and high padding, strides, window dilation along W, NaN, against a direct reference."""
    x = np.random.default_rng(11).standard_normal((2, 7, 11, 5)).astype(np.float32)
    x[1, 3, 4, 2] = np.nan
    pad = ((0, 0), (1, 2), (2, 1), (0, 0))
    win = (1, 2, 3, 1)
    n_h = (7 + 3 - 2) // 1 + 1
    n_w = (11 + 3 - ((3 - 1) * wdil + 1)) // stride + 1
    init = "0xFF800000" if op == "maximum" else "0.000000e+00"
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<2x7x11x5xf32>) -> tensor<2x{n_h}x{n_w}x5xf32> {{
        %init = stablehlo.constant dense<{init}> : tensor<f32>
        %0 = "stablehlo.reduce_window"(%x, %init) <{{padding = dense<[[0, 0], [1, 2], [2, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 3, 1>, window_strides = array<i64: 1, 1, {stride}, 1>, window_dilations = array<i64: 1, 1, {wdil}, 1>}}> ({{
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %s = stablehlo.{op} %a, %b : tensor<f32>
          stablehlo.return %s : tensor<f32>
        }}) : (tensor<2x7x11x5xf32>, tensor<f32>) -> tensor<2x{n_h}x{n_w}x5xf32>
        return %0 : tensor<2x{n_h}x{n_w}x5xf32>
      }}
    }}"""
    (out,) = run(driver, tmp_path, mlir, x)
    want = np.empty((2, n_h, n_w, 5), np.float32)
    for n in range(2):
        for i in range(n_h):
            for j in range(n_w):
                vals = [x[n, i + a - pad[1][0], j * stride + b * wdil - pad[2][0]]
                        for a in range(win[1]) for b in range(win[2])
                        if 0 <= i + a - pad[1][0] < 7 and 0 <= j * stride + b * wdil - pad[2][0] < 11]
                v = np.stack(vals) if vals else np.zeros((0, 5), np.float32)
                if op == "maximum":
                    want[n, i, j] = np.where(np.isnan(v).any(axis=0), np.nan, v.max(axis=0, initial=-np.inf))
                else:
                    want[n, i, j] = v.sum(axis=0, dtype=np.float64)
    if op == "maximum":
        assert np.array_equal(out, want, equal_nan=True), "max over each window's in-bounds elements, NaN wins"
    else:
        np.testing.assert_allclose(out, want, rtol=1e-5, atol=1e-5, err_msg="sum over each window's in-bounds elements")


@pytest.mark.parametrize("variadic", [False, True])
def test_window_padding_and_base_dilation_holes_are_skipped_not_folded_as_init(driver, tmp_path, variadic):  # noqa: F811
    # init = 1 is not the identity of add: a window over padding or dilation holes must give 1 +
    # the in-bounds elements, never one more 1 per hole. The one-op body runs the typed loop; the
    # two-operand body (sum and product together, as a JVP pairs them) runs the general path.
    x = np.random.default_rng(4).standard_normal((4, 6)).astype(np.float32)
    t, to = "tensor<4x6xf32>", "tensor<7x7xf32>"
    attrs = ("padding = dense<[[0, 1], [1, 1]]> : tensor<2x2xi64>, base_dilations = array<i64: 2, 1>, "
             "window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 1>")
    if variadic:
        body = f"""
        %0:2 = "stablehlo.reduce_window"(%x, %x, %i, %i) <{{{attrs}}}> ({{
        ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
          %s = stablehlo.add %a, %c : tensor<f32>
          %m = stablehlo.multiply %b, %d : tensor<f32>
          stablehlo.return %s, %m : tensor<f32>, tensor<f32>
        }}) : ({t}, {t}, tensor<f32>, tensor<f32>) -> ({to}, {to})
        return %0#0 : {to}"""
    else:
        body = f"""
        %0 = "stablehlo.reduce_window"(%x, %i) <{{{attrs}}}> ({{
        ^bb0(%a: tensor<f32>, %c: tensor<f32>):
          %s = stablehlo.add %a, %c : tensor<f32>
          stablehlo.return %s : tensor<f32>
        }}) : ({t}, tensor<f32>) -> {to}
        return %0 : {to}"""
    mlir = f"""
    {MOD}
      func.func public @main(%x: {t}, %i: tensor<f32>) -> {to} {{{body}
      }}
    }}"""
    (out,) = run(driver, tmp_path, mlir, x, np.float32(1.0))
    # Base dilation 2 on rows puts x's rows at 0, 2, 4, 6 of a 7-row grid; then one row of
    # padding below and a column on each side.
    grid = np.full((8, 8), np.nan, np.float32)
    grid[0:7:2, 1:7] = x
    want = np.ones((7, 7), np.float32)
    for i in range(7):
        for j in range(7):
            win = grid[i:i + 2, j:j + 2]
            want[i, j] += win[~np.isnan(win)].sum()
    np.testing.assert_allclose(out, want, rtol=1e-6, atol=1e-6)


def test_scatter_add_duplicates_and_out_of_bounds(driver, tmp_path):  # noqa: F811
    rng = np.random.default_rng(5)
    x = rng.standard_normal(50).astype(np.float32)
    idx = rng.integers(-3, 55, size=(200, 1)).astype(np.int32)  # duplicates and out-of-range
    u = rng.standard_normal(200).astype(np.float32)
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<50xf32>, %i: tensor<200x1xi32>, %u: tensor<200xf32>) -> tensor<50xf32> {{
        %0 = "stablehlo.scatter"(%x, %i, %u) <{{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}}> ({{
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %s = stablehlo.add %a, %b : tensor<f32>
          stablehlo.return %s : tensor<f32>
        }}) : (tensor<50xf32>, tensor<200x1xi32>, tensor<200xf32>) -> tensor<50xf32>
        return %0 : tensor<50xf32>
      }}
    }}"""
    (out,) = run(driver, tmp_path, mlir, x, idx, u)
    want = x.copy()
    for k in range(200):  # sequential order, out-of-bounds updates skipped
        if 0 <= idx[k, 0] < 50:
            want[idx[k, 0]] = np.float32(want[idx[k, 0]] + u[k])
    assert np.array_equal(out, want), "scatter-add applies duplicates in order and skips out-of-bounds indices"


def test_scatter_rows_max(driver, tmp_path):  # noqa: F811
    rng = np.random.default_rng(6)
    x = rng.standard_normal((10, 8)).astype(np.float32)
    idx = rng.integers(0, 10, size=(30, 1)).astype(np.int32)
    u = rng.standard_normal((30, 8)).astype(np.float32)
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<10x8xf32>, %i: tensor<30x1xi32>, %u: tensor<30x8xf32>) -> tensor<10x8xf32> {{
        %0 = "stablehlo.scatter"(%x, %i, %u) <{{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}}> ({{
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %s = stablehlo.maximum %a, %b : tensor<f32>
          stablehlo.return %s : tensor<f32>
        }}) : (tensor<10x8xf32>, tensor<30x1xi32>, tensor<30x8xf32>) -> tensor<10x8xf32>
        return %0 : tensor<10x8xf32>
      }}
    }}"""
    (out,) = run(driver, tmp_path, mlir, x, idx, u)
    want = x.copy()
    np.maximum.at(want, idx[:, 0], u)
    assert np.array_equal(out, want), "row scatter with a max body"


FFT_LENGTHS = [1, 2, 8, 12, 97, 500, 1000, 4096, 3 * 8192]


@pytest.mark.parametrize("n", FFT_LENGTHS)
def test_fft_kinds_match_numpy(driver, tmp_path, n):  # noqa: F811
    rng = np.random.default_rng(n)
    x = rng.standard_normal((2, n)).astype(np.float32)
    y = rng.standard_normal((2, n)).astype(np.float32)
    h = n // 2 + 1
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<2x{n}xf32>, %y: tensor<2x{n}xf32>) -> (tensor<2x{n}xcomplex<f32>>, tensor<2x{n}xcomplex<f32>>, tensor<2x{h}xcomplex<f32>>, tensor<2x{n}xf32>) {{
        %c = stablehlo.complex %x, %y : tensor<2x{n}xcomplex<f32>>
        %0 = stablehlo.fft %c, type = FFT, length = [{n}] : (tensor<2x{n}xcomplex<f32>>) -> tensor<2x{n}xcomplex<f32>>
        %1 = stablehlo.fft %c, type = IFFT, length = [{n}] : (tensor<2x{n}xcomplex<f32>>) -> tensor<2x{n}xcomplex<f32>>
        %2 = stablehlo.fft %x, type = RFFT, length = [{n}] : (tensor<2x{n}xf32>) -> tensor<2x{h}xcomplex<f32>>
        %3 = stablehlo.fft %2, type = IRFFT, length = [{n}] : (tensor<2x{h}xcomplex<f32>>) -> tensor<2x{n}xf32>
        return %0, %1, %2, %3 : tensor<2x{n}xcomplex<f32>>, tensor<2x{n}xcomplex<f32>>, tensor<2x{h}xcomplex<f32>>, tensor<2x{n}xf32>
      }}
    }}"""
    f, fi, rf, back = run(driver, tmp_path, mlir, x, y)
    c = x.astype(np.float64) + 1j * y.astype(np.float64)
    scale = np.sqrt(n) * 1e-5 + 1e-6
    np.testing.assert_allclose(f, np.fft.fft(c, axis=-1), atol=scale * 4, err_msg=f"FFT of length {n}")
    np.testing.assert_allclose(fi, np.fft.ifft(c, axis=-1), atol=scale * 4 / n, err_msg=f"IFFT of length {n}")
    np.testing.assert_allclose(rf, np.fft.rfft(x.astype(np.float64), axis=-1), atol=scale * 4, err_msg=f"RFFT of length {n}")
    np.testing.assert_allclose(back, x, atol=1e-5, err_msg=f"IRFFT(RFFT(x)) of length {n}")


def test_fft2_and_irfft_ignores_imaginary_dc(driver, tmp_path):  # noqa: F811
    rng = np.random.default_rng(9)
    x = rng.standard_normal((3, 16, 10)).astype(np.float32)
    y = rng.standard_normal((3, 16, 10)).astype(np.float32)
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<3x16x10xf32>, %y: tensor<3x16x10xf32>) -> (tensor<3x16x10xcomplex<f32>>, tensor<3x16x18xf32>) {{
        %c = stablehlo.complex %x, %y : tensor<3x16x10xcomplex<f32>>
        %0 = stablehlo.fft %c, type = FFT, length = [16, 10] : (tensor<3x16x10xcomplex<f32>>) -> tensor<3x16x10xcomplex<f32>>
        %1 = stablehlo.fft %c, type = IRFFT, length = [16, 18] : (tensor<3x16x10xcomplex<f32>>) -> tensor<3x16x18xf32>
        return %0, %1 : tensor<3x16x10xcomplex<f32>>, tensor<3x16x18xf32>
      }}
    }}"""
    f2, ir = run(driver, tmp_path, mlir, x, y)
    c = x.astype(np.float64) + 1j * y
    np.testing.assert_allclose(f2, np.fft.fft2(c), atol=1e-4, err_msg="2-D FFT over the trailing axes")
    np.testing.assert_allclose(ir, np.fft.irfftn(c, s=(16, 18), axes=(1, 2)), atol=1e-5,
                               err_msg="2-D IRFFT (imaginary parts of the DC and Nyquist bins ignored)")


@pytest.mark.parametrize("limit,read_back", [(5, False), (7, False), (3, False), (5, True)])
def test_scan_stacked_carry_fill_skipped_only_when_every_row_is_written(driver, tmp_path, limit, read_back):  # noqa: F811
    """Scan stacking through dynamic_update_slice on a loop carry (planned in place): ys starts as
    7s; iteration i < limit writes row min(i, 4) = 2 v i (v i + ys[0] when the body reads ys back). The initial fill may be skipped only when the counted loop overwrites all five
    rows and nothing else reads ys: rows past the limit keep their 7s, and a read of ys sees them."""
    x = np.arange(4, dtype=np.float32) + 1
    read = """
          %z0 = stablehlo.constant dense<0> : tensor<i32>
          %p0 = stablehlo.dynamic_slice %ys, %z0, %z0, sizes = [1, 4] : (tensor<5x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
          %p1 = stablehlo.reshape %p0 : (tensor<1x4xf32>) -> tensor<4xf32>
          %row = stablehlo.add %row0, %p1 : tensor<4xf32>""" if read_back else """
          %row = stablehlo.add %row0, %row0 : tensor<4xf32>"""
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<4xf32>) -> tensor<5x4xf32> {{
        %seven = stablehlo.constant dense<7.000000e+00> : tensor<5x4xf32>
        %c0 = stablehlo.constant dense<0> : tensor<i32>
        %0:3 = stablehlo.while(%i = %c0, %ys = %seven, %v = %x) : tensor<i32>, tensor<5x4xf32>, tensor<4xf32>
         cond {{
          %lim = stablehlo.constant dense<{limit}> : tensor<i32>
          %p = stablehlo.compare LT, %i, %lim, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
          stablehlo.return %p : tensor<i1>
        }} do {{
          %fi = stablehlo.convert %i : (tensor<i32>) -> tensor<f32>
          %b = stablehlo.broadcast_in_dim %fi, dims = [] : (tensor<f32>) -> tensor<4xf32>
          %row0 = stablehlo.multiply %v, %b : tensor<4xf32>{read}
          %r2 = stablehlo.reshape %row : (tensor<4xf32>) -> tensor<1x4xf32>
          %z = stablehlo.constant dense<0> : tensor<i32>
          %ys2 = stablehlo.dynamic_update_slice %ys, %r2, %i, %z : (tensor<5x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<5x4xf32>
          %one = stablehlo.constant dense<1> : tensor<i32>
          %i2 = stablehlo.add %i, %one : tensor<i32>
          stablehlo.return %i2, %ys2, %v : tensor<i32>, tensor<5x4xf32>, tensor<4xf32>
        }}
        return %0#1 : tensor<5x4xf32>
      }}
    }}"""
    expect = np.full((5, 4), 7, np.float32)
    for i in range(limit):
        row = x * np.float32(i)
        expect[min(i, 4)] = row + (expect[0] if read_back else row)
    import subprocess

    (tmp_path / "p.mlir").write_text(mlir)
    np.save(tmp_path / "x.npy", x)
    r = subprocess.run([str(driver), "--out", str(tmp_path), str(tmp_path / "p.mlir"), str(tmp_path / "x.npy")],
                       capture_output=True, text=True, timeout=120, env={**os.environ, "JAXLIB_CPU_LOOP_TRACE": "1"})
    assert r.returncode == 0, r.stderr
    assert np.array_equal(np.load(tmp_path / "out0.npy"), expect), "stacked rows, and the 7s no iteration overwrote"
    skipped = "overwritten row by row" in r.stderr
    assert skipped == (limit >= 5 and not read_back), r.stderr


@pytest.mark.parametrize("ty,cmp_type,start,limit", [("i64", "SIGNED", 3, 9), ("ui32", "UNSIGNED", 0, 6), ("i32", "SIGNED", -4, 2)])
@pytest.mark.parametrize("reads_new", [False, True])
def test_counted_loop_condition_and_increment(driver, tmp_path, ty, cmp_type, start, limit, reads_new):  # noqa: F811
    """A loop over an array whose condition is `i < N`: the condition is evaluated without its
    region and the increment without its step (unless the body also reads the new counter).
    Another carry takes the counter's old value; the array accumulates the old (or new) one."""
    x = np.arange(8, dtype=np.float32)
    use = "%i1" if reads_new else "%i"
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<8xf32>) -> (tensor<{ty}>, tensor<{ty}>, tensor<8xf32>) {{
        %s = stablehlo.constant dense<{start}> : tensor<{ty}>
        %0:3 = stablehlo.while(%i = %s, %j = %s, %v = %x) : tensor<{ty}>, tensor<{ty}>, tensor<8xf32>
         cond {{
          %lim = stablehlo.constant dense<{limit}> : tensor<{ty}>
          %p = stablehlo.compare LT, %i, %lim, {cmp_type} : (tensor<{ty}>, tensor<{ty}>) -> tensor<i1>
          stablehlo.return %p : tensor<i1>
        }} do {{
          %one = stablehlo.constant dense<1> : tensor<{ty}>
          %i1 = stablehlo.add %i, %one : tensor<{ty}>
          %f = stablehlo.convert {use} : (tensor<{ty}>) -> tensor<f32>
          %b = stablehlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<8xf32>
          %v1 = stablehlo.add %v, %b : tensor<8xf32>
          stablehlo.return %i1, %i, %v1 : tensor<{ty}>, tensor<{ty}>, tensor<8xf32>
        }}
        return %0#0, %0#1, %0#2 : tensor<{ty}>, tensor<{ty}>, tensor<8xf32>
      }}
    }}"""
    i, j, v = run(driver, tmp_path, mlir, x)
    total = sum(k + 1 if reads_new else k for k in range(start, limit))
    assert int(i) == limit and int(j) == limit - 1, "the counter ends at N, the other carry one behind"
    assert np.array_equal(v, x + np.float32(total)), "each iteration added the old (or new) counter"


SCALAR_LOOP_WITH_CALLS = f"""
{MOD}
  func.func public @main(%x: tensor<f32>, %n: tensor<i32>) -> (tensor<f32>, tensor<i32>, tensor<f64>) {{
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %d0 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %0:4 = stablehlo.while(%i = %c0, %c = %x, %k = %n, %d = %d0) : tensor<i32>, tensor<f32>, tensor<i32>, tensor<f64>
     cond {{
      %lim = stablehlo.constant dense<300> : tensor<i32>
      %p = stablehlo.compare LT, %i, %lim, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    }} do {{
      %s = stablehlo.sine %c : tensor<f32>
      %e = stablehlo.exponential %s : tensor<f32>
      %t = stablehlo.tanh %e : tensor<f32>
      %q = stablehlo.constant dense<0.999> : tensor<f32>
      %c2 = stablehlo.multiply %t, %q : tensor<f32>
      %seven = stablehlo.constant dense<7> : tensor<i32>
      %m = stablehlo.remainder %k, %seven : tensor<i32>
      %dv = stablehlo.divide %k, %seven : tensor<i32>
      %k2 = stablehlo.add %m, %dv : tensor<i32>
      %k3 = stablehlo.multiply %k2, %n : tensor<i32>
      %lg = stablehlo.log %d : tensor<f64>
      %one = stablehlo.constant dense<1.5> : tensor<f64>
      %d2 = stablehlo.add %lg, %one : tensor<f64>
      %inc = stablehlo.constant dense<1> : tensor<i32>
      %i2 = stablehlo.add %i, %inc : tensor<i32>
      stablehlo.return %i2, %c2, %k3, %d2 : tensor<i32>, tensor<f32>, tensor<i32>, tensor<f64>
    }}
    return %0#1, %0#2, %0#3 : tensor<f32>, tensor<i32>, tensor<f64>
  }}
}}"""


def test_scalar_loop_jit_calls_interpreter_kernels_bit_for_bit(driver, tmp_path):  # noqa: F811
    # sin, exp, tanh, integer remainder/division and an f64 log have no inline JIT pattern: the
    # native loop calls the interpreter's one-element kernels, so its bits equal the interpreter's.
    import os
    import subprocess

    prog = tmp_path / "loop.mlir"
    prog.write_text(SCALAR_LOOP_WITH_CALLS)
    ins = []
    for i, a in enumerate((np.float32(0.3), np.int32(12345))):
        path = tmp_path / f"in{i}.npy"
        np.save(path, np.asarray(a))
        ins.append(str(path))
    outs = {}
    for mode in ("jit", "interpreter"):
        d = tmp_path / mode
        d.mkdir()
        env = dict(os.environ, JAXLIB_CPU_JIT_TRACE="1")
        if mode == "interpreter":
            env["JAXLIB_CPU_DISABLE_JIT"] = "1"
        r = subprocess.run([str(driver), "--out", str(d), str(prog), *ins], capture_output=True, text=True, env=env,
                           timeout=120)
        assert r.returncode == 0, r.stderr
        # The scalar-loop JIT emits x86-64 only; elsewhere (AArch64 under qemu) the driver says so
        # and the rest of the test still checks the interpreter's values.
        if mode == "jit" and "no JIT for this platform" not in r.stderr:
            assert "native" in r.stderr, f"the loop should compile to native code: {r.stderr}"
        outs[mode] = [np.load(d / f"out{k}.npy") for k in range(3)]
    for a, b in zip(outs["jit"], outs["interpreter"], strict=True):
        assert a.tobytes() == b.tobytes(), f"JIT {a!r} != interpreter {b!r}"
    c, k, dd = np.float32(0.3), 12345, 1.0
    for _ in range(300):
        c = np.float32(np.tanh(np.exp(np.sin(c, dtype=np.float32), dtype=np.float32), dtype=np.float32) * np.float32(0.999))
        q = abs(k) // 7 * (1 if k >= 0 else -1)  # StableHLO divide/remainder truncate toward zero
        k = ((k - 7 * q + q) * 12345) % 2**32
        k = k - 2**32 if k >= 2**31 else k  # i32 wraps
        dd = np.log(dd) + 1.5
    assert abs(float(outs["jit"][0]) - float(c)) < 1e-5, "f32 recurrence close to numpy's"
    assert int(outs["jit"][1]) == k, "i32 remainder/division recurrence (truncating, wrapping)"
    assert abs(float(outs["jit"][2]) - dd) < 1e-12, "f64 log recurrence"


def fft_rows_program(rows: int, n: int, real: str = "f32") -> str:
    c = f"tensor<{rows}x{n}xcomplex<{real}>>"
    return f"""
    {MOD}
      func.func public @main(%x: tensor<{rows}x{n}x{real}>, %y: tensor<{rows}x{n}x{real}>) -> {c} {{
        %c = stablehlo.complex %x, %y : {c}
        %0 = stablehlo.fft %c, type = FFT, length = [{n}] : ({c}) -> {c}
        return %0 : {c}
      }}
    }}"""


@pytest.mark.parametrize("real", ["f32", "f64"])
@pytest.mark.parametrize("n", [12, 60, 500])
def test_fft_lines_batched_match_one_line(driver, tmp_path, n, real):  # noqa: F811
    # 19 rows: full batches of 16 (f32) or 8 (f64) lines (vector lanes across lines) and a last
    # batch padded with zero lanes; the batched path does the one-line path's operations in the
    # same order, so the same bits as a row transformed alone.
    rng = np.random.default_rng(n)
    dt = np.float32 if real == "f32" else np.float64
    x = rng.standard_normal((19, n)).astype(dt)
    y = rng.standard_normal((19, n)).astype(dt)
    (many,) = run(driver, tmp_path, fft_rows_program(19, n, real), x, y)
    assert many.dtype == (np.complex64 if real == "f32" else np.complex128), f"result type {many.dtype}"
    np.testing.assert_allclose(many, np.fft.fft(x.astype(np.float64) + 1j * y, axis=-1), atol=1e-4 * np.sqrt(n),
                               err_msg="batched row FFTs")
    for r in (0, 9, 18):
        (one,) = run(driver, tmp_path, fft_rows_program(1, n, real), x[r:r + 1], y[r:r + 1])
        assert one.tobytes() == many[r:r + 1].tobytes(), f"row {r}: batched and one-line transforms differ in bits"


# Lengths for the single-precision error bound: every length to 64, then primes (Bluestein above
# 31), prime powers, mixed radices, the four-step limit and beyond.
F32_ERROR_LENGTHS = sorted(set(range(2, 65)) | {97, 125, 127, 243, 251, 343, 500, 509, 625, 1000, 1021, 1024, 2039,
                                                 2048, 2187, 3000, 3125, 4093, 4096, 4097, 6000, 8192, 10007,
                                                 3 * 8192, 65536 + 2})
# max |ours - float64 FFT| / max |float64 FFT| per transform: single precision (unit roundoff
# 6e-8) through about log2(n) rounding stages; the worst measured is 2.9e-7 (FFT of 2039, through
# Bluestein). A float-rounded twiddle recurrence or a float-only Bluestein kernel would miss it.
F32_MAX_REL_ERROR = 1e-6


def test_fft_single_precision_error_bound(driver, tmp_path):  # noqa: F811
    # complex64 / float32 FFTs run in single precision; each kind stays within a bound relative
    # to numpy's double-precision transform (17 rows: a full batch of 16 lanes and a padded one).
    rng = np.random.default_rng(5)
    rows = 17
    args, sig, body, rets, inputs = [], [], [], [], []
    for i, n in enumerate(F32_ERROR_LENGTHS):
        r = rows if n <= 8192 else 1
        h = n // 2 + 1
        t, c, hc = f"tensor<{r}x{n}xf32>", f"tensor<{r}x{n}xcomplex<f32>>", f"tensor<{r}x{h}xcomplex<f32>>"
        args += [f"%x{i}: {t}", f"%y{i}: {t}"]
        inputs += [rng.standard_normal((r, n)).astype(np.float32), rng.standard_normal((r, n)).astype(np.float32)]
        body.append(f"%c{i} = stablehlo.complex %x{i}, %y{i} : {c}")
        body.append(f"%f{i} = stablehlo.fft %c{i}, type = FFT, length = [{n}] : ({c}) -> {c}")
        body.append(f"%i{i} = stablehlo.fft %c{i}, type = IFFT, length = [{n}] : ({c}) -> {c}")
        body.append(f"%r{i} = stablehlo.fft %x{i}, type = RFFT, length = [{n}] : ({t}) -> {hc}")
        body.append(f"%h{i} = stablehlo.slice %c{i} [0:{r}, 0:{h}] : ({c}) -> {hc}")
        body.append(f"%b{i} = stablehlo.fft %h{i}, type = IRFFT, length = [{n}] : ({hc}) -> {t}")
        rets += [f"%f{i}", f"%i{i}", f"%r{i}", f"%b{i}"]
        sig += [c, c, hc, t]
    mlir = f"""
    {MOD}
      func.func public @main({", ".join(args)}) -> ({", ".join(sig)}) {{
        {chr(10).join("        " + b for b in body).strip()}
        return {", ".join(rets)} : {", ".join(sig)}
      }}
    }}"""
    got = run(driver, tmp_path, mlir, *inputs)
    worst, equal, count = {}, 0, 0
    for i, n in enumerate(F32_ERROR_LENGTHS):
        x, y = (a.astype(np.float64) for a in inputs[2 * i:2 * i + 2])
        c = x + 1j * y
        want = [np.fft.fft(c, axis=-1), np.fft.ifft(c, axis=-1), np.fft.rfft(x, axis=-1),
                np.fft.irfft(c[:, :n // 2 + 1], n, axis=-1)]
        for kind, g, w in zip(("FFT", "IFFT", "RFFT", "IRFFT"), got[4 * i:4 * i + 4], want, strict=True):
            assert g.dtype == (np.float32 if kind == "IRFFT" else np.complex64), f"{kind} {n}: result type {g.dtype}"
            err = float(np.max(np.abs(g.astype(np.complex128) - w)) / np.max(np.abs(w)))
            worst[(kind, n)] = err
            if kind == "FFT" and n >= 16:
                equal += int(np.sum(g == w.astype(np.complex64)))
                count += g.size
    bad = {k: e for k, e in worst.items() if not e <= F32_MAX_REL_ERROR}
    assert not bad, f"relative errors above {F32_MAX_REL_ERROR}: {bad}"
    # Computed in single precision, not in double and rounded once (which matches numpy's
    # transform rounded to complex64 almost everywhere; single precision in about 5%).
    assert equal < 0.5 * count, f"{equal} of {count} FFT values equal numpy's rounded to complex64: double precision?"


@pytest.mark.parametrize("real", ["f32", "f64"])
def test_fft_columns_in_lane_blocks(driver, tmp_path, real):  # noqa: F811
    # Leading fft axes transform blocks of adjacent columns in the vector lanes (37 columns: two
    # full f32 blocks and five, four f64 blocks and five); 3 axes, and a 2-D real pair.
    rng = np.random.default_rng(3)
    dt = np.float32 if real == "f32" else np.float64
    x = rng.standard_normal((3, 20, 24, 37)).astype(dt)
    y = rng.standard_normal((3, 20, 24, 37)).astype(dt)
    c4, t4 = f"tensor<3x20x24x37xcomplex<{real}>>", f"tensor<3x20x24x37x{real}>"
    r4 = f"tensor<3x20x24x19xcomplex<{real}>>"
    mlir = f"""
    {MOD}
      func.func public @main(%x: {t4}, %y: {t4}) -> ({c4}, {c4}, {r4}, {t4}) {{
        %c = stablehlo.complex %x, %y : {c4}
        %0 = stablehlo.fft %c, type = FFT, length = [20, 24, 37] : ({c4}) -> {c4}
        %1 = stablehlo.fft %c, type = IFFT, length = [24, 37] : ({c4}) -> {c4}
        %2 = stablehlo.fft %x, type = RFFT, length = [24, 37] : ({t4}) -> {r4}
        %3 = stablehlo.fft %2, type = IRFFT, length = [24, 37] : ({r4}) -> {t4}
        return %0, %1, %2, %3 : {c4}, {c4}, {r4}, {t4}
      }}
    }}"""
    f3, i2, r2, back = run(driver, tmp_path, mlir, x, y)
    c = x.astype(np.float64) + 1j * y
    tol = 1e-4 if real == "f32" else 1e-10
    np.testing.assert_allclose(f3, np.fft.fftn(c, axes=(1, 2, 3)), atol=tol * 100, err_msg="3-D FFT")
    np.testing.assert_allclose(i2, np.fft.ifftn(c, axes=(2, 3)), atol=tol, err_msg="2-D IFFT")
    np.testing.assert_allclose(r2, np.fft.rfftn(x.astype(np.float64), axes=(2, 3)), atol=tol * 30, err_msg="2-D RFFT")
    np.testing.assert_allclose(back, x, atol=tol, err_msg="2-D IRFFT(RFFT(x))")


def test_gather_one_element_windows(driver, tmp_path):  # noqa: F811
    # take_along_axis (operand batching dims) and x[i] over a 2-D index batch, with clamping.
    rng = np.random.default_rng(11)
    x = rng.standard_normal((37, 50)).astype(np.float32)
    idx = rng.integers(-3, 55, size=(37, 9, 1)).astype(np.int32)
    flat = rng.integers(-2, 40, size=(5, 7, 1)).astype(np.int32)
    v = rng.standard_normal(37).astype(np.float32)
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<37x50xf32>, %i: tensor<37x9x1xi32>, %v: tensor<37xf32>, %j: tensor<5x7x1xi32>) -> (tensor<37x9xf32>, tensor<5x7xf32>) {{
        %0 = "stablehlo.gather"(%x, %i) <{{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}}> : (tensor<37x50xf32>, tensor<37x9x1xi32>) -> tensor<37x9xf32>
        %1 = "stablehlo.gather"(%v, %j) <{{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1>}}> : (tensor<37xf32>, tensor<5x7x1xi32>) -> tensor<5x7xf32>
        return %0, %1 : tensor<37x9xf32>, tensor<5x7xf32>
      }}
    }}"""
    a, b = run(driver, tmp_path, mlir, x, idx, v, flat)
    want_a = np.take_along_axis(x, np.clip(idx[..., 0], 0, 49), axis=1)
    assert np.array_equal(a, want_a), "take_along_axis form, start indices clamped into the operand"
    assert np.array_equal(b, v[np.clip(flat[..., 0], 0, 36)]), "x[i] over a [5,7] index batch"


def test_gather_row_windows_over_a_2d_index_batch(driver, tmp_path):  # noqa: F811
    # x[i] with whole rows over a [40, 50] index batch: 2000 windows of 64 floats (500 KiB,
    # split over the pool), every batch position landing on its own output row; clamped starts.
    rng = np.random.default_rng(12)
    x = rng.standard_normal((3000, 64)).astype(np.float32)
    idx = rng.integers(-5, 3010, size=(40, 50, 1)).astype(np.int32)
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<3000x64xf32>, %i: tensor<40x50x1xi32>) -> tensor<40x50x64xf32> {{
        %0 = "stablehlo.gather"(%x, %i) <{{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}}> : (tensor<3000x64xf32>, tensor<40x50x1xi32>) -> tensor<40x50x64xf32>
        return %0 : tensor<40x50x64xf32>
      }}
    }}"""
    (got,) = run(driver, tmp_path, mlir, x, idx)
    assert np.array_equal(got, x[np.clip(idx[..., 0], 0, 2999)]), "rows gathered in batch order, starts clamped"


@pytest.mark.parametrize("isa", ["", "avx2", "baseline"])
def test_transposes_in_register_blocks_with_ragged_edges(driver, tmp_path, monkeypatch, isa):  # noqa: F811
    # 4- and 8-byte transposes go through register blocks (8x8 / 4x4) with scalar edges; sizes
    # that are not multiples of the block, a batched permutation, and NaN payloads kept.
    monkeypatch.setenv("JAXLIB_CPU_ISA", isa)
    rng = np.random.default_rng(13)
    a = rng.standard_normal((67, 133)).astype(np.float32)
    a.view(np.uint32)[3, 5] = 0x7FC01234  # a NaN payload: moved, never computed on
    b = rng.standard_normal((45, 22)).astype(np.float64)
    c = rng.integers(-9, 9, size=(3, 40, 17)).astype(np.int32)
    mlir = f"""
    {MOD}
      func.func public @main(%a: tensor<67x133xf32>, %b: tensor<45x22xf64>, %c: tensor<3x40x17xi32>) -> (tensor<133x67xf32>, tensor<22x45xf64>, tensor<17x3x40xi32>) {{
        %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<67x133xf32>) -> tensor<133x67xf32>
        %1 = stablehlo.transpose %b, dims = [1, 0] : (tensor<45x22xf64>) -> tensor<22x45xf64>
        %2 = stablehlo.transpose %c, dims = [2, 0, 1] : (tensor<3x40x17xi32>) -> tensor<17x3x40xi32>
        return %0, %1, %2 : tensor<133x67xf32>, tensor<22x45xf64>, tensor<17x3x40xi32>
      }}
    }}"""
    x, y, z = run(driver, tmp_path, mlir, a, b, c)
    assert x.tobytes() == np.ascontiguousarray(a.T).tobytes(), "f32 transpose, bits (NaN payload) included"
    assert y.tobytes() == np.ascontiguousarray(b.T).tobytes(), "f64 transpose"
    assert np.array_equal(z, np.transpose(c, (2, 0, 1))), "batched permutation"


def argminmax_program(shape: tuple[int, ...], axis: int, is_max: bool) -> str:
    """jnp.argmax / argmin as JAX 0.10 lowers them (values and indices; the reducer of _compute_argminmax)."""
    t = "tensor<" + "x".join(map(str, shape)) + "xf32>"
    ti = t.replace("f32", "i32")
    rs = [d for k, d in enumerate(shape) if k != axis]
    r = "tensor<" + "x".join(map(str, rs)) + "xf32>"
    ri = r.replace("f32", "i32")
    cmp, init = ("GT", "0xFF800000") if is_max else ("LT", "0x7F800000")
    return f"""
    {MOD}
      func.func public @main(%x: {t}) -> ({r}, {ri}) {{
        %iota = stablehlo.iota dim = {axis} : {ti}
        %cst = stablehlo.constant dense<{init}> : tensor<f32>
        %c = stablehlo.constant dense<0> : tensor<i32>
        %0:2 = stablehlo.reduce(%x init: %cst), (%iota init: %c) across dimensions = [{axis}] : ({t}, {ti}, tensor<f32>, tensor<i32>) -> ({r}, {ri})
         reducer(%a1: tensor<f32>, %a3: tensor<f32>) (%a2: tensor<i32>, %a4: tensor<i32>)  {{
          %2 = stablehlo.compare {cmp}, %a1, %a3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
          %3 = stablehlo.compare NE, %a1, %a1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
          %4 = stablehlo.or %2, %3 : tensor<i1>
          %5 = stablehlo.compare EQ, %a1, %a3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
          %6 = stablehlo.compare LT, %a2, %a4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
          %7 = stablehlo.and %5, %6 : tensor<i1>
          %8 = stablehlo.or %4, %7 : tensor<i1>
          %9 = stablehlo.select %4, %a1, %a3 : tensor<i1>, tensor<f32>
          %10 = stablehlo.select %8, %a2, %a4 : tensor<i1>, tensor<i32>
          stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
        }}
        return %0#0, %0#1 : {r}, {ri}
      }}
    }}"""


# (4003, 10), (1001, 32): short rows, four at a time (the last rows of a task one by one).
@pytest.mark.parametrize("shape,axis", [((37, 300), 1), ((5, 300, 7), 1), ((300, 9), 0), ((3, 4, 600), 2),
                                        ((4003, 10), 1), ((1001, 32), 1)])
@pytest.mark.parametrize("is_max", [True, False])
def test_argmax_argmin_fold_nan_ties_and_axes(driver, tmp_path, shape, axis, is_max):  # noqa: F811
    rng = np.random.default_rng(11)
    x = rng.integers(-20, 20, shape).astype(np.float32)  # many ties
    flat = x.reshape(-1)
    flat[rng.choice(flat.size, flat.size // 50, replace=False)] = np.nan
    flat[rng.choice(flat.size, flat.size // 50, replace=False)] = -0.0
    v, i = run(driver, tmp_path, argminmax_program(shape, axis, is_max), x)
    want_i = np.argmax(x, axis=axis) if is_max else np.argmin(x, axis=axis)  # first NaN, else first extreme
    assert np.array_equal(i, want_i), "expected the first NaN's index, else the first extreme's (ties: lowest index)"
    want_v = np.take_along_axis(x, np.expand_dims(want_i, axis), axis).squeeze(axis)
    assert np.array_equal(v, want_v, equal_nan=True), "expected the value at that index"
    # Bit for bit the reducer's sequential fold (of a tie between -0 and +0 the index is the
    # first one's, the value the last one's), however the kernel splits the rows into lanes.
    rows = np.moveaxis(x, axis, -1).reshape(-1, shape[axis])
    seq_v = np.empty(rows.shape[0], np.float32)
    for k, row in enumerate(rows):
        va, ia = np.float32(-np.inf if is_max else np.inf), 0
        for r, vb in enumerate(row):
            p = (va > vb if is_max else va < vb) or va != va
            q = p or (va == vb and ia < r)
            va, ia = (va if p else vb), (ia if q else r)
        seq_v[k] = va
    assert v.reshape(-1).view(np.uint32).tolist() == seq_v.view(np.uint32).tolist(), "value bits of the sequential fold"


# A loop over large arrays updated only elementwise (threefry's rounds, an elementwise
# fori_loop): the while kernel runs it a tile of elements at a time (control_flow.cc). Odd
# length (a partial last tile), a scalar carry feeding the body, a swap of two carries (one
# carry's new value is another's old one), a u32 carry and an f32 one.
STRIP_N = 200003
STRIP_LOOP = f"""
    {MOD}
      func.func public @main(%a: tensor<{STRIP_N}xf32>, %b: tensor<{STRIP_N}xf32>, %u: tensor<{STRIP_N}xui32>)
          -> (tensor<i32>, tensor<{STRIP_N}xf32>, tensor<{STRIP_N}xf32>, tensor<{STRIP_N}xui32>) {{
        %zero = stablehlo.constant dense<0> : tensor<i32>
        %r:4 = stablehlo.while(%i = %zero, %x = %a, %y = %b, %w = %u) : tensor<i32>, tensor<{STRIP_N}xf32>,
            tensor<{STRIP_N}xf32>, tensor<{STRIP_N}xui32>
          cond {{
            %n = stablehlo.constant dense<7> : tensor<i32>
            %c = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
            stablehlo.return %c : tensor<i1>
          }} do {{
            %one = stablehlo.constant dense<1> : tensor<i32>
            %i1 = stablehlo.add %i, %one : tensor<i32>
            %fi = stablehlo.convert %i1 : (tensor<i32>) -> tensor<f32>
            %s = stablehlo.sine %fi : tensor<f32>
            %sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<{STRIP_N}xf32>
            %half = stablehlo.constant dense<0.5> : tensor<{STRIP_N}xf32>
            %xy = stablehlo.add %x, %y : tensor<{STRIP_N}xf32>
            %t = stablehlo.multiply %xy, %half : tensor<{STRIP_N}xf32>
            %y1 = stablehlo.add %t, %sb : tensor<{STRIP_N}xf32>
            %three = stablehlo.constant dense<3> : tensor<{STRIP_N}xui32>
            %five = stablehlo.constant dense<5> : tensor<{STRIP_N}xui32>
            %l = stablehlo.shift_left %w, %three : tensor<{STRIP_N}xui32>
            %h = stablehlo.shift_right_logical %w, %five : tensor<{STRIP_N}xui32>
            %ui = stablehlo.convert %i1 : (tensor<i32>) -> tensor<ui32>
            %ub = stablehlo.broadcast_in_dim %ui, dims = [] : (tensor<ui32>) -> tensor<{STRIP_N}xui32>
            %x2 = stablehlo.xor %l, %h : tensor<{STRIP_N}xui32>
            %w1 = stablehlo.add %x2, %ub : tensor<{STRIP_N}xui32>
            stablehlo.return %i1, %y, %y1, %w1 : tensor<i32>, tensor<{STRIP_N}xf32>, tensor<{STRIP_N}xf32>,
                tensor<{STRIP_N}xui32>
          }}
        return %r#0, %r#1, %r#2, %r#3 : tensor<i32>, tensor<{STRIP_N}xf32>, tensor<{STRIP_N}xf32>, tensor<{STRIP_N}xui32>
      }}
    }}"""


def strip_loop_reference(a: np.ndarray, b: np.ndarray, u: np.ndarray) -> tuple[np.ndarray, ...]:
    x, y, w = a.copy(), b.copy(), u.copy()
    for i in range(1, 8):
        s = np.float32(np.sin(np.float32(i)))
        x, y = y, (x + y) * np.float32(0.5) + s
        w = ((w << np.uint32(3)) ^ (w >> np.uint32(5))) + np.uint32(i)
    return x, y, w


def run_traced(driver, tmp_path, monkeypatch, mlir, inputs, disable: bool):  # noqa: F811
    monkeypatch.setenv("JAXLIB_CPU_DISABLE_STRIP_MINING", "1" if disable else "0")
    monkeypatch.setenv("JAXLIB_CPU_LOOP_TRACE", "1")
    prog = tmp_path / "loop.mlir"
    prog.write_text(mlir)
    args = [str(driver), "--out", str(tmp_path), str(prog)]
    for i, a in enumerate(inputs):
        np.save(tmp_path / f"loop_in{i}.npy", a)
        args.append(str(tmp_path / f"loop_in{i}.npy"))
    import subprocess

    r = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    outs, k = [], 0
    while (tmp_path / f"out{k}.npy").exists():
        outs.append(np.load(tmp_path / f"out{k}.npy"))
        (tmp_path / f"out{k}.npy").unlink()
        k += 1
    return outs, "strip-mined" in r.stderr


@pytest.mark.parametrize("n", [STRIP_N, 5003])
def test_elementwise_while_loop_runs_strip_mined_with_the_same_bits(driver, tmp_path, monkeypatch, n):  # noqa: F811
    # 200003 elements: tiles of 65536 (cache-sized); 5003: one tile per pool thread. Either way
    # the tiles run on the pool's threads at once, each with its own copy of the small values.
    rng = np.random.default_rng(7)
    a = rng.standard_normal(n).astype(np.float32)
    b = rng.standard_normal(n).astype(np.float32)
    u = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    prog = STRIP_LOOP.replace(f"{STRIP_N}x", f"{n}x")
    monkeypatch.setenv("JAXLIB_CPU_THREADS", "2")
    mined, traced = run_traced(driver, tmp_path, monkeypatch, prog, (a, b, u), disable=False)
    assert traced, "expected the elementwise loop to run strip-mined"
    whole, traced_off = run_traced(driver, tmp_path, monkeypatch, prog, (a, b, u), disable=True)
    assert not traced_off
    for k, (m, w) in enumerate(zip(mined, whole, strict=True)):
        assert m.tobytes() == w.tobytes(), f"expected output {k} bit-identical to the loop run whole"
    x, y, w = strip_loop_reference(a, b, u)
    assert int(mined[0]) == 7
    np.testing.assert_allclose(mined[1], x, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(mined[2], y, rtol=1e-5, atol=1e-5)
    assert np.array_equal(mined[3], w)


def test_while_loop_reading_other_elements_is_not_strip_mined(driver, tmp_path, monkeypatch):  # noqa: F811
    """A body that reverses a carry (element i reads element n-1-i) or reduces one into the
    condition's input cannot run a tile at a time: it keeps the whole-array loop, and its
    results stay right."""
    reverse = STRIP_LOOP.replace(
        "%xy = stablehlo.add %x, %y :",
        f"%xr = stablehlo.reverse %x, dims = [0] : tensor<{STRIP_N}xf32>\n            %xy = stablehlo.add %xr, %y :")
    rng = np.random.default_rng(8)
    a = rng.standard_normal(STRIP_N).astype(np.float32)
    b = rng.standard_normal(STRIP_N).astype(np.float32)
    u = rng.integers(0, 2**32, STRIP_N, dtype=np.uint64).astype(np.uint32)
    got, traced = run_traced(driver, tmp_path, monkeypatch, reverse, (a, b, u), disable=False)
    assert not traced, "expected a reversing body to keep the whole-array loop"
    x, y = a.copy(), b.copy()
    for i in range(1, 8):
        x, y = y, (x[::-1] + y) * np.float32(0.5) + np.float32(np.sin(np.float32(i)))
    np.testing.assert_allclose(got[1], x, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(got[2], y, rtol=1e-5, atol=1e-5)


def test_scalar_fusions_of_a_loop_over_arrays(driver, tmp_path):  # noqa: F811
    """The counter, condition and per-step scalars of a loop over an array run as scalar
    fusions: integer arithmetic and remainder (through the elementwise kernels), compares,
    select, converts and float arithmetic, with exact IEEE results."""
    n = 64
    t = f"tensor<{n}xf32>"
    prog = f"""
    {MOD}
      func.func public @main(%x0: {t}, %lim: tensor<i32>) -> ({t}, tensor<i32>, tensor<f32>) {{
        %z = stablehlo.constant dense<0> : tensor<i32>
        %f0 = stablehlo.constant dense<0.0> : tensor<f32>
        %r:4 = stablehlo.while(%i = %z, %x = %x0, %acc = %f0, %l = %lim) : tensor<i32>, {t}, tensor<f32>, tensor<i32>
        cond {{
          %c = stablehlo.compare LT, %i, %l, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
          stablehlo.return %c : tensor<i1>
        }} do {{
          %one = stablehlo.constant dense<1> : tensor<i32>
          %two = stablehlo.constant dense<2> : tensor<i32>
          %i1 = stablehlo.add %i, %one : tensor<i32>
          %m = stablehlo.remainder %i, %two : tensor<i32>
          %even = stablehlo.compare EQ, %m, %z, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
          %fi = stablehlo.convert %i : (tensor<i32>) -> tensor<f32>
          %h = stablehlo.constant dense<0.5> : tensor<f32>
          %q = stablehlo.multiply %fi, %h : tensor<f32>
          %nq = stablehlo.negate %q : tensor<f32>
          %s = stablehlo.select %even, %q, %nq : tensor<i1>, tensor<f32>
          %a1 = stablehlo.add %acc, %s : tensor<f32>
          %sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> {t}
          %hb = stablehlo.broadcast_in_dim %h, dims = [] : (tensor<f32>) -> {t}
          %xh = stablehlo.multiply %x, %hb : {t}
          %x1 = stablehlo.add %xh, %sb : {t}
          stablehlo.return %i1, %x1, %a1, %l : tensor<i32>, {t}, tensor<f32>, tensor<i32>
        }}
        return %r#1, %r#0, %r#2 : {t}, tensor<i32>, tensor<f32>
      }}
    }}"""
    x0 = np.random.default_rng(2).standard_normal(n).astype(np.float32)
    x, acc, lim = x0.copy(), np.float32(0), 37
    for i in range(lim):
        q = np.float32(i) * np.float32(0.5)
        s = q if i % 2 == 0 else -q
        acc = np.float32(acc + s)
        x = x * np.float32(0.5) + s
    got = run(driver, tmp_path, prog, x0, np.array(lim, np.int32))
    assert got[0].tobytes() == x.tobytes(), "expected the array carry's exact IEEE values"
    assert int(got[1]) == lim and got[2].tobytes() == np.float32(acc).tobytes()


def test_loop_carries_updated_in_place_keep_old_values_for_other_readers(driver, tmp_path, monkeypatch):  # noqa: F811
    """Body results computed elementwise from their own carry are written into the carry in
    place (v); a carry that takes another's old value (x, y = y, f(x, y)) and a reduction of
    the old value (w) keep the copy. Exact f32 arithmetic, checked against numpy."""
    n = 3000
    t = f"tensor<{n}xf32>"
    prog = f"""
    {MOD}
      func.func public @main(%x0: {t}, %y0: {t}, %w0: {t}, %v0: {t}) -> ({t}, {t}, {t}, tensor<f32>, {t}) {{
        %z = stablehlo.constant dense<0> : tensor<i32>
        %s0 = stablehlo.constant dense<0.0> : tensor<f32>
        %r:6 = stablehlo.while(%i = %z, %x = %x0, %y = %y0, %w = %w0, %s = %s0, %v = %v0) : tensor<i32>, {t}, {t}, {t}, tensor<f32>, {t}
        cond {{
          %lim = stablehlo.constant dense<9> : tensor<i32>
          %c = stablehlo.compare LT, %i, %lim, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
          stablehlo.return %c : tensor<i1>
        }} do {{
          %one = stablehlo.constant dense<1> : tensor<i32>
          %i1 = stablehlo.add %i, %one : tensor<i32>
          %h = stablehlo.constant dense<0.5> : {t}
          %k = stablehlo.constant dense<2.0> : {t}
          %xh = stablehlo.multiply %x, %h : {t}
          %y1 = stablehlo.add %xh, %y : {t}
          %wh = stablehlo.multiply %w, %h : {t}
          %w1 = stablehlo.add %wh, %k : {t}
          %s00 = stablehlo.constant dense<0.0> : tensor<f32>
          %ws = stablehlo.reduce(%w init: %s00) applies stablehlo.add across dimensions = [0] : ({t}, tensor<f32>) -> tensor<f32>
          %sw = stablehlo.add %s, %ws : tensor<f32>
          %vh = stablehlo.multiply %v, %h : {t}
          %v1 = stablehlo.subtract %vh, %k : {t}
          stablehlo.return %i1, %y, %y1, %w1, %sw, %v1 : tensor<i32>, {t}, {t}, {t}, tensor<f32>, {t}
        }}
        return %r#1, %r#2, %r#3, %r#4, %r#5 : {t}, {t}, {t}, tensor<f32>, {t}
      }}
    }}"""
    rng = np.random.default_rng(3)
    x, y, w, v = (rng.integers(-64, 64, n).astype(np.float32) for _ in range(4))
    args = (x.copy(), y.copy(), w.copy(), v.copy())
    s = np.float32(0)
    for _ in range(9):
        s = np.float32(s + w.sum(dtype=np.float64))  # small integers and halves: exact in any order
        x, y, w = y, x * np.float32(0.5) + y, w * np.float32(0.5) + np.float32(2)
        v = v * np.float32(0.5) - np.float32(2)
    got, _ = run_traced(driver, tmp_path, monkeypatch, textwrap.dedent(prog), args, disable=False)
    import subprocess
    (tmp_path / "p.mlir").write_text(textwrap.dedent(prog))
    trace = subprocess.run([str(driver), str(tmp_path / "p.mlir")] + [str(tmp_path / f"loop_in{i}.npy") for i in range(4)],
                           capture_output=True, text=True, timeout=120, env={**os.environ, "JAXLIB_CPU_LOOP_TRACE": "1"}).stderr
    in_place = {int(line.split()[4]) for line in trace.splitlines() if "updated in place" in line}
    assert in_place == {5}, f"expected only carry 5 (v) updated in place: {trace}"
    assert got[0].tobytes() == x.tobytes(), "expected x to take y's old value"
    assert got[1].tobytes() == y.tobytes(), "expected y = x / 2 + y from the old values"
    assert got[2].tobytes() == w.tobytes(), "expected w = w / 2 + 2"
    assert float(got[3]) == float(s), "expected the sum of w's old values"
    assert got[4].tobytes() == v.tobytes(), "expected v = v / 2 - 2"


def test_dynamic_slice_views_clamp_and_survive_updates(driver, tmp_path):  # noqa: F811
    """A contiguous dynamic_slice is a view of its operand: clamped starts (negative, past the
    end) read the same rows as a copy would; a view read after an update of its operand in the
    same loop step still sees the old rows (the update then copies); a view returned as a new
    carry (through a reshape) is copied before the carries are overwritten. Checked against numpy."""
    prog = f"""
    {MOD}
      func.func public @main(%x0: tensor<6x5x4xf32>, %a: tensor<i32>, %b: tensor<i32>) -> (tensor<2x4xf32>, tensor<6x5x4xf32>, tensor<5x4xf32>, tensor<f32>) {{
        %z = stablehlo.constant dense<0> : tensor<i32>
        %s = stablehlo.dynamic_slice %x0, %a, %b, %z, sizes = [1, 2, 4] : (tensor<6x5x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x4xf32>
        %sr = stablehlo.reshape %s : (tensor<1x2x4xf32>) -> tensor<2x4xf32>
        %zr = stablehlo.constant dense<0.0> : tensor<5x4xf32>
        %f0 = stablehlo.constant dense<0.0> : tensor<f32>
        %r:4 = stablehlo.while(%i = %z, %c = %x0, %last = %zr, %acc = %f0) : tensor<i32>, tensor<6x5x4xf32>, tensor<5x4xf32>, tensor<f32>
        cond {{
          %n = stablehlo.constant dense<6> : tensor<i32>
          %lt = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
          stablehlo.return %lt : tensor<i1>
        }} do {{
          %one = stablehlo.constant dense<1> : tensor<i32>
          %i1 = stablehlo.add %i, %one : tensor<i32>
          %v = stablehlo.dynamic_slice %c, %i, %z, %z, sizes = [1, 5, 4] : (tensor<6x5x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x5x4xf32>
          %two = stablehlo.constant dense<2.0> : tensor<1x5x4xf32>
          %w = stablehlo.multiply %v, %two : tensor<1x5x4xf32>
          %c1 = stablehlo.dynamic_update_slice %c, %w, %i, %z, %z : (tensor<6x5x4xf32>, tensor<1x5x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<6x5x4xf32>
          %v2 = stablehlo.dynamic_slice %c, %i, %one, %z, sizes = [1, 2, 4] : (tensor<6x5x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x4xf32>
          %vv = stablehlo.add %v2, %v2 : tensor<1x2x4xf32>
          %f00 = stablehlo.constant dense<0.0> : tensor<f32>
          %sv = stablehlo.reduce(%vv init: %f00) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x2x4xf32>, tensor<f32>) -> tensor<f32>
          %acc1 = stablehlo.add %acc, %sv : tensor<f32>
          %u = stablehlo.dynamic_slice %c, %i, %z, %z, sizes = [1, 5, 4] : (tensor<6x5x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x5x4xf32>
          %ur = stablehlo.reshape %u : (tensor<1x5x4xf32>) -> tensor<5x4xf32>
          stablehlo.return %i1, %c1, %ur, %acc1 : tensor<i32>, tensor<6x5x4xf32>, tensor<5x4xf32>, tensor<f32>
        }}
        return %sr, %r#1, %r#2, %r#3 : tensor<2x4xf32>, tensor<6x5x4xf32>, tensor<5x4xf32>, tensor<f32>
      }}
    }}"""
    x = np.random.default_rng(6).integers(-8, 8, (6, 5, 4)).astype(np.float32)
    for a, b in ((2, 1), (-3, 9), (9, -1)):
        got = run(driver, tmp_path, prog, x, np.array(a, np.int32), np.array(b, np.int32))
        ca, cb = min(max(a, 0), 5), min(max(b, 0), 3)
        assert got[0].tobytes() == x[ca, cb:cb + 2].tobytes(), f"expected the clamped rows for starts {a}, {b}"
        c, acc = x.copy(), np.float32(0)
        for i in range(6):
            v = c[i].copy()  # the row as the step's slices read it, before its update
            acc = np.float32(acc + (v[1:3] + v[1:3]).sum())
            c[i] = v * 2
        assert got[1].tobytes() == c.tobytes(), "expected every row doubled"
        assert got[2].tobytes() == x[5].tobytes(), "expected the last step's row as it was before its update"
        assert float(got[3]) == float(acc), "expected the sums of the rows before their update"


def test_horner_steps_reading_slices_of_a_computed_coefficient_table_fuse_into_one_loop(driver, tmp_path):  # noqa: F811
    # jnp.polyval's form: the coefficients are a small table computed from constants (iota + 1,
    # / 10) and each step slices one; the slices sit between the steps but depend on no data, so
    # the steps must still fuse into one pass over x (they were one pass per coefficient).
    n, deg = 4096, 6
    t = f"tensor<{n}xf32>"
    lines = [f"%i = stablehlo.iota dim = 0 : tensor<{deg}xf32>",
             "%one = stablehlo.constant dense<1.000000e+00> : tensor<f32>",
             f"%ones = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<{deg}xf32>",
             f"%i1 = stablehlo.add %ones, %i : tensor<{deg}xf32>",
             "%ten = stablehlo.constant dense<1.000000e+01> : tensor<f32>",
             f"%tens = stablehlo.broadcast_in_dim %ten, dims = [] : (tensor<f32>) -> tensor<{deg}xf32>",
             f"%c = stablehlo.divide %i1, %tens : tensor<{deg}xf32>",
             "%zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>",
             f"%acc0 = stablehlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> {t}"]
    for k in range(deg):
        lines += [f"%s{k} = stablehlo.slice %c [{k}:{k + 1}] : (tensor<{deg}xf32>) -> tensor<1xf32>",
                  f"%r{k} = stablehlo.reshape %s{k} : (tensor<1xf32>) -> tensor<f32>",
                  f"%b{k} = stablehlo.broadcast_in_dim %r{k}, dims = [] : (tensor<f32>) -> {t}",
                  f"%m{k} = stablehlo.multiply %acc{k}, %x : {t}",
                  f"%acc{k + 1} = stablehlo.add %m{k}, %b{k} : {t}"]
    body = "\n        ".join(lines)
    mlir = f"""
    {MOD}
      func.func public @main(%x: {t}) -> {t} {{
        {body}
        return %acc{deg} : {t}
      }}
    }}"""
    x = np.random.default_rng(4).standard_normal(n).astype(np.float32)
    (got,) = run(driver, tmp_path, mlir, x)
    coef = (np.arange(deg, dtype=np.float32) + np.float32(1)) / np.float32(10)
    want = np.zeros(n, np.float32)
    for k in range(deg):
        want = want * x + coef[k]
    assert np.array_equal(got, want), "Horner steps in order, f32 rounding after each"
    prog = tmp_path / "plan.mlir"
    prog.write_text(textwrap.dedent(mlir))
    r = subprocess.run([str(driver), str(prog)], capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, JAXLIB_DUMP_PLAN="1"))
    steps = [ln for ln in r.stderr.splitlines() if ln.startswith("%") and "tensor<4096xf32>" in ln.split(":")[-1]]
    assert len(steps) == 1 and "jaxlib.fusion" in steps[0], "\n".join(steps)


@pytest.mark.parametrize("dtype,np_type", [("f32", np.float32), ("i8", np.int8), ("f64", np.float64), ("i16", np.int16)])
@pytest.mark.parametrize("reps", [2, 3, 15, 16])
def test_broadcast_repeating_each_element_and_short_row_slices(driver, tmp_path, dtype, np_type, reps):  # noqa: F811
    # jnp.repeat's broadcast to a new trailing dim (each element `reps` times) and a slice of
    # short rows: the short innermost dim is copied together with the next one.
    r, c = 300, 70
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<{r}x{c}x{dtype}>) -> (tensor<{r}x{c}x{reps}x{dtype}>, tensor<{r}x3x{dtype}>) {{
        %0 = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<{r}x{c}x{dtype}>) -> tensor<{r}x{c}x{reps}x{dtype}>
        %1 = stablehlo.slice %x [0:{r}, 5:11:2] : (tensor<{r}x{c}x{dtype}>) -> tensor<{r}x3x{dtype}>
        return %0, %1 : tensor<{r}x{c}x{reps}x{dtype}>, tensor<{r}x3x{dtype}>
      }}
    }}"""
    x = (np.arange(r * c).reshape(r, c) % 97).astype(np_type)
    rep, sl = run(driver, tmp_path, mlir, x)
    assert np.array_equal(rep, np.repeat(x[:, :, None], reps, axis=2))
    assert np.array_equal(sl, x[:, 5:11:2])


@pytest.mark.parametrize("shape,axis", [((7, 20000), 0), ((20000, 7), 1), ((3, 5000, 4), 1), ((1, 9000), 0)])
def test_general_two_operand_reduce_over_many_kept_elements(driver, tmp_path, shape, axis):  # noqa: F811
    # An integer argmax body (no recognised kernel): the general fold, over kept elements split
    # in column blocks across threads, reading the input in place when the reduced dim leads.
    t = "tensor<" + "x".join(map(str, shape)) + "xi32>"
    kept = [d for k, d in enumerate(shape) if k != axis]
    rt = "tensor<" + "x".join(map(str, kept)) + "xi32>"
    mlir = f"""
    {MOD}
      func.func public @main(%x: {t}) -> ({rt}, {rt}) {{
        %i = stablehlo.iota dim = {axis} : {t}
        %lo = stablehlo.constant dense<-2147483648> : tensor<i32>
        %z = stablehlo.constant dense<0> : tensor<i32>
        %0:2 = stablehlo.reduce(%x init: %lo), (%i init: %z) across dimensions = [{axis}] : ({t}, {t}, tensor<i32>, tensor<i32>) -> ({rt}, {rt})
         reducer(%a: tensor<i32>, %b: tensor<i32>) (%ia: tensor<i32>, %ib: tensor<i32>) {{
          %gt = stablehlo.compare GT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
          %eq = stablehlo.compare EQ, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
          %lt = stablehlo.compare LT, %ia, %ib, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
          %tie = stablehlo.and %eq, %lt : tensor<i1>
          %keep = stablehlo.or %gt, %tie : tensor<i1>
          %v = stablehlo.select %gt, %a, %b : tensor<i1>, tensor<i32>
          %j = stablehlo.select %keep, %ia, %ib : tensor<i1>, tensor<i32>
          stablehlo.return %v, %j : tensor<i32>, tensor<i32>
        }}
        return %0#0, %0#1 : {rt}, {rt}
      }}
    }}"""
    x = np.random.default_rng(6).integers(-50, 50, shape).astype(np.int32)
    v, j = run(driver, tmp_path, mlir, x)
    assert np.array_equal(v, x.max(axis=axis))
    assert np.array_equal(j, x.argmax(axis=axis).astype(np.int32)), "first index among ties"
    # The indices are an iota along the reduced dim: with many kept elements (the column-block
    # fold) filled row by row, never computed.
    if int(np.prod(kept)) < 1024:
        return
    prog = tmp_path / "trace.mlir"
    prog.write_text(textwrap.dedent(mlir))
    np.save(tmp_path / "x.npy", x)
    r = subprocess.run([str(driver), str(prog), str(tmp_path / "x.npy")], capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, JAXLIB_CPU_STEP_TRACE="1"))
    assert r.returncode == 0 and "'stablehlo.reduce'" in r.stderr, r.stderr
    assert "'stablehlo.iota'" not in r.stderr, r.stderr


@pytest.mark.parametrize("dtype", ["f16", "bf16"])
@pytest.mark.parametrize("op", ["maximum", "minimum"])
def test_half_row_max_min_four_rows_at_a_time(driver, tmp_path, dtype, op):  # noqa: F811
    # Rows folded four at a time, without per-step rounding (max and min return an operand):
    # exact values, NaN wherever a row holds one, and the rows past the last group of four.
    import ml_dtypes

    np_t = np.float16 if dtype == "f16" else ml_dtypes.bfloat16
    rows, cols = 11, 777
    x = np.random.default_rng(8).standard_normal((rows, cols)).astype(np_t)
    x[2, 100] = np.nan
    x[9, 5] = np.nan
    init = "0xFC00" if dtype == "f16" else "0xFF80"
    if op == "minimum":
        init = "0x7C00" if dtype == "f16" else "0x7F80"
    t = f"tensor<{rows}x{cols}x{dtype}>"
    mlir = f"""
    {MOD}
      func.func public @main(%x: {t}) -> tensor<{rows}x{dtype}> {{
        %init = stablehlo.constant dense<{init}> : tensor<{dtype}>
        %0 = stablehlo.reduce(%x init: %init) applies stablehlo.{op} across dimensions = [1] : ({t}, tensor<{dtype}>) -> tensor<{rows}x{dtype}>
        return %0 : tensor<{rows}x{dtype}>
      }}
    }}"""
    (got,) = run(driver, tmp_path, mlir, x.view(np.uint16) if dtype == "bf16" else x)
    got = got.view(np_t).astype(np.float32)
    want = (np.max if op == "maximum" else np.min)(x.astype(np.float32), axis=1)
    assert np.array_equal(np.isnan(got), np.isnan(want)), "NaN rows"
    assert np.array_equal(got[~np.isnan(want)], want[~np.isnan(want)])


def test_result_reshaping_a_single_use_value_is_computed_into_the_output(driver, tmp_path):  # noqa: F811
    # out0 = reshape(broadcast(x)): the broadcast writes the result buffer and the reshape
    # aliases it (no copy at the end). out1 = reshape(y + 1) where y + 1 is also out2: its
    # value has two readers, so it keeps its own buffer and out1 is copied.
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<300x7xf32>, %y: tensor<6x50xf32>) -> (tensor<300x14xf32>, tensor<300xf32>, tensor<6x50xf32>) {{
        %b = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<300x7xf32>) -> tensor<300x7x2xf32>
        %r = stablehlo.reshape %b : (tensor<300x7x2xf32>) -> tensor<300x14xf32>
        %one = stablehlo.constant dense<1.000000e+00> : tensor<6x50xf32>
        %s = stablehlo.add %y, %one : tensor<6x50xf32>
        %t = stablehlo.reshape %s : (tensor<6x50xf32>) -> tensor<300xf32>
        return %r, %t, %s : tensor<300x14xf32>, tensor<300xf32>, tensor<6x50xf32>
      }}
    }}"""
    rng = np.random.default_rng(9)
    x = rng.standard_normal((300, 7)).astype(np.float32)
    y = rng.standard_normal((6, 50)).astype(np.float32)
    r, t, s = run(driver, tmp_path, mlir, x, y)
    assert np.array_equal(r, np.repeat(x, 2, axis=1))
    assert np.array_equal(t, (y + 1).reshape(300))
    assert np.array_equal(s, y + 1)
    prog = tmp_path / "plan.mlir"
    prog.write_text(textwrap.dedent(mlir))
    plan = subprocess.run([str(driver), str(prog)], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, JAXLIB_DUMP_PLAN="1")).stderr
    assert any("@out0 = stablehlo.broadcast_in_dim" in ln for ln in plan.splitlines()), plan


@pytest.mark.parametrize("dtype", ["f16", "bf16"])
@pytest.mark.parametrize("shape,dims", [((300, 70), (0,)), ((4, 50, 6), (0, 2)), ((64, 4096), (1,)), ((1, 100000), (1,))])
def test_half_max_min_over_every_layout_on_the_f32_reducers(driver, tmp_path, dtype, shape, dims):  # noqa: F811
    # Widened to f32, reduced by the f32 kernels (columns, segments, rows, one long row),
    # narrowed back: exactly the half values numpy's max and min pick.
    import ml_dtypes

    np_t = np.float16 if dtype == "f16" else ml_dtypes.bfloat16
    x = np.random.default_rng(10).standard_normal(shape).astype(np_t)
    kept = tuple(d for k, d in enumerate(shape) if k not in dims)
    t = "tensor<" + "x".join(map(str, shape)) + f"x{dtype}>"
    rt = "tensor<" + "x".join(map(str, kept)) + f"x{dtype}>"
    lo, hi = ("0xFC00", "0x7C00") if dtype == "f16" else ("0xFF80", "0x7F80")
    mlir = f"""
    {MOD}
      func.func public @main(%x: {t}) -> ({rt}, {rt}) {{
        %lo = stablehlo.constant dense<{lo}> : tensor<{dtype}>
        %hi = stablehlo.constant dense<{hi}> : tensor<{dtype}>
        %0 = stablehlo.reduce(%x init: %lo) applies stablehlo.maximum across dimensions = [{', '.join(map(str, dims))}] : ({t}, tensor<{dtype}>) -> {rt}
        %1 = stablehlo.reduce(%x init: %hi) applies stablehlo.minimum across dimensions = [{', '.join(map(str, dims))}] : ({t}, tensor<{dtype}>) -> {rt}
        return %0, %1 : {rt}, {rt}
      }}
    }}"""
    mx, mn = run(driver, tmp_path, mlir, x.view(np.uint16) if dtype == "bf16" else x)
    assert np.array_equal(mx.view(np_t).astype(np.float32), x.astype(np.float32).max(axis=dims))
    assert np.array_equal(mn.view(np_t).astype(np.float32), x.astype(np.float32).min(axis=dims))


@pytest.mark.parametrize("body", ["maximum %a, %b", "minimum %a, %b", "maximum %b, %a"])
def test_scatter_rows_max_min_special_values_at_every_isa(driver, tmp_path, body):  # noqa: F811
    """Row scatter max/min (vector kernels per row) over NaN, infinities, signed zeros and
    denormals, rows of 37: XLA's rules (a NaN operand wins, the first one if both, -0 < +0,
    denormals flushed to a zero of their sign) applied update by update, the same at every ISA."""
    from test_cpu_isa_paths import ISAS, run_isa

    rng = np.random.default_rng(7)
    specials = np.array([np.nan, -np.inf, np.inf, 0.0, -0.0, 1e-40, -1e-40, 1.0, -1.0], np.float32)
    x = rng.choice(specials, size=(12, 37)).astype(np.float32)
    idx = rng.integers(0, 12, size=(60, 1)).astype(np.int32)
    u = rng.choice(specials, size=(60, 37)).astype(np.float32)
    u.view(np.uint32)[::7, ::5] = 0x7FC00123  # a second NaN payload: which NaN wins shows
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<12x37xf32>, %i: tensor<60x1xi32>, %u: tensor<60x37xf32>) -> tensor<12x37xf32> {{
        %0 = "stablehlo.scatter"(%x, %i, %u) <{{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}}> ({{
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %s = stablehlo.{body} : tensor<f32>
          stablehlo.return %s : tensor<f32>
        }}) : (tensor<12x37xf32>, tensor<60x1xi32>, tensor<60x37xf32>) -> tensor<12x37xf32>
        return %0 : tensor<12x37xf32>
      }}
    }}"""

    def flush(v):
        b = v.view(np.uint32)
        return np.where((b & 0x7F800000) == 0, b & 0x80000000, b).astype(np.uint32)

    def combine(a, b):  # body(a = current, b = update)
        first, second = (b, a) if body.endswith("%b, %a") else (a, b)
        p, q = flush(first), flush(second)
        fp, fq = p.view(np.float32), q.view(np.float32)
        if body.startswith("maximum"):
            r = np.where(fp > fq, p, q)
            r = np.where(fp == fq, p & q, r)
        else:
            r = np.where(fp < fq, p, q)
            r = np.where(fp == fq, p | q, r)
        r = np.where(np.isnan(fq), q, r)
        return np.where(np.isnan(fp), p, r).view(np.float32)

    want = x.copy()
    for k in range(60):
        want[idx[k, 0]] = combine(want[idx[k, 0]], u[k])
    for isa in ISAS:
        (out,) = run_isa(driver, tmp_path, mlir, isa, x, idx, u)
        bad = np.flatnonzero(out.view(np.uint32) != want.view(np.uint32))
        assert bad.size == 0, f"{body} at {isa or 'native'}: {bad.size} elements differ, first {bad[:5]}"


@pytest.mark.parametrize("body", ["add", "maximum"])
def test_row_scatter_with_repeated_indices_split_across_threads(driver, tmp_path, body):  # noqa: F811
    """Many row updates with repeated indices (x.at[i].add(u), .max(u)): the target's rows are
    split across threads, each applying its rows' updates in order, so every element sees its
    updates in program order: numpy's sequential np.add.at / np.maximum.at to the bit, and the
    same bits on one thread and two."""
    from test_cpu_isa_paths import run_isa

    rng = np.random.default_rng(8)
    rows, width, count = 300, 16, 12000
    x = rng.standard_normal((rows, width)).astype(np.float32)
    idx = rng.integers(-3, rows + 3, size=(count, 1)).astype(np.int32)  # a few out of bounds: skipped
    u = rng.standard_normal((count, width)).astype(np.float32)
    t, ti, tu = f"tensor<{rows}x{width}xf32>", f"tensor<{count}x1xi32>", f"tensor<{count}x{width}xf32>"
    mlir = f"""
    {MOD}
      func.func public @main(%x: {t}, %i: {ti}, %u: {tu}) -> {t} {{
        %0 = "stablehlo.scatter"(%x, %i, %u) <{{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}}> ({{
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          %s = stablehlo.{body} %a, %b : tensor<f32>
          stablehlo.return %s : tensor<f32>
        }}) : ({t}, {ti}, {tu}) -> {t}
        return %0 : {t}
      }}
    }}"""
    want = x.copy()
    keep = (idx[:, 0] >= 0) & (idx[:, 0] < rows)
    (np.add if body == "add" else np.maximum).at(want, idx[keep, 0], u[keep])
    outs = [run_isa(driver, tmp_path, mlir, "", x, idx, u, extra_env={"JAXLIB_CPU_THREADS": str(n)})[0] for n in (1, 2)]
    for n, out in zip((1, 2), outs, strict=True):
        bad = np.flatnonzero(out.view(np.uint32) != want.view(np.uint32))
        assert bad.size == 0, f"{body} on {n} thread(s): {bad.size} elements differ from numpy's sequential order"
