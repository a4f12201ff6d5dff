"""The independent PJRT client `pypjrt` (PyPI, dependency-free) drives our jaxlib-cpu plugin.

Two halves (issue 3, "Proven by tests" item 2):

* pypjrt loads ``pjrt_plugin_jaxlib_cpu.so`` (found through ``importlib``, never through our
  jaxlib), creates a client with our ``cpu_device_count`` option, compiles StableHLO text,
  transfers inputs, executes, reads back; numpy computes the expected results here.
* ``python -m pypjrt.conform <plugin.so>``, pypjrt's conformance harness, reports no failure,
  every check for a feature we claim passes, and the checks for features we do not claim are
  listed with the reason (xfail(strict=True): the day we implement one it XPASSes and must
  move to CLAIMED).

Every pypjrt call runs in a subprocess, so a crash of the plugin (or of pypjrt's ctypes
layer) fails a test instead of killing the pytest run.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

if importlib.util.find_spec("pypjrt") is None:
    pytest.skip("pypjrt (PyPI) is not installed", allow_module_level=True)


def _plugin_path() -> Path:
    spec = importlib.util.find_spec("jaxlib_cpu")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("our jaxlib-cpu backend is not installed")
    path = Path(next(iter(spec.submodule_search_locations))) / "pjrt_plugin_jaxlib_cpu.so"
    assert path.is_file(), f"jaxlib_cpu is installed but has no plugin at {path}"
    return path


@pytest.fixture(scope="module")
def plugin_path() -> Path:
    return _plugin_path()


# --- pypjrt compiles, transfers, executes and reads back ----------------------------------------

PROGRAMS = {
    "add": """
module @add {
  func.func public @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = stablehlo.add %a, %b : tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}
""",
    "dot": """
module @dot {
  func.func public @main(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
    %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
    return %0 : tensor<3x5xf32>
  }
}
""",
    "reduce": """
module @reduce {
  func.func public @main(%x: tensor<4x6xf32>, %n: tensor<5x3xi32>) -> (tensor<4xf32>, tensor<3xi32>) {
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4xf32>
    %lowest = stablehlo.constant dense<-2147483648> : tensor<i32>
    %1 = stablehlo.reduce(%n init: %lowest) across dimensions = [0] : (tensor<5x3xi32>, tensor<i32>) -> tensor<3xi32>
     reducer(%p: tensor<i32>, %q: tensor<i32>)  {
      %m = stablehlo.maximum %p, %q : tensor<i32>
      stablehlo.return %m : tensor<i32>
    }
    return %0, %1 : tensor<4xf32>, tensor<3xi32>
  }
}
""",
    "select": """
