"""i1 algebra at compile time (simplify.cc ForwardPredicateOp): jnp.remainder's sign fix-up
compares an i1 with a constant false and ands a strict order with an inequality of the same
operands; both forward to the simpler value, so the fused loop has fewer ops. Results must be
numpy's, edge values included, and an and of unrelated compares must stay. Run through the
standalone driver.
"""

from __future__ import annotations

import os
import subprocess
import textwrap
from pathlib import Path

import numpy as np
from test_compiler_driver import driver, run  # noqa: F401  (a fixture)

MOD = 'module @m attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {'
EDGES = np.array([-(2**31), -(2**31) + 1, -1001, -1000, -999, -7, -1, 0, 1, 7, 999, 1000, 1001, 2**31 - 1], np.int32)


def _plan_ops(driver: Path, tmp_path: Path, mlir: str, *inputs: np.ndarray) -> list[str]:  # noqa: F811
    """The op names inside the plan's fusions, in order (JAXLIB_DUMP_PLAN)."""
    prog = tmp_path / "plan.mlir"
    prog.write_text(textwrap.dedent(mlir))
    args = [str(driver), str(prog)]
    for i, x in enumerate(inputs):
        np.save(tmp_path / f"p{i}.npy", x)
        args.append(str(tmp_path / f"p{i}.npy"))
    r = subprocess.run(args, capture_output=True, text=True, timeout=120, env=dict(os.environ, JAXLIB_DUMP_PLAN="1"))
    assert r.returncode == 0, r.stderr
    return [w.split("(")[0] for line in r.stderr.splitlines() for w in line.split() if w.startswith("stablehlo.")]


def _remainder_program(n: int, divisor: int, other: str) -> str:
    t = f"tensor<{n}xi32>"
    p = f"tensor<{n}xi1>"
    return f"""
        {MOD}
          func.func public @main(%x: {t}, %z: {t}) -> ({t}, {p}) {{
            %d = stablehlo.constant dense<{divisor}> : tensor<i32>
            %db = stablehlo.broadcast_in_dim %d, dims = [] : (tensor<i32>) -> {t}
            %r = stablehlo.remainder %x, %db : {t}
            %c0 = stablehlo.constant dense<0> : tensor<i32>
            %zb = stablehlo.broadcast_in_dim %c0, dims = [] : (tensor<i32>) -> {t}
            %ne = stablehlo.compare NE, %r, %zb, SIGNED : ({t}, {t}) -> {p}
            %lt = stablehlo.compare LT, %r, %zb, SIGNED : ({t}, {t}) -> {p}
            %dneg = stablehlo.compare LT, %d, %c0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
            %dnb = stablehlo.broadcast_in_dim %dneg, dims = [] : (tensor<i1>) -> {p}
            %sgn = stablehlo.compare NE, %lt, %dnb, UNSIGNED : ({p}, {p}) -> {p}
            %fix = stablehlo.and %sgn, %ne : {p}
            %rd = stablehlo.add %r, %db : {t}
            %out = stablehlo.select %fix, %rd, %r : {p}, {t}
            %o1 = stablehlo.compare NE, %x, {other}, SIGNED : ({t}, {t}) -> {p}
            %o2 = stablehlo.compare LT, %x, %zb, SIGNED : ({t}, {t}) -> {p}
            %other = stablehlo.and %o2, %o1 : {p}
            return %out, %other : {t}, {p}
          }}
        }}"""


def test_remainder_sign_fixup_forwards_and_keeps_bits(driver, tmp_path):  # noqa: F811
    x = np.concatenate([EDGES, np.random.default_rng(3).integers(-(2**31), 2**31, 4082, dtype=np.int64).astype(np.int32)])
    z = np.random.default_rng(4).integers(-3, 3, x.size, dtype=np.int64).astype(np.int32)
    for divisor in (1000, 7):
        mlir = _remainder_program(x.size, divisor, "%z")
        ops = _plan_ops(driver, tmp_path, mlir, x, z)
        assert ops.count("stablehlo.and") == 1, f"expected only the unrelated and left, got {ops}"
        assert ops.count("stablehlo.compare") == 3, f"expected r < 0 and the unrelated pair of compares, got {ops}"
        out, other = run(driver, tmp_path, mlir, x, z)
        r = np.fmod(x.astype(np.int64), divisor)
        want = np.where(r < 0, r + divisor, r).astype(np.int32)  # Python's % for a positive divisor
        assert np.array_equal(out, want), f"expected floor remainders by {divisor}"
        assert np.array_equal(other, (x < 0) & (x != z)), "expected the unrelated and computed as written"


def test_strict_order_and_inequality_of_the_same_operands_is_the_order(driver, tmp_path):  # noqa: F811
    x = np.concatenate([EDGES, EDGES[::-1]])
    mlir = _remainder_program(x.size, 1000, "%zb")  # %other is (x < 0) & (x != 0): x < 0
    ops = _plan_ops(driver, tmp_path, mlir, x, x)
    assert "stablehlo.and" not in ops, f"expected both ands forwarded, got {ops}"
    _, other = run(driver, tmp_path, mlir, x, x)
    assert np.array_equal(other, x < 0), "expected (x < 0) & (x != 0) to be x < 0"
