"""convert between dtype pairs, bitcast_convert, reduce_precision, complex/real/imag."""

from __future__ import annotations

import numpy as np
from gen_common import add, np_dtype, specials

T32 = ["pred", "s8", "s16", "s32", "u8", "u16", "u32", "f16", "bf16", "f32", "c64"]
T64 = ["s64", "u64", "f64", "c128"]
WIDE = set(T64)


def _convert_from(src, targets):
    def build():
        from jax import lax
        x = specials(np_dtype(src))
        targets_ = list(targets)  # complex -> real: JAX emits real + convert

        def f(x):
            return tuple(lax.convert_element_type(x, np_dtype(t)) for t in targets_)
        return f, (x,)
    return build


for _src in T32:
    add(f"convert_from_{_src}", "convert", _convert_from(_src, [t for t in T32 if t != _src]),
        ops=["convert"], tol="exact",
        note="lax.convert_element_type of special values (nan/inf/-0/denormal/extremes, "
             "int min/max) to every other 32-bit-mode dtype")
for _src in T64:
    add(f"convert_from_{_src}", "convert",
        _convert_from(_src, [t for t in T32 + T64 if t != _src]),
        ops=["convert"], tol="exact", x64=True)
for _src in ["pred", "s8", "u32", "f16", "bf16", "f32", "c64"]:
    add(f"convert_{_src}_to_x64", "convert", _convert_from(_src, T64),
        ops=["convert"], tol="exact", x64=True)


def _bitcast():
    import ml_dtypes
    from jax import lax
    f = specials(np.float32)
    h = specials(np.float16)
    b = specials(ml_dtypes.bfloat16)
    u8 = np.arange(32, dtype=np.uint8).reshape(8, 4) * 7

    def fn(f, h, b, u8):
        return (lax.bitcast_convert_type(f, np.int32), lax.bitcast_convert_type(f, np.uint32),
                lax.bitcast_convert_type(h, np.int16), lax.bitcast_convert_type(b, np.uint16),
                lax.bitcast_convert_type(h, ml_dtypes.bfloat16),
                lax.bitcast_convert_type(f, np.uint8),       # f32[n] -> u8[n,4]
                lax.bitcast_convert_type(u8, np.float32),    # u8[8,4] -> f32[8]
                lax.bitcast_convert_type(lax.bitcast_convert_type(f, np.int32) + 1,
                                         np.float32))
    return fn, (f, h, b, u8)


add("bitcast_convert_x32", "convert", _bitcast, ops=["bitcast_convert"], tol="exact")


def _bitcast64():
    from jax import lax
    d = specials(np.float64)
    u32 = np.arange(16, dtype=np.uint32).reshape(8, 2) * 0x01234567
    c = specials(np.complex64)

    def fn(d, u32, c):
        return (lax.bitcast_convert_type(d, np.int64), lax.bitcast_convert_type(d, np.uint32),
                lax.bitcast_convert_type(u32, np.float64),
                lax.bitcast_convert_type(lax.bitcast_convert_type(d, np.uint64), np.float64),
                lax.bitcast_convert_type(lax.real(c), np.int32))
    return fn, (d, u32, c)


add("bitcast_convert_x64", "convert", _bitcast64, ops=["bitcast_convert"], tol="exact",
    x64=True)


def _reduce_precision(dt):
    def build():
        from jax import lax
        x = np.concatenate([specials(np_dtype(dt)),
                            np.linspace(-3, 3, 20).astype(np_dtype(dt)),
                            np.array([65504, 65520, 1e-5, 6e-8, 3e-8, 1.00048828125,
                                      1.0009765625, 1.00146484375], dtype=np_dtype(dt))])

        def f(x):
            return (lax.reduce_precision(x, exponent_bits=5, mantissa_bits=10),
                    lax.reduce_precision(x, exponent_bits=8, mantissa_bits=7),
                    lax.reduce_precision(x, exponent_bits=4, mantissa_bits=3),
                    lax.reduce_precision(x, exponent_bits=8, mantissa_bits=23),
                    lax.reduce_precision(x, exponent_bits=2, mantissa_bits=1))
        return f, (x,)
    return build


add("reduce_precision_f32", "convert", _reduce_precision("f32"), ops=["reduce_precision"],
    tol="exact")
add("reduce_precision_f64", "convert", _reduce_precision("f64"), ops=["reduce_precision"],
    tol="exact", x64=True)


def _complex_parts(dt):
    def build():
        from jax import lax
        fdt = np.float32 if dt == "c64" else np.float64
        re = specials(fdt)
        im = re[::-1].copy()

        def f(re, im):
            z = lax.complex(re, im)
            return z, lax.real(z), lax.imag(z), lax.abs(z), lax.conj(z)
        return f, (re, im)
    return build


add("complex_real_imag_c64", "convert", _complex_parts("c64"),
    ops=["complex", "real", "imag", "abs"], tol="ulp")
add("complex_real_imag_c128", "convert", _complex_parts("c128"),
    ops=["complex", "real", "imag", "abs"], tol="ulp", x64=True)


def _astype_mix():
    import jax.numpy as jnp
    x = np.linspace(-300, 300, 37).astype(np.float32)

    def f(x):
        """jnp.astype chains: float -> int truncation/saturation, bool casts, round trips."""
        return (x.astype(jnp.int8), x.astype(jnp.uint8), x.astype(jnp.bool_),
                x.astype(jnp.int32).astype(jnp.float16), jnp.round(x).astype(jnp.int16),
                x.astype(jnp.bfloat16).astype(jnp.float32), x.astype(jnp.complex64))
    return f, (x,)


add("convert_astype_chain_f32", "convert", _astype_mix, ops=["convert", "round_nearest_even"],
    tol="exact")
