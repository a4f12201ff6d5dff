"""Many tiny batched products (a 3x3 rotation per point, 4x4 transforms, small matrix-vector
products vmapped over a batch) run with the batches as vector lanes (linalg/gemm.cc,
GemmTinyBatched): the same bits at every ISA, the same bits as the one-batch-at-a-time sums the
last batches of a group take, and numpy's values within float rounding, for every operand
layout (transposed or not, vectors, f32 and f64). Run through the standalone driver.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from test_compiler_driver import driver  # noqa: F401  (a fixture)
from test_cpu_isa_paths import ISAS, run_isa

MOD = "module @m attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {"
EL = {np.float32: "f32", np.float64: "f64"}


def t(shape: tuple[int, ...], dt) -> str:
    return "tensor<" + "x".join(str(d) for d in shape) + f"x{EL[dt]}>"


# (lhs shape per batch, rhs shape per batch, lhs contracting, rhs contracting, numpy einsum)
CASES = {
    "rotate_points": ((3, 3), (3,), 1, 0, "bij,bj->bi"),
    "transforms_4x4": ((4, 4), (4, 4), 1, 0, "bij,bjk->bik"),
    "rhs_transposed": ((3, 5), (2, 5), 1, 1, "bij,bkj->bik"),
    "lhs_transposed": ((6, 2), (6, 3), 0, 0, "bji,bjk->bik"),
    "matvec_8x8": ((8, 8), (8,), 1, 0, "bij,bj->bi"),
    "row_times_matrix": ((5,), (5, 7), 0, 0, "bj,bjk->bk"),
}


@pytest.mark.parametrize("dt", [np.float32, np.float64])
@pytest.mark.parametrize("case", sorted(CASES))
def test_tiny_batched_products(driver, tmp_path: Path, case: str, dt):  # noqa: F811
    ls, rs, lc, rc, spec = CASES[case]
    # 300 batches: whole lane groups (64 f32, 32 f64) and a remainder done one at a time. Batch
    # b repeats base product b % 5, so every base lands in lanes and in the remainder.
    batches, bases = 300, 5
    rng = np.random.default_rng(len(case))
    a0 = rng.standard_normal((bases, *ls)).astype(dt)
    b0 = rng.standard_normal((bases, *rs)).astype(dt)
    a = a0[np.arange(batches) % bases]
    b = b0[np.arange(batches) % bases]
    want = np.einsum(spec, a.astype(np.float64), b.astype(np.float64))
    out_shape = want.shape
    text = f"""{MOD}
  func.func public @main(%a: {t(a.shape, dt)}, %b: {t(b.shape, dt)}) -> {t(out_shape, dt)} {{
    %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [{lc + 1}] x [{rc + 1}], precision = [DEFAULT, DEFAULT] : ({t(a.shape, dt)}, {t(b.shape, dt)}) -> {t(out_shape, dt)}
    return %0 : {t(out_shape, dt)}
  }}
}}
"""
    ref = None
    for isa in ISAS:
        got = run_isa(driver, tmp_path, text, isa, a, b)[0]
        assert got.shape == out_shape
        if ref is None:
            ref = got
        assert got.tobytes() == ref.tobytes(), f"ISA {isa or 'native'} differs from the baseline's bits"
    tol = 1e-5 if dt == np.float32 else 1e-13
    np.testing.assert_allclose(ref, want, rtol=tol, atol=tol)
    # Lanes and one-at-a-time sums agree to the bit: every batch equals the last batch of its base.
    for k in range(bases):
        same = np.arange(k, batches, bases)
        last = same[-1]  # in the remainder (the last 44 f32 / 12 f64 batches)
        assert (ref[same] == ref[last]).all(), f"base {k}: batches differ from batch {last}'s bits"
