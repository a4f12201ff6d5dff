"""The PJRT plugin integration guide's checks (1+1, jit, pmap with psum, grad of an MLP,
np.asarray, device_put), run by real JAX on our jaxlib-cpu plugin as the default backend.

Each result is checked for value and for the device it lives on (ours, not JAX's own CPU).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax_backends import NUM_DEVICES, OURS, assert_tree_close, is_ours, run_both


def _on_ours(x: jax.Array) -> bool:
    return all(is_ours(d) for d in x.devices())


def test_one_plus_one() -> None:
    y = jnp.add(1, 1)
    assert _on_ours(y), y.devices()
    assert int(y) == 2 and y.dtype == jnp.int32


def test_jit_doubles() -> None:
    y = jax.jit(lambda x: x * 2)(1.0)
    assert _on_ours(y), y.devices()
    assert float(y) == 2.0 and y.dtype == jnp.float32


def test_pmap_with_psum_over_every_device() -> None:
    n = jax.device_count()
    assert n == NUM_DEVICES
    arr = jnp.arange(n)
    out = jax.pmap(lambda x: x + jax.lax.psum(x, "i"), axis_name="i")(arr)
    assert {d for d in out.devices()} == set(jax.devices(OURS))
    total = n * (n - 1) // 2
    np.testing.assert_array_equal(np.asarray(out), np.arange(n) + total)  # 4 devices: [6 7 8 9]


def _mlp_params(rng: np.random.Generator) -> dict[str, np.ndarray]:
    return {"w1": rng.standard_normal((8, 16), dtype=np.float32) * 0.3,
            "b1": rng.standard_normal(16, dtype=np.float32) * 0.1,
            "w2": rng.standard_normal((16, 3), dtype=np.float32) * 0.3,
            "b2": rng.standard_normal(3, dtype=np.float32) * 0.1}


def _mlp_loss(p: dict[str, jax.Array], x: jax.Array, y: jax.Array) -> jax.Array:
    h = jnp.tanh(x @ p["w1"] + p["b1"])
    out = h @ p["w2"] + p["b2"]
    return jnp.mean((out - y) ** 2)


def _numpy_mlp_grad(p: dict[str, np.ndarray], x: np.ndarray, y: np.ndarray) -> dict[str, np.ndarray]:
    """Backpropagation by hand, in float64."""
    p64 = {k: v.astype(np.float64) for k, v in p.items()}
    x64, y64 = x.astype(np.float64), y.astype(np.float64)
    h = np.tanh(x64 @ p64["w1"] + p64["b1"])
    out = h @ p64["w2"] + p64["b2"]
    d_out = 2.0 * (out - y64) / out.size
    d_h = d_out @ p64["w2"].T * (1.0 - h**2)
    return {"w1": x64.T @ d_h, "b1": d_h.sum(0), "w2": h.T @ d_out, "b2": d_out.sum(0)}


def test_grad_of_an_mlp_matches_backprop_and_xla() -> None:
    rng = np.random.default_rng(1)
    params = _mlp_params(rng)
    x = rng.standard_normal((32, 8), dtype=np.float32)
    y = rng.standard_normal((32, 3), dtype=np.float32)
    ours, xla = run_both(jax.grad(_mlp_loss), params, x, y)
    expected = {k: v.astype(np.float32) for k, v in _numpy_mlp_grad(params, x, y).items()}
    assert_tree_close(ours, expected, rtol=1e-4, atol=1e-6, what="grad vs numpy backprop")
    assert_tree_close(ours, xla, rtol=1e-5, atol=1e-7, what="grad vs XLA")


def test_eager_grad_on_the_default_backend() -> None:
    """Without jit every primitive is compiled on its own: many small programs through our compiler."""
    rng = np.random.default_rng(2)
    params = _mlp_params(rng)
    x = rng.standard_normal((4, 8), dtype=np.float32)
    y = rng.standard_normal((4, 3), dtype=np.float32)
    g = jax.grad(_mlp_loss)(params, x, y)
    assert all(_on_ours(v) for v in jax.tree.leaves(g))
    expected = {k: v.astype(np.float32) for k, v in _numpy_mlp_grad(params, x, y).items()}
    assert_tree_close(jax.tree.map(np.asarray, g), expected, rtol=1e-4, atol=1e-6, what="eager grad")


def test_np_asarray_of_a_computed_result() -> None:
    x = jax.device_put(np.arange(6, dtype=np.float32).reshape(2, 3), jax.devices(OURS)[2])
    y = jax.jit(lambda a: a.T + 1)(x)
    assert y.devices() == {jax.devices(OURS)[2]}, "results stay on the device of their inputs"
    np.testing.assert_array_equal(np.asarray(y), np.arange(6, dtype=np.float32).reshape(2, 3).T + 1)