module @select {
  func.func public @main(%a: tensor<6xi32>, %b: tensor<6xi32>) -> (tensor<6xi32>, tensor<6xi1>) {
    %p = stablehlo.compare GT, %a, %b, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %0 = stablehlo.select %p, %a, %b : tensor<6xi1>, tensor<6xi32>
    return %0, %p : tensor<6xi32>, tensor<6xi1>
  }
}
""",
}


def _inputs(name: str) -> list[np.ndarray]:
    rng = np.random.default_rng(7)
    if name == "add":
        return [rng.standard_normal((2, 3)).astype(np.float32), rng.standard_normal((2, 3)).astype(np.float32)]
    if name == "dot":
        return [rng.standard_normal((3, 4)).astype(np.float32), rng.standard_normal((4, 5)).astype(np.float32)]
    if name == "reduce":
        return [rng.standard_normal((4, 6)).astype(np.float32),
                rng.integers(-1000, 1000, size=(5, 3)).astype(np.int32)]
    if name == "select":
        return [rng.integers(-5, 5, size=6).astype(np.int32), rng.integers(-5, 5, size=6).astype(np.int32)]
    raise KeyError(name)


def _expected(name: str, args: list[np.ndarray]) -> list[np.ndarray]:
    if name == "add":
        return [args[0] + args[1]]
    if name == "dot":
        return [(args[0].astype(np.float64) @ args[1].astype(np.float64)).astype(np.float32)]
    if name == "reduce":
        return [args[0].astype(np.float64).sum(axis=1).astype(np.float32), args[1].max(axis=0)]
    if name == "select":
        return [np.where(args[0] > args[1], args[0], args[1]), args[0] > args[1]]
    raise KeyError(name)


# Runs in a child interpreter: pypjrt only (plus numpy), no jaxlib.
RUN_PROGRAM = textwrap.dedent(r"""
    import json, sys
    import numpy as np
    import pypjrt
    from pypjrt import typing as T

    plugin_path, program_path, inputs_path, outputs_path = sys.argv[1:5]
    CODE = {np.dtype(np.bool_): T.PRED, np.dtype(np.int8): T.S8, np.dtype(np.int16): T.S16,
            np.dtype(np.int32): T.S32, np.dtype(np.int64): T.S64, np.dtype(np.uint8): T.U8,
            np.dtype(np.uint16): T.U16, np.dtype(np.uint32): T.U32, np.dtype(np.uint64): T.U64,
            np.dtype(np.float16): T.F16, np.dtype(np.float32): T.F32, np.dtype(np.float64): T.F64}
    DTYPE = {t.code: d for d, t in CODE.items()}

    plugin = pypjrt.Plugin(plugin_path)
    plugin.initialize()
    client = pypjrt.Client(plugin, options={"cpu_device_count": 2})
    facts = {"api_version": list(plugin.api_version), "platform": client.platform_name,
             "device_count": client.device_count}
    with np.load(inputs_path) as z:
        args = [z[f"arg{i}"] for i in range(len(z.files))]
    text = open(program_path).read()
    exe = client.compile(text)
    facts["num_outputs"] = exe.num_outputs
    owned = []
    results = {}
    with client.device(0) as dev:
        bufs = [client.buffer_from_host(np.ascontiguousarray(a), CODE[a.dtype].code, a.shape, dev)
                for a in args]
        owned += bufs
        facts["input_readback_equal"] = all(
            np.array_equal(np.frombuffer(bytes(b.to_host()), a.dtype).reshape(a.shape), a)
            for b, a in zip(bufs, args))
        for _ in range(2):  # twice: the executable and its inputs are reusable
            outs = exe(*bufs)
            owned += outs
        for i, o in enumerate(outs):
            dt = DTYPE[o.element_type]
            results[f"out{i}"] = np.frombuffer(bytes(o.to_host()), dt).reshape(o.dimensions)
    for b in reversed(owned):
        b.close()
    exe.close()
    client.close()
    np.savez(outputs_path, **results)
    print(json.dumps(facts))
