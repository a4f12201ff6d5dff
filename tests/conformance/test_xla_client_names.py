"""Every public name of Google's jaxlib 0.10.2 ``xla_client`` (recorded in
data/xla_client_0_10_2.json by generate_xla_client_api.py) exists in ours and either works,
checked against the recorded behaviour where there is one, or raises its documented error.
"""

from __future__ import annotations

import contextlib
import importlib.util
import inspect
import json
import os
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

np = pytest.importorskip("numpy")
xc = pytest.importorskip("jaxlib.xla_client")
if not hasattr(xc, "make_cpu_client"):  # pragma: no cover
    pytest.skip("not our jaxlib", allow_module_level=True)

REAL = json.loads((Path(__file__).parent / "data" / "xla_client_0_10_2.json").read_text())
NAMES = {row["name"]: row for row in REAL["names"]}

ADD = """module @m attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.add %a, %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}"""

# The names that always raise, with the reason our design gives (xla_client.UNSUPPORTED_NAMES).
EXPECTED_UNSUPPORTED = {
    "XlaComputation": "StableHLO only",
    "register_custom_call_partitioner": "SPMD partitioner",
    "register_custom_call_as_batch_partitionable": "SPMD partitioner",
    "encode_inspect_sharding_callback": "sharding propagation",
}


@pytest.fixture(scope="module")
def client():
    c = xc.make_cpu_client(num_devices=4)
    yield c
    c.close()


def test_recorded_api_is_jaxlib_0_10_2_with_62_names() -> None:
    assert REAL["jaxlib_version"] == "0.10.2"
    assert REAL["count"] == len(NAMES) == 62, f"expected the issue's 62 names, the data has {len(NAMES)}"
    assert xc.API_COMPATIBILITY == "0.10.2"
    from jaxlib import api_level

    assert list(api_level.XLA_CLIENT_NAMES) == [row["name"] for row in REAL["names"]], (
        "jaxlib.api_level must list exactly the recorded names (the doctor counts them)")


def test_doctor_reports_the_api_level() -> None:
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "jaxlib"], capture_output=True, text=True, timeout=120).stdout
    line = next((ln for ln in out.splitlines() if "xla_client" in ln), "")
    assert line.strip().startswith("xla_client 0.10.2-compatible: 62/62 names (4 raise UnsupportedApiError by design:"), out
    for name in EXPECTED_UNSUPPORTED:
        assert name in line, line


@pytest.mark.parametrize("name", sorted(NAMES))
def test_name_exists_with_the_same_kind(name: str) -> None:
    assert hasattr(xc, name), f"xla_client.{name} is missing (jaxlib 0.10.2 has it)"
    ours, kind = getattr(xc, name), NAMES[name]["kind"]
    if kind == "class":
        assert inspect.isclass(ours), f"{name}: jaxlib 0.10.2 has a class, ours is {type(ours).__name__}"
    elif kind == "function":
        assert callable(ours) and not inspect.isclass(ours), f"{name}: expected a function"
    else:
        assert type(ours).__name__ == kind, f"{name}: expected a {kind}"
    assert name in xc.__all__, f"{name} is missing from xla_client.__all__"


def test_unsupported_names_are_exactly_the_documented_ones() -> None:
    assert set(xc.UNSUPPORTED_NAMES) == set(EXPECTED_UNSUPPORTED)
    for name, fragment in EXPECTED_UNSUPPORTED.items():
        assert fragment in xc.UNSUPPORTED_NAMES[name], (name, xc.UNSUPPORTED_NAMES[name])


def _raises_unsupported(name: str, call: Callable[[], Any]) -> None:
    with pytest.raises(xc.UnsupportedApiError) as info:
        call()
    assert isinstance(info.value, xc.XlaRuntimeError) and isinstance(info.value, NotImplementedError)
    assert str(info.value).startswith(f"UNIMPLEMENTED: {name}: "), str(info.value)
    assert xc.UNSUPPORTED_NAMES[name] in str(info.value)


# ----------------------------------------------------------------- one check per name


def _array(client, values=(0.0, 1.0, 2.0, 3.0)):
    return client.buffer_from_pyval(np.asarray(values, dtype=np.float32))


def check_Array(client):
    assert isinstance(_array(client), xc.Array)


def check_ArrayCopySemantics(client):
    assert {k: int(v) for k, v in xc.ArrayCopySemantics.__members__.items()} == REAL["enums"]["ArrayCopySemantics"]


