"""Partitioned programs (num_partitions > 1) that are not shard_map, as jit with sharded
inputs lowers them: each device passes its shard of every argument, the plugin runs the program
on the global values and hands each device its shard of every result (partition_layout.h).
Shardings come as Shardy attributes (#sdy.sharding over an sdy.mesh, what JAX 0.10.2 emits) or
as HLO sharding strings (mhlo.sharding, the export form); results are checked against numpy."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
xla_client = pytest.importorskip("jaxlib.xla_client")
if not hasattr(xla_client, "make_cpu_client"):  # pragma: no cover
    pytest.skip("not our jaxlib", allow_module_level=True)

# jax.jit(lambda a, b: (jnp.sin(a) @ b, a.sum(0)),
#         in_shardings=(P('x', None), P(None, 'y'))) over a 2x2 mesh, as JAX 0.10.2 lowers it.
SHARDY = """
module @jit_f attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]>
  func.func public @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                         %arg1: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>})
      -> (tensor<8x6xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
          tensor<4xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
    %0 = stablehlo.sine %arg0 : tensor<8x4xf32>
    %1 = sdy.sharding_constraint %0 <@mesh, [{"x"}, {}]> : tensor<8x4xf32>
    %2 = stablehlo.dot_general %1, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>
    return %2, %3 : tensor<8x6xf32>, tensor<4xf32>
  }
}
"""

# The same shapes with HLO sharding strings: a transposed device order and a result whose
# tiles are replicated over the other mesh axis.
HLO_STRINGS = """
module @jit_g attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x4xf32> {mhlo.sharding = "{devices=[2,2]<=[2,2]T(1,0)}"})
      -> (tensor<8x4xf32> {mhlo.sharding = "{devices=[2,1,2]<=[4] last_tile_dim_replicate}"}) {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<8x4xf32>
    return %0 : tensor<8x4xf32>
  }
}
"""


@pytest.fixture(scope="module")
def client():
    c = xla_client.make_cpu_client(num_devices=4)
    yield c
    c.close()


def _compile(client, text: str):
    opts = xla_client.CompileOptions()
    build = opts.executable_build_options
    build.num_replicas = 1
    build.num_partitions = 4
    build.use_spmd_partitioning = True
    devs = client.devices()[:4]
    return client.compile_and_load(text, devs, opts), devs


def _run(client, exe, devs, per_device_args):
    args = [[client.buffer_from_pyval(shards[d], device=devs[d]) for d in range(4)] for shards in per_device_args]
    results = exe.execute_sharded(args)
    outs = [list(o) for o in results.disassemble_into_single_device_arrays()]
    return [[np.asarray(x) for x in devs_] for devs_ in outs]


def _tiles(x, tiles, coords):
    """The tile at `coords` of `x` split into `tiles` pieces per dim."""
    idx = tuple(slice(c * (n // t), (c + 1) * (n // t)) for n, t, c in zip(x.shape, tiles, coords, strict=True))
    return x[idx]


def test_shardy_shardings_gather_compute_scatter(client):
    exe, devs = _compile(client, SHARDY)
    rng = np.random.default_rng(0)
    a = rng.standard_normal((8, 4)).astype(np.float32)
    b = rng.standard_normal((4, 6)).astype(np.float32)
    # Mesh position p = (x, y) = (p // 2, p % 2): a splits rows by x, b columns by y.
    a_shards = [_tiles(a, (2, 1), (p // 2, 0)) for p in range(4)]
    b_shards = [_tiles(b, (1, 2), (0, p % 2)) for p in range(4)]
    out0, out1 = _run(client, exe, devs, [a_shards, b_shards])
    want0 = np.sin(a) @ b
    want1 = a.sum(0)
    for p in range(4):
        np.testing.assert_allclose(out0[p], _tiles(want0, (2, 1), (p // 2, 0)), rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(out1[p], want1, rtol=1e-6, atol=1e-6)


def test_hlo_sharding_strings(client):
    exe, devs = _compile(client, HLO_STRINGS)
    a = np.arange(32, dtype=np.float32).reshape(8, 4)
    # {devices=[2,2]<=[2,2]T(1,0)}: tile (i, j) is on device 2*j + i.
    shards = [None] * 4
    for i in range(2):
        for j in range(2):
            shards[2 * j + i] = _tiles(a, (2, 2), (i, j))
    (out,) = _run(client, exe, devs, [shards])
    # {devices=[2,1,2]<=[4] last_tile_dim_replicate}: devices 0,1 hold rows 0-3, devices 2,3 rows 4-7.
    for p in range(4):
        np.testing.assert_array_equal(out[p], _tiles(a * a, (2, 1), (p // 2, 0)))


def test_wrong_shard_shape_is_a_typed_error(client):
    exe, devs = _compile(client, HLO_STRINGS)
    whole = np.zeros((8, 4), np.float32)
    # The executable reports the shards as its parameter shapes, so the whole array is refused.
    with pytest.raises(xla_client.XlaRuntimeError, match=r"wrong shape: expected f32\[4,2\], got f32\[8,4\]"):
        _run(client, exe, devs, [[whole] * 4])


def test_uneven_split_is_refused_at_compile(client):
    text = HLO_STRINGS.replace("8x4xf32", "7x4xf32")
    with pytest.raises(xla_client.XlaRuntimeError, match="does not split evenly"):
        _compile(client, text)
