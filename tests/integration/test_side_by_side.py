"""Our jaxlib-cpu plugin and XLA's own CPU plugin (PyPI lammps-jax-pjrt-cpu) in ONE process
through our host (issue 3, "Proven by tests" item 3), and two of our own plugins side by side.

The whole scenario runs in a child interpreter, so a crash (two plugins fighting over a
symbol, a use-after-free at client close) fails the test instead of killing pytest. The child
prints a JSON log of what it verified; the assertions here read that log.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
VERSION = (REPO / "VERSION").read_text().strip()
GPU_BACKENDS = {"cuda12": "jaxlib-cuda12", "cuda13": "jaxlib-cuda13", "rocm": "jaxlib-rocm"}


def _xla_plugin_path() -> str:
    if importlib.util.find_spec("lammps_jax_pjrt_cpu") is None:
        pytest.skip("lammps-jax-pjrt-cpu (XLA's CPU plugin) is not installed")
    import lammps_jax_pjrt_cpu

    return str(lammps_jax_pjrt_cpu.PLUGIN_PATH)


def _require_ours() -> None:
    if importlib.util.find_spec("jaxlib") is None or importlib.util.find_spec("jaxlib_cpu") is None:
        pytest.skip("our jaxlib and jaxlib-cpu are not installed")


def _gpu_plugins(dest: Path) -> dict[str, str]:
    """Our GPU plugin libraries: installed packages first, else extracted from wheelhouse/."""
    found: dict[str, str] = {}
    wheelhouse = Path(os.environ.get("JAXLIB_WHEELHOUSE", REPO / "wheelhouse"))
    for backend, dist in GPU_BACKENDS.items():
        package, member = dist.replace("-", "_"), f"pjrt_plugin_jaxlib_{backend}.so"
        spec = importlib.util.find_spec(package)
        if spec is not None and spec.submodule_search_locations:
            path = Path(next(iter(spec.submodule_search_locations))) / member
            if path.is_file():
                found[backend] = str(path)
                continue
        wheels = sorted(wheelhouse.glob(f"{package}-{VERSION}*.whl"))
        if wheels:
            with zipfile.ZipFile(wheels[-1]) as zf:
                found[backend] = zf.extract(f"{package}/{member}", dest / backend)
    return found


SCENARIO = textwrap.dedent(r"""
    import json, sys
    import numpy as np
    from jaxlib import plugin_support, xla_client

    xla_path, gpu_plugins = sys.argv[1], json.loads(sys.argv[2])
    log = {}

    ADD = '''
    module @add {
      func.func public @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
        %0 = stablehlo.add %a, %b : tensor<2x3xf32>
        return %0 : tensor<2x3xf32>
      }
    }'''
    # Integer + float, a reduce and a dot: results compared bitwise (ints) and closely (floats).
    MIXED = '''
    module @mixed {
      func.func public @main(%x: tensor<4x8xf32>, %w: tensor<8x3xf32>, %n: tensor<4x8xi32>) -> (tensor<4x3xf32>, tensor<4xi32>) {
        %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
        %z = stablehlo.constant dense<0> : tensor<i32>
        %1 = stablehlo.reduce(%n init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xi32>, tensor<i32>) -> tensor<4xi32>
        return %0, %1 : tensor<4x3xf32>, tensor<4xi32>
      }
    }'''

    def run(client, text, args, device_index=0):
        dev = client.devices()[device_index]
        exe = client.compile_and_load(text, [dev])
        outs = exe.execute([client.buffer_from_pyval(a, device=dev) for a in args])
        return [np.asarray(o) for o in outs]

    rng = np.random.default_rng(3)
    a, b = rng.standard_normal((2, 3)).astype(np.float32), rng.standard_normal((2, 3)).astype(np.float32)
    x, w = rng.standard_normal((4, 8)).astype(np.float32), rng.standard_normal((8, 3)).astype(np.float32)
    n = rng.integers(-100, 100, size=(4, 8)).astype(np.int32)

    # 1. Both clients alive at once in this process.
    ours = xla_client.make_cpu_client(num_devices=2)
    plugin_support.load_pjrt_plugin_dynamically("xla_cpu_side_by_side", xla_path)
    theirs = xla_client.make_c_api_client("xla_cpu_side_by_side", {"cpu_device_count": 2})
    log["platforms"] = [ours.platform, theirs.platform]
    log["platform_versions"] = [ours.platform_version, theirs.platform_version]
    log["device_counts"] = [ours.device_count(), theirs.device_count()]
    log["plugin_names"] = [getattr(ours, "plugin_name", "?"), getattr(theirs, "plugin_name", "?")]

    # 2. The same programs compiled and executed on both, interleaved, on both devices.
    mine = run(ours, ADD, [a, b])
    xlas = run(theirs, ADD, [a, b])
    log["add_equal"] = bool(np.array_equal(mine[0], xlas[0]) and np.array_equal(mine[0], a + b))
    m2, x2 = run(ours, MIXED, [x, w, n], 1), run(theirs, MIXED, [x, w, n], 1)
    log["mixed_dot_close"] = bool(np.allclose(m2[0], x2[0], rtol=1e-5, atol=1e-5))
    log["mixed_dot_vs_numpy"] = bool(np.allclose(m2[0], x @ w, rtol=1e-4, atol=1e-4))
    log["mixed_reduce_equal"] = bool(np.array_equal(m2[1], x2[1]) and np.array_equal(m2[1], n.sum(1)))

    # 3. Buffers moved from one client to the other through the host (np.asarray).
    on_ours = ours.buffer_from_pyval(a)
    on_theirs = theirs.buffer_from_pyval(np.asarray(on_ours))
    back = ours.buffer_from_pyval(np.asarray(theirs.compile_and_load(ADD, theirs.devices()[:1]).execute(
        [on_theirs, theirs.buffer_from_pyval(b)])[0]))
    chained = ours.compile_and_load(ADD, ours.devices()[:1]).execute([back, ours.buffer_from_pyval(b)])[0]
    log["host_transfer_chain"] = bool(np.array_equal(np.asarray(chained), (a + b) + b))
    log["array_devices"] = [str(on_ours.devices() if hasattr(on_ours, "devices") else ""),
                            str(on_theirs.devices() if hasattr(on_theirs, "devices") else "")]

    # 4. Close XLA's client: ours keeps working (and an array it made earlier still reads back).
    keep = ours.buffer_from_pyval(n)
    theirs.close()
    log["ours_after_theirs_closed"] = bool(np.array_equal(run(ours, ADD, [a, b])[0], a + b)
                                           and np.array_equal(np.asarray(keep), n))
    # ... then a fresh XLA client works, and keeps working once ours is closed.
    theirs2 = xla_client.make_c_api_client("xla_cpu_side_by_side", {"cpu_device_count": 1})
    log["theirs2_works"] = bool(np.array_equal(run(theirs2, ADD, [a, b])[0], a + b))
    ours.close()
    log["theirs2_after_ours_closed"] = bool(np.array_equal(run(theirs2, MIXED, [x, w, n])[1], n.sum(1)))
    ours2 = xla_client.make_cpu_client(num_devices=1)
    log["ours2_works"] = bool(np.array_equal(run(ours2, ADD, [a, b])[0], a + b))

    # 5. Two of our own plugins side by side: a GPU plugin's client creation (which fails
    #    without a GPU) must not disturb the CPU clients already alive.
    log["gpu"] = {}
    for backend, path in sorted(gpu_plugins.items()):
        name = f"{backend}_side_by_side"
        entry = {}
        try:
            plugin_support.load_pjrt_plugin_dynamically(name, path)
            entry["loaded"] = True
            try:
                g = xla_client.make_c_api_client(name)
            except xla_client.XlaRuntimeError as e:
                entry["client_error"] = str(e)
            else:
                entry["client_platform"] = g.platform
                g.close()
        except Exception as e:
            entry["load_error"] = f"{type(e).__name__}: {e}"
        entry["ours_still_works"] = bool(np.array_equal(run(ours2, MIXED, [x, w, n])[1], n.sum(1)))
        entry["theirs_still_works"] = bool(np.array_equal(run(theirs2, ADD, [a, b])[0], a + b))
        log["gpu"][backend] = entry
    ours2.close()
    theirs2.close()
    print(json.dumps(log))