def check_ArrayImpl(client):
    a = _array(client)
    assert isinstance(a, xc.ArrayImpl) and np.asarray(a).tolist() == [0.0, 1.0, 2.0, 3.0]


def check_AutotuneCacheMode(client):
    assert {k: int(v) for k, v in xc.AutotuneCacheMode.__members__.items()} == REAL["enums"]["AutotuneCacheMode"]


def check_Client(client):
    assert isinstance(client, xc.Client) and client.platform == "cpu" and client.device_count() == 4


def check_CompileOptions(client):
    opts = xc.CompileOptions()
    opts.num_replicas = 2
    assert opts.SerializeAsString() == bytes.fromhex("1a0420022801")


def check_CustomCallHandler(client):
    assert getattr(xc.CustomCallHandler, "_is_protocol", False)


def check_CustomCallTargetTraits(client):
    assert {k: int(v) for k, v in xc.CustomCallTargetTraits.__members__.items()} == REAL["enums"]["CustomCallTargetTraits"]


def check_CustomTypeIdHandler(client):
    assert getattr(xc.CustomTypeIdHandler, "_is_protocol", False)


def check_Device(client):
    d = client.devices()[1]
    assert isinstance(d, xc.Device) and d.id == 1 and d.platform == "cpu"


def check_DeviceAssignment(client):
    da = xc.DeviceAssignment.create([[0, 1], [2, 3]])
    assert (da.replica_count(), da.computation_count()) == (2, 2)


def check_DeviceList(client):
    dl = xc.DeviceList(tuple(client.devices()))
    assert len(dl) == 4 and dl.is_fully_addressable and dl.default_memory_kind == "device"


def check_DeviceTopology(client):
    t = client.topology()
    assert isinstance(t, xc.DeviceTopology) and t.platform == REAL["client"]["topology_for_devices"]["platform"]


def check_Executable(client):
    exe = client.compile(ADD, client.devices()[:1])
    assert isinstance(exe, xc.Executable)
    out = exe.load().execute([_array(client)])
    assert np.asarray(out[0]).tolist() == REAL["client"]["execute"][0]


def check_Frame(client):
    assert repr(xc.Frame("a.py", "fn", 3, 4)) == REAL["layouts_and_shapes"]["frame_repr"]


def check_GSPMDSharding(client):
    s = xc.GSPMDSharding(client.devices(), xc.HloSharding.iota_tile([4]))
    assert s.num_devices == 4 and s.memory_kind == "device" and str(s._hlo_sharding) == "{devices=[4]<=[4]}"


def check_HloSharding(client):
    assert xc.HloSharding.replicate().is_replicated() and xc.HloSharding.iota_tile([2, 2]).num_devices() == 4


def check_HostBufferSemantics(client):
    assert {k: int(v) for k, v in xc.HostBufferSemantics.__members__.items()} == REAL["enums"]["HostBufferSemantics"]


def check_Layout(client):
    rec = REAL["layouts_and_shapes"]
    assert str(xc.Layout([1, 0])) == rec["layout_1_0"]["str"]
    assert str(xc.Layout([0, 1], [(8, 128)], 32)) == rec["layout_tiled"]["str"]


def check_LoadedExecutable(client):
    exe = client.compile_and_load(ADD, client.devices()[:1])
    assert isinstance(exe, xc.LoadedExecutable)
    assert exe.get_output_memory_kinds() == REAL["client"]["output_memory_kinds"]
    assert [str(x) for x in exe.get_parameter_layouts()] == REAL["client"]["parameter_layouts"]
    assert [str(x) for x in exe.get_output_layouts()] == REAL["client"]["output_layouts"]


def check_LoadedExecutable_execute(client):
    exe = client.compile_and_load(ADD, client.devices()[:1])
    out = xc.LoadedExecutable_execute(exe, [_array(client)])
    assert [np.asarray(o).tolist() for o in out] == REAL["client"]["execute"]


def check_LoadedExecutable_execute_with_token(client):
    exe = client.compile_and_load(ADD, client.devices()[:1])
    out, token = xc.LoadedExecutable_execute_with_token(exe, [_array(client)])
    rec = REAL["client"]["execute_with_token"]
    assert [np.asarray(o).tolist() for o in out] == rec["outputs"]
    assert type(token).__name__ == rec["token_type"]
    assert sorted(m for m in dir(token) if not m.startswith("_")) == rec["token_members"]
    token.block_until_ready()


