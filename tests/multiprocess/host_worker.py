"""One process of a multi-process job under our own host (jaxlib.xla_client), started by
launch.run_job. Process 0 also runs the distributed runtime service. Prints ``RESULT {json}``
lines; any failed check raises, so the process exits non-zero with the message.

    host_worker.py PORT NODE_ID NUM_NODES DEVICES SCENARIO [extra...]

Scenarios: collectives (every collective over all devices, against numpy), gathered (a
sharded jit program run by gathering), corpus (JAX's shard_map corpus cases over 4 devices,
against XLA's outputs), kill (the last process kills itself before a collective; the others
report the error and how long it took), connect (only make the client; extra args: the
num_nodes this process claims, the address it dials, "raw" to hand the plugin a bare
key-value store that does not know the job's size).
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path

import numpy as np

if os.environ.get("JAXLIB_TEST_HIDE_MPICH") == "1":
    # The "no MPI" case in an environment that has it: jaxlib_cpu finds mpich through its
    # distribution metadata, so hide that before jaxlib imports the plugin.
    import importlib.metadata as _metadata

    _files = _metadata.files

    def _files_without_mpich(name: str):
        if name.lower() == "mpich":
            raise _metadata.PackageNotFoundError(name)
        return _files(name)

    _metadata.files = _files_without_mpich

from jaxlib import distributed, xla_client  # noqa: E402

SHARD = 8  # elements of each device's block of x and y


def result(**kw) -> None:
    print("RESULT " + json.dumps(kw), flush=True)


def collectives_program(t: int) -> str:
    """shard_map over mesh x=t (as JAX lowers it): all_reduce (sum over all, sum over pairs
    (g, g + t/2), max over s32), all_gather, reduce_scatter, all_to_all, collective_permute."""
    ch = "#stablehlo.channel_handle<handle = 1, type = 1>"
    ids = ", ".join(str(g) for g in range(t))
    everyone = f"dense<[[{ids}]]> : tensor<1x{t}xi64>"
    pairs = ", ".join(f"[{g}, {g + t // 2}]" for g in range(t // 2))
    pair_groups = f"dense<[{pairs}]> : tensor<{t // 2}x2xi64>"
    ring = ", ".join(f"[{g}, {(g + 1) % t}]" for g in range(t))
    s1 = '<@mesh, [{"x"}]>'
    s2 = '<@mesh, [{"x"}, {}]>'

    def reducer(op: str, ty: str) -> str:
        return (f"({{\n      ^bb0(%a: tensor<{ty}>, %b: tensor<{ty}>):\n        %s = stablehlo.{op} %a, %b : tensor<{ty}>\n"
                f"        stablehlo.return %s : tensor<{ty}>\n      }})")

    g8, gi, gz, gw = f"tensor<{t * SHARD}xf32>", f"tensor<{t * SHARD}xi32>", f"tensor<{t * 2 * t}xf32>", f"tensor<{t * t}x2xf32>"
    results = [g8, g8, gi, f"tensor<{t * SHARD * t}xf32>", f"tensor<{t * 2}xf32>", f"tensor<{t * t}x2xf32>", g8]
    shardings = [s1, s1, s1, s1, s1, s2, s1]
    res_attrs = ", ".join(f"{ty} {{sdy.sharding = #sdy.sharding{s}}}" for ty, s in zip(results, shardings, strict=True))
    local = [f"tensor<{SHARD}xf32>", f"tensor<{SHARD}xf32>", f"tensor<{SHARD}xi32>", f"tensor<{SHARD * t}xf32>",
             "tensor<2xf32>", f"tensor<{t}x2xf32>", f"tensor<{SHARD}xf32>"]
    return f"""
