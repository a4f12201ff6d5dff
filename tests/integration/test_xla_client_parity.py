"""What jaxlib 0.10.2 users rely on beyond the names: DLPack without copies (both ways, with the
memory's lifetime right), unloaded executables, the module's own replica/partition counts
when no options are given (text and bytecode), topologies and tracebacks, on jaxlib-cpu.
"""

from __future__ import annotations

import gc
import traceback
import weakref
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
xc = pytest.importorskip("jaxlib.xla_client")
if not hasattr(xc, "make_cpu_client"):  # pragma: no cover
    pytest.skip("not our jaxlib", allow_module_level=True)

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "data"

ADD = """module @m {
  func.func public @main(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.add %a, %a : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}"""


@pytest.fixture(scope="module")
def client():
    c = xc.make_cpu_client(num_devices=4)
    yield c
    c.close()


def _aligned(n: int, dtype=np.float32, offset: int = 0) -> np.ndarray:
    """A fresh array whose data starts ``offset`` bytes past a 64-byte boundary."""
    itemsize = np.dtype(dtype).itemsize
    raw = np.empty(n * itemsize + 128, dtype=np.uint8)
    start = (-raw.ctypes.data) % 64 + offset
    return raw[start : start + n * itemsize].view(dtype)


def _bytes_in_use(client) -> int:
    return int(client.devices()[0].memory_stats()["bytes_in_use"])


# ----------------------------------------------------------------- DLPack export


def test_dlpack_export_shares_the_device_memory(client) -> None:
    a = client.buffer_from_pyval(np.arange(12, dtype=np.float32).reshape(3, 4))
    assert a.__dlpack_device__() == (1, 0)
    view = np.from_dlpack(a)
    assert view.ctypes.data == a.unsafe_buffer_pointer(), "numpy's array must alias the device buffer"
    assert view.shape == (3, 4) and view.dtype == np.float32
    np.testing.assert_array_equal(view, np.arange(12, dtype=np.float32).reshape(3, 4))


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint16, np.int32, np.int64, np.float16, np.float64,
                                   np.complex64])
def test_dlpack_export_dtypes(client, dtype) -> None:
    values = (np.arange(6) % 3).astype(dtype).reshape(2, 3)
    a = client.buffer_from_pyval(values)
    view = np.from_dlpack(a)
    assert view.dtype == values.dtype and view.ctypes.data == a.unsafe_buffer_pointer()
    np.testing.assert_array_equal(view, values)


def test_dlpack_export_outlives_delete_and_close() -> None:
    c = xc.make_cpu_client(num_devices=1)
    n = 1 << 20
    base = _bytes_in_use(c)
    a = c.buffer_from_pyval(np.full(n, 7.0, dtype=np.float32), force_copy=True)
    held = _bytes_in_use(c)
    assert held >= base + 4 * n, (base, held)
    view = np.from_dlpack(a)
    a.delete()
    assert a.is_deleted()
    assert _bytes_in_use(c) >= base + 4 * n, "the consumer still holds the memory: it must not be freed"
    assert float(view.sum()) == 7.0 * n
    del view
    gc.collect()
    assert _bytes_in_use(c) <= base, "dropping the last consumer frees the memory"
    b = c.buffer_from_pyval(np.arange(8, dtype=np.int32))
    view = np.from_dlpack(b)
    c.close()
    assert view.tolist() == list(range(8)), "a closed client's exported memory stays readable"


def test_dlpack_export_versioned_and_copy(client) -> None:
    a = client.buffer_from_pyval(np.arange(5, dtype=np.int32))
    capsule = a.__dlpack__(max_version=(1, 0))
    assert "dltensor_versioned" in repr(capsule)
    legacy = a.__dlpack__()
    assert '"dltensor"' in repr(legacy)
    del capsule, legacy  # unconsumed capsules release their references
    gc.collect()
    copied = np.from_dlpack(a, copy=True)
    assert copied.ctypes.data != a.unsafe_buffer_pointer() and copied.tolist() == [0, 1, 2, 3, 4]
    with pytest.raises(BufferError, match="DLPack device"):
        a.__dlpack__(dl_device=(2, 0))


