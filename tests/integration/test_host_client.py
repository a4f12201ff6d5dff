"""Our PJRT host driving real plugins through jaxlib.xla_client: XLA's CPU plugin (PyPI
lammps-jax-pjrt-cpu, a test dependency) and our own jaxlib-cpu, with the same suite.

Everything here is expected to be safe in-process; crash-prone bad input lives in
test_host_bad_input.py (subprocesses).
"""

from __future__ import annotations

import gc
import importlib.util
import sys
import threading

import ml_dtypes
import numpy as np
import pytest
from jaxlib import plugin_support, xla_client

BACKENDS = ["xla", "ours"]

ADD_F32 = """
module @add_f32 {
  func.func public @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.add %a, %b : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
"""

TWO_OUTPUTS = """
module @two_outputs {
  func.func public @main(%x: tensor<2x3xf32> {jax.arg_info = "x"}, %n: tensor<3xi32>) -> (tensor<2x3xf32>, tensor<3xi32>) {
    %0 = stablehlo.multiply %x, %x : tensor<2x3xf32>
    %1 = stablehlo.negate %n : tensor<3xi32>
    return %0, %1 : tensor<2x3xf32>, tensor<3xi32>
  }
}
"""

DOUBLE_F32 = """
module @double {
  func.func public @main(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.add %a, %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
"""

# The dtypes every backend must move host <-> device unchanged.
CORE_DTYPES = [
    np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
    np.float16, np.float32, np.float64, ml_dtypes.bfloat16, np.complex64, np.complex128,
]
# Extra types XLA's plugin supports (one byte per element on the host for sub-byte types).
XLA_EXTRA_DTYPES = [
    ml_dtypes.float8_e5m2, ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e4m3b11fnuz,
    ml_dtypes.float8_e5m2fnuz, ml_dtypes.float8_e4m3fnuz, ml_dtypes.int4, ml_dtypes.uint4,
]


def _xla_plugin_path() -> str:
    spec = importlib.util.find_spec("lammps_jax_pjrt_cpu")
    if spec is None:
        pytest.skip("lammps-jax-pjrt-cpu (XLA's CPU plugin) is not installed")
    import lammps_jax_pjrt_cpu

    return str(lammps_jax_pjrt_cpu.PLUGIN_PATH)


def make_client(backend: str) -> xla_client.Client:
    if backend == "xla":
        plugin_support.load_pjrt_plugin_dynamically("xla_cpu_test", _xla_plugin_path())
        return xla_client.make_c_api_client("xla_cpu_test", {"cpu_device_count": 4})
    if importlib.util.find_spec("jaxlib_cpu") is None:
        pytest.skip("our jaxlib-cpu backend is not installed")
    if "cpu" not in plugin_support.registrations():
        pytest.skip("jaxlib-cpu is installed but did not register the 'cpu' plugin")
    return xla_client.make_cpu_client(num_devices=4)


@pytest.fixture(params=BACKENDS)
def client(request: pytest.FixtureRequest) -> xla_client.Client:
    c = make_client(request.param)
    yield c
    c.close()


def _compile(
    client: xla_client.Client,
    text: str,
    devices: list[xla_client.Device] | None = None,
    options: xla_client.CompileOptions | None = None,
) -> xla_client.LoadedExecutable:
    try:
        return client.compile_and_load(text, devices or client.local_devices()[:1], options)
    except xla_client.XlaRuntimeError as e:
        if str(e).startswith("UNIMPLEMENTED"):
            pytest.skip(f"{client.plugin_name} cannot compile yet: {e}")
        raise


def test_devices_and_memories(client: xla_client.Client) -> None:
    devices = client.devices()
    assert client.device_count() == len(devices) == 4, f"expected 4 CPU devices, got {devices}"
    assert client.local_device_count() == 4
    assert sorted(d.id for d in devices) == [0, 1, 2, 3]
    assert client.platform == "cpu"
    assert client.process_index() == 0
    assert client.runtime_type == "pjrt_c_api"
    for d in devices:
        assert d.platform == "cpu" and d.process_index == 0 and d.host_id == 0
        assert d.client is client
        assert d.local_hardware_id == d.id
        assert isinstance(d.device_kind, str) and d.device_kind
        mem = d.default_memory()
        assert mem.kind == "device", f"default memory of {d} is {mem.kind!r}"
        assert d.memory("device") == mem
        assert d in mem.addressable_by_devices()
        assert mem in d.addressable_memories()
    with pytest.raises(xla_client.XlaRuntimeError, match="INVALID_ARGUMENT.*no_such_kind"):
        devices[0].memory("no_such_kind")
    stats = devices[0].memory_stats()
    assert stats is None or isinstance(stats, dict)
    dl = xla_client.DeviceList(tuple(devices))
    assert len(dl) == 4 and list(dl) == devices and dl.is_fully_addressable
    assert dl.process_indices == {0} and dl.default_memory_kind == "device"


