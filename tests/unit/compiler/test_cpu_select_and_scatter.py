"""select_and_scatter (max/min pooling gradients) against a direct model of its semantics.

Each source position's window is walked tap by tap in row-major window order; padding taps are
skipped; the first tap is kept unless select(kept, candidate) is false; every source is then
added into its selected operand element in source order. Covers channels-last runs (unit
trailing window), windows over the trailing dims, padding, ties, NaN, swapped comparisons,
f32 and f64. Run through the standalone driver (tests/unit/compiler).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from test_compiler_driver import driver  # noqa: F401  (a fixture)
from test_cpu_isa_paths import MOD, run_isa

OPS = {"GE": np.greater_equal, "GT": np.greater, "LE": np.less_equal, "LT": np.less}


def model(x, src, init, win, strides, pad, direction, swapped):
    out = np.full(x.shape, init, x.dtype)
    keep = OPS[direction]
    for s in itertools.product(*(range(n) for n in src.shape)):
        kept = None
        for w in itertools.product(*(range(n) for n in win)):
            idx = tuple(o * st + t - lo for o, st, t, (lo, _) in zip(s, strides, w, pad, strict=True))
            if any(i < 0 or i >= n for i, n in zip(idx, x.shape, strict=True)):
                continue
            if kept is None:
                kept = idx
                continue
            a, b = (x[idx], x[kept]) if swapped else (x[kept], x[idx])
            if not keep(a, b):
                kept = idx
        if kept is not None:
            out[kept] = out[kept] + src[s]
    return out


def ty(shape, dt):
    return "tensor<" + "".join(f"{d}x" for d in shape) + dt + ">"


CASES = [
    # NHWC 3x3 / 2 with padding: channels-last runs, batch split over threads
    ((3, 9, 9, 5), (1, 3, 3, 1), (1, 2, 2, 1), ((0, 0), (1, 1), (0, 1), (0, 0)), "GE", False, "f32"),
    # NCHW 2x2 / 1 overlapping windows over the trailing dims: no run
    ((2, 3, 7, 6), (1, 1, 2, 2), (1, 1, 1, 1), ((0, 0), (0, 0), (0, 0), (0, 0)), "GT", False, "f64"),
    # a min pool written with the comparison's operands swapped
    ((4, 8, 6), (1, 3, 1), (1, 2, 1), ((0, 0), (1, 0), (0, 0)), "GE", True, "f32"),
    # windows over dim 0: no thread split
    ((7, 10), (3, 1), (2, 1), ((1, 1), (0, 0)), "LT", False, "f32"),
]


@pytest.mark.parametrize("shape,win,strides,pad,direction,swapped,dt", CASES)
def test_select_and_scatter_matches_the_model(driver, tmp_path, shape, win, strides, pad, direction, swapped, dt):  # noqa: F811
    rng = np.random.default_rng(4)
    npdt = np.float32 if dt == "f32" else np.float64
    x = rng.integers(-3, 4, shape).astype(npdt)  # small integers: many ties
    x.flat[rng.choice(x.size, 3, replace=False)] = np.nan
    src_shape = tuple((n + lo + hi - w) // s + 1 for n, w, s, (lo, hi) in zip(shape, win, strides, pad, strict=True))
    src = rng.standard_normal(src_shape).astype(npdt)
    a, b = ("%b", "%a") if swapped else ("%a", "%b")
    pads = ", ".join(f"[{lo}, {hi}]" for lo, hi in pad)
    text = f"""
    {MOD}
      func.func public @main(%x: {ty(shape, dt)}, %s: {ty(src_shape, dt)}) -> {ty(shape, dt)} {{
        %z = stablehlo.constant dense<0.5> : tensor<{dt}>
        %r = "stablehlo.select_and_scatter"(%x, %s, %z) <{{padding = dense<[{pads}]> : tensor<{len(shape)}x2xi64>,
            window_dimensions = array<i64: {", ".join(map(str, win))}>, window_strides = array<i64: {", ".join(map(str, strides))}>}}> ({{
          ^bb0(%a: tensor<{dt}>, %b: tensor<{dt}>):
            %c = stablehlo.compare {direction}, {a}, {b}, FLOAT : (tensor<{dt}>, tensor<{dt}>) -> tensor<i1>
            stablehlo.return %c : tensor<i1>
          }}, {{
          ^bb0(%a: tensor<{dt}>, %b: tensor<{dt}>):
            %c = stablehlo.add %a, %b : tensor<{dt}>
            stablehlo.return %c : tensor<{dt}>
          }}) : ({ty(shape, dt)}, {ty(src_shape, dt)}, tensor<{dt}>) -> {ty(shape, dt)}
        return %r : {ty(shape, dt)}
      }}
    }}"""
    (got,) = run_isa(driver, tmp_path, text, "", x, src)
    want = model(x, src, npdt(0.5), win, strides, pad, direction, swapped)
    assert got.tobytes() == want.tobytes(), f"expected the selected elements and sums of the model for {shape}"
