"""Constants (splat, nested lists, hex blobs), iota, broadcast_in_dim, reshape, transpose,
slice, dynamic_slice, dynamic_update_slice, concatenate, pad, reverse, 0-d and empty
tensors."""

from __future__ import annotations

import numpy as np
from gen_common import add, np_dtype, randint, randn


def _constants_x32():
    import jax.numpy as jnp
    import ml_dtypes
    big = np.arange(64 * 48, dtype=np.float32).reshape(64, 48) * 0.37 - 300.0  # hex blob
    small = np.array([[1.5, -2.0, 3.25], [np.nan, np.inf, -0.0]], dtype=np.float32)
    ints = np.array([[1, -2], [np.iinfo(np.int32).min, np.iinfo(np.int32).max]], np.int32)
    u8 = np.arange(100, dtype=np.uint8) * 3  # hex blob of u8
    bf = np.linspace(-2, 2, 9).astype(ml_dtypes.bfloat16)
    h = np.array([65504, -0.0, 6e-8, 1 / 3], dtype=np.float16)
    b = np.array([True, False, True, True, False, False, True, False] * 4)
    c = np.array([1 + 2j, -0.5j, np.nan + 1j], dtype=np.complex64)
    u32 = np.array([0, 1, 0xFFFFFFFF, 0x80000000], dtype=np.uint32)

    def f(x):
        """Closure-captured numpy arrays become stablehlo.constant (dense lists or hex)."""
        return (x + big, jnp.full((3, 4), 7.0, jnp.float32), small, ints, u8, bf, h, b, c,
                u32, jnp.zeros((2, 0, 3), jnp.float32), jnp.array(5, jnp.int8),
                x.sum() * jnp.ones((), jnp.float32))
    return f, (randn(1, (64, 48)),)


add("constants_x32", "constant", _constants_x32, ops=["constant"], tol="exact",
    note="splat, nested-list and hex-blob dense constants of many dtypes; 0-d and empty")


def _constants_x64():
    import jax.numpy as jnp
    d = np.array([np.pi, -np.e, 1e-310, np.nan, -np.inf, 2.0 ** 60], dtype=np.float64)
    big = (np.arange(40 * 40, dtype=np.float64).reshape(40, 40) / 7.0)
    i64 = np.array([np.iinfo(np.int64).min, -1, 0, np.iinfo(np.int64).max], dtype=np.int64)
    u64 = np.array([0, 2 ** 63, 2 ** 64 - 1], dtype=np.uint64)
    c = np.array([1e300 + 1e-300j, -1j], dtype=np.complex128)

    def f(x):
        return x + big, d, i64, u64, c, jnp.full((2, 2), 2 ** 40, jnp.int64)
    return f, (np.ones((40, 40), np.float64),)


add("constants_x64", "constant", _constants_x64, ops=["constant"], tol="exact", x64=True)


def _iota():
    from jax import lax

    def f(x):
        return (lax.iota(np.int32, 7), lax.broadcasted_iota(np.float32, (3, 4, 5), 1),
                lax.broadcasted_iota(np.uint8, (300,), 0),
                lax.broadcasted_iota(np.int16, (2, 3), 0) + x,
                lax.broadcasted_iota(np.float16, (4, 2100), 1)[:, -5:],
                lax.broadcasted_iota(np.int8, (2, 200), 1))
    return f, (np.ones((2, 3), np.int16),)


add("iota_x32", "shape", _iota, ops=["iota"], tol="exact",
    note="iota in several dtypes/dimensions incl. u8/s8 wrap-around and f16 rounding")


def _broadcast_reshape_transpose():
    import jax.numpy as jnp
    from jax import lax
    x = randn(2, (2, 3, 4))
    s = np.array(3.5, np.float32)
    v = randn(3, (3,))

    def f(x, s, v):
        return (jnp.broadcast_to(s, (2, 2)), lax.broadcast_in_dim(v, (2, 3, 5), (1,)),
                lax.broadcast_in_dim(x, (5, 2, 3, 1, 4), (1, 2, 4)),
                x.reshape(4, 6), x.reshape(24), x.reshape(1, 2, 1, 12, 1), s.reshape(1, 1),
                jnp.transpose(x, (2, 0, 1)), jnp.transpose(x, (1, 2, 0)).reshape(3, 8),
                jnp.expand_dims(v, (0, 2)), jnp.squeeze(x.reshape(1, 2, 3, 1, 4)))
    return f, (x, s, v)


add("broadcast_reshape_transpose", "shape", _broadcast_reshape_transpose,
    ops=["broadcast_in_dim", "reshape", "transpose"], tol="exact")


def _transpose_dtypes():
    import ml_dtypes

    def f(a, b, c, d):
        return a.T, b.transpose(1, 0, 2), c.transpose(2, 1, 0), d.T
    return f, (randint(4, (5, 7), -100, 100, np.int8), randn(5, (3, 4, 5)).astype(np.float16),
               randn(6, (2, 3, 4)).astype(ml_dtypes.bfloat16),
               (randn(7, (4, 6)) + 1j * randn(8, (4, 6))).astype(np.complex64))


add("transpose_dtypes", "shape", _transpose_dtypes, ops=["transpose"], tol="exact")


def _slices():
    from jax import lax
    x = randn(9, (8, 10, 6))

    def f(x):
        return (x[1:5], x[:, ::3], x[::2, 1::4, 5:], x[-1], x[3, 4, 5],
                lax.slice(x, (1, 2, 0), (7, 9, 6), (3, 2, 5)), x[:, ::-1],
                x[..., 2:3])
    return f, (x,)


