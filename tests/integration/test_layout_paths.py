"""Layouts the CPU backend handles without copies, and rewrites that must not change a bit.

- dot_general operands whose batch/free/contracting dims are interleaved (attention's
  [batch, seq, heads, dim] batched over batch and heads) are used in place through strides;
- transposes whose source is contiguous along another dim run in tiles;
- x / c for a power-of-two splat constant c becomes x * (1/c), and sqrt of a constant folds.

Each case is checked against numpy (float64 products; exact for the copies and divisions).
"""

from __future__ import annotations

import importlib.util
import itertools

import numpy as np
import pytest
from jaxlib import plugin_support, xla_client


@pytest.fixture(scope="module")
def client() -> xla_client.Client:
    if importlib.util.find_spec("jaxlib_cpu") is None or "cpu" not in plugin_support.registrations():
        pytest.skip("our jaxlib-cpu backend is not installed")
    return xla_client.make_cpu_client()


def _run(client: xla_client.Client, text: str, *args: np.ndarray) -> list[np.ndarray]:
    exe = client.compile_and_load(text, client.local_devices()[:1])
    outs = exe.execute([client.buffer_from_pyval(a) for a in args])
    return [np.asarray(o) for o in outs]


def _t(shape: tuple[int, ...], dtype: str = "f32") -> str:
    return "tensor<" + "x".join(str(d) for d in shape) + ("x" if shape else "") + dtype + ">"


# (lhs shape, rhs shape, lhs batch, rhs batch, lhs contracting, rhs contracting)
DOT_CASES = [
    ((2, 16, 3, 8), (2, 16, 3, 8), [0, 2], [0, 2], [3], [3]),    # q k^T per (batch, head)
    ((2, 16, 3, 8), (2, 3, 5, 16), [0, 2], [0, 1], [1], [3]),    # v^T p^T per (batch, head)
    ((3, 7, 4), (4, 3, 9), [0], [1], [2], [0]),                 # batch dim of rhs in the middle
    ((5, 2, 6), (6, 2, 4), [1], [1], [2], [0]),                 # batch dim of lhs in the middle
    ((4, 6), (6, 4), [], [], [0], [1]),                         # both operands transposed
    ((2, 3, 4, 5), (2, 4, 3, 6), [0, 2], [0, 1], [1], [2]),     # two batch dims, contracting inside
    ((1, 8, 1, 8), (1, 8, 1, 8), [0, 2], [0, 2], [3], [3]),     # unit batch dims
]


@pytest.mark.parametrize("case", DOT_CASES, ids=[str(i) for i in range(len(DOT_CASES))])
def test_dot_general_with_interleaved_dims(client: xla_client.Client, case: tuple) -> None:
    ls, rs, lb, rb, lc, rc = case
    rng = np.random.default_rng(len(ls) * 10 + len(rs))
    a = rng.standard_normal(ls).astype(np.float32)
    b = rng.standard_normal(rs).astype(np.float32)
    lf = [d for d in range(len(ls)) if d not in lb and d not in lc]
    rf = [d for d in range(len(rs)) if d not in rb and d not in rc]
    out_shape = tuple([ls[d] for d in lb] + [ls[d] for d in lf] + [rs[d] for d in rf])
    text = f"""
module @dot {{
  func.func public @main(%a: {_t(ls)}, %b: {_t(rs)}) -> {_t(out_shape)} {{
    %0 = stablehlo.dot_general %a, %b, batching_dims = {lb} x {rb}, contracting_dims = {lc} x {rc} : ({_t(ls)}, {_t(rs)}) -> {_t(out_shape)}
    return %0 : {_t(out_shape)}
  }}
}}
"""
    (got,) = _run(client, text, a, b)
    # numpy reference: move dims to [batch, free, contracting] / [batch, contracting, free].
    a2 = np.transpose(a.astype(np.float64), lb + lf + lc)
    b2 = np.transpose(b.astype(np.float64), rb + rc + rf)
    nb, nf, nc = len(lb), len(lf), len(lc)
    B = int(np.prod(a2.shape[:nb], dtype=np.int64))
    M = int(np.prod(a2.shape[nb:nb + nf], dtype=np.int64))
    K = int(np.prod(a2.shape[nb + nf:], dtype=np.int64))
    N = int(np.prod(b2.shape[nb + nc:], dtype=np.int64))
    want = np.matmul(a2.reshape(B, M, K), b2.reshape(B, K, N)).reshape(out_shape)
    assert got.shape == out_shape
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("perm", list(itertools.permutations(range(4))))
def test_transposes_are_exact(client: xla_client.Client, perm: tuple[int, ...]) -> None:
    shape = (3, 17, 5, 33)
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    out = tuple(shape[p] for p in perm)
    text = f"""
module @t {{
  func.func public @main(%x: {_t(shape)}) -> {_t(out)} {{
    %0 = stablehlo.transpose %x, dims = {list(perm)} : ({_t(shape)}) -> {_t(out)}
    return %0 : {_t(out)}
  }}
}}
"""
    (got,) = _run(client, text, x)
    np.testing.assert_array_equal(got, np.transpose(x, perm))


