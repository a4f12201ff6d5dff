"""While loops whose big carries a body fusion recomputes (threefry's rounds): the round's array
ops fuse into one loop although its scalar shift counts are computed between them
(fuse_elementwise.cc, independent scalar groups), and each big carry swaps buffers with the
loop's scratch instead of being copied back (control_flow.cc PlanPingPongResults). Results must
be numpy's for even and odd trip counts (the last value ends in either buffer), strip-mined or
not. Run through the standalone driver.
"""

from __future__ import annotations

import os
import subprocess
import textwrap
from pathlib import Path

import numpy as np
import pytest
from test_compiler_driver import driver, run  # noqa: F401  (driver is a fixture)

N = 512 * 512  # above two strip-mining tiles
ROT = [13, 15, 26, 6]

PROGRAM = f"""
module @m attributes {{mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32}} {{
  func.func public @main(%n: tensor<i32>, %a: tensor<{N}xui32>, %b: tensor<{N}xui32>, %key: tensor<ui32>)
      -> (tensor<{N}xui32>, tensor<{N}xui32>) {{
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %rot = stablehlo.constant dense<{ROT}> : tensor<4xui32>
    %r:5 = stablehlo.while(%i = %c0, %x = %a, %y = %b, %k = %key, %rv = %rot)
        : tensor<i32>, tensor<{N}xui32>, tensor<{N}xui32>, tensor<ui32>, tensor<4xui32>
      cond {{
        %lt = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %lt : tensor<i1>
      }} do {{
        %one = stablehlo.constant dense<1> : tensor<i32>
        %i1 = stablehlo.add %i, %one : tensor<i32>
        %s0 = stablehlo.slice %rv [0:1] : (tensor<4xui32>) -> tensor<1xui32>
        %r0 = stablehlo.reshape %s0 : (tensor<1xui32>) -> tensor<ui32>
        %x1 = stablehlo.add %x, %y : tensor<{N}xui32>
        %rb = stablehlo.broadcast_in_dim %r0, dims = [] : (tensor<ui32>) -> tensor<{N}xui32>
        %shl = stablehlo.shift_left %y, %rb : tensor<{N}xui32>
        %c32 = stablehlo.constant dense<32> : tensor<ui32>
        %l0 = stablehlo.subtract %c32, %r0 : tensor<ui32>
        %lb = stablehlo.broadcast_in_dim %l0, dims = [] : (tensor<ui32>) -> tensor<{N}xui32>
        %shr = stablehlo.shift_right_logical %y, %lb : tensor<{N}xui32>
        %rotl = stablehlo.or %shl, %shr : tensor<{N}xui32>
        %y1 = stablehlo.xor %x1, %rotl : tensor<{N}xui32>
        %s1 = stablehlo.slice %rv [1:2] : (tensor<4xui32>) -> tensor<1xui32>
        %r1 = stablehlo.reshape %s1 : (tensor<1xui32>) -> tensor<ui32>
        %x2 = stablehlo.add %x1, %y1 : tensor<{N}xui32>
        %rb1 = stablehlo.broadcast_in_dim %r1, dims = [] : (tensor<ui32>) -> tensor<{N}xui32>
        %shl1 = stablehlo.shift_left %y1, %rb1 : tensor<{N}xui32>
        %l1 = stablehlo.subtract %c32, %r1 : tensor<ui32>
        %lb1 = stablehlo.broadcast_in_dim %l1, dims = [] : (tensor<ui32>) -> tensor<{N}xui32>
        %shr1 = stablehlo.shift_right_logical %y1, %lb1 : tensor<{N}xui32>
        %rotl1 = stablehlo.or %shl1, %shr1 : tensor<{N}xui32>
        %y2 = stablehlo.xor %x2, %rotl1 : tensor<{N}xui32>
        %iu = stablehlo.convert %i1 : (tensor<i32>) -> tensor<ui32>
        %ki = stablehlo.add %k, %iu : tensor<ui32>
        %kb = stablehlo.broadcast_in_dim %ki, dims = [] : (tensor<ui32>) -> tensor<{N}xui32>
        %y3 = stablehlo.add %y2, %kb : tensor<{N}xui32>
        %rv1 = stablehlo.reverse %rv, dims = [0] : tensor<4xui32>
        stablehlo.return %i1, %x2, %y3, %k, %rv1 : tensor<i32>, tensor<{N}xui32>, tensor<{N}xui32>, tensor<ui32>, tensor<4xui32>
      }}
    return %r#1, %r#2 : tensor<{N}xui32>, tensor<{N}xui32>
  }}
}}
"""


def _reference(n: int, a: np.ndarray, b: np.ndarray, key: int) -> tuple[np.ndarray, np.ndarray]:
    x, y = a.copy(), b.copy()
    rot = list(ROT)
    with np.errstate(over="ignore"):
        for i in range(n):
            for r in rot[:2]:
                x = x + y
                y = x ^ ((y << np.uint32(r)) | (y >> np.uint32(32 - r)))
            y = y + np.uint32((key + i + 1) & 0xFFFFFFFF)
            rot = rot[::-1]
    return x, y


