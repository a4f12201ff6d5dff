"""Reduces over a short dim of a stack, unrolled into elementwise body steps, through the driver.

jnp.argmax over jnp.stack and jnp.select (an argmax over a concatenate of unit i1 pieces, with
an iota index) reduce over a leading dim of a few rows: the compiler applies the reducer body
row by row from the init (XLA's order) as elementwise ops, so the stack is never built and the
body fuses with the ops around it. Results against numpy; the plan must hold no reduce.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest
from test_compiler_driver import driver  # noqa: F401  (driver is a fixture)

REPO = Path(__file__).resolve().parents[3]

ARGMAX_STACK = """
module @m attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%a: tensor<NxTY>, %b: tensor<NxTY>, %c: tensor<NxTY>) -> tensor<Nxi32> {
    %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<NxTY>) -> tensor<1xNxTY>
    %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<NxTY>) -> tensor<1xNxTY>
    %2 = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<NxTY>) -> tensor<1xNxTY>
    %3 = stablehlo.concatenate %0, %1, %2, dim = 0 : (tensor<1xNxTY>, tensor<1xNxTY>, tensor<1xNxTY>) -> tensor<3xNxTY>
    %i = stablehlo.iota dim = 0 : tensor<3xNxi32>
    %init = stablehlo.constant dense<INIT> : tensor<TY>
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %r:2 = stablehlo.reduce(%3 init: %init), (%i init: %c0) across dimensions = [0] : (tensor<3xNxTY>, tensor<3xNxi32>, tensor<TY>, tensor<i32>) -> (tensor<NxTY>, tensor<Nxi32>)
     reducer(%p: tensor<TY>, %q: tensor<TY>) (%pi: tensor<i32>, %qi: tensor<i32>)  {
      %4 = stablehlo.compare GT, %p, %q, CMP : (tensor<TY>, tensor<TY>) -> tensor<i1>
      %5 = stablehlo.compare NE, %p, %p, CMP : (tensor<TY>, tensor<TY>) -> tensor<i1>
      %6 = stablehlo.or %4, %5 : tensor<i1>
      %7 = stablehlo.compare EQ, %p, %q, CMP : (tensor<TY>, tensor<TY>) -> tensor<i1>
      %8 = stablehlo.compare LT, %pi, %qi, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %9 = stablehlo.and %7, %8 : tensor<i1>
      %10 = stablehlo.or %6, %9 : tensor<i1>
      %11 = stablehlo.select %6, %p, %q : tensor<i1>, tensor<TY>
      %12 = stablehlo.select %10, %pi, %qi : tensor<i1>, tensor<i32>
      stablehlo.return %11, %12 : tensor<TY>, tensor<i32>
    }
    return %r#1 : tensor<Nxi32>
  }
}
"""


def run_with_plan(driver: Path, tmp_path: Path, mlir: str, *inputs: np.ndarray, isa: str = "") -> tuple[list, str]:  # noqa: F811
    """Runs `mlir` with JAXLIB_DUMP_PLAN=1; returns the outputs and the printed plan."""
    prog = tmp_path / "p.mlir"
    prog.write_text(mlir)
    args = [str(driver), "--out", str(tmp_path), str(prog)]
    for k, a in enumerate(inputs):
        np.save(tmp_path / f"in{k}.npy", np.ascontiguousarray(a))
        args.append(str(tmp_path / f"in{k}.npy"))
    env = {"JAXLIB_DUMP_PLAN": "1", "JAXLIB_CPU_ISA": isa, "PATH": "/usr/bin:/bin"}
    r = subprocess.run(args, capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 0, f"driver exited {r.returncode}: {r.stderr[-2000:]}"
    outs, k = [], 0
    while (tmp_path / f"out{k}.npy").exists():
        outs.append(np.load(tmp_path / f"out{k}.npy"))
        k += 1
    return outs, r.stderr


@pytest.mark.parametrize("isa", ["", "avx2"])
@pytest.mark.parametrize(("ty", "init", "cmp"), [("f32", "0xFF800000", "FLOAT"), ("i32", "-2147483648", "SIGNED"),
                                                 ("i1", "false", "UNSIGNED")])
def test_argmax_over_a_stack_is_unrolled_and_matches_numpy(driver, tmp_path, ty, init, cmp, isa):  # noqa: F811
    n = 5000
    rng = np.random.default_rng(3)
    if ty == "f32":
        # Ties (first index wins), NaN (the first NaN wins), signed zeros (equal).
        vals = np.array([0.0, -0.0, 1.0, 2.0, np.nan, -np.inf], np.float32)
        a, b, c = (vals[rng.integers(0, len(vals), n)] for _ in range(3))
    elif ty == "i32":
        a, b, c = (rng.integers(-3, 3, n).astype(np.int32) for _ in range(3))
        a[:4] = np.iinfo(np.int32).min
    else:
        a, b, c = (rng.random(n) < 0.3 for _ in range(3))
    mlir = ARGMAX_STACK.replace("TY", ty).replace("INIT", init).replace("CMP", cmp).replace("xN", f"x{n}")
    mlir = mlir.replace("<Nx", f"<{n}x")
    (got,), plan = run_with_plan(driver, tmp_path, mlir, a, b, c, isa=isa)
    assert "stablehlo.reduce" not in plan and "stablehlo.concatenate" not in plan, "expected the reduce unrolled"
    want = np.argmax(np.stack([a, b, c]), axis=0).astype(np.int32)  # NaN counts as the max, first wins
    assert np.array_equal(got, want), f"indices differ at {np.flatnonzero(got != want)[:8]}"


@pytest.mark.parametrize("isa", ["", "avx2"])
def test_jnp_select_program_is_one_pass_and_matches_numpy(driver, tmp_path, isa):  # noqa: F811
    # benchmarks' jnp.select: argmax over concatenate(false, x < -1, x > 1) picks the branch.
    mlir = (REPO / "benchmarks/programs/broad/jnp_select.mlir").read_text()
    x = np.random.default_rng(8).standard_normal(4194304).astype(np.float32)
    x[:6] = [np.nan, -1.0, 1.0, -0.0, np.inf, -np.inf]
    (got,), plan = run_with_plan(driver, tmp_path, mlir, x, isa=isa)
    assert "stablehlo.reduce" not in plan and "stablehlo.concatenate" not in plan, "expected the reduce unrolled"
    want = np.select([x < -1, x > 1], [x * 2, x * x], x)
    assert np.array_equal(got.view(np.uint32), want.view(np.uint32)), "expected numpy's select bit for bit"


def test_a_reduce_over_a_computed_array_is_not_unrolled(driver, tmp_path):  # noqa: F811
    # Rows that are not a stack (here an exp of the whole [3, N] array) would each be a copy:
    # the reduce kernel keeps it.
    n = 4096
    mlir = f"""
    module @m attributes {{mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32}} {{
      func.func public @main(%x: tensor<3x{n}xi32>) -> tensor<{n}xi32> {{
        %y = stablehlo.multiply %x, %x : tensor<3x{n}xi32>
        %i = stablehlo.iota dim = 0 : tensor<3x{n}xi32>
        %c0 = stablehlo.constant dense<0> : tensor<i32>
        %r:2 = stablehlo.reduce(%y init: %c0), (%i init: %c0) across dimensions = [0] : (tensor<3x{n}xi32>, tensor<3x{n}xi32>, tensor<i32>, tensor<i32>) -> (tensor<{n}xi32>, tensor<{n}xi32>)
         reducer(%p: tensor<i32>, %q: tensor<i32>) (%pi: tensor<i32>, %qi: tensor<i32>)  {{
          %4 = stablehlo.compare GT, %p, %q, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
          %11 = stablehlo.select %4, %p, %q : tensor<i1>, tensor<i32>
          %12 = stablehlo.select %4, %pi, %qi : tensor<i1>, tensor<i32>
          stablehlo.return %11, %12 : tensor<i32>, tensor<i32>
        }}
        return %r#1 : tensor<{n}xi32>
      }}
    }}"""
    x = np.random.default_rng(2).integers(-5, 5, (3, n)).astype(np.int32)
    (got,), plan = run_with_plan(driver, tmp_path, mlir, x)
    assert "stablehlo.reduce" in plan, "expected the reduce kernel"
    y = x * x
    acc, ai = np.zeros(n, np.int32), np.zeros(n, np.int32)
    for j in range(3):
        take = acc > y[j]
        acc, ai = np.where(take, acc, y[j]), np.where(take, ai, j)
    assert np.array_equal(got, ai.astype(np.int32))


@pytest.mark.parametrize("isa", ["", "avx2", "baseline"])
@pytest.mark.parametrize(("rows", "n"), [(4, 4099), (3, 8)])
def test_argmax_over_the_leading_dim_of_an_array_matches_numpy(driver, tmp_path, rows, n, isa):  # noqa: F811
    # Not a stack: the argmax kernel folds columns, four at a time in vector lanes (a tail of
    # n % 4 columns one by one), with the scalar fold's NaN, tie and signed-zero rules.
    body = ARGMAX_STACK.split("reducer", 1)[1].split("return %r#1", 1)[0]
    body = body.replace("TY", "f32").replace("CMP", "FLOAT")
    mlir = f"""
    module @m attributes {{mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32}} {{
      func.func public @main(%x: tensor<{rows}x{n}xf32>) -> tensor<{n}xi32> {{
        %i = stablehlo.iota dim = 0 : tensor<{rows}x{n}xi32>
        %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
        %c0 = stablehlo.constant dense<0> : tensor<i32>
        %r:2 = stablehlo.reduce(%x init: %init), (%i init: %c0) across dimensions = [0] : (tensor<{rows}x{n}xf32>, tensor<{rows}x{n}xi32>, tensor<f32>, tensor<i32>) -> (tensor<{n}xf32>, tensor<{n}xi32>)
         reducer{body}
        return %r#1 : tensor<{n}xi32>
      }}
    }}"""
    vals = np.array([0.0, -0.0, 1.0, 2.0, np.nan, -np.inf, 3.5], np.float32)
    x = vals[np.random.default_rng(rows + n).integers(0, len(vals), (rows, n))]
    (got,), plan = run_with_plan(driver, tmp_path, mlir, x, isa=isa)
    assert "stablehlo.reduce" in plan, "expected the argmax kernel"
    want = np.argmax(x, axis=0).astype(np.int32)  # NaN counts as the max, first wins
    assert np.array_equal(got, want), f"indices differ at {np.flatnonzero(got != want)[:8]}"
