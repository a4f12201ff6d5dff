"""Sharded programs over our plugin's 4 CPU devices under real JAX: arrays placed with a
NamedSharding, jit with input/output shardings (the SPMD partitioning our compiler must do),
sharding constraints, shard_map collectives (psum, all_gather, ppermute), and pmap.

Values are checked against numpy, and each program is also run on a mesh of JAX's own CPU
devices for comparison.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P
from jax_backends import NUM_DEVICES, OURS, XLA, assert_tree_close, is_ours

try:  # jax >= 0.7 exports shard_map at the top level
    from jax import shard_map
except ImportError:  # pragma: no cover - older jax
    from jax.experimental.shard_map import shard_map  # type: ignore[no-redef]

RNG = np.random.default_rng(99)


def _mesh(backend: str, shape: tuple[int, ...], names: tuple[str, ...]) -> Mesh:
    devices = jax.devices(backend)
    assert len(devices) == NUM_DEVICES == int(np.prod(shape))
    return Mesh(np.array(devices).reshape(shape), names)


def _shards(x: jax.Array) -> dict[int, np.ndarray]:
    return {s.device.id: np.asarray(s.data) for s in x.addressable_shards}


def test_device_put_with_a_sharding_splits_rows() -> None:
    mesh = _mesh(OURS, (NUM_DEVICES,), ("x",))
    value = np.arange(8 * 3, dtype=np.float32).reshape(8, 3)
    x = jax.device_put(value, NamedSharding(mesh, P("x")))
    assert x.sharding == NamedSharding(mesh, P("x"))
    assert all(is_ours(d) for d in x.devices()) and len(x.devices()) == NUM_DEVICES
    shards = _shards(x)
    for i in range(NUM_DEVICES):
        np.testing.assert_array_equal(shards[i], value[2 * i:2 * i + 2], err_msg=f"shard on device {i}")
    np.testing.assert_array_equal(np.asarray(x), value)


def test_device_put_replicated_and_2d_mesh() -> None:
    mesh = _mesh(OURS, (2, 2), ("a", "b"))
    value = np.arange(4 * 6, dtype=np.int32).reshape(4, 6)
    rep = jax.device_put(value, NamedSharding(mesh, P()))
    for shard in rep.addressable_shards:
        np.testing.assert_array_equal(np.asarray(shard.data), value)
    tiled = jax.device_put(value, NamedSharding(mesh, P("a", "b")))
    for shard in tiled.addressable_shards:
        np.testing.assert_array_equal(np.asarray(shard.data), value[shard.index])
    np.testing.assert_array_equal(np.asarray(tiled), value)


def _sharded_matmul(backend: str, a: np.ndarray, b: np.ndarray) -> jax.Array:
    mesh = _mesh(backend, (NUM_DEVICES,), ("x",))
    rows = NamedSharding(mesh, P("x", None))
    f = jax.jit(lambda a, b: jnp.tanh(a @ b), in_shardings=(rows, NamedSharding(mesh, P())), out_shardings=rows)
    return f(jax.device_put(a, rows), jax.device_put(b, NamedSharding(mesh, P())))


def test_jit_with_row_sharded_matmul() -> None:
    a, b = RNG.standard_normal((16, 8), dtype=np.float32), RNG.standard_normal((8, 5), dtype=np.float32)
    ours = _sharded_matmul(OURS, a, b)
    assert ours.sharding.spec == P("x", None) and all(is_ours(d) for d in ours.devices())
    expected = np.tanh(a.astype(np.float64) @ b)
    np.testing.assert_allclose(np.asarray(ours), expected, rtol=1e-5, atol=1e-6)
    for dev_id, shard in _shards(ours).items():
        np.testing.assert_allclose(shard, expected[4 * dev_id:4 * dev_id + 4], rtol=1e-5, atol=1e-6)
    assert_tree_close(np.asarray(ours), np.asarray(_sharded_matmul(XLA, a, b)), rtol=1e-6, what="sharded matmul")


def _sharded_reduction(backend: str, x: np.ndarray) -> tuple[jax.Array, jax.Array]:
    """A sum over the sharded axis needs a cross-device all-reduce inside one SPMD program."""
    mesh = _mesh(backend, (2, 2), ("a", "b"))
    s = NamedSharding(mesh, P("a", "b"))

    @jax.jit
    def f(x: jax.Array) -> tuple[jax.Array, jax.Array]:
        y = jax.lax.with_sharding_constraint(jnp.sin(x) * 2, s)
        return y.sum(axis=0), (y * y).sum()

    return f(jax.device_put(x, s))


def test_jit_reduction_across_shards() -> None:
    x = RNG.standard_normal((8, 12), dtype=np.float32)
    col_sums, total = _sharded_reduction(OURS, x)
    y = np.sin(x.astype(np.float64)) * 2
    np.testing.assert_allclose(np.asarray(col_sums), y.sum(0), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(float(total), (y * y).sum(), rtol=1e-5)
    xla = _sharded_reduction(XLA, x)
    assert_tree_close(jax.tree.map(np.asarray, (col_sums, total)), jax.tree.map(np.asarray, xla),
                      rtol=1e-5, atol=1e-5, what="sharded reduction")


def _collectives(backend: str, x: np.ndarray, *, explicit_out_shardings: bool = False
                 ) -> tuple[jax.Array, jax.Array, jax.Array]:
    mesh = _mesh(backend, (NUM_DEVICES,), ("x",))

    def body(block: jax.Array) -> tuple[jax.Array, jax.Array, jax.Array]:
        total = jax.lax.psum(block, "x")
        gathered = jax.lax.all_gather(block, "x", tiled=True)
        shifted = jax.lax.ppermute(block, "x", [(i, (i + 1) % NUM_DEVICES) for i in range(NUM_DEVICES)])
        return total, gathered, shifted

    # Each device's gathered copy is concatenated (P("x")): no replication to infer.
    specs = (P(), P("x"), P("x"))
    # Without out_shardings JAX asks the compiled executable for its output shardings.
    out_shardings = tuple(NamedSharding(mesh, s) for s in specs) if explicit_out_shardings else None
    f = jax.jit(shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=specs), out_shardings=out_shardings)
    return f(jax.device_put(x, NamedSharding(mesh, P("x"))))


@pytest.mark.parametrize("explicit_out_shardings", [False, True], ids=["shardings-from-executable", "explicit"])
def test_shard_map_collectives(explicit_out_shardings: bool) -> None:
    x = np.arange(NUM_DEVICES * 3, dtype=np.float32).reshape(NUM_DEVICES * 3) * 1.5
    total, gathered, shifted = _collectives(OURS, x, explicit_out_shardings=explicit_out_shardings)
    blocks = x.reshape(NUM_DEVICES, 3)
    np.testing.assert_allclose(np.asarray(total), blocks.sum(0), rtol=1e-6)
    np.testing.assert_array_equal(np.asarray(gathered), np.tile(x, NUM_DEVICES))
    np.testing.assert_array_equal(np.asarray(shifted), np.roll(blocks, 1, axis=0).reshape(-1))
    xla = _collectives(XLA, x)
    assert_tree_close(jax.tree.map(np.asarray, (total, gathered, shifted)), jax.tree.map(np.asarray, xla),
                      what="shard_map collectives")


@pytest.mark.parametrize("op", ["psum", "pmax", "pmean"])
def test_pmap_reductions(op: str) -> None:
    x = RNG.standard_normal((NUM_DEVICES, 5), dtype=np.float32)
    out = jax.pmap(lambda v: getattr(jax.lax, op)(v, "i"), axis_name="i", devices=jax.devices(OURS))(x)
    expected = {"psum": x.sum(0), "pmax": x.max(0), "pmean": x.mean(0)}[op]
    for row in np.asarray(out):
        np.testing.assert_allclose(row, expected, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("backend", [OURS, XLA])
def test_donating_a_sharded_array_consumes_it(backend: str) -> None:
    # Sharded programs mark donors with jax.buffer_donor (not tf.aliasing_output); the donor
    # pairs with the same-shaped result and every shard reads as deleted afterwards.
    mesh = _mesh(backend, (NUM_DEVICES,), ("x",))
    x = jax.device_put(np.arange(2 * NUM_DEVICES, dtype=np.float32), NamedSharding(mesh, P("x")))
    y = jax.jit(lambda a: a * 2, donate_argnums=0)(x)
    np.testing.assert_array_equal(np.asarray(y), 2 * np.arange(2 * NUM_DEVICES, dtype=np.float32))
    assert x.is_deleted()
    with pytest.raises(RuntimeError):
        jax.device_put(x, NamedSharding(mesh, P("x"))).block_until_ready()