def _run(driver: Path, tmp_path: Path, env: dict[str, str], n: int, a: np.ndarray, b: np.ndarray,  # noqa: F811
         key: int) -> tuple[list[np.ndarray], str]:
    prog = tmp_path / "loop.mlir"
    prog.write_text(textwrap.dedent(PROGRAM))
    args = [str(driver), "--out", str(tmp_path), str(prog)]
    for i, x in enumerate([np.array(n, np.int32), a, b, np.array(key, np.uint32)]):
        np.save(tmp_path / f"in{i}.npy", x)
        args.append(str(tmp_path / f"in{i}.npy"))
    r = subprocess.run(args, capture_output=True, text=True, timeout=300,
                       env=dict(os.environ, JAXLIB_CPU_LOOP_TRACE="1", JAXLIB_CPU_JIT_TRACE="1", **env))
    assert r.returncode == 0, f"driver exited {r.returncode}: {r.stderr}"
    return [np.load(tmp_path / f"out{k}.npy") for k in range(2)], r.stderr


@pytest.mark.parametrize("env", [{}, {"JAXLIB_CPU_DISABLE_STRIP_MINING": "1"}], ids=["strips", "whole"])
def test_round_loop_swaps_carry_buffers_and_keeps_bits(driver, tmp_path, env):  # noqa: F811
    rng = np.random.default_rng(7)
    a = rng.integers(0, 2**32, N, dtype=np.uint32)
    b = rng.integers(0, 2**32, N, dtype=np.uint32)
    for n in (0, 1, 4, 5):
        (x, y), trace = _run(driver, tmp_path, env, n, a, b, 0x1234567)
        want_x, want_y = _reference(n, a, b, 0x1234567)
        assert np.array_equal(x, want_x) and np.array_equal(y, want_y), f"expected numpy's rounds after {n} iterations"
    assert "carry 1 swaps buffers" in trace and "carry 2 swaps buffers" in trace, \
        f"expected both big carries to swap buffers:\n{trace}"
    big_loops = [line for line in trace.splitlines() if "fused-loop jit" in line and "2 outputs" in line]
    assert len(big_loops) == 1, f"expected the round's array ops in one loop with two outputs:\n{trace}"


@pytest.mark.parametrize("a,b", [(7, -3), (-5, 9), (4, 4)])
def test_scalar_code_select_bitwise_and_integer_max_min(driver, tmp_path, a, b):  # noqa: F811
    """A fusion of scalars (index arithmetic, as JAX wraps negative indices) runs as inline scalar
    codes: select on i32, i64 and f32, and/or/xor of preds and i32, max/min of i32 and i64."""
    text = """
    module @scalars {
      func.func public @main(%a: tensor<i32>, %b: tensor<i32>, %f: tensor<f32>) -> (tensor<i32>, tensor<i64>,
          tensor<f32>, tensor<i1>, tensor<i1>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i64>) {
        %z = stablehlo.constant dense<0> : tensor<i32>
        %lt = stablehlo.compare LT, %a, %z, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %gt = stablehlo.compare GT, %b, %z, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        %c = stablehlo.constant dense<1024> : tensor<i32>
        %w = stablehlo.add %a, %c : tensor<i32>
        %s32 = stablehlo.select %lt, %w, %a : tensor<i1>, tensor<i32>
        %a64 = stablehlo.convert %a : (tensor<i32>) -> tensor<i64>
        %b64 = stablehlo.convert %b : (tensor<i32>) -> tensor<i64>
        %s64 = stablehlo.select %gt, %a64, %b64 : tensor<i1>, tensor<i64>
        %g = stablehlo.negate %f : tensor<f32>
        %sf = stablehlo.select %lt, %f, %g : tensor<i1>, tensor<f32>
        %and = stablehlo.and %lt, %gt : tensor<i1>
        %xor = stablehlo.xor %lt, %gt : tensor<i1>
        %or32 = stablehlo.or %a, %b : tensor<i32>
        %xor32 = stablehlo.xor %a, %b : tensor<i32>
        %max = stablehlo.maximum %a, %b : tensor<i32>
        %min = stablehlo.minimum %a, %b : tensor<i32>
        %min64 = stablehlo.minimum %a64, %b64 : tensor<i64>
        return %s32, %s64, %sf, %and, %xor, %or32, %xor32, %max, %min, %min64 : tensor<i32>, tensor<i64>, tensor<f32>,
          tensor<i1>, tensor<i1>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i64>
      }
    }
    """
    f = np.float32(2.5)
    got = run(driver, tmp_path, text, np.int32(a), np.int32(b), f)
    lt, gt = a < 0, b > 0
    want = [a + 1024 if lt else a, a if gt else b, f if lt else -f, lt and gt, lt != gt, a | b, a ^ b, max(a, b),
            min(a, b), min(a, b)]
    assert [v.item() for v in got] == want
