"""The single-device dispatch path of `LoadedExecutable.execute` (issue 5, dispatch latency).

execute() crosses into the extension once (`execute1`): arguments are checked there against
the program's parameter types, outputs come back as ArrayImpl objects built by the extension,
and outputs of an execution that had already completed are known to be ready, so
block_until_ready() makes no plugin call. These tests pin what that path must still do like
the slow one: the same values, the same precise errors, ready arrays, counted memory. They run
on our plugin and on XLA's, through the same host.
"""

from __future__ import annotations

import gc

import numpy as np
import pytest
from jaxlib import xla_client
from test_host_client import BACKENDS, TWO_OUTPUTS, make_client

SCALAR_ADD = """
module @scalar_add {
  func.func public @main(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %a, %b : tensor<f32>
    return %0 : tensor<f32>
  }
}
"""


@pytest.fixture(params=BACKENDS)
def client(request: pytest.FixtureRequest) -> xla_client.Client:
    return make_client(request.param)


def _compile(client: xla_client.Client, text: str) -> xla_client.LoadedExecutable:
    return client.compile_and_load(text, client.local_devices()[:1])


def test_outputs_are_complete_arrays(client: xla_client.Client) -> None:
    exe = _compile(client, TWO_OUTPUTS)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    n = np.array([1, -2, 3], np.int32)
    args = [client.buffer_from_pyval(x), client.buffer_from_pyval(n)]
    for call in (lambda: exe.execute(args), lambda: exe.execute(tuple(args)), lambda: exe.execute(iter(args))):
        outs = call()
        assert [type(o) for o in outs] == [xla_client.ArrayImpl, xla_client.ArrayImpl]
        assert outs[0].shape == (2, 3) and outs[0].dtype == np.float32
        assert outs[1].shape == (3,) and outs[1].dtype == np.int32
        assert outs[0].client is client
        assert outs[0].block_until_ready() is outs[0]
        np.testing.assert_array_equal(np.asarray(outs[0]), x * x)
        np.testing.assert_array_equal(np.asarray(outs[1]), -n)
        assert outs[0].device == client.local_devices()[0]


def test_many_executions_reuse_memory_and_stay_correct(client: xla_client.Client) -> None:
    exe = _compile(client, SCALAR_ADD)
    a = client.buffer_from_pyval(np.float32(1.5))
    total = 0.0
    for i in range(300):
        b = client.buffer_from_pyval(np.float32(i))
        (out,) = exe.execute([a, b])
        out.block_until_ready()
        total += float(np.asarray(out))
    assert total == sum(1.5 + i for i in range(300))


def test_precise_errors_on_the_fast_path(client: xla_client.Client) -> None:
    exe = _compile(client, SCALAR_ADD)
    a = client.buffer_from_pyval(np.float32(1))
    with pytest.raises(xla_client.XlaRuntimeError, match=r"argument 1 is a ndarray, not an array"):
        exe.execute([a, np.ones((), np.float32)])
    with pytest.raises(xla_client.XlaRuntimeError, match=r"argument 1 is a NoneType"):
        exe.execute([a, None])
    with pytest.raises(xla_client.XlaRuntimeError, match=r"takes 2 argument\(s\), got 3"):
        exe.execute([a, a, a])
    with pytest.raises(xla_client.XlaRuntimeError, match=r"argument 0 has dtype float64 \(f64\)"):
        exe.execute([client.buffer_from_pyval(np.float64(1)), a])
    with pytest.raises(xla_client.XlaRuntimeError, match=r"argument 1 has shape \(2,\) but executable"):
        exe.execute([a, client.buffer_from_pyval(np.ones(2, np.float32))])
    gone = client.buffer_from_pyval(np.float32(3))
    gone.delete()
    with pytest.raises(xla_client.XlaRuntimeError, match=r"INVALID_ARGUMENT: execute\(\): argument 1 has been deleted"):
        exe.execute([a, gone])
    # The failures left nothing behind: the next call works.
    assert float(np.asarray(exe.execute([a, a])[0])) == 2.0
    exe.delete()
    with pytest.raises(xla_client.XlaRuntimeError, match=r"FAILED_PRECONDITION: execute\(\): the executable has been deleted"):
        exe.execute([a, a])


def test_array_of_another_client_is_refused(client: xla_client.Client) -> None:
    exe = _compile(client, SCALAR_ADD)
    other = make_client("ours")
    foreign = other.buffer_from_pyval(np.float32(1))
    a = client.buffer_from_pyval(np.float32(1))
    with pytest.raises(xla_client.XlaRuntimeError, match=r"argument 1 belongs to another client"):
        exe.execute([a, foreign])


@pytest.mark.parametrize("how", ["close_client", "delete_output"])
def test_ready_output_after_close_or_delete(client: xla_client.Client, how: str) -> None:
    """An output known to be ready still reports a closed client or its own deletion."""
    exe = _compile(client, SCALAR_ADD)
    a = client.buffer_from_pyval(np.float32(2))
    (out,) = exe.execute([a, a])
    out.block_until_ready()
    if how == "close_client":
        client.close()
        with pytest.raises(xla_client.XlaRuntimeError, match=r"FAILED_PRECONDITION: the cpu client has been closed"):
            exe.execute([a, a])
        expected = r"closed"
    else:
        out.delete()
        expected = r"deleted"
    with pytest.raises(xla_client.XlaRuntimeError, match=expected):
        out.block_until_ready()


def test_outputs_are_counted_and_released_in_memory_stats() -> None:
    client = make_client("ours")
    device = client.local_devices()[0]
    exe = _compile(client, TWO_OUTPUTS)
    args = [client.buffer_from_pyval(np.ones((2, 3), np.float32)), client.buffer_from_pyval(np.ones(3, np.int32))]
    gc.collect()
    before = device.memory_stats()["bytes_in_use"]
    outs = exe.execute(args)
    assert device.memory_stats()["bytes_in_use"] == before + 24 + 12
    del outs
    gc.collect()
    assert device.memory_stats()["bytes_in_use"] == before