def check_Memory(client):
    kinds = [m.kind for m in client.devices()[0].addressable_memories()]
    assert kinds == ["device", "pinned_host", "unpinned_host"]


def check_NamedSharding(client):
    mesh = SimpleNamespace(devices=np.array(client.devices(), dtype=object).reshape(2, 2), axis_names=("x", "y"))
    s = xc.NamedSharding(mesh, ("x", None))
    assert str(s._to_xla_hlo_sharding(2)) == "{devices=[2,1,2]0,1,2,3 last_tile_dim_replicate}"
    assert s.shard_shape((8, 3)) == (4, 3)


def check_OpSharding(client):
    op = xc.OpSharding()
    op.type = xc.OpSharding.Type.OTHER
    op.tile_assignment_dimensions = [2, 2]
    op.tile_assignment_devices = [3, 2, 1, 0]
    assert op.SerializeToString().hex() == REAL["shardings"]["op_sharding_other_3210_hex"]


def check_PjRtLayout(client):
    layout = client.get_default_layout(np.dtype("float32"), (2, 3), client.devices()[0])
    assert isinstance(layout, xc.PjRtLayout) and str(layout) == REAL["client"]["default_layout_f32_2x3"]


def check_PrimitiveType(client):
    ours = {k: int(v) for k, v in xc.PrimitiveType.__members__.items()}
    # Ours also names S2/U2 (XLA's 26/27), which 0.10.2's enum leaves out.
    assert {k: ours.get(k) for k in REAL["enums"]["PrimitiveType"]} == REAL["enums"]["PrimitiveType"]


def check_ProgramShape(client):
    f32 = xc.Shape.array_shape(np.dtype("float32"), (2, 3))
    ps = xc.ProgramShape([f32], xc.Shape.array_shape(np.dtype("int32"), ()))
    assert str(ps) == REAL["layouts_and_shapes"]["program_shape"]["str"]


def check_Shape(client):
    assert xc.Shape("f32[2,3]").dimensions() == (2, 3)


def check_Sharding(client):
    assert issubclass(xc.SingleDeviceSharding, xc.Sharding) and issubclass(xc.NamedSharding, xc.Sharding)


def check_SingleDeviceSharding(client):
    s = xc.SingleDeviceSharding(client.devices()[2])
    assert s._device == client.devices()[2] and s._memory_kind == "device" and s.device_set == {client.devices()[2]}


def _here():
    return xc.Traceback.get_traceback()


def check_Traceback(client):
    tb = _here()
    assert tb.frames[0].function_name == "_here" and tb.frames[1].function_name == "check_Traceback"
    assert str(tb).splitlines()[0] == f"{__file__}:{_here.__code__.co_firstlineno + 1} (_here)"


def check_TracebackScope(client):
    def inner():
        return xc.Traceback.get_traceback()

    with xc.TracebackScope():
        tb = inner()
    assert [f.function_name for f in tb.frames] == ["inner"]


def check_XlaComputation(client):
    _raises_unsupported("XlaComputation", lambda: xc.XlaComputation(b""))


def check_XlaRuntimeError(client):
    with pytest.raises(xc.XlaRuntimeError, match="INVALID_ARGUMENT"):
        client.compile_and_load("not mlir", client.devices()[:1])


def check_array_result_handler(client):
    a = _array(client)
    handler = xc.array_result_handler(SimpleNamespace(shape=(4,), dtype=np.dtype("float32")),
                                      xc.SingleDeviceSharding(client.devices()[0]), True)
    assert handler.wrap([a]) is a


def check_batched_block_until_ready(client):
    xc.batched_block_until_ready([_array(client), _array(client)])


def check_batched_copy_array_to_devices_with_sharding(client):
    a = _array(client)
    d1 = xc.DeviceList((client.devices()[1],))
    (b,) = xc.batched_copy_array_to_devices_with_sharding([a], [d1], [xc.SingleDeviceSharding(client.devices()[1])],
                                                          [xc.ArrayCopySemantics.ALWAYS_COPY])
    assert b.device == client.devices()[1] and np.asarray(b).tolist() == np.asarray(a).tolist()


def check_batched_device_put(client):
    d = client.devices()[3]
    a = xc.batched_device_put(None, xc.SingleDeviceSharding(d), [np.arange(3, dtype=np.int32)], [d])
    assert a.device == d and np.asarray(a).tolist() == [0, 1, 2]


