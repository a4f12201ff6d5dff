"""chlo ops JAX leaves in the text (erf, erfc, erf_inv, lgamma, digamma, next_after,
square, top_k, inverse trig/hyperbolic, cosh/sinh/tan, ...) and jax.scipy.special."""

from __future__ import annotations

import numpy as np
from gen_common import add, np_dtype, randn, specials, uniform

WIDE = {"f64", "c128"}


def _domain(dt):
    """Special values plus a sweep through the interesting range of these functions."""
    npdt = np_dtype(dt)
    sweep = np.concatenate([np.linspace(-6, 6, 49), [-0.999, 0.999, 0.9999, -0.5, 0.25,
                                                     1e-4, -1e-4, 20.0, -20.5, 50.0]])
    return np.concatenate([specials(npdt), sweep.astype(npdt)])


def _chlo_unary(dt, group):
    def build():
        import jax.numpy as jnp
        from jax import lax
        x = _domain(dt)
        if group == "erf":
            def f(x):
                return (lax.erf(x), lax.erfc(x), lax.erf_inv(jnp.clip(x / 7, -1, 1)),
                        lax.erf_inv(x))
        elif group == "gamma":
            def f(x):
                return lax.lgamma(x), lax.digamma(x)
        elif group == "trig":
            def f(x):
                return (lax.acos(x), lax.asin(x), lax.atan(x), lax.acosh(x), lax.asinh(x),
                        lax.atanh(x), lax.cosh(x), lax.sinh(x), lax.tan(x), lax.square(x))
        else:
            raise ValueError(group)
        return f, (x,)
    return build


for _dt in ["f16", "bf16", "f32", "f64"]:
    for _g, _ops in [("erf", ["chlo.erf", "chlo.erfc", "chlo.erf_inv"]),
                     ("gamma", ["chlo.lgamma", "chlo.digamma"]),
                     ("trig", ["chlo.acos", "chlo.asin", "chlo.atan", "chlo.acosh",
                               "chlo.asinh", "chlo.atanh", "chlo.cosh", "chlo.sinh", "tan",
                               "chlo.square"])]:
        add(f"chlo_{_g}_{_dt}", "chlo", _chlo_unary(_dt, _g), ops=_ops,
            tol="special", x64=_dt in WIDE)


def _chlo_complex(dt):
    def build():
        from jax import lax
        npdt = np_dtype(dt)
        x = (randn(11, (24,), npdt) * 1.5).astype(npdt)

        def f(x):
            return (lax.acos(x), lax.asin(x), lax.atan(x), lax.acosh(x), lax.asinh(x),
                    lax.atanh(x), lax.cosh(x), lax.sinh(x), lax.tan(x), lax.square(x))
        return f, (x,)
    return build


add("chlo_trig_c64", "chlo", _chlo_complex("c64"),
    ops=["chlo.acos", "chlo.asin", "chlo.atan", "chlo.acosh", "chlo.asinh", "chlo.atanh",
         "chlo.cosh", "chlo.sinh", "tan", "chlo.square"], tol="special")
add("chlo_trig_c128", "chlo", _chlo_complex("c128"),
    ops=["chlo.acos", "chlo.asin", "chlo.atan", "chlo.acosh", "chlo.asinh", "chlo.atanh",
         "chlo.cosh", "chlo.sinh", "tan", "chlo.square"], tol="special", x64=True)


def _next_after(dt):
    def build():
        from jax import lax
        v = specials(np_dtype(dt))
        n = len(v)
        x = np.broadcast_to(v[:, None], (n, n)).copy()
        y = np.broadcast_to(v[None, :], (n, n)).copy()

        def f(x, y):
            return lax.nextafter(x, y)
        return f, (x, y)
    return build


for _dt in ["f16", "bf16", "f32", "f64"]:
    add(f"chlo_next_after_{_dt}", "chlo", _next_after(_dt), ops=["chlo.next_after"],
        tol="exact", x64=_dt in WIDE)


