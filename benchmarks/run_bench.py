"""Times the benchmark suite (issue 5) on our `jaxlib-cpu` and on XLA's CPU PJRT plugin, side by side.

Runs with our `jaxlib` (stdlib + numpy only) through `jaxlib.xla_client`; XLA's plugin is
PyPI's `lammps-jax-pjrt-cpu` loaded by our host. Reports numbers and asserts nothing: a
benchmark is never a test (DESIGN.md §8). Usually started by `nox -s bench -- [options]`.

    python benchmarks/run_bench.py                 # full suite, table + build/bench/results.json
    python benchmarks/run_bench.py --quick         # smoke run: small sizes, few repetitions
    python benchmarks/run_bench.py --only matmul --only conv2d --out /tmp/r.json

How it measures (each program runs in child processes, so a crash costs one row):
- timing child: both clients in one process; compile `--compile-reps` times per backend,
  alternating; inputs drawn from the program's seed and copied to each device; two warm-up
  runs; outputs of ours and XLA's compared (tolerance from the program's JSON); then rounds
  of ~50 ms per backend, alternating (order flipped each round), each execute timed
  alone as `execute()` + `block_until_ready()` on every output, until each backend has
  >= min-runs runs and >= min-seconds of runs, or the per-program cap is reached.
- memory child, one per backend: only that backend loaded; the process's peak RSS (VmHWM)
  is reset through /proc/self/clear_refs before compile and before execute, and the
  reported figure is the peak above the RSS at the start of that phase.
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import math
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
PROGRAMS = HERE / "programs"
DEFAULT_OUT = REPO / "build" / "bench" / "results.json"
BACKENDS = ("ours", "xla")
XLA_PLUGIN_NAME = "xla_cpu_bench"
# The env vars that slow a current numpy/OpenBLAS here (.library env note): unset together,
# and only in the numpy reference child, never for the plugins.
OPENBLAS_ENV = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")

#: ours/XLA targets of issue 5 (lower is better); "broad" is issue 12's suite (each program <= 1.2,
#: geomean <= 0.8).
TARGETS = {"memory": 1.0, "matmul": 1.1, "loop": 1.0, "dispatch": 0.5, "compile": 0.05, "broad": 1.2}
#: Suites: the folder each reads its programs from.
SUITES = {"core": PROGRAMS, "broad": PROGRAMS / "broad"}
#: What `--isa avx2` sets in the children: both sides capped at AVX2 (ours' vector kernels and
#: JITs, XLA's LLVM code generation).
ISA_ENV = {"avx2": {"JAXLIB_CPU_ISA": "avx2", "XLA_FLAGS": "--xla_cpu_max_isa=AVX2"}}
#: Why 64 and not 32 FLOP/cycle: with one 512-bit FMA per cycle (16 lanes x 2 = 32) the peak
#: here would be 2.1 GHz x 2 x 32 = 134 GFLOP/s, yet 12 independent vfmadd chains on ONE core
#: ran at ~152 GFLOP/s and XLA's conv2d beat 134 on two: these cores issue two FMAs per cycle
#: (and may turbo above the nominal clock, so even this peak can be exceeded slightly).
PEAK_NOTE = ("one 512-bit FMA = 16 f32 lanes x 2 FLOP; these cores issue 2 per cycle (a one-core vfmadd loop measured "
             "~152 GFLOP/s > 2.1 GHz x 32); the clock is the nominal one, turbo may exceed it")
#: The program whose compile time is issue 5's compile-time row.
COMPILE_ROW = "mlp_value_and_grad"


# ============================================================================ shared helpers


def load_programs(folder: Path, only: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Every `<name>.json` in `folder` (with its `.mlir` text path), in suite order."""
    metas = []
    for path in folder.glob("*.json"):
        meta = json.loads(path.read_text())
        if only and meta["name"] not in only:
            continue
        meta["mlir_path"] = str(path.with_suffix(".mlir"))
        metas.append(meta)
    if only:
        missing = set(only) - {m["name"] for m in metas}
        if missing:
            raise SystemExit(f"no such program(s) in {folder}: {', '.join(sorted(missing))}")
    return sorted(metas, key=lambda m: m["order"])


def make_inputs(meta: dict[str, Any]) -> list[np.ndarray]:
    """The program's inputs, drawn from its seed (input i from `default_rng([seed, i])`)."""
    out = []
    for i, spec in enumerate(meta["inputs"]):
        rng = np.random.default_rng([meta["seed"], i])
        shape, dtype = tuple(spec["shape"]), np.dtype(spec["dtype"])
        if spec["init"] == "normal":
            a = np.asarray(rng.standard_normal(shape, dtype=np.float32))
            a = (a * np.float32(spec["scale"]) + np.float32(spec["loc"])).astype(dtype, copy=False)
        elif spec["init"] == "randint":
            a = rng.integers(spec["low"], spec["high"], size=shape, dtype=dtype)
        elif spec["init"] == "uniform":
            a = rng.uniform(spec["low"], spec["high"], size=shape).astype(dtype)
        else:
            raise ValueError(f"{meta['name']}: unknown init {spec['init']!r}")
        out.append(np.array(a, dtype=dtype, order="C"))  # (ascontiguousarray makes 0-d 1-d)
    return out