@pytest.mark.parametrize("semantics", list(xla_client.HostBufferSemantics))
@pytest.mark.parametrize("dtype", CORE_DTYPES + XLA_EXTRA_DTYPES, ids=lambda d: np.dtype(d).name)
def test_roundtrip_every_dtype(client: xla_client.Client, dtype: object, semantics: xla_client.HostBufferSemantics) -> None:
    if dtype in XLA_EXTRA_DTYPES and client.plugin_name != "xla_cpu_test":
        pytest.skip("our backend supports the core dtypes only")
    rng = np.random.default_rng(0)
    x = (rng.integers(0, 2, size=(3, 5)) if np.dtype(dtype).kind in "biu" else rng.standard_normal((3, 5))).astype(dtype)
    if np.dtype(dtype).kind == "c":
        x = x + (1j * rng.standard_normal((3, 5))).astype(dtype)
    device = client.devices()[1]
    a = client.buffer_from_pyval(x, device, host_buffer_semantics=semantics)
    assert a.shape == (3, 5) and a.dtype == np.dtype(dtype)
    assert a.device == device
    y = np.asarray(a)
    assert y.dtype == x.dtype and y.shape == x.shape
    np.testing.assert_array_equal(y.view(np.uint8), x.view(np.uint8), err_msg=f"{np.dtype(dtype)} changed in a round trip")


def test_scalars_and_empty_arrays(client: xla_client.Client) -> None:
    for value in (np.float32(2.5), np.zeros((0, 3), np.int32), np.array(True), 7):
        a = client.buffer_from_pyval(value)
        np.testing.assert_array_equal(np.asarray(a), np.asarray(value))
        assert a.shape == np.shape(value)


def _aligned_array(n: int, dtype: object, alignment: int = 64) -> np.ndarray:
    """A writable 1-D array whose data is `alignment`-byte aligned (XLA aliases only those)."""
    itemsize = np.dtype(dtype).itemsize
    raw = np.empty(n * itemsize + alignment, dtype=np.uint8)
    offset = (-raw.ctypes.data) % alignment
    return raw[offset : offset + n * itemsize].view(dtype)


def test_zero_copy_keeps_host_memory_alive_until_destruction(client: xla_client.Client) -> None:
    x = _aligned_array(1024, np.float32)
    x[:] = np.arange(1024)
    owner = x.base
    while getattr(owner, "base", None) is not None:
        owner = owner.base
    base = sys.getrefcount(owner)
    a = client.buffer_from_pyval(x, host_buffer_semantics=xla_client.HostBufferSemantics.ZERO_COPY)
    x[0] = 42.0
    aliased = float(np.asarray(a)[0]) == 42.0
    if aliased:
        assert sys.getrefcount(owner) > base, "an aliasing zero-copy buffer must hold the host array"
    del a
    gc.collect()
    assert sys.getrefcount(owner) == base, "host array must be released once the buffer is gone"
    # Dropping the caller's reference must not invalidate the device data.
    y = np.arange(16, dtype=np.float64) * 3
    b = client.buffer_from_pyval(y.copy(), host_buffer_semantics=xla_client.HostBufferSemantics.ZERO_COPY)
    gc.collect()
    np.testing.assert_array_equal(np.asarray(b), y)
    if client.plugin_name == "xla_cpu_test":
        assert aliased, "XLA's CPU plugin aliases 64-byte-aligned host memory under ZERO_COPY"


def test_copy_during_call_releases_host_memory(client: xla_client.Client) -> None:
    x = np.arange(64, dtype=np.int32)
    base = sys.getrefcount(x)
    a = client.buffer_from_pyval(x, host_buffer_semantics=xla_client.HostBufferSemantics.IMMUTABLE_ONLY_DURING_CALL)
    gc.collect()
    assert sys.getrefcount(x) == base, "semantics 0 must not keep the host array"
    x[:] = -1
    np.testing.assert_array_equal(np.asarray(a), np.arange(64, dtype=np.int32))