@pytest.mark.parametrize("dtype", ["f16", "f64", "i8"])
def test_transposes_of_other_widths(client: xla_client.Client, dtype: str) -> None:
    npdt = {"f16": np.float16, "f64": np.float64, "i8": np.int8}[dtype]
    x = (np.arange(40 * 24) % 100).astype(npdt).reshape(40, 24)
    text = f"""
module @t {{
  func.func public @main(%x: {_t((40, 24), dtype)}) -> {_t((24, 40), dtype)} {{
    %0 = stablehlo.transpose %x, dims = [1, 0] : ({_t((40, 24), dtype)}) -> {_t((24, 40), dtype)}
    return %0 : {_t((24, 40), dtype)}
  }}
}}
"""
    (got,) = _run(client, text, x)
    np.testing.assert_array_equal(got, x.T)


@pytest.mark.parametrize("divisor", [8.0, 0.25, -2.0, 64.0, 3.0, 2.0**-126, 2.0**127])
def test_division_by_constant_is_xlas_reciprocal_multiply(client: xla_client.Client, divisor: float) -> None:
    """x / c is x * RN(1/c), bit for bit, as XLA's algebraic simplifier rewrites it (exact for
    powers of two; for c = 2^127 the reciprocal is a denormal, which reads as zero)."""
    rng = np.random.default_rng(7)
    x = np.concatenate([rng.standard_normal(200).astype(np.float32) * 1e3,
                        np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-38, 3e38, 1.5e-45], np.float32)])
    c = np.float32(divisor)
    text = f"""
module @div {{
  func.func public @main(%x: tensor<{x.size}xf32>) -> tensor<{x.size}xf32> {{
    %c = stablehlo.constant dense<{float(c)!r}> : tensor<f32>
    %b = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<{x.size}xf32>
    %0 = stablehlo.divide %x, %b : tensor<{x.size}xf32>
    return %0 : tensor<{x.size}xf32>
  }}
}}
"""
    (got,) = _run(client, text, x)
    # XLA's CPU numerics: denormal inputs read as zero (DAZ), denormal results flush to zero (FTZ).
    tiny = np.finfo(np.float32).tiny

    def flush(v: np.ndarray) -> np.ndarray:
        return np.where((np.abs(v) < tiny) & (v != 0), np.copysign(np.float32(0), v), v).astype(np.float32)

    r = flush(np.array([1.0 / float(c)], np.float32))[0]
    with np.errstate(all="ignore"):
        want = flush(flush(x) * r)
    assert np.array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_array_equal(got.view(np.uint32)[~np.isnan(got)], want.view(np.uint32)[~np.isnan(want)])


