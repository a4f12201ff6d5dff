"""End-user checks run INSIDE a fresh venv that installed the night from the index.

Called by ci/smoke_install.py (and the nightly workflow) with the venv's interpreter:
  basic     installed versions; the PJRT plugin guide's basic checks through
            `jaxlib.xla_client` on CPU (1+1, doubling a float, a sum across the CPU
            devices); asking for CUDA on a machine without a GPU fails with a clear message
  mismatch  a backend from another night (installed with --no-deps) is refused at run
            time by the version handshake, with the exact `pip install` fix command
Standard library + numpy + the installed jaxlib only: it must not import anything from the
repository, so it tests what a user gets. Prints PASS/FAIL per check; exit 1 on any FAIL.
"""

from __future__ import annotations

import argparse
import importlib.metadata as md
import json
import os
import re
import subprocess
import sys
import traceback
from collections.abc import Callable
from typing import Any

# StableHLO text written by hand, as `jax.jit(f).lower(...).as_text()` would print it.
ADD_I32 = """\
module @jit_add attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<i32>, %arg1: tensor<i32>) -> (tensor<i32>) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<i32>
    return %0 : tensor<i32>
  }
}
"""

DOUBLE_F32 = """\
module @jit_double attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<f32>) -> (tensor<f32>) {
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %0 = stablehlo.multiply %arg0, %cst : tensor<f32>
    return %0 : tensor<f32>
  }
}
"""


def psum_program(n: int) -> str:
    """`jax.pmap(lambda x: jax.lax.psum(x, 'i'), axis_name='i')` over `n` replicas."""
    group = ", ".join(str(i) for i in range(n))
    return f"""\
module @jit_psum attributes {{mhlo.num_partitions = 1 : i32, mhlo.num_replicas = {n} : i32}} {{
  func.func public @main(%arg0: tensor<f32>) -> (tensor<f32>) {{
    %0 = "stablehlo.all_reduce"(%arg0) <{{replica_groups = dense<[[{group}]]> : tensor<1x{n}xi64>}}> ({{
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %1 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %1 : tensor<f32>
    }}) : (tensor<f32>) -> tensor<f32>
    return %0 : tensor<f32>
  }}
}}
"""


NO_GPU_RE = re.compile(r"no (nvidia |cuda )?(gpu|device)|driver|libcuda", re.IGNORECASE)

_results: list[tuple[str, bool, str]] = []


def check(name: str) -> Callable[[Callable[..., str | None]], Callable[..., None]]:
    """Runs the decorated function as one named check; an exception or AssertionError fails it."""

    def wrap(fn: Callable[..., str | None]) -> Callable[..., None]:
        def run(*args: Any, **kwargs: Any) -> None:
            try:
                detail = fn(*args, **kwargs) or ""
                _results.append((name, True, detail))
                print(f"PASS {name}{': ' + detail if detail else ''}", flush=True)
            except Exception as exc:  # every failure is reported, the next check still runs
                msg = f"{type(exc).__name__}: {exc}"
                _results.append((name, False, msg))
                print(f"FAIL {name}: {msg}", flush=True)
                if os.environ.get("SMOKE_TRACEBACK"):
                    traceback.print_exc()
        return run

    return wrap


def _compile(client: Any, text: str, devices: list[Any], num_replicas: int = 1) -> Any:
    from jaxlib import xla_client

    options = xla_client.CompileOptions()
    if num_replicas != 1:
        build = getattr(options, "executable_build_options", None)
        for target in (options, build):
            if target is not None and hasattr(target, "num_replicas"):
                target.num_replicas = num_replicas
    return client.compile_and_load(text, devices, options)


def _value(x: Any) -> Any:
    import numpy as np

    return np.asarray(x)


@check("installed versions")
def check_versions(version: str, dists: list[str]) -> str:
    got = {d: md.version(d) for d in dists}
    wrong = {d: v for d, v in got.items() if v != version}
    assert not wrong, f"expected every distribution at {version}, got {got}"
    import jaxlib

    jv = getattr(jaxlib, "__version__", None)
    assert jv in (None, version), f"jaxlib.__version__ is {jv}, its metadata says {version}"
    return ", ".join(f"{d}=={v}" for d, v in got.items())


@check("build attributes: every backend was compiled as the night's version")
def check_build_attributes(version: str) -> str:
    from jaxlib import plugin_support

    regs = plugin_support.registrations()
    assert regs, "no backend registered (is jaxlib-cpu installed?)"
    seen, wrong = {}, {}
    for name, reg in regs.items():
        if not (reg.distribution or "").startswith("jaxlib-"):
            continue  # a third-party plugin has its own versions
        built = (reg.build_info or {}).get("version")
        seen[name] = built
        if built != version:
            wrong[name] = built
    assert seen, f"none of our backends registered: {sorted(regs)}"
    assert not wrong, f"compiled-in versions {wrong} differ from the wheels' {version}"
    return ", ".join(f"{n}={v}" for n, v in sorted(seen.items()))