def test_compile_execute_add(client: xla_client.Client) -> None:
    exe = _compile(client, ADD_F32)
    a = client.buffer_from_pyval(np.array([1, 2, 3, 4], np.float32))
    b = client.buffer_from_pyval(np.array([10, 20, 30, 40], np.float32))
    (out,) = exe.execute([a, b])
    np.testing.assert_array_equal(np.asarray(out), np.array([11, 22, 33, 44], np.float32))
    assert out.device == client.local_devices()[0]
    assert exe.num_outputs() == 1
    assert exe.output_shapes() == [xla_client.Shape("f32[4]")]
    assert "stablehlo.add" in exe.program_text()


def test_two_outputs_and_metadata(client: xla_client.Client) -> None:
    exe = _compile(client, TWO_OUTPUTS)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    n = np.array([1, -2, 3], np.int32)
    sq, neg = exe.execute([client.buffer_from_pyval(x), client.buffer_from_pyval(n)])
    np.testing.assert_array_equal(np.asarray(sq), x * x)
    np.testing.assert_array_equal(np.asarray(neg), -n)
    assert [str(s) for s in exe.output_shapes()] == ["f32[2,3]", "s32[3]"]
    fp = exe.fingerprint
    assert fp is None or (isinstance(fp, bytes) and fp)
    try:
        fmt, code = exe.optimized_program()
        assert fmt and code
    except xla_client.XlaRuntimeError as e:
        assert str(e).startswith("UNIMPLEMENTED"), str(e)
    try:
        stats = exe.get_compiled_memory_stats()
        assert stats.output_size_in_bytes >= 0
    except xla_client.XlaRuntimeError as e:
        assert str(e).startswith("UNIMPLEMENTED"), str(e)


def test_execute_on_every_device(client: xla_client.Client) -> None:
    for d in client.local_devices():
        exe = _compile(client, DOUBLE_F32, [d])
        assert exe.local_devices() == [d]
        arg = client.buffer_from_pyval(np.full(4, d.id + 1, np.float32), d)
        (out,) = exe.execute([arg])
        assert out.device == d, f"output of an executable compiled for {d} landed on {out.device}"
        np.testing.assert_array_equal(np.asarray(out), np.full(4, 2 * (d.id + 1), np.float32))


def test_execute_sharded_over_replicas(client: xla_client.Client) -> None:
    devices = client.local_devices()[:2]
    exe = _compile(client, DOUBLE_F32, devices)
    assert exe.local_devices() == devices
    shards = [client.buffer_from_pyval(np.full(4, i + 1, np.float32), d) for i, d in enumerate(devices)]
    results = exe.execute_sharded([shards]).disassemble_into_single_device_arrays()
    assert len(results) == 1 and len(results[0]) == 2
    for i, (out, d) in enumerate(zip(results[0], devices, strict=True)):
        assert out.device == d
        np.testing.assert_array_equal(np.asarray(out), np.full(4, 2 * (i + 1), np.float32))
    with pytest.raises(xla_client.XlaRuntimeError, match="INVALID_ARGUMENT.*single-device"):
        exe.execute([shards[0]])


def test_compile_options_device_assignment(client: xla_client.Client) -> None:
    opts = xla_client.CompileOptions()
    opts.executable_build_options.num_replicas = 1
    opts.executable_build_options.num_partitions = 1
    opts.executable_build_options.device_assignment = xla_client.DeviceAssignment.create([[2]])
    target = client.devices()[2]
    exe = _compile(client, DOUBLE_F32, [target], opts)
    assert exe.local_devices() == [target]
    (out,) = exe.execute([client.buffer_from_pyval(np.ones(4, np.float32), target)])
    assert out.device == target


def test_copy_to_device_and_array_protocols(client: xla_client.Client) -> None:
    x = np.linspace(0, 1, 12, dtype=np.float32).reshape(3, 4)
    a = client.buffer_from_pyval(x)
    b = a.copy_to_device(client.devices()[3])
    assert b.device == client.devices()[3]
    np.testing.assert_array_equal(np.asarray(b), x)
    assert a.block_until_ready() is a
    xla_client.batched_block_until_ready([a, b])
    assert a.on_device_size_in_bytes() >= x.nbytes
    assert a.__dlpack_device__() == (1, 0)
    np.testing.assert_array_equal(np.from_dlpack(a), x)
    np.testing.assert_array_equal(np.asarray(a, dtype=np.float64), x.astype(np.float64))
    c = xla_client.batched_device_put(None, None, [x], [client.devices()[1]])
    assert c.device == client.devices()[1]