module @mp_collectives attributes {{mhlo.num_partitions = {t} : i32, mhlo.num_replicas = 1 : i32}} {{
  sdy.mesh @mesh = <["x"={t}]>
  func.func public @main(%x: {g8} {{sdy.sharding = #sdy.sharding{s1}}}, %y: {gi} {{sdy.sharding = #sdy.sharding{s1}}},
                         %z: {gz} {{sdy.sharding = #sdy.sharding{s1}}}, %w: {gw} {{sdy.sharding = #sdy.sharding{s2}}})
      -> ({res_attrs}) {{
    %r:7 = sdy.manual_computation(%x, %y, %z, %w) in_shardings=[{s1}, {s1}, {s1}, {s2}] out_shardings=[{", ".join(shardings)}] manual_axes={{"x"}} (%lx: tensor<{SHARD}xf32>, %ly: tensor<{SHARD}xi32>, %lz: tensor<{2 * t}xf32>, %lw: tensor<{t}x2xf32>) {{
      %0 = "stablehlo.all_reduce"(%lx) <{{channel_handle = {ch}, replica_groups = {everyone}, use_global_device_ids}}> {reducer("add", "f32")} : (tensor<{SHARD}xf32>) -> tensor<{SHARD}xf32>
      %1 = "stablehlo.all_reduce"(%lx) <{{channel_handle = {ch}, replica_groups = {pair_groups}, use_global_device_ids}}> {reducer("add", "f32")} : (tensor<{SHARD}xf32>) -> tensor<{SHARD}xf32>
      %2 = "stablehlo.all_reduce"(%ly) <{{channel_handle = {ch}, replica_groups = {everyone}, use_global_device_ids}}> {reducer("maximum", "i32")} : (tensor<{SHARD}xi32>) -> tensor<{SHARD}xi32>
      %3 = "stablehlo.all_gather"(%lx) <{{all_gather_dim = 0 : i64, channel_handle = {ch}, replica_groups = {everyone}, use_global_device_ids}}> : (tensor<{SHARD}xf32>) -> tensor<{SHARD * t}xf32>
      %4 = "stablehlo.reduce_scatter"(%lz) <{{channel_handle = {ch}, replica_groups = {everyone}, scatter_dimension = 0 : i64, use_global_device_ids}}> {reducer("add", "f32")} : (tensor<{2 * t}xf32>) -> tensor<2xf32>
      %5 = "stablehlo.all_to_all"(%lw) <{{channel_handle = {ch}, concat_dimension = 0 : i64, replica_groups = {everyone}, split_count = {t} : i64, split_dimension = 0 : i64}}> : (tensor<{t}x2xf32>) -> tensor<{t}x2xf32>
      %6 = "stablehlo.collective_permute"(%lx) <{{channel_handle = {ch}, source_target_pairs = dense<[{ring}]> : tensor<{t}x2xi64>}}> : (tensor<{SHARD}xf32>) -> tensor<{SHARD}xf32>
      sdy.return %0, %1, %2, %3, %4, %5, %6 : {", ".join(local)}
    }} : ({g8}, {gi}, {gz}, {gw}) -> ({", ".join(results)})
    return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6 : {", ".join(results)}
  }}
}}
"""


def device_inputs(g: int, t: int) -> list[np.ndarray]:
    """Logical device g's blocks of x, y, z, w: distinct per device, known to every process."""
    x = (np.arange(SHARD, dtype=np.float32) + 100.0 * g) / 7.0
    y = ((np.arange(SHARD, dtype=np.int32) * (g + 3)) % 11 - 5 * g).astype(np.int32)
    z = np.arange(2 * t, dtype=np.float32) * (g + 1) + 0.5
    w = (np.arange(t * 2, dtype=np.float32).reshape(t, 2) + 1000.0 * g)
    return [x, y, z, w]


def expected_collectives(g: int, t: int) -> list[np.ndarray]:
    ins = [device_inputs(d, t) for d in range(t)]
    xs = [i[0] for i in ins]
    half = t // 2
    partner = g + half if g < half else g - half
    return [
        np.sum(xs, axis=0, dtype=np.float64).astype(np.float32),
        (xs[g].astype(np.float64) + xs[partner]).astype(np.float32),
        np.max([i[1] for i in ins], axis=0),
        np.concatenate(xs),
        np.sum([i[2] for i in ins], axis=0, dtype=np.float64).astype(np.float32)[2 * g: 2 * g + 2],
        np.stack([ins[j][3][g] for j in range(t)]),
        xs[(g - 1) % t],
    ]


def gathered_program(t: int) -> str:
    """jit with sharded inputs (no shard_map): run by gathering the shards of every process."""
    return f"""
module @mp_gathered attributes {{mhlo.num_partitions = {t} : i32, mhlo.num_replicas = 1 : i32}} {{
  sdy.mesh @mesh = <["x"={t}]>
  func.func public @main(%arg0: tensor<{2 * t}x4xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{"x"}}, {{}}]>}},
                         %arg1: tensor<4x6xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{}}, {{}}]>}})
      -> (tensor<{2 * t}x6xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{"x"}}, {{}}]>}},
          tensor<4xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{}}]>}}) {{
    %0 = stablehlo.sine %arg0 : tensor<{2 * t}x4xf32>
    %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0] : (tensor<{2 * t}x4xf32>, tensor<4x6xf32>) -> tensor<{2 * t}x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<{2 * t}x4xf32>, tensor<f32>) -> tensor<4xf32>
    return %1, %2 : tensor<{2 * t}x6xf32>, tensor<4xf32>
  }}
}}
"""


def compile_all(client, text: str, t: int):
    opts = xla_client.CompileOptions()
    build = opts.executable_build_options
    build.num_replicas = 1
    build.num_partitions = t
    build.use_spmd_partitioning = True
    devices = sorted(client.devices(), key=lambda d: d.id)
    assert len(devices) == t, f"expected {t} devices in the job, the client lists {len(devices)}"
    return client.compile_and_load(text, devices, opts)


def run_local(client, exe, per_device_args: dict[int, list[np.ndarray]]) -> dict[int, list[np.ndarray]]:
    """Executes with this process's devices: {logical id: args} -> {logical id: outputs}."""
    local = exe.local_devices()
    nargs = len(next(iter(per_device_args.values())))
    args = [[client.buffer_from_pyval(per_device_args[d.id][a], device=d) for d in local] for a in range(nargs)]
    outs = exe.execute_sharded(args).disassemble_into_single_device_arrays()
    return {d.id: [np.asarray(outs[o][i]) for o in range(len(outs))] for i, d in enumerate(local)}


def check_topology(client, node: int, nodes: int, per_process: int) -> None:
    t = nodes * per_process
    ids = sorted(d.id for d in client.devices())
    assert ids == list(range(t)), f"process {node}: device ids {ids}, expected 0..{t - 1}"
    local = client.local_devices()
    assert len(local) == per_process, f"process {node}: {len(local)} local devices, expected {per_process}"
    assert client.process_index() == node, f"process_index {client.process_index()}, expected {node}"
    want_local = list(range(node * per_process, (node + 1) * per_process))
    assert sorted(d.id for d in local) == want_local, f"local ids {[d.id for d in local]}, expected {want_local}"
    for d in client.devices():
        assert d.process_index == d.id // per_process, f"{d} has process_index {d.process_index}"


def scenario_collectives(client, node: int, t: int) -> None:
    exe = compile_all(client, collectives_program(t), t)
    local_ids = [d.id for d in exe.local_devices()]
    got = run_local(client, exe, {g: device_inputs(g, t) for g in local_ids})
    names = ["all_reduce_sum", "all_reduce_pairs", "all_reduce_max_s32", "all_gather", "reduce_scatter",
             "all_to_all", "collective_permute"]
    for g in local_ids:
        want = expected_collectives(g, t)
        for name, w, o in zip(names, want, got[g], strict=True):
            np.testing.assert_allclose(o, w, rtol=1e-6, atol=1e-5,
                                       err_msg=f"{name} on device {g} (process {node}) differs from numpy")
    result(scenario="collectives", devices=local_ids, checked=len(names))


def scenario_gathered(client, node: int, t: int) -> None:
    exe = compile_all(client, gathered_program(t), t)
    rng = np.random.default_rng(7)
    a = rng.standard_normal((2 * t, 4)).astype(np.float32)
    b = rng.standard_normal((4, 6)).astype(np.float32)
    local_ids = [d.id for d in exe.local_devices()]
    got = run_local(client, exe, {g: [a[2 * g: 2 * g + 2], b] for g in local_ids})
    full = np.sin(a.astype(np.float64)) @ b.astype(np.float64)
    for g in local_ids:
        np.testing.assert_allclose(got[g][0], full[2 * g: 2 * g + 2], rtol=1e-5, atol=1e-5,
                                   err_msg=f"sin(a) @ b shard of device {g}")
        np.testing.assert_allclose(got[g][1], a.sum(0), rtol=1e-5, atol=1e-5, err_msg=f"a.sum(0) on device {g}")
    result(scenario="gathered", devices=local_ids)


def scenario_corpus(client, node: int, t: int) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "corpus"))
    import corpus

    names = [n for n in corpus.list_cases(category="multidevice") if corpus.load_case(n).num_devices == t]
    assert names, f"no {t}-device corpus cases"
    checked = []
    for name in names:
        case = corpus.load_case(name)
        opts = xla_client.CompileOptions()
        build = opts.executable_build_options
        build.num_replicas = case.num_replicas
        build.num_partitions = case.num_partitions
        build.use_spmd_partitioning = True
        devices = {d.id: d for d in client.devices()}
        order = [devices[i] for i in case.meta["device_assignment"]]
        exe = client.compile_and_load(case.program_text(), order, opts)
        ins, outs = case.device_inputs(), case.device_outputs()
        position = {d.id: i for i, d in enumerate(order)}
        got = run_local(client, exe, {d.id: [arg[position[d.id]] for arg in ins] for d in exe.local_devices()})
        for d in exe.local_devices():
            p = position[d.id]
            for j, want in enumerate(outs):
                msg = corpus.compare_arrays(got[d.id][j], want[p], case.output_tolerance(j))
                assert not msg, f"{name}: output {j} on device {d.id} differs from XLA's: {msg}"
        checked.append(name)
    result(scenario="corpus", cases=checked)


def scenario_kill(client, node: int, nodes: int, t: int) -> None:
    exe = compile_all(client, collectives_program(t), t)
    local_ids = [d.id for d in exe.local_devices()]
    run_local(client, exe, {g: device_inputs(g, t) for g in local_ids})  # works while all live
    if node == nodes - 1:
        # Dies while the others wait for it inside the collective.
        time.sleep(1.0)
        os.kill(os.getpid(), signal.SIGKILL)
    start = time.monotonic()
    try:
        run_local(client, exe, {g: device_inputs(g, t) for g in local_ids})
    except Exception as e:  # noqa: BLE001 - the error is what this scenario reports
        result(scenario="kill", error=f"{type(e).__name__}: {e}", seconds=time.monotonic() - start)
        # A later program fails at once with the same cause.
        start = time.monotonic()
        try:
            run_local(client, exe, {g: device_inputs(g, t) for g in local_ids})
        except Exception as e2:  # noqa: BLE001
            result(scenario="kill_again", error=f"{type(e2).__name__}: {e2}", seconds=time.monotonic() - start)
        return
    raise AssertionError(f"process {node}: the collective succeeded although process {nodes - 1} was killed")


def main() -> None:
    port, node, nodes, per_process, scenario = sys.argv[1:6]
    node, nodes, per_process, port = int(node), int(nodes), int(per_process), int(port)
    extra = sys.argv[6:]
    claimed_nodes = int(extra[0]) if scenario == "connect" and extra else nodes
    address = extra[1] if scenario == "connect" and len(extra) > 1 else f"127.0.0.1:{port}"
    if node == 0:
        # Held until the process exits: process 0 serves the job's store.
        service = distributed.get_distributed_runtime_service(f"127.0.0.1:{port}", nodes)  # noqa: F841
    dist = distributed.get_distributed_runtime_client(address, node, init_timeout=float(os.environ.get("INIT_TIMEOUT", "60")))
    try:
        dist.connect()
        store = dist
        if "raw" in extra:
            # Only the key-value methods, as JAX's store would be: the job's shape is then
            # checked by the plugin itself, against the other processes.
            store = type("RawStore", (), {"blocking_key_value_get_bytes": staticmethod(dist.blocking_key_value_get_bytes),
                                          "key_value_set_bytes": staticmethod(dist.key_value_set_bytes)})()
        client = xla_client.make_cpu_client(distributed_client=store, node_id=node, num_nodes=claimed_nodes,
                                            num_devices=per_process)
    except Exception as e:  # noqa: BLE001 - start-up failures are what "connect" reports
        if scenario != "connect":
            raise
        result(scenario="connect", error=f"{type(e).__name__}: {e}")
        # Process 0 serves the store: give the others a moment to finish with it, then leave
        # without waiting for processes that may never come.
        try:
            dist.wait_at_barrier("connect_done", 15000)
        except Exception:  # noqa: BLE001 - a peer that never connected
            pass
        os._exit(0)
    t = nodes * per_process
    check_topology(client, node, nodes, per_process)
    if scenario == "connect":
        result(scenario="connect", devices=len(client.devices()))
    elif scenario == "collectives":
        scenario_collectives(client, node, t)
    elif scenario == "gathered":
        scenario_gathered(client, node, t)
    elif scenario == "all":
        scenario_collectives(client, node, t)
        scenario_gathered(client, node, t)
        if t == 4:
            scenario_corpus(client, node, t)
    elif scenario == "corpus":
        scenario_corpus(client, node, t)
    elif scenario == "kill":
        scenario_kill(client, node, nodes, t)
    else:
        raise SystemExit(f"unknown scenario {scenario}")
    # Process 0 serves the store: it must outlive the others' last use of it (in the kill
    # scenario, the survivors').
    dist.wait_at_barrier("done", 60000, list(range(nodes - 1)) if scenario == "kill" else None)


if __name__ == "__main__":
    main()
