"""One process of a multi-process job under real JAX (jax + Google's jaxlib) on our
``jaxlib_cpu`` plugin, started by launch.run_job. Prints ``RESULT {json}`` lines; a failed
check raises, so the process exits non-zero with the message.

    jax_worker.py PORT NODE_ID NUM_NODES DEVICES SCENARIO

Scenarios: programs (shard_map psum / all_gather / ppermute / psum_scatter / all_to_all, and a
data-parallel gradient both with shard_map + pmean and with jit over sharded inputs, every
shard checked against numpy), kill (the last process kills itself; the others report the
error and how long it took), connect (start-up with a claimed process count and address:
    jax_worker.py PORT NODE_ID NUM_NODES DEVICES connect CLAIMED_NUM_NODES ADDRESS).
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time

os.environ["JAX_PLATFORMS"] = "jaxlib_cpu"

import numpy as np  # noqa: E402


def result(**kw) -> None:
    print("RESULT " + json.dumps(kw), flush=True)


def start(port: int, node: int, nodes: int, per_process: int):
    import jax

    jax.config.update("jax_num_cpu_devices", per_process)
    jax.distributed.initialize(coordinator_address=f"127.0.0.1:{port}", num_processes=nodes, process_id=node,
                               initialization_timeout=60)
    t = nodes * per_process
    assert jax.process_count() == nodes, f"jax.process_count() is {jax.process_count()}, expected {nodes}"
    assert jax.process_index() == node, f"jax.process_index() is {jax.process_index()}, expected {node}"
    devices = jax.devices()
    assert len(devices) == t, f"process {node} sees {len(devices)} devices, expected {t}: {devices}"
    assert len(jax.local_devices()) == per_process, f"{len(jax.local_devices())} local devices, expected {per_process}"
    assert all(d.platform == "cpu" for d in devices), devices
    assert sorted(d.process_index for d in devices) == sorted(p for p in range(nodes) for _ in range(per_process))
    version = jax.devices()[0].client.platform_version
    assert "jaxlib-cpu" in version, f"not our plugin: platform_version {version!r}"
    return jax


def check_shards(name: str, arr, want: np.ndarray, rtol: float = 1e-5, atol: float = 1e-5) -> int:
    assert arr.shape == want.shape, f"{name}: global shape {arr.shape}, expected {want.shape}"
    n = 0
    for shard in arr.addressable_shards:
        np.testing.assert_allclose(np.asarray(shard.data), want[shard.index], rtol=rtol, atol=atol,
                                   err_msg=f"{name}: shard {shard.index} on {shard.device} differs from numpy")
        n += 1
    return n


def scenario_programs(jax, node: int, t: int) -> None:
    import jax.numpy as jnp
    from jax import lax
    from jax.sharding import Mesh, NamedSharding
    from jax.sharding import PartitionSpec as P

    mesh = Mesh(np.array(jax.devices()), ("x",))
    b = t  # rows per device block: psum_scatter and all_to_all split a block t ways
    rows = np.arange(t * b * 3, dtype=np.float32).reshape(t * b, 3) / 10.0
    x = jax.make_array_from_callback(rows.shape, NamedSharding(mesh, P("x")), lambda idx: rows[idx])
    perm = [(i, (i + 1) % t) for i in range(t)]

    def body(a):
        return (lax.psum(a, "x"), lax.all_gather(a, "x", tiled=True), lax.ppermute(a, "x", perm),
                lax.psum_scatter(a, "x", scatter_dimension=0, tiled=True),
                lax.all_to_all(a, "x", 0, 0, tiled=True), lax.pmax(a, "x"))

    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P("x"),
                              out_specs=(P("x"), P("x"), P("x"), P("x"), P("x"), P("x"))))
    psum, gathered, permuted, scattered, a2a, pmax = f(x)
    blocks = rows.reshape(t, b, 3)
    total = blocks.sum(0)
    checked = check_shards("psum", psum, np.concatenate([total] * t))
    checked += check_shards("all_gather", gathered, np.concatenate([rows] * t))
    checked += check_shards("ppermute", permuted, np.concatenate([blocks[(i - 1) % t] for i in range(t)]))
    # Device i keeps row i of the summed block; all_to_all sends row i of every block to device i.
    checked += check_shards("psum_scatter", scattered, total)
    checked += check_shards("all_to_all", a2a, np.concatenate([blocks[:, i] for i in range(t)]))
    checked += check_shards("pmax", pmax, np.concatenate([blocks.max(0)] * t))

    # A data-parallel gradient step: the batch is sharded over every device of the job.
    rng = np.random.default_rng(3)
    xb = rng.standard_normal((t * 4, 5)).astype(np.float32)
    yb = rng.standard_normal((t * 4,)).astype(np.float32)
    w0 = rng.standard_normal((5,)).astype(np.float32)
    want_grad = (2.0 / len(yb)) * xb.astype(np.float64).T @ (xb.astype(np.float64) @ w0 - yb)
    batch = NamedSharding(mesh, P("x"))
    xs = jax.make_array_from_callback(xb.shape, batch, lambda idx: xb[idx])
    ys = jax.make_array_from_callback(yb.shape, batch, lambda idx: yb[idx])
    w = jax.device_put(w0, NamedSharding(mesh, P()))

    def loss(w, xb, yb):
        return jnp.mean((xb @ w - yb) ** 2)

    # jit over sharded inputs: JAX's SPMD program, which the plugin runs by gathering.
    g_jit = jax.jit(jax.grad(loss), out_shardings=NamedSharding(mesh, P()))(w, xs, ys)
    checked += check_shards("grad (jit)", g_jit, want_grad, rtol=1e-4, atol=1e-4)

    # The same step written with shard_map: each device's gradient of its local mean, then
    # pmean across processes. check_vma=False keeps JAX from summing the gradient of the
    # replicated w itself (with it, grad would already be the psum of the local gradients).
    def local_grad(w, xb, yb):
        return lax.pmean(jax.grad(loss)(w, xb, yb), "x")

    g_sm = jax.jit(jax.shard_map(local_grad, mesh=mesh, in_specs=(P(), P("x"), P("x")), out_specs=P(),
                                 check_vma=False))(w, xs, ys)
    checked += check_shards("grad (shard_map + pmean)", g_sm, want_grad, rtol=1e-4, atol=1e-4)
    result(scenario="programs", shards_checked=checked)


def scenario_kill(jax, node: int, nodes: int, t: int) -> None:
    from jax import lax
    from jax.sharding import Mesh, NamedSharding
    from jax.sharding import PartitionSpec as P

    mesh = Mesh(np.array(jax.devices()), ("x",))
    f = jax.jit(jax.shard_map(lambda a: lax.psum(a, "x"), mesh=mesh, in_specs=P("x"), out_specs=P("x")))
    rows = np.arange(t * 2, dtype=np.float32)
    x = jax.make_array_from_callback(rows.shape, NamedSharding(mesh, P("x")), lambda idx: rows[idx])
    f(x).block_until_ready()  # works while all live
    if node == nodes - 1:
        time.sleep(1.0)  # dies while the others wait for it inside the collective
        os.kill(os.getpid(), signal.SIGKILL)
    start_time = time.monotonic()
    try:
        f(x).block_until_ready()
    except Exception as e:  # noqa: BLE001 - the error is what this scenario reports
        result(scenario="kill", error=f"{type(e).__name__}: {e}", seconds=time.monotonic() - start_time)
        sys.stdout.flush()
        # JAX's own coordination service would later stop this process (the peer misses its
        # heartbeats); leave now, without JAX's shutdown barrier that the dead peer never joins.
        os._exit(0)
    raise AssertionError(f"process {node}: psum succeeded although process {nodes - 1} was killed")


def scenario_connect(port: int, node: int, nodes: int, per_process: int, claimed: int, address: str) -> None:
    """Start-up only, with this process claiming `claimed` processes and dialing `address`:
    reports the error (or the device count) and leaves without JAX's shutdown barrier."""
    import jax

    jax.config.update("jax_num_cpu_devices", per_process)
    try:
        jax.distributed.initialize(coordinator_address=address, num_processes=claimed, process_id=node,
                                   initialization_timeout=int(os.environ.get("INIT_TIMEOUT", "20")))
        result(scenario="connect", devices=len(jax.devices()))
    except Exception as e:  # noqa: BLE001 - start-up failures are what this scenario reports
        result(scenario="connect", error=f"{type(e).__name__}: {e}")
        # Process 0 serves JAX's coordination service: give the others a moment to finish
        # with it before leaving.
        try:
            from jax._src import distributed

            distributed.global_state.client.wait_at_barrier("connect_done", 15000)
        except Exception:  # noqa: BLE001 - a peer that never connected
            pass
    sys.stdout.flush()
    os._exit(0)


def main() -> None:
    port, node, nodes, per_process, scenario = sys.argv[1:6]
    node, nodes, per_process = int(node), int(nodes), int(per_process)
    if scenario == "connect":
        extra = sys.argv[6:]
        scenario_connect(int(port), node, nodes, per_process, int(extra[0]), extra[1])
    jax = start(int(port), node, nodes, per_process)
    t = nodes * per_process
    if scenario == "programs":
        scenario_programs(jax, node, t)
    elif scenario == "kill":
        scenario_kill(jax, node, nodes, t)
    else:
        raise SystemExit(f"unknown scenario {scenario}")
    jax.distributed.shutdown()


if __name__ == "__main__":
    main()
