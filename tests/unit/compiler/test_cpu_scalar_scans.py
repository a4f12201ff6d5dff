"""Scans over sequences of scalars on the scalar-loop path (issue 12): a while loop that carries
arrays its body only reads and writes one element at a time (dynamic_slice / dynamic_update_slice
of one element: lax.scan over f32[T] with per-step outputs, fori_loop filling a vector) runs on
the register-file interpreter and the scalar-loop JIT with element loads and stores, indices
clamped as the slices clamp them. Both give numpy's sequential values bit for bit (exact ops),
and the same bits as each other. Run through the standalone driver.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_compiler_driver import driver  # noqa: F401  (a fixture)
from test_cpu_isa_paths import MOD, run_isa

INTERPRETED = {"JAXLIB_CPU_DISABLE_JIT": "1"}


def run_both(driver, tmp_path, prog, *inputs, trace=None):  # noqa: F811
    """The native and the interpreted loop's outputs, checked equal bit for bit."""
    stderr: list[str] = []
    native = run_isa(driver, tmp_path, prog, "", *inputs, extra_env={"JAXLIB_CPU_JIT_TRACE": "1"}, stderr=stderr)
    interp = run_isa(driver, tmp_path, prog, "", *inputs, extra_env=INTERPRETED)
    for a, b in zip(native, interp, strict=True):
        assert a.tobytes() == b.tobytes(), "expected the JIT's bits to be the interpreter's"
    if trace is not None:
        trace.extend(stderr)
    return native


def native_loop(trace: list[str]) -> bool:
    return any("scalar-loop jit" in line and ": native" in line for line in "".join(trace).splitlines())


def scan_program(n: int, elem: str, idx: str, body: str) -> str:
    """while i < n: y[i] <- body(s, x[i]) and s <- that value; returns y and s."""
    t = f"tensor<{n}x{elem}>"
    return f"""
        {MOD}
          func.func public @main(%x: {t}, %s0: tensor<{elem}>, %y0: {t}) -> ({t}, tensor<{elem}>) {{
            %c0 = stablehlo.constant dense<0> : tensor<{idx}>
            %r:4 = stablehlo.while(%xi = %x, %i = %c0, %s = %s0, %y = %y0) : {t}, tensor<{idx}>, tensor<{elem}>, {t}
            cond {{
              %n = stablehlo.constant dense<{n}> : tensor<{idx}>
              %p = stablehlo.compare LT, %i, %n : (tensor<{idx}>, tensor<{idx}>) -> tensor<i1>
              stablehlo.return %p : tensor<i1>
            }} do {{
              %d = stablehlo.dynamic_slice %xi, %i, sizes = [1] : ({t}, tensor<{idx}>) -> tensor<1x{elem}>
              %v = stablehlo.reshape %d : (tensor<1x{elem}>) -> tensor<{elem}>
              {body}
              %u = stablehlo.reshape %new : (tensor<{elem}>) -> tensor<1x{elem}>
              %y2 = stablehlo.dynamic_update_slice %y, %u, %i : ({t}, tensor<1x{elem}>, tensor<{idx}>) -> {t}
              %one = stablehlo.constant dense<1> : tensor<{idx}>
              %i2 = stablehlo.add %i, %one : tensor<{idx}>
              stablehlo.return %xi, %i2, %new, %y2 : {t}, tensor<{idx}>, tensor<{elem}>, {t}
            }}
            return %r#3, %r#2 : {t}, tensor<{elem}>
          }}
        }}"""


@pytest.mark.parametrize(("elem", "idx"), [("f32", "i32"), ("f64", "i64"), ("f32", "ui32"), ("i32", "i32")])
def test_scan_with_per_step_outputs_matches_the_sequential_numpy_loop(driver, tmp_path, elem, idx):  # noqa: F811
    n = 3001
    dtype = {"f32": np.float32, "f64": np.float64, "i32": np.int32}[elem]
    rng = np.random.default_rng(1)
    x = (rng.standard_normal(n) * 100).astype(dtype)
    if elem == "i32":
        body = "%h = stablehlo.multiply %s, %v : tensor<i32>\n              %new = stablehlo.add %h, %v : tensor<i32>"
    else:
        body = (f"%half = stablehlo.constant dense<0.5> : tensor<{elem}>\n"
                f"              %h = stablehlo.multiply %s, %half : tensor<{elem}>\n"
                f"              %new = stablehlo.add %h, %v : tensor<{elem}>")
    trace: list[str] = []
    y, s = run_both(driver, tmp_path, scan_program(n, elem, idx, body), x, np.array(1, dtype), np.zeros(n, dtype),
                    trace=trace)
    want = np.zeros(n, dtype)
    acc = dtype(1)
    with np.errstate(over="ignore"):
        for k in range(n):
            acc = dtype(acc * x[k] + x[k]) if elem == "i32" else dtype(acc * dtype(0.5) + x[k])
            want[k] = acc
    assert y.tobytes() == want.tobytes(), f"{elem}/{idx}: expected the sequential loop's per-step values"
    assert s.tobytes() == np.array(acc, dtype).tobytes(), f"{elem}/{idx}: expected the final carry"
    assert native_loop(trace), "expected the scan to run as a native scalar loop"


