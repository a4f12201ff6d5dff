"""gather and scatter in several forms (indexing, take, take_along_axis, batched, clamped and
filled out-of-bounds indices, .at[].set/add/mul/min/max/apply, segment ops)."""

from __future__ import annotations

import numpy as np
from gen_common import add, randint, randn


def _gather_indexing():
    import jax.numpy as jnp
    x = randn(100, (6, 7, 3))
    i = np.array([0, 5, 2, 2, -1], dtype=np.int32)
    j = np.array([[1, 6], [3, 0]], dtype=np.int32)

    def f(x, i, j):
        return (x[i], x[:, i], x[i, j[0, 0]], x[j], x[i[:2], i[2:4]], x[:, j, 1],
                jnp.take(x, i, axis=1), x[i[0]], x[..., i[1] % 3])
    return f, (x, i, j)


add("gather_indexing", "gather_scatter", _gather_indexing, ops=["gather", "dynamic_slice"],
    tol="exact", note="numpy-style integer indexing incl. negative indices")


def _gather_modes():
    import jax.numpy as jnp
    x = randn(101, (5, 4))
    i = np.array([0, 4, 5, 7, -1, -6, -9, 2], dtype=np.int32)

    def f(x, i):
        """Out-of-bounds indices: clip, fill (NaN for floats) and the default (fill)."""
        return (jnp.take(x, i, axis=0, mode="clip"), jnp.take(x, i, axis=0, mode="fill"),
                jnp.take(x, i, axis=1, mode="fill", fill_value=-3.0),
                x.at[i].get(mode="clip"), x.at[i].get(mode="fill", fill_value=0.0),
                jnp.take(x.ravel(), i, mode="wrap"))
    return f, (x, i)


add("gather_oob_modes", "gather_scatter", _gather_modes,
    ops=["gather", "compare", "select"], tol="exact")


def _gather_take_along():
    import jax.numpy as jnp
    x = randn(102, (4, 6, 5))
    idx = randint(103, (4, 3, 5), 0, 6, np.int32)
    am = randint(104, (4, 6, 1), 0, 5, np.int32)

    def f(x, idx, am):
        return (jnp.take_along_axis(x, idx, axis=1), jnp.take_along_axis(x, am, axis=2),
                jnp.take_along_axis(x, jnp.argsort(x, axis=-1), axis=-1))
    return f, (x, idx, am)


add("gather_take_along_axis", "gather_scatter", _gather_take_along,
    ops=["gather", "sort", "iota", "concatenate"], tol="exact")


def _gather_lax():
    from jax import lax
    x = randn(105, (5, 6, 7))
    idx = np.array([[0, 1], [4, 5], [2, 9], [-3, 2]], dtype=np.int32)

    def f(x, idx):
        dn = lax.GatherDimensionNumbers(offset_dims=(1, 2), collapsed_slice_dims=(0,),
                                        start_index_map=(0, 1))
        dn2 = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0, 2),
                                         start_index_map=(0, 2))
        return (lax.gather(x, idx, dn, slice_sizes=(1, 3, 7),
                           mode=lax.GatherScatterMode.CLIP),
                lax.gather(x, idx, dn2, slice_sizes=(1, 6, 1),
                           mode=lax.GatherScatterMode.PROMISE_IN_BOUNDS),
                lax.gather(x, idx, dn, slice_sizes=(1, 2, 4),
                           mode=lax.GatherScatterMode.FILL_OR_DROP, fill_value=-1.0))
    return f, (x, idx)


add("gather_lax_dimension_numbers", "gather_scatter", _gather_lax, ops=["gather"],
    tol="exact", note="explicit GatherDimensionNumbers, clamped and filled OOB starts")


def _gather_batched():
    import jax
    x = randn(106, (3, 8, 4))
    i = randint(107, (3, 5), 0, 8, np.int32)

    def f(x, i):
        return jax.vmap(lambda a, b: a[b])(x, i), jax.vmap(lambda a, b: a[:, b % 4])(x, i)
    return f, (x, i)


add("gather_vmap_batched", "gather_scatter", _gather_batched, ops=["gather"], tol="exact",
    note="gather with operand_batching_dims / start_indices_batching_dims")


def _gather_dtypes():
    import ml_dtypes
    a = randint(108, (6, 4), -100, 100, np.int8)
    b = randn(109, (6, 4)).astype(ml_dtypes.bfloat16)
    c = (randn(110, (6, 4)) + 1j).astype(np.complex64)
    d = np.arange(24).reshape(6, 4) % 3 == 0
    i = np.array([5, 0, 3], np.int32)

    def f(a, b, c, d, i):
        return a[i], b[i], c[:, i[2]], d[i]
    return f, (a, b, c, d, i)


add("gather_dtypes", "gather_scatter", _gather_dtypes, ops=["gather", "dynamic_slice"],
    tol="exact")