def xla_gpu_plugin_path(device: str) -> Path:
    """XLA's own CUDA PJRT plugin (PyPI's `jax-cuda<MAJOR>-pjrt`, package `jax_plugins.xla_cuda<MAJOR>`)."""
    import importlib.util

    package = f"jax_plugins.xla_{device}"
    try:
        spec = importlib.util.find_spec(package)
    except ModuleNotFoundError:  # (no jax_plugins namespace at all)
        spec = None
    libs = sorted(p for d in (spec.submodule_search_locations or []) for p in Path(d).glob("*.so")) if spec else []
    if not libs:
        raise RuntimeError(f"XLA's {device} plugin is not installed (pip install jax-{device}-pjrt: package {package})")
    return libs[0]


def make_client(backend: str, device: str = "cpu") -> Any:
    """A `jaxlib.xla_client.Client` on our plugin ("ours") or on XLA's ("xla"), for `device`
    ("cpu", or "cuda12"/"cuda13": our jaxlib-cuda<MAJOR> against XLA's CUDA plugin)."""
    from jaxlib import plugin_support, xla_client

    if device != "cpu":
        if backend == "ours":
            return xla_client.make_gpu_client(platform_name="cuda")
        name = f"xla_{device}_bench"
        if not plugin_support.pjrt_plugin_loaded(name):
            plugin_support.load_pjrt_plugin_dynamically(name, str(xla_gpu_plugin_path(device)))
        return xla_client.make_c_api_client(name)
    if backend == "ours":
        return xla_client.make_cpu_client()
    import lammps_jax_pjrt_cpu

    if not plugin_support.pjrt_plugin_loaded(XLA_PLUGIN_NAME):
        plugin_support.load_pjrt_plugin_dynamically(XLA_PLUGIN_NAME, str(lammps_jax_pjrt_cpu.PLUGIN_PATH))
    return xla_client.make_c_api_client(XLA_PLUGIN_NAME)


def _err(e: BaseException) -> str:
    return f"{type(e).__name__}: {e}".strip()[:600]


def _proc_status_kib(field: str) -> int | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return None


