"""shard_map across 4 CPU devices: psum/pmean/pmax (all_reduce), all_gather, psum_scatter
(reduce_scatter), all_to_all, ppermute (collective_permute), axis_index, and a data-parallel
training step. Lowered with Shardy: @main takes global shapes with sdy.sharding attributes
and the body is an sdy.manual_computation; meta.json records the per-device layout and the
npz files hold every device's shard (arg{i}_dev{d}, out{j}_dev{d})."""

from __future__ import annotations

import numpy as np
from gen_common import add, mesh4, randint, randn, shard_map_fn


def _P(*a):
    from jax.sharding import PartitionSpec
    return PartitionSpec(*a)


def _smap(f, in_specs, out_specs, mesh=None, check_vma=False):
    return shard_map_fn()(f, mesh=mesh or mesh4(), in_specs=in_specs, out_specs=out_specs,
                          check_vma=check_vma)


def _psum():
    from jax import lax
    a = randn(1100, (8, 3))
    b = randint(1101, (4, 5), -100, 100, np.int32)

    def body(a, b):
        return (lax.psum(a, "x"), lax.pmean(a, "x"), lax.pmax(a, "x"), lax.pmin(b, "x"),
                lax.psum(b, "x"))
    P = _P
    f = _smap(body, (P("x"), P("x")), (P(), P(), P(), P(), P()))
    return f, (a, b), (P("x"), P("x"))


add("shard_map_psum_pmean_pmax", "multidevice", _psum, ops=["all_reduce"], tol="accum",
    num_devices=4, note="all_reduce with add/max/min bodies over f32 and s32")


def _all_gather():
    from jax import lax
    a = randn(1102, (8, 2))
    b = randn(1103, (3, 8))

    def body(a, b):
        return (lax.all_gather(a, "x", tiled=True), lax.all_gather(a, "x"),
                lax.all_gather(b, "x", axis=1, tiled=True))
    P = _P
    f = _smap(body, (P("x"), P(None, "x")), (P(), P(), P()))
    return f, (a, b), (P("x"), P(None, "x"))


add("shard_map_all_gather", "multidevice", _all_gather, ops=["all_gather"], tol="exact",
    num_devices=4, note="tiled and stacked all_gather; gather along a non-leading dim")


def _psum_scatter():
    from jax import lax
    a = randn(1104, (4, 8, 3))

    def body(a):
        a = a[0]
        return (lax.psum_scatter(a, "x", scatter_dimension=0, tiled=True),
                lax.psum_scatter(a.reshape(4, 2, 3), "x", scatter_dimension=0))
    P = _P
    f = _smap(body, (P("x"),), (P("x"), P("x")))
    return f, (a,), (P("x"),)


add("shard_map_psum_scatter", "multidevice", _psum_scatter, ops=["reduce_scatter"],
    tol="accum", num_devices=4)


def _all_to_all():
    from jax import lax
    a = np.arange(4 * 8 * 2, dtype=np.float32).reshape(4 * 4, 4)

    def body(a):
        return (lax.all_to_all(a, "x", split_axis=0, concat_axis=1, tiled=True),
                lax.all_to_all(a.reshape(4, 1, 4), "x", 0, 0))
    P = _P
    f = _smap(body, (P("x"),), (P("x"), P("x")))
    return f, (a,), (P("x"),)


add("shard_map_all_to_all", "multidevice", _all_to_all, ops=["all_to_all"], tol="exact",
    num_devices=4)


def _ppermute():
    from jax import lax
    a = randn(1105, (8, 3))
    i = np.arange(4, dtype=np.int32)

    def body(a, i):
        ring = [(k, (k + 1) % 4) for k in range(4)]
        partial = [(0, 2), (2, 0)]  # devices 1 and 3 receive zeros
        return (lax.ppermute(a, "x", ring), lax.ppermute(a, "x", partial),
                lax.ppermute(i, "x", [(k, 3 - k) for k in range(4)]),
                lax.axis_index("x").reshape(1))
    P = _P
    f = _smap(body, (P("x"), P("x")), (P("x"), P("x"), P("x"), P("x")))
    return f, (a, i), (P("x"), P("x"))


add("shard_map_ppermute_axis_index", "multidevice", _ppermute,
    ops=["collective_permute", "partition_id"], tol="exact", num_devices=4,
    note="ring shift, partial permutation (non-receivers get zeros), axis_index")


def _dp_train_step():
    import jax
    import jax.numpy as jnp
    from jax import lax
    w = randn(1106, (5, 3), scale=0.5)
    x = randn(1107, (16, 5))
    y = randn(1108, (16, 3))

    def body(w, x, y):
        def loss(w):
            return ((jnp.tanh(x @ w) - y) ** 2).mean()
        val, g = jax.value_and_grad(loss)(w)
        g = lax.pmean(g, "x")
        return lax.pmean(val, "x"), w - 0.1 * g
    P = _P
    f = _smap(body, (P(), P("x"), P("x")), (P(), P()))
    return f, (w, x, y), (P(), P("x"), P("x"))


add("shard_map_data_parallel_step", "multidevice", _dp_train_step,
    ops=["all_reduce", "dot_general"], tol="accum", num_devices=4,
    note="replicated weights, batch-sharded data, pmean of gradients")


def _sharded_matmul():
    import jax.numpy as jnp
    from jax import lax
    a = randn(1109, (8, 12))
    b = randn(1110, (12, 4))

    def body(a, b):
        """Contraction-dim sharded matmul: local partial product + psum; and
        all_gather-based column-parallel layer."""
        partial = a @ b
        full = lax.psum(partial, "x")
        return full, jnp.tanh(lax.all_gather(partial, "x", tiled=True))
    P = _P
    f = _smap(body, (P(None, "x"), P("x", None)), (P(), P()))
    return f, (a, b), (P(None, "x"), P("x", None))


add("shard_map_sharded_matmul", "multidevice", _sharded_matmul,
    ops=["dot_general", "all_reduce", "all_gather"], tol="accum", num_devices=4)


def _mesh_2x2():
    import jax
    from jax import lax
    mesh = jax.make_mesh((2, 2), ("x", "y"))
    a = randn(1111, (4, 6))

    def body(a):
        return (lax.psum(a, "x"), lax.psum(a, "y"), lax.psum(a, ("x", "y")),
                lax.all_gather(a, "y", axis=1, tiled=True),
                lax.ppermute(a, "x", [(0, 1), (1, 0)]))
    P = _P
    f = _smap(body, (P("x", "y"),), (P(None, "y"), P("x"), P(), P("x"), P("x", "y")),
              mesh=mesh)
    return f, (a,), (P("x", "y"),), mesh


add("shard_map_mesh_2x2", "multidevice", _mesh_2x2,
    ops=["all_reduce", "all_gather", "collective_permute"], tol="accum", num_devices=4,
    note="2x2 mesh: collectives over sub-groups (replica_groups with 2 groups of 2)")


def _scan_with_collectives():
    from jax import lax
    xs = randn(1112, (5, 8))

    def body(xs):
        def step(c, x):
            c = c + lax.psum(x, "x")
            return c, lax.ppermute(c, "x", [(k, (k + 1) % 4) for k in range(4)])
        return lax.scan(step, xs[0] * 0, xs)
    P = _P
    f = _smap(body, (P(None, "x"),), (P("x"), P(None, "x")))
    return f, (xs,), (P(None, "x"),)


add("shard_map_collectives_in_scan", "multidevice", _scan_with_collectives,
    ops=["while", "all_reduce", "collective_permute"], tol="accum", num_devices=4,
    note="collectives inside a while body")