""")


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> dict:
    _require_ours()
    xla_path = _xla_plugin_path()
    gpus = _gpu_plugins(tmp_path_factory.mktemp("gpu_plugins"))
    try:
        proc = subprocess.run([sys.executable, "-c", SCENARIO, xla_path, json.dumps(gpus)],
                              capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"side-by-side scenario hung (> 120 s):\n{e.stderr}")
    assert proc.returncode == 0, (
        f"side-by-side scenario exited with {proc.returncode} (negative: killed by a signal):\n"
        f"{proc.stderr[-4000:]}")
    return {"log": json.loads(proc.stdout.strip().splitlines()[-1]), "gpus": gpus}


def test_ours_and_xla_side_by_side(scenario: dict) -> None:
    log = scenario["log"]
    detail = json.dumps(log, indent=1)
    assert log["platforms"] == ["cpu", "cpu"], detail
    assert log["device_counts"] == [2, 2], detail
    assert log["platform_versions"][0] != log["platform_versions"][1], f"same plugin twice? {detail}"
    for key in ("add_equal", "mixed_dot_close", "mixed_dot_vs_numpy", "mixed_reduce_equal",
                "host_transfer_chain", "ours_after_theirs_closed", "theirs2_works",
                "theirs2_after_ours_closed", "ours2_works"):
        assert log[key] is True, f"{key} failed:\n{detail}"


def test_our_gpu_plugins_beside_our_cpu_plugin(scenario: dict) -> None:
    log, gpus = scenario["log"], scenario["gpus"]
    if not gpus:
        pytest.skip("no GPU plugin of ours is installed or in wheelhouse/ (run `nox -s build_matrix`)")
    assert set(log["gpu"]) == set(gpus)
    for backend, entry in log["gpu"].items():
        assert entry.get("loaded"), f"{backend}: {entry}"
        if "client_error" in entry:  # the machine has no such GPU: a clean, named error
            assert entry["client_error"].startswith("FAILED_PRECONDITION"), f"{backend}: {entry}"
            assert "GPU" in entry["client_error"], f"{backend}: {entry}"
        assert entry["ours_still_works"] and entry["theirs_still_works"], f"{backend}: {entry}"