def _reset_peak_rss() -> bool:
    """Resets VmHWM to the current RSS (Linux >= 4.0); False where not permitted."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
        return True
    except OSError:
        return False


# ============================================================================ child: timing


def _execute_once(exe: Any, args: list[Any]) -> float:
    t0 = time.perf_counter()
    outs = exe.execute(args)
    for o in outs:
        o.block_until_ready()
    dt = time.perf_counter() - t0
    del outs  # freed outside the timed region, before the next run
    return dt


def compare_outputs(ours: list[np.ndarray], ref: list[np.ndarray], tol: dict[str, float]) -> dict[str, Any]:
    """Elementwise |ours - ref| <= atol*max|ref| + rtol*|ref| per output; integers exactly."""
    if len(ours) != len(ref):
        return {"ok": False, "detail": f"{len(ours)} outputs vs XLA's {len(ref)}"}
    worst, max_abs = 0.0, 0.0
    for k, (o, r) in enumerate(zip(ours, ref, strict=True)):
        if o.shape != r.shape or o.dtype != r.dtype:
            return {"ok": False, "detail": f"output {k}: {o.dtype}{list(o.shape)} vs XLA's {r.dtype}{list(r.shape)}"}
        if o.dtype.kind == "c":  # complex: real and imaginary parts as one float array
            o, r = np.stack([o.real, o.imag], -1), np.stack([r.real, r.imag], -1)
        if o.dtype.kind in "biu":
            bad = int(np.count_nonzero(o != r))
            if bad:
                return {"ok": False, "detail": f"output {k}: {bad} integer element(s) differ"}
            continue
        o64, r64 = o.astype(np.float64), r.astype(np.float64)
        if not np.array_equal(np.isfinite(o64), np.isfinite(r64)):
            return {"ok": False, "detail": f"output {k}: non-finite values at different places"}
        fin = np.isfinite(r64)
        if not np.array_equal(o64[~fin], r64[~fin], equal_nan=True):
            return {"ok": False, "detail": f"output {k}: different inf/nan values"}
        o64, r64 = o64[fin], r64[fin]
        if o64.size == 0:
            continue
        scale = float(np.max(np.abs(r64)))
        err = np.abs(o64 - r64)
        bound = tol["atol"] * scale + tol["rtol"] * np.abs(r64)
        max_abs = max(max_abs, float(err.max()))
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = np.where(bound > 0, err / bound, np.where(err > 0, np.inf, 0.0))
        worst = max(worst, float(ratio.max()))
        if worst > 1.0:
            i = int(np.argmax(ratio))
            return {"ok": False, "max_abs_err": max_abs, "worst_err_over_tol": worst,
                    "detail": f"output {k}: {o64[i]:.7g} vs XLA's {r64[i]:.7g} (err {err[i]:.3g} > tol {bound[i]:.3g})"}
    return {"ok": True, "max_abs_err": max_abs, "worst_err_over_tol": worst, "detail": ""}


def child_time(meta: dict[str, Any], backends: Sequence[str], opts: dict[str, Any]) -> dict[str, Any]:
    """Compile and execute timings of one program on `backends`, alternating; see module doc."""
    text = Path(meta["mlir_path"]).read_text()
    res: dict[str, Any] = {b: {"error": None} for b in backends}
    clients: dict[str, Any] = {}
    for b in backends:
        try:
            clients[b] = make_client(b, opts.get("device", "cpu"))
            res[b]["platform_version"] = clients[b].platform_version
        except Exception as e:  # noqa: BLE001 - reported in the row
            res[b]["error"] = "client: " + _err(e)
    live = [b for b in backends if b in clients]

    def order(r: int) -> list[str]:
        return live if r % 2 == 0 else live[::-1]

    # The program as text (what jax prints) and as the portable artifact (what jax sends a
    # plugin), compiled in alternation; the executable kept is the text one's.
    bytecode_path = Path(meta["mlir_path"][:-5] + ".mlirbc")
    forms = [("compile_s", text)]
    if bytecode_path.exists():
        forms.append(("compile_bc_s", bytecode_path.read_bytes()))
    exes: dict[str, Any] = {}
    for r in range(opts["compile_reps"]):
        for key, program in forms:
            for b in order(r):
                if res[b]["error"]:
                    continue
                c = clients[b]
                try:
                    t0 = time.perf_counter()
                    exe = c.compile_and_load(program, c.local_devices()[:1])
                    res[b].setdefault(key, []).append(time.perf_counter() - t0)
                except Exception as e:  # noqa: BLE001
                    res[b]["error"] = f"compile ({key}): " + _err(e)
                    continue
                if key != "compile_s":
                    exe.delete()
                    continue
                if b in exes:
                    exes[b].delete()
                exes[b] = exe
                gc.collect()
    live = [b for b in live if not res[b]["error"]]

    host = make_inputs(meta)
    from jaxlib import xla_client

    args: dict[str, list[Any]] = {}
    outputs: dict[str, list[np.ndarray]] = {}
    for b in live:
        c = clients[b]
        try:
            dev = c.local_devices()[0]
            args[b] = [c.buffer_from_pyval(x, dev, host_buffer_semantics=xla_client.HostBufferSemantics.IMMUTABLE_ONLY_DURING_CALL)
                       for x in host]
            for a in args[b]:
                a.block_until_ready()
            outs = exes[b].execute(args[b])
            outputs[b] = [np.asarray(o) for o in outs]
            del outs
            warm = [_execute_once(exes[b], args[b]) for _ in range(2)]
            res[b]["first_run_s"] = warm[0]
            res[b]["estimate_s"] = min(warm)
        except Exception as e:  # noqa: BLE001
            res[b]["error"] = "execute: " + _err(e)
    del host
    live = [b for b in live if not res[b]["error"]]

    if "ours" in outputs and "xla" in outputs:
        try:
            res["check"] = compare_outputs(outputs["ours"], outputs["xla"], meta["tolerance"])
        except Exception as e:  # noqa: BLE001
            res["check"] = {"ok": False, "detail": "comparison failed: " + _err(e)}
    else:
        res["check"] = None
    outputs.clear()

    # Memory-bound programs also time numpy copying the same bytes (read + write), in the same
    # rounds, so the GB/s reference sees the same machine load as the backends do.
    runners: dict[str, Callable[[], float]] = {}
    for b in live:
        runners[b] = functools.partial(_execute_once, exes[b], args[b])
    if meta["category"] == "memory" and meta.get("bytes_moved") and live:
        src = np.ones(max(1, meta["bytes_moved"] // 8), np.float32)
        dst = np.empty_like(src)

        def copy_once() -> float:
            t0 = time.perf_counter()
            np.copyto(dst, src)
            return time.perf_counter() - t0

        copy_once()
        res["numpy_copy"] = {"error": None, "bytes_moved": 2 * src.nbytes, "estimate_s": min(copy_once() for _ in range(3))}
        runners["numpy_copy"] = copy_once
    if meta["category"] == "dispatch":
        # The same execute one layer down (the extension's handles, no xla_client wrapper):
        # splits dispatch latency into Python API overhead and binding + plugin time.
        for b in live:
            handles = [[a._handle for a in args[b]]]

            def raw_once(exe: Any = exes[b]._handle, handles: list[list[Any]] = handles) -> float:
                t0 = time.perf_counter()
                outs = exe.execute(handles)
                for o in outs[0]:
                    o.block_until_ready()
                dt = time.perf_counter() - t0
                del outs
                return dt

            res[f"{b}_handle"] = {"error": None, "estimate_s": min(raw_once() for _ in range(3))}
            runners[f"{b}_handle"] = raw_once
    lanes = list(runners)
    chunk = {b: max(1, min(5000, int(opts["chunk_seconds"] / max(res[b]["estimate_s"], 1e-7)))) for b in lanes}
    samples: dict[str, list[float]] = {b: [] for b in lanes}
    start, capped, r = time.perf_counter(), False, 0
    while lanes:
        for b in (lanes if r % 2 == 0 else lanes[::-1]):
            if res[b]["error"]:
                continue
            try:
                samples[b].extend(runners[b]() for _ in range(chunk[b]))
            except Exception as e:  # noqa: BLE001
                res[b]["error"] = "execute: " + _err(e)
        r += 1
        active = [b for b in lanes if not res[b]["error"]]
        if all(len(samples[b]) >= opts["min_runs"] and sum(samples[b]) >= opts["min_seconds"] for b in active):
            break
        if time.perf_counter() - start > opts["cap_seconds"]:
            capped = True
            break
    for b, s in samples.items():
        if not s:
            continue
        s_sorted = sorted(s)
        res[b].update(runs=len(s), total_s=sum(s), median_s=statistics.median(s), min_s=s_sorted[0],
                      p10_s=s_sorted[len(s) // 10], p90_s=s_sorted[(9 * len(s)) // 10], capped=capped,
                      rounds=r, chunk=chunk[b])
    if res.get("numpy_copy", {}).get("median_s"):
        nc = res["numpy_copy"]
        nc["gbps"] = nc["bytes_moved"] / nc["median_s"] / 1e9
    for b in list(exes):
        exes[b].delete()
    for c in clients.values():
        c.close()
    return res


# ============================================================================ child: memory


def child_memory(meta: dict[str, Any], backend: str) -> dict[str, Any]:
    """Peak RSS above the phase's starting RSS for compile and for 3 executes, one backend alone."""
    from jaxlib import xla_client

    out: dict[str, Any] = {"error": None}
    client = make_client(backend)
    dev = client.local_devices()[0]
    host = make_inputs(meta)
    args = [client.buffer_from_pyval(x, dev, host_buffer_semantics=xla_client.HostBufferSemantics.IMMUTABLE_ONLY_DURING_CALL)
            for x in host]
    for a in args:
        a.block_until_ready()
    del host
    gc.collect()
    out["hwm_reset"] = _reset_peak_rss()
    base = _proc_status_kib("VmRSS")
    out["rss_before_compile_kib"] = base
    try:
        exe = client.compile_and_load(Path(meta["mlir_path"]).read_text(), [dev])
    except Exception as e:  # noqa: BLE001
        out["error"] = "compile: " + _err(e)
        return out
    hwm = _proc_status_kib("VmHWM")
    if out["hwm_reset"] and base is not None and hwm is not None:
        out["compile_peak_kib"] = hwm - base
    gc.collect()
    _reset_peak_rss()
    base = _proc_status_kib("VmRSS")
    out["rss_before_execute_kib"] = base
    try:
        for _ in range(3):
            outs = exe.execute(args)
            for o in outs:
                o.block_until_ready()
            del outs
    except Exception as e:  # noqa: BLE001
        out["error"] = "execute: " + _err(e)
        return out
    hwm = _proc_status_kib("VmHWM")
    if out["hwm_reset"] and base is not None and hwm is not None:
        out["execute_peak_kib"] = hwm - base
    out["ru_maxrss_kib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return out


# ============================================================================ child: numpy


def _adaptive_median(fn: Callable[[], object], min_runs: int, min_seconds: float) -> float:
    fn()
    s: list[float] = []
    while len(s) < min_runs or sum(s) < min_seconds:
        t0 = time.perf_counter()
        fn()
        s.append(time.perf_counter() - t0)
        if len(s) > 100_000:
            break
    return statistics.median(s)


def child_numpy(opts: dict[str, Any]) -> dict[str, Any]:
    """numpy's SGEMM speed and BLAS kernel, run with the OPENBLAS env vars unset (a reference)."""
    out: dict[str, Any] = {"env": {k: os.environ.get(k) for k in OPENBLAS_ENV}}
    m = 512 if opts["quick"] else 1024
    a = np.random.default_rng(0).standard_normal((m, m), dtype=np.float32)
    t = _adaptive_median(lambda: a @ a, opts["min_runs"], max(0.5, opts["min_seconds"]))
    out["sgemm"] = {"n": m, "gflops": 2 * m**3 / t / 1e9}
    try:
        import threadpoolctl

        out["blas"] = [{k: i.get(k) for k in ("internal_api", "version", "architecture", "num_threads")}
                       for i in threadpoolctl.threadpool_info()]
    except ImportError:
        out["blas"] = "threadpoolctl not installed"
    return out


# ============================================================================ parent


def machine_info(flops_per_cycle: int) -> dict[str, Any]:
    """CPU model, frequency and the f32 peak: GHz x cores x FLOP/cycle."""
    fields: dict[str, str] = {}
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True, check=False).stdout.splitlines():
            k, _, v = line.partition(":")
            fields[k.strip()] = v.strip()
    except OSError:
        pass
    mhz, source = None, None
    for key in ("CPU max MHz", "CPU MHz"):
        if fields.get(key):
            mhz, source = float(fields[key]), f"lscpu '{key}'"
            break
    if mhz is None:
        try:
            for line in Path("/proc/cpuinfo").read_text().splitlines():
                if line.startswith("cpu MHz"):
                    mhz, source = float(line.split(":")[1]), "/proc/cpuinfo 'cpu MHz' (lscpu shows no MHz)"
                    break
        except OSError:
            pass
    if mhz is None and fields.get("BogoMIPS"):
        mhz, source = float(fields["BogoMIPS"]) / 2, "lscpu BogoMIPS / 2"
    cores = os.cpu_count() or 1
    ghz = (mhz or 0.0) / 1000
    return {
        "cpu": fields.get("Model name", platform.processor()),
        "cores": cores,
        "ghz": ghz,
        "ghz_source": source,
        "flops_per_cycle_per_core": flops_per_cycle,
        "peak_gflops": ghz * cores * flops_per_cycle,
        "peak_formula": f"{ghz:.2f} GHz ({source}) x {cores} cores x {flops_per_cycle} f32 FLOP/cycle/core",
        "peak_note": PEAK_NOTE,
        "python": sys.version.split()[0],
        "env": {k: os.environ.get(k) for k in (*OPENBLAS_ENV, "OMP_NUM_THREADS", "XLA_FLAGS")},
    }