@check("doctor reports jaxlib and every backend at the night's version")
def check_doctor(version: str) -> str:
    proc = subprocess.run([sys.executable, "-m", "jaxlib", "--json"], capture_output=True, text=True,
                          timeout=120, env={k: v for k, v in os.environ.items() if k != "JAX_PLATFORMS"})
    # Exit 1 is expected here: the GPU backend cannot load without a GPU.
    assert proc.stdout.strip(), f"`python -m jaxlib --json` printed nothing (exit {proc.returncode}): " \
                                f"{proc.stderr.strip()[-500:]}"
    report = json.loads(proc.stdout)
    j = report["jaxlib"]
    assert j["version"] == version and j.get("build_version") == version, \
        f"jaxlib {j['version']}, its extension built as {j.get('build_version')}, expected {version}: {j}"
    backends = {b["name"]: b for b in report["backends"]}
    assert "cpu" in backends and backends["cpu"]["status"] == "loaded", f"the CPU backend must load: {backends.get('cpu')}"
    wrong = {n: b["version"] for n, b in backends.items() if b["version"] != version}
    assert not wrong, f"doctor reports backend versions {wrong}, expected {version}"
    no_id = [n for n, b in backends.items() if (b.get("distribution") or "").startswith("jaxlib-")
             and b.get("build_id") is None and n != "tpu"]
    assert not no_id, f"backends without a build id: {no_id}"
    return ", ".join(f"{n} {b['version']} ({b['status']})" for n, b in sorted(backends.items()))


@check("1 + 1 on CPU")
def check_add(client: Any) -> str:
    import numpy as np

    dev = client.local_devices()[0]
    exe = _compile(client, ADD_I32, [dev])
    a = client.buffer_from_pyval(np.int32(1), dev)
    out = exe.execute([a, client.buffer_from_pyval(np.int32(1), dev)])
    got = _value(out[0])
    assert got.dtype == np.int32 and int(got) == 2, f"expected int32 2, got {got!r}"
    return "2"


@check("doubling a float on CPU")
def check_double(client: Any) -> str:
    import numpy as np

    dev = client.local_devices()[0]
    exe = _compile(client, DOUBLE_F32, [dev])
    got = _value(exe.execute([client.buffer_from_pyval(np.float32(1.5), dev)])[0])
    assert got.dtype == np.float32 and float(got) == 3.0, f"expected float32 3.0, got {got!r}"
    return "3.0"


@check("a sum across the CPU devices (psum)")
def check_psum(client: Any) -> str:
    import numpy as np

    devices = client.local_devices()
    n = len(devices)
    assert n >= 2, f"asked for 2 CPU devices, the client has {n}"
    exe = _compile(client, psum_program(n), devices, num_replicas=n)
    args = [client.buffer_from_pyval(np.float32(i + 1), d) for i, d in enumerate(devices)]
    results = exe.execute_sharded([args])
    if hasattr(results, "disassemble_into_single_device_arrays"):
        per_device = results.disassemble_into_single_device_arrays()[0]
    else:
        per_device = results[0]
    want = float(n * (n + 1) / 2)
    got = [float(_value(x)) for x in per_device]
    assert got == [want] * n, f"expected {want} on each of {n} devices, got {got}"
    return f"{want} on {n} devices"


@check("asking for CUDA without a GPU fails clearly")
def check_no_gpu() -> str:
    from jaxlib import xla_client

    messages = []
    for label, make in (("make_gpu_client()", lambda: xla_client.make_gpu_client()),
                        ('make_c_api_client("cuda")', lambda: xla_client.make_c_api_client("cuda"))):
        try:
            make()
        except Exception as exc:
            text = str(exc)
            assert NO_GPU_RE.search(text), f"{label} failed, but not with a clear no-GPU message: {text!r}"
            messages.append(f"{label}: {text[:120]}")
        else:
            raise AssertionError(f"{label} returned a client on a machine without a GPU")
    return " | ".join(messages)


@check("a mixed install is refused by the version handshake")
def check_mismatch(jaxlib_version: str, backend_dist: str, backend_version: str) -> str:
    from jaxlib import xla_client

    fix = f'pip install "jaxlib=={jaxlib_version}" "{backend_dist}=={jaxlib_version}"'
    try:
        xla_client.make_gpu_client()
    except Exception as exc:
        text = str(exc)
    else:
        raise AssertionError("make_gpu_client() succeeded with mismatched wheels")
    assert jaxlib_version in text and backend_version in text, \
        f"the error must name both versions ({jaxlib_version}, {backend_version}): {text!r}"
    assert fix in text, f"the error must carry the fix command {fix!r}: {text!r}"
    # The handshake runs before any call into the plugin, so this is not the no-GPU error.
    assert "version" in text.lower(), f"expected a version-mismatch error, got {text!r}"
    return text.splitlines()[0][:160]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("basic")
    b.add_argument("--version", required=True, help="the night's version every wheel must carry")
    b.add_argument("--dists", default="jaxlib,jaxlib-cpu,jaxlib-cuda12")
    b.add_argument("--devices", type=int, default=2, help="CPU devices for the psum check")
    b.add_argument("--skip-gpu", action="store_true", help="no GPU backend installed (e.g. macOS)")
    mm = sub.add_parser("mismatch")
    mm.add_argument("--jaxlib-version", required=True)
    mm.add_argument("--backend", default="jaxlib-cuda12")
    mm.add_argument("--backend-version", required=True)
    args = parser.parse_args(argv)

    if args.command == "basic":
        check_versions(args.version, args.dists.split(","))
        client = None
        try:
            from jaxlib import xla_client

            try:
                client = xla_client.make_cpu_client(num_devices=args.devices)
            except TypeError:
                client = xla_client.make_cpu_client()
        except Exception as exc:
            _results.append(("make_cpu_client", False, f"{type(exc).__name__}: {exc}"))
            print(f"FAIL make_cpu_client: {type(exc).__name__}: {exc}", flush=True)
        if client is not None:
            check_add(client)
            check_double(client)
            check_psum(client)
        if not args.skip_gpu:
            check_no_gpu()
        check_build_attributes(args.version)
        check_doctor(args.version)
    else:
        check_mismatch(args.jaxlib_version, args.backend, args.backend_version)

    failed = [r for r in _results if not r[1]]
    print(json.dumps({"passed": len(_results) - len(failed), "failed": len(failed),
                      "failures": [f"{n}: {m}" for n, _, m in failed]}))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