def test_execute_rejects_bad_arguments(client: xla_client.Client) -> None:
    exe = _compile(client, ADD_F32)
    good = client.buffer_from_pyval(np.ones(4, np.float32))
    with pytest.raises(xla_client.XlaRuntimeError, match=r"INVALID_ARGUMENT: .*takes 2 argument\(s\), got 1"):
        exe.execute([good])
    with pytest.raises(xla_client.XlaRuntimeError, match=r"INVALID_ARGUMENT: .*argument 1 has shape \(3,\) but .* expects \(4,\)"):
        exe.execute([good, client.buffer_from_pyval(np.ones(3, np.float32))])
    with pytest.raises(xla_client.XlaRuntimeError, match=r"INVALID_ARGUMENT: .*argument 0 has dtype int32 .* expects float32"):
        exe.execute([client.buffer_from_pyval(np.ones(4, np.int32)), good])
    with pytest.raises(xla_client.XlaRuntimeError, match="INVALID_ARGUMENT: .*not an array"):
        exe.execute([good, np.ones(4, np.float32)])


def test_compile_error_is_a_python_exception(client: xla_client.Client) -> None:
    with pytest.raises(xla_client.XlaRuntimeError) as info:
        client.compile_and_load("module @broken { this is not mlir }", client.local_devices()[:1])
    if str(info.value).startswith("UNIMPLEMENTED"):
        pytest.skip(f"{client.plugin_name} cannot compile yet")
    code, _, message = str(info.value).partition(": ")
    assert code.isupper() and message, f"expected 'CODE: message', got {info.value}"


def test_delete_and_close_give_clear_errors(client: xla_client.Client) -> None:
    try:
        exe: xla_client.LoadedExecutable | None = client.compile_and_load(DOUBLE_F32, client.local_devices()[:1])
    except xla_client.XlaRuntimeError:
        exe = None  # a backend without a compiler still owes us clean buffer errors
    a = client.buffer_from_pyval(np.ones(4, np.float32))
    a.delete()
    assert a.is_deleted()
    with pytest.raises(xla_client.XlaRuntimeError, match="deleted"):
        np.asarray(a)
    with pytest.raises(xla_client.XlaRuntimeError, match="deleted"):
        a.copy_to_device(client.devices()[1])
    if exe is not None:
        with pytest.raises(xla_client.XlaRuntimeError, match="INVALID_ARGUMENT.*deleted"):
            exe.execute([a])
    kept = client.buffer_from_pyval(np.ones(4, np.float32))
    client.close()
    assert kept.is_deleted()
    with pytest.raises(xla_client.XlaRuntimeError, match="FAILED_PRECONDITION.*closed"):
        np.asarray(kept)
    with pytest.raises(xla_client.XlaRuntimeError, match="FAILED_PRECONDITION.*closed"):
        client.buffer_from_pyval(np.ones(2))
    with pytest.raises(xla_client.XlaRuntimeError, match="FAILED_PRECONDITION.*closed"):
        client.compile_and_load(DOUBLE_F32, client.local_devices()[:1])
    if exe is not None:
        assert exe.is_deleted()
        with pytest.raises(xla_client.XlaRuntimeError, match="FAILED_PRECONDITION.*closed"):
            exe.execute([kept])
    client.close()  # closing twice is harmless


def test_on_ready_callback_from_plugin_threads(client: xla_client.Client) -> None:
    exe = _compile(client, DOUBLE_F32)
    done = threading.Event()
    seen: list[object] = []

    def on_ready(err: object) -> None:
        seen.append(err)
        done.set()

    (out,) = exe.execute([client.buffer_from_pyval(np.ones(4, np.float32))])
    out._handle.on_ready(on_ready)
    assert done.wait(30), "on_ready callback never ran"
    assert seen == [None]


def test_concurrent_execute_releases_the_gil(client: xla_client.Client) -> None:
    exe = _compile(client, DOUBLE_F32)
    errors: list[BaseException] = []

    def work(i: int) -> None:
        try:
            for _ in range(20):
                (out,) = exe.execute([client.buffer_from_pyval(np.full(4, i, np.float32))])
                np.testing.assert_array_equal(np.asarray(out), np.full(4, 2 * i, np.float32))
        except BaseException as e:  # noqa: BLE001 - surfaced below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