def versions() -> dict[str, str | None]:
    """Versions of what is being compared."""
    import importlib.metadata as md

    out: dict[str, str | None] = {}
    for dist in ("jaxlib", "jaxlib-cpu", "lammps-jax-pjrt-cpu", "numpy"):
        try:
            out[dist] = md.version(dist)
        except md.PackageNotFoundError:
            out[dist] = None
    return out


def run_child(argv: list[str], timeout: float, env: dict[str, str] | None = None) -> tuple[Any, str | None]:
    """Runs this script as a child; (its JSON result, None) or (None, why it failed)."""
    with tempfile.TemporaryDirectory() as tmp:
        result = Path(tmp) / "result.json"
        cmd = [sys.executable, str(Path(__file__).resolve()), *argv, "--result", str(result)]
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env, check=False)
        except subprocess.TimeoutExpired:
            return None, f"timed out after {timeout:.0f} s"
        if p.returncode != 0 or not result.exists():
            how = f"signal {-p.returncode}" if p.returncode < 0 else f"exit {p.returncode}"
            tail = " | ".join(p.stderr.strip().splitlines()[-4:])
            return None, f"child died ({how}): {tail}"[:800]
        return json.loads(result.read_text()), None


def _rate(meta: dict[str, Any], t: float | None, machine: dict[str, Any], copy_ref: dict[str, Any] | None) -> dict[str, Any] | None:
    if not t:
        return None
    if meta["category"] == "matmul" and meta.get("flops"):
        g = meta["flops"] / t / 1e9
        return {"gflops": g, "pct_peak": 100 * g / machine["peak_gflops"] if machine["peak_gflops"] else None}
    if meta["category"] == "memory" and meta.get("bytes_moved"):
        gbps = meta["bytes_moved"] / t / 1e9
        ref = (copy_ref or {}).get("gbps")
        return {"gbps": gbps, "pct_numpy_copy": 100 * gbps / ref if ref else None}
    if meta["category"] == "loop" and meta.get("iterations"):
        return {"ns_per_iteration": t / meta["iterations"] * 1e9}
    if meta["category"] == "dispatch":
        return {"us_per_execute": t * 1e6}
    return None