def test_an_exported_array_is_not_donated(client) -> None:
    program = (Path(__file__).resolve().parents[1] / "data" / "jax_runtime_contract" / "donating.mlir").read_text()
    exe = client.compile_and_load(program, client.devices()[:1])
    args = [client.buffer_from_pyval(np.full(n, v, dtype=np.float32)) for n, v in ((4, 1.0), (4, 2.0), (2, 3.0), (4, 4.0))]
    view = np.from_dlpack(args[0])
    out = exe.execute(args)
    assert np.asarray(out[0]).tolist() == [7.0] * 4
    assert not args[0].is_deleted(), "a DLPack consumer holds argument 0: it must not be donated"
    assert view.tolist() == [1.0] * 4, "the consumer's memory must not be overwritten"
    assert args[2].is_deleted(), "arguments nobody exported are still donated"


# ----------------------------------------------------------------- DLPack import


def test_dlpack_import_of_aligned_memory_is_a_view(client) -> None:
    x = _aligned(16)
    x[:] = np.arange(16, dtype=np.float32)
    a = client.from_dlpack(x)
    assert a.unsafe_buffer_pointer() == x.ctypes.data, "aligned memory is wrapped, not copied"
    assert np.asarray(a).tolist() == list(range(16))
    exe = client.compile_and_load(ADD.replace("4xf32", "16xf32"), client.devices()[:1])
    assert np.asarray(exe.execute([a])[0]).tolist() == [2.0 * i for i in range(16)]


def test_dlpack_import_keeps_the_producer_alive_until_the_array_goes(client) -> None:
    class Owner:
        pass

    x = _aligned(1024)
    x[:] = 3.0
    owner = Owner()
    raw = x.base
    tracker = weakref.ref(owner)
    # The producer's memory belongs to `raw`; tie the tracked object's life to it.
    weakref.finalize(raw, lambda o=owner: None)
    del owner
    a = client.from_dlpack(x)
    del x, raw
    gc.collect()
    assert tracker() is not None, "the plugin still reads the producer's memory: it must stay alive"
    assert float(np.asarray(a).sum()) == 3.0 * 1024
    a.delete()
    gc.collect()
    assert tracker() is None, "deleting the array must release the producer's tensor"


def test_dlpack_import_copies_unaligned_or_strided(client) -> None:
    x = _aligned(8, offset=4)
    x[:] = np.arange(8, dtype=np.float32)
    a = client.from_dlpack(x)
    assert a.unsafe_buffer_pointer() != x.ctypes.data and np.asarray(a).tolist() == list(range(8))
    with pytest.raises(BufferError, match="64-byte aligned"):
        client.from_dlpack(_aligned(8, offset=4), copy=False)
    strided = np.arange(24, dtype=np.int32).reshape(4, 6)[:, ::2]
    assert np.asarray(client.from_dlpack(strided)).tolist() == strided.tolist()
    forced = client.from_dlpack(_aligned(8), copy=True)
    assert forced.shape == (8,)


def test_dlpack_round_trip_between_our_arrays(client) -> None:
    a = client.buffer_from_pyval(np.arange(6, dtype=np.int64))
    b = xc.dlpack_managed_tensor_to_buffer(a.__dlpack__(), client.devices()[1])
    assert b.device == client.devices()[1] and np.asarray(b).tolist() == list(range(6))


# ----------------------------------------------------------------- unloaded executables


def test_compile_returns_an_unloaded_executable_that_loads(client) -> None:
    exe = client.compile(ADD, client.devices()[:1])
    assert isinstance(exe, xc.Executable) and not isinstance(exe, xc.LoadedExecutable)
    assert exe.get_output_memory_kinds() == [["device"]]
    assert [str(x) for x in exe.get_output_layouts()] == ["{0}"]
    on_two = exe.load([client.devices()[2]])
    assert on_two.local_devices() == [client.devices()[2]]
    x = client.buffer_from_pyval(np.arange(4, dtype=np.float32), client.devices()[2])
    assert np.asarray(on_two.execute([x])[0]).tolist() == [0.0, 2.0, 4.0, 6.0]
    again = client.deserialize_executable(exe.serialize(), [client.devices()[2]])
    assert np.asarray(again.execute([x])[0]).tolist() == [0.0, 2.0, 4.0, 6.0]


