"""Elementwise math and logic in every dtype, on special values (nan, +-inf, -0.0,
denormals, int min/max, division by zero, overflow, out-of-range shifts)."""

from __future__ import annotations

import numpy as np
from gen_common import add, grid, np_dtype, specials

X32_INT = ["s8", "s16", "s32", "u8", "u16", "u32"]
X64_INT = ["s64", "u64"]
X32_FLOAT = ["f16", "bf16", "f32"]
X64_FLOAT = ["f64"]
X32_COMPLEX = ["c64"]
X64_COMPLEX = ["c128"]
WIDE = {"s64", "u64", "f64", "c128"}


def _lax():
    from jax import lax
    return lax


# ------------------------------------------------------------------------------ integers

def _int_arith(dt):
    def build():
        lax = _lax()
        x, y = grid(specials(np_dtype(dt)))

        def f(x, y):
            return (lax.add(x, y), lax.sub(x, y), lax.mul(x, y), lax.div(x, y), lax.rem(x, y),
                    lax.max(x, y), lax.min(x, y))
        return f, (x, y)
    return build


def _int_unary(dt):
    def build():
        lax = _lax()
        x = specials(np_dtype(dt))
        signed = np.dtype(np_dtype(dt)).kind == "i"

        def f(x):
            outs = [lax.neg(x), lax.bitwise_not(x), lax.population_count(x), lax.clz(x),
                    lax.sign(x) if signed else lax.max(x, x)]
            if signed:
                outs.append(lax.abs(x))
            return tuple(outs)
        return f, (x,)
    return build


def _int_bitwise(dt):
    def build():
        lax = _lax()
        npdt = np_dtype(dt)
        bits = np.dtype(npdt).itemsize * 8
        x = specials(npdt)
        amounts = [0, 1, 3, bits - 1, bits, bits + 1, 2 * bits]
        if np.dtype(npdt).kind == "i":
            amounts += [-1, -bits]
        s = np.array(amounts, dtype=object).astype(npdt)
        xx = np.broadcast_to(x[:, None], (len(x), len(s))).copy()
        ss = np.broadcast_to(s[None, :], (len(x), len(s))).copy()

        def f(x, s):
            return (lax.bitwise_and(x, s), lax.bitwise_or(x, s), lax.bitwise_xor(x, s),
                    lax.shift_left(x, s), lax.shift_right_logical(x, s),
                    lax.shift_right_arithmetic(x, s))
        return f, (xx, ss)
    return build


def _int_jnp_divmod(dt):
    def build():
        import jax.numpy as jnp
        x, y = grid(specials(np_dtype(dt)))

        def f(x, y):
            """Python-style floor_divide / remainder / divmod as jnp lowers them."""
            return jnp.floor_divide(x, y), jnp.remainder(x, y), jnp.fmod(x, y)
        return f, (x, y)
    return build


def _int_pow(dt):
    def build():
        import jax.numpy as jnp
        npdt = np_dtype(dt)
        base = np.array([0, 1, 2, 3, 5, 7, 10, 100], dtype=npdt)
        ex = np.array([0, 1, 2, 3, 7, 8, 15, 31], dtype=npdt)
        x, y = np.meshgrid(base, ex, indexing="ij")

        def f(x, y):
            return jnp.power(x, y), x ** 3, jnp.square(x)
        return f, (x.astype(npdt), y.astype(npdt))
    return build


for _dt in X32_INT + X64_INT:
    _x64 = _dt in WIDE
    add(f"ew_int_arith_{_dt}", "elementwise", _int_arith(_dt),
        ops=["add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum"],
        tol="exact", x64=_x64,
        note="integer +,-,*,/,rem,max,min over all pairs of special values (div by 0, "
             "INT_MIN/-1, overflow)")
    add(f"ew_int_unary_{_dt}", "elementwise", _int_unary(_dt),
        ops=["negate", "not", "popcnt", "count_leading_zeros", "sign", "abs"],
        tol="exact", x64=_x64)
    add(f"ew_int_bitwise_{_dt}", "elementwise", _int_bitwise(_dt),
        ops=["and", "or", "xor", "shift_left", "shift_right_logical", "shift_right_arithmetic"],
        tol="exact", x64=_x64, note="shift amounts include >= bit width and negative")
for _dt in ["s8", "s32", "u8", "u32", "s64", "u64"]:
    add(f"ew_int_jnp_divmod_{_dt}", "elementwise", _int_jnp_divmod(_dt),
        ops=["divide", "remainder", "select", "compare"], tol="exact", x64=_dt in WIDE)
