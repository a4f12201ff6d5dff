"""Slices feeding an elementwise fusion are read in place by the fused loop (an offset into their
source, and strides when the slice is not one run of it) instead of being copied out first:
jnp.diff along each axis and a strided slice give numpy's exact values at every ISA, and the
plan holds no separate slice step. Run through the standalone driver (tests/unit/compiler).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from test_compiler_driver import driver  # noqa: F401  (a fixture)
from test_cpu_isa_paths import ISAS, run_isa

ROWS, COLS = 67, 301  # odd sizes: rows do not start at vector boundaries


def diff_program(axis: int) -> str:
    """jnp.diff(x, axis=axis) * 2 + x's first/last slice, as JAX lowers x[1:] - x[:-1]."""
    t = f"tensor<{ROWS}x{COLS}xf32>"
    shape = (ROWS - 1, COLS) if axis == 0 else (ROWS, COLS - 1)
    o = f"tensor<{shape[0]}x{shape[1]}xf32>"
    hi = f"[1:{ROWS}, 0:{COLS}]" if axis == 0 else f"[0:{ROWS}, 1:{COLS}]"
    lo = f"[0:{ROWS - 1}, 0:{COLS}]" if axis == 0 else f"[0:{ROWS}, 0:{COLS - 1}]"
    return f"""module @diff {{
  func.func public @main(%x: {t}) -> {o} {{
    %0 = stablehlo.slice %x {hi} : ({t}) -> {o}
    %1 = stablehlo.slice %x {lo} : ({t}) -> {o}
    %2 = stablehlo.subtract %0, %1 : {o}
    %c = stablehlo.constant dense<2.000000e+00> : {o}
    %3 = stablehlo.multiply %2, %c : {o}
    %4 = stablehlo.add %3, %0 : {o}
    return %4 : {o}
  }}
}}
"""


@pytest.mark.parametrize("axis", [0, 1])
def test_diff_reads_slices_in_place_with_exact_values(driver, tmp_path: Path, axis: int):  # noqa: F811
    x = np.random.default_rng(5).standard_normal((ROWS, COLS)).astype(np.float32)
    hi = x[1:] if axis == 0 else x[:, 1:]
    lo = x[:-1] if axis == 0 else x[:, :-1]
    want = (hi - lo) * np.float32(2) + hi
    for isa in ISAS:
        err: list[str] = []
        got = run_isa(driver, tmp_path, diff_program(axis), isa, x, extra_env={"JAXLIB_DUMP_PLAN": "1"}, stderr=err)[0]
        assert got.shape == want.shape, f"shape {got.shape}, expected {want.shape}"
        bad = np.flatnonzero(got != want)
        assert bad.size == 0, f"axis {axis} at ISA {isa or 'native'}: {bad.size} wrong, first at {bad[:5]}"
        # Top-level steps start at column 0; a fusion's own ops are indented under it.
        steps = [ln for ln in err[0].splitlines() if ln.startswith("%")]
        assert any("jaxlib.fusion" in ln for ln in steps), f"expected a fusion step, plan:\n{err[0]}"
        assert not any("stablehlo.slice" in ln for ln in steps), f"expected no slice step (read in place), plan:\n{err[0]}"