def test_division_by_broadcast_matches_xla_and_full_divides_stay_exact(client: xla_client.Client) -> None:
    """x / broadcast(b) is x * broadcast(1/b) (XLA's rewrite, rows, columns and scalars alike);
    broadcast(b) / x and a divide of two full arrays are exact divisions."""
    rng = np.random.default_rng(11)
    x = (rng.random((64, 96), dtype=np.float32) + 0.5).astype(np.float32)
    rows = (rng.random(64, dtype=np.float32) * 100 + 1).astype(np.float32)
    t, rt = "tensor<64x96xf32>", "tensor<64xf32>"
    text = f"""
module @divs {{
  func.func public @main(%x: {t}, %s: {rt}) -> ({t}, {t}, {t}) {{
    %b = stablehlo.broadcast_in_dim %s, dims = [0] : ({rt}) -> {t}
    %0 = stablehlo.divide %x, %b : {t}
    %1 = stablehlo.divide %b, %x : {t}
    %2 = stablehlo.divide %x, %x : {t}
    return %0, %1, %2 : {t}, {t}, {t}
  }}
}}
"""
    got = _run(client, text, x, rows)
    recip = (np.float32(1) / rows)[:, None]
    np.testing.assert_array_equal(got[0].view(np.uint32), (x * recip).view(np.uint32))
    assert not np.array_equal(got[0], x / rows[:, None]), "some elements must differ from an exact divide"
    np.testing.assert_array_equal(got[1].view(np.uint32), (rows[:, None] / x).view(np.uint32))
    np.testing.assert_array_equal(got[2], np.ones_like(x))


@pytest.mark.parametrize("divisor", ["row", "const"])
def test_f16_division_by_broadcast_uses_the_f16_reciprocal(client: xla_client.Client, divisor: str) -> None:
    """In f16 too, x / broadcast(b) is x * RN_f16(1/b), as XLA computes it."""
    rng = np.random.default_rng(5)
    x = (rng.random((32, 80)) + 0.5).astype(np.float16)
    rows = (rng.random(32) * 100 + 1).astype(np.float16)
    t, rt = "tensor<32x80xf16>", "tensor<32xf16>"
    if divisor == "row":
        text = f"""
module @d16 {{
  func.func public @main(%x: {t}, %s: {rt}) -> {t} {{
    %b = stablehlo.broadcast_in_dim %s, dims = [0] : ({rt}) -> {t}
    %0 = stablehlo.divide %x, %b : {t}
    return %0 : {t}
  }}
}}
"""
        (got,) = _run(client, text, x, rows)
        r = (np.float16(1) / rows)[:, None]
    else:
        text = f"""
module @d16c {{
  func.func public @main(%x: {t}) -> {t} {{
    %c = stablehlo.constant dense<7.000000e+00> : tensor<f16>
    %b = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f16>) -> {t}
    %0 = stablehlo.divide %x, %b : {t}
    return %0 : {t}
  }}
}}
"""
        (got,) = _run(client, text, x)
        r = np.float16(1) / np.float16(7)
    want = (x.astype(np.float32) * np.asarray(r, np.float32)).astype(np.float16)
    np.testing.assert_array_equal(got.view(np.uint16), want.view(np.uint16))