def _verdict(ratio: float | None, target: float, check: dict[str, Any] | None, error: str | None) -> str:
    if error:
        return "ERROR"
    if check is not None and not check.get("ok"):
        return "WRONG"
    if ratio is None:
        return "n/a"
    return "met" if ratio <= target else "NOT MET"


def bench_program(meta: dict[str, Any], opts: dict[str, Any], machine: dict[str, Any]) -> dict[str, Any]:
    """One row: timing child (both backends), memory children (one per backend, alternating)."""
    base = ["--worker", "time", "--program", meta["mlir_path"][:-5] + ".json", "--opts", json.dumps(opts)]
    # numpy never calls BLAS in these children; an idle OpenBLAS pool would still spin on the cores.
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", **opts.get("child_env", {})}
    if "XLA_FLAGS" in opts.get("child_env", {}) and os.environ.get("XLA_FLAGS"):
        env["XLA_FLAGS"] = os.environ["XLA_FLAGS"] + " " + opts["child_env"]["XLA_FLAGS"]
    timing, why = run_child([*base, "--backends", *BACKENDS], opts["child_timeout"], env=env)
    if timing is None:
        # A crash takes both backends down: retry XLA alone so the row keeps its anchor.
        xla_only, why_xla = run_child([*base, "--backends", "xla"], opts["child_timeout"], env=env)
        timing = {"ours": {"error": why}, "xla": xla_only["xla"] if xla_only else {"error": why_xla}, "check": None}
    row: dict[str, Any] = {k: meta[k] for k in ("name", "category", "description", "size", "flops", "bytes_moved", "iterations")}
    row["ours"], row["xla"], row["check"] = timing["ours"], timing["xla"], timing.get("check")
    row["numpy_copy"] = timing.get("numpy_copy")
    if meta["category"] == "dispatch":
        row["handle_level"] = {b: timing[f"{b}_handle"]["median_s"] * 1e6 for b in BACKENDS
                               if timing.get(f"{b}_handle", {}).get("median_s")}
    if not opts["no_memory"]:
        for b in (BACKENDS if meta["order"] % 2 == 0 else BACKENDS[::-1]):
            mem, why = run_child(["--worker", "memory", "--program", meta["mlir_path"][:-5] + ".json", "--backends", b],
                                 opts["child_timeout"], env=env)
            row[b]["memory"] = mem if mem is not None else {"error": why}
    o, x = row["ours"].get("median_s"), row["xla"].get("median_s")
    row["ratio"] = o / x if o and x else None
    row["target"] = TARGETS[meta["category"]]
    row["verdict"] = _verdict(row["ratio"], row["target"], row["check"], row["ours"].get("error"))
    for b in BACKENDS:
        row[b]["rate"] = _rate(meta, row[b].get("median_s"), machine, row["numpy_copy"])
    def med(xs: list[float] | None) -> float | None:
        return statistics.median(xs) if xs else None

    oc, xc = row["ours"].get("compile_s"), row["xla"].get("compile_s")
    obc, xbc = row["ours"].get("compile_bc_s"), row["xla"].get("compile_bc_s")
    row["compile"] = {"ours_median_s": med(oc), "xla_median_s": med(xc),
                      "ours_bytecode_median_s": med(obc), "xla_bytecode_median_s": med(xbc)}
    c = row["compile"]
    c["ratio"] = c["ours_median_s"] / c["xla_median_s"] if c["ours_median_s"] and c["xla_median_s"] else None
    c["bytecode_ratio"] = (c["ours_bytecode_median_s"] / c["xla_bytecode_median_s"]
                           if c["ours_bytecode_median_s"] and c["xla_bytecode_median_s"] else None)
    # The verdict is on what JAX sends (bytecode) whenever the program has an artifact.
    judged = c["bytecode_ratio"] if obc else c["ratio"]
    c["verdict"] = _verdict(judged, TARGETS["compile"], None, None if oc else row["ours"].get("error") or "no compile")
    return row