add("slice_strided", "shape", _slices, ops=["slice", "reverse", "reshape"], tol="exact")


def _dynamic_slice():
    from jax import lax
    x = randn(10, (6, 8))
    idx = np.array([[0, 0], [2, 3], [5, 7], [-1, 2], [100, -100], [3, 6]], dtype=np.int32)

    def f(x, idx):
        """Start indices are clamped so the slice stays in bounds."""
        outs = []
        for k in range(idx.shape[0]):
            outs.append(lax.dynamic_slice(x, (idx[k, 0], idx[k, 1]), (3, 2)))
        outs.append(lax.dynamic_index_in_dim(x, idx[1, 0], axis=1))
        return tuple(outs)
    return f, (x, idx)


add("dynamic_slice_clamped", "shape", _dynamic_slice, ops=["dynamic_slice"], tol="exact")


def _dynamic_update_slice():
    from jax import lax
    x = randn(11, (6, 8))
    u = randn(12, (3, 2))
    idx = np.array([[0, 0], [2, 3], [5, 7], [-4, 1], [100, -100]], dtype=np.int32)
    ui = randint(13, (4, 5), 0, 50, np.uint16)

    def f(x, u, idx, ui):
        outs = [lax.dynamic_update_slice(x, u, (idx[k, 0], idx[k, 1]))
                for k in range(idx.shape[0])]
        outs.append(lax.dynamic_update_slice(ui, np.full((2, 2), 999, np.uint16),
                                             (idx[1, 0], idx[1, 1])))
        return tuple(outs)
    return f, (x, u, idx, ui)


add("dynamic_update_slice_clamped", "shape", _dynamic_update_slice,
    ops=["dynamic_update_slice"], tol="exact")


def _concat_pad_rev():
    import jax.numpy as jnp
    from jax import lax
    a = randn(14, (2, 3))
    b = randn(15, (4, 3))
    c = randint(16, (3, 5), -9, 9, np.int32)

    def f(a, b, c):
        return (jnp.concatenate([a, b, a], axis=0), jnp.concatenate([c, c[:, :2]], axis=1),
                jnp.stack([a, a * 2]),
                lax.pad(a, np.float32(-1), [(1, 2, 0), (0, 1, 2)]),        # interior
                lax.pad(b, np.float32(9), [(-1, 1, 0), (2, -2, 1)]),       # negative
                lax.pad(c, np.int32(7), [(-2, -1, 3), (1, 0, 0)]),         # both
                jnp.pad(a, ((1, 1), (2, 2)), mode="reflect"),
                jnp.pad(a, ((0, 2), (1, 0)), mode="edge"),
                lax.rev(b, (0,)), lax.rev(c, (0, 1)), jnp.flip(a))
    return f, (a, b, c)


add("concat_pad_reverse", "shape", _concat_pad_rev,
    ops=["concatenate", "pad", "reverse"], tol="exact",
    note="pad with interior, negative low/high and both")


def _misc_shape():
    import jax.numpy as jnp
    x = randn(17, (4, 6))
    i = randint(18, (5,), 0, 10, np.int32)

    def f(x, i):
        return (jnp.roll(x, 2, axis=1), jnp.tile(x[:2], (2, 3)), jnp.repeat(i, 3),
                jnp.triu(x), jnp.tril(x, -1), jnp.diag(x[:4, :4]), jnp.eye(3, 5, k=1),
                jnp.outer(i, i), jnp.kron(x[:2, :2], jnp.ones((2, 2))),
                jnp.meshgrid(i, i[:3])[0], jnp.diagonal(x), jnp.trace(x))
    return f, (x, i)


add("shape_misc_jnp", "shape", _misc_shape,
    ops=["slice", "concatenate", "broadcast_in_dim", "select", "iota", "compare", "reduce"],
    tol="accum")


def _zero_d_and_empty():
    import jax.numpy as jnp
    s = np.array(2.5, np.float32)
    e = np.zeros((0, 3), np.float32)
    i = np.array(-7, np.int32)

    def f(s, e, i):
        return (s * 2, e + 1, e.sum(axis=0), e.reshape(3, 0), jnp.concatenate([e, e]),
                i // 2, jnp.maximum(s, i.astype(jnp.float32)), e.T @ e)
    return f, (s, e, i)


add("zero_d_and_empty", "shape", _zero_d_and_empty,
    ops=["multiply", "add", "reduce", "reshape", "concatenate", "dot_general"], tol="exact",
    note="0-d tensors, zero-size tensors (0x3) in elementwise, reduce, dot")


def _shape_dtypes(dt):
    def build():
        from jax import lax
        npdt = np_dtype(dt)
        x = (np.arange(60) % 17 - 8).astype(npdt).reshape(3, 4, 5)

        def f(x):
            return (x.reshape(5, 12).T, lax.rev(x, (2,)), x[:, 1:3, ::2],
                    lax.pad(x, np.array(1, npdt), [(0, 1, 1), (1, 0, 0), (0, 0, 0)]),
                    lax.concatenate([x, x], 1), lax.broadcast_in_dim(x[0, 0], (2, 5, 3), (1,)))
        return f, (x,)
    return build


for _dt in ["pred", "u8", "s16", "u32", "f16", "bf16", "c64", "s64", "f64", "c128", "u64"]:
    add(f"shape_ops_{_dt}", "shape", _shape_dtypes(_dt),
        ops=["reshape", "transpose", "reverse", "slice", "pad", "concatenate",
             "broadcast_in_dim"], tol="exact", x64=_dt in ("s64", "f64", "c128", "u64"))