def _top_k(dt, k):
    def build():
        from jax import lax
        npdt = np_dtype(dt)
        if np.dtype(npdt).kind == "f":
            x = randn(5, (3, 5, 16), npdt)
            x[0, 0, 3] = np.nan
            x[1, 2, :4] = 0.5  # ties: lower index first
        else:
            x = np.random.default_rng(5).integers(-20, 20, size=(3, 5, 16)).astype(npdt)

        def f(x):
            return lax.top_k(x, k)
        return f, (x,)
    return build


add("chlo_top_k_f32", "chlo", _top_k("f32", 4), ops=["chlo.top_k"], tol="exact")
add("chlo_top_k_s32", "chlo", _top_k("s32", 3), ops=["chlo.top_k"], tol="exact")
add("chlo_top_k_bf16_k1", "chlo", _top_k("bf16", 1), ops=["chlo.top_k"], tol="exact")
add("chlo_top_k_f64", "chlo", _top_k("f64", 16), ops=["chlo.top_k"], tol="exact", x64=True)


# ------------------------------------------------------------------------ scipy.special

def _scipy_special_a():
    import jax.scipy.special as jss
    x = uniform(21, (32,), 0.05, 6.0)
    y = uniform(22, (32,), 0.05, 4.0)
    p = uniform(23, (32,), 0.01, 0.99)

    def f(x, y, p):
        return (jss.gammaln(x), jss.digamma(x), jss.erf(x - 3), jss.erfc(x - 3),
                jss.erfinv(2 * p - 1), jss.ndtr(x - 3), jss.ndtri(p), jss.log_ndtr(x - 3),
                jss.expit(x - 3), jss.logit(p), jss.xlogy(x, y), jss.xlog1py(x, y - 1),
                jss.entr(p), jss.gamma(x), jss.i0e(x), jss.i1e(x), jss.i0(x), jss.i1(x))
    return f, (x, y, p)


add("scipy_special_basic_f32", "scipy_special", _scipy_special_a,
    ops=["chlo.lgamma", "chlo.digamma", "chlo.erf", "chlo.erfc", "chlo.erf_inv",
         "chlo.bessel_i1e"], tol="special")


def _scipy_special_b(dt):
    def build():
        import jax.scipy.special as jss
        npdt = np_dtype(dt)
        a = uniform(31, (24,), 0.5, 5.0, npdt)
        b = uniform(32, (24,), 0.5, 5.0, npdt)
        x = uniform(33, (24,), 0.05, 0.95, npdt)
        n = np.array([1, 2, 3] * 8, dtype=np.int64 if dt == "f64" else np.int32)

        def f(a, b, x, n):
            return (jss.betainc(a, b, x), jss.gammainc(a, b), jss.gammaincc(a, b),
                    jss.betaln(a, b), jss.polygamma(n, a), jss.zeta(a + 1.5, b),
                    jss.multigammaln(a + 2, 2), jss.logsumexp(a * x), jss.softmax(a * x),
                    jss.spence(a))
        return f, (a, b, x, n)
    return build


add("scipy_special_incomplete_f32", "scipy_special", _scipy_special_b("f32"),
    ops=["chlo.polygamma", "chlo.zeta", "while", "chlo.lgamma"], tol="loose")
add("scipy_special_incomplete_f64", "scipy_special", _scipy_special_b("f64"),
    ops=["chlo.polygamma", "chlo.zeta", "while", "chlo.lgamma"], tol="loose", x64=True)


def _scipy_special_c():
    import jax.scipy.special as jss
    x = uniform(41, (20,), 0.1, 8.0)
    k = np.arange(20, dtype=np.int32) % 5

    def f(x, k):
        return (jss.bernoulli(6), jss.poch(x, k.astype(np.float32)), jss.expn(k + 1, x),
                jss.exp1(x), jss.expi(x),
                jss.factorial(k.astype(np.float32)), jss.rel_entr(x, x[::-1]),
                jss.kl_div(x, x[::-1]), jss.log_softmax(x))
    return f, (x, k)


add("scipy_special_misc_f32", "scipy_special", _scipy_special_c,
    ops=["while", "chlo.lgamma", "exponential", "log"], tol="loose")