def test_strided_slice_with_steps_reads_in_place(driver, tmp_path: Path):  # noqa: F811
    """x[1::2, 3::3] + x[0:-1:2, 0:-3:3] (steps on both axes) next to a broadcast row."""
    t = f"tensor<{ROWS}x{COLS}xf32>"
    r0, c0 = len(range(1, ROWS, 2)), len(range(3, COLS, 3))
    o = f"tensor<{r0}x{c0}xf32>"
    text = f"""module @strided {{
  func.func public @main(%x: {t}, %v: tensor<{c0}xf32>) -> {o} {{
    %0 = stablehlo.slice %x [1:{ROWS}:2, 3:{COLS}:3] : ({t}) -> {o}
    %1 = stablehlo.slice %x [0:{ROWS - 1}:2, 0:{COLS - 3}:3] : ({t}) -> {o}
    %2 = stablehlo.add %0, %1 : {o}
    %b = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<{c0}xf32>) -> {o}
    %3 = stablehlo.multiply %2, %b : {o}
    return %3 : {o}
  }}
}}
"""
    x = np.random.default_rng(6).standard_normal((ROWS, COLS)).astype(np.float32)
    v = np.random.default_rng(7).standard_normal(c0).astype(np.float32)
    want = (x[1::2, 3::3] + x[0:-1:2, 0:-3:3][: r0, : c0]) * v
    for isa in ISAS:
        got = run_isa(driver, tmp_path, text, isa, x, v)[0]
        assert got.shape == want.shape, f"shape {got.shape}, expected {want.shape}"
        bad = np.flatnonzero(got != want)
        assert bad.size == 0, f"at ISA {isa or 'native'}: {bad.size} wrong, first at {bad[:5]}"


def test_columns_dropped_to_vectors_read_in_place(driver, tmp_path: Path):  # noqa: F811
    """jnp.cross's x[..., k] (a slice of one column, its unit dim dropped by a reshape) on
    [N, 3] and [B, T, 3] arrays: the reshaped slices are read as strided views of their sources
    inside the fusion (no slice step in the plan), with numpy's exact values at every ISA."""
    n, b, t = 4099, 31, 67
    prog = f"""module @cols {{
  func.func public @main(%a: tensor<{n}x3xf32>, %c: tensor<{b}x{t}x3xf32>) -> (tensor<{n}xf32>, tensor<{b}x{t}xf32>) {{
    %0 = stablehlo.slice %a [0:{n}, 1:2] : (tensor<{n}x3xf32>) -> tensor<{n}x1xf32>
    %1 = stablehlo.reshape %0 : (tensor<{n}x1xf32>) -> tensor<{n}xf32>
    %2 = stablehlo.slice %a [0:{n}, 2:3] : (tensor<{n}x3xf32>) -> tensor<{n}x1xf32>
    %3 = stablehlo.reshape %2 : (tensor<{n}x1xf32>) -> tensor<{n}xf32>
    %4 = stablehlo.multiply %1, %3 : tensor<{n}xf32>
    %5 = stablehlo.slice %c [0:{b}, 0:{t}, 0:1] : (tensor<{b}x{t}x3xf32>) -> tensor<{b}x{t}x1xf32>
    %6 = stablehlo.reshape %5 : (tensor<{b}x{t}x1xf32>) -> tensor<{b}x{t}xf32>
    %7 = stablehlo.slice %c [0:{b}, 0:{t}, 2:3] : (tensor<{b}x{t}x3xf32>) -> tensor<{b}x{t}x1xf32>
    %8 = stablehlo.reshape %7 : (tensor<{b}x{t}x1xf32>) -> tensor<{b}x{t}xf32>
    %9 = stablehlo.subtract %6, %8 : tensor<{b}x{t}xf32>
    return %4, %9 : tensor<{n}xf32>, tensor<{b}x{t}xf32>
  }}
}}
"""
    rng = np.random.default_rng(3)
    a = rng.standard_normal((n, 3)).astype(np.float32)
    c = rng.standard_normal((b, t, 3)).astype(np.float32)
    for isa in ISAS:
        err: list[str] = []
        p, d = run_isa(driver, tmp_path, prog, isa, a, c, extra_env={"JAXLIB_DUMP_PLAN": "1"}, stderr=err)
        assert p.tobytes() == (a[:, 1] * a[:, 2]).tobytes(), f"at {isa or 'native'}: expected a[:, 1] * a[:, 2]"
        assert d.tobytes() == (c[..., 0] - c[..., 2]).tobytes(), f"at {isa or 'native'}: expected c[..., 0] - c[..., 2]"
        plan = err[0].split("compile ")[0]
        steps = [line for line in plan.splitlines() if line.startswith("%") and "stablehlo.slice" in line]
        assert not steps, f"expected no slice step outside the fusion, plan:\n{plan}"
