"""The corpus through each GPU plugin on emulated drivers (no GPU needed); behind `nox -s gpu_emulated`.

    python ci/gpu_emulated.py [--backends cuda12,cuda13,rocm] [--only GLOB] [--subset] [--jobs N]
    python ci/gpu_emulated.py --system-driver --backends cuda13    # the same run on a real GPU

Builds the emulated CUDA driver + cuBLAS and HIP runtime + hipBLAS (tests/gpu_emulation) with
g++, then runs every program of tests/corpus (text and bytecode) through jaxlib.xla_client on
each plugin, compares with XLA's outputs (the corpus tolerances) and counts where each executed
op ran (JAXLIB_GPU_OP_COUNTS). NVRTC from NVIDIA's wheels (hipRTC from the system) compiles every
generated kernel; the emulated drivers run the same source built for the host. Ends with

    gpu emulated: cuda12 N/M, cuda13 N/M, rocm N/M programs passed; K% of executed ops on generated kernels or vendor libraries

A program passes when both forms give the expected outputs. Each backend runs in child processes
(`--jobs`, each with a share of the programs) that are restarted after a crash (the crashing
program counts as failed). With `--system-driver` nothing is emulated: the plugins load the
machine's own driver, NVRTC and cuBLAS (from NVIDIA's wheels on sys.path) and run on its GPUs,
and the summary line starts `gpu system driver:` instead.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EMU_SRC = REPO / "tests" / "gpu_emulation"
BACKENDS = ("cuda12", "cuda13", "rocm")
#: A quick cross-section of the corpus (default test runs): every op family the executor lowers
#: to generated kernels or GEMM, host fallbacks, control flow and a multi-device program.
SUBSET = [
    "ew_float_arith_f32", "ew_float_unary_transc_bf16", "ew_int_arith_s8", "ew_compare_f16", "convert_from_f32",
    "broadcast_reshape_transpose", "concat_pad_reverse", "slice_strided", "iota_x32", "dynamic_slice_clamped",
    "reduce_basic_f32", "reduce_argmax_argmin", "dot_general_f32", "while_fori_loop", "case_switch",
    "sort_basic", "model_mlp_forward", "shard_map_psum_pmean_pmax",
]


def build_emulators(out: Path) -> Path:
    """Compiles the emulated drivers into out/cuda and out/hip; returns `out`."""
    cxx = os.environ.get("CXX") or shutil.which("g++") or "c++"
    model = EMU_SRC / "device_model.h"
    common = [cxx, "-std=c++17", "-O1", "-shared", "-fPIC", "-w", f"-I{EMU_SRC}", f'-DJX_DEVICE_MODEL_PATH="{model}"']
    cuda, hip = out / "cuda", out / "hip"
    cuda.mkdir(parents=True, exist_ok=True)
    hip.mkdir(parents=True, exist_ok=True)
    jobs = [
        [*common, "-Wl,-soname,libcuda.so.1", "-o", str(cuda / "libcuda.so.1"), str(EMU_SRC / "emulated_cuda.cc")],
        [*common, "-Wl,-soname,libamdhip64.so.6", "-o", str(hip / "libamdhip64.so.6"), str(EMU_SRC / "emulated_hip.cc")],
    ]
    for job in jobs:
        subprocess.run(job, check=True)
    for major in (12, 13):
        subprocess.run([*common, f"-DJX_CUBLAS_MAJOR={major}", "-o", str(cuda / f"libcublas.so.{major}"),
                        str(EMU_SRC / "emulated_blas.cc"), f"-L{cuda}", "-l:libcuda.so.1"], check=True)
    subprocess.run([*common, "-DJX_HIPBLAS", "-o", str(hip / "libhipblas.so"), str(EMU_SRC / "emulated_blas.cc"),
                    f"-L{hip}", "-l:libamdhip64.so.6"], check=True)
    # hipRTC is the real one (ROCm 5 keeps it inside the system's libamdhip64.so.5).
    for lib in ("/usr/lib/x86_64-linux-gnu/libamdhip64.so.5", "/opt/rocm/lib/libhiprtc.so"):
        if Path(lib).exists():
            link = hip / "libhiprtc.so.5"
            if link.is_symlink() or link.exists():
                link.unlink()
            link.symlink_to(lib)
            break
    return out


def nvrtc_dir(major: int) -> Path | None:
    parts = ("cuda_nvrtc", "lib") if major == 12 else (f"cu{major}", "lib")
    for entry in sys.path:
        candidate = Path(entry or ".", "nvidia", *parts)
        if (candidate / f"libnvrtc.so.{major}").is_file():
            return candidate
    return None


def backend_env(backend: str, emu: Path | None, counts: Path, cache: Path) -> dict[str, str] | str:
    """The environment that points `backend` at the emulated drivers (at the system's own when
    `emu` is None), or why it cannot run."""
    if emu is None:
        return dict(os.environ, JAXLIB_GPU_OP_COUNTS=str(counts), JAXLIB_KERNEL_CACHE_DIR=str(cache / "device"))
    env = dict(os.environ, JAXLIB_EMULATED_GPUS="4", JAXLIB_GPU_OP_COUNTS=str(counts),
               JAXLIB_KERNEL_CACHE_DIR=str(cache / "device"), JAXLIB_EMULATED_KERNEL_CACHE=str(cache / "host"))
    if backend.startswith("cuda"):
        major = int(backend[4:])
        nvrtc = nvrtc_dir(major)
        if nvrtc is None:
            return f"NVRTC {major} is not installed (pip install nvidia-cuda-nvrtc{'-cu12' if major == 12 else ''})"
        env["LD_LIBRARY_PATH"] = os.pathsep.join([str(emu / "cuda"), env.get("LD_LIBRARY_PATH", "")])
        env["JAXLIB_CUDA_LIBRARY_DIRS"] = os.pathsep.join([str(nvrtc), str(emu / "cuda")])
    else:
        if not (emu / "hip" / "libhiprtc.so.5").exists():
            return "no hipRTC on this machine (Debian: apt-get install libamdhip64-5 libhiprtc-builtins5)"
        env["LD_LIBRARY_PATH"] = os.pathsep.join([str(emu / "hip"), env.get("LD_LIBRARY_PATH", "")])
        env["JAXLIB_ROCM_LIBRARY_DIRS"] = str(emu / "hip")
    return env


# ---------------------------------------------------------------------------- child: run cases


def _client(backend: str, cache: dict):
    if "client" not in cache:
        import importlib

        from jaxlib import plugin_support, xla_client

        package = importlib.import_module(f"jaxlib_{backend}" if backend != "rocm" else "jaxlib_rocm")
        name = f"{backend}_corpus"
        plugin_support.register_plugin(name=name, priority=-1, library_path=package.library_path(),
                                       options=package.client_options(),
                                       build_info=package.build_info(), distribution=package.DISTRIBUTION)
        cache["client"] = xla_client.make_c_api_client(name)
    return cache["client"]


def run_case(backend: str, name: str, cache: dict) -> dict:
    import corpus  # type: ignore[import-not-found]
    import numpy as np
    from jaxlib import xla_client

    case = corpus.load_case(name)
    c = _client(backend, cache)
    result = {"name": name, "forms": {}}
    for form in ("text", "bytecode"):
        program = case.program_text() if form == "text" else case.program_bytecode()
        if program is None:
            continue
        try:
            if case.num_devices > 1:
                devs = c.devices()[: case.num_devices]
                if len(devs) < case.num_devices:
                    raise RuntimeError(f"needs {case.num_devices} devices")
                opts = xla_client.CompileOptions()
                opts.executable_build_options.num_replicas = case.num_replicas
                opts.executable_build_options.num_partitions = case.num_partitions
                exe = c.compile_and_load(program, devs, opts)
                args = [[c.buffer_from_pyval(s, device=devs[d]) for d, s in enumerate(shards)]
                        for shards in case.device_inputs()]
                res = exe.execute_sharded(args)
                got = [[np.asarray(x) for x in o] for o in res.disassemble_into_single_device_arrays()]
                bad = corpus.mismatches(case, got, per_device=True)
            else:
                dev = c.devices()[0]
                exe = c.compile_and_load(program, [dev])
                outs = exe.execute([c.buffer_from_pyval(x, device=dev) for x in case.inputs()])
                bad = corpus.mismatches(case, [np.asarray(o) for o in outs])
            result["forms"][form] = "ok" if not bad else "mismatch: " + "; ".join(str(b) for b in bad)[:300]
        except Exception as e:  # noqa: BLE001 - a failing program is a result
            result["forms"][form] = f"error: {type(e).__name__}: {str(e)[:300]}"
    return result


def child(backend: str, names: list[str], results: Path) -> int:
    sys.path.insert(0, str(REPO / "tests" / "corpus"))
    cache: dict = {}
    for name in names:
        with results.open("a") as f:
            f.write(json.dumps({"start": name}) + "\n")
        r = run_case(backend, name, cache)
        with results.open("a") as f:
            f.write(json.dumps(r) + "\n")
    return 0


# ---------------------------------------------------------------------------- parent


def run_backend(backend: str, names: list[str], env: dict[str, str], work: Path, jobs: int = 1) -> dict[str, bool]:
    """Runs `names` on `backend` in `jobs` parallel children (each a share of the list)."""
    if jobs > 1 and len(names) > 1:
        from concurrent.futures import ThreadPoolExecutor

        shares = [names[i::jobs] for i in range(jobs) if names[i::jobs]]
        with ThreadPoolExecutor(len(shares)) as pool:
            parts = list(pool.map(lambda ij: _run_share(backend, ij[1], env, work / f"{backend}.{ij[0]}.jsonl"),
                                  enumerate(shares)))
        return {n: ok for part in parts for n, ok in part.items()}
    return _run_share(backend, names, env, work / f"{backend}.jsonl")


def _run_share(backend: str, names: list[str], env: dict[str, str], results: Path) -> dict[str, bool]:
    results.unlink(missing_ok=True)
    done: dict[str, bool] = {}
    remaining = list(names)
    while remaining:
        proc = subprocess.run([sys.executable, __file__, "--child", backend, "--names", ",".join(remaining),
                               "--results", str(results)], env=env, capture_output=True, text=True)
        started = None
        for line in results.read_text().splitlines() if results.exists() else []:
            rec = json.loads(line)
            if "start" in rec:
                started = rec["start"]
            elif rec["name"] not in done:
                ok = bool(rec["forms"]) and all(v == "ok" for v in rec["forms"].values())
                done[rec["name"]] = ok
                if not ok:
                    print(f"  {backend} FAIL {rec['name']}: {rec['forms']}", flush=True)
                started = None
        if started is not None and started not in done:
            done[started] = False
            print(f"  {backend} CRASH {started} (exit {proc.returncode}): {proc.stderr[-600:]}", flush=True)
        elif proc.returncode != 0 and len(done) < len(names):
            print(f"  {backend}: runner failed (exit {proc.returncode}): {proc.stderr[-2000:]}", flush=True)
            for n in remaining:
                done.setdefault(n, False)
        remaining = [n for n in names if n not in done]
    return done


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--backends", default=",".join(BACKENDS))
    p.add_argument("--only", default="", help="glob over case names")
    p.add_argument("--subset", action="store_true", help="the quick cross-section (SUBSET)")
    p.add_argument("--work", type=Path, default=None, help="where emulators, caches and results go")
    p.add_argument("--jobs", type=int, default=1, help="parallel children per backend (default 1)")
    p.add_argument("--system-driver", action="store_true",
                   help="no emulation: run on this machine's GPUs with its own driver and libraries")
    p.add_argument("--child", default="", help=argparse.SUPPRESS)
    p.add_argument("--names", default="", help="comma list of case names")
    p.add_argument("--results", type=Path, default=None, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child:
        return child(args.child, [n for n in args.names.split(",") if n], args.results)

    sys.path.insert(0, str(REPO / "tests" / "corpus"))
    import corpus  # type: ignore[import-not-found]

    names = SUBSET if args.subset else corpus.list_cases()
    if args.names:
        names = list(dict.fromkeys(n for n in args.names.split(",") if n))
    if args.only:
        names = [n for n in names if fnmatch.fnmatch(n, args.only)]
    work = args.work or Path(tempfile.mkdtemp(prefix="gpu_emulated_"))
    work.mkdir(parents=True, exist_ok=True)
    emu = None if args.system_driver else build_emulators(work / "emulators")
    summary, ops = [], {"generated": 0, "vendor": 0, "host": 0}
    for backend in [b for b in args.backends.split(",") if b]:
        counts = work / f"{backend}.counts"
        counts.unlink(missing_ok=True)
        env = backend_env(backend, emu, counts, work / "kernel_cache")
        if isinstance(env, str):
            print(f"{backend}: skipped: {env}", flush=True)
            summary.append(f"{backend} 0/{len(names)}")
            continue
        done = run_backend(backend, names, env, work, args.jobs)
        passed = sum(done.values())
        summary.append(f"{backend} {passed}/{len(names)}")
        print(f"{backend}: {passed}/{len(names)} programs passed", flush=True)
        for line in counts.read_text().splitlines() if counts.exists() else []:
            for kv in line.split():
                k, _, v = kv.partition("=")
                ops[k] += int(v)
    total = sum(ops.values())
    k = 100.0 * (ops["generated"] + ops["vendor"]) / total if total else 0.0
    print(f"executed ops: {ops['generated']} on generated kernels, {ops['vendor']} on vendor libraries, "
          f"{ops['host']} on host fallback")
    label = "gpu system driver" if args.system_driver else "gpu emulated"
    print(f"{label}: {', '.join(summary)} programs passed; {k:.0f}% of executed ops on generated kernels "
          f"or vendor libraries")
    return 0


if __name__ == "__main__":
    sys.exit(main())