for _dt in ["s32", "u8", "s64"]:
    add(f"ew_int_pow_{_dt}", "elementwise", _int_pow(_dt),
        ops=["while", "multiply", "power"], tol="exact", x64=_dt in WIDE)


# ------------------------------------------------------------------------------- floats

def _float_arith(dt):
    def build():
        lax = _lax()
        x, y = grid(specials(np_dtype(dt)))

        def f(x, y):
            return (lax.add(x, y), lax.sub(x, y), lax.mul(x, y), lax.div(x, y), lax.rem(x, y),
                    lax.max(x, y), lax.min(x, y))
        return f, (x, y)
    return build


def _float_binary_transc(dt):
    def build():
        lax = _lax()
        x, y = grid(specials(np_dtype(dt)))

        def f(x, y):
            return lax.pow(x, y), lax.atan2(x, y), lax.nextafter(x, y)
        return f, (x, y)
    return build


def _float_unary(dt, kind):
    def build():
        lax = _lax()
        x = specials(np_dtype(dt))
        if kind == "exact":
            def f(x):
                return (lax.neg(x), lax.abs(x), lax.sign(x), lax.floor(x), lax.ceil(x),
                        lax.round(x, lax.RoundingMethod.AWAY_FROM_ZERO),
                        lax.round(x, lax.RoundingMethod.TO_NEAREST_EVEN),
                        lax.is_finite(x), lax.sqrt(x))
        else:
            def f(x):
                return (lax.exp(x), lax.exp2(x), lax.log(x), lax.log1p(x), lax.expm1(x),
                        lax.logistic(x), lax.tanh(x), lax.sin(x), lax.cos(x), lax.tan(x),
                        lax.rsqrt(x), lax.cbrt(x))
        return f, (x,)
    return build


def _float_compare(dt):
    def build():
        lax = _lax()
        x, y = grid(specials(np_dtype(dt)))

        def f(x, y):
            return (lax.eq(x, y), lax.ne(x, y), lax.lt(x, y), lax.le(x, y), lax.gt(x, y),
                    lax.ge(x, y))
        return f, (x, y)
    return build


for _dt in X32_FLOAT + X64_FLOAT:
    _x64 = _dt in WIDE
    add(f"ew_float_arith_{_dt}", "elementwise", _float_arith(_dt),
        ops=["add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum"],
        tol="ulp", x64=_x64, note="all pairs of special values; max/min NaN propagation")
    add(f"ew_float_binary_transc_{_dt}", "elementwise", _float_binary_transc(_dt),
        ops=["power", "atan2", "chlo.next_after"], tol="transcendental", x64=_x64)
    add(f"ew_float_unary_exact_{_dt}", "elementwise", _float_unary(_dt, "exact"),
        ops=["negate", "abs", "sign", "floor", "ceil", "round_nearest_afz",
             "round_nearest_even", "is_finite", "sqrt"], tol="ulp", x64=_x64)
    add(f"ew_float_unary_transc_{_dt}", "elementwise", _float_unary(_dt, "transc"),
        ops=["exponential", "log", "log_plus_one", "exponential_minus_one", "logistic",
             "tanh", "sine", "cosine", "tan", "rsqrt", "cbrt"], tol="transcendental", x64=_x64)
for _dt in X32_INT + X64_INT + X32_FLOAT + X64_FLOAT + ["pred"]:
    add(f"ew_compare_{_dt}", "elementwise", _float_compare(_dt),
        ops=["compare"], tol="exact", x64=_dt in WIDE,
        note="EQ/NE/LT/LE/GT/GE over all pairs of special values")


# ------------------------------------------------------------------------------ complex

def _complex_arith(dt):
    def build():
        lax = _lax()
        x, y = grid(specials(np_dtype(dt)))

        def f(x, y):
            return (lax.add(x, y), lax.sub(x, y), lax.mul(x, y), lax.div(x, y),
                    lax.eq(x, y), lax.ne(x, y))
        return f, (x, y)
    return build


def _complex_unary(dt):
    def build():
        lax = _lax()
        vals = specials(np_dtype(dt))
        x = vals[np.isfinite(vals)]

        def f(x):
            return (lax.neg(x), lax.abs(x), lax.real(x), lax.imag(x), lax.conj(x),
                    lax.sign(x), lax.exp(x), lax.log(x), lax.sqrt(x), lax.rsqrt(x),
                    lax.tanh(x), lax.sin(x), lax.cos(x), lax.expm1(x), lax.log1p(x),
                    lax.complex(lax.imag(x), lax.real(x)), lax.pow(x, x))
        return f, (x,)
    return build


