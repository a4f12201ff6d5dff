"""Unit tests of the StableHLO compiler + CPU executor through the standalone C++ driver.

Builds tests/unit/compiler (CMake + Ninja, incremental, in build/unit_compiler) and runs small
hand-written programs, comparing with numpy. Skipped when no C++ compiler or CMake is found.
"""

from __future__ import annotations

import subprocess
import textwrap
from pathlib import Path

import numpy as np
import pytest


@pytest.fixture(scope="session")
def driver(native_target) -> Path:
    """Path of the compiled driver (built once per session, incrementally)."""
    return native_target("compiler_driver")


def run(driver: Path, tmp_path: Path, mlir: str, *inputs: np.ndarray) -> list[np.ndarray]:
    """Compiles and runs `mlir` on `inputs`; returns the results (bf16 comes back as uint16)."""
    prog = tmp_path / "p.mlir"
    prog.write_text(textwrap.dedent(mlir))
    args = [str(driver), "--out", str(tmp_path), str(prog)]
    for i, a in enumerate(inputs):
        path = tmp_path / f"in{i}.npy"
        np.save(path, np.ascontiguousarray(a))
        args.append(str(path))
    r = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, f"driver exited {r.returncode}: {r.stderr}"
    outs = []
    k = 0
    while (tmp_path / f"out{k}.npy").exists():
        outs.append(np.load(tmp_path / f"out{k}.npy"))
        (tmp_path / f"out{k}.npy").unlink()
        k += 1
    return outs


