"""reduce (any body, several operands: argmax/argmin), reduce_window (max/avg pools,
strides, padding, dilation), select_and_scatter (max-pool gradient), cumulative ops, sort
(several operands, stable, comparators, descending), searchsorted, argsort."""

from __future__ import annotations

import numpy as np
from gen_common import add, np_dtype, randint, randn, specials


def _reduce_basic(dt):
    def build():
        import jax.numpy as jnp
        npdt = np_dtype(dt)
        kind = np.dtype(npdt).kind
        if kind == "b":
            x = randint(500, (4, 5, 6), 0, 2, np.int32).astype(bool)
        elif kind in "iu":
            x = randint(500, (4, 5, 6), 0 if kind == "u" else -50, 50, npdt)
        else:
            x = randn(500, (4, 5, 6), npdt)

        if kind == "b":
            def f(x):
                return jnp.all(x, axis=0), jnp.any(x, axis=(1, 2)), jnp.all(x), x.sum(axis=1)
        elif kind == "c":
            def f(x):
                return x.sum(axis=0), x.prod(axis=2), x.sum(), x.mean(axis=(0, 2))
        else:
            def f(x):
                return (x.sum(axis=0), x.prod(axis=2), x.max(axis=(0, 2)), x.min(axis=1),
                        x.sum(), x.max())
        return f, (x,)
    return build


for _dt in ["pred", "s8", "s32", "u8", "u32", "f16", "bf16", "f32", "c64", "s64", "u64", "f64",
            "c128"]:
    add(f"reduce_basic_{_dt}", "reduce", _reduce_basic(_dt), ops=["reduce"],
        tol="exact" if _dt in ("pred", "s8", "s32", "u8", "u32", "s64", "u64") else "accum",
        x64=_dt in ("s64", "u64", "f64", "c128"))


def _reduce_special_values():
    import jax.numpy as jnp
    v = specials(np.float32)
    x = np.stack([v, v[::-1], np.roll(v, 3)])

    def f(x):
        """NaN propagation in max/min reductions, inf sums, -0.0 handling."""
        return (x.max(axis=0), x.min(axis=0), x.sum(axis=1), jnp.nanmax(x, axis=1),
                jnp.nansum(x, axis=0), x.max(axis=1), jnp.argmax(x, axis=1),
                jnp.argmin(x, axis=1), jnp.argmax(x, axis=0))
    return f, (x,)


add("reduce_special_values_f32", "reduce", _reduce_special_values,
    ops=["reduce", "compare", "select"], tol="accum")


def _argminmax():
    import jax.numpy as jnp
    x = randn(501, (5, 7, 3))
    x[1, 2, 0] = x[1, 4, 0]  # tie -> lowest index
    i = randint(502, (6, 8), -5, 5, np.int32)
    b = np.array([3, 1, 3, 0, 3], np.uint8)

    def f(x, i, b):
        return (jnp.argmax(x, axis=1), jnp.argmin(x, axis=0), jnp.argmax(x), jnp.argmax(i, 1),
                jnp.argmin(i, axis=0), jnp.argmax(b), jnp.argmin(x, axis=2, keepdims=True))
    return f, (x, i, b)


add("reduce_argmax_argmin", "reduce", _argminmax, ops=["reduce", "iota", "compare", "select"],
    tol="exact", note="variadic reduce with (value, index) operands; ties resolve low index")


def _reduce_custom_body():
    from jax import lax
    x = randn(503, (6, 8))
    y = randint(504, (6, 8), 0, 100, np.int32)

    def f(x, y):
        """lax.reduce with non-standard bodies and a variadic (sum, max, count) reduce."""
        r1 = lax.reduce(x, np.float32(1.0), lambda a, b: a * b + 0.25, (1,))
        r2 = lax.reduce((x, y), (np.float32(0), np.int32(0)),
                        lambda a, b: (a[0] + b[0] * b[0], lax.max(a[1], b[1])), (0,))
        r3 = lax.reduce(y, np.int32(0), lambda a, b: a ^ b, (0, 1))
        r4 = lax.reduce(y, np.int32(-1), lax.bitwise_and, (1,))
        return r1, r2[0], r2[1], r3, r4
    return f, (x, y)


