"""JAX programs on our jaxlib-cpu plugin against JAX's own CPU backend (XLA) and numpy:
transformations (jit, grad, vmap), control flow (scan, while, cond, switch), linear algebra
(LAPACK custom calls), FFT, random numbers, sorting, and a few op families around them.

Every case runs the same jitted function on both backends (``run_both``) in this process and
compares; where numpy has the answer, that is checked too.
"""

from __future__ import annotations

import functools
import textwrap

import jax
import jax.numpy as jnp
import ml_dtypes
import numpy as np
import pytest
from jax import lax
from jax_backends import OURS, XLA, assert_tree_close, is_ours, run_both, run_python

RNG = np.random.default_rng(1234)


def _normal(*shape: int, dtype: type = np.float32) -> np.ndarray:
    return RNG.standard_normal(shape).astype(dtype)


# --------------------------------------------------------------------------- transformations


def test_elementwise_chain() -> None:
    x = _normal(64, 33)
    f = lambda a: jnp.exp(-a * a) * jnp.sin(3 * a) + jnp.log1p(jnp.abs(a)) - jnp.tanh(a) / (1 + a * a)  # noqa: E731
    ours, xla = run_both(f, x)
    assert_tree_close(ours, xla, rtol=2e-6, atol=1e-6, what="elementwise")
    x64 = x.astype(np.float64)
    expected = np.exp(-x64 * x64) * np.sin(3 * x64) + np.log1p(np.abs(x64)) - np.tanh(x64) / (1 + x64 * x64)
    np.testing.assert_allclose(ours, expected, rtol=1e-5, atol=1e-6)


def test_jit_with_static_argument() -> None:
    def f(x: jax.Array, power: int) -> jax.Array:
        return sum(x**k for k in range(power))

    x = _normal(10)
    ours, xla = run_both(f, x, 4, static_argnums=1)
    np.testing.assert_allclose(ours, 1 + x + x**2 + x**3, rtol=1e-5, atol=1e-6)
    assert_tree_close(ours, xla, what="static argnum")