def compile_error(driver: Path, tmp_path: Path, mlir: str) -> str:
    """Runs a program expected not to compile; returns the error message."""
    prog = tmp_path / "bad.mlir"
    prog.write_text(textwrap.dedent(mlir))
    r = subprocess.run([str(driver), str(prog)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2, f"expected a compile error (exit 2), got {r.returncode}: {r.stderr}"
    return r.stderr


def test_elementwise_broadcast_constant(driver, tmp_path):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    y = np.array([1.5, -2.0, 3.0], np.float32)
    (out,) = run(driver, tmp_path, """
        module @m attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
          func.func public @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>) -> (tensor<2x3xf32> {jax.result_info = "result"}) {
            %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
            %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
            %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
            %2 = stablehlo.multiply %arg0, %0 : tensor<2x3xf32>
            %3 = stablehlo.add %2, %1 : tensor<2x3xf32>
            %4 = stablehlo.exponential %3 : tensor<2x3xf32>
            return %4 : tensor<2x3xf32>
          }
        }""", x, y)
    np.testing.assert_allclose(out, np.exp(x * 2 + y), rtol=1e-6, err_msg="exp(2x + y) with broadcasts")


def test_reduce_sum_max_and_argmax(driver, tmp_path):
    x = np.array([[1.0, 5.0, 5.0, -2.0], [np.nan, 0.0, 7.0, 7.0], [3.0, 3.0, 3.0, 3.0]], np.float32)
    outs = run(driver, tmp_path, """
        module @m {
          func.func public @main(%arg0: tensor<3x4xf32>) -> (tensor<3xf32>, tensor<4xf32>, tensor<3xi32>) {
            %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
            %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
            %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<3xf32>
            %1 = stablehlo.reduce(%arg0 init: %ninf) applies stablehlo.maximum across dimensions = [0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4xf32>
            %2 = stablehlo.iota dim = 1 : tensor<3x4xi32>
            %c = stablehlo.constant dense<0> : tensor<i32>
            %3:2 = stablehlo.reduce(%arg0 init: %ninf), (%2 init: %c) across dimensions = [1] : (tensor<3x4xf32>, tensor<3x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
             reducer(%a: tensor<f32>, %b: tensor<f32>) (%ia: tensor<i32>, %ib: tensor<i32>)  {
              %4 = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
              %5 = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
              %6 = stablehlo.or %4, %5 : tensor<i1>
              %7 = stablehlo.compare EQ, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
              %8 = stablehlo.compare LT, %ia, %ib, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
              %9 = stablehlo.and %7, %8 : tensor<i1>
              %10 = stablehlo.or %6, %9 : tensor<i1>
              %11 = stablehlo.select %6, %a, %b : tensor<i1>, tensor<f32>
              %12 = stablehlo.select %10, %ia, %ib : tensor<i1>, tensor<i32>
              stablehlo.return %11, %12 : tensor<f32>, tensor<i32>
            }
            return %0, %1, %3#1 : tensor<3xf32>, tensor<4xf32>, tensor<3xi32>
          }
        }""", x)
    np.testing.assert_allclose(outs[0], x.sum(axis=1), rtol=1e-6, err_msg="row sums (NaN row stays NaN)")
    np.testing.assert_array_equal(outs[1], np.array([np.nan, 5, 7, 7], np.float32), err_msg="max propagates NaN")
    np.testing.assert_array_equal(outs[2], np.array([1, 0, 0], np.int32), err_msg="argmax: first max, NaN wins")


def test_dot_general_batched_and_transposed(driver, tmp_path):
    rng = np.random.default_rng(0)
    a = rng.standard_normal((2, 3, 5)).astype(np.float32)
    b = rng.standard_normal((2, 4, 5)).astype(np.float32)
    (out,) = run(driver, tmp_path, """
        module @m {
          func.func public @main(%arg0: tensor<2x3x5xf32>, %arg1: tensor<2x4x5xf32>) -> tensor<2x3x4xf32> {
            %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x3x5xf32>, tensor<2x4x5xf32>) -> tensor<2x3x4xf32>
            return %0 : tensor<2x3x4xf32>
          }
        }""", a, b)
    np.testing.assert_allclose(out, np.einsum("bik,bjk->bij", a, b), rtol=1e-5, atol=1e-6, err_msg="batched dot")


def test_integer_dot_accumulates_in_result_type(driver, tmp_path):
    a = np.full((2, 40), 100, np.int8)
    b = np.full((40, 3), 100, np.int8)
    (out,) = run(driver, tmp_path, """
        module @m {
          func.func public @main(%arg0: tensor<2x40xi8>, %arg1: tensor<40x3xi8>) -> tensor<2x3xi32> {
            %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x40xi8>, tensor<40x3xi8>) -> tensor<2x3xi32>
            return %0 : tensor<2x3xi32>
          }
        }""", a, b)
    np.testing.assert_array_equal(out, np.full((2, 3), 400000, np.int32), err_msg="i8 x i8 -> i32")


def test_while_loop_and_call(driver, tmp_path):
    x = np.ones((2, 3), np.float32)
    (out,) = run(driver, tmp_path, """
        module @m {
          func.func public @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
            %c = stablehlo.constant dense<0> : tensor<i32>
            %0:2 = stablehlo.while(%iterArg = %c, %iterArg_1 = %arg0) : tensor<i32>, tensor<2x3xf32>
            cond {
              %c_3 = stablehlo.constant dense<10> : tensor<i32>
              %1 = stablehlo.compare LT, %iterArg, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
              stablehlo.return %1 : tensor<i1>
            } do {
              %1 = func.call @step(%iterArg, %iterArg_1) : (tensor<i32>, tensor<2x3xf32>) -> tensor<2x3xf32>
              %c_3 = stablehlo.constant dense<1> : tensor<i32>
              %2 = stablehlo.add %iterArg, %c_3 : tensor<i32>
              stablehlo.return %2, %1 : tensor<i32>, tensor<2x3xf32>
            }
            return %0#1 : tensor<2x3xf32>
          }
          func.func private @step(%arg0: tensor<i32>, %arg1: tensor<2x3xf32>) -> tensor<2x3xf32> {
            %0 = stablehlo.convert %arg0 : (tensor<i32>) -> tensor<f32>
            %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
            %2 = stablehlo.add %arg1, %1 : tensor<2x3xf32>
            return %2 : tensor<2x3xf32>
          }
        }""", x)
    np.testing.assert_array_equal(out, np.full((2, 3), 46, np.float32), err_msg="1 + sum(range(10))")


def test_case_selects_branch_and_clamps_index(driver, tmp_path):
    prog = """
        module @m {
          func.func public @main(%arg0: tensor<i32>, %arg1: tensor<3xf32>) -> tensor<3xf32> {
            %0 = "stablehlo.case"(%arg0) ({
              stablehlo.return %arg1 : tensor<3xf32>
            }, {
              %1 = stablehlo.negate %arg1 : tensor<3xf32>
              stablehlo.return %1 : tensor<3xf32>
            }) : (tensor<i32>) -> tensor<3xf32>
            return %0 : tensor<3xf32>
          }
        }"""
    x = np.array([1, -2, 3], np.float32)
    assert (run(driver, tmp_path, prog, np.array(0, np.int32), x)[0] == x).all(), "branch 0 is the identity"
    assert (run(driver, tmp_path, prog, np.array(1, np.int32), x)[0] == -x).all(), "branch 1 negates"
    assert (run(driver, tmp_path, prog, np.array(7, np.int32), x)[0] == -x).all(), "out of range -> last branch"


def test_shape_ops(driver, tmp_path):
    x = np.arange(12, dtype=np.int32).reshape(3, 4)
    outs = run(driver, tmp_path, """
        module @m {
          func.func public @main(%arg0: tensor<3x4xi32>) -> (tensor<4x3xi32>, tensor<2x2xi32>, tensor<6x4xi32>, tensor<3x4xi32>, tensor<6x3xi32>) {
            %c = stablehlo.constant dense<-1> : tensor<i32>
            %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<3x4xi32>) -> tensor<4x3xi32>
            %1 = stablehlo.slice %arg0 [0:3:2, 1:3] : (tensor<3x4xi32>) -> tensor<2x2xi32>
            %2 = stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<6x4xi32>
            %3 = stablehlo.reverse %arg0, dims = [0, 1] : tensor<3x4xi32>
            %4 = stablehlo.pad %arg0, %c, low = [1, -1], high = [0, 0], interior = [1, 0] : (tensor<3x4xi32>, tensor<i32>) -> tensor<6x3xi32>
            return %0, %1, %2, %3, %4 : tensor<4x3xi32>, tensor<2x2xi32>, tensor<6x4xi32>, tensor<3x4xi32>, tensor<6x3xi32>
          }
        }""", x)
    np.testing.assert_array_equal(outs[0], x.T, err_msg="transpose")
    np.testing.assert_array_equal(outs[1], x[0:3:2, 1:3], err_msg="strided slice")
    np.testing.assert_array_equal(outs[2], np.concatenate([x, x]), err_msg="concatenate")
    np.testing.assert_array_equal(outs[3], x[::-1, ::-1], err_msg="reverse")
    want = np.full((6, 3), -1, np.int32)
    want[1::2, :] = x[:, 1:]
    np.testing.assert_array_equal(outs[4], want, err_msg="pad with negative low and interior")


def test_gather_and_scatter_add(driver, tmp_path):
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    idx = np.array([[2], [0], [2]], np.int32)
    outs = run(driver, tmp_path, """
        module @m {
          func.func public @main(%arg0: tensor<4x3xf32>, %arg1: tensor<3x1xi32>) -> (tensor<3x3xf32>, tensor<4x3xf32>) {
            %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<3x1xi32>) -> tensor<3x3xf32>
            %1 = "stablehlo.scatter"(%arg0, %arg1, %0) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
            ^bb0(%a: tensor<f32>, %b: tensor<f32>):
              %2 = stablehlo.add %a, %b : tensor<f32>
              stablehlo.return %2 : tensor<f32>
            }) : (tensor<4x3xf32>, tensor<3x1xi32>, tensor<3x3xf32>) -> tensor<4x3xf32>
            return %0, %1 : tensor<3x3xf32>, tensor<4x3xf32>
          }
        }""", x, idx)
    np.testing.assert_array_equal(outs[0], x[[2, 0, 2]], err_msg="gather rows")
    want = x.copy()
    np.add.at(want, [2, 0, 2], x[[2, 0, 2]])
    np.testing.assert_array_equal(outs[1], want, err_msg="scatter-add with duplicate indices")


def test_sort_two_operands(driver, tmp_path):
    keys = np.array([3.0, -1.0, np.nan, 2.0, -1.0], np.float32)
    vals = np.arange(5, dtype=np.int32)
    outs = run(driver, tmp_path, """
        module @m {
          func.func public @main(%arg0: tensor<5xf32>, %arg1: tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>) {
            %0:2 = "stablehlo.sort"(%arg0, %arg1) <{dimension = 0 : i64, is_stable = true}> ({
            ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
              %1 = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
              stablehlo.return %1 : tensor<i1>
            }) : (tensor<5xf32>, tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>)
            return %0#0, %0#1 : tensor<5xf32>, tensor<5xi32>
          }
        }""", keys, vals)
    np.testing.assert_array_equal(outs[0], np.array([-1, -1, 2, 3, np.nan], np.float32), err_msg="NaN sorts last")
    np.testing.assert_array_equal(outs[1], np.array([1, 4, 3, 0, 2], np.int32), err_msg="stable payload order")


def test_convolution_nhwc(driver, tmp_path):
    rng = np.random.default_rng(1)
    x = rng.standard_normal((1, 5, 5, 2)).astype(np.float32)
    w = rng.standard_normal((3, 3, 2, 4)).astype(np.float32)
    (out,) = run(driver, tmp_path, """
        module @m {
          func.func public @main(%arg0: tensor<1x5x5x2xf32>, %arg1: tensor<3x3x2x4xf32>) -> tensor<1x3x3x4xf32> {
            %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x5x5x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x3x3x4xf32>
            return %0 : tensor<1x3x3x4xf32>
          }
        }""", x, w)
    xp = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
    want = np.zeros((1, 3, 3, 4), np.float32)
    for i in range(3):
        for j in range(3):
            patch = xp[0, 2 * i:2 * i + 3, 2 * j:2 * j + 3, :]
            want[0, i, j] = np.einsum("hwc,hwco->o", patch, w)
    np.testing.assert_allclose(out, want, rtol=1e-5, atol=1e-5, err_msg="strided padded NHWC convolution")


def test_xla_integer_and_conversion_conventions(driver, tmp_path):
    a = np.array([7, -7, np.iinfo(np.int32).min, 5], np.int32)
    b = np.array([0, 0, -1, 40], np.int32)
    f = np.array([np.nan, np.inf, -1e10, 2.7], np.float32)
    outs = run(driver, tmp_path, """
        module @m {
          func.func public @main(%arg0: tensor<4xi32>, %arg1: tensor<4xi32>, %arg2: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xui8>) {
            %0 = stablehlo.divide %arg0, %arg1 : tensor<4xi32>
            %1 = stablehlo.remainder %arg0, %arg1 : tensor<4xi32>
            %2 = stablehlo.shift_left %arg0, %arg1 : tensor<4xi32>
            %3 = stablehlo.convert %arg2 : (tensor<4xf32>) -> tensor<4xui8>
            return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xui8>
          }
        }""", a, b, f)
    imin = np.iinfo(np.int32).min
    np.testing.assert_array_equal(outs[0], [-1, -1, imin, 0], err_msg="x/0 = -1, INT_MIN/-1 = INT_MIN")
    np.testing.assert_array_equal(outs[1], [7, -7, 0, 5], err_msg="x%0 = x, INT_MIN%-1 = 0")
    np.testing.assert_array_equal(outs[2], [7, -7, 0, 0], err_msg="shifts >= 32 give 0")
    np.testing.assert_array_equal(outs[3], [0, 255, 0, 2], err_msg="float->u8 saturates, NaN -> 0")


def test_bf16_rounds_after_each_op(driver, tmp_path):
    x = np.array([1.0, 256.0, 3.0], np.float32)
    (out,) = run(driver, tmp_path, """
        module @m {
          func.func public @main(%arg0: tensor<3xf32>) -> tensor<3xbf16> {
            %0 = stablehlo.convert %arg0 : (tensor<3xf32>) -> tensor<3xbf16>
            %c = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
            %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<bf16>) -> tensor<3xbf16>
            %2 = stablehlo.add %0, %1 : tensor<3xbf16>
            return %2 : tensor<3xbf16>
          }
        }""", x)
    as_f32 = (out.astype(np.uint32) << 16).view(np.float32)
    np.testing.assert_array_equal(as_f32, [2.0, 256.0, 4.0], err_msg="256 + 1 rounds to 256 in bf16")


def test_generic_form_module(driver, tmp_path):
    x = np.array([1.0, 2.0], np.float32)
    (out,) = run(driver, tmp_path, """
        "builtin.module"() <{sym_name = "m"}> ({
          "func.func"() <{function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = "main", sym_visibility = "public"}> ({
          ^bb0(%arg0: tensor<2xf32>):
            %0 = "stablehlo.multiply"(%arg0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
            "func.return"(%0) : (tensor<2xf32>) -> ()
          }) : () -> ()
        }) : () -> ()""", x)
    np.testing.assert_array_equal(out, x * x, err_msg="generic-form module, func and ops")


def test_unknown_op_names_op_and_location(driver, tmp_path):
    err = compile_error(driver, tmp_path, """
        module @m {
          func.func public @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
            %0 = stablehlo.frobnicate %arg0 : tensor<2xf32>
            return %0 : tensor<2xf32>
          }
        }""")
    assert "stablehlo.frobnicate" in err and "4:10" in err, f"expected op name and 4:10 in: {err}"


def test_shape_mismatch_is_rejected_with_location(driver, tmp_path):
    err = compile_error(driver, tmp_path, """
        module @m {
          func.func public @main(%arg0: tensor<2xf32>) -> tensor<3xf32> {
            %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<2xf32>) -> tensor<3xf32>
            return %0 : tensor<3xf32>
          }
        }""")
    assert "broadcast_in_dim" in err and "4:10" in err, f"expected op and location in: {err}"


@pytest.mark.parametrize("text", [
    "", "module {", "module { func.func public @main() -> tensor<f32> { return } }",
    'module { func.func public @main(%a: tensor<2xf32>) -> tensor<2xf32> { %0 = stablehlo.add %a, %b : tensor<2xf32> return %0 : tensor<2xf32> } }',
    "module { func.func public @main(%a: tensor<2x?xf32>) { return } }",
    'module { func.func public @main() -> tensor<2xf32> { %0 = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<2xf32> return %0 : tensor<2xf32> } }',
])
def test_malformed_text_is_an_error_not_a_crash(driver, tmp_path, text):
    err = compile_error(driver, tmp_path, text)
    assert "INVALID_ARGUMENT" in err or "UNIMPLEMENTED" in err, f"expected a typed error, got: {err}"


def _xla_tree_sum(x: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
    """XLA CPU's float summation order (TreeReductionRewriter, window 32): while a reduced dim
    is longer than 32, reduce_window with window min(n, 32) on every reduced dim ("same"
    padding split evenly); then a sequential row-major fold. Each window folds sequentially."""
    f = x.dtype.type
    while any(x.shape[a] > 32 for a in axes):
        win = [min(n, 32) if d in axes and n > 0 else 1 for d, n in enumerate(x.shape)]
        pads = []
        for d, n in enumerate(x.shape):
            total = -(-n // win[d]) * win[d] - n
            pads.append((total // 2, total - total // 2))
        xp = np.pad(x, pads)
        out = np.zeros([n // w for n, w in zip(xp.shape, win, strict=True)], x.dtype)
        for idx in np.ndindex(*out.shape):
            acc = f(0)
            block = xp[tuple(slice(i * w, (i + 1) * w) for i, w in zip(idx, win, strict=True))]
            for v in block.reshape(-1):
                acc = f(acc + v)
            out[idx] = acc
        x = out
    kept = [d for d in range(x.ndim) if d not in axes]
    moved = np.transpose(x, kept + list(axes)).reshape([x.shape[d] for d in kept] + [-1])
    res = np.zeros(moved.shape[:-1], x.dtype)
    for idx in np.ndindex(*res.shape):
        acc = f(0)
        for v in moved[idx]:
            acc = f(acc + v)
        res[idx] = acc
    return res


@pytest.mark.parametrize("shape,axes", [((64, 48), (0, 1)), ((100,), (0,)), ((5, 70, 3), (1,)), ((33, 8), (0,)),
                                        ((3000,), (0,)), ((40, 20), (0, 1)), ((20, 40), (0, 1)), ((40, 1, 40), (0, 2)),
                                        ((3, 40, 34), (1, 2)), ((30,), (0,)), ((4095,), (0,))])
def test_float_sums_follow_xla_cpu_order_bit_for_bit(driver, tmp_path, shape, axes):
    rng = np.random.default_rng(7)
    x = (rng.standard_normal(shape) * 10.0 ** rng.uniform(-3, 3, shape)).astype(np.float32)
    t = "x".join(map(str, shape)) + "xf32"
    out_shape = [n for d, n in enumerate(shape) if d not in axes]
    rt = "x".join(map(str, out_shape)) + ("x" if out_shape else "") + "f32"
    (got,) = run(driver, tmp_path, f"""
        module @m {{
          func.func public @main(%arg0: tensor<{t}>) -> tensor<{rt}> {{
            %c = stablehlo.constant dense<0.0> : tensor<f32>
            %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = {list(axes)} : (tensor<{t}>, tensor<f32>) -> tensor<{rt}>
            return %0 : tensor<{rt}>
          }}
        }}""", x)
    want = _xla_tree_sum(x, axes)
    np.testing.assert_array_equal(got.reshape(want.shape), want)


def test_bf16_next_after_and_zero_compare_match_xla_on_denormals(driver, tmp_path):
    # Expected values measured on jaxlib 0.10.2: next_after's "x == y" is a float compare
    # (denormals equal zero under DAZ) while "x is zero" tests bits; bf16 `!= 0` against a
    # constant is a bit test (denormals are nonzero).
    x = np.array([1, 0, 0x8001, 2, 1, 0], np.uint16)
    y = np.array([0, 1, 1, 1, 0x8000, 0x8001], np.uint16)
    (got,) = run(driver, tmp_path, """
        module @m {
          func.func public @main(%a: tensor<6xbf16>, %b: tensor<6xbf16>) -> tensor<6xbf16> {
            %0 = chlo.next_after %a, %b : tensor<6xbf16>, tensor<6xbf16> -> tensor<6xbf16>
            return %0 : tensor<6xbf16>
          }
        }""", x, y)
    assert [hex(v) for v in got.view(np.uint16)] == ["0x0", "0x1", "0x1", "0x1", "0x8000", "0x8001"]
    (nz,) = run(driver, tmp_path, """
        module @m {
          func.func public @main(%a: tensor<4xbf16>) -> tensor<4xi1> {
            %c = stablehlo.constant dense<0.0> : tensor<bf16>
            %z = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<bf16>) -> tensor<4xbf16>
            %0 = stablehlo.compare NE, %a, %z, FLOAT : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xi1>
            return %0 : tensor<4xi1>
          }
        }""", np.array([1, 0x8001, 0, 0x8000], np.uint16))
    assert nz.tolist() == [True, True, False, False]