add("reduce_custom_body", "reduce", _reduce_custom_body, ops=["reduce"], tol="accum",
    note="non-monoid body (a*b+0.25), variadic reduce with two results, xor/and")


def _reduce_window():
    import jax.numpy as jnp
    from jax import lax
    x = randn(505, (2, 9, 10, 3))

    def f(x):
        mx = lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")
        av = lax.reduce_window(x, 0.0, lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") / 4
        pd = lax.reduce_window(x, 0.0, lax.add, (1, 3, 2, 1), (1, 1, 3, 1),
                               ((0, 0), (2, 1), (1, 0), (0, 0)))
        dil = lax.reduce_window(x, jnp.inf, lax.min, (1, 2, 2, 1), (1, 1, 1, 1), "VALID",
                                window_dilation=(1, 2, 3, 1))
        bd = lax.reduce_window(x, 1.0, lax.mul, (1, 2, 1, 1), (1, 1, 1, 1), "VALID",
                               base_dilation=(1, 2, 1, 1))
        return mx, av, pd, dil, bd
    return f, (x,)


add("reduce_window_pools", "reduce", _reduce_window, ops=["reduce_window"], tol="accum",
    note="max/avg pool, explicit padding, window dilation, base dilation")


def _reduce_window_int():
    from jax import lax
    x = randint(506, (8, 8), -100, 100, np.int32)
    u = randint(507, (12,), 0, 255, np.uint8)

    def f(x, u):
        return (lax.reduce_window(x, np.int32(np.iinfo(np.int32).min), lax.max, (2, 3),
                                  (2, 1), "SAME"),
                lax.reduce_window(u, np.uint8(0), lax.add, (4,), (2,), "VALID"))
    return f, (x, u)


add("reduce_window_int", "reduce", _reduce_window_int, ops=["reduce_window"], tol="exact")


def _reduce_window_variadic():
    from jax import lax
    x = randn(508, (10,))
    i = np.arange(10, dtype=np.int32)

    def f(x, i):
        def argmax_body(a, b):
            pick = a[0] >= b[0]
            return lax.select(pick, a[0], b[0]), lax.select(pick, a[1], b[1])
        return lax.reduce_window((x, i), (np.float32(-np.inf), np.int32(0)), argmax_body,
                                 (3,), (1,), "VALID")
    return f, (x, i)


add("reduce_window_variadic", "reduce", _reduce_window_variadic, ops=["reduce_window"],
    tol="exact", note="reduce_window with two operands (windowed argmax)")


def _select_and_scatter():
    import jax
    import jax.numpy as jnp
    from jax import lax
    x = randn(509, (2, 8, 8, 3))
    x[0, 0, 0, 0] = x[0, 0, 1, 0]  # tie inside a window

    def pool(x):
        return lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")

    def pool_overlap(x):
        return lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")

    def f(x):
        g1 = jax.grad(lambda x: (pool(x) * jnp.arange(48.0).reshape(1, 4, 4, 3)).sum())(x)
        g2 = jax.grad(lambda x: jnp.sin(pool_overlap(x)).sum())(x)
        return g1, g2
    return f, (x,)


add("select_and_scatter_maxpool_grad", "reduce", _select_and_scatter,
    ops=["select_and_scatter", "reduce_window"], tol="accum",
    note="gradient of max pooling (non-overlapping and overlapping windows, padding, tie)")


def _cumulative():
    import jax.numpy as jnp
    from jax import lax
    x = randn(510, (5, 12))
    i = randint(511, (5, 12), -3, 4, np.int32)

    def f(x, i):
        return (jnp.cumsum(x, axis=1), jnp.cumprod(x, axis=0), lax.cummax(x, axis=1),
                lax.cummin(i, axis=1, reverse=True), jnp.cumsum(i, axis=0),
                lax.cumlogsumexp(x, axis=1))
    return f, (x, i)


add("reduce_cumulative", "reduce", _cumulative, ops=["reduce_window"], tol="accum")


# --------------------------------------------------------------------------------- sort

def _sort_basic():
    import jax.numpy as jnp
    v = specials(np.float32)
    x = np.stack([v, v[::-1]])
    i = randint(512, (3, 10), -5, 5, np.int32)
    u = randint(513, (10,), 0, 4, np.uint16)

    def f(x, i, u):
        """float sort is total order: -nan < -inf < ... < -0.0 == 0.0 ... < inf < nan."""
        return (jnp.sort(x, axis=1), jnp.sort(i, axis=0), jnp.sort(i, axis=1), jnp.sort(u),
                jnp.sort(x, axis=1, descending=True), jnp.argsort(i, axis=1),
                jnp.argsort(i, axis=1, descending=True, stable=True), jnp.argsort(u))
    return f, (x, i, u)


add("sort_basic", "sort", _sort_basic, ops=["sort", "compare", "select"], tol="exact",
    note="NaN/-0.0 ordering, descending, stable argsort with ties")


def _sort_multi_operand():
    import jax.numpy as jnp
    from jax import lax
    k1 = randint(514, (12,), 0, 3, np.int32)
    k2 = randn(515, (12,))
    p = np.arange(12, dtype=np.int32)
    c = randn(516, (9,), np.complex64)
    c.real[3] = c.real[5]

    def f(k1, k2, p, c):
        a = lax.sort((k1, k2, p), num_keys=2, is_stable=True)
        b = lax.sort((k2, p), num_keys=1, is_stable=False)
        return a + b + (jnp.lexsort((k2, k1)), jnp.sort(c))
    return f, (k1, k2, p, c)


add("sort_multi_operand", "sort", _sort_multi_operand, ops=["sort"], tol="exact",
    note="lax.sort with 3 operands / 2 keys, lexsort, complex lexicographic comparator")


def _sort_dtypes():
    import ml_dtypes
    h = specials(np.float16)
    b = specials(ml_dtypes.bfloat16)
    s = specials(np.int8)
    p = np.array([True, False, True, False, False])

    def f(h, b, s, p):
        import jax.numpy as jnp
        return jnp.sort(h), jnp.sort(b), jnp.sort(s), jnp.sort(p), jnp.argsort(b)
    return f, (h, b, s, p)


add("sort_dtypes", "sort", _sort_dtypes, ops=["sort"], tol="exact")


def _sort_x64():
    import jax.numpy as jnp
    d = specials(np.float64)
    i = specials(np.int64)
    u = specials(np.uint64)

    def f(d, i, u):
        return jnp.sort(d), jnp.argsort(i), jnp.sort(u, descending=True)
    return f, (d, i, u)


add("sort_x64", "sort", _sort_x64, ops=["sort"], tol="exact", x64=True)


def _searchsorted():
    import jax.numpy as jnp
    a = np.sort(randn(517, (20,)))
    a[5] = a[6]
    q = np.concatenate([randn(518, (10,)), a[3:8], [-np.inf, np.inf, np.nan]]).astype(
        np.float32)

    def f(a, q):
        return (jnp.searchsorted(a, q), jnp.searchsorted(a, q, side="right"),
                jnp.searchsorted(a, q, method="sort"),
                jnp.searchsorted(a, q, method="compare_all"),
                jnp.digitize(q, a[::4]))
    return f, (a, q)


add("searchsorted", "sort", _searchsorted, ops=["while", "sort", "compare", "reduce"],
    tol="exact", note="searchsorted scan/sort/compare_all methods, left/right, digitize")


def _unique_median():
    import jax.numpy as jnp
    x = randint(519, (16,), 0, 6, np.int32)
    y = randn(520, (5, 7))

    def f(x, y):
        u, c = jnp.unique(x, return_counts=True, size=8, fill_value=-1)
        return (u, c, jnp.median(y, axis=1), jnp.percentile(y, 30.0, axis=0),
                jnp.quantile(y, 0.9))
    return f, (x, y)


add("sort_unique_median", "sort", _unique_median, ops=["sort", "scatter", "gather"],
    tol="accum")