def test_value_and_grad_jacfwd_hessian() -> None:
    def f(x: jax.Array) -> jax.Array:
        return jnp.sum(jnp.sin(x) * x**2)

    x = _normal(5)
    ours, xla = run_both(lambda a: (jax.value_and_grad(f)(a), jax.jacfwd(jax.grad(f))(a), jax.hessian(f)(a)), x)
    assert_tree_close(ours, xla, rtol=1e-5, atol=1e-6, what="derivatives")
    (value, grad), jac, hess = ours
    x64 = x.astype(np.float64)
    np.testing.assert_allclose(value, np.sum(np.sin(x64) * x64**2), rtol=1e-5)
    np.testing.assert_allclose(grad, np.cos(x64) * x64**2 + 2 * x64 * np.sin(x64), rtol=1e-5, atol=1e-6)
    diag = -np.sin(x64) * x64**2 + 4 * x64 * np.cos(x64) + 2 * np.sin(x64)
    np.testing.assert_allclose(hess, np.diag(diag), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(jac, hess, rtol=1e-6, atol=1e-6)


def test_vmap_of_matmul_and_of_a_per_row_function() -> None:
    a, b = _normal(6, 4, 5), _normal(6, 5, 3)
    ours, xla = run_both(jax.vmap(jnp.matmul), a, b)
    np.testing.assert_allclose(ours, np.einsum("bij,bjk->bik", a, b), rtol=1e-5, atol=1e-5)
    assert_tree_close(ours, xla, rtol=1e-5, atol=1e-6, what="vmap matmul")

    def normalize(row: jax.Array) -> jax.Array:
        return (row - row.mean()) / (row.std() + 1e-6)

    x = _normal(7, 9)
    ours, xla = run_both(jax.vmap(normalize), x)
    np.testing.assert_allclose(ours, (x - x.mean(1, keepdims=True)) / (x.std(1, keepdims=True) + 1e-6),
                               rtol=1e-4, atol=1e-5)
    assert_tree_close(ours, xla, rtol=1e-5, atol=1e-6, what="vmap normalize")


def test_custom_jvp_activations_and_softmax() -> None:
    x = _normal(8, 16)
    f = lambda a: (jax.nn.relu(a), jax.nn.gelu(a), jax.nn.softmax(a, axis=-1), jax.nn.logsumexp(a, axis=1),  # noqa: E731
                   jax.grad(lambda v: jnp.sum(jax.nn.relu(v) * v))(a))
    ours, xla = run_both(f, x)
    assert_tree_close(ours, xla, rtol=1e-5, atol=1e-6, what="nn functions")
    x64 = x.astype(np.float64)
    e = np.exp(x64 - x64.max(1, keepdims=True))
    np.testing.assert_allclose(ours[2], e / e.sum(1, keepdims=True), rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(ours[4], np.where(x > 0, 2 * x64, 0.0), rtol=1e-6)


# --------------------------------------------------------------------------- control flow


def test_scan_cumulative_sum_and_carry() -> None:
    xs = _normal(50, 3)

    def f(xs: jax.Array) -> tuple[jax.Array, jax.Array]:
        def step(carry: jax.Array, x: jax.Array) -> tuple[jax.Array, jax.Array]:
            carry = carry + x
            return carry, carry * 2

        return lax.scan(step, jnp.zeros(3, jnp.float32), xs)

    ours, xla = run_both(f, xs)
    assert_tree_close(ours, xla, rtol=1e-6, atol=1e-6, what="scan")
    np.testing.assert_allclose(ours[0], xs.sum(0), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(ours[1], 2 * np.cumsum(xs, 0), rtol=1e-5, atol=1e-5)


def test_while_loop_collatz_steps() -> None:
    def steps(n: jax.Array) -> jax.Array:
        def body(state: tuple[jax.Array, jax.Array]) -> tuple[jax.Array, jax.Array]:
            n, k = state
            return jnp.where(n % 2 == 0, n // 2, 3 * n + 1), k + 1

        return lax.while_loop(lambda s: s[0] != 1, body, (n, jnp.int32(0)))[1]

    def collatz(n: int) -> int:
        k = 0
        while n != 1:
            n, k = (n // 2 if n % 2 == 0 else 3 * n + 1), k + 1
        return k

    starts = np.array([1, 6, 7, 27, 97, 871], np.int32)
    ours, xla = run_both(jax.vmap(steps), starts)
    np.testing.assert_array_equal(ours, [collatz(int(n)) for n in starts])
    assert_tree_close(ours, xla, what="while")


def test_fori_loop_newton_sqrt() -> None:
    def sqrt(a: jax.Array) -> jax.Array:
        return lax.fori_loop(0, 30, lambda i, x: 0.5 * (x + a / x), jnp.ones_like(a))

    a = np.abs(_normal(20)) * 10 + 0.5
    ours, xla = run_both(sqrt, a)
    np.testing.assert_allclose(ours, np.sqrt(a), rtol=1e-6)
    assert_tree_close(ours, xla, rtol=1e-6, what="fori_loop")


def test_cond_and_switch() -> None:
    def f(x: jax.Array, i: jax.Array) -> tuple[jax.Array, jax.Array]:
        c = lax.cond(x.sum() > 0, lambda v: v * 2, lambda v: -v, x)
        s = lax.switch(i, [lambda v: v + 1, lambda v: v * v, lambda v: jnp.cos(v)], x)
        return c, s

    x = _normal(6)
    for i in range(3):
        ours, xla = run_both(f, x, np.int32(i))
        assert_tree_close(ours, xla, rtol=1e-6, what=f"cond/switch branch {i}")
        np.testing.assert_allclose(ours[0], x * 2 if x.sum() > 0 else -x, rtol=1e-6)
        np.testing.assert_allclose(ours[1], [x + 1, x * x, np.cos(x)][i], rtol=1e-6, atol=1e-7)
    ours, _ = run_both(f, -np.abs(x) - 1, np.int32(7))  # out-of-range index clamps to the last branch
    np.testing.assert_allclose(ours[0], np.abs(x) + 1, rtol=1e-6)
    np.testing.assert_allclose(ours[1], np.cos(-np.abs(x) - 1), rtol=1e-6)


# --------------------------------------------------------------------------- linear algebra


def _spd(n: int) -> np.ndarray:
    m = _normal(n, n)
    return (m @ m.T + n * np.eye(n)).astype(np.float32)


def test_solve_inverse_and_determinant() -> None:
    a, b = _spd(6) + _normal(6, 6), _normal(6, 2)
    ours, xla = run_both(lambda a, b: (jnp.linalg.solve(a, b), jnp.linalg.inv(a), jnp.linalg.det(a),
                                       jnp.linalg.slogdet(a)), a, b)
    a64 = a.astype(np.float64)
    np.testing.assert_allclose(ours[0], np.linalg.solve(a64, b), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(ours[1], np.linalg.inv(a64), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(ours[2], np.linalg.det(a64), rtol=1e-4)
    sign, logdet = np.linalg.slogdet(a64)
    np.testing.assert_allclose(ours[3][0], sign)
    np.testing.assert_allclose(ours[3][1], logdet, rtol=1e-5)
    assert_tree_close(ours, xla, rtol=1e-4, atol=1e-5, what="solve/inv/det")


def test_cholesky_and_triangular_solve() -> None:
    a, b = _spd(7), _normal(7, 3)

    def f(a: jax.Array, b: jax.Array) -> tuple[jax.Array, jax.Array]:
        lower = jnp.linalg.cholesky(a)
        return lower, jax.scipy.linalg.solve_triangular(lower, b, lower=True)

    ours, xla = run_both(f, a, b)
    np.testing.assert_allclose(ours[0], np.linalg.cholesky(a.astype(np.float64)), rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(ours[0] @ ours[1], b, rtol=1e-4, atol=1e-4)
    assert_tree_close(ours, xla, rtol=1e-4, atol=1e-5, what="cholesky")


def test_qr_svd_eigh_reconstruct() -> None:
    a = _normal(6, 4)
    s = _spd(5)
    ours, xla = run_both(lambda a, s: (jnp.linalg.qr(a), jnp.linalg.svd(a, full_matrices=False),
                                       jnp.linalg.eigh(s)), a, s)
    (q, r), (u, sv, vt), (w, v) = ours
    np.testing.assert_allclose(q @ r, a, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(q.T @ q, np.eye(4), atol=1e-5)
    np.testing.assert_allclose(np.tril(r, -1), 0, atol=1e-6)
    np.testing.assert_allclose(sv, np.linalg.svd(a.astype(np.float64), compute_uv=False), rtol=1e-4)
    np.testing.assert_allclose((u * sv) @ vt, a, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(w, np.linalg.eigvalsh(s.astype(np.float64)), rtol=1e-4)
    np.testing.assert_allclose(s @ v, v * w, rtol=1e-3, atol=1e-4)
    # Decompositions are unique up to signs; values and reconstructions are what must agree.
    np.testing.assert_allclose(sv, xla[1][1], rtol=1e-5)
    np.testing.assert_allclose(w, xla[2][0], rtol=1e-5)


def test_matmul_family() -> None:
    a, b = _normal(3, 17, 31), _normal(3, 31, 9)
    c = _normal(5, 7).astype(ml_dtypes.bfloat16)
    ours, xla = run_both(lambda a, b, c: (jnp.einsum("bij,bjk->bik", a, b), jnp.tensordot(a, b[0], axes=1),
                                          c @ c.T, jnp.outer(a[0, 0], b[0, 0])), a, b, c)
    np.testing.assert_allclose(ours[0], np.einsum("bij,bjk->bik", a, b), rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(ours[1], np.tensordot(a, b[0], axes=1), rtol=1e-4, atol=1e-4)
    assert ours[2].dtype == ml_dtypes.bfloat16
    assert_tree_close(ours, xla, rtol=1e-2, atol=1e-2, what="matmuls")
    np.testing.assert_allclose(ours[0], xla[0], rtol=1e-5, atol=1e-5)


def test_convolution() -> None:
    x, k = _normal(2, 3, 12, 12), _normal(4, 3, 3, 3)
    f = functools.partial(lax.conv_general_dilated, window_strides=(1, 2), padding="SAME", rhs_dilation=(1, 1))
    ours, xla = run_both(f, x, k)
    assert ours.shape == (2, 4, 12, 6)
    assert_tree_close(ours, xla, rtol=1e-4, atol=1e-4, what="conv")


# --------------------------------------------------------------------------- FFT


@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "fft2", "fftn", "rfftn"])
def test_fft_against_numpy(name: str) -> None:
    x = _normal(8, 12)
    xc = (x + 1j * _normal(8, 12)).astype(np.complex64)
    arg = x if name in ("rfft", "rfftn") else xc
    ours, xla = run_both(getattr(jnp.fft, name), arg)
    expected = getattr(np.fft, name)(arg.astype(np.complex128 if arg.dtype.kind == "c" else np.float64))
    assert ours.shape == expected.shape, (ours.shape, expected.shape)
    np.testing.assert_allclose(ours, expected, rtol=1e-4, atol=1e-4)
    assert_tree_close(ours, xla, rtol=1e-4, atol=1e-5, what=name)


# --------------------------------------------------------------------------- random numbers


def test_random_bits_match_xla_exactly() -> None:
    """Threefry is deterministic: the same key must give the same bits on both backends, and
    the same integers and uniforms (bit manipulations of those bits). Normals go through
    erf_inv, a polynomial each compiler evaluates its own way: equal to a few ulp."""

    def sample(key: jax.Array) -> tuple[jax.Array, ...]:
        k1, k2, k3, k4, k5 = jax.random.split(key, 5)
        return (jax.random.bits(k1, (64,), jnp.uint32), jax.random.uniform(k2, (1000,)),
                jax.random.normal(k3, (1000,)), jax.random.randint(k4, (100,), -5, 17),
                jax.random.permutation(k5, 32))

    key = np.array([0, 42], np.uint32)  # the threefry2x32 key data of jax.random.key(42)
    ours, xla = run_both(lambda k: sample(jax.random.wrap_key_data(k, impl="threefry2x32")), key)
    for i, (a, b) in enumerate(zip(ours, xla, strict=True)):
        if i == 2:
            np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7, err_msg="normal")
        else:
            np.testing.assert_array_equal(a, b, err_msg=f"sample {i}")
    bits, uniform, normal, ints, perm = ours
    assert 0.0 <= uniform.min() and uniform.max() < 1.0
    assert abs(uniform.mean() - 0.5) < 0.05 and abs(normal.mean()) < 0.15 and abs(normal.std() - 1) < 0.1
    assert ints.min() >= -5 and ints.max() < 17
    np.testing.assert_array_equal(np.sort(perm), np.arange(32))
    assert len(set(bits.tolist())) == 64


# --------------------------------------------------------------------------- sorting


def test_sort_argsort_top_k() -> None:
    x = _normal(5, 40)
    x[0, :10] = x[0, 10:20]  # ties: argsort must stay stable
    ours, xla = run_both(lambda a: (jnp.sort(a, axis=1), jnp.argsort(a, axis=1, stable=True), lax.top_k(a, 5),
                                    jnp.sort(a, axis=0, descending=True)), x)
    np.testing.assert_array_equal(ours[0], np.sort(x, axis=1))
    np.testing.assert_array_equal(ours[1], np.argsort(x, axis=1, kind="stable"))
    np.testing.assert_array_equal(ours[2][0], -np.sort(-x, axis=1)[:, :5])
    np.testing.assert_array_equal(np.take_along_axis(x, ours[2][1], 1), ours[2][0])
    np.testing.assert_array_equal(ours[3], -np.sort(-x, axis=0))
    assert_tree_close(ours, xla, what="sort")


def test_multi_operand_sort_and_searchsorted() -> None:
    keys = RNG.integers(0, 5, 30).astype(np.int32)
    vals = np.arange(30, dtype=np.float32)
    grid = np.sort(_normal(16))
    q = _normal(10)
    ours, xla = run_both(lambda k, v, g, q: (lax.sort((k, v), num_keys=1), jnp.searchsorted(g, q)), keys, vals, grid, q)
    order = np.argsort(keys, kind="stable")
    np.testing.assert_array_equal(ours[0][0], keys[order])
    np.testing.assert_array_equal(ours[0][1], vals[order])
    np.testing.assert_array_equal(ours[1], np.searchsorted(grid, q))
    assert_tree_close(ours, xla, what="multi-operand sort")


# --------------------------------------------------------------------------- around them


def test_gather_scatter_and_reductions() -> None:
    x = _normal(10, 6)
    idx = np.array([7, 0, 3, 3, 9], np.int32)

    def f(x: jax.Array, idx: jax.Array) -> tuple[jax.Array, ...]:
        return (x[idx], x.at[idx].add(1.0), x.at[idx, 2].set(-5.0), x.max(0), x.argmax(1), jnp.cumsum(x, 0),
                x.sum(), jnp.prod(x[:3, :3]))

    ours, xla = run_both(f, x, idx)
    assert_tree_close(ours, xla, rtol=1e-5, atol=1e-6, what="gather/scatter/reduce")
    np.testing.assert_array_equal(ours[0], x[idx])
    added = x.copy()
    np.add.at(added, idx, 1.0)
    np.testing.assert_allclose(ours[1], added, rtol=1e-6)
    np.testing.assert_array_equal(ours[4], x.argmax(1))
    np.testing.assert_allclose(ours[5], np.cumsum(x, 0), rtol=1e-5, atol=1e-5)


def test_integer_and_bitwise_semantics() -> None:
    a = np.array([7, -7, 7, -7, 0, 2**31 - 1], np.int32)
    b = np.array([2, 2, -2, -2, 3, 2], np.int32)
    ours, xla = run_both(lambda a, b: (a // b, a % b, lax.div(a, b), lax.rem(a, b), a & b, a ^ b, a << 1,
                                       lax.shift_right_logical(a, 1), a > b, jnp.clip(a, -3, 3)), a, b)
    np.testing.assert_array_equal(ours[0], a // b)
    np.testing.assert_array_equal(ours[1], a % b)
    np.testing.assert_array_equal(ours[2], np.trunc(a / b).astype(np.int32))
    np.testing.assert_array_equal(ours[3], np.fmod(a, b))
    assert_tree_close(ours, xla, what="integer ops")


@pytest.mark.parametrize("dtype", [np.float16, ml_dtypes.bfloat16], ids=["f16", "bf16"])
def test_half_precision(dtype: type) -> None:
    x = _normal(16, 16).astype(dtype)
    ours, xla = run_both(lambda a: (a * a + 1, jnp.exp(a), a.sum(0), a.astype(jnp.float32)), x)
    assert ours[0].dtype == np.dtype(dtype)
    assert_tree_close(ours, xla, rtol=1e-2, atol=1e-2, what=np.dtype(dtype).name)
    np.testing.assert_array_equal(ours[3], x.astype(np.float32))


def test_x64_programs_in_a_fresh_process() -> None:
    """With jax_enable_x64 (a per-process setting), float64/int64 programs and f64 LAPACK."""
    code = textwrap.dedent("""
        import jax, jax.numpy as jnp, numpy as np
        rng = np.random.default_rng(5)
        a = rng.standard_normal((6, 6)) + 6 * np.eye(6)
        b = rng.standard_normal((6, 2))
        i = np.arange(10, dtype=np.int64) * (2**40)

        def f(a, b, i):
            return jnp.linalg.solve(a, b), jnp.exp(a) @ b, jnp.cumsum(i), jnp.fft.fft(a[0])

        outs = {}
        for name in ("jaxlib_cpu", "cpu"):
            d = jax.devices(name)[0]
            r = jax.jit(f)(*(jax.device_put(v, d) for v in (a, b, i)))
            outs[name] = [np.asarray(x) for x in r]
        ours, xla = outs["jaxlib_cpu"], outs["cpu"]
        assert [x.dtype.name for x in ours] == ["float64", "float64", "int64", "complex128"], ours
        np.testing.assert_allclose(ours[0], np.linalg.solve(a, b), rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(ours[1], np.exp(a) @ b, rtol=1e-12, atol=1e-12)
        np.testing.assert_array_equal(ours[2], np.cumsum(i))
        np.testing.assert_allclose(ours[3], np.fft.fft(a[0]), rtol=1e-12, atol=1e-12)
        for x, y in zip(ours, xla):
            np.testing.assert_allclose(x, y, rtol=1e-12, atol=1e-12)
        print("X64 OK")
    """)
    proc = run_python(code, {"JAX_PLATFORMS": "jaxlib_cpu,cpu", "JAX_ENABLE_X64": "1"})
    assert proc.returncode == 0 and "X64 OK" in proc.stdout, proc.stdout + proc.stderr[-4000:]


def test_host_callbacks_run_from_our_plugin(capsys: pytest.CaptureFixture[str]) -> None:
    """pure_callback, ordered io_callback and debug.print inside a program compiled by our plugin:
    JAX hands their Python functions to the plugin's FFI (installed by jaxlib_cpu's plugin
    callback at discovery)."""
    from jax.experimental import io_callback

    calls: list[list[float]] = []

    def record(v: np.ndarray) -> np.ndarray:
        calls.append(np.asarray(v).tolist())
        return np.asarray(v) * 2

    def f(x: jax.Array) -> tuple[jax.Array, jax.Array]:
        y = jax.pure_callback(np.cos, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
        z = io_callback(record, jax.ShapeDtypeStruct(x.shape, x.dtype), x + 1, ordered=True)
        jax.debug.print("host sees {}", x.sum())
        return y, z

    x = np.array([0.0, 0.5, 2.0], np.float32)
    y, z = jax.jit(f)(jax.device_put(x, jax.devices()[0]))
    assert all(is_ours(d) for d in y.devices())
    np.testing.assert_allclose(np.asarray(y), np.cos(x), rtol=1e-6)
    np.testing.assert_array_equal(np.asarray(z), (x + 1) * 2)
    jax.effects_barrier()
    assert calls == [(x + 1).tolist()], calls
    assert "host sees 2.5" in capsys.readouterr().out


# --------------------------------------------------------------------------- jit's contract


@pytest.mark.parametrize("backend", ["ours", "xla"])
def test_compiler_options_are_checked_as_xla_checks_them(backend: str) -> None:
    # Known DebugOptions names with values of their kind compile; an unknown name or a value of
    # the wrong kind is refused with XLA's wording, on both backends alike.
    device = jax.devices(OURS if backend == "ours" else XLA)[0]
    x = jax.device_put(np.float32(3.0), device)

    def f(v: jax.Array) -> jax.Array:
        return jnp.sqrt(v * v) + 1.0

    for options in ({"xla_embed_ir_in_executable": True}, {"xla_cpu_enable_fast_math": "False"},
                    {"xla_backend_optimization_level": 1}, {"xla_dump_to": "/nonexistent"}):
        assert float(jax.jit(f, compiler_options=options)(x)) == 4.0, options
    with pytest.raises(jax.errors.JaxRuntimeError, match="No such compile option: 'invalid_key'"):
        jax.jit(f, compiler_options={"invalid_key": "invalid_value"})(x)
    with pytest.raises(jax.errors.JaxRuntimeError, match="is not a valid bool value"):
        jax.jit(f).lower(x).compile(compiler_options={"xla_embed_ir_in_executable": "invalid_value"})
    with pytest.raises(jax.errors.JaxRuntimeError, match="is not a valid"):
        jax.jit(f, compiler_options={"xla_backend_optimization_level": "three"})(x)


def test_donating_a_buffer_that_is_also_read_is_an_error() -> None:
    x = jax.device_put(np.zeros(10, np.float32), jax.devices(OURS)[0])
    f = jax.jit(lambda a, b: a + b, donate_argnums=(0,))
    with pytest.raises(RuntimeError, match="donate the same buffer twice"):
        f(x, x).block_until_ready()
    np.testing.assert_array_equal(np.asarray(x), np.zeros(10, np.float32))  # nothing was consumed
    y = jax.device_put(np.ones(10, np.float32), jax.devices(OURS)[0])
    np.testing.assert_array_equal(np.asarray(f(y, x)), np.ones(10, np.float32))