""")


def _run(args: list[str], timeout: float = 60) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run([sys.executable, *args], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"{args[:2]} did not finish within {timeout} s (hang?):\n{e.stderr}")


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_pypjrt_compiles_executes_reads_back(plugin_path: Path, tmp_path: Path, name: str) -> None:
    args = _inputs(name)
    (tmp_path / "program.mlir").write_text(PROGRAMS[name])
    np.savez(tmp_path / "inputs.npz", **{f"arg{i}": a for i, a in enumerate(args)})
    proc = _run(["-c", RUN_PROGRAM, str(plugin_path), str(tmp_path / "program.mlir"),
                 str(tmp_path / "inputs.npz"), str(tmp_path / "outputs.npz")])
    assert proc.returncode == 0, f"pypjrt on our plugin exited with {proc.returncode}:\n{proc.stderr[-4000:]}"
    facts = json.loads(proc.stdout.strip().splitlines()[-1])
    assert facts["platform"] == "cpu"
    assert facts["device_count"] == 2, "pypjrt's cpu_device_count create-option was not honoured"
    assert facts["api_version"][0] == 0 and facts["api_version"][1] >= 57
    assert facts["input_readback_equal"], "host->device->host round trip changed the inputs"
    want = _expected(name, args)
    assert facts["num_outputs"] == len(want)
    with np.load(tmp_path / "outputs.npz") as z:
        got = [z[f"out{i}"] for i in range(len(z.files))]
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        assert g.dtype == w.dtype and g.shape == w.shape, f"out{i}: {g.dtype}{g.shape} vs {w.dtype}{w.shape}"
        if w.dtype.kind == "f":
            np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-5, err_msg=f"{name} out{i}")
        else:
            np.testing.assert_array_equal(g, w, err_msg=f"{name} out{i}")


# Every dtype pypjrt knows, host -> device -> host through pypjrt, bitwise.
ROUND_TRIP = textwrap.dedent(r"""
    import json, sys
    import numpy as np
    import pypjrt
    from pypjrt import typing as T

    plugin = pypjrt.Plugin(sys.argv[1])
    plugin.initialize()
    client = pypjrt.Client(plugin)
    rng = np.random.default_rng(0)
    raw = rng.integers(0, 256, size=96, dtype=np.uint8)
    bad = {}
    with client.device(0) as dev:
        for t in T.ALL:
            data = raw[: 2 * 3 * t.itemsize].copy()
            if t is T.PRED:
                data = (data & 1).astype(np.uint8)
            b = client.buffer_from_host(data, t.code, (2, 3), dev)
            try:
                back = np.frombuffer(bytes(b.to_host()), np.uint8)
                if b.element_type != t.code or b.dimensions != (2, 3) or not np.array_equal(back, data):
                    bad[t.name] = f"type={b.element_type} dims={b.dimensions} equal={np.array_equal(back, data)}"
            finally:
                b.close()
    client.close()
    print(json.dumps({"checked": [t.name for t in T.ALL], "bad": bad}))
