"""dot_general (batch/contracting dims, layouts, mixed precision, integers,
preferred_element_type) and convolution (dimension numbers, strides, padding, lhs/rhs
dilation, feature and batch groups, 1-3 spatial dims)."""

from __future__ import annotations

import numpy as np
from gen_common import add, randint, randn


def _dot_f32():
    import jax.numpy as jnp
    from jax import lax
    a = randn(200, (5, 7))
    b = randn(201, (7, 3))
    v = randn(202, (7,))
    ba = randn(203, (2, 4, 5, 6))
    bb = randn(204, (2, 6, 4, 3))

    def f(a, b, v, ba, bb):
        return (a @ b, a @ v, v @ v, jnp.outer(v, v), b.T @ a.T,
                jnp.einsum("bhij,bjhk->bhik", ba, bb),
                jnp.einsum("ij,ik->jk", a, a),                       # contract dim 0
                lax.dot_general(ba, bb, (((3, 1), (1, 2)), ((0,), (0,)))),   # 2 contracting
                jnp.einsum("bhij->bj", ba), jnp.tensordot(ba, bb, axes=([1, 3], [2, 1])),
                lax.dot(a, b, precision=lax.Precision.HIGHEST))
    return f, (a, b, v, ba, bb)


add("dot_general_f32", "dot", _dot_f32, ops=["dot_general", "transpose", "reduce"],
    tol="accum", note="matmul, matvec, batch and multi-contracting dims, transposed layouts")


def _dot_mixed():
    import jax.numpy as jnp
    import ml_dtypes
    from jax import lax
    a = randn(205, (4, 8)).astype(ml_dtypes.bfloat16)
    b = randn(206, (8, 5)).astype(ml_dtypes.bfloat16)
    h = randn(207, (4, 8)).astype(np.float16)
    g = randn(208, (8, 5)).astype(np.float16)

    def f(a, b, h, g):
        return (a @ b, jnp.matmul(a, b, preferred_element_type=jnp.float32), h @ g,
                lax.dot_general(h, g, (((1,), (0,)), ((), ())),
                                preferred_element_type=jnp.float32),
                jnp.einsum("ij,jk->ik", a, g.astype(jnp.bfloat16)))
    return f, (a, b, h, g)


add("dot_general_mixed_precision", "dot", _dot_mixed, ops=["dot_general", "convert"],
    tol="accum", note="bf16/f16 operands, f32 preferred_element_type")


def _dot_int():
    import jax.numpy as jnp
    from jax import lax
    a = randint(209, (4, 6), -128, 128, np.int8)
    b = randint(210, (6, 3), -128, 128, np.int8)
    u = randint(211, (4, 6), 0, 256, np.uint8)
    i = randint(212, (3, 4, 5), -1000, 1000, np.int32)
    j = randint(213, (3, 5, 2), -1000, 1000, np.int32)

    def f(a, b, u, i, j):
        return (lax.dot(a, b, preferred_element_type=jnp.int32), a @ b,
                lax.dot(u, b.astype(jnp.uint8), preferred_element_type=jnp.uint32),
                jnp.matmul(i, j), lax.dot_general(u, a, (((0,), (0,)), ((), ())),
                                                  preferred_element_type=jnp.int16),
                jnp.dot(a > 0, b > 0))
    return f, (a, b, u, i, j)


add("dot_general_int", "dot", _dot_int, ops=["dot_general"], tol="exact",
    note="s8xs8->s32, wrapping s8 result, u8->u32, s32 batch matmul, pred dot")


def _dot_complex():
    a = randn(214, (3, 4), np.complex64)
    b = randn(215, (4, 5), np.complex64)

    def f(a, b):
        return a @ b, a.conj().T @ a, (a @ b).real
    return f, (a, b)


add("dot_general_c64", "dot", _dot_complex, ops=["dot_general"], tol="accum")


