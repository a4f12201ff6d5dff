"""JAX's softmax idiom runs as one row-wise kernel (custom_call @jaxlib.softmax) on our CPU
backend, with results bit-identical to the unrewritten ops (JAXLIB_CPU_DISABLE_SOFTMAX_KERNEL=1)
and close to numpy's; near misses of the pattern are left alone and still computed right.
The programs have the exact shape of jax.nn.softmax's StableHLO (benchmarks/programs/softmax.mlir).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

import numpy as np
import pytest
from jaxlib import plugin_support, xla_client


def _t(shape: tuple[int, ...]) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + "f32>"


def softmax_program(shape: tuple[int, ...], *, sum_init: str = "0.000000e+00", clamp: bool = True,
                    reduce_dim: int | None = None) -> str:
    """jax.nn.softmax(x, axis=-1) as JAX 0.10 lowers it; the keywords build near misses."""
    r = len(shape)
    rd = r - 1 if reduce_dim is None else reduce_dim
    rows = tuple(d for k, d in enumerate(shape) if k != rd)
    keep = [k for k in range(r) if k != rd]
    mid = tuple(shape[k] if k != rd else 1 for k in range(r))
    lines = [
        "    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>",
        f"    %0 = stablehlo.reduce(%x init: %cst) applies stablehlo.maximum across dimensions = [{rd}] : ({_t(shape)}, tensor<f32>) -> {_t(rows)}",
    ]
    m = "%0"
    if clamp:
        lines += [
            "    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>",
            f"    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> {_t(rows)}",
            f"    %2 = stablehlo.maximum %1, %0 : {_t(rows)}",
        ]
        m = "%2"
    lines += [
        f"    %3 = stablehlo.broadcast_in_dim {m}, dims = {keep} : ({_t(rows)}) -> {_t(mid)}",
        f"    %4 = stablehlo.broadcast_in_dim %3, dims = {list(range(r))} : ({_t(mid)}) -> {_t(shape)}",
        f"    %5 = stablehlo.subtract %x, %4 : {_t(shape)}",
        f"    %6 = stablehlo.exponential %5 : {_t(shape)}",
        f"    %cst_1 = stablehlo.constant dense<{sum_init}> : tensor<f32>",
        f"    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [{rd}] : ({_t(shape)}, tensor<f32>) -> {_t(rows)}",
        f"    %8 = stablehlo.broadcast_in_dim %7, dims = {keep} : ({_t(rows)}) -> {_t(mid)}",
        f"    %9 = stablehlo.broadcast_in_dim %8, dims = {list(range(r))} : ({_t(mid)}) -> {_t(shape)}",
        f"    %10 = stablehlo.divide %6, %9 : {_t(shape)}",
    ]
    body = "\n".join(lines)
    return (f"module @softmax {{\n  func.func public @main(%x: {_t(shape)}) -> {_t(shape)} {{\n{body}\n"
            f"    return %10 : {_t(shape)}\n  }}\n}}\n")


@pytest.fixture(scope="module")
def client() -> xla_client.Client:
    if importlib.util.find_spec("jaxlib_cpu") is None or "cpu" not in plugin_support.registrations():
        pytest.skip("our jaxlib-cpu backend is not installed")
    return xla_client.make_cpu_client()


def _run(client: xla_client.Client, text: str, x: np.ndarray, kernel: bool) -> np.ndarray:
    old = os.environ.get("JAXLIB_CPU_DISABLE_SOFTMAX_KERNEL")
    os.environ["JAXLIB_CPU_DISABLE_SOFTMAX_KERNEL"] = "0" if kernel else "1"
    try:
        exe = client.compile_and_load(text, client.local_devices()[:1])
    finally:
        if old is None:
            del os.environ["JAXLIB_CPU_DISABLE_SOFTMAX_KERNEL"]
        else:
            os.environ["JAXLIB_CPU_DISABLE_SOFTMAX_KERNEL"] = old
    return np.asarray(exe.execute([client.buffer_from_pyval(x)])[0])


def _plan_has_softmax_call(text: str) -> bool:
    """Compiles `text` in a child with JAXLIB_DUMP_PLAN=1 and looks for the custom call."""
    code = ("import sys\nfrom jaxlib import xla_client\nc = xla_client.make_cpu_client()\n"
            "c.compile_and_load(sys.stdin.read(), c.local_devices()[:1])\n")
    env = dict(os.environ, JAXLIB_DUMP_PLAN="1")
    env.pop("JAXLIB_CPU_DISABLE_SOFTMAX_KERNEL", None)
    proc = subprocess.run([sys.executable, "-c", code], input=text, capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return "stablehlo.custom_call" in proc.stderr


def _numpy_softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    x64 = x.astype(np.float64)
    e = np.exp(x64 - x64.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


# (2053, 1031): over 8 MiB, so y is staged per block and written with streaming stores, and
# rows of 1031 leave a tail after the native exp's 64-element steps. Rows under 64 (17, 10, 33)
# go a block at a time through whole-block kernels.
SHAPES = [(64, 1024), (3, 5, 1000), (4096, 1), (1, 4097), (300, 17), (2053, 1031), (26000, 10), (700, 33)]


@pytest.mark.parametrize("shape", SHAPES, ids=["x".join(map(str, s)) for s in SHAPES])
def test_kernel_is_bit_identical_to_the_ops(client: xla_client.Client, shape: tuple[int, ...]) -> None:
    rng = np.random.default_rng(sum(shape))
    x = (rng.standard_normal(shape) * 4).astype(np.float32)
    text = softmax_program(shape)
    fast, slow = _run(client, text, x, kernel=True), _run(client, text, x, kernel=False)
    np.testing.assert_array_equal(fast.view(np.uint32), slow.view(np.uint32))
    np.testing.assert_allclose(fast, _numpy_softmax(x), rtol=2e-6, atol=1e-7)


def test_special_rows(client: xla_client.Client) -> None:
    specials = np.array([
        [0.0, 1.0, 2.0, 3.0],
        [np.nan, 1.0, 2.0, 3.0],          # NaN poisons its row only
        [np.inf, 1.0, 2.0, 3.0],          # inf - inf = NaN
        [-np.inf, -np.inf, -np.inf, -np.inf],
        [-np.inf, 0.0, -np.inf, 0.0],
        [1e-40, -1e-40, 0.0, -0.0],       # denormals read as zeros
        [88.0, 89.0, -104.0, 3e38],
        [-1e30, -1e30, -1e30, -1e30],
    ], np.float32)
    # Each special row padded to 1024 columns with copies of its last value (large enough for
    # the kernel; the padding keeps every row's character).
    x = np.repeat(specials[:, -1:], 1024, axis=1)
    x[:, :4] = specials
    text = softmax_program(x.shape)
    assert _plan_has_softmax_call(text)
    fast, slow = _run(client, text, x, kernel=True), _run(client, text, x, kernel=False)
    np.testing.assert_array_equal(np.isnan(fast), np.isnan(slow))
    np.testing.assert_array_equal(fast.view(np.uint32)[~np.isnan(fast)], slow.view(np.uint32)[~np.isnan(slow)])
    assert np.isnan(fast[1]).all() and np.isnan(fast[2]).all() and np.isnan(fast[3]).all()
    assert not np.isnan(fast[[0, 4, 5, 6, 7]]).any()
    np.testing.assert_allclose(fast[0], _numpy_softmax(x[:1])[0], rtol=2e-6, atol=1e-9)
    np.testing.assert_allclose(fast[4].sum(), 1.0, rtol=1e-5)
    assert fast[4][0] == 0 and fast[4][2] == 0
    np.testing.assert_allclose(fast[5], np.full(1024, 1 / 1024, np.float32), rtol=1e-6)
    np.testing.assert_allclose(fast[7], np.full(1024, 1 / 1024, np.float32), rtol=1e-6)


def test_the_pattern_is_recognised() -> None:
    if importlib.util.find_spec("jaxlib_cpu") is None:
        pytest.skip("our jaxlib-cpu backend is not installed")
    assert _plan_has_softmax_call(softmax_program((8, 1024)))
    assert _plan_has_softmax_call(softmax_program((2, 32, 64), clamp=False))
    # Small arrays keep XLA's tree-ordered sums, so they are left to the generic ops.
    assert not _plan_has_softmax_call(softmax_program((7, 33)))


NEAR_MISSES = {
    "sum_init_one": dict(sum_init="1.000000e+00"),
    "reduce_first_dim": dict(reduce_dim=0),
}


@pytest.mark.parametrize("name", sorted(NEAR_MISSES))
def test_near_misses_are_not_rewritten(client: xla_client.Client, name: str) -> None:
    kw = NEAR_MISSES[name]
    shape = (64, 128)
    text = softmax_program(shape, **kw)
    assert not _plan_has_softmax_call(text)
    rng = np.random.default_rng(5)
    x = rng.standard_normal(shape).astype(np.float32)
    got = _run(client, text, x, kernel=True)
    axis = kw.get("reduce_dim", -1)
    x64 = x.astype(np.float64)
    e = np.exp(x64 - x64.max(axis=axis, keepdims=True))
    want = e / (e.sum(axis=axis, keepdims=True) + (1.0 if name == "sum_init_one" else 0.0))
    np.testing.assert_allclose(got, want, rtol=2e-6, atol=1e-7)