def test_element_indices_clamp_as_the_slices_do(driver, tmp_path):  # noqa: F811
    """for i in [0, n + 4): y[i + 2] <- x[i - 3] * 2 + y[i + 2]: reads below 0 clamp to x[0],
    writes past the end clamp to y[n - 1] (and accumulate there)."""
    n = 50
    t = f"tensor<{n}xf32>"
    prog = f"""
        {MOD}
          func.func public @main(%x: {t}, %y0: {t}) -> {t} {{
            %c0 = stablehlo.constant dense<0> : tensor<i32>
            %r:3 = stablehlo.while(%xi = %x, %i = %c0, %y = %y0) : {t}, tensor<i32>, {t}
            cond {{
              %n = stablehlo.constant dense<{n + 4}> : tensor<i32>
              %p = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
              stablehlo.return %p : tensor<i1>
            }} do {{
              %three = stablehlo.constant dense<3> : tensor<i32>
              %two = stablehlo.constant dense<2> : tensor<i32>
              %lo = stablehlo.subtract %i, %three : tensor<i32>
              %hi = stablehlo.add %i, %two : tensor<i32>
              %d = stablehlo.dynamic_slice %xi, %lo, sizes = [1] : ({t}, tensor<i32>) -> tensor<1xf32>
              %e = stablehlo.dynamic_slice %y, %hi, sizes = [1] : ({t}, tensor<i32>) -> tensor<1xf32>
              %v = stablehlo.reshape %d : (tensor<1xf32>) -> tensor<f32>
              %w = stablehlo.reshape %e : (tensor<1xf32>) -> tensor<f32>
              %k = stablehlo.constant dense<2.0> : tensor<f32>
              %m = stablehlo.multiply %v, %k : tensor<f32>
              %new = stablehlo.add %m, %w : tensor<f32>
              %u = stablehlo.reshape %new : (tensor<f32>) -> tensor<1xf32>
              %y2 = stablehlo.dynamic_update_slice %y, %u, %hi : ({t}, tensor<1xf32>, tensor<i32>) -> {t}
              %one = stablehlo.constant dense<1> : tensor<i32>
              %i2 = stablehlo.add %i, %one : tensor<i32>
              stablehlo.return %xi, %i2, %y2 : {t}, tensor<i32>, {t}
            }}
            return %r#2 : {t}
          }}
        }}"""
    rng = np.random.default_rng(2)
    x = rng.standard_normal(n).astype(np.float32)
    y0 = rng.standard_normal(n).astype(np.float32)
    want = y0.copy()
    for i in range(n + 4):
        r, w = min(max(i - 3, 0), n - 1), min(max(i + 2, 0), n - 1)
        want[w] = np.float32(x[r] * np.float32(2)) + want[w]
    trace: list[str] = []
    (got,) = run_both(driver, tmp_path, prog, x, y0, trace=trace)
    assert got.tobytes() == want.tobytes(), "expected clamped reads and writes"
    assert native_loop(trace), "expected the loop to run as a native scalar loop"


def test_condition_reading_an_array_finds_the_first_negative(driver, tmp_path):  # noqa: F811
    """while x[i] >= 0: i += 1 (the array only read, also by the condition): the index of the
    first negative element, or the last index's clamp keeps it there (the loop then runs to the
    counter's bound)."""
    n = 1000
    t = f"tensor<{n}xf32>"
    prog = f"""
        {MOD}
          func.func public @main(%x: {t}) -> tensor<i32> {{
            %c0 = stablehlo.constant dense<0> : tensor<i32>
            %r:2 = stablehlo.while(%xi = %x, %i = %c0) : {t}, tensor<i32>
            cond {{
              %d = stablehlo.dynamic_slice %xi, %i, sizes = [1] : ({t}, tensor<i32>) -> tensor<1xf32>
              %v = stablehlo.reshape %d : (tensor<1xf32>) -> tensor<f32>
              %z = stablehlo.constant dense<0.0> : tensor<f32>
              %pos = stablehlo.compare GE, %v, %z : (tensor<f32>, tensor<f32>) -> tensor<i1>
              %lim = stablehlo.constant dense<{2 * n}> : tensor<i32>
              %more = stablehlo.compare LT, %i, %lim : (tensor<i32>, tensor<i32>) -> tensor<i1>
              %p = stablehlo.and %pos, %more : tensor<i1>
              stablehlo.return %p : tensor<i1>
            }} do {{
              %one = stablehlo.constant dense<1> : tensor<i32>
              %i2 = stablehlo.add %i, %one : tensor<i32>
              stablehlo.return %xi, %i2 : {t}, tensor<i32>
            }}
            return %r#1 : tensor<i32>
          }}
        }}"""
    x = np.abs(np.random.default_rng(3).standard_normal(n)).astype(np.float32)
    x[617] = -1.0
    trace: list[str] = []
    (got,) = run_both(driver, tmp_path, prog, x, trace=trace)
    assert int(got) == 617, "expected the index of the first negative element"
    assert native_loop(trace), "expected the loop to run as a native scalar loop"
    x[617] = 1.0
    (got,) = run_both(driver, tmp_path, prog, x)
    assert int(got) == 2 * n, "expected the counter's bound when the clamped last element stays positive"
