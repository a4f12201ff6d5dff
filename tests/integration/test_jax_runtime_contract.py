"""The PJRT behaviour JAX relies on, through our host (jaxlib.xla_client): donation, memory
kinds, executable serialization. Each test runs on XLA's CPU plugin too, so what we assert is
what XLA does, not only what we chose.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from jaxlib import xla_client
from test_host_client import BACKENDS, make_client

# The programs, as text (*.mlir) and as the portable artifacts real JAX sends (*.mlirbc,
# written by generate_bytecode.py there).
_DATA = Path(__file__).resolve().parents[1] / "data" / "jax_runtime_contract"

# As JAX lowers `jit(lambda x, y: x + y, donate_argnums=0)` (tf.aliasing_output), plus
# `jax.buffer_donor` arguments, which XLA consumes only when it can pair them with an output of
# the same type that nothing else aliases: %arg2 pairs with result 1, %arg3 has no partner.
DONATING = (_DATA / "donating.mlir").read_text()

# As JAX 0.10.2 lowers `jit(f, out_shardings=SingleDeviceSharding(d, memory_kind="pinned_host"))`
# and a jit whose input lives in pinned_host memory.
TO_PINNED_HOST = (_DATA / "to_pinned_host.mlir").read_text()


@pytest.fixture(params=BACKENDS)
def client(request: pytest.FixtureRequest) -> xla_client.Client:
    c = make_client(request.param)
    yield c
    c.close()


def _put(client: xla_client.Client, value: np.ndarray, target: xla_client.Device | xla_client.Memory | None = None) -> xla_client.ArrayImpl:
    # Copy semantics: a zero-copy array aliases `value`, which the test reuses.
    return client.buffer_from_pyval(value, target, host_buffer_semantics=xla_client.HostBufferSemantics.IMMUTABLE_ONLY_DURING_CALL)


def test_donated_arguments_are_deleted(client: xla_client.Client) -> None:
    exe = client.compile_and_load(DONATING, client.local_devices()[:1])
    x = np.arange(4, dtype=np.float32)
    args = _donating_args(client, x)
    out, neg = exe.execute(args)
    np.testing.assert_array_equal(np.asarray(out), 111 * x)
    np.testing.assert_array_equal(np.asarray(neg), -np.ones(2, np.float32))
    # JAX reads PJRT_Buffer_IsDeleted to tell a donated array from a live one.
    assert [a.is_deleted() for a in args] == [True, False, True, False], (
        "expected arguments 0 (tf.aliasing_output) and 2 (jax.buffer_donor with a free output "
        "of its type) donated, 1 (plain) and 3 (jax.buffer_donor without one) alive")
    np.testing.assert_array_equal(np.asarray(args[1]), 10 * x)
    with pytest.raises(xla_client.XlaRuntimeError, match="INVALID_ARGUMENT.*deleted"):
        exe.execute([args[0], *_donating_args(client, x)[1:]])
    with pytest.raises(xla_client.XlaRuntimeError, match="deleted"):
        np.asarray(args[0])


def _donating_args(client: xla_client.Client, x: np.ndarray, device: xla_client.Device | None = None) -> list[xla_client.ArrayImpl]:
    return [_put(client, x, device), _put(client, 10 * x, device), _put(client, np.ones(2, np.float32), device),
            _put(client, 100 * x, device)]


def _memory(device: xla_client.Device, kind: str) -> xla_client.Memory:
    return device.memory(kind)


def test_host_memory_kinds(client: xla_client.Client) -> None:
    d0, d1 = client.local_devices()[:2]
    kinds = [m.kind for m in d0.addressable_memories()]
    assert sorted(kinds) == ["device", "pinned_host", "unpinned_host"], kinds
    assert d0.default_memory().kind == "device"
    assert set(xla_client.DeviceList((d0, d1)).memory_kinds) == {"device", "pinned_host", "unpinned_host"}
    for kind in ("pinned_host", "unpinned_host"):
        memory = _memory(d0, kind)
        assert memory.addressable_by_devices() == [d0]
        x = np.arange(12, dtype=np.float32).reshape(3, 4) - 5
        for semantics in xla_client.HostBufferSemantics:
            arr = client.buffer_from_pyval(x.copy(), memory, host_buffer_semantics=semantics)
            assert arr.memory == memory and arr.device == d0, (kind, semantics, arr.memory)
            np.testing.assert_array_equal(np.asarray(arr), x)
        # device -> host kind -> another device's default memory, bytes unchanged.
        on_device = _put(client, x, d0)
        on_host = on_device.copy_to_memory(memory)
        assert on_host.memory == memory
        np.testing.assert_array_equal(np.asarray(on_host), x)
        back = on_host.copy_to_memory(d1.default_memory())
        assert back.memory == d1.default_memory() and back.device == d1
        np.testing.assert_array_equal(np.asarray(back), x)


def test_outputs_land_in_the_memory_kind_the_program_names(client: xla_client.Client) -> None:
    d0 = client.local_devices()[0]
    exe = client.compile_and_load(TO_PINNED_HOST, [d0])
    assert exe.get_output_memory_kinds() == [["pinned_host", "device"]]
    x = np.array([1, 2, 3, 4], np.float32)
    arg = _put(client, x, _memory(d0, "pinned_host"))
    out_host, out_device = exe.execute([arg])
    assert out_host.memory == _memory(d0, "pinned_host"), out_host.memory
    assert out_device.memory == d0.default_memory(), out_device.memory
    np.testing.assert_array_equal(np.asarray(out_host), x + 1)
    np.testing.assert_array_equal(np.asarray(out_device), x + 1)


def test_serialized_executable_loads_in_this_process(client: xla_client.Client) -> None:
    exe = client.compile_and_load(DONATING, client.local_devices()[:1])
    data = client.serialize_executable(exe)
    assert isinstance(data, bytes) and data == exe.serialize()
    loaded = client.deserialize_executable(data)
    assert loaded.num_outputs() == 2 and loaded.local_devices() == exe.local_devices()
    x = np.arange(4, dtype=np.float32)
    args = _donating_args(client, x)
    out, _ = loaded.execute(args)
    np.testing.assert_array_equal(np.asarray(out), 111 * x)
    assert [a.is_deleted() for a in args] == [True, False, True, False], "donation must survive serialization"
    # Placed on another device through the compile options, as JAX's cache passes them.
    d1 = client.local_devices()[1]
    moved = client.deserialize_executable(data, [d1])
    assert moved.local_devices() == [d1]
    out, _ = moved.execute(_donating_args(client, x, d1))
    assert out.device == d1
    np.testing.assert_array_equal(np.asarray(out), 111 * x)


@pytest.mark.parametrize("backend", ["ours"])
def test_bad_serialized_bytes_are_typed_errors(backend: str) -> None:
    client = make_client(backend)
    exe = client.compile_and_load(DONATING, client.local_devices()[:1])
    data = exe.serialize()
    damaged = bytearray(data)
    damaged[len(damaged) // 3] ^= 1
    for bad, words in [(b"", "not an executable"), (b"\x00" * 64, "not an executable"),
                       (bytes(damaged), "corrupt"), (data[: len(data) // 2], "corrupt")]:
        with pytest.raises(xla_client.XlaRuntimeError, match=f"INVALID_ARGUMENT.*{words}"):
            client.deserialize_executable(bad)
    client.close()


_CHILD = textwrap.dedent(
    """
    import sys
    import numpy as np
    from jaxlib import xla_client

    client = xla_client.make_cpu_client(num_devices=2)
    exe = client.deserialize_executable(open(sys.argv[1], "rb").read())
    x = np.arange(4, dtype=np.float32)
    args = [client.buffer_from_pyval(v) for v in (x, 3 * x, np.ones(2, np.float32), x)]
    out, _ = exe.execute(args)
    print(np.asarray(out).tolist(), [a.is_deleted() for a in args])
    """
)


@pytest.mark.parametrize("backend", ["ours"])
def test_serialized_executable_loads_in_another_process(backend: str, tmp_path: Path) -> None:
    client = make_client(backend)
    path = tmp_path / "executable.bin"
    path.write_bytes(client.compile_and_load(DONATING, client.local_devices()[:1]).serialize())
    client.close()
    proc = subprocess.run([sys.executable, "-c", _CHILD, str(path)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, f"the loading process failed:\n{proc.stdout}\n{proc.stderr}"
    assert proc.stdout.strip() == "[0.0, 5.0, 10.0, 15.0] [True, False, True, False]", proc.stdout


# The generic op form (`as_text(debug_info=True)`, MLIR tools) carries the same attributes in
# the function's arg_attrs / res_attrs properties.
GENERIC_FORM = """
"builtin.module"() <{sym_name = "jit_generic"}> ({
  "func.func"() <{arg_attrs = [{tf.aliasing_output = 0 : i32}, {}], function_type = (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>), res_attrs = [{jax.result_info = "result"}, {mhlo.memory_kind = "pinned_host"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>):
    %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%0, %0) : (tensor<4xf32>, tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
"""


def test_generic_form_signature_attributes(client: xla_client.Client) -> None:
    d0 = client.local_devices()[0]
    exe = client.compile_and_load(GENERIC_FORM, [d0])
    assert exe.get_output_memory_kinds() == [["device", "pinned_host"]]
    x = np.arange(4, dtype=np.float32)
    a, b = _put(client, x, d0), _put(client, x, d0)
    out, on_host = exe.execute([a, b])
    assert out.memory == d0.default_memory() and on_host.memory == _memory(d0, "pinned_host")
    np.testing.assert_array_equal(np.asarray(out), 2 * x)
    np.testing.assert_array_equal(np.asarray(on_host), 2 * x)
    assert a.is_deleted() and not b.is_deleted()


@pytest.mark.parametrize("program", ["donating", "to_pinned_host"])
def test_bytecode_programs_keep_signature_attributes(client: xla_client.Client, program: str) -> None:
    """The same programs as JAX sends them (VHLO bytecode): donation and memory kinds survive."""
    d0 = client.local_devices()[0]
    exe = client.compile_and_load((_DATA / f"{program}.mlirbc").read_bytes(), [d0])
    x = np.arange(4, dtype=np.float32)
    if program == "donating":
        args = _donating_args(client, x)
        out, _ = exe.execute(args)
        np.testing.assert_array_equal(np.asarray(out), 111 * x)
        assert [a.is_deleted() for a in args] == [True, False, True, False]
    else:
        assert exe.get_output_memory_kinds() == [["pinned_host", "device"]]
        out_host, out_device = exe.execute([_put(client, x, _memory(d0, "pinned_host"))])
        assert out_host.memory == _memory(d0, "pinned_host") and out_device.memory == d0.default_memory()
        np.testing.assert_array_equal(np.asarray(out_host), x + 1)