for _dt in X32_COMPLEX + X64_COMPLEX:
    add(f"ew_complex_arith_{_dt}", "elementwise", _complex_arith(_dt),
        ops=["add", "subtract", "multiply", "divide", "compare"], tol="ulp",
        x64=_dt in WIDE)
    add(f"ew_complex_unary_{_dt}", "elementwise", _complex_unary(_dt),
        ops=["negate", "abs", "real", "imag", "complex", "sign", "exponential", "log", "sqrt",
             "rsqrt", "tanh", "sine", "cosine", "power"], tol="transcendental",
        x64=_dt in WIDE)


# --------------------------------------------------------------------------------- pred

def _pred_logic():
    lax = _lax()
    x, y = grid(np.array([False, True]))

    def f(x, y):
        return (lax.bitwise_and(x, y), lax.bitwise_or(x, y), lax.bitwise_xor(x, y),
                lax.bitwise_not(x), lax.select(x, y, lax.bitwise_not(y)),
                lax.max(x, y), lax.min(x, y))
    return f, (x, y)


add("ew_pred_logic", "elementwise", _pred_logic,
    ops=["and", "or", "xor", "not", "select", "maximum", "minimum"], tol="exact")


def _pred_constants():
    import jax.numpy as jnp

    x = np.arange(1, 18, dtype=np.float32)
    # Boolean constants of every awkward size: portable artifacts pack i1 data eight to a byte,
    # so 1..8 elements fit in one byte, as a splat does.
    masks = [np.array(m, dtype=bool) for m in (
        [True, False], [True, True], [False, False], [False, True, True], [True] * 8,
        [False] * 7 + [True], [True] * 9, [False] * 8 + [True], list(np.arange(17) % 3 == 0))]

    def f(x):
        outs = [jnp.where(m, x[:m.size], -x[:m.size]) for m in masks]
        outs.append(jnp.sum(x[:8], where=masks[5]))
        outs.append(jnp.max(x[:2], where=masks[0], initial=-1.0))
        return tuple(outs)
    return f, (x,)


add("ew_pred_constants", "elementwise", _pred_constants, ops=["constant", "select", "reduce"], tol="exact",
    note="i1 constants of 1 to 17 elements (bytecode packs them eight to a byte)")


# ----------------------------------------------------------------------- select / clamp

def _select_clamp(dt):
    def build():
        lax = _lax()
        npdt = np_dtype(dt)
        v = specials(npdt)
        n = len(v)
        r = np.random.default_rng(7)
        pred = r.integers(0, 2, size=n).astype(bool)
        other = v[r.permutation(n)]
        lo = np.array(v[1], dtype=npdt)
        hi = np.array(v[6], dtype=npdt)

        def f(p, a, b, lo, hi):
            return (lax.select(p, a, b), lax.clamp(lo, a, hi), lax.clamp(hi, a, lo),
                    lax.clamp(a, b, a))
        return f, (pred, v, other, lo, hi)
    return build


for _dt in ["s8", "s32", "u16", "f16", "bf16", "f32", "f64", "s64"]:
    add(f"ew_select_clamp_{_dt}", "elementwise", _select_clamp(_dt),
        ops=["select", "clamp"], tol="exact", x64=_dt in WIDE,
        note="clamp with scalar bounds, inverted bounds (min > max) and array bounds")


# ------------------------------------------------------------ jnp-level elementwise mixes

def _jnp_float_mix():
    import jax.numpy as jnp
    x = np.linspace(-3, 3, 24, dtype=np.float32).reshape(4, 6)
    y = np.linspace(0.5, 4, 24, dtype=np.float32).reshape(4, 6)

    def f(x, y):
        return (jnp.hypot(x, y), jnp.logaddexp(x, y), jnp.heaviside(x, y), jnp.copysign(y, x),
                jnp.fmod(x, y), jnp.remainder(x, y), jnp.floor_divide(x, y), jnp.sinc(x),
                jnp.deg2rad(x), jnp.nan_to_num(jnp.log(x)), jnp.where(x > 0, x, y * 2),
                jnp.float_power(y, x), jnp.ldexp(y, 3), jnp.log10(y), jnp.log2(y))
    return f, (x, y)


add("ew_jnp_float_mix_f32", "elementwise", _jnp_float_mix,
    ops=["compare", "select", "log", "power", "remainder", "sign"], tol="transcendental")


def _integer_pow_float():
    import jax.numpy as jnp
    x = np.linspace(-2, 2, 16, dtype=np.float32)

    def f(x):
        return x ** 2, x ** 3, x ** -2, x ** 0.5, jnp.power(x, 7), jnp.reciprocal(x)
    return f, (x,)


add("ew_integer_pow_f32", "elementwise", _integer_pow_float,
    ops=["multiply", "divide", "sqrt", "power"], tol="ulp")