def test_compile_for_a_topology(client) -> None:
    exe = client.compile(ADD, topology=client.topology())
    loaded = exe.load(client.devices()[:1])
    x = client.buffer_from_pyval(np.ones(4, dtype=np.float32))
    assert np.asarray(loaded.execute([x])[0]).tolist() == [2.0] * 4


# ----------------------------------------------------------------- module attributes decide


def _case(name: str):
    data = CORPUS / name
    inputs = np.load(data / "inputs.npz")
    outputs = np.load(data / "outputs.npz")
    return data, inputs, outputs


@pytest.mark.parametrize("form", ["program.mlir", "program.mlirbc"])
def test_partitioned_module_compiles_without_options(client, form: str) -> None:
    data, inputs, outputs = _case("shard_map_psum_pmean_pmax")
    program = (data / form).read_text() if form.endswith(".mlir") else (data / form).read_bytes()
    devices = client.devices()
    exe = client.compile_and_load(program, devices)  # the module says 1 replica x 4 partitions
    assert (exe.num_replicas, exe.num_partitions) == (1, 4)
    n_args = len([k for k in inputs.files if k.endswith("_dev0")])
    args = [[client.buffer_from_pyval(inputs[f"arg{i}_dev{d}"], devices[d]) for d in range(4)] for i in range(n_args)]
    results = exe.execute_sharded(args).disassemble_into_single_device_arrays()
    for j, per_device in enumerate(results):
        for d, out in enumerate(per_device):
            np.testing.assert_allclose(np.asarray(out), outputs[f"out{j}_dev{d}"], rtol=1e-6)


def test_module_counts_that_do_not_fit_the_devices_are_an_error(client) -> None:
    data, _, _ = _case("shard_map_psum_pmean_pmax")
    with pytest.raises(xc.XlaRuntimeError, match=r"INVALID_ARGUMENT: compile\(\): the program needs 4 devices \(1 "
                                                 r"replicas x 4 partitions, from the module's attributes\) but 2 "
                                                 r"executable device\(s\) were given"):
        client.compile_and_load((data / "program.mlir").read_text(), client.devices()[:2])


def test_modules_without_counts_still_replicate_over_the_devices(client) -> None:
    exe = client.compile_and_load(ADD, client.devices()[:2])
    assert (exe.num_replicas, exe.num_partitions) == (2, 1)


# ----------------------------------------------------------------- topologies and tracebacks


def test_topology_of_our_plugin(client) -> None:
    from jaxlib import plugin_support

    t = xc.make_c_api_device_topology(plugin_support.loaded_plugin("cpu").c_api(), cpu_device_count=2)
    assert t.platform == "cpu" and [d["id"] for d in t._make_compile_only_devices()] == [0, 1]
    assert b"platform=cpu" in t.serialize() and t.fingerprint() == t.fingerprint()
    assert t.fingerprint() != client.topology().fingerprint(), "2 and 4 devices are different topologies"
    with pytest.raises(xc.XlaRuntimeError, match="INVALID_ARGUMENT: .*unknown topology 'v5e:2x2'"):
        xc.make_c_api_device_topology(plugin_support.loaded_plugin("cpu").c_api(), "v5e:2x2")


def test_traceback_as_python_traceback() -> None:
    def where():
        return xc.Traceback.get_traceback()

    tb = where()
    py = tb.as_python_traceback()
    lines = traceback.format_tb(py)
    assert any("in where" in line for line in lines), lines
    codes, lastis = tb.raw_frames()
    assert codes[0] is where.__code__ and xc.Traceback.code_addr2line(codes[0], lastis[0]) == tb.frames[0].line_num