# ---------------------------------------------------------------------------- report


def _fmt_time(t: float | None) -> str:
    if t is None:
        return "-"
    if t < 1e-3:
        return f"{t * 1e6:.1f}us"
    return f"{t * 1e3:.3f}" if t < 1 else f"{t * 1e3:.0f}"


def _fmt_rate(rate: dict[str, Any] | None) -> str:
    if not rate:
        return "-"
    if "gflops" in rate:
        return f"{rate['gflops']:.1f} GF/s {rate['pct_peak']:.0f}%pk" if rate.get("pct_peak") is not None else f"{rate['gflops']:.1f} GF/s"
    if "gbps" in rate:
        pct = rate.get("pct_numpy_copy")
        return f"{rate['gbps']:.1f} GB/s {pct:.0f}%np" if pct is not None else f"{rate['gbps']:.1f} GB/s"
    if "ns_per_iteration" in rate:
        return f"{rate['ns_per_iteration']:.1f} ns/it"
    return f"{rate['us_per_execute']:.2f} us/ex"


def _fmt_mib(mem: dict[str, Any] | None, key: str) -> str:
    if not mem or mem.get(key) is None:
        return "-" if not mem or not mem.get("error") else "err"
    mib = mem[key] / 1024
    return f"{mib:.1f}" if abs(mib) < 10 else f"{mib:.0f}"