def _scatter_at():
    x = randn(111, (6, 4))
    i = np.array([0, 3, 5], np.int32)
    dup = np.array([1, 1, 4, 1, 9, -1], np.int32)
    u = randn(112, (3, 4))
    ud = randn(113, (6, 4))

    def f(x, i, dup, u, ud):
        """.at[] updates; duplicate and out-of-bounds indices (dropped)."""
        return (x.at[i].set(u), x.at[dup].add(ud), x.at[dup].mul(ud), x.at[dup].min(ud),
                x.at[dup].max(ud), x.at[i, 2].set(-1.0), x.at[:, i[1]].add(5.0),
                x.at[i].set(u, unique_indices=True, indices_are_sorted=True),
                x.at[dup].add(ud, mode="clip"), x.at[2:4].set(0.0),
                x.at[i].apply(lambda v: v * v + 1))
    return f, (x, i, dup, u, ud)


add("scatter_at_ops_f32", "gather_scatter", _scatter_at,
    ops=["scatter", "dynamic_update_slice"], tol="accum",
    note="scatter set/add/mul/min/max/apply; duplicates; OOB dropped or clipped")


def _scatter_int():
    x = randint(114, (5, 3), -50, 50, np.int32)
    u = randint(115, (4, 3), -50, 50, np.int32)
    i = np.array([4, 0, 4, 2], np.int32)
    y = randint(116, (8,), 0, 200, np.uint8)
    yi = np.array([[1], [1], [7], [3]], np.int32)
    yu = np.array([200, 100, 1, 255], np.uint8)

    def f(x, u, i, y, yi, yu):
        return (x.at[i].add(u), x.at[i].max(u), x.at[i].min(u), x.at[i].mul(u),
                y.at[yi[:, 0]].add(yu), y.at[yi[:, 0]].max(yu))
    return f, (x, u, i, y, yi, yu)


add("scatter_int", "gather_scatter", _scatter_int, ops=["scatter"], tol="exact",
    note="integer scatter with duplicates (wrapping adds)")


def _scatter_lax():
    from jax import lax
    x = randn(117, (4, 5, 6))
    idx = np.array([[0, 1], [3, 4], [1, 0]], np.int32)
    upd = randn(118, (3, 6))

    def f(x, idx, upd):
        dn = lax.ScatterDimensionNumbers(update_window_dims=(1,),
                                         inserted_window_dims=(0, 1),
                                         scatter_dims_to_operand_dims=(0, 1))
        return (lax.scatter_add(x, idx, upd, dn), lax.scatter(x, idx, upd, dn),
                lax.scatter_mul(x, idx, upd, dn), lax.scatter_min(x, idx, upd, dn),
                lax.scatter_max(x, idx, upd, dn),
                lax.scatter_apply(x, idx, lambda v: -v, dn, update_shape=(3, 6)))
    return f, (x, idx, upd)


add("scatter_lax_dimension_numbers", "gather_scatter", _scatter_lax, ops=["scatter"],
    tol="exact")


def _scatter_batched():
    import jax
    x = randn(119, (3, 7))
    i = randint(120, (3, 4), 0, 7, np.int32)
    u = randn(121, (3, 4))

    def f(x, i, u):
        return jax.vmap(lambda a, b, c: a.at[b].add(c))(x, i, u)
    return f, (x, i, u)


add("scatter_vmap_batched", "gather_scatter", _scatter_batched, ops=["scatter"],
    tol="accum")


def _segment_ops():
    import jax
    data = randn(122, (10, 3))
    seg = np.array([0, 0, 1, 3, 3, 3, 2, 4, 4, 1], np.int32)

    def f(data, seg):
        return (jax.ops.segment_sum(data, seg, num_segments=5),
                jax.ops.segment_max(data, seg, num_segments=6),
                jax.ops.segment_min(data, seg, num_segments=5),
                jax.ops.segment_prod(data, seg, num_segments=5),
                jax.ops.segment_sum(data, seg, num_segments=5, indices_are_sorted=False))
    return f, (data, seg)


add("scatter_segment_ops", "gather_scatter", _segment_ops, ops=["scatter"], tol="accum")


def _scatter_x64():
    x = np.arange(12, dtype=np.float64).reshape(4, 3) / 3
    i = np.array([3, 1, 3], np.int64)
    u = np.array([[1e-17, 1e17, -2.0]] * 3, np.float64)
    xi = np.arange(8, dtype=np.int64) * (2 ** 40)
    ii = np.array([0, 7, 7], np.int64)

    def f(x, i, u, xi, ii):
        return x.at[i].add(u), x[i], xi.at[ii].add(2 ** 62), xi[ii]
    return f, (x, i, u, xi, ii)


add("scatter_gather_x64", "gather_scatter", _scatter_x64, ops=["scatter", "gather"],
    tol="accum", x64=True, note="s64 indices, f64/s64 payloads")