def test_scaled_scores_like_attention(client: xla_client.Client) -> None:
    """dot / sqrt(64): the sqrt folds to 8 and the divide becomes an exact multiply."""
    rng = np.random.default_rng(3)
    q = rng.standard_normal((2, 16, 3, 64)).astype(np.float32)
    k = rng.standard_normal((2, 16, 3, 64)).astype(np.float32)
    s = _t((2, 3, 16, 16))
    text = f"""
module @scores {{
  func.func public @main(%q: {_t(q.shape)}, %k: {_t(k.shape)}) -> {s} {{
    %0 = stablehlo.dot_general %q, %k, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3] : ({_t(q.shape)}, {_t(k.shape)}) -> {s}
    %cst = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %1 = stablehlo.sqrt %cst : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> {s}
    %3 = stablehlo.divide %0, %2 : {s}
    return %3 : {s}
  }}
}}
"""
    (got,) = _run(client, text, q, k)
    want = np.einsum("bqhd,bkhd->bhqk", q.astype(np.float64), k.astype(np.float64)) / 8.0
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_large_elementwise_outputs_streamed_exactly(client: xla_client.Client) -> None:
    """Fusions whose outputs exceed the caches write them with non-temporal stores (odd length:
    unaligned tail; two outputs, one of them also an intermediate)."""
    n = 3_000_001
    text = f"""
module @big {{
  func.func public @main(%a: tensor<{n}xf32>, %b: tensor<{n}xf32>) -> (tensor<{n}xf32>, tensor<{n}xf32>) {{
    %0 = stablehlo.multiply %a, %b : tensor<{n}xf32>
    %1 = stablehlo.add %0, %a : tensor<{n}xf32>
    %2 = stablehlo.tanh %1 : tensor<{n}xf32>
    return %1, %2 : tensor<{n}xf32>, tensor<{n}xf32>
  }}
}}
"""
    rng = np.random.default_rng(1)
    a = rng.standard_normal(n).astype(np.float32)
    b = rng.standard_normal(n).astype(np.float32)
    got_sum, got_tanh = _run(client, text, a, b)
    want = a * b + a
    np.testing.assert_array_equal(got_sum, want)
    np.testing.assert_allclose(got_tanh, np.tanh(want.astype(np.float64)), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("kind", ["maximum", "minimum"])
@pytest.mark.parametrize("row", [63, 64, 100, 1024, 4097])
def test_row_max_min_special_values_exact(client: xla_client.Client, kind: str, row: int) -> None:
    """Row max/min (the reducer softmax and layernorm use), bit for bit: any NaN wins,
    max(-0, +0) = +0 and min(-0, +0) = -0 (XLA's rule below 4096 elements; its large reductions
    do not keep it, we do), denormals read as zeros of their sign, infinities order."""
    rng = np.random.default_rng(row)
    rows = 24
    x = rng.standard_normal((rows, row)).astype(np.float32)
    specials = np.array([0.0, -0.0, 1e-40, -1e-40, np.inf, -np.inf, 3e38, -3e38], np.float32)
    for i in range(rows):  # each row: a few specials at random places
        k = rng.integers(1, 6)
        x[i, rng.integers(0, row, size=k)] = rng.choice(specials, size=k)
    x[0] = -0.0                   # all -0
    x[1] = -0.0
    x[1, row // 2] = 0.0          # one +0 among -0
    x[2] = 1e-40                  # all positive denormals: +0
    x[3] = -1e-40                 # all negative denormals: -0
    x[4, row - 1] = np.nan        # NaN last
    x[5, 0] = np.nan              # NaN first
    x[6] = -np.inf
    x[7] = -1.0 - np.abs(x[7])    # negative numbers and one negative denormal: max is -0
    x[7, row // 3] = -1e-40
    x[8] = -1.0 - np.abs(x[8])    # ... and one positive denormal: max is +0
    x[8, row // 3] = 1e-40
    x[9] = 1.0 + np.abs(x[9])     # positive numbers and denormals of both signs: min is -0
    x[9, row // 4] = 1e-40
    x[9, row // 2] = -1e-40
    init = "0xFF800000" if kind == "maximum" else "0x7F800000"
    t = f"tensor<{rows}x{row}xf32>"
    text = f"""
module @r {{
  func.func public @main(%x: {t}) -> tensor<{rows}xf32> {{
    %init = stablehlo.constant dense<{init}> : tensor<f32>
    %0 = stablehlo.reduce(%x init: %init) applies stablehlo.{kind} across dimensions = [1] : ({t}, tensor<f32>) -> tensor<{rows}xf32>
    return %0 : tensor<{rows}xf32>
  }}
}}
"""
    (got,) = _run(client, text, x)
    tiny = np.finfo(np.float32).tiny
    flushed = np.where((np.abs(x) < tiny) & (x != 0), np.copysign(np.float32(0), x), x)
    for i in range(rows):
        r = flushed[i]
        if np.isnan(r).any():
            assert np.isnan(got[i]), (i, got[i])
            continue
        want = np.float32(r.max() if kind == "maximum" else r.min())
        if want == 0:  # the sign of zero: +0 wins a max, -0 a min
            signs = np.signbit(r[r == 0])
            negative = signs.all() if kind == "maximum" else signs.any()
            want = np.float32(-0.0) if negative else np.float32(0.0)
        assert got[i].view(np.uint32) == want.view(np.uint32), (i, got[i], want)