def check_check_and_canonicalize_memory_kind(client):
    dl = xc.DeviceList(tuple(client.devices()))
    rec = REAL["client"]["memory_kind"]
    assert xc.check_and_canonicalize_memory_kind(None, dl) == rec["None"]
    assert xc.check_and_canonicalize_memory_kind("pinned_host", dl) == rec["pinned_host"]
    with pytest.raises(ValueError) as info:
        xc.check_and_canonicalize_memory_kind("foo", dl)
    assert str(info.value) == rec["bad"]["message"]


def check_custom_call_targets(client):
    assert isinstance(xc.custom_call_targets("cpu"), dict)


def check_encode_inspect_sharding_callback(client):
    _raises_unsupported("encode_inspect_sharding_callback", lambda: xc.encode_inspect_sharding_callback(print))


def check_execution_stream_id(client):
    assert xc.get_execution_stream_id() == 0
    with xc.execution_stream_id(3):
        assert xc.get_execution_stream_id() == 3
    assert xc.get_execution_stream_id() == 0


def check_generate_pjrt_gpu_plugin_options(client):
    saved = {k: os.environ.pop(k) for k in list(os.environ) if k.startswith("XLA_")}
    try:
        assert xc.generate_pjrt_gpu_plugin_options() == REAL["gpu_plugin_options_default_env"]
    finally:
        os.environ.update(saved)


def check_get_topology_for_devices(client):
    t = xc.get_topology_for_devices(client.devices())
    assert t.platform == "cpu" and len(t._make_compile_only_devices()) == 4


def check_initialize_pjrt_plugin(client):
    xc.initialize_pjrt_plugin("cpu")
    assert xc.pjrt_plugin_initialized("cpu")
    with pytest.raises(xc.XlaRuntimeError, match="FAILED_PRECONDITION"):
        xc.initialize_pjrt_plugin("not_a_plugin")


def check_load_pjrt_plugin_dynamically(client):
    rec = REAL["plugins"]["load_again"]
    with pytest.raises(xc.XlaRuntimeError) as info:
        xc.load_pjrt_plugin_dynamically("cpu", "/nonexistent/plugin.so")
    assert str(info.value) == rec["message"].replace("xla_cpu", "cpu")
    with pytest.raises(xc.XlaRuntimeError, match="NOT_FOUND"):
        xc.load_pjrt_plugin_dynamically("missing", "/nonexistent/plugin.so")


def check_load_pjrt_plugin_with_c_api(client):
    from jaxlib import plugin_support

    capsule = plugin_support.loaded_plugin("cpu").c_api()
    xc.load_pjrt_plugin_with_c_api("cpu_again", capsule)
    assert xc.pjrt_plugin_loaded("cpu_again")
    c = xc.make_c_api_client("cpu_again", {"cpu_device_count": 2})
    assert c.device_count() == 2
    c.close()


def check_make_c_api_client(client):
    c = xc.make_c_api_client("cpu", {"cpu_device_count": 3})
    assert c.device_count() == 3
    c.close()


def check_make_c_api_device_topology(client):
    from jaxlib import plugin_support

    t = xc.make_c_api_device_topology(plugin_support.loaded_plugin("cpu").c_api(), cpu_device_count=3)
    assert t.platform == "cpu" and len(t._make_compile_only_devices()) == 3


def check_make_cpu_client(client):
    c = xc.make_cpu_client(num_devices=1)
    assert c.device_count() == 1
    c.close()


def check_make_tfrt_tpu_c_api_device_topology(client):
    if xc.pjrt_plugin_loaded("tpu"):  # pragma: no cover - TPU hosts only
        assert xc.make_tfrt_tpu_c_api_device_topology().platform == "tpu"
        return
    with pytest.raises(xc.XlaRuntimeError, match="FAILED_PRECONDITION"):
        xc.make_tfrt_tpu_c_api_device_topology()


def check_pjrt_plugin_initialized(client):
    with pytest.raises(xc.XlaRuntimeError) as info:
        xc.pjrt_plugin_initialized("not_a_plugin")
    assert str(info.value).startswith(REAL["plugins"]["pjrt_plugin_initialized_unknown"]["message"].rstrip("."))


def check_pjrt_plugin_loaded(client):
    assert xc.pjrt_plugin_loaded("cpu") is True
    assert repr(xc.pjrt_plugin_loaded("not_a_plugin")) == REAL["plugins"]["pjrt_plugin_loaded_unknown"]["returns"]


def check_register_custom_call_as_batch_partitionable(client):
    _raises_unsupported("register_custom_call_as_batch_partitionable",
                        lambda: xc.register_custom_call_as_batch_partitionable("my_target"))


