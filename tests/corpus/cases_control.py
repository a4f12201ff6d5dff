"""Control flow and structure: while (fori_loop, while_loop), case/if (cond, switch),
private func.call (nested jit), pytrees/tuple outputs, optimization_barrier, scan,
checkpoint, lax.map."""

from __future__ import annotations

import numpy as np
from gen_common import add, randint, randn


def _fori():
    from jax import lax
    x = randn(600, (4, 3))
    n = np.array(7, np.int32)

    def f(x, n):
        """fori_loop with static and dynamic trip counts."""
        a = lax.fori_loop(0, 5, lambda i, c: c * 0.9 + i.astype(np.float32), x)
        b = lax.fori_loop(0, n, lambda i, c: (c[0] + c[1], c[1] * 1.5), (x, x[0]))
        return a, b[0], b[1]
    return f, (x, n)


add("while_fori_loop", "control", _fori, ops=["while"], tol="accum")


def _while_loop():
    from jax import lax
    x = np.array([3.0, 100.0, 0.5, 7.0], np.float32)
    k = np.array(0, np.int32)

    def f(x, k):
        """Collatz-like data-dependent loop with a tuple carry and an int counter."""
        def cond(c):
            v, i, _ = c
            return (v.max() > 1.0) & (i < 50)

        def body(c):
            v, i, acc = c
            v = lax.select(v > 1.0, v * 0.5, v)
            return v, i + 1, acc + v.sum()
        return lax.while_loop(cond, body, (x, k, np.float32(0)))
    return f, (x, k)


add("while_loop_tuple_carry", "control", _while_loop, ops=["while", "compare", "reduce"],
    tol="accum")


def _nested_while():
    from jax import lax
    m = randint(601, (4,), 1, 6, np.int32)

    def f(m):
        def outer(i, acc):
            return lax.fori_loop(0, m[i], lambda j, a: a + i * j, acc)
        return lax.fori_loop(0, 4, outer, np.int32(0))
    return f, (m,)


add("while_nested", "control", _nested_while, ops=["while", "dynamic_slice"], tol="exact")


def _cond():
    from jax import lax
    x = randn(602, (3, 4))
    p = np.array(True)
    q = np.array(False)

    def f(x, p, q):
        a = lax.cond(p, lambda v: v * 2, lambda v: v - 1, x)
        b = lax.cond(q, lambda v: (v.sum(), v), lambda v: (v.max(), -v), x)
        c = lax.cond(x[0, 0] > 0, lambda: np.int32(1), lambda: np.int32(-1))
        return a, b, c
    return f, (x, p, q)


add("cond_if", "control", _cond, ops=["case", "if"], tol="accum",
    note="lax.cond on a pred argument and on a computed predicate; tuple branches")


def _switch():
    from jax import lax
    x = randn(603, (5,))
    idx = np.array([0, 1, 2, 5, -3], np.int32)

    def f(x, idx):
        """lax.switch clamps the index into range."""
        branches = [lambda v: v + 1, lambda v: v * v, lambda v: -v, lambda v: v.sum() * v]
        return tuple(lax.switch(idx[k], branches, x) for k in range(5))
    return f, (x, idx)


add("case_switch", "control", _switch, ops=["case", "clamp"], tol="accum")


def _nested_jit():
    import jax

    @jax.jit
    def inner(a, b):
        return a * b + 1

    @jax.jit
    def middle(a):
        return inner(a, a) - inner(a, 2 * a)

    def f(x):
        return middle(x), inner(x, x), middle(x.T)
    return f, (randn(604, (3, 3)),)


add("call_nested_jit", "control", _nested_jit, ops=["call"], tol="ulp",
    note="private func.func called several times (nested jax.jit)")


def _pytree_outputs():
    x = randn(605, (2, 3))
    y = randint(606, (4,), 0, 10, np.int32)

    def f(args):
        x, (y, z) = args["x"], args["yz"]
        return {"sum": x.sum(), "pair": (x * 2, y + z), "list": [y, x.T]}
    return f, ({"x": x, "yz": (y, np.array(3, np.int32))},)


add("pytree_tuple_outputs", "control", _pytree_outputs, ops=["reduce", "transpose"],
    tol="accum", note="dict/tuple/list arguments and results (flattened in pytree order)")


def _optimization_barrier():
    import jax
    from jax import lax
    x = randn(607, (4, 4))

    def f(x):
        a, b = lax.optimization_barrier((x * 2, x + 1))
        c = jax.checkpoint(lambda v: jax.numpy.sin(v) @ v)(x)
        g = jax.grad(lambda v: jax.checkpoint(lambda w: (jax.numpy.tanh(w) ** 2).sum())(v))(x)
        return a - b, c, g
    return f, (x,)


add("optimization_barrier_checkpoint", "control", _optimization_barrier,
    ops=["optimization_barrier", "dot_general"], tol="transcendental")


def _scan():
    from jax import lax
    xs = randn(608, (6, 3))
    c0 = np.zeros(3, np.float32)

    def f(c0, xs):
        def step(c, x):
            c = c * 0.5 + x
            return c, c.sum()
        c, ys = lax.scan(step, c0, xs)
        c2, ys2 = lax.scan(step, c0, xs, reverse=True, unroll=2)
        return c, ys, c2, ys2
    return f, (c0, xs)


add("scan_basic", "control", _scan, ops=["while", "dynamic_slice", "dynamic_update_slice"],
    tol="accum")


def _map():
    from jax import lax
    xs = randn(609, (5, 4))

    def f(xs):
        return lax.map(lambda r: (r ** 2).sum(), xs), lax.map(lambda r: r[::-1], xs,
                                                              batch_size=2)
    return f, (xs,)


add("lax_map", "control", _map, ops=["while", "reduce"], tol="accum")


def _cond_in_while():
    from jax import lax
    x = np.array(1.0, np.float32)

    def f(x):
        def body(i, v):
            return lax.cond(i % 2 == 0, lambda u: u * 3, lambda u: u - 1, v)
        return lax.fori_loop(0, 9, body, x)
    return f, (x,)


add("cond_inside_while", "control", _cond_in_while, ops=["while", "case"], tol="ulp")


def _custom_jvp_vjp():
    import jax
    import jax.numpy as jnp

    @jax.custom_jvp
    def softplus(x):
        return jnp.logaddexp(x, 0.0)

    @softplus.defjvp
    def _jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        return softplus(x), t * jax.nn.sigmoid(x)

    def f(x):
        return softplus(x), jax.grad(lambda v: softplus(v).sum())(x)
    return f, (np.linspace(-5, 5, 11).astype(np.float32),)


add("custom_jvp_grad", "control", _custom_jvp_vjp, ops=["logistic", "log_plus_one"],
    tol="transcendental")