def _dot_x64():
    import jax.numpy as jnp
    a = randn(216, (6, 5), np.float64)
    b = randn(217, (5, 4), np.float64)
    c = randn(218, (2, 3, 3), np.complex128)
    i = randint(219, (3, 4), -2 ** 40, 2 ** 40, np.int64)
    j = randint(220, (4, 2), -2 ** 20, 2 ** 20, np.int64)

    def f(a, b, c, i, j):
        return a @ b, c @ c, i @ j, jnp.einsum("ij,kj->ik", a, a)
    return f, (a, b, c, i, j)


add("dot_general_x64", "dot", _dot_x64, ops=["dot_general"], tol="accum", x64=True)


# ------------------------------------------------------------------------- convolution

def _conv(seed, lhs_shape, rhs_shape, dn, **kw):
    from jax import lax

    def build():
        lhs = randn(seed, lhs_shape)
        rhs = randn(seed + 1, rhs_shape)

        def f(lhs, rhs):
            return lax.conv_general_dilated(lhs, rhs, dimension_numbers=dn, **kw)
        return f, (lhs, rhs)
    return build


_CONVS = [
    ("conv2d_nchw_valid", (2, 3, 9, 9), (4, 3, 3, 3), ("NCHW", "OIHW", "NCHW"),
     dict(window_strides=(1, 1), padding="VALID")),
    ("conv2d_nhwc_same_stride2", (2, 10, 9, 3), (3, 3, 3, 5), ("NHWC", "HWIO", "NHWC"),
     dict(window_strides=(2, 2), padding="SAME")),
    ("conv2d_explicit_pad_asym", (1, 2, 7, 8), (3, 2, 2, 3), ("NCHW", "OIHW", "NCHW"),
     dict(window_strides=(1, 2), padding=((2, 1), (0, 3)))),
    ("conv2d_negative_pad", (1, 2, 8, 8), (3, 2, 3, 3), ("NCHW", "OIHW", "NCHW"),
     dict(window_strides=(1, 1), padding=((-1, 2), (1, -2)))),
    ("conv2d_rhs_dilation", (2, 8, 8, 3), (3, 3, 3, 4), ("NHWC", "HWIO", "NHWC"),
     dict(window_strides=(1, 1), padding="SAME", rhs_dilation=(2, 2))),
    ("conv2d_lhs_dilation", (1, 3, 5, 5), (2, 3, 3, 3), ("NCHW", "OIHW", "NCHW"),
     dict(window_strides=(1, 1), padding=((2, 2), (1, 2)), lhs_dilation=(2, 3))),
    ("conv2d_feature_group", (2, 6, 7, 7), (6, 2, 3, 3), ("NCHW", "OIHW", "NCHW"),
     dict(window_strides=(1, 1), padding="SAME", feature_group_count=3)),
    ("conv2d_depthwise_nhwc", (1, 8, 8, 4), (3, 3, 1, 8), ("NHWC", "HWIO", "NHWC"),
     dict(window_strides=(2, 1), padding="SAME", feature_group_count=4)),
    ("conv2d_batch_group", (4, 3, 6, 6), (6, 3, 3, 3), ("NCHW", "OIHW", "NCHW"),
     dict(window_strides=(1, 1), padding="VALID", batch_group_count=2)),
    ("conv1d_nwc", (3, 16, 4), (5, 4, 6), ("NWC", "WIO", "NWC"),
     dict(window_strides=(3,), padding=((2, 2),), rhs_dilation=(2,))),
    ("conv3d_ncdhw", (1, 2, 5, 6, 4), (3, 2, 2, 3, 2), ("NCDHW", "OIDHW", "NCDHW"),
     dict(window_strides=(1, 2, 1), padding="SAME")),
    ("conv2d_odd_layout", (5, 2, 6, 3), (3, 3, 3, 4), ("HNWC", "HIWO", "CHWN"),
     dict(window_strides=(1, 1), padding="VALID")),
]
for _i, (_n, _l, _r, _dn, _kw) in enumerate(_CONVS):
    add(_n, "conv", _conv(300 + 10 * _i, _l, _r, _dn, **_kw), ops=["convolution"],
        tol="accum")