""")


def test_pypjrt_round_trips_every_dtype(plugin_path: Path) -> None:
    proc = _run(["-c", ROUND_TRIP, str(plugin_path)])
    assert proc.returncode == 0, f"pypjrt round trip exited with {proc.returncode}:\n{proc.stderr[-4000:]}"
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert "bf16" in out["checked"] and "pred" in out["checked"]
    assert out["bad"] == {}, f"bytes changed on the way through our plugin: {out['bad']}"


# --- pypjrt's conformance harness ----------------------------------------------------------------

# Checks of what our plugin claims (PJRT C API 0.81, issue 3): each must PASS.
CLAIMED = [
    "abi.api_version_readable", "abi.struct_size_consistent", "abi.vtable_within_headers",
    "abi.unknown_slot_is_clean_error",
    "plugin.initialize", "plugin.attributes", "plugin.xla_version_present", "plugin.stablehlo_version_range",
    "extensions.chain_walk", "extensions.unknown_types_preserved",
    "client.create", "client.platform_name", "client.platform_version", "client.process_index",
    "client.addressable_devices", "client.all_devices", "client.addressable_memories",
    "client.topology_description",
    "errors.error_code_reported",
    "device.description", "device.is_addressable", "device.local_hardware_id", "device.default_memory",
    "device.memory_stats", "device.memory_spaces", "device.execute_context", "device.attributes",
    "compile.stablehlo_text", "compile.num_outputs", "compile.output_element_types",
    "compile.output_dimensions", "compile.fingerprint", "compile.compiled_memory_stats",
    "compile.cost_analysis", "compile.optimized_program", "compile.serialize", "compile.deserialize_and_load",
    "topology.from_client", "topology.device_descriptions", "topology.serialize",
    "buffer.from_host", "buffer.device_and_memory", "buffer.is_on_cpu", "buffer.memory_layout",
    "buffer.ready_event", "buffer.opaque_device_pointer", "buffer.external_reference_count",
    "execute.single_device", "execute.device_complete_events",
]

# Features our plugin does not claim; pypjrt reports them UNSUPPORTED or SKIP (never FAIL).
NOT_CLAIMED = {
    "device.clear_memory_stats": "PJRT_Device_ClearMemoryStats is newer than our PJRT 0.81 table",
    "device.coords": "a CPU device has no mesh coordinates attribute",
    "triton.compile": "no Triton extension on a CPU plugin",
    "topology.fingerprint": "PJRT_TopologyDescription_Fingerprint is newer than our PJRT 0.81 table",
    "topology.deserialize": "PJRT_TopologyDescription_Deserialize is UNIMPLEMENTED (nothing compiles against a topology without a client)",
    "topology.create_by_name": "PJRT_TopologyDescription_Create describes the plugin's own topology only ('cpu' "
                               "or empty name); pypjrt asks for a TPU topology by name",
    "topology.client_free_compile": "PJRT_Compile (client-free AOT compile) is UNIMPLEMENTED",
    "abi_version.extension_present": "the AbiVersion extension is not offered (no extensions at all)",
    "abi_version.executable_proto": "needs the AbiVersion extension",
    "abi_version.is_compatible_with_executable": "needs the AbiVersion extension",
    "transfer.async_host_to_device": "PJRT_Client_CreateBuffersForAsyncHostToDevice is UNIMPLEMENTED",
    "layouts.buffer_and_default": "the Layouts extension is not offered",
    "layouts.executable_parameters": "the Layouts extension is not offered",
    "stream.external_ready_events": "the Stream extension is not offered (no device streams on CPU)",
}

_SUMMARY_RE = re.compile(r"(\d+) pass · (\d+) unsupported · (\d+) skip · (\d+) FAIL")


@pytest.fixture(scope="module")
def conform(plugin_path: Path, tmp_path_factory: pytest.TempPathFactory) -> dict:
    out = tmp_path_factory.mktemp("conform") / "report.json"
    proc = _run(["-m", "pypjrt.conform", str(plugin_path), "-v", "--json", str(out)], timeout=120)
    assert proc.returncode in (0, 1), (
        f"python -m pypjrt.conform crashed or errored ({proc.returncode}) on our plugin:\n"
        f"{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    report = json.loads(out.read_text())
    return {"proc": proc, "report": report, "results": {c["id"]: c for c in report["checks"]}}


def test_conformance_reports_zero_failures(conform: dict) -> None:
    proc, report = conform["proc"], conform["report"]
    failures = [f"{c['id']}: {c['detail']}" for c in report["checks"] if c["result"] == "fail"]
    assert not failures, "pypjrt.conform FAILURES on our plugin:\n  " + "\n  ".join(failures)
    assert proc.returncode == 0
    # The printed summary agrees with the JSON report.
    m = _SUMMARY_RE.search(proc.stdout)
    assert m, f"no summary line in pypjrt.conform output:\n{proc.stdout[-2000:]}"
    counts = {r: sum(c["result"] == r for c in report["checks"]) for r in ("pass", "unsupported", "skip", "fail")}
    assert tuple(int(x) for x in m.groups()) == (counts["pass"], counts["unsupported"], counts["skip"], 0)
    assert report["api_version"] == [0, 81] and report["platform"] == "cpu"
    assert counts["pass"] >= len(CLAIMED)


def test_conformance_new_checks_do_not_fail(conform: dict) -> None:
    """A newer pypjrt may add checks; whatever they are, they must not FAIL on our plugin."""
    unknown = {k: v for k, v in conform["results"].items() if k not in CLAIMED and k not in NOT_CLAIMED}
    assert not [k for k, v in unknown.items() if v["result"] == "fail"], unknown


@pytest.mark.parametrize(
    "check_id",
    [*CLAIMED, *(pytest.param(k, marks=pytest.mark.xfail(strict=True, raises=AssertionError,
                                                                 reason=f"not claimed: {why}"))
                 for k, why in NOT_CLAIMED.items())],
)
def test_conformance_check(conform: dict, check_id: str) -> None:
    res = conform["results"].get(check_id)
    if res is None:
        pytest.skip(f"this pypjrt has no check {check_id!r}")
    if res["result"] == "fail":  # pytest.fail, not assert: never absorbed by the xfail marks
        pytest.fail(f"{check_id} FAILED (not merely unsupported): {res['detail']}")
    assert res["result"] == "pass", f"{check_id}: {res['result']}: {res['detail']}"
