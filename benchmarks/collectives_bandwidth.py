"""All-reduce bandwidth across processes: our jaxlib_cpu (MPI) against XLA's CPU backend with
gloo, both driven by real JAX on 127.0.0.1 (`nox -s bench_collectives`).

Each configuration starts P processes with one CPU device each; process i calls
jax.distributed.initialize and times a jitted shard_map psum of an f32 array of each size
(median of 5 to 50 calls after warm-up, the same count in every process). The table reports
algorithm bandwidth, bytes / time per all-reduce, in GB/s, and XLA's time over ours. Numbers,
not assertions: nothing here fails on a slow result, only on a wrong one (the first psum of
each size is checked).

    python benchmarks/collectives_bandwidth.py [--processes 2,4] [--sizes 1K,16K,256K,4M,64M] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import time

SIZES = "1K,16K,256K,4M,64M"


def parse_size(text: str) -> int:
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    text = text.strip().upper()
    return int(float(text[:-1]) * units[text[-1]]) if text[-1] in units else int(text)


def human(n: int) -> str:
    for unit, size in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            return f"{n / size:g} {unit}"
    return f"{n} B"


def worker(backend: str, port: int, node: int, nodes: int, sizes: list[int]) -> None:
    """One process: time psum over all processes for each size; process 0 prints the times."""
    os.environ["JAX_PLATFORMS"] = "jaxlib_cpu" if backend == "ours" else "cpu"
    import jax
    import numpy as np
    from jax import lax
    from jax.sharding import Mesh, NamedSharding
    from jax.sharding import PartitionSpec as P

    jax.config.update("jax_num_cpu_devices", 1)
    if backend == "xla_gloo":
        jax.config.update("jax_cpu_collectives_implementation", "gloo")
    jax.distributed.initialize(coordinator_address=f"127.0.0.1:{port}", num_processes=nodes, process_id=node,
                               initialization_timeout=120)
    mesh = Mesh(np.array(jax.devices()), ("x",))
    f = jax.jit(jax.shard_map(lambda a: lax.psum(a, "x"), mesh=mesh, in_specs=P("x"), out_specs=P("x")))
    times = {}
    for size in sizes:
        n = max(1, size // 4)
        local = np.full((n,), float(node + 1), dtype=np.float32)
        x = jax.make_array_from_process_local_data(NamedSharding(mesh, P("x")), local, (n * nodes,))
        out = f(x)
        got = np.asarray(out.addressable_shards[0].data)
        want = nodes * (nodes + 1) / 2
        bad = np.flatnonzero(got != want)
        if bad.size:
            print(f"{backend}: psum of {size} bytes on {nodes} processes: {bad.size} of {got.size} elements wrong, "
                  f"first at {bad[0]}: {got[bad[0]]}, expected {want}", file=sys.stderr, flush=True)
            os._exit(1)  # at once: the other processes then see this one gone instead of waiting
        f(x).block_until_ready()
        # The same number of calls in every process, fixed by the size: a count each process
        # chose by its own clock would leave one process in a psum the others never join
        # (MPI then matches the next size's psum against it).
        samples = []
        for _ in range(min(50, max(5, (256 << 20) // size))):
            t0 = time.perf_counter()
            f(x).block_until_ready()
            samples.append(time.perf_counter() - t0)
        times[size] = sorted(samples)[len(samples) // 2]
    if node == 0:
        print("TIMES " + json.dumps({str(k): v for k, v in times.items()}), flush=True)
    # Leave together, without jax.distributed.shutdown(): its shutdown barrier can hang on a
    # loaded machine (seen with both backends), and the numbers are already out.
    from jax._src import distributed

    distributed.global_state.client.wait_at_barrier("bench_done", 120_000)
    sys.stdout.flush()
    os._exit(0)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run_config(backend: str, nodes: int, sizes: list[int]) -> dict[int, float] | str:
    port = free_port()
    env = dict(os.environ, JAXLIB_CPU_THREADS="1")
    procs = [subprocess.Popen([sys.executable, __file__, "--worker", backend, str(port), str(i), str(nodes),
                               ",".join(str(s) for s in sizes)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env=env) for i in range(nodes)]
    outputs = []
    for p in procs:
        try:
            outputs.append(p.communicate(timeout=600))
        except subprocess.TimeoutExpired:
            p.kill()
            outputs.append(p.communicate())
    for line in outputs[0][0].splitlines():
        if line.startswith("TIMES "):
            return {int(k): v for k, v in json.loads(line[6:]).items()}
    return "failed: " + " | ".join(err.strip().splitlines()[-1] if err.strip() else f"exit {p.returncode}"
                                   for p, (_, err) in zip(procs, outputs, strict=True))


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        backend, port, node, nodes, sizes = sys.argv[2:7]
        worker(backend, int(port), int(node), int(nodes), [int(s) for s in sizes.split(",")])
        return 0
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--processes", default="2,4")
    ap.add_argument("--sizes", default=SIZES)
    ap.add_argument("--out", default=None, help="also write the results as JSON here")
    args = ap.parse_args()
    sizes = [parse_size(s) for s in args.sizes.split(",")]
    counts = [int(p) for p in args.processes.split(",")]
    results: dict[str, dict] = {}
    for nodes in counts:
        for backend in ("ours", "xla_gloo"):
            print(f"[bench_collectives] {backend}, {nodes} processes ...", flush=True)
            results[f"{backend}/{nodes}"] = run_config(backend, nodes, sizes)
    header = f"{'all_reduce f32':>14} |" + "".join(
        f" {'ours P=' + str(n):>11} | {'XLA gloo P=' + str(n):>13} | {'ours/XLA':>8} |" for n in counts)
    print()
    print("all_reduce bandwidth, GB/s (bytes per process / median time per psum; 1 CPU device per process, "
          "127.0.0.1, through real JAX)")
    print(header)
    print("-" * len(header))
    for size in sizes:
        row = f"{human(size):>14} |"
        for nodes in counts:
            ours, xla = results[f"ours/{nodes}"], results[f"xla_gloo/{nodes}"]
            cells = []
            for r in (ours, xla):
                cells.append(f"{size / r[size] / 1e9:.3g}" if isinstance(r, dict) else "failed")
            ratio = (f"{xla[size] / ours[size]:.2f}x" if isinstance(ours, dict) and isinstance(xla, dict) else "-")
            row += f" {cells[0]:>11} | {cells[1]:>13} | {ratio:>8} |"
        print(row)
    for key, r in results.items():
        if not isinstance(r, dict):
            print(f"{key}: {r}")
    print("ours/XLA > 1 means ours is faster (XLA's time / ours).")
    if args.out:
        with open(args.out, "w") as f:
            json.dump({k: ({str(s): t for s, t in v.items()} if isinstance(v, dict) else v) for k, v in results.items()},
                      f, indent=1)
    return 0 if all(isinstance(r, dict) for r in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