def _conv_transpose():
    from jax import lax
    x = randn(400, (1, 5, 5, 3))
    w = randn(401, (3, 3, 3, 2))

    def f(x, w):
        return (lax.conv_transpose(x, w, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO",
                                                                            "NHWC")),
                lax.conv_transpose(x, w, (1, 2), "VALID", rhs_dilation=(2, 1),
                                   dimension_numbers=("NHWC", "HWIO", "NHWC")))
    return f, (x, w)


add("conv_transpose", "conv", _conv_transpose, ops=["convolution"], tol="accum")


def _conv_grads():
    import jax
    from jax import lax
    x = randn(402, (2, 4, 6, 6))
    w = randn(403, (6, 2, 3, 3))

    def loss(x, w):
        y = lax.conv_general_dilated(x, w, (2, 1), "SAME", feature_group_count=2,
                                     dimension_numbers=("NCHW", "OIHW", "NCHW"))
        return (y * y).sum()

    def f(x, w):
        return jax.grad(loss, argnums=(0, 1))(x, w)
    return f, (x, w)


add("conv_grad_grouped", "conv", _conv_grads, ops=["convolution", "reverse"], tol="accum",
    note="input and weight gradients of a grouped strided conv (batch_group_count, "
         "lhs_dilation in the backward pass)")


def _conv_dtypes():
    import jax.numpy as jnp
    import ml_dtypes
    from jax import lax
    x = randn(404, (1, 3, 6, 6)).astype(ml_dtypes.bfloat16)
    w = randn(405, (2, 3, 3, 3)).astype(ml_dtypes.bfloat16)
    h = randn(406, (1, 3, 6, 6)).astype(np.float16)
    g = randn(407, (2, 3, 3, 3)).astype(np.float16)
    xi = randint(408, (1, 2, 5, 5), -10, 10, np.int32)
    wi = randint(409, (2, 2, 2, 2), -10, 10, np.int32)

    def f(x, w, h, g, xi, wi):
        dn = ("NCHW", "OIHW", "NCHW")
        return (lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=dn),
                lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=dn,
                                         preferred_element_type=jnp.float32),
                lax.conv_general_dilated(h, g, (2, 2), "VALID", dimension_numbers=dn),
                lax.conv_general_dilated(xi, wi, (1, 1), "VALID", dimension_numbers=dn))
    return f, (x, w, h, g, xi, wi)


add("conv_dtypes_bf16_f16_s32", "conv", _conv_dtypes, ops=["convolution"], tol="accum",
    note="bf16 (also with f32 preferred_element_type), f16, s32 convolution")


def _conv_x64():
    from jax import lax
    x = randn(410, (2, 3, 7, 7), np.float64)
    w = randn(411, (4, 3, 3, 3), np.float64)
    c = randn(412, (1, 2, 5), np.complex128)
    k = randn(413, (2, 2, 3), np.complex128)

    def f(x, w, c, k):
        return (lax.conv_general_dilated(x, w, (1, 2), "SAME", rhs_dilation=(1, 2)),
                lax.conv_general_dilated(c, k, (1,), "SAME"))
    return f, (x, w, c, k)


add("conv_x64", "conv", _conv_x64, ops=["convolution"], tol="accum", x64=True)


def _np_convolve():
    import jax.numpy as jnp
    a = randn(414, (20,))
    v = randn(415, (5,))

    def f(a, v):
        return (jnp.convolve(a, v, mode="full"), jnp.convolve(a, v, mode="same"),
                jnp.correlate(a, v, mode="valid"))
    return f, (a, v)


add("conv_jnp_convolve_1d", "conv", _np_convolve, ops=["convolution", "reverse"],
    tol="accum")