def render_table(report: dict[str, Any]) -> str:
    """The human-readable report: execute table, compile/memory table, notes."""
    rows = report["programs"]
    lines = []
    m = report["machine"]
    lines.append(f"jaxlib-cpu {report['versions'].get('jaxlib-cpu')} vs XLA ({report['versions'].get('lammps-jax-pjrt-cpu')} "
                 f"lammps-jax-pjrt-cpu) on {m['cpu']}, {m['cores']} cores; mode: {report['mode']}")
    lines.append(f"peak f32 = {m['peak_formula']} = {m['peak_gflops']:.1f} GFLOP/s")
    lines.append("")
    hdr = (f"{'program':20s} {'cat':8s} {'ours ms':>9s} {'XLA ms':>9s} {'ours/XLA':>8s} {'target':>6s} {'verdict':8s} "
           f"{'ours rate':>20s} {'XLA rate':>20s}  check")
    lines += [hdr, "-" * len(hdr)]
    for r in rows:
        o, x = r["ours"], r["xla"]
        if r["check"] is None:
            chk = "not compared"
        elif r["check"]["ok"]:
            chk = f"ok (err/tol {r['check'].get('worst_err_over_tol', 0):.2g})"
        else:
            chk = "!!! MISMATCH: " + r["check"]["detail"]
        ratio = f"{r['ratio']:.2f}" if r["ratio"] is not None else "-"
        lines.append(f"{r['name']:20s} {r['category']:8s} {_fmt_time(o.get('median_s')):>9s} {_fmt_time(x.get('median_s')):>9s} "
                     f"{ratio:>8s} {'<=' + format(r['target'], '.2f'):>6s} {r['verdict']:8s} {_fmt_rate(o.get('rate')):>20s} "
                     f"{_fmt_rate(x.get('rate')):>20s}  {chk}")
        for b in BACKENDS:
            if r[b].get("error"):
                lines.append(f"{'':20s} !!! {b} error: {r[b]['error']}")
            elif r[b].get("capped"):
                lines.append(f"{'':20s} ({b}: capped at {r[b]['runs']} runs)")
    lines.append("")
    hdr = (f"{'compile (median)':20s} {'text: ours ms':>13s} {'XLA ms':>9s} {'ratio':>6s} "
           f"{'bytecode: ours ms':>17s} {'XLA ms':>9s} {'ratio':>6s} {'verdict':8s}  "
           f"{'peak RSS MiB above phase start: compile ours/XLA, execute ours/XLA'}")
    lines += [hdr, "-" * len(hdr)]
    for r in rows:
        c = r["compile"]
        ratio = f"{c['ratio']:.3f}" if c["ratio"] is not None else "-"
        bc_ratio = f"{c['bytecode_ratio']:.3f}" if c.get("bytecode_ratio") is not None else "-"
        om, xm = r["ours"].get("memory"), r["xla"].get("memory")
        mem = (f"{_fmt_mib(om, 'compile_peak_kib'):>6s} / {_fmt_mib(xm, 'compile_peak_kib'):<6s}"
               f"{_fmt_mib(om, 'execute_peak_kib'):>8s} / {_fmt_mib(xm, 'execute_peak_kib'):<6s}")
        lines.append(f"{r['name']:20s} {_fmt_time(c['ours_median_s']):>13s} {_fmt_time(c['xla_median_s']):>9s} {ratio:>6s} "
                     f"{_fmt_time(c.get('ours_bytecode_median_s')):>17s} {_fmt_time(c.get('xla_bytecode_median_s')):>9s} "
                     f"{bc_ratio:>6s} {c['verdict']:8s}  {mem}")
    s = report["summary"]
    lines.append("")
    if s.get("compile_row"):
        cr = s["compile_row"]
        lines.append(f"compile time of {COMPILE_ROW} from {cr['form']} (target <= {TARGETS['compile']}): ours {_fmt_time(cr['ours_s'])} ms, "
                     f"XLA {_fmt_time(cr['xla_s'])} ms, ratio {cr['ratio']:.3f} -> {cr['verdict']}"
                     if cr.get("ratio") is not None else f"compile time of {COMPILE_ROW}: n/a")
    if s.get("dispatch_us"):
        d = s["dispatch_us"]
        lines.append(f"dispatch latency (scalar_add execute + block): ours {d['ours']:.2f} us, XLA {d['xla']:.2f} us"
                     if d.get("ours") and d.get("xla") else f"dispatch latency: {d}")
        h = s.get("dispatch_handle_us") or {}
        if h.get("ours") and h.get("xla"):
            lines.append(f"  of which below xla_client (extension handles + plugin): ours {h['ours']:.2f} us, "
                         f"XLA {h['xla']:.2f} us (ratio {h['ours'] / h['xla']:.2f})")
    lines.append(f"geomean ours/XLA: execute {s['geomean_execute_ratio']}, compile {s['geomean_compile_ratio']} "
                 f"(bytecode {s.get('geomean_bytecode_compile_ratio')}); "
                 f"targets met: {s['met']}/{s['rows']}; mismatches: {s['mismatches']}; errors: {s['errors']}")
    if s.get("above_target"):
        lines.append(f"above their target: {', '.join(s['above_target'])}")
    if "loadavg_start" in report:
        lines.append(f"machine load (1/5/15-min averages): start {report['loadavg_start']}, end {report.get('loadavg_end')}")
    if "lapack_library" in report:
        lines.append(f"jaxlib-cpu BLAS/LAPACK: {report['lapack_library'] or 'NONE: built-in GEMM fallback (install is incomplete)'}")
    np_ref = report.get("numpy_reference")
    if np_ref and "sgemm" in np_ref:
        lines.append(f"numpy reference (OPENBLAS_CORETYPE/L2_SIZE unset): SGEMM {np_ref['sgemm']['n']}^3 "
                     f"{np_ref['sgemm']['gflops']:.1f} GFLOP/s; BLAS {np_ref.get('blas')}")
    lines.append("notes: times are medians of individually timed execute()+block_until_ready() calls; '%pk' = % of the peak "
                 "above; '%np' = GB/s (input+output bytes / time) as % of numpy's single-threaded np.copyto moving the same "
                 "bytes, timed in the same alternating rounds; RSS = process VmHWM above the phase's starting VmRSS (host allocator and caches included).")
    return "\n".join(lines)


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Counts, geomeans, the compile-time row and dispatch latency."""
    def geo(xs: list[float]) -> float | None:
        xs = [x for x in xs if x]
        return round(math.exp(sum(math.log(x) for x in xs) / len(xs)), 3) if xs else None

    out: dict[str, Any] = {
        "rows": len(rows),
        "met": sum(r["verdict"] == "met" for r in rows),
        "mismatches": [r["name"] for r in rows if r["verdict"] == "WRONG"],
        "errors": [r["name"] for r in rows if r["verdict"] == "ERROR"],
        "geomean_execute_ratio": geo([r["ratio"] for r in rows if r["verdict"] in ("met", "NOT MET")]),
        "geomean_compile_ratio": geo([r["compile"]["ratio"] for r in rows]),
        "geomean_bytecode_compile_ratio": geo([r["compile"].get("bytecode_ratio") for r in rows]),
        "above_target": [f"{r['name']} {r['ratio']:.2f}" for r in rows if r["verdict"] == "NOT MET"],
    }
    for r in rows:
        if r["name"] == COMPILE_ROW:
            c = r["compile"]
            bc = c.get("bytecode_ratio") is not None
            out["compile_row"] = {"form": "bytecode" if bc else "text",
                                  "ours_s": c["ours_bytecode_median_s"] if bc else c["ours_median_s"],
                                  "xla_s": c["xla_bytecode_median_s"] if bc else c["xla_median_s"],
                                  "ratio": c["bytecode_ratio"] if bc else c["ratio"],
                                  "target": TARGETS["compile"], "verdict": c["verdict"]}
        if r["category"] == "dispatch":
            out["dispatch_us"] = {b: r[b]["median_s"] * 1e6 if r[b].get("median_s") else None for b in BACKENDS}
            out["dispatch_handle_us"] = {b: (r.get("handle_level") or {}).get(b) for b in BACKENDS}
    return out


def main(argv: list[str] | None = None) -> int:
    """Parent: runs every program, prints the table, writes the JSON. Children: --worker."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="smoke run: programs/quick/ sizes, few repetitions")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="results JSON (default: %(default)s)")
    ap.add_argument("--only", action="append", default=[], metavar="NAME", help="run only this program (repeatable)")
    ap.add_argument("--programs", type=Path, default=None, help="program folder (default: benchmarks/programs[/quick])")
    ap.add_argument("--min-runs", type=int, default=None, help="runs per backend at least (default 5; quick 3)")
    ap.add_argument("--min-seconds", type=float, default=None, help="seconds of runs per backend at least (default 0.5)")
    ap.add_argument("--cap-seconds", type=float, default=None, help="timing-loop cap per program (default 60; quick 5)")
    ap.add_argument("--compile-reps", type=int, default=None, help="compiles per backend (default 5; quick 1)")
    ap.add_argument("--flops-per-cycle", type=int, default=64,
                    help="f32 FLOP/cycle/core for the peak (default 64: two 512-bit FMA ports, see PEAK_NOTE)")
    ap.add_argument("--no-memory", action="store_true", help="skip the peak-RSS children")
    ap.add_argument("--suite", choices=tuple(SUITES), default="core",
                    help="core: issue 5's 11 programs (default); broad: issue 12's suite of every op family")
    ap.add_argument("--isa", choices=("native", *ISA_ENV), default="native",
                    help="cap both backends' vector ISA in the children (avx2: JAXLIB_CPU_ISA=avx2 and "
                         "XLA_FLAGS=--xla_cpu_max_isa=AVX2)")
    ap.add_argument("--device", choices=("cpu", "cuda12", "cuda13"), default="cpu",
                    help="cuda12/cuda13: our jaxlib-cuda<MAJOR> against XLA's CUDA plugin (jax-cuda<MAJOR>-pjrt) "
                         "on this machine's first GPU, instead of the CPU plugins")
    # Child modes (internal).
    ap.add_argument("--worker", choices=("time", "memory", "numpy"), help=argparse.SUPPRESS)
    ap.add_argument("--program", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--backends", nargs="+", default=list(BACKENDS), help=argparse.SUPPRESS)
    ap.add_argument("--opts", default="{}", help=argparse.SUPPRESS)
    ap.add_argument("--result", type=Path, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)

    if a.worker:
        if a.worker == "numpy":
            result = child_numpy(json.loads(a.opts))
        else:
            meta = json.loads(a.program.read_text())
            meta["mlir_path"] = str(a.program.with_suffix(".mlir"))
            result = (child_time(meta, a.backends, json.loads(a.opts)) if a.worker == "time"
                      else child_memory(meta, a.backends[0]))
        a.result.write_text(json.dumps(result))
        return 0

    quick = a.quick
    opts = {
        "quick": quick,
        "min_runs": a.min_runs or (3 if quick else 5),
        "min_seconds": a.min_seconds if a.min_seconds is not None else (0.05 if quick else 0.5),
        "cap_seconds": a.cap_seconds or (5.0 if quick else 60.0),
        "compile_reps": a.compile_reps or (1 if quick else 5),
        "chunk_seconds": 0.02 if quick else 0.05,
        "no_memory": a.no_memory or a.device != "cpu",  # (host RSS says nothing about GPU memory)
        "suite": a.suite,
        "isa": a.isa,
        "child_env": ISA_ENV.get(a.isa, {}),
        "device": a.device,
    }
    opts["child_timeout"] = 120.0 if quick else 900.0
    folder = a.programs or (SUITES[a.suite] / "quick" if quick else SUITES[a.suite])
    metas = load_programs(folder, a.only)
    if not metas:
        raise SystemExit(f"no programs in {folder}")
    machine = machine_info(a.flops_per_cycle)
    report: dict[str, Any] = {"mode": ("quick (small sizes, few runs: not comparable to full)" if quick else "full")
                              + f", suite {a.suite}, isa {a.isa}" + (f", device {a.device}" if a.device != "cpu" else ""),
                              "versions": versions(), "machine": machine, "settings": opts,
                              "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "loadavg_start": os.getloadavg()}
    print(f"benchmarking {len(metas)} program(s) from {folder} ({report['mode']})", file=sys.stderr)
    # Without its BLAS (scipy-openblas32, a dependency of jaxlib-cpu) our plugin falls back to
    # the built-in GEMM, several times slower: the matmul rows would measure a broken install.
    import jaxlib_cpu

    report["lapack_library"] = jaxlib_cpu.lapack_library_path()
    if report["lapack_library"] is None:
        print("WARNING: jaxlib-cpu finds no BLAS/LAPACK (is scipy-openblas32 installed?); GEMM-based rows "
              "will measure the built-in fallback", file=sys.stderr)

    env = {k: v for k, v in os.environ.items() if k not in OPENBLAS_ENV}
    numpy_ref, why = run_child(["--worker", "numpy", "--opts", json.dumps(opts)], opts["child_timeout"], env=env)
    report["numpy_reference"] = numpy_ref if numpy_ref is not None else {"error": why}

    rows = []
    for meta in metas:
        t0 = time.perf_counter()
        row = bench_program(meta, opts, machine)
        rows.append(row)
        print(f"  {meta['name']:20s} {row['verdict']:8s} ratio {row['ratio'] if row['ratio'] is None else round(row['ratio'], 3)}"
              f"  ({time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    report["programs"] = rows
    report["summary"] = summarize(rows)
    report["finished"] = time.strftime("%Y-%m-%dT%H:%M:%S%z")
    report["loadavg_end"] = os.getloadavg()
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps(report, indent=1) + "\n")
    print(render_table(report))
    print(f"\nJSON: {a.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