def check_register_custom_call_handler(client):
    seen = []
    xc.register_custom_call_target("before_handler", 0x1000, platform="conformance_platform")
    xc.register_custom_call_handler("conformance_platform", lambda *a, **k: seen.append(a))
    xc.register_custom_call_target("after_handler", 0x2000, platform="conformance_platform")
    assert [a[:3] for a in seen] == [("before_handler", 0x1000, "conformance_platform"),
                                     ("after_handler", 0x2000, "conformance_platform")]


def check_register_custom_call_partitioner(client):
    _raises_unsupported("register_custom_call_partitioner",
                        lambda: xc.register_custom_call_partitioner("t", print, print, print))


def check_register_custom_call_target(client):
    xc.register_custom_call_target("conformance_target", 0x3000, platform="cpu")
    assert xc.custom_call_targets("cpu")["conformance_target"] == 0x3000


def check_register_custom_type(client):
    import ctypes

    slot = ctypes.c_int64(0)
    xc.register_custom_type("conformance.type", ctypes.addressof(slot), platform="cpu")
    assert slot.value > 0, "the plugin assigns a fresh type id"


def check_register_custom_type_handler(client):
    seen = []
    xc.register_custom_type_handler("conformance_types", lambda name, tid: seen.append((name, tid)))
    with contextlib.suppress(xc.XlaRuntimeError):  # no plugin named conformance_types
        xc.register_custom_type("t1", 0x4000, platform="conformance_types")
    assert seen == [("t1", 0x4000)]


def check_reorder_shards(client):
    a = _array(client)
    b = xc.reorder_shards(a, xc.SingleDeviceSharding(client.devices()[2]), xc.ArrayCopySemantics.REUSE_INPUT)
    assert b.device == client.devices()[2] and np.asarray(b).tolist() == np.asarray(a).tolist()
    assert xc.reorder_shards(a, xc.SingleDeviceSharding(a.device), xc.ArrayCopySemantics.REUSE_INPUT) is a


def check_xla_platform_names(client):
    assert xc.xla_platform_names == NAMES["xla_platform_names"]["value"]


CHECKS = {name[len("check_"):]: fn for name, fn in globals().items() if name.startswith("check_")}


def test_every_name_has_a_check() -> None:
    assert sorted(CHECKS) == sorted(NAMES), "each recorded name needs a check_<name> here"


@pytest.mark.parametrize("name", sorted(NAMES))
def test_name_works_or_raises_its_documented_error(name: str, client) -> None:
    CHECKS[name](client)


def test_xla_cpu_plugin_topology_falls_back_to_a_client(tmp_path) -> None:
    spec = importlib.util.find_spec("lammps_jax_pjrt_cpu")
    if spec is None:
        pytest.skip("lammps-jax-pjrt-cpu (XLA's CPU plugin) is not installed")
    import lammps_jax_pjrt_cpu

    rec = REAL["plugins"]
    capsule = xc.load_pjrt_plugin_dynamically("xla_cpu_conformance", str(lammps_jax_pjrt_cpu.PLUGIN_PATH))
    assert type(capsule).__name__ == rec["load_returns"]
    assert xc.pjrt_plugin_loaded("xla_cpu_conformance") is rec["loaded_after_load"]
    # False in a fresh process (recorded); other tests here may have initialized the same library.
    assert isinstance(xc.pjrt_plugin_initialized("xla_cpu_conformance"), bool)
    assert rec["initialized_after_load"] is False
    xc.initialize_pjrt_plugin("xla_cpu_conformance")
    assert xc.pjrt_plugin_initialized("xla_cpu_conformance") is rec["initialized_after_initialize"]
    with pytest.raises(xc.XlaRuntimeError) as info:
        xc.load_pjrt_plugin_dynamically("xla_cpu_conformance", str(lammps_jax_pjrt_cpu.PLUGIN_PATH))
    assert str(info.value) == rec["load_again"]["message"].replace("xla_cpu", "xla_cpu_conformance")
    # XLA's plugin has no client-free topology (recorded message); ours describes a client's.
    assert rec["xla_cpu_c_api_topology"]["message"].startswith("UNIMPLEMENTED")
    topology = xc.make_c_api_device_topology(capsule)
    assert topology.platform == rec["xla_cpu_client_topology"]["platform"]
    assert topology.platform_version == rec["xla_cpu_client_topology"]["platform_version"].split("\n")[-1]
    assert len(topology._make_compile_only_devices()) == 4
