"""A scan's input projection (x_t @ U with x_t = xs[t], U and xs loop-invariant carries) is hoisted
out of the loop as one product over every step (runtime/compiler/hoist_loop_products.cc): the
plan runs a dot_general before the while, and the recurrence gives numpy's values with the step
slice on either side of the product, read through a reshape or as the [1, ...] slice itself.
Run through the standalone driver (tests/unit/compiler).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from test_compiler_driver import driver  # noqa: F401  (a fixture)
from test_cpu_isa_paths import run_isa

T, B, D, H = 9, 5, 6, 7  # steps, batch rows, input width, hidden width


def scan_program(side: str, reshaped: bool) -> str:
    """h <- tanh(h @ W + proj(x_t)) over T steps; proj is x_t @ U (side 'lhs') or (U^T @ x_t^T)^T
    spelled as a dot with the step slice on the right (side 'rhs')."""
    xs, w, u, h = f"tensor<{T}x{B}x{D}xf32>", f"tensor<{H}x{H}xf32>", f"tensor<{D}x{H}xf32>", f"tensor<{B}x{H}xf32>"
    ut = f"tensor<{H}x{D}xf32>"
    carries = f"{xs}, {w}, {ut if side == 'rhs' else u}, tensor<i32>, {h}"
    if reshaped:
        x_t = f"""%s = stablehlo.dynamic_slice %xs_, %i, %z, %z, sizes = [1, {B}, {D}] : ({xs}, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x{B}x{D}xf32>
        %x = stablehlo.reshape %s : (tensor<1x{B}x{D}xf32>) -> tensor<{B}x{D}xf32>"""
        if side == "lhs":
            proj = f"%p = stablehlo.dot_general %x, %u_, contracting_dims = [1] x [0] : (tensor<{B}x{D}xf32>, {u}) -> {h}"
        else:
            proj = (f"%q = stablehlo.dot_general %u_, %x, contracting_dims = [1] x [1] : ({ut}, tensor<{B}x{D}xf32>) -> "
                    f"tensor<{H}x{B}xf32>\n        %p = stablehlo.transpose %q, dims = [1, 0] : (tensor<{H}x{B}xf32>) -> {h}")
    else:
        x_t = (f"%x = stablehlo.dynamic_slice %xs_, %i, %z, %z, sizes = [1, {B}, {D}] : ({xs}, tensor<i32>, "
               f"tensor<i32>, tensor<i32>) -> tensor<1x{B}x{D}xf32>")
        if side == "lhs":
            proj = (f"%q = stablehlo.dot_general %x, %u_, contracting_dims = [2] x [0] : (tensor<1x{B}x{D}xf32>, {u}) -> "
                    f"tensor<1x{B}x{H}xf32>\n        %p = stablehlo.reshape %q : (tensor<1x{B}x{H}xf32>) -> {h}")
        else:
            proj = (f"%q = stablehlo.dot_general %u_, %x, contracting_dims = [1] x [2] : ({ut}, tensor<1x{B}x{D}xf32>) -> "
                    f"tensor<{H}x1x{B}xf32>\n        %r = stablehlo.reshape %q : (tensor<{H}x1x{B}xf32>) -> tensor<{H}x{B}xf32>\n"
                    f"        %p = stablehlo.transpose %r, dims = [1, 0] : (tensor<{H}x{B}xf32>) -> {h}")
    return f"""module @scan {{
  func.func public @main(%h0: {h}, %xs: {xs}, %w: {w}, %u: {ut if side == 'rhs' else u}) -> {h} {{
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %r:5 = stablehlo.while(%xs_ = %xs, %w_ = %w, %u_ = %u, %i = %c0, %h_ = %h0) : {carries}
    cond {{
      %n = stablehlo.constant dense<{T}> : tensor<i32>
      %lt = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    }} do {{
        %z = stablehlo.constant dense<0> : tensor<i32>
        {x_t}
        {proj}
        %hw = stablehlo.dot_general %h_, %w_, contracting_dims = [1] x [0] : ({h}, {w}) -> {h}
        %a = stablehlo.add %hw, %p : {h}
        %t = stablehlo.tanh %a : {h}
        %one = stablehlo.constant dense<1> : tensor<i32>
        %next = stablehlo.add %i, %one : tensor<i32>
        stablehlo.return %xs_, %w_, %u_, %next, %t : {carries}
    }}
    return %r#4 : {h}
  }}
}}
"""


@pytest.mark.parametrize("side", ["lhs", "rhs"])
@pytest.mark.parametrize("reshaped", [True, False])
def test_scan_input_projection_is_one_product_before_the_loop(driver, tmp_path: Path, side: str, reshaped: bool):  # noqa: F811
    rng = np.random.default_rng(3)
    h0 = rng.standard_normal((B, H)).astype(np.float32)
    xs = rng.standard_normal((T, B, D)).astype(np.float32)
    w = (rng.standard_normal((H, H)) * 0.3).astype(np.float32)
    u = (rng.standard_normal((D, H)) * 0.3).astype(np.float32)
    h = h0.astype(np.float64)
    for t in range(T):
        h = np.tanh(h @ w + xs[t].astype(np.float64) @ u)
    err: list[str] = []
    got = run_isa(driver, tmp_path, scan_program(side, reshaped), "", h0, xs, w, u.T.copy() if side == "rhs" else u,
                  extra_env={"JAXLIB_DUMP_PLAN": "1"}, stderr=err)[0]
    np.testing.assert_allclose(got, h, rtol=2e-5, atol=2e-5)
    steps = [ln for ln in err[0].splitlines() if ln.startswith("%")]
    loop = next(i for i, ln in enumerate(steps) if "stablehlo.while" in ln)
    assert any("stablehlo.dot_general" in ln for ln in steps[:loop]), f"expected the product before the loop:\n{err[0]}"
